// walk_fox: open a `.nav2` and, when it verifies, call every accessor of
// every record and follow every checked index, folding all values into one
// hash. Used by the corruption sweeps, the allocation test, the fuzz target
// and the traversal benchmark. Allocates nothing.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <navspan/fox.hpp>

namespace navspan_test {

namespace fox_walk_detail {

// Folds values as cheaply as possible (a sum, mixed once at the end), so
// the walk measures the accessors rather than the hash.
struct hasher {
    std::uint64_t h = 1469598103934665603ull;
    void add(std::uint64_t v) noexcept { h += v; }
    std::uint64_t result() const noexcept {
        std::uint64_t x = h;
        x ^= x >> 33;
        x *= 0xFF51AFD7ED558CCDull;
        x ^= x >> 33;
        return x == 0xF0C5BADF11Eull ? x + 1 : x;
    }
    void add(float f) noexcept { add(static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(f))); }
    void add(navspan::vec3 v) noexcept {
        add(v.x);
        add(v.y);
        add(v.z);
    }
    void add(navspan::fox::quantized_point q) noexcept {
        add(std::uint64_t{q.x} | (std::uint64_t{q.y} << 16) | (std::uint64_t{q.z} << 32));
    }
    void add(std::span<const std::byte> bytes) noexcept {
        add(static_cast<std::uint64_t>(bytes.size()));
        if (!bytes.empty()) add(static_cast<std::uint64_t>(std::to_integer<unsigned>(bytes.back())));
    }
    void add(std::string_view s) noexcept { add(static_cast<std::uint64_t>(s.size())); }
};

// The file's groups by id, found once (find_group walks the chain).
struct group_table {
    navspan::fox::group groups[256];
    bool present[256] = {};
};

inline void walk_nav_world(hasher& h, const navspan::fox::group& g, const group_table& all) {
    namespace fox = navspan::fox;
    const fox::nav_world w = g.nav_world();
    const fox::navmesh_chunk mesh = g.navmesh_chunk();
    h.add(std::uint64_t{w.node_count()});
    h.add(std::uint64_t{w.edge_count()});
    h.add(std::uint64_t{w.segment_count()});
    for (std::uint32_t v : {w.ss1_offset(), w.ss2_offset(), w.ss3_offset(), w.ss4_offset(), w.ss5_offset(),
                            w.ss6_offset(), w.u1(), w.u2(), w.u3()}) {
        h.add(std::uint64_t{v});
    }
    for (std::size_t i = 0; i < 3; ++i) h.add(std::uint64_t{w.zero(i)});
    for (fox::nav_node n : w.nodes()) {
        h.add(std::uint64_t{n.index()});
        h.add(n.quantized());
        h.add(n.position());
        h.add(std::uint64_t{n.ss3_half_offset()});
        h.add(std::uint64_t{n.segment()});
        h.add(std::uint64_t{n.adjacency_count()});
        h.add(std::uint64_t{n.link_kind_raw()});
        for (fox::node_adjacency a : n.adjacency()) {
            // Follow each index to a cheap accessor of its target (every
            // position is dequantised once, where its own record is walked).
            h.add(w.node(a.node()).quantized());
            h.add(std::uint64_t{w.edge(a.edge()).weight()});
        }
        const fox::node_link link = n.link();
        h.add(std::uint64_t{link.kind_raw()});
        for (std::uint16_t word : link.words()) h.add(std::uint64_t{word});
        for (std::size_t i = 0; i < link.word_count(); ++i) h.add(std::uint64_t{link.word(i)});
        switch (link.kind()) {
            case fox::link_kind::none: break;
            case fox::link_kind::same_group: h.add(w.node(link.node()).quantized()); break;
            case fox::link_kind::other_group:
                h.add(std::uint64_t{link.group()});
                if (all.present[link.group()]) h.add(all.groups[link.group()].nav_world().node(link.node()).quantized());
                else h.add(std::uint64_t{link.node()});
                break;
            case fox::link_kind::other_tile:
                h.add(std::uint64_t{link.tile_id()});
                h.add(std::uint64_t{link.group()});
                h.add(std::uint64_t{link.terminator()});
                break;
        }
        h.add(std::uint64_t{mesh.face_at(n.face()).segment()});
    }
    for (fox::nav_edge e : w.edges()) {
        h.add(std::uint64_t{e.index()});
        h.add(std::uint64_t{e.weight()});
        h.add(std::uint64_t{e.segment()});
        h.add(std::uint64_t{e.from_local()});
        h.add(std::uint64_t{e.to_local()});
        h.add(w.node(e.from_node()).quantized());
        h.add(w.node(e.to_node()).quantized());
    }
    for (std::uint16_t flags : w.segment_flags_raw()) {
        h.add(std::uint64_t{flags});
    }
}

inline void walk_navmesh(hasher& h, const navspan::fox::group& g, const group_table& all) {
    namespace fox = navspan::fox;
    const fox::navmesh_chunk mesh = g.navmesh_chunk();
    const fox::nav_world w = g.nav_world();
    h.add(std::uint64_t{mesh.face_count()});
    h.add(std::uint64_t{mesh.vertex_count()});
    h.add(std::uint64_t{mesh.ss1_offset()} ^ (std::uint64_t{mesh.ss2_offset()} << 20) ^ (std::uint64_t{mesh.ss3_offset()} << 40));
    for (std::size_t i = 0; i < 6; ++i) h.add(std::uint64_t{mesh.uu(i)});
    h.add(std::uint64_t{mesh.u4()});
    h.add(std::uint64_t{mesh.u5()});
    h.add(std::uint64_t{mesh.face_segment_bits()});
    for (std::uint32_t word : mesh.face_words()) h.add(std::uint64_t{word});
    for (fox::mesh_vertex v : mesh.vertices()) {
        h.add(std::uint64_t{v.index()});
        h.add(v.quantized());
        h.add(v.position());
    }
    for (fox::face f : mesh.faces()) {
        h.add(std::uint64_t{f.index()});
        h.add(std::uint64_t{f.word()});
        h.add(std::uint64_t{f.record_offset()});
        h.add(std::uint64_t{f.is_quad()});
        h.add(std::uint64_t{f.bit19()});
        h.add(std::uint64_t{f.segment_bits()});
        h.add(std::uint64_t{f.segment()});
        h.add(std::uint64_t{f.has_extension()});
        h.add(f.record_bytes());
        h.add(g.segment_chunk()[f.segment()].bounds_min_quantized());
        const fox::face_neighbours neighbours = f.neighbours();
        h.add(std::uint64_t{f.neighbour(0).raw()});
        for (std::size_t i = 0; i < f.corner_count(); ++i) {
            const fox::face_neighbour nb = neighbours[i];
            h.add(std::uint64_t{nb.raw()});
            h.add(std::uint64_t{nb.has_extension()});
            h.add(std::uint64_t{nb.ext_a()});
            h.add(std::uint64_t{nb.ext_b()});
            switch (nb.kind()) {
                case fox::neighbour_kind::same_group: h.add(std::uint64_t{mesh.face_at(nb.face()).segment()}); break;
                case fox::neighbour_kind::other_group:
                    h.add(std::uint64_t{nb.group()});
                    if (all.present[nb.group()]) h.add(all.groups[nb.group()].navmesh_chunk().face_at(nb.face()).corner_quantized(0));
                    else h.add(std::uint64_t{nb.face()});
                    break;
                case fox::neighbour_kind::other_tile:
                    h.add(std::uint64_t{nb.group()});
                    h.add(std::uint64_t{nb.tile_id()});
                    break;
                case fox::neighbour_kind::none:
                case fox::neighbour_kind::invalid: break;
            }
            h.add(std::uint64_t{f.local_vertex(i)});
            h.add(std::uint64_t{f.vertex(i)});
            h.add(f.corner_quantized(i));
            h.add(f.corner(i));
            h.add(std::uint64_t{f.edge_id(i)});
            h.add(w.node(f.edge_node(i)).quantized());
        }
    }
}

inline void walk_segments(hasher& h, const navspan::fox::group& g) {
    namespace fox = navspan::fox;
    const fox::segment_chunk chunk = g.segment_chunk();
    const fox::navmesh_chunk mesh = g.navmesh_chunk();
    const fox::nav_world w = g.nav_world();
    h.add(std::uint64_t{chunk.ss1_offset()});
    h.add(std::uint64_t{chunk.ss2_offset()});
    h.add(std::uint64_t{chunk.total_size()});
    h.add(std::uint64_t{chunk.segment_count()});
    h.add(std::uint64_t{chunk.stored_node_ranges()} | (std::uint64_t{chunk.stored_edge_ranges()} << 1));
    for (fox::segment s : chunk.segments()) {
        h.add(std::uint64_t{s.index()});
        h.add(s.bounds_min_quantized());
        h.add(s.bounds_max_quantized());
        h.add(s.bounds().min);
        h.add(s.bounds().max);
        h.add(std::uint64_t{s.vertex_offset()} | (std::uint64_t{s.vertex_count()} << 16));
        h.add(std::uint64_t{s.first_face()} | (std::uint64_t{s.face_count()} << 16));
        h.add(std::uint64_t{s.first_node()} | (std::uint64_t{s.node_count()} << 16));
        h.add(std::uint64_t{s.first_edge()} | (std::uint64_t{s.edge_count()} << 16));
        h.add(std::uint64_t{s.stored_first_edge()} | (std::uint64_t{s.stored_first_node()} << 16) |
              (std::uint64_t{s.stored_edge_count()} << 32) | (std::uint64_t{s.stored_node_count()} << 40));
        if (s.vertex_count() > 0) h.add(mesh.vertex(s.vertex_index(0)).position());
        if (s.face_count() > 0) h.add(std::uint64_t{mesh.face_at(s.first_face()).segment()});
        if (s.node_count() > 0) h.add(w.node(s.first_node()).position());
        if (s.edge_count() > 0) h.add(std::uint64_t{w.edge(s.first_edge() + s.edge_count() - 1).segment()});
    }
}

inline void walk_segment_graph(hasher& h, const navspan::fox::group& g) {
    namespace fox = navspan::fox;
    const fox::segment_graph graph = g.segment_graph();
    h.add(std::uint64_t{graph.node_count()});
    for (std::uint32_t v : {graph.ss1_offset(), graph.ss2_offset(), graph.ss3_offset(), graph.uu1(), graph.total_size(),
                            graph.total_adjacent_mesh_edges()}) {
        h.add(std::uint64_t{v});
    }
    h.add(std::uint64_t{graph.uu3()});
    h.add(std::uint64_t{graph.pad()});
    for (fox::graph_node n : graph.nodes()) {
        h.add(std::uint64_t{n.index()});
        h.add(n.quantized());
        h.add(n.position());
        h.add(std::uint64_t{n.ss3_half_offset()});
        h.add(static_cast<std::uint64_t>(n.u3()));
        h.add(std::uint64_t{n.u4()} | (std::uint64_t{n.u5()} << 16) | (std::uint64_t{n.u6()} << 24));
        h.add(std::uint64_t{n.same_group_count()} | (std::uint64_t{n.other_group_count()} << 8) |
              (std::uint64_t{n.other_tile_count()} << 16));
        for (fox::graph_edge_same_group e : n.same_group_edges()) {
            h.add(std::uint64_t{e.weight()} | (std::uint64_t{e.adjacent_node()} << 16) |
                  (std::uint64_t{e.adjacent_edge_count()} << 32) | (std::uint64_t{e.u1()} << 40));
            if (e.adjacent_node() < graph.node_count()) h.add(graph.node(e.adjacent_node()).position());
        }
        for (fox::graph_edge_other_group e : n.other_group_edges()) {
            h.add(std::uint64_t{e.group_id()} | (std::uint64_t{e.weight()} << 16) | (std::uint64_t{e.adjacent_node()} << 32) |
                  (std::uint64_t{e.adjacent_edge_count()} << 48) | (std::uint64_t{e.u5()} << 56));
        }
        for (fox::graph_edge_other_tile e : n.other_tile_edges()) {
            h.add(std::uint64_t{e.tile_id()} | (std::uint64_t{e.group_id()} << 16) | (std::uint64_t{e.adjacent_node()} << 32) |
                  (std::uint64_t{e.u4()} << 48));
            h.add(std::uint64_t{e.adjacent_edge_count()} | (std::uint64_t{e.u6()} << 8));
        }
        for (std::uint8_t id : n.mesh_edge_ids()) h.add(std::uint64_t{id});
    }
}

inline void walk_sections(hasher& h, const navspan::fox::nav2_file& file, const group_table& all) {
    namespace fox = navspan::fox;
    h.add(std::uint64_t{file.has_section2()});
    for (fox::section2_entry e : file.section2()) {
        h.add(std::uint64_t{e.offset()});
        for (std::uint16_t v : {e.next_entry_offset(), e.ss1_offset(), e.node_count(), e.ss2_offset(), e.ss3_offset(),
                                e.ss4_offset(), e.ss5_offset(), e.ss6_offset()}) {
            h.add(std::uint64_t{v});
        }
        const auto nodes = e.nodes();
        for (fox::section2_node n : nodes) {
            h.add(n.quantized());
            h.add(n.position());
            h.add(std::uint64_t{n.flags_raw()} | (std::uint64_t{n.ss2_byte_offset()} << 16) | (std::uint64_t{n.count_b()} << 32) |
                  (std::uint64_t{n.count_a()} << 48));
            for (fox::section2_adjacency a : n.adjacency()) {
                h.add(std::uint64_t{a.weight()});
                h.add(nodes[a.node()].position());
            }
            for (std::uint16_t word : n.extra_words()) h.add(std::uint64_t{word});
        }
        for (fox::section2_record3 r : e.ss3_records()) h.add(std::uint64_t{r.a()} ^ (std::uint64_t{r.b()} << 32) ^ (std::uint64_t{r.c()} << 48));
        for (std::uint16_t v : e.ss4_words()) h.add(std::uint64_t{v});
        for (fox::section2_neighbour nb : e.neighbours()) h.add(std::uint64_t{nb.tile_id()} | (std::uint64_t{nb.b()} << 16) | (std::uint64_t{nb.c()} << 32));
        h.add(e.ss5_bytes());
        h.add(e.ss6_bytes());
        h.add(std::uint64_t{e.bytes().size()});
    }
    h.add(std::uint64_t{file.has_section3()});
    h.add(file.section3());
    h.add(std::uint64_t{file.has_nav_system()});
    if (file.has_nav_system()) {
        const fox::nav_system ns = file.nav_system();
        h.add(std::uint64_t{ns.offset()});
        h.add(ns.origin());
        for (std::uint32_t v : {ns.unknown(), ns.cells_x(), ns.cells_y(), ns.cells_z(), ns.cell_size(), ns.n5(),
                                ns.ss1_offset(), ns.ss2_offset(), ns.ss3_offset()}) {
            h.add(std::uint64_t{v});
        }
        h.add(std::uint64_t{ns.bytes().size()});
        if (ns.cell_count() > 0) {
            const fox::nav_cell last = ns.cell_at(ns.cells_x() - 1, ns.cells_y() - 1, ns.cells_z() - 1);
            h.add(std::uint64_t{last.count()});
        }
        for (fox::nav_cell c : ns.cells()) {
            h.add(std::uint64_t{c.rel_offset()} | (std::uint64_t{c.count()} << 32) | (std::uint64_t{c.u2()} << 48) |
                  (std::uint64_t{c.u3()} << 56));
            for (fox::cell_record r : c.records()) {
                h.add(std::uint64_t{r.group_id()} | (std::uint64_t{r.tile_byte()} << 8) | (std::uint64_t{r.tile_word()} << 16) |
                      (std::uint64_t{r.segment_count()} << 32));
                h.add(std::uint64_t{r.size_bytes()});
                for (std::uint16_t s : r.segments()) {
                    if (all.present[r.group_id()]) h.add(all.groups[r.group_id()].segment_chunk()[s].bounds().max);
                    else h.add(std::uint64_t{s});
                }
            }
        }
    }
}

}  // namespace fox_walk_detail

