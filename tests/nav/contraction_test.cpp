// navspan::nav's contraction hierarchy: find_exact_path over it against
// find_exact_path over the graph on every corpus map (cost, status, a
// corridor of links whose midpoint polyline costs the same), a hand-made
// mesh, refusals, the crafted hub it declines to build, no allocation per
// query; the build time, the bytes per link and the speed are reported.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "support/sanitizers.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_contraction_test {

using navspan_nav_test::square;

namespace {

namespace nav = navspan::nav;
using navspan::vec3;
using clock_type = std::chrono::steady_clock;

double dist(vec3 a, vec3 b) {
    const double dx = double{a.x} - b.x, dy = double{a.y} - b.y, dz = double{a.z} - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

vec3 mid(const nav::link& l) {
    return {(l.portal_a.x + l.portal_b.x) * 0.5f, (l.portal_a.y + l.portal_b.y) * 0.5f, (l.portal_a.z + l.portal_b.z) * 0.5f};
}

double seconds_since(clock_type::time_point t0) { return std::chrono::duration<double>(clock_type::now() - t0).count(); }

// The least cost of a corridor's midpoint polylines (plan frame), over the
// links joining each pair of its polygons (two polygons may share several):
// infinity when a pair shares none. A dynamic programme along the corridor.
double corridor_cost(const nav::walkable& w, std::span<const nav::polygon_index> corridor, vec3 from, vec3 to) {
    std::vector<std::pair<vec3, double>> here{{from, 0.0}}, next;
    for (std::size_t i = 1; i < corridor.size(); ++i) {
        next.clear();
        for (const nav::link& l : w.links(corridor[i - 1])) {
            if (l.target != corridor[i]) continue;
            const vec3 m = mid(l);
            double best = INFINITY;
            for (const auto& [at, c] : here) best = std::min(best, c + dist(at, m));
            next.push_back({m, best});
        }
        if (next.empty()) return INFINITY;
        here.swap(next);
    }
    double best = INFINITY;
    for (const auto& [at, c] : here) best = std::min(best, c + dist(at, to));
    return best;
}

bool costs_agree(double a, double b) { return std::fabs(a - b) <= 1e-3 + 1e-4 * std::fabs(b); }

// A point on polygon p a fraction t of the way from its centre to its first corner.
vec3 toward_corner(const nav::walkable& w, nav::polygon_index p, float t) {
    const vec3 c = nav::centre(w, p);
    const auto corners = w.plan_corners(p);
    if (corners.empty()) return c;
    const vec3 k = w.to_world(corners[0]);
    return {c.x + (k.x - c.x) * t, c.y + (k.y - c.y) * t, c.z + (k.z - c.z) * t};
}

struct folder_tally {
    std::size_t walkables = 0, built = 0, pairs = 0, found = 0;
    std::uint64_t links = 0, bytes = 0;
    double build_seconds = 0, slowest_build = 0, most_bytes_per_link = 0;
    double ch_seconds = 0, graph_seconds = 0;
    std::uint64_t ch_expanded = 0, graph_expanded = 0;
};

void check_walkable(const nav::walkable& w, folder_tally& t) {
    if (w.polygon_count() < 2 || w.link_count() == 0) return;
    const auto graph = nav::search_graph::build(w);
    // The graph's own hierarchy, with hub labels (the option), timed by
    // its share of the graph's build; and one without labels, searched.
    nav::search_graph::options with_hierarchy;
    with_hierarchy.hierarchy = true;
    const auto g0 = clock_type::now();
    const auto plain_graph = nav::search_graph::build(w);
    const auto t0 = clock_type::now();
    const auto labelled = nav::search_graph::build(w, with_hierarchy);
    const double build_seconds = std::max(0.0, seconds_since(t0) - std::chrono::duration<double>(t0 - g0).count());
    nav::contraction_hierarchy::options unlabelled;
    unlabelled.label_entries_per_node = 0;
    const auto ch = nav::contraction_hierarchy::build(graph, unlabelled);
    ++t.walkables;
    REQUIRE(!ch.empty());
    REQUIRE(labelled.has_hierarchy());
    CHECK(!ch.labelled());
    CHECK(labelled.hierarchy()->labelled());
    ++t.built;
    CHECK(ch.node_count() == graph.state_count());
    CHECK(plain_graph.state_count() == graph.state_count());
    t.build_seconds += build_seconds;
    t.slowest_build = std::max(t.slowest_build, build_seconds);
    t.links += w.link_count();
    const std::size_t bytes = labelled.hierarchy_bytes();
    t.bytes += bytes;
    t.most_bytes_per_link = std::max(t.most_bytes_per_link, static_cast<double>(bytes) / static_cast<double>(w.link_count()));
    nav::search_scratch graph_scratch(graph), labelled_scratch(labelled);
    nav::ch_scratch scratch(ch);
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    std::uint64_t lcg = 12345;
    auto next = [&lcg, n] {
        lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<nav::polygon_index>((lcg >> 33) % n);
    };
    for (std::uint32_t k = 0; k < navspan_test::sample_size(36); ++k) {
        const nav::polygon_index start = next(), goal = next();
        if (!w.usable(start) || !w.usable(goal)) continue;
        // Every third pair off the centres.
        const vec3 a = k % 3 == 2 ? toward_corner(w, start, 0.7f) : nav::centre(w, start);
        const vec3 b = k % 3 == 2 ? toward_corner(w, goal, 0.7f) : nav::centre(w, goal);
        const auto before_graph = clock_type::now();
        const auto expected = nav::find_exact_path(graph, start, a, goal, b, graph_scratch);
        const auto g1 = clock_type::now();
        const auto got = nav::find_exact_path(labelled, start, a, goal, b, labelled_scratch);
        t.ch_seconds += seconds_since(g1);
        const auto searched = nav::find_exact_path(ch, start, a, goal, b, scratch);
        t.graph_seconds += std::chrono::duration<double>(g1 - before_graph).count();
        t.ch_expanded += got.expanded;
        t.graph_expanded += expected.expanded;
        ++t.pairs;
        CAPTURE(start);
        CAPTURE(goal);
        REQUIRE(expected.status != nav::search_status::limit_exceeded);
        REQUIRE(got.status == expected.status);
        REQUIRE(searched.status == expected.status);
        if (got.status != nav::search_status::found) continue;
        ++t.found;
        CAPTURE(got.cost);
        CAPTURE(expected.cost);
        CHECK(costs_agree(got.cost, expected.cost));
        REQUIRE(!got.corridor.empty());
        CHECK(got.corridor.front() == start);
        CHECK(got.corridor.back() == goal);
        if (start != goal) CHECK(costs_agree(corridor_cost(w, got.corridor, w.to_plan(a), w.to_plan(b)), got.cost));
        CHECK(nav::geodesic_distance(labelled, start, a, goal, b, labelled_scratch) == doctest::Approx(got.cost));
        // The search over the upward edges (no labels): the same.
        REQUIRE(searched.status == nav::search_status::found);
        CHECK(costs_agree(searched.cost, expected.cost));
        REQUIRE(!searched.corridor.empty());
        CHECK(searched.corridor.back() == goal);
        if (start != goal) CHECK(costs_agree(corridor_cost(w, searched.corridor, w.to_plan(a), w.to_plan(b)), searched.cost));
        CHECK(nav::geodesic_distance(ch, start, a, goal, b, scratch) == doctest::Approx(searched.cost));
    }
}

}  // namespace

TEST_CASE("contraction: a hand-made mesh, its known path, the refusals") {
    // Start S links to A (portal midpoint far left) and C (near the
    // straight line); both link to goal G: the way through C, 90 + 100 + 90.
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    const auto s = square(0, 0, 0);
    const vec3 a[] = {{0, 100, 0}, {50, 100, 0}, {50, 200, 0}, {0, 200, 0}};
    const vec3 c[] = {{50, 100, 0}, {100, 100, 0}, {100, 200, 0}, {50, 200, 0}};
    const auto g = square(0, 200, 0);
    const auto island = square(500, 500, 0);
    b.add_polygon({0, 0}, s);
    b.add_polygon({1, 0}, a);
    b.add_polygon({2, 0}, c);
    b.add_polygon({3, 0}, g);
    b.add_polygon({4, 0}, island);
    b.add_link(0, 1, nav::link_kind::walk, {0, 100, 0}, {50, 100, 0});
    b.add_link(0, 2, nav::link_kind::walk, {50, 100, 0}, {100, 100, 0});
    b.add_link(1, 3, nav::link_kind::walk, {0, 200, 0}, {50, 200, 0});
    b.add_link(2, 3, nav::link_kind::walk, {50, 200, 0}, {100, 200, 0});
    b.add_link(3, 2, nav::link_kind::walk, {50, 200, 0}, {100, 200, 0});
    const nav::walkable w = b.finish();
    const auto graph = nav::search_graph::build(w);
    const auto ch = nav::contraction_hierarchy::build(graph);
    REQUIRE(!ch.empty());
    CHECK(ch.build_outcome() == nav::contraction_hierarchy::outcome::built);
    CHECK(ch.node_count() == 5);
    CHECK(ch.memory_bytes() > 0);
    nav::ch_scratch scratch(ch);
    const vec3 from{75, 10, 0}, to{75, 290, 0};
    const auto r = nav::find_exact_path(ch, 0, from, 3, to, scratch);
    REQUIRE(r.status == nav::search_status::found);
    REQUIRE(r.corridor.size() == 3);
    CHECK(r.corridor[0] == 0);
    CHECK(r.corridor[1] == 2);
    CHECK(r.corridor[2] == 3);
    CHECK(r.cost == doctest::Approx(90 + 100 + 90));
    // One polygon: the straight distance; the island: no path; G back to C.
    const auto here = nav::find_exact_path(ch, 0, from, 0, {75, 50, 0}, scratch);
    CHECK(here.status == nav::search_status::found);
    CHECK(here.cost == doctest::Approx(40));
    CHECK(here.corridor.size() == 1);
    CHECK(nav::find_exact_path(ch, 0, from, 4, {550, 550, 0}, scratch).status == nav::search_status::no_path);
    CHECK(nav::geodesic_distance(ch, 0, from, 4, {550, 550, 0}, scratch) < 0);
    CHECK(nav::geodesic_distance(ch, 3, to, 2, {75, 150, 0}, scratch) == doctest::Approx(90 + 50));
    // The graph's own hierarchy (the option): the same answers through
    // find_exact_path over the graph; a scale above 1 searches instead.
    nav::search_graph::options with_hierarchy;
    with_hierarchy.hierarchy = true;
    const auto hg = nav::search_graph::build(w, with_hierarchy);
    REQUIRE(hg.has_hierarchy());
    CHECK(hg.hierarchy_bytes() > 0);
    CHECK(hg.memory_bytes() > hg.hierarchy_bytes());
    nav::search_scratch hs(hg);
    const auto r2 = nav::find_exact_path(hg, 0, from, 3, to, hs);
    REQUIRE(r2.status == nav::search_status::found);
    REQUIRE(r2.corridor.size() == 3);
    CHECK(r2.corridor[1] == 2);
    CHECK(r2.cost == doctest::Approx(90 + 100 + 90));
    CHECK(nav::find_exact_path(hg, 0, from, 3, to, hs, nav::distance_cost{}, 2.0f).cost == doctest::Approx(90 + 100 + 90));
    CHECK(nav::find_exact_path(hg, 0, from, 4, {550, 550, 0}, hs).status == nav::search_status::no_path);
    CHECK(nav::geodesic_distance(hg, 3, to, 2, {75, 150, 0}, hs) == doctest::Approx(90 + 50));
    nav::search_scratch unfitted;
    CHECK(nav::find_exact_path(hg, 0, from, 3, to, unfitted).status == nav::search_status::scratch_too_small);
    // Refusals: as find_exact_path's, and an empty hierarchy.
    CHECK(nav::find_exact_path(ch, 0, from, 9, to, scratch).status == nav::search_status::bad_input);
    CHECK(nav::find_exact_path(ch, 0, {INFINITY, 0, 0}, 3, to, scratch).status == nav::search_status::bad_input);
    nav::ch_scratch small;
    CHECK(nav::find_exact_path(ch, 0, from, 3, to, small).status == nav::search_status::scratch_too_small);
    const nav::contraction_hierarchy none;
    CHECK(none.empty());
    CHECK(nav::find_exact_path(none, 0, from, 3, to, scratch).status == nav::search_status::bad_input);
}

namespace {

// `count` squares in a row, each linked to the next both ways: the
// upward edges of the long pairs stand for more polygons than the
// hierarchy writes out (max_path_polygons), so those unpack depth first;
// the short pairs' edges are copied as written.
void check_strip(std::uint32_t count) {
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    for (std::uint32_t i = 0; i < count; ++i) b.add_polygon({i, 0}, square(100.0f * static_cast<float>(i), 0, 0));
    for (std::uint32_t i = 0; i + 1 < count; ++i) {
        const float x = 100.0f * static_cast<float>(i + 1);
        b.add_link(i, i + 1, nav::link_kind::walk, {x, 0, 0}, {x, 100, 0});
        b.add_link(i + 1, i, nav::link_kind::walk, {x, 0, 0}, {x, 100, 0});
    }
    const nav::walkable w = b.finish();
    nav::search_graph::options with_hierarchy;
    with_hierarchy.hierarchy = true;
    const auto hg = nav::search_graph::build(w, with_hierarchy);
    REQUIRE(hg.has_hierarchy());
    REQUIRE(hg.hierarchy()->labelled());
    CHECK(hg.hierarchy()->node_count() == 2 * (count - 1));
    nav::search_scratch hs(hg);
    const auto last = static_cast<nav::polygon_index>(count - 1);
    for (const bool forward : {true, false}) {
        const nav::polygon_index from = forward ? 0 : last, to = forward ? last : 0;
        const auto r = nav::find_exact_path(hg, from, nav::centre(w, from), to, nav::centre(w, to), hs);
        REQUIRE(r.status == nav::search_status::found);
        CHECK(r.cost == doctest::Approx(100.0 * (count - 1)));
        REQUIRE(r.corridor.size() == count);
        std::uint32_t in_order = 0;
        for (std::uint32_t i = 0; i < count; ++i) in_order += r.corridor[i] == (forward ? i : last - i) ? 1u : 0u;
        CHECK(in_order == count);
    }
    for (const auto& [from, to] : {std::pair<nav::polygon_index, nav::polygon_index>{100, 140}, {5000, 4990}, {7, 70}}) {
        const auto r = nav::find_exact_path(hg, from, nav::centre(w, from), to, nav::centre(w, to), hs);
        REQUIRE(r.status == nav::search_status::found);
        const std::uint32_t span = from < to ? to - from : from - to;
        REQUIRE(r.corridor.size() == span + 1);
        for (std::uint32_t i = 0; i <= span; ++i) CHECK(r.corridor[i] == (from < to ? from + i : from - i));
    }
}

}  // namespace

TEST_CASE("contraction: a long strip's corridor is every polygon in order") {
    // 10,000 squares: 19,998 link states, whose hub ranks fit the query
    // labels' 6-byte entries; 40,000: 79,998, past the 65,536 that do,
    // with 8-byte entries.
    check_strip(10000);
    check_strip(40000);
}

TEST_CASE("contraction: a hub with thousands of links is declined at once") {
    // bounds_test's hub: 3,000 spokes linked both ways, 9 million steps.
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    b.add_polygon({0, 0}, square(0, 0, 0));
    constexpr std::uint32_t spokes = 3000;
    for (std::uint32_t i = 1; i <= spokes; ++i) {
        b.add_polygon({i, 0}, square(200.0f + 10.0f * static_cast<float>(i % 60), 10.0f * static_cast<float>(i / 60), 0, 5));
    }
    for (std::uint32_t i = 1; i <= spokes; ++i) {
        b.add_link(0, i, nav::link_kind::walk, {100, 50, 0}, {100, 50, 0});
        b.add_link(i, 0, nav::link_kind::walk, {100, 50, 0}, {100, 50, 0});
    }
    const nav::walkable w = b.finish();
    const auto graph = nav::search_graph::build(w);
    REQUIRE_FALSE(graph.lengths_precomputed());
    const auto ch = nav::contraction_hierarchy::build(graph);
    CHECK(ch.empty());
    CHECK(ch.build_steps() == 0);  // declined before any work
    CHECK(ch.build_outcome() == nav::contraction_hierarchy::outcome::lengths_not_precomputed);
    CHECK(ch.memory_bytes() == 0);
    // A smaller hub whose lengths are precomputed: the budgets decline it
    // (or it builds), within the documented work either way: the witness
    // searches' budget a edge and the labels' a node (never a timing).
    nav::search_graph::options roomy;
    roomy.step_budget = 4000;
    nav::walkable_builder b2(nav::id_scheme::quake_node, nav::axis::z);
    b2.add_polygon({0, 0}, square(0, 0, 0));
    constexpr std::uint32_t few = 400;
    for (std::uint32_t i = 1; i <= few; ++i) {
        b2.add_polygon({i, 0}, square(200.0f + 10.0f * static_cast<float>(i % 20), 10.0f * static_cast<float>(i / 20), 0, 5));
        b2.add_link(0, i, nav::link_kind::walk, {100, 50, 0}, {100, 50, 0});
        b2.add_link(i, 0, nav::link_kind::walk, {100, 50, 0}, {100, 50, 0});
    }
    const nav::walkable w2 = b2.finish();
    const auto dense = nav::search_graph::build(w2, roomy);
    REQUIRE(dense.lengths_precomputed());
    const auto ch2 = nav::contraction_hierarchy::build(dense);
    MESSAGE("hub of " << few << " spokes: " << ch2.build_steps() << " steps, outcome "
                      << static_cast<int>(ch2.build_outcome()) << ", " << ch2.shortcut_count() << " shortcuts for "
                      << ch2.edge_count() << " edges");
    const nav::contraction_hierarchy::options defaults;
    const std::uint64_t nodes = dense.state_count();
    CHECK(ch2.build_steps() <= std::uint64_t{defaults.work_per_edge} * ch2.edge_count() + 65536 +
                                   256 * std::uint64_t{defaults.label_entries_per_node} * nodes + 65536 +
                                   8 * ch2.edge_count());
    CHECK(ch2.shortcut_count() <= 4 * ch2.edge_count() + 1024);
}

TEST_CASE("contraction: equal to find_exact_path on every corpus map") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"};
    for (const char* folder_name : folders) {
        folder_tally t;
        navspan_test::for_each_corpus_walkable(
            folder_name, [&t](const nav::walkable& w, const std::string&, const nav::plugin_space*) { check_walkable(w, t); });
        if (t.walkables == 0) continue;
        const double links = static_cast<double>(std::max<std::uint64_t>(t.links, 1));
        MESSAGE(std::string(folder_name) << ": " << t.built << " of " << t.walkables << " hierarchies built, "
                                         << t.build_seconds * 1e3 << " ms in all (slowest " << t.slowest_build * 1e3
                                         << " ms); " << static_cast<double>(t.bytes) / links << " bytes per link (at most "
                                         << t.most_bytes_per_link << "); " << t.pairs << " pairs (" << t.found
                                         << " found): hierarchy " << 1e6 * t.ch_seconds / static_cast<double>(std::max<std::size_t>(t.pairs, 1))
                                         << " us a query, " << t.ch_expanded / std::max<std::size_t>(t.pairs, 1)
                                         << " settled; find_exact_path " << 1e6 * t.graph_seconds / static_cast<double>(std::max<std::size_t>(t.pairs, 1))
                                         << " us, " << t.graph_expanded / std::max<std::size_t>(t.pairs, 1) << " expanded; "
                                         << (t.ch_seconds > 0 ? t.graph_seconds / t.ch_seconds : 0.0) << "x faster");
    }
}

