// find_shortest_path (navspan/nav/shortest_path.hpp): analytic answers on
// hand-made meshes, and on every corpus map against find_exact_path (never
// longer), the straight line (never shorter) and an independent reference:
// a Dijkstra over dense samples of every portal, in 3D (an upper bound of
// the model's optimum up to the samples) and in plan (a lower bound).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>
#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "support/sanitizers.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_shortest_path_test {

using navspan_nav_test::square;
using navspan_nav_test::walled_grid;

namespace shortest_path_test {

namespace nav = navspan::nav;
using navspan::vec3;

double length3(vec3 a, vec3 b) {
    const double dx = double{a.x} - b.x, dy = double{a.y} - b.y, dz = double{a.z} - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}
double length2(vec3 a, vec3 b) { return std::hypot(double{a.x} - b.x, double{a.y} - b.y); }

double chain_length(std::span<const vec3> points) {
    double sum = 0;
    for (std::size_t i = 1; i < points.size(); ++i) sum += length3(points[i - 1], points[i]);
    return sum;
}

// Dense portal sampling: `samples` + 1 points along every portal (its ends
// and midpoint among them), Dijkstra in double from the start point over
// "standing on sample k of link l", a step joining a sample of a link into
// polygon q to every sample of every link out of q. With `plan` the steps
// are priced by their plan length. Also the sum, along the best path, of
// the portals' sample spacings (the most the samples can add in plan).
struct sampled {
    const nav::walkable& w;
    std::uint32_t samples;
    std::vector<std::size_t> first;  // per polygon: its first link's number
    std::vector<const nav::link*> links;
    sampled(const nav::walkable& mesh, std::uint32_t n) : w(mesh), samples(n) {
        first.resize(w.polygon_count() + 1);
        for (std::size_t p = 0; p < w.polygon_count(); ++p) {
            const auto out = w.links(static_cast<nav::polygon_index>(p));
            first[p + 1] = first[p] + out.size();
            for (const nav::link& l : out) links.push_back(&l);
        }
    }
    vec3 point(std::size_t state) const {
        const nav::link& l = *links[state / (samples + 1)];
        const float t = static_cast<float>(state % (samples + 1)) / static_cast<float>(samples);
        return {l.portal_a.x + (l.portal_b.x - l.portal_a.x) * t, l.portal_a.y + (l.portal_b.y - l.portal_a.y) * t,
                l.portal_a.z + (l.portal_b.z - l.portal_a.z) * t};
    }
    double spacing(std::size_t state) const {
        const nav::link& l = *links[state / (samples + 1)];
        return length2(l.portal_a, l.portal_b) / samples;
    }
    struct answer {
        double cost = INFINITY;
        double slack = 0;
    };
    answer run(nav::polygon_index start, vec3 sp, nav::polygon_index goal, vec3 gp, bool plan) const {
        const std::size_t per = samples + 1, states = links.size() * per;
        std::vector<double> d(states, INFINITY), slack(states, 0);
        auto len = [plan](vec3 a, vec3 b) { return plan ? length2(a, b) : length3(a, b); };
        using item = std::pair<double, std::size_t>;
        std::priority_queue<item, std::vector<item>, std::greater<item>> open;
        auto offer = [&](std::size_t x, double c, double s) {
            if (c < d[x]) {
                d[x] = c;
                slack[x] = s;
                open.push({c, x});
            }
        };
        for (std::size_t i = first[start] * per; i < first[start + 1] * per; ++i) offer(i, len(sp, point(i)), spacing(i));
        answer best;
        while (!open.empty()) {
            const auto [c, x] = open.top();
            open.pop();
            if (c > d[x] || c >= best.cost) continue;
            const nav::polygon_index q = links[x / per]->target;
            const vec3 at = point(x);
            if (q == goal) {
                const double total = c + len(at, gp);
                if (total < best.cost) best = {total, slack[x]};
                continue;
            }
            for (std::size_t y = first[q] * per; y < first[q + 1] * per; ++y) offer(y, c + len(at, point(y)), slack[x] + spacing(y));
        }
        return best;
    }
};

struct tally {
    std::size_t pairs = 0, shorter = 0, limited = 0, above = 0, above_waypoints = 0, offered = 0;
    double above_most = 0, above_waypoints_most = 0;
    double sum = 0, most = 0, nodes = 0;
};

void check_walkable(const nav::walkable& w, tally& t) {
    if (w.polygon_count() < 2 || w.link_count() == 0) return;
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch exact_scratch(graph);
    nav::shortest_path_scratch scratch(w);
    nav::path_scratch path_scratch(w);
    std::vector<vec3> points;
    const sampled ref(w, 16);
    const auto n = static_cast<std::uint32_t>(w.polygon_count());
    const auto pairs = static_cast<std::uint32_t>(navspan_test::sample_size(w.link_count() > 40000 ? 2 : 6));
    for (std::uint32_t k = 0; k < pairs; ++k) {
        const nav::polygon_index start = (k * 7919u + 3u) % n, goal = (k * 104729u + 2654435761u) % n;
        if (!w.usable(start) || !w.usable(goal) || start == goal) continue;
        const vec3 a = nav::centre(w, start), b = nav::centre(w, goal);
        CAPTURE(w.id(start).primary);
        CAPTURE(w.id(goal).primary);
        const auto exact = nav::find_exact_path(graph, start, a, goal, b, exact_scratch);
        const auto r = nav::find_shortest_path(w, start, a, goal, b, scratch);
        if (exact.status == nav::search_status::no_path) {
            CHECK((r.status == nav::query_status::no_path || r.status == nav::query_status::limit_exceeded));
            continue;
        }
        REQUIRE(exact.status == nav::search_status::found);
        if (r.status == nav::query_status::limit_exceeded) {
            // The scratch's nodes ran out (docs/nav.md: a search from a
            // root sees each portal in as many pieces as there are ways
            // through the polygons between; meshes of many small polygons
            // make many).
            ++t.limited;
            continue;
        }
        REQUIRE(r.status == nav::query_status::found);
        const double cost = r.cost;
        // Never longer than the exact model, never shorter than the line.
        CHECK(cost <= exact.cost + 1e-3 + 2e-5 * exact.cost);
        CHECK(cost >= length3(a, b) * (1 - 1e-5) - 1e-3);
        // The waypoints are the chain the cost measures, from a to b.
        REQUIRE(r.waypoints.size() >= 2);
        CHECK(length3(r.waypoints.front(), a) < 1e-2);
        CHECK(length3(r.waypoints.back(), b) < 1e-2);
        CHECK(chain_length(r.waypoints) == doctest::Approx(cost).epsilon(1e-4));
        CHECK(r.corridor.front() == start);
        CHECK(r.corridor.back() == goal);
        ++t.pairs;
        // Never longer than the pulled waypoints of find_path's and
        // find_exact_path's corridors (turning, as they do, at portal ends).
        const auto found = nav::find_path(w, start, a, goal, b, path_scratch);
        const std::span<const nav::polygon_index> corridors[] = {found.corridor, exact.corridor};
        double least_pulled = std::numeric_limits<double>::infinity();
        for (const auto corridor : corridors) {
            if (corridor.empty()) continue;
            points.resize(3 * corridor.size() + 2);
            const auto pulled = nav::straight_path(w, corridor, a, b, points);
            REQUIRE(pulled.complete);
            const double waypoints = chain_length(std::span<const vec3>(points).first(pulled.count));
            // (Within half a percent: another corridor's funnel may turn at
            // take-off and landing points the model's chain does not have;
            // its own corridor's funnel is taken where shorter.)
            CHECK(cost <= waypoints * 1.005 + 1e-3);
            if (cost > waypoints + 1e-3 + 2e-5 * waypoints) {
                ++t.above_waypoints;
                t.above_waypoints_most = std::max(t.above_waypoints_most, (cost - waypoints) / waypoints);
            }
            least_pulled = std::min(least_pulled, waypoints);
        }
        // The form over the graph (shortest_checked.hpp: the command's and
        // the C ABI's) offers both corridors: never longer than either's
        // waypoints, nor than the model's answer. (It runs the two searches
        // again in their scratches: the corridors above are spent.)
        {
            const auto checked = nav::find_shortest_path(graph, start, a, goal, b, scratch, path_scratch, exact_scratch);
            REQUIRE(checked.status == nav::query_status::found);
            CHECK(checked.cost <= least_pulled + 1e-3 + 1e-5 * least_pulled);
            CHECK(checked.cost <= cost + 1e-3 + 1e-5 * cost);
            if (checked.cost < cost - 1e-3 - 1e-5 * cost) ++t.offered;
            REQUIRE(checked.waypoints.size() >= 2);
            CHECK(chain_length(checked.waypoints) == doctest::Approx(checked.cost).epsilon(1e-4));
            CHECK(length3(checked.waypoints.front(), a) < 1e-2);
            CHECK(length3(checked.waypoints.back(), b) < 1e-2);
            REQUIRE(!checked.corridor.empty());
            CHECK(checked.corridor.front() == start);
            CHECK(checked.corridor.back() == goal);
        }
        const double gap = (exact.cost - cost) / std::max(1e-9, double{exact.cost});
        if (gap > 1e-6) ++t.shorter;
        t.sum += gap;
        t.most = std::max(t.most, gap);
        t.nodes += static_cast<double>(r.generated);
        // The sampled reference's queue (every sample pair of a polygon's
        // portals) outgrows a 32-bit address space on the Quake maps: it
        // runs in 64-bit builds, every native CI build among them.
        if constexpr (sizeof(void*) < 8) continue;
        // The reference: the samples' 3D optimum bounds it from above, the
        // plan optimum (less the samples' spacing) from below.
        const auto upper = ref.run(start, w.to_plan(a), goal, w.to_plan(b), false);
        const auto lower = ref.run(start, w.to_plan(a), goal, w.to_plan(b), true);
        // The samples turn anywhere on a portal, the model only at its ends
        // and midpoint: where heights differ along a portal (a drop off a
        // sloped edge) the samples' 3D chords can be a little shorter.
        // Counted, and bounded.
        if (cost > upper.cost + 1e-3 + 2e-5 * upper.cost) {
            ++t.above;
            t.above_most = std::max(t.above_most, (cost - upper.cost) / upper.cost);
        }
        CHECK(cost <= upper.cost * 1.1 + 1e-3);
        CHECK(cost >= lower.cost - lower.slack - 1e-3 - 2e-5 * lower.cost);
    }
}

}  // namespace shortest_path_test

