// navspan/nav/shortest_checked.hpp - find_shortest_path over a search
// graph's walkable, never longer than the pulled waypoints of the other two
// path searches between the same points:
//
//   navspan::nav::shortest_path_scratch shortest(mesh);  // per thread
//   navspan::nav::path_scratch plain(mesh);
//   navspan::nav::search_scratch exact(graph);
//   auto found = navspan::nav::find_shortest_path(graph, start, start_point,
//                                                 goal, goal_point, shortest,
//                                                 plain, exact);
//
// Why: the any-angle search's chain takes each turning point's height from
// its portal and crosses a drop or jump at its portal, where the funnel
// over a corridor (straight_path) crosses where the walk takes off and
// lands, at heights of its own. So the funnel over another corridor can
// come out a hair shorter than the chain (3 pairs of about 5,700 on the
// corpus, by 0.09% at most). This form runs find_path and find_exact_path
// too and offers their corridors (offer_corridor): the answer is the
// shortest of the chain and the three corridors pulled. The navspan
// command's `path --shortest` and `distance --shortest` and the C ABI's
// shortest model answer so. It costs the two other searches (find_path
// about a plain A*, find_exact_path less with the graph's hierarchy);
// find_shortest_path(walkable, ...) alone stays the faster form.
//
// Where the any-angle search runs out of its scratch's nodes (a long path
// over a large map of many small polygons: limit_exceeded), the shorter of
// the other two corridors pulled is its best known path (offer_best_known):
// the status stays limit_exceeded (not proven the shortest), and the
// waypoints, corridor and cost are that path's. So the answer is never
// longer than the other two searches' waypoints either way.
// Allocates nothing.
#pragma once
#include "../core/min_max_push.hpp"

#include <span>

#include "path.hpp"
#include "search_graph.hpp"
#include "shortest_path.hpp"

namespace navspan::nav {

// Where find_shortest_path(walkable, ...) answered limit_exceeded (out of
// its scratch's nodes): a corridor between the same points (find_path's,
// find_exact_path's), pulled (straight_path), becomes `found`'s best known
// path (waypoints, corridor and cost) when it is the first offered or
// shorter than the one before. The status stays limit_exceeded: the path
// is not proven the shortest. True when it did. Allocates nothing.
inline bool offer_best_known(const walkable& w, shortest_path_result& found, std::span<const polygon_index> corridor,
                             vec3 start_point, vec3 goal_point, shortest_path_scratch& scratch) noexcept {
    if (found.status != query_status::limit_exceeded || !scratch.fits(w)) return false;
    const shortest_path_run run{w, scratch};
    return run.take_pulled(found, corridor, start_point, goal_point);
}

inline shortest_path_result find_shortest_path(const search_graph& g, polygon_index start, vec3 start_point,
                                               polygon_index goal, vec3 goal_point, shortest_path_scratch& scratch,
                                               path_scratch& plain, search_scratch& exact) {
    if (g.mesh() == nullptr) {
        shortest_path_result r;
        r.status = query_status::bad_input;
        return r;
    }
    const walkable& w = *g.mesh();
    shortest_path_result found = find_shortest_path(w, start, start_point, goal, goal_point, scratch);
    // Within one polygon the answer is the straight line: nothing to offer.
    const bool proven = found.status == query_status::found;
    if ((!proven && found.status != query_status::limit_exceeded) || start == goal) return found;
    const auto offer = [&](std::span<const polygon_index> corridor) {
        if (proven) offer_corridor(w, found, corridor, scratch);
        else offer_best_known(w, found, corridor, start_point, goal_point, scratch);
    };
    const path_result by_polygons = find_path(w, start, start_point, goal, goal_point, plain);
    if (by_polygons.status == path_status::found) offer(by_polygons.corridor);
    const exact_path_result by_midpoints = find_exact_path(g, start, start_point, goal, goal_point, exact);
    if (by_midpoints.status == search_status::found) offer(by_midpoints.corridor);
    return found;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
