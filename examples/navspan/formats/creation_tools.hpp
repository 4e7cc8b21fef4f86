// The navspan command's dump, validate and svg/obj (scene)
// support for creation_plugin files: Bethesda plugins whose NVNM subrecords
// hold navmeshes. The schema of the dump and the checks of validate are
// documented in ../dump/creation.md (`navspan path` ids: navigate.hpp).
//
// Every function verifies the plugin the way `navspan info` does: every
// group and record header, every record inflated, every NVNM opened. A
// plugin holds one navmesh per cell (or base object), so each function walks
// all of them and numbers them in file order: "navmesh #3" is the fourth
// NVNM of the file, and its triangles get global numbers that continue from
// the previous navmesh's (the ids of `navspan path`).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "../command_limits.hpp"
#include "../json_writer.hpp"
#include "../palette.hpp"
#include "../scene.hpp"

namespace navspan_cli::creation_format {

namespace tools_detail {

namespace cr = navspan::creation;
namespace nv = navspan::creation::nvnm;

// A record that is a NAVM or holds NVNM subrecords, with its place in the
// group tree (see navmesh_entry in navmeshes.hpp).
struct record_place {
    cr::record record;
    std::uint32_t owner_cell = 0;
    std::uint32_t owner_world = 0;
    bool inflated = false;
    std::uint32_t inflated_size = 0;  // when inflated
};

// One verified NVNM, numbered in file order. The view points into the file
// or into the walk's scratch buffer: valid during the visit only.
struct mesh_visit {
    std::size_t index = 0;             // navmesh number in the file
    std::uint64_t first_triangle = 0;  // global number of its triangle 0
    const record_place* place = nullptr;
    std::uint64_t offset = 0;  // of the NVNM data; inside the inflated bytes when place->inflated
    nv::navmesh mesh;
};

// Whether the record holds an NVNM. Every subrecord is walked, as `info`
// walks them: a chain cut short (a record whose inflated bytes end 4 bytes
// early) is the same error in info, dump, validate, svg, obj and path.
inline navspan::result<bool> holds_nvnm(const cr::record& r, const cr::record_payload& payload) {
    cr::subrecord_cursor subs = payload.subrecords();
    bool found = false;
    for (const cr::subrecord& s : subs) {
        if (s.type() == navspan::fourcc("NVNM") && s.size() != 0) found = true;
    }
    if (!subs.error().ok()) return cr::in_record(subs.error(), r, payload.inflated);
    return found;
}

// Walks every record of the plugin in file order. For each NAVM (deleted
// ones included) and each other record holding an NVNM: begin(place), then
// mesh(visit) for each of its NVNM, then end(place). Deleted records are not
// read. Stops at the first error (the same errors `navspan info` reports).
template <class Begin, class Mesh, class End>
navspan::error walk_navmeshes(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, Begin&& begin, Mesh&& mesh,
                              End&& end) {
    cr::record_walker walker = plugin.walk();
    cr::record r;
    std::size_t next_index = 0;
    std::uint64_t next_triangle = 0;
    while (walker.next_record(r)) {
        const bool is_navm = r.type() == navspan::fourcc("NAVM");
        if (r.deleted() && !is_navm) continue;
        record_place place;
        place.record = r;
        for (std::size_t level = walker.depth(); level-- > 0;) {
            const cr::group& g = walker.enclosing(level);
            const std::int32_t t = g.type();
            if (place.owner_cell == 0 &&
                (t == cr::group_type::cell_children || t == cr::group_type::cell_persistent_children ||
                 t == cr::group_type::cell_temporary_children)) {
                place.owner_cell = g.label_form_id();
            }
            if (place.owner_world == 0 && t == cr::group_type::world_children) place.owner_world = g.label_form_id();
        }
        if (r.deleted()) {
            begin(std::as_const(place));
            end(std::as_const(place));
            continue;
        }
        auto payload = cr::read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        const auto has_nvnm = holds_nvnm(r, *payload);
        if (!has_nvnm) return has_nvnm.error();
        if (!is_navm && !*has_nvnm) continue;
        place.inflated = payload->inflated;
        place.inflated_size = payload->inflated ? static_cast<std::uint32_t>(payload->bytes.size()) : 0;
        begin(std::as_const(place));
        NAVSPAN_TRY(cr::for_each_nvnm(r, *payload, plugin.limits(), [&](const nv::navmesh& m, std::uint64_t offset) {
            mesh_visit v;
            v.index = next_index++;
            v.first_triangle = next_triangle;
            v.place = &place;
            v.offset = offset;
            v.mesh = m;
            next_triangle += m.triangles().size();
            mesh(std::as_const(v));
        }));
        end(std::as_const(place));
    }
    return walker.error();
}

template <class Mesh>
navspan::error walk_meshes(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, Mesh&& mesh) {
    auto nothing = [](const record_place&) {};
    return walk_navmeshes(plugin, scratch, nothing, mesh, nothing);
}

// Offsets, inside the NVNM data, of the first element of each list (the
// reader verified that the lists follow each other exactly like this).
struct list_offsets {
    std::uint64_t vertices = 0, triangles = 0, edge_links = 0, door_links = 0, cover_triangles = 0, covers = 0,
                  cover_mappings = 0, waypoints = 0, grid = 0;
};

inline list_offsets offsets_of(const nv::navmesh& m) {
    const nv::layout& l = m.layout();
    list_offsets o;
    std::uint64_t at = 16 + 4;
    o.vertices = at;
    at += m.vertices().size() * l.vertex_size + 4;
    o.triangles = at;
    at += m.triangles().size() * l.triangle_size + 4;
    o.edge_links = at;
    at += m.edge_links().size() * l.edge_link_size + 4;
    o.door_links = at;
    at += m.door_links().size() * nv::door_link::record_size;
    if (l.has_cover_triangles) {
        o.cover_triangles = at + 4;
        at += 4 + m.cover_triangles().size() * 2;
    }
    if (l.cover_size != 0) {
        o.covers = at + 4;
        at += 4 + m.covers().size() * l.cover_size;
    }
    if (l.has_waypoints) {
        o.cover_mappings = at + 4;
        at += 4 + m.cover_mappings().size() * nv::cover_mapping::record_size;
        o.waypoints = at + 4;
        at += 4 + m.waypoints().size() * nv::waypoint::record_size;
    }
    o.grid = at;
    return o;
}

inline std::string hex32(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08X", static_cast<unsigned>(v));
    return buf;
}

// "navmesh #2 (NAVM 01000D63 in cell 01000D62)"; for an exterior navmesh
// "... in world 0100AB00 cell (3, -2)"; with ", inflated record at file
// offset N" when the record is compressed (finding offsets then count in
// its inflated bytes, as the reader's errors do).
inline std::string mesh_name(const mesh_visit& v) {
    std::string s = "navmesh #" + std::to_string(v.index) + " (" +
                    std::string(cr::type_name(v.place->record.type()).view()) + " " + hex32(v.place->record.form_id());
    if (v.mesh.is_exterior()) {
        s += " in world " + hex32(v.mesh.parent_world()) + " cell (" + std::to_string(v.mesh.grid_x()) + ", " +
             std::to_string(v.mesh.grid_y()) + ")";
    } else if (v.place->owner_cell != 0) {
        s += " in cell " + hex32(v.place->owner_cell);
    }
    if (v.place->inflated) s += ", inflated record at file offset " + std::to_string(v.place->record.offset());
    return s + ")";
}

inline navspan::vec3 centroid(const nv::navmesh& m, const nv::triangle& t) {
    const auto vs = m.vertices();
    const navspan::vec3 a = vs[t.vertex(0)].position(), b = vs[t.vertex(1)].position(), c = vs[t.vertex(2)].position();
    return {(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3, (a.z + b.z + c.z) / 3};
}

inline navspan::vec3 midpoint(const navspan::vec3& a, const navspan::vec3& b) {
    return {(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
}

// The flag that decides a triangle's colour in pictures, most telling
// first; nullptr for a plain walkable triangle (coloured by its navmesh).
inline const char* flag_category(std::uint16_t flags) {
    namespace f = nv::triangle_flag;
    if (flags & f::deleted) return "deleted";
    if (flags & f::door) return "door";
    if (flags & f::water) return "water";
    if (flags & f::preferred) return "preferred";
    if (flags & f::no_large_creatures) return "no large creatures";
    if (flags & f::overlapping) return "overlapping";
    return nullptr;
}
// Those categories in a fixed order, so each flag keeps its colour from
// file to file (only those present are registered, in this order).
inline constexpr const char* flag_categories[] = {"door", "water", "preferred", "no large creatures", "overlapping",
                                                  "deleted"};
// Strong colours for the flags, soft ones for the navmeshes' plain
// triangles, so a flagged triangle stands out whatever navmesh it is in.
inline constexpr const char* flag_colours[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#222222"};
inline constexpr const char* navmesh_colours[] = {"#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#c49c94", "#f7b6d2",
                                                  "#dbdb8d", "#9edae5", "#c7c7c7", "#e0c9a6", "#b5cf6b", "#fdd0a2"};

// The legend name of a navmesh's plain triangles.
inline std::string navmesh_category(const mesh_visit& v) {
    std::string s = "navmesh #" + std::to_string(v.index) + " " + hex32(v.place->record.form_id());
    if (v.mesh.is_exterior()) s += " (" + std::to_string(v.mesh.grid_x()) + "," + std::to_string(v.mesh.grid_y()) + ")";
    return s;
}

template <class T>
void write_flag_names(json_writer& w, navspan::name_table table, T raw) {
    w.begin_array();
    navspan::for_each_flag(table, raw, [&](std::string_view name, std::uint64_t) { w.value(name); });
    w.end_array();
}

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

inline std::string hex_bytes(navspan::bytes_view b) {
    std::string s;
    char buf[4];
    for (std::byte c : b) {
        std::snprintf(buf, sizeof buf, "%02x", std::to_integer<unsigned>(c));
        s += buf;
    }
    return s;
}

inline void write_record(json_writer& w, const record_place& p) {
    const cr::record& r = p.record;
    const bool navm = r.type() == navspan::fourcc("NAVM");
    w.field("type", cr::type_name(r.type()).view());
    w.field("offset", r.offset());
    w.field("data_size", r.data_size());
    w.field("flags", r.flags_raw());
    w.key("flag_names");
    write_flag_names(w, navm ? navspan::name_table(cr::navmesh_record_flag_names) : navspan::name_table(cr::record_flag_names),
                     r.flags_raw());
    w.field("form_id", r.form_id());
    w.field("form_id_hex", hex32(r.form_id()));
    w.field("form_version", r.form_version());
    w.field("version_control", r.version_control());
    w.field("version_control2", r.version_control2());
    w.field("compressed", r.compressed());
    w.field("deleted", r.deleted());
    if (p.inflated) w.field("inflated_size", p.inflated_size);
    else w.field_null("inflated_size");
    w.field("owner_cell", p.owner_cell);
    w.field("owner_world", p.owner_world);
}

inline void write_nvnm(json_writer& w, const mesh_visit& v) {
    const nv::navmesh& m = v.mesh;
    const nv::layout& l = m.layout();
    w.begin_object();
    w.field("index", static_cast<std::uint64_t>(v.index));
    // The file's own name of this navmesh: its record's form id (what other
    // navmeshes' edge links name).
    w.field("form_id", v.place->record.form_id());
    w.field("form_id_hex", hex32(v.place->record.form_id()));
    w.field("offset", v.offset);
    w.field("offset_in", v.place->inflated ? "inflated record" : "file");
    w.field("size", static_cast<std::uint64_t>(m.bytes().size()));
    w.field("first_triangle", v.first_triangle);
    w.field("version", m.version());
    w.key("layout");
    w.begin_object();
    w.field("vertex_size", l.vertex_size);
    w.field("triangle_size", l.triangle_size);
    w.field("edge_link_size", l.edge_link_size);
    w.field("cover_size", l.cover_size);
    w.field("cover_triangles", l.has_cover_triangles);
    w.field("waypoints", l.has_waypoints);
    w.field("trailer", l.has_trailer);
    w.end_object();
    w.field("pathing_cell_crc", m.pathing_cell_crc());
    w.field("parent_world", m.parent_world());
    w.field("exterior", m.is_exterior());
    if (m.is_exterior()) {
        w.field("grid_x", m.grid_x());
        w.field("grid_y", m.grid_y());
        w.field_null("parent_cell");
    } else {
        w.field_null("grid_x");
        w.field_null("grid_y");
        w.field("parent_cell", m.parent_cell());
    }
    w.field("parent_raw", m.parent_raw());

    w.key("vertices");
    w.begin_array();
    for (const nv::vertex vx : m.vertices()) {
        w.begin_object();
        w.key("position");
        write_vec3(w, vx.position());
        w.field("extra", vx.extra());
        w.end_object();
    }
    w.end_array();

    w.key("triangles");
    w.begin_array();
    std::uint64_t global = v.first_triangle;
    std::uint64_t local = 0;
    for (const nv::triangle t : m.triangles()) {
        w.begin_object();
        w.field("index", local++);  // the file's own id: what edge and door links name
        w.field("global", global++);
        w.key("vertices");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.vertex(k));
        w.end_array();
        w.key("edges");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.edge(k));
        w.end_array();
        w.key("neighbours");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.neighbour(k));
        w.end_array();
        w.key("edge_links");
        w.begin_array();
        for (unsigned k = 0; k < 3; ++k) w.value(t.edge_link(k));
        w.end_array();
        w.field("flags", t.flags_raw());
        w.key("flag_names");
        write_flag_names(w, nv::triangle_flag_names, t.flags_raw());
        const nv::cover_flags c = t.cover();
        w.field("cover_flags", c.raw());
        w.key("cover_flag_names");
        write_flag_names(w, nv::cover_flag_names, c.raw());
        w.field("cover_edge01", c.edge01_value());
        w.field("cover_edge12", c.edge12_value());
        w.field("height", t.height());
        w.field("unknown", t.unknown());
        w.end_object();
    }
    w.end_array();

    w.key("edge_links");
    w.begin_array();
    for (const nv::edge_link e : m.edge_links()) {
        w.begin_object();
        w.field("type", e.type());
        w.field("type_name", e.type_name());
        w.field("navmesh", e.navmesh());
        w.field("triangle", e.triangle());
        w.field("edge_index", e.edge_index());
        w.end_object();
    }
    w.end_array();

    w.key("door_links");
    w.begin_array();
    for (const nv::door_link d : m.door_links()) {
        w.begin_object();
        w.field("triangle", d.triangle());
        w.field("crc", d.crc());
        w.field("door", d.door());
        w.end_object();
    }
    w.end_array();

    // The lists a version lacks are null, so every key is always present.
    w.key("cover_triangles");
    if (l.has_cover_triangles) {
        w.begin_array();
        for (const std::uint16_t t : m.cover_triangles()) w.value(t);
        w.end_array();
    } else {
        w.null();
    }
    w.key("covers");
    if (l.cover_size != 0) {
        w.begin_array();
        for (const nv::cover c : m.covers()) {
            w.begin_object();
            w.key("vertices");
            w.begin_array();
            w.value(c.vertex(0));
            w.value(c.vertex(1));
            w.end_array();
            w.field("data", hex_bytes(c.data()));
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.key("cover_mappings");
    if (l.has_waypoints) {
        w.begin_array();
        for (const nv::cover_mapping c : m.cover_mappings()) {
            w.begin_object();
            w.field("key", c.key());
            w.field("triangle", c.triangle());
            w.field("edge", c.edge());
            w.field("cover", c.cover());
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.key("waypoints");
    if (l.has_waypoints) {
        w.begin_array();
        for (const nv::waypoint p : m.waypoints()) {
            w.begin_object();
            w.key("position");
            write_vec3(w, p.position());
            if (p.triangle() == nv::none) w.field_null("triangle");
            else w.field("triangle", p.triangle());
            w.field("flags", p.flags_raw());
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }

    const nv::search_grid g = m.grid();
    w.key("grid");
    w.begin_object();
    w.field("divisor", g.divisor());
    w.field("cell_size_x", g.cell_size_x());
    w.field("cell_size_y", g.cell_size_y());
    w.key("min");
    write_vec3(w, g.bounds().min);
    w.key("max");
    write_vec3(w, g.bounds().max);
    w.key("cells");
    w.begin_array();
    for (const nv::cell_triangles cell : g.cells()) {
        w.begin_array();
        for (const std::uint16_t t : cell) w.value(t);
        w.end_array();
    }
    w.end_array();
    w.end_object();
    w.field("trailer", m.trailer());
    w.end_object();
}

// Sorted (form id, first navmesh index) pairs: which navmesh of this plugin
// an edge link's form id names.
class form_index {
public:
    void add(std::uint32_t form_id, std::size_t mesh) { entries_.push_back({form_id, mesh}); }
    void finish() {
        std::stable_sort(entries_.begin(), entries_.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    std::optional<std::size_t> find(std::uint32_t form_id) const {
        auto it = std::lower_bound(entries_.begin(), entries_.end(), form_id,
                                   [](const auto& e, std::uint32_t id) { return e.first < id; });
        if (it == entries_.end() || it->first != form_id) return std::nullopt;
        return it->second;
    }
    const std::vector<std::pair<std::uint32_t, std::size_t>>& entries() const { return entries_; }

private:
    std::vector<std::pair<std::uint32_t, std::size_t>> entries_;
};

// An edge of one navmesh's triangle that leads to another navmesh.
struct link_ref {
    std::size_t mesh = 0;
    std::uint16_t triangle = 0;
    unsigned edge = 0;
    std::uint32_t target_navmesh = 0;
    std::uint16_t target_triangle = 0;
};

// How the picture and the path see one navmesh after its visit.
struct mesh_summary {
    std::uint32_t form_id = 0;
    std::uint64_t first_triangle = 0;
    std::vector<navspan::vec3> centroids;
    std::string name;
};

}  // namespace tools_detail

// ---------------------------------------------------------------- dump

// The plugin header, then every record that is a NAVM or holds NVNM, in file
// order, with every field of its navmeshes (schema: ../dump/creation.md).
inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {command_limits()});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    // Verify everything first: a bad file fails before anything is written.
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [](const mesh_visit&) {}));

    const cr::record& h = plugin->header();
    w.begin_object();
    w.field("format", "creation_plugin");
    w.field("bytes", static_cast<std::uint64_t>(bytes.size()));
    w.key("header");
    w.begin_object();
    w.field("type", cr::type_name(h.type()).view());
    w.field("offset", h.offset());
    w.field("data_size", h.data_size());
    w.field("flags", h.flags_raw());
    w.key("flag_names");
    write_flag_names(w, cr::plugin_flag_names, h.flags_raw());
    w.field("form_id", h.form_id());
    w.field("form_version", h.form_version());
    w.field("version_control", h.version_control());
    w.field("version_control2", h.version_control2());
    w.field("version", plugin->hedr_version());
    w.field("record_count", plugin->record_count());
    w.field("next_object_id", plugin->next_object_id());
    w.field("game", cr::to_string(plugin->game()));
    w.field("author", plugin->author());
    w.field("description", plugin->description());
    w.key("masters");
    w.begin_array();
    for (std::size_t i = 0; i < plugin->master_count(); ++i) w.value(plugin->master(i));
    w.end_array();
    w.key("subrecords");
    w.begin_array();
    for (const cr::subrecord& s : plugin->header_subrecords()) {
        w.begin_object();
        w.field("type", cr::type_name(s.type()).view());
        w.field("offset", s.offset());
        w.field("size", static_cast<std::uint64_t>(s.size()));
        w.end_object();
    }
    w.end_array();
    w.end_object();

    std::uint64_t records = 0, navmeshes = 0, triangles = 0;
    w.key("records");
    w.begin_array();
    const navspan::error e = walk_navmeshes(
        *plugin, scratch,
        [&](const record_place& p) {
            ++records;
            w.begin_object();
            write_record(w, p);
            w.key("navmeshes");
            w.begin_array();
        },
        [&](const mesh_visit& v) {
            ++navmeshes;
            triangles += v.mesh.triangles().size();
            write_nvnm(w, v);
        },
        [&](const record_place&) {
            w.end_array();
            w.end_object();
        });
    if (!e.ok()) return e;  // cannot happen: the same walk succeeded above
    w.end_array();
    w.key("summary");
    w.begin_object();
    w.field("records", records);
    w.field("navmeshes", navmeshes);
    w.field("triangles", triangles);
    w.end_object();
    w.end_object();
    return {};
}

// ---------------------------------------------------------------- validate

namespace tools_detail {

inline constexpr std::uint32_t largest_checked_divisor = 64;

// Whether a triangle (x, y corners) overlaps the box [x0, x1] x [y0, y1] by
// more than `tolerance` (separating axes: the box's two, the triangle's three).
inline bool triangle_overlaps_box(const double xs[3], const double ys[3], double x0, double y0, double x1, double y1,
                                  double tolerance) {
    x0 += tolerance;
    y0 += tolerance;
    x1 -= tolerance;
    y1 -= tolerance;
    if (std::max({xs[0], xs[1], xs[2]}) <= x0 || std::min({xs[0], xs[1], xs[2]}) >= x1 ||
        std::max({ys[0], ys[1], ys[2]}) <= y0 || std::min({ys[0], ys[1], ys[2]}) >= y1) {
        return false;
    }
    const double bx[4] = {x0, x1, x1, x0}, by[4] = {y0, y0, y1, y1};
    for (unsigned e = 0; e < 3; ++e) {
        const unsigned f = (e + 1) % 3, g = (e + 2) % 3;
        const double nx = ys[e] - ys[f], ny = xs[f] - xs[e];  // normal of edge e
        const double a = nx * xs[e] + ny * ys[e], b = nx * xs[g] + ny * ys[g];
        const double lo = std::min(a, b), hi = std::max(a, b);
        double box_lo = INFINITY, box_hi = -INFINITY;
        for (unsigned k = 0; k < 4; ++k) {
            const double p = nx * bx[k] + ny * by[k];
            box_lo = std::min(box_lo, p);
            box_hi = std::max(box_hi, p);
        }
        if (box_hi <= lo || box_lo >= hi) return false;
    }
    return true;
}

// The grid checks of one navmesh: cells that miss a triangle that overlaps
// them, cells that list a triangle whose bounding box does not reach them,
// triangles in no cell,
// bounds that do not hold the vertices, cell sizes that disagree with the
// bounds. The bounding box is the fast first test; a miss is then judged
// against the triangle itself, because the editors list a triangle in every
// cell the triangle overlaps but not always in every cell its bounding box
// overlaps (the public plugins: no miss under the first rule, 772 under the
// second), and an extra entry against the box (no file has one).
inline void check_grid(const mesh_visit& v, const std::string& name, findings& out) {
    const nv::navmesh& m = v.mesh;
    const nv::search_grid g = m.grid();
    const std::uint64_t grid_at = v.offset + offsets_of(m).grid;
    const std::uint32_t d = g.divisor();
    if (d == 0) {
        if (!m.triangles().empty()) out.push_back({"grid-empty", name, grid_at, "the search grid has no cells"});
        return;
    }
    if (d > 12) {
        out.push_back({"grid-divisor-large", name, grid_at,
                       "grid divisor " + std::to_string(d) + " is above 12 (editors treat such a grid as empty)"});
    }
    if (d > largest_checked_divisor) return;

    const navspan::vec3 lo = g.bounds().min, hi = g.bounds().max;
    const double size_x = g.cell_size_x(), size_y = g.cell_size_y();
    if (!std::isfinite(size_x) || !std::isfinite(size_y) || size_x < 0 || size_y < 0) {
        out.push_back({"grid-cell-size", name, grid_at + 4, "grid cell size is not a finite non-negative number"});
        return;
    }
    auto close_enough = [](double a, double b) { return std::fabs(a - b) <= 1e-3 * std::max({1.0, std::fabs(a), std::fabs(b)}); };
    if (!close_enough(size_x * d, static_cast<double>(hi.x) - lo.x) || !close_enough(size_y * d, static_cast<double>(hi.y) - lo.y)) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "grid cell size %g x %g times divisor %u does not span the bounds (%g x %g)",
                      size_x, size_y, static_cast<unsigned>(d), static_cast<double>(hi.x) - lo.x,
                      static_cast<double>(hi.y) - lo.y);
        out.push_back({"grid-cell-size", name, grid_at + 4, buf});
    }
    const double slack = 1e-3 * std::max({1.0, static_cast<double>(hi.x) - lo.x, static_cast<double>(hi.y) - lo.y});
    const list_offsets o = offsets_of(m);
    std::size_t vi = 0;
    for (const nv::vertex vx : m.vertices()) {
        const navspan::vec3 p = vx.position();
        if (p.x < lo.x - slack || p.x > hi.x + slack || p.y < lo.y - slack || p.y > hi.y + slack) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "vertex %zu (%g, %g) lies outside the grid bounds (%g, %g)-(%g, %g)", vi,
                          static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(lo.x),
                          static_cast<double>(lo.y), static_cast<double>(hi.x), static_cast<double>(hi.y));
            out.push_back({"grid-bounds", name, v.offset + o.vertices + vi * m.layout().vertex_size, buf});
        }
        ++vi;
    }

    // Each cell's triangles, sorted for lookup, and where each cell starts.
    std::vector<std::vector<std::uint16_t>> cells;
    std::vector<std::uint64_t> cell_at;
    cells.reserve(g.cell_count());
    std::uint64_t at = grid_at + 36;
    for (const nv::cell_triangles c : g.cells()) {
        cells.emplace_back(c.begin(), c.end());
        std::sort(cells.back().begin(), cells.back().end());
        cell_at.push_back(at);
        at += 4 + 2 * std::uint64_t{c.size()};
    }
    // The cells a triangle's bounding box covers, in cell units, shrunk
    // (strict: the box overlaps the cell by more than a sliver) or grown
    // (loose: the box comes near the cell) by a small tolerance.
    auto cell_range = [&](double from, double to, double origin, double size, double tolerance, std::uint32_t& first,
                          std::uint32_t& last) {
        if (!(size > 0)) {
            first = 0;
            last = d - 1;
            return true;
        }
        const double a = std::floor((from - origin) / size + tolerance), b = std::floor((to - origin) / size - tolerance);
        if (b < a || b < 0 || a > d - 1) return false;
        first = static_cast<std::uint32_t>(std::max(0.0, a));
        last = static_cast<std::uint32_t>(std::min(static_cast<double>(d - 1), b));
        return true;
    };
    const auto vs = m.vertices();
    std::vector<std::uint32_t> loose_x0, loose_x1, loose_y0, loose_y1;
    std::vector<bool> loose_ok;
    std::size_t ti = 0;
    for (const nv::triangle t : m.triangles()) {
        double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
        for (unsigned k = 0; k < 3; ++k) {
            const navspan::vec3 p = vs[t.vertex(k)].position();
            min_x = std::min(min_x, static_cast<double>(p.x));
            max_x = std::max(max_x, static_cast<double>(p.x));
            min_y = std::min(min_y, static_cast<double>(p.y));
            max_y = std::max(max_y, static_cast<double>(p.y));
        }
        std::uint32_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        const double strict = 1e-3;
        if (cell_range(min_x, max_x, lo.x, size_x, strict, c0, c1) && cell_range(min_y, max_y, lo.y, size_y, strict, r0, r1)) {
            double xs[3], ys[3];
            for (unsigned k = 0; k < 3; ++k) {
                const navspan::vec3 p = vs[t.vertex(k)].position();
                xs[k] = p.x;
                ys[k] = p.y;
            }
            for (std::uint32_t row = r0; row <= r1; ++row) {
                for (std::uint32_t col = c0; col <= c1; ++col) {
                    const std::size_t k = std::size_t{row} * d + col;
                    const double x0 = lo.x + col * size_x, y0 = lo.y + row * size_y;
                    if (!triangle_overlaps_box(xs, ys, x0, y0, x0 + size_x, y0 + size_y,
                                               strict * std::max(size_x, size_y))) {
                        continue;  // only the bounding box reaches this cell
                    }
                    if (!std::binary_search(cells[k].begin(), cells[k].end(), static_cast<std::uint16_t>(ti))) {
                        out.push_back({"grid-cell-misses-triangle", name + " grid cell " + std::to_string(k), cell_at[k],
                                       "cell (row " + std::to_string(row) + ", column " + std::to_string(col) +
                                           ") does not list triangle " + std::to_string(ti) + ", which overlaps it"});
                    }
                }
            }
        }
        std::uint32_t lc0 = 0, lc1 = 0, lr0 = 0, lr1 = 0;
        const bool ok = cell_range(min_x, max_x, lo.x, size_x, -strict, lc0, lc1) &&
                        cell_range(min_y, max_y, lo.y, size_y, -strict, lr0, lr1);
        loose_ok.push_back(ok);
        loose_x0.push_back(lc0);
        loose_x1.push_back(lc1);
        loose_y0.push_back(lr0);
        loose_y1.push_back(lr1);
        ++ti;
    }
    std::vector<bool> listed(m.triangles().size(), false);
    for (std::size_t k = 0; k < cells.size(); ++k) {
        const auto row = static_cast<std::uint32_t>(k / d), col = static_cast<std::uint32_t>(k % d);
        for (const std::uint16_t t : cells[k]) {
            listed[t] = true;
            if (!loose_ok[t] || col < loose_x0[t] || col > loose_x1[t] || row < loose_y0[t] || row > loose_y1[t]) {
                out.push_back({"grid-cell-extra-triangle", name + " grid cell " + std::to_string(k), cell_at[k],
                               "cell (row " + std::to_string(row) + ", column " + std::to_string(col) +
                                   ") lists triangle " + std::to_string(t) + ", whose bounding box does not reach it"});
            }
        }
    }
    for (std::size_t t = 0; t < listed.size(); ++t) {
        if (!listed[t]) {
            out.push_back({"triangle-in-no-cell", name + " triangle " + std::to_string(t),
                           v.offset + o.triangles + t * m.layout().triangle_size,
                           "no grid cell lists the triangle"});
        }
    }
}

// Checks of one navmesh on its own; collects its edge links for the checks
// across navmeshes.
inline void check_mesh(const mesh_visit& v, findings& out, std::vector<link_ref>& links) {
    const nv::navmesh& m = v.mesh;
    const std::string name = mesh_name(v);
    const list_offsets o = offsets_of(m);
    const auto tris = m.triangles();
    const auto vs = m.vertices();
    const std::size_t stride = m.layout().triangle_size;
    auto tri_at = [&](std::size_t t) { return v.offset + o.triangles + t * stride; };
    auto tri_name = [&](std::size_t t) { return name + " triangle " + std::to_string(t); };
    std::vector<unsigned> link_uses(m.edge_links().size(), 0);

    for (std::size_t i = 0; i < tris.size(); ++i) {
        const nv::triangle t = tris[i];
        const auto a = t.vertex(0), b = t.vertex(1), c = t.vertex(2);
        if (a == b || b == c || a == c) {
            out.push_back({"degenerate-triangle", tri_name(i), tri_at(i),
                           "uses vertex " + std::to_string(a == b || a == c ? a : b) + " twice"});
        } else {
            const navspan::vec3 p = vs[a].position(), q = vs[b].position(), r = vs[c].position();
            const double ux = q.x - p.x, uy = q.y - p.y, uz = q.z - p.z, wx = r.x - p.x, wy = r.y - p.y, wz = r.z - p.z;
            const double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            const double area2 = std::sqrt(cx * cx + cy * cy + cz * cz);
            const double scale = std::max({ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz, 1e-12});
            if (!(area2 > 1e-7 * scale)) {
                out.push_back({"degenerate-triangle", tri_name(i), tri_at(i), "its three corners lie on one line"});
            }
        }
        for (unsigned e = 0; e < 3; ++e) {
            if (const auto l = t.edge_link(e)) {
                ++link_uses[*l];
                const nv::edge_link link = m.edge_links()[*l];
                links.push_back({v.index, static_cast<std::uint16_t>(i), e, link.navmesh(), link.triangle()});
                continue;
            }
            const auto n = t.neighbour(e);
            if (!n) continue;
            const std::uint64_t edge_at = tri_at(i) + 6 + 2 * e;
            if (*n == i) {
                out.push_back({"neighbour-is-self", tri_name(i), edge_at,
                               "edge " + std::to_string(e) + " names the triangle itself as its neighbour"});
                continue;
            }
            const nv::triangle other = tris[*n];
            bool back = false;
            for (unsigned k = 0; k < 3; ++k) back = back || other.neighbour(k) == i;
            if (!back) {
                out.push_back({"one-way-neighbour", tri_name(i), edge_at,
                               "edge " + std::to_string(e) + " leads to triangle " + std::to_string(*n) +
                                   ", which has no edge back to it"});
                continue;
            }
            // Neighbours share the edge: the same two vertices, or two
            // vertices at the same positions.
            const std::uint16_t e0 = t.vertex(e), e1 = t.vertex((e + 1) % 3);
            auto has = [&](std::uint16_t vi) {
                for (unsigned k = 0; k < 3; ++k) {
                    if (other.vertex(k) == vi || vs[other.vertex(k)].position() == vs[vi].position()) return true;
                }
                return false;
            };
            if (!has(e0) || !has(e1)) {
                out.push_back({"neighbour-edge-mismatch", tri_name(i), edge_at,
                               "edge " + std::to_string(e) + " (vertices " + std::to_string(e0) + ", " +
                                   std::to_string(e1) + ") is not an edge of its neighbour, triangle " +
                                   std::to_string(*n)});
            }
        }
    }
    for (std::size_t l = 0; l < link_uses.size(); ++l) {
        if (link_uses[l] == 0) {
            out.push_back({"unreferenced-edge-link", name + " edge link " + std::to_string(l),
                           v.offset + o.edge_links + l * m.layout().edge_link_size,
                           "no triangle edge uses this edge link"});
        }
    }
    std::size_t di = 0;
    for (const nv::door_link d : m.door_links()) {
        if ((tris[d.triangle()].flags_raw() & nv::triangle_flag::door) == 0) {
            out.push_back({"door-triangle-without-door-flag", name + " door link " + std::to_string(di),
                           v.offset + o.door_links + di * nv::door_link::record_size,
                           "door link to REFR " + hex32(d.door()) + " sits on triangle " + std::to_string(d.triangle()) +
                               ", which lacks the Door flag"});
        }
        ++di;
    }
    std::size_t ci = 0;
    for (const std::uint16_t t : m.cover_triangles()) {
        if (tris[t].cover().raw() == 0) {
            out.push_back({"cover-triangle-without-cover", name + " cover triangle " + std::to_string(ci),
                           v.offset + o.cover_triangles + 2 * ci,
                           "triangle " + std::to_string(t) + " is listed as cover but has no cover flags"});
        }
        ++ci;
    }
    check_grid(v, name, out);
}

}  // namespace tools_detail

// Checks beyond structure; appends what it finds (see ../dump/creation.md).
inline navspan::error validate(navspan::bytes_view bytes, findings& out) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {command_limits()});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;

    struct mesh_facts {
        std::uint32_t form_id;
        std::size_t triangles;
        std::string name;
        std::uint64_t offset;
    };
    std::vector<mesh_facts> meshes;
    std::vector<link_ref> links;
    form_index forms;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        meshes.push_back({v.place->record.form_id(), v.mesh.triangles().size(), mesh_name(v), v.place->record.offset()});
        forms.add(v.place->record.form_id(), v.index);
        check_mesh(v, out, links);
    }));
    forms.finish();

    const auto& by_form = forms.entries();
    for (std::size_t i = 1; i < by_form.size(); ++i) {
        if (by_form[i].first == by_form[i - 1].first) {
            const mesh_facts& m = meshes[by_form[i].second];
            out.push_back({"duplicate-form-id", m.name, m.offset,
                           "navmesh #" + std::to_string(by_form[i - 1].second) + " has the same form id"});
        }
    }

    // Edge links into navmeshes of this plugin: the far triangle must exist
    // and lead back. Links into a master's navmesh cannot be checked here.
    std::vector<std::tuple<std::size_t, std::uint16_t, std::uint32_t, std::uint16_t>> link_set;
    for (const link_ref& l : links) link_set.emplace_back(l.mesh, l.triangle, l.target_navmesh, l.target_triangle);
    std::sort(link_set.begin(), link_set.end());
    for (const link_ref& l : links) {
        const auto target = forms.find(l.target_navmesh);
        if (!target) continue;
        const mesh_facts& from = meshes[l.mesh];
        const std::string where = from.name + " triangle " + std::to_string(l.triangle);
        if (l.target_triangle >= meshes[*target].triangles) {
            out.push_back({"edge-link-into-nothing", where, from.offset,
                           "edge " + std::to_string(l.edge) + " links to triangle " + std::to_string(l.target_triangle) +
                               " of navmesh #" + std::to_string(*target) + ", which has only " +
                               std::to_string(meshes[*target].triangles) + " triangles"});
            continue;
        }
        if (!std::binary_search(link_set.begin(), link_set.end(),
                                std::make_tuple(*target, l.target_triangle, from.form_id, l.triangle))) {
            out.push_back({"one-way-edge-link", where, from.offset,
                           "edge " + std::to_string(l.edge) + " links to triangle " + std::to_string(l.target_triangle) +
                               " of navmesh #" + std::to_string(*target) + ", which has no edge link back"});
        }
    }
    return {};
}

