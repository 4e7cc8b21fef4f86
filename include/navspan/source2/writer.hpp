// navspan/source2/writer.hpp - serialise a source2::model to .nav bytes.
//
//   navspan::source2::model m = navspan::source2::model::from(*file);
//   auto bytes = navspan::source2::write(m);          // checked
//   if (!bytes) puts(bytes.error().message().c_str());
//
// serialize() lays the model out by its version (the gates of format.hpp,
// the ones the reader follows) and rebuilds what is derived: every count,
// the hull count, the pad before each KV3 blob (to the next multiple of 8,
// filled with the model's kept pad bytes, then zeros), and each edited blob
// (kv3::encode with the settings of the original's header). It refuses only
// what the format cannot hold: a polygon of more than 255 corners, an area
// with another number of edge lists than corners, a string with a NUL, a
// blob the version needs but the model lacks.
// write() then opens the bytes it made and runs validate() on them,
// refusing a file with a finding of severity error unless
// write_options::allow_invalid; the refusal names the check in
// error::record and the finding's offset in the output.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../core/byte_sink.hpp"
#include "../core/error.hpp"
#include "../core/result.hpp"
#include "../core/write_ladder.hpp"
#include "../kv3/header.hpp"
#include "../kv3/writer.hpp"
#include "format.hpp"
#include "model.hpp"
#include "nav_file.hpp"
#include "validate.hpp"

