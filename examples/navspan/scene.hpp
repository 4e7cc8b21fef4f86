// What a map looks like from above, independent of its format: polygons
// (areas, faces, triangles), line segments (connections, links) and points
// (nodes), each with a category that picks its colour and legend entry.
// Every format's command module fills one; `svg` and `obj` draw it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <navspan/core/views.hpp>

namespace navspan_cli {

struct scene_polygon {
    std::vector<navspan::vec3> corners;  // world coordinates, in order around the polygon
    std::uint32_t category = 0;          // index into scene::polygon_categories
    std::string label;                   // tooltip, e.g. "area 12 (BombsiteA)"
};

struct scene_line {
    navspan::vec3 from, to;
    std::uint32_t category = 0;  // index into scene::line_categories
    bool one_way = false;        // drawn with an arrow head
};

struct scene_point {
    navspan::vec3 at;
    std::uint32_t category = 0;  // index into scene::point_categories
    std::string label;
};

struct scene {
    std::string title;  // usually the file name
    std::string units = "units";
    // Fixed fill colours (CSS) for polygon categories, by category index, for
    // a format whose categories carry a meaning (a flag that must stand out
    // from the rest) or only tell neighbouring polygons apart. Categories
    // past the end take the palette's colours.
    std::vector<std::string> polygon_colours;
    std::vector<std::string> polygon_categories;
    std::vector<std::string> line_categories;
    std::vector<std::string> point_categories;
    std::vector<scene_polygon> polygons;
    std::vector<scene_line> lines;
    std::vector<scene_point> points;
    // Fixed colours (CSS) for line and point categories, by category index,
    // for a format whose categories have a meaning of their own (one colour
    // per Quake link type in every map). Categories past the end of a list,
    // or all of them when it is empty, take the palette's colours.
    std::vector<std::string> line_colours;
    std::vector<std::string> point_colours;
    // When not empty, the legend shows this one line for all polygon
    // categories instead of one entry each (e.g. hundreds of segments).
    std::string polygon_legend;
    // Which world axis points up. z: the picture shows x to the right and y
    // up the page. y (Fox Engine: right-handed, y up): the ground plane is
    // x/z, drawn with x to the right and z DOWN the page, the one orientation
    // with x to the right that does not mirror the map.
    enum class vertical { z, y };
    vertical up_axis = vertical::z;
    // How one-way lines are drawn: false, all in one signal colour (a one-way
    // connection is the exception worth seeing); true, in their category's
    // colour with an arrow head of that colour (where the category is what
    // matters and one-way is common, e.g. Quake jump links).
    bool one_way_in_category_colour = false;
    // Polylines drawn on top (a path found by `navspan path --svg`).
    std::vector<std::vector<navspan::vec3>> highlights;

    // Where a world point lands in the picture: (right, up the page).
    std::pair<double, double> plan(const navspan::vec3& v) const {
        if (up_axis == vertical::y) return {static_cast<double>(v.x), -static_cast<double>(v.z)};
        return {static_cast<double>(v.x), static_cast<double>(v.y)};
    }

    // The index of a category name, added if new.
    static std::uint32_t category(std::vector<std::string>& list, const std::string& name) {
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (list[i] == name) return static_cast<std::uint32_t>(i);
        }
        list.push_back(name);
        return static_cast<std::uint32_t>(list.size() - 1);
    }
};

}  // namespace navspan_cli
