// Shapes for the nav tests' hand-built walkables.
#pragma once

#include <array>

#include <navspan/core/views.hpp>

namespace navspan_nav_test {

// The level square [x, x + size] x [y, y + size] at height z (z-up), its
// corners in the order the Source areas use: NW, NE, SE, SW (north = -y).
inline std::array<navspan::vec3, 4> square(float x, float y, float z, float size = 100) {
    return {{{x, y, z}, {x + size, y, z}, {x + size, y + size, z}, {x, y + size, z}}};
}

}  // namespace navspan_nav_test
