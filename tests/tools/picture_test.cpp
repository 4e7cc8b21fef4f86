#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include <navspan/tools/obj.hpp>
#include <navspan/tools/svg.hpp>
#include "support/picture_check.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace tools_picture_test {

using namespace navspan::tools;

namespace {
scene two_squares() {
    scene sc;
    sc.title = "two <squares>";
    const auto cat = scene::category(sc.polygon_categories, "floor");
    CHECK(scene::category(sc.polygon_categories, "floor") == cat);
    sc.polygons.push_back({{{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}}, cat, "a"});
    sc.polygons.push_back({{{10, 0, 1}, {20, 0, 1}, {20, 10, 1}, {10, 10, 1}}, cat, "b"});
    sc.lines.push_back({{5, 5, 0}, {15, 5, 1}, scene::category(sc.line_categories, "connection"), false});
    sc.lines.push_back({{15, 5, 1}, {5, 5, 0}, 0, true});
    sc.points.push_back({{5, 5, 0}, scene::category(sc.point_categories, "node"), "n"});
    return sc;
}
}  // namespace

TEST_CASE("svg has the title, legend, scale bar and every shape") {
    std::string text;
    output o(text);
    write_svg(two_squares(), o);
    CHECK(text.find("two &lt;squares&gt;") != std::string::npos);
    CHECK(text.find("id=\"legend\"") != std::string::npos);
    CHECK(text.find("id=\"scale\"") != std::string::npos);
    CHECK(text.find(">floor</text>") != std::string::npos);
    CHECK(text.find(">one-way</text>") != std::string::npos);
    std::size_t polygons = 0;
    for (std::size_t p = text.find("<polygon"); p != std::string::npos; p = text.find("<polygon", p + 1)) ++polygons;
    CHECK(polygons == 2);
    CHECK(text.rfind("</svg>") != std::string::npos);
    CHECK(svg_detail::nice_length(37) == 20);
    CHECK(svg_detail::nice_length(0.7) == doctest::Approx(0.5));
}

std::string svg_text(const scene& sc) {
    std::string text;
    output o(text);
    write_svg(sc, o);
    return text;
}

