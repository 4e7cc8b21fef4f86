// navspan/core/area_table.hpp - what the area indexes of Source and Source 2
// share: each area's offset in file order and the {id, position} table
// sorted by id, kept in storage the caller provides, with the lookups by id
// and the guards and sort of build().
//
// A format's area_index derives from area_table<area_index> and gives
// operator[](position), the area at a 0-based position; the rest (size,
// iteration, position_of, find, contains, ids, offsets) is said here once,
// and owned_area_table is the owning form's.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

#include "error.hpp"
#include "sorted_ids.hpp"
#include "views.hpp"

namespace navspan::detail {

template <class Index>
class area_table : public index_range<Index> {
public:
    std::size_t size() const noexcept { return offsets_.size(); }

    // Lookup by area id: O(log n). A lower bound whose halving step is a
    // conditional move, not a branch: ids are looked up in no predictable
    // order (following connections), so a branchy search mispredicts about
    // every other step.
    std::optional<std::uint32_t> position_of(std::uint32_t id) const noexcept {
        return sorted_ids(ids_).position_of(id);
    }
    auto find(std::uint32_t id) const noexcept {
        const Index& self = static_cast<const Index&>(*this);
        using element = std::remove_cvref_t<decltype(self[0])>;
        if (auto p = position_of(id)) return std::optional<element>(self[*p]);
        return std::optional<element>();
    }
    bool contains(std::uint32_t id) const noexcept { return position_of(id).has_value(); }

    // The sorted {id, position} table.
    std::span<const id_position> ids() const noexcept { return ids_; }
    std::span<const std::uint32_t> offsets() const noexcept { return offsets_; }

protected:
    // build()'s guards: `enough` says whether the caller's storage holds the
    // `n` areas (and whatever else the format needs; the value given is the
    // shorter of the offsets and ids), and the file must be below 4 GiB
    // (offsets are 32 bits). Both fail with limit_exceeded.
    static error check_build(bool enough, std::size_t n, std::size_t offsets, std::size_t ids,
                             std::size_t file_size) noexcept {
        if (!enough) return fail(error_code::limit_exceeded, 0, "area index storage", n, std::min(offsets, ids));
        if (file_size > UINT32_MAX) {
            return fail(error_code::limit_exceeded, 0, "area index (files below 4 GiB)", file_size, UINT32_MAX);
        }
        return {};
    }

    // Keeps the first `n` offsets and ids, the ids sorted in place;
    // inconsistent (at the second area's offset, value = the id) when two
    // areas share an id.
    error keep_sorted(std::span<std::uint32_t> offsets, std::span<id_position> ids, std::size_t n) noexcept {
        const sorted_ids table = sorted_ids::sort(ids.first(n));
        if (const id_position* twin = table.first_duplicate()) {
            return fail(error_code::inconsistent, offsets[twin->position], "duplicate area id", twin->id);
        }
        offsets_ = offsets.first(n);
        ids_ = table.entries();
        return {};
    }

    std::span<const std::uint32_t> offsets_{};
    std::span<const id_position> ids_{};
};

// An area index that owns its storage (the convenience form; allocates):
// the format's owned_area_index derives from it and keeps the vectors the
// index is built over; this keeps the index and answers what it answers.
template <class Index>
class owned_area_table {
public:
    owned_area_table() = default;
    owned_area_table(const owned_area_table&) = delete;
    owned_area_table& operator=(const owned_area_table&) = delete;
    // Moving keeps the vectors' buffers, so the index stays valid.
    owned_area_table(owned_area_table&&) noexcept = default;
    owned_area_table& operator=(owned_area_table&&) noexcept = default;

    const Index& index() const noexcept { return index_; }
    std::size_t size() const noexcept { return index_.size(); }
    bool empty() const noexcept { return index_.empty(); }
    auto operator[](std::size_t position) const noexcept { return index_[position]; }
    std::optional<std::uint32_t> position_of(std::uint32_t id) const noexcept { return index_.position_of(id); }
    auto find(std::uint32_t id) const noexcept { return index_.find(id); }
    bool contains(std::uint32_t id) const noexcept { return index_.contains(id); }
    std::span<const id_position> ids() const noexcept { return index_.ids(); }
    std::span<const std::uint32_t> offsets() const noexcept { return index_.offsets(); }
    typename Index::iterator begin() const noexcept { return index_.begin(); }
    typename Index::iterator end() const noexcept { return index_.end(); }

protected:
    Index index_;
};

}  // namespace navspan::detail
#include "../core/min_max_pop.hpp"
