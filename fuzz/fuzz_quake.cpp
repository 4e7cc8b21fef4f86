// Fuzz target for the quake reader: open, and when the input verifies, walk
// every accessor of every record (tests/quake/walk.hpp) into a hash. The
// same input is also opened trusted (no index pass), where the resolving
// accessors must check each index themselves: the path the command's
// dump/validate/svg take on files with dangling links.
#include <cstddef>
#include <cstdint>
#include <span>

#include "quake/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_quake {

NAVSPAN_FUZZ_BYTES_TARGET(quake) {
    return navspan_test::walk_quake(bytes) ^ navspan_test::walk_quake_trusted(bytes);
}

}  // namespace fuzz_quake
