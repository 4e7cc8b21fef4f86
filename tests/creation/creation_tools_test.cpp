// The navspan command on Bethesda plugins (navspan/tools/
// creation/): dump, validate, svg/obj (the scene) and path (the
// walkable view) on the bundled sample, on builder plugins of every NVNM version, on
// every corpus plugin, and on crafted plugins with one known problem each.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/creation.hpp>
#include <navspan/nav.hpp>

#include "creation/builder.hpp"
#include <navspan/tools/info.hpp>
#include <navspan/tools/modules.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "support/picture_check.hpp"
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "support/json.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_creation_tools_test {

namespace cf = navspan::tools::creation_format;
namespace creation = navspan::creation;
using namespace navspan_test;

namespace {

std::filesystem::path sample_path() { return sample_file("sample_skyrim.esp"); }

json_value dump_json(navspan::bytes_view bytes) { return dump_as_json(bytes, cf::dump); }

navspan::tools::findings validate(navspan::bytes_view bytes) { return validate_findings(bytes, cf::validate); }

std::size_t count_check(const navspan::tools::findings& found, const std::string& check) {
    return static_cast<std::size_t>(
        std::count_if(found.begin(), found.end(), [&](const navspan::tools::finding& f) { return f.check == check; }));
}

struct reader_totals {
    std::size_t navmeshes = 0, triangles = 0, vertices = 0, edge_links = 0, door_links = 0;
};

reader_totals totals(navspan::bytes_view bytes) {
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::inflate_buffer scratch;
    reader_totals t;
    const auto e = creation::for_each_navmesh(
        *p, scratch,
        [&](const creation::navmesh_entry& n) {
            ++t.navmeshes;
            t.triangles += n.navmesh.triangles().size();
            t.vertices += n.navmesh.vertices().size();
            t.edge_links += n.navmesh.edge_links().size();
            t.door_links += n.navmesh.door_links().size();
        },
        creation::nvnm_search::every_record);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return t;
}

// The dump agrees with the reader on every navmesh's counts, global
// numbering and first values.
void check_dump(navspan::bytes_view bytes) {
    const json_value d = dump_json(bytes);
    CHECK(d.find("format")->text == "creation_plugin");
    CHECK(json_number(*d.find("bytes")) == bytes.size());
    const reader_totals t = totals(bytes);
    const json_value& summary = *d.find("summary");
    CHECK(json_number(*summary.find("navmeshes")) == t.navmeshes);
    CHECK(json_number(*summary.find("triangles")) == t.triangles);
    std::size_t index = 0, global = 0, vertices = 0, edge_links = 0, door_links = 0;
    for (const json_value& r : d.find("records")->items) {
        CHECK(r.find("type")->text.size() == 4);
        for (const json_value& n : r.find("navmeshes")->items) {
            CHECK(json_number(*n.find("index")) == index++);
            CHECK(json_number(*n.find("first_triangle")) == global);
            for (const json_value& tri : n.find("triangles")->items) {
                CHECK(json_number(*tri.find("global")) == global++);
                CHECK(tri.find("vertices")->items.size() == 3);
            }
            vertices += n.find("vertices")->items.size();
            edge_links += n.find("edge_links")->items.size();
            door_links += n.find("door_links")->items.size();
            const json_value& grid = *n.find("grid");
            const std::uint64_t divisor = json_number(*grid.find("divisor"));
            CHECK(grid.find("cells")->items.size() == divisor * divisor);
        }
    }
    CHECK(index == t.navmeshes);
    CHECK(global == t.triangles);
    CHECK(vertices == t.vertices);
    CHECK(edge_links == t.edge_links);
    CHECK(door_links == t.door_links);
}

navspan::tools::scene scene_of(navspan::bytes_view bytes) {
    navspan::tools::scene sc;
    sc.title = "test";
    const navspan::error e = navspan_test::call_opened(bytes, cf::build_scene, sc);
    REQUIRE_MESSAGE(e.ok(), e.message());
    return sc;
}

// The walkable views of `navspan path`: one per space of the plugin, and
// the form id and first global triangle number (the dump's numbering) of
// each navmesh, to find triangles by the numbers the dump shows.
struct plugin_walkables {
    std::vector<navspan::nav::walkable> spaces;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> meshes;  // form id, first triangle

