// navspan/creation/nvnm.hpp - Creation Engine navmesh geometry (the NVNM
// subrecord) of Skyrim (version 12), Fallout 4 (15) and Starfield (17).
//
// Layout (docs/formats/creation.md, "NVNM"). Every list is "count32":
// a u32 count, then that many packed records; nothing is aligned.
//
//   u32 version, u32 pathingCellCrc (0xA5E9A03C), u32 parentWorld,
//   u32 parent: i16 gridY, i16 gridX when parentWorld != 0, else the CELL
//   vertices        {f32 x, y, z}                 + u32 unknown in v17
//   triangles       {u16 vertex[3], i16 edge[3],  (16 B in v12)
//                    f32 height, u8 unknown,      (21 B in v15/v17)
//                    u16 flags, u16 coverFlags}
//   edge links      {u32 type, u32 navmesh, i16 triangle} + u8 edge in v15+
//   door links      {i16 triangle, u32 crc 0xE48B73F3, u32 door REFR}
//   v12:  cover triangles {i16}
//   v15+: covers {u16, u16, u8[4]} (u8[8] in v17), cover mappings {u16 key,
//         u16 cover}, waypoints {f32 x, y, z, i16 triangle, u32 flags}
//   grid            u32 divisor, f32 cellSizeX, cellSizeY, f32[3] min, max,
//                   divisor * divisor cells of count32 {i16 triangle}
//   v17:  u32 trailer
//
// navmesh::open() reads the version and picks the layout (the caller may
// impose one), then checks every count against the bytes and the limits,
// every local index (triangle vertices; edges: neighbour triangle or -1,
// or an edge-link index when the edge's link flag is set; door, cover,
// mapping, waypoint and grid-cell triangles; mapping cover indices), both
// CRCs, and that the lists use the subrecord exactly. After that every
// accessor is a plain unchecked load; nothing is cached or allocated.
//
// Not checked, by design: edge-link triangles (they index the OTHER
// navmesh), and cover vertices (Starfield samples hold values far above the
// vertex count there).
//
// The layouts and the element views are in nvnm_elements.hpp.
//
// Decisions where the sources are uncertain:
//  * Index fields typed i16 by some editors are read as u16: 0xFFFF is
//    "none" where the format allows none (edges, waypoints); any other value
//    must be in range. This accepts every file the signed reading accepts.
//  * Cover mappings: the sources name them {cover, triangle}, but all 258
//    mappings of the public Starfield samples fit {key, cover} with
//    key = triangle * 4 + edge (edge 0..2) and cover < cover count, while the
//    first field exceeds the cover count in most. Fallout 4's runtime keeps
//    the same map (u16 -> u16). navspan reads {key, cover} for v15 and v17
//    and checks key / 4 < triangles and cover < covers (the edge part is
//    exposed, not checked).
//  * Fallout 4 form-version gates (Wrye Bash): with the record's form
//    version known, v15 records of form version <= 57 use 16-byte triangles
//    and 10-byte edge links, 58..127 21-byte triangles and 10-byte edge
//    links. Without an imposed layout, a v15 NVNM that fails under its
//    layout is retried under the other two, and opens under the first that
//    fits exactly.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

#include "../core/reader_options.hpp"
#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "nvnm_elements.hpp"

namespace navspan::creation::nvnm {

struct options : navspan::reader_options {
    // trusted (reader_options): Known-good input: skip the index pass that follows the walk (triangle
    // vertices and neighbours; door, cover, mapping and waypoint triangles;
    // door-link CRCs). Grid cells are still checked (docs/api.md).
    // Added to error offsets: where the payload sits in whatever the caller
    // reads (e.g. the subrecord's offset in the plugin).
    std::uint64_t base_offset = 0;
    // A layout to use instead of the one the version selects.
    std::optional<nvnm::layout> layout{};
    // The form version of the record holding the NVNM (0 = unknown).
    std::uint16_t form_version = 0;
};

// A verified NVNM subrecord.
class navmesh {
public:
    using options = nvnm::options;
    // z-up, like every Creation Engine position (creation::up_axis).
    static constexpr navspan::axis up_axis = navspan::axis::z;

