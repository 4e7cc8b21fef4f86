// The records of a source2_nav file as plain values: what the field
// descriptions (fields.hpp) walk. The dump fills them from the opened file
// (from_file); a Source 2 `navspan pack` fills them from JSON and writes
// them back. `offset` members say where the dump read a record: they feed
// derived keys only and are never read back.
#pragma once

#include "../../core/min_max_push.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "../../navspan.hpp"
#include "../../source2/encounter_handles.hpp"

namespace navspan::tools::source2_fields {

namespace s2 = navspan::source2;

struct header_record {
    std::uint32_t magic = s2::magic;
    std::uint32_t version = s2::newest_version;
    std::uint32_t subversion = 0;
    std::uint32_t flags = 0;
};

// A KV3 blob: its slot, its bytes as stored (magic to end) and the pad
// bytes before it (what `navspan pack` writes back); the header numbers and
// the document come from `view` (the dump's; absent in a pack).
struct blob_record {
    std::string slot;
    std::optional<s2::kv3_blob> view;
    std::optional<std::vector<std::byte>> stored_bytes;
    std::vector<std::byte> padding;
};

struct polygon_record {
    std::uint64_t offset = 0;
    std::vector<std::uint32_t> corner_indices;
    std::optional<std::uint32_t> movable_mesh_id;
};

struct movable_mesh_record {
    std::uint64_t offset = 0;
    std::string id;
    std::array<float, 12> transform{};
};

struct connection_record {
    std::uint32_t area_id = 0;
    std::uint32_t edge = 0;
};

struct area_record {
    std::uint64_t offset = 0;
    std::uint32_t id = 0;
    std::uint64_t attributes = 0;
    std::uint8_t hull_index = 0;
    std::optional<std::uint32_t> polygon_index;
    std::vector<navspan::vec3> corners;
    float unknown_float = 0;
    std::vector<std::vector<connection_record>> edges;  // per edge, its connections
    std::vector<std::uint32_t> ladders_above, ladders_below;
};

struct ladder_record {
    std::uint64_t offset = 0;
    std::uint32_t id = 0;
    float width = 0;
    navspan::vec3 top{}, bottom{};
    float length = 0;
    std::uint32_t direction = 0;
    std::array<std::uint32_t, 7> areas{};  // by s2::ladder_connection; 5 before version 35
};

struct bounds_record {
    std::uint64_t offset = 0;
    navspan::vec3 low{}, high{};
    std::array<float, 12> matrix{};
};

struct hull_record {
    std::uint64_t offset = 0;
    std::optional<std::string> name;  // the v36 generation blob's
    std::optional<bool> enabled;
    float radius = 0, height = 0;
    std::optional<bool> short_height_enabled;
    std::optional<float> short_height;
    std::optional<bool> crawl_enabled;
    std::optional<float> crawl_height;
    float max_climb = 0;
    std::int32_t max_slope = 0;
    float max_jump_down = 0, max_jump_horizontal = 0, max_jump_up = 0;
    std::optional<std::int32_t> border_erosion;
    // navgen 9+: the enabled, short-height-enabled and crawl-enabled bytes
    // as stored (any value; the bools above say only whether non-zero).
    std::optional<std::array<std::uint8_t, 3>> switch_bytes;
};

struct generation_record {
    std::uint64_t offset = 0;
    std::int32_t version = 0;
    std::uint32_t use_project_defaults = 0;
    float tile_size = 0, cell_size = 0, cell_height = 0;
    std::int32_t min_region_size = 0, merged_region_size = 0;
    float mesh_sample_distance = 0, max_sample_error = 0;
    std::int32_t max_edge_length = 0;
    float max_edge_error = 0;
    std::int32_t verts_per_poly = 0;
    std::optional<float> small_area_on_edge_removal;
    std::optional<std::string> hull_preset, hull_definitions_file;
    std::uint32_t hull_count = 0;
    std::vector<hull_record> hulls;  // hull_count, padded to the version's record count
    std::optional<bool> gravity_follows_rotation;
    std::optional<std::uint8_t> gravity_byte;  // as stored (navgen 12+)
};

// The members a hull or generation record shares with the library's
// model (s2::model::hull, s2::model::generation_params), under the same
// names and types, as tuples of references: `hull_numbers(to) =
// hull_numbers(from)` copies them. read_records.hpp copies them from the
// model the file is read into, to_model.hpp back: one list for both ways.
template <class Hull>
constexpr auto hull_numbers(Hull& h) noexcept {
    return std::tie(h.radius, h.height, h.max_climb, h.max_slope, h.max_jump_down, h.max_jump_horizontal, h.max_jump_up);
}
template <class Generation>
constexpr auto generation_numbers(Generation& g) noexcept {
    return std::tie(g.version, g.use_project_defaults, g.tile_size, g.cell_size, g.cell_height, g.min_region_size,
                    g.merged_region_size, g.mesh_sample_distance, g.max_sample_error, g.max_edge_length, g.max_edge_error,
                    g.verts_per_poly);
}

// The bot analysis (the custom-data blob) per area.
struct hiding_spot_record {
    std::optional<std::uint32_t> id;
    navspan::vec3 position{};
    std::uint8_t flags = 0;
};
struct encounter_path_record {
    std::optional<std::int32_t> from_handle, from_edge, to_handle, to_edge;
    std::optional<std::uint32_t> from_area, to_area;  // resolved (derived)
};
struct encounter_spot_record {
    std::optional<std::int32_t> spot_handle;
    std::optional<double> t;
};
struct approach_spot_record {
    std::optional<std::uint32_t> prev_area, here_area, next_area;
    std::optional<std::int32_t> here_back_edge, next_back_edge, prev_to_here, here_to_next;
};
struct analysis_area_record {
    std::vector<hiding_spot_record> hiding_spots;
    std::vector<encounter_path_record> encounter_paths;
    std::vector<encounter_spot_record> encounter_spots;
    std::vector<approach_spot_record> approach_spots;
    std::optional<std::array<float, 2>> earliest_occupy_times;
};
struct bot_analysis_record {
    std::string error;  // why the blob did not open (then nothing else is known)
    std::size_t hiding_spots = 0, encounter_paths = 0, approach_spots = 0, encounter_spots = 0;
    // How the encounter handles resolve: distinct, resolved, ambiguous,
    // contradicted, unconstrained (the resolution itself points into a
    // buffer of the reading, so its counts are kept).
    std::array<std::size_t, 5> handle_counts{};
    std::vector<analysis_area_record> areas;
};

struct file_record {
    std::uint64_t bytes = 0, trailing_bytes = 0;
    header_record header;
    std::uint32_t warnings = 0;
    std::vector<blob_record> kv3_blobs;
    std::uint64_t corners_offset = 0, polygons_offset = 0, polygon_stride = 0;
    std::vector<navspan::vec3> corners;
    std::vector<polygon_record> polygons;
    std::optional<std::uint32_t> word_after_polygons;
    std::vector<movable_mesh_record> movable_meshes;
    std::uint64_t areas_offset = 0, ladders_offset = 0, transformed_bounds_offset = 0;
    std::vector<area_record> areas;
    std::vector<ladder_record> ladders;
    std::vector<bounds_record> transformed_bounds;
    generation_record generation;
    std::optional<bot_analysis_record> bot_analysis;  // null without a custom-data blob

    std::uint32_t layout_version() const noexcept { return s2::gates::layout_version(header.version); }
};

}  // namespace navspan::tools::source2_fields

#include "../../core/min_max_pop.hpp"
