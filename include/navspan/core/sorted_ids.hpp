// navspan/core/sorted_ids.hpp - a table of {id, position} pairs sorted by id,
// and the one halving search every sorted lookup in navspan uses.
//
// Ids in game files are sparse and stored in no particular order, so lookup
// by id goes through a table of {id, position} sorted by id, built once into
// storage the caller provides (allocation-free, like the readers). Sorting
// is by id, then position: equal ids keep file order, so "the first record
// with this id" is the first entry of its run, and duplicates sit side by
// side (one linear pass finds them, where a pairwise check of n records
// sharing one id would cost n^2 / 2 comparisons).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace navspan {

// The first index in [0, n) for which `before(index)` is false, where
// `before` is true on a prefix of the range and false after it (n when it
// is true everywhere). Halving whose step is a conditional move, not a
// branch: lookups while following links come in no predictable order, so a
// branchy search mispredicts about every other step.
template <class Before>
constexpr std::size_t partition_point_index(std::size_t n, Before before) noexcept {
    if (n == 0) return 0;
    std::size_t first = 0;
    while (n > 1) {  // the answer lies in [first, first + n]
        const std::size_t half = n / 2;
        first = before(first + half) ? first + half : first;
        n -= half;
    }
    return before(first) ? first + 1 : first;
}

struct id_position {
    std::uint32_t id = 0;
    std::uint32_t position = 0;  // the record's position in file order
    friend constexpr bool operator==(const id_position&, const id_position&) noexcept = default;
};

// A view of an id_position table sorted by (id, position); lookups are
// O(log n) and allocate nothing.
class sorted_ids {
public:
    using value_type = id_position;
    using iterator = const id_position*;
    using const_iterator = iterator;

    constexpr sorted_ids() noexcept = default;

    // Sorts `table` in place by (id, position), unless it already is (files
    // often store their records by id). Allocates nothing.
    static sorted_ids sort(std::span<id_position> table) noexcept {
        constexpr auto by_id = [](const id_position& a, const id_position& b) noexcept {
            return a.id != b.id ? a.id < b.id : a.position < b.position;
        };
        if (!std::is_sorted(table.begin(), table.end(), by_id)) std::sort(table.begin(), table.end(), by_id);
        return sorted_ids(table);
    }
    // Fills `table` with {id_of(i), i} for i in [0, table.size()) and sorts it.
    template <class IdOf>
    static sorted_ids build(std::span<id_position> table, IdOf id_of) noexcept {
        for (std::size_t i = 0; i < table.size(); ++i) {
            table[i] = {static_cast<std::uint32_t>(id_of(i)), static_cast<std::uint32_t>(i)};
        }
        return sort(table);
    }
    // A table already sorted by (id, position) (e.g. kept from an earlier sort).
    constexpr explicit sorted_ids(std::span<const id_position> sorted) noexcept : entries_(sorted) {}

    constexpr std::size_t size() const noexcept { return entries_.size(); }
    constexpr bool empty() const noexcept { return entries_.empty(); }
    constexpr const id_position& operator[](std::size_t i) const noexcept { return entries_[i]; }
    constexpr iterator begin() const noexcept { return entries_.data(); }
    constexpr iterator end() const noexcept { return entries_.data() + entries_.size(); }
    constexpr std::span<const id_position> entries() const noexcept { return entries_; }

    // The index of the first entry whose id is >= `id` (size() when none).
    constexpr std::size_t lower_bound(std::uint32_t id) const noexcept {
        const id_position* e = entries_.data();
        return partition_point_index(entries_.size(), [e, id](std::size_t i) { return e[i].id < id; });
    }
    // The entry of the first record (in file order) whose id is `id`, or null.
    constexpr const id_position* first(std::uint32_t id) const noexcept {
        const std::size_t i = lower_bound(id);
        return i < entries_.size() && entries_[i].id == id ? &entries_[i] : nullptr;
    }
    // The position of the first record whose id is `id`.
    constexpr std::optional<std::uint32_t> position_of(std::uint32_t id) const noexcept {
        if (const id_position* e = first(id)) return e->position;
        return std::nullopt;
    }
    // Every entry whose id is `id`, in file order.
    constexpr std::span<const id_position> equal_range(std::uint32_t id) const noexcept {
        const std::size_t lo = lower_bound(id);
        std::size_t hi = lo;
        while (hi < entries_.size() && entries_[hi].id == id) ++hi;
        return entries_.subspan(lo, hi - lo);
    }
    // The second entry of the first pair sharing an id (by id, then file
    // order: its position is the later record), or null when ids are unique.
    constexpr const id_position* first_duplicate() const noexcept {
        for (std::size_t k = 1; k < entries_.size(); ++k) {
            if (entries_[k - 1].id == entries_[k].id) return &entries_[k];
        }
        return nullptr;
    }

private:
    std::span<const id_position> entries_{};
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
