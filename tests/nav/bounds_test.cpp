// navspan::nav on inputs built to make queries slow, big or wrong (issue
// 28's G5, G6, G7; issue 35's H4): the spatial index stays within its
// documented size, a plugin's walkable and picture within a multiple of
// the file (the picture: tests/creation/creation_tools_test.cpp), raycast's work stays bounded on coincident polygons linked in
// a loop, and points no query can mean (NaN, infinite, beyond a billion
// units) are refused instead of answered.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "creation/builder.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_bounds_test {

namespace {

namespace nav = navspan::nav;
using navspan::vec3;
using navspan_nav_test::add_square;

}  // namespace

TEST_CASE("nav bounds: points that are not finite or beyond a billion units are refused (G7)") {
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    add_square(b, 1, 0, 0, 0, 100);
    add_square(b, 2, 100, 0, 0, 100);
    b.add_link(0, 1, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const vec3 bad[] = {{inf, 0, 0}, {-inf, 50, 0}, {50, 50, nan}, {2e9f, 50, 0}, {50, -2e9f, 0}, {50, 50, 3e9f}};
    for (const vec3& p : bad) {
        CAPTURE(p.x);
        CAPTURE(p.y);
        CAPTURE(p.z);
        CHECK_FALSE(nav::valid_query_point(p));
        CHECK_FALSE(index.locate(p, inf));
        CHECK_FALSE(index.nearest(p, std::numeric_limits<float>::max()));
        nav::path_scratch scratch(w);
        CHECK(nav::find_path(w, 0, p, 1, {150, 50, 0}, scratch).status == nav::path_status::bad_input);
        CHECK(nav::find_path(w, 0, {50, 50, 0}, 1, p, scratch).status == nav::path_status::bad_input);
        const auto ray = nav::raycast(w, 0, {50, 50, 0}, p);
        CHECK(ray.blocked);
        CHECK(ray.fraction == 0);
    }
    CHECK(nav::valid_query_point({1e9f, -1e9f, 0}));
    CHECK(index.locate({50, 50, 0}, 1));
}

TEST_CASE("nav bounds: locate's tolerance does not grow with the coordinates") {
    nav::walkable_builder b(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z);
    add_square(b, 1, 100000, 100000, 0, 100);
    add_square(b, 2, 0, 0, 0, 100);
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    CHECK(index.locate({100050, 100050, 0}, 1));
    CHECK(index.locate({100100, 100050, 0}, 1));        // on the edge
    CHECK_FALSE(index.locate({100100.5f, 100050, 0}, 1));  // half a unit outside: not on it
    CHECK_FALSE(nav::contains(w, 0, {100050, 100100.25f, 0}));
    CHECK_FALSE(index.locate({100.01f, 50, 0}, 1));
}

TEST_CASE("nav bounds: raycast between coincident linked polygons stops early (G6)") {
    // A and B lie on each other and link both ways; each also holds many
    // links to a far polygon the walk never takes, so a walk that stepped
    // A, B, A, B ... once per polygon of the walkable would examine
    // polygons x links of them (the 7-second file of issue 28).
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    add_square(b, 1, 0, 0, 0, 100);
    add_square(b, 2, 0, 0, 0, 100);
    add_square(b, 3, 5000, 5000, 0, 10);
    constexpr std::uint32_t fillers = 20000;
    for (std::uint32_t i = 0; i < fillers; ++i) add_square(b, 10 + i, 10000.0f + 20.0f * static_cast<float>(i % 100), 20.0f * static_cast<float>(i / 100), 0, 10);
    for (int i = 0; i < 20000; ++i) {
        b.add_link(0, 2, nav::link_kind::walk, {5000, 5000, 0}, {5010, 5000, 0});
        b.add_link(1, 2, nav::link_kind::walk, {5000, 5000, 0}, {5010, 5000, 0});
    }
    b.add_link(0, 1, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    b.add_link(1, 0, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    const nav::walkable w = b.finish();
    const auto r = nav::raycast(w, 0, {50, 50, 0}, {300, 50, 0});
    CHECK(r.blocked);
    CHECK(r.visited <= 2);  // the work: the old walk stepped once per polygon here (minutes)
    CHECK(r.fraction == doctest::Approx(0.2));

    // Three coincident polygons in a loop: the walk cannot step straight
    // back, so it goes round until its work bound stops it.
    nav::walkable_builder c(nav::id_scheme::source_area, nav::axis::z);
    for (std::uint32_t i = 0; i < 3; ++i) add_square(c, i, 0, 0, 0, 100);
    for (std::uint32_t i = 0; i < 3; ++i) c.add_link(i, (i + 1) % 3, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    const nav::walkable loop = c.finish();
    const auto round = nav::raycast(loop, 0, {50, 50, 0}, {300, 50, 0});
    CHECK(round.blocked);
    CHECK(round.gave_up);
    CHECK(round.visited <= loop.link_count() + loop.polygon_count() + 1);
}

TEST_CASE("nav bounds: the spatial index stays within 120 bytes per polygon (G5)") {
    // Many polygons each as large as the map, over a grid sized by many
    // small ones: before the cap each large one took up to 256 entries.
    nav::walkable_builder b(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z);
    constexpr std::uint32_t side = 100;
    for (std::uint32_t i = 0; i < side * side; ++i) {
        add_square(b, i, 10.0f * static_cast<float>(i % side), 10.0f * static_cast<float>(i / side), 0, 10);
    }
    constexpr std::uint32_t large = 5000;
    for (std::uint32_t i = 0; i < large; ++i) {
        const float o = static_cast<float>(i % 7);
        const vec3 tri[] = {{o, o, 0}, {1000 - o, o, 0}, {o, 1000 - o, 0}};
        b.add_polygon({side * side + i, 0}, tri);
    }
    const nav::walkable w = b.finish();
    const std::size_t n = w.polygon_count();
    const auto index = nav::spatial_index::build(w);
    CHECK(index.memory_bytes() <= 120 * n + 64);
    CHECK(nav::spatial_index::words_needed(w) * 4 <= 120 * n + 64);
    CHECK(index.oversize_count() >= 1);
    // Every polygon is still found, through the cells or the short list.
    const auto at = index.locate({995, 995, 0}, 1);
    REQUIRE(at);
    CHECK(at->polygon == side * side - 1);
    std::size_t under = 0;
    index.query({{5, 5, -1}, {6, 6, 1}}, [&](nav::polygon_index) { ++under; });
    CHECK(under == 1 + large);
}

TEST_CASE("nav: polygons within a radius") {
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    for (std::uint32_t i = 0; i < 10; ++i) add_square(b, i, 100.0f * static_cast<float>(i), 0, 0, 100);
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    nav::polygon_index out[10];
    // From (250, 50): squares 2 (on it), 1 and 3 (50 away), 0 and 4 (150).
    CHECK(index.within({250, 50, 0}, 0, out) == 1);
    CHECK(out[0] == 2);
    CHECK(index.within({250, 50, 0}, 50, out) == 3);
    CHECK(index.within({250, 50, 0}, 149, out) == 3);
    CHECK(index.within({250, 50, 0}, 151, out) == 5);
    nav::polygon_index two[2];
    CHECK(index.within({250, 50, 0}, 151, two) == 5);  // counted, two written
    CHECK(index.within({250, 50, 0}, -1, out) == 0);
    CHECK(index.within({NAN, 50, 0}, 10, out) == 0);
    // Height counts: 60 above the plane, a radius of 50 holds nothing.
    CHECK(index.within({250, 50, 60}, 50, out) == 0);
}

TEST_CASE("nav bounds: the search graph of a hub with thousands of links stays O(links)") {
    // One hub linked both ways with 3,000 spokes: 9 million steps from the
    // links into the hub to the links out of it. The graph keeps no table
    // of them and no landmarks, and a search is bounded by its budget.
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    add_square(b, 0, 0, 0, 0, 100);
    constexpr std::uint32_t spokes = 3000;
    for (std::uint32_t i = 1; i <= spokes; ++i) {
        add_square(b, i, 200.0f + 10.0f * static_cast<float>(i % 60), 10.0f * static_cast<float>(i / 60), 0, 5);
    }
    for (std::uint32_t i = 1; i <= spokes; ++i) {
        const vec3 at{100, 50, 0};
        b.add_link(0, i, nav::link_kind::walk, at, at);
        b.add_link(i, 0, nav::link_kind::walk, at, at);
    }
    const nav::walkable w = b.finish();
    const auto graph = nav::search_graph::build(w);
    CHECK_FALSE(graph.lengths_precomputed());
    CHECK(graph.landmark_count() == 0);
    CHECK(graph.build_steps() < 10 * (w.link_count() + w.polygon_count()));
    nav::search_scratch scratch(graph);
    // The searches' work, counted where every step is priced: a cost hook
    // that counts its calls (the default cost's searches run the same loop).
    std::uint64_t priced = 0;
    const auto counting = [&priced](const nav::walkable&, nav::polygon_index, const nav::link&, float length) {
        ++priced;
        return length;
    };
    for (nav::polygon_index goal : {nav::polygon_index{spokes}, nav::polygon_index{spokes / 2}}) {
        priced = 0;
        const auto r = nav::find_exact_path(graph, 1, nav::centre(w, 1), goal, nav::centre(w, goal), scratch, counting);
        CHECK((r.status == nav::search_status::found || r.status == nav::search_status::limit_exceeded));
        std::vector<nav::reached_polygon> out(w.polygon_count());
        const auto reached = nav::reach(graph, 1, nav::centre(w, 1), 1e9f, out, scratch, counting);
        CHECK((reached.status == nav::search_status::found || reached.status == nav::search_status::limit_exceeded));
        // 9 million steps a search without the graph's budget (linear in the links).
        MESSAGE("hub of " << spokes << " spokes: " << priced << " steps priced by two searches, budget "
                          << graph.search_budget() << " a search");
        CHECK(priced <= 3 * (graph.search_budget() + w.link_count()));  // two searches, each within its budget
    }
}

TEST_CASE("nav bounds: a plugin's walkable stays within limits::polygons_per_kib of the file (H4)") {
    // Three navmeshes of 512 triangles in one interior cell; a budget of
    // 1 per KiB plus 1024 leaves room for two of them.
    namespace creation = navspan::creation;
    navspan_test::nvnm_data mesh = navspan_test::plain_mesh(16, 16);
    mesh.parent = 0x01000800;  // the cell
    const std::vector<std::byte> navm = navspan_test::navm_subrecords(mesh);
    navspan_test::plugin_writer p;
    p.begin_top_group("CELL");
    navspan_test::write_interior_cell(p, 0x01000800, {navm, navm, navm}, 0x01000801, navspan_test::compression::dynamic);
    p.end_group();
    const std::vector<std::byte> bytes = std::move(p).finish();
    creation::options o;
    o.limits.polygons_per_kib = 1;
    o.limits.polygon_floor = 1024;
    const std::uint64_t budget = (bytes.size() + 1023) / 1024 + 1024;
    REQUIRE(navspan::polygon_budget_for(o.limits, bytes.size()) == budget);
    REQUIRE(budget < 3 * 512);
    auto plugin = creation::plugin_file::open(bytes, o);
    REQUIRE(plugin);
    creation::inflate_buffer scratch;
    std::vector<std::uint64_t> records;
    REQUIRE(creation::for_each_navmesh(*plugin, scratch, [&](const creation::navmesh_entry& n) {
                records.push_back(n.record.offset());
            }).ok());
    REQUIRE(records.size() == 3);
    const nav::plugin_space cell{nav::space_kind::cell, 0x01000800};

    auto refused = [&](const navspan::error& e) {
        CHECK(e.code == navspan::error_code::limit_exceeded);
        CHECK(e.offset == records[2]);  // the third NAVM record, the one that passes the budget
        CHECK(std::string(e.record) == "navmesh record (its triangles pass limits::polygons_per_kib)");
        CHECK(e.value == 3 * 512);
        CHECK(e.bound == budget);
        CHECK(e.parent == nullptr);  // the offset is the record's own, in the file
    };
    const auto w = nav::make_walkable(*plugin, cell, scratch);
    REQUIRE_FALSE(w);
    refused(w.error());
    std::vector<nav::plugin_space> spaces;
    std::vector<nav::walkable> meshes;
    refused(nav::make_walkables(*plugin, scratch, spaces, meshes));

    // One navmesh alone fits; a caller who raises the bound gets it all.
    const nav::plugin_space one{nav::space_kind::navmesh, 0x01000801};
    auto single = nav::make_walkable(*plugin, one, scratch);
    REQUIRE(single);
    CHECK(single->polygon_count() == 512);
    o.limits.polygons_per_kib = 1024;
    auto raised = creation::plugin_file::open(bytes, o);
    REQUIRE(raised);
    auto whole = nav::make_walkable(*raised, cell, scratch);
    REQUIRE(whole);
    CHECK(whole->polygon_count() == 3 * 512);
    o.limits.polygons_per_kib = 0;  // no bound
    REQUIRE(nav::make_walkable(*creation::plugin_file::open(bytes, o), cell, scratch));
}

}  // namespace nav_bounds_test
