// navspan/codec/zstd/frame_header.hpp - what a zstd (or skippable) frame
// header declares, read without decoding the frame.
#pragma once
#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../../core/config.hpp"
#include "../../core/endian.hpp"
#include "../../core/error.hpp"
#include "../../core/reader.hpp"
#include "../../core/result.hpp"
#include "../common.hpp"
#include "tables.hpp"

namespace navspan::codec {

// What a zstd frame header declares (zstd_frame_header()).
struct zstd_frame_header_info {
    static constexpr std::uint64_t unknown_size = ~std::uint64_t{0};
    bool skippable = false;
    std::uint64_t content_size = unknown_size;  // unknown_size when not declared
    std::uint64_t window_size = 0;
    std::uint32_t dictionary_id = 0;
    bool has_checksum = false;
    std::size_t header_size = 0;  // bytes, magic included
    std::uint64_t skippable_size = 0;  // a skippable frame's payload bytes
};

// Reads the header of the frame at the start of `in` (zstd or skippable).
inline result<zstd_frame_header_info> zstd_frame_header(bytes_view in, std::uint64_t base_offset = 0) noexcept {
    zstd_frame_header_info h;
    if (NAVSPAN_UNLIKELY(in.size() < 4)) {
        return navspan::detail::fail(error_code::truncated, base_offset, "zstd frame magic", 4, in.size());
    }
    const std::uint32_t magic = load_u32(in.data());
    if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
        if (NAVSPAN_UNLIKELY(in.size() < 8)) {
            return navspan::detail::fail(error_code::truncated, base_offset, "zstd skippable frame header", 8,
                                         in.size());
        }
        h.skippable = true;
        h.skippable_size = load_u32(in.data() + 4);
        h.header_size = 8;
        return h;
    }
    if (NAVSPAN_UNLIKELY(magic != detail::zstd_magic)) {
        if (magic >= 0xFD2FB51Eu && magic <= 0xFD2FB527u) {
            // zstd 0.1 to 0.7 (before the format was frozen at 1.0): libzstd
            // may be built to read them; RFC 8878 does not describe them.
            return navspan::detail::fail(error_code::unsupported_version, base_offset,
                                         "zstd legacy frame (a pre-1.0 format, not supported)", magic);
        }
        return navspan::detail::fail(error_code::bad_magic, base_offset, "zstd frame", magic);
    }
    if (NAVSPAN_UNLIKELY(in.size() < 5)) {
        return navspan::detail::fail(error_code::truncated, base_offset + 4, "zstd frame header descriptor", 1, 0);
    }
    const unsigned fhd = load_u8(in.data() + 4);
    const unsigned fcs_flag = fhd >> 6;
    const bool single_segment = (fhd & 0x20u) != 0;
    if (NAVSPAN_UNLIKELY(fhd & 0x08u)) {
        return navspan::detail::fail(error_code::inconsistent, base_offset + 4,
                                     "zstd frame header descriptor (reserved bit set)", fhd);
    }
    h.has_checksum = (fhd & 0x04u) != 0;
    static constexpr unsigned dict_bytes[4] = {0, 1, 2, 4};
    static constexpr unsigned fcs_bytes[4] = {0, 2, 4, 8};
    const std::size_t did_size = dict_bytes[fhd & 3u];
    const std::size_t fcs_size = fcs_flag == 0 ? (single_segment ? 1 : 0) : fcs_bytes[fcs_flag];
    const std::size_t size = 5 + (single_segment ? 0 : 1) + did_size + fcs_size;
    if (NAVSPAN_UNLIKELY(in.size() < size)) {
        return navspan::detail::fail(error_code::truncated, base_offset + 5, "zstd frame header", size - 5,
                                     in.size() - 5);
    }
    std::size_t pos = 5;
    if (!single_segment) {
        const unsigned wd = load_u8(in.data() + pos);
        const unsigned exponent = wd >> 3;
        const std::uint64_t base = std::uint64_t{1} << (10 + exponent);
        h.window_size = base + (base / 8) * (wd & 7u);
        ++pos;
    }
    for (std::size_t i = 0; i < did_size; ++i) h.dictionary_id |= std::uint32_t{load_u8(in.data() + pos + i)} << (8 * i);
    pos += did_size;
    if (fcs_size != 0) {
        std::uint64_t fcs = 0;
        for (std::size_t i = 0; i < fcs_size; ++i) fcs |= std::uint64_t{load_u8(in.data() + pos + i)} << (8 * i);
        if (fcs_size == 2) fcs += 256;
        h.content_size = fcs;
        pos += fcs_size;
    }
    if (single_segment) h.window_size = h.content_size;
    h.header_size = pos;
    return h;
}

// The most bytes the frames of `in` can decode to, from their headers and
// block headers alone (O(blocks), nothing decoded): a skippable frame backs
// none, a raw block its bytes, an RLE block its declared run, a compressed
// block at most 128 KiB, and a frame no more than its declared content
// size. Callers size buffers from it rather than from a size someone else
// declared, so a header that lies about what follows costs nothing. Where
// the structure is broken the count stops (decoding fails there anyway).
inline std::uint64_t zstd_decoded_size_bound(bytes_view in) noexcept {
    std::uint64_t total = 0;
    std::size_t pos = 0;
    while (pos < in.size()) {
        auto hr = zstd_frame_header(in.subspan(pos));
        if (!hr.ok()) break;
        const zstd_frame_header_info& h = *hr;
        pos += h.header_size;
        if (h.skippable) {
            if (h.skippable_size > in.size() - pos) break;
            pos += static_cast<std::size_t>(h.skippable_size);
            continue;
        }
        std::uint64_t frame = 0;
        bool last = false;
        while (!last && in.size() - pos >= 3) {
            const std::uint32_t bh = load_u8(in.data() + pos) | (std::uint32_t{load_u8(in.data() + pos + 1)} << 8) |
                                     (std::uint32_t{load_u8(in.data() + pos + 2)} << 16);
            pos += 3;
            last = (bh & 1u) != 0;
            const unsigned type = (bh >> 1) & 3u;
            const std::size_t size = bh >> 3;
            const std::size_t stored = type == 1 ? 1 : size;  // RLE: one byte
            if (type == 3 || stored > in.size() - pos) return total + frame;
            frame += type == 2 ? std::uint64_t{detail::zstd_block_max} : size;
            pos += stored;
        }
        if (h.content_size != zstd_frame_header_info::unknown_size && h.content_size < frame) frame = h.content_size;
        total += frame;
        if (!last) break;
        if (h.has_checksum) pos += in.size() - pos < 4 ? in.size() - pos : 4;
    }
    return total;
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
