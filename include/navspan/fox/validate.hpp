// navspan/fox/validate.hpp - checks beyond structure for a Fox Engine .nav2.
//
//   navspan::fox::validate_storage_owner storage(file);   // or spans of your own
//   navspan::fox::validate(file, storage.view(), [](const navspan::finding& f) { ... });
//
// nav2_file::open() proves every index an accessor resolves (a face's
// neighbours, vertices and edge nodes, an edge's endpoints, a node's face
// and link). What it cannot prove is that these references agree with each
// other and with the geometry: that a neighbour points back, that an edge
// node sits on its edge, that a NavWorld edge joins two edges of one face.
// The checks and their severities are `validate_checks` below (and
// docs/validate.md). Every check is quiet on the Konami files of the corpus;
// the Obj2Nav2 test file gets the findings its writer is known for.
//
// Records are numbered within their group: a finding about a face, node,
// edge, segment or segment graph node has parent "group" (parent_index: the
// group's place in file order, parent_id: its id).
//
// Split sets. A tile too large for one file spills groups into its
// `.1.nav2` partner, and faces and nodes may then name a group of the
// partner. validate(nav2_file) leaves references into a group the file does
// not have unchecked (split_set::open checks that they exist);
// validate(split_set) checks both files and follows references across the
// pair (a neighbour there must point back too). Group ids are unique across
// a set (split_set::open refuses a group in both files), so a finding's
// parent_id says which file its offset counts in; "file" records and
// NavSystem cells carry the file's index (0 main, 1 overflow).
//
// A file opened with options::trusted may hold references into other
// groups that point nowhere; the checks skip them.
//
// The lists the checks need (the faces around each NavWorld node, the
// segments some NavSystem cell lists) live in storage the caller provides,
// sized by validate_storage_needed(), so validate() allocates nothing;
// validate_storage_owner is the convenience that allocates it.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "../core/error.hpp"
#include "../core/validate.hpp"
#include "file.hpp"
#include "format.hpp"
#include "split_set.hpp"

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

// Where validate() keeps its lists: the groups of the file (or of both files
// of a set) and words, each span at least as long as validate_storage_needed().
struct validate_storage {
    std::span<group> groups;
    std::span<std::uint32_t> words;
};

struct validate_storage_size {
    std::size_t groups = 0, words = 0;
};

namespace validate_detail {

// Words for one file's groups: a segment base per group, an in-grid mark per
// segment, and the largest group's face lists (see check_group).
inline void add_storage(const nav2_file& file, validate_storage_size& n, std::size_t& per_group) noexcept {
    for (const group g : file.groups()) {
        ++n.groups;
        std::size_t corners = 0;
        for (const face f : g.faces()) corners += f.corner_count();
        n.words += 1 + g.segment_chunk().segment_count();
        per_group = std::max(per_group, std::size_t{g.nav_world().node_count()} + 1 + corners +
                                            g.navmesh_chunk().face_count() + g.nav_world().edge_count());
    }
}

}  // namespace validate_detail

inline validate_storage_size validate_storage_needed(const nav2_file& file) noexcept {
    validate_storage_size n;
    std::size_t per_group = 0;
    validate_detail::add_storage(file, n, per_group);
    n.words += per_group;
    return n;
}

inline validate_storage_size validate_storage_needed(const split_set& set) noexcept {
    validate_storage_size n;
    std::size_t per_group = 0;
    validate_detail::add_storage(set.main(), n, per_group);
    validate_detail::add_storage(set.overflow(), n, per_group);
    n.words += per_group;
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    explicit validate_storage_owner(const nav2_file& file) { size(validate_storage_needed(file)); }
    explicit validate_storage_owner(const split_set& set) { size(validate_storage_needed(set)); }
    validate_storage view() noexcept { return {groups_, words_}; }

private:
    void size(const validate_storage_size& n) {
        groups_.resize(n.groups);
        words_.resize(n.words);
    }
    std::vector<group> groups_;
    std::vector<std::uint32_t> words_;
};

