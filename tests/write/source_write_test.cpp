// Source .nav writing: open -> model -> write gives the same bytes for
// every corpus file and for synthetic files of every version and game;
// the writer refuses what the format cannot hold and, unless told
// otherwise, what validate() calls an error.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <navspan/source.hpp>
#include <navspan/source/model.hpp>
#include <navspan/source/writer.hpp>

#include "source/builder.hpp"
#include "source/variants.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "write/round_trip.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_source_write_test {

namespace {

namespace sb = navspan_test::source_build;
namespace ns = navspan::source;

ns::options source_options_for(const sb::mesh& m) {
    ns::options o;
    o.game = m.data;
    if (m.data == ns::game::unknown) {
        o.unknown_area_data_size = m.areas.empty() ? 0u : static_cast<std::uint32_t>(m.areas[0].unknown_data.size());
    }
    return o;
}

// open -> model -> serialize gives `bytes` back (round_trip.hpp); returns the model.
ns::model require_source_round_trip(const std::vector<std::byte>& bytes, const ns::options& o = {}) {
    return navspan_write_test::require_round_trip<ns::nav_file, ns::model>(bytes, o);
}

}  // namespace

TEST_CASE("source: every corpus file round-trips byte for byte through the model") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::size_t count = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        if (!ns::nav_file::open(bytes).ok()) return;  // not a file the reader opens
        require_source_round_trip(bytes);
        ++count;
    });
    MESSAGE("source-nav corpus: ", count, " files round-trip byte for byte");
    CHECK(count > 0);
}

TEST_CASE("source: synthetic files of every version and game round-trip") {
    for (const sb::variant& var : sb::all_variants()) {
        for (bool full : {true, false}) {
            for (std::uint32_t areas : {4u, 1u, 0u}) {
                CAPTURE(var.version);
                CAPTURE(static_cast<int>(var.data));
                CAPTURE(var.subversion);
                CAPTURE(full);
                CAPTURE(areas);
                sb::mesh m = sb::sample_mesh(var.version, var.data, var.subversion, full, areas);
                if (full) m.trailing = {std::byte{0xDE}, std::byte{0xAD}};
                require_source_round_trip(sb::write(m), source_options_for(m));
            }
        }
    }
}

TEST_CASE("source: a stub opens and round-trips at every version") {
    for (std::uint32_t v = 1; v <= 16; ++v) {
        CAPTURE(v);
        const ns::model stub = ns::model::stub(v);
        const auto bytes = ns::write(stub);
        REQUIRE_MESSAGE(bytes.ok(), bytes.error().message());
        const auto file = ns::nav_file::open(*bytes);
        REQUIRE(file.ok());
        CHECK(file->area_count() == 0);
        CHECK(ns::model::from(*file) == stub);
    }
}

TEST_CASE("source: the writer refuses what the format cannot hold") {
    ns::model m = ns::model::stub(16);
    m.areas.resize(1);
    m.areas[0].id = 1;
    m.areas[0].south_east = {10, 10, 0};
    m.areas[0].hiding_spots.resize(256);
    auto r = ns::serialize(m);
    REQUIRE_FALSE(r.ok());
    CHECK(r.code() == navspan::error_code::count_too_large);
    CHECK(std::string(r.error().record) == "hiding spot");

    m.areas[0].hiding_spots.clear();
    m.areas[0].place_index = 3;  // no place directory entries
    r = ns::write(m);
    REQUIRE_FALSE(r.ok());
    CHECK(r.code() == navspan::error_code::index_out_of_range);

    m.areas[0].place_index = 0;
    m.version = 17;
    CHECK(ns::serialize(m).code() == navspan::error_code::unsupported_version);
}

TEST_CASE("source: the writer refuses validate errors unless allowed") {
    ns::model m = ns::model::stub(16);
    m.areas.resize(2);
    m.areas[0].id = 1;
    m.areas[0].south_east = {10, 10, 0};
    m.areas[1].id = 2;
    m.areas[1].north_west = {10, 0, 0};
    m.areas[1].south_east = {20, 10, 0};
    m.areas[0].connections[1] = {2};
    m.areas[1].connections[3] = {1};
    REQUIRE(ns::write(m).ok());
    m.areas[0].connections[1] = {7};
    const auto refused = ns::write(m);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.code() == navspan::error_code::inconsistent);
    CHECK(std::string(refused.error().record) == "missing-connection-target");
    CHECK(ns::write(m, {.allow_invalid = true}).ok());
}

}  // namespace write_source_write_test
