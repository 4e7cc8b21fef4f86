// The navspan command on NAV2 files (navspan/tools/quake/):
// dump, validate, svg/obj (the scene) and path (the walkable view) on the bundled
// sample, on every corpus file, on every version the builder writes, and on
// crafted files with one known problem each.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include <navspan/nav.hpp>
#include <navspan/quake.hpp>

#include "builder.hpp"
#include <navspan/tools/modules.hpp>
#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "support/corpus.hpp"
#include "support/corpus_files.hpp"
#include "support/json.hpp"
#include "support/picture_check.hpp"
#include "support/tool_runs.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace quake_quake_tools_test {

namespace q = navspan::quake;
namespace qf = navspan::tools::quake_format;
using namespace navspan_test;

namespace {

std::filesystem::path sample_path() { return sample_file("sample_v18.nav"); }

// The dump of `bytes` parsed back; fails the test when it does not parse.
json_value dump_json(navspan::bytes_view bytes) { return dump_as_json(bytes, qf::dump); }

navspan::tools::findings validate(navspan::bytes_view bytes) { return validate_findings(bytes, qf::validate); }

// Whether the file has a link from `from` to `to` in from's link range.
bool linked(const q::nav_file& f, std::size_t from, std::size_t to) {
    for (const q::link l : f.nodes()[from].links()) {
        if (l.destination() == to) return true;
    }
    return false;
}

// Checks the dump of an opened file against the reader, record by record.
void check_dump_matches(navspan::bytes_view bytes, const q::nav_file& f) {
    const json_value d = dump_json(bytes);
    CHECK(d.find("format")->text == "quake_nav");
    CHECK(json_number(*d.find("bytes")) == bytes.size());
    const json_value& header = *d.find("header");
    CHECK(json_number(*header.find("version")) == static_cast<std::uint64_t>(f.version()));
    CHECK((header.find("heuristic")->type == json_value::kind::null) == !f.heuristic().has_value());
    const auto& nodes = d.find("nodes")->items;
    const auto& links = d.find("links")->items;
    const auto& traversals = d.find("traversals")->items;
    const auto& edicts = d.find("edicts")->items;
    REQUIRE(nodes.size() == f.node_count());
    REQUIRE(links.size() == f.link_count());
    REQUIRE(traversals.size() == f.traversal_count());
    REQUIRE(edicts.size() == f.edict_count());
    for (const q::node n : f.nodes()) {
        const json_value& j = nodes[n.index()];
        CHECK(json_number(*j.find("flags")) == n.flags_raw());
        CHECK(json_number(*j.find("link_count")) == n.link_count());
        CHECK(json_number(*j.find("first_link")) == n.first_link());
        CHECK(json_number(*j.find("radius")) == n.radius());
        CHECK(j.find("flag_names")->items.size() == static_cast<std::size_t>(std::popcount(
                                                         static_cast<unsigned>(n.flags_raw() & 0x1FFu))));
        CHECK(std::stof(j.find("origin")->items[2].text) == n.position().z);
    }
    for (const q::link l : f.links()) {
        const json_value& j = links[l.index()];
        CHECK(json_number(*j.find("destination")) == l.destination());
        CHECK(json_number(*j.find("type")) == l.type_raw());
        CHECK(j.find("type_name")->text == l.type_name());
        CHECK(json_number(*j.find("traversal")) == l.traversal_index());
        CHECK((j.find("team_mask")->type == json_value::kind::null) == (f.version() < 18));
    }
    // Offsets are those of the file: the last record ends where the file does.
    const std::uint64_t edict_table = json_number(*d.find("edict_table")->find("offset"));
    CHECK(edict_table + 4 + std::uint64_t{f.edict_count()} * f.layout().edict_size == bytes.size());
    if (!edicts.empty()) {
        CHECK(json_number(*edicts.back().find("offset")) + f.layout().edict_size == bytes.size());
    }
    if (!links.empty()) {
        CHECK(json_number(*links.front().find("offset")) ==
              f.layout().header_size + std::uint64_t{f.node_count()} * 20);
    }
}

// The node reached from `start` in the most hops (breadth first).
std::size_t farthest_from(const q::nav_file& f, std::size_t start) {
    std::vector<int> hops(f.node_count(), -1);
    std::queue<std::size_t> todo;
    hops[start] = 0;
    todo.push(start);
    std::size_t last = start;
    while (!todo.empty()) {
        const std::size_t u = todo.front();
        todo.pop();
        last = u;
        for (const q::link l : f.nodes()[u].links()) {
            if (hops[l.destination()] < 0) {
                hops[l.destination()] = hops[u] + 1;
                todo.push(l.destination());
            }
        }
    }
    return last;
}

// Every subcommand on one valid file; `expected_findings` is what validate
// must report (check names, in order).
void check_every_subcommand(navspan::bytes_view bytes, const std::vector<std::string>& expected_findings) {
    const auto opened = q::nav_file::open(bytes);
    REQUIRE_MESSAGE(opened.ok(), opened.error().message());
    const q::nav_file& f = *opened;

    check_dump_matches(bytes, f);

    const navspan::tools::findings found = validate(bytes);
    std::vector<std::string> checks;
    for (const auto& x : found) checks.push_back(x.check);
    CHECK_MESSAGE(checks == expected_findings, findings_text(found));

    navspan::tools::scene sc;
    sc.title = "quake";
    REQUIRE(navspan_test::call_opened(bytes, qf::build_scene, sc).ok());
    CHECK(sc.points.size() == f.node_count());
    CHECK(sc.polygons.empty());
    CHECK(!sc.lines.empty());
    CHECK(sc.line_colours.size() == sc.line_categories.size());
    CHECK(sc.point_colours.size() == sc.point_categories.size());
    const std::string svg = navspan_test::svg_text(sc);
    CHECK(count_of(svg, "<circle") >= f.node_count());
    CHECK(count_of(svg, "<line") >= sc.lines.size());
    CHECK(svg.find("id=\"legend\"") != std::string::npos);
    CHECK(svg.find("Walk (") != std::string::npos);
    std::string obj;
    navspan::tools::output obj_out(obj);
    navspan::tools::write_obj(sc, obj_out);
    // Nodes as points on shared vertices; links (every Quake line is one)
    // by default, a map without polygons being its links (issue 27), as an
    // object of their own; none with --no-links.
    const auto checked = navspan_test::check_obj(obj);
    CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    CHECK(checked.vertices <= f.node_count());
    CHECK(checked.points == f.node_count());
    CHECK(checked.lines == sc.lines.size());
    sc.options.show_links = navspan::tools::picture_options::links::hidden;
    obj.clear();
    navspan::tools::write_obj(sc, obj_out);
    CHECK(navspan_test::check_obj(obj).lines == 0);
    sc.options.show_links = navspan::tools::picture_options::links::shown;
    obj.clear();
    navspan::tools::write_obj(sc, obj_out);
    const auto with_links = navspan_test::check_obj(obj);
    CHECK_MESSAGE(with_links.problem.empty(), with_links.problem);
    CHECK(with_links.lines == sc.lines.size());
    CHECK(with_links.objects.back() == "links");
    CHECK(navspan_test::svg_numbers_problem(svg).empty());

    namespace nav = navspan::nav;
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    REQUIRE(w->polygon_count() == f.node_count());
    CHECK(w->link_count() <= f.link_count());
    const auto goal = static_cast<nav::polygon_index>(farthest_from(f, 0));
    nav::path_scratch scratch(*w);
    const auto path = nav::find_path(*w, 0, nav::centre(*w, 0), goal, nav::centre(*w, goal), scratch);
    REQUIRE(path.status == nav::path_status::found);
    CHECK(path.corridor.front() == 0);
    CHECK(path.corridor.back() == goal);
    for (std::size_t i = 1; i < path.corridor.size(); ++i) CHECK(linked(f, path.corridor[i - 1], path.corridor[i]));
}

}  // namespace

