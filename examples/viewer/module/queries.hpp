// locate and path for the page, over the library's navspan::nav views:
// which polygon is under a point of the ground plane, and the A* corridor
// between two polygons with its waypoints (navspan::nav::straight_path).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <navspan/nav.hpp>

#include "walkable.hpp"

namespace navspan_viewer {

// The polygon under ground point (px, py) (x right, y up the page) in
// coordinate space `space` (plugins: 1 for the first; 0 elsewhere), the one
// whose surface is nearest `height`, or the highest when height is NaN;
// -1 when none.
inline std::int32_t locate(const walkable_view& v, float px, float py, float height, std::uint32_t space) {
    const std::size_t m = space == 0 ? 0 : space - 1;
    if (m >= v.meshes.size()) return -1;
    const navspan::nav::walkable& w = v.meshes[m];
    float tolerance = std::numeric_limits<float>::infinity();
    if (std::isnan(height)) height = w.plan_bounds().max.z + 1.0f;  // nearest to the top: the highest
    // The page's ground plane is the plan frame with y (Fox: -z) up the page.
    const navspan::vec3 world = v.y_up ? navspan::vec3{px, height, -py} : navspan::vec3{px, py, height};
    const auto found = v.indexes[m].locate(world, tolerance);
    if (!found) return -1;
    return static_cast<std::int32_t>(v.first_polygon[m] + found->polygon);
}

struct path_result {
    bool found = false;
    std::vector<std::uint32_t> corridor;  // polygons, start to goal
    std::vector<navspan::vec3> waypoints;
    double length = 0;                    // along the waypoints
    std::size_t expanded = 0;
};

// Scratch sized once for the largest mesh; no allocation in the search.
class path_finder {
public:
    void prepare(const walkable_view& v) {
        std::size_t largest = 0;
        for (const auto& w : v.meshes) largest = std::max(largest, w.polygon_count());
        scratch_.fit(largest);
    }

    path_result find(const walkable_view& v, std::uint32_t a, std::uint32_t b, navspan::vec3 from, navspan::vec3 to) {
        path_result r;
        if (a >= v.polygon_count() || b >= v.polygon_count()) return r;
        const std::size_t m = v.mesh_of(a);
        if (m != v.mesh_of(b)) return r;  // different coordinate spaces: never connected
        const navspan::nav::walkable& w = v.meshes[m];
        const std::uint32_t first = v.first_polygon[m];
        const auto found = navspan::nav::find_path(w, a - first, from, b - first, to, scratch_);
        r.expanded = found.expanded;
        if (found.status != navspan::nav::path_status::found) return r;
        r.found = true;
        for (const navspan::nav::polygon_index p : found.corridor) r.corridor.push_back(first + p);
        std::vector<navspan::vec3> out(2 * found.corridor.size() + 2);  // at most two turns a step
        const auto s = navspan::nav::straight_path(w, found.corridor, from, to, out);
        out.resize(s.count);
        for (std::size_t i = 1; i < out.size(); ++i) {
            const double dx = out[i].x - out[i - 1].x, dy = out[i].y - out[i - 1].y, dz = out[i].z - out[i - 1].z;
            r.length += std::sqrt(dx * dx + dy * dy + dz * dz);
        }
        r.waypoints = std::move(out);
        return r;
    }

private:
    navspan::nav::path_scratch scratch_;
};

}  // namespace navspan_viewer
