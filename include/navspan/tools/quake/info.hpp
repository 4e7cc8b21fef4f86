// The navspan command's support for the quake_nav format.
#pragma once

#include "../../core/min_max_push.hpp"

#include "../../navspan.hpp"

#include "../bounds.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::quake_format {

// Writes the `navspan info --json` object for a quake_nav file (see
// docs/info-json.md), or returns why the file is not valid.
inline navspan::error info(const navspan::quake::nav_file& file, json_writer& w) {
    namespace q = navspan::quake;

    bounds_accumulator bounds;
    for (const q::node n : file.nodes()) {
        const navspan::vec3 o = n.position();
        bounds.add(o.x, o.y, o.z);
    }

    begin_info(w, "quake_nav", file.bytes().size(), bounds);
    w.field("version", file.version());
    // Only the version 17+ float is confirmed (quake-nav.md section 4): a
    // version 16 file prints null even when its size shows a 24-byte header.
    if (file.version() >= q::heuristic_version) w.field("heuristic", file.heuristic());
    else w.field_null("heuristic");
    w.field("nodes", file.node_count());
    w.field("links", file.link_count());
    w.field("traversals", file.traversal_count());
    w.field("edicts", file.edict_count());
    w.end_object();
    return {};
}

}  // namespace navspan::tools::quake_format

#include "../../core/min_max_pop.hpp"
