// navspan::nav::distance_field: from one start equal to reach() on the
// samples and the corpus; from several starts, each polygon's cost the
// least of the single-start fields; cost hooks; refusals; no allocation
// per call. The walkable overload (find_path's model): equal to what
// find_path (heuristic_scale 0) gives each polygon, never below the exact
// field, and the same refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/navspan.hpp>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_walkables.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace nav_distance_field_test {

namespace {

namespace nav = navspan::nav;
using navspan::vec3;

// A few usable polygons spread over the mesh (first, middle, last usable
// from those points on), as the starts of the checks below.
std::vector<nav::polygon_index> spread_starts(const nav::walkable& w, std::size_t want) {
    std::vector<nav::polygon_index> starts;
    const std::size_t n = w.polygon_count();
    for (std::size_t k = 0; k < want && n > 0; ++k) {
        for (std::size_t p = k * n / want; p < n; ++p) {
            if (w.usable(static_cast<nav::polygon_index>(p))) {
                starts.push_back(static_cast<nav::polygon_index>(p));
                break;
            }
        }
    }
    return starts;
}

// Checks one walkable: the field from each start holds exactly what reach
// lists (within a cost too), and the field from all the starts is the
// least of theirs. Returns how many polygons were compared.
std::size_t check_walkable(const nav::walkable& w) {
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch scratch(graph);
    const auto starts = spread_starts(w, 3);
    const std::size_t n = w.polygon_count();
    std::vector<nav::reached_polygon> reached(n);
    std::vector<float> field(n), least(n, INFINITY);
    std::vector<nav::goal_point> points;
    std::size_t compared = 0;
    for (nav::polygon_index start : starts) {
        const vec3 at = nav::centre(w, start);
        points.push_back({start, at});
        const nav::goal_point one[] = {{start, at}};
        for (float max_cost : {INFINITY, 500.0f}) {
            const auto by_reach = nav::reach(graph, start, at, max_cost, reached, scratch);
            REQUIRE(by_reach.status == nav::search_status::found);
            REQUIRE(by_reach.complete);
            const auto r = nav::distance_field(graph, one, max_cost, field, scratch);
            REQUIRE(r.status == nav::search_status::found);
            CHECK(r.reached == by_reach.count);
            std::vector<float> expect(n, INFINITY);
            for (std::size_t i = 0; i < by_reach.count; ++i) expect[reached[i].polygon] = reached[i].cost;
            std::size_t differ = 0;
            for (std::size_t p = 0; p < n; ++p) differ += !(field[p] == expect[p]);
            CHECK(differ == 0);
            compared += n;
            if (max_cost == INFINITY) {
                for (std::size_t p = 0; p < n; ++p) least[p] = std::min(least[p], field[p]);
            }
        }
    }
    if (points.size() >= 2) {
        const auto r = nav::distance_field(graph, points, INFINITY, field, scratch);
        REQUIRE(r.status == nav::search_status::found);
        std::size_t differ = 0;
        for (std::size_t p = 0; p < n; ++p) differ += !(field[p] == least[p]);
        CHECK(differ == 0);
        compared += n;
    }
    return compared;
}


// Within float noise: the two models add the same steps in another order.
bool about(float a, float b) {
    return std::fabs(a - b) <= 1e-3f * std::max(1.0f, std::fabs(b));
}

// The cost find_path (heuristic_scale 0) gives polygon `goal` on its way
// from `start`: the least over the links into it of the cost to the goal
// point put on that link's portal midpoint (where the field enters it).
float find_path_cost(const nav::walkable& w, nav::polygon_index start, vec3 at, nav::polygon_index goal,
                     nav::path_scratch& scratch) {
    float best = INFINITY;
    for (std::size_t q = 0; q < w.polygon_count(); ++q) {
        for (const nav::link& l : w.links(static_cast<nav::polygon_index>(q))) {
            if (l.target != goal) continue;
            const vec3 mid{(l.portal_a.x + l.portal_b.x) * 0.5f, (l.portal_a.y + l.portal_b.y) * 0.5f,
                           (l.portal_a.z + l.portal_b.z) * 0.5f};
            const auto found = nav::find_path(w, start, at, goal, w.to_world(mid), scratch, nav::distance_cost{}, 0.0f);
            if (found.status == nav::path_status::found) best = std::min(best, found.cost);
        }
    }
    return best;
}

double extra_sum = 0, extra_max = 0;
std::size_t extra_n = 0, off_least = 0;

// Checks the walkable overload on one walkable: from each start, 0 on the
// start, never below the exact field, and on some polygons equal to what
// find_path gives them; from all the starts, never below the least of the
// single-start fields. Returns how many polygons were compared.
std::size_t check_polygon_model(const nav::walkable& w) {
    const auto graph = nav::search_graph::build(w);
    nav::search_scratch exact_scratch(graph);
    nav::path_scratch scratch(w);
    const auto starts = spread_starts(w, 3);
    const std::size_t n = w.polygon_count();
    std::vector<float> exact(n), field(n), least(n, INFINITY);
    std::vector<nav::goal_point> points;
    std::size_t compared = 0, below = 0, differ = 0, sampled = 0;
    for (nav::polygon_index start : starts) {
        const vec3 at = nav::centre(w, start);
        points.push_back({start, at});
        const nav::goal_point one[] = {{start, at}};
        REQUIRE(nav::distance_field(graph, one, INFINITY, exact, exact_scratch).status == nav::search_status::found);
        const auto r = nav::distance_field(w, one, INFINITY, field, scratch);
        REQUIRE(r.status == nav::search_status::found);
        CHECK(field[start] == 0.0f);
        std::size_t finite = 0;
        for (std::size_t p = 0; p < n; ++p) {
            below += field[p] < exact[p] && !about(field[p], exact[p]);
            finite += field[p] != INFINITY;
            least[p] = std::min(least[p], field[p]);
        }
        CHECK(r.reached == finite);
        compared += n;
        // Some goals spread over the mesh: find_path's cost into each.
        for (std::size_t k = 1; k <= 8; ++k) {
            const auto goal = static_cast<nav::polygon_index>(k * (n - 1) / 8);
            if (goal == start || !w.usable(goal)) continue;
            const float by_path = find_path_cost(w, start, at, goal, scratch);
            ++sampled;
            differ += !(by_path == field[goal] || about(field[goal], by_path));
        }
        REQUIRE(nav::distance_field(w, one, INFINITY, field, scratch).status == nav::search_status::found);
    }
    CHECK(below == 0);
    CHECK(differ == 0);
    if (points.size() >= 2) {
        const auto r = nav::distance_field(w, points, INFINITY, field, scratch);
        REQUIRE(r.status == nav::search_status::found);
        // One state per polygon makes the field depend on which start got
        // to a polygon first (its entry point is kept for the way on), so
        // it is not the least of the single-start fields, only close to
        // it (how often it differs is counted); it is never below the exact field from the same starts.
        REQUIRE(nav::distance_field(graph, points, INFINITY, exact, exact_scratch).status == nav::search_status::found);
        std::size_t under = 0, off = 0;
        for (std::size_t p = 0; p < n; ++p) {
            under += field[p] < exact[p] && !about(field[p], exact[p]);
            off += !(field[p] == least[p] || about(field[p], least[p]));
            extra_sum += exact[p] > 0 && exact[p] != INFINITY ? double{field[p]} / exact[p] - 1 : 0.0;
            extra_max = std::max(extra_max, exact[p] > 0 && exact[p] != INFINITY ? double{field[p]} / exact[p] - 1 : 0.0);
            extra_n += exact[p] > 0 && exact[p] != INFINITY;
        }
        CHECK(under == 0);
        off_least += off;
        for (const auto& st : points) CHECK(field[st.polygon] == 0.0f);
        compared += n;
    }
    return compared + sampled;
}
}  // namespace

