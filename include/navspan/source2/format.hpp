// navspan/source2/format.hpp - the Source 2 bot navigation mesh (`.nav`,
// Counter-Strike 2, Deadlock, Half-Life: Alyx tools; versions 30 to 36) in
// one place. docs/formats/source2.md describes it in full.
//
// Same magic as the Source 1 `.nav` (0xFEEDFACE); told apart by the version
// (Source 1: 1-16, Source 2: 30 and above). Little-endian, packed; only the
// KV3 blobs are aligned (to 8 bytes from the start of the file).
//
//   header         u32 magic, u32 version, u32 subversion, u32 flags
//   [v36]          KV3 blob
//   [v31+]         u32 corner count, corners (vec3 each);
//                  u32 polygon count, polygons: u8 n, n x u32 corner index,
//                  [v35+] u32 movable-mesh id
//   [v32+]         u32 (0 in every file)
//   [v35+]         u32 movable-mesh count, per entry: NUL-terminated id, 48 bytes
//   [v36]          KV3 blob
//   areas          u32 count; per area: u32 id, i64 attributes, u8 hull index,
//                  [v31+] u32 polygon index | [v30] u32 n + n x vec3 corners,
//                  f32 (meaning unknown), per edge (= per corner): u32 count +
//                  count x {u32 area id, u32 edge index}, u8 legacy hiding-spot
//                  count (0), u32 legacy encounter count (0), u32 n + n x u32
//                  ladder ids above, u32 n + n x u32 ladder ids below
//   ladders        u32 count; 60 bytes each (68 from v35)
//   transformed    i32 count; 72 bytes each (vec3 min, vec3 max, 3x4 f32 matrix)
//   generation     i32 navgen version, u32 use-project-defaults, 10 x 4 bytes,
//   parameters     [navgen 7+] f32, [navgen 12+] two NUL-terminated strings,
//                  i32 hull count, hull records (navgen <= 11: max(count, 3) of
//                  them), [navgen 12+] u8 gravity follows rotation
//   [v36]          KV3 blob
//   [subversion>0] KV3 blob: the custom data (bot analysis)
//   end of file    exactly here: any further byte is an error.
//
// Decisions where the sources are silent (docs/formats/source2.md, "Decisions"):
//  * Versions 33 and 34 (no file, no public reader): read with version 32's
//    layout and warning::version_unconfirmed. 35 added the movable-mesh ids,
//    the movable-mesh table and two ladder area ids; a 33/34 file that has
//    them fails to end where its records end and is refused.
//  * Versions above 36 and below 30: unsupported_version.
//  * The legacy hiding-spot and encounter counts (0 in every file; their
//    records' layout is unknown): a non-zero count is `inconsistent`.
//  * Generation-parameter versions other than 6, 7, 12 and 13 are read with
//    the gates below (warning::navgen_unconfirmed); the end-of-file rule
//    catches a wrong guess.
//  * KV3 blobs are stepped over from their header (kv3_blob.hpp); an LZ4
//    blob with binary blocks, whose length is only inside its compressed
//    data, is accepted only as the file's last blob (it then ends the file;
//    warning::kv3_length_unproven).
//  * Pad bytes before a KV3 blob are not checked (zero in every file);
//    a non-zero pad byte sets warning::nonzero_padding.
//  * Index checks inside the walk: polygon corner indices < corner count, an
//    area's polygon index < polygon count. Area and ladder ids (connections,
//    ladder links, ladder ends) are the caller's business: validate() names
//    the dangling ones, area_index::find answers nullopt.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

