// The fields of every Source 2 record, described once (../fields.hpp) over
// the plain records of records.hpp: `navspan dump --json` writes them, the
// schema tables of examples/navspan/dump/source2.md list them, and a
// Source 2 `navspan pack` (issue "Writing CS2 files") reads the stored
// ones back. Derived keys (offsets, names, counts, the KV3 blobs' header
// numbers and decoded documents) are for people and are never read back;
// a blob is packed from its stored bytes (blob_fields).
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../../kv3.hpp"
#include "../../navspan.hpp"

#include "../fields.hpp"
#include "../json_values.hpp"
#include "../json_writer.hpp"
#include "common.hpp"
#include "records.hpp"

namespace navspan::tools::source2_fields {

using fields::schema_visitor;

// "Top" -> "top": the ladder connection names as keys.
inline std::string lower_case(std::string_view name) {
    std::string key(name);
    // Lower-case letters only: `_ | 0x20` would be DEL.
    for (char& ch : key) ch = ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch | 0x20) : ch;
    return key;
}

template <class V>
void header_fields(V& v, header_record& h) {
    v.derived("offset", "0", [&](json_writer& w) { w.value(0); });
    v.stored("magic", h.magic, true, "4277009102 (0xFEEDFACE)");
    v.stored("version", h.version, true, "30 to 36");
    v.derived("layout_version", "the version whose layout the file has (33 and 34 read as 32)",
              [&](json_writer& w) { w.value(s2::gates::layout_version(h.version)); });
    v.stored("subversion", h.subversion, true, "");
    v.stored("flags", h.flags, true, "raw u32");
    v.derived("analyzed", "flag 0x1", [&](json_writer& w) { w.value((h.flags & s2::analyzed_flag) != 0); });
}

template <class V>
void blob_fields(V& v, blob_record& b) {
    // The header numbers of the blob as read (an encoder recomputes them).
    auto num = [&](std::string_view key, auto get) {
        v.derived(key, "", [&, get](json_writer& w) { w.value(get(*b.view)); });
    };
    v.stored("slot", b.slot, true, "`generation`, `custom_data`, ...");
    num("offset", [](const s2::kv3_blob& x) { return x.offset(); });
    num("bytes", [](const s2::kv3_blob& x) { return x.size(); });
    num("kv3_version", [](const s2::kv3_blob& x) { return x.version(); });
    v.derived("compression", "", [&](json_writer& w) { w.value(s2::to_string(b.view->compression())); });
    num("compression_raw", [](const s2::kv3_blob& x) { return x.compression_raw(); });
    v.derived("format_guid", "hex string", [&](json_writer& w) { json_values::write_hex(w, b.view->format_guid()); });
    num("dictionary_id", [](const s2::kv3_blob& x) { return x.dictionary_id(); });
    num("frame_size", [](const s2::kv3_blob& x) { return x.frame_size(); });
    num("bytes1_count", [](const s2::kv3_blob& x) { return x.bytes1_count(); });
    num("bytes2_count", [](const s2::kv3_blob& x) { return x.bytes2_count(); });
    num("bytes4_count", [](const s2::kv3_blob& x) { return x.bytes4_count(); });
    num("bytes8_count", [](const s2::kv3_blob& x) { return x.bytes8_count(); });
    num("types_size", [](const s2::kv3_blob& x) { return x.types_size(); });
    num("object_count", [](const s2::kv3_blob& x) { return x.object_count(); });
    num("array_count", [](const s2::kv3_blob& x) { return x.array_count(); });
    num("uncompressed_size", [](const s2::kv3_blob& x) { return x.uncompressed_size(); });
    num("compressed_size", [](const s2::kv3_blob& x) { return x.compressed_size(); });
    num("binary_block_count", [](const s2::kv3_blob& x) { return x.binary_block_count(); });
    num("binary_blob_bytes", [](const s2::kv3_blob& x) { return x.binary_blob_bytes(); });
    num("block_sizes_bytes", [](const s2::kv3_blob& x) { return x.block_sizes_bytes(); });
    num("buffer1_uncompressed", [](const s2::kv3_blob& x) { return x.buffer_uncompressed_size(0); });
    num("buffer1_compressed", [](const s2::kv3_blob& x) { return x.buffer_compressed_size(0); });
    num("buffer2_uncompressed", [](const s2::kv3_blob& x) { return x.buffer_uncompressed_size(1); });
    num("buffer2_compressed", [](const s2::kv3_blob& x) { return x.buffer_compressed_size(1); });
    num("header_size", [](const s2::kv3_blob& x) { return x.header_size(); });
    v.derived("body_offset", "", [&](json_writer& w) { w.value(b.view->offset() + b.view->header_size()); });
    num("body_size", [](const s2::kv3_blob& x) { return x.body().size(); });
    num("length_proven", [](const s2::kv3_blob& x) { return x.length_proven(); });
    // The document, decoded (null with decode_error when it cannot be);
    // decoded once for both keys.
    if constexpr (std::is_same_v<V, fields::dump_visitor>) {
        const source2_format::tools_detail::decoded_blob d = source2_format::tools_detail::decode_blob(*b.view);
        // Rendering is bounded by the blob's size (kv3::to_json refuses
        // beyond its budget): a refusal reads as a decode error.
        const auto json = d.doc ? navspan::kv3::to_json(d.doc->root()) : navspan::result<std::string>(d.doc.error());
        v.derived("decoded", "", [&](json_writer& w) {
            if (json) w.raw_value(*json);
            else w.null();
        });
        v.derived("decode_error", "", [&](json_writer& w) {
            if (json) w.null();
            else w.value(json.error().message());
        });
    } else {
        v.derived("decoded", "the document as JSON (null when it cannot be decoded)", [](json_writer&) {});
        v.derived("decode_error", "why not (null when decoded)", [](json_writer&) {});
    }
    // What pack writes: the blob verbatim (null: re-encoding from the
    // decoded document, which pack refuses for now), after the pad.
    v.stored("stored_bytes", b.stored_bytes, true, "the blob's bytes as stored, magic to end, as hex");
    v.stored("padding", b.padding, true, "the alignment bytes before the blob, as hex (empty in every known file)");
}

