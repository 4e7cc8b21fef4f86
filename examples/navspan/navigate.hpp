// `navspan path` and `navspan locate`: the navspan::nav query layer on the
// command line. Polygons are printed with the ids the file itself uses:
// Source "area 12 (TSpawn)", Quake "node 5", Fox "group 4 face 19",
// plugins "navmesh 0001A2B3 triangle 17" (the form id in hex, as the
// Creation Kit shows it). Endpoints are typed the same way: "12",
// "4:19", "0001A2B3:17", or a world point "x,y,z".
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <navspan/navspan.hpp>

#include "tool_layer.hpp"

namespace navspan_cli {

namespace nav = navspan::nav;

// The walkable of one space of an opened file and what the labels need.
struct nav_view {
    nav::walkable mesh;
    nav::spatial_index index;
    const navspan::source::nav_file* source = nullptr;  // Source files: for place names
    std::string space;  // plugins: "worldspace 0001A2B3 EditorId", the space searched; else empty
};

// What the user typed for one end: an id of the file or a world point.
struct nav_endpoint {
    bool is_point = false;
    navspan::vec3 point{};
    nav::polygon_id id{};
};

inline std::optional<nav_endpoint> parse_endpoint(const char* text, nav::id_scheme ids) {
    nav_endpoint e;
    float x = 0, y = 0, z = 0;
    char tail = 0;
    if (std::sscanf(text, "%f,%f,%f%c", &x, &y, &z, &tail) == 3) {
        e.is_point = true;
        e.point = {x, y, z};
        return e;  // the caller refuses it when !nav::valid_query_point(e.point)
    }
    const bool two_part = ids == nav::id_scheme::fox_group_face || ids == nav::id_scheme::plugin_navmesh_triangle;
    char* end = nullptr;
    const unsigned long long first = std::strtoull(text, &end, ids == nav::id_scheme::plugin_navmesh_triangle ? 16 : 10);
    if (end == text || first > 0xFFFFFFFFull) return std::nullopt;
    e.id.primary = static_cast<std::uint32_t>(first);
    if (two_part) {
        if (*end != ':') return std::nullopt;
        const char* second_text = end + 1;
        const unsigned long long second = std::strtoull(second_text, &end, 10);
        if (end == second_text || second > 0xFFFFFFFFull) return std::nullopt;
        e.id.secondary = static_cast<std::uint32_t>(second);
    }
    if (*end != '\0') return std::nullopt;
    return e;
}

// The message for a point no query takes (NaN, infinite, or past
// nav::max_query_coordinate); the commands exit with status 2 on it.
inline std::string bad_point_message(const char* text) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(nav::max_query_coordinate));
    return "the point '" + std::string(text) + "' is out of range: each coordinate must be a finite number within +-" +
           buf;
}

// How to type an id of this kind, for messages.
inline const char* id_syntax(nav::id_scheme ids) {
    switch (ids) {
        case nav::id_scheme::source_area: return "an area id";
        case nav::id_scheme::quake_node: return "a node index";
        case nav::id_scheme::fox_group_face: return "GROUP:FACE";
        case nav::id_scheme::plugin_navmesh_triangle: return "FORMID:TRIANGLE (form id in hex)";
    }
    return "an id";
}

inline std::string polygon_label(const nav_view& v, nav::polygon_index p) {
    const nav::polygon_id id = v.mesh.id(p);
    char buf[96];
    switch (v.mesh.ids()) {
        case nav::id_scheme::source_area: {
            std::snprintf(buf, sizeof buf, "area %u", id.primary);
            std::string s = buf;
            if (v.source) {
                const std::string_view place = nav::place_of(*v.source, v.mesh, p);
                if (!place.empty()) s += " (" + std::string(place) + ")";
            }
            return s;
        }
        case nav::id_scheme::quake_node: std::snprintf(buf, sizeof buf, "node %u", id.primary); break;
        case nav::id_scheme::fox_group_face:
            std::snprintf(buf, sizeof buf, "group %u face %u", id.primary, id.secondary);
            break;
        case nav::id_scheme::plugin_navmesh_triangle:
            std::snprintf(buf, sizeof buf, "navmesh %08X triangle %u", id.primary, id.secondary);
            break;
    }
    return buf;
}

inline void write_polygon_json(json_writer& w, const nav_view& v, nav::polygon_index p) {
    const nav::polygon_id id = v.mesh.id(p);
    w.begin_object();
    switch (v.mesh.ids()) {
        case nav::id_scheme::source_area:
            w.field("area", id.primary);
            if (v.source) {
                const std::string_view place = nav::place_of(*v.source, v.mesh, p);
                if (!place.empty()) w.field("place", place);
            }
            break;
        case nav::id_scheme::quake_node: w.field("node", id.primary); break;
        case nav::id_scheme::fox_group_face:
            w.field("group", id.primary);
            w.field("face", id.secondary);
            break;
        case nav::id_scheme::plugin_navmesh_triangle: {
            char hex[16];
            std::snprintf(hex, sizeof hex, "%08X", id.primary);
            w.field("navmesh", std::string_view(hex));
            w.field("triangle", id.secondary);
            break;
        }
    }
    w.end_object();
}

