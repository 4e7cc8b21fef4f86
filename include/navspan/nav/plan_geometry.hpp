// navspan/nav/plan_geometry.hpp - the plan-frame tests, heights and
// nearest points both the walkable (classifying portals and placing their
// take-off and landing points once, when it is built) and the queries use:
// kept apart from geometry.hpp, which needs the walkable, so that both give
// the same answer from the same code.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>

#include "../core/views.hpp"

namespace navspan::nav::geometry_detail {

struct plan2 {
    double x = 0, y = 0;
};

inline double cross(plan2 o, plan2 a, plan2 b) noexcept { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Closest point on segment ab to p, as the fraction along ab.
inline double segment_fraction(plan2 p, plan2 a, plan2 b) noexcept {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    if (!(len2 > 0)) return 0;
    return std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0);
}

// How far a point may lie outside a polygon and still count as on it: a
// thousandth of a unit wherever the point is. The plan tests run in double
// over float corners, whose rounding stays far below that at any coordinate
// a query accepts (see max_query_coordinate), so a point this far outside
// every polygon is on none of them, at the origin or at Skyrim's 10^5.
inline double tolerance(plan2) noexcept { return 1e-3; }

inline bool plan_contains(std::span<const vec3> c, plan2 p) noexcept {
    bool inside = false;
    const double tol = tolerance(p);
    const double tol2 = tol * tol;
    for (std::size_t i = 0, j = c.size() - 1; i < c.size(); j = i++) {
        const plan2 a{c[j].x, c[j].y}, b{c[i].x, c[i].y};
        if ((b.y > p.y) != (a.y > p.y)) {
            const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) inside = !inside;
        }
        const double t = segment_fraction(p, a, b);
        const double dx = a.x + t * (b.x - a.x) - p.x, dy = a.y + t * (b.y - a.y) - p.y;
        if (dx * dx + dy * dy <= tol2) return true;  // on the boundary
    }
    return inside;
}

// Height of a plan point over corners NW, NE, SE, SW (Source areas): the
// game's interpolation between the corner heights, u and v clamped to the area.
// The same from what it reads of them: NW's and SE's plan position and the
// four heights (the spatial index keeps these for each Source area, and must
// find the very same height).
struct corner_surface {
    float x0, y0, x2, y2;  // NW, SE
    float z0, z1, z2, z3;  // NW, NE, SE, SW
};
inline double corner_height(const corner_surface& c, plan2 p) noexcept {
    const double w = static_cast<double>(c.x2) - c.x0, h = static_cast<double>(c.y2) - c.y0;
    const double u = w != 0 ? std::clamp((p.x - c.x0) / w, 0.0, 1.0) : 0.0;
    const double v = h != 0 ? std::clamp((p.y - c.y0) / h, 0.0, 1.0) : 0.0;
    const double north = c.z0 + u * (static_cast<double>(c.z1) - c.z0);
    const double south = c.z3 + u * (static_cast<double>(c.z2) - c.z3);
    return north + v * (south - north);
}
inline corner_surface corner_surface_of(std::span<const vec3> c) noexcept {
    return {c[0].x, c[0].y, c[2].x, c[2].y, c[0].z, c[1].z, c[2].z, c[3].z};
}
inline double corner_height(std::span<const vec3> c, plan2 p) noexcept { return corner_height(corner_surface_of(c), p); }

// Height of a plan point over a fan of triangles from corner 0: the
// triangle the point is most inside, its barycentric weights clamped.
inline double fan_height(std::span<const vec3> c, plan2 p) noexcept {
    double best_inside = -INFINITY, best = c[0].z;
    const plan2 a{c[0].x, c[0].y};
    for (std::size_t i = 1; i + 1 < c.size(); ++i) {
        const plan2 b{c[i].x, c[i].y}, d{c[i + 1].x, c[i + 1].y};
        const double area = cross(a, b, d);
        if (area == 0 || !std::isfinite(area)) continue;
        double wb = cross(a, p, d) / area, wd = cross(a, b, p) / area;
        double wa = 1 - wb - wd;
        const double inside = std::min({wa, wb, wd});
        if (!(inside > best_inside)) continue;
        best_inside = inside;
        wa = std::max(wa, 0.0);
        wb = std::max(wb, 0.0);
        wd = std::max(wd, 0.0);
        const double sum = wa + wb + wd;
        best = sum > 0 ? (wa * c[0].z + wb * c[i].z + wd * c[i + 1].z) / sum : static_cast<double>(c[0].z);
    }
    if (best_inside == -INFINITY) {  // every triangle flat in plan: the mean height
        double z = 0;
        for (const vec3& v : c) z += v.z;
        best = z / static_cast<double>(c.size());
    }
    return best;
}

// The point of the boundary of polygon c nearest to p in plan.
inline plan2 nearest_on_boundary(std::span<const vec3> c, plan2 p) noexcept {
    double best = INFINITY;
    plan2 best_at{c[0].x, c[0].y};
    for (std::size_t i = 0; i < c.size(); ++i) {
        const plan2 a{c[i].x, c[i].y}, b{c[(i + 1) % c.size()].x, c[(i + 1) % c.size()].y};
        const double t = segment_fraction(p, a, b);
        const plan2 on{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
        const double d = (on.x - p.x) * (on.x - p.x) + (on.y - p.y) * (on.y - p.y);
        if (d < best) {
            best = d;
            best_at = on;
        }
    }
    return best_at;
}

// How far beyond a portal's line, back toward the polygon it leaves, a
// point may lie before the corridor counts as turning back there (see
// path.hpp, funnel_step::turns_back): float noise of shared edges stays
// under it, a real turn is wider.
inline constexpr double turn_back_tolerance = 0.01;

// The line of a portal a-b, seen from the polygon the link leaves
// (`a_right`: portal_shape::a_right), for telling which points lie behind
// it. The walkable judges a link's landing with it once, when it is built,
// and the funnel the way on at each query: the same arithmetic for both.
struct portal_line {
    double ax, ay, ex, ey;
    double limit2;  // (the tolerance times the portal's length), squared
    bool a_right;

    portal_line(vec3 a, vec3 b, bool a_is_right) noexcept
        : ax(a.x), ay(a.y), ex(double{b.x} - a.x), ey(double{b.y} - a.y),
          limit2(turn_back_tolerance * turn_back_tolerance * (ex * ex + ey * ey)), a_right(a_is_right) {}

    // Beyond the line toward the polygon left by more than the tolerance
    // (d is that distance times the portal's length: compared squared, no
    // square root).
    bool behind(vec3 q) const noexcept {
        const double d = ex * (double{q.y} - ay) - ey * (double{q.x} - ax);
        const double toward_source = a_right ? d : -d;
        return toward_source > 0 && toward_source * toward_source > limit2;
    }

    // Ahead of the line, or behind it by at most half the tolerance: a
    // point within plan_contains' tolerance (a thousandth, against a
    // hundredth here) of a convex polygon whose corners all are is never
    // behind().
    bool well_ahead(vec3 q) const noexcept {
        const double d = ex * (double{q.y} - ay) - ey * (double{q.x} - ax);
        const double toward_source = a_right ? d : -d;
        return toward_source <= 0 || 4 * toward_source * toward_source <= limit2;
    }
};

}  // namespace navspan::nav::geometry_detail
#include "../core/min_max_pop.hpp"
