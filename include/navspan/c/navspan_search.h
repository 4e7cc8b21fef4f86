/* navspan's C ABI, part 3: the searches over a mesh's search graph (exact
 * paths, distances, reach, distance fields, the nearest goal, the path
 * models) and the accelerators a mesh may build for them.
 *
 * navspan.h includes this file; including it alone includes navspan.h
 * first. Everything said at the top of navspan.h (ownership, threads,
 * errors, stability) holds here too. */
#ifndef NAVSPAN_C_NAVSPAN_SEARCH_H
#define NAVSPAN_C_NAVSPAN_SEARCH_H

#include "navspan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Searches over the search graph (since 0.1.0) --------------------------
 *
 * The cost model of docs/nav.md ("Exact paths and more searches"): a path
 * crosses each portal at its midpoint; with no cost hook its cost is its
 * length. The mesh builds its search graph the first time one of these
 * runs on it: once, it allocates, and any number of threads may ask at
 * once. With a scratch they then allocate nothing (a scratch grows once to the mesh, and to the most starts given
 * to navspan_distance_field); `scratch` may be NULL (one is allocated for
 * the call). An endpoint is a polygon with a point on it: a polygon with a
 * NULL point stands at the polygon's centre; NAVSPAN_NO_POLYGON with a
 * point is the polygon under or above the point, else the nearest.
 * invalid_argument for a polygon out of range or unusable, a point not
 * finite, or NULL where an array is needed; limit_exceeded when a search
 * over a crafted file gives up. */

/* The cost of entering every polygon (to the midpoint of the portal it is
 * entered through; 0 for a start polygon) from the nearest of `start_count`
 * starts: polygon i is start_polygons[i] (NULL: every start from its point)
 * standing at start_points[3 * i] (NULL: the centres). costs[p] gets the
 * cost of polygon p, INFINITY where no start gets within `max_cost`
 * (INFINITY: no bound; negative or NaN: invalid_argument). `capacity` below
 * the polygon count: buffer_too_small, nothing written. `reached` (may be
 * NULL) counts the polygons with a finite cost. No starts: invalid_argument. */
NAVSPAN_C_API navspan_result navspan_distance_field(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                    const uint32_t* start_polygons, const float* start_points,
                                                    size_t start_count, float max_cost, float* costs,
                                                    size_t capacity, size_t* reached);

/* The cost model of a distance field (navspan_distance_field_model). */
typedef enum navspan_field_model NAVSPAN_C_ENUM_TYPE {
    /* The exact model of the searches above (navspan_distance_field's):
     * one search state per link, a polygon left from whichever portal
     * suits the way on. Never above the polygon model. */
    navspan_field_exact = 0,
    /* navspan_find_path's model (Dijkstra with no heuristic): one state
     * per polygon, each entered at the midpoint of the portal of its
     * cheapest arrival and left from there. 5 to 7 times faster, no search
     * graph built; a few percent above the exact field on some polygons. */
    navspan_field_polygon = 1,
    /* navspan_path_shortest's model (nav::find_shortest_path): the length
     * of the any-angle shortest path to the nearest point of each polygon
     * (free to cross portals anywhere), never above the exact field. No
     * search graph built; limit_exceeded when the scratch's search nodes
     * (16 per link) run out, as a field over a whole map of many small
     * polygons can (the costs are then lengths found, not all the least).
     * Since 0.1.0. */
    navspan_field_shortest = 2
} navspan_field_model;

/* navspan_distance_field under the `model` given (any other value:
 * invalid_argument); the same arguments, answers and refusals. With
 * navspan_field_polygon the mesh's search graph is not built. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_distance_field_model(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                          const uint32_t* start_polygons, const float* start_points,
                                                          size_t start_count, float max_cost, navspan_field_model model,
                                                          float* costs, size_t capacity, size_t* reached);

/* A polygon a reach got to, and the cost of entering it. */
typedef struct navspan_reached {
    uint32_t polygon;
    float cost;
} navspan_reached;

/* Every polygon entered at a cost of at most `max_cost` from `start` (at
 * `start_point`): the start first (cost 0), then in increasing cost.
 * `count` gets how many there are in all; above `capacity` the call
 * returns buffer_too_small (`out` holds the nearest `capacity`). `out` may
 * be NULL when capacity is 0. */
NAVSPAN_C_API navspan_result navspan_reach(const navspan_mesh* mesh, navspan_scratch* scratch, uint32_t start,
                                           const float start_point[3], float max_cost, navspan_reached* out,
                                           size_t capacity, size_t* count);

/* navspan_reach under the `model` given: navspan_field_exact (navspan_reach
 * itself) or navspan_field_shortest (the cost of a polygon is the length
 * to its nearest point; limit_exceeded as for the field); any other value:
 * invalid_argument. The same arguments and answers. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_reach_model(const navspan_mesh* mesh, navspan_scratch* scratch, uint32_t start,
                                                 const float start_point[3], float max_cost, navspan_field_model model,
                                                 navspan_reached* out, size_t capacity, size_t* count);

/* The cost of the cheapest path from `start` (at `start_point`) to `goal`
 * (at `goal_point`): the geodesic distance with no hook. no_path (and
 * INFINITY) when the goal cannot be reached. */
