// navspan/codec/zstd/sequences.hpp - a compressed block's sequences section,
// RFC 8878 §3.1.1.3.2: the three code tables, then the sequences run into the
// output (literals copied, matches resolved against the repeat offsets).
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

inline error zstd_decoder::sequence_table(const std::byte*& ip, const std::byte* end, unsigned mode, int kind,
                     const entry*& current, entry* own, unsigned& own_log, const entry* predefined,
                     unsigned max_symbol, unsigned max_log, const char* what) noexcept {
    switch (mode) {
        case 0: current = predefined; return {};
        case 1: {
            if (NAVSPAN_UNLIKELY(ip >= end)) return truncated(ip, what, 1, 0);
            const unsigned s = load_u8(ip);
            if (NAVSPAN_UNLIKELY(s > max_symbol)) return corrupt(ip, what, s);
            std::int16_t norm[1] = {1};
            build_fse(own, norm, 0, 0, 3);
            own[0].base = kind == 0 ? detail::ll_base[s] : kind == 1 ? detail::ml_base[s] : std::uint32_t{1} << s;
            own[0].extra = static_cast<std::uint8_t>(kind == 0 ? detail::ll_bits[s] : kind == 1 ? detail::ml_bits[s] : s);
            ++ip;
            own_log = 0;
            current = own;
            return {};
        }
        case 2: {
            std::int16_t norm[53];
            unsigned symbols = 0, log = 0;
            const std::byte* const at_desc = ip;
            NAVSPAN_TRY(read_fse_description(ip, end, max_log, max_symbol, norm, symbols, log, what));
            if (NAVSPAN_UNLIKELY(!build_fse(own, norm, max_symbol, log, kind))) return corrupt(at_desc, what);
            own_log = log;
            current = own;
            return {};
        }
        default:
            if (NAVSPAN_UNLIKELY(current == nullptr)) {
                return corrupt(ip, "zstd repeated sequence table (no earlier table in the frame)");
            }
            return {};
    }
}

inline error zstd_decoder::compressed_block(const std::byte* ip, const std::byte* end) noexcept {
    std::byte* const block_start = op_;
    NAVSPAN_TRY(literals(ip, end));
    // Number of sequences.
    if (NAVSPAN_UNLIKELY(ip >= end)) return truncated(ip, "zstd sequences section header", 1, 0);
    std::size_t count = load_u8(ip);
    std::size_t nb = 1;
    if (count >= 128) {
        nb = count == 255 ? 3 : 2;
        if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(end - ip) < nb)) {
            return truncated(ip, "zstd sequences section header", nb, static_cast<std::size_t>(end - ip));
        }
        count = count == 255 ? load_u16(ip + 1) + std::size_t{0x7F00} : ((count - 128) << 8) + load_u8(ip + 1);
    }
    ip += nb;
    if (count == 0) {
        if (NAVSPAN_UNLIKELY(ip != end)) return corrupt(ip, "zstd block (bytes after an empty sequences section)");
        return copy_last_literals(block_start, ip);
    }
    if (NAVSPAN_UNLIKELY(ip >= end)) return truncated(ip, "zstd symbol compression modes", 1, 0);
    const unsigned modes = load_u8(ip);
    if (NAVSPAN_UNLIKELY(modes & 3u)) return corrupt(ip, "zstd symbol compression modes (reserved bits set)", modes);
    ++ip;
    NAVSPAN_TRY(sequence_table(ip, end, modes >> 6, 0, ll_table_, ll_own_.data(), ll_own_log_, ll_predefined_.data(), 35, 9,
                               "zstd literal lengths table"));
    NAVSPAN_TRY(sequence_table(ip, end, (modes >> 4) & 3u, 2, of_table_, of_own_.data(), of_own_log_,
                               of_predefined_.data(), 31, 8, "zstd offsets table"));
    NAVSPAN_TRY(sequence_table(ip, end, (modes >> 2) & 3u, 1, ml_table_, ml_own_.data(), ml_own_log_,
                               ml_predefined_.data(), 52, 9, "zstd match lengths table"));
    return run_sequences(ip, end, count, block_start);
}