namespace validate_detail {

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

// The checks of one group. `scratch` holds, for this group only: where each
// NavWorld node's face list starts (nodes + 1), the lists (one entry per face
// corner, in face order), a stamp per face and a count per NavWorld edge.
template <class Gate>
void check_group(const group& g, std::size_t group_index, std::uint32_t own_tile, double winding,
                 const group_lookup& all, std::span<std::uint32_t> scratch, Gate& out) {
    const group_offsets at(g);
    const navmesh_chunk mesh = g.navmesh_chunk();
    const nav_world world = g.nav_world();
    const segment_chunk segments = g.segment_chunk();
    auto in_group = [&](std::string_view record, std::uint64_t index, std::uint64_t offset, std::uint64_t value) {
        finding f;
        f.record = record;
        f.index = index;
        f.id = index;
        f.offset = offset;
        f.value = value;
        f.parent = "group";
        f.parent_index = group_index;
        f.parent_id = g.id();
        return f;
    };
    auto group_finding = [&](std::size_t c, std::uint64_t offset, std::uint64_t value) {
        finding f;
        f.record = "group";
        f.index = group_index;
        f.id = g.id();
        f.offset = offset;
        f.value = value;
        out.add(c, f);
    };

    // Tool-made files: ranges and face segments the reader had to derive.
    if (!segments.stored_node_ranges() || !segments.stored_edge_ranges()) {
        group_finding(check::segment_ranges_not_stored, at.segments + segments.ss2_offset(),
                      (segments.stored_node_ranges() ? 0u : 1u) | (segments.stored_edge_ranges() ? 0u : 2u));
    }
    if (!mesh.face_segment_bits() && mesh.face_count() > 0 && segments.segment_count() > 1) {
        group_finding(check::face_segment_bits_missing, at.face_word(0), segments.segment_count());
    }

    // The faces that use each NavWorld node as one of their edges: counted,
    // then listed (face order) after each node's start.
    const std::size_t nodes = world.node_count();
    std::size_t corners = 0;
    for (const face fc : mesh.faces()) corners += fc.corner_count();
    const auto start = scratch.first(nodes + 1);
    const auto listed_faces = scratch.subspan(nodes + 1, corners);
    const auto stamp = scratch.subspan(nodes + 1 + corners, mesh.face_count());
    const auto edge_listed = scratch.subspan(nodes + 1 + corners + mesh.face_count(), world.edge_count());
    std::fill(start.begin(), start.end(), 0u);
    std::fill(stamp.begin(), stamp.end(), 0u);
    std::fill(edge_listed.begin(), edge_listed.end(), 0u);
    for (const face fc : mesh.faces()) {
        for (std::size_t i = 0; i < fc.corner_count(); ++i) ++start[fc.edge_node(i) + 1u];
    }
    for (std::size_t n = 0; n < nodes; ++n) start[n + 1] += start[n];
    // Each node's start serves as its cursor while the lists fill (face
    // order), then the starts move back into place.
    for (const face fc : mesh.faces()) {
        for (std::size_t i = 0; i < fc.corner_count(); ++i) listed_faces[start[fc.edge_node(i)]++] = fc.index();
    }
    for (std::size_t n = nodes; n > 0; --n) start[n] = start[n - 1];
    start[0] = 0;
    auto faces_of = [&](std::uint32_t node) {
        return std::span<const std::uint32_t>(listed_faces).subspan(start[node], start[node + 1] - start[node]);
    };

    std::uint64_t tile_edges = 0;
    for (const face fc : mesh.faces()) {
        const std::size_t n = fc.corner_count();
        const std::uint64_t record = at.face_record(fc);
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, in_group("face", fc.index(), offset, value));
        };
        const segment seg = segments[fc.segment()];
        const quantized_point lo = seg.bounds_min_quantized(), hi = seg.bounds_max_quantized();

