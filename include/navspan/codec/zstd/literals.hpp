// navspan/codec/zstd/literals.hpp - a block's literals section, RFC 8878
// §3.1.1.3.1: raw, RLE or Huffman-coded (the tree description, one or four
// streams).
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

// Reads the Huffman tree description at [ip, end) into huffman_; ip moves past it.
inline error zstd_decoder::read_huffman_tree(const std::byte*& ip, const std::byte* end) noexcept {
    if (NAVSPAN_UNLIKELY(ip >= end)) return truncated(ip, "zstd Huffman tree description", 1, 0);
    const unsigned header = load_u8(ip);
    std::uint8_t weights[256] = {};
    unsigned count = 0;
    if (header >= 128) {
        count = header - 127;
        const std::size_t bytes = (count + 1) / 2;
        if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(end - ip) - 1 < bytes)) {
            return truncated(ip + 1, "zstd Huffman weights", bytes, static_cast<std::size_t>(end - ip) - 1);
        }
        for (unsigned i = 0; i < count; ++i) {
            const unsigned b = load_u8(ip + 1 + i / 2);
            weights[i] = static_cast<std::uint8_t>((i & 1u) ? (b & 15u) : (b >> 4));
        }
        ip += 1 + bytes;
    } else {
        const std::size_t size = header;
        if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(end - ip) - 1 < size)) {
            return truncated(ip + 1, "zstd Huffman weights (FSE)", size, static_cast<std::size_t>(end - ip) - 1);
        }
        const std::byte* p = ip + 1;
        const std::byte* const wend = p + size;
        std::int16_t norm[13];
        unsigned symbols = 0, log = 0;
        NAVSPAN_TRY(read_fse_description(p, wend, 6, 12, norm, symbols, log, "zstd Huffman weights table"));
        entry table[64];
        if (NAVSPAN_UNLIKELY(!build_fse(table, norm, 12, log, 3))) {
            return corrupt(ip, "zstd Huffman weights table");
        }
        detail::backward_bits br;
        NAVSPAN_TRY(br.init(p, static_cast<std::size_t>(wend - p), at(p), "zstd Huffman weights stream"));
        br.refill();
        std::uint32_t state[2];
        state[0] = static_cast<std::uint32_t>(br.read(log));
        state[1] = static_cast<std::uint32_t>(br.read(log));
        for (unsigned k = 0;; k ^= 1) {
            // Two interleaved states, taking turns; when the stream runs out
            // after one state's update, the other state's symbol is the last.
            // At most 255 weights (each pair written after this check).
            if (NAVSPAN_UNLIKELY(count > 253)) return corrupt(ip, "zstd Huffman weights (too many)", count);
            weights[count++] = static_cast<std::uint8_t>(table[state[k]].base);
            br.refill();
            state[k] = table[state[k]].next + static_cast<std::uint32_t>(br.read(table[state[k]].nbits));
            if (br.pos() < 0) {
                weights[count++] = static_cast<std::uint8_t>(table[state[k ^ 1]].base);
                break;
            }
        }
        ip = wend;
    }
    // The last weight is implied: it completes the sum to a power of 2.
    std::uint32_t total = 0;
    unsigned rank_count[13] = {};
    for (unsigned i = 0; i < count; ++i) {
        if (NAVSPAN_UNLIKELY(weights[i] > 12)) return corrupt(ip, "zstd Huffman weight", weights[i]);
        ++rank_count[weights[i]];
        if (weights[i] != 0) total += (std::uint32_t{1} << weights[i]) >> 1;
    }
    if (NAVSPAN_UNLIKELY(total == 0)) return corrupt(ip, "zstd Huffman weights (all zero)");
    const unsigned log = detail::highest_bit(total) + 1;
    if (NAVSPAN_UNLIKELY(log > 12)) return corrupt(ip, "zstd Huffman code (longer than 12 bits)", log);
    const std::uint32_t rest = (std::uint32_t{1} << log) - total;
    if (NAVSPAN_UNLIKELY((rest & (rest - 1)) != 0)) return corrupt(ip, "zstd Huffman weights (incomplete)", rest);
    const unsigned last_weight = detail::highest_bit(rest) + 1;
    weights[count++] = static_cast<std::uint8_t>(last_weight);
    ++rank_count[last_weight];
    if (NAVSPAN_UNLIKELY(rank_count[1] < 2 || (rank_count[1] & 1u) != 0)) {
        return corrupt(ip, "zstd Huffman weights (odd number of longest codes)", rank_count[1]);
    }
    // Canonical codes: longer codes (lower weights) first, symbols in order.
    std::uint32_t start[14] = {};
    std::uint32_t next_start = 0;
    for (unsigned w = 1; w <= log; ++w) {
        start[w] = next_start;
        next_start += rank_count[w] << (w - 1);
    }
    for (unsigned s = 0; s < count; ++s) {
        const unsigned w = weights[s];
        if (w == 0) continue;
        const std::uint32_t len = (std::uint32_t{1} << w) >> 1;
        const std::uint16_t e = static_cast<std::uint16_t>((s << 8) | (log + 1 - w));
        for (std::uint32_t i = 0; i < len; ++i) huffman_[start[w] + i] = e;
        start[w] += len;
    }
    huffman_log_ = log;
    have_huffman_ = true;
    return {};
}

