// examples/samples/sample_v18.nav (the demo's Quake file) is exactly what
// the builder writes, so it can always be regenerated: run this test with
// NAVSPAN_REGENERATE_SAMPLES=1 to rewrite it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "expect.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_sample_test {

using namespace navspan_test;

TEST_CASE("the committed Quake sample equals the builder's output") {
    const std::filesystem::path path = navspan_test::sample_file("sample_v18.nav");
    const quake_nav_spec spec = sample_quake_spec(18);
    const auto built = build_quake(spec);
    if (const char* regenerate = std::getenv("NAVSPAN_REGENERATE_SAMPLES"); regenerate != nullptr && *regenerate == '1') {
        std::filesystem::create_directories(path.parent_path());
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(built.data()), static_cast<std::streamsize>(built.size()));
        MESSAGE("wrote " << path.string());
    }
    const auto committed = read_file(path);
    REQUIRE_MESSAGE(!committed.empty(), "missing " << path.string());
    CHECK(committed == built);
    const auto file = navspan::quake::nav_file::open(committed);
    REQUIRE(file.ok());
    check_quake_matches_spec(*file, spec);
}

}  // namespace quake_quake_sample_test
