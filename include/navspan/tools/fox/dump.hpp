// `navspan dump` of fox_nav2 files: every decoded field of every record
// (schema: examples/navspan/dump/fox.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#include "../json_writer.hpp"
#include "common.hpp"

namespace navspan::tools::fox_format {

namespace tools_detail {

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

inline void write_quantized(json_writer& w, const fox::quantized_point& q) {
    w.begin_array();
    w.value(q.x);
    w.value(q.y);
    w.value(q.z);
    w.end_array();
}

// A position as stored and dequantised: "<prefix>quantized" and "<prefix>position".
inline void write_point(json_writer& w, const char* quantized_key, const char* world_key, const fox::quantized_point& q,
                        const fox::quantization& quant) {
    w.key(quantized_key);
    write_quantized(w, q);
    w.key(world_key);
    write_vec3(w, quant.to_world(q));
}

inline void write_hex(json_writer& w, std::span<const std::byte> bytes) {
    std::string s;
    char buf[4];
    for (std::byte b : bytes) {
        std::snprintf(buf, sizeof buf, "%02x", std::to_integer<unsigned>(b));
        s += buf;
    }
    w.value(std::string_view(s));
}

inline void write_header(json_writer& w, const fox::nav2_file& f) {
    const fox::file_header h = f.header();
    w.begin_object();
    w.field("offset", 0);
    w.field("magic", h.magic());
    w.field("file_size", h.file_size());
    w.field("end_of_header_offset", h.end_of_header_offset());
    w.field("entry_count", h.entry_count());
    w.field("nav_system_offset", h.nav_system_offset());
    w.field("file_index", h.file_index());
    w.field("tile_field", h.tile_field());
    w.field("tile_id", h.tile_id());
    w.key("tile");
    w.begin_array();
    w.value(h.tile().x);
    w.value(h.tile().z);
    w.end_array();
    w.field("tile_low_bits", h.tile_low_bits());
    w.field("section2_offset", h.section2_offset());
    w.field("o6", h.o6());
    w.key("origin");
    write_vec3(w, h.origin());
    w.field("section3_offset", h.section3_offset());
    w.field("u1b", h.u1b());
    w.field("manifest_offset", h.manifest_offset());
    w.field("manifest_size", h.manifest_size());
    w.field("u1c", h.u1c());
    w.field("u1d", h.u1d());
    w.key("divisors");
    w.begin_array();
    w.value(h.divisor_x());
    w.value(h.divisor_y());
    w.value(h.divisor_z());
    w.end_array();
    w.field("u1h", h.u1h());
    w.field("n7", h.n7());
    w.field("section2_entry_count", h.section2_entry_count());
    w.field("n8", h.n8());
    w.key("vals");
    write_hex(w, h.vals());
    w.end_object();
}

inline void write_manifest(json_writer& w, const fox::nav2_file& f) {
    const fox::manifest m = f.manifest();
    w.begin_object();
    w.field("offset", m.offset());
    w.field("group_count", m.group_count());
    w.key("records");
    w.begin_array();
    std::uint64_t i = 0;
    for (const fox::manifest_record r : m.records()) {
        w.begin_object();
        w.field("index", i);
        w.field("offset", std::uint64_t{m.offset()} + 4 + 12 * i);
        w.field("group_id", r.group_id());
        w.field("tile_byte", r.tile_byte());
        w.field("tile_word", r.tile_word());
        w.field("payload_offset", r.payload_offset());
        w.field("type", r.type_raw());
        w.field("type_name", navspan::name_of(fox::entry_type_names, r.type_raw()));
        w.field("entry_size", r.entry_size());
        w.end_object();
        ++i;
    }
    w.end_array();
    w.end_object();
}

inline void write_neighbour(json_writer& w, const fox::face_neighbour& nb) {
    w.begin_object();
    w.field("raw", nb.raw());
    w.field("kind", navspan::name_of(fox::neighbour_kind_names, static_cast<std::uint64_t>(nb.kind())));
    switch (nb.kind()) {
        case fox::neighbour_kind::same_group: w.field("face", nb.face()); break;
        case fox::neighbour_kind::other_group:
            w.field("group", nb.group());
            w.field("face", nb.face());
            break;
        case fox::neighbour_kind::other_tile:
            w.field("tile_id", nb.tile_id());
            w.field("group", nb.group());
            break;
        case fox::neighbour_kind::none:
        case fox::neighbour_kind::invalid: break;
    }
    if (nb.has_extension()) {
        w.field("ext_a", nb.ext_a());
        w.field("ext_b", nb.ext_b());
    }
    w.end_object();
}

inline void write_nav_world(json_writer& w, const fox::group& g, const group_offsets& at) {
    const fox::nav_world nw = g.nav_world();
    const fox::quantization quant = g.quant();
    w.field("ss1_offset", nw.ss1_offset());
    w.field("ss2_offset", nw.ss2_offset());
    w.field("ss4_offset", nw.ss4_offset());
    w.field("ss3_offset", nw.ss3_offset());
    w.field("u1", nw.u1());
    w.field("u2", nw.u2());
    w.field("ss5_offset", nw.ss5_offset());
    w.field("u3", nw.u3());
    w.field("ss6_offset", nw.ss6_offset());
    w.field("node_count", nw.node_count());
    w.field("edge_count", nw.edge_count());
    w.key("zero");
    w.begin_array();
    for (std::size_t i = 0; i < 3; ++i) w.value(nw.zero(i));
    w.end_array();
    w.field("segment_count", nw.segment_count());
    w.key("nodes");
    w.begin_array();
    for (const fox::nav_node n : nw.nodes()) {
        w.begin_object();
        w.field("index", n.index());
        w.field("offset", at.node_position(n.index()));
        write_point(w, "quantized", "position", n.quantized(), quant);
        w.field("info_offset", at.node_info(n.index()));
        w.field("ss3_half_offset", n.ss3_half_offset());
        w.field("segment", n.segment());
        w.field("adjacency_count", n.adjacency_count());
        w.field("link_kind", n.link_kind_raw());
        w.field("record_offset", at.node_record(n));
        w.key("adjacency");
        w.begin_array();
        for (const fox::node_adjacency a : n.adjacency()) {
            w.begin_object();
            w.field("node", a.node());
            w.field("edge", a.edge());
            w.end_object();
        }
        w.end_array();
        const fox::node_link link = n.link();
        w.key("link");
        w.begin_object();
        w.field("kind", link.kind_raw());
        w.field("kind_name", navspan::name_of(fox::link_kind_names, link.kind_raw()));
        w.key("words");
        w.begin_array();
        for (const std::uint16_t word : link.words()) w.value(word);
        w.end_array();
        switch (link.kind()) {
            case fox::link_kind::same_group: w.field("node", link.node()); break;
            case fox::link_kind::other_group:
                w.field("group", link.group());
                w.field("node", link.node());
                break;
            case fox::link_kind::other_tile:
                w.field("tile_id", link.tile_id());
                w.field("group", link.group());
                break;
            case fox::link_kind::none: break;
        }
        w.end_object();
        w.field("face_offset", at.node_face(n.index()));
        w.field("face", n.face());
        w.end_object();
    }
    w.end_array();
    w.key("edges");
    w.begin_array();
    for (const fox::nav_edge e : nw.edges()) {
        w.begin_object();
        w.field("index", e.index());
        w.field("offset", at.edge(e.index()));
        w.field("weight", e.weight());
        w.field("segment", e.segment());
        w.field("from_local", e.from_local());
        w.field("to_local", e.to_local());
        w.field("from", e.from_node());
        w.field("to", e.to_node());
        w.end_object();
    }
    w.end_array();
    w.key("segment_flags");
    w.begin_array();
    std::uint64_t s = 0;
    for (const std::uint16_t flags : nw.segment_flags_raw()) {
        w.begin_object();
        w.field("segment", s);
        w.field("offset", at.segment_flags(s));
        w.field("flags", flags);
        const std::string_view name = navspan::name_of(fox::segment_flag_values, flags);
        if (name.empty()) w.field_null("flags_name");
        else w.field("flags_name", name);
        w.end_object();
        ++s;
    }
    w.end_array();
}

inline void write_navmesh(json_writer& w, const fox::group& g, const group_offsets& at) {
    const fox::navmesh_chunk m = g.navmesh_chunk();
    const fox::quantization quant = g.quant();
    w.field("ss1_offset", m.ss1_offset());
    w.field("ss2_offset", m.ss2_offset());
    w.field("ss3_offset", m.ss3_offset());
    w.key("uu");
    w.begin_array();
    for (std::size_t i = 0; i < 6; ++i) w.value(m.uu(i));
    w.end_array();
    w.field("face_count", m.face_count());
    w.field("vertex_count", m.vertex_count());
    w.field("u4", m.u4());
    w.field("u5", m.u5());
    w.field("face_segment_bits", m.face_segment_bits());
    w.key("vertices");
    w.begin_array();
    for (const fox::mesh_vertex v : m.vertices()) {
        w.begin_object();
        w.field("index", v.index());
        w.field("offset", at.vertex(v.index()));
        write_point(w, "quantized", "position", v.quantized(), quant);
        w.end_object();
    }
    w.end_array();
    w.key("faces");
    w.begin_array();
    for (const fox::face f : m.faces()) {
        w.begin_object();
        w.field("index", f.index());
        w.field("offset", at.face_word(f.index()));
        w.field("word", f.word());
        w.field("record_offset", at.face_record(f));
        w.field("quad", f.is_quad());
        w.field("bit19", f.bit19());
        w.field("segment_bits", f.segment_bits());
        w.field("segment", f.segment());
        w.field("has_extension", f.has_extension());
        w.key("corners");
        w.begin_array();
        for (std::size_t i = 0; i < f.corner_count(); ++i) {
            w.begin_object();
            w.field("local_vertex", f.local_vertex(i));
            w.field("vertex", f.vertex(i));
            write_point(w, "quantized", "position", f.corner_quantized(i), quant);
            w.field("edge_id", f.edge_id(i));
            w.field("edge_node", f.edge_node(i));
            w.key("neighbour");
            write_neighbour(w, f.neighbour(i));
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
}

inline void write_segment_chunk(json_writer& w, const fox::group& g, const group_offsets& at) {
    const fox::segment_chunk sc = g.segment_chunk();
    const fox::quantization quant = g.quant();
    w.field("ss1_offset", sc.ss1_offset());
    w.field("ss2_offset", sc.ss2_offset());
    w.field("total_size", sc.total_size());
    w.field("segment_count", sc.segment_count());
    w.field("stored_node_ranges", sc.stored_node_ranges());
    w.field("stored_edge_ranges", sc.stored_edge_ranges());
    w.key("segments");
    w.begin_array();
    for (const fox::segment s : sc.segments()) {
        w.begin_object();
        w.field("index", s.index());
        w.field("box_offset", at.segment_box(s.index()));
        write_point(w, "min_quantized", "min", s.bounds_min_quantized(), quant);
        write_point(w, "max_quantized", "max", s.bounds_max_quantized(), quant);
        w.field("offset", at.segment_range(s.index()));
        w.field("vertex_offset", s.vertex_offset());
        w.field("first_face", s.first_face());
        w.field("stored_first_edge", s.stored_first_edge());
        w.field("stored_first_node", s.stored_first_node());
        w.field("vertex_count", s.vertex_count());
        w.field("face_count", s.face_count());
        w.field("stored_edge_count", s.stored_edge_count());
        w.field("stored_node_count", s.stored_node_count());
        w.field("first_node", s.first_node());
        w.field("node_count", s.node_count());
        w.field("first_edge", s.first_edge());
        w.field("edge_count", s.edge_count());
        w.end_object();
    }
    w.end_array();
}

inline void write_mesh_edge_ids(json_writer& w, const std::uint8_t*& next, std::size_t count) {
    w.key("mesh_edge_ids");
    w.begin_array();
    for (std::size_t i = 0; i < count; ++i) w.value(*next++);
    w.end_array();
}

inline void write_segment_graph(json_writer& w, const fox::group& g, const group_offsets& at) {
    const fox::segment_graph sg = g.segment_graph();
    const fox::quantization quant = g.quant();
    w.field("ss1_offset", sg.ss1_offset());
    w.field("ss2_offset", sg.ss2_offset());
    w.field("ss3_offset", sg.ss3_offset());
    w.field("uu1", sg.uu1());
    w.field("total_size", sg.total_size());
    w.field("node_count", sg.node_count());
    w.field("uu3", sg.uu3());
    w.field("total_adjacent_mesh_edges", sg.total_adjacent_mesh_edges());
    w.field("pad", sg.pad());
    w.key("nodes");
    w.begin_array();
    std::vector<std::uint8_t> ids;
    for (const fox::graph_node n : sg.nodes()) {
        w.begin_object();
        w.field("index", n.index());
        w.field("offset", at.graph_node_position(n.index()));
        write_point(w, "quantized", "position", n.quantized(), quant);
        w.field("info_offset", at.graph_node_info(n.index()));
        w.field("ss3_half_offset", n.ss3_half_offset());
        w.field("u3", n.u3());
        w.field("u4", n.u4());
        w.field("u5", n.u5());
        w.field("u6", n.u6());
        w.field("record_offset", at.graph_node_record(n));
        // Each edge with the shared mesh edge ids that follow all edges.
        ids.assign(n.mesh_edge_ids().begin(), n.mesh_edge_ids().end());
        const std::uint8_t* next = ids.data();
        w.key("same_group");
        w.begin_array();
        for (const fox::graph_edge_same_group e : n.same_group_edges()) {
            w.begin_object();
            w.field("weight", e.weight());
            w.field("adjacent_node", e.adjacent_node());
            w.field("adjacent_edge_count", e.adjacent_edge_count());
            w.field("u1", e.u1());
            write_mesh_edge_ids(w, next, e.adjacent_edge_count());
            w.end_object();
        }
        w.end_array();
        w.key("other_group");
        w.begin_array();
        for (const fox::graph_edge_other_group e : n.other_group_edges()) {
            w.begin_object();
            w.field("group_id", e.group_id());
            w.field("weight", e.weight());
            w.field("adjacent_node", e.adjacent_node());
            w.field("adjacent_edge_count", e.adjacent_edge_count());
            w.field("u5", e.u5());
            write_mesh_edge_ids(w, next, e.adjacent_edge_count());
            w.end_object();
        }
        w.end_array();
        w.key("other_tile");
        w.begin_array();
        for (const fox::graph_edge_other_tile e : n.other_tile_edges()) {
            w.begin_object();
            w.field("tile_id", e.tile_id());
            w.field("group_id", e.group_id());
            w.field("adjacent_node", e.adjacent_node());
            w.field("u4", e.u4());
            w.field("adjacent_edge_count", e.adjacent_edge_count());
            w.field("u6", e.u6());
            write_mesh_edge_ids(w, next, e.adjacent_edge_count());
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
}

inline void write_section2(json_writer& w, const fox::nav2_file& f) {
    w.begin_array();
    std::uint64_t k = 0;
    for (const fox::section2_entry e : f.section2()) {
        w.begin_object();
        w.field("index", k++);
        w.field("offset", e.offset());
        w.field("next_entry_offset", e.next_entry_offset());
        w.field("ss1_offset", e.ss1_offset());
        w.field("node_count", e.node_count());
        w.field("ss2_offset", e.ss2_offset());
        w.field("ss3_offset", e.ss3_offset());
        w.field("ss4_offset", e.ss4_offset());
        w.field("ss5_offset", e.ss5_offset());
        w.field("ss6_offset", e.ss6_offset());
        w.key("nodes");
        w.begin_array();
        std::uint64_t i = 0;
        for (const fox::section2_node n : e.nodes()) {
            w.begin_object();
            w.field("index", i);
            w.field("offset", std::uint64_t{e.offset()} + e.ss1_offset() + 14 * i);
            write_point(w, "quantized", "position", n.quantized(), f.quant());
            w.field("flags", n.flags_raw());
            w.field("ss2_byte_offset", n.ss2_byte_offset());
            w.field("count_b", n.count_b());
            w.field("count_a", n.count_a());
            w.key("adjacency");
            w.begin_array();
            for (const fox::section2_adjacency a : n.adjacency()) {
                w.begin_object();
                w.field("weight", a.weight());
                w.field("node", a.node());
                w.end_object();
            }
            w.end_array();
            w.key("extra_words");
            w.begin_array();
            for (const std::uint16_t word : n.extra_words()) w.value(word);
            w.end_array();
            w.end_object();
            ++i;
        }
        w.end_array();
        w.key("ss3");
        w.begin_array();
        for (const fox::section2_record3 r : e.ss3_records()) {
            w.begin_array();
            w.value(r.a());
            w.value(r.b());
            w.value(r.c());
            w.end_array();
        }
        w.end_array();
        w.key("ss4");
        w.begin_array();
        for (const std::uint16_t v : e.ss4_words()) w.value(v);
        w.end_array();
        w.key("neighbours");
        w.begin_array();
        for (const fox::section2_neighbour nb : e.neighbours()) {
            w.begin_object();
            w.field("tile_id", nb.tile_id());
            w.field("b", nb.b());
            w.field("c", nb.c());
            w.end_object();
        }
        w.end_array();
        w.key("ss5_bytes");
        write_hex(w, e.ss5_bytes());
        w.key("ss6_bytes");
        write_hex(w, e.ss6_bytes());
        w.end_object();
    }
    w.end_array();
}

inline void write_nav_system(json_writer& w, const fox::nav2_file& f) {
    const fox::nav_system ns = f.nav_system();
    w.begin_object();
    w.field("offset", ns.offset());
    w.key("origin");
    write_vec3(w, ns.origin());
    w.field("unknown", ns.unknown());
    w.field("cells_x", ns.cells_x());
    w.field("cells_y", ns.cells_y());
    w.field("cells_z", ns.cells_z());
    w.field("cell_size", ns.cell_size());
    w.field("n5", ns.n5());
    w.field("ss1_offset", ns.ss1_offset());
    w.field("ss2_offset", ns.ss2_offset());
    w.field("ss3_offset", ns.ss3_offset());
    w.key("cells");
    w.begin_array();
    std::uint64_t c = 0;
    const std::uint64_t nx = ns.cells_x(), nz = ns.cells_z();
    for (const fox::nav_cell cell : ns.cells()) {
        const std::uint64_t at = std::uint64_t{ns.offset()} + ns.ss1_offset() + 8 * c;
        w.begin_object();
        w.field("index", c);
        // Cell index = x + nX * (z + nZ * y) (format.hpp, decision 11).
        w.field("x", c % nx);
        w.field("y", c / nx / nz);
        w.field("z", c / nx % nz);
        w.field("offset", at);
        w.field("rel_offset", cell.rel_offset());
        w.field("count", cell.count());
        w.field("u2", cell.u2());
        w.field("u3", cell.u3());
        w.key("records");
        w.begin_array();
        std::uint64_t r_at = at + cell.rel_offset();
        for (const fox::cell_record r : cell.records()) {
            w.begin_object();
            w.field("offset", r_at);
            w.field("group_id", r.group_id());
            w.field("tile_byte", r.tile_byte());
            w.field("tile_word", r.tile_word());
            w.key("segments");
            w.begin_array();
            for (const std::uint16_t s : r.segments()) w.value(s);
            w.end_array();
            w.end_object();
            r_at += r.size_bytes();
        }
        w.end_array();
        w.end_object();
        ++c;
    }
    w.end_array();
    w.end_object();
}

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: examples/navspan/dump/fox.md).
inline navspan::error dump(const navspan::fox::nav2_file& reader, json_writer& w) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    const navspan::bytes_view bytes = reader.bytes();
    const navspan::fox::nav2_file& f = reader;

    w.begin_object();
    w.field("format", "fox_nav2");
    w.field("bytes", static_cast<std::uint64_t>(bytes.size()));
    w.key("header");
    write_header(w, f);
    w.key("manifest");
    write_manifest(w, f);
    w.key("entries");
    w.begin_array();
    std::uint64_t k = 0;
    for (const fox::entry e : f.entries()) {
        const fox::group g = *f.find_group(e.group_id());
        const group_offsets at(g);
        w.begin_object();
        w.field("index", k++);
        w.field("offset", e.offset());
        w.field("type", e.type_raw());
        w.field("type_name", navspan::name_of(fox::entry_type_names, e.type_raw()));
        w.field("u1", e.u1());
        w.field("next_entry_offset", e.next_entry_offset());
        w.field("payload_offset", e.payload_offset());
        w.field("group_id", e.group_id());
        w.field("tile_byte", e.tile_byte());
        w.field("tile_word", e.tile_word());
        // The type's own header and records, apart (their names repeat the
        // entry header's: NavWorld has a u1 too).
        w.key("payload");
        w.begin_object();
        switch (e.type()) {
            case fox::entry_type::nav_world: write_nav_world(w, g, at); break;
            case fox::entry_type::navmesh_chunk: write_navmesh(w, g, at); break;
            case fox::entry_type::segment_chunk: write_segment_chunk(w, g, at); break;
            case fox::entry_type::segment_graph: write_segment_graph(w, g, at); break;
        }
        w.end_object();
        w.end_object();
    }
    w.end_array();
    w.key("section2");
    if (f.has_section2()) write_section2(w, f);
    else w.null();
    w.key("section3");
    if (f.has_section3()) {
        w.begin_object();
        w.field("offset", f.header().section3_offset());
        w.field("size", static_cast<std::uint64_t>(f.section3().size()));
        w.key("bytes");
        write_hex(w, f.section3());
        w.end_object();
    } else {
        w.null();
    }
    w.key("nav_system");
    if (f.has_nav_system()) write_nav_system(w, f);
    else w.null();
    w.field("trailing_bytes", static_cast<std::uint64_t>(f.trailing().size()));
    w.end_object();
    return {};
}

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
