// The LZ4 block decoder against liblz4 (every fast acceleration and HC level,
// single and chained blocks, generated and real inputs), hand-made edge cases,
// limits, and truncation/corruption sweeps with liblz4 as the oracle.
#include <navspan/codec/lz4.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec/inputs.hpp"
#include "support/alloc_counter.hpp"
#include "support/sweep.hpp"
#include "support/byte_writer.hpp"

#if defined(NAVSPAN_TEST_HAVE_LZ4)
#  include <lz4.h>
#  include <lz4hc.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace codec_lz4_test {

namespace {

using navspan::error_code;
using navspan::codec::lz4_decompress_block;
using navspan::codec::lz4_decompress_block_exact;


}  // namespace

TEST_CASE("lz4: hand-made blocks") {
    std::vector<std::byte> out(64);
    SUBCASE("literals only") {
        const auto in = navspan_test::bytes_of({0x30, 'a', 'b', 'c'});
        auto r = lz4_decompress_block(in, out);
        REQUIRE(r.ok());
        CHECK(*r == 3);
        CHECK(std::memcmp(out.data(), "abc", 3) == 0);
    }
    SUBCASE("an empty block is one zero token") {
        auto r = lz4_decompress_block(navspan_test::bytes_of({0x00}), out);
        REQUIRE(r.ok());
        CHECK(*r == 0);
    }
    SUBCASE("a run with offset 1 and an extended length") {
        // 'x', then match offset 1 length 15+4+10, then literals "vwxyz".
        const auto in = navspan_test::bytes_of({0x1F, 'x', 0x01, 0x00, 10, 0x50, 'v', 'w', 'x', 'y', 'z'});
        auto r = lz4_decompress_block(in, out);
        REQUIRE(r.ok());
        REQUIRE(*r == 1 + 29 + 5);
        for (int i = 0; i < 30; ++i) CHECK(out[static_cast<std::size_t>(i)] == std::byte{'x'});
        CHECK(out[30] == std::byte{'v'});
    }
    SUBCASE("the end rules of the block format") {
        // The last 5 bytes must be literals...
        auto r = lz4_decompress_block(navspan_test::bytes_of({0x1F, 'x', 0x01, 0x00, 10, 0x20, 'y', 'z'}), out);
        CHECK(r.code() == error_code::inconsistent);
        CHECK(std::string(r.error().record).find("last 5 bytes") != std::string::npos);
        // ...and the last match must start 12 bytes before the end (here 9).
        r = lz4_decompress_block(navspan_test::bytes_of({0x80, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0x04, 0x00, 0x50, '1', '2',
                                            '3', '4', '5'}),
                                 out);
        CHECK(r.code() == error_code::inconsistent);
        CHECK(std::string(r.error().record).find("12 bytes") != std::string::npos);
        // A block without matches may be short.
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a'}), out).ok());
    }
    SUBCASE("errors") {
        CHECK(lz4_decompress_block({}, out).code() == error_code::truncated);
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x40, 'a', 'b'}), out).code() == error_code::truncated);
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a', 0x00, 0x00, 0x00}), out).code() == error_code::bad_offset);
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a', 0x02, 0x00, 0x00}), out).code() == error_code::bad_offset);
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a', 0x01}), out).code() == error_code::truncated);
        // A block that ends after a match (no final literals token).
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a', 0x01, 0x00}), out).code() == error_code::truncated);
        // An extension that runs off the end.
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0xF0, 0xFF}), out).code() == error_code::truncated);
        // More output than the span: inconsistent, with the byte offset.
        std::vector<std::byte> small(10);
        auto r = lz4_decompress_block(navspan_test::bytes_of({0x1F, 'x', 0x01, 0x00, 10, 0x00}), small);
        CHECK(r.code() == error_code::inconsistent);
        CHECK(r.error().offset == 2);
        // history longer than the span
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x00}), small, 11).code() == error_code::bad_offset);
    }
    SUBCASE("a match may reach into the history") {
        std::vector<std::byte> buf(32);
        std::memcpy(buf.data(), "hello", 5);
        // match offset 5 length 12, then the literals "world".
        const auto block = navspan_test::bytes_of({0x08, 0x05, 0x00, 0x50, 'w', 'o', 'r', 'l', 'd'});
        auto r = lz4_decompress_block(block, buf, 5);
        REQUIRE(r.ok());
        CHECK(*r == 17);
        CHECK(std::memcmp(buf.data(), "hellohellohelloheworld", 22) == 0);
        // Without the history the same block is refused.
        std::vector<std::byte> fresh(32);
        CHECK(lz4_decompress_block(block, fresh).code() == error_code::bad_offset);
    }
    SUBCASE("limits: the decompressed size and the work budget") {
        const auto in = navspan_test::bytes_of({0x1F, 'x', 0x01, 0x00, 10, 0x50, 'v', 'w', 'x', 'y', 'z'});  // 35 bytes
        navspan::codec::decode_options opt;
        opt.limits.max_decompressed_size = 20;
        auto r = lz4_decompress_block(in, out, 0, opt);
        CHECK(r.code() == error_code::limit_exceeded);
        CHECK(r.error().bound == 20);
        opt.limits.max_decompressed_size = 1000;
        opt.limits.work_budget = 34;
        CHECK(lz4_decompress_block(in, out, 0, opt).code() == error_code::limit_exceeded);
        opt.limits.work_budget = 35;
        CHECK(lz4_decompress_block(in, out, 0, opt).ok());
        // base_offset shifts error offsets into the caller's file.
        opt.limits.work_budget = 0;
        opt.base_offset = 1000;
        CHECK(lz4_decompress_block(navspan_test::bytes_of({0x10, 'a', 0x00, 0x00, 0x00}), out, 0, opt).error().offset == 1002);
    }
    SUBCASE("exact size") {
        const auto in = navspan_test::bytes_of({0x30, 'a', 'b', 'c'});
        std::vector<std::byte> three(3), four(4);
        CHECK(lz4_decompress_block_exact(in, three).ok());
        CHECK(lz4_decompress_block_exact(in, four).code == error_code::inconsistent);
    }
}

