// Fuzz target for the source reader: open, and when the input verifies, walk
// every accessor of every record (tests/source/walk.hpp) into a hash; the
// areas through areas() and through visit_areas() must read the same values.
#include <cstddef>
#include <cstdint>
#include <span>

#include "source/walk.hpp"

namespace {
volatile std::uint64_t g_sink;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::uint64_t h = navspan_test::walk_source(std::as_bytes(std::span(data, size)));
    if (h == navspan_test::source_walk_disagreed) __builtin_trap();
    g_sink = h;
    return 0;
}
