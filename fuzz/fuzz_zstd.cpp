// Fuzz target for the zstd decoder. The first byte chooses the mode:
//  * even: the rest is zstd frames, decoded into a span of a size the next
//    two bytes pick (times 16). With libzstd linked (NAVSPAN_FUZZ_HAVE_ZSTD)
//    libzstd is the oracle: navspan decodes nothing libzstd refuses, and what
//    libzstd decodes navspan decodes to the same bytes, unless it is one of
//    the three corruptions navspan refuses and libzstd lets through, or a
//    legacy (pre-1.0) frame libzstd may be built to read (see
//    navspan/codec/zstd.hpp).
//  * odd (with libzstd): the rest is data, compressed by libzstd at a level
//    (-7..22), window log, checksum and block-size choice from the next two
//    bytes, and decoded by navspan, which must give it back exactly.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include <navspan/codec/zstd.hpp>
#include "fuzz_target.hpp"

#if defined(NAVSPAN_FUZZ_HAVE_ZSTD)
#  define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_targetCBlockSize
#  include <zstd.h>
#endif

namespace fuzz_zstd {

namespace {
volatile std::uint64_t g_sink;

#if defined(NAVSPAN_FUZZ_HAVE_ZSTD)
bool navspan_stricter(const navspan::error& e) {
    const std::string_view what = e.record != nullptr ? e.record : "";
    return what.find("legacy frame") != std::string_view::npos ||
           what.find("does not end at its first bit") != std::string_view::npos ||
           what.find("reserved bits set") != std::string_view::npos ||
           what.find("bytes after an empty sequences section") != std::string_view::npos;
}
#endif
}  // namespace

NAVSPAN_FUZZ_TARGET(zstd) {
    if (size < 3) return 0;
    const unsigned mode = data[0], b1 = data[1], b2 = data[2];
    const auto rest = std::as_bytes(std::span(data + 3, size - 3));
    if ((mode & 1u) == 0) {
        std::vector<std::byte> out((b1 | (b2 << 8)) * std::size_t{16});
        navspan::codec::zstd_decoder decoder;
        auto r = decoder.decompress(rest, out);
        if (r.ok() && *r > out.size()) __builtin_trap();
#if defined(NAVSPAN_FUZZ_HAVE_ZSTD)
        std::vector<std::byte> ref(out.size());
        const std::size_t n = ZSTD_decompress(ref.data(), ref.size(), rest.data(), rest.size());
        if (!ZSTD_isError(n)) {
            if (r.ok()) {
                if (*r != n) __builtin_trap();
                if (n > 0 && std::memcmp(out.data(), ref.data(), n) != 0) __builtin_trap();
            } else if (!navspan_stricter(r.error())) {
                __builtin_trap();
            }
        } else if (r.ok()) {
            __builtin_trap();
        }
#endif
        g_sink = r.ok() ? *r : r.error().offset;
        return 0;
    }
#if defined(NAVSPAN_FUZZ_HAVE_ZSTD)
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, static_cast<int>(b1 % 30) - 7);
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, static_cast<int>(b2 & 1u));
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, static_cast<int>((b2 >> 1) & 1u));
    if (b2 & 4u) ZSTD_CCtx_setParameter(c, ZSTD_c_windowLog, 10 + static_cast<int>((b2 >> 3) % 8));
    if (b2 & 128u) ZSTD_CCtx_setParameter(c, ZSTD_c_targetCBlockSize, 1340);
    std::vector<std::byte> frame(ZSTD_compressBound(rest.size()));
    const std::size_t n = ZSTD_compress2(c, frame.data(), frame.size(), rest.data(), rest.size());
    ZSTD_freeCCtx(c);
    if (ZSTD_isError(n)) __builtin_trap();
    std::vector<std::byte> out(rest.size());
    const auto e = navspan::codec::zstd_decompress_exact(std::span(frame.data(), n), out);
    if (!e.ok()) __builtin_trap();
    if (!rest.empty() && std::memcmp(out.data(), rest.data(), rest.size()) != 0) __builtin_trap();
#endif
    return 0;
}

}  // namespace fuzz_zstd
