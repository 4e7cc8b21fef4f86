// navspan/nav/exact_path.hpp - find_exact_path and geodesic_distance: A*
// over the search graph's states, bounded by the all-pairs table when the
// graph has one, else by the landmarks and the straight line (the cost
// model: search_graph.hpp).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "graph.hpp"
#include "path.hpp"
#include "search_run.hpp"
#include "status.hpp"
#include "walkable.hpp"

namespace navspan::nav {

struct exact_path_result {
    search_status status = search_status::no_path;
    float cost = 0;  // under the model above; the straight distance when start and goal are one polygon
    std::span<const polygon_index> corridor;  // into the scratch, until its next search
    std::size_t expanded = 0;                 // states taken off the heap
};

template <class Cost>
exact_path_result search_detail_run<Cost>::exact(polygon_index start, vec3 start_point, polygon_index goal, vec3 goal_point,
                                                float heuristic_scale, bool want_corridor) noexcept {
    exact_path_result r;
    begin();
    holding = true;
    const vec3 sp = w.to_plan(start_point), gp = w.to_plan(goal_point);
    if (start == goal) {
        r.status = search_status::found;
        r.cost = path_detail::plan_distance3(sp, gp);
        if (want_corridor) {
            s.corridor_[0] = start;
            r.corridor = {s.corridor_.data(), 1};
        }
        return r;
    }
    return g.has_table() ? exact_by_table(start, sp, goal, gp, heuristic_scale, want_corridor)
                         : exact_by_landmarks(start, sp, goal, gp, heuristic_scale, want_corridor);
}

template <class Cost>
exact_path_result search_detail_run<Cost>::exact_by_table(polygon_index start, vec3 sp, polygon_index goal, vec3 gp,
                                                         float heuristic_scale, bool want_corridor) noexcept {
    // With the table: table(x, goal) is the least over the portals
    // p into the goal of D(x, p) + |p - a|, the cost from x through
    // p on to the goal's anchor a (its centre). A path from x to
    // the goal point g through p costs D(x, p) + |p - g|, which is
    // at least table(x, goal) - (|p - a| - |p - g|); so with
    // off = the most of |p - a| - |p - g| over the goal's portals,
    // table(x, goal) - off bounds every path from x. It is a
    // distance less a constant, so consistent (a step into the
    // goal pays its last leg, and off covers that portal too), and
    // exact when g is the anchor (off = 0), as for a path asked to
    // a polygon; off is at most |a - g|. The straight line is left
    // out (a square root less): the table's bound all but always
    // exceeds it.
    const std::uint16_t* row = g.lower_.data() + std::size_t{goal} * g.states_.size();
    const float table_quantum = g.quantum_[goal] * heuristic_scale;
    float table_off = -search_graph::unreached;
    for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
        const vec3 at = g.states_[g.in_states_[j]].at;
        table_off = std::max(table_off, path_detail::plan_distance3(at, g.anchor_[goal]) - path_detail::plan_distance3(at, gp));
    }
    table_off *= heuristic_scale;
    const search_graph::state* states = g.states_.data();
    auto table_bound = [states, goal, row, table_quantum, table_off](std::uint32_t x) -> float {
        if (states[x].target == goal) return 0.0f;
        const std::uint16_t v = row[x];
        return v == search_graph::table_unreached ? search_graph::unreached
                                                   : std::max(0.0f, static_cast<float>(v) * table_quantum - table_off);
    };
    return search(start, sp, goal, gp, want_corridor, table_bound);
}

