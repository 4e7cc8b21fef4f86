// The decompressors against their reference libraries, on the same input in
// one run (the "x floor" column is navspan ÷ reference; goals: LZ4 <= 1.5,
// zstd <= 2.0), with zero allocations in the timed calls:
//   lz4 decode (fast)      navspan's lz4_decompress_block on a block made by
//                          LZ4_compress_default; floor LZ4_decompress_safe
//   lz4 decode (hc 9)      the same on an LZ4_compress_HC level 9 block
//   zstd decode (level N)  zstd_decoder::decompress (one decoder, reused) on
//                          a frame made at level N (1, 3, 19; with checksum);
//                          floor ZSTD_decompressDCtx with one reused context
// Inputs: the largest Source .nav and Creation plugin of the corpus (when
// present) and 1 MiB of generated navmesh-like data. The rows report the
// decompressed bytes. Without liblz4 / libzstd (liblz4-dev, libzstd-dev) the
// rows say they were skipped.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <navspan/codec/lz4.hpp>
#include <navspan/codec/zstd.hpp>

#include "codec/inputs.hpp"
#include "harness.hpp"

#if defined(NAVSPAN_BENCH_HAVE_LZ4)
#  include <lz4.h>
#  include <lz4hc.h>
#endif
#if defined(NAVSPAN_BENCH_HAVE_ZSTD)
#  include <zstd.h>
#endif

namespace navspan_bench {

namespace codec_bench {

inline std::uint64_t output_checksum(const std::vector<std::byte>& out, std::size_t n) noexcept {
    if (n == 0) return 1;
    return n + std::to_integer<std::uint64_t>(out[0]) * 3 + std::to_integer<std::uint64_t>(out[n / 2]) * 5 +
           std::to_integer<std::uint64_t>(out[n - 1]) * 7;
}

// The inputs: real files (largest of two formats) and generated data.
inline std::vector<navspan_codec_test::named_input> inputs(bool quick) {
    std::vector<navspan_codec_test::named_input> v;
    if (auto root = navspan_test::corpus_root()) {
        for (const char* folder : {"source-nav", "creation-plugins"}) {
            std::filesystem::path best;
            std::uintmax_t best_size = 0;
            std::error_code ec;
            for (const auto& e : std::filesystem::directory_iterator(*root / folder / "files", ec)) {
                if (e.is_regular_file() && e.file_size() > best_size) {
                    best_size = e.file_size();
                    best = e.path();
                }
            }
            if (!best.empty()) v.push_back({best.filename().string(), navspan_test::read_file(best)});
        }
    }
    if (!quick || v.empty()) v.push_back({"generated 1 MiB", navspan_codec_test::textured(std::size_t{1} << 20, 1)});
    return v;
}

}  // namespace codec_bench

inline void bench_codec(const settings& s, bool quick, const std::string& filter) {
    auto skipped = [&](const char* name, const char* why) { print_row(s, skipped_row(name, "codec", "-", why)); };
    if (!filter.empty() && std::string("codec lz4 zstd").find(filter) == std::string::npos) return;
#if !defined(NAVSPAN_BENCH_HAVE_LZ4)
    skipped("lz4 decode", "liblz4 not found (liblz4-dev)");
#endif
#if !defined(NAVSPAN_BENCH_HAVE_ZSTD)
    skipped("zstd decode", "libzstd not found (libzstd-dev)");
#endif
    (void)skipped;
    for (const auto& in : codec_bench::inputs(quick)) {
        const std::vector<std::byte>& data = in.bytes;
        std::vector<std::byte> ours(data.size()), theirs(data.size());
        (void)ours;
        (void)theirs;
#if defined(NAVSPAN_BENCH_HAVE_LZ4)
        for (int hc : {0, 9}) {
            std::vector<char> block(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(data.size()))));
            const int n = hc == 0 ? LZ4_compress_default(reinterpret_cast<const char*>(data.data()), block.data(),
                                                         static_cast<int>(data.size()), static_cast<int>(block.size()))
                                  : LZ4_compress_HC(reinterpret_cast<const char*>(data.data()), block.data(),
                                                    static_cast<int>(data.size()), static_cast<int>(block.size()), hc);
            const navspan::bytes_view compressed(reinterpret_cast<const std::byte*>(block.data()), static_cast<std::size_t>(n));
            print_row(s, measure_against_floor(
                             s, hc == 0 ? "lz4 decode (fast)" : "lz4 decode (hc 9)", "codec", in.name, data.size(),
                             [&] {
                                 auto r = navspan::codec::lz4_decompress_block(compressed, ours);
                                 return codec_bench::output_checksum(ours, r.ok() ? *r : 0);
                             },
                             [&] {
                                 const int m = LZ4_decompress_safe(block.data(), reinterpret_cast<char*>(theirs.data()), n,
                                                                   static_cast<int>(theirs.size()));
                                 return codec_bench::output_checksum(theirs, m > 0 ? static_cast<std::size_t>(m) : 0);
                             }));
        }
#endif
#if defined(NAVSPAN_BENCH_HAVE_ZSTD)
        navspan::codec::zstd_decoder decoder;
        ZSTD_DCtx* dctx = ZSTD_createDCtx();
        for (int level : {1, 3, 19}) {
            if (quick && level == 19) continue;
            ZSTD_CCtx* c = ZSTD_createCCtx();
            ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level);
            ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
            std::vector<std::byte> frame(ZSTD_compressBound(data.size()));
            frame.resize(ZSTD_compress2(c, frame.data(), frame.size(), data.data(), data.size()));
            ZSTD_freeCCtx(c);
            const std::string name = "zstd decode (level " + std::to_string(level) + ")";
            print_row(s, measure_against_floor(
                             s, name, "codec", in.name, data.size(),
                             [&] {
                                 auto r = decoder.decompress(frame, ours);
                                 return codec_bench::output_checksum(ours, r.ok() ? *r : 0);
                             },
                             [&] {
                                 const std::size_t m =
                                     ZSTD_decompressDCtx(dctx, theirs.data(), theirs.size(), frame.data(), frame.size());
                                 return codec_bench::output_checksum(theirs, ZSTD_isError(m) ? 0 : m);
                             }));
        }
        ZSTD_freeDCtx(dctx);
#endif
    }
}

}  // namespace navspan_bench
