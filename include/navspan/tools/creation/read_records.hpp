// An opened creation_plugin file as the plain records of records.hpp (what
// the dump describes with fields.hpp). Records are read one at a time
// (read_record, read_navmesh), so the dump holds one record's navmeshes.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "../../navspan.hpp"

#include "common.hpp"
#include "names.hpp"
#include "records.hpp"

namespace navspan::tools::creation_fields {

using creation_format::tools_detail::editor_id_map;
using creation_format::tools_detail::mesh_visit;
using creation_format::tools_detail::record_place;

inline record_header read_record_header(const cr::record& r) {
    record_header h;
    h.type = std::string(cr::type_name(r.type()).view());
    h.offset = r.offset();
    h.data_size = r.data_size();
    h.flags = r.flags_raw();
    h.form_id = r.form_id();
    h.form_version = r.form_version();
    h.version_control = r.version_control();
    h.version_control2 = r.version_control2();
    return h;
}

inline header_record read_header(const cr::plugin_file& plugin) {
    header_record h;
    h.record = read_record_header(plugin.header());
    h.version = plugin.hedr_version();
    h.record_count = plugin.record_count();
    h.next_object_id = plugin.next_object_id();
    h.game = std::string(cr::to_string(plugin.game()));
    h.author = std::string(plugin.author());
    h.description = std::string(plugin.description());
    for (std::size_t i = 0; i < plugin.master_count(); ++i) h.masters.emplace_back(plugin.master(i));
    for (const cr::subrecord& s : plugin.header_subrecords()) {
        h.subrecords.push_back({std::string(cr::type_name(s.type()).view()), s.offset(), static_cast<std::uint64_t>(s.size())});
    }
    return h;
}

// A record's header and owners; its navmeshes are added one by one.
inline plugin_record read_record(const record_place& p, const editor_id_map& editor_ids) {
    const cr::record& r = p.record;
    plugin_record x;
    x.record = read_record_header(r);
    x.navm = r.type() == navspan::fourcc("NAVM");
    x.compressed = r.compressed();
    x.deleted = r.deleted();
    if (p.inflated) x.inflated_size = p.inflated_size;
    x.owner_cell = p.owner_cell;
    x.owner_world = p.owner_world;
    auto editor_id = [&](std::uint32_t form_id) -> std::optional<std::string> {
        const std::string_view edid = creation_names::find(editor_ids, form_id);
        if (edid.empty()) return std::nullopt;
        return std::string(edid);
    };
    x.owner_cell_editor_id = editor_id(p.owner_cell);
    x.owner_world_editor_id = editor_id(p.owner_world);
    return x;
}

inline triangle_record read_triangle(const nv::triangle& t) {
    triangle_record x;
    for (unsigned k = 0; k < 3; ++k) {
        x.vertices[k] = t.vertex(k);
        x.edges[k] = t.edge(k);
        x.neighbours[k] = t.neighbour(k);
        x.edge_links[k] = t.edge_link(k);
    }
    x.flags = t.flags_raw();
    const nv::cover_flags c = t.cover();
    x.cover_flags = c.raw();
    x.cover_edge01 = c.edge01_value();
    x.cover_edge12 = c.edge12_value();
    x.height = t.height();
    x.unknown = t.unknown();
    return x;
}

// The lists a version lacks stay empty (the fields write null for them).
inline void read_cover_lists(const nv::navmesh& m, navmesh_record& x) {
    for (const std::uint16_t t : m.cover_triangles()) x.cover_triangles.push_back(t);
    if (m.layout().cover_size != 0) {
        for (const nv::cover c : m.covers()) {
            x.covers.push_back({{c.vertex(0), c.vertex(1)}, std::vector<std::byte>(c.data().begin(), c.data().end())});
        }
    }
    if (!m.layout().has_waypoints) return;
    for (const nv::cover_mapping c : m.cover_mappings()) x.cover_mappings.push_back({c.key(), c.triangle(), c.cover(), c.edge()});
    for (const nv::waypoint p : m.waypoints()) {
        waypoint_record& w = x.waypoints.emplace_back();
        w.position = p.position();
        if (p.triangle() != nv::none) w.triangle = p.triangle();
        w.flags = p.flags_raw();
    }
}

inline grid_record read_grid(const nv::navmesh& m) {
    const nv::search_grid g = m.grid();
    grid_record x{g.divisor(), g.cell_size_x(), g.cell_size_y(), g.bounds().min, g.bounds().max, {}};
    for (const nv::cell_triangles cell : g.cells()) {
        std::vector<std::uint16_t>& c = x.cells.emplace_back();
        for (const std::uint16_t t : cell) c.push_back(t);
    }
    return x;
}

inline navmesh_record read_navmesh(const mesh_visit& v) {
    const nv::navmesh& m = v.mesh;
    navmesh_record x;
    x.index = v.index;
    x.form_id = v.place->record.form_id();
    x.offset = v.offset;
    x.inflated = v.place->inflated;
    x.size = m.bytes().size();
    x.first_triangle = v.first_triangle;
    x.version = m.version();
    x.layout = m.layout();
    x.pathing_cell_crc = m.pathing_cell_crc();
    x.parent_world = m.parent_world();
    if (m.is_exterior()) {
        x.grid_x = m.grid_x();
        x.grid_y = m.grid_y();
    } else {
        x.parent_cell = m.parent_cell();
    }
    x.parent_raw = m.parent_raw();
    for (const nv::vertex vx : m.vertices()) x.vertices.push_back({vx.position(), vx.extra()});
    std::uint64_t local = 0;
    for (const nv::triangle t : m.triangles()) {
        triangle_record& r = x.triangles.emplace_back(read_triangle(t));
        r.index = local++;
        r.global = v.first_triangle + r.index;
    }
    for (const nv::edge_link e : m.edge_links()) {
        x.edge_links.push_back({e.type(), e.navmesh(), std::string(e.type_name()), e.triangle(), e.edge_index()});
    }
    for (const nv::door_link d : m.door_links()) x.door_links.push_back({d.triangle(), d.crc(), d.door()});
    read_cover_lists(m, x);
    x.grid = read_grid(m);
    x.trailer = m.trailer();
    return x;
}

}  // namespace navspan::tools::creation_fields

#include "../../core/min_max_pop.hpp"
