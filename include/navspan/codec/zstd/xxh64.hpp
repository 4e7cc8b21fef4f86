// navspan/codec/zstd/xxh64.hpp - XXH64, the hash whose low 32 bits are a
// zstd frame's content checksum.
#pragma once
#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../../core/endian.hpp"
#include "../../core/reader.hpp"
#include "../common.hpp"

namespace navspan::codec {

// XXH64 (the 64-bit xxHash) of `data` with `seed`: zstd's content checksum
// is its low 32 bits with seed 0.
inline std::uint64_t xxh64(bytes_view data, std::uint64_t seed = 0) noexcept {
    constexpr std::uint64_t p1 = 0x9E3779B185EBCA87ull;
    constexpr std::uint64_t p2 = 0xC2B2AE3D27D4EB4Full;
    constexpr std::uint64_t p3 = 0x165667B19E3779F9ull;
    constexpr std::uint64_t p4 = 0x85EBCA77C2B2AE63ull;
    constexpr std::uint64_t p5 = 0x27D4EB2F165667C5ull;
    auto rotl = [](std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); };
    auto mix = [&](std::uint64_t acc, std::uint64_t lane) { return rotl(acc + lane * p2, 31) * p1; };
    auto merge = [&](std::uint64_t acc, std::uint64_t v) { return (acc ^ mix(0, v)) * p1 + p4; };
    const std::byte* p = data.data();
    const std::size_t len = data.size();
    const std::byte* const end = p + len;
    std::uint64_t h;
    if (len >= 32) {
        std::uint64_t v1 = seed + p1 + p2, v2 = seed + p2, v3 = seed, v4 = seed - p1;
        const std::byte* const limit = end - 32;
        do {
            v1 = mix(v1, load_u64(p));
            v2 = mix(v2, load_u64(p + 8));
            v3 = mix(v3, load_u64(p + 16));
            v4 = mix(v4, load_u64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge(h, v1);
        h = merge(h, v2);
        h = merge(h, v3);
        h = merge(h, v4);
    } else {
        h = seed + p5;
    }
    h += static_cast<std::uint64_t>(len);
    for (; end - p >= 8; p += 8) h = rotl(h ^ mix(0, load_u64(p)), 27) * p1 + p4;
    if (end - p >= 4) {
        h = rotl(h ^ (std::uint64_t{load_u32(p)} * p1), 23) * p2 + p3;
        p += 4;
    }
    for (; p < end; ++p) h = rotl(h ^ (std::uint64_t{load_u8(p)} * p5), 11) * p1;
    h ^= h >> 33;
    h *= p2;
    h ^= h >> 29;
    h *= p3;
    h ^= h >> 32;
    return h;
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
