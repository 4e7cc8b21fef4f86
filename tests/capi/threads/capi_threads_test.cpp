// The C ABI's graph searches from several threads at once on one mesh whose
// search graph is not built yet: the first searches race to build it
// (navspan_mesh::graph, under std::call_once), and every thread, each with
// its own scratch, must get what one thread alone gets.
//
// usage: navspan_test_capi_threads FILE...
#include <navspan/c/navspan.h>

#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>
#include "../check.h"

namespace {


// What one thread computes: the field from polygon `start`, and the
// distance from it to the last polygon.
struct answer {
    navspan_result field_status = navspan_result_internal;
    navspan_result distance_status = navspan_result_internal;
    std::vector<float> field;
    float distance = 0;
};

answer search(const navspan_mesh* mesh, std::uint32_t start) {
    answer a;
    const std::uint32_t n = navspan_mesh_polygon_count(mesh);
    a.field.assign(n, -1.0f);
    navspan_scratch* scratch = nullptr;
    if (navspan_scratch_create(mesh, &scratch) != navspan_result_success) return a;
    a.field_status = navspan_distance_field(mesh, scratch, &start, nullptr, 1, INFINITY, a.field.data(), n, nullptr);
    a.distance_status = navspan_distance(mesh, scratch, start, nullptr, n - 1, nullptr, &a.distance);
    navspan_scratch_destroy(scratch);
    return a;
}

bool same(const answer& x, const answer& y) {
    return x.field_status == y.field_status && x.distance_status == y.distance_status && x.field == y.field &&
           (x.distance == y.distance || (std::isinf(x.distance) && std::isinf(y.distance)));
}

void check_file(const char* path) {
    navspan_file* file = nullptr;
    navspan_error err;
    CHECK(navspan_open_path(path, nullptr, &file, &err) == navspan_result_success);
    if (file == nullptr) return;
    navspan_mesh *alone = nullptr, *shared = nullptr;
    CHECK(navspan_mesh_create(file, 0, &alone, &err) == navspan_result_success);
    CHECK(navspan_mesh_create(file, 0, &shared, &err) == navspan_result_success);
    if (alone != nullptr && shared != nullptr && navspan_mesh_polygon_count(alone) > 0) {
        constexpr std::uint32_t threads = 4;
        const std::uint32_t n = navspan_mesh_polygon_count(alone);
        std::vector<answer> expected, got(threads);
        for (std::uint32_t t = 0; t < threads; ++t) expected.push_back(search(alone, t * n / threads));
        std::vector<std::thread> running;
        for (std::uint32_t t = 0; t < threads; ++t) {
            running.emplace_back([&, t] { got[t] = search(shared, t * n / threads); });
        }
        for (std::thread& r : running) r.join();
        for (std::uint32_t t = 0; t < threads; ++t) CHECK(same(got[t], expected[t]));
    }
    navspan_mesh_destroy(alone);
    navspan_mesh_destroy(shared);
    navspan_close(file);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: navspan_test_capi_threads FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; ++i) check_file(argv[i]);
    return check_summary();
}