TEST_CASE("distance_field: equal to reach from one start, the least of the fields from several (samples)") {
    const char* samples[] = {"sample_v16_cstrike.nav", "sample_v18.nav", "fox_sample.nav2", "sample_skyrim.esp"};
    for (const char* name : samples) {
        CAPTURE(name);
        std::size_t compared = 0;
        const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples" / name);
        navspan_test::for_each_walkable_of(bytes, [&](const nav::walkable& w, const nav::plugin_space*) {
            compared += check_walkable(w);
        });
        CHECK(compared > 0);
    }
}

TEST_CASE("distance_field: equal to reach from one start, the least of the fields from several (corpus)") {
    const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins"};
    std::size_t walkables = 0, compared = 0;
    for (const char* folder_name : folders) {
        walkables += navspan_test::for_each_corpus_walkable(
            folder_name, [&](const nav::walkable& w, const std::string&, const nav::plugin_space*) { compared += check_walkable(w); });
    }
    MESSAGE(walkables << " walkables, " << compared << " polygon costs compared");
}

TEST_CASE("distance_field: refusals, and no allocation per call") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    const auto graph = nav::search_graph::build(*w);
    nav::search_scratch scratch(graph);
    const auto last = static_cast<nav::polygon_index>(w->polygon_count() - 1);
    const nav::goal_point starts[] = {{0, nav::centre(*w, 0)}, {last, nav::centre(*w, last)}};
    std::vector<float> field(w->polygon_count(), -1.0f);
    using nav::search_status;
    // Refused: the array is left as it was.
    CHECK(nav::distance_field(graph, {}, 100.0f, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(graph, starts, -1.0f, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(graph, starts, NAN, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(graph, starts, 100.0f, std::span<float>(field).first(field.size() - 1), scratch).status ==
          search_status::bad_input);
    const nav::goal_point outside[] = {{last + 1, starts[0].point}};
    CHECK(nav::distance_field(graph, outside, 100.0f, field, scratch).status == search_status::bad_input);
    const nav::goal_point bad_point[] = {{0, {INFINITY, 0, 0}}};
    CHECK(nav::distance_field(graph, bad_point, 100.0f, field, scratch).status == search_status::bad_input);
    nav::search_scratch unsized;
    CHECK(nav::distance_field(graph, starts, 100.0f, field, unsized).status == search_status::scratch_too_small);
    CHECK(std::all_of(field.begin(), field.end(), [](float c) { return c == -1.0f; }));
    // Within a cost: the starts at 0, nothing above the cost but infinity.
    const auto within = nav::distance_field(graph, starts, 300.0f, field, scratch);
    REQUIRE(within.status == search_status::found);
    CHECK(field[0] == 0.0f);
    CHECK(field[last] == 0.0f);
    CHECK(within.reached >= 2);
    CHECK(std::all_of(field.begin(), field.end(), [](float c) { return (c >= 0 && c <= 300.0f) || c == INFINITY; }));
    // Within 0: the starts alone.
    REQUIRE(last != 0);
    CHECK(nav::distance_field(graph, starts, 0.0f, field, scratch).reached == 2);
    CHECK(std::count(field.begin(), field.end(), INFINITY) == static_cast<std::ptrdiff_t>(field.size() - 2));
    // A cost hook: every step at twice its length doubles every cost
    // (exactly, in float); one forbidding every link leaves the starts.
    std::vector<float> plain(field.size()), doubled(field.size());
    REQUIRE(nav::distance_field(graph, starts, INFINITY, plain, scratch).status == search_status::found);
    const auto twice = [](const nav::walkable&, nav::polygon_index, const nav::link&, float length) { return 2 * length; };
    REQUIRE(nav::distance_field(graph, starts, INFINITY, doubled, scratch, twice).status == search_status::found);
    for (std::size_t p = 0; p < field.size(); ++p) CHECK(doubled[p] == 2 * plain[p]);
    const auto forbid = [](const nav::walkable&, nav::polygon_index, const nav::link&, float) { return -1.0f; };
    CHECK(nav::distance_field(graph, starts, INFINITY, field, scratch, forbid).reached == 2);
    std::size_t reached = 0;
    navspan_test::allocation_scope scope;
    for (int i = 0; i < 10; ++i) reached += nav::distance_field(graph, starts, INFINITY, field, scratch).reached;
    CHECK(scope.count() == 0);
    CHECK(reached > 0);
}

TEST_CASE("distance_field (walkable): find_path's costs, never below the exact field (samples and corpus)") {
    const char* samples[] = {"sample_v16_cstrike.nav", "sample_v18.nav", "fox_sample.nav2", "sample_skyrim.esp"};
    std::size_t compared = 0;
    for (const char* name : samples) {
        CAPTURE(name);
        const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples" / name);
        navspan_test::for_each_walkable_of(bytes, [&](const nav::walkable& w, const nav::plugin_space*) {
            compared += check_polygon_model(w);
        });
    }
    CHECK(compared > 0);
    const auto walkables = navspan_test::for_each_corpus_walkable(
        "source-nav", [&](const nav::walkable& w, const std::string& file, const nav::plugin_space*) {
            CAPTURE(file);
            compared += check_polygon_model(w);
        });
    MESSAGE(walkables << " corpus walkables, " << compared << " polygon costs compared; above the exact field by "
                      << 100 * extra_sum / static_cast<double>(std::max<std::size_t>(extra_n, 1)) << "% on average, "
                      << 100 * extra_max << "% at most; from several starts, " << off_least
                      << " polygons off the least of the single-start fields");
}

TEST_CASE("distance_field (walkable): refusals, and no allocation per call") {
    const auto bytes = navspan_test::read_file(std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/sample_v16_cstrike.nav");
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    nav::path_scratch scratch(*w);
    const auto last = static_cast<nav::polygon_index>(w->polygon_count() - 1);
    const nav::goal_point starts[] = {{0, nav::centre(*w, 0)}, {last, nav::centre(*w, last)}};
    std::vector<float> field(w->polygon_count(), -1.0f);
    using nav::search_status;
    CHECK(nav::distance_field(*w, {}, 100.0f, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(*w, starts, -1.0f, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(*w, starts, NAN, field, scratch).status == search_status::bad_input);
    CHECK(nav::distance_field(*w, starts, 100.0f, std::span<float>(field).first(field.size() - 1), scratch).status ==
          search_status::bad_input);
    const nav::goal_point outside[] = {{last + 1, starts[0].point}};
    CHECK(nav::distance_field(*w, outside, 100.0f, field, scratch).status == search_status::bad_input);
    const nav::goal_point bad_point[] = {{0, {INFINITY, 0, 0}}};
    CHECK(nav::distance_field(*w, bad_point, 100.0f, field, scratch).status == search_status::bad_input);
    nav::path_scratch unsized;
    CHECK(nav::distance_field(*w, starts, 100.0f, field, unsized).status == search_status::scratch_too_small);
    CHECK(std::all_of(field.begin(), field.end(), [](float c) { return c == -1.0f; }));
    // Within a cost, and within 0: the starts alone.
    const auto within = nav::distance_field(*w, starts, 300.0f, field, scratch);
    REQUIRE(within.status == search_status::found);
    CHECK(field[0] == 0.0f);
    CHECK(field[last] == 0.0f);
    CHECK(std::all_of(field.begin(), field.end(), [](float c) { return (c >= 0 && c <= 300.0f) || c == INFINITY; }));
    REQUIRE(last != 0);
    CHECK(nav::distance_field(*w, starts, 0.0f, field, scratch).reached == 2);
    // A hook doubling every step doubles every cost; one forbidding every
    // link leaves the starts.
    std::vector<float> plain(field.size()), doubled(field.size());
    REQUIRE(nav::distance_field(*w, starts, INFINITY, plain, scratch).status == search_status::found);
    const auto twice = [](const nav::walkable&, nav::polygon_index, const nav::link&, float length) { return 2 * length; };
    REQUIRE(nav::distance_field(*w, starts, INFINITY, doubled, scratch, twice).status == search_status::found);
    for (std::size_t p = 0; p < field.size(); ++p) CHECK(doubled[p] == 2 * plain[p]);
    const auto forbid = [](const nav::walkable&, nav::polygon_index, const nav::link&, float) { return -1.0f; };
    CHECK(nav::distance_field(*w, starts, INFINITY, field, scratch, forbid).reached == 2);
    std::size_t reached = 0;
    navspan_test::allocation_scope scope;
    for (int i = 0; i < 10; ++i) reached += nav::distance_field(*w, starts, INFINITY, field, scratch).reached;
    CHECK(scope.count() == 0);
    CHECK(reached > 0);
}

}  // namespace nav_distance_field_test