TEST_CASE("contraction: labels past their budget are left out, and the hierarchy searches instead") {
    // A 24 x 24 grid of squares, each linked to its four neighbours both
    // ways: 2,208 link states, whose labels hold far more than one entry
    // a node plus 1,024 on either side.
    constexpr std::uint32_t side = 24;
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    for (std::uint32_t i = 0; i < side * side; ++i) {
        b.add_polygon({i, 0}, square(100.0f * static_cast<float>(i % side), 100.0f * static_cast<float>(i / side), 0));
    }
    for (std::uint32_t i = 0; i < side * side; ++i) {
        const float x = 100.0f * static_cast<float>(i % side), y = 100.0f * static_cast<float>(i / side);
        if (i % side + 1 < side) {
            b.add_link(i, i + 1, nav::link_kind::walk, {x + 100, y, 0}, {x + 100, y + 100, 0});
            b.add_link(i + 1, i, nav::link_kind::walk, {x + 100, y, 0}, {x + 100, y + 100, 0});
        }
        if (i + side < side * side) {
            b.add_link(i, i + side, nav::link_kind::walk, {x, y + 100, 0}, {x + 100, y + 100, 0});
            b.add_link(i + side, i, nav::link_kind::walk, {x, y + 100, 0}, {x + 100, y + 100, 0});
        }
    }
    const nav::walkable w = b.finish();
    const auto graph = nav::search_graph::build(w);
    const auto whole = nav::contraction_hierarchy::build(graph);
    nav::contraction_hierarchy::options tight;
    tight.label_entries_per_node = 1;
    const auto refused = nav::contraction_hierarchy::build(graph, tight);
    REQUIRE(whole.labelled());
    REQUIRE(!refused.empty());
    CHECK(!refused.labelled());
    CHECK(refused.memory_bytes() < whole.memory_bytes());
    nav::ch_scratch whole_scratch(whole), refused_scratch(refused);
    const auto n = static_cast<nav::polygon_index>(w.polygon_count());
    std::size_t found = 0;
    for (nav::polygon_index start = 0; start < n; start += 37) {
        for (nav::polygon_index goal = 5; goal < n; goal += 41) {
            const vec3 a = nav::centre(w, start), c = nav::centre(w, goal);
            const auto labelled = nav::find_exact_path(whole, start, a, goal, c, whole_scratch);
            const auto searched = nav::find_exact_path(refused, start, a, goal, c, refused_scratch);
            REQUIRE(labelled.status == nav::search_status::found);
            REQUIRE(searched.status == nav::search_status::found);
            ++found;
            CHECK(costs_agree(searched.cost, labelled.cost));
            CHECK(searched.corridor.front() == start);
            CHECK(searched.corridor.back() == goal);
        }
    }
    CHECK(found > 100);
}

