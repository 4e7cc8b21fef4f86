// navspan/fox/validate_group.hpp - the check families of one group of a
// Fox .nav2 (faces, NavWorld nodes and edges, the SegmentGraph), which
// fox::validate() (validate.hpp) runs group by group; the offsets of a
// group's records and the lookup of groups by id they share.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "../core/validate.hpp"
#include "file.hpp"
#include "format.hpp"
#include "validate_checks.hpp"

namespace navspan::fox::validate_detail {

// Absolute byte offsets of a group's records (payload = entry + 16; every
// subsection offset is relative to its payload).
struct group_offsets {
    std::uint64_t world = 0, mesh = 0, segments = 0, graph = 0;
    nav_world w;
    navmesh_chunk m;
    segment_chunk sc;
    segment_graph sg;

    explicit group_offsets(const group& g) noexcept
        : world(std::uint64_t{g.nav_world_entry().offset()} + entry_header_size),
          mesh(std::uint64_t{g.navmesh_entry().offset()} + entry_header_size),
          segments(std::uint64_t{g.segment_chunk_entry().offset()} + entry_header_size),
          graph(std::uint64_t{g.segment_graph_entry().offset()} + entry_header_size),
          w(g.nav_world()), m(g.navmesh_chunk()), sc(g.segment_chunk()), sg(g.segment_graph()) {}

    std::uint64_t node_position(std::uint64_t i) const noexcept { return world + w.ss1_offset() + 6 * i; }
    std::uint64_t node_record(const nav_node& n) const noexcept {
        return world + w.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
    std::uint64_t node_link(const nav_node& n) const noexcept {
        return node_record(n) + node_adjacency_size * std::uint64_t{n.adjacency_count()};
    }
    std::uint64_t node_face(std::uint64_t i) const noexcept { return world + w.ss6_offset() + 2 * i; }
    std::uint64_t edge(std::uint64_t i) const noexcept { return world + w.ss4_offset() + 6 * i; }
    std::uint64_t face_word(std::uint64_t i) const noexcept { return mesh + m.ss2_offset() + 4 * i; }
    std::uint64_t face_record(const face& f) const noexcept { return mesh + m.ss3_offset() + f.record_offset(); }
    std::uint64_t segment_box(std::uint64_t s) const noexcept { return segments + sc.ss1_offset() + 12 * s; }
    std::uint64_t graph_node_record(const graph_node& n) const noexcept {
        return graph + sg.ss3_offset() + 2 * std::uint64_t{n.ss3_half_offset()};
    }
};

// The groups of the file or set by id (the first group with an id, as
// nav2_file::find_group finds it), and the start of each group's in-grid
// marks.
class group_lookup {
public:
    group_lookup(std::span<const group> groups, std::span<std::uint32_t> segment_base) noexcept
        : groups_(groups), base_(segment_base) {
        std::uint32_t base = 0;
        for (std::size_t i = 0; i < groups.size(); ++i) {
            if (slot_[groups[i].id()] == 0) slot_[groups[i].id()] = static_cast<std::uint16_t>(i + 1);
            base_[i] = base;
            base += groups[i].segment_chunk().segment_count();
        }
    }
    const group* find(std::uint32_t id) const noexcept {
        return id < 256 && slot_[id] != 0 ? &groups_[slot_[id] - 1u] : nullptr;
    }
    std::size_t index_of(const group* g) const noexcept { return static_cast<std::size_t>(g - groups_.data()); }
    std::uint32_t segment_base(std::size_t group_index) const noexcept { return base_[group_index]; }

private:
    std::span<const group> groups_;
    std::span<std::uint32_t> base_;
    std::uint16_t slot_[256] = {};
};

constexpr std::uint64_t other_group_ref(std::uint32_t group_id, std::uint32_t index) noexcept {
    return std::uint64_t{group_id} << 16 | index;
}

// Which way a file's faces wind: the sum of their signed ground (x/z) areas.
inline double ground_winding(const nav2_file& f) noexcept {
    double sum = 0;
    for (const group g : f.groups()) {
        for (const face fc : g.faces()) {
            for (std::size_t i = 0; i < fc.corner_count(); ++i) {
                const quantized_point p = fc.corner_quantized(i), q = fc.corner_quantized((i + 1) % fc.corner_count());
                sum += static_cast<double>(p.x) * q.z - static_cast<double>(q.x) * p.z;
            }
        }
    }
    return sum;
}

// What every family of a group's checks is given: the group, its offsets,
// the file's facts (tile, winding) and the groups of the file or set.
struct group_context {
    const group& g;
    std::size_t group_index;
    std::uint32_t own_tile;
    double winding;
    const group_lookup& all;
    group_offsets at;
    navmesh_chunk mesh;
    nav_world world;
    segment_chunk segments;

