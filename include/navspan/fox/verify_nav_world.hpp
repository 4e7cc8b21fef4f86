// navspan/fox/verify_nav_world.hpp - checks of a group's NavWorld (entry
// type 0): its six subsections, every node record and edge, and every index
// they hold (format.hpp, decisions 5 and 7).
//
// Each pass runs fast (one test per record, or one per column where a max
// over the column suffices) and, only when it fails, again precisely to find
// and describe the first problem; tests/fox checks that both ways agree on
// every corrupted file.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/ranges.hpp"
#include "fields.hpp"
#include "format.hpp"
#include "group_context.hpp"
#include "verify_state.hpp"

namespace navspan::fox::detail {

// Words of a link record by countB kind; 0xFF marks an invalid kind.
constexpr std::uint8_t link_words(std::uint32_t kind) noexcept {
    constexpr std::uint8_t words[8] = {0, 1, 2, 0xFF, 3, 0xFF, 0xFF, 0xFF};
    return kind < 8 ? words[kind] : 0xFF;
}

// [lo, hi): the nodes of segment s, given those of segment s - 1 (nodes
// are sorted by segment, so the cursor only moves forward).
inline void advance_node_range(const std::byte* info, std::uint32_t count, std::uint32_t s, std::uint32_t& lo,
                               std::uint32_t& hi) noexcept {
    lo = hi;
    while (lo < count && load_u16(info + std::size_t{lo} * node_info_size + fields::node_info::segment) < s) ++lo;
    hi = lo;
    while (hi < count && load_u16(info + std::size_t{hi} * node_info_size + fields::node_info::segment) == s) ++hi;
}

class nav_world_check : public group_check {
public:
    using group_check::group_check;

    // Needs scan.segment_count and scan.segment_table (verify_segment_chunk);
    // sets scan.node_info, scan.node_count and the stored-range modes.
    error run(std::uint8_t g) noexcept {
        namespace f = fields::nav_world;
        const payload_bytes payload = v_.payload_of(g, entry_type::nav_world);
        world_layout L(payload);
        const std::uint64_t size = payload.size;
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        L.nodes = load_u16(p + f::node_count);
        L.edges = load_u16(p + f::edge_count);
        L.segments = load_u16(p + f::segment_count);
        L.faces = load_u16(v_.payload(g, entry_type::navmesh_chunk) + fields::navmesh::face_count);
        if (L.segments != scan_.segment_count) {
            return navspan::detail::fail(error_code::inconsistent, base + f::segment_count, "NavWorld segment count", L.segments);
        }
        NAVSPAN_TRY(verify_state::subsections(payload, {f::ss1, f::ss2, f::ss3, f::ss4, f::ss5, f::ss6},
                                              nav_world_header_size, size,
                                              {{"NavWorld node positions", &L.positions},
                                               {"NavWorld node info", &L.infos},
                                               {"NavWorld node records", &L.records},
                                               {"NavWorld edges", &L.edge_bytes},
                                               {"NavWorld segment flags", &L.flags},
                                               {"NavWorld node faces", &L.node_faces}}));
        NAVSPAN_TRY(v_.check_array(L.positions, L.nodes, point_size, "NavWorld node positions"));
        NAVSPAN_TRY(v_.check_array(L.infos, L.nodes, node_info_size, "NavWorld node info"));
        NAVSPAN_TRY(v_.check_array(L.edge_bytes, L.edges, nav_edge_size, "NavWorld edges"));
        NAVSPAN_TRY(v_.check_array(L.flags, L.segments, 2, "NavWorld segment flags"));
        NAVSPAN_TRY(v_.check_array(L.node_faces, L.nodes, 2, "NavWorld node faces"));

        // stored_ranges reads only records inside their arrays, so it may run first.
        const bool nodes_stored = stored_ranges(L.p + L.infos.begin(), node_info_size, L.nodes, L.segments,
                                                fields::segment_range::first_node, fields::segment_range::node_count);
        if (v_.precise_only() || !nodes_fast(L, nodes_stored)) NAVSPAN_TRY(nodes_precise(L));
        const bool edges_stored = stored_ranges(L.p + L.edge_bytes.begin(), nav_edge_size, L.edges, L.segments,
                                                fields::segment_range::first_edge, fields::segment_range::edge_count);
        if (v_.precise_only() || !nodes_stored || !edges_fast(L, edges_stored)) NAVSPAN_TRY(edges_precise(L));
        if (nodes_stored) scan_.modes = static_cast<std::uint8_t>(scan_.modes | mode_stored_node_ranges);
        if (edges_stored) scan_.modes = static_cast<std::uint8_t>(scan_.modes | mode_stored_edge_ranges);
        scan_.node_info = L.p + L.infos.begin();
        scan_.node_count = L.nodes;
        return {};
    }

private:
    // The NavWorld being verified, once its subsections are known.
    struct world_layout : payload_start {
        using payload_start::payload_start;
        std::uint32_t nodes = 0, edges = 0, segments = 0, faces = 0;
        byte_range positions, infos, records, edge_bytes, flags, node_faces;
    };

