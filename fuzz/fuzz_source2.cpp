// Fuzz target for the Source 2 reader: open, and when the input verifies,
// walk every accessor of every record (tests/source2/walk.hpp) into a hash;
// then build the area index and run validate, which follow every id.
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/source2.hpp>

#include "source2/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_source2 {

NAVSPAN_FUZZ_BYTES_TARGET(source2) {
    std::uint64_t h = navspan_test::walk_source2(bytes);
    const auto file = navspan::source2::nav_file::open(bytes);
    if (file) {
        if (const auto index = navspan::source2::make_area_index(*file)) {
            for (const auto& entry : index->ids()) {
                if (const auto a = index->find(entry.id)) h += a->corner_count();
            }
        }
        const navspan::error e = navspan::source2::validate(*file, [&](const navspan::finding& f) { h += f.offset; });
        h += static_cast<std::uint64_t>(e.code);
    }
    return h;
}

}  // namespace fuzz_source2
