// Fuzz target for the Source area index: when the input opens as a .nav and
// its ids are unique, build the index and check every lookup against the
// file itself: each area's id finds its own position, every connection
// target is found or cleanly absent, ids next to real ones and the extremes
// are absent unless they exist.
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/source.hpp>
#include "fuzz_target.hpp"

namespace fuzz_area_index {

namespace {
volatile std::uint64_t g_sink;
}

NAVSPAN_FUZZ_TARGET(area_index) {
    namespace ns = navspan::source;
    const auto bytes = std::as_bytes(std::span(data, size));
    auto file = ns::nav_file::open(bytes);
    if (!file) return 0;
    auto built = ns::make_area_index(*file);
    if (!built) return 0;  // duplicate ids: a clean error
    const ns::owned_area_index& index = *built;
    if (index.size() != file->area_count()) __builtin_trap();
    std::uint64_t h = 0;
    std::uint32_t position = 0;
    for (const ns::area& a : file->areas()) {
        const auto found = index.position_of(a.id());
        if (!found || *found != position) __builtin_trap();
        if (index.id_at({position}) != a.id()) __builtin_trap();
        if (index.find(a.id())->id() != a.id() || index.find_head(a.id())->id() != a.id()) __builtin_trap();
        if (index[position].id() != a.id() || index.head({position}).id() != a.id()) __builtin_trap();
        for (auto d : {ns::direction::north, ns::direction::east, ns::direction::south, ns::direction::west}) {
            for (std::uint32_t target : a.connections(d)) {
                if (auto t = index.find(target)) {
                    if (t->id() != target) __builtin_trap();
                    h += t->connection_count();
                } else if (index.contains(target)) {
                    __builtin_trap();
                }
            }
        }
        for (std::uint32_t near : {a.id() - 1, a.id() + 1}) {
            if (auto p = index.position_of(near); p && index.id_at({*p}) != near) __builtin_trap();
        }
        ++position;
    }
    for (std::uint32_t extreme : {0u, 0xFFFFFFFFu}) {
        if (auto p = index.position_of(extreme); p && index.id_at({*p}) != extreme) __builtin_trap();
    }
    g_sink = h;
    return 0;
}

}  // namespace fuzz_area_index
