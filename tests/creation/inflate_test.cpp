// The inflater against streams written by the test-side DEFLATE writer
// (stored, fixed and dynamic Huffman), hand-built edge cases, and broken
// streams of every kind.
#include <navspan/creation/inflate.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "creation/deflate_writer.hpp"
#include "support/alloc_counter.hpp"
#include "support/sweep.hpp"
#include "support/textured_data.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace creation_inflate_test {

namespace {

using navspan::error_code;
using navspan_test::bit_writer;
using navspan_test::deflate_mode;

// Data with the texture of navmesh records: runs of small integers, repeated
// floats, some noise.
std::vector<std::byte> sample_data(std::size_t n, std::uint32_t seed) {
    return navspan_test::textured_data(n, seed, {.noise_run = 7, .farthest = 40000, .short_periods = false});
}

navspan::error inflate_to(const std::vector<std::byte>& stream, std::vector<std::byte>& out) {
    return navspan::creation::inflate_zlib(stream, out);
}

}  // namespace

TEST_CASE("adler32 matches the definition over runs longer than the deferred-modulo block") {
    for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 5551u, 5552u, 5553u, 100000u}) {
        std::vector<std::byte> data(n, std::byte{0xFF});
        CHECK(navspan::creation::adler32(data) == navspan_test::adler32_reference(data));
        const auto mixed = sample_data(n, static_cast<std::uint32_t>(n));
        CHECK(navspan::creation::adler32(mixed) == navspan_test::adler32_reference(mixed));
    }
    // Continuing a checksum equals checksumming the whole.
    const auto data = sample_data(20000, 7);
    const auto first = navspan::creation::adler32(std::span(data).first(12345));
    CHECK(navspan::creation::adler32(std::span(data).subspan(12345), first) == navspan_test::adler32_reference(data));
}

TEST_CASE("stored, fixed and dynamic streams inflate to the original bytes") {
    for (auto mode : {deflate_mode::stored, deflate_mode::fixed, deflate_mode::dynamic}) {
        for (std::size_t n : {0u, 1u, 2u, 3u, 258u, 259u, 1000u, 65535u, 65536u, 70000u, 300000u}) {
            for (std::size_t block : {std::size_t{1} << 16, std::size_t{977}}) {
                if (mode == deflate_mode::stored && block != (std::size_t{1} << 16)) continue;
                CAPTURE(static_cast<int>(mode));
                CAPTURE(n);
                CAPTURE(block);
                const auto data = sample_data(n, static_cast<std::uint32_t>(n * 3 + block));
                const auto stream = navspan_test::zlib_compress(data, mode, block);
                std::vector<std::byte> out(n);
                std::size_t consumed = 0;
                const auto e = navspan::creation::inflate_zlib(stream, out, 0, &consumed);
                REQUIRE_MESSAGE(e.ok(), e.message());
                CHECK(consumed == stream.size());
                CHECK(out == data);
            }
        }
    }
}

TEST_CASE("long matches, overlapping short periods and far distances copy exactly") {
    // Every period from 1 to 40 repeated far enough to exercise both copy
    // paths, then far references near the 32 KiB window limit.
    std::vector<std::byte> data;
    for (unsigned period = 1; period <= 40; ++period) {
        for (unsigned i = 0; i < period; ++i) data.push_back(static_cast<std::byte>(i * 37 + period));
        for (unsigned i = 0; i < 600; ++i) data.push_back(data[data.size() - period]);
    }
    const auto noise = sample_data(33000, 99);
    data.insert(data.end(), noise.begin(), noise.end());
    data.insert(data.end(), noise.begin() + 1000, noise.begin() + 1800);  // distance ~32.2 KiB
    for (auto mode : {deflate_mode::fixed, deflate_mode::dynamic}) {
        const auto stream = navspan_test::zlib_compress(data, mode, std::size_t{1} << 20);
        std::vector<std::byte> out(data.size());
        const auto e = inflate_to(stream, out);
        REQUIRE_MESSAGE(e.ok(), e.message());
        CHECK(out == data);
    }
}

