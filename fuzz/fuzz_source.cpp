// Fuzz target for the source reader: open, and when the input verifies, walk
// every accessor of every record (tests/source/walk.hpp) into a hash; the
// areas through areas() and through visit_areas() must read the same values.
#include <cstddef>
#include <cstdint>
#include <span>

#include "source/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_source {

NAVSPAN_FUZZ_BYTES_TARGET(source) {
    const std::uint64_t h = navspan_test::walk_source(bytes);
    if (h == navspan_test::source_walk_disagreed) __builtin_trap();
    return h;
}

}  // namespace fuzz_source
