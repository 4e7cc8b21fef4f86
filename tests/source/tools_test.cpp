// The navspan command's source_nav support: dump, validate, svg/obj scene
// and the walkable view `navspan path` uses, on the bundled sample, on crafted files with known
// problems, and on every corpus file.
#include <doctest/doctest.h>

#include "support/tool_runs.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <navspan/source.hpp>

#include <navspan/tools/source/dump.hpp>
#include <navspan/tools/source/scene.hpp>
#include <navspan/tools/source/validate.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "source/builder.hpp"
#include "source/variants.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "support/json.hpp"
#include "support/picture_check.hpp"
#include "support/nav_paths.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace source_tools_test {

namespace sb = navspan_test::source_build;
namespace tools = navspan::tools::source_format;
using navspan_test::json_value;

namespace {

const char* const tools_sample_path = NAVSPAN_SOURCE_DIR "/examples/samples/sample_v16_cstrike.nav";

std::string dump_text(navspan::bytes_view bytes) {
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    const navspan::error e = navspan_test::call_opened(bytes, tools::dump, w);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return text;
}

json_value parse(const std::string& text) { return navspan_test::parsed_json(text); }

navspan::tools::findings validate(navspan::bytes_view bytes) {
    navspan::tools::findings found;
    const navspan::error e = navspan_test::call_opened(bytes, tools::validate, found, navspan::tools::check_choice{});
    REQUIRE_MESSAGE(e.ok(), e.message());
    return found;
}

std::vector<navspan::tools::finding> with_check(const navspan::tools::findings& all, const std::string& check) {
    std::vector<navspan::tools::finding> out;
    for (const auto& f : all) {
        if (f.check == check) out.push_back(f);
    }
    return out;
}

// A small v16 mesh with one of each problem validate looks for.
//   id 1 (0..100)    east -> 2, south -> 99 (no such area), visible 77 (none)
//   id 2 (100..200)  west -> 1, east -> 3 (3 has no way back), east -> 3 again
//   id 3 (200..300)  north -> 3 (itself)
//   id 4             se west of nw (inverted)
//   id 5             zero width (degenerate)
//   id 4 again       (duplicate id)
//   ladder 7         bottom area 42 (none); area 1 links up to ladder 8 (none)
//   encounter path in area 1 from 2 to 77 (none), its spot names hiding spot 555 (none)
sb::mesh problem_mesh() {
    sb::mesh m;
    m.version = 16;
    m.data = sb::game::none;
    auto box = [](std::uint32_t id, float x0, float x1) {
        sb::area a;
        a.id = id;
        a.nw = {x0, 0, 0};
        a.se = {x1, 100, 0};
        return a;
    };
    sb::area a1 = box(1, 0, 100);
    a1.connections[1] = {2};
    a1.connections[2] = {99};
    a1.visible = {{77, 1}};
    a1.ladder_links[0] = {8};
    sb::encounter_path p;
    p.from = 2;
    p.to = 77;
    p.spots = {{555, 10}};
    a1.paths.push_back(p);
    a1.hiding.push_back({600, {1, 1, 0}, 1});
    sb::area a2 = box(2, 100, 200);
    a2.connections[3] = {1};
    a2.connections[1] = {3, 3};
    sb::area a3 = box(3, 200, 300);
    a3.connections[0] = {3};
    sb::area a4 = box(4, 400, 300);
    sb::area a5 = box(5, 500, 500);
    sb::area a6 = box(4, 600, 700);
    m.areas = {a1, a2, a3, a4, a5, a6};
    sb::ladder l;
    l.id = 7;
    l.width = 20;
    l.areas = {1, 0, 0, 0, 42};
    m.ladders.push_back(l);
    m.trailing = {std::byte{1}, std::byte{2}};
    return m;
}

}  // namespace

