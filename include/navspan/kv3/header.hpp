// navspan/kv3/header.hpp - the header of a binary KeyValues 3 (KV3) blob.
//
// Source 2 stores structured data (in navigation meshes: the bot analysis)
// as binary KV3: a header of counts and sizes, then buffers that are stored
// plain or compressed with LZ4 or zstd. This header says how large each
// buffer is once decompressed, which is what sizes the caller's scratch
// buffer (document::scratch_size) before anything is decoded.
//
// Layout (all little-endian; versions 4 and 5 are read):
//   0  u32  magic "KV3" + version byte (0x4B563304, 0x4B563305)
//   4  16   format GUID
//   20 u32  compression: 0 none, 1 LZ4, 2 zstd
//   24 u16  dictionary id, u16 frame size (LZ4: 16384, the blob block size)
//   28 i32 x3  counts of 1-, 4- and 8-byte values
//   40 i32  types size
//   44 u16  object count, u16 array count
//   48 i32  uncompressed total, i32 compressed total
//   56 i32  binary blob count, i32 binary blob bytes
//   64 i32  count of 2-byte values, i32 size of the blob block-size list
//   72      v5 only: buffer 1 uncompressed/compressed, buffer 2
//           uncompressed/compressed, then counts of buffer 2's 1-, 2-, 4-
//           and 8-byte values, a reserved i32, its object and array counts,
//           a reserved i32 (120 bytes in all)
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "../core/bytes.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"

