// navspan/nav/spatial_index.hpp - which polygon is at a point, near a
// point, or inside a box.
//
// A uniform grid over the plan (ground) bounds of a walkable, about one
// cell per polygon; each cell lists the polygons whose bounds overlap it,
// and beside each entry a 32-bit mask: where in the cell those bounds lie
// (the cell cut into 8 x 8 parts: a bit per column of parts and per row),
// whether they go on into the cells before and after it, and which of 12
// slices of the cell's height range the polygon's heights reach. So
// locate() passes over most entries of its cell with one AND, and over
// those at another storey (with a finite height tolerance) with another;
// nearest(), which walks the rows of cells outwards from the point's,
// looks at each polygon from one cell only, and only at those whose
// slices lie within its best distance, without a branch per entry. An
// entry's polygon and mask lie side by side (one cache line for both).
// A cell's entries are ordered by where they lie across it: in its left
// half only, in both halves, in its right half only; locate() reads those
// of the point's half alone (about half the entries of a crowded cell).
//
// Each cell also keeps, beside where its right half's entries start and
// its left half's end, the height range of the polygons listed in it (two
// 16-bit steps of the walkable's height range, rounded outwards), so
// nearest() passes over a cell lying farther in height than its best
// distance without reading its entries: the points far above or below a
// dense navmesh. And beside its halves, the slices of its height range
// that any of its entries reach: the cells of a storeyed map whose range
// spans the point's height but whose polygons lie on other storeys are
// passed over too.
//
// A Source area (a plan rectangle with corner heights) has a record of 32
// bytes in the index, aligned to 32: its rectangle and four heights, which
// locate() tests and interpolates as geometry.hpp does (the same code),
// reading one cache line a candidate, not the walkable's polygon and corners.
//
// A polygon that would cover more than max_cells_per_polygon cells (a huge
// area, or a hostile one) is kept in a short list looked at by every query
// instead. The whole index is held to 120 bytes per usable polygon plus
// 64: when the polygons would need more entries than fit (many large
// polygons over one grid, as a crafted file has), the largest go to the
// short list until the rest fit. So the index is at most 4 * (30 * n + 16)
// bytes for n usable polygons (the grid has at most 3n + 3 cells, each a
// start, a height range and its halves; an entry takes a word and a word
// of mask; the
// records, 8 words a polygon, only when at least half the usable polygons
// are Source areas and there are at most twice as many polygons as usable
// ones), and a walkable holds at least 3 corners (36 bytes) per polygon.
//
// The index is built once, either into memory the caller provides
// (words_needed(), then build_into()) or into one allocation it owns
// (build(); memory_bytes() reports it). Queries never allocate and may run
// from any number of threads. The walkable must outlive the index.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

#include "geometry.hpp"
#include "grid_masks.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// A polygon found for a point, by locate() (under or above it) or by
// nearest() (closest to it): one type, so "locate, else nearest" is
//   auto at = index.locate(p, 72);
//   if (!at) at = index.nearest(p, 500);
struct located {
    polygon_index polygon = no_polygon;
    vec3 point{};          // on the polygon's surface: straight below or above the query point
                           // (locate), or the polygon's closest point to it (nearest)
    float height_gap = 0;  // |point's height - the query point's height|
    float distance = 0;    // from the query point to `point` (locate: the height gap)
};

// What nearest() returns: the same type as locate()'s answer.
using nearest_polygon = located;

class spatial_index : private index_detail::grid_masks {
public:
    static constexpr std::uint32_t max_cells_per_polygon = 256;
    // The most 32-bit words the index takes per usable polygon (plus 16).
    static constexpr std::uint32_t words_per_polygon = 30;

    spatial_index() = default;

    // The number of 32-bit words build_into() needs for this walkable.
    static std::size_t words_needed(const walkable& w) noexcept {
        spatial_index probe;
        probe.lay_out(w);
        return probe.count(w);
    }

    // Builds into caller memory (at least words_needed(w) words, which must
    // outlive the index). Returns an empty index when it is too small.
    static spatial_index build_into(const walkable& w, std::span<std::uint32_t> storage) noexcept {
        spatial_index s;
        s.lay_out(w);
        const std::size_t need = s.count(w);
        if (storage.size() < need) return {};
        s.words_ = storage.first(need);
        s.fill(w);
        return s;
    }

    // Builds into one allocation owned by the index.
    static spatial_index build(const walkable& w) {
        spatial_index s;
        s.lay_out(w);
        const std::size_t need = s.count(w);
        s.owned_.reset(new std::uint32_t[need == 0 ? 1 : need]);
        s.words_ = {s.owned_.get(), need};
        s.fill(w);
        return s;
    }

