// The navspan command's support for the fox_nav2 format.
#pragma once

#include "../../core/min_max_push.hpp"

#include <array>
#include <cstdint>

#include "../../navspan.hpp"

#include "../bounds.hpp"
#include "../json_values.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::fox_format {

// Writes the `navspan info --json` object for a fox_nav2 file (see
// docs/info-json.md), or returns why the file is not valid.
inline navspan::error info(const navspan::fox::nav2_file& file, json_writer& w) {
    namespace fox = navspan::fox;
    const fox::file_header header = file.header();

    // Entries of each type, found by walking the chain.
    std::uint64_t nav_worlds = 0, navmesh_chunks = 0, segment_chunks = 0, segment_graphs = 0;
    for (fox::entry e : file.entries()) {
        switch (e.type()) {
            case fox::entry_type::nav_world: ++nav_worlds; break;
            case fox::entry_type::navmesh_chunk: ++navmesh_chunks; break;
            case fox::entry_type::segment_chunk: ++segment_chunks; break;
            case fox::entry_type::segment_graph: ++segment_graphs; break;
        }
    }
    std::uint64_t nodes = 0, edges = 0, vertices = 0, faces = 0, segments = 0;
    bounds_accumulator bounds;
    for (fox::group g : file.groups()) {
        nodes += g.nav_world().node_count();
        edges += g.nav_world().edge_count();
        vertices += g.navmesh_chunk().vertex_count();
        faces += g.navmesh_chunk().face_count();
        segments += g.segment_chunk().segment_count();
        for (fox::mesh_vertex v : g.vertices()) {
            const navspan::vec3 p = v.position();
            bounds.add(p.x, p.y, p.z);
        }
    }

    begin_info(w, "fox_nav2", file.bytes().size(), bounds);
    w.field("magic", header.magic());
    w.field("file_index", header.file_index());
    w.field("groups", static_cast<std::uint64_t>(file.group_count()));
    w.key("entries");
    w.begin_object();
    w.field("nav_world", nav_worlds);
    w.field("navmesh_chunk", navmesh_chunks);
    w.field("segment_chunk", segment_chunks);
    w.field("segment_graph", segment_graphs);
    w.end_object();
    w.field("nodes", nodes);
    w.field("edges", edges);
    w.field("vertices", vertices);
    w.field("faces", faces);
    w.field("segments", segments);
    w.key("origin");
    json_values::write_vec3(w, header.origin());
    w.key("divisors");
    json_values::write_values(w, std::array{header.divisor_x(), header.divisor_y(), header.divisor_z()});
    // Beyond the contract: the tile, the split-set partner hint, the blocks
    // after the entries and any bytes after the header's file size.
    w.field("tile_id", header.tile_id());
    w.field("section2_entries", header.section2_offset() != 0 ? header.section2_entry_count() : 0u);
    w.field("nav_system", file.has_nav_system());
    w.field("trailing_bytes", static_cast<std::uint64_t>(file.trailing().size()));
    w.end_object();
    return {};
}

}  // namespace navspan::tools::fox_format

#include "../../core/min_max_pop.hpp"
