// navspan/nav/any_file.hpp - the walkable view of a file of any format.
//
// Detects the format, opens the file with the reader's default checks
// (Quake: structure verified, trailing bytes allowed, indices checked when
// followed, as the adapter does) and builds its walkable. A plugin has one
// walkable per space: `space` picks it, and without one the first space
// of the file is taken.
#pragma once
#include "../core/min_max_push.hpp"

#include <vector>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../detect.hpp"
#include "creation_adapter.hpp"
#include "fox_adapter.hpp"
#include "quake_adapter.hpp"
#include "source_adapter.hpp"
#include "source2_adapter.hpp"
#include "walkable.hpp"

namespace navspan::nav {

inline result<walkable> make_walkable(bytes_view bytes, const plugin_space* space = nullptr) {
    switch (detect(bytes)) {
        case format::source_nav: {
            auto f = source::nav_file::open(bytes);
            if (!f) return f.error();
            return make_walkable(*f);
        }
        case format::source2_nav: {  // the first hull's mesh
            auto f = source2::nav_file::open(bytes);
            if (!f) return f.error();
            return make_walkable(*f);
        }
        case format::quake_nav: {
            quake::options opts;
            opts.trusted = true;
            opts.allow_trailing_bytes = true;
            auto f = quake::nav_file::open(bytes, opts);
            if (!f) return f.error();
            return make_walkable(*f);
        }
        case format::fox_nav2: {
            auto f = fox::nav2_file::open(bytes);
            if (!f) return f.error();
            return make_walkable(*f);
        }
        case format::creation_plugin: {
            auto f = creation::plugin_file::open(bytes);
            if (!f) return f.error();
            creation::inflate_buffer scratch;
            plugin_space chosen;
            if (space != nullptr) {
                chosen = *space;
            } else {
                std::vector<plugin_space> spaces;
                if (error e = plugin_spaces(*f, scratch, spaces); !e.ok()) return e;
                if (spaces.empty()) return walkable_builder(id_scheme::plugin_navmesh_triangle, axis::z).finish();
                chosen = spaces.front();
            }
            return make_walkable(*f, chosen, scratch);
        }
        default: break;
    }
    return detail::fail(error_code::bad_magic, 0, "file of no format navspan::nav reads");
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
