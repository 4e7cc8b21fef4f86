// navspan/core/endian.hpp - little-endian loads from unaligned bytes.
//
// Every navspan format is little-endian and packed: fields sit at any byte
// offset. A load copies the bytes into an integer with std::memcpy (one plain
// move on x86-64, never a misaligned dereference) and swaps them on a
// big-endian host (CI runs the test suite on s390x under qemu-user to prove it).
#pragma once
#include "../core/min_max_push.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <version>

namespace navspan {

namespace detail {

// std::bit_cast where the standard library has it (libstdc++ 11+, libc++
// 14+); the compiler builtin behind it otherwise; a memcpy as the last resort
// (not constexpr, which no load needs).
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
    static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> &&
                  std::is_trivially_copyable_v<From>);
#if defined(__cpp_lib_bit_cast)
    return std::bit_cast<To>(from);
#elif defined(__has_builtin)
#  if __has_builtin(__builtin_bit_cast)
    return __builtin_bit_cast(To, from);
#  else
    To to;
    std::memcpy(&to, &from, sizeof(To));
    return to;
#  endif
#else
    To to;
    std::memcpy(&to, &from, sizeof(To));
    return to;
#endif
}

constexpr std::uint16_t byteswap16(std::uint16_t v) noexcept {
    return static_cast<std::uint16_t>((v << 8) | (v >> 8));
}
constexpr std::uint32_t byteswap32(std::uint32_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap32(v);
#else
    return ((v & 0x000000FFu) << 24) | ((v & 0x0000FF00u) << 8) | ((v & 0x00FF0000u) >> 8) |
           ((v & 0xFF000000u) >> 24);
#endif
}
constexpr std::uint64_t byteswap64(std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(v);
#else
    return (static_cast<std::uint64_t>(byteswap32(static_cast<std::uint32_t>(v))) << 32) |
           byteswap32(static_cast<std::uint32_t>(v >> 32));
#endif
}

// True when loads must reverse byte order, i.e. on big-endian hosts.
inline constexpr bool host_needs_swap = std::endian::native == std::endian::big;

// What an empty (default-constructed or moved-from) view points at: zeros.
// Every accessor of an empty view then reads zero counts, ids and offsets
// at its fixed field offsets, so it answers zero or an empty range, without
// a null check on the hot path (docs/safety.md).
inline constexpr std::byte empty_view_bytes[1024] = {};

template <class U>
constexpr U to_little(U v) noexcept {
    if constexpr (!host_needs_swap || sizeof(U) == 1) {
        return v;
    } else if constexpr (sizeof(U) == 2) {
        return byteswap16(v);
    } else if constexpr (sizeof(U) == 4) {
        return byteswap32(v);
    } else {
        return byteswap64(v);
    }
}

template <std::size_t N> struct uint_of_size;
template <> struct uint_of_size<1> { using type = std::uint8_t; };
template <> struct uint_of_size<2> { using type = std::uint16_t; };
template <> struct uint_of_size<4> { using type = std::uint32_t; };
template <> struct uint_of_size<8> { using type = std::uint64_t; };

}  // namespace detail

// A type navspan can load from file bytes: a fixed-width integer or float.
template <class T>
concept loadable = std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                   (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

// Loads a little-endian T from `p`, which need not be aligned. The caller
// guarantees sizeof(T) readable bytes (the verifier proved it).
template <loadable T>
inline T load_le(const std::byte* p) noexcept {
    using U = typename detail::uint_of_size<sizeof(T)>::type;
    U raw;
    std::memcpy(&raw, p, sizeof(U));
    raw = detail::to_little(raw);
    return detail::bit_cast<T>(raw);
}

inline std::uint8_t load_u8(const std::byte* p) noexcept { return std::to_integer<std::uint8_t>(*p); }
inline std::uint16_t load_u16(const std::byte* p) noexcept { return load_le<std::uint16_t>(p); }
inline std::uint32_t load_u32(const std::byte* p) noexcept { return load_le<std::uint32_t>(p); }
inline std::uint64_t load_u64(const std::byte* p) noexcept { return load_le<std::uint64_t>(p); }
inline std::int16_t load_i16(const std::byte* p) noexcept { return load_le<std::int16_t>(p); }
inline std::int32_t load_i32(const std::byte* p) noexcept { return load_le<std::int32_t>(p); }
inline float load_f32(const std::byte* p) noexcept { return load_le<float>(p); }

// Stores a little-endian T at `p` (used by the test-side writers and the
// inflate output; the library never writes into a caller's file bytes).
template <loadable T>
inline void store_le(std::byte* p, T value) noexcept {
    using U = typename detail::uint_of_size<sizeof(T)>::type;
    U raw = detail::to_little(detail::bit_cast<U>(value));
    std::memcpy(p, &raw, sizeof(U));
}

// A four-character code as the file stores it ("NAVM" is bytes 'N','A','V','M'),
// compared as a 32-bit little-endian value.
constexpr std::uint32_t fourcc(const char (&s)[5]) noexcept {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(s[0])) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(s[1])) << 8) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(s[2])) << 16) |
           (static_cast<std::uint32_t>(static_cast<unsigned char>(s[3])) << 24);
}

}  // namespace navspan
#include "../core/min_max_pop.hpp"
