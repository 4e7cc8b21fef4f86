// Builder-made files through every typed view: all entry types, triangles
// and quads, cross-segment, cross-group and cross-tile references, the
// Obj2Nav2 layout, split sets and the blocks after the entries.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include <navspan/fox.hpp>

#include <navspan/tools/info.hpp>
#include "fox/builder.hpp"
#include "fox/walk.hpp"
#include "support/corpus.hpp"
#include "support/exact_float.hpp"
#include "support/json.hpp"

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace fox_reader_test {

namespace fox = navspan::fox;
using navspan_test::fox_file;
using navspan_test::write_fox;

namespace {

// (float)q / (float)divisor + origin, each step rounded to float (the IEEE
// answer, also where float arithmetic runs wider: x87 at -m32).
float dequantised(std::uint16_t q, std::uint16_t divisor, float origin) {
    using navspan_test::ieee_f32;
    return ieee_f32(ieee_f32(static_cast<float>(q) / static_cast<float>(divisor)) + origin);
}

navspan::vec3 expected_world(const fox_file& f, navspan_test::fox_point q) {
    return {dequantised(q.x, f.divisors[0], f.origin.x), dequantised(q.y, f.divisors[1], f.origin.y),
            dequantised(q.z, f.divisors[2], f.origin.z)};
}

fox::nav2_file open_ok(const std::vector<std::byte>& bytes) {
    auto r = fox::nav2_file::open(bytes);
    INFO(r.error().message());
    REQUIRE(r.ok());
    return *r;
}

}  // namespace

TEST_CASE("fox: dequantisation equals (float)q / (float)divisor + origin exactly") {
    std::vector<std::uint16_t> divisors = {1, 2, 3, 127, 255, 260, 261, 281, 287, 511, 585, 951, 1582, 1586, 1776,
                                           1985, 2340, 2569, 2861, 2938, 3048, 3062, 3620, 3702, 3855, 3971, 5285,
                                           5328, 5601, 5698, 5748, 5799, 6488, 8623, 9497, 32767, 32768, 65533, 65535};
    std::uint32_t state = 12345;
    for (int i = 0; i < 24; ++i) {
        state = state * 1664525u + 1013904223u;
        divisors.push_back(static_cast<std::uint16_t>(1 + (state >> 16) % 65535));
    }
    const navspan::vec3 origin{768.0f, -13.6f, -256.0f};
    std::size_t mismatches = 0;
    for (std::uint16_t d : divisors) {
        const fox::quantization q(origin, d, d, d);
        for (std::uint32_t v = 0; v <= 0xFFFF; ++v) {
            const auto u = static_cast<std::uint16_t>(v);
            const float expected = navspan_test::ieee_f32(static_cast<float>(u) / static_cast<float>(d));
            if (q.axis(u, 0) != expected) ++mismatches;
            const navspan::vec3 w = q.to_world({u, u, u});
            if (w.y != dequantised(u, d, origin.y)) ++mismatches;
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE("fox sample: header, manifest and entry chain") {
    const fox_file model = navspan_test::sample_fox_file();
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    const fox::file_header h = file.header();
    CHECK(h.magic() == fox::nav2_magic);
    CHECK(h.file_size() == bytes.size());
    CHECK(h.file_index() == 0);
    CHECK(h.tile_id() == 1958);
    CHECK(h.tile() == fox::tile_coordinates{38, 30});
    CHECK(fox::tile_id_of(h.tile()) == 1958);
    CHECK(h.tile_low_bits() == 0);
    CHECK(h.origin() == navspan::vec3{768.0f, -2.0f, -256.0f});
    CHECK(h.divisor_x() == 511);
    CHECK(h.divisor_y() == 2569);
    CHECK(h.n7() == 5);
    CHECK(h.section2_entry_count() == 3);
    CHECK(h.manifest_offset() == 96);
    CHECK(h.manifest_size() == 4 + 36 * 2);
    CHECK(h.end_of_header_offset() == 176);  // align16(96 + 4 + 72)
    CHECK(file.trailing().empty());

    CHECK(file.group_count() == 2);
    const fox::manifest m = file.manifest();
    REQUIRE(m.records().size() == 6);
    // Game order: all NavWorlds, all SegmentGraphs, all NavmeshChunks.
    const fox::entry_type manifest_types[] = {fox::entry_type::nav_world, fox::entry_type::nav_world,
                                              fox::entry_type::segment_graph, fox::entry_type::segment_graph,
                                              fox::entry_type::navmesh_chunk, fox::entry_type::navmesh_chunk};
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(m.records()[i].type() == manifest_types[i]);
        CHECK(m.records()[i].group_id() == (i % 2 == 0 ? 0 : 4));
    }
    // Chain order: all NavWorlds, NavmeshChunks, SegmentChunks, SegmentGraphs.
    std::vector<fox::entry_type> types;
    std::uint32_t expected_offset = h.end_of_header_offset();
    for (fox::entry e : file.entries()) {
        types.push_back(e.type());
        CHECK(e.offset() == expected_offset);
        CHECK(e.payload_offset() == 16);
        CHECK(e.next_entry_offset() % 16 == 0);
        CHECK(e.payload().size() + 16 == e.bytes().size());
        CHECK(e.tile_byte() == h.u0a());
        expected_offset += e.next_entry_offset();
    }
    CHECK(expected_offset == h.section2_offset());
    CHECK(file.chain_end_offset() == h.section2_offset());
    CHECK(types == std::vector<fox::entry_type>{fox::entry_type::nav_world, fox::entry_type::nav_world,
                                                fox::entry_type::navmesh_chunk, fox::entry_type::navmesh_chunk,
                                                fox::entry_type::segment_chunk, fox::entry_type::segment_chunk,
                                                fox::entry_type::segment_graph, fox::entry_type::segment_graph});
    CHECK(file.group(0).id() == 0);
    CHECK(file.group(1).id() == 4);
    CHECK(file.find_group(4).has_value());
    CHECK(!file.find_group(3).has_value());
    CHECK(!file.find_group(300).has_value());
    std::vector<int> ids;
    for (fox::group g : file.groups()) ids.push_back(g.id());
    CHECK(ids == std::vector<int>{0, 4});
}

TEST_CASE("fox sample: faces resolve through their segment to the right world coordinates") {
    const fox_file model = navspan_test::sample_fox_file();
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    for (const auto& mg : model.groups) {
        const auto g = file.find_group(mg.id);
        REQUIRE(g.has_value());
        const fox::navmesh_chunk mesh = g->navmesh_chunk();
        REQUIRE(mesh.face_count() == mg.face_count());
        CHECK(mesh.face_segment_bits());
        std::size_t f = 0;
        for (std::size_t s = 0; s < mg.segments.size(); ++s) {
            const auto& seg = mg.segments[s];
            const fox::segment view = g->segment_chunk()[s];
            CHECK(view.face_count() == seg.faces.size());
            CHECK(view.vertex_count() == seg.vertices.size());
            CHECK(view.node_count() == seg.nodes.size());
            CHECK(view.edge_count() == seg.edges.size());
            CHECK(view.bounds().min == expected_world(model, seg.box_min));
            CHECK(view.bounds().max == expected_world(model, seg.box_max));
            for (const auto& mf : seg.faces) {
                const fox::face face = mesh.face_at(f);
                CHECK(face.segment() == s);
                CHECK(face.segment_bits() == s);
                REQUIRE(face.corner_count() == mf.vertices.size());
                CHECK(face.corners().size() == face.corner_count());
                CHECK(face.is_quad() == (mf.vertices.size() == 4));
                for (std::size_t i = 0; i < face.corner_count(); ++i) {
                    const navspan_test::fox_point q = seg.vertices[mf.vertices[i]];
                    CHECK(face.corner(i) == expected_world(model, q));
                    CHECK(face.corners()[i] == face.corner(i));
                    CHECK(face.corner_quantized(i) == fox::quantized_point{q.x, q.y, q.z});
                    CHECK(face.vertex(i) == view.vertex_offset() + mf.vertices[i]);
                    CHECK(face.edge_node(i) == view.first_node() + mf.edge_ids[i]);
                    // The node of a face edge sits at that edge's midpoint.
                    const navspan_test::fox_point r = seg.vertices[mf.vertices[(i + 1) % face.corner_count()]];
                    const fox::quantized_point mid = g->nav_world().node(face.edge_node(i)).quantized();
                    CHECK(mid.x == (q.x + r.x) / 2);
                    CHECK(mid.z == (q.z + r.z) / 2);
                }
                ++f;
            }
        }
    }
}

TEST_CASE("fox sample: quads, cross-segment, cross-group and cross-tile references") {
    const fox_file model = navspan_test::sample_fox_file();
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    const fox::group border = *file.find_group(0);
    const fox::group main = *file.find_group(4);

    // The quad of segment 1 and its neighbour across the segment border.
    const fox::face quad = main.navmesh_chunk().face_at(8);
    CHECK(quad.is_quad());
    CHECK(quad.corner_count() == 4);
    CHECK(quad.segment() == 1);
    CHECK(!quad.has_extension());
    CHECK(quad.record_bytes().size() == 16);
    CHECK(quad.neighbour(3).kind() == fox::neighbour_kind::same_group);
    CHECK(quad.neighbour(3).face() == 2);
    CHECK(main.navmesh_chunk().face_at(2).neighbour(1).face() == 8);
    CHECK(quad.neighbour(0).kind() == fox::neighbour_kind::none);
    // Their shared edge: a kind-1 link between the nodes of the two segments.
    const fox::nav_node a = main.nav_world().node(main.navmesh_chunk().face_at(2).edge_node(1));
    const fox::nav_node b = main.nav_world().node(quad.edge_node(3));
    CHECK(a.segment() == 0);
    CHECK(b.segment() == 1);
    CHECK(a.link().kind() == fox::link_kind::same_group);
    CHECK(a.link().node() == b.index());
    CHECK(b.link().node() == a.index());
    CHECK(a.link().word_count() == 1);

    // Group 0 face 1 <-> group 4 face 0.
    const fox::face bf = border.navmesh_chunk().face_at(1);
    CHECK(bf.has_extension());
    CHECK(bf.record_bytes().size() == 24);
    const fox::face_neighbour across = bf.neighbour(1);
    CHECK(across.kind() == fox::neighbour_kind::other_group);
    CHECK(across.raw() == 0x4000);
    CHECK(across.group() == 4);
    CHECK(across.face() == 0);
    const fox::face mf = main.navmesh_chunk().face_at(0);
    CHECK(mf.neighbour(0).kind() == fox::neighbour_kind::other_group);
    CHECK(mf.neighbour(0).group() == 0);
    CHECK(mf.neighbour(0).face() == 1);
    CHECK(mf.neighbour(1).has_extension());
    CHECK(mf.neighbour(1).ext_a() == 0xFFFF);
    // The shared edge has the same world position on both sides.
    CHECK(bf.corner(1) == mf.corner(1));
    CHECK(bf.corner(2) == mf.corner(0));
    const fox::nav_node bn = border.nav_world().node(bf.edge_node(1));
    const fox::nav_node mn = main.nav_world().node(mf.edge_node(0));
    CHECK(bn.link().kind() == fox::link_kind::other_group);
    CHECK(bn.link().group() == 4);
    CHECK(bn.link().node() == mn.index());
    CHECK(mn.link().group() == 0);
    CHECK(mn.link().node() == bn.index());
    CHECK(bn.position() == mn.position());

    // Group 0 face 0's first edge continues into tile 1958 - 64, group 2.
    const fox::face tile_face = border.navmesh_chunk().face_at(0);
    const fox::face_neighbour tile_edge = tile_face.neighbour(0);
    CHECK(tile_edge.kind() == fox::neighbour_kind::other_tile);
    CHECK(tile_edge.raw() == 0xBFFF);
    CHECK(tile_edge.group() == 2);
    CHECK(tile_edge.tile_id() == 1958 - 64);
    const fox::node_link tile_link = border.nav_world().node(tile_face.edge_node(0)).link();
    CHECK(tile_link.kind() == fox::link_kind::other_tile);
    CHECK(tile_link.word_count() == 3);
    CHECK(tile_link.tile_id() == 1958 - 64);
    CHECK(tile_link.group() == 2);
    CHECK(tile_link.terminator() == 0xFFFF);

    // Flags and their names.
    CHECK(main.nav_world().segment_flags_raw()[0] == 0x04E1);
    CHECK(navspan::name_of(fox::segment_flag_values, main.nav_world().segment_flags_raw()[1]) == "sahelanthropus");
}

TEST_CASE("fox sample: NavWorld nodes and edges") {
    const fox_file model = navspan_test::sample_fox_file();
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    const fox::group main = *file.find_group(4);
    const fox::nav_world w = main.nav_world();
    CHECK(w.node_count() == model.groups[1].node_count());
    CHECK(w.edge_count() == model.groups[1].edge_count());
    CHECK(w.segment_count() == 2);
    CHECK(main.segment_chunk().stored_node_ranges());
    CHECK(main.segment_chunk().stored_edge_ranges());
    std::size_t index = 0;
    for (std::size_t s = 0; s < model.groups[1].segments.size(); ++s) {
        for (const auto& mn : model.groups[1].segments[s].nodes) {
            const fox::nav_node n = w.node(index);
            CHECK(n.segment() == s);
            CHECK(n.position() == expected_world(model, mn.position));
            CHECK(n.face() == mn.face);
            CHECK(main.navmesh_chunk().face_at(n.face()).segment() == s);
            REQUIRE(n.adjacency().size() == mn.adjacency.size());
            for (std::size_t k = 0; k < mn.adjacency.size(); ++k) {
                CHECK(n.adjacency()[k].node() == mn.adjacency[k].first);
                CHECK(n.adjacency()[k].edge() == mn.adjacency[k].second);
                // The edge joins this node and the adjacent one.
                const fox::nav_edge e = w.edge(n.adjacency()[k].edge());
                const bool joins = (e.from_node() == index && e.to_node() == mn.adjacency[k].first) ||
                                   (e.to_node() == index && e.from_node() == mn.adjacency[k].first);
                CHECK(joins);
            }
            ++index;
        }
    }
    for (fox::nav_edge e : w.edges()) {
        CHECK(w.node(e.from_node()).segment() == e.segment());
        CHECK(w.node(e.to_node()).segment() == e.segment());
    }
}

TEST_CASE("fox sample: SegmentGraph, Section2, Section3 and NavSystem") {
    fox_file model = navspan_test::sample_fox_file();
    model.section3 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    const fox::group border = *file.find_group(0);
    const fox::group main = *file.find_group(4);

    const fox::segment_graph graph = main.segment_graph();
    CHECK(graph.node_count() == 2);
    CHECK(graph.total_adjacent_mesh_edges() == 3);
    const fox::graph_node g0 = graph.node(0);
    CHECK(g0.same_group_count() == 1);
    CHECK(g0.same_group_edges()[0].weight() == 120);
    CHECK(g0.same_group_edges()[0].adjacent_node() == 1);
    CHECK(g0.other_group_edges()[0].group_id() == 0);
    CHECK(g0.other_group_edges()[0].weight() == 300);
    CHECK(g0.mesh_edge_ids().size() == 2);
    CHECK(g0.mesh_edge_ids()[0] == 2);
    CHECK(g0.u3() == 1);
    CHECK(g0.u4() == 0xFFFF);
    CHECK(graph.node(1).same_group_edges()[0].u1() == 1);
    const fox::graph_node b0 = border.segment_graph().node(0);
    CHECK(b0.other_tile_count() == 1);
    CHECK(b0.other_tile_edges()[0].tile_id() == 1958 - 64);
    CHECK(b0.other_tile_edges()[0].group_id() == 2);
    CHECK(b0.other_tile_edges()[0].u4() == 0x0FFF);
    CHECK(b0.u4() == 0);
    CHECK(b0.mesh_edge_ids().size() == 2);

    REQUIRE(file.has_section2());
    REQUIRE(file.section2().size() == 3);
    std::vector<fox::section2_entry> entries(file.section2().begin(), file.section2().end());
    CHECK(entries[0].node_count() == 2);
    CHECK(entries[0].nodes()[0].adjacency()[0].node() == 1);
    CHECK(entries[0].nodes()[0].adjacency()[0].weight() == 200);
    CHECK(entries[0].nodes()[0].extra_words()[0] == 7);
    CHECK(entries[0].nodes()[1].ss2_byte_offset() == 6);
    CHECK(entries[0].nodes()[1].position() == expected_world(model, {1600, 100, 1700}));
    CHECK(entries[0].ss4_words()[1] == 3);
    CHECK(entries[0].neighbours().size() == 4);
    CHECK(entries[0].neighbours()[1].tile_id() == 1959);
    CHECK(entries[1].node_count() == 0);
    CHECK(entries[1].next_entry_offset() == 48);  // as in game files: (48, 16, 0, 16, 16, 16, 16, 40)
    CHECK(entries[1].ss6_offset() == 40);
    CHECK(entries[1].ss6_bytes().size() == 8);

    REQUIRE(file.has_section3());
    CHECK(file.section3().size() == 16);
    CHECK(std::to_integer<int>(file.section3()[15]) == 16);

    REQUIRE(file.has_nav_system());
    const fox::nav_system ns = file.nav_system();
    CHECK(ns.cells_x() == 2);
    CHECK(ns.cells_z() == 2);
    CHECK(ns.cell_count() == 4);
    CHECK(ns.origin() == navspan::vec3{768.0f, -32.0f, -256.0f});
    CHECK(ns.offset() + ns.ss3_offset() == file.header().file_size());
    const fox::nav_cell first = ns.cell_at(0, 0, 0);
    REQUIRE(first.count() == 2);
    std::vector<int> groups;
    for (fox::cell_record r : first.records()) {
        groups.push_back(r.group_id());
        CHECK(r.segments().size() == file.find_group(r.group_id())->segment_chunk().segment_count());
    }
    CHECK(groups == std::vector<int>{0, 4});
    CHECK(ns.cell_at(1, 0, 0).records().empty());
    CHECK(ns.cell_at(1, 0, 1).count() == 2);
}

TEST_CASE("fox: the Obj2Nav2 layout resolves the same faces, nodes and edges") {
    fox_file game = navspan_test::sample_fox_file();
    fox_file tool = game;
    tool.layout = navspan_test::fox_layout::tool;
    const auto game_bytes = write_fox(game);
    const auto tool_bytes = write_fox(tool);
    const fox::nav2_file a = open_ok(game_bytes);
    const fox::nav2_file b = open_ok(tool_bytes);
    CHECK(b.header().manifest_size() == 36 * 2);
    std::vector<fox::entry_type> types;
    for (fox::entry e : b.entries()) types.push_back(e.type());
    CHECK(types[0] == fox::entry_type::nav_world);
    CHECK(types[1] == fox::entry_type::navmesh_chunk);
    CHECK(types[2] == fox::entry_type::segment_chunk);
    CHECK(types[3] == fox::entry_type::segment_graph);
    for (fox::group ga : a.groups()) {
        const fox::group gb = *b.find_group(ga.id());
        // With one segment, zero bits and zero firsts are right anyway.
        const bool several = gb.segment_chunk().segment_count() > 1;
        CHECK(gb.navmesh_chunk().face_segment_bits() == !several);
        CHECK(gb.segment_chunk().stored_node_ranges() == !several);
        CHECK(gb.segment_chunk().stored_edge_ranges() == !several);
        CHECK(gb.segment_chunk()[gb.segment_chunk().segment_count() - 1].stored_first_node() == 0);
        for (std::size_t f = 0; f < ga.faces().size(); ++f) {
            const fox::face fa = ga.faces()[f], fb = gb.faces()[f];
            CHECK(fb.segment_bits() == 0);
            CHECK(fa.segment() == fb.segment());
            for (std::size_t i = 0; i < fa.corner_count(); ++i) {
                CHECK(fa.corner(i) == fb.corner(i));
                CHECK(fa.edge_node(i) == fb.edge_node(i));
            }
        }
        for (std::size_t e = 0; e < ga.edges().size(); ++e) {
            CHECK(ga.edges()[e].from_node() == gb.edges()[e].from_node());
            CHECK(ga.edges()[e].to_node() == gb.edges()[e].to_node());
        }
        for (std::size_t s = 0; s < ga.segments().size(); ++s) {
            CHECK(ga.segments()[s].first_node() == gb.segments()[s].first_node());
            CHECK(ga.segments()[s].node_count() == gb.segments()[s].node_count());
            CHECK(ga.segments()[s].first_edge() == gb.segments()[s].first_edge());
            CHECK(ga.segments()[s].edge_count() == gb.segments()[s].edge_count());
        }
    }
    // The early writer's zero manifest sizes are accepted.
    tool.zero_manifest_sizes = true;
    const auto zero_sizes = write_fox(tool);
    CHECK(fox::nav2_file::open(zero_sizes).ok());
}

TEST_CASE("fox: split sets") {
    const auto [main_model, overflow_model] = navspan_test::sample_fox_split_pair();
    const auto main_bytes = write_fox(main_model);
    const auto overflow_bytes = write_fox(overflow_model);
    const fox::nav2_file main = open_ok(main_bytes);
    const fox::nav2_file overflow = open_ok(overflow_bytes);
    CHECK(overflow.header().file_index() == 1);
    CHECK(overflow.header().section2_offset() == 0);
    CHECK(overflow.has_nav_system());

    // Alone, each file reports the other's group as external.
    const fox::group main4 = *main.find_group(4);  // faces point at their group: keep it
    const fox::face quad = main4.navmesh_chunk().face_at(8);
    CHECK(quad.neighbour(1).kind() == fox::neighbour_kind::other_group);
    CHECK(quad.neighbour(1).group() == 5);
    CHECK(!main.find_group(5).has_value());

    auto set = fox::split_set::open(main, overflow);
    INFO(set.error().message());
    REQUIRE(set.ok());
    const fox::group g5 = *set->find_group(5);
    const fox::face other = g5.navmesh_chunk().face_at(quad.neighbour(1).face());
    CHECK(other.neighbour(2).group() == 4);
    CHECK(other.neighbour(2).face() == quad.index());
    CHECK(other.corner(0) == quad.corner(1));
    const fox::nav_node qn = main4.nav_world().node(quad.edge_node(1));
    CHECK(qn.link().group() == 5);
    CHECK(g5.nav_world().node(qn.link().node()).position() == qn.position());
    CHECK(set->find_group(0).has_value());
    CHECK(!set->find_group(7).has_value());

    // Wrong order, or a partner of another tile, is rejected.
    CHECK(fox::split_set::open(overflow, main).code() == navspan::error_code::inconsistent);
    fox_file other_tile = overflow_model;
    other_tile.tile_id = 1959;
    const auto other_tile_bytes = write_fox(other_tile);
    CHECK(fox::split_set::open(main, open_ok(other_tile_bytes)).code() == navspan::error_code::inconsistent);
    // A reference into the partner that names no face there.
    fox_file bad = main_model;
    bad.groups[1].segments[1].faces[0].adjacency[1] = static_cast<std::uint16_t>(0x4000 | 9);
    const auto bad_bytes = write_fox(bad);
    const auto bad_set = fox::split_set::open(open_ok(bad_bytes), overflow);
    CHECK(bad_set.code() == navspan::error_code::index_out_of_range);
    CHECK(std::string(bad_set.error().parent) == "main file");

    // An empty overflow file, as in the corpus (112 bytes).
    const auto empty_bytes = write_fox(navspan_test::empty_fox_split_file(main_model));
    CHECK(empty_bytes.size() == 112);
    const fox::nav2_file empty = open_ok(empty_bytes);
    CHECK(empty.group_count() == 0);
    CHECK(empty.entries().empty());
    CHECK(!empty.has_nav_system());
    CHECK(fox::split_set::open(main, empty).ok());
}

TEST_CASE("fox: bytes after the header's file size are trailing, not file") {
    fox_file model = navspan_test::sample_fox_file();
    model.trailing = 26;
    const auto bytes = write_fox(model);
    const fox::nav2_file file = open_ok(bytes);
    CHECK(file.trailing().size() == 26);
    CHECK(file.bytes().size() == bytes.size());  // bytes() is everything open() was given
    CHECK(file.header().file_size() + 26 == bytes.size());
    CHECK(file.trailing().data() == file.bytes().data() + file.header().file_size());
    std::string json;
    REQUIRE(navspan::tools::info_json(bytes, json).ok());
    CHECK(json.find("\"trailing_bytes\": 26") != std::string::npos);
}

TEST_CASE("fox: large synthetic files") {
    const auto bytes = navspan_test::make_large_fox(20000);
    const fox::nav2_file file = open_ok(bytes);
    std::size_t faces = 0, nodes = 0;
    for (fox::group g : file.groups()) {
        faces += g.faces().size();
        nodes += g.nodes().size();
    }
    CHECK(faces == 20000);
    CHECK(nodes > faces);
    CHECK(navspan_test::walk_fox(bytes) != navspan_test::fox_walk_rejected);
}

TEST_CASE("fox: info --json of a builder file") {
    const auto bytes = write_fox(navspan_test::sample_fox_file());
    std::string json;
    const navspan::error e = navspan::tools::info_json(bytes, json);
    INFO(e.message());
    REQUIRE(e.ok());
    navspan_test::json_value v;
    navspan_test::json_parser parser(json);
    REQUIRE(parser.parse(v));
    CHECK(v.find("format")->text == "fox_nav2");
    CHECK(v.find("groups")->text == "2");
    CHECK(v.find("entries")->find("segment_chunk")->text == "2");
    CHECK(v.find("faces")->text == "11");  // 2 + 8 + 1 quad
    CHECK(v.find("bounds")->items.size() == 6);
}

// examples/samples/fox_sample.nav2 is what the builder writes (regenerate it
// with NAVSPAN_UPDATE_SAMPLES=1).
TEST_CASE("fox: the committed demo sample is the builder's sample") {
    const auto bytes = write_fox(navspan_test::sample_fox_file());
    const std::filesystem::path path = std::filesystem::path(NAVSPAN_SOURCE_DIR) / "examples/samples/fox_sample.nav2";
    if (const char* update = std::getenv("NAVSPAN_UPDATE_SAMPLES"); update != nullptr && *update == '1') {
        std::filesystem::create_directories(path.parent_path());
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    const auto committed = navspan_test::read_file(path);
    CHECK(committed == bytes);
}

}  // namespace fox_reader_test
