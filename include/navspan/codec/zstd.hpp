// navspan/codec/zstd.hpp - Zstandard decompression (RFC 8878), written on
// the standard library alone.
//
// zstd_decompress() decodes every frame of its input, one after the other,
// into a caller's span: zstd frames (raw, RLE and compressed blocks; Huffman
// literals with one or four streams, described by direct or FSE-compressed
// weights, or repeated from the previous block; sequences whose three codes
// use predefined, RLE, FSE-described or repeated tables; repeat offsets) and
// skippable frames (stepped over; the legacy formats of zstd before 1.0 are
// refused). A frame's content size, when declared,
// must match what it decodes to, and its content checksum, when present, is
// checked (XXH64, below). Dictionaries are refused (a frame that names one
// fails with unsupported_version): no data navspan reads uses them.
//
// Empty input is zero frames and decodes to nothing, as libzstd's does. Three
// kinds of corruption that libzstd lets through are refused here: a
// sequences bitstream that does not end exactly at its first bit, reserved
// bits set in the symbol compression modes byte, and bytes after a
// sequences section that has no sequences.
//
// Like the LZ4 decoder (codec/lz4.hpp) it never reads outside the input nor
// writes outside the output cap (codec/common.hpp: the span, the limits'
// decompressed size and work budget), allocates nothing (its tables, about
// 22 KiB, live in the `zstd_decoder` object) and does work linear in its
// input and output. Because frames decode straight into the output there is
// no separate window: a frame's window size is only checked against
// decode_options::max_window_size, and a match may reach back to the start
// of its frame's output.
//
// Compressed literals are decoded into the end of the output cap, ahead of
// the block's output, and consumed from there as the sequences run (each
// sequence writes no further than the literals not yet used): the bytes of
// the span beyond what the call produces are therefore scratch, and hold
// whatever was left there.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
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

