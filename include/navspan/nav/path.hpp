// navspan/nav/path.hpp - paths over a walkable: A* over polygons, the
// waypoints of the corridor it finds, and a walk along the surface.
//
//   navspan::nav::path_scratch scratch(mesh);           // sized once
//   auto found = navspan::nav::find_path(mesh, start, start_point,
//                                        goal, goal_point, scratch);
//   if (found.status == navspan::nav::path_status::found) {
//       found.corridor;                                 // polygon indices
//       navspan::vec3 points[64];
//       auto n = navspan::nav::straight_path(mesh, found.corridor,
//                                            start_point, goal_point, points);
//   }
//
// The search moves between polygons through the midpoints of their
// portals, the cost of a step being the distance walked (times what the
// cost hook says), with the straight-line distance to the goal as its
// heuristic (scaled by the hook's lower bound per unit of length: see
// find_path): the cost model of Detour's findPath with one area cost. Once the
// scratch fits the walkable, no query allocates. One state per polygon
// makes this search fast but not always shortest under that model;
// search_graph.hpp has the exact one (find_exact_path).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "funnel.hpp"
#include "geometry.hpp"
#include "heap.hpp"
#include "status.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The state of one search per polygon, and the heap. Reused across
// queries: a generation number marks what the current query has touched,
// so nothing is cleared between queries.
class path_scratch {
public:
    path_scratch() = default;
    explicit path_scratch(const walkable& w) { fit(w); }

    // Makes room for this walkable (allocates only when it grows).
    void fit(const walkable& w) { fit(w.polygon_count()); }
    void fit(std::size_t polygons) {
        if (polygons <= nodes_.size()) return;
        nodes_.resize(polygons);
        heap_.resize(polygons);
        corridor_.resize(polygons);
        steps_.resize(polygons);
    }
    std::size_t capacity() const noexcept { return nodes_.size(); }
    std::size_t memory_bytes() const noexcept {
        return nodes_.capacity() * sizeof(node) + (heap_.capacity() + corridor_.capacity()) * sizeof(polygon_index) +
               steps_.capacity() * sizeof(const link*);
    }

private:
    template <class Cost>
    friend struct path_search;
    struct node {
        float cost = 0;   // from the start to `at`
        float total = 0;  // cost + heuristic
        vec3 at{};        // where the path enters the polygon (plan frame)
        polygon_index parent = no_polygon;
        std::uint32_t heap_slot = 0;
        std::uint32_t generation = 0;
        std::uint32_t via = 0;  // which of the parent's links led here
        bool closed = false;
    };
    std::vector<node> nodes_;
    std::vector<polygon_index> heap_;
    std::vector<polygon_index> corridor_;
    std::vector<const link*> steps_;
    std::uint32_t generation_ = 0;
};

// What find_path answers. `corridor` points into the scratch: valid until
// its next query.
struct path_result {
    path_status status = path_status::no_path;
    float cost = 0;  // the cost of the corridor (with the default hook: its length through portal midpoints; on one polygon: the straight line)
    std::span<const polygon_index> corridor;
    // The link each step took: links[i] leads from corridor[i] to
    // corridor[i + 1] (so straight_path needs no lookup, and follows the
    // link the search priced where two polygons have more than one).
    std::span<const link* const> links;
    std::size_t expanded = 0;  // polygons taken off the open list
};

// The default cost of a step: its length.
struct distance_cost {
    float operator()(const walkable&, polygon_index, const link&, float length) const noexcept { return length; }
};

namespace path_detail {

inline float plan_distance3(vec3 a, vec3 b) noexcept {
    const float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

inline vec3 midpoint(const link& l) noexcept {
    return {(l.portal_a.x + l.portal_b.x) * 0.5f, (l.portal_a.y + l.portal_b.y) * 0.5f,
            (l.portal_a.z + l.portal_b.z) * 0.5f};
}

}  // namespace path_detail

template <class Cost>
struct path_search {
    using node = path_scratch::node;
    const walkable& w;
    path_scratch& s;
    Cost& cost_of;
    float heuristic_scale = 1.0f;
    std::size_t size = 0;

