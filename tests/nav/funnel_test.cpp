// navspan::nav::straight_path: the waypoints never leave the corridor. On
// a hand-made corridor that drops off an edge and turns back, and on every
// corpus map for a sample of pairs, each waypoint segment is checked to lie
// in plan over the corridor's polygons or over the gap a link bridges (the
// hull of its portal and the portal's nearest points on the polygon left
// and on the polygon entered), within a small tolerance. The checker is
// independent of the funnel: it clips the segment against each of those
// convex pieces and asks that the pieces cover it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/corpus_walkables.hpp"
#include "support/sanitizers.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_funnel_test {

using navspan_nav_test::square;

namespace {

namespace nav = navspan::nav;
using navspan::vec3;

// The part [t0, t1] of the plan segment a-b inside the convex polygon c
// grown by `tol` (each edge moved out by tol); false when none.
bool clip(std::span<const vec3> c, vec3 a, vec3 b, double tol, std::pair<double, double>& in) {
    double area = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const vec3 u = c[i], v = c[(i + 1) % c.size()];
        area += double{u.x} * v.y - double{v.x} * u.y;
    }
    const double side = area < 0 ? -1 : 1;
    double t0 = 0, t1 = 1;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const vec3 u = c[i], v = c[(i + 1) % c.size()];
        const double ex = double{v.x} - u.x, ey = double{v.y} - u.y, len = std::hypot(ex, ey);
        if (len == 0) continue;
        auto inside = [&](vec3 q) { return side * (ex * (double{q.y} - u.y) - ey * (double{q.x} - u.x)) / len + tol; };
        const double da = inside(a), db = inside(b);
        if (da < 0 && db < 0) return false;
        if (da < 0) t0 = std::max(t0, da / (da - db));
        else if (db < 0) t1 = std::min(t1, da / (da - db));
    }
    if (t0 > t1) return false;
    in = {t0, t1};
    return true;
}

// The longest piece of the segment a-b (world points) that lies over none
// of the corridor's polygons and link gaps, in plan units.
double uncovered(const nav::walkable& w, std::span<const nav::polygon_index> corridor, vec3 world_a, vec3 world_b,
                 double tol) {
    const vec3 a = w.to_plan(world_a), b = w.to_plan(world_b);
    std::vector<std::pair<double, double>> pieces;
    std::pair<double, double> in;
    for (nav::polygon_index p : corridor) {
        if (clip(w.plan_corners(p), a, b, tol, in)) pieces.push_back(in);
    }
    auto onto = [&](nav::polygon_index p, vec3 q) { return w.to_plan(nav::closest_point(w, p, w.to_world(q))); };
    for (std::size_t i = 0; i + 1 < corridor.size(); ++i) {
        const nav::link* l = w.find_link(corridor[i], corridor[i + 1]);
        if (l == nullptr) continue;
        const vec3 pa = l->portal_a, pb = l->portal_b;
        const vec3 gaps[2][4] = {{pa, pb, onto(corridor[i], pa), onto(corridor[i], pb)},
                                 {pa, pb, onto(corridor[i + 1], pa), onto(corridor[i + 1], pb)}};
        // The hull of four points is the union of the triangles of any three.
        for (const auto& q : gaps) {
            for (int skip = 0; skip < 4; ++skip) {
                vec3 t[3];
                int m = 0;
                for (int k = 0; k < 4; ++k) {
                    if (k != skip) t[m++] = q[k];
                }
                if (clip(t, a, b, tol, in)) pieces.push_back(in);
            }
        }
    }
    std::sort(pieces.begin(), pieces.end());
    const double length = std::hypot(double{b.x} - a.x, double{b.y} - a.y);
    double reach = 0, worst = 0;
    for (const auto& [from, to] : pieces) {
        if (from > reach) worst = std::max(worst, (from - reach) * length);
        reach = std::max(reach, to);
    }
    return reach < 1 ? std::max(worst, (1 - reach) * length) : worst;
}

double worst_leg(const nav::walkable& w, std::span<const nav::polygon_index> corridor, std::span<const vec3> points) {
    double worst = 0;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) worst = std::max(worst, uncovered(w, corridor, points[i], points[i + 1], 0.05));
    return worst;
}

}  // namespace