#if defined(NAVSPAN_TEST_HAVE_LZ4)

namespace {

std::vector<std::byte> lz4_ref_compress(const std::vector<std::byte>& data, int accel, int hc_level) {
    const int bound = LZ4_compressBound(static_cast<int>(data.size()));
    std::vector<std::byte> out(static_cast<std::size_t>(bound));
    static const char empty[1] = {};  // liblz4's HC levels crash on a null source
    const char* src = data.empty() ? empty : reinterpret_cast<const char*>(data.data());
    char* dst = reinterpret_cast<char*>(out.data());
    const int n = hc_level > 0 ? LZ4_compress_HC(src, dst, static_cast<int>(data.size()), bound, hc_level)
                               : LZ4_compress_fast(src, dst, static_cast<int>(data.size()), bound, accel);
    REQUIRE(n > 0);
    out.resize(static_cast<std::size_t>(n));
    return out;
}

void check_round_trip(const navspan_codec_test::named_input& input, int accel, int hc_level) {
    CAPTURE(input.name);
    CAPTURE(accel);
    CAPTURE(hc_level);
    const auto block = lz4_ref_compress(input.bytes, accel, hc_level);
    std::vector<std::byte> out(input.bytes.size());
    REQUIRE(lz4_decompress_block_exact(block, out).ok());
    CHECK(out == input.bytes);
    // A larger span decodes to the same bytes and says how many.
    std::vector<std::byte> roomy(input.bytes.size() + 100);
    auto r = lz4_decompress_block(block, roomy);
    REQUIRE(r.ok());
    CHECK(*r == input.bytes.size());
    CHECK(std::equal(input.bytes.begin(), input.bytes.end(), roomy.begin()));
}

const int lz4_accels[] = {1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 256, 65537};

}  // namespace

TEST_CASE("lz4: every fast acceleration and HC level, generated inputs, byte-exact") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        for (int a : lz4_accels) check_round_trip(input, a, 0);
        for (int level = 1; level <= LZ4HC_CLEVEL_MAX; ++level) check_round_trip(input, 1, level);
    }
}

TEST_CASE("lz4: every fast acceleration and HC level, corpus files, byte-exact") {
    const auto inputs = navspan_codec_test::corpus_inputs();
    if (inputs.empty()) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): lz4 corpus round trips skipped");
        return;
    }
    for (const auto& input : inputs) {
        for (int a : {1, 4, 64}) check_round_trip(input, a, 0);
        for (int level = 1; level <= LZ4HC_CLEVEL_MAX; ++level) check_round_trip(input, 1, level);
    }
}

