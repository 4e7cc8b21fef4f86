// Fuzz target: detect the format of any input and walk it with that
// format's reader (tests/<format>/walk.hpp).
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/detect.hpp>

#include "creation/walk.hpp"
#include "fox/walk.hpp"
#include "quake/walk.hpp"
#include "source/walk.hpp"
#include "source2/walk.hpp"

#include "fuzz_target.hpp"

namespace fuzz_any {

NAVSPAN_FUZZ_BYTES_TARGET(any) {
    std::uint64_t h = 0;
    switch (navspan::detect(bytes)) {
        case navspan::format::source_nav: h = navspan_test::walk_source(bytes); break;
        case navspan::format::source2_nav: h = navspan_test::walk_source2(bytes); break;
        case navspan::format::quake_nav: h = navspan_test::walk_quake(bytes); break;
        case navspan::format::fox_nav2: h = navspan_test::walk_fox(bytes); break;
        case navspan::format::creation_plugin: h = navspan_test::walk_creation(bytes); break;
        default: break;
    }
    return h;
}

}  // namespace fuzz_any