    group_context(const group& g_, std::size_t index, std::uint32_t tile, double wind, const group_lookup& lookup) noexcept
        : g(g_), group_index(index), own_tile(tile), winding(wind), all(lookup), at(g_), mesh(g_.navmesh_chunk()),
          world(g_.nav_world()), segments(g_.segment_chunk()) {}

    // A finding about a record of the group (numbered within it).
    finding in_group(std::string_view record, std::uint64_t index, std::uint64_t offset, std::uint64_t value) const noexcept {
        return navspan::detail::held_by(navspan::detail::make_finding(record, index, index, offset, value), "group",
                                        group_index, g.id());
    }
    // A finding about the group itself.
    finding about_group(std::uint64_t offset, std::uint64_t value) const noexcept {
        return navspan::detail::make_finding("group", group_index, g.id(), offset, value);
    }
};

// For this group only: where each NavWorld node's face list starts (nodes
// + 1), the lists (one entry per face corner, in face order), a stamp per
// face and a count per NavWorld edge, all in the caller's scratch words.
struct face_lists {
    std::span<std::uint32_t> start, listed_faces, stamp, edge_listed;

    face_lists(const group_context& cx, std::span<std::uint32_t> scratch) {
        // The faces that use each NavWorld node as one of their edges:
        // counted, then listed (face order) after each node's start.
        const std::size_t nodes = cx.world.node_count();
        std::size_t corners = 0;
        for (const face fc : cx.mesh.faces()) corners += fc.corner_count();
        start = scratch.first(nodes + 1);
        listed_faces = scratch.subspan(nodes + 1, corners);
        stamp = scratch.subspan(nodes + 1 + corners, cx.mesh.face_count());
        edge_listed = scratch.subspan(nodes + 1 + corners + cx.mesh.face_count(), cx.world.edge_count());
        std::fill(start.begin(), start.end(), 0u);
        std::fill(stamp.begin(), stamp.end(), 0u);
        std::fill(edge_listed.begin(), edge_listed.end(), 0u);
        for (const face fc : cx.mesh.faces()) {
            for (std::size_t i = 0; i < fc.corner_count(); ++i) ++start[fc.edge_node(i) + 1u];
        }
        for (std::size_t n = 0; n < nodes; ++n) start[n + 1] += start[n];
        // Each node's start serves as its cursor while the lists fill (face
        // order), then the starts move back into place.
        for (const face fc : cx.mesh.faces()) {
            for (std::size_t i = 0; i < fc.corner_count(); ++i) listed_faces[start[fc.edge_node(i)]++] = fc.index();
        }
        for (std::size_t n = nodes; n > 0; --n) start[n] = start[n - 1];
        start[0] = 0;
    }
    std::span<const std::uint32_t> faces_of(std::uint32_t node) const {
        return std::span<const std::uint32_t>(listed_faces).subspan(start[node], start[node + 1] - start[node]);
    }
};

// Tool-made files: ranges and face segments the reader had to derive.
template <class Gate>
void check_tool_made(const group_context& cx, Gate& out) {
    if (!cx.segments.stored_node_ranges() || !cx.segments.stored_edge_ranges()) {
        out.add(check::segment_ranges_not_stored,
                cx.about_group(cx.at.segments + cx.segments.ss2_offset(),
                               (cx.segments.stored_node_ranges() ? 0u : 1u) | (cx.segments.stored_edge_ranges() ? 0u : 2u)));
    }
    if (!cx.mesh.face_segment_bits() && cx.mesh.face_count() > 0 && cx.segments.segment_count() > 1) {
        out.add(check::face_segment_bits_missing, cx.about_group(cx.at.face_word(0), cx.segments.segment_count()));
    }
}

// A face's shape: distinct corners, a non-zero area, facing like the
// others, inside the segment box.
template <class Gate>
void check_face_shape(const group_context& cx, const face& fc, Gate& out) {
    const std::size_t n = fc.corner_count();
    const std::uint64_t record = cx.at.face_record(fc);
    auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
        out.add(c, cx.in_group("face", fc.index(), offset, value));
    };
    const segment seg = cx.segments[fc.segment()];
    const quantized_point lo = seg.bounds_min_quantized(), hi = seg.bounds_max_quantized();
    bool repeated = false;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) repeated = repeated || fc.vertex(i) == fc.vertex(j);
    }
    // Twice the area projected on the ground (x/z): negative for every
    // game face, whose normal (b - a) x (c - a) then points up (+y).
    double ground = 0, nx = 0, ny = 0, nz = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const vec3 p = fc.corner(i), q = fc.corner((i + 1) % n);
        ground += static_cast<double>(p.x) * q.z - static_cast<double>(q.x) * p.z;
        nx += (static_cast<double>(p.y) - q.y) * (static_cast<double>(p.z) + q.z);
        ny += (static_cast<double>(p.z) - q.z) * (static_cast<double>(p.x) + q.x);
        nz += (static_cast<double>(p.x) - q.x) * (static_cast<double>(p.y) + q.y);
    }
    const double area = std::sqrt(nx * nx + ny * ny + nz * nz) / 2;
    if (repeated || !(area > 1e-6)) {
        add(check::degenerate_face, record + 2 * n);
    } else if (ground != 0 && (ground > 0) != (cx.winding > 0)) {
        add(check::face_flipped, record + 2 * n);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const quantized_point q = fc.corner_quantized(i);
        if (q.x < lo.x || q.y < lo.y || q.z < lo.z || q.x > hi.x || q.y > hi.y || q.z > hi.z) {
            add(check::vertex_outside_segment_box, record + 2 * n + i, i);
        }
    }
}

