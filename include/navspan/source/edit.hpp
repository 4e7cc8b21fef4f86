// navspan/source/edit.hpp - edits of a source::model that keep every
// reference consistent.
//
//   namespace ed = navspan::source::edit;
//   ed::delete_area(m, 42);                   // and every reference to it
//   ed::connect(m, 7, 9);                     // both ways, directions from the corners
//   ed::set_place(m, 7, "BombsiteA");         // adds the name to the directory
//   ed::merge(m, other);                      // other's ids renumbered where they clash
//   auto bytes = navspan::source::write(m);   // writer.hpp
//
// Each edit changes the model only when it succeeds (it checks first).
// What an edit leaves stale, on purpose:
//  * bspSize is the size of the map's .bsp the mesh was built for; the game
//    compares it with the map it loads and calls the mesh out of date when
//    they differ. No edit changes the map, so no edit changes bspSize; set
//    model::bsp_size yourself when the mesh moves to a rebuilt map.
//  * The analysis products (hiding spots, approach spots, encounter paths,
//    visibility, earliest occupy times, light intensity) describe the old
//    geometry. Geometry edits (add, delete, move, translate, merge) keep
//    them, fix every reference they hold to a deleted area, and clear the
//    analysed flag (v14+), which is what makes the game ask for
//    `nav_analyze`; clear_analysis() drops them altogether.
//  * Left 4 Dead 2 visibility stores area positions: deleting an area
//    renumbers them; merging appends the other file's areas after this one's.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../core/error.hpp"
#include "layout.hpp"
#include "model.hpp"