    navspan::nav::polygon_id id_of(std::uint64_t global) const {
        for (std::size_t i = meshes.size(); i-- > 0;) {
            if (meshes[i].second <= global) return {meshes[i].first, static_cast<std::uint32_t>(global - meshes[i].second)};
        }
        return {};
    }
    std::size_t triangles() const {
        std::size_t n = 0;
        for (const auto& w : spaces) n += w.polygon_count();
        return n;
    }
    // A path between two global triangle numbers in the space holding both.
    std::vector<navspan::nav::polygon_id> path(std::uint64_t from, std::uint64_t to) const {
        namespace nav = navspan::nav;
        for (const nav::walkable& w : spaces) {
            const auto a = w.find(id_of(from)), b = w.find(id_of(to));
            if (a == nav::no_polygon || b == nav::no_polygon) continue;
            nav::path_scratch scratch(w);
            const auto found = nav::find_path(w, a, nav::centre(w, a), b, nav::centre(w, b), scratch);
            std::vector<nav::polygon_id> ids;
            for (const nav::polygon_index p : found.corridor) ids.push_back(w.id(p));
            return ids;
        }
        return {};
    }
};

plugin_walkables walkables_of(navspan::bytes_view bytes) {
    namespace nav = navspan::nav;
    plugin_walkables out;
    const auto plugin = navspan::creation::plugin_file::open(bytes);
    REQUIRE(plugin);
    navspan::creation::inflate_buffer scratch;
    std::uint64_t next = 0;
    REQUIRE(navspan::creation::for_each_navmesh(*plugin, scratch, [&](const navspan::creation::navmesh_entry& n) {
        out.meshes.emplace_back(n.record.form_id(), next);
        next += n.navmesh.triangles().size();
    }).ok());
    std::vector<nav::plugin_space> spaces;
    REQUIRE(nav::plugin_spaces(*plugin, scratch, spaces).ok());
    for (const nav::plugin_space& s : spaces) {
        auto w = nav::make_walkable(*plugin, s, scratch);
        REQUIRE(w);
        out.spaces.push_back(std::move(*w));
    }
    return out;
}

}  // namespace

TEST_CASE("creation tools: the bundled sample") {
    REQUIRE(std::filesystem::exists(sample_path()));
    const auto bytes = read_file(sample_path());
    check_dump(bytes);
    const json_value d = dump_json(bytes);
    const json_value& header = *d.find("header");
    CHECK(header.find("game")->text == "skyrim");
    CHECK(header.find("masters")->items.size() == 1);
    const json_value& rec = d.find("records")->items.at(0);
    CHECK(rec.find("type")->text == "NAVM");
    CHECK(rec.find("form_id_hex")->text == "01000D63");
    CHECK(rec.find("compressed")->boolean);
    const json_value& mesh = rec.find("navmeshes")->items.at(0);
    CHECK(mesh.find("offset_in")->text == "inflated record");
    CHECK(mesh.find("cover_triangles")->items.size() == 3);
    CHECK(mesh.find("waypoints")->type == json_value::kind::null);
    CHECK(mesh.find("triangles")->items.at(0).find("flag_names")->items.at(0).text == "Door");

    CHECK_MESSAGE(validate(bytes).empty(), findings_text(validate(bytes)));

    const auto sc = scene_of(bytes);
    CHECK(sc.polygons.size() == 12);
    CHECK(sc.points.size() == 1);  // the door link
    CHECK(std::vector<std::string>(sc.polygon_categories.begin(), sc.polygon_categories.end()) ==
          std::vector<std::string>{"door", "walkable"});
    CHECK(sc.polygon_colours.size() == 2);
    REQUIRE(sc.groups.size() == 1);
    CHECK(sc.groups[0].name == "interior cell 0x01000D62 navspanCell");  // its editor id after the form id
    CHECK(sc.groups[0].editor_id == "navspanCell");
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(count_of(svg, "<polygon") == 12);
    const std::string obj = navspan_test::obj_text(sc);
    const auto checked = navspan_test::check_obj(obj);
    CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    CHECK(checked.vertices == 4 * 3 + 1);  // a 3 x 2 grid of quads shares its 4 x 3 corners; the door point
    CHECK(checked.faces == 12);

    const auto g = walkables_of(bytes);
    REQUIRE(g.triangles() == 12);
    const auto path = g.path(0, 11);
    REQUIRE(!path.empty());
    CHECK(path.front() == navspan::nav::polygon_id{0x01000D63, 0});
    CHECK(path.back() == navspan::nav::polygon_id{0x01000D63, 11});
}

