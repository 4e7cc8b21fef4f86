// navspan/fox/verify_navmesh.hpp - checks of a group's NavmeshChunk (entry
// type 1): vertices, face words and every face record, with each index a
// face holds (neighbours, vertices, edge ids) resolved in its segment
// (format.hpp, decisions 6 and 10).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/ranges.hpp"
#include "fields.hpp"
#include "format.hpp"
#include "group_context.hpp"
#include "navmesh_chunk.hpp"
#include "verify_nav_world.hpp"
#include "verify_state.hpp"

namespace navspan::fox::detail {

class navmesh_check : public group_check {
public:
    using group_check::group_check;

    // Needs the SegmentChunk and NavWorld checks' results in `scan`; adds
    // mode_face_segment_bits to scan.modes when the face words carry segments.
    error run(std::uint8_t g) noexcept {
        namespace f = fields::navmesh;
        const payload_bytes payload = v_.payload_of(g, entry_type::navmesh_chunk);
        mesh_layout L(payload);
        L.faces = load_u16(L.p + f::face_count);
        L.vertices = load_u16(L.p + f::vertex_count);
        NAVSPAN_TRY(verify_state::subsections(
            payload, {f::ss1, f::ss2, f::ss3}, navmesh_header_size, payload.size,
            {{"mesh vertices", &L.vertex_bytes}, {"face words", &L.words}, {"face records", &L.records}}));
        NAVSPAN_TRY(v_.check_array(L.vertex_bytes, L.vertices, point_size, "mesh vertices"));
        NAVSPAN_TRY(v_.check_array(L.words, L.faces, face_word_size, "face words"));
        const bool stored = (scan_.modes & mode_stored_node_ranges) != 0;
        bool bits = false;
        if (v_.precise_only() || !stored || !faces_fast(L, bits)) NAVSPAN_TRY(faces_precise(L, bits));
        if (bits) scan_.modes = static_cast<std::uint8_t>(scan_.modes | mode_face_segment_bits);
        return {};
    }

private:
    struct mesh_layout : payload_start {
        using payload_start::payload_start;
        std::uint32_t faces = 0, vertices = 0;
        byte_range vertex_bytes, words, records;
    };

