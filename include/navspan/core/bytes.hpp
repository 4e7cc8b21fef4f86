// navspan/core/bytes.hpp - the buffer type every reader takes, and a way to
// get one from whatever the caller loaded the file into.
//
//   std::vector<char> data = read_whole_file(path);
//   auto file = navspan::source::nav_file::open(navspan::as_bytes(data));
//
// as_bytes() views any contiguous range of one-byte elements (std::vector of
// char, unsigned char or std::byte, std::string, std::string_view,
// std::span<const std::uint8_t>, std::array, ...). It takes no copy, so it
// refuses a temporary owning container: the view would dangle.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <iterator>
#include <ranges>
#include <span>
#include <string_view>
#include <type_traits>

namespace navspan {

using bytes_view = std::span<const std::byte>;

namespace detail {
template <class T>
inline constexpr bool is_byte_like_v = std::is_same_v<T, char> || std::is_same_v<T, unsigned char> ||
                                       std::is_same_v<T, signed char> || std::is_same_v<T, std::byte> ||
                                       std::is_same_v<T, char8_t>;
}  // namespace detail

template <class Range>
    requires std::ranges::contiguous_range<Range> && std::ranges::sized_range<Range> &&
             std::ranges::borrowed_range<Range> &&
             detail::is_byte_like_v<std::remove_cv_t<std::ranges::range_value_t<Range>>>
inline bytes_view as_bytes(Range&& range) noexcept {
    const auto size = static_cast<std::size_t>(std::ranges::size(range));
    if (size == 0) return {};
    return {reinterpret_cast<const std::byte*>(std::ranges::data(range)), size};
}

// A pointer and a length, e.g. from a C API.
inline bytes_view as_bytes(const void* data, std::size_t size) noexcept {
    return {static_cast<const std::byte*>(data), size};
}

// The other way: text stored in files (place names, editor ids) as a
// string_view over the same bytes.
inline std::string_view as_chars(bytes_view bytes) noexcept {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace navspan
#include "../core/min_max_pop.hpp"
