// An opened fox_nav2 file as the plain records of records.hpp (what the
// dump describes with fields.hpp). Entries are read one at a time
// (read_entry), so the dump holds one entry's records, not the file's.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <vector>

#include "../../navspan.hpp"

#include "common.hpp"
#include "records.hpp"

namespace navspan::tools::fox_fields {

using fox_format::tools_detail::group_offsets;

inline point point_of(const fox::quantized_point& q) { return {q.x, q.y, q.z}; }

inline header_record read_header(const fox::nav2_file& f) {
    const fox::file_header h = f.header();
    header_record r;
    r.magic = h.magic();
    r.file_size = h.file_size();
    r.end_of_header_offset = h.end_of_header_offset();
    r.entry_count = h.entry_count();
    r.nav_system_offset = h.nav_system_offset();
    r.file_index = h.file_index();
    r.tile_field = h.tile_field();
    r.tile_id = h.tile_id();
    r.tile = {h.tile().x, h.tile().z};
    r.tile_low_bits = h.tile_low_bits();
    r.section2_offset = h.section2_offset();
    r.o6 = h.o6();
    r.origin = h.origin();
    r.section3_offset = h.section3_offset();
    r.u1b = h.u1b();
    r.manifest_offset = h.manifest_offset();
    r.manifest_size = h.manifest_size();
    r.u1c = h.u1c();
    r.u1d = h.u1d();
    r.divisors = {h.divisor_x(), h.divisor_y(), h.divisor_z()};
    r.u1h = h.u1h();
    r.n7 = h.n7();
    r.section2_entry_count = h.section2_entry_count();
    r.n8 = h.n8();
    for (std::size_t i = 0; i < r.vals.size(); ++i) r.vals[i] = std::to_integer<std::uint8_t>(h.vals()[i]);
    return r;
}

inline manifest_record read_manifest(const fox::nav2_file& f) {
    const fox::manifest m = f.manifest();
    manifest_record r;
    r.offset = m.offset();
    r.group_count = m.group_count();
    for (const fox::manifest_record e : m.records()) {
        manifest_entry_record& x = r.records.emplace_back();
        x.offset = std::uint64_t{m.offset()} + 4 + 12 * (r.records.size() - 1);
        x.group_id = e.group_id();
        x.tile_byte = e.tile_byte();
        x.tile_word = e.tile_word();
        x.payload_offset = e.payload_offset();
        x.type = e.type_raw();
        x.entry_size = e.entry_size();
    }
    return r;
}

inline link_record read_link(const fox::node_link& link) {
    link_record r;
    r.kind = link.kind_raw();
    r.decoded = link.kind();
    for (const std::uint16_t word : link.words()) r.words.push_back(word);
    switch (link.kind()) {
        case fox::link_kind::same_group: r.node = link.node(); break;
        case fox::link_kind::other_group:
            r.group = link.group();
            r.node = link.node();
            break;
        case fox::link_kind::other_tile:
            r.tile_id = link.tile_id();
            r.group = link.group();
            break;
        case fox::link_kind::none: break;
    }
    return r;
}

inline nav_world_record read_nav_world(const fox::group& g, const group_offsets& at) {
    const fox::nav_world nw = g.nav_world();
    nav_world_record r{nw.ss1_offset(), nw.ss2_offset(), nw.ss4_offset(), nw.ss3_offset(), nw.u1(), nw.u2(),
                       nw.ss5_offset(), nw.u3(), nw.ss6_offset(), nw.node_count(), nw.edge_count(),
                       {nw.zero(0), nw.zero(1), nw.zero(2)}, nw.segment_count(), {}, {}, {}};
    for (const fox::nav_node n : nw.nodes()) {
        nav_node_record& x = r.nodes.emplace_back();
        x.offset = at.node_position(n.index());
        x.quantized = point_of(n.quantized());
        x.info_offset = at.node_info(n.index());
        x.ss3_half_offset = n.ss3_half_offset();
        x.segment = n.segment();
        x.adjacency_count = n.adjacency_count();
        x.link_kind = n.link_kind_raw();
        x.record_offset = at.node_record(n);
        for (const fox::node_adjacency a : n.adjacency()) x.adjacency.push_back({a.node(), a.edge()});
        x.link = read_link(n.link());
        x.face_offset = at.node_face(n.index());
        x.face = n.face();
    }
    for (const fox::nav_edge e : nw.edges()) {
        r.edges.push_back({at.edge(e.index()), e.weight(), e.segment(), e.from_local(), e.to_local(), e.from_node(),
                           e.to_node()});
    }
    for (const std::uint16_t flags : nw.segment_flags_raw()) {
        r.segment_flags.push_back({at.segment_flags(r.segment_flags.size()), flags});
    }
    return r;
}

inline neighbour_record read_neighbour(const fox::face_neighbour& nb) {
    neighbour_record r;
    r.raw = nb.raw();
    r.kind = nb.kind();
    switch (nb.kind()) {
        case fox::neighbour_kind::same_group: r.face = nb.face(); break;
        case fox::neighbour_kind::other_group:
            r.group = nb.group();
            r.face = nb.face();
            break;
        case fox::neighbour_kind::other_tile:
            r.tile_id = nb.tile_id();
            r.group = nb.group();
            break;
        case fox::neighbour_kind::none:
        case fox::neighbour_kind::invalid: break;
    }
    r.has_extension = nb.has_extension();
    if (r.has_extension) {
        r.ext_a = nb.ext_a();
        r.ext_b = nb.ext_b();
    }
    return r;
}

inline navmesh_record read_navmesh(const fox::group& g, const group_offsets& at) {
    const fox::navmesh_chunk m = g.navmesh_chunk();
    navmesh_record r;
    r.ss1_offset = m.ss1_offset();
    r.ss2_offset = m.ss2_offset();
    r.ss3_offset = m.ss3_offset();
    for (std::size_t i = 0; i < r.uu.size(); ++i) r.uu[i] = m.uu(i);
    r.face_count = m.face_count();
    r.vertex_count = m.vertex_count();
    r.u4 = m.u4();
    r.u5 = m.u5();
    r.face_segment_bits = m.face_segment_bits();
    for (const fox::mesh_vertex v : m.vertices()) r.vertices.push_back({at.vertex(v.index()), point_of(v.quantized())});
    for (const fox::face f : m.faces()) {
        face_record& x = r.faces.emplace_back();
        x.offset = at.face_word(f.index());
        x.word = f.word();
        x.record_offset = at.face_record(f);
        x.quad = f.is_quad();
        x.bit19 = f.bit19();
        x.segment_bits = f.segment_bits();
        x.segment = f.segment();
        x.has_extension = f.has_extension();
        for (std::size_t i = 0; i < f.corner_count(); ++i) {
            x.corners.push_back({f.local_vertex(i), f.vertex(i), point_of(f.corner_quantized(i)), f.edge_id(i),
                                 f.edge_node(i), read_neighbour(f.neighbour(i))});
        }
    }
    return r;
}

inline segment_chunk_record read_segment_chunk(const fox::group& g, const group_offsets& at) {
    const fox::segment_chunk sc = g.segment_chunk();
    segment_chunk_record r{sc.ss1_offset(), sc.ss2_offset(), sc.total_size(), sc.segment_count(),
                           sc.stored_node_ranges(), sc.stored_edge_ranges(), {}};
    for (const fox::segment s : sc.segments()) {
        r.segments.push_back({at.segment_box(s.index()), at.segment_range(s.index()), point_of(s.bounds_min_quantized()),
                              point_of(s.bounds_max_quantized()), s.vertex_offset(), s.first_face(),
                              s.stored_first_edge(), s.stored_first_node(), s.vertex_count(), s.face_count(),
                              s.stored_edge_count(), s.stored_node_count(), s.first_node(), s.node_count(),
                              s.first_edge(), s.edge_count()});
    }
    return r;
}

// A graph node's edges, each with its share of the mesh edge ids that
// follow all of them.
inline void read_graph_edges(const fox::graph_node& n, graph_node_record& x) {
    const auto ids = n.mesh_edge_ids();
    auto next = ids.begin();
    auto take = [&](graph_edge_record& e) {
        for (std::uint32_t i = 0; i < e.adjacent_edge_count; ++i) e.mesh_edge_ids.push_back(*next++);
    };
    for (const fox::graph_edge_same_group e : n.same_group_edges()) {
        graph_edge_record& r = x.same_group.emplace_back();
        r.weight = e.weight();
        r.adjacent_node = e.adjacent_node();
        r.adjacent_edge_count = e.adjacent_edge_count();
        r.u1 = e.u1();
        take(r);
    }
    for (const fox::graph_edge_other_group e : n.other_group_edges()) {
        graph_edge_record& r = x.other_group.emplace_back();
        r.group_id = e.group_id();
        r.weight = e.weight();
        r.adjacent_node = e.adjacent_node();
        r.adjacent_edge_count = e.adjacent_edge_count();
        r.u5 = e.u5();
        take(r);
    }
    for (const fox::graph_edge_other_tile e : n.other_tile_edges()) {
        graph_edge_record& r = x.other_tile.emplace_back();
        r.tile_id = e.tile_id();
        r.group_id = e.group_id();
        r.adjacent_node = e.adjacent_node();
        r.u4 = e.u4();
        r.adjacent_edge_count = e.adjacent_edge_count();
        r.u6 = e.u6();
        take(r);
    }
}

inline segment_graph_record read_segment_graph(const fox::group& g, const group_offsets& at) {
    const fox::segment_graph sg = g.segment_graph();
    segment_graph_record r{sg.ss1_offset(), sg.ss2_offset(), sg.ss3_offset(), sg.uu1(), sg.total_size(), sg.node_count(),
                           sg.uu3(), sg.total_adjacent_mesh_edges(), sg.pad(), {}};
    for (const fox::graph_node n : sg.nodes()) {
        graph_node_record& x = r.nodes.emplace_back();
        x.offset = at.graph_node_position(n.index());
        x.quantized = point_of(n.quantized());
        x.info_offset = at.graph_node_info(n.index());
        x.ss3_half_offset = n.ss3_half_offset();
        x.u3 = n.u3();
        x.u4 = n.u4();
        x.u5 = n.u5();
        x.u6 = n.u6();
        x.record_offset = at.graph_node_record(n);
        read_graph_edges(n, x);
    }
    return r;
}

inline entry_record read_entry(const fox::nav2_file& f, const fox::entry& e) {
    const fox::group g = *f.find_group(e.group_id());
    const group_offsets at(g);
    entry_record r;
    r.offset = e.offset();
    r.kind = e.type();
    r.type = e.type_raw();
    r.u1 = e.u1();
    r.next_entry_offset = e.next_entry_offset();
    r.payload_offset = e.payload_offset();
    r.group_id = e.group_id();
    r.tile_byte = e.tile_byte();
    r.tile_word = e.tile_word();
    r.quant = g.quant();
    switch (e.type()) {
        case fox::entry_type::nav_world: r.nav_world = read_nav_world(g, at); break;
        case fox::entry_type::navmesh_chunk: r.navmesh = read_navmesh(g, at); break;
        case fox::entry_type::segment_chunk: r.segment_chunk = read_segment_chunk(g, at); break;
        case fox::entry_type::segment_graph: r.segment_graph = read_segment_graph(g, at); break;
    }
    return r;
}

inline section2_record read_section2_entry(const fox::section2_entry& e) {
    section2_record r{e.offset(), e.next_entry_offset(), e.ss1_offset(), e.node_count(), e.ss2_offset(), e.ss3_offset(),
                      e.ss4_offset(), e.ss5_offset(), e.ss6_offset(), {}, {}, {}, {}, {}, {}};
    for (const fox::section2_node n : e.nodes()) {
        section2_node_record& x = r.nodes.emplace_back();
        x.offset = std::uint64_t{e.offset()} + e.ss1_offset() + 14 * (r.nodes.size() - 1);
        x.quantized = point_of(n.quantized());
        x.flags = n.flags_raw();
        x.ss2_byte_offset = n.ss2_byte_offset();
        x.count_b = n.count_b();
        x.count_a = n.count_a();
        for (const fox::section2_adjacency a : n.adjacency()) x.adjacency.push_back({a.weight(), a.node()});
        for (const std::uint16_t word : n.extra_words()) x.extra_words.push_back(word);
    }
    for (const fox::section2_record3 x : e.ss3_records()) r.ss3.push_back({x.a(), x.b(), x.c()});
    for (const std::uint16_t word : e.ss4_words()) r.ss4.push_back(word);
    for (const fox::section2_neighbour nb : e.neighbours()) r.neighbours.push_back({nb.tile_id(), nb.b(), nb.c()});
    r.ss5_bytes.assign(e.ss5_bytes().begin(), e.ss5_bytes().end());
    r.ss6_bytes.assign(e.ss6_bytes().begin(), e.ss6_bytes().end());
    return r;
}

inline nav_system_record read_nav_system(const fox::nav2_file& f) {
    const fox::nav_system ns = f.nav_system();
    nav_system_record r{ns.offset(), ns.origin(), ns.unknown(), ns.cells_x(), ns.cells_y(), ns.cells_z(), ns.cell_size(),
                        ns.n5(), ns.ss1_offset(), ns.ss2_offset(), ns.ss3_offset(), {}};
    for (const fox::nav_cell cell : ns.cells()) {
        nav_cell_record& x = r.cells.emplace_back();
        x.offset = std::uint64_t{ns.offset()} + ns.ss1_offset() + 8 * (r.cells.size() - 1);
        x.rel_offset = cell.rel_offset();
        x.count = cell.count();
        x.u2 = cell.u2();
        x.u3 = cell.u3();
        std::uint64_t at = x.offset + cell.rel_offset();
        for (const fox::cell_record c : cell.records()) {
            cell_record& y = x.records.emplace_back();
            y.offset = at;
            y.group_id = c.group_id();
            y.tile_byte = c.tile_byte();
            y.tile_word = c.tile_word();
            for (const std::uint16_t s : c.segments()) y.segments.push_back(s);
            at += c.size_bytes();
        }
    }
    return r;
}

// The file apart from its entries.
inline file_record read_file_records(const fox::nav2_file& f) {
    file_record m;
    m.trailing_bytes = f.trailing().size();
    m.quant = f.quant();
    m.header = read_header(f);
    m.manifest = read_manifest(f);
    m.has_section2 = f.has_section2();
    if (m.has_section2) {
        for (const fox::section2_entry e : f.section2()) m.section2.push_back(read_section2_entry(e));
    }
    if (f.has_section3()) m.section3 = section3_record{f.header().section3_offset(), {f.section3().begin(), f.section3().end()}};
    if (f.has_nav_system()) m.nav_system = read_nav_system(f);
    return m;
}

}  // namespace navspan::tools::fox_fields

#include "../../core/min_max_pop.hpp"
