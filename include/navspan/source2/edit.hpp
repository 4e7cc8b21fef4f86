// navspan/source2/edit.hpp - edits of a source2::model that keep every
// reference consistent, the bot analysis included.
//
//   namespace ed = navspan::source2::edit;
//   ed::delete_area(m, 42);                              // and every reference to it
//   ed::connect(m, 7, 2, 9, 0);                          // edge 2 of 7 meets edge 0 of 9, both ways
//   auto spot = ed::add_hiding_spot(m, 7, {10, 20, 0}, 1);
//   auto bytes = navspan::source2::write(m);             // writer.hpp
//
// Each edit changes the model only when it succeeds (it checks first).
// Areas are found by id through the model's lookup (model::position_of,
// O(1) expected); removing the references to an area is one pass over the
// areas that name it, and erasing from the area vector is O(n) anyway.
//
// The bot analysis lives in the custom-data KV3 blob (bot_analysis.hpp):
// "arealist" holds one entry per area, in the order of the area table. An
// edit that touches it decodes the blob once into model::blob::edited
// (analysis()); the writer re-encodes it with the original's settings.
// Rules (docs/formats/source2.md, "Writing"):
//  * delete_area drops the area's analysis entry, every approach entry
//    naming its id (here, prev or next), and every encounter path whose
//    "from" or "to" handle model::from resolved to it (encounter handles
//    are opaque; an unresolved handle is kept). Its polygon goes when no
//    other area uses it, and the polygon's corners no other polygon uses.
//  * add_area appends an empty analysis entry (no spots or paths, earliest
//    occupy times 0), so the list keeps one entry per area.
//  * delete_area and add_area clear the analyzed flag, as Source's geometry
//    edits do: the analysis no longer describes the mesh (nav_analyze
//    redoes it). translate moves the hiding spots with the mesh and keeps it.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../kv3/document.hpp"
#include "../kv3/to_model.hpp"
#include "../kv3/value_model.hpp"
#include "model.hpp"

