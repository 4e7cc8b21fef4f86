// navspan/creation/records.hpp - the headers of a plugin's records and groups
// (docs/formats/creation.md): their sizes, flags and group types, and the
// verified record, group and entry views the cursors hand out.
#pragma once
#include "../core/min_max_push.hpp"


#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "inflate.hpp"


namespace navspan::creation {

inline constexpr std::size_t header_size = 24;         // records and groups
inline constexpr std::size_t subrecord_header_size = 6;

// Record flags used here. Their meaning depends on the record type; these
// are the ones the sources confirm.
namespace record_flag {
inline constexpr std::uint32_t master_file = 0x00000001;         // TES4: ESM
inline constexpr std::uint32_t deleted = 0x00000020;
inline constexpr std::uint32_t initially_disabled = 0x00000800;  // NAVM
inline constexpr std::uint32_t compressed = 0x00040000;
inline constexpr std::uint32_t autogen = 0x04000000;             // NAVM
inline constexpr std::uint32_t navmesh_gen_cell = 0x80000000;    // NAVM
}  // namespace record_flag

inline constexpr named_value record_flag_names[] = {
    {record_flag::deleted, "Deleted"},
    {record_flag::compressed, "Compressed"},
};
inline constexpr named_value plugin_flag_names[] = {
    {record_flag::master_file, "ESM"},
    {record_flag::deleted, "Deleted"},
    {record_flag::compressed, "Compressed"},
};
inline constexpr named_value navmesh_record_flag_names[] = {
    {record_flag::deleted, "Deleted"},
    {record_flag::initially_disabled, "Initially Disabled"},
    {record_flag::compressed, "Compressed"},
    {record_flag::autogen, "AutoGen"},
    {record_flag::navmesh_gen_cell, "NavMesh Gen Cell"},
};

// Group types.
namespace group_type {
inline constexpr std::int32_t top = 0;
inline constexpr std::int32_t world_children = 1;
inline constexpr std::int32_t interior_cell_block = 2;
inline constexpr std::int32_t interior_cell_sub_block = 3;
inline constexpr std::int32_t exterior_cell_block = 4;
inline constexpr std::int32_t exterior_cell_sub_block = 5;
inline constexpr std::int32_t cell_children = 6;
inline constexpr std::int32_t topic_children = 7;
inline constexpr std::int32_t cell_persistent_children = 8;
inline constexpr std::int32_t cell_temporary_children = 9;
inline constexpr std::int32_t quest_children = 10;  // visible-distant children before Fallout 4
}  // namespace group_type

inline constexpr named_value group_type_names[] = {
    {0, "Top"},
    {1, "World Children"},
    {2, "Interior Cell Block"},
    {3, "Interior Cell Sub-Block"},
    {4, "Exterior Cell Block"},
    {5, "Exterior Cell Sub-Block"},
    {6, "Cell Children"},
    {7, "Topic Children"},
    {8, "Cell Persistent Children"},
    {9, "Cell Temporary Children"},
    {10, "Quest Children"},
};

// The four characters of a record, group or subrecord type, for printing.
struct type_chars {
    char text[5] = {};
    constexpr std::string_view view() const noexcept { return {text, 4}; }
};
constexpr type_chars type_name(std::uint32_t type) noexcept {
    type_chars t;
    for (int i = 0; i < 4; ++i) t.text[i] = static_cast<char>((type >> (8 * i)) & 0xFFu);
    return t;
}

// A verified record header and its (raw) data.
class record {
public:
    record() = default;
    // `header` points at 24 + data_size() verified bytes at file `offset`.
    record(const std::byte* header, std::uint64_t offset) noexcept : header_(header), offset_(offset) {}

    std::uint32_t type() const noexcept { return load_u32(header_); }
    std::uint32_t data_size() const noexcept { return load_u32(header_ + 4); }
    std::uint32_t flags_raw() const noexcept { return load_u32(header_ + 8); }
    flag_set<std::uint32_t> flags() const noexcept { return {flags_raw(), record_flag_names}; }
    std::uint32_t form_id() const noexcept { return load_u32(header_ + 12); }
    std::uint32_t version_control() const noexcept { return load_u32(header_ + 16); }
    std::uint16_t form_version() const noexcept { return load_u16(header_ + 20); }
    std::uint16_t version_control2() const noexcept { return load_u16(header_ + 22); }

    bool compressed() const noexcept { return (flags_raw() & record_flag::compressed) != 0; }
    bool deleted() const noexcept { return (flags_raw() & record_flag::deleted) != 0; }

    // File offset of the header, and of the data after it.
    std::uint64_t offset() const noexcept { return offset_; }
    std::uint64_t data_offset() const noexcept { return offset_ + header_size; }
    // The stored data: subrecords, or the inflated size and zlib stream.
    bytes_view data() const noexcept { return {header_ + header_size, data_size()}; }

private:
    const std::byte* header_ = navspan::detail::empty_view_bytes;
    std::uint64_t offset_ = 0;
};

// A verified group header.
class group {
public:
    group() = default;
    group(const std::byte* header, std::uint64_t offset) noexcept : header_(header), offset_(offset) {}

    // Whole group, header included.
    std::uint32_t size() const noexcept { return load_u32(header_ + 4); }
    std::uint32_t label() const noexcept { return load_u32(header_ + 8); }
    std::int32_t type() const noexcept { return load_i32(header_ + 12); }
    std::string_view type_name() const noexcept { return name_of(group_type_names, static_cast<std::uint64_t>(type())); }
    std::uint16_t stamp() const noexcept { return load_u16(header_ + 16); }

    // The label read as its group type defines it.
    std::uint32_t label_signature() const noexcept { return label(); }  // top: record type held
    std::uint32_t label_form_id() const noexcept { return label(); }    // types 1, 6..10
    std::int32_t label_block() const noexcept { return load_i32(header_ + 8); }  // types 2, 3
    std::int16_t label_grid_y() const noexcept { return load_i16(header_ + 8); }  // types 4, 5
    std::int16_t label_grid_x() const noexcept { return load_i16(header_ + 10); }

    std::uint64_t offset() const noexcept { return offset_; }
    std::uint64_t contents_offset() const noexcept { return offset_ + header_size; }
    bytes_view contents() const noexcept {
        return {header_ + header_size, size() < header_size ? 0 : size() - header_size};  // empty group: size 0
    }

private:
    const std::byte* header_ = navspan::detail::empty_view_bytes;
    std::uint64_t offset_ = 0;
};

// One item of a group's contents: a group or a record.
struct entry {
    bool is_group = false;
    creation::group group;    // when is_group
    creation::record record;  // otherwise
};

}  // namespace navspan::creation
#include "../core/min_max_pop.hpp"