// XXH64 (the 64-bit xxHash) of `data` with `seed`: zstd's content checksum
// is its low 32 bits with seed 0.
inline std::uint64_t xxh64(bytes_view data, std::uint64_t seed = 0) noexcept {
    constexpr std::uint64_t p1 = 0x9E3779B185EBCA87ull;
    constexpr std::uint64_t p2 = 0xC2B2AE3D27D4EB4Full;
    constexpr std::uint64_t p3 = 0x165667B19E3779F9ull;
    constexpr std::uint64_t p4 = 0x85EBCA77C2B2AE63ull;
    constexpr std::uint64_t p5 = 0x27D4EB2F165667C5ull;
    auto rotl = [](std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); };
    auto mix = [&](std::uint64_t acc, std::uint64_t lane) { return rotl(acc + lane * p2, 31) * p1; };
    auto merge = [&](std::uint64_t acc, std::uint64_t v) { return (acc ^ mix(0, v)) * p1 + p4; };
    const std::byte* p = data.data();
    const std::size_t len = data.size();
    const std::byte* const end = p + len;
    std::uint64_t h;
    if (len >= 32) {
        std::uint64_t v1 = seed + p1 + p2, v2 = seed + p2, v3 = seed, v4 = seed - p1;
        const std::byte* const limit = end - 32;
        do {
            v1 = mix(v1, load_u64(p));
            v2 = mix(v2, load_u64(p + 8));
            v3 = mix(v3, load_u64(p + 16));
            v4 = mix(v4, load_u64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge(h, v1);
        h = merge(h, v2);
        h = merge(h, v3);
        h = merge(h, v4);
    } else {
        h = seed + p5;
    }
    h += static_cast<std::uint64_t>(len);
    for (; end - p >= 8; p += 8) h = rotl(h ^ mix(0, load_u64(p)), 27) * p1 + p4;
    if (end - p >= 4) {
        h = rotl(h ^ (std::uint64_t{load_u32(p)} * p1), 23) * p2 + p3;
        p += 4;
    }
    for (; p < end; ++p) h = rotl(h ^ (std::uint64_t{load_u8(p)} * p5), 11) * p1;
    h ^= h >> 33;
    h *= p2;
    h ^= h >> 29;
    h *= p3;
    h ^= h >> 32;
    return h;
}

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

// A backward bit stream (§4.1): the bytes are one little-endian number read
// from its top; the highest set bit of the last byte marks the start, and
// the stream must end exactly at bit 0.
//
// It holds 64 bits of the stream (the 8 bytes at ptr_, or all the bytes of
// a shorter stream, moved to the top), of which consumed_ are read (counted
// from the top). refill()
// steps ptr_ back over the whole bytes read, so at least 57 bits are
// unread in the container until fewer remain in the stream. Reads past
// bit 0 return unspecified bits (never out of bounds: the shifts are
// masked) and leave pos() negative, which the callers check.
class backward_bits {
public:
    // Fails when the stream is empty or its last byte is zero.
    error init(const std::byte* begin, std::size_t size, std::uint64_t offset, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(size == 0)) return navspan::detail::fail(error_code::truncated, offset, what, 1, 0);
        const unsigned last = load_u8(begin + size - 1);
        if (NAVSPAN_UNLIKELY(last == 0)) {
            return navspan::detail::fail(error_code::inconsistent, offset + size - 1, what, 0);
        }
        start_ = begin;
        low_pad_ = 0;
        if (size >= 8) {
            ptr_ = begin + size - 8;
            container_ = load_u64(ptr_);
            consumed_ = 8 - highest_bit(last);
        } else {
            ptr_ = begin;
            container_ = 0;
            for (std::size_t i = 0; i < size; ++i) container_ |= std::uint64_t{load_u8(begin + i)} << (8 * i);
            // The bytes at the top; the zeros below them are not stream bits.
            low_pad_ = static_cast<unsigned>(8 * (8 - size));
            container_ <<= low_pad_;
            consumed_ = 8 - highest_bit(last);
        }
        return {};
    }

    // Makes at least 57 bits readable (or all that remain).
    NAVSPAN_ALWAYS_INLINE void refill() noexcept {
        if (NAVSPAN_LIKELY(ptr_ - start_ >= 8)) {
            // consumed_ <= 64 here (callers read at most 57 bits between refills).
            ptr_ -= consumed_ >> 3;
            consumed_ &= 7u;
            container_ = load_u64(ptr_);
            return;
        }
        refill_near_start();
    }

    // The next n (<= 57, after refill()) bits, without consuming them.
    NAVSPAN_ALWAYS_INLINE std::uint64_t peek(unsigned n) const noexcept {
        // (Two shifts so that n == 0 gives 0.)
        return ((container_ << (consumed_ & 63u)) >> 1) >> ((63u - n) & 63u);
    }
    NAVSPAN_ALWAYS_INLINE void skip(unsigned n) noexcept { consumed_ += n; }
    NAVSPAN_ALWAYS_INLINE std::uint64_t read(unsigned n) noexcept {
        const std::uint64_t v = peek(n);
        consumed_ += n;
        return v;
    }
    // Bits left (negative after reading past the start).
    std::int64_t pos() const noexcept {
        return static_cast<std::int64_t>(ptr_ - start_) * 8 + 64 - static_cast<std::int64_t>(consumed_) -
               static_cast<std::int64_t>(low_pad_);
    }
    // Whether refill() still moves through whole 8-byte loads (at least 8
    // bytes lie before the container), i.e. 57 bits are readable after it.
    bool far_from_start() const noexcept { return ptr_ - start_ >= 8; }

private:
    void refill_near_start() noexcept {
        if (ptr_ == start_) return;  // a stream of fewer than 8 bytes, or its last 8
        std::size_t back = consumed_ >> 3;
        const auto before = static_cast<std::size_t>(ptr_ - start_);
        if (back > before) back = before;
        ptr_ -= back;
        consumed_ -= static_cast<unsigned>(back * 8);
        container_ = load_u64(ptr_);
    }

    const std::byte* start_ = nullptr;
    const std::byte* ptr_ = nullptr;
    std::uint64_t container_ = 0;
    unsigned consumed_ = 0;
    unsigned low_pad_ = 0;  // a stream shorter than 8 bytes: the container's low bits that are not its
};

// One FSE decoding state's entry, with the value of its symbol resolved:
// the baseline and extra bits of a sequence code (or the symbol itself).
struct fse_entry {
    std::uint32_t base;
    std::uint16_t next;  // the next state is next + (nbits bits)
    std::uint8_t nbits;
    std::uint8_t extra;
};

}  // namespace detail

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

// Decodes zstd frames (see the top of this file). One object holds the
// decoding tables; it may be reused for any number of calls.
class zstd_decoder {
public:
    zstd_decoder() noexcept {
        build_fse(ll_predefined_.data(), detail::ll_default, 35, 6, 0);
        build_fse(ml_predefined_.data(), detail::ml_default, 52, 6, 1);
        build_fse(of_predefined_.data(), detail::of_default, 28, 5, 2);
    }
    zstd_decoder(const zstd_decoder&) = delete;
    zstd_decoder& operator=(const zstd_decoder&) = delete;

