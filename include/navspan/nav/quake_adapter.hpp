// navspan/nav/quake_adapter.hpp - the walkable view of a Quake re-release
// .nav file (NAV2). The one place navspan::nav reads the Quake reader.
//
// Polygons: one per node, id = the node index, a disc of the node's radius
// around its origin (kept as a regular octagon at the origin's height;
// a node of radius 0 is a point), flags = the node flags. Links: each link
// in the node's link range whose destination is a node, kind from the link
// type (walk, long/barrier/manual jump and pusher: jump, walk off ledge:
// drop, teleport, elevator and train: elevator), raw_type = the link type,
// record = the link index (for a cost hook that reads team masks). The
// portal is a point: where the disc meets the way to the other node (the
// node's origin for a teleport).
#pragma once
#include "../core/min_max_push.hpp"

#include <cmath>
#include <cstdint>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../quake.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The most links a walkable of a Quake file takes: overlapping link ranges
// of a hostile file could otherwise ask for billions.
inline constexpr std::uint64_t quake_max_links = std::uint64_t{64} * 65536;

// The links a walkable of `file` may take: every link of the file once
// (real files' ranges never overlap), plus slack for a few shared ones, so
// the walkable stays a fixed multiple of the file's size (a 394 KB file
// whose 64 nodes all claimed the same 65,535 links asked for 4.2 M links,
// 455 MB). Overlap beyond this is refused with limit_exceeded.
constexpr std::uint64_t quake_link_budget(std::uint64_t file_links) noexcept {
    const std::uint64_t budget = 2 * file_links + 4096;
    return budget < quake_max_links ? budget : quake_max_links;
}

inline link_kind quake_link_kind(std::uint16_t raw) noexcept {
    switch (static_cast<quake::link_type>(raw)) {
        case quake::link_type::walk: return link_kind::walk;
        case quake::link_type::long_jump:
        case quake::link_type::barrier_jump:
        case quake::link_type::manual_jump:
        case quake::link_type::pusher: return link_kind::jump;
        case quake::link_type::walk_off_ledge: return link_kind::drop;
        case quake::link_type::teleport: return link_kind::teleport;
        case quake::link_type::elevator:
        case quake::link_type::train: return link_kind::elevator;
        default: return link_kind::other;
    }
}

inline result<walkable> make_walkable(const quake::nav_file& file) {
    std::uint64_t total = 0;
    for (const quake::node n : file.nodes()) total += n.links().size();
    if (const std::uint64_t budget = quake_link_budget(file.link_count()); total > budget) {
        return detail::fail(error_code::limit_exceeded, file.layout().header_size,
                            "links of the walkable view (overlapping link ranges)", total, budget);
    }
    walkable_builder b(id_scheme::quake_node, axis::z);
    b.reserve(file.node_count(), std::size_t{file.node_count()} * 8);
    constexpr int sides = 8;
    for (const quake::node n : file.nodes()) {
        const vec3 o = n.position();
        const float r = n.radius();
        vec3 corners[sides];
        for (int i = 0; i < sides; ++i) {
            const double angle = 6.283185307179586 * i / sides;
            corners[i] = {o.x + static_cast<float>(r * std::cos(angle)), o.y + static_cast<float>(r * std::sin(angle)), o.z};
        }
        b.add_polygon({n.index(), 0}, corners, surface::planar, n.flags_raw());
    }
    const auto nodes = file.nodes();
    for (const quake::node n : nodes) {
        const vec3 a = n.position();
        for (const quake::link l : n.links()) {
            const auto target = l.destination_node();
            if (!target) continue;
            const vec3 d = target->position();
            vec3 at = a;
            if (l.type() != quake::link_type::teleport) {
                const double dx = static_cast<double>(d.x) - a.x, dy = static_cast<double>(d.y) - a.y;
                const double len = std::sqrt(dx * dx + dy * dy);
                if (len > 0) {
                    // Inside the octagon (its inradius is cos(pi / 8) of the radius).
                    const double reach = std::min(0.92 * n.radius(), len * 0.5) / len;
                    at = {static_cast<float>(a.x + dx * reach), static_cast<float>(a.y + dy * reach), a.z};
                }
            }
            b.add_link(n.index(), target->index(), quake_link_kind(l.type_raw()), at, at, l.type_raw(), l.index());
        }
    }
    return b.finish();
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
