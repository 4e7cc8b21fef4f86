// A writer of synthetic Fox Engine `.nav2` files for the tests, the fuzz
// seeds and the benchmarks.
//
// A fox_file describes groups of segments of polygons (triangles or quads);
// add_polygon_segment() derives what a game file stores for them (one
// NavWorld node per mesh edge at its midpoint, NavWorld edges between the
// edges of each face, face adjacency inside the segment, the segment box).
// Tests then add what crosses segments, groups and tiles by hand, and
// write_fox() lays the file out either as the game does (entries grouped by
// type, firsts and face segment bits filled) or as Obj2Nav2 does (entries
// per group, firsts 0, no segment bits, manifestSize without the count).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <navspan/fox.hpp>

#include "support/byte_writer.hpp"

namespace navspan_test {

struct fox_point {
    std::uint16_t x = 0, y = 0, z = 0;
};

struct fox_face {
    std::vector<std::uint8_t> vertices;    // segment-local, 3 or 4
    std::vector<std::uint16_t> adjacency;  // raw values: 0xFFFF, face, 0x4000 | face, 0xBFFF
    std::vector<std::uint8_t> edge_ids;    // segment-local NavWorld nodes
    // Written when some adjacency leaves the group; defaults {0xFFFF, 0}.
    std::vector<std::uint16_t> ext_a, ext_b;
};

struct fox_node {
    fox_point position;
    std::vector<std::pair<std::uint16_t, std::uint16_t>> adjacency;  // (group node, group edge)
    std::uint8_t link_kind = 0;                                       // 0, 1, 2 or 4
    std::vector<std::uint16_t> link_words;                            // 0, 1, 2 or 3 words
    std::uint16_t face = 0;                                           // group face index
};

struct fox_edge {
    std::uint16_t weight = 0;
    std::uint8_t from_local = 0, to_local = 0;
};

struct fox_graph_edge {
    std::uint16_t a = 0;  // same group: weight; other group: group id; other tile: tile id
    std::uint16_t b = 0;  // same: adjacent node; group: weight; tile: group id
    std::uint16_t c = 0;  // group: adjacent node; tile: adjacent node
    std::uint16_t d = 0x0FFF;  // tile: u4
    std::uint8_t last = 0;     // u1 / u5 / u6
    std::vector<std::uint8_t> mesh_edge_ids;
};

struct fox_graph_node {
    fox_point position;
    std::int16_t u3 = 0;
    std::uint16_t u4 = 0xFFFF;
    std::uint8_t u5 = 0xFF, u6 = 0xFF;
    std::vector<fox_graph_edge> same_group, other_group, other_tile;
};

struct fox_segment {
    fox_point box_min, box_max;
    std::vector<fox_point> vertices;
    std::vector<fox_face> faces;
    std::vector<fox_node> nodes;
    std::vector<fox_edge> edges;
    std::uint16_t flags = 0x04E1;
    fox_graph_node graph;
};

struct fox_group {
    std::uint8_t id = 4;
    std::vector<fox_segment> segments;