    // Decodes every frame of `in` into `out`; returns the bytes written.
    result<std::size_t> decompress(bytes_view in, std::span<std::byte> out, const decode_options& options = {}) noexcept {
        options_ = &options;
        in_begin_ = in.data();
        const detail::output_cap cap = detail::make_output_cap(out.size(), options.limits, in.size());
        cap_ = &cap;
        out_begin_ = out.data();
        out_end_ = out.data() + cap.bytes;
        op_ = out_begin_;
        const std::byte* ip = in.data();
        const std::byte* const iend = in.data() + in.size();
        while (ip < iend) NAVSPAN_TRY(frame(ip, iend));
        return static_cast<std::size_t>(op_ - out_begin_);
    }

private:
    using entry = detail::fse_entry;

    std::uint64_t at(const std::byte* p) const noexcept {
        return options_->base_offset + static_cast<std::uint64_t>(p - in_begin_);
    }
    error truncated(const std::byte* p, const char* what, std::uint64_t needed, std::uint64_t left) const noexcept {
        return navspan::detail::fail(error_code::truncated, at(p), what, needed, left);
    }
    error corrupt(const std::byte* p, const char* what, std::uint64_t value = 0) const noexcept {
        return navspan::detail::fail(error_code::inconsistent, at(p), what, value);
    }
    error overflow(const std::byte* p, std::uint64_t more) const noexcept {
        return detail::output_overflow(*cap_, at(p), static_cast<std::uint64_t>(op_ - out_begin_) + more,
                                       "zstd output (the frames decode to more bytes than the output span)");
    }

