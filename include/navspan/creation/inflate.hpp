// navspan/creation/inflate.hpp - zlib (RFC 1950) and DEFLATE (RFC 1951) decompression.
//
// Bethesda plugins store most records zlib-compressed, so reading a navmesh
// means inflating it first. This is a complete inflater written on the
// standard library alone:
//
//  * it decompresses into a caller-provided buffer of exactly the size the
//    caller expects (a compressed plugin record declares it), and fails when
//    the stream would produce one byte more or ends one byte short;
//  * it never reads outside the input span nor writes outside the output
//    span, and it always terminates (every step consumes input bits or fails);
//  * malformed streams (bad header, reserved block type, over-subscribed or
//    incomplete Huffman codes, invalid symbols, distances reaching before the
//    start of the output, stored-length mismatches) and Adler-32 mismatches
//    are clean navspan::error values; it allocates nothing (its decoding
//    tables, about 13 KiB, live inside the `inflater` object on the stack).
//
// Speed comes from the usual table-driven design: a 64-bit bit buffer that is
// refilled with one unaligned 8-byte load while at least 8 input bytes
// remain, a first-level lookup table indexed by the next 10 (literal/length)
// or 8 (distance) bits with second-level tables for the rare longer codes,
// and a match copy that moves 8 bytes at a time while the output has room
// for a maximal match. Near the ends of input and output a careful path takes
// over that checks every bit and byte.
//
// Error offsets are byte offsets into the compressed input plus the
// `base_offset` the caller passes (the plugin reader passes the stream's file
// offset, so an error in a compressed record names the file byte).
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

namespace navspan::creation {

// The Adler-32 checksum of RFC 1950 §8.2, continued from `adler` (1 starts a
// new checksum).
constexpr std::uint32_t adler32(bytes_view data, std::uint32_t adler = 1) noexcept {
    constexpr std::uint32_t modulus = 65521;
    // The largest run of bytes whose sums cannot overflow 32 bits before
    // the modulo: 255 n (n + 1) / 2 + (n + 1) (modulus - 1) < 2^32.
    constexpr std::size_t max_run = 5552;
    std::uint32_t a = adler & 0xFFFFu;
    std::uint32_t b = adler >> 16;
    const std::byte* p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
        std::size_t run = left < max_run ? left : max_run;
        left -= run;
        while (run >= 8) {
            // b gains a eight times plus each byte weighted by how many
            // of the eight sums it enters.
            const std::uint32_t b0 = std::to_integer<std::uint32_t>(p[0]);
            const std::uint32_t b1 = std::to_integer<std::uint32_t>(p[1]);
            const std::uint32_t b2 = std::to_integer<std::uint32_t>(p[2]);
            const std::uint32_t b3 = std::to_integer<std::uint32_t>(p[3]);
            const std::uint32_t b4 = std::to_integer<std::uint32_t>(p[4]);
            const std::uint32_t b5 = std::to_integer<std::uint32_t>(p[5]);
            const std::uint32_t b6 = std::to_integer<std::uint32_t>(p[6]);
            const std::uint32_t b7 = std::to_integer<std::uint32_t>(p[7]);
            b += 8 * a + 8 * b0 + 7 * b1 + 6 * b2 + 5 * b3 + 4 * b4 + 3 * b5 + 2 * b6 + b7;
            a += b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7;
            p += 8;
            run -= 8;
        }
        while (run > 0) {
            a += std::to_integer<std::uint32_t>(*p++);
            b += a;
            --run;
        }
        a %= modulus;
        b %= modulus;
    }
    return (b << 16) | a;
}

