// What every floor shares: the loads (navspan's little-endian loads, which
// the floors use unchecked on verified bytes), and the cheap commutative
// fold of every traversal row and its floor: an add for integers, a xor for
// float bits, so the rows measure the reading and not a hash, and the same
// values give the same checksum in any order.
#pragma once

#include <bit>
#include <cstdint>

#include <navspan/core/endian.hpp>

namespace navspan_bench {

using navspan::load_f32;
using navspan::load_u16;
using navspan::load_u32;
using navspan::load_u8;

struct fold {
    std::uint64_t sum = 0;
    std::uint64_t bits = 0;

    void add_u(std::uint64_t v) noexcept { sum += v; }
    void add_f(float f) noexcept { bits ^= std::bit_cast<std::uint32_t>(f); }
    void add_v(float x, float y, float z) noexcept {
        bits ^= std::bit_cast<std::uint32_t>(x) + (std::uint64_t{std::bit_cast<std::uint32_t>(y)} << 16) +
                (std::uint64_t{std::bit_cast<std::uint32_t>(z)} << 32);
    }
    // add_u of each value, in order (a record's integer fields).
    template <class... T>
    void add_each(T... v) noexcept {
        (add_u(v), ...);
    }
    std::uint64_t value() const noexcept { return sum ^ (bits << 1); }
};

}  // namespace navspan_bench