    error frame(const std::byte*& ip, const std::byte* iend) noexcept {
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

    // ---- FSE tables (§4.1.1) ----

    // Builds the decoding table of normalized counts norm[0..=max_symbol]
    // with accuracy log `log` into `table`; `kind` 0/1/2 = literal lengths,
    // match lengths, offsets (resolves symbols to baselines), 3 = raw symbols.
    static bool build_fse(entry* table, const std::int16_t* norm, unsigned max_symbol, unsigned log,
                          int kind) noexcept {
        const std::uint32_t size = std::uint32_t{1} << log;
        std::uint32_t high = size - 1;
        std::uint16_t next[256];
        std::uint8_t symbols[512];
        for (unsigned s = 0; s <= max_symbol; ++s) {
            if (norm[s] == -1) {
                symbols[high--] = static_cast<std::uint8_t>(s);
                next[s] = 1;
            } else {
                next[s] = static_cast<std::uint16_t>(norm[s] < 0 ? 0 : norm[s]);
            }
        }
        const std::uint32_t step = (size >> 1) + (size >> 3) + 3;
        const std::uint32_t mask = size - 1;
        std::uint32_t pos = 0;
        for (unsigned s = 0; s <= max_symbol; ++s) {
            for (int i = 0; i < norm[s]; ++i) {
                symbols[pos] = static_cast<std::uint8_t>(s);
                do {
                    pos = (pos + step) & mask;
                } while (pos > high);
            }
        }
        if (pos != 0) return false;
        for (std::uint32_t u = 0; u < size; ++u) {
            const unsigned s = symbols[u];
            const std::uint32_t n = next[s]++;
            const unsigned nbits = log - detail::highest_bit(n);
            entry& e = table[u];
            e.nbits = static_cast<std::uint8_t>(nbits);
            e.next = static_cast<std::uint16_t>((n << nbits) - size);
            switch (kind) {
                case 0: e.base = detail::ll_base[s]; e.extra = detail::ll_bits[s]; break;
                case 1: e.base = detail::ml_base[s]; e.extra = detail::ml_bits[s]; break;
                case 2: e.base = std::uint32_t{1} << s; e.extra = static_cast<std::uint8_t>(s); break;
                default: e.base = s; e.extra = 0; break;
            }
        }
        return true;
    }

    // Reads an FSE table description (§4.1.1) from [ip, end) into
    // norm/max_symbol/log; advances ip past it.
    error read_fse_description(const std::byte*& ip, const std::byte* end, unsigned max_log, unsigned max_symbol,
                               std::int16_t* norm, unsigned& symbols_out, unsigned& log_out,
                               const char* what) const noexcept {
        const std::byte* const start = ip;
        const std::size_t avail = static_cast<std::size_t>(end - ip);
        std::uint64_t bitpos = 0;  // bits read from start
        auto bits = [&](unsigned n) -> std::uint32_t {  // peek n (<= 16) bits; zeros past the end
            std::uint32_t v = 0;
            for (unsigned i = 0; i < n; ++i) {
                const std::uint64_t b = bitpos + i;
                if ((b >> 3) < avail) v |= ((std::to_integer<std::uint32_t>(start[b >> 3]) >> (b & 7)) & 1u) << i;
            }
            return v;
        };
        if (NAVSPAN_UNLIKELY(avail < 1)) return truncated(ip, what, 1, 0);
        const unsigned log = (bits(4)) + 5;
        bitpos = 4;
        if (NAVSPAN_UNLIKELY(log > max_log)) return corrupt(ip, what, log);
        int remaining = (1 << log) + 1;
        int threshold = 1 << log;
        unsigned nbits = log + 1;
        unsigned symbol = 0;
        bool previous_zero = false;
        while (remaining > 1 && symbol <= max_symbol) {
            if (previous_zero) {
                unsigned repeat = symbol;
                for (;;) {
                    const unsigned r = bits(2);
                    bitpos += 2;
                    repeat += r;
                    if (r != 3) break;
                    if (NAVSPAN_UNLIKELY((bitpos >> 3) > avail)) return truncated(ip, what, (bitpos + 7) / 8, avail);
                }
                if (NAVSPAN_UNLIKELY(repeat > max_symbol)) return corrupt(ip, what, repeat);
                while (symbol < repeat) norm[symbol++] = 0;
                if (symbol > max_symbol) break;
            }
            const int max = (2 * threshold - 1) - remaining;
            int count;
            const std::uint32_t low = bits(nbits - 1);
            if (static_cast<int>(low) < max) {
                count = static_cast<int>(low);
                bitpos += nbits - 1;
            } else {
                count = static_cast<int>(bits(nbits));
                if (count >= threshold) count -= max;
                bitpos += nbits;
            }
            --count;
            remaining -= count < 0 ? -count : count;
            norm[symbol++] = static_cast<std::int16_t>(count);
            previous_zero = count == 0;
            while (remaining < threshold) {
                --nbits;
                threshold >>= 1;
            }
            if (NAVSPAN_UNLIKELY((bitpos + 7) / 8 > avail)) return truncated(ip, what, (bitpos + 7) / 8, avail);
        }
        if (NAVSPAN_UNLIKELY(remaining != 1)) return corrupt(ip, what, static_cast<std::uint64_t>(remaining));
        if (NAVSPAN_UNLIKELY(symbol == 0)) return corrupt(ip, what, 0);
        for (unsigned s = symbol; s <= max_symbol; ++s) norm[s] = 0;
        symbols_out = symbol;
        log_out = log;
        ip += (bitpos + 7) / 8;
        return {};
    }

    // ---- literals (§3.1.1.3.1) ----

    // Reads the Huffman tree description at [ip, end) into huffman_; ip moves past it.
    error read_huffman_tree(const std::byte*& ip, const std::byte* end) noexcept {
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
            std::uint32_t s1 = static_cast<std::uint32_t>(br.read(log));
            std::uint32_t s2 = static_cast<std::uint32_t>(br.read(log));
            for (;;) {
                // Two interleaved states; when the stream runs out after one
                // state's update, the other state's symbol is the last.
                // At most 255 weights (each pair written after this check).
                if (NAVSPAN_UNLIKELY(count > 253)) return corrupt(ip, "zstd Huffman weights (too many)", count);
                weights[count++] = static_cast<std::uint8_t>(table[s1].base);
                br.refill();
                s1 = table[s1].next + static_cast<std::uint32_t>(br.read(table[s1].nbits));
                if (br.pos() < 0) {
                    weights[count++] = static_cast<std::uint8_t>(table[s2].base);
                    break;
                }
                if (NAVSPAN_UNLIKELY(count > 253)) return corrupt(ip, "zstd Huffman weights (too many)", count);
                weights[count++] = static_cast<std::uint8_t>(table[s2].base);
                br.refill();
                s2 = table[s2].next + static_cast<std::uint32_t>(br.read(table[s2].nbits));
                if (br.pos() < 0) {
                    weights[count++] = static_cast<std::uint8_t>(table[s1].base);
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

    // One Huffman symbol from `br` (refilled by the caller) into *dst.
    NAVSPAN_ALWAYS_INLINE static void huffman_symbol(detail::backward_bits& br, const std::uint16_t* table,
                                                     unsigned log, std::byte* dst) noexcept {
        const std::uint16_t e = table[br.peek(log)];
        br.skip(e & 0xFFu);
        *dst = static_cast<std::byte>(e >> 8);
    }

    // Decodes the rest of one Huffman stream into [dst, dst_end) and checks
    // that it ends exactly at its first bit (`begin`, for the error).
    error huffman_finish(detail::backward_bits& br, const std::byte* begin, std::byte* dst,
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
    error huffman_stream(const std::byte* begin, std::size_t size, std::byte* dst, std::byte* dst_end) const noexcept {
        detail::backward_bits br;
        NAVSPAN_TRY(br.init(begin, size, at(begin), "zstd Huffman stream"));
        return huffman_finish(br, begin, dst, dst_end);
    }

    // Decodes the four Huffman streams at p (sizes s[0..3]) into four
    // segments of [dst, dst + regen): interleaved while all four are far from
    // their ends (independent work the processor overlaps), then one by one.
    error huffman_four_streams(const std::byte* p, const std::size_t (&s)[4], std::byte* dst, std::size_t segment,
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
    error literals(const std::byte*& ip, const std::byte* end) noexcept {
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
    error literal_space(std::size_t size, const std::byte* where, std::byte*& dst) noexcept {
        if (NAVSPAN_UNLIKELY(size > static_cast<std::size_t>(out_end_ - op_))) return overflow(where, size);
        dst = out_end_ - size;
        lit_ = dst;
        lit_end_ = out_end_;
        literals_in_output_ = true;
        return {};
    }

    // ---- sequences (§3.1.1.3.2) ----

    error sequence_table(const std::byte*& ip, const std::byte* end, unsigned mode, int kind,
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

    error compressed_block(const std::byte* ip, const std::byte* end) noexcept {
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

    error copy_last_literals(std::byte* block_start, const std::byte* where) noexcept {
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

    // The accuracy log of the table a sequence code uses (its first state
    // is read with that many bits).
    unsigned log_of(const entry* table) const noexcept {
        if (table == ll_predefined_.data() || table == ml_predefined_.data()) return 6;
        if (table == of_predefined_.data()) return 5;
        if (table == ll_own_.data()) return ll_own_log_;
        if (table == ml_own_.data()) return ml_own_log_;
        return of_own_log_;
    }

    const decode_options* options_ = nullptr;
    const detail::output_cap* cap_ = nullptr;
    const std::byte* in_begin_ = nullptr;
    std::byte* out_begin_ = nullptr;
    std::byte* out_end_ = nullptr;
    std::byte* op_ = nullptr;
    std::byte* frame_start_ = nullptr;
    std::size_t block_max_ = detail::zstd_block_max;
    const std::byte* lit_ = nullptr;
    const std::byte* lit_end_ = nullptr;
    bool literals_in_output_ = false;
    std::size_t rep_[3] = {1, 4, 8};
    bool have_huffman_ = false;
    unsigned huffman_log_ = 0;
    const entry* ll_table_ = nullptr;
    const entry* ml_table_ = nullptr;
    const entry* of_table_ = nullptr;
    unsigned ll_own_log_ = 0, ml_own_log_ = 0, of_own_log_ = 0;
    std::array<std::uint16_t, 4096> huffman_{};  // (symbol << 8) | code length, by the next 12 bits
    std::array<entry, 512> ll_own_{};
    std::array<entry, 512> ml_own_{};
    std::array<entry, 256> of_own_{};
    std::array<entry, 64> ll_predefined_{};
    std::array<entry, 64> ml_predefined_{};
    std::array<entry, 32> of_predefined_{};
};

// Decodes every frame of `in` into `out` (see the top of this file); returns
// the bytes written. The decoder's tables (about 22 KiB) live on the stack.
inline result<std::size_t> zstd_decompress(bytes_view in, std::span<std::byte> out,
                                           const decode_options& options = {}) noexcept {
    zstd_decoder d;
    return d.decompress(in, out, options);
}

// Decodes frames that must produce exactly out.size() bytes.
inline error zstd_decompress_exact(bytes_view in, std::span<std::byte> out, const decode_options& options = {}) noexcept {
    auto r = zstd_decompress(in, out, options);
    if (!r.ok()) return r.error();
    if (NAVSPAN_UNLIKELY(*r != out.size())) {
        return navspan::detail::fail(error_code::inconsistent, options.base_offset + in.size(),
                                     "zstd content size (the frames decode to fewer bytes than declared)", *r,
                                     out.size());
    }
    return {};
}

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
