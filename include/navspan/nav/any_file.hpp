// navspan/nav/any_file.hpp - the walkable view of a file of any format.
//
// Builds the walkable of one space of a file opened with navspan::open()
// (any_file.hpp: the format detected once, Quake with trailing bytes allowed
// and indices checked when followed). Every format lists its spaces the same
// way: one for the whole file, one per Source 2 hull, one per plugin
// worldspace or interior cell.
#pragma once
#include "../core/min_max_push.hpp"

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../any_file.hpp"
#include "../detect.hpp"
#include "creation_adapter.hpp"
#include "fox_adapter.hpp"
#include "quake_adapter.hpp"
#include "source_adapter.hpp"
#include "source2_adapter.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The walkable of one space of an opened file: the hull of a Source 2
// space, the worldspace or cell of a plugin space, else the whole file.
// `s` is one of `file.spaces()`.
inline result<walkable> make_walkable(const any_file& file, const space& s) {
    if (const auto* f = file.source()) return make_walkable(*f);
    if (const auto* f = file.source2()) {
        // Areas store their hull in a u8: a hull above 255 has no areas.
        if (s.id > UINT8_MAX) return walkable_builder(id_scheme::source_area, axis::z).finish();
        source2_walkable_options opts;
        opts.hull = static_cast<std::uint8_t>(s.id);
        return make_walkable(*f, opts);
    }
    if (const auto* f = file.quake()) return make_walkable(*f);
    if (const auto* f = file.fox()) return make_walkable(*f);
    if (const auto* f = file.plugin()) {
        plugin_space chosen;
        chosen.kind = s.kind == navspan::space_kind::worldspace      ? space_kind::world
                      : s.kind == navspan::space_kind::interior_cell ? space_kind::cell
                                                                     : space_kind::object;
        chosen.form_id = s.id;
        creation::inflate_buffer scratch;
        return make_walkable(*f, chosen, scratch);
    }
    return unknown_format_error(file.bytes());
}

// The walkable of `bytes` opened with navspan::open(): the plugin space
// `space` when given, else the file's first space (an empty walkable for a
// plugin with no navmesh; hull 0 for a Source 2 file that declares none).
inline result<walkable> make_walkable(bytes_view bytes, const plugin_space* space = nullptr) {
    auto file = navspan::open(bytes);
    if (!file) return file.error();
    if (const auto* plugin = file->plugin(); plugin != nullptr && space != nullptr) {
        creation::inflate_buffer scratch;
        return make_walkable(*plugin, *space, scratch);
    }
    if (!file->spaces().empty()) return make_walkable(*file, file->spaces().front());
    if (const auto* f = file->source2()) return make_walkable(*f);
    return walkable_builder(id_scheme::plugin_navmesh_triangle, axis::z).finish();
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