TEST_CASE("creation tools: builder plugins of every version and compression") {
    for (std::uint32_t version : {12u, 15u, 17u}) {
        for (auto c : {compression::none, compression::dynamic}) {
            CAPTURE(version);
            const auto bytes = make_plugin(version, c);
            check_dump(bytes);
            const auto found = validate(bytes);
            CHECK_MESSAGE(found.empty(), findings_text(found));
            const auto sc = scene_of(bytes);
            // Three groups: the base object, the interior cell, the worldspace;
            // the interior (4 x 3 quads, the most triangles) is drawn.
            REQUIRE(sc.groups.size() == 3);
            std::size_t all = 0;
            for (const auto& group : sc.groups) all += group.polygons;
            CHECK(all == totals(bytes).triangles);
            CHECK(sc.drawn_group == 0x01000800);
            CHECK(sc.polygons.size() == 24);
            // Edge links lead to 0x0100A001, not in the plugin: drawn as edges.
            CHECK(std::find(sc.line_categories.begin(), sc.line_categories.end(), "edge link to a master's navmesh") !=
                  sc.line_categories.end());
            if (version == 17) CHECK(sc.units == "m");
            const json_value d = dump_json(bytes);
            const json_value& furn = d.find("records")->items.at(0);
            CHECK(furn.find("type")->text == "FURN");
            CHECK(furn.find("inflated_size")->type == json_value::kind::null);
            const json_value& ext = d.find("records")->items.at(2).find("navmeshes")->items.at(0);
            CHECK(ext.find("exterior")->boolean);
            CHECK(ext.find("grid_x")->text == "3");
            CHECK(ext.find("grid_y")->text == "-2");
            CHECK((ext.find("waypoints")->type == json_value::kind::array) == (version >= 15));
            CHECK((ext.find("trailer")->type == json_value::kind::null) == (version != 17));
        }
    }
}

TEST_CASE("creation tools: a deleted NAVM is dumped without navmeshes") {
    plugin_writer p;
    p.begin_top_group("CELL");
    p.begin_group(0, 2).begin_group(0, 3);
    p.record("CELL", 0x01000800, cell_subrecords("c"));
    p.begin_group(0x01000800, 6).begin_group(0x01000800, 9);
    p.record("NAVM", 0x01000801, {}, compression::none, creation::record_flag::deleted);
    p.end_group().end_group().end_group().end_group();
    p.end_group();
    const auto bytes = std::move(p).finish();
    const json_value d = dump_json(bytes);
    const json_value& rec = d.find("records")->items.at(0);
    CHECK(rec.find("deleted")->boolean);
    CHECK(rec.find("navmeshes")->items.empty());
    CHECK(json_number(*rec.find("owner_cell")) == 0x01000800);
    CHECK(validate(bytes).empty());
    CHECK(scene_of(bytes).polygons.empty());
}

TEST_CASE("creation tools: a bad plugin fails every subcommand before output") {
    auto bytes = make_plugin(12);
    // Corrupt the zlib stream of the first compressed record (its Adler-32).
    auto p = creation::plugin_file::open(bytes);
    REQUIRE(p.ok());
    creation::record_walker w = p->walk(navspan::fourcc("NAVM"));
    creation::record r;
    REQUIRE(w.next_record(r));
    bytes[static_cast<std::size_t>(r.data_offset() + r.data_size() - 1)] ^= std::byte{0xFF};
    CHECK(navspan_test::check_refused_before_writing(bytes, cf::dump, cf::validate, cf::build_scene).code != navspan::error_code::none);
}