// A face edge into another face of the file or set: the neighbour points
// back and shares the edge, one NavWorld node per shared edge.
template <class Gate>
void check_face_neighbour(const group_context& cx, const face& fc, std::size_t i, Gate& out) {
    const std::size_t n = fc.corner_count();
    const std::uint64_t record = cx.at.face_record(fc);
    auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
        out.add(c, cx.in_group("face", fc.index(), offset, value));
    };
    const face_neighbour nb = fc.neighbour(i);
    const quantized_point a = fc.corner_quantized(i), b = fc.corner_quantized((i + 1) % n);
    const bool same = nb.kind() == neighbour_kind::same_group;
    const group* other_group = same ? &cx.g : cx.all.find(nb.group());
    if (other_group == nullptr) return;  // in a split partner not given
    // A trusted open leaves references into other groups unchecked.
    if (nb.face() >= other_group->navmesh_chunk().face_count()) return;
    const face other = other_group->navmesh_chunk().face_at(nb.face());
    bool back = false, shared = false;
    for (std::size_t j = 0; j < other.corner_count(); ++j) {
        const face_neighbour ob = other.neighbour(j);
        const bool points_back =
            same ? ob.kind() == neighbour_kind::same_group && ob.face() == fc.index()
                 : ob.kind() == neighbour_kind::other_group && ob.face() == fc.index() && ob.group() == cx.g.id();
        const quantized_point c = other.corner_quantized(j), d = other.corner_quantized((j + 1) % other.corner_count());
        const bool edge_shared = (c == b && d == a) || (c == a && d == b);
        back = back || points_back;
        shared = shared || edge_shared;
        // One NavWorld node per mesh edge inside a segment.
        if (same && edge_shared && points_back && other.segment() == fc.segment() && other.edge_id(j) != fc.edge_id(i) &&
            fc.index() < other.index()) {
            add(check::shared_edge_two_nodes, record + 3 * n + i, other.index());
        }
    }
    const std::uint64_t target = same ? std::uint64_t{other.index()} : other_group_ref(nb.group(), other.index());
    if (!back) add(same ? check::one_way_face_neighbour : check::one_way_group_neighbour, record + 2 * i, target);
    if (!shared) add(check::neighbour_shares_no_edge, record + 2 * i, target);
}