namespace navspan::source2::edit {

using ::navspan::kv3::model_kind;
using ::navspan::kv3::model_value;

namespace detail {

inline error missing_area(std::uint32_t id, std::size_t areas) {
    return navspan::detail::fail(error_code::index_out_of_range, 0, "area id (no area has it)", id, areas);
}
inline error no_analysis_entry(std::size_t position) {
    return navspan::detail::fail(error_code::inconsistent, 0, "bot analysis (no arealist entry for the area)", position);
}

template <class Vec, class Pred>
void erase_if(Vec& v, Pred&& pred) {
    v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
}

inline void geometry_changed(model& m) { m.flags &= ~analyzed_flag; }

inline vec3 add(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }

// A number of the analysis, whatever integer or float kind it was read as.
inline std::optional<std::int64_t> as_int(const model_value* v) {
    if (v == nullptr) return std::nullopt;
    switch (v->kind) {
        case model_kind::int64: return v->int_value;
        case model_kind::uint64: return static_cast<std::int64_t>(v->uint_value);
        case model_kind::float64: return static_cast<std::int64_t>(v->double_value);
        default: return std::nullopt;
    }
}
inline std::optional<double> as_double(const model_value* v) {
    if (v != nullptr && v->kind == model_kind::float64) return v->double_value;
    const auto i = as_int(v);
    if (!i) return std::nullopt;
    return static_cast<double>(*i);
}
// Stores `x` in the kind `v` already has (so the encoder keeps its storage);
// a value of another kind becomes a double.
inline void set_number(model_value& v, double x) {
    switch (v.kind) {
        case model_kind::int64: v.int_value = static_cast<std::int64_t>(x); break;
        case model_kind::uint64: v.uint_value = static_cast<std::uint64_t>(x); break;
        default: v = model_value::of_double(x); break;
    }
}
// The member `key` of an object, added (as `fresh`) when missing.
inline model_value& member(model_value& obj, std::string_view key, model_value fresh) {
    if (model_value* v = obj.find(key)) return *v;
    return obj.set(std::string(key), std::move(fresh));
}
inline std::vector<model_value>* list_of(model_value& entry, std::string_view key) {
    model_value* v = entry.find(key);
    return v != nullptr && v->kind == model_kind::array ? &v->elements : nullptr;
}
inline void empty_array(model_value& a) {
    a.elements.clear();
    a.code = 0;  // an empty typed array is read back as a plain one
    a.element_code = 0;
}

// An entry with no spots, paths or approaches and times 0, shaped like
// `like` (an existing entry: its keys, order and storage) when given.
inline model_value empty_entry(const model_value* like) {
    model_value e = like != nullptr ? *like : model_value::object();
    for (const char* key : {"hidingspotdata", "spotencounterdata", "order", "approachdata"}) {
        empty_array(member(e, key, model_value::array()));
    }
    model_value& times = member(e, "earliestoccupytime", model_value::array());
    if (times.kind != model_kind::array) times = model_value::array();
    while (times.elements.size() < 2) times.push(model_value::object()).set("time", model_value::of_double(0));
    for (model_value& t : times.elements) {
        if (t.kind == model_kind::object) set_number(member(t, "time", model_value::of_double(0)), 0);
    }
    return e;
}

}  // namespace detail

// The decoded bot analysis of the custom-data blob (decoded on first use
// into model::blob::edited; later edits change that tree). Fails when the
// model has no custom data or it does not decode.
inline result<model_value*> analysis(model& m) {
    model::blob* b = m.find_blob(kv3_slot::custom_data);
    if (b == nullptr || m.subversion == 0) {
        return navspan::detail::fail(error_code::inconsistent, 8, "custom data (the model has none: subversion 0)");
    }
    if (!b->edited) {
        const auto need = ::navspan::kv3::document::scratch_size(b->original);
        if (!need) return with_parent(need.error(), "custom data");
        std::vector<std::byte> scratch(*need);
        const auto doc = ::navspan::kv3::document::open(b->original, scratch);
        if (!doc) return with_parent(doc.error(), "custom data");
        b->edited = ::navspan::kv3::to_model(*doc);
    }
    return &*b->edited;
}

// The analysis's "arealist" elements (nullptr when the model has no custom
// data; an error when it does not decode or has no list).
inline result<std::vector<model_value>*> analysis_areas(model& m) {
    if (m.find_blob(kv3_slot::custom_data) == nullptr || m.subversion == 0) return nullptr;
    auto root = analysis(m);
    if (!root) return root.error();
    std::vector<model_value>* list = detail::list_of(**root, "arealist");
    if (list == nullptr) return navspan::detail::fail(error_code::inconsistent, 0, "bot analysis (no arealist array)");
    return list;
}

// The area with this id, or nullptr.
inline model::area* find_area(model& m, std::uint32_t id) {
    const auto p = m.position_of(id);
    return p ? &m.areas[*p] : nullptr;
}

// One more than the largest area id (1 for an empty mesh).
inline std::uint32_t next_area_id(const model& m) {
    std::uint32_t top = 0;
    for (const model::area& a : m.areas) top = std::max(top, a.id);
    return top + 1;
}

// Adds an area over `corners` (in order; edge i runs from corner i to
// i + 1): version 31+ appends them to the corner pool and a static-world
// polygon naming them, version 30 stores them in the area. Its id 0: the
// next free id. Returns the id; fails when it is taken or the polygon has
// more than 255 corners.
inline result<std::uint32_t> add_area(model& m, model::area a, std::span<const vec3> corners) {
    if (a.id == 0) a.id = next_area_id(m);
    if (m.position_of(a.id)) return navspan::detail::fail(error_code::inconsistent, 0, "area id (already used)", a.id);
    if (corners.size() > 0xFF) return navspan::detail::fail(error_code::count_too_large, 0, "area corners", corners.size(), 0xFF);
    auto list = analysis_areas(m);
    if (!list) return list.error();
    if (*list != nullptr && (*list)->size() != m.areas.size()) return detail::no_analysis_entry(m.areas.size());
    if (gates::has_polygon_table(m.layout_version())) {
        model::polygon p;
        for (const vec3& c : corners) {
            p.corners.push_back(static_cast<std::uint32_t>(m.corners.size()));
            m.corners.push_back(c);
        }
        a.polygon = static_cast<std::uint32_t>(m.polygons.size());
        a.corners.clear();
        m.polygons.push_back(std::move(p));
    } else {
        a.corners.assign(corners.begin(), corners.end());
    }
    a.edges.resize(corners.size());
    if (*list != nullptr) (*list)->push_back(detail::empty_entry((*list)->empty() ? nullptr : &(*list)->front()));
    const std::uint32_t id = a.id;
    m.areas.push_back(std::move(a));
    detail::geometry_changed(m);
    return id;
}

namespace detail {

// Removes polygon `index` when no area uses it, and the corners only it used.
inline void drop_polygon_if_unused(model& m, std::uint32_t index) {
    for (const model::area& a : m.areas) {
        if (a.polygon == index) return;
    }
    const std::vector<std::uint32_t> gone = std::move(m.polygons[index].corners);
    m.polygons.erase(m.polygons.begin() + static_cast<std::ptrdiff_t>(index));
    for (model::area& a : m.areas) {
        if (a.polygon > index) --a.polygon;
    }
    std::vector<std::uint8_t> used(m.corners.size(), 0);
    for (const model::polygon& p : m.polygons) {
        for (const std::uint32_t c : p.corners) used[c] = 1;
    }
    std::vector<std::uint8_t> drop(m.corners.size(), 0);
    for (const std::uint32_t c : gone) drop[c] = used[c] == 0 ? 1 : 0;
    std::vector<std::uint32_t> renumber(m.corners.size(), 0);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m.corners.size(); ++i) {
        renumber[i] = static_cast<std::uint32_t>(kept);
        if (drop[i] == 0) m.corners[kept++] = m.corners[i];
    }
    m.corners.resize(kept);
    for (model::polygon& p : m.polygons) {
        for (std::uint32_t& c : p.corners) c = renumber[c];
    }
}

// The analysis references to area `id`, at table position `position`.
inline void drop_from_analysis(model& m, std::vector<model_value>& list, std::size_t position, std::uint32_t id) {
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(position));
    const auto names_id = [&](const model_value& e, const char* key) { return as_int(e.find(key)) == std::int64_t{id}; };
    const auto names_handle = [&](const model_value& e, const char* key) {
        const auto h = as_int(e.find(key));
        return h && m.handle_area_id(static_cast<std::int32_t>(*h)) == id;
    };
    for (model_value& entry : list) {
        if (std::vector<model_value>* a = list_of(entry, "approachdata")) {
            erase_if(*a, [&](const model_value& e) { return names_id(e, "here") || names_id(e, "prev") || names_id(e, "next"); });
        }
        if (std::vector<model_value>* p = list_of(entry, "spotencounterdata")) {
            erase_if(*p, [&](const model_value& e) { return names_handle(e, "from") || names_handle(e, "to"); });
        }
    }
}

}  // namespace detail

