// navspan/source2/kv3_blob.hpp - locating the binary KeyValues 3 blobs of a
// Source 2 .nav and stepping over them without decoding.
//
// A blob starts at the next multiple of 8 from the start of the file. Its
// header (72 bytes for KV3 version 4, 120 for version 5) says how many bytes
// follow it (the table in step_over below, docs/formats/source2.md "KV3
// blobs"). The reader only locates the blobs; kv3_blob::bytes() is what a
// KV3 decoder takes (navspan/kv3).
//
// Header (offsets from the blob's first byte, little-endian):
//    0 u32 magic "\x04\x33VK"/"\x05\x33VK" (0x4B563304 / 0x4B563305)
//    4 16-byte format GUID
//   20 u32 compression method: 0 none, 1 LZ4, 2 zstd
//   24 u16 dictionary id, u16 frame size
//   28 i32 counts of 1-, 4- and 8-byte values
//   40 i32 types size
//   44 u16 object count, u16 array count
//   48 i32 uncompressed total     52 i32 compressed total
//   56 i32 binary block count     60 i32 binary blob bytes
//   64 i32 count of 2-byte values 68 i32 block-sizes bytes
//   72 (version 5 only) i32 buffer-1 uncompressed, buffer-1 compressed,
//      buffer-2 uncompressed, buffer-2 compressed, then eight buffer-2 counts
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

#include "../core/bytes.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/reader.hpp"
#include "names.hpp"

namespace navspan::source2 {

namespace kv3 {
inline constexpr std::uint32_t magic_v4 = 0x4B563304u;
inline constexpr std::uint32_t magic_v5 = 0x4B563305u;
inline constexpr std::size_t header_v4 = 72;
inline constexpr std::size_t header_v5 = 120;

namespace fields {
inline constexpr std::size_t magic = 0;
inline constexpr std::size_t guid = 4;
inline constexpr std::size_t compression = 20;
inline constexpr std::size_t dictionary_id = 24;
inline constexpr std::size_t frame_size = 26;
inline constexpr std::size_t bytes1_count = 28;
inline constexpr std::size_t bytes4_count = 32;
inline constexpr std::size_t bytes8_count = 36;
inline constexpr std::size_t types_size = 40;
inline constexpr std::size_t object_count = 44;
inline constexpr std::size_t array_count = 46;
inline constexpr std::size_t uncompressed_total = 48;
inline constexpr std::size_t compressed_total = 52;
inline constexpr std::size_t block_count = 56;
inline constexpr std::size_t blob_bytes = 60;
inline constexpr std::size_t bytes2_count = 64;
inline constexpr std::size_t block_sizes_bytes = 68;
inline constexpr std::size_t buffer1_uncompressed = 72;  // version 5
inline constexpr std::size_t buffer1_compressed = 76;
inline constexpr std::size_t buffer2_uncompressed = 80;
inline constexpr std::size_t buffer2_compressed = 84;
inline constexpr std::size_t buffer2_counts = 88;  // eight i32
}  // namespace fields
}  // namespace kv3

// One located blob. Its bytes run from its magic to its end (header and
// body); nothing in it has been decoded.
class kv3_blob {
public:
    constexpr kv3_blob() noexcept = default;
    kv3_blob(const std::byte* file, std::size_t offset, std::size_t size, kv3_slot slot, bool length_proven) noexcept
        : file_(file), offset_(offset), size_(size), slot_(slot), length_proven_(length_proven) {}

    // Offset of the magic from the start of the file, and the blob's size
    // (magic to end): what `info --json` reports as custom_data.bytes.
    std::size_t offset() const noexcept { return offset_; }
    std::size_t size() const noexcept { return size_; }
    bytes_view bytes() const noexcept { return {file_ + offset_, size_}; }
    kv3_slot slot() const noexcept { return slot_; }