TEST_CASE("dump of the bundled sample: every record, raw values next to names") {
    const auto bytes = navspan_test::read_file(tools_sample_path);
    const json_value d = parse(dump_text(bytes));
    CHECK(d.find("format")->text == "source_nav");
    CHECK(d.find("version")->text == "16");
    CHECK(d.find("game_data")->text == "cstrike");
    REQUIRE(d.find("places")->items.size() == 2);
    CHECK(d.find("places")->items[0].find("name")->text == "BombsiteA");
    const auto& areas = d.find("areas")->items;
    REQUIRE(areas.size() == 4);
    const json_value& a0 = areas[0];
    CHECK(a0.find("id")->text == "10");
    CHECK(a0.find("place_name")->text == "CTSpawn");
    CHECK(a0.find("connections")->find("east")->items[0].text == "20");
    CHECK(a0.find("hiding_spots")->items[0].find("flag_names")->items.size() == 2);
    CHECK(a0.find("encounter_paths")->items[0].find("spots")->items[0].find("t_raw")->text == "64");
    CHECK(a0.find("game_data")->find("approach_spots")->items[0].find("here_to_next_name")->text == "GO_SOUTH");
    CHECK(a0.find("approach_spots")->type == json_value::kind::null);  // v16: in the game data
    const json_value& a3 = areas[3];
    CHECK(a3.find("attributes")->text == "1032");
    REQUIRE(a3.find("attribute_names")->items.size() == 2);
    CHECK(a3.find("attribute_names")->items[0].text == "NO_JUMP");
    CHECK(a3.find("attribute_names")->items[1].text == "STAND");
    const auto& ladders = d.find("ladders")->items;
    REQUIRE(ladders.size() == 1);
    CHECK(ladders[0].find("direction_name")->text == "EAST");
    CHECK(ladders[0].find("bottom_area")->text == "40");
    CHECK(ladders[0].find("is_dangling")->type == json_value::kind::null);
    CHECK(d.find("trailing_bytes")->text == "0");
}

TEST_CASE("dump covers every version and game the builder writes") {
    sb::for_each_variant([&](const sb::variant& var) {
        const auto bytes = sb::write(sb::sample_mesh(var.version, var.data, var.subversion, true, 5));
        const auto file = navspan::source::nav_file::open(bytes);
        if (!file) return;  // game::unknown needs options the command does not pass
        const json_value d = parse(dump_text(bytes));
        CHECK(d.find("areas")->items.size() == 5);
        if (var.data == sb::game::left4dead2 && var.subversion >= 5) {
            const json_value* g = d.find("areas")->items[1].find("game_data");
            REQUIRE(g->type == json_value::kind::object);
            CHECK(!g->find("visible_areas")->items.empty());
            CHECK(g->find("visible_areas")->items[0].find("area_id") != nullptr);
        }
    });
}

TEST_CASE("dump fails before writing anything when the file does not verify") {
    auto bytes = navspan_test::read_file(tools_sample_path);
    bytes.resize(bytes.size() - 10);
    std::string text;
    navspan::tools::output o(text);
    navspan::tools::json_writer w(o);
    CHECK(!navspan_test::call_opened(bytes, tools::dump, w).ok());
    CHECK(text.empty());
}

TEST_CASE("validate: the sample is clean") {
    const auto found = validate(navspan_test::read_file(tools_sample_path));
    for (const auto& f : found) MESSAGE(f.check, " ", f.record, " ", f.message);
    CHECK(found.empty());
}