TEST_CASE("shortest path: straight down a corridor, around a corner, up a ladder") {
    namespace nav = navspan::nav;
    using navspan::vec3;
    using shortest_path_test::length3;
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    // A corridor of three squares north, then one square east of the last.
    const auto s0 = square(0, 0, 0);
    const auto s1 = square(0, 100, 0);
    const auto s2 = square(0, 200, 0);
    const auto s3 = square(100, 200, 0);
    // A roof over s3, reached by a ladder (a point portal) from s3.
    const auto s4 = square(100, 200, 200);
    b.add_polygon({0, 0}, s0);
    b.add_polygon({1, 0}, s1);
    b.add_polygon({2, 0}, s2);
    b.add_polygon({3, 0}, s3);
    b.add_polygon({4, 0}, s4);
    for (nav::polygon_index p = 0; p < 2; ++p) {
        const float y = 100.0f * static_cast<float>(p + 1);
        b.add_link(p, p + 1, nav::link_kind::walk, {0, y, 0}, {100, y, 0});
        b.add_link(p + 1, p, nav::link_kind::walk, {100, y, 0}, {0, y, 0});
    }
    b.add_link(2, 3, nav::link_kind::walk, {100, 200, 0}, {100, 300, 0});
    b.add_link(3, 2, nav::link_kind::walk, {100, 300, 0}, {100, 200, 0});
    b.add_link(3, 4, nav::link_kind::ladder, {190, 250, 0}, {190, 250, 0});
    b.add_link(4, 3, nav::link_kind::ladder, {190, 250, 200}, {190, 250, 200});
    const nav::walkable w = b.finish();
    nav::shortest_path_scratch scratch(w);

    // Straight: the line itself, start and goal the only waypoints.
    const auto line = nav::find_shortest_path(w, 0, {20, 10, 0}, 2, {80, 290, 0}, scratch);
    REQUIRE(line.status == nav::query_status::found);
    CHECK(line.cost == doctest::Approx(std::hypot(60.0, 280.0)));
    CHECK(line.waypoints.size() == 2);
    REQUIRE(line.corridor.size() == 3);
    CHECK(line.corridor[1] == 1);

    // Within one polygon: the straight line; the goal where the start is,
    // one waypoint (as straight_path writes it).
    const auto inside = nav::find_shortest_path(w, 0, {20, 10, 0}, 0, {30, 15, 0}, scratch);
    REQUIRE(inside.status == nav::query_status::found);
    CHECK(inside.waypoints.size() == 2);
    const auto here = nav::find_shortest_path(w, 0, {20, 10, 0}, 0, {20, 10, 0}, scratch);
    REQUIRE(here.status == nav::query_status::found);
    CHECK(here.cost == 0);
    CHECK(here.waypoints.size() == 1);
    CHECK(here.corridor.size() == 1);

    // Around the corner (100, 200): two segments.
    const vec3 from{50, 10, 0}, corner{100, 200, 0}, to{190, 250, 0};
    const auto bend = nav::find_shortest_path(w, 0, from, 3, to, scratch);
    REQUIRE(bend.status == nav::query_status::found);
    CHECK(bend.cost == doctest::Approx(length3(from, corner) + length3(corner, to)));
    REQUIRE(bend.waypoints.size() == 3);
    CHECK(length3(bend.waypoints[1], corner) < 1e-3);
    CHECK(bend.corridor.size() == 4);
    // The exact model's path through the midpoints is longer.
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch exact_scratch(graph);
    const auto exact = nav::find_exact_path(graph, 0, from, 3, to, exact_scratch);
    REQUIRE(exact.status == nav::search_status::found);
    CHECK(bend.cost < exact.cost - 1);

    // Up the ladder: to its foot in plan and height, then up onto the roof.
    const vec3 roof{150, 250, 200}, foot{190, 250, 0};
    const auto up = nav::find_shortest_path(w, 0, from, 4, roof, scratch);
    REQUIRE(up.status == nav::query_status::found);
    CHECK(up.cost == doctest::Approx(length3(from, corner) + length3(corner, foot) + length3(foot, roof)));
    CHECK(up.cost >= length3(from, roof));

    // One polygon: the straight line. Refusals.
    const auto same = nav::find_shortest_path(w, 1, {10, 110, 0}, 1, {90, 190, 0}, scratch);
    CHECK(same.cost == doctest::Approx(std::hypot(80.0, 80.0)));
    CHECK(nav::find_shortest_path(w, 0, from, 9, to, scratch).status == nav::query_status::bad_input);
    CHECK(nav::find_shortest_path(w, 0, {INFINITY, 0, 0}, 3, to, scratch).status == nav::query_status::bad_input);
    nav::shortest_path_scratch small;
    CHECK(nav::find_shortest_path(w, 0, from, 3, to, small).status == nav::query_status::scratch_too_small);
    // Cut off: no path.
    nav::walkable_builder apart(nav::id_scheme::quake_node, nav::axis::z);
    apart.add_polygon({0, 0}, s0);
    apart.add_polygon({1, 0}, s2);
    apart.add_link(0, 1, nav::link_kind::walk, {0, 100, 0}, {100, 100, 0});
    const nav::walkable one_way = apart.finish();
    nav::shortest_path_scratch one_way_scratch(one_way);
    CHECK(nav::find_shortest_path(one_way, 1, {50, 250, 0}, 0, {50, 50, 0}, one_way_scratch).status ==
          nav::query_status::no_path);
}

