// `navspan dump` of creation_plugin files: the plugin header, then every
// record that is a NAVM or holds NVNM (schema: examples/navspan/dump/creation.md).
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

#include <navspan/navspan.hpp>

#include "../json_writer.hpp"
#include "common.hpp"

namespace navspan::tools::creation_format {

namespace tools_detail {

// With `editor_ids`, the owning cell's and worldspace's editor ids follow
// their form ids (null when the plugin gives none).
inline void write_record(json_writer& w, const record_place& p,
                         const editor_id_map* editor_ids = nullptr) {
    const cr::record& r = p.record;
    const bool navm = r.type() == navspan::fourcc("NAVM");
    w.field("type", cr::type_name(r.type()).view());
    w.field("offset", r.offset());
    w.field("data_size", r.data_size());
    w.field("flags", r.flags_raw());
    w.key("flag_names");
    write_flag_names(w, navm ? navspan::name_table(cr::navmesh_record_flag_names) : navspan::name_table(cr::record_flag_names),
                     r.flags_raw());
    w.field("form_id", r.form_id());
    w.field("form_id_hex", hex32(r.form_id()));
    w.field("form_version", r.form_version());
    w.field("version_control", r.version_control());
    w.field("version_control2", r.version_control2());
    w.field("compressed", r.compressed());
    w.field("deleted", r.deleted());
    if (p.inflated) w.field("inflated_size", p.inflated_size);
    else w.field_null("inflated_size");
    w.field("owner_cell", p.owner_cell);
    w.field("owner_world", p.owner_world);
    if (editor_ids != nullptr) {
        for (const auto& [key, form_id] : {std::pair{"owner_cell_editor_id", p.owner_cell},
                                          std::pair{"owner_world_editor_id", p.owner_world}}) {
            const std::string_view edid = creation_names::find(*editor_ids, form_id);
            if (edid.empty()) w.field_null(key);
            else w.field(key, edid);
        }
    }
}

// A navmesh's triangles, numbered by the file and globally (the ids of `navspan path`).
inline void write_triangles(json_writer& w, const mesh_visit& v) {
    const nv::navmesh& m = v.mesh;
    w.key("triangles");
    w.begin_array();
    std::uint64_t global = v.first_triangle;
    std::uint64_t local = 0;
    for (const nv::triangle t : m.triangles()) {
        w.begin_object();
        w.field("index", local++);  // the file's own id: what edge and door links name
        w.field("global", global++);
        w.key("vertices");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.vertex(k));
        w.end_array();
        w.key("edges");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.edge(k));
        w.end_array();
        w.key("neighbours");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.neighbour(k));
        w.end_array();
        w.key("edge_links");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.edge_link(k));
        w.end_array();
        w.field("flags", t.flags_raw());
        w.key("flag_names");
        write_flag_names(w, nv::triangle_flag_names, t.flags_raw());
        const nv::cover_flags c = t.cover();
        w.field("cover_flags", c.raw());
        w.key("cover_flag_names");
        write_flag_names(w, nv::cover_flag_names, c.raw());
        w.field("cover_edge01", c.edge01_value());
        w.field("cover_edge12", c.edge12_value());
        w.field("height", t.height());
        w.field("unknown", t.unknown());
        w.end_object();
    }
    w.end_array();
}

