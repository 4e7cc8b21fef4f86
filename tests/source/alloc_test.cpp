// open() and a full traversal of every accessor allocate nothing.
#include <doctest/doctest.h>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "source/variants.hpp"
#include "source/walk.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_alloc_test {

namespace sb = navspan_test::source_build;

TEST_CASE("open and full traversal allocate nothing: builder files of every version and game") {
    sb::for_each_variant([&](const sb::variant& var) {
        const auto bytes = sb::write(sb::sample_mesh(var.version, var.data, var.subversion, true, 6));
        std::uint64_t hash = 0;
        navspan_test::allocation_scope scope;
        hash = navspan_test::walk_source(bytes);
        CHECK(scope.count() == 0);
        CHECK(hash != 0);
    });
}

TEST_CASE("open and full traversal allocate nothing: corpus files") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        std::uint64_t hash = 0;
        {
            navspan_test::allocation_scope scope;
            hash = navspan_test::walk_source(bytes);
            CHECK(scope.count() == 0);
        }
        CHECK(hash != navspan_test::source_walk_rejected);
        ++files;
    });
    MESSAGE("allocation-free walk over ", files, " corpus files");
}

TEST_CASE("area_index::build into caller storage allocates nothing") {
    const auto bytes = sb::write(sb::sample_mesh(16, navspan::source::game::left4dead2, 14, true, 50));
    const auto file = navspan::source::nav_file::open(bytes);
    REQUIRE(file.ok());
    std::vector<std::uint32_t> offsets(file->area_count());
    std::vector<navspan::source::area_id_entry> ids(file->area_count());
    navspan_test::allocation_scope scope;
    const auto index = navspan::source::area_index::build(*file, offsets, ids);
    REQUIRE(index.ok());
    std::size_t found = 0;
    for (const auto& a : file->areas()) found += index->find(a.id()).has_value();
    CHECK(found == 50);
    CHECK(scope.count() == 0);
}

}  // namespace source_alloc_test
