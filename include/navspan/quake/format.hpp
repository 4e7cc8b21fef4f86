// navspan/quake/format.hpp - the Quake 2021 re-release bot navigation file
// (`<game>/bots/navigation/<map>.nav`, magic "NAV2"), laid out in one place.
//
// Reference: docs/formats/quake.md. Little-endian, packed, no offsets:
// every section has a fixed record size, so all section starts follow from
// the header counts.
//
//   header       magic "NAV2", i32 version, i32 nodeCount, i32 linkCount,
//                i32 traversalCount, then (version 17+) f32 heuristic
//                -> 20 bytes, or 24 with the heuristic
//   nodes        nodeCount x 8:  u16 flags, u16 linkCount, u16 firstLink, u16 radius
//   node origins nodeCount x 12: vec3 (parallel array: origin i belongs to node i)
//   links        linkCount x 6:  u16 destination node, link type, u16 traversal
//                (0xFFFF = none); the type is a u16 up to version 17 and a u8
//                followed by a u8 team mask in version 18
//   traversals   traversalCount x 36: vec3 node exit, vec3 jump start, vec3 jump end
//   edict table  u32 edictCount, then edictCount x R(version):
//                u16 linkIndex, vec3 mins, vec3 maxs, then per version
//                  R = 26: nothing more                (version 12)
//                  R = 34: i32, i32 (meaning unknown)  (versions 13, 14)
//                  R = 30: i32 entityId = -(entity index) - 1 (versions 15-18)
//   end of file  exactly here.
//
// So fileSize = H + 20 nodes + 6 links + 36 traversals + 4 + R edicts, which
// every public sample satisfies to the byte (docs/formats/quake.md).
//
// Decisions where the sources disagree or are silent (docs/formats/quake.md, "Decisions"):
//  * Versions 6-11 (retail debug maps, undecoded) and anything above 18:
//    unsupported_version. No layout is guessed.
//  * Version 16 (no sample, no explicit source; the TypeScript port and
//    ironwail assume the heuristic float, QuakeNavSharp skips 16): BOTH header
//    sizes are tried and the one for which the size identity holds is kept.
//    The edict count is read at H + 20n + 6l + 36t under each candidate, and
//    the two identities cannot both hold (that would need 30 (e20 - e24) = 4),
//    so the answer is unique whenever there is one. When neither holds, the
//    error reported is the one of the 24-byte header (the majority reading).
//    Such files are reported with layout_evidence::size_identity, i.e.
//    unverified by any sample; navspan info prints `heuristic` as null for
//    them because no version-16 float is confirmed.
//  * Version 13 (the TypeScript port says 34-byte edicts, ironwail reads 26):
//    the same technique; with the header fixed, 34e = 26e only when e = 0, in
//    which case the edict layout does not matter. The 34-byte reading is
//    preferred for error reports.
//    The limit of the technique, for both versions: a file of one candidate
//    layout cut at the right place (a 34-byte-edict file missing 8 bytes per
//    edict) is a complete, valid file of the other; it opens as such. Only
//    the file's origin can tell, so both are reported as size_identity.
//  * Leftover bytes after the edict table are an error (`inconsistent`, at the
//    offset where the edict table ends, value = the number of bytes left).
//    Evidence: no sample has a trailer, no source mentions one, and the
//    version 13/16 decisions above are only sound if the file must end exactly
//    where its records end. options::allow_trailing_bytes accepts them instead
//    (reported by nav_file::trailing()) for every version whose layout
//    is not itself decided by the size identity.
//  * Counts are i32 in the file: a negative count is `inconsistent`. Counts
//    above 65,535 are accepted (node, link and traversal indices are u16, so
//    such records simply cannot be referenced); options::limits bounds them.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../core/endian.hpp"
#include "../core/named_values.hpp"

