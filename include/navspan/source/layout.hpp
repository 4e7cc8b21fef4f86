// navspan/source/layout.hpp - the Valve Source / GoldSrc `.nav` format in one place.
//
// A `.nav` file (magic 0xFEEDFACE, versions 1-16) is a header, a place
// directory, optional game data, `areaCount` variable-length area records,
// a ladder section and optional game data, all packed little-endian. The
// full description is docs/formats/source.md; this header turns its
// version conditions into constexpr functions that the verifier and every
// accessor share, so the two can never disagree on where a field is.
//
// File (section order of CNavMesh::Load):
//   u32 magic, u32 version, [u32 subversion v>=10], [u32 bspSize v>=4],
//   [u8 isAnalyzed v>=14], [place directory v>=5], pre-area game data,
//   u32 areaCount, areas, [u32 ladderCount + ladders v>=6], post-ladder game data.
// Area record:
//   u32 id, attributes (u8 v<=8, u16 v<=12, u32), vec3 nw, vec3 se, f32 neZ,
//   f32 swZ, 4 x (u32 n + u32[n]) connections N/E/S/W, u8 n + hiding spots
//   (12 B at v1, 17 B after), [u8 n + 14 B approach spots v<=14], u32 n +
//   encounter paths (old 33+16n B at v<=2, else 11+5n B), [u16 place v>=5],
//   [2 x (u32 n + u32[n]) ladder ids v>=7], [f32[2] occupy times v>=8],
//   [f32[4] light v>=11], [u32 n + 5 B entries + u32 inherit: v16, not L4D2],
//   then the game's per-area data.
//
// ---------------------------------------------------------------------------
// Decisions on the points the sources leave open ("uncertain", "navspan
// should decide", unverified layouts). Tests pin each of them.
//
//  1. Zero areas: a valid, empty mesh (the Source engine refuses
//     such files; tools want to see them).
//  2. Trailing bytes: for every version, bytes after the last section
//     are reported by nav_file::trailing(), never an error.
//  3. Game data selection: game::automatic follows the table of
//     docs/formats/source.md ("Game data").
//     When that layout fails to verify or leaves trailing bytes at v >= 10,
//     the other layouts (none, cstrike, tf, left4dead2) are tried; if
//     exactly one of them ends exactly at end of file it is used and
//     warning::game_data_inferred is set. Otherwise the table's choice
//     stands (with its error or its trailing bytes). A limit_exceeded error
//     (the caller's options.limits) is never second-guessed.
//  4. Unknown game data (subversion not in the table, or game::unknown):
//     pre-area and post-ladder data are taken as empty (bytes after the
//     ladders become trailing bytes); per-area data is
//     options::unknown_area_data_size bytes, reachable as a raw span. Without
//     that size a file with areas is rejected (unsupported_version, value =
//     subversion, the record text asks to pass options.game). Zero-area
//     files open.
//  5. Counter-Strike per-area data exactly as 5.2: an approach list when
//     version >= 15 and subversion == 1 (forcing game::cstrike on another
//     subversion decodes none). TF2: one u32 when subversion >= 2.
//     area::approach_spots() returns whichever approach list the record
//     has (base record below v15, Counter-Strike data from v15).
//  6. Left 4 Dead 2: the sub-14 layout is the confirmed one; other
//     subversions (only when game::left4dead2 is forced) follow KitRifty's
//     rule of 5.4, reading rule 3 as: one u32 for 2<=sub<=9, one for
//     4<=sub<=9, one for 5<=sub<=12, then a u16 when sub > 7. The post-ladder
//     f32 is required for every left4dead2 file. Fog places use the place
//     directory's {u16 length, bytes} layout. Visibility entries are area
//     POSITIONS: exposed as `area_position`, a type distinct from ids,
//     and verified to be below areaCount (index_out_of_range otherwise), so
//     area_index::at(position) is always safe.
//  7. Place names: any length that fits is accepted; name() is the
//     bytes before the first NUL; a length of 0 or a name without NUL sets
//     warning::place_name_unterminated.
//  8. Cheap range checks that fail open(): version 1..16, isAnalyzed
//     and hasUnnamedAreas 0/1, encounter-path direction bytes 0..3, approach
//     traverse bytes 0..9, place index <= place count, L4D2 positions.
//     Not checked by open() (ids are the caller's business, see
//     area_index::find): connection, encounter, approach, ladder and
//     visibility area ids, hiding-spot ids, ladder direction (exposed raw
//     plus an optional enum).
//  9. Approach counts above 16 and degenerate areas are accepted
//     and flagged (warning::approach_count_above_16, degenerate_area).
// 10. Attributes are an unsigned 32-bit set with unknown bits kept;
//     names come from the base table, or from the Left 4 Dead table when the
//     game is left4dead2.
// 11. Version 1 hiding spots have no id (nullopt) and the implied IN_COVER
//     flag; v<=2 encounter paths are exposed in their old layout.
// 12. Area ids are not checked for uniqueness by open(); area_index::build
//     rejects duplicates (inconsistent, value = the id) because it could
//     not answer a lookup.
// 13. Sizes: one area record must be below 4 GiB (offsets inside an area
//     are 32-bit), area_index offsets are 32-bit (files below 4 GiB).
// 14. "Selected Nav Areas" text (14): the root key must be "Selected Nav
//     Areas" (bad_magic otherwise) and nothing but comments may follow its
//     block; keys compare case-insensitively (as KeyValues does); a decimal
//     key in the root block is an area, "version" is optional; the four
//     corners (each with x, y, z) are required, North/East/South/West,
//     Place and Attributes are optional; unknown keys (with any nested
//     block) are skipped; a known key twice is an error; connection keys
//     must be decimal but need not be consecutive; Attributes may carry a
//     minus sign and is reinterpreted as 32 bits; quoted strings are
//     returned as written (escape sequences are not decoded, a view cannot
//     rewrite them); bare (unquoted) tokens are accepted like quoted ones.
// ---------------------------------------------------------------------------
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/contract.hpp"