    // The heap's order (least total first) and where it tells each polygon
    // its slot (for up() when a cheaper way in turns up).
    auto by_total() const noexcept {
        return [this](polygon_index a, polygon_index b) { return s.nodes_[a].total < s.nodes_[b].total; };
    }
    auto note_slot() noexcept {
        return [this](std::size_t slot, polygon_index p) { s.nodes_[p].heap_slot = static_cast<std::uint32_t>(slot); };
    }
    void up(std::size_t slot, polygon_index p) noexcept { heap_detail::sift_up(s.heap_.data(), slot, p, by_total(), note_slot()); }
    polygon_index pop() noexcept { return heap_detail::pop(s.heap_.data(), size, by_total(), note_slot()); }

    // The corridor back from the goal, and the link of each step.
    path_result found(path_result r, polygon_index goal, float cost) noexcept {
        r.status = path_status::found;
        r.cost = cost;
        std::size_t n = 0;
        for (polygon_index p = goal; p != no_polygon && n < s.corridor_.size(); p = s.nodes_[p].parent) {
            const node& at = s.nodes_[p];
            s.corridor_[n] = p;
            if (at.parent != no_polygon) s.steps_[n] = &w.links(at.parent)[at.via];
            ++n;
        }
        // Entry k of steps_ led into corridor_[k]; the start (last) has none.
        std::reverse(s.corridor_.begin(), s.corridor_.begin() + static_cast<std::ptrdiff_t>(n));
        std::reverse(s.steps_.begin(), s.steps_.begin() + static_cast<std::ptrdiff_t>(n - 1));
        r.corridor = {s.corridor_.data(), n};
        r.links = {s.steps_.data(), n - 1};
        return r;
    }

    // A new query: a fresh generation (so nothing is cleared), an empty heap.
    std::uint32_t begin() noexcept {
        if (++s.generation_ == 0) {  // wrapped: forget every old mark
            for (node& n : s.nodes_) n.generation = 0;
            s.generation_ = 1;
        }
        size = 0;
        return s.generation_;
    }

    // Gives `next` the cost g (and A*'s key `total`), entered at `entry`
    // through link `via` of `parent`: onto the heap when `fresh` (not yet
    // touched by this query), else up from where it sits.
    void open(polygon_index next, bool fresh, float g, float total, vec3 entry, polygon_index parent, std::uint32_t via,
              std::uint32_t gen) noexcept {
        node& nn = s.nodes_[next];
        nn.cost = g;
        nn.total = total;
        nn.at = entry;
        nn.parent = parent;
        nn.via = via;
        nn.generation = gen;
        nn.closed = false;
        if (fresh) up(size++, next);
        else up(nn.heap_slot, next);
    }

    // Dijkstra from many starts at once (run() with no goal and heuristic
    // 0): every start polygon at cost 0, standing at its start point (the
    // first start on a polygon decides where), each polygon entered at the
    // midpoint of the portal of its cheapest arrival and left from there.
    // Calls settle(polygon, cost) for every polygon within `max_cost`, in
    // increasing cost. `starts`: a range of (polygon, world point) pairs
    // with .polygon and .point, checked by the caller.
    template <class Starts, class Settle>
    void settle_from(const Starts& starts, float max_cost, Settle&& settle) noexcept {
        const std::uint32_t gen = begin();
        for (const auto& st : starts) {
            if (s.nodes_[st.polygon].generation == gen) continue;  // a second start on one polygon
            const vec3 at = w.to_plan(st.point);
            open(st.polygon, true, 0.0f, 0.0f, at, no_polygon, 0, gen);
        }
        while (size > 0) {
            const polygon_index cur = pop();
            node& c = s.nodes_[cur];
            c.closed = true;
            settle(cur, c.cost);
            const auto out = w.links(cur);
            for (std::size_t k = 0; k < out.size(); ++k) {
                const link& l = out[k];
                node& nn = s.nodes_[l.target];
                const bool fresh = nn.generation != gen;
                if (!fresh && nn.closed) continue;
                const vec3 mid = path_detail::midpoint(l);
                const float step = cost_of(w, cur, l, path_detail::plan_distance3(c.at, mid));
                if (!(step >= 0) || step == std::numeric_limits<float>::infinity()) continue;  // forbidden
                const float g = c.cost + step;
                if (g > max_cost || (!fresh && !(g < nn.cost))) continue;
                open(l.target, fresh, g, g, mid, cur, static_cast<std::uint32_t>(k), gen);
            }
        }
    }

