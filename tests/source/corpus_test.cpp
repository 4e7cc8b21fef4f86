// Every real file of ../shared/corpus/source-nav decodes to the summary its
// EXPECTED.tsv row gives (made by an independent decoder), plus the facts the
// spec lists for particular files.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <navspan/source.hpp>

#include <navspan/tools/info.hpp>
#include "support/corpus.hpp"
#include "support/expected_info.hpp"
#include "support/json.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_corpus_test {

using namespace navspan::source;

TEST_CASE("every corpus file's info --json equals its EXPECTED.tsv row") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    navspan_test::check_info_rows(*folder, "source-nav", navspan_test::rejected_rows::allowed);
}

namespace {
nav_file open_corpus(const std::filesystem::path& folder, const char* name, std::vector<std::byte>& keep) {
    keep = navspan_test::read_file(folder / "files" / name);
    auto f = nav_file::open(keep);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    return *f;
}
}  // namespace

TEST_CASE("Left 4 Dead 2 corpus facts: populations, view distances, unsorted ids, positions") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    struct fact {
        const char* file;
        const char* population;
        float view_distance;
    };
    for (const fact& f : {fact{"Remitheunderappreciated__Survivor-Elite-Beta__c1m1_hotel.nav", "c1streets", 0.0f},
                          fact{"Remitheunderappreciated__Survivor-Elite-Beta__c8m4_interior.nav", "hospital_l4d1",
                               1500.0f}}) {
        CAPTURE(f.file);
        std::vector<std::byte> bytes;
        const nav_file file = open_corpus(*folder, f.file, bytes);
        CHECK(file.game() == game::left4dead2);
        const auto l4d = file.left4dead2();
        REQUIRE(l4d.has_value());
        CHECK(l4d->population_name() == std::string_view(f.population));
        CHECK(l4d->fog_places().empty());
        CHECK(l4d->max_view_distance() == f.view_distance);

        bool sorted = true;
        std::uint32_t previous = 0;
        std::uint32_t max_position = 0;
        std::size_t inherit_resolved = 0, inherit_total = 0;
        auto index = make_area_index(file);
        REQUIRE(index.ok());
        for (const area& a : file.areas()) {
            if (a.id() < previous) sorted = false;
            previous = a.id();
            const auto data = a.game_data().left4dead2();
            REQUIRE(data.has_value());
            CHECK(data->fog_place_index() == std::uint16_t{0});
            for (const auto v : data->visible_areas()) max_position = std::max(max_position, v.target().value);
            if (const auto inherit = data->inherit_visibility_from(); inherit && *inherit != 0) {
                ++inherit_total;
                if (index->contains(*inherit)) ++inherit_resolved;
            }
        }
        CHECK_FALSE(sorted);
        CHECK(max_position == file.area_count() - 1);  // positions, spec 9.4
        CHECK(inherit_resolved == inherit_total);        // inherit is an id
    }
}

TEST_CASE("awpy de_dust2: analyzed, and every approach entry references an existing area") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::vector<std::byte> bytes;
    const nav_file file = open_corpus(*folder, "pnxenopoulos__awpy__de_dust2.nav", bytes);
    CHECK(file.analyzed() == true);
    CHECK(file.places().size() == 26);
    auto index = make_area_index(file);
    REQUIRE(index.ok());
    std::size_t approach = 0;
    for (const area& a : file.areas()) {
        REQUIRE(a.game_data().cstrike().has_value());
        for (const approach_spot s : a.approach_spots()) {
            ++approach;
            CHECK(index->contains(s.here_area()));
            CHECK((s.prev_area() == 0 || index->contains(s.prev_area())));
            CHECK(index->contains(s.next_area()));
        }
        for (unsigned d = 0; d < 4; ++d) {
            for (std::uint32_t id : a.connections(static_cast<direction>(d))) CHECK(index->contains(id));
        }
    }
    CHECK(approach == 10218);
}

TEST_CASE("GoldSrc files with stale trailing bytes still give the spec's counts") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::vector<std::byte> bytes;
    const nav_file file = open_corpus(*folder, "luc4sFr__cslinux__fy_iceworld.nav", bytes);
    CHECK(file.version() == 3);
    CHECK(file.area_count() == 94);
    CHECK(file.trailing().size() == 2268);
    CHECK_FALSE(file.bsp_size().has_value());
    CHECK(file.places().empty());
    CHECK(file.ladders().empty());
}

TEST_CASE("corpus place names resolve from area place indices") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::vector<std::byte> bytes;
    const nav_file file = open_corpus(*folder, "MikuDroid__EnableCSBot__cs_747.nav", bytes);
    REQUIRE(file.places().size() == 15);
    std::size_t named = 0;
    for (const area& a : file.areas()) {
        if (const auto name = file.place_name(a)) {
            CHECK_FALSE(name->empty());
            CHECK(name->find('\0') == std::string_view::npos);
            ++named;
        }
    }
    CHECK(named > 0);
    for (const place p : file.places()) CHECK(p.terminated());
}

TEST_CASE("de_rats: ladders, ladder links and a degenerate area") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::vector<std::byte> bytes;
    const nav_file file = open_corpus(*folder, "manicogaming__NavMeshes__de_rats_1337_v2.nav", bytes);
    CHECK(file.ladders().size() == 30);
    CHECK(file.warnings().has(warning::degenerate_area));
    auto index = make_area_index(file);
    REQUIRE(index.ok());
    for (const ladder l : file.ladders()) {
        CHECK_FALSE(l.is_dangling().has_value());
        CHECK(l.length() > 0.0f);
        for (unsigned c = 0; c < 5; ++c) {
            const std::uint32_t id = l.connected_area(static_cast<ladder_connection>(c));
            CHECK((id == 0 || index->contains(id)));
        }
    }
}

}  // namespace source_corpus_test