TEST_CASE("straight_path: a drop that turns back crosses its portal, then starts afresh") {
    // A ledge (A) whose north edge drops onto a floor (B) lying south of
    // it, beyond a 25-unit gap, as dod_kalt's areas 14373 -> 1586 do; from
    // B the way goes on east to C, then north past A's side to D. The
    // landing is behind the portal's line: the funnel's left and right
    // would swap, and the straight line start-goal crosses open air.
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    const auto ledge = square(500, -1175, 220, 50);
    const vec3 floor[] = {{475, -1100, -100}, {650, -1100, -100}, {650, -1050, -100}, {475, -1050, -100}};
    const vec3 east[] = {{650, -1100, -100}, {750, -1100, -100}, {750, -1050, -100}, {650, -1050, -100}};
    const vec3 north[] = {{650, -1300, -100}, {750, -1300, -100}, {750, -1100, -100}, {650, -1100, -100}};
    b.add_polygon({14373, 0}, ledge);
    b.add_polygon({1586, 0}, floor);
    b.add_polygon({3, 0}, east);
    b.add_polygon({4, 0}, north);
    b.add_link(0, 1, nav::link_kind::drop, {500, -1175, 220}, {550, -1175, 220});
    b.add_link(1, 2, nav::link_kind::walk, {650, -1100, -100}, {650, -1050, -100});
    b.add_link(2, 3, nav::link_kind::walk, {650, -1100, -100}, {750, -1100, -100});
    const nav::walkable w = b.finish();
    nav::path_scratch scratch(w);
    const vec3 from{525, -1150, 220}, to{700, -1250, -100};
    const auto found = nav::find_path(w, 0, from, 3, to, scratch);
    REQUIRE(found.status == nav::path_status::found);
    REQUIRE(found.corridor.size() == 4);
    REQUIRE(found.links.size() == 3);
    CHECK(found.links[0] == w.find_link(0, 1));
    vec3 points[16];
    for (const bool with_links : {true, false}) {
        CAPTURE(with_links);
        const auto sp = with_links ? nav::straight_path(w, found, from, to, points)
                                   : nav::straight_path(w, found.corridor, from, to, points);
        REQUIRE(sp.complete);
        CHECK(sp.count > 2);
        CHECK(worst_leg(w, found.corridor, std::span<const vec3>(points, sp.count)) < 1e-3);
        // Off the ledge's edge right ahead of the start, down onto the floor
        // behind it, round the corner of the floor and C, up to the goal.
        REQUIRE(sp.count == 5);
        CHECK(points[1].x == doctest::Approx(525));
        CHECK(points[1].y == doctest::Approx(-1175));
        CHECK(points[2].x == doctest::Approx(525));
        CHECK(points[2].y == doctest::Approx(-1100));
        CHECK(points[3].x == doctest::Approx(650));
        CHECK(points[3].y == doctest::Approx(-1100));
    }
}

TEST_CASE("straight_path: a drop whose portal lies on the floor below, then back under the ledge") {
    // A ledge (A, height 100) ends at y = -25; a floor (B, height 0) lies
    // under it and beyond, to y = 100. The drop's portal is the line y = 0
    // over the floor: on the polygon entered (it lands on its portal), not
    // on the one left (it takes off from the ledge's edge, 25 units back).
    // The goal lies under the ledge, behind the portal's line: the
    // corridor turns back at a step whose landing is its portal, so the
    // crossing's second point is the portal again (funnel_step's part 2,
    // written from the portal where the polygon entered holds it).
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    const vec3 ledge[] = {{0, -100, 100}, {100, -100, 100}, {100, -25, 100}, {0, -25, 100}};
    const vec3 floor[] = {{0, -100, 0}, {100, -100, 0}, {100, 100, 0}, {0, 100, 0}};
    b.add_polygon({1, 0}, ledge);
    b.add_polygon({2, 0}, floor);
    b.add_link(0, 1, nav::link_kind::drop, {0, 0, 0}, {100, 0, 0});
    const nav::walkable w = b.finish();
    const nav::link* drop = w.find_link(0, 1);
    REQUIRE(drop != nullptr);
    CHECK((drop->shape & nav::portal_shape::on_target) != 0);
    CHECK((drop->shape & nav::portal_shape::on_source) == 0);
    nav::path_scratch scratch(w);
    const vec3 from{30, -60, 100}, to{70, -80, 0};
    const auto found = nav::find_path(w, 0, from, 1, to, scratch);
    REQUIRE(found.status == nav::path_status::found);
    REQUIRE(found.corridor.size() == 2);
    vec3 points[8];
    const auto sp = nav::straight_path(w, found, from, to, points);
    REQUIRE(sp.complete);
    CHECK(worst_leg(w, found.corridor, std::span<const vec3>(points, sp.count)) < 1e-3);
    // Straight out over the ledge's edge to the portal's point nearest
    // the start, then back under the ledge to the goal.
    REQUIRE(sp.count == 3);
    CHECK(points[1].x == doctest::Approx(30));
    CHECK(points[1].y == doctest::Approx(0));
    CHECK(points[1].z == doctest::Approx(0));
}