TEST_CASE("inflate needs exactly the declared size") {
    const auto data = sample_data(5000, 1);
    for (auto mode : {deflate_mode::stored, deflate_mode::fixed, deflate_mode::dynamic}) {
        const auto stream = navspan_test::zlib_compress(data, mode);
        std::vector<std::byte> small(data.size() - 1), large(data.size() + 1), empty;
        const auto e1 = inflate_to(stream, small);
        CHECK(e1.code == error_code::inconsistent);
        const auto e2 = inflate_to(stream, large);
        CHECK(e2.code == error_code::inconsistent);
        CHECK(e2.value == data.size());
        CHECK(inflate_to(stream, empty).code == error_code::inconsistent);
    }
}

TEST_CASE("corrupt checksums and zlib headers are clean errors") {
    const auto data = sample_data(3000, 2);
    auto stream = navspan_test::zlib_compress(data, deflate_mode::dynamic);
    std::vector<std::byte> out(data.size());
    REQUIRE(inflate_to(stream, out).ok());

    auto bad_sum = stream;
    bad_sum.back() ^= std::byte{1};
    auto e = inflate_to(bad_sum, out);
    CHECK(e.code == error_code::inconsistent);
    CHECK(e.offset == stream.size() - 4);

    auto no_sum = stream;
    no_sum.resize(no_sum.size() - 2);
    CHECK(inflate_to(no_sum, out).code == error_code::truncated);

    auto bad_check = stream;
    bad_check[1] ^= std::byte{1};
    CHECK(inflate_to(bad_check, out).code == error_code::bad_magic);

    // 0x7A 0x??: method 10 with valid check bits.
    std::vector<std::byte> bad_method{std::byte{0x7A}, std::byte{0x00}};
    bad_method[1] = static_cast<std::byte>(31 - (0x7A * 256) % 31);
    CHECK(inflate_to(bad_method, out).code == error_code::unsupported_version);

    // A preset dictionary (FDICT) with valid check bits: 78 BB.
    std::vector<std::byte> dict{std::byte{0x78}, std::byte{0xBB}, std::byte{0}, std::byte{0}, std::byte{0}, std::byte{0}};
    CHECK(inflate_to(dict, out).code == error_code::unsupported_version);

    std::vector<std::byte> one{std::byte{0x78}};
    CHECK(inflate_to(one, out).code == error_code::truncated);

    // Trailing bytes after the checksum are ignored, as zlib's uncompress() does.
    auto trailing = stream;
    trailing.push_back(std::byte{0x55});
    std::size_t consumed = 0;
    CHECK(navspan::creation::inflate_zlib(trailing, out, 0, &consumed).ok());
    CHECK(consumed == stream.size());
}

namespace {

// A raw stream made bit by bit, wrapped as zlib with the checksum of `expect`.
std::vector<std::byte> wrap(bit_writer& w, const std::vector<std::byte>& expect) {
    return navspan_test::zlib_wrap(expect, w.bytes());
}

// Writes a dynamic block header with the given code lengths, sending each
// length as a plain code-length symbol under a 5-bit-ish precode: code
// lengths 0..15 all get precode length 4 except 16..18 unused (a complete
// code of 16 symbols of length 4).
// A dynamic Huffman block's first fields: BFINAL, BTYPE 2, then HLIT,
// HDIST and HCLEN (the code counts less 257, 1 and 4).
void dynamic_block_start(bit_writer& w, bool final_block, std::uint32_t hlit, std::uint32_t hdist, std::uint32_t hclen) {
    w.block_header(final_block, 2);
    w.bits(hlit, 5);
    w.bits(hdist, 5);
    w.bits(hclen, 4);
}

// Symbol `symbol` of the fixed literal/length code.
void fixed_litlen_symbol(bit_writer& w, unsigned symbol) {
    static const auto lit = navspan_test::deflate_writer_detail::fixed_litlen();
    w.code(lit.codes[symbol], lit.lengths[symbol]);
}

void dynamic_header(bit_writer& w, const std::vector<std::uint8_t>& litlen, const std::vector<std::uint8_t>& dist,
                    bool final_block = true) {
    dynamic_block_start(w, final_block, static_cast<std::uint32_t>(litlen.size() - 257),
                        static_cast<std::uint32_t>(dist.size() - 1), 19 - 4);
    constexpr std::uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    for (auto sym : order) w.bits(sym < 16 ? 4 : 0, 3);
    // Canonical: symbols 0..15 of length 4 get codes 0..15.
    for (auto l : litlen) w.code(l, 4);
    for (auto l : dist) w.code(l, 4);
}

}  // namespace