// A face's edges: the NavWorld node at each edge's midpoint, neighbours
// in the file or set, edges into other tiles (counted: returned).
template <class Gate>
std::uint64_t check_face_edges(const group_context& cx, const face& fc, Gate& out) {
    const std::size_t n = fc.corner_count();
    const std::uint64_t record = cx.at.face_record(fc);
    auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
        out.add(c, cx.in_group("face", fc.index(), offset, value));
    };
    std::uint64_t tile_edges = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const face_neighbour nb = fc.neighbour(i);
        const quantized_point a = fc.corner_quantized(i), b = fc.corner_quantized((i + 1) % n);
        // The edge's NavWorld node sits at the edge's midpoint.
        const quantized_point m = cx.world.node(fc.edge_node(i)).quantized();
        const int off = std::max({std::abs(2 * int{m.x} - int{a.x} - int{b.x}), std::abs(2 * int{m.y} - int{a.y} - int{b.y}),
                                  std::abs(2 * int{m.z} - int{a.z} - int{b.z})});
        if (off > midpoint_tolerance) add(check::edge_node_off_edge, record + 3 * n + i, fc.edge_node(i));
        if (nb.kind() == neighbour_kind::same_group || nb.kind() == neighbour_kind::other_group) {
            check_face_neighbour(cx, fc, i, out);
        } else if (nb.kind() == neighbour_kind::other_tile) {
            ++tile_edges;
            if (!neighbour_tile(cx.own_tile, nb.tile_id())) add(check::odd_neighbour_tile, record + 6 * n + 2 * i, nb.tile_id());
        }
    }
    return tile_edges;
}

// A NavWorld node's link: to a node of the file or set (which must link
// back, at the same place), or into another tile (counted: returned).
template <class Gate>
std::uint64_t check_node_link(const group_context& cx, const nav_node& node, Gate& out) {
    auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
        out.add(c, cx.in_group("node", node.index(), offset, value));
    };
    const node_link link = node.link();
    const std::uint64_t link_at = cx.at.node_link(node);
    if (link.kind() == link_kind::same_group || link.kind() == link_kind::other_group) {
        const bool same = link.kind() == link_kind::same_group;
        const group* other_group = same ? &cx.g : cx.all.find(link.group());
        if (other_group == nullptr) return 0;  // in a split partner not given
        if (link.node() >= other_group->nav_world().node_count()) return 0;  // unchecked (trusted open)
        const nav_node other = other_group->nav_world().node(link.node());
        const std::uint64_t target = same ? std::uint64_t{other.index()} : other_group_ref(link.group(), other.index());
        if (same && other.segment() == node.segment()) add(check::segment_link_same_segment, link_at, other.index());
        if (!(other.quantized() == node.quantized())) add(check::linked_node_elsewhere, link_at, target);
        const node_link back = other.link();
        if (back.kind() != link.kind() || back.node() != node.index() || (!same && back.group() != cx.g.id())) {
            add(check::one_way_node_link, link_at, target);
        }
    } else if (link.kind() == link_kind::other_tile) {
        if (!neighbour_tile(cx.own_tile, link.tile_id())) add(check::odd_neighbour_tile, link_at, link.tile_id());
        return 1;
    }
    return 0;
}

