// Fuzz target: any input through the navigation queries. Detects the
// format, builds the walkable view (for a plugin, each of its first few
// spaces) and the spatial index, then runs queries whose points and
// polygons are drawn from the input's own bytes: locate, nearest, box
// queries, A* with waypoints, raycasts, the exact and the any-angle
// searches (the latter also short of nodes). Nothing may crash, read out of
// bounds or loop without end, whatever the file holds (NaN corners
// included).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <span>
#include <vector>

#include <navspan/nav.hpp>

#include "fuzz_target.hpp"

namespace fuzz_nav {

namespace {

namespace nav = navspan::nav;

using navspan_fuzz::draw;

std::uint64_t query(const nav::walkable& w, draw& d) {
    std::uint64_t h = w.polygon_count() * 31 + w.link_count();
    const auto index = nav::spatial_index::build(w);
    const nav::box b = w.bounds();
    auto point = [&] {
        return navspan::vec3{d.in(b.min.x - 8, b.max.x + 8), d.in(b.min.y - 8, b.max.y + 8), d.in(b.min.z - 8, b.max.z + 8)};
    };
    for (int i = 0; i < 32; ++i) {
        const navspan::vec3 p = point();
        if (const auto at = index.locate(p, d.in(0, 100))) h += at->polygon;
        if (const auto closest = index.nearest(p, d.in(0, 1000))) h += closest->polygon;
        index.query({point(), point()}, [&](nav::polygon_index q) { h += q; });
        nav::polygon_index around[8];
        h += index.within(p, d.in(0, 200), around);
    }
    if (w.empty()) return h;
    // A path's end: the polygon's centre, or a drawn point where it is not usable.
    auto end_at = [&](nav::polygon_index p) { return w.usable(p) ? nav::centre(w, p) : point(); };
    nav::path_scratch scratch(w);
    std::vector<navspan::vec3> points(64);
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    for (int i = 0; i < 8; ++i) {
        const nav::polygon_index a = d.next() % n, g = d.next() % n;
        const navspan::vec3 pa = end_at(a), pg = end_at(g);
        const auto found = nav::find_path(w, a, pa, g, pg, scratch);
        h += found.corridor.size() + found.expanded;
        h += nav::straight_path(w, found.corridor, pa, pg, points).count;
        h += nav::raycast(w, a, pa, pg).visited;
        h += static_cast<std::uint64_t>(nav::contains(w, a, pg)) + static_cast<std::uint64_t>(std::isnan(nav::area(w, a)));
        (void)nav::closest_point(w, a, pg);
        (void)nav::height_at(w, a, pg);
    }
    // The search graph and its searches (exact path, reach, nearest goal,
    // distance field).
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch search(graph);
    std::vector<nav::reached_polygon> reached(16);
    std::vector<float> field(n);
    for (int i = 0; i < 4; ++i) {
        const nav::polygon_index a = d.next() % n, g = d.next() % n;
        const navspan::vec3 pa = end_at(a), pg = end_at(g);
        const auto exact = nav::find_exact_path(graph, a, pa, g, pg, search);
        h += exact.corridor.size() + exact.expanded;
        h += nav::reach(graph, a, pa, d.in(0, 2000), reached, search).count;
        const nav::goal_point goals[] = {{g, pg}, {a, pa}};
        h += nav::find_nearest_goal(graph, a, pa, goals, search).goal;
        // A start polygon has cost 0, and nothing lies above the bound.
        const float bound = d.in(0, 2000);
        const auto r = nav::distance_field(graph, goals, bound, field, search);
        if (r.status == nav::search_status::found) {
            if (field[a] != 0 || field[g] != 0) std::abort();
            for (float c : field) {
                if (!(c >= 0 && (c <= bound || c == std::numeric_limits<float>::infinity()))) std::abort();
            }
        }
        h += r.reached;
    }
    // The same searches under find_shortest_path's model: bounded by the
    // scratch's nodes; the same invariants of the field.
    nav::shortest_path_scratch shortest(w);
    for (int i = 0; i < 2; ++i) {
        const nav::polygon_index a = d.next() % n, g = d.next() % n;
        const navspan::vec3 pa = end_at(a), pg = end_at(g);
        h += nav::reach(w, a, pa, d.in(0, 2000), reached, shortest).count;
        const nav::goal_point goals[] = {{g, pg}, {a, pa}};
        const auto nearest = nav::find_nearest_goal(w, a, pa, goals, shortest);
        h += nearest.goal + nearest.waypoints.size();
        const float bound = d.in(0, 2000);
        const auto r = nav::distance_field(w, goals, bound, field, shortest);
        if (r.status == nav::search_status::found) {
            if (field[a] != 0 || field[g] != 0) std::abort();
            for (float c : field) {
                if (!(c >= 0 && (c <= bound || c == std::numeric_limits<float>::infinity()))) std::abort();
            }
        }
        h += r.reached + static_cast<std::uint64_t>(nav::geodesic_distance(w, a, pa, g, pg, shortest) > 0);
    }
    // find_shortest_path itself, with a scratch whose cap is drawn down to
    // the least (0 to 2 nodes a link), so long searches run out of nodes:
    // over the walkable, and through the graph's checked form, which then
    // offers find_path's and find_exact_path's corridors as the best known
    // path. A path given (found, or the best known) runs from start to goal
    // at a cost that is a number, not negative.
    nav::shortest_path_scratch tight(w, d.next() % 3);
    auto check = [&](const nav::shortest_path_result& r, nav::polygon_index a, nav::polygon_index g) {
        const bool given = r.status == nav::query_status::found ||
                           (r.status == nav::query_status::limit_exceeded && !r.waypoints.empty());
        if (given && (r.corridor.empty() || r.corridor.front() != a || r.corridor.back() != g || !(r.cost >= 0) ||
                      r.waypoints.empty())) {
            std::abort();
        }
        h += r.corridor.size() + r.waypoints.size() + r.expanded;
    };
    for (int i = 0; i < 2; ++i) {
        const nav::polygon_index a = d.next() % n, g = d.next() % n;
        const navspan::vec3 pa = end_at(a), pg = end_at(g);
        check(nav::find_shortest_path(w, a, pa, g, pg, tight), a, g);
        check(nav::find_shortest_path(graph, a, pa, g, pg, tight, scratch, search), a, g);
    }
    return h;
}

}  // namespace

NAVSPAN_FUZZ_BYTES_TARGET(nav) {
    draw d = draw::from(bytes);
    std::uint64_t h = 0;
    if (navspan::detect(bytes) == navspan::format::creation_plugin) {
        auto plugin = navspan::creation::plugin_file::open(bytes);
        if (!plugin) return h;
        navspan::creation::inflate_buffer scratch;
        std::vector<nav::plugin_space> spaces;
        if (!nav::plugin_spaces(*plugin, scratch, spaces).ok()) return h;
        for (std::size_t s = 0; s < spaces.size() && s < 4; ++s) {
            auto w = nav::make_walkable(*plugin, spaces[s], scratch);
            if (w) h += query(*w, d);
        }
    } else if (auto w = nav::make_walkable(bytes)) {
        h = query(*w, d);
    }
    return h;
}

}  // namespace fuzz_nav
