// navspan/fox/sections.hpp - the blocks after the entries: Section2,
// Section3 and the NavSystem grid (docs/formats/fox.md, "After the entries").
//
// Section2 (at section2Offset, section2EntryCount entries; purpose unknown,
// probably a coarser graph). Entry header, offsets relative to the entry:
//   u16 nextEntryOffset, ss1Offset, nodeCount, ss2Offset, ss3Offset,
//   ss4Offset, ss5Offset, ss6Offset
//   ss1 {Vertex pos, u16 flags, u16 ss2ByteOffset, u16 countB, u16 countA}[nodeCount]
//   ss2 per node at ss2 + ss2ByteOffset: countA x {u16 weight, u16 node}, countB x u16
//   ss3 {u32, u16, u16}[nodeCount]   ss4 u16[nodeCount]   (unknown)
//   ss5 {u16 neighbourTileId, u16, u16} records (4 in tiles)   ss6 raw bytes
// Section3 (at section3Offset): layout unknown, exposed as raw bytes.
// NavSystem (at navSystemOffset): header {vec3 origin, u32 unknown, u32 nX,
//   nY, nZ, cellSize, n5, ss1Offset, ss2Offset, ss3Offset (end marker)};
//   ss1 nX*nY*nZ cells {u32 relOffset (from the cell), u16 count, u8, u8};
//   ss2 per cell `count` records {u8 groupId, u8, u16, u32 n, u16 segment[n]}.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <span>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/ranges.hpp"
#include "../core/views.hpp"
#include "fields.hpp"
#include "format.hpp"

namespace navspan::fox {

// ---------------------------------------------------------------- Section2

class section2_adjacency : public fixed_record<4> {
public:
    using fixed_record::fixed_record;
    std::uint16_t weight() const noexcept { return load_u16(p_ + fields::section2_adjacency::weight); }  // probable
    std::uint16_t node() const noexcept { return load_u16(p_ + fields::section2_adjacency::node); }  // verified < node count
};

// What a Section2 node needs besides its own 14 bytes.
struct section2_context {
    const std::byte* ss2 = navspan::detail::empty_view_bytes;
    quantization quant{};
};

class section2_node {
public:
    static constexpr std::size_t record_size = section2_node_size;

    section2_node(const std::byte* p, section2_context context) noexcept
        : p_(p), ss2_(context.ss2), quant_(context.quant) {}

    quantized_point quantized() const noexcept { return load_quantized(p_ + fields::section2_node::position); }
    vec3 position() const noexcept { return quant_.to_world(quantized()); }
    // As stored; the values are those of the NavWorld segment flags.
    std::uint16_t flags_raw() const noexcept { return load_u16(p_ + fields::section2_node::flags); }
    std::uint16_t ss2_byte_offset() const noexcept { return load_u16(p_ + fields::section2_node::record_offset); }
    std::uint16_t count_b() const noexcept { return load_u16(p_ + fields::section2_node::word_count); }
    std::uint16_t count_a() const noexcept { return load_u16(p_ + fields::section2_node::adjacency_count); }
    packed_view<section2_adjacency> adjacency() const noexcept { return {ss2_ + ss2_byte_offset(), count_a()}; }
    packed_view<std::uint16_t> extra_words() const noexcept {
        return {ss2_ + ss2_byte_offset() + section2_adjacency::record_size * std::size_t{count_a()}, count_b()};
    }

private:
    const std::byte* p_;
    const std::byte* ss2_;
    quantization quant_;
};

class section2_record3 : public fixed_record<8> {
public:
    using fixed_record::fixed_record;
    std::uint32_t a() const noexcept { return load_u32(p_ + fields::section2_record3::a); }
    std::uint16_t b() const noexcept { return load_u16(p_ + fields::section2_record3::b); }
    std::uint16_t c() const noexcept { return load_u16(p_ + fields::section2_record3::c); }
};

class section2_neighbour : public fixed_record<6> {
public:
    using fixed_record::fixed_record;
    std::uint16_t tile_id() const noexcept { return load_u16(p_ + fields::section2_neighbour::tile_id); }
    std::uint16_t b() const noexcept { return load_u16(p_ + fields::section2_neighbour::b); }
    std::uint16_t c() const noexcept { return load_u16(p_ + fields::section2_neighbour::c); }
};

class section2_entry {
public:
    constexpr section2_entry() noexcept = default;
    section2_entry(const std::byte* p, std::uint32_t offset, quantization q) noexcept : p_(p), offset_(offset), quant_(q) {}

    std::uint32_t offset() const noexcept { return offset_; }
    std::uint16_t next_entry_offset() const noexcept { return u16(fields::section2_entry::next_entry_offset); }
    std::uint16_t ss1_offset() const noexcept { return u16(fields::section2_entry::ss1); }
    std::uint16_t node_count() const noexcept { return u16(fields::section2_entry::node_count); }
    std::uint16_t ss2_offset() const noexcept { return u16(fields::section2_entry::ss2); }
    std::uint16_t ss3_offset() const noexcept { return u16(fields::section2_entry::ss3); }
    std::uint16_t ss4_offset() const noexcept { return u16(fields::section2_entry::ss4); }
    std::uint16_t ss5_offset() const noexcept { return u16(fields::section2_entry::ss5); }
    std::uint16_t ss6_offset() const noexcept { return u16(fields::section2_entry::ss6); }

