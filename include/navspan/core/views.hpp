// navspan/core/views.hpp - views over packed arrays of fixed-size records.
//
// File records are packed and unaligned, so navspan never hands out pointers
// to structs. A view keeps a pointer to the first record's bytes and a count;
// operator[] decodes element i from the bytes when asked. Views are small,
// trivially copyable, never own memory, and are plain classes (not built on
// std::ranges::view_interface, which clang 14 with libstdc++ 12 cannot
// compile), with random-access iterators so range-for, std algorithms and
// std::ranges algorithms all work.
//
// Element types:
//  * an arithmetic type T: the record is one little-endian T;
//  * a record class R with `static constexpr std::size_t record_size` and a
//    constructor R(const std::byte*): a lazy view of one record whose
//    accessors decode fields on demand.
// A record whose size depends on the file (a version) uses strided_view,
// whose element class is constructed from (const std::byte*, Context).
#pragma once
#include "../core/min_max_push.hpp"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <span>
#include <type_traits>

#include "config.hpp"
#include "endian.hpp"

namespace navspan {

// The frame of a record class of `Size` bytes (see "Element types"
// above): its size and the pointer its accessors decode from. A record
// class derives from it and adds only its accessors
// (`using fixed_record::fixed_record;`).
template <std::size_t Size>
class fixed_record {
public:
    static constexpr std::size_t record_size = Size;
    explicit fixed_record(const std::byte* p) noexcept : p_(p) {}

protected:
    const std::byte* p_;
};

// The same for a record class that is also default-constructed: a default
// one reads the zeros of empty_view_bytes (every accessor answers 0).
template <std::size_t Size>
class fixed_record_or_empty {
public:
    static constexpr std::size_t record_size = Size;
    constexpr fixed_record_or_empty() noexcept = default;
    explicit fixed_record_or_empty(const std::byte* p) noexcept : p_(p) {}

protected:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// What an iterator's operator-> returns when its elements are decoded values
// (views built on the fly) rather than objects in memory: it keeps the value
// alive for the length of the `it->member()` expression.
template <class T>
class arrow_proxy {
public:
    constexpr explicit arrow_proxy(T value) noexcept : value_(value) {}
    constexpr const T* operator->() const noexcept { return &value_; }

private:
    T value_;
};

// A random-access iterator over anything with operator[](std::size_t). It
// holds a copy of the (small) view, so it stays valid when the view it came
// from was a temporary.
template <class View>
class index_iterator {
public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::random_access_iterator_tag;
    using value_type = std::remove_cvref_t<decltype(std::declval<const View&>()[std::size_t{}])>;
    using difference_type = std::ptrdiff_t;
    using reference = value_type;  // elements are decoded values, not lvalues
    using pointer = void;

    constexpr index_iterator() noexcept = default;
    constexpr index_iterator(View view, std::size_t index) noexcept : view_(view), index_(index) {}

    constexpr value_type operator*() const noexcept { return view_[index_]; }
    constexpr arrow_proxy<value_type> operator->() const noexcept { return arrow_proxy<value_type>(view_[index_]); }
    constexpr value_type operator[](difference_type n) const noexcept {
        return view_[static_cast<std::size_t>(static_cast<difference_type>(index_) + n)];
    }
    constexpr std::size_t index() const noexcept { return index_; }

    constexpr index_iterator& operator++() noexcept { ++index_; return *this; }
    constexpr index_iterator operator++(int) noexcept { auto t = *this; ++index_; return t; }
    constexpr index_iterator& operator--() noexcept { --index_; return *this; }
    constexpr index_iterator operator--(int) noexcept { auto t = *this; --index_; return t; }
    constexpr index_iterator& operator+=(difference_type n) noexcept {
        index_ = static_cast<std::size_t>(static_cast<difference_type>(index_) + n);
        return *this;
    }
    constexpr index_iterator& operator-=(difference_type n) noexcept { return *this += -n; }
    friend constexpr index_iterator operator+(index_iterator it, difference_type n) noexcept { return it += n; }
    friend constexpr index_iterator operator+(difference_type n, index_iterator it) noexcept { return it += n; }
    friend constexpr index_iterator operator-(index_iterator it, difference_type n) noexcept { return it -= n; }
    friend constexpr difference_type operator-(const index_iterator& a, const index_iterator& b) noexcept {
        return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
    }
    friend constexpr bool operator==(const index_iterator& a, const index_iterator& b) noexcept {
        return a.index_ == b.index_;
    }
    friend constexpr std::strong_ordering operator<=>(const index_iterator& a, const index_iterator& b) noexcept {
        return a.index_ <=> b.index_;
    }

private:
    View view_{};
    std::size_t index_ = 0;
};

// The members every random-access view has once it has size() and
// operator[](std::size_t): the iterator types, empty(), front(), back(),
// begin() and end(), said once here. A view derives from it as
// `class v : public index_range<v>` (an empty base: the view's size and
// trivial copy are unchanged). begin()/end() are not constexpr: clang 14
// with libstdc++ 12 then fails std::ranges::borrowed_range on the view.
template <class View>
class index_range {
public:
    using size_type = std::size_t;
    using iterator = index_iterator<View>;
    using const_iterator = iterator;