namespace detail {

// A decoding table entry is one u32:
//   bits  0..7   bits the code occupies in the stream (its length)
//   bits  8..11  extra bits that follow a length or distance code; for a
//                link to a second-level table, that table's index width
//   bit   12     invalid symbol (lengths 286/287, distances 30/31, or an
//                unused slot of an incomplete code)
//   bit   13     end of block
//   bit   14     link to a second-level table
//   bit   15     literal (or, in the code-length table, any symbol)
//   bits 16..31  literal byte, base length, base distance, or the link's
//                first entry
// Length and distance entries carry none of the four flags.
inline constexpr std::uint32_t entry_invalid = 0x1000;
inline constexpr std::uint32_t entry_end_of_block = 0x2000;
inline constexpr std::uint32_t entry_link = 0x4000;
inline constexpr std::uint32_t entry_literal = 0x8000;

constexpr std::uint32_t entry_bits(std::uint32_t e) noexcept { return e & 0xFFu; }
constexpr std::uint32_t entry_extra(std::uint32_t e) noexcept { return (e >> 8) & 0xFu; }
constexpr std::uint32_t entry_value(std::uint32_t e) noexcept { return e >> 16; }

inline constexpr unsigned max_code_bits = 15;
inline constexpr unsigned litlen_root_bits = 10;
inline constexpr unsigned distance_root_bits = 8;
inline constexpr unsigned precode_root_bits = 7;
inline constexpr unsigned litlen_symbols = 288;  // the fixed code defines 288
inline constexpr unsigned distance_symbols = 32;
inline constexpr unsigned precode_symbols = 19;

// Entries a table can need: the first level plus second-level tables. A
// complete code's second-level table of width s holds at least s + 1 codes
// (a complete subtree of depth s has that many leaves), and 2^s / (s + 1)
// grows with s, so n codes can fill at most n * 2^S / (S + 1) second-level
// entries, S = max_code_bits - root. (The builder checks the capacity too.)
constexpr std::size_t table_capacity(unsigned root, unsigned symbols, unsigned max_bits) noexcept {
    const unsigned s = max_bits - root;
    return (std::size_t{1} << root) + symbols * (std::size_t{1} << s) / (s + 1);
}
inline constexpr std::size_t litlen_capacity = table_capacity(litlen_root_bits, litlen_symbols, max_code_bits);
inline constexpr std::size_t distance_capacity =
    table_capacity(distance_root_bits, distance_symbols, max_code_bits);
inline constexpr std::size_t precode_capacity = std::size_t{1} << precode_root_bits;

// RFC 1951 §3.2.5: base and extra bits of length codes 257..285 and
// distance codes 0..29.
inline constexpr std::uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,  15,  17,  19,  23, 27,
                                                  31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
inline constexpr std::uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                  2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
inline constexpr std::uint16_t distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                                    33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                                    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
inline constexpr std::uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                    6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order in which a dynamic block lists the code-length code's lengths.
inline constexpr std::uint8_t precode_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

constexpr std::uint32_t litlen_payload(unsigned symbol) noexcept {
    if (symbol < 256) return entry_literal | (symbol << 16);
    if (symbol == 256) return entry_end_of_block;
    if (symbol < 286) {
        return (std::uint32_t{length_base[symbol - 257]} << 16) | (std::uint32_t{length_extra[symbol - 257]} << 8);
    }
    return entry_invalid;
}
constexpr std::uint32_t distance_payload(unsigned symbol) noexcept {
    if (symbol < 30) {
        return (std::uint32_t{distance_base[symbol]} << 16) | (std::uint32_t{distance_extra[symbol]} << 8);
    }
    return entry_invalid;
}
constexpr std::uint32_t precode_payload(unsigned symbol) noexcept { return entry_literal | (symbol << 16); }

enum class build_status : std::uint8_t { ok, over_subscribed, incomplete, too_large };

// Builds the decoding table of the canonical Huffman code whose code lengths
// (0 = unused, at most 15) are `lengths[0..count)`. The stream sends codes
// most significant bit first while the bit buffer is filled least
// significant bit first, so entries are indexed by bit-reversed codes.
// An incomplete code is refused unless `allow_single` and it is one code of
// length 1 (RFC 1951 allows a lone distance code); a code with no symbols
// at all gives a table of invalid entries (a block may use no distances).
constexpr build_status build_table(std::uint32_t* table, std::size_t capacity, unsigned root,
                                   const std::uint8_t* lengths, unsigned count,
                                   std::uint32_t (*payload)(unsigned), bool allow_single) noexcept {
    unsigned counts[max_code_bits + 1] = {};
    for (unsigned s = 0; s < count; ++s) ++counts[lengths[s]];
    counts[0] = 0;

    int left = 1;  // unused code space at the current length
    unsigned total = 0;
    unsigned longest = 0;
    for (unsigned len = 1; len <= max_code_bits; ++len) {
        left = left * 2 - static_cast<int>(counts[len]);
        if (left < 0) return build_status::over_subscribed;
        total += counts[len];
        if (counts[len] != 0) longest = len;
    }
    const std::size_t root_size = std::size_t{1} << root;
    if (total == 0 || left > 0) {
        if (total != 0 && !(allow_single && total == 1 && longest == 1)) return build_status::incomplete;
        // Unused slots: one bit already tells them apart.
        for (std::size_t i = 0; i < root_size; ++i) table[i] = entry_invalid | 1u;
        if (total == 0) return build_status::ok;
    }

    // Symbols sorted by (length, symbol): the canonical code order.
    unsigned first_of_length[max_code_bits + 2] = {};
    for (unsigned len = 1; len <= max_code_bits; ++len) first_of_length[len + 1] = first_of_length[len] + counts[len];
    std::uint16_t sorted[litlen_symbols] = {};
    for (unsigned s = 0; s < count; ++s) {
        if (lengths[s] != 0) sorted[first_of_length[lengths[s]]++] = static_cast<std::uint16_t>(s);
    }

    // Canonical codes, bit-reversed, in that order.
    unsigned next_code[max_code_bits + 1] = {};
    unsigned code = 0;
    for (unsigned len = 1; len <= max_code_bits; ++len) {
        code = (code + counts[len - 1]) << 1;
        next_code[len] = code;
    }
    std::uint16_t reversed[litlen_symbols] = {};
    for (unsigned i = 0; i < total; ++i) {
        const unsigned len = lengths[sorted[i]];
        const unsigned c = next_code[len]++;
        unsigned r = 0;
        for (unsigned bit = 0; bit < len; ++bit) r |= ((c >> bit) & 1u) << (len - 1 - bit);
        reversed[i] = static_cast<std::uint16_t>(r);
    }

    // Codes that share their first `root` bits are consecutive in canonical
    // order and come shortest first, so the last one of a run sets the
    // width of their second-level table.
    std::size_t next_free = root_size;
    std::size_t link_start = 0;
    std::size_t link_size = 0;
    std::size_t current_prefix = root_size;  // none yet
    for (unsigned i = 0; i < total; ++i) {
        const unsigned symbol = sorted[i];
        const unsigned len = lengths[symbol];
        const std::uint32_t entry = payload(symbol) | len;
        const std::size_t r = reversed[i];
        if (len <= root) {
            for (std::size_t k = r; k < root_size; k += std::size_t{1} << len) table[k] = entry;
            continue;
        }
        const std::size_t prefix = r & (root_size - 1);
        if (prefix != current_prefix) {
            unsigned last = i;
            while (last + 1 < total && (reversed[last + 1] & (root_size - 1)) == prefix) ++last;
            const unsigned width = lengths[sorted[last]] - root;
            link_size = std::size_t{1} << width;
            if (link_size > capacity - next_free) return build_status::too_large;
            link_start = next_free;
            next_free += link_size;
            table[prefix] = entry_link | (width << 8) | root | static_cast<std::uint32_t>(link_start << 16);
            current_prefix = prefix;
        }
        for (std::size_t k = r >> root; k < link_size; k += std::size_t{1} << (len - root)) {
            table[link_start + k] = entry;
        }
    }
    return build_status::ok;
}

// The fixed Huffman code of RFC 1951 §3.2.6, built at compile time.
struct fixed_code_tables {
    std::array<std::uint32_t, litlen_capacity> litlen{};
    std::array<std::uint32_t, distance_capacity> distance{};
};

constexpr fixed_code_tables make_fixed_code_tables() noexcept {
    fixed_code_tables t;
    std::uint8_t lengths[litlen_symbols] = {};
    for (unsigned s = 0; s < litlen_symbols; ++s) {
        lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    }
    build_table(t.litlen.data(), litlen_capacity, litlen_root_bits, lengths, litlen_symbols, litlen_payload, false);
    std::uint8_t distance_lengths[distance_symbols] = {};
    for (auto& l : distance_lengths) l = 5;
    build_table(t.distance.data(), distance_capacity, distance_root_bits, distance_lengths, distance_symbols,
                distance_payload, false);
    return t;
}

inline constexpr fixed_code_tables fixed_code = make_fixed_code_tables();

}  // namespace detail

