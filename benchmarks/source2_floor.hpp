// The hand-written floors of the Source 2 rows (source2_rows.hpp): what a
// careful programmer writes for one file layout with no library: a pointer
// walk doing the same checks as nav_file::open (every count against the
// bytes, polygon corner indices, area polygon indices, legacy counts, KV3
// blobs stepped over, the exact end), then plain loops over the verified
// bytes. It knows only files whose polygons share one size (every known
// file); for others it returns nullopt and the rows run without a floor.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include <navspan/core/limits.hpp>

#include "fold.hpp"

namespace navspan_bench::source2_floor {

struct layout {
    std::uint32_t version = 0;
    const std::byte* pool = nullptr;
    const std::byte* polygons = nullptr;
    std::uint32_t polygon_count = 0;
    std::size_t polygon_stride = 0;  // 0: polygons of mixed sizes, found through polygon_offsets
    std::vector<std::uint32_t> polygon_offsets;  // from `polygons`, when the sizes are mixed
    std::size_t areas_at = 0;  // the first area record
    std::uint32_t area_count = 0;
    std::size_t end_at = 0;
};

namespace detail {

struct cursor {
    const std::byte* p;
    const std::byte* end;
    std::size_t left() const noexcept { return static_cast<std::size_t>(end - p); }
    bool u32(std::uint32_t& v) noexcept {
        if (left() < 4) return false;
        v = load_u32(p);
        p += 4;
        return true;
    }
    bool skip(std::uint64_t n) noexcept {
        if (n > left()) return false;
        p += n;
        return true;
    }
};

// The KV3 step-over table of docs/formats/source2.md.
inline bool skip_kv3(cursor& c, const std::byte* file, bool last) noexcept {
    const auto at = static_cast<std::size_t>(c.p - file);
    if (!c.skip((8 - at % 8) % 8) || c.left() < 4) return false;
    const std::uint32_t m = load_u32(c.p);
    if (m != 0x4B563304u && m != 0x4B563305u) return false;
    const bool v5 = m == 0x4B563305u;
    const std::size_t header = v5 ? 120 : 72;
    if (c.left() < header) return false;
    auto i32 = [&](std::size_t o) { return static_cast<std::int32_t>(load_u32(c.p + o)); };
    const std::uint32_t method = load_u32(c.p + 20);
    const std::int32_t blocks = i32(56), blob = i32(60);
    if (method > 2 || blocks < 0 || blob < 0) return false;
    std::int64_t body = 0;
    if (method == 0) {
        if (v5 && (i32(72) < 0 || i32(80) < 0)) return false;
        body = v5 ? std::int64_t{i32(72)} + i32(80) : i32(48);
        if (blocks > 0) body += std::int64_t{blob} + 4;
    } else if (method == 2 && v5) {
        body = std::int64_t{i32(52)} + (blocks > 0 ? 4 : 0);
    } else if (blocks == 0) {
        body = v5 ? std::int64_t{i32(76)} + i32(84) : i32(52);
    } else {
        if (!last) return false;
        body = static_cast<std::int64_t>(c.left() - header);
    }
    if (body < 0 || (!v5 && i32(48) < 0) || i32(52) < 0) return false;
    return c.skip(header + static_cast<std::uint64_t>(body));
}

inline bool skip_string(cursor& c) noexcept {
    const void* nul = std::memchr(c.p, 0, c.left());
    if (nul == nullptr) return false;
    c.p = static_cast<const std::byte*>(nul) + 1;
    return true;
}

}  // namespace detail

inline std::optional<layout> floor_open(std::span<const std::byte> bytes, const navspan::limits& lim) noexcept {
    using detail::cursor;
    cursor c{bytes.data(), bytes.data() + bytes.size()};
    std::uint32_t magic = 0, version = 0, sub = 0, flags = 0;
    if (!c.u32(magic) || !c.u32(version) || !c.u32(sub) || !c.u32(flags)) return std::nullopt;
    if (magic != 0xFEEDFACEu || version < 30 || version > 36) return std::nullopt;
    const std::uint32_t v = version == 33 || version == 34 ? 32 : version;
    layout out;
    out.version = v;
    if (v >= 36 && !detail::skip_kv3(c, bytes.data(), false)) return std::nullopt;
    std::uint32_t corners = 0;
    const std::size_t tail = v >= 35 ? 4 : 0;
    if (v >= 31) {
        if (!c.u32(corners) || corners > lim.max_count || corners > c.left() / 12) return std::nullopt;
        out.pool = c.p;
        c.p += std::size_t{corners} * 12;
        std::uint32_t n = 0;
        if (!c.u32(n) || n > lim.max_count || n > c.left() / (1 + tail)) return std::nullopt;
        out.polygons = c.p;
        out.polygon_count = n;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (c.left() < 1) return std::nullopt;
            const std::size_t k = load_u8(c.p);
            const std::size_t size = 1 + 4 * k + tail;
            if (size > c.left()) return std::nullopt;
            for (std::size_t j = 0; j < k; ++j) {
                if (load_u32(c.p + 1 + 4 * j) >= corners) return std::nullopt;
            }
            // Polygons of one size are found by stride; the first of another
            // size turns on the offset table (CS2's maps mix sizes).
            if (i == 0) {
                out.polygon_stride = size;
            } else if (out.polygon_stride != 0 && size != out.polygon_stride) {
                out.polygon_offsets.reserve(n);
                for (std::uint32_t j = 0; j < i; ++j) out.polygon_offsets.push_back(static_cast<std::uint32_t>(j * out.polygon_stride));
                out.polygon_stride = 0;
            }
            if (out.polygon_stride == 0) out.polygon_offsets.push_back(static_cast<std::uint32_t>(c.p - out.polygons));
            c.p += size;
        }
    }
    if (v >= 32 && !c.skip(4)) return std::nullopt;
    if (v >= 35) {
        std::uint32_t n = 0;
        if (!c.u32(n) || n > lim.max_count || n > c.left() / 49) return std::nullopt;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!detail::skip_string(c) || !c.skip(48)) return std::nullopt;
        }
    }
    if (v >= 36 && !detail::skip_kv3(c, bytes.data(), false)) return std::nullopt;
    std::uint32_t areas = 0;
    if (!c.u32(areas) || areas > lim.max_count || areas > c.left() / 34) return std::nullopt;
    out.areas_at = static_cast<std::size_t>(c.p - bytes.data());
    out.area_count = areas;
    for (std::uint32_t i = 0; i < areas; ++i) {
        if (c.left() < 17) return std::nullopt;
        std::size_t k = 0;
        if (v >= 31) {
            const std::uint32_t poly = load_u32(c.p + 13);
            if (poly >= out.polygon_count) return std::nullopt;
            k = load_u8(out.polygon_stride != 0 ? out.polygons + std::size_t{poly} * out.polygon_stride
                                                : out.polygons + out.polygon_offsets[poly]);
            c.p += 17;
        } else {
            const std::uint32_t n = load_u32(c.p + 13);
            c.p += 17;
            if (n > lim.max_count || n > c.left() / 12) return std::nullopt;
            c.p += std::size_t{n} * 12;
            k = n;
        }
        if (!c.skip(4) || k > c.left() / 4) return std::nullopt;
        for (std::size_t e = 0; e < k; ++e) {
            std::uint32_t n = 0;
            if (!c.u32(n) || n > c.left() / 8) return std::nullopt;
            c.p += std::size_t{n} * 8;
        }
        if (c.left() < 5 || load_u8(c.p) != 0 || load_u32(c.p + 1) != 0) return std::nullopt;
        c.p += 5;
        for (int list = 0; list < 2; ++list) {
            std::uint32_t n = 0;
            if (!c.u32(n) || n > c.left() / 4) return std::nullopt;
            c.p += std::size_t{n} * 4;
        }
    }
    std::uint32_t ladders = 0;
    if (!c.u32(ladders) || ladders > lim.max_count || !c.skip(std::uint64_t{ladders} * (v >= 35 ? 68 : 60))) {
        return std::nullopt;
    }
    std::uint32_t transformed = 0;
    if (!c.u32(transformed) || transformed > 0x7FFFFFFFu || !c.skip(std::uint64_t{transformed} * 72)) return std::nullopt;
    std::uint32_t g = 0;
    if (!c.u32(g) || g > 0x7FFFFFFFu || !c.skip(44)) return std::nullopt;
    const auto navgen = static_cast<std::int32_t>(g);
    if (navgen >= 7 && !c.skip(4)) return std::nullopt;
    if (navgen >= 12 && (!detail::skip_string(c) || !detail::skip_string(c))) return std::nullopt;
    std::uint32_t hulls = 0;
    if (!c.u32(hulls) || hulls > 0x7FFFFFFFu || hulls > lim.max_count) return std::nullopt;
    const std::uint32_t records = navgen <= 11 && hulls < 3 ? 3 : hulls;
    const std::size_t hull_size = 28u + (navgen >= 9 ? 6u : 0u) + (navgen >= 13 ? 5u : 0u) + (navgen >= 11 ? 4u : 0u);
    if (!c.skip(std::uint64_t{records} * hull_size)) return std::nullopt;
    if (navgen >= 12 && !c.skip(1)) return std::nullopt;
    if (v >= 36 && !detail::skip_kv3(c, bytes.data(), sub == 0)) return std::nullopt;
    if (sub > 0 && !detail::skip_kv3(c, bytes.data(), true)) return std::nullopt;
    if (c.left() != 0) return std::nullopt;
    out.end_at = bytes.size();
    return out;
}