// Deletes an area and every reference to it (see the top of this file).
inline error delete_area(model& m, std::uint32_t id) {
    const auto position = m.position_of(id);
    if (!position) return detail::missing_area(id, m.areas.size());
    auto list = analysis_areas(m);
    if (!list) return list.error();
    if (*list != nullptr && *position >= (*list)->size()) return detail::no_analysis_entry(*position);
    const std::uint32_t polygon = m.areas[*position].polygon;
    m.areas.erase(m.areas.begin() + static_cast<std::ptrdiff_t>(*position));
    for (model::area& a : m.areas) {
        for (auto& edge : a.edges) detail::erase_if(edge, [&](const model::connection& c) { return c.area_id == id; });
    }
    for (model::ladder& l : m.ladders) {
        for (std::uint32_t& end : l.areas) {
            if (end == id) end = 0;
        }
    }
    if (gates::has_polygon_table(m.layout_version()) && polygon < m.polygons.size()) {
        detail::drop_polygon_if_unused(m, polygon);
    }
    if (*list != nullptr) detail::drop_from_analysis(m, **list, *position, id);
    detail::erase_if(m.encounter_handles, [&](const model::handle_area& h) { return h.area_id == id; });
    detail::geometry_changed(m);
    return {};
}

// Edge `from_edge` of `from` leads to `to`, entering by its edge `to_edge`
// (one way; a connection already there is not repeated).
inline error connect_one_way(model& m, std::uint32_t from, std::uint32_t from_edge, std::uint32_t to, std::uint32_t to_edge) {
    model::area* a = find_area(m, from);
    const model::area* b = find_area(m, to);
    if (a == nullptr) return detail::missing_area(from, m.areas.size());
    if (b == nullptr) return detail::missing_area(to, m.areas.size());
    if (from_edge >= a->edges.size()) {
        return navspan::detail::fail(error_code::index_out_of_range, 0, "edge index", from_edge, a->edges.size());
    }
    if (to_edge >= b->edges.size()) {
        return navspan::detail::fail(error_code::index_out_of_range, 0, "neighbour edge index", to_edge, b->edges.size());
    }
    auto& list = a->edges[from_edge];
    const model::connection c{to, to_edge};
    if (std::find(list.begin(), list.end(), c) == list.end()) list.push_back(c);
    return {};
}

