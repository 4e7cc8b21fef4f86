// navspan/creation/validate.hpp - checks beyond structure for the navmeshes
// of a Bethesda plugin (NVNM), or for one navmesh.
//
//   navspan::creation::inflate_buffer scratch;
//   auto storage = navspan::creation::validate_storage_owner::make(plugin, scratch);  // or spans of your own
//   navspan::creation::validate(plugin, scratch, storage->view(), [](const navspan::finding& f) { ... });
//
//   std::vector<std::uint32_t> words(navspan::creation::nvnm::validate_storage_needed(mesh));
//   navspan::creation::nvnm::validate(mesh, words, [](const navspan::finding& f) { ... });
//
// The plugin form is what `navspan validate` runs: every NVNM of the plugin
// (walked like for_each_navmesh, in file order), the checks of each navmesh
// on its own, then the checks across them (form ids, edge links into another
// navmesh of the plugin; links into a master's navmesh cannot be checked).
// The navmesh form runs the checks of one navmesh (all but the three across
// navmeshes). The checks and their severities are `validate_checks` below
// (and docs/validate.md).
//
// Findings about a triangle, vertex, edge link, door link, cover triangle
// or grid cell have parent "navmesh": parent_index is the navmesh's number
// in the plugin (file order), parent_id the form id of the record holding
// it. Findings about a whole navmesh have record "navmesh" (index: its
// number, id: that form id). Offsets count like the reader's errors: in
// the file, or inside the record's inflated bytes when the record is
// compressed (the nvnm form: from the base_offset given, as open() counts).
//
// What the checks need (each grid cell's triangles sorted, a mark per
// triangle and edge link, the navmeshes and edge links of the plugin) lives
// in storage the caller provides, sized by validate_storage_needed(), so
// validate() allocates nothing (with an inflate_buffer that has grown to the
// plugin's largest record, or a fixed one). A navmesh opened with
// options::trusted may hold indices that point nowhere; these checks skip
// such references (open() without trusted refuses them).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/validate.hpp"
#include "navmeshes.hpp"
#include "nvnm.hpp"
#include "plugin.hpp"

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

namespace nvnm {

// Whether a check set holds one of the checks that compare the grid's
// cells with the triangles (the costly ones, with their tables).
inline bool checks_grid_cells(check_set c) noexcept {
    return c.any_of(check::grid_cell_misses_triangle, check::grid_cell_extra_triangle, check::triangle_in_no_cell);
}

// Words the checks of one navmesh need: a key per grid entry and an offset
// per cell (grids up to largest_checked_divisor) and a mark per triangle
// when a grid-cell check is in `checks`, and one per edge link.
inline std::size_t validate_storage_needed(const navmesh& m, check_set checks = {}) noexcept {
    std::size_t n = m.edge_links().size();
    const search_grid g = m.grid();
    if (!checks_grid_cells(checks)) return n;
    n += m.triangles().size();
    if (g.divisor() != 0 && g.divisor() <= largest_checked_divisor) {
        n += g.cell_count();
        for (const cell_triangles c : g.cells()) n += c.size();
    }
    return n;
}

}  // namespace nvnm

// One navmesh of the plugin, as the checks across navmeshes need it.
struct validate_navmesh_entry {
    std::uint32_t form_id = 0;
    std::uint32_t triangles = 0;
    std::uint64_t record_offset = 0;
};

// One triangle edge that leads, through an edge link, to another navmesh.
struct validate_link_entry {
    std::uint64_t offset = 0;          // the triangle's edge field
    std::uint32_t navmesh = 0;         // the navmesh's number in the plugin
    std::uint32_t target_form_id = 0;  // the navmesh the edge link names
    std::uint16_t triangle = 0;
    std::uint16_t target_triangle = 0;
};

// Where the plugin form of validate() keeps its lists, each span at least as
// long as validate_storage_needed() says.
struct validate_storage {
    std::span<validate_navmesh_entry> navmeshes;
    std::span<validate_link_entry> links;
    std::span<std::uint32_t> words;
};

struct validate_storage_size {
    std::size_t navmeshes = 0, links = 0, words = 0;
};

namespace validate_detail {
// Whether the checks across navmeshes that follow edge links are selected
// (they need the table of every edge link).
inline bool follows_edge_links(check_set c) noexcept {
    return c.any_of(check::edge_link_into_nothing, check::one_way_edge_link);
}
}  // namespace validate_detail

