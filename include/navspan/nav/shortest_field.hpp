// navspan/nav/shortest_field.hpp - reach, distance_field, find_nearest_goal
// and geodesic_distance under find_shortest_path's model (shortest_path.hpp:
// a path may cross each portal anywhere and turns only at corners), over a
// walkable with a shortest_path_scratch. The same names as the searches over
// the search graph (reach.hpp, distance_field.hpp, nearest_goal.hpp,
// exact_path.hpp), told apart by the scratch they take:
//
//   navspan::nav::shortest_path_scratch scratch(mesh);
//   float cost[n];  // one per polygon
//   navspan::nav::distance_field(mesh, starts, 2000, cost, scratch);
//
// The cost of a polygon is the length of the shortest path from the start
// point to the nearest point of the polygon (where the path enters it;
// 0 for a start polygon): never above the exact model's cost of entering
// it (to the midpoint of its portal), as every path of that model is one of
// this. With no goal to aim at, the search grows from the starts in order
// of a lower bound of each node's cost (g plus the plan length from its
// root to its interval: consistent, as a node's children lie beyond its
// interval or turn at its ends), so every node whose bound is within
// `max_cost` is made, and none beyond it. Nodes live in the scratch as for
// find_shortest_path: a search that needs more than its cap stops with
// limit_exceeded (a field over a whole map of many small polygons can:
// docs/nav.md). No cost hook: the model is lengths only.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "distance_field.hpp"
#include "nearest_goal.hpp"
#include "reach.hpp"
#include "shortest_path.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The search from one or more starts with no one goal (a friend of the
// scratch, as shortest_path_run is).
struct shortest_spread {
    shortest_path_run run;
    std::size_t expanded = 0;

    shortest_spread(const walkable& w, shortest_path_scratch& s, float max_cost) noexcept : run{w, s} {
        run.begin();
        run.spread = true;
        run.limit = max_cost;
    }

    shortest_path_scratch& scratch() noexcept { return run.s; }
    std::uint32_t stamp() const noexcept { return run.stamp; }

    // The 3D length from p to the nearest point of segment ab.
    static float to_segment(vec3 p, vec3 a, vec3 b) noexcept {
        const double ex = double{b.x} - a.x, ey = double{b.y} - a.y, ez = double{b.z} - a.z;
        const double len2 = ex * ex + ey * ey + ez * ez;
        double t = 0;
        if (len2 > 0) t = std::clamp(((double{p.x} - a.x) * ex + (double{p.y} - a.y) * ey + (double{p.z} - a.z) * ez) / len2, 0.0, 1.0);
        const double dx = a.x + t * ex - p.x, dy = a.y + t * ey - p.y, dz = a.z + t * ez - p.z;
        return static_cast<float>(std::sqrt(dx * dx + dy * dy + dz * dz));
    }

    // The length to the nearest point of node n's interval: the cost of
    // entering the polygon its link leads into by it.
    float entry_cost(const shortest_path_scratch::node& n) const noexcept {
        const link& l = run.link_of(n.link);
        return n.g + to_segment(n.root, shortest_detail::at(l, n.lo), shortest_detail::at(l, n.hi));
    }

    // Takes nodes off the heap, least key first, calling settle(polygon,
    // node) for the polygon each node's link leads into (entry_cost gives
    // what entering it costs), until the heap is empty or the first goal
    // node (find_nearest_goal's), which it returns; shortest_detail::none
    // otherwise.
    template <class Settle>
    std::uint32_t grow(Settle&& settle) {
        using namespace shortest_detail;
        auto& s = run.s;
        while (run.size > 0) {
            const std::uint32_t top = heap_detail::pop(s.heap_.data(), run.size, shortest_path_run::by_key(),
                                                       shortest_path_run::placed())
                                          .node;
            if (run.full) break;
            const shortest_path_scratch::node n = s.nodes_[top];
            if (run.stale(n)) continue;
            ++expanded;
            if (n.root_id == goal_root) return top;
            settle(run.link_of(n.link).target, n);
            run.expand(top);
        }
        return none;
    }

