// navspan-bench --nav-table's third table (alone: --locate-table): locate
// and nearest per query, navspan against Detour, on points that change
// every call.
//
// The points (a fixed seed; the same for both libraries):
//   on the mesh   a random usable polygon, a random point of a random
//                 triangle of its fan from corner 0, half a unit above its
//                 surface there (as a bot standing on it asks);
//   random        anywhere in the walkable's plan bounds, heights included:
//                 on, above, beside and between polygons (a click, a
//                 projectile, a spawn point off the mesh).
// The queries, each on both sets:
//   locate        navspan locate(p, tolerance) (64 units; 2 m on Fox
//                 tiles), against Detour's findNearestPoly in a box as thin
//                 as its vertex quantum in plan and the tolerance up and
//                 down: Detour has no point-in-polygon query, and this box
//                 asks it the same question (the polygon under the point
//                 within the tolerance) with the least plan search;
//   nearest       navspan nearest(p, radius) (200 units; 5 m), against
//                 findNearestPoly in the cube of half-side `radius`. The
//                 cube holds navspan's sphere, so Detour looks at every
//                 polygon navspan may answer (and the cube's corners too).
// Interleaved: each round runs every mode (library x query x point set)
// once over its 4,096 points, in an order shuffled each round (a fixed
// seed: a mode's time depends on what ran before it), each call a new
// point, so neither the caches nor the branch predictors settle on one
// point and each mode runs after others have evicted its data. Times are
// process CPU time per query, the median of 41 rounds (5 with --quick);
// ratios navspan / Detour, the median of the rounds' ratios. Found counts
// are over one pass (the same for every round).
#pragma once

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <navspan/nav.hpp>

#include "harness.hpp"
#include "nav_rows.hpp"

namespace navspan_bench {

namespace locate_table_detail {

namespace nav = navspan::nav;

struct query_points {
    std::vector<navspan::vec3> on_mesh, random;
};

inline query_points make_query_points(const nav::walkable& w, std::size_t n) {
    query_points out;
    std::vector<nav::polygon_index> usable;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (w.usable(p) && nav::area(w, p) > 0) usable.push_back(p);
    }
    if (usable.empty()) return out;
    nav_rows_detail::lcg r;
    r.s = 0x5EED1234u;
    auto unit = [&] { return static_cast<double>(r.next() % 1000000) * 1e-6; };
    while (out.on_mesh.size() < n) {
        const nav::polygon_index p = usable[r.next() % usable.size()];
        const auto c = w.plan_corners(p);
        const std::size_t i = 1 + r.next() % (c.size() - 2);
        double u = unit(), v = unit();
        if (u + v > 1) u = 1 - u, v = 1 - v;
        const double x = c[0].x + u * (static_cast<double>(c[i].x) - c[0].x) + v * (static_cast<double>(c[i + 1].x) - c[0].x);
        const double y = c[0].y + u * (static_cast<double>(c[i].y) - c[0].y) + v * (static_cast<double>(c[i + 1].y) - c[0].y);
        const navspan::vec3 plan{static_cast<float>(x), static_cast<float>(y), 0};
        if (!nav::contains(w, p, w.to_world(plan))) continue;  // a fan triangle outside a polygon that is not convex
        const float z = nav::height_at(w, p, w.to_world(plan)) + 0.5f;
        out.on_mesh.push_back(w.to_world({plan.x, plan.y, z}));
    }
    const nav::box b = w.plan_bounds();
    auto between = [&](float lo, float hi) { return lo + (hi - lo) * static_cast<float>(unit()); };
    for (std::size_t k = 0; k < n; ++k) {
        out.random.push_back(w.to_world({between(b.min.x, b.max.x), between(b.min.y, b.max.y), between(b.min.z, b.max.z)}));
    }
    return out;
}

// One library's queries: pass[query](points) runs the query on every point
// once and returns how many found a polygon (query 0 locate, 1 nearest).
struct library {
    std::string name;
    std::function<std::size_t(std::span<const navspan::vec3>)> pass[2];
};

// Per library, query and point set (0 on the mesh, 1 random): ns per query
// by round, and the polygons found in one pass.
struct library_figures {
    std::vector<double> samples[2][2];
    std::size_t found[2][2] = {};
    double ns(int query, int set) const { return median_of(samples[query][set]); }
};

// Every mode once per round, the order shuffled (see the top of the file).
inline std::vector<library_figures> measure_libraries(const std::vector<library>& libraries, const query_points& points,
                                                      int rounds) {
    const std::span<const navspan::vec3> sets[2] = {points.on_mesh, points.random};
    std::vector<library_figures> out(libraries.size());
    const std::size_t modes = libraries.size() * 4;
    auto run = [&](std::size_t m) {
        const std::size_t lib = m / 4, query = (m / 2) % 2, set = m % 2;
        return libraries[lib].pass[query](sets[set]);
    };
    for (std::size_t m = 0; m < modes; ++m) out[m / 4].found[(m / 2) % 2][m % 2] = run(m);  // warm-up, counts
    std::vector<std::size_t> order(modes);
    for (std::size_t m = 0; m < modes; ++m) order[m] = m;
    nav_rows_detail::lcg shuffle;
    for (int r = 0; r < rounds; ++r) {
        for (std::size_t k = modes; k > 1; --k) std::swap(order[k - 1], order[shuffle.next() % k]);
        for (const std::size_t m : order) {
            const double start = cpu_ns();
            g_checksum_sink = g_checksum_sink + run(m);
            const double per_query = (cpu_ns() - start) / static_cast<double>(sets[m % 2].size());
            out[m / 4].samples[(m / 2) % 2][m % 2].push_back(per_query);
        }
    }
    return out;
}

// The median over rounds of a's time over b's.
inline double ratio(const library_figures& a, const library_figures& b, int query, int set) {
    std::vector<double> r;
    const auto& x = a.samples[query][set];
    const auto& y = b.samples[query][set];
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (y[i] > 0) r.push_back(x[i] / y[i]);
    }
    return median_of(r);
}