// ---------------------------------------------------------------- svg, obj

namespace tools_detail {

// Positions of the REFR records (doors) among `wanted` that this plugin
// places itself (DATA: position, then rotation).
inline navspan::error door_positions(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                     const std::vector<std::uint32_t>& wanted,
                                     std::unordered_map<std::uint32_t, navspan::vec3>& out) {
    if (wanted.empty()) return {};
    cr::record_walker walker = plugin.walk(navspan::fourcc("REFR"));
    cr::record r;
    while (walker.next_record(r)) {
        if (r.deleted() || !std::binary_search(wanted.begin(), wanted.end(), r.form_id())) continue;
        auto payload = cr::read_payload(r, scratch, plugin.limits());
        if (!payload) return payload.error();
        cr::subrecord_cursor subs = payload->subrecords();
        for (const cr::subrecord& s : subs) {
            if (s.type() == navspan::fourcc("DATA") && s.size() >= 12) out[r.form_id()] = navspan::load_vec3(s.data().data());
        }
        NAVSPAN_TRY(cr::in_record(subs.error(), r, payload->inflated));
    }
    return walker.error();
}

// The group of navmeshes a navmesh is drawn with: its worldspace (exterior
// cells share coordinates), else its interior cell, else the record itself
// (an NVNM in a base object, in the object's own coordinates).
inline scene_group group_of(const mesh_visit& v) {
    const record_place& p = *v.place;
    if (p.owner_world != 0) return {p.owner_world, "worldspace " + hex_form_id(p.owner_world), 0};
    if (p.owner_cell != 0) return {p.owner_cell, "interior cell " + hex_form_id(p.owner_cell), 0};
    const std::uint32_t type = p.record.type();
    std::string t;
    for (int i = 0; i < 4; ++i) t += static_cast<char>((type >> (8 * i)) & 0xFF);
    return {p.record.form_id(), "object " + t + " " + hex_form_id(p.record.form_id()), 0};
}

}  // namespace tools_detail

