// open() verifies with fast passes and falls back to the record-by-record
// passes only to describe a problem; both must reach the same verdict and
// the same error on every input. The corruption sweeps flip one byte at a
// time; this test mutates several bytes at once, nudges u16 fields by one
// (index == count is the boundary every check must catch) and plants the
// values the checks single out (0xFFFF, 0xBFFF, 0x4000 + f, the counts).
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "builder.hpp"
#include "support/corpus.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_fox_fast_pass_test {

namespace fox = navspan::fox;

namespace {

// Counts of the first group, planted as values.
std::vector<std::uint16_t> interesting_values(const fox::nav2_file& f) {
    std::vector<std::uint16_t> v = {0, 1, 0xFFFF, 0xBFFF, 0x4000, 0x4001, 0x8000, 0x3FFF, 255, 256};
    for (const fox::group g : f.groups()) {
        for (const std::size_t n : {g.faces().size(), g.nodes().size(), g.edges().size(), g.vertices().size(),
                                    g.segments().size()}) {
            v.push_back(static_cast<std::uint16_t>(n));
            v.push_back(static_cast<std::uint16_t>(n - 1));
        }
    }
    return v;
}

// Runs `rounds` mutated copies of `original` through both ways of verifying.
std::size_t compare_passes(const std::vector<std::byte>& original, std::uint32_t seed, int rounds) {
    const auto opened = fox::nav2_file::open(original);
    REQUIRE(opened.ok());
    const std::vector<std::uint16_t> values = interesting_values(*opened);
    // Mutate past the header and manifest, where the records are.
    const std::size_t first = opened->header().end_of_header_offset();
    const std::size_t size = original.size();
    std::mt19937 rng(seed);
    std::size_t accepted = 0;
    std::vector<std::byte> bytes;
    for (int round = 0; round < rounds; ++round) {
        bytes = original;
        const int mutations = 1 + static_cast<int>(rng() % 4);
        for (int m = 0; m < mutations; ++m) {
            const std::size_t at = first + rng() % (size - first - 1);
            switch (rng() % 3) {
                case 0: bytes[at] = static_cast<std::byte>(rng()); break;
                case 1: {
                    const auto v = static_cast<std::uint16_t>(navspan::load_u16(bytes.data() + at) + (rng() % 2 == 0 ? 1 : 0xFFFF));
                    navspan::store_le<std::uint16_t>(bytes.data() + at, v);
                    break;
                }
                default: navspan::store_le<std::uint16_t>(bytes.data() + at, values[rng() % values.size()]); break;
            }
        }
        const auto fast = fox::nav2_file::open(bytes);
        const navspan::error precise = fox::detail::verify_precisely(bytes, navspan::limits{});
        CHECK_MESSAGE(fast.error() == precise, "round " << round << ": fast '" << fast.error().message() << "', precise '"
                                                        << precise.message() << "'");
        if (fast.ok()) {
            ++accepted;
            CHECK(navspan_test::walk_fox(bytes) != navspan_test::fox_walk_rejected);
        }
    }
    return accepted;
}

}  // namespace

TEST_CASE("fox: fast and precise passes agree on multi-byte mutations of builder files") {
    navspan_test::fox_file tool = navspan_test::sample_fox_file();
    tool.layout = navspan_test::fox_layout::tool;
    const std::size_t a = compare_passes(navspan_test::write_fox(navspan_test::sample_fox_file()), 1, 4000);
    const std::size_t b = compare_passes(navspan_test::write_fox(tool), 2, 4000);
    const std::size_t c = compare_passes(navspan_test::make_large_fox(100), 3, 2000);
    MESSAGE("mutations still valid: " << a << ", " << b << ", " << c);
}

TEST_CASE("fox: fast and precise passes agree on multi-byte mutations of corpus files") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    for (const char* name : {"TinManTex__InfiniteHeaven__ssav_139_130_nav_boss.nav2",
                             "TinManTex__InfiniteHeaven__mbqf_102_102_nav.nav2",
                             "oldbanana12__Obj2Nav2__nav2test.mgsv_test.nav2"}) {
        const std::string file = name;
        CAPTURE(file);
        const std::size_t ok = compare_passes(navspan_test::read_file(*folder / "files" / file), 7, 1500);
        MESSAGE(file << ": " << ok << " of 1500 mutations still valid");
    }
}

}  // namespace fox_fox_fast_pass_test