// Decodes the rest of one Huffman stream into [dst, dst_end) and checks
// that it ends exactly at its first bit (`begin`, for the error).
inline error zstd_decoder::huffman_finish(detail::backward_bits& br, const std::byte* begin, std::byte* dst,
                     std::byte* const dst_end) const noexcept {
    const unsigned log = huffman_log_;
    const std::uint16_t* const table = huffman_.data();
    // Four symbols (at most 48 bits) per refill while 57 bits are readable.
    while (dst_end - dst >= 4 && br.far_from_start()) {
        br.refill();
        for (int k = 0; k < 4; ++k) huffman_symbol(br, table, log, dst++);
    }
    while (dst < dst_end) {
        br.refill();
        huffman_symbol(br, table, log, dst++);
        if (NAVSPAN_UNLIKELY(br.pos() < 0)) break;
    }
    if (NAVSPAN_UNLIKELY(br.pos() != 0 || dst != dst_end)) {
        return corrupt(begin, "zstd Huffman stream (does not end at its first bit)",
                       static_cast<std::uint64_t>(br.pos() < 0 ? 0 : br.pos()));
    }
    return {};
}

// Decodes one Huffman stream [begin, begin+size) into [dst, dst_end).
inline error zstd_decoder::huffman_stream(const std::byte* begin, std::size_t size, std::byte* dst, std::byte* dst_end) const noexcept {
    detail::backward_bits br;
    NAVSPAN_TRY(br.init(begin, size, at(begin), "zstd Huffman stream"));
    return huffman_finish(br, begin, dst, dst_end);
}

// Decodes the four Huffman streams at p (sizes s[0..3]) into four
// segments of [dst, dst + regen): interleaved while all four are far from
// their ends (independent work the processor overlaps), then one by one.
inline error zstd_decoder::huffman_four_streams(const std::byte* p, const std::size_t (&s)[4], std::byte* dst, std::size_t segment,
                           std::size_t regen) const noexcept {
    detail::backward_bits br[4];
    const std::byte* begin[4];
    std::byte* d[4];
    std::byte* e[4];
    for (int k = 0; k < 4; ++k) {
        begin[k] = p;
        NAVSPAN_TRY(br[k].init(p, s[k], at(p), "zstd Huffman stream"));
        p += s[k];
        d[k] = dst + segment * static_cast<std::size_t>(k);
        e[k] = k < 3 ? d[k] + segment : dst + regen;
    }
    const unsigned log = huffman_log_;
    const std::uint16_t* const table = huffman_.data();
    // The fourth segment is the shortest and all advance together, so
    // its room bounds the others'.
    while (e[3] - d[3] >= 4 && br[0].far_from_start() && br[1].far_from_start() && br[2].far_from_start() &&
           br[3].far_from_start()) {
        for (int k = 0; k < 4; ++k) br[k].refill();
        for (int i = 0; i < 4; ++i) {
            for (int k = 0; k < 4; ++k) huffman_symbol(br[k], table, log, d[k] + i);
        }
        for (int k = 0; k < 4; ++k) d[k] += 4;
    }
    for (int k = 0; k < 4; ++k) NAVSPAN_TRY(huffman_finish(br[k], begin[k], d[k], e[k]));
    return {};
}