TEST_CASE("every subcommand works on the bundled sample") {
    const auto bytes = read_file(sample_path());
    REQUIRE(!bytes.empty());
    check_every_subcommand(bytes, {});

    // A few values a reader of ../dump/quake.md can check by hand.
    const json_value d = dump_json(bytes);
    const json_value& node0 = d.find("nodes")->items[0];
    CHECK(json_number(*node0.find("offset")) == 24);
    CHECK(json_number(*node0.find("origin_offset")) == 64);
    CHECK(node0.find("flag_names")->items[0].text == "Teleporter");
    CHECK(node0.find("flag_names")->items[1].text == "CheckForFloor");
    const json_value& link7 = d.find("links")->items[7];
    CHECK(json_number(*link7.find("offset")) == 124 + 7 * 6);
    CHECK(json_number(*link7.find("from")) == 2);
    CHECK(link7.find("type_name")->text == "ManualJump");
    CHECK(json_number(*link7.find("team_mask")) == 0x0F);
    CHECK(link7.find("for_all_teams")->boolean);
    CHECK(json_number(*link7.find("traversal")) == 0xFFFF);
    CHECK_FALSE(link7.find("has_traversal")->boolean);
    const json_value& edict0 = d.find("edicts")->items[0];
    CHECK(edict0.find("entity_id")->text == "-17");
    CHECK(json_number(*edict0.find("entity_index")) == 16);
    CHECK(edict0.find("tail_words") == nullptr);
    CHECK(json_number(*d.find("trailing_bytes")) == 0);

    namespace nav = navspan::nav;
    const auto w = nav::make_walkable(bytes);
    REQUIRE(w);
    CHECK(w->ids() == nav::id_scheme::quake_node);
    // 0 -> 2 is a LongJump, 2 -> 4 a ManualJump; 4 has no links out.
    nav::path_scratch scratch(*w);
    const auto there = nav::find_path(*w, 0, nav::centre(*w, 0), 4, nav::centre(*w, 4), scratch);
    CHECK(there.corridor.size() >= 2);
    const nav::link* jump = w->find_link(0, 2);
    REQUIRE(jump != nullptr);
    CHECK(jump->kind == nav::link_kind::jump);
    CHECK(nav::find_path(*w, 4, {}, 0, {}, scratch).status == nav::path_status::no_path);
}

