// navspan/fox/header.hpp - the file header, the manifest and the entry chain.
//
// All classes here are lazy views over bytes that nav2_file::open() verified;
// every accessor decodes its field when called. Layouts: format.hpp and
// ../shared/specs/fox-nav2.md sections 5-7.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/views.hpp"
#include "format.hpp"

namespace navspan::fox {

// The 96-byte file header.
class file_header {
public:
    static constexpr std::size_t record_size = header_size;

    constexpr file_header() noexcept = default;
    explicit file_header(const std::byte* p) noexcept : p_(p) {}

    std::uint32_t magic() const noexcept { return load_u32(p_); }
    std::uint32_t file_size() const noexcept { return load_u32(p_ + 4); }
    std::uint32_t end_of_header_offset() const noexcept { return load_u32(p_ + 8); }
    std::uint32_t entry_count() const noexcept { return load_u32(p_ + 12); }
    std::uint32_t nav_system_offset() const noexcept { return load_u32(p_ + 16); }
    // 0 for `.nav2`, 1 for the overflow `.1.nav2` of a split set.
    std::uint8_t file_index() const noexcept { return load_u8(p_ + 20); }
    // Bytes 21-23 as one 24-bit value: tileId << 7 (low 7 bits 0 in every file).
    std::uint32_t tile_field() const noexcept {
        return static_cast<std::uint32_t>(load_u8(p_ + 21)) | (static_cast<std::uint32_t>(load_u8(p_ + 22)) << 8) |
               (static_cast<std::uint32_t>(load_u8(p_ + 23)) << 16);
    }
    std::uint32_t tile_id() const noexcept { return tile_field() >> 7; }
    std::uint32_t tile_low_bits() const noexcept { return tile_field() & 0x7F; }
    tile_coordinates tile() const noexcept { return tile_of(tile_id()); }
    // The same three bytes as the spec names them (entries repeat them).
    std::uint8_t u0a() const noexcept { return load_u8(p_ + 21); }
    std::uint8_t u0b() const noexcept { return load_u8(p_ + 22); }
    std::uint8_t u0c() const noexcept { return load_u8(p_ + 23); }
    std::uint32_t section2_offset() const noexcept { return load_u32(p_ + 24); }
    std::uint32_t o6() const noexcept { return load_u32(p_ + 28); }
    // Minimum corner of the quantisation.
    vec3 origin() const noexcept { return load_vec3(p_ + 32); }
    std::uint32_t section3_offset() const noexcept { return load_u32(p_ + 44); }
    std::uint32_t u1b() const noexcept { return load_u32(p_ + 48); }
    std::uint32_t manifest_offset() const noexcept { return load_u32(p_ + 52); }
    std::uint32_t manifest_size() const noexcept { return load_u32(p_ + 56); }
    std::uint32_t u1c() const noexcept { return load_u32(p_ + 60); }
    std::uint32_t u1d() const noexcept { return load_u32(p_ + 64); }
    std::uint16_t divisor_x() const noexcept { return load_u16(p_ + 68); }
    std::uint16_t divisor_y() const noexcept { return load_u16(p_ + 70); }
    std::uint16_t divisor_z() const noexcept { return load_u16(p_ + 72); }
    // 127 in tiles, 585 in mbqf; unknown (the template guesses a fourth divisor).
    std::uint16_t u1h() const noexcept { return load_u16(p_ + 74); }
    // 1 or 5; unknown.
    std::uint8_t n7() const noexcept { return load_u8(p_ + 76); }
    std::uint8_t section2_entry_count() const noexcept { return load_u8(p_ + 77); }
    std::uint16_t n8() const noexcept { return load_u16(p_ + 78); }
    // 16 bytes that differ in almost every file (a hash or id, inferred).
    std::span<const std::byte, 16> vals() const noexcept { return std::span<const std::byte, 16>(p_ + 80, 16); }

    quantization quant() const noexcept { return {origin(), divisor_x(), divisor_y(), divisor_z()}; }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// One 12-byte manifest record: where the NavWorld, SegmentGraph or
// NavmeshChunk of a group is (SegmentChunks are not listed).
class manifest_record {
public:
    static constexpr std::size_t record_size = manifest_record_size;

    explicit manifest_record(const std::byte* p) noexcept : p_(p) {}