// Issue 16 #9: a record whose inflated subrecords end 4 bytes short made
// `info` fail while dump and validate exited 0. Every subcommand now gives
// info's error.
TEST_CASE("creation tools: info, dump, validate, svg and path agree on a record cut 4 bytes short") {
    for (const compression c : {compression::none, compression::dynamic}) {
        CAPTURE(static_cast<int>(c));
        auto subs = cell_subrecords("ShortCell");
        byte_writer tail;
        tail.fourcc("XCLW").u16(4);  // a 4-byte subrecord with its 4 bytes missing
        subs.insert(subs.end(), tail.bytes().begin(), tail.bytes().end());
        plugin_writer w;
        w.begin_top_group("CELL").record("CELL", 0x01000D62, subs, c).end_group();
        const auto bytes = std::move(w).finish();
        REQUIRE(creation::plugin_file::open(bytes).ok());

        std::string info;
        const navspan::error from_info = navspan::tools::info_json(bytes, info);
        REQUIRE(!from_info.ok());
        std::string text;
        navspan::tools::output o(text);
        navspan::tools::json_writer jw(o);
        CHECK(navspan_test::call_opened(bytes, cf::dump, jw) == from_info);
        navspan::tools::findings found;
        CHECK(navspan_test::call_opened(bytes, cf::validate, found, navspan::tools::check_choice{}) == from_info);
        navspan::tools::scene sc;
        CHECK(navspan_test::call_opened(bytes, cf::build_scene, sc) == from_info);
    }
}

TEST_CASE("creation tools: every corpus plugin") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::vector<std::byte>& bytes) {
        ++files;
        check_dump(bytes);
        const auto found = validate(bytes);
        CHECK_MESSAGE(found.empty(), findings_text(found));
        const auto sc = scene_of(bytes);
        // Every group drawn on its own adds up to every triangle.
        std::size_t all = 0;
        for (const auto& group : sc.groups) {
            navspan::tools::scene one;
            one.options.cell = group.form_id;
            REQUIRE(navspan_test::call_opened(bytes, cf::build_scene, one).ok());
            CHECK(one.drawn_group == group.form_id);
            CHECK(one.polygons.size() == group.polygons);
            all += one.polygons.size();
            CHECK(group.polygons <= sc.polygons.size());  // the default is the largest
        }
        CHECK(all == totals(bytes).triangles);
        CHECK(sc.polygons.size() > 0);
        const std::string svg = navspan_test::svg_text(sc);
        CHECK(count_of(svg, "<polygon") == sc.polygons.size());
        CHECK(navspan_test::svg_numbers_problem(svg).empty());
        const auto obj = navspan_test::check_obj(navspan_test::obj_text(sc));
        CHECK_MESSAGE(obj.problem.empty(), obj.problem);
        CHECK(obj.faces == sc.polygons.size());
        CHECK(obj.vertices < sc.polygons.size() * 3);  // shared
        CHECK(walkables_of(bytes).triangles() >= sc.polygons.size());  // the picture shows the largest cell only
    });
    CHECK(files == 7);
}

TEST_CASE("creation tools: paths in real plugins, inside a navmesh and across edge links") {
    NAVSPAN_REQUIRE_CORPUS(folder, "creation-plugins");
    {
        // Cheat Room: navmesh #1 (475 triangles, from global 12) is one
        // connected room floor.
        const auto bytes = read_file(*folder / "files" / "Bradenm1__Skyrim-mods__Cheat_Room.esp");
        const auto g = walkables_of(bytes);
        const auto path = g.path(12, 400);
        REQUIRE(!path.empty());
        CHECK(path.back() == g.id_of(400));
    }
    {
        // CompanionArissa: triangle 2100 is in navmesh #3 (exterior cell
        // (-22, 23)), 5700 in navmesh #10 (cell (-22, 21)); the path crosses
        // cells through edge links between the plugin's own navmeshes.
        const auto bytes = read_file(*folder / "files" / "chesko256__Arissa__CompanionArissa.esm");
        const json_value d = dump_json(bytes);
        std::vector<std::uint64_t> firsts;
        for (const json_value& r : d.find("records")->items) {
            for (const json_value& n : r.find("navmeshes")->items) firsts.push_back(json_number(*n.find("first_triangle")));
        }
        REQUIRE(firsts.size() == 11);
        auto mesh_of = [&](std::uint64_t id) {
            return static_cast<std::size_t>(std::upper_bound(firsts.begin(), firsts.end(), id) - firsts.begin() - 1);
        };
        const auto g = walkables_of(bytes);
        const auto path = g.path(2100, 5700);
        REQUIRE(!path.empty());
        std::size_t crossings = 0;
        for (std::size_t i = 1; i < path.size(); ++i) crossings += path[i].primary != path[i - 1].primary;
        CHECK(mesh_of(2100) == 3);
        CHECK(mesh_of(5700) == 10);
        CHECK(crossings >= 2);
        const auto sc = scene_of(bytes);
        CHECK(std::count(sc.polygon_categories.begin(), sc.polygon_categories.end(), "water") == 1);
        CHECK(std::find(sc.line_categories.begin(), sc.line_categories.end(), "edge link") != sc.line_categories.end());
        CHECK(sc.points.size() == 1);  // the door link in this worldspace (the other is in a cell of its own)
    }
}

