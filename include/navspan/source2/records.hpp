// navspan/source2/records.hpp - views of the Source 2 .nav records.
//
// Every view decodes the caller's bytes on access; open() verified them.
// Areas and polygons have variable length (forward ranges); corners,
// connections, ladders, transformed bounds and hulls are fixed-size
// (random access). An area's corners are one accessor whatever the version:
// version 30 stores them in the area, 31+ in the polygon the area names.
#pragma once
#include "../core/min_max_push.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "../core/bytes.hpp"
#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/ranges.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "names.hpp"

namespace navspan::source2 {

// One point of the shared corner pool (version 31+).
class corner : public fixed_record<sizes::vec3> {
public:
    using fixed_record::fixed_record;
    vec3 position() const noexcept { return load_vec3(p_); }
};
using corner_pool = packed_view<corner>;

// One connection of an area's edge: the neighbour and its edge that meets
// this one.
class connection : public fixed_record<sizes::connection> {
public:
    using fixed_record::fixed_record;
    std::uint32_t area_id() const noexcept { return load_u32(p_); }
    std::uint32_t edge_index() const noexcept { return load_u32(p_ + 4); }
};
using connection_list = packed_view<connection>;
using id_list = packed_view<std::uint32_t>;

// A convex polygon of the version 31+ polygon table.
class polygon {
public:
    constexpr polygon() noexcept = default;
    polygon(const std::byte* p, std::uint32_t index, std::uint8_t tail) noexcept : p_(p), index_(index), tail_(tail) {}

    std::uint32_t index() const noexcept { return index_; }
    std::uint8_t corner_count() const noexcept { return load_u8(p_); }
    // Indices into nav_file::corners() (open() proved each in range).
    id_list corner_indices() const noexcept { return {p_ + 1, corner_count()}; }
    // Version 35+: the movable mesh the polygon belongs to (static_world
    // when none).
    std::optional<std::uint32_t> movable_mesh_id() const noexcept {
        if (tail_ == 0) return std::nullopt;
        return load_u32(p_ + 1 + 4 * std::size_t{corner_count()});
    }
    std::size_t size() const noexcept { return 1 + 4 * std::size_t{corner_count()} + tail_; }
    bytes_view bytes() const noexcept { return {p_, size()}; }
    polygon next() const noexcept { return polygon(p_ + size(), index_ + 1, tail_); }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t index_ = 0;
    std::uint8_t tail_ = 0;
};
using polygon_list = sequence_view<polygon>;

// An area's corners in order (edge i runs from corner i to corner i + 1,
// the last back to the first): stored in the area (version 30) or named by
// the area's polygon in the corner pool (31+).
class corner_list : public index_range<corner_list> {
public:
    using value_type = vec3;

    constexpr corner_list() noexcept = default;
    // Version 30: `n` vec3 at `points`.
    static corner_list stored(const std::byte* points, std::uint32_t n) noexcept {
        corner_list c;
        c.points_ = points;
        c.count_ = n;
        return c;
    }
    // Version 31+: `n` u32 indices at `indices` into the pool at `pool`.
    static corner_list pooled(const std::byte* indices, const std::byte* pool, std::uint32_t n) noexcept {
        corner_list c;
        c.indices_ = indices;
        c.points_ = pool;
        c.count_ = n;
        return c;
    }

    std::size_t size() const noexcept { return count_; }
    vec3 operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        if (indices_ == nullptr) return load_vec3(points_ + sizes::vec3 * i);
        return load_vec3(points_ + sizes::vec3 * std::size_t{load_u32(indices_ + 4 * i)});
    }
    // Version 31+: the corner's index in the pool.
    std::optional<std::uint32_t> pool_index(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        if (indices_ == nullptr) return std::nullopt;
        return load_u32(indices_ + 4 * i);
    }
    bool pooled() const noexcept { return indices_ != nullptr; }

private:
    const std::byte* points_ = navspan::detail::empty_view_bytes;
    const std::byte* indices_ = nullptr;
    std::uint32_t count_ = 0;
};

// One edge's connection list, in an area's forward list of edges.
class edge {
public:
    constexpr edge() noexcept = default;
    edge(const std::byte* p, std::uint32_t index) noexcept : p_(p), index_(index) {}
    // Edge i runs from corner i to corner i + 1 (the last to corner 0).
    std::uint32_t index() const noexcept { return index_; }
    connection_list connections() const noexcept { return {p_ + 4, load_u32(p_)}; }
    // Offset-friendly: the u32 count, then the connections.
    bytes_view bytes() const noexcept { return {p_, 4 + sizes::connection * std::size_t{load_u32(p_)}}; }
    edge next() const noexcept { return edge(p_ + 4 + sizes::connection * std::size_t{load_u32(p_)}, index_ + 1); }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t index_ = 0;
};
using edge_list = sequence_view<edge>;

