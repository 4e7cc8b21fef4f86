// navspan/nav/creation_adapter.hpp - walkable views of the navmeshes of a
// Bethesda plugin (.esp/.esm/.esl). The one place navspan::nav reads the
// plugin and NVNM readers.
//
// A plugin holds many navmeshes in separate coordinate spaces (listed by
// creation/spaces.hpp), so a walkable is built for one space
// (space_kind::world, ::cell or ::object), or for one navmesh record
// (space_kind::navmesh), never for the whole plugin.
//
// Polygons: every triangle, id = (form id of the record holding the
// navmesh, triangle index), flags = the triangle flags, group = the
// navmesh's number within the walkable. Links: across each edge to the
// neighbouring triangle (walk), and across each edge link into a triangle
// of another navmesh of the same space in this plugin (cross_navmesh,
// raw_type = the edge link type, record = its index); the portal is the
// shared edge, or for an edge link the part of the edge the neighbour's
// triangle also covers. Links into a master's navmesh are left out.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "../core/result.hpp"
#include "../creation.hpp"
#include "../creation/spaces.hpp"
#include "walkable.hpp"

namespace navspan::nav {

namespace creation_detail {

// The part of edge a-b that the other navmesh's triangle also has: the
// triangle's edge lying nearest along a-b (in plan), projected onto a-b
// and clipped to it. An edge link joins two edges that need not have the
// same ends; a portal wider than the neighbour's edge would let a path
// pass beside it, off every triangle. When the two do not overlap, the
// point of a-b nearest to that edge.
inline std::pair<vec3, vec3> edge_overlap(vec3 a, vec3 b, const std::array<vec3, 3>& other) noexcept {
    const double dx = double{b.x} - a.x, dy = double{b.y} - a.y, len2 = dx * dx + dy * dy;
    if (!(len2 > 0)) return {a, b};
    auto along = [&](vec3 p) { return ((double{p.x} - a.x) * dx + (double{p.y} - a.y) * dy) / len2; };
    auto off = [&](vec3 p) { return std::fabs((double{p.x} - a.x) * dy - (double{p.y} - a.y) * dx) / std::sqrt(len2); };
    double best = INFINITY, lo = 0, hi = 1;
    for (unsigned e = 0; e < 3; ++e) {
        const vec3 u = other[e], v = other[(e + 1) % 3];
        const double d = std::max(off(u), off(v));
        if (!(d < best)) continue;
        best = d;
        lo = std::min(along(u), along(v));
        hi = std::max(along(u), along(v));
    }
    if (!std::isfinite(best)) return {a, b};
    lo = std::clamp(lo, 0.0, 1.0);
    hi = std::clamp(hi, 0.0, 1.0);
    if (lo > hi) lo = hi = (lo + hi) * 0.5;
    auto at = [&](double t) {
        return vec3{static_cast<float>(a.x + t * dx), static_cast<float>(a.y + t * dy),
                    static_cast<float>(a.z + t * (double{b.z} - a.z))};
    };
    return {at(lo), at(hi)};
}

}  // namespace creation_detail

// The spaces of a plugin (creation/spaces.hpp), under the names this
// header has always given them.
using creation::plugin_space;
using creation::plugin_spaces;
using creation::space_kind;
using creation::space_of;
using creation::to_string;

namespace plugin_detail {

// The walkable of one space, fed navmesh by navmesh.
class space_builder {
public:
    space_builder() : b_(id_scheme::plugin_navmesh_triangle, axis::z) {}

    void add(const creation::navmesh_entry& n) {
        const creation::nvnm::navmesh& m = n.navmesh;
        const auto vertices = m.vertices();
        const auto triangles = m.triangles();
        const auto edge_links = m.edge_links();
        const auto first = static_cast<polygon_index>(b_.polygon_count());
        std::uint16_t index = 0;
        for (const creation::nvnm::triangle t : triangles) {
            vec3 corners[3];
            std::size_t count = 3;
            for (unsigned k = 0; k < 3; ++k) {
                if (t.vertex(k) >= vertices.size()) count = 0;
                else corners[k] = vertices[t.vertex(k)].position();
            }
            b_.add_polygon({n.record.form_id(), index}, {corners, count}, surface::planar, t.flags_raw(), number_);
            corners_of_.push_back(count == 3 ? std::array<vec3, 3>{corners[0], corners[1], corners[2]}
                                             : std::array<vec3, 3>{});
            ++index;
        }
        index = 0;
        for (const creation::nvnm::triangle t : triangles) {
            const polygon_index from = first + index;
            for (unsigned e = 0; e < 3; ++e) {
                if (t.vertex(e) >= vertices.size() || t.vertex((e + 1) % 3) >= vertices.size()) continue;
                const vec3 a = vertices[t.vertex(e)].position(), c = vertices[t.vertex((e + 1) % 3)].position();
                if (const auto next = t.neighbour(e)) {
                    if (*next < triangles.size()) b_.add_link(from, first + *next, link_kind::walk, a, c);
                } else if (const auto l = t.edge_link(e)) {
                    if (*l >= edge_links.size()) continue;
                    const creation::nvnm::edge_link link = edge_links[*l];
                    cross_.push_back({from, a, c, link.navmesh(), link.triangle(),
                                      static_cast<std::uint16_t>(link.type()), *l});
                }
            }
            ++index;
        }
        meshes_.push_back({n.record.form_id(), first, static_cast<std::uint32_t>(triangles.size())});
        ++number_;
    }

