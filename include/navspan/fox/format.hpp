// navspan/fox/format.hpp - the Fox Engine `.nav2` format in one place.
//
// Metal Gear Solid V and Metal Gear Survive store navigation as `.nav2`
// files: a 96-byte header, a manifest, a chain of entries (four per group:
// NavWorld, NavmeshChunk, SegmentChunk, SegmentGraph), then optional
// Section2 and Section3 blocks and a NavSystem grid. Positions are u16
// triples, dequantised per axis as  world = (float)q / (float)divisor + origin;
// y is up. docs/formats/fox.md describes the whole layout, every record and
// its accessor; this comment records the layout navspan reads and every
// decision taken where the public descriptions are uncertain. Field offsets
// are named in fields.hpp.
//
// File (offsets absolute)            Entry (offsets relative to entry start)
//   0   header (96 bytes)              0  u16 type, u16 u1, u32 nextEntryOffset,
//   96  manifest: u32 groupCount,         u32 payloadOffset (16), u8 groupId,
//       12-byte record per NavWorld,      u8 tile byte, u16 tile word
//       SegmentGraph, NavmeshChunk     16 payload: the type's header, then its
//   endOfHeaderOffset: entry chain        subsections at payload-relative offsets
//   section2Offset:  Section2 entries
//   section3Offset:  Section3 (raw)
//   navSystemOffset: NavSystem grid
//
// Decisions where the public descriptions are uncertain (each was checked against the 25
// corpus files; "game" = the 23 Konami files, "tool" = the two Obj2Nav2 files):
//
//  1. Header fileSize: must not exceed the buffer (truncated otherwise). A
//     smaller fileSize is accepted; the file ends there and the excess is
//     reported by nav2_file::trailing(). The early Obj2Nav2 `old.nav2`
//     (fileSize 3200, 3226 bytes) is then rejected because its NavSystem end
//     marker (navSystemOffset + ss3Offset = 3232) runs past the file.
//  2. Regions follow each other in the order entries, Section2, Section3,
//     NavSystem; each present region ends exactly where the next present one
//     starts (the chain ends where Section2 or the NavSystem starts, generalised), the last one at
//     fileSize. Empty split files have no regions at all.
//  3. Manifest: manifestSize may be 4 + 36 * groups (game) or 36 * groups
//     (tool). Every record must name an entry of the chain with the same group
//     and type, payloadOffset = entry start + 16, and a 24-bit size equal to
//     the entry's nextEntryOffset, or 0 (the early Obj2Nav2 writer).
//     Entry payloadOffset must be 16. Tile bytes are exposed, not compared.
//  4. Every group has exactly one entry of each of the four types.
//  5. NavWorld nodes and edges must be sorted by segment (true everywhere).
//     A segment's node and edge ranges come from the SegmentChunk firsts and
//     counts when those agree with the nodes' and edges' own segment ids
//     (game files); otherwise (tool files write 0 firsts and wrong counts)
//     they are derived from the sorted ids by binary search at access. Either
//     way an edge's segment-local endpoints and a face's edge ids resolve to
//     NavWorld nodes of the right segment, and open() checks they do.
//  6. A face's segment is its word's bits 20-31 when these agree with the
//     SegmentChunk face ranges for every face of the group (game files); when
//     every face has 0 there (tool files) the face range decides; any other
//     mix is rejected. vertexIndexOffset and firstFace must equal the prefix
//     sums, and the sums must equal the NavmeshChunk counts.
//  7. NavWorld countB is the kind of one link record of 0, 1, 2 or 3 words
//     (kinds 0, 1, 2, 4). Node records lie inside ss3 in node order without
//     overlap (game files pack them back to back).
//  8. Cross-group references (kind-2 node links, 0x4000 faces) are checked
//     against the target group when it is in this file and are "external"
//     otherwise; fox::split_set checks them across a .nav2/.1.nav2 pair.
//  9. SegmentGraph adjacent nodes, group and tile ids are raw values: the
//     tool file has 92 graph nodes for 100 segments and stores segment ids
//     there. The node records must lie inside ss3 in order without overlap.
// 10. Quads (face word bit 18, never seen in game data) use the triangle's
//     layout with n = 4: adjacency u16[4], vertex u8[4], edge u8[4], then the
//     extension u16[4] + u16[4]. Bit 19 is exposed, not checked.
// 11. NavSystem: the bytes [navSystemOffset, navSystemOffset + ss3Offset)
//     must lie inside the file. Cell index = x + nX * (z + nZ * y): x fastest
//     matches the segment boxes of every corpus cell (all have nY = 1, so the
//     y order is inferred). The record lists of non-empty cells lie inside ss2
//     in cell order without overlap; an empty cell's offset is not used.
// 12. Section2 entry subsection offsets must not decrease; node records lie
//     inside ss2 in node order without overlap; adjacent nodes are checked;
//     ss5 is read as {u16 tileId, u16, u16} records, ss3/ss4/ss6 stay raw.
// 13. Segment flags are a u16 of unknown bit meaning; the known whole values
//     are named (segment_flag_values). The tile field's low 7 bits, the entry
//     tile bytes and the unknown header words are exposed, not checked.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/views.hpp"

