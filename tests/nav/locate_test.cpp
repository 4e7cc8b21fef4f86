// navspan::nav spatial_index: locate() and nearest() answer exactly what a
// scan of every polygon answers (the same polygon, point and gap), on every corpus map of
// every format and on points chosen to sit on the edges of what counts:
// polygon centres, corners and side midpoints nudged to either side of the
// plan tolerance, heights at and just past the height tolerance, and random
// points in the bounds. The index stays within its 120 bytes per polygon.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"
#include "support/exact_float.hpp"
#include "support/sanitizers.hpp"
#include "nav/shapes.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_locate_test {

using navspan_nav_test::add_square;
using navspan_nav_test::square;

namespace {

namespace nav = navspan::nav;
using navspan::vec3;

// Named apart from the other files of this folder (unity builds join them).
namespace locate_test {

// What locate() promises, by looking at every polygon: among the usable
// polygons whose plan holds the point (a rectangle with axis-parallel
// sides: its bounds, with the tolerance; any other: contains()), the one
// whose surface height is nearest the point's, within the tolerance; of
// equal gaps the lowest index. The scan lists the polygons holding the
// point once (with their heights); pick() chooses for each tolerance.
struct holding {
    nav::polygon_index polygon;
    float height;
};
void scan(const nav::walkable& w, vec3 point, std::vector<holding>& out) {
    out.clear();
    if (!nav::valid_query_point(point)) return;
    const vec3 q = w.to_plan(point);
    const double tol = nav::geometry_detail::tolerance({q.x, q.y});
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (!w.usable(p)) continue;
        const nav::box& b = w.plan_bounds(p);
        const bool in_bounds = q.x >= b.min.x - tol && q.x <= b.max.x + tol && q.y >= b.min.y - tol && q.y <= b.max.y + tol;
        if (!in_bounds || !(w.rectangle(p) || nav::contains(w, p, point))) continue;
        out.push_back({p, nav::height_at(w, p, point)});
    }
}
std::optional<nav::located> pick(const nav::walkable& w, vec3 point, const std::vector<holding>& held, float height_tolerance) {
    const vec3 q = w.to_plan(point);
    nav::located best;
    float best_gap = height_tolerance;
    for (const holding& h : held) {
        const float gap = navspan_test::ieee_f32(std::fabs(h.height - q.z));
        if (!(gap <= best_gap) || (best.polygon != nav::no_polygon && gap == best_gap)) continue;
        best_gap = gap;
        best = {h.polygon, w.to_world({q.x, q.y, h.height}), gap, gap};
    }
    if (best.polygon == nav::no_polygon) return std::nullopt;
    return best;
}

// What nearest() promises, by looking at every polygon: the usable
// polygon whose closest point is nearest, within the distance; of equal
// distances the lowest index.
std::optional<nav::nearest_polygon> nearest_by_scan(const nav::walkable& w, vec3 point, float max_distance) {
    if (!nav::valid_query_point(point)) return std::nullopt;
    nav::nearest_polygon best;
    double best_d = max_distance;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (!w.usable(p)) continue;
        const vec3 on = nav::closest_point(w, p, point);
        const double d = navspan_test::ieee_f64(nav::distance(on, point));
        if (!(d <= best_d) || (best.polygon != nav::no_polygon && d == best_d)) continue;
        best_d = d;
        best = {p, on, std::fabs(w.up_of(on) - w.up_of(point)), static_cast<float>(d)};
    }
    if (best.polygon == nav::no_polygon) return std::nullopt;
    return best;
}

bool same_answer(const std::optional<nav::located>& a, const std::optional<nav::located>& b) {
    return a.has_value() == b.has_value() &&
           (!a || (a->polygon == b->polygon && a->point == b->point && a->height_gap == b->height_gap &&
                   a->distance == b->distance));
}

std::string exact(vec3 p) {
    char text[96];
    std::snprintf(text, sizeof text, "%.9g, %.9g, %.9g", static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z));
    return text;
}

