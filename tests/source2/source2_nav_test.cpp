// The walkable view of a Source 2 file (nav/source2_adapter.hpp): one hull at
// a time; locate, nearest, path, waypoints and raycast across a row of quads
// connected edge to edge, and ladders as links.
#include <doctest/doctest.h>

#include <vector>

#include <navspan/nav.hpp>
#include <navspan/source2.hpp>

#include "builder.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_nav_test {

namespace nav = navspan::nav;
namespace b2 = navspan_test::s2b;

TEST_CASE("source2 walkable: locate, path, waypoints and raycast on a row of quads") {
    for (const std::uint32_t version : {30u, 35u, 36u}) {
        CAPTURE(version);
        b2::model m = b2::row_of_quads(version, 5);
        // Area 5 (the last) belongs to hull 1: not in hull 0's mesh.
        m.areas[4].hull = 1;
        m.areas[3].edges[2].clear();
        m.areas[4].edges[0].clear();
        const auto bytes = b2::write(m);
        const auto f = navspan::source2::nav_file::open(bytes);
        REQUIRE_MESSAGE(f.ok(), f.error().message());
        const nav::walkable w = *nav::make_walkable(*f);
        CHECK(w.polygon_count() == 4);
        const auto index = nav::spatial_index::build(w);
        const auto at = index.locate({150, 50, 2}, 10);
        REQUIRE(at);
        CHECK(w.id(at->polygon).primary == 2);
        CHECK_FALSE(index.locate({450, 50, 0}, 10));  // hull 1's area
        nav::path_scratch scratch(w);
        const auto from = index.locate({10, 10, 0}, 10);
        const auto to = index.locate({390, 90, 0}, 10);
        REQUIRE(from);
        REQUIRE(to);
        const auto found = nav::find_path(w, from->polygon, {10, 10, 0}, to->polygon, {390, 90, 0}, scratch);
        REQUIRE(found.status == nav::path_status::found);
        CHECK(found.corridor.size() == 4);
        navspan::vec3 points[8];
        const auto straight = nav::straight_path(w, found.corridor, {10, 10, 0}, {390, 90, 0}, points);
        CHECK(straight.complete);
        CHECK(straight.count == 2);
        const auto clear = nav::raycast(w, from->polygon, {10, 50, 0}, {390, 50, 0});
        CHECK_FALSE(clear.blocked);
        const auto wall = nav::raycast(w, from->polygon, {10, 50, 0}, {450, 50, 0});
        CHECK(wall.blocked);

        // Hull 1: one area, alone.
        nav::source2_walkable_options one;
        one.hull = 1;
        CHECK(nav::make_walkable(*f, one)->polygon_count() == 1);
        // Any-format entry point: the first hull.
        const auto any = nav::make_walkable(bytes);
        REQUIRE(any.ok());
        CHECK(any->polygon_count() == 4);
    }
}

TEST_CASE("source2 walkable: ladders link their bottom and top areas both ways") {
    b2::model m = b2::row_of_quads(35, 3);
    m.areas[0].edges[2].clear();
    m.areas[1].edges[0].clear();
    b2::ladder l;
    l.id = 4;
    l.areas = {2, 0, 0, 0, 1, 0, 0};  // top forward: area 2, bottom: area 1
    m.ladders.push_back(l);
    const auto bytes = b2::write(m);
    const auto f = navspan::source2::nav_file::open(bytes);
    REQUIRE(f.ok());
    const nav::walkable w = *nav::make_walkable(*f);
    nav::path_scratch scratch(w);
    const auto found = nav::find_path(w, 0, {50, 50, 0}, 1, {150, 50, 0}, scratch);
    REQUIRE(found.status == nav::path_status::found);
    CHECK(found.corridor.size() == 2);
}

// An edge that names an area again gives no second link (a crafted edge of
// 100,000 connections to one area made 100,000 links); the same area named
// from another edge keeps its own link, as every area's first use does.
TEST_CASE("source2 walkable: a connection repeated on one edge is one link") {
    b2::model m = b2::row_of_quads(35, 2);
    const b2::model plain = m;
    for (int i = 0; i < 1000; ++i) m.areas[0].edges[2].push_back({2, 0});
    m.areas[0].edges[1].push_back({2, 0});  // another edge: a link of its own
    const auto plain_bytes = b2::write(plain), bytes = b2::write(m);
    const auto pf = navspan::source2::nav_file::open(plain_bytes);
    const auto f = navspan::source2::nav_file::open(bytes);
    REQUIRE(pf.ok());
    REQUIRE(f.ok());
    const nav::walkable pw = *nav::make_walkable(*pf);
    const nav::walkable w = *nav::make_walkable(*f);
    CHECK(pw.link_count() == 2);
    CHECK(w.link_count() == 3);
    CHECK(w.links(0).size() == 2);
}

}  // namespace source2_source2_nav_test
