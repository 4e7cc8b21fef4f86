// navspan/creation/nvnm_elements.hpp - what an NVNM subrecord is made of: the
// layouts of its versions, and views of its vertices, triangles, edge and
// door links, cover, waypoints and search grid (nvnm.hpp verifies them).
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

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

namespace navspan::creation::nvnm {

// CRC32 of the class names "PathingCell" and "PathingDoor", stored as tags.
inline constexpr std::uint32_t pathing_cell_crc = 0xA5E9A03Cu;
inline constexpr std::uint32_t pathing_door_crc = 0xE48B73F3u;

// "No triangle" in edges and waypoints (-1 as i16).
inline constexpr std::uint16_t none = 0xFFFF;

// The record sizes and optional lists of one NVNM layout.
struct layout {
    std::uint32_t version = 12;
    std::uint8_t vertex_size = 12;     // 12, or 16 with Starfield's extra word
    std::uint8_t triangle_size = 16;   // 16, or 21 with height and unknown byte
    std::uint8_t edge_link_size = 10;  // 10, or 11 with the far edge index
    std::uint8_t cover_size = 0;       // 0 (cover triangles instead), 8 or 12
    bool has_cover_triangles = true;   // v12's list of i16 triangles
    bool has_waypoints = false;        // v15+, with cover mappings
    bool has_trailer = false;          // v17's final u32

    friend constexpr bool operator==(const layout&, const layout&) = default;
};

inline constexpr layout skyrim_layout{12, 12, 16, 10, 0, true, false, false};
inline constexpr layout fallout4_layout{15, 12, 21, 11, 8, false, true, false};
inline constexpr layout starfield_layout{17, 16, 21, 11, 12, false, true, true};
// Fallout 4 NVNM in records of older form versions (see the top of the file).
inline constexpr layout fallout4_form57_layout{15, 12, 16, 10, 8, false, true, false};
inline constexpr layout fallout4_form127_layout{15, 12, 21, 10, 8, false, true, false};

namespace detail {
// layout_for_version() as the address of the constant, or null (open()
// uses it: no optional copied on the way to the verifier).
constexpr const layout* known_layout(std::uint32_t version, std::uint16_t form_version) noexcept {
    switch (version) {
        case 12: return &skyrim_layout;
        case 15:
            if (form_version != 0 && form_version <= 57) return &fallout4_form57_layout;
            if (form_version != 0 && form_version <= 127) return &fallout4_form127_layout;
            return &fallout4_layout;
        case 17: return &starfield_layout;
        default: return nullptr;
    }
}
}  // namespace detail

// The layout of an NVNM `version`; `form_version` (the record's, 0 if
// unknown) selects the older Fallout 4 variants.
constexpr std::optional<layout> layout_for_version(std::uint32_t version, std::uint16_t form_version = 0) noexcept {
    const layout* l = detail::known_layout(version, form_version);
    if (l == nullptr) return std::nullopt;
    return *l;
}

// Triangle flags (xEdit's names).
namespace triangle_flag {
inline constexpr std::uint16_t edge01_link = 0x0001;
inline constexpr std::uint16_t edge12_link = 0x0002;
inline constexpr std::uint16_t edge20_link = 0x0004;
inline constexpr std::uint16_t deleted = 0x0008;
inline constexpr std::uint16_t no_large_creatures = 0x0010;
inline constexpr std::uint16_t overlapping = 0x0020;
inline constexpr std::uint16_t preferred = 0x0040;
inline constexpr std::uint16_t water = 0x0200;
inline constexpr std::uint16_t door = 0x0400;
inline constexpr std::uint16_t found = 0x0800;
}  // namespace triangle_flag

inline constexpr named_value triangle_flag_names[] = {
    {triangle_flag::edge01_link, "Edge 0-1 Link"},
    {triangle_flag::edge12_link, "Edge 1-2 Link"},
    {triangle_flag::edge20_link, "Edge 2-0 Link"},
    {triangle_flag::deleted, "Deleted"},
    {triangle_flag::no_large_creatures, "No Large Creatures"},
    {triangle_flag::overlapping, "Overlapping"},
    {triangle_flag::preferred, "Preferred"},
    {triangle_flag::water, "Water"},
    {triangle_flag::door, "Door"},
    {triangle_flag::found, "Found"},
};

// Cover flag bits (current xEdit names, which its authors call
// provisional). Bits 0-3 and 6-9 are two 4-bit cover values, exposed as
// numbers and deliberately not named (sources disagree on 0..3).
namespace cover_flag {
inline constexpr std::uint16_t edge01_left = 0x0010;
inline constexpr std::uint16_t edge01_right = 0x0020;
inline constexpr std::uint16_t edge12_left = 0x0400;
inline constexpr std::uint16_t edge12_right = 0x0800;
inline constexpr std::uint16_t autogen = 0x4000;
}  // namespace cover_flag

inline constexpr named_value cover_flag_names[] = {
    {cover_flag::edge01_left, "Edge 0-1 Left"},
    {cover_flag::edge01_right, "Edge 0-1 Right"},
    {cover_flag::edge12_left, "Edge 1-2 Left"},
    {cover_flag::edge12_right, "Edge 1-2 Right"},
    {cover_flag::autogen, "Autogen Cover"},
};

// Edge-link types.
inline constexpr named_value edge_link_type_names[] = {
    {0, "Portal"},
    {1, "Ledge Up"},
    {2, "Ledge Down"},
    {3, "Enable/Disable Portal"},
};

class vertex {
public:
    vertex(const std::byte* p, const layout& l) noexcept : p_(p), size_(l.vertex_size) {}
    vec3 position() const noexcept { return load_vec3(p_); }
    float x() const noexcept { return load_f32(p_); }
    float y() const noexcept { return load_f32(p_ + 4); }
    float z() const noexcept { return load_f32(p_ + 8); }
    // Starfield's fourth word (0 or 1 seen; meaning unknown), else nullopt.
    std::optional<std::uint32_t> extra() const noexcept {
        if (size_ != 16) return std::nullopt;
        return load_u32(p_ + 12);
    }

private:
    const std::byte* p_;
    // The record size, 12 or 16 (the layout's). Tested as a size, g++ 12
    // drops the branch on it from a loop over vertices: 17 instructions a
    // vertex in the traverse row where a bool took 21.
    std::uint8_t size_;
};

class cover_flags {
public:
    constexpr explicit cover_flags(std::uint16_t raw) noexcept : raw_(raw) {}
    constexpr std::uint16_t raw() const noexcept { return raw_; }
    // The 4-bit cover values of edges 0-1 and 1-2 (edge 2-0 has none).
    constexpr std::uint8_t edge01_value() const noexcept { return static_cast<std::uint8_t>(raw_ & 0xFu); }
    constexpr std::uint8_t edge12_value() const noexcept { return static_cast<std::uint8_t>((raw_ >> 6) & 0xFu); }
    constexpr flag_set<std::uint16_t> bits() const noexcept {
        return {static_cast<std::uint16_t>(raw_ & ~0x03CFu), cover_flag_names};
    }

private:
    std::uint16_t raw_;
};

class triangle {
public:
    triangle(const std::byte* p, const layout& l) noexcept
        : p_(p), flags_at_(static_cast<std::uint8_t>(l.triangle_size == 21 ? 17 : 12)) {}