TEST_CASE("shortest path: a triangle strip zigzag is pulled taut; a y-up mesh") {
    namespace nav = navspan::nav;
    using navspan::vec3;
    // A strip of triangles along x (shared edges), y up (Fox frame): the
    // path from one end to the other is the straight line.
    nav::walkable_builder b(nav::id_scheme::fox_group_face, nav::axis::y);
    for (std::uint32_t i = 0; i < 8; ++i) {
        const float x = 50.0f * static_cast<float>(i / 2);
        if (i % 2 == 0) {
            const vec3 t[] = {{x, 0, 0}, {x + 50, 0, 0}, {x, 0, 100}};
            b.add_polygon({0, i}, t);
        } else {
            const vec3 t[] = {{x + 50, 0, 0}, {x + 50, 0, 100}, {x, 0, 100}};
            b.add_polygon({0, i}, t);
        }
    }
    for (nav::polygon_index i = 0; i + 1 < 8; ++i) {
        const float x = 50.0f * static_cast<float>(i / 2);
        const vec3 a = i % 2 == 0 ? vec3{x + 50, 0, 0} : vec3{x + 50, 0, 0};
        const vec3 c = i % 2 == 0 ? vec3{x, 0, 100} : vec3{x + 50, 0, 100};
        b.add_link(i, i + 1, nav::link_kind::walk, a, c);
        b.add_link(i + 1, i, nav::link_kind::walk, c, a);
    }
    const nav::walkable w = b.finish();
    nav::shortest_path_scratch scratch(w);
    const vec3 from{5, 0, 50}, to{195, 0, 50};
    const auto r = nav::find_shortest_path(w, 0, from, 7, to, scratch);
    REQUIRE(r.status == nav::query_status::found);
    CHECK(r.cost == doctest::Approx(190));
    CHECK(r.waypoints.size() == 2);
    CHECK(r.corridor.size() == 8);
}

