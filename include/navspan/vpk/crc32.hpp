// navspan/vpk/crc32.hpp - the CRC32 a VPK tree stores for each member.
//
// VPK uses the common CRC-32 (zlib's and PNG's: reflected polynomial
// 0xEDB88320, initial value and final xor 0xFFFFFFFF). navspan carries its
// own because the library depends on the standard library alone. The tables
// are built at compile time; four of them let the loop take four bytes per
// step (slicing-by-4), which matters for members of several megabytes.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace navspan::vpk {

namespace detail {

using crc_tables = std::array<std::array<std::uint32_t, 256>, 4>;

constexpr crc_tables make_crc_tables() noexcept {
    crc_tables t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1u) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (std::size_t i = 0; i < 256; ++i) {
        for (std::size_t s = 1; s < 4; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFFu];
    }
    return t;
}

inline constexpr crc_tables crc_table = make_crc_tables();

constexpr std::uint32_t crc_byte(std::uint32_t c, std::byte b) noexcept {
    return crc_table[0][(c ^ std::to_integer<std::uint32_t>(b)) & 0xFFu] ^ (c >> 8);
}

}  // namespace detail

// Continues a CRC32 over more bytes: start from crc32_update(0, first) and
// feed the next part with the value returned (a member split between the
// tree and its archive is checked in two parts this way).
constexpr std::uint32_t crc32_update(std::uint32_t crc, std::span<const std::byte> bytes) noexcept {
    const auto& t = detail::crc_table;
    std::uint32_t c = ~crc;
    std::size_t i = 0;
    // Four bytes per step; the bytes are combined one by one, so the result
    // is the same on big-endian hosts.
    for (; bytes.size() - i >= 4; i += 4) {
        c ^= std::to_integer<std::uint32_t>(bytes[i]) | (std::to_integer<std::uint32_t>(bytes[i + 1]) << 8) |
             (std::to_integer<std::uint32_t>(bytes[i + 2]) << 16) |
             (std::to_integer<std::uint32_t>(bytes[i + 3]) << 24);
        c = t[3][c & 0xFFu] ^ t[2][(c >> 8) & 0xFFu] ^ t[1][(c >> 16) & 0xFFu] ^ t[0][c >> 24];
    }
    for (; i < bytes.size(); ++i) c = detail::crc_byte(c, bytes[i]);
    return ~c;
}

// The CRC32 of `bytes` (0 for no bytes).
constexpr std::uint32_t crc32(std::span<const std::byte> bytes) noexcept { return crc32_update(0, bytes); }

}  // namespace navspan::vpk
#include "../core/min_max_pop.hpp"