    std::size_t face_count() const {
        std::size_t n = 0;
        for (const auto& s : segments) n += s.faces.size();
        return n;
    }
    std::size_t node_count() const {
        std::size_t n = 0;
        for (const auto& s : segments) n += s.nodes.size();
        return n;
    }
    std::size_t edge_count() const {
        std::size_t n = 0;
        for (const auto& s : segments) n += s.edges.size();
        return n;
    }
    // Group index of segment s's first face / node.
    std::size_t first_face(std::size_t s) const {
        std::size_t n = 0;
        for (std::size_t i = 0; i < s; ++i) n += segments[i].faces.size();
        return n;
    }
    std::size_t first_node(std::size_t s) const {
        std::size_t n = 0;
        for (std::size_t i = 0; i < s; ++i) n += segments[i].nodes.size();
        return n;
    }
    fox_node& node(std::size_t group_index) {
        for (auto& s : segments) {
            if (group_index < s.nodes.size()) return s.nodes[group_index];
            group_index -= s.nodes.size();
        }
        return segments.back().nodes.back();
    }
    fox_face& face(std::size_t group_index) {
        for (auto& s : segments) {
            if (group_index < s.faces.size()) return s.faces[group_index];
            group_index -= s.faces.size();
        }
        return segments.back().faces.back();
    }
};

struct fox_section2_node {
    fox_point position;
    std::uint16_t flags = 0x04E1;
    std::vector<std::pair<std::uint16_t, std::uint16_t>> adjacency;  // (weight, node)
    std::vector<std::uint16_t> extra;                                // countB words
    std::uint32_t a = 0x00018004;
    std::uint16_t b = 0, c = 0;
    std::uint16_t ss4 = 0;
};

struct fox_section2_entry {
    std::vector<fox_section2_node> nodes;
    std::vector<std::array<std::uint16_t, 3>> neighbours = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    std::vector<std::uint8_t> tail = std::vector<std::uint8_t>(8, 0);
};

struct fox_cell_record {
    std::uint8_t group = 4;
    std::vector<std::uint16_t> segments;
};

struct fox_cell {
    std::vector<fox_cell_record> records;
    std::uint8_t u2 = 0, u3 = 0;
};

struct fox_nav_system {
    navspan::vec3 origin{0, -32, 0};
    std::uint32_t unknown = 0x1234;
    std::uint32_t nx = 1, ny = 1, nz = 1, cell_size = 10, n5 = 768;
    std::vector<fox_cell> cells = std::vector<fox_cell>(1);
};

enum class fox_layout { game, tool };

struct fox_file {
    std::uint8_t file_index = 0;
    std::uint32_t tile_id = 0;
    navspan::vec3 origin{0, 0, 0};
    std::uint16_t divisors[3] = {511, 2569, 511};
    std::uint16_t u1h = 127;
    std::uint8_t n7 = 1;
    std::vector<fox_group> groups;
    bool section2 = false;
    std::vector<fox_section2_entry> section2_entries;
    std::vector<std::uint8_t> section3;  // present when not empty
    bool nav_system = true;
    fox_nav_system grid;
    fox_layout layout = fox_layout::game;
    bool zero_manifest_sizes = false;  // the early Obj2Nav2 writer
    std::size_t trailing = 0;          // junk bytes after fileSize
};

// Appends a segment made of `polygons` (3 or 4 segment-local vertex
// indices each) to `g`: the mesh edges become NavWorld nodes at their
// midpoints, each face links the nodes of consecutive edges by NavWorld
// edges, faces sharing an edge become neighbours.
inline fox_segment& add_polygon_segment(fox_group& g, const std::vector<fox_point>& vertices,
                                        const std::vector<std::vector<std::uint8_t>>& polygons) {
    const std::size_t face_base = g.face_count();
    const std::size_t node_base = g.node_count();
    const std::size_t edge_base = g.edge_count();
    fox_segment s;
    s.vertices = vertices;
    s.box_min = s.box_max = vertices.front();
    for (const auto& v : vertices) {
        s.box_min = {std::min(s.box_min.x, v.x), std::min(s.box_min.y, v.y), std::min(s.box_min.z, v.z)};
        s.box_max = {std::max(s.box_max.x, v.x), std::max(s.box_max.y, v.y), std::max(s.box_max.z, v.z)};
    }
    std::map<std::pair<int, int>, std::uint8_t> node_of_edge;
    std::map<std::pair<int, int>, std::vector<std::size_t>> faces_of_edge;
    for (std::size_t f = 0; f < polygons.size(); ++f) {
        const auto& poly = polygons[f];
        fox_face face;
        face.vertices = poly;
        for (std::size_t j = 0; j < poly.size(); ++j) {
            const int a = poly[j], b = poly[(j + 1) % poly.size()];
            const auto key = std::make_pair(std::min(a, b), std::max(a, b));
            auto it = node_of_edge.find(key);
            if (it == node_of_edge.end()) {
                const auto local = static_cast<std::uint8_t>(s.nodes.size());
                it = node_of_edge.emplace(key, local).first;
                fox_node n;
                const fox_point& va = vertices[static_cast<std::size_t>(a)];
                const fox_point& vb = vertices[static_cast<std::size_t>(b)];
                n.position = {static_cast<std::uint16_t>((va.x + vb.x) / 2), static_cast<std::uint16_t>((va.y + vb.y) / 2),
                              static_cast<std::uint16_t>((va.z + vb.z) / 2)};
                n.face = static_cast<std::uint16_t>(face_base + f);
                s.nodes.push_back(n);
            }
            face.edge_ids.push_back(it->second);
            faces_of_edge[key].push_back(f);
        }
        s.faces.push_back(face);
    }
    for (std::size_t f = 0; f < polygons.size(); ++f) {
        const auto& poly = polygons[f];
        auto& face = s.faces[f];
        for (std::size_t j = 0; j < poly.size(); ++j) {
            const int a = poly[j], b = poly[(j + 1) % poly.size()];
            const auto& sharing = faces_of_edge[{std::min(a, b), std::max(a, b)}];
            std::uint16_t adjacent = 0xFFFF;
            for (std::size_t other : sharing) {
                if (other != f) adjacent = static_cast<std::uint16_t>(face_base + other);
            }
            face.adjacency.push_back(adjacent);
        }
        // NavWorld edges between the nodes of consecutive face edges.
        for (std::size_t j = 0; j < poly.size(); ++j) {
            const std::uint8_t from = face.edge_ids[j], to = face.edge_ids[(j + 1) % poly.size()];
            const fox_point& p = s.nodes[from].position;
            const fox_point& q = s.nodes[to].position;
            const double dx = double(p.x) - double(q.x), dz = double(p.z) - double(q.z);
            fox_edge e;
            e.weight = static_cast<std::uint16_t>(std::min(65535.0, std::sqrt(dx * dx + dz * dz) / 4.0));
            e.from_local = from;
            e.to_local = to;
            const auto edge_index = static_cast<std::uint16_t>(edge_base + s.edges.size());
            s.edges.push_back(e);
            s.nodes[from].adjacency.emplace_back(static_cast<std::uint16_t>(node_base + to), edge_index);
            s.nodes[to].adjacency.emplace_back(static_cast<std::uint16_t>(node_base + from), edge_index);
        }
    }
    s.graph.position = {static_cast<std::uint16_t>((s.box_min.x + s.box_max.x) / 2),
                        static_cast<std::uint16_t>((s.box_min.y + s.box_max.y) / 2),
                        static_cast<std::uint16_t>((s.box_min.z + s.box_max.z) / 2)};
    g.segments.push_back(std::move(s));
    return g.segments.back();
}

// A k x k grid of cells at (x0, z0), `step` quantised units apart, split
// into triangles (or kept as quads).
inline fox_segment& add_grid_segment(fox_group& g, std::uint16_t x0, std::uint16_t z0, std::uint16_t step, int k,
                                     std::uint16_t y = 100, bool quads = false) {
    std::vector<fox_point> vertices;
    for (int j = 0; j <= k; ++j) {
        for (int i = 0; i <= k; ++i) {
            // The height depends on the absolute position, so vertices that
            // neighbouring segments share coincide.
            const int x = x0 + i * step, z = z0 + j * step;
            vertices.push_back({static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y + (x / step + z / step) % 3),
                                static_cast<std::uint16_t>(z)});
        }
    }
    std::vector<std::vector<std::uint8_t>> polygons;
    for (int j = 0; j < k; ++j) {
        for (int i = 0; i < k; ++i) {
            const auto v = [&](int a, int b) { return static_cast<std::uint8_t>(b * (k + 1) + a); };
            if (quads) {
                polygons.push_back({v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)});
            } else {
                polygons.push_back({v(i, j), v(i + 1, j), v(i + 1, j + 1)});
                polygons.push_back({v(i, j), v(i + 1, j + 1), v(i, j + 1)});
            }
        }
    }
    return add_polygon_segment(g, vertices, polygons);
}

