// navspan-nav-count: one kind of path search over the bench's 256 start/goal
// pairs of a file, once, for counting instructions (wall time on a shared
// machine is too noisy for ratios):
//
//   for mode in none plain polygon waypoints build exact table exact-table hierarchy exact-hierarchy; do
//     valgrind --tool=callgrind --callgrind-out-file=/dev/null
//       build/bench/benchmarks/navspan-nav-count FILE $mode   (one line)
//   done
//
// The searches' own cost is a mode's count minus its baseline's: plain
// (std::priority_queue A*) and polygon (find_path) minus none (the file
// read, the walkable and the pairs); waypoints (find_path, then
// straight_path on each path found) minus polygon; exact (find_exact_path) minus build
// (the same plus the search graph); exact-table (find_exact_path with the
// all-pairs table as its bound) minus table (the same plus the graph with
// the table). A plugin: its space with the most
// triangles, as navspan-bench takes it. The ends are polygon centres;
// `PAIRS off` moves them off the centres (see below).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "nav_rows.hpp"

int main(int argc, char** argv) {
    namespace nav = navspan::nav;
    using namespace navspan_bench::nav_rows_detail;
    if (argc < 3) {
        std::fprintf(stderr, "usage: navspan-nav-count FILE none|plain|polygon|waypoints|build|exact|table|exact-table|hierarchy|exact-hierarchy [PAIRS [off]]\n");
        return 2;
    }
    const std::string mode = argv[2];
    const std::size_t pair_count = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 256;
    const std::vector<std::byte> bytes = navspan_bench::read_whole_file(argv[1]);
    nav::plugin_space biggest;
    const nav::plugin_space* space = nullptr;
    if (navspan::detect(bytes) == navspan::format::creation_plugin) {
        auto plugin = navspan::creation::plugin_file::open(bytes);
        navspan::creation::inflate_buffer scratch;
        std::vector<nav::plugin_space> spaces;
        if (!plugin || !nav::plugin_spaces(*plugin, scratch, spaces).ok() || spaces.empty()) return 1;
        for (const auto& s : spaces) {
            if (s.triangles > biggest.triangles) biggest = s;
        }
        space = &biggest;
    }
    auto built = nav::make_walkable(bytes, space);
    if (!built) return 1;
    const nav::walkable& w = *built;
    const workload work = make_workload(w, 1, pair_count);
    std::vector<navspan::vec3> centres(w.polygon_count());
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) centres[p] = w.usable(p) ? nav::centre(w, p) : navspan::vec3{};
    // `off`: each end 70% of the way from its polygon's centre to the
    // polygon's first corner (the all-pairs table's bound is exact for a
    // goal at the centre; this measures it elsewhere).
    if (argc > 4 && std::string(argv[4]) == "off") {
        for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
            if (!w.usable(p) || w.corner_count(p) == 0) continue;
            const navspan::vec3 c = centres[p], k = w.corner(p, 0);
            centres[p] = {c.x + (k.x - c.x) * 0.7f, c.y + (k.y - c.y) * 0.7f, c.z + (k.z - c.z) * 0.7f};
        }
    }
    nav::search_graph graph;
    if (mode == "build" || mode == "exact") graph = nav::search_graph::build(w);
    if (mode == "table" || mode == "exact-table") {
        nav::search_graph::options o;
        o.all_pairs = true;
        graph = nav::search_graph::build(w, o);
    }
    if (mode == "hierarchy" || mode == "exact-hierarchy") {
        nav::search_graph::options o;
        o.hierarchy = true;
        graph = nav::search_graph::build(w, o);
    }
    nav::search_scratch exact_scratch(graph);
    nav::path_scratch scratch(w);
    plain_astar plain(w);
    double total = 0;
    std::size_t found = 0, expanded = 0, corridor_total = 0, waypoint_total = 0;
    std::vector<navspan::vec3> waypoints(4096);
    for (const auto& [a, b] : work.pairs) {
        float cost = -1;
        if (mode == "plain") {
            cost = plain.run(w, a, centres[a], b, centres[b]);
        } else if (mode == "polygon" || mode == "waypoints") {
            const auto r = nav::find_path(w, a, centres[a], b, centres[b], scratch);
            expanded += r.expanded;
            if (r.status == nav::path_status::found) cost = r.cost;
            if (r.status == nav::path_status::found && mode == "waypoints") {
                waypoint_total += nav::straight_path(w, r, centres[a], centres[b], waypoints).count;
            }
        } else if (mode == "exact" || mode == "exact-table" || mode == "exact-hierarchy") {
            const auto r = nav::find_exact_path(graph, a, centres[a], b, centres[b], exact_scratch);
            expanded += r.expanded;
            if (r.status == nav::search_status::found) { cost = r.cost; corridor_total += r.corridor.size(); }
        }
        if (cost >= 0) {
            total += cost;
            ++found;
        }
    }
    std::printf("%s: %zu polygons, %zu links; %zu pairs, %zu found, total cost %.1f; search graph %zu bytes; %zu expanded, corridor %zu, waypoints %zu\n",
                mode.c_str(), w.polygon_count(), w.link_count(), work.pairs.size(), found, total, graph.memory_bytes(), expanded, corridor_total,
                waypoint_total);
    return 0;
}
