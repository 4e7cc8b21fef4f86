// navspan/nav/fox_adapter.hpp - the walkable view of a Fox Engine .nav2
// file (one tile). The one place navspan::nav reads the Fox reader.
//
// World coordinates are y up (axis::y), dequantised by the reader.
// Polygons: every face of every group, id = (group id, face index), its
// three or four corners, flags = its segment's flags, group = its segment.
// Links: across each face edge to the face on the other side, kind walk
// inside a group and cross_group into another group of this file; the
// portal is the shared edge. An edge into a neighbouring tile (another
// file) or into a group this file does not hold has no link.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstdint>
#include <vector>

#include "../core/result.hpp"
#include "../fox.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// Never fails (open() verified everything it reads); a result<walkable> as
// every make_walkable returns.
inline result<walkable> make_walkable(const fox::nav2_file& file) {
    walkable_builder b(id_scheme::fox_group_face, axis::y);
    // The walkable index of face 0 of each group id, and its face count.
    std::array<polygon_index, 256> first{};
    std::array<std::uint32_t, 256> faces{};
    first.fill(no_polygon);
    std::vector<fox::group> groups;
    for (const fox::group g : file.groups()) groups.push_back(g);
    for (const fox::group& g : groups) {
        const bool first_of_id = first[g.id()] == no_polygon;
        const fox::nav_world world = g.nav_world();
        const auto flags = world.segment_flags_raw();
        for (const fox::face f : g.faces()) {
            vec3 corners[4];
            for (std::size_t i = 0; i < f.corner_count(); ++i) corners[i] = f.corner(i);
            const std::uint32_t segment = f.segment();
            const polygon_index p = b.add_polygon({g.id(), f.index()}, {corners, f.corner_count()}, surface::planar,
                                                  segment < flags.size() ? flags[segment] : 0u, segment);
            if (first_of_id && f.index() == 0) first[g.id()] = p;
        }
        if (first_of_id) faces[g.id()] = g.navmesh_chunk().face_count();
    }
    std::array<bool, 256> linked{};
    for (const fox::group& g : groups) {
        if (linked[g.id()] || first[g.id()] == no_polygon) continue;  // a repeated group id: its first copy only
        linked[g.id()] = true;
        const polygon_index base = first[g.id()];
        for (const fox::face f : g.faces()) {
            const fox::face_neighbours all = f.neighbours();
            for (std::size_t i = 0; i < all.count; ++i) {
                const fox::face_neighbour nb = all.items[i];
                std::uint32_t group = 0;
                link_kind kind = link_kind::walk;
                if (nb.kind() == fox::neighbour_kind::same_group) group = g.id();
                else if (nb.kind() == fox::neighbour_kind::other_group) {
                    group = nb.group();
                    kind = link_kind::cross_group;
                } else {
                    continue;
                }
                if (group > 255 || first[group] == no_polygon || nb.face() >= faces[group]) continue;
                b.add_link(base + f.index(), first[group] + nb.face(), kind, f.corner(i),
                           f.corner((i + 1) % f.corner_count()), nb.raw());
            }
        }
    }
    return b.finish();
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