// Reads the literals section at [ip, end); leaves lit_/lit_end_ on the
// literals (in the input, or decoded at the end of the output cap).
inline error zstd_decoder::literals(const std::byte*& ip, const std::byte* end) noexcept {
    const std::byte* const start = ip;
    const std::size_t avail = static_cast<std::size_t>(end - ip);
    if (NAVSPAN_UNLIKELY(avail < 1)) return truncated(ip, "zstd literals section header", 1, 0);
    const unsigned b0 = load_u8(ip);
    const unsigned type = b0 & 3u;
    const unsigned size_format = (b0 >> 2) & 3u;
    if (type < 2) {
        std::size_t header = 1, size = b0 >> 3;
        if (size_format == 1) {
            header = 2;
        } else if (size_format == 3) {
            header = 3;
        }
        if (NAVSPAN_UNLIKELY(avail < header)) return truncated(ip, "zstd literals section header", header, avail);
        if (header == 2) size = (b0 >> 4) | (std::size_t{load_u8(ip + 1)} << 4);
        if (header == 3) {
            size = (b0 >> 4) | (std::size_t{load_u8(ip + 1)} << 4) | (std::size_t{load_u8(ip + 2)} << 12);
        }
        if (NAVSPAN_UNLIKELY(size > block_max_)) return corrupt(ip, "zstd literals size (above the block maximum)", size);
        ip += header;
        if (type == 0) {
            if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(end - ip) < size)) {
                return truncated(ip, "zstd raw literals", size, static_cast<std::size_t>(end - ip));
            }
            lit_ = ip;
            lit_end_ = ip + size;
            literals_in_output_ = false;
            ip += size;
            return {};
        }
        if (NAVSPAN_UNLIKELY(ip >= end)) return truncated(ip, "zstd RLE literals", 1, 0);
        std::byte* dst = nullptr;
        NAVSPAN_TRY(literal_space(size, start, dst));
        if (size != 0) std::memset(dst, load_u8(ip), size);
        ip += 1;
        return {};
    }
    // Compressed (2) or treeless (3): sizes in 3, 4 or 5 header bytes.
    const std::size_t header = size_format < 2 ? 3 : size_format + 2;
    if (NAVSPAN_UNLIKELY(avail < header)) return truncated(ip, "zstd literals section header", header, avail);
    std::uint64_t hv = 0;
    for (std::size_t i = 0; i < header; ++i) hv |= std::uint64_t{load_u8(ip + i)} << (8 * i);
    const unsigned field = size_format < 2 ? 10 : (size_format == 2 ? 14 : 18);
    const std::size_t regen = static_cast<std::size_t>((hv >> 4) & ((std::uint64_t{1} << field) - 1));
    const std::size_t csize = static_cast<std::size_t>((hv >> (4 + field)) & ((std::uint64_t{1} << field) - 1));
    const bool four_streams = size_format != 0;
    if (NAVSPAN_UNLIKELY(regen > block_max_)) return corrupt(ip, "zstd literals size (above the block maximum)", regen);
    ip += header;
    if (NAVSPAN_UNLIKELY(static_cast<std::size_t>(end - ip) < csize)) {
        return truncated(ip, "zstd compressed literals", csize, static_cast<std::size_t>(end - ip));
    }
    const std::byte* p = ip;
    const std::byte* const cend = ip + csize;
    if (type == 2) {
        NAVSPAN_TRY(read_huffman_tree(p, cend));
    } else if (NAVSPAN_UNLIKELY(!have_huffman_)) {
        return corrupt(start, "zstd treeless literals (no earlier Huffman table in the frame)");
    }
    std::byte* dst = nullptr;
    NAVSPAN_TRY(literal_space(regen, start, dst));
    if (!four_streams) {
        NAVSPAN_TRY(huffman_stream(p, static_cast<std::size_t>(cend - p), dst, dst + regen));
    } else {
        if (NAVSPAN_UNLIKELY(cend - p < 6)) {
            return truncated(p, "zstd literals jump table", 6, static_cast<std::uint64_t>(cend - p));
        }
        const std::size_t s1 = load_u16(p), s2 = load_u16(p + 2), s3 = load_u16(p + 4);
        p += 6;
        const std::size_t streams = static_cast<std::size_t>(cend - p);
        if (NAVSPAN_UNLIKELY(s1 + s2 + s3 > streams)) {
            return corrupt(p - 6, "zstd literals jump table (streams longer than the literals)", s1 + s2 + s3);
        }
        const std::size_t s4 = streams - s1 - s2 - s3;
        const std::size_t segment = (regen + 3) / 4;
        if (NAVSPAN_UNLIKELY(regen < 3 * segment)) {
            return corrupt(start, "zstd literals size (too small for four streams)", regen);
        }
        const std::size_t sizes[4] = {s1, s2, s3, s4};
        NAVSPAN_TRY(huffman_four_streams(p, sizes, dst, segment, regen));
    }
    ip = cend;
    return {};
}

// Places `size` literals at the end of the output cap, ahead of the output.
inline error zstd_decoder::literal_space(std::size_t size, const std::byte* where, std::byte*& dst) noexcept {
    if (NAVSPAN_UNLIKELY(size > static_cast<std::size_t>(out_end_ - op_))) return overflow(where, size);
    dst = out_end_ - size;
    lit_ = dst;
    lit_end_ = out_end_;
    literals_in_output_ = true;
    return {};
}

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