// Decompresses one raw DEFLATE stream (RFC 1951) into exactly out.size()
// bytes. inflate_raw() / inflate_zlib() below are the usual entry points;
// the class is public for callers that want to know how much input and
// output a stream used. It holds its 13 KiB of decoding tables inline.
class inflater {
public:
    inflater(bytes_view in, std::span<std::byte> out, std::uint64_t base_offset = 0) noexcept
        : in_begin_(in.data()),
          in_(in.data()),
          in_end_(in.data() + in.size()),
          out_begin_(out.data()),
          out_(out.data()),
          out_end_(out.data() + out.size()),
          base_offset_(base_offset) {}

    // Inflates every block up to the final one. On success the output span
    // was filled exactly.
    error run() noexcept {
        for (;;) {
            std::uint64_t header = 0;
            NAVSPAN_TRY(read_bits(3, header, "deflate block header"));
            const bool final_block = (header & 1u) != 0;
            switch (header >> 1) {
                case 0: NAVSPAN_TRY(stored_block()); break;
                case 1:
                    NAVSPAN_TRY(huffman_block(detail::fixed_code.litlen.data(),
                                              detail::fixed_code.distance.data()));
                    break;
                case 2:
                    NAVSPAN_TRY(dynamic_header());
                    NAVSPAN_TRY(huffman_block(litlen_, distance_));
                    break;
                default:
                    return navspan::detail::fail(error_code::inconsistent, input_offset(), "deflate block type (reserved 3)", 3);
            }
            if (final_block) break;
        }
        if (out_ != out_end_) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(),
                                "inflated size (the stream ends before the declared size)",
                                static_cast<std::uint64_t>(out_ - out_begin_), static_cast<std::uint64_t>(out_end_ - out_begin_));
        }
        align_to_byte();
        return {};
    }

    // Input bytes used so far (after run(): up to the end of the final
    // block, rounded up to a whole byte).
    std::size_t consumed() const noexcept {
        return static_cast<std::size_t>(in_ - in_begin_) - bitcount_ / 8;
    }
    // Output bytes written so far.
    std::size_t produced() const noexcept { return static_cast<std::size_t>(out_ - out_begin_); }

