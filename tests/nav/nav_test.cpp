// navspan::nav: the query layer (walkable view, geometry, spatial index,
// A*, waypoints, raycast) on small hand-made meshes with known answers, on
// the Counter-Strike de_dust2 files of the corpus (spawn points in their
// places, a path between them), and as properties on every corpus file.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_nav_test {

using navspan_nav_test::add_square;
using navspan_nav_test::square;

namespace {

namespace nav = navspan::nav;
using navspan::vec3;

// Three unit-100 squares in a row, A - B linked both ways, C apart; B is a
// Source-style area whose east corners are 10 higher.
nav::walkable three_squares() {
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    const auto a = square(0, 0, 0);
    // NW, NE, SE, SW (north = -y).
    const vec3 sq[] = {{100, 0, 0}, {200, 0, 10}, {200, 100, 10}, {100, 100, 0}};
    const auto c = square(300, 0, 0);
    b.add_polygon({1, 0}, a);
    b.add_polygon({2, 0}, sq, nav::surface::corner_heights);
    b.add_polygon({3, 0}, c);
    b.add_link(0, 1, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    b.add_link(1, 0, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    return b.finish();
}

}  // namespace

TEST_CASE("nav: geometry of one polygon") {
    const nav::walkable w = three_squares();
    REQUIRE(w.polygon_count() == 3);
    CHECK(w.link_count() == 2);
    const vec3 c = nav::centre(w, 0);
    CHECK(c.x == doctest::Approx(50));
    CHECK(c.y == doctest::Approx(50));
    CHECK(nav::area(w, 0) == doctest::Approx(10000));
    CHECK(nav::contains(w, 0, {10, 10, 999}));
    CHECK(nav::contains(w, 0, {100, 50, 0}));  // the boundary counts
    CHECK_FALSE(nav::contains(w, 0, {101, 50, 0}));
    // Source corner heights: halfway east is halfway up.
    CHECK(nav::height_at(w, 1, {150, 50, 0}) == doctest::Approx(5));
    CHECK(nav::height_at(w, 1, {200, 0, 0}) == doctest::Approx(10));
    const vec3 on_edge = nav::closest_point(w, 0, {150, 50, 0});
    CHECK(on_edge.x == doctest::Approx(100));
    CHECK(on_edge.y == doctest::Approx(50));
    const nav::box e = nav::extent(w, 1);
    CHECK(e.max.z == doctest::Approx(10));
    CHECK(w.find({3, 0}) == 2);
    CHECK(w.find({4, 0}) == nav::no_polygon);
}

TEST_CASE("nav: index, path, waypoints and raycast on three squares") {
    const nav::walkable w = three_squares();
    const auto index = nav::spatial_index::build(w);
    const auto at = index.locate({150, 50, 3}, 10);
    REQUIRE(at);
    CHECK(at->polygon == 1);
    CHECK(at->point.z == doctest::Approx(5));
    CHECK_FALSE(index.locate({150, 50, 100}, 10));  // too far above
    CHECK_FALSE(index.locate({250, 50, 0}, 10));    // over the gap
    const auto closest = index.nearest({260, 50, 0}, 100);
    REQUIRE(closest);
    CHECK(closest->polygon == 2);
    CHECK(closest->distance == doctest::Approx(40));
    CHECK_FALSE(index.nearest({260, 50, 0}, 10));
    std::vector<nav::polygon_index> seen;
    index.query({{90, 10, -5}, {310, 20, 5}}, [&](nav::polygon_index p) { seen.push_back(p); });
    CHECK(seen.size() == 3);

    nav::path_scratch scratch(w);
    const auto found = nav::find_path(w, 0, {10, 10, 0}, 1, {190, 90, 9}, scratch);
    REQUIRE(found.status == nav::path_status::found);
    REQUIRE(found.corridor.size() == 2);
    CHECK(found.cost >= nav::distance({10, 10, 0}, {190, 90, 9}));
    vec3 points[8];
    const auto straight = nav::straight_path(w, found.corridor, {10, 10, 0}, {190, 90, 9}, points);
    CHECK(straight.complete);
    CHECK(straight.count == 2);  // nothing in the way: start and goal

    const auto none = nav::find_path(w, 0, {10, 10, 0}, 2, {350, 50, 0}, scratch);
    CHECK(none.status == nav::path_status::no_path);
    CHECK(none.corridor.empty());
    CHECK(nav::find_path(w, 0, {}, 7, {}, scratch).status == nav::path_status::bad_input);
    nav::path_scratch small;
    CHECK(nav::find_path(w, 0, {}, 1, {}, small).status == nav::path_status::scratch_too_small);
    // A hook that refuses every link: no path.
    const auto refused = nav::find_path(w, 0, {10, 10, 0}, 1, {150, 50, 5}, scratch,
                                        [](const nav::walkable&, nav::polygon_index, const nav::link&, float) {
                                            return -1.0f;
                                        });
    CHECK(refused.status == nav::path_status::no_path);

    const auto clear = nav::raycast(w, 0, {10, 50, 0}, {190, 50, 0});
    CHECK_FALSE(clear.blocked);
    CHECK(clear.last == 1);
    const auto wall = nav::raycast(w, 0, {10, 50, 0}, {350, 50, 0});
    CHECK(wall.blocked);
    CHECK(wall.fraction == doctest::Approx(190.0 / 340.0).epsilon(0.01));
}

TEST_CASE("nav: the funnel turns at the corner of an L") {
    // Three squares in an L: (0,0)-(100,100), (100,0)-(200,100), (100,100)-(200,200).
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    add_square(b, 0, 0, 0, 0);
    add_square(b, 1, 100, 0, 0);
    add_square(b, 2, 100, 100, 0);
    b.add_link(0, 1, nav::link_kind::walk, {100, 0, 0}, {100, 100, 0});
    b.add_link(1, 2, nav::link_kind::walk, {100, 100, 0}, {200, 100, 0});
    const nav::walkable w = b.finish();
    nav::path_scratch scratch(w);
    const vec3 from{10, 90, 0}, to{110, 190, 0};
    const auto found = nav::find_path(w, 0, from, 2, to, scratch);
    REQUIRE(found.status == nav::path_status::found);
    vec3 points[8];
    const auto straight = nav::straight_path(w, found.corridor, from, to, points);
    REQUIRE(straight.count == 3);
    CHECK(points[1].x == doctest::Approx(100));
    CHECK(points[1].y == doctest::Approx(100));
    // A y-up walkable keeps world coordinates in and out.
    nav::walkable_builder y(nav::id_scheme::fox_group_face, nav::axis::y);
    const vec3 tri[] = {{0, 5, 0}, {10, 5, 0}, {0, 5, 10}};
    y.add_polygon({0, 7}, tri);
    const nav::walkable wy = y.finish();
    CHECK(nav::contains(wy, 0, {2, 0, 2}));
    CHECK(nav::height_at(wy, 0, {2, 0, 2}) == doctest::Approx(5));
    CHECK(nav::centre(wy, 0).y == doctest::Approx(5));
}

namespace {

bool in_corridor(const nav::walkable& w, std::span<const nav::polygon_index> corridor, vec3 p) {
    for (nav::polygon_index c : corridor) {
        if (nav::contains(w, c, p)) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("nav: de_dust2 spawns locate to their places and a path joins them") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*folder / "files")) {
        const std::string name = entry.path().filename().string();
        if (name.find("de_dust2") == std::string::npos) continue;
        CAPTURE(name);
        ++files;
        const auto bytes = navspan_test::read_file(entry.path());
        const auto file = navspan::source::nav_file::open(bytes);
        REQUIRE(file);
        const auto built = nav::make_walkable(*file);
        REQUIRE(built);
        const nav::walkable& w = *built;
        const auto index = nav::spatial_index::build(w);
        const vec3 t_spawn{-700, -800, 120}, ct_spawn{100, 2250, -120};
        const auto t = index.locate(t_spawn, 64);
        const auto ct = index.locate(ct_spawn, 64);
        REQUIRE(t);
        REQUIRE(ct);
        bool has_places = false;
        for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) has_places = has_places || w.group(p) != 0;
        if (has_places) {
            CHECK(nav::place_of(*file, w, t->polygon) == "TSpawn");
            CHECK(nav::place_of(*file, w, ct->polygon) == "CTSpawn");
            // The walkable names its places on its own (issue 27).
            CHECK(w.group_name(t->polygon) == "TSpawn");
            CHECK(w.group_name(ct->polygon) == "CTSpawn");
        }
        nav::path_scratch scratch(w);
        const auto found = nav::find_path(w, t->polygon, t->point, ct->polygon, ct->point, scratch);
        REQUIRE(found.status == nav::path_status::found);
        CHECK(found.cost >= nav::distance(t->point, ct->point));
        CHECK(w.id(found.corridor.front()) == w.id(t->polygon));
        CHECK(w.id(found.corridor.back()) == w.id(ct->polygon));
        std::vector<vec3> points(3 * found.corridor.size() + 2);
        const auto straight = nav::straight_path(w, found.corridor, t->point, ct->point, points);
        REQUIRE(straight.complete);
        CHECK(straight.count >= 3);  // dust2 has no straight line from T to CT
        for (std::size_t i = 0; i < straight.count; ++i) CHECK(in_corridor(w, found.corridor, points[i]));
    }
    CHECK(files >= 1);
}

namespace {

// Which polygons `start` reaches over links (breadth first).
std::vector<bool> reachable_from(const nav::walkable& w, nav::polygon_index start) {
    std::vector<bool> seen(w.polygon_count(), false);
    std::vector<nav::polygon_index> queue{start};
    seen[start] = true;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        for (const nav::link& l : w.links(queue[i])) {
            if (!seen[l.target]) {
                seen[l.target] = true;
                queue.push_back(l.target);
            }
        }
    }
    return seen;
}

void check_properties(const nav::walkable& w) {
    const auto index = nav::spatial_index::build(w);
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (!w.usable(p)) continue;
        const vec3 c = nav::centre(w, p);
        const auto at = index.locate(c, 1.0f);
        REQUIRE(at);
        CHECK(nav::contains(w, at->polygon, c));
    }
    if (w.polygon_count() < 2) return;
    nav::path_scratch scratch(w);
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    for (std::uint32_t k = 0; k < 8; ++k) {
        const nav::polygon_index start = (k * 7919u) % n;
        if (!w.usable(start)) continue;
        const std::vector<bool> reach = reachable_from(w, start);
        for (std::uint32_t j = 0; j < 8; ++j) {
            const nav::polygon_index goal = (k * 104729u + j * 2654435761u) % n;
            if (!w.usable(goal)) continue;
            const vec3 a = nav::centre(w, start), b = nav::centre(w, goal);
            const auto found = nav::find_path(w, start, a, goal, b, scratch);
            CHECK((found.status == nav::path_status::found) == static_cast<bool>(reach[goal]));
            if (found.status != nav::path_status::found) {
                CHECK(found.corridor.empty());
                continue;
            }
            CHECK(found.cost + 1e-3 * (1 + nav::distance(a, b)) >= nav::distance(a, b));
            for (std::size_t i = 1; i < found.corridor.size(); ++i) {
                CHECK(w.find_link(found.corridor[i - 1], found.corridor[i]) != nullptr);
            }
        }
    }
}

}  // namespace