TEST_CASE("creation tools: validate finds each crafted problem") {
    SUBCASE("clean grid mesh") {
        const auto bytes = plugin_of({plain_mesh()});
        CHECK_MESSAGE(validate(bytes).empty(), findings_text(validate(bytes)));
    }
    SUBCASE("one-way neighbour") {
        auto m = plain_mesh();
        // Triangle 1's edge 0 leads to triangle 0; triangle 0 forgets it.
        REQUIRE(m.triangles[0].e[2] == 1);
        m.triangles[0].e[2] = 0xFFFF;
        const auto found = validate(plugin_of({m}));
        REQUIRE(count_check(found, "one-way-neighbour") == 1);
        const auto* f = find_check(found, "one-way-neighbour");
        CHECK(f->record.find("navmesh #0 (NAVM 01000801 in cell 01000800") == 0);
        CHECK(f->record.find("triangle 1") != std::string::npos);
        CHECK(f->message.find("(neighbour triangle 0)") != std::string::npos);
    }
    SUBCASE("one-way neighbour in an uncompressed record: the offset is a file offset") {
        auto m = plain_mesh();
        m.triangles[0].e[2] = 0xFFFF;
        const auto bytes = plugin_of({m}, compression::none);
        const auto found = validate(bytes);
        const auto* f = find_check(found, "one-way-neighbour");
        REQUIRE(f != nullptr);
        // Triangle 1, edge 0: the file bytes there hold 0 (triangle 0).
        REQUIRE(f->offset + 2 <= bytes.size());
        CHECK(navspan::load_u16(bytes.data() + f->offset) == 0);
        CHECK(f->record.find("inflated") == std::string::npos);
    }
    SUBCASE("neighbour across an edge it does not share") {
        auto m = plain_mesh();
        // Triangles 0 and 5 name each other, but share no edge.
        m.triangles[0].e[0] = 5;
        m.triangles[5].e[0] = 0;
        const auto found = validate(plugin_of({m}));
        CHECK(count_check(found, "neighbour-edge-mismatch") >= 1);
    }
    SUBCASE("grid cell that misses a triangle, and one that lists a far one") {
        auto m = plain_mesh(12, 12);
        REQUIRE(m.divisor > 1);
        auto& cell0 = m.cells[0];
        REQUIRE(!cell0.empty());
        const std::uint16_t dropped = cell0.front();
        cell0.erase(cell0.begin());
        m.cells.back().push_back(0);  // triangle 0 is in the opposite corner
        const auto found = validate(plugin_of({m}));
        const auto* miss = find_check(found, "grid-cell-misses-triangle");
        REQUIRE(miss != nullptr);
        CHECK(miss->record.find("grid cell 0") != std::string::npos);
        CHECK(miss->message.find("(triangle " + std::to_string(dropped) + ")") != std::string::npos);
        const auto* extra = find_check(found, "grid-cell-extra-triangle");
        REQUIRE(extra != nullptr);
        CHECK(extra->message.find("(triangle 0)") != std::string::npos);
    }
    SUBCASE("a triangle in no cell") {
        auto m = plain_mesh(2, 1);
        REQUIRE(m.divisor == 1);
        m.cells[0].erase(std::find(m.cells[0].begin(), m.cells[0].end(), std::uint16_t{3}));
        const auto found = validate(plugin_of({m}));
        CHECK(count_check(found, "triangle-in-no-cell") == 1);
        CHECK(count_check(found, "grid-cell-misses-triangle") == 1);
    }
    SUBCASE("grid bounds and cell size") {
        auto m = plain_mesh();
        m.max[0] -= 100;
        const auto found = validate(plugin_of({m}));
        CHECK(count_check(found, "grid-bounds") > 0);
        CHECK(count_check(found, "grid-cell-size") == 1);
    }
    SUBCASE("grid divisor above 12") {
        auto m = plain_mesh();
        fill_grid(m, 13);
        const auto found = validate(plugin_of({m}));
        CHECK(count_check(found, "grid-divisor-large") == 1);
        CHECK(count_check(found, "grid-cell-misses-triangle") == 0);
    }
    SUBCASE("degenerate triangle") {
        auto m = plain_mesh();
        m.triangles[4].v[2] = m.triangles[4].v[0];
        CHECK(count_check(validate(plugin_of({m})), "degenerate-triangle") == 1);
    }
    SUBCASE("door link on a triangle without the Door flag") {
        auto m = plain_mesh();
        m.door_links.push_back({2, 0xE48B73F3u, 0x0100B001});
        const auto found = validate(plugin_of({m}));
        REQUIRE(count_check(found, "door-triangle-without-door-flag") == 1);
        CHECK(find_check(found, "door-triangle-without-door-flag")->record.find("door link 0") != std::string::npos);
        CHECK(find_check(found, "door-triangle-without-door-flag")->message.find("(triangle 2)") != std::string::npos);
    }
    SUBCASE("cover triangle without cover") {
        auto m = plain_mesh();
        m.cover_triangles.push_back(5);
        CHECK(count_check(validate(plugin_of({m})), "cover-triangle-without-cover") == 1);
    }
    SUBCASE("unreferenced edge link") {
        auto m = plain_mesh();
        m.edge_links.push_back({0, 0x0100A001, 0, 0});
        CHECK(count_check(validate(plugin_of({m})), "unreferenced-edge-link") == 1);
    }
    SUBCASE("duplicate form ids") {
        const auto found = validate(duplicate_navmesh_id_plugin());
        CHECK(count_check(found, "duplicate-form-id") == 1);
    }
    SUBCASE("edge links between two navmeshes of the plugin") {
        // Navmesh 0x01000801's right border links to 0x01000803's left
        // border and back: clean. Then break one side each way.
        // Right's triangles on its left border link back to left's right
        // border triangles (linked_navmesh_pair, creation/builder.hpp).
        auto linked = linked_navmesh_pair();  // no structured binding: clang 14 cannot capture one in the CHECK lambdas
        auto& left = linked.first;
        auto& right = linked.second;
        {
            const auto found = validate(plugin_of({left, right}));
            CHECK_MESSAGE(found.empty(), findings_text(found));
            const auto bytes = plugin_of({left, right});
            // Two interior cells are two coordinate spaces, never joined.
            CHECK(walkables_of(bytes).path(0, 15).empty());
            // Two navmeshes of one cell are one walkable: from left's first
            // triangle to right's last, only through the edge links.
            auto same_left = left, same_right = right;
            same_left.parent = same_right.parent = 0x01000800;
            const auto one_cell = walkables_of(plugin_of({same_left, same_right}));
            REQUIRE(one_cell.spaces.size() == 1);
            CHECK(!one_cell.path(0, 15).empty());
            const auto sc = scene_of(bytes);
            CHECK(sc.groups.size() == 2);
            CHECK(std::count_if(sc.lines.begin(), sc.lines.end(), [&](const navspan::tools::scene_line& l) {
                      return sc.line_categories[l.category] == "edge link to another cell";
                  }) == 2);
        }
        auto one_way = left;
        one_way.edge_links[0].triangle = 0;  // right's triangle 0 has no link back
        const auto found = validate(plugin_of({one_way, right}));
        CHECK(count_check(found, "one-way-edge-link") == 2);  // and right's link 0 now has no partner either
        auto nothing = left;
        nothing.edge_links[1].triangle = 500;
        const auto found2 = validate(plugin_of({nothing, right}));
        REQUIRE(count_check(found2, "edge-link-into-nothing") == 1);
        CHECK(find_check(found2, "edge-link-into-nothing")->message.find("(triangle 500)") != std::string::npos);
    }
}

