// navspan/nav/source2_adapter.hpp - the walkable view of a Source 2 .nav
// file (Counter-Strike 2, Deadlock), one agent hull at a time. The one
// place navspan::nav reads the Source 2 reader.
//
// Polygons: one per area of the chosen hull (default the first, hull 0),
// id = the area id, its corners in order (surface::planar), flags = the low
// 32 bits of the attribute flags, group = the hull index. Links: each
// connection to an area of the same hull, its portal the area's edge that
// the connection belongs to; kind jump when the area is marked JUMP or the
// neighbour is more than a step higher, drop when it is more than a step
// lower, crouch into a CROUCH_HEIGHT area, walk otherwise. Each ladder links
// its bottom area and each of its top areas both ways (kind ladder, record =
// the ladder id) when they are of the hull. A connection to an id no area
// of the hull has is left out, and so is a repeat of a connection on the
// same edge; when two areas share an id, the first in the file takes the
// connections.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "../core/result.hpp"
#include "../core/sorted_ids.hpp"
#include "../source2.hpp"
#include "walkable.hpp"

namespace navspan::nav {

struct source2_walkable_options {
    std::uint8_t hull = 0;      // the agent hull whose mesh is walked (area::hull_index())
    float step_height = 18.0f;  // higher is a jump, lower a drop
};

// The Source 2 attribute bits the link kinds use.
inline constexpr std::uint64_t source2_attribute_jump = 0x2;
inline constexpr std::uint64_t source2_attribute_crouch = 0x10000;

// A result, as every make_walkable overload gives (a verified file always
// makes one; the shape is the contract's).
inline result<walkable> make_walkable(const source2::nav_file& file, const source2_walkable_options& opts = {}) {
    walkable_builder b(id_scheme::source_area, axis::z);
    std::vector<source2::area> areas;
    std::vector<vec3> centres;
    std::vector<std::pair<std::uint32_t, polygon_index>> by_id;
    std::vector<vec3> corners;
    for (const source2::area& a : file.areas()) {
        if (a.hull_index() != opts.hull) continue;
        corners.clear();
        for (const vec3 c : a.corners()) corners.push_back(c);
        const polygon_index p = b.add_polygon({a.id(), 0}, corners, surface::planar,
                                              static_cast<std::uint32_t>(a.attributes_raw()), a.hull_index());
        if (p == no_polygon) continue;
        areas.push_back(a);
        centres.push_back(a.centroid());
        by_id.emplace_back(a.id(), p);
    }
    // Polygon p is areas[p] (add_polygon numbers them in order).
    // Areas of one id: the first in file order wins (core/sorted_ids.hpp).
    std::vector<id_position> table(by_id.size());
    const sorted_ids ids = sorted_ids::build(table, [&](std::size_t i) { return by_id[i].first; });
    auto find = [&](std::uint32_t id) -> std::uint32_t {
        const id_position* e = ids.first(id);
        return e != nullptr ? e->position : UINT32_MAX;
    };
    // An edge that names an area twice gives one link to it (an edge of
    // 100,000 connections to one area made a shortest-path scratch of 118 MB
    // from an 800 KB file).
    repeated_link_filter repeats(areas.size());
    for (std::uint32_t i = 0; i < areas.size(); ++i) {
        const source2::area& a = areas[i];
        const source2::corner_list c = a.corners();
        for (const source2::edge& e : a.edges()) {
            const vec3 pa = c[e.index()], pb = c[(e.index() + 1) % c.size()];
            const vec3 mid{(pa.x + pb.x) * 0.5f, (pa.y + pb.y) * 0.5f, (pa.z + pb.z) * 0.5f};
            repeats.next_list();
            for (const source2::connection cn : e.connections()) {
                const std::uint32_t to = find(cn.area_id());
                if (to == UINT32_MAX || !repeats.first_use(to)) continue;
                const float rise = centres[to].z - mid.z;
                link_kind kind = link_kind::walk;
                if (rise > opts.step_height || (a.attributes_raw() & source2_attribute_jump) != 0) kind = link_kind::jump;
                else if (rise < -opts.step_height) kind = link_kind::drop;
                else if ((areas[to].attributes_raw() & source2_attribute_crouch) != 0) kind = link_kind::crouch;
                b.add_link(by_id[i].second, by_id[to].second, kind, pa, pb);
            }
        }
    }
    for (const source2::ladder l : file.ladders()) {
        const std::uint32_t bottom_id = l.connected_area(source2::ladder_connection::bottom);
        const std::uint32_t bottom = bottom_id == 0 ? UINT32_MAX : find(bottom_id);
        if (bottom == UINT32_MAX) continue;
        for (const auto end : {source2::ladder_connection::top_forward, source2::ladder_connection::top_left,
                               source2::ladder_connection::top_right, source2::ladder_connection::top_behind}) {
            const std::uint32_t id = l.connected_area(end);
            const std::uint32_t top = id == 0 ? UINT32_MAX : find(id);
            if (top == UINT32_MAX || top == bottom) continue;
            b.add_link(by_id[bottom].second, by_id[top].second, link_kind::ladder, l.bottom(), l.bottom(), 0, l.id());
            b.add_link(by_id[top].second, by_id[bottom].second, link_kind::ladder, l.top(), l.top(), 0, l.id());
        }
    }
    return b.finish();
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
