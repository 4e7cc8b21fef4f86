// navspan/kv3/open_buffers.hpp - the stages of document::open() that read
// compressed bytes: the buffers, and the binary blobs after them.
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

// Each buffer decompressed (or copied) into the scratch.
inline error document::opener::buffers() noexcept {
    switch (h.compression) {
        case compression::none:
            NAVSPAN_TRY(raw(data, size1, "kv3 buffer"));
            NAVSPAN_TRY(raw(data + size1, size2, "kv3 buffer 2"));
            break;
        case compression::lz4:
            NAVSPAN_TRY(lz4(data, size1, h.buffer1_compressed, "kv3 LZ4 buffer"));
            if (h.version >= 5) NAVSPAN_TRY(lz4(data + size1, size2, h.buffer2_compressed, "kv3 LZ4 buffer 2"));
            break;
        case compression::zstd:
            if (h.version >= 5) {
                NAVSPAN_TRY(zstd(data, size1, h.buffer1_compressed, "kv3 zstd buffer"));
                NAVSPAN_TRY(zstd(data + size1, size2, h.buffer2_compressed, "kv3 zstd buffer 2"));
            } else {
                // Version 4 compresses the buffer and the blobs as one.
                NAVSPAN_TRY(zstd(data, size1 + h.blob_bytes, h.compressed_total, "kv3 zstd buffer"));
            }
            break;
    }
    return {};
}

inline error document::opener::raw(std::byte* dst, std::size_t n, const char* what) noexcept {
        if (NAVSPAN_UNLIKELY(blob.size() - pos < n)) return fail(error_code::truncated, pos, what, n, blob.size() - pos);
        if (n != 0) std::memcpy(dst, blob.data() + pos, n);
        pos += n;
        return {};
}

template <class Decode>
inline error document::opener::decompress(std::byte* dst, std::size_t n, std::size_t compressed, const char* what,
                                          Decode&& decode) noexcept {
        if (NAVSPAN_UNLIKELY(blob.size() - pos < compressed)) {
            return fail(error_code::truncated, pos, what, compressed, blob.size() - pos);
        }
        dopt.base_offset = base + pos;
        NAVSPAN_TRY(decode(blob.subspan(pos, compressed), std::span<std::byte>(dst, n)));
        pos += compressed;
        return {};
}

inline error document::opener::lz4(std::byte* dst, std::size_t n, std::size_t compressed, const char* what) noexcept {
        return decompress(dst, n, compressed, what, [&](auto frame, std::span<std::byte> out) {
            return codec::lz4_decompress_block_exact(frame, out, 0, dopt);
        });
}

inline error document::opener::zstd(std::byte* dst, std::size_t n, std::size_t compressed, const char* what) noexcept {
        return decompress(dst, n, compressed, what,
                          [&](auto frame, std::span<std::byte> out) { return codec::zstd_decompress_exact(frame, out, dopt); });
}

// The binary blobs, after the buffers: stored, in LZ4 blocks, or (version
// 5) one zstd frame; then their trailer.
inline error document::opener::binary_blobs() noexcept {
    if (h.blob_count != 0) {
        switch (h.compression) {
            case compression::none: NAVSPAN_TRY(raw(blobs, h.blob_bytes, "kv3 binary blobs")); break;
            case compression::lz4: NAVSPAN_TRY(lz4_blobs()); break;
            case compression::zstd:
                if (h.version >= 5) {
                    const std::uint64_t used = std::uint64_t{h.buffer1_compressed} + h.buffer2_compressed;
                    if (NAVSPAN_UNLIKELY(used > h.compressed_total)) {
                        return bad("kv3 compressed total (smaller than its buffers)", h.compressed_total, used);
                    }
                    NAVSPAN_TRY(zstd(blobs, h.blob_bytes, static_cast<std::size_t>(h.compressed_total - used),
                                     "kv3 zstd binary blobs"));
                }
                break;
        }
        if (NAVSPAN_UNLIKELY(blob.size() - pos < 4)) {
            return fail(error_code::truncated, pos, "kv3 blob trailer", 4, blob.size() - pos);
        }
        if (NAVSPAN_UNLIKELY(load_u32(blob.data() + pos) != trailer)) {
            return fail(error_code::inconsistent, pos, "kv3 blob trailer (not 00 DD EE FF)", load_u32(blob.data() + pos));
        }
        pos += 4;
    }
    return {};
}

// Blocks of frame_size bytes, each decoded with the earlier ones as history.
inline error document::opener::lz4_blobs() noexcept {
    std::size_t done = 0;
    for (std::size_t at = block_sizes_at; at + 2 <= block_sizes_end; at += 2) {
        const std::size_t compressed = load_u16(data + at);
        const std::size_t n = h.blob_bytes - done < h.frame_size ? h.blob_bytes - done : h.frame_size;
        if (NAVSPAN_UNLIKELY(n == 0)) return bad("kv3 LZ4 blob blocks (more blocks than bytes)", done);
        if (NAVSPAN_UNLIKELY(blob.size() - pos < compressed)) {
            return fail(error_code::truncated, pos, "kv3 LZ4 blob block", compressed, blob.size() - pos);
        }
        dopt.base_offset = base + pos;
        auto r = codec::lz4_decompress_block(blob.subspan(pos, compressed),
                                             std::span<std::byte>(blobs, done + n), done, dopt);
        if (!r.ok()) return r.error();
        if (NAVSPAN_UNLIKELY(*r == 0)) return bad("kv3 LZ4 blob block (empty)", 0);
        done += *r;
        pos += compressed;
    }
    if (NAVSPAN_UNLIKELY(done != h.blob_bytes)) {
        return bad("kv3 LZ4 blob blocks (decode to another size)", done, h.blob_bytes);
    }
    return {};
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