TEST_CASE("a lone distance code and a block without distance codes inflate") {
    // Literal/length code: 'a' (97), 'b' (98), 256 and length 3 (257) with
    // length 2 each: a complete code. Distance code: only symbol 0, length 1.
    std::vector<std::uint8_t> litlen(258, 0);
    litlen[97] = litlen[98] = litlen[256] = litlen[257] = 2;
    const auto codes = navspan_test::deflate_writer_detail::canonical_codes(litlen);
    {
        bit_writer w;
        dynamic_header(w, litlen, {1});
        w.code(codes[97], 2);   // a
        w.code(codes[98], 2);   // b
        w.code(codes[257], 2);  // length 3
        w.code(0, 1);           // distance 1
        w.code(codes[256], 2);
        const std::vector<std::byte> expect{std::byte{'a'}, std::byte{'b'}, std::byte{'b'}, std::byte{'b'}, std::byte{'b'}};
        const auto stream = wrap(w, expect);
        std::vector<std::byte> out(expect.size());
        const auto e = inflate_to(stream, out);
        REQUIRE_MESSAGE(e.ok(), e.message());
        CHECK(out == expect);

        // The unused half of that lone code is an invalid symbol.
        bit_writer bad;
        dynamic_header(bad, litlen, {1});
        bad.code(codes[97], 2);
        bad.code(codes[257], 2);
        bad.code(1, 1);
        bad.code(codes[256], 2);
        const auto bad_stream = wrap(bad, expect);
        CHECK(inflate_to(bad_stream, out).code == error_code::inconsistent);
    }
    {
        bit_writer w;
        dynamic_header(w, litlen, {0});  // no distance codes at all
        w.code(codes[98], 2);
        w.code(codes[97], 2);
        w.code(codes[256], 2);
        const std::vector<std::byte> expect{std::byte{'b'}, std::byte{'a'}};
        const auto stream = wrap(w, expect);
        std::vector<std::byte> out(expect.size());
        const auto e = inflate_to(stream, out);
        REQUIRE_MESSAGE(e.ok(), e.message());
        CHECK(out == expect);
    }
}

