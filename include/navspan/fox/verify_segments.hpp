// navspan/fox/verify_segments.hpp - checks of a group's SegmentChunk (its
// segment table, which every other entry of the group is read through) and
// SegmentGraph (one variable-size node record per segment).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/ranges.hpp"
#include "fields.hpp"
#include "format.hpp"
#include "verify_state.hpp"

namespace navspan::fox::detail {

// The SegmentChunk of group g: boxes and ranges inside the payload;
// vertexIndexOffset and firstFace the prefix sums of the counts, which add
// up to the NavmeshChunk's vertex and face counts. Fills scan.segment_count
// and scan.segment_table.
inline error verify_segment_chunk(verify_state& v, std::uint8_t g, group_scan& scan) noexcept {
    namespace f = fields::segment_chunk;
    namespace r = fields::segment_range;
    const payload_bytes payload = v.payload_of(g, entry_type::segment_chunk);
    const std::byte* p = payload.p;
    std::uint32_t total = 0;
    NAVSPAN_TRY(payload.total_size(f::total_size, segment_chunk_header_size, "SegmentChunk total size", total));
    const std::uint32_t count = load_u32(p + f::segment_count);
    byte_range boxes, ranges;
    NAVSPAN_TRY(verify_state::subsections(payload, {f::ss1, f::ss2}, segment_chunk_header_size, total,
                                          {{"segment boxes", &boxes}, {"segment table", &ranges}}));
    NAVSPAN_TRY(v.check_array(boxes, count, segment_box_size, "segment boxes"));
    NAVSPAN_TRY(v.check_array(ranges, count, segment_range_size, "segment table"));

    const std::byte* mesh = v.payload(g, entry_type::navmesh_chunk);
    const std::uint32_t vertex_total = load_u16(mesh + fields::navmesh::vertex_count);
    const std::uint32_t face_total = load_u16(mesh + fields::navmesh::face_count);
    std::uint32_t vertices = 0, faces = 0;
    const std::byte* table = p + ranges.begin();
    const std::uint64_t table_at = payload.base + ranges.begin();
    for (std::uint32_t s = 0; s < count; ++s) {
        const std::byte* rec = table + std::size_t{s} * segment_range_size;
        const std::uint64_t at = table_at + std::uint64_t{s} * segment_range_size;
        if (load_u16(rec + r::vertex_offset) != vertices) {
            return with_parent(navspan::detail::fail(error_code::inconsistent, at + r::vertex_offset,
                                                     "segment vertex offset", load_u16(rec + r::vertex_offset)),
                               "segment", s);
        }
        if (load_u16(rec + r::first_face) != faces) {
            return with_parent(navspan::detail::fail(error_code::inconsistent, at + r::first_face, "segment first face",
                                                     load_u16(rec + r::first_face)),
                               "segment", s);
        }
        vertices += load_u8(rec + r::vertex_count);
        faces += load_u8(rec + r::face_count);
    }
    if (vertices != vertex_total) {
        return navspan::detail::fail(error_code::inconsistent, table_at, "segment vertex counts (sum)", vertices);
    }
    if (faces != face_total) {
        return navspan::detail::fail(error_code::inconsistent, table_at, "segment face counts (sum)", faces);
    }
    scan.segment_count = count;
    scan.segment_table = table;
    return {};
}

// The SegmentGraph of group g: positions and infos of every node inside the
// payload, and each node's record (its edges, then their mesh edge ids)
// inside ss3, in node order without overlap.
inline error verify_segment_graph(verify_state& v, std::uint8_t g) noexcept {
    namespace f = fields::segment_graph;
    namespace info_field = fields::graph_node_info;
    const payload_bytes payload = v.payload_of(g, entry_type::segment_graph);
    const std::byte* p = payload.p;
    std::uint32_t total = 0;
    NAVSPAN_TRY(payload.total_size(f::total_size, segment_graph_header_size, "SegmentGraph total size", total));
    const std::uint32_t count = load_u32(p + f::node_count);
    byte_range positions, infos, records;
    NAVSPAN_TRY(verify_state::subsections(
        payload, {f::ss1, f::ss2, f::ss3}, segment_graph_header_size, total,
        {{"graph node positions", &positions}, {"graph node info", &infos}, {"graph node records", &records}}));
    NAVSPAN_TRY(v.check_array(positions, count, point_size, "graph node positions"));
    NAVSPAN_TRY(v.check_array(infos, count, graph_node_info_size, "graph node info"));
    // Edge record sizes by kind, and where each kind keeps its mesh edge count.
    constexpr std::uint64_t same_size = 6, other_size = 8, tile_size = 10;
    std::uint64_t previous_end = records.begin();
    for (std::uint32_t n = 0; n < count; ++n) {
        const std::byte* info = p + infos.begin() + std::size_t{n} * graph_node_info_size;
        const std::uint64_t half = load_u24(info + info_field::record_half_offset);
        const std::uint64_t same = load_u8(info + info_field::same_group_count);
        const std::uint64_t other = load_u8(info + info_field::other_group_count);
        const std::uint64_t tile = load_u8(info + info_field::other_tile_count);
        const std::uint64_t start = records.begin() + 2 * half;
        const std::uint64_t fixed = same_size * same + other_size * other + tile_size * tile;
        if (error e = records.require_after(previous_end, start, fixed, "graph node record"); !e.ok()) {
            return with_parent(e, "graph node", n);
        }
        const std::byte* rec = p + start;
        std::uint64_t ids = 0;
        for (std::uint64_t i = 0; i < same; ++i) {
            ids += load_u8(rec + same_size * i + fields::graph_edge_same_group::mesh_edge_count);
        }
        for (std::uint64_t i = 0; i < other; ++i) {
            ids += load_u8(rec + same_size * same + other_size * i + fields::graph_edge_other_group::mesh_edge_count);
        }
        for (std::uint64_t i = 0; i < tile; ++i) {
            ids += load_u8(rec + same_size * same + other_size * other + tile_size * i +
                           fields::graph_edge_other_tile::mesh_edge_count);
        }
        if (error e = records.require_after(previous_end, start, fixed + ids, "graph node mesh edge ids"); !e.ok()) {
            return with_parent(e, "graph node", n);
        }
        previous_end = start + fixed + ids;
    }
    return {};
}

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
