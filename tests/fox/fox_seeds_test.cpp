// The fuzz seeds of fuzz/seeds/fox/ are exactly what the builder writes, so
// they can always be regenerated: run this test with NAVSPAN_REGENERATE_SEEDS=1
// to rewrite them. Each is small (libFuzzer mutates small inputs best), opens,
// and together they cover every layout and variant navspan reads.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "builder.hpp"
#include "support/fuzz_seeds.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_fox_seeds_test {

using namespace navspan_test;

namespace {

using navspan_test::fuzz_seed;

std::vector<fuzz_seed> fox_seeds() {
    // The sample in the Obj2Nav2 layout, with the early writer's zero manifest sizes.
    fox_file tool = sample_fox_file();
    tool.layout = fox_layout::tool;
    tool.zero_manifest_sizes = true;
    // One group without Section2, with a Section3 block and trailing bytes.
    fox_file plain;
    plain.tile_id = 3;
    plain.origin = {0.0f, -4.1f, 0.0f};
    plain.divisors[0] = 8623;
    plain.divisors[1] = 3855;
    plain.divisors[2] = 2340;
    plain.groups.resize(1);
    add_grid_segment(plain.groups[0], 0, 0, 300, 2);
    add_grid_segment(plain.groups[0], 600, 0, 300, 1, 120, true);
    plain.section3 = {1, 2, 3, 4, 5, 6, 7, 8};
    plain.grid = single_cell_grid(plain.groups);
    plain.trailing = 4;
    // Four segments of one group side by side (grid of two by two segments).
    fox_file four;
    four.groups.resize(1);
    for (std::uint16_t s = 0; s < 4; ++s) {
        add_grid_segment(four.groups[0], static_cast<std::uint16_t>(400 * (s % 2)), static_cast<std::uint16_t>(400 * (s / 2)), 200, 2);
    }
    four.grid = single_cell_grid(four.groups);
    const auto [split_main, split_overflow] = sample_fox_split_pair();
    return {
        {"sample_game_layout.nav2", write_fox(sample_fox_file())},
        {"sample_tool_layout.nav2", write_fox(tool)},
        {"split_main.nav2", write_fox(split_main)},
        {"split_overflow.1.nav2", write_fox(split_overflow)},
        {"empty_split.1.nav2", write_fox(empty_fox_split_file(sample_fox_file()))},
        {"one_group_section3.nav2", write_fox(plain)},
        {"four_segments.nav2", write_fox(four)},
    };
}

}  // namespace

TEST_CASE("the committed fox fuzz seeds equal the builder's output") {
    bool tool_layout = false, section3 = false, empty = false, overflow = false, quads = false, trailing = false;
    navspan_test::check_committed_seeds("fox", fox_seeds(), [&](const std::vector<std::byte>& committed) {
        const auto file = navspan::fox::nav2_file::open(committed);
        REQUIRE_MESSAGE(file.ok(), file.error().message());
        CHECK(walk_fox(committed) != fox_walk_rejected);
        for (const navspan::fox::group g : file->groups()) {
            tool_layout = tool_layout || !g.navmesh_chunk().face_segment_bits();
            for (const navspan::fox::face f : g.faces()) quads = quads || f.is_quad();
        }
        section3 = section3 || file->has_section3();
        empty = empty || file->group_count() == 0;
        overflow = overflow || file->header().file_index() == 1;
        trailing = trailing || !file->trailing().empty();
    });
    // Together: both layouts, quads, Section3, trailing bytes, split files
    // with and without groups.
    CHECK(tool_layout);
    CHECK(quads);
    CHECK(section3);
    CHECK(trailing);
    CHECK(empty);
    CHECK(overflow);
}

}  // namespace fox_fox_seeds_test
