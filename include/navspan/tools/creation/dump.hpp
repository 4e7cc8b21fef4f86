// `navspan dump` of creation_plugin files: the plugin header, then every
// record that is a NAVM or holds NVNM (schema: examples/navspan/dump/creation.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../fields.hpp"
#include "../json_writer.hpp"
#include "common.hpp"
#include "fields.hpp"
#include "read_records.hpp"

namespace navspan::tools::creation_format {

// The plugin header, then every record that is a NAVM or holds NVNM, in file
// order, with every field of its navmeshes (schema: examples/navspan/dump/creation.md).
inline navspan::error dump(const navspan::creation::plugin_file& plugin, json_writer& w) {
    using namespace tools_detail;
    cr::inflate_buffer scratch;
    // Verify everything first: a bad file fails before anything is written.
    // The same walk gathers the owning cells and worldspaces, whose editor
    // ids (one more walk over CELL and WRLD records) follow their form ids.
    // The triangles written stay within the plugin's polygon budget
    // (limits::polygons_per_kib), as its walkables and pictures do: the
    // dump is bounded by the file, not by what its bytes inflate to.
    std::vector<std::uint32_t> owners;
    navspan::polygon_meter meter(plugin.limits(), plugin.bytes().size());
    navspan::error over;
    NAVSPAN_TRY(walk_navmeshes(
        plugin, scratch,
        [&](const record_place& p) {
            if (p.owner_cell != 0) owners.push_back(p.owner_cell);
            if (p.owner_world != 0) owners.push_back(p.owner_world);
        },
        [&](const mesh_visit& mv) {
            if (!over.ok()) return;
            over = meter.charge(mv.mesh.triangles().size(), mv.place->record.offset(),
                                "navmesh record (its triangles pass limits::polygons_per_kib)");
        },
        [](const record_place&) {}));
    NAVSPAN_TRY(over);
    editor_id_map editor_ids;
    NAVSPAN_TRY(creation_names::editor_ids(plugin, scratch, std::move(owners), editor_ids));

    // As creation_fields describes them (fields.hpp); the records are read
    // one at a time, so one record's navmeshes are held, not the file's.
    creation_fields::file_record m;
    m.bytes = plugin.bytes().size();
    m.header = creation_fields::read_header(plugin);
    navspan::tools::fields::dump_visitor v(w);
    navspan::error e;
    w.begin_object();
    creation_fields::file_fields(v, m, [&](auto&& each) {
        std::size_t i = 0;
        creation_fields::plugin_record r;
        e = walk_navmeshes(
            plugin, scratch, [&](const record_place& p) { r = creation_fields::read_record(p, editor_ids); },
            [&](const mesh_visit& mv) {
                ++m.summary.navmeshes;
                m.summary.triangles += mv.mesh.triangles().size();
                r.navmeshes.push_back(creation_fields::read_navmesh(mv));
            },
            [&](const record_place&) {
                ++m.summary.records;
                each(r, i++);
            });
    });
    if (!e.ok()) return e;  // cannot happen: the same walk succeeded above
    w.end_object();
    return {};
}

}  // namespace navspan::tools::creation_format

#include "../../core/min_max_pop.hpp"