struct lcg {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    std::uint32_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(s >> 33);
    }
    float unit() { return static_cast<float>(next() % 1000001) * 1e-6f; }
};

// The points asked of one walkable (world coordinates).
std::vector<vec3> points_for(const nav::walkable& w, float height_tolerance) {
    std::vector<vec3> out;
    std::vector<nav::polygon_index> usable;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (w.usable(p)) usable.push_back(p);
    }
    if (usable.empty()) return out;
    // About 150 polygons a map (a quarter under the sanitizers), each with
    // its centre, corners and side midpoints moved to either side of the
    // plan tolerance (0.001).
    const std::size_t stride = usable.size() / navspan_test::sample_size(150) + 1;
    const float nudges[] = {0.0f, 0.0005f, 0.00099f, 0.00101f, 0.002f, -0.00099f, -0.00101f};
    for (std::size_t k = 0; k < usable.size(); k += stride) {
        const nav::polygon_index p = usable[k];
        const vec3 c = w.to_plan(nav::centre(w, p));
        for (float dz : {0.0f, 0.5f, height_tolerance, height_tolerance * 1.001f, -height_tolerance}) {
            out.push_back(w.to_world({c.x, c.y, c.z + dz}));
        }
        const auto corners = w.plan_corners(p);
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const vec3 a = corners[i], b = corners[(i + 1) % corners.size()];
            const vec3 mid{(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
            // Outward from the centre, along x, y and the diagonal.
            const float sx = a.x >= c.x ? 1.0f : -1.0f, sy = a.y >= c.y ? 1.0f : -1.0f;
            const float mx = mid.x >= c.x ? 1.0f : -1.0f, my = mid.y >= c.y ? 1.0f : -1.0f;
            for (float d : nudges) {
                out.push_back(w.to_world({a.x + sx * d, a.y, a.z + 0.25f}));
                out.push_back(w.to_world({a.x, a.y + sy * d, a.z + 0.25f}));
                out.push_back(w.to_world({a.x + sx * d * 0.7071f, a.y + sy * d * 0.7071f, a.z}));
                out.push_back(w.to_world({mid.x + mx * d, mid.y, mid.z}));
                out.push_back(w.to_world({mid.x, mid.y + my * d, mid.z}));
            }
            // On the corner exactly, and one float step beyond it.
            out.push_back(w.to_world({std::nextafter(a.x, sx * INFINITY), std::nextafter(a.y, sy * INFINITY), a.z}));
        }
    }
    // Random points in the bounds (and a little around them), heights too.
    const nav::box b = w.plan_bounds();
    const float mx = (b.max.x - b.min.x) * 0.05f + 1, my = (b.max.y - b.min.y) * 0.05f + 1;
    lcg r;
    for (std::size_t i = 0; i < navspan_test::sample_size(1000); ++i) {
        out.push_back(w.to_world({b.min.x - mx + (b.max.x - b.min.x + 2 * mx) * r.unit(),
                                  b.min.y - my + (b.max.y - b.min.y + 2 * my) * r.unit(),
                                  b.min.z - 10 + (b.max.z - b.min.z + 20) * r.unit()}));
    }
    return out;
}

std::size_t mismatches = 0;
double least_bytes = 1e9, most_bytes = 0;  // index bytes per usable polygon, over the corpus
std::size_t with_oversize = 0;             // walkables with polygons in the short list

