// The Source 2 bot analysis (navspan/source2/bot_analysis.hpp) on the real
// version-35 file lobby_mapveto.nav: its 8 hiding spots by area, id and
// position, and its earliest-occupy times, through the Source 2 reader.
#include <navspan/source2.hpp>
#include <navspan/source2/bot_analysis.hpp>
#include <navspan/source2/validate.hpp>
#include <navspan/source2/encounter_handles.hpp>
#include <navspan/source2/generation_blob.hpp>

#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "support/alloc_counter.hpp"
#include "support/corpus.hpp"
#include "kv3_writer.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace kv3_bot_analysis_test {

TEST_CASE("bot analysis: lobby_mapveto.nav's hiding spots, per area, through the Source 2 reader") {
    NAVSPAN_REQUIRE_CORPUS(dir, "source2-nav");
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
    NAVSPAN_REQUIRE_CORPUS(dir, "source2-nav");
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
    for (const char* id : {"missing-approach-area", "missing-encounter-area", "bot-analysis-area-count",
                           "approach-edge-out-of-range", "encounter-edge-out-of-range", "unresolved-encounter-handle",
                           "hiding-spot-outside-area"}) {
        CHECK(real.count(id) == 0);
    }

    // lobby_mapveto: four quads; edge 0 of each is its only connected edge
    // (area 1 <-> 3, area 2 <-> 4), edges 1-3 have no connection.
    REQUIRE(ids == std::vector<std::uint32_t>{1, 2, 3, 4});
    auto entry = [&](std::vector<tv> encounters, std::vector<tv> approaches, std::vector<tv> spots = {}) {
        return t_object({{"hidingspotdata", t_array(std::move(spots))},
                         {"spotencounterdata", t_array(std::move(encounters))},
                         {"approachdata", t_array(std::move(approaches))}});
    };
    // A path from handle `from` (entering by edge fd) to `to` (edge td).
    auto encounter = [](std::int32_t from, std::int32_t fd, std::int32_t to, std::int32_t td) {
        return t_object({{"from", t_i32(from)}, {"fromdir", t_i32(fd)}, {"to", t_i32(to)}, {"todir", t_i32(td)}});
    };
    auto approach = [](std::int32_t prev, std::int32_t here, std::int32_t next, std::int32_t here_back = 0,
                       std::int32_t next_back = 0) {
        return t_object({{"prev", t_i32(prev)}, {"here", t_i32(here)}, {"herebackedge", t_i32(here_back)},
                         {"next", t_i32(next)}, {"nextbackedge", t_i32(next_back)}});
    };
    auto spot = [](std::int32_t id, double x, double y) {
        return t_object({{"id", t_i32(id)}, {"pos", t_array({t_f32(static_cast<float>(x)), t_f32(static_cast<float>(y)), t_f32(4)})},
                         {"flags", t_i32(1)}});
    };
    auto findings_of = [](const validated& v, std::string_view id) {
        std::vector<navspan::finding> out;
        for (const auto& f : v.findings) if (f.check->id == id) out.push_back(f);
        return out;
    };
    const std::int32_t missing = 0xDEAD;
    const std::int32_t h3 = -0x500 * 3, h1 = 0x500;  // handles of areas 3 and 1 (one negative)

    SUBCASE("consistent references, -1 prev and back edges, handles that resolve: no finding") {
        std::vector<tv> areas{entry({encounter(h3, 0, h3, 0)}, {approach(-1, 1, 3, 0, -1)}, {spot(0, -1645.5, -3200)}),
                              entry({}, {}), entry({encounter(h1, 0, h1, 0)}, {approach(1, 3, 1)}), entry({}, {})};
        const auto file = with_analysis(bytes, t_object({{"arealist", t_array(areas)}}));
        const validated v = validate_bytes(file);
        CHECK(v.findings.size() == real.findings.size());
        // The resolution itself: each handle names the area across its edge.
        auto f = s2::nav_file::open(file);
        REQUIRE(f.ok());
        std::vector<std::byte> scratch(s2::bot_analysis::scratch_size(*f).value());
        auto a = s2::bot_analysis::open(*f, scratch);
        REQUIRE(a.ok());
        CHECK(a->area(0).encounter_paths()[0].from_area()->value == h3);
        CHECK(a->area(0).encounter_paths()[0].to_edge() == 0);
        CHECK(!a->area(0).approach_spots()[0].prev_area());
        CHECK(a->area(0).approach_spots()[0].prev_area_raw() == -1);
        CHECK(a->area(0).approach_spots()[0].next_area() == 3u);
        std::vector<s2::handle_use> uses(s2::encounter_handle_uses(*a));
        std::vector<s2::resolved_handle> out(uses.size());
        auto r = s2::resolve_encounter_handles(*f, *a, uses, out);
        REQUIRE(r.ok());
        CHECK(r->handles().size() == 2);
        CHECK(r->resolved_count() == 2);
        CHECK(r->area_id(s2::area_handle{h3}) == 3u);
        CHECK(r->area_id(s2::area_handle{h1}) == 1u);
        CHECK(!r->area_id(s2::area_handle{missing}));
        std::vector<s2::handle_use> small(1);
        CHECK(s2::resolve_encounter_handles(*f, *a, small, out).code() == navspan::error_code::limit_exceeded);
    }
    SUBCASE("edge indices past the polygon, approach ids no area has") {
        std::vector<tv> areas{entry({encounter(h3, 4, h3, -2)}, {approach(missing, 1, 3, 4, 0)}), entry({}, {}),
                              entry({}, {approach(1, -7, 1, 0, 9)}), entry({}, {})};
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        const auto edges = findings_of(v, "encounter-edge-out-of-range");
        REQUIRE(edges.size() == 2);
        CHECK((edges[0].index == 0 && edges[0].id == 1 && edges[0].value == 4));
        CHECK(edges[0].check->level == navspan::severity::error);
        CHECK(edges[0].offset == nav->custom_data()->offset());
        const auto back = findings_of(v, "approach-edge-out-of-range");
        REQUIRE(back.size() == 2);  // here back edge 4 of area 1; next back edge 9 of area 1
        CHECK((back[0].value == 4 && back[1].value == 9));
        const auto ids_missing = findings_of(v, "missing-approach-area");
        REQUIRE(ids_missing.size() == 2);
        CHECK((ids_missing[0].index == 0 && ids_missing[0].value == std::uint32_t(missing)));
        CHECK((ids_missing[1].index == 2 && ids_missing[1].id == 3 && ids_missing[1].value == std::uint32_t(-7)));
    }
    SUBCASE("a handle no area fits: missing-encounter-area, a warning, once per handle") {
        // h3 used across edge 0 of area 1 (area 3) and of area 2 (area 4);
        // h1 across edge 1 of area 1, which has no neighbour.
        std::vector<tv> areas{entry({encounter(h3, 0, h1, 1), encounter(h1, 1, h3, 0)}, {}),
                              entry({encounter(h3, 0, h3, 0)}, {}), entry({}, {}), entry({}, {})};
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        const auto m = findings_of(v, "missing-encounter-area");
        REQUIRE(m.size() == 2);
        CHECK(m[0].check->level == navspan::severity::warning);
        CHECK(m[0].record == "encounter handle");
        CHECK(m[0].value == 0);  // no area left
        CHECK(v.count("unresolved-encounter-handle") == 0);
    }
    SUBCASE("a hiding spot away from its area: a warning; 1 unit off is rounding") {
        std::vector<tv> areas{entry({}, {}, {spot(7, -1645.9, -3200), spot(8, 0, 0)}), entry({}, {}), entry({}, {}),
                              entry({}, {})};
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        const auto out = findings_of(v, "hiding-spot-outside-area");
        REQUIRE(out.size() == 1);
        CHECK((out[0].index == 0 && out[0].value == 8));
        CHECK(out[0].check->level == navspan::severity::warning);
    }
    SUBCASE("an area list of another length than the area table") {
        std::vector<tv> areas{entry({}, {}), entry({}, {}), entry({}, {}), entry({}, {}),
                              entry({}, {approach(missing, 1, 3)})};
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        CHECK(v.count("bot-analysis-area-count") == 1);
        REQUIRE(v.count("missing-approach-area") == 1);
        for (const auto& f : findings_of(v, "missing-approach-area")) CHECK((f.index == 4 && f.id == 4));
    }
    SUBCASE("entries without the keys, or with other types, are not checked") {
        std::vector<tv> areas;
        for (std::size_t i = 0; i < 4; ++i) {
            areas.push_back(entry({t_object({{"from", t_str("x")}})}, {t_object({{"other", t_u32(0xDEAD)}}), t_u32(7)}));
        }
        const validated v = validate_bytes(with_analysis(bytes, t_object({{"arealist", t_array(areas)}})));
        CHECK(v.findings.size() == real.findings.size());
    }
}

}  // namespace kv3_bot_analysis_test
