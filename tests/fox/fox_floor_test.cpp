// The benchmark floors of the Fox rows (benchmarks/fox_floor.hpp) are only
// honest if they do open()'s work: floor_open must accept exactly the files
// nav2_file::open() accepts, and the traversal floors must compute the same
// checksums as the rows' navspan code. Checked on every corpus file, on
// builder files of both writers, and on mutated copies of them.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <navspan/fox.hpp>

#include "benchmarks/fox_rows.hpp"
#include "builder.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_fox_floor_test {

namespace {

namespace fox = navspan::fox;
namespace fox_floor = navspan_bench::fox_floor;

// The floors' tables are too large for a test's stack frame.
fox_floor::opened floor_file;

// Whether floor and open() agree on `bytes`; on an accepted file, also the
// traversal and corner checksums.
bool floor_agrees(const std::vector<std::byte>& bytes) {
    const auto opened = fox::nav2_file::open(bytes);
    const bool floor_ok = fox_floor::floor_open(bytes, floor_file);
    CHECK(floor_ok == opened.ok());
    if (!floor_ok || !opened.ok()) return floor_ok == opened.ok();
    CHECK(fox_floor::open_checksum(floor_file) == std::uint64_t{opened->group_count()} + opened->chain_end_offset());
    CHECK(fox_floor::floor_traverse(bytes, floor_file) == navspan_bench::fox_rows_detail::traverse(*opened));
    CHECK(fox_floor::floor_corners_to_world(bytes, floor_file) ==
          navspan_bench::fox_rows_detail::face_corners_to_world(*opened));
    return true;
}

// `rounds` copies of `original` with 1 to 4 bytes or u16 fields changed
// (past the header: the records), each checked by floor_agrees.
void mutate_and_compare(const std::vector<std::byte>& original, std::uint32_t seed, int rounds) {
    const std::size_t first = 96;
    std::mt19937 rng(seed);
    std::vector<std::byte> bytes;
    int accepted = 0;
    for (int round = 0; round < rounds; ++round) {
        bytes = original;
        const int mutations = 1 + static_cast<int>(rng() % 4);
        for (int m = 0; m < mutations; ++m) {
            const std::size_t at = first + rng() % (original.size() - first - 1);
            const std::uint16_t values[] = {0, 1, 0xFFFF, 0xBFFF, 0x4000, 0x8000, 255, 256};
            switch (rng() % 3) {
                case 0: bytes[at] = static_cast<std::byte>(rng()); break;
                case 1:
                    navspan::store_le<std::uint16_t>(
                        bytes.data() + at,
                        static_cast<std::uint16_t>(navspan::load_u16(bytes.data() + at) + (rng() % 2 == 0 ? 1 : 0xFFFF)));
                    break;
                default: navspan::store_le<std::uint16_t>(bytes.data() + at, values[rng() % 8]); break;
            }
        }
        CAPTURE(round);
        if (!floor_agrees(bytes)) break;  // one failure is enough to read
        accepted += fox::nav2_file::open(bytes).ok() ? 1 : 0;
    }
    MESSAGE(accepted << " of " << rounds << " mutations still valid");
}

}  // namespace

TEST_CASE("fox floor: accepts what open() accepts on every corpus file, same checksums") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    int files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        CHECK(floor_agrees(bytes));
        ++files;
    });
    CHECK(files > 0);
}

TEST_CASE("fox floor: every byte of a builder file changed, floor and open() agree") {
    navspan_test::fox_file tool = navspan_test::sample_fox_file();
    tool.layout = navspan_test::fox_layout::tool;
    for (const auto& original : {navspan_test::write_fox(navspan_test::sample_fox_file()), navspan_test::write_fox(tool)}) {
        CHECK(floor_agrees(original));
        std::vector<std::byte> bytes = original;
        for (std::size_t at = 0; at < bytes.size(); ++at) {
            for (const unsigned delta : {1u, 0x80u, 0xFFu}) {
                bytes[at] = static_cast<std::byte>(std::to_integer<unsigned>(original[at]) + delta);
                CAPTURE(at);
                if (!floor_agrees(bytes)) return;
            }
            bytes[at] = original[at];
        }
    }
}

TEST_CASE("fox floor: multi-byte mutations of builder and corpus files, floor and open() agree") {
    navspan_test::fox_file tool = navspan_test::sample_fox_file();
    tool.layout = navspan_test::fox_layout::tool;
    mutate_and_compare(navspan_test::write_fox(navspan_test::sample_fox_file()), 11, 3000);
    mutate_and_compare(navspan_test::write_fox(tool), 12, 3000);
    mutate_and_compare(navspan_test::make_large_fox(100), 13, 1000);
    if (const auto folder = navspan_test::corpus_folder("fox-nav2")) {
        for (const char* name : {"TinManTex__InfiniteHeaven__ssav_139_128_nav.nav2",
                                 "TinManTex__InfiniteHeaven__ssav_141_131_nav.1.nav2",
                                 "oldbanana12__Obj2Nav2__nav2test.mgsv_test.nav2"}) {
            const std::string file = name;
            CAPTURE(file);
            mutate_and_compare(navspan_test::read_file(*folder / "files" / file), 14, 3000);
        }
    }
}

}  // namespace fox_fox_floor_test
