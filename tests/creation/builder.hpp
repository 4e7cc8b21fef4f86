// Test-side writer of synthetic Creation Engine plugins and NVNM subrecords.
//
// It writes every NVNM layout navspan reads (v12 Skyrim, v15 Fallout 4 with
// its older form-version variants, v17 Starfield), with every optional list
// present or empty, and plugins of nested groups whose records are stored
// plain or zlib-compressed (stored, fixed or dynamic Huffman blocks, by the
// writer in deflate_writer.hpp), with XXXX subrecords where a payload passes
// 65,535 bytes. Its own notion of the layouts is written from the spec here,
// independently of the reader.
//
// make_large_creation(n) synthesises a plugin of about n triangles cheaply
// (for the benchmarks); make_sample_skyrim_plugin() is the demo sample.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "creation/deflate_writer.hpp"
#include "support/byte_writer.hpp"

namespace navspan_test {

// ---------------------------------------------------------------- NVNM

struct nvnm_format {
    std::uint32_t version = 12;
    bool vertex_extra = false;    // v17: u32 after x, y, z
    bool wide_triangles = false;  // v15+: f32 height, u8 unknown before flags
    bool edge_index = false;      // v15+: u8 after the edge link's triangle
    bool cover_triangles = true;  // v12: list of i16 triangles
    unsigned cover_size = 0;      // v15: 8, v17: 12
    bool waypoints = false;       // v15+: cover mappings and waypoints
    bool trailer = false;         // v17: final u32

    static nvnm_format for_version(std::uint32_t version) {
        nvnm_format f;
        f.version = version;
        if (version >= 15) {
            f.wide_triangles = true;
            f.edge_index = true;
            f.cover_triangles = false;
            f.cover_size = 8;
            f.waypoints = true;
        }
        if (version >= 17) {
            f.vertex_extra = true;
            f.cover_size = 12;
            f.trailer = true;
        }
        return f;
    }
};

struct nvnm_data {
    struct vertex {
        float x = 0, y = 0, z = 0;
        std::uint32_t extra = 0;
    };
    struct triangle {
        std::array<std::uint16_t, 3> v{};
        std::array<std::uint16_t, 3> e{0xFFFF, 0xFFFF, 0xFFFF};
        float height = 0;
        std::uint8_t unknown = 0;
        std::uint16_t flags = 0x0800;
        std::uint16_t cover = 0;
    };
    struct edge_link {
        std::uint32_t type = 0;
        std::uint32_t navmesh = 0;
        std::uint16_t triangle = 0;
        std::uint8_t edge = 0;
    };
    struct door_link {
        std::uint16_t triangle = 0;
        std::uint32_t crc = 0xE48B73F3u;
        std::uint32_t door = 0;
    };
    struct cover {
        std::uint16_t v1 = 0, v2 = 0;
        std::uint64_t data = 0;
    };
    struct mapping {
        std::uint16_t key = 0;
        std::uint16_t cover = 0;
    };
    struct waypoint {
        float x = 0, y = 0, z = 0;
        std::uint16_t triangle = 0xFFFF;
        std::uint32_t flags = 0;
    };

    std::uint32_t version = 12;
    std::optional<nvnm_format> format;  // default: nvnm_format::for_version(version)
    std::uint32_t crc = 0xA5E9A03Cu;
    std::uint32_t world = 0;
    std::uint32_t parent = 0;  // CELL form id, or grid: (y & 0xFFFF) | (x << 16)
    std::vector<vertex> vertices;
    std::vector<triangle> triangles;
    std::vector<edge_link> edge_links;
    std::vector<door_link> door_links;
    std::vector<std::uint16_t> cover_triangles;
    std::vector<cover> covers;
    std::vector<mapping> mappings;
    std::vector<waypoint> waypoints;
    std::uint32_t divisor = 0;
    float cell_x = 0, cell_y = 0;
    std::array<float, 3> min{}, max{};
    std::vector<std::vector<std::uint16_t>> cells;  // divisor^2 lists
    std::uint32_t trailer = 0x00080000u;