    navmesh() = default;

    // Verifies `bytes` (one NVNM payload). Error codes: truncated, bad_magic
    // (the pathing-cell or a door-link CRC), unsupported_version,
    // count_too_large, index_out_of_range, inconsistent (bytes left after
    // the last list), limit_exceeded.
    static result<navmesh> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept {
        const std::uint64_t base_offset = opts.base_offset;
        byte_reader r(bytes, base_offset);
        std::uint32_t version = 0;
        NAVSPAN_TRY(r.read(version, "NVNM version"));
        const nvnm::layout* chosen = opts.layout ? &*opts.layout : detail::known_layout(version, opts.form_version);
        if (!chosen) return navspan::detail::fail(error_code::unsupported_version, base_offset, "NVNM", version);
        navmesh m;
        const error first = m.verify(bytes, *chosen, opts, base_offset);
        if (NAVSPAN_LIKELY(first.ok())) return m;
        return open_older_fallout4(bytes, opts, version, *chosen, first);
    }

    bytes_view bytes() const noexcept { return bytes_; }
    // Always empty: the lists must use the payload exactly.
    bytes_view trailing() const noexcept { return bytes_.subspan(bytes_.size()); }
    flag_set<std::uint32_t> warnings() const noexcept { return {}; }
    // False after a trusted open (options::trusted).
    bool indices_checked() const noexcept { return indices_checked_; }
    const nvnm::layout& layout() const noexcept { return layout_; }
    std::uint32_t version() const noexcept { return load_u32(bytes_.data()); }
    std::uint32_t pathing_cell_crc() const noexcept { return load_u32(bytes_.data() + 4); }

    // The worldspace (WRLD form id), 0 for an interior navmesh.
    std::uint32_t parent_world() const noexcept { return load_u32(bytes_.data() + 8); }
    bool is_exterior() const noexcept { return parent_world() != 0; }
    // Exterior: the cell's grid coordinates (stored Y first, then X).
    std::int16_t grid_x() const noexcept { return load_i16(bytes_.data() + 14); }
    std::int16_t grid_y() const noexcept { return load_i16(bytes_.data() + 12); }
    // Interior: the CELL form id.
    std::uint32_t parent_cell() const noexcept { return load_u32(bytes_.data() + 12); }
    // The parent word as stored.
    std::uint32_t parent_raw() const noexcept { return load_u32(bytes_.data() + 12); }

    strided_view<nvnm::vertex, nvnm::layout> vertices() const noexcept {
        return {vertices_, vertex_count_, layout_.vertex_size, layout_};
    }
    strided_view<nvnm::triangle, nvnm::layout> triangles() const noexcept {
        return {triangles_, triangle_count_, layout_.triangle_size, layout_};
    }
    strided_view<nvnm::edge_link, nvnm::layout> edge_links() const noexcept {
        return {edge_links_, edge_link_count_, layout_.edge_link_size, layout_};
    }
    packed_view<door_link> door_links() const noexcept { return {door_links_, door_link_count_}; }
    // v12 only (empty otherwise): triangles that have cover.
    packed_view<std::uint16_t> cover_triangles() const noexcept { return {cover_triangles_, cover_triangle_count_}; }
    // v15 and v17 (empty otherwise).
    strided_view<nvnm::cover, nvnm::layout> covers() const noexcept {
        return {covers_, cover_count_, layout_.cover_size == 0 ? 1u : layout_.cover_size, layout_};
    }
    packed_view<cover_mapping> cover_mappings() const noexcept { return {cover_mappings_, cover_mapping_count_}; }
    packed_view<waypoint> waypoints() const noexcept { return {waypoints_, waypoint_count_}; }
    search_grid grid() const noexcept { return search_grid(grid_); }
    // v17's final word (00 00 08 00 and 0C 00 08 00 seen).
    std::optional<std::uint32_t> trailer() const noexcept {
        if (!layout_.has_trailer) return std::nullopt;
        return load_u32(bytes_.data() + bytes_.size() - 4);
    }

private:
    // A version-15 NVNM that failed under `chosen` (with its error `first`):
    // the older Fallout 4 layouts (see the top of the file), unless the
    // caller imposed the layout.
    NAVSPAN_NOINLINE static result<navmesh> open_older_fallout4(bytes_view bytes, const options& opts, std::uint32_t version,
                                               const nvnm::layout& chosen, const error& first) noexcept {
        if (opts.layout || version != 15) return first;
        for (const nvnm::layout& alt : {fallout4_layout, fallout4_form127_layout, fallout4_form57_layout}) {
            if (alt == chosen) continue;
            navmesh retry;
            if (retry.verify(bytes, alt, opts, opts.base_offset).ok()) return retry;
        }
        return first;
    }

