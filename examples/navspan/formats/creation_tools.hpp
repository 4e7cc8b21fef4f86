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
#include "creation_names.hpp"

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
    scratch.begin_pass();
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

inline std::string hex32(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08X", static_cast<unsigned>(v));
    return buf;
}

// "navmesh #2 (NAVM 01000D63 in cell 01000D62)"; for an exterior navmesh
// "... in world 0100AB00 cell (3, -2)"; with ", inflated record at file
// offset N" when the record is compressed (finding offsets then count in
// its inflated bytes, as the reader's errors do).
// With `editor_ids`, the world's or cell's editor id follows its form id
// ("in cell 01000D62 HearthfiresHouse").
using editor_id_map = std::unordered_map<std::uint32_t, std::string>;
inline std::string mesh_name(const mesh_visit& v, const editor_id_map* editor_ids = nullptr) {
    std::string s = "navmesh #" + std::to_string(v.index) + " (" +
                    std::string(cr::type_name(v.place->record.type()).view()) + " " + hex32(v.place->record.form_id());
    auto named = [&](std::uint32_t form_id) {
        std::string t = hex32(form_id);
        const std::string_view edid = editor_ids != nullptr ? creation_names::find(*editor_ids, form_id) : std::string_view{};
        if (!edid.empty()) t += " " + std::string(edid);
        return t;
    };
    if (v.mesh.is_exterior()) {
        s += " in world " + named(v.mesh.parent_world()) + " cell (" + std::to_string(v.mesh.grid_x()) + ", " +
             std::to_string(v.mesh.grid_y()) + ")";
    } else if (v.place->owner_cell != 0) {
        s += " in cell " + named(v.place->owner_cell);
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

// With `editor_ids`, the owning cell's and worldspace's editor ids follow
// their form ids (null when the plugin gives none).
inline void write_record(json_writer& w, const record_place& p,
                         const editor_id_map* editor_ids = nullptr) {
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
    if (editor_ids != nullptr) {
        for (const auto& [key, form_id] : {std::pair{"owner_cell_editor_id", p.owner_cell},
                                          std::pair{"owner_world_editor_id", p.owner_world}}) {
            const std::string_view edid = creation_names::find(*editor_ids, form_id);
            if (edid.empty()) w.field_null(key);
            else w.field(key, edid);
        }
    }
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
    auto plugin = cr::plugin_file::open(bytes, {{command_limits()}});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    // Verify everything first: a bad file fails before anything is written.
    // The same walk gathers the owning cells and worldspaces, whose editor
    // ids (one more walk over CELL and WRLD records) follow their form ids.
    std::vector<std::uint32_t> owners;
    NAVSPAN_TRY(walk_navmeshes(
        *plugin, scratch,
        [&](const record_place& p) {
            if (p.owner_cell != 0) owners.push_back(p.owner_cell);
            if (p.owner_world != 0) owners.push_back(p.owner_world);
        },
        [](const mesh_visit&) {}, [](const record_place&) {}));
    editor_id_map editor_ids;
    NAVSPAN_TRY(creation_names::editor_ids(*plugin, scratch, std::move(owners), editor_ids));

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
            write_record(w, p, &editor_ids);
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

// Checks beyond structure: navspan::creation::validate (the library's
// checks) over every NVNM of the plugin, numbered as dump numbers them, with
// each record named after its navmesh ("navmesh #0 (NAVM 01000801 in cell
// 01000800) triangle 3"); see ../dump/creation.md.
inline navspan::error validate(navspan::bytes_view bytes, findings& out, const check_choice& choice = {}) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {{command_limits()}});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    std::vector<navspan::finding> found;  // views of the library's static tables: kept as they are
    NAVSPAN_TRY(cr::validate(*plugin, scratch, [&](const navspan::finding& lf) { found.push_back(lf); },
                             cr::nvnm_search::every_record, choice.in(cr::validate_checks)));
    if (found.empty()) return {};
    // The navmeshes' names, only when something is to be named (one more
    // walk, and one over the cells and worldspaces for their editor ids).
    std::vector<std::uint32_t> places;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) {
        places.push_back(v.mesh.is_exterior() ? v.mesh.parent_world() : v.place->owner_cell);
    }));
    editor_id_map editor_ids;
    NAVSPAN_TRY(creation_names::editor_ids(*plugin, scratch, std::move(places), editor_ids));
    std::vector<std::string> names;
    NAVSPAN_TRY(walk_meshes(*plugin, scratch, [&](const mesh_visit& v) { names.push_back(mesh_name(v, &editor_ids)); }));
    for (const navspan::finding& lf : found) {
        finding x = from_library(lf);
        if (lf.not_listed == 0) {
            const std::uint64_t mesh = lf.parent == "navmesh" ? lf.parent_index : lf.index;
            x.record = mesh < names.size() ? names[static_cast<std::size_t>(mesh)] : "navmesh #" + std::to_string(mesh);
            if (lf.record != "navmesh") x.record += " " + std::string(lf.record) + " " + std::to_string(lf.index);
        }
        out.push_back(std::move(x));
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
    scratch.begin_pass();
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
    if (p.owner_world != 0) return {p.owner_world, "worldspace " + hex_form_id(p.owner_world), 0, {}};
    if (p.owner_cell != 0) return {p.owner_cell, "interior cell " + hex_form_id(p.owner_cell), 0, {}};
    const std::uint32_t type = p.record.type();
    std::string t;
    for (int i = 0; i < 4; ++i) t += static_cast<char>((type >> (8 * i)) & 0xFF);
    return {p.record.form_id(), "object " + t + " " + hex_form_id(p.record.form_id()), 0, {}};
}

