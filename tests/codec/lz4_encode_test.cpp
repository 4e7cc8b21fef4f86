// The LZ4 block encoder: its blocks decoded by navspan's decoder and by
// liblz4 (when found), single and chained, on generated, random, repetitive
// and real inputs; the end rules; too-small outputs; compression ratios.
#include <navspan/codec/lz4.hpp>
#include <navspan/codec/lz4_encode.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec/inputs.hpp"
#include "support/alloc_counter.hpp"

#if defined(NAVSPAN_TEST_HAVE_LZ4)
#  include <lz4.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace codec_lz4_encode_test {

namespace {

std::vector<std::byte> lz4e_compress(const std::vector<std::byte>& in) {
    std::vector<std::byte> out(navspan::codec::lz4_compress_bound(in.size()));
    auto n = navspan::codec::lz4_compress_block(in, out);
    REQUIRE(n.ok());
    out.resize(*n);
    return out;
}

// Decodes with navspan's decoder and (when found) liblz4 and checks both give `in`.
void lz4e_check(const std::vector<std::byte>& in, const std::vector<std::byte>& block) {
    std::vector<std::byte> back(in.size());
    CHECK(navspan::codec::lz4_decompress_block_exact(block, back).ok());
    CHECK(back == in);
#if defined(NAVSPAN_TEST_HAVE_LZ4)
    std::vector<std::byte> ref(in.size() + 1);
    const int n = LZ4_decompress_safe(reinterpret_cast<const char*>(block.data()), reinterpret_cast<char*>(ref.data()),
                                      static_cast<int>(block.size()), static_cast<int>(ref.size()));
    REQUIRE(n == static_cast<int>(in.size()));
    ref.resize(in.size());
    CHECK(ref == in);
#endif
}

}  // namespace

TEST_CASE("lz4 encode: round trips through navspan's decoder and liblz4") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        CAPTURE(input.name);
        const auto block = lz4e_compress(input.bytes);
        CHECK(block.size() <= navspan::codec::lz4_compress_bound(input.bytes.size()));
        lz4e_check(input.bytes, block);
    }
    for (std::size_t n = 0; n < 40; ++n) {  // every short size around the end rules
        CAPTURE(n);
        std::vector<std::byte> runs(n, std::byte{'a'});
        lz4e_check(runs, lz4e_compress(runs));
        const auto tex = navspan_codec_test::textured(n, 3);
        lz4e_check(tex, lz4e_compress(tex));
    }
    const std::vector<std::byte> mib(std::size_t{1} << 20, std::byte{0x5A});
    const auto z = lz4e_compress(mib);
    CHECK(z.size() < 5000);
    lz4e_check(mib, z);
    for (const auto& input : navspan_codec_test::corpus_inputs(2, 500000)) {
        CAPTURE(input.name);
        lz4e_check(input.bytes, lz4e_compress(input.bytes));
    }
}

TEST_CASE("lz4 encode: chained blocks reach into the earlier ones") {
    const auto data = navspan_codec_test::textured(200000, 11);
    navspan::codec::lz4_encoder e;
    std::vector<std::byte> back(data.size());
    std::size_t chained_total = 0;
    for (std::size_t pos = 0; pos < data.size(); pos += 16384) {
        const std::size_t n = std::min<std::size_t>(16384, data.size() - pos);
        std::vector<std::byte> block(navspan::codec::lz4_compress_bound(n));
        auto c = e.compress(std::span<const std::byte>(data).first(pos + n), pos, block);
        REQUIRE(c.ok());
        block.resize(*c);
        chained_total += *c;
        auto r = navspan::codec::lz4_decompress_block(block, std::span<std::byte>(back).first(pos + n), pos);
        REQUIRE(r.ok());
        CHECK(*r == n);
#if defined(NAVSPAN_TEST_HAVE_LZ4)
        if (pos != 0) {
            std::vector<std::byte> ref(n);
            const int k = LZ4_decompress_safe_usingDict(
                reinterpret_cast<const char*>(block.data()), reinterpret_cast<char*>(ref.data()),
                static_cast<int>(block.size()), static_cast<int>(n), reinterpret_cast<const char*>(data.data()),
                static_cast<int>(pos));
            CHECK(k == static_cast<int>(n));
            CHECK(std::memcmp(ref.data(), data.data() + pos, n) == 0);
        }
#endif
    }
    CHECK(back == data);
    MESSAGE("chained 16 KiB blocks of 200000 textured bytes: " << chained_total << " bytes");
}

TEST_CASE("lz4 encode: a too-small output is an error, nothing is allocated") {
    const auto data = navspan_codec_test::noise(1000, 5);
    std::vector<std::byte> out(500);
    navspan::codec::lz4_encoder e;
    navspan_test::allocation_scope scope;
    auto n = e.compress(data, 0, out);
    CHECK(n.code() == navspan::error_code::limit_exceeded);
    CHECK(e.compress(data, 2000, out).code() == navspan::error_code::bad_offset);
    CHECK(scope.count() == 0);
}

TEST_CASE("lz4 encode: ratios and speed (reported)") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        if (input.bytes.size() < 100000) continue;
        const auto t0 = std::chrono::steady_clock::now();
        const auto block = lz4e_compress(input.bytes);
        const auto t1 = std::chrono::steady_clock::now();
        const double s = std::chrono::duration<double>(t1 - t0).count();
        std::string line = input.name + ": " + std::to_string(input.bytes.size()) + " -> " +
                           std::to_string(block.size()) + " bytes, " +
                           std::to_string(static_cast<double>(input.bytes.size()) / 1e6 / (s > 0 ? s : 1e-9)) + " MB/s";
#if defined(NAVSPAN_TEST_HAVE_LZ4)
        std::vector<char> ref(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(input.bytes.size()))));
        const int r = LZ4_compress_default(reinterpret_cast<const char*>(input.bytes.data()), ref.data(),
                                           static_cast<int>(input.bytes.size()), static_cast<int>(ref.size()));
        line += " (liblz4 default: " + std::to_string(r) + ")";
#endif
        MESSAGE(line);
    }
}

}  // namespace codec_lz4_encode_test