    // The KV3 version (4 or 5: the magic's low byte).
    std::uint32_t version() const noexcept { return magic() & 0xFF; }
    std::uint32_t magic() const noexcept { return u32(kv3::fields::magic); }
    bytes_view format_guid() const noexcept { return {p() + kv3::fields::guid, 16}; }
    std::uint32_t compression_raw() const noexcept { return u32(kv3::fields::compression); }
    // open() accepts only 0, 1 and 2.
    kv3_compression compression() const noexcept { return static_cast<kv3_compression>(compression_raw()); }
    std::uint16_t dictionary_id() const noexcept { return load_u16(p() + kv3::fields::dictionary_id); }
    std::uint16_t frame_size() const noexcept { return load_u16(p() + kv3::fields::frame_size); }
    std::int32_t bytes1_count() const noexcept { return i32(kv3::fields::bytes1_count); }
    std::int32_t bytes2_count() const noexcept { return i32(kv3::fields::bytes2_count); }
    std::int32_t bytes4_count() const noexcept { return i32(kv3::fields::bytes4_count); }
    std::int32_t bytes8_count() const noexcept { return i32(kv3::fields::bytes8_count); }
    std::int32_t types_size() const noexcept { return i32(kv3::fields::types_size); }
    std::uint16_t object_count() const noexcept { return load_u16(p() + kv3::fields::object_count); }
    std::uint16_t array_count() const noexcept { return load_u16(p() + kv3::fields::array_count); }
    std::int32_t uncompressed_size() const noexcept { return i32(kv3::fields::uncompressed_total); }
    std::int32_t compressed_size() const noexcept { return i32(kv3::fields::compressed_total); }
    std::int32_t binary_block_count() const noexcept { return i32(kv3::fields::block_count); }
    std::int32_t binary_blob_bytes() const noexcept { return i32(kv3::fields::blob_bytes); }
    std::int32_t block_sizes_bytes() const noexcept { return i32(kv3::fields::block_sizes_bytes); }
    // Version 5: the two buffers' sizes (buffer 1, buffer 2), and the eight
    // value counts of buffer 2.
    std::optional<std::int32_t> buffer_uncompressed_size(unsigned buffer) const noexcept {
        if (version() != 5 || buffer > 1) return std::nullopt;
        return i32(kv3::fields::buffer1_uncompressed + 8 * buffer);
    }
    std::optional<std::int32_t> buffer_compressed_size(unsigned buffer) const noexcept {
        if (version() != 5 || buffer > 1) return std::nullopt;
        return i32(kv3::fields::buffer1_compressed + 8 * buffer);
    }
    std::optional<std::int32_t> buffer2_count(unsigned k) const noexcept {
        if (version() != 5 || k > 7) return std::nullopt;
        return i32(kv3::fields::buffer2_counts + 4 * k);
    }

    std::size_t header_size() const noexcept { return version() == 5 ? kv3::header_v5 : kv3::header_v4; }
    bytes_view header() const noexcept { return {p(), header_size()}; }
    // What follows the header: the (compressed) value buffers and blocks.
    bytes_view body() const noexcept { return {p() + header_size(), size_ - header_size()}; }
    // False when the header does not give the body's length (an LZ4 blob with
    // binary blocks) and open() took the rest of the file as the body.
    bool length_proven() const noexcept { return length_proven_; }

private:
    const std::byte* p() const noexcept { return file_ + offset_; }
    std::uint32_t u32(std::size_t at) const noexcept { return load_u32(p() + at); }
    std::int32_t i32(std::size_t at) const noexcept { return load_i32(p() + at); }

