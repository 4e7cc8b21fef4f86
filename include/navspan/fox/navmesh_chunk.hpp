// navspan/fox/navmesh_chunk.hpp - NavmeshChunk (entry type 1): faces and vertices.
// (docs/formats/fox.md has the layout and the accessor of every field.)
//
// Payload header (32 bytes): u32 ss1Offset, ss2Offset, ss3Offset; u16 uu[6];
// u16 faceCount, vertexCount, u4, u5.
//   ss1 Vertex[vertexCount]           quantised
//   ss2 u32 faceWord[faceCount]       bits 0-17: record offset from ss3 in
//       2-byte units; bit 18: quad; bit 19: 0; bits 20-31: segment
//   ss3 face records, n = 3 (4 for a quad):
//       u16 adjacency[n], u8 vertex[n] (segment-local), u8 edgeId[n]
//       (segment-local NavWorld node), then u16 extA[n] + u16 extB[n] only
//       if some adjacency is 0x4000 + f or 0xBFFF.
// Adjacency: 0xFFFF none; < 0x4000 a face of this group; 0x4000 + f face f
// of group extA (this file or its split partner); 0xBFFF the edge continues
// into tile extB, group extA.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../core/config.hpp"
#include "../core/endian.hpp"
#include "../core/named_values.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "fields.hpp"
#include "group_context.hpp"

namespace navspan::fox {

namespace face_word {
inline constexpr std::uint32_t offset_mask = 0x3FFFF;
inline constexpr std::uint32_t quad_bit = 1u << 18;
inline constexpr std::uint32_t bit19 = 1u << 19;
inline constexpr unsigned segment_shift = 20;
}  // namespace face_word

namespace adjacency_value {
inline constexpr std::uint16_t none = 0xFFFF;
inline constexpr std::uint16_t other_tile = 0xBFFF;
inline constexpr std::uint16_t other_group_flag = 0x4000;
inline constexpr std::uint16_t face_mask = 0x3FFF;
}  // namespace adjacency_value

enum class neighbour_kind : std::uint8_t { none, same_group, other_group, other_tile, invalid };

inline constexpr named_value neighbour_kind_names[] = {
    {0, "none"}, {1, "same_group"}, {2, "other_group"}, {3, "other_tile"}, {4, "invalid"}};

constexpr std::string_view to_string(neighbour_kind k) noexcept { return name_of(neighbour_kind_names, k); }

constexpr neighbour_kind classify_adjacency(std::uint16_t v) noexcept {
    if (v == adjacency_value::none) return neighbour_kind::none;
    if (v == adjacency_value::other_tile) return neighbour_kind::other_tile;
    if ((v & 0x8000) != 0) return neighbour_kind::invalid;
    if ((v & adjacency_value::other_group_flag) != 0) return neighbour_kind::other_group;
    return neighbour_kind::same_group;
}

// Whether a face record carries extA/extB (some edge leaves the group): an
// adjacency 0x4000 + f (bits 15-14 = 01) or 0xBFFF.
constexpr bool needs_extension(std::uint16_t v) noexcept {
    return (v & 0xC000u) == adjacency_value::other_group_flag || v == adjacency_value::other_tile;
}

namespace detail {

// needs_extension() of the four u16 lanes of `adjacency` (little-endian
// words 0-3 of a face record) at once, lane 3 only for a quad:
//   01xx xxxx xxxx xxxx: bit 14 set and bit 15 clear, ((w << 1) & ~w) bit 15;
//   0xBFFF: the lane of w ^ 0xBFFF is zero, found by the borrow test
//   (x - 1) & ~x bit 15, which can also flag a lane above a zero lane, but
//   only when some lane is already found.
constexpr bool any_needs_extension(std::uint64_t adjacency, bool quad) noexcept {
    constexpr std::uint64_t high_bits = 0x8000800080008000u, low_bits = 0x0001000100010001u;
    const std::uint64_t w = adjacency;
    const std::uint64_t other_group = (w << 1) & ~w;
    const std::uint64_t x = w ^ 0xBFFFBFFFBFFFBFFFu;
    const std::uint64_t other_tile = (x - low_bits) & ~x;
    const std::uint64_t lanes = quad ? high_bits : 0x0000800080008000u;
    return ((other_group | other_tile) & lanes) != 0;
}

}  // namespace detail

// What lies across one edge of a face.
class face_neighbour {
public:
    constexpr face_neighbour(std::uint16_t raw, bool has_ext, std::uint16_t ext_a, std::uint16_t ext_b) noexcept
        : raw_(raw), ext_a_(ext_a), ext_b_(ext_b), has_ext_(has_ext) {}

