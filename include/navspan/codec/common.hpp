// navspan/codec/common.hpp - what the decompressors share: how much output a
// call may produce, and the options they take.
//
// Every decoder in navspan/codec/ writes into a span the caller owns and
// returns how many bytes it wrote (or an error with the input offset where
// decoding failed). How far it may write is the smallest of three bounds:
//   * the span itself (running past it is an error in the stream: the data
//     is larger than the caller said it is),
//   * limits::max_decompressed_size,
//   * the work budget of limits (work_budget_for: one unit per output byte,
//     against the size of the compressed input),
// and passing either of the last two is limit_exceeded, so a caller can tell a
// bomb from a stream that does not fit its buffer. The bound is fixed before
// decoding starts: the decoders never meter inside their loops.
//
// (The DEFLATE inflater, which predates this folder, lives in
// navspan/creation/inflate.hpp; it belongs here and may move later.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "../core/bytes.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"

namespace navspan::codec {

struct decode_options {
    navspan::limits limits{};
    // Added to every error offset: the position of the compressed bytes in
    // the caller's file, so errors name file bytes.
    std::uint64_t base_offset = 0;
};

namespace detail {

// The output bytes a call may produce (see the top of this file), and which
// bound set it: 0 the span, 1 max_decompressed_size, 2 the work budget.
struct output_cap {
    std::size_t bytes = 0;
    int bound = 0;
    std::uint64_t limit = 0;  // the value of the limit that bound it (for errors)
};

constexpr output_cap make_output_cap(std::size_t span_room, const navspan::limits& lim,
                                     std::uint64_t input_size) noexcept {
    output_cap cap{span_room, 0, span_room};
    if (lim.max_decompressed_size < cap.bytes) {
        cap = {static_cast<std::size_t>(lim.max_decompressed_size), 1, lim.max_decompressed_size};
    }
    const std::uint64_t budget = work_budget_for(lim, input_size);
    if (budget != 0 && budget < cap.bytes) cap = {static_cast<std::size_t>(budget), 2, budget};
    return cap;
}

// The error for output that would pass `cap`: at least `wanted` bytes in all.
inline error output_overflow(const output_cap& cap, std::uint64_t offset, std::uint64_t wanted,
                             const char* what) noexcept {
    if (cap.bound == 0) {
        return navspan::detail::fail(error_code::inconsistent, offset, what, wanted, cap.bytes);
    }
    return navspan::detail::fail(error_code::limit_exceeded, offset,
                                 cap.bound == 1 ? "decompressed size (limits::max_decompressed_size)"
                                                : "decompressed size (the work budget of limits)",
                                 wanted, cap.limit);
}

}  // namespace detail

}  // namespace navspan::codec
