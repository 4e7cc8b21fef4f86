// navspan/source/area_index.hpp - random access to the areas of a verified file.
//
// Areas have variable length, so areas() is a forward range. An area_index
// is built once (one pass over the areas) into storage the caller provides:
// the offset of every area (O(1) access by position) and the table of
// {id, position} pairs sorted by id (binary search by id; ids are sparse and
// unsorted in real files). make_area_index() allocates that storage itself.
// Following connections needs only each neighbour's head (area_head: id,
// corners, connections), which find_head() gives without walking the rest
// of the neighbour's record.
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
#include "area.hpp"
#include "nav_file.hpp"

namespace navspan::source {

// {id, position}: the shared sorted-id table's entry (core/sorted_ids.hpp).
using area_id_entry = navspan::id_position;

template <unsigned V, area_data_shape Shape>
class versioned_area_index;

// begin()/end() (index_range): the areas in file order, with random access.
class area_index : public navspan::detail::area_table<area_index> {
public:
    using value_type = area;

    constexpr area_index() noexcept = default;

    // Fills `offsets` and `ids` (each at least file.area_count() long) and
    // returns the index over them. Fails with limit_exceeded when the
    // storage is too small or the file is 4 GiB or larger, with
    // inconsistent (value = the id) when two areas share an id. Allocates
    // nothing; sorting happens in `ids`.
    static result<area_index> build(const nav_file& file, std::span<std::uint32_t> offsets NAVSPAN_LIFETIMEBOUND,
                                    std::span<area_id_entry> ids NAVSPAN_LIFETIMEBOUND) noexcept {
        const std::size_t n = file.area_count();
        NAVSPAN_TRY(check_build(offsets.size() >= n && ids.size() >= n, n, offsets.size(), ids.size(), file.bytes().size()));
        const std::byte* base = file.bytes().data();
        // Only each record's size is needed: the walk compiled for the
        // file's version (chosen once here) keeps its sections in a local
        // the compiler drops, instead of building a view per area.
        const format_context ctx = file.context();
        detail::with_version(ctx.version, [&](auto version) {
            const std::byte* p = base + file.areas_offset();
            detail::area_sections unused;
            for (std::uint32_t i = 0; i < n; ++i) {
                offsets[i] = static_cast<std::uint32_t>(p - base);
                ids[i] = {load_u32(p), i};
                detail::unchecked_cursor c{p, 0};
                detail::walk_area_v<decltype(version)::value>(c, ctx, unused, nullptr);
                p += c.position();
            }
        });
        area_index index;
        NAVSPAN_TRY(index.keep_sorted(offsets, ids, n));
        index.base_ = base;
        index.ctx_ = file.context();
        index.locate_ = detail::locate_function_for(index.ctx_.version);
        return index;
    }

    // The area at a 0-based position in file order: O(1) plus the area's own
    // section walk.
    area operator[](std::size_t position) const noexcept {
        NAVSPAN_ASSERT(position < offsets_.size());
        return area(base_ + offsets_[position], ctx_, static_cast<std::uint32_t>(position), locate_);
    }
    // A position from a verified file (e.g. a Left 4 Dead 2 visibility entry).
    area at(area_position position) const noexcept { return (*this)[position.value]; }

    // The head of the area at a position (id, attributes, corners,
    // connections) without locating the rest of its record: what following
    // connections needs, at the cost of a few loads.
    area_head head(area_position position) const noexcept {
        NAVSPAN_ASSERT(position.value < offsets_.size());
        return area_head(base_ + offsets_[position.value], ctx_, position.value);
    }

    // The id of the area at a position, without locating its sections.
    std::uint32_t id_at(area_position position) const noexcept {
        NAVSPAN_ASSERT(position.value < offsets_.size());
        return load_u32(base_ + offsets_[position.value]);
    }

    // Lookup by id (position_of, find, contains): area_table's.
    std::optional<area_head> find_head(std::uint32_t id) const noexcept {
        if (auto p = position_of(id)) return head({*p});
        return std::nullopt;
    }

    // This index with the layout chosen once (as nav_file::visit_areas):
    // calls fn(versioned_area_index<V, Shape>), whose operator[], at() and
    // find() hand out versioned_area<V, Shape> (area's accessors, each
    // record's walk inlined instead of called through a pointer), and
    // returns what fn returns (the same type for every layout).
    template <class Fn>
    decltype(auto) visit_areas(Fn&& fn) const {
        return detail::with_area_layout(ctx_, [&](auto layout) -> decltype(auto) {
            return fn(versioned_area_index<decltype(layout)::version, decltype(layout)::shape>(*this));
        });
    }

private:
    template <unsigned V, area_data_shape Shape>
    friend class versioned_area_index;

    const std::byte* base_ = navspan::detail::empty_view_bytes;
    format_context ctx_{};
    // The section walk of the file's version, chosen once at build.
    detail::locate_function locate_ = nullptr;
};

// What area_index::visit_areas() hands its callback: the index, with areas
// built as versioned_area<V, Shape>. Lookups are area_index's.
template <unsigned V, area_data_shape Shape>
class versioned_area_index {
public:
    using value_type = versioned_area<V, Shape>;
    static constexpr unsigned version = V;
    static constexpr area_data_shape shape = Shape;

    // `index` was built for a file of this layout, and outlives this view.
    explicit versioned_area_index(const area_index& index NAVSPAN_LIFETIMEBOUND) noexcept : index_(&index) {
        NAVSPAN_ASSERT(index.ctx_.version == V && detail::area_data_shape_for<V>(index.ctx_) == Shape);
    }

    std::size_t size() const noexcept { return index_->size(); }
    bool empty() const noexcept { return index_->empty(); }
    versioned_area<V, Shape> operator[](std::size_t position) const noexcept {
        NAVSPAN_ASSERT(position < index_->offsets_.size());
        return versioned_area<V, Shape>(index_->base_ + index_->offsets_[position], index_->ctx_,
                                        static_cast<std::uint32_t>(position));
    }
    versioned_area<V, Shape> at(area_position position) const noexcept { return (*this)[position.value]; }
    std::optional<versioned_area<V, Shape>> find(std::uint32_t id) const noexcept {
        if (auto p = index_->position_of(id)) return (*this)[*p];
        return std::nullopt;
    }
    std::optional<std::uint32_t> position_of(std::uint32_t id) const noexcept { return index_->position_of(id); }
    area_head head(area_position position) const noexcept { return index_->head(position); }
    std::optional<area_head> find_head(std::uint32_t id) const noexcept { return index_->find_head(id); }
    const area_index& index() const noexcept { return *index_; }

private:
    const area_index* index_;
};

// An area_index that owns its storage (the convenience form; allocates).
class owned_area_index : public navspan::detail::owned_area_table<area_index> {
public:
    area at(area_position position) const noexcept { return index_.at(position); }
    std::uint32_t id_at(area_position position) const noexcept { return index_.id_at(position); }
    area_head head(area_position position) const noexcept { return index_.head(position); }
    std::optional<area_head> find_head(std::uint32_t id) const noexcept { return index_.find_head(id); }

private:
    friend result<owned_area_index> make_area_index(const nav_file& file);

    std::vector<std::uint32_t> offsets_;
    std::vector<area_id_entry> ids_;
};

inline result<owned_area_index> make_area_index(const nav_file& file) {
    owned_area_index owned;
    owned.offsets_.resize(file.area_count());
    owned.ids_.resize(file.area_count());
    auto built = area_index::build(file, owned.offsets_, owned.ids_);
    if (!built) return built.error();
    owned.index_ = *built;
    return owned;
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