// A corridor that winds 270 degrees round a round pillar (radius 100), as
// wide as 10,000: `sectors` quads between the pillar's side and the outer
// rim, each linked to the next across its radial edge. The shortest way
// hugs the pillar, a corner at each sector's inner corner, and the funnel
// finds each only once a portal's far end has swung past the line from
// the last corner (about a quarter turn on): each restart rescans that
// many portals, quadratic in the corridor.
nav::walkable pillar_corridor(std::uint32_t sectors) {
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    const double sweep = 1.5 * 3.14159265358979;
    auto at = [&](std::uint32_t k, double radius) {
        const double a = sweep * k / sectors;
        return vec3{static_cast<float>(radius * std::cos(a)), static_cast<float>(radius * std::sin(a)), 0};
    };
    for (std::uint32_t k = 0; k < sectors; ++k) {
        const vec3 c[] = {at(k, 100), at(k, 10000), at(k + 1, 10000), at(k + 1, 100)};
        b.add_polygon({k, 0}, c);
    }
    for (std::uint32_t k = 0; k + 1 < sectors; ++k) {
        b.add_link(k, k + 1, nav::link_kind::walk, at(k + 1, 100), at(k + 1, 10000));
        b.add_link(k + 1, k, nav::link_kind::walk, at(k + 1, 10000), at(k + 1, 100));
    }
    return b.finish();
}

TEST_CASE("straight_path: a corridor whose restarts rescan long stretches costs at most the visit budget") {
    using nav::path_detail::funnel_portals;
    using nav::path_detail::funnel_run;
    // 100 sectors: pulled in full, 1,190 visits (n = 298: 4 n); 1,000: the
    // funnel unbounded took 113,210 visits (n = 2,998: 38 n), within the
    // budget the rest of the way goes through the portals' midpoints.
    for (const std::uint32_t sectors : {100u, 1000u}) {
        CAPTURE(sectors);
        const nav::walkable w = pillar_corridor(sectors);
        nav::path_scratch scratch(w);
        const vec3 from = nav::centre(w, 0), to = nav::centre(w, sectors - 1);
        const auto found = nav::find_path(w, 0, from, sectors - 1, to, scratch);
        REQUIRE(found.status == nav::path_status::found);
        REQUIRE(found.corridor.size() == sectors);
        std::vector<vec3> points(3 * found.corridor.size() + 2);
        const funnel_portals portals(w, found.corridor, found.links, w.to_plan(to));
        funnel_run run(w, portals, points);
        run.run(w.to_plan(from));
        const std::size_t n = 3 * (found.corridor.size() - 1) + 1;
        MESSAGE(sectors << " sectors: " << run.visits << " portals visited, n = " << n << ", budget " << funnel_run::visit_budget(n)
                        << ", " << run.r.count << " waypoints");
        CHECK(run.visits <= funnel_run::visit_budget(n));
        REQUIRE(run.r.complete);
        // straight_path is that run.
        std::vector<vec3> again(points.size());
        const auto sp = nav::straight_path(w, found, from, to, again);
        REQUIRE(sp.count == run.r.count);
        CHECK(std::equal(again.begin(), again.begin() + static_cast<std::ptrdiff_t>(sp.count), points.begin(),
                         [](vec3 a, vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }));
        const std::span<const vec3> path(points.data(), run.r.count);
        CHECK(worst_leg(w, found.corridor, path) < 1e-3);
        // Without the links (a caller's own corridor): the ring alone, the
        // same budget and the same waypoints.
        std::vector<vec3> bare(points.size());
        const funnel_portals unlinked(w, found.corridor, {}, w.to_plan(to));
        funnel_run bare_run(w, unlinked, bare);
        bare_run.run(w.to_plan(from));
        CHECK(bare_run.visits <= funnel_run::visit_budget(n));
        REQUIRE(bare_run.r.count == run.r.count);
        CHECK(std::equal(bare.begin(), bare.begin() + static_cast<std::ptrdiff_t>(run.r.count), points.begin(),
                         [](vec3 a, vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }));
        if (sectors == 100) {
            // Pulled in full: every corner is on the pillar.
            CHECK(run.visits < funnel_run::visit_budget(n));
            for (std::size_t i = 1; i + 1 < path.size(); ++i) CHECK(std::hypot(path[i].x, path[i].y) == doctest::Approx(100).epsilon(1e-4));
        }
    }
}

