// Fuzz target for the fox reader: open, and when the input verifies, walk
// every accessor of every record (tests/fox/walk.hpp) into a hash, then run
// navspan::fox::validate (its checks follow every cross-reference).
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/fox.hpp>

#include "fox/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_fox {

NAVSPAN_FUZZ_BYTES_TARGET(fox) {
    std::uint64_t hash = navspan_test::walk_fox(bytes);
    if (const auto file = navspan::fox::nav2_file::open(bytes)) {
        (void)navspan::fox::validate(*file, [&](const navspan::finding& f) { hash = hash * 31 + (f.offset ^ f.value); });
    }
    return hash;
}

}  // namespace fuzz_fox
