// The picture (svg, obj, the viewer) of creation_plugin files: one group of
// navmeshes (an interior cell or a worldspace) at a time.
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../palette.hpp"
#include "../scene.hpp"
#include "common.hpp"
#include "names.hpp"

namespace navspan::tools::creation_format {

namespace tools_detail {

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
};

// The tooltips of a picture's triangles, made as the picture is written
// (scene::polygon_label): per navmesh its name and where its triangles
// start, per triangle its flags (2 bytes where a label took about 110).
struct triangle_labels {
    struct run {
        std::size_t first_polygon = 0;     // index in scene::polygons
        std::uint64_t first_path_id = 0;   // the path id of its triangle 0
        std::string name;                  // mesh_name
    };
    std::size_t first_polygon = 0;  // polygons before the first run have labels of their own
    std::vector<run> runs;          // in polygon order
    std::vector<std::uint16_t> flags;  // from first_polygon on

    std::string operator()(std::size_t polygon) const {
        const auto after = std::upper_bound(runs.begin(), runs.end(), polygon,
                                            [](std::size_t i, const run& r) { return i < r.first_polygon; });
        if (after == runs.begin() || polygon - first_polygon >= flags.size()) return {};
        const run& r = *(after - 1);
        const std::size_t i = polygon - r.first_polygon;
        return r.name + " triangle " + std::to_string(i) + " (path id " + std::to_string(r.first_path_id + i) +
               "), flags " + std::to_string(flags[polygon - first_polygon]);
    }
};

// Positions of the REFR records (doors) among `wanted` that this plugin
// places itself (DATA: position, then rotation).
inline navspan::error door_positions(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                     const std::vector<std::uint32_t>& wanted,
                                     std::unordered_map<std::uint32_t, navspan::vec3>& out) {
    return creation_names::for_each_wanted_subrecord(
        plugin, scratch, navspan::fourcc("REFR"), wanted, [&](const cr::record& r, const cr::subrecord& s) {
            if (s.type() == navspan::fourcc("DATA") && s.size() >= 12) out[r.form_id()] = navspan::load_vec3(s.data().data());
            return true;
        });
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
    std::uint64_t triangles = 0;  // drawn (counted by the first walk)
    std::shared_ptr<triangle_labels> labels;  // shared with out->polygon_label
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

// After the walks, one drawn group's polygon colours and its edge links (to
// the far triangle when that is drawn too, else the edge that leads there).
inline void finish_group(group_picture& gp, scene& out, const std::vector<std::uint32_t>& all_forms) {
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
}

// One navmesh's triangles into its group's picture: a polygon per
// triangle (its category the flag's, or the navmesh's colour), its
// centroids for the door links, its edge links for the group's lines.
inline void draw_mesh(const mesh_visit& v, group_picture& gp, const editor_id_map* editor_ids) {
    scene& out = *gp.out;
    const bool by_navmesh = out.options.colour_by == "navmesh";
    const nv::navmesh& m = v.mesh;
    mesh_summary s;
    s.form_id = v.place->record.form_id();
    if (gp.labels == nullptr) {
        gp.labels = std::make_shared<triangle_labels>();
        gp.labels->first_polygon = out.polygons.size();
        gp.labels->flags.reserve(static_cast<std::size_t>(gp.triangles));
        out.polygons.reserve(out.polygons.size() + static_cast<std::size_t>(gp.triangles));
        out.polygon_label = [labels = gp.labels](std::size_t polygon) { return (*labels)(polygon); };
    }
    gp.labels->runs.push_back({out.polygons.size(), v.first_triangle, mesh_name(v, editor_ids)});
    const auto vs = m.vertices();
    const std::string plain = gp.mesh_count > 1 ? navmesh_category(v) : std::string("walkable");
    std::uint32_t plain_category = UINT32_MAX;  // added at its first triangle, as the legend orders it
    s.centroids.reserve(m.triangles().size());
    for (const nv::triangle t : m.triangles()) {
        scene_polygon p;
        p.corners.reserve(3);
        for (unsigned k = 0; k < 3; ++k) p.corners.push_back(vs[t.vertex(k)].position());
        const char* flag = by_navmesh ? nullptr : flag_category(t.flags_raw());
        if (flag != nullptr) p.category = scene::category(out.polygon_categories, std::string(flag));
        else if (plain_category != UINT32_MAX) p.category = plain_category;
        else p.category = plain_category = scene::category(out.polygon_categories, plain);
        gp.labels->flags.push_back(t.flags_raw());
        s.centroids.push_back(centroid(m, t));
        for (unsigned e = 0; e < 3; ++e) {
            if (const auto l = t.edge_link(e)) {
                const nv::edge_link link = m.edge_links()[*l];
                const navspan::vec3 a = p.corners[e], b = p.corners[(e + 1) % 3];
                gp.links.push_back({midpoint(a, b), a, b, link.navmesh(), link.triangle()});
            }
        }
        out.polygons.push_back(std::move(p));
    }
    for (const nv::door_link d : m.door_links()) gp.doors.push_back({s.centroids[d.triangle()], d.door()});
    gp.forms.add(s.form_id, gp.meshes.size());  // the drawn navmeshes only
    gp.meshes.push_back(std::move(s));
}

// Finishes every drawn group, then places the door links of all of them
// with one walk of the plugin's door references.
inline navspan::error place_doors(const cr::plugin_file& plugin, cr::inflate_buffer& scratch,
                                  const std::vector<std::uint32_t>& all_forms, std::vector<group_picture>& pictures) {
    std::vector<std::uint32_t> wanted;
    for (group_picture& gp : pictures) {
        if (gp.out == nullptr) continue;
        scene& out = *gp.out;
        finish_group(gp, out, all_forms);
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
    // The drawn triangles, of every picture together, stay within the
    // plugin's polygon budget (limits::polygons_per_kib), as its walkables
    // do: counted here, before the second walk draws any of them.
    navspan::polygon_meter meter(plugin.limits(), plugin.bytes().size());
    navspan::error over;
    NAVSPAN_TRY(walk_meshes(plugin, scratch, [&](const mesh_visit& v) {
        group_picture* p = picture_of(v);
        if (p == nullptr || !over.ok()) return;
        over = meter.charge(v.mesh.triangles().size(), v.place->record.offset(),
                            "navmesh record (its triangles pass limits::polygons_per_kib)");
        if (!over.ok()) return;
        ++p->mesh_count;
        p->triangles += v.mesh.triangles().size();
        for (const nv::triangle t : v.mesh.triangles()) {
            const char* c = flag_category(t.flags_raw());
            if (c == nullptr) continue;
            for (std::size_t k = 0; k < std::size(flag_categories); ++k) p->present[k] = p->present[k] || c == flag_categories[k];
        }
    }));
    NAVSPAN_TRY(over);
    for (group_picture& p : pictures) {
        if (p.out == nullptr || p.out->options.colour_by == "navmesh") continue;
        for (std::size_t k = 0; k < std::size(flag_categories); ++k) {
            if (p.present[k]) scene::category(p.out->polygon_categories, flag_categories[k]);
        }
    }

    NAVSPAN_TRY(walk_meshes(plugin, scratch, [&](const mesh_visit& v) {
        if (group_picture* gp = picture_of(v)) draw_mesh(v, *gp, editor_ids);
    }));
    return place_doors(plugin, scratch, all_forms, pictures);
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
inline navspan::error build_scene(const navspan::creation::plugin_file& reader, scene& out) {
    using namespace tools_detail;
    const navspan::creation::plugin_file* const plugin = &reader;
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
inline navspan::error build_split_scenes(const navspan::creation::plugin_file& reader, const scene& base, std::vector<scene>& parts) {
    using namespace tools_detail;
    const navspan::creation::plugin_file* const plugin = &reader;
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

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
