// navspan-bench --nav-table: README's query table, from one run.
//
//   navspan-bench --nav-table [--quick] [--filter TEXT]
//
// On every map of for_each_nav_map (nav_rows.hpp), the same 256 start/goal
// pairs of polygon centres (make_workload: a fixed seed) go through
//   plain A*            the std::priority_queue A* a user writes (plain_astar)
//   find_path           navspan's Detour-style search (polygon states)
//   find_exact_path     the provably shortest search, landmarks as bound
//   ... + table         the same with the all-pairs table as bound
//   ... + hierarchy     the same over the contraction hierarchy's hub
//                       labels (search_graph::options::hierarchy)
//   Detour findPath     on the bench's conversion of the same polygons
//   find_shortest_path  the any-angle shortest path (no graph, no table)
// and, for the waypoints, find_path + straight_path against Detour's
// findPath + findStraightPath (with straight_path's share of the query:
// the two calls timed apart in a mode of their own). The modes run interleaved: each round runs
// every mode once over all pairs (the order rotating per round), for a
// fixed number of rounds (21; 3 with --quick), so load on a shared machine
// hits all modes alike and the work done is the same on every run. Times
// are process CPU time (std::clock), per query, the median over rounds;
// ratios are the median over rounds of the round's ratio to the plain A*.
// Allocations per query are counted over one pass (Detour's through
// dtAllocSetCustom), paths found over the same pass (Detour: a corridor
// that reaches the goal polygon). Builds are timed once each (CPU time).
// Prints two markdown tables, then locate_table.hpp's third (locate and
// nearest per query against Detour).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "harness.hpp"
#include "locate_table.hpp"
#include "nav_rows.hpp"

namespace navspan_bench {

namespace nav_table_detail {

namespace nav = navspan::nav;

inline std::string micros(double ns) {
    char b[32];
    std::snprintf(b, sizeof b, ns >= 100e3 ? "%.0f µs" : "%.1f µs", ns / 1e3);
    return b;
}

inline std::string megabytes(std::size_t bytes) {
    char b[32];
    std::snprintf(b, sizeof b, bytes >= 10'000'000 ? "%.0f MB" : "%.2f MB", static_cast<double>(bytes) / 1e6);
    return b;
}

inline std::string build_time(double ns) {
    char b[32];
    if (ns >= 1e9) std::snprintf(b, sizeof b, "%.1f s", ns / 1e9);
    else std::snprintf(b, sizeof b, ns >= 100e6 ? "%.0f ms" : "%.1f ms", ns / 1e6);
    return b;
}

inline std::string per_query(std::uint64_t allocations, std::size_t queries) {
    char b[32];
    const double a = queries ? static_cast<double>(allocations) / static_cast<double>(queries) : 0;
    std::snprintf(b, sizeof b, a == 0 ? "0" : "%.1f", a);
    return b;
}

// One mode: run() searches every pair once and returns how many it found.
struct mode {
    std::string name;
    std::function<std::size_t()> run;
    std::vector<double> samples;  // ns per query, one per round
    std::vector<double> ratios;   // to the plain A*, one per round
    std::size_t found = 0;
    std::uint64_t allocations = 0;
    bool present = true;
};

struct map_result {
    std::string name;
    std::size_t polygons = 0, links = 0;
    double plain_ns = 0;
    // find_path, exact, exact + table, Detour findPath: time, ratio
    double ns[4] = {}, ratio[4] = {};
    bool have[4] = {};
    std::string allocations, found;
    double nav_waypoints_ns = 0, detour_waypoints_ns = 0, waypoints_ratio = 0, waypoints_share = 0;
    double shortest_ns = 0, shortest_ratio = 0;
    double hierarchy_ns = 0, hierarchy_ratio = 0;
    bool have_hierarchy = false;
    std::size_t hierarchy_bytes = 0;
    double hierarchy_build_ns = 0;
    std::size_t shortest_bytes = 0;
    bool have_detour = false;
    std::size_t graph_bytes = 0, table_bytes = 0, detour_mesh_bytes = 0, detour_query_bytes = 0, scratch_bytes = 0;
    double graph_build_ns = 0, table_build_ns = 0, detour_build_ns = 0;
    std::size_t detour_polygons = 0, detour_cut = 0, detour_fanned = 0, off_mesh = 0;
};

inline map_result measure_map(const nav::walkable& w, const std::string& name, int rounds) {
    using namespace nav_rows_detail;
    map_result out;
    out.name = name;
    out.polygons = w.polygon_count();
    out.links = w.link_count();
    const workload work = make_workload(w, 1, 256);
    const std::size_t pairs = work.pairs.size();
    std::vector<navspan::vec3> centres(w.polygon_count());
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) centres[p] = w.usable(p) ? nav::centre(w, p) : navspan::vec3{};