// The exterior cells (4096 units square) of one worldspace that hold
// navmeshes, gathered into areas: cells within two cells of each other
// belong together. A plugin's areas can lie a map apart (HearthFires: three
// house plots across 17 x 45 cells, each a few pixels in one picture), so a
// worldspace is drawn one area at a time. Linear: each cell looks at its 24
// neighbours in a hash map.
struct cell_areas {
    struct area {
        std::uint64_t triangles = 0;
        int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    };
    std::vector<area> areas;  // largest (most triangles) first
    std::unordered_map<std::uint64_t, std::uint32_t> area_of;  // cell key -> index in `areas`

    static std::uint64_t key(int x, int y) {
        return static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32 | static_cast<std::uint32_t>(y);
    }
    // `cells`: (x, y, triangles) per navmesh, in any order, repeats allowed.
    void build(const std::vector<std::tuple<int, int, std::uint64_t>>& cells) {
        std::unordered_map<std::uint64_t, std::uint32_t> index;
        std::vector<std::tuple<int, int, std::uint64_t>> unique;
        for (const auto& [x, y, t] : cells) {
            const auto [it, added] = index.try_emplace(key(x, y), static_cast<std::uint32_t>(unique.size()));
            if (added) unique.emplace_back(x, y, 0);
            std::get<2>(unique[it->second]) += t;
        }
        std::vector<std::uint32_t> parent(unique.size());
        for (std::uint32_t i = 0; i < parent.size(); ++i) parent[i] = i;
        auto root = [&](std::uint32_t i) {
            while (parent[i] != i) i = parent[i] = parent[parent[i]];
            return i;
        };
        for (std::uint32_t i = 0; i < unique.size(); ++i) {
            const auto [x, y, t] = unique[i];
            for (int dx = -2; dx <= 2; ++dx) {
                for (int dy = -2; dy <= 2; ++dy) {
                    const auto it = index.find(key(x + dx, y + dy));
                    if (it != index.end()) parent[root(it->second)] = root(i);
                }
            }
        }
        std::unordered_map<std::uint32_t, std::uint32_t> area_index;  // root -> area
        std::vector<std::uint32_t> cell_area(unique.size());
        for (std::uint32_t i = 0; i < unique.size(); ++i) {
            const auto [x, y, t] = unique[i];
            const auto [it, added] = area_index.try_emplace(root(i), static_cast<std::uint32_t>(areas.size()));
            if (added) areas.push_back({0, x, y, x, y});
            area& a = areas[it->second];
            a.triangles += t;
            a.min_x = std::min(a.min_x, x), a.max_x = std::max(a.max_x, x);
            a.min_y = std::min(a.min_y, y), a.max_y = std::max(a.max_y, y);
            cell_area[i] = it->second;
        }
        // Largest first (ties: the one met first in the file).
        std::vector<std::uint32_t> order(areas.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return areas[a].triangles > areas[b].triangles; });
        std::vector<std::uint32_t> rank(areas.size());
        std::vector<area> sorted;
        for (std::uint32_t r = 0; r < order.size(); ++r) {
            rank[order[r]] = r;
            sorted.push_back(areas[order[r]]);
        }
        areas = std::move(sorted);
        for (std::uint32_t i = 0; i < unique.size(); ++i) {
            area_of[key(std::get<0>(unique[i]), std::get<1>(unique[i]))] = rank[cell_area[i]];
        }
    }
};

}  // namespace tools_detail