TEST_CASE("malformed DEFLATE streams are clean errors") {
    std::vector<std::byte> out(16);
    const std::vector<std::byte> none;
    auto raw_error = [&](bit_writer& w) { return navspan::creation::inflate_raw(w.bytes(), out); };

    SUBCASE("reserved block type") {
        bit_writer w;
        w.block_header(true, 3);
        w.bits(0, 13);
        CHECK(raw_error(w).code == error_code::inconsistent);
    }
    SUBCASE("stored length and its complement differ") {
        bit_writer w;
        w.block_header(true, 0);
        w.stored_lengths(4, 0xFEFB);  // should be FFFB
        for (int i = 0; i < 4; ++i) w.byte(1);
        CHECK(raw_error(w).code == error_code::inconsistent);
    }
    SUBCASE("stored block longer than the input") {
        bit_writer w;
        w.block_header(true, 0);
        w.stored_lengths(10, 0xFFF5);
        w.byte(1);
        CHECK(raw_error(w).code == error_code::truncated);
    }
    SUBCASE("literal/length symbol 286 and distance symbol 30 of the fixed code") {
        bit_writer w;
        w.block_header(true, 1);
        fixed_litlen_symbol(w, 286);
        w.bits(0, 16);
        CHECK(raw_error(w).code == error_code::inconsistent);

        bit_writer d;
        d.block_header(true, 1);
        fixed_litlen_symbol(d, 65);
        fixed_litlen_symbol(d, 257);
        d.code(30, 5);
        d.bits(0, 16);
        CHECK(raw_error(d).code == error_code::inconsistent);
    }
    SUBCASE("a distance reaching before the output start") {
        bit_writer w;
        w.block_header(true, 1);
        fixed_litlen_symbol(w, 65);
        fixed_litlen_symbol(w, 257);
        w.code(1, 5);  // distance 2, one byte written so far
        fixed_litlen_symbol(w, 256);
        const auto e = raw_error(w);
        CHECK(e.code == error_code::bad_offset);
        CHECK(e.value == 2);
        CHECK(e.bound == 1);
    }
    SUBCASE("over-subscribed and incomplete literal/length codes") {
        std::vector<std::uint8_t> over(257, 0);
        over[0] = over[1] = over[2] = 1;
        over[256] = 1;
        bit_writer w;
        dynamic_header(w, over, {1});
        w.bits(0, 16);
        CHECK(raw_error(w).code == error_code::inconsistent);

        std::vector<std::uint8_t> incomplete(257, 0);
        incomplete[0] = 2;
        incomplete[256] = 2;
        bit_writer v;
        dynamic_header(v, incomplete, {1});
        v.bits(0, 16);
        CHECK(raw_error(v).code == error_code::inconsistent);
    }
    SUBCASE("no end-of-block code") {
        std::vector<std::uint8_t> lengths(257, 0);
        lengths[0] = lengths[1] = 1;
        bit_writer w;
        dynamic_header(w, lengths, {1});
        w.bits(0, 16);
        CHECK(raw_error(w).code == error_code::inconsistent);
    }
    SUBCASE("a repeat with nothing before it, and one past the code count") {
        // Precode: only symbols 16 and 1 and 0, length 2/1/2 -> complete.
        bit_writer w;
        dynamic_block_start(w, true, 0, 0, 19 - 4);
        constexpr std::uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        for (auto sym : order) w.bits(sym == 16 ? 2 : sym == 1 ? 1 : sym == 0 ? 2 : 0, 3);
        // Canonical: 1 -> "0", 0 -> "10", 16 -> "11".
        w.code(3, 2);
        w.bits(0, 2);
        w.bits(0, 16);
        CHECK(raw_error(w).code == error_code::inconsistent);

        bit_writer v;
        dynamic_block_start(v, true, 0, 0, 19 - 4);
        for (auto sym : order) v.bits(sym == 18 ? 2 : sym == 1 ? 1 : sym == 0 ? 2 : 0, 3);
        // 1 -> "0", 0 -> "10", 18 -> "11": 138 zeros then 138 more > 258.
        v.code(3, 2);
        v.bits(127, 7);
        v.code(3, 2);
        v.bits(127, 7);
        v.bits(0, 16);
        CHECK(raw_error(v).code == error_code::inconsistent);
    }
    SUBCASE("more than 286 literal/length codes declared") {
        bit_writer w;
        dynamic_block_start(w, true, 31, 0, 0);
        w.bits(0, 16);
        CHECK(raw_error(w).code == error_code::inconsistent);
    }
    SUBCASE("empty input") {
        CHECK(navspan::creation::inflate_raw(none, out).code == error_code::truncated);
    }
}

TEST_CASE("every truncation and many byte flips of a stream end cleanly") {
    const auto data = sample_data(2000, 5);
    for (auto mode : {deflate_mode::stored, deflate_mode::fixed, deflate_mode::dynamic}) {
        const auto stream = navspan_test::zlib_compress(data, mode, 700);
        std::vector<std::byte> out(data.size());
        navspan_test::sweep_truncations(stream, [&](std::span<const std::byte> bytes) {
            const auto e = navspan::creation::inflate_zlib(bytes, out);
            CHECK(!e.ok());
            CHECK(e.offset <= bytes.size());
        });
        // A flip that still inflates to the right size must also pass the
        // checksum, which happens only where it changes nothing (padding
        // bits before a stored block or after the last code).
        navspan_test::sweep_byte_flips(stream, [&](std::span<const std::byte> bytes) {
            if (navspan::creation::inflate_zlib(bytes, out).ok()) CHECK(out == data);
        });
    }
}

TEST_CASE("inflating allocates nothing") {
    const auto data = sample_data(50000, 3);
    const auto stream = navspan_test::zlib_compress(data, deflate_mode::dynamic);
    std::vector<std::byte> out(data.size());
    navspan_test::allocation_scope scope;
    CHECK(inflate_to(stream, out).ok());
    CHECK(scope.count() == 0);
}

}  // namespace creation_inflate_test
