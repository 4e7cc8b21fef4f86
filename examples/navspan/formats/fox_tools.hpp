// The navspan command's dump, validate and svg/obj (scene)
// support for fox_nav2 files (Fox Engine `.nav2`: Metal Gear Solid V and
// Metal Gear Survive).
//
// All four open the file with nav2_file::open(), which proves every index
// an accessor resolves (a face's neighbours, vertices and edge nodes, an
// edge's endpoints, a node's face and links). What open() cannot prove is
// that these references agree with each other and with the geometry: that a
// neighbour points back, that an edge node sits on its edge, that a NavWorld
// edge joins two edges of one face. validate checks exactly that. The dump
// schema, the picture's orientation and the path ids: ../dump/fox.md.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "../json_writer.hpp"
#include "../scene.hpp"

namespace navspan_cli::fox_format {

namespace tools_detail {

namespace fox = navspan::fox;

// A path id: group x 100000 + node index (node indices are u16, so the
// group's digits stand apart: group 4 node 12 is 400012).
inline constexpr std::uint64_t path_id_group_factor = 100000;

// The file's groups by id (find_group walks the chain each time).
struct group_table {
    fox::group groups[256];
    bool present[256] = {};

    explicit group_table(const fox::nav2_file& f) {
        for (fox::group g : f.groups()) {
            groups[g.id()] = g;
            present[g.id()] = true;
        }
    }
    const fox::group* find(std::uint32_t id) const { return id < 256 && present[id] ? &groups[id] : nullptr; }
};

// Absolute byte offsets of a group's records (payload = entry + 16; every
// subsection offset is relative to its payload).
struct group_offsets {
    std::uint64_t world = 0, mesh = 0, segments = 0, graph = 0;
    fox::nav_world w;
    fox::navmesh_chunk m;
    fox::segment_chunk sc;
    fox::segment_graph sg;

    explicit group_offsets(const fox::group& g)
        : world(std::uint64_t{g.nav_world_entry().offset()} + fox::entry_header_size),
          mesh(std::uint64_t{g.navmesh_entry().offset()} + fox::entry_header_size),
          segments(std::uint64_t{g.segment_chunk_entry().offset()} + fox::entry_header_size),
          graph(std::uint64_t{g.segment_graph_entry().offset()} + fox::entry_header_size),
          w(g.nav_world()), m(g.navmesh_chunk()), sc(g.segment_chunk()), sg(g.segment_graph()) {}

