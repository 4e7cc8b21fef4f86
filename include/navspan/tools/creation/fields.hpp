// The fields of every creation_plugin record, described once (../fields.hpp)
// over the plain records of records.hpp: `navspan dump --json` writes them
// and the schema tables of examples/navspan/dump/creation.md list them.
// Names, hex ids, global numbers and offsets are derived: computed for
// people, never read back.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../../navspan.hpp"

#include "../fields.hpp"
#include "../json_values.hpp"
#include "../json_writer.hpp"
#include "common.hpp"
#include "records.hpp"

namespace navspan::tools::creation_fields {

using fields::schema_visitor;

template <class V>
void derived_value(V& v, std::string_view key, std::string_view note, const auto& value) {
    v.derived(key, note, [&value](json_writer& w) { w.value(value); });
}

template <class V>
void flag_names(V& v, std::string_view key, std::string_view note, navspan::name_table table, std::uint64_t raw) {
    v.derived(key, note, [table, raw](json_writer& w) { json_values::write_flag_names(w, table, raw); });
}

template <class V>
void form_id_hex(V& v, std::uint32_t form_id) {
    v.derived("form_id_hex", "the form id as 8 hex digits (as xEdit shows it)",
              [form_id](json_writer& w) { w.value(creation_format::tools_detail::hex32(form_id)); });
}

// The 24-byte record header; `with_hex` adds form_id_hex (not the TES4's).
template <class V>
void record_header_fields(V& v, record_header& h, navspan::name_table flag_table, bool with_hex) {
    v.stored("type", h.type, true, "record signature");
    v.stored("offset", h.offset, true, "file offset of the 24-byte header");
    v.stored("data_size", h.data_size, true, "");
    v.stored("flags", h.flags, true, "raw u32");
    flag_names(v, "flag_names", "names of the set bits", flag_table, h.flags);
    v.stored("form_id", h.form_id, true, "");
    if (with_hex) form_id_hex(v, h.form_id);
    v.stored("form_version", h.form_version, true, "");
    v.stored("version_control", h.version_control, true, "");
    v.stored("version_control2", h.version_control2, true, "");
}

template <class V>
void header_fields(V& v, header_record& h) {
    record_header_fields(v, h.record, cr::plugin_flag_names, false);
    v.stored("version", h.version, true, "HEDR: 1.7 Skyrim, 0.95/1.0 Fallout 4, 0.96 Starfield");
    v.stored("record_count", h.record_count, true, "HEDR");
    v.stored("next_object_id", h.next_object_id, true, "HEDR");
    derived_value(v, "game", "`skyrim`, `fallout4`, `starfield` or `unknown` (spec §2.7)", h.game);
    v.stored("author", h.author, true, "CNAM");
    v.stored("description", h.description, true, "SNAM");
    v.stored("masters", h.masters, true, "MAST, in order");
    v.records("subrecords", h.subrecords, true, "the TES4 subrecords", [](V& r, subrecord_record& s, std::size_t) {
        r.stored("type", s.type, true, "");
        r.stored("offset", s.offset, true, "file offset");
        r.stored("size", s.size, true, "");
    });
}

template <class V>
void triangle_fields(V& v, triangle_record& t, std::size_t) {
    v.derived("index", "the triangle's number in its navmesh (the file's own id)", [&t](json_writer& w) { w.value(t.index); });
    derived_value(v, "global", "global triangle number (the command's numbering across navmeshes)", t.global);
    v.stored("vertices", t.vertices, true, "vertex indices");
    v.stored("edges", t.edges, true, "raw edge values: edge k runs vertex k to vertex k+1");
    v.derived("neighbours", "the triangle across each edge; null for none or a linked edge",
              [&t](json_writer& w) { json_values::write_values(w, t.neighbours); });
    v.derived("edge_links", "index into `edge_links` for an edge whose link flag is set, else null",
              [&t](json_writer& w) { json_values::write_values(w, t.edge_links); });
    v.stored("flags", t.flags, true, "raw u16");
    flag_names(v, "flag_names", "names of the set bits", nv::triangle_flag_names, t.flags);
    v.stored("cover_flags", t.cover_flags, true, "raw u16");
    flag_names(v, "cover_flag_names", "names of the set bits", nv::cover_flag_names, t.cover_flags);
    derived_value(v, "cover_edge01", "bits 0-3 of cover_flags", t.cover_edge01);
    derived_value(v, "cover_edge12", "bits 6-9 of cover_flags", t.cover_edge12);
    v.stored("height", t.height, true, "v15+; null in v12");
    v.stored("unknown", t.unknown, true, "v15+: the byte before the flags; null in v12");
}

template <class V>
void link_fields(V& v, navmesh_record& m) {
    v.records("edge_links", m.edge_links, true, "", [](V& r, edge_link_record& e, std::size_t) {
        r.stored("type", e.type, true, "");
        derived_value(r, "type_name", "`Portal`, `Ledge Up`, `Ledge Down`, `Enable/Disable Portal`", e.type_name);
        r.stored("navmesh", e.navmesh, true, "the other navmesh's form id");
        r.stored("triangle", e.triangle, true, "its triangle (in the other navmesh)");
        r.stored("edge_index", e.edge_index, true, "v15+; null in v12");
    });
    v.records("door_links", m.door_links, true, "", [](V& r, door_link_record& d, std::size_t) {
        r.stored("triangle", d.triangle, true, "");
        r.stored("crc", d.crc, true, "");
        r.stored("door", d.door, true, "the door REFR form id");
    });
}

template <class V>
void cover_fields(V& v, navmesh_record& m) {
    const nv::layout& l = m.layout;
    v.stored("cover_triangles", m.cover_triangles, l.has_cover_triangles, "v12; null in later versions");
    v.records("covers", m.covers, l.cover_size != 0, "v15+; null in v12", [](V& r, cover_record& c, std::size_t) {
        r.stored("vertices", c.vertices, true, "");
        r.stored("data", c.data, true, "the undecoded bytes");
    });
    v.records("cover_mappings", m.cover_mappings, l.has_waypoints, "v15+; null in v12",
              [](V& r, cover_mapping_record& c, std::size_t) {
                  r.stored("key", c.key, true, "triangle * 4 + edge");
                  derived_value(r, "triangle", "", c.triangle);
                  derived_value(r, "edge", "", c.edge);
                  r.stored("cover", c.cover, true, "");
              });
    v.records("waypoints", m.waypoints, l.has_waypoints, "v15+; null in v12", [](V& r, waypoint_record& p, std::size_t) {
        r.stored("position", p.position, true, "");
        r.stored("triangle", p.triangle, true, "null for none (0xFFFF)");
        r.stored("flags", p.flags, true, "");
    });
}

template <class V>
void grid_fields(V& v, grid_record& g) {
    v.stored("divisor", g.divisor, true, "cells per axis");
    v.stored("cell_size_x", g.cell_size_x, true, "");
    v.stored("cell_size_y", g.cell_size_y, true, "");
    v.stored("min", g.min, true, "bounds");
    v.stored("max", g.max, true, "bounds");
    v.stored("cells", g.cells, true, "divisor^2 lists of triangles, row by row, x fastest");
}

template <class V>
void layout_fields(V& v, nv::layout& l) {
    v.stored("vertex_size", l.vertex_size, true, "");
    v.stored("triangle_size", l.triangle_size, true, "");
    v.stored("edge_link_size", l.edge_link_size, true, "");
    v.stored("cover_size", l.cover_size, true, "");
    v.stored("cover_triangles", l.has_cover_triangles, true, "");
    v.stored("waypoints", l.has_waypoints, true, "");
    v.stored("trailer", l.has_trailer, true, "");
}

template <class V>
void navmesh_fields(V& v, navmesh_record& m, std::size_t) {
    derived_value(v, "index", "navmesh number in the file", m.index);
    derived_value(v, "form_id", "the form id of the record holding the NVNM", m.form_id);
    form_id_hex(v, m.form_id);
    derived_value(v, "offset", "where its data is (see Offsets)", m.offset);
    v.derived("offset_in", "`file` or `inflated record`",
              [&m](json_writer& w) { w.value(m.inflated ? "inflated record" : "file"); });
    derived_value(v, "size", "", m.size);
    derived_value(v, "first_triangle", "global number of its triangle 0", m.first_triangle);
    v.stored("version", m.version, true, "12 Skyrim, 15 Fallout 4, 17 Starfield");
    v.object("layout", true, "record sizes the reader used", [&m](V& o) { layout_fields(o, m.layout); });
    v.stored("pathing_cell_crc", m.pathing_cell_crc, true, "");
    v.stored("parent_world", m.parent_world, true, "WRLD form id, 0 for an interior");
    v.derived("exterior", "parent_world != 0", [&m](json_writer& w) { w.value(m.parent_world != 0); });
    v.stored("grid_x", m.grid_x, true, "exteriors");
    v.stored("grid_y", m.grid_y, true, "exteriors");
    v.stored("parent_cell", m.parent_cell, true, "interiors");
    v.stored("parent_raw", m.parent_raw, true, "the parent word as stored");
    v.records("vertices", m.vertices, true, "", [](V& r, vertex_record& x, std::size_t) {
        r.stored("position", x.position, true, "");
        r.stored("extra", x.extra, true, "v17; null before");
    });
    v.records("triangles", m.triangles, true, "", triangle_fields<V>);
    link_fields(v, m);
    cover_fields(v, m);
    v.object("grid", true, "the search grid", [&m](V& o) { grid_fields(o, m.grid); });
    v.stored("trailer", m.trailer, true, "v17; null before");
}

template <class V>
void record_fields(V& v, plugin_record& r, std::size_t) {
    record_header_fields(v, r.record, r.navm ? navspan::name_table(cr::navmesh_record_flag_names) : navspan::name_table(cr::record_flag_names),
                         true);
    derived_value(v, "compressed", "flag 0x40000", r.compressed);
    derived_value(v, "deleted", "flag 0x20", r.deleted);
    derived_value(v, "inflated_size", "null when stored plain", r.inflated_size);
    derived_value(v, "owner_cell", "the enclosing cell's form id; 0 for none", r.owner_cell);
    derived_value(v, "owner_world", "the enclosing worldspace's form id; 0 for none", r.owner_world);
    derived_value(v, "owner_cell_editor_id", "its EDID; null when the plugin gives none", r.owner_cell_editor_id);
    derived_value(v, "owner_world_editor_id", "its EDID; null when the plugin gives none", r.owner_world_editor_id);
    v.records("navmeshes", r.navmeshes, true, "the record's NVNM subrecords", navmesh_fields<V>);
}

// The whole file, in dump order. `for_each_record(each)` calls each(record,
// index) for every record dumped, read one at a time.
template <class V, class ForEachRecord>
void file_fields(V& v, file_record& m, ForEachRecord&& for_each_record) {
    v.derived("format", "always `\"creation_plugin\"`", [](json_writer& w) { w.value("creation_plugin"); });
    v.derived("bytes", "file size", [&m](json_writer& w) { w.value(m.bytes); });
    v.object("header", true, "the TES4 record", [&m](V& o) { header_fields(o, m.header); });
    if constexpr (V::lists_all) {
        std::vector<plugin_record> one;
        v.records("records", one, true, "NAVM records and records holding NVNM, in file order", record_fields<V>);
    } else {
        v.records_stream("records", for_each_record, record_fields<V>);
    }
    v.object("summary", true, "", [&m](V& o) {
        derived_value(o, "records", "records dumped", m.summary.records);
        derived_value(o, "navmeshes", "NVNM subrecords", m.summary.navmeshes);
        derived_value(o, "triangles", "", m.summary.triangles);
    });
}

// The schema tables of examples/navspan/dump/creation.md.
inline std::string schema_markdown() {
    file_record m;
    schema_visitor v("file");
    file_fields(v, m, [](auto&&) {});
    return v.markdown();
}

}  // namespace navspan::tools::creation_fields

#include "../../core/min_max_pop.hpp"