namespace tools_detail {

// What the picture of one group collects while the plugin is walked.
struct group_picture {
    struct pending_link {
        navspan::vec3 from;            // midpoint of the linked edge
        navspan::vec3 edge_a, edge_b;  // the edge itself
        std::uint32_t target_navmesh;
        std::uint16_t target_triangle;
    };
    struct pending_door {
        navspan::vec3 at;
        std::uint32_t door;
    };
    scene* out = nullptr;  // null: this group is not drawn
    // A worldspace drawn one area at a time: the area of each exterior cell
    // (null: the whole group is drawn).
    const cell_areas* areas = nullptr;
    std::uint32_t drawn_area = 0;
    bool present[std::size(flag_categories)] = {};
    std::size_t mesh_count = 0;
    std::vector<mesh_summary> meshes;
    std::vector<pending_link> links;
    std::vector<pending_door> doors;
    form_index forms;
};

// The groups of the plugin, in file order (first pass): out.groups, each
// group's number by form id, and every navmesh's form id, sorted.
inline navspan::error list_groups(const cr::plugin_file& plugin, cr::inflate_buffer& scratch, scene& out,
                                  std::unordered_map<std::uint32_t, std::size_t>& group_index,
                                  std::vector<std::uint32_t>& all_forms,
                                  std::vector<std::tuple<std::uint32_t, int, int, std::uint64_t>>* exterior_cells = nullptr) {
    NAVSPAN_TRY(walk_meshes(plugin, scratch, [&](const mesh_visit& v) {
        scene_group g = group_of(v);
        if (exterior_cells != nullptr && v.mesh.is_exterior() && v.place->owner_world != 0) {
            exterior_cells->emplace_back(v.place->owner_world, v.mesh.grid_x(), v.mesh.grid_y(), v.mesh.triangles().size());
        }
        const auto [it, added] = group_index.try_emplace(g.form_id, out.groups.size());
        if (added) out.groups.push_back(std::move(g));
        out.groups[it->second].polygons += v.mesh.triangles().size();
        all_forms.push_back(v.place->record.form_id());
    }));
    std::sort(all_forms.begin(), all_forms.end());
    return {};
}

// Draws every group whose picture has an `out`, with two walks of the plugin
// and one of its door references, however many groups are drawn (`svg
// --split` of a plugin of 4,000 cells walked it 4 times per cell).
inline navspan::error draw_groups(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                  const std::unordered_map<std::uint32_t, std::size_t>& group_index,
                                  const std::vector<std::uint32_t>& all_forms, std::vector<group_picture>& pictures,
                                  const editor_id_map* editor_ids = nullptr) {
    auto picture_of = [&](const mesh_visit& v) -> group_picture* {
        const auto it = group_index.find(group_of(v).form_id);
        if (it == group_index.end() || pictures[it->second].out == nullptr) return nullptr;
        group_picture* p = &pictures[it->second];
        if (p->areas != nullptr && v.mesh.is_exterior()) {
            const auto a = p->areas->area_of.find(cell_areas::key(v.mesh.grid_x(), v.mesh.grid_y()));
            if (a == p->areas->area_of.end() || a->second != p->drawn_area) return nullptr;
        }
        return p;
    };
    // Which flags occur in each drawn group and how many navmeshes it has.
    // The flag categories come first, in a fixed order (so each flag keeps
    // its colour); plain triangles take their navmesh's colour when there
    // are several navmeshes (so overlapping meshes stand apart), else they
    // are simply "walkable".
    NAVSPAN_TRY(walk_meshes(plugin, scratch, [&](const mesh_visit& v) {
        group_picture* p = picture_of(v);
        if (p == nullptr) return;
        ++p->mesh_count;
        for (const nv::triangle t : v.mesh.triangles()) {
            const char* c = flag_category(t.flags_raw());
            if (c == nullptr) continue;
            for (std::size_t k = 0; k < std::size(flag_categories); ++k) p->present[k] = p->present[k] || c == flag_categories[k];
        }
    }));
    for (group_picture& p : pictures) {
        if (p.out == nullptr || p.out->options.colour_by == "navmesh") continue;
        for (std::size_t k = 0; k < std::size(flag_categories); ++k) {
            if (p.present[k]) scene::category(p.out->polygon_categories, flag_categories[k]);
        }
    }

    NAVSPAN_TRY(walk_meshes(plugin, scratch, [&](const mesh_visit& v) {
        group_picture* gp = picture_of(v);
        if (gp == nullptr) return;
        scene& out = *gp->out;
        const bool by_navmesh = out.options.colour_by == "navmesh";
        const nv::navmesh& m = v.mesh;
        mesh_summary s;
        s.form_id = v.place->record.form_id();
        s.name = mesh_name(v, editor_ids);
        const auto vs = m.vertices();
        const std::string plain = gp->mesh_count > 1 ? navmesh_category(v) : std::string("walkable");
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
                    gp->links.push_back({midpoint(a, b), a, b, link.navmesh(), link.triangle()});
                }
            }
            out.polygons.push_back(std::move(p));
            ++i;
        }
        for (const nv::door_link d : m.door_links()) gp->doors.push_back({s.centroids[d.triangle()], d.door()});
        gp->forms.add(s.form_id, gp->meshes.size());  // the drawn navmeshes only
        gp->meshes.push_back(std::move(s));
    }));

    std::vector<std::uint32_t> wanted;
    for (group_picture& gp : pictures) {
        if (gp.out == nullptr) continue;
        scene& out = *gp.out;
        const bool by_navmesh = out.options.colour_by == "navmesh";
        gp.forms.finish();
        // Soft colours for up to 12 navmeshes; more take the 40 of the palette
        // (which do not repeat before the 41st).
        const auto flags_shown = static_cast<std::size_t>(std::count(std::begin(gp.present), std::end(gp.present), true));
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
        for (const group_picture::pending_link& l : gp.links) {
            const auto target = gp.forms.find(l.target_navmesh);
            if (target && l.target_triangle < gp.meshes[*target].centroids.size()) {
                const std::uint32_t c = scene::category(out.line_categories, "edge link");
                out.mark_link(c);
                out.lines.push_back({l.from, gp.meshes[*target].centroids[l.target_triangle], c, false});
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
        for (const group_picture::pending_door& d : gp.doors) wanted.push_back(d.door);
    }
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    std::unordered_map<std::uint32_t, navspan::vec3> placed;
    NAVSPAN_TRY(door_positions(plugin, scratch, wanted, placed));
    for (group_picture& gp : pictures) {
        if (gp.out == nullptr) continue;
        scene& out = *gp.out;
        for (const group_picture::pending_door& d : gp.doors) {
            out.points.push_back({d.at, scene::category(out.point_categories, "door link"), "door REFR " + hex32(d.door)});
            if (const auto it = placed.find(d.door); it != placed.end()) {
                const std::uint32_t c = scene::category(out.line_categories, "door link (to the door)");
                out.mark_link(c);
                out.lines.push_back({d.at, it->second, c, false});
            }
        }
    }
    return {};
}

// Cells and worldspaces by their editor ids too, as modders know them.
inline navspan::error name_groups(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                  std::vector<scene_group>& groups, editor_id_map& editor_ids) {
    std::vector<std::uint32_t> wanted;
    for (const scene_group& g : groups) wanted.push_back(g.form_id);
    NAVSPAN_TRY(creation_names::editor_ids(plugin, scratch, std::move(wanted), editor_ids));
    for (scene_group& g : groups) {
        g.editor_id = std::string(creation_names::find(editor_ids, g.form_id));
        if (!g.editor_id.empty()) g.name += " " + g.editor_id;
    }
    return {};
}

// What every picture of the plugin shares, before its groups are listed.
inline void start_scene(const cr::plugin_file& plugin, scene& out) {
    if (plugin.game() == cr::game::starfield) out.units = "m";
    out.colourings = {"flags", "navmesh", "height"};
    out.empty_note = "no navmesh in this plugin";
}

}  // namespace tools_detail

