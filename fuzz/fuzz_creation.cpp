// Fuzz target for the creation reader: open, and when the input verifies, walk
// every accessor of every record (tests/creation/walk.hpp) into a hash, then
// run navspan::creation::validate on the plugin.
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/creation.hpp>

#include "creation/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_creation {

NAVSPAN_FUZZ_BYTES_TARGET(creation) {
    std::uint64_t hash = navspan_test::walk_creation(bytes);
    // navspan::creation::validate over every NVNM of a plugin that opens.
    if (const auto plugin = navspan::creation::plugin_file::open(bytes)) {
        navspan::creation::inflate_buffer scratch;
        (void)navspan::creation::validate(*plugin, scratch, [&](const navspan::finding& f) { hash = hash * 31 + (f.offset ^ f.value); },
                                          navspan::creation::nvnm_search::every_record);
    }
    return hash;
}

}  // namespace fuzz_creation
