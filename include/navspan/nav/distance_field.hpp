// navspan/nav/distance_field.hpp - distance_field: the cost from the
// nearest of many starts to every polygon, into the caller's array (reach
// from several points at once), under either of the two path models:
//
//   over a search_graph (search_scratch): the exact model, the one of
//     reach and find_exact_path. Dijkstra over the graph's states, one per
//     link (about four per polygon): a polygon may be left from whichever
//     of its portals makes the onward way cheapest. Never above the other.
//   over a walkable (path_scratch): find_path's model. Dijkstra over one
//     state per polygon, each entered at the midpoint of the portal of its
//     cheapest arrival and left from there; exactly the costs find_path
//     gives with heuristic_scale 0. 5 to 7 times faster; a few percent above the
//     exact field where a polygon's cheapest way in is not the one that
//     suits the way on (and equal everywhere else).
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "graph.hpp"
#include "path.hpp"
#include "reach.hpp"
#include "search_run.hpp"
#include "status.hpp"
#include "walkable.hpp"

namespace navspan::nav {

struct distance_field_result {
    search_status status = search_status::found;
    std::size_t reached = 0;  // polygons given a finite cost (the start polygons among them)
};

template <class Cost>
distance_field_result search_detail_run<Cost>::field(std::span<const goal_point> starts, float max_cost,
                                                      std::span<float> cost_per_polygon) noexcept {
    distance_field_result r;
    const float unreached = std::numeric_limits<float>::infinity();
    const std::size_t polygons = g.polygon_count();
    for (std::size_t p = 0; p < polygons; ++p) cost_per_polygon[p] = unreached;
    auto settle = [&](polygon_index p, float c) {
        // Dijkstra settles states in increasing cost, so the first state
        // into a polygon gives its cost; a later one is never cheaper.
        if (cost_per_polygon[p] != unreached) return true;
        cost_per_polygon[p] = c;
        ++r.reached;
        return true;
    };
    r.status = settle_from(starts, max_cost, settle);
    return r;
}

// The cost of entering each polygon from the nearest of `starts` (each a
// polygon and a world point on it), under reach's model: to the midpoint
// of the portal it is entered through, 0 for a start polygon. Written to
// `cost_per_polygon` (the caller's, at least polygon_count() long), one
// value per polygon, +infinity where no start reaches within `max_cost`.
// With one start it holds what reach() lists. Refused (bad_input, the
// array untouched) for no starts, an unusable start polygon or point, a
// negative or NaN `max_cost` or too short an array; scratch_too_small as
// reach. On limit_exceeded the array holds the costs settled so far.
template <class Cost = distance_cost>
distance_field_result distance_field(const search_graph& g, std::span<const goal_point> starts, float max_cost,
                                     std::span<float> cost_per_polygon, search_scratch& scratch,
                                     Cost cost = {}) noexcept {
    distance_field_result r;
    bool valid = !g.empty() && !starts.empty() && max_cost >= 0 && cost_per_polygon.size() >= g.polygon_count();
    for (std::size_t i = 0; valid && i < starts.size(); ++i) {
        valid = search_detail::usable_polygon(g, starts[i].polygon) && valid_query_point(starts[i].point);
    }
    r.status = search_detail::refusal(g, scratch, valid);
    if (r.status != search_status::found) return r;
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.field(starts, max_cost, cost_per_polygon);
}

// The same field under find_path's model (see the top of this file): one
// state per polygon, each polygon entered at the midpoint of the portal of
// its cheapest arrival, so each cost is the one find_path (heuristic_scale
// 0, the same hook) gives the polygon before it reaches it. Start polygons
// cost 0 and are left from their start point (the first start's, when two
// share a polygon). Faster than the exact field and never below it. The
// same refusals, bad_input and scratch_too_small (a path_scratch that does
// not fit `w`); no work bound, so never limit_exceeded. Allocates nothing.
template <class Cost = distance_cost>
distance_field_result distance_field(const walkable& w, std::span<const goal_point> starts, float max_cost,
                                     std::span<float> cost_per_polygon, path_scratch& scratch, Cost cost = {}) noexcept {
    distance_field_result r;
    const std::size_t polygons = w.polygon_count();
    bool valid = polygons > 0 && !starts.empty() && max_cost >= 0 && cost_per_polygon.size() >= polygons;
    for (std::size_t i = 0; valid && i < starts.size(); ++i) {
        valid = starts[i].polygon < polygons && w.usable(starts[i].polygon) && valid_query_point(starts[i].point);
    }
    if (!valid) {
        r.status = search_status::bad_input;
        return r;
    }
    if (scratch.capacity() < polygons) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    const float unreached = std::numeric_limits<float>::infinity();
    for (std::size_t p = 0; p < polygons; ++p) cost_per_polygon[p] = unreached;
    path_search<Cost> search{w, scratch, cost, 0.0f};
    // Each polygon is settled once, at its final cost.
    search.settle_from(starts, max_cost, [&](polygon_index p, float c) {
        cost_per_polygon[p] = c;
        ++r.reached;
    });
    return r;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
