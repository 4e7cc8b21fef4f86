// navspan::nav's search graph: find_exact_path against a Dijkstra written
// here from the walkable alone (one state per link, the documented cost
// model) on every corpus map, with find_path's gap reported; reach and
// find_nearest_goal against the same Dijkstra; no allocation per search.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <queue>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "support/sanitizers.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_exact_test {

using navspan_nav_test::add_square;
using navspan_nav_test::square;

namespace {

namespace nav = navspan::nav;
using navspan::vec3;

double dist(vec3 a, vec3 b) {
    const double dx = double{a.x} - b.x, dy = double{a.y} - b.y, dz = double{a.z} - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// Rounded to float as the graph stores them: at -m32 (x87) an optimised
// build keeps the sum wider, and the reference then stood up to 0.01 off
// the search's midpoints on CompanionArissa (25 checks failed at -O2).
vec3 mid(const nav::link& l) {
    using navspan::detail::rounded;
    return {rounded((l.portal_a.x + l.portal_b.x) * 0.5f), rounded((l.portal_a.y + l.portal_b.y) * 0.5f),
            rounded((l.portal_a.z + l.portal_b.z) * 0.5f)};
}

// The cost model by brute force: Dijkstra in double over "standing on the
// midpoint of link (p, i)", from the start point; the answer per polygon is
// the least cost of entering it, and to a goal point the least of entering
// its polygon plus the last leg.
struct reference {
    const nav::walkable& w;
    std::vector<std::size_t> first;  // per polygon: its first link's number
    explicit reference(const nav::walkable& mesh) : w(mesh) {
        first.resize(w.polygon_count() + 1);
        for (std::size_t p = 0; p < w.polygon_count(); ++p) {
            first[p + 1] = first[p] + w.links(static_cast<nav::polygon_index>(p)).size();
        }
    }
    // Cost to each link's midpoint (infinity when not reached).
    std::vector<double> from(nav::polygon_index start, vec3 start_plan) const {
        std::vector<double> d(first.back(), INFINITY);
        using item = std::pair<double, std::size_t>;
        std::priority_queue<item, std::vector<item>, std::greater<item>> open;
        auto offer = [&](std::size_t state, double c) {
            if (c < d[state]) {
                d[state] = c;
                open.push({c, state});
            }
        };
        const auto out = w.links(start);
        for (std::size_t i = 0; i < out.size(); ++i) offer(first[start] + i, dist(start_plan, mid(out[i])));
        while (!open.empty()) {
            const auto [c, state] = open.top();
            open.pop();
            if (c > d[state]) continue;
            const std::size_t p = static_cast<std::size_t>(std::upper_bound(first.begin(), first.end(), state) - first.begin()) - 1;
            const nav::link& l = w.links(static_cast<nav::polygon_index>(p))[state - first[p]];
            const auto next = w.links(l.target);
            for (std::size_t i = 0; i < next.size(); ++i) offer(first[l.target] + i, c + dist(mid(l), mid(next[i])));
        }
        return d;
    }
    double to_goal(const std::vector<double>& d, nav::polygon_index goal, vec3 goal_plan) const {
        double best = INFINITY;
        for (std::size_t p = 0; p < w.polygon_count(); ++p) {
            const auto out = w.links(static_cast<nav::polygon_index>(p));
            for (std::size_t i = 0; i < out.size(); ++i) {
                if (out[i].target == goal) best = std::min(best, d[first[p] + i] + dist(mid(out[i]), goal_plan));
            }
        }
        return best;
    }
};

// The distance between adjacent floats at the larger coordinate of two points.
double coordinate_spacing(vec3 a, vec3 b) {
    const float m = std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(a.z), std::fabs(b.x), std::fabs(b.y), std::fabs(b.z)});
    return static_cast<double>(std::nextafter(m, INFINITY)) - static_cast<double>(m);
}