private:
    // Room the fast loop needs: a maximal match (258) plus the up to 7
    // bytes an 8-byte copy may write past it.
    static constexpr std::ptrdiff_t fast_output_room = 258 + 8;
    // Bits one fast iteration may use: a 15-bit length code, 5 extra bits,
    // a 15-bit distance code and 13 extra bits (48) fit in the 56 bits a
    // refill guarantees.
    static constexpr std::ptrdiff_t fast_input_room = 8;

    std::uint64_t input_offset() const noexcept { return base_offset_ + consumed(); }

    error truncated(const char* what) const noexcept {
        return navspan::detail::fail(error_code::truncated, input_offset(), what, 1, 0);
    }

    // Tops the bit buffer up to at least 56 bits with one 8-byte load.
    // Needs 8 readable input bytes. The load also leaves the low bits of
    // the next byte above the counted bits; they are that byte's real bits,
    // so a later refill ORs identical values over them.
    void refill_fast() noexcept {
        bits_ |= load_u64(in_) << bitcount_;
        in_ += (63 - bitcount_) >> 3;
        bitcount_ |= 56;
    }
    // Byte by byte, as far as the input goes.
    void refill_careful() noexcept {
        while (bitcount_ < 56 && in_ != in_end_) {
            bits_ |= std::uint64_t{std::to_integer<std::uint8_t>(*in_)} << bitcount_;
            ++in_;
            bitcount_ += 8;
        }
    }
    void consume(unsigned n) noexcept {
        bits_ >>= n;
        bitcount_ -= n;
    }
    std::uint64_t peek(unsigned n) const noexcept { return bits_ & ((std::uint64_t{1} << n) - 1); }

    error read_bits(unsigned n, std::uint64_t& out, const char* what) noexcept {
        refill_careful();
        if (NAVSPAN_UNLIKELY(n > bitcount_)) return truncated(what);
        out = peek(n);
        consume(n);
        return {};
    }

    // Drops the bits up to the next byte boundary and gives the whole
    // bytes still in the bit buffer back to the input.
    void align_to_byte() noexcept {
        consume(bitcount_ & 7u);
        in_ -= bitcount_ / 8;
        bits_ = 0;
        bitcount_ = 0;
    }

    error stored_block() noexcept {
        align_to_byte();
        if (NAVSPAN_UNLIKELY(in_end_ - in_ < 4)) return truncated("stored block length");
        const std::uint16_t length = load_u16(in_);
        const std::uint16_t inverse = load_u16(in_ + 2);
        if (NAVSPAN_UNLIKELY(static_cast<std::uint16_t>(~length) != inverse)) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(), "stored block length (LEN and NLEN differ)",
                                length);
        }
        in_ += 4;
        if (NAVSPAN_UNLIKELY(length > in_end_ - in_)) {
            return navspan::detail::fail(error_code::truncated, input_offset(), "stored block", length,
                                static_cast<std::uint64_t>(in_end_ - in_));
        }
        if (NAVSPAN_UNLIKELY(length > out_end_ - out_)) return output_overflow();
        if (length != 0) std::memcpy(out_, in_, length);
        in_ += length;
        out_ += length;
        return {};
    }

    error output_overflow() const noexcept {
        return navspan::detail::fail(error_code::inconsistent, input_offset(),
                            "inflated size (the stream goes on past the declared size)",
                            static_cast<std::uint64_t>(out_end_ - out_begin_));
    }

    // Reads the code-length code and the two codes of a dynamic block
    // (RFC 1951 §3.2.7) and builds litlen_ and distance_.
    error dynamic_header() noexcept {
        using namespace detail;
        std::uint64_t counts = 0;
        NAVSPAN_TRY(read_bits(14, counts, "dynamic block header"));
        const unsigned litlen_count = 257 + static_cast<unsigned>(counts & 31u);
        const unsigned distance_count = 1 + static_cast<unsigned>((counts >> 5) & 31u);
        const unsigned precode_count = 4 + static_cast<unsigned>(counts >> 10);
        if (NAVSPAN_UNLIKELY(litlen_count > 286 || distance_count > 30)) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(),
                                "dynamic block header (more than 286 length or 30 distance codes)",
                                litlen_count > 286 ? litlen_count : distance_count);
        }
        std::uint8_t precode_lengths[precode_symbols] = {};
        for (unsigned i = 0; i < precode_count; ++i) {
            std::uint64_t len = 0;
            NAVSPAN_TRY(read_bits(3, len, "code length code"));
            precode_lengths[precode_order[i]] = static_cast<std::uint8_t>(len);
        }
        std::uint32_t precode[precode_capacity];
        if (build_table(precode, precode_capacity, precode_root_bits, precode_lengths, precode_symbols,
                        precode_payload, false) != build_status::ok) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(), "code length code (not a complete prefix code)");
        }

        // Literal/length and distance lengths form one sequence; a repeat
        // may run from one into the other.
        std::uint8_t lengths[286 + 30] = {};
        const unsigned total = litlen_count + distance_count;
        unsigned n = 0;
        while (n < total) {
            std::uint32_t e = 0;
            NAVSPAN_TRY(decode_careful(precode, precode_root_bits, e, "code length"));
            const unsigned symbol = entry_value(e);
            if (symbol < 16) {
                lengths[n++] = static_cast<std::uint8_t>(symbol);
                continue;
            }
            std::uint8_t value = 0;
            std::uint64_t repeat = 0;
            if (symbol == 16) {
                if (NAVSPAN_UNLIKELY(n == 0)) {
                    return navspan::detail::fail(error_code::inconsistent, input_offset(), "code length repeat (nothing to repeat)", 16);
                }
                value = lengths[n - 1];
                NAVSPAN_TRY(read_bits(2, repeat, "code length repeat"));
                repeat += 3;
            } else if (symbol == 17) {
                NAVSPAN_TRY(read_bits(3, repeat, "code length repeat"));
                repeat += 3;
            } else {
                NAVSPAN_TRY(read_bits(7, repeat, "code length repeat"));
                repeat += 11;
            }
            if (NAVSPAN_UNLIKELY(repeat > total - n)) {
                return navspan::detail::fail(error_code::inconsistent, input_offset(),
                                    "code length repeat (runs past the declared code count)", repeat, total - n);
            }
            for (std::uint64_t k = 0; k < repeat; ++k) lengths[n++] = value;
        }
        if (NAVSPAN_UNLIKELY(lengths[256] == 0)) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(), "literal/length code (no end-of-block code)");
        }
        if (build_table(litlen_, litlen_capacity, litlen_root_bits, lengths, litlen_count, litlen_payload, true) !=
            build_status::ok) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(),
                                "literal/length code (over-subscribed or incomplete)");
        }
        if (build_table(distance_, distance_capacity, distance_root_bits, lengths + litlen_count, distance_count,
                        distance_payload, true) != build_status::ok) {
            return navspan::detail::fail(error_code::inconsistent, input_offset(), "distance code (over-subscribed or incomplete)");
        }
        return {};
    }

    // Decodes one symbol with every bit checked.
    error decode_careful(const std::uint32_t* table, unsigned root, std::uint32_t& entry, const char* what) noexcept {
        using namespace detail;
        refill_careful();
        std::uint32_t e = table[peek(root)];
        if (e & entry_link) e = table[entry_value(e) + ((bits_ >> root) & ((std::uint64_t{1} << entry_extra(e)) - 1))];
        if (NAVSPAN_UNLIKELY(entry_bits(e) > bitcount_)) return truncated(what);
        if (NAVSPAN_UNLIKELY(e & entry_invalid)) return invalid_symbol();
        consume(entry_bits(e));
        entry = e;
        return {};
    }

    error invalid_symbol() const noexcept {
        return navspan::detail::fail(error_code::inconsistent, input_offset(), "deflate symbol (invalid code)");
    }
    error bad_distance(std::size_t distance) const noexcept {
        return navspan::detail::fail(error_code::bad_offset, input_offset(), "deflate match (distance before the output start)",
                            distance, produced());
    }

    // Copies a match while the output has room for 8-byte over-copies.
    void copy_match_fast(std::size_t distance, std::size_t length) noexcept {
        std::byte* dst = out_;
        const std::byte* src = out_ - distance;
        std::byte* const end = out_ + length;
        if (distance >= 8) {
            // Each 8-byte chunk reads bytes at least 8 behind the ones it
            // writes, so the chunks never overlap within one copy.
            do {
                std::memcpy(dst, src, 8);
                dst += 8;
                src += 8;
            } while (dst < end);
        } else if (distance == 1) {
            std::memset(dst, std::to_integer<unsigned char>(*src), length);
        } else {
            // A period of 2..7 bytes repeats with every multiple of it too.
            // Write bytes one at a time until a multiple of at least 8 lies
            // behind, then copy 8 at a time from that far back.
            const std::size_t period = distance * ((8 + distance - 1) / distance);
            std::byte* const head_end = period - distance < length ? dst + (period - distance) : end;
            while (dst < head_end) *dst++ = *src++;
            if (dst < end) {
                src = dst - period;
                do {
                    std::memcpy(dst, src, 8);
                    dst += 8;
                    src += 8;
                } while (dst < end);
            }
        }
        out_ = end;
    }

    error huffman_block(const std::uint32_t* litlen, const std::uint32_t* distance) noexcept {
        using namespace detail;
        constexpr std::uint64_t litlen_mask = (std::uint64_t{1} << litlen_root_bits) - 1;
        constexpr std::uint64_t distance_mask = (std::uint64_t{1} << distance_root_bits) - 1;
        for (;;) {
            while (in_end_ - in_ >= fast_input_room && out_end_ - out_ >= fast_output_room) {
                refill_fast();
                std::uint32_t e = litlen[bits_ & litlen_mask];
                if (e & entry_link) {
                    e = litlen[entry_value(e) + ((bits_ >> litlen_root_bits) & ((std::uint64_t{1} << entry_extra(e)) - 1))];
                }
                if (e & entry_literal) {
                    consume(entry_bits(e));
                    *out_++ = static_cast<std::byte>(entry_value(e));
                    // 41 bits remain: room for a second literal code.
                    e = litlen[bits_ & litlen_mask];
                    if (e & entry_link) {
                        e = litlen[entry_value(e) +
                                   ((bits_ >> litlen_root_bits) & ((std::uint64_t{1} << entry_extra(e)) - 1))];
                    }
                    if (!(e & entry_literal)) continue;
                    consume(entry_bits(e));
                    *out_++ = static_cast<std::byte>(entry_value(e));
                    continue;
                }
                if (NAVSPAN_UNLIKELY(e & (entry_end_of_block | entry_invalid))) {
                    if (e & entry_invalid) return invalid_symbol();
                    consume(entry_bits(e));
                    return {};
                }
                consume(entry_bits(e));
                const std::size_t length = entry_value(e) + static_cast<std::size_t>(peek(entry_extra(e)));
                consume(entry_extra(e));
                std::uint32_t d = distance[bits_ & distance_mask];
                if (d & entry_link) {
                    d = distance[entry_value(d) +
                                 ((bits_ >> distance_root_bits) & ((std::uint64_t{1} << entry_extra(d)) - 1))];
                }
                if (NAVSPAN_UNLIKELY(d & entry_invalid)) return invalid_symbol();
                consume(entry_bits(d));
                const std::size_t dist = entry_value(d) + static_cast<std::size_t>(peek(entry_extra(d)));
                consume(entry_extra(d));
                if (NAVSPAN_UNLIKELY(dist > produced())) return bad_distance(dist);
                copy_match_fast(dist, length);
            }

            // Near the end of the input or the output: one symbol with
            // every bit and byte checked.
            std::uint32_t e = 0;
            NAVSPAN_TRY(decode_careful(litlen, litlen_root_bits, e, "literal/length code"));
            if (e & entry_literal) {
                if (NAVSPAN_UNLIKELY(out_ == out_end_)) return output_overflow();
                *out_++ = static_cast<std::byte>(entry_value(e));
                continue;
            }
            if (e & entry_end_of_block) return {};
            std::uint64_t extra = 0;
            NAVSPAN_TRY(read_bits(entry_extra(e), extra, "length extra bits"));
            const std::size_t length = entry_value(e) + static_cast<std::size_t>(extra);
            std::uint32_t d = 0;
            NAVSPAN_TRY(decode_careful(distance, distance_root_bits, d, "distance code"));
            NAVSPAN_TRY(read_bits(entry_extra(d), extra, "distance extra bits"));
            const std::size_t dist = entry_value(d) + static_cast<std::size_t>(extra);
            if (NAVSPAN_UNLIKELY(dist > produced())) return bad_distance(dist);
            if (NAVSPAN_UNLIKELY(length > static_cast<std::size_t>(out_end_ - out_))) return output_overflow();
            const std::byte* src = out_ - dist;
            for (std::size_t k = 0; k < length; ++k) out_[k] = src[k];
            out_ += length;
        }
    }

    const std::byte* in_begin_;
    const std::byte* in_;
    const std::byte* in_end_;
    std::byte* out_begin_;
    std::byte* out_;
    std::byte* out_end_;
    std::uint64_t base_offset_;
    std::uint64_t bits_ = 0;
    unsigned bitcount_ = 0;
    std::uint32_t litlen_[detail::litlen_capacity];
    std::uint32_t distance_[detail::distance_capacity];
};