namespace navspan::fox {

inline constexpr std::uint32_t nav2_magic = 201403242u;  // 0x0C012B6A, a date code
inline constexpr std::size_t header_size = 96;
inline constexpr std::size_t manifest_record_size = 12;
inline constexpr std::size_t entry_header_size = 16;

// Sizes of the per-type headers at the start of each entry's payload.
inline constexpr std::size_t nav_world_header_size = 48;
inline constexpr std::size_t navmesh_header_size = 32;
inline constexpr std::size_t segment_chunk_header_size = 16;
inline constexpr std::size_t segment_graph_header_size = 32;
inline constexpr std::size_t section2_entry_header_size = 16;
inline constexpr std::size_t nav_system_header_size = 48;

// Sizes of the fixed-size records.
inline constexpr std::size_t point_size = 6;             // quantised u16 x, y, z
inline constexpr std::size_t node_info_size = 6;         // NavWorld ss2
inline constexpr std::size_t node_adjacency_size = 4;    // NavWorld ss3: {u16 node, u16 edge}
inline constexpr std::size_t nav_edge_size = 6;          // NavWorld ss4
inline constexpr std::size_t face_word_size = 4;         // NavmeshChunk ss2
inline constexpr std::size_t segment_box_size = 12;      // SegmentChunk ss1
inline constexpr std::size_t segment_range_size = 12;    // SegmentChunk ss2
inline constexpr std::size_t graph_node_info_size = 12;  // SegmentGraph ss2
inline constexpr std::size_t section2_node_size = 14;
inline constexpr std::size_t nav_cell_size = 8;
inline constexpr std::size_t cell_record_header_size = 8;

enum class entry_type : std::uint16_t {
    nav_world = 0,
    navmesh_chunk = 1,
    segment_graph = 3,
    segment_chunk = 4,
};

inline constexpr named_value entry_type_names[] = {
    {0, "nav_world"}, {1, "navmesh_chunk"}, {3, "segment_graph"}, {4, "segment_chunk"}};

constexpr std::string_view to_string(entry_type t) noexcept { return name_of(entry_type_names, t); }

constexpr bool is_entry_type(std::uint32_t raw) noexcept {
    return raw == 0 || raw == 1 || raw == 3 || raw == 4;
}

// Dense slot of an entry type (0..3), for per-group tables.
constexpr std::size_t entry_slot(entry_type t) noexcept {
    switch (t) {
        case entry_type::nav_world: return 0;
        case entry_type::navmesh_chunk: return 1;
        case entry_type::segment_chunk: return 2;
        case entry_type::segment_graph: return 3;
    }
    return 0;
}

// Per-segment flags (NavWorld ss5): the bit meanings are unknown (probably
// which characters may use a segment); these whole values are documented.
inline constexpr named_value segment_flag_values[] = {
    {0x04E1, "soldiers_and_animals"},  // 1249, the common value
    {0x0001, "sahelanthropus"},        // the modding wiki: the boss needs flags 1
};

// A quantised position as stored: three u16.
struct quantized_point {
    std::uint16_t x = 0, y = 0, z = 0;
    friend constexpr bool operator==(const quantized_point&, const quantized_point&) = default;
};

// A little-endian 24-bit value (tile fields, manifest sizes, graph offsets).
inline std::uint32_t load_u24(const std::byte* p) noexcept {
    return static_cast<std::uint32_t>(load_u8(p)) | (static_cast<std::uint32_t>(load_u8(p + 1)) << 8) |
           (static_cast<std::uint32_t>(load_u8(p + 2)) << 16);
}

inline quantized_point load_quantized(const std::byte* p) noexcept {
    return {load_u16(p), load_u16(p + 2), load_u16(p + 4)};
}

// The header's origin and divisors. to_world() is the dequantisation, done
// each time a position is asked for (nothing is precomputed per point).
//
// It yields exactly (float)q / (float)divisor + origin (the formula of the
// game's tools), but multiplies by a double reciprocal instead of dividing:
// q / d (q, d < 2^16) is never a float rounding midpoint and lies at least
// 2^-40 (relative) away from one, while the double product is within 2^-52
// of q / d, so rounding it to float gives the same correctly rounded
// quotient (reader_test checks every q for many divisors).
//
// The answers are the same bits on every target: where float arithmetic runs
// in wider registers (x87) each step is rounded to float on its own
// (detail::rounded).

class quantization {
public:
    constexpr quantization() noexcept = default;
    constexpr quantization(vec3 origin, std::uint16_t dx, std::uint16_t dy, std::uint16_t dz) noexcept
        : origin_(origin), divisor_{dx, dy, dz}, inverse_{inverse(dx), inverse(dy), inverse(dz)} {}

