// The navspan command's dump, validate and svg/obj (scene) support for
// source2_nav files (Counter-Strike 2, Deadlock). The dump schema:
// ../dump/source2.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <navspan/kv3.hpp>
#include <navspan/navspan.hpp>
#include <navspan/source2/encounter_handles.hpp>
#include <navspan/source2/generation_blob.hpp>

#include "../findings.hpp"
#include "../json_writer.hpp"
#include "../palette.hpp"
#include "../scene.hpp"

namespace navspan_cli::source2_format {

namespace tools_detail {

namespace s2 = navspan::source2;

inline void write_vec3(json_writer& w, const navspan::vec3& v) {
    w.begin_array();
    w.value(v.x);
    w.value(v.y);
    w.value(v.z);
    w.end_array();
}

inline void write_floats(json_writer& w, const std::array<float, 12>& m) {
    w.begin_array();
    for (const float x : m) w.value(x);
    w.end_array();
}

inline void write_ids(json_writer& w, const s2::id_list& ids) {
    w.begin_array();
    for (const std::uint32_t id : ids) w.value(id);
    w.end_array();
}

inline std::string hex(navspan::bytes_view b) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (const std::byte x : b) {
        s += digits[std::to_integer<unsigned>(x) >> 4];
        s += digits[std::to_integer<unsigned>(x) & 0xF];
    }
    return s;
}

inline std::uint64_t offset_of(const s2::nav_file& f, const std::byte* p) {
    return static_cast<std::uint64_t>(p - f.bytes().data());
}

// "JUMP|STAIRS|0x10000000000", or "none".
inline std::string attribute_label(std::uint64_t raw) {
    std::string s;
    const std::uint64_t unnamed = navspan::for_each_flag(s2::attribute_names, raw, [&](std::string_view name, std::uint64_t) {
        if (!s.empty()) s += '|';
        s += name;
    });
    if (unnamed != 0) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(unnamed));
        if (!s.empty()) s += '|';
        s += buf;
    }
    return s.empty() ? "none" : s;
}

// A KV3 blob decoded by navspan's reader (navspan/kv3), with the scratch
// buffer it lives in (the command may allocate; the library does not).
struct decoded_blob {
    std::vector<std::byte> scratch;
    navspan::result<navspan::kv3::document> doc;
};
inline decoded_blob decode_blob(const s2::kv3_blob& b) {
    decoded_blob d;
    navspan::kv3::options opt;
    opt.base_offset = b.offset();
    auto size = navspan::kv3::document::scratch_size(b.bytes(), opt);
    if (!size) {
        d.doc = size.error();
        return d;
    }
    d.scratch.resize(*size);
    d.doc = navspan::kv3::document::open(b.bytes(), d.scratch, opt);
    return d;
}

// The bot analysis (the custom-data blob) per area, with the names of the
// Source dump's areas (hiding_spots, encounter_paths, approach_spots,
// earliest_occupy_times); encounter and approach entries as their KV3 objects.
// One encounter path: the handles as stored, the areas they resolve to
// (null when not resolved), the edges of the holding area.
inline void write_encounter_path(json_writer& w, const s2::encounter_path& e, const s2::handle_resolution& handles) {
    w.begin_object();
    for (const auto& [name, h, edge] : {std::tuple{"from", e.from_area(), e.from_edge()}, std::tuple{"to", e.to_area(), e.to_edge()}}) {
        const std::string key(name);
        w.field(key + "_handle", h ? std::optional<std::int32_t>(h->value) : std::nullopt);
        w.field(key + "_area", h ? handles.area_id(*h) : std::nullopt);
        w.field(key + "_edge", edge);
    }
    w.end_object();
}

// One approach spot; prev_area is null for -1 (none).
inline void write_approach_spot(json_writer& w, const s2::approach_spot& e) {
    w.begin_object();
    w.field("prev_area", e.prev_area());
    w.field("here_area", e.here_area());
    w.field("next_area", e.next_area());
    w.field("here_back_edge", e.here_back_edge());
    w.field("next_back_edge", e.next_back_edge());
    w.field("prev_to_here", e.prev_to_here());
    w.field("here_to_next", e.here_to_next());
    w.end_object();
}

