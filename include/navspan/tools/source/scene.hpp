// The picture (svg, obj, the viewer) of source_nav files.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../palette.hpp"
#include "../scene.hpp"
#include "common.hpp"

namespace navspan::tools::source_format {

namespace tools_detail {

// Place names at the middle of their areas (see build_scene).
inline void add_place_labels(const std::vector<ns::area>& areas, const std::vector<navspan::vec3>& centres, const std::vector<std::string>& categories, scene& out) {
    struct place_sum {
        double x = 0, y = 0, weight = 0;
        std::size_t best = SIZE_MAX;
        double best_distance = INFINITY;
    };
    std::vector<place_sum> sums(out.polygon_categories.size());
    auto size_of = [](const ns::area& a) {
        const double w = std::fabs(static_cast<double>(a.south_east().x) - a.north_west().x);
        const double h = std::fabs(static_cast<double>(a.south_east().y) - a.north_west().y);
        const double s = w * h;
        return std::isfinite(s) ? std::max(s, 1.0) : 1.0;
    };
    for (std::size_t i = 0; i < areas.size(); ++i) {
        if (categories[i].front() == '(' || !std::isfinite(centres[i].x) || !std::isfinite(centres[i].y)) continue;
        place_sum& p = sums[out.polygon_categories.add(categories[i])];
        const double w = size_of(areas[i]);
        p.x += centres[i].x * w;
        p.y += centres[i].y * w;
        p.weight += w;
    }
    for (std::size_t i = 0; i < areas.size(); ++i) {
        if (categories[i].front() == '(' || !std::isfinite(centres[i].x) || !std::isfinite(centres[i].y)) continue;
        place_sum& p = sums[out.polygon_categories.add(categories[i])];
        const double dx = centres[i].x - p.x / p.weight, dy = centres[i].y - p.y / p.weight;
        const double d = dx * dx + dy * dy;
        if (d < p.best_distance) { p.best_distance = d; p.best = i; }
    }
    for (std::size_t c = 0; c < sums.size(); ++c) {
        if (sums[c].best == SIZE_MAX) continue;
        out.labels.push_back({centres[sums[c].best], out.polygon_categories[c], sums[c].weight});
    }
}

// Connections as lines: a two-way pair once, a one-way one with an arrow.
inline void add_connections(const std::vector<ns::area>& areas, const id_table& ids, const std::vector<navspan::vec3>& centres, scene& out) {
    const tools_detail::connection_table links(areas);
    const std::uint32_t connection = scene::category(out.line_categories, "connection");
    out.mark_link(connection);
    // Each (area, direction, target) is drawn once however often its list
    // names it (a crafted area naming one target 65,535 times drew 65,535
    // lines); real maps name a target once per list.
    std::vector<std::uint64_t> drawn;
    std::vector<std::size_t> by_key;
    std::vector<bool> first_place;
    for (const ns::area& a : areas) {
        drawn.clear();
        for (unsigned d = 0; d < 4; ++d) {
            for (std::uint32_t to : a.connections(static_cast<ns::direction>(d))) {
                const auto target = ids.find(to);
                if (!target || to == a.id()) continue;
                const bool two_way = links.connects(*target, a.id());
                // A two-way pair is drawn once, from its lower id.
                if (two_way && to < a.id()) continue;
                drawn.push_back(static_cast<std::uint64_t>(*target) << 3 | d << 1 | (two_way ? 0u : 1u));
            }
        }
        // In list order, each key at its first place only.
        by_key.resize(drawn.size());
        for (std::size_t k = 0; k < by_key.size(); ++k) by_key[k] = k;
        std::sort(by_key.begin(), by_key.end(), [&](std::size_t x, std::size_t y) {
            return drawn[x] != drawn[y] ? drawn[x] < drawn[y] : x < y;
        });
        first_place.assign(drawn.size(), false);
        for (std::size_t k = 0; k < by_key.size(); ++k) first_place[by_key[k]] = k == 0 || drawn[by_key[k - 1]] != drawn[by_key[k]];
        for (std::size_t k = 0; k < drawn.size(); ++k) {
            if (!first_place[k]) continue;
            const std::uint64_t key = drawn[k];
            out.lines.push_back({centres[a.index().value], centres[static_cast<std::size_t>(key >> 3)], connection, (key & 1) != 0});
        }
    }
}

// Ladders: the rungs across the top, and lines to the areas they reach.
inline void add_ladders(const ns::nav_file& file, const id_table& ids, const std::vector<navspan::vec3>& centres, scene& out) {
    if (!file.ladders().empty()) {
        const std::uint32_t ladder_cat = scene::category(out.line_categories, "ladder");
        const std::uint32_t ladder_link = scene::category(out.line_categories, "ladder to area");
        for (const ns::ladder l : file.ladders()) {
            // The rungs across the ladder's width, perpendicular to where it faces.
            const navspan::vec3 top = l.top();
            const float half = std::max(l.width(), 8.0f) * 0.5f;
            const bool along_x = l.facing() == ns::direction::north || l.facing() == ns::direction::south;
            const navspan::vec3 from{top.x - (along_x ? half : 0), top.y - (along_x ? 0 : half), top.z};
            const navspan::vec3 to{top.x + (along_x ? half : 0), top.y + (along_x ? 0 : half), top.z};
            out.lines.push_back({from, to, ladder_cat, false});
            for (unsigned c = 0; c < 5; ++c) {
                const auto which = static_cast<ns::ladder_connection>(c);
                const auto target = ids.find(l.connected_area(which));
                if (l.connected_area(which) == 0 || !target) continue;
                const navspan::vec3 end = which == ns::ladder_connection::bottom ? l.bottom() : top;
                out.lines.push_back({end, centres[*target], ladder_link, false});
            }
        }
    }
}

// The areas as quads, upper floors over lower ones, with the legend unless coloured by height.
inline void add_area_polygons(const std::vector<ns::area>& areas, const std::vector<navspan::vec3>& centres, const std::vector<std::string>& categories, bool by_height, scene& out) {
    // Legend in name order, areas of no place or attribute last in grey
    // (the palette's colours go to the named ones).
    if (!by_height) {
        std::vector<std::string> names = categories;
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        std::stable_partition(names.begin(), names.end(), [](const std::string& c) { return c.front() != '('; });
        std::uint32_t next_colour = 0;
        for (const std::string& c : names) {
            scene::category(out.polygon_categories, c);
            out.polygon_colours.push_back(c.front() == '(' ? "#c9c9c4" : category_colour(next_colour++));
        }
    }

    // Upper floors drawn over lower ones.
    std::vector<std::size_t> order(areas.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return centres[a].z < centres[b].z; });
    for (std::size_t i : order) {
        const ns::area& a = areas[i];
        scene_polygon poly;
        for (unsigned c = 0; c < 4; ++c) poly.corners.push_back(a.corner(static_cast<ns::corner>(c)));
        poly.category = scene::category(out.polygon_categories, categories[i]);
        poly.label = "area " + std::to_string(a.id()) + " (" + categories[i] + ")";
        out.polygons.push_back(std::move(poly));
    }
}

}  // namespace tools_detail

