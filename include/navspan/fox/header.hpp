// navspan/fox/header.hpp - the file header, the manifest and the entry chain.
//
// All classes here are lazy views over bytes that nav2_file::open() verified;
// every accessor decodes its field when called. Layouts: fields.hpp and
// docs/formats/fox.md ("Header", "Manifest", "Entries").
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/ranges.hpp"
#include "../core/views.hpp"
#include "fields.hpp"
#include "format.hpp"

namespace navspan::fox {

// The 96-byte file header.
class file_header {
public:
    static constexpr std::size_t record_size = header_size;

    constexpr file_header() noexcept = default;
    explicit file_header(const std::byte* p) noexcept : p_(p) {}

    std::uint32_t magic() const noexcept { return u32(fields::header::magic); }
    std::uint32_t file_size() const noexcept { return u32(fields::header::file_size); }
    std::uint32_t end_of_header_offset() const noexcept { return u32(fields::header::end_of_header); }
    std::uint32_t entry_count() const noexcept { return u32(fields::header::entry_count); }
    std::uint32_t nav_system_offset() const noexcept { return u32(fields::header::nav_system_offset); }
    // 0 for `.nav2`, 1 for the overflow `.1.nav2` of a split set.
    std::uint8_t file_index() const noexcept { return load_u8(p_ + fields::header::file_index); }
    // Bytes 21-23 as one 24-bit value: tileId << 7 (low 7 bits 0 in every file).
    std::uint32_t tile_field() const noexcept { return load_u24(p_ + fields::header::tile_field); }
    std::uint32_t tile_id() const noexcept { return tile_field() >> 7; }
    std::uint32_t tile_low_bits() const noexcept { return tile_field() & 0x7F; }
    tile_coordinates tile() const noexcept { return tile_of(tile_id()); }
    // The same three bytes one by one (entries repeat them).
    std::uint8_t u0a() const noexcept { return load_u8(p_ + fields::header::tile_field); }
    std::uint8_t u0b() const noexcept { return load_u8(p_ + fields::header::tile_field + 1); }
    std::uint8_t u0c() const noexcept { return load_u8(p_ + fields::header::tile_field + 2); }
    std::uint32_t section2_offset() const noexcept { return u32(fields::header::section2_offset); }
    std::uint32_t o6() const noexcept { return u32(fields::header::o6); }
    // Minimum corner of the quantisation (the origin of its frame).
    vec3 origin() const noexcept { return load_vec3(p_ + fields::header::origin); }
    std::uint32_t section3_offset() const noexcept { return u32(fields::header::section3_offset); }
    std::uint32_t u1b() const noexcept { return u32(fields::header::u1b); }
    std::uint32_t manifest_offset() const noexcept { return u32(fields::header::manifest_offset); }
    std::uint32_t manifest_size() const noexcept { return u32(fields::header::manifest_size); }
    std::uint32_t u1c() const noexcept { return u32(fields::header::u1c); }
    std::uint32_t u1d() const noexcept { return u32(fields::header::u1d); }
    std::uint16_t divisor_x() const noexcept { return load_u16(p_ + fields::header::divisor); }
    std::uint16_t divisor_y() const noexcept { return load_u16(p_ + fields::header::divisor + 2); }
    std::uint16_t divisor_z() const noexcept { return load_u16(p_ + fields::header::divisor + 4); }
    // 127 in tiles, 585 in mbqf; unknown (perhaps a fourth divisor).
    std::uint16_t u1h() const noexcept { return load_u16(p_ + fields::header::u1h); }
    // 1 or 5; unknown.
    std::uint8_t n7() const noexcept { return load_u8(p_ + fields::header::n7); }
    std::uint8_t section2_entry_count() const noexcept { return load_u8(p_ + fields::header::section2_entry_count); }
    std::uint16_t n8() const noexcept { return load_u16(p_ + fields::header::n8); }
    // 16 bytes that differ in almost every file (a hash or id, inferred).
    std::span<const std::byte, 16> vals() const noexcept { return std::span<const std::byte, 16>(p_ + fields::header::vals, 16); }

    quantization quant() const noexcept { return {origin(), divisor_x(), divisor_y(), divisor_z()}; }

private:
    std::uint32_t u32(std::size_t field) const noexcept { return load_u32(p_ + field); }
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// One 12-byte manifest record: where the NavWorld, SegmentGraph or
// NavmeshChunk of a group is (SegmentChunks are not listed).
class manifest_record : public fixed_record<manifest_record_size> {
public:
    using fixed_record::fixed_record;
    std::uint8_t group_id() const noexcept { return load_u8(p_ + fields::manifest_record::group_id); }
    std::uint8_t tile_byte() const noexcept { return load_u8(p_ + fields::manifest_record::tile_byte); }    // = header u0a
    std::uint16_t tile_word() const noexcept { return load_u16(p_ + fields::manifest_record::tile_word); }  // = u0b | u0c << 8
    // Absolute offset of the entry's payload (entry start + 16).
    std::uint32_t payload_offset() const noexcept { return load_u32(p_ + fields::manifest_record::payload_offset); }
    std::uint8_t type_raw() const noexcept { return load_u8(p_ + fields::manifest_record::type); }
    // Verified: 0, 1 or 3.
    entry_type type() const noexcept { return static_cast<entry_type>(type_raw()); }
    // 24-bit: the entry's nextEntryOffset, or 0 in the early Obj2Nav2 output.
    std::uint32_t entry_size() const noexcept { return load_u24(p_ + fields::manifest_record::entry_size_low); }
};

class manifest {
public:
    constexpr manifest() noexcept = default;
    manifest(const std::byte* p, std::uint32_t offset) noexcept : p_(p), offset_(offset) {}

    std::uint32_t offset() const noexcept { return offset_; }
    std::uint32_t group_count() const noexcept { return load_u32(p_ + fields::manifest::group_count); }
    // 3 * group_count records.
    packed_view<manifest_record> records() const noexcept {
        return {p_ + fields::manifest::first_record, static_cast<std::size_t>(group_count()) * 3};
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
    std::uint16_t type_raw() const noexcept { return load_u16(p_ + fields::entry::type); }
    entry_type type() const noexcept { return static_cast<entry_type>(type_raw()); }
    std::uint16_t u1() const noexcept { return load_u16(p_ + fields::entry::u1); }
    // Size of the whole entry, padding included (>= 16).
    std::uint32_t next_entry_offset() const noexcept { return load_u32(p_ + fields::entry::next_entry_offset); }
    std::uint32_t payload_offset() const noexcept { return load_u32(p_ + fields::entry::payload_offset); }  // 16
    std::uint8_t group_id() const noexcept { return load_u8(p_ + fields::entry::group_id); }
    std::uint8_t tile_byte() const noexcept { return load_u8(p_ + fields::entry::tile_byte); }
    std::uint16_t tile_word() const noexcept { return load_u16(p_ + fields::entry::tile_word); }

    std::span<const std::byte> bytes() const noexcept { return {p_, next_entry_offset()}; }
    // The entry after this one in the chain.
    entry next() const noexcept { return entry(p_ + next_entry_offset(), offset_ + next_entry_offset()); }
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
using entry_list = sequence_view<entry>;

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