void check_walkable(const nav::walkable& w, const std::string& name) {
    CAPTURE(name);
    const auto index = nav::spatial_index::build(w);
    std::size_t usable = 0;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) usable += w.usable(p) ? 1u : 0u;
    CHECK(index.memory_bytes() <= 120 * usable + 64);
    if (usable > 0) {
        const double per = static_cast<double>(index.memory_bytes()) / static_cast<double>(usable);
        least_bytes = std::min(least_bytes, per);
        most_bytes = std::max(most_bytes, per);
        with_oversize += index.oversize_count() > 0 ? 1u : 0u;
    }
    std::vector<std::uint32_t> words(nav::spatial_index::words_needed(w));
    const auto in_caller_memory = nav::spatial_index::build_into(w, words);
    const float scale = w.up_axis() == nav::axis::y ? 1.0f / 32 : 1.0f;  // Fox: metres
    const float tolerances[] = {64.0f * scale, 0.0f, 1e9f};
    std::vector<holding> held;
    for (const vec3& point : points_for(w, tolerances[0])) {
        scan(w, point, held);
        for (float height_tolerance : tolerances) {
            const auto want = pick(w, point, held, height_tolerance);
            const auto got = index.locate(point, height_tolerance);
            const auto again = in_caller_memory.locate(point, height_tolerance);
            const bool same = same_answer(want, got) && same_answer(got, again);
            if (!same && ++mismatches <= 20) {
                CAPTURE("locate");
                CAPTURE(exact(point));
                CAPTURE(height_tolerance);
                CHECK(want.has_value() == got.has_value());
                if (want && got) CHECK(want->polygon == got->polygon);
                CHECK(same);
            }
        }
    }
    // nearest() on some of the same points (a scan costs a closest point
    // per polygon): centres, points beside corners, random points.
    const std::vector<vec3> points = points_for(w, 0);
    const std::size_t step = points.size() / navspan_test::sample_size(200) + 1;
    for (std::size_t k = 0; k < points.size(); k += step) {
        const vec3 point = points[k];
        for (float radius : {200.0f * scale, 1e9f}) {
            const auto want = nearest_by_scan(w, point, radius);
            const auto got = index.nearest(point, radius);
            if (!same_answer(want, got) && ++mismatches <= 20) {
                CAPTURE("nearest");
                CAPTURE(exact(point));
                CAPTURE(radius);
                CHECK(want.has_value() == got.has_value());
                if (want && got) CHECK(want->polygon == got->polygon);
                CHECK(same_answer(want, got));
            }
        }
    }
}

}  // namespace locate_test
}  // namespace

TEST_CASE("nav locate and nearest: the same answer as a scan of every polygon, on every corpus map") {
    const char* folders[] = {"source-nav", "source2-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    std::size_t walkables = 0;
    for (const char* folder_name : folders) {
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name, [](const nav::walkable& w, const std::string& name, const nav::plugin_space*) {
                locate_test::check_walkable(w, name);
            });
    }
    CHECK(locate_test::mismatches == 0);
    MESSAGE(walkables << " walkables checked; index " << locate_test::least_bytes << " to " << locate_test::most_bytes
                      << " bytes per polygon; " << locate_test::with_oversize << " with polygons in the short list");
}

