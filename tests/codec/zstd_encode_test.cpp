// The zstd frame writer (raw and RLE blocks): its frames decoded by
// navspan's decoder and by libzstd (when found) at every block boundary
// size, on random and repetitive inputs; the declared content size; errors.
#include <navspan/codec/zstd.hpp>
#include <navspan/codec/zstd_encode.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "codec/inputs.hpp"
#include "support/alloc_counter.hpp"

#if defined(NAVSPAN_TEST_HAVE_ZSTD)
#  include <zstd.h>
#endif

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace codec_zstd_encode_test {

namespace {

std::vector<std::byte> zstde_compress(const std::vector<std::byte>& in) {
    std::vector<std::byte> out(navspan::codec::zstd_compress_bound(in.size()));
    auto n = navspan::codec::zstd_compress(in, out);
    REQUIRE(n.ok());
    out.resize(*n);
    return out;
}

void zstde_check(const std::vector<std::byte>& in, const std::vector<std::byte>& frame) {
    std::vector<std::byte> back(in.size());
    CHECK(navspan::codec::zstd_decompress_exact(frame, back).ok());
    CHECK(back == in);
#if defined(NAVSPAN_TEST_HAVE_ZSTD)
    CHECK(ZSTD_getFrameContentSize(frame.data(), frame.size()) == in.size());
    std::vector<std::byte> ref(in.size() + 1);
    const std::size_t n = ZSTD_decompress(ref.data(), ref.size(), frame.data(), frame.size());
    REQUIRE(!ZSTD_isError(n));
    REQUIRE(n == in.size());
    ref.resize(n);
    CHECK(ref == in);
#endif
}

}  // namespace

TEST_CASE("zstd encode: round trips through navspan's decoder and libzstd") {
    for (const auto& input : navspan_codec_test::generated_inputs()) {
        CAPTURE(input.name);
        const auto frame = zstde_compress(input.bytes);
        CHECK(frame.size() <= navspan::codec::zstd_compress_bound(input.bytes.size()));
        zstde_check(input.bytes, frame);
    }
    // The content-size field's widths and the 128 KiB block boundary.
    for (std::size_t n : {0u, 1u, 255u, 256u, 65791u, 65792u, 131071u, 131072u, 131073u, 262144u, 1048576u + 3u}) {
        CAPTURE(n);
        const auto noise = navspan_codec_test::noise(n, static_cast<std::uint32_t>(n));
        zstde_check(noise, zstde_compress(noise));
        const std::vector<std::byte> run(n, std::byte{7});
        const auto frame = zstde_compress(run);
        zstde_check(run, frame);
        if (n > 1) CHECK(frame.size() <= 13 + 4 * (n / 131072 + 1));  // RLE blocks: 4 bytes each
    }
}

TEST_CASE("zstd encode: a too-small output is an error, nothing is allocated") {
    const auto data = navspan_codec_test::noise(1000, 5);
    std::vector<std::byte> out(600);
    navspan_test::allocation_scope scope;
    CHECK(navspan::codec::zstd_compress(data, out).code() == navspan::error_code::limit_exceeded);
    CHECK(navspan::codec::zstd_compress(data, std::span<std::byte>(out).first(3)).code() ==
          navspan::error_code::limit_exceeded);
    CHECK(scope.count() == 0);
}

}  // namespace codec_zstd_encode_test