// One walk of the plugin (the same walk validate() makes); the tables of
// the checks in `checks` only.
inline result<validate_storage_size> validate_storage_needed(const plugin_file& plugin, inflate_buffer& scratch,
                                                             nvnm_search search = nvnm_search::known_carriers,
                                                             check_set checks = {}) {
    validate_storage_size n;
    std::size_t per_navmesh = 0;
    const bool links = validate_detail::follows_edge_links(checks);
    const error e = for_each_navmesh(plugin, scratch, [&](const navmesh_entry& entry) {
        ++n.navmeshes;
        for (const nvnm::triangle t : entry.navmesh.triangles()) {
            for (unsigned k = 0; k < 3 && links; ++k) n.links += t.edge_link(k) ? 1u : 0u;
        }
        per_navmesh = std::max(per_navmesh, nvnm::validate_storage_needed(entry.navmesh, checks));
    }, search);
    if (!e.ok()) return e;
    n.words = n.navmeshes + per_navmesh;
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    static result<validate_storage_owner> make(const plugin_file& plugin, inflate_buffer& scratch,
                                               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
        const auto n = validate_storage_needed(plugin, scratch, search, checks);
        if (!n) return n.error();
        validate_storage_owner owner;
        owner.navmeshes_.resize(n->navmeshes);
        owner.links_.resize(n->links);
        owner.words_.resize(n->words);
        return owner;
    }
    validate_storage view() noexcept { return {navmeshes_, links_, words_}; }

private:
    std::vector<validate_navmesh_entry> navmeshes_;
    std::vector<validate_link_entry> links_;
    std::vector<std::uint32_t> words_;
};

namespace validate_detail {

// Offsets, from the NVNM data's start, of the first element of each list
// (the reader verified that the lists follow each other exactly like this).
struct list_offsets {
    std::uint64_t vertices = 0, triangles = 0, edge_links = 0, door_links = 0, cover_triangles = 0, grid = 0;