// (Not "near": a macro of windows.h.)
bool costs_agree(double a, double b) { return std::fabs(a - b) <= 1e-3 + 2e-5 * std::fabs(b); }

struct gap_tally {
    std::size_t pairs = 0, worse = 0;
    double sum = 0, most = 0;
};

// A point on polygon p off its centre: a fraction t of the way to its
// first corner (the all-pairs table's bound is tightest at the centre).
vec3 toward_corner(const nav::walkable& w, nav::polygon_index p, float t) {
    const vec3 c = nav::centre(w, p);
    const auto corners = w.plan_corners(p);
    if (corners.empty()) return c;
    const vec3 k = w.to_world(corners[0]);
    return {c.x + (k.x - c.x) * t, c.y + (k.y - c.y) * t, c.z + (k.z - c.z) * t};
}

void check_walkable(const nav::walkable& w, gap_tally& gaps) {
    if (w.polygon_count() < 2 || w.link_count() == 0) return;
    const auto graph = nav::search_graph::build(w);
    REQUIRE(graph.state_count() == w.link_count());
    // The same with the all-pairs table as the bound (its build is a
    // search per polygon: the larger maps are left to the benchmark).
    nav::search_graph::options with_table;
    with_table.all_pairs = true;
    with_table.all_pairs_max_polygons = 800;
    const auto tabled = nav::search_graph::build(w, with_table);
    CHECK(tabled.has_table() == (w.polygon_count() <= 800 && tabled.lengths_precomputed()));
    nav::search_scratch table_scratch(tabled);
    const reference ref(w);
    nav::search_scratch scratch(graph);
    nav::path_scratch polygon_scratch(w);
    std::vector<nav::reached_polygon> reached(w.polygon_count());
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    for (std::uint32_t k = 0; k < navspan_test::sample_size(6); ++k) {
        const nav::polygon_index start = (k * 7919u + 3u) % n;
        if (!w.usable(start)) continue;
        const vec3 a = nav::centre(w, start);
        const auto d = ref.from(start, w.to_plan(a));
        const vec3 a_off = toward_corner(w, start, 0.7f);
        const auto d_off = tabled.has_table() ? ref.from(start, w.to_plan(a_off)) : d;
        std::vector<nav::goal_point> goals;
        for (std::uint32_t j = 0; j < 6; ++j) {
            const nav::polygon_index goal = (k * 104729u + j * 2654435761u + 1u) % n;
            if (!w.usable(goal) || goal == start) continue;
            const vec3 b = nav::centre(w, goal);
            // A polygon given twice counts as its first listing.
            if (std::none_of(goals.begin(), goals.end(), [&](const nav::goal_point& x) { return x.polygon == goal; })) {
                goals.push_back({goal, b});
            }
            const double best = ref.to_goal(d, goal, w.to_plan(b));
            const auto exact = nav::find_exact_path(graph, start, a, goal, b, scratch);
            CAPTURE(start);
            CAPTURE(goal);
            const auto by_table = nav::find_exact_path(tabled, start, a, goal, b, table_scratch);
            if (tabled.has_table()) {
                const vec3 b_off = toward_corner(w, goal, 0.7f);
                const double best_off = ref.to_goal(d_off, goal, w.to_plan(b_off));
                const auto off = nav::find_exact_path(tabled, start, a_off, goal, b_off, table_scratch);
                if (std::isinf(best_off)) {
                    CHECK(off.status == nav::search_status::no_path);
                } else {
                    REQUIRE(off.status == nav::search_status::found);
                    CHECK(costs_agree(off.cost, best_off));
                }
            }
            if (std::isinf(best)) {
                CHECK(exact.status == nav::search_status::no_path);
                CHECK(by_table.status == nav::search_status::no_path);
                continue;
            }
            REQUIRE(exact.status == nav::search_status::found);
            CHECK(costs_agree(exact.cost, best));
            REQUIRE(by_table.status == nav::search_status::found);
            CHECK(costs_agree(by_table.cost, best));
            // The corridor follows links and costs what was reported.
            REQUIRE(exact.corridor.size() >= 2);
            CHECK(exact.corridor.front() == start);
            CHECK(exact.corridor.back() == goal);
            double along = 0;
            vec3 at = w.to_plan(a);
            for (std::size_t i = 1; i < exact.corridor.size(); ++i) {
                const nav::link* l = w.find_link(exact.corridor[i - 1], exact.corridor[i]);
                REQUIRE(l != nullptr);
                // find_link gives the first link between the two; the
                // search may have used a parallel one: take the cheapest.
                double step = INFINITY;
                vec3 step_at{};
                for (const nav::link& x : w.links(exact.corridor[i - 1])) {
                    if (x.target != exact.corridor[i]) continue;
                    const double s = dist(at, mid(x)) + (i + 1 == exact.corridor.size() ? dist(mid(x), w.to_plan(b)) : 0.0);
                    if (s < step) {
                        step = s;
                        step_at = mid(x);
                    }
                }
                along += step;
                at = step_at;
            }
            CHECK(along >= best - 1e-3 - 2e-5 * best);
            CHECK(nav::geodesic_distance(graph, start, a, goal, b, scratch) == doctest::Approx(exact.cost));
            // The polygon mode: never below the optimum, and how far above.
            const auto polygon_mode = nav::find_path(w, start, a, goal, b, polygon_scratch);
            REQUIRE(polygon_mode.status == nav::path_status::found);
            // Within float rounding: the costs are float sums over float
            // midpoints, so each step may be off by about one float spacing at
            // the map's coordinates (x87 at -m32 computes the midpoints wider
            // than this reference does: one spacing of 83,000 is 0.008).
            const double rounding = coordinate_spacing(a, b) * static_cast<double>(polygon_mode.corridor.size());
            CHECK(polygon_mode.cost >= best - 1e-3 - 2e-5 * best - rounding);
            const double gap = best > 0 ? polygon_mode.cost / best - 1 : 0;
            ++gaps.pairs;
            if (gap > 1e-5) ++gaps.worse;
            gaps.sum += std::max(gap, 0.0);
            gaps.most = std::max(gaps.most, gap);
        }
        // The nearest goal: the least of the reference costs.
        if (!goals.empty()) {
            double best = INFINITY;
            for (const auto& g : goals) best = std::min(best, ref.to_goal(d, g.polygon, w.to_plan(g.point)));
            const auto nearest = nav::find_nearest_goal(graph, start, a, goals, scratch);
            if (std::isinf(best)) {
                CHECK(nearest.status == nav::search_status::no_path);
            } else {
                REQUIRE(nearest.status == nav::search_status::found);
                CAPTURE(nearest.cost);
                CAPTURE(best);
                CAPTURE(goals.size());
                CAPTURE(nearest.goal);
                CAPTURE(nearest.expanded);
                CHECK(costs_agree(nearest.cost, best));
                CHECK(nearest.corridor.back() == goals[nearest.goal].polygon);
            }
        }
        // Reach: exactly the polygons entered within the cost, at their cost.
        double limit = 0;
        for (double c : d) {
            if (!std::isinf(c)) limit = std::max(limit, c);
        }
        limit *= 0.5;
        std::vector<double> enter(w.polygon_count(), INFINITY);
        enter[start] = 0;
        for (std::size_t p = 0; p < w.polygon_count(); ++p) {
            const auto out = w.links(static_cast<nav::polygon_index>(p));
            for (std::size_t i = 0; i < out.size(); ++i) enter[out[i].target] = std::min(enter[out[i].target], d[ref.first[p] + i]);
        }
        const auto r = nav::reach(graph, start, a, static_cast<float>(limit), reached, scratch);
        REQUIRE(r.status == nav::search_status::found);
        CHECK(r.complete);
        std::size_t expected = 0;
        for (double c : enter) expected += c <= limit * (1 - 1e-5) ? 1 : 0;
        CHECK(r.count >= expected);
        for (std::size_t i = 0; i < r.count; ++i) {
            CHECK(costs_agree(reached[i].cost, enter[reached[i].polygon]));
            CHECK(reached[i].cost <= limit * (1 + 1e-5) + 1e-3);
            if (i > 0) CHECK(reached[i].cost >= reached[i - 1].cost);
        }
    }
}

}  // namespace

