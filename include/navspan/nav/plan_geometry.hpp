// navspan/nav/plan_geometry.hpp - the plan-frame tests both the walkable
// (classifying portals once, when it is built) and the queries use: kept
// apart from geometry.hpp, which needs the walkable, so that both give the
// same answer from the same code.
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

}  // namespace navspan::nav::geometry_detail
#include "../core/min_max_pop.hpp"
