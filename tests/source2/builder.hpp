// A writer of synthetic Source 2 .nav files, for every version (30 to 36)
// and every KV3 blob kind: what no public sample has (version 36, ladders,
// movable meshes, many hulls, mixed polygon sizes) is tested from here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <navspan/core/views.hpp>

#include "support/byte_writer.hpp"

namespace navspan_test::s2b {

struct connection {
    std::uint32_t area_id = 0;
    std::uint32_t edge = 0;
};

struct area {
    std::uint32_t id = 1;
    std::uint64_t attributes = 0;
    std::uint8_t hull = 0;
    std::uint32_t polygon = 0;                  // version 31+
    std::vector<navspan::vec3> corners;          // version 30 (31+: the polygon's)
    float unknown = 0;
    std::vector<std::vector<connection>> edges;  // one list per corner (filled to the corner count)
    std::vector<std::uint32_t> above, below;
    std::uint8_t legacy_spots = 0;
    std::uint32_t legacy_encounters = 0;
};

struct polygon {
    std::vector<std::uint32_t> corners;
    std::uint32_t movable = 0xFFFFFFFFu;
};

struct ladder {
    std::uint32_t id = 1;
    float width = 32;
    navspan::vec3 top{0, 0, 128}, bottom{0, 0, 0};
    float length = 128;
    std::uint32_t direction = 0;
    std::array<std::uint32_t, 7> areas{};  // the last two from version 35
};

struct hull {
    bool enabled = true;
    float radius = 16, height = 72;
    bool short_enabled = true;
    float short_height = 54;
    bool crawl_enabled = false;
    float crawl_height = 36;
    float max_climb = 18;
    std::int32_t max_slope = 45;
    float jump_down = 200, jump_horizontal = 64, jump_up = 64;
    std::int32_t border_erosion = -1;
};

struct movable {
    std::string id = "mover";
    std::array<float, 12> transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
};

// A KV3 blob as the header describes it; the body is filler of the length
// the header implies (the reader never decodes it).
struct blob {
    unsigned kv3_version = 4;  // 4 or 5
    std::uint32_t method = 0;  // 0 none, 1 LZ4, 2 zstd
    std::int32_t uncompressed = 32, compressed = 24;
    std::int32_t buffer1_uncompressed = 16, buffer1_compressed = 12;
    std::int32_t buffer2_uncompressed = 16, buffer2_compressed = 12;
    std::int32_t blocks = 0, blob_bytes = 0;
    // When set, the body has this many bytes whatever the header says (for
    // LZ4 blobs with blocks, whose length the header does not give).
    std::optional<std::size_t> body_override;
    std::uint8_t pad_byte = 0;