TEST_CASE("shortest path: turns where a drop lands across a straight wall (de_mirage's areas 174 -> 136 -> 135 -> 245)") {
    namespace nav = navspan::nav;
    using navspan::vec3;
    // A ledge U drops onto triangle T across a gap; T, W and X meet at P
    // = (0, 0) along a straight wall (y = 0: 14 + 76 + 90 degrees), so a
    // path staying on the floor never turns at P. The drop arrives from
    // beyond that wall: the way on to Y turns at P, on W -> X's portal as
    // well as on T's (every end at a corner of a polygon a drop enters).
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    const vec3 u[] = {{20, 20, 50}, {80, 20, 50}, {80, 26, 50}, {20, 26, 50}};
    const vec3 t[] = {{0, 0, 0}, {80, -20, 0}, {80, 0, 0}};
    const vec3 wq[] = {{0, 0, 0}, {0, -60, 0}, {80, -60, 0}, {80, -20, 0}};
    const vec3 x[] = {{0, 0, 0}, {-100, 0, 0}, {-100, -60, 0}, {0, -60, 0}};
    const vec3 y[] = {{-100, 0, 0}, {-200, 0, 0}, {-200, -60, 0}, {-100, -60, 0}};
    b.add_polygon({1, 0}, u);
    b.add_polygon({2, 0}, t);
    b.add_polygon({3, 0}, wq);
    b.add_polygon({4, 0}, x);
    b.add_polygon({5, 0}, y);
    b.add_link(0, 1, nav::link_kind::drop, {20, 20, 50}, {80, 20, 50});
    const auto both = [&b](nav::polygon_index p, nav::polygon_index q, vec3 a, vec3 c) {
        b.add_link(p, q, nav::link_kind::walk, a, c);
        b.add_link(q, p, nav::link_kind::walk, c, a);
    };
    both(1, 2, {0, 0, 0}, {80, -20, 0});
    both(2, 3, {0, 0, 0}, {0, -60, 0});
    both(3, 4, {-100, 0, 0}, {-100, -60, 0});
    const nav::walkable w = b.finish();
    nav::shortest_path_scratch scratch(w);
    const vec3 from{75, 23, 50}, to{-190, -5, 0};
    const auto r = nav::find_shortest_path(w, 0, from, 4, to, scratch);
    REQUIRE(r.status == nav::query_status::found);
    // Off the ledge at its end (20, 20), down to P, then straight on.
    const double expected = shortest_path_test::length3(from, {20, 20, 50}) +
                            shortest_path_test::length3({20, 20, 50}, {0, 0, 0}) + shortest_path_test::length3({0, 0, 0}, to);
    CHECK(r.cost <= expected * (1 + 1e-5));
    CHECK(shortest_path_test::chain_length(r.waypoints) == doctest::Approx(r.cost).epsilon(1e-4));
}

