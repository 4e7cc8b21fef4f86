// What a map looks like from above, independent of its format: polygons
// (areas, faces, triangles), line segments (connections, links) and points
// (nodes), each with a category that picks its colour and legend entry.
// Every format's command module fills one; `svg` and `obj` draw it.
#pragma once

#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../core/views.hpp"

namespace navspan::tools {

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

// The names of a scene's categories, in legend order, with a hash index so
// that adding or finding one costs the same for the 100,000th name as for the
// first (a plugin can hold that many navmeshes, a Source map 65,535 places).
class category_list {
public:
    category_list() = default;
    category_list(std::initializer_list<std::string> names) {
        for (const std::string& n : names) add(n);
    }
    // The index of `name`, added at the end if new.
    std::uint32_t add(const std::string& name) {
        const auto [it, added] = index_.try_emplace(name, static_cast<std::uint32_t>(names_.size()));
        if (added) names_.push_back(name);
        return it->second;
    }
    const std::string& operator[](std::size_t i) const { return names_[i]; }
    std::size_t size() const noexcept { return names_.size(); }
    bool empty() const noexcept { return names_.empty(); }
    auto begin() const noexcept { return names_.begin(); }
    auto end() const noexcept { return names_.end(); }

private:
    std::vector<std::string> names_;
    std::unordered_map<std::string, std::uint32_t> index_;
};

// A form id as plugins write it: 0x0001A2B3.
inline std::string hex_form_id(std::uint32_t id) {
    static const char digits[] = "0123456789ABCDEF";
    std::string s = "0x00000000";
    for (int i = 0; i < 8; ++i) s[static_cast<std::size_t>(9 - i)] = digits[(id >> (4 * i)) & 0xF];
    return s;
}

// A name drawn on the map (a Source place at the middle of its areas).
struct scene_label {
    navspan::vec3 at;
    std::string text;
    double weight = 0;  // how much it matters (area covered): heavier labels win a crowded spot
};

// What the user asked of the picture (`navspan svg/obj` options), read by
// the format's build_scene and by the writers.
// What write_svg and write_obj put in the picture (the command's "wrote"
// line reports these, not the scene's sizes: hidden links and points that
// are not finite numbers are not written).
struct drawn_counts {
    std::size_t polygons = 0, lines = 0, points = 0;
};

struct picture_options {
    std::string colour_by;    // empty: the format's default
    std::uint32_t cell = 0;   // plugins: the cell or worldspace to draw; 0: the largest
    int hull = -1;            // Source 2: the agent hull whose mesh is drawn; -1: the first
    enum class links { automatic, shown, hidden };
    links show_links = links::automatic;
    // obj: the world axis that points up in the written file (y, the OBJ
    // convention, by default).
    enum class up { y, z };
    up obj_up = up::y;
    // plugins: which area of a worldspace whose navmeshes lie far apart
    // (1 = the largest; 0: the default, the largest).
    std::uint32_t area = 0;
};

// A plugin's navmeshes fall into groups that share coordinates: one interior
// cell, or one worldspace (its exterior cells). One group is drawn at a time.
struct scene_group {
    std::uint32_t form_id = 0;  // the cell's or the worldspace's
    std::string name;           // e.g. "interior cell 0x01000800 HearthfiresHouse"
    std::size_t polygons = 0;
    std::string editor_id;      // its EDID, when the plugin has it
};

struct scene {
    picture_options options;  // set before build_scene
    std::string title;  // usually the file name
    std::string units = "units";
    // Fixed fill colours (CSS) for polygon categories, by category index, for
    // a format whose categories carry a meaning (a flag that must stand out
    // from the rest) or only tell neighbouring polygons apart. Categories
    // past the end take the palette's colours.
    std::vector<std::string> polygon_colours;
    category_list polygon_categories;
    category_list line_categories;
    category_list point_categories;
    std::vector<scene_polygon> polygons;
    // The label of a polygon whose `label` is empty, made when the picture
    // is written instead of held per polygon (when set): a plugin's
    // triangles would hold a quarter of a million labels of 100 bytes.
    std::function<std::string(std::size_t)> polygon_label;
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
    // Polylines drawn on top (a path found by `navspan path --svg`), with a
    // start and an end marker.
    std::vector<std::vector<navspan::vec3>> highlights;
    // Line categories that are links between polygons (Source connections,
    // Fox NavWorld edges, plugin edge links): hidden by --no-links, and by
    // default on maps of many polygons, where they would only be a web over
    // the areas. Lines of other categories (ladders) are always drawn.
    std::vector<bool> line_is_link;
    // Names drawn on the map.
    std::vector<scene_label> labels;
    // The colourings the format offers for --color-by, the default first
    // ("height" is offered by every format, it is done by colour_by_height).
    std::vector<std::string> colourings;
    // Plugins: every group of navmeshes, and which one is drawn.
    std::vector<scene_group> groups;
    std::uint32_t drawn_group = 0;
    // A worldspace whose navmeshes lie in areas far apart is drawn one area
    // at a time: how many it has (0 or 1: one), which is drawn (1-based) and
    // where ("cells (-30, -20) to (-28, -18)").
    std::uint32_t area_count = 0, drawn_area = 0;
    std::string area_note;
    // Polygon categories that are height bands, low to high (colour_by_height):
    // the legend draws them as one ramp from `height_low` to `height_high`.
    bool height_ramp = false;
    double height_low = 0, height_high = 0;
    // A sentence for an empty picture ("no navmesh in this plugin").
    std::string empty_note;

    bool is_link(std::uint32_t line_category) const {
        return line_category < line_is_link.size() && line_is_link[line_category];
    }
    // Whether link lines are drawn: as asked, else only when they do not
    // bury the polygons (few polygons, or none: a Quake map is its links).
    bool links_drawn() const {
        if (options.show_links != picture_options::links::automatic) return options.show_links == picture_options::links::shown;
        return polygons.size() <= 400;
    }

    // Where a world point lands in the picture: (right, up the page).
    std::pair<double, double> plan(const navspan::vec3& v) const {
        if (up_axis == vertical::y) return {static_cast<double>(v.x), -static_cast<double>(v.z)};
        return {static_cast<double>(v.x), static_cast<double>(v.y)};
    }

    // The height of a world point (along the up axis).
    double height(const navspan::vec3& v) const {
        return static_cast<double>(up_axis == vertical::y ? v.y : v.z);
    }

    // Polygon i's label (its own, else polygon_label's, else empty).
    std::string label_of(std::size_t i) const {
        if (!polygons[i].label.empty() || !polygon_label) return polygons[i].label;
        return polygon_label(i);
    }

    // The index of a category name, added if new.
    static std::uint32_t category(category_list& list, const std::string& name) { return list.add(name); }

    // Marks a line category as a link (see line_is_link).
    void mark_link(std::uint32_t line_category) {
        if (line_is_link.size() <= line_category) line_is_link.resize(line_category + 1, false);
        line_is_link[line_category] = true;
    }

};

}  // namespace navspan::tools

#include "../core/min_max_pop.hpp"