TEST_CASE("every subcommand works on every version the builder writes") {
    for (std::int32_t version = 12; version <= 18; ++version) {
        CAPTURE(version);
        const auto bytes = build_quake(sample_quake_spec(version));
        check_every_subcommand(bytes, {});
        const json_value d = dump_json(bytes);
        const json_value& edict1 = d.find("edicts")->items[1];
        if (version == 13 || version == 14) {
            REQUIRE(edict1.find("tail_words") != nullptr);
            CHECK(edict1.find("tail_words")->items[1].text == "-43");
            CHECK(edict1.find("entity_id") == nullptr);
        } else if (version >= 15) {
            CHECK(edict1.find("entity_id")->text == "-42");
        } else {
            CHECK(edict1.find("entity_id") == nullptr);
            CHECK(edict1.find("tail_words") == nullptr);
        }
        CHECK(d.find("layout")->find("evidence")->text ==
              q::to_string(q::layouts_of(version).evidence));
    }
}

TEST_CASE("every subcommand works on every corpus file") {
    NAVSPAN_REQUIRE_CORPUS(folder, "quake-nav");
    std::size_t files = 0;
    navspan_test::for_each_corpus_file(*folder, [&](const std::string& name, const std::vector<std::byte>& bytes) {
        // The one problem found in the public files: hip1m5's version 15 has
        // an Elevator link without an edict, which its version 17 has not.
        std::vector<std::string> expected;
        if (name.find("hip1m5.2361cdd2") != std::string::npos) expected = {"moving-link-without-edict"};
        check_every_subcommand(bytes, expected);
        ++files;
    });
    MESSAGE("quake-nav corpus: every subcommand on " << files << " files");
    CHECK(files == 31);
}

TEST_CASE("a file that does not verify is refused before anything is written") {
    auto bytes = build_quake(sample_quake_spec(18));
    bytes.pop_back();
    CHECK(navspan_test::check_refused_before_writing(bytes, qf::dump, qf::validate, qf::build_scene).code == navspan::error_code::count_too_large);
}