    walkable finish() {
        std::sort(meshes_.begin(), meshes_.end(),
                  [](const mesh_start& x, const mesh_start& y) { return x.form_id < y.form_id; });
        for (const pending& p : cross_) {
            const auto it = std::lower_bound(meshes_.begin(), meshes_.end(), p.navmesh,
                                             [](const mesh_start& m, std::uint32_t id) { return m.form_id < id; });
            if (it == meshes_.end() || it->form_id != p.navmesh || p.triangle >= it->count) continue;
            const polygon_index to = it->first + p.triangle;
            const auto [pa, pb] = creation_detail::edge_overlap(p.a, p.b, corners_of_[to]);
            b_.add_link(p.from, to, link_kind::cross_navmesh, pa, pb, p.type, p.record);
        }
        return b_.finish();
    }

private:
    struct mesh_start {
        std::uint32_t form_id;
        polygon_index first;
        std::uint32_t count;
    };
    struct pending {
        polygon_index from;
        vec3 a, b;
        std::uint32_t navmesh;
        std::uint16_t triangle;
        std::uint16_t type;
        std::uint32_t record;
    };
    walkable_builder b_;
    std::vector<mesh_start> meshes_;
    std::vector<pending> cross_;
    // Every triangle's corners (world), for the portals of edge links.
    std::vector<std::array<vec3, 3>> corners_of_;
    std::uint32_t number_ = 0;
};

// Charges a navmesh's triangles against the plugin's polygon budget
// (limits::polygons_per_kib) before they are built: the work budget bounds
// what is inflated, and the walkable must stay a multiple of the file.
inline error charge_triangles(polygon_meter& meter, const creation::navmesh_entry& n) {
    return meter.charge(n.navmesh.triangles().size(), n.record.offset(),
                        "navmesh record (its triangles pass limits::polygons_per_kib)");
}

}  // namespace plugin_detail

// The walkable of one space (or one navmesh) of the plugin. Its triangles
// stay within limits::polygons_per_kib of the plugin's size: the navmesh
// that would pass that is refused with limit_exceeded at its record.
inline result<walkable> make_walkable(const creation::plugin_file& plugin, const plugin_space& space,
                                      creation::inflate_buffer& scratch) {
    plugin_detail::space_builder b;
    polygon_meter meter(plugin.limits(), plugin.bytes().size());
    error over;
    const error walk_error = creation::for_each_navmesh(plugin, scratch, [&](const creation::navmesh_entry& n) {
        const bool wanted = space.kind == space_kind::navmesh ? n.record.form_id() == space.form_id
                                                                      : space_of(n) == space;
        if (!wanted || !over.ok()) return;
        over = plugin_detail::charge_triangles(meter, n);
        if (over.ok()) b.add(n);
    });
    if (!walk_error.ok()) return walk_error;
    if (!over.ok()) return over;
    return b.finish();
}

// Every space of the plugin (as plugin_spaces() lists them, in file order)
// with its walkable, from one walk of the plugin: what a caller that tries
// space after space needs, without walking (and inflating) the file once
// per space. Memory: the walkables of every space at once, linear in the
// navmeshes' size; their triangles together stay within
// limits::polygons_per_kib of the plugin's size (else limit_exceeded, as
// make_walkable).
inline error make_walkables(const creation::plugin_file& plugin, creation::inflate_buffer& scratch,
                            std::vector<plugin_space>& spaces, std::vector<walkable>& meshes) {
    creation::detail::space_table table;
    std::vector<plugin_detail::space_builder> builders;
    polygon_meter meter(plugin.limits(), plugin.bytes().size());
    error over;
    const error e = creation::for_each_navmesh(plugin, scratch, [&](const creation::navmesh_entry& n) {
        if (!over.ok()) return;
        over = plugin_detail::charge_triangles(meter, n);
        if (!over.ok()) return;
        const std::size_t k = table.find_or_add(space_of(n));
        if (k == builders.size()) builders.emplace_back();
        plugin_space& s = table.spaces[k];
        ++s.navmeshes;
        s.triangles += n.navmesh.triangles().size();
        builders[k].add(n);
    });
    if (!e.ok()) return e;
    if (!over.ok()) return over;
    spaces = std::move(table.spaces);
    meshes.clear();
    meshes.reserve(builders.size());
    for (plugin_detail::space_builder& b : builders) {
        meshes.push_back(b.finish());
        b = plugin_detail::space_builder();  // frees the builder's lists as it goes
    }
    return {};
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
