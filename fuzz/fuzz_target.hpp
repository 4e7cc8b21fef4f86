// What the fuzz targets share: the sink their results go to (so the work is
// not optimised away), the entry point libFuzzer (or replay_main.cpp) calls,
// and a small deterministic generator seeded from the input for the targets
// that draw points, polygons and sizes from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace navspan_fuzz {

inline volatile std::uint64_t sink;

// The target's work on one input; its result goes to the sink.
std::uint64_t fuzz_one(std::span<const std::byte> bytes);

struct draw {
    std::uint64_t state;

    // Seeded from the input: its size, then its last 64 bytes.
    static draw from(std::span<const std::byte> bytes) noexcept {
        draw d{bytes.size()};
        for (std::size_t i = 0; i < bytes.size() && i < 64; ++i) {
            d.state = d.state * 131 + std::to_integer<std::uint8_t>(bytes[bytes.size() - 1 - i]);
        }
        return d;
    }
    std::uint32_t next() noexcept {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(state >> 33);
    }
    float in(float lo, float hi) noexcept {
        const float t = static_cast<float>(next() & 0xFFFF) / 65535.0f;
        return lo + (hi - lo) * t;
    }
    // Mostly inside the box, sometimes far out or not a number.
    float coordinate(float lo, float hi) noexcept {
        switch (next() % 16) {
            case 0: return std::numeric_limits<float>::quiet_NaN();
            case 1: return std::numeric_limits<float>::infinity();
            case 2: return 3e38f;
            default: return in(lo - 8, hi + 8);
        }
    }
};

}  // namespace navspan_fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    navspan_fuzz::sink = navspan_fuzz::fuzz_one(std::as_bytes(std::span(data, size)));
    return 0;
}
