// The viewer's walkable view of any file, as flat arrays for the page:
// polygons in world coordinates and the links between them (from the
// library's navspan::nav walkables, one per coordinate space), plus what
// the page colours and labels by (places, navmeshes, segments, flag sets,
// link kinds) and where each polygon's record is in `navspan dump`. The
// exports (viewer.cpp) and the queries (queries.hpp) only see this struct.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <navspan/nav.hpp>
#include <navspan/navspan.hpp>

#include <navspan/tools/modules.hpp>

namespace navspan_viewer {

inline constexpr std::uint32_t none = 0xFFFFFFFFu;

struct walkable_view {
    std::string format;                 // "source_nav", "quake_nav", "fox_nav2", "creation_plugin"
    std::string polygon_kind = "area";  // what one polygon is: area, node, face, triangle
    bool y_up = false;                  // Fox Engine: the ground plane is x/z
    std::string record_key;             // the dump's array whose n-th element is a polygon's record

    // The library's views: one per coordinate space (a plugin has one per
    // worldspace, interior cell or object; other files one), their spatial
    // indexes, and the index of each one's first polygon in the arrays below.
    std::vector<navspan::nav::walkable> meshes;
    std::vector<navspan::nav::spatial_index> indexes;
    std::vector<std::uint32_t> first_polygon;

    // Polygons, corner by corner (x, y, z in world coordinates).
    std::vector<float> corners;
    std::vector<std::uint32_t> first_corner{0};  // polygon i: corners [first_corner[i], first_corner[i+1])
    std::vector<float> centres;                  // x, y, z per polygon
    std::vector<std::uint32_t> ids;              // the id the file uses (area id, node, face, triangle)
    std::vector<std::uint32_t> records;          // element of `record_key` in dump order
    std::vector<std::uint32_t> spaces;           // coordinate space (1-based for plugins: meshes[s - 1]); 0 elsewhere
    std::vector<std::uint32_t> groups;           // plugin navmesh, Fox group; 0 elsewhere
    std::vector<std::uint32_t> places;           // Source place, Fox segment; 0 when none
    std::vector<std::uint32_t> flags;            // index into flag_names (the set of flags)
    std::vector<std::string> space_names{"all"}, group_names{""}, place_names{"(no place)"}, flag_names;
    std::vector<std::uint32_t> group_ids;        // per group: the file's id (Fox group id, NAVM form id)

    // Links: from polygon, to polygon, kind, end points (the polygons'
    // centres) and the portal (world coordinates).
    std::vector<std::uint32_t> link_from, link_to, link_kind, link_records;
    std::vector<float> link_points;   // 6 per link
    std::vector<float> link_portals;  // 6 per link
    std::vector<std::string> link_kind_names;

    std::size_t polygon_count() const { return ids.size(); }
    std::size_t link_count() const { return link_from.size(); }

    static std::uint32_t name_index(std::vector<std::string>& list, const std::string& name) {
        const auto it = std::find(list.begin(), list.end(), name);
        if (it != list.end()) return static_cast<std::uint32_t>(it - list.begin());
        list.push_back(name);
        return static_cast<std::uint32_t>(list.size() - 1);
    }
    navspan::vec3 centre(std::uint32_t p) const { return {centres[3 * p], centres[3 * p + 1], centres[3 * p + 2]}; }
    // The mesh holding polygon p (the last whose first polygon is at or before it).
    std::size_t mesh_of(std::uint32_t p) const {
        return static_cast<std::size_t>(std::upper_bound(first_polygon.begin(), first_polygon.end(), p) -
                                        first_polygon.begin()) - 1;
    }
};

// What the page shows of one polygon besides its geometry, in the order of
// the nav walkables' polygons.
struct polygon_labels {
    std::uint32_t record = 0;
    std::uint32_t group = 0;
    std::uint32_t place = 0;
    std::string flags;
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
        s += "0x" + navspan::tools::creation_format::tools_detail::hex32(static_cast<std::uint32_t>(unnamed));
    }
    return s.empty() ? std::string(none_label) : s;
}