namespace navspan::source {

inline constexpr std::uint32_t magic = 0xFEEDFACEu;
// Source positions are z-up (Hammer's world axes).
inline constexpr navspan::axis up_axis = navspan::axis::z;
inline constexpr std::uint32_t max_version = 16;

// Which game's data the file carries. `automatic` is only a request (the
// options default); an opened file reports one of the others.
enum class game : std::uint8_t { automatic, none, cstrike, tf, left4dead2, unknown };

// NavDirType: north is -y, east +x, south +y, west -x.
enum class direction : std::uint8_t { north = 0, east = 1, south = 2, west = 3 };
// NavCornerType (light intensity order).
enum class corner : std::uint8_t { north_west = 0, north_east = 1, south_east = 2, south_west = 3 };
// NavTraverseType (approach spot "how" bytes); `none` is NUM_TRAVERSE_TYPES.
enum class traverse_type : std::uint8_t {
    go_north = 0, go_east, go_south, go_west, go_ladder_up, go_ladder_down, go_jump,
    go_elevator_up, go_elevator_down, none = 9,
};
// The two ladder-link lists of an area.
enum class ladder_direction : std::uint8_t { up = 0, down = 1 };
// The five area references of a ladder record, in file order.
enum class ladder_connection : std::uint8_t { top_forward = 0, top_left, top_right, top_behind, bottom };

// Everything an area record needs to lay itself out: copied into every view.
struct format_context {
    std::uint8_t version = 0;
    game data = game::none;
    std::uint32_t subversion = 0;          // 0 when the version has none
    std::uint32_t unknown_data_size = 0;   // per-area bytes when data == game::unknown
};

// Version gates, named after the field they introduce (docs/formats/source.md, "Versions").
namespace layout {

constexpr bool has_subversion(unsigned v) noexcept { return v >= 10; }
constexpr bool has_bsp_size(unsigned v) noexcept { return v >= 4; }
constexpr bool has_analyzed(unsigned v) noexcept { return v >= 14; }
constexpr bool has_place_directory(unsigned v) noexcept { return v >= 5; }
constexpr bool has_unnamed_areas_flag(unsigned v) noexcept { return v >= 12; }
constexpr bool has_ladders(unsigned v) noexcept { return v >= 6; }

constexpr std::size_t attributes_size(unsigned v) noexcept { return v <= 8 ? 1 : v <= 12 ? 2 : 4; }
// id, attributes, nw, se, neZ, swZ.
constexpr std::size_t area_header_size(unsigned v) noexcept { return 4 + attributes_size(v) + 32; }
constexpr std::size_t hiding_spot_size(unsigned v) noexcept { return v == 1 ? 12 : 17; }
constexpr bool has_base_approach(unsigned v) noexcept { return v <= 14; }
constexpr bool has_old_encounter_paths(unsigned v) noexcept { return v <= 2; }
constexpr std::size_t encounter_path_fixed_size(unsigned v) noexcept { return v <= 2 ? 33 : 11; }
constexpr std::size_t encounter_spot_size(unsigned v) noexcept { return v <= 2 ? 16 : 5; }
constexpr bool has_place_index(unsigned v) noexcept { return v >= 5; }
constexpr bool has_ladder_links(unsigned v) noexcept { return v >= 7; }
constexpr bool has_occupy_times(unsigned v) noexcept { return v >= 8; }
constexpr bool has_light_intensity(unsigned v) noexcept { return v >= 11; }
constexpr bool has_base_visibility(unsigned v, game g) noexcept { return v == 16 && g != game::left4dead2; }

inline constexpr std::size_t approach_spot_size = 14;
inline constexpr std::size_t visible_area_size = 5;
constexpr std::size_t ladder_size(unsigned v) noexcept { return v == 6 ? 61 : 60; }

// Smallest base area record (every count zero), spec section 4.
constexpr std::size_t min_base_area_size(unsigned v, game g) noexcept {
    std::size_t n = area_header_size(v) + 16 + 1 + 4;  // connections, hiding, encounter counts
    if (has_base_approach(v)) n += 1;
    if (has_place_index(v)) n += 2;
    if (has_ladder_links(v)) n += 8;
    if (has_occupy_times(v)) n += 8;
    if (has_light_intensity(v)) n += 16;
    if (has_base_visibility(v, g)) n += 8;
    return n;
}

// Counter-Strike keeps its approach list in game data from version 15 on.
constexpr bool has_cstrike_approach(const format_context& c) noexcept {
    return c.data == game::cstrike && c.version >= 15 && c.subversion == 1;
}
constexpr bool has_tf_attributes(const format_context& c) noexcept {
    return c.data == game::tf && c.subversion >= 2;
}

// Left 4 Dead 2 per-area data by subversion (sub 14 confirmed; docs/formats/source.md).
namespace l4d2 {
constexpr bool has_area_data(std::uint32_t sub) noexcept { return sub != 0; }
constexpr std::size_t unnamed_word_count(std::uint32_t sub) noexcept {
    return (sub >= 2 && sub <= 9 ? 1u : 0u) + (sub >= 4 && sub <= 9 ? 1u : 0u) + (sub >= 5 && sub <= 12 ? 1u : 0u);
}
constexpr bool has_fog_index(std::uint32_t sub) noexcept { return sub > 7; }
inline constexpr std::uint32_t spawn_block_bit = 0x8;
inline constexpr std::size_t spawn_block_size = 20;
constexpr bool has_spawn_block(std::uint32_t sub, std::uint32_t spawn) noexcept {
    return sub < 10 && (spawn & spawn_block_bit) != 0;
}
constexpr bool has_unnamed_list(std::uint32_t sub) noexcept { return sub >= 3 && sub <= 9; }
constexpr bool has_visibility(std::uint32_t sub) noexcept { return sub >= 5; }
constexpr std::size_t visibility_entry_size(std::uint32_t sub) noexcept { return sub >= 9 ? 5 : 4; }
constexpr bool has_inherit(std::uint32_t sub) noexcept { return sub > 10; }
constexpr bool has_population_name(std::uint32_t sub) noexcept { return sub >= 12; }
constexpr bool has_fog_places(std::uint32_t sub) noexcept { return sub > 7; }

constexpr std::size_t min_area_data_size(std::uint32_t sub) noexcept {
    if (!has_area_data(sub)) return 0;
    std::size_t n = 4 + 4 * unnamed_word_count(sub);
    if (has_fog_index(sub)) n += 2;
    if (has_unnamed_list(sub)) n += 1;
    if (has_visibility(sub)) n += 4;
    if (has_inherit(sub)) n += 4;
    return n;
}
}  // namespace l4d2

// (For game::unknown this is the caller's per-area size, which can exceed a
// 32-bit size_t: compute with it in 64 bits, as nav_file::open does.)
constexpr std::uint64_t min_game_area_data_size(const format_context& c) noexcept {
    switch (c.data) {
        case game::cstrike: return has_cstrike_approach(c) ? 1 : 0;
        case game::tf: return has_tf_attributes(c) ? 4 : 0;
        case game::left4dead2: return l4d2::min_area_data_size(c.subversion);
        case game::unknown: return c.unknown_data_size;
        case game::none:
        case game::automatic: break;
    }
    return 0;
}

// The bound used for areaCount before walking: count <= remaining / this.
constexpr std::uint64_t min_area_size(const format_context& c) noexcept {
    return min_base_area_size(c.version, c.data) + min_game_area_data_size(c);
}

}  // namespace layout

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
