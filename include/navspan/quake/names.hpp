// navspan/quake/names.hpp - node flags and link types of NAV2 files, with
// their names (docs/formats/quake.md). Names follow QuakeNavSharp and the
// Steam guide, so they match what Quake modding tools print.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "../core/named_values.hpp"

namespace navspan::quake {

// Node flag bits (u16). Unknown bits are kept, never rejected.
enum class node_flag : std::uint16_t {
    teleporter = 0x001,
    pusher = 0x002,
    elevator_top = 0x004,
    elevator_bottom = 0x008,
    underwater = 0x010,
    hazard = 0x020,
    check_for_floor = 0x040,  // from version 15
    check_for_solid = 0x080,  // from version 15
    // Named only in QuakeNavSharp's version-17 enum, but already set in
    // public version-15 files.
    no_monsters = 0x100,
};

inline constexpr named_value node_flag_names[] = {
    {0x001, "Teleporter"},    {0x002, "Pusher"},        {0x004, "ElevatorTop"},
    {0x008, "ElevatorBottom"}, {0x010, "Underwater"},    {0x020, "Hazard"},
    {0x040, "CheckForFloor"}, {0x080, "CheckForSolid"}, {0x100, "NoMonsters"},
};

// The name of one flag bit ("" for a combination or an unnamed bit).
constexpr std::string_view to_string(node_flag f) noexcept { return name_of(node_flag_names, f); }

// Link types. Values 0-8 occur in public files; 9 is a placeholder name of
// the guide and QuakeNavSharp that no file uses. Other values are kept as
// they are (type_name() is then "").
enum class link_type : std::uint16_t {
    walk = 0,
    long_jump = 1,
    teleport = 2,
    walk_off_ledge = 3,
    pusher = 4,
    barrier_jump = 5,
    elevator = 6,  // usually has an edict (a moving entity)
    train = 7,     // usually has an edict
    manual_jump = 8,
    unknown = 9,
};

inline constexpr named_value link_type_names[] = {
    {0, "Walk"},   {1, "LongJump"},    {2, "Teleport"}, {3, "WalkOffLedge"}, {4, "Pusher"},
    {5, "BarrierJump"}, {6, "Elevator"}, {7, "Train"},    {8, "ManualJump"},   {9, "Unknown"},
};

// link::type_name() indexes the table by value.
static_assert([] {
    for (std::size_t i = 0; i < std::size(link_type_names); ++i) {
        if (link_type_names[i].value != i) return false;
    }
    return true;
}());

constexpr std::string_view to_string(link_type t) noexcept { return name_of(link_type_names, t); }

// Team mask bits of version-18 links, by analogy with Quake 2's NAV3 (the
// spec marks this inferred). Every public mask is 0xFF; one retail map uses
// 0x0F. Both mean "every team" as far as anyone knows.
inline constexpr std::uint8_t team_red = 0x01;
inline constexpr std::uint8_t team_blue = 0x02;
inline constexpr std::uint8_t team_yellow = 0x04;
inline constexpr std::uint8_t team_green = 0x08;
inline constexpr std::uint8_t all_teams = 0x0F;

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