TEST_CASE("exact: shortest under the model on hand-made meshes") {
    // A detour a polygon search takes: a wide square whose portal midpoint
    // lies far to the side. Start S links to A (portal midpoint far left)
    // and B (near the straight line); both link to goal G.
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    const auto s = square(0, 0, 0);
    const vec3 a[] = {{0, 100, 0}, {50, 100, 0}, {50, 200, 0}, {0, 200, 0}};
    const vec3 c[] = {{50, 100, 0}, {100, 100, 0}, {100, 200, 0}, {50, 200, 0}};
    const auto g = square(0, 200, 0);
    b.add_polygon({0, 0}, s);
    b.add_polygon({1, 0}, a);
    b.add_polygon({2, 0}, c);
    b.add_polygon({3, 0}, g);
    b.add_link(0, 1, nav::link_kind::walk, {0, 100, 0}, {50, 100, 0});
    b.add_link(0, 2, nav::link_kind::walk, {50, 100, 0}, {100, 100, 0});
    b.add_link(1, 3, nav::link_kind::walk, {0, 200, 0}, {50, 200, 0});
    b.add_link(2, 3, nav::link_kind::walk, {50, 200, 0}, {100, 200, 0});
    const nav::walkable w = b.finish();
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch scratch(graph);
    const vec3 from{75, 10, 0}, to{75, 290, 0};
    const auto r = nav::find_exact_path(graph, 0, from, 3, to, scratch);
    REQUIRE(r.status == nav::search_status::found);
    REQUIRE(r.corridor.size() == 3);
    CHECK(r.corridor[1] == 2);
    CHECK(r.cost == doctest::Approx(90 + 100 + 90));
    CHECK(nav::find_exact_path(graph, 0, from, 9, to, scratch).status == nav::search_status::bad_input);
    CHECK(nav::find_exact_path(graph, 0, {INFINITY, 0, 0}, 3, to, scratch).status == nav::search_status::bad_input);
    nav::search_scratch small;
    CHECK(nav::find_exact_path(graph, 0, from, 3, to, small).status == nav::search_status::scratch_too_small);
    // A hook refusing the link into C: the way through A.
    const auto around = nav::find_exact_path(graph, 0, from, 3, to, scratch,
                                             [](const nav::walkable&, nav::polygon_index, const nav::link& l, float len) {
                                                 return l.target == 2 ? -1.0f : len;
                                             });
    REQUIRE(around.status == nav::search_status::found);
    CHECK(around.corridor[1] == 1);
    // Reach within 100: S, then C (90 away), not A or G.
    nav::reached_polygon out[4];
    const auto within = nav::reach(graph, 0, from, 100, out, scratch);
    REQUIRE(within.count == 2);
    CHECK(out[0].polygon == 0);
    CHECK(out[1].polygon == 2);
    CHECK(out[1].cost == doctest::Approx(90));
    nav::reached_polygon one[1];
    CHECK_FALSE(nav::reach(graph, 0, from, 100, one, scratch).complete);
    // The nearest of two goals, and a goal under the start.
    const nav::goal_point goals[] = {{3, to}, {1, {25, 150, 0}}};
    const auto nearest = nav::find_nearest_goal(graph, 0, from, goals, scratch);
    REQUIRE(nearest.status == nav::search_status::found);
    CHECK(nearest.goal == 1);
    const nav::goal_point here[] = {{3, to}, {0, {75, 20, 0}}};
    CHECK(nav::find_nearest_goal(graph, 0, from, here, scratch).goal == 1);
}

