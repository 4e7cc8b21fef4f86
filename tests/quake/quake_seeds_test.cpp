// The fuzz seeds of fuzz/seeds/quake/ are exactly what the builder writes, so
// they can always be regenerated: run this test with NAVSPAN_REGENERATE_SEEDS=1
// to rewrite them. Each is small (libFuzzer mutates small inputs best), opens,
// and together they cover every layout navspan reads.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "support/fuzz_seeds.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_seeds_test {

using namespace navspan_test;

namespace {

using navspan_test::fuzz_seed;

std::vector<fuzz_seed> quake_seeds() {
    quake_nav_spec empty;
    empty.version = 18;
    return {
        {"v12_edicts26.nav", build_quake(sample_quake_spec(12))},
        {"v13_edicts34.nav", build_quake(sample_quake_spec(13))},
        {"v15_entity_ids.nav", build_quake(sample_quake_spec(15))},
        {"v16_header24.nav", build_quake(sample_quake_spec(16))},
        {"v17_heuristic.nav", build_quake(sample_quake_spec(17))},
        {"v18_team_masks.nav", build_quake(sample_quake_spec(18))},
        {"v18_empty.nav", build_quake(empty)},
        {"v15_40_nodes.nav", make_large_quake(40, 15)},
    };
}

}  // namespace

TEST_CASE("the committed Quake fuzz seeds equal the builder's output") {
    std::set<std::pair<int, int>> layouts;  // (header size, edict size)
    navspan_test::check_committed_seeds("quake", quake_seeds(), [&](const std::vector<std::byte>& committed) {
        const auto file = navspan::quake::nav_file::open(committed);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(walk_quake(committed) != quake_not_verified);
        layouts.insert({file->layout().header_size, file->layout().edict_size});
    });
    // Every layout navspan reads: 20-byte headers with 26-, 30- and 34-byte
    // edicts, and the 24-byte header of versions 16-18.
    CHECK(layouts == std::set<std::pair<int, int>>{{20, 26}, {20, 30}, {20, 34}, {24, 30}});
}

}  // namespace quake_quake_seeds_test
