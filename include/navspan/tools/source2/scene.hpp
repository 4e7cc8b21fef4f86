// The picture (svg, obj, the viewer) of source2_nav files.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "../../kv3.hpp"
#include "../../navspan.hpp"

#include "../palette.hpp"
#include "../scene.hpp"
#include "common.hpp"

namespace navspan::tools::source2_format {

// The hiding spots of the bot analysis (custom data) of the drawn hull's
// areas, as points (entry i of the analysis is area i of the file). A file
// without custom data, or whose analysis does not decode (validate says
// why), is drawn without them.
inline void add_hiding_spots(const navspan::source2::nav_file& f, int hull, scene& out) {
    namespace s2 = navspan::source2;
    if (!f.custom_data()) return;
    const auto size = s2::bot_analysis::scratch_size(f);
    if (!size) return;
    navspan::kv3::scratch_buffer scratch(*size);
    const auto analysis = s2::bot_analysis::open(f, scratch);
    if (!analysis || analysis->hiding_spot_count() == 0) return;
    const std::uint32_t category = scene::category(out.point_categories, "hiding spot");
    if (out.point_colours.size() <= category) out.point_colours.resize(category + 1);
    out.point_colours[category] = "#2ca02c";
    std::size_t i = 0;
    for (const s2::area& a : f.areas()) {
        if (i == analysis->area_count()) break;
        const s2::area_analysis entry = analysis->area(i++);
        if (a.hull_index() != hull) continue;
        for (const s2::analysis_hiding_spot spot : entry.hiding_spots()) {
            std::string label = "hiding spot";
            if (const auto id = spot.id()) label += " " + std::to_string(*id);
            label += " (area " + std::to_string(a.id());
            navspan::for_each_flag(navspan::source::hiding_spot_flag_names, spot.flags_raw(),
                                   [&](std::string_view name, std::uint64_t) { (label += ", ") += name; });
            label += ")";
            out.points.push_back({spot.position(), category, std::move(label)});
        }
    }
}

// The top-down picture of one hull's mesh (--hull N, default the first
// hull that has areas): areas as polygons coloured by attribute (default),
// hull or height; connections as lines (one-way with an arrow); ladders.
inline navspan::error build_scene(const navspan::source2::nav_file& f, scene& out) {
    using namespace tools_detail;
    const auto built = s2::make_area_index(f);
    // Duplicate ids: draw without connections rather than refuse.
    const s2::area_index* index = built ? &built->index() : nullptr;

    // Which hull: asked, else the lowest hull index any area has.
    std::vector<std::size_t> per_hull(256, 0);
    for (const s2::area& a : f.areas()) ++per_hull[a.hull_index()];
    // Groups are hulls (form id = hull + 1, so that --split draws each).
    int hull = out.options.hull;
    if (hull < 0 && out.options.cell != 0 && out.options.cell <= 256) hull = static_cast<int>(out.options.cell) - 1;
    if (hull < 0) {
        hull = 0;
        while (hull < 255 && per_hull[static_cast<std::size_t>(hull)] == 0) ++hull;
    }
    out.empty_note = f.area_count() == 0 ? "no areas in this file" : "no areas of hull " + std::to_string(hull);
    out.colourings = {"attribute", "hull", "height"};
    for (std::size_t h = 0; h < per_hull.size(); ++h) {
        if (per_hull[h] == 0) continue;
        scene_group grp;
        grp.form_id = static_cast<std::uint32_t>(h + 1);
        grp.name = "hull " + std::to_string(h);
        grp.polygons = per_hull[h];
        out.groups.push_back(grp);
    }
    out.drawn_group = static_cast<std::uint32_t>(hull + 1);
    const std::string& asked = out.options.colour_by;
    const bool by_hull = asked == "hull";

    std::vector<s2::area> areas;
    for (const s2::area& a : f.areas()) {
        if (a.hull_index() == hull) areas.push_back(a);
    }
    std::stable_sort(areas.begin(), areas.end(), [](const s2::area& a, const s2::area& b) {
        return a.centroid().z < b.centroid().z;
    });
    std::vector<std::string> categories;
    for (const s2::area& a : areas) {
        categories.push_back(by_hull ? "hull " + std::to_string(a.hull_index()) : attribute_label(a.attributes_raw()));
    }
    std::vector<std::string> names = categories;
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::stable_partition(names.begin(), names.end(), [](const std::string& c) { return c != "none"; });
    std::uint32_t next_colour = 0;
    for (const std::string& c : names) {
        scene::category(out.polygon_categories, c);
        out.polygon_colours.push_back(c == "none" ? "#c9c9c4" : category_colour(next_colour++));
    }
    for (std::size_t i = 0; i < areas.size(); ++i) {
        const s2::area& a = areas[i];
        scene_polygon poly;
        for (const navspan::vec3 c : a.corners()) poly.corners.push_back(c);
        poly.category = scene::category(out.polygon_categories, categories[i]);
        poly.label = "area " + std::to_string(a.id()) + " (" + categories[i] + ")";
        out.polygons.push_back(std::move(poly));
    }
    if (asked.empty() && names.size() == 1 && names[0] == "none") colour_by_height(out);

    // Connections: from the middle of an edge to the neighbour's centre.
    const std::uint32_t two_way = scene::category(out.line_categories, "connection");
    const std::uint32_t one_way = scene::category(out.line_categories, "one-way connection");
    out.mark_link(two_way);
    out.mark_link(one_way);
    if (index != nullptr) {
        // Every connection as (from << 32 | to), sorted: the way back is a
        // binary search, whatever a crafted file's degrees.
        std::vector<std::uint64_t> pairs;
        for (const s2::area& a : f.areas()) {
            for (const s2::edge& e : a.edges()) {
                for (const s2::connection cn : e.connections()) pairs.push_back(std::uint64_t{a.id()} << 32 | cn.area_id());
            }
        }
        std::sort(pairs.begin(), pairs.end());
        for (const s2::area& a : areas) {
            const s2::corner_list c = a.corners();
            for (const s2::edge& e : a.edges()) {
                for (const s2::connection cn : e.connections()) {
                    const auto to = index->find(cn.area_id());
                    if (!to || to->id() == a.id()) continue;
                    const bool back = std::binary_search(pairs.begin(), pairs.end(), std::uint64_t{to->id()} << 32 | a.id());
                    if (back && to->id() < a.id() && to->hull_index() == hull) continue;  // drawn from the other end
                    const navspan::vec3 p = c[e.index()], q = c[(e.index() + 1) % c.size()];
                    const navspan::vec3 mid{(p.x + q.x) / 2, (p.y + q.y) / 2, (p.z + q.z) / 2};
                    out.lines.push_back({mid, to->centroid(), back ? two_way : one_way, !back});
                }
            }
        }
    }
    if (f.ladder_count() != 0) {
        const std::uint32_t ladder_category = scene::category(out.line_categories, "ladder");
        for (const s2::ladder l : f.ladders()) out.lines.push_back({l.bottom(), l.top(), ladder_category, false});
    }
    add_hiding_spots(f, hull, out);
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