NAVSPAN_C_API navspan_result navspan_distance(const navspan_mesh* mesh, navspan_scratch* scratch, uint32_t start,
                                              const float start_point[3], uint32_t goal, const float goal_point[3],
                                              float* cost);

/* The nearest of many goals: the cheapest of the paths from `start` (at
 * `start_point`) to each of `goal_count` goals, goal i being
 * goal_polygons[i] (NULL: every goal from its point) standing at
 * goal_points[3 * i] (NULL: the centres); the cost model of
 * navspan_distance. `out` gets which goal (its position in the list: a
 * polygon listed twice counts as its first), the cost and, when
 * `corridor` is not NULL, the polygons from start to that goal
 * (`corridor_count` the whole corridor's; above `corridor_capacity`:
 * buffer_too_small, the array holding its start). no_path when no goal
 * can be reached; invalid_argument as navspan_distance_field for the
 * goals, as navspan_distance for the start. Since 0.1.0. */
typedef struct navspan_nearest_goal {
    size_t size;           /* sizeof(navspan_nearest_goal) */
    uint32_t goal;         /* position in the goal list */
    uint32_t polygon;      /* that goal's polygon */
    float cost;
    size_t corridor_count;
    size_t expanded;       /* links taken off the heap */
} navspan_nearest_goal;

NAVSPAN_C_API navspan_result navspan_find_nearest_goal(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                       uint32_t start, const float start_point[3],
                                                       const uint32_t* goal_polygons, const float* goal_points,
                                                       size_t goal_count, uint32_t* corridor,
                                                       size_t corridor_capacity, navspan_nearest_goal* out);

/* navspan_find_path with the exact path: the cheapest under the cost model
 * above, searched over the mesh's search graph instead of A* over polygons; the waypoints are pulled over its corridor, and
 * `expanded` counts the links taken off the heap. The request, the result
 * and what the call returns are find_path's (and limit_exceeded when the
 * search over a crafted file gives up). A cost hook that prices a step
 * below its length can make the path less than the cheapest. A function of
 * its own rather than a member of the request: a request grown by a member
 * would be overrun by navspan_path_request_init in a program built against
 * the smaller one. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_find_exact_path(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                     const navspan_path_request* request, navspan_path_result* result);

/* navspan_find_path and navspan_find_exact_path for a cost hook that prices
 * a step below its length. Both searches are guided by the straight line to
 * the goal, which is only a true lower bound on what is left when no step
 * costs less than its length; below that the path found can be dearer than
 * the cheapest, silently (a hook pricing every step 1, the fewest hops, got
 * 34 steps where 30 exist on a corpus map). `cost_lower_bound` is the least
 * the hook ever charges per unit of length: the guide is scaled by it, and
 * the path is again the cheapest each search can find. 1 is the calls
 * above; 0 suits any hook that never returns below 0 (hops, a price per
 * polygon entered), at the price of searching everything cheaper than the
 * goal. Negative, infinite or NaN: invalid_argument. Functions of their own
 * rather than a member of the request, for the reason given at
 * navspan_find_exact_path; a bare float rather than an options struct,
 * as the other calls take their scalars. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_find_path_scaled(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                      const navspan_path_request* request, float cost_lower_bound,
                                                      navspan_path_result* result);
NAVSPAN_C_API navspan_result navspan_find_exact_path_scaled(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                            const navspan_path_request* request,
                                                            float cost_lower_bound, navspan_path_result* result);

/* Which search navspan_find_path_model runs. */
typedef enum navspan_path_model NAVSPAN_C_ENUM_TYPE {
    /* navspan_find_path's: A* over the polygons, waypoints pulled over its corridor. */
    navspan_path_polygons = 0,
    /* navspan_find_exact_path's: the cheapest path through portal midpoints. */
    navspan_path_exact = 1,
    /* The any-angle shortest path (nav::find_shortest_path, docs/nav.md):
     * free to cross each portal anywhere, turning only at corners (portal
     * ends with a wall beside them) and point portals; `cost` is the 3D length of its waypoints (start, each turn,
     * goal), never more than navspan_path_exact's, and never longer than
     * the waypoints of navspan_path_polygons or navspan_path_exact between
     * the same points (their corridors are searched too and pulled: the
     * mesh's search graph is built on first use). No cost hook (a request
     * with one: invalid_argument); `expanded` counts search nodes;
     * limit_exceeded when the scratch's nodes (16 per link) run out: the
     * result then holds the best known path, the shorter of the
     * waypoints of navspan_path_polygons and navspan_path_exact (cost,
     * corridor and waypoints, as far as the arrays hold them; the counts
     * say how many it has), not proven the shortest; counts 0: none. */
    navspan_path_shortest = 2
} navspan_path_model;