// Offsets in a version 18 sample: nodes at 24, origins at 64, links at 124,
// traversals at 178, the edict count at 286, edicts (30 bytes) at 290.
TEST_CASE("validate reports each crafted problem with its record and offset") {
    struct crafted {
        const char* check;
        void (*change)(quake_nav_spec&);
        const char* record;
        std::uint64_t offset;
    };
    static const crafted cases[] = {
        {"link-into-nothing", [](quake_nav_spec& s) { s.links[0].destination = 99; }, "link #0 (node #0 -> node #99)", 124},
        {"link-to-self", [](quake_nav_spec& s) { s.links[1].destination = 0; }, "link #1 (node #0 -> node #0)", 130},
        {"missing-traversal", [](quake_nav_spec& s) { s.links[2].traversal = 7; }, "link #2 (node #0 -> node #4)", 140},
        {"node-links-out-of-range", [](quake_nav_spec& s) { s.nodes[4].link_count = 5; }, "node #4", 60},
        {"edict-link-into-nothing", [](quake_nav_spec& s) { s.edicts[0].link = 50; }, "edict #0 (link #50)", 290},
        {"duplicate-link", [](quake_nav_spec& s) { s.links[1].destination = 1; s.links[1].type = 0; },
         "link #1 (node #0 -> node #1)", 130},
        {"shared-traversal", [](quake_nav_spec& s) { s.links[4].traversal = 0; }, "traversal #0", 178},
        {"unused-traversal", [](quake_nav_spec& s) { s.links[6].traversal = 0xFFFF; }, "traversal #2", 250},
        {"unowned-link", [](quake_nav_spec& s) { s.nodes[3].link_count = 0; }, "link #8 (no node -> node #2)", 172},
        {"shared-link", [](quake_nav_spec& s) { s.nodes[1].link_count = 3; }, "link #5 (node #2 -> node #3)", 154},
        {"unknown-link-type", [](quake_nav_spec& s) { s.links[0].type = 12; }, "link #0 (node #0 -> node #1)", 126},
        {"unknown-node-flags", [](quake_nav_spec& s) { s.nodes[0].flags = 0x8041; }, "node #0", 24},
        {"isolated-node", [](quake_nav_spec& s) { s.nodes.push_back({0, 0, 9, 16, {5, 5, 5}}); }, "node #5", 64},
        {"moving-link-without-edict", [](quake_nav_spec& s) { s.edicts.pop_back(); }, "link #8 (node #3 -> node #2)", 174},
        {"inverted-edict-box", [](quake_nav_spec& s) { s.edicts[0].mins.x = 1000; }, "edict #0 (link #5)", 292},
        {"non-negative-entity-id", [](quake_nav_spec& s) { s.edicts[1].entity_id = 5; }, "edict #1 (link #8)", 346},
        {"non-finite-position",
         [](quake_nav_spec& s) { s.nodes[2].origin.z = std::numeric_limits<float>::quiet_NaN(); }, "node #2", 88},
        {"too-many-links",
         [](quake_nav_spec& s) {
             s.nodes[4].link_count = 13;
             for (std::uint16_t i = 0; i < 13; ++i) s.links.push_back({i, 0, 0xFF, 0xFFFF});
         },
         "node #4", 58},
    };
    for (const crafted& c : cases) {
        CAPTURE(c.check);
        quake_nav_spec spec = sample_quake_spec(18);
        c.change(spec);
        const auto bytes = build_quake(spec);
        const navspan::tools::findings found = validate(bytes);
        const navspan::tools::finding* f = find_check(found, c.check);
        REQUIRE_MESSAGE(f != nullptr, findings_text(found));
        CHECK(f->record == c.record);
        CHECK(f->offset == c.offset);
        CHECK(!f->message.empty());
    }
}

TEST_CASE("validate reports bytes after the edict table") {
    auto bytes = build_quake(sample_quake_spec(18));
    bytes.resize(bytes.size() + 3);
    const navspan::tools::findings found = validate(bytes);
    REQUIRE(found.size() == 1);
    CHECK(found[0].check == "trailing-bytes");
    CHECK(found[0].offset == 350);
}