        // Shape: distinct corners, a non-zero area, facing like the others,
        // inside the segment box.
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
        } else if (ground != 0 && (ground > 0) != (winding > 0)) {
            add(check::face_flipped, record + 2 * n);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const quantized_point q = fc.corner_quantized(i);
            if (q.x < lo.x || q.y < lo.y || q.z < lo.z || q.x > hi.x || q.y > hi.y || q.z > hi.z) {
                add(check::vertex_outside_segment_box, record + 2 * n + i, i);
            }
        }

        for (std::size_t i = 0; i < n; ++i) {
            const face_neighbour nb = fc.neighbour(i);
            const quantized_point a = fc.corner_quantized(i), b = fc.corner_quantized((i + 1) % n);
            const std::uint64_t adjacency_at = record + 2 * i;

            // The edge's NavWorld node sits at the edge's midpoint.
            const quantized_point m = world.node(fc.edge_node(i)).quantized();
            const int off = std::max({std::abs(2 * int{m.x} - int{a.x} - int{b.x}), std::abs(2 * int{m.y} - int{a.y} - int{b.y}),
                                      std::abs(2 * int{m.z} - int{a.z} - int{b.z})});
            if (off > midpoint_tolerance) add(check::edge_node_off_edge, record + 3 * n + i, fc.edge_node(i));

            if (nb.kind() == neighbour_kind::same_group || nb.kind() == neighbour_kind::other_group) {
                const bool same = nb.kind() == neighbour_kind::same_group;
                const group* other_group = same ? &g : all.find(nb.group());
                if (other_group == nullptr) continue;  // in a split partner not given
                // A trusted open leaves references into other groups unchecked.
                if (nb.face() >= other_group->navmesh_chunk().face_count()) continue;
                const face other = other_group->navmesh_chunk().face_at(nb.face());
                bool back = false, shared = false;
                for (std::size_t j = 0; j < other.corner_count(); ++j) {
                    const face_neighbour ob = other.neighbour(j);
                    const bool points_back =
                        same ? ob.kind() == neighbour_kind::same_group && ob.face() == fc.index()
                             : ob.kind() == neighbour_kind::other_group && ob.face() == fc.index() && ob.group() == g.id();
                    const quantized_point c = other.corner_quantized(j), d = other.corner_quantized((j + 1) % other.corner_count());
                    const bool edge_shared = (c == b && d == a) || (c == a && d == b);
                    back = back || points_back;
                    shared = shared || edge_shared;
                    // One NavWorld node per mesh edge inside a segment.
                    if (same && edge_shared && points_back && other.segment() == fc.segment() &&
                        other.edge_id(j) != fc.edge_id(i) && fc.index() < other.index()) {
                        add(check::shared_edge_two_nodes, record + 3 * n + i, other.index());
                    }
                }
                const std::uint64_t target = same ? std::uint64_t{other.index()} : other_group_ref(nb.group(), other.index());
                if (!back) add(same ? check::one_way_face_neighbour : check::one_way_group_neighbour, adjacency_at, target);
                if (!shared) add(check::neighbour_shares_no_edge, adjacency_at, target);
            } else if (nb.kind() == neighbour_kind::other_tile) {
                ++tile_edges;
                if (!neighbour_tile(own_tile, nb.tile_id())) add(check::odd_neighbour_tile, record + 6 * n + 2 * i, nb.tile_id());
            }
        }
    }

    // NavWorld nodes: their face, their adjacency, their link.
    std::uint64_t tile_links = 0;
    for (const nav_node node : world.nodes()) {
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, in_group("node", node.index(), offset, value));
        };
        const face fc = mesh.face_at(node.face());
        if (fc.segment() != node.segment()) {
            add(check::node_face_other_segment, at.node_face(node.index()), fc.index());
        } else {
            bool on_face = false;
            for (std::size_t i = 0; i < fc.corner_count(); ++i) on_face = on_face || fc.edge_node(i) == node.index();
            if (!on_face) add(check::node_not_on_its_face, at.node_face(node.index()), fc.index());
        }
        if (faces_of(node.index()).empty()) add(check::node_on_no_face, at.node_position(node.index()));
        std::uint64_t record = at.node_record(node);
        for (const node_adjacency adj : node.adjacency()) {
            const nav_edge e = world.edge(adj.edge());
            if (!((e.from_node() == node.index() && e.to_node() == adj.node()) ||
                  (e.to_node() == node.index() && e.from_node() == adj.node()))) {
                add(check::adjacency_edge_mismatch, record + 2, adj.edge());
            }
            bool back = false;
            for (const node_adjacency other : world.node(adj.node()).adjacency()) back = back || other.node() == node.index();
            if (!back) add(check::one_way_node_adjacency, record, adj.node());
            ++edge_listed[adj.edge()];
            record += node_adjacency_size;
        }
        const node_link link = node.link();
        const std::uint64_t link_at = at.node_link(node);
        if (link.kind() == link_kind::same_group || link.kind() == link_kind::other_group) {
            const bool same = link.kind() == link_kind::same_group;
            const group* other_group = same ? &g : all.find(link.group());
            if (other_group == nullptr) continue;  // in a split partner not given
            if (link.node() >= other_group->nav_world().node_count()) continue;  // unchecked (trusted open)
            const nav_node other = other_group->nav_world().node(link.node());
            const std::uint64_t target = same ? std::uint64_t{other.index()} : other_group_ref(link.group(), other.index());
            if (same && other.segment() == node.segment()) add(check::segment_link_same_segment, link_at, other.index());
            if (!(other.quantized() == node.quantized())) add(check::linked_node_elsewhere, link_at, target);
            const node_link back = other.link();
            if (back.kind() != link.kind() || back.node() != node.index() || (!same && back.group() != g.id())) {
                add(check::one_way_node_link, link_at, target);
            }
        } else if (link.kind() == link_kind::other_tile) {
            ++tile_links;
            if (!neighbour_tile(own_tile, link.tile_id())) add(check::odd_neighbour_tile, link_at, link.tile_id());
        }
    }
    if (tile_edges != tile_links) group_finding(check::tile_edges_without_links, at.world + world.ss3_offset(), tile_links);

    // NavWorld edges: listed by both endpoints, joining two edges of one
    // face. The faces of an edge's start are stamped with the edge's number
    // + 1, so the common face is found in one pass over each endpoint's list.
    for (const nav_edge e : world.edges()) {
        for (const std::uint32_t x : faces_of(e.from_node())) stamp[x] = e.index() + 1u;
        bool common = false;
        for (const std::uint32_t x : faces_of(e.to_node())) common = common || stamp[x] == e.index() + 1u;
        if (!common) out.add(check::edge_across_no_face, in_group("edge", e.index(), at.edge(e.index()) + 4, 0));
        if (edge_listed[e.index()] != 2) {
            out.add(check::edge_not_in_adjacency, in_group("edge", e.index(), at.edge(e.index()), edge_listed[e.index()]));
        }
    }

    // SegmentGraph: one node per segment, same-group edges mutual.
    const segment_graph graph = g.segment_graph();
    if (graph.node_count() != segments.segment_count()) {
        group_finding(check::segment_graph_size, at.graph + 20, graph.node_count());
    }
    for (const graph_node gn : graph.nodes()) {
        std::uint64_t record = at.graph_node_record(gn);
        for (const graph_edge_same_group e : gn.same_group_edges()) {
            if (e.adjacent_node() >= graph.node_count()) {
                out.add(check::graph_edge_into_nothing, in_group("segment graph node", gn.index(), record + 2, e.adjacent_node()));
            } else {
                bool back = false;
                for (const graph_edge_same_group o : graph.node(e.adjacent_node()).same_group_edges()) {
                    back = back || o.adjacent_node() == gn.index();
                }
                if (!back) out.add(check::one_way_graph_edge, in_group("segment graph node", gn.index(), record + 2, e.adjacent_node()));
            }
            record += 6;
        }
    }
}