    bool empty() const noexcept { return mesh_ == nullptr; }
    // Bytes this index allocated itself (0 when built into caller memory).
    std::size_t memory_bytes() const noexcept { return owned_ ? words_.size() * sizeof(std::uint32_t) : 0; }
    std::uint32_t columns() const noexcept { return cols_; }
    std::uint32_t rows() const noexcept { return rows_; }
    const walkable* mesh() const noexcept { return mesh_; }
    // Polygons kept in the short list every query looks at (see above).
    std::size_t oversize_count() const noexcept { return oversize_count_; }
    // Of those, the ones locate() and nearest() look at: the others lie
    // exactly on one of these (see set_apart_coincident_oversize()).
    std::size_t oversize_distinct_count() const noexcept { return oversize_distinct_; }

    // The polygon under or above `point` whose surface is nearest to it in
    // height, among those within `height_tolerance` (of equal gaps, the
    // lowest polygon index); none when the point is over no polygon (or all
    // are farther in height). Left out, the tolerance is infinity: any
    // height, so a point in the air above an area finds that area, as the
    // navspan command, the C ABI (INFINITY) and the Python package do; pass
    // e.g. 72 to ask for a surface within a player's height.
    std::optional<located> locate(vec3 point,
                                  float height_tolerance = std::numeric_limits<float>::infinity()) const noexcept {
        if (mesh_ == nullptr || !valid_query_point(point)) return std::nullopt;
        const walkable& w = *mesh_;
        const vec3 q = w.to_plan(point);
        const double tol = geometry_detail::tolerance({q.x, q.y});
        surface_pick best{height_tolerance};
        if (cap_ > 0) locate_in_cell(q, tol, height_tolerance, best);
        for (polygon_index p : oversize_distinct()) {
            if (bounds_hold(w.plan_bounds(p), q, tol)) locate_on_polygon(p, q, tol, best);
        }
        if (best.polygon == no_polygon) return std::nullopt;
        return located{best.polygon, w.to_world({q.x, q.y, best.height}), best.gap, best.gap};
    }

    // The polygon whose closest point (nearest in plan, on its surface) is
    // nearest to `point`, if one lies within `max_distance` (of equal
    // distances, the lowest polygon index).
    std::optional<nearest_polygon> nearest(vec3 point, float max_distance) const noexcept {
        if (mesh_ == nullptr || !(max_distance >= 0) || !valid_query_point(point)) return std::nullopt;
        const walkable& w = *mesh_;
        const vec3 q = w.to_plan(point);
        nearest_polygon best;
        double best_d = max_distance;
        const double tol = geometry_detail::tolerance({q.x, q.y});
        reach within = reach_of(q, best_d, tol);
        step_range heights_in_reach = steps_near(q.z, best_d);
        auto consider = [&](polygon_index p) {
            const vec3 on = closest_point(w, p, point);
            const double d = navspan::detail::rounded(distance(on, point));
            if (!(d <= best_d) || (best.polygon != no_polygon && d == best_d && p > best.polygon)) return;
            best_d = d;
            within = reach_of(q, best_d, tol);
            heights_in_reach = steps_near(q.z, best_d);
            best = {p, on, std::fabs(w.up_of(on) - w.up_of(point)), static_cast<float>(d)};
        };
        // The distance from the point to a polygon's bounds, widened in plan
        // by the tolerance (a point that close counts as on the polygon), is
        // a lower bound of the distance to the polygon; with a little room
        // for rounding, so that a polygon at exactly the best distance is
        // still looked at.
        auto may_be_nearer = [&](const box& b) {
            return box_distance2(b, q, tol) <= best_d * best_d * (1 + 1e-9);
        };
        // The rows of cells nearest first (the point's, then one either side,
        // then two ...), each cut to the columns of the box of the best
        // distance so far, until the rows left on both sides lie farther. A
        // row with nothing in those columns is passed over at once (the cell
        // starts count entries cumulatively). A polygon in several cells is
        // looked at from the one nearest the point's (the masks tell it).
        const std::uint32_t cx = column_of(q.x), cy = row_of(q.y);
        const double slack = 1e-6 * (cell_ + std::fabs(origin_x_) + std::fabs(origin_y_) + std::fabs(q.x) + std::fabs(q.y));
        auto visit_cell = [&](std::uint32_t x, std::uint32_t y, std::size_t cell) {
            std::uint32_t i = words_[cell_words * cell];
            const std::uint32_t end = words_[cell_words * (cell + 1)];
            if (i == end) return;
            const std::uint32_t h = words_[cell_words * cell + 1];
            if (cell_beyond(x, y, cx, cy, h, q, best_d, slack, heights_in_reach)) return;
            // Each entry here unless its polygon is also in the next cell towards
            // the point's, and only if its heights reach the slices within the
            // best distance (found 32 at a time without a branch per entry).
            const std::uint32_t elsewhere = (x < cx ? reaches_after : x > cx ? reaches_before : 0u) |
                                            ((y < cy ? reaches_after : y > cy ? reaches_before : 0u) << y_shift);
            const std::uint32_t heights = slices(heights_in_reach, h);
            // None of its entries reaches those slices: most cells of a
            // storeyed map that the range of heights lets through.
            if ((words_[cell_words * cell + 2] & heights) == 0) return;
            for (; i < end; i += 32) {
                const std::uint32_t n = std::min<std::uint32_t>(end - i, 32);
                std::uint32_t hits = 0;
                for (std::uint32_t j = 0; j < n; ++j) {
                    const std::uint32_t m = entry_mask(i + j);
                    hits |= static_cast<std::uint32_t>(((m & elsewhere) == 0) & ((m & heights) != 0)) << j;
                }
                for (; hits != 0; hits &= hits - 1) {
                    const polygon_index p = entry_polygon(i + static_cast<std::uint32_t>(std::countr_zero(hits)));
                    const box& b = w.plan_bounds(p);
                    if (within.misses(b) || !may_be_nearer(b)) continue;
                    consider(p);
                }
            }
        };
        // A row from the point's column outwards, each way until a column
        // lies farther than the best distance.
        auto visit_row = [&](std::uint32_t y) {
            const std::uint32_t x0 = column_of(q.x - best_d), x1 = column_of(q.x + best_d);
            const std::size_t row = std::size_t{y} * cols_;
            if (words_[cell_words * (row + x0)] == words_[cell_words * (row + x1 + 1)]) return;
            for (std::uint32_t x = cx; x <= x1; ++x) {
                if (x > cx && origin_x_ + static_cast<double>(x) * cell_ - q.x - slack > best_d) break;
                if (x != cx || y != cy) visit_cell(x, y, row + x);
            }
            for (std::uint32_t x = cx; x-- > x0;) {
                if (q.x - (origin_x_ + static_cast<double>(x + 1) * cell_) - slack > best_d) break;
                visit_cell(x, y, row + x);
            }
        };
        visit_cell(cx, cy, std::size_t{cy} * cols_ + cx);  // first: what it finds there bounds the rest
        visit_row(cy);
        for (std::uint32_t k = 1;; ++k) {
            bool more = false;
            if (cy >= k && q.y - (origin_y_ + static_cast<double>(cy - k + 1) * cell_) - slack <= best_d) {
                visit_row(cy - k);
                more = true;
            }
            if (std::uint64_t{cy} + k < rows_ && origin_y_ + static_cast<double>(cy + k) * cell_ - q.y - slack <= best_d) {
                visit_row(cy + k);
                more = true;
            }
            if (!more) break;
        }
        for (polygon_index p : oversize_distinct()) {
            if (may_be_nearer(w.plan_bounds(p))) consider(p);
        }
        if (best.polygon == no_polygon) return std::nullopt;
        return best;
    }