// Issue 14: plugins are drawn one cell or worldspace at a time.
TEST_CASE("creation tools: pictures of one group at a time, --cell and the largest by default") {
    const auto bytes = plugin_of({plain_mesh(2, 2), plain_mesh(5, 4), plain_mesh(3, 3)});
    const auto sc = scene_of(bytes);
    REQUIRE(sc.groups.size() == 3);
    CHECK(sc.drawn_group == 0x01000802);  // the 5 x 4 navmesh
    CHECK(sc.polygons.size() == 40);
    CHECK(sc.groups[0].name == "interior cell 0x01000800 navspanCell");
    navspan::tools::scene first;
    first.options.cell = 0x01000800;
    REQUIRE(navspan_test::call_opened(bytes, cf::build_scene, first).ok());
    CHECK(first.polygons.size() == 8);
    navspan::tools::scene none;
    none.options.cell = 0x0BADF00D;
    REQUIRE(navspan_test::call_opened(bytes, cf::build_scene, none).ok());
    CHECK(none.polygons.empty());
    CHECK(none.drawn_group == 0);  // the command reports the groups there are
    navspan::tools::scene by_mesh;
    by_mesh.options.colour_by = "navmesh";
    REQUIRE(navspan_test::call_opened(plugin_of({}), cf::build_scene, by_mesh).ok());
    CHECK(by_mesh.polygons.empty());
    CHECK(navspan_test::svg_text(by_mesh).find(">no navmesh in this plugin</text>") != std::string::npos);
}