    std::uint16_t vertex(unsigned i) const noexcept {
        NAVSPAN_ASSERT(i < 3);
        return load_u16(p_ + 2 * i);
    }
    std::array<std::uint16_t, 3> vertices() const noexcept { return {vertex(0), vertex(1), vertex(2)}; }

    // Edge e runs vertex e -> vertex (e + 1) % 3. Its raw value is a
    // triangle of this navmesh (none = 0xFFFF) or, when edge_is_link(e),
    // an index into the edge links.
    std::uint16_t edge(unsigned e) const noexcept {
        NAVSPAN_ASSERT(e < 3);
        return load_u16(p_ + 6 + 2 * e);
    }
    bool edge_is_link(unsigned e) const noexcept {
        NAVSPAN_ASSERT(e < 3);
        return (flags_raw() & (1u << e)) != 0;
    }
    // The neighbour across edge e in this navmesh, if any.
    std::optional<std::uint16_t> neighbour(unsigned e) const noexcept {
        const std::uint16_t v = edge(e);
        return edge_is_link(e) || v == none ? std::optional<std::uint16_t>{} : std::optional<std::uint16_t>{v};
    }
    // neighbour(e) without the optional: the neighbour's index, or `none`
    // (0xFFFF) when edge e has no neighbour in this navmesh (an edge link or
    // no triangle). For hot loops: g++ 12 keeps each optional's flag in
    // memory, a store and a load per edge.
    std::uint16_t neighbour_or_none(unsigned e) const noexcept {
        const std::uint16_t v = edge(e);
        return edge_is_link(e) ? none : v;
    }
    // The edge link across edge e, if the edge leads to another navmesh.
    std::optional<std::uint16_t> edge_link(unsigned e) const noexcept {
        if (!edge_is_link(e)) return std::nullopt;
        return edge(e);
    }

    std::uint16_t flags_raw() const noexcept { return load_u16(p_ + flags_at_); }
    flag_set<std::uint16_t> flags() const noexcept { return {flags_raw(), triangle_flag_names}; }
    cover_flags cover() const noexcept { return cover_flags(load_u16(p_ + flags_at_ + 2)); }

    // Fallout 4 and Starfield: a height (170.0 and FLT_MAX seen) and a byte
    // (always 0 seen).
    std::optional<float> height() const noexcept {
        if (!wide()) return std::nullopt;
        return load_f32(p_ + 12);
    }
    std::optional<std::uint8_t> unknown() const noexcept {
        if (!wide()) return std::nullopt;
        return load_u8(p_ + 16);
    }

private:
    bool wide() const noexcept { return flags_at_ == 17; }

