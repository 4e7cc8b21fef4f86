// navspan/fox/segment_graph.hpp - SegmentGraph (entry type 3): one node per segment.
// (docs/formats/fox.md has the layout and the accessor of every field.)
//
// Payload header (32 bytes): u32 ss1Offset, ss2Offset, ss3Offset, uu1,
// totalSize, nodeCount; u16 uu3; u32 totalAdjacentMeshEdges (unaligned, at
// 26); u16 pad.
//   ss1 Vertex[nodeCount]
//   ss2 {u24 ss3HalfOffset, u8 nType1, i16 u3, u16 u4, u8 u5, u8 u6,
//        u8 nType2, u8 nType3}[nodeCount]
//   ss3 per node at ss3 + 2 * ss3HalfOffset:
//       nType1 x {u16 weight, u16 adjacentNode, u8 adjacentEdgeCount, u8 u1}
//       nType2 x {u16 groupId, u16 weight, u16 adjacentNode, u8 count, u8 u5}
//       nType3 x {u16 tileId, u16 groupId, u16 adjacentNode, u16 u4, u8 count, u8 u6}
//       then u8 meshEdgeIds[count] for every edge above, in that order.
// Adjacent nodes, groups and tiles are raw values (format.hpp, decision 9).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "fields.hpp"
#include "group_context.hpp"

namespace navspan::fox {

// An edge to another segment of this group.
class graph_edge_same_group : public fixed_record<6> {
public:
    using fixed_record::fixed_record;
    std::uint16_t weight() const noexcept { return load_u16(p_ + fields::graph_edge_same_group::weight); }
    std::uint16_t adjacent_node() const noexcept { return load_u16(p_ + fields::graph_edge_same_group::adjacent_node); }
    std::uint8_t adjacent_edge_count() const noexcept { return load_u8(p_ + fields::graph_edge_same_group::mesh_edge_count); }
    std::uint8_t u1() const noexcept { return load_u8(p_ + fields::graph_edge_same_group::u1); }
};

// An edge to a segment of another group.
class graph_edge_other_group : public fixed_record<8> {
public:
    using fixed_record::fixed_record;
    std::uint16_t group_id() const noexcept { return load_u16(p_ + fields::graph_edge_other_group::group_id); }
    std::uint16_t weight() const noexcept { return load_u16(p_ + fields::graph_edge_other_group::weight); }
    std::uint16_t adjacent_node() const noexcept { return load_u16(p_ + fields::graph_edge_other_group::adjacent_node); }
    std::uint8_t adjacent_edge_count() const noexcept { return load_u8(p_ + fields::graph_edge_other_group::mesh_edge_count); }
    std::uint8_t u5() const noexcept { return load_u8(p_ + fields::graph_edge_other_group::u5); }
};

// An edge to a segment of a neighbouring tile.
class graph_edge_other_tile : public fixed_record<10> {
public:
    using fixed_record::fixed_record;
    std::uint16_t tile_id() const noexcept { return load_u16(p_ + fields::graph_edge_other_tile::tile_id); }
    std::uint16_t group_id() const noexcept { return load_u16(p_ + fields::graph_edge_other_tile::group_id); }
    std::uint16_t adjacent_node() const noexcept { return load_u16(p_ + fields::graph_edge_other_tile::adjacent_node); }  // probable
    std::uint16_t u4() const noexcept { return load_u16(p_ + fields::graph_edge_other_tile::u4); }  // 0x0FFF in game files
    std::uint8_t adjacent_edge_count() const noexcept { return load_u8(p_ + fields::graph_edge_other_tile::mesh_edge_count); }
    std::uint8_t u6() const noexcept { return load_u8(p_ + fields::graph_edge_other_tile::u6); }
};

class graph_node : public detail::positioned_element<&detail::group_context::graph_positions> {
public:
    using positioned_element::positioned_element;