// NavWorld nodes: their face, their adjacency (counting each edge's
// mentions), their link. Returns the links into other tiles.
template <class Gate>
std::uint64_t check_nodes(const group_context& cx, const face_lists& lists, Gate& out) {
    std::uint64_t tile_links = 0;
    for (const nav_node node : cx.world.nodes()) {
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, cx.in_group("node", node.index(), offset, value));
        };
        const face fc = cx.mesh.face_at(node.face());
        if (fc.segment() != node.segment()) {
            add(check::node_face_other_segment, cx.at.node_face(node.index()), fc.index());
        } else {
            bool on_face = false;
            for (std::size_t i = 0; i < fc.corner_count(); ++i) on_face = on_face || fc.edge_node(i) == node.index();
            if (!on_face) add(check::node_not_on_its_face, cx.at.node_face(node.index()), fc.index());
        }
        if (lists.faces_of(node.index()).empty()) add(check::node_on_no_face, cx.at.node_position(node.index()));
        std::uint64_t record = cx.at.node_record(node);
        for (const node_adjacency adj : node.adjacency()) {
            const nav_edge e = cx.world.edge(adj.edge());
            if (!((e.from_node() == node.index() && e.to_node() == adj.node()) ||
                  (e.to_node() == node.index() && e.from_node() == adj.node()))) {
                add(check::adjacency_edge_mismatch, record + 2, adj.edge());
            }
            bool back = false;
            for (const node_adjacency other : cx.world.node(adj.node()).adjacency()) back = back || other.node() == node.index();
            if (!back) add(check::one_way_node_adjacency, record, adj.node());
            ++lists.edge_listed[adj.edge()];
            record += node_adjacency_size;
        }
        tile_links += check_node_link(cx, node, out);
    }
    return tile_links;
}

// NavWorld edges: listed by both endpoints, joining two edges of one
// face. The faces of an edge's start are stamped with the edge's number
// + 1, so the common face is found in one pass over each endpoint's list.
template <class Gate>
void check_edges(const group_context& cx, const face_lists& lists, Gate& out) {
    for (const nav_edge e : cx.world.edges()) {
        for (const std::uint32_t x : lists.faces_of(e.from_node())) lists.stamp[x] = e.index() + 1u;
        bool common = false;
        for (const std::uint32_t x : lists.faces_of(e.to_node())) common = common || lists.stamp[x] == e.index() + 1u;
        if (!common) out.add(check::edge_across_no_face, cx.in_group("edge", e.index(), cx.at.edge(e.index()) + 4, 0));
        if (lists.edge_listed[e.index()] != 2) {
            out.add(check::edge_not_in_adjacency,
                    cx.in_group("edge", e.index(), cx.at.edge(e.index()), lists.edge_listed[e.index()]));
        }
    }
}

// SegmentGraph: one node per segment, same-group edges mutual.
template <class Gate>
void check_segment_graph(const group_context& cx, Gate& out) {
    const segment_graph graph = cx.g.segment_graph();
    if (graph.node_count() != cx.segments.segment_count()) {
        out.add(check::segment_graph_size, cx.about_group(cx.at.graph + 20, graph.node_count()));
    }
    for (const graph_node gn : graph.nodes()) {
        std::uint64_t record = cx.at.graph_node_record(gn);
        for (const graph_edge_same_group e : gn.same_group_edges()) {
            if (e.adjacent_node() >= graph.node_count()) {
                out.add(check::graph_edge_into_nothing, cx.in_group("segment graph node", gn.index(), record + 2, e.adjacent_node()));
            } else {
                bool back = false;
                for (const graph_edge_same_group o : graph.node(e.adjacent_node()).same_group_edges()) {
                    back = back || o.adjacent_node() == gn.index();
                }
                if (!back) out.add(check::one_way_graph_edge, cx.in_group("segment graph node", gn.index(), record + 2, e.adjacent_node()));
            }
            record += 6;
        }
    }
}

// The checks of one group, family by family. `scratch` holds the group's
// face_lists (see validate_storage_needed).
template <class Gate>
void check_group(const group& g, std::size_t group_index, std::uint32_t own_tile, double winding,
                 const group_lookup& all, std::span<std::uint32_t> scratch, Gate& out) {
    const group_context cx(g, group_index, own_tile, winding, all);
    check_tool_made(cx, out);
    const face_lists lists(cx, scratch);
    std::uint64_t tile_edges = 0;
    for (const face fc : cx.mesh.faces()) {
        check_face_shape(cx, fc, out);
        tile_edges += check_face_edges(cx, fc, out);
    }
    const std::uint64_t tile_links = check_nodes(cx, lists, out);
    if (tile_edges != tile_links) {
        out.add(check::tile_edges_without_links, cx.about_group(cx.at.world + cx.world.ss3_offset(), tile_links));
    }
    check_edges(cx, lists, out);
    check_segment_graph(cx, out);
}

}  // namespace navspan::fox::validate_detail
#include "../core/min_max_pop.hpp"
