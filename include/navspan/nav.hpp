// navspan/nav.hpp - navigation queries over any format (navspan::nav): the
// walkable view of a file, polygon geometry, a spatial index (locate,
// nearest, radius and box queries), A* with waypoints, exact shortest
// paths and the searches on the same graph (reach within a cost, nearest of
// many goals, geodesic distance), and a walk along the surface.
// The contract is described in docs/nav.md.
#pragma once
#include "core/min_max_push.hpp"

#include "nav/status.hpp"
#include "nav/walkable.hpp"
#include "nav/geometry.hpp"
#include "nav/spatial_index.hpp"
#include "nav/path.hpp"
#include "nav/search_graph.hpp"  // the graph, landmarks, table and the searches over it
#include "nav/shortest_path.hpp"
#include "nav/shortest_field.hpp"
#include "nav/shortest_checked.hpp"  // find_shortest_path never longer than the other searches' waypoints
#include "nav/source_adapter.hpp"
#include "nav/source2_adapter.hpp"
#include "nav/quake_adapter.hpp"
#include "nav/fox_adapter.hpp"
#include "nav/creation_adapter.hpp"
#include "nav/any_file.hpp"
#include "core/min_max_pop.hpp"