TEST_CASE("lz4: chained blocks (each decoded with the previous output as history)") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        CAPTURE(input.name);
        for (int mode = 0; mode < 2; ++mode) {  // fast, HC
            CAPTURE(mode);
            const std::size_t frame = 16384;  // KV3's block size
            LZ4_stream_t* fast = LZ4_createStream();
            LZ4_streamHC_t* hc = LZ4_createStreamHC();
            LZ4_resetStreamHC_fast(hc, 9);
            std::vector<std::vector<std::byte>> blocks;
            for (std::size_t pos = 0; pos < input.bytes.size(); pos += frame) {
                const std::size_t n = std::min(frame, input.bytes.size() - pos);
                std::vector<std::byte> b(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n))));
                const char* src = reinterpret_cast<const char*>(input.bytes.data() + pos);
                char* dst = reinterpret_cast<char*>(b.data());
                const int c = mode == 0 ? LZ4_compress_fast_continue(fast, src, dst, static_cast<int>(n),
                                                                     static_cast<int>(b.size()), 1)
                                        : LZ4_compress_HC_continue(hc, src, dst, static_cast<int>(n),
                                                                   static_cast<int>(b.size()));
                REQUIRE(c > 0);
                b.resize(static_cast<std::size_t>(c));
                blocks.push_back(std::move(b));
            }
            LZ4_freeStream(fast);
            LZ4_freeStreamHC(hc);
            std::vector<std::byte> out(input.bytes.size());
            std::size_t done = 0;
            bool linked = false;
            for (const auto& b : blocks) {
                const std::size_t n = std::min(frame, input.bytes.size() - done);
                std::span<std::byte> window(out.data(), done + n);
                REQUIRE(lz4_decompress_block_exact(b, window, done).ok());
                // Did this block need its history? (Decoding it alone fails or differs.)
                std::vector<std::byte> alone(n);
                auto r = lz4_decompress_block(b, alone);
                if (!r.ok() || !std::equal(alone.begin(), alone.end(), out.begin() + static_cast<std::ptrdiff_t>(done))) {
                    linked = true;
                }
                done += n;
            }
            CHECK(out == input.bytes);
            if (input.bytes.size() > 2 * frame && input.name.rfind("textured", 0) == 0) CHECK(linked);
        }
    }
}

TEST_CASE("lz4: truncations and corruptions are clean errors, and agree with liblz4") {
    const auto data = navspan_codec_test::textured(3000, 99);
    for (int hc : {0, 9}) {
        const auto block = lz4_ref_compress(data, 1, hc);
        std::vector<std::byte> out(data.size());
        navspan_test::sweep_truncations(block, [&](std::span<const std::byte> bytes) {
            CHECK(!lz4_decompress_block_exact(bytes, out).ok());
        });
        std::vector<std::byte> ours(data.size() + 64), theirs(data.size() + 64);
        std::size_t disagreements = 0;
        navspan_test::sweep_byte_flips(block, [&](std::span<const std::byte> bytes) {
            auto r = lz4_decompress_block(bytes, ours);
            const int n = LZ4_decompress_safe(reinterpret_cast<const char*>(bytes.data()),
                                              reinterpret_cast<char*>(theirs.data()), static_cast<int>(bytes.size()),
                                              static_cast<int>(theirs.size()));
            if (n >= 0 && !r.ok() && r.code() == error_code::bad_offset && r.error().value == 0) {
                // liblz4 copies a match of offset 0 from the output itself;
                // the block format calls it invalid and navspan refuses it.
            } else if (n >= 0) {
                // Whatever else liblz4 accepts, navspan decodes to the same bytes.
                if (!r.ok()) MESSAGE(r.error().message() << "; liblz4 decoded " << n << " bytes");
                REQUIRE(r.ok());
                REQUIRE(*r == static_cast<std::size_t>(n));
                CHECK(std::equal(ours.begin(), ours.begin() + n, theirs.begin()));
            } else if (r.ok()) {
                ++disagreements;  // navspan accepted what liblz4 refused
            }
        });
        CHECK(disagreements == 0);
    }
}

TEST_CASE("lz4: decoding allocates nothing") {
    const auto data = navspan_codec_test::textured(100000, 5);
    const auto block = lz4_ref_compress(data, 1, 0);
    std::vector<std::byte> out(data.size());
    navspan_test::allocation_scope scope;
    CHECK(lz4_decompress_block_exact(block, out).ok());
    CHECK(scope.count() == 0);
}

#else

TEST_CASE("lz4: reference comparisons") {
    MESSAGE("liblz4 not found (install liblz4-dev): the comparisons with the reference library are skipped");
}

#endif

}  // namespace codec_lz4_test