    const std::byte* file_ = navspan::detail::empty_view_bytes;
    std::size_t offset_ = 0;
    std::size_t size_ = 0;
    kv3_slot slot_ = kv3_slot::custom_data;
    bool length_proven_ = true;
};

namespace detail {

// Where a blob was found: its offset and size (0 size: none).
struct blob_place {
    std::size_t offset = 0;
    std::size_t size = 0;
    bool length_proven = true;
};

// Skips the pad bytes to the next multiple of 8 from the file start, reads
// the header of the blob there and moves `r` past the blob. `may_end_file`:
// this blob is the last thing in the file, so a blob whose header does not
// give its length (LZ4 with binary blocks) may take the rest of the file.
// Errors: truncated, unsupported_version (KV3 magic of another version),
// bad_magic (not a KV3 blob), inconsistent (a negative size, an unknown
// compression method, a length the header cannot give).
inline error step_over_kv3(byte_reader& r, const char* what, bool may_end_file, blob_place& out,
                           std::uint32_t& warnings) noexcept {
    const std::uint64_t at = r.offset();
    constexpr std::uint64_t alignment = 8;
    const auto pad = static_cast<std::size_t>((alignment - at % alignment) % alignment);
    const std::byte* pad_bytes = r.current();
    NAVSPAN_TRY(r.skip(pad, "KV3 blob alignment padding"));
    for (std::size_t i = 0; i < pad; ++i) {
        if (pad_bytes[i] != std::byte{0}) warnings |= warning::nonzero_padding;
    }
    const std::uint64_t start = r.offset();
    const std::byte* h = r.current();
    NAVSPAN_TRY(r.require(4, what));
    const std::uint32_t m = load_u32(h);
    if ((m & 0xFFFFFF00u) != (kv3::magic_v4 & 0xFFFFFF00u)) {
        return navspan::detail::fail(error_code::bad_magic, start, what, m);
    }
    if (m != kv3::magic_v4 && m != kv3::magic_v5) {
        return navspan::detail::fail(error_code::unsupported_version, start, what, m & 0xFF);
    }
    const bool v5 = m == kv3::magic_v5;
    const std::size_t header = v5 ? kv3::header_v5 : kv3::header_v4;
    NAVSPAN_TRY(r.require(header, what));
    const std::uint32_t method = load_u32(h + kv3::fields::compression);
    if (method > 2) {
        return navspan::detail::fail(error_code::inconsistent, start + kv3::fields::compression,
                                     "KV3 blob compression method", method);
    }
    // Every size is an i32: a negative one is no size.
    auto size_at = [&](std::size_t field, std::uint64_t& v) -> error {
        const std::int32_t s = load_i32(h + field);
        if (s < 0) {
            return navspan::detail::fail(error_code::inconsistent, start + field, "KV3 blob size",
                                         static_cast<std::uint32_t>(s));
        }
        v = static_cast<std::uint64_t>(s);
        return {};
    };
    std::uint64_t blocks = 0, blob_bytes = 0, body = 0;
    NAVSPAN_TRY(size_at(kv3::fields::block_count, blocks));
    NAVSPAN_TRY(size_at(kv3::fields::blob_bytes, blob_bytes));
    const std::uint64_t block_tail = blocks > 0 ? 4 : 0;
    bool proven = true;
    if (method == 0) {
        if (v5) {
            std::uint64_t b1 = 0, b2 = 0;
            NAVSPAN_TRY(size_at(kv3::fields::buffer1_uncompressed, b1));
            NAVSPAN_TRY(size_at(kv3::fields::buffer2_uncompressed, b2));
            body = b1 + b2;
        } else {
            NAVSPAN_TRY(size_at(kv3::fields::uncompressed_total, body));
        }
        if (blocks > 0) body += blob_bytes + 4;
    } else if (method == 2 && v5) {
        NAVSPAN_TRY(size_at(kv3::fields::compressed_total, body));
        body += block_tail;
    } else if (blocks == 0) {
        if (v5) {  // LZ4, version 5
            std::uint64_t b1 = 0, b2 = 0;
            NAVSPAN_TRY(size_at(kv3::fields::buffer1_compressed, b1));
            NAVSPAN_TRY(size_at(kv3::fields::buffer2_compressed, b2));
            body = b1 + b2;
        } else {
            NAVSPAN_TRY(size_at(kv3::fields::compressed_total, body));
        }
    } else {
        // Compressed with binary blocks: the block sizes are inside the
        // compressed data. Only the file's end can bound such a blob.
        if (!may_end_file) {
            return navspan::detail::fail(error_code::inconsistent, start + kv3::fields::block_count,
                                         "KV3 blob length (compressed binary blocks, not the last blob)", blocks);
        }
        proven = false;
        warnings |= warning::kv3_length_unproven;
        body = r.remaining() - header;
    }
    // Sizes are at most 2 x 2^31 + 2^31 + 4: no overflow in 64 bits.
    if (body > r.remaining() - header) return r.truncated(header + body, what);
    out.offset = static_cast<std::size_t>(start);
    out.size = header + static_cast<std::size_t>(body);
    out.length_proven = proven;
    r.skip_unchecked(out.size);
    return {};
}

}  // namespace detail
}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