    std::uint8_t group_id() const noexcept { return load_u8(p_); }
    std::uint8_t tile_byte() const noexcept { return load_u8(p_ + 1); }   // = header u0a
    std::uint16_t tile_word() const noexcept { return load_u16(p_ + 2); } // = u0b | u0c << 8
    // Absolute offset of the entry's payload (entry start + 16).
    std::uint32_t payload_offset() const noexcept { return load_u32(p_ + 4); }
    std::uint8_t type_raw() const noexcept { return load_u8(p_ + 8); }
    // Verified: 0, 1 or 3.
    entry_type type() const noexcept { return static_cast<entry_type>(type_raw()); }
    // 24-bit: u16 at 9 plus u8 at 11 << 16; the entry's nextEntryOffset, or 0
    // in the early Obj2Nav2 output.
    std::uint32_t entry_size() const noexcept {
        return static_cast<std::uint32_t>(load_u16(p_ + 9)) | (static_cast<std::uint32_t>(load_u8(p_ + 11)) << 16);
    }

private:
    const std::byte* p_;
};

class manifest {
public:
    constexpr manifest() noexcept = default;
    manifest(const std::byte* p, std::uint32_t offset) noexcept : p_(p), offset_(offset) {}

    std::uint32_t offset() const noexcept { return offset_; }
    std::uint32_t group_count() const noexcept { return load_u32(p_); }
    // 3 * group_count records.
    packed_view<manifest_record> records() const noexcept {
        return {p_ + 4, static_cast<std::size_t>(group_count()) * 3};
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t offset_ = 0;
};

// One entry of the chain: its 16-byte header and its bytes.
class entry {
public:
    constexpr entry() noexcept = default;
    entry(const std::byte* p, std::uint32_t offset) noexcept : p_(p), offset_(offset) {}

    // Absolute offset of the entry header.
    std::uint32_t offset() const noexcept { return offset_; }
    std::uint16_t type_raw() const noexcept { return load_u16(p_); }
    entry_type type() const noexcept { return static_cast<entry_type>(type_raw()); }
    std::uint16_t u1() const noexcept { return load_u16(p_ + 2); }
    // Size of the whole entry, padding included (>= 16).
    std::uint32_t next_entry_offset() const noexcept { return load_u32(p_ + 4); }
    std::uint32_t payload_offset() const noexcept { return load_u32(p_ + 8); }  // 16
    std::uint8_t group_id() const noexcept { return load_u8(p_ + 12); }
    std::uint8_t tile_byte() const noexcept { return load_u8(p_ + 13); }
    std::uint16_t tile_word() const noexcept { return load_u16(p_ + 14); }

    std::span<const std::byte> bytes() const noexcept { return {p_, next_entry_offset()}; }
    std::span<const std::byte> payload() const noexcept {
        const std::uint32_t size = next_entry_offset();  // >= the header once verified; 0 when empty
        return {p_ + entry_header_size, size < entry_header_size ? 0 : size - entry_header_size};
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t offset_ = 0;
};

// The chain of entries in file order (a forward range: each entry's position
// comes from the previous one's nextEntryOffset).
class entry_list {
public:
    class iterator {
    public:
        using iterator_concept = std::forward_iterator_tag;
        using iterator_category = std::forward_iterator_tag;
        using value_type = entry;
        using difference_type = std::ptrdiff_t;
        using reference = entry;
        using pointer = void;

        constexpr iterator() noexcept = default;
        iterator(const std::byte* file, std::uint32_t offset, std::uint32_t left) noexcept
            : file_(file), offset_(offset), left_(left) {}

        entry operator*() const noexcept { return entry(file_ + offset_, offset_); }
        iterator& operator++() noexcept {
            NAVSPAN_ASSERT(left_ > 0);
            offset_ += load_u32(file_ + offset_ + 4);
            --left_;
            return *this;
        }
        iterator operator++(int) noexcept { auto t = *this; ++*this; return t; }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.left_ == b.left_; }

    private:
        const std::byte* file_ = navspan::detail::empty_view_bytes;
        std::uint32_t offset_ = 0;
        std::uint32_t left_ = 0;
    };
    using const_iterator = iterator;

    constexpr entry_list() noexcept = default;
    entry_list(const std::byte* file, std::uint32_t first, std::uint32_t count) noexcept
        : file_(file), first_(first), count_(count) {}

    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    iterator begin() const noexcept { return iterator(file_, first_, count_); }
    iterator end() const noexcept { return iterator(file_, 0, 0); }

private:
    const std::byte* file_ = navspan::detail::empty_view_bytes;
    std::uint32_t first_ = 0;
    std::uint32_t count_ = 0;
};

}  // namespace navspan::fox

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::fox::entry_list> = true;
