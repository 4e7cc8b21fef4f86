// What the dump, validate and picture of creation_plugin files share: the
// walk over every NVNM of a plugin and how a navmesh is named. Every
// function verifies the plugin the way `navspan info` does: every group and
// record header, every record inflated, every NVNM opened. A plugin holds
// one navmesh per cell (or base object), so each function walks all of them
// and numbers them in file order: "navmesh #3" is the fourth NVNM of the
// file, and its triangles get global numbers that continue from the previous
// navmesh's (the ids of `navspan path`). Dump schema: examples/navspan/dump/creation.md.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../json_values.hpp"
#include "../json_writer.hpp"
#include "names.hpp"

namespace navspan::tools::creation_format {

namespace tools_detail {

namespace cr = navspan::creation;
namespace nv = navspan::creation::nvnm;

// A record that is a NAVM or holds NVNM subrecords, with its place in the
// group tree (see navmesh_entry in navmeshes.hpp).
struct record_place {
    cr::record record;
    std::uint32_t owner_cell = 0;
    std::uint32_t owner_world = 0;
    bool inflated = false;
    std::uint32_t inflated_size = 0;  // when inflated
};

// One verified NVNM, numbered in file order. The view points into the file
// or into the walk's scratch buffer: valid during the visit only.
struct mesh_visit {
    std::size_t index = 0;             // navmesh number in the file
    std::uint64_t first_triangle = 0;  // global number of its triangle 0
    const record_place* place = nullptr;
    std::uint64_t offset = 0;  // of the NVNM data; inside the inflated bytes when place->inflated
    nv::navmesh mesh;
};

// Whether the record holds an NVNM. Every subrecord is walked, as `info`
// walks them: a chain cut short (a record whose inflated bytes end 4 bytes
// early) is the same error in info, dump, validate, svg, obj and path.
inline navspan::result<bool> holds_nvnm(const cr::record& r, const cr::record_payload& payload) {
    cr::subrecord_cursor subs = payload.subrecords();
    bool found = false;
    for (const cr::subrecord& s : subs) {
        if (s.type() == navspan::fourcc("NVNM") && s.size() != 0) found = true;
    }
    if (!subs.error().ok()) return cr::in_record(subs.error(), r, payload.inflated);
    return found;
}

// Walks every record of the plugin in file order. For each NAVM (deleted
// ones included) and each other record holding an NVNM: begin(place), then
// mesh(visit) for each of its NVNM, then end(place). Deleted records are not
// read. Stops at the first error (the same errors `navspan info` reports).
template <class Begin, class Mesh, class End>
navspan::error walk_navmeshes(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, Begin&& begin, Mesh&& mesh,
                              End&& end) {
    scratch.begin_pass();
    cr::record_walker walker = plugin.walk();
    cr::record r;
    std::size_t next_index = 0;
    std::uint64_t next_triangle = 0;
    while (walker.next_record(r)) {
        const bool is_navm = r.type() == navspan::fourcc("NAVM");
        if (r.deleted() && !is_navm) continue;
        record_place place;
        place.record = r;
        for (std::size_t level = walker.depth(); level-- > 0;) {
            const cr::group& g = walker.enclosing(level);
            const std::int32_t t = g.type();
            if (place.owner_cell == 0 &&
                (t == cr::group_type::cell_children || t == cr::group_type::cell_persistent_children ||
                 t == cr::group_type::cell_temporary_children)) {
                place.owner_cell = g.label_form_id();
            }
            if (place.owner_world == 0 && t == cr::group_type::world_children) place.owner_world = g.label_form_id();
        }
        if (r.deleted()) {
            begin(std::as_const(place));
            end(std::as_const(place));
            continue;
        }
        auto payload = cr::read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        const auto has_nvnm = holds_nvnm(r, *payload);
        if (!has_nvnm) return has_nvnm.error();
        if (!is_navm && !*has_nvnm) continue;
        place.inflated = payload->inflated;
        place.inflated_size = payload->inflated ? static_cast<std::uint32_t>(payload->bytes.size()) : 0;
        begin(std::as_const(place));
        NAVSPAN_TRY(cr::for_each_nvnm(r, *payload, plugin.limits(), [&](const nv::navmesh& m, std::uint64_t offset) {
            mesh_visit v;
            v.index = next_index++;
            v.first_triangle = next_triangle;
            v.place = &place;
            v.offset = offset;
            v.mesh = m;
            next_triangle += m.triangles().size();
            mesh(std::as_const(v));
        }));
        end(std::as_const(place));
    }
    return walker.error();
}

template <class Mesh>
navspan::error walk_meshes(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, Mesh&& mesh) {
    auto nothing = [](const record_place&) {};
    return walk_navmeshes(plugin, scratch, nothing, mesh, nothing);
}

inline std::string hex32(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08X", static_cast<unsigned>(v));
    return buf;
}

// "navmesh #2 (NAVM 01000D63 in cell 01000D62)"; for an exterior navmesh
// "... in world 0100AB00 cell (3, -2)"; with ", inflated record at file
// offset N" when the record is compressed (finding offsets then count in
// its inflated bytes, as the reader's errors do).
// With `editor_ids`, the world's or cell's editor id follows its form id
// ("in cell 01000D62 HearthfiresHouse").
using editor_id_map = std::unordered_map<std::uint32_t, std::string>;
inline std::string mesh_name(const mesh_visit& v, const editor_id_map* editor_ids = nullptr) {
    std::string s = "navmesh #" + std::to_string(v.index) + " (" +
                    std::string(cr::type_name(v.place->record.type()).view()) + " " + hex32(v.place->record.form_id());
    auto named = [&](std::uint32_t form_id) {
        std::string t = hex32(form_id);
        const std::string_view edid = editor_ids != nullptr ? creation_names::find(*editor_ids, form_id) : std::string_view{};
        if (!edid.empty()) t += " " + std::string(edid);
        return t;
    };
    if (v.mesh.is_exterior()) {
        s += " in world " + named(v.mesh.parent_world()) + " cell (" + std::to_string(v.mesh.grid_x()) + ", " +
             std::to_string(v.mesh.grid_y()) + ")";
    } else if (v.place->owner_cell != 0) {
        s += " in cell " + named(v.place->owner_cell);
    }
    if (v.place->inflated) s += ", inflated record at file offset " + std::to_string(v.place->record.offset());
    return s + ")";
}

inline navspan::vec3 centroid(const nv::navmesh& m, const nv::triangle& t) {
    const auto vs = m.vertices();
    const navspan::vec3 a = vs[t.vertex(0)].position(), b = vs[t.vertex(1)].position(), c = vs[t.vertex(2)].position();
    return {(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3, (a.z + b.z + c.z) / 3};
}

inline navspan::vec3 midpoint(const navspan::vec3& a, const navspan::vec3& b) {
    return {(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
}

// The flag that decides a triangle's colour in pictures, most telling
// first; nullptr for a plain walkable triangle (coloured by its navmesh).
inline const char* flag_category(std::uint16_t flags) {
    namespace f = nv::triangle_flag;
    if (flags & f::deleted) return "deleted";
    if (flags & f::door) return "door";
    if (flags & f::water) return "water";
    if (flags & f::preferred) return "preferred";
    if (flags & f::no_large_creatures) return "no large creatures";
    if (flags & f::overlapping) return "overlapping";
    return nullptr;
}
// Those categories in a fixed order, so each flag keeps its colour from
// file to file (only those present are registered, in this order).
inline constexpr const char* flag_categories[] = {"door", "water", "preferred", "no large creatures", "overlapping",
                                                  "deleted"};
// Strong colours for the flags, soft ones for the navmeshes' plain
// triangles, so a flagged triangle stands out whatever navmesh it is in.
inline constexpr const char* flag_colours[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#222222"};
inline constexpr const char* navmesh_colours[] = {"#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#c49c94", "#f7b6d2",
                                                  "#dbdb8d", "#9edae5", "#c7c7c7", "#e0c9a6", "#b5cf6b", "#fdd0a2"};

// The legend name of a navmesh's plain triangles.
inline std::string navmesh_category(const mesh_visit& v) {
    std::string s = "navmesh #" + std::to_string(v.index) + " " + hex32(v.place->record.form_id());
    if (v.mesh.is_exterior()) s += " (" + std::to_string(v.mesh.grid_x()) + "," + std::to_string(v.mesh.grid_y()) + ")";
    return s;
}

inline void write_flag_names(json_writer& w, navspan::name_table table, std::uint64_t raw) {
    json_values::write_flag_names(w, table, raw);
}

using json_values::write_vec3;  // (the one form every format writes)

using json_values::hex_string;

}  // namespace tools_detail

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