// Appends walkable `w` (coordinate space `space`) to the flat arrays, with
// one label per polygon; `link_name` names a link's kind.
template <class LinkName>
void append(walkable_view& v, navspan::nav::walkable w, std::uint32_t space, const std::vector<polygon_labels>& labels,
            LinkName&& link_name) {
    namespace nav = navspan::nav;
    const auto first = static_cast<std::uint32_t>(v.polygon_count());
    v.first_polygon.push_back(first);
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        double sx = 0, sy = 0, sz = 0;
        const std::size_t n = w.corner_count(p);
        for (std::size_t i = 0; i < n; ++i) {
            const navspan::vec3 c = w.corner(p, i);
            v.corners.insert(v.corners.end(), {c.x, c.y, c.z});
            sx += static_cast<double>(c.x);
            sy += static_cast<double>(c.y);
            sz += static_cast<double>(c.z);
        }
        v.first_corner.push_back(static_cast<std::uint32_t>(v.corners.size() / 3));
        const double k = n == 0 ? 0.0 : 1.0 / static_cast<double>(n);
        v.centres.insert(v.centres.end(), {static_cast<float>(sx * k), static_cast<float>(sy * k), static_cast<float>(sz * k)});
        const nav::polygon_id id = w.id(p);
        // The number a person reads: a Fox face or plugin triangle within its
        // group or navmesh (shown next to it), else the area id or node.
        const bool within_group =
            w.ids() == nav::id_scheme::fox_group_face || w.ids() == nav::id_scheme::plugin_navmesh_triangle;
        v.ids.push_back(within_group ? id.secondary : id.primary);
        const polygon_labels fallback;
        const polygon_labels& l = p < labels.size() ? labels[p] : fallback;
        v.records.push_back(l.record);
        v.spaces.push_back(space);
        v.groups.push_back(l.group);
        v.places.push_back(l.place);
        v.flags.push_back(walkable_view::name_index(v.flag_names, l.flags));
    }
    const float nan = std::nanf("");
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        for (const nav::link& l : w.links(p)) {
            const std::uint32_t from = first + p, to = first + l.target;
            v.link_from.push_back(from);
            v.link_to.push_back(to);
            v.link_kind.push_back(walkable_view::name_index(v.link_kind_names, link_name(l)));
            v.link_records.push_back(l.record);
            const navspan::vec3 a = v.centre(from), b = v.centre(to);
            v.link_points.insert(v.link_points.end(), {a.x, a.y, a.z, b.x, b.y, b.z});
            const auto [pa, pb] = w.portal(l);
            if (std::isfinite(pa.x)) v.link_portals.insert(v.link_portals.end(), {pa.x, pa.y, pa.z, pb.x, pb.y, pb.z});
            else v.link_portals.insert(v.link_portals.end(), {nan, nan, nan, nan, nan, nan});
        }
    }
    v.meshes.push_back(std::move(w));
}

// The spatial indexes, once every mesh is in place (an index points at its mesh).
inline void index_meshes(walkable_view& v) {
    v.indexes.clear();
    for (const navspan::nav::walkable& w : v.meshes) v.indexes.push_back(navspan::nav::spatial_index::build(w));
}

inline std::string nav_kind_name(const navspan::nav::link& l) { return std::string(navspan::nav::to_string(l.kind)); }

