// The picture (svg, obj, the viewer) of fox_nav2 files.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../findings.hpp"
#include "../scene.hpp"
#include "common.hpp"

namespace navspan::tools::fox_format {

namespace tools_detail {

// Segments coloured so that neighbouring segments (sharing a face edge, in
// this group or another) differ: greedy, in (group, segment) order.
struct segment_colouring {
    std::uint32_t first[257] = {};  // global index of each group's segment 0
    std::vector<std::uint32_t> colour;

    segment_colouring(const fox::nav2_file& f, const group_table& all, std::uint32_t palette) {
        std::uint32_t total = 0;
        for (std::uint32_t g = 0; g < 256; ++g) {
            first[g] = total;
            if (all.present[g]) total += all.groups[g].segment_chunk().segment_count();
        }
        first[256] = total;
        std::vector<std::vector<std::uint32_t>> touching(total);
        for (const fox::group g : f.groups()) {
            for (const fox::face face : g.faces()) {
                const std::uint32_t a = first[g.id()] + face.segment();
                for (const fox::face_neighbour nb : face.neighbours()) {
                    std::uint32_t b = a;
                    if (nb.kind() == fox::neighbour_kind::same_group) {
                        b = first[g.id()] + g.navmesh_chunk().face_at(nb.face()).segment();
                    } else if (nb.kind() == fox::neighbour_kind::other_group && all.find(nb.group()) != nullptr) {
                        b = first[nb.group()] + all.groups[nb.group()].navmesh_chunk().face_at(nb.face()).segment();
                    }
                    if (b != a) {
                        touching[a].push_back(b);
                        touching[b].push_back(a);
                    }
                }
            }
        }
        colour.assign(total, 0);
        std::vector<bool> used(palette);
        for (std::uint32_t s = 0; s < total; ++s) {
            std::fill(used.begin(), used.end(), false);
            for (const std::uint32_t t : touching[s]) {
                if (t < s) used[colour[t]] = true;
            }
            std::uint32_t c = 0;
            while (c < palette && used[c]) ++c;
            colour[s] = c < palette ? c : s % palette;  // more neighbours than colours: any
        }
    }
    std::uint32_t of(std::uint32_t group, std::uint32_t segment) const { return colour[first[group] + segment]; }
};

}  // namespace tools_detail

namespace tools_detail {

// The point categories of the nodes, by link kind: a kind no node has gets none.
inline void add_node_categories(const fox::nav2_file& f, std::uint32_t (&kind_point)[5], scene& out) {
    kind_point[0] = scene::category(out.point_categories, "NavWorld node (white)");
    out.point_colours.push_back("#ffffff");
    static constexpr const char* kind_labels[5] = {"", "node linked to another segment", "node linked to another group", "",
                                                   "node linked to a neighbouring tile"};
    static constexpr const char* kind_colours[5] = {"", "#555555", "#1f77b4", "", "#d62728"};
    for (const std::uint8_t kind : {std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{4}}) {
        bool present = false;
        for (const fox::group g : f.groups()) {
            for (const fox::nav_node n : g.nodes()) present = present || n.link_kind_raw() == kind;
        }
        if (!present) continue;
        kind_point[kind] = scene::category(out.point_categories, kind_labels[kind]);
        out.point_colours.push_back(kind_colours[kind]);
    }
}

// The drawing order: higher faces last; face edges over the NavWorld edges.
inline void order_for_drawing(std::uint32_t edge_line, scene& out) {
    // Higher faces last, so an upper floor covers the one below it.
    const auto mean_height = [](const scene_polygon& p) {
        double y = 0;
        for (const navspan::vec3& c : p.corners) y += static_cast<double>(c.y);
        return std::isnan(y) ? -INFINITY : y / static_cast<double>(p.corners.size());
    };
    std::stable_sort(out.polygons.begin(), out.polygons.end(),
                     [&](const scene_polygon& a, const scene_polygon& b) { return mean_height(a) < mean_height(b); });
    // Face edges into other groups and tiles over the NavWorld edges.
    std::stable_sort(out.lines.begin(), out.lines.end(),
                     [&](const scene_line& a, const scene_line& b) { return (a.category == edge_line) > (b.category == edge_line); });
}

}  // namespace tools_detail

// The top-down picture: faces coloured by segment (neighbouring segments in
// different colours), the NavWorld edges over them, the face edges that lead
// into another group or tile, and the nodes linked across segments, groups
// and tiles. World coordinates, y up (ground plane x/z; see examples/navspan/dump/fox.md).
inline navspan::error build_scene(const navspan::fox::nav2_file& f, scene& out) {
    namespace fox = navspan::fox;
    using namespace tools_detail;
    const group_table all(f);
    out.up_axis = scene::vertical::y;
    out.units = "m";

    static constexpr const char* palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                              "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    constexpr std::uint32_t palette_size = sizeof palette / sizeof palette[0];
    const segment_colouring colouring(f, all, palette_size);
    // --color-by: segment (neighbours differ), group (one palette colour
    // each), height (colour_by_height, after this).
    out.colourings = {"segment", "group", "height"};
    out.empty_note = "no faces or nodes in this file";
    const bool by_group = out.options.colour_by == "group";
    std::size_t segment_total = 0;
    for (const fox::group g : f.groups()) {
        if (by_group) {
            scene::category(out.polygon_categories, "group " + std::to_string(g.id()));
            continue;
        }
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            scene::category(out.polygon_categories, "group" + std::to_string(g.id()) + "_segment" + std::to_string(s));
            out.polygon_colours.push_back(palette[colouring.of(g.id(), s)]);
            ++segment_total;
        }
    }
    if (!by_group) out.polygon_legend = "faces by segment (" + std::to_string(segment_total) + " segments)";