    // Builds, timed once each.
    double t0 = cpu_ns();
    nav::search_graph graph = nav::search_graph::build(w);
    out.graph_build_ns = cpu_ns() - t0;
    out.graph_bytes = graph.memory_bytes();
    nav::search_graph::options with_table;
    with_table.all_pairs = true;
    t0 = cpu_ns();
    nav::search_graph tabled = nav::search_graph::build(w, with_table);
    out.table_build_ns = cpu_ns() - t0;
    out.table_bytes = tabled.has_table() ? tabled.table_bytes() : 0;
    nav::search_graph::options with_hierarchy;
    with_hierarchy.hierarchy = true;
    t0 = cpu_ns();
    nav::search_graph hierarchic = nav::search_graph::build(w, with_hierarchy);
    out.hierarchy_build_ns = std::max(0.0, cpu_ns() - t0 - out.graph_build_ns);  // the hierarchy's share
    out.hierarchy_bytes = hierarchic.hierarchy_bytes();
    out.have_hierarchy = hierarchic.has_hierarchy();

    plain_astar plain(w);
    nav::path_scratch scratch(w);
    nav::search_scratch exact_scratch(graph), table_scratch(tabled), hierarchy_scratch(hierarchic);
    out.scratch_bytes = exact_scratch.memory_bytes();
    std::vector<navspan::vec3> points(4096);
    std::vector<mode> modes;
    auto add = [&](const char* label, std::function<std::size_t()> run) {
        mode m;
        m.name = label;
        m.run = std::move(run);
        m.present = m.run != nullptr;
        modes.push_back(std::move(m));
    };
    // Each mode times one pass over the pairs and counts the paths it finds.
    auto over_pairs = [&work](auto finds) {
        return [&work, finds] {
            std::size_t n = 0;
            for (const auto& [a, b] : work.pairs) n += finds(a, b) ? 1u : 0u;
            return n;
        };
    };
    add("plain", over_pairs([&](auto a, auto b) { return plain.run(w, a, centres[a], b, centres[b]) >= 0; }));
    add("find_path", over_pairs([&](auto a, auto b) {
            return nav::find_path(w, a, centres[a], b, centres[b], scratch).status == nav::path_status::found;
        }));
    add("exact", over_pairs([&](auto a, auto b) {
            return nav::find_exact_path(graph, a, centres[a], b, centres[b], exact_scratch).status ==
                   nav::search_status::found;
        }));
    add("exact+table", over_pairs([&](auto a, auto b) {
            return nav::find_exact_path(tabled, a, centres[a], b, centres[b], table_scratch).status ==
                   nav::search_status::found;
        }));
    modes.back().present = tabled.has_table();
    add("detour", nullptr);
    add("nav waypoints", over_pairs([&](auto a, auto b) {
            const auto found = nav::find_path(w, a, centres[a], b, centres[b], scratch);
            return found.status == nav::path_status::found &&
                   nav::straight_path(w, found, centres[a], centres[b], points).count > 0;
        }));
    add("detour waypoints", nullptr);
    nav::shortest_path_scratch shortest_scratch(w);
    shortest_scratch.preallocate();  // every node up front: no search allocates
    out.shortest_bytes = shortest_scratch.memory_bytes();
    add("shortest", over_pairs([&](auto a, auto b) {
            return nav::find_shortest_path(w, a, centres[a], b, centres[b], shortest_scratch).status ==
                   nav::query_status::found;
        }));
    add("exact+hierarchy", over_pairs([&](auto a, auto b) {
            return nav::find_exact_path(hierarchic, a, centres[a], b, centres[b], hierarchy_scratch).status ==
                   nav::search_status::found;
        }));
    modes.back().present = hierarchic.has_hierarchy();
    // straight_path's share of a path query: find_path + straight_path
    // again, each call timed apart (steady_clock: a CPU clock ticks too
    // coarsely for one call), the round's share its straight_path time
    // over the two. So straight_path runs where a path query runs it,
    // right after its search, and the share is not the difference of two
    // modes' times 10 to 60 times larger than it (as it was: their noise
    // read 1-2% as 4.6-5.8% on the large maps). Each interval between two
    // clock reads also holds one read's own time (about 24 ns here, a tenth
    // of straight_path's on the smallest map): the round measures that on
    // as many empty intervals as pairs and takes it off every call timed.
    std::vector<double> split_shares;
    add("path + waypoints, timed apart", [&] {
        using split_clock = std::chrono::steady_clock;
        split_clock::duration search_time{}, waypoint_time{}, empty_time{};
        std::size_t searches = 0, with_waypoints = 0, pulled = 0;
        for (std::size_t i = 0; i < work.pairs.size(); ++i) {
            const auto before = split_clock::now();
            empty_time += split_clock::now() - before;
        }
        for (const auto& [from, to] : work.pairs) {
            const auto search_start = split_clock::now();
            const auto searched = nav::find_path(w, from, centres[from], to, centres[to], scratch);
            const auto search_end = split_clock::now();
            search_time += search_end - search_start;
            ++searches;
            if (searched.status != nav::path_status::found) continue;
            with_waypoints += nav::straight_path(w, searched, centres[from], centres[to], points).count > 0 ? 1u : 0u;
            waypoint_time += split_clock::now() - search_end;
            ++pulled;
        }
        const double clock_read = static_cast<double>(empty_time.count()) / static_cast<double>(std::max<std::size_t>(1, work.pairs.size()));
        const double searching = std::max(0.0, static_cast<double>(search_time.count()) - clock_read * static_cast<double>(searches));
        const double pulling = std::max(0.0, static_cast<double>(waypoint_time.count()) - clock_read * static_cast<double>(pulled));
        split_shares.push_back(searching + pulling > 0 ? pulling / (searching + pulling) : 0.0);
        return with_waypoints;
    });

#if defined(NAVSPAN_BENCH_HAVE_DETOUR)
    detour_mesh d;
    std::vector<dtPolyRef> corridor;
    std::vector<float> straight(3 * 4096);
    dtQueryFilter filter;
    if (w.ids() != nav::id_scheme::quake_node) {
        t0 = cpu_ns();
        const bool built = build_detour(w, d);
        out.detour_build_ns = cpu_ns() - t0;
        if (built) {
            out.have_detour = true;
            out.detour_polygons = d.owner.size();
            out.detour_cut = d.split;
            out.detour_fanned = d.fanned;
            out.off_mesh = d.off_mesh_links;
            out.detour_mesh_bytes = d.mesh_bytes;
            out.detour_query_bytes = d.query_bytes;
            corridor.resize(d.owner.size() + d.off_mesh_links + 1);
            // One Detour search; the corridor's length when it reaches the goal, else 0.
            auto search = [&](nav::polygon_index a, nav::polygon_index b, float pa[3], float pb[3]) {
                detour_mesh::to_detour(w, centres[a], pa);
                detour_mesh::to_detour(w, centres[b], pb);
                const dtPolyRef ra = d.home[a], rb = d.home[b];
                if (ra == 0 || rb == 0) return 0;
                int n = 0;
                const dtStatus st = d.query->findPath(ra, rb, pa, pb, &filter, corridor.data(), &n, static_cast<int>(corridor.size()));
                if (dtStatusFailed(st) || n == 0 || corridor[static_cast<std::size_t>(n - 1)] != rb) return 0;
                return n;
            };
            modes[4].run = [&, search] {
                std::size_t found = 0;
                for (const auto& [a, b] : work.pairs) {
                    float pa[3], pb[3];
                    found += search(a, b, pa, pb) > 0;
                }
                return found;
            };
            modes[4].present = true;
            modes[6].run = [&, search] {
                std::size_t found = 0;
                for (const auto& [a, b] : work.pairs) {
                    float pa[3], pb[3];
                    const int n = search(a, b, pa, pb);
                    if (n == 0) continue;
                    int m = 0;
                    d.query->findStraightPath(pa, pb, corridor.data(), n, straight.data(), nullptr, nullptr, &m, 4096);
                    found += m > 0;
                }
                return found;
            };
            modes[6].present = true;
        }
    }
#endif

