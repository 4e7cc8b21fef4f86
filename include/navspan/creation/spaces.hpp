// navspan/creation/spaces.hpp - the coordinate spaces of a Bethesda plugin.
//
// A plugin holds many navmeshes in separate coordinate spaces: the cells of
// one worldspace share its coordinates, while each interior cell (and each
// base object that carries a navmesh) has its own. Which navmesh belongs to
// which space is a fact of the plugin, so it is listed here, beside the
// plugin reader: navspan::open() names a plugin's spaces from this list,
// and nav::make_walkable builds the walkable of one of them.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/sorted_ids.hpp"
#include "navmeshes.hpp"
#include "plugin.hpp"

namespace navspan::creation {

// One coordinate space of a plugin, or one navmesh.
enum class space_kind : std::uint8_t { world, cell, object, navmesh };

struct plugin_space {
    space_kind kind = space_kind::world;
    std::uint32_t form_id = 0;  // the WRLD, CELL, base object or navmesh record
    std::uint32_t navmeshes = 0;   // filled by plugin_spaces()
    std::uint64_t triangles = 0;   // filled by plugin_spaces()
    friend constexpr bool operator==(const plugin_space& a, const plugin_space& b) noexcept {
        return a.kind == b.kind && a.form_id == b.form_id;
    }
};

constexpr std::string_view to_string(space_kind k) noexcept {
    switch (k) {
        case space_kind::world: return "worldspace";
        case space_kind::cell: return "interior cell";
        case space_kind::object: return "object";
        case space_kind::navmesh: return "navmesh";
    }
    return "space";
}

// The space a navmesh belongs to.
inline plugin_space space_of(const navmesh_entry& n) noexcept {
    if (n.navmesh.is_exterior()) return {space_kind::world, n.navmesh.parent_world()};
    if (n.navmesh.parent_cell() != 0) return {space_kind::cell, n.navmesh.parent_cell()};
    return {space_kind::object, n.record.form_id()};
}

namespace detail {

inline std::uint64_t space_key(const plugin_space& s) noexcept {
    return static_cast<std::uint64_t>(s.kind) << 32 | s.form_id;
}

// Spaces seen in file order, de-duplicated through an ordered map (a linear
// search per navmesh made a plugin of 4,000 cells quadratic).
class space_table {
public:
    // The number of `s` in file order, adding it when new.
    std::size_t find_or_add(const plugin_space& s) {
        const auto [it, added] = numbers_.try_emplace(space_key(s), spaces.size());
        if (added) spaces.push_back(s);
        return it->second;
    }
    std::vector<plugin_space> spaces;

private:
    std::map<std::uint64_t, std::size_t> numbers_;
};

}  // namespace detail

// Every space of the plugin that holds a navmesh, in file order.
inline error plugin_spaces(const plugin_file& plugin, inflate_buffer& scratch,
                           std::vector<plugin_space>& out) {
    detail::space_table table;
    for (const plugin_space& s : out) table.find_or_add(s);  // spaces already listed are counted on
    const error e = for_each_navmesh(plugin, scratch, [&](const creation::navmesh_entry& n) {
        plugin_space& s = table.spaces[table.find_or_add(space_of(n))];
        ++s.navmeshes;
        s.triangles += n.navmesh.triangles().size();
    });
    out = std::move(table.spaces);
    return e;
}

// The editor ids (EDID) of the spaces' records, into `names` (one per
// space, same order): a name is replaced only where the record has a
// non-empty EDID, so cells of a master and overrides without one keep what
// the caller put there. One pass over the CELL and WRLD groups, each record
// found in a sorted table of the spaces' form ids: O((r + s) log s).
inline error space_editor_ids(const plugin_file& plugin, inflate_buffer& scratch, std::span<const plugin_space> spaces,
                              std::vector<std::string>& names) {
    std::vector<id_position> order(spaces.size());
    const sorted_ids by_form = sorted_ids::build(order, [&](std::size_t i) { return spaces[i].form_id; });
    for (const std::uint32_t type : {fourcc("CELL"), fourcc("WRLD")}) {
        scratch.begin_pass();
        record_walker walker = plugin.walk(type);
        record r;
        while (walker.next_record(r)) {
            const id_position* e = r.deleted() ? nullptr : by_form.first(r.form_id());
            if (e == nullptr || e->position >= names.size()) continue;
            auto payload = read_payload(r, scratch, plugin.limits());
            if (!payload) return payload.error();
            for (const subrecord& s : payload->subrecords()) {
                if (s.type() != fourcc("EDID")) continue;
                std::string text;
                for (const std::byte b : s.data()) {
                    if (b == std::byte{0}) break;
                    text.push_back(static_cast<char>(b));
                }
                if (!text.empty()) names[e->position] = std::move(text);
                break;
            }
        }
        if (!walker.error().ok()) return walker.error();
    }
    return {};
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
