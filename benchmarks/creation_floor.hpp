// The hand-written floors of the NVNM rows (on inflated NVNM payloads):
//   floor_open      every check nvnm::open() makes in the layout navspan
//                   chose (CRCs, every list against the bytes and
//                   limits::max_count, grid cells, no bytes left over, every
//                   vertex, neighbour, edge link, door, cover and waypoint
//                   index in range), as plain loops
//   floor_traverse  every field the "traverse nvnm" row reads through the
//                   public accessors, read from the bytes, folded the same way
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include <navspan/core/endian.hpp>
#include <navspan/core/limits.hpp>

#include "fold.hpp"

namespace navspan_bench::creation_floor {

using navspan_bench::fold;

// The layout parameters (copied from navspan's nvnm::layout outside timing).
struct layout {
    std::size_t vertex = 12, triangle = 16, edge_link = 10, cover = 0;
    bool cover_triangles = true, waypoints = false, trailer = false;
};

// Where the lists are: what floor_open finds and floor_traverse reads.
struct lists {
    const std::byte* at[8] = {};  // vertices, triangles, edge links, doors, cover triangles, covers, mappings, waypoints
    std::size_t count[8] = {};
    const std::byte* grid = nullptr;
    bool ok = false;
};

inline std::uint64_t open_checksum(std::size_t triangles, std::size_t vertices, std::uint32_t divisor) noexcept {
    return std::uint64_t{triangles} ^ std::uint64_t{vertices} << 20 ^ std::uint64_t{divisor} << 40;
}

inline lists floor_open(std::span<const std::byte> bytes, const layout& l, const navspan::limits& lim) noexcept {
    lists out;
    const std::byte* p = bytes.data();
    const std::byte* end = p + bytes.size();
    auto left = [&] { return static_cast<std::size_t>(end - p); };
    if (left() < 16 || load_u32(p + 4) != 0xA5E9A03Cu) return out;
    p += 16;
    const std::size_t strides[8] = {l.vertex, l.triangle, l.edge_link, 10, 2, l.cover, 4, 18};
    const bool present[8] = {true, true, true, true, l.cover_triangles, l.cover != 0, l.waypoints, l.waypoints};
    for (int i = 0; i < 8; ++i) {
        if (!present[i]) continue;
        if (left() < 4) return out;
        const std::size_t n = load_u32(p);
        p += 4;
        if (n > lim.max_count || n > left() / strides[i]) return out;
        out.at[i] = p;
        out.count[i] = n;
        p += n * strides[i];
    }
    const std::size_t vertices = out.count[0], triangles = out.count[1], edge_links = out.count[2];
    if (left() < 36) return out;
    out.grid = p;
    const std::uint64_t divisor = load_u32(p);
    p += 36;
    const std::uint64_t cells = divisor * divisor;
    if (cells > lim.max_count || cells > left() / 4) return out;
    for (std::uint64_t c = 0; c < cells; ++c) {
        if (left() < 4) return out;
        const std::size_t n = load_u32(p);
        p += 4;
        if (n > lim.max_count || n > left() / 2) return out;
        for (std::size_t k = 0; k < n; ++k) {
            if (load_u16(p + 2 * k) >= triangles) return out;
        }
        p += 2 * n;
    }
    if (l.trailer) {
        if (left() < 4) return out;
        p += 4;
    }
    if (p != end) return out;
    const std::size_t flags_at = l.triangle == 21 ? 17 : 12;
    for (std::size_t i = 0; i < triangles; ++i) {
        const std::byte* t = out.at[1] + i * l.triangle;
        if (load_u16(t) >= vertices || load_u16(t + 2) >= vertices || load_u16(t + 4) >= vertices) return out;
        const unsigned flags = load_u16(t + flags_at);
        for (unsigned e = 0; e < 3; ++e) {
            const std::uint32_t v = load_u16(t + 6 + 2 * e);
            if ((flags >> e) & 1u ? v >= edge_links : v != 0xFFFF && v >= triangles) return out;
        }
    }
    for (std::size_t i = 0; i < out.count[3]; ++i) {
        const std::byte* d = out.at[3] + i * 10;
        if (load_u16(d) >= triangles || load_u32(d + 2) != 0xE48B73F3u) return out;
    }
    for (std::size_t i = 0; i < out.count[4]; ++i) {
        if (load_u16(out.at[4] + 2 * i) >= triangles) return out;
    }
    for (std::size_t i = 0; i < out.count[6]; ++i) {
        const std::byte* m = out.at[6] + 4 * i;
        if ((load_u16(m) >> 2) >= triangles || load_u16(m + 2) >= out.count[5]) return out;
    }
    for (std::size_t i = 0; i < out.count[7]; ++i) {
        const std::uint32_t t = load_u16(out.at[7] + 18 * i + 12);
        if (t != 0xFFFF && t >= triangles) return out;
    }
    out.ok = true;
    return out;
}

inline std::uint64_t floor_traverse(std::span<const std::byte> bytes, const layout& l, const lists& s) noexcept {
    fold f;
    const std::byte* b = bytes.data();
    auto vec = [&](const std::byte* p) { f.add_v(load_f32(p), load_f32(p + 4), load_f32(p + 8)); };
    f.add_u(load_u32(b));
    f.add_u(load_u32(b + 4));
    f.add_u(load_u32(b + 8));
    f.add_u(load_u32(b + 12));
    for (std::size_t i = 0; i < s.count[0]; ++i) {
        const std::byte* v = s.at[0] + i * l.vertex;
        vec(v);
        if (l.vertex == 16) f.add_u(load_u32(v + 12));
    }
    const bool wide = l.triangle == 21;
    for (std::size_t i = 0; i < s.count[1]; ++i) {
        const std::byte* t = s.at[1] + i * l.triangle;
        for (int k = 0; k < 6; ++k) f.add_u(load_u16(t + 2 * k));
        f.add_u(load_u16(t + (wide ? 17 : 12)));
        f.add_u(load_u16(t + (wide ? 19 : 14)));
        if (wide) {
            f.add_f(load_f32(t + 12));
            f.add_u(load_u8(t + 16));
        }
    }
    for (std::size_t i = 0; i < s.count[2]; ++i) {
        const std::byte* e = s.at[2] + i * l.edge_link;
        f.add_u(load_u32(e));
        f.add_u(load_u32(e + 4));
        f.add_u(load_u16(e + 8));
        if (l.edge_link == 11) f.add_u(load_u8(e + 10));
    }
    for (std::size_t i = 0; i < s.count[3]; ++i) {
        const std::byte* d = s.at[3] + i * 10;
        f.add_u(load_u16(d));
        f.add_u(load_u32(d + 2));
        f.add_u(load_u32(d + 6));
    }
    for (std::size_t i = 0; i < s.count[4]; ++i) f.add_u(load_u16(s.at[4] + 2 * i));
    for (std::size_t i = 0; i < s.count[5]; ++i) {
        const std::byte* c = s.at[5] + i * l.cover;
        f.add_u(load_u16(c));
        f.add_u(load_u16(c + 2));
        f.add_u(l.cover - 4);
    }
    for (std::size_t i = 0; i < s.count[6]; ++i) {
        f.add_u(load_u16(s.at[6] + 4 * i));
        f.add_u(load_u16(s.at[6] + 4 * i + 2));
    }
    for (std::size_t i = 0; i < s.count[7]; ++i) {
        const std::byte* w = s.at[7] + i * 18;
        vec(w);
        f.add_u(load_u16(w + 12));
        f.add_u(load_u32(w + 14));
    }
    const std::byte* g = s.grid;
    const std::size_t divisor = load_u32(g);
    f.add_u(divisor);
    f.add_f(load_f32(g + 4));
    f.add_f(load_f32(g + 8));
    vec(g + 12);
    vec(g + 24);
    const std::byte* cell = g + 36;
    for (std::size_t c = 0; c < divisor * divisor; ++c) {
        const std::size_t n = load_u32(cell);
        f.add_u(n);
        for (std::size_t k = 0; k < n; ++k) f.add_u(load_u16(cell + 4 + 2 * k));
        cell += 4 + 2 * n;
    }
    if (l.trailer) f.add_u(load_u32(b + bytes.size() - 4));
    return f.value();
}

// From every triangle to each neighbour across its edges (not edge links,
// not none) and that neighbour's first vertex x and flags, summed into a, b.
inline void floor_neighbours(const layout& l, const lists& s, std::uint64_t& a, std::uint64_t& b) noexcept {
    const std::size_t flags_at = l.triangle == 21 ? 17 : 12;
    for (std::size_t i = 0; i < s.count[1]; ++i) {
        const std::byte* t = s.at[1] + i * l.triangle;
        const unsigned flags = load_u16(t + flags_at);
        for (unsigned e = 0; e < 3; ++e) {
            const std::size_t n = load_u16(t + 6 + 2 * e);
            if (((flags >> e) & 1u) != 0 || n == 0xFFFF) continue;
            const std::byte* other = s.at[1] + n * l.triangle;
            a += std::bit_cast<std::uint32_t>(load_f32(s.at[0] + std::size_t{load_u16(other)} * l.vertex));
            b += load_u16(other + flags_at);
        }
    }
}

}  // namespace navspan_bench::creation_floor