    explicit list_offsets(const nvnm::navmesh& m) noexcept {
        const nvnm::layout& l = m.layout();
        std::uint64_t at = 16 + 4;
        vertices = at;
        at += m.vertices().size() * l.vertex_size + 4;
        triangles = at;
        at += m.triangles().size() * l.triangle_size + 4;
        edge_links = at;
        at += m.edge_links().size() * l.edge_link_size + 4;
        door_links = at;
        at += m.door_links().size() * nvnm::door_link::record_size;
        if (l.has_cover_triangles) {
            cover_triangles = at + 4;
            at += 4 + m.cover_triangles().size() * 2;
        }
        if (l.cover_size != 0) at += 4 + m.covers().size() * l.cover_size;
        if (l.has_waypoints) {
            at += 4 + m.cover_mappings().size() * nvnm::cover_mapping::record_size;
            at += 4 + m.waypoints().size() * nvnm::waypoint::record_size;
        }
        grid = at;
    }
};

// Who the navmesh is: its number and form id in the plugin (`in_plugin`),
// and where its bytes start in the numbering of offsets.
struct navmesh_place {
    bool in_plugin = false;
    std::uint64_t index = 0;
    std::uint32_t form_id = 0;
    std::uint64_t base_offset = 0;
};

// Whether a triangle (x, y corners) overlaps the box [x0, x1] x [y0, y1] by
// more than `tolerance` (separating axes: the box's two, the triangle's three).
inline bool triangle_overlaps_box(const double xs[3], const double ys[3], double x0, double y0, double x1, double y1,
                                  double tolerance) noexcept {
    x0 += tolerance;
    y0 += tolerance;
    x1 -= tolerance;
    y1 -= tolerance;
    if (std::max({xs[0], xs[1], xs[2]}) <= x0 || std::min({xs[0], xs[1], xs[2]}) >= x1 ||
        std::max({ys[0], ys[1], ys[2]}) <= y0 || std::min({ys[0], ys[1], ys[2]}) >= y1) {
        return false;
    }
    const double bx[4] = {x0, x1, x1, x0}, by[4] = {y0, y0, y1, y1};
    for (unsigned e = 0; e < 3; ++e) {
        const unsigned f = (e + 1) % 3, g = (e + 2) % 3;
        const double nx = ys[e] - ys[f], ny = xs[f] - xs[e];  // normal of edge e
        const double a = nx * xs[e] + ny * ys[e], b = nx * xs[g] + ny * ys[g];
        const double lo = std::min(a, b), hi = std::max(a, b);
        double box_lo = INFINITY, box_hi = -INFINITY;
        for (unsigned k = 0; k < 4; ++k) {
            const double p = nx * bx[k] + ny * by[k];
            box_lo = std::min(box_lo, p);
            box_hi = std::max(box_hi, p);
        }
        if (box_hi <= lo || box_lo >= hi) return false;
    }
    return true;
}

// The cells [first, last] that the span [from, to] covers along one axis, in
// cell units, shrunk (tolerance > 0: overlapping by more than a sliver) or
// grown (tolerance < 0: coming near) by `tolerance` cells; false when none.
inline bool cell_range(double from, double to, double origin, double size, std::uint32_t d, double tolerance,
                       std::uint32_t& first, std::uint32_t& last) noexcept {
    if (!(size > 0)) {
        first = 0;
        last = d - 1;
        return true;
    }
    const double a = std::floor((from - origin) / size + tolerance), b = std::floor((to - origin) / size - tolerance);
    if (!(b >= a) || b < 0 || a > d - 1) return false;
    first = static_cast<std::uint32_t>(std::max(0.0, a));
    last = static_cast<std::uint32_t>(std::min(static_cast<double>(d - 1), b));
    return true;
}

// A triangle's corners on the ground (x, y), or false when a vertex index
// points nowhere (trusted open).
inline bool ground_corners(const nvnm::navmesh& m, const nvnm::triangle& t, double xs[3], double ys[3]) noexcept {
    const auto vs = m.vertices();
    for (unsigned k = 0; k < 3; ++k) {
        if (t.vertex(k) >= vs.size()) return false;
        const vec3 p = vs[t.vertex(k)].position();
        xs[k] = p.x;
        ys[k] = p.y;
    }
    return true;
}

// The grid checks of one navmesh: cells that miss a triangle that overlaps
// them, cells that list a triangle whose bounding box does not reach them,
// triangles in no cell, bounds that do not hold the vertices, cell sizes
// that disagree with the bounds. The bounding box is the fast first test; a
// miss is then judged against the triangle itself, because the editors list
// a triangle in every cell the triangle overlaps but not always in every
// cell its bounding box overlaps (the public plugins: no miss under the
// first rule, 772 under the second), and an extra entry against the box (no
// file has one). `keys` holds (cell << 16 | triangle) for every entry,
// `cell_at` each cell's offset from the grid, `listed` a mark per triangle.
template <class Gate, class Add, class AddMesh>
void check_grid(const nvnm::navmesh& m, const list_offsets& o, std::uint64_t base, std::span<std::uint32_t> scratch,
                Gate& out, Add& add, AddMesh& add_mesh) {
    const nvnm::search_grid g = m.grid();
    const std::uint64_t grid_at = base + o.grid;
    const std::uint32_t d = g.divisor();
    if (d == 0) {
        if (!m.triangles().empty()) add_mesh(check::grid_empty, grid_at, m.triangles().size());
        return;
    }
    if (d > 12) add_mesh(check::grid_divisor_large, grid_at, d);
    if (d > largest_checked_divisor) return;
    // The rest compares the grid with the triangles: nothing to do when
    // none of its checks is selected.
    if (!out.wants_any(check::grid_cell_size, check::grid_bounds, check::grid_cell_misses_triangle,
                       check::grid_cell_extra_triangle, check::triangle_in_no_cell)) {
        return;
    }

    const vec3 lo = g.bounds().min, hi = g.bounds().max;
    const double size_x = g.cell_size_x(), size_y = g.cell_size_y();
    if (!std::isfinite(size_x) || !std::isfinite(size_y) || size_x < 0 || size_y < 0) {
        add_mesh(check::grid_cell_size, grid_at + 4, 0);
        return;
    }
    auto close_enough = [](double a, double b) { return std::fabs(a - b) <= 1e-3 * std::max({1.0, std::fabs(a), std::fabs(b)}); };
    if (!close_enough(size_x * d, static_cast<double>(hi.x) - lo.x) || !close_enough(size_y * d, static_cast<double>(hi.y) - lo.y)) {
        add_mesh(check::grid_cell_size, grid_at + 4, 0);
    }
    const double slack = 1e-3 * std::max({1.0, static_cast<double>(hi.x) - lo.x, static_cast<double>(hi.y) - lo.y});
    std::uint64_t vi = 0;
    for (const nvnm::vertex vx : m.vertices()) {
        if (!out.wants(check::grid_bounds)) break;
        const vec3 p = vx.position();
        if (p.x < lo.x - slack || p.x > hi.x + slack || p.y < lo.y - slack || p.y > hi.y + slack) {
            add(check::grid_bounds, "vertex", vi, base + o.vertices + vi * m.layout().vertex_size, 0);
        }
        ++vi;
    }
    if (!out.wants_any(check::grid_cell_misses_triangle, check::grid_cell_extra_triangle, check::triangle_in_no_cell)) return;

    // Where each cell starts, and every entry as a key (triangle << 12 |
    // cell; a checked grid has at most 64 x 64 cells), sorted and
    // de-duplicated: the cells that list a triangle, by triangle.
    const std::size_t cell_count = g.cell_count();
    const auto cell_at = scratch.first(cell_count);
    std::size_t entries = 0;
    auto fill_keys = [&](bool by_triangle) {
        std::uint32_t at = 36, k = 0;
        entries = 0;
        for (const nvnm::cell_triangles c : g.cells()) {
            cell_at[k] = at;
            for (const std::uint16_t t : c) {
                scratch[cell_count + entries++] = by_triangle ? std::uint32_t{t} << 12 | k : k << 16 | std::uint32_t{t};
            }
            at += 4 + 2 * static_cast<std::uint32_t>(c.size());
            ++k;
        }
    };
    fill_keys(true);
    auto keys = scratch.subspan(cell_count, entries);
    const auto listed = scratch.subspan(cell_count + entries, m.triangles().size());
    std::sort(keys.begin(), keys.end());
    const auto by_triangle = keys.first(static_cast<std::size_t>(std::unique(keys.begin(), keys.end()) - keys.begin()));
    std::fill(listed.begin(), listed.end(), 0u);
    auto cell_finding = [&](std::size_t c, std::uint32_t cell, std::uint64_t triangle) {
        add(c, "grid cell", cell, grid_at + cell_at[cell], triangle);
    };
    // The cells of [first, last] that list triangle t.
    auto listed_in = [&](std::uint32_t t, std::uint32_t first, std::uint32_t last) {
        const auto from = std::lower_bound(by_triangle.begin(), by_triangle.end(), t << 12 | first);
        const auto to = std::upper_bound(from, by_triangle.end(), t << 12 | last);
        return static_cast<std::uint64_t>(to - from);
    };

    // A triangle's cells, row by row. Within a row the cells the triangle
    // overlaps are one run (the boxes slide along x over a convex shape),
    // found from the triangle's x-extent inside the row and checked at both
    // ends with the exact test; its misses are counted against the sorted
    // keys, not cell by cell (a 64 x 64 grid listing nothing under 65,535
    // large triangles was 268 M tests), and listed one by one only while
    // the check still lists.
    constexpr double strict = 1e-3;
    const double tolerance = strict * std::max(size_x, size_y);
    std::uint32_t ti = 0;
    for (const nvnm::triangle t : m.triangles()) {
        double xs[3], ys[3];
        if (!ground_corners(m, t, xs, ys)) {
            ++ti;
            continue;
        }
        const double min_x = std::min({xs[0], xs[1], xs[2]}), max_x = std::max({xs[0], xs[1], xs[2]});
        const double min_y = std::min({ys[0], ys[1], ys[2]}), max_y = std::max({ys[0], ys[1], ys[2]});
        std::uint32_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        if (cell_range(min_x, max_x, lo.x, size_x, d, strict, c0, c1) && cell_range(min_y, max_y, lo.y, size_y, d, strict, r0, r1)) {
            for (std::uint32_t row = r0; row <= r1; ++row) {
                const double y0 = lo.y + row * size_y;
                auto overlaps = [&](std::uint32_t col) {
                    const double x0 = lo.x + col * size_x;
                    return triangle_overlaps_box(xs, ys, x0, y0, x0 + size_x, y0 + size_y, tolerance);
                };
                // The run [a, b]: first from the x-extent of the triangle
                // inside the row, then moved to where the exact test agrees.
                std::uint32_t a = c0, b = c1;
                if (size_x > 0) {
                    const double ylo = y0 + tolerance, yhi = y0 + size_y - tolerance;
                    double x_lo = INFINITY, x_hi = -INFINITY;
                    for (unsigned e = 0; e < 3; ++e) {
                        const unsigned f = (e + 1) % 3;
                        if (ys[e] >= ylo && ys[e] <= yhi) {
                            x_lo = std::min(x_lo, xs[e]);
                            x_hi = std::max(x_hi, xs[e]);
                        }
                        for (const double yb : {ylo, yhi}) {
                            if ((ys[e] - yb) * (ys[f] - yb) < 0) {
                                const double x = xs[e] + (yb - ys[e]) * (xs[f] - xs[e]) / (ys[f] - ys[e]);
                                x_lo = std::min(x_lo, x);
                                x_hi = std::max(x_hi, x);
                            }
                        }
                    }
                    if (!(x_lo <= x_hi)) continue;  // the triangle does not reach into the row
                    const double lo_c = static_cast<double>(c0), hi_c = static_cast<double>(c1);
                    a = static_cast<std::uint32_t>(std::clamp(std::floor((x_lo + tolerance - lo.x) / size_x), lo_c, hi_c));
                    b = static_cast<std::uint32_t>(std::clamp(std::ceil((x_hi - tolerance - lo.x) / size_x) - 1, lo_c, hi_c));
                    if (a > b) b = a;
                }
                for (unsigned i = 0; i < 2 && a > c0 && overlaps(a - 1); ++i) --a;
                for (unsigned i = 0; i < 2 && a < b && !overlaps(a); ++i) ++a;
                for (unsigned i = 0; i < 2 && b < c1 && overlaps(b + 1); ++i) ++b;
                for (unsigned i = 0; i < 2 && b > a && !overlaps(b); ++i) --b;
                const bool run_found = overlaps(a) && overlaps(b) && (a == c0 || !overlaps(a - 1)) &&
                                       (b == c1 || !overlaps(b + 1));
                if (!run_found) {  // the estimate was off (never on real files): the run, cell by cell
                    a = c1 + 1;
                    b = c0;
                    for (std::uint32_t col = c0; col <= c1; ++col) {
                        if (overlaps(col)) {
                            a = std::min(a, col);
                            b = col;
                        }
                    }
                    if (a > b) continue;
                }
                const std::uint32_t first = row * d + a, last = row * d + b;
                const std::uint64_t misses = (b - a + 1) - listed_in(ti, first, last);
                if (misses == 0) continue;
                if (out.count(check::grid_cell_misses_triangle) >= findings_per_check) {
                    out.add_unlisted(check::grid_cell_misses_triangle, misses);
                    continue;
                }
                for (std::uint32_t k = first; k <= last; ++k) {
                    if (!std::binary_search(by_triangle.begin(), by_triangle.end(), ti << 12 | k)) {
                        cell_finding(check::grid_cell_misses_triangle, k, ti);
                    }
                }
            }
        }
        ++ti;
    }
    fill_keys(false);
    keys = scratch.subspan(cell_count, entries);
    std::sort(keys.begin(), keys.end());
    // Entries in cell order (the keys sort by cell first).
    for (const std::uint32_t key : keys) {
        const std::uint32_t k = key >> 16, t = key & 0xFFFFu;
        listed[t] = 1;
        const std::uint32_t row = k / d, col = k % d;
        double xs[3], ys[3];
        if (!ground_corners(m, m.triangles()[t], xs, ys)) continue;
        std::uint32_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        const bool in_cell_range = cell_range(std::min({xs[0], xs[1], xs[2]}), std::max({xs[0], xs[1], xs[2]}), lo.x, size_x, d, -strict, c0, c1) &&
                          cell_range(std::min({ys[0], ys[1], ys[2]}), std::max({ys[0], ys[1], ys[2]}), lo.y, size_y, d, -strict, r0, r1);
        if (!in_cell_range || col < c0 || col > c1 || row < r0 || row > r1) cell_finding(check::grid_cell_extra_triangle, k, t);
    }
    for (std::size_t t = 0; t < listed.size(); ++t) {
        if (listed[t] == 0) add(check::triangle_in_no_cell, "triangle", t, base + o.triangles + std::uint64_t{t} * m.layout().triangle_size, 0);
    }
}

// The checks of one navmesh on its own; `link(entry)` receives each
// triangle edge that is an edge link (for the checks across navmeshes).
template <class Gate, class Link>
void check_navmesh(const nvnm::navmesh& m, const navmesh_place& place, std::span<std::uint32_t> scratch, Gate& out,
                   Link&& link) {
    const list_offsets o(m);
    const std::uint64_t base = place.base_offset;
    const auto tris = m.triangles();
    const auto vs = m.vertices();
    const std::size_t stride = m.layout().triangle_size;
    auto tri_at = [&](std::uint64_t t) { return base + o.triangles + t * stride; };
    auto add = [&](std::size_t c, std::string_view record, std::uint64_t index, std::uint64_t offset, std::uint64_t value) {
        finding f;
        f.record = record;
        f.index = index;
        f.id = index;
        f.offset = offset;
        f.value = value;
        if (place.in_plugin) {
            f.parent = "navmesh";
            f.parent_index = place.index;
            f.parent_id = place.form_id;
        }
        out.add(c, f);
    };
    auto add_mesh = [&](std::size_t c, std::uint64_t offset, std::uint64_t value) {
        out.add(c, "navmesh", place.index, place.form_id, offset, value);
    };
    const auto link_uses = scratch.first(m.edge_links().size());
    std::fill(link_uses.begin(), link_uses.end(), 0u);

    for (std::uint32_t i = 0; i < tris.size(); ++i) {
        const nvnm::triangle t = tris[i];
        const auto a = t.vertex(0), b = t.vertex(1), c = t.vertex(2);
        const bool vertices_exist = a < vs.size() && b < vs.size() && c < vs.size();
        if (a == b || b == c || a == c) {
            add(check::degenerate_triangle, "triangle", i, tri_at(i), 0);
        } else if (vertices_exist) {
            const vec3 p = vs[a].position(), q = vs[b].position(), r = vs[c].position();
            const double ux = q.x - p.x, uy = q.y - p.y, uz = q.z - p.z, wx = r.x - p.x, wy = r.y - p.y, wz = r.z - p.z;
            const double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            const double area2 = std::sqrt(cx * cx + cy * cy + cz * cz);
            const double scale = std::max({ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz, 1e-12});
            if (!(area2 > 1e-7 * scale)) add(check::degenerate_triangle, "triangle", i, tri_at(i), 0);
        }
        for (unsigned e = 0; e < 3; ++e) {
            const std::uint64_t edge_at = tri_at(i) + 6 + 2 * e;
            if (const auto l = t.edge_link(e)) {
                if (*l >= link_uses.size()) continue;
                ++link_uses[*l];
                const nvnm::edge_link el = m.edge_links()[*l];
                validate_link_entry entry;
                entry.offset = edge_at;
                entry.navmesh = static_cast<std::uint32_t>(place.index);
                entry.target_form_id = el.navmesh();
                entry.triangle = static_cast<std::uint16_t>(i);
                entry.target_triangle = el.triangle();
                link(entry);
                continue;
            }
            const auto n = t.neighbour(e);
            if (!n || *n >= tris.size()) continue;
            if (*n == i) {
                add(check::neighbour_is_self, "triangle", i, edge_at, e);
                continue;
            }
            const nvnm::triangle other = tris[*n];
            bool back = false;
            for (unsigned k = 0; k < 3; ++k) back = back || other.neighbour(k) == i;
            if (!back) {
                add(check::one_way_neighbour, "triangle", i, edge_at, *n);
                continue;
            }
            // Neighbours share the edge: the same two vertices, or two
            // vertices at the same positions.
            const std::uint16_t e0 = t.vertex(e), e1 = t.vertex((e + 1) % 3);
            auto has = [&](std::uint16_t vi) {
                for (unsigned k = 0; k < 3; ++k) {
                    const std::uint16_t ov = other.vertex(k);
                    if (ov == vi || (ov < vs.size() && vi < vs.size() && vs[ov].position() == vs[vi].position())) return true;
                }
                return false;
            };
            if (!has(e0) || !has(e1)) add(check::neighbour_edge_mismatch, "triangle", i, edge_at, *n);
        }
    }
    for (std::size_t l = 0; l < link_uses.size(); ++l) {
        if (link_uses[l] == 0) add(check::unreferenced_edge_link, "edge link", l, base + o.edge_links + std::uint64_t{l} * m.layout().edge_link_size, 0);
    }
    std::uint64_t di = 0;
    for (const nvnm::door_link d : m.door_links()) {
        if (d.triangle() < tris.size() && (tris[d.triangle()].flags_raw() & nvnm::triangle_flag::door) == 0) {
            add(check::door_triangle_without_door_flag, "door link", di, base + o.door_links + di * nvnm::door_link::record_size,
                d.triangle());
        }
        ++di;
    }
    std::uint64_t ci = 0;
    for (const std::uint16_t t : m.cover_triangles()) {
        if (t < tris.size() && tris[t].cover().raw() == 0) {
            add(check::cover_triangle_without_cover, "cover triangle", ci, base + o.cover_triangles + 2 * ci, t);
        }
        ++ci;
    }
    check_grid(m, o, base, scratch.subspan(link_uses.size()), out, add, add_mesh);
}

}  // namespace validate_detail

