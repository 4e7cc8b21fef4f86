// Every public view type, default-constructed or moved-from, answers every
// accessor with an empty range, zero or a harmless value, and touches no
// memory (issue 16 #4). The calls were listed from the public headers (every
// public const accessor that takes no argument, plus the ones taking an
// enum); run under ASan+UBSan (preset test-sanitize), a null dereference or
// a null pointer passed to memcpy fails the test.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <navspan/creation.hpp>
#include <navspan/fox.hpp>
#include <navspan/quake.hpp>
#include <navspan/source.hpp>

// (The test files are compiled together: this file's names stay in its own namespace.)
namespace core_empty_views_test {

namespace {

using namespace navspan;

template <class T>
inline constexpr bool is_fixed_size = false;
template <class T, std::size_t N>
inline constexpr bool is_fixed_size<std::array<T, N>> = true;
template <class T, std::size_t N>
    requires(N != std::dynamic_extent)
inline constexpr bool is_fixed_size<std::span<T, N>> = true;
template <class T>
inline constexpr bool is_std_array = false;
template <class T, std::size_t N>
inline constexpr bool is_std_array<std::array<T, N>> = true;

// Uses a value: ranges are iterated (a view's ranges must be empty; a
// string or a fixed-size array need not be), optionals are looked into,
// everything else is read.
template <class T>
void touch(const T& x, const char* accessor = "") {
    INFO(std::string(accessor));
    if constexpr (requires { x.has_value(); *x; }) {
        if (x.has_value()) touch(*x);
    } else if constexpr (requires { x.begin() != x.end(); }) {
        std::size_t n = 0;
        for (auto it = x.begin(); it != x.end() && n < 4; ++it) {
            touch(*it);
            ++n;
        }
        // A record's raw bytes() may be its fixed size of zeros (readable: the
        // empty view points at a block of zeros); any other range is empty.
        if constexpr (!std::is_convertible_v<T, std::string_view> && !is_std_array<T> && !is_fixed_size<T>) {
            if (std::string_view(accessor) != "bytes") CHECK(n == 0);
        }
    } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
        volatile T copy = x;
        (void)copy;
    } else {
        (void)x;
    }
}

int views_checked = 0;

int views_without_empty_state = 0;

// Runs `use` on a default-constructed T and on a moved-from one. A type
// that cannot be default-constructed (a record view only a verified file
// hands out, such as nvnm::triangle) has no empty state to check.
template <class T, class Use>
void check_empty(const char* name, Use use) {
    INFO(std::string(name));
    if constexpr (std::is_default_constructible_v<T>) {
        const T empty{};
        use(empty);
        if constexpr (std::is_move_constructible_v<T>) {
            T from{};
            T to(std::move(from));
            use(from);
            use(to);
        }
        ++views_checked;
    } else {
        ++views_without_empty_state;
    }
}

}  // namespace

