// Opening a file and walking every accessor allocates nothing.
#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

#include <navspan/fox.hpp>

#include "fox/builder.hpp"
#include "fox/walk.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_alloc_test {

namespace {

std::uint64_t allocations_of_open_and_walk(const std::vector<std::byte>& bytes, std::uint64_t& hash) {
    navspan_test::allocation_scope scope;
    const auto file = navspan::fox::nav2_file::open(bytes);
    hash = navspan_test::walk_fox(bytes);
    (void)file;
    return scope.count();
}

}  // namespace

TEST_CASE("fox: open + full walk allocate nothing (builder files)") {
    const auto [main_model, overflow_model] = navspan_test::sample_fox_split_pair();
    navspan_test::fox_file tool = main_model;
    tool.layout = navspan_test::fox_layout::tool;
    const std::vector<std::vector<std::byte>> files = {
        navspan_test::write_fox(main_model), navspan_test::write_fox(overflow_model), navspan_test::write_fox(tool),
        navspan_test::make_large_fox(5000)};
    for (const auto& bytes : files) {
        std::uint64_t hash = 0;
        CHECK(allocations_of_open_and_walk(bytes, hash) == 0);
        CHECK(hash != navspan_test::fox_walk_rejected);
    }
    // The split set too.
    const auto a = navspan::fox::nav2_file::open(files[0]);
    const auto b = navspan::fox::nav2_file::open(files[1]);
    navspan_test::allocation_scope scope;
    const auto set = navspan::fox::split_set::open(*a, *b);
    CHECK(set.ok());
    CHECK(scope.count() == 0);
}

TEST_CASE("fox: open + full walk allocate nothing (corpus)") {
    NAVSPAN_REQUIRE_CORPUS(folder, "fox-nav2");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        std::uint64_t hash = 0;
        CHECK(allocations_of_open_and_walk(bytes, hash) == 0);
        ++files;
    });
    CHECK(files == 25);
}

}  // namespace fox_alloc_test