template <class V>
void polygon_fields(V& v, polygon_record& p, std::size_t i) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(p.offset); });
    v.stored("corner_indices", p.corner_indices, true, "into the corner pool");
    v.stored("movable_mesh_id", p.movable_mesh_id, true, "version 35+; null before");
}

template <class V>
void movable_mesh_fields(V& v, movable_mesh_record& m, std::size_t i) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(m.offset); });
    v.stored("id", m.id, true, "");
    v.stored("transform", m.transform, true, "3x4 matrix");
}

template <class V>
void area_fields(V& v, area_record& a, std::size_t i) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(a.offset); });
    v.stored("id", a.id, true, "");
    v.stored("attributes", a.attributes, true, "raw u64");
    std::uint64_t unnamed = 0;
    v.derived("attribute_names", "names of the set bits", [&](json_writer& w) {
        unnamed = json_values::write_flag_names(w, s2::attribute_names, a.attributes);
    });
    v.derived("unnamed_attributes", "set bits without a name", [&](json_writer& w) { w.value(unnamed); });
    v.stored("hull_index", a.hull_index, true, "");
    v.stored("polygon_index", a.polygon_index, true, "version 31+; null before");
    v.stored("corners", a.corners, true, "version 30: the area's own; 31+: its polygon's, repeated (pack reads them from corner_pool)");
    v.stored("unknown_float", a.unknown_float, true, "");
    v.record_lists("edges", a.edges, "per edge, its connections", [](V& r, connection_record& c, std::size_t) {
        r.stored("area_id", c.area_id, true, "");
        r.stored("edge", c.edge, true, "edge index in that area");
    });
    v.stored("ladders_above", a.ladders_above, true, "ladder ids");
    v.stored("ladders_below", a.ladders_below, true, "ladder ids");
}

