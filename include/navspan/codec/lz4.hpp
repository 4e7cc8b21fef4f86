// navspan/codec/lz4.hpp - LZ4 block decompression (the block format of
// lz4's doc/lz4_Block_format.md), written on the standard library alone.
//
// A block is a run of sequences: a token (high nibble the literal count, low
// nibble the match length minus 4, 15 meaning "more bytes follow, each added,
// until one is not 255"), the literals, a 2-byte little-endian match offset
// and the match. The last sequence has literals only and ends the input.
//
// lz4_decompress_block() decodes one block into out[history..], where
// out[0..history) is output the caller already has: matches may reach back
// into it. That is how chained ("linked") blocks decode, as KV3 stores its
// binary blobs: each block is decoded right after the previous one in the
// same buffer, with everything before it as history. (LZ4 offsets are at most
// 65535, so only the last 64 KiB of history can be reached.)
//
// It never reads outside `in` nor writes outside out[history..cap) (see
// codec/common.hpp for the cap), allocates nothing and does O(output + input)
// work. Errors: truncated (a sequence runs past the input), bad_offset (a
// match offset of 0 or before the start of out), inconsistent (the output
// does not fit the span, or the block breaks the format's end rules: it ends
// with at least 5 literals, its last match 12 bytes or more before the end),
// limit_exceeded (the cap set by limits).
//
// Speed: while both ends are far away, literals and matches are copied in 16-
// and 8-byte chunks that may write a few bytes past the sequence (never past
// the cap; they are overwritten by the next sequence); short-offset matches
// (an offset below 8, i.e. runs) are widened to a multiple of the offset that
// is at least 8. Near the ends a careful path copies byte-exact.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "common.hpp"

