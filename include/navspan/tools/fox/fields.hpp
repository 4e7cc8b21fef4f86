// The fields of every fox_nav2 record, described once (../fields.hpp) over
// the plain records of records.hpp: `navspan dump --json` writes them and
// the schema tables of examples/navspan/dump/fox.md list them. Keys decoded
// from a stored word (names, a link's node, a face's quad bit), positions
// and offsets are derived: computed for people, never read back.
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
#include "records.hpp"

namespace navspan::tools::fox_fields {

using fields::listed;
using fields::schema_visitor;

template <class V>
void index_and_offset(V& v, std::size_t i, std::uint64_t offset) {
    v.derived("index", "", [i](json_writer& w) { w.value(i); });
    v.derived("offset", "", [offset](json_writer& w) { w.value(offset); });
}

// A quantised point as stored (`quantized_key`) and in the world
// (`world_key`: q / divisor + origin per axis, spec section 4).
template <class V>
void point_fields(V& v, std::string_view quantized_key, std::string_view world_key, point& q, const fox::quantization& quant) {
    fields::stored_and_view(v, quantized_key, q, world_key, "world position", [&quant](json_writer& w, const point& p) {
        json_values::write_vec3(w, quant.to_world({p[0], p[1], p[2]}));
    });
}

template <class V>
void derived_value(V& v, std::string_view key, std::string_view note, const auto& value) {
    v.derived(key, note, [&value](json_writer& w) { w.value(value); });
}

template <class V>
void header_fields(V& v, header_record& h) {
    v.derived("offset", "0", [](json_writer& w) { w.value(0); });
    v.stored("magic", h.magic, true, "");
    v.stored("file_size", h.file_size, true, "");
    v.stored("end_of_header_offset", h.end_of_header_offset, true, "");
    v.stored("entry_count", h.entry_count, true, "");
    v.stored("nav_system_offset", h.nav_system_offset, true, "");
    v.stored("file_index", h.file_index, true, "1 for `.1.nav2`");
    v.stored("tile_field", h.tile_field, true, "bytes 21-23");
    derived_value(v, "tile_id", "tile_field >> 7", h.tile_id);
    v.derived("tile", "[x, z], tileId = x + 64 z", [&](json_writer& w) { json_values::write_values(w, h.tile); });
    derived_value(v, "tile_low_bits", "tile_field & 0x7F", h.tile_low_bits);
    v.stored("section2_offset", h.section2_offset, true, "");
    v.stored("o6", h.o6, true, "");
    v.stored("origin", h.origin, true, "");
    v.stored("section3_offset", h.section3_offset, true, "");
    v.stored("u1b", h.u1b, true, "");
    v.stored("manifest_offset", h.manifest_offset, true, "");
    v.stored("manifest_size", h.manifest_size, true, "");
    v.stored("u1c", h.u1c, true, "");
    v.stored("u1d", h.u1d, true, "");
    v.stored("divisors", h.divisors, true, "[x, y, z]");
    v.stored("u1h", h.u1h, true, "");
    v.stored("n7", h.n7, true, "");
    v.stored("section2_entry_count", h.section2_entry_count, true, "");
    v.stored("n8", h.n8, true, "");
    v.stored("vals", h.vals, true, "the 16 unknown bytes");
}

template <class V>
void manifest_fields(V& v, manifest_record& m) {
    v.derived("offset", "", [&](json_writer& w) { w.value(m.offset); });
    v.stored("group_count", m.group_count, true, "");
    v.records("records", m.records, true, "12 bytes each", [](V& r, manifest_entry_record& e, std::size_t i) {
        index_and_offset(r, i, e.offset);
        r.stored("group_id", e.group_id, true, "");
        r.stored("tile_byte", e.tile_byte, true, "");
        r.stored("tile_word", e.tile_word, true, "");
        r.stored("payload_offset", e.payload_offset, true, "entry + 16");
        r.stored("type", e.type, true, "");
        r.derived("type_name", "", [&](json_writer& w) { w.value(navspan::name_of(fox::entry_type_names, e.type)); });
        r.stored("entry_size", e.entry_size, true, "24-bit; 0 in early Obj2Nav2 output");
    });
}

// A NavWorld node's link: the words as stored, the ids they hold by kind.
template <class V>
void link_fields(V& v, link_record& l) {
    v.stored("kind", l.kind, true, "");
    v.derived("kind_name", "`none`, `same_group`, `other_group`, `other_tile`",
              [&](json_writer& w) { w.value(navspan::name_of(fox::link_kind_names, l.kind)); });
    v.stored("words", l.words, true, "as stored");
    const fox::link_kind kind = l.decoded;
    if (listed<V>(kind == fox::link_kind::other_tile)) derived_value(v, "tile_id", "kind 4", l.tile_id);
    if (listed<V>(kind == fox::link_kind::other_group || kind == fox::link_kind::other_tile)) {
        derived_value(v, "group", "kinds 2, 4", l.group);
    }
    if (listed<V>(kind == fox::link_kind::same_group || kind == fox::link_kind::other_group)) {
        derived_value(v, "node", "kinds 1, 2", l.node);
    }
}

template <class V>
void nav_node_fields(V& v, nav_node_record& n, std::size_t i, const fox::quantization& quant) {
    index_and_offset(v, i, n.offset);
    point_fields(v, "quantized", "position", n.quantized, quant);
    derived_value(v, "info_offset", "", n.info_offset);
    v.stored("ss3_half_offset", n.ss3_half_offset, true, "");
    v.stored("segment", n.segment, true, "");
    v.stored("adjacency_count", n.adjacency_count, true, "countA");
    v.stored("link_kind", n.link_kind, true, "countB");
    derived_value(v, "record_offset", "", n.record_offset);
    v.records("adjacency", n.adjacency, true, "", [](V& r, adjacency_record& a, std::size_t) {
        r.stored("node", a.node, true, "");
        r.stored("edge", a.edge, true, "");
    });
    v.object("link", true, "", [&](V& o) { link_fields(o, n.link); });
    derived_value(v, "face_offset", "", n.face_offset);
    v.stored("face", n.face, true, "");
}

template <class V>
void nav_world_fields(V& v, nav_world_record& nw, const fox::quantization& quant) {
    v.stored("ss1_offset", nw.ss1_offset, true, "relative to the payload");
    v.stored("ss2_offset", nw.ss2_offset, true, "");
    v.stored("ss4_offset", nw.ss4_offset, true, "");
    v.stored("ss3_offset", nw.ss3_offset, true, "");
    v.stored("u1", nw.u1, true, "");
    v.stored("u2", nw.u2, true, "");
    v.stored("ss5_offset", nw.ss5_offset, true, "");
    v.stored("u3", nw.u3, true, "");
    v.stored("ss6_offset", nw.ss6_offset, true, "");
    v.stored("node_count", nw.node_count, true, "");
    v.stored("edge_count", nw.edge_count, true, "");
    v.stored("zero", nw.zero, true, "");
    v.stored("segment_count", nw.segment_count, true, "");
    v.records("nodes", nw.nodes, true, "", [&](V& r, nav_node_record& n, std::size_t i) { nav_node_fields(r, n, i, quant); });
    v.records("edges", nw.edges, true, "", [](V& r, nav_edge_record& e, std::size_t i) {
        index_and_offset(r, i, e.offset);
        r.stored("weight", e.weight, true, "");
        r.stored("segment", e.segment, true, "");
        r.stored("from_local", e.from_local, true, "");
        r.stored("to_local", e.to_local, true, "");
        derived_value(r, "from", "group node index", e.from);
        derived_value(r, "to", "group node index", e.to);
    });
    v.records("segment_flags", nw.segment_flags, true, "", [](V& r, segment_flags_record& s, std::size_t i) {
        r.derived("segment", "", [i](json_writer& w) { w.value(i); });
        derived_value(r, "offset", "", s.offset);
        r.stored("flags", s.flags, true, "raw u16");
        r.derived("flags_name", "`soldiers_and_animals` 0x04E1, `sahelanthropus` 0x0001, else null", [&](json_writer& w) {
            const std::string_view name = navspan::name_of(fox::segment_flag_values, s.flags);
            if (name.empty()) w.null();
            else w.value(name);
        });
    });
}

// A face corner's neighbour: the raw word, its kind and the ids it holds.
template <class V>
void neighbour_fields(V& v, neighbour_record& nb) {
    v.stored("raw", nb.raw, true, "");
    v.derived("kind", "the kind's name", [&](json_writer& w) {
        w.value(navspan::name_of(fox::neighbour_kind_names, nb.kind));
    });
    const fox::neighbour_kind kind = nb.kind;
    if (listed<V>(kind == fox::neighbour_kind::other_tile)) derived_value(v, "tile_id", "other_tile", nb.tile_id);
    if (listed<V>(kind == fox::neighbour_kind::other_group || kind == fox::neighbour_kind::other_tile)) {
        derived_value(v, "group", "other_group, other_tile", nb.group);
    }
    if (listed<V>(kind == fox::neighbour_kind::same_group || kind == fox::neighbour_kind::other_group)) {
        derived_value(v, "face", "same_group, other_group", nb.face);
    }
    if (listed<V>(nb.has_extension)) {
        derived_value(v, "ext_a", "with an extension", nb.ext_a);
        derived_value(v, "ext_b", "with an extension", nb.ext_b);
    }
}

template <class V>
void face_fields(V& v, face_record& f, std::size_t i, const fox::quantization& quant) {
    index_and_offset(v, i, f.offset);
    v.stored("word", f.word, true, "");
    derived_value(v, "record_offset", "", f.record_offset);
    derived_value(v, "quad", "", f.quad);
    derived_value(v, "bit19", "", f.bit19);
    derived_value(v, "segment_bits", "", f.segment_bits);
    derived_value(v, "segment", "", f.segment);
    derived_value(v, "has_extension", "", f.has_extension);
    v.records("corners", f.corners, true, "", [&](V& r, corner_record& c, std::size_t) {
        r.stored("local_vertex", c.local_vertex, true, "");
        derived_value(r, "vertex", "group vertex index", c.vertex);
        point_fields(r, "quantized", "position", c.quantized, quant);
        r.stored("edge_id", c.edge_id, true, "");
        r.stored("edge_node", c.edge_node, true, "");
        r.object("neighbour", true, "", [&](V& o) { neighbour_fields(o, c.neighbour); });
    });
}

template <class V>
void navmesh_fields(V& v, navmesh_record& m, const fox::quantization& quant) {
    v.stored("ss1_offset", m.ss1_offset, true, "relative to the payload");
    v.stored("ss2_offset", m.ss2_offset, true, "");
    v.stored("ss3_offset", m.ss3_offset, true, "");
    v.stored("uu", m.uu, true, "");
    v.stored("face_count", m.face_count, true, "");
    v.stored("vertex_count", m.vertex_count, true, "");
    v.stored("u4", m.u4, true, "");
    v.stored("u5", m.u5, true, "");
    v.stored("face_segment_bits", m.face_segment_bits, true, "");
    v.records("vertices", m.vertices, true, "", [&](V& r, vertex_record& x, std::size_t i) {
        index_and_offset(r, i, x.offset);
        point_fields(r, "quantized", "position", x.quantized, quant);
    });
    v.records("faces", m.faces, true, "", [&](V& r, face_record& f, std::size_t i) { face_fields(r, f, i, quant); });
}

template <class V>
void segment_fields(V& v, segment_record& s, std::size_t i, const fox::quantization& quant) {
    v.derived("index", "", [i](json_writer& w) { w.value(i); });
    derived_value(v, "box_offset", "", s.box_offset);
    point_fields(v, "min_quantized", "min", s.min_quantized, quant);
    point_fields(v, "max_quantized", "max", s.max_quantized, quant);
    derived_value(v, "offset", "", s.offset);
    v.stored("vertex_offset", s.vertex_offset, true, "");
    v.stored("first_face", s.first_face, true, "");
    v.stored("stored_first_edge", s.stored_first_edge, true, "");
    v.stored("stored_first_node", s.stored_first_node, true, "");
    v.stored("vertex_count", s.vertex_count, true, "");
    v.stored("face_count", s.face_count, true, "");
    v.stored("stored_edge_count", s.stored_edge_count, true, "");
    v.stored("stored_node_count", s.stored_node_count, true, "");
    derived_value(v, "first_node", "", s.first_node);
    derived_value(v, "node_count", "", s.node_count);
    derived_value(v, "first_edge", "", s.first_edge);
    derived_value(v, "edge_count", "", s.edge_count);
}

template <class V>
void segment_chunk_fields(V& v, segment_chunk_record& sc, const fox::quantization& quant) {
    v.stored("ss1_offset", sc.ss1_offset, true, "relative to the payload");
    v.stored("ss2_offset", sc.ss2_offset, true, "");
    v.stored("total_size", sc.total_size, true, "");
    v.stored("segment_count", sc.segment_count, true, "");
    v.stored("stored_node_ranges", sc.stored_node_ranges, true, "");
    v.stored("stored_edge_ranges", sc.stored_edge_ranges, true, "");
    v.records("segments", sc.segments, true, "",
              [&](V& r, segment_record& s, std::size_t i) { segment_fields(r, s, i, quant); });
}

// The three kinds of SegmentGraph edge, each with its own words in the
// file's order, and its share of the node's mesh edge ids.
template <class V>
void graph_node_edges(V& v, graph_node_record& n) {
    v.records("same_group", n.same_group, true, "", [](V& r, graph_edge_record& e, std::size_t) {
        r.stored("weight", e.weight, true, "");
        r.stored("adjacent_node", e.adjacent_node, true, "");
        r.stored("adjacent_edge_count", e.adjacent_edge_count, true, "");
        r.stored("u1", e.u1, true, "");
        r.stored("mesh_edge_ids", e.mesh_edge_ids, true, "");
    });
    v.records("other_group", n.other_group, true, "", [](V& r, graph_edge_record& e, std::size_t) {
        r.stored("group_id", e.group_id, true, "");
        r.stored("weight", e.weight, true, "");
        r.stored("adjacent_node", e.adjacent_node, true, "");
        r.stored("adjacent_edge_count", e.adjacent_edge_count, true, "");
        r.stored("u5", e.u5, true, "");
        r.stored("mesh_edge_ids", e.mesh_edge_ids, true, "");
    });
    v.records("other_tile", n.other_tile, true, "", [](V& r, graph_edge_record& e, std::size_t) {
        r.stored("tile_id", e.tile_id, true, "");
        r.stored("group_id", e.group_id, true, "");
        r.stored("adjacent_node", e.adjacent_node, true, "");
        r.stored("u4", e.u4, true, "");
        r.stored("adjacent_edge_count", e.adjacent_edge_count, true, "");
        r.stored("u6", e.u6, true, "");
        r.stored("mesh_edge_ids", e.mesh_edge_ids, true, "");
    });
}

template <class V>
void segment_graph_fields(V& v, segment_graph_record& sg, const fox::quantization& quant) {
    v.stored("ss1_offset", sg.ss1_offset, true, "relative to the payload");
    v.stored("ss2_offset", sg.ss2_offset, true, "");
    v.stored("ss3_offset", sg.ss3_offset, true, "");
    v.stored("uu1", sg.uu1, true, "");
    v.stored("total_size", sg.total_size, true, "");
    v.stored("node_count", sg.node_count, true, "");
    v.stored("uu3", sg.uu3, true, "");
    v.stored("total_adjacent_mesh_edges", sg.total_adjacent_mesh_edges, true, "");
    v.stored("pad", sg.pad, true, "");
    v.records("nodes", sg.nodes, true, "", [&](V& r, graph_node_record& n, std::size_t i) {
        index_and_offset(r, i, n.offset);
        point_fields(r, "quantized", "position", n.quantized, quant);
        derived_value(r, "info_offset", "", n.info_offset);
        r.stored("ss3_half_offset", n.ss3_half_offset, true, "");
        r.stored("u3", n.u3, true, "");
        r.stored("u4", n.u4, true, "");
        r.stored("u5", n.u5, true, "");
        r.stored("u6", n.u6, true, "");
        derived_value(r, "record_offset", "", n.record_offset);
        graph_node_edges(r, n);
    });
}

// An entry: its header, then the type's own header and records under
// `payload` (their names repeat the entry header's: NavWorld has a u1 too).
// The schema lists the four payloads as tables of their own.
template <class V>
void entry_fields(V& v, entry_record& e, std::size_t i) {
    index_and_offset(v, i, e.offset);
    v.stored("type", e.type, true, "");
    v.derived("type_name", "`nav_world`, `navmesh_chunk`, `segment_chunk`, `segment_graph`",
              [&](json_writer& w) { w.value(navspan::name_of(fox::entry_type_names, e.type)); });
    v.stored("u1", e.u1, true, "");
    v.stored("next_entry_offset", e.next_entry_offset, true, "entry size");
    v.stored("payload_offset", e.payload_offset, true, "16");
    v.stored("group_id", e.group_id, true, "");
    v.stored("tile_byte", e.tile_byte, true, "");
    v.stored("tile_word", e.tile_word, true, "");
    if constexpr (V::lists_all) {
        v.derived("payload", "object: the type's payload table below", [](json_writer&) {});
    } else {
        v.object("payload", true, "", [&](V& o) {
            switch (e.kind) {
                case fox::entry_type::nav_world: nav_world_fields(o, e.nav_world, e.quant); break;
                case fox::entry_type::navmesh_chunk: navmesh_fields(o, e.navmesh, e.quant); break;
                case fox::entry_type::segment_chunk: segment_chunk_fields(o, e.segment_chunk, e.quant); break;
                case fox::entry_type::segment_graph: segment_graph_fields(o, e.segment_graph, e.quant); break;
            }
        });
    }
}

template <class V>
void section2_fields(V& v, section2_record& e, std::size_t i, const fox::quantization& quant) {
    index_and_offset(v, i, e.offset);
    v.stored("next_entry_offset", e.next_entry_offset, true, "");
    v.stored("ss1_offset", e.ss1_offset, true, "");
    v.stored("node_count", e.node_count, true, "");
    v.stored("ss2_offset", e.ss2_offset, true, "");
    v.stored("ss3_offset", e.ss3_offset, true, "");
    v.stored("ss4_offset", e.ss4_offset, true, "");
    v.stored("ss5_offset", e.ss5_offset, true, "");
    v.stored("ss6_offset", e.ss6_offset, true, "");
    v.records("nodes", e.nodes, true, "", [&](V& r, section2_node_record& n, std::size_t k) {
        index_and_offset(r, k, n.offset);
        point_fields(r, "quantized", "position", n.quantized, quant);
        r.stored("flags", n.flags, true, "");
        r.stored("ss2_byte_offset", n.ss2_byte_offset, true, "");
        r.stored("count_b", n.count_b, true, "");
        r.stored("count_a", n.count_a, true, "");
        r.records("adjacency", n.adjacency, true, "", [](V& a, section2_adjacency_record& x, std::size_t) {
            a.stored("weight", x.weight, true, "probable");
            a.stored("node", x.node, true, "");
        });
        r.stored("extra_words", n.extra_words, true, "");
    });
    v.stored("ss3", e.ss3, true, "[a, b, c] per record");
    v.stored("ss4", e.ss4, true, "");
    v.records("neighbours", e.neighbours, true, "", [](V& r, section2_neighbour_record& nb, std::size_t) {
        r.stored("tile_id", nb.tile_id, true, "");
        r.stored("b", nb.b, true, "");
        r.stored("c", nb.c, true, "");
    });
    v.stored("ss5_bytes", e.ss5_bytes, true, "");
    v.stored("ss6_bytes", e.ss6_bytes, true, "");
}

template <class V>
void nav_system_fields(V& v, nav_system_record& ns) {
    v.derived("offset", "", [&](json_writer& w) { w.value(ns.offset); });
    v.stored("origin", ns.origin, true, "");
    v.stored("unknown", ns.unknown, true, "");
    v.stored("cells_x", ns.cells_x, true, "");
    v.stored("cells_y", ns.cells_y, true, "");
    v.stored("cells_z", ns.cells_z, true, "");
    v.stored("cell_size", ns.cell_size, true, "");
    v.stored("n5", ns.n5, true, "");
    v.stored("ss1_offset", ns.ss1_offset, true, "");
    v.stored("ss2_offset", ns.ss2_offset, true, "");
    v.stored("ss3_offset", ns.ss3_offset, true, "");
    const std::uint64_t nx = ns.cells_x, nz = ns.cells_z;
    v.records("cells", ns.cells, true, "", [&](V& r, nav_cell_record& c, std::size_t i) {
        const std::uint64_t k = i;
        r.derived("index", "", [k](json_writer& w) { w.value(k); });
        // Cell index = x + nX * (z + nZ * y) (format.hpp, decision 11).
        r.derived("x", "index = x + nX * (z + nZ * y)", [&](json_writer& w) { w.value(k % nx); });
        r.derived("y", "", [&](json_writer& w) { w.value(k / nx / nz); });
        r.derived("z", "", [&](json_writer& w) { w.value(k / nx % nz); });
        derived_value(r, "offset", "", c.offset);
        r.stored("rel_offset", c.rel_offset, true, "");
        r.stored("count", c.count, true, "");
        r.stored("u2", c.u2, true, "");
        r.stored("u3", c.u3, true, "");
        r.records("records", c.records, true, "", [](V& x, cell_record& cr, std::size_t) {
            derived_value(x, "offset", "", cr.offset);
            x.stored("group_id", cr.group_id, true, "");
            x.stored("tile_byte", cr.tile_byte, true, "");
            x.stored("tile_word", cr.tile_word, true, "");
            x.stored("segments", cr.segments, true, "");
        });
    });
}

// The whole file, in dump order. `for_each_entry(each)` calls each(entry,
// index) for every entry, read one at a time.
template <class V, class ForEachEntry>
void file_fields(V& v, file_record& m, ForEachEntry&& for_each_entry) {
    v.derived("format", "always `\"fox_nav2\"`", [](json_writer& w) { w.value("fox_nav2"); });
    v.derived("bytes", "buffer size", [&](json_writer& w) { w.value(m.bytes); });
    v.object("header", true, "the 96-byte header", [&](V& h) { header_fields(h, m.header); });
    v.object("manifest", true, "", [&](V& o) { manifest_fields(o, m.manifest); });
    if constexpr (V::lists_all) {
        std::vector<entry_record> one;
        v.records("entries", one, true, "the entry chain in file order", entry_fields<V>);
    } else {
        v.records_stream("entries", for_each_entry, entry_fields<V>);
    }
    v.records("section2", m.section2, listed<V>(m.has_section2), "null when section2Offset is 0",
              [&](V& r, section2_record& e, std::size_t i) { section2_fields(r, e, i, m.quant); });
    v.object("section3", m.section3.has_value(), "null without one; layout unknown", [&](V& o) {
        if (!m.section3) m.section3.emplace();
        derived_value(o, "offset", "", m.section3->offset);
        o.derived("size", "", [&](json_writer& w) { w.value(static_cast<std::uint64_t>(m.section3->bytes.size())); });
        o.stored("bytes", m.section3->bytes, true, "");
    });
    v.object("nav_system", m.nav_system.has_value(), "the NavSystem grid; null in empty split files", [&](V& o) {
        if (!m.nav_system) m.nav_system.emplace();
        nav_system_fields(o, *m.nav_system);
    });
    v.derived("trailing_bytes", "buffer bytes after the header's file size", [&](json_writer& w) { w.value(m.trailing_bytes); });
}

// The schema tables of examples/navspan/dump/fox.md: the file's, then each
// entry type's payload (apart, as their record lists share names).
inline std::string schema_markdown() {
    file_record m;
    schema_visitor v("file");
    file_fields(v, m, [](auto&&) {});
    std::string out = v.markdown();
    entry_record e;
    schema_visitor world("payload (nav_world)");
    nav_world_fields(world, e.nav_world, e.quant);
    schema_visitor mesh("payload (navmesh_chunk)");
    navmesh_fields(mesh, e.navmesh, e.quant);
    schema_visitor chunk("payload (segment_chunk)");
    segment_chunk_fields(chunk, e.segment_chunk, e.quant);
    schema_visitor graph("payload (segment_graph)");
    segment_graph_fields(graph, e.segment_graph, e.quant);
    return out + world.markdown() + mesh.markdown() + chunk.markdown() + graph.markdown();
}

}  // namespace navspan::tools::fox_fields

#include "../../core/min_max_pop.hpp"