namespace navspan::kv3 {

enum class compression : std::uint32_t { none = 0, lz4 = 1, zstd = 2 };

inline constexpr std::uint32_t magic_base = 0x4B563300u;  // "KV3" + version byte
inline constexpr std::uint32_t trailer = 0xFFEEDD00u;      // ends each buffer's structure

struct header {
    std::uint32_t version = 0;  // 4 or 5
    std::array<std::byte, 16> format{};
    kv3::compression compression = kv3::compression::none;
    std::uint16_t dictionary_id = 0;
    std::uint16_t frame_size = 0;
    std::uint32_t count1 = 0, count2 = 0, count4 = 0, count8 = 0;
    std::uint32_t types_size = 0;
    std::uint32_t object_count = 0, array_count = 0;
    std::uint32_t uncompressed_total = 0, compressed_total = 0;
    std::uint32_t blob_count = 0, blob_bytes = 0;
    std::uint32_t block_sizes_bytes = 0;
    // v5: the two buffers (v4: buffer 1 is everything, buffer 2 empty).
    std::uint32_t buffer1_uncompressed = 0, buffer1_compressed = 0;
    std::uint32_t buffer2_uncompressed = 0, buffer2_compressed = 0;
    std::uint32_t b2_count1 = 0, b2_count2 = 0, b2_count4 = 0, b2_count8 = 0;
    std::uint32_t b2_object_count = 0, b2_array_count = 0;
    std::size_t header_size = 0;  // 72 (v4) or 120 (v5)
};

namespace detail {
inline error kv3_fail(error_code code, std::uint64_t offset, const char* what, std::uint64_t value = 0,
                      std::uint64_t bound = 0) noexcept {
    return navspan::detail::fail(code, offset, what, value, bound);
}
}  // namespace detail

// Reads and checks the header at the start of `blob` (`base_offset`: the
// blob's position in the caller's file, added to error offsets).
inline result<header> read_header(bytes_view blob, std::uint64_t base_offset = 0) noexcept {
    if (NAVSPAN_UNLIKELY(blob.size() < 4)) {
        return detail::kv3_fail(error_code::truncated, base_offset, "kv3 magic", 4, blob.size());
    }
    const std::uint32_t magic = load_u32(blob.data());
    if (NAVSPAN_UNLIKELY((magic & 0xFFFFFF00u) != magic_base)) {
        return detail::kv3_fail(error_code::bad_magic, base_offset, "kv3 blob", magic);
    }
    header h;
    h.version = magic & 0xFFu;
    if (NAVSPAN_UNLIKELY(h.version != 4 && h.version != 5)) {
        return detail::kv3_fail(error_code::unsupported_version, base_offset, "kv3 blob (versions 4 and 5 are read)",
                                h.version);
    }
    h.header_size = h.version == 4 ? 72 : 120;
    if (NAVSPAN_UNLIKELY(blob.size() < h.header_size)) {
        return detail::kv3_fail(error_code::truncated, base_offset, "kv3 header", h.header_size, blob.size());
    }
    const std::byte* p = blob.data();
    for (std::size_t i = 0; i < 16; ++i) h.format[i] = p[4 + i];
    const std::uint32_t method = load_u32(p + 20);
    if (NAVSPAN_UNLIKELY(method > 2)) {
        return detail::kv3_fail(error_code::unsupported_version, base_offset + 20,
                                "kv3 compression method (0 none, 1 LZ4, 2 zstd)", method);
    }
    h.compression = static_cast<kv3::compression>(method);
    h.dictionary_id = load_u16(p + 24);
    h.frame_size = load_u16(p + 26);
    // The i32 fields: a negative value is refused where it is read.
    struct field {
        std::uint32_t* out;
        std::size_t at;
    };
    const field fields[] = {{&h.count1, 28},
                            {&h.count4, 32},
                            {&h.count8, 36},
                            {&h.types_size, 40},
                            {&h.uncompressed_total, 48},
                            {&h.compressed_total, 52},
                            {&h.blob_count, 56},
                            {&h.blob_bytes, 60},
                            {&h.count2, 64},
                            {&h.block_sizes_bytes, 68}};
    for (const field& f : fields) {
        const std::uint32_t v = load_u32(p + f.at);
        if (NAVSPAN_UNLIKELY(v > 0x7FFFFFFFu)) {
            return detail::kv3_fail(error_code::inconsistent, base_offset + f.at, "kv3 header (a negative size)", v);
        }
        *f.out = v;
    }
    h.object_count = load_u16(p + 44);
    h.array_count = load_u16(p + 46);
    if (h.version >= 5) {
        const field v5[] = {{&h.buffer1_uncompressed, 72}, {&h.buffer1_compressed, 76}, {&h.buffer2_uncompressed, 80},
                            {&h.buffer2_compressed, 84},   {&h.b2_count1, 88},          {&h.b2_count2, 92},
                            {&h.b2_count4, 96},            {&h.b2_count8, 100},         {&h.b2_object_count, 108},
                            {&h.b2_array_count, 112}};
        for (const field& f : v5) {
            const std::uint32_t v = load_u32(p + f.at);
            if (NAVSPAN_UNLIKELY(v > 0x7FFFFFFFu)) {
                return detail::kv3_fail(error_code::inconsistent, base_offset + f.at, "kv3 header (a negative size)",
                                        v);
            }
            *f.out = v;
        }
        if (NAVSPAN_UNLIKELY(std::uint64_t{h.buffer1_uncompressed} + h.buffer2_uncompressed != h.uncompressed_total)) {
            return detail::kv3_fail(error_code::inconsistent, base_offset + 48,
                                    "kv3 header (total size is not the sum of the two buffers)", h.uncompressed_total);
        }
    } else {
        h.buffer1_uncompressed = h.uncompressed_total;
        h.buffer1_compressed = h.compressed_total;
    }
    if (NAVSPAN_UNLIKELY(h.dictionary_id != 0)) {
        return detail::kv3_fail(error_code::unsupported_version, base_offset + 24,
                                "kv3 compression dictionary (not supported)", h.dictionary_id);
    }
    if (h.compression == kv3::compression::lz4 && NAVSPAN_UNLIKELY(h.frame_size == 0 && h.blob_count != 0)) {
        return detail::kv3_fail(error_code::inconsistent, base_offset + 26, "kv3 LZ4 frame size (zero)", 0);
    }
    return h;
}

}  // namespace navspan::kv3
#include "../core/min_max_pop.hpp"