namespace nvnm {

// Runs the checks of one navmesh (every check of validate_checks but
// duplicate-form-id, edge-link-into-nothing and one-way-edge-link) and calls
// sink(const finding&) for each (at most findings_per_check per check, then
// one closing finding per capped check). Offsets count from `base_offset`
// (give the one the navmesh was opened with). Fails only with
// limit_exceeded when `storage` is too small. Allocates nothing.
template <class Sink>
error validate(const navmesh& m, std::span<std::uint32_t> storage, Sink&& sink, std::uint64_t base_offset = 0,
               check_set checks = {}) {
    const std::size_t need = validate_storage_needed(m, checks);
    if (storage.size() < need) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate storage", need, storage.size());
    }
    navspan::detail::finding_gate<check::count, Sink> out(validate_checks, sink, checks);
    validate_detail::navmesh_place place;
    place.base_offset = base_offset;
    validate_detail::check_navmesh(m, place, storage, out, [](const validate_link_entry&) {});
    out.finish();
    return {};
}

// The convenience form: allocates the storage, then validates.
template <class Sink>
error validate(const navmesh& m, Sink&& sink, std::uint64_t base_offset = 0, check_set checks = {}) {
    std::vector<std::uint32_t> storage(validate_storage_needed(m, checks));
    return validate(m, std::span<std::uint32_t>(storage), sink, base_offset, checks);
}

}  // namespace nvnm