namespace detail {

// How to find polygon i: a fixed stride when every polygon has as many
// corners, else each polygon's offset (built by an area_index), else a walk
// (from the nearest known polygon at or before it).
struct polygon_table {
    const std::byte* first = navspan::detail::empty_view_bytes;
    const std::byte* base = nullptr;            // what `offsets` count from
    const std::uint32_t* offsets = nullptr;     // per-polygon offsets, or null
    std::uint32_t count = 0;
    std::uint32_t stride = 0;                   // record size when uniform, else 0
    std::uint8_t tail = 0;                      // 4 when polygons end in a movable-mesh id
};

// Polygon `target` (< table.count), starting a walk from polygon
// `from_index` at `from` when that is at or before it. `steps` counts the
// polygons walked (what open() charges to its work budget).
inline const std::byte* locate_polygon(const polygon_table& t, std::uint32_t target, std::uint32_t from_index,
                                       const std::byte* from, std::uint64_t* steps = nullptr) noexcept {
    NAVSPAN_ASSERT(target < t.count);
    if (t.stride != 0) return t.first + std::size_t{target} * t.stride;
    if (t.offsets != nullptr) return t.base + t.offsets[target];
    std::uint32_t i = 0;
    const std::byte* p = t.first;
    if (from != nullptr && from_index <= target) {
        i = from_index;
        p = from;
    }
    if (steps != nullptr) *steps += target - i;
    for (; i < target; ++i) p += 1 + 4 * std::size_t{load_u8(p)} + t.tail;
    return p;
}

struct area_context {
    polygon_table polygons{};
    const std::byte* pool = navspan::detail::empty_view_bytes;  // first corner of the pool
    std::uint32_t version = 0;                                  // the layout version
};

}  // namespace detail

// One area: a convex polygon of the mesh of one agent hull.
class area {
public:
    constexpr area() noexcept = default;
    // `p`: the record; `polygon`: its polygon record (version 31+, else null).
    area(const std::byte* p, const std::byte* polygon_record, const detail::area_context& ctx, std::uint32_t index) noexcept
        : p_(p), polygon_(polygon_record), ctx_(ctx), index_(index) {}

    // Position in file order.
    std::uint32_t index() const noexcept { return index_; }
    std::uint32_t id() const noexcept { return load_u32(p_ + fields::area_id); }
    // The stored i64, as bits; attributes() names them (attribute_names).
    std::uint64_t attributes_raw() const noexcept { return load_u64(p_ + fields::area_attributes); }
    flag_set<std::uint64_t> attributes() const noexcept { return {attributes_raw(), attribute_names}; }
    // Which hull of generation_params::hulls() the area was generated for.
    std::uint8_t hull_index() const noexcept { return load_u8(p_ + fields::area_hull); }
    // Version 31+: the polygon (index into nav_file::polygons()).
    std::optional<std::uint32_t> polygon_index() const noexcept {
        if (!gates::has_polygon_table(ctx_.version)) return std::nullopt;
        return load_u32(p_ + fields::area_polygon);
    }
    // The number of corners, which is the number of edges.
    std::uint32_t corner_count() const noexcept {
        return polygon_ != nullptr ? load_u8(polygon_) : load_u32(p_ + fields::area_corner_count);
    }
    std::uint32_t edge_count() const noexcept { return corner_count(); }
    corner_list corners() const noexcept {
        if (polygon_ != nullptr) return corner_list::pooled(polygon_ + 1, ctx_.pool, load_u8(polygon_));
        return corner_list::stored(p_ + fields::area_corners, load_u32(p_ + fields::area_corner_count));
    }
    // The f32 after the corners (meaning unknown; 0 in most files).
    float unknown_float() const noexcept { return load_f32(edges_at() - 4); }

