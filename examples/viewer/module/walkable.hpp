// The viewer's walkable view of any file: polygons in world coordinates and
// the links between them, with the ids, places, groups and flags the page
// colours by. This is the one place that knows the four readers; the
// exports (viewer.cpp) and the queries (queries.hpp) only see this struct.
//
// It reads the library directly (plus the navspan command's helpers that
// pair records with names). When the library's own query layer
// (include/navspan/nav/, issue 13) lands, build_walkable() is the function
// to replace with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <navspan/navspan.hpp>

#include "../../navspan/modules.hpp"

namespace navspan_viewer {

inline constexpr std::uint32_t none = 0xFFFFFFFFu;

struct walkable_view {
    std::string format;                 // "source_nav", "quake_nav", "fox_nav2", "creation_plugin"
    std::string polygon_kind = "area";  // what one polygon is: area, node, face, triangle
    bool y_up = false;                  // Fox Engine: the ground plane is x/z
    std::string record_key;             // the dump's array whose n-th element is a polygon's record

    // Polygons, corner by corner (x, y, z in world coordinates).
    std::vector<float> corners;
    std::vector<std::uint32_t> first_corner{0};  // polygon i: corners [first_corner[i], first_corner[i+1])
    std::vector<float> centres;                  // x, y, z per polygon
    std::vector<std::uint32_t> ids;              // the id the file uses (area id, node, face, triangle)
    std::vector<std::uint32_t> records;          // element of `record_key` in dump order
    std::vector<std::uint32_t> spaces;           // coordinate space (plugin cell or worldspace); 0 elsewhere
    std::vector<std::uint32_t> groups;           // plugin navmesh, Fox group; 0 elsewhere
    std::vector<std::uint32_t> places;           // Source place, Fox segment; 0 when none
    std::vector<std::uint32_t> flags;            // index into flag_names (the set of flags)
    std::vector<std::string> space_names{"all"}, group_names{""}, place_names{"(no place)"}, flag_names;
    std::vector<std::uint32_t> group_ids;        // per group: the file's id (Fox group id, NAVM form id)

    // Links: from polygon, to polygon (none when the far end is not in the
    // file), kind, end points and the portal (the shared edge, NaN if none).
    std::vector<std::uint32_t> link_from, link_to, link_kind, link_records;
    std::vector<float> link_points;   // 6 per link
    std::vector<float> link_portals;  // 6 per link
    std::vector<std::string> link_kind_names;

    std::size_t polygon_count() const { return ids.size(); }
    std::size_t link_count() const { return link_from.size(); }

    // Where a world point lands on the ground plane, and its height.
    void plan(float x, float y, float z, float& px, float& py, float& h) const {
        if (y_up) { px = x; py = -z; h = y; }
        else { px = x; py = y; h = z; }
    }

    static std::uint32_t name_index(std::vector<std::string>& list, const std::string& name) {
        const auto it = std::find(list.begin(), list.end(), name);
        if (it != list.end()) return static_cast<std::uint32_t>(it - list.begin());
        list.push_back(name);
        return static_cast<std::uint32_t>(list.size() - 1);
    }

    void add_polygon(const navspan::vec3* c, std::size_t n, std::uint32_t id, std::uint32_t record, std::uint32_t space,
                     std::uint32_t group, std::uint32_t place, const std::string& flag_label) {
        double sx = 0, sy = 0, sz = 0;
        for (std::size_t i = 0; i < n; ++i) {
            corners.insert(corners.end(), {c[i].x, c[i].y, c[i].z});
            sx += static_cast<double>(c[i].x);
            sy += static_cast<double>(c[i].y);
            sz += static_cast<double>(c[i].z);
        }
        first_corner.push_back(static_cast<std::uint32_t>(corners.size() / 3));
        const double k = n == 0 ? 0.0 : 1.0 / static_cast<double>(n);
        centres.insert(centres.end(), {static_cast<float>(sx * k), static_cast<float>(sy * k), static_cast<float>(sz * k)});
        ids.push_back(id);
        records.push_back(record);
        spaces.push_back(space);
        groups.push_back(group);
        places.push_back(place);
        flags.push_back(name_index(flag_names, flag_label));
    }

