// What the fuzz targets share: how each declares its entry point
// (NAVSPAN_FUZZ_TARGET), the sink their results go to (so the work is not
// optimised away), and a small deterministic generator seeded from the input
// for the targets that draw points, polygons and sizes from it.
//
// The targets are linked into one program, navspan_fuzz (fuzz_main.cpp picks
// the target a run is for; the work oracle is navspan_fuzz_work): its
// translation units compile the library once for several targets instead of
// once each (the libFuzzer build: 385 s on 2 cores, about 600 s before).
// Each target file keeps its names in a namespace of its own
// (fuzz_<target>), as the unity-built test files do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <span>

namespace navspan_fuzz {

inline volatile std::uint64_t sink;

// The target's work on one input; its result goes to the sink.
// One target: its name (the program's navspan_fuzz_<name>, the corpus
// folder fuzz/corpus/<name>) and what runs one input. The targets register
// themselves (NAVSPAN_FUZZ_TARGET) into a fixed table: no allocation, and no
// order of initialisation to depend on.
using entry = int (*)(const std::uint8_t* data, std::size_t size);
struct target {
    const char* name;
    entry run;
};
inline constexpr std::size_t max_targets = 32;
struct target_table {
    target targets[max_targets];
    std::size_t count;
};
inline target_table& registered_targets() noexcept {
    static target_table table{};
    return table;
}
struct registration {
    registration(const char* name, entry run) noexcept {
        target_table& t = registered_targets();
        if (t.count == max_targets) {  // a target left out would never run: say so at start-up
            std::fprintf(stderr, "navspan_fuzz: more than %zu targets (fuzz_target.hpp: max_targets)\n", max_targets);
            std::abort();
        }
        t.targets[t.count++] = {name, run};
    }
};

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

// NAVSPAN_FUZZ_TARGET(name) { ... }: the body runs one input (`data`,
// `size`) and returns 0, as LLVMFuzzerTestOneInput does.
#define NAVSPAN_FUZZ_TARGET(name)                                                                   \
    int navspan_fuzz_run_##name(const std::uint8_t* data, std::size_t size);                        \
    const ::navspan_fuzz::registration navspan_fuzz_registered_##name{#name, navspan_fuzz_run_##name}; \
    int navspan_fuzz_run_##name(const std::uint8_t* data, std::size_t size)

// NAVSPAN_FUZZ_BYTES_TARGET(name) { ... }: the body takes the input as
// `bytes` and returns a hash of what it read, which goes to the sink.
#define NAVSPAN_FUZZ_BYTES_TARGET(name)                                                             \
    std::uint64_t navspan_fuzz_bytes_##name(std::span<const std::byte> bytes);                      \
    NAVSPAN_FUZZ_TARGET(name) {                                                                     \
        ::navspan_fuzz::sink = navspan_fuzz_bytes_##name(std::as_bytes(std::span(data, size)));     \
        return 0;                                                                                   \
    }                                                                                               \
    std::uint64_t navspan_fuzz_bytes_##name(std::span<const std::byte> bytes)