    // Reads a count32 list of `stride`-byte records: take_list_fast() is
    // the usual case (the count and the records are there, within the
    // limits: a few inline compares, no error value built); when it says
    // no, list_error() reads the list again with the checked reads, which
    // find the problem and report it. verify() calls the fast form at every
    // list and grid cell: a call per cell cost more than the cell's own
    // check, and per list it was half of opening a small NVNM. list_error()
    // takes the reader by value, so the reader never has its address taken
    // and its position stays in a register (through memory, the position
    // was a store and a reload on the chain from one grid cell to the next).
    static bool take_list_fast(byte_reader& r, const navspan::limits& lim, std::size_t stride, const std::byte*& data,
                               std::size_t& count) noexcept {
        const std::size_t left = r.remaining();
        if (NAVSPAN_UNLIKELY(left < 4)) return false;
        const std::uint32_t n = load_u32(r.current());
        if (NAVSPAN_UNLIKELY(n > lim.max_count || n > (left - 4) / stride)) return false;
        data = r.current() + 4;
        count = n;
        r.skip_unchecked(4 + std::size_t{n} * stride);
        return true;
    }
    // The error of a list take_list_fast() refused (always one).
    NAVSPAN_NOINLINE static error list_error(byte_reader r, const navspan::limits& lim, std::size_t stride,
                                             const char* what) noexcept {
        std::uint32_t n = 0;
        NAVSPAN_TRY(r.read(n, what));
        NAVSPAN_TRY(check_count(lim, n, r.offset() - 4, what));
        NAVSPAN_TRY(r.require_array(n, stride, what));
        NAVSPAN_ASSERT(false);  // take_list_fast() accepts every list that gets here
        return navspan::detail::fail(error_code::inconsistent, r.offset(), what, n);
    }

    static error index_error(std::uint64_t offset, const char* what, std::uint64_t index, std::uint64_t count) noexcept {
        return navspan::detail::fail(error_code::index_out_of_range, offset, what, index, count);
    }

