// The navspan command's dump, validate and svg/obj (scene)
// support for source_nav files. The dump schema is in ../dump/source.md.
#pragma once

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

#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "../json_writer.hpp"
#include "../palette.hpp"
#include "../scene.hpp"
#include "source_fields.hpp"

namespace navspan_cli::source_format {

namespace tools_detail {

namespace ns = navspan::source;

constexpr std::string_view direction_keys[4] = {"north", "east", "south", "west"};

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

// `"key": raw, "key_names": [...]`: the named flags in table order, then any
// bits the table does not name as one hex string, so names and raw agree.
inline void write_flags(json_writer& w, std::string_view key, std::string_view names_key, std::uint64_t raw,
                        navspan::name_table table) {
    w.field(key, raw);
    w.key(names_key);
    w.begin_array();
    const std::uint64_t unnamed = navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) {
        w.value(name);
    });
    if (unnamed != 0) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(unnamed));
        w.value(std::string_view(buf));
    }
    w.end_array();
}

// `"key": raw, "key_name": "NAME"` (null when the table has no name).
inline void write_enum(json_writer& w, std::string_view key, std::string_view name_key, std::uint64_t raw,
                       navspan::name_table table) {
    w.field(key, raw);
    const std::string_view name = navspan::name_of(table, raw);
    if (name.empty()) w.field_null(name_key);
    else w.field(name_key, name);
}

inline void write_hex(json_writer& w, navspan::bytes_view bytes) {
    std::string hex;
    hex.reserve(bytes.size() * 2);
    static constexpr char digits[] = "0123456789abcdef";
    for (std::byte b : bytes) {
        hex.push_back(digits[std::to_integer<unsigned>(b) >> 4]);
        hex.push_back(digits[std::to_integer<unsigned>(b) & 15]);
    }
    w.value(std::string_view(hex));
}

inline std::uint64_t offset_of(const navspan::source::nav_file& file, const std::byte* p) {
    return static_cast<std::uint64_t>(p - file.bytes().data());
}

inline void write_places(json_writer& w, const ns::nav_file& file, const ns::place_list& places) {
    w.begin_array();
    for (const ns::place p : places) {
        w.begin_object();
        w.field("index", p.index());
        w.field("offset", offset_of(file, p.stored_bytes().data()) - 2);
        w.field("stored_length", p.stored_length());
        w.field("name", p.name());
        w.field("terminated", p.terminated());
        w.end_object();
    }
    w.end_array();
}

inline void write_approach_spots(json_writer& w, const navspan::packed_view<ns::approach_spot>& spots) {
    w.begin_array();
    for (const ns::approach_spot s : spots) {
        w.begin_object();
        w.field("here_area", s.here_area());
        w.field("prev_area", s.prev_area());
        write_enum(w, "prev_to_here", "prev_to_here_name", static_cast<std::uint64_t>(s.prev_to_here()),
                   ns::traverse_names);
        w.field("next_area", s.next_area());
        write_enum(w, "here_to_next", "here_to_next_name", static_cast<std::uint64_t>(s.here_to_next()),
                   ns::traverse_names);
        w.end_object();
    }
    w.end_array();
}

