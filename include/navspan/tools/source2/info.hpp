// The navspan command's support for the source2_nav format (Counter-Strike 2,
// Deadlock): the `info` summary.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../navspan.hpp"

#include "../bounds.hpp"
#include "../json_writer.hpp"
#include "common.hpp"

namespace navspan::tools::source2_format {

// Sums over every area, as docs/info-json.md defines them.
struct source2_totals {
    std::size_t connections = 0;
    std::size_t ladder_links = 0;
    bounds_accumulator bounds;
};

inline source2_totals totals(const navspan::source2::nav_file& file) {
    namespace s2 = navspan::source2;
    source2_totals t;
    // Bounds: the corner pool (31+), or every area's own corners (30).
    for (const s2::corner c : file.corners()) {
        const navspan::vec3 p = c.position();
        t.bounds.add(p.x, p.y, p.z);
    }
    for (const s2::area& a : file.areas()) {
        if (!file.has_polygon_table()) {
            for (const navspan::vec3 p : a.corners()) t.bounds.add(p.x, p.y, p.z);
        }
        t.connections += a.connection_count();
        t.ladder_links += a.ladder_links(s2::ladder_direction::up).size() + a.ladder_links(s2::ladder_direction::down).size();
    }
    return t;
}

// Writes the `navspan info --json` object for a source2_nav file (see
// docs/info-json.md), or returns why the file is not valid.
inline navspan::error info(const navspan::source2::nav_file& file, json_writer& w) {
    namespace s2 = navspan::source2;
    const source2_totals t = totals(file);
    begin_info(w, "source2_nav", file.bytes().size(), t.bounds);
    w.field("version", file.version());
    w.field("subversion", file.subversion());
    w.field("analyzed", file.analyzed());
    w.field("navgen_version", file.navgen_version());
    if (file.has_polygon_table()) {
        w.field("corners", file.corner_count());
        w.field("polygons", file.polygon_count());
    } else {
        w.field_null("corners");
        w.field_null("polygons");
    }
    w.field("areas", file.area_count());
    w.field("connections", t.connections);
    w.field("ladders", file.ladder_count());
    w.field("ladder_links", t.ladder_links);
    w.field("hulls", file.hull_count());
    if (file.has_movable_meshes()) w.field("movable_meshes", file.movable_mesh_count());
    else w.field_null("movable_meshes");
    w.field("transformed_bounds", file.transformed_bounds().size());
    w.field("kv3_blobs", file.kv3_blobs().size());
    // The bot analysis' totals, with the Source reader's names (null when
    // the file has no custom data or it does not decode).
    {
        namespace s2 = navspan::source2;
        navspan::kv3::scratch_buffer scratch;
        navspan::result<s2::bot_analysis> analysis = navspan::error{navspan::error_code::inconsistent};
        if (auto size = s2::bot_analysis::scratch_size(file)) {
            scratch.resize(*size);
            analysis = s2::bot_analysis::open(file, scratch);
        }
        if (analysis) {
            w.field("hiding_spots", analysis->hiding_spot_count());
            w.field("encounter_paths", analysis->encounter_path_count());
            w.field("approach_spots", analysis->approach_spot_count());
        } else {
            w.field_null("hiding_spots");
            w.field_null("encounter_paths");
            w.field_null("approach_spots");
        }
    }
    // The hull names of the v36 generation blob (null before version 36).
    if (const auto names = tools_detail::stored_hull_names(file)) {
        w.key("hull_names");
        w.begin_array();
        for (const std::optional<std::string>& name : *names) w.value(name);
        w.end_array();
    } else {
        w.field_null("hull_names");
    }
    if (const auto custom = file.custom_data()) {
        w.key("custom_data");
        w.begin_object();
        w.field("method", s2::to_string(custom->compression()));
        w.field("bytes", custom->size());
        w.end_object();
    } else {
        w.field_null("custom_data");
    }
    w.field("trailing_bytes", file.trailing().size());
    w.end_object();
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