// Runs the checks of validate_checks in `checks` (every one by default; a
// check left out does no work) on every navmesh of the plugin (found
// as for_each_navmesh finds them with `search`; give validate_storage_needed
// the same) and calls sink(const finding&) for each (at most
// findings_per_check per check, then one closing finding per capped check).
// Fails with the walk's errors (a record that does not inflate, an NVNM that
// does not verify: the errors `navspan info` reports), or limit_exceeded when
// `storage` is too small. Allocates nothing beyond what `scratch` needs.
template <class Sink>
error validate(const plugin_file& plugin, inflate_buffer& scratch, validate_storage storage, Sink&& sink,
               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
    navspan::detail::finding_gate<check::count, Sink> out(validate_checks, sink, checks);
    const bool follow_links = validate_detail::follows_edge_links(checks);
    std::size_t navmeshes = 0, links = 0;
    error too_small;
    const error walked = for_each_navmesh(plugin, scratch, [&](const navmesh_entry& entry) {
        if (!too_small.ok()) return;
        const std::size_t words = nvnm::validate_storage_needed(entry.navmesh, checks);
        if (navmeshes >= storage.navmeshes.size() || storage.words.size() < storage.navmeshes.size() + words) {
            too_small = navspan::detail::fail(error_code::limit_exceeded, entry.record.offset(), "validate storage",
                                              storage.navmeshes.size() + words, storage.words.size());
            return;
        }
        validate_navmesh_entry& facts = storage.navmeshes[navmeshes];
        facts.form_id = entry.record.form_id();
        facts.triangles = static_cast<std::uint32_t>(entry.navmesh.triangles().size());
        facts.record_offset = entry.record.offset();
        validate_detail::navmesh_place place;
        place.in_plugin = true;
        place.index = navmeshes;
        place.form_id = facts.form_id;
        place.base_offset = entry.offset;  // the NVNM data: a file or an inflated offset
        validate_detail::check_navmesh(entry.navmesh, place, storage.words.subspan(storage.navmeshes.size()), out,
                                       [&](const validate_link_entry& l) {
                                           if (!follow_links) return;
                                           if (links < storage.links.size()) storage.links[links] = l;
                                           ++links;
                                       });
        ++navmeshes;
    }, search);
    if (!walked.ok()) return walked;
    if (!too_small.ok()) return too_small;
    if (links > storage.links.size()) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate storage (links)", links, storage.links.size());
    }

    // The navmeshes by form id (then number): duplicates sit side by side,
    // and an edge link's target is the first navmesh with its form id.
    const auto meshes = storage.navmeshes.first(navmeshes);
    const auto by_form = storage.words.first(navmeshes);
    for (std::uint32_t i = 0; i < navmeshes; ++i) by_form[i] = i;
    std::sort(by_form.begin(), by_form.end(), [&](std::uint32_t a, std::uint32_t b) {
        return meshes[a].form_id != meshes[b].form_id ? meshes[a].form_id < meshes[b].form_id : a < b;
    });
    for (std::size_t i = 1; i < by_form.size(); ++i) {
        const validate_navmesh_entry& m = meshes[by_form[i]];
        if (m.form_id == meshes[by_form[i - 1]].form_id) {
            out.add(check::duplicate_form_id, "navmesh", by_form[i], m.form_id, m.record_offset + 12, by_form[i - 1]);
        }
    }
    auto find_form = [&](std::uint32_t form_id) -> const std::uint32_t* {
        const auto it = std::lower_bound(by_form.begin(), by_form.end(), form_id,
                                         [&](std::uint32_t m, std::uint32_t id) { return meshes[m].form_id < id; });
        return it == by_form.end() || meshes[*it].form_id != form_id ? nullptr : &*it;
    };

    // Edge links into navmeshes of this plugin: the far triangle must exist
    // and lead back. Sorted by (navmesh, triangle, target form, target
    // triangle), the way back is one binary search.
    const auto uses = storage.links.first(links);
    auto before = [](const validate_link_entry& x, const validate_link_entry& y) {
        if (x.navmesh != y.navmesh) return x.navmesh < y.navmesh;
        if (x.triangle != y.triangle) return x.triangle < y.triangle;
        if (x.target_form_id != y.target_form_id) return x.target_form_id < y.target_form_id;
        if (x.target_triangle != y.target_triangle) return x.target_triangle < y.target_triangle;
        return x.offset < y.offset;
    };
    std::sort(uses.begin(), uses.end(), before);
    for (const validate_link_entry& l : uses) {
        const std::uint32_t* target = find_form(l.target_form_id);
        if (target == nullptr) continue;  // a master's navmesh
        finding f;
        f.record = "triangle";
        f.index = l.triangle;
        f.id = l.triangle;
        f.offset = l.offset;
        f.value = l.target_triangle;
        f.parent = "navmesh";
        f.parent_index = l.navmesh;
        f.parent_id = meshes[l.navmesh].form_id;
        if (l.target_triangle >= meshes[*target].triangles) {
            out.add(check::edge_link_into_nothing, f);
            continue;
        }
        validate_link_entry back;
        back.navmesh = *target;
        back.triangle = l.target_triangle;
        back.target_form_id = meshes[l.navmesh].form_id;
        back.target_triangle = l.triangle;
        const auto it = std::lower_bound(uses.begin(), uses.end(), back, before);
        const bool found = it != uses.end() && it->navmesh == back.navmesh && it->triangle == back.triangle &&
                           it->target_form_id == back.target_form_id && it->target_triangle == back.target_triangle;
        if (!found) out.add(check::one_way_edge_link, f);
    }
    out.finish();
    return {};
}

// The convenience form: sizes and allocates the storage (one more walk),
// then validates.
template <class Sink>
error validate(const plugin_file& plugin, inflate_buffer& scratch, Sink&& sink,
               nvnm_search search = nvnm_search::known_carriers, check_set checks = {}) {
    auto storage = validate_storage_owner::make(plugin, scratch, search, checks);
    if (!storage) return storage.error();
    return validate(plugin, scratch, storage->view(), sink, search, checks);
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
