// navspan/nav/reach.hpp - reach: every polygon a path from a point gets
// to within a cost (Dijkstra over the search graph's states).
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

// A polygon a reach search got to, and the cheapest cost of getting there
// (to the midpoint of the portal it enters through; 0 for the start).
struct reached_polygon {
    polygon_index polygon = no_polygon;
    float cost = 0;
};

struct reach_result {
    search_status status = search_status::found;
    std::size_t count = 0;     // polygons written (in increasing cost)
    bool complete = true;      // false when `out` was too small for every polygon within the cost
};

template <class Cost>
template <class Settle>
search_status search_detail_run<Cost>::settle_from(std::span<const goal_point> starts, float max_cost,
                                                   Settle&& settle) noexcept {
    begin();
    auto no_bound = [](std::uint32_t) { return 0.0f; };
    for (const goal_point& st : starts) {
        if (!settle(st.polygon, 0.0f)) return search_status::found;
    }
    // Every start's first steps go on the heap before any is expanded: one
    // search then gives each polygon the least cost over the starts.
    for (const goal_point& st : starts) {
        const vec3 sp = w.to_plan(st.point);
        for (std::uint32_t x = g.out_first_[st.polygon]; x < g.out_end_[st.polygon]; ++x) {
            const float step = price(st.polygon, x, path_detail::plan_distance3(sp, g.states_[x].at));
            if (allowed(step) && step <= max_cost) relax(x, step, search_graph::none, no_bound);
        }
    }
    while (size > 0) {
        const std::uint32_t e = pop();
        const polygon_index q = g.states_[e].target;
        const float c = s.hot_[e].cost;
        if (!settle(q, c)) return search_status::found;
        for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
            if (budget == 0) return search_status::limit_exceeded;
            --budget;
            const float step = price(q, x, g.step_length(e, x));
            if (allowed(step) && c + step <= max_cost) relax(x, c + step, e, no_bound);
        }
    }
    return search_status::found;
}

template <class Cost>
reach_result search_detail_run<Cost>::reach(polygon_index start, vec3 start_point, float max_cost, std::span<reached_polygon> out) noexcept {
    reach_result r;
    // Each polygon is listed once, by the first (cheapest) state into it;
    // the stamp is the one settle_from's begin() opens.
    auto report = [&](polygon_index p, float c) {
        auto& m = s.polygon_mark_[p];
        if (m.stamp == open_stamp) return true;
        m.stamp = open_stamp;
        if (r.count >= out.size()) {
            r.complete = false;
            return false;
        }
        out[r.count++] = {p, c};
        return true;
    };
    const goal_point from[] = {{start, start_point}};
    r.status = settle_from(from, max_cost, report);
    return r;
}

// Every polygon a path from `start_point` (on `start`) reaches at a cost of
// at most `max_cost` (the cost to enter it: to the midpoint of its portal),
// the start first, then in increasing cost, written to `out` (the caller's;
// `complete` false when it filled up first). Dijkstra over the graph.
template <class Cost = distance_cost>
reach_result reach(const search_graph& g, polygon_index start, vec3 start_point, float max_cost,
                   std::span<reached_polygon> out, search_scratch& scratch, Cost cost = {}) noexcept {
    reach_result r;
    r.status = search_detail::refusal(g, scratch,
                                      !g.empty() && search_detail::usable_polygon(g, start) &&
                                          valid_query_point(start_point) && max_cost >= 0);
    if (r.status != search_status::found) return r;
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.reach(start, start_point, max_cost, out);
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
