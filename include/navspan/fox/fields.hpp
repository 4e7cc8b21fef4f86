// navspan/fox/fields.hpp - where every field of a `.nav2` record is.
//
// Each record's field offsets are named here once; the verifier
// (fox/verify*.hpp) and the views (fox/header.hpp, nav_world.hpp, ...) both
// read through these names, so a layout is written in one place. Offsets are
// from the start of the record; "payload" headers start 16 bytes into their
// entry. Layouts and the reasons behind them: docs/formats/fox.md.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

namespace navspan::fox::fields {

// The 96-byte file header.
namespace header {
inline constexpr std::size_t magic = 0, file_size = 4, end_of_header = 8, entry_count = 12, nav_system_offset = 16;
inline constexpr std::size_t file_index = 20, tile_field = 21;  // tile: 3 bytes (u0a, u0b, u0c)
inline constexpr std::size_t section2_offset = 24, o6 = 28, origin = 32, section3_offset = 44, u1b = 48;
inline constexpr std::size_t manifest_offset = 52, manifest_size = 56, u1c = 60, u1d = 64;
inline constexpr std::size_t divisor = 68;  // u16 x, y, z
inline constexpr std::size_t u1h = 74, n7 = 76, section2_entry_count = 77, n8 = 78, vals = 80;
}  // namespace header

// The manifest: u32 groupCount, then 12-byte records.
namespace manifest {
inline constexpr std::size_t group_count = 0, first_record = 4;
}
namespace manifest_record {
inline constexpr std::size_t group_id = 0, tile_byte = 1, tile_word = 2, payload_offset = 4, type = 8;
inline constexpr std::size_t entry_size_low = 9, entry_size_high = 11;  // u16 + u8: a 24-bit size
}  // namespace manifest_record

// The 16-byte header of every entry of the chain.
namespace entry {
inline constexpr std::size_t type = 0, u1 = 2, next_entry_offset = 4, payload_offset = 8, group_id = 12;
inline constexpr std::size_t tile_byte = 13, tile_word = 14;
}  // namespace entry

// NavWorld payload header (48 bytes) and its records.
namespace nav_world {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss4 = 8, ss3 = 12, u1 = 16, u2 = 20, ss5 = 24, u3 = 28, ss6 = 32;
inline constexpr std::size_t node_count = 36, edge_count = 38, zero = 40, segment_count = 46;
}  // namespace nav_world
namespace node_info {  // ss2, 6 bytes per node
inline constexpr std::size_t record_half_offset = 0, segment = 2, adjacency_count = 4, link_kind = 5;
}
namespace node_adjacency {  // ss3, 4 bytes each
inline constexpr std::size_t node = 0, edge = 2;
}
namespace node_link {  // ss3, after a node's adjacency: the words of its link record, by kind
inline constexpr std::size_t same_group_node = 0;                               // kind 1
inline constexpr std::size_t other_group = 0, other_group_node = 2;             // kind 2
inline constexpr std::size_t tile_id = 0, tile_group = 2, tile_terminator = 4;  // kind 4
}  // namespace node_link
namespace nav_edge {  // ss4, 6 bytes per edge
inline constexpr std::size_t weight = 0, segment = 2, from_local = 4, to_local = 5;
}

// NavmeshChunk payload header (32 bytes). A face record of n corners holds
// u16 adjacency[n], u8 vertex[n], u8 edge[n], then (with the extension)
// u16 extA[n], u16 extB[n]: the arrays start at these multiples of n.
namespace navmesh {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss3 = 8, uu = 12, face_count = 24, vertex_count = 26, u4 = 28, u5 = 30;
}
namespace face_record {
inline constexpr std::size_t adjacency = 0, vertex = 2, edge = 3, ext_a = 4, ext_b = 6;  // times n
inline constexpr std::size_t size = 4, size_with_extension = 8;                           // times n
}  // namespace face_record

// SegmentChunk payload header (16 bytes) and its two tables.
namespace segment_chunk {
inline constexpr std::size_t ss1 = 0, ss2 = 4, total_size = 8, segment_count = 12;
}
namespace segment_box {  // ss1, 12 bytes
inline constexpr std::size_t min = 0, max = 6;
}
namespace segment_range {  // ss2, 12 bytes
inline constexpr std::size_t vertex_offset = 0, first_face = 2, first_edge = 4, first_node = 6;
inline constexpr std::size_t vertex_count = 8, face_count = 9, edge_count = 10, node_count = 11;
}  // namespace segment_range

// SegmentGraph payload header (32 bytes) and its records.
namespace segment_graph {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss3 = 8, uu1 = 12, total_size = 16, node_count = 20, uu3 = 24;
inline constexpr std::size_t total_adjacent_mesh_edges = 26, pad = 30;
}  // namespace segment_graph
namespace graph_node_info {  // ss2, 12 bytes per node
inline constexpr std::size_t record_half_offset = 0;  // u24
inline constexpr std::size_t same_group_count = 3, u3 = 4, u4 = 6, u5 = 8, u6 = 9, other_group_count = 10,
                             other_tile_count = 11;
}  // namespace graph_node_info
namespace graph_edge_same_group {  // 6 bytes
inline constexpr std::size_t weight = 0, adjacent_node = 2, mesh_edge_count = 4, u1 = 5;
}
namespace graph_edge_other_group {  // 8 bytes
inline constexpr std::size_t group_id = 0, weight = 2, adjacent_node = 4, mesh_edge_count = 6, u5 = 7;
}
namespace graph_edge_other_tile {  // 10 bytes
inline constexpr std::size_t tile_id = 0, group_id = 2, adjacent_node = 4, u4 = 6, mesh_edge_count = 8, u6 = 9;
}

// Section2: entry header (16 bytes, u16 fields) and its records.
namespace section2_entry {
inline constexpr std::size_t next_entry_offset = 0, ss1 = 2, node_count = 4, ss2 = 6, ss3 = 8, ss4 = 10, ss5 = 12,
                             ss6 = 14;
}
namespace section2_node {  // 14 bytes
inline constexpr std::size_t position = 0, flags = 6, record_offset = 8, word_count = 10, adjacency_count = 12;
}
namespace section2_adjacency {  // 4 bytes
inline constexpr std::size_t weight = 0, node = 2;
}
namespace section2_record3 {  // 8 bytes
inline constexpr std::size_t a = 0, b = 4, c = 6;
}
namespace section2_neighbour {  // 6 bytes
inline constexpr std::size_t tile_id = 0, b = 2, c = 4;
}

// NavSystem header (48 bytes), cells and cell records.
namespace nav_system {
inline constexpr std::size_t origin = 0, unknown = 12, cells_x = 16, cells_y = 20, cells_z = 24, cell_size = 28,
                             n5 = 32, ss1 = 36, ss2 = 40, ss3 = 44;
}
namespace nav_cell {  // 8 bytes
inline constexpr std::size_t relative_offset = 0, record_count = 4, u2 = 6, u3 = 7;
}
namespace cell_record {  // 8 bytes, then u16 segment[segmentCount]
inline constexpr std::size_t group_id = 0, tile_byte = 1, tile_word = 2, segment_count = 4, segments = 8;
}

}  // namespace navspan::fox::fields
#include "../core/min_max_pop.hpp"