namespace fox_detail {

inline void pad16(byte_writer& w) { w.zeros((16 - w.size() % 16) % 16); }
inline void point(byte_writer& w, const fox_point& p) { w.u16(p.x).u16(p.y).u16(p.z); }

inline std::vector<std::byte> nav_world_payload(const fox_group& g) {
    byte_writer w;
    w.zeros(48);
    const std::size_t nodes = g.node_count(), edges = g.edge_count();
    std::size_t ss[6];  // ss1, ss2, ss3, ss4, ss5, ss6
    ss[0] = w.size();
    for (const auto& s : g.segments) for (const auto& n : s.nodes) point(w, n.position);
    pad16(w);
    ss[1] = w.size();
    std::size_t half = 0;
    for (std::size_t si = 0; si < g.segments.size(); ++si) {
        for (const auto& n : g.segments[si].nodes) {
            w.u16(static_cast<std::uint32_t>(half)).u16(static_cast<std::uint32_t>(si));
            w.u8(static_cast<std::uint32_t>(n.adjacency.size())).u8(n.link_kind);
            half += (4 * n.adjacency.size() + 2 * n.link_words.size()) / 2;
        }
    }
    pad16(w);
    ss[2] = w.size();
    for (const auto& s : g.segments) {
        for (const auto& n : s.nodes) {
            for (const auto& [node, edge] : n.adjacency) w.u16(node).u16(edge);
            for (std::uint16_t word : n.link_words) w.u16(word);
        }
    }
    pad16(w);
    ss[3] = w.size();
    for (std::size_t si = 0; si < g.segments.size(); ++si) {
        for (const auto& e : g.segments[si].edges) {
            w.u16(e.weight).u16(static_cast<std::uint32_t>(si)).u8(e.from_local).u8(e.to_local);
        }
    }
    pad16(w);
    ss[4] = w.size();
    for (const auto& s : g.segments) w.u16(s.flags);
    pad16(w);
    ss[5] = w.size();
    for (const auto& s : g.segments) for (const auto& n : s.nodes) w.u16(n.face);
    pad16(w);
    w.patch_u32(0, static_cast<std::uint32_t>(ss[0]));
    w.patch_u32(4, static_cast<std::uint32_t>(ss[1]));
    w.patch_u32(8, static_cast<std::uint32_t>(ss[3]));   // ss4 is stored before ss3
    w.patch_u32(12, static_cast<std::uint32_t>(ss[2]));
    w.patch_u32(24, static_cast<std::uint32_t>(ss[4]));
    w.patch_u32(32, static_cast<std::uint32_t>(ss[5]));
    w.patch_u16(36, static_cast<std::uint16_t>(nodes));
    w.patch_u16(38, static_cast<std::uint16_t>(edges));
    w.patch_u16(46, static_cast<std::uint16_t>(g.segments.size()));
    return std::move(w).bytes();
}

inline bool leaves_group(std::uint16_t v) {
    return v == 0xBFFF || ((v & 0x8000) == 0 && (v & 0x4000) != 0);
}

inline std::vector<std::byte> navmesh_payload(const fox_group& g, fox_layout layout) {
    byte_writer w;
    w.zeros(32);
    const std::size_t ss1 = w.size();
    std::size_t vertices = 0;
    for (const auto& s : g.segments) {
        for (const auto& v : s.vertices) point(w, v);
        vertices += s.vertices.size();
    }
    pad16(w);
    const std::size_t ss2 = w.size();
    const std::size_t faces = g.face_count();
    w.zeros(4 * faces);
    pad16(w);
    const std::size_t ss3 = w.size();
    std::size_t f = 0;
    for (std::size_t si = 0; si < g.segments.size(); ++si) {
        for (const auto& face : g.segments[si].faces) {
            const std::size_t n = face.vertices.size();
            const bool extension = std::any_of(face.adjacency.begin(), face.adjacency.end(), leaves_group);
            std::uint32_t word = static_cast<std::uint32_t>((w.size() - ss3) / 2);
            if (n == 4) word |= 1u << 18;
            if (layout == fox_layout::game) word |= static_cast<std::uint32_t>(si) << 20;
            w.patch_u32(ss2 + 4 * f, word);
            for (std::uint16_t a : face.adjacency) w.u16(a);
            for (std::uint8_t v : face.vertices) w.u8(v);
            for (std::uint8_t e : face.edge_ids) w.u8(e);
            if (extension) {
                for (std::size_t i = 0; i < n; ++i) w.u16(i < face.ext_a.size() ? face.ext_a[i] : 0xFFFFu);
                for (std::size_t i = 0; i < n; ++i) w.u16(i < face.ext_b.size() ? face.ext_b[i] : 0u);
            }
            pad16(w);
            ++f;
        }
    }
    w.patch_u32(0, static_cast<std::uint32_t>(ss1));
    w.patch_u32(4, static_cast<std::uint32_t>(ss2));
    w.patch_u32(8, static_cast<std::uint32_t>(ss3));
    w.patch_u16(24, static_cast<std::uint16_t>(faces));
    w.patch_u16(26, static_cast<std::uint16_t>(vertices));
    return std::move(w).bytes();
}

inline std::vector<std::byte> segment_chunk_payload(const fox_group& g, fox_layout layout) {
    byte_writer w;
    w.zeros(16);
    const std::size_t ss1 = w.size();
    for (const auto& s : g.segments) {
        point(w, s.box_min);
        point(w, s.box_max);
    }
    pad16(w);
    const std::size_t ss2 = w.size();
    std::size_t vertices = 0, faces = 0, edges = 0, nodes = 0;
    for (const auto& s : g.segments) {
        const bool game = layout == fox_layout::game;
        w.u16(static_cast<std::uint32_t>(vertices)).u16(static_cast<std::uint32_t>(faces));
        w.u16(game ? static_cast<std::uint32_t>(edges) : 0u).u16(game ? static_cast<std::uint32_t>(nodes) : 0u);
        w.u8(static_cast<std::uint32_t>(s.vertices.size())).u8(static_cast<std::uint32_t>(s.faces.size()));
        w.u8(static_cast<std::uint32_t>(s.edges.size())).u8(static_cast<std::uint32_t>(s.nodes.size()));
        vertices += s.vertices.size();
        faces += s.faces.size();
        edges += s.edges.size();
        nodes += s.nodes.size();
    }
    pad16(w);
    w.patch_u32(0, static_cast<std::uint32_t>(ss1));
    w.patch_u32(4, static_cast<std::uint32_t>(ss2));
    w.patch_u32(8, static_cast<std::uint32_t>(w.size()));
    w.patch_u32(12, static_cast<std::uint32_t>(g.segments.size()));
    return std::move(w).bytes();
}

inline std::vector<std::byte> segment_graph_payload(const fox_group& g) {
    byte_writer w;
    w.zeros(32);
    const std::size_t ss1 = w.size();
    for (const auto& s : g.segments) point(w, s.graph.position);
    pad16(w);
    const std::size_t ss2 = w.size();
    w.zeros(12 * g.segments.size());
    pad16(w);
    const std::size_t ss3 = w.size();
    std::uint32_t total_ids = 0;
    for (std::size_t si = 0; si < g.segments.size(); ++si) {
        const fox_graph_node& n = g.segments[si].graph;
        if ((w.size() - ss3) % 2 != 0) w.u8(0);
        const std::size_t half = (w.size() - ss3) / 2;
        const std::size_t info = ss2 + 12 * si;
        w.patch<std::uint8_t>(info, static_cast<std::uint8_t>(half & 0xFF));
        w.patch<std::uint8_t>(info + 1, static_cast<std::uint8_t>((half >> 8) & 0xFF));
        w.patch<std::uint8_t>(info + 2, static_cast<std::uint8_t>((half >> 16) & 0xFF));
        w.patch<std::uint8_t>(info + 3, static_cast<std::uint8_t>(n.same_group.size()));
        w.patch<std::int16_t>(info + 4, n.u3);
        w.patch<std::uint16_t>(info + 6, n.u4);
        w.patch<std::uint8_t>(info + 8, n.u5);
        w.patch<std::uint8_t>(info + 9, n.u6);
        w.patch<std::uint8_t>(info + 10, static_cast<std::uint8_t>(n.other_group.size()));
        w.patch<std::uint8_t>(info + 11, static_cast<std::uint8_t>(n.other_tile.size()));
        for (const auto& e : n.same_group) w.u16(e.a).u16(e.b).u8(static_cast<std::uint32_t>(e.mesh_edge_ids.size())).u8(e.last);
        for (const auto& e : n.other_group) {
            w.u16(e.a).u16(e.b).u16(e.c).u8(static_cast<std::uint32_t>(e.mesh_edge_ids.size())).u8(e.last);
        }
        for (const auto& e : n.other_tile) {
            w.u16(e.a).u16(e.b).u16(e.c).u16(e.d).u8(static_cast<std::uint32_t>(e.mesh_edge_ids.size())).u8(e.last);
        }
        for (const auto* list : {&n.same_group, &n.other_group, &n.other_tile}) {
            for (const auto& e : *list) {
                for (std::uint8_t id : e.mesh_edge_ids) w.u8(id);
                total_ids += static_cast<std::uint32_t>(e.mesh_edge_ids.size());
            }
        }
    }
    pad16(w);
    w.patch_u32(0, static_cast<std::uint32_t>(ss1));
    w.patch_u32(4, static_cast<std::uint32_t>(ss2));
    w.patch_u32(8, static_cast<std::uint32_t>(ss3));
    w.patch_u32(16, static_cast<std::uint32_t>(w.size()));
    w.patch_u32(20, static_cast<std::uint32_t>(g.segments.size()));
    w.patch_u32(26, total_ids);
    return std::move(w).bytes();
}

inline void section2_entry(byte_writer& w, const fox_section2_entry& e) {
    const std::size_t start = w.size();
    w.zeros(16);
    const auto rel = [&] { return static_cast<std::uint16_t>(w.size() - start); };
    const std::uint16_t ss1 = rel();
    std::uint16_t offset = 0;
    for (const auto& n : e.nodes) {
        point(w, n.position);
        w.u16(n.flags).u16(offset).u16(static_cast<std::uint32_t>(n.extra.size()));
        w.u16(static_cast<std::uint32_t>(n.adjacency.size()));
        offset = static_cast<std::uint16_t>(offset + 4 * n.adjacency.size() + 2 * n.extra.size());
    }
    if (!e.nodes.empty()) w.zeros((16 - (w.size() - start) % 16) % 16);
    const std::uint16_t ss2 = rel();
    for (const auto& n : e.nodes) {
        for (const auto& [weight, node] : n.adjacency) w.u16(weight).u16(node);
        for (std::uint16_t word : n.extra) w.u16(word);
    }
    if (!e.nodes.empty()) w.zeros((16 - (w.size() - start) % 16) % 16);
    const std::uint16_t ss3 = rel();
    for (const auto& n : e.nodes) w.u32(n.a).u16(n.b).u16(n.c);
    const std::uint16_t ss4 = rel();
    for (const auto& n : e.nodes) w.u16(n.ss4);
    const std::uint16_t ss5 = rel();
    for (const auto& nb : e.neighbours) w.u16(nb[0]).u16(nb[1]).u16(nb[2]);
    const std::uint16_t ss6 = rel();
    for (std::uint8_t b : e.tail) w.u8(b);
    const std::uint16_t next = rel();
    w.patch_u16(start, next);
    w.patch_u16(start + 2, ss1);
    w.patch_u16(start + 4, static_cast<std::uint16_t>(e.nodes.size()));
    w.patch_u16(start + 6, ss2);
    w.patch_u16(start + 8, ss3);
    w.patch_u16(start + 10, ss4);
    w.patch_u16(start + 12, ss5);
    w.patch_u16(start + 14, ss6);
}

inline void nav_system(byte_writer& w, const fox_nav_system& ns, std::uint32_t tile_field) {
    const std::size_t start = w.size();
    w.vec3(ns.origin.x, ns.origin.y, ns.origin.z).u32(ns.unknown);
    w.u32(ns.nx).u32(ns.ny).u32(ns.nz).u32(ns.cell_size).u32(ns.n5);
    w.u32(48).u32(static_cast<std::uint32_t>(48 + 8 * ns.cells.size())).u32(0);
    const std::size_t cells = w.size();
    w.zeros(8 * ns.cells.size());
    for (std::size_t c = 0; c < ns.cells.size(); ++c) {
        const fox_cell& cell = ns.cells[c];
        w.patch_u32(cells + 8 * c, static_cast<std::uint32_t>(w.size() - (cells + 8 * c)));
        w.patch_u16(cells + 8 * c + 4, static_cast<std::uint16_t>(cell.records.size()));
        w.patch<std::uint8_t>(cells + 8 * c + 6, cell.u2);
        w.patch<std::uint8_t>(cells + 8 * c + 7, cell.u3);
        for (const auto& r : cell.records) {
            w.u8(r.group).u8(tile_field & 0xFF).u16((tile_field >> 8) & 0xFFFF);
            w.u32(static_cast<std::uint32_t>(r.segments.size()));
            for (std::uint16_t s : r.segments) w.u16(s);
        }
    }
    w.patch_u32(start + 44, static_cast<std::uint32_t>(w.size() - start));
}

}  // namespace fox_detail

