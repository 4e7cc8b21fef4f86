// navspan/source2/area_index.hpp - random access to the areas of a verified
// Source 2 file, and lookup by area id.
//
// Areas and polygons have variable length, so nav_file::areas() is a forward
// range. An area_index is built once (one pass over the areas and, when the
// polygons differ in size, one over the polygons) into storage the caller
// provides: every area's offset (O(1) access by position), the {id,
// position} pairs sorted by id (O(log n) lookup by id; ids are not
// positions), and every polygon's offset (O(1) corners whatever the file).
// make_area_index() allocates that storage itself. The lookup is the Source
// reader's (a lower bound whose halving step is a conditional move).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "../core/area_table.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/sorted_ids.hpp"
#include "../core/views.hpp"
#include "nav_file.hpp"
#include "records.hpp"

namespace navspan::source2 {

// {id, position}: the shared sorted-id table's entry (core/sorted_ids.hpp).
using area_id_entry = navspan::id_position;

// How much storage area_index::build needs for `file`.
struct area_index_storage_size {
    std::size_t areas = 0;     // offsets and ids
    std::size_t polygons = 0;  // polygon offsets (0 when the polygons share one size)
};
inline area_index_storage_size area_index_storage_needed(const nav_file& file) noexcept {
    return {file.area_count(), file.polygon_stride() != 0 ? 0 : file.polygon_count()};
}

class area_index : public navspan::detail::area_table<area_index> {
public:
    using value_type = area;

    constexpr area_index() noexcept = default;

    // Fills the storage (sizes: area_index_storage_needed) and returns the
    // index over it. Fails with limit_exceeded when the storage is too small
    // or the file is 4 GiB or larger, with inconsistent (value = the id)
    // when two areas share an id. Allocates nothing; sorting happens in `ids`.
    static result<area_index> build(const nav_file& file, std::span<std::uint32_t> offsets NAVSPAN_LIFETIMEBOUND,
                                    std::span<area_id_entry> ids NAVSPAN_LIFETIMEBOUND,
                                    std::span<std::uint32_t> polygon_offsets NAVSPAN_LIFETIMEBOUND = {}) noexcept {
        const area_index_storage_size need = area_index_storage_needed(file);
        NAVSPAN_TRY(check_build(offsets.size() >= need.areas && ids.size() >= need.areas && polygon_offsets.size() >= need.polygons,
                                need.areas, offsets.size(), ids.size(), file.bytes().size()));
        const std::byte* base = file.bytes().data();
        area_index index;
        index.base_ = base;
        index.ctx_ = file.area_context();
        if (need.polygons != 0) {
            std::uint32_t i = 0;
            for (const polygon& p : file.polygons()) {
                polygon_offsets[i++] = static_cast<std::uint32_t>(p.bytes().data() - base);
            }
            index.ctx_.polygons.offsets = polygon_offsets.data();
            index.ctx_.polygons.base = base;
        }
        const std::size_t n = need.areas;
        // Walked with the index's context: polygons found in O(1).
        if (n != 0) {
            const std::byte* first = base + file.areas_offset() + 4;
            const std::byte* poly = nullptr;
            if (file.has_polygon_table()) {
                poly = detail::locate_polygon(index.ctx_.polygons, load_u32(first + fields::area_polygon), 0, nullptr);
            }
            area a(first, poly, index.ctx_, 0);
            for (std::uint32_t i = 0; i < n; ++i) {
                if (i != 0) a = a.next();
                const std::byte* p = a.bytes().data();
                offsets[i] = static_cast<std::uint32_t>(p - base);
                ids[i] = {load_u32(p), i};
            }
        }
        NAVSPAN_TRY(index.keep_sorted(offsets, ids, n));
        return index;
    }

    // The area at a 0-based position in file order: O(1).
    area operator[](std::size_t position) const noexcept {
        NAVSPAN_ASSERT(position < offsets_.size());
        const std::byte* p = base_ + offsets_[position];
        const std::byte* poly = nullptr;
        if (gates::has_polygon_table(ctx_.version)) {
            poly = detail::locate_polygon(ctx_.polygons, load_u32(p + fields::area_polygon), 0, nullptr);
        }
        return area(p, poly, ctx_, static_cast<std::uint32_t>(position));
    }
    // The id of the area at a position, without decoding the rest.
    std::uint32_t id_at(std::size_t position) const noexcept {
        NAVSPAN_ASSERT(position < offsets_.size());
        return load_u32(base_ + offsets_[position]);
    }
    // Polygon i of the polygon table: O(1).
    polygon polygon_at(std::uint32_t i) const noexcept {
        return polygon(detail::locate_polygon(ctx_.polygons, i, 0, nullptr), i, ctx_.polygons.tail);
    }

    // Lookup by id (position_of, find, contains), ids() and offsets():
    // area_table's.

private:
    const std::byte* base_ = navspan::detail::empty_view_bytes;
    detail::area_context ctx_{};
};

// An area_index that owns its storage (the convenience form; allocates).
class owned_area_index : public navspan::detail::owned_area_table<area_index> {
public:
    std::uint32_t id_at(std::size_t position) const noexcept { return index_.id_at(position); }
    polygon polygon_at(std::uint32_t i) const noexcept { return index_.polygon_at(i); }

private:
    friend result<owned_area_index> make_area_index(const nav_file& file);

    std::vector<std::uint32_t> offsets_;
    std::vector<area_id_entry> ids_;
    std::vector<std::uint32_t> polygons_;
};

inline result<owned_area_index> make_area_index(const nav_file& file) {
    owned_area_index owned;
    const area_index_storage_size need = area_index_storage_needed(file);
    owned.offsets_.resize(need.areas);
    owned.ids_.resize(need.areas);
    owned.polygons_.resize(need.polygons);
    auto built = area_index::build(file, owned.offsets_, owned.ids_, owned.polygons_);
    if (!built) return built.error();
    owned.index_ = *built;
    return owned;
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
