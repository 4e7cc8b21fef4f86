// What the dump, validate and picture of source2_nav files share (dump
// schema: examples/navspan/dump/source2.md).
#pragma once

#include "../../core/min_max_push.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include <navspan/kv3.hpp>
#include <navspan/navspan.hpp>
#include <navspan/source2/encounter_handles.hpp>

#include "../json_writer.hpp"

namespace navspan::tools::source2_format {

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
    navspan::kv3::scratch_buffer scratch;  // not zero-filled: open() writes what it uses
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
// earliest_occupy_times); encounter paths and approach spots typed
// (handles as handles, edges as edge indices), the encounter spots
// ("order") of each area.
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

// How many encounter handles resolve to one area, and how the others stand.
inline void write_handle_summary(json_writer& w, const s2::handle_resolution& handles) {
    w.key("encounter_handles");
    w.begin_object();
    w.field("distinct", handles.handles().size());
    w.field("resolved", handles.resolved_count());
    w.field("ambiguous", handles.count(s2::handle_status::ambiguous));
    w.field("contradicted", handles.count(s2::handle_status::contradicted));
    w.field("unconstrained", handles.count(s2::handle_status::unconstrained));
    w.end_object();
}

inline void write_encounter_spots(json_writer& w, const s2::area_analysis& area) {
    w.key("encounter_spots");
    w.begin_array();
    for (const s2::encounter_spot e : area.encounter_spots()) {
        w.begin_object();
        w.field("spot_handle", e.spot() ? std::optional<std::int32_t>(e.spot()->value) : std::nullopt);
        w.field("t", e.t());
        w.end_object();
    }
    w.end_array();
}

inline void write_bot_analysis(json_writer& w, const s2::nav_file& f) {
    if (!f.custom_data()) {
        w.field_null("bot_analysis");
        return;
    }
    auto size = s2::bot_analysis::scratch_size(f);
    navspan::kv3::scratch_buffer scratch(size ? *size : 0);
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
    write_handle_summary(w, handles);
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
        write_encounter_spots(w, area);
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
    // Rendering is bounded by the blob's size (kv3::to_json refuses beyond
    // its budget): a refusal reads as a decode error.
    const auto json = d.doc ? navspan::kv3::to_json(d.doc->root()) : navspan::result<std::string>(d.doc.error());
    if (json) {
        w.key("decoded");
        w.raw_value(*json);
        w.field_null("decode_error");
    } else {
        w.field_null("decoded");
        w.field("decode_error", json.error().message());
    }
    w.end_object();
}

}  // namespace tools_detail

}  // namespace navspan::tools::source2_format

#include "../../core/min_max_pop.hpp"
