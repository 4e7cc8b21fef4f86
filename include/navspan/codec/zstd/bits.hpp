// navspan/codec/zstd/bits.hpp - the backward bit stream every entropy-coded
// part of a zstd block (Huffman streams, FSE sequences) is read from.
#pragma once
#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../core/config.hpp"
#include "../../core/endian.hpp"
#include "../../core/error.hpp"
#include "../../core/reader.hpp"
#include "../common.hpp"
#include "tables.hpp"

namespace navspan::codec {

namespace detail {

// A backward bit stream (§4.1): the bytes are one little-endian number read
// from its top; the highest set bit of the last byte marks the start, and
// the stream must end exactly at bit 0.
//
// It holds 64 bits of the stream (the 8 bytes at ptr_, or all the bytes of
// a shorter stream, moved to the top), of which consumed_ are read (counted
// from the top). refill()
// steps ptr_ back over the whole bytes read, so at least 57 bits are
// unread in the container until fewer remain in the stream. Reads past
// bit 0 return unspecified bits (never out of bounds: the shifts are
// masked) and leave pos() negative, which the callers check.
class backward_bits {
public:
    // Fails when the stream is empty or its last byte is zero.
    error init(const std::byte* begin, std::size_t size, std::uint64_t offset, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(size == 0)) return navspan::detail::fail(error_code::truncated, offset, what, 1, 0);
        const unsigned last = load_u8(begin + size - 1);
        if (NAVSPAN_UNLIKELY(last == 0)) {
            return navspan::detail::fail(error_code::inconsistent, offset + size - 1, what, 0);
        }
        start_ = begin;
        low_pad_ = 0;
        if (size >= 8) {
            ptr_ = begin + size - 8;
            container_ = load_u64(ptr_);
            consumed_ = 8 - highest_bit(last);
        } else {
            ptr_ = begin;
            container_ = 0;
            for (std::size_t i = 0; i < size; ++i) container_ |= std::uint64_t{load_u8(begin + i)} << (8 * i);
            // The bytes at the top; the zeros below them are not stream bits.
            low_pad_ = static_cast<unsigned>(8 * (8 - size));
            container_ <<= low_pad_;
            consumed_ = 8 - highest_bit(last);
        }
        return {};
    }

    // Makes at least 57 bits readable (or all that remain).
    NAVSPAN_ALWAYS_INLINE void refill() noexcept {
        if (NAVSPAN_LIKELY(ptr_ - start_ >= 8)) {
            // consumed_ <= 64 here (callers read at most 57 bits between refills).
            ptr_ -= consumed_ >> 3;
            consumed_ &= 7u;
            container_ = load_u64(ptr_);
            return;
        }
        refill_near_start();
    }

    // The next n (<= 57, after refill()) bits, without consuming them.
    NAVSPAN_ALWAYS_INLINE std::uint64_t peek(unsigned n) const noexcept {
        // (Two shifts so that n == 0 gives 0.)
        return ((container_ << (consumed_ & 63u)) >> 1) >> ((63u - n) & 63u);
    }
    NAVSPAN_ALWAYS_INLINE void skip(unsigned n) noexcept { consumed_ += n; }
    NAVSPAN_ALWAYS_INLINE std::uint64_t read(unsigned n) noexcept {
        const std::uint64_t v = peek(n);
        consumed_ += n;
        return v;
    }
    // Bits left (negative after reading past the start).
    std::int64_t pos() const noexcept {
        return static_cast<std::int64_t>(ptr_ - start_) * 8 + 64 - static_cast<std::int64_t>(consumed_) -
               static_cast<std::int64_t>(low_pad_);
    }
    // Whether refill() still moves through whole 8-byte loads (at least 8
    // bytes lie before the container), i.e. 57 bits are readable after it.
    bool far_from_start() const noexcept { return ptr_ - start_ >= 8; }

private:
    void refill_near_start() noexcept {
        if (ptr_ == start_) return;  // a stream of fewer than 8 bytes, or its last 8
        std::size_t back = consumed_ >> 3;
        const auto before = static_cast<std::size_t>(ptr_ - start_);
        if (back > before) back = before;
        ptr_ -= back;
        consumed_ -= static_cast<unsigned>(back * 8);
        container_ = load_u64(ptr_);
    }

    const std::byte* start_ = nullptr;
    const std::byte* ptr_ = nullptr;
    std::uint64_t container_ = 0;
    unsigned consumed_ = 0;
    unsigned low_pad_ = 0;  // a stream shorter than 8 bytes: the container's low bits that are not its
};

}  // namespace detail

}  // namespace navspan::codec
#include "../../core/min_max_pop.hpp"