TEST_CASE("contraction: queries allocate nothing once the hierarchy and scratch exist") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    const auto graph = nav::search_graph::build(*w);
    const auto ch = nav::contraction_hierarchy::build(graph);
    REQUIRE(!ch.empty());
    nav::ch_scratch scratch(ch);
    const auto last = static_cast<nav::polygon_index>(w->polygon_count() - 1);
    const vec3 a = nav::centre(*w, 0), b = nav::centre(*w, last);
    nav::search_graph::options with_hierarchy;
    with_hierarchy.hierarchy = true;
    const auto hg = nav::search_graph::build(*w, with_hierarchy);
    REQUIRE(hg.has_hierarchy());
    nav::search_scratch hs(hg);
    std::size_t found = 0;
    navspan_test::allocation_scope scope;
    for (int i = 0; i < 10; ++i) {
        found += nav::find_exact_path(ch, 0, a, last, b, scratch).corridor.size();
        found += nav::geodesic_distance(ch, last, b, 0, a, scratch) >= 0;
        found += nav::find_exact_path(hg, 0, a, last, b, hs).corridor.size();
        found += nav::geodesic_distance(hg, last, b, 0, a, hs) >= 0;
    }
    CHECK(scope.count() == 0);
    CHECK(found > 0);
}

}  // namespace nav_contraction_test
