// The hand-written floors of the Quake rows (NAV2, versions 12-18):
//   floor_open      every check nav_file::open() makes with default options
//                   (header, counts non-negative and within limits, the
//                   layout the size proves for versions 13 and 16, no
//                   trailing bytes, every index in range), one plain loop
//                   per table
//   floor_traverse  every field the "traverse" row reads through navspan's
//                   accessors (each index followed once), read from the
//                   verified bytes and folded the same way
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include <navspan/core/endian.hpp>
#include <navspan/core/limits.hpp>

#include "fold.hpp"

namespace navspan_bench::quake_floor {

using navspan_bench::fold;

struct opened {
    std::int32_t version = 0;
    std::size_t header = 0, edict_size = 0;
    std::uint32_t nodes = 0, links = 0, traversals = 0, edicts = 0;
};

inline std::uint64_t open_checksum(std::uint32_t nodes, std::uint32_t links, std::uint32_t traversals,
                                   std::uint32_t edicts, std::size_t edict_size) noexcept {
    return std::uint64_t{nodes} ^ std::uint64_t{links} << 16 ^ std::uint64_t{traversals} << 32 ^
           std::uint64_t{edicts} << 48 ^ std::uint64_t{edict_size} << 58;
}

// `check_indices` false: what a trusted open() checks (no index pass).
inline std::optional<opened> floor_open(std::span<const std::byte> bytes, const navspan::limits& lim,
                                        bool check_indices = true) noexcept {
    const std::byte* b = bytes.data();
    const std::size_t size = bytes.size();
    if (size < 20 || load_u32(b) != 0x3256414Eu) return std::nullopt;  // "NAV2"
    opened o;
    o.version = static_cast<std::int32_t>(load_u32(b + 4));
    const std::int32_t counts[3] = {static_cast<std::int32_t>(load_u32(b + 8)), static_cast<std::int32_t>(load_u32(b + 12)),
                                    static_cast<std::int32_t>(load_u32(b + 16))};
    for (std::int32_t c : counts) {
        if (c < 0 || static_cast<std::uint64_t>(c) > lim.max_count) return std::nullopt;
    }
    o.nodes = static_cast<std::uint32_t>(counts[0]);
    o.links = static_cast<std::uint32_t>(counts[1]);
    o.traversals = static_cast<std::uint32_t>(counts[2]);
    // The candidate layouts of each version, most likely first.
    std::size_t candidates[2][2] = {};
    int n = 1;
    switch (o.version) {
        case 12: candidates[0][0] = 20, candidates[0][1] = 26; break;
        case 13: candidates[0][0] = 20, candidates[0][1] = 34, candidates[1][0] = 20, candidates[1][1] = 26, n = 2; break;
        case 14: candidates[0][0] = 20, candidates[0][1] = 34; break;
        case 15: candidates[0][0] = 20, candidates[0][1] = 30; break;
        case 16: candidates[0][0] = 24, candidates[0][1] = 30, candidates[1][0] = 20, candidates[1][1] = 30, n = 2; break;
        case 17:
        case 18: candidates[0][0] = 24, candidates[0][1] = 30; break;
        default: return std::nullopt;
    }
    bool found = false;
    for (int i = 0; i < n && !found; ++i) {
        std::size_t left = size - 20;
        const std::size_t extra = candidates[i][0] - 20;
        if (extra > left) continue;
        left -= extra;
        const std::size_t tables[4][2] = {{o.nodes, 8}, {o.nodes, 12}, {o.links, 6}, {o.traversals, 36}};
        bool ok = true;
        for (const auto& t : tables) {
            if (t[0] > left / t[1]) {
                ok = false;
                break;
            }
            left -= t[0] * t[1];
        }
        if (!ok || left < 4) continue;
        const std::size_t at = size - left;
        const std::uint32_t edicts = load_u32(b + at);
        left -= 4;
        if (edicts > lim.max_count || edicts > left / candidates[i][1] || left != edicts * candidates[i][1]) continue;
        o.header = candidates[i][0];
        o.edict_size = candidates[i][1];
        o.edicts = edicts;
        found = true;
    }
    if (!found) return std::nullopt;
    if (!check_indices) return o;
    // Every index in range: a node's links, a link's destination and
    // traversal (0xFFFF is none), an edict's link.
    const std::byte* node = b + o.header;
    for (std::size_t i = 0; i < o.nodes; ++i, node += 8) {
        if (std::uint32_t{load_u16(node + 4)} + load_u16(node + 2) > o.links) return std::nullopt;
    }
    const std::byte* link = b + o.header + std::size_t{o.nodes} * 20;
    for (std::size_t i = 0; i < o.links; ++i, link += 6) {
        const std::uint32_t traversal = load_u16(link + 4);
        if (load_u16(link) >= o.nodes || (traversal != 0xFFFF && traversal >= o.traversals)) return std::nullopt;
    }
    const std::byte* edict = link + std::size_t{o.traversals} * 36 + 4;
    for (std::size_t i = 0; i < o.edicts; ++i, edict += o.edict_size) {
        if (load_u16(edict) >= o.links) return std::nullopt;
    }
    return o;
}

inline std::uint64_t floor_traverse(std::span<const std::byte> bytes, const opened& o) noexcept {
    fold f;
    const std::byte* b = bytes.data();
    const std::byte* nodes = b + o.header;
    const std::byte* origins = nodes + std::size_t{o.nodes} * 8;
    const std::byte* links = origins + std::size_t{o.nodes} * 12;
    const std::byte* traversals = links + std::size_t{o.links} * 6;
    const std::byte* edicts = traversals + std::size_t{o.traversals} * 36 + 4;
    const bool team_masks = o.version >= 18;
    f.add_u(static_cast<std::uint32_t>(o.version));
    if (o.header == 24) f.add_f(load_f32(b + 20));
    for (std::size_t i = 0; i < o.nodes; ++i) {
        const std::byte* p = nodes + i * 8;
        f.add_u(load_u16(p));
        f.add_u(load_u16(p + 2));
        f.add_u(load_u16(p + 4));
        f.add_u(load_u16(p + 6));
        const std::byte* q = origins + i * 12;
        f.add_v(load_f32(q), load_f32(q + 4), load_f32(q + 8));
    }
    for (std::size_t i = 0; i < o.links; ++i) {
        const std::byte* p = links + i * 6;
        const std::uint32_t destination = load_u16(p);
        f.add_u(destination);
        f.add_u(team_masks ? load_u8(p + 2) : load_u16(p + 2));
        if (team_masks) f.add_u(load_u8(p + 3));
        const std::uint32_t traversal = load_u16(p + 4);
        f.add_u(traversal);
        f.add_u(load_u16(nodes + std::size_t{destination} * 8 + 6));  // the destination's radius
        if (traversal != 0xFFFF) {
            const std::byte* t = traversals + std::size_t{traversal} * 36 + 24;
            f.add_v(load_f32(t), load_f32(t + 4), load_f32(t + 8));
        }
    }
    for (std::size_t i = 0; i < o.traversals; ++i) {
        const std::byte* p = traversals + i * 36;
        f.add_v(load_f32(p), load_f32(p + 4), load_f32(p + 8));
        f.add_v(load_f32(p + 12), load_f32(p + 16), load_f32(p + 20));
        f.add_v(load_f32(p + 24), load_f32(p + 28), load_f32(p + 32));
    }
    for (std::size_t i = 0; i < o.edicts; ++i) {
        const std::byte* p = edicts + i * o.edict_size;
        const std::uint32_t link = load_u16(p);
        f.add_u(link);
        const std::byte* l = links + std::size_t{link} * 6;
        f.add_u(team_masks ? load_u8(l + 2) : load_u16(l + 2));
        f.add_v(load_f32(p + 2), load_f32(p + 6), load_f32(p + 10));
        f.add_v(load_f32(p + 14), load_f32(p + 18), load_f32(p + 22));
        if (o.edict_size == 30) f.add_u(load_u32(p + 26));
        if (o.edict_size == 34) {
            f.add_u(load_u32(p + 26));
            f.add_u(load_u32(p + 30));
        }
    }
    return f.value();
}

// From every node over each of its links to the destination node: its
// origin, flags and radius (what a path search reads).
inline std::uint64_t floor_links_node_to_node(std::span<const std::byte> bytes, const opened& o) noexcept {
    const std::byte* nodes = bytes.data() + o.header;
    const std::byte* origins = nodes + std::size_t{o.nodes} * 8;
    const std::byte* links = origins + std::size_t{o.nodes} * 12;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < o.nodes; ++i) {
        const std::size_t count = load_u16(nodes + i * 8 + 2), first = load_u16(nodes + i * 8 + 4);
        for (std::size_t k = first; k < first + count; ++k) {
            const std::size_t to = load_u16(links + k * 6);
            const std::byte* q = origins + to * 12;
            sum += std::bit_cast<std::uint32_t>(load_f32(q)) ^ std::bit_cast<std::uint32_t>(load_f32(q + 4)) ^
                   std::bit_cast<std::uint32_t>(load_f32(q + 8));
            sum += std::uint64_t{load_u16(nodes + to * 8)} << 16 | load_u16(nodes + to * 8 + 6);
        }
    }
    return sum;
}

}  // namespace navspan_bench::quake_floor
