// The zstd decoder against libzstd: every level (negative, 1..19 and the
// ultra levels), window sizes and long-distance matching, frames with and
// without checksums and content sizes, several frames and skippable frames,
// every block, literals and sequence-table type (counted by a block walker
// below so the test proves it met each one), truncation and corruption
// sweeps with libzstd as the oracle, and XXH64 known values.
#include <navspan/codec/zstd.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec/inputs.hpp"
#include "support/alloc_counter.hpp"
#include "support/sweep.hpp"
#include "support/byte_writer.hpp"

#if defined(NAVSPAN_TEST_HAVE_ZSTD)
// (for ZSTD_c_targetCBlockSize, a parameter value of the stable setParameter)
#  define ZSTD_STATIC_LINKING_ONLY
#  include <zstd.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace codec_zstd_test {

namespace {

using navspan::error_code;
using navspan::codec::zstd_decompress;
using navspan::codec::zstd_decompress_exact;


std::vector<std::byte> zstr(const char* s) {
    std::vector<std::byte> out;
    for (; *s != '\0'; ++s) out.push_back(static_cast<std::byte>(*s));
    return out;
}

}  // namespace

TEST_CASE("zstd: XXH64 known values") {
    // Published xxHash test values (seed 0 and seed 1 on short inputs).
    CHECK(navspan::codec::xxh64({}) == 0xEF46DB3751D8E999ull);
    CHECK(navspan::codec::xxh64(zstr("a")) == 0xD24EC4F1A98C6E5Bull);
    CHECK(navspan::codec::xxh64(zstr("abc")) == 0x44BC2CF5AD770999ull);
}

TEST_CASE("zstd: hand-made frames") {
    std::vector<std::byte> out(64);
    SUBCASE("a raw block, single segment, content size 3") {
        // magic, FHD 0x20 (single segment, 1-byte FCS), FCS 3, block: last raw 3.
        const auto f = navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x20, 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'});
        auto r = zstd_decompress(f, out);
        REQUIRE(r.ok());
        CHECK(*r == 3);
        CHECK(std::memcmp(out.data(), "abc", 3) == 0);
    }
    SUBCASE("an RLE block") {
        const auto f = navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x20, 10, 0x53, 0x00, 0x00, 'z'});
        auto r = zstd_decompress(f, out);
        REQUIRE(r.ok());
        CHECK(*r == 10);
        CHECK(out[9] == std::byte{'z'});
    }
    SUBCASE("no frames at all decode to nothing (as libzstd)") {
        auto r = zstd_decompress({}, out);
        REQUIRE(r.ok());
        CHECK(*r == 0);
    }
    SUBCASE("a skippable frame alone decodes to nothing") {
        const auto f = navspan_test::bytes_of({0x5A, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 7, 7});
        auto r = zstd_decompress(f, out);
        REQUIRE(r.ok());
        CHECK(*r == 0);
    }
    SUBCASE("errors") {
        CHECK(zstd_decompress(navspan_test::bytes_of({0x28, 0xB5}), out).code() == error_code::truncated);
        CHECK(zstd_decompress(navspan_test::bytes_of({1, 2, 3, 4}), out).code() == error_code::bad_magic);
        // zstd 0.7's magic: a legacy format, refused by name.
        CHECK(zstd_decompress(navspan_test::bytes_of({0x27, 0xB5, 0x2F, 0xFD, 0x60}), out).code() == error_code::unsupported_version);
        // Reserved bit of the frame header descriptor.
        CHECK(zstd_decompress(navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x28, 3}), out).code() == error_code::inconsistent);
        // Content size 3 but the block gives 2.
        CHECK(zstd_decompress(navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x20, 3, 0x11, 0x00, 0x00, 'a', 'b'}), out).code() ==
              error_code::inconsistent);
        // Reserved block type.
        CHECK(zstd_decompress(navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x20, 3, 0x1F, 0x00, 0x00}), out).code() ==
              error_code::inconsistent);
        // A dictionary id: refused clearly.
        auto d = zstd_decompress(navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x21, 9, 3, 0x19, 0, 0, 'a', 'b', 'c'}), out);
        CHECK(d.code() == error_code::unsupported_version);
        CHECK(d.error().value == 9);
        CHECK(d.error().message().find("dictionary") != std::string::npos);
        // A window above the limit.
        navspan::codec::decode_options opt;
        opt.max_window_size = 1024;
        CHECK(zstd_decompress(navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x08, 0x01, 0x00, 0x00}), out, opt).code() ==
              error_code::limit_exceeded);
        // More output than the span; and the caller's decompressed-size limit.
        std::vector<std::byte> two(2);
        const auto f = navspan_test::bytes_of({0x28, 0xB5, 0x2F, 0xFD, 0x20, 10, 0x53, 0x00, 0x00, 'z'});
        CHECK(zstd_decompress(f, two).code() == error_code::inconsistent);
        opt = {};
        opt.limits.max_decompressed_size = 5;
        CHECK(zstd_decompress(f, out, opt).code() == error_code::limit_exceeded);
        std::vector<std::byte> eleven(11);
        CHECK(zstd_decompress_exact(f, eleven).code == error_code::inconsistent);
    }
}