inline std::uint64_t open_checksum(std::uint32_t areas, std::uint32_t polygons, std::size_t areas_at) noexcept {
    return std::uint64_t{areas} * 31 + polygons + areas_at;
}

// An area's corner count and where its corner data is: (v31+) its polygon's
// indices, or (v30) its own points.
struct area_shape {
    std::size_t corners;
    const std::byte* indices;  // null in version 30
    const std::byte* points;   // the pool (31+) or the area's points (30)
    const std::byte* edges;
};

inline area_shape shape_of(const layout& l, const std::byte* a) noexcept {
    if (l.version >= 31) {
        const std::uint32_t index = load_u32(a + 13);
        const std::byte* poly = l.polygon_stride != 0 ? l.polygons + std::size_t{index} * l.polygon_stride
                                                      : l.polygons + l.polygon_offsets[index];
        return {load_u8(poly), poly + 1, l.pool, a + 21};
    }
    const std::size_t n = load_u32(a + 13);
    return {n, nullptr, a + 17, a + 21 + 12 * n};
}

inline const std::byte* corner_at(const area_shape& s, std::size_t i) noexcept {
    return s.indices != nullptr ? s.points + 12 * std::size_t{load_u32(s.indices + 4 * i)} : s.points + 12 * i;
}

// The end of an area record.
inline const std::byte* area_end(const area_shape& s) noexcept {
    const std::byte* q = s.edges;
    for (std::size_t e = 0; e < s.corners; ++e) q += 4 + 8 * std::size_t{load_u32(q)};
    q += 5;
    q += 4 + 4 * std::size_t{load_u32(q)};
    q += 4 + 4 * std::size_t{load_u32(q)};
    return q;
}