    static std::uint32_t grid_parent(std::int16_t x, std::int16_t y) {
        return static_cast<std::uint32_t>(static_cast<std::uint16_t>(y)) |
               (static_cast<std::uint32_t>(static_cast<std::uint16_t>(x)) << 16);
    }
};

inline std::vector<std::byte> write_nvnm(const nvnm_data& d) {
    const nvnm_format f = d.format ? *d.format : nvnm_format::for_version(d.version);
    byte_writer w;
    w.u32(d.version).u32(d.crc).u32(d.world).u32(d.parent);
    w.u32(static_cast<std::uint32_t>(d.vertices.size()));
    for (const auto& v : d.vertices) {
        w.vec3(v.x, v.y, v.z);
        if (f.vertex_extra) w.u32(v.extra);
    }
    w.u32(static_cast<std::uint32_t>(d.triangles.size()));
    for (const auto& t : d.triangles) {
        for (auto v : t.v) w.u16(v);
        for (auto e : t.e) w.u16(e);
        if (f.wide_triangles) w.f32(t.height).u8(t.unknown);
        w.u16(t.flags).u16(t.cover);
    }
    w.u32(static_cast<std::uint32_t>(d.edge_links.size()));
    for (const auto& l : d.edge_links) {
        w.u32(l.type).u32(l.navmesh).u16(l.triangle);
        if (f.edge_index) w.u8(l.edge);
    }
    w.u32(static_cast<std::uint32_t>(d.door_links.size()));
    for (const auto& l : d.door_links) w.u16(l.triangle).u32(l.crc).u32(l.door);
    if (f.cover_triangles) {
        w.u32(static_cast<std::uint32_t>(d.cover_triangles.size()));
        for (auto t : d.cover_triangles) w.u16(t);
    }
    if (f.cover_size != 0) {
        w.u32(static_cast<std::uint32_t>(d.covers.size()));
        for (const auto& c : d.covers) {
            w.u16(c.v1).u16(c.v2);
            if (f.cover_size == 8) w.u32(static_cast<std::uint32_t>(c.data));
            else w.u64(c.data);
        }
    }
    if (f.waypoints) {
        w.u32(static_cast<std::uint32_t>(d.mappings.size()));
        for (const auto& m : d.mappings) w.u16(m.key).u16(m.cover);
        w.u32(static_cast<std::uint32_t>(d.waypoints.size()));
        for (const auto& p : d.waypoints) w.vec3(p.x, p.y, p.z).u16(p.triangle).u32(p.flags);
    }
    w.u32(d.divisor).f32(d.cell_x).f32(d.cell_y);
    w.vec3(d.min[0], d.min[1], d.min[2]).vec3(d.max[0], d.max[1], d.max[2]);
    for (const auto& cell : d.cells) {
        w.u32(static_cast<std::uint32_t>(cell.size()));
        for (auto t : cell) w.u16(t);
    }
    if (f.trailer) w.u32(d.trailer);
    return std::move(w).bytes();
}

// Fills the search grid of `d` the way the games do (§6): bounds of the
// vertices, `divisor` cells per axis, x fastest, each triangle listed in
// every cell its 2-D bounding box overlaps.
inline void fill_grid(nvnm_data& d, std::uint32_t divisor) {
    d.divisor = divisor;
    d.cells.assign(std::size_t{divisor} * divisor, {});
    if (d.vertices.empty()) return;
    d.min = {d.vertices[0].x, d.vertices[0].y, d.vertices[0].z};
    d.max = d.min;
    for (const auto& v : d.vertices) {
        d.min = {std::min(d.min[0], v.x), std::min(d.min[1], v.y), std::min(d.min[2], v.z)};
        d.max = {std::max(d.max[0], v.x), std::max(d.max[1], v.y), std::max(d.max[2], v.z)};
    }
    if (divisor == 0) return;
    d.cell_x = (d.max[0] - d.min[0]) / static_cast<float>(divisor);
    d.cell_y = (d.max[1] - d.min[1]) / static_cast<float>(divisor);
    auto cell_of = [&](float value, float lo, float size) {
        if (size <= 0) return std::uint32_t{0};
        const auto c = static_cast<std::int64_t>(std::floor((value - lo) / size));
        return static_cast<std::uint32_t>(std::clamp<std::int64_t>(c, 0, divisor - 1));
    };
    for (std::size_t t = 0; t < d.triangles.size(); ++t) {
        float lo_x = 1e30f, lo_y = 1e30f, hi_x = -1e30f, hi_y = -1e30f;
        for (auto vi : d.triangles[t].v) {
            lo_x = std::min(lo_x, d.vertices[vi].x);
            hi_x = std::max(hi_x, d.vertices[vi].x);
            lo_y = std::min(lo_y, d.vertices[vi].y);
            hi_y = std::max(hi_y, d.vertices[vi].y);
        }
        for (auto row = cell_of(lo_y, d.min[1], d.cell_y); row <= cell_of(hi_y, d.min[1], d.cell_y); ++row) {
            for (auto col = cell_of(lo_x, d.min[0], d.cell_x); col <= cell_of(hi_x, d.min[0], d.cell_x); ++col) {
                d.cells[std::size_t{row} * divisor + col].push_back(static_cast<std::uint16_t>(t));
            }
        }
    }
}

struct grid_mesh_options {
    float origin_x = 0, origin_y = 0, z = 0, step = 64;
    bool edge_links = true;  // the right border leads to another navmesh
    bool doors = true;       // a door on the first triangle
    bool cover = true;       // cover on the bottom border
    bool waypoints = true;   // v15+: a few waypoints (one without triangle)
    std::uint32_t neighbour_navmesh = 0x0100A001;
};

// A flat nx by ny grid of quads, two triangles each, with symmetric
// neighbours, optional edge links, door, cover and waypoints, and its grid.
inline nvnm_data make_grid_mesh(std::uint32_t version, unsigned nx, unsigned ny, const grid_mesh_options& o = {}) {
    nvnm_data d;
    d.version = version;
    const nvnm_format f = nvnm_format::for_version(version);
    for (unsigned j = 0; j <= ny; ++j) {
        for (unsigned i = 0; i <= nx; ++i) {
            d.vertices.push_back({o.origin_x + static_cast<float>(i) * o.step,
                                  o.origin_y + static_cast<float>(j) * o.step, o.z + static_cast<float>((i + j) % 3),
                                  f.vertex_extra ? (i + j) % 2u : 0u});
        }
    }
    auto vid = [&](unsigned i, unsigned j) { return static_cast<std::uint16_t>(j * (nx + 1) + i); };
    auto tid = [&](unsigned i, unsigned j, unsigned half) { return static_cast<std::uint16_t>((j * nx + i) * 2 + half); };
    for (unsigned j = 0; j < ny; ++j) {
        for (unsigned i = 0; i < nx; ++i) {
            nvnm_data::triangle t0, t1;
            t0.v = {vid(i, j), vid(i + 1, j), vid(i + 1, j + 1)};
            t1.v = {vid(i, j), vid(i + 1, j + 1), vid(i, j + 1)};
            t0.e = {j > 0 ? tid(i, j - 1, 1) : std::uint16_t{0xFFFF}, i + 1 < nx ? tid(i + 1, j, 1) : std::uint16_t{0xFFFF},
                    tid(i, j, 1)};
            t1.e = {tid(i, j, 0), j + 1 < ny ? tid(i, j + 1, 0) : std::uint16_t{0xFFFF},
                    i > 0 ? tid(i - 1, j, 0) : std::uint16_t{0xFFFF}};
            if (o.edge_links && i + 1 == nx) {
                t0.e[1] = static_cast<std::uint16_t>(d.edge_links.size());
                t0.flags |= 0x0002;
                d.edge_links.push_back({0, o.neighbour_navmesh, static_cast<std::uint16_t>(j * 2), 2});
            }
            if (f.wide_triangles) {
                t0.height = 170.0f;
                t1.height = 3.4028235e38f;
            }
            if (o.cover && j == 0) {
                t0.cover = 0x400F;
                if (f.cover_triangles) {
                    d.cover_triangles.push_back(tid(i, j, 0));
                } else {
                    d.mappings.push_back({static_cast<std::uint16_t>(tid(i, j, 0) * 4 + 0),
                                          static_cast<std::uint16_t>(d.covers.size())});
                    d.covers.push_back({vid(i, j), vid(i + 1, j), 0x000002F08000067Full});
                }
            }
            d.triangles.push_back(t0);
            d.triangles.push_back(t1);
        }
    }
    if (o.doors && !d.triangles.empty()) {
        d.triangles[0].flags |= 0x0400;
        d.door_links.push_back({0, 0xE48B73F3u, 0x0100B001});
    }
    if (o.waypoints && f.waypoints && !d.triangles.empty()) {
        d.waypoints.push_back({o.origin_x + o.step / 2, o.origin_y + o.step / 4, o.z, 0, 0});
        d.waypoints.push_back({o.origin_x, o.origin_y, o.z, 0xFFFF, 0});
    }
    const std::size_t tris = d.triangles.size();
    const auto divisor = tris <= 12 ? 1u : static_cast<std::uint32_t>(std::min<std::size_t>(12, 1 + tris / 50));
    fill_grid(d, divisor);
    return d;
}

// Two navmeshes whose borders link to each other (form ids 0x01000801 and
// 0x01000803): left's right border triangles and right's left border ones.
inline std::pair<nvnm_data, nvnm_data> linked_navmesh_pair() {
    auto left = make_grid_mesh(12, 2, 2, {.edge_links = true, .doors = false, .cover = false, .neighbour_navmesh = 0x01000803});
    auto right = make_grid_mesh(12, 2, 2, {.origin_x = 128, .edge_links = false, .doors = false, .cover = false});
    for (unsigned j = 0; j < 2; ++j) {
        auto& t = right.triangles[(j * 2 + 0) * 2 + 1];
        t.flags |= 0x0004;
        t.e[2] = static_cast<std::uint16_t>(right.edge_links.size());
        right.edge_links.push_back({0, 0x01000801, static_cast<std::uint16_t>((j * 2 + 1) * 2), 1});
    }
    for (unsigned j = 0; j < 2; ++j) left.edge_links[j].triangle = static_cast<std::uint16_t>(j * 4 + 1);
    return {left, right};
}

// ---------------------------------------------------------------- plugins

enum class compression { none, stored, fixed, dynamic };

// Subrecords of one record; payloads over 65,535 bytes get an XXXX first.
class subrecord_writer {
public:
    subrecord_writer& add(std::string_view type, std::span<const std::byte> payload, bool force_xxxx = false) {
        if (payload.size() > 0xFFFF || force_xxxx) {
            w_.fourcc("XXXX").u16(4).u32(static_cast<std::uint32_t>(payload.size()));
            w_.fourcc(type).u16(0);
        } else {
            w_.fourcc(type).u16(static_cast<std::uint32_t>(payload.size()));
        }
        w_.raw(payload);
        return *this;
    }
    subrecord_writer& add_text(std::string_view type, std::string_view text) {
        std::vector<std::byte> b;
        for (char c : text) b.push_back(static_cast<std::byte>(c));
        b.push_back(std::byte{0});
        return add(type, b);
    }
    const std::vector<std::byte>& bytes() const { return w_.bytes(); }

private:
    byte_writer w_;
};

struct plugin_header {
    float hedr_version = 1.7f;
    std::uint16_t form_version = 44;
    std::uint32_t flags = 0;
    std::vector<std::string> masters = {"Skyrim.esm"};
    std::string author = "navspan";
    std::string description;
    std::int32_t record_count = 0;
    std::uint32_t next_object_id = 0x800;
};

inline plugin_header header_for_version(std::uint32_t nvnm_version) {
    plugin_header h;
    if (nvnm_version == 15) {
        h.hedr_version = 1.0f;
        h.form_version = 131;
        h.masters = {"Fallout4.esm"};
    } else if (nvnm_version == 17) {
        h.hedr_version = 0.96f;
        h.form_version = 582;
        h.masters = {"Starfield.esm"};
    }
    return h;
}

class plugin_writer {
public:
    explicit plugin_writer(const plugin_header& h = {}) : form_version_(h.form_version) {
        subrecord_writer s;
        byte_writer hedr;
        hedr.f32(h.hedr_version).i32(h.record_count).u32(h.next_object_id);
        s.add("HEDR", hedr.bytes());
        s.add_text("CNAM", h.author);
        if (!h.description.empty()) s.add_text("SNAM", h.description);
        for (const auto& m : h.masters) {
            s.add_text("MAST", m);
            byte_writer data;
            data.u64(0);
            s.add("DATA", data.bytes());
        }
        record("TES4", 0, s.bytes(), compression::none, h.flags);
    }