template <class V>
void ladder_fields(V& v, ladder_record& l, std::size_t i, std::uint32_t layout) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(l.offset); });
    v.stored("id", l.id, true, "");
    v.stored("width", l.width, true, "");
    v.stored("top", l.top, true, "");
    v.stored("bottom", l.bottom, true, "");
    v.stored("length", l.length, true, "");
    v.stored("direction", l.direction, true, "raw u32");
    v.derived("direction_name", "", [&](json_writer& w) { w.value(navspan::name_of(s2::direction_names, l.direction)); });
    const std::size_t count = s2::gates::has_movable_meshes(layout) ? 7 : 5;
    v.object("areas", true, "connected area ids by connection (two more from version 35)", [&](V& o) {
        for (std::size_t c = 0; c < l.areas.size(); ++c) {
            if (!V::lists_all && c >= count) break;
            const std::string key = lower_case(s2::to_string(static_cast<s2::ladder_connection>(c)));
            o.stored(key, l.areas[c], true, "");
        }
    });
}

template <class V>
void bounds_fields(V& v, bounds_record& t, std::size_t i) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("offset", "", [&](json_writer& w) { w.value(t.offset); });
    v.stored("min", t.low, true, "");
    v.stored("max", t.high, true, "");
    v.stored("matrix", t.matrix, true, "3x4 matrix");
}

template <class V>
void hull_fields(V& v, hull_record& h, std::size_t i, std::uint32_t hull_count) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.derived("name", "the v36 generation blob's; null before", [&](json_writer& w) { w.value(h.name); });
    v.derived("offset", "", [&](json_writer& w) { w.value(h.offset); });
    v.derived("stored", "false for the padding records", [&](json_writer& w) { w.value(i < hull_count); });
    v.stored("enabled", h.enabled, true, "generation 9+");
    v.stored("radius", h.radius, true, "");
    v.stored("height", h.height, true, "");
    v.stored("short_height_enabled", h.short_height_enabled, true, "generation 9+");
    v.stored("short_height", h.short_height, true, "generation 9+");
    v.stored("crawl_enabled", h.crawl_enabled, true, "generation 13+");
    v.stored("crawl_height", h.crawl_height, true, "generation 13+");
    v.stored("max_climb", h.max_climb, true, "");
    v.stored("max_slope", h.max_slope, true, "");
    v.stored("max_jump_down", h.max_jump_down, true, "");
    v.stored("max_jump_horizontal", h.max_jump_horizontal, true, "");
    v.stored("max_jump_up", h.max_jump_up, true, "");
    v.stored("border_erosion", h.border_erosion, true, "generation 11+");
    v.stored("switch_bytes", h.switch_bytes, true,
             "generation 9+: the enabled, short-height and crawl switches' bytes as stored (pack keeps them where the bools agree)");
}

template <class V>
void generation_fields(V& v, generation_record& g) {
    v.derived("offset", "", [&](json_writer& w) { w.value(g.offset); });
    v.stored("version", g.version, true, "the generation parameters' own version");
    v.stored("use_project_defaults", g.use_project_defaults, true, "");
    v.stored("tile_size", g.tile_size, true, "");
    v.stored("cell_size", g.cell_size, true, "");
    v.stored("cell_height", g.cell_height, true, "");
    v.stored("min_region_size", g.min_region_size, true, "");
    v.stored("merged_region_size", g.merged_region_size, true, "");
    v.stored("mesh_sample_distance", g.mesh_sample_distance, true, "");
    v.stored("max_sample_error", g.max_sample_error, true, "");
    v.stored("max_edge_length", g.max_edge_length, true, "");
    v.stored("max_edge_error", g.max_edge_error, true, "");
    v.stored("verts_per_poly", g.verts_per_poly, true, "");
    v.stored("small_area_on_edge_removal", g.small_area_on_edge_removal, true, "generation 7+");
    v.stored("hull_preset", g.hull_preset, true, "generation 12+");
    v.stored("hull_definitions_file", g.hull_definitions_file, true, "generation 12+");
    v.stored("hull_count", g.hull_count, true, "");
    v.derived("hull_records", "hull_count, padded to 3 up to generation 11", [&](json_writer& w) { w.value(g.hulls.size()); });
    v.records("hulls", g.hulls, true, "", [&](V& r, hull_record& h, std::size_t i) { hull_fields(r, h, i, g.hull_count); });
    v.stored("gravity_follows_rotation", g.gravity_follows_rotation, true, "generation 12+");
    v.stored("gravity_follows_rotation_byte", g.gravity_byte, true, "generation 12+: its byte as stored (pack keeps it where the bool agrees)");
}


