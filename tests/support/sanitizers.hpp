// Whether this test program runs under AddressSanitizer (the sanitize
// presets build with ASan and UBSan together), and how much of a corpus-wide
// sample a test takes there.
//
// The sanitizers make a test 5 to 12 times slower. Their job in this suite
// is to find an unsafe read or undefined behaviour on every code path and
// every real file, which a quarter of the sampled pairs, points and byte
// positions of a file still reaches; the full samples, and the answers they
// are compared with, run in every other build (g++ with _GLIBCXX_ASSERTIONS,
// libc++, Windows, -m32, s390x).
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define NAVSPAN_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NAVSPAN_TEST_ASAN 1
#endif
#endif

namespace navspan_test {

#ifdef NAVSPAN_TEST_ASAN
inline constexpr bool under_sanitizers = true;
#else
inline constexpr bool under_sanitizers = false;
#endif

// `full` in a plain build, a quarter of it (at least one) under the sanitizers.
constexpr std::size_t sample_size(std::size_t full) {
    return under_sanitizers ? (full + 3) / 4 : full;
}

}  // namespace navspan_test