TEST_CASE("nav: properties on every corpus file") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    std::size_t walkables = 0;
    for (const char* folder_name : folders) {
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name, [](const nav::walkable& w, const std::string&, const nav::plugin_space* space) {
                if (space != nullptr) CHECK(w.polygon_count() == space->triangles);
                check_properties(w);
            });
    }
    MESSAGE(walkables << " walkables checked");
}

TEST_CASE("nav: queries allocate nothing once the index and scratch exist") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    REQUIRE(w->polygon_count() >= 2);
    const auto index = nav::spatial_index::build(*w);
    std::vector<std::uint32_t> words(nav::spatial_index::words_needed(*w));
    const auto in_caller_memory = nav::spatial_index::build_into(*w, words);
    CHECK(in_caller_memory.memory_bytes() == 0);
    CHECK(index.memory_bytes() == words.size() * sizeof(std::uint32_t));
    nav::path_scratch scratch(*w);
    vec3 points[64];
    nav::polygon_index around[16];
    const vec3 a = nav::centre(*w, 0);
    const vec3 b = nav::centre(*w, static_cast<nav::polygon_index>(w->polygon_count() - 1));
    std::size_t found = 0;
    navspan_test::allocation_scope scope;
    for (int i = 0; i < 10; ++i) {
        found += in_caller_memory.locate(a, 10).has_value();
        found += index.nearest(b, 100).has_value();
        found += index.within(b, 100, around);
        index.query(w->bounds(), [&](nav::polygon_index) { ++found; });
        const auto path = nav::find_path(*w, 0, a, static_cast<nav::polygon_index>(w->polygon_count() - 1), b, scratch);
        found += nav::straight_path(*w, path.corridor, a, b, points).count;
        found += nav::raycast(*w, 0, a, b).visited;
    }
    CHECK(scope.count() == 0);
    CHECK(found > 0);
}

