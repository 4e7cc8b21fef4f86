// An opened source2_nav file as the plain records of records.hpp (what the
// dump describes with fields.hpp).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../navspan.hpp"
#include "../../source2/model.hpp"

#include "common.hpp"
#include "records.hpp"

namespace navspan::tools::source2_fields {

inline std::uint64_t offset_in(const s2::nav_file& f, const std::byte* p) {
    return static_cast<std::uint64_t>(p - f.bytes().data());
}

inline area_record read_area(const s2::nav_file& f, const s2::area& a) {
    area_record r;
    r.offset = offset_in(f, a.bytes().data());
    r.id = a.id();
    r.attributes = a.attributes_raw();
    r.hull_index = a.hull_index();
    r.polygon_index = a.polygon_index();
    for (const navspan::vec3 c : a.corners()) r.corners.push_back(c);
    r.unknown_float = a.unknown_float();
    for (const s2::edge& e : a.edges()) {
        auto& list = r.edges.emplace_back();
        for (const s2::connection c : e.connections()) list.push_back({c.area_id(), c.edge_index()});
    }
    for (const std::uint32_t id : a.ladder_links(s2::ladder_direction::up)) r.ladders_above.push_back(id);
    for (const std::uint32_t id : a.ladder_links(s2::ladder_direction::down)) r.ladders_below.push_back(id);
    return r;
}

inline void read_polygons(const s2::nav_file& f, file_record& m) {
    if (!f.has_polygon_table()) return;
    m.corners_offset = f.corners_offset();
    m.polygons_offset = f.polygons_offset();
    m.polygon_stride = f.polygon_stride();
    for (const s2::corner c : f.corners()) m.corners.push_back(c.position());
    for (const s2::polygon& p : f.polygons()) {
        polygon_record& r = m.polygons.emplace_back();
        r.offset = offset_in(f, p.bytes().data());
        for (const std::uint32_t i : p.corner_indices()) r.corner_indices.push_back(i);
        r.movable_mesh_id = p.movable_mesh_id();
    }
}

inline void read_ladders_and_bounds(const s2::nav_file& f, file_record& m) {
    m.ladders_offset = f.ladders_offset();
    const auto ladders = f.ladders();
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        const s2::ladder l = ladders[i];
        ladder_record& r = m.ladders.emplace_back();
        r.offset = f.ladders_offset() + 4 + i * ladders.stride();
        r.id = l.id();
        r.width = l.width();
        r.top = l.top();
        r.bottom = l.bottom();
        r.length = l.length();
        r.direction = l.direction_raw();
        for (std::size_t c = 0; c < l.connection_count() && c < r.areas.size(); ++c) {
            r.areas[c] = l.connected_area(static_cast<s2::ladder_connection>(c));
        }
    }
    m.transformed_bounds_offset = f.transformed_bounds_offset();
    for (const s2::transformed_bounds t : f.transformed_bounds()) {
        bounds_record& r = m.transformed_bounds.emplace_back();
        r.offset = f.transformed_bounds_offset() + 4 + (m.transformed_bounds.size() - 1) * s2::sizes::transformed_bounds;
        r.low = t.bounds().min;
        r.high = t.bounds().max;
        r.matrix = t.matrix();
    }
}

inline std::optional<std::string> to_owned(std::optional<std::string_view> s) {
    return s ? std::optional<std::string>(std::string(*s)) : std::nullopt;
}

// `h` as the file has it (what its navgen version stores, the rest null),
// `k` as the model reads it (the numbers every version stores).
inline hull_record read_hull(const s2::hull& h, const s2::model::hull& k) {
    hull_record r;
    hull_numbers(r) = hull_numbers(k);
    r.enabled = h.enabled();
    r.short_height_enabled = h.short_height_enabled();
    r.short_height = h.short_height();
    r.crawl_enabled = h.crawl_enabled();
    r.crawl_height = h.crawl_height();
    r.border_erosion = h.border_erosion();
    return r;
}

// `names`: the v36 generation blob's (stored_hull_names; null before 36).
inline generation_record read_generation(const s2::nav_file& f, const source2_format::tools_detail::hull_names& names) {
    const s2::generation_params& g = f.generation();
    // The numbers and the switch bytes as stored, read as the model reads them.
    const s2::model::generation_params raw = s2::model_detail::generation_from(f);
    generation_record r;
    r.offset = f.generation_offset();
    generation_numbers(r) = generation_numbers(raw);
    r.small_area_on_edge_removal = g.small_area_on_edge_removal();
    r.hull_preset = to_owned(g.hull_preset());
    r.hull_definitions_file = to_owned(g.hull_definitions_file());
    r.hull_count = g.hull_count();
    r.gravity_follows_rotation = g.gravity_follows_rotation();
    if (s2::navgen::has_hull_names(r.version)) r.gravity_byte = raw.gravity_follows_rotation;
    const auto hulls = g.hulls();
    const std::size_t used = raw.hulls.size();  // the model keeps every record, used or not
    for (std::size_t i = 0; i < hulls.size(); ++i) {
        const s2::model::hull& k = i < used ? raw.hulls[i] : raw.unused_hulls[i - used];
        hull_record& h = r.hulls.emplace_back(read_hull(hulls[i], k));
        h.offset = f.generation_offset() + g.hulls_offset() + i * hulls.stride();
        if (names && i < names->size()) h.name = (*names)[i];
        if (s2::navgen::has_hull_switches(r.version)) h.switch_bytes = {{k.enabled, k.short_height_enabled, k.crawl_enabled}};
    }
    return r;
}