    std::uint32_t ss3_half_offset() const noexcept { return load_u24(info() + fields::graph_node_info::record_half_offset); }
    std::uint8_t same_group_count() const noexcept { return load_u8(info() + fields::graph_node_info::same_group_count); }    // nType1
    std::int16_t u3() const noexcept { return load_i16(info() + fields::graph_node_info::u3); }
    std::uint16_t u4() const noexcept { return load_u16(info() + fields::graph_node_info::u4); }
    std::uint8_t u5() const noexcept { return load_u8(info() + fields::graph_node_info::u5); }
    std::uint8_t u6() const noexcept { return load_u8(info() + fields::graph_node_info::u6); }
    std::uint8_t other_group_count() const noexcept { return load_u8(info() + fields::graph_node_info::other_group_count); }  // nType2
    std::uint8_t other_tile_count() const noexcept { return load_u8(info() + fields::graph_node_info::other_tile_count); }    // nType3

    packed_view<graph_edge_same_group> same_group_edges() const noexcept { return {record(), same_group_count()}; }
    packed_view<graph_edge_other_group> other_group_edges() const noexcept {
        return {record() + graph_edge_same_group::record_size * std::size_t{same_group_count()}, other_group_count()};
    }
    packed_view<graph_edge_other_tile> other_tile_edges() const noexcept {
        return {record() + graph_edge_same_group::record_size * std::size_t{same_group_count()} +
                    graph_edge_other_group::record_size * std::size_t{other_group_count()},
                other_tile_count()};
    }
    // The shared mesh edge ids of every edge above, concatenated in order
    // (each edge's adjacent_edge_count() of them).
    packed_view<std::uint8_t> mesh_edge_ids() const noexcept {
        std::size_t n = 0;
        for (auto e : same_group_edges()) n += e.adjacent_edge_count();
        for (auto e : other_group_edges()) n += e.adjacent_edge_count();
        for (auto e : other_tile_edges()) n += e.adjacent_edge_count();
        return {record() + graph_edge_same_group::record_size * std::size_t{same_group_count()} +
                    graph_edge_other_group::record_size * std::size_t{other_group_count()} +
                    graph_edge_other_tile::record_size * std::size_t{other_tile_count()},
                n};
    }

private:
    const std::byte* info() const noexcept { return g_->graph_info + std::size_t{index_} * graph_node_info_size; }
    const std::byte* record() const noexcept { return g_->graph_records + 2 * std::size_t{ss3_half_offset()}; }
};

using graph_node_list = group_element_list<graph_node>;

// A group's SegmentGraph entry. Points at the group view it came from.
class segment_graph : public detail::group_entry {
public:
    using group_entry::group_entry;

    std::uint32_t node_count() const noexcept { return g_->graph_node_count; }
    graph_node_list nodes() const noexcept { return {g_, node_count()}; }
    graph_node node(std::size_t i) const noexcept { return nodes()[i]; }

    std::uint32_t ss1_offset() const noexcept { return field32(fields::segment_graph::ss1); }
    std::uint32_t ss2_offset() const noexcept { return field32(fields::segment_graph::ss2); }
    std::uint32_t ss3_offset() const noexcept { return field32(fields::segment_graph::ss3); }
    std::uint32_t uu1() const noexcept { return field32(fields::segment_graph::uu1); }
    std::uint32_t total_size() const noexcept { return field32(fields::segment_graph::total_size); }
    std::uint16_t uu3() const noexcept { return load_u16(g_->segment_graph + fields::segment_graph::uu3); }
    // Sum of adjacent_edge_count() over all edges in game files (raw).
    std::uint32_t total_adjacent_mesh_edges() const noexcept {
        return field32(fields::segment_graph::total_adjacent_mesh_edges);
    }
    std::uint16_t pad() const noexcept { return load_u16(g_->segment_graph + fields::segment_graph::pad); }

private:
    std::uint32_t field32(std::size_t f) const noexcept { return load_u32(g_->segment_graph + f); }
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