    // Every edge's connection list, in edge order (a forward range).
    edge_list edges() const noexcept { return {edge(edges_at(), 0), corner_count()}; }
    // The connections of one edge (< edge_count()): O(edge).
    connection_list connections(std::uint32_t edge_index) const noexcept {
        NAVSPAN_ASSERT(edge_index < corner_count());
        edge e(edges_at(), 0);
        for (std::uint32_t i = 0; i < edge_index; ++i) e = e.next();
        return e.connections();
    }
    // Connections over every edge.
    std::size_t connection_count() const noexcept {
        std::size_t n = 0;
        for (const edge& e : edges()) n += e.connections().size();
        return n;
    }
    // Ladder ids above (up) and below (down) the area.
    id_list ladder_links(ladder_direction d) const noexcept {
        const std::byte* above = after_edges() + 5;
        if (d == ladder_direction::up) return {above + 4, load_u32(above)};
        const std::byte* below = above + 4 + 4 * std::size_t{load_u32(above)};
        return {below + 4, load_u32(below)};
    }
    // Axis-aligned box of the corners (an empty box at the origin without any).
    box bounds() const noexcept {
        const corner_list c = corners();
        if (c.empty()) return {};
        box b{c[0], c[0]};
        for (std::size_t i = 1; i < c.size(); ++i) {
            const vec3 v = c[i];
            b.min = {v.x < b.min.x ? v.x : b.min.x, v.y < b.min.y ? v.y : b.min.y, v.z < b.min.z ? v.z : b.min.z};
            b.max = {v.x > b.max.x ? v.x : b.max.x, v.y > b.max.y ? v.y : b.max.y, v.z > b.max.z ? v.z : b.max.z};
        }
        return b;
    }
    // The mean of the corners.
    vec3 centroid() const noexcept {
        const corner_list c = corners();
        if (c.empty()) return {};
        double x = 0, y = 0, z = 0;
        for (const vec3 v : c) {
            x += v.x;
            y += v.y;
            z += v.z;
        }
        const auto n = static_cast<double>(c.size());
        return {static_cast<float>(x / n), static_cast<float>(y / n), static_cast<float>(z / n)};
    }

    // The record's bytes (its offset is bytes().data() - file start).
    bytes_view bytes() const noexcept { return {p_, static_cast<std::size_t>(end() - p_)}; }
    // The area after this one in the file (the caller knows there is one).
    area next() const noexcept {
        const std::byte* q = end();
        const std::byte* poly = nullptr;
        if (polygon_ != nullptr) {
            poly = detail::locate_polygon(ctx_.polygons, load_u32(q + fields::area_polygon),
                                          load_u32(p_ + fields::area_polygon), polygon_);
        }
        return area(q, poly, ctx_, index_ + 1);
    }
    const std::byte* polygon_record() const noexcept { return polygon_; }

private:
    const std::byte* edges_at() const noexcept {
        if (polygon_ != nullptr || gates::has_polygon_table(ctx_.version)) return p_ + sizes::area_head;
        return p_ + sizes::area_head + sizes::vec3 * std::size_t{load_u32(p_ + fields::area_corner_count)};
    }
    const std::byte* after_edges() const noexcept {
        const std::byte* q = edges_at();
        for (std::uint32_t i = corner_count(); i > 0; --i) q += 4 + sizes::connection * std::size_t{load_u32(q)};
        return q;
    }
    const std::byte* end() const noexcept {
        const std::byte* q = after_edges() + 5;
        q += 4 + 4 * std::size_t{load_u32(q)};
        q += 4 + 4 * std::size_t{load_u32(q)};
        return q;
    }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    const std::byte* polygon_ = nullptr;
    detail::area_context ctx_{};
    std::uint32_t index_ = 0;
};
using area_list = sequence_view<area>;

class ladder {
public:
    constexpr ladder() noexcept = default;
    ladder(const std::byte* p, std::uint32_t version) noexcept : p_(p), version_(version) {}

    std::uint32_t id() const noexcept { return load_u32(p_ + fields::ladder_id); }
    float width() const noexcept { return load_f32(p_ + fields::ladder_width); }
    vec3 top() const noexcept { return load_vec3(p_ + fields::ladder_top); }
    vec3 bottom() const noexcept { return load_vec3(p_ + fields::ladder_bottom); }
    float length() const noexcept { return load_f32(p_ + fields::ladder_length); }
    // The stored direction (any u32; facing() names 0 to 3).
    std::uint32_t direction_raw() const noexcept { return load_u32(p_ + fields::ladder_direction); }
    std::optional<source2::direction> facing() const noexcept {
        const auto d = direction_raw();
        if (d > 3) return std::nullopt;
        return static_cast<source2::direction>(d);
    }
    // How many area ids the record holds: 5, or 7 from version 35.
    std::size_t connection_count() const noexcept { return gates::has_movable_meshes(version_) ? 7 : 5; }
    // The area id at one end (0 = none); bottom_left and bottom_right are 0
    // before version 35 (not stored).
    std::uint32_t connected_area(ladder_connection c) const noexcept {
        const auto i = static_cast<std::size_t>(c);
        if (i >= connection_count()) return 0;
        return load_u32(p_ + fields::ladder_areas + 4 * i);
    }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t version_ = 0;
};
using ladder_list = strided_view<ladder, std::uint32_t>;