TEST_CASE("nav locate and nearest: storeys of sloped Source areas (records, height slices) answer as a scan") {
    // Six storeys 100 units apart of Source areas (rectangles with four
    // corner heights, up to 40 units of slope), overlapping in plan from
    // storey to storey, and a few triangles among them: locate() reads the
    // areas from the index's records and both queries pass over entries by
    // the slices of their cells' heights, which must never drop the answer
    // a scan gives, at any tolerance or distance.
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    locate_test::lcg r;
    std::uint32_t id = 1;
    for (int storey = 0; storey < 6; ++storey) {
        for (int i = 0; i < 12; ++i) {
            for (int j = 0; j < 12; ++j) {
                const float x = 50.0f * static_cast<float>(i) + 7.0f * static_cast<float>(storey);
                const float y = 50.0f * static_cast<float>(j) - 5.0f * static_cast<float>(storey);
                const float z = 100.0f * static_cast<float>(storey);
                const float w = 30 + 20 * r.unit(), h = 30 + 20 * r.unit();
                if ((i + j + storey) % 17 == 0) {
                    const vec3 tri[] = {{x, y, z}, {x + w, y, z + 10}, {x, y + h, z + 5}};
                    b.add_polygon({id++, 0}, tri);
                    continue;
                }
                const vec3 c[] = {{x, y, z + 40 * r.unit()}, {x + w, y, z + 40 * r.unit()},
                                  {x + w, y + h, z + 40 * r.unit()}, {x, y + h, z + 40 * r.unit()}};
                b.add_polygon({id++, 0}, c, nav::surface::corner_heights);
            }
        }
    }
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    std::vector<std::uint32_t> words(nav::spatial_index::words_needed(w));
    const auto in_caller_memory = nav::spatial_index::build_into(w, words);
    std::vector<locate_test::holding> held;
    std::size_t found = 0, wrong = 0;
    for (int k = 0; k < 3000; ++k) {
        const vec3 p{-20 + 700 * r.unit(), -50 + 700 * r.unit(), -60 + 660 * r.unit()};
        locate_test::scan(w, p, held);
        for (const float tolerance : {0.0f, 10.0f, 64.0f, 1e9f, std::numeric_limits<float>::infinity()}) {
            const auto want = locate_test::pick(w, p, held, tolerance);
            found += want.has_value();
            wrong += !locate_test::same_answer(want, index.locate(p, tolerance)) ||
                     !locate_test::same_answer(want, in_caller_memory.locate(p, tolerance));
        }
        if (k % 5 != 0) continue;
        for (const float radius : {20.0f, 60.0f, 120.0f, 1e9f}) {
            const auto want = locate_test::nearest_by_scan(w, p, radius);
            wrong += !locate_test::same_answer(want, index.nearest(p, radius)) ||
                     !locate_test::same_answer(want, in_caller_memory.nearest(p, radius));
        }
    }
    CHECK(wrong == 0);
    CHECK(found > 3000);
}

TEST_CASE("nav locate: equal gaps give the lowest polygon index, wherever the index keeps the polygons") {
    // Two coincident squares over many small ones: the large pair may sit in
    // the cells or in the short list; either way the first of them wins.
    nav::walkable_builder b(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z);
    constexpr std::uint32_t side = 40;
    for (std::uint32_t i = 0; i < side * side; ++i) {
        const float x = 10.0f * static_cast<float>(i % side), y = 10.0f * static_cast<float>(i / side);
        const vec3 c[] = {{x, y, 5}, {x + 10, y, 5}, {x + 10, y + 10, 5}, {x, y + 10, 5}};
        b.add_polygon({i, 0}, c);
    }
    for (std::uint32_t i = 0; i < 300; ++i) {
        const auto c = square(0, 0, 0, 400);
        b.add_polygon({side * side + i, 0}, c);
    }
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    CHECK(index.oversize_count() > 0);
    const auto at = index.locate({123, 321, 1}, 10);
    REQUIRE(at);
    CHECK(at->polygon == side * side);  // gap 1, before the squares at gap 4
    const auto on_small = index.locate({123, 321, 4.5f}, 10);
    REQUIRE(on_small);
    CHECK(on_small->polygon == 12 + 32 * side);
}

TEST_CASE("nav walkable: a polygon keeps every corner and every link, however many") {
    // A Source 2 (v30) area may have any number of corners; keeping only the
    // first 255 of a 60,000-corner circle answered "no polygon" at its
    // centre and drew it whole (issue 35, H9).
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    constexpr std::uint32_t corners = 60000;
    std::vector<vec3> ring;
    ring.reserve(corners);
    for (std::uint32_t i = 0; i < corners; ++i) {
        const double t = 6.283185307179586 * static_cast<double>(i) / corners;
        ring.push_back({static_cast<float>(1000 * std::cos(t)), static_cast<float>(1000 * std::sin(t)), 0});
    }
    const nav::polygon_index big = b.add_polygon({1, 0}, ring);
    // 70,000 links out of one polygon (more than a 16-bit count holds).
    const auto tiny = square(2000, 0, 0, 1);
    const nav::polygon_index other = b.add_polygon({2, 0}, tiny);
    for (int i = 0; i < 70000; ++i) b.add_link(big, other, nav::link_kind::walk, {1000, 0, 0}, {1000, 0, 0});
    const nav::walkable w = b.finish();
    CHECK(w.corner_count(big) == corners);
    CHECK(w.links(big).size() == 70000);
    const auto index = nav::spatial_index::build(w);
    const auto at = index.locate({0, 0, 10}, 72);
    REQUIRE(at);
    CHECK(at->polygon == big);
    const auto inside_last_corners = index.locate({990, -5, 0}, 72);  // near corner 59,999's side
    REQUIRE(inside_last_corners);
    CHECK(inside_last_corners->polygon == big);
}