#if defined(NAVSPAN_TEST_HAVE_ZSTD)

namespace {

// What the frames of the test met: block types, literal section types and
// the modes of the three sequence tables. Filled by walk_frames().
struct zstd_coverage {
    int blocks[3] = {};         // raw, RLE, compressed
    int literals[4] = {};       // raw, RLE, compressed, treeless
    int four_streams = 0;       // compressed literals in four streams
    int modes[3][4] = {};       // [ll, of, ml][predefined, RLE, FSE, repeat]
    int checksums = 0;
    int skippable = 0;
    int frames = 0;
};
zstd_coverage coverage;

// Walks the frames of `f` (a well-formed stream) and counts what it holds.
void walk_frames(const std::vector<std::byte>& f) {
    auto u8 = [&](std::size_t i) { return std::to_integer<unsigned>(f[i]); };
    std::size_t p = 0;
    while (p < f.size()) {
        auto h = navspan::codec::zstd_frame_header(std::span<const std::byte>(f).subspan(p));
        REQUIRE(h.ok());
        p += h->header_size;
        if (h->skippable) {
            ++coverage.skippable;
            p += static_cast<std::size_t>(h->skippable_size);
            continue;
        }
        ++coverage.frames;
        for (;;) {
            const unsigned bh = u8(p) | (u8(p + 1) << 8) | (u8(p + 2) << 16);
            p += 3;
            const unsigned type = (bh >> 1) & 3u, size = bh >> 3;
            ++coverage.blocks[type];
            if (type == 2) {
                const unsigned b0 = u8(p);
                ++coverage.literals[b0 & 3u];
                std::size_t q = p;
                if ((b0 & 3u) < 2) {
                    const unsigned sf = (b0 >> 2) & 3u;
                    const std::size_t hs = sf == 1 ? 2 : sf == 3 ? 3 : 1;
                    std::size_t lsize = b0 >> 3;
                    if (hs == 2) lsize = (b0 >> 4) | (u8(p + 1) << 4);
                    if (hs == 3) lsize = (b0 >> 4) | (u8(p + 1) << 4) | (u8(p + 2) << 12);
                    q += hs + ((b0 & 3u) == 0 ? lsize : 1);
                } else {
                    const unsigned sf = (b0 >> 2) & 3u;
                    if (sf != 0) ++coverage.four_streams;
                    const std::size_t hs = sf < 2 ? 3 : sf + 2;
                    const unsigned field = sf < 2 ? 10 : sf == 2 ? 14 : 18;
                    std::uint64_t hv = 0;
                    for (std::size_t i = 0; i < hs; ++i) hv |= std::uint64_t{u8(p + i)} << (8 * i);
                    q += hs + static_cast<std::size_t>((hv >> (4 + field)) & ((1u << field) - 1));
                }
                unsigned n = u8(q);
                std::size_t nb = n < 128 ? 1 : n < 255 ? 2 : 3;
                if (n != 0) {
                    const unsigned modes = u8(q + nb);
                    ++coverage.modes[0][modes >> 6];
                    ++coverage.modes[1][(modes >> 4) & 3u];
                    ++coverage.modes[2][(modes >> 2) & 3u];
                }
            }
            p += type == 1 ? 1 : size;
            if (bh & 1u) break;
        }
        if (h->has_checksum) {
            ++coverage.checksums;
            p += 4;
        }
    }
}

struct zstd_params {
    int level = 3;
    int window_log = 0;     // 0: the level's default
    bool long_mode = false;
    bool checksum = true;
    bool content_size = true;
    int target_block = 0;   // ZSTD_c_targetCBlockSize (0: off)
};

std::vector<std::byte> zstd_ref_compress(const std::vector<std::byte>& data, const zstd_params& p) {
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, p.level);
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, p.checksum ? 1 : 0);
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, p.content_size ? 1 : 0);
    if (p.window_log != 0) ZSTD_CCtx_setParameter(c, ZSTD_c_windowLog, p.window_log);
    if (p.long_mode) ZSTD_CCtx_setParameter(c, ZSTD_c_enableLongDistanceMatching, 1);
    if (p.target_block != 0) ZSTD_CCtx_setParameter(c, ZSTD_c_targetCBlockSize, p.target_block);
    std::vector<std::byte> out(ZSTD_compressBound(data.size()));
    const std::size_t n = ZSTD_compress2(c, out.data(), out.size(), data.data(), data.size());
    ZSTD_freeCCtx(c);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    return out;
}

