// The Source 2 bot analysis (navspan/source2/bot_analysis.hpp) on the real
// version-35 file lobby_mapveto.nav: its 8 hiding spots by area, id and
// position, and its earliest-occupy times, through the Source 2 reader.
#include <navspan/source2.hpp>
#include <navspan/source2/bot_analysis.hpp>

#include <doctest/doctest.h>

#include <vector>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"

TEST_CASE("bot analysis: lobby_mapveto.nav's hiding spots, per area, through the Source 2 reader") {
    auto dir = navspan_test::corpus_folder("source2-nav");
    if (!dir) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): the bot analysis of a real file is not tested");
        return;
    }
    namespace s2 = navspan::source2;
    const auto bytes = navspan_test::read_file(*dir / "files" / "ValveResourceFormat__ValveResourceFormat__lobby_mapveto.nav");
    auto nav = s2::nav_file::open(bytes);
    REQUIRE_MESSAGE(nav.ok(), nav.error().message());
    auto size = s2::bot_analysis::scratch_size(*nav);
    REQUIRE(size.ok());
    std::vector<std::byte> scratch(*size);
    navspan_test::allocation_scope scope;
    auto a = s2::bot_analysis::open(*nav, scratch);
    REQUIRE_MESSAGE(a.ok(), a.error().message());
    CHECK(scope.count() == 0);
    CHECK(a->area_count() == nav->area_count());
    CHECK(a->hiding_spot_count() == 8);
    CHECK(a->encounter_path_count() == 0);
    CHECK(a->approach_spot_count() == 0);
    std::uint32_t next_id = 0;
    for (std::size_t i = 0; i < a->area_count(); ++i) {
        const s2::area_analysis area = a->area(i);
        CHECK(area.hiding_spots().size() == 2);
        for (const s2::analysis_hiding_spot spot : area.hiding_spots()) {
            CHECK(spot.id() == next_id++);
            CHECK(spot.flags_raw() == 1);
            CHECK(spot.position().z == 4.0f);
        }
        const auto times = area.earliest_occupy_times();
        REQUIRE(times.has_value());
        CHECK(((*times)[0] == 120.0f || (*times)[1] == 120.0f));
    }
    CHECK(a->area(0).hiding_spots()[0].position() == navspan::vec3{-1298.50012f, -3090.49976f, 4.0f});
    CHECK(a->area(1).hiding_spots()[1].position() == navspan::vec3{1709.0f, -3437.0f, 4.0f});
    CHECK(!a->area(4).hiding_spots()[0].id().has_value());  // past the list: empty views
}

TEST_CASE("bot analysis: a file without custom data says so") {
    auto dir = navspan_test::corpus_folder("source2-nav");
    if (!dir) return;
    namespace s2 = navspan::source2;
    const auto bytes = navspan_test::read_file(*dir / "files" / "ValveResourceFormat__ValveResourceFormat__preview_flat.nav");
    auto nav = s2::nav_file::open(bytes);
    REQUIRE(nav.ok());
    CHECK(!s2::bot_analysis::scratch_size(*nav).ok());
    std::vector<std::byte> scratch(64);
    CHECK(s2::bot_analysis::open(*nav, scratch).code() == navspan::error_code::inconsistent);
}