// The bot analysis, with the names of the Source dump's areas
// (hiding_spots, encounter_paths, approach_spots, earliest_occupy_times);
// encounter handles as stored with the areas they resolve to.
template <class V>
void analysis_area_fields(V& v, analysis_area_record& a, std::size_t i) {
    v.derived("index", "", [&](json_writer& w) { w.value(i); });
    v.records("hiding_spots", a.hiding_spots, true, "", [](V& r, hiding_spot_record& h, std::size_t) {
        r.stored("id", h.id, true, "");
        r.stored("position", h.position, true, "");
        r.stored("flags", h.flags, true, "raw u8");
    });
    v.records("encounter_paths", a.encounter_paths, true, "", [](V& r, encounter_path_record& e, std::size_t) {
        r.stored("from_handle", e.from_handle, true, "the handle as stored");
        r.derived("from_area", "the area it resolves to (null when not resolved)", [&](json_writer& w) { w.value(e.from_area); });
        r.stored("from_edge", e.from_edge, true, "edge index of the holding area");
        r.stored("to_handle", e.to_handle, true, "");
        r.derived("to_area", "", [&](json_writer& w) { w.value(e.to_area); });
        r.stored("to_edge", e.to_edge, true, "");
    });
    v.records("encounter_spots", a.encounter_spots, true, "the area's encounter spots (\"order\")",
              [](V& r, encounter_spot_record& e, std::size_t) {
                  r.stored("spot_handle", e.spot_handle, true, "");
                  r.stored("t", e.t, true, "");
              });
    v.records("approach_spots", a.approach_spots, true, "", [](V& r, approach_spot_record& e, std::size_t) {
        r.stored("prev_area", e.prev_area, true, "null for -1 (none)");
        r.stored("here_area", e.here_area, true, "");
        r.stored("next_area", e.next_area, true, "");
        r.stored("here_back_edge", e.here_back_edge, true, "");
        r.stored("next_back_edge", e.next_back_edge, true, "");
        r.stored("prev_to_here", e.prev_to_here, true, "");
        r.stored("here_to_next", e.here_to_next, true, "");
    });
    v.stored("earliest_occupy_times", a.earliest_occupy_times, true, "two floats or null");
}

template <class V>
void bot_analysis_fields(V& v, bot_analysis_record& b) {
    // A blob that does not open: only why.
    if (V::lists_all || !b.error.empty()) {
        v.derived("error", "why the blob does not open (then the only key)", [&](json_writer& w) { w.value(b.error); });
        if (!V::lists_all) return;
    }
    v.derived("hiding_spots", "counts over all areas", [&](json_writer& w) { w.value(b.hiding_spots); });
    v.derived("encounter_paths", "", [&](json_writer& w) { w.value(b.encounter_paths); });
    v.derived("approach_spots", "", [&](json_writer& w) { w.value(b.approach_spots); });
    v.derived("encounter_spots", "", [&](json_writer& w) { w.value(b.encounter_spots); });
    v.object("encounter_handles", true, "how many encounter handles resolve to one area, how the others stand", [&](V& o) {
        constexpr std::string_view keys[] = {"distinct", "resolved", "ambiguous", "contradicted", "unconstrained"};
        for (std::size_t k = 0; k < b.handle_counts.size(); ++k) {
            o.derived(keys[k], "", [&](json_writer& w) { w.value(b.handle_counts[k]); });
        }
    });
    v.records("areas", b.areas, true, "per area of the file, in order", analysis_area_fields<V>);
}