namespace navspan::quake {

inline constexpr std::uint32_t magic = fourcc("NAV2");

inline constexpr std::int32_t oldest_supported_version = 12;
inline constexpr std::int32_t newest_supported_version = 18;
// The first version whose header carries the f32 heuristic (confirmed).
inline constexpr std::int32_t heuristic_version = 17;
// The first version whose links split the type into a u8 type and a u8 team mask.
inline constexpr std::int32_t team_mask_version = 18;
// The first version whose edicts end in an entity id.
inline constexpr std::int32_t entity_id_version = 15;

// A link's traversal index when it has none.
inline constexpr std::uint16_t no_traversal = 0xFFFF;

// Record sizes in bytes.
namespace sizes {
inline constexpr std::size_t header_without_heuristic = 20;
inline constexpr std::size_t header_with_heuristic = 24;
inline constexpr std::size_t node = 8;
inline constexpr std::size_t node_origin = 12;
inline constexpr std::size_t node_and_origin = node + node_origin;
inline constexpr std::size_t link = 6;
inline constexpr std::size_t traversal = 36;
inline constexpr std::size_t edict_count = 4;
inline constexpr std::size_t edict_bounds_only = 26;  // link, mins, maxs
inline constexpr std::size_t edict_two_words = 34;    // link, mins, maxs, i32, i32
inline constexpr std::size_t edict_entity_id = 30;    // link, mins, maxs, i32 entity id
}  // namespace sizes

// Field offsets inside the records.
namespace fields {
inline constexpr std::size_t header_version = 4;
inline constexpr std::size_t header_node_count = 8;
inline constexpr std::size_t header_link_count = 12;
inline constexpr std::size_t header_traversal_count = 16;
inline constexpr std::size_t header_heuristic = 20;

inline constexpr std::size_t node_flags = 0;
inline constexpr std::size_t node_link_count = 2;
inline constexpr std::size_t node_first_link = 4;
inline constexpr std::size_t node_radius = 6;

inline constexpr std::size_t link_destination = 0;
inline constexpr std::size_t link_type = 2;
inline constexpr std::size_t link_team_mask = 3;  // version 18
inline constexpr std::size_t link_traversal = 4;

inline constexpr std::size_t traversal_node_exit = 0;
inline constexpr std::size_t traversal_jump_start = 12;
inline constexpr std::size_t traversal_jump_end = 24;

inline constexpr std::size_t edict_link = 0;
inline constexpr std::size_t edict_mins = 2;
inline constexpr std::size_t edict_maxs = 14;
inline constexpr std::size_t edict_tail = 26;  // entity id, or the two words
}  // namespace fields

// How well the layout used for a file is backed by evidence.
enum class layout_evidence : std::uint8_t {
    // Public samples parse to their last byte with it (versions 15, 17, 18).
    confirmed,
    // Described by the sources but never seen in a public sample (12, 14).
    documented,
    // The sources disagree or are silent; chosen because it is the only
    // candidate for which this file ends exactly where its records end (13, 16).
    size_identity,
};

inline constexpr named_value layout_evidence_names[] = {{0, "confirmed"}, {1, "documented"}, {2, "size_identity"}};

constexpr std::string_view to_string(layout_evidence e) noexcept {
    return name_of(layout_evidence_names, e, "unknown");
}

// One possible layout of a version: its header and edict record sizes.
struct layout_candidate {
    std::uint8_t header_size = 0;
    std::uint8_t edict_size = 0;
};

// The layouts a version may have, most likely first (at most two).
struct version_layouts {
    layout_candidate candidates[2] = {};
    std::uint8_t count = 0;  // 0: the version is not supported
    layout_evidence evidence = layout_evidence::confirmed;
};

constexpr version_layouts layouts_of(std::int32_t version) noexcept {
    constexpr auto h20 = static_cast<std::uint8_t>(sizes::header_without_heuristic);
    constexpr auto h24 = static_cast<std::uint8_t>(sizes::header_with_heuristic);
    constexpr auto e26 = static_cast<std::uint8_t>(sizes::edict_bounds_only);
    constexpr auto e30 = static_cast<std::uint8_t>(sizes::edict_entity_id);
    constexpr auto e34 = static_cast<std::uint8_t>(sizes::edict_two_words);
    switch (version) {
        case 12: return {{{h20, e26}, {}}, 1, layout_evidence::documented};
        case 13: return {{{h20, e34}, {h20, e26}}, 2, layout_evidence::size_identity};
        case 14: return {{{h20, e34}, {}}, 1, layout_evidence::documented};
        case 15: return {{{h20, e30}, {}}, 1, layout_evidence::confirmed};
        case 16: return {{{h24, e30}, {h20, e30}}, 2, layout_evidence::size_identity};
        case 17: return {{{h24, e30}, {}}, 1, layout_evidence::confirmed};
        case 18: return {{{h24, e30}, {}}, 1, layout_evidence::confirmed};
        default: return {};
    }
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