// One transformed-bounds entry: a box and a 3x4 matrix (row-major).
class transformed_bounds : public fixed_record<sizes::transformed_bounds> {
public:
    using fixed_record::fixed_record;
    box bounds() const noexcept { return {load_vec3(p_), load_vec3(p_ + 12)}; }
    // matrix()[row * 4 + column].
    std::array<float, 12> matrix() const noexcept {
        std::array<float, 12> m{};
        for (std::size_t i = 0; i < 12; ++i) m[i] = load_f32(p_ + 24 + 4 * i);
        return m;
    }
};
using transformed_bounds_list = packed_view<transformed_bounds>;

// One agent hull's generation settings. Fields a generation version does
// not store are nullopt.
class hull {
public:
    constexpr hull() noexcept = default;
    hull(const std::byte* p, std::int32_t navgen) noexcept : p_(p), navgen_(navgen) {}

    std::optional<bool> enabled() const noexcept {
        if (!navgen::has_hull_switches(navgen_)) return std::nullopt;
        return load_u8(p_) != 0;
    }
    float radius() const noexcept { return load_f32(p_ + radius_at()); }
    float height() const noexcept { return load_f32(p_ + radius_at() + 4); }
    std::optional<bool> short_height_enabled() const noexcept {
        if (!navgen::has_hull_switches(navgen_)) return std::nullopt;
        return load_u8(p_ + radius_at() + 8) != 0;
    }
    std::optional<float> short_height() const noexcept {
        if (!navgen::has_hull_switches(navgen_)) return std::nullopt;
        return load_f32(p_ + radius_at() + 9);
    }
    std::optional<bool> crawl_enabled() const noexcept {
        if (!navgen::has_crawl(navgen_)) return std::nullopt;
        return load_u8(p_ + crawl_at()) != 0;
    }
    std::optional<float> crawl_height() const noexcept {
        if (!navgen::has_crawl(navgen_)) return std::nullopt;
        return load_f32(p_ + crawl_at() + 1);
    }
    float max_climb() const noexcept { return load_f32(p_ + climb_at()); }
    std::int32_t max_slope() const noexcept { return load_i32(p_ + climb_at() + 4); }
    float max_jump_down() const noexcept { return load_f32(p_ + climb_at() + 8); }
    float max_jump_horizontal() const noexcept { return load_f32(p_ + climb_at() + 12); }
    float max_jump_up() const noexcept { return load_f32(p_ + climb_at() + 16); }
    std::optional<std::int32_t> border_erosion() const noexcept {
        if (!navgen::has_border_erosion(navgen_)) return std::nullopt;
        return load_i32(p_ + climb_at() + 20);
    }

private:
    std::size_t radius_at() const noexcept { return navgen::has_hull_switches(navgen_) ? 1 : 0; }
    std::size_t crawl_at() const noexcept { return radius_at() + 8 + (navgen::has_hull_switches(navgen_) ? 5 : 0); }
    std::size_t climb_at() const noexcept { return crawl_at() + (navgen::has_crawl(navgen_) ? 5 : 0); }

    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::int32_t navgen_ = 0;
};
using hull_list = strided_view<hull, std::int32_t>;

// One movable-mesh entry (version 35+; no known file has one, so the
// layout is the spec's: a NUL-terminated id and 48 bytes, probably a 3x4
// transform).
class movable_mesh {
public:
    constexpr movable_mesh() noexcept = default;
    movable_mesh(const std::byte* p, std::uint32_t index) noexcept : p_(p), index_(index) {}
    std::uint32_t index() const noexcept { return index_; }
    // The id before its NUL (open() proved the NUL is there).
    std::string_view id() const noexcept {
        const auto* s = reinterpret_cast<const char*>(p_);
        return {s, std::char_traits<char>::length(s)};
    }
    std::array<float, 12> transform() const noexcept {
        std::array<float, 12> m{};
        const std::byte* t = p_ + id().size() + 1;
        for (std::size_t i = 0; i < 12; ++i) m[i] = load_f32(t + 4 * i);
        return m;
    }
    std::size_t size() const noexcept { return id().size() + 1 + sizes::movable_mesh_transform; }
    bytes_view bytes() const noexcept { return {p_, size()}; }
    movable_mesh next() const noexcept { return movable_mesh(p_ + size(), index_ + 1); }

private:
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::uint32_t index_ = 0;
};
using movable_mesh_list = sequence_view<movable_mesh>;

}  // namespace navspan::source2

template <>
inline constexpr bool std::ranges::enable_borrowed_range<navspan::source2::corner_list> = true;
#include "../core/min_max_pop.hpp"