// The top-down picture of one group of navmeshes (one interior cell or one
// worldspace: see group_of; --cell picks it, else the group of the most
// triangles): triangles in world coordinates, coloured by their most telling
// flag (--color-by flags), or by navmesh; edge links (to a triangle of this
// plugin, or to a master's navmesh) and door links as lines and points.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {{command_limits()}});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    start_scene(*plugin, out);
    std::unordered_map<std::uint32_t, std::size_t> group_index;
    std::vector<std::uint32_t> all_forms;  // every navmesh of the plugin
    // Exterior navmeshes: (worldspace, cell x, cell y, triangles).
    std::vector<std::tuple<std::uint32_t, int, int, std::uint64_t>> exterior_cells;
    NAVSPAN_TRY(list_groups(*plugin, scratch, out, group_index, all_forms, &exterior_cells));
    if (out.groups.empty()) return {};
    editor_id_map editor_ids;
    NAVSPAN_TRY(name_groups(*plugin, scratch, out.groups, editor_ids));
    std::size_t drawn = 0;
    for (std::size_t i = 1; i < out.groups.size(); ++i) {
        if (out.groups[i].polygons > out.groups[drawn].polygons) drawn = i;
    }
    if (out.options.cell != 0) {
        const auto it = group_index.find(out.options.cell);
        if (it == group_index.end()) return {};  // nothing drawn: the command says which groups there are
        drawn = it->second;
    }
    out.drawn_group = out.groups[drawn].form_id;
    // A worldspace: its navmeshes' areas, one drawn (the largest, or --area).
    cell_areas areas;
    {
        std::vector<std::tuple<int, int, std::uint64_t>> cells;
        for (const auto& [world, x, y, t] : exterior_cells) {
            if (world == out.drawn_group) cells.emplace_back(x, y, t);
        }
        areas.build(cells);
    }
    std::vector<group_picture> pictures(out.groups.size());
    pictures[drawn].out = &out;
    if (areas.areas.size() > 1) {
        out.area_count = static_cast<std::uint32_t>(areas.areas.size());
        if (out.options.area > out.area_count) return {};  // the command says how many there are
        const std::uint32_t drawn_area = out.options.area == 0 ? 0 : out.options.area - 1;
        out.drawn_area = drawn_area + 1;
        const cell_areas::area& a = areas.areas[drawn_area];
        out.area_note = "area " + std::to_string(drawn_area + 1) + " of " + std::to_string(out.area_count) + ", cells (" +
                        std::to_string(a.min_x) + ", " + std::to_string(a.min_y) + ") to (" + std::to_string(a.max_x) +
                        ", " + std::to_string(a.max_y) + ")";
        pictures[drawn].areas = &areas;
        pictures[drawn].drawn_area = drawn_area;
    }
    return draw_groups(*plugin, scratch, group_index, all_forms, pictures, &editor_ids);
}