TEST_CASE("every accessor of every empty view is safe (default-constructed and moved-from)") {
    check_empty<creation::entry_cursor>("creation::entry_cursor", [](const auto& v) {
        touch(v.error(), "error");
        touch(v.depth(), "depth");
    });
    check_empty<creation::group>("creation::group", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.label(), "label");
        touch(v.type(), "type");
        touch(v.type_name(), "type_name");
        touch(v.stamp(), "stamp");
        touch(v.label_signature(), "label_signature");
        touch(v.label_form_id(), "label_form_id");
        touch(v.label_block(), "label_block");
        touch(v.label_grid_y(), "label_grid_y");
        touch(v.label_grid_x(), "label_grid_x");
        touch(v.offset(), "offset");
        touch(v.contents_offset(), "contents_offset");
        touch(v.contents(), "contents");
    });
    check_empty<creation::inflate_buffer>("creation::inflate_buffer", [](const auto& v) {
        touch(v.capacity(), "capacity");
        touch(v.fixed(), "fixed");
        touch(v.inflated(), "inflated");
    });
    check_empty<creation::plugin_file>("creation::plugin_file", [](const auto& v) {
        touch(v.bytes(), "bytes");
        touch(v.header(), "header");
        touch(v.header_flags(), "header_flags");
        touch(v.master_flag(), "master_flag");
        touch(v.form_version(), "form_version");
        touch(v.version(), "version");
        touch(v.record_count(), "record_count");
        touch(v.next_object_id(), "next_object_id");
        touch(v.game(), "game");
        touch(v.author(), "author");
        touch(v.description(), "description");
        touch(v.master_count(), "master_count");
        touch(v.header_subrecords(), "header_subrecords");
        touch(v.body_offset(), "body_offset");
        touch(v.top_level(), "top_level");
        touch(v.limits(), "limits");
    });
    check_empty<creation::record>("creation::record", [](const auto& v) {
        touch(v.type(), "type");
        touch(v.data_size(), "data_size");
        touch(v.flags(), "flags");
        touch(v.flags_raw(), "flags_raw");
        touch(v.form_id(), "form_id");
        touch(v.version_control(), "version_control");
        touch(v.form_version(), "form_version");
        touch(v.version_control2(), "version_control2");
        touch(v.compressed(), "compressed");
        touch(v.deleted(), "deleted");
        touch(v.offset(), "offset");
        touch(v.data_offset(), "data_offset");
        touch(v.data(), "data");
    });
    check_empty<creation::record_payload>("creation::record_payload", [](const auto& v) {
        touch(v.subrecords(), "subrecords");
    });
    check_empty<creation::record_walker>("creation::record_walker", [](const auto& v) {
        touch(v.depth(), "depth");
        touch(v.error(), "error");
    });
    check_empty<creation::subrecord>("creation::subrecord", [](const auto& v) {
        touch(v.type(), "type");
        touch(v.data(), "data");
        touch(v.size(), "size");
        touch(v.offset(), "offset");
        touch(v.data_offset(), "data_offset");
        touch(v.extended(), "extended");
    });
    check_empty<creation::subrecord_cursor>("creation::subrecord_cursor", [](const auto& v) {
        touch(v.error(), "error");
    });
    check_empty<creation::type_chars>("creation::type_chars", [](const auto& v) {
        touch(v.view(), "view");
    });
    check_empty<creation::nvnm::cell_list>("creation::nvnm::cell_list", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
    });
    check_empty<creation::nvnm::cover>("creation::nvnm::cover", [](const auto& v) {
        touch(v.data(), "data");
    });
    check_empty<creation::nvnm::cover_flags>("creation::nvnm::cover_flags", [](const auto& v) {
        touch(v.raw(), "raw");
        touch(v.edge01_value(), "edge01_value");
        touch(v.edge12_value(), "edge12_value");
        touch(v.bits(), "bits");
    });
    check_empty<creation::nvnm::cover_mapping>("creation::nvnm::cover_mapping", [](const auto& v) {
        touch(v.key(), "key");
        touch(v.triangle(), "triangle");
        touch(v.edge(), "edge");
        touch(v.cover(), "cover");
    });
    check_empty<creation::nvnm::door_link>("creation::nvnm::door_link", [](const auto& v) {
        touch(v.triangle(), "triangle");
        touch(v.crc(), "crc");
        touch(v.door(), "door");
    });
    check_empty<creation::nvnm::edge_link>("creation::nvnm::edge_link", [](const auto& v) {
        touch(v.type(), "type");
        touch(v.type_name(), "type_name");
        touch(v.navmesh(), "navmesh");
        touch(v.triangle(), "triangle");
        touch(v.edge_index(), "edge_index");
    });
    check_empty<creation::nvnm::navmesh>("creation::nvnm::navmesh", [](const auto& v) {
        touch(v.bytes(), "bytes");
        touch(v.layout(), "layout");
        touch(v.version(), "version");
        touch(v.pathing_cell_crc(), "pathing_cell_crc");
        touch(v.parent_world(), "parent_world");
        touch(v.is_exterior(), "is_exterior");
        touch(v.grid_x(), "grid_x");
        touch(v.grid_y(), "grid_y");
        touch(v.parent_cell(), "parent_cell");
        touch(v.parent_raw(), "parent_raw");
        touch(v.vertices(), "vertices");
        touch(v.triangles(), "triangles");
        touch(v.edge_links(), "edge_links");
        touch(v.door_links(), "door_links");
        touch(v.cover_triangles(), "cover_triangles");
        touch(v.covers(), "covers");
        touch(v.cover_mappings(), "cover_mappings");
        touch(v.waypoints(), "waypoints");
        touch(v.grid(), "grid");
        touch(v.trailer(), "trailer");
    });
    check_empty<creation::nvnm::search_grid>("creation::nvnm::search_grid", [](const auto& v) {
        touch(v.divisor(), "divisor");
        touch(v.cell_size_x(), "cell_size_x");
        touch(v.cell_size_y(), "cell_size_y");
        touch(v.bounds(), "bounds");
        touch(v.cell_count(), "cell_count");
        touch(v.cells(), "cells");
    });
    check_empty<creation::nvnm::triangle>("creation::nvnm::triangle", [](const auto& v) {
        touch(v.vertices(), "vertices");
        touch(v.flags(), "flags");
        touch(v.flags_raw(), "flags_raw");
        touch(v.cover(), "cover");
        touch(v.height(), "height");
        touch(v.unknown(), "unknown");
    });
    check_empty<creation::nvnm::vertex>("creation::nvnm::vertex", [](const auto& v) {
        touch(v.position(), "position");
        touch(v.x(), "x");
        touch(v.y(), "y");
        touch(v.z(), "z");
        touch(v.extra(), "extra");
    });
    check_empty<creation::nvnm::waypoint>("creation::nvnm::waypoint", [](const auto& v) {
        touch(v.position(), "position");
        touch(v.triangle(), "triangle");
        touch(v.flags(), "flags");
    });
    check_empty<fox::cell_record>("fox::cell_record", [](const auto& v) {
        touch(v.group_id(), "group_id");
        touch(v.tile_byte(), "tile_byte");
        touch(v.tile_word(), "tile_word");
        touch(v.segment_count(), "segment_count");
        touch(v.segments(), "segments");
        touch(v.size_bytes(), "size_bytes");
    });
    check_empty<fox::cell_record_list>("fox::cell_record_list", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
    });
    check_empty<fox::entry>("fox::entry", [](const auto& v) {
        touch(v.offset(), "offset");
        touch(v.type_raw(), "type_raw");
        touch(v.type(), "type");
        touch(v.u1(), "u1");
        touch(v.next_entry_offset(), "next_entry_offset");
        touch(v.payload_offset(), "payload_offset");
        touch(v.group_id(), "group_id");
        touch(v.tile_byte(), "tile_byte");
        touch(v.tile_word(), "tile_word");
        touch(v.bytes(), "bytes");
        touch(v.payload(), "payload");
    });
    check_empty<fox::entry_list>("fox::entry_list", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
    });
    check_empty<fox::face>("fox::face", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.word(), "word");
        touch(v.record_offset(), "record_offset");
        touch(v.is_quad(), "is_quad");
        touch(v.bit19(), "bit19");
        touch(v.corner_count(), "corner_count");
        touch(v.segment_bits(), "segment_bits");
        touch(v.segment(), "segment");
        touch(v.has_extension(), "has_extension");
        touch(v.neighbours(), "neighbours");
        touch(v.record_bytes(), "record_bytes");
    });
    check_empty<fox::face_neighbour>("fox::face_neighbour", [](const auto& v) {
        touch(v.raw(), "raw");
        touch(v.kind(), "kind");
        touch(v.face(), "face");
        touch(v.group(), "group");
        touch(v.tile_id(), "tile_id");
        touch(v.has_extension(), "has_extension");
        touch(v.ext_a(), "ext_a");
        touch(v.ext_b(), "ext_b");
    });
    check_empty<fox::face_neighbours>("fox::face_neighbours", [](const auto& v) {
        touch(v.size(), "size");
    });
    check_empty<fox::file_header>("fox::file_header", [](const auto& v) {
        touch(v.magic(), "magic");
        touch(v.file_size(), "file_size");
        touch(v.end_of_header_offset(), "end_of_header_offset");
        touch(v.entry_count(), "entry_count");
        touch(v.nav_system_offset(), "nav_system_offset");
        touch(v.file_index(), "file_index");
        touch(v.tile_field(), "tile_field");
        touch(v.tile_id(), "tile_id");
        touch(v.tile_low_bits(), "tile_low_bits");
        touch(v.tile(), "tile");
        touch(v.u0a(), "u0a");
        touch(v.u0b(), "u0b");
        touch(v.u0c(), "u0c");
        touch(v.section2_offset(), "section2_offset");
        touch(v.o6(), "o6");
        touch(v.origin(), "origin");
        touch(v.section3_offset(), "section3_offset");
        touch(v.u1b(), "u1b");
        touch(v.manifest_offset(), "manifest_offset");
        touch(v.manifest_size(), "manifest_size");
        touch(v.u1c(), "u1c");
        touch(v.u1d(), "u1d");
        touch(v.divisor_x(), "divisor_x");
        touch(v.divisor_y(), "divisor_y");
        touch(v.divisor_z(), "divisor_z");
        touch(v.u1h(), "u1h");
        touch(v.n7(), "n7");
        touch(v.section2_entry_count(), "section2_entry_count");
        touch(v.n8(), "n8");
        touch(v.vals(), "vals");
        touch(v.quant(), "quant");
    });
    check_empty<fox::graph_edge_other_group>("fox::graph_edge_other_group", [](const auto& v) {
        touch(v.group_id(), "group_id");
        touch(v.weight(), "weight");
        touch(v.adjacent_node(), "adjacent_node");
        touch(v.adjacent_edge_count(), "adjacent_edge_count");
        touch(v.u5(), "u5");
    });
    check_empty<fox::graph_edge_other_tile>("fox::graph_edge_other_tile", [](const auto& v) {
        touch(v.tile_id(), "tile_id");
        touch(v.group_id(), "group_id");
        touch(v.adjacent_node(), "adjacent_node");
        touch(v.u4(), "u4");
        touch(v.adjacent_edge_count(), "adjacent_edge_count");
        touch(v.u6(), "u6");
    });
    check_empty<fox::graph_edge_same_group>("fox::graph_edge_same_group", [](const auto& v) {
        touch(v.weight(), "weight");
        touch(v.adjacent_node(), "adjacent_node");
        touch(v.adjacent_edge_count(), "adjacent_edge_count");
        touch(v.u1(), "u1");
    });
    check_empty<fox::graph_node>("fox::graph_node", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.quantized(), "quantized");
        touch(v.position(), "position");
        touch(v.ss3_half_offset(), "ss3_half_offset");
        touch(v.same_group_count(), "same_group_count");
        touch(v.u3(), "u3");
        touch(v.u4(), "u4");
        touch(v.u5(), "u5");
        touch(v.u6(), "u6");
        touch(v.other_group_count(), "other_group_count");
        touch(v.other_tile_count(), "other_tile_count");
        touch(v.same_group_edges(), "same_group_edges");
        touch(v.other_group_edges(), "other_group_edges");
        touch(v.other_tile_edges(), "other_tile_edges");
        touch(v.mesh_edge_ids(), "mesh_edge_ids");
    });
    check_empty<fox::group>("fox::group", [](const auto& v) {
        touch(v.id(), "id");
        touch(v.quant(), "quant");
        touch(v.nav_world(), "nav_world");
        touch(v.navmesh_chunk(), "navmesh_chunk");
        touch(v.segment_chunk(), "segment_chunk");
        touch(v.segment_graph(), "segment_graph");
        touch(v.nav_world_entry(), "nav_world_entry");
        touch(v.navmesh_entry(), "navmesh_entry");
        touch(v.segment_chunk_entry(), "segment_chunk_entry");
        touch(v.segment_graph_entry(), "segment_graph_entry");
        touch(v.faces(), "faces");
        touch(v.vertices(), "vertices");
        touch(v.segments(), "segments");
        touch(v.nodes(), "nodes");
        touch(v.edges(), "edges");
    });
    check_empty<fox::group_list>("fox::group_list", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
    });
    check_empty<fox::manifest>("fox::manifest", [](const auto& v) {
        touch(v.offset(), "offset");
        touch(v.group_count(), "group_count");
        touch(v.records(), "records");
    });
    check_empty<fox::manifest_record>("fox::manifest_record", [](const auto& v) {
        touch(v.group_id(), "group_id");
        touch(v.tile_byte(), "tile_byte");
        touch(v.tile_word(), "tile_word");
        touch(v.payload_offset(), "payload_offset");
        touch(v.type_raw(), "type_raw");
        touch(v.type(), "type");
        touch(v.entry_size(), "entry_size");
    });
    check_empty<fox::mesh_vertex>("fox::mesh_vertex", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.quantized(), "quantized");
        touch(v.position(), "position");
    });
    check_empty<fox::nav2_file>("fox::nav2_file", [](const auto& v) {
        touch(v.bytes(), "bytes");
        touch(v.trailing(), "trailing");
        touch(v.header(), "header");
        touch(v.quant(), "quant");
        touch(v.manifest(), "manifest");
        touch(v.entries(), "entries");
        touch(v.group_count(), "group_count");
        touch(v.groups(), "groups");
        touch(v.has_section2(), "has_section2");
        touch(v.section2(), "section2");
        touch(v.has_section3(), "has_section3");
        touch(v.section3(), "section3");
        touch(v.has_nav_system(), "has_nav_system");
        touch(v.chain_end_offset(), "chain_end_offset");
        touch(v.section2_end_offset(), "section2_end_offset");
    });
    check_empty<fox::nav_cell>("fox::nav_cell", [](const auto& v) {
        touch(v.rel_offset(), "rel_offset");
        touch(v.count(), "count");
        touch(v.u2(), "u2");
        touch(v.u3(), "u3");
        touch(v.records(), "records");
    });
    check_empty<fox::nav_edge>("fox::nav_edge", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.weight(), "weight");
        touch(v.segment(), "segment");
        touch(v.from_local(), "from_local");
        touch(v.to_local(), "to_local");
        touch(v.from_node(), "from_node");
        touch(v.to_node(), "to_node");
    });
    check_empty<fox::nav_node>("fox::nav_node", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.quantized(), "quantized");
        touch(v.position(), "position");
        touch(v.ss3_half_offset(), "ss3_half_offset");
        touch(v.segment(), "segment");
        touch(v.adjacency_count(), "adjacency_count");
        touch(v.link_kind_raw(), "link_kind_raw");
        touch(v.adjacency(), "adjacency");
        touch(v.link(), "link");
        touch(v.face(), "face");
    });
    check_empty<fox::nav_system>("fox::nav_system", [](const auto& v) {
        touch(v.offset(), "offset");
        touch(v.origin(), "origin");
        touch(v.unknown(), "unknown");
        touch(v.cells_x(), "cells_x");
        touch(v.cells_y(), "cells_y");
        touch(v.cells_z(), "cells_z");
        touch(v.cell_size(), "cell_size");
        touch(v.n5(), "n5");
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.ss3_offset(), "ss3_offset");
        touch(v.cell_count(), "cell_count");
        touch(v.cells(), "cells");
        touch(v.bytes(), "bytes");
    });
    check_empty<fox::nav_world>("fox::nav_world", [](const auto& v) {
        touch(v.node_count(), "node_count");
        touch(v.edge_count(), "edge_count");
        touch(v.segment_count(), "segment_count");
        touch(v.nodes(), "nodes");
        touch(v.edges(), "edges");
        touch(v.segment_flags_raw(), "segment_flags_raw");
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.ss3_offset(), "ss3_offset");
        touch(v.ss4_offset(), "ss4_offset");
        touch(v.ss5_offset(), "ss5_offset");
        touch(v.ss6_offset(), "ss6_offset");
        touch(v.u1(), "u1");
        touch(v.u2(), "u2");
        touch(v.u3(), "u3");
    });
    check_empty<fox::navmesh_chunk>("fox::navmesh_chunk", [](const auto& v) {
        touch(v.face_count(), "face_count");
        touch(v.vertex_count(), "vertex_count");
        touch(v.vertices(), "vertices");
        touch(v.faces(), "faces");
        touch(v.face_words(), "face_words");
        touch(v.face_segment_bits(), "face_segment_bits");
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.ss3_offset(), "ss3_offset");
        touch(v.u4(), "u4");
        touch(v.u5(), "u5");
    });
    check_empty<fox::node_adjacency>("fox::node_adjacency", [](const auto& v) {
        touch(v.node(), "node");
        touch(v.edge(), "edge");
    });
    check_empty<fox::node_link>("fox::node_link", [](const auto& v) {
        touch(v.kind(), "kind");
        touch(v.kind_raw(), "kind_raw");
        touch(v.word_count(), "word_count");
        touch(v.words(), "words");
        touch(v.node(), "node");
        touch(v.group(), "group");
        touch(v.tile_id(), "tile_id");
        touch(v.terminator(), "terminator");
    });
    check_empty<fox::section2_adjacency>("fox::section2_adjacency", [](const auto& v) {
        touch(v.weight(), "weight");
        touch(v.node(), "node");
    });
    check_empty<fox::section2_entry>("fox::section2_entry", [](const auto& v) {
        touch(v.offset(), "offset");
        touch(v.next_entry_offset(), "next_entry_offset");
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.node_count(), "node_count");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.ss3_offset(), "ss3_offset");
        touch(v.ss4_offset(), "ss4_offset");
        touch(v.ss5_offset(), "ss5_offset");
        touch(v.ss6_offset(), "ss6_offset");
        touch(v.nodes(), "nodes");
        touch(v.ss3_records(), "ss3_records");
        touch(v.ss4_words(), "ss4_words");
        touch(v.neighbours(), "neighbours");
        touch(v.ss5_bytes(), "ss5_bytes");
        touch(v.ss6_bytes(), "ss6_bytes");
        touch(v.bytes(), "bytes");
    });
    check_empty<fox::section2_list>("fox::section2_list", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
    });
    check_empty<fox::section2_neighbour>("fox::section2_neighbour", [](const auto& v) {
        touch(v.tile_id(), "tile_id");
        touch(v.b(), "b");
        touch(v.c(), "c");
    });
    check_empty<fox::section2_node>("fox::section2_node", [](const auto& v) {
        touch(v.quantized(), "quantized");
        touch(v.position(), "position");
        touch(v.flags(), "flags");
        touch(v.ss2_byte_offset(), "ss2_byte_offset");
        touch(v.count_b(), "count_b");
        touch(v.count_a(), "count_a");
        touch(v.adjacency(), "adjacency");
        touch(v.extra_words(), "extra_words");
    });
    check_empty<fox::section2_record3>("fox::section2_record3", [](const auto& v) {
        touch(v.a(), "a");
        touch(v.b(), "b");
        touch(v.c(), "c");
    });
    check_empty<fox::segment>("fox::segment", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.bounds_min_quantized(), "bounds_min_quantized");
        touch(v.bounds_max_quantized(), "bounds_max_quantized");
        touch(v.bounds_min(), "bounds_min");
        touch(v.bounds_max(), "bounds_max");
        touch(v.vertex_offset(), "vertex_offset");
        touch(v.vertex_count(), "vertex_count");
        touch(v.first_face(), "first_face");
        touch(v.face_count(), "face_count");
        touch(v.first_node(), "first_node");
        touch(v.node_count(), "node_count");
        touch(v.first_edge(), "first_edge");
        touch(v.edge_count(), "edge_count");
        touch(v.stored_first_edge(), "stored_first_edge");
        touch(v.stored_first_node(), "stored_first_node");
        touch(v.stored_edge_count(), "stored_edge_count");
        touch(v.stored_node_count(), "stored_node_count");
    });
    check_empty<fox::segment_chunk>("fox::segment_chunk", [](const auto& v) {
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.total_size(), "total_size");
        touch(v.segment_count(), "segment_count");
        touch(v.segments(), "segments");
        touch(v.stored_node_ranges(), "stored_node_ranges");
        touch(v.stored_edge_ranges(), "stored_edge_ranges");
    });
    check_empty<fox::segment_graph>("fox::segment_graph", [](const auto& v) {
        touch(v.node_count(), "node_count");
        touch(v.nodes(), "nodes");
        touch(v.ss1_offset(), "ss1_offset");
        touch(v.ss2_offset(), "ss2_offset");
        touch(v.ss3_offset(), "ss3_offset");
        touch(v.uu1(), "uu1");
        touch(v.total_size(), "total_size");
        touch(v.uu3(), "uu3");
        touch(v.total_adjacent_mesh_edges(), "total_adjacent_mesh_edges");
        touch(v.pad(), "pad");
    });
    check_empty<fox::split_set>("fox::split_set", [](const auto& v) {
        touch(v.main(), "main");
        touch(v.overflow(), "overflow");
    });
    check_empty<quake::edict>("quake::edict", [](const auto& v) {
        touch(v.link_index(), "link_index");
        touch(v.link(), "link");
        touch(v.bounds(), "bounds");
        touch(v.entity_id(), "entity_id");
        touch(v.entity_index(), "entity_index");
        touch(v.tail_words(), "tail_words");
    });
    check_empty<quake::file_context>("quake::file_context", [](const auto& v) {
        touch(v.version(), "version");
        touch(v.node_count(), "node_count");
        touch(v.link_count(), "link_count");
        touch(v.traversal_count(), "traversal_count");
        touch(v.nodes(), "nodes");
        touch(v.node_origins(), "node_origins");
        touch(v.links(), "links");
        touch(v.traversals(), "traversals");
        touch(v.edict_table(), "edict_table");
        touch(v.edict_count(), "edict_count");
        touch(v.edicts(), "edicts");
    });
    check_empty<quake::layout>("quake::layout", [](const auto& v) {
        touch(v.has_heuristic(), "has_heuristic");
        touch(v.has_team_masks(), "has_team_masks");
        touch(v.has_entity_ids(), "has_entity_ids");
        touch(v.has_edict_tail_words(), "has_edict_tail_words");
    });
    check_empty<quake::link>("quake::link", [](const auto& v) {
        touch(v.destination(), "destination");
        touch(v.destination_node(), "destination_node");
        touch(v.type_raw(), "type_raw");
        touch(v.type(), "type");
        touch(v.type_name(), "type_name");
        touch(v.team_mask(), "team_mask");
        touch(v.for_all_teams(), "for_all_teams");
        touch(v.traversal_index(), "traversal_index");
        touch(v.has_traversal(), "has_traversal");
        touch(v.traversal(), "traversal");
    });
    check_empty<quake::nav_file>("quake::nav_file", [](const auto& v) {
        touch(v.layout(), "layout");
        touch(v.version(), "version");
        touch(v.heuristic(), "heuristic");
        touch(v.node_count(), "node_count");
        touch(v.link_count(), "link_count");
        touch(v.traversal_count(), "traversal_count");
        touch(v.edict_count(), "edict_count");
        touch(v.nodes(), "nodes");
        touch(v.links(), "links");
        touch(v.traversals(), "traversals");
        touch(v.edicts(), "edicts");
        touch(v.indices_checked(), "indices_checked");
        touch(v.trailing(), "trailing");
        touch(v.bytes(), "bytes");
    });
    check_empty<quake::node>("quake::node", [](const auto& v) {
        touch(v.flags(), "flags");
        touch(v.flags_raw(), "flags_raw");
        touch(v.link_count(), "link_count");
        touch(v.first_link(), "first_link");
        touch(v.radius(), "radius");
        touch(v.position(), "position");
        touch(v.links(), "links");
    });
    check_empty<quake::traversal>("quake::traversal", [](const auto& v) {
        touch(v.node_exit(), "node_exit");
        touch(v.jump_start(), "jump_start");
        touch(v.jump_end(), "jump_end");
    });
    check_empty<source::approach_spot>("source::approach_spot", [](const auto& v) {
        touch(v.here_area(), "here_area");
        touch(v.prev_area(), "prev_area");
        touch(v.prev_to_here(), "prev_to_here");
        touch(v.next_area(), "next_area");
        touch(v.here_to_next(), "here_to_next");
    });
    check_empty<source::area>("source::area", [](const auto& v) {
        touch(v.hiding_spots(), "hiding_spots");
        touch(v.approach_spots(), "approach_spots");
        touch(v.encounter_paths(), "encounter_paths");
        touch(v.place_index(), "place_index");
        touch(v.earliest_occupy_times(), "earliest_occupy_times");
        touch(v.light_intensities(), "light_intensities");
        touch(v.visible_areas(), "visible_areas");
        touch(v.inherit_visibility_from(), "inherit_visibility_from");
        touch(v.visibility_entry_count(), "visibility_entry_count");
        touch(v.game_data(), "game_data");
        touch(v.size_bytes(), "size_bytes");
        touch(v.bytes(), "bytes");
        touch(v.next(), "next");
    });
    check_empty<source::area_game_data>("source::area_game_data", [](const auto& v) {
        touch(v.kind(), "kind");
        touch(v.raw(), "raw");
        touch(v.empty(), "empty");
        touch(v.cstrike(), "cstrike");
        touch(v.tf(), "tf");
        touch(v.left4dead2(), "left4dead2");
    });
    check_empty<source::area_head>("source::area_head", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.id(), "id");
        touch(v.attributes_raw(), "attributes_raw");
        touch(v.attributes(), "attributes");
        touch(v.north_west(), "north_west");
        touch(v.south_east(), "south_east");
        touch(v.north_east_z(), "north_east_z");
        touch(v.south_west_z(), "south_west_z");
        touch(v.connection_count(), "connection_count");
        touch(v.context(), "context");
    });
    check_empty<source::area_index>("source::area_index", [](const auto& v) {
        touch(v.size(), "size");
        touch(v.empty(), "empty");
        touch(v.ids(), "ids");
        touch(v.offsets(), "offsets");
    });
    check_empty<source::cstrike_area_data>("source::cstrike_area_data", [](const auto& v) {
        touch(v.approach_spots(), "approach_spots");
    });
    check_empty<source::encounter_path>("source::encounter_path", [](const auto& v) {
        touch(v.old_layout(), "old_layout");
        touch(v.from_area(), "from_area");
        touch(v.to_area(), "to_area");
        touch(v.from_direction(), "from_direction");
        touch(v.to_direction(), "to_direction");
        touch(v.spots(), "spots");
        touch(v.path_from(), "path_from");
        touch(v.path_to(), "path_to");
        touch(v.old_spots(), "old_spots");
        touch(v.spot_count(), "spot_count");
        touch(v.size_bytes(), "size_bytes");
        touch(v.bytes(), "bytes");
        touch(v.next(), "next");
    });
    check_empty<source::encounter_spot>("source::encounter_spot", [](const auto& v) {
        touch(v.hiding_spot_id(), "hiding_spot_id");
        touch(v.t_raw(), "t_raw");
        touch(v.t(), "t");
    });
    check_empty<source::hiding_spot>("source::hiding_spot", [](const auto& v) {
        touch(v.id(), "id");
        touch(v.position(), "position");
        touch(v.flags_raw(), "flags_raw");
        touch(v.flags(), "flags");
    });
    check_empty<source::l4d2_area_data>("source::l4d2_area_data", [](const auto& v) {
        touch(v.subversion(), "subversion");
        touch(v.spawn_attributes_raw(), "spawn_attributes_raw");
        touch(v.spawn_attributes(), "spawn_attributes");
        touch(v.fog_place_index(), "fog_place_index");
        touch(v.visible_areas(), "visible_areas");
        touch(v.inherit_visibility_from(), "inherit_visibility_from");
        touch(v.unnamed_words(), "unnamed_words");
        touch(v.spawn_block(), "spawn_block");
        touch(v.unnamed_list(), "unnamed_list");
        touch(v.bytes(), "bytes");
    });
    check_empty<source::ladder>("source::ladder", [](const auto& v) {
        touch(v.id(), "id");
        touch(v.width(), "width");
        touch(v.top(), "top");
        touch(v.bottom(), "bottom");
        touch(v.length(), "length");
        touch(v.direction_raw(), "direction_raw");
        touch(v.facing(), "facing");
        touch(v.is_dangling(), "is_dangling");
        touch(v.is_dangling_raw(), "is_dangling_raw");
        touch(v.top_forward_area(), "top_forward_area");
        touch(v.top_left_area(), "top_left_area");
        touch(v.top_right_area(), "top_right_area");
        touch(v.top_behind_area(), "top_behind_area");
        touch(v.bottom_area(), "bottom_area");
    });
    check_empty<source::nav_file>("source::nav_file", [](const auto& v) {
        touch(v.version(), "version");
        touch(v.subversion(), "subversion");
        touch(v.bsp_size(), "bsp_size");
        touch(v.analyzed(), "analyzed");
        touch(v.has_unnamed_areas(), "has_unnamed_areas");
        touch(v.game(), "game");
        touch(v.context(), "context");
        touch(v.places(), "places");
        touch(v.area_count(), "area_count");
        touch(v.empty(), "empty");
        touch(v.areas(), "areas");
        touch(v.ladders(), "ladders");
        touch(v.left4dead2(), "left4dead2");
        touch(v.trailing(), "trailing");
        touch(v.trailing(), "trailing");
        touch(v.warnings(), "warnings");
        touch(v.bytes(), "bytes");
        touch(v.areas_offset(), "areas_offset");
        touch(v.ladders_offset(), "ladders_offset");
    });
    check_empty<source::old_encounter_spot>("source::old_encounter_spot", [](const auto& v) {
        touch(v.position(), "position");
        touch(v.t(), "t");
    });
    check_empty<source::owned_area_index>("source::owned_area_index", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.size(), "size");
    });
    check_empty<source::place>("source::place", [](const auto& v) {
        touch(v.index(), "index");
        touch(v.stored_length(), "stored_length");
        touch(v.stored_bytes(), "stored_bytes");
        touch(v.name(), "name");
        touch(v.terminated(), "terminated");
        touch(v.next(), "next");
    });
    check_empty<source::selected_area>("source::selected_area", [](const auto& v) {
        touch(v.id(), "id");
        touch(v.offset(), "offset");
        touch(v.text(), "text");
        touch(v.north_west(), "north_west");
        touch(v.north_east(), "north_east");
        touch(v.south_east(), "south_east");
        touch(v.south_west(), "south_west");
        touch(v.is_rectangular(), "is_rectangular");
        touch(v.place(), "place");
        touch(v.attributes_raw(), "attributes_raw");
        touch(v.attributes(), "attributes");
        touch(v.next(), "next");
    });
    check_empty<source::selected_areas>("source::selected_areas", [](const auto& v) {
        touch(v.version(), "version");
        touch(v.size(), "size");
        touch(v.empty(), "empty");
        touch(v.areas(), "areas");
        touch(v.text(), "text");
    });
    check_empty<source::selected_connection>("source::selected_connection", [](const auto& v) {
        touch(v.key(), "key");
        touch(v.id(), "id");
        touch(v.next(), "next");
    });
    check_empty<source::tf_area_data>("source::tf_area_data", [](const auto& v) {
        touch(v.attributes_raw(), "attributes_raw");
        touch(v.attributes(), "attributes");
    });
    check_empty<source::visible_area>("source::visible_area", [](const auto& v) {
        touch(v.id(), "id");
        touch(v.attributes_raw(), "attributes_raw");
        touch(v.attributes(), "attributes");
    });
    check_empty<source::visible_area_position>("source::visible_area_position", [](const auto& v) {
        touch(v.target(), "target");
        touch(v.attributes_raw(), "attributes_raw");
        touch(v.attributes(), "attributes");
    });
    MESSAGE(views_checked, " view types checked empty; ", views_without_empty_state, " have no empty state");
}

}  // namespace core_empty_views_test
