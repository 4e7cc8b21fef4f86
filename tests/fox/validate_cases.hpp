// Crafted Fox files with one known problem each, for the validate tests of
// the library (fox_validate_test.cpp) and of the command (fox_tools_test.cpp):
// the sample with one change, the check it must trigger, and the record (as
// the command names it) and byte offset of the finding.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <navspan/fox.hpp>

#include "builder.hpp"

namespace navspan_test {

// Absolute offsets of a group's records, computed here from the reader's
// accessors (independently of the tool's own arithmetic).
inline std::uint64_t mesh_payload(const navspan::fox::group& g) { return g.navmesh_entry().offset() + 16u; }
inline std::uint64_t world_payload(const navspan::fox::group& g) { return g.nav_world_entry().offset() + 16u; }
inline std::uint64_t face_record_at(const navspan::fox::group& g, std::size_t f) {
    return mesh_payload(g) + g.navmesh_chunk().ss3_offset() + g.faces()[f].record_offset();
}
inline std::uint64_t node_record_at(const navspan::fox::group& g, std::size_t n) {
    return world_payload(g) + g.nav_world().ss3_offset() + 2u * g.nodes()[n].ss3_half_offset();
}

// The sample's main group (id 4): segment 0 is a 2 x 2 grid of 8 triangles,
// segment 1 one quad; group 0 (index 0) is the border.
inline fox_group& main_group(fox_file& f) { return f.groups[1]; }
inline fox_group& border_group(fox_file& f) { return f.groups[0]; }

// A node of group 4's segment 0 with no link.
inline std::size_t unlinked_node(const fox_segment& s) {
    for (std::size_t i = 0; i < s.nodes.size(); ++i) {
        if (s.nodes[i].link_kind == 0) return i;
    }
    return 0;
}

inline navspan::fox::group group4(const navspan::fox::nav2_file& f) { return *f.find_group(4); }

// The first 0xFFFF edge of a face of group 4's segment 0.
inline void open_edge(const fox_file& f, std::size_t& face, std::size_t& edge) {
    const fox_segment& s = f.groups[1].segments[0];
    for (face = 0; face < s.faces.size(); ++face) {
        for (edge = 0; edge < s.faces[face].adjacency.size(); ++edge) {
            if (s.faces[face].adjacency[edge] == 0xFFFF) return;
        }
    }
}

// Points the first open edge of group 4's segment 0 at another face (one
// that does not point back, nor shares that edge); where the finding is.
inline void point_open_edge_elsewhere(fox_file& f) {
    std::size_t face = 0, edge = 0;
    open_edge(f, face, edge);
    main_group(f).segments[0].faces[face].adjacency[edge] = face == 7 ? 6 : 7;
}
inline std::pair<std::string, std::uint64_t> open_edge_finding(const navspan::fox::nav2_file& f) {
    fox_file m = sample_fox_file();
    std::size_t face = 0, edge = 0;
    open_edge(m, face, edge);
    return std::make_pair("face #" + std::to_string(face) + " (group 4, segment 0)", face_record_at(group4(f), face) + 2 * edge);
}

// Where a finding on group 4's first node with a same-group link is: the
// node record's link word.
inline std::pair<std::string, std::uint64_t> first_linked_node_finding(const navspan::fox::nav2_file& f) {
    namespace fox = navspan::fox;
    const fox::group g = group4(f);
    for (const fox::nav_node n : g.nodes()) {
        if (n.link().kind() == fox::link_kind::same_group) {
            return std::make_pair("node #" + std::to_string(n.index()) + " (group 4, segment 0)",
                                  node_record_at(g, n.index()) + 4u * n.adjacency_count());
        }
    }
    return std::make_pair(std::string(), std::uint64_t{0});
}

// Where a finding on the first edge of group 4's segment graph node 0 is.
inline std::pair<std::string, std::uint64_t> first_graph_node_finding(const navspan::fox::nav2_file& f) {
    const navspan::fox::group g = group4(f);
    const navspan::fox::graph_node n = g.segment_graph().node(0);
    return std::make_pair(std::string("segment graph node #0 (group 4)"),
                          g.segment_graph_entry().offset() + 16u + g.segment_graph().ss3_offset() + 2u * n.ss3_half_offset() + 2);
}

struct fox_validate_case {
    const char* check;
    std::function<void(fox_file&)> change;
    // The expected record and offset, from the opened file.
    std::function<std::pair<std::string, std::uint64_t>(const navspan::fox::nav2_file&)> where;
};

inline std::vector<fox_validate_case> fox_validate_cases() {
    namespace fox = navspan::fox;
    return {
        {"one-way-face-neighbour",
         point_open_edge_elsewhere, open_edge_finding},
        {"neighbour-shares-no-edge",
         point_open_edge_elsewhere, open_edge_finding},
        {"one-way-group-neighbour",
         [](fox_file& f) {
             fox_face& m = main_group(f).segments[0].faces[0];
             m.adjacency[0] = 0xFFFF;
             m.ext_a.clear();
             m.ext_b.clear();
         },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("face #1 (group 0, segment 0)"), face_record_at(*f.find_group(0), 1) + 2);
         }},
        {"edge-node-off-edge",
         [](fox_file& f) {
             fox_segment& s = main_group(f).segments[0];
             s.nodes[unlinked_node(s)].position.x = static_cast<std::uint16_t>(s.nodes[unlinked_node(s)].position.x + 40);
         },
         [](const fox::nav2_file& f) {
             // The first face (and edge) naming that node.
             const fox::group g = group4(f);
             const fox_file m = sample_fox_file();
             const std::size_t node = unlinked_node(m.groups[1].segments[0]);
             for (const fox::face face : g.faces()) {
                 for (std::size_t i = 0; i < face.corner_count(); ++i) {
                     if (face.edge_node(i) == node) {
                         return std::make_pair("face #" + std::to_string(face.index()) + " (group 4, segment 0)",
                                               face_record_at(g, face.index()) + 3 * face.corner_count() + i);
                     }
                 }
             }
             return std::make_pair(std::string(), std::uint64_t{0});
         }},
        {"shared-edge-two-nodes",
         [](fox_file& f) {
             // Face 1's edge shared with face 0 gets another node of the segment.
             fox_segment& s = main_group(f).segments[0];
             for (std::size_t i = 0; i < 3; ++i) {
                 if (s.faces[1].adjacency[i] == 0) s.faces[1].edge_ids[i] = static_cast<std::uint8_t>(s.nodes.size() - 1);
             }
         },
         [](const fox::nav2_file& f) {
             const fox::group g = *f.find_group(4);
             const fox::face face0 = g.faces()[0];
             for (std::size_t i = 0; i < 3; ++i) {
                 if (face0.neighbour(i).raw() == 1) {
                     return std::make_pair(std::string("face #0 (group 4, segment 0)"), face_record_at(g, 0) + 9 + i);
                 }
             }
             return std::make_pair(std::string(), std::uint64_t{0});
         }},
        {"node-face-other-segment", [](fox_file& f) { main_group(f).segments[1].nodes[0].face = 0; },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             const std::size_t node = g.segments()[1].first_node();
             return std::make_pair("node #" + std::to_string(node) + " (group 4, segment 1)",
                                   world_payload(g) + g.nav_world().ss6_offset() + 2 * node);
         }},
        {"node-not-on-its-face", [](fox_file& f) { main_group(f).segments[0].nodes[0].face = 7; },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             return std::make_pair(std::string("node #0 (group 4, segment 0)"), world_payload(g) + g.nav_world().ss6_offset());
         }},
        {"node-on-no-face",
         [](fox_file& f) {
             // An extra node at the end of the last segment (no index moves).
             fox_segment& s = main_group(f).segments[1];
             fox_node extra;
             extra.position = s.nodes[0].position;
             extra.face = 8;
             s.nodes.push_back(extra);
         },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             const std::size_t node = g.nodes().size() - 1;
             return std::make_pair("node #" + std::to_string(node) + " (group 4, segment 1)",
                                   world_payload(g) + g.nav_world().ss1_offset() + 6 * node);
         }},
        {"edge-across-no-face",
         [](fox_file& f) {
             // Edge 0 of segment 0 ends at a node that no face shares with its start.
             fox_segment& s = main_group(f).segments[0];
             const std::uint8_t from = s.edges[0].from_local;
             for (std::uint8_t to = 0; to < s.nodes.size(); ++to) {
                 bool shared = false;
                 for (const fox_face& face : s.faces) {
                     const auto& ids = face.edge_ids;
                     shared = shared || (std::find(ids.begin(), ids.end(), from) != ids.end() &&
                                         std::find(ids.begin(), ids.end(), to) != ids.end());
                 }
                 if (!shared) {
                     s.edges[0].to_local = to;
                     return;
                 }
             }
         },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             const fox::nav_edge e = g.edges()[0];
             return std::make_pair("edge #0 (group 4, segment 0, nodes " + std::to_string(e.from_node()) + " -> " +
                                       std::to_string(e.to_node()) + ")",
                                   world_payload(g) + g.nav_world().ss4_offset() + 4);
         }},
        {"adjacency-edge-mismatch",
         [](fox_file& f) {
             fox_segment& s = main_group(f).segments[0];
             s.nodes[0].adjacency[0].second = static_cast<std::uint16_t>(s.edges.size() - 1);
             s.nodes[0].adjacency[1].second = static_cast<std::uint16_t>(s.edges.size() - 1);
         },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("node #0 (group 4, segment 0)"), node_record_at(group4(f), 0) + 2);
         }},
        {"one-way-node-adjacency",
         [](fox_file& f) {
             fox_segment& s = main_group(f).segments[0];
             const std::uint16_t other = s.nodes[0].adjacency[0].first;
             auto& back = s.nodes[other].adjacency;
             back.erase(std::remove_if(back.begin(), back.end(), [](const auto& a) { return a.first == 0; }), back.end());
         },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("node #0 (group 4, segment 0)"), node_record_at(group4(f), 0));
         }},
        {"edge-not-in-adjacency",
         [](fox_file& f) {
             fox_segment& s = main_group(f).segments[0];
             s.nodes[0].adjacency.erase(s.nodes[0].adjacency.begin());
         },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             const fox_file m = sample_fox_file();
             const std::size_t edge = m.groups[1].segments[0].nodes[0].adjacency[0].second;
             const fox::nav_edge e = g.edges()[edge];
             return std::make_pair("edge #" + std::to_string(edge) + " (group 4, segment 0, nodes " +
                                       std::to_string(e.from_node()) + " -> " + std::to_string(e.to_node()) + ")",
                                   world_payload(g) + g.nav_world().ss4_offset() + 6 * edge);
         }},
        {"one-way-node-link",
         [](fox_file& f) {
             fox_segment& quad = main_group(f).segments[1];
             for (fox_node& n : quad.nodes) {
                 if (n.link_kind == 1) {
                     n.link_kind = 0;
                     n.link_words.clear();
                 }
             }
         },
         first_linked_node_finding},
        {"linked-node-elsewhere",
         [](fox_file& f) {
             fox_group& g = main_group(f);
             for (fox_node& n : g.segments[0].nodes) {
                 if (n.link_kind == 1) n.position.z = static_cast<std::uint16_t>(n.position.z + 10);
             }
         },
         first_linked_node_finding},
        {"odd-neighbour-tile",
         [](fox_file& f) { border_group(f).segments[0].faces[0].ext_b[0] = 7; },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("face #0 (group 0, segment 0)"), face_record_at(*f.find_group(0), 0) + 18);
         }},
        {"tile-edges-without-links",
         [](fox_file& f) {
             for (fox_node& n : border_group(f).segments[0].nodes) {
                 if (n.link_kind == 4) {
                     n.link_kind = 0;
                     n.link_words.clear();
                 }
             }
         },
         [](const fox::nav2_file& f) {
             const fox::group g = *f.find_group(0);
             return std::make_pair(std::string("group 0"), world_payload(g) + g.nav_world().ss3_offset());
         }},
        {"degenerate-face", [](fox_file& f) { main_group(f).segments[0].faces[3].vertices[2] = main_group(f).segments[0].faces[3].vertices[0]; },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("face #3 (group 4, segment 0)"), face_record_at(group4(f), 3) + 6);
         }},
        {"face-flipped", [](fox_file& f) { std::swap(main_group(f).segments[0].faces[4].vertices[1], main_group(f).segments[0].faces[4].vertices[2]); },
         [](const fox::nav2_file& f) {
             return std::make_pair(std::string("face #4 (group 4, segment 0)"), face_record_at(group4(f), 4) + 6);
         }},
        {"vertex-outside-segment-box", [](fox_file& f) { main_group(f).segments[1].box_max.x = 2500; },
         [](const fox::nav2_file& f) {
             // The quad's corners at x = 3066 are 1 and 2.
             return std::make_pair(std::string("face #8 (group 4, segment 1)"), face_record_at(group4(f), 8) + 8 + 1);
         }},
        {"segment-not-in-grid",
         [](fox_file& f) {
             for (fox_cell& c : f.grid.cells) {
                 for (fox_cell_record& r : c.records) {
                     if (r.group == 4) r.segments.erase(std::remove(r.segments.begin(), r.segments.end(), 1), r.segments.end());
                 }
             }
         },
         [](const fox::nav2_file& f) {
             const fox::group g = group4(f);
             return std::make_pair(std::string("segment #1 (group 4)"),
                                   g.segment_chunk_entry().offset() + 16u + g.segment_chunk().ss1_offset() + 12);
         }},
        {"grid-group-missing", [](fox_file& f) { f.grid.cells[1].records.push_back({7, {0}}); },
         [](const fox::nav2_file& f) {
             const fox::nav_system ns = f.nav_system();
             return std::make_pair(std::string("NavSystem cell #1"),
                                   std::uint64_t{ns.offset()} + ns.ss1_offset() + 8 + ns.cells()[1].rel_offset());
         }},
        {"graph-edge-into-nothing", [](fox_file& f) { main_group(f).segments[0].graph.same_group[0].b = 9; },
         first_graph_node_finding},
        {"one-way-graph-edge",
         [](fox_file& f) {
             main_group(f).segments[1].graph.same_group.clear();
         },
         first_graph_node_finding},
        {"trailing-bytes", [](fox_file& f) { f.trailing = 3; },
         [](const fox::nav2_file& f) { return std::make_pair(std::string("end of file"), std::uint64_t{f.header().file_size()}); }},
    };
}

// The sample with the case's change, written.
inline std::vector<std::byte> fox_case_bytes(const fox_validate_case& c) {
    fox_file model = sample_fox_file();
    c.change(model);
    return write_fox(model);
}

}  // namespace navspan_test
