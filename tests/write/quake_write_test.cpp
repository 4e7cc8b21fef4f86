// Quake NAV2 writing: open -> model -> write gives the same bytes for every
// corpus file and for synthetic files of every version and layout.
#include <doctest/doctest.h>

#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <navspan/quake.hpp>
#include <navspan/quake/model.hpp>
#include <navspan/quake/writer.hpp>

#include "quake/builder.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "write/round_trip.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace write_quake_write_test {

namespace {

namespace nq = navspan::quake;

// open -> model -> serialize gives `bytes` back (round_trip.hpp); returns the model.
nq::model require_quake_round_trip(const std::vector<std::byte>& bytes, const nq::options& o = {}) {
    return navspan_write_test::require_round_trip<nq::nav_file, nq::model>(bytes, o);
}

}  // namespace

TEST_CASE("quake: every corpus file round-trips byte for byte through the model") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    std::size_t count = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        if (!nq::nav_file::open(bytes).ok()) return;
        require_quake_round_trip(bytes);
        ++count;
    });
    MESSAGE("quake-nav corpus: ", count, " files round-trip byte for byte");
    CHECK(count > 0);
}

TEST_CASE("quake: synthetic files of every version and layout round-trip") {
    for (std::int32_t v = 12; v <= 18; ++v) {
        CAPTURE(v);
        require_quake_round_trip(navspan_test::build_quake(navspan_test::sample_quake_spec(v)));
        const auto empty = nq::model::stub(v);
        const auto bytes = nq::write(empty);
        REQUIRE_MESSAGE(bytes.ok(), bytes.error().message());
        CHECK(require_quake_round_trip(*bytes) == empty);
    }
    auto v16 = navspan_test::sample_quake_spec(16);
    v16.header_size = 20;
    CHECK_FALSE(require_quake_round_trip(navspan_test::build_quake(v16)).has_heuristic());
    auto v13 = navspan_test::sample_quake_spec(13);
    v13.edict_size = 26;
    CHECK(require_quake_round_trip(navspan_test::build_quake(v13)).edict_size == 26);
    // Trailing bytes, where the reader may accept them.
    auto bytes = navspan_test::build_quake(navspan_test::sample_quake_spec(18));
    bytes.push_back(std::byte{7});
    nq::options o;
    o.allow_trailing_bytes = true;
    CHECK(require_quake_round_trip(bytes, o).trailing.size() == 1);
}

TEST_CASE("quake: the writer refuses what the format cannot hold and validate errors") {
    nq::model m = nq::model::from(*nq::nav_file::open(navspan_test::build_quake(navspan_test::sample_quake_spec(18))));
    REQUIRE(nq::write(m).ok());
    nq::model bad = m;
    bad.links[0].type = 300;
    CHECK(nq::serialize(bad).code() == navspan::error_code::inconsistent);
    bad = m;
    bad.version = 11;
    CHECK(nq::serialize(bad).code() == navspan::error_code::unsupported_version);
    bad = m;
    bad.edict_size = 34;
    CHECK(nq::serialize(bad).code() == navspan::error_code::inconsistent);
    bad = m;
    bad.links[0].destination = 999;
    const auto refused = nq::write(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.code() == navspan::error_code::index_out_of_range);
    CHECK(nq::write(bad, {.allow_invalid = true}).ok());
    bad = m;
    bad.nodes[0].position.x = std::numeric_limits<float>::infinity();
    const auto non_finite = nq::write(bad);
    REQUIRE_FALSE(non_finite.ok());
    CHECK(std::string(non_finite.error().record) == "non-finite-position");
}

}  // namespace write_quake_write_test
