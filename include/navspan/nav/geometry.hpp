// navspan/nav/geometry.hpp - what one polygon of a walkable covers.
//
// Every function takes and returns world coordinates (the up component of
// a point given for a plan position is ignored). Plan computations run in
// double: corners of a hostile file may be as large as a float allows.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>

#include "../core/config.hpp"
#include "plan_geometry.hpp"
#include "walkable.hpp"

namespace navspan::nav {

namespace geometry_detail {

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

inline double plan_height(const walkable& w, polygon_index p, plan2 at) noexcept {
    const auto c = w.plan_corners(p);
    if (c.empty()) return 0;
    return w.surface(p) == surface::corner_heights ? corner_height(c, at) : fan_height(c, at);
}

// Twice the signed plan area of corners (positive counter-clockwise).
inline double signed_area2(std::span<const vec3> c) noexcept {
    double a = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const vec3& u = c[i];
        const vec3& v = c[(i + 1) % c.size()];
        a += static_cast<double>(u.x) * v.y - static_cast<double>(v.x) * u.y;
    }
    return a;
}


}  // namespace geometry_detail

// The largest coordinate magnitude a query takes (a billion units: every
// format's maps lie well inside a million). A point with a component that
// is NaN, infinite or larger than this is refused by every query: locate
// and nearest find nothing, find_path answers bad_input, raycast is blocked
// at its start.
inline constexpr float max_query_coordinate = 1.0e9f;

// True when every component is finite and within max_query_coordinate.
constexpr bool valid_query_point(vec3 p) noexcept {
    // Written so that NaN fails every comparison.
    return p.x >= -max_query_coordinate && p.x <= max_query_coordinate && p.y >= -max_query_coordinate &&
           p.y <= max_query_coordinate && p.z >= -max_query_coordinate && p.z <= max_query_coordinate;
}

// The centre: the area centroid in plan (the mean of the corners for a
// polygon of no area) at the surface's height there.
inline vec3 centre(const walkable& w, polygon_index p) noexcept {
    using namespace geometry_detail;
    const auto c = w.plan_corners(p);
    if (c.empty()) return {};
    double ax = 0, ay = 0, area = 0, mx = 0, my = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const vec3& a = c[i];
        const vec3& b = c[(i + 1) % c.size()];
        const double k = static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
        area += k;
        ax += (static_cast<double>(a.x) + b.x) * k;
        ay += (static_cast<double>(a.y) + b.y) * k;
        mx += a.x;
        my += a.y;
    }
    plan2 at{mx / static_cast<double>(c.size()), my / static_cast<double>(c.size())};
    // A centroid far from the mean (rounding on a sliver) is not trusted.
    if (std::fabs(area) > 1e-9 * (1 + std::fabs(at.x) + std::fabs(at.y))) {
        const plan2 centroid{ax / (3 * area), ay / (3 * area)};
        if (plan_contains(c, centroid)) at = centroid;
    }
    return w.to_world({static_cast<float>(at.x), static_cast<float>(at.y), static_cast<float>(plan_height(w, p, at))});
}

// The plan extent (x, y of the ground) and the height range, as a world box.
inline box extent(const walkable& w, polygon_index p) noexcept {
    const box& b = w.plan_bounds(p);
    return {w.to_world(b.min), w.to_world(b.max)};
}

// The area on the ground plane (shoelace; always >= 0).
inline double area(const walkable& w, polygon_index p) noexcept {
    return std::fabs(geometry_detail::signed_area2(w.plan_corners(p))) * 0.5;
}

// True when the point's plan position lies on the polygon (its boundary
// included, within float rounding). Its height is not looked at.
inline bool contains(const walkable& w, polygon_index p, vec3 world_point) noexcept {
    if (!w.usable(p)) return false;
    const vec3 q = w.to_plan(world_point);
    const box& b = w.plan_bounds(p);
    const double tol = geometry_detail::tolerance({q.x, q.y});
    if (q.x < b.min.x - tol || q.x > b.max.x + tol || q.y < b.min.y - tol || q.y > b.max.y + tol) return false;
    return geometry_detail::plan_contains(w.plan_corners(p), {q.x, q.y});
}

// The surface height (the world up component) at the point's plan
// position; outside the polygon, at the nearest point of its plane.
inline float height_at(const walkable& w, polygon_index p, vec3 world_point) noexcept {
    const vec3 q = w.to_plan(world_point);
    return navspan::detail::rounded(static_cast<float>(geometry_detail::plan_height(w, p, {q.x, q.y})));
}

// The point of the polygon nearest to the point in plan, on its surface.
inline vec3 closest_point(const walkable& w, polygon_index p, vec3 world_point) noexcept {
    using namespace geometry_detail;
    const auto c = w.plan_corners(p);
    if (c.empty()) return world_point;
    const vec3 q = w.to_plan(world_point);
    plan2 at{q.x, q.y};
    if (!plan_contains(c, at)) {
        double best = INFINITY;
        plan2 best_at{c[0].x, c[0].y};
        for (std::size_t i = 0; i < c.size(); ++i) {
            const plan2 a{c[i].x, c[i].y}, b{c[(i + 1) % c.size()].x, c[(i + 1) % c.size()].y};
            const double t = segment_fraction(at, a, b);
            const plan2 on{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
            const double d = (on.x - at.x) * (on.x - at.x) + (on.y - at.y) * (on.y - at.y);
            if (d < best) {
                best = d;
                best_at = on;
            }
        }
        at = best_at;
    }
    return w.to_world({static_cast<float>(at.x), static_cast<float>(at.y), static_cast<float>(plan_height(w, p, at))});
}

// Straight-line distance between two points.
inline double distance(vec3 a, vec3 b) noexcept {
    const double dx = static_cast<double>(a.x) - b.x, dy = static_cast<double>(a.y) - b.y,
                 dz = static_cast<double>(a.z) - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
