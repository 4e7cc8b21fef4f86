// navspan/fox/nav_world.hpp - NavWorld (entry type 0): the edge-midpoint graph.
// (docs/formats/fox.md has the layout and the accessor of every field.)
//
// One node per mesh edge, at its midpoint. Payload header (48 bytes): u32
// offsets ss1, ss2, ss4, ss3, u1, u2, ss5, u3, ss6; u16 nodeCount, edgeCount,
// zero[3], segmentCount. Subsections:
//   ss1 Vertex[nodeCount]                      node positions (quantised)
//   ss2 {u16 ss3HalfOffset, u16 segment, u8 countA, u8 countB}[nodeCount]
//   ss3 per node at ss3 + 2 * ss3HalfOffset: countA x {u16 node, u16 edge},
//       then one link record whose KIND is countB (not a count):
//         0: none   1: [node] same group, other segment
//         2: [groupId, node] another group (this file or its split partner)
//         4: [neighbourTileId, neighbourGroupId, 0xFFFF] across a tile border
//       (3 words, not 4: the next node's record starts right after)
//   ss4 {u16 weight, u16 segment, u8 fromLocal, u8 toLocal}[edgeCount]
//       endpoints are segment-local: node = first node of the segment + local
//   ss5 u16 flags[segmentCount]
//   ss6 u16 face[nodeCount]   a NavmeshChunk face of the node's own segment
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "fields.hpp"
#include "group_context.hpp"

namespace navspan::fox {

// One same-group adjacency of a node: the node across an edge, and the edge.
class node_adjacency : public fixed_record<node_adjacency_size> {
public:
    using fixed_record::fixed_record;
    // Verified < node count and < edge count of the group.
    std::uint16_t node() const noexcept { return load_u16(p_ + fields::node_adjacency::node); }
    std::uint16_t edge() const noexcept { return load_u16(p_ + fields::node_adjacency::edge); }
};

enum class link_kind : std::uint8_t { none = 0, same_group = 1, other_group = 2, other_tile = 4 };

inline constexpr named_value link_kind_names[] = {
    {0, "none"}, {1, "same_group"}, {2, "other_group"}, {4, "other_tile"}};

constexpr std::string_view to_string(link_kind k) noexcept { return name_of(link_kind_names, k); }

// Words in a link record of a kind (0 for a kind open() would reject).
constexpr std::size_t link_word_count(std::uint8_t kind) noexcept {
    switch (kind) {
        case 1: return 1;
        case 2: return 2;
        case 4: return 3;
        default: return 0;
    }
}

// The one link record of a node: the same point in another segment, group
// or tile.
class node_link {
public:
    node_link(const std::byte* p, std::uint8_t kind) noexcept : p_(p), kind_(kind) {}

    link_kind kind() const noexcept { return static_cast<link_kind>(kind_); }
    std::uint8_t kind_raw() const noexcept { return kind_; }
    std::size_t word_count() const noexcept { return link_word_count(kind_); }
    std::uint16_t word(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < word_count());
        return load_u16(p_ + 2 * i);
    }
    packed_view<std::uint16_t> words() const noexcept { return {p_, word_count()}; }

    // same_group: a node of this group (verified). other_group: a node of
    // group(), verified when that group is in this file.
    std::uint16_t node() const noexcept {
        NAVSPAN_ASSERT(kind_ == 1 || kind_ == 2);
        return load_u16(p_ + (kind_ == 2 ? fields::node_link::other_group_node : fields::node_link::same_group_node));
    }
    // other_group: the group id (verified <= 255); other_tile: the
    // neighbour tile's group (0-3 in game files).
    std::uint16_t group() const noexcept {
        NAVSPAN_ASSERT(kind_ == 2 || kind_ == 4);
        return load_u16(p_ + (kind_ == 2 ? fields::node_link::other_group : fields::node_link::tile_group));
    }
    // other_tile: the neighbour tile id (own +- 1 or +- 64 in game files).
    std::uint16_t tile_id() const noexcept {
        NAVSPAN_ASSERT(kind_ == 4);
        return load_u16(p_ + fields::node_link::tile_id);
    }
    // other_tile: the third word, 0xFFFF in every game file.
    std::uint16_t terminator() const noexcept {
        NAVSPAN_ASSERT(kind_ == 4);
        return load_u16(p_ + fields::node_link::tile_terminator);
    }

private:
    const std::byte* p_;
    std::uint8_t kind_;
};

// A NavWorld node.
class nav_node : public detail::positioned_element<&detail::group_context::node_positions> {
public:
    using positioned_element::positioned_element;

