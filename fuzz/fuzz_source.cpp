// Fuzz target for the source reader: open, and when the input verifies, walk
// every accessor of every record (tests/source/walk.hpp) into a hash; the
// areas through areas() and through visit_areas() must read the same values.
#include <cstddef>
#include <cstdint>
#include <span>

#include "source/walk.hpp"

#include "fuzz_target.hpp"

std::uint64_t navspan_fuzz::fuzz_one(std::span<const std::byte> bytes) {
    const std::uint64_t h = navspan_test::walk_source(bytes);
    if (h == navspan_test::source_walk_disagreed) __builtin_trap();
    return h;
}
