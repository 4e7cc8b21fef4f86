// `navspan dump` of source_nav files: every decoded field of every record
// (schema: examples/navspan/dump/source.md, field descriptions: fields.hpp).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../navspan.hpp"

#include "../json_writer.hpp"
#include "common.hpp"

namespace navspan::tools::source_format {

// Every decoded field of every record, in file order (schema: examples/navspan/dump/source.md).
// One area as `dump` writes it (the viewer shows one record at a time).
// `places` from place_names(); `area_ids` the ids by position, needed for
// Left 4 Dead 2 files only (empty otherwise).
inline void write_area(json_writer& w, const navspan::source::nav_file& file, const navspan::source::area& a,
                       const std::vector<std::string_view>& places, const std::vector<std::uint32_t>& area_ids) {
    namespace ns = navspan::source;
    using namespace tools_detail;
    w.begin_object();
    w.field("position", a.index().value);
    w.field("offset", offset_of(file, a.bytes().data()));
    w.field("size", a.size_bytes());
    w.field("id", a.id());
    write_flags(w, "attributes", "attribute_names", a.attributes_raw(), a.attributes().table());
    w.key("north_west");
    write_vec3(w, a.north_west());
    w.key("south_east");
    write_vec3(w, a.south_east());
    w.field("north_east_z", a.north_east_z());
    w.field("south_west_z", a.south_west_z());
    w.key("connections");
    w.begin_object();
    for (unsigned d = 0; d < 4; ++d) {
        w.key(direction_keys[d]);
        write_id_list(w, a.connections(static_cast<ns::direction>(d)));
    }
    w.end_object();
    w.key("hiding_spots");
    w.begin_array();
    for (const ns::hiding_spot s : a.hiding_spots()) {
        w.begin_object();
        w.field("id", s.id());
        w.key("position");
        write_vec3(w, s.position());
        write_flags(w, "flags", "flag_names", s.flags_raw(), ns::hiding_spot_flag_names);
        w.end_object();
    }
    w.end_array();
    w.key("approach_spots");  // the base record's list (v <= 14)
    if (ns::layout::has_base_approach(file.version())) write_approach_spots(w, a.approach_spots());
    else w.null();
    w.key("encounter_paths");
    write_encounter_paths(w, a);
    const auto place = a.place_index();
    w.field("place_index", place);
    if (place && *place != 0 && *place < places.size()) w.field("place_name", places[*place]);
    else w.field_null("place_name");
    w.key("ladder_links");
    if (ns::layout::has_ladder_links(file.version())) {
        w.begin_object();
        w.key("up");
        write_id_list(w, a.ladder_links(ns::ladder_direction::up));
        w.key("down");
        write_id_list(w, a.ladder_links(ns::ladder_direction::down));
        w.end_object();
    } else {
        w.null();
    }
    w.key("earliest_occupy_times");
    json_values::write_values(w, a.earliest_occupy_times());
    w.key("light_intensity");
    json_values::write_values(w, a.light_intensities());
    w.key("visible_areas");
    if (ns::layout::has_base_visibility(file.version(), file.game())) {
        w.begin_array();
        for (const ns::visible_area v : a.visible_areas()) {
            w.begin_object();
            w.field("id", v.id());
            write_flags(w, "attributes", "attribute_names", v.attributes_raw(), ns::visibility_flag_names);
            w.end_object();
        }
        w.end_array();
    } else {
        w.null();
    }
    w.field("inherit_visibility_from", a.inherit_visibility_from());
    w.key("game_data");
    write_game_data(w, file, a, [&](std::uint32_t position) { return area_ids[position]; });
    w.end_object();
}

inline navspan::error dump(const navspan::source::nav_file& reader, json_writer& w) {
    // The fields as source_fields.hpp describes them (what `navspan pack` reads back).
    namespace ns = navspan::source;
    const navspan::source::nav_file* const opened = &reader;
    // The header, places and ladders as a model; the areas one at a time.
    ns::model m = ns::model::from_header(*opened);
    const source_fields::file_context ctx(*opened);
    fields::dump_visitor v(w);
    w.begin_object();
    source_fields::file_fields(v, m, ctx);
    w.end_object();
    return {};
}

}  // namespace navspan::tools::source_format

#include "../../core/min_max_pop.hpp"