inline float locate_tolerance(const nav::walkable& w) { return w.up_axis() == nav::axis::y ? 2.0f : 64.0f; }
inline float nearest_radius(const nav::walkable& w) { return w.up_axis() == nav::axis::y ? 5.0f : 200.0f; }

// navspan's queries over an index (spatial_index, or another with its API).
template <class Index>
library navspan_library(const nav::walkable& w, const Index& index, std::string name) {
    library l;
    l.name = std::move(name);
    const float tolerance = locate_tolerance(w), radius = nearest_radius(w);
    l.pass[0] = [&index, tolerance](std::span<const navspan::vec3> points) {
        std::size_t n = 0;
        for (const navspan::vec3& p : points) n += index.locate(p, tolerance).has_value();
        return n;
    };
    l.pass[1] = [&index, radius](std::span<const navspan::vec3> points) {
        std::size_t n = 0;
        for (const navspan::vec3& p : points) n += index.nearest(p, radius).has_value();
        return n;
    };
    return l;
}

#if defined(NAVSPAN_BENCH_HAVE_DETOUR)
// Detour's findNearestPoly in the boxes described at the top of the file.
inline library detour_library(const nav::walkable& w, const nav_rows_detail::detour_mesh& d) {
    library l;
    l.name = "Detour";
    const float tolerance = locate_tolerance(w), radius = nearest_radius(w);
    auto over = [&w, &d](float plan_half, float up_half) {
        return [&w, &d, plan_half, up_half](std::span<const navspan::vec3> points) {
            static const dtQueryFilter filter;
            const float half[3] = {plan_half, up_half, plan_half};
            std::size_t n = 0;
            for (const navspan::vec3& p : points) {
                float c[3], nearest[3];
                nav_rows_detail::detour_mesh::to_detour(w, p, c);
                dtPolyRef ref = 0;
                d.query->findNearestPoly(c, half, &filter, &ref, nearest);
                n += ref != 0;
            }
            return n;
        };
    };
    l.pass[0] = over(d.unit, tolerance);
    l.pass[1] = over(radius, radius);
    return l;
}
#endif

struct map_figures {
    std::string name;
    std::size_t polygons = 0, index_bytes = 0;
    std::vector<std::string> libraries;
    std::vector<library_figures> figures;
};

