// navspan/fox/verify_sections.hpp - checks of the blocks after the entry
// chain: the Section2 entries and the NavSystem grid (format.hpp, decisions
// 11 and 12). Section3 is raw bytes; its region bounds are checked with the
// header.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/ranges.hpp"
#include "fields.hpp"
#include "format.hpp"
#include "verify_state.hpp"

namespace navspan::fox::detail {

// One Section2 entry at `at`, which must end by `end`: subsection offsets
// not decreasing and inside the entry, node records inside ss2 in node order
// without overlap, adjacent nodes in range.
inline error verify_section2_entry(verify_state& v, std::uint64_t at, std::uint64_t end) noexcept {
    namespace f = fields::section2_entry;
    namespace node_field = fields::section2_node;
    const byte_range region(at, end);
    NAVSPAN_TRY(region.require(at, section2_entry_header_size, "Section2 entry header"));
    const std::byte* p = v.file() + at;
    const std::uint32_t next = load_u16(p + f::next_entry_offset);
    if (next < section2_entry_header_size) return navspan::detail::fail(error_code::inconsistent, at, "Section2 entry size", next);
    NAVSPAN_TRY(region.require(at, next, "Section2 entry"));
    // ss1..ss6 must not decrease and lie inside the entry.
    static constexpr std::size_t order[6] = {f::ss1, f::ss2, f::ss3, f::ss4, f::ss5, f::ss6};
    std::uint32_t previous = section2_entry_header_size;
    std::uint32_t offsets[6] = {};
    for (std::size_t i = 0; i < 6; ++i) {
        offsets[i] = load_u16(p + order[i]);
        if (offsets[i] < previous || offsets[i] > next) {
            return navspan::detail::fail(error_code::bad_offset, at + order[i], "Section2 subsection", offsets[i]);
        }
        previous = offsets[i];
    }
    const std::uint32_t count = load_u16(p + f::node_count);
    const byte_range nodes(offsets[0], offsets[1], at), records(offsets[1], offsets[2], at),
        third(offsets[2], offsets[3], at), fourth(offsets[3], offsets[4], at);
    NAVSPAN_TRY(v.check_array(nodes, count, section2_node_size, "Section2 nodes"));
    NAVSPAN_TRY(v.check_array(third, count, 8, "Section2 ss3"));
    NAVSPAN_TRY(v.check_array(fourth, count, 2, "Section2 ss4"));
    constexpr std::uint64_t adjacency_size = 4;  // {u16 weight, u16 node}
    std::uint64_t previous_end = records.begin();
    for (std::uint32_t n = 0; n < count; ++n) {
        const std::byte* node = p + nodes.begin() + std::size_t{n} * section2_node_size;
        const std::uint64_t start = records.begin() + load_u16(node + node_field::record_offset);
        const std::uint64_t words = load_u16(node + node_field::word_count);
        const std::uint64_t adjacency = load_u16(node + node_field::adjacency_count);
        const std::uint64_t length = adjacency_size * adjacency + 2 * words;
        if (error e = records.require_after(previous_end, start, length, "Section2 node record"); !e.ok()) {
            return with_parent(e, "Section2 node", n);
        }
        previous_end = start + length;
        for (std::uint64_t a = 0; a < adjacency; ++a) {
            const std::uint64_t node_at = start + adjacency_size * a + fields::section2_adjacency::node;
            const std::uint32_t other = load_u16(p + node_at);
            if (other >= count) {
                return with_parent(navspan::detail::fail(error_code::index_out_of_range, at + node_at,
                                                         "Section2 adjacent node", other, count),
                                   "Section2 node", n);
            }
        }
    }
    return v.charge(1, at, "Section2 entry");
}

// The Section2 region [offset, end): `entries` entries that fill it exactly.
inline error verify_section2(verify_state& v, std::uint32_t offset, std::uint32_t entries, std::uint64_t end) noexcept {
    if (offset == 0) return {};
    std::uint64_t at = offset;
    for (std::uint32_t k = 0; k < entries; ++k) {
        if (error e = verify_section2_entry(v, at, end); !e.ok()) return with_parent(e, "Section2 entry", k);
        at += load_u16(v.file() + at + fields::section2_entry::next_entry_offset);
    }
    if (at != end) return navspan::detail::fail(error_code::inconsistent, at, "end of Section2", end);
    return {};
}

// The `count` records of one NavSystem cell, starting at `start` (relative
// to the NavSystem at `at`) not before `cursor`; moves `cursor` past them.
inline error verify_cell_records(verify_state& v, std::uint64_t at, const byte_range& lists, std::uint64_t start,
                                 std::uint32_t count, std::uint64_t& cursor) noexcept {
    namespace f = fields::cell_record;
    const std::byte* p = v.file() + at;
    NAVSPAN_TRY(lists.require_after(cursor, start, 0, "NavSystem cell list"));
    NAVSPAN_TRY(v.charge(count, at + start, "NavSystem cell records"));
    std::uint64_t r = start;
    for (std::uint32_t i = 0; i < count; ++i) {
        NAVSPAN_TRY(lists.require_after(r, r, cell_record_header_size, "NavSystem cell record"));
        const std::uint8_t group = load_u8(p + r + f::group_id);
        const std::uint32_t n = load_u32(p + r + f::segment_count);
        NAVSPAN_TRY(check_count(v.lim(), n, at + r + f::segment_count, "NavSystem cell segments"));
        const std::uint64_t room = lists.end() - (r + f::segments);
        if (n > room / 2) {
            return navspan::detail::fail(error_code::count_too_large, at + r + f::segment_count, "NavSystem cell segments",
                                         n, room / 2);
        }
        if (v.has_group(group)) {
            const std::uint32_t segments =
                load_u32(v.payload(group, entry_type::segment_chunk) + fields::segment_chunk::segment_count);
            for (std::uint32_t k = 0; k < n; ++k) {
                const std::uint64_t s_at = r + f::segments + 2 * std::uint64_t{k};
                const std::uint32_t s = load_u16(p + s_at);
                if (s >= segments) {
                    return navspan::detail::fail(error_code::index_out_of_range, at + s_at, "NavSystem cell segment", s,
                                                 segments);
                }
            }
        }
        r += f::segments + 2 * std::uint64_t{n};
    }
    cursor = r;
    return {};
}

// The NavSystem at `at`: its header and bytes inside the file, the cell
// table inside ss1, each non-empty cell's records inside ss2 in cell order.
inline error verify_nav_system(verify_state& v, std::uint32_t offset) noexcept {
    namespace f = fields::nav_system;
    if (offset == 0) return {};
    const std::uint64_t at = offset;
    const byte_range file(0, v.file_bytes().size());
    NAVSPAN_TRY(file.require(at, nav_system_header_size, "NavSystem header"));
    const std::byte* p = v.file() + at;
    const std::uint32_t size = load_u32(p + f::ss3);
    NAVSPAN_TRY(file.require(at, size, "NavSystem"));
    if (size < nav_system_header_size) return navspan::detail::fail(error_code::inconsistent, at + f::ss3, "NavSystem size", size);

    const std::uint32_t nx = load_u32(p + f::cells_x), ny = load_u32(p + f::cells_y), nz = load_u32(p + f::cells_z);
    const std::uint64_t cells = saturating_mul(saturating_mul(nx, ny), nz);
    NAVSPAN_TRY(check_count(v.lim(), cells, at + f::cells_x, "NavSystem cells"));
    byte_range cell_bytes, lists;
    NAVSPAN_TRY(verify_state::subsections(payload_bytes{p, at, size}, {f::ss1, f::ss2}, nav_system_header_size, size,
                                          {{"NavSystem cells", &cell_bytes}, {"NavSystem cell lists", &lists}}));
    NAVSPAN_TRY(v.check_array(cell_bytes, cells, nav_cell_size, "NavSystem cells"));

    std::uint64_t cursor = lists.begin();
    for (std::uint64_t c = 0; c < cells; ++c) {
        const std::uint64_t cell_at = cell_bytes.begin() + c * nav_cell_size;
        const std::uint32_t count = load_u16(p + cell_at + fields::nav_cell::record_count);
        if (count == 0) continue;  // its offset is never used
        const std::uint64_t start = cell_at + load_u32(p + cell_at + fields::nav_cell::relative_offset);
        if (error e = verify_cell_records(v, at, lists, start, count, cursor); !e.ok()) {
            return with_parent(e, "NavSystem cell", c);
        }
    }
    return {};
}

}  // namespace navspan::fox::detail
#include "../core/min_max_pop.hpp"
