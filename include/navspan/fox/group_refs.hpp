// navspan/fox/group_refs.hpp - what every view of one group needs to decode.
//
// The four entries of a group refer to each other: a face's vertex bytes are
// local to its segment (SegmentChunk), its edge ids are NavWorld node indices
// local to that segment, an edge's endpoints are segment-local nodes. Views
// carry the four payload pointers and the quantisation by value (no view
// points into another view), and resolve these references on access.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ranges>

#include "../core/config.hpp"
#include "../core/views.hpp"
#include "../core/endian.hpp"
#include "format.hpp"

namespace navspan::fox::detail {

// How a group's segment ranges are found (decided once by open(); see
// format.hpp, decisions 5 and 6).
inline constexpr std::uint8_t mode_stored_node_ranges = 1;  // SegmentChunk node firsts/counts are right
inline constexpr std::uint8_t mode_stored_edge_ranges = 2;  // SegmentChunk edge firsts/counts are right
inline constexpr std::uint8_t mode_face_segment_bits = 4;   // face words carry the segment in bits 20-31

// Field offsets inside each payload's header.
namespace nav_world_field {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss4 = 8, ss3 = 12, u1 = 16, u2 = 20, ss5 = 24, u3 = 28, ss6 = 32;
inline constexpr std::size_t node_count = 36, edge_count = 38, zero = 40, segment_count = 46;
}  // namespace nav_world_field
namespace navmesh_field {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss3 = 8, uu = 12, face_count = 24, vertex_count = 26, u4 = 28, u5 = 30;
}
namespace segment_chunk_field {
inline constexpr std::size_t ss1 = 0, ss2 = 4, total_size = 8, segment_count = 12;
}
namespace segment_graph_field {
inline constexpr std::size_t ss1 = 0, ss2 = 4, ss3 = 8, uu1 = 12, total_size = 16, node_count = 20, uu3 = 24,
                             total_adjacent_mesh_edges = 26, pad = 30;
}

// Strides of the fixed-size records.
inline constexpr std::size_t point_stride = 6;          // quantised u16 x3
inline constexpr std::size_t node_info_stride = 6;      // NavWorld ss2
inline constexpr std::size_t nav_edge_stride = 6;       // NavWorld ss4
inline constexpr std::size_t segment_box_stride = 12;   // SegmentChunk ss1
inline constexpr std::size_t segment_range_stride = 12; // SegmentChunk ss2
inline constexpr std::size_t graph_node_stride = 12;    // SegmentGraph ss2

// Offsets inside a SegmentChunk ss2 record.
namespace segment_range_field {
inline constexpr std::size_t vertex_offset = 0, first_face = 2, first_edge = 4, first_node = 6;
inline constexpr std::size_t vertex_count = 8, face_count = 9, edge_count = 10, node_count = 11;
}

// First record (of `count`, `stride` bytes each, with a u16 segment index at
// +2, sorted by it) whose segment is >= s.
inline std::uint32_t lower_bound_segment(const std::byte* records, std::uint32_t count, std::size_t stride,
                                         std::uint32_t s) noexcept {
    std::uint32_t lo = 0, n = count;
    while (n > 0) {
        const std::uint32_t half = n / 2;
        if (load_u16(records + (lo + half) * stride + 2) < s) {
            lo += half + 1;
            n -= half + 1;
        } else {
            n = half;
        }
    }
    return lo;
}

struct group_refs {
    // Payload starts (entry start + 16) of the group's four entries.
    const std::byte* nav_world = navspan::detail::empty_view_bytes;
    const std::byte* navmesh = navspan::detail::empty_view_bytes;
    const std::byte* segments = navspan::detail::empty_view_bytes;
    const std::byte* segment_graph = navspan::detail::empty_view_bytes;
    quantization quant{};
    std::uint8_t group_id = 0;
    std::uint8_t modes = 0;

    // NavWorld
    std::uint16_t node_count() const noexcept { return load_u16(nav_world + nav_world_field::node_count); }
    std::uint16_t edge_count() const noexcept { return load_u16(nav_world + nav_world_field::edge_count); }
    const std::byte* nav_world_at(std::size_t field) const noexcept { return nav_world + load_u32(nav_world + field); }
    const std::byte* node_info() const noexcept { return nav_world_at(nav_world_field::ss2); }
    const std::byte* nav_edges() const noexcept { return nav_world_at(nav_world_field::ss4); }