namespace navspan::codec {

namespace detail {

// The fast path: a sequence with at most 14 literals whose match
// fits with 16 bytes to spare, while 32 input bytes and 64 bytes of
// output room remain (so it is not the last sequence, and its wide
// copies stay inside both). Anything else, errors included, goes
// through the careful code of lz4_decompress_block from the same state.
// Runs such sequences from ip into op (their state on return is where the
// careful code resumes); always inlined into the decoder's loop so that ip,
// op and last_match stay in registers.
NAVSPAN_ALWAYS_INLINE inline void lz4_fast_sequences(const std::byte*& ip, const std::byte* iend, std::byte*& op,
                                                     std::byte* oend, std::byte* obase,
                                                     const std::byte*& last_match) noexcept {
    while (NAVSPAN_LIKELY(iend - ip >= 32 && oend - op >= 64)) {
        const unsigned token = load_u8(ip);
        const std::size_t literals = token >> 4;
        if (NAVSPAN_UNLIKELY(literals == 15)) break;
        const std::size_t offset = load_u16(ip + 1 + literals);
        std::byte* const match_at = op + literals;
        // (offset - 1 wraps for 0.)
        if (NAVSPAN_UNLIKELY(offset - 1 >= static_cast<std::size_t>(match_at - obase))) break;
        const std::byte* const src = match_at - offset;
        std::size_t length = (token & 15u) + 4;
        if (NAVSPAN_LIKELY(length != 19 && offset >= 8)) {
            // The most common sequence: short literals, a short match.
            // (Three 8-byte copies whatever the offset: no branch to
            // mispredict, and correct for any offset of 8 or more.)
            detail::copy16(op, ip + 1);
            detail::copy8(match_at, src);
            detail::copy8(match_at + 8, src + 8);
            detail::copy8(match_at + 16, src + 16);
            last_match = match_at;
            ip += 1 + literals + 2;
            op = match_at + length;
            continue;
        }
        const std::byte* p = ip + 1 + literals + 2;
        if (length == 19) {
            unsigned more = 255;
            while (more == 255 && p != iend) {
                more = load_u8(p++);
                length += more;
            }
            if (NAVSPAN_UNLIKELY(p == iend)) break;
        }
        const std::size_t room = static_cast<std::size_t>(oend - match_at);
        if (NAVSPAN_UNLIKELY(length + 16 > room)) break;
        detail::copy16(op, ip + 1);
        detail::copy_match(match_at, offset, length, room);
        last_match = match_at;
        ip = p;
        op = match_at + length;
    }
}

// The end of a block that had matches: at least 5 literals last, the last
// match starting at least 12 bytes before the end (what lets decoders copy
// in wide chunks; liblz4 refuses blocks that break it). `end_at` is the
// file offset of the block's end, for the error.
inline error lz4_check_end(std::size_t literals, const std::byte* op, const std::byte* last_match,
                           std::uint64_t end_at) noexcept {
    if (last_match == nullptr) return {};
    if (NAVSPAN_UNLIKELY(literals < 5)) {
        return navspan::detail::fail(error_code::inconsistent, end_at,
                                     "lz4 block end (the last 5 bytes must be literals)", literals);
    }
    if (NAVSPAN_UNLIKELY(op - last_match < 12)) {
        return navspan::detail::fail(error_code::inconsistent, end_at,
                                     "lz4 block end (the last match must start 12 bytes before the end)",
                                     static_cast<std::uint64_t>(op - last_match));
    }
    return {};
}

}  // namespace detail

// Decodes the LZ4 block `in` into out[history..]; returns the bytes written
// (after `history`). Matches may refer to out[0..history) (chained blocks).
inline result<std::size_t> lz4_decompress_block(bytes_view in, std::span<std::byte> out, std::size_t history = 0,
                                                const decode_options& options = {}) noexcept {
    const std::uint64_t base = options.base_offset;
    if (NAVSPAN_UNLIKELY(history > out.size())) {
        return navspan::detail::fail(error_code::bad_offset, base, "lz4 history (longer than the output span)",
                                     history, out.size());
    }
    const detail::output_cap cap = detail::make_output_cap(out.size() - history, options.limits, in.size());
    const std::byte* const in_begin = in.data();
    const std::byte* ip = in.data();
    const std::byte* const iend = in.data() + in.size();
    std::byte* const obase = out.data();
    std::byte* const ostart = out.data() + history;
    std::byte* op = ostart;
    std::byte* const oend = ostart + cap.bytes;

    auto at = [&](const std::byte* p) { return base + static_cast<std::uint64_t>(p - in_begin); };
    auto overflow = [&](std::size_t more, const std::byte* p) {
        return detail::output_overflow(cap, at(p), static_cast<std::uint64_t>(op - ostart) + more,
                                       "lz4 output (the block decodes to more bytes than the output span)");
    };
    // Reads the bytes that extend a 15 in the token; the sum cannot overflow
    // (it grows by at most 255 per input byte).
    auto extend = [&](std::size_t& length, const char* what) -> error {
        for (;;) {
            if (NAVSPAN_UNLIKELY(ip == iend)) return navspan::detail::fail(error_code::truncated, at(ip), what, 1, 0);
            const unsigned b = load_u8(ip++);
            length += b;
            if (b != 255) return {};
        }
    };

    if (NAVSPAN_UNLIKELY(ip == iend)) {
        return navspan::detail::fail(error_code::truncated, at(ip), "lz4 block (empty)", 1, 0);
    }
    const std::byte* last_match = nullptr;  // where the last match started, in the output
    for (;;) {
        // The fast path (see lz4_fast_sequences), then the careful code.
        detail::lz4_fast_sequences(ip, iend, op, oend, obase, last_match);
        if (NAVSPAN_UNLIKELY(ip == iend)) {
            return navspan::detail::fail(error_code::truncated, at(ip),
                                         "lz4 sequence token (the block ends after a match)", 1, 0);
        }
        const unsigned token = load_u8(ip++);

        // Literals.
        std::size_t literals = token >> 4;
        if (literals == 15) NAVSPAN_TRY(extend(literals, "lz4 literal length"));
        const std::size_t in_left = static_cast<std::size_t>(iend - ip);
        const std::size_t out_left = static_cast<std::size_t>(oend - op);
        if (NAVSPAN_LIKELY(literals <= 16 && in_left >= 16 + 2 && out_left >= 16)) {
            // The common short run: one 16-byte copy (the input has an
            // offset after the literals, so 18 bytes remain when it is not
            // the last sequence; the last one takes the careful path).
            detail::copy16(op, ip);
        } else {
            if (NAVSPAN_UNLIKELY(literals > in_left)) {
                return navspan::detail::fail(error_code::truncated, at(ip), "lz4 literals", literals, in_left);
            }
            if (NAVSPAN_UNLIKELY(literals > out_left)) return overflow(literals, ip);
            if (literals != 0) std::memcpy(op, ip, literals);
        }
        ip += literals;
        op += literals;
        if (ip == iend) {
            // The last sequence: literals only.
            NAVSPAN_TRY(detail::lz4_check_end(literals, op, last_match, at(ip)));
            break;
        }

        // Match.
        if (NAVSPAN_UNLIKELY(iend - ip < 2)) {
            return navspan::detail::fail(error_code::truncated, at(ip), "lz4 match offset", 2,
                                         static_cast<std::uint64_t>(iend - ip));
        }
        const std::size_t offset = load_u16(ip);
        const std::byte* const offset_at = ip;
        ip += 2;
        std::size_t length = token & 15u;
        if (length == 15) NAVSPAN_TRY(extend(length, "lz4 match length"));
        length += 4;
        if (NAVSPAN_UNLIKELY(offset == 0 || offset > static_cast<std::size_t>(op - obase))) {
            return navspan::detail::fail(error_code::bad_offset, at(offset_at),
                                         "lz4 match (reaches before the start of the output)", offset,
                                         static_cast<std::uint64_t>(op - obase));
        }
        const std::size_t room = static_cast<std::size_t>(oend - op);
        if (NAVSPAN_UNLIKELY(length > room)) return overflow(length, offset_at);
        last_match = op;
        op = detail::copy_match(op, offset, length, room);
    }
    return static_cast<std::size_t>(op - ostart);
}

// Decodes a block that must produce exactly out.size() - history bytes
// (what a container that stores the decompressed size asks for).
inline error lz4_decompress_block_exact(bytes_view in, std::span<std::byte> out, std::size_t history = 0,
                                        const decode_options& options = {}) noexcept {
    auto r = lz4_decompress_block(in, out, history, options);
    if (!r.ok()) return r.error();
    if (NAVSPAN_UNLIKELY(*r != out.size() - history)) {
        return navspan::detail::fail(error_code::inconsistent, options.base_offset + in.size(),
                                     "lz4 block size (decodes to fewer bytes than declared)", *r,
                                     out.size() - history);
    }
    return {};
}

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