void check_zstd_round_trip(const std::string& name, const std::vector<std::byte>& data, const zstd_params& p) {
    CAPTURE(name);
    CAPTURE(p.level);
    CAPTURE(p.window_log);
    CAPTURE(p.long_mode);
    const auto frame = zstd_ref_compress(data, p);
    walk_frames(frame);
    std::vector<std::byte> out(data.size());
    const auto e = zstd_decompress_exact(frame, out);
    if (!e.ok()) MESSAGE(e.message());
    REQUIRE(e.ok());
    CHECK(out == data);
    std::vector<std::byte> roomy(data.size() + 1000);
    auto r = zstd_decompress(frame, roomy);
    REQUIRE(r.ok());
    CHECK(*r == data.size());
    CHECK(std::equal(data.begin(), data.end(), roomy.begin()));
}

}  // namespace

TEST_CASE("zstd: every level on generated inputs, byte-exact") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        for (int level = 1; level <= 19; ++level) {
            check_zstd_round_trip(input.name, input.bytes, {level});
        }
        for (int level : {-1, -5, -50, ZSTD_minCLevel(), 20, 22}) {
            if (level == 22 && input.bytes.size() > 100000) continue;  // slow to compress
            check_zstd_round_trip(input.name, input.bytes, {level});
        }
        // Without checksum or content size; small blocks.
        check_zstd_round_trip(input.name, input.bytes, {3, 0, false, false, false});
        check_zstd_round_trip(input.name, input.bytes, {9, 0, false, true, true, 1340});
    }
}

TEST_CASE("zstd: window sizes and long-distance matching") {
    // Repeats 1 MiB apart: found only with a large window.
    auto far_repeats = navspan_codec_test::noise(1 << 20, 3);
    far_repeats.insert(far_repeats.end(), far_repeats.begin(), far_repeats.begin() + 200000);
    for (int wlog : {10, 11, 12, 14, 17, 20, 21, 23}) {
        check_zstd_round_trip("textured 300000", navspan_codec_test::textured(300000, 300000), {3, wlog});
    }
    check_zstd_round_trip("far repeats", far_repeats, {1, 21, true});
    check_zstd_round_trip("far repeats", far_repeats, {5, 24, true});
    check_zstd_round_trip("far repeats", far_repeats, {-1, 27, true});
}

TEST_CASE("zstd: every level on corpus files, byte-exact") {
    const auto inputs = navspan_codec_test::corpus_inputs();
    if (inputs.empty()) {
        MESSAGE("corpus not found (set NAVSPAN_CORPUS): zstd corpus round trips skipped");
        return;
    }
    for (const auto& input : inputs) {
        for (int level = 1; level <= 19; level += (input.bytes.size() > 100000 && level >= 12 ? 3 : 1)) {
            check_zstd_round_trip(input.name, input.bytes, {level});
        }
        check_zstd_round_trip(input.name, input.bytes, {-3});
    }
}

TEST_CASE("zstd: several frames, skippable frames, and what the frames met") {
    const auto a = navspan_codec_test::textured(50000, 1);
    const auto b = navspan_codec_test::text(30000);
    std::vector<std::byte> stream = zstd_ref_compress(a, {3});
    const auto skip = navspan_test::bytes_of({0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3});
    stream.insert(stream.end(), skip.begin(), skip.end());
    const auto fb = zstd_ref_compress(b, {12, 0, false, false, false});
    stream.insert(stream.end(), fb.begin(), fb.end());
    walk_frames(stream);
    // Equal match and literal lengths everywhere: RLE sequence tables.
    {
        std::vector<std::byte> phrase;
        const auto rnd = navspan_codec_test::noise(6 * 400, 11);
        for (std::size_t i = 0; i < 400; ++i) {
            phrase.insert(phrase.end(), rnd.begin() + static_cast<std::ptrdiff_t>(6 * i),
                          rnd.begin() + static_cast<std::ptrdiff_t>(6 * i + 6));
            for (char c : std::string("ABCDEFGHIJKLMNOP")) phrase.push_back(static_cast<std::byte>(c));
        }
        for (int level : {1, 3, 9, 19}) check_zstd_round_trip("phrase", phrase, {level});
    }
    std::vector<std::byte> expect = a;
    expect.insert(expect.end(), b.begin(), b.end());
    std::vector<std::byte> out(expect.size());
    REQUIRE(zstd_decompress_exact(stream, out).ok());
    CHECK(out == expect);
    // A frame may not reach into the previous frame's output: decoding the
    // second frame alone gives the same bytes.
    std::vector<std::byte> second(b.size());
    REQUIRE(zstd_decompress_exact(fb, second).ok());
    CHECK(second == b);

    // Everything the walker counted over this file's test cases (they run in
    // order, this one last): every block type, literals type, table mode.
    CHECK(coverage.frames > 0);
    CHECK(coverage.skippable > 0);
    CHECK(coverage.checksums > 0);
    for (int t = 0; t < 3; ++t) CHECK(coverage.blocks[t] > 0);
    for (int t = 0; t < 4; ++t) CHECK(coverage.literals[t] > 0);
    CHECK(coverage.four_streams > 0);
    for (int k = 0; k < 3; ++k) {
        CAPTURE(k);
        for (int m = 0; m < 4; ++m) {
            CAPTURE(m);
            CHECK(coverage.modes[k][m] > 0);
        }
    }
}

