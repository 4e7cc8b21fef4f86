// navspan/nav/nearest_goal.hpp - find_nearest_goal: the cheapest of the
// paths from a point to each of many goals (Dijkstra over the search
// graph's states, stopping at the first goal it settles).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

#include "graph.hpp"
#include "path.hpp"
#include "search_run.hpp"
#include "status.hpp"
#include "walkable.hpp"

namespace navspan::nav {

struct nearest_goal_result {
    search_status status = search_status::no_path;
    std::size_t goal = 0;  // index into the goals given
    float cost = 0;
    std::span<const polygon_index> corridor;
    std::size_t expanded = 0;
    // World points from the start to the goal, each turn between: the
    // search under find_shortest_path's model (shortest_field.hpp) finds
    // them; the search over the graph leaves them empty (straight_path
    // pulls them over its corridor).
    std::span<const vec3> waypoints;
};

template <class Cost>
nearest_goal_result search_detail_run<Cost>::nearest(polygon_index start, vec3 start_point, std::span<const goal_point> goals) noexcept {
    nearest_goal_result r;
    begin();
    const std::uint32_t stamp = open_stamp;
    for (std::size_t i = goals.size(); i-- > 0;) {  // backwards: the first listing wins
        s.polygon_mark_[goals[i].polygon] = {stamp, static_cast<std::uint32_t>(i)};
    }
    auto goal_of = [&](polygon_index p) -> std::uint32_t {
        const auto& m = s.polygon_mark_[p];
        return m.stamp == stamp ? m.value : search_graph::none;
    };
    const vec3 sp = w.to_plan(start_point);
    // A path may cross one goal's polygon on its way to a nearer goal's
    // point, so a state entering a goal polygon is not an end: each
    // step into one also offers the arrival at that goal's point (the
    // step priced with the last leg, as find_exact_path prices it) to
    // one extra state, `arrival`, whose parent says where it came from.
    const auto arrival = static_cast<std::uint32_t>(g.state_count());
    auto no_bound = [](std::uint32_t) { return 0.0f; };
    if (const std::uint32_t at = goal_of(start); at != search_graph::none) {
        relax(arrival, path_detail::plan_distance3(sp, w.to_plan(goals[at].point)), search_graph::none, no_bound);
    }
    auto step_to = [&](polygon_index from, std::uint32_t x, float base, float length, std::uint32_t parent) {
        const float step = price(from, x, length);
        if (allowed(step)) relax(x, base + step, parent, no_bound);
        const std::uint32_t gi = goal_of(g.states_[x].target);
        if (gi == search_graph::none) return;
        const float last = price(from, x, length + path_detail::plan_distance3(g.states_[x].at, w.to_plan(goals[gi].point)));
        if (allowed(last) && allowed(step)) {
            // The arrival's parent is x itself: x's cost and parent are
            // those of this same step unless a cheaper one replaces
            // them, and then the arrival through it is cheaper too.
            relax(arrival, base + last, x, no_bound);
        }
    };
    for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
        step_to(start, x, 0.0f, path_detail::plan_distance3(sp, g.states_[x].at), search_graph::none);
    }
    while (size > 0) {
        const std::uint32_t e = pop();
        ++r.expanded;
        const float c = s.hot_[e].cost;
        if (e == arrival) {
            const std::uint32_t via = s.parent_[arrival];
            r.status = search_status::found;
            r.cost = c;
            if (via == search_graph::none) {
                r.goal = goal_of(start);
                s.corridor_[0] = start;
                r.corridor = {s.corridor_.data(), 1};
            } else {
                r.goal = goal_of(g.states_[via].target);
                r.corridor = corridor(start, via);
            }
            return r;
        }
        const polygon_index q = g.states_[e].target;
        for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
            if (budget == 0) {
                r.status = search_status::limit_exceeded;
                return r;
            }
            --budget;
            step_to(q, x, c, g.step_length(e, x), e);
        }
    }
    r.status = search_status::no_path;
    return r;
}

// The cheapest of the paths from `start_point` (on `start`) to each of the
// goals (Dijkstra, stopping at the first goal it settles): which goal, its
// cost and corridor, under the model above. A polygon listed as several
// goals counts as its first.
template <class Cost = distance_cost>
nearest_goal_result find_nearest_goal(const search_graph& g, polygon_index start, vec3 start_point,
                                      std::span<const goal_point> goals, search_scratch& scratch,
                                      Cost cost = {}) noexcept {
    nearest_goal_result r;
    if (g.empty() || !search_detail::usable_polygon(g, start) || !valid_query_point(start_point) || goals.empty()) {
        r.status = search_status::bad_input;
        return r;
    }
    for (const goal_point& gl : goals) {
        if (!search_detail::usable_polygon(g, gl.polygon) || !valid_query_point(gl.point)) {
            r.status = search_status::bad_input;
            return r;
        }
    }
    if (!scratch.fits(g) || goals.size() >= 0xFFFFFFFFu) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.nearest(start, start_point, goals);
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