    navspan::vec3 centre(std::uint32_t p) const { return {centres[3 * p], centres[3 * p + 1], centres[3 * p + 2]}; }

    void add_link(std::uint32_t from, std::uint32_t to, const std::string& kind, navspan::vec3 a, navspan::vec3 b,
                  std::uint32_t record = none) {
        link_from.push_back(from);
        link_to.push_back(to);
        link_kind.push_back(name_index(link_kind_names, kind));
        link_records.push_back(record);
        link_points.insert(link_points.end(), {a.x, a.y, a.z, b.x, b.y, b.z});
        const float nan = std::nanf("");
        link_portals.insert(link_portals.end(), {nan, nan, nan, nan, nan, nan});
    }
    void set_portal(navspan::vec3 a, navspan::vec3 b) {
        float* p = link_portals.data() + link_portals.size() - 6;
        p[0] = a.x; p[1] = a.y; p[2] = a.z; p[3] = b.x; p[4] = b.y; p[5] = b.z;
    }
};

// The names of the flags set in `raw`, joined with '|'; `none_label` when none.
inline std::string flag_label(navspan::name_table table, std::uint64_t raw, const char* none_label) {
    std::string s;
    const std::uint64_t unnamed = navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) {
        if (!s.empty()) s += '|';
        s += name;
    });
    if (unnamed != 0) {
        if (!s.empty()) s += '|';
        s += "0x" + navspan_cli::creation_format::tools_detail::hex32(static_cast<std::uint32_t>(unnamed));
    }
    return s.empty() ? std::string(none_label) : s;
}

