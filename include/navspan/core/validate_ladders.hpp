// navspan/core/validate_ladders.hpp - the ladder-table family that Source
// and Source 2 share (their ladders differ in layout, not in what is
// checked): duplicate ids, a direction that is no compass point, areas that
// name nothing, a ladder tied to no area.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "validate.hpp"

namespace navspan::detail {

// The format's numbers for the four checks, and where a ladder record
// keeps its direction and its area ids (4 bytes each).
struct ladder_checks {
    std::size_t duplicate_id, bad_direction, missing_area, unconnected;
    std::size_t direction_at, areas_at;
};

// Each ladder of `ladders` (a strided view in `file`'s bytes): `by_id` the
// first_by_id of the ladders, `areas(l)` how many area ids it has,
// `area(l, c)` the c-th, `has_area(id)` whether an area has that id.
template <class Gate, class Ladders, class ById, class Areas, class Area, class HasArea>
void check_ladder_table(const std::byte* file, const Ladders& ladders, const ladder_checks& c, const ById& by_id,
                        Areas&& areas, Area&& area, HasArea&& has_area, Gate& out) {
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        const auto l = ladders[i];
        const std::byte* lb = ladders.bytes().data() + i * ladders.stride();
        auto add = [&](std::size_t check, const std::byte* where, std::uint64_t value = 0) {
            out.add(check, "ladder", i, l.id(), static_cast<std::uint64_t>(where - file), value);
        };
        // A duplicate names the first ladder with its id (never a later one).
        if (const std::uint32_t* first = out.wants(c.duplicate_id) ? by_id.first(l.id()) : nullptr; first != nullptr && *first < i) {
            add(c.duplicate_id, lb, *first);
        }
        if (!l.facing()) add(c.bad_direction, lb + c.direction_at, l.direction_raw());
        bool any = false;
        for (std::size_t k = 0; k < areas(l); ++k) {
            const std::uint32_t id = area(l, k);
            any = any || id != 0;
            if (id != 0 && out.wants(c.missing_area) && !has_area(id)) add(c.missing_area, lb + c.areas_at + 4 * k, id);
        }
        if (!any) add(c.unconnected, lb + c.areas_at);
    }
}

}  // namespace navspan::detail
#include "../core/min_max_pop.hpp"