template <class Cost>
exact_path_result search_detail_run<Cost>::exact_by_landmarks(polygon_index start, vec3 sp, polygon_index goal, vec3 gp,
                                                             float heuristic_scale, bool want_corridor) noexcept {
    // Landmark bounds of the goal: for each landmark, the least of (its
    // distance to a link into the goal + that link's last leg), and the
    // most of (that link's distance to it - the last leg).
    constexpr std::uint32_t most_landmarks = 32;
    float goal_from[most_landmarks], goal_to[most_landmarks];
    const std::uint32_t k = std::min(g.landmarks_, most_landmarks);
    const float inf = search_graph::unreached;
    for (std::uint32_t i = 0; i < k; ++i) {
        goal_from[i] = inf;
        goal_to[i] = -inf;
        for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
            const std::uint32_t e = g.in_states_[j];
            const float leg = path_detail::plan_distance3(g.states_[e].at, gp);
            goal_from[i] = std::min(goal_from[i], g.from_landmark_[std::size_t{e} * g.landmarks_ + i] + leg);
            goal_to[i] = std::max(goal_to[i], g.to_landmark_[std::size_t{e} * g.landmarks_ + i] - leg);
        }
    }
    // The landmarks this search uses: the (at most 4) that bound the
    // distance from the start's first link to the goal best (a
    // landmark that proves the goal out of reach first). Fewer bounds
    // per state cost less than the few states more they let in.
    std::uint32_t active[most_landmarks];
    std::uint32_t use = 0;
    {
        float score[most_landmarks];
        const std::uint32_t x0 = g.out_first_[start] < g.out_end_[start] ? g.out_first_[start] : search_graph::none;
        for (std::uint32_t i = 0; i < k; ++i) {
            score[i] = -inf;
            if (x0 == search_graph::none) continue;
            const float f = g.from_landmark_[std::size_t{x0} * g.landmarks_ + i];
            const float t = g.to_landmark_[std::size_t{x0} * g.landmarks_ + i];
            if (f != inf) score[i] = goal_from[i] == inf ? inf : goal_from[i] - f;
            if (goal_to[i] != inf && goal_to[i] != -inf) score[i] = std::max(score[i], t == inf ? inf : t - goal_to[i]);
            active[use++] = i;
        }
        std::sort(active, active + use, [&](std::uint32_t a, std::uint32_t b) { return score[a] > score[b]; });
        use = std::min<std::uint32_t>(use, 4);
    }
    auto landmark_bound = [&](std::uint32_t x) -> float {
        const polygon_index q = g.states_[x].target;
        if (q == goal) return 0.0f;
        float h = path_detail::plan_distance3(g.states_[x].at, gp);
        const float* from = g.from_landmark_.data() + std::size_t{x} * g.landmarks_;
        const float* to = g.to_landmark_.data() + std::size_t{x} * g.landmarks_;
        for (std::uint32_t a = 0; a < use; ++a) {
            const std::uint32_t i = active[a];
            if (from[i] != inf) {
                // The landmark reaches x: if it reaches no link into
                // the goal, x reaches none either (infinity: never opened).
                if (goal_from[i] == inf) return inf;
                h = std::max(h, goal_from[i] - from[i]);
            }
            if (goal_to[i] != inf && goal_to[i] != -inf) {
                // Every link into the goal reaches the landmark: if x
                // does not, x reaches no link into the goal.
                if (to[i] == inf) return inf;
                h = std::max(h, to[i] - goal_to[i]);
            }
        }
        return h * heuristic_scale;
    };
    return search(start, sp, goal, gp, want_corridor, landmark_bound);
}

// The A* of find_exact_path with the bound given (the table's or the
// landmarks'), instantiated once for each.
template <class Cost>
template <class Bound>
exact_path_result search_detail_run<Cost>::search(polygon_index start, vec3 sp, polygon_index goal, vec3 gp, bool want_corridor, Bound& bound) noexcept {
    exact_path_result r;
    const bool table = g.has_table();
    auto last_leg = [&](std::uint32_t x) {
        return g.states_[x].target == goal ? path_detail::plan_distance3(g.states_[x].at, gp) : 0.0f;
    };
    for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
        const float step = price(start, x, path_detail::plan_distance3(sp, g.states_[x].at) + last_leg(x));
        if (allowed(step)) relax(x, step, search_graph::none, bound);
    }
    std::uint32_t next = take_held();
    while (next != search_graph::none || size > 0) {
        const std::uint32_t e = next != search_graph::none ? next : pop();
        next = search_graph::none;
        ++r.expanded;
        const polygon_index q = g.states_[e].target;
        const float c = s.hot_[e].cost;
        if (q == goal) {
            r.status = search_status::found;
            r.cost = c;
            if (want_corridor) r.corridor = corridor(start, e);
            return r;
        }
        if constexpr (std::is_same_v<Cost, distance_cost>) {
            // Dominance: with the default cost a step's cost is its
            // length, so if another link into q was closed at a cost
            // c1 with c1 + |m1 - m| <= c, every step out of q costs
            // from there at most what it costs from here (the
            // triangle inequality): nothing this state reaches is
            // reached cheaper through it. (A link closed without being
            // opened cannot reach the goal, and then neither can this
            // one, which enters the same polygon.)
            if (!table && dominated(e, q, c)) continue;
        }
        // With the default cost a path never steps back into the
        // polygon it came from: from the link before e straight to the
        // link after the return is no longer (triangle inequality).
        // Without this, every link shared both ways (a triangle mesh's
        // edges) is settled twice, its twin at the same point and cost.
        const polygon_index came_from = std::is_same_v<Cost, distance_cost> ? g.source_[e] : no_polygon;
        const std::uint32_t first = g.out_first_[q], end = g.out_end_[q];
        if (budget < end - first) {
            r.status = search_status::limit_exceeded;
            return r;
        }
        budget -= end - first;
        for (std::uint32_t x = first; x < end; ++x) {
            if (g.states_[x].target == came_from) continue;
            const float step = price(q, x, g.step_length(e, x) + last_leg(x));
            if (allowed(step)) relax(x, c + step, e, bound);
        }
        next = take_held();
    }
    r.status = search_status::no_path;
    return r;
}