/* navspan_find_path under the `model` given (any other value:
 * invalid_argument): the same request, result, refusals and answers. The
 * waypoints of navspan_path_shortest are its own turning points (or, where
 * shorter, another corridor's pulled waypoints), not the funnel's over its
 * corridor. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_find_path_model(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                     const navspan_path_request* request, navspan_path_model model,
                                                     navspan_path_result* result);

/* navspan_distance under the `model` given: navspan_path_polygons (the cost
 * of navspan_find_path's path), navspan_path_exact (navspan_distance
 * itself) or navspan_path_shortest (the length of navspan_find_path_model's
 * navspan_path_shortest path; limit_exceeded when the scratch's search
 * nodes run out, *cost then the best known path's length, an upper bound,
 * or infinity when there is none); any other value: invalid_argument. The
 * same arguments and answers. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_distance_model(const navspan_mesh* mesh, navspan_scratch* scratch, uint32_t start,
                                                    const float start_point[3], uint32_t goal, const float goal_point[3],
                                                    navspan_path_model model, float* cost);

/* navspan_find_nearest_goal under the `model` given: navspan_path_exact
 * (navspan_find_nearest_goal itself) or navspan_path_shortest (the nearest
 * goal by the any-angle shortest path, its length and the polygons it
 * passes; `expanded` counts search nodes; limit_exceeded when the
 * scratch's nodes run out); navspan_path_polygons or any other value:
 * invalid_argument. The same arguments and answers. Its waypoints are
 * navspan_find_path_model's, navspan_path_shortest, to the goal found.
 * Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_find_nearest_goal_model(const navspan_mesh* mesh, navspan_scratch* scratch,
                                                             uint32_t start, const float start_point[3],
                                                             const uint32_t* goal_polygons, const float* goal_points,
                                                             size_t goal_count, navspan_path_model model,
                                                             uint32_t* corridor, size_t corridor_capacity,
                                                             navspan_nearest_goal* out);

/* ---- What a mesh's search graph holds (since 0.1.0) ------------------------
 *
 * The searches above run over the mesh's search graph, built once when the
 * first of them runs with the defaults (8 landmarks for the A* bound). A
 * program that asks many exact paths or distances of one map can have it
 * built with an accelerator instead, when it creates the mesh: the answers
 * are the same costs, found faster.
 *   - the contraction hierarchy (hub labels): navspan_find_exact_path,
 *     navspan_distance and the _model forms with navspan_path_exact read
 *     their answer from the labels of the two ends' links instead of
 *     searching (with no cost hook and a cost_lower_bound of at most 1).
 *     Memory grows linearly with the links (about 1 to 4 KB a link); the
 *     build takes a fraction of a second on a map of 10,000 links.
 *   - the all-pairs table: links x polygons x 2 bytes, the A*'s bound
 *     (for small maps: built only up to 4,096 polygons and 128 MiB).
 * Either is left out where its budgets run out (crafted files, polygons
 * with very many links): navspan_mesh_graph_info says what was built. */
#define NAVSPAN_GRAPH_HIERARCHY 1u /* the contraction hierarchy */
#define NAVSPAN_GRAPH_ALL_PAIRS 2u /* the all-pairs table */

typedef struct navspan_graph_options {
    size_t size;        /* sizeof(navspan_graph_options) */
    uint32_t flags;     /* NAVSPAN_GRAPH_HIERARCHY, NAVSPAN_GRAPH_ALL_PAIRS (or both); 0: none */
    uint32_t landmarks; /* landmarks of the A* bound (default 8; 0: none; at most 32) */
} navspan_graph_options;

/* Fills the defaults: no accelerator, 8 landmarks. */
NAVSPAN_C_API void navspan_graph_options_init(navspan_graph_options* options);

/* navspan_mesh_create, and the search graph built now with `options`
 * (NULL: as navspan_mesh_create, the graph built by the first search).
 * invalid_argument for an unknown flag, more than 32 landmarks or a size
 * of 0. */
NAVSPAN_C_API navspan_result navspan_mesh_create_ex(const navspan_file* file, uint32_t space,
                                                    const navspan_graph_options* options, navspan_mesh** out,
                                                    navspan_error* error);

/* What the search graph holds (built now if no search has built it yet). */
typedef struct navspan_graph_info {
    size_t size;             /* sizeof(navspan_graph_info) */
    uint32_t has_hierarchy;  /* 1: the contraction hierarchy was built */
    uint32_t has_all_pairs;  /* 1: the all-pairs table was built */
    uint32_t landmarks;      /* landmarks kept (0 where the graph left them out) */
    uint32_t states;         /* nodes of the graph: one per link */
    uint64_t memory_bytes;   /* the whole graph, its accelerators included */
    uint64_t hierarchy_bytes;
    uint64_t all_pairs_bytes;
} navspan_graph_info;

/* Fills `out` (set out->size first). invalid_argument for a NULL mesh or
 * out, or a size of 0. */
NAVSPAN_C_API navspan_result navspan_mesh_graph_info(const navspan_mesh* mesh, navspan_graph_info* out);

#ifdef __cplusplus
}
#endif

#endif /* NAVSPAN_C_NAVSPAN_SEARCH_H */