namespace navspan::source::edit {

namespace detail {

inline error missing_area(std::uint32_t id, std::size_t areas) {
    return navspan::detail::fail(error_code::index_out_of_range, 0, "area id (no area has it)", id, areas);
}

template <class Vec, class Pred>
void erase_if(Vec& v, Pred&& pred) {
    v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
}

inline void geometry_changed(model& m) { m.analyzed = false; }

// set_attributes (free and editor's) once the area is found: refused when
// `attributes` has bits past what `version` stores.
inline error set_area_attributes(model::area& a, std::uint32_t version, std::uint32_t attributes) {
    const std::size_t bytes = layout::attributes_size(version);
    if (bytes < 4 && (attributes >> (8 * bytes)) != 0) {
        return navspan::detail::fail(error_code::inconsistent, 0, "attributes (wider than this version stores)", attributes);
    }
    a.attributes = attributes;
    return {};
}

// Whether a name can join a directory of `size` names.
inline error check_new_place(std::size_t size, std::string_view name) {
    if (size >= 0xFFFF) return navspan::detail::fail(error_code::count_too_large, 0, "place directory", size, 0xFFFF);
    if (name.size() >= 0xFFFF || name.find('\0') != std::string_view::npos) {
        return navspan::detail::fail(error_code::inconsistent, 0, "place name (too long, or holds a NUL)", name.size());
    }
    return {};
}

inline vec3 add(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }

inline void move_area_by(model::area& a, vec3 d, unsigned version) {
    a.north_west = add(a.north_west, d);
    a.south_east = add(a.south_east, d);
    a.north_east_z += d.z;
    a.south_west_z += d.z;
    for (auto& s : a.hiding_spots) s.position = add(s.position, d);
    if (!layout::has_old_encounter_paths(version)) return;  // positions only the old layout stores
    for (auto& p : a.encounter_paths) {
        p.path_from = add(p.path_from, d);
        p.path_to = add(p.path_to, d);
        for (auto& s : p.old_spots) s.position = add(s.position, d);
    }
}

// Calls f(id&) for every area id an area record holds (not its own).
template <class F>
void for_each_area_reference(model::area& a, F&& f) {
    for (auto& list : a.connections) {
        for (auto& id : list) f(id);
    }
    for (auto& s : a.approach_spots) {
        f(s.here_area);
        f(s.prev_area);
        f(s.next_area);
    }
    for (auto& p : a.encounter_paths) {
        f(p.from_area);
        f(p.to_area);
    }
    for (auto& v : a.visible_areas) f(v.id);
    f(a.inherit_visibility_from);
    f(a.left4dead2.inherit_visibility_from);
}

}  // namespace detail

// The area with this id, or nullptr.
inline model::area* find_area(model& m, std::uint32_t id) {
    for (auto& a : m.areas) {
        if (a.id == id) return &a;
    }
    return nullptr;
}

// One more than the largest area id (1 for an empty mesh).
inline std::uint32_t next_area_id(const model& m) {
    std::uint32_t top = 0;
    for (const auto& a : m.areas) top = std::max(top, a.id);
    return top + 1;
}

// Adds an area (its id 0: the next free id); returns its id. Fails when the
// id is taken.
inline result<std::uint32_t> add_area(model& m, model::area a) {
    if (a.id == 0) a.id = next_area_id(m);
    if (find_area(m, a.id) != nullptr) {
        return navspan::detail::fail(error_code::inconsistent, 0, "area id (already used)", a.id);
    }
    if (m.game == game::unknown) a.unknown_game_data.resize(m.unknown_area_data_size);
    const std::uint32_t id = a.id;
    m.areas.push_back(std::move(a));
    detail::geometry_changed(m);
    return id;
}

// Deletes an area and every reference to it: connections, approach spots
// through it, encounter paths from or to it, visibility entries, inherited
// visibility, ladder ends, and encounter spots naming its hiding spots.
inline error delete_area(model& m, std::uint32_t id) {
    std::size_t position = m.areas.size();
    for (std::size_t i = 0; i < m.areas.size(); ++i) {
        if (m.areas[i].id == id) {
            position = i;
            break;
        }
    }
    if (position == m.areas.size()) return detail::missing_area(id, m.areas.size());
    std::vector<std::uint32_t> spots;
    for (const auto& s : m.areas[position].hiding_spots) {
        if (s.id != 0) spots.push_back(s.id);
    }
    std::sort(spots.begin(), spots.end());
    m.areas.erase(m.areas.begin() + static_cast<std::ptrdiff_t>(position));
    const auto pos = static_cast<std::uint32_t>(position);
    for (auto& a : m.areas) {
        for (auto& list : a.connections) detail::erase_if(list, [&](std::uint32_t x) { return x == id; });
        detail::erase_if(a.approach_spots, [&](const model::approach_spot& s) {
            return s.here_area == id || s.prev_area == id || s.next_area == id;
        });
        detail::erase_if(a.encounter_paths, [&](const model::encounter_path& p) { return p.from_area == id || p.to_area == id; });
        for (auto& p : a.encounter_paths) {
            detail::erase_if(p.spots, [&](const model::encounter_spot& s) {
                return std::binary_search(spots.begin(), spots.end(), s.hiding_spot_id);
            });
        }
        detail::erase_if(a.visible_areas, [&](const model::visible_area& v) { return v.id == id; });
        if (a.inherit_visibility_from == id) a.inherit_visibility_from = 0;
        auto& l4d = a.left4dead2;
        detail::erase_if(l4d.visible_areas, [&](const model::l4d2_visible_area& v) { return v.position == pos; });
        for (auto& v : l4d.visible_areas) {
            if (v.position > pos) --v.position;
        }
        if (l4d.inherit_visibility_from == id) l4d.inherit_visibility_from = 0;
    }
    for (auto& l : m.ladders) {
        for (auto& end : l.areas) {
            if (end == id) end = 0;
        }
    }
    detail::geometry_changed(m);
    return {};
}

// Deletes a ladder and every area's link to it.
inline error delete_ladder(model& m, std::uint32_t id) {
    const auto before = m.ladders.size();
    detail::erase_if(m.ladders, [&](const model::ladder& l) { return l.id == id; });
    if (m.ladders.size() == before) {
        return navspan::detail::fail(error_code::index_out_of_range, 0, "ladder id (no ladder has it)", id);
    }
    for (auto& a : m.areas) {
        for (auto& list : a.ladder_links) detail::erase_if(list, [&](std::uint32_t x) { return x == id; });
    }
    detail::geometry_changed(m);
    return {};
}

// Moves one area (its corners, hiding spots and old-layout encounter points).
inline error move_area(model& m, std::uint32_t id, vec3 by) {
    model::area* a = find_area(m, id);
    if (a == nullptr) return detail::missing_area(id, m.areas.size());
    detail::move_area_by(*a, by, m.version);
    detail::geometry_changed(m);
    return {};
}

// Moves the whole mesh: areas, hiding spots, encounter points, ladders.
inline void translate(model& m, vec3 by) {
    for (auto& a : m.areas) detail::move_area_by(a, by, m.version);
    for (auto& l : m.ladders) {
        l.top = detail::add(l.top, by);
        l.bottom = detail::add(l.bottom, by);
    }
    detail::geometry_changed(m);
}

// The side of `from` that `to` lies beyond (north is -y): the axis along
// which their boxes are further apart.
inline direction direction_towards(const model::area& from, const model::area& to) {
    const float fx = (from.north_west.x + from.south_east.x) * 0.5f, fy = (from.north_west.y + from.south_east.y) * 0.5f;
    const float tx = (to.north_west.x + to.south_east.x) * 0.5f, ty = (to.north_west.y + to.south_east.y) * 0.5f;
    const float dx = tx - fx, dy = ty - fy;
    if (std::fabs(dx) >= std::fabs(dy)) return dx >= 0 ? direction::east : direction::west;
    return dy >= 0 ? direction::south : direction::north;
}

// A one-way connection from `from` to `to` in direction `d` (nothing
// happens when it is there already).
inline error connect_one_way(model& m, std::uint32_t from, std::uint32_t to, direction d) {
    model::area* a = find_area(m, from);
    if (a == nullptr) return detail::missing_area(from, m.areas.size());
    if (find_area(m, to) == nullptr) return detail::missing_area(to, m.areas.size());
    auto& list = a->connections[static_cast<unsigned>(d) & 3u];
    if (std::find(list.begin(), list.end(), to) == list.end()) list.push_back(to);
    return {};
}

// Connects two areas both ways, each in the direction the other lies.
inline error connect(model& m, std::uint32_t a, std::uint32_t b) {
    const model::area* pa = find_area(m, a);
    const model::area* pb = find_area(m, b);
    if (pa == nullptr) return detail::missing_area(a, m.areas.size());
    if (pb == nullptr) return detail::missing_area(b, m.areas.size());
    if (a == b) return navspan::detail::fail(error_code::inconsistent, 0, "connection (an area to itself)", a);
    const direction ab = direction_towards(*pa, *pb), ba = direction_towards(*pb, *pa);
    NAVSPAN_TRY(connect_one_way(m, a, b, ab));
    return connect_one_way(m, b, a, ba);
}

// Removes every connection from `from` to `to` (one way).
inline error disconnect_one_way(model& m, std::uint32_t from, std::uint32_t to) {
    model::area* a = find_area(m, from);
    if (a == nullptr) return detail::missing_area(from, m.areas.size());
    for (auto& list : a->connections) detail::erase_if(list, [&](std::uint32_t x) { return x == to; });
    return {};
}
inline error disconnect(model& m, std::uint32_t a, std::uint32_t b) {
    if (find_area(m, a) == nullptr) return detail::missing_area(a, m.areas.size());
    if (find_area(m, b) == nullptr) return detail::missing_area(b, m.areas.size());
    NAVSPAN_TRY(disconnect_one_way(m, a, b));
    return disconnect_one_way(m, b, a);
}

inline error set_attributes(model& m, std::uint32_t id, std::uint32_t attributes) {
    model::area* a = find_area(m, id);
    if (a == nullptr) return detail::missing_area(id, m.areas.size());
    return detail::set_area_attributes(*a, m.version, attributes);
}

// The 1-based index of a place name, added to the directory when missing.
inline result<std::uint16_t> place_index(model& m, std::string_view name) {
    if (!layout::has_place_directory(m.version)) {
        return navspan::detail::fail(error_code::unsupported_version, 0, "place names (version 5 and later)", m.version);
    }
    for (std::size_t i = 0; i < m.places.size(); ++i) {
        if (place_name(m.places[i]) == name) return static_cast<std::uint16_t>(i + 1);
    }
    NAVSPAN_TRY(detail::check_new_place(m.places.size(), name));
    m.places.push_back(place_stored_bytes(name));
    return static_cast<std::uint16_t>(m.places.size());
}

// Names an area's place (an empty name: no place).
inline error set_place(model& m, std::uint32_t id, std::string_view name) {
    model::area* a = find_area(m, id);
    if (a == nullptr) return detail::missing_area(id, m.areas.size());
    if (name.empty()) {
        a->place_index = 0;
        return {};
    }
    const auto index = place_index(m, name);
    if (!index) return index.error();
    find_area(m, id)->place_index = *index;
    return {};
}

// Drops every analysis product (see the top of this file) and clears the
// analysed flag: the mesh as `nav_generate` leaves it before `nav_analyze`.
inline void clear_analysis(model& m) {
    for (auto& a : m.areas) {
        a.hiding_spots.clear();
        a.approach_spots.clear();
        a.encounter_paths.clear();
        a.visible_areas.clear();
        a.inherit_visibility_from = 0;
        a.earliest_occupy_times = {};
        a.light_intensity = {};
        a.left4dead2.visible_areas.clear();
        a.left4dead2.inherit_visibility_from = 0;
    }
    m.analyzed = false;
}

namespace detail {

// The ids `other`'s areas, ladders and hiding spots take in `m`: their own
// where `m` does not use them, else the next free ones.
struct merge_ids {
    std::unordered_map<std::uint32_t, std::uint32_t> areas, ladders, spots;
};

inline void renumber_areas(const model& m, const model& other, merge_ids& ids) {
    std::vector<std::uint32_t> used;
    for (const auto& a : m.areas) used.push_back(a.id);
    std::sort(used.begin(), used.end());
    std::uint32_t next = next_area_id(m);
    for (const auto& a : other.areas) next = std::max(next, a.id + 1);
    for (const auto& a : other.areas) {
        if (ids.areas.count(a.id) != 0) continue;
        ids.areas[a.id] = std::binary_search(used.begin(), used.end(), a.id) ? next++ : a.id;
    }
}

inline void renumber_ladders(const model& m, const model& other, merge_ids& ids) {
    std::vector<std::uint32_t> used;
    std::uint32_t next = 1;
    for (const auto& l : m.ladders) {
        used.push_back(l.id);
        next = std::max(next, l.id + 1);
    }
    for (const auto& l : other.ladders) next = std::max(next, l.id + 1);
    std::sort(used.begin(), used.end());
    for (const auto& l : other.ladders) {
        if (ids.ladders.count(l.id) == 0) ids.ladders[l.id] = std::binary_search(used.begin(), used.end(), l.id) ? next++ : l.id;
    }
}

inline void renumber_spots(const model& m, const model& other, merge_ids& ids) {
    std::vector<std::uint32_t> used;
    std::uint32_t next = 1;
    for (const auto& a : m.areas) {
        for (const auto& s : a.hiding_spots) {
            used.push_back(s.id);
            next = std::max(next, s.id + 1);
        }
    }
    for (const auto& a : other.areas) {
        for (const auto& s : a.hiding_spots) next = std::max(next, s.id + 1);
    }
    std::sort(used.begin(), used.end());
    for (const auto& a : other.areas) {
        for (const auto& s : a.hiding_spots) {
            if (s.id != 0 && ids.spots.count(s.id) == 0) {
                ids.spots[s.id] = std::binary_search(used.begin(), used.end(), s.id) ? next++ : s.id;
            }
        }
    }
}

// Place indices of the other directory in this one: names looked up in a
// tree of m's directory (not a scan per name: H6), the new ones only
// appended once every check has passed, so m changes only on success and
// is never copied.
inline error merge_places(model& m, const model& other, std::vector<std::uint16_t>& places) {
    places.assign(other.places.size() + 1, 0);
    std::map<std::string_view, std::uint16_t> directory;
    std::vector<std::string_view> added;
    if (!other.places.empty()) {
        if (!layout::has_place_directory(m.version)) {
            return navspan::detail::fail(error_code::unsupported_version, 0, "place names (version 5 and later)", m.version);
        }
        for (std::size_t i = 0; i < m.places.size(); ++i) {
            directory.emplace(place_name(m.places[i]), static_cast<std::uint16_t>(i + 1));  // the first of a name, as a scan finds
        }
    }
    for (std::size_t i = 0; i < other.places.size(); ++i) {
        const std::string_view name = place_name(other.places[i]);
        if (const auto it = directory.find(name); it != directory.end()) {
            places[i + 1] = it->second;
            continue;
        }
        NAVSPAN_TRY(detail::check_new_place(m.places.size() + added.size(), name));
        places[i + 1] = static_cast<std::uint16_t>(m.places.size() + added.size() + 1);
        directory.emplace(name, places[i + 1]);
        added.push_back(name);
    }
    for (const std::string_view name : added) m.places.push_back(place_stored_bytes(name));
    return {};
}

// Appends `other`'s areas and ladders to `m` with their new ids, places
// and references.
inline void append_renumbered(model& m, const model& other, merge_ids& ids, const std::vector<std::uint16_t>& places) {
    auto map_area = [&](std::uint32_t& id) {
        if (id == 0) return;
        const auto it = ids.areas.find(id);
        if (it != ids.areas.end()) id = it->second;
    };
    auto map_in = [](const std::unordered_map<std::uint32_t, std::uint32_t>& map, std::uint32_t& id) {
        if (const auto it = map.find(id); it != map.end()) id = it->second;
    };
    const auto offset = static_cast<std::uint32_t>(m.areas.size());
    m.areas.reserve(m.areas.size() + other.areas.size());
    for (model::area a : other.areas) {
        map_area(a.id);
        detail::for_each_area_reference(a, map_area);
        for (auto& s : a.hiding_spots) map_in(ids.spots, s.id);
        for (auto& p : a.encounter_paths) {
            for (auto& s : p.spots) map_in(ids.spots, s.hiding_spot_id);
        }
        for (auto& list : a.ladder_links) {
            for (auto& id : list) map_in(ids.ladders, id);
        }
        a.place_index = a.place_index < places.size() ? places[a.place_index] : 0;
        for (auto& v : a.left4dead2.visible_areas) v.position += offset;
        m.areas.push_back(std::move(a));
    }
    for (model::ladder l : other.ladders) {
        l.id = ids.ladders[l.id];
        for (auto& end : l.areas) map_area(end);
        m.ladders.push_back(l);
    }
}

}  // namespace detail

// Adds `other`'s areas and ladders to `m` (two halves of one map, or a
// piece copied from another mesh). Ids of `other` that `m` already uses
// (areas, ladders, hiding spots) get the next free ones, and every
// reference inside `other` follows; its place names join m's directory.
// Both must have the same version and game data.
inline error merge(model& m, const model& other) {
    if (other.version != m.version || other.game != m.game ||
        (layout::has_subversion(m.version) && other.subversion != m.subversion) ||
        (m.game == game::unknown && other.unknown_area_data_size != m.unknown_area_data_size)) {
        return navspan::detail::fail(error_code::inconsistent, 0, "merge (version and game data must match)", other.version,
                                     m.version);
    }
    if (&other == &m) {  // the directory below views other's names while m's grows
        const model copy = other;
        return merge(m, copy);
    }
    detail::merge_ids ids;
    detail::renumber_areas(m, other, ids);
    detail::renumber_ladders(m, other, ids);
    detail::renumber_spots(m, other, ids);
    std::vector<std::uint16_t> places;
    NAVSPAN_TRY(detail::merge_places(m, other, places));
    detail::append_renumbered(m, other, ids, places);
    detail::geometry_changed(m);
    return {};
}

// Rewrites the model for another version where the formats allow it: the
// fields both versions store are kept (game data included), fields the
// target lacks are dropped, fields it adds get their defaults. Refused when
// something would change meaning: attribute bits the target cannot store,
// encounter paths across the v2/v3 layout change, Left 4 Dead 2 data
// outside v16. (Version 1 stores no hiding spot ids: they are dropped.)
inline error convert_version(model& m, std::uint32_t version) {
    if (version == 0 || version > max_version) {
        return navspan::detail::fail(error_code::unsupported_version, 0, "target version (1 to 16)", version);
    }
    if (version == m.version) return {};
    const std::size_t bytes = layout::attributes_size(version);
    for (const auto& a : m.areas) {
        if (bytes < 4 && (a.attributes >> (8 * bytes)) != 0) {
            return navspan::detail::fail(error_code::inconsistent, 0, "attributes (wider than the target version stores)", a.id);
        }
        if (layout::has_old_encounter_paths(version) != layout::has_old_encounter_paths(m.version) &&
            !a.encounter_paths.empty()) {
            return navspan::detail::fail(error_code::inconsistent, 0,
                                         "encounter paths (their layout changes between versions 2 and 3)", a.id);
        }
    }
    if (m.game == game::left4dead2 && version != 16) {
        return navspan::detail::fail(error_code::inconsistent, 0, "Left 4 Dead 2 data (version 16 only)", version);
    }
    m.version = version;
    if (!layout::has_subversion(version)) m.subversion = 0;
    // Approach spots live in the base record up to v14 and in
    // Counter-Strike game data from v15 (one model field for both).
    if (!layout::has_base_approach(version) && !layout::has_cstrike_approach(m.context())) {
        for (auto& a : m.areas) a.approach_spots.clear();
    }
    if (!layout::has_place_directory(version)) {
        m.places.clear();
        for (auto& a : m.areas) a.place_index = 0;
    }
    if (!layout::has_ladders(version)) m.ladders.clear();
    if (!layout::has_analyzed(version)) m.analyzed = false;
    return {};
}

// Many edits of one model (the command's `edit` applies them in a row):
// the model with indexes kept across the edits, so each lookup is
// O(log n) where the free functions above scan (H7). Areas by id (a tree
// of positions), place names (a tree of the directory), and each area's
// connection lists as sorted sets built the first time an edit asks
// (adding a connection that is there already costs a lookup, not a scan).
// Edits that renumber (delete, merge, convert) drop the indexes they would
// stale; the next lookup rebuilds them. The results are the free functions'.
class editor {
public:
    explicit editor(model m) : m_(std::move(m)) {}