namespace navspan::source2 {

inline constexpr std::uint32_t magic = 0xFEEDFACEu;

inline constexpr std::uint32_t oldest_version = 30;
inline constexpr std::uint32_t newest_version = 36;

// Flags word of the header.
inline constexpr std::uint32_t analyzed_flag = 0x1;

// A polygon's movable-mesh id when it belongs to the static world.
inline constexpr std::uint32_t static_world = 0xFFFFFFFFu;

// Version gates (on the header version).
namespace gates {
// Version 30 stores each area's corners in the area; 31 added the shared
// corner pool and polygon table.
constexpr bool has_polygon_table(std::uint32_t v) noexcept { return v >= 31; }
// The u32 after the polygon table.
constexpr bool has_word_after_polygons(std::uint32_t v) noexcept { return v >= 32; }
// Movable meshes: the table, each polygon's id, ladders' two bottom ids.
constexpr bool has_movable_meshes(std::uint32_t v) noexcept { return v >= 35; }
// The three unnamed KV3 blobs.
constexpr bool has_unnamed_blobs(std::uint32_t v) noexcept { return v >= 36; }
// The version whose layout a file is read with (33 and 34 read as 32).
constexpr std::uint32_t layout_version(std::uint32_t v) noexcept { return v == 33 || v == 34 ? 32 : v; }
constexpr bool is_supported(std::uint32_t v) noexcept { return v >= oldest_version && v <= newest_version; }
constexpr bool is_confirmed(std::uint32_t v) noexcept { return v == 30 || v == 31 || v == 32 || v == 35 || v == 36; }
}  // namespace gates

// Generation-parameter (navgen) version gates.
namespace navgen {
constexpr bool has_small_area_removal(std::int32_t g) noexcept { return g >= 7; }
constexpr bool has_hull_switches(std::int32_t g) noexcept { return g >= 9; }  // enabled, short height
constexpr bool has_border_erosion(std::int32_t g) noexcept { return g >= 11; }
constexpr bool has_hull_names(std::int32_t g) noexcept { return g >= 12; }  // two strings, gravity byte
constexpr bool has_crawl(std::int32_t g) noexcept { return g >= 13; }
// Up to navgen 11 the file holds at least three hull records.
constexpr bool pads_hulls_to_three(std::int32_t g) noexcept { return g <= 11; }
constexpr bool is_confirmed(std::int32_t g) noexcept { return g == 6 || g == 7 || g == 12 || g == 13; }
}  // namespace navgen

namespace sizes {
inline constexpr std::size_t header = 16;
inline constexpr std::size_t vec3 = 12;
inline constexpr std::size_t connection = 8;
inline constexpr std::size_t ladder_v30 = 60;
inline constexpr std::size_t ladder_v35 = 68;
inline constexpr std::size_t transformed_bounds = 72;
inline constexpr std::size_t movable_mesh_transform = 48;
// The ten fixed generation fields after navgen version and project defaults.
inline constexpr std::size_t generation_fixed = 8 + 40;
inline constexpr std::size_t kv3_alignment = 8;

constexpr std::size_t ladder(std::uint32_t v) noexcept { return gates::has_movable_meshes(v) ? ladder_v35 : ladder_v30; }
// Polygon record: u8 n, n x u32, [v35+] u32 movable id.
constexpr std::size_t polygon_tail(std::uint32_t v) noexcept { return gates::has_movable_meshes(v) ? 4 : 0; }
// The fixed part of an area before its connections: id, attributes, hull,
// polygon index or corner count, and (after v30's corners) the f32.
inline constexpr std::size_t area_head = 4 + 8 + 1 + 4 + 4;
// The smallest area: the head, no edges, the legacy counts, two empty ladder lists.
inline constexpr std::size_t min_area = area_head + 1 + 4 + 4 + 4;
constexpr std::size_t hull(std::int32_t g) noexcept {
    std::size_t n = 4 + 4 + 4 + 4 + 12;  // radius, height, max climb, max slope, three jump distances
    if (navgen::has_hull_switches(g)) n += 1 + 1 + 4;  // enabled, short-height enabled, short height
    if (navgen::has_crawl(g)) n += 1 + 4;
    if (navgen::has_border_erosion(g)) n += 4;
    return n;
}
}  // namespace sizes

// Field offsets inside records.
namespace fields {
inline constexpr std::size_t header_version = 4;
inline constexpr std::size_t header_subversion = 8;
inline constexpr std::size_t header_flags = 12;

inline constexpr std::size_t area_id = 0;
inline constexpr std::size_t area_attributes = 4;
inline constexpr std::size_t area_hull = 12;
inline constexpr std::size_t area_polygon = 13;       // v31+
inline constexpr std::size_t area_corner_count = 13;  // v30
inline constexpr std::size_t area_corners = 17;       // v30

inline constexpr std::size_t ladder_id = 0;
inline constexpr std::size_t ladder_width = 4;
inline constexpr std::size_t ladder_top = 8;
inline constexpr std::size_t ladder_bottom = 20;
inline constexpr std::size_t ladder_length = 32;
inline constexpr std::size_t ladder_direction = 36;
inline constexpr std::size_t ladder_areas = 40;
}  // namespace fields

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
