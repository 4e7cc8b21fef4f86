// navspan/kv3/open_layout.hpp - the stage of document::open() that finds its
// way in the decompressed buffers: the value lanes of each width, the
// string table, the types stream and the trailer.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>

#include "../codec/lz4.hpp"
#include "../codec/zstd.hpp"
#include "../core/bytes.hpp"
#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "header.hpp"
#include "node.hpp"
#include "value_tree.hpp"
#include "open.hpp"

namespace navspan::kv3 {

// Version 4 keeps everything in one buffer, version 5 the strings and
// auxiliary lanes in the first and the types in the second.
inline error document::opener::lanes() noexcept { return h.version == 4 ? lanes_v4() : lanes_v5(); }

inline error document::opener::lanes_v4() noexcept {
    std::size_t off = 0;
    const std::uint32_t counts[4] = {h.count1, h.count2, h.count4, h.count8};
    NAVSPAN_TRY(lay(b.main, 0, size1, off, counts, true));
    NAVSPAN_TRY(b.u32(b.main.b[2], string_count, "kv3 string count"));
    const std::size_t strings_start = off;
    NAVSPAN_TRY(read_strings(off, size1, string_count));
    if (NAVSPAN_UNLIKELY(off - strings_start > h.types_size)) {
        return bad("kv3 types size (smaller than the strings)", h.types_size, off - strings_start);
    }
    const std::size_t types = h.types_size - (off - strings_start);
    if (NAVSPAN_UNLIKELY(types > size1 - off)) {
        return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 types", types, size1 - off);
    }
    b.types = {off, off + types};
    NAVSPAN_TRY(tail(0, size1, off + types));
    return {};
}

inline error document::opener::lanes_v5() noexcept {
    std::size_t off1 = 0;
    const std::uint32_t counts1[4] = {h.count1, h.count2, h.count4, h.count8};
    NAVSPAN_TRY(lay(b.aux, 0, size1, off1, counts1, false));
    NAVSPAN_TRY(b.u32(b.aux.b[2], string_count, "kv3 string count"));
    std::size_t soff = b.aux.b[0].pos;
    NAVSPAN_TRY(read_strings(soff, b.aux.b[0].end, string_count));
    b.aux.b[0].pos = soff;
    std::size_t off = 0;
    const std::uint64_t object_bytes = std::uint64_t{h.b2_object_count} * 4;
    if (NAVSPAN_UNLIKELY(object_bytes > size2)) {
        return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 object sizes", object_bytes,
                                     size2);
    }
    b.object_sizes = {size1, size1 + static_cast<std::size_t>(object_bytes)};
    b.has_object_sizes = true;
    off = static_cast<std::size_t>(object_bytes);
    const std::uint32_t counts2[4] = {h.b2_count1, h.b2_count2, h.b2_count4, h.b2_count8};
    NAVSPAN_TRY(lay(b.main, size1, size2, off, counts2, false));
    if (NAVSPAN_UNLIKELY(h.types_size > size2 - off)) {
        return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 types", h.types_size,
                                     size2 - off);
    }
    b.types = {size1 + off, size1 + off + h.types_size};
    NAVSPAN_TRY(tail(size1, size2, off + h.types_size));
    return {};
}

// Lays out lanes of 1, 2, 4, 8 bytes from `off` (relative to the buffer at
// data + start, whose size is `size`), each aligned to its width when it
// has values; version 4 aligns to 8 even without 8-byte values.
inline error document::opener::lay(builder::lanes& ls, std::size_t start, std::size_t size, std::size_t& off,
                                       const std::uint32_t (&counts)[4], bool align_empty8) noexcept {
        static constexpr std::size_t widths[4] = {1, 2, 4, 8};
        for (int i = 0; i < 4; ++i) {
            const std::size_t w = widths[i];
            if (counts[i] == 0) {
                if (i == 3 && align_empty8) off = (off + 7) & ~std::size_t{7};
                ls.b[i] = {start + off, start + off};
                continue;
            }
            off = (off + w - 1) & ~(w - 1);
            const std::uint64_t bytes = std::uint64_t{counts[i]} * w;
            if (NAVSPAN_UNLIKELY(off > size || bytes > size - off)) {
                return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 value lane", bytes,
                                             off > size ? 0 : size - off);
            }
            ls.b[i] = {start + off, start + off + static_cast<std::size_t>(bytes)};
            off += static_cast<std::size_t>(bytes);
        }
        if (NAVSPAN_UNLIKELY(off > size)) return bad("kv3 value lanes (longer than the buffer)", off, size);
        return {};
}

// Reads `count` NUL-terminated strings from [off, end) of the data.
inline error document::opener::read_strings(std::size_t& off, std::size_t end, std::uint32_t count) noexcept {
        if (NAVSPAN_UNLIKELY(count > l.string_capacity)) {
            return navspan::detail::fail(error_code::count_too_large, base + h.header_size, "kv3 strings", count,
                                         l.string_capacity);
        }
        for (std::uint32_t i = 0; i < count; ++i) {
            const void* nul = off < end ? std::memchr(data + off, 0, end - off) : nullptr;
            if (NAVSPAN_UNLIKELY(nul == nullptr)) {
                // Truncated's numbers are bytes: the string needs what is
                // left of its lane and a NUL after it (not its index and
                // the count, which read as "needs 1 bytes, 2 left").
                const std::size_t left = off < end ? end - off : 0;
                error e = navspan::detail::fail(error_code::truncated, base + h.header_size,
                                                "kv3 string (no terminating NUL before the end of its buffer)",
                                                std::uint64_t{left} + 1, left);
                e.parent = "kv3 string table";
                e.parent_index = i;
                return e;
            }
            const auto len = static_cast<std::size_t>(static_cast<const std::byte*>(nul) - (data + off));
            strings[i] = {static_cast<std::uint32_t>(off), static_cast<std::uint32_t>(len)};
            off += len + 1;
        }
        return {};
}

inline error document::opener::tail(std::size_t start, std::size_t size, std::size_t off) noexcept {
        if (h.blob_count != 0) {
            const std::uint64_t bytes = std::uint64_t{h.blob_count} * 4;
            if (NAVSPAN_UNLIKELY(bytes > size - off)) {
                return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 blob lengths", bytes,
                                             size - off);
            }
            b.blob_sizes = {start + off, start + off + static_cast<std::size_t>(bytes)};
            off += static_cast<std::size_t>(bytes);
        }
        if (NAVSPAN_UNLIKELY(size - off < 4)) {
            return navspan::detail::fail(error_code::truncated, base + h.header_size, "kv3 buffer trailer", 4, size - off);
        }
        if (NAVSPAN_UNLIKELY(load_u32(data + start + off) != trailer)) {
            return bad("kv3 buffer trailer (not 00 DD EE FF)", load_u32(data + start + off));
        }
        off += 4;
        block_sizes_at = start + off;
        block_sizes_end = start + size;
        if (h.blob_count == 0 && NAVSPAN_UNLIKELY(off != size)) {
            return bad("kv3 buffer (bytes after the trailer)", size - off);
        }
        return {};
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
