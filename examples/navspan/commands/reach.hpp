// navspan reach FILE --from A --cost C: every polygon within a cost of
// walking from A, nearest first.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "dump.hpp"
#include "query.hpp"

namespace navspan_cli {

inline constexpr const char* reach_usage =
    "usage: navspan reach FILE --from A --cost C [--snap D] [--json]\n"
    "\n"
    "Lists every polygon a path from A enters at a cost of at most C, nearest first, each with\n"
    "its cost. The model is find_exact_path's (docs/nav.md): the cost is the 3D length of a\n"
    "polyline from A through the midpoint of each portal crossed to where it enters the\n"
    "polygon (path --shortest, crossing portals anywhere, can be shorter). A as for path;\n"
    "--snap as for path.\n"
    "\n"
    "Exit status: 0 success, 1 the file is not valid or cannot be read, 2 usage error (or the\n"
    "point farther from the mesh than --snap), 4 the output could not be written.\n";

inline void print_reach_json(const char* file, const nav_ends& ends, double limit,
                             const std::vector<navspan::nav::reached_polygon>& reached) {
    print_json_line([&](json_writer& w) {
        w.field("file", std::string_view(file));
        if (!ends.view.space.empty()) w.field("space", std::string_view(ends.view.space));
        w.key("from");
        write_polygon_json(w, ends.view, ends.from->polygon);
        w.field("from_moved", ends.from->moved);
        w.field("cost", static_cast<float>(limit));
        w.key("reached");
        w.begin_array();
        for (const navspan::nav::reached_polygon& p : reached) {
            w.begin_object();
            w.key("polygon");
            write_polygon_json(w, ends.view, p.polygon);
            w.field("cost", p.cost);
            w.end_object();
        }
        w.end_array();
    });
}

inline int run_reach(command_options& a) {
    if (a.files.empty()) return usage_error(file_expected, reach_usage);
    if (a.from == nullptr || a.cost == nullptr) return usage_error("--from and --cost are needed", reach_usage);
    char* end = nullptr;
    const double limit = std::strtod(a.cost, &end);
    if (end == a.cost || *end != '\0' || !(limit >= 0) || !(limit <= 3.0e38)) {
        return usage_error("--cost needs a number of 0 or more", reach_usage);
    }
    graph_query q;
    if (int s = load_graph_query(a, reach_usage, q); s >= 0) return s;
    namespace nav = navspan::nav;
    const nav_ends& ends = q.ends;
    std::vector<nav::reached_polygon> reached(ends.view.mesh.polygon_count());
    const auto r = nav::reach(q.graph, ends.from->polygon, ends.from->point, static_cast<float>(limit), reached, q.scratch);
    reached.resize(r.count);
    if (a.json) {
        print_reach_json(a.files[0], ends, limit, reached);
        return exit_ok;
    }
    std::printf("%zu %ss within %g of %s:\n", reached.size(), std::string(nav::to_string(ends.view.mesh.ids())).c_str(),
                limit, polygon_label(ends.view, ends.from->polygon).c_str());
    for (const nav::reached_polygon& p : reached) {
        std::printf("  %8.1f  %s\n", static_cast<double>(p.cost), polygon_label(ends.view, p.polygon).c_str());
    }
    return exit_ok;
}

inline constexpr command_spec reach_command{
    "reach", reach_usage, single_file_options | options_of({opt::snap, opt::cost}), 1, one_file_only, false, run_reach};

}  // namespace navspan_cli