// ---- Source: areas with places and attributes (TF2 and L4D2 game
// attributes first), in file order as the nav walkable has them.
inline navspan::error build_source(navspan::bytes_view bytes, walkable_view& v) {
    namespace ns = navspan::source;
    using namespace navspan::tools::source_format::tools_detail;
    const auto opened = ns::nav_file::open(bytes);
    if (!opened) return opened.error();
    const ns::nav_file& file = *opened;
    const auto names = place_names(file);
    v.format = "source_nav";
    v.record_key = "areas";
    v.place_names.clear();
    for (std::size_t i = 0; i < names.size(); ++i) {
        v.place_names.push_back(i == 0 || names[i].empty() ? std::string("(no place)") : std::string(names[i]));
    }
    std::vector<polygon_labels> labels;
    std::uint32_t position = 0;
    for (const ns::area& a : file.areas()) {
        polygon_labels l;
        l.record = position++;
        l.flags = flag_label(a.attributes().table(), a.attributes_raw(), "(no attributes)");
        const auto game = a.game_data();
        if (const auto tf = game.tf(); tf && tf->attributes_raw() != 0) {
            l.flags = flag_label(tf->attributes().table(), tf->attributes_raw(), "") +
                      (a.attributes_raw() != 0 ? "|" + l.flags : std::string());
        } else if (const auto l4 = game.left4dead2(); l4 && l4->spawn_attributes_raw() != 0) {
            l.flags = flag_label(l4->spawn_attributes().table(), l4->spawn_attributes_raw(), "") +
                      (a.attributes_raw() != 0 ? "|" + l.flags : std::string());
        }
        l.place = a.place_index().value_or(0);
        if (l.place >= v.place_names.size()) l.place = 0;
        labels.push_back(std::move(l));
    }
    auto w = navspan::nav::make_walkable(file);
    if (!w) return w.error();
    append(v, std::move(*w), 0, labels, nav_kind_name);
    return {};
}

// ---- Source 2 (Counter-Strike 2, Deadlock): the areas of the first hull
// that has any (one hull's mesh at a time, as the command draws it), with
// their attributes; a polygon's record is its area's position in the file.
inline navspan::error build_source2(navspan::bytes_view bytes, walkable_view& v) {
    namespace s2 = navspan::source2;
    const auto opened = s2::nav_file::open(bytes);
    if (!opened) return opened.error();
    const s2::nav_file& file = *opened;
    v.format = "source2_nav";
    v.record_key = "areas";
    std::uint32_t hull = 256;
    for (const s2::area& a : file.areas()) hull = std::min<std::uint32_t>(hull, a.hull_index());
    navspan::nav::source2_walkable_options opts;
    opts.hull = static_cast<std::uint8_t>(hull > 255 ? 0 : hull);
    std::vector<polygon_labels> labels;
    for (const s2::area& a : file.areas()) {
        if (a.hull_index() != opts.hull) continue;
        polygon_labels l;
        l.record = a.index();
        l.flags = flag_label(s2::attribute_names, a.attributes_raw(), "(no attributes)");
        l.group = a.hull_index();
        labels.push_back(std::move(l));
    }
    auto w = navspan::nav::make_walkable(file, opts);
    if (!w) return w.error();
    // Groups are hulls (one is walked): named as `navspan svg` names them.
    v.group_names.clear();
    for (std::uint32_t h = 0; h <= opts.hull; ++h) v.group_names.push_back("hull " + std::to_string(h));
    append(v, std::move(*w), 0, labels, nav_kind_name);
    return {};
}

// ---- Quake: nodes (discs) with their flags; links by the file's type.
inline navspan::error build_quake(navspan::bytes_view bytes, walkable_view& v) {
    namespace q = navspan::quake;
    using namespace navspan::tools::quake_format::tools_detail;
    const auto opened = open_structure(bytes);  // as the command and navspan::nav open it
    if (!opened) return opened.error();
    const q::nav_file& f = *opened;
    v.format = "quake_nav";
    v.polygon_kind = "node";
    v.record_key = "nodes";
    std::vector<polygon_labels> labels;
    for (const q::node n : f.nodes()) {
        polygon_labels l;
        l.record = n.index();
        l.flags = flag_label(q::node_flag_names, n.flags().raw(), "(no flags)");
        labels.push_back(std::move(l));
    }
    auto w = navspan::nav::make_walkable(f);
    if (!w) return w.error();
    append(v, std::move(*w), 0, labels, [](const navspan::nav::link& l) { return link_type_label(l.raw_type); });
    return {};
}

