// navspan::source::validate (include/navspan/source/validate.hpp): every
// check on crafted meshes, with its severity, record and offset; the one cap
// per check; no allocation with caller storage; the corpus maps.
#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include <navspan/source.hpp>

#include "source/builder.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/found_finding.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_validate_test {

namespace {

namespace ns = navspan::source;
namespace sbv = navspan_test::source_build;

using collected = navspan_test::found_finding;

std::vector<collected> validate_all(const std::vector<std::byte>& bytes) {
    const auto file = ns::nav_file::open(bytes);
    REQUIRE_MESSAGE(file.ok(), file.error().message());
    std::vector<collected> out;
    const navspan::error e = ns::validate(*file, [&](const navspan::finding& f) {
        out.push_back(navspan_test::found_of(f));
    });
    REQUIRE_MESSAGE(e.ok(), e.message());
    return out;
}

std::vector<collected> of_check(const std::vector<collected>& all, std::string_view check) {
    std::vector<collected> out;
    for (const auto& f : all) {
        if (f.check == check) out.push_back(f);
    }
    return out;
}

sbv::area square(std::uint32_t id, float x0) {
    sbv::area a;
    a.id = id;
    a.nw = {x0, 0, 0};
    a.se = {x0 + 100, 100, 0};
    return a;
}

}  // namespace

TEST_CASE("source validate: check ids are unique and every check has a severity and a summary") {
    for (std::size_t i = 0; i < std::size(ns::validate_checks); ++i) {
        CHECK(!ns::validate_checks[i].id.empty());
        CHECK(!ns::validate_checks[i].summary.empty());
        for (std::size_t j = 0; j < i; ++j) CHECK(ns::validate_checks[i].id != ns::validate_checks[j].id);
    }
}

TEST_CASE("source validate: a one-way connection is info, a missing target an error, with record and offset") {
    sbv::mesh m;
    m.version = 16;
    m.data = sbv::game::none;
    sbv::area a1 = square(10, 0), a2 = square(20, 100);
    a1.connections[1] = {20, 99};  // east: 20 (no way back), 99 (no such area)
    m.areas = {a1, a2};
    const auto bytes = sbv::write(m);
    const auto found = validate_all(bytes);
    const auto one_way = of_check(found, "one-way-connection");
    REQUIRE(one_way.size() == 1);
    CHECK(one_way[0].level == navspan::severity::info);
    CHECK(one_way[0].record == "area");
    CHECK(one_way[0].index == 0);
    CHECK(one_way[0].id == 10);
    CHECK(one_way[0].value == 20);
    CHECK(navspan::load_u32(bytes.data() + one_way[0].offset) == 20);
    const auto missing = of_check(found, "missing-connection-target");
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].level == navspan::severity::error);
    CHECK(navspan::load_u32(bytes.data() + missing[0].offset) == 99);
    CHECK(found.size() == 2);
}

TEST_CASE("source validate: duplicate ids, inverted and degenerate areas, ladders, trailing bytes") {
    sbv::mesh m;
    m.version = 16;
    m.data = sbv::game::none;
    sbv::area inverted = square(2, 0);
    inverted.se.x = -50;
    sbv::area flat = square(3, 0);
    flat.se.y = 0;
    m.areas = {square(1, 0), inverted, flat, square(1, 300)};
    sbv::ladder l;
    l.id = 7;
    l.areas = {42, 0, 0, 0, 0};
    sbv::ladder unconnected;
    unconnected.id = 7;
    m.ladders = {l, unconnected};
    m.trailing = {std::byte{1}, std::byte{2}};
    const auto bytes = sbv::write(m);
    const auto found = validate_all(bytes);
    const auto dup = of_check(found, "duplicate-area-id");
    REQUIRE(dup.size() == 1);
    CHECK(dup[0].index == 3);
    CHECK(dup[0].value == 0);  // also used by area #0
    CHECK(of_check(found, "inverted-area").size() == 1);
    CHECK(of_check(found, "degenerate-area").size() == 1);
    CHECK(of_check(found, "degenerate-area")[0].level == navspan::severity::warning);
    const auto ladder_area = of_check(found, "missing-ladder-area");
    REQUIRE(ladder_area.size() == 1);
    CHECK(ladder_area[0].record == "ladder");
    CHECK(navspan::load_u32(bytes.data() + ladder_area[0].offset) == 42);
    CHECK(of_check(found, "duplicate-ladder-id").size() == 1);
    CHECK(of_check(found, "unconnected-ladder").size() == 1);
    const auto trailing = of_check(found, "trailing-bytes");
    REQUIRE(trailing.size() == 1);
    CHECK(trailing[0].offset == bytes.size() - 2);
    CHECK(trailing[0].value == 2);
}

TEST_CASE("source validate: each check lists at most findings_per_check, then says how many more") {
    sbv::mesh m;
    m.version = 16;
    m.data = sbv::game::none;
    const std::uint32_t n = static_cast<std::uint32_t>(navspan::findings_per_check) + 50;
    for (std::uint32_t i = 0; i < n; ++i) {
        sbv::area a = square(i + 1, static_cast<float>(i) * 100);
        a.connections[0] = {100000 + i};  // missing
        m.areas.push_back(a);
    }
    const auto found = validate_all(sbv::write(m));
    const auto missing = of_check(found, "missing-connection-target");
    REQUIRE(missing.size() == navspan::findings_per_check + 1);
    CHECK(missing.back().record == "file");
    CHECK(missing.back().not_listed == 50);
}

TEST_CASE("source validate: allocates nothing with caller storage; too little storage is limit_exceeded") {
    const sbv::mesh m = sbv::sample_mesh(16, sbv::game::cstrike, 1, true, 6);
    const auto bytes = sbv::write(m);
    const auto file = ns::nav_file::open(bytes);
    REQUIRE(file.ok());
    ns::validate_storage_owner storage(*file);
    std::size_t count = 0;
    {
        navspan_test::allocation_scope scope;
        const navspan::error e = ns::validate(*file, storage.view(), [&](const navspan::finding&) { ++count; });
        CHECK(e.ok());
        CHECK(scope.count() == 0);
    }
    const navspan::error small = ns::validate(*file, ns::validate_storage{}, [&](const navspan::finding&) {});
    CHECK(small.code == navspan::error_code::limit_exceeded);
}

TEST_CASE("source validate: corpus maps give no error findings from one-way drop-downs") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::size_t files = 0, one_way = 0;
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        const auto bytes = navspan_test::read_file(*folder / "files" / row.file);
        const auto file = ns::nav_file::open(bytes);
        if (!file) continue;
        ++files;
        const navspan::error e = ns::validate(*file, [&](const navspan::finding& f) {
            if (f.check->id == "one-way-connection") {
                ++one_way;
                CHECK(f.check->level == navspan::severity::info);
            }
            CHECK(f.offset < bytes.size());
        });
        CHECK(e.ok());
    }
    MESSAGE("source corpus: ", files, " files validated, ", one_way, " one-way connections (info)");
    CHECK(files > 0);
}

}  // namespace source_validate_test