// Issue 16 #2: 100,000 one-quad navmeshes took 136 s in svg and 88 s in obj
// (a linear search per category, and per category a pass over every
// polygon). Registered in tests.cmake as its own test with a timeout.
TEST_CASE("creation tools: 100,000 navmeshes in one cell draw in linear time") {
    plugin_writer p(header_for_version(12));
    p.begin_top_group("CELL");
    auto quad = make_grid_mesh(12, 1, 1, {.edge_links = false, .doors = false, .cover = false, .waypoints = false});
    quad.parent = 0x01000800;
    const std::vector<std::vector<std::byte>> navms(100000, navm_subrecords(quad));
    write_interior_cell(p, 0x01000800, navms, 0x01001000, compression::none);
    p.end_group();
    const auto bytes = std::move(p).finish();
    const auto sc = scene_of(bytes);
    CHECK(sc.polygons.size() == 200000);
    CHECK(sc.polygon_categories.size() == 100000);  // one colour per navmesh
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(count_of(svg, "<polygon") == 200000);
    CHECK(svg.find("more (colours repeat)") != std::string::npos);
    const auto obj = navspan_test::check_obj(navspan_test::obj_text(sc));
    CHECK(obj.problem.empty());
    CHECK(obj.faces == 200000);
    CHECK(obj.vertices == 4);  // every quad at the same place
    CHECK(obj.groups.size() == 100000);
}

