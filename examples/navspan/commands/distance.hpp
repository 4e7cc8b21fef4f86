// navspan distance FILE --from A --to B: the geodesic distance between two
// points or polygons.
#pragma once

#include <cstdio>
#include <string_view>

#include "dump.hpp"
#include "query.hpp"

namespace navspan_cli {

inline constexpr const char* distance_usage =
    "usage: navspan distance FILE --from A --to B [--shortest] [--snap D] [--json]\n"
    "\n"
    "Prints the geodesic distance between two points or polygons, without the corridor. The\n"
    "model is find_exact_path's (docs/nav.md), as path --exact finds it: the least 3D length\n"
    "of a polyline from A through the midpoint of each portal crossed to B. With --shortest,\n"
    "find_shortest_path's, as path --shortest finds it: the length of the any-angle shortest\n"
    "path, free to cross portals anywhere (never longer). A and B as for path; --snap as for\n"
    "path.\n"
    "\n"
    "Exit status: 0 a distance was printed, 3 there is no path (or, with --shortest, none\n"
    "found within the search's nodes: said as such, with the best known path's length,\n"
    "the shorter of path's and path --exact's, as an upper bound), 1 the file is not valid or\n"
    "cannot be read, 2 usage error (or an end point farther from the mesh than --snap), 4 the\n"
    "output could not be written.\n";

inline int run_distance(command_options& a) {
    if (a.files.empty()) return usage_error(file_expected, distance_usage);
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", distance_usage);
    graph_query q;
    if (int s = load_ends(a, distance_usage, q.file, q.ends); s >= 0) return s;
    const nav_ends& ends = q.ends;
    float d = -1;
    float best_known = -1;  // --shortest gave up: the best known path's length (an upper bound)
    bool gave_up = false;
    if (a.shortest) {
        // path --shortest's answer, without the corridor.
        namespace nav = navspan::nav;
        with_shortest_path(ends.view, *ends.from, *ends.to, [&](const nav::shortest_path_result& r) {
            if (r.status == nav::query_status::found) d = r.cost;
            gave_up = r.status == nav::query_status::limit_exceeded;
            if (gave_up && !r.waypoints.empty()) best_known = r.cost;
        });
    } else {
        build_graph(q);  // the exact model's graph
        d = navspan::nav::geodesic_distance(q.graph, ends.from->polygon, ends.from->point, ends.to->polygon, ends.to->point,
                                            q.scratch);
    }
    const bool found = d >= 0;
    if (a.json) {
        print_json_line([&](json_writer& w) {
            w.field("file", std::string_view(a.files[0]));
            if (!ends.view.space.empty()) w.field("space", std::string_view(ends.view.space));
            w.key("from");
            write_polygon_json(w, ends.view, ends.from->polygon);
            w.key("to");
            write_polygon_json(w, ends.view, ends.to->polygon);
            w.field("from_moved", ends.from->moved);
            w.field("to_moved", ends.to->moved);
            w.field("found", found);
            if (found) w.field("distance", d);
            else w.field_null("distance");
            w.field("model", std::string_view(a.shortest ? "shortest" : "exact"));
            w.field("shortest", a.shortest);
            w.field("gave_up", gave_up);
            // Added later: --shortest gave up with a best known path, its
            // length (an upper bound; "distance" stays null).
            if (best_known >= 0) w.field("best_known_distance", best_known);
            else w.field_null("best_known_distance");
        });
    } else if (found) {
        std::printf("%.1f\n", static_cast<double>(d));
    } else if (best_known >= 0) {
        std::printf("no shortest distance proven within the search's limit from %s to %s: at most %.1f (the shorter of "
                    "path's and path --exact's waypoints)\n",
                    polygon_label(ends.view, ends.from->polygon).c_str(), polygon_label(ends.view, ends.to->polygon).c_str(),
                    static_cast<double>(best_known));
    } else {
        std::printf("no path %sfrom %s to %s\n", gave_up ? "found within the search's limit " : "",
                    polygon_label(ends.view, ends.from->polygon).c_str(), polygon_label(ends.view, ends.to->polygon).c_str());
    }
    return found ? exit_ok : exit_findings;
}

inline constexpr command_spec distance_command{
    "distance", distance_usage, single_file_options | options_of({opt::shortest, opt::snap}), 1, one_file_only, false, run_distance};

}  // namespace navspan_cli