    // Faces when the segment node ranges are stored: every record inside
    // ss3, adjacency values valid and in range, vertices and edge ids
    // resolving inside the face's segment; `bits` says whether the words'
    // segment bits agree with the face ranges (else they must all be 0).
    //
    // Faces are visited segment by segment (the face ranges are verified
    // prefix sums adding up to the face count). A triangle whose three
    // neighbours are faces of the group or none takes the short path (game
    // files: all but the few border faces); quads and faces with an edge into
    // another group or tile take face_fast_general().
    bool faces_fast(const mesh_layout& L, bool& bits) const noexcept {
        namespace fr = fields::face_record;
        const std::byte* words = L.p + L.words.begin();
        const std::uint32_t faces = L.faces;
        // Same-group neighbours are < 0x4000 as well as < faces; 0xFFFF (none)
        // plus one wraps to 0, so `(u16)(v + 1) <= limit` accepts exactly
        // "none" or a face of the group.
        const std::uint32_t neighbour_limit = faces < adjacency_value::other_group_flag ? faces : adjacency_value::other_group_flag;
        std::uint32_t disagree = 0, segment_bits_or = 0;
        std::uint32_t face = 0;
        for (std::uint32_t segment = 0; face < faces; ++segment) {
            const std::byte* range = scan_.segment_table + std::size_t{segment} * segment_range_size;
            const std::uint32_t end = face + load_u8(range + fields::segment_range::face_count);
            const std::uint32_t nodes = load_u8(range + fields::segment_range::node_count);
            const std::uint32_t vertex_offset = load_u16(range + fields::segment_range::vertex_offset);
            // Vertex bytes are below 256, so only a segment with fewer than
            // 256 vertices left after its offset needs them checked (offsets
            // are verified prefix sums, so vertex_offset <= vertices).
            const std::uint32_t vertex_room = L.vertices - vertex_offset;
            const std::uint32_t vertex_limit = vertex_room < 256 ? vertex_room : 256;
            for (; face < end; ++face) {
                const std::uint32_t word = load_u32(words + face_word_size * std::size_t{face});
                disagree |= (word >> face_word::segment_shift) ^ segment;
                segment_bits_or |= word >> face_word::segment_shift;
                const std::uint64_t start = L.records.begin() + 2 * std::uint64_t{word & face_word::offset_mask};
                if ((word & face_word::quad_bit) == 0 && start + fr::size * 3 <= L.records.end()) {
                    const std::byte* rec = L.p + start;
                    // A triangle: adjacency at 0, 2, 4; vertices at 6, 7, 8; edge ids at 9, 10, 11.
                    constexpr std::size_t adj = fr::adjacency * 3, vtx = fr::vertex * 3, edg = fr::edge * 3;
                    if (static_cast<std::uint16_t>(load_u16(rec + adj) + 1) <= neighbour_limit &&
                        static_cast<std::uint16_t>(load_u16(rec + adj + 2) + 1) <= neighbour_limit &&
                        static_cast<std::uint16_t>(load_u16(rec + adj + 4) + 1) <= neighbour_limit) {
                        if (load_u8(rec + vtx) >= vertex_limit || load_u8(rec + vtx + 1) >= vertex_limit ||
                            load_u8(rec + vtx + 2) >= vertex_limit || load_u8(rec + edg) >= nodes ||
                            load_u8(rec + edg + 1) >= nodes || load_u8(rec + edg + 2) >= nodes) {
                            return false;
                        }
                        continue;
                    }
                }
                if (!face_fast_general(L, word, vertex_offset, nodes)) return false;
            }
        }
        if (disagree != 0 && segment_bits_or != 0) return false;
        bits = disagree == 0;
        return true;
    }

