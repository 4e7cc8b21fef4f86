// The navspan command's support for the creation_plugin format.
#pragma once

#include <iterator>
#include <cstdint>

#include <navspan/navspan.hpp>

#include "../bounds.hpp"
#include "../command_limits.hpp"
#include "../json_writer.hpp"

namespace navspan_cli::creation_format {

// Writes the `navspan info --json` object for a creation_plugin file (see
// ../shared/specs/info-json.md), or returns why the file is not valid.
//
// The whole plugin is verified: every group and record header, every
// compressed record inflated (NVNM may sit in any record type), every NVNM
// subrecord opened. Deleted records are counted (NAVM) but not read.
inline navspan::error info(navspan::bytes_view bytes, json_writer& w) {
    namespace creation = navspan::creation;
    auto plugin = creation::plugin_file::open(bytes, {command_limits()});
    if (!plugin) return plugin.error();

    std::uint64_t navmeshes = 0, compressed = 0, nvnm = 0;
    std::uint64_t vertices = 0, triangles = 0, edge_links = 0, door_links = 0, cover_triangles = 0;
    std::uint32_t versions[8] = {};
    std::size_t version_count = 0;
    bounds_accumulator bounds;

    creation::inflate_buffer scratch;
    creation::record_walker walker = plugin->walk();
    creation::record r;
    while (walker.next_record(r)) {
        if (r.type() == navspan::fourcc("NAVM")) {
            ++navmeshes;
            if (r.compressed()) ++compressed;
        }
        if (r.deleted()) continue;
        auto payload = creation::read_payload(r, scratch, plugin->limits());
        if (!payload) return payload.error();
        NAVSPAN_TRY(creation::for_each_nvnm(r, *payload, plugin->limits(),
                                            [&](const creation::nvnm::navmesh& m, std::uint64_t) {
            ++nvnm;
            // Kept sorted as it grows; only the three known versions (or a
            // few imposed ones) ever open, so the list stays short.
            std::size_t at = 0;
            while (at < version_count && versions[at] < m.version()) ++at;
            if ((at == version_count || versions[at] != m.version()) && version_count < std::size(versions)) {
                for (std::size_t k = version_count; k > at; --k) versions[k] = versions[k - 1];
                versions[at] = m.version();
                ++version_count;
            }
            vertices += m.vertices().size();
            triangles += m.triangles().size();
            edge_links += m.edge_links().size();
            door_links += m.door_links().size();
            cover_triangles += m.cover_triangles().size();
            for (const auto v : m.vertices()) bounds.add(v.x(), v.y(), v.z());
        }));
    }
    NAVSPAN_TRY(walker.error());

    w.begin_object();
    w.field("format", "creation_plugin");
    w.field("bytes", static_cast<std::uint64_t>(bytes.size()));
    w.key("bounds");
    bounds.write(w);
    w.field("game", creation::to_string(plugin->game()));
    w.field("navmeshes", navmeshes);
    w.field("compressed", compressed);
    w.field("nvnm", nvnm);
    w.key("nvnm_versions");
    w.begin_array();
    for (std::size_t i = 0; i < version_count; ++i) w.value(versions[i]);
    w.end_array();
    w.field("vertices", vertices);
    w.field("triangles", triangles);
    w.field("edge_links", edge_links);
    w.field("door_links", door_links);
    w.field("cover_triangles", cover_triangles);
    w.end_object();
    return {};
}

}  // namespace navspan_cli::creation_format
