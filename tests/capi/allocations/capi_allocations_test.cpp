// What navspan.h promises about memory: with a scratch, the path and graph
// searches allocate nothing once the scratch has grown to the mesh (the
// first call of a kind may grow it; the search graph is built once per
// mesh). Counted with the test support's operator new, which the static
// library's C++ code calls too (the program links navspan_c_static).
//
// usage: navspan_test_capi_allocations SAMPLES_FOLDER
#include <navspan/c/navspan.h>

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "support/alloc_counter.hpp"

namespace {

const char* const samples[] = {"sample_v16_cstrike.nav", "sample_v18.nav", "fox_sample.nav2", "sample_skyrim.esp"};

std::string sample_path(const char* name) {
    return std::string(NAVSPAN_SOURCE_DIR) + "/examples/samples/" + name;
}

// The polygons a search may start from or end on.
std::vector<std::uint32_t> usable_polygons(const navspan_mesh* mesh) {
    const std::uint32_t n = navspan_mesh_polygon_count(mesh);
    std::vector<navspan_polygon> table(n);
    std::vector<std::uint32_t> usable;
    if (n == 0 || navspan_mesh_polygons(mesh, 0, n, table.data()) != navspan_result_success) return usable;
    for (std::uint32_t p = 0; p < n; ++p) {
        if (table[p].usable != 0) usable.push_back(p);
    }
    return usable;
}

// One round of every scratch-taking search between the first and the last
// usable polygon, into caller storage sized once.
struct searches {
    const navspan_mesh* mesh;
    navspan_scratch* scratch;
    std::uint32_t from, to;
    std::vector<std::uint32_t> corridor;
    std::vector<float> waypoints, costs;
    std::vector<navspan_reached> reached;

    void run() {
        navspan_path_request request;
        navspan_path_request_init(&request);
        request.start = from;
        request.goal = to;
        request.corridor = corridor.data();
        request.corridor_capacity = corridor.size();
        request.waypoints = waypoints.data();
        request.waypoint_capacity = waypoints.size() / 3;
        navspan_path_result result{};
        result.size = sizeof result;
        const navspan_result plain = navspan_find_path(mesh, scratch, &request, &result);
        CHECK((plain == navspan_result_success || plain == navspan_result_no_path));
        const navspan_result exact = navspan_find_exact_path(mesh, scratch, &request, &result);
        CHECK((exact == navspan_result_success || exact == navspan_result_no_path));
        const navspan_result scaled = navspan_find_path_scaled(mesh, scratch, &request, 0.0f, &result);
        CHECK((scaled == navspan_result_success || scaled == navspan_result_no_path));
        std::size_t count = 0;
        CHECK(navspan_distance_field(mesh, scratch, &from, nullptr, 1, INFINITY, costs.data(), costs.size(), &count) ==
              navspan_result_success);
        CHECK(navspan_distance_field_model(mesh, scratch, &from, nullptr, 1, INFINITY, navspan_field_polygon, costs.data(),
                                           costs.size(), &count) == navspan_result_success);
        CHECK(navspan_reach(mesh, scratch, from, nullptr, INFINITY, reached.data(), reached.size(), &count) ==
              navspan_result_success);
        float cost = 0;
        const navspan_result d = navspan_distance(mesh, scratch, from, nullptr, to, nullptr, &cost);
        CHECK((d == navspan_result_success || d == navspan_result_no_path));
        // The any-angle shortest path's model: the path, its distance, field, reach and nearest goal.
        const navspan_result shortest = navspan_find_path_model(mesh, scratch, &request, navspan_path_shortest, &result);
        CHECK((shortest == navspan_result_success || shortest == navspan_result_no_path));
        CHECK(navspan_distance_model(mesh, scratch, from, nullptr, to, nullptr, navspan_path_shortest, &cost) == shortest);
        CHECK(navspan_distance_field_model(mesh, scratch, &from, nullptr, 1, INFINITY, navspan_field_shortest, costs.data(),
                                           costs.size(), &count) == navspan_result_success);
        CHECK(navspan_reach_model(mesh, scratch, from, nullptr, INFINITY, navspan_field_shortest, reached.data(),
                                  reached.size(), &count) == navspan_result_success);
        navspan_nearest_goal nearest{};
        nearest.size = sizeof nearest;
        const std::uint32_t goals[] = {to, from};
        CHECK(navspan_find_nearest_goal_model(mesh, scratch, from, nullptr, goals, nullptr, 2, navspan_path_shortest,
                                              corridor.data(), corridor.size(), &nearest) == navspan_result_success);
    }
};

}  // namespace

TEST_CASE("C ABI: with a scratch, the searches allocate nothing after the first round") {
    for (const char* name : samples) {
        CAPTURE(name);
        navspan_file* file = nullptr;
        REQUIRE(navspan_open_path(sample_path(name).c_str(), nullptr, &file, nullptr) == navspan_result_success);
        navspan_mesh* mesh = nullptr;
        REQUIRE(navspan_mesh_create(file, 0, &mesh, nullptr) == navspan_result_success);
        navspan_scratch* scratch = nullptr;
        REQUIRE(navspan_scratch_create(mesh, &scratch) == navspan_result_success);
        const std::vector<std::uint32_t> usable = usable_polygons(mesh);
        REQUIRE(usable.size() >= 2);
        const std::size_t n = navspan_mesh_polygon_count(mesh);
        // Room for any path: each polygon once, an exact corridor once more,
        // and the funnel's bound on its points (docs/c_api.md).
        searches s{mesh, scratch, usable.front(), usable.back(), std::vector<std::uint32_t>(2 * n + 2),
                   std::vector<float>(3 * (3 * (2 * n + 2) + 2)), std::vector<float>(n), std::vector<navspan_reached>(n)};
        {
            // The first round grows the scratch and builds the mesh's search
            // graph: the counter sees the library's allocations.
            const navspan_test::allocation_scope first;
            s.run();
            CHECK(first.count() > 0);
        }
        const navspan_test::allocation_scope scope;
        for (int round = 0; round < 3; ++round) s.run();
        CHECK(scope.count() == 0);
        navspan_scratch_destroy(scratch);
        navspan_mesh_destroy(mesh);
        navspan_close(file);
    }
}