    constexpr std::uint16_t raw() const noexcept { return raw_; }
    constexpr neighbour_kind kind() const noexcept { return classify_adjacency(raw_); }
    // same_group: the face (verified < face count); other_group: the face in
    // group(), verified when that group is in this file.
    constexpr std::uint16_t face() const noexcept {
        NAVSPAN_ASSERT(kind() == neighbour_kind::same_group || kind() == neighbour_kind::other_group);
        return static_cast<std::uint16_t>(raw_ & adjacency_value::face_mask);
    }
    // other_group: that group's id (verified <= 255); other_tile: the
    // neighbour tile's group (0-3 in game files).
    constexpr std::uint16_t group() const noexcept {
        NAVSPAN_ASSERT(kind() == neighbour_kind::other_group || kind() == neighbour_kind::other_tile);
        return ext_a_;
    }
    // other_tile: the neighbour tile id (own +- 1 or +- 64 in game files).
    constexpr std::uint16_t tile_id() const noexcept {
        NAVSPAN_ASSERT(kind() == neighbour_kind::other_tile);
        return ext_b_;
    }
    // The record's extension words for this edge (raw; 0 when the record
    // has no extension).
    constexpr bool has_extension() const noexcept { return has_ext_; }
    constexpr std::uint16_t ext_a() const noexcept { return ext_a_; }
    constexpr std::uint16_t ext_b() const noexcept { return ext_b_; }

private:
    std::uint16_t raw_;
    std::uint16_t ext_a_;
    std::uint16_t ext_b_;
    bool has_ext_;
};

// The 3 (or 4) neighbours of a face, by value.
struct face_neighbours {
    face_neighbour items[4] = {{0xFFFF, false, 0, 0}, {0xFFFF, false, 0, 0}, {0xFFFF, false, 0, 0}, {0xFFFF, false, 0, 0}};
    std::size_t count = 0;

    std::size_t size() const noexcept { return count; }
    const face_neighbour& operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count);
        return items[i];
    }
    const face_neighbour* begin() const noexcept { return items; }
    const face_neighbour* end() const noexcept { return items + count; }
};

// The 3 (or 4) corners of a face in world space: a lazy view, each position
// dequantised when read. It holds the segment's vertices (looked up once by
// face::corners()), the record's vertex bytes and a copy of the
// quantisation, so a loop over the corners keeps the quantisation in
// registers and does no more than a hand-written loop would.
class face_corners : public index_range<face_corners> {
public:
    using value_type = vec3;

    constexpr face_corners() noexcept = default;
    constexpr face_corners(const std::byte* segment_vertices, const std::byte* local, std::size_t count,
                           const quantization& q) noexcept
        : segment_vertices_(segment_vertices), local_(local), count_(count), quant_(q) {}

    constexpr std::size_t size() const noexcept { return count_; }
    vec3 operator[](std::size_t i) const noexcept { return quant_.to_world(quantized(i)); }
    quantized_point quantized(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return load_quantized(segment_vertices_ + std::size_t{load_u8(local_ + i)} * point_size);
    }

private:
    const std::byte* segment_vertices_ = navspan::detail::empty_view_bytes;
    const std::byte* local_ = navspan::detail::empty_view_bytes;
    std::size_t count_ = 0;
    quantization quant_{};
};

// The mesh vertices (face::vertices()) or NavWorld nodes (face::edge_nodes())
// of a face's 3 or 4 corners: the record's segment-local bytes plus the
// first index of the face's segment, which the face looked up once. A lazy
// view (element i is read when asked), so reading every corner costs a byte
// load and an add each.
class face_index_list : public index_range<face_index_list> {
public:
    using value_type = std::uint32_t;