inline void write_bot_analysis(json_writer& w, const s2::nav_file& f) {
    if (!f.custom_data()) {
        w.field_null("bot_analysis");
        return;
    }
    auto size = s2::bot_analysis::scratch_size(f);
    std::vector<std::byte> scratch(size ? *size : 0);
    const auto a = size ? s2::bot_analysis::open(f, scratch) : navspan::result<s2::bot_analysis>(size.error());
    w.key("bot_analysis");
    w.begin_object();
    if (!a) {
        w.field("error", a.error().message());
        w.end_object();
        return;
    }
    w.field("hiding_spots", a->hiding_spot_count());
    w.field("encounter_paths", a->encounter_path_count());
    w.field("approach_spots", a->approach_spot_count());
    w.field("encounter_spots", a->encounter_spot_count());
    // Encounter handles name areas only through the resolution (not ids).
    std::vector<s2::handle_use> uses(s2::encounter_handle_uses(*a));
    std::vector<s2::resolved_handle> resolved(uses.size());
    const auto r = s2::resolve_encounter_handles(f, *a, uses, resolved);
    const s2::handle_resolution handles = r ? *r : s2::handle_resolution();
    w.key("encounter_handles");
    w.begin_object();
    w.field("distinct", handles.handles().size());
    w.field("resolved", handles.resolved_count());
    w.field("ambiguous", handles.count(s2::handle_status::ambiguous));
    w.field("contradicted", handles.count(s2::handle_status::contradicted));
    w.field("unconstrained", handles.count(s2::handle_status::unconstrained));
    w.end_object();
    w.key("areas");
    w.begin_array();
    for (std::size_t i = 0; i < a->area_count(); ++i) {
        const s2::area_analysis area = a->area(i);
        w.begin_object();
        w.field("index", i);
        w.key("hiding_spots");
        w.begin_array();
        for (const s2::analysis_hiding_spot spot : area.hiding_spots()) {
            w.begin_object();
            w.field("id", spot.id());
            w.key("position");
            write_vec3(w, spot.position());
            w.field("flags", spot.flags_raw());
            w.end_object();
        }
        w.end_array();
        w.key("encounter_paths");
        w.begin_array();
        for (const s2::encounter_path e : area.encounter_paths()) write_encounter_path(w, e, handles);
        w.end_array();
        w.key("encounter_spots");
        w.begin_array();
        for (const s2::encounter_spot e : area.encounter_spots()) {
            w.begin_object();
            w.field("spot_handle", e.spot() ? std::optional<std::int32_t>(e.spot()->value) : std::nullopt);
            w.field("t", e.t());
            w.end_object();
        }
        w.end_array();
        w.key("approach_spots");
        w.begin_array();
        for (const s2::approach_spot e : area.approach_spots()) write_approach_spot(w, e);
        w.end_array();
        w.key("earliest_occupy_times");
        if (const auto t = area.earliest_occupy_times()) {
            w.begin_array();
            w.value((*t)[0]);
            w.value((*t)[1]);
            w.end_array();
        } else {
            w.null();
        }
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

inline void write_blob(json_writer& w, const s2::nav_file& f, const s2::kv3_blob& b) {
    w.begin_object();
    w.field("slot", s2::to_string(b.slot()));
    w.field("offset", b.offset());
    w.field("bytes", b.size());
    w.field("kv3_version", b.version());
    w.field("compression", s2::to_string(b.compression()));
    w.field("compression_raw", b.compression_raw());
    w.field("format_guid", hex(b.format_guid()));
    w.field("dictionary_id", b.dictionary_id());
    w.field("frame_size", b.frame_size());
    w.field("bytes1_count", b.bytes1_count());
    w.field("bytes2_count", b.bytes2_count());
    w.field("bytes4_count", b.bytes4_count());
    w.field("bytes8_count", b.bytes8_count());
    w.field("types_size", b.types_size());
    w.field("object_count", b.object_count());
    w.field("array_count", b.array_count());
    w.field("uncompressed_size", b.uncompressed_size());
    w.field("compressed_size", b.compressed_size());
    w.field("binary_block_count", b.binary_block_count());
    w.field("binary_blob_bytes", b.binary_blob_bytes());
    w.field("block_sizes_bytes", b.block_sizes_bytes());
    w.field("buffer1_uncompressed", b.buffer_uncompressed_size(0));
    w.field("buffer1_compressed", b.buffer_compressed_size(0));
    w.field("buffer2_uncompressed", b.buffer_uncompressed_size(1));
    w.field("buffer2_compressed", b.buffer_compressed_size(1));
    w.field("header_size", b.header_size());
    w.field("body_offset", offset_of(f, b.body().data()));
    w.field("body_size", b.body().size());
    w.field("length_proven", b.length_proven());
    // The document, decoded (null with decode_error when it cannot be).
    const decoded_blob d = decode_blob(b);
    if (d.doc) {
        w.key("decoded");
        w.raw_value(navspan::kv3::to_json(d.doc->root()));
        w.field_null("decode_error");
    } else {
        w.field_null("decoded");
        w.field("decode_error", d.doc.error().message());
    }
    w.end_object();
}

}  // namespace tools_detail

// Every decoded field of every record, in file order (schema: ../dump/source2.md).
inline navspan::error dump(navspan::bytes_view bytes, json_writer& w) {
    using namespace tools_detail;
    const auto opened = s2::nav_file::open(bytes);
    if (!opened) return opened.error();
    const s2::nav_file& f = *opened;

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
    w.field("word_after_polygons", f.word_after_polygons());
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
    write_bot_analysis(w, f);
    w.field("trailing_bytes", f.trailing().size());
    w.end_object();
    return {};
}

// Checks beyond structure (navspan::source2::validate, the library's checks).
inline navspan::error validate(navspan::bytes_view bytes, findings& out, const check_choice& choice = {}) {
    const auto opened = navspan::source2::nav_file::open(bytes);
    if (!opened) return opened.error();
    NAVSPAN_TRY(navspan::source2::validate(*opened, [&](const navspan::finding& f) { out.push_back(from_library(f)); },
                                           choice.in(navspan::source2::validate_checks)));
    // The bot analysis (custom data) decodes (the library checks its area
    // list and the area references in it: bot-analysis-area-count,
    // missing-approach-area, missing-encounter-area).
    const navspan::source2::nav_file& f = *opened;
    if (const auto blob = choice.wants("bot-analysis-undecodable") ? f.custom_data() : std::nullopt) {
        namespace s2 = navspan::source2;
        auto size = s2::bot_analysis::scratch_size(f);
        std::vector<std::byte> scratch(size ? *size : 0);
        const auto a = size ? s2::bot_analysis::open(f, scratch) : navspan::result<s2::bot_analysis>(size.error());
        if (!a) {
            finding bad;
            bad.check = "bot-analysis-undecodable";
            bad.level = navspan::severity::error;
            bad.record = "custom data";
            bad.offset = a.error().offset;
            bad.message = "the bot analysis does not decode: " + a.error().message();
            out.push_back(std::move(bad));
        }
    }
    return {};
}

// The hiding spots of the bot analysis (custom data) of the drawn hull's
// areas, as points (entry i of the analysis is area i of the file). A file
// without custom data, or whose analysis does not decode (validate says
// why), is drawn without them.
inline void add_hiding_spots(const navspan::source2::nav_file& f, int hull, scene& out) {
    namespace s2 = navspan::source2;
    if (!f.custom_data()) return;
    const auto size = s2::bot_analysis::scratch_size(f);
    if (!size) return;
    std::vector<std::byte> scratch(*size);
    const auto analysis = s2::bot_analysis::open(f, scratch);
    if (!analysis || analysis->hiding_spot_count() == 0) return;
    const std::uint32_t category = scene::category(out.point_categories, "hiding spot");
    if (out.point_colours.size() <= category) out.point_colours.resize(category + 1);
    out.point_colours[category] = "#2ca02c";
    std::size_t i = 0;
    for (const s2::area& a : f.areas()) {
        if (i == analysis->area_count()) break;
        const s2::area_analysis entry = analysis->area(i++);
        if (a.hull_index() != hull) continue;
        for (const s2::analysis_hiding_spot spot : entry.hiding_spots()) {
            std::string label = "hiding spot";
            if (const auto id = spot.id()) label += " " + std::to_string(*id);
            label += " (area " + std::to_string(a.id());
            navspan::for_each_flag(navspan::source::hiding_spot_flag_names, spot.flags_raw(),
                                   [&](std::string_view name, std::uint64_t) { (label += ", ") += name; });
            label += ")";
            out.points.push_back({spot.position(), category, std::move(label)});
        }
    }
}

// The top-down picture of one hull's mesh (--hull N, default the first
// hull that has areas): areas as polygons coloured by attribute (default),
// hull or height; connections as lines (one-way with an arrow); ladders.
inline navspan::error build_scene(navspan::bytes_view bytes, scene& out) {
    using namespace tools_detail;
    const auto opened = s2::nav_file::open(bytes);
    if (!opened) return opened.error();
    const s2::nav_file& f = *opened;
    const auto built = s2::make_area_index(f);
    // Duplicate ids: draw without connections rather than refuse.
    const s2::area_index* index = built ? &built->index() : nullptr;

    // Which hull: asked, else the lowest hull index any area has.
    std::vector<std::size_t> per_hull(256, 0);
    for (const s2::area& a : f.areas()) ++per_hull[a.hull_index()];
    // Groups are hulls (form id = hull + 1, so that --split draws each).
    int hull = out.options.hull;
    if (hull < 0 && out.options.cell != 0 && out.options.cell <= 256) hull = static_cast<int>(out.options.cell) - 1;
    if (hull < 0) {
        hull = 0;
        while (hull < 255 && per_hull[static_cast<std::size_t>(hull)] == 0) ++hull;
    }
    out.empty_note = f.area_count() == 0 ? "no areas in this file" : "no areas of hull " + std::to_string(hull);
    out.colourings = {"attribute", "hull", "height"};
    for (std::size_t h = 0; h < per_hull.size(); ++h) {
        if (per_hull[h] == 0) continue;
        scene_group grp;
        grp.form_id = static_cast<std::uint32_t>(h + 1);
        grp.name = "hull " + std::to_string(h);
        grp.polygons = per_hull[h];
        out.groups.push_back(grp);
    }
    out.drawn_group = static_cast<std::uint32_t>(hull + 1);
    const std::string& asked = out.options.colour_by;
    const bool by_hull = asked == "hull";

    std::vector<s2::area> areas;
    for (const s2::area& a : f.areas()) {
        if (a.hull_index() == hull) areas.push_back(a);
    }
    std::stable_sort(areas.begin(), areas.end(), [](const s2::area& a, const s2::area& b) {
        return a.centroid().z < b.centroid().z;
    });
    std::vector<std::string> categories;
    for (const s2::area& a : areas) {
        categories.push_back(by_hull ? "hull " + std::to_string(a.hull_index()) : attribute_label(a.attributes_raw()));
    }
    std::vector<std::string> names = categories;
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::stable_partition(names.begin(), names.end(), [](const std::string& c) { return c != "none"; });
    std::uint32_t next_colour = 0;
    for (const std::string& c : names) {
        scene::category(out.polygon_categories, c);
        out.polygon_colours.push_back(c == "none" ? "#c9c9c4" : category_colour(next_colour++));
    }
    for (std::size_t i = 0; i < areas.size(); ++i) {
        const s2::area& a = areas[i];
        scene_polygon poly;
        for (const navspan::vec3 c : a.corners()) poly.corners.push_back(c);
        poly.category = scene::category(out.polygon_categories, categories[i]);
        poly.label = "area " + std::to_string(a.id()) + " (" + categories[i] + ")";
        out.polygons.push_back(std::move(poly));
    }
    if (asked.empty() && names.size() == 1 && names[0] == "none") colour_by_height(out);

    // Connections: from the middle of an edge to the neighbour's centre.
    const std::uint32_t two_way = scene::category(out.line_categories, "connection");
    const std::uint32_t one_way = scene::category(out.line_categories, "one-way connection");
    out.mark_link(two_way);
    out.mark_link(one_way);
    if (index != nullptr) {
        // Every connection as (from << 32 | to), sorted: the way back is a
        // binary search, whatever a crafted file's degrees.
        std::vector<std::uint64_t> pairs;
        for (const s2::area& a : f.areas()) {
            for (const s2::edge& e : a.edges()) {
                for (const s2::connection cn : e.connections()) pairs.push_back(std::uint64_t{a.id()} << 32 | cn.area_id());
            }
        }
        std::sort(pairs.begin(), pairs.end());
        for (const s2::area& a : areas) {
            const s2::corner_list c = a.corners();
            for (const s2::edge& e : a.edges()) {
                for (const s2::connection cn : e.connections()) {
                    const auto to = index->find(cn.area_id());
                    if (!to || to->id() == a.id()) continue;
                    const bool back = std::binary_search(pairs.begin(), pairs.end(), std::uint64_t{to->id()} << 32 | a.id());
                    if (back && to->id() < a.id() && to->hull_index() == hull) continue;  // drawn from the other end
                    const navspan::vec3 p = c[e.index()], q = c[(e.index() + 1) % c.size()];
                    const navspan::vec3 mid{(p.x + q.x) / 2, (p.y + q.y) / 2, (p.z + q.z) / 2};
                    out.lines.push_back({mid, to->centroid(), back ? two_way : one_way, !back});
                }
            }
        }
    }
    if (f.ladder_count() != 0) {
        const std::uint32_t ladder_category = scene::category(out.line_categories, "ladder");
        for (const s2::ladder l : f.ladders()) out.lines.push_back({l.bottom(), l.top(), ladder_category, false});
    }
    add_hiding_spots(f, hull, out);
    return {};
}

}  // namespace navspan_cli::source2_format
