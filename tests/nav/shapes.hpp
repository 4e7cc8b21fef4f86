// Shapes for the nav tests' hand-built walkables.
#pragma once

#include <array>
#include <cstdint>

#include <navspan/core/views.hpp>
#include <navspan/nav/walkable.hpp>

namespace navspan_nav_test {

// The level square [x, x + size] x [y, y + size] at height z (z-up), its
// corners in the order the Source areas use: NW, NE, SE, SW (north = -y).
inline std::array<navspan::vec3, 4> square(float x, float y, float z, float size = 100) {
    return {{{x, y, z}, {x + size, y, z}, {x + size, y + size, z}, {x, y + size, z}}};
}

// That square added to `b` as the polygon {id, 0}; returns its index.
inline navspan::nav::polygon_index add_square(navspan::nav::walkable_builder& b, std::uint32_t id, float x, float y,
                                              float z, float size = 100) {
    const auto corners = square(x, y, z, size);
    return b.add_polygon({id, 0}, corners);
}

// A side x side grid of 100-unit squares with a wall between columns
// side/2 - 1 and side/2, open at the far row only (`wall` false: no
// wall); with `island` one more square far away, joined to nothing.
inline navspan::nav::walkable walled_grid(std::uint32_t side, bool island, bool wall_on = true) {
    namespace nav = navspan::nav;
    nav::walkable_builder b(nav::id_scheme::quake_node, nav::axis::z);
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            b.add_polygon({y * side + x, 0}, square(100.0f * static_cast<float>(x), 100.0f * static_cast<float>(y), 0));
        }
    }
    if (island) {
        const auto island_square = square(100000, 100000, 0);
        b.add_polygon({side * side, 0}, island_square);
    }
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            const std::uint32_t p = y * side + x;
            const float x0 = 100.0f * static_cast<float>(x), y0 = 100.0f * static_cast<float>(y);
            const bool wall = wall_on && x + 1 == side / 2 && y + 1 < side;
            if (x + 1 < side && !wall) {
                b.add_link(p, p + 1, nav::link_kind::walk, {x0 + 100, y0, 0}, {x0 + 100, y0 + 100, 0});
                b.add_link(p + 1, p, nav::link_kind::walk, {x0 + 100, y0 + 100, 0}, {x0 + 100, y0, 0});
            }
            if (y + 1 < side) {
                b.add_link(p, p + side, nav::link_kind::walk, {x0 + 100, y0 + 100, 0}, {x0, y0 + 100, 0});
                b.add_link(p + side, p, nav::link_kind::walk, {x0, y0 + 100, 0}, {x0 + 100, y0 + 100, 0});
            }
        }
    }
    return b.finish();
}

}  // namespace navspan_nav_test