TEST_CASE("shortest path: never longer than find_exact_path, within the sampled reference, on every corpus map; the form over the graph never longer than the other searches' waypoints") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"};
    std::size_t walkables = 0;
    for (const char* folder_name : folders) {
        shortest_path_test::tally t;
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name, [&t](const navspan::nav::walkable& w, const std::string&, const navspan::nav::plugin_space*) {
                shortest_path_test::check_walkable(w, t);
            });
        const double pairs = t.pairs ? static_cast<double>(t.pairs) : 1.0;
        MESSAGE(std::string(folder_name) << ": " << t.pairs << " pairs; shorter than find_exact_path in " << t.shorter
                            << ", by " << 100 * t.sum / pairs << "% on average, " << 100 * t.most << "% at most; "
                            << t.nodes / pairs << " nodes per search; " << t.limited << " out of nodes; above the sampled 3D reference in "
                            << t.above << ", by " << 100 * t.above_most << "% at most; longer than pulled waypoints in "
                            << t.above_waypoints << ", by " << 100 * t.above_waypoints_most
                            << "% at most (the form over the graph: never; its answer an offered corridor's in " << t.offered << ")");
    }
    MESSAGE(walkables << " walkables checked");
}

TEST_CASE("shortest path: the form over the graph takes find_exact_path's corridor where its waypoints are shorter (gm_nuketown's areas 90 -> 40)") {
    namespace nav = navspan::nav;
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    const auto file = *folder / "files" / "lolleko__guesswho__gm_nuketown.nav";
    if (!std::filesystem::exists(file)) {
        MESSAGE("gm_nuketown not in the corpus: skipping");
        ++navspan_test::skipped_corpus_cases();
        return;
    }
    const auto bytes = navspan_test::read_file(file);
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    const nav::polygon_index start = w->find({90, 0}), goal = w->find({40, 0});
    REQUIRE(start != nav::no_polygon);
    REQUIRE(goal != nav::no_polygon);
    const auto a = nav::centre(*w, start), b = nav::centre(*w, goal);
    const auto graph = nav::search_graph::build(*w);
    nav::shortest_path_scratch scratch(*w);
    nav::path_scratch plain(*w);
    nav::search_scratch exact(graph);
    // The exact corridor drops 71 -> 79 where the model's chain goes 71 ->
    // 12 -> 79; its funnel turns where that drop lands, 0.09% shorter.
    const float model = nav::find_shortest_path(*w, start, a, goal, b, scratch).cost;
    const auto by_midpoints = nav::find_exact_path(graph, start, a, goal, b, exact);
    REQUIRE(by_midpoints.status == nav::search_status::found);
    std::vector<navspan::vec3> points(3 * by_midpoints.corridor.size() + 2);
    const auto pulled = nav::straight_path(*w, by_midpoints.corridor, a, b, points);
    REQUIRE(pulled.complete);
    const double waypoints = shortest_path_test::chain_length(std::span<const navspan::vec3>(points).first(pulled.count));
    CHECK(model > waypoints + 1e-3);
    const auto checked = nav::find_shortest_path(graph, start, a, goal, b, scratch, plain, exact);
    REQUIRE(checked.status == nav::query_status::found);
    CHECK(checked.cost == doctest::Approx(waypoints).epsilon(1e-6));
    CHECK(shortest_path_test::chain_length(checked.waypoints) == doctest::Approx(waypoints).epsilon(1e-6));
    CHECK(std::vector<nav::polygon_index>(checked.corridor.begin(), checked.corridor.end()) ==
          std::vector<nav::polygon_index>(by_midpoints.corridor.begin(), by_midpoints.corridor.end()));
}