TEST_CASE("validate finds each crafted problem, naming the record and the offset of the bad value") {
    const auto bytes = sb::write(problem_mesh());
    const auto found = validate(bytes);
    auto u32_at = [&](std::uint64_t offset) {
        REQUIRE(offset + 4 <= bytes.size());
        return navspan::load_u32(bytes.data() + offset);
    };

    const auto missing = with_check(found, "missing-connection-target");
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].record == "area #0 (id 1)");
    CHECK(u32_at(missing[0].offset) == 99);

    const auto one_way = with_check(found, "one-way-connection");
    REQUIRE(one_way.size() == 2);  // 2 -> 3, listed twice
    CHECK(one_way[0].record == "area #1 (id 2)");
    CHECK(u32_at(one_way[0].offset) == 3);
    CHECK(with_check(found, "duplicate-connection").size() == 1);

    const auto self = with_check(found, "self-connection");
    REQUIRE(self.size() == 1);
    CHECK(self[0].record == "area #2 (id 3)");
    CHECK(u32_at(self[0].offset) == 3);

    const auto inverted = with_check(found, "inverted-area");
    REQUIRE(inverted.size() == 1);
    CHECK(inverted[0].record == "area #3 (id 4)");
    CHECK(navspan::load_f32(bytes.data() + inverted[0].offset) == 400.0f);  // nw.x
    const auto degenerate = with_check(found, "degenerate-area");
    REQUIRE(degenerate.size() == 1);
    CHECK(degenerate[0].record == "area #4 (id 5)");

    const auto duplicate = with_check(found, "duplicate-area-id");
    REQUIRE(duplicate.size() == 1);
    CHECK(duplicate[0].record == "area #5 (id 4)");
    CHECK(u32_at(duplicate[0].offset) == 4);
    CHECK(duplicate[0].message.find("area #3") != std::string::npos);

    const auto ladder_area = with_check(found, "missing-ladder-area");
    REQUIRE(ladder_area.size() == 1);
    CHECK(ladder_area[0].record == "ladder #0 (id 7)");
    CHECK(u32_at(ladder_area[0].offset) == 42);
    // One finding each, at the stored id it names.
    const std::pair<const char*, std::uint32_t> stored_ids[] = {
        {"missing-ladder", 8}, {"missing-visible-area", 77}, {"missing-encounter-area", 77}, {"missing-hiding-spot", 555}};
    for (const auto& e : stored_ids) {
        const char* check_name = e.first;
        CAPTURE(check_name);
        const auto one = with_check(found, check_name);
        REQUIRE(one.size() == 1);
        CHECK(u32_at(one[0].offset) == e.second);
    }

    const auto trailing = with_check(found, "trailing-bytes");
    REQUIRE(trailing.size() == 1);
    CHECK(trailing[0].offset == bytes.size() - 2);
    CHECK(found.size() == 14);
}

TEST_CASE("validate: Left 4 Dead 2 inherit ids and fog place indices, ladder directions, inferred game data") {
    sb::mesh m = sb::sample_mesh(16, sb::game::left4dead2, 14, true, 4);
    for (auto& a : m.areas) a.l4d2.fog_index = 0;
    m.areas[2].l4d2.inherit = 123456;
    m.areas[3].l4d2.fog_index = 9;  // one fog place
    m.ladders[1].direction = 7;
    const auto found = validate(sb::write(m));
    const auto inherit = with_check(found, "missing-visible-area");
    REQUIRE(inherit.size() == 1);
    CHECK(inherit[0].record.find("area #2") == 0);
    CHECK(with_check(found, "bad-fog-place-index").size() == 1);
    CHECK(with_check(found, "bad-ladder-direction").size() == 1);

    // A TF2 file with subversion 1 (no per-area data) is not the
    // Counter-Strike layout its subversion names: read as `none`, and said so.
    sb::mesh tf = sb::sample_mesh(16, sb::game::none, 0, true, 3);
    tf.subversion = 1;
    CHECK(with_check(validate(sb::write(tf)), "game-data-inferred").size() == 1);
}