    using node_list = strided_view<section2_node, section2_context>;
    node_list nodes() const noexcept {
        return node_list(p_ + ss1_offset(), node_count(), section2_node::record_size, section2_context{p_ + ss2_offset(), quant_});
    }
    packed_view<section2_record3> ss3_records() const noexcept { return {p_ + ss3_offset(), node_count()}; }
    packed_view<std::uint16_t> ss4_words() const noexcept { return {p_ + ss4_offset(), node_count()}; }
    packed_view<section2_neighbour> neighbours() const noexcept {
        return {p_ + ss5_offset(), (std::size_t{ss6_offset()} - ss5_offset()) / section2_neighbour::record_size};
    }
    std::span<const std::byte> ss5_bytes() const noexcept { return {p_ + ss5_offset(), std::size_t{ss6_offset()} - ss5_offset()}; }
    std::span<const std::byte> ss6_bytes() const noexcept {
        return {p_ + ss6_offset(), std::size_t{next_entry_offset()} - ss6_offset()};
    }
    std::span<const std::byte> bytes() const noexcept { return {p_, next_entry_offset()}; }
    // The entry after this one.
    section2_entry next() const noexcept {
        return section2_entry(p_ + next_entry_offset(), offset_ + next_entry_offset(), quant_);
    }

private:
    std::uint16_t u16(std::size_t field) const noexcept { return load_u16(p_ + field); }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t offset_ = 0;
    quantization quant_{};
};

// Section2's entries in file order (a forward range).
using section2_list = sequence_view<section2_entry>;

// ---------------------------------------------------------------- NavSystem

// One record of a cell: the segments of one group that touch the cell.
class cell_record {
public:
    constexpr cell_record() noexcept = default;
    explicit cell_record(const std::byte* p) noexcept : p_(p) {}
    std::uint8_t group_id() const noexcept { return load_u8(p_ + fields::cell_record::group_id); }
    std::uint8_t tile_byte() const noexcept { return load_u8(p_ + fields::cell_record::tile_byte); }    // = header u0a
    std::uint16_t tile_word() const noexcept { return load_u16(p_ + fields::cell_record::tile_word); }  // = u0b | u0c << 8
    std::uint32_t segment_count() const noexcept { return load_u32(p_ + fields::cell_record::segment_count); }
    // Segment indices of group_id() (verified < its segment count when the
    // group is in this file).
    packed_view<std::uint16_t> segments() const noexcept { return {p_ + fields::cell_record::segments, segment_count()}; }
    std::size_t size_bytes() const noexcept { return cell_record_header_size + 2 * std::size_t{segment_count()}; }
    cell_record next() const noexcept { return cell_record(p_ + size_bytes()); }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

// A cell's records in order (a forward range).
using cell_record_list = sequence_view<cell_record>;

class nav_cell : public fixed_record<nav_cell_size> {
public:
    using fixed_record::fixed_record;
    std::uint32_t rel_offset() const noexcept { return load_u32(p_ + fields::nav_cell::relative_offset); }  // from this cell record
    std::uint16_t count() const noexcept { return load_u16(p_ + fields::nav_cell::record_count); }
    std::uint8_t u2() const noexcept { return load_u8(p_ + fields::nav_cell::u2); }
    std::uint8_t u3() const noexcept { return load_u8(p_ + fields::nav_cell::u3); }
    cell_record_list records() const noexcept {
        return count() == 0 ? cell_record_list() : cell_record_list(cell_record(p_ + rel_offset()), count());
    }
};

class nav_system {
public:
    constexpr nav_system() noexcept = default;
    nav_system(const std::byte* p, std::uint32_t offset) noexcept : p_(p), offset_(offset) {}

    std::uint32_t offset() const noexcept { return offset_; }
    // The grid's minimum corner (the origin of its cell frame).
    vec3 origin() const noexcept { return load_vec3(p_ + fields::nav_system::origin); }
    std::uint32_t unknown() const noexcept { return u32(fields::nav_system::unknown); }
    std::uint32_t cells_x() const noexcept { return u32(fields::nav_system::cells_x); }
    std::uint32_t cells_y() const noexcept { return u32(fields::nav_system::cells_y); }
    std::uint32_t cells_z() const noexcept { return u32(fields::nav_system::cells_z); }
    std::uint32_t cell_size() const noexcept { return u32(fields::nav_system::cell_size); }
    std::uint32_t n5() const noexcept { return u32(fields::nav_system::n5); }
    std::uint32_t ss1_offset() const noexcept { return u32(fields::nav_system::ss1); }
    std::uint32_t ss2_offset() const noexcept { return u32(fields::nav_system::ss2); }
    // End of the NavSystem relative to its start (= fileSize - navSystemOffset).
    std::uint32_t ss3_offset() const noexcept { return u32(fields::nav_system::ss3); }

    std::size_t cell_count() const noexcept {
        return static_cast<std::size_t>(cells_x()) * cells_y() * cells_z();
    }
    packed_view<nav_cell> cells() const noexcept { return {p_ + ss1_offset(), cell_count()}; }
    // Cell (x, y, z): index x + nX * (z + nZ * y) (format.hpp, decision 11).
    nav_cell cell_at(std::uint32_t x, std::uint32_t y, std::uint32_t z) const noexcept {
        NAVSPAN_ASSERT(x < cells_x() && y < cells_y() && z < cells_z());
        return cells()[x + static_cast<std::size_t>(cells_x()) * (z + static_cast<std::size_t>(cells_z()) * y)];
    }
    std::span<const std::byte> bytes() const noexcept { return {p_, ss3_offset()}; }

private:
    std::uint32_t u32(std::size_t field) const noexcept { return load_u32(p_ + field); }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t offset_ = 0;
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