// The top-down picture of one group of navmeshes (one interior cell or one
// worldspace: see group_of; --cell picks it, else the group of the most
// triangles): triangles in world coordinates, coloured by their most telling
// flag (--color-by flags), or by navmesh; edge links (to a triangle of this
// plugin, or to a master's navmesh) and door links as lines and points.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {command_limits()});
    if (!plugin) return plugin.error();
    if (plugin->game() == cr::game::starfield) out.units = "m";
    cr::inflate_buffer scratch;
    out.colourings = {"flags", "navmesh", "height"};
    const bool by_navmesh = out.options.colour_by == "navmesh";
    out.empty_note = "no navmesh in this plugin";

    // First pass: the groups, which one is drawn, which flags occur in it
    // and how many navmeshes it has. The flag categories come first, in a
    // fixed order (so each flag keeps its colour); plain triangles take
    // their navmesh's colour when there are several navmeshes (so
    // overlapping meshes stand apart), else they are simply "walkable".
    std::unordered_map<std::uint32_t, std::size_t> group_index;
    std::vector<std::size_t> triangles_in;  // per group
    std::vector<std::uint32_t> all_forms;   // every navmesh of the plugin
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        scene_group g = group_of(v);
        const auto [it, added] = group_index.try_emplace(g.form_id, out.groups.size());
        if (added) {
            out.groups.push_back(std::move(g));
            triangles_in.push_back(0);
        }
        triangles_in[it->second] += v.mesh.triangles().size();
        out.groups[it->second].polygons += v.mesh.triangles().size();
        all_forms.push_back(v.place->record.form_id());
    }));
    std::sort(all_forms.begin(), all_forms.end());
    if (out.groups.empty()) return {};
    std::size_t drawn = 0;
    for (std::size_t i = 1; i < out.groups.size(); ++i) {
        if (triangles_in[i] > triangles_in[drawn]) drawn = i;
    }
    if (out.options.cell != 0) {
        const auto it = group_index.find(out.options.cell);
        if (it == group_index.end()) return {};  // nothing drawn: the command says which groups there are
        drawn = it->second;
    }
    out.drawn_group = out.groups[drawn].form_id;
    auto in_picture = [&](const mesh_visit& v) { return group_of(v).form_id == out.drawn_group; };

    bool present[std::size(flag_categories)] = {};
    std::size_t mesh_count = 0;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        if (!in_picture(v)) return;
        ++mesh_count;
        for (const nv::triangle t : v.mesh.triangles()) {
            const char* c = flag_category(t.flags_raw());
            if (c == nullptr) continue;
            for (std::size_t k = 0; k < std::size(flag_categories); ++k) present[k] = present[k] || c == flag_categories[k];
        }
    }));
    for (std::size_t k = 0; k < std::size(flag_categories) && !by_navmesh; ++k) {
        if (present[k]) scene::category(out.polygon_categories, flag_categories[k]);
    }

    struct pending_link {
        navspan::vec3 from;           // midpoint of the linked edge
        navspan::vec3 edge_a, edge_b;  // the edge itself
        std::uint32_t target_navmesh;
        std::uint16_t target_triangle;
    };
    struct pending_door {
        navspan::vec3 at;
        std::uint32_t door;
    };
    std::vector<mesh_summary> meshes;
    std::vector<pending_link> links;
    std::vector<pending_door> doors;
    form_index forms;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        if (!in_picture(v)) return;
        const nv::navmesh& m = v.mesh;
        mesh_summary s;
        s.form_id = v.place->record.form_id();
        s.name = mesh_name(v);
        const auto vs = m.vertices();
        const std::string plain = mesh_count > 1 ? navmesh_category(v) : std::string("walkable");
        std::size_t i = 0;
        for (const nv::triangle t : m.triangles()) {
            scene_polygon p;
            for (unsigned k = 0; k < 3; ++k) p.corners.push_back(vs[t.vertex(k)].position());
            const char* flag = by_navmesh ? nullptr : flag_category(t.flags_raw());
            p.category = scene::category(out.polygon_categories, flag != nullptr ? std::string(flag) : plain);
            p.label = s.name + " triangle " + std::to_string(i) + " (path id " + std::to_string(v.first_triangle + i) +
                      "), flags " + std::to_string(t.flags_raw());
            s.centroids.push_back(centroid(m, t));
            for (unsigned e = 0; e < 3; ++e) {
                if (const auto l = t.edge_link(e)) {
                    const nv::edge_link link = m.edge_links()[*l];
                    const navspan::vec3 a = p.corners[e], b = p.corners[(e + 1) % 3];
                    links.push_back({midpoint(a, b), a, b, link.navmesh(), link.triangle()});
                }
            }
            out.polygons.push_back(std::move(p));
            ++i;
        }
        for (const nv::door_link d : m.door_links()) doors.push_back({s.centroids[d.triangle()], d.door()});
        forms.add(s.form_id, meshes.size());  // the drawn navmeshes only
        meshes.push_back(std::move(s));
    }));
    forms.finish();
    // Soft colours for up to 12 navmeshes; more take the 40 of the palette
    // (which do not repeat before the 41st).
    const auto flags_shown = static_cast<std::size_t>(std::count(std::begin(present), std::end(present), true));
    const bool soft = out.polygon_categories.size() <= std::size(navmesh_colours) + flags_shown;
    std::uint32_t plain = 0;
    for (const std::string& c : out.polygon_categories) {
        if (by_navmesh) break;  // the palette's colours
        const auto flag = std::find_if(std::begin(flag_categories), std::end(flag_categories),
                                       [&](const char* f) { return c == f; });
        if (flag != std::end(flag_categories)) {
            out.polygon_colours.push_back(flag_colours[flag - std::begin(flag_categories)]);
        } else {
            out.polygon_colours.push_back(soft ? navmesh_colours[plain % std::size(navmesh_colours)] : category_colour(plain));
            ++plain;
        }
    }

    for (const pending_link& l : links) {
        const auto target = forms.find(l.target_navmesh);
        if (target && l.target_triangle < meshes[*target].centroids.size()) {
            const std::uint32_t c = scene::category(out.line_categories, "edge link");
            out.mark_link(c);
            out.lines.push_back({l.from, meshes[*target].centroids[l.target_triangle], c, false});
        } else {
            // The far navmesh is in a master, or in another cell of this
            // plugin (not drawn): mark the edge that leads there.
            const bool here = std::binary_search(all_forms.begin(), all_forms.end(), l.target_navmesh);
            out.lines.push_back({l.edge_a, l.edge_b,
                                 scene::category(out.line_categories, here ? "edge link to another cell"
                                                                           : "edge link to a master's navmesh"),
                                 false});
        }
    }
    std::vector<std::uint32_t> wanted;
    for (const pending_door& d : doors) wanted.push_back(d.door);
    std::sort(wanted.begin(), wanted.end());
    std::unordered_map<std::uint32_t, navspan::vec3> placed;
    NAVSPAN_TRY(door_positions(*plugin, scratch, wanted, placed));
    for (const pending_door& d : doors) {
        out.points.push_back({d.at, scene::category(out.point_categories, "door link"), "door REFR " + hex32(d.door)});
        if (const auto it = placed.find(d.door); it != placed.end()) {
            const std::uint32_t c = scene::category(out.line_categories, "door link (to the door)");
            out.mark_link(c);
            out.lines.push_back({d.at, it->second, c, false});
        }
    }
    return {};
}

}  // namespace navspan_cli::creation_format
