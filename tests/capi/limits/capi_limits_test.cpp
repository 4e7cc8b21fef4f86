// navspan_options.polygons_per_kib through the C ABI (the shared library,
// as callers use it): a plugin whose compressed navmeshes inflate to more
// triangles than its size allows (tests/complexity/hostile_inputs.hpp, H4)
// is refused by default, by a caller whose options predate the field (its
// `size` does not cover it), and by a lower bound; a raised bound, or 0,
// builds every triangle.
//
// usage: navspan_test_capi_limits
#include <navspan/c/navspan.h>

#include <cstddef>
#include <cstdio>
#include <vector>

#include "../../complexity/hostile_inputs.hpp"
#include "../check.h"

namespace capi_limits_test {

int discard(void*, const char*, size_t) { return 0; }

struct outcome {
    navspan_result open = navspan_result_success;
    navspan_result mesh = navspan_result_success;
    navspan_result dump = navspan_result_success;
    std::uint32_t polygons = 0;
    std::uint64_t bound = 0;  // the error's bound, when refused
};

// Opens `bytes` with `options`, then builds space 0's mesh and dumps it.
outcome run(const std::vector<std::byte>& bytes, const navspan_options* options) {
    outcome o;
    navspan_file* f = nullptr;
    navspan_error e;
    o.open = navspan_open_bytes(bytes.data(), bytes.size(), options, &f, &e);
    if (o.open != navspan_result_success) return o;
    navspan_mesh* m = nullptr;
    o.mesh = navspan_mesh_create(f, 0, &m, &e);
    if (o.mesh == navspan_result_success) o.polygons = navspan_mesh_polygon_count(m);
    else o.bound = e.bound;
    navspan_mesh_destroy(m);
    o.dump = navspan_dump_json(f, discard, nullptr, &e);
    navspan_close(f);
    return o;
}

int main_test() {
    // 64 KiB of filler and two navmeshes of 65,535 triangles: 131,070
    // where the default bound allows 256 a KiB and 65,536 more (about 82,500).
    const std::vector<std::byte> bytes = navspan_test::hostile::plugin_padding_capped(64, 2);
    navspan_options defaults;
    navspan_options_init(&defaults);
    CHECK(defaults.polygons_per_kib == 256);

    const outcome by_default = run(bytes, &defaults);
    CHECK(by_default.open == navspan_result_success);
    CHECK(by_default.mesh == navspan_result_limit_exceeded);
    CHECK(by_default.bound == 256 * ((bytes.size() + 1023) / 1024) + 65536);
    CHECK(by_default.dump == navspan_result_limit_exceeded);
    CHECK(run(bytes, nullptr).mesh == navspan_result_limit_exceeded);

    // A caller built before the field: its size ends at max_file_size, and
    // whatever follows in its memory is not read.
    navspan_options older = defaults;
    older.size = offsetof(navspan_options, polygons_per_kib);
    older.polygons_per_kib = 0;
    CHECK(run(bytes, &older).mesh == navspan_result_limit_exceeded);

    for (const std::uint64_t per_kib : {std::uint64_t{0}, std::uint64_t{4096}}) {
        navspan_options raised = defaults;
        raised.polygons_per_kib = per_kib;
        const outcome o = run(bytes, &raised);
        CHECK(o.mesh == navspan_result_success);
        CHECK(o.polygons == 131070);
        CHECK(o.dump == navspan_result_success);
    }
    navspan_options lowered = defaults;
    lowered.polygons_per_kib = 1;
    CHECK(run(bytes, &lowered).mesh == navspan_result_limit_exceeded);

    return check_summary();
}

}  // namespace capi_limits_test

int main() { return capi_limits_test::main_test(); }
