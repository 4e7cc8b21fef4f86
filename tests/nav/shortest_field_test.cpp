// reach, distance_field, find_nearest_goal and geodesic_distance under
// find_shortest_path's model (navspan/nav/shortest_field.hpp): analytic
// answers on an open grid, and on every corpus map against
// find_shortest_path itself (the length to the nearest point of a polygon
// lies between the least length to dense samples of its portals less their
// spacing and that least length), against the exact model (never above) and
// against each other.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_shortest_field_test {

namespace nav = navspan::nav;
using navspan::vec3;
using navspan_nav_test::walled_grid;

double length3(vec3 a, vec3 b) {
    const double dx = double{a.x} - b.x, dy = double{a.y} - b.y, dz = double{a.z} - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

double chain_length(std::span<const vec3> points) {
    double sum = 0;
    for (std::size_t i = 1; i < points.size(); ++i) sum += length3(points[i - 1], points[i]);
    return sum;
}

// The plan distance from (px, py) to the 100-unit square at (x, y).
double to_square(double px, double py, double x, double y) {
    const double dx = std::max({x - px, 0.0, px - (x + 100)}), dy = std::max({y - py, 0.0, py - (y + 100)});
    return std::hypot(dx, dy);
}

TEST_CASE("shortest field: an open grid gives the straight distance to each square; a wall is walked round") {
    const std::uint32_t side = 12;
    const nav::walkable open = walled_grid(side, false, false);
    nav::shortest_path_scratch scratch(open);
    std::vector<float> cost(open.polygon_count());
    const vec3 from{250, 350, 0};  // in square (2, 3)
    const nav::goal_point starts[] = {{3 * side + 2, from}};
    auto r = nav::distance_field(open, starts, INFINITY, cost, scratch);
    REQUIRE(r.status == nav::query_status::found);
    CHECK(r.reached == open.polygon_count());
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            CHECK(cost[y * side + x] == doctest::Approx(to_square(250, 350, 100.0 * x, 100.0 * y)).epsilon(1e-5));
        }
    }
    // Within a cost: the squares within it and no others.
    r = nav::distance_field(open, starts, 300, cost, scratch);
    for (std::uint32_t p = 0; p < side * side; ++p) {
        const double d = to_square(250, 350, 100.0 * (p % side), 100.0 * (p / side));
        if (d < 299.9) CHECK(cost[p] == doctest::Approx(d).epsilon(1e-5));
        if (d > 300.1) CHECK(cost[p] == INFINITY);
    }

    // With the wall (columns 5 | 6, open at the far row): a square beyond it
    // is reached round the wall's end at (600, 1100).
    const nav::walkable walled = walled_grid(side, false);
    nav::shortest_path_scratch walled_scratch(walled);
    std::vector<float> walled_cost(walled.polygon_count());
    const nav::goal_point start2[] = {{0, {50, 50, 0}}};
    REQUIRE(nav::distance_field(walled, start2, INFINITY, walled_cost, walled_scratch).status == nav::query_status::found);
    const double corner = std::hypot(600 - 50, 1100 - 50);
    CHECK(walled_cost[0 * side + 8] == doctest::Approx(corner + std::hypot(200, 1000)).epsilon(1e-5));  // (8, 0)
    CHECK(walled_cost[0 * side + 5] == doctest::Approx(500 - 50).epsilon(1e-5));       // (5, 0): this side, straight
}