inline analysis_area_record read_analysis_area(const s2::area_analysis& area, const s2::handle_resolution& handles) {
    analysis_area_record r;
    for (const s2::analysis_hiding_spot spot : area.hiding_spots()) r.hiding_spots.push_back({spot.id(), spot.position(), spot.flags_raw()});
    auto value = [](const auto& h) { return h ? std::optional<std::int32_t>(h->value) : std::nullopt; };
    for (const s2::encounter_path e : area.encounter_paths()) {
        const auto from = e.from_area(), to = e.to_area();
        r.encounter_paths.push_back({value(from), e.from_edge(), value(to), e.to_edge(),
                                     from ? handles.area_id(*from) : std::nullopt, to ? handles.area_id(*to) : std::nullopt});
    }
    for (const s2::encounter_spot e : area.encounter_spots()) r.encounter_spots.push_back({value(e.spot()), e.t()});
    for (const s2::approach_spot e : area.approach_spots()) {
        r.approach_spots.push_back({e.prev_area(), e.here_area(), e.next_area(), e.here_back_edge(), e.next_back_edge(),
                                    e.prev_to_here(), e.here_to_next()});
    }
    r.earliest_occupy_times = area.earliest_occupy_times();
    return r;
}

inline bot_analysis_record read_bot_analysis(const s2::nav_file& f) {
    bot_analysis_record r;
    auto size = s2::bot_analysis::scratch_size(f);
    navspan::kv3::scratch_buffer scratch(size ? *size : 0);  // not zero-filled: open() writes what it uses
    const auto a = size ? s2::bot_analysis::open(f, scratch) : navspan::result<s2::bot_analysis>(size.error());
    if (!a) {
        r.error = a.error().message();
        return r;
    }
    r.hiding_spots = a->hiding_spot_count();
    r.encounter_paths = a->encounter_path_count();
    r.approach_spots = a->approach_spot_count();
    r.encounter_spots = a->encounter_spot_count();
    // Encounter handles name areas only through the resolution (not ids).
    std::vector<s2::handle_use> uses(s2::encounter_handle_uses(*a));
    std::vector<s2::resolved_handle> resolved(uses.size());
    const auto resolution = s2::resolve_encounter_handles(f, *a, uses, resolved);
    const s2::handle_resolution handles = resolution ? *resolution : s2::handle_resolution();
    r.handle_counts = {handles.handles().size(), handles.resolved_count(), handles.count(s2::handle_status::ambiguous),
                       handles.count(s2::handle_status::contradicted), handles.count(s2::handle_status::unconstrained)};
    for (std::size_t i = 0; i < a->area_count(); ++i) r.areas.push_back(read_analysis_area(a->area(i), handles));
    return r;
}

// Everything but the areas, which the dump reads one at a time (read_area).
inline file_record read_file_records(const s2::nav_file& f) {
    file_record m;
    m.bytes = f.bytes().size();
    m.trailing_bytes = f.trailing().size();
    m.header = {navspan::load_u32(f.bytes().data()), f.version(), f.subversion(), f.flags_raw()};
    m.warnings = f.warnings().raw();
    // The bytes pack writes back, cut as the model cuts them (pad, blob).
    std::vector<s2::model::blob> kept = s2::model_detail::blobs_from(f);
    std::size_t i = 0;
    for (const s2::kv3_blob b : f.kv3_blobs()) {
        blob_record& r = m.kv3_blobs.emplace_back(blob_record{std::string(s2::to_string(b.slot())), b, {}, {}});
        if (i < kept.size()) {
            r.stored_bytes = std::move(kept[i].original);
            r.padding = std::move(kept[i].padding);
        }
        ++i;
    }
    read_polygons(f, m);
    m.word_after_polygons = f.word_after_polygons();
    if (f.has_movable_meshes()) {
        for (const s2::movable_mesh& mm : f.movable_meshes()) {
            m.movable_meshes.push_back({offset_in(f, mm.bytes().data()), std::string(mm.id()), mm.transform()});
        }
    }
    m.areas_offset = f.areas_offset();
    read_ladders_and_bounds(f, m);
    m.generation = read_generation(f, source2_format::tools_detail::stored_hull_names(f));
    if (f.custom_data()) m.bot_analysis = read_bot_analysis(f);
    return m;
}

}  // namespace navspan::tools::source2_fields

#include "../../core/min_max_pop.hpp"
