// navspan/fox/group_context.hpp - what every view of one group needs to decode.
//
// The four entries of a group refer to each other: a face's vertex bytes are
// local to its segment (SegmentChunk), its edge ids are NavWorld node indices
// local to that segment, an edge's endpoints are segment-local nodes. A
// group_context holds, for one group, where each of its record arrays starts
// (read from the payload headers once, when the group view is made), the
// counts, the quantisation and how segment ranges are resolved. The group
// view owns it; element views (node, edge, face, vertex, segment, graph node)
// hold a pointer to it and an index, 16 bytes, so building one is two
// register moves (docs/formats/fox.md, "Views").
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/ranges.hpp"
#include "../core/sorted_ids.hpp"
#include "fields.hpp"
#include "format.hpp"

namespace navspan::fox::detail {

// How a group's segment ranges are found (decided once by open(); see
// format.hpp, decisions 5 and 6).
inline constexpr std::uint8_t mode_stored_node_ranges = 1;  // SegmentChunk node firsts/counts are right
inline constexpr std::uint8_t mode_stored_edge_ranges = 2;  // SegmentChunk edge firsts/counts are right
inline constexpr std::uint8_t mode_face_segment_bits = 4;   // face words carry the segment in bits 20-31

// First record (of `count`, `stride` bytes each, with a u16 segment index at
// +2, sorted by it) whose segment is >= s. Node infos and edges both keep
// their segment there.
static_assert(fields::node_info::segment == 2 && fields::nav_edge::segment == 2);
inline std::uint32_t lower_bound_segment(const std::byte* records, std::uint32_t count, std::size_t stride,
                                         std::uint32_t s) noexcept {
    return static_cast<std::uint32_t>(partition_point_index(count, [=](std::size_t i) {
        return load_u16(records + i * stride + fields::node_info::segment) < s;
    }));
}

struct group_context {
    // Payload starts (entry start + 16) of the group's four entries.
    const std::byte* nav_world = navspan::detail::empty_view_bytes;
    const std::byte* navmesh = navspan::detail::empty_view_bytes;
    const std::byte* segments = navspan::detail::empty_view_bytes;
    const std::byte* segment_graph = navspan::detail::empty_view_bytes;
    // Where each record array starts (payload + the header's offset).
    const std::byte* node_positions = nullptr;  // NavWorld ss1
    const std::byte* node_info = nullptr;       // ss2
    const std::byte* node_records = nullptr;    // ss3
    const std::byte* nav_edges = nullptr;       // ss4
    const std::byte* segment_flags = nullptr;   // ss5
    const std::byte* node_faces = nullptr;      // ss6
    const std::byte* vertices = nullptr;        // NavmeshChunk ss1
    const std::byte* face_words = nullptr;      // ss2
    const std::byte* face_records = nullptr;    // ss3
    const std::byte* segment_boxes = nullptr;   // SegmentChunk ss1
    const std::byte* segment_ranges = nullptr;  // ss2
    const std::byte* graph_positions = nullptr; // SegmentGraph ss1
    const std::byte* graph_info = nullptr;      // ss2
    const std::byte* graph_records = nullptr;   // ss3
    quantization quant{};
    std::uint32_t segment_count = 0;
    std::uint32_t graph_node_count = 0;
    std::uint16_t node_count = 0;
    std::uint16_t edge_count = 0;
    std::uint16_t face_count = 0;
    std::uint16_t vertex_count = 0;
    std::uint8_t group_id = 0;
    std::uint8_t modes = 0;

    // Reads the payload headers of a verified group.
    static group_context make(const std::byte* nav_world_payload, const std::byte* navmesh_payload,
                              const std::byte* segment_payload, const std::byte* graph_payload, quantization q,
                              std::uint8_t id, std::uint8_t modes) noexcept {
        namespace w = fields::nav_world;
        namespace m = fields::navmesh;
        namespace s = fields::segment_chunk;
        namespace sg = fields::segment_graph;
        group_context c;
        c.nav_world = nav_world_payload;
        c.navmesh = navmesh_payload;
        c.segments = segment_payload;
        c.segment_graph = graph_payload;
        const auto at = [](const std::byte* payload, std::size_t field) { return payload + load_u32(payload + field); };
        c.node_positions = at(nav_world_payload, w::ss1);
        c.node_info = at(nav_world_payload, w::ss2);
        c.node_records = at(nav_world_payload, w::ss3);
        c.nav_edges = at(nav_world_payload, w::ss4);
        c.segment_flags = at(nav_world_payload, w::ss5);
        c.node_faces = at(nav_world_payload, w::ss6);
        c.vertices = at(navmesh_payload, m::ss1);
        c.face_words = at(navmesh_payload, m::ss2);
        c.face_records = at(navmesh_payload, m::ss3);
        c.segment_boxes = at(segment_payload, s::ss1);
        c.segment_ranges = at(segment_payload, s::ss2);
        c.graph_positions = at(graph_payload, sg::ss1);
        c.graph_info = at(graph_payload, sg::ss2);
        c.graph_records = at(graph_payload, sg::ss3);
        c.quant = q;
        c.segment_count = load_u32(segment_payload + s::segment_count);
        c.graph_node_count = load_u32(graph_payload + sg::node_count);
        c.node_count = load_u16(nav_world_payload + w::node_count);
        c.edge_count = load_u16(nav_world_payload + w::edge_count);
        c.face_count = load_u16(navmesh_payload + m::face_count);
        c.vertex_count = load_u16(navmesh_payload + m::vertex_count);
        c.group_id = id;
        c.modes = modes;
        return c;
    }

