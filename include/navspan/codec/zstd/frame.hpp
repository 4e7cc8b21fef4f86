// navspan/codec/zstd/frame.hpp - one zstd frame: its header checked against
// the options, its blocks (raw, RLE, compressed) and its end (content size,
// checksum).
#pragma once
#include "../../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../../core/config.hpp"
#include "../../core/endian.hpp"
#include "../../core/error.hpp"
#include "../../core/reader.hpp"
#include "../../core/result.hpp"
#include "../common.hpp"
#include "bits.hpp"
#include "decoder.hpp"
#include "tables.hpp"

namespace navspan::codec {

inline error zstd_decoder::frame(const std::byte*& ip, const std::byte* iend) noexcept {
    const std::byte* const start = ip;
    const std::size_t left = static_cast<std::size_t>(iend - ip);
    auto hr = zstd_frame_header(bytes_view(ip, left), at(ip));
    if (!hr.ok()) return hr.error();
    const zstd_frame_header_info& h = *hr;
    ip += h.header_size;
    if (h.skippable) {
        if (NAVSPAN_UNLIKELY(h.skippable_size > static_cast<std::uint64_t>(iend - ip))) {
            return truncated(ip, "zstd skippable frame", h.skippable_size, static_cast<std::uint64_t>(iend - ip));
        }
        ip += h.skippable_size;
        return {};
    }
    if (NAVSPAN_UNLIKELY(h.dictionary_id != 0)) {
        return navspan::detail::fail(error_code::unsupported_version, at(start + 5),
                                     "zstd dictionary (frames that need a dictionary are not supported)",
                                     h.dictionary_id);
    }
    if (NAVSPAN_UNLIKELY(h.window_size > options_->max_window_size)) {
        return navspan::detail::fail(error_code::limit_exceeded, at(start + 5),
                                     "zstd window size (decode_options::max_window_size)", h.window_size,
                                     options_->max_window_size);
    }
    if (h.content_size != zstd_frame_header_info::unknown_size &&
        NAVSPAN_UNLIKELY(h.content_size > static_cast<std::uint64_t>(out_end_ - op_))) {
        return overflow(start, h.content_size);
    }
    block_max_ = h.window_size < detail::zstd_block_max ? static_cast<std::size_t>(h.window_size)
                                                        : detail::zstd_block_max;
    // A new frame: no tables to repeat, the initial repeat offsets.
    have_huffman_ = false;
    ll_table_ = ml_table_ = of_table_ = nullptr;
    rep_[0] = 1;
    rep_[1] = 4;
    rep_[2] = 8;
    frame_start_ = op_;
    NAVSPAN_TRY(blocks(ip, iend));
    return frame_end(ip, iend, start, h);
}

// The blocks of the frame, up to the one marked last.
inline error zstd_decoder::blocks(const std::byte*& ip, const std::byte* iend) noexcept {
    for (;;) {
        if (NAVSPAN_UNLIKELY(iend - ip < 3)) {
            return truncated(ip, "zstd block header", 3, static_cast<std::uint64_t>(iend - ip));
        }
        const std::uint32_t bh = load_u8(ip) | (std::uint32_t{load_u8(ip + 1)} << 8) |
                                 (std::uint32_t{load_u8(ip + 2)} << 16);
        const std::byte* const header_at = ip;
        ip += 3;
        const bool last = (bh & 1u) != 0;
        const unsigned type = (bh >> 1) & 3u;
        const std::size_t size = bh >> 3;
        const std::size_t in_left = static_cast<std::size_t>(iend - ip);
        switch (type) {
            // Raw and RLE blocks are not held to the block maximum (RFC
            // 8878 says they should be; libzstd does not check, and the
            // output cap bounds them anyway).
            case 0:  // raw
                if (NAVSPAN_UNLIKELY(size > in_left)) return truncated(ip, "zstd raw block", size, in_left);
                if (NAVSPAN_UNLIKELY(size > static_cast<std::size_t>(out_end_ - op_))) return overflow(ip, size);
                if (size != 0) std::memcpy(op_, ip, size);
                op_ += size;
                ip += size;
                break;
            case 1:  // RLE
                if (NAVSPAN_UNLIKELY(in_left < 1)) return truncated(ip, "zstd RLE block", 1, 0);
                if (NAVSPAN_UNLIKELY(size > static_cast<std::size_t>(out_end_ - op_))) return overflow(ip, size);
                if (size != 0) std::memset(op_, load_u8(ip), size);
                op_ += size;
                ip += 1;
                break;
            case 2:  // compressed
                if (NAVSPAN_UNLIKELY(size > block_max_)) {
                    return corrupt(header_at, "zstd compressed block size (above the block maximum)", size);
                }
                if (NAVSPAN_UNLIKELY(size > in_left)) return truncated(ip, "zstd compressed block", size, in_left);
                NAVSPAN_TRY(compressed_block(ip, ip + size));
                ip += size;
                break;
            default: return corrupt(header_at, "zstd block type (reserved 3)", 3);
        }
        if (last) break;
    }
    return {};
}

// After the last block: the declared content size, and the checksum when
// the frame has one.
inline error zstd_decoder::frame_end(const std::byte*& ip, const std::byte* iend, const std::byte* start,
                                     const zstd_frame_header_info& h) noexcept {
    const std::uint64_t produced = static_cast<std::uint64_t>(op_ - frame_start_);
    if (h.content_size != zstd_frame_header_info::unknown_size && NAVSPAN_UNLIKELY(produced != h.content_size)) {
        return navspan::detail::fail(error_code::inconsistent, at(start),
                                     "zstd frame content size (the frame decodes to another size)", produced,
                                     h.content_size);
    }
    if (h.has_checksum) {
        if (NAVSPAN_UNLIKELY(iend - ip < 4)) {
            return truncated(ip, "zstd content checksum", 4, static_cast<std::uint64_t>(iend - ip));
        }
        const std::uint32_t stored = load_u32(ip);
        const auto computed = static_cast<std::uint32_t>(
            xxh64(bytes_view(frame_start_, static_cast<std::size_t>(produced))) & 0xFFFFFFFFu);
        if (NAVSPAN_UNLIKELY(stored != computed)) {
            return navspan::detail::fail(error_code::inconsistent, at(ip),
                                         "zstd content checksum (does not match the data)", stored, computed);
        }
        ip += 4;
    }
    return {};
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
