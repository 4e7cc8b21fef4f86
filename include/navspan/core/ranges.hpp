// navspan/core/ranges.hpp - checked byte ranges, and the two shapes of
// record list every format has.
//
//  * byte_range: a half-open range [begin, end) of a buffer. Verifiers ask it
//    whether `length` bytes, or `count` records of `stride` bytes, fit at an
//    offset; every check subtracts before it compares (`length > end - start`,
//    `count > room / stride`), so no value read from a file can overflow it.
//    Errors name absolute offsets: a range knows where its offsets count from.
//  * indexed_view<Element, Context>: records reached by index through a
//    context ("context + count + element(i)"). Element is built from
//    (Context, index) and decodes itself on access; random access.
//  * sequence_view<Item>: records of variable length, each knowing where the
//    next one starts (Item::next()); a forward range.
//
// Like the views of views.hpp these are small trivially copyable values that
// never own memory; iterators hold a copy of what they need, so a range taken
// from a temporary stays valid as long as the buffer (and, for an
// indexed_view whose Context is a pointer, what it points at).
#pragma once
#include "../core/min_max_push.hpp"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>

#include "config.hpp"
#include "error.hpp"
#include "views.hpp"

namespace navspan {

// ---------------------------------------------------------------- byte_range

// A range [begin, end) of offsets inside a buffer; `base` is what the offsets
// are relative to, as an absolute offset (added to every offset an error
// reports). begin <= end always.
class byte_range {
public:
    constexpr byte_range() noexcept = default;
    constexpr byte_range(std::uint64_t begin, std::uint64_t end, std::uint64_t base = 0) noexcept
        : begin_(begin), end_(end), base_(base) {
        NAVSPAN_ASSERT(begin <= end);
    }

    constexpr std::uint64_t begin() const noexcept { return begin_; }
    constexpr std::uint64_t end() const noexcept { return end_; }
    constexpr std::uint64_t base() const noexcept { return base_; }
    constexpr std::uint64_t size() const noexcept { return end_ - begin_; }
    // Bytes from `start` (inside the range) to its end.
    constexpr std::uint64_t room(std::uint64_t start) const noexcept {
        NAVSPAN_ASSERT(start >= begin_ && start <= end_);
        return end_ - start;
    }

    // Whether `length` bytes at `start` lie inside the range.
    constexpr bool holds(std::uint64_t start, std::uint64_t length) const noexcept {
        return start >= begin_ && start <= end_ && length <= end_ - start;
    }
    // Whether `count` records of `stride` bytes at `start` lie inside.
    constexpr bool holds_array(std::uint64_t start, std::uint64_t count, std::uint64_t stride) const noexcept {
        NAVSPAN_ASSERT(stride != 0);
        return start >= begin_ && start <= end_ && count <= (end_ - start) / stride;
    }

    // `length` bytes at `start`: bad_offset when `start` is outside the
    // range, truncated when the bytes run past its end.
    constexpr error require(std::uint64_t start, std::uint64_t length, const char* what) const noexcept {
        if (NAVSPAN_UNLIKELY(start < begin_ || start > end_)) {
            return detail::fail(error_code::bad_offset, base_ + begin_, what, start);
        }
        if (NAVSPAN_UNLIKELY(length > end_ - start)) {
            return detail::fail(error_code::truncated, base_ + start, what, length, end_ - start);
        }
        return {};
    }
    // `count` records of `stride` bytes at `start`: bad_offset as above,
    // count_too_large (with the count that would fit) when they do not fit.
    constexpr error require_array(std::uint64_t start, std::uint64_t count, std::uint64_t stride,
                                  const char* what) const noexcept {
        NAVSPAN_ASSERT(stride != 0);
        if (NAVSPAN_UNLIKELY(start < begin_ || start > end_)) {
            return detail::fail(error_code::bad_offset, base_ + begin_, what, start);
        }
        if (NAVSPAN_UNLIKELY(count > (end_ - start) / stride)) {
            return detail::fail(error_code::count_too_large, base_ + start, what, count, (end_ - start) / stride);
        }
        return {};
    }
    // A record of `length` bytes at `start` that must not begin before
    // `previous_end` (records stored in order without overlap, so a walk
    // over them is linear): bad_offset when it does.
    constexpr error require_after(std::uint64_t previous_end, std::uint64_t start, std::uint64_t length,
                                  const char* what) const noexcept {
        if (NAVSPAN_UNLIKELY(start < previous_end)) return detail::fail(error_code::bad_offset, base_ + begin_, what, start);
        return require(start, length, what);
    }