namespace {

// The fewest steps from `start` to every polygon over links (breadth
// first); max() where none leads.
std::vector<std::uint32_t> hops_from(const nav::walkable& w, nav::polygon_index start) {
    std::vector<std::uint32_t> hops(w.polygon_count(), std::numeric_limits<std::uint32_t>::max());
    std::vector<nav::polygon_index> queue{start};
    hops[start] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        for (const nav::link& l : w.links(queue[i])) {
            if (hops[l.target] == std::numeric_limits<std::uint32_t>::max()) {
                hops[l.target] = hops[queue[i]] + 1;
                queue.push_back(l.target);
            }
        }
    }
    return hops;
}

struct hop_cost {
    float operator()(const nav::walkable&, nav::polygon_index, const nav::link&, float) const noexcept { return 1.0f; }
};

struct hop_counts {
    std::size_t pairs = 0;
    std::size_t longer_with_scale_1 = 0;  // the straight-line heuristic overestimates a hop
};

// Pairs of polygons: with a heuristic scale of 0 the hops hook's corridor
// has exactly the breadth-first search's count of steps, and its cost is
// that count.
hop_counts check_fewest_hops(const nav::walkable& w, std::uint32_t starts) {
    hop_counts counts;
    if (w.polygon_count() < 2) return counts;
    nav::path_scratch scratch(w);
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    for (std::uint32_t k = 0; k < starts; ++k) {
        const nav::polygon_index start = (k * 7919u) % n;
        if (!w.usable(start)) continue;
        const auto hops = hops_from(w, start);
        for (std::uint32_t j = 0; j < 16; ++j) {
            const nav::polygon_index goal = (k * 104729u + j * 2654435761u) % n;
            if (!w.usable(goal) || goal == start) continue;
            const vec3 a = nav::centre(w, start), b = nav::centre(w, goal);
            const auto found = nav::find_path(w, start, a, goal, b, scratch, hop_cost{}, 0.0f);
            if (hops[goal] == std::numeric_limits<std::uint32_t>::max()) {
                CHECK(found.status == nav::path_status::no_path);
                continue;
            }
            REQUIRE(found.status == nav::path_status::found);
            CHECK(found.corridor.size() == hops[goal] + 1);
            CHECK(found.cost == static_cast<float>(hops[goal]));
            ++counts.pairs;
            const auto guided = nav::find_path(w, start, a, goal, b, scratch, hop_cost{});
            REQUIRE(guided.status == nav::path_status::found);
            CHECK(guided.corridor.size() >= hops[goal] + 1);
            counts.longer_with_scale_1 += guided.corridor.size() > hops[goal] + 1;
        }
    }
    return counts;
}

}  // namespace

