// The picture (svg, obj, the viewer) of quake_nav files.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../findings.hpp"
#include "../scene.hpp"
#include "common.hpp"

namespace navspan::tools::quake_format {

// The top-down picture: nodes as points (by their most telling flag), links
// as lines (by link type; a pair of opposite links of one type is drawn once,
// any other link as one-way with an arrow). Higher things are drawn last, so
// an upper floor covers the one below it.
inline navspan::error build_scene(const navspan::quake::nav_file& f, scene& out) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    const link_ownership owners(f);

    // One category per link type present, in type order, named with its
    // count; each type has the same colour in every map.
    std::map<std::uint16_t, std::size_t> type_counts;
    for (const q::link l : f.links()) ++type_counts[l.type_raw()];
    std::map<std::uint16_t, std::uint32_t> type_category;
    for (const auto& [type, count] : type_counts) {
        type_category[type] = scene::category(out.line_categories, link_type_label(type) + " (" + std::to_string(count) + ")");
        out.line_colours.push_back(link_type_colour(type));
        out.mark_link(type_category[type]);
    }
    out.one_way_in_category_colour = true;
    out.colourings = {"flags", "height"};  // height: done by colour_by_height
    out.empty_note = "no nodes in this file";

    // Opposite links of the same type make one two-way line.
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint16_t>> edges;
    for (const q::link l : f.links()) {
        const std::uint32_t from = owners.owner[l.index()];
        if (from != no_owner && l.destination_node()) edges.emplace_back(from, l.destination(), l.type_raw());
    }
    std::sort(edges.begin(), edges.end());
    const auto has_edge = [&](std::uint32_t a, std::uint32_t b, std::uint16_t t) {
        return std::binary_search(edges.begin(), edges.end(), std::make_tuple(a, b, t));
    };
    const q::node_view nodes = f.nodes();
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const auto& [from, to, type] = edges[i];
        if (i > 0 && edges[i - 1] == edges[i]) continue;  // a duplicate link
        const bool two_way = from != to && has_edge(to, from, type);
        if (two_way && to < from) continue;  // drawn from the other end
        out.lines.push_back({nodes[from].position(), nodes[to].position(), type_category[type], !two_way});
    }
    // Walk first, rarer types over it; within a type, low before high.
    std::stable_sort(out.lines.begin(), out.lines.end(), [](const scene_line& a, const scene_line& b) {
        if (a.category != b.category) return a.category < b.category;
        return std::max(height_key(a.from.z), height_key(a.to.z)) < std::max(height_key(b.from.z), height_key(b.to.z));
    });

    // A node's point category is its most telling flag (first match).
    struct node_kind {
        std::uint16_t bits;
        const char* name;
        const char* colour;
    };
    static constexpr node_kind kinds[] = {
        {0x001, "teleporter node", "#1f77b4"},  // the Teleport link colour
        {0x002, "pusher node", "#9467bd"},      // the Pusher link colour
        {0x00C, "elevator node", "#8c564b"},    // the Elevator link colour
        {0x020, "hazard node", "#d62728"},
        {0x010, "underwater node", "#17becf"},
        {0x000, "node", "#222222"},
    };
    const auto kind_of = [&](const q::node& n) -> const node_kind& {
        for (const node_kind& k : kinds) {
            if ((n.flags_raw() & k.bits) != 0) return k;
        }
        return kinds[std::size(kinds) - 1];
    };
    // Categories in the table's order, only for kinds present.
    std::vector<bool> present(std::size(kinds), false);
    for (const q::node n : nodes) present[static_cast<std::size_t>(&kind_of(n) - kinds)] = true;
    std::vector<std::uint32_t> kind_category(std::size(kinds), 0);
    for (std::size_t k = std::size(kinds); k-- > 0;) {  // plain nodes first in the legend
        if (!present[k]) continue;
        kind_category[k] = scene::category(out.point_categories, kinds[k].name);
        out.point_colours.push_back(kinds[k].colour);
    }
    std::vector<std::uint32_t> order(f.node_count());
    for (std::uint32_t i = 0; i < f.node_count(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return height_key(nodes[a].position().z) < height_key(nodes[b].position().z);
    });
    for (const std::uint32_t i : order) {
        const q::node n = nodes[i];
        const std::uint32_t category = kind_category[static_cast<std::size_t>(&kind_of(n) - kinds)];
        out.points.push_back({n.position(), category,
                              "node " + std::to_string(i) + " at " + format_point(n.position()) + ", radius " +
                                  std::to_string(n.radius()) + ", flags " + node_flag_label(n.flags_raw()) + ", " +
                                  std::to_string(n.link_count()) + " links"});
    }
    return {};
}

}  // namespace navspan::tools::quake_format

#include "../../core/min_max_pop.hpp"
