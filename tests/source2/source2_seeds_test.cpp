// The fuzz seeds of fuzz/seeds/source2/ are exactly what the builder writes,
// so they can always be regenerated: run this test with
// NAVSPAN_REGENERATE_SEEDS=1 to rewrite them. Each is small and opens;
// together they cover every version and every KV3 blob kind.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <navspan/source2.hpp>

#include "builder.hpp"
#include "support/fuzz_seeds.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_seeds_test {

namespace {

using navspan_test::fuzz_seed;

std::vector<fuzz_seed> source2_seeds() {
    namespace b = navspan_test::s2b;
    std::vector<fuzz_seed> seeds;
    for (const std::uint32_t v : {30u, 31u, 32u, 34u, 35u, 36u}) {
        seeds.push_back({nullptr, b::write(b::full_model(v))});
    }
    b::model mixed = b::row_of_quads(35, 4);
    mixed.polygons[1].corners = {2, 3, 5};
    mixed.areas[1].edges.resize(3);
    mixed.areas[0].polygon = 3;
    mixed.areas[3].polygon = 0;
    std::swap(mixed.areas[0].edges, mixed.areas[3].edges);
    seeds.push_back({nullptr, b::write(mixed)});
    b::model blobs = b::row_of_quads(36, 1);
    blobs.after_header.kv3_version = 4;
    blobs.after_header.method = 0;
    blobs.after_movables.method = 1;
    blobs.after_generation.method = 0;
    blobs.after_generation.blocks = 1;
    blobs.after_generation.blob_bytes = 6;
    blobs.subversion = 1;
    blobs.custom.method = 1;
    blobs.custom.blocks = 2;
    blobs.custom.body_override = 20;
    seeds.push_back({nullptr, b::write(blobs)});
    const char* names[] = {"v30_own_corners.nav", "v31_polygons.nav", "v32.nav", "v34_as_32.nav",
                           "v35_movables_ladders.nav", "v36_four_blobs.nav", "v35_mixed_polygons.nav",
                           "v36_every_blob_kind.nav"};
    for (std::size_t i = 0; i < seeds.size(); ++i) seeds[i].name = names[i];
    return seeds;
}

}  // namespace

TEST_CASE("the committed Source 2 fuzz seeds equal the builder's output") {
    navspan_test::check_committed_seeds("source2", source2_seeds(), [&](const std::vector<std::byte>& committed) {
        const auto file = navspan::source2::nav_file::open(committed);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(navspan_test::walk_source2(committed) == navspan_test::walk_source2_file(*file));
    });
}

}  // namespace source2_source2_seeds_test
