// navspan/codec/common.hpp - what the decompressors share: how much output a
// call may produce, and the options they take.
//
// Every decoder in navspan/codec/ writes into a span the caller owns and
// returns how many bytes it wrote (or an error with the input offset where
// decoding failed). How far it may write is the smallest of three bounds:
//   * the span itself (running past it is an error in the stream: the data
//     is larger than the caller said it is),
//   * limits::max_decompressed_size,
//   * the work budget of limits (work_budget_for: one unit per output byte,
//     against the size of the compressed input),
// and passing either of the last two is limit_exceeded, so a caller can tell a
// bomb from a stream that does not fit its buffer. The bound is fixed before
// decoding starts: the decoders never meter inside their loops.
//
// (The DEFLATE inflater, which predates this folder, lives in
// navspan/creation/inflate.hpp; it belongs here and may move later.)
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../core/config.hpp"

#include "../core/bytes.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"

namespace navspan::codec {

struct decode_options {
    navspan::limits limits{};
    // Added to every error offset: the position of the compressed bytes in
    // the caller's file, so errors name file bytes.
    std::uint64_t base_offset = 0;
    // zstd: the largest window a frame may declare (RFC 8878 allows up to
    // 3.75 TiB; libzstd's own format limit on 64-bit hosts is 2 GiB). No
    // window is allocated (frames decode straight into the output), so this
    // only bounds how far back a frame may say it reaches.
    std::uint64_t max_window_size = std::uint64_t{1} << 31;
};

namespace detail {

// The output bytes a call may produce (see the top of this file), and which
// bound set it: 0 the span, 1 max_decompressed_size, 2 the work budget.
struct output_cap {
    std::size_t bytes = 0;
    int bound = 0;
    std::uint64_t limit = 0;  // the value of the limit that bound it (for errors)
};

constexpr output_cap make_output_cap(std::size_t span_room, const navspan::limits& lim,
                                     std::uint64_t input_size) noexcept {
    output_cap cap{span_room, 0, span_room};
    if (lim.max_decompressed_size < cap.bytes) {
        cap = {static_cast<std::size_t>(lim.max_decompressed_size), 1, lim.max_decompressed_size};
    }
    const std::uint64_t budget = work_budget_for(lim, input_size);
    if (budget != 0 && budget < cap.bytes) cap = {static_cast<std::size_t>(budget), 2, budget};
    return cap;
}

// The error for output that would pass `cap`: at least `wanted` bytes in all.
inline error output_overflow(const output_cap& cap, std::uint64_t offset, std::uint64_t wanted,
                             const char* what) noexcept {
    if (cap.bound == 0) {
        return navspan::detail::fail(error_code::inconsistent, offset, what, wanted, cap.bytes);
    }
    return navspan::detail::fail(error_code::limit_exceeded, offset,
                                 cap.bound == 1 ? "decompressed size (limits::max_decompressed_size)"
                                                : "decompressed size (the work budget of limits)",
                                 wanted, cap.limit);
}


NAVSPAN_ALWAYS_INLINE inline void copy8(std::byte* dst, const std::byte* src) noexcept { std::memcpy(dst, src, 8); }
NAVSPAN_ALWAYS_INLINE inline void copy16(std::byte* dst, const std::byte* src) noexcept {
    std::memcpy(dst, src, 16);
}

// Writes the match of `length` bytes that starts `offset` bytes back (1 <=
// offset <= bytes already written, checked by the caller) at `op`, where
// `room` >= length bytes may be written; returns op + length. With 16 bytes
// to spare it copies 16- or 8-byte chunks that may write up to 15 bytes past
// the match (the next sequence overwrites them); a period below 8 (a run) is
// widened to the smallest multiple of it that is at least 8, whose bytes
// repeat the period and are all written. Without the spare room it copies
// byte by byte.
NAVSPAN_ALWAYS_INLINE inline std::byte* copy_match(std::byte* op, std::size_t offset, std::size_t length,
                                                   std::size_t room) noexcept {
    std::byte* const match_end = op + length;
    const std::byte* src = op - offset;
    if (NAVSPAN_LIKELY(room >= length + 16)) {
        if (offset >= 16) {
            do {
                copy16(op, src);
                op += 16;
                src += 16;
            } while (op < match_end);
        } else if (offset >= 8) {
            do {
                copy8(op, src);
                op += 8;
                src += 8;
            } while (op < match_end);
        } else {
            for (int i = 0; i < 8; ++i) op[i] = src[i];
            const std::size_t stride = offset * ((8 + offset - 1) / offset);
            op += 8;
            while (op < match_end) {
                copy8(op, op - stride);
                op += 8;
            }
        }
        return match_end;
    }
    while (op < match_end) *op++ = *src++;
    return match_end;
}

}  // namespace detail

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