// `svg --split` / `obj --split`: the picture of every group (in file order),
// each as build_scene draws it with --cell of that group, from one set of
// walks of the plugin. `base` gives the options.
inline navspan::error build_split_scenes(navspan::bytes_view bytes, const scene& base, std::vector<scene>& parts) {
    using namespace tools_detail;
    auto plugin = cr::plugin_file::open(bytes, {{command_limits()}});
    if (!plugin) return plugin.error();
    cr::inflate_buffer scratch;
    scene first = base;
    start_scene(*plugin, first);
    std::unordered_map<std::uint32_t, std::size_t> group_index;
    std::vector<std::uint32_t> all_forms;
    NAVSPAN_TRY(list_groups(*plugin, scratch, first, group_index, all_forms));
    editor_id_map editor_ids;
    NAVSPAN_TRY(name_groups(*plugin, scratch, first.groups, editor_ids));
    // Each part lists its own group only (a copy of the whole list per
    // part would be quadratic).
    std::vector<scene_group> groups = std::move(first.groups);
    first.groups.clear();
    parts.assign(groups.size(), first);
    std::vector<group_picture> pictures(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        parts[i].options.cell = groups[i].form_id;
        parts[i].drawn_group = groups[i].form_id;
        parts[i].groups = {groups[i]};
        pictures[i].out = &parts[i];
    }
    return draw_groups(*plugin, scratch, group_index, all_forms, pictures, &editor_ids);
}

}  // namespace navspan_cli::creation_format