TEST_CASE("scene, OBJ and walkable view of the sample") {
    const auto bytes = navspan_test::read_file(tools_sample_path);
    navspan::tools::scene sc;
    REQUIRE(navspan_test::call_opened(bytes, tools::build_scene, sc).ok());
    CHECK(sc.polygons.size() == 4);
    CHECK(std::find(sc.polygon_categories.begin(), sc.polygon_categories.end(), "BombsiteA") !=
          sc.polygon_categories.end());
    // Four two-way connections drawn once each, the ladder and its two areas.
    CHECK(std::count_if(sc.lines.begin(), sc.lines.end(), [](const auto& l) { return l.category == 0; }) == 4);
    CHECK(std::none_of(sc.lines.begin(), sc.lines.end(), [](const auto& l) { return l.one_way; }));
    CHECK(sc.lines.size() == 7);

    // Place names on the map, one per place.
    CHECK(sc.labels.size() == 2);
    // Connections are links: drawn on this small map, and in the OBJ only when asked.
    CHECK(sc.is_link(0));

    const std::string obj = navspan_test::obj_text(sc);
    CHECK(obj.find("\nv 0 0 0\n") != std::string::npos);
    CHECK(obj.find("\nf 1 2 3 4\n") != std::string::npos);
    const auto checked = navspan_test::check_obj(obj);
    CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    CHECK(checked.faces == 4);
    CHECK(checked.vertices < 4 * 4 + 2 * 3);  // shared: fewer than the corners and the ladder's line ends

    namespace nav = navspan::nav;
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    CHECK(w->ids() == nav::id_scheme::source_area);
    REQUIRE(w->polygon_count() == 4);
    const auto from = w->find({20, 0}), to = w->find({30, 0});
    REQUIRE(from != nav::no_polygon);
    REQUIRE(to != nav::no_polygon);
    nav::path_scratch scratch(*w);
    const auto path = nav::find_path(*w, from, nav::centre(*w, from), to, nav::centre(*w, to), scratch);
    REQUIRE(path.corridor.size() == 3);  // 20 -> 10 or 40 -> 30
    CHECK(w->id(path.corridor[1]).primary % 30 == 10);
    // Through the midpoints of the two shared sides: 50 + 70.7 + 50.
    CHECK(path.cost == doctest::Approx(170.7).epsilon(0.01));
}

TEST_CASE("scene marks one-way connections; maps without places are coloured by height") {
    const auto bytes = sb::write(problem_mesh());
    navspan::tools::scene sc;
    REQUIRE(navspan_test::call_opened(bytes, tools::build_scene, sc).ok());
    CHECK(std::count_if(sc.lines.begin(), sc.lines.end(), [](const auto& l) { return l.one_way; }) == 1);  // 2 -> 3, listed twice, drawn once
    REQUIRE(!sc.polygon_categories.empty());
    CHECK(sc.height_ramp);
    CHECK(sc.polygon_categories[0].find(" to ") != std::string::npos);
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(svg.find("marker-end=\"url(#arrow)\"") != std::string::npos);
}

TEST_CASE("every subcommand on every corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "source-nav");
    std::size_t files = 0, paths = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        const auto file = navspan::source::nav_file::open(bytes);
        REQUIRE(file.ok());
        ++files;

        // The largest file's dump (tens of MB of visibility entries) is
        // checked as text; the others parse into a document.
        const std::string text = dump_text(bytes);
        if (bytes.size() < 2'000'000) {
            const json_value d = parse(text);
            CHECK(d.find("areas")->items.size() == file->area_count());
        } else {
            CHECK(text.front() == '{');
            CHECK(text.back() == '}');
        }

        navspan::tools::findings found;
        CHECK(navspan_test::call_opened(bytes, tools::validate, found, navspan::tools::check_choice{}).ok());

        navspan::tools::scene sc;
        REQUIRE(navspan_test::call_opened(bytes, tools::build_scene, sc).ok());
        CHECK(sc.polygons.size() == file->area_count());
        const std::string obj = navspan_test::obj_text(sc);
        if (file->area_count() != 0) {
            CHECK(obj.find("\nv ") != std::string::npos);
            CHECK(obj.find("\nf ") != std::string::npos);
        }

        const auto built = navspan::nav::make_walkable(*file);
        REQUIRE(built);
        const navspan::nav::walkable& w = *built;
        CHECK(w.polygon_count() == file->area_count());
        if (w.polygon_count() > 1) {
            navspan_test::check_long_nav_path(w, 0);
            ++paths;
        }
    });
    MESSAGE(files, " corpus files through every subcommand, ", paths, " long paths");
}

namespace {

navspan::tools::scene source_scene(navspan::bytes_view bytes, const navspan::tools::picture_options& options = {}) {
    navspan::tools::scene sc;
    sc.options = options;
    const navspan::error e = navspan_test::call_opened(bytes, tools::build_scene, sc);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return sc;
}

}  // namespace