    path_result run(polygon_index start, vec3 start_plan, polygon_index goal, vec3 goal_plan) noexcept {
        path_result r;
        const std::uint32_t gen = begin();
        open(start, true, 0, heuristic_scale * path_detail::plan_distance3(start_plan, goal_plan), start_plan, no_polygon, 0, gen);
        while (size > 0) {
            const polygon_index cur = pop();
            node& c = s.nodes_[cur];
            c.closed = true;
            ++r.expanded;
            // Start and goal on one polygon: no step was priced, yet the walk
            // is the straight line between the points, never free.
            if (cur == goal) return found(r, goal, cur == start ? path_detail::plan_distance3(start_plan, goal_plan) : c.cost);
            const auto out = w.links(cur);
            for (std::size_t k = 0; k < out.size(); ++k) {
                const link& l = out[k];
                const polygon_index next = l.target;
                node& nn = s.nodes_[next];
                const bool fresh = nn.generation != gen;
                if (!fresh && nn.closed) continue;
                const vec3 mid = path_detail::midpoint(l);
                const vec3 entry = next == goal ? goal_plan : mid;
                float step_length = path_detail::plan_distance3(c.at, mid);
                if (next == goal) step_length += path_detail::plan_distance3(mid, goal_plan);
                const float step = cost_of(w, cur, l, step_length);
                if (!(step >= 0) || step == std::numeric_limits<float>::infinity()) continue;  // forbidden
                const float g = c.cost + step;
                if (!fresh && !(g < nn.cost)) continue;
                const float h = next == goal ? 0.0f : heuristic_scale * path_detail::plan_distance3(entry, goal_plan);
                open(next, fresh, g, g + h, entry, cur, static_cast<std::uint32_t>(k), gen);
            }
        }
        r.status = path_status::no_path;
        return r;
    }
};

// A* from polygon `start` (leaving from `start_point`) to polygon `goal`
// (arriving at `goal_point`); points in world coordinates. `cost(walkable,
// from, link, length)` prices each step; a negative, infinite or NaN cost
// forbids the link. Allocates nothing.
//
// `heuristic_scale` is the least the hook ever charges per unit of length:
// the straight line to the goal times it never overestimates what is left,
// so A* stays as good as with the default hook. 1 (the default) suits hooks
// that never price a step below its length; a hook that does (every step
// 1: the fewest hops; a price per polygon entered) needs its own bound, or
// 0, which makes the search Dijkstra's: the heuristic is then no help, and
// the search expands every polygon cheaper than the goal. Negative or NaN:
// bad_input.
template <class Cost = distance_cost>
path_result find_path(const walkable& w, polygon_index start, vec3 start_point, polygon_index goal, vec3 goal_point,
                      path_scratch& scratch, Cost cost = {}, float heuristic_scale = 1.0f) noexcept {
    path_result r;
    if (start >= w.polygon_count() || goal >= w.polygon_count() || !w.usable(start) || !w.usable(goal) ||
        !valid_query_point(start_point) || !valid_query_point(goal_point) || !(heuristic_scale >= 0) ||
        heuristic_scale == std::numeric_limits<float>::infinity()) {
        r.status = path_status::bad_input;
        return r;
    }
    if (scratch.capacity() < w.polygon_count()) {
        r.status = path_status::scratch_too_small;
        return r;
    }
    path_search<Cost> search{w, scratch, cost, heuristic_scale};
    return search.run(start, w.to_plan(start_point), goal, w.to_plan(goal_point));
}

// The corner points of the shortest way through the corridor (the funnel
// over its portals, as Detour's findStraightPath), start and goal
// included, in world coordinates. Every segment between two waypoints lies
// over the corridor's polygons in plan, or over the gap a link bridges
// (from where it takes off, through its portal, to where it lands): where the corridor turns back
// (a drop onto an area beside or below the one left, an area overlapping
// the last in plan) the path crosses that portal at one point and the
// funnel starts afresh from there. A corridor that does not follow links
// stops at the first gap. There are at most 3 * corridor.size() + 1
// waypoints (a turn at each end of a link's gap and at its portal): an
// `out` of 3 * corridor.size() + 2 always suffices.
// Allocates nothing.
//
// Cost. Each step is derived once from what the walkable worked out when
// it was built (the portal's sides, its take-off and landing points where
// the polygons do not hold it, whether the polygon entered lies ahead of
// the portal): O(1), no polygon test (but on polygons past
// walkable::max_tested_corners). While the steps are direct ones (an edge
// both polygons share, or a drop whose landing the walkable holds, with
// the way on ahead: nearly all but Quake's), the funnel reads each portal
// and landing from its link (funnel.hpp); from the first other step on,
// from a ring of the last 64 portals on the stack; points (Quake links'
// take-off, portal and landing) are decided as they come. On the bench's
// maps it costs 3.0-7.0% of find_path's instructions (14.5% on Cheat_Room,
// whose searches are short, 18.5% on hip1m3, whose every link lands off
// its portal; callgrind, 2026-11-30, the bench's 256 pairs), against
// 3.7-7.9% (13.9%, 18.6%) before the drops joined the first loop (their
// corridors then went on in the ring) and 4.2-25% before these loops.
// (A funnel that keeps both its sides whole and never starts afresh,
// linear in the corridor, was tried: each portal end then costs more
// tests than the rereading it saves, and it took more instructions on
// every bench map but hip1m3.)
//
// Work bound. A restart from a corner rescans the portals after it, so a
// crafted corridor (one winding round a pillar, each corner found only a
// quarter turn on) would make the funnel quadratic. It visits at most 16
// portals per portal number (16 * (3 * steps + 1) + 16; the corpus needs
// at most 1.5 per number); past that the rest of the way goes through
// the midpoint of each portal left, then the goal: over the corridor, and
// `complete` as usual (true when `out` held it all), but not the shortest.
// So with `links` a call costs O(corridor) whatever the file; without,
// each step derived adds a lookup in its polygon's list of links.
//
// `links` (path_result::links: links[i] from corridor[i] to
// corridor[i + 1]) spares the lookup of each step's link; without it (an
// empty span) each is looked up in its polygon's list.
inline straight_path_result straight_path(const walkable& w, std::span<const polygon_index> corridor,
                                          std::span<const link* const> links, vec3 start_point, vec3 goal_point,
                                          std::span<vec3> out) noexcept {
    if (out.empty()) return {};
    const path_detail::funnel_portals portals(w, corridor, links, w.to_plan(goal_point));
    path_detail::funnel_run run(w, portals, out);
    run.run(w.to_plan(start_point));
    return run.r;
}

inline straight_path_result straight_path(const walkable& w, std::span<const polygon_index> corridor, vec3 start_point,
                                          vec3 goal_point, std::span<vec3> out) noexcept {
    return straight_path(w, corridor, {}, start_point, goal_point, out);
}

// The waypoints of a path find_path found (its corridor and links).
inline straight_path_result straight_path(const walkable& w, const path_result& found, vec3 start_point, vec3 goal_point,
                                          std::span<vec3> out) noexcept {
    return straight_path(w, found.corridor, found.links, start_point, goal_point, out);
}

// Where a walk along the surface from `from` toward `to` stops.
struct raycast_result {
    bool blocked = false;    // a wall (an edge with no walkable neighbour) was met
    float fraction = 1;      // how far along from -> to the walk got (1 when it reached `to`)
    polygon_index last = no_polygon;  // the polygon the walk ended on
    std::size_t visited = 0;          // polygons crossed
    // The walk stopped because it made no headway through a tangle of
    // polygons (coincident or overlapping ones linked into a loop) within
    // its work bound; `blocked` is then true as well.
    bool gave_up = false;
};

// Walks the plan segment from `from` (on polygon `start`) toward `to`,
// crossing from polygon to polygon over walk links (a link whose target
// contains the point where the segment leaves the current polygon and
// lies within `step_height` of its surface there). Stops at the first
// edge with none: the wall Detour's raycast reports.
//
// Work. A walk over convex polygons enters each at most once, so it looks
// at each link at most once. A hostile walkable can instead hold polygons
// that lie on top of each other and link to each other, where the walk
// would step between them without moving along the segment; the walk never
// steps straight back to the polygon it came from, and it counts the
// links it examines: once that count passes link_count() + polygon_count()
// (what one honest walk over the whole walkable could examine) it stops,
// blocked, with gave_up set. A call costs O(corners + links) of the
// walkable at most. Allocates nothing.
inline raycast_result raycast(const walkable& w, polygon_index start, vec3 from, vec3 to, float step_height = 18.0f) noexcept {
    using namespace geometry_detail;
    raycast_result r;
    if (start >= w.polygon_count() || !w.usable(start) || !valid_query_point(from) || !valid_query_point(to)) {
        r.blocked = true;
        r.fraction = 0;
        return r;
    }
    const vec3 a = w.to_plan(from), b = w.to_plan(to);
    const plan2 pa{a.x, a.y}, pb{b.x, b.y};
    polygon_index cur = start, came_from = no_polygon;
    double t_in = 0;
    std::size_t budget = w.link_count() + w.polygon_count() + 1;
    for (;;) {
        r.last = cur;
        ++r.visited;
        // Where the segment leaves `cur` (clipping against each edge's
        // half-plane; the polygons of every format are convex).
        const auto c = w.plan_corners(cur);
        const double side = signed_area2(c) < 0 ? -1.0 : 1.0;
        double t_out = 1;
        for (std::size_t i = 0; i < c.size(); ++i) {
            const plan2 e0{c[i].x, c[i].y}, e1{c[(i + 1) % c.size()].x, c[(i + 1) % c.size()].y};
            const double d0 = side * cross(e0, e1, pa), d1 = side * cross(e0, e1, pb);
            if (d1 >= 0) continue;  // the end is on the inner side of this edge
            const double t = d0 <= 0 ? t_in : d0 / (d0 - d1);
            t_out = std::min(t_out, t);
        }
        t_out = std::max(t_out, t_in);
        if (t_out >= 1) {
            r.fraction = 1;
            return r;
        }
        const double t_next = std::min(1.0, t_out + 1e-4 / std::max(1.0, std::hypot(pb.x - pa.x, pb.y - pa.y)));
        const plan2 past{pa.x + t_next * (pb.x - pa.x), pa.y + t_next * (pb.y - pa.y)};
        const double h = plan_height(w, cur, {pa.x + t_out * (pb.x - pa.x), pa.y + t_out * (pb.y - pa.y)});
        polygon_index next = no_polygon;
        for (const link& l : w.links(cur)) {
            if (budget == 0) break;
            --budget;
            if (l.kind != link_kind::walk && l.kind != link_kind::cross_group && l.kind != link_kind::cross_navmesh) continue;
            if (l.target == came_from) continue;
            if (!plan_contains(w.plan_corners(l.target), past)) continue;
            if (std::fabs(plan_height(w, l.target, past) - h) > step_height) continue;
            next = l.target;
            break;
        }
        if (next == no_polygon) {
            r.blocked = true;
            r.gave_up = budget == 0;
            r.fraction = static_cast<float>(t_out);
            return r;
        }
        if (budget == 0) {
            r.blocked = r.gave_up = true;
            r.fraction = static_cast<float>(t_out);
            return r;
        }
        --budget;  // the step itself
        came_from = cur;
        cur = next;
        t_in = t_out;
    }
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
