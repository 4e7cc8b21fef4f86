// navspan/source2/names.hpp - names of the Source 2 .nav flags and enumerations.
//
// One table per set; flag_set and name_of/value_of use them, so a name and
// its value never drift apart (docs/formats/source2.md, "Enumerations").
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>
#include <string_view>

#include "../core/named_values.hpp"

namespace navspan::source2 {

// Oddities open() accepted (nav_file::warnings()).
namespace warning {
inline constexpr std::uint32_t version_unconfirmed = 0x1;  // version 33 or 34, read as 32
inline constexpr std::uint32_t navgen_unconfirmed = 0x2;   // generation version not 6, 7, 12 or 13
inline constexpr std::uint32_t kv3_length_unproven = 0x4;  // last KV3 blob's length not in its header (LZ4 with blocks)
inline constexpr std::uint32_t nonzero_padding = 0x8;      // a pad byte before a KV3 blob is not 0
}  // namespace warning

// Edge of a ladder an area is linked from (area::ladder_links).
enum class ladder_direction : std::uint8_t { up, down };

// A ladder's stored facing (ladder::facing()).
enum class direction : std::uint8_t { north, east, south, west };

// The areas a ladder names (ladder::connected_area); bottom_left and
// bottom_right from version 35.
enum class ladder_connection : std::uint8_t { top_forward, top_left, top_right, top_behind, bottom, bottom_left, bottom_right };

// How a KV3 blob's body is compressed.
enum class kv3_compression : std::uint8_t { none = 0, lz4 = 1, zstd = 2 };

// Where a KV3 blob sits in the file (nav_file::kv3_blob(slot)).
enum class kv3_slot : std::uint8_t {
    after_header,      // version 36: after the 16-byte header
    after_movables,    // version 36: after the movable-mesh table
    after_generation,  // version 36: after the generation parameters
    custom_data,       // subversion > 0: the bot analysis (hiding spots, ...)
};
inline constexpr std::size_t kv3_slot_count = 4;

namespace detail {
inline constexpr named_value attribute_table[] = {
    {0x2, "JUMP"},          {0x8, "NO_JUMP"},         {0x10, "STOP"},
    {0x20, "RUN"},          {0x40, "WALK"},           {0x80, "AVOID"},
    {0x100, "TRANSIENT"},   {0x200, "DONT_HIDE"},     {0x400, "STAND"},
    {0x800, "NO_HOSTAGES"}, {0x1000, "STAIRS"},       {0x2000, "NO_MERGE"},
    {0x4000, "OBSTACLE_TOP"}, {0x8000, "NON_Z_UP"},   {0x10000, "CROUCH_HEIGHT"},
    {0x20000, "NON_Z_UP_TRANSITION"}, {0x40000, "CRAWL_HEIGHT"},
};
inline constexpr named_value warning_table[] = {
    {warning::version_unconfirmed, "version_unconfirmed"},
    {warning::navgen_unconfirmed, "navgen_unconfirmed"},
    {warning::kv3_length_unproven, "kv3_length_unproven"},
    {warning::nonzero_padding, "nonzero_padding"},
};
inline constexpr named_value ladder_direction_table[] = {{0, "UP"}, {1, "DOWN"}};
inline constexpr named_value direction_table[] = {{0, "NORTH"}, {1, "EAST"}, {2, "SOUTH"}, {3, "WEST"}};
inline constexpr named_value ladder_connection_table[] = {
    {0, "TOP_FORWARD"}, {1, "TOP_LEFT"},    {2, "TOP_RIGHT"},    {3, "TOP_BEHIND"},
    {4, "BOTTOM"},      {5, "BOTTOM_LEFT"}, {6, "BOTTOM_RIGHT"},
};
inline constexpr named_value kv3_compression_table[] = {{0, "none"}, {1, "lz4"}, {2, "zstd"}};
inline constexpr named_value kv3_slot_table[] = {
    {0, "after_header"}, {1, "after_movables"}, {2, "after_generation"}, {3, "custom_data"},
};
}  // namespace detail

// Area attribute flags (an i64 in the file; bits no table names are kept).
inline constexpr name_table attribute_names{detail::attribute_table};
inline constexpr name_table warning_names{detail::warning_table};
inline constexpr name_table ladder_direction_names{detail::ladder_direction_table};
inline constexpr name_table direction_names{detail::direction_table};
inline constexpr name_table ladder_connection_names{detail::ladder_connection_table};
inline constexpr name_table kv3_compression_names{detail::kv3_compression_table};
inline constexpr name_table kv3_slot_names{detail::kv3_slot_table};

constexpr std::string_view to_string(ladder_direction d) noexcept { return name_of(ladder_direction_names, d); }
constexpr std::string_view to_string(direction d) noexcept { return name_of(direction_names, d); }
constexpr std::string_view to_string(ladder_connection c) noexcept { return name_of(ladder_connection_names, c); }
constexpr std::string_view to_string(kv3_compression c) noexcept { return name_of(kv3_compression_names, c); }
constexpr std::string_view to_string(kv3_slot s) noexcept { return name_of(kv3_slot_names, s); }

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