// Everything of one file but the segment-not-in-grid verdict, which waits
// until every NavSystem of the set has marked its segments.
template <class Gate>
void check_file(const nav2_file& f, const group_lookup& all, std::span<std::uint32_t> in_grid,
                std::span<std::uint32_t> scratch, Gate& out) {
    const std::uint32_t file_index = f.header().file_index();
    if (!f.trailing().empty()) {
        out.add(check::trailing_bytes, "file", file_index, file_index, f.header().file_size(), f.trailing().size());
    }
    const double winding = ground_winding(f);
    std::size_t index = 0;
    for (const group g : f.groups()) {
        check_group(g, index, f.header().tile_id(), winding, all, scratch, out);
        ++index;
    }
    if (!f.has_nav_system()) return;
    const nav_system ns = f.nav_system();
    std::uint64_t c = 0;
    for (const nav_cell cell : ns.cells()) {
        std::uint64_t r_at = std::uint64_t{ns.offset()} + ns.ss1_offset() + 8 * c + cell.rel_offset();
        for (const cell_record r : cell.records()) {
            const group* listed = all.find(r.group_id());
            if (listed == nullptr) {
                finding x;
                x.record = "nav system cell";
                x.index = c;
                x.id = c;
                x.offset = r_at;
                x.value = r.group_id();
                x.parent = "file";
                x.parent_index = file_index;
                x.parent_id = file_index;
                out.add(check::grid_group_missing, x);
            } else {
                const std::uint32_t base = all.segment_base(all.index_of(listed));
                const std::uint32_t segments = listed->segment_chunk().segment_count();
                for (const std::uint16_t s : r.segments()) {
                    if (s < segments) in_grid[base + s] = 1;
                }
            }
            r_at += r.size_bytes();
        }
        ++c;
    }
}

