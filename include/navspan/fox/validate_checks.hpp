// navspan/fox/validate_checks.hpp - the checks of Fox's validate(): their
// numbers (check::...), the table of ids, severities and texts, and the
// tolerances they share. Apart from validate.hpp so that the group
// families (validate_group.hpp) can name their checks.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>

#include "../core/validate.hpp"

namespace navspan::fox {

namespace check {
enum : std::size_t {
    trailing_bytes, segment_ranges_not_stored, face_segment_bits_missing, degenerate_face, face_flipped,
    vertex_outside_segment_box, edge_node_off_edge, shared_edge_two_nodes, one_way_face_neighbour,
    one_way_group_neighbour, neighbour_shares_no_edge, odd_neighbour_tile, node_face_other_segment,
    node_not_on_its_face, node_on_no_face, adjacency_edge_mismatch, one_way_node_adjacency,
    segment_link_same_segment, linked_node_elsewhere, one_way_node_link, tile_edges_without_links,
    edge_across_no_face, edge_not_in_adjacency, segment_graph_size, graph_edge_into_nothing, one_way_graph_edge,
    grid_group_missing, segment_not_in_grid, count
};
}  // namespace check

// Severities: references that name nothing, or name the wrong record, are
// errors; everything no game file has (one-way neighbours and links
// included: every Konami file of the corpus has them all mutual, unlike a
// Source drop-down) is a warning; bytes after the file are info. References
// into another group are given as group id x 65536 + index.
inline constexpr check_info validate_checks[check::count] = {
    {"trailing-bytes", severity::info, "bytes after the header's file size belong to no record", "bytes"},
    {"segment-ranges-not-stored", severity::warning, "the SegmentChunk's NavWorld node or edge ranges do not match the records (as Obj2Nav2 writes them); navspan derives them", "1 node ranges, 2 edge ranges, 3 both"},
    {"face-segment-bits-missing", severity::warning, "face words leave the segment bits 20-31 at 0 (as Obj2Nav2 writes them); the face ranges decide", "segments"},
    {"degenerate-face", severity::warning, "two corners are the same vertex, or the corners lie on one line (no area)", ""},
    {"face-flipped", severity::warning, "seen from above, the corners wind against the file's other faces (the normal points the other way)", ""},
    {"vertex-outside-segment-box", severity::warning, "a corner lies outside its segment's box", "corner"},
    {"edge-node-off-edge", severity::warning, "the edge's NavWorld node is not at the edge's midpoint", "NavWorld node"},
    {"shared-edge-two-nodes", severity::warning, "a face of the same segment uses another NavWorld node for this shared edge", "other face"},
    {"one-way-face-neighbour", severity::warning, "the neighbour face (same group) has no edge back", "neighbour face"},
    {"one-way-group-neighbour", severity::warning, "the neighbour face in another group has no edge back", "neighbour (group x 65536 + face)"},
    {"neighbour-shares-no-edge", severity::warning, "no edge of the neighbour face has this edge's two corners", "neighbour (group x 65536 + face)"},
    {"odd-neighbour-tile", severity::warning, "the edge or link continues into a tile that does not border this file's tile", "tile id"},
    {"node-face-other-segment", severity::warning, "the node's face lies in another segment", "face"},
    {"node-not-on-its-face", severity::warning, "the node's face has no edge whose NavWorld node this is", "face"},
    {"node-on-no-face", severity::warning, "no face edge names this node", ""},
    {"adjacency-edge-mismatch", severity::error, "the adjacency names an edge that does not join the two nodes", "edge"},
    {"one-way-node-adjacency", severity::warning, "the adjacent node does not list this node back", "adjacent node"},
    {"segment-link-same-segment", severity::warning, "a kind-1 link (which joins segments) leads to a node of its own segment", "linked node"},
    {"linked-node-elsewhere", severity::warning, "the linked node is not at this node's position", "linked node (group x 65536 + node)"},
    {"one-way-node-link", severity::warning, "the linked node does not link back", "linked node (group x 65536 + node)"},
    {"tile-edges-without-links", severity::warning, "face edges into a neighbouring tile and NavWorld nodes linking to one differ in number (equal in every game file)", "nodes linking to a tile"},
    {"edge-across-no-face", severity::warning, "no face has both endpoints among its edge nodes, so the edge crosses no face", ""},
    {"edge-not-in-adjacency", severity::warning, "the endpoints' adjacency records do not name this edge twice (as in every game file)", "times named"},
    {"segment-graph-size", severity::warning, "the SegmentGraph does not have one node per segment", "graph nodes"},
    {"graph-edge-into-nothing", severity::error, "a segment graph edge names a node the graph does not have", "adjacent node"},
    {"one-way-graph-edge", severity::warning, "the joined segment graph node does not join this one back", "adjacent node"},
    {"grid-group-missing", severity::warning, "a NavSystem cell lists segments of a group this file (or set) does not have", "group id"},
    {"segment-not-in-grid", severity::warning, "no NavSystem cell lists this segment, so a search by position cannot find it", ""},
};

// The largest distance, in quantised units per axis times two, between a
// face edge's NavWorld node and the edge's midpoint that is still "on" the
// edge: game files round the midpoint to the nearest unit (|2n - (a + b)| <= 1).
inline constexpr int midpoint_tolerance = 2;

// Whether tile `other` borders tile `own` (own +- 1, +- 64), as every game
// file's links do.
constexpr bool neighbour_tile(std::uint32_t own, std::uint32_t other) noexcept {
    return other + 1 == own || other == own + 1 || other + 64 == own || other == own + 64;
}

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