inline std::vector<std::byte> write_fox(const fox_file& file) {
    using namespace fox_detail;
    const std::uint32_t tile_field = file.tile_id << 7;
    const std::size_t groups = file.groups.size();
    byte_writer w;
    w.u32(navspan::fox::nav2_magic).u32(0).u32(0).u32(static_cast<std::uint32_t>(4 * groups)).u32(0);
    w.u8(file.file_index).u8(tile_field & 0xFF).u8((tile_field >> 8) & 0xFF).u8((tile_field >> 16) & 0xFF);
    w.u32(0).u32(0).vec3(file.origin.x, file.origin.y, file.origin.z).u32(0).u32(0);
    const std::uint32_t manifest_size = static_cast<std::uint32_t>(36 * groups + (file.layout == fox_layout::game ? 4 : 0));
    w.u32(96).u32(manifest_size).u32(0).u32(0);
    w.u16(file.divisors[0]).u16(file.divisors[1]).u16(file.divisors[2]).u16(file.u1h);
    w.u8(file.n7).u8(file.section2 ? static_cast<std::uint32_t>(file.section2_entries.size()) : 0u).u16(0);
    for (std::uint32_t i = 0; i < 16; ++i) w.u8(0x30 + i * 7);

    // Manifest: patched once the entries are placed.
    w.u32(static_cast<std::uint32_t>(groups));
    const std::size_t records = w.size();
    w.zeros(36 * groups);
    pad16(w);
    w.patch_u32(8, static_cast<std::uint32_t>(w.size()));

    // Entries, in the game's order (by type, then group) or Obj2Nav2's (by group).
    struct placed {
        std::size_t group;
        std::uint16_t type;
        std::size_t offset = 0, size = 0;
    };
    std::vector<placed> entries;
    if (file.layout == fox_layout::game) {
        for (std::uint16_t type : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{4}, std::uint16_t{3}}) {
            for (std::size_t g = 0; g < groups; ++g) entries.push_back({g, type});
        }
    } else {
        for (std::size_t g = 0; g < groups; ++g) {
            for (std::uint16_t type : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{4}, std::uint16_t{3}}) entries.push_back({g, type});
        }
    }
    for (auto& e : entries) {
        const fox_group& g = file.groups[e.group];
        std::vector<std::byte> payload;
        switch (e.type) {
            case 0: payload = nav_world_payload(g); break;
            case 1: payload = navmesh_payload(g, file.layout); break;
            case 4: payload = segment_chunk_payload(g, file.layout); break;
            default: payload = segment_graph_payload(g); break;
        }
        e.offset = w.size();
        e.size = 16 + payload.size();
        w.u16(e.type).u16(0).u32(static_cast<std::uint32_t>(e.size)).u32(16);
        w.u8(g.id).u8(tile_field & 0xFF).u16((tile_field >> 8) & 0xFFFF);
        w.raw(payload);
    }
    // Manifest records: NavWorld, SegmentGraph, NavmeshChunk (game: by type; tool: 0, 1, 3 per group).
    std::vector<std::pair<std::size_t, std::uint16_t>> order;
    if (file.layout == fox_layout::game) {
        for (std::uint16_t type : {std::uint16_t{0}, std::uint16_t{3}, std::uint16_t{1}}) {
            for (std::size_t g = 0; g < groups; ++g) order.emplace_back(g, type);
        }
    } else {
        for (std::size_t g = 0; g < groups; ++g) {
            for (std::uint16_t type : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{3}}) order.emplace_back(g, type);
        }
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::size_t g = order[i].first;
        const std::uint16_t type = order[i].second;
        const auto it = std::find_if(entries.begin(), entries.end(),
                                     [&](const placed& e) { return e.group == g && e.type == type; });
        const std::size_t at = records + 12 * i;
        w.patch<std::uint8_t>(at, file.groups[g].id);
        w.patch<std::uint8_t>(at + 1, static_cast<std::uint8_t>(tile_field & 0xFF));
        w.patch_u16(at + 2, static_cast<std::uint16_t>(tile_field >> 8));
        w.patch_u32(at + 4, static_cast<std::uint32_t>(it->offset + 16));
        w.patch<std::uint8_t>(at + 8, static_cast<std::uint8_t>(type));
        const std::size_t size = file.zero_manifest_sizes ? 0 : it->size;
        w.patch_u16(at + 9, static_cast<std::uint16_t>(size & 0xFFFF));
        w.patch<std::uint8_t>(at + 11, static_cast<std::uint8_t>(size >> 16));
    }

    if (file.section2) {
        w.patch_u32(24, static_cast<std::uint32_t>(w.size()));
        for (const auto& e : file.section2_entries) section2_entry(w, e);
    }
    if (!file.section3.empty()) {
        w.patch_u32(44, static_cast<std::uint32_t>(w.size()));
        for (std::uint8_t b : file.section3) w.u8(b);
    }
    if (file.nav_system) {
        w.patch_u32(16, static_cast<std::uint32_t>(w.size()));
        nav_system(w, file.grid, tile_field);
    }
    w.patch_u32(4, static_cast<std::uint32_t>(w.size()));
    for (std::size_t i = 0; i < file.trailing; ++i) w.u8(0xEE);
    return std::move(w).bytes();
}