    // The graph in white over the faces' dark outlines.
    const std::uint32_t edge_line = scene::category(out.line_categories, "NavWorld edge (white)");
    out.line_colours.push_back("#ffffff");
    out.mark_link(edge_line);
    std::uint32_t group_edge_line = 0, tile_edge_line = 0;
    bool have_group_edges = false, have_tile_edges = false;
    for (const fox::group g : f.groups()) {
        for (const fox::face face : g.faces()) {
            for (const fox::face_neighbour nb : face.neighbours()) {
                have_group_edges = have_group_edges || nb.kind() == fox::neighbour_kind::other_group;
                have_tile_edges = have_tile_edges || nb.kind() == fox::neighbour_kind::other_tile;
            }
        }
    }
    if (have_group_edges) {
        group_edge_line = scene::category(out.line_categories, "face edge into another group");
        out.line_colours.push_back("#1f77b4");
    }
    if (have_tile_edges) {
        tile_edge_line = scene::category(out.line_categories, "face edge into a neighbouring tile");
        out.line_colours.push_back("#d62728");
    }

    // Nodes as points, by link kind.
    std::uint32_t kind_point[5] = {};
    add_node_categories(f, kind_point, out);

    std::uint32_t category = 0, group_index = 0;
    for (const fox::group g : f.groups()) {
        const fox::nav_world world = g.nav_world();
        const fox::segment_chunk segments = g.segment_chunk();
        for (const fox::face face : g.faces()) {
            scene_polygon p;
            for (std::size_t i = 0; i < face.corner_count(); ++i) p.corners.push_back(face.corner(i));
            p.category = by_group ? group_index : category + face.segment();
            p.label = face_name(g, face) + ", flags " + std::to_string(world.segment_flags_raw()[face.segment()]);
            out.polygons.push_back(std::move(p));
            for (std::size_t i = 0; i < face.corner_count(); ++i) {
                const fox::face_neighbour nb = face.neighbour(i);
                if (nb.kind() == fox::neighbour_kind::other_group) {
                    out.lines.push_back({face.corner(i), face.corner((i + 1) % face.corner_count()), group_edge_line, false});
                } else if (nb.kind() == fox::neighbour_kind::other_tile) {
                    out.lines.push_back({face.corner(i), face.corner((i + 1) % face.corner_count()), tile_edge_line, false});
                }
            }
        }
        for (const fox::nav_edge e : world.edges()) {
            out.lines.push_back({world.node(e.from_node()).position(), world.node(e.to_node()).position(), edge_line, false});
        }
        for (const fox::nav_node n : world.nodes()) {
            std::uint8_t kind = n.link_kind_raw();
            if (kind != 1 && kind != 2 && kind != 4) kind = 0;
            out.points.push_back({n.position(), kind_point[kind],
                                  node_name(g, n) + " at " + format_point(n.position()) + ", path id " +
                                      std::to_string(std::uint64_t{g.id()} * path_id_group_factor + n.index())});
        }
        category += segments.segment_count();
        ++group_index;
    }
    order_for_drawing(edge_line, out);
    return {};
}

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