inline map_figures measure_map(const nav::walkable& w, const std::string& name, int rounds) {
    map_figures out;
    out.name = name;
    out.polygons = w.polygon_count();
    const query_points points = make_query_points(w, 4096);
    if (points.on_mesh.empty()) return out;
    const auto index = nav::spatial_index::build(w);
    out.index_bytes = index.memory_bytes();
    std::vector<library> libraries{navspan_library(w, index, "navspan")};
#if defined(NAVSPAN_BENCH_HAVE_DETOUR)
    nav_rows_detail::detour_mesh d;
    if (w.ids() != nav::id_scheme::quake_node && nav_rows_detail::build_detour(w, d)) libraries.push_back(detour_library(w, d));
#endif
    for (const library& l : libraries) out.libraries.push_back(l.name);
    out.figures = measure_libraries(libraries, points, rounds);
    return out;
}

inline std::string nanoseconds(double ns) {
    char b[32];
    std::snprintf(b, sizeof b, ns >= 10e3 ? "%.1f µs" : "%.0f ns", ns >= 10e3 ? ns / 1e3 : ns);
    return b;
}

// "62 ns (Detour 310 ns, 0.20)", or navspan's time alone.
inline std::string versus(const map_figures& m, int query, int set) {
    if (m.figures.empty()) return "–";
    std::string s = nanoseconds(m.figures[0].ns(query, set));
    if (m.figures.size() > 1) {
        char b[64];
        std::snprintf(b, sizeof b, " (%s, %.2f)", nanoseconds(m.figures[1].ns(query, set)).c_str(),
                      ratio(m.figures[0], m.figures[1], query, set));
        s += b;
    }
    return s;
}

inline void print_table(const std::vector<map_figures>& maps, int rounds) {
    std::printf("Locate and nearest: CPU time per query, navspan (Detour's `findNearestPoly`, navspan ÷ Detour), the "
                "median of %d interleaved rounds over 4,096 points per set, every call a new point; how many points "
                "each found a polygon for in one pass; navspan's index, bytes per polygon.\n\n",
                rounds);
    std::printf("| map (polygons) | `locate`, on the mesh | `locate`, random | `nearest`, on the mesh | `nearest`, random "
                "| found: locate on / random, nearest on / random | index: bytes per polygon |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
    for (const map_figures& m : maps) {
        // "navspan 4096/381, 4096/1894; Detour ...": locate on / random, nearest on / random.
        std::string found;
        for (std::size_t k = 0; k < m.figures.size(); ++k) {
            const auto& n = m.figures[k].found;
            char b[128];
            std::snprintf(b, sizeof b, "%s%s %zu/%zu, %zu/%zu", k ? "; " : "", m.libraries[k].c_str(), n[0][0], n[0][1], n[1][0], n[1][1]);
            found += b;
        }
        char bytes[32];
        std::snprintf(bytes, sizeof bytes, "%.1f", m.polygons ? static_cast<double>(m.index_bytes) / static_cast<double>(m.polygons) : 0.0);
        std::printf("| %s (%s) | %s | %s | %s | %s | %s | %s |\n", m.name.c_str(), grouped(m.polygons).c_str(),
                    versus(m, 0, 0).c_str(), versus(m, 0, 1).c_str(), versus(m, 1, 0).c_str(), versus(m, 1, 1).c_str(),
                    found.c_str(), bytes);
    }
    std::fflush(stdout);
}

}  // namespace locate_table_detail

// The third table of --nav-table, over the nav maps and the extra Source
// maps for_each_nav_map adds for it.
inline int bench_locate_table(bool quick, const std::string& filter) {
    using namespace locate_table_detail;
    nav_rows_detail::count_detour_allocations();
    const int rounds = quick ? 5 : 41;
    std::vector<map_figures> maps;
    const bool found = for_each_nav_map(
        quick, filter,
        [&](const nav::walkable& w, const std::vector<std::byte>&, const nav::plugin_space*, const std::string& name,
            const std::string& what) {
            std::fprintf(stderr, "navspan-bench locate table: %s\n", name.c_str());
            maps.push_back(measure_map(w, what, rounds));
        },
        true);
    if (!found) {
        std::fprintf(stderr, "navspan-bench: no corpus (NAVSPAN_CORPUS)\n");
        return 1;
    }
    print_table(maps, rounds);
    return 0;
}

}  // namespace navspan_bench
