// navspan-bench rows for Fox Engine `.nav2` files ("fox_nav2"):
//   open                          nav2_file::open: every region, entry,
//                                 subsection and record bounded, every index
//                                 an accessor resolves checked
//   traverse (every accessor)     every field of every record of an opened
//                                 file through the public accessors, each
//                                 segment-local index resolved, folded cheaply
//   face corners to world         the world position of every corner of
//                                 every face of an opened file, dequantised on
//                                 request (face -> segment -> vertex -> q / d + origin)
// Each row is timed against its hand-written floor in fox_floor.hpp (same
// checks or same fields, same checksum), on the corpus files and on
// synthetic files of 12,800 to 819,200 faces (4x steps), written by
// make_large_fox (tests/fox/builder.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "fold.hpp"
#include "fox/builder.hpp"
#include "fox_floor.hpp"
#include "harness.hpp"
#include "inputs.hpp"

namespace navspan_bench {

inline void add_fox_synthetic(std::vector<bench_input>& inputs, bool quick) {
    // 12,800 faces is ten times a large game tile (1,122 faces); 819,200
    // (256 groups of 64 segments, 75 MB) is the most make_large_fox writes.
    const std::size_t sizes[] = {12800, 51200, 204800, 819200};
    add_synthetic(inputs, "fox_nav2", std::span(sizes).first(quick ? 2 : 4), "faces",
                  [](std::size_t n) { return navspan_test::make_large_fox(n); });
}

namespace fox_rows_detail {

// The world position of every corner of every face, each computed when asked.
inline std::uint64_t face_corners_to_world(const navspan::fox::nav2_file& file) noexcept {
    std::uint64_t sum = 0;
    for (const navspan::fox::group g : file.groups()) {
        for (const navspan::fox::face f : g.faces()) {
            for (const navspan::vec3 p : f.corners()) {
                sum += std::bit_cast<std::uint32_t>(p.x) ^ std::bit_cast<std::uint32_t>(p.y) ^ std::bit_cast<std::uint32_t>(p.z);
            }
        }
    }
    return sum;
}

// Every field of every record through the public accessors, each
// segment-local index resolved to a group index (edge endpoints, face
// vertices and edge nodes), folded cheaply (fold.hpp).
inline std::uint64_t traverse(const navspan::fox::nav2_file& file) noexcept {
    namespace fox = navspan::fox;
    navspan_bench::fold f;
    auto vec = [&](navspan::vec3 v) { f.add_v(v.x, v.y, v.z); };
    const fox::file_header h = file.header();
    f.add_each(h.file_size(), h.end_of_header_offset(), h.entry_count(), h.tile_field());
    vec(h.origin());
    f.add_each(h.divisor_x(), h.divisor_y(), h.divisor_z());
    for (const fox::manifest_record r : file.manifest().records()) {
        f.add_each(r.group_id(), r.type_raw(), r.payload_offset(), r.entry_size());
    }
    for (const fox::entry e : file.entries()) {
        f.add_each(e.type_raw(), e.next_entry_offset(), e.group_id());
    }
    for (const fox::group g : file.groups()) {
        const fox::nav_world w = g.nav_world();
        for (const fox::nav_node n : w.nodes()) {
            vec(n.position());
            f.add_each(n.segment(), n.adjacency_count(), n.link_kind_raw(), n.face());
            for (const fox::node_adjacency a : n.adjacency()) {
                f.add_u(a.node());
                f.add_u(a.edge());
            }
            for (const std::uint16_t word : n.link().words()) f.add_u(word);
        }
        for (const fox::nav_edge e : w.edges()) {
            f.add_each(e.weight(), e.segment(), e.from_node(), e.to_node());
        }
        for (const std::uint16_t flags : w.segment_flags_raw()) f.add_u(flags);
        const fox::navmesh_chunk mesh = g.navmesh_chunk();
        for (const fox::mesh_vertex v : mesh.vertices()) vec(v.position());
        for (const fox::face fc : mesh.faces()) {
            f.add_u(fc.word());
            f.add_u(fc.segment());
            for (const fox::face_neighbour nb : fc.neighbours()) {
                f.add_each(nb.raw(), nb.ext_a(), nb.ext_b());
            }
            for (const std::uint32_t v : fc.vertices()) f.add_u(v);
            for (const std::uint32_t n : fc.edge_nodes()) f.add_u(n);
        }
        for (const fox::segment s : g.segments()) {
            const navspan::box bounds = s.bounds();
            vec(bounds.min);
            vec(bounds.max);
            f.add_each(s.vertex_offset(), s.vertex_count(), s.first_face(), s.face_count(), s.first_node(),
                       s.node_count(), s.first_edge(), s.edge_count());
        }
        for (const fox::graph_node n : g.segment_graph().nodes()) {
            vec(n.position());
            for (const fox::graph_edge_same_group e : n.same_group_edges()) {
                f.add_each(e.weight(), e.adjacent_node(), e.adjacent_edge_count());
            }
            for (const fox::graph_edge_other_group e : n.other_group_edges()) {
                f.add_each(e.group_id(), e.weight(), e.adjacent_node(), e.adjacent_edge_count());
            }
            for (const fox::graph_edge_other_tile e : n.other_tile_edges()) {
                f.add_each(e.tile_id(), e.group_id(), e.adjacent_node(), e.adjacent_edge_count());
            }
            for (const std::uint8_t id : n.mesh_edge_ids()) f.add_u(id);
        }
    }
    for (const fox::section2_entry e : file.section2()) {
        for (const fox::section2_node n : e.nodes()) {
            vec(n.position());
            f.add_u(n.flags_raw());
            for (const fox::section2_adjacency a : n.adjacency()) {
                f.add_u(a.weight());
                f.add_u(a.node());
            }
            for (const std::uint16_t word : n.extra_words()) f.add_u(word);
        }
    }
    if (file.has_nav_system()) {
        for (const fox::nav_cell c : file.nav_system().cells()) {
            f.add_u(c.count());
            for (const fox::cell_record r : c.records()) {
                f.add_u(r.group_id());
                for (const std::uint16_t s : r.segments()) f.add_u(s);
            }
        }
    }
    return f.value();
}

}  // namespace fox_rows_detail

template <class Emit>
void bench_fox(const settings& s, const bench_input& in, Emit&& emit) {
    namespace fox = navspan::fox;
    const std::span<const std::byte> bytes = in.bytes;
    const std::uint64_t size = bytes.size();
    // The floors' tables live here, not on the stack of every repetition.
    static fox_floor::opened floor_file, floor_scratch;
    const bool floor_ok = fox_floor::floor_open(bytes, floor_file);
    const auto file = fox::nav2_file::open(bytes);
    const auto row_with_floor = rows_with_floor(s, emit, floor_ok, "fox_nav2", in.name, size);
    row_with_floor(
        "open",
        [&]() -> std::uint64_t {
            const auto f = fox::nav2_file::open(bytes);
            return f ? std::uint64_t{f->group_count()} + f->chain_end_offset() : 1;
        },
        [&]() -> std::uint64_t {
            return fox_floor::floor_open(bytes, floor_scratch) ? fox_floor::open_checksum(floor_scratch) : 1;
        });
    if (!file) return;
    row_with_floor(
        "traverse (every accessor)", [&] { return fox_rows_detail::traverse(*file); },
        [&] { return fox_floor::floor_traverse(bytes, floor_file); });
    row_with_floor(
        "face corners to world", [&] { return fox_rows_detail::face_corners_to_world(*file); },
        [&] { return fox_floor::floor_corners_to_world(bytes, floor_file); });
}

}  // namespace navspan_bench