    // Every usable polygon whose closest point (nearest in plan, on its
    // surface: as nearest() measures) lies within `radius` of `point`,
    // written to `out` in no particular order. Returns how many there are;
    // when that is more than out.size(), only the first out.size() were
    // written. Allocates nothing.
    std::size_t within(vec3 point, float radius, std::span<polygon_index> out) const noexcept {
        if (mesh_ == nullptr || !(radius >= 0) || !valid_query_point(point)) return 0;
        const walkable& w = *mesh_;
        const vec3 q = w.to_plan(point);
        const double r = radius;
        std::size_t n = 0;
        const box around{{static_cast<float>(q.x - r), static_cast<float>(q.y - r), 0},
                         {static_cast<float>(q.x + r), static_cast<float>(q.y + r), 0}};
        const double tol = geometry_detail::tolerance({q.x, q.y});
        visit_plan(around, [&](polygon_index p) {
            if (box_distance2(w.plan_bounds(p), q, tol) > r * r * (1 + 1e-9)) return;
            if (distance(closest_point(w, p, point), point) > r) return;
            if (n < out.size()) out[n] = p;
            ++n;
        });
        return n;
    }

    // Calls visit(polygon_index) once for every usable polygon whose bounds
    // overlap the world box (heights included). A visitor returning bool
    // stops the query by returning false.
    template <class Visit>
    void query(const box& world_box, Visit&& visit) const {
        if (mesh_ == nullptr) return;
        const walkable& w = *mesh_;
        const vec3 a = w.to_plan(world_box.min), b = w.to_plan(world_box.max);
        const box plan{{std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)},
                       {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}};
        visit_plan(plan, [&](polygon_index p) {
            const box& pb = w.plan_bounds(p);
            if (pb.max.x < plan.min.x || pb.min.x > plan.max.x || pb.max.y < plan.min.y || pb.min.y > plan.max.y ||
                pb.max.z < plan.min.z || pb.min.z > plan.max.z) {
                return true;
            }
            if constexpr (std::is_same_v<decltype(visit(p)), bool>) {
                return visit(p);
            } else {
                visit(p);
                return true;
            }
        });
    }