    std::uint16_t ss3_half_offset() const noexcept { return load_u16(info() + fields::node_info::record_half_offset); }
    // The node's segment (nodes are sorted by it; verified < segment count).
    std::uint16_t segment() const noexcept { return load_u16(info() + fields::node_info::segment); }
    std::uint8_t adjacency_count() const noexcept { return load_u8(info() + fields::node_info::adjacency_count); }  // countA
    std::uint8_t link_kind_raw() const noexcept { return load_u8(info() + fields::node_info::link_kind); }  // countB
    fox::link_kind link_kind() const noexcept { return static_cast<fox::link_kind>(link_kind_raw()); }

    packed_view<node_adjacency> adjacency() const noexcept { return {record(), adjacency_count()}; }
    node_link link() const noexcept {
        return node_link(record() + node_adjacency_size * std::size_t{adjacency_count()}, link_kind_raw());
    }

    // A NavmeshChunk face of this group (verified < face count).
    std::uint16_t face() const noexcept { return load_u16(g_->node_faces + 2 * std::size_t{index_}); }

private:
    const std::byte* info() const noexcept { return g_->node_info + std::size_t{index_} * node_info_size; }
    const std::byte* record() const noexcept { return g_->node_records + 2 * std::size_t{ss3_half_offset()}; }
};

// A NavWorld edge between two nodes of one segment.
class nav_edge : public detail::group_element {
public:
    using group_element::group_element;

    // An opaque cost (about 127 x world distance in game data).
    std::uint16_t weight() const noexcept { return load_u16(p() + fields::nav_edge::weight); }
    std::uint16_t segment() const noexcept { return load_u16(p() + fields::nav_edge::segment); }
    std::uint8_t from_local() const noexcept { return load_u8(p() + fields::nav_edge::from_local); }
    std::uint8_t to_local() const noexcept { return load_u8(p() + fields::nav_edge::to_local); }
    // The endpoints as group node indices (verified inside the segment's nodes).
    std::uint32_t from_node() const noexcept { return g_->first_node(segment()) + from_local(); }
    std::uint32_t to_node() const noexcept { return g_->first_node(segment()) + to_local(); }

private:
    const std::byte* p() const noexcept { return g_->nav_edges + std::size_t{index_} * nav_edge_size; }
};

using nav_node_list = group_element_list<nav_node>;
using nav_edge_list = group_element_list<nav_edge>;

// A group's NavWorld entry. Points at the group view it came from.
class nav_world : public detail::group_entry {
public:
    using group_entry::group_entry;

    std::uint16_t node_count() const noexcept { return g_->node_count; }
    std::uint16_t edge_count() const noexcept { return g_->edge_count; }
    std::uint16_t segment_count() const noexcept { return load_u16(g_->nav_world + fields::nav_world::segment_count); }

    nav_node_list nodes() const noexcept { return {g_, node_count()}; }
    nav_edge_list edges() const noexcept { return {g_, edge_count()}; }
    nav_node node(std::size_t i) const noexcept { return nodes()[i]; }
    nav_edge edge(std::size_t i) const noexcept { return edges()[i]; }

    // Per-segment flags as stored (see segment_flag_values for the known values).
    packed_view<std::uint16_t> segment_flags_raw() const noexcept { return {g_->segment_flags, segment_count()}; }

    // Subsection offsets (relative to the payload) and the unknown words.
    std::uint32_t ss1_offset() const noexcept { return field32(fields::nav_world::ss1); }
    std::uint32_t ss2_offset() const noexcept { return field32(fields::nav_world::ss2); }
    std::uint32_t ss3_offset() const noexcept { return field32(fields::nav_world::ss3); }
    std::uint32_t ss4_offset() const noexcept { return field32(fields::nav_world::ss4); }
    std::uint32_t ss5_offset() const noexcept { return field32(fields::nav_world::ss5); }
    std::uint32_t ss6_offset() const noexcept { return field32(fields::nav_world::ss6); }
    std::uint32_t u1() const noexcept { return field32(fields::nav_world::u1); }
    std::uint32_t u2() const noexcept { return field32(fields::nav_world::u2); }
    std::uint32_t u3() const noexcept { return field32(fields::nav_world::u3); }
    std::uint16_t zero(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < 3);
        return load_u16(g_->nav_world + fields::nav_world::zero + 2 * i);
    }

private:
    std::uint32_t field32(std::size_t f) const noexcept { return load_u32(g_->nav_world + f); }
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