TEST_CASE("nav locate and nearest: a stack of coincident huge polygons is looked at once") {
    // Thousands of areas on one polygon that covers the map (Source 2 areas
    // share polygons): the queries look at the first of the stack only, and
    // answer what a scan of every polygon answers (issue 35, H5).
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    constexpr std::uint32_t side = 30, stacked = 5000;
    for (std::uint32_t i = 0; i < side * side; ++i) {
        const float x = 100.0f * static_cast<float>(i % side), y = 100.0f * static_cast<float>(i / side);
        const vec3 c[] = {{x, y, 5}, {x + 1, y, 5}, {x + 1, y + 1, 5}, {x, y + 1, 5}};
        b.add_polygon({i, 0}, c);
    }
    const vec3 sliver[] = {{0, 0, 0}, {1, 0, 0}, {3000, 3000, 0}};
    const auto big = square(0, 0, 20, 3000);
    for (std::uint32_t i = 0; i < stacked; ++i) {
        b.add_polygon({side * side + i, 0}, i % 2 ? std::span<const vec3>(big) : std::span<const vec3>(sliver));
    }
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    CHECK(index.oversize_count() == stacked);
    CHECK(index.oversize_distinct_count() == 2);
    auto scan_locate = [&](vec3 q, float tolerance) {
        nav::polygon_index best = nav::no_polygon;
        float best_gap = tolerance;
        for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
            if (!navspan::nav::geometry_detail::plan_contains(w.plan_corners(p), {q.x, q.y})) continue;
            const float gap = std::fabs(static_cast<float>(navspan::nav::geometry_detail::plan_height(w, p, {q.x, q.y})) - q.z);
            if (gap < best_gap || (gap == best_gap && best == nav::no_polygon)) best = p, best_gap = gap;
        }
        return best;
    };
    for (const vec3 q : {vec3{1500, 1500, 1}, vec3{1500, 1500, 19}, vec3{0.5f, 0.5f, 6}, vec3{2000, 100, 0}}) {
        const auto at = index.locate(q, 1000);
        CHECK((at ? at->polygon : nav::no_polygon) == scan_locate(q, 1000));
    }
    const auto above = index.locate({1500, 1500, 19}, 1000);
    REQUIRE(above);
    CHECK(above->polygon == side * side + 1);  // the first square of the stack
    const auto on_sliver = index.nearest({1500, 1500, 0}, 10);
    REQUIRE(on_sliver);
    CHECK(on_sliver->polygon == side * side);  // the first sliver
    // Box queries still list every polygon of the stack.
    std::size_t seen = 0;
    index.query({{1400, 1400, -100}, {1600, 1600, 100}}, [&](nav::polygon_index p) { seen += p >= side * side; });
    CHECK(seen == stacked);
}