// The sections of the polygon table (version 31+; null before).
template <class V>
void polygon_sections(V& v, file_record& m) {
    const bool table = s2::gates::has_polygon_table(m.layout_version());
    v.object("corner_pool", table, "version 31+; null before", [&](V& o) {
        o.derived("offset", "of its u32 count", [&](json_writer& w) { w.value(m.corners_offset - 4); });
        o.derived("count", "", [&](json_writer& w) { w.value(m.corners.size()); });
        o.stored("corners", m.corners, true, "");
    });
    v.object("polygon_table", table, "version 31+; null before", [&](V& o) {
        o.derived("offset", "", [&](json_writer& w) { w.value(m.polygons_offset); });
        o.derived("count", "", [&](json_writer& w) { w.value(m.polygons.size()); });
        o.derived("stride", "bytes per polygon", [&](json_writer& w) { w.value(m.polygon_stride); });
    });
    v.records("polygons", m.polygons, table, "version 31+; null before", polygon_fields<V>);
    v.stored("word_after_polygons", m.word_after_polygons, true, "version 32+; null before");
    v.records("movable_meshes", m.movable_meshes, s2::gates::has_movable_meshes(m.layout_version()),
              "version 35+; null before", movable_mesh_fields<V>);
}

// The whole file, in dump order. `for_each_area(each)` calls each(area,
// index) for every area when the dump streams them; without it (pack, the
// schema) the areas are m.areas.
struct areas_in_record {};
template <class V, class ForEachArea = areas_in_record>
void file_fields(V& v, file_record& m, ForEachArea&& for_each_area = {}) {
    v.derived("format", "always `\"source2_nav\"`", [&](json_writer& w) { w.value("source2_nav"); });
    v.derived("bytes", "file size", [&](json_writer& w) { w.value(m.bytes); });
    v.object("header", true, "", [&](V& h) { header_fields(h, m.header); });
    v.derived("warnings", "names of the accepted oddities", [&](json_writer& w) {
        json_values::write_flag_names(w, s2::warning_names, m.warnings);
    });
    v.records("kv3_blobs", m.kv3_blobs, true, "the KV3 blobs in file order",
              [](V& r, blob_record& b, std::size_t) { blob_fields(r, b); });
    polygon_sections(v, m);
    v.derived("areas_offset", "", [&](json_writer& w) { w.value(m.areas_offset); });
    if constexpr (std::is_same_v<std::decay_t<ForEachArea>, areas_in_record>) {
        v.records("areas", m.areas, true, "", area_fields<V>);
    } else {
        v.records_stream("areas", for_each_area, area_fields<V>);
    }
    v.derived("ladders_offset", "", [&](json_writer& w) { w.value(m.ladders_offset); });
    const std::uint32_t layout = m.layout_version();
    v.records("ladders", m.ladders, true, "",
              [&](V& r, ladder_record& l, std::size_t i) { ladder_fields(r, l, i, layout); });
    v.derived("transformed_bounds_offset", "", [&](json_writer& w) { w.value(m.transformed_bounds_offset); });
    v.records("transformed_bounds", m.transformed_bounds, true, "", bounds_fields<V>);
    v.object("generation", true, "the generation parameters, with every hull",
             [&](V& g) { generation_fields(g, m.generation); });
    v.object("bot_analysis", V::lists_all || m.bot_analysis.has_value(), "the custom-data blob; null without one", [&](V& b) {
        if (!m.bot_analysis) m.bot_analysis.emplace();
        bot_analysis_fields(b, *m.bot_analysis);
    });
    v.derived("trailing_bytes", "bytes after the last section", [&](json_writer& w) { w.value(m.trailing_bytes); });
}

// The schema tables of examples/navspan/dump/source2.md.
inline std::string schema_markdown() {
    file_record m;
    schema_visitor v("file");
    file_fields(v, m);
    return v.markdown();
}

}  // namespace navspan::tools::source2_fields

#include "../../core/min_max_pop.hpp"
