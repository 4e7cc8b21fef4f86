// navspan/codec/zstd/tables.hpp - the fixed tables of RFC 8878 (sequence
// code baselines and extra bits, the predefined distributions) and the FSE
// decoding entry they resolve into.
#pragma once
#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

namespace navspan::codec {

namespace detail {

inline constexpr std::uint32_t zstd_magic = 0xFD2FB528u;
inline constexpr std::size_t zstd_block_max = 128 * 1024;

// RFC 8878 §3.1.1.3.2.1.1: literal-length and match-length codes.
inline constexpr std::uint32_t ll_base[36] = {0,  1,  2,   3,   4,   5,   6,    7,    8,    9,     10,    11,
                                              12, 13, 14,  15,  16,  18,  20,   22,   24,   28,    32,    40,
                                              48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
inline constexpr std::uint8_t ll_bits[36] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  1,  1,
                                             1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
inline constexpr std::uint32_t ml_base[53] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11, 12,  13,  14,  15,  16,  17,   18,   19,   20,   21,    22,    23,    24,
    25, 26, 27, 28, 29, 30, 31, 32, 33, 34,  35,  37,  39,  41,  43,   47,   51,   59,   67,    83,    99,    131,
    259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539};
inline constexpr std::uint8_t ml_bits[53] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
                                             2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
// §3.1.1.3.2.2: the predefined distributions (-1: "less than 1").
inline constexpr std::int16_t ll_default[36] = {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2,  2,  2,
                                                2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1};
inline constexpr std::int16_t ml_default[53] = {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1};
inline constexpr std::int16_t of_default[29] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1,
                                                1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1};

constexpr unsigned highest_bit(std::uint32_t v) noexcept {  // v > 0
    unsigned n = 0;
    while (v >>= 1) ++n;
    return n;
}

// One FSE decoding state's entry, with the value of its symbol resolved:
// the baseline and extra bits of a sequence code (or the symbol itself).
struct fse_entry {
    std::uint32_t base;
    std::uint16_t next;  // the next state is next + (nbits bits)
    std::uint8_t nbits;
    std::uint8_t extra;
};

}  // namespace detail

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