TEST_CASE("exact: equal to an independent Dijkstra on every corpus map; find_path's gap") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    std::size_t walkables = 0;
    for (const char* folder_name : folders) {
        gap_tally gaps;
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name,
            [&gaps](const nav::walkable& w, const std::string&, const nav::plugin_space*) { check_walkable(w, gaps); });
        MESSAGE(std::string(folder_name) << ": " << gaps.pairs << " pairs; find_path above the optimum in " << gaps.worse
                            << ", by " << (gaps.pairs ? 100 * gaps.sum / static_cast<double>(gaps.pairs) : 0.0)
                            << "% on average, " << 100 * gaps.most << "% at most");
    }
    MESSAGE(walkables << " walkables checked");
}

TEST_CASE("exact: searches allocate nothing once the graph and scratch exist") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    const auto graph = nav::search_graph::build(*w);
    CHECK(graph.memory_bytes() > 0);
    nav::search_graph::options with_table;
    with_table.all_pairs = true;
    const auto tabled = nav::search_graph::build(*w, with_table);
    REQUIRE(tabled.has_table());
    CHECK(tabled.table_bytes() >= w->polygon_count() * w->link_count() * 2);
    nav::search_scratch table_scratch(tabled);
    nav::search_scratch scratch(graph);
    const auto last = static_cast<nav::polygon_index>(w->polygon_count() - 1);
    const vec3 a = nav::centre(*w, 0), b = nav::centre(*w, last);
    const nav::goal_point goals[] = {{last, b}, {0, a}};
    nav::reached_polygon out[64];
    std::size_t found = 0;
    navspan_test::allocation_scope scope;
    for (int i = 0; i < 10; ++i) {
        found += nav::find_exact_path(graph, 0, a, last, b, scratch).corridor.size();
        found += nav::geodesic_distance(graph, last, b, 0, a, scratch) >= 0;
        found += nav::reach(graph, 0, a, 1e6f, out, scratch).count;
        found += nav::find_nearest_goal(graph, 0, a, goals, scratch).corridor.size();
        found += nav::find_exact_path(tabled, 0, a, last, b, table_scratch).corridor.size();
    }
    CHECK(scope.count() == 0);
    CHECK(found > 0);
}