TEST_CASE("find_path: heuristic_scale 0 makes a hops hook find the fewest steps (against a breadth-first search)") {
    hop_counts total;
    for (const char* name : {"sample_v16_cstrike.nav", "sample_v18.nav", "fox_sample.nav2", "sample_skyrim.esp"}) {
        const auto bytes = navspan_test::read_file(navspan_test::sample_file(name));
        const auto w = nav::make_walkable(bytes);
        if (!w) continue;  // a file with no single walkable (the plugin's spaces are the corpus's)
        const auto counts = check_fewest_hops(*w, 8);
        total.pairs += counts.pairs;
        total.longer_with_scale_1 += counts.longer_with_scale_1;
    }
    std::size_t maps = 0;
    navspan_test::for_each_corpus_walkable("source-nav", [&](const nav::walkable& w, const std::string&, const nav::plugin_space*) {
        if (maps++ >= 6) return;  // a few maps: the samples above cover the formats
        const auto counts = check_fewest_hops(w, 4);
        total.pairs += counts.pairs;
        total.longer_with_scale_1 += counts.longer_with_scale_1;
    });
    MESSAGE(total.pairs << " pairs at the fewest hops; with scale 1, " << total.longer_with_scale_1 << " longer");
    CHECK(total.pairs > 0);

    // The scale is checked like the points: negative or NaN is refused.
    const auto w = three_squares();
    nav::path_scratch scratch(w);
    CHECK(nav::find_path(w, 0, {10, 10, 0}, 1, {150, 50, 5}, scratch, nav::distance_cost{}, -1.0f).status ==
          nav::path_status::bad_input);
    CHECK(nav::find_path(w, 0, {10, 10, 0}, 1, {150, 50, 5}, scratch, nav::distance_cost{}, std::nanf("")).status ==
          nav::path_status::bad_input);
    const auto dijkstra = nav::find_path(w, 0, {10, 10, 0}, 1, {150, 50, 5}, scratch, nav::distance_cost{}, 0.0f);
    const auto guided = nav::find_path(w, 0, {10, 10, 0}, 1, {150, 50, 5}, scratch);
    CHECK(dijkstra.status == nav::path_status::found);
    CHECK(dijkstra.cost == guided.cost);
}

}  // namespace nav_nav_test
