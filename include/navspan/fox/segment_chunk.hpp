// navspan/fox/segment_chunk.hpp - SegmentChunk (entry type 4): one record per
// segment, the table that turns segment-local bytes into group indices.
//
// Payload: header {u32 ss1Offset, u32 ss2Offset, u32 totalSize, u32
// segmentCount}; ss1 = {Vertex bboxMin, Vertex bboxMax}[segmentCount];
// ss2 = {u16 vertexIndexOffset, u16 firstFace, u16 firstNavWorldEdge,
// u16 firstNavWorldNode, u8 nVerts, u8 nFaces, u8 nNavWorldEdges,
// u8 nNavWorldNodes}[segmentCount]. The firsts are prefix sums of the counts.
// docs/formats/fox.md, "SegmentChunk".
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "fields.hpp"
#include "group_context.hpp"

namespace navspan::fox {

// One segment: its box and its ranges of vertices, faces, NavWorld nodes and
// NavWorld edges.
class segment : public detail::group_element {
public:
    using group_element::group_element;

    quantized_point bounds_min_quantized() const noexcept { return load_quantized(box_record() + fields::segment_box::min); }
    quantized_point bounds_max_quantized() const noexcept { return load_quantized(box_record() + fields::segment_box::max); }
    // The box in world space.
    box bounds() const noexcept {
        return {g_->quant.to_world(bounds_min_quantized()), g_->quant.to_world(bounds_max_quantized())};
    }

    // Mesh vertices [vertex_offset(), vertex_offset() + vertex_count()) and
    // faces [first_face(), first_face() + face_count()) (verified prefix sums).
    std::uint32_t vertex_offset() const noexcept { return load_u16(range() + fields::segment_range::vertex_offset); }
    std::uint32_t vertex_count() const noexcept { return load_u8(range() + fields::segment_range::vertex_count); }
    std::uint32_t first_face() const noexcept { return load_u16(range() + fields::segment_range::first_face); }
    std::uint32_t face_count() const noexcept { return load_u8(range() + fields::segment_range::face_count); }

    // NavWorld nodes and edges of the segment, resolved (from the stored
    // fields when they are right, else from the nodes' own segment ids).
    std::uint32_t first_node() const noexcept { return g_->first_node(index_); }
    std::uint32_t node_count() const noexcept { return g_->node_count_of(index_); }
    std::uint32_t first_edge() const noexcept { return g_->first_edge(index_); }
    std::uint32_t edge_count() const noexcept { return g_->edge_count_of(index_); }

    // The stored fields as they are (Obj2Nav2 writes 0 firsts and other counts).
    std::uint16_t stored_first_edge() const noexcept { return load_u16(range() + fields::segment_range::first_edge); }
    std::uint16_t stored_first_node() const noexcept { return load_u16(range() + fields::segment_range::first_node); }
    std::uint8_t stored_edge_count() const noexcept { return load_u8(range() + fields::segment_range::edge_count); }
    std::uint8_t stored_node_count() const noexcept { return load_u8(range() + fields::segment_range::node_count); }

    // Group vertex index of segment-local vertex `local` (a face's vertex byte).
    std::uint32_t vertex_index(std::uint8_t local) const noexcept { return vertex_offset() + local; }

private:
    const std::byte* box_record() const noexcept { return g_->segment_boxes + std::size_t{index_} * segment_box_size; }
    const std::byte* range() const noexcept { return g_->segment_range(index_); }
};

using segment_list = group_element_list<segment>;

// A group's SegmentChunk entry. Points at the group view it came from.
class segment_chunk : public detail::group_entry {
public:
    using group_entry::group_entry;

    std::uint32_t ss1_offset() const noexcept { return load_u32(g_->segments + fields::segment_chunk::ss1); }
    std::uint32_t ss2_offset() const noexcept { return load_u32(g_->segments + fields::segment_chunk::ss2); }
    std::uint32_t total_size() const noexcept { return load_u32(g_->segments + fields::segment_chunk::total_size); }
    std::uint32_t segment_count() const noexcept { return g_->segment_count; }

    segment_list segments() const noexcept { return {g_, segment_count()}; }
    segment operator[](std::size_t i) const noexcept { return segments()[i]; }

    // True when the stored node / edge firsts and counts are right (game files).
    bool stored_node_ranges() const noexcept { return (g_->modes & detail::mode_stored_node_ranges) != 0; }
    bool stored_edge_ranges() const noexcept { return (g_->modes & detail::mode_stored_edge_ranges) != 0; }
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