// Both ways: edge `a_edge` of `a` meets edge `b_edge` of `b`.
inline error connect(model& m, std::uint32_t a, std::uint32_t a_edge, std::uint32_t b, std::uint32_t b_edge) {
    NAVSPAN_TRY(connect_one_way(m, a, a_edge, b, b_edge));
    return connect_one_way(m, b, b_edge, a, a_edge);  // cannot fail: both checked above
}

// Corner k of an area: its own corners (version 30) or its polygon's in
// the shared pool; nullopt when an index is out of range.
inline std::optional<vec3> area_corner(const model& m, const model::area& a, std::size_t k) {
    if (!gates::has_polygon_table(m.layout_version())) return k < a.corners.size() ? std::optional<vec3>(a.corners[k]) : std::nullopt;
    if (a.polygon >= m.polygons.size()) return std::nullopt;
    const auto& corners = m.polygons[a.polygon].corners;
    if (k >= corners.size() || corners[k] >= m.corners.size()) return std::nullopt;
    return m.corners[corners[k]];
}

// The edges of `a` and `b` that lie on each other: edge i of a runs from
// corner i to corner i+1, so the edges meet when a's ends are b's ends in
// the other order (the two polygons wind the same way). Ends match within
// `tolerance` on each axis (shared pool corners match exactly). The first
// such pair, or nullopt. O(corners(a) * corners(b)).
struct edge_pair {
    std::uint32_t a_edge = 0, b_edge = 0;
};
inline std::optional<edge_pair> shared_edge(const model& m, std::uint32_t a, std::uint32_t b, float tolerance = 0.01f) {
    const auto pa = m.position_of(a), pb = m.position_of(b);
    if (!pa || !pb) return std::nullopt;
    const model::area& x = m.areas[*pa];
    const model::area& y = m.areas[*pb];
    const auto close_enough = [&](vec3 u, vec3 v) {
        return std::abs(u.x - v.x) <= tolerance && std::abs(u.y - v.y) <= tolerance && std::abs(u.z - v.z) <= tolerance;
    };
    const std::size_t nx = x.edges.size(), ny = y.edges.size();
    for (std::size_t i = 0; i < nx; ++i) {
        const auto x0 = area_corner(m, x, i), x1 = area_corner(m, x, (i + 1) % nx);
        if (!x0 || !x1) return std::nullopt;
        for (std::size_t j = 0; j < ny; ++j) {
            const auto y0 = area_corner(m, y, j), y1 = area_corner(m, y, (j + 1) % ny);
            if (!y0 || !y1) return std::nullopt;
            if (close_enough(*x0, *y1) && close_enough(*x1, *y0)) return edge_pair{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j)};
        }
    }
    return std::nullopt;
}

// Both ways, across the edge the two areas share (shared_edge); an error
// when they share none.
inline error connect(model& m, std::uint32_t a, std::uint32_t b) {
    if (find_area(m, a) == nullptr) return detail::missing_area(a, m.areas.size());
    if (find_area(m, b) == nullptr) return detail::missing_area(b, m.areas.size());
    const auto e = shared_edge(m, a, b);
    if (!e) return navspan::detail::fail(error_code::inconsistent, 0, "areas to connect (they share no edge)", b);
    return connect(m, a, e->a_edge, b, e->b_edge);
}

// Removes every connection of `from` to `to` (on any edge).
inline error disconnect_one_way(model& m, std::uint32_t from, std::uint32_t to) {
    model::area* a = find_area(m, from);
    if (a == nullptr) return detail::missing_area(from, m.areas.size());
    for (auto& edge : a->edges) detail::erase_if(edge, [&](const model::connection& c) { return c.area_id == to; });
    return {};
}

// Removes every connection between `a` and `b`, both ways.
inline error disconnect(model& m, std::uint32_t a, std::uint32_t b) {
    if (find_area(m, b) == nullptr) return detail::missing_area(b, m.areas.size());
    NAVSPAN_TRY(disconnect_one_way(m, a, b));
    return disconnect_one_way(m, b, a);
}

// Sets an area's attribute bits (attribute_names).
inline error set_attributes(model& m, std::uint32_t id, std::uint64_t attributes) {
    model::area* a = find_area(m, id);
    if (a == nullptr) return detail::missing_area(id, m.areas.size());
    a->attributes = attributes;
    return {};
}

