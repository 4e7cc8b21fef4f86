// The navspan command's dump, validate and svg/obj (scene)
// support for quake_nav files (Quake 2021 re-release bot navigation, NAV2).
//
// All four open the file for STRUCTURE only (every section backed by bytes,
// the file ending where its records end, bytes after that accepted and
// reported) and skip the index pass: a bot map whose links point into
// nothing is exactly what a mod author wants to look at, so such a file is
// dumped, drawn and validated rather than refused. Every index is then
// resolved through the reader's checking accessors, which come back empty
// for an index out of range. The dump schema: ../dump/quake.md.
#pragma once

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

#include <navspan/navspan.hpp>

#include "../findings.hpp"
#include "../json_writer.hpp"
#include "../scene.hpp"
#include "quake_fields.hpp"

namespace navspan_cli::quake_format {

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

inline std::string node_flag_label(std::uint16_t raw) {
    std::string s;
    const std::uint64_t unnamed = navspan::for_each_flag(q::node_flag_names, raw, [&](std::string_view name, std::uint64_t) {
        if (!s.empty()) s += '|';
        s += name;
    });
    if (unnamed != 0) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(unnamed));
        if (!s.empty()) s += '|';
        s += buf;
    }
    return s.empty() ? "none" : s;
}

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

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: ../dump/quake.md),
// as quake_fields.hpp describes them (the description `navspan pack` reads back).
inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    const auto opened = open_structure(bytes);
    if (!opened) return opened.error();
    const q::nav_file& f = *opened;
    q::model m = q::model::from(f);
    struct context {
        const q::nav_file& file;
        link_ownership owners;
        std::uint64_t file_size() const { return file.bytes().size(); }
        std::optional<std::uint32_t> owner(std::size_t i) const {
            if (owners.owner[i] == no_owner) return std::nullopt;
            return owners.owner[i];
        }
        q::layout_evidence evidence() const { return file.layout().evidence; }
    };
    const context ctx{f, link_ownership(f)};
    navspan_cli::fields::dump_visitor v(w);
    w.begin_object();
    quake_fields::file_fields(v, m, ctx);
    w.end_object();
    return {};
}

// Checks beyond structure (navspan::quake::validate, the library's checks);
// appends what it finds, naming links by their owner and destination. Every
// check is quiet on the 31 public corpus files except
// moving-link-without-edict, which finds the one Elevator link of hip1m5
// version 15 that its version 17 fixed.
inline navspan::error validate(navspan::bytes_view bytes, findings& out, const check_choice& choice = {}) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    const auto opened = open_structure(bytes);
    if (!opened) return opened.error();
    const q::nav_file& f = *opened;
    const navspan::check_set checks = choice.in(q::validate_checks);
    std::vector<std::uint32_t> storage(q::validate_storage_needed(f, checks));
    std::vector<std::uint32_t> owners;  // filled on the first link finding
    return q::validate(f, storage, [&](const navspan::finding& lf) {
        finding x = from_library(lf);
        if (lf.not_listed == 0 && lf.record == "link") {
            if (owners.empty()) owners = link_ownership(f).owner;
            x.record = link_name(f.links()[static_cast<std::size_t>(lf.index)], owners[static_cast<std::size_t>(lf.index)]);
        } else if (lf.not_listed == 0 && lf.record == "edict") {
            x.record = "edict #" + std::to_string(lf.index) + " (link #" +
                       std::to_string(f.edicts()[static_cast<std::size_t>(lf.index)].link_index()) + ")";
        } else if (lf.not_listed == 0 && lf.record == "file") {
            x.record = "end of file";
        }
        out.push_back(std::move(x));
    }, checks);
}

