// The records of a creation_plugin file as plain values: what the field
// descriptions (fields.hpp) walk. The dump fills them from the opened plugin
// (read_records.hpp), one NAVM (or NVNM-holding) record at a time.
#pragma once

#include "../../core/min_max_push.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../navspan.hpp"

namespace navspan::tools::creation_fields {

namespace cr = navspan::creation;
namespace nv = navspan::creation::nvnm;

// The 24-byte header every record has (the plugin's TES4 too).
struct record_header {
    std::string type;
    std::uint64_t offset = 0;
    std::uint32_t data_size = 0, flags = 0, form_id = 0;
    std::uint16_t form_version = 0;
    std::uint32_t version_control = 0;
    std::uint16_t version_control2 = 0;
};

struct subrecord_record {
    std::string type;
    std::uint64_t offset = 0, size = 0;
};

struct header_record {
    record_header record;
    float version = 0;
    std::int32_t record_count = 0;
    std::uint32_t next_object_id = 0;
    std::string game, author, description;
    std::vector<std::string> masters;
    std::vector<subrecord_record> subrecords;
};

struct vertex_record {
    navspan::vec3 position{};
    std::optional<std::uint32_t> extra;
};

using corners = std::array<std::uint16_t, 3>;
using optional_corners = std::array<std::optional<std::uint16_t>, 3>;

struct triangle_record {
    std::uint64_t index = 0, global = 0;
    corners vertices{}, edges{};
    optional_corners neighbours{}, edge_links{};
    std::uint16_t flags = 0, cover_flags = 0;
    std::uint8_t cover_edge01 = 0, cover_edge12 = 0;
    std::optional<float> height;
    std::optional<std::uint8_t> unknown;
};

struct edge_link_record {
    std::uint32_t type = 0, navmesh = 0;
    std::string type_name;
    std::uint16_t triangle = 0;
    std::optional<std::uint8_t> edge_index;
};

struct door_link_record {
    std::uint16_t triangle = 0;
    std::uint32_t crc = 0, door = 0;
};

struct cover_record {
    std::array<std::uint16_t, 2> vertices{};
    std::vector<std::byte> data;
};

struct cover_mapping_record {
    std::uint16_t key = 0, triangle = 0, cover = 0;
    std::uint8_t edge = 0;
};

struct waypoint_record {
    navspan::vec3 position{};
    std::optional<std::uint16_t> triangle;
    std::uint32_t flags = 0;
};

struct grid_record {
    std::uint32_t divisor = 0;
    float cell_size_x = 0, cell_size_y = 0;
    navspan::vec3 min{}, max{};
    std::vector<std::vector<std::uint16_t>> cells;
};

// One NVNM subrecord.
struct navmesh_record {
    std::uint64_t index = 0, offset = 0, size = 0, first_triangle = 0;
    std::uint32_t form_id = 0;
    bool inflated = false;  // offsets count in the inflated record
    std::uint32_t version = 0;
    nv::layout layout{};
    std::uint32_t pathing_cell_crc = 0, parent_world = 0, parent_raw = 0;
    std::optional<std::int16_t> grid_x, grid_y;
    std::optional<std::uint32_t> parent_cell;
    std::vector<vertex_record> vertices;
    std::vector<triangle_record> triangles;
    std::vector<edge_link_record> edge_links;
    std::vector<door_link_record> door_links;
    std::vector<std::uint16_t> cover_triangles;
    std::vector<cover_record> covers;
    std::vector<cover_mapping_record> cover_mappings;
    std::vector<waypoint_record> waypoints;
    grid_record grid;
    std::optional<std::uint32_t> trailer;
};

// A NAVM record, or a record holding NVNM, with its navmeshes.
struct plugin_record {
    record_header record;
    bool navm = false, compressed = false, deleted = false;
    std::optional<std::uint32_t> inflated_size;
    std::uint32_t owner_cell = 0, owner_world = 0;
    std::optional<std::string> owner_cell_editor_id, owner_world_editor_id;
    std::vector<navmesh_record> navmeshes;
};

struct summary_record {
    std::uint64_t records = 0, navmeshes = 0, triangles = 0;
};

struct file_record {
    std::uint64_t bytes = 0;
    header_record header;
    summary_record summary;  // counted as the records are dumped
};

}  // namespace navspan::tools::creation_fields

#include "../../core/min_max_pop.hpp"