    // NavmeshChunk
    std::uint16_t face_count() const noexcept { return load_u16(navmesh + navmesh_field::face_count); }
    std::uint16_t vertex_count() const noexcept { return load_u16(navmesh + navmesh_field::vertex_count); }
    const std::byte* vertices() const noexcept { return navmesh + load_u32(navmesh + navmesh_field::ss1); }

    // SegmentChunk
    std::uint32_t segment_count() const noexcept { return load_u32(segments + segment_chunk_field::segment_count); }
    const std::byte* segment_range(std::uint32_t s) const noexcept {
        return segments + load_u32(segments + segment_chunk_field::ss2) + std::size_t{s} * segment_range_stride;
    }
    std::uint32_t vertex_offset(std::uint32_t s) const noexcept {
        return load_u16(segment_range(s) + segment_range_field::vertex_offset);
    }

    // A segment's NavWorld nodes: [first_node(s), first_node(s) + node_count_of(s)).
    std::uint32_t first_node(std::uint32_t s) const noexcept {
        if (modes & mode_stored_node_ranges) return load_u16(segment_range(s) + segment_range_field::first_node);
        return lower_bound_segment(node_info(), node_count(), node_info_stride, s);
    }
    std::uint32_t node_count_of(std::uint32_t s) const noexcept {
        if (modes & mode_stored_node_ranges) return load_u8(segment_range(s) + segment_range_field::node_count);
        return lower_bound_segment(node_info(), node_count(), node_info_stride, s + 1) -
               lower_bound_segment(node_info(), node_count(), node_info_stride, s);
    }
    // A segment's NavWorld edges.
    std::uint32_t first_edge(std::uint32_t s) const noexcept {
        if (modes & mode_stored_edge_ranges) return load_u16(segment_range(s) + segment_range_field::first_edge);
        return lower_bound_segment(nav_edges(), edge_count(), nav_edge_stride, s);
    }
    std::uint32_t edge_count_of(std::uint32_t s) const noexcept {
        if (modes & mode_stored_edge_ranges) return load_u8(segment_range(s) + segment_range_field::edge_count);
        return lower_bound_segment(nav_edges(), edge_count(), nav_edge_stride, s + 1) -
               lower_bound_segment(nav_edges(), edge_count(), nav_edge_stride, s);
    }

    // The segment whose face range holds face f (the last segment whose
    // firstFace <= f: empty segments share their successor's firstFace).
    std::uint32_t segment_of_face_by_range(std::uint32_t f) const noexcept {
        std::uint32_t lo = 0, n = segment_count();
        while (n > 0) {
            const std::uint32_t half = n / 2;
            if (load_u16(segment_range(lo + half) + segment_range_field::first_face) <= f) {
                lo += half + 1;
                n -= half + 1;
            } else {
                n = half;
            }
        }
        return lo - 1;  // open() proved face f lies in some segment, so lo >= 1
    }
    std::uint32_t segment_of_face(std::uint32_t f, std::uint32_t word) const noexcept {
        if (modes & mode_face_segment_bits) return word >> 20;
        return segment_of_face_by_range(f);
    }
};

}  // namespace navspan::fox::detail

namespace navspan::fox {

// A view of the elements 0..count-1 of one kind (nodes, edges, faces,
// segments...) of a group; Element is built from (group_refs, index).
template <class Element>
class group_element_list {
public:
    using value_type = Element;
    using iterator = index_iterator<group_element_list>;
    using const_iterator = iterator;

    constexpr group_element_list() noexcept = default;
    group_element_list(const detail::group_refs& g, std::uint32_t count) noexcept : g_(g), count_(count) {}

    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    Element operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return Element(g_, static_cast<std::uint32_t>(i));
    }
    iterator begin() const noexcept { return iterator(*this, 0); }
    iterator end() const noexcept { return iterator(*this, count_); }

private:
    detail::group_refs g_{};
    std::uint32_t count_ = 0;
};

}  // namespace navspan::fox

template <class E>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::fox::group_element_list<E>> = true;