    constexpr face_index_list() noexcept = default;
    constexpr face_index_list(const std::byte* local, std::uint32_t first, std::size_t count) noexcept
        : local_(local), first_(first), count_(count) {}

    constexpr std::size_t size() const noexcept { return count_; }
    std::uint32_t operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return first_ + load_u8(local_ + i);
    }
    // The segment's first vertex or node (what the stored bytes count from).
    constexpr std::uint32_t segment_first() const noexcept { return first_; }
    // The stored segment-local bytes, one per corner.
    constexpr std::span<const std::byte> local_bytes() const noexcept { return {local_, count_}; }

private:
    const std::byte* local_ = navspan::detail::empty_view_bytes;
    std::uint32_t first_ = 0;
    std::size_t count_ = 0;
};

// A mesh vertex.
class mesh_vertex : public detail::positioned_element<&detail::group_context::vertices> {
public:
    using positioned_element::positioned_element;
};

// A face: 3 corners (4 for a quad), each with its neighbour across the edge
// that starts at it, the mesh vertex and the NavWorld node of that edge.
// Record layout: fields::face_record (arrays at multiples of the corner count).
class face : public detail::group_element {
public:
    face(const detail::group_context* g, std::uint32_t index) noexcept
        : group_element(g, index), word_(load_u32(g->face_words + face_word_size * std::size_t{index})) {}

    std::uint32_t word() const noexcept { return word_; }
    // Byte offset of the record from ss3.
    std::uint32_t record_offset() const noexcept { return (word_ & face_word::offset_mask) * 2; }
    bool is_quad() const noexcept { return (word_ & face_word::quad_bit) != 0; }
    bool bit19() const noexcept { return (word_ & face_word::bit19) != 0; }
    std::size_t corner_count() const noexcept { return is_quad() ? 4 : 3; }
    // The segment as the word stores it (0 in Obj2Nav2 files).
    std::uint32_t segment_bits() const noexcept { return word_ >> face_word::segment_shift; }
    // The face's segment (verified against the SegmentChunk ranges).
    std::uint32_t segment() const noexcept { return g_->segment_of_face(index_, word_); }

    // Whether the record carries the extension words (some edge leaves the
    // group): needs_extension() of the 3 or 4 adjacency words at once, on one
    // 64-bit load (a record has at least 12 bytes, so the load stays inside
    // it; a triangle's fourth lane holds vertex bytes and is masked off).
    bool has_extension() const noexcept { return detail::any_needs_extension(load_u64(record()), is_quad()); }
    face_neighbour neighbour(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < corner_count());
        return neighbour_at(i, has_extension());
    }
    // All neighbours at once (the extension test done once). Every item is
    // written once: a triangle's fourth is the "none" the default holds.
    face_neighbours neighbours() const noexcept {
        const bool extension = has_extension();
        const bool quad = is_quad();
        return face_neighbours{{neighbour_at(0, extension), neighbour_at(1, extension), neighbour_at(2, extension),
                                quad ? neighbour_at(3, extension) : face_neighbour(adjacency_value::none, false, 0, 0)},
                               quad ? std::size_t{4} : std::size_t{3}};
    }
    // The vertex byte as stored (local to the segment).
    std::uint8_t local_vertex(std::size_t i) const noexcept { return column_byte(fields::face_record::vertex, i); }
    // The mesh vertex of corner i (verified < vertex count).
    std::uint32_t vertex(std::size_t i) const noexcept { return g_->vertex_offset(segment()) + local_vertex(i); }
    // The mesh vertices of all corners, the segment looked up once (as
    // neighbours() and corners() do; vertex(i) looks it up per call).
    face_index_list vertices() const noexcept {
        return column_list(fields::face_record::vertex, g_->vertex_offset(segment()));
    }
    quantized_point corner_quantized(std::size_t i) const noexcept {
        return load_quantized(g_->vertices + std::size_t{vertex(i)} * point_size);
    }
    // World position of corner i, dequantised now.
    vec3 corner(std::size_t i) const noexcept { return g_->quant.to_world(corner_quantized(i)); }
    // All corners (the segment's vertices found once), each dequantised
    // when read.
    face_corners corners() const noexcept {
        const std::size_t n = corner_count();
        return {g_->vertices + std::size_t{g_->vertex_offset(segment())} * point_size,
                record() + fields::face_record::vertex * n, n, g_->quant};
    }

    // The edge id byte as stored: the segment-local NavWorld node of the
    // edge from corner i to corner i + 1.
    std::uint8_t edge_id(std::size_t i) const noexcept { return column_byte(fields::face_record::edge, i); }
    // That NavWorld node as a group node index (verified inside the segment).
    std::uint32_t edge_node(std::size_t i) const noexcept { return g_->first_node(segment()) + edge_id(i); }
    // The NavWorld nodes of all edges, the segment looked up once.
    face_index_list edge_nodes() const noexcept { return column_list(fields::face_record::edge, g_->first_node(segment())); }

    // The record's bytes: 4n, or 8n with the extension.
    std::span<const std::byte> record_bytes() const noexcept {
        return {record(), (has_extension() ? fields::face_record::size_with_extension : fields::face_record::size) *
                              corner_count()};
    }