private:
    // locate()'s best so far: the polygon whose surface lies nearest the
    // point in height, within the tolerance (of equal gaps, the lowest index).
    struct surface_pick {
        float gap;  // the tolerance until a polygon is found
        polygon_index polygon = no_polygon;
        float height = 0;
        // A polygon holding the point in plan, its surface at height h there.
        void take(polygon_index p, float h, float z) noexcept {
            // Rounded for certain (x87 may keep them wider), so that equal
            // gaps compare equal and the lowest index wins the tie.
            const float g = navspan::detail::rounded(std::fabs(h - z));
            if (!(g <= gap) || (polygon != no_polygon && g == gap && p > polygon)) return;
            gap = g;
            polygon = p;
            height = h;
        }
    };

    // locate() in the point's cell. The entries whose masks have the point's
    // part (and, with a finite tolerance, a slice of the cell's heights
    // within it) are found 32 at a time without a branch per entry, then
    // looked at one by one: a Source area from its record alone (its bounds
    // are its rectangle; the walkable's polygon and corners are not read),
    // any other polygon by locate_on_polygon().
    void locate_in_cell(vec3 q, double tol, float height_tolerance, surface_pick& best) const noexcept {
        // The point's part along each axis, counted from the grid's start:
        // its cell and its part in the cell (as column_of() and part_of()).
        const std::uint32_t part_x = part_index(grid_x(q.x), cols_), part_y = part_index(grid_y(q.y), rows_);
        const std::uint32_t cell = (part_y / parts) * cols_ + part_x / parts;
        const std::uint32_t wanted = (2u << part_x % parts) | ((2u << part_y % parts) << y_shift);
        const std::uint32_t heights = height_tolerance < std::numeric_limits<float>::infinity()
                                          ? slices(steps_near(q.z, height_tolerance), words_[cell_words * cell + 1])
                                          : ~0u;
        // The entries that may reach the point's half of the cell (see
        // group_entries()): about half of them where polygons are small.
        // Selected without a branch: the half is a coin toss.
        const std::uint32_t start = words_[cell_words * cell], stop = words_[cell_words * (cell + 1)], halves = words_[cell_words * cell + 2];
        const std::uint32_t left_half = (halves >> half_bits) & half_field;
        const std::uint32_t left_end = left_half == whole_cell ? stop : start + left_half;
        const std::uint32_t right = 0u - (part_x % parts) / (parts / 2);  // all ones in the right half
        const std::uint32_t end = left_end + ((stop - left_end) & right);
        for (std::uint32_t first = start + (halves & half_field & right); first < end; first += 32) {
            const std::uint32_t n = std::min<std::uint32_t>(end - first, 32);
            std::uint32_t hits = 0;
            for (std::uint32_t j = 0; j < n; ++j) {
                const std::uint32_t m = entry_mask(first + j);
                hits |= static_cast<std::uint32_t>(((m & wanted) == wanted) & ((m & heights) != 0)) << j;
            }
            for (; hits != 0; hits &= hits - 1) {
                const polygon_index p = entry_polygon(first + static_cast<std::uint32_t>(std::countr_zero(hits)));
                if (records_at_ != 0) {
                    const geometry_detail::corner_surface r = record(p);
                    if (r.x0 == r.x0) {  // not NaN: a record
                        // One branch for the four sides (a candidate holds the
                        // point about two times in three).
                        const int inside = int{q.x >= least(r.x0, r.x2) - tol} & int{q.x <= most(r.x0, r.x2) + tol} &
                                           int{q.y >= least(r.y0, r.y2) - tol} & int{q.y <= most(r.y0, r.y2) + tol};
                        if (inside != 0) {
                            best.take(p, navspan::detail::rounded(static_cast<float>(geometry_detail::corner_height(r, {q.x, q.y}))), q.z);
                        }
                        continue;
                    }
                }
                locate_on_polygon(p, q, tol, best);
            }
        }
    }
    // locate() on a polygon without a record: its bounds, then (unless it is
    // a rectangle with axis-parallel sides, which holds the point when its
    // bounds do) the point-in-polygon test, then its surface's height.
    void locate_on_polygon(polygon_index p, vec3 q, double tol, surface_pick& best) const noexcept {
        const walkable& w = *mesh_;
        if (!bounds_hold(w.plan_bounds(p), q, tol)) return;
        if (!w.rectangle(p) && !geometry_detail::plan_contains(w.plan_corners(p), {q.x, q.y})) return;
        best.take(p, navspan::detail::rounded(static_cast<float>(geometry_detail::plan_height(w, p, {q.x, q.y}))), q.z);
    }

    // A coordinate in cells from the grid's origin (the one scale every
    // cell and part of a cell is found by).
    double grid_x(double x) const noexcept { return (x - origin_x_) * inverse_cell_; }
    double grid_y(double y) const noexcept { return (y - origin_y_) * inverse_cell_; }
    std::uint32_t column_of(double x) const noexcept { return clamp_cell(grid_x(x), cols_); }
    std::uint32_t row_of(double y) const noexcept { return clamp_cell(grid_y(y), rows_); }

    static constexpr std::size_t cell_words = 3;  // a cell's start, height range and halves (see count())
    // Entry i of the cells: its polygon, and its mask beside it (one cache
    // line for both: the polygon is read only when the mask matches).
    polygon_index entry_polygon(std::uint32_t i) const noexcept { return words_[entries_at_ + 2 * std::size_t{i}]; }
    std::uint32_t entry_mask(std::uint32_t i) const noexcept { return words_[entries_at_ + 2 * std::size_t{i} + 1]; }

    // The step of a height, rounded down (up = false) or up with `spare`
    // steps more that way, clamped to the steps there are.
    std::uint32_t step_of(double z, bool up, double spare) const noexcept {
        const double v = (z - z0_) * per_step_ + (up ? spare + 1 : -spare);  // a flat walkable: every height at step 0
        return static_cast<std::uint32_t>(least(most(v, 0.0), 65535.0));  // NaN: 0; no branch
    }
    // The steps of heights within r of z: the range widened by a millionth
    // and by more than float rounding moves a height (the surface heights
    // and gaps the queries compare are floats), two steps to spare.
    step_range steps_near(double z, double r) const noexcept {
        const double wider = (r + std::fabs(z)) * 1e-6 + height_slack_;
        return {step_of(z - r - wider, false, 2), step_of(z + r + wider, true, 2)};
    }

    // Whether the polygons nearest() looks at from a cell (not also in the
    // next cell towards the point's, cx, cy) all lie farther than d from q:
    // its heights h beyond the steps near, or they and its plan distance.
    bool cell_beyond(std::uint32_t x, std::uint32_t y, std::uint32_t cx, std::uint32_t cy, std::uint32_t h, vec3 q,
                     double d, double slack, step_range heights_in_reach) const noexcept {
        if ((h >> 16) < heights_in_reach.low || (h & 0xffffu) > heights_in_reach.high) return true;
        const double dz = std::max(std::max(z0_ + (h & 0xffffu) * zstep_ - q.z, q.z - (z0_ + (h >> 16) * zstep_)), 0.0);
        if (!(dz > 0)) return false;
        const double dx = x < cx ? q.x - (origin_x_ + static_cast<double>(x + 1) * cell_) - slack
                          : x > cx ? origin_x_ + static_cast<double>(x) * cell_ - q.x - slack : 0.0;
        const double dy = y < cy ? q.y - (origin_y_ + static_cast<double>(y + 1) * cell_) - slack
                          : y > cy ? origin_y_ + static_cast<double>(y) * cell_ - q.y - slack : 0.0;
        const double px = std::max(dx, 0.0), py = std::max(dy, 0.0);
        return px * px + py * py + dz * dz > d * d * (1 + 1e-9);
    }

    // A Source area's record (its rectangle and corner heights, x0 NaN for
    // another polygon), read whole: one 32-byte block.
    geometry_detail::corner_surface record(polygon_index p) const noexcept {
        geometry_detail::corner_surface r;
        std::memcpy(&r, words_.data() + records_at_ + 8 * std::size_t{p}, sizeof r);
        return r;
    }

    struct cell_range {
        std::uint32_t x0, y0, x1, y1;
        std::uint64_t cells() const noexcept { return std::uint64_t{x1 - x0 + 1} * (y1 - y0 + 1); }
    };
    static double tolerance_of(const box& b) noexcept {
        return std::max(geometry_detail::tolerance({b.min.x, b.min.y}), geometry_detail::tolerance({b.max.x, b.max.y}));
    }
    cell_range range_of(const box& b) const noexcept {
        const double tol = tolerance_of(b);
        return {column_of(b.min.x - tol), row_of(b.min.y - tol), column_of(b.max.x + tol), row_of(b.max.y + tol)};
    }
    // A polygon's bounds with the tolerance, in grid coordinates: what its
    // masks are made from (as range_of() makes its cells).
    struct grid_box {
        double x0, x1, y0, y1;
    };
    grid_box grid_box_of(const box& b) const noexcept {
        const double tol = tolerance_of(b);
        return {grid_x(b.min.x - tol), grid_x(b.max.x + tol), grid_y(b.min.y - tol), grid_y(b.max.y + tol)};
    }

    // Grid size and origin: about one cell per usable polygon.
    void lay_out(const walkable& w) noexcept {
        mesh_ = &w;
        usable_ = 0;
        for (std::size_t p = 0; p < w.polygon_count(); ++p) usable_ += w.usable(static_cast<polygon_index>(p)) ? 1u : 0u;
        const box& b = w.plan_bounds();
        origin_x_ = b.min.x;
        origin_y_ = b.min.y;
        const double width = std::max(static_cast<double>(b.max.x) - b.min.x, 1e-3);
        const double height = std::max(static_cast<double>(b.max.y) - b.min.y, 1e-3);
        const double n = std::max<double>(usable_, 1);
        cell_ = std::sqrt(width * height / n);
        // A long thin map: no more cells along its length than polygons.
        cell_ = std::max({cell_, width / (n + 1), height / (n + 1)});
        constexpr double most = 4096;
        cols_ = static_cast<std::uint32_t>(std::clamp(std::ceil(width / cell_), 1.0, most));
        rows_ = static_cast<std::uint32_t>(std::clamp(std::ceil(height / cell_), 1.0, most));
        cell_ = std::max(width / cols_, height / rows_);
        inverse_cell_ = 1.0 / cell_;
        end_x_ = origin_x_ + cell_ * cols_;
        end_y_ = origin_y_ + cell_ * rows_;
    }

    // A polygon whose record locate() reads instead of the walkable: a
    // Source area (a plan rectangle with corner heights).
    static bool has_record(const walkable& w, polygon_index p) noexcept {
        return w.rectangle(p) && w.surface(p) == surface::corner_heights;
    }

    // Counts the entries and lays out the words: the cells, three words each
    // (one cache line for all locate() reads of its cell: where its entries
    // start, its height range, its halves; then where the entries end, the
    // next cell's start), entries each beside its mask, the records (8 words a polygon and 7 to align them, when
    // at least half the usable polygons have one and there are at most
    // twice as many polygons as usable ones), oversize polygons. Returns
    // the total.
    std::size_t count(const walkable& w) noexcept {
        const std::size_t cells = std::size_t{cols_} * rows_;
        // How many polygons cover each number of cells (1 .. the most kept
        // in cells): the cap is the largest count whose polygons fit, with
        // the rest in the short list, in words_per_polygon words per usable
        // polygon (plus 16). A cap of 0 always fits: 3 * cells + 1 + records
        // + usable <= 9 * usable + 10 + 16 * usable + 7 + usable (and with no
        // usable polygon, at most 4 cells and no records: 13 words).
        std::size_t covering[max_cells_per_polygon + 1] = {};
        std::size_t with_record = 0;
        for (std::size_t i = 0; i < w.polygon_count(); ++i) {
            const auto p = static_cast<polygon_index>(i);
            if (!w.usable(p)) continue;
            with_record += has_record(w, p) ? 1u : 0u;
            const std::uint64_t n = range_of(w.plan_bounds(p)).cells();
            if (n <= max_cells_per_polygon) ++covering[n];
        }
        const bool records = with_record > 0 && 2 * with_record >= usable_ && w.polygon_count() <= 2 * std::size_t{usable_};
        const std::size_t record_words = records ? 8 * w.polygon_count() + 7 : 0;
        const std::size_t allowed = std::size_t{words_per_polygon} * usable_ + 16;
        std::size_t entries = 0, kept = 0;
        cap_ = 0;
        for (std::uint32_t n = 1; n <= max_cells_per_polygon; ++n) {
            const std::size_t e = entries + covering[n] * n, k = kept + covering[n];
            if (cell_words * cells + 1 + 2 * e + record_words + (usable_ - k) > allowed) break;
            entries = e;
            kept = k;
            cap_ = n;
        }
        std::size_t over = 0;
        for (std::size_t i = 0; i < w.polygon_count(); ++i) {
            over += w.usable(static_cast<polygon_index>(i)) && range_of(w.plan_bounds(static_cast<polygon_index>(i))).cells() > cap_;
        }
        entries_at_ = cell_words * cells + 1;
        records_space_at_ = entries_at_ + 2 * entries;
        records_at_ = 0;  // set by fill(), aligned, when there are records
        oversize_at_ = records_space_at_ + record_words;
        oversize_count_ = over;
        return oversize_at_ + over;
    }

    void fill(const walkable& w) noexcept {
        const std::size_t cells = std::size_t{cols_} * rows_;
        for (std::size_t c = 0; c < cells; ++c) {
            words_[cell_words * c] = 0;
            words_[cell_words * c + 1] = 0xffffu;  // no heights yet
            words_[cell_words * c + 2] = 0;
        }
        words_[cell_words * cells] = 0;
        // A cell's height range in steps of the walkable's, the low step
        // rounded down and the high one up with a step to spare (and the
        // step a little long), so that it holds its polygons' heights.
        const box& all = w.plan_bounds();
        z0_ = all.min.z;
        const double span = static_cast<double>(all.max.z) - all.min.z;
        zstep_ = span > 0 ? span * (1 + 1e-9) / 65535 : 0;  // a flat walkable: every step 0, at z0_
        per_step_ = zstep_ > 0 ? 1 / zstep_ : 0;
        height_slack_ = 1e-6 * (std::fabs(z0_) + 65535 * zstep_) + 1e-30;
        auto steps_of = [&](const box& b) { return step_range{step_of(b.min.z, false, 1), step_of(b.max.z, true, 1)}; };
        // Counts and height ranges per cell, then starts, then entries (the
        // starts moving up while filling and moved back after): the masks'
        // height slices need their cell's whole range.
        for (std::size_t i = 0; i < w.polygon_count(); ++i) {
            const auto p = static_cast<polygon_index>(i);
            if (!w.usable(p)) continue;
            const cell_range r = range_of(w.plan_bounds(p));
            if (r.cells() > cap_) continue;
            const step_range steps = steps_of(w.plan_bounds(p));
            for (std::uint32_t y = r.y0; y <= r.y1; ++y) {
                for (std::uint32_t x = r.x0; x <= r.x1; ++x) {
                    ++words_[cell_words * (std::size_t{y} * cols_ + x + 1)];
                    std::uint32_t& range = words_[cell_words * (std::size_t{y} * cols_ + x) + 1];
                    range = std::min(range & 0xffffu, steps.low) | (std::max(range >> 16, steps.high) << 16);
                }
            }
        }
        for (std::size_t c = 1; c <= cells; ++c) words_[cell_words * c] += words_[cell_words * (c - 1)];
        std::size_t over = 0;
        for (std::size_t i = 0; i < w.polygon_count(); ++i) {
            const auto p = static_cast<polygon_index>(i);
            if (!w.usable(p)) continue;
            const cell_range r = range_of(w.plan_bounds(p));
            if (r.cells() > cap_) {
                words_[oversize_at_ + over++] = p;
                continue;
            }
            const grid_box g = grid_box_of(w.plan_bounds(p));
            const step_range steps = steps_of(w.plan_bounds(p));
            for (std::uint32_t y = r.y0; y <= r.y1; ++y) {
                const std::uint32_t down = axis_mask(g.y0, g.y1, y, r.y0, r.y1) << y_shift;
                for (std::uint32_t x = r.x0; x <= r.x1; ++x) {
                    const std::size_t cell = std::size_t{y} * cols_ + x;
                    const std::uint32_t at = words_[cell_words * cell]++;
                    words_[entries_at_ + 2 * std::size_t{at}] = p;
                    words_[entries_at_ + 2 * std::size_t{at} + 1] = axis_mask(g.x0, g.x1, x, r.x0, r.x1) | down | slices(steps, words_[cell_words * cell + 1]);
                }
            }
        }
        for (std::size_t c = cells; c > 0; --c) words_[cell_words * c] = words_[cell_words * (c - 1)];
        words_[0] = 0;
        if (cap_ > 0) group_entries();
        fill_records(w);
        set_apart_coincident_oversize(w);
    }

    // Orders each cell's entries: first those whose bounds lie in the
    // cell's left half only (parts 0 to 3 along x, or before the cell),
    // then those reaching both halves, then the right half's only; the
    // cell's third word (after its heights) keeps where the right half's
    // entries start (low 10 bits) and the left half's end (the next 10),
    // or whole_cell (left) with 0 (right) when the cell has more entries
    // than 10 bits count, and above them the slices its entries reach.
    // A three-way partition in place: O(entries).
    void group_entries() noexcept {
        const std::size_t cells = std::size_t{cols_} * rows_;
        constexpr std::uint32_t left = bit_run(0, parts / 2), right_half = bit_run(parts / 2 + 1, parts + 1);
        auto half_of = [&](std::uint32_t mask) { return (mask & right_half) == 0 ? 0 : (mask & left) == 0 ? 2 : 1; };
        auto swap_entries = [&](std::uint32_t a, std::uint32_t b) {
            std::swap(words_[entries_at_ + 2 * std::size_t{a}], words_[entries_at_ + 2 * std::size_t{b}]);
            std::swap(words_[entries_at_ + 2 * std::size_t{a} + 1], words_[entries_at_ + 2 * std::size_t{b} + 1]);
        };
        for (std::size_t c = 0; c < cells; ++c) {
            const std::uint32_t start = words_[cell_words * c], end = words_[cell_words * (c + 1)];
            // [start, low) left only, [low, i) both, [high, end) right only.
            std::uint32_t low = start, i = start, high = end;
            while (i < high) {
                const int half = half_of(entry_mask(i));
                if (half == 0) swap_entries(low++, i++);
                else if (half == 2) swap_entries(i, --high);
                else ++i;
            }
            std::uint32_t reached = 0;
            for (std::uint32_t e = start; e < end; ++e) reached |= entry_mask(e);
            const bool fits = end - start < whole_cell;
            const std::uint32_t halves = fits ? (low - start) | ((high - start) << half_bits) : whole_cell << half_bits;
            words_[cell_words * c + 2] = halves | (reached & (~0u << z_shift));
        }
    }

    // The records, each 32-byte block aligned to 32 bytes (one cache line).
    void fill_records(const walkable& w) noexcept {
        if (oversize_at_ == records_space_at_) return;  // none
        const auto address = reinterpret_cast<std::uintptr_t>(words_.data() + records_space_at_);
        records_at_ = records_space_at_ + ((32 - address % 32) % 32) / sizeof(std::uint32_t);
        const float none = std::numeric_limits<float>::quiet_NaN();
        for (std::size_t i = 0; i < w.polygon_count(); ++i) {
            const auto p = static_cast<polygon_index>(i);
            const geometry_detail::corner_surface r = has_record(w, p) ? geometry_detail::corner_surface_of(w.plan_corners(p))
                                                                       : geometry_detail::corner_surface{none, 0, 0, 0, 0, 0, 0, 0};
            std::memcpy(words_.data() + records_at_ + 8 * i, &r, sizeof r);
        }
    }

    // Orders two polygons by their geometry (corner count, corners bit for
    // bit, height model), then by index: coincident polygons end up side by
    // side, lowest index first.
    static int geometry_order(const walkable& w, polygon_index a, polygon_index b) noexcept {
        const auto ca = w.plan_corners(a), cb = w.plan_corners(b);
        if (ca.size() != cb.size()) return ca.size() < cb.size() ? -1 : 1;
        if (const int order = std::memcmp(ca.data(), cb.data(), ca.size_bytes()); order != 0) return order;
        if (w.surface(a) != w.surface(b)) return w.surface(a) < w.surface(b) ? -1 : 1;
        return 0;
    }
    // Polygons of the short list that lie exactly on an earlier one (same
    // corners, same height model) give every query the same gap and
    // distance as it, and lose the tie to its lower index: locate() and
    // nearest() need only the first of each such stack. A crafted file
    // stacks thousands of areas on one huge polygon (Source 2 areas share
    // polygons), which made every query scan them all (issue 35, H5). The
    // short list is sorted in place (no memory, O(k log k) comparisons) and
    // the first of each stack moved to the front; box queries still see
    // every polygon.
    void set_apart_coincident_oversize(const walkable& w) noexcept {
        const auto first = words_.begin() + static_cast<std::ptrdiff_t>(oversize_at_);
        const auto last = first + static_cast<std::ptrdiff_t>(oversize_count_);
        std::sort(first, last, [&](std::uint32_t a, std::uint32_t b) {
            const int order = geometry_order(w, a, b);
            return order != 0 ? order < 0 : a < b;
        });
        // Swapping only with positions already passed, so each stack's
        // members are still read in sorted order.
        std::size_t distinct = 0;
        polygon_index stack = no_polygon;
        for (auto it = first; it != last; ++it) {
            if (stack != no_polygon && geometry_order(w, stack, *it) == 0) continue;
            stack = *it;
            std::iter_swap(first + static_cast<std::ptrdiff_t>(distinct++), it);
        }
        oversize_distinct_ = distinct;
    }

    std::span<const std::uint32_t> oversize() const noexcept {
        return std::span<const std::uint32_t>(words_).subspan(oversize_at_, oversize_count_);
    }
    // The short list without the polygons lying exactly on an earlier one.
    std::span<const std::uint32_t> oversize_distinct() const noexcept {
        return std::span<const std::uint32_t>(words_).subspan(oversize_at_, oversize_distinct_);
    }

    // Calls f(p) once per polygon listed in the cells overlapping the plan
    // box, and for every oversize polygon; f returning false stops.
    template <class F>
    void visit_plan(const box& plan, F&& f) const {
        const walkable& w = *mesh_;
        auto call = [&](polygon_index p) {
            if constexpr (std::is_same_v<decltype(f(p)), bool>) return f(p);
            else {
                f(p);
                return true;
            }
        };
        const cell_range q{column_of(plan.min.x), row_of(plan.min.y), column_of(plan.max.x), row_of(plan.max.y)};
        const bool overlaps = !(plan.max.x < origin_x_ || plan.max.y < origin_y_ || plan.min.x > end_x_ || plan.min.y > end_y_);
        if (overlaps) {
            for (std::uint32_t y = q.y0; y <= q.y1; ++y) {
                for (std::uint32_t x = q.x0; x <= q.x1; ++x) {
                    const std::size_t cell = std::size_t{y} * cols_ + x;
                    for (std::uint32_t i = words_[cell_words * cell], end = words_[cell_words * (cell + 1)]; i < end; ++i) {
                        const polygon_index p = entry_polygon(i);
                        // Visited from the first cell both it and the query cover.
                        const cell_range r = range_of(w.plan_bounds(p));
                        if (x != std::max(r.x0, q.x0) || y != std::max(r.y0, q.y0)) continue;
                        if (!call(p)) return;
                    }
                }
            }
        }
        for (polygon_index p : oversize()) {
            if (!call(p)) return;
        }
    }

    const walkable* mesh_ = nullptr;
    std::unique_ptr<std::uint32_t[]> owned_;
    std::span<std::uint32_t> words_;
    std::size_t entries_at_ = 0, oversize_at_ = 0, oversize_count_ = 0;
    std::size_t records_space_at_ = 0, records_at_ = 0;  // records_at_ 0: none
    std::size_t oversize_distinct_ = 0;
    std::uint32_t usable_ = 0;
    std::uint32_t cap_ = max_cells_per_polygon;  // the most cells a polygon listed in cells covers
    std::uint32_t cols_ = 1, rows_ = 1;
    double origin_x_ = 0, origin_y_ = 0, cell_ = 1, inverse_cell_ = 1, end_x_ = 1, end_y_ = 1;
    double z0_ = 0, zstep_ = 0, per_step_ = 0;  // the heights of the cells' ranges: z0_ + step * zstep_
    double height_slack_ = 0;                   // see steps_near()
};

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
