// Fuzz target for the creation reader: open, and when the input verifies, walk
// every accessor of every record (tests/creation/walk.hpp) into a hash.
#include <cstddef>
#include <cstdint>
#include <span>

#include "creation/walk.hpp"

namespace {
volatile std::uint64_t g_sink;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    g_sink = navspan_test::walk_creation(std::as_bytes(std::span(data, size)));
    return 0;
}
