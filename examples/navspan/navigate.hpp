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

#include "tools.hpp"

namespace navspan_cli {

namespace nav = navspan::nav;

// The walkable of a file (of one space of a plugin) and what the labels need.
struct nav_view {
    nav::walkable mesh;
    nav::spatial_index index;
    std::optional<navspan::source::nav_file> source;  // Source files: for place names
    std::optional<nav::plugin_space> space;          // plugins: which space
    int hull = -1;  // Source 2: the agent hull to walk (set before loading); -1: the first
    // What load_nav_view built, kept for its next call on the same bytes (a
    // second pass, with nearest points allowed, does not build it again).
    struct built {
        const std::byte* bytes = nullptr;
        std::size_t size = 0;
        std::vector<nav::plugin_space> spaces;  // plugins: every space, from one walk
        std::vector<nav::walkable> meshes;      // the walkable of each space, or the file's own
    };
    std::shared_ptr<built> cache;
    std::vector<nav::plugin_space> spaces;            // plugins: every space (for --cell's message)
    std::unordered_map<std::uint32_t, std::string> editor_ids;  // plugins: the spaces' EDIDs
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

inline void write_point_json(json_writer& w, const navspan::vec3& p) {
    w.begin_array();
    w.value(p.x);
    w.value(p.y);
    w.value(p.z);
    w.end_array();
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

// Builds the view of a file; for a plugin, of each space in turn until
// `accept` takes one. Returns an error for a file that is not valid. The
// file is walked once (a plugin's spaces all come from one walk), and a
// second call with the same `out` and bytes reuses what the first built.
template <class Accept>
navspan::error load_nav_view(navspan::bytes_view bytes, nav_view& out, Accept&& accept, std::uint32_t only_space = 0) {
    auto finish = [&](const nav::walkable& mesh) {
        out.mesh = mesh;
        out.index = nav::spatial_index::build(out.mesh);
        return accept(out);
    };
    const bool plugin = navspan::detect(bytes) == navspan::format::creation_plugin;
    if (!out.cache || out.cache->bytes != bytes.data() || out.cache->size != bytes.size()) {
        auto built = std::make_shared<nav_view::built>();
        built->bytes = bytes.data();
        built->size = bytes.size();
        if (plugin) {
            auto opened = navspan::creation::plugin_file::open(bytes);
            if (!opened) return opened.error();
            navspan::creation::inflate_buffer scratch;
            if (navspan::error e = nav::make_walkables(*opened, scratch, built->spaces, built->meshes); !e.ok()) return e;
            out.editor_ids.clear();
            std::vector<std::uint32_t> wanted;
            for (const nav::plugin_space& s : built->spaces) wanted.push_back(s.form_id);
            NAVSPAN_TRY(creation_names::editor_ids(*opened, scratch, std::move(wanted), out.editor_ids));
        } else if (out.hull >= 0 && navspan::detect(bytes) == navspan::format::source2_nav) {
            auto f = navspan::source2::nav_file::open(bytes);
            if (!f) return f.error();
            nav::source2_walkable_options hull;
            hull.hull = static_cast<std::uint8_t>(out.hull);
            auto mesh = nav::make_walkable(*f, hull);
            if (!mesh) return mesh.error();
            built->meshes.push_back(std::move(*mesh));
        } else {
            auto mesh = nav::make_walkable(bytes);
            if (!mesh) return mesh.error();
            built->meshes.push_back(std::move(*mesh));
            if (navspan::detect(bytes) == navspan::format::source_nav) {
                auto f = navspan::source::nav_file::open(bytes);
                if (f) out.source = *f;
            }
        }
        out.cache = std::move(built);
    }
    const nav_view::built& b = *out.cache;
    if (plugin) {
        out.spaces = b.spaces;
        for (std::size_t i = 0; i < b.spaces.size(); ++i) {
            if (only_space != 0 && b.spaces[i].form_id != only_space) continue;
            out.space = b.spaces[i];
            if (finish(b.meshes[i])) return {};
        }
        out.space.reset();
        finish(nav::walkable_builder(nav::id_scheme::plugin_navmesh_triangle, nav::axis::z).finish());
        return {};
    }
    finish(b.meshes.front());
    return {};
}

// The ends of a path, distance or reach query, resolved in the first
// space (of a plugin) where every end lies on a polygon, else the first
// where they resolve at all (a point then takes its nearest polygon).
struct nav_ends {
    nav_view view;
    std::optional<resolved_end> from, to;
    const char* unparsed = nullptr;  // the end that is neither an id nor a point
};

inline navspan::error resolve_ends(navspan::bytes_view bytes, const char* from_text, const char* to_text, nav_ends& out,
                                   std::uint32_t only_space = 0) {
    for (const bool allow_nearest : {false, true}) {
        if (navspan::error e = load_nav_view(bytes, out.view, [&](const nav_view& v) {
                const auto f = parse_endpoint(from_text, v.mesh.ids());
                const auto t = to_text != nullptr ? parse_endpoint(to_text, v.mesh.ids()) : f;
                if (!f || !t) {
                    out.unparsed = !f ? from_text : to_text;
                    return true;
                }
                out.from = resolve(v, *f, allow_nearest);
                out.to = to_text != nullptr ? resolve(v, *t, allow_nearest) : out.from;
                return out.from && out.to;
            }, only_space); !e.ok()) {
            return e;
        }
        if (out.unparsed != nullptr || (out.from && out.to)) break;
    }
    return {};
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

inline std::string space_label(const nav_view& v, const nav::plugin_space& space) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s %08X", std::string(nav::to_string(space.kind)).c_str(), space.form_id);
    std::string s = buf;
    const std::string_view edid = creation_names::find(v.editor_ids, space.form_id);
    if (!edid.empty()) s += " " + std::string(edid);
    return s;
}
inline std::string space_label(const nav_view& v) { return v.space ? space_label(v, *v.space) : std::string(); }

}  // namespace navspan_cli