    // One pass each: warm-up, paths found, allocations.
    for (mode& m : modes) {
        if (!m.present) continue;
        m.run();
        const std::uint64_t before = allocation_count();
        m.found = m.run();
        m.allocations = allocation_count() - before;
    }
    split_shares.clear();  // (the passes above are not rounds)
    // Interleaved rounds, the order rotating.
    std::vector<double> round_ns(modes.size());
    for (int r = 0; r < rounds; ++r) {
        for (std::size_t k = 0; k < modes.size(); ++k) {
            mode& m = modes[(k + static_cast<std::size_t>(r)) % modes.size()];
            if (!m.present) continue;
            const double start = cpu_ns();
            g_checksum_sink = g_checksum_sink + m.run();
            round_ns[(k + static_cast<std::size_t>(r)) % modes.size()] = (cpu_ns() - start) / static_cast<double>(pairs);
        }
        for (std::size_t k = 0; k < modes.size(); ++k) {
            if (!modes[k].present) continue;
            modes[k].samples.push_back(round_ns[k]);
            modes[k].ratios.push_back(round_ns[0] > 0 ? round_ns[k] / round_ns[0] : 0);
        }
    }
    out.plain_ns = median_of(modes[0].samples);
    for (std::size_t k = 0; k < 4; ++k) {
        out.have[k] = modes[k + 1].present;
        out.ns[k] = median_of(modes[k + 1].samples);
        out.ratio[k] = median_of(modes[k + 1].ratios);
    }
    out.nav_waypoints_ns = median_of(modes[5].samples);
    out.shortest_ns = median_of(modes[7].samples);
    out.shortest_ratio = median_of(modes[7].ratios);
    if (modes[8].present) {
        out.hierarchy_ns = median_of(modes[8].samples);
        out.hierarchy_ratio = median_of(modes[8].ratios);
    }
    out.waypoints_share = median_of(split_shares);
    if (modes[6].present) {
        out.detour_waypoints_ns = median_of(modes[6].samples);
        std::vector<double> r;
        for (std::size_t i = 0; i < modes[6].samples.size(); ++i) {
            if (modes[5].samples[i] > 0) r.push_back(modes[6].samples[i] / modes[5].samples[i]);
        }
        out.waypoints_ratio = median_of(r);
    }
    // plain / path / exact / table / hierarchy / shortest / Detour
    auto list = [&](auto field) {
        std::string s;
        for (const std::size_t k : {0u, 1u, 2u, 3u, 8u, 7u, 4u}) {
            if (!s.empty()) s += " / ";
            s += modes[k].present ? field(modes[k]) : std::string("–");
        }
        return s;
    };
    out.allocations = list([&](const mode& m) { return per_query(m.allocations, pairs); });
    out.found = list([&](const mode& m) { return std::to_string(m.found); });
    return out;
}

inline std::string cell(bool have, double ns, double ratio) {
    if (!have) return "–";
    char b[64];
    std::snprintf(b, sizeof b, "%.2f (%s)", ratio, micros(ns).c_str());
    return b;
}

}  // namespace nav_table_detail