// ------------------------------------------------------------ ready-made files

// A NavSystem grid listing every segment of every group in one cell.
inline fox_nav_system single_cell_grid(const std::vector<fox_group>& groups) {
    fox_nav_system grid;
    grid.nx = 2;
    grid.nz = 2;
    grid.cells.assign(4, fox_cell{});
    for (const auto& g : groups) {
        fox_cell_record r;
        r.group = g.id;
        for (std::size_t s = 0; s < g.segments.size(); ++s) r.segments.push_back(static_cast<std::uint16_t>(s));
        grid.cells[0].records.push_back(r);
        // A second cell names the last segment again (cells may share segments).
        if (!g.segments.empty()) {
            grid.cells[3].records.push_back({g.id, {static_cast<std::uint16_t>(g.segments.size() - 1)}});
        }
    }
    return grid;
}

// Links node `an` of group a and node `bn` of group b both ways (link kind
// 2, another group: each names the other's group id and node).
inline void link_group_nodes(fox_group& a, std::size_t an, fox_group& b, std::size_t bn) {
    a.node(an).link_kind = 2;
    a.node(an).link_words = {b.id, static_cast<std::uint16_t>(bn)};
    b.node(bn).link_kind = 2;
    b.node(bn).link_words = {a.id, static_cast<std::uint16_t>(an)};
}