std::string obj_text(const scene& sc, std::string_view mtl = {}) {
    std::string text;
    output o(text);
    write_obj(sc, o, mtl);
    return text;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

TEST_CASE("obj: shared vertices, 1-based indices in range, points and lines as objects, y up") {
    scene sc = two_squares();
    // A third square sharing an edge with the first: its two corners are not written again.
    sc.polygons.push_back({{{0, 10, 0}, {10, 10, 0}, {10, 20, 0}, {0, 20, 0}}, 0, "c"});
    const std::string text = obj_text(sc, "two.mtl");
    const auto s = navspan_test::check_obj(text);
    CHECK_MESSAGE(s.problem.empty(), s.problem);
    CHECK(s.vertices == 12);  // 4 + 4 + 2 new corners, the point, the line's far end; its near end is the point
    CHECK(s.faces == 3);
    CHECK(s.points == 1);
    CHECK(s.lines == 2);
    CHECK(text.find("mtllib two.mtl\n") != std::string::npos);
    CHECK(text.find("\nf 1 2 3 4\n") != std::string::npos);
    CHECK(text.find("\nf 5 6 7 8\n") != std::string::npos);
    CHECK(text.find("\nf 4 3 9 10\n") != std::string::npos);
    // y up: (10, 10, 0) z-up is written (10, 0, -10).
    CHECK(text.find("\nv 10 0 -10\n") != std::string::npos);
    CHECK(s.objects == std::vector<std::string>{"navmesh", "points", "lines"});
    sc.options.obj_up = picture_options::up::z;
    CHECK(obj_text(sc).find("\nv 10 10 0\n") != std::string::npos);
}

TEST_CASE("obj: links only when asked, in an object of their own; the mtl has every material") {
    scene sc = two_squares();
    sc.mark_link(0);  // "connection"
    CHECK(navspan_test::check_obj(obj_text(sc)).lines == 0);
    sc.options.show_links = picture_options::links::shown;
    const auto s = navspan_test::check_obj(obj_text(sc));
    CHECK(s.problem.empty());
    CHECK(s.lines == 2);
    CHECK(s.objects.back() == "links");
    std::string mtl;
    output o(mtl);
    write_mtl(sc, o);
    CHECK(mtl.find("newmtl floor\nKd 0.3059 0.4745 0.6549\n") != std::string::npos);  // #4e79a7
    CHECK(mtl.find("newmtl line_connection\n") != std::string::npos);
    CHECK(mtl.find("newmtl point_node\n") != std::string::npos);
}

TEST_CASE("obj: names cannot break a line or start a statement (issue 16 #8)") {
    scene sc;
    sc.title = "evil\nv 1 2 3\nmtllib x";
    scene::category(sc.polygon_categories, "place\nf 1 2 3");
    scene::category(sc.polygon_categories, "with space #and hash");
    scene::category(sc.polygon_categories, "with_space__and_hash");  // the safe spelling of the one before
    scene::category(sc.polygon_categories, std::string("nul\0byte\xFF", 9));
    for (std::uint32_t c = 0; c < 4; ++c) {
        const float x = static_cast<float>(c) * 10;
        sc.polygons.push_back({{{x, 0, 0}, {x + 5, 0, 0}, {x, 5, 0}}, c, ""});
    }
    const std::string text = obj_text(sc, "evil\nmtllib.mtl");
    const auto s = navspan_test::check_obj(text);
    CHECK_MESSAGE(s.problem.empty(), s.problem);
    CHECK(s.vertices == 12);
    CHECK(s.faces == 4);
    CHECK(s.groups == std::vector<std::string>{"place_f_1_2_3", "with_space__and_hash", "with_space__and_hash_2", "nul_byte_"});
    CHECK(text.find("\nv 1 2 3") == std::string::npos);
    std::string mtl;
    output o(mtl);
    write_mtl(sc, o);
    CHECK(occurrences(mtl, "\nnewmtl ") + (mtl.rfind("newmtl ", 0) == 0) == 4);
}

TEST_CASE("svg: every number finite when corners are NaN or infinite (issue 16 #7)") {
    scene sc = two_squares();
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    sc.polygons.push_back({{{nan, 0, 0}, {1, 1, 0}, {2, 0, 0}}, 0, "nan"});
    sc.polygons.push_back({{{0, inf, 0}, {1, 1, 0}, {2, 0, 0}}, 0, "inf"});
    sc.polygons.push_back({{{-inf, -inf, 0}, {inf, inf, 0}, {2, 0, 0}}, 0, "both"});
    sc.lines.push_back({{nan, nan, nan}, {1, 1, 1}, 0, true});
    sc.points.push_back({{0, -inf, 0}, 0, "far"});
    sc.highlights.push_back({{0, 0, 0}, {nan, 0, 0}, {10, 10, 0}});
    sc.labels.push_back({{nan, 0, 0}, "nowhere", 1});
    const std::string text = svg_text(sc);
    CHECK_MESSAGE(navspan_test::svg_numbers_problem(text).empty(), navspan_test::svg_numbers_problem(text));
    CHECK(text.find("nan") == std::string::npos);
    CHECK(text.find("inf") == std::string::npos);
    CHECK(text.find("5 left out: coordinates not finite") != std::string::npos);
    CHECK(occurrences(text, "<polygon") == 2);
    // Huge but finite coordinates still give finite pictures.
    scene huge;
    huge.polygons.push_back({{{-3e38f, -3e38f, 0}, {3e38f, 3e38f, 0}, {3e38f, -3e38f, 0}}, 0, ""});
    huge.points.push_back({{1e-38f, 0, 0}, 0, ""});
    CHECK(navspan_test::svg_numbers_problem(svg_text(huge)).empty());
    // And the OBJ leaves those polygons out.
    const auto s = navspan_test::check_obj(obj_text(sc));
    CHECK_MESSAGE(s.problem.empty(), s.problem);
    CHECK(s.faces == 2);
}

TEST_CASE("svg: text stays valid UTF-8, XML specials escaped, NUL visible (issue 16 #8)") {
    CHECK(svg_detail::escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;");
    CHECK(svg_detail::escape("\xE2\x82\xAC 5") == "\xE2\x82\xAC 5");                   // valid UTF-8 kept
    CHECK(svg_detail::escape(std::string("a\0b", 3)) == "a\xE2\x90\x80" "b");             // NUL is U+2400
    CHECK(svg_detail::escape("\x01\x7F") == "\xE2\x90\x81\xE2\x90\xA1");               // U+2401, U+2421
    CHECK(svg_detail::escape("\xFF") == "\xEF\xBF\xBD");                                 // invalid byte: U+FFFD
    CHECK(svg_detail::escape("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");               // overlong: one each
    CHECK(svg_detail::escape("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
    CHECK(svg_detail::escape("\xE2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");               // cut short
    CHECK(svg_detail::escape("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");               // outside the BMP
    CHECK(svg_detail::escape("\xEF\xBF\xBE") == "\xEF\xBF\xBD");                        // U+FFFE is no XML character
    scene sc = two_squares();
    sc.title = std::string("caf\xC3\xA9 \xFF\0 <x>", 12);
    scene::category(sc.polygon_categories, std::string("\x80\x81 place\n", 10));
    sc.labels.push_back({{5, 5, 0}, "Pl\xC3\xA4tz\x01", 1});
    const std::string text = svg_text(sc);
    CHECK(navspan_test::clean_utf8(text));
    CHECK(text.find("caf\xC3\xA9 \xEF\xBF\xBD\xE2\x90\x80 &lt;x&gt;") != std::string::npos);
    CHECK(text.find("Pl\xC3\xA4tz\xE2\x90\x81") != std::string::npos);
}

TEST_CASE("svg: 40 categories get 40 colours; a legend of many categories stays short") {
    std::set<std::string> colours;
    for (std::uint32_t i = 0; i < category_palette_size; ++i) colours.insert(category_colour(i));
    CHECK(colours.size() == 40);
    scene sc;
    for (std::uint32_t i = 0; i < 5000; ++i) {
        const auto c = scene::category(sc.polygon_categories, "place " + std::to_string(i));
        const float x = static_cast<float>(i % 100), y = static_cast<float>(i / 100);
        sc.polygons.push_back({{{x, y, 0}, {x + 1, y, 0}, {x + 1, y + 1, 0}}, c, ""});
    }
    const std::string text = svg_text(sc);
    CHECK(text.find(">place 38</text>") != std::string::npos);
    CHECK(text.find(">place 39</text>") == std::string::npos);
    CHECK(text.find("and 4961 more (colours repeat)") != std::string::npos);
    double width = 0, height = 0;
    REQUIRE(std::sscanf(text.c_str(), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lf\" height=\"%lf\"", &width, &height) == 2);
    CHECK(height < 1200);
}

TEST_CASE("svg: the legend fits, long names are shortened, the canvas grows to hold it") {
    scene sc = two_squares();
    for (int i = 0; i < 38; ++i) scene::category(sc.point_categories, "a point kind with a rather long name, number " + std::to_string(i));
    const std::string text = svg_text(sc);
    double width = 0, height = 0;
    REQUIRE(std::sscanf(text.c_str(), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lf\" height=\"%lf\"", &width, &height) == 2);
    // Every legend line is inside the canvas.
    for (std::size_t at = text.find("<text x=\""); at != std::string::npos; at = text.find("<text x=\"", at + 1)) {
        double x = 0, y = 0;
        REQUIRE(std::sscanf(text.c_str() + at, "<text x=\"%lf\" y=\"%lf\"", &x, &y) == 2);
        CHECK(y < height);
        CHECK(x < width);
    }
    CHECK(text.find("number 37</text>") != std::string::npos);
}

TEST_CASE("svg: height ramp, labels, links hidden on big maps, path markers, axis cue, empty note") {
    scene sc = two_squares();
    sc.mark_link(0);
    colour_by_height(sc);
    CHECK(sc.height_ramp);
    REQUIRE(sc.polygon_categories.size() == 11);
    CHECK(sc.polygon_categories[0] == "0 to 0.1");  // round bands of 0.1 over heights 0 and 1
    CHECK(sc.polygons[1].category == 10);
    CHECK(sc.polygon_colours[0] == "#440154");      // the ramp's low end
    sc.labels.push_back({{5, 5, 0}, "Middle", 1});
    sc.highlights.push_back({{5, 5, 0}, {15, 5, 1}});
    std::string text = svg_text(sc);
    CHECK(text.find(">area height (units)</text>") != std::string::npos);
    CHECK(text.find(">range 0 to 1.1</text>") != std::string::npos);
    CHECK(text.find(">Middle</text>") != std::string::npos);
    CHECK(text.find("<title>start</title>") != std::string::npos);
    CHECK(text.find("<title>end</title>") != std::string::npos);
    CHECK(text.find("id=\"axes\"") != std::string::npos);
    CHECK(occurrences(text, "<line x1") >= 2);  // links drawn on a small map
    sc.options.show_links = picture_options::links::hidden;
    text = svg_text(sc);
    CHECK(text.find("links hidden") != std::string::npos);

    scene empty;
    empty.empty_note = "no navmesh in this plugin";
    text = svg_text(empty);
    CHECK(text.find(">no navmesh in this plugin</text>") != std::string::npos);
    CHECK(navspan_test::svg_numbers_problem(text).empty());
}

}  // namespace tools_picture_test