    plugin_writer& begin_group(std::uint32_t label, std::int32_t type) {
        open_.push_back(w_.size());
        w_.fourcc("GRUP").u32(0).u32(label).i32(type).u32(0).u32(0);
        return *this;
    }
    plugin_writer& begin_top_group(std::string_view signature) {
        std::uint32_t label = 0;
        for (std::size_t i = 0; i < 4; ++i) label |= static_cast<std::uint32_t>(static_cast<unsigned char>(signature[i])) << (8 * i);
        return begin_group(label, 0);
    }
    plugin_writer& end_group() {
        const std::size_t start = open_.back();
        open_.pop_back();
        w_.patch_u32(start + 4, static_cast<std::uint32_t>(w_.size() - start));
        return *this;
    }

    plugin_writer& record(std::string_view type, std::uint32_t form_id, std::span<const std::byte> subrecords,
                          compression c = compression::none, std::uint32_t flags = 0,
                          std::optional<std::uint16_t> form_version = std::nullopt) {
        std::vector<std::byte> data;
        if (c == compression::none) {
            data.assign(subrecords.begin(), subrecords.end());
        } else {
            flags |= 0x00040000u;
            byte_writer size;
            size.u32(static_cast<std::uint32_t>(subrecords.size()));
            data = size.bytes();
            const auto mode = c == compression::stored ? deflate_mode::stored
                              : c == compression::fixed ? deflate_mode::fixed
                                                        : deflate_mode::dynamic;
            const auto z = zlib_compress(subrecords, mode);
            data.insert(data.end(), z.begin(), z.end());
        }
        w_.fourcc(type).u32(static_cast<std::uint32_t>(data.size())).u32(flags).u32(form_id).u32(0);
        w_.u16(form_version.value_or(form_version_)).u16(0);
        w_.raw(data);
        return *this;
    }