namespace {

// How far (in plan) a point lies from the nearest polygon of a corridor.
double off_corridor(const nav::walkable& w, std::span<const nav::polygon_index> corridor, vec3 p) {
    double best = INFINITY;
    for (nav::polygon_index c : corridor) {
        const vec3 on = nav::closest_point(w, c, p);
        best = std::min(best, std::hypot(double{on.x} - p.x, double{on.y} - p.y));
    }
    return best;
}

// The farthest any point of the waypoint polyline (32 samples a leg) lies
// from the corridor: a path walked along it stays on the mesh.
double polyline_off(const nav::walkable& w, std::span<const nav::polygon_index> corridor, std::span<const vec3> points) {
    double worst = 0;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        for (int k = 0; k <= 32; ++k) {
            const float t = static_cast<float>(k) / 32.0f;
            const vec3 p{points[i].x + t * (points[i + 1].x - points[i].x), points[i].y + t * (points[i + 1].y - points[i].y),
                         points[i].z + t * (points[i + 1].z - points[i].z)};
            worst = std::max(worst, off_corridor(w, corridor, p));
        }
    }
    return worst;
}

}  // namespace

TEST_CASE("waypoints stay on the corridor across plugin edge links and Source gaps") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    const auto file = *folder / "files" / "chesko256__Arissa__CompanionArissa.esm";
    if (!std::filesystem::exists(file)) {
        MESSAGE("CompanionArissa.esm not in the corpus: skipped");
        return;
    }
    const auto bytes = navspan_test::read_file(file);
    const auto plugin = navspan::creation::plugin_file::open(bytes);
    REQUIRE(plugin);
    navspan::creation::inflate_buffer inflate;
    std::vector<nav::plugin_space> spaces;
    REQUIRE(nav::plugin_spaces(*plugin, inflate, spaces).ok());
    std::size_t paths = 0, checked = 0, off_paths = 0;
    double worst = 0;
    for (const nav::plugin_space& s : spaces) {
        const auto w = nav::make_walkable(*plugin, s, inflate);
        REQUIRE(w);
        const nav::polygon_index from = w->find({0x0010738A, 359}), to = w->find({0x0010737F, 15});
        if (from != nav::no_polygon && to != nav::no_polygon) {
            // The path of issue 25 that left the mesh by 4.7 units.
            nav::path_scratch scratch(*w);
            const vec3 a = nav::centre(*w, from), b = nav::centre(*w, to);
            const auto found = nav::find_path(*w, from, a, to, b, scratch);
            REQUIRE(found.status == nav::path_status::found);
            std::vector<vec3> points(3 * found.corridor.size() + 2);
            const auto sp = nav::straight_path(*w, found.corridor, a, b, points);
            REQUIRE(sp.complete);
            CHECK(polyline_off(*w, found.corridor, std::span<const vec3>(points).first(sp.count)) < 0.05);
            ++paths;
        }
        // And many pairs of the space, as the issue counted them.
        if (w->polygon_count() < 2) continue;
        nav::path_scratch scratch(*w);
        const auto n = static_cast<std::uint32_t>(w->polygon_count());
        for (std::uint32_t k = 0; k < navspan_test::sample_size(300); ++k) {
            const nav::polygon_index a = (k * 7919u) % n, b = (k * 104729u + 17u) % n;
            if (!w->usable(a) || !w->usable(b)) continue;
            const vec3 pa = nav::centre(*w, a), pb = nav::centre(*w, b);
            const auto found = nav::find_path(*w, a, pa, b, pb, scratch);
            if (found.status != nav::path_status::found) continue;
            std::vector<vec3> points(3 * found.corridor.size() + 2);
            const auto sp = nav::straight_path(*w, found.corridor, pa, pb, points);
            const double off = polyline_off(*w, found.corridor, std::span<const vec3>(points).first(sp.count));
            worst = std::max(worst, off);
            off_paths += off >= 0.05 ? 1 : 0;
            ++checked;
        }
    }
    CHECK(paths == 1);
    CHECK(checked > 100);
    CHECK(worst < 0.05);
    MESSAGE(checked << " paths, " << off_paths << " leave their corridor, at most by " << worst);
}