    const model& get() const noexcept { return m_; }
    model take() && { return std::move(m_); }

    model::area* find_area(std::uint32_t id) {
        if (!indexed_) {
            areas_.clear();
            for (std::size_t i = 0; i < m_.areas.size(); ++i) areas_.emplace(m_.areas[i].id, i);  // the first of an id
            indexed_ = true;
        }
        const auto it = areas_.find(id);
        return it == areas_.end() ? nullptr : &m_.areas[it->second];
    }
    result<std::uint32_t> add_area(model::area a) {
        if (a.id == 0) {
            (void)find_area(0);  // the index, whose last key is the largest id
            a.id = areas_.empty() ? 1 : areas_.rbegin()->first + 1;
        }
        if (find_area(a.id) != nullptr) return navspan::detail::fail(error_code::inconsistent, 0, "area id (already used)", a.id);
        if (m_.game == game::unknown) a.unknown_game_data.resize(m_.unknown_area_data_size);
        const std::uint32_t id = a.id;
        m_.areas.push_back(std::move(a));
        areas_.emplace(id, m_.areas.size() - 1);
        detail::geometry_changed(m_);
        return id;
    }
    error delete_area(std::uint32_t id) {
        if (find_area(id) == nullptr) return detail::missing_area(id, m_.areas.size());
        forget();
        return edit::delete_area(m_, id);
    }
    error move_area(std::uint32_t id, vec3 by) {
        model::area* a = find_area(id);
        if (a == nullptr) return detail::missing_area(id, m_.areas.size());
        detail::move_area_by(*a, by, m_.version);
        detail::geometry_changed(m_);
        return {};
    }
    void translate(vec3 by) { edit::translate(m_, by); }
    error set_attributes(std::uint32_t id, std::uint32_t attributes) {
        model::area* a = find_area(id);
        if (a == nullptr) return detail::missing_area(id, m_.areas.size());
        return detail::set_area_attributes(*a, m_.version, attributes);
    }
    error connect_one_way(std::uint32_t from, std::uint32_t to, direction d) {
        model::area* a = find_area(from);
        if (a == nullptr) return detail::missing_area(from, m_.areas.size());
        if (find_area(to) == nullptr) return detail::missing_area(to, m_.areas.size());
        const unsigned side = static_cast<unsigned>(d) & 3u;
        if (targets(from, side, *a).insert(to).second) a->connections[side].push_back(to);
        return {};
    }
    error connect(std::uint32_t a, std::uint32_t b) {
        const model::area* pa = find_area(a);
        const model::area* pb = find_area(b);
        if (pa == nullptr) return detail::missing_area(a, m_.areas.size());
        if (pb == nullptr) return detail::missing_area(b, m_.areas.size());
        if (a == b) return navspan::detail::fail(error_code::inconsistent, 0, "connection (an area to itself)", a);
        const direction ab = direction_towards(*pa, *pb), ba = direction_towards(*pb, *pa);
        NAVSPAN_TRY(connect_one_way(a, b, ab));
        return connect_one_way(b, a, ba);
    }
    error disconnect_one_way(std::uint32_t from, std::uint32_t to) {
        model::area* a = find_area(from);
        if (a == nullptr) return detail::missing_area(from, m_.areas.size());
        for (unsigned side = 0; side < 4; ++side) {
            if (targets(from, side, *a).erase(to) == 0) continue;  // not there: no scan
            detail::erase_if(a->connections[side], [&](std::uint32_t x) { return x == to; });
        }
        return {};
    }
    error disconnect(std::uint32_t a, std::uint32_t b) {
        if (find_area(a) == nullptr) return detail::missing_area(a, m_.areas.size());
        if (find_area(b) == nullptr) return detail::missing_area(b, m_.areas.size());
        NAVSPAN_TRY(disconnect_one_way(a, b));
        return disconnect_one_way(b, a);
    }
    error set_place(std::uint32_t id, std::string_view name) {
        model::area* a = find_area(id);
        if (a == nullptr) return detail::missing_area(id, m_.areas.size());
        if (name.empty()) {
            a->place_index = 0;
            return {};
        }
        if (!layout::has_place_directory(m_.version)) {
            return navspan::detail::fail(error_code::unsupported_version, 0, "place names (version 5 and later)", m_.version);
        }
        if (!places_indexed_) {
            places_.clear();
            for (std::size_t i = 0; i < m_.places.size(); ++i) {
                places_.emplace(std::string(place_name(m_.places[i])), static_cast<std::uint16_t>(i + 1));
            }
            places_indexed_ = true;
        }
        if (const auto it = places_.find(name); it != places_.end()) {
            a->place_index = it->second;
            return {};
        }
        NAVSPAN_TRY(detail::check_new_place(m_.places.size(), name));
        m_.places.push_back(place_stored_bytes(name));
        a->place_index = static_cast<std::uint16_t>(m_.places.size());
        places_.emplace(std::string(name), a->place_index);
        return {};
    }
    void clear_analysis() { edit::clear_analysis(m_); }
    error merge(const model& other) {
        const std::size_t before = m_.areas.size();
        NAVSPAN_TRY(edit::merge(m_, other));
        places_indexed_ = false;  // new names (rare: rebuilt when next asked)
        if (indexed_) {
            for (std::size_t i = before; i < m_.areas.size(); ++i) areas_.emplace(m_.areas[i].id, i);
        }
        return {};
    }
    error convert_version(std::uint32_t version) {
        forget();
        return edit::convert_version(m_, version);
    }

private:
    // The sorted set of area `id`'s connections on one side, built from its
    // list the first time it is asked for.
    std::set<std::uint32_t>& targets(std::uint32_t id, unsigned side, const model::area& a) {
        const auto key = (static_cast<std::uint64_t>(id) << 2) | side;
        auto it = links_.find(key);
        if (it == links_.end()) {
            const auto& list = a.connections[side];
            it = links_.emplace(key, std::set<std::uint32_t>(list.begin(), list.end())).first;
        }
        return it->second;
    }
    void forget() {
        indexed_ = false;
        places_indexed_ = false;
        links_.clear();
    }

    model m_;
    std::map<std::uint32_t, std::size_t> areas_;  // id -> position in m_.areas
    std::map<std::string, std::uint16_t, std::less<>> places_;
    std::map<std::uint64_t, std::set<std::uint32_t>> links_;  // (id << 2 | side) -> targets
    bool indexed_ = false, places_indexed_ = false;
};

}  // namespace navspan::source::edit
#include "../core/min_max_pop.hpp"
