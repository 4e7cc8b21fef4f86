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
    "usage: navspan reach FILE --from A --cost C [--shortest] [--snap D] [--json]\n"
    "\n"
    "Lists every polygon a path from A enters at a cost of at most C, nearest first, each with\n"
    "its cost. The model is find_exact_path's (docs/nav.md): the cost is the 3D length of a\n"
    "polyline from A through the midpoint of each portal crossed to where it enters the\n"
    "polygon. With --shortest, find_shortest_path's: the length of the any-angle shortest path\n"
    "to the nearest point of the polygon (crossing portals anywhere: never longer). The output\n"
    "names the model. A as for path; --snap as for path.\n"
    "\n"
    "Exit status: 0 success, 3 with --shortest, the search ran out of its nodes (what it\n"
    "settled is listed, and said to be partial), 1 the file is not valid or cannot be read,\n"
    "2 usage error (or the point farther from the mesh than --snap), 4 the output could not be\n"
    "written.\n";

inline void print_reach_json(const char* file, const nav_ends& ends, double limit, bool shortest, bool gave_up,
                             const std::vector<navspan::nav::reached_polygon>& reached) {
    print_json_line([&](json_writer& w) {
        w.field("file", std::string_view(file));
        if (!ends.view.space.empty()) w.field("space", std::string_view(ends.view.space));
        w.key("from");
        write_polygon_json(w, ends.view, ends.from->polygon);
        w.field("from_moved", ends.from->moved);
        w.field("cost", static_cast<float>(limit));
        w.field("model", std::string_view(shortest ? "shortest" : "exact"));
        w.field("gave_up", gave_up);
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
    namespace nav = navspan::nav;
    nav::reach_result r;
    std::vector<nav::reached_polygon> reached;
    if (a.shortest) {
        // No search graph: the any-angle search works on the walkable alone.
        if (int s = load_ends(a, reach_usage, q.file, q.ends); s >= 0) return s;
        nav::shortest_path_scratch scratch(q.ends.view.mesh);
        reached.resize(q.ends.view.mesh.polygon_count());
        r = nav::reach(q.ends.view.mesh, q.ends.from->polygon, q.ends.from->point, static_cast<float>(limit), reached, scratch);
    } else {
        if (int s = load_graph_query(a, reach_usage, q); s >= 0) return s;
        reached.resize(q.ends.view.mesh.polygon_count());
        r = nav::reach(q.graph, q.ends.from->polygon, q.ends.from->point, static_cast<float>(limit), reached, q.scratch);
    }
    const nav_ends& ends = q.ends;
    reached.resize(r.count);
    const bool gave_up = r.status == nav::query_status::limit_exceeded;
    if (a.json) {
        print_reach_json(a.files[0], ends, limit, a.shortest, gave_up, reached);
        return gave_up ? exit_findings : exit_ok;
    }
    std::printf("%zu %ss within %g of %s (%s model%s):\n", reached.size(),
                std::string(nav::to_string(ends.view.mesh.ids())).c_str(), limit,
                polygon_label(ends.view, ends.from->polygon).c_str(), a.shortest ? "shortest" : "exact",
                gave_up ? "; the search ran out of its nodes: partial" : "");
    for (const nav::reached_polygon& p : reached) {
        std::printf("  %8.1f  %s\n", static_cast<double>(p.cost), polygon_label(ends.view, p.polygon).c_str());
    }
    return gave_up ? exit_findings : exit_ok;
}

inline constexpr command_spec reach_command{
    "reach", reach_usage, single_file_options | options_of({opt::shortest, opt::snap, opt::cost}), 1, one_file_only, false, run_reach};

}  // namespace navspan_cli