TEST_CASE("waypoints keep to both sides of a Source-style gap") {
    // Two areas with a 64-unit gap between them, joined by a drop; the
    // funnel must cross the gap straight, not diagonally from one side.
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    add_square(b, 1, 0, 0, 100);    // the higher area
    add_square(b, 2, 164, 100, 0);  // the lower, beyond the gap
    b.add_link(0, 1, nav::link_kind::drop, {100, 50, 100}, {100, 100, 100});
    const nav::walkable w = b.finish();
    nav::path_scratch scratch(w);
    const vec3 from{10, 10, 100}, to{254, 190, 0};
    const auto found = nav::find_path(w, 0, from, 1, to, scratch);
    REQUIRE(found.status == nav::path_status::found);
    vec3 points[8];
    const auto sp = nav::straight_path(w, found.corridor, from, to, points);
    REQUIRE(sp.complete);
    // Every waypoint is on one of the two areas.
    for (std::size_t i = 0; i < sp.count; ++i) {
        CAPTURE(points[i].x);
        CAPTURE(points[i].y);
        CHECK(off_corridor(w, found.corridor, points[i]) < 1e-3);
    }
    // The straight line start-goal crosses the gap beside the lower area's
    // corner; the path lands on that corner instead.
    REQUIRE(sp.count == 3);
    CHECK(points[1].x == doctest::Approx(164));
    CHECK(points[1].y == doctest::Approx(100));
}

}  // namespace nav_exact_test