// Segments of `f`'s groups that no NavSystem cell listed (only for a file
// that has a NavSystem).
template <class Gate>
void report_grid(const nav2_file& f, const group_lookup& all, std::size_t first_group, std::span<const std::uint32_t> in_grid,
                 Gate& out) {
    if (!f.has_nav_system()) return;
    std::size_t index = 0;
    for (const group g : f.groups()) {
        const group_offsets at(g);
        const std::uint32_t base = all.segment_base(first_group + index);
        for (std::uint32_t s = 0; s < g.segment_chunk().segment_count(); ++s) {
            if (in_grid[base + s] != 0) continue;
            finding x;
            x.record = "segment";
            x.index = s;
            x.id = s;
            x.offset = at.segment_box(s);
            x.parent = "group";
            x.parent_index = index;
            x.parent_id = g.id();
            out.add(check::segment_not_in_grid, x);
        }
        ++index;
    }
}

template <class Sink>
error validate_files(std::span<const nav2_file> files, validate_storage storage, const validate_storage_size& need,
                     Sink& sink, check_set checks) {
    if (storage.groups.size() < need.groups || storage.words.size() < need.words) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate storage", need.words, storage.words.size());
    }
    // Fox's checks share one pass over each group's lists, so a check left
    // out is dropped at the gate rather than skipped (every pass is linear).
    navspan::detail::finding_gate<check::count, Sink> out(validate_checks, sink, checks);
    std::size_t n = 0;
    for (const nav2_file& f : files) {
        for (const group g : f.groups()) storage.groups[n++] = g;
    }
    const std::span<const group> groups = storage.groups.first(n);
    std::size_t segments = 0;
    for (const group& g : groups) segments += g.segment_chunk().segment_count();
    const auto bases = storage.words.first(n);
    const auto in_grid = storage.words.subspan(n, segments);
    const auto scratch = storage.words.subspan(n + segments);
    std::fill(in_grid.begin(), in_grid.end(), 0u);
    const group_lookup all(groups, bases);
    for (const nav2_file& f : files) {
        check_file(f, all, in_grid, scratch, out);
    }
    std::size_t first = 0;
    for (const nav2_file& f : files) {
        report_grid(f, all, first, in_grid, out);
        first += f.group_count();
    }
    out.finish();
    return {};
}

}  // namespace validate_detail

// Runs the checks of validate_checks in `checks` (every one by default) on
// a verified file and calls
// sink(const finding&) for each (at most findings_per_check per check, then
// one closing finding per capped check). References into groups the file
// does not have (its split partner's) are left alone. Fails only with
// limit_exceeded when `storage` is too small. Allocates nothing.
template <class Sink>
error validate(const nav2_file& file, validate_storage storage, Sink&& sink, check_set checks = {}) {
    return validate_detail::validate_files(std::span<const nav2_file>(&file, 1), storage, validate_storage_needed(file), sink,
                                           checks);
}

// Both files of a split set, references across the pair followed (see the
// top of this file).
template <class Sink>
error validate(const split_set& set, validate_storage storage, Sink&& sink, check_set checks = {}) {
    const nav2_file files[2] = {set.main(), set.overflow()};
    return validate_detail::validate_files(std::span<const nav2_file>(files), storage, validate_storage_needed(set), sink,
                                           checks);
}

// The convenience forms: allocate the storage, then validate.
template <class Sink>
error validate(const nav2_file& file, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(file);
    return validate(file, storage.view(), sink, checks);
}
template <class Sink>
error validate(const split_set& set, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(set);
    return validate(set, storage.view(), sink, checks);
}

}  // namespace navspan::fox
#include "../core/min_max_pop.hpp"