TEST_CASE("validate lists at most 200 findings of a kind, then counts the rest") {
    quake_nav_spec spec = sample_quake_spec(18);
    for (int i = 0; i < 250; ++i) spec.nodes.push_back({0, 0, 9, 16, {0, 0, 0}});
    const navspan::tools::findings found = validate(build_quake(spec));
    REQUIRE(found.size() == 201);
    CHECK(found.back().check == "isolated-node");
    CHECK(found.back().message == "50 more findings of this kind not listed");
}

TEST_CASE("the tools resolve nothing out of range and stay linear on overlapping link ranges") {
    // Links pointing nowhere: still dumped and drawn, the bad link left out.
    quake_nav_spec spec = sample_quake_spec(17);
    spec.links[0].destination = 400;
    spec.nodes[1].first_link = 60000;
    const auto bytes = build_quake(spec);
    CHECK_FALSE(q::nav_file::open(bytes).ok());
    const json_value d = dump_json(bytes);
    CHECK(json_number(*d.find("links")->items[0].find("destination")) == 400);
    CHECK(d.find("links")->items[3].find("from")->type == json_value::kind::null);
    navspan::tools::scene sc;
    REQUIRE(navspan_test::call_opened(bytes, qf::build_scene, sc).ok());
    CHECK(sc.points.size() == 5);
    const auto w = navspan::nav::make_walkable(bytes);
    REQUIRE(w);
    CHECK(w->link_count() <= 9 - 1 - 2);  // link 0 leads nowhere, node 1's range is gone

    // 300 nodes each owning all 65,535 links: 20 million edges, refused.
    quake_nav_spec wide;
    wide.version = 18;
    for (int i = 0; i < 300; ++i) wide.nodes.push_back({0, 65535, 0, 16, {static_cast<float>(i), 0, 0}});
    wide.links.assign(65535, {1, 0, 0xFF, 0xFFFF});
    const auto wide_bytes = build_quake(wide);
    CHECK(navspan::nav::make_walkable(wide_bytes).code() == navspan::error_code::limit_exceeded);
    navspan::tools::findings found;
    REQUIRE(navspan_test::call_opened(wide_bytes, qf::validate, found, navspan::tools::check_choice{}).ok());
    const navspan::tools::finding* shared = find_check(found, "shared-link");
    REQUIRE(shared != nullptr);
    CHECK(shared->message == "the link ranges of several nodes include this link (nodes 300)");
}

// Issue 16 #7: nodes at NaN or infinite origins gave lines with y2="-nan"
// (the bounds skipped them, the lines did not).
TEST_CASE("pictures: nodes at origins that are not finite are left out, every number finite") {
    auto spec = navspan_test::sample_quake_spec(18);
    REQUIRE(spec.nodes.size() >= 3);
    spec.nodes[1].origin = {std::numeric_limits<float>::quiet_NaN(), 0, 0};
    spec.nodes[2].origin = {0, -std::numeric_limits<float>::infinity(), 5};
    const auto bytes = navspan_test::build_quake(spec);
    for (const char* by : {"", "height"}) {
        navspan::tools::scene sc;
        sc.options.colour_by = by;
        REQUIRE(navspan_test::call_opened(bytes, qf::build_scene, sc).ok());
        if (sc.options.colour_by == "height") navspan::tools::colour_by_height(sc);
        const std::string svg = navspan_test::svg_text(sc);
        CHECK_MESSAGE(navspan_test::svg_numbers_problem(svg).empty(), navspan_test::svg_numbers_problem(svg));
        CHECK(svg.find("nan") == std::string::npos);
        CHECK(svg.find("left out: coordinates not finite") != std::string::npos);
        sc.options.show_links = navspan::tools::picture_options::links::shown;
        const std::string obj = navspan_test::obj_text(sc);
        const auto checked = navspan_test::check_obj(obj);
        CHECK_MESSAGE(checked.problem.empty(), checked.problem);
    }
}

}  // namespace quake_quake_tools_test