// The top-down picture: areas as quads coloured by place, with the place
// names on the map (by game or base attributes when the file names no
// places, by height when they carry none either), connections (links),
// ladders. --color-by: place, attribute, height.
inline navspan::error build_scene(const navspan::source::nav_file& file, scene& out) {
    namespace ns = navspan::source;
    using namespace tools_detail;
    const std::vector<ns::area> areas = all_areas(file);
    const id_table ids(areas);
    const auto places = place_names(file);

    // Colour by place when any area has one; otherwise by the game's area
    // attributes (TF2 spawn rooms, L4D2 spawn attributes) when any is set;
    // otherwise by the base attributes.
    enum class colour_by { place, game, base } by = colour_by::base;
    bool any_place = false, any_game = false;
    for (const ns::area& a : areas) {
        any_place = any_place || a.place_index().value_or(0) != 0;
        const auto g = a.game_data();
        if (const auto tf = g.tf()) any_game = any_game || tf->attributes_raw() != 0;
        if (const auto l = g.left4dead2()) any_game = any_game || l->spawn_attributes_raw() != 0;
    }
    by = any_place ? colour_by::place : any_game ? colour_by::game : colour_by::base;
    out.colourings = {"place", "attribute", "height"};
    out.empty_note = "no areas in this file";
    const std::string& asked = out.options.colour_by;
    if (asked == "place") by = colour_by::place;
    if (asked == "attribute" && by == colour_by::place) by = any_game ? colour_by::game : colour_by::base;

    // The most telling flag names an area's category (table order is not
    // importance order, so each set lists its own).
    static constexpr std::string_view tf_priority[] = {
        "SPAWN_ROOM_RED", "SPAWN_ROOM_BLUE", "SPAWN_ROOM_EXIT", "CONTROL_POINT", "BLUE_SETUP_GATE", "RED_SETUP_GATE",
        "HAS_HEALTH", "HAS_AMMO", "SNIPER_SPOT", "SENTRY_SPOT", "BLOCKED", "BLUE_SENTRY_DANGER", "RED_SENTRY_DANGER",
        "DOOR_NEVER_BLOCKS", "DOOR_ALWAYS_BLOCKS", "NO_SPAWNING", "RESCUE_CLOSET"};
    static constexpr std::string_view l4d2_priority[] = {
        "PLAYER_START", "CHECKPOINT", "FINALE", "RESCUE_VEHICLE", "RESCUE_CLOSET", "BATTLEFIELD", "BATTLESTATION",
        "ESCAPE_ROUTE", "NOTHREAT", "EMPTY", "OBSCURED", "NO_MOBS", "THREAT", "STOP_SCAN", "NOT_CLEARABLE",
        "LYINGDOWN", "DESTROYED_DOOR", "IGNORE_VISIBILITY"};
    static constexpr std::string_view base_priority[] = {
        "JUMP", "CROUCH", "PRECISE", "NO_JUMP", "STAIRS", "STOP", "RUN", "WALK", "AVOID", "DONT_HIDE", "STAND",
        "NO_HOSTAGES", "TRANSIENT", "NO_MERGE", "OBSTACLE_TOP", "CLIFF", "TANK_ONLY", "MOB_ONLY", "PLAYERCLIP",
        "BREAKABLEWALL", "FUNC_COST", "HAS_ELEVATOR", "NAV_BLOCKER"};
    auto pick = [](const auto& priority, const navspan::flag_set<std::uint32_t>& flags,
                   std::string_view none) -> std::string {
        for (std::string_view name : priority) {
            if (flags.has(name)) return std::string(name);
        }
        return std::string(flags.raw() != 0 ? "other flags" : none);
    };
    auto category_of = [&](const ns::area& a) -> std::string {
        switch (by) {
            case colour_by::place: {
                const auto i = a.place_index().value_or(0);
                return i != 0 && i < places.size() && !places[i].empty() ? std::string(places[i]) : "(no place)";
            }
            case colour_by::game: {
                const auto g = a.game_data();
                if (const auto tf = g.tf()) return pick(tf_priority, tf->attributes(), "(no TF attributes)");
                if (const auto l = g.left4dead2()) {
                    return pick(l4d2_priority, l->spawn_attributes(), "(no spawn attributes)");
                }
                return "(no game attributes)";
            }
            case colour_by::base: break;
        }
        return pick(base_priority, a.attributes(), "(no attributes)");
    };

    std::vector<navspan::vec3> centres(areas.size());
    for (std::size_t i = 0; i < areas.size(); ++i) centres[i] = centre(areas[i]);
    std::vector<std::string> categories(areas.size());
    for (std::size_t i = 0; i < areas.size(); ++i) categories[i] = category_of(areas[i]);
    // Maps without places whose areas carry no attributes (most TF2 and
    // SDK meshes) would be one colour: colour them by height instead, which
    // also tells the floors of a multi-storey map apart.
    bool by_height = asked == "height";
    if (asked.empty() && by != colour_by::place && !areas.empty()) {
        const auto plain = static_cast<std::size_t>(std::count_if(
            categories.begin(), categories.end(), [](const std::string& c) { return c.front() == '('; }));
        by_height = plain * 10 > areas.size() * 8;
    }
    add_area_polygons(areas, centres, categories, by_height, out);
    if (by_height) colour_by_height(out);

    // Place names at the middle of their areas: the area of the place
    // nearest to the centroid of its areas (weighted by size), so the name
    // sits on the place even when it is L-shaped.
    if (by == colour_by::place && !by_height) {
        add_place_labels(areas, centres, categories, out);
    }

    add_connections(areas, ids, centres, out);

    add_ladders(file, ids, centres, out);
    return {};
}

}  // namespace navspan::tools::source_format

#include "../../core/min_max_pop.hpp"
