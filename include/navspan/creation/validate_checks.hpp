// navspan/creation/validate_checks.hpp - the checks of the NVNM validate():
// their numbers (check::...), the table of ids, severities and texts, and
// the largest grid checked cell by cell. Apart from validate.hpp so that the
// grid family (validate_grid.hpp) can name its checks.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/validate.hpp"

namespace navspan::creation {

namespace check {
enum : std::size_t {
    degenerate_triangle, neighbour_is_self, one_way_neighbour, neighbour_edge_mismatch, unreferenced_edge_link,
    door_triangle_without_door_flag, cover_triangle_without_cover, grid_empty, grid_divisor_large, grid_cell_size,
    grid_bounds, grid_cell_misses_triangle, grid_cell_extra_triangle, triangle_in_no_cell, duplicate_form_id,
    edge_link_into_nothing, one_way_edge_link, count
};
}  // namespace check

// Severities: references that name nothing or the triangle itself are
// errors; the rest are warnings: one-way neighbours and edge links (none in
// the corpus plugins, where the editors write them mutual), and the two that
// Bethesda's own Creation Kit writes into shipped masters (a grid cell that
// misses a triangle at its edge, mutual neighbours whose shared edge uses
// other vertices): the game loads and walks those navmeshes.
inline constexpr check_info validate_checks[check::count] = {
    {"degenerate-triangle", severity::warning, "the triangle uses a vertex twice, or its three corners lie on one line", ""},
    {"neighbour-is-self", severity::error, "an edge names the triangle itself as its neighbour", "edge"},
    {"one-way-neighbour", severity::warning, "the neighbour triangle has no edge back to this one", "neighbour triangle"},
    {"neighbour-edge-mismatch", severity::warning, "the edge is not an edge of its neighbour triangle", "neighbour triangle"},
    {"unreferenced-edge-link", severity::warning, "no triangle edge uses this edge link", ""},
    {"door-triangle-without-door-flag", severity::warning, "the door link sits on a triangle that lacks the Door flag", "triangle"},
    {"cover-triangle-without-cover", severity::warning, "the triangle is listed as cover but has no cover flags", "triangle"},
    {"grid-empty", severity::warning, "the search grid has no cells, but the navmesh has triangles", "triangles"},
    {"grid-divisor-large", severity::warning, "the grid divisor is above 12 (editors treat such a grid as empty)", "divisor"},
    {"grid-cell-size", severity::warning, "the grid cell size is not finite and non-negative, or times the divisor does not span the bounds", ""},
    {"grid-bounds", severity::warning, "the vertex lies outside the search grid's bounds", ""},
    {"grid-cell-misses-triangle", severity::warning, "the grid cell does not list a triangle that overlaps it", "triangle"},
    {"grid-cell-extra-triangle", severity::warning, "the grid cell lists a triangle whose bounding box does not reach it", "triangle"},
    {"triangle-in-no-cell", severity::warning, "no grid cell lists the triangle", ""},
    {"duplicate-form-id", severity::error, "an earlier navmesh of the plugin has the same form id", "navmesh #"},
    {"edge-link-into-nothing", severity::error, "the edge link names a triangle its navmesh (in this plugin) does not have", "triangle"},
    {"one-way-edge-link", severity::warning, "the edge link's triangle (in this plugin) has no edge link back", "triangle"},
};

// Grids with more cells per side are not checked cell by cell (editors
// treat a divisor above 12 as empty; grid-divisor-large says so).
inline constexpr std::uint32_t largest_checked_divisor = 64;

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
