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

}  // namespace navspan_nav_test
