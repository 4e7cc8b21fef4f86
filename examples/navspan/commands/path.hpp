// navspan path FILE --from A --to B: the shortest path between two
// polygons or points, its corridor and its waypoints.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dump.hpp"
#include "picture.hpp"
#include "query.hpp"

namespace navspan_cli {

inline constexpr const char* path_usage =
    "usage: navspan path FILE --from A --to B [--exact | --shortest] [--snap D] [--json]\n"
    "                    [--svg OUT.svg]\n"
    "                    [--space NAME|N]\n"
    "\n"
    "Finds the shortest path (A* over the polygons, then the waypoints pulled tight through\n"
    "the portals of its corridor) between two polygons. A and B are ids as the file numbers\n"
    "them (Source: area id; Quake: node index; Fox: GROUP:FACE; plugins: FORMID:TRIANGLE with\n"
    "the navmesh form id in hex), or world points written x,y,z (the polygon under or above,\n"
    "else the nearest). Prints how far each end was moved onto the mesh, the corridor, one\n"
    "polygon per line with the link taken into it when that is not a plain walk (jump, drop,\n"
    "ladder, into another navmesh or group), then the waypoints; --json prints one JSON\n"
    "object; --svg also draws the waypoints over the map.\n"
    "\n"
    "  --exact    the search over portal midpoints that is provably shortest under the\n"
    "             cost model of docs/nav.md (the default search can cost a little more)\n"
    "  --shortest the any-angle shortest path (find_shortest_path, docs/nav.md): free to\n"
    "             cross each portal anywhere, turning only at corners (portal ends with\n"
    "             a wall beside them) and point portals (ladders); its cost is the 3D\n"
    "             length of its waypoints, never more than --exact's, and never longer\n"
    "             than the waypoints path and path --exact print; where its search runs\n"
    "             out of nodes (status 3), the shorter of those is printed as the best\n"
    "             known path\n"
    "  --snap D   refuse (status 2) an end point moved more than D onto the mesh\n"
    "             (default 250; Fox Engine files, in metres: 10)\n"
    "  --space NAME|N  the space searched, by name or number (navspan info lists them;\n"
    "             default: the first): a Source 2 hull, a plugin's worldspace or cell\n"
    "  --hull NAME|N  Source 2: the same, for a hull (\"player\" or 1)\n"
    "  --cell FORMID  plugins: the cell or worldspace of that form id (hex 0x... or decimal)\n"
    "\n" NAVSPAN_EXIT_STATUSES;

// Which search: find_path, find_exact_path or find_shortest_path.
enum class path_search { polygons, exact, shortest };

inline path_search search_of(const command_options& a) {
    return a.shortest ? path_search::shortest : a.exact ? path_search::exact : path_search::polygons;
}

inline const char* search_word(path_search s) {
    return s == path_search::shortest ? "shortest " : s == path_search::exact ? "exact " : "";
}

// What the search found: the corridor, its cost, the waypoints.
struct found_path {
    bool found = false;
    // The search stopped at its limit (limit_exceeded: find_shortest_path's
    // nodes, or an exact search's budget), not "no path".
    bool gave_up = false;
    // --shortest gave up with a best known path (nav/shortest_checked.hpp):
    // the corridor, cost and waypoints are the shorter of path's and
    // path --exact's, not proven the shortest.
    bool best_known = false;
    float cost = 0;
    std::size_t expanded = 0;
    std::vector<navspan::nav::polygon_index> corridor;
    std::vector<navspan::vec3> waypoints;
};

inline found_path search_path(const nav_view& view, const resolved_end& from, const resolved_end& to, path_search how) {
    namespace nav = navspan::nav;
    found_path p;
    // What every search answers, whichever it was.
    const auto take = [&p](const auto& r) {
        p.found = r.status == nav::query_status::found;
        p.gave_up = r.status == nav::query_status::limit_exceeded;
        p.cost = r.cost;
        p.expanded = r.expanded;
        p.corridor.assign(r.corridor.begin(), r.corridor.end());
    };
    if (how == path_search::shortest) {
        with_shortest_path(view, from, to, [&](const nav::shortest_path_result& r) {
            take(r);
            p.waypoints.assign(r.waypoints.begin(), r.waypoints.end());
            p.best_known = p.gave_up && !r.waypoints.empty();
        });
        return p;
    }
    if (how == path_search::exact) {
        const nav::search_graph graph = nav::search_graph::build(view.mesh);
        nav::search_scratch scratch(graph);
        take(nav::find_exact_path(graph, from.polygon, from.point, to.polygon, to.point, scratch));
    } else {
        nav::path_scratch scratch(view.mesh);
        take(nav::find_path(view.mesh, from.polygon, from.point, to.polygon, to.point, scratch));
    }
    p.waypoints.resize(3 * p.corridor.size() + 2);  // straight_path's bound (a turn-back adds a crossing point)
    const auto straight = nav::straight_path(view.mesh, p.corridor, from.point, to.point, p.waypoints);
    p.waypoints.resize(p.found ? straight.count : 0);
    return p;
}

// The link taken into corridor[i] (the cheapest when two polygons have several).
inline const navspan::nav::link* link_into(const nav_view& view, const found_path& p, std::size_t i) {
    return view.mesh.find_link(p.corridor[i - 1], p.corridor[i]);
}

inline void print_path_json(const char* file, const nav_ends& ends, const found_path& p, path_search searched) {
    namespace nav = navspan::nav;
    const nav_view& view = ends.view;
    print_json_line([&](json_writer& w) {
        w.field("file", std::string_view(file));
        if (!view.space.empty()) w.field("space", std::string_view(view.space));
        w.key("from");
        write_polygon_json(w, view, ends.from->polygon);
        w.key("to");
        write_polygon_json(w, view, ends.to->polygon);
        w.field("found", p.found);
        w.field("cost", p.cost);
        w.field("expanded", static_cast<std::uint64_t>(p.expanded));
        w.key("corridor");
        w.begin_array();
        for (const nav::polygon_index c : p.corridor) write_polygon_json(w, view, c);
        w.end_array();
        w.key("waypoints");
        w.begin_array();
        for (const navspan::vec3& at : p.waypoints) json_values::write_vec3(w, at);
        w.end_array();
        // Added after the first keys (issue 25): how far each end was
        // moved, the search used, and the kind of each link taken.
        w.field("from_moved", ends.from->moved);
        w.field("to_moved", ends.to->moved);
        w.field("exact", searched == path_search::exact);
        w.key("links");
        w.begin_array();
        for (std::size_t i = 1; i < p.corridor.size(); ++i) {
            const nav::link* l = link_into(view, p, i);
            w.value(nav::to_string(l != nullptr ? l->kind : nav::link_kind::other));
        }
        w.end_array();
        w.field("shortest", searched == path_search::shortest);
        w.field("gave_up", p.gave_up);
        // Added later: --shortest gave up, and corridor, cost and
        // waypoints are its best known path (found stays false).
        w.field("best_known", p.best_known);
    });
}

inline void print_path_text(const nav_ends& ends, const found_path& p, path_search searched) {
    namespace nav = navspan::nav;
    const nav_view& view = ends.view;
    if (!view.space.empty()) std::printf("in %s\n", view.space.c_str());
    const std::pair<const char*, const resolved_end*> ends_text[] = {{"from", &*ends.from}, {"to", &*ends.to}};
    for (const auto& [name, end] : ends_text) {
        if (end->moved > 0) {
            std::printf("%s %s, moved %.1f onto %s\n", name, point_text(end->point).c_str(), static_cast<double>(end->moved),
                        polygon_label(view, end->polygon).c_str());
        }
    }
    if (!p.found) {
        std::printf("no %spath %sfrom %s to %s (%zu expanded)%s\n", p.best_known ? "shortest " : "",
                    p.gave_up ? (p.best_known ? "proven within the search's limit " : "found within the search's limit ") : "",
                    polygon_label(view, ends.from->polygon).c_str(), polygon_label(view, ends.to->polygon).c_str(),
                    p.expanded, p.best_known ? ": the best known, the shorter of path's and path --exact's waypoints" : "");
        if (!p.best_known) return;
    }
    const std::string kind(nav::to_string(view.mesh.ids()));
    std::printf("%spath of %zu %ss, cost %.1f:\n", p.best_known ? "best known " : search_word(searched), p.corridor.size(),
                kind.c_str(), static_cast<double>(p.cost));
    for (std::size_t i = 0; i < p.corridor.size(); ++i) {
        const nav::link* l = i > 0 ? link_into(view, p, i) : nullptr;
        const char* how = l != nullptr ? link_words(l->kind) : nullptr;
        std::printf("  %s  %s%s%s\n", polygon_label(view, p.corridor[i]).c_str(),
                    point_text(nav::centre(view.mesh, p.corridor[i])).c_str(), how ? "  <- " : "", how ? how : "");
    }
    std::printf("%zu waypoints:\n", p.waypoints.size());
    for (const navspan::vec3& at : p.waypoints) std::printf("  %s\n", point_text(at).c_str());
}

// --svg: the map with the waypoints drawn over it.
inline int draw_path(const command_options& a, const opened_file& file, const navspan::space* space, const found_path& p) {
    scene sc;
    const picture_options drawn = picture_of_space(file.file, space, {});
    if (int s = build_picture(a.files[0], file, drawn, path_usage, sc); s >= 0) return s;
    sc.title += ": path";
    sc.highlights.push_back(p.waypoints);
    std::string text;
    output o(text);
    write_svg(sc, o);
    if (!write_text_file(a.svg, text)) return exit_output;
    std::fprintf(stderr, "wrote %s\n", a.svg);
    return exit_ok;
}

inline int run_path(command_options& a) {
    if (a.files.empty()) return usage_error(file_expected, path_usage);
    if (a.from == nullptr || a.to == nullptr) return usage_error("--from and --to are needed", path_usage);
    if (a.exact && a.shortest) return usage_error("--exact and --shortest are two searches: give one", path_usage);
    if (a.svg != nullptr) {
        if (int s = refuse_overwriting(a.files[0], a.svg, true); s >= 0) return s;
    }
    opened_file file;
    nav_ends ends;
    if (int s = load_ends(a, path_usage, file, ends); s >= 0) return s;
    const found_path p = search_path(ends.view, *ends.from, *ends.to, search_of(a));
    if (a.json) print_path_json(a.files[0], ends, p, search_of(a));
    else print_path_text(ends, p, search_of(a));
    if (!p.found && !p.best_known) return exit_findings;
    if (a.svg != nullptr) {
        const navspan::space* space = nullptr;
        if (int s = choose_space(a.files[0], file.file, a, path_usage, space); s >= 0) return s;
        if (int s = draw_path(a, file, space, p); s != exit_ok) return s;
    }
    return p.found ? exit_ok : exit_findings;  // (a best known path: drawn, still status 3)
}

inline constexpr command_spec path_command{
    "path", path_usage, single_file_options | options_of({opt::exact, opt::shortest, opt::snap, opt::space, opt::cell}), 1, one_file_only, false,
    run_path};

}  // namespace navspan_cli