    // Node records: segment ids in range and sorted, link kinds known,
    // records inside ss3 in order, adjacent nodes, edges, linked nodes and
    // faces in range. False when anything is wrong (nodes_precise then says
    // what and where).
    //
    // Speed (this runs over every node of a valid file): a column that needs
    // only its largest value checked (the node faces) is one max over the
    // array, which compilers vectorise, compared once. The other checks are
    // one compare and a branch that valid data never takes (the CPU fuses and
    // predicts them; a range [lo, hi) is one unsigned compare of x - lo).
    // Folding the adjacent nodes and edges into running maxima instead was
    // measured: 9% more instructions for open() (a max is a compare and a
    // conditional move, and the record loop stays), so they stay branches.
    bool nodes_fast(const world_layout& L, bool by_range) const noexcept {
        namespace ni = fields::node_info;
        const std::uint32_t nodes = L.nodes, segments = L.segments;
        if (nodes == 0) return true;
        const std::byte* face_of = L.p + L.node_faces.begin();
        std::uint32_t largest_face = 0;
        for (std::uint32_t n = 0; n < nodes; ++n) {
            const std::uint32_t face = load_u16(face_of + 2 * std::size_t{n});
            largest_face = face > largest_face ? face : largest_face;
        }
        if (largest_face >= L.faces) return false;

        std::uint64_t previous_end = L.records.begin();
        const std::byte* info = L.p + L.infos.begin();
        if (by_range) {
            // The stored ranges tile the nodes in segment order: each node's
            // segment must be its range's (one compare against s).
            for (std::uint32_t s = 0; s < segments; ++s) {
                const std::uint32_t count = load_u8(scan_.segment_table + std::size_t{s} * segment_range_size +
                                                    fields::segment_range::node_count);
                for (std::uint32_t k = 0; k < count; ++k, info += node_info_size) {
                    if (load_u16(info + ni::segment) != s || !node_record_ok(L, info, previous_end)) return false;
                }
            }
            return true;
        }
        std::uint32_t previous_segment = 0;
        for (std::uint32_t n = 0; n < nodes; ++n, info += node_info_size) {
            const std::uint32_t segment = load_u16(info + ni::segment);
            // previous_segment <= segment < segments
            if (segment - previous_segment >= segments - previous_segment) return false;
            previous_segment = segment;
            if (!node_record_ok(L, info, previous_end)) return false;
        }
        return true;
    }

    // One node's link kind and record (see nodes_fast); its segment is
    // checked by the caller. Inlined into both loops of nodes_fast.
#if defined(__GNUC__) || defined(__clang__)
    [[gnu::always_inline]]
#endif
    inline bool node_record_ok(const world_layout& L, const std::byte* info, std::uint64_t& previous_end) const noexcept {
        namespace ni = fields::node_info;
        namespace na = fields::node_adjacency;
        const std::uint32_t nodes = L.nodes, edges = L.edges;
        const std::uint32_t adjacency = load_u8(info + ni::adjacency_count);
        const std::uint32_t kind = load_u8(info + ni::link_kind);
        const std::uint32_t words = link_words(kind);
        if (words > 3) return false;
        const std::uint64_t start = L.records.begin() + 2 * std::uint64_t{load_u16(info + ni::record_half_offset)};
        const std::uint64_t end = start + node_adjacency_size * std::uint64_t{adjacency} + 2 * std::uint64_t{words};
        if (start < previous_end || end > L.records.end()) return false;
        previous_end = end;
        const std::byte* rec = L.p + start;
        // {node, edge} pairs, two at a time (most nodes have 2 to 6).
        constexpr std::size_t next = node_adjacency_size;
        std::uint32_t left = adjacency;
        for (; left >= 2; left -= 2, rec += 2 * next) {
            if (load_u16(rec + na::node) >= nodes || load_u16(rec + na::edge) >= edges ||
                load_u16(rec + next + na::node) >= nodes || load_u16(rec + next + na::edge) >= edges) {
                return false;
            }
        }
        if (left != 0) {
            if (load_u16(rec + na::node) >= nodes || load_u16(rec + na::edge) >= edges) return false;
            rec += next;
        }
        namespace nl = fields::node_link;
        if (kind == 1) return load_u16(rec + nl::same_group_node) < nodes;
        if (kind == 2) {
            const std::uint32_t group = load_u16(rec + nl::other_group);
            return group <= 255 && load_u16(rec + nl::other_group_node) < v_.node_limit(group);
        }
        return true;
    }