// Runs the `count` sequences of the bitstream [ip, end) into the output, then
// copies the literals left after the last one.
inline error zstd_decoder::run_sequences(const std::byte* ip, const std::byte* end, std::size_t count,
                                         std::byte* block_start) noexcept {
    const entry* const ll_t = ll_table_;
    const entry* const of_t = of_table_;
    const entry* const ml_t = ml_table_;
    detail::backward_bits br;
    NAVSPAN_TRY(br.init(ip, static_cast<std::size_t>(end - ip), at(ip), "zstd sequences bitstream"));
    br.refill();
    std::uint32_t ll_state = static_cast<std::uint32_t>(br.read(log_of(ll_t)));
    std::uint32_t of_state = static_cast<std::uint32_t>(br.read(log_of(of_t)));
    std::uint32_t ml_state = static_cast<std::uint32_t>(br.read(log_of(ml_t)));

    const std::byte* lit = lit_;
    const std::byte* const lit_end = lit_end_;
    const bool in_output = literals_in_output_;
    std::byte* op = op_;
    std::size_t r0 = rep_[0], r1 = rep_[1], r2 = rep_[2];
    for (std::size_t n = count; n > 0; --n) {
        const entry& lle = ll_t[ll_state];
        const entry& ofe = of_t[of_state];
        const entry& mle = ml_t[ml_state];
        // After a refill 57 bits are readable: the offset and match
        // length extra bits (at most 31 + 16), then, when the three
        // extras take at most 31 bits, the literal length's and the
        // three state updates (at most 26) without another refill.
        br.refill();
        std::size_t offset_value = ofe.base + static_cast<std::size_t>(br.read(ofe.extra));
        const std::size_t ml = mle.base + static_cast<std::size_t>(br.read(mle.extra));
        if (NAVSPAN_UNLIKELY(unsigned{ofe.extra} + mle.extra + lle.extra > 31)) br.refill();
        const std::size_t ll = lle.base + static_cast<std::size_t>(br.read(lle.extra));
        const std::size_t offset = resolve_offset(offset_value, ll, r0, r1, r2);
        if (n > 1) {
            ll_state = lle.next + static_cast<std::uint32_t>(br.read(lle.nbits));
            ml_state = mle.next + static_cast<std::uint32_t>(br.read(mle.nbits));
            of_state = ofe.next + static_cast<std::uint32_t>(br.read(ofe.nbits));
        }
        // Where this sequence may write: up to the unused literals when
        // they sit in the output, else the end of the cap.
        const std::size_t room = static_cast<std::size_t>((in_output ? lit : out_end_) - op);
        const std::size_t lit_left = static_cast<std::size_t>(lit_end - lit);
        // The fast path: 32 bytes to spare after the sequence and 16
        // literals beyond its own, so literals and matches are copied in
        // 16-byte chunks that may run past them (never past the room:
        // the next sequence overwrites the excess). (ll and ml are below
        // 2^17 each, so the sums cannot wrap.)
        if (NAVSPAN_LIKELY(ll + ml + 32 <= room && ll + 16 <= lit_left)) {
            detail::copy16(op, lit);
            for (std::size_t i = 16; i < ll; i += 16) detail::copy16(op + i, lit + i);
            op += ll;
            lit += ll;
            // (offset - 1 wraps for 0.)
            if (NAVSPAN_UNLIKELY(offset - 1 >= static_cast<std::size_t>(op - frame_start_))) {
                op_ = op;
                return navspan::detail::fail(error_code::bad_offset, at(end),
                                             "zstd match (reaches before the start of the frame's output)", offset,
                                             static_cast<std::uint64_t>(op - frame_start_));
            }
            if (offset >= 16) {
                const std::byte* const src = op - offset;
                detail::copy16(op, src);
                for (std::size_t i = 16; i < ml; i += 16) detail::copy16(op + i, src + i);
                op += ml;
            } else {
                op = detail::copy_match(op, offset, ml, room - ll);
            }
            continue;
        }
        // Literals, then the match, byte-exact.
        NAVSPAN_TRY(sequence_exact(op, lit, lit_end, ll, ml, offset, room, end));
    }
    rep_[0] = r0;
    rep_[1] = r1;
    rep_[2] = r2;
    op_ = op;
    if (NAVSPAN_UNLIKELY(br.pos() != 0)) {
        return corrupt(end, "zstd sequences bitstream (does not end at its first bit)",
                       static_cast<std::uint64_t>(br.pos() < 0 ? 0 : br.pos()));
    }
    lit_ = lit;
    return copy_last_literals(block_start, end);
}

