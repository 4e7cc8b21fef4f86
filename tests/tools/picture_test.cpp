#include <doctest/doctest.h>

#include <string>

#include "examples/navspan/obj.hpp"
#include "examples/navspan/svg.hpp"

using namespace navspan_cli;

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

TEST_CASE("obj writes faces, points and lines with 1-based indices") {
    std::string text;
    output o(text);
    write_obj(two_squares(), o);
    CHECK(text.find("f 1 2 3 4\n") != std::string::npos);
    CHECK(text.find("f 5 6 7 8\n") != std::string::npos);
    CHECK(text.find("p 9\n") != std::string::npos);
    CHECK(text.find("l 10 11\n") != std::string::npos);
}

