// navspan/codec/zstd_encode.hpp - Zstandard frames (RFC 8878) written on
// the standard library alone, in a subset of the format.
//
//   std::vector<std::byte> out(navspan::codec::zstd_compress_bound(in.size()));
//   auto n = navspan::codec::zstd_compress(in, out);   // *n bytes written
//
// The subset: one frame, single-segment (the window is the content, so no
// window descriptor), the content size always declared, no checksum, no
// dictionary; blocks of at most 128 KiB, each an RLE block when all its
// bytes are equal, else a raw block. No compressed blocks: entropy coding is
// not attempted, so the output is never smaller than the input except for
// runs (an RLE block stores up to 128 KiB in 4 bytes). Every zstd decoder
// reads these frames (libzstd's ZSTD_decompress, navspan's codec/zstd.hpp).
//
// Work is one pass over the input; nothing is allocated, output goes only
// into the caller's span.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"

namespace navspan::codec {

namespace detail {
inline constexpr std::uint32_t zstd_encode_magic = 0xFD2FB528u;
inline constexpr std::size_t zstd_encode_block_max = 128 * 1024;

// Frame header: magic, descriptor, content size (1, 2, 4 or 8 bytes: the
// smallest that holds it; the 2-byte form stores size - 256).
constexpr std::size_t zstd_frame_header_size(std::uint64_t n) noexcept {
    return 4 + 1 + (n < 256 ? 1 : n < 65536 + 256 ? 2 : n <= 0xFFFFFFFFu ? 4 : 8);
}
}  // namespace detail

// The most bytes zstd_compress writes for `n` input bytes: the frame header
// and a 3-byte header per block (an empty input is one empty block).
constexpr std::size_t zstd_compress_bound(std::size_t n) noexcept {
    const std::size_t blocks = n == 0 ? 1 : (n + detail::zstd_encode_block_max - 1) / detail::zstd_encode_block_max;
    return detail::zstd_frame_header_size(n) + 3 * blocks + n;
}

// Writes `in` as one zstd frame into `out`; returns the bytes written, or
// limit_exceeded when `out` is smaller than zstd_compress_bound(in.size())
// needs for this input.
inline result<std::size_t> zstd_compress(bytes_view in, std::span<std::byte> out) noexcept {
    const std::size_t n = in.size();
    const std::size_t hsize = detail::zstd_frame_header_size(n);
    std::byte* const o = out.data();
    if (NAVSPAN_UNLIKELY(out.size() < hsize)) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "zstd output (smaller than the frame header)",
                                     hsize, out.size());
    }
    store_le<std::uint32_t>(o, detail::zstd_encode_magic);
    // Descriptor: content-size flag (bits 6-7), single segment (bit 5).
    const unsigned fcs_flag = hsize == 6 ? 0 : hsize == 7 ? 1 : hsize == 9 ? 2 : 3;
    o[4] = static_cast<std::byte>((fcs_flag << 6) | 0x20u);
    switch (fcs_flag) {
        case 0: o[5] = static_cast<std::byte>(n); break;
        case 1: store_le<std::uint16_t>(o + 5, static_cast<std::uint16_t>(n - 256)); break;
        case 2: store_le<std::uint32_t>(o + 5, static_cast<std::uint32_t>(n)); break;
        default: store_le<std::uint64_t>(o + 5, static_cast<std::uint64_t>(n)); break;
    }
    std::size_t pos = hsize, at = 0;
    do {
        const std::size_t len = n - at < detail::zstd_encode_block_max ? n - at : detail::zstd_encode_block_max;
        const bool last = at + len == n;
        const std::byte* const b = in.data() + at;
        // RLE when every byte equals the first (and there are 2 or more:
        // a 1-byte block is as small raw).
        bool rle = len > 1;
        for (std::size_t i = 1; rle && i < len; ++i) rle = b[i] == b[0];
        const std::size_t body = rle ? 1 : len;
        if (NAVSPAN_UNLIKELY(out.size() - pos < 3 + body)) {
            return navspan::detail::fail(error_code::limit_exceeded, pos, "zstd output (smaller than zstd_compress_bound)",
                                         3 + body, out.size() - pos);
        }
        // Block header: last flag (bit 0), type (bits 1-2: 0 raw, 1 RLE),
        // size (bits 3-23: for RLE the regenerated size).
        const std::uint32_t header = (last ? 1u : 0u) | (rle ? 2u : 0u) | (static_cast<std::uint32_t>(len) << 3);
        o[pos] = static_cast<std::byte>(header & 0xFF);
        o[pos + 1] = static_cast<std::byte>((header >> 8) & 0xFF);
        o[pos + 2] = static_cast<std::byte>((header >> 16) & 0xFF);
        pos += 3;
        if (body != 0) std::memcpy(o + pos, b, body);
        pos += body;
        at += len;
    } while (at < n);
    return pos;
}

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
