// The fold of the walk helpers (tests/<format>/walk.hpp): two running sums
// (Fletcher style), order-sensitive, one add per value on each chain, so the
// fold costs less than the decoding it measures (a multiplying hash per value
// made a walk ten times slower than its reader), mixed once at the end.
#pragma once

#include <bit>
#include <cstdint>

#include <navspan/core/views.hpp>

namespace navspan_test {

struct walk_fold {
    std::uint64_t a = 0x9E3779B97F4A7C15ull;
    std::uint64_t b = 0;

    void add(std::uint64_t v) noexcept {
        a += v;
        b += a;
    }
    void add(float f) noexcept { add(std::uint64_t{std::bit_cast<std::uint32_t>(f)}); }
    void add(const navspan::vec3& v) noexcept {
        add(v.x);
        add(v.y);
        add(v.z);
    }
    std::uint64_t finish() const noexcept {
        std::uint64_t h = a ^ (b * 0xBF58476D1CE4E5B9ull);
        h ^= h >> 31;
        return h * 0x94D049BB133111EBull;
    }
};

}  // namespace navspan_test
