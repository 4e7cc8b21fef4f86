// navspan/codec/zstd.hpp - Zstandard decompression (RFC 8878), written on
// the standard library alone.
//
// zstd_decompress() decodes every frame of its input, one after the other,
// into a caller's span: zstd frames (raw, RLE and compressed blocks; Huffman
// literals with one or four streams, described by direct or FSE-compressed
// weights, or repeated from the previous block; sequences whose three codes
// use predefined, RLE, FSE-described or repeated tables; repeat offsets) and
// skippable frames (stepped over; the legacy formats of zstd before 1.0 are
// refused). A frame's content size, when declared,
// must match what it decodes to, and its content checksum, when present, is
// checked (XXH64, below). Dictionaries are refused (a frame that names one
// fails with unsupported_version): no data navspan reads uses them.
//
// Empty input is zero frames and decodes to nothing, as libzstd's does. Three
// kinds of corruption that libzstd lets through are refused here: a
// sequences bitstream that does not end exactly at its first bit, reserved
// bits set in the symbol compression modes byte, and bytes after a
// sequences section that has no sequences.
//
// Like the LZ4 decoder (codec/lz4.hpp) it never reads outside the input nor
// writes outside the output cap (codec/common.hpp: the span, the limits'
// decompressed size and work budget), allocates nothing (its tables, about
// 22 KiB, live in the `zstd_decoder` object) and does work linear in its
// input and output. Because frames decode straight into the output there is
// no separate window: a frame's window size is only checked against
// decode_options::max_window_size, and a match may reach back to the start
// of its frame's output.
//
// Compressed literals are decoded into the end of the output cap, ahead of
// the block's output, and consumed from there as the sequences run (each
// sequence writes no further than the literals not yet used): the bytes of
// the span beyond what the call produces are therefore scratch, and hold
// whatever was left there.
//
// The decoder's parts, one per part of RFC 8878, live in codec/zstd/:
// bits.hpp (the backward bit stream), tables.hpp (the fixed tables),
// fse.hpp (FSE tables), literals.hpp (raw, RLE and Huffman literals),
// sequences.hpp (the sequences section), frame_header.hpp and frame.hpp
// (frames and blocks), xxh64.hpp (the content checksum) and decoder.hpp
// (the object tying them together). This header keeps the entry points.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <span>

#include "../core/config.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "common.hpp"
#include "zstd/decoder.hpp"
#include "zstd/frame_header.hpp"
#include "zstd/xxh64.hpp"

namespace navspan::codec {

// Decodes every frame of `in` into `out` (see the top of this file); returns
// the bytes written. The decoder's tables (about 22 KiB) live on the stack.
inline result<std::size_t> zstd_decompress(bytes_view in, std::span<std::byte> out,
                                           const decode_options& options = {}) noexcept {
    zstd_decoder d;
    return d.decompress(in, out, options);
}

// Decodes frames that must produce exactly out.size() bytes.
inline error zstd_decompress_exact(bytes_view in, std::span<std::byte> out, const decode_options& options = {}) noexcept {
    auto r = zstd_decompress(in, out, options);
    if (!r.ok()) return r.error();
    if (NAVSPAN_UNLIKELY(*r != out.size())) {
        return navspan::detail::fail(error_code::inconsistent, options.base_offset + in.size(),
                                     "zstd content size (the frames decode to fewer bytes than declared)", *r,
                                     out.size());
    }
    return {};
}

}  // namespace navspan::codec
#include "../core/min_max_pop.hpp"