// Issue 27: a worldspace whose navmeshes lie far apart (a plugin's house
// plots across the map) is drawn one area at a time, the largest first.
TEST_CASE("creation tools: a worldspace's far-apart navmeshes are drawn one area at a time") {
    plugin_writer p(header_for_version(12));
    const std::uint32_t world = 0x01000900;
    p.begin_top_group("WRLD");
    {
        subrecord_writer s;
        s.add_text("EDID", "navspanWorld");
        p.record("WRLD", world, s.bytes());
        p.begin_group(world, 1).begin_group(0, 4).begin_group(0, 5);
        // Cells (3, -2) and (4, -2) side by side, and (40, 20) far away.
        const int cells[3][2] = {{3, -2}, {4, -2}, {40, 20}};
        const unsigned sizes[3] = {3, 2, 2};
        for (std::uint32_t i = 0; i < 3; ++i) {
            const std::uint32_t cell = 0x01000910 + i;
            subrecord_writer cs;
            byte_writer xclc;
            xclc.i32(cells[i][0]).i32(cells[i][1]).u32(0);
            cs.add("XCLC", xclc.bytes());
            p.record("CELL", cell, cs.bytes());
            p.begin_group(cell, 6).begin_group(cell, 9);
            auto m = make_grid_mesh(12, sizes[i], sizes[i],
                                    {.origin_x = static_cast<float>(cells[i][0]) * 4096.0f,
                                     .origin_y = static_cast<float>(cells[i][1]) * 4096.0f});
            m.world = world;
            m.parent = nvnm_data::grid_parent(static_cast<std::int16_t>(cells[i][0]), static_cast<std::int16_t>(cells[i][1]));
            p.record("NAVM", 0x01000920 + i, navm_subrecords(m));
            p.end_group().end_group();
        }
        p.end_group().end_group().end_group();
    }
    p.end_group();
    const auto bytes = std::move(p).finish();
    const auto sc = scene_of(bytes);
    REQUIRE(sc.groups.size() == 1);
    CHECK(sc.groups[0].name == "worldspace 0x01000900 navspanWorld");
    CHECK(sc.area_count == 2);
    CHECK(sc.drawn_area == 1);
    CHECK(sc.area_note == "area 1 of 2, cells (3, -2) to (4, -2)");
    CHECK(sc.polygons.size() == 2 * (9 + 4));  // the two side by side: 3 x 3 and 2 x 2 quads
    navspan::tools::scene distant;
    distant.options.area = 2;
    REQUIRE(navspan_test::call_opened(bytes, cf::build_scene, distant).ok());
    CHECK(distant.area_note == "area 2 of 2, cells (40, 20) to (40, 20)");
    CHECK(distant.polygons.size() == 2 * 4);
    navspan::tools::scene beyond;
    beyond.options.area = 3;
    REQUIRE(navspan_test::call_opened(bytes, cf::build_scene, beyond).ok());
    CHECK(beyond.polygons.empty());  // the command says how many areas there are
}

TEST_CASE("creation tools: a picture draws at most limits::polygons_per_kib of the plugin's triangles (issue 35, H4)") {
    // Three navmeshes of 512 triangles in one interior cell; a budget of
    // 1 per KiB plus 1024 leaves room for two of them.
    nvnm_data mesh = plain_mesh(16, 16);
    mesh.parent = 0x01000800;  // the cell
    const std::vector<std::byte> navm = navm_subrecords(mesh);
    plugin_writer p;
    p.begin_top_group("CELL");
    write_interior_cell(p, 0x01000800, {navm, navm, navm}, 0x01000801, compression::dynamic);
    p.end_group();
    const std::vector<std::byte> bytes = std::move(p).finish();
    creation::options o;
    o.limits.polygons_per_kib = 1;
    o.limits.polygon_floor = 1024;
    auto plugin = creation::plugin_file::open(bytes, o);
    REQUIRE(plugin);
    navspan::tools::scene picture;
    const navspan::error e = cf::build_scene(*plugin, picture);
    CHECK(e.code == navspan::error_code::limit_exceeded);
    CHECK(std::string(e.record) == "navmesh record (its triangles pass limits::polygons_per_kib)");
    CHECK(e.value == 3 * 512);
    CHECK(e.bound == (bytes.size() + 1023) / 1024 + 1024);
    CHECK(picture.polygons.empty());  // refused before any triangle is drawn
    std::vector<navspan::tools::scene> parts;
    CHECK(cf::build_split_scenes(*plugin, picture, parts).code == navspan::error_code::limit_exceeded);

    o.limits.polygons_per_kib = 1024;  // raised: every triangle is drawn
    auto raised = creation::plugin_file::open(bytes, o);
    REQUIRE(raised);
    navspan::tools::scene drawn;
    REQUIRE(cf::build_scene(*raised, drawn).ok());
    CHECK(drawn.polygons.size() == 3 * 512);
}

}  // namespace creation_creation_tools_test