// The cover and waypoint lists of a navmesh.
inline void write_cover_lists(json_writer& w, const nv::navmesh& m) {
    const nv::layout& l = m.layout();
    // The lists a version lacks are null, so every key is always present.
    w.key("cover_triangles");
    if (l.has_cover_triangles) {
        w.begin_array();
        for (const std::uint16_t t : m.cover_triangles()) w.value(t);
        w.end_array();
    } else {
        w.null();
    }
    w.key("covers");
    if (l.cover_size != 0) {
        w.begin_array();
        for (const nv::cover c : m.covers()) {
            w.begin_object();
            w.key("vertices");
            w.begin_array();
            w.value(c.vertex(0));
            w.value(c.vertex(1));
            w.end_array();
            w.field("data", hex_string(c.data()));
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.key("cover_mappings");
    if (l.has_waypoints) {
        w.begin_array();
        for (const nv::cover_mapping c : m.cover_mappings()) {
            w.begin_object();
            w.field("key", c.key());
            w.field("triangle", c.triangle());
            w.field("edge", c.edge());
            w.field("cover", c.cover());
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.key("waypoints");
    if (l.has_waypoints) {
        w.begin_array();
        for (const nv::waypoint p : m.waypoints()) {
            w.begin_object();
            w.key("position");
            write_vec3(w, p.position());
            if (p.triangle() == nv::none) w.field_null("triangle");
            else w.field("triangle", p.triangle());
            w.field("flags", p.flags_raw());
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
}

// The search grid of a navmesh: its bounds and the triangles of each cell.
inline void write_grid(json_writer& w, const nv::navmesh& m) {
    const nv::search_grid g = m.grid();
    w.key("grid");
    w.begin_object();
    w.field("divisor", g.divisor());
    w.field("cell_size_x", g.cell_size_x());
    w.field("cell_size_y", g.cell_size_y());
    w.key("min");
    write_vec3(w, g.bounds().min);
    w.key("max");
    write_vec3(w, g.bounds().max);
    w.key("cells");
    w.begin_array();
    for (const nv::cell_triangles cell : g.cells()) {
        w.begin_array();
        for (const std::uint16_t t : cell) w.value(t);
        w.end_array();
    }
    w.end_array();
    w.end_object();
}

inline void write_nvnm(json_writer& w, const mesh_visit& v) {
    const nv::navmesh& m = v.mesh;
    const nv::layout& l = m.layout();
    w.begin_object();
    w.field("index", static_cast<std::uint64_t>(v.index));
    // The file's own name of this navmesh: its record's form id (what other
    // navmeshes' edge links name).
    w.field("form_id", v.place->record.form_id());
    w.field("form_id_hex", hex32(v.place->record.form_id()));
    w.field("offset", v.offset);
    w.field("offset_in", v.place->inflated ? "inflated record" : "file");
    w.field("size", static_cast<std::uint64_t>(m.bytes().size()));
    w.field("first_triangle", v.first_triangle);
    w.field("version", m.version());
    w.key("layout");
    w.begin_object();
    w.field("vertex_size", l.vertex_size);
    w.field("triangle_size", l.triangle_size);
    w.field("edge_link_size", l.edge_link_size);
    w.field("cover_size", l.cover_size);
    w.field("cover_triangles", l.has_cover_triangles);
    w.field("waypoints", l.has_waypoints);
    w.field("trailer", l.has_trailer);
    w.end_object();
    w.field("pathing_cell_crc", m.pathing_cell_crc());
    w.field("parent_world", m.parent_world());
    w.field("exterior", m.is_exterior());
    if (m.is_exterior()) {
        w.field("grid_x", m.grid_x());
        w.field("grid_y", m.grid_y());
        w.field_null("parent_cell");
    } else {
        w.field_null("grid_x");
        w.field_null("grid_y");
        w.field("parent_cell", m.parent_cell());
    }
    w.field("parent_raw", m.parent_raw());

    w.key("vertices");
    w.begin_array();
    for (const nv::vertex vx : m.vertices()) {
        w.begin_object();
        w.key("position");
        write_vec3(w, vx.position());
        w.field("extra", vx.extra());
        w.end_object();
    }
    w.end_array();

    write_triangles(w, v);

    w.key("edge_links");
    w.begin_array();
    for (const nv::edge_link e : m.edge_links()) {
        w.begin_object();
        w.field("type", e.type());
        w.field("type_name", e.type_name());
        w.field("navmesh", e.navmesh());
        w.field("triangle", e.triangle());
        w.field("edge_index", e.edge_index());
        w.end_object();
    }
    w.end_array();

    w.key("door_links");
    w.begin_array();
    for (const nv::door_link d : m.door_links()) {
        w.begin_object();
        w.field("triangle", d.triangle());
        w.field("crc", d.crc());
        w.field("door", d.door());
        w.end_object();
    }
    w.end_array();

    write_cover_lists(w, m);

    write_grid(w, m);
    w.field("trailer", m.trailer());
    w.end_object();
}

}  // namespace tools_detail

// ---------------------------------------------------------------- dump

// The plugin header, then every record that is a NAVM or holds NVNM, in file
// order, with every field of its navmeshes (schema: examples/navspan/dump/creation.md).
inline navspan::error dump(const navspan::creation::plugin_file& reader, json_writer& w) {
    using namespace tools_detail;
    const navspan::bytes_view bytes = reader.bytes();
    const navspan::creation::plugin_file* const plugin = &reader;
    cr::inflate_buffer scratch;
    // Verify everything first: a bad file fails before anything is written.
    // The same walk gathers the owning cells and worldspaces, whose editor
    // ids (one more walk over CELL and WRLD records) follow their form ids.
    std::vector<std::uint32_t> owners;
    NAVSPAN_TRY(walk_navmeshes(
        *plugin, scratch,
        [&](const record_place& p) {
            if (p.owner_cell != 0) owners.push_back(p.owner_cell);
            if (p.owner_world != 0) owners.push_back(p.owner_world);
        },
        [](const mesh_visit&) {}, [](const record_place&) {}));
    editor_id_map editor_ids;
    NAVSPAN_TRY(creation_names::editor_ids(*plugin, scratch, std::move(owners), editor_ids));

    const cr::record& h = plugin->header();
    w.begin_object();
    w.field("format", "creation_plugin");
    w.field("bytes", static_cast<std::uint64_t>(bytes.size()));
    w.key("header");
    w.begin_object();
    w.field("type", cr::type_name(h.type()).view());
    w.field("offset", h.offset());
    w.field("data_size", h.data_size());
    w.field("flags", h.flags_raw());
    w.key("flag_names");
    write_flag_names(w, cr::plugin_flag_names, h.flags_raw());
    w.field("form_id", h.form_id());
    w.field("form_version", h.form_version());
    w.field("version_control", h.version_control());
    w.field("version_control2", h.version_control2());
    w.field("version", plugin->hedr_version());
    w.field("record_count", plugin->record_count());
    w.field("next_object_id", plugin->next_object_id());
    w.field("game", cr::to_string(plugin->game()));
    w.field("author", plugin->author());
    w.field("description", plugin->description());
    w.key("masters");
    w.begin_array();
    for (std::size_t i = 0; i < plugin->master_count(); ++i) w.value(plugin->master(i));
    w.end_array();
    w.key("subrecords");
    w.begin_array();
    for (const cr::subrecord& s : plugin->header_subrecords()) {
        w.begin_object();
        w.field("type", cr::type_name(s.type()).view());
        w.field("offset", s.offset());
        w.field("size", static_cast<std::uint64_t>(s.size()));
        w.end_object();
    }
    w.end_array();
    w.end_object();

    std::uint64_t records = 0, navmeshes = 0, triangles = 0;
    w.key("records");
    w.begin_array();
    const navspan::error e = walk_navmeshes(
        *plugin, scratch,
        [&](const record_place& p) {
            ++records;
            w.begin_object();
            write_record(w, p, &editor_ids);
            w.key("navmeshes");
            w.begin_array();
        },
        [&](const mesh_visit& v) {
            ++navmeshes;
            triangles += v.mesh.triangles().size();
            write_nvnm(w, v);
        },
        [&](const record_place&) {
            w.end_array();
            w.end_object();
        });
    if (!e.ok()) return e;  // cannot happen: the same walk succeeded above
    w.end_array();
    w.key("summary");
    w.begin_object();
    w.field("records", records);
    w.field("navmeshes", navmeshes);
    w.field("triangles", triangles);
    w.end_object();
    w.end_object();
    return {};
}

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
