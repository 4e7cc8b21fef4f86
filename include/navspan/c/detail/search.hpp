// The inside of libnavspan's searches: the one body behind
// navspan_find_path, navspan_find_exact_path and their _scaled forms, the
// one behind navspan_distance_field and navspan_distance_field_model (any
// model), and those of navspan_reach, navspan_distance and
// navspan_find_nearest_goal with their _model forms. Read by navspan.cpp only, whose entry points call these.
#pragma once

#include "../../core/min_max_push.hpp"

#include "abi.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>

namespace navspan::c_detail {

// navspan_graph_options_init's options: sized, no accelerator, the
// graph's default landmarks.
inline navspan_graph_options default_graph_options() noexcept {
    navspan_graph_options o{};
    o.size = sizeof o;
    o.landmarks = nav::search_graph::options{}.landmarks;
    return o;
}

// The graph options a navspan_graph_options asks for (the members its
// size covers; the rest the defaults); false for a size of 0, a flag the
// library does not know, or more landmarks than a query reads.
inline bool graph_options_of(const navspan_graph_options& given, nav::search_graph::options& o) noexcept {
    if (given.size == 0) return false;
    navspan_graph_options c = default_graph_options();
    std::memcpy(&c, &given, std::min(given.size, sizeof c));
    constexpr std::uint32_t known = NAVSPAN_GRAPH_HIERARCHY | NAVSPAN_GRAPH_ALL_PAIRS;
    if ((c.flags & ~known) != 0 || c.landmarks > 32) return false;
    o = nav::search_graph::options{};
    o.landmarks = c.landmarks;
    o.hierarchy = (c.flags & NAVSPAN_GRAPH_HIERARCHY) != 0;
    o.all_pairs = (c.flags & NAVSPAN_GRAPH_ALL_PAIRS) != 0;
    return true;
}

// navspan_mesh_graph_info's answer.
inline navspan_graph_info graph_info_of(const nav::search_graph& g) noexcept {
    navspan_graph_info info{};
    info.size = sizeof info;
    info.has_hierarchy = g.has_hierarchy() ? 1 : 0;
    info.has_all_pairs = g.has_table() ? 1 : 0;
    info.landmarks = g.landmark_count();
    info.states = static_cast<std::uint32_t>(g.state_count());
    info.memory_bytes = g.memory_bytes();
    info.hierarchy_bytes = g.hierarchy_bytes();
    info.all_pairs_bytes = g.table_bytes();
    return info;
}

// navspan_path_request_init's request: sized, both ends to be found from
// their points.
inline navspan_path_request default_path_request() noexcept {
    navspan_path_request r{};
    r.size = sizeof r;
    r.start = r.goal = NAVSPAN_NO_POLYGON;
    return r;
}

// The polygon and point of each end of a path request, into the result:
// a polygon given is checked, NAVSPAN_NO_POLYGON is found from the point
// (which then moves onto the polygon's surface). invalid_argument for a
// point not finite or a polygon out of range, unusable or not found.
inline navspan_result resolve_path_ends(const navspan_mesh& m, const navspan_path_request& q, navspan_path_result& r) {
    const std::uint32_t polygons = static_cast<std::uint32_t>(m.w.polygon_count());
    std::memcpy(r.start_point, q.start_point, sizeof r.start_point);
    std::memcpy(r.goal_point, q.goal_point, sizeof r.goal_point);
    for (int end = 0; end < 2; ++end) {
        std::uint32_t& polygon = end == 0 ? r.start : r.goal;
        float* point = end == 0 ? r.start_point : r.goal_point;
        polygon = end == 0 ? q.start : q.goal;
        if (!finite3(point)) return navspan_result_invalid_argument;
        if (polygon == NAVSPAN_NO_POLYGON) {
            const auto at = resolve(m, point);
            if (!at) return navspan_result_invalid_argument;
            polygon = at->polygon;
            put(point, at->point);
        } else if (polygon >= polygons || !m.w.usable(polygon)) {
            return navspan_result_invalid_argument;
        }
    }
    return navspan_result_success;
}

// A* over the polygons, or the exact search over the mesh's search graph
// (its corridor lives in the graph scratch until the next search), with
// the request's cost hook if it has one.
inline nav::path_result search_path(const navspan_mesh& m, const navspan_path_request& q, const navspan_path_result& r,
                                    navspan_scratch& scratch, bool exact, float heuristic_scale) {
    const navspan::vec3 a = vec(r.start_point), b = vec(r.goal_point);
    const hook_cost hook{q.cost, q.cost_user, m.w.link_count() ? m.w.links(0).data() : nullptr};
    if (!exact) {
        return q.cost != nullptr ? nav::find_path(m.w, r.start, a, r.goal, b, scratch.s, hook, heuristic_scale)
                                 : nav::find_path(m.w, r.start, a, r.goal, b, scratch.s, nav::distance_cost{},
                                                  heuristic_scale);
    }
    const nav::search_graph& g = m.graph();
    scratch.fit(g);
    const nav::exact_path_result ex =
        q.cost != nullptr ? nav::find_exact_path(g, r.start, a, r.goal, b, scratch.graph_s, hook, heuristic_scale)
                          : nav::find_exact_path(g, r.start, a, r.goal, b, scratch.graph_s, nav::distance_cost{},
                                                 heuristic_scale);
    nav::path_result found;
    found.status = ex.status;
    found.cost = ex.cost;
    found.corridor = ex.corridor;
    found.expanded = ex.expanded;
    return found;
}

// The corridor and the waypoints of a path found, into the caller's
// arrays; an array left NULL was not asked for and never makes the call
// fail. buffer_too_small when an array is shorter than the path.
// The cost and corridor of a path found, into the caller's array (NULL:
// not asked for); buffer_too_small when the array is shorter.
inline navspan_result copy_corridor_out(const navspan_path_request& q, std::span<const nav::polygon_index> corridor,
                                        float cost, navspan_path_result& r) {
    r.cost = cost;
    r.corridor_count = corridor.size();
    if (q.corridor == nullptr) return navspan_result_success;
    const std::size_t kept = std::min(corridor.size(), q.corridor_capacity);
    if (kept > 0) std::memcpy(q.corridor, corridor.data(), kept * sizeof(std::uint32_t));
    return kept < corridor.size() ? navspan_result_buffer_too_small : navspan_result_success;
}

inline navspan_result copy_path_out(const navspan_mesh& m, const navspan_path_request& q, const nav::path_result& found,
                                    navspan_scratch& scratch, navspan_path_result& r) {
    navspan_result status = copy_corridor_out(q, found.corridor, found.cost, r);
    if (q.waypoints != nullptr) {
        // The scratch holds room for the longest corridor's funnel
        // (navspan_scratch::fit), so the path is never cut here.
        const auto straight = nav::straight_path(m.w, found.corridor, vec(r.start_point), vec(r.goal_point), scratch.points);
        if (!straight.complete) return navspan_result_internal;
        r.waypoint_count = straight.count;
        const std::size_t n = std::min(straight.count, q.waypoint_capacity);
        for (std::size_t i = 0; i < n; ++i) put(q.waypoints + 3 * i, scratch.points[i]);
        if (n < straight.count) status = navspan_result_buffer_too_small;
    }
    return status;
}

// find_shortest_path over the mesh's search graph (shortest_checked.hpp):
// find_path's and find_exact_path's corridors offered too, so the answer
// is never longer than their waypoints, as the command's path --shortest.
// Within one polygon (the straight line) the graph is not asked for.
inline nav::shortest_path_result checked_shortest(const navspan_mesh& m, navspan_scratch& scratch, std::uint32_t start,
                                                  navspan::vec3 start_point, std::uint32_t goal, navspan::vec3 goal_point) {
    if (start == goal) {
        scratch.fit_shortest(m.w);
        return nav::find_shortest_path(m.w, start, start_point, goal, goal_point, scratch.shortest);
    }
    const nav::search_graph& g = m.graph();
    scratch.fit(g);
    scratch.fit(m.w);
    scratch.fit_shortest(m.w);
    return nav::find_shortest_path(g, start, start_point, goal, goal_point, scratch.shortest, scratch.s, scratch.graph_s);
}

// navspan_path_shortest: find_shortest_path, its corridor and its own
// waypoints into the caller's arrays. Out of nodes with a best known path
// (shortest_checked.hpp): that path, as far as the arrays hold it (the
// counts say how long it is), and limit_exceeded.
inline navspan_result shortest_path_out(const navspan_mesh& m, const navspan_path_request& q, navspan_scratch& scratch,
                                        navspan_path_result& r) {
    const auto found = checked_shortest(m, scratch, r.start, vec(r.start_point), r.goal, vec(r.goal_point));
    r.expanded = found.expanded;
    const bool best_known = found.status == nav::query_status::limit_exceeded && !found.waypoints.empty();
    if (found.status != nav::query_status::found && !best_known) return from_search(found.status);
    navspan_result status = copy_corridor_out(q, found.corridor, found.cost, r);
    if (q.waypoints != nullptr) {
        r.waypoint_count = found.waypoints.size();
        const std::size_t n = std::min(found.waypoints.size(), q.waypoint_capacity);
        for (std::size_t i = 0; i < n; ++i) put(q.waypoints + 3 * i, found.waypoints[i]);
        if (n < found.waypoints.size()) status = navspan_result_buffer_too_small;
    }
    return best_known ? navspan_result_limit_exceeded : status;
}

// navspan_find_path, navspan_find_exact_path, navspan_find_path_model and
// the _scaled forms: one body, the model and the heuristic's scale apart.
inline navspan_result find_path_with(const navspan_mesh* m, navspan_scratch* scratch, const navspan_path_request* request,
                                     navspan_path_result* result, navspan_path_model model, float heuristic_scale) {
    const bool exact = model == navspan_path_exact;
    if (m == nullptr || request == nullptr || result == nullptr || request->size == 0 || result->size == 0 ||
        !(heuristic_scale >= 0) || heuristic_scale == std::numeric_limits<float>::infinity()) {
        return navspan_result_invalid_argument;
    }
    navspan_path_request q = default_path_request();
    std::memcpy(&q, request, std::min(request->size, sizeof q));
    if ((q.corridor == nullptr && q.corridor_capacity != 0) || (q.waypoints == nullptr && q.waypoint_capacity != 0) ||
        (model == navspan_path_shortest && q.cost != nullptr)) {
        return navspan_result_invalid_argument;
    }
    return guarded([&] {
        navspan_path_result r{};
        r.start = r.goal = NAVSPAN_NO_POLYGON;
        navspan_result status = resolve_path_ends(*m, q, r);
        if (status == navspan_result_success && model == navspan_path_shortest) {
            status = with_shortest(*m, scratch, [&](navspan_scratch& s) { return shortest_path_out(*m, q, s, r); });
        } else if (status == navspan_result_success) {
            status = with_walkable(*m, scratch, [&](navspan_scratch& s) {
                const nav::path_result found = search_path(*m, q, r, s, exact, heuristic_scale);
                r.expanded = found.expanded;
                return found.status == nav::path_status::found ? copy_path_out(*m, q, found, s, r) : from_search(found.status);
            });
        }
        copy_out(result, r);
        return status;
    });
}

// The starts of a distance field into the scratch's list; false for a
// start graph_endpoint refuses.
inline bool field_starts(const navspan_mesh& m, navspan_scratch& s, const uint32_t* start_polygons, const float* start_points,
                         std::size_t start_count) {
    if (s.starts.size() < start_count) s.starts.resize(start_count);
    for (std::size_t i = 0; i < start_count; ++i) {
        const std::uint32_t polygon = start_polygons != nullptr ? start_polygons[i] : NAVSPAN_NO_POLYGON;
        const float* point = start_points != nullptr ? start_points + 3 * i : nullptr;
        if (!graph_endpoint(m, polygon, point, s.starts[i])) return false;
    }
    return true;
}

// navspan_distance_field under any model: the exact one over the mesh's
// search graph, find_path's or find_shortest_path's over the walkable (no
// graph built).
inline navspan_result distance_field_with(const navspan_mesh* m, navspan_scratch* scratch, const uint32_t* start_polygons,
                                          const float* start_points, size_t start_count, float max_cost,
                                          navspan_field_model model, float* costs, size_t capacity, size_t* reached) {
    if (reached != nullptr) *reached = 0;
    // A start count no array of points could hold is refused before the
    // scratch is grown for it.
    if (m == nullptr || start_count == 0 || start_count > std::numeric_limits<std::size_t>::max() / (3 * sizeof(float)) ||
        (start_polygons == nullptr && start_points == nullptr) || (costs == nullptr && capacity != 0) ||
        !(max_cost >= 0)) {
        return navspan_result_invalid_argument;
    }
    if (capacity < m->w.polygon_count()) return navspan_result_buffer_too_small;
    auto finish = [&](const nav::distance_field_result& r) {
        if (reached != nullptr) *reached = r.reached;
        return from_search(r.status);
    };
    if (model == navspan_field_shortest) {
        return guarded([&] {
            return with_shortest(*m, scratch, [&](navspan_scratch& s) {
                if (!field_starts(*m, s, start_polygons, start_points, start_count)) return navspan_result_invalid_argument;
                return finish(nav::distance_field(m->w, std::span<const nav::goal_point>(s.starts.data(), start_count),
                                                  max_cost, std::span<float>(costs, capacity), s.shortest));
            });
        });
    }
    if (model == navspan_field_exact) {
        return guarded([&] {
            return with_graph(*m, scratch, [&](const nav::search_graph& g, navspan_scratch& s) {
                if (!field_starts(*m, s, start_polygons, start_points, start_count)) return navspan_result_invalid_argument;
                return finish(nav::distance_field(g, std::span<const nav::goal_point>(s.starts.data(), start_count), max_cost,
                                                  std::span<float>(costs, capacity), s.graph_s));
            });
        });
    }
    return guarded([&] {
        return with_walkable(*m, scratch, [&](navspan_scratch& s) {
            if (!field_starts(*m, s, start_polygons, start_points, start_count)) return navspan_result_invalid_argument;
            return finish(nav::distance_field(m->w, std::span<const nav::goal_point>(s.starts.data(), start_count), max_cost,
                                              std::span<float>(costs, capacity), s.s));
        });
    });
}

// navspan_reach under either of its models: the exact one over the mesh's
// search graph, or find_shortest_path's over the walkable.
inline navspan_result reach_with(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start, const float start_point[3],
                                 float max_cost, navspan_field_model model, navspan_reached* out, size_t capacity,
                                 size_t* count) {
    if (count != nullptr) *count = 0;
    const int which = c_enum_value(model);
    if (m == nullptr || (out == nullptr && capacity != 0) || !(max_cost >= 0) ||
        (which != navspan_field_exact && which != navspan_field_shortest)) {
        return navspan_result_invalid_argument;
    }
    nav::goal_point from;
    if (!graph_endpoint(*m, start, start_point, from)) return navspan_result_invalid_argument;
    // Into the scratch's list, room for every polygon: the whole count is
    // known however small the caller's array.
    auto copy = [&](const nav::reach_result& r, const navspan_scratch& s) {
        if (r.status != nav::search_status::found) return from_search(r.status);
        if (count != nullptr) *count = r.count;
        const std::size_t n = std::min(r.count, capacity);
        for (std::size_t i = 0; i < n; ++i) out[i] = {s.reached[i].polygon, s.reached[i].cost};
        return n < r.count ? navspan_result_buffer_too_small : navspan_result_success;
    };
    return guarded([&] {
        if (which == navspan_field_shortest) {
            return with_shortest(*m, scratch, [&](navspan_scratch& s) {
                const std::span<nav::reached_polygon> all(s.reached.data(), m->w.polygon_count());
                return copy(nav::reach(m->w, from.polygon, from.point, max_cost, all, s.shortest), s);
            });
        }
        return with_graph(*m, scratch, [&](const nav::search_graph& g, navspan_scratch& s) {
            const std::span<nav::reached_polygon> all(s.reached.data(), g.polygon_count());
            return copy(nav::reach(g, from.polygon, from.point, max_cost, all, s.graph_s), s);
        });
    });
}

// navspan_distance under any path model: find_path's cost, the exact
// path's (over the search graph) or the any-angle shortest path's length.
inline navspan_result distance_with(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start,
                                    const float start_point[3], uint32_t goal, const float goal_point[3],
                                    navspan_path_model model, float* cost) {
    if (cost != nullptr) *cost = std::numeric_limits<float>::infinity();
    const int which = c_enum_value(model);
    if (m == nullptr || cost == nullptr ||
        (which != navspan_path_polygons && which != navspan_path_exact && which != navspan_path_shortest)) {
        return navspan_result_invalid_argument;
    }
    nav::goal_point a, b;
    if (!graph_endpoint(*m, start, start_point, a) || !graph_endpoint(*m, goal, goal_point, b)) {
        return navspan_result_invalid_argument;
    }
    return guarded([&] {
        if (which == navspan_path_shortest) {
            return with_shortest(*m, scratch, [&](navspan_scratch& s) {
                const auto r = checked_shortest(*m, s, a.polygon, a.point, b.polygon, b.point);
                // (Out of nodes: the best known path's length, an upper bound.)
                if (r.status == nav::query_status::found || !r.waypoints.empty()) *cost = r.cost;
                return from_search(r.status);
            });
        }
        if (which == navspan_path_polygons) {
            return with_walkable(*m, scratch, [&](navspan_scratch& s) {
                const auto r = nav::find_path(m->w, a.polygon, a.point, b.polygon, b.point, s.s);
                if (r.status == nav::query_status::found) *cost = r.cost;
                return from_search(r.status);
            });
        }
        return with_graph(*m, scratch, [&](const nav::search_graph& g, navspan_scratch& s) {
            const auto r = nav::find_exact_path(g, a.polygon, a.point, b.polygon, b.point, s.graph_s, nav::distance_cost{},
                                                1.0f, false);
            if (r.status == nav::search_status::found) *cost = r.cost;
            return from_search(r.status);
        });
    });
}

// navspan_find_nearest_goal under the exact model or the shortest path's.
inline navspan_result nearest_goal_with(const navspan_mesh* m, navspan_scratch* scratch, uint32_t start,
                                        const float start_point[3], const uint32_t* goal_polygons,
                                        const float* goal_points, size_t goal_count, navspan_path_model model,
                                        uint32_t* corridor, size_t corridor_capacity, navspan_nearest_goal* out) {
    const int which = c_enum_value(model);
    if (m == nullptr || out == nullptr || out->size < sizeof(navspan_nearest_goal) || goal_count == 0 ||
        goal_count > std::numeric_limits<std::size_t>::max() / (3 * sizeof(float)) ||
        (goal_polygons == nullptr && goal_points == nullptr) || (corridor == nullptr && corridor_capacity != 0) ||
        (which != navspan_path_exact && which != navspan_path_shortest)) {
        return navspan_result_invalid_argument;
    }
    out->goal = NAVSPAN_NO_POLYGON;
    out->polygon = NAVSPAN_NO_POLYGON;
    out->cost = std::numeric_limits<float>::infinity();
    out->corridor_count = 0;
    out->expanded = 0;
    nav::goal_point from;
    if (!graph_endpoint(*m, start, start_point, from)) return navspan_result_invalid_argument;
    auto copy = [&](const nav::nearest_goal_result& r, const navspan_scratch& s) {
        out->expanded = r.expanded;
        if (r.status != nav::search_status::found) return from_search(r.status);
        out->goal = static_cast<std::uint32_t>(r.goal);
        out->polygon = s.starts[r.goal].polygon;
        out->cost = r.cost;
        out->corridor_count = r.corridor.size();
        if (corridor == nullptr) return navspan_result_success;
        const std::size_t n = std::min(r.corridor.size(), corridor_capacity);
        std::copy_n(r.corridor.begin(), n, corridor);
        return n < r.corridor.size() ? navspan_result_buffer_too_small : navspan_result_success;
    };
    return guarded([&] {
        // The goals go where a distance field's starts go (grown once).
        if (which == navspan_path_shortest) {
            return with_shortest(*m, scratch, [&](navspan_scratch& s) {
                if (!field_starts(*m, s, goal_polygons, goal_points, goal_count)) return navspan_result_invalid_argument;
                const std::span<const nav::goal_point> goals(s.starts.data(), goal_count);
                return copy(nav::find_nearest_goal(m->w, from.polygon, from.point, goals, s.shortest), s);
            });
        }
        return with_graph(*m, scratch, [&](const nav::search_graph& g, navspan_scratch& s) {
            if (!field_starts(*m, s, goal_polygons, goal_points, goal_count)) return navspan_result_invalid_argument;
            const std::span<const nav::goal_point> goals(s.starts.data(), goal_count);
            return copy(nav::find_nearest_goal(g, from.polygon, from.point, goals, s.graph_s), s);
        });
    });
}

}  // namespace navspan::c_detail

#include "../../core/min_max_pop.hpp"