    // Marks goal i (the first listing of a polygon wins) for expand(), and
    // aims the search at the goals when they are few (shortest_path_run::aims).
    void place_goals(std::span<const goal_point> goals) noexcept {
        for (std::size_t i = goals.size(); i-- > 0;) {
            run.s.marks_[goals[i].polygon] = {run.w.to_plan(goals[i].point), shortest_detail::unset, run.stamp,
                                              static_cast<std::uint32_t>(i)};
        }
        if (goals.size() > shortest_path_run::max_aims) return;
        for (const goal_point& gl : goals) run.aims[run.aim_count++] = run.w.to_plan(gl.point);
    }

    // The least cost of entering each polygon, in the scratch's marks, and
    // the polygons reached, in its queue (the first at [0]).
    std::size_t note(std::size_t listed, polygon_index p, float c) noexcept {
        auto& m = run.s.marks_[p];
        if (m.stamp != run.stamp) {
            m = {{}, c, run.stamp, shortest_detail::none};
            run.s.queue_[listed++] = p;
        } else if (c < m.cost) {
            m.cost = c;
        }
        return listed;
    }
    float cost_of(polygon_index p) const noexcept { return run.s.marks_[p].cost; }
    polygon_index* listed() noexcept { return run.s.queue_.data(); }

    const shortest_path_scratch::polygon_mark& mark(polygon_index p) const noexcept { return run.s.marks_[p]; }
    const shortest_path_scratch::node& node_at(std::uint32_t i) const noexcept { return run.s.nodes_[i]; }
};

namespace shortest_detail {

inline bool usable_start(const walkable& w, polygon_index p, vec3 point) noexcept {
    return p < w.polygon_count() && w.usable(p) && valid_query_point(point);
}

// What every search here answers before it starts: bad_input for input
// refused (`valid` false), scratch_too_small for a scratch fitted to
// another walkable, else found (go on).
inline query_status refusal(const walkable& w, const shortest_path_scratch& scratch, bool valid) noexcept {
    if (!valid) return query_status::bad_input;
    return scratch.fits(w) ? query_status::found : query_status::scratch_too_small;
}

}  // namespace shortest_detail

// Every polygon a path from `start_point` (on `start`) reaches within a
// length of `max_cost` under find_shortest_path's model, with the length
// to its nearest point: the start first (0), then in increasing cost
// (ties by polygon index), written to `out` (`complete` false when it
// filled up first: it then holds the nearest). limit_exceeded when the
// scratch's nodes ran out (`out` holds what was settled by then).
inline reach_result reach(const walkable& w, polygon_index start, vec3 start_point, float max_cost,
                          std::span<reached_polygon> out, shortest_path_scratch& scratch) {
    reach_result r;
    r.status = shortest_detail::refusal(
        w, scratch, !w.empty() && shortest_detail::usable_start(w, start, start_point) && max_cost >= 0);
    if (r.status != query_status::found) return r;
    shortest_spread spread{w, scratch, max_cost};
    std::size_t listed = spread.note(0, start, 0.0f);
    spread.run.push_first_nodes(start, w.to_plan(start_point));
    spread.grow([&](polygon_index p, const auto& n) {
        const float c = spread.entry_cost(n);
        if (c <= max_cost) listed = spread.note(listed, p, c);
    });
    if (spread.run.full) r.status = search_status::limit_exceeded;
    polygon_index* list = spread.listed();
    // The start stays first; the rest by cost (O(k log k) in the polygons reached).
    std::sort(list + 1, list + listed, [&](polygon_index a, polygon_index b) {
        const float ca = spread.cost_of(a), cb = spread.cost_of(b);
        return ca < cb || (ca == cb && a < b);
    });
    r.count = std::min(listed, out.size());
    r.complete = listed <= out.size();
    for (std::size_t i = 0; i < r.count; ++i) out[i] = {list[i], spread.cost_of(list[i])};
    return r;
}

