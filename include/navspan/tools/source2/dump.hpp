// `navspan dump` of source2_nav files: every decoded field of every record
// (schema: examples/navspan/dump/source2.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <navspan/kv3.hpp>
#include <navspan/navspan.hpp>
#include <navspan/source2/generation_blob.hpp>

#include "../json_writer.hpp"
#include "common.hpp"

namespace navspan::tools::source2_format {

namespace tools_detail {

// The corner pool and the polygons (null where the version has no polygon table).
inline void write_polygons(json_writer& w, const s2::nav_file& f) {
    if (f.has_polygon_table()) {
        w.key("corner_pool");
        w.begin_object();
        w.field("offset", f.corners_offset() - 4);
        w.field("count", f.corner_count());
        w.key("corners");
        w.begin_array();
        for (const s2::corner c : f.corners()) write_vec3(w, c.position());
        w.end_array();
        w.end_object();
        w.key("polygon_table");
        w.begin_object();
        w.field("offset", f.polygons_offset());
        w.field("count", f.polygon_count());
        w.field("stride", f.polygon_stride());
        w.end_object();
        w.key("polygons");
        w.begin_array();
        for (const s2::polygon& p : f.polygons()) {
            w.begin_object();
            w.field("index", p.index());
            w.field("offset", offset_of(f, p.bytes().data()));
            w.key("corner_indices");
            write_ids(w, p.corner_indices());
            w.field("movable_mesh_id", p.movable_mesh_id());
            w.end_object();
        }
        w.end_array();
    } else {
        w.field_null("corner_pool");
        w.field_null("polygon_table");
        w.field_null("polygons");
    }
}

// The movable meshes (null where the version has none).
inline void write_movable_meshes(json_writer& w, const s2::nav_file& f) {
    if (f.has_movable_meshes()) {
        w.key("movable_meshes");
        w.begin_array();
        for (const s2::movable_mesh& m : f.movable_meshes()) {
            w.begin_object();
            w.field("index", m.index());
            w.field("offset", offset_of(f, m.bytes().data()));
            w.field("id", m.id());
            w.key("transform");
            write_floats(w, m.transform());
            w.end_object();
        }
        w.end_array();
    } else {
        w.field_null("movable_meshes");
    }
}

// Every area with its corners, edges and ladder links.
inline void write_areas(json_writer& w, const s2::nav_file& f) {
    w.field("areas_offset", f.areas_offset());
    w.key("areas");
    w.begin_array();
    for (const s2::area& a : f.areas()) {
        w.begin_object();
        w.field("index", a.index());
        w.field("offset", offset_of(f, a.bytes().data()));
        w.field("id", a.id());
        w.field("attributes", a.attributes_raw());
        w.key("attribute_names");
        w.begin_array();
        const std::uint64_t unnamed =
            navspan::for_each_flag(s2::attribute_names, a.attributes_raw(), [&](std::string_view n, std::uint64_t) { w.value(n); });
        w.end_array();
        w.field("unnamed_attributes", unnamed);
        w.field("hull_index", a.hull_index());
        w.field("polygon_index", a.polygon_index());
        w.key("corners");
        w.begin_array();
        for (const navspan::vec3 c : a.corners()) write_vec3(w, c);
        w.end_array();
        w.field("unknown_float", a.unknown_float());
        w.key("edges");
        w.begin_array();
        for (const s2::edge& e : a.edges()) {
            w.begin_array();
            for (const s2::connection c : e.connections()) {
                w.begin_object();
                w.field("area_id", c.area_id());
                w.field("edge", c.edge_index());
                w.end_object();
            }
            w.end_array();
        }
        w.end_array();
        w.key("ladders_above");
        write_ids(w, a.ladder_links(s2::ladder_direction::up));
        w.key("ladders_below");
        write_ids(w, a.ladder_links(s2::ladder_direction::down));
        w.end_object();
    }
    w.end_array();
}

// Every ladder with the areas it connects.
inline void write_ladders(json_writer& w, const s2::nav_file& f) {
    w.field("ladders_offset", f.ladders_offset());
    w.key("ladders");
    w.begin_array();
    const auto ladders = f.ladders();
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        const s2::ladder l = ladders[i];
        w.begin_object();
        w.field("index", i);
        w.field("offset", f.ladders_offset() + 4 + i * ladders.stride());
        w.field("id", l.id());
        w.field("width", l.width());
        w.key("top");
        write_vec3(w, l.top());
        w.key("bottom");
        write_vec3(w, l.bottom());
        w.field("length", l.length());
        w.field("direction", l.direction_raw());
        w.field("direction_name", navspan::name_of(s2::direction_names, l.direction_raw()));
        w.key("areas");
        w.begin_object();
        for (std::size_t c = 0; c < l.connection_count(); ++c) {
            const auto which = static_cast<s2::ladder_connection>(c);
            std::string key(s2::to_string(which));
            std::transform(key.begin(), key.end(), key.begin(), [](char ch) {
                // Lower-case letters only: `_ | 0x20` would be DEL.
                return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch | 0x20) : ch;
            });
            w.field(key, l.connected_area(which));
        }
        w.end_object();
        w.end_object();
    }
    w.end_array();
}

