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
    if (!plan_contains(c, at)) at = nearest_on_boundary(c, at);
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