// Moves the whole mesh: corners, ladders and the analysis's hiding spots.
// Movable meshes and transformed bounds are left as they are (what their
// matrices mean is not known). Fails, changing nothing, when the analysis
// does not decode.
inline error translate(model& m, vec3 by) {
    auto list = analysis_areas(m);
    if (!list) return list.error();
    for (vec3& c : m.corners) c = detail::add(c, by);
    for (model::area& a : m.areas) {
        for (vec3& c : a.corners) c = detail::add(c, by);
    }
    for (model::ladder& l : m.ladders) {
        l.top = detail::add(l.top, by);
        l.bottom = detail::add(l.bottom, by);
    }
    if (*list == nullptr) return {};
    const double d[3] = {by.x, by.y, by.z};
    for (model_value& entry : **list) {
        std::vector<model_value>* spots = detail::list_of(entry, "hidingspotdata");
        for (std::size_t i = 0; spots != nullptr && i < spots->size(); ++i) {
            model_value* pos = (*spots)[i].find("pos");
            if (pos == nullptr || pos->kind != model_kind::array) continue;
            for (std::size_t k = 0; k < 3 && k < pos->elements.size(); ++k) {
                const auto x = detail::as_double(&pos->elements[k]);
                if (x) detail::set_number(pos->elements[k], static_cast<double>(static_cast<float>(*x + d[k])));
            }
        }
    }
    return {};
}

// Adds a hiding spot to an area's analysis entry: id one more than the
// largest spot id of the analysis (a scan of every spot), shaped like an
// existing spot when there is one. Returns the id.
inline result<std::uint32_t> add_hiding_spot(model& m, std::uint32_t area_id, vec3 position, std::uint8_t flags) {
    const auto at = m.position_of(area_id);
    if (!at) return detail::missing_area(area_id, m.areas.size());
    auto list = analysis_areas(m);
    if (!list) return list.error();
    if (*list == nullptr || *at >= (*list)->size()) return detail::no_analysis_entry(*at);
    std::int64_t top = 0;
    const model_value* like = nullptr;
    for (model_value& entry : **list) {
        const std::vector<model_value>* spots = detail::list_of(entry, "hidingspotdata");
        for (std::size_t i = 0; spots != nullptr && i < spots->size(); ++i) {
            if (like == nullptr) like = &(*spots)[i];
            top = std::max(top, detail::as_int((*spots)[i].find("id")).value_or(0));
        }
    }
    if (top >= 0xFFFFFFFF) return navspan::detail::fail(error_code::count_too_large, 0, "hiding spot id", static_cast<std::uint64_t>(top));
    const auto id = static_cast<std::uint32_t>(top + 1);
    model_value spot = like != nullptr ? *like : model_value::object();
    detail::set_number(detail::member(spot, "id", model_value::of_uint(0)), id);
    model_value& pos = detail::member(spot, "pos", model_value::array());
    if (pos.kind != model_kind::array) pos = model_value::array();
    pos.elements.resize(3, model_value::of_double(0));
    const float xyz[3] = {position.x, position.y, position.z};
    for (std::size_t k = 0; k < 3; ++k) detail::set_number(pos.elements[k], static_cast<double>(xyz[k]));
    detail::set_number(detail::member(spot, "flags", model_value::of_uint(0)), flags);
    model_value& entry = (**list)[*at];
    model_value& spots = detail::member(entry, "hidingspotdata", model_value::array());
    if (spots.kind != model_kind::array) spots = model_value::array();
    spots.push(std::move(spot));
    return id;
}

// Removes the hiding spot with this id (a scan of every spot: the analysis
// has no index by spot id).
inline error remove_hiding_spot(model& m, std::uint32_t spot_id) {
    auto list = analysis_areas(m);
    if (!list) return list.error();
    if (*list != nullptr) {
        for (model_value& entry : **list) {
            std::vector<model_value>* spots = detail::list_of(entry, "hidingspotdata");
            if (spots == nullptr) continue;
            const auto it = std::find_if(spots->begin(), spots->end(), [&](const model_value& s) {
                return detail::as_int(s.find("id")) == std::int64_t{spot_id};
            });
            if (it == spots->end()) continue;
            spots->erase(it);
            return {};
        }
    }
    return navspan::detail::fail(error_code::index_out_of_range, 0, "hiding spot id (no spot has it)", spot_id);
}

// Empties every area's analysis (spots, encounter paths and order, approach
// entries; earliest occupy times 0), keeping one entry per area, and clears
// the analyzed flag: the mesh as generation leaves it before analysis.
inline error clear_analysis(model& m) {
    auto list = analysis_areas(m);
    if (!list) return list.error();
    if (*list != nullptr) {
        for (model_value& entry : **list) entry = detail::empty_entry(&entry);
    }
    m.encounter_handles.clear();
    m.flags &= ~analyzed_flag;
    return {};
}

}  // namespace navspan::source2::edit
#include "../core/min_max_pop.hpp"
