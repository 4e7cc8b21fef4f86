// navspan::quake::validate (include/navspan/quake/validate.hpp): crafted
// problems with their severity, record and offset; caller storage and no
// allocation; the corpus (quiet but for one known Elevator link).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/found_finding.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_validate_test {

namespace {

using quake_found = navspan_test::found_finding;

std::vector<quake_found> quake_validate_all(const std::vector<std::byte>& bytes) {
    navspan::quake::options opts;
    opts.trusted = true;
    opts.allow_trailing_bytes = true;
    const auto file = navspan::quake::nav_file::open(bytes, opts);
    REQUIRE_MESSAGE(file.ok(), file.error().message());
    std::vector<std::uint32_t> storage(navspan::quake::validate_storage_needed(*file));
    std::vector<quake_found> out;
    const navspan::error e = navspan::quake::validate(*file, storage, [&](const navspan::finding& f) {
        out.push_back(navspan_test::found_of(f));
    });
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

}  // namespace

TEST_CASE("quake validate: the sample is clean; a link into nothing is an error at its destination field") {
    CHECK(quake_validate_all(navspan_test::build_quake(navspan_test::sample_quake_spec(18))).empty());
    auto spec = navspan_test::sample_quake_spec(18);
    spec.links[0].destination = 99;
    const auto found = quake_validate_all(navspan_test::build_quake(spec));
    REQUIRE(found.size() == 1);
    CHECK(found[0].check == "link-into-nothing");
    CHECK(found[0].level == navspan::severity::error);
    CHECK(found[0].record == "link");
    CHECK(found[0].index == 0);
    CHECK(found[0].offset == 124);
    CHECK(found[0].value == 99);
}

TEST_CASE("quake validate: isolated nodes are info, capped at findings_per_check with a count of the rest") {
    auto spec = navspan_test::sample_quake_spec(18);
    for (int i = 0; i < 250; ++i) spec.nodes.push_back({0, 0, 9, 16, {0, 0, 0}});
    const auto found = quake_validate_all(navspan_test::build_quake(spec));
    REQUIRE(found.size() == navspan::findings_per_check + 1);
    CHECK(found.front().level == navspan::severity::info);
    CHECK(found.back().not_listed == 50);
}

TEST_CASE("quake validate: allocates nothing; too little storage is limit_exceeded") {
    const auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    const auto file = navspan::quake::nav_file::open(bytes);
    REQUIRE(file.ok());
    std::vector<std::uint32_t> storage(navspan::quake::validate_storage_needed(*file));
    {
        navspan_test::allocation_scope scope;
        CHECK(navspan::quake::validate(*file, storage, [](const navspan::finding&) {}).ok());
        CHECK(scope.count() == 0);
    }
    const auto small = std::span<std::uint32_t>(storage).first(storage.size() - 1);
    CHECK(navspan::quake::validate(*file, small, [](const navspan::finding&) {}).code == navspan::error_code::limit_exceeded);
}

TEST_CASE("quake validate: every corpus file is quiet but for hip1m5 v15's Elevator link") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    std::size_t files = 0, findings = 0;
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto found = quake_validate_all(navspan_test::read_file(*folder / "files" / row.file));
        ++files;
        findings += found.size();
        for (const auto& f : found) CHECK(f.check == "moving-link-without-edict");
    }
    MESSAGE("quake corpus: ", files, " files, ", findings, " findings");
    CHECK(findings == 1);
}

}  // namespace quake_quake_validate_test
