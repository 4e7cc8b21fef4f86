// The records of a fox_nav2 file as plain values: what the field
// descriptions (fields.hpp) walk. The dump fills them from the opened file
// (read_records.hpp), one entry at a time. Quantised points are kept as
// stored (three u16); their world positions are derived with the record's
// quantization. `offset` members say where the dump read a record: they
// feed derived keys only.
#pragma once

#include "../../core/min_max_push.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../navspan.hpp"

namespace navspan::tools::fox_fields {

namespace fox = navspan::fox;

using point = std::array<std::uint16_t, 3>;  // a quantised position as stored

struct header_record {
    std::uint32_t magic = 0, file_size = 0, end_of_header_offset = 0, entry_count = 0, nav_system_offset = 0;
    std::uint32_t file_index = 0, tile_field = 0, tile_id = 0;
    std::array<std::uint32_t, 2> tile{};
    std::uint32_t tile_low_bits = 0, section2_offset = 0, o6 = 0;
    navspan::vec3 origin{};
    std::uint32_t section3_offset = 0, u1b = 0, manifest_offset = 0, manifest_size = 0, u1c = 0, u1d = 0;
    std::array<std::uint16_t, 3> divisors{};
    std::uint32_t u1h = 0, n7 = 0, section2_entry_count = 0, n8 = 0;
    std::array<std::uint8_t, 16> vals{};
};

struct manifest_entry_record {
    std::uint64_t offset = 0;
    std::uint32_t group_id = 0, tile_byte = 0, tile_word = 0, payload_offset = 0, type = 0, entry_size = 0;
};

struct manifest_record {
    std::uint64_t offset = 0;
    std::uint32_t group_count = 0;
    std::vector<manifest_entry_record> records;
};

// A NavWorld node's link (ss3, after its adjacency) and a face corner's
// neighbour: which keys are decoded depends on the kind.
struct link_record {
    std::uint32_t kind = 0;
    fox::link_kind decoded = fox::link_kind::none;  // the kind as the reader decodes it
    std::vector<std::uint16_t> words;
    std::uint32_t node = 0, group = 0, tile_id = 0;
};

struct adjacency_record {
    std::uint32_t node = 0, edge = 0;
};

struct nav_node_record {
    std::uint64_t offset = 0, info_offset = 0, record_offset = 0, face_offset = 0;
    point quantized{};
    std::uint32_t ss3_half_offset = 0, segment = 0, adjacency_count = 0, link_kind = 0;
    std::vector<adjacency_record> adjacency;
    link_record link;
    std::uint32_t face = 0;
};

struct nav_edge_record {
    std::uint64_t offset = 0;
    std::uint32_t weight = 0, segment = 0, from_local = 0, to_local = 0, from = 0, to = 0;
};

struct segment_flags_record {
    std::uint64_t offset = 0;
    std::uint32_t flags = 0;
};

struct nav_world_record {
    std::uint32_t ss1_offset = 0, ss2_offset = 0, ss4_offset = 0, ss3_offset = 0, u1 = 0, u2 = 0, ss5_offset = 0, u3 = 0,
                  ss6_offset = 0, node_count = 0, edge_count = 0;
    std::array<std::uint16_t, 3> zero{};
    std::uint32_t segment_count = 0;
    std::vector<nav_node_record> nodes;
    std::vector<nav_edge_record> edges;
    std::vector<segment_flags_record> segment_flags;
};

struct neighbour_record {
    std::uint32_t raw = 0;
    fox::neighbour_kind kind = fox::neighbour_kind::none;
    std::uint32_t face = 0, group = 0, tile_id = 0;
    bool has_extension = false;
    std::uint32_t ext_a = 0, ext_b = 0;
};

struct corner_record {
    std::uint32_t local_vertex = 0, vertex = 0;
    point quantized{};
    std::uint32_t edge_id = 0, edge_node = 0;
    neighbour_record neighbour;
};

struct vertex_record {
    std::uint64_t offset = 0;
    point quantized{};
};

struct face_record {
    std::uint64_t offset = 0, record_offset = 0;
    std::uint32_t word = 0;
    bool quad = false, bit19 = false;
    std::uint32_t segment_bits = 0, segment = 0;
    bool has_extension = false;
    std::vector<corner_record> corners;
};

struct navmesh_record {
    std::uint32_t ss1_offset = 0, ss2_offset = 0, ss3_offset = 0;
    std::array<std::uint16_t, 6> uu{};
    std::uint32_t face_count = 0, vertex_count = 0, u4 = 0, u5 = 0;
    bool face_segment_bits = false;
    std::vector<vertex_record> vertices;
    std::vector<face_record> faces;
};

struct segment_record {
    std::uint64_t box_offset = 0, offset = 0;
    point min_quantized{}, max_quantized{};
    std::uint32_t vertex_offset = 0, first_face = 0, stored_first_edge = 0, stored_first_node = 0, vertex_count = 0,
                  face_count = 0, stored_edge_count = 0, stored_node_count = 0, first_node = 0, node_count = 0,
                  first_edge = 0, edge_count = 0;
};

struct segment_chunk_record {
    std::uint32_t ss1_offset = 0, ss2_offset = 0, total_size = 0, segment_count = 0;
    bool stored_node_ranges = false, stored_edge_ranges = false;
    std::vector<segment_record> segments;
};

// A SegmentGraph edge of any of the three kinds; each kind stores its own
// words (`words` names them in the kind's order), with the mesh edge ids
// that follow all the node's edges split among them.
struct graph_edge_record {
    std::uint32_t group_id = 0, tile_id = 0, weight = 0, adjacent_node = 0, adjacent_edge_count = 0;
    std::uint32_t u1 = 0, u4 = 0, u5 = 0, u6 = 0;
    std::vector<std::uint8_t> mesh_edge_ids;
};

struct graph_node_record {
    std::uint64_t offset = 0, info_offset = 0, record_offset = 0;
    point quantized{};
    std::uint32_t ss3_half_offset = 0;
    std::int16_t u3 = 0;  // (signed, as read)
    std::uint32_t u4 = 0, u5 = 0, u6 = 0;
    std::vector<graph_edge_record> same_group, other_group, other_tile;
};

struct segment_graph_record {
    std::uint32_t ss1_offset = 0, ss2_offset = 0, ss3_offset = 0, uu1 = 0, total_size = 0, node_count = 0, uu3 = 0,
                  total_adjacent_mesh_edges = 0, pad = 0;
    std::vector<graph_node_record> nodes;
};

struct entry_record {
    std::uint64_t offset = 0;
    fox::entry_type kind = fox::entry_type::nav_world;  // the type as the reader decodes it
    std::uint32_t type = 0, u1 = 0, next_entry_offset = 0, payload_offset = 0, group_id = 0, tile_byte = 0, tile_word = 0;
    fox::quantization quant;  // the group's, for the world positions
    // The type's payload: the one of the entry's type is filled.
    nav_world_record nav_world;
    navmesh_record navmesh;
    segment_chunk_record segment_chunk;
    segment_graph_record segment_graph;
};

struct section2_adjacency_record {
    std::uint32_t weight = 0, node = 0;
};

struct section2_node_record {
    std::uint64_t offset = 0;
    point quantized{};
    std::uint32_t flags = 0, ss2_byte_offset = 0, count_b = 0, count_a = 0;
    std::vector<section2_adjacency_record> adjacency;
    std::vector<std::uint16_t> extra_words;
};

struct section2_neighbour_record {
    std::uint32_t tile_id = 0, b = 0, c = 0;
};

struct section2_record {
    std::uint64_t offset = 0;
    std::uint32_t next_entry_offset = 0, ss1_offset = 0, node_count = 0, ss2_offset = 0, ss3_offset = 0, ss4_offset = 0,
                  ss5_offset = 0, ss6_offset = 0;
    std::vector<section2_node_record> nodes;
    std::vector<std::array<std::uint32_t, 3>> ss3;
    std::vector<std::uint16_t> ss4;
    std::vector<section2_neighbour_record> neighbours;
    std::vector<std::byte> ss5_bytes, ss6_bytes;
};

struct section3_record {
    std::uint64_t offset = 0;
    std::vector<std::byte> bytes;
};

struct cell_record {
    std::uint64_t offset = 0;
    std::uint32_t group_id = 0, tile_byte = 0, tile_word = 0;
    std::vector<std::uint16_t> segments;
};

struct nav_cell_record {
    std::uint64_t offset = 0;
    std::uint32_t rel_offset = 0, count = 0, u2 = 0, u3 = 0;
    std::vector<cell_record> records;
};

struct nav_system_record {
    std::uint64_t offset = 0;
    navspan::vec3 origin{};
    std::uint32_t unknown = 0, cells_x = 0, cells_y = 0, cells_z = 0, cell_size = 0, n5 = 0, ss1_offset = 0,
                  ss2_offset = 0, ss3_offset = 0;
    std::vector<nav_cell_record> cells;
};

// The file apart from its entries (which the dump reads one at a time).
struct file_record {
    std::uint64_t bytes = 0, trailing_bytes = 0;
    fox::quantization quant;  // the header's, for section2's positions
    header_record header;
    manifest_record manifest;
    bool has_section2 = false;  // (section2Offset 0: null)
    std::vector<section2_record> section2;
    std::optional<section3_record> section3;
    std::optional<nav_system_record> nav_system;
};

}  // namespace navspan::tools::fox_fields

#include "../../core/min_max_pop.hpp"