// Every area field (id, attributes, hull, corners, connections, ladder ids).
inline std::uint64_t floor_traverse(std::span<const std::byte> bytes, const layout& l) noexcept {
    fold f;
    const std::byte* a = bytes.data() + l.areas_at;
    for (std::uint32_t i = 0; i < l.area_count; ++i) {
        const area_shape s = shape_of(l, a);
        f.add_u(load_u32(a));
        f.add_u(navspan::load_u64(a + 4));
        f.add_u(load_u8(a + 12));
        for (std::size_t c = 0; c < s.corners; ++c) {
            const std::byte* p = corner_at(s, c);
            f.add_v(load_f32(p), load_f32(p + 4), load_f32(p + 8));
        }
        f.add_f(load_f32(s.edges - 4));
        const std::byte* q = s.edges;
        for (std::size_t e = 0; e < s.corners; ++e) {
            const std::uint32_t n = load_u32(q);
            for (std::uint32_t k = 0; k < n; ++k) f.add_u(std::uint64_t{load_u32(q + 4 + 8 * k)} << 8 | load_u32(q + 8 + 8 * k));
            q += 4 + 8 * std::size_t{n};
        }
        q += 5;
        for (int list = 0; list < 2; ++list) {
            const std::uint32_t n = load_u32(q);
            for (std::uint32_t k = 0; k < n; ++k) f.add_u(load_u32(q + 4 + 4 * k));
            q += 4 + 4 * std::size_t{n};
        }
        a = q;
    }
    return f.value();
}

struct id_entry {
    std::uint32_t id, position;
};
inline constexpr std::uint32_t none = 0xFFFFFFFFu;

inline std::uint64_t floor_index(std::span<const std::byte> bytes, const layout& l, std::vector<std::uint32_t>& offsets,
                                 std::vector<id_entry>& ids) {
    const std::byte* a = bytes.data() + l.areas_at;
    bool sorted = true;
    for (std::uint32_t i = 0; i < l.area_count; ++i) {
        offsets[i] = static_cast<std::uint32_t>(a - bytes.data());
        ids[i] = {load_u32(a), i};
        if (i != 0 && ids[i - 1].id >= ids[i].id) sorted = false;
        a = area_end(shape_of(l, a));
    }
    if (!sorted) std::sort(ids.begin(), ids.end(), [](const id_entry& x, const id_entry& y) { return x.id < y.id; });
    return l.area_count;
}

inline std::uint32_t floor_position_of(const std::vector<id_entry>& ids, std::uint32_t id) noexcept {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id, [](const id_entry& e, std::uint32_t v) { return e.id < v; });
    return it != ids.end() && it->id == id ? it->position : none;
}

// Every connection of every area to its neighbour (by id) and the
// neighbour's first corner.
inline std::uint64_t floor_follow(std::span<const std::byte> bytes, const layout& l,
                                  const std::vector<std::uint32_t>& offsets, const std::vector<id_entry>& ids) noexcept {
    fold f;
    for (std::uint32_t i = 0; i < l.area_count; ++i) {
        const area_shape s = shape_of(l, bytes.data() + offsets[i]);
        const std::byte* q = s.edges;
        for (std::size_t e = 0; e < s.corners; ++e) {
            const std::uint32_t n = load_u32(q);
            for (std::uint32_t k = 0; k < n; ++k) {
                const std::uint32_t p = floor_position_of(ids, load_u32(q + 4 + 8 * k));
                if (p == none) continue;
                const area_shape to = shape_of(l, bytes.data() + offsets[p]);
                if (to.corners == 0) continue;
                const std::byte* c = corner_at(to, 0);
                f.add_v(load_f32(c), load_f32(c + 4), load_f32(c + 8));
            }
            q += 4 + 8 * std::size_t{n};
        }
    }
    return f.value();
}

}  // namespace navspan_bench::source2_floor
