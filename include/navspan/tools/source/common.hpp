// What the dump, validate and picture of source_nav files share: how a
// value is written, the area and connection tables (dump schema:
// examples/navspan/dump/source.md).
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

#include "../json_values.hpp"
#include "../json_writer.hpp"
#include "fields.hpp"

namespace navspan::tools::source_format {

namespace tools_detail {

namespace ns = navspan::source;

constexpr std::string_view direction_keys[4] = {"north", "east", "south", "west"};

using json_values::write_vec3;  // (the one form every format writes)

// `"key": raw, "key_names": [...]`: the named flags in table order, then any
// bits the table does not name as one hex string, so names and raw agree.
inline void write_flags(json_writer& w, std::string_view key, std::string_view names_key, std::uint64_t raw,
                        navspan::name_table table) {
    w.field(key, raw);
    w.key(names_key);
    json_values::write_flag_names_and_rest(w, table, raw);
}

// `"key": raw, "key_name": "NAME"` (null when the table has no name).
inline void write_enum(json_writer& w, std::string_view key, std::string_view name_key, std::uint64_t raw,
                       navspan::name_table table) {
    w.field(key, raw);
    const std::string_view name = navspan::name_of(table, raw);
    if (name.empty()) w.field_null(name_key);
    else w.field(name_key, name);
}

using json_values::write_hex;

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

}  // namespace navspan::tools::source_format

#include "../../core/min_max_pop.hpp"
