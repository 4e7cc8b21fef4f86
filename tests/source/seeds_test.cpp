// The fuzz seeds of fuzz/seeds/source/ are written by the test builder and
// stay what it writes (NAVSPAN_REGENERATE_SEEDS=1 rewrites them). Each is a
// small file of a different version or game, so the fuzzer starts from every
// layout the reader knows.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "source/walk.hpp"
#include "support/fuzz_seeds.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_seeds_test {

namespace sb = navspan_test::source_build;
using navspan::source::game;

namespace {

using navspan_test::fuzz_seed;

std::vector<fuzz_seed> source_seeds() {
    std::vector<fuzz_seed> seeds;
    seeds.push_back({"v16_cstrike.nav", sb::write(sb::sample_mesh(16, game::cstrike, 1, true, 3))});
    seeds.push_back({"v16_tf.nav", sb::write(sb::sample_mesh(16, game::tf, 2, true, 3))});
    seeds.push_back({"v16_left4dead2_sub14.nav", sb::write(sb::sample_mesh(16, game::left4dead2, 14, true, 3))});
    seeds.push_back({"v16_left4dead2_sub9.nav", sb::write(sb::sample_mesh(16, game::left4dead2, 9, true, 2))});
    seeds.push_back({"v9_css.nav", sb::write(sb::sample_mesh(9, game::none, 0, true, 3))});
    seeds.push_back({"v6_dangling_ladders.nav", sb::write(sb::sample_mesh(6, game::none, 0, true, 3))});
    sb::mesh goldsrc = sb::sample_mesh(5, game::none, 0, true, 3);
    goldsrc.trailing = {std::byte{0xCE}, std::byte{0xFA}, std::byte{0xED}, std::byte{0xFE}, std::byte{5}};
    seeds.push_back({"v5_goldsrc_trailing.nav", sb::write(goldsrc)});
    seeds.push_back({"v1_old_layout.nav", sb::write(sb::sample_mesh(1, game::none, 0, true, 2))});
    return seeds;
}

const std::filesystem::path seed_folder = navspan_test::fuzz_seed_folder("source");

}  // namespace

TEST_CASE("fuzz/seeds/source holds what the builder writes, small and valid") {
    const auto seeds = source_seeds();
    if (navspan_test::regenerate_seeds()) {
        for (const fuzz_seed& s : seeds) navspan_test::write_seed(seed_folder / s.name, s.bytes);
        MESSAGE("wrote ", seeds.size(), " seeds to ", seed_folder.string());
    }
    std::size_t committed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(seed_folder)) {
        (void)entry;
        ++committed;
    }
    CHECK_MESSAGE(committed == seeds.size(), "stale seed files: regenerate with NAVSPAN_REGENERATE_SEEDS=1");
    for (const fuzz_seed& s : seeds) {
        CAPTURE(s.name);
        CHECK(s.bytes.size() < 4096);
        const auto file = navspan::source::nav_file::open(s.bytes);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(navspan_test::walk_source(s.bytes) != navspan_test::source_walk_rejected);
        const auto on_disk = navspan_test::read_file(seed_folder / s.name);
        REQUIRE_MESSAGE(on_disk.size() == s.bytes.size(), "regenerate with NAVSPAN_REGENERATE_SEEDS=1");
        CHECK(on_disk == s.bytes);
    }
}

}  // namespace source_seeds_test