    std::uint64_t node_position(std::uint64_t i) const { return world + w.ss1_offset() + 6 * i; }
    std::uint64_t node_info(std::uint64_t i) const { return world + w.ss2_offset() + 6 * i; }
    std::uint64_t node_record(const fox::nav_node& n) const {
        return world + w.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
    std::uint64_t node_link(const fox::nav_node& n) const { return node_record(n) + 4 * std::uint64_t{n.adjacency_count()}; }
    std::uint64_t node_face(std::uint64_t i) const { return world + w.ss6_offset() + 2 * i; }
    std::uint64_t edge(std::uint64_t i) const { return world + w.ss4_offset() + 6 * i; }
    std::uint64_t segment_flags(std::uint64_t s) const { return world + w.ss5_offset() + 2 * s; }
    std::uint64_t vertex(std::uint64_t i) const { return mesh + m.ss1_offset() + 6 * i; }
    std::uint64_t face_word(std::uint64_t i) const { return mesh + m.ss2_offset() + 4 * i; }
    std::uint64_t face_record(const fox::face& f) const { return mesh + m.ss3_offset() + f.record_offset(); }
    std::uint64_t segment_box(std::uint64_t s) const { return segments + sc.ss1_offset() + 12 * s; }
    std::uint64_t segment_range(std::uint64_t s) const { return segments + sc.ss2_offset() + 12 * s; }
    std::uint64_t graph_node_position(std::uint64_t i) const { return graph + sg.ss1_offset() + 6 * i; }
    std::uint64_t graph_node_info(std::uint64_t i) const { return graph + sg.ss2_offset() + 12 * i; }
    std::uint64_t graph_node_record(const fox::graph_node& n) const {
        return graph + sg.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
};


inline std::string face_name(const fox::group& g, const fox::face& f) {
    return "face #" + std::to_string(f.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(f.segment()) + ")";
}
inline std::string node_name(const fox::group& g, const fox::nav_node& n) {
    return "node #" + std::to_string(n.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(n.segment()) + ")";
}
inline std::string edge_name(const fox::group& g, const fox::nav_edge& e) {
    return "edge #" + std::to_string(e.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(e.segment()) + ", nodes " + std::to_string(e.from_node()) + " -> " +
           std::to_string(e.to_node()) + ")";
}
inline std::string segment_name(const fox::group& g, std::uint32_t s) {
    return "segment #" + std::to_string(s) + " (group " + std::to_string(g.id()) + ")";
}

// A library finding's record as the command names it.
inline std::string record_name(const fox::nav2_file& f, const navspan::finding& lf) {
    const auto index = static_cast<std::uint32_t>(lf.index);
    if (lf.record == "file") return "end of file";
    if (lf.record == "group") return "group " + std::to_string(lf.id);
    if (lf.record == "nav system cell") return "NavSystem cell #" + std::to_string(lf.index);
    const auto found = f.find_group(static_cast<std::uint16_t>(lf.parent_id));
    if (lf.parent != "group" || !found) return std::string(lf.record) + " #" + std::to_string(lf.index);
    const fox::group g = *found;
    if (lf.record == "face") return face_name(g, g.navmesh_chunk().face_at(index));
    if (lf.record == "node") return node_name(g, g.nav_world().node(index));
    if (lf.record == "edge") return edge_name(g, g.nav_world().edge(index));
    if (lf.record == "segment") return segment_name(g, index);
    return std::string(lf.record) + " #" + std::to_string(lf.index) + " (group " + std::to_string(g.id()) + ")";
}

// ---------------------------------------------------------------- dump

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

// ---------------------------------------------------------------- scene

// Segments coloured so that neighbouring segments (sharing a face edge, in
// this group or another) differ: greedy, in (group, segment) order.
struct segment_colouring {
    std::uint32_t first[257] = {};  // global index of each group's segment 0
    std::vector<std::uint32_t> colour;

    segment_colouring(const fox::nav2_file& f, const group_table& all, std::uint32_t palette) {
        std::uint32_t total = 0;
        for (std::uint32_t g = 0; g < 256; ++g) {
            first[g] = total;
            if (all.present[g]) total += all.groups[g].segment_chunk().segment_count();
        }
        first[256] = total;
        std::vector<std::vector<std::uint32_t>> touching(total);
        for (const fox::group g : f.groups()) {
            for (const fox::face face : g.faces()) {
                const std::uint32_t a = first[g.id()] + face.segment();
                for (const fox::face_neighbour nb : face.neighbours()) {
                    std::uint32_t b = a;
                    if (nb.kind() == fox::neighbour_kind::same_group) {
                        b = first[g.id()] + g.navmesh_chunk().face_at(nb.face()).segment();
                    } else if (nb.kind() == fox::neighbour_kind::other_group && all.find(nb.group()) != nullptr) {
                        b = first[nb.group()] + all.groups[nb.group()].navmesh_chunk().face_at(nb.face()).segment();
                    }
                    if (b != a) {
                        touching[a].push_back(b);
                        touching[b].push_back(a);
                    }
                }
            }
        }
        colour.assign(total, 0);
        std::vector<bool> used(palette);
        for (std::uint32_t s = 0; s < total; ++s) {
            std::fill(used.begin(), used.end(), false);
            for (const std::uint32_t t : touching[s]) {
                if (t < s) used[colour[t]] = true;
            }
            std::uint32_t c = 0;
            while (c < palette && used[c]) ++c;
            colour[s] = c < palette ? c : s % palette;  // more neighbours than colours: any
        }
    }
    std::uint32_t of(std::uint32_t group, std::uint32_t segment) const { return colour[first[group] + segment]; }
};

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: ../dump/fox.md).
inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    const auto opened = fox::nav2_file::open(bytes);
    if (!opened) return opened.error();
    const fox::nav2_file& f = *opened;

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

// Checks beyond structure: navspan::fox::validate (the library's checks),
// printed with the records named as the picture and the dump name them
// ("face #3 (group 4, segment 0)"). Every check is quiet on the 22 readable
// Konami files of the corpus; the Obj2Nav2 test file gets the findings its
// writer is known for (spec section 14).
inline navspan::error validate(navspan::bytes_view bytes, findings& out, const check_choice& choice = {}) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    const auto opened = fox::nav2_file::open(bytes);
    if (!opened) return opened.error();
    const fox::nav2_file& f = *opened;
    return fox::validate(f, [&](const navspan::finding& lf) {
        finding x = from_library(lf);
        if (lf.not_listed == 0) x.record = record_name(f, lf);
        out.push_back(std::move(x));
    }, choice.in(fox::validate_checks));
}

// The top-down picture: faces coloured by segment (neighbouring segments in
// different colours), the NavWorld edges over them, the face edges that lead
// into another group or tile, and the nodes linked across segments, groups
// and tiles. World coordinates, y up (ground plane x/z; see ../dump/fox.md).
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    const auto opened = fox::nav2_file::open(bytes);
    if (!opened) return opened.error();
    const fox::nav2_file& f = *opened;
    const group_table all(f);
    out.up_axis = scene::vertical::y;
    out.units = "m";

    static constexpr const char* palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                              "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    constexpr std::uint32_t palette_size = sizeof palette / sizeof palette[0];
    const segment_colouring colouring(f, all, palette_size);
    // --color-by: segment (neighbours differ), group (one palette colour
    // each), height (colour_by_height, after this).
    out.colourings = {"segment", "group", "height"};
    out.empty_note = "no faces or nodes in this file";
    const bool by_group = out.options.colour_by == "group";
    std::size_t segment_total = 0;
    for (const fox::group g : f.groups()) {
        if (by_group) {
            scene::category(out.polygon_categories, "group " + std::to_string(g.id()));
            continue;
        }
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            scene::category(out.polygon_categories, "group" + std::to_string(g.id()) + "_segment" + std::to_string(s));
            out.polygon_colours.push_back(palette[colouring.of(g.id(), s)]);
            ++segment_total;
        }
    }
    if (!by_group) out.polygon_legend = "faces by segment (" + std::to_string(segment_total) + " segments)";

    // The graph in white over the faces' dark outlines.
    const std::uint32_t edge_line = scene::category(out.line_categories, "NavWorld edge (white)");
    out.line_colours.push_back("#ffffff");
    out.mark_link(edge_line);
    std::uint32_t group_edge_line = 0, tile_edge_line = 0;
    bool have_group_edges = false, have_tile_edges = false;
    for (const fox::group g : f.groups()) {
        for (const fox::face face : g.faces()) {
            for (const fox::face_neighbour nb : face.neighbours()) {
                have_group_edges = have_group_edges || nb.kind() == fox::neighbour_kind::other_group;
                have_tile_edges = have_tile_edges || nb.kind() == fox::neighbour_kind::other_tile;
            }
        }
    }
    if (have_group_edges) {
        group_edge_line = scene::category(out.line_categories, "face edge into another group");
        out.line_colours.push_back("#1f77b4");
    }
    if (have_tile_edges) {
        tile_edge_line = scene::category(out.line_categories, "face edge into a neighbouring tile");
        out.line_colours.push_back("#d62728");
    }

    // Nodes as points, by link kind.
    std::uint32_t kind_point[5] = {};
    kind_point[0] = scene::category(out.point_categories, "NavWorld node (white)");
    out.point_colours.push_back("#ffffff");
    static constexpr const char* kind_labels[5] = {"", "node linked to another segment", "node linked to another group", "",
                                                   "node linked to a neighbouring tile"};
    static constexpr const char* kind_colours[5] = {"", "#555555", "#1f77b4", "", "#d62728"};
    for (const std::uint8_t kind : {std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{4}}) {
        bool present = false;
        for (const fox::group g : f.groups()) {
            for (const fox::nav_node n : g.nodes()) present = present || n.link_kind_raw() == kind;
        }
        if (!present) continue;
        kind_point[kind] = scene::category(out.point_categories, kind_labels[kind]);
        out.point_colours.push_back(kind_colours[kind]);
    }

    std::uint32_t category = 0, group_index = 0;
    for (const fox::group g : f.groups()) {
        const fox::nav_world world = g.nav_world();
        const fox::segment_chunk segments = g.segment_chunk();
        for (const fox::face face : g.faces()) {
            scene_polygon p;
            for (std::size_t i = 0; i < face.corner_count(); ++i) p.corners.push_back(face.corner(i));
            p.category = by_group ? group_index : category + face.segment();
            p.label = face_name(g, face) + ", flags " + std::to_string(world.segment_flags_raw()[face.segment()]);
            out.polygons.push_back(std::move(p));
            for (std::size_t i = 0; i < face.corner_count(); ++i) {
                const fox::face_neighbour nb = face.neighbour(i);
                if (nb.kind() == fox::neighbour_kind::other_group) {
                    out.lines.push_back({face.corner(i), face.corner((i + 1) % face.corner_count()), group_edge_line, false});
                } else if (nb.kind() == fox::neighbour_kind::other_tile) {
                    out.lines.push_back({face.corner(i), face.corner((i + 1) % face.corner_count()), tile_edge_line, false});
                }
            }
        }
        for (const fox::nav_edge e : world.edges()) {
            out.lines.push_back({world.node(e.from_node()).position(), world.node(e.to_node()).position(), edge_line, false});
        }
        for (const fox::nav_node n : world.nodes()) {
            std::uint8_t kind = n.link_kind_raw();
            if (kind != 1 && kind != 2 && kind != 4) kind = 0;
            out.points.push_back({n.position(), kind_point[kind],
                                  node_name(g, n) + " at " + format_point(n.position()) + ", path id " +
                                      std::to_string(std::uint64_t{g.id()} * path_id_group_factor + n.index())});
        }
        category += segments.segment_count();
        ++group_index;
    }
    // Higher faces last, so an upper floor covers the one below it.
    const auto mean_height = [](const scene_polygon& p) {
        double y = 0;
        for (const navspan::vec3& c : p.corners) y += static_cast<double>(c.y);
        return std::isnan(y) ? -INFINITY : y / static_cast<double>(p.corners.size());
    };
    std::stable_sort(out.polygons.begin(), out.polygons.end(),
                     [&](const scene_polygon& a, const scene_polygon& b) { return mean_height(a) < mean_height(b); });
    // Face edges into other groups and tiles over the NavWorld edges.
    std::stable_sort(out.lines.begin(), out.lines.end(),
                     [&](const scene_line& a, const scene_line& b) { return (a.category == edge_line) > (b.category == edge_line); });
    return {};
}

}  // namespace navspan_cli::fox_format
