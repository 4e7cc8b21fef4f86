// navspan/nav/search_graph.hpp - exact shortest paths, and the searches
// built on the same graph: everything reachable within a cost, the nearest
// of many goals, the geodesic distance between two points, the cost from
// the nearest of many starts to every polygon.
//
//   auto graph = navspan::nav::search_graph::build(mesh);  // once
//   navspan::nav::search_scratch scratch(graph);           // once per thread
//   auto found = navspan::nav::find_exact_path(graph, start, start_point,
//                                              goal, goal_point, scratch);
//
// The cost model (the one find_path prices a corridor with): a path leaves
// the start point, crosses each portal of its corridor at the portal's
// midpoint and ends at the goal point; its cost is the sum over its steps of
// cost(walkable, from, link, length), the length of a step being the
// straight 3D distance between the points it joins (the last step runs on
// to the goal point). With the default cost the cost is the length of that
// polyline. find_path (path.hpp) searches one state per polygon, entering
// each where the first path to reach it came in, and so can settle on a
// corridor that costs more than the best one; the search here has one state
// per link (standing on the portal's midpoint, about to enter its target),
// where every step joins two fixed points. The straight-line distance to
// the goal is then a consistent heuristic (no step is shorter than the
// straight line between its ends), so the first time A* takes the goal off
// its heap the path is the cheapest under the model: exact, up to float
// rounding. That holds for every cost hook that never prices a step below
// its length; a hook that does (a cheap road) passes `heuristic_scale`, the
// smallest cost per unit of length it gives, and is exact again.
//
// The graph is built once beside the walkable and never changes (any number
// of threads may search it, each with its own scratch). It holds, as
// structure of arrays:
//   - per link: its target and its portal midpoint (16 bytes, what every
//     step reads), and its source polygon (cold: only the building and the
//     searches that run backwards read it);
//   - per polygon: where its links and the links into it start;
//   - the step lengths precomputed, for each link, to every link out of its
//     target (where a file's polygons are so linked that these would number
//     more than `step_budget` per link, they are left out and computed by
//     each search, and the landmarks too);
//   - landmarks (ALT): for a few links chosen farthest apart, the exact distance
//     from each one to every link and from every link to each one. A search
//     uses them as a second lower bound of the distance to the goal (by the
//     triangle inequality), taking the larger of it and the straight line:
//     still consistent, usually much tighter.
// memory_bytes() reports it all; build_steps() the work of building it.
//
// Every search takes a search_scratch (one per thread; sized once for the
// graph) and caller storage for what it returns, and allocates nothing.
//
// The pieces, each in its own header (this one includes them all):
//   graph.hpp         the graph and its building
//   landmarks.hpp     the ALT landmarks
//   pair_table.hpp    the all-pairs table
//   search_run.hpp    search_scratch and what every search shares
//   exact_path.hpp    find_exact_path, geodesic_distance
//   reach.hpp         reach
//   nearest_goal.hpp  find_nearest_goal
//   distance_field.hpp distance_field (reach from many starts, into an array)
//   contraction.hpp   contraction_hierarchy (options::hierarchy, or one of
//                     its own): find_exact_path's costs from hub labels
//                     (contraction_labels.hpp), memory linear in the links
//                     (contraction_data.hpp: the classes;
//                     contraction_query.hpp: the queries)
// Their status is query_status (status.hpp); search_status names it.
#pragma once
#include "../core/min_max_push.hpp"

#include "graph.hpp"
#include "landmarks.hpp"
#include "pair_table.hpp"
#include "search_run.hpp"
#include "exact_path.hpp"
#include "reach.hpp"
#include "nearest_goal.hpp"
#include "distance_field.hpp"
#include "contraction.hpp"
#include "../core/min_max_pop.hpp"