    // The sub-range [start, start + length) (checked by the caller).
    constexpr byte_range sub(std::uint64_t start, std::uint64_t length) const noexcept {
        NAVSPAN_ASSERT(holds(start, length));
        return byte_range(start, start + length, base_);
    }

private:
    std::uint64_t begin_ = 0;
    std::uint64_t end_ = 0;
    std::uint64_t base_ = 0;
};

// ---------------------------------------------------------------- indexed_view

// The elements [first, first + count) of one kind, each built as
// Element(context, index) when asked for. Context is whatever the elements
// need to find their bytes: a small struct, or a pointer to one shared by
// all elements of a group (then the view, its iterators and its elements
// must not outlive what it points at).
template <class Element, class Context>
class indexed_view : public index_range<indexed_view<Element, Context>> {
public:
    using value_type = Element;

    constexpr indexed_view() noexcept = default;
    constexpr indexed_view(Context context, std::uint32_t count) noexcept : context_(context), count_(count) {}
    constexpr indexed_view(Context context, std::uint32_t first, std::uint32_t count) noexcept
        : context_(context), first_(first), count_(count) {}

    constexpr std::size_t size() const noexcept { return count_; }
    Element operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return Element(context_, first_ + static_cast<std::uint32_t>(i));
    }
    // Index of the first element (in its whole list).
    constexpr std::uint32_t first_index() const noexcept { return first_; }

private:
    Context context_{};
    std::uint32_t first_ = 0;
    std::uint32_t count_ = 0;
};

// ---------------------------------------------------------------- sequence_view

// How a sequence_iterator reaches the next record: Item::next(), the
// record that follows it. A Step is built from the first record (when the
// list is not empty) and called on the current one to make it the next;
// a format whose records step in place (and choose their walk once, from
// the first record) gives its own.
struct step_by_next {
    constexpr step_by_next() noexcept = default;
    template <class Item>
    constexpr explicit step_by_next(const Item&) noexcept {}
    template <class Item>
    constexpr void operator()(Item& item) const noexcept { item = item.next(); }
};

// A forward iterator over records of variable length. Item is default
// constructible and Step moves it to the record that follows (by default
// Item::next()); the iterator holds the current record (never moved past
// the last one). Step is a base, so an empty one takes no room.
template <class Item, class Step = step_by_next>
class sequence_iterator : private Step {
public:
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // elements are values, not references
    using value_type = Item;
    using difference_type = std::ptrdiff_t;
    // The current record lives in the iterator: a reference to it spares a
    // copy of the view per element (it stays valid until the next ++).
    using reference = const Item&;
    using pointer = const Item*;

    constexpr sequence_iterator() noexcept = default;
    constexpr sequence_iterator(Item first, std::size_t index, std::size_t count) noexcept
        : Step(index < count ? Step(first) : Step()), item_(first), index_(index), count_(count) {}

    constexpr const Item& operator*() const noexcept { return item_; }
    constexpr const Item* operator->() const noexcept { return &item_; }
    // Position of the current record in its list (0-based).
    constexpr std::size_t index() const noexcept { return index_; }

    NAVSPAN_ALWAYS_INLINE inline sequence_iterator& operator++() noexcept {
        NAVSPAN_ASSERT(index_ < count_);
        ++index_;
        if (index_ < count_) static_cast<const Step&>(*this)(item_);
        return *this;
    }
    sequence_iterator operator++(int) noexcept {
        auto t = *this;
        ++*this;
        return t;
    }
    friend constexpr bool operator==(const sequence_iterator& a, const sequence_iterator& b) noexcept {
        return a.index_ == b.index_;
    }

private:
    Item item_{};
    std::size_t index_ = 0;
    std::size_t count_ = 0;
};

// A forward range of `count` variable-length records starting with `first`.
template <class Item, class Step = step_by_next>
class sequence_view {
public:
    using value_type = Item;
    using size_type = std::size_t;
    using iterator = sequence_iterator<Item, Step>;
    using const_iterator = iterator;

    constexpr sequence_view() noexcept = default;
    constexpr sequence_view(Item first, std::size_t count) noexcept : first_(first), count_(count) {}

    constexpr std::size_t size() const noexcept { return count_; }
    constexpr bool empty() const noexcept { return count_ == 0; }
    constexpr iterator begin() const noexcept { return iterator(first_, 0, count_); }
    constexpr iterator end() const noexcept { return iterator(Item{}, count_, count_); }
    // The first record (the list must not be empty).
    constexpr Item front() const noexcept {
        NAVSPAN_ASSERT(count_ != 0);
        return first_;
    }

private:
    Item first_{};
    std::size_t count_ = 0;
};

}  // namespace navspan

template <class E, class C>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::indexed_view<E, C>> = true;
template <class Item, class Step>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::sequence_view<Item, Step>> = true;
#include "../core/min_max_pop.hpp"
