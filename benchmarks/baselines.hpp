// Baselines measured in the same run on the same bytes: the speed limits
// navspan rows are compared against.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace navspan_bench {

// A plain sequential read: sum of the 64-bit words of the buffer (the
// memory-read limit any parser of these bytes is bounded by).
inline std::uint64_t sequential_read(std::span<const std::byte> bytes) noexcept {
    // One accumulator in a simple loop: the compiler turns it into a vector
    // reduction, which is what a plain read of memory runs at.
    const std::byte* p = bytes.data();
    const std::size_t words = bytes.size() / 8;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < words; ++i) {
        std::uint64_t w;
        std::memcpy(&w, p + i * 8, 8);
        sum += w;
    }
    for (std::size_t j = words * 8; j < bytes.size(); ++j) sum += std::to_integer<std::uint64_t>(p[j]);
    return sum;
}

// memcpy of the buffer into a preallocated destination.
inline std::uint64_t copy_bytes(std::span<const std::byte> bytes, std::vector<std::byte>& dest) noexcept {
    std::memcpy(dest.data(), bytes.data(), bytes.size());
    return std::to_integer<std::uint64_t>(dest[bytes.size() / 2]);
}

}  // namespace navspan_bench
