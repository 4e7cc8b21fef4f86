// navspan/core/contract.hpp - what every reader promises, checked by the
// compiler (docs/api.md explains each rule).
//
// A reader T opens with T::open(bytes, const T::options&) and returns a
// result<T>; its options carry `limits` and the one trusted-input switch
// `trusted`; an opened T answers bytes(), trailing(), version(), warnings()
// and indices_checked() the same way on every format and names its up axis.
// tests/core/contract_test.cpp asserts verified_file<T> for every reader.
#pragma once
#include "../core/min_max_push.hpp"

#include <concepts>
#include <cstdint>
#include <string_view>

#include "bytes.hpp"
#include "limits.hpp"
#include "reader_options.hpp"
#include "named_values.hpp"
#include "result.hpp"

namespace navspan {

// A world axis; each reader's `up_axis` names the vertical one.
enum class axis : std::uint8_t { x, y, z };

inline constexpr named_value axis_names[] = {{0, "x"}, {1, "y"}, {2, "z"}};

constexpr std::string_view to_string(axis a) noexcept { return name_of(axis_names, a, "unknown"); }

// An options struct: derived from navspan::reader_options (limits and the
// trusted-input switch), default-constructible.
template <class Options>
concept options_struct = std::default_initializable<Options> && std::derived_from<Options, reader_options> &&
                         requires(const Options& o) {
                             requires std::same_as<decltype(o.limits), navspan::limits>;
                             requires std::same_as<decltype(o.trusted), bool>;
                         };

// What an opened reader answers, whatever it was made from.
template <class T>
concept verified_view = options_struct<typename T::options> && std::copyable<T> && requires(const T& f) {
    { f.warnings() } -> std::same_as<flag_set<std::uint32_t>>;
    { f.indices_checked() } -> std::same_as<bool>;
    { T::up_axis } -> std::convertible_to<axis>;
};

// A reader that opens a buffer.
template <class T>
concept verified_file = verified_view<T> && requires(const T& f, bytes_view b, const typename T::options& o) {
    { T::open(b, o) } -> std::same_as<result<T>>;
    { T::open(b) } -> std::same_as<result<T>>;
    { f.bytes() } -> std::same_as<bytes_view>;
    { f.trailing() } -> std::same_as<bytes_view>;
    { f.version() } -> std::same_as<std::uint32_t>;
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