TEST_CASE("straight_path: every waypoint segment lies over the corridor, on every corpus map") {
    const char* folders[] = {"source-nav", "source2-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    for (const char* folder_name : folders) {
        std::size_t paths = 0, off = 0;
        double worst = 0;
        navspan_test::for_each_corpus_walkable(folder_name, [&](const nav::walkable& w, const std::string& name,
                                                                const nav::plugin_space*) {
            if (w.polygon_count() < 2) return;
            CAPTURE(name);
            nav::path_scratch scratch(w);
            std::vector<vec3> points;
            const auto n = static_cast<std::uint32_t>(w.polygon_count());
            for (std::uint32_t k = 0; k < navspan_test::sample_size(250); ++k) {
                const nav::polygon_index a = (k * 7919u) % n, b = (k * 104729u + 17u) % n;
                if (!w.usable(a) || !w.usable(b)) continue;
                const vec3 pa = nav::centre(w, a), pb = nav::centre(w, b);
                const auto found = nav::find_path(w, a, pa, b, pb, scratch);
                if (found.status != nav::path_status::found) continue;
                points.resize(3 * found.corridor.size() + 2);
                const auto sp = nav::straight_path(w, found, pa, pb, points);
                REQUIRE(sp.complete);
                const double leg = worst_leg(w, found.corridor, std::span<const vec3>(points).first(sp.count));
                CAPTURE(a);
                CAPTURE(b);
                CHECK(leg < 1e-9);
                worst = std::max(worst, leg);
                off += leg > 0 ? 1 : 0;
                ++paths;
            }
        });
        MESSAGE(std::string(folder_name) << ": " << paths << " paths, " << off << " leave their corridor, at most by " << worst);
    }
}

TEST_CASE("walkable: the take-off and landing points it holds are what a query would find, on every corpus map") {
    // The funnel once moved each portal end onto the polygon at every query
    // (the end itself where the polygon holds it in plan, else its nearest
    // point); the walkable now does so when it is built. Its points, its
    // lands_behind bit (against the turn-back test written with a square
    // root) and its enters_ahead bit are checked against that here.
    const char* folders[] = {"source-nav", "source2-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    std::size_t held = 0, ahead = 0, walkables = 0;
    for (const char* folder_name : folders) {
        walkables += navspan_test::for_each_corpus_walkable(folder_name, [&](const nav::walkable& w, const std::string& name,
                                                                const nav::plugin_space*) {
            CAPTURE(name);
            auto onto = [&](nav::polygon_index p, vec3 q) {
                if (nav::geometry_detail::plan_contains(w.plan_corners(p), {q.x, q.y})) return q;
                return w.to_plan(nav::closest_point(w, p, w.to_world(q)));
            };
            auto same = [](vec3 u, vec3 v) { return u.x == v.x && u.y == v.y && u.z == v.z; };
            for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
                for (const nav::link& l : w.links(p)) {
                    const vec3 a = l.portal_a, b = l.portal_b;
                    const bool point = nav::path_detail::same_plan_point(a, b);
                    const bool a_right = (l.shape & nav::portal_shape::a_right) != 0;
                    const double ex = double{b.x} - a.x, ey = double{b.y} - a.y;
                    const double limit = nav::geometry_detail::turn_back_tolerance * std::sqrt(ex * ex + ey * ey);
                    auto toward_source = [&](vec3 q) {
                        const double d = ex * (double{q.y} - a.y) - ey * (double{q.x} - a.x);
                        return a_right ? d : -d;
                    };
                    for (const bool entered : {false, true}) {
                        const nav::polygon_index on = entered ? l.target : p;
                        const std::uint8_t on_bit = entered ? nav::portal_shape::on_target : nav::portal_shape::on_source;
                        const std::uint8_t held_bit = entered ? nav::portal_shape::landing_held : nav::portal_shape::take_off_held;
                        vec3 ha{}, hb{};
                        const bool has = entered ? w.landing(p, l, ha, hb) : w.take_off(p, l, ha, hb);
                        CHECK(has == ((l.shape & held_bit) != 0));
                        if ((l.shape & on_bit) != 0) CHECK(!has);
                        else if (!has) CHECK(w.corner_count(on) > nav::walkable::max_tested_corners);
                        if (!has) continue;
                        ++held;
                        const vec3 ea = onto(on, a), eb = point ? ea : onto(on, b);
                        CHECK(same(ha, ea));
                        CHECK(same(hb, eb));
                        if (entered && (l.shape & nav::portal_shape::no_side) == 0) {
                            const bool behind = toward_source(ea) > limit || toward_source(eb) > limit;
                            CHECK(behind == ((l.shape & nav::portal_shape::lands_behind) != 0));
                        }
                    }
                    if ((l.shape & nav::portal_shape::enters_ahead) == 0) continue;
                    ++ahead;
                    for (const vec3& c : w.plan_corners(l.target)) CHECK(toward_source(c) <= limit / 2);
                }
            }
        });
    }
    MESSAGE(held << " sides of links held, " << ahead << " links entering a polygon ahead");
    if (walkables == 0) return;  // (no corpus: said above)
    CHECK(held > 0);
    CHECK(ahead > 0);
}

}  // namespace nav_funnel_test
