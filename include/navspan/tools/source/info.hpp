// The navspan command's support for the source_nav format.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../../navspan.hpp"

#include "../bounds.hpp"
#include "../json_writer.hpp"

namespace navspan::tools::source_format {

// Sums over every area, as docs/info-json.md defines them.
struct source_totals {
    std::size_t connections = 0;
    std::size_t hiding_spots = 0;
    std::size_t approach_spots = 0;
    std::size_t encounter_paths = 0;
    std::size_t encounter_spots = 0;
    std::size_t ladder_links = 0;
    std::size_t visibility_entries = 0;
    bounds_accumulator bounds;
};

inline source_totals totals(const navspan::source::nav_file& file) {
    using navspan::source::ladder_direction;
    source_totals t;
    for (const navspan::source::area& a : file.areas()) {
        const navspan::vec3 nw = a.north_west();
        const navspan::vec3 se = a.south_east();
        t.bounds.add(nw.x, nw.y, nw.z);
        t.bounds.add(se.x, se.y, se.z);
        t.connections += a.connection_count();
        t.hiding_spots += a.hiding_spots().size();
        t.approach_spots += a.approach_spots().size();  // base record or Counter-Strike data
        const auto paths = a.encounter_paths();
        t.encounter_paths += paths.size();
        for (const auto& path : paths) t.encounter_spots += path.spot_count();
        t.ladder_links += a.ladder_links(ladder_direction::up).size() + a.ladder_links(ladder_direction::down).size();
        t.visibility_entries += a.visibility_entry_count();  // base record or Left 4 Dead 2 data
    }
    return t;
}

// The game whose data the areas carry, as people name it (text `info`).
inline const char* game_title(navspan::source::game g) {
    switch (g) {
        case navspan::source::game::cstrike: return "Counter-Strike (cstrike)";
        case navspan::source::game::tf: return "Team Fortress 2 (tf)";
        case navspan::source::game::left4dead2: return "Left 4 Dead 2 (left4dead2)";
        case navspan::source::game::none: return "none (no game data)";
        default: return "unknown";
    }
}

// Text `info`: the place names after their count, comma-separated.
inline void write_place_names(json_writer& w, const navspan::source::nav_file& file) {
    std::string names;
    std::size_t shown = 0;
    constexpr std::size_t most = 64;
    for (const navspan::source::place p : file.places()) {
        if (shown == most) {
            names += ", ... (" + std::to_string(file.places().size() - most) + " more)";
            break;
        }
        if (shown++ != 0) names += ", ";
        names += p.name();
    }
    w.field("place_names", std::string_view(names));
}

// Writes the `navspan info --json` object for a source_nav file (see
// docs/info-json.md), or returns why the file is not valid.
inline navspan::error info(const navspan::source::nav_file& file, json_writer& w) {
    const source_totals t = totals(file);
    begin_info(w, "source_nav", file.bytes().size(), t.bounds);
    w.field("version", file.version());
    w.field("subversion", file.subversion());
    w.field("bsp_size", file.bsp_size());
    w.field("analyzed", file.analyzed());
    if (w.text_style()) w.field("game_data", game_title(file.game()));
    else w.field("game_data", navspan::source::to_string(file.game()));
    w.field("places", file.places().size());
    if (w.text_style() && !file.places().empty()) write_place_names(w, file);
    w.field("has_unnamed_areas", file.has_unnamed_areas());
    w.field("areas", file.area_count());
    w.field("ladders", file.ladders().size());
    w.field("connections", t.connections);
    w.field("hiding_spots", t.hiding_spots);
    w.field("approach_spots", t.approach_spots);
    w.field("encounter_paths", t.encounter_paths);
    w.field("encounter_spots", t.encounter_spots);
    w.field("ladder_links", t.ladder_links);
    w.field("visibility_entries", t.visibility_entries);
    w.field("trailing_bytes", file.trailing().size());
    w.end_object();
    return {};
}

}  // namespace navspan::tools::source_format

#include "../../core/min_max_pop.hpp"
