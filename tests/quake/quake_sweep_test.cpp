// Corruption sweeps: every truncation of files of every version and every
// byte flip of small ones give a clean error or a valid, safe view (ASan and
// UBSan check the second half of that in the test-sanitize preset); neither
// open nor a full walk allocates.
#include <doctest/doctest.h>

#include <vector>

#include <navspan/quake.hpp>

#include "builder.hpp"
#include "expect.hpp"
#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "support/sweep.hpp"
#include "walk.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_sweep_test {

namespace q = navspan::quake;
using navspan::error_code;
using namespace navspan_test;

namespace {

// Every prefix of a file that must end exactly where its records end fails,
// with an offset inside the prefix and a code that says it ran short. The
// one exception is inherent in deciding versions 13 and 16 by the file size:
// a prefix can be a complete file under the version's other candidate layout
// (34-byte edicts cut by 8 bytes each read as 26-byte edicts); such a prefix
// opens with that other layout, and is a valid file.
void check_every_truncation(const std::vector<std::byte>& file) {
    const auto whole = q::nav_file::open(file);
    REQUIRE(whole.ok());
    const q::layout full_layout = whole->layout();
    std::size_t prefixes = 0;
    std::size_t reread = 0;
    sweep_truncations(file, [&](std::span<const std::byte> prefix) {
        ++prefixes;
        const auto opened = q::nav_file::open(prefix);
        if (opened.ok()) {
            ++reread;
            CHECK(opened->layout().evidence == q::layout_evidence::size_identity);
            CHECK((opened->layout().header_size != full_layout.header_size ||
                   opened->layout().edict_size != full_layout.edict_size));
            CHECK(quake_unresolved(*opened) == 0);
            CHECK(walk_quake(prefix) != quake_not_verified);
            return;
        }
        const navspan::error& e = opened.error();
        CHECK((e.code == error_code::truncated || e.code == error_code::count_too_large));
        CHECK(e.offset <= prefix.size());
        CHECK(e.record != nullptr);
        const auto trusted = q::nav_file::open(prefix, {{.trusted = true}});
        CHECK_FALSE(trusted.ok());
        CHECK(walk_quake(prefix) == quake_not_verified);
    });
    CHECK(prefixes == file.size());
    if (full_layout.evidence != q::layout_evidence::size_identity) CHECK(reread == 0);
}

// Whatever a flipped byte does, the result is an error or a file whose
// checked indices all resolve; the walks run under the sanitizers.
std::size_t flip_every_byte(const std::vector<std::byte>& file) {
    std::size_t still_valid = 0;
    sweep_byte_flips(file, [&](std::span<const std::byte> bytes) {
        const auto opened = q::nav_file::open(bytes);
        if (opened.ok()) {
            ++still_valid;
            CHECK(quake_unresolved(*opened) == 0);
        } else {
            CHECK(opened.error().offset <= bytes.size());
        }
        (void)walk_quake(bytes);
        (void)walk_quake_trusted(bytes);
    });
    return still_valid;
}

}  // namespace

TEST_CASE("every truncation of every version fails cleanly") {
    for (std::int32_t version = 12; version <= 18; ++version) {
        CAPTURE(version);
        check_every_truncation(build_quake(sample_quake_spec(version)));
    }
    quake_nav_spec v13_small = sample_quake_spec(13);
    v13_small.edict_size = 26;
    check_every_truncation(build_quake(v13_small));
    quake_nav_spec v16_small = sample_quake_spec(16);
    v16_small.header_size = 20;
    check_every_truncation(build_quake(v16_small));
}

TEST_CASE("every truncation of a corpus file fails cleanly") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    for (const char* name : {"Ryason55__quake_mission_packs_ry-vitalized__dm6.nav",
                             "Ryason55__quake_mission_packs_ry-vitalized__end.c3591d2c.nav"}) {
        CAPTURE(name);
        check_every_truncation(read_file(*folder / "files" / name));
    }
}

TEST_CASE("byte flips of every version") {
    for (std::int32_t version = 12; version <= 18; ++version) {
        CAPTURE(version);
        const std::size_t valid = flip_every_byte(build_quake(sample_quake_spec(version)));
        // Floats, flags, radii and entity ids take any value: many flips stay valid.
        CHECK(valid > 0);
    }
}

TEST_CASE("byte flips of a corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    // The smallest file (580 bytes, version 18, 12 nodes and 52 links).
    (void)flip_every_byte(read_file(*folder / "files" / "Ryason55__quake_mission_packs_ry-vitalized__test_rockets.nav"));
}

TEST_CASE("no allocation in open and walk") {
    std::vector<std::vector<std::byte>> files;
    for (std::int32_t version = 12; version <= 18; ++version) files.push_back(build_quake(sample_quake_spec(version)));
    files.push_back(make_large_quake(100000));
    for (const auto& file : files) {
        std::uint64_t allocations = 0, hash = 0;
        {
            allocation_scope scope;
            const auto opened = q::nav_file::open(file);
            if (opened.ok()) hash = walk_quake_file(*opened);
            hash ^= walk_quake(file) ^ walk_quake_trusted(file);
            allocations = scope.count();
        }
        CHECK(allocations == 0);
        CHECK(hash != 0);
    }
}

TEST_CASE("the large-file builder makes valid files of any size") {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{21845},
                          std::size_t{21846}, std::size_t{70000}}) {
        CAPTURE(n);
        for (std::int32_t version : {12, 15, 18}) {
            const auto bytes = make_large_quake(n, version);
            const auto file = q::nav_file::open(bytes);
            REQUIRE_MESSAGE(file.ok(), file.error().message());
            CHECK(file->node_count() == n);
            CHECK(quake_unresolved(*file) == 0);
            CHECK(walk_quake(bytes) != quake_not_verified);
        }
    }
}

}  // namespace quake_quake_sweep_test