template <class Cost>
bool search_detail_run<Cost>::dominated(std::uint32_t e, polygon_index q, float c) noexcept {
    const vec3 m = g.states_[e].at;
    for (std::uint32_t j = g.in_first_[q]; j < g.in_first_[q + 1]; ++j) {
        const std::uint32_t other = g.in_states_[j];
        if (other == e || !closed(other)) continue;
        if (s.hot_[other].cost + path_detail::plan_distance3(g.states_[other].at, m) <= c) return true;
    }
    return false;
}

// The cheapest path from polygon `start` (leaving from `start_point`) to
// polygon `goal` (arriving at `goal_point`) under the model above; points
// in world coordinates. `cost` as find_path's hook; `heuristic_scale` as
// described at the top (1 for hooks that never price below the length).
// With `want_corridor` false only the cost is found (geodesic_distance).
namespace search_detail {
// The graph's contraction hierarchy answers (contraction_query.hpp).
exact_path_result exact_by_hierarchy(const search_graph& g, polygon_index start, vec3 start_point, polygon_index goal,
                                     vec3 goal_point, search_scratch& scratch, bool want_corridor) noexcept;
}  // namespace search_detail

template <class Cost = distance_cost>
exact_path_result find_exact_path(const search_graph& g, polygon_index start, vec3 start_point, polygon_index goal,
                                  vec3 goal_point, search_scratch& scratch, Cost cost = {},
                                  float heuristic_scale = 1.0f, bool want_corridor = true) noexcept {
    exact_path_result r;
    r.status = search_detail::refusal(g, scratch,
                                      !g.empty() && search_detail::usable_polygon(g, start) &&
                                          search_detail::usable_polygon(g, goal) && valid_query_point(start_point) &&
                                          valid_query_point(goal_point) && heuristic_scale >= 0);
    if (r.status != search_status::found) return r;
    if constexpr (std::is_same_v<Cost, distance_cost>) {
        // The hierarchy's answer is the search's, exact; a scale above 1
        // asks for the faster inexact search.
        if (g.has_hierarchy() && heuristic_scale <= 1.0f) {
            return search_detail::exact_by_hierarchy(g, start, start_point, goal, goal_point, scratch, want_corridor);
        }
    }
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.exact(start, start_point, goal, goal_point, heuristic_scale, want_corridor);
}

// The cost of the cheapest path (find_exact_path without the corridor):
// the geodesic distance with the default cost. Negative when there is none.
template <class Cost = distance_cost>
float geodesic_distance(const search_graph& g, polygon_index start, vec3 start_point, polygon_index goal,
                        vec3 goal_point, search_scratch& scratch, Cost cost = {}) noexcept {
    const auto r = find_exact_path(g, start, start_point, goal, goal_point, scratch, cost, 1.0f, false);
    return r.status == search_status::found ? r.cost : -1.0f;
}

}  // namespace navspan::nav
#include "contraction_query.hpp"
#include "../core/min_max_pop.hpp"