TEST_CASE("shortest field: reach lists the field within a cost, start first, nearest first when cut") {
    const std::uint32_t side = 10;
    const nav::walkable w = walled_grid(side, true);
    nav::shortest_path_scratch scratch(w);
    std::vector<float> cost(w.polygon_count());
    const vec3 from = nav::centre(w, 23);
    const nav::goal_point starts[] = {{23, from}};
    REQUIRE(nav::distance_field(w, starts, 650, cost, scratch).status == nav::query_status::found);
    std::vector<nav::reached_polygon> out(w.polygon_count());
    const auto r = nav::reach(w, 23, from, 650, out, scratch);
    REQUIRE(r.status == nav::query_status::found);
    CHECK(r.complete);
    REQUIRE(r.count > 1);
    CHECK(out[0].polygon == 23);
    CHECK(out[0].cost == 0.0f);
    std::size_t finite = 0;
    for (float c : cost) {
        if (c != INFINITY) ++finite;
    }
    CHECK(r.count == finite);
    for (std::size_t i = 1; i < r.count; ++i) {
        CHECK(out[i].cost == cost[out[i].polygon]);
        CHECK(out[i - 1].cost <= out[i].cost);
    }
    // Cut short: the nearest ones, in the same order.
    std::vector<nav::reached_polygon> few(5);
    const auto cut = nav::reach(w, 23, from, 650, few, scratch);
    CHECK(!cut.complete);
    REQUIRE(cut.count == 5);
    for (std::size_t i = 0; i < 5; ++i) CHECK(few[i].cost == out[i].cost);
    // The island is never reached.
    CHECK(cost[side * side] == INFINITY);
}

TEST_CASE("shortest field: the nearest goal in the start polygon of a walkable without links") {
    // One square, no link: the goal node stands on no link (the search
    // keeps no chain for it), and the answer is the straight line.
    const nav::walkable w = walled_grid(1, false);
    REQUIRE(w.polygon_count() == 1);
    REQUIRE(w.link_count() == 0);
    nav::shortest_path_scratch scratch(w);
    const navspan::vec3 from = nav::centre(w, 0), to{from.x + 30.0f, from.y + 40.0f, from.z};
    const nav::goal_point goals[] = {{0, to}};
    const auto r = nav::find_nearest_goal(w, 0, from, goals, scratch);
    REQUIRE(r.status == nav::query_status::found);
    CHECK(r.goal == 0);
    CHECK(r.cost == doctest::Approx(50.0));
}

TEST_CASE("shortest field: refusals; a scratch fitted to another walkable") {
    const nav::walkable w = walled_grid(6, true);
    const nav::walkable other = walled_grid(9, false);
    nav::shortest_path_scratch scratch(w);
    std::vector<float> cost(w.polygon_count());
    std::vector<nav::reached_polygon> out(4);
    const nav::goal_point good[] = {{0, nav::centre(w, 0)}};
    const nav::goal_point bad[] = {{static_cast<nav::polygon_index>(w.polygon_count()), {0, 0, 0}}};
    CHECK(nav::distance_field(w, {}, 10, cost, scratch).status == nav::query_status::bad_input);
    CHECK(nav::distance_field(w, bad, 10, cost, scratch).status == nav::query_status::bad_input);
    CHECK(nav::distance_field(w, good, -1, cost, scratch).status == nav::query_status::bad_input);
    CHECK(nav::distance_field(w, good, NAN, cost, scratch).status == nav::query_status::bad_input);
    CHECK(nav::distance_field(w, good, 10, std::span<float>(cost).first(3), scratch).status == nav::query_status::bad_input);
    CHECK(nav::reach(w, 0, {NAN, 0, 0}, 10, out, scratch).status == nav::query_status::bad_input);
    CHECK(nav::find_nearest_goal(w, 0, nav::centre(w, 0), {}, scratch).status == nav::query_status::bad_input);
    CHECK(nav::find_nearest_goal(w, 0, nav::centre(w, 0), bad, scratch).status == nav::query_status::bad_input);
    std::vector<float> other_cost(other.polygon_count());
    CHECK(nav::distance_field(other, good, 10, other_cost, scratch).status == nav::query_status::scratch_too_small);
    CHECK(nav::reach(other, 0, nav::centre(other, 0), 10, out, scratch).status == nav::query_status::scratch_too_small);
    // The island holds the only goal: no path (not out of nodes).
    const nav::goal_point island[] = {{36, nav::centre(w, 36)}};
    CHECK(nav::find_nearest_goal(w, 0, nav::centre(w, 0), island, scratch).status == nav::query_status::no_path);
    CHECK(nav::geodesic_distance(w, 0, nav::centre(w, 0), 36, nav::centre(w, 36), scratch) < 0.0f);
}

