// What the dump, validate and picture of fox_nav2 files share: the group
// tables and how records are named (dump schema: examples/navspan/dump/fox.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../json_writer.hpp"

namespace navspan::tools::fox_format {

namespace tools_detail {

namespace fox = navspan::fox;

// A path id: group x 100000 + node index (node indices are u16, so the
// group's digits stand apart: group 4 node 12 is 400012).
inline constexpr std::uint64_t path_id_group_factor = 100000;

// The file's groups by id (find_group walks the chain each time).
struct group_table {
    fox::group groups[256];
    bool present[256] = {};

    explicit group_table(const fox::nav2_file& f) {
        for (fox::group g : f.groups()) {
            groups[g.id()] = g;
            present[g.id()] = true;
        }
    }
    const fox::group* find(std::uint32_t id) const { return id < 256 && present[id] ? &groups[id] : nullptr; }
};

// Absolute byte offsets of a group's records (payload = entry + 16; every
// subsection offset is relative to its payload).
struct group_offsets {
    std::uint64_t world = 0, mesh = 0, segments = 0, graph = 0;
    fox::nav_world w;
    fox::navmesh_chunk m;
    fox::segment_chunk sc;
    fox::segment_graph sg;

    explicit group_offsets(const fox::group& g)
        : world(std::uint64_t{g.nav_world_entry().offset()} + fox::entry_header_size),
          mesh(std::uint64_t{g.navmesh_entry().offset()} + fox::entry_header_size),
          segments(std::uint64_t{g.segment_chunk_entry().offset()} + fox::entry_header_size),
          graph(std::uint64_t{g.segment_graph_entry().offset()} + fox::entry_header_size),
          w(g.nav_world()), m(g.navmesh_chunk()), sc(g.segment_chunk()), sg(g.segment_graph()) {}

    std::uint64_t node_position(std::uint64_t i) const { return world + w.ss1_offset() + 6 * i; }
    std::uint64_t node_info(std::uint64_t i) const { return world + w.ss2_offset() + 6 * i; }
    std::uint64_t node_record(const fox::nav_node& n) const {
        return world + w.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
    std::uint64_t node_link(const fox::nav_node& n) const { return node_record(n) + 4 * std::uint64_t{n.adjacency_count()}; }
    std::uint64_t node_face(std::uint64_t i) const { return world + w.ss6_offset() + 2 * i; }
    std::uint64_t edge(std::uint64_t i) const { return world + w.ss4_offset() + 6 * i; }
    std::uint64_t segment_flags(std::uint64_t s) const { return world + w.ss5_offset() + 2 * s; }
    std::uint64_t vertex(std::uint64_t i) const { return mesh + m.ss1_offset() + 6 * i; }
    std::uint64_t face_word(std::uint64_t i) const { return mesh + m.ss2_offset() + 4 * i; }
    std::uint64_t face_record(const fox::face& f) const { return mesh + m.ss3_offset() + f.record_offset(); }
    std::uint64_t segment_box(std::uint64_t s) const { return segments + sc.ss1_offset() + 12 * s; }
    std::uint64_t segment_range(std::uint64_t s) const { return segments + sc.ss2_offset() + 12 * s; }
    std::uint64_t graph_node_position(std::uint64_t i) const { return graph + sg.ss1_offset() + 6 * i; }
    std::uint64_t graph_node_info(std::uint64_t i) const { return graph + sg.ss2_offset() + 12 * i; }
    std::uint64_t graph_node_record(const fox::graph_node& n) const {
        return graph + sg.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
};


inline std::string face_name(const fox::group& g, const fox::face& f) {
    return "face #" + std::to_string(f.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(f.segment()) + ")";
}
inline std::string node_name(const fox::group& g, const fox::nav_node& n) {
    return "node #" + std::to_string(n.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(n.segment()) + ")";
}
inline std::string edge_name(const fox::group& g, const fox::nav_edge& e) {
    return "edge #" + std::to_string(e.index()) + " (group " + std::to_string(g.id()) + ", segment " +
           std::to_string(e.segment()) + ", nodes " + std::to_string(e.from_node()) + " -> " +
           std::to_string(e.to_node()) + ")";
}
inline std::string segment_name(const fox::group& g, std::uint32_t s) {
    return "segment #" + std::to_string(s) + " (group " + std::to_string(g.id()) + ")";
}

// A library finding's record as the command names it.
inline std::string record_name(const fox::nav2_file& f, const navspan::finding& lf) {
    const auto index = static_cast<std::uint32_t>(lf.index);
    if (lf.record == "file") return "end of file";
    if (lf.record == "group") return "group " + std::to_string(lf.id);
    if (lf.record == "nav system cell") return "NavSystem cell #" + std::to_string(lf.index);
    const auto found = f.find_group(static_cast<std::uint16_t>(lf.parent_id));
    if (lf.parent != "group" || !found) return std::string(lf.record) + " #" + std::to_string(lf.index);
    const fox::group g = *found;
    if (lf.record == "face") return face_name(g, g.navmesh_chunk().face_at(index));
    if (lf.record == "node") return node_name(g, g.nav_world().node(index));
    if (lf.record == "edge") return edge_name(g, g.nav_world().edge(index));
    if (lf.record == "segment") return segment_name(g, index);
    return std::string(lf.record) + " #" + std::to_string(lf.index) + " (group " + std::to_string(g.id()) + ")";
}

}  // namespace tools_detail

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