    error nodes_precise(const world_layout& L) const noexcept {
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        const std::byte* info = p + L.infos.begin();
        std::uint32_t previous_segment = 0;
        std::uint64_t previous_end = L.records.begin();
        for (std::uint32_t n = 0; n < L.nodes; ++n) {
            const std::byte* rec_info = info + std::size_t{n} * node_info_size;
            const std::uint32_t segment = load_u16(rec_info + fields::node_info::segment);
            const std::uint32_t adjacency = load_u8(rec_info + fields::node_info::adjacency_count);
            const std::uint8_t kind = load_u8(rec_info + fields::node_info::link_kind);
            const std::uint64_t info_at = base + L.infos.begin() + std::uint64_t{n} * node_info_size;
            if (segment >= L.segments) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, info_at + fields::node_info::segment, "node segment", segment,
                                                         L.segments),
                                   "NavWorld node", n);
            }
            if (segment < previous_segment) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, info_at + fields::node_info::segment, "node segment order", segment),
                                   "NavWorld node", n);
            }
            previous_segment = segment;
            if (link_words(kind) == 0xFF) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, info_at + fields::node_info::link_kind, "node link kind", kind),
                                   "NavWorld node", n);
            }
            const std::uint64_t start = L.records.begin() + 2 * std::uint64_t{load_u16(rec_info + fields::node_info::record_half_offset)};
            const std::uint64_t length = 4 * std::uint64_t{adjacency} + 2 * std::uint64_t{link_words(kind)};
            if (error e = L.records.require_after(previous_end, start, length, "node record"); !e.ok()) {
                return with_parent(e, "NavWorld node", n);
            }
            previous_end = start + length;
            const std::byte* rec = p + start;
            for (std::uint32_t a = 0; a < adjacency; ++a) {
                const std::uint32_t other = load_u16(rec + node_adjacency_size * a + fields::node_adjacency::node);
                const std::uint32_t edge = load_u16(rec + node_adjacency_size * a + fields::node_adjacency::edge);
                if (other >= L.nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + node_adjacency_size * a + fields::node_adjacency::node,
                                                             "adjacent node", other, L.nodes),
                                       "NavWorld node", n);
                }
                if (edge >= L.edges) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + node_adjacency_size * a + fields::node_adjacency::edge,
                                                             "adjacent edge", edge, L.edges),
                                       "NavWorld node", n);
                }
            }
            const std::byte* link = rec + node_adjacency_size * adjacency;
            const std::uint64_t link_at = base + start + node_adjacency_size * std::uint64_t{adjacency};
            namespace nl = fields::node_link;
            if (kind == 1 && load_u16(link + nl::same_group_node) >= L.nodes) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, link_at + nl::same_group_node,
                                                         "linked node", load_u16(link + nl::same_group_node), L.nodes),
                                   "NavWorld node", n);
            }
            if (kind == 2) {
                const std::uint16_t group = load_u16(link + nl::other_group);
                const std::uint16_t node = load_u16(link + nl::other_group_node);
                if (group > 255) {
                    return with_parent(navspan::detail::fail(error_code::inconsistent, link_at + nl::other_group,
                                                             "linked group", group),
                                       "NavWorld node", n);
                }
                if (node >= v_.node_limit(group)) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, link_at + nl::other_group_node,
                                                             "linked node of group", node, v_.node_limit(group)),
                                       "NavWorld node", n);
                }
            }
            const std::uint32_t face = load_u16(p + L.node_faces.begin() + 2 * std::size_t{n});
            if (face >= L.faces) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range,
                                                         base + L.node_faces.begin() + 2 * std::uint64_t{n}, "node face",
                                                         face, L.faces),
                                   "NavWorld node", n);
            }
        }
        return {};
    }

    // Edges when the SegmentChunk's node ranges are right: sorted by
    // segment, endpoints below the segment's stored node count. When the
    // stored edge ranges are right too (game files), they tile the edges in
    // segment order, so each edge's segment must be its range's.
    bool edges_fast(const world_layout& L, bool by_range) const noexcept {
        namespace ef = fields::nav_edge;
        const std::byte* rec = L.p + L.edge_bytes.begin();
        const std::uint32_t segments = L.segments;
        if (by_range) {
            for (std::uint32_t s = 0; s < segments; ++s) {
                const std::byte* range = scan_.segment_table + std::size_t{s} * segment_range_size;
                const std::uint32_t count = load_u8(range + fields::segment_range::edge_count);
                const std::uint32_t nodes = load_u8(range + fields::segment_range::node_count);
                for (std::uint32_t k = 0; k < count; ++k, rec += nav_edge_size) {
                    if (load_u16(rec + ef::segment) != s || load_u8(rec + ef::from_local) >= nodes || load_u8(rec + ef::to_local) >= nodes) {
                        return false;
                    }
                }
            }
            return true;
        }
        std::uint32_t previous_segment = 0;
        for (std::uint32_t e = 0; e < L.edges; ++e, rec += nav_edge_size) {
            const std::uint32_t segment = load_u16(rec + ef::segment);
            // previous_segment <= segment < segments
            if (segment - previous_segment >= segments - previous_segment) return false;
            previous_segment = segment;
            const std::uint32_t nodes = load_u8(scan_.segment_table + std::size_t{segment} * segment_range_size +
                                                fields::segment_range::node_count);
            if (load_u8(rec + ef::from_local) >= nodes || load_u8(rec + ef::to_local) >= nodes) return false;
        }
        return true;
    }

    // Edges, sorted by segment, endpoints inside their segment's nodes (the
    // nodes' own segment ids decide; see format.hpp, decision 5).
    error edges_precise(const world_layout& L) const noexcept {
        namespace ef = fields::nav_edge;
        const std::byte* info = L.p + L.infos.begin();
        const std::byte* edge = L.p + L.edge_bytes.begin();
        std::uint32_t segment = 0, node_lo = 0, node_hi = 0;
        advance_node_range(info, L.nodes, 0, node_lo, node_hi);
        std::uint32_t previous_segment = 0;
        for (std::uint32_t e = 0; e < L.edges; ++e) {
            const std::byte* rec = edge + std::size_t{e} * nav_edge_size;
            const std::uint32_t s = load_u16(rec + ef::segment);
            const std::uint64_t at = L.base + L.edge_bytes.begin() + std::uint64_t{e} * nav_edge_size;
            if (s >= L.segments) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + ef::segment, "edge segment", s, L.segments),
                                   "NavWorld edge", e);
            }
            if (s < previous_segment) {
                return with_parent(navspan::detail::fail(error_code::inconsistent, at + ef::segment, "edge segment order", s),
                                   "NavWorld edge", e);
            }
            previous_segment = s;
            while (segment < s) {
                ++segment;
                advance_node_range(info, L.nodes, segment, node_lo, node_hi);
            }
            const std::uint32_t nodes = node_hi - node_lo;
            for (const std::size_t end : {ef::from_local, ef::to_local}) {
                if (load_u8(rec + end) >= nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + end, "edge endpoint",
                                                             load_u8(rec + end), nodes),
                                       "NavWorld edge", e);
                }
            }
        }
        return {};
    }

    // Whether the SegmentChunk's stored first/count fields (at first_field,
    // count_field of each segment record) are the real ranges of `count`
    // records sorted by their segment id (a u16 at +2): the ranges must tile
    // [0, count) in order, and each non-empty one must start and end with
    // records of its segment (sortedness then covers the inside).
    bool stored_ranges(const std::byte* records, std::size_t stride, std::uint32_t count, std::uint32_t segments,
                       std::size_t first_field, std::size_t count_field) const noexcept {
        std::uint32_t next = 0;
        for (std::uint32_t s = 0; s < segments; ++s) {
            const std::byte* r = scan_.segment_table + std::size_t{s} * segment_range_size;
            const std::uint32_t first = load_u16(r + first_field);
            const std::uint32_t n = load_u8(r + count_field);
            if (first != next || n > count - first) return false;
            if (n > 0 && (load_u16(records + std::size_t{first} * stride + fields::node_info::segment) != s ||
                          load_u16(records + std::size_t{first + n - 1} * stride + fields::node_info::segment) != s)) {
                return false;
            }
            next = first + n;
        }
        return next == count;
    }
};

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