// ---- Source: areas (quads with their corner heights), connections, ladders.
inline navspan::error build_source(navspan::bytes_view bytes, walkable_view& v) {
    namespace ns = navspan::source;
    using namespace navspan_cli::source_format::tools_detail;
    const auto opened = ns::nav_file::open(bytes);
    if (!opened) return opened.error();
    const ns::nav_file& file = *opened;
    const std::vector<ns::area> areas = all_areas(file);
    const id_table table(areas);
    const auto names = place_names(file);
    v.format = "source_nav";
    v.record_key = "areas";
    v.place_names.clear();
    for (std::size_t i = 0; i < names.size(); ++i) {
        v.place_names.push_back(i == 0 || names[i].empty() ? std::string("(no place)") : std::string(names[i]));
    }
    for (std::size_t i = 0; i < areas.size(); ++i) {
        const ns::area& a = areas[i];
        navspan::vec3 c[4];
        for (unsigned k = 0; k < 4; ++k) c[k] = a.corner(static_cast<ns::corner>(k));
        std::string label = flag_label(a.attributes().table(), a.attributes_raw(), "(no attributes)");
        const auto game = a.game_data();
        if (const auto tf = game.tf(); tf && tf->attributes_raw() != 0) {
            label = flag_label(tf->attributes().table(), tf->attributes_raw(), "") +
                    (a.attributes_raw() != 0 ? "|" + label : std::string());
        } else if (const auto l4 = game.left4dead2(); l4 && l4->spawn_attributes_raw() != 0) {
            label = flag_label(l4->spawn_attributes().table(), l4->spawn_attributes_raw(), "") +
                    (a.attributes_raw() != 0 ? "|" + label : std::string());
        }
        std::uint32_t place = a.place_index().value_or(0);
        if (place >= v.place_names.size()) place = 0;
        v.add_polygon(c, 4, a.id(), static_cast<std::uint32_t>(i), 0, 0, place, label);
    }
    // The shared stretch of two touching areas' borders (the portal a path
    // crosses); none when they overlap or only meet at a corner.
    auto portal = [&](std::uint32_t p, std::uint32_t q, navspan::vec3& pa, navspan::vec3& pb) {
        const auto box = [&](std::uint32_t i, float& x0, float& y0, float& x1, float& y1) {
            const navspan::vec3 nw = areas[i].north_west(), se = areas[i].south_east();
            x0 = std::min(nw.x, se.x); x1 = std::max(nw.x, se.x);
            y0 = std::min(nw.y, se.y); y1 = std::max(nw.y, se.y);
        };
        float ax0, ay0, ax1, ay1, bx0, by0, bx1, by1;
        box(p, ax0, ay0, ax1, ay1);
        box(q, bx0, by0, bx1, by1);
        const float ix0 = std::max(ax0, bx0), ix1 = std::min(ax1, bx1);
        const float iy0 = std::max(ay0, by0), iy1 = std::min(ay1, by1);
        const float z = (v.centres[3 * p + 2] + v.centres[3 * q + 2]) * 0.5f;
        constexpr float touch = 2.0f;  // units: areas are laid out on a grid, gaps are tiny
        if (ix1 - ix0 <= touch && ix1 - ix0 >= -touch && iy1 > iy0) {
            const float x = (ix0 + ix1) * 0.5f;
            pa = {x, iy0, z}; pb = {x, iy1, z};
            return true;
        }
        if (iy1 - iy0 <= touch && iy1 - iy0 >= -touch && ix1 > ix0) {
            const float y = (iy0 + iy1) * 0.5f;
            pa = {ix0, y, z}; pb = {ix1, y, z};
            return true;
        }
        return false;
    };
    for (std::size_t i = 0; i < areas.size(); ++i) {
        const ns::area& a = areas[i];
        for (unsigned d = 0; d < 4; ++d) {
            for (std::uint32_t to : a.connections(static_cast<ns::direction>(d))) {
                const auto target = table.find(to);
                if (!target || to == a.id()) continue;
                const auto from = static_cast<std::uint32_t>(i), far = static_cast<std::uint32_t>(*target);
                const bool two_way = connects_to(areas[far], a.id());
                v.add_link(from, far, two_way ? "connection" : "one-way connection", v.centre(from), v.centre(far));
                navspan::vec3 pa, pb;
                if (portal(from, far, pa, pb)) v.set_portal(pa, pb);
            }
        }
    }
    std::uint32_t ladder_index = 0;
    for (const ns::ladder l : file.ladders()) {
        const auto bottom = table.find(l.connected_area(ns::ladder_connection::bottom));
        for (unsigned c = 0; c < 5 && bottom; ++c) {
            const auto which = static_cast<ns::ladder_connection>(c);
            if (which == ns::ladder_connection::bottom || l.connected_area(which) == 0) continue;
            const auto top = table.find(l.connected_area(which));
            if (!top) continue;
            const auto b = static_cast<std::uint32_t>(*bottom), t = static_cast<std::uint32_t>(*top);
            v.add_link(b, t, "ladder", l.bottom(), l.top(), ladder_index);
            v.add_link(t, b, "ladder", l.top(), l.bottom(), ladder_index);
        }
        ++ladder_index;
    }
    return {};
}

// ---- Quake: nodes as discs of their radius, links by type.
inline navspan::error build_quake(navspan::bytes_view bytes, walkable_view& v) {
    namespace q = navspan::quake;
    using namespace navspan_cli::quake_format::tools_detail;
    const auto opened = open_structure(bytes);
    if (!opened) return opened.error();
    const q::nav_file& f = *opened;
    const link_ownership owners(f);
    v.format = "quake_nav";
    v.polygon_kind = "node";
    v.record_key = "nodes";
    constexpr unsigned sides = 12;
    for (const q::node n : f.nodes()) {
        const navspan::vec3 o = n.origin();
        const float r = std::max(4.0f, static_cast<float>(n.radius()));
        navspan::vec3 c[sides];
        for (unsigned k = 0; k < sides; ++k) {
            const double t = 6.283185307179586 * k / sides;
            c[k] = {o.x + r * static_cast<float>(std::cos(t)), o.y + r * static_cast<float>(std::sin(t)), o.z};
        }
        v.add_polygon(c, sides, n.index(), n.index(), 0, 0, 0, flag_label(q::node_flag_names, n.raw_flags(), "(no flags)"));
        // The disc's centre is the node's origin, exactly.
        v.centres[v.centres.size() - 3] = o.x;
        v.centres[v.centres.size() - 2] = o.y;
        v.centres[v.centres.size() - 1] = o.z;
    }
    const std::uint32_t node_count = f.node_count();
    for (const q::link l : f.links()) {
        const std::uint32_t from = owners.owner[l.index()];
        if (from == no_owner || from >= node_count) continue;
        const std::uint32_t to = l.destination_node() ? std::uint32_t{l.destination()} : none;
        if (to == none) continue;
        v.add_link(from, to, link_type_label(l.raw_type()), v.centre(from), v.centre(to), l.index());
    }
    return {};
}