// The top-down picture: nodes as points (by their most telling flag), links
// as lines (by link type; a pair of opposite links of one type is drawn once,
// any other link as one-way with an arrow). Higher things are drawn last, so
// an upper floor covers the one below it.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    namespace q = navspan::quake;
    using namespace tools_detail;
    const auto opened = open_structure(bytes);
    if (!opened) return opened.error();
    const q::nav_file& f = *opened;
    const link_ownership owners(f);

    // One category per link type present, in type order, named with its
    // count; each type has the same colour in every map.
    std::map<std::uint16_t, std::size_t> type_counts;
    for (const q::link l : f.links()) ++type_counts[l.type_raw()];
    std::map<std::uint16_t, std::uint32_t> type_category;
    for (const auto& [type, count] : type_counts) {
        type_category[type] = scene::category(out.line_categories, link_type_label(type) + " (" + std::to_string(count) + ")");
        out.line_colours.push_back(link_type_colour(type));
        out.mark_link(type_category[type]);
    }
    out.one_way_in_category_colour = true;
    out.colourings = {"flags", "height"};  // height: done by colour_by_height
    out.empty_note = "no nodes in this file";

    // Opposite links of the same type make one two-way line.
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint16_t>> edges;
    for (const q::link l : f.links()) {
        const std::uint32_t from = owners.owner[l.index()];
        if (from != no_owner && l.destination_node()) edges.emplace_back(from, l.destination(), l.type_raw());
    }
    std::sort(edges.begin(), edges.end());
    const auto has_edge = [&](std::uint32_t a, std::uint32_t b, std::uint16_t t) {
        return std::binary_search(edges.begin(), edges.end(), std::make_tuple(a, b, t));
    };
    const q::node_view nodes = f.nodes();
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const auto& [from, to, type] = edges[i];
        if (i > 0 && edges[i - 1] == edges[i]) continue;  // a duplicate link
        const bool two_way = from != to && has_edge(to, from, type);
        if (two_way && to < from) continue;  // drawn from the other end
        out.lines.push_back({nodes[from].position(), nodes[to].position(), type_category[type], !two_way});
    }
    // Walk first, rarer types over it; within a type, low before high.
    std::stable_sort(out.lines.begin(), out.lines.end(), [](const scene_line& a, const scene_line& b) {
        if (a.category != b.category) return a.category < b.category;
        return std::max(height_key(a.from.z), height_key(a.to.z)) < std::max(height_key(b.from.z), height_key(b.to.z));
    });

    // A node's point category is its most telling flag (first match).
    struct node_kind {
        std::uint16_t bits;
        const char* name;
        const char* colour;
    };
    static constexpr node_kind kinds[] = {
        {0x001, "teleporter node", "#1f77b4"},  // the Teleport link colour
        {0x002, "pusher node", "#9467bd"},      // the Pusher link colour
        {0x00C, "elevator node", "#8c564b"},    // the Elevator link colour
        {0x020, "hazard node", "#d62728"},
        {0x010, "underwater node", "#17becf"},
        {0x000, "node", "#222222"},
    };
    const auto kind_of = [&](const q::node& n) -> const node_kind& {
        for (const node_kind& k : kinds) {
            if ((n.flags_raw() & k.bits) != 0) return k;
        }
        return kinds[std::size(kinds) - 1];
    };
    // Categories in the table's order, only for kinds present.
    std::vector<bool> present(std::size(kinds), false);
    for (const q::node n : nodes) present[static_cast<std::size_t>(&kind_of(n) - kinds)] = true;
    std::vector<std::uint32_t> kind_category(std::size(kinds), 0);
    for (std::size_t k = std::size(kinds); k-- > 0;) {  // plain nodes first in the legend
        if (!present[k]) continue;
        kind_category[k] = scene::category(out.point_categories, kinds[k].name);
        out.point_colours.push_back(kinds[k].colour);
    }
    std::vector<std::uint32_t> order(f.node_count());
    for (std::uint32_t i = 0; i < f.node_count(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return height_key(nodes[a].position().z) < height_key(nodes[b].position().z);
    });
    for (const std::uint32_t i : order) {
        const q::node n = nodes[i];
        const std::uint32_t category = kind_category[static_cast<std::size_t>(&kind_of(n) - kinds)];
        out.points.push_back({n.position(), category,
                              "node " + std::to_string(i) + " at " + format_point(n.position()) + ", radius " +
                                  std::to_string(n.radius()) + ", flags " + node_flag_label(n.flags_raw()) + ", " +
                                  std::to_string(n.link_count()) + " links"});
    }
    return {};
}

}  // namespace navspan_cli::quake_format