// ---- Fox Engine: faces of every group (y up), coloured by segment.
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
    std::vector<polygon_labels> labels;
    std::uint32_t group_index = 0;
    for (const fox::group g : f.groups()) {
        v.group_names.push_back("group " + std::to_string(g.id()));
        v.group_ids.push_back(g.id());
        const auto segment_flags = g.nav_world().segment_flags_raw();
        const auto segment_base = static_cast<std::uint32_t>(v.place_names.size());
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            v.place_names.push_back("group " + std::to_string(g.id()) + " segment " + std::to_string(s));
        }
        for (const fox::face face : g.faces()) {
            polygon_labels l;
            l.record = static_cast<std::uint32_t>(labels.size());
            l.group = group_index;
            const std::uint32_t segment = face.segment();
            l.place = segment_base + segment;
            l.flags = "segment flags " + std::to_string(segment < segment_flags.size() ? segment_flags[segment] : 0);
            labels.push_back(std::move(l));
        }
        ++group_index;
    }
    auto w = navspan::nav::make_walkable(f);
    if (!w) return w.error();
    append(v, std::move(*w), 0, labels, nav_kind_name);
    return {};
}

// ---- Plugins: one walkable per coordinate space (interior cells are
// separate spaces and never mixed), triangles by navmesh and flags.
inline navspan::error build_creation(navspan::bytes_view bytes, walkable_view& v) {
    namespace cr = navspan::creation;
    namespace nv = navspan::creation::nvnm;
    namespace nav = navspan::nav;
    using namespace navspan::tools::creation_format::tools_detail;
    auto plugin = cr::plugin_file::open(bytes);
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    v.format = "creation_plugin";
    v.polygon_kind = "triangle";
    v.record_key = "triangles";
    v.group_names.clear();
    // Each navmesh's number and first triangle in dump order, by form id.
    struct mesh_place {
        std::uint32_t group;
        std::uint64_t first_triangle;
    };
    std::unordered_map<std::uint32_t, mesh_place> by_form;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& visit) {
        const auto group = static_cast<std::uint32_t>(v.group_names.size());
        v.group_names.push_back(mesh_name(visit));
        v.group_ids.push_back(visit.place->record.form_id());
        by_form.emplace(visit.place->record.form_id(), mesh_place{group, visit.first_triangle});
    }));
    std::vector<nav::plugin_space> spaces;
    NAVSPAN_TRY(nav::plugin_spaces(*plugin, scratch, spaces));
    for (const nav::plugin_space& space : spaces) {
        auto w = nav::make_walkable(*plugin, space, scratch);
        if (!w) return w.error();
        const std::string name = std::string(nav::to_string(space.kind)) + " " + hex32(space.form_id);
        const auto space_index = static_cast<std::uint32_t>(v.space_names.size());
        v.space_names.push_back(name);
        std::vector<polygon_labels> labels;
        for (nav::polygon_index p = 0; p < w->polygon_count(); ++p) {
            polygon_labels l;
            const nav::polygon_id id = w->id(p);
            if (const auto it = by_form.find(id.primary); it != by_form.end()) {
                l.group = it->second.group;
                l.record = static_cast<std::uint32_t>(it->second.first_triangle + id.secondary);
            }
            l.flags = flag_label(nv::triangle_flag_names, w->flags(p), "(no flags)");
            labels.push_back(std::move(l));
        }
        append(v, std::move(*w), space_index, labels, nav_kind_name);
    }
    return {};
}

// Detects, verifies and builds the view; the error says why a file cannot be read.
inline navspan::error build_walkable(navspan::bytes_view bytes, walkable_view& v) {
    navspan::error e;
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: e = build_source(bytes, v); break;
        case navspan::format::source2_nav: e = build_source2(bytes, v); break;
        case navspan::format::quake_nav: e = build_quake(bytes, v); break;
        case navspan::format::fox_nav2: e = build_fox(bytes, v); break;
        case navspan::format::creation_plugin: e = build_creation(bytes, v); break;
        default: return navspan::tools::unknown_format_error(bytes);
    }
    if (e.ok()) index_meshes(v);
    return e;
}

}  // namespace navspan_viewer