// Every feature of the format in a small file: a main group 4 of two
// segments (triangles, and a quad), a border group 0 joined to it by
// cross-group faces and node links, a face edge and a node link into the
// neighbouring tile, a cross-segment link, graph edges of all three kinds,
// three Section2 entries and a NavSystem grid.
inline fox_file sample_fox_file() {
    fox_file f;
    f.tile_id = 1958;  // tile (38, 30), like ssav_139_131
    f.origin = {768.0f, -2.0f, -256.0f};
    f.divisors[0] = 511;
    f.divisors[1] = 2569;
    f.divisors[2] = 511;
    f.n7 = 5;

    fox_group border;
    border.id = 0;
    add_grid_segment(border, 0, 0, 1022, 1);  // 2 faces at the tile's low-z edge
    fox_group main;
    main.id = 4;
    add_grid_segment(main, 0, 1022, 1022, 2);              // segment 0: 8 triangles
    add_grid_segment(main, 2044, 1022, 1022, 1, 100, true); // segment 1: 1 quad

    // Segment 0's face 1 and segment 1's quad share the edge x = 2044 (vertex
    // (2,0)-(2,1) of segment 0 is the quad's (0,0)-(0,1)): neighbours across
    // segments, and the NavWorld nodes on it are linked (kind 1).
    {
        fox_face& tri = main.segments[0].faces[2];  // cell (1,0), first triangle: edge (2,0)-(2,1) is its second
        fox_face& quad = main.segments[1].faces[0];  // quad edge 3: (0,1)-(0,0)
        tri.adjacency[1] = static_cast<std::uint16_t>(main.first_face(1));
        quad.adjacency[3] = 2;
        const std::size_t tri_node = main.first_node(0) + tri.edge_ids[1];
        const std::size_t quad_node = main.first_node(1) + quad.edge_ids[3];
        main.node(tri_node).link_kind = 1;
        main.node(tri_node).link_words = {static_cast<std::uint16_t>(quad_node)};
        main.node(quad_node).link_kind = 1;
        main.node(quad_node).link_words = {static_cast<std::uint16_t>(tri_node)};
    }
    // Border group 0 face 1 (edge z = 1022, its second edge) meets main face 0 (first edge).
    {
        fox_face& b = border.segments[0].faces[1];
        fox_face& m = main.segments[0].faces[0];
        b.adjacency[1] = static_cast<std::uint16_t>(0x4000 | 0);
        b.ext_a = {0xFFFF, 4, 0xFFFF};
        b.ext_b = {0, 0, 0};
        m.adjacency[0] = static_cast<std::uint16_t>(0x4000 | 1);
        m.ext_a = {0, 0xFFFF, 0xFFFF};
        m.ext_b = {0xFFFF, 0xFFFF, 0xFFFF};
        const std::size_t bn = border.first_node(0) + b.edge_ids[1];
        const std::size_t mn = main.first_node(0) + m.edge_ids[0];
        link_group_nodes(border, bn, main, mn);
    }
    // Border face 0's first edge (z = 0) continues into tile - 64, group 2.
    {
        fox_face& b = border.segments[0].faces[0];
        b.adjacency[0] = 0xBFFF;
        b.ext_a = {2, 0xFFFF, 0xFFFF};
        b.ext_b = {static_cast<std::uint16_t>(f.tile_id - 64), 0, 0};
        const std::size_t bn = border.first_node(0) + b.edge_ids[0];
        border.node(bn).link_kind = 4;
        border.node(bn).link_words = {static_cast<std::uint16_t>(f.tile_id - 64), 2, 0xFFFF};
    }
    main.segments[1].flags = 1;  // sahelanthropus
    // Segment graph: segment 0 <-> 1 in group 4, 4.0 <-> 0.0, 0.0 -> tile - 64.
    main.segments[0].graph.same_group.push_back({120, 1, 0, 0x0FFF, 0, {2}});
    main.segments[1].graph.same_group.push_back({120, 0, 0, 0x0FFF, 1, {3}});
    main.segments[0].graph.other_group.push_back({0, 300, 0, 0x0FFF, 0, {0}});
    main.segments[0].graph.u3 = 1;
    border.segments[0].graph.other_group.push_back({4, 300, 0, 0x0FFF, 0, {2}});
    border.segments[0].graph.other_tile.push_back({static_cast<std::uint16_t>(f.tile_id - 64), 2, 0, 0x0FFF, 0, {0}});
    border.segments[0].graph.u4 = 0;
    border.segments[0].graph.u5 = 0;
    border.segments[0].graph.u6 = 0;
    f.groups = {border, main};

    f.section2 = true;
    fox_section2_entry s2;
    s2.nodes.resize(2);
    s2.nodes[0].position = {600, 100, 700};
    s2.nodes[0].adjacency = {{200, 1}};
    s2.nodes[0].extra = {7};
    s2.nodes[1].position = {1600, 100, 1700};
    s2.nodes[1].adjacency = {{200, 0}};
    s2.nodes[1].ss4 = 3;
    s2.neighbours = {{static_cast<std::uint16_t>(f.tile_id - 64), 1, 2},
                     {static_cast<std::uint16_t>(f.tile_id + 1), 3, 4},
                     {static_cast<std::uint16_t>(f.tile_id + 64), 5, 6},
                     {static_cast<std::uint16_t>(f.tile_id - 1), 7, 8}};
    f.section2_entries = {s2, fox_section2_entry{}, fox_section2_entry{}};
    f.grid = single_cell_grid(f.groups);
    f.grid.origin = {768.0f, -32.0f, -256.0f};
    return f;
}

