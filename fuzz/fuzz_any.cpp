// Fuzz target: detect the format of any input and walk it with that
// format's reader (formats whose walk is not built yet are skipped).
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/detect.hpp>

#if __has_include("source/walk.hpp")
#  include "source/walk.hpp"
#  define NAVSPAN_FUZZ_SOURCE 1
#endif
#if __has_include("source2/walk.hpp")
#  include "source2/walk.hpp"
#  define NAVSPAN_FUZZ_SOURCE2 1
#endif
#if __has_include("quake/walk.hpp")
#  include "quake/walk.hpp"
#  define NAVSPAN_FUZZ_QUAKE 1
#endif
#if __has_include("fox/walk.hpp")
#  include "fox/walk.hpp"
#  define NAVSPAN_FUZZ_FOX 1
#endif
#if __has_include("creation/walk.hpp")
#  include "creation/walk.hpp"
#  define NAVSPAN_FUZZ_CREATION 1
#endif

namespace {
volatile std::uint64_t g_sink;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = std::as_bytes(std::span(data, size));
    std::uint64_t h = 0;
    switch (navspan::detect(bytes)) {
#if defined(NAVSPAN_FUZZ_SOURCE)
        case navspan::format::source_nav: h = navspan_test::walk_source(bytes); break;
#endif
#if defined(NAVSPAN_FUZZ_SOURCE2)
        case navspan::format::source2_nav: h = navspan_test::walk_source2(bytes); break;
#endif
#if defined(NAVSPAN_FUZZ_QUAKE)
        case navspan::format::quake_nav: h = navspan_test::walk_quake(bytes); break;
#endif
#if defined(NAVSPAN_FUZZ_FOX)
        case navspan::format::fox_nav2: h = navspan_test::walk_fox(bytes); break;
#endif
#if defined(NAVSPAN_FUZZ_CREATION)
        case navspan::format::creation_plugin: h = navspan_test::walk_creation(bytes); break;
#endif
        default: break;
    }
    g_sink = h;
    return 0;
}
