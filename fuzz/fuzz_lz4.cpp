// Fuzz target for the LZ4 block decoder. The first byte chooses the mode:
//  * even: the rest is a compressed block, decoded into a span of a size the
//    second byte picks (times 64), after a history of 0..255 bytes the third
//    byte picks. With liblz4 linked (NAVSPAN_FUZZ_HAVE_LZ4) and no history,
//    liblz4 is the oracle: whatever it decodes, navspan decodes to the same
//    bytes (except a match offset of 0, which the block format forbids and
//    navspan refuses, and blocks that break the end rules where liblz4
//    measures them from the end of its roomy buffer), and navspan decodes
//    nothing liblz4 refuses.
//  * odd (with liblz4): the rest is data, compressed by liblz4 (fast with an
//    acceleration, or HC with a level, from the second byte) and decoded by
//    navspan, which must give the data back exactly.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include <navspan/codec/lz4.hpp>
#include "fuzz_target.hpp"

#if defined(NAVSPAN_FUZZ_HAVE_LZ4)
#  include <lz4.h>
#  include <lz4hc.h>
#endif

namespace fuzz_lz4 {

namespace {
volatile std::uint64_t g_sink;
}

NAVSPAN_FUZZ_TARGET(lz4) {
    if (size < 3) return 0;
    const unsigned mode = data[0], b1 = data[1], b2 = data[2];
    const auto rest = std::as_bytes(std::span(data + 3, size - 3));
    if ((mode & 1u) == 0) {
        const std::size_t history = (mode & 2u) ? b2 : 0;
        std::vector<std::byte> out(history + b1 * std::size_t{64} + 16);
        for (std::size_t i = 0; i < history; ++i) out[i] = static_cast<std::byte>(i * 7);
        auto r = navspan::codec::lz4_decompress_block(rest, out, history);
        if (r.ok() && *r > out.size() - history) __builtin_trap();
#if defined(NAVSPAN_FUZZ_HAVE_LZ4)
        if (history == 0) {
            std::vector<std::byte> ref(out.size());
            const int n = LZ4_decompress_safe(reinterpret_cast<const char*>(rest.data()), reinterpret_cast<char*>(ref.data()),
                                              static_cast<int>(rest.size()), static_cast<int>(ref.size()));
            if (n >= 0) {
                const bool offset_zero = !r.ok() && r.code() == navspan::error_code::bad_offset && r.error().value == 0;
                // The end rules are checked against the block's own end;
                // liblz4 checks them against its buffer's, so with a roomy
                // buffer it lets some through.
                const bool end_rule = !r.ok() && r.error().record != nullptr &&
                                      std::strncmp(r.error().record, "lz4 block end", 13) == 0;
                if (!offset_zero && !end_rule) {
                    if (!r.ok() || *r != static_cast<std::size_t>(n)) __builtin_trap();
                    if (n > 0 && std::memcmp(out.data(), ref.data(), static_cast<std::size_t>(n)) != 0) __builtin_trap();
                }
            } else if (r.ok()) {
                __builtin_trap();
            }
        }
#endif
        g_sink = r.ok() ? *r : r.error().offset;
        return 0;
    }
#if defined(NAVSPAN_FUZZ_HAVE_LZ4)
    const int bound = LZ4_compressBound(static_cast<int>(rest.size()));
    std::vector<char> block(static_cast<std::size_t>(bound) + 1);
    static const char one[1] = {};
    const char* src = rest.empty() ? one : reinterpret_cast<const char*>(rest.data());
    const int n = (b1 & 1u) ? LZ4_compress_HC(src, block.data(), static_cast<int>(rest.size()), bound, 1 + static_cast<int>(b1 >> 1) % 12)
                            : LZ4_compress_fast(src, block.data(), static_cast<int>(rest.size()), bound, 1 + static_cast<int>(b1 >> 1));
    if (n <= 0) __builtin_trap();
    std::vector<std::byte> out(rest.size());
    const auto e = navspan::codec::lz4_decompress_block_exact(std::as_bytes(std::span(block.data(), static_cast<std::size_t>(n))), out);
    if (!e.ok()) __builtin_trap();
    if (!rest.empty() && std::memcmp(out.data(), rest.data(), rest.size()) != 0) __builtin_trap();
#endif
    (void)b2;
    return 0;
}

}  // namespace fuzz_lz4