// An empty overflow file (112 bytes), as the generator writes them.
inline fox_file empty_fox_split_file(const fox_file& main) {
    fox_file f;
    f.file_index = 1;
    f.tile_id = main.tile_id;
    f.origin = main.origin;
    for (int i = 0; i < 3; ++i) f.divisors[i] = main.divisors[i];
    f.n7 = 5;
    f.nav_system = false;
    return f;
}

// A split set: the main file (groups 0 and 4 of the sample) and an overflow
// `.1.nav2` holding group 5, joined by a cross-group face pair and node links.
inline std::pair<fox_file, fox_file> sample_fox_split_pair() {
    fox_file main = sample_fox_file();
    fox_file overflow = empty_fox_split_file(main);
    overflow.nav_system = true;
    fox_group extra;
    extra.id = 5;
    add_grid_segment(extra, 3066, 1022, 1022, 1);
    // Main group 4 segment 1 (the quad, edge 1 at x = 3066) meets group 5 face 1 (its third edge).
    fox_group& g4 = main.groups[1];
    fox_face& quad = g4.segments[1].faces[0];
    fox_face& other = extra.segments[0].faces[1];
    quad.adjacency[1] = static_cast<std::uint16_t>(0x4000 | 1);
    quad.ext_a = {0xFFFF, 5, 0xFFFF, 0xFFFF};
    quad.ext_b = {0, 0, 0, 0};
    other.adjacency[2] = static_cast<std::uint16_t>(0x4000 | g4.first_face(1));
    other.ext_a = {0xFFFF, 0xFFFF, 4};
    other.ext_b = {0, 0, 0};
    const std::size_t qn = g4.first_node(1) + quad.edge_ids[1];
    const std::size_t on = extra.first_node(0) + other.edge_ids[2];
    link_group_nodes(g4, qn, extra, on);
    overflow.groups = {extra};
    overflow.grid = single_cell_grid(overflow.groups);
    return {main, overflow};
}

// A large valid file of about `faces` triangles (for benchmarks): groups of
// up to 64 segments of 5 x 5 grids (50 triangles each), every group with its
// NavSystem cell. At most 819,200 faces (256 groups; a group's node records
// must fit the 128 KB that u16 half offsets reach).
inline std::vector<std::byte> make_large_fox(std::size_t faces) {
    fox_file f;
    f.tile_id = 1958;
    f.origin = {768.0f, -2.0f, -256.0f};
    const std::size_t segments = std::max<std::size_t>(1, (faces + 49) / 50);
    constexpr std::size_t per_group = 64;
    for (std::size_t s = 0; s < segments; ++s) {
        if (s % per_group == 0) {
            if (f.groups.size() == 256) break;
            f.groups.push_back({});
            f.groups.back().id = static_cast<std::uint8_t>(f.groups.size() - 1);
        }
        const std::size_t local = s % per_group;
        add_grid_segment(f.groups.back(), static_cast<std::uint16_t>((local % 8) * 5 * 100),
                         static_cast<std::uint16_t>((local / 8) * 5 * 100 + (s / per_group) % 16), 100, 5);
    }
    f.grid = single_cell_grid(f.groups);
    return write_fox(f);
}

}  // namespace navspan_test