inline std::string point_text(const navspan::vec3& p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.1f, %.1f, %.1f)", static_cast<double>(p.x), static_cast<double>(p.y),
                  static_cast<double>(p.z));
    return buf;
}

// A polygon and the point on it where an endpoint is.
struct resolved_end {
    nav::polygon_index polygon = nav::no_polygon;
    navspan::vec3 point{};
    bool nearest_only = false;  // a point over no polygon: the nearest one
    float moved = 0;            // how far the typed point was moved onto the mesh (0 for an id)
};

inline std::optional<resolved_end> resolve(const nav_view& v, const nav_endpoint& e, bool allow_nearest) {
    if (!e.is_point) {
        const nav::polygon_index p = v.mesh.find(e.id);
        if (p == nav::no_polygon || !v.mesh.usable(p)) return std::nullopt;
        return resolved_end{p, nav::centre(v.mesh, p), false};
    }
    const float any_height = std::numeric_limits<float>::infinity();
    if (const auto at = v.index.locate(e.point, any_height)) {
        return resolved_end{at->polygon, at->point, false, static_cast<float>(nav::distance(at->point, e.point))};
    }
    if (!allow_nearest) return std::nullopt;
    if (const auto closest = v.index.nearest(e.point, std::numeric_limits<float>::max())) {
        return resolved_end{closest->polygon, closest->point, true, static_cast<float>(nav::distance(closest->point, e.point))};
    }
    return std::nullopt;
}

// "interior cell 0001A2B3 EditorId": a plugin's space as the queries print
// it (the editor id when the plugin gives one); empty for other formats.
inline std::string space_label(const navspan::any_file& f, const navspan::space& s) {
    if (f.plugin() == nullptr) return {};
    char hex[16];
    std::snprintf(hex, sizeof hex, "%08x", s.id);
    const bool named = s.name() != hex;  // a space without an EDID is named by its form id
    std::snprintf(hex, sizeof hex, "%08X", s.id);
    std::string label = std::string(navspan::to_string(s.kind)) + " " + hex;
    if (named) label += " " + std::string(s.name());
    return label;
}

// Builds the view of space `s` of `f` (null: the file has no space, a
// plugin without navmeshes: an empty mesh). The walkable is built once,
// by nav::make_walkable, from the file opened once.
inline navspan::error load_nav_view(const navspan::any_file& f, const navspan::space* s, nav_view& out) {
    navspan::result<nav::walkable> mesh = navspan::make_error(navspan::error_code::io, 0, "walkable");
    if (s != nullptr) mesh = nav::make_walkable(f, *s);
    else if (f.source2() != nullptr) mesh = nav::make_walkable(*f.source2());
    else mesh = nav::walkable_builder(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z).finish();
    if (!mesh) return mesh.error();
    out.mesh = std::move(mesh).value();
    out.index = nav::spatial_index::build(out.mesh);
    out.source = f.source();
    out.space = s != nullptr ? space_label(f, *s) : std::string();
    return {};
}

// The ends of a path, distance or reach query, resolved on the view's
// mesh: on the polygon under or above a point when both have one, else
// the nearest polygon.
struct nav_ends {
    nav_view view;
    std::optional<resolved_end> from, to;
    const char* unparsed = nullptr;  // the end that is neither an id nor a point
};

inline void resolve_ends(const char* from_text, const char* to_text, nav_ends& out) {
    const nav_view& v = out.view;
    const auto f = parse_endpoint(from_text, v.mesh.ids());
    const auto t = to_text != nullptr ? parse_endpoint(to_text, v.mesh.ids()) : f;
    if (!f || !t) {
        out.unparsed = !f ? from_text : to_text;
        return;
    }
    for (const bool allow_nearest : {false, true}) {
        out.from = resolve(v, *f, allow_nearest);
        out.to = to_text != nullptr ? resolve(v, *t, allow_nearest) : out.from;
        if (out.from && out.to) return;
    }
}

// How far a typed point may be moved onto the mesh before path, distance
// and reach refuse it: 250 units (Source, Quake and Bethesda units are
// about an inch), 10 for Fox Engine (metres). --snap changes it.
inline double default_snap(const nav::walkable& w) { return w.up_axis() == nav::axis::y ? 10.0 : 250.0; }

// The words the text output uses for a link that is not a plain walk.
inline const char* link_words(nav::link_kind k) {
    switch (k) {
        case nav::link_kind::walk: return nullptr;
        case nav::link_kind::jump: return "jump";  // up, or from an area marked JUMP
        case nav::link_kind::drop: return "drop down";
        case nav::link_kind::crouch: return "crouch";
        case nav::link_kind::ladder: return "climb a ladder";
        case nav::link_kind::teleport: return "teleport";
        case nav::link_kind::door: return "go through a door";
        case nav::link_kind::elevator: return "ride an elevator";
        case nav::link_kind::cross_group: return "cross into another group";
        case nav::link_kind::cross_navmesh: return "cross into another navmesh";
        case nav::link_kind::other: return "special link";
    }
    return nullptr;
}

}  // namespace navspan_cli