struct tally {
    std::size_t fields = 0, limited = 0, polygons = 0, sampled = 0, goals = 0;
    double below_exact = 0;  // summed (exact - shortest) / exact over the polygons of the fields
    std::size_t compared = 0;
};

// On one walkable: a field from a polygon's centre, each value checked
// against the exact model's field and, for a few polygons, against
// find_shortest_path to samples of every portal into them; the nearest
// of a few goals against find_shortest_path to each.
void check_walkable(const nav::walkable& w, tally& t) {
    if (w.polygon_count() < 2 || w.link_count() == 0) return;
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch exact_scratch(graph);
    nav::shortest_path_scratch scratch(w);
    nav::shortest_path_scratch path_scratch(w);
    const auto n = static_cast<nav::polygon_index>(w.polygon_count());
    std::vector<float> cost(n), exact(n);
    const std::size_t starts = w.link_count() > 20000 ? 1 : 2;
    for (std::size_t k = 0; k < starts; ++k) {
        const nav::polygon_index start = static_cast<nav::polygon_index>((k * 7919u + 3u) % n);
        if (!w.usable(start)) continue;
        const vec3 a = nav::centre(w, start);
        CAPTURE(w.id(start).primary);
        const nav::goal_point from[] = {{start, a}};
        // Within a third of the map's plan diagonal: a whole-map field on a
        // map of many small polygons outgrows the scratch's nodes (docs/nav.md).
        const nav::box& box = w.plan_bounds();
        const float radius = std::hypot(box.max.x - box.min.x, box.max.y - box.min.y) / 3;
        const auto r = nav::distance_field(w, from, radius, cost, scratch);
        if (r.status == nav::query_status::limit_exceeded) {
            ++t.limited;
            continue;
        }
        REQUIRE(r.status == nav::query_status::found);
        REQUIRE(nav::distance_field(graph, from, radius, exact, exact_scratch).status == nav::query_status::found);
        ++t.fields;
        for (nav::polygon_index p = 0; p < n; ++p) {
            // Every polygon the exact model reaches within the radius, and
            // never above its cost; none beyond the radius.
            if (exact[p] != INFINITY) CHECK(cost[p] <= exact[p] + 1e-3f + 2e-5f * exact[p]);
            if (cost[p] == INFINITY) continue;
            CHECK(cost[p] <= radius);
            if (exact[p] != INFINITY && exact[p] > 0) {
                t.below_exact += (exact[p] - cost[p]) / exact[p];
                ++t.compared;
            }
            ++t.polygons;
        }
        // A few polygons: the field against find_shortest_path to 9 samples of each portal into them.
        for (std::uint32_t j = 0; j < 6; ++j) {
            const auto q = static_cast<nav::polygon_index>((j * 104729u + k * 31u + 17u) % n);
            if (q == start || cost[q] == INFINITY || cost[q] > 0.9f * radius) continue;
            double least = INFINITY, spacing = 0;
            for (nav::polygon_index p = 0; p < n; ++p) {
                for (const nav::link& l : w.links(p)) {
                    if (l.target != q) continue;
                    const vec3 pa = w.to_world(l.portal_a), pb = w.to_world(l.portal_b);
                    spacing = std::max(spacing, length3(pa, pb) / 8);
                    for (int s = 0; s <= 8; ++s) {
                        const float u = static_cast<float>(s) / 8;
                        const vec3 x{pa.x + (pb.x - pa.x) * u, pa.y + (pb.y - pa.y) * u, pa.z + (pb.z - pa.z) * u};
                        const auto found = nav::find_shortest_path(w, start, a, q, x, path_scratch);
                        if (found.status == nav::query_status::found) least = std::min(least, double{found.cost});
                    }
                }
            }
            if (least == INFINITY) continue;  // (out of nodes, or a polygon entered by no portal's samples)
            CAPTURE(w.id(q).primary);
            CHECK(cost[q] <= least + 1e-3 + 2e-5 * least);
            CHECK(cost[q] >= least - spacing / 2 - 1e-3 - 2e-5 * least);
            ++t.sampled;
        }
        // The nearest of five goals: the least of find_shortest_path to each.
        nav::goal_point goals[5];
        double least = INFINITY;
        for (std::uint32_t j = 0; j < 5; ++j) {
            const auto q = static_cast<nav::polygon_index>((j * 2654435761u + k) % n);
            goals[j] = {w.usable(q) ? q : start, nav::centre(w, w.usable(q) ? q : start)};
            const auto found = nav::find_shortest_path(w, start, a, goals[j].polygon, goals[j].point, path_scratch);
            if (found.status == nav::query_status::found) least = std::min(least, double{found.cost});
        }
        const auto nearest = nav::find_nearest_goal(w, start, a, goals, scratch);
        if (nearest.status == nav::query_status::limit_exceeded) continue;
        if (least == INFINITY) {
            CHECK(nearest.status == nav::query_status::no_path);
            continue;
        }
        REQUIRE(nearest.status == nav::query_status::found);
        CHECK(nearest.cost == doctest::Approx(least).epsilon(1e-4));
        CHECK(chain_length(nearest.waypoints) == doctest::Approx(nearest.cost).epsilon(1e-4));
        CHECK(nearest.corridor.front() == start);
        CHECK(nearest.corridor.back() == goals[nearest.goal].polygon);
        CHECK(length3(nearest.waypoints.back(), goals[nearest.goal].point) < 1e-2);
        ++t.goals;
    }
}