inline void write_encounter_paths(json_writer& w, const ns::area& a) {
    w.begin_array();
    for (const ns::encounter_path p : a.encounter_paths()) {
        w.begin_object();
        w.field("from_area", p.from_area());
        if (const auto d = p.from_direction()) {
            write_enum(w, "from_direction", "from_direction_name", static_cast<std::uint64_t>(*d), ns::direction_names);
        }
        w.field("to_area", p.to_area());
        if (const auto d = p.to_direction()) {
            write_enum(w, "to_direction", "to_direction_name", static_cast<std::uint64_t>(*d), ns::direction_names);
        }
        if (p.old_layout()) {
            // Versions 1-2: the path's end points, then spots as positions.
            w.key("path_from");
            write_vec3(w, *p.path_from());
            w.key("path_to");
            write_vec3(w, *p.path_to());
        }
        w.key("spots");
        w.begin_array();
        for (const ns::old_encounter_spot s : p.old_spots()) {
            w.begin_object();
            w.key("position");
            write_vec3(w, s.position());
            w.field("t", s.t());
            w.end_object();
        }
        for (const ns::encounter_spot s : p.spots()) {
            w.begin_object();
            w.field("hiding_spot_id", s.hiding_spot_id());
            w.field("t_raw", s.t_raw());  // quantised: t = t_raw / 255
            w.field("t", s.t());
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
}

inline void write_id_list(json_writer& w, const navspan::packed_view<std::uint32_t>& ids) {
    w.begin_array();
    for (std::uint32_t id : ids) w.value(id);
    w.end_array();
}

// Per-area game data; `id_at` resolves Left 4 Dead 2 visibility positions.
template <class IdAt>
void write_game_data(json_writer& w, const ns::nav_file& file, const ns::area& a, IdAt&& id_at) {
    const ns::area_game_data g = a.game_data();
    if (file.game() == ns::game::none || (g.empty() && file.game() != ns::game::unknown)) {
        w.null();
        return;
    }
    w.begin_object();
    w.field("kind", ns::to_string(g.kind()));
    w.field("offset", offset_of(file, g.raw().data()));
    w.field("size", g.raw().size());
    if (const auto cs = g.cstrike()) {
        w.key("approach_spots");
        write_approach_spots(w, cs->approach_spots());
    } else if (const auto tf = g.tf()) {
        write_flags(w, "attributes", "attribute_names", tf->attributes_raw(), ns::tf_attribute_names);
    } else if (const auto l = g.left4dead2()) {
        write_flags(w, "spawn_attributes", "spawn_attribute_names", l->spawn_attributes_raw(),
                    ns::l4d2_spawn_attribute_names);
        w.key("unnamed_words");
        write_id_list(w, l->unnamed_words());
        w.field("fog_place_index", l->fog_place_index());
        w.key("spawn_block");
        if (l->spawn_block().empty()) w.null();
        else write_hex(w, l->spawn_block());
        w.key("unnamed_list");
        write_id_list(w, l->unnamed_list());
        w.key("visible_areas");
        w.begin_array();
        for (const ns::visible_area_position v : l->visible_areas()) {
            w.begin_object();
            w.field("position", v.target().value);
            w.field("area_id", id_at(v.target().value));  // resolved here, not stored
            if (const auto raw = v.attributes_raw()) {
                write_flags(w, "attributes", "attribute_names", *raw, ns::visibility_flag_names);
            }
            w.end_object();
        }
        w.end_array();
        w.field("inherit_visibility_from", l->inherit_visibility_from());
    } else if (g.kind() == ns::game::unknown) {
        w.key("bytes");
        write_hex(w, g.raw());
    }
    w.end_object();
}

// The name of each 1-based place index (index 0 unused), for O(1) lookups.
inline std::vector<std::string_view> place_names(const ns::nav_file& file) {
    std::vector<std::string_view> names(1);
    for (const ns::place p : file.places()) names.push_back(p.name());
    return names;
}

inline navspan::vec3 centre(const ns::area_head& a) {
    const navspan::vec3 nw = a.north_west(), se = a.south_east();
    return {(nw.x + se.x) * 0.5f, (nw.y + se.y) * 0.5f, (nw.z + se.z + a.north_east_z() + a.south_west_z()) * 0.25f};
}

// Area ids sorted with their positions: lookups that tolerate duplicate ids
// (the first area with an id wins), which area_index refuses.
class id_table {
public:
    explicit id_table(const std::vector<ns::area>& areas) {
        entries_.reserve(areas.size());
        for (std::size_t i = 0; i < areas.size(); ++i) entries_.push_back({areas[i].id(), i});
        std::stable_sort(entries_.begin(), entries_.end(),
                         [](const entry& a, const entry& b) { return a.id < b.id; });
    }
    std::optional<std::size_t> find(std::uint32_t id) const {
        const auto it = std::lower_bound(entries_.begin(), entries_.end(), id,
                                         [](const entry& e, std::uint32_t v) { return e.id < v; });
        if (it == entries_.end() || it->id != id) return std::nullopt;
        return it->position;
    }
    // Calls f(position, first position with the same id) for each duplicate.
    template <class F>
    void for_each_duplicate(F&& f) const {
        for (std::size_t k = 1, first = 0; k < entries_.size(); ++k) {
            if (entries_[k - 1].id != entries_[k].id) first = k;
            else f(entries_[k].position, entries_[first].position);
        }
    }

private:
    struct entry {
        std::uint32_t id;
        std::size_t position;
    };
    std::vector<entry> entries_;
};

inline std::vector<ns::area> all_areas(const ns::nav_file& file) {
    std::vector<ns::area> areas;
    areas.reserve(file.area_count());
    for (const ns::area& a : file.areas()) areas.push_back(a);
    return areas;
}

// Every connection as (position of the area it leaves << 32 | id it names),
// sorted: "does area P connect back to id X" is one binary search, not a
// scan of P's lists (a crafted file gives an area 65,535 connections).
class connection_table {
public:
    explicit connection_table(const std::vector<ns::area>& areas) {
        std::size_t n = 0;
        for (const ns::area& a : areas) {
            for (unsigned d = 0; d < 4; ++d) n += a.connections(static_cast<ns::direction>(d)).size();
        }
        keys_.reserve(n);
        for (std::size_t i = 0; i < areas.size(); ++i) {
            for (unsigned d = 0; d < 4; ++d) {
                for (std::uint32_t to : areas[i].connections(static_cast<ns::direction>(d))) keys_.push_back(key(i, to));
            }
        }
        std::sort(keys_.begin(), keys_.end());
    }
    bool connects(std::size_t position, std::uint32_t id) const {
        return std::binary_search(keys_.begin(), keys_.end(), key(position, id));
    }

private:
    static std::uint64_t key(std::size_t position, std::uint32_t id) {
        return static_cast<std::uint64_t>(position) << 32 | id;
    }
    std::vector<std::uint64_t> keys_;
};

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: ../dump/source.md).
// One area as `dump` writes it (the viewer shows one record at a time).
// `places` from place_names(); `area_ids` the ids by position, needed for
// Left 4 Dead 2 files only (empty otherwise).
inline void write_area(json_writer& w, const navspan::source::nav_file& file, const navspan::source::area& a,
                       const std::vector<std::string_view>& places, const std::vector<std::uint32_t>& area_ids) {
    namespace ns = navspan::source;
    using namespace tools_detail;
    w.begin_object();
    w.field("position", a.index().value);
    w.field("offset", offset_of(file, a.bytes().data()));
    w.field("size", a.size_bytes());
    w.field("id", a.id());
    write_flags(w, "attributes", "attribute_names", a.attributes_raw(), a.attributes().table());
    w.key("north_west");
    write_vec3(w, a.north_west());
    w.key("south_east");
    write_vec3(w, a.south_east());
    w.field("north_east_z", a.north_east_z());
    w.field("south_west_z", a.south_west_z());
    w.key("connections");
    w.begin_object();
    for (unsigned d = 0; d < 4; ++d) {
        w.key(direction_keys[d]);
        write_id_list(w, a.connections(static_cast<ns::direction>(d)));
    }
    w.end_object();
    w.key("hiding_spots");
    w.begin_array();
    for (const ns::hiding_spot s : a.hiding_spots()) {
        w.begin_object();
        w.field("id", s.id());
        w.key("position");
        write_vec3(w, s.position());
        write_flags(w, "flags", "flag_names", s.flags_raw(), ns::hiding_spot_flag_names);
        w.end_object();
    }
    w.end_array();
    w.key("approach_spots");  // the base record's list (v <= 14)
    if (ns::layout::has_base_approach(file.version())) write_approach_spots(w, a.approach_spots());
    else w.null();
    w.key("encounter_paths");
    write_encounter_paths(w, a);
    const auto place = a.place_index();
    w.field("place_index", place);
    if (place && *place != 0 && *place < places.size()) w.field("place_name", places[*place]);
    else w.field_null("place_name");
    w.key("ladder_links");
    if (ns::layout::has_ladder_links(file.version())) {
        w.begin_object();
        w.key("up");
        write_id_list(w, a.ladder_links(ns::ladder_direction::up));
        w.key("down");
        write_id_list(w, a.ladder_links(ns::ladder_direction::down));
        w.end_object();
    } else {
        w.null();
    }
    w.key("earliest_occupy_times");
    if (const auto t = a.earliest_occupy_times()) {
        w.begin_array();
        w.value((*t)[0]);
        w.value((*t)[1]);
        w.end_array();
    } else {
        w.null();
    }
    w.key("light_intensity");
    if (const auto l = a.light_intensities()) {
        w.begin_array();
        for (float f : *l) w.value(f);
        w.end_array();
    } else {
        w.null();
    }
    w.key("visible_areas");
    if (ns::layout::has_base_visibility(file.version(), file.game())) {
        w.begin_array();
        for (const ns::visible_area v : a.visible_areas()) {
            w.begin_object();
            w.field("id", v.id());
            write_flags(w, "attributes", "attribute_names", v.attributes_raw(), ns::visibility_flag_names);
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.field("inherit_visibility_from", a.inherit_visibility_from());
    w.key("game_data");
    write_game_data(w, file, a, [&](std::uint32_t position) { return area_ids[position]; });
    w.end_object();
}

inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    // The fields as source_fields.hpp describes them (what `navspan pack` reads back).
    namespace ns = navspan::source;
    const auto opened = ns::nav_file::open(bytes);
    if (!opened) return opened.error();
    // The header, places and ladders as a model; the areas one at a time.
    ns::model m = ns::model::from_header(*opened);
    const source_fields::file_context ctx(*opened);
    fields::dump_visitor v(w);
    w.begin_object();
    source_fields::file_fields(v, m, ctx);
    w.end_object();
    return {};
}

// Checks beyond structure (navspan::source::validate, the library's
// checks); appends what it finds.
inline navspan::error validate(navspan::bytes_view bytes, findings& out, const check_choice& choice = {}) {
    const auto opened = navspan::source::nav_file::open(bytes);
    if (!opened) return opened.error();
    return navspan::source::validate(*opened, [&](const navspan::finding& f) { out.push_back(from_library(f)); },
                                     choice.in(navspan::source::validate_checks));
}

// The top-down picture: areas as quads coloured by place, with the place
// names on the map (by game or base attributes when the file names no
// places, by height when they carry none either), connections (links),
// ladders. --color-by: place, attribute, height.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    namespace ns = navspan::source;
    using namespace tools_detail;
    const auto opened = ns::nav_file::open(bytes);
    if (!opened) return opened.error();
    const ns::nav_file& file = *opened;
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
    if (by_height) colour_by_height(out);

    // Place names at the middle of their areas: the area of the place
    // nearest to the centroid of its areas (weighted by size), so the name
    // sits on the place even when it is L-shaped.
    if (by == colour_by::place && !by_height) {
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
    return {};
}

}  // namespace navspan_cli::source_format