TEST_CASE("nav locate: each half of a crowded cell, and a cell with more entries than 10 bits count") {
    // Source areas of side 1 stacked one unit apart in height, the even ones
    // in the left half of the grid's first cell and the odd ones in its
    // right half, and one more far away: locate() reads only the entries
    // that may reach the point's half (the cell keeps where they start and
    // end in 10 bits each, or says "all" when the cell has more entries
    // than that). nearest() passes over such a cell only when none of its
    // entries reaches the slices of heights within its distance.
    for (const std::uint32_t stacked : {std::uint32_t{1000}, std::uint32_t{2000}}) {
        CAPTURE(stacked);
        nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
        for (std::uint32_t i = 0; i < stacked; ++i) {
            b.add_polygon({i, 0}, square(i % 2 == 0 ? 0.0f : 2.0f, 0, static_cast<float>(i), 1), nav::surface::corner_heights);
        }
        // Cells 3 to 4 units wide (about as many cells as polygons).
        const float away = stacked == 1000 ? 94.0f : 133.0f;
        b.add_polygon({stacked, 0}, square(away, away, 0, 1), nav::surface::corner_heights);
        const nav::walkable w = b.finish();
        const auto index = nav::spatial_index::build(w);
        REQUIRE(index.oversize_count() == 0);
        for (std::uint32_t i = 0; i < stacked; i += 97) {
            const float x = i % 2 == 0 ? 0.5f : 2.5f, z = static_cast<float>(i) + 0.25f;
            const auto at = index.locate({x, 0.5f, z}, 0.5f);
            REQUIRE(at);
            CHECK(at->polygon == i);
            CHECK(!index.locate({1.5f, 0.5f, z}, 0.5f));  // between the two stacks
            const auto near = index.nearest({x, 0.5f, z + 0.25f}, 0.75f);
            REQUIRE(near);
            CHECK(near->polygon == i);
        }
        CHECK(!index.nearest({0.5f, 0.5f, -10.0f}, 5.0f));  // below the stacks, within the cell's columns
        CHECK(!index.nearest({0.5f, 0.5f, static_cast<float>(stacked) + 10.0f}, 5.0f));  // above
    }
}

TEST_CASE("nav locate: the tolerance left out is infinity, as the command, the C ABI and Python take it") {
    // Two storeys of one square each, 100 apart, and a point in the air
    // above both: the default finds the upper one as infinity does, and a
    // player's height (72) finds none.
    nav::walkable_builder b(nav::id_scheme::source_area, nav::axis::z);
    add_square(b, 1, 0, 0, 0);    // the ground
    add_square(b, 2, 0, 0, 100);  // the upper storey
    const nav::walkable w = b.finish();
    const auto index = nav::spatial_index::build(w);
    const float any = std::numeric_limits<float>::infinity();
    const float heights[] = {-5000, -1, 0, 30, 49, 51, 100, 172, 173, 5000};
    for (const float z : heights) {
        CAPTURE(z);
        const vec3 p{50, 50, z};
        const auto by_default = index.locate(p), with_any = index.locate(p, any);
        REQUIRE(by_default.has_value() == with_any.has_value());
        REQUIRE(by_default);
        CHECK(by_default->polygon == with_any->polygon);
        CHECK(navspan_test::ieee_f32(by_default->point.z) == navspan_test::ieee_f32(with_any->point.z));
        CHECK(navspan_test::ieee_f32(by_default->distance) == navspan_test::ieee_f32(with_any->distance));
    }
    const auto high = index.locate({50, 50, 500});
    REQUIRE(high);
    CHECK(high->polygon == 1);  // the upper storey, 400 below the point
    CHECK(!index.locate({50, 50, 500}, 72));
    CHECK(!index.locate({150, 50, 0}));  // over no polygon: none at any height

    // And on a real map: polygon centres lifted by 0 to 10,000 units.
    navspan_test::for_each_corpus_walkable("source-nav", [&](const nav::walkable& m, const std::string&,
                                                             const nav::plugin_space*) {
        const auto idx = nav::spatial_index::build(m);
        const std::size_t step = std::max<std::size_t>(1, m.polygon_count() / 64);
        for (std::size_t i = 0; i < m.polygon_count(); i += step) {
            const auto p = static_cast<nav::polygon_index>(i);
            if (!m.usable(p)) continue;
            const vec3 c = m.corner(p, 0);
            for (const float lift : {0.0f, 40.0f, 500.0f, 10000.0f}) {
                const vec3 q{c.x, c.y, c.z + lift};
                const auto d = idx.locate(q), a = idx.locate(q, any);
                REQUIRE(d.has_value() == a.has_value());
                if (d) CHECK(d->polygon == a->polygon);
            }
        }
    });
}

}  // namespace nav_locate_test
