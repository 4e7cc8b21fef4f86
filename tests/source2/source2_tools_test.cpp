// The navspan command on Source 2 files (navspan/tools/source2/):
// dump parsed back and compared with the reader field by field, validate,
// and the pictures (one hull at a time) on every seed and corpus file.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <navspan/source2.hpp>

#include "builder.hpp"
#include <navspan/tools/modules.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "support/corpus.hpp"
#include "support/json.hpp"
#include "support/picture_check.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source2_source2_tools_test {

namespace s2t = navspan::source2;
namespace s2f = navspan::tools::source2_format;

namespace {

void check_source2_tools(const std::vector<std::byte>& bytes) {
    const auto f = s2t::nav_file::open(bytes);
    REQUIRE_MESSAGE(f.ok(), f.error().message());
    const navspan_test::json_value d = navspan_test::dump_as_json(bytes, s2f::dump);
    CHECK(d.find("format")->text == "source2_nav");
    CHECK(navspan_test::json_number(*d.find("header")->find("version")) == f->version());
    const auto& areas = d.find("areas")->items;
    REQUIRE(areas.size() == f->area_count());
    std::size_t k = 0;
    for (const s2t::area& a : f->areas()) {
        const auto& x = areas[k++];
        CHECK(navspan_test::json_number(*x.find("id")) == a.id());
        CHECK(navspan_test::json_number(*x.find("offset")) == static_cast<std::uint64_t>(a.bytes().data() - bytes.data()));
        CHECK(navspan_test::json_number(*x.find("hull_index")) == a.hull_index());
        CHECK(x.find("corners")->items.size() == a.corners().size());
        REQUIRE(x.find("edges")->items.size() == a.edge_count());
        std::size_t e = 0;
        for (const s2t::edge& ed : a.edges()) {
            const auto& list = x.find("edges")->items[e++].items;
            REQUIRE(list.size() == ed.connections().size());
            for (std::size_t c = 0; c < list.size(); ++c) {
                CHECK(navspan_test::json_number(*list[c].find("area_id")) == ed.connections()[c].area_id());
                CHECK(navspan_test::json_number(*list[c].find("edge")) == ed.connections()[c].edge_index());
            }
        }
    }
    const auto& blobs = d.find("kv3_blobs")->items;
    REQUIRE(blobs.size() == f->kv3_blobs().size());
    for (std::size_t i = 0; i < blobs.size(); ++i) {
        CHECK(navspan_test::json_number(*blobs[i].find("offset")) == f->kv3_blobs()[i].offset());
        CHECK(navspan_test::json_number(*blobs[i].find("bytes")) == f->kv3_blobs()[i].size());
    }
    CHECK(d.find("ladders")->items.size() == f->ladder_count());
    CHECK(d.find("generation")->find("hulls")->items.size() == f->hulls().size());
    CHECK(navspan_test::json_number(*d.find("generation")->find("hull_count")) == f->hull_count());

    navspan::tools::findings found = navspan_test::validate_findings(bytes, s2f::validate);
    (void)found;

    // One picture per hull present; the polygons of each are that hull's areas.
    std::vector<std::size_t> per_hull(256, 0);
    for (const s2t::area& a : f->areas()) ++per_hull[a.hull_index()];
    for (int hull = 0; hull < 256; ++hull) {
        if (per_hull[static_cast<std::size_t>(hull)] == 0) continue;
        navspan::tools::scene sc;
        sc.options.hull = hull;
        REQUIRE(navspan_test::call_opened(bytes, s2f::build_scene, sc).ok());
        CHECK(sc.polygons.size() == per_hull[static_cast<std::size_t>(hull)]);
        CHECK(sc.drawn_group == static_cast<std::uint32_t>(hull + 1));
        const std::string svg = navspan_test::svg_text(sc);
        CHECK(navspan_test::svg_numbers_problem(svg).empty());
        const std::string obj = navspan_test::obj_text(sc);
        const auto checked = navspan_test::check_obj(obj);
        CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    }
}

}  // namespace

TEST_CASE("source2 command tools on every version the builder writes") {
    for (const std::uint32_t version : {30u, 31u, 32u, 33u, 35u, 36u}) {
        CAPTURE(version);
        check_source2_tools(navspan_test::s2b::write(navspan_test::s2b::full_model(version)));
    }
}

TEST_CASE("source2 command tools on the corpus") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    for (const auto& row : navspan_test::expected_rows(*folder)) {
        CAPTURE(row.file);
        check_source2_tools(navspan_test::read_file(*folder / "files" / row.file));
    }
}

TEST_CASE("source2 picture: the hiding spots of the bot analysis as points (lobby_mapveto.nav)") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source2-nav");
    namespace s2 = navspan::source2;
    const auto bytes = navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__lobby_mapveto.nav");
    const auto f = s2::nav_file::open(bytes);
    REQUIRE(f.ok());
    auto size = s2::bot_analysis::scratch_size(*f);
    REQUIRE(size.ok());
    std::vector<std::byte> scratch(*size);
    const auto analysis = s2::bot_analysis::open(*f, scratch);
    REQUIRE(analysis.ok());

    navspan::tools::scene sc;
    REQUIRE(navspan_test::call_opened(bytes, s2f::build_scene, sc).ok());
    REQUIRE(sc.point_categories.size() == 1);
    CHECK(sc.point_categories[0] == "hiding spot");
    REQUIRE(sc.points.size() == analysis->hiding_spot_count());
    REQUIRE(sc.points.size() == 8);
    std::size_t k = 0;
    for (std::size_t i = 0; i < analysis->area_count(); ++i) {
        for (const s2::analysis_hiding_spot spot : analysis->area(i).hiding_spots()) {
            CHECK(sc.points[k].at == spot.position());
            CHECK(sc.points[k].label.find("hiding spot " + std::to_string(*spot.id()) + " (area ") == 0);
            CHECK(sc.points[k].label.find("IN_COVER") != std::string::npos);
            ++k;
        }
    }
    std::string svg;
    navspan::tools::output svg_out(svg);
    const auto drawn = navspan::tools::write_svg(sc, svg_out);
    CHECK(drawn.points == 8);
    CHECK(svg.find("hiding spot") != std::string::npos);  // legend and tooltips
    CHECK(navspan_test::svg_numbers_problem(svg).empty());

    // A file without custom data: no points.
    navspan::tools::scene flat;
    REQUIRE(navspan_test::call_opened(navspan_test::read_file(*folder / "files" / "ValveResourceFormat__ValveResourceFormat__preview_flat.nav"), s2f::build_scene, flat).ok());
    CHECK(flat.points.empty());
}

}  // namespace source2_source2_tools_test
