// navspan/creation/validate_grid.hpp - the search-grid family of the NVNM
// validate() (validate.hpp): the grid's fields, then its cells against the
// triangles; and the offsets of a navmesh's lists, which every family of
// validate() uses for its findings.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>

#include "../core/validate.hpp"
#include "nvnm.hpp"
#include "validate_checks.hpp"

namespace navspan::creation::validate_detail {

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

// The grid's own fields: grid-empty, grid-divisor-large, grid-cell-size,
// grid-bounds. True when the cells are then to be compared with the
// triangles (a checked divisor, finite sizes, one of those checks selected).
template <class Gate, class Add, class AddMesh>
bool check_grid_fields(const nvnm::navmesh& m, const list_offsets& o, std::uint64_t base, Gate& out, Add& add,
                       AddMesh& add_mesh) {
    const nvnm::search_grid g = m.grid();
    const std::uint64_t grid_at = base + o.grid;
    const std::uint32_t d = g.divisor();
    if (d == 0) {
        if (!m.triangles().empty()) add_mesh(check::grid_empty, grid_at, m.triangles().size());
        return false;
    }
    if (d > 12) add_mesh(check::grid_divisor_large, grid_at, d);
    if (d > largest_checked_divisor) return false;
    // The rest compares the grid with the triangles: nothing to do when
    // none of its checks is selected.
    if (!out.wants_any(check::grid_cell_size, check::grid_bounds, check::grid_cell_misses_triangle,
                       check::grid_cell_extra_triangle, check::triangle_in_no_cell)) {
        return false;
    }
    const vec3 lo = g.bounds().min, hi = g.bounds().max;
    const double size_x = g.cell_size_x(), size_y = g.cell_size_y();
    if (!std::isfinite(size_x) || !std::isfinite(size_y) || size_x < 0 || size_y < 0) {
        add_mesh(check::grid_cell_size, grid_at + 4, 0);
        return false;
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
    return out.wants_any(check::grid_cell_misses_triangle, check::grid_cell_extra_triangle, check::triangle_in_no_cell);
}

// A checked grid in doubles: its origin, cell sizes, cells per side, and
// the slivers of overlap that do not count.
struct grid_geometry {
    static constexpr double strict = 1e-3;
    vec3 lo;
    double size_x = 0, size_y = 0;
    std::uint32_t d = 0;
    double tolerance = 0;

    grid_geometry() = default;  // (for tests: the fields set by hand)
    explicit grid_geometry(const nvnm::search_grid& g) noexcept
        : lo(g.bounds().min), size_x(g.cell_size_x()), size_y(g.cell_size_y()), d(g.divisor()),
          tolerance(strict * std::max(size_x, size_y)) {}

    bool overlaps(const double xs[3], const double ys[3], std::uint32_t col, double y0) const noexcept {
        const double x0 = lo.x + col * size_x;
        return triangle_overlaps_box(xs, ys, x0, y0, x0 + size_x, y0 + size_y, tolerance);
    }

    // Whether the run estimated from the triangle's x-extent [x_lo, x_hi]
    // inside the row's band [ylo, yhi] (u, w: its ends past the tolerance, in
    // cells) is the run the exact test finds, so row_run need not test cell
    // by cell. The part of the triangle inside the band is convex and spans
    // the band's height, so a cell's shrunk box meets it exactly when their
    // x-ranges overlap, with an area when the part has one: true when the
    // triangle reaches well into the band, has an area, and neither end of
    // the run lies within rounding of a cell's side. (On a grid listing
    // nothing under 65,535 map-wide triangles, 4.2 M rows: validate 0.74 s to 0.25 s.)
    static bool estimate_is_exact(const double xs[3], const double ys[3], double ylo, double yhi, double u,
                                  double w) noexcept {
        constexpr double margin = 1e-6;  // of a cell, far above the rounding of either test
        const double band = yhi - ylo;
        if (!(band > 0) || !(std::max({ys[0], ys[1], ys[2]}) > ylo + margin * band) ||
            !(std::min({ys[0], ys[1], ys[2]}) < yhi - margin * band)) {
            return false;
        }
        const double twice_area = (xs[1] - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (ys[1] - ys[0]);
        const double extent = std::max({xs[0], xs[1], xs[2]}) - std::min({xs[0], xs[1], xs[2]}) + band;
        if (!(std::fabs(twice_area) > 1e-3 * extent * band)) return false;
        auto clear_of_sides = [](double c) { return std::fabs(c - std::round(c)) > margin; };
        return w - u > margin && clear_of_sides(u) && clear_of_sides(w);
    }

    // The run [a, b] of cells of `row` (within the triangle's columns [c0,
    // c1]) that the triangle overlaps; false when it overlaps none. Within
    // a row the cells the triangle overlaps are one run (the boxes slide
    // along x over a convex shape): first estimated from the x-extent of
    // the triangle inside the row, then moved to where the exact test
    // agrees, and found cell by cell only when the estimate was off (never
    // on real files).
    bool row_run(const double xs[3], const double ys[3], std::uint32_t row, std::uint32_t c0, std::uint32_t c1,
                 std::uint32_t& a, std::uint32_t& b) const noexcept {
        const double y0 = lo.y + row * size_y;
        a = c0;
        b = c1;
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
            if (!(x_lo <= x_hi)) return false;  // the triangle does not reach into the row
            const double lo_c = static_cast<double>(c0), hi_c = static_cast<double>(c1);
            const double u = (x_lo + tolerance - lo.x) / size_x, w = (x_hi - tolerance - lo.x) / size_x;
            a = static_cast<std::uint32_t>(std::clamp(std::floor(u), lo_c, hi_c));
            b = static_cast<std::uint32_t>(std::clamp(std::ceil(w) - 1, lo_c, hi_c));
            if (a > b) b = a;
            const bool inside = std::floor(u) >= lo_c && std::ceil(w) - 1 <= hi_c;  // not clamped
            if (inside && estimate_is_exact(xs, ys, ylo, yhi, u, w)) return true;
        }
        for (unsigned i = 0; i < 2 && a > c0 && overlaps(xs, ys, a - 1, y0); ++i) --a;
        for (unsigned i = 0; i < 2 && a < b && !overlaps(xs, ys, a, y0); ++i) ++a;
        for (unsigned i = 0; i < 2 && b < c1 && overlaps(xs, ys, b + 1, y0); ++i) ++b;
        for (unsigned i = 0; i < 2 && b > a && !overlaps(xs, ys, b, y0); ++i) --b;
        const bool run_found = overlaps(xs, ys, a, y0) && overlaps(xs, ys, b, y0) &&
                               (a == c0 || !overlaps(xs, ys, a - 1, y0)) && (b == c1 || !overlaps(xs, ys, b + 1, y0));
        if (run_found) return true;
        a = c1 + 1;
        b = c0;
        for (std::uint32_t col = c0; col <= c1; ++col) {
            if (overlaps(xs, ys, col, y0)) {
                a = std::min(a, col);
                b = col;
            }
        }
        return a <= b;
    }
};

// The grid's entries in the caller's scratch: where each cell starts
// (from the grid), every entry as a key, a mark per triangle.
struct grid_entries {
    nvnm::search_grid g;
    std::span<std::uint32_t> scratch, cell_at, keys, listed;

    grid_entries(const nvnm::navmesh& m, std::span<std::uint32_t> words)
        : g(m.grid()), scratch(words), cell_at(words.first(g.cell_count())) {
        fill(true);
        listed = scratch.subspan(cell_at.size() + keys.size(), m.triangles().size());
    }
    // Every entry as a key: by triangle (triangle << 12 | cell; a checked
    // grid has at most 64 x 64 cells) or by cell (cell << 16 | triangle).
    void fill(bool by_triangle) {
        std::uint32_t at = 36, k = 0;
        std::size_t entries = 0;
        const std::size_t cell_count = cell_at.size();
        for (const nvnm::cell_triangles c : g.cells()) {
            cell_at[k] = at;
            for (const std::uint16_t t : c) {
                scratch[cell_count + entries++] = by_triangle ? std::uint32_t{t} << 12 | k : k << 16 | std::uint32_t{t};
            }
            at += 4 + 2 * static_cast<std::uint32_t>(c.size());
            ++k;
        }
        keys = scratch.subspan(cell_count, entries);
        std::sort(keys.begin(), keys.end());
    }
};

// grid-cell-misses-triangle: each triangle's cells, row by row, against the
// cells that list it (the keys by triangle, sorted and de-duplicated). Its
// misses are counted against the sorted keys, not cell by cell (a 64 x 64
// grid listing nothing under 65,535 large triangles was 268 M tests), and
// listed one by one only while the check still lists.
template <class Gate, class CellFinding>
void check_missed_cells(const nvnm::navmesh& m, const grid_geometry& geo, std::span<const std::uint32_t> by_triangle,
                        Gate& out, CellFinding& cell_finding) {
    // The cells of [first, last] that list triangle t.
    auto listed_in = [&](std::uint32_t t, std::uint32_t first, std::uint32_t last) {
        const auto from = std::lower_bound(by_triangle.begin(), by_triangle.end(), t << 12 | first);
        const auto to = std::upper_bound(from, by_triangle.end(), t << 12 | last);
        return static_cast<std::uint64_t>(to - from);
    };
    const std::uint32_t d = geo.d;
    std::uint32_t ti = 0;
    for (const nvnm::triangle t : m.triangles()) {
        double xs[3], ys[3];
        std::uint32_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        const bool cells = ground_corners(m, t, xs, ys) &&
                           cell_range(std::min({xs[0], xs[1], xs[2]}), std::max({xs[0], xs[1], xs[2]}), geo.lo.x, geo.size_x, d,
                                      grid_geometry::strict, c0, c1) &&
                           cell_range(std::min({ys[0], ys[1], ys[2]}), std::max({ys[0], ys[1], ys[2]}), geo.lo.y, geo.size_y, d,
                                      grid_geometry::strict, r0, r1);
        for (std::uint32_t row = r0; cells && row <= r1; ++row) {
            std::uint32_t a = 0, b = 0;
            if (!geo.row_run(xs, ys, row, c0, c1, a, b)) continue;
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
        ++ti;
    }
}

// The grid checks of one navmesh: cells that miss a triangle that overlaps
// them, cells that list a triangle whose bounding box does not reach them,
// triangles in no cell, bounds that do not hold the vertices, cell sizes
// that disagree with the bounds. The bounding box is the fast first test; a
// miss is then judged against the triangle itself, because the editors list
// a triangle in every cell the triangle overlaps but not always in every
// cell its bounding box overlaps (the public plugins: no miss under the
// first rule, 772 under the second), and an extra entry against the box (no
// file has one). `scratch`: the grid_entries.
template <class Gate, class Add, class AddMesh>
void check_grid(const nvnm::navmesh& m, const list_offsets& o, std::uint64_t base, std::span<std::uint32_t> scratch,
                Gate& out, Add& add, AddMesh& add_mesh) {
    if (!check_grid_fields(m, o, base, out, add, add_mesh)) return;
    const std::uint64_t grid_at = base + o.grid;
    const grid_geometry geo(m.grid());
    grid_entries entries(m, scratch);
    const auto by_triangle = entries.keys.first(
        static_cast<std::size_t>(std::unique(entries.keys.begin(), entries.keys.end()) - entries.keys.begin()));
    std::fill(entries.listed.begin(), entries.listed.end(), 0u);
    auto cell_finding = [&](std::size_t c, std::uint32_t cell, std::uint64_t triangle) {
        add(c, "grid cell", cell, grid_at + entries.cell_at[cell], triangle);
    };
    check_missed_cells(m, geo, by_triangle, out, cell_finding);
    // Entries in cell order (the keys sort by cell first).
    entries.fill(false);
    for (const std::uint32_t key : entries.keys) {
        const std::uint32_t k = key >> 16, t = key & 0xFFFFu;
        entries.listed[t] = 1;
        const std::uint32_t row = k / geo.d, col = k % geo.d;
        double xs[3], ys[3];
        if (!ground_corners(m, m.triangles()[t], xs, ys)) continue;
        std::uint32_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        const double strict = grid_geometry::strict;
        const bool in_cell_range =
            cell_range(std::min({xs[0], xs[1], xs[2]}), std::max({xs[0], xs[1], xs[2]}), geo.lo.x, geo.size_x, geo.d, -strict, c0, c1) &&
            cell_range(std::min({ys[0], ys[1], ys[2]}), std::max({ys[0], ys[1], ys[2]}), geo.lo.y, geo.size_y, geo.d, -strict, r0, r1);
        if (!in_cell_range || col < c0 || col > c1 || row < r0 || row > r1) cell_finding(check::grid_cell_extra_triangle, k, t);
    }
    for (std::size_t t = 0; t < entries.listed.size(); ++t) {
        if (entries.listed[t] == 0) {
            add(check::triangle_in_no_cell, "triangle", t, base + o.triangles + std::uint64_t{t} * m.layout().triangle_size, 0);
        }
    }
}

}  // namespace navspan::creation::validate_detail
#include "../core/min_max_pop.hpp"
