// The bundled demo sample stays what the builder writes (so it can always be
// regenerated), and the navspan command reads it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include <navspan/source.hpp>

#include <navspan/tools/info.hpp>
#include "source/builder.hpp"
#include "support/corpus.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_sample_test {

namespace {
const char* const sample_path = NAVSPAN_SOURCE_DIR "/examples/samples/sample_v16_cstrike.nav";
}

TEST_CASE("examples/samples/sample_v16_cstrike.nav equals the builder's sample") {
    const auto expected = navspan_test::make_sample_source();
    // NAVSPAN_WRITE_SAMPLES=1 regenerates the committed file.
    if (const char* w = std::getenv("NAVSPAN_WRITE_SAMPLES"); w != nullptr && *w == '1') {
        std::ofstream out(sample_path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(expected.data()), static_cast<std::streamsize>(expected.size()));
        MESSAGE("wrote ", sample_path);
    }
    const auto committed = navspan_test::read_file(sample_path);
    REQUIRE_MESSAGE(committed.size() == expected.size(), "regenerate with NAVSPAN_WRITE_SAMPLES=1");
    CHECK(committed == expected);

    using namespace navspan::source;
    const auto file = nav_file::open(committed);
    REQUIRE(file.ok());
    CHECK(file->game() == game::cstrike);
    CHECK(file->area_count() == 4);
    CHECK(file->ladders().size() == 1);
    CHECK(file->warnings().raw() == 0);
    CHECK(file->place_name(file->areas().front()) == std::string_view("CTSpawn"));

    std::string line;
    REQUIRE(navspan::tools::info_json(committed, line).ok());
    CHECK(line.find("\"format\": \"source_nav\"") != std::string::npos);
    CHECK(line.find("\"bounds\": [0.0, 0.0, 0.0, 200.0, 200.0, 8.0]") != std::string::npos);
    CHECK(line.find("\"visibility_entries\": 12") != std::string::npos);
    CHECK(line.find("\"approach_spots\": 4") != std::string::npos);
}

}  // namespace source_sample_test
