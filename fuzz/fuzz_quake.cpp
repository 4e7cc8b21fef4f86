// Fuzz target for the quake reader: open, and when the input verifies, walk
// every accessor of every record (tests/quake/walk.hpp) into a hash. The
// same input is also opened trusted (no index pass), where the resolving
// accessors must check each index themselves: the path the command's
// dump/validate/svg take on files with dangling links.
#include <cstddef>
#include <cstdint>
#include <span>

#include "quake/walk.hpp"

namespace {
volatile std::uint64_t g_sink;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = std::as_bytes(std::span(data, size));
    g_sink = navspan_test::walk_quake(bytes) ^ navspan_test::walk_quake_trusted(bytes);
    return 0;
}
