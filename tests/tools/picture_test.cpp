#include <doctest/doctest.h>

#include <string>

#include "examples/navspan/graph.hpp"
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

TEST_CASE("A* finds the shortest path and reports unreachable goals") {
    nav_graph g;
    // 0 -- 1 -- 2 and a long detour 0 -- 3 -- 2; 4 is isolated.
    g.ids = {10, 11, 12, 13, 14};
    g.positions = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 5, 0}, {9, 9, 9}};
    g.finish_edges_from({{{1, 1.f}, {3, 1.f}}, {{0, 1.f}, {2, 1.f}}, {{1, 1.f}, {3, 1.f}}, {{0, 1.f}, {2, 1.f}}, {}});
    auto r = find_path(g, 0, 2);
    CHECK(r.nodes == std::vector<std::size_t>{0, 1, 2});
    CHECK(r.length == doctest::Approx(2.0));
    CHECK(find_path(g, 0, 4).nodes.empty());
    CHECK(g.find_id(13) == 3u);
    CHECK(g.nearest({1.9f, 0.2f, 0}) == 2u);
    // A cost factor makes the short way expensive.
    g.edge_cost[0] = 100.f;
    CHECK(find_path(g, 0, 2).nodes == std::vector<std::size_t>{0, 3, 2});
}