    constexpr vec3 origin() const noexcept { return origin_; }
    constexpr std::uint16_t divisor_x() const noexcept { return divisor_[0]; }
    constexpr std::uint16_t divisor_y() const noexcept { return divisor_[1]; }
    constexpr std::uint16_t divisor_z() const noexcept { return divisor_[2]; }

    // world = (float)q / (float)divisor + origin, per axis (divide, then add).
    constexpr vec3 to_world(quantized_point q) const noexcept {
        return {navspan::detail::rounded(axis(q.x, 0) + origin_.x), navspan::detail::rounded(axis(q.y, 1) + origin_.y),
                navspan::detail::rounded(axis(q.z, 2) + origin_.z)};
    }
    // The quotient alone: (float)q / (float)divisor of one axis (0, 1, 2).
    constexpr float axis(std::uint16_t q, int a) const noexcept {
        return navspan::detail::rounded(static_cast<float>(static_cast<double>(q) * inverse_[a]));
    }

private:
    // Divisors are verified non-zero; 0 only in a default-constructed value.
    static constexpr double inverse(std::uint16_t d) noexcept { return d == 0 ? 0.0 : 1.0 / static_cast<double>(d); }

    vec3 origin_{};
    std::uint16_t divisor_[3] = {1, 1, 1};
    double inverse_[3] = {1.0, 1.0, 1.0};
};

// Tile ids: tileId = x + 64 * z. Neighbours are id +- 1 (x) and +- 64 (z).
struct tile_coordinates {
    std::uint32_t x = 0, z = 0;
    friend constexpr bool operator==(const tile_coordinates&, const tile_coordinates&) = default;
};

constexpr tile_coordinates tile_of(std::uint32_t tile_id) noexcept { return {tile_id % 64, tile_id / 64}; }
constexpr std::uint32_t tile_id_of(tile_coordinates t) noexcept { return t.x + 64 * t.z; }

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