    // One face of any shape and neighbours (see faces_fast).
    bool face_fast_general(const mesh_layout& L, std::uint32_t word, std::uint32_t vertex_offset,
                           std::uint32_t nodes) const noexcept {
        namespace fr = fields::face_record;
        const std::size_t n = (word & face_word::quad_bit) != 0 ? 4 : 3;
        const std::uint64_t start = L.records.begin() + 2 * std::uint64_t{word & face_word::offset_mask};
        if (start + fr::size * n > L.records.end()) return false;
        const std::byte* rec = L.p + start;
        bool leaves = false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = load_u16(rec + 2 * i);
            if ((v & 0x8000u) != 0 && v != adjacency_value::none && v != adjacency_value::other_tile) return false;
            if (v < adjacency_value::other_group_flag && v >= L.faces) return false;
            leaves = leaves || (v & 0xC000u) == 0x4000u || v == adjacency_value::other_tile;
            if (vertex_offset + load_u8(rec + fr::vertex * n + i) >= L.vertices) return false;
            if (load_u8(rec + fr::edge * n + i) >= nodes) return false;
        }
        if (!leaves) return true;
        if (start + fr::size_with_extension * n > L.records.end()) return false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t v = load_u16(rec + 2 * i);
            if ((v & 0xC000u) != 0x4000u) continue;
            const std::uint32_t group = load_u16(rec + fr::ext_a * n + 2 * i);
            if (group > 255 || (v & adjacency_value::face_mask) >= v_.face_limit(group)) return false;
        }
        return true;
    }

    error faces_precise(const mesh_layout& L, bool& bits) const noexcept {
        namespace fr = fields::face_record;
        const std::byte* p = L.p;
        const std::uint64_t base = L.base;
        const std::uint32_t face_count = L.faces, vertex_count = L.vertices;
        bool bits_agree = true, bits_zero = true;
        std::uint64_t first_disagreement = 0;
        std::uint32_t segment = 0, node_lo = 0, node_hi = 0;
        advance_node_range(scan_.node_info, scan_.node_count, 0, node_lo, node_hi);
        auto segment_end = [&](std::uint32_t s) {
            const std::byte* r = scan_.segment_table + std::size_t{s} * segment_range_size;
            return std::uint32_t{load_u16(r + fields::segment_range::first_face)} + load_u8(r + fields::segment_range::face_count);
        };
        for (std::uint32_t face = 0; face < face_count; ++face) {
            // The segment whose face range holds this face (ranges are prefix
            // sums that add up to face_count, so one exists).
            while (face >= segment_end(segment)) {
                ++segment;
                advance_node_range(scan_.node_info, scan_.node_count, segment, node_lo, node_hi);
            }
            const std::uint64_t word_at = base + L.words.begin() + face_word_size * std::uint64_t{face};
            const std::uint32_t word = load_u32(p + L.words.begin() + face_word_size * std::size_t{face});
            const std::uint32_t segment_bits = word >> face_word::segment_shift;
            if (segment_bits != segment && bits_agree) {
                bits_agree = false;
                first_disagreement = word_at;
            }
            bits_zero = bits_zero && segment_bits == 0;

            const std::size_t n = (word & face_word::quad_bit) != 0 ? 4 : 3;
            const std::uint64_t start = L.records.begin() + 2 * std::uint64_t{word & face_word::offset_mask};
            if (error e = L.records.require_after(0, start, fr::size * n, "face record"); !e.ok()) return with_parent(e, "face", face);
            const std::byte* rec = p + start;
            bool extension = false;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint16_t v = load_u16(rec + 2 * i);
                const neighbour_kind kind = classify_adjacency(v);
                if (kind == neighbour_kind::invalid) {
                    return with_parent(navspan::detail::fail(error_code::inconsistent, base + start + 2 * i, "face adjacency", v),
                                       "face", face);
                }
                if (kind == neighbour_kind::same_group && v >= face_count) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 2 * i,
                                                             "adjacent face", v, face_count),
                                       "face", face);
                }
                extension = extension || kind == neighbour_kind::other_group || kind == neighbour_kind::other_tile;
            }
            if (extension) {
                if (error e = L.records.require_after(0, start, fr::size_with_extension * n, "face record extension"); !e.ok()) {
                    return with_parent(e, "face", face);
                }
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint16_t v = load_u16(rec + 2 * i);
                    if (classify_adjacency(v) != neighbour_kind::other_group) continue;
                    const std::uint16_t group = load_u16(rec + fr::ext_a * n + 2 * i);
                    const std::uint16_t other = static_cast<std::uint16_t>(v & adjacency_value::face_mask);
                    if (group > 255) {
                        return with_parent(navspan::detail::fail(error_code::inconsistent, base + start + fr::ext_a * n + 2 * i,
                                                                 "adjacent face group", group),
                                           "face", face);
                    }
                    if (other >= v_.face_limit(group)) {
                        return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + 2 * i,
                                                                 "adjacent face of group", other, v_.face_limit(group)),
                                           "face", face);
                    }
                }
            }
            const std::uint32_t vertex_offset = load_u16(scan_.segment_table + std::size_t{segment} * segment_range_size + fields::segment_range::vertex_offset);
            const std::uint32_t nodes = node_hi - node_lo;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t vertex = vertex_offset + load_u8(rec + fr::vertex * n + i);
                if (vertex >= vertex_count) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + fr::vertex * n + i,
                                                             "face vertex", vertex, vertex_count),
                                       "face", face);
                }
                const std::uint32_t edge_id = load_u8(rec + fr::edge * n + i);
                if (edge_id >= nodes) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range, base + start + fr::edge * n + i,
                                                             "face edge id", edge_id, nodes),
                                       "face", face);
                }
            }
        }
        if (!bits_agree && !bits_zero) {
            return navspan::detail::fail(error_code::inconsistent, first_disagreement, "face segment bits",
                                         load_u32(v_.file() + first_disagreement) >> face_word::segment_shift);
        }
        bits = bits_agree;
        return {};
    }
};

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