    const std::byte* p_;
    // Where the flags are (then the cover flags): 12 in 16-byte triangles,
    // 17 after the height and unknown byte of 21-byte ones. Kept as the
    // offset itself, so flags_raw() is one load with no choice to make.
    std::uint8_t flags_at_;
};

class edge_link {
public:
    edge_link(const std::byte* p, const layout& l) noexcept : p_(p), edge_(l.edge_link_size == 11) {}
    std::uint32_t type() const noexcept { return load_u32(p_); }
    std::string_view type_name() const noexcept { return name_of(edge_link_type_names, type()); }
    // The other navmesh (a form id) and its triangle (not checkable here).
    std::uint32_t navmesh() const noexcept { return load_u32(p_ + 4); }
    std::uint16_t triangle() const noexcept { return load_u16(p_ + 8); }
    // Fallout 4 and later: presumably the edge of that far triangle.
    std::optional<std::uint8_t> edge_index() const noexcept {
        if (!edge_) return std::nullopt;
        return load_u8(p_ + 10);
    }

private:
    const std::byte* p_;
    bool edge_;
};

class door_link : public fixed_record<10> {
public:
    using fixed_record::fixed_record;
    std::uint16_t triangle() const noexcept { return load_u16(p_); }
    std::uint32_t crc() const noexcept { return load_u32(p_ + 2); }  // pathing_door_crc
    std::uint32_t door() const noexcept { return load_u32(p_ + 6); }  // REFR form id
};

class cover {
public:
    cover(const std::byte* p, const layout& l) noexcept : p_(p), size_(l.cover_size) {}
    // Two u16 that xEdit calls vertices (not range-checked, see the top).
    std::uint16_t vertex(unsigned i) const noexcept {
        NAVSPAN_ASSERT(i < 2);
        return load_u16(p_ + 2 * i);
    }
    // Undecoded data: 4 bytes in Fallout 4, 8 in Starfield.
    bytes_view data() const noexcept { return {p_ + 4, static_cast<std::size_t>(size_ - 4)}; }

private:
    const std::byte* p_;
    std::uint8_t size_;
};

class cover_mapping : public fixed_record<4> {
public:
    using fixed_record::fixed_record;
    std::uint16_t key() const noexcept { return load_u16(p_); }
    std::uint16_t triangle() const noexcept { return static_cast<std::uint16_t>(key() >> 2); }
    std::uint8_t edge() const noexcept { return static_cast<std::uint8_t>(key() & 3u); }
    std::uint16_t cover() const noexcept { return load_u16(p_ + 2); }
};

class waypoint : public fixed_record<18> {
public:
    using fixed_record::fixed_record;
    vec3 position() const noexcept { return load_vec3(p_); }
    std::uint16_t triangle() const noexcept { return load_u16(p_ + 12); }  // none = 0xFFFF
    std::uint32_t flags_raw() const noexcept { return load_u32(p_ + 14); }
};

// One search-grid cell's triangle list.
using cell_triangles = packed_view<std::uint16_t>;

// One stored cell: its triangle list, and where the next cell starts (each
// cell's length is stored in front of it).
class grid_cell : public cell_triangles {
public:
    constexpr grid_cell() noexcept = default;
    explicit grid_cell(const std::byte* p) noexcept : cell_triangles(p + 4, load_u32(p)) {}
    grid_cell next() const noexcept { return grid_cell(bytes().data() + bytes().size()); }
};

// The cells of a verified grid, row by row (x varies fastest): a forward
// range (core's sequence_view); cell(i) walks from the first cell.
class cell_list : public sequence_view<grid_cell> {
public:
    constexpr cell_list() noexcept = default;
    cell_list(const std::byte* first, std::size_t count) noexcept
        : sequence_view<grid_cell>(count != 0 ? grid_cell(first) : grid_cell(), count) {}
    cell_triangles operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < size());
        iterator it = begin();
        for (std::size_t k = 0; k < i; ++k) ++it;
        return *it;
    }
};

// The search grid: divisor x divisor cells over the navmesh's bounds, each
// listing the triangles whose 2-D bounding box overlaps it.
class search_grid {
public:
    search_grid() = default;
    explicit search_grid(const std::byte* p) noexcept : p_(p) {}
    std::uint32_t divisor() const noexcept { return load_u32(p_); }
    float cell_size_x() const noexcept { return load_f32(p_ + 4); }
    float cell_size_y() const noexcept { return load_f32(p_ + 8); }
    box bounds() const noexcept { return {load_vec3(p_ + 12), load_vec3(p_ + 24)}; }
    std::size_t cell_count() const noexcept { return static_cast<std::size_t>(divisor()) * divisor(); }
    cell_list cells() const noexcept { return {p_ + 36, cell_count()}; }
    // Cell (row, col), row = y, col = x. Walks from the first cell.
    cell_triangles cell(std::size_t row, std::size_t col) const noexcept {
        NAVSPAN_ASSERT(row < divisor() && col < divisor());
        return cells()[row * divisor() + col];
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
};

}  // namespace navspan::creation::nvnm

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::creation::nvnm::cell_list> = true;
#include "../core/min_max_pop.hpp"
