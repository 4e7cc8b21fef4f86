// What the dump, validate and picture of quake_nav files share (dump
// schema: examples/navspan/dump/quake.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../json_values.hpp"
#include "../json_writer.hpp"
#include "fields.hpp"

namespace navspan::tools::quake_format {

namespace tools_detail {

namespace q = navspan::quake;

inline constexpr std::uint32_t no_owner = 0xFFFFFFFFu;
// The most edges `navspan path` builds a graph of: 64 times the largest
// number of links a file can tell apart (u16 indices), far above any map.
inline constexpr std::uint64_t max_graph_edges = std::uint64_t{64} * 65536;

// Structure verified, indices left to the checking accessors (see above).
inline navspan::result<q::nav_file> open_structure(navspan::bytes_view bytes) {
    q::options opts;
    opts.trusted = true;
    opts.allow_trailing_bytes = true;
    return q::nav_file::open(bytes, opts);
}

// Byte offsets of a record of each section (format.hpp: the sections follow
// one another, each of fixed record size).
struct section_offsets {
    std::uint64_t nodes = 0, origins = 0, links = 0, traversals = 0, edict_count = 0, edicts = 0, end = 0;
    std::uint64_t edict_size = 0;

    explicit section_offsets(const q::nav_file& f) {
        namespace s = q::sizes;
        nodes = f.layout().header_size;
        origins = nodes + std::uint64_t{f.node_count()} * s::node;
        links = origins + std::uint64_t{f.node_count()} * s::node_origin;
        traversals = links + std::uint64_t{f.link_count()} * s::link;
        edict_count = traversals + std::uint64_t{f.traversal_count()} * s::traversal;
        edicts = edict_count + s::edict_count;
        edict_size = f.layout().edict_size;
        end = edicts + std::uint64_t{f.edict_count()} * edict_size;
    }
    std::uint64_t node(std::uint64_t i) const { return nodes + i * q::sizes::node; }
    std::uint64_t origin(std::uint64_t i) const { return origins + i * q::sizes::node_origin; }
    std::uint64_t link(std::uint64_t i) const { return links + i * q::sizes::link; }
    std::uint64_t traversal(std::uint64_t i) const { return traversals + i * q::sizes::traversal; }
    std::uint64_t edict(std::uint64_t i) const { return edicts + i * edict_size; }
};

// Which node owns each link (whose [first_link, first_link + link_count)
// covers it), and by how many nodes each link is covered. Links are stored
// in node order in every known file, but nothing requires it, so ranges are
// swept in order of their start: among the ranges started at or before a
// link, the one reaching furthest covers it if any does; for a link covered
// exactly once that is its only owner. O(nodes log nodes + links) whatever
// the ranges, so a hostile file cannot make this quadratic.
struct link_ownership {
    std::vector<std::uint32_t> owner;     // no_owner when no node covers the link
    std::vector<std::uint32_t> coverage;  // number of nodes covering the link

    explicit link_ownership(const q::nav_file& f) : owner(f.link_count(), no_owner), coverage(f.link_count(), 0) {
        struct range {
            std::uint32_t first, end, node;
        };
        std::vector<range> ranges;
        std::vector<std::int64_t> delta(std::size_t{f.link_count()} + 1, 0);
        for (const q::node n : f.nodes()) {
            const q::link_view links = n.links();  // empty when out of range
            if (links.empty()) continue;
            const std::uint32_t first = links.first_index();
            const auto end = static_cast<std::uint32_t>(first + links.size());
            ranges.push_back({first, end, n.index()});
            ++delta[first];
            --delta[end];
        }
        std::stable_sort(ranges.begin(), ranges.end(), [](const range& a, const range& b) { return a.first < b.first; });
        std::int64_t covering = 0;
        std::size_t next = 0;
        range best{0, 0, no_owner};
        for (std::uint32_t j = 0; j < f.link_count(); ++j) {
            for (; next < ranges.size() && ranges[next].first <= j; ++next) {
                if (ranges[next].end > best.end) best = ranges[next];
            }
            if (best.end > j) owner[j] = best.node;
            covering += delta[j];
            coverage[j] = static_cast<std::uint32_t>(covering);
        }
    }
};


inline bool finite(const navspan::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// A height to sort by: NaN (which any float in a file may be) sorts first
// instead of breaking the ordering std::sort relies on.
inline float height_key(float z) { return std::isnan(z) ? -std::numeric_limits<float>::infinity() : z; }

inline std::string node_name(std::uint64_t i) { return "node #" + std::to_string(i); }

inline std::string link_name(const q::link& l, std::uint32_t owner) {
    std::string s = "link #" + std::to_string(l.index()) + " (";
    s += owner == no_owner ? std::string("no node") : node_name(owner);
    s += " -> " + node_name(l.destination()) + ")";
    return s;
}

// "Walk", ..., or "type 12" for a value no source names.
inline std::string link_type_label(std::uint16_t raw) {
    const std::string_view name = navspan::name_of(q::link_type_names, raw);
    return name.empty() ? "type " + std::to_string(raw) : std::string(name);
}

inline std::string node_flag_label(std::uint16_t raw) { return json_values::flag_label(q::node_flag_names, raw); }

// The colour of a link type in pictures: walking (most links) in grey,
// every way of leaving the ground in a colour of its own.
inline const char* link_type_colour(std::uint16_t raw) {
    static constexpr const char* colours[] = {
        "#7a7a7a",  // Walk
        "#d62728",  // LongJump
        "#1f77b4",  // Teleport
        "#2ca02c",  // WalkOffLedge
        "#9467bd",  // Pusher
        "#ff7f0e",  // BarrierJump
        "#8c564b",  // Elevator
        "#e377c2",  // Train
        "#c9a100",  // ManualJump
    };
    return raw < std::size(colours) ? colours[raw] : "#000000";  // no known type
}

using json_values::write_vec3;  // (the one form every format writes)

}  // namespace tools_detail

}  // namespace navspan::tools::quake_format

#include "../../core/min_max_pop.hpp"
