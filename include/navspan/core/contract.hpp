// navspan/core/contract.hpp - what every reader promises, checked by the
// compiler (docs/api.md explains each rule).
#pragma once

#include <cstdint>
#include <string_view>

namespace navspan {

// A world axis; each reader's `up_axis` names the vertical one.
enum class axis : std::uint8_t { x, y, z };

constexpr std::string_view to_string(axis a) noexcept {
    switch (a) {
        case axis::x: return "x";
        case axis::y: return "y";
        case axis::z: return "z";
    }
    return "unknown";
}

}  // namespace navspan