TEST_CASE("shortest path: offer_corridor passes over a corridor that does not join the answer's ends link by link") {
    namespace nav = navspan::nav;
    using navspan::vec3;
    // Three squares in a row, 0 - 1 - 2, and a fourth, 3, beside 2 but
    // joined to nothing: a corridor 0 -> 3 -> 2 has a gap, over which the
    // funnel would go straight to the goal.
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    for (std::uint32_t i = 0; i < 3; ++i) {
        const float x = 10.0f * static_cast<float>(i);
        const vec3 sq[] = {{x, 0, 0}, {x + 10, 0, 0}, {x + 10, 10, 0}, {x, 10, 0}};
        b.add_polygon({i + 1, 0}, sq);
    }
    const vec3 lone[] = {{20, 10, 0}, {30, 10, 0}, {30, 20, 0}, {20, 20, 0}};
    b.add_polygon({4, 0}, lone);
    for (nav::polygon_index i = 0; i < 2; ++i) {
        const float x = 10.0f * static_cast<float>(i + 1);
        b.add_link(i, i + 1, nav::link_kind::walk, {x, 0, 0}, {x, 10, 0});
        b.add_link(i + 1, i, nav::link_kind::walk, {x, 10, 0}, {x, 0, 0});
    }
    const nav::walkable w = b.finish();
    nav::shortest_path_scratch scratch(w);
    auto r = nav::find_shortest_path(w, 0, {1, 5, 0}, 2, {29, 5, 0}, scratch);
    REQUIRE(r.status == nav::query_status::found);
    const float cost = r.cost;
    const nav::polygon_index gap[] = {0, 3, 2}, wrong_end[] = {0, 1}, none[] = {0};
    CHECK_FALSE(nav::offer_corridor(w, r, gap, scratch));
    CHECK_FALSE(nav::offer_corridor(w, r, wrong_end, scratch));
    CHECK_FALSE(nav::offer_corridor(w, r, none, scratch));
    const nav::polygon_index same[] = {0, 1, 2};
    CHECK_FALSE(nav::offer_corridor(w, r, same, scratch));  // no shorter: the answer stands
    CHECK(r.cost == cost);
    CHECK(r.corridor.size() == 3);
    CHECK(shortest_path_test::chain_length(r.waypoints) == doctest::Approx(28.0));
}

