// navspan/core/reader.hpp - the bounds-checked cursor every verifier uses.
//
// A byte_reader walks a span front to back. Every read checks first and
// fails with a `truncated` error naming the record being read; checks are
// written as `n > remaining()` (never `pos + n > size`) so no count read from
// a file can overflow them. Offsets in errors are absolute: a reader built
// over a sub-span knows where that sub-span starts in the file.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "bytes.hpp"
#include "config.hpp"
#include "endian.hpp"
#include "error.hpp"

// Returns from the enclosing function when `expr` (an `error`) is set.
#define NAVSPAN_TRY(expr)                        \
    do {                                         \
        if (::navspan::error navspan_e_ = (expr); \
            navspan_e_.code != ::navspan::error_code::none) \
            return navspan_e_;                   \
    } while (false)

namespace navspan {

// Saturating a * b, for reporting how many bytes a huge count would need.
constexpr std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) noexcept {
    if (a != 0 && b > UINT64_MAX / a) return UINT64_MAX;
    return a * b;
}

class byte_reader {
public:
    constexpr byte_reader() noexcept = default;
    constexpr explicit byte_reader(bytes_view bytes, std::uint64_t base_offset = 0) noexcept
        : data_(bytes.data()), size_(bytes.size()), base_(base_offset) {}

    // Absolute offset of the next byte (what errors report).
    constexpr std::uint64_t offset() const noexcept { return base_ + pos_; }
    // Offset relative to the start of this reader's span.
    constexpr std::size_t position() const noexcept { return pos_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr std::size_t remaining() const noexcept { return size_ - pos_; }
    constexpr bool at_end() const noexcept { return pos_ == size_; }
    constexpr const std::byte* current() const noexcept { return data_ + pos_; }
    constexpr bytes_view rest() const noexcept { return {data_ + pos_, size_ - pos_}; }

    // A `truncated` error for reading `n` bytes of `what` here.
    constexpr error truncated(std::uint64_t n, const char* what) const noexcept {
        return detail::fail(error_code::truncated, offset(), what, n, remaining());
    }

    // Fails unless `n` more bytes can be read.
    constexpr error require(std::size_t n, const char* what) const noexcept {
        if (NAVSPAN_UNLIKELY(n > remaining())) return truncated(n, what);
        return {};
    }

    // Fails unless `count` records of `stride` bytes fit in what is left.
    // The check divides, so a count of four billion cannot overflow it.
    constexpr error require_array(std::uint64_t count, std::size_t stride, const char* what) const noexcept {
        NAVSPAN_ASSERT(stride != 0);
        if (NAVSPAN_UNLIKELY(count > remaining() / stride)) {
            return detail::fail(error_code::count_too_large, offset(), what, count, remaining() / stride);
        }
        return {};
    }

    constexpr error skip(std::size_t n, const char* what) noexcept {
        NAVSPAN_TRY(require(n, what));
        pos_ += n;
        return {};
    }

    // Reads a little-endian T into `out`.
    template <loadable T>
    error read(T& out, const char* what) noexcept {
        NAVSPAN_TRY(require(sizeof(T), what));
        out = load_le<T>(data_ + pos_);
        pos_ += sizeof(T);
        return {};
    }

    // Takes `n` bytes as a span and moves past them.
    error take(std::size_t n, bytes_view& out, const char* what) noexcept {
        NAVSPAN_TRY(require(n, what));
        out = bytes_view(data_ + pos_, n);
        pos_ += n;
        return {};
    }

    // Takes `count` records of `stride` bytes (checked without overflow).
    error take_array(std::uint64_t count, std::size_t stride, bytes_view& out, const char* what) noexcept {
        NAVSPAN_TRY(require_array(count, stride, what));
        const auto n = static_cast<std::size_t>(count) * stride;
        out = bytes_view(data_ + pos_, n);
        pos_ += n;
        return {};
    }

    // Moves past `count` records of `stride` bytes.
    error skip_array(std::uint64_t count, std::size_t stride, const char* what) noexcept {
        NAVSPAN_TRY(require_array(count, stride, what));
        pos_ += static_cast<std::size_t>(count) * stride;
        return {};
    }

    // A reader over the next `n` bytes (offsets stay absolute); this reader
    // moves past them.
    error sub_reader(std::size_t n, byte_reader& out, const char* what) noexcept {
        NAVSPAN_TRY(require(n, what));
        out = byte_reader(bytes_view(data_ + pos_, n), offset());
        pos_ += n;
        return {};
    }

    // Unchecked forms, for use right after a require() that covered them.
    template <loadable T>
    T read_unchecked() noexcept {
        NAVSPAN_ASSERT(sizeof(T) <= remaining());
        T v = load_le<T>(data_ + pos_);
        pos_ += sizeof(T);
        return v;
    }
    void skip_unchecked(std::size_t n) noexcept {
        NAVSPAN_ASSERT(n <= remaining());
        pos_ += n;
    }

    // Moves to an absolute position inside this reader's span.
    error seek(std::size_t position, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(position > size_)) {
            return detail::fail(error_code::bad_offset, base_ + pos_, what, position, size_);
        }
        pos_ = position;
        return {};
    }

private:
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t pos_ = 0;
    std::uint64_t base_ = 0;
};

}  // namespace navspan
#include "../core/min_max_pop.hpp"
