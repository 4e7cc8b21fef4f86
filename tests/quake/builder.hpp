// Test-side writer of Quake re-release NAV2 files (layout:
// include/navspan/quake/format.hpp), for every version navspan reads, for
// crafted broken files, and for large benchmark inputs.
//
//   quake_nav_spec spec = sample_quake_spec(18);     // small, every feature
//   spec.links[3].destination = 99;                  // or break something
//   std::vector<std::byte> bytes = build_quake(spec);
//   std::vector<std::byte> big = make_large_quake(1'000'000);
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <navspan/core/endian.hpp>
#include <navspan/core/views.hpp>

#include "support/byte_writer.hpp"

namespace navspan_test {

struct quake_node_spec {
    std::uint16_t flags = 0;
    std::uint16_t link_count = 0;
    std::uint16_t first_link = 0;
    std::uint16_t radius = 16;
    navspan::vec3 origin{};
};

struct quake_link_spec {
    std::uint16_t destination = 0;
    // Written as a u16 before version 18, as a u8 followed by team_mask in 18.
    std::uint16_t type = 0;
    std::uint8_t team_mask = 0xFF;
    std::uint16_t traversal = 0xFFFF;
};

struct quake_traversal_spec {
    navspan::vec3 node_exit{}, jump_start{}, jump_end{};
};

struct quake_edict_spec {
    std::uint16_t link = 0;
    navspan::vec3 mins{}, maxs{};
    std::int32_t entity_id = -1;           // 30-byte edicts (versions 15+)
    std::int32_t tail_words[2] = {0, 0};   // 34-byte edicts (versions 13, 14)
};

struct quake_nav_spec {
    std::int32_t version = 18;
    float heuristic = 0.8f;
    // 0: what the version has (24 from 16 on, else 20); 20 or 24 to force one.
    std::size_t header_size = 0;
    // 0: what the version has (26 in 12, 34 in 13 and 14, else 30).
    std::size_t edict_size = 0;
    std::vector<quake_node_spec> nodes;
    std::vector<quake_link_spec> links;
    std::vector<quake_traversal_spec> traversals;
    std::vector<quake_edict_spec> edicts;
};

inline std::size_t quake_default_header_size(std::int32_t version) { return version >= 16 ? 24 : 20; }
inline std::size_t quake_default_edict_size(std::int32_t version) {
    if (version <= 12) return 26;
    if (version <= 14) return 34;
    return 30;
}

inline std::size_t quake_header_size(const quake_nav_spec& s) {
    return s.header_size != 0 ? s.header_size : quake_default_header_size(s.version);
}
inline std::size_t quake_edict_size(const quake_nav_spec& s) {
    return s.edict_size != 0 ? s.edict_size : quake_default_edict_size(s.version);
}

// Section offsets of a built file, for tests that patch or check offsets.
struct quake_offsets {
    std::size_t nodes, origins, links, traversals, edict_count, edicts, end;
};

inline quake_offsets quake_offsets_of(const quake_nav_spec& s) {
    quake_offsets o{};
    o.nodes = quake_header_size(s);
    o.origins = o.nodes + 8 * s.nodes.size();
    o.links = o.origins + 12 * s.nodes.size();
    o.traversals = o.links + 6 * s.links.size();
    o.edict_count = o.traversals + 36 * s.traversals.size();
    o.edicts = o.edict_count + 4;
    o.end = o.edicts + quake_edict_size(s) * s.edicts.size();
    return o;
}

namespace detail_quake {
inline void write_vec3(byte_writer& w, const navspan::vec3& v) { w.vec3(v.x, v.y, v.z); }

inline void write_header(byte_writer& w, std::int32_t version, std::size_t header_size, std::size_t nodes,
                         std::size_t links, std::size_t traversals, float heuristic) {
    w.fourcc("NAV2").i32(version);
    w.i32(static_cast<std::int32_t>(nodes)).i32(static_cast<std::int32_t>(links)).i32(static_cast<std::int32_t>(traversals));
    if (header_size == 24) w.f32(heuristic);
}

inline void write_link(byte_writer& w, std::int32_t version, std::uint16_t destination, std::uint16_t type,
                       std::uint8_t team_mask, std::uint16_t traversal) {
    w.u16(destination);
    if (version >= 18) w.u8(type).u8(team_mask);
    else w.u16(type);
    w.u16(traversal);
}
}  // namespace detail_quake

inline std::vector<std::byte> build_quake(const quake_nav_spec& s) {
    byte_writer w;
    const std::size_t edict_size = quake_edict_size(s);
    detail_quake::write_header(w, s.version, quake_header_size(s), s.nodes.size(), s.links.size(),
                               s.traversals.size(), s.heuristic);
    for (const auto& n : s.nodes) w.u16(n.flags).u16(n.link_count).u16(n.first_link).u16(n.radius);
    for (const auto& n : s.nodes) detail_quake::write_vec3(w, n.origin);
    for (const auto& l : s.links) detail_quake::write_link(w, s.version, l.destination, l.type, l.team_mask, l.traversal);
    for (const auto& t : s.traversals) {
        detail_quake::write_vec3(w, t.node_exit);
        detail_quake::write_vec3(w, t.jump_start);
        detail_quake::write_vec3(w, t.jump_end);
    }
    w.u32(static_cast<std::uint32_t>(s.edicts.size()));
    for (const auto& e : s.edicts) {
        w.u16(e.link);
        detail_quake::write_vec3(w, e.mins);
        detail_quake::write_vec3(w, e.maxs);
        if (edict_size == 30) w.i32(e.entity_id);
        else if (edict_size == 34) w.i32(e.tail_words[0]).i32(e.tail_words[1]);
    }
    return std::move(w).bytes();
}

// A small file of `version` with every feature: nine flag bits, all link
// types 0-8, traversals referenced out of link order, a node without links,
// elevator and train edicts, a 0x0F team mask among 0xFF ones (version 18).
inline quake_nav_spec sample_quake_spec(std::int32_t version) {
    quake_nav_spec s;
    s.version = version;
    s.heuristic = 0.8f;
    s.nodes = {
        {0x041, 3, 0, 32, {0.0f, 0.0f, 24.0f}},
        {0x110, 2, 3, 16, {128.0f, -64.0f, 24.5f}},
        {0x008, 3, 5, 48, {-256.0f, 512.0f, -40.0f}},
        {0x0A4, 1, 8, 24, {-256.0f, 512.0f, 200.0f}},
        {0x012, 0, 9, 328, {1024.0f, 1024.0f, 64.25f}},
    };
    s.links = {
        {1, 0, 0xFF, 0xFFFF},  // Walk
        {2, 1, 0xFF, 1},       // LongJump
        {4, 2, 0xFF, 0xFFFF},  // Teleport
        {0, 3, 0xFF, 0},       // WalkOffLedge
        {3, 4, 0xFF, 0xFFFF},  // Pusher
        {3, 6, 0xFF, 0xFFFF},  // Elevator (edict 0)
        {0, 5, 0xFF, 2},       // BarrierJump
        {4, 8, 0x0F, 0xFFFF},  // ManualJump, the retail-style 0x0F mask
        {2, 7, 0xFF, 0xFFFF},  // Train (edict 1)
    };
    if (version < 18) {
        for (auto& l : s.links) l.team_mask = 0;
    }
    s.traversals = {
        {{130.0f, -60.0f, 24.5f}, {120.0f, -50.0f, 30.0f}, {4.0f, 2.0f, 24.0f}},
        {{10.0f, 20.0f, 24.0f}, {-100.0f, 200.0f, 60.0f}, {-250.0f, 500.0f, -40.0f}},
        {{-240.0f, 500.0f, -40.0f}, {-120.0f, 250.0f, 10.0f}, {-1.5f, 0.25f, 24.0f}},
    };
    s.edicts = {
        {5, {-300.0f, 480.0f, -64.0f}, {-200.0f, 560.0f, 180.0f}, -17, {0, -16}},
        {8, {-320.0f, 400.0f, 150.0f}, {-180.0f, 620.0f, 210.0f}, -42, {7, -43}},
    };
    return s;
}

// A large valid file of `node_count` nodes written straight into the bytes
// (about 20 bytes per node). Node indices are u16, so as in a real file at
// most 65,535 links can be told apart: the first 21,845 nodes own three
// consecutive links each (links stored in node order, as the game writes
// them) and later nodes have none. A traversal on every fourth link, an edict
// per 64 nodes.
inline std::vector<std::byte> make_large_quake(std::size_t node_count, std::int32_t version = 18) {
    constexpr std::size_t links_per_node = 3;
    const std::size_t nodes_with_links = std::min<std::size_t>(node_count, 65535 / links_per_node);
    const std::size_t link_count = nodes_with_links * links_per_node;
    const std::size_t traversal_count = std::min<std::size_t>(link_count / 4, 65535);
    const std::size_t edict_count = link_count == 0 ? 0 : node_count / 64;
    const std::size_t destinations = std::min<std::size_t>(node_count, 65536);
    const std::size_t edict_size = quake_default_edict_size(version);

    byte_writer w;
    detail_quake::write_header(w, version, quake_default_header_size(version), node_count, link_count,
                               traversal_count, 0.8f);
    for (std::size_t i = 0; i < node_count; ++i) {
        const bool has_links = i < nodes_with_links;
        w.u16(static_cast<std::uint32_t>(i % 7 == 0 ? 0x41 : i & 0x1FF));
        w.u16(has_links ? static_cast<std::uint32_t>(links_per_node) : 0u);
        w.u16(has_links ? static_cast<std::uint32_t>(i * links_per_node) : 0u);
        w.u16(static_cast<std::uint32_t>(16 + i % 300));
    }
    for (std::size_t i = 0; i < node_count; ++i) {
        const auto f = static_cast<float>(i);
        w.vec3(f * 1.5f, -f * 0.5f, static_cast<float>(i % 97) * 8.0f);
    }
    for (std::size_t j = 0; j < link_count; ++j) {
        const auto destination = static_cast<std::uint16_t>((j * 7919 + 1) % destinations);
        const auto type = static_cast<std::uint16_t>(j % 9);
        const auto traversal = static_cast<std::uint16_t>(j % 4 == 1 && j / 4 < traversal_count ? j / 4 : 0xFFFF);
        detail_quake::write_link(w, version, destination, type, 0xFF, traversal);
    }
    for (std::size_t t = 0; t < traversal_count; ++t) {
        const auto f = static_cast<float>(t);
        w.vec3(f, f + 1.0f, 24.0f).vec3(f + 8.0f, f + 9.0f, 40.0f).vec3(f + 64.0f, f + 65.0f, 24.0f);
    }
    w.u32(static_cast<std::uint32_t>(edict_count));
    for (std::size_t e = 0; e < edict_count; ++e) {
        const auto f = static_cast<float>(e);
        w.u16(static_cast<std::uint32_t>((e * 13) % link_count));
        w.vec3(f, f, 0.0f).vec3(f + 64.0f, f + 64.0f, 128.0f);
        if (edict_size == 30) w.i32(-static_cast<std::int32_t>(e % 300) - 10);
        else if (edict_size == 34) w.i32(0).i32(-16);
    }
    return std::move(w).bytes();
}

}  // namespace navspan_test
