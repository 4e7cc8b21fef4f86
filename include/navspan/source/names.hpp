// navspan/source/names.hpp - names of every Source .nav flag and enumeration.
//
// One table per set (docs/formats/source.md); flag_set and name_of/value_of use them
// so a name and its value can never drift apart.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>
#include <span>
#include <string_view>

#include "../core/named_values.hpp"
#include "layout.hpp"

namespace navspan::source {

namespace detail {
// The attributes every game names the same.
inline constexpr named_value common_area_attribute_table[] = {
    {0x00000001, "CROUCH"},      {0x00000002, "JUMP"},        {0x00000004, "PRECISE"},
    {0x00000008, "NO_JUMP"},     {0x00000010, "STOP"},        {0x00000020, "RUN"},
    {0x00000040, "WALK"},        {0x00000080, "AVOID"},       {0x00000100, "TRANSIENT"},
    {0x00000200, "DONT_HIDE"},   {0x00000400, "STAND"},       {0x00000800, "NO_HOSTAGES"},
    {0x00001000, "STAIRS"},      {0x00002000, "NO_MERGE"},    {0x00004000, "OBSTACLE_TOP"},
    {0x00008000, "CLIFF"},
};
inline constexpr named_value top_area_attribute_table[] = {{0x40000000, "HAS_ELEVATOR"}, {0x80000000, "NAV_BLOCKER"}};
inline constexpr named_value func_cost_table[] = {{0x20000000, "FUNC_COST"}};
inline constexpr auto area_attribute_table = joined(common_area_attribute_table, func_cost_table, top_area_attribute_table);

// Left 4 Dead games reuse the custom range and rename 0x20000000.
inline constexpr named_value l4d_custom_attribute_table[] = {
    {0x00010000, "TANK_ONLY"},     {0x00020000, "MOB_ONLY"},      {0x00040000, "PLAYERCLIP"},
    {0x00080000, "BREAKABLEWALL"}, {0x08000000, "FLOW_BLOCKED"},  {0x10000000, "OUTSIDE_WORLD"},
    {0x20000000, "MOSTLY_FLAT"},
};
inline constexpr auto l4d_area_attribute_table =
    joined(common_area_attribute_table, l4d_custom_attribute_table, top_area_attribute_table);

inline constexpr named_value tf_attribute_table[] = {
    {0x00000001, "BLOCKED"},
    {0x00000002, "SPAWN_ROOM_RED"},
    {0x00000004, "SPAWN_ROOM_BLUE"},
    {0x00000008, "SPAWN_ROOM_EXIT"},
    {0x00000010, "HAS_AMMO"},
    {0x00000020, "HAS_HEALTH"},
    {0x00000040, "CONTROL_POINT"},
    {0x00000080, "BLUE_SENTRY_DANGER"},
    {0x00000100, "RED_SENTRY_DANGER"},
    {0x00000800, "BLUE_SETUP_GATE"},
    {0x00001000, "RED_SETUP_GATE"},
    {0x00002000, "BLOCKED_AFTER_POINT_CAPTURE"},
    {0x00004000, "BLOCKED_UNTIL_POINT_CAPTURE"},
    {0x00008000, "BLUE_ONE_WAY_DOOR"},
    {0x00010000, "RED_ONE_WAY_DOOR"},
    {0x00020000, "WITH_SECOND_POINT"},
    {0x00040000, "WITH_THIRD_POINT"},
    {0x00080000, "WITH_FOURTH_POINT"},
    {0x00100000, "WITH_FIFTH_POINT"},
    {0x00200000, "SNIPER_SPOT"},
    {0x00400000, "SENTRY_SPOT"},
    {0x00800000, "ESCAPE_ROUTE"},
    {0x01000000, "ESCAPE_ROUTE_VISIBLE"},
    {0x02000000, "NO_SPAWNING"},
    {0x04000000, "RESCUE_CLOSET"},
    {0x08000000, "BOMB_CAN_DROP_HERE"},
    {0x10000000, "DOOR_NEVER_BLOCKS"},
    {0x20000000, "DOOR_ALWAYS_BLOCKS"},
    {0x40000000, "UNBLOCKABLE"},
};

inline constexpr named_value l4d2_spawn_attribute_table[] = {
    {0x00000002, "EMPTY"},
    {0x00000004, "STOP_SCAN"},
    {0x00000020, "BATTLESTATION"},
    {0x00000040, "FINALE"},
    {0x00000080, "PLAYER_START"},
    {0x00000100, "BATTLEFIELD"},
    {0x00000200, "IGNORE_VISIBILITY"},
    {0x00000400, "NOT_CLEARABLE"},
    {0x00000800, "CHECKPOINT"},
    {0x00001000, "OBSCURED"},
    {0x00002000, "NO_MOBS"},
    {0x00004000, "THREAT"},
    {0x00008000, "RESCUE_VEHICLE"},
    {0x00010000, "RESCUE_CLOSET"},
    {0x00020000, "ESCAPE_ROUTE"},
    {0x00040000, "DESTROYED_DOOR"},
    {0x00080000, "NOTHREAT"},
    {0x00100000, "LYINGDOWN"},
    {0x01000000, "COMPASS_NORTH"},
    {0x02000000, "COMPASS_NORTHEAST"},
    {0x04000000, "COMPASS_EAST"},
    {0x08000000, "COMPASS_EASTSOUTH"},
    {0x10000000, "COMPASS_SOUTH"},
    {0x20000000, "COMPASS_SOUTHWEST"},
    {0x40000000, "COMPASS_WEST"},
    {0x80000000, "COMPASS_WESTNORTH"},
};

inline constexpr named_value hiding_spot_flag_table[] = {
    {0x01, "IN_COVER"}, {0x02, "GOOD_SNIPER_SPOT"}, {0x04, "IDEAL_SNIPER_SPOT"}, {0x08, "EXPOSED"},
};

// Visibility attributes are flags; 0 (NOT_VISIBLE) is the empty set.
inline constexpr named_value visibility_flag_table[] = {
    {0x01, "POTENTIALLY_VISIBLE"}, {0x02, "COMPLETELY_VISIBLE"},
};

inline constexpr named_value direction_table[] = {
    {0, "NORTH"}, {1, "EAST"}, {2, "SOUTH"}, {3, "WEST"},
};
inline constexpr named_value corner_table[] = {
    {0, "NORTH_WEST"}, {1, "NORTH_EAST"}, {2, "SOUTH_EAST"}, {3, "SOUTH_WEST"},
};
inline constexpr named_value traverse_table[] = {
    {0, "GO_NORTH"},       {1, "GO_EAST"},          {2, "GO_SOUTH"},         {3, "GO_WEST"},
    {4, "GO_LADDER_UP"},   {5, "GO_LADDER_DOWN"},   {6, "GO_JUMP"},          {7, "GO_ELEVATOR_UP"},
    {8, "GO_ELEVATOR_DOWN"}, {9, "NUM_TRAVERSE_TYPES"},
};
inline constexpr named_value ladder_direction_table[] = {{0, "UP"}, {1, "DOWN"}};
inline constexpr named_value ladder_connection_table[] = {
    {0, "TOP_FORWARD"}, {1, "TOP_LEFT"}, {2, "TOP_RIGHT"}, {3, "TOP_BEHIND"}, {4, "BOTTOM"},
};
// The spellings `navspan info --json` uses for game_data.
inline constexpr named_value game_table[] = {
    {static_cast<std::uint64_t>(game::automatic), "automatic"},
    {static_cast<std::uint64_t>(game::none), "none"},
    {static_cast<std::uint64_t>(game::cstrike), "cstrike"},
    {static_cast<std::uint64_t>(game::tf), "tf"},
    {static_cast<std::uint64_t>(game::left4dead2), "left4dead2"},
    {static_cast<std::uint64_t>(game::unknown), "unknown"},
};
}  // namespace detail

// Tables (spans over the constexpr arrays above).
inline constexpr name_table area_attribute_names{detail::area_attribute_table};
inline constexpr name_table l4d_area_attribute_names{detail::l4d_area_attribute_table};
inline constexpr name_table tf_attribute_names{detail::tf_attribute_table};
inline constexpr name_table l4d2_spawn_attribute_names{detail::l4d2_spawn_attribute_table};
inline constexpr name_table hiding_spot_flag_names{detail::hiding_spot_flag_table};
inline constexpr name_table visibility_flag_names{detail::visibility_flag_table};
inline constexpr name_table direction_names{detail::direction_table};
inline constexpr name_table corner_names{detail::corner_table};
inline constexpr name_table traverse_names{detail::traverse_table};
inline constexpr name_table ladder_direction_names{detail::ladder_direction_table};
inline constexpr name_table ladder_connection_names{detail::ladder_connection_table};
inline constexpr name_table game_names{detail::game_table};

// The attribute names that apply to a game's areas.
constexpr name_table area_attribute_names_for(game g) noexcept {
    return g == game::left4dead2 ? l4d_area_attribute_names : area_attribute_names;
}

constexpr std::string_view to_string(game g) noexcept { return name_of(game_names, g); }
constexpr std::string_view to_string(direction d) noexcept { return name_of(direction_names, d); }
constexpr std::string_view to_string(corner c) noexcept { return name_of(corner_names, c); }
constexpr std::string_view to_string(traverse_type t) noexcept { return name_of(traverse_names, t); }
constexpr std::string_view to_string(ladder_direction d) noexcept { return name_of(ladder_direction_names, d); }
constexpr std::string_view to_string(ladder_connection c) noexcept { return name_of(ladder_connection_names, c); }

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
