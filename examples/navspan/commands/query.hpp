// What the queries (path, distance, reach, locate) share: the file opened
// once, its space chosen (space.hpp), the ends --from and --to resolved
// onto that space's mesh, --snap checked.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "../navigate.hpp"
#include "common.hpp"
#include "space.hpp"

namespace navspan_cli {

// Parses --snap (a distance >= 0) and checks both ends against it; -1 to go on.
inline int check_snap(const command_options& a, const nav_ends& ends, const char* usage) {
    double limit = default_snap(ends.view.mesh);
    if (a.snap != nullptr) {
        char* end = nullptr;
        limit = std::strtod(a.snap, &end);
        if (end == a.snap || *end != '\0' || !(limit >= 0) || !std::isfinite(limit)) {
            return usage_error("--snap needs a distance of 0 or more", usage);
        }
    }
    const std::pair<const char*, const std::optional<resolved_end>*> sides[] = {{a.from, &ends.from}, {a.to, &ends.to}};
    for (const auto& [text, end] : sides) {
        if (text == nullptr || !*end || !((*end)->moved > limit)) continue;
        std::fprintf(stderr,
                     "navspan: %s: the point %s is %.1f away from the nearest polygon, more than the %g that "
                     "--snap allows\n",
                     a.files[0], text, static_cast<double>((*end)->moved), limit);
        return exit_usage;
    }
    return -1;
}

// Opens the file once, builds the walkable of the space chosen (--space,
// --hull, --cell; the first by default) and resolves --from (and --to);
// -1 to go on, else the exit status.
inline int load_ends(const command_options& a, const char* usage, opened_file& file, nav_ends& ends) {
    const char* path = a.files[0];
    for (const char* end : {a.from, a.to}) {
        if (end == nullptr) continue;
        const auto e = parse_endpoint(end, navspan::nav::id_scheme::source_area);
        if (e && e->is_point && !navspan::nav::valid_query_point(e->point)) return usage_error(bad_point_message(end), usage);
    }
    if (int s = open_file(path, open_options_of(a), file); s >= 0) return s;
    const navspan::space* space = nullptr;
    if (int s = choose_space(path, file.file, a, usage, space); s >= 0) return s;
    if (navspan::error e = load_nav_view(file.file, space, ends.view); !e.ok()) return report_invalid(path, e);
    resolve_ends(a.from, a.to, ends);
    const navspan::nav::id_scheme ids = ends.view.mesh.ids();
    if (ends.unparsed != nullptr) {
        std::fprintf(stderr, "navspan: %s: '%s' is neither %s nor a point x,y,z\n", path, ends.unparsed, id_syntax(ids));
        return exit_usage;
    }
    if (!ends.from || !ends.to) {
        std::fprintf(stderr, "navspan: %s: no %s '%s' in this file\n", path, std::string(navspan::nav::to_string(ids)).c_str(),
                     !ends.from ? a.from : a.to);
        return exit_usage;
    }
    return check_snap(a, ends, usage);
}

// The file, its ends resolved and the search graph over its mesh: what
// distance and reach search.
struct graph_query {
    opened_file file;
    nav_ends ends;
    navspan::nav::search_graph graph;
    navspan::nav::search_scratch scratch;
};

// The search graph of the ends' mesh, and a scratch for it.
inline void build_graph(graph_query& q) {
    q.graph = navspan::nav::search_graph::build(q.ends.view.mesh);
    q.scratch.fit(q.graph);
}

// find_shortest_path as path --shortest and distance --shortest answer it:
// over a search graph, so that find_path's and find_exact_path's corridors
// are offered too (nav/shortest_checked.hpp: never longer than their
// waypoints); within one polygon (the straight line) no graph is built.
// `use` reads the answer, whose spans point into a scratch of this call.
template <class Use>
void with_shortest_path(const nav_view& view, const resolved_end& from, const resolved_end& to, Use&& use) {
    namespace nav = navspan::nav;
    // The library's default scratch: a long path on a large map can need
    // more nodes than it holds (limit_exceeded, said as such).
    nav::shortest_path_scratch scratch(view.mesh);
    if (from.polygon == to.polygon) {
        use(nav::find_shortest_path(view.mesh, from.polygon, from.point, to.polygon, to.point, scratch));
        return;
    }
    const nav::search_graph graph = nav::search_graph::build(view.mesh);
    nav::path_scratch plain(view.mesh);
    nav::search_scratch exact(graph);
    use(nav::find_shortest_path(graph, from.polygon, from.point, to.polygon, to.point, scratch, plain, exact));
}

inline int load_graph_query(const command_options& a, const char* usage, graph_query& q) {
    if (int s = load_ends(a, usage, q.file, q.ends); s >= 0) return s;
    build_graph(q);
    return -1;
}

}  // namespace navspan_cli