    // SegmentChunk ss2 record of segment s.
    const std::byte* segment_range(std::uint32_t s) const noexcept {
        return segment_ranges + std::size_t{s} * segment_range_size;
    }
    std::uint32_t vertex_offset(std::uint32_t s) const noexcept {
        return load_u16(segment_range(s) + fields::segment_range::vertex_offset);
    }

    // A segment's NavWorld nodes: [first_node(s), first_node(s) + node_count_of(s));
    // its edges likewise.
    std::uint32_t first_node(std::uint32_t s) const noexcept { return range_first(s, nodes_by_segment()); }
    std::uint32_t node_count_of(std::uint32_t s) const noexcept { return range_size(s, nodes_by_segment()); }
    std::uint32_t first_edge(std::uint32_t s) const noexcept { return range_first(s, edges_by_segment()); }
    std::uint32_t edge_count_of(std::uint32_t s) const noexcept { return range_size(s, edges_by_segment()); }

    // Records sorted by segment (the NavWorld's nodes or edges), and the
    // SegmentChunk fields that store each segment's range of them (right
    // when `mode` is among the modes).
    struct sorted_by_segment {
        std::uint8_t mode;
        std::size_t first_field, count_field;
        const std::byte* records;
        std::uint32_t count;
        std::size_t stride;
    };
    sorted_by_segment nodes_by_segment() const noexcept {
        return {mode_stored_node_ranges, fields::segment_range::first_node, fields::segment_range::node_count,
                node_info, node_count, node_info_size};
    }
    sorted_by_segment edges_by_segment() const noexcept {
        return {mode_stored_edge_ranges, fields::segment_range::first_edge, fields::segment_range::edge_count,
                nav_edges, edge_count, nav_edge_size};
    }

    // Segment s's range of `r`: the SegmentChunk's stored fields when the
    // modes say those are right, else a binary search over the records' own
    // segment ids.
    std::uint32_t range_first(std::uint32_t s, const sorted_by_segment& r) const noexcept {
        if (modes & r.mode) return load_u16(segment_range(s) + r.first_field);
        return lower_bound_segment(r.records, r.count, r.stride, s);
    }
    std::uint32_t range_size(std::uint32_t s, const sorted_by_segment& r) const noexcept {
        if (modes & r.mode) return load_u8(segment_range(s) + r.count_field);
        return lower_bound_segment(r.records, r.count, r.stride, s + 1) - lower_bound_segment(r.records, r.count, r.stride, s);
    }

    // The segment whose face range holds face f (the last segment whose
    // firstFace <= f: empty segments share their successor's firstFace).
    std::uint32_t segment_of_face_by_range(std::uint32_t f) const noexcept {
        const std::size_t lo = partition_point_index(segment_count, [this, f](std::size_t i) {
            return load_u16(segment_range(static_cast<std::uint32_t>(i)) + fields::segment_range::first_face) <= f;
        });
        return static_cast<std::uint32_t>(lo - 1);  // open() proved face f lies in some segment, so lo >= 1
    }
    std::uint32_t segment_of_face(std::uint32_t f, std::uint32_t word) const noexcept {
        if (modes & mode_face_segment_bits) return word >> 20;
        return segment_of_face_by_range(f);
    }
};

// What a default-constructed element view points at: a group of nothing
// whose record pointers lead to zeros (every accessor then reads zero).
inline constexpr group_context empty_group_context{};

// What every element of a group (a node, an edge, a vertex, a face, a
// segment) is built from and keeps: the group's context and its index in
// its list (group_element_list builds it from both).
class group_element {
public:
    group_element(const group_context* g, std::uint32_t index) noexcept : g_(g), index_(index) {}
    std::uint32_t index() const noexcept { return index_; }

protected:
    const group_context* g_;
    std::uint32_t index_;
};

// An element with a quantised point in a table of its group (`Points`: a
// mesh vertex, a NavWorld node, a SegmentGraph node): the point as stored,
// and in the world on request.
template <const std::byte* group_context::*Points>
class positioned_element : public group_element {
public:
    using group_element::group_element;
    quantized_point quantized() const noexcept { return load_quantized(g_->*Points + std::size_t{index_} * point_size); }
    vec3 position() const noexcept { return g_->quant.to_world(quantized()); }
};

// What every entry of a group (NavWorld, NavmeshChunk, SegmentChunk,
// SegmentGraph) keeps: the group view it came from (default-constructed,
// a group of nothing).
class group_entry {
public:
    constexpr group_entry() noexcept = default;
    explicit group_entry(const group_context* g) noexcept : g_(g) {}

protected:
    const group_context* g_ = &empty_group_context;
};

}  // namespace navspan::fox::detail

namespace navspan::fox {

// The elements 0..count-1 of one kind (nodes, edges, faces, segments...) of a
// group; Element is built from (pointer to the group's context, index). The
// list and its elements point at the group view they came from, which must
// outlive them (docs/formats/fox.md, "Views").
template <class Element>
using group_element_list = indexed_view<Element, const detail::group_context*>;

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