    std::size_t body_size() const {
        if (body_override) return *body_override;
        const std::size_t tail = blocks > 0 ? 4 : 0;
        if (method == 0) {
            const std::size_t base = kv3_version == 5
                                         ? std::size_t(buffer1_uncompressed) + std::size_t(buffer2_uncompressed)
                                         : std::size_t(uncompressed);
            return base + (blocks > 0 ? std::size_t(blob_bytes) + 4 : 0);
        }
        if (method == 2 && kv3_version == 5) return std::size_t(compressed) + tail;
        if (kv3_version == 5) return std::size_t(buffer1_compressed) + std::size_t(buffer2_compressed);
        return std::size_t(compressed);
    }
    std::size_t header_size() const { return kv3_version == 5 ? 120 : 72; }
};

inline blob zstd_v5() {
    blob b;
    b.kv3_version = 5;
    b.method = 2;
    return b;
}
inline blob lz4_v4() {
    blob b;
    b.method = 1;
    return b;
}

struct model {
    std::uint32_t version = 35;
    std::uint32_t subversion = 0;
    std::uint32_t flags = 0x01000001;
    std::vector<navspan::vec3> corners;
    std::vector<polygon> polygons;
    std::uint32_t word_after_polygons = 0;
    std::vector<movable> movables;
    std::vector<area> areas;
    std::vector<ladder> ladders;
    std::int32_t transformed_count = 0;
    std::int32_t navgen = 12;
    std::string hull_preset = "default", hull_file = "";
    std::int32_t hull_count = -1;  // -1: hulls.size()
    std::vector<hull> hulls{hull{}};
    bool gravity = false;
    // The three version-36 blobs and the custom data.
    blob after_header = zstd_v5(), after_movables = zstd_v5(), after_generation = zstd_v5(), custom = lz4_v4();
    // When not empty, the custom data's blob as given (a real KV3 blob, from
    // tests/kv3/kv3_writer.hpp) instead of `custom`'s header and filler.
    std::vector<std::byte> custom_bytes;
    std::vector<std::byte> extra_tail;  // bytes after the end
};

inline unsigned layout_of(std::uint32_t v) { return v == 33 || v == 34 ? 32 : v; }

inline void write_blob(byte_writer& w, const blob& b) {
    while (w.size() % 8 != 0) w.u8(b.pad_byte);
    w.u32(b.kv3_version == 5 ? 0x4B563305u : 0x4B563304u);
    for (int i = 0; i < 16; ++i) w.u8(static_cast<std::uint32_t>(0xA0 + i));  // format GUID
    w.u32(b.method);
    w.u16(0).u16(b.method == 1 ? 0x4000 : 0);
    w.i32(3).i32(2).i32(1);  // 1-, 4-, 8-byte value counts
    w.i32(8);                // types size
    w.u16(1).u16(0);         // objects, arrays
    w.i32(b.uncompressed).i32(b.compressed).i32(b.blocks).i32(b.blob_bytes);
    w.i32(0).i32(0);  // 2-byte values, block-sizes bytes
    if (b.kv3_version == 5) {
        w.i32(b.buffer1_uncompressed).i32(b.buffer1_compressed).i32(b.buffer2_uncompressed).i32(b.buffer2_compressed);
        for (int i = 0; i < 8; ++i) w.i32(0);
    }
    const std::size_t body = b.body_size();
    for (std::size_t i = 0; i < body; ++i) w.u8(static_cast<std::uint32_t>(i * 7 + 1));
    if (b.method == 0 && body >= 4) {  // the uncompressed trailer
        w.patch_u32(w.size() - 4, 0xFFEEDD00u);
    }
}

inline std::size_t hull_size(std::int32_t g) {
    std::size_t n = 28;
    if (g >= 9) n += 6;
    if (g >= 13) n += 5;
    if (g >= 11) n += 4;
    return n;
}

inline std::vector<std::byte> write(const model& m) {
    const unsigned v = layout_of(m.version);
    byte_writer w;
    w.u32(0xFEEDFACEu).u32(m.version).u32(m.subversion).u32(m.flags);
    if (v >= 36) write_blob(w, m.after_header);
    if (v >= 31) {
        w.u32(static_cast<std::uint32_t>(m.corners.size()));
        for (const auto& c : m.corners) w.vec3(c.x, c.y, c.z);
        w.u32(static_cast<std::uint32_t>(m.polygons.size()));
        for (const auto& p : m.polygons) {
            w.u8(static_cast<std::uint32_t>(p.corners.size()));
            for (auto i : p.corners) w.u32(i);
            if (v >= 35) w.u32(p.movable);
        }
    }
    if (v >= 32) w.u32(m.word_after_polygons);
    if (v >= 35) {
        w.u32(static_cast<std::uint32_t>(m.movables.size()));
        for (const auto& mv : m.movables) {
            w.text(mv.id).u8(0);
            for (float x : mv.transform) w.f32(x);
        }
    }
    if (v >= 36) write_blob(w, m.after_movables);
    w.u32(static_cast<std::uint32_t>(m.areas.size()));
    for (const auto& a : m.areas) {
        w.u32(a.id).u64(a.attributes).u8(a.hull);
        std::size_t corners = 0;
        if (v >= 31) {
            w.u32(a.polygon);
            corners = a.polygon < m.polygons.size() ? m.polygons[a.polygon].corners.size() : 0;
        } else {
            w.u32(static_cast<std::uint32_t>(a.corners.size()));
            for (const auto& c : a.corners) w.vec3(c.x, c.y, c.z);
            corners = a.corners.size();
        }
        w.f32(a.unknown);
        for (std::size_t e = 0; e < corners; ++e) {
            const std::vector<connection> none;
            const auto& list = e < a.edges.size() ? a.edges[e] : none;
            w.u32(static_cast<std::uint32_t>(list.size()));
            for (const auto& c : list) w.u32(c.area_id).u32(c.edge);
        }
        w.u8(a.legacy_spots).u32(a.legacy_encounters);
        w.u32(static_cast<std::uint32_t>(a.above.size()));
        for (auto id : a.above) w.u32(id);
        w.u32(static_cast<std::uint32_t>(a.below.size()));
        for (auto id : a.below) w.u32(id);
    }
    w.u32(static_cast<std::uint32_t>(m.ladders.size()));
    for (const auto& l : m.ladders) {
        w.u32(l.id).f32(l.width).vec3(l.top.x, l.top.y, l.top.z).vec3(l.bottom.x, l.bottom.y, l.bottom.z);
        w.f32(l.length).u32(l.direction);
        for (std::size_t i = 0; i < (v >= 35 ? 7u : 5u); ++i) w.u32(l.areas[i]);
    }
    w.i32(m.transformed_count);
    for (std::int32_t i = 0; i < m.transformed_count; ++i) {
        w.vec3(-1, -2, -3).vec3(4, 5, 6);
        for (int k = 0; k < 12; ++k) w.f32(static_cast<float>(k));
    }
    const std::int32_t g = m.navgen;
    w.i32(g).u32(1);
    w.f32(128).f32(1.5f).f32(2).i32(8).i32(20).f32(120).f32(2).i32(1200).f32(45).i32(4);
    if (g >= 7) w.f32(-1);
    if (g >= 12) w.text(m.hull_preset).u8(0).text(m.hull_file).u8(0);
    const std::int32_t count = m.hull_count >= 0 ? m.hull_count : static_cast<std::int32_t>(m.hulls.size());
    w.i32(count);
    std::size_t records = m.hulls.size();
    for (std::size_t i = 0; i < records; ++i) {
        const hull& h = m.hulls[i];
        if (g >= 9) w.u8(h.enabled ? 1 : 0);
        w.f32(h.radius).f32(h.height);
        if (g >= 9) w.u8(h.short_enabled ? 1 : 0).f32(h.short_height);
        if (g >= 13) w.u8(h.crawl_enabled ? 1 : 0).f32(h.crawl_height);
        w.f32(h.max_climb).i32(h.max_slope).f32(h.jump_down).f32(h.jump_horizontal).f32(h.jump_up);
        if (g >= 11) w.i32(h.border_erosion);
    }
    if (g >= 12) w.u8(m.gravity ? 1 : 0);
    if (v >= 36) write_blob(w, m.after_generation);
    if (m.subversion > 0 && !m.custom_bytes.empty()) {
        while (w.size() % 8 != 0) w.u8(0);
        w.raw(m.custom_bytes);
    } else if (m.subversion > 0) {
        write_blob(w, m.custom);
    }
    w.raw(m.extra_tail);
    return std::move(w).bytes();
}

// A small mesh of `n` quads in a row (areas 1..n, each connected to its
// neighbours along the shared edge), in the layout of version `version`.
// Quads: corners (x0,0) (x0,1) (x1,1) (x1,0) scaled by 100; edge 2 of quad i
// (from (x1,1) to (x1,0)) meets edge 0 of quad i + 1 (from (x0,0) to (x0,1)).
inline model row_of_quads(std::uint32_t version, std::uint32_t n) {
    model m;
    m.version = version;
    const unsigned v = layout_of(version);
    m.navgen = v >= 35 ? 12 : 7;
    m.hulls = v >= 35 ? std::vector<hull>{hull{}} : std::vector<hull>{hull{}, hull{}, hull{}};
    if (v < 35) m.hull_count = 3;
    for (std::uint32_t i = 0; i <= n; ++i) {
        m.corners.push_back({100.0f * float(i), 0, 0});
        m.corners.push_back({100.0f * float(i), 100, 0});
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        area a;
        a.id = i + 1;
        a.polygon = i;
        polygon p;
        p.corners = {2 * i, 2 * i + 1, 2 * i + 3, 2 * i + 2};
        const navspan::vec3 c0 = m.corners[2 * i], c1 = m.corners[2 * i + 1], c2 = m.corners[2 * i + 3],
                            c3 = m.corners[2 * i + 2];
        a.corners = {c0, c1, c2, c3};
        a.edges.resize(4);
        if (i > 0) a.edges[0].push_back({i, 2});
        if (i + 1 < n) a.edges[2].push_back({i + 2, 0});
        m.polygons.push_back(p);
        m.areas.push_back(a);
    }
    if (v < 31) {
        m.corners.clear();
        m.polygons.clear();
    }
    return m;
}

// A full model of one version: areas, ladders, transformed bounds, hulls,
// movable meshes (35+), custom data.
inline model full_model(std::uint32_t version) {
    model m = row_of_quads(version, 5);
    const unsigned v = layout_of(version);
    m.subversion = 1;
    m.areas[1].attributes = 0x2 | 0x1000 | (std::uint64_t{1} << 40);
    m.areas[2].hull = 1;
    m.areas[3].unknown = 2.5f;
    m.areas[0].above = {7};
    m.areas[4].below = {7, 9};
    ladder l;
    l.id = 7;
    l.areas = {1, 0, 0, 0, 5, 2, 3};
    m.ladders.push_back(l);
    l.id = 9;
    l.direction = 3;
    m.ladders.push_back(l);
    m.transformed_count = 2;
    if (v >= 35) {
        m.movables = {movable{}, movable{"door_02", {}}};
        m.polygons[2].movable = 1;
        m.navgen = 13;
        m.hull_file = "scripts/nav_hulls.vdata";
        m.gravity = true;
        m.hulls = std::vector<hull>(4);
        for (std::size_t i = 0; i < m.hulls.size(); ++i) m.hulls[i].radius = 10.0f + float(i);
        m.hulls[3].crawl_enabled = true;
    }
    return m;
}



// A square grid of about `n` quads (version 36, one hull, ids 1..n in
// row order), each connected to its four neighbours edge to edge: the
// synthetic input of the benchmarks.
inline std::vector<std::byte> make_large_source2(std::size_t n) {
    model m;
    m.version = 36;
    m.navgen = 13;
    std::uint32_t side = 1;
    while (std::size_t{side} * side < n) ++side;
    const std::uint32_t w = side, h = side;
    auto corner = [&](std::uint32_t x, std::uint32_t y) { return y * (w + 1) + x; };
    for (std::uint32_t y = 0; y <= h; ++y) {
        for (std::uint32_t x = 0; x <= w; ++x) m.corners.push_back({64.0f * float(x), 64.0f * float(y), float((x * 7 + y * 3) % 16)});
    }
    auto id_of = [&](std::uint32_t x, std::uint32_t y) { return y * w + x + 1; };
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            polygon p;
            p.corners = {corner(x, y), corner(x, y + 1), corner(x + 1, y + 1), corner(x + 1, y)};
            m.polygons.push_back(p);
            area a;
            a.id = id_of(x, y);
            a.polygon = static_cast<std::uint32_t>(m.polygons.size() - 1);
            a.edges.resize(4);
            if (x > 0) a.edges[0].push_back({id_of(x - 1, y), 2});
            if (y + 1 < h) a.edges[1].push_back({id_of(x, y + 1), 3});
            if (x + 1 < w) a.edges[2].push_back({id_of(x + 1, y), 0});
            if (y > 0) a.edges[3].push_back({id_of(x, y - 1), 1});
            m.areas.push_back(std::move(a));
        }
    }
    return write(m);
}

}  // namespace navspan_test::s2b