inline int bench_nav_table(bool quick, const std::string& filter) {
    using namespace nav_table_detail;
    nav_rows_detail::count_detour_allocations();
    const int rounds = quick ? 3 : 21;
    std::vector<map_result> results;
    const bool found = for_each_nav_map(quick, filter, [&](const nav::walkable& w, const std::vector<std::byte>&,
                                                           const nav::plugin_space*, const std::string& name,
                                                           const std::string& what) {
        std::fprintf(stderr, "navspan-bench --nav-table: %s\n", name.c_str());
        results.push_back(measure_map(w, what, rounds));
    });
    if (!found) {
        std::fprintf(stderr, "navspan-bench --nav-table: no corpus (NAVSPAN_CORPUS)\n");
        return 1;
    }
    std::printf("Searches: CPU time per query (median of %d interleaved rounds over the same %d pairs), and in each "
                "navspan or Detour cell its ratio to the plain A* (median of the rounds' ratios; lower is better).\n\n",
                rounds, 256);
    std::printf("| map (polygons, links) | plain A* | `find_path` | `find_exact_path` | `find_exact_path` + table | "
                "`find_exact_path` + hierarchy | `find_shortest_path` | Detour `findPath` | allocations per query (plain / "
                "path / exact / table / hierarchy / shortest / Detour) | paths found (same order) |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const map_result& r : results) {
        std::printf("| %s (%s, %s) | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name.c_str(), grouped(r.polygons).c_str(),
                    grouped(r.links).c_str(), micros(r.plain_ns).c_str(), cell(r.have[0], r.ns[0], r.ratio[0]).c_str(),
                    cell(r.have[1], r.ns[1], r.ratio[1]).c_str(), cell(r.have[2], r.ns[2], r.ratio[2]).c_str(),
                    cell(r.have_hierarchy, r.hierarchy_ns, r.hierarchy_ratio).c_str(), cell(true, r.shortest_ns, r.shortest_ratio).c_str(), cell(r.have[3], r.ns[3], r.ratio[3]).c_str(),
                    r.allocations.c_str(), r.found.c_str());
    }
    std::printf("\nWaypoints, memory and builds: the search plus the waypoints (`find_path` + `straight_path` against "
                "Detour's `findPath` + `findStraightPath`, the ratio Detour ÷ navspan), what each side builds once "
                "per map (CPU time), and the polygons each side searches.\n\n");
    std::printf("| map | navspan path + waypoints (`straight_path`'s share) | Detour path + waypoints | search graph: "
                "memory, build | all-pairs table: memory, build | hierarchy (hub labels): memory, build | `find_shortest_path` scratch, all nodes held | "
                "Detour mesh (+ query): memory, build | polygons: navspan, Detour |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const map_result& r : results) {
        std::string detour_wp = "–", detour_mesh = "–", polys = grouped(r.polygons) + ", –";
        if (r.have_detour) {
            char b[96];
            std::snprintf(b, sizeof b, "%.2f (%s)", r.waypoints_ratio, micros(r.detour_waypoints_ns).c_str());
            detour_wp = b;
            detour_mesh = megabytes(r.detour_mesh_bytes) + " (+ " + megabytes(r.detour_query_bytes) + "), " +
                          build_time(r.detour_build_ns);
            polys = grouped(r.polygons) + ", " + grouped(r.detour_polygons);
        }
        const std::string table = r.have[2] ? megabytes(r.table_bytes) + ", " + build_time(r.table_build_ns) : "–";
        const std::string hierarchy =
            r.have_hierarchy ? megabytes(r.hierarchy_bytes) + ", " + build_time(r.hierarchy_build_ns) : "–";
        char share[32];
        std::snprintf(share, sizeof share, " (%.1f%%)", 100 * r.waypoints_share);
        std::printf("| %s | %s%s | %s | %s, %s | %s | %s | %s | %s | %s |\n", r.name.c_str(), micros(r.nav_waypoints_ns).c_str(),
                    share, detour_wp.c_str(), megabytes(r.graph_bytes).c_str(), build_time(r.graph_build_ns).c_str(),
                    table.c_str(), hierarchy.c_str(), megabytes(r.shortest_bytes).c_str(), detour_mesh.c_str(), polys.c_str());
    }
    std::printf("\n");
    std::fflush(stdout);
    return bench_locate_table(quick, filter);
}

}  // namespace navspan_bench