    constexpr bool empty() const noexcept { return self().size() == 0; }
    auto front() const noexcept { return self()[0]; }
    auto back() const noexcept { return self()[self().size() - 1]; }
    iterator begin() const noexcept { return iterator(self(), 0); }
    iterator end() const noexcept { return iterator(self(), self().size()); }

private:
    constexpr const View& self() const noexcept { return static_cast<const View&>(*this); }
};

namespace detail {

template <class T>
concept record_class = requires(const std::byte* p) {
    { T::record_size } -> std::convertible_to<std::size_t>;
    T(p);
};

template <class T>
struct record_traits;

template <loadable T>
struct record_traits<T> {
    static constexpr std::size_t size = sizeof(T);
    static T decode(const std::byte* p) noexcept { return load_le<T>(p); }
};

template <record_class T>
struct record_traits<T> {
    static constexpr std::size_t size = T::record_size;
    static T decode(const std::byte* p) noexcept { return T(p); }
};

}  // namespace detail

// A view over `count` packed records of type T, decoded on access.
template <class T>
class packed_view : public index_range<packed_view<T>> {
    using traits = detail::record_traits<T>;

public:
    using value_type = T;
    static constexpr std::size_t stride = traits::size;

    constexpr packed_view() noexcept = default;
    // `data` must hold count * stride bytes (a verifier checked this).
    constexpr packed_view(const std::byte* data, std::size_t count) noexcept : data_(data), count_(count) {}
    // A view over whole records of `bytes` (its size must be a multiple of the stride).
    constexpr explicit packed_view(std::span<const std::byte> bytes) noexcept
        : data_(bytes.data()), count_(bytes.size() / stride) {
        NAVSPAN_ASSERT(bytes.size() % stride == 0);
    }

    constexpr std::size_t size() const noexcept { return count_; }
    T operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return traits::decode(data_ + i * stride);
    }

    // The raw bytes of the records.
    constexpr std::span<const std::byte> bytes() const noexcept { return {data_, count_ * stride}; }
    // Records [first, first + n).
    constexpr packed_view subview(std::size_t first, std::size_t n) const noexcept {
        NAVSPAN_ASSERT(first <= count_ && n <= count_ - first);
        return packed_view(data_ + first * stride, n);
    }

private:
    const std::byte* data_ = navspan::detail::empty_view_bytes;
    std::size_t count_ = 0;
};

// A view over packed records whose size is known only at run time (it
// depends on a version). T is constructed from (const std::byte*, Context);
// Context carries what the record needs to decode itself (e.g. the version).
template <class T, class Context>
class strided_view : public index_range<strided_view<T, Context>> {
public:
    using value_type = T;

    constexpr strided_view() noexcept = default;
    constexpr strided_view(const std::byte* data, std::size_t count, std::size_t stride, Context context) noexcept
        : data_(data), count_(count), stride_(stride), context_(context) {}

    constexpr std::size_t size() const noexcept { return count_; }
    constexpr std::size_t stride() const noexcept { return stride_; }
    T operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return T(data_ + i * stride_, context_);
    }
    constexpr std::span<const std::byte> bytes() const noexcept { return {data_, count_ * stride_}; }

private:
    const std::byte* data_ = navspan::detail::empty_view_bytes;
    std::size_t count_ = 0;
    std::size_t stride_ = 1;
    Context context_{};
};

// Three floats: a position in world space.
struct vec3 {
    float x = 0, y = 0, z = 0;
    friend constexpr bool operator==(const vec3&, const vec3&) = default;
};

// An axis-aligned box: what every `bounds()` accessor returns.
struct box {
    vec3 min{};
    vec3 max{};
    friend constexpr bool operator==(const box&, const box&) = default;
};

// Reads a vec3 stored as three little-endian f32.
inline vec3 load_vec3(const std::byte* p) noexcept {
    return {load_f32(p), load_f32(p + 4), load_f32(p + 8)};
}

}  // namespace navspan

// Views point into the caller's buffer, never into themselves: iterators and
// subranges taken from a temporary view stay valid.
template <class T>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::packed_view<T>> = true;
template <class T, class C>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::strided_view<T, C>> = true;
#include "../core/min_max_pop.hpp"