TEST_CASE("shortest path: allocates nothing once the scratch exists") {
    namespace nav = navspan::nav;
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    nav::shortest_path_scratch scratch(*w);
    CHECK(scratch.memory_bytes() > 0);
    const auto n = static_cast<nav::polygon_index>(w->polygon_count());
    std::size_t found = 0, asked = 0;
    {
        navspan_test::allocation_scope scope;
        for (nav::polygon_index a = 0; a < n; ++a) {
            for (nav::polygon_index b = 0; b < n; ++b) {
                found += nav::find_shortest_path(*w, a, nav::centre(*w, a), b, nav::centre(*w, b), scratch).status ==
                         nav::query_status::found;
                ++asked;
            }
        }
        CHECK(scope.count() == 0);
    }
    CHECK(found > asked / 2);
    // The form over a search graph (shortest_checked.hpp) too.
    const auto graph = nav::search_graph::build(*w);
    nav::path_scratch plain(*w);
    nav::search_scratch exact(graph);
    std::size_t checked = 0;
    {
        navspan_test::allocation_scope scope;
        for (nav::polygon_index a = 0; a < n; ++a) {
            for (nav::polygon_index b = 0; b < n; ++b) {
                checked += nav::find_shortest_path(graph, a, nav::centre(*w, a), b, nav::centre(*w, b), scratch, plain, exact)
                               .status == nav::query_status::found;
            }
        }
        CHECK(scope.count() == 0);
    }
    CHECK(checked == found);
}

TEST_CASE("shortest path: turns only at corners with a wall beside them (a walled grid)") {
    namespace nav = navspan::nav;
    using navspan::vec3;
    // Every inner grid point has four squares round it and no wall: not a
    // turning point. The wall's ends and the grid's rim are.
    const std::uint32_t side = 96;
    const nav::walkable w = walled_grid(side, false);
    std::vector<std::uint8_t> turns;
    nav::find_turning_ends(w, turns);
    REQUIRE(turns.size() == w.link_count());
    std::size_t corners = 0;
    for (const std::uint8_t t : turns) {
        corners += (t & nav::turning_bits::a_turns) != 0;
        corners += (t & nav::turning_bits::b_turns) != 0;
    }
    CHECK(corners < 2 * turns.size() / 10);
    // The wall's open end is one: the link across the top row's wall.
    const nav::polygon_index beside_end = (side - 1) * side + side / 2 - 1;
    bool end_turns = false;
    for (std::size_t j = 0; j < w.links(beside_end).size(); ++j) {
        const nav::link& l = w.links(beside_end)[j];
        const std::uint8_t t = turns[w.link_offset(beside_end) + j];
        const auto at_end = [&](navspan::vec3 p) { return p.x == 100.0f * (side / 2) && p.y == 100.0f * (side - 1); };
        end_turns = end_turns || (at_end(l.portal_a) && (t & nav::turning_bits::a_turns) != 0) ||
                    (at_end(l.portal_b) && (t & nav::turning_bits::b_turns) != 0);
    }
    CHECK(end_turns);
    // Across the wall: up to its open end, round it, and down again.
    const nav::polygon_index from = side / 2 - 1, to = side / 2;
    nav::shortest_path_scratch scratch(w);
    const auto r = nav::find_shortest_path(w, from, nav::centre(w, from), to, nav::centre(w, to), scratch);
    REQUIRE(r.status == nav::query_status::found);
    const double leg = std::hypot(50.0, 100.0 * (side - 1) - 50.0);
    CHECK(r.cost == doctest::Approx(2 * leg));
    REQUIRE(r.waypoints.size() == 3);
    CHECK(r.waypoints[1].x == doctest::Approx(100.0 * (side / 2)));
    CHECK(r.waypoints[1].y == doctest::Approx(100.0 * (side - 1)));
    // Each portal is met by a few intervals, not one per grid point seen.
    CHECK(r.generated < 8 * w.link_count());
    // A scratch fitted to another walkable is refitted (its turning points
    // are the walkable's own), and refuses until then.
    const nav::walkable other = walled_grid(side, true);
    CHECK(nav::find_shortest_path(other, from, nav::centre(other, from), to, nav::centre(other, to), scratch).status ==
          nav::query_status::scratch_too_small);
    scratch.fit(other);
    CHECK(nav::find_shortest_path(other, from, nav::centre(other, from), to, nav::centre(other, to), scratch).cost ==
          doctest::Approx(2 * leg));
    MESSAGE("walled grid " << side << " x " << side << ": " << r.generated << " nodes for " << w.link_count() << " links");
}