// Issue 16 #2: 65,535 places used to cost a linear search each (5.5 s in
// svg, 8.7 s in obj). Registered in tests.cmake as its own test with a
// timeout that the quadratic code would exceed.
TEST_CASE("pictures: 65,535 places draw in linear time") {
    sb::mesh m = sb::sample_mesh(16, sb::game::none, 0, false, 0);
    constexpr std::uint32_t n = 65535;
    m.places.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
        std::string name = "place" + std::to_string(i);
        name.push_back('\0');
        m.places.push_back(name);
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        sb::area a;
        a.id = i + 1;
        const float x = static_cast<float>(i % 256) * 10, y = static_cast<float>(i / 256) * 10;
        a.nw = {x, y, 0};
        a.se = {x + 10, y + 10, 0};
        a.place = static_cast<std::uint16_t>(i + 1);
        m.areas.push_back(a);
    }
    const auto bytes = sb::write(m);
    const auto sc = source_scene(bytes);
    CHECK(sc.polygons.size() == n);
    CHECK(sc.polygon_categories.size() == n);
    CHECK(sc.labels.size() == n);
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(svg.find("more (colours repeat)") != std::string::npos);
    CHECK(navspan_test::svg_numbers_problem(svg).empty());
    const auto obj = navspan_test::check_obj(navspan_test::obj_text(sc));
    CHECK(obj.problem.empty());
    CHECK(obj.faces == n);
    CHECK(obj.vertices == 257 * 257 - 1);  // shared corners: a 256 x 256 grid less one area
}

// Issue 16 #7: an area with NaN or infinite corners gave points="nan,nan".
TEST_CASE("pictures: areas with corners that are not finite are left out, every number finite") {
    sb::mesh m = sb::sample_mesh(16, sb::game::none, 0, true, 4);
    m.areas[1].nw = {std::numeric_limits<float>::quiet_NaN(), 0, 0};
    m.areas[2].se = {std::numeric_limits<float>::infinity(), 10, std::numeric_limits<float>::quiet_NaN()};
    const auto bytes = sb::write(m);
    for (const char* by : {"", "height", "attribute"}) {
        navspan::tools::picture_options options;
        options.colour_by = by;
        options.show_links = navspan::tools::picture_options::links::shown;
        auto sc = source_scene(bytes, options);
        if (options.colour_by == "height") navspan::tools::colour_by_height(sc);
        const std::string svg = navspan_test::svg_text(sc);
        CHECK_MESSAGE(navspan_test::svg_numbers_problem(svg).empty(), navspan_test::svg_numbers_problem(svg));
        CHECK(svg.find("left out: coordinates not finite") != std::string::npos);
        const auto obj = navspan_test::check_obj(navspan_test::obj_text(sc));
        CHECK_MESSAGE(obj.problem.empty(), obj.problem);
        CHECK(obj.faces == 2);
    }
}

// Issue 16 #8: place names with markup, invalid UTF-8 and a line break.
TEST_CASE("pictures: place names stay text in SVG and cannot break OBJ lines") {
    sb::mesh m = sb::sample_mesh(16, sb::game::none, 0, true, 4);
    m.places = {std::string("<b>\xFF\nv 1 2 3\0", 14), std::string("Caf\xC3\xA9\0", 6)};
    for (std::size_t i = 0; i < m.areas.size(); ++i) m.areas[i].place = static_cast<std::uint16_t>(1 + i % 2);
    const auto sc = source_scene(sb::write(m));
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(navspan_test::clean_utf8(svg));
    CHECK(svg.find("&lt;b&gt;\xEF\xBF\xBD\xE2\x90\x8Av 1 2 3") != std::string::npos);
    CHECK(svg.find(">Caf\xC3\xA9</text>") != std::string::npos);
    const std::string obj = navspan_test::obj_text(sc);
    const auto checked = navspan_test::check_obj(obj);
    CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    CHECK(obj.find("\nv 1 2 3") == std::string::npos);
}

}  // namespace source_tools_test
