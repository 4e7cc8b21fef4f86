// The Source 2 bot analysis (navspan/source2/bot_analysis.hpp) on the real
// version-35 file lobby_mapveto.nav: its 8 hiding spots by area, id and
// position, and its earliest-occupy times, through the Source 2 reader.
#include <navspan/source2.hpp>
#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/validate.hpp>

#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "kv3_writer.hpp"

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

namespace {

// lobby_mapveto.nav with its custom data replaced by `analysis` (a KV3 v4
// blob written plain by the test writer): the custom data is the file's
// last blob, so everything before it stays as it is.
std::vector<std::byte> with_analysis(const std::vector<std::byte>& file, const navspan_kv3_test::tv& analysis) {
    auto nav = navspan::source2::nav_file::open(file);
    REQUIRE(nav.ok());
    const auto blob = nav->custom_data();
    REQUIRE(blob.has_value());
    std::vector<std::byte> out(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(blob->offset()));
    const auto kv3 = navspan_kv3_test::kv3_writer(4, navspan_kv3_test::method::none).write(analysis);
    out.insert(out.end(), kv3.begin(), kv3.end());
    return out;
}

struct validated {
    std::vector<navspan::finding> findings;
    std::size_t count(std::string_view check) const {
        std::size_t n = 0;
        for (const auto& f : findings) n += f.check != nullptr && f.check->id == check ? std::size_t{1} : std::size_t{0};
        return n;
    }
};

validated validate_bytes(const std::vector<std::byte>& bytes) {
    auto nav = navspan::source2::nav_file::open(bytes);
    REQUIRE_MESSAGE(nav.ok(), nav.error().message());
    validated v;
    const auto e = navspan::source2::validate(*nav, [&](const navspan::finding& f) { v.findings.push_back(f); });
    REQUIRE(e.ok());
    return v;
}

}  // namespace

TEST_CASE("validate: the area references of the bot analysis (crafted KV3 in lobby_mapveto.nav)") {
    auto dir = navspan_test::corpus_folder("source2-nav");
    if (!dir) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): the bot analysis checks are not tested");
        return;
    }
    using namespace navspan_kv3_test;
    namespace s2 = navspan::source2;
    const auto bytes = navspan_test::read_file(*dir / "files" / "ValveResourceFormat__ValveResourceFormat__lobby_mapveto.nav");
    auto nav = s2::nav_file::open(bytes);
    REQUIRE(nav.ok());
    std::vector<std::uint32_t> ids;
    for (const s2::area& a : nav->areas()) ids.push_back(a.id());
    REQUIRE(ids.size() == 4);

    // The real file: no finding of these checks.
    const validated real = validate_bytes(bytes);
    CHECK(real.count("missing-approach-area") == 0);
    CHECK(real.count("missing-encounter-area") == 0);
    CHECK(real.count("bot-analysis-area-count") == 0);

    auto entry = [&](std::vector<tv> encounters, std::vector<tv> approaches) {
        return t_object({{"hidingspotdata", t_array({})},
                         {"spotencounterdata", t_array(std::move(encounters))},
                         {"approachdata", t_array(std::move(approaches))}});
    };
    auto encounter = [](std::uint64_t from, std::uint64_t to) {
        return t_object({{"from", t_u32(static_cast<std::uint32_t>(from))}, {"to", t_u64(to)}, {"order", t_array({})}});
    };
    auto approach = [](std::uint32_t prev, std::uint32_t here, std::uint32_t next) {
        return t_object({{"prev", t_u32(prev)}, {"here", t_u32(here)}, {"next", t_u32(next)}});
    };
    const std::uint32_t missing = 0xDEAD;

    SUBCASE("every reference names an area, 0 names none: no finding") {
        std::vector<tv> areas;
        for (std::size_t i = 0; i < 4; ++i) {
            areas.push_back(entry({encounter(ids[i], ids[(i + 1) % 4])}, {approach(0, ids[i], ids[(i + 2) % 4])}));
        }
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        CHECK(v.count("missing-approach-area") == 0);
        CHECK(v.count("missing-encounter-area") == 0);
        CHECK(v.count("bot-analysis-area-count") == 0);
    }
    SUBCASE("one finding per missing area id, on the area whose entry names it") {
        std::vector<tv> areas;
        areas.push_back(entry({encounter(missing, ids[1]), encounter(ids[0], std::uint64_t{1} << 40)}, {}));
        areas.push_back(entry({}, {approach(missing, ids[1], 0), approach(ids[0], ids[1], missing + 1)}));
        areas.push_back(entry({}, {}));
        areas.push_back(entry({encounter(ids[3], missing)}, {}));
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        REQUIRE(v.count("missing-encounter-area") == 3);
        REQUIRE(v.count("missing-approach-area") == 2);
        CHECK(v.count("bot-analysis-area-count") == 0);
        const std::uint64_t blob_at = nav->custom_data()->offset();
        for (const auto& f : v.findings) {
            if (f.check->id == std::string_view("missing-encounter-area")) {
                CHECK(f.record == "area");
                CHECK(f.offset == blob_at);
                CHECK((f.index == 0 || f.index == 3));
                CHECK(f.id == ids[static_cast<std::size_t>(f.index)]);
                CHECK((f.value == missing || f.value == std::uint64_t{1} << 40));
            } else if (f.check->id == std::string_view("missing-approach-area")) {
                CHECK(f.index == 1);
                CHECK(f.id == ids[1]);
                CHECK((f.value == missing || f.value == missing + 1));
            }
        }
    }
    SUBCASE("an area list of another length than the area table") {
        std::vector<tv> areas{entry({}, {}), entry({}, {}), entry({}, {}), entry({}, {}), entry({encounter(missing, 0)}, {})};
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        CHECK(v.count("bot-analysis-area-count") == 1);
        REQUIRE(v.count("missing-encounter-area") == 1);
        for (const auto& f : v.findings) {
            if (f.check->id == std::string_view("missing-encounter-area")) CHECK((f.index == 4 && f.id == 4));
        }
    }
    SUBCASE("entries without the keys, or with other types, are not checked") {
        std::vector<tv> areas;
        for (std::size_t i = 0; i < 4; ++i) {
            areas.push_back(entry({t_object({{"from", t_str("x")}})}, {t_object({{"other", t_u32(missing)}}), t_u32(7)}));
        }
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        CHECK(v.count("missing-approach-area") == 0);
        CHECK(v.count("missing-encounter-area") == 0);
    }
}
