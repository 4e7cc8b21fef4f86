// Corruption sweeps: every truncation and byte flips of a file, each run
// through a full open + traversal. Every outcome must be a clean error or a
// valid view; under ASan/UBSan (the test-sanitize preset) any out-of-bounds
// read or undefined behaviour fails the run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <doctest/doctest.h>

namespace navspan_test {

// Calls visit(bytes) on every prefix of `file` shorter than the file.
// Each prefix is copied into its own exactly-sized allocation, so ASan sees
// a read past its end.
template <class Visit>
void sweep_truncations(std::span<const std::byte> file, Visit&& visit, std::size_t stride = 1) {
    for (std::size_t len = 0; len < file.size(); len += stride) {
        std::vector<std::byte> prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(len));
        CAPTURE(len);
        visit(std::span<const std::byte>(prefix));
    }
}

// Calls visit(bytes) with byte i of `file` replaced by each of `values`,
// for every `stride`-th byte in [first, last).
template <class Visit>
void sweep_byte_flips(std::span<const std::byte> file, Visit&& visit, std::size_t first = 0,
                      std::size_t last = SIZE_MAX, std::size_t stride = 1) {
    std::vector<std::byte> copy(file.begin(), file.end());
    if (last > copy.size()) last = copy.size();
    static constexpr std::uint8_t values[] = {0x00, 0xFF, 0x7F, 0x80, 0x01};
    for (std::size_t i = first; i < last; i += stride) {
        const std::byte saved = copy[i];
        for (std::uint8_t v : values) {
            copy[i] = static_cast<std::byte>(v);
            if (copy[i] == saved) continue;
            CAPTURE(i);
            CAPTURE(v);
            visit(std::span<const std::byte>(copy));
        }
        copy[i] = saved ^ std::byte{0x5A};
        visit(std::span<const std::byte>(copy));
        copy[i] = saved;
    }
}

}  // namespace navspan_test
