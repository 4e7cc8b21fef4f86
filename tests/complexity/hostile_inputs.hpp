// Generators of small files that ask for much work (issue 28): each shape a
// crafted input took to make a check, picture, index or walk grow faster
// than the file, plus the worst case of the other checks. Each takes a size
// `n` and grows linearly in it, so that the complexity test can compare two
// sizes. Nothing here is committed as a binary: the bytes are made when the
// tests run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "creation/builder.hpp"
#include "kv3/kv3_writer.hpp"
#include "quake/builder.hpp"
#include "source/builder.hpp"
#include "source2/builder.hpp"

namespace navspan_test::hostile {

struct shape {
    std::string name;      // "G1 source one-way", ...
    std::string extension;  // ".nav", ".esp"
    std::vector<std::byte> (*make)(std::size_t n);
    std::size_t small, large;  // the two sizes the complexity test runs
    // A point for locate and endpoints for path ("x,y,z" or ids).
    const char* point;
    const char* from;
    const char* to;
    // Larger than the crafted files of issue 28's table: every command must
    // stay under 100 MB of peak memory there (and in time within n log n of
    // `large`); 0 when the shape cannot grow past `large`.
    std::size_t huge = 0;
    // The library refuses to build the walkable (limit_exceeded): the file
    // asks for more than a multiple of its size, and must be refused cheaply.
    bool walkable_refused = false;
    // The library run asks one locate and one nearest per this many input
    // bytes (0: one of each), at points spread over [0, 1e5]^2: a shape
    // whose cost is per query (H5).
    std::size_t bytes_per_query = 0;
};

namespace detail_hostile {

inline source_build::area square_area(std::uint32_t id, float x, float y) {
    source_build::area a;
    a.id = id;
    a.nw = {x, y, 0};
    a.se = {x + 100, y + 100, 0};
    return a;
}

}  // namespace detail_hostile

// G1: 16 areas, each listing `n` connections to the next area, which never
// connects back (the one-way check scanned the target's whole list per
// connection: 16 n^2).
inline std::vector<std::byte> source_one_way(std::size_t n) {
    source_build::mesh m;
    for (std::uint32_t i = 0; i < 16; ++i) {
        auto a = detail_hostile::square_area(i + 1, static_cast<float>(i) * 200, 0);
        a.connections[0].assign(n, (i + 1) % 16 + 1);
        m.areas.push_back(std::move(a));
    }
    return source_build::write(m);
}

// G2: one area listing `n` distinct ids no area has (the duplicate check
// compared every pair of the list: n^2 / 2).
inline std::vector<std::byte> source_duplicates(std::size_t n) {
    source_build::mesh m;
    auto a = detail_hostile::square_area(1, 0, 0);
    for (std::size_t k = 0; k < n; ++k) a.connections[1].push_back(static_cast<std::uint32_t>(k + 1000));
    m.areas.push_back(std::move(a));
    return source_build::write(m);
}

// `n` areas sharing one id (the duplicate-id check walked back over the run
// for each: n^2 / 2), each connected to the next.
inline std::vector<std::byte> source_same_ids(std::size_t n) {
    source_build::mesh m;
    for (std::size_t k = 0; k < n; ++k) {
        auto a = detail_hostile::square_area(7, static_cast<float>(k % 256) * 200, static_cast<float>(k / 256) * 200);
        a.connections[0].push_back(7);
        m.areas.push_back(std::move(a));
    }
    return source_build::write(m);
}

// `n` ladders with distinct ids (the duplicate-ladder check compared every
// pair: n^2 / 2), each naming a missing area and area 1.
inline std::vector<std::byte> source_ladders(std::size_t n) {
    source_build::mesh m;
    m.areas.push_back(detail_hostile::square_area(1, 0, 0));
    for (std::size_t k = 0; k < n; ++k) {
        source_build::ladder l;
        l.id = static_cast<std::uint32_t>(k + 1);
        l.width = 20;
        l.top = {0, 0, 100};
        l.length = 100;
        l.areas = {1, 99999, 0, 0, 0};
        m.ladders.push_back(l);
    }
    return source_build::write(m);
}

// G3: a plugin of `n` interior cells with one small navmesh each (commands
// walked the whole plugin once per cell or space).
inline std::vector<std::byte> plugin_cells(std::size_t n) {
    std::vector<nvnm_data> meshes;
    for (std::size_t k = 0; k < n; ++k) meshes.push_back(plain_mesh(1, 1));
    return plugin_of(std::move(meshes), compression::none);
}

// G4: one compressed navmesh of `n` triangles (at most 65,535) on the same
// three vertices, each spanning a 64 x 64 search grid whose cells list
// nothing (the grid check tested every triangle against every cell).
inline std::vector<std::byte> plugin_grid(std::size_t n) {
    nvnm_data d;
    d.version = 12;
    d.vertices = {{0, 0, 0}, {4096, 0, 0}, {0, 4096, 0}};
    nvnm_data::triangle t;
    t.v = {0, 1, 2};
    d.triangles.assign(std::min<std::size_t>(n, 65535), t);
    d.divisor = 64;
    d.cell_x = d.cell_y = 64;
    d.min = {0, 0, 0};
    d.max = {4096, 4096, 0};
    d.cells.assign(64 * 64, {});
    return plugin_of({d}, compression::dynamic);
}

// G5: 64 Quake nodes whose link ranges all cover the same `n` links (at
// most 65,535): the walkable listed each link once per node.
inline std::vector<std::byte> quake_overlap(std::size_t n) {
    quake_nav_spec s;
    const auto links = static_cast<std::uint16_t>(std::min<std::size_t>(n, 65535));
    for (std::uint16_t i = 0; i < 64; ++i) {
        quake_node_spec node;
        node.link_count = links;
        node.first_link = 0;
        node.origin = {static_cast<float>(i) * 64, 0, 0};
        s.nodes.push_back(node);
    }
    for (std::uint16_t k = 0; k < links; ++k) {
        quake_link_spec l;
        l.destination = static_cast<std::uint16_t>(k % 64);
        s.links.push_back(l);
    }
    return build_quake(s);
}

// H4 (issue 35): `kib` KiB of uncompressed filler (GLOB records with a long
// EDID), which raises the whole-file work budget (32 per byte + 16 MiB),
// and then as many compressed navmeshes in one interior cell as that
// budget lets inflate, each of 65,534 identical small triangles and one
// far one (a few KB of zlib each). Walkables and pictures built from every
// inflated triangle grew with the budget, not the file. At most `cap`
// navmeshes (plugin_padding_accepted).
inline std::vector<std::byte> plugin_padding_capped(std::size_t kib, std::size_t cap) {
    nvnm_data d;
    d.version = 12;
    constexpr float side = 100000.0f, corner = side * 0.015f;
    d.vertices = {{0, 0, 0}, {corner, 0, 0}, {0, corner, 0}, {side, side, 0}, {side - 1, side, 0}, {side, side - 1, 0}};
    nvnm_data::triangle t;
    t.v = {0, 1, 2};
    d.triangles.assign(65534, t);
    t.v = {3, 4, 5};
    d.triangles.push_back(t);
    d.divisor = 1;
    d.cell_x = d.cell_y = side;
    d.min = {0, 0, 0};
    d.max = {side, side, 0};
    d.cells.assign(1, {});
    constexpr std::uint32_t cell = 0x01000800;
    d.parent = cell;
    const std::vector<std::byte> navm = navm_subrecords(d);
    byte_writer record;  // one record's compressed data, written once per navmesh
    record.u32(static_cast<std::uint32_t>(navm.size()));
    std::vector<std::byte> data = record.bytes();
    const std::vector<std::byte> z = zlib_compress(navm, deflate_mode::dynamic);
    data.insert(data.end(), z.begin(), z.end());
    const std::size_t filler = kib * 1024;
    const std::size_t meshes = std::min(cap, (32 * filler + (std::size_t{16} << 20)) / navm.size() - 1);

    plugin_writer p(header_for_version(12));
    p.begin_top_group("CELL");
    p.begin_group(cell % 10, 2).begin_group(cell % 100, 3);
    p.record("CELL", cell, cell_subrecords("navspanCell"), compression::none);
    p.begin_group(cell, 6).begin_group(cell, 9);
    for (std::size_t i = 0; i < meshes; ++i) p.raw_record("NAVM", cell + 1 + static_cast<std::uint32_t>(i), data, 0x00040000u);
    p.end_group().end_group().end_group().end_group();
    p.end_group();
    p.begin_top_group("GLOB");
    std::uint32_t id = 0x02000000;
    for (std::size_t written = 0; written < filler; written += 60000) {
        subrecord_writer edid;
        edid.add_text("EDID", std::string(std::min<std::size_t>(60000, filler - written), 'x'));
        p.record("GLOB", id++, edid.bytes(), compression::none);
    }
    p.end_group();
    return std::move(p).finish();
}

inline std::vector<std::byte> plugin_padding(std::size_t kib) { return plugin_padding_capped(kib, SIZE_MAX); }

// H4's worst accepted file: as many of its navmeshes as the default polygon
// meter lets a picture or walkable build from the filler's size
// (limits::polygons_per_kib), all of them drawn and walked.
inline std::vector<std::byte> plugin_padding_accepted(std::size_t kib) {
    const navspan::limits lim;
    return plugin_padding_capped(kib, static_cast<std::size_t>(navspan::polygon_budget_for(lim, kib * 1024) / 65535));
}

namespace detail_hostile {

// A Source 2 file (version 35) of one 64-unit quad, area 1, whose custom
// data is `custom`, a KV3 blob.
inline std::vector<std::byte> source2_with_custom(std::vector<std::byte> custom) {
    s2b::model m = s2b::row_of_quads(35, 1);
    m.subversion = 1;
    m.custom_bytes = std::move(custom);
    return s2b::write(m);
}

}  // namespace detail_hostile

// H1 (issue 35): a custom-data KV3 v5 header declaring the largest buffers
// the work budget allows (and a blob count of a quarter of them) over one
// skippable zstd frame of `body` bytes that backs none of it: the scratch
// was sized from the header's counts alone (hostile4/kv3scratch.py).
inline std::vector<std::byte> source2_kv3_scratch(std::size_t body) {
    const std::uint64_t blob_size = 120 + body + 4;
    const std::uint64_t declared =
        std::min<std::uint64_t>({32 * blob_size + (std::uint64_t{16} << 20), std::uint64_t{body} * 32768 + 64,
                                 std::uint64_t{256} << 20});
    const auto b2 = std::uint32_t{64}, b1 = static_cast<std::uint32_t>(declared - b2);
    const auto frame = static_cast<std::uint32_t>(body);
    byte_writer w;
    w.u32(0x4B563305u);
    for (int i = 0; i < 16; ++i) w.u8(0);  // format GUID
    w.u32(2).u16(0).u16(0);                // zstd, no dictionary, frame size 0
    w.u32(b1).u32(0).u32(0).u32(b2);       // 1-, 4-, 8-byte counts of buffer 1; types size
    w.u16(0).u16(0).u32(b1 + b2).u32(frame);
    w.u32(static_cast<std::uint32_t>(declared / 4)).u32(0).u32(0).u32(0);  // blobs, blob bytes, 2-byte count, block sizes
    w.u32(b1).u32(frame).u32(b2).u32(0);
    for (int i = 0; i < 8; ++i) w.u32(0);  // buffer 2's counts
    w.u32(0x184D2A50u).u32(frame - 8);     // one skippable frame
    for (std::uint32_t i = 8; i < frame; ++i) w.u8(0);
    w.u32(0xFFEEDD00u);
    return detail_hostile::source2_with_custom(std::move(w).bytes());
}

// H2 (issue 35): custom data of `n` references to one 4,096-byte string
// (a typed array of strings, 4 bytes each stored plain): dump rendered it
// as n copies, 1,000 times the blob.
inline std::vector<std::byte> source2_string_references(std::size_t n) {
    using namespace navspan_kv3_test;
    // The string is the first key (string 0), as hostile4/kv3laugh.py has it.
    const std::string big(4096, 'A');
    return detail_hostile::source2_with_custom(kv3_writer(5, method::none)
                                                   .write(t_object({{big, t_typed(10, 6, std::vector<tv>(n, t_str_ref(0)))},
                                                                    {"arealist", t_array({})}})));
}

// H3 (issue 35): area 1's hiding spots as a typed array of `n` nulls, a
// count with no bytes behind it: the scene kept a labelled point per spot.
// The file is the same few hundred bytes at every n: its cost may not grow
// with n at all.
inline std::vector<std::byte> source2_null_spots(std::size_t n) {
    using namespace navspan_kv3_test;
    const tv spots = t_typed(10, 1, std::vector<tv>(n, t_null()));
    return detail_hostile::source2_with_custom(
        kv3_writer(5, method::none).write(t_object({{"arealist", t_array({t_object({{"hidingspotdata", spots}})})}})));
}

// H5 (issue 35): `n` areas on one thin sliver whose bounds cover the map
// (100,000 units square) plus `n` tiny quads across it: every query read
// the list of polygons over 256 cells, O(n) per locate.
inline std::vector<std::byte> source2_slivers(std::size_t n) {
    s2b::model m = s2b::row_of_quads(35, 0);
    constexpr float side = 100000.0f;
    m.corners = {{0, 0, 0}, {1, 0, 0}, {side, side, 0}};
    m.polygons.push_back({{0, 1, 2}});
    const std::size_t cols = std::max<std::size_t>(1, static_cast<std::size_t>(std::sqrt(static_cast<double>(n))));
    const float step = side / static_cast<float>(cols);
    for (std::size_t i = 0; i < n; ++i) {
        const float x = static_cast<float>(i % cols) * step, y = static_cast<float>(i / cols) * step;
        const auto k = static_cast<std::uint32_t>(m.corners.size());
        m.corners.insert(m.corners.end(), {{x, y, 0}, {x + 1, y, 0}, {x + 1, y + 1, 0}, {x, y + 1, 0}});
        m.polygons.push_back({{k, k + 1, k + 2, k + 3}});
    }
    for (std::size_t i = 0; i < 2 * n; ++i) {
        s2b::area a;
        a.id = static_cast<std::uint32_t>(i + 1);
        a.polygon = i < n ? 0 : static_cast<std::uint32_t>(i - n + 1);
        a.edges.resize(i < n ? 3 : 4);
        m.areas.push_back(std::move(a));
    }
    return s2b::write(m);
}

// Every shape, with the sizes the complexity test runs (the larger 8 times
// the smaller, then the huge one of the absolute memory check) and the
// endpoints the queries take. The huge sizes against the table: G1
// 8.4 MB (table 4.2 MB), G2 524,288 ids (400,000), G3 16,000 cells (4,000),
// G4 and G5 at their 65,535 cap (the table's files), H4 at issue 35's
// 998 KB (45 navmeshes of 65,535 triangles).
inline std::vector<shape> all_shapes() {
    return {
        {"G1 source one-way", ".nav", source_one_way, 2048, 16384, "50,50,0", "1", "2", 131072},
        {"G2 source duplicate connections", ".nav", source_duplicates, 8192, 65536, "50,50,0", "1", "1", 524288},
        {"source duplicate area ids", ".nav", source_same_ids, 2048, 16384, "50,50,0", "7", "7", 131072},
        {"source duplicate ladder ids", ".nav", source_ladders, 2048, 16384, "50,50,0", "1", "1", 131072},
        {"G3 plugin cells", ".esp", plugin_cells, 250, 2000, "1e6,1e6,0", "01000801:0", "01000801:1", 16000},
        {"G4 plugin grid", ".esp", plugin_grid, 4096, 32768, "10,10,0", "01000801:0", "01000801:1", 65535},
        {"G5 quake overlapping links", ".nav", quake_overlap, 1024, 8192, "0,0,0", "0", "1", 65535},
        {"H4 plugin inflation padding", ".esp", plugin_padding, 64, 512, "50000,50000,0", "01000801:0", "01000801:1", 1000,
         true},
        {"H1 source2 KV3 scratch", ".nav", source2_kv3_scratch, 600, 4800, "32,32,0", "1", "1", 38400},
        // H2's huge file is 1 MB (262,144 references): its JSON would pass
        // the render budget (117 MB there) and is refused after counting,
        // before a byte is written (dump: 0.17 s and 8 MB, against 0.6 s and
        // 137 MB when it was rendered into memory first).
        {"H2 source2 string references", ".nav", source2_string_references, 4096, 32768, "32,32,0", "1", "1", 262144},
        {"H3 source2 null hiding spots", ".nav", source2_null_spots, 65536, 524288, "32,32,0", "1", "1", 1048576},
        {"H5 source2 map-wide slivers", ".nav", source2_slivers, 1024, 8192, "50000,50000,0", "1", "2", 10000, false,
         64},
        {"H4 plugin padding, accepted", ".esp", plugin_padding_accepted, 64, 512, "500,500,0", "01000801:0", "01000801:1", 1000},
    };
}

}  // namespace navspan_test::hostile