// Every transformed bounds record.
inline void write_transformed_bounds(json_writer& w, const s2::nav_file& f) {
    w.field("transformed_bounds_offset", f.transformed_bounds_offset());
    w.key("transformed_bounds");
    w.begin_array();
    std::size_t ti = 0;
    for (const s2::transformed_bounds t : f.transformed_bounds()) {
        w.begin_object();
        w.field("index", ti);
        w.field("offset", f.transformed_bounds_offset() + 4 + ti * navspan::source2::sizes::transformed_bounds);
        w.key("min");
        write_vec3(w, t.bounds().min);
        w.key("max");
        write_vec3(w, t.bounds().max);
        w.key("matrix");
        write_floats(w, t.matrix());
        w.end_object();
        ++ti;
    }
    w.end_array();
}

// The generation parameters, with every hull.
inline void write_generation(json_writer& w, const s2::nav_file& f) {
    const s2::generation_params& g = f.generation();
    w.key("generation");
    w.begin_object();
    w.field("offset", f.generation_offset());
    w.field("version", g.version());
    w.field("use_project_defaults", g.use_project_defaults_raw());
    w.field("tile_size", g.tile_size());
    w.field("cell_size", g.cell_size());
    w.field("cell_height", g.cell_height());
    w.field("min_region_size", g.min_region_size());
    w.field("merged_region_size", g.merged_region_size());
    w.field("mesh_sample_distance", g.mesh_sample_distance());
    w.field("max_sample_error", g.max_sample_error());
    w.field("max_edge_length", g.max_edge_length());
    w.field("max_edge_error", g.max_edge_error());
    w.field("verts_per_poly", g.verts_per_poly());
    w.field("small_area_on_edge_removal", g.small_area_on_edge_removal());
    w.field("hull_preset", g.hull_preset());
    w.field("hull_definitions_file", g.hull_definitions_file());
    w.field("hull_count", g.hull_count());
    w.field("hull_records", g.hull_records());
    w.key("hulls");
    w.begin_array();
    const auto hulls = g.hulls();
    // Hull names: the v36 generation blob's (null before version 36).
    const auto names_size = s2::generation_blob::scratch_size(f);
    std::vector<std::byte> names_scratch(names_size ? *names_size : 0);
    const auto names = names_size ? s2::generation_blob::open(f, names_scratch)
                                  : navspan::result<s2::generation_blob>(names_size.error());
    for (std::size_t i = 0; i < hulls.size(); ++i) {
        const s2::hull h = hulls[i];
        w.begin_object();
        w.field("index", i);
        w.field("name", names ? names->hull_name(i) : std::nullopt);
        w.field("offset", f.generation_offset() + g.hulls_offset() + i * hulls.stride());
        w.field("stored", i < g.hull_count());
        w.field("enabled", h.enabled());
        w.field("radius", h.radius());
        w.field("height", h.height());
        w.field("short_height_enabled", h.short_height_enabled());
        w.field("short_height", h.short_height());
        w.field("crawl_enabled", h.crawl_enabled());
        w.field("crawl_height", h.crawl_height());
        w.field("max_climb", h.max_climb());
        w.field("max_slope", h.max_slope());
        w.field("max_jump_down", h.max_jump_down());
        w.field("max_jump_horizontal", h.max_jump_horizontal());
        w.field("max_jump_up", h.max_jump_up());
        w.field("border_erosion", h.border_erosion());
        w.end_object();
    }
    w.end_array();
    w.field("gravity_follows_rotation", g.gravity_follows_rotation());
    w.end_object();
}

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: examples/navspan/dump/source2.md).
inline navspan::error dump(const navspan::source2::nav_file& reader, json_writer& w) {
    using namespace tools_detail;
    const navspan::bytes_view bytes = reader.bytes();
    const navspan::source2::nav_file& f = reader;

    w.begin_object();
    w.field("format", "source2_nav");
    w.field("bytes", bytes.size());
    w.key("header");
    w.begin_object();
    w.field("offset", 0);
    w.field("magic", navspan::load_u32(bytes.data()));
    w.field("version", f.version());
    w.field("layout_version", f.layout_version());
    w.field("subversion", f.subversion());
    w.field("flags", f.flags_raw());
    w.field("analyzed", f.analyzed());
    w.end_object();
    w.key("warnings");
    w.begin_array();
    navspan::for_each_flag(s2::warning_names, f.warnings().raw(), [&](std::string_view name, std::uint64_t) { w.value(name); });
    w.end_array();

    w.key("kv3_blobs");
    w.begin_array();
    for (const s2::kv3_blob b : f.kv3_blobs()) write_blob(w, f, b);
    w.end_array();

    write_polygons(w, f);
    w.field("word_after_polygons", f.word_after_polygons());
    write_movable_meshes(w, f);

    write_areas(w, f);

    write_ladders(w, f);

    write_transformed_bounds(w, f);

    write_generation(w, f);
    write_bot_analysis(w, f);
    w.field("trailing_bytes", f.trailing().size());
    w.end_object();
    return {};
}

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