TEST_CASE("shortest path: out of nodes is limit_exceeded for a goal it can reach, no_path for one it cannot") {
    namespace nav = navspan::nav;
    // A 48 x 48 walled grid (the search floods the near half before it
    // goes round: more than the 4,096 nodes of a scratch at its floor),
    // and, apart, one square no link reaches.
    const std::uint32_t side = 48;
    const nav::walkable w = walled_grid(side, true);
    const nav::polygon_index island = side * side;
    nav::shortest_path_scratch tight(w, 0);  // the floor alone: 4,096 nodes
    const nav::polygon_index across = side / 2;  // just across the wall from the start
    const auto far = nav::find_shortest_path(w, 0, nav::centre(w, 0), across, nav::centre(w, across), tight);
    const auto apart = nav::find_shortest_path(w, 0, nav::centre(w, 0), island, nav::centre(w, island), tight);
    CHECK(far.status == nav::query_status::limit_exceeded);
    CHECK(apart.status == nav::query_status::no_path);
    CHECK(far.generated == apart.generated);  // both ran out: the same flood of the near half
    // The path the tight scratch could not hold is there: polygon by polygon.
    nav::path_scratch polygons(w);
    CHECK(nav::find_path(w, 0, nav::centre(w, 0), across, nav::centre(w, across), polygons).status == nav::query_status::found);
    CHECK(far.waypoints.empty());  // the walkable's form: no answer
    // The form over a search graph answers its best known path: the
    // shorter of find_path's and find_exact_path's pulled, still
    // limit_exceeded (not proven the shortest).
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch exact(graph);
    const navspan::vec3 a = nav::centre(w, 0), b = nav::centre(w, across);
    const auto checked = nav::find_shortest_path(graph, 0, a, across, b, tight, polygons, exact);
    CHECK(checked.status == nav::query_status::limit_exceeded);
    double shorter = 1e30;
    for (int model = 0; model < 2; ++model) {
        std::vector<nav::polygon_index> corridor;
        if (model == 0) {
            const auto r = nav::find_path(w, 0, a, across, b, polygons);
            corridor.assign(r.corridor.begin(), r.corridor.end());
        } else {
            const auto r = nav::find_exact_path(graph, 0, a, across, b, exact);
            corridor.assign(r.corridor.begin(), r.corridor.end());
        }
        std::vector<navspan::vec3> points(3 * corridor.size() + 2);
        const auto pulled = nav::straight_path(w, corridor, a, b, points);
        REQUIRE(pulled.complete);
        shorter = std::min(shorter, shortest_path_test::chain_length(std::span<const navspan::vec3>(points).first(pulled.count)));
    }
    REQUIRE(checked.waypoints.size() >= 2);
    CHECK(checked.cost == doctest::Approx(shorter).epsilon(1e-6));
    CHECK(shortest_path_test::chain_length(checked.waypoints) == doctest::Approx(shorter).epsilon(1e-6));
    CHECK(checked.waypoints.front().x == a.x);
    CHECK(checked.waypoints.back().y == b.y);
    REQUIRE(!checked.corridor.empty());
    CHECK(checked.corridor.front() == 0);
    CHECK(checked.corridor.back() == across);
    // Round the wall's open end: far longer than the straight line across.
    CHECK(checked.cost > 4 * nav::path_detail::plan_distance3(a, b));
    // A corridor that does not join link by link is passed over; one
    // offered to a found answer is offer_corridor's.
    const std::vector<nav::polygon_index> broken{0, across};
    auto again = nav::find_shortest_path(w, 0, a, across, b, tight);
    CHECK_FALSE(nav::offer_best_known(w, again, broken, a, b, tight));
    CHECK(again.waypoints.empty());
    const auto apart_checked = nav::find_shortest_path(graph, 0, a, island, nav::centre(w, island), tight, polygons, exact);
    CHECK(apart_checked.status == nav::query_status::no_path);
    CHECK(apart_checked.waypoints.empty());
}

}  // namespace nav_shortest_path_test