    // A record whose data is `data` as given (flags as given: set 0x40000
    // for a compressed record whose data is a size and a zlib stream).
    plugin_writer& raw_record(std::string_view type, std::uint32_t form_id, std::span<const std::byte> data,
                              std::uint32_t flags) {
        w_.fourcc(type).u32(static_cast<std::uint32_t>(data.size())).u32(flags).u32(form_id).u32(0);
        w_.u16(form_version_).u16(0);
        w_.raw(data);
        return *this;
    }

    std::vector<std::byte> finish() && { return std::move(w_).bytes(); }
    std::size_t size() const { return w_.size(); }

private:
    byte_writer w_;
    std::vector<std::size_t> open_;
    std::uint16_t form_version_;
};

inline std::vector<std::byte> cell_subrecords(std::string_view editor_id) {
    subrecord_writer s;
    s.add_text("EDID", editor_id);
    byte_writer data;
    data.u16(1);  // interior
    s.add("DATA", data.bytes());
    return s.bytes();
}

// The NAVM payload of one NVNM (plus an EDID in front when asked).
inline std::vector<std::byte> navm_subrecords(const nvnm_data& mesh, bool with_edid = false, bool force_xxxx = false) {
    subrecord_writer s;
    if (with_edid) s.add_text("EDID", "navspanNavmesh");
    s.add("NVNM", write_nvnm(mesh), force_xxxx);
    return s.bytes();
}

// Writes an interior cell (block 2 / sub-block 3 / CELL / children 6 / temporary 9)
// holding the given NAVM records. The caller has opened the top CELL group.
inline void write_interior_cell(plugin_writer& p, std::uint32_t cell_id, const std::vector<std::vector<std::byte>>& navms,
                                std::uint32_t first_navm_id, compression c) {
    p.begin_group(cell_id % 10, 2).begin_group(cell_id % 100, 3);
    p.record("CELL", cell_id, cell_subrecords("navspanCell"), compression::none);
    p.begin_group(cell_id, 6).begin_group(cell_id, 9);
    for (std::size_t i = 0; i < navms.size(); ++i) {
        p.record("NAVM", first_navm_id + static_cast<std::uint32_t>(i), navms[i], c);
    }
    p.end_group().end_group().end_group().end_group();
}

// A plugin of interior cells, one per navmesh, with the given NVNM (form ids
// 0x01000801, 0x01000803, ...; cells one below).
inline std::vector<std::byte> plugin_of(std::vector<nvnm_data> meshes, compression c = compression::dynamic) {
    plugin_writer p(header_for_version(meshes.empty() ? 12 : meshes[0].version));
    p.begin_top_group("CELL");
    std::uint32_t id = 0x01000800;
    for (auto& m : meshes) {
        if (m.parent == 0) m.parent = id;
        write_interior_cell(p, id, {navm_subrecords(m)}, id + 1, c);
        id += 2;
    }
    p.end_group();
    return std::move(p).finish();
}

// A clean version 12 grid of nx x ny quads (two triangles each), nothing else.
inline nvnm_data plain_mesh(unsigned nx = 4, unsigned ny = 3) {
    return make_grid_mesh(12, nx, ny, {.edge_links = false, .doors = false, .cover = false});
}

// Two interior cells (0x01000800, 0x01000810) whose navmeshes share the
// form id 0x01000801.
inline std::vector<std::byte> duplicate_navmesh_id_plugin() {
    plugin_writer p;
    p.begin_top_group("CELL");
    auto a = plain_mesh(), b = plain_mesh();
    a.parent = 0x01000800;
    b.parent = 0x01000810;
    write_interior_cell(p, 0x01000800, {navm_subrecords(a)}, 0x01000801, compression::dynamic);
    write_interior_cell(p, 0x01000810, {navm_subrecords(b)}, 0x01000801, compression::dynamic);
    p.end_group();
    return std::move(p).finish();
}

// A plugin of the given NVNM version with an interior and an exterior
// navmesh, nested as the games nest them, plus a base object (FURN) with
// an uncompressed NVNM: every list of every NVNM present.
inline std::vector<std::byte> make_plugin(std::uint32_t version, compression c = compression::dynamic) {
    plugin_writer p(header_for_version(version));
    const std::uint32_t cell = 0x01000800, world = 0x01000900, ext_cell = 0x01000901;
    auto interior = make_grid_mesh(version, 4, 3);
    interior.parent = cell;
    p.begin_top_group("FURN");
    {
        auto small = make_grid_mesh(version, 1, 1, {.edge_links = false, .doors = false});
        small.parent = 0x25;
        subrecord_writer s;
        s.add_text("EDID", "navspanFurniture");
        s.add("NVNM", write_nvnm(small));
        p.record("FURN", 0x01000700, s.bytes(), compression::none);
    }
    p.end_group();
    p.begin_top_group("CELL");
    write_interior_cell(p, cell, {navm_subrecords(interior, true)}, 0x01000801, c);
    p.end_group();
    p.begin_top_group("WRLD");
    {
        subrecord_writer s;
        s.add_text("EDID", "navspanWorld");
        p.record("WRLD", world, s.bytes());
        p.begin_group(world, 1).begin_group(0, 4).begin_group(0, 5);
        subrecord_writer cs;
        cs.add_text("EDID", "navspanExterior");
        byte_writer xclc;
        xclc.i32(3).i32(-2).u32(0);
        cs.add("XCLC", xclc.bytes());
        p.record("CELL", ext_cell, cs.bytes(), c);
        p.begin_group(ext_cell, 6).begin_group(ext_cell, 9);
        auto exterior = make_grid_mesh(version, 3, 3, {.origin_x = 3 * 4096.0f, .origin_y = -2 * 4096.0f});
        exterior.world = world;
        exterior.parent = nvnm_data::grid_parent(3, -2);
        p.record("NAVM", 0x01000902, navm_subrecords(exterior), c);
        p.end_group().end_group().end_group().end_group().end_group();
    }
    p.end_group();
    return std::move(p).finish();
}

// A plugin of about `triangles` triangles: Skyrim navmeshes of up to 2,048
// triangles (32 x 32 quads) in interior cells, compressed as asked.
inline std::vector<std::byte> make_large_creation(std::size_t triangles, compression c = compression::dynamic,
                                                  std::uint32_t version = 12) {
    plugin_writer p(header_for_version(version));
    p.begin_top_group("CELL");
    std::uint32_t id = 0x01001000;
    std::size_t left = triangles;
    while (left > 0) {
        const std::size_t quads = std::max<std::size_t>(1, std::min<std::size_t>(1024, left / 2));
        const auto nx = static_cast<unsigned>(std::min<std::size_t>(32, quads));
        const auto ny = static_cast<unsigned>(std::max<std::size_t>(1, quads / nx));
        auto mesh = make_grid_mesh(version, nx, ny, {.origin_x = static_cast<float>(id % 64) * 2048.0f});
        mesh.parent = id;
        write_interior_cell(p, id, {navm_subrecords(mesh)}, id + 1, c);
        id += 2;
        left -= std::min(left, mesh.triangles.size());
    }
    p.end_group();
    return std::move(p).finish();
}

// The demo sample: a Skyrim SE plugin with one interior cell and one
// dynamic-Huffman compressed navmesh of 12 triangles.
inline std::vector<std::byte> make_sample_skyrim_plugin() {
    plugin_header h;
    h.description = "navspan sample: one compressed navmesh";
    plugin_writer p(h);
    const std::uint32_t cell = 0x01000D62;
    auto mesh = make_grid_mesh(12, 3, 2, {.origin_x = -96, .origin_y = -64, .z = 0, .step = 64, .edge_links = false});
    mesh.parent = cell;
    p.begin_top_group("CELL");
    write_interior_cell(p, cell, {navm_subrecords(mesh)}, 0x01000D63, compression::dynamic);
    p.end_group();
    return std::move(p).finish();
}

}  // namespace navspan_test