// ---- Fox Engine: faces of every group, face neighbours as links.
inline navspan::error build_fox(navspan::bytes_view bytes, walkable_view& v) {
    namespace fox = navspan::fox;
    const auto opened = fox::nav2_file::open(bytes);
    if (!opened) return opened.error();
    const fox::nav2_file& f = *opened;
    v.format = "fox_nav2";
    v.polygon_kind = "face";
    v.record_key = "faces";
    v.y_up = true;
    v.group_names.clear();
    v.place_names.clear();
    // Polygon index of each group's first face, by group id.
    std::map<std::uint32_t, std::uint32_t> first_face;
    std::uint32_t total = 0;
    for (const fox::group g : f.groups()) {
        first_face[g.id()] = total;
        total += static_cast<std::uint32_t>(g.faces().size());
    }
    std::uint32_t group_index = 0;
    for (const fox::group g : f.groups()) {
        v.group_names.push_back("group " + std::to_string(g.id()));
        v.group_ids.push_back(g.id());
        const auto segment_flags = g.nav_world().segment_flags();
        const std::uint32_t segment_base = static_cast<std::uint32_t>(v.place_names.size());
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            v.place_names.push_back("group " + std::to_string(g.id()) + " segment " + std::to_string(s));
        }
        for (const fox::face face : g.faces()) {
            navspan::vec3 c[4];
            const std::size_t n = std::min<std::size_t>(face.corner_count(), 4);
            for (std::size_t i = 0; i < n; ++i) c[i] = face.corner(i);
            const std::uint32_t segment = face.segment();
            const std::uint32_t flag = segment < segment_flags.size() ? segment_flags[segment] : 0;
            v.add_polygon(c, n, face.index(), static_cast<std::uint32_t>(v.polygon_count()), 0, group_index,
                          segment_base + segment, "segment flags " + std::to_string(flag));
        }
        ++group_index;
    }
    std::uint32_t p = 0;
    for (const fox::group g : f.groups()) {
        for (const fox::face face : g.faces()) {
            const std::size_t n = std::min<std::size_t>(face.corner_count(), 4);
            for (std::size_t i = 0; i < n; ++i) {
                const fox::face_neighbour nb = face.neighbour(i);
                const navspan::vec3 a = face.corner(i), b = face.corner((i + 1) % n);
                std::uint32_t to = none;
                const char* kind = nullptr;
                if (nb.kind() == fox::neighbour_kind::same_group) {
                    to = first_face[g.id()] + nb.face();
                    kind = "face edge";
                } else if (nb.kind() == fox::neighbour_kind::other_group) {
                    const auto it = first_face.find(nb.group());
                    if (it != first_face.end()) to = it->second + nb.face();
                    kind = "edge into another group";
                } else if (nb.kind() == fox::neighbour_kind::other_tile) {
                    kind = "edge into a neighbouring tile";
                }
                if (kind == nullptr || (to != none && to >= total)) continue;
                const navspan::vec3 mid{(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
                v.add_link(p, to, kind, v.centre(p), to == none ? mid : v.centre(to));
                v.set_portal(a, b);
            }
            ++p;
        }
    }
    return {};
}

// ---- Plugins: NVNM triangles per navmesh; a coordinate space per interior
// cell and per worldspace (never mixed); edge links between navmeshes.
inline navspan::error build_creation(navspan::bytes_view bytes, walkable_view& v) {
    namespace cr = navspan::creation;
    namespace nv = navspan::creation::nvnm;
    using namespace navspan_cli::creation_format::tools_detail;
    auto plugin = cr::plugin_file::open(bytes);
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    v.format = "creation_plugin";
    v.polygon_kind = "triangle";
    v.record_key = "triangles";
    v.group_names.clear();
    struct pending {
        std::uint32_t from, edge;
        std::uint32_t navmesh_form;
        std::uint16_t triangle;
    };
    std::vector<pending> links;
    std::unordered_map<std::uint32_t, std::uint32_t> first_of_form;  // NAVM form id -> first polygon
    std::vector<std::uint32_t> triangle_counts;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& visit) {
        const nv::navmesh& m = visit.mesh;
        const std::string space = m.is_exterior() ? "worldspace " + hex32(m.parent_world())
                                                  : "interior cell " + hex32(m.parent_cell());
        const std::uint32_t space_index = walkable_view::name_index(v.space_names, space);
        const auto group = static_cast<std::uint32_t>(v.group_names.size());
        v.group_names.push_back(mesh_name(visit));
        v.group_ids.push_back(visit.place->record.form_id());
        const auto first = static_cast<std::uint32_t>(v.polygon_count());
        first_of_form.emplace(visit.place->record.form_id(), first);
        triangle_counts.push_back(static_cast<std::uint32_t>(m.triangles().size()));
        const auto vs = m.vertices();
        std::uint32_t i = 0;
        for (const nv::triangle t : m.triangles()) {
            navspan::vec3 c[3];
            for (unsigned k = 0; k < 3; ++k) c[k] = vs[t.vertex(k)].position();
            v.add_polygon(c, 3, i, static_cast<std::uint32_t>(visit.first_triangle + i), space_index, group, 0,
                          flag_label(nv::triangle_flag_names, t.flags(), "(no flags)"));
            ++i;
        }
        i = 0;
        for (const nv::triangle t : m.triangles()) {
            for (unsigned e = 0; e < 3; ++e) {
                const navspan::vec3 a = vs[t.vertex(e)].position(), b = vs[t.vertex((e + 1) % 3)].position();
                if (const auto nb = t.neighbour(e); nb && *nb < m.triangles().size()) {
                    v.add_link(first + i, first + *nb, "triangle edge", v.centre(first + i), {});
                    v.set_portal(a, b);
                } else if (const auto l = t.edge_link(e)) {
                    const nv::edge_link link = m.edge_links()[*l];
                    links.push_back({first + i, e, link.navmesh(), link.triangle()});
                }
            }
            ++i;
        }
    }));
    // Neighbour links' far centres, now that every centre is known.
    for (std::size_t k = 0; k < v.link_count(); ++k) {
        const navspan::vec3 c = v.centre(v.link_to[k]);
        v.link_points[6 * k + 3] = c.x; v.link_points[6 * k + 4] = c.y; v.link_points[6 * k + 5] = c.z;
    }
    for (const pending& l : links) {
        std::uint32_t to = none;
        if (const auto it = first_of_form.find(l.navmesh_form); it != first_of_form.end()) {
            const std::uint32_t group = v.groups[it->second];
            if (l.triangle < triangle_counts[group]) to = it->second + l.triangle;
        }
        const std::uint32_t c0 = v.first_corner[l.from];
        const navspan::vec3 a{v.corners[3 * (c0 + l.edge)], v.corners[3 * (c0 + l.edge) + 1], v.corners[3 * (c0 + l.edge) + 2]};
        const std::uint32_t e1 = c0 + (l.edge + 1) % 3;
        const navspan::vec3 b{v.corners[3 * e1], v.corners[3 * e1 + 1], v.corners[3 * e1 + 2]};
        const navspan::vec3 mid{(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
        v.add_link(l.from, to, to == none ? "edge link to a master's navmesh" : "edge link", v.centre(l.from),
                   to == none ? mid : v.centre(to));
        v.set_portal(a, b);
    }
    return {};
}

// Detects, verifies and builds the view; the error says why a file cannot be read.
inline navspan::error build_walkable(navspan::bytes_view bytes, walkable_view& v) {
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: return build_source(bytes, v);
        case navspan::format::quake_nav: return build_quake(bytes, v);
        case navspan::format::fox_nav2: return build_fox(bytes, v);
        case navspan::format::creation_plugin: return build_creation(bytes, v);
        default: return navspan_cli::unknown_format_error(bytes);
    }
}

}  // namespace navspan_viewer
