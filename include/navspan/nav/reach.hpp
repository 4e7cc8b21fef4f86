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
reach_result search_detail_run<Cost>::reach(polygon_index start, vec3 start_point, float max_cost, std::span<reached_polygon> out) noexcept {
    reach_result r;
    begin();
    const std::uint32_t stamp = open_stamp;
    auto report = [&](polygon_index p, float c) {
        auto& m = s.polygon_mark_[p];
        if (m.stamp == stamp) return true;
        m.stamp = stamp;
        if (r.count >= out.size()) {
            r.complete = false;
            return false;
        }
        out[r.count++] = {p, c};
        return true;
    };
    auto no_bound = [](std::uint32_t) { return 0.0f; };
    if (!report(start, 0)) return r;
    const vec3 sp = w.to_plan(start_point);
    for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
        const float step = price(start, x, path_detail::plan_distance3(sp, g.states_[x].at));
        if (allowed(step) && step <= max_cost) relax(x, step, search_graph::none, no_bound);
    }
    while (size > 0) {
        const std::uint32_t e = pop();
        const polygon_index q = g.states_[e].target;
        const float c = s.hot_[e].cost;
        if (!report(q, c)) return r;
        for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
            if (budget == 0) {
                r.status = search_status::limit_exceeded;
                return r;
            }
            --budget;
            const float step = price(q, x, g.step_length(e, x));
            if (allowed(step) && c + step <= max_cost) relax(x, c + step, e, no_bound);
        }
    }
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