private:
    const std::byte* record() const noexcept { return g_->face_records + record_offset(); }
    // Byte i of a column of the record (its vertex or edge id bytes, one
    // per corner), and the whole column with `first` (the segment's first
    // vertex or node) added to each byte.
    std::uint8_t column_byte(std::size_t column, std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < corner_count());
        return load_u8(record() + column * corner_count() + i);
    }
    face_index_list column_list(std::size_t column, std::uint32_t first) const noexcept {
        const std::size_t n = corner_count();
        return {record() + column * n, first, n};
    }
    face_neighbour neighbour_at(std::size_t i, bool extension) const noexcept {
        namespace f = fields::face_record;
        const std::size_t n = corner_count();
        const std::byte* r = record();
        const std::uint16_t raw = load_u16(r + f::adjacency * n + 2 * i);
        if (!extension) return face_neighbour(raw, false, 0, 0);
        return face_neighbour(raw, true, load_u16(r + f::ext_a * n + 2 * i), load_u16(r + f::ext_b * n + 2 * i));
    }

    std::uint32_t word_;
};

using mesh_vertex_list = group_element_list<mesh_vertex>;
using face_list = group_element_list<face>;

// A group's NavmeshChunk entry. Points at the group view it came from.
class navmesh_chunk : public detail::group_entry {
public:
    using group_entry::group_entry;

    std::uint16_t face_count() const noexcept { return g_->face_count; }
    std::uint16_t vertex_count() const noexcept { return g_->vertex_count; }

    mesh_vertex_list vertices() const noexcept { return {g_, vertex_count()}; }
    face_list faces() const noexcept { return {g_, face_count()}; }
    mesh_vertex vertex(std::size_t i) const noexcept { return vertices()[i]; }
    face face_at(std::size_t i) const noexcept { return faces()[i]; }
    packed_view<std::uint32_t> face_words() const noexcept { return {g_->face_words, face_count()}; }
    // True when face words carry their segment (game files).
    bool face_segment_bits() const noexcept { return (g_->modes & detail::mode_face_segment_bits) != 0; }

    std::uint32_t ss1_offset() const noexcept { return load_u32(g_->navmesh + fields::navmesh::ss1); }
    std::uint32_t ss2_offset() const noexcept { return load_u32(g_->navmesh + fields::navmesh::ss2); }
    std::uint32_t ss3_offset() const noexcept { return load_u32(g_->navmesh + fields::navmesh::ss3); }
    // The six u16 after the offsets (0 in every file).
    std::uint16_t uu(std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < 6);
        return load_u16(g_->navmesh + fields::navmesh::uu + 2 * i);
    }
    std::uint16_t u4() const noexcept { return load_u16(g_->navmesh + fields::navmesh::u4); }
    std::uint16_t u5() const noexcept { return load_u16(g_->navmesh + fields::navmesh::u5); }
};

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