    // Always inlined: open() is its one hot caller, and there the stores of
    // the navmesh's defaults that verify() overwrites and its error result
    // vanish (opening a 160-byte NVNM: 426 instructions with verify() a
    // call, 380 inlined; g++ 12 does not inline it on its own).
    NAVSPAN_ALWAYS_INLINE error verify(bytes_view bytes, const nvnm::layout& l, const options& opts,
                                       std::uint64_t base) noexcept {
        const navspan::limits& lim = opts.limits;
        bytes_ = bytes;
        layout_ = l;
        byte_reader r(bytes, base);
        NAVSPAN_TRY(r.require(16, "NVNM header"));
        r.skip_unchecked(4);
        const std::uint32_t crc = r.read_unchecked<std::uint32_t>();
        if (NAVSPAN_UNLIKELY(crc != nvnm::pathing_cell_crc)) {
            return navspan::detail::fail(error_code::bad_magic, base + 4, "NVNM pathing-cell CRC", crc);
        }
        r.skip_unchecked(8);
        if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, l.vertex_size, vertices_, vertex_count_))) {
            return list_error(r, lim, l.vertex_size, "NVNM vertices");
        }
        if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, l.triangle_size, triangles_, triangle_count_))) {
            return list_error(r, lim, l.triangle_size, "NVNM triangles");
        }
        if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, l.edge_link_size, edge_links_, edge_link_count_))) {
            return list_error(r, lim, l.edge_link_size, "NVNM edge links");
        }
        if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, door_link::record_size, door_links_, door_link_count_))) {
            return list_error(r, lim, door_link::record_size, "NVNM door links");
        }
        if (l.has_cover_triangles) {
            if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, 2, cover_triangles_, cover_triangle_count_))) {
                return list_error(r, lim, 2, "NVNM cover triangles");
            }
        }
        if (l.cover_size != 0) {
            if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, l.cover_size, covers_, cover_count_))) {
                return list_error(r, lim, l.cover_size, "NVNM covers");
            }
        }
        if (l.has_waypoints) {
            if (NAVSPAN_UNLIKELY(
                    !take_list_fast(r, lim, cover_mapping::record_size, cover_mappings_, cover_mapping_count_))) {
                return list_error(r, lim, cover_mapping::record_size, "NVNM cover mappings");
            }
            if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, waypoint::record_size, waypoints_, waypoint_count_))) {
                return list_error(r, lim, waypoint::record_size, "NVNM waypoints");
            }
        }

        // The grid: header, then divisor^2 cells (each at least 4 bytes,
        // checked before any loop runs).
        NAVSPAN_TRY(r.require(36, "NVNM grid header"));
        grid_ = r.current();
        const std::uint64_t divisor = r.read_unchecked<std::uint32_t>();
        r.skip_unchecked(32);
        const std::uint64_t cells = divisor * divisor;
        NAVSPAN_TRY(check_count(lim, cells, r.offset() - 36, "NVNM grid cells"));
        NAVSPAN_TRY(r.require_array(cells, 4, "NVNM grid cells"));
        for (std::uint64_t c = 0; c < cells; ++c) {
            const std::byte* list = nullptr;
            std::size_t n = 0;
            const std::uint64_t at = r.offset();
            if (NAVSPAN_UNLIKELY(!take_list_fast(r, lim, 2, list, n))) {
                return list_error(r, lim, 2, "NVNM grid cell");
            }
            // The largest entry decides (a loop without branches); only a
            // bad cell is searched for the entry to report.
            std::uint16_t largest = 0;
            for (std::size_t k = 0; k < n; ++k) {
                const std::uint16_t t = load_u16(list + 2 * k);
                largest = t > largest ? t : largest;
            }
            if (NAVSPAN_UNLIKELY(n != 0 && largest >= triangle_count_)) {
                for (std::size_t k = 0; k < n; ++k) {
                    const std::uint16_t t = load_u16(list + 2 * k);
                    if (t >= triangle_count_) return index_error(at + 4 + 2 * k, "NVNM grid cell triangle", t, triangle_count_);
                }
            }
        }
        if (l.has_trailer) NAVSPAN_TRY(r.skip(4, "NVNM trailer"));
        if (NAVSPAN_UNLIKELY(!r.at_end())) {
            return navspan::detail::fail(error_code::inconsistent, r.offset(), "NVNM (bytes left after its last list)",
                                r.remaining());
        }
        indices_checked_ = !opts.trusted;
        // The index pass: a branch-light test inline, and only when it
        // fails the record-by-record search for the first bad index (out of
        // line: as a call on every open it cost 38 of the 462 instructions
        // of opening a 160-byte NVNM).
        if (opts.trusted || NAVSPAN_LIKELY(indices_in_range())) return {};
        return check_indices(bytes, base);
    }

    // True when every index the index pass checks is in range (what
    // check_indices() proves, without locating the culprit).
    bool indices_in_range() const noexcept {
        bool bad = !triangles_in_range();
        for (std::size_t i = 0; i < door_link_count_; ++i) {
            const std::byte* d = door_links_ + i * door_link::record_size;
            bad |= load_u16(d) >= triangle_count_;
            bad |= load_u32(d + 2) != pathing_door_crc;
        }
        for (std::size_t i = 0; i < cover_triangle_count_; ++i) {
            bad |= load_u16(cover_triangles_ + 2 * i) >= triangle_count_;
        }
        for (std::size_t i = 0; i < cover_mapping_count_; ++i) {
            const std::byte* m = cover_mappings_ + i * cover_mapping::record_size;
            bad |= (load_u16(m) >> 2) >= triangle_count_;
            bad |= load_u16(m + 2) >= cover_count_;
        }
        for (std::size_t i = 0; i < waypoint_count_; ++i) {
            const std::uint16_t t = load_u16(waypoints_ + i * waypoint::record_size + 12);
            bad |= t != none && t >= triangle_count_;
        }
        return !bad;
    }

    // True when every triangle's vertices and edges are in range: a fast
    // pass with few branches (check_indices() searches for the culprit
    // only when it fails). An edge without its link flag holds a triangle
    // or 0xFFFF; adding 1 in 16 bits maps 0xFFFF to 0, so one comparison
    // of the largest of the three against the triangle count covers both.
    bool triangles_in_range() const noexcept {
        const std::size_t stride = layout_.triangle_size;
        const std::size_t flags_at = layout_.triangle_size == 21 ? 17 : 12;
        bool bad = false;
        for (std::size_t i = 0; i < triangle_count_; ++i) {
            const std::byte* t = triangles_ + i * stride;
            const std::uint16_t v0 = load_u16(t), v1 = load_u16(t + 2), v2 = load_u16(t + 4);
            const std::uint16_t largest_vertex = v0 > v1 ? (v0 > v2 ? v0 : v2) : (v1 > v2 ? v1 : v2);
            bad |= largest_vertex >= vertex_count_;
            const unsigned flags = load_u16(t + flags_at);
            if (NAVSPAN_LIKELY((flags & 7u) == 0)) {
                const auto e0 = static_cast<std::uint16_t>(load_u16(t + 6) + 1);
                const auto e1 = static_cast<std::uint16_t>(load_u16(t + 8) + 1);
                const auto e2 = static_cast<std::uint16_t>(load_u16(t + 10) + 1);
                const std::uint16_t largest_edge = e0 > e1 ? (e0 > e2 ? e0 : e2) : (e1 > e2 ? e1 : e2);
                bad |= largest_edge > triangle_count_;
            } else {
                for (unsigned e = 0; e < 3; ++e) {
                    const std::uint16_t v = load_u16(t + 6 + 2 * e);
                    if ((flags >> e) & 1u) bad |= v >= edge_link_count_;
                    else bad |= v != none && v >= triangle_count_;
                }
            }
        }
        return !bad;
    }

    // The first index out of range, as an error (after indices_in_range()
    // said there is one).
    NAVSPAN_NOINLINE error check_indices(bytes_view bytes, std::uint64_t base) const noexcept {
        auto offset_of = [&](const std::byte* p) { return base + static_cast<std::uint64_t>(p - bytes.data()); };
        const std::size_t tri_stride = layout_.triangle_size;
        const std::size_t flags_at = layout_.triangle_size == 21 ? 17 : 12;
        for (std::size_t i = 0; i < triangle_count_; ++i) {
            const std::byte* t = triangles_ + i * tri_stride;
            for (unsigned k = 0; k < 3; ++k) {
                const std::uint16_t v = load_u16(t + 2 * k);
                if (NAVSPAN_UNLIKELY(v >= vertex_count_)) {
                    return index_error(offset_of(t + 2 * k), "NVNM triangle vertex", v, vertex_count_);
                }
            }
            const std::uint16_t flags = load_u16(t + flags_at);
            for (unsigned e = 0; e < 3; ++e) {
                const std::uint16_t v = load_u16(t + 6 + 2 * e);
                if (flags & (1u << e)) {
                    if (NAVSPAN_UNLIKELY(v >= edge_link_count_)) {
                        return index_error(offset_of(t + 6 + 2 * e), "NVNM triangle edge link", v, edge_link_count_);
                    }
                } else if (NAVSPAN_UNLIKELY(v != none && v >= triangle_count_)) {
                    return index_error(offset_of(t + 6 + 2 * e), "NVNM triangle neighbour", v, triangle_count_);
                }
            }
        }
        for (std::size_t i = 0; i < door_link_count_; ++i) {
            const std::byte* d = door_links_ + i * door_link::record_size;
            const std::uint16_t t = load_u16(d);
            if (NAVSPAN_UNLIKELY(t >= triangle_count_)) {
                return index_error(offset_of(d), "NVNM door link triangle", t, triangle_count_);
            }
            const std::uint32_t crc = load_u32(d + 2);
            if (NAVSPAN_UNLIKELY(crc != pathing_door_crc)) {
                return navspan::detail::fail(error_code::bad_magic, offset_of(d + 2), "NVNM door link pathing-door CRC", crc);
            }
        }
        for (std::size_t i = 0; i < cover_triangle_count_; ++i) {
            const std::uint16_t t = load_u16(cover_triangles_ + 2 * i);
            if (NAVSPAN_UNLIKELY(t >= triangle_count_)) {
                return index_error(offset_of(cover_triangles_ + 2 * i), "NVNM cover triangle", t, triangle_count_);
            }
        }
        for (std::size_t i = 0; i < cover_mapping_count_; ++i) {
            const std::byte* m = cover_mappings_ + i * cover_mapping::record_size;
            const std::uint16_t key = load_u16(m);
            if (NAVSPAN_UNLIKELY((key >> 2) >= triangle_count_)) {
                return index_error(offset_of(m), "NVNM cover mapping triangle", key >> 2, triangle_count_);
            }
            const std::uint16_t c = load_u16(m + 2);
            if (NAVSPAN_UNLIKELY(c >= cover_count_)) {
                return index_error(offset_of(m + 2), "NVNM cover mapping cover", c, cover_count_);
            }
        }
        for (std::size_t i = 0; i < waypoint_count_; ++i) {
            const std::byte* w = waypoints_ + i * waypoint::record_size;
            const std::uint16_t t = load_u16(w + 12);
            if (NAVSPAN_UNLIKELY(t != none && t >= triangle_count_)) {
                return index_error(offset_of(w + 12), "NVNM waypoint triangle", t, triangle_count_);
            }
        }
        return {};
    }

    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    nvnm::layout layout_{};
    const std::byte* vertices_ = navspan::detail::empty_view_bytes;
    const std::byte* triangles_ = navspan::detail::empty_view_bytes;
    const std::byte* edge_links_ = navspan::detail::empty_view_bytes;
    const std::byte* door_links_ = navspan::detail::empty_view_bytes;
    const std::byte* cover_triangles_ = navspan::detail::empty_view_bytes;
    const std::byte* covers_ = navspan::detail::empty_view_bytes;
    const std::byte* cover_mappings_ = navspan::detail::empty_view_bytes;
    const std::byte* waypoints_ = navspan::detail::empty_view_bytes;
    const std::byte* grid_ = navspan::detail::empty_view_bytes;
    std::size_t vertex_count_ = 0;
    std::size_t triangle_count_ = 0;
    std::size_t edge_link_count_ = 0;
    std::size_t door_link_count_ = 0;
    std::size_t cover_triangle_count_ = 0;
    std::size_t cover_count_ = 0;
    std::size_t cover_mapping_count_ = 0;
    std::size_t waypoint_count_ = 0;
    bool indices_checked_ = false;
};

}  // namespace navspan::creation::nvnm

#include "../core/min_max_pop.hpp"

