// navspan/source2/validate_checks.hpp - the checks of Source 2's validate():
// their numbers (check::...) and the table of ids, severities and texts.
// Apart from validate.hpp so that each family's file (validate_bot_analysis.hpp)
// can name its checks without the rest of validate().
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>

#include "../core/validate.hpp"

namespace navspan::source2 {

namespace check {
enum : std::size_t {
    duplicate_area_id, non_finite_corner, degenerate_polygon, non_convex_polygon, repeated_corner,
    hull_index_out_of_range, self_connection, missing_connection_target, edge_index_out_of_range,
    one_way_connection, missing_ladder, duplicate_ladder_id, bad_ladder_direction, missing_ladder_area,
    unconnected_ladder, unconfirmed_layout, missing_approach_area, missing_encounter_area, bot_analysis_area_count,
    approach_edge_out_of_range, encounter_edge_out_of_range, unresolved_encounter_handle, hiding_spot_outside_area,
    bot_analysis_undecodable, count
};
}  // namespace check

inline constexpr check_info validate_checks[check::count] = {
    {"duplicate-area-id", severity::error, "two areas share an id (lookups by id cannot tell them apart)", "also used by area #"},
    {"non-finite-corner", severity::error, "a corner coordinate is NaN or infinite", "corner"},
    {"degenerate-polygon", severity::warning, "the area has fewer than three corners or no area from above", "corners"},
    {"non-convex-polygon", severity::warning, "the area's polygon is not convex seen from above", "corner"},
    {"repeated-corner", severity::warning, "the area's polygon names one corner twice", "corner index"},
    {"hull-index-out-of-range", severity::error, "the area's hull index is not below the hull count", "hull index"},
    {"self-connection", severity::warning, "an edge connects the area to itself", "edge"},
    {"missing-connection-target", severity::error, "a connection names an area id no area has", "area id"},
    {"edge-index-out-of-range", severity::error, "a connection names an edge the neighbour does not have", "edge index"},
    {"one-way-connection", severity::info, "a connection has no connection back (a drop-down, usually)", "area id"},
    {"missing-ladder", severity::error, "a ladder link names a ladder id no ladder has", "ladder id"},
    {"duplicate-ladder-id", severity::error, "two ladders share an id", "also used by ladder #"},
    {"bad-ladder-direction", severity::warning, "the ladder's direction is not NORTH, EAST, SOUTH or WEST", "direction"},
    {"missing-ladder-area", severity::error, "a ladder names an area id no area has", "area id"},
    {"unconnected-ladder", severity::warning, "the ladder connects to no area at either end", ""},
    {"unconfirmed-layout", severity::info, "a version no known file has was read with a neighbour's layout", "version"},
    // The bot analysis (custom data; validate_bot_analysis.hpp says what
    // each check rests on). missing-encounter-area is redefined: encounter
    // paths name opaque handles, not area ids (encounter_handles.hpp).
    {"missing-approach-area", severity::error, "an approach spot names an area id no area has", "area id"},
    {"missing-encounter-area", severity::warning, "an encounter handle fits no area across the edges it is used on", "areas left"},
    {"bot-analysis-area-count", severity::error, "the bot analysis lists another number of areas than the area table", "areas listed"},
    {"approach-edge-out-of-range", severity::error, "an approach spot's back edge is not an edge of its area (nor -1)", "edge index"},
    {"encounter-edge-out-of-range", severity::error, "an encounter path's edge index is not an edge of its area", "edge index"},
    {"unresolved-encounter-handle", severity::info, "an encounter handle fits several areas (or no usable edge names it)", "areas left"},
    {"hiding-spot-outside-area", severity::warning, "a hiding spot lies outside its area's bounds (1 unit of tolerance)", "hiding spot id"},
    // An analysis the game cannot read either: write() refuses to make one.
    {"bot-analysis-undecodable", severity::error, "the bot analysis (custom data) does not decode", ""},
};

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