// Inflates a raw DEFLATE stream into exactly out.size() bytes. `consumed`
// (if given) receives the input bytes the stream used; bytes after it are
// not examined.
inline error inflate_raw(bytes_view in, std::span<std::byte> out, std::uint64_t base_offset = 0,
                         std::size_t* consumed = nullptr) noexcept {
    inflater z(in, out, base_offset);
    NAVSPAN_TRY(z.run());
    if (consumed != nullptr) *consumed = z.consumed();
    return {};
}

// Inflates a zlib stream (RFC 1950: 2-byte header, DEFLATE data, Adler-32
// of the output) into exactly out.size() bytes, and checks the checksum.
// Preset dictionaries are refused (no plugin uses them). `consumed` (if
// given) receives the bytes the stream used, checksum included; like zlib's
// own uncompress(), bytes after the checksum are ignored.
inline error inflate_zlib(bytes_view in, std::span<std::byte> out, std::uint64_t base_offset = 0,
                          std::size_t* consumed = nullptr) noexcept {
    if (NAVSPAN_UNLIKELY(in.size() < 2)) {
        return navspan::detail::fail(error_code::truncated, base_offset, "zlib header", 2, in.size());
    }
    const unsigned cmf = load_u8(in.data());
    const unsigned flg = load_u8(in.data() + 1);
    if (NAVSPAN_UNLIKELY((cmf * 256 + flg) % 31 != 0)) {
        return navspan::detail::fail(error_code::bad_magic, base_offset, "zlib header (check bits)", cmf * 256 + flg);
    }
    if (NAVSPAN_UNLIKELY((cmf & 15u) != 8 || (cmf >> 4) > 7)) {
        return navspan::detail::fail(error_code::unsupported_version, base_offset, "zlib compression method (not DEFLATE)",
                            cmf);
    }
    if (NAVSPAN_UNLIKELY(flg & 0x20u)) {
        return navspan::detail::fail(error_code::unsupported_version, base_offset + 1, "zlib preset dictionary", flg);
    }
    inflater z(in.subspan(2), out, base_offset + 2);
    NAVSPAN_TRY(z.run());
    const std::size_t end = 2 + z.consumed();
    if (NAVSPAN_UNLIKELY(in.size() - end < 4)) {
        return navspan::detail::fail(error_code::truncated, base_offset + end, "zlib Adler-32 checksum", 4, in.size() - end);
    }
    const std::uint32_t stored = (std::uint32_t{load_u8(in.data() + end)} << 24) |
                                 (std::uint32_t{load_u8(in.data() + end + 1)} << 16) |
                                 (std::uint32_t{load_u8(in.data() + end + 2)} << 8) | load_u8(in.data() + end + 3);
    const std::uint32_t computed = adler32(out);
    if (NAVSPAN_UNLIKELY(stored != computed)) {
        return navspan::detail::fail(error_code::inconsistent, base_offset + end, "zlib Adler-32 checksum (does not match the data)",
                            stored, computed);
    }
    if (consumed != nullptr) *consumed = end + 4;
    return {};
}

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