// The slow path of a sequence (near the end of the room or of the
// literals): its literals, then its match, each checked, copied byte-exact.
inline error zstd_decoder::sequence_exact(std::byte*& op, const std::byte*& lit, const std::byte* lit_end, std::size_t ll,
                                          std::size_t ml, std::size_t offset, std::size_t room, const std::byte* end) noexcept {
    const bool in_output = literals_in_output_;
    const std::size_t lit_left = static_cast<std::size_t>(lit_end - lit);
    if (NAVSPAN_UNLIKELY(ll > lit_left)) {
        op_ = op;
        return corrupt(end, "zstd sequence (more literals than the literals section holds)", ll);
    }
    if (!in_output) {
        if (NAVSPAN_UNLIKELY(ll + ml > room)) {
            op_ = op;
            return overflow(end, ll + ml);
        }
        if (ll != 0) std::memcpy(op, lit, ll);
    } else {
        // op <= lit always; the match must end before the next unused literal.
        if (NAVSPAN_UNLIKELY(ml > room)) {
            op_ = op;
            return overflow(end, static_cast<std::size_t>(out_end_ - lit_end) + ll + ml);
        }
        if (ll != 0) std::memmove(op, lit, ll);
    }
    op += ll;
    lit += ll;
    if (NAVSPAN_UNLIKELY(offset == 0 || offset > static_cast<std::size_t>(op - frame_start_))) {
        op_ = op;
        return navspan::detail::fail(error_code::bad_offset, at(end),
                                     "zstd match (reaches before the start of the frame's output)", offset,
                                     static_cast<std::uint64_t>(op - frame_start_));
    }
    const std::size_t match_room =
        in_output ? static_cast<std::size_t>(lit - op) : static_cast<std::size_t>(out_end_ - op);
    op = detail::copy_match(op, offset, ml, match_room);
    return {};
}

// The offset a sequence's offset value stands for (§3.1.1.5), updating the
// three repeat offsets r0..r2 as it goes.
NAVSPAN_ALWAYS_INLINE inline std::size_t zstd_decoder::resolve_offset(std::size_t offset_value, std::size_t ll, std::size_t& r0,
                                                                   std::size_t& r1, std::size_t& r2) noexcept {
    std::size_t offset;
    if (offset_value > 3) {
        offset = offset_value - 3;
        r2 = r1;
        r1 = r0;
        r0 = offset;
    } else {
        const std::size_t index = offset_value - 1 + (ll == 0 ? 1 : 0);
        if (index == 0) {
            offset = r0;
        } else if (index == 1) {
            offset = r1;
            r1 = r0;
            r0 = offset;
        } else if (index == 2) {
            offset = r2;
            r2 = r1;
            r1 = r0;
            r0 = offset;
        } else {
            offset = r0 - 1;
            r2 = r1;
            r1 = r0;
            r0 = offset;
        }
    }
    return offset;
}


inline error zstd_decoder::copy_last_literals(std::byte* block_start, const std::byte* where) noexcept {
    const std::size_t rest = static_cast<std::size_t>(lit_end_ - lit_);
    if (!literals_in_output_ && NAVSPAN_UNLIKELY(rest > static_cast<std::size_t>(out_end_ - op_))) {
        return overflow(where, rest);
    }
    if (rest != 0) std::memmove(op_, lit_, rest);
    op_ += rest;
    if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(op_ - block_start) > detail::zstd_block_max)) {
        return corrupt(where, "zstd block (decodes to more than 128 KiB)",
                       static_cast<std::uint64_t>(op_ - block_start));
    }
    return {};
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