TEST_CASE("shortest field: on every corpus map, between samples of find_shortest_path, never above the exact model") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"};
    std::size_t walkables = 0;
    for (const char* folder_name : folders) {
        tally t;
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name, [&t](const nav::walkable& w, const std::string&, const nav::plugin_space*) { check_walkable(w, t); });
        MESSAGE(std::string(folder_name) << ": " << t.fields << " fields within a third of the map (" << t.limited
                            << " out of nodes), " << t.polygons << " polygons, below the exact model by "
                            << 100 * t.below_exact / static_cast<double>(std::max<std::size_t>(t.compared, 1))
                            << "% on average; " << t.sampled << " polygons checked against samples; " << t.goals
                            << " nearest goals");
    }
    MESSAGE(walkables << " walkables checked");
}

TEST_CASE("shortest field: allocates nothing once the scratch has grown") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    nav::shortest_path_scratch scratch(*w);
    scratch.preallocate();
    const auto n = static_cast<nav::polygon_index>(w->polygon_count());
    std::vector<float> cost(n);
    std::vector<nav::reached_polygon> out(n);
    std::vector<nav::goal_point> goals;
    for (nav::polygon_index p = 0; p < n; p += 3) goals.push_back({p, nav::centre(*w, p)});
    std::size_t found = 0;
    {
        navspan_test::allocation_scope scope;
        for (nav::polygon_index a = 0; a < n; ++a) {
            const nav::goal_point from[] = {{a, nav::centre(*w, a)}};
            found += nav::distance_field(*w, from, INFINITY, cost, scratch).status == nav::query_status::found;
            found += nav::reach(*w, a, nav::centre(*w, a), 500, out, scratch).status == nav::query_status::found;
            found += nav::find_nearest_goal(*w, a, nav::centre(*w, a), goals, scratch).status == nav::query_status::found;
        }
        CHECK(scope.count() == 0);
    }
    CHECK(found == 3 * std::size_t{n});
}

}  // namespace nav_shortest_field_test
