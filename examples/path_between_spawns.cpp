// A path and its waypoints between two points of any navigation mesh: the
// route a bot walks from its spawn to the other team's. Works the same on
// Source, Quake, Fox Engine and Bethesda files (a plugin: its first space).
//
//   path_between_spawns de_dust2.nav -700,-800,120 100,2250,-120
#include <cstdio>
#include <limits>
#include <vector>

#include <navspan/io/mapped_file.hpp>
#include <navspan/nav.hpp>

#include "exit_on_error.hpp"

namespace nav = navspan::nav;

int main(int argc, char** argv) {
    navspan::vec3 from, to;
    exit_unless_usage(argc == 4 && std::sscanf(argv[2], "%f,%f,%f", &from.x, &from.y, &from.z) == 3 &&
                          std::sscanf(argv[3], "%f,%f,%f", &to.x, &to.y, &to.z) == 3,
                      "path_between_spawns", "FILE x,y,z x,y,z");
    const auto mapped = value_or_exit(navspan::mapped_file::open(argv[1]), "path_between_spawns", 2);
    // make_walkable(bytes) detects the format.
    const nav::walkable w = value_or_exit(nav::make_walkable(mapped.bytes()), "path_between_spawns", 1);
    const auto index = nav::spatial_index::build(w);

    // Each end on the polygon under it, or the nearest one.
    const float anywhere = std::numeric_limits<float>::max();
    auto snap = [&](navspan::vec3 p, nav::polygon_index& polygon) {
        if (const auto at = index.locate(p, anywhere)) {
            polygon = at->polygon;
            return at->point;
        }
        const auto closest = index.nearest(p, anywhere);
        polygon = closest ? closest->polygon : nav::no_polygon;
        return closest ? closest->point : p;
    };
    nav::polygon_index start = nav::no_polygon, goal = nav::no_polygon;
    const navspan::vec3 a = snap(from, start), b = snap(to, goal);

    // The scratch is sized once for the mesh; searches then allocate nothing.
    nav::path_scratch scratch(w);
    const auto found = nav::find_path(w, start, a, goal, b, scratch);
    if (found.status != nav::path_status::found) {
        std::printf("%s\n", std::string(nav::to_string(found.status)).c_str());
        return 3;
    }
    std::printf("%zu %ss, length %.1f\n", found.corridor.size(), std::string(nav::to_string(w.ids())).c_str(),
                static_cast<double>(found.cost));

    // The waypoints: the corridor pulled tight through its portals.
    std::vector<navspan::vec3> points(2 * found.corridor.size() + 2);  // at most two turns a step
    const auto straight = nav::straight_path(w, found.corridor, a, b, points);
    double length = 0;
    for (std::size_t i = 0; i < straight.count; ++i) {
        if (i > 0) length += nav::distance(points[i - 1], points[i]);
        std::printf("  waypoint %zu: (%.1f, %.1f, %.1f)\n", i, static_cast<double>(points[i].x),
                    static_cast<double>(points[i].y), static_cast<double>(points[i].z));
    }
    std::printf("walked: %.1f\n", length);
    return 0;
}