inline constexpr std::uint64_t fox_walk_rejected = 0xF0C5BADF11Eull;

inline std::uint64_t walk_fox(std::span<const std::byte> bytes) {
    namespace fox = navspan::fox;
    using namespace fox_walk_detail;
    const auto opened = fox::nav2_file::open(bytes);
    if (!opened) return fox_walk_rejected;
    const fox::nav2_file& file = *opened;
    hasher h;

    const fox::file_header hd = file.header();
    for (std::uint64_t v : {std::uint64_t{hd.magic()}, std::uint64_t{hd.file_size()}, std::uint64_t{hd.end_of_header_offset()},
                            std::uint64_t{hd.entry_count()}, std::uint64_t{hd.nav_system_offset()},
                            std::uint64_t{hd.file_index()}, std::uint64_t{hd.tile_field()}, std::uint64_t{hd.tile_id()},
                            std::uint64_t{hd.tile_low_bits()}, std::uint64_t{hd.tile().x}, std::uint64_t{hd.tile().z},
                            std::uint64_t{hd.u0a()}, std::uint64_t{hd.u0b()}, std::uint64_t{hd.u0c()},
                            std::uint64_t{hd.section2_offset()}, std::uint64_t{hd.o6()}, std::uint64_t{hd.section3_offset()},
                            std::uint64_t{hd.u1b()}, std::uint64_t{hd.manifest_offset()}, std::uint64_t{hd.manifest_size()},
                            std::uint64_t{hd.u1c()}, std::uint64_t{hd.u1d()}, std::uint64_t{hd.divisor_x()},
                            std::uint64_t{hd.divisor_y()}, std::uint64_t{hd.divisor_z()}, std::uint64_t{hd.u1h()},
                            std::uint64_t{hd.n7()}, std::uint64_t{hd.section2_entry_count()}, std::uint64_t{hd.n8()}}) {
        h.add(v);
    }
    h.add(hd.origin());
    h.add(std::span<const std::byte>(hd.vals()));
    h.add(file.quant().origin());
    h.add(std::uint64_t{file.chain_end_offset()} | (std::uint64_t{file.section2_end_offset()} << 32));
    h.add(file.trailing());

    const fox::manifest m = file.manifest();
    h.add(std::uint64_t{m.offset()});
    h.add(std::uint64_t{m.group_count()});
    for (fox::manifest_record r : m.records()) {
        h.add(std::uint64_t{r.group_id()} | (std::uint64_t{r.tile_byte()} << 8) | (std::uint64_t{r.tile_word()} << 16) |
              (std::uint64_t{r.type_raw()} << 32));
        h.add(std::uint64_t{r.payload_offset()} | (std::uint64_t{r.entry_size()} << 32));
        h.add(navspan::name_of(fox::entry_type_names, static_cast<std::uint64_t>(r.type())));
    }
    for (fox::entry e : file.entries()) {
        h.add(std::uint64_t{e.offset()} | (std::uint64_t{e.type_raw()} << 32) | (std::uint64_t{e.u1()} << 48));
        h.add(std::uint64_t{e.next_entry_offset()} | (std::uint64_t{e.payload_offset()} << 32));
        h.add(std::uint64_t{e.group_id()} | (std::uint64_t{e.tile_byte()} << 8) | (std::uint64_t{e.tile_word()} << 16));
        h.add(std::uint64_t{e.bytes().size()} ^ (std::uint64_t{e.payload().size()} << 32));
        h.add(navspan::name_of(fox::entry_type_names, e.type_raw()));
    }

    for (const auto& table : {std::span<const navspan::named_value>(fox::link_kind_names),
                              std::span<const navspan::named_value>(fox::neighbour_kind_names),
                              std::span<const navspan::named_value>(fox::segment_flag_values)}) {
        for (const auto& nv : table) h.add(navspan::name_of(table, nv.value));
    }

    group_table all;
    h.add(std::uint64_t{file.group_count()});
    for (fox::group g : file.groups()) {
        all.groups[g.id()] = g;
        all.present[g.id()] = true;
    }
    for (fox::group g : file.groups()) {
        h.add(std::uint64_t{g.id()});
        h.add(std::uint64_t{file.find_group(g.id()).has_value()});
        h.add(g.quant().origin());
        h.add(std::uint64_t{g.nav_world_entry().offset()} ^ std::uint64_t{g.navmesh_entry().offset()} ^
              std::uint64_t{g.segment_chunk_entry().offset()} ^ std::uint64_t{g.segment_graph_entry().offset()});
        h.add(std::uint64_t{g.faces().size()} ^ std::uint64_t{g.vertices().size()} ^ std::uint64_t{g.segments().size()} ^
              std::uint64_t{g.nodes().size()} ^ std::uint64_t{g.edges().size()});
        walk_nav_world(h, g, all);
        walk_navmesh(h, g, all);
        walk_segments(h, g);
        walk_segment_graph(h, g);
    }
    walk_sections(h, file, all);
    return h.result();
}

}  // namespace navspan_test