namespace navspan::source2 {

struct write_options {
    // Write a model in which validate() finds errors (dangling ids, a hull
    // index past the hull count, ...). The output still opens.
    bool allow_invalid = false;
};

namespace writer_detail {

inline error refuse(const byte_sink& out, const char* what, std::uint64_t value = 0, std::uint64_t bound = 0) {
    return navspan::detail::fail(error_code::inconsistent, out.size(), what, value, bound);
}

inline void write_ids(byte_sink& out, const std::vector<std::uint32_t>& ids) {
    out.u32(static_cast<std::uint32_t>(ids.size()));
    for (const std::uint32_t id : ids) out.u32(id);
}

inline void write_floats(byte_sink& out, const std::array<float, 12>& m) {
    for (const float f : m) out.f32(f);
}

inline error write_string(byte_sink& out, const std::string& s, const char* what) {
    if (s.find('\0') != std::string::npos) return refuse(out, what);
    out.text(s);
    out.u8(0);
    return {};
}

// The pad to the next multiple of 8, then the blob: its original bytes, or
// the edited value encoded like the original.
inline error write_blob(byte_sink& out, const model::blob& b) {
    const std::size_t pad = (sizes::kv3_alignment - out.size() % sizes::kv3_alignment) % sizes::kv3_alignment;
    for (std::size_t i = 0; i < pad; ++i) out.u8(i < b.padding.size() ? static_cast<std::uint8_t>(b.padding[i]) : 0);
    if (!b.edited) {
        out.raw(b.original);
        return {};
    }
    ::navspan::kv3::encode_options o;
    if (!b.original.empty()) {
        const auto h = ::navspan::kv3::read_header(b.original, out.size());
        if (!h) return h.error();
        o = ::navspan::kv3::options_of(*h);
    }
    return with_parent(::navspan::kv3::encode(*b.edited, o, out), "KV3 blob", static_cast<std::size_t>(b.slot));
}

inline error write_slot(byte_sink& out, const model& m, kv3_slot slot) {
    const model::blob* b = m.find_blob(slot);
    if (b == nullptr) return refuse(out, "KV3 blob (the version needs it, the model has none)", static_cast<std::uint64_t>(slot));
    return write_blob(out, *b);
}

inline error write_area(byte_sink& out, const model& m, const model::area& a) {
    const std::uint32_t v = m.layout_version();
    out.u32(a.id);
    std::byte attributes[8];
    store_le(attributes, a.attributes);
    out.raw(attributes);
    out.u8(a.hull_index);
    std::size_t corners = 0;
    if (gates::has_polygon_table(v)) {
        out.u32(a.polygon);
        if (a.polygon >= m.polygons.size()) return refuse(out, "area polygon index", a.polygon, m.polygons.size());
        corners = m.polygons[a.polygon].corners.size();
    } else {
        corners = a.corners.size();
        out.u32(static_cast<std::uint32_t>(corners));
        for (const vec3& c : a.corners) out.vec(c);
    }
    out.f32(a.unknown_float);
    if (a.edges.size() != corners) return refuse(out, "area edge lists (one per corner)", a.edges.size(), corners);
    for (const auto& list : a.edges) {
        out.u32(static_cast<std::uint32_t>(list.size()));
        for (const model::connection& c : list) {
            out.u32(c.area_id);
            out.u32(c.edge_index);
        }
    }
    out.u8(0);   // legacy hiding-spot count (layout unknown: always 0)
    out.u32(0);  // legacy encounter count
    write_ids(out, a.ladder_links[0]);
    write_ids(out, a.ladder_links[1]);
    return {};
}

inline void write_hull(byte_sink& out, const model::hull& h, std::int32_t g) {
    if (navgen::has_hull_switches(g)) out.u8(h.enabled);
    out.f32(h.radius);
    out.f32(h.height);
    if (navgen::has_hull_switches(g)) {
        out.u8(h.short_height_enabled);
        out.f32(h.short_height);
    }
    if (navgen::has_crawl(g)) {
        out.u8(h.crawl_enabled);
        out.f32(h.crawl_height);
    }
    out.f32(h.max_climb);
    out.i32(h.max_slope);
    out.f32(h.max_jump_down);
    out.f32(h.max_jump_horizontal);
    out.f32(h.max_jump_up);
    if (navgen::has_border_erosion(g)) out.i32(h.border_erosion);
}

inline error write_generation(byte_sink& out, const model::generation_params& p) {
    const std::int32_t g = p.version;
    if (g < 0) return refuse(out, "generation parameters version (negative)");
    out.i32(g);
    out.u32(p.use_project_defaults);
    out.f32(p.tile_size);
    out.f32(p.cell_size);
    out.f32(p.cell_height);
    out.i32(p.min_region_size);
    out.i32(p.merged_region_size);
    out.f32(p.mesh_sample_distance);
    out.f32(p.max_sample_error);
    out.i32(p.max_edge_length);
    out.f32(p.max_edge_error);
    out.i32(p.verts_per_poly);
    if (navgen::has_small_area_removal(g)) out.f32(p.small_area_on_edge_removal);
    if (navgen::has_hull_names(g)) {
        NAVSPAN_TRY(write_string(out, p.hull_preset, "hull preset name (holds a NUL)"));
        NAVSPAN_TRY(write_string(out, p.hull_definitions_file, "hull definitions file (holds a NUL)"));
    }
    if (p.hulls.size() > 0x7FFFFFFFu) return refuse(out, "hull count", p.hulls.size());
    out.i32(static_cast<std::int32_t>(p.hulls.size()));
    for (const model::hull& h : p.hulls) write_hull(out, h, g);
    // navgen <= 11 stores three records at least: the kept unused ones, then zeros.
    const std::size_t records = navgen::pads_hulls_to_three(g) && p.hulls.size() < 3 ? 3 : p.hulls.size();
    for (std::size_t i = p.hulls.size(); i < records; ++i) {
        const std::size_t k = i - p.hulls.size();
        model::hull zero{};
        zero.enabled = 0;
        write_hull(out, k < p.unused_hulls.size() ? p.unused_hulls[k] : zero, g);
    }
    if (navgen::has_hull_names(g)) out.u8(p.gravity_follows_rotation);
    return {};
}

inline error write_polygons(byte_sink& out, const model& m) {
    const std::uint32_t v = m.layout_version();
    out.u32(static_cast<std::uint32_t>(m.corners.size()));
    for (const vec3& c : m.corners) out.vec(c);
    out.u32(static_cast<std::uint32_t>(m.polygons.size()));
    for (std::size_t i = 0; i < m.polygons.size(); ++i) {
        const model::polygon& p = m.polygons[i];
        if (p.corners.size() > 0xFF) return with_parent(refuse(out, "polygon corner count", p.corners.size(), 0xFF), "polygon", i);
        out.u8(static_cast<std::uint8_t>(p.corners.size()));
        for (const std::uint32_t c : p.corners) out.u32(c);
        if (gates::has_movable_meshes(v)) out.u32(p.movable_mesh);
    }
    return {};
}

inline void write_ladder(byte_sink& out, const model::ladder& l, std::uint32_t v) {
    navspan::detail::write_ladder_head(out, l);
    const std::size_t ends = gates::has_movable_meshes(v) ? 7 : 5;
    for (std::size_t k = 0; k < ends; ++k) out.u32(l.areas[k]);
}

// A guess of the output size, so the buffer grows once or twice.
inline std::size_t size_hint(const model& m) {
    std::size_t n = 256 + 12 * m.corners.size() + 13 * m.polygons.size() + 68 * m.ladders.size() + 72 * m.bounds.size();
    for (const model::blob& b : m.blobs) n += b.original.size() + 8;
    for (const model::area& a : m.areas) n += 64 + 12 * a.corners.size() + 8 * a.edges.size() * 2;
    return n;
}

// Everything up to the area table.
inline error write_head(byte_sink& out, const model& m) {
    const std::uint32_t v = m.layout_version();
    out.u32(magic);
    out.u32(m.version);
    out.u32(m.subversion);
    out.u32(m.flags);
    if (gates::has_unnamed_blobs(v)) NAVSPAN_TRY(write_slot(out, m, kv3_slot::after_header));
    if (gates::has_polygon_table(v)) NAVSPAN_TRY(write_polygons(out, m));
    if (gates::has_word_after_polygons(v)) out.u32(m.word_after_polygons);
    if (gates::has_movable_meshes(v)) {
        out.u32(static_cast<std::uint32_t>(m.movable_meshes.size()));
        for (const model::movable_mesh& mm : m.movable_meshes) {
            NAVSPAN_TRY(write_string(out, mm.id, "movable mesh id (holds a NUL)"));
            write_floats(out, mm.transform);
        }
    }
    if (gates::has_unnamed_blobs(v)) NAVSPAN_TRY(write_slot(out, m, kv3_slot::after_movables));
    return {};
}

}  // namespace writer_detail

// The model's bytes, checked only for what the format can hold.
inline result<std::vector<std::byte>> serialize(const model& m) {
    using namespace writer_detail;
    if (!gates::is_supported(m.version)) {
        return navspan::detail::fail(error_code::unsupported_version, fields::header_version,
                                     "model version (30 to 36)", m.version);
    }
    const std::uint32_t v = m.layout_version();
    byte_sink out(size_hint(m));
    NAVSPAN_TRY(write_head(out, m));
    out.u32(static_cast<std::uint32_t>(m.areas.size()));
    for (std::size_t i = 0; i < m.areas.size(); ++i) NAVSPAN_TRY(with_parent(write_area(out, m, m.areas[i]), "area", i));
    out.u32(static_cast<std::uint32_t>(m.ladders.size()));
    for (const model::ladder& l : m.ladders) write_ladder(out, l, v);
    out.i32(static_cast<std::int32_t>(m.bounds.size()));
    for (const model::transformed_bounds& t : m.bounds) {
        out.vec(t.lower);
        out.vec(t.upper);
        write_floats(out, t.matrix);
    }
    NAVSPAN_TRY(write_generation(out, m.generation));
    if (gates::has_unnamed_blobs(v)) NAVSPAN_TRY(write_slot(out, m, kv3_slot::after_generation));
    if (m.subversion > 0) NAVSPAN_TRY(write_slot(out, m, kv3_slot::custom_data));
    return std::move(out).take();
}

// serialize(), then open the result (it must open) and validate it.
inline result<std::vector<std::byte>> write(const model& m, const write_options& opts = {}) {
    auto bytes = serialize(m);
    if (!bytes) return bytes.error();
    const auto file = nav_file::open(*bytes);
    if (!file) return file.error();
    if (!opts.allow_invalid) {
        NAVSPAN_TRY(navspan::detail::refuse_error_findings([&](auto&& sink) { return validate(*file, sink); }));
    }
    return bytes;
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