TEST_CASE("zstd: a frame that needs a dictionary is refused") {
    const auto dict = navspan_codec_test::text(4000);
    const auto data = navspan_codec_test::text(2000);
    ZSTD_CCtx* c = ZSTD_createCCtx();
    std::vector<std::byte> out(ZSTD_compressBound(data.size()));
    const std::size_t n =
        ZSTD_compress_usingDict(c, out.data(), out.size(), data.data(), data.size(), dict.data(), dict.size(), 3);
    ZSTD_freeCCtx(c);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    std::vector<std::byte> dst(data.size());
    // A raw-content dictionary has no id: the frame decodes to garbage or fails; it never crashes.
    auto r = zstd_decompress(out, dst);
    CHECK((!r.ok() || *r <= dst.size()));
}

TEST_CASE("zstd: truncations and corruptions are clean errors, and agree with libzstd") {
    std::vector<std::vector<std::byte>> frames;
    frames.push_back(zstd_ref_compress(navspan_codec_test::textured(4000, 42), {3}));
    frames.push_back(zstd_ref_compress(navspan_codec_test::text(3000), {19}));
    frames.push_back(zstd_ref_compress(navspan_codec_test::textured(2000, 8), {-5, 0, false, false, false}));
    for (const auto& frame : frames) {
        std::vector<std::byte> ours(5000), theirs(5000);
        navspan_test::sweep_truncations(frame, [&](std::span<const std::byte> bytes) {
            auto r = zstd_decompress(bytes, ours);
            const std::size_t n = ZSTD_decompress(theirs.data(), theirs.size(), bytes.data(), bytes.size());
            CHECK(r.ok() == !ZSTD_isError(n));
        });
        std::size_t we_accept_more = 0, we_refuse_more = 0;
        navspan_test::sweep_byte_flips(frame, [&](std::span<const std::byte> bytes) {
            auto r = zstd_decompress(bytes, ours);
            const std::size_t n = ZSTD_decompress(theirs.data(), theirs.size(), bytes.data(), bytes.size());
            if (!ZSTD_isError(n)) {
                const std::string why = r.ok() ? std::string() : r.error().message();
                if (!r.ok() && (why.find("sequences bitstream (does not end at its first bit)") != std::string::npos ||
                                why.find("modes (reserved bits set)") != std::string::npos ||
                                why.find("bytes after an empty sequences section") != std::string::npos)) {
                    // The three places where navspan is stricter than libzstd
                    // (see codec/zstd.hpp): corruption it lets through.
                } else if (!r.ok()) {
                    ++we_refuse_more;
                    MESSAGE("libzstd decodes " << n << " bytes, navspan: " << r.error().message());
                } else {
                    CHECK(*r == n);
                    CHECK(std::equal(ours.begin(), ours.begin() + static_cast<std::ptrdiff_t>(n), theirs.begin()));
                }
            } else if (r.ok()) {
                ++we_accept_more;
                MESSAGE("libzstd refuses (" << ZSTD_getErrorName(n) << "), navspan decodes " << *r << " bytes");
            }
        });
        CHECK(we_refuse_more == 0);
        CHECK(we_accept_more == 0);
    }
}

TEST_CASE("zstd: decoding allocates nothing") {
    const auto data = navspan_codec_test::textured(100000, 5);
    const auto frame = zstd_ref_compress(data, {19});
    std::vector<std::byte> out(data.size());
    navspan_test::allocation_scope scope;
    CHECK(zstd_decompress_exact(frame, out).ok());
    CHECK(scope.count() == 0);
}

#else

TEST_CASE("zstd: reference comparisons") {
    MESSAGE("libzstd not found (install libzstd-dev): the comparisons with the reference library are skipped");
}

#endif

}  // namespace codec_zstd_test