// The length from the nearest of `starts` to each polygon under
// find_shortest_path's model (to its nearest point, 0 for a start
// polygon), into `cost_per_polygon` (the caller's, at least
// polygon_count() long; +infinity beyond `max_cost` or out of reach).
// Refusals as the graph's distance_field; limit_exceeded when the
// scratch's nodes ran out (the array then holds upper bounds: each a
// length found, perhaps not the least).
inline distance_field_result distance_field(const walkable& w, std::span<const goal_point> starts, float max_cost,
                                            std::span<float> cost_per_polygon, shortest_path_scratch& scratch) {
    distance_field_result r;
    const std::size_t polygons = w.polygon_count();
    bool valid = polygons > 0 && !starts.empty() && max_cost >= 0 && cost_per_polygon.size() >= polygons;
    for (std::size_t i = 0; valid && i < starts.size(); ++i) {
        valid = shortest_detail::usable_start(w, starts[i].polygon, starts[i].point);
    }
    r.status = shortest_detail::refusal(w, scratch, valid);
    if (r.status != query_status::found) return r;
    const float unreached = std::numeric_limits<float>::infinity();
    for (std::size_t p = 0; p < polygons; ++p) cost_per_polygon[p] = unreached;
    shortest_spread spread{w, scratch, max_cost};
    auto settle = [&](polygon_index p, float c) {
        if (!(c <= max_cost) || !(c < cost_per_polygon[p])) return;
        if (cost_per_polygon[p] == unreached) ++r.reached;
        cost_per_polygon[p] = c;
    };
    for (const goal_point& st : starts) settle(st.polygon, 0.0f);
    for (const goal_point& st : starts) spread.run.push_first_nodes(st.polygon, w.to_plan(st.point));
    spread.grow([&](polygon_index p, const auto& n) { settle(p, spread.entry_cost(n)); });
    if (spread.run.full) r.status = search_status::limit_exceeded;
    return r;
}

// The nearest of `goals` from `start_point` (on `start`) under
// find_shortest_path's model: which goal (a polygon listed as several
// goals counts as its first), its length, corridor and waypoints (world:
// start, each turn, goal). The spans point into the scratch, valid until
// its next search. `expanded` counts search nodes.
inline nearest_goal_result find_nearest_goal(const walkable& w, polygon_index start, vec3 start_point,
                                             std::span<const goal_point> goals, shortest_path_scratch& scratch) {
    using namespace shortest_detail;
    nearest_goal_result r;
    bool valid = !w.empty() && usable_start(w, start, start_point) && !goals.empty() && goals.size() < none;
    for (std::size_t i = 0; valid && i < goals.size(); ++i) valid = usable_start(w, goals[i].polygon, goals[i].point);
    r.status = shortest_detail::refusal(w, scratch, valid);
    if (r.status != query_status::found) return r;
    shortest_spread spread{w, scratch, unset};
    shortest_path_run& run = spread.run;
    spread.place_goals(goals);
    const vec3 sp = w.to_plan(start_point);
    if (run.goal_mark(start) != nullptr) {
        // A goal in the start polygon: the straight line, a goal node of its own.
        const vec3 target = spread.mark(start).goal_point;
        run.push({sp, path_detail::plan_distance3(sp, target), 0.0f, 0.0f, 0, goal_root, none, start}, none);
    }
    run.push_first_nodes(start, sp);
    const std::uint32_t end = spread.grow([](polygon_index, const auto&) {});
    r.expanded = spread.expanded;
    if (end == none) {
        r.status = run.full && run.reachable(start) ? search_status::limit_exceeded : search_status::no_path;
        return r;
    }
    const auto& n = spread.node_at(end);
    const polygon_index held = n.parent == none ? start : run.link_of(n.link).target;
    r.goal = spread.mark(held).goal;
    run.gp = spread.mark(held).goal_point;
    shortest_path_result found = run.finish(end, start, sp, {});
    run.pull_corridor(found);  // as find_shortest_path: its own corridor's funnel where shorter
    r.status = found.status;
    r.cost = found.cost;
    r.corridor = found.corridor;
    r.waypoints = found.waypoints;
    return r;
}

// find_shortest_path's length (its cost): the geodesic distance under its
// model. Negative when there is no path (or the scratch's nodes ran out).
inline float geodesic_distance(const walkable& w, polygon_index start, vec3 start_point, polygon_index goal,
                               vec3 goal_point, shortest_path_scratch& scratch) {
    const auto r = find_shortest_path(w, start, start_point, goal, goal_point, scratch);
    return r.status == query_status::found ? r.cost : -1.0f;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
