// navspan/source2/nav_file.hpp - open and verify a Source 2 .nav file
// (Counter-Strike 2, Deadlock; versions 30 to 36).
//
//   auto file = navspan::source2::nav_file::open(bytes);
//   if (!file.ok()) { puts(file.error().message().c_str()); return; }
//   for (const navspan::source2::area& a : file->areas())
//       for (const navspan::source2::edge& e : a.edges())
//           for (const navspan::source2::connection c : e.connections()) use(a.id(), e.index(), c.area_id());
//
// open() walks the whole file once, in file order (layout and decisions:
// format.hpp): every count against the bytes and options::limits, every
// polygon's corner indices and every area's polygon index, every KV3 blob
// located from its header and stepped over, and the file must end exactly
// where its last record ends. After that nothing is checked, cached or
// allocated: views decode the caller's bytes, which must outlive them.
//
// Areas name their polygon by index. When every polygon has as many corners
// (every known file) polygon i is found in O(1); otherwise the area list
// walks the polygon table forward from the previous area's polygon (areas
// name polygons in order in generated files), which open() charges to the
// work budget, so a crafted file that jumps back and forth is refused
// (limit_exceeded) rather than slow. area_index holds every polygon's
// offset for O(1) access whatever the file.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "../core/reader_options.hpp"
#include "../core/config.hpp"
#include "../core/contract.hpp"
#include "../core/endian.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/named_values.hpp"
#include "../core/reader.hpp"
#include "../core/result.hpp"
#include "../core/views.hpp"
#include "format.hpp"
#include "kv3_blob.hpp"
#include "names.hpp"
#include "records.hpp"

namespace navspan::source2 {

// Source 2 positions are z-up.
inline constexpr navspan::axis up_axis = navspan::axis::z;

struct options : navspan::reader_options {
    // trusted (reader_options): The trusted-input switch (docs/api.md, section 3). The index checks
    // (corner and polygon indices) happen inside the walk that finds the
    // records, at no extra cost, so nothing is skipped.
};

// The generation parameters: how the mesh was built, and the agent hulls.
class generation_params {
public:
    constexpr generation_params() noexcept = default;

    // The generation-parameters ("navgen") version: 6, 7, 12, 13 seen.
    std::int32_t version() const noexcept { return load_i32(p_); }
    std::uint32_t use_project_defaults_raw() const noexcept { return load_u32(p_ + 4); }
    bool use_project_defaults() const noexcept { return use_project_defaults_raw() != 0; }
    float tile_size() const noexcept { return load_f32(p_ + 8); }
    float cell_size() const noexcept { return load_f32(p_ + 12); }
    float cell_height() const noexcept { return load_f32(p_ + 16); }
    std::int32_t min_region_size() const noexcept { return load_i32(p_ + 20); }
    std::int32_t merged_region_size() const noexcept { return load_i32(p_ + 24); }
    float mesh_sample_distance() const noexcept { return load_f32(p_ + 28); }
    float max_sample_error() const noexcept { return load_f32(p_ + 32); }
    std::int32_t max_edge_length() const noexcept { return load_i32(p_ + 36); }
    float max_edge_error() const noexcept { return load_f32(p_ + 40); }
    std::int32_t verts_per_poly() const noexcept { return load_i32(p_ + 44); }
    // navgen 7+.
    std::optional<float> small_area_on_edge_removal() const noexcept {
        if (!navgen::has_small_area_removal(version())) return std::nullopt;
        return load_f32(p_ + sizes::generation_fixed);
    }
    // navgen 12+: the hull preset name and the hull definitions file.
    std::optional<std::string_view> hull_preset() const noexcept {
        if (!navgen::has_hull_names(version())) return std::nullopt;
        return std::string_view(reinterpret_cast<const char*>(p_ + preset_at_), preset_size_);
    }
    std::optional<std::string_view> hull_definitions_file() const noexcept {
        if (!navgen::has_hull_names(version())) return std::nullopt;
        return std::string_view(reinterpret_cast<const char*>(p_ + preset_at_ + preset_size_ + 1), definitions_size_);
    }
    // The stored hull count (areas' hull indices are below it).
    std::uint32_t hull_count() const noexcept { return hull_count_; }
    // The hull records: hull_count() of them, or three when navgen <= 11
    // stored the unused ones too (hull_records()).
    hull_list hulls() const noexcept { return {p_ + hulls_at_, hull_records_, sizes::hull(version()), version()}; }
    std::uint32_t hull_records() const noexcept { return hull_records_; }
    // navgen 12+.
    std::optional<bool> gravity_follows_rotation() const noexcept {
        if (!navgen::has_hull_names(version())) return std::nullopt;
        return load_u8(p_ + end_ - 1) != 0;
    }
    // Offset of the hull count field and size of the whole section, from
    // the section's start (nav_file::generation_offset()).
    std::size_t hull_count_offset() const noexcept { return hulls_at_ - 4; }
    std::size_t hulls_offset() const noexcept { return hulls_at_; }
    std::size_t size() const noexcept { return end_; }

private:
    friend class nav_file;
    const std::byte* p_ = navspan::detail::empty_view_bytes;
    std::size_t preset_at_ = 0;
    std::size_t preset_size_ = 0;
    std::size_t definitions_size_ = 0;
    std::size_t hulls_at_ = 0;
    std::size_t end_ = 0;
    std::uint32_t hull_count_ = 0;
    std::uint32_t hull_records_ = 0;
};

// The blobs a file holds, in file order (a random-access list of up to four).
class kv3_blob_list : public index_range<kv3_blob_list> {
public:
    using value_type = kv3_blob;
    constexpr kv3_blob_list() noexcept = default;
    std::size_t size() const noexcept { return count_; }
    kv3_blob operator[](std::size_t i) const noexcept {
        NAVSPAN_ASSERT(i < count_);
        return blobs_[i];
    }

private:
    friend class nav_file;
    kv3_blob blobs_[kv3_slot_count] = {};
    std::size_t count_ = 0;
};

class nav_file {
public:
    using options = source2::options;
    static constexpr navspan::axis up_axis = source2::up_axis;

    constexpr nav_file() noexcept = default;

    // Verifies `bytes` (which must outlive the nav_file and its views,
    // unchanged). Error codes: truncated, bad_magic (also: a KV3 blob's
    // magic), unsupported_version (a version below 30 or above 36, a KV3
    // version other than 4 or 5), count_too_large, index_out_of_range
    // (polygon corner index, area polygon index), inconsistent (a negative
    // count, a non-zero legacy count, a KV3 size, bytes after the end),
    // limit_exceeded.
    [[nodiscard]] static result<nav_file> open(bytes_view bytes NAVSPAN_LIFETIMEBOUND, const options& opts = {}) noexcept;

    // Header.
    std::uint32_t version() const noexcept { return version_; }
    // The version whose layout was read (33 and 34 read as 32).
    std::uint32_t layout_version() const noexcept { return gates::layout_version(version_); }
    std::uint32_t subversion() const noexcept { return subversion_; }
    std::uint32_t flags_raw() const noexcept { return load_u32(bytes_.data() + fields::header_flags); }
    bool analyzed() const noexcept { return (flags_raw() & analyzed_flag) != 0; }

    // Corner pool and polygon table (version 31+; empty in version 30).
    bool has_polygon_table() const noexcept { return gates::has_polygon_table(layout_version()); }
    std::uint32_t corner_count() const noexcept { return corner_count_; }
    corner_pool corners() const noexcept { return {bytes_.data() + corners_at_, corner_count_}; }
    std::uint32_t polygon_count() const noexcept { return ctx_.polygons.count; }
    polygon_list polygons() const noexcept {
        return {polygon(ctx_.polygons.first, 0, ctx_.polygons.tail), ctx_.polygons.count};
    }
    // The record size shared by every polygon, or 0 when they differ.
    std::uint32_t polygon_stride() const noexcept { return ctx_.polygons.stride; }
    // Version 32+: the u32 after the polygon table (0 in every known file).
    std::optional<std::uint32_t> word_after_polygons() const noexcept {
        if (!gates::has_word_after_polygons(layout_version())) return std::nullopt;
        return load_u32(bytes_.data() + word_at_);
    }

    // Movable meshes (version 35+).
    bool has_movable_meshes() const noexcept { return gates::has_movable_meshes(layout_version()); }
    std::uint32_t movable_mesh_count() const noexcept { return movable_count_; }
    movable_mesh_list movable_meshes() const noexcept {
        return {movable_mesh(bytes_.data() + movables_at_ + 4, 0), movable_count_};
    }

    std::uint32_t area_count() const noexcept { return area_count_; }
    bool empty() const noexcept { return area_count_ == 0; }
    // Every area in file order (a forward range; area_index gives random
    // access and lookup by id).
    area_list areas() const noexcept {
        if (area_count_ == 0) return {};
        return {first_area(), area_count_};
    }

    std::uint32_t ladder_count() const noexcept { return ladder_count_; }
    ladder_list ladders() const noexcept {
        return {bytes_.data() + ladders_at_ + 4, ladder_count_, sizes::ladder(layout_version()), layout_version()};
    }
    transformed_bounds_list transformed_bounds() const noexcept {
        return {bytes_.data() + transformed_at_ + 4, transformed_count_};
    }

    const source2::generation_params& generation() const noexcept { return generation_; }
    std::int32_t navgen_version() const noexcept { return generation_.version(); }
    std::uint32_t hull_count() const noexcept { return generation_.hull_count(); }
    hull_list hulls() const noexcept { return generation_.hulls(); }

    // Every KV3 blob, in file order.
    const kv3_blob_list& kv3_blobs() const noexcept { return blobs_; }
    std::optional<source2::kv3_blob> kv3_blob(kv3_slot slot) const noexcept {
        for (const source2::kv3_blob& b : blobs_) {
            if (b.slot() == slot) return b;
        }
        return std::nullopt;
    }
    // Subversion > 0: the custom-data blob (the bot analysis).
    std::optional<source2::kv3_blob> custom_data() const noexcept { return kv3_blob(kv3_slot::custom_data); }

    // Always empty: a byte after the last section is an error.
    bytes_view trailing() const noexcept { return bytes_.subspan(bytes_.size()); }
    // Always true: open() checks every index it can (docs/api.md).
    bool indices_checked() const noexcept { return true; }
    flag_set<std::uint32_t> warnings() const noexcept { return {warnings_, warning_names}; }
    bytes_view bytes() const noexcept { return bytes_; }

    // Byte offsets of the sections (each at its count field).
    std::size_t corners_offset() const noexcept { return corners_at_; }
    std::size_t polygons_offset() const noexcept { return polygons_at_; }
    std::size_t movable_meshes_offset() const noexcept { return movables_at_; }
    std::size_t areas_offset() const noexcept { return areas_at_; }
    std::size_t ladders_offset() const noexcept { return ladders_at_; }
    std::size_t transformed_bounds_offset() const noexcept { return transformed_at_; }
    std::size_t generation_offset() const noexcept { return generation_at_; }

    // The first area (area_count() > 0), and the context areas carry.
    area first_area() const noexcept {
        const std::byte* p = bytes_.data() + areas_at_ + 4;
        const std::byte* poly = nullptr;
        if (has_polygon_table()) poly = detail::locate_polygon(ctx_.polygons, load_u32(p + fields::area_polygon), 0, nullptr);
        return area(p, poly, ctx_, 0);
    }
    const detail::area_context& area_context() const noexcept { return ctx_; }

private:
    error walk(const options& opts) noexcept;
    error walk_areas(byte_reader& r, work_meter& meter, const limits& lim) noexcept;
    bool skip_area_fast(byte_reader& r, const limits& lim, std::uint32_t& previous_polygon,
                                  const std::byte*& previous) const noexcept;
    error walk_generation(byte_reader& r, work_meter& meter, const limits& lim) noexcept;
    error add_blob(byte_reader& r, kv3_slot slot, const char* what, bool may_end_file) noexcept;

    bytes_view bytes_{navspan::detail::empty_view_bytes, std::size_t{0}};
    std::uint32_t version_ = 0;
    std::uint32_t subversion_ = 0;
    detail::area_context ctx_{};
    std::uint32_t corner_count_ = 0;
    std::uint32_t movable_count_ = 0;
    std::uint32_t area_count_ = 0;
    std::uint32_t ladder_count_ = 0;
    std::uint32_t transformed_count_ = 0;
    std::uint32_t warnings_ = 0;
    std::size_t corners_at_ = 0;
    std::size_t polygons_at_ = 0;
    std::size_t word_at_ = 0;
    std::size_t movables_at_ = 0;
    std::size_t areas_at_ = 0;
    std::size_t ladders_at_ = 0;
    std::size_t transformed_at_ = 0;
    std::size_t generation_at_ = 0;
    source2::generation_params generation_{};
    kv3_blob_list blobs_{};
};

// ---------------------------------------------------------------------------

namespace detail {

// Reads a u32 count at r, checks it against the limits and (with `stride`)
// against the bytes left, records its offset.
inline error read_count(byte_reader& r, const limits& lim, const char* what, std::uint32_t& out,
                        std::size_t stride) noexcept {
    const std::uint64_t at = r.offset();
    NAVSPAN_TRY(r.read(out, what));
    NAVSPAN_TRY(check_count(lim, out, at, what));
    if (stride != 0) NAVSPAN_TRY(r.require_array(out, stride, what));
    return {};
}

// The same for an i32 count (transformed bounds, hulls): negative is inconsistent.
inline error read_signed_count(byte_reader& r, const limits& lim, const char* what, std::uint32_t& out,
                               std::size_t stride) noexcept {
    const std::uint64_t at = r.offset();
    std::int32_t v = 0;
    NAVSPAN_TRY(r.read(v, what));
    if (v < 0) return navspan::detail::fail(error_code::inconsistent, at, what, static_cast<std::uint32_t>(v));
    out = static_cast<std::uint32_t>(v);
    NAVSPAN_TRY(check_count(lim, out, at, what));
    if (stride != 0) NAVSPAN_TRY(r.require_array(out, stride, what));
    return {};
}

// Moves past a NUL-terminated string; its length (without the NUL) in `size`.
inline error skip_string(byte_reader& r, const char* what, std::size_t& size) noexcept {
    const bytes_view rest = r.rest();
    const void* nul = rest.empty() ? nullptr : std::memchr(rest.data(), 0, rest.size());
    if (nul == nullptr) return r.truncated(rest.size() + 1, what);
    size = static_cast<std::size_t>(static_cast<const std::byte*>(nul) - rest.data());
    r.skip_unchecked(size + 1);
    return {};
}

}  // namespace detail

inline error nav_file::add_blob(byte_reader& r, kv3_slot slot, const char* what, bool may_end_file) noexcept {
    detail::blob_place place;
    NAVSPAN_TRY(detail::step_over_kv3(r, what, may_end_file, place, warnings_));
    blobs_.blobs_[blobs_.count_++] =
        source2::kv3_blob(bytes_.data(), place.offset, place.size, slot, place.length_proven);
    return {};
}

inline bool nav_file::skip_area_fast(byte_reader& r, const limits& lim, std::uint32_t& previous_polygon,
                                                const std::byte*& previous) const noexcept {
    const std::byte* p = r.current();
    const std::size_t left = r.remaining();
    if (left < sizes::area_head) return false;
    std::size_t pos = sizes::area_head;
    std::size_t corners = 0;
    std::uint32_t index = 0;
    const std::byte* poly = nullptr;
    if (has_polygon_table()) {
        index = load_u32(p + fields::area_polygon);
        if (index >= ctx_.polygons.count) return false;
        if (ctx_.polygons.stride != 0) {
            poly = ctx_.polygons.first + std::size_t{index} * ctx_.polygons.stride;
        } else if (previous != nullptr && index == previous_polygon) {
            poly = previous;
        } else {
            return false;  // a walk, charged to the budget: the checked path
        }
        corners = load_u8(poly);
    } else {
        const std::uint32_t n = load_u32(p + fields::area_corner_count);
        if (n > lim.max_count || n > (left - fields::area_corners) / sizes::vec3) return false;
        pos = fields::area_corners + sizes::vec3 * std::size_t{n};
        if (left - pos < 4) return false;
        pos += 4;
        corners = n;
    }
    for (std::size_t e = 0; e < corners; ++e) {
        if (left - pos < 4) return false;
        const std::uint32_t n = load_u32(p + pos);
        if (n > (left - pos - 4) / sizes::connection) return false;
        pos += 4 + sizes::connection * std::size_t{n};
    }
    if (left - pos < 5 || load_u8(p + pos) != 0 || load_u32(p + pos + 1) != 0) return false;
    pos += 5;
    for (int list = 0; list < 2; ++list) {
        if (left - pos < 4) return false;
        const std::uint32_t n = load_u32(p + pos);
        if (n > (left - pos - 4) / 4) return false;
        pos += 4 + 4 * std::size_t{n};
    }
    if (poly != nullptr) {
        previous_polygon = index;
        previous = poly;
    }
    r.skip_unchecked(pos);
    return true;
}

inline error nav_file::walk_areas(byte_reader& r, work_meter& meter, const limits& lim) noexcept {
    areas_at_ = r.position();
    NAVSPAN_TRY(detail::read_count(r, lim, "area count", area_count_, sizes::min_area));
    NAVSPAN_TRY(meter.charge(area_count_, r.offset(), "area"));
    const bool pooled = has_polygon_table();
    const detail::polygon_table& table = ctx_.polygons;
    std::uint32_t previous_polygon = 0;
    const std::byte* previous = nullptr;
    for (std::uint32_t i = 0; i < area_count_; ++i) {
        // The fast path: the whole record measured with plain loads and
        // overflow-free comparisons; any doubt (a check that fails, a polygon
        // that needs a walk) goes to the checked path below, which finds
        // the same size or reports the error with its field.
        if (NAVSPAN_LIKELY(skip_area_fast(r, lim, previous_polygon, previous))) continue;
        auto in_area = [i](error e) { return with_parent(e, "area", i); };
        NAVSPAN_TRY(in_area(r.require(fields::area_polygon, "area")));
        r.skip_unchecked(fields::area_polygon);
        std::uint32_t corners = 0;
        if (pooled) {
            const std::uint64_t at = r.offset();
            std::uint32_t index = 0;
            NAVSPAN_TRY(in_area(r.read(index, "area polygon index")));
            if (index >= table.count) {
                return in_area(navspan::detail::fail(error_code::index_out_of_range, at, "area polygon index", index,
                                                     table.count));
            }
            std::uint64_t steps = 0;
            previous = detail::locate_polygon(table, index, previous_polygon, previous, &steps);
            previous_polygon = index;
            if (steps != 0) NAVSPAN_TRY(in_area(meter.charge(steps, at, "area polygon index (polygons walked)")));
            corners = load_u8(previous);
        } else {
            NAVSPAN_TRY(in_area(detail::read_count(r, lim, "area corner count", corners, sizes::vec3)));
            r.skip_unchecked(std::size_t{corners} * sizes::vec3);
        }
        NAVSPAN_TRY(in_area(r.skip(4, "area float")));
        // Each edge costs at least its 4-byte count: bounded by the bytes.
        NAVSPAN_TRY(in_area(r.require_array(corners, 4, "area edges")));
        for (std::uint32_t e = 0; e < corners; ++e) {
            std::uint32_t n = 0;
            NAVSPAN_TRY(in_area(r.read(n, "edge connection count")));
            NAVSPAN_TRY(in_area(r.skip_array(n, sizes::connection, "edge connections")));
        }
        std::uint8_t legacy_spots = 0;
        NAVSPAN_TRY(in_area(r.read(legacy_spots, "area legacy hiding-spot count")));
        if (legacy_spots != 0) {
            return in_area(navspan::detail::fail(error_code::inconsistent, r.offset() - 1,
                                                 "area legacy hiding-spot count (layout unknown)", legacy_spots));
        }
        std::uint32_t legacy_encounters = 0;
        NAVSPAN_TRY(in_area(r.read(legacy_encounters, "area legacy encounter count")));
        if (legacy_encounters != 0) {
            return in_area(navspan::detail::fail(error_code::inconsistent, r.offset() - 4,
                                                 "area legacy encounter count (layout unknown)", legacy_encounters));
        }
        for (const char* what : {"area ladders above", "area ladders below"}) {
            std::uint32_t n = 0;
            NAVSPAN_TRY(in_area(r.read(n, what)));
            NAVSPAN_TRY(in_area(r.skip_array(n, 4, what)));
        }
    }
    return {};
}

inline error nav_file::walk_generation(byte_reader& r, work_meter& meter, const limits& lim) noexcept {
    generation_at_ = r.position();
    const std::byte* start = r.current();
    std::int32_t g = 0;
    NAVSPAN_TRY(r.read(g, "generation parameters version"));
    if (g < 0) {
        return navspan::detail::fail(error_code::inconsistent, r.offset() - 4, "generation parameters version",
                                     static_cast<std::uint32_t>(g));
    }
    if (!navgen::is_confirmed(g)) warnings_ |= warning::navgen_unconfirmed;
    NAVSPAN_TRY(r.skip(sizes::generation_fixed - 4, "generation parameters"));
    if (navgen::has_small_area_removal(g)) NAVSPAN_TRY(r.skip(4, "generation small-area removal"));
    generation_.p_ = start;
    if (navgen::has_hull_names(g)) {
        generation_.preset_at_ = static_cast<std::size_t>(r.current() - start);
        NAVSPAN_TRY(detail::skip_string(r, "hull preset name", generation_.preset_size_));
        NAVSPAN_TRY(detail::skip_string(r, "hull definitions file", generation_.definitions_size_));
    }
    std::uint32_t hulls = 0;
    NAVSPAN_TRY(detail::read_signed_count(r, lim, "hull count", hulls, 0));
    const std::uint32_t records = navgen::pads_hulls_to_three(g) && hulls < 3 ? 3 : hulls;
    NAVSPAN_TRY(meter.charge(records, r.offset(), "hull"));
    generation_.hulls_at_ = static_cast<std::size_t>(r.current() - start);
    NAVSPAN_TRY(r.skip_array(records, sizes::hull(g), "hull"));
    if (navgen::has_hull_names(g)) NAVSPAN_TRY(r.skip(1, "gravity follows rotation"));
    generation_.end_ = static_cast<std::size_t>(r.current() - start);
    generation_.hull_count_ = hulls;
    generation_.hull_records_ = records;
    return {};
}

inline error nav_file::walk(const options& opts) noexcept {
    const limits& lim = opts.limits;
    byte_reader r(bytes_);
    std::uint32_t word = 0;
    NAVSPAN_TRY(r.read(word, "nav file magic"));
    if (word != magic) return navspan::detail::fail(error_code::bad_magic, 0, "nav file magic", word);
    NAVSPAN_TRY(r.read(version_, "nav file version"));
    if (!gates::is_supported(version_)) {
        return navspan::detail::fail(error_code::unsupported_version, fields::header_version,
                                     "nav file (Source 2 reads 30 to 36)", version_);
    }
    if (!gates::is_confirmed(version_)) warnings_ |= warning::version_unconfirmed;
    const std::uint32_t v = gates::layout_version(version_);
    NAVSPAN_TRY(r.read(subversion_, "nav file subversion"));
    NAVSPAN_TRY(r.skip(4, "nav file flags"));
    ctx_.version = v;
    work_meter meter(lim, bytes_.size());

    if (gates::has_unnamed_blobs(v)) NAVSPAN_TRY(add_blob(r, kv3_slot::after_header, "KV3 blob after the header", false));

    corners_at_ = r.position();
    polygons_at_ = r.position();
    if (gates::has_polygon_table(v)) {
        NAVSPAN_TRY(detail::read_count(r, lim, "corner count", corner_count_, sizes::vec3));
        NAVSPAN_TRY(meter.charge(corner_count_, r.offset(), "corner"));
        corners_at_ = r.position();
        r.skip_unchecked(std::size_t{corner_count_} * sizes::vec3);
        polygons_at_ = r.position();
        const auto tail = static_cast<std::uint8_t>(sizes::polygon_tail(v));
        std::uint32_t count = 0;
        NAVSPAN_TRY(detail::read_count(r, lim, "polygon count", count, 1 + std::size_t{tail}));
        NAVSPAN_TRY(meter.charge(count, r.offset(), "polygon"));
        ctx_.polygons.first = r.current();
        ctx_.polygons.count = count;
        ctx_.polygons.tail = tail;
        std::size_t stride = 0;
        bool uniform = true;
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::byte* p = r.current();
            std::uint8_t n = 0;
            NAVSPAN_TRY(with_parent(r.read(n, "polygon corner count"), "polygon", i));
            const std::size_t size = 1 + 4 * std::size_t{n} + tail;
            NAVSPAN_TRY(with_parent(r.require(size - 1, "polygon corner indices"), "polygon", i));
            for (std::size_t k = 0; k < n; ++k) {
                const std::uint32_t index = load_u32(p + 1 + 4 * k);
                if (NAVSPAN_UNLIKELY(index >= corner_count_)) {
                    return with_parent(navspan::detail::fail(error_code::index_out_of_range,
                                                             static_cast<std::uint64_t>(p + 1 + 4 * k - bytes_.data()),
                                                             "polygon corner index", index, corner_count_),
                                       "polygon", i);
                }
            }
            r.skip_unchecked(size - 1);
            if (i == 0) stride = size;
            else if (size != stride) uniform = false;
        }
        ctx_.polygons.stride = uniform ? static_cast<std::uint32_t>(stride) : 0;
        ctx_.pool = bytes_.data() + corners_at_;
    }
    word_at_ = r.position();
    if (gates::has_word_after_polygons(v)) NAVSPAN_TRY(r.skip(4, "u32 after the polygons"));
    movables_at_ = r.position();
    if (gates::has_movable_meshes(v)) {
        NAVSPAN_TRY(detail::read_count(r, lim, "movable mesh count", movable_count_, 1 + sizes::movable_mesh_transform));
        NAVSPAN_TRY(meter.charge(movable_count_, r.offset(), "movable mesh"));
        for (std::uint32_t i = 0; i < movable_count_; ++i) {
            std::size_t size = 0;
            NAVSPAN_TRY(with_parent(detail::skip_string(r, "movable mesh id", size), "movable mesh", i));
            NAVSPAN_TRY(with_parent(r.skip(sizes::movable_mesh_transform, "movable mesh transform"), "movable mesh", i));
        }
    }
    if (gates::has_unnamed_blobs(v)) {
        NAVSPAN_TRY(add_blob(r, kv3_slot::after_movables, "KV3 blob after the movable meshes", false));
    }

    NAVSPAN_TRY(walk_areas(r, meter, lim));

    ladders_at_ = r.position();
    NAVSPAN_TRY(detail::read_count(r, lim, "ladder count", ladder_count_, 0));
    NAVSPAN_TRY(meter.charge(ladder_count_, r.offset(), "ladder"));
    NAVSPAN_TRY(r.skip_array(ladder_count_, sizes::ladder(v), "ladder"));

    transformed_at_ = r.position();
    NAVSPAN_TRY(detail::read_signed_count(r, lim, "transformed bounds count", transformed_count_, 0));
    NAVSPAN_TRY(r.skip_array(transformed_count_, sizes::transformed_bounds, "transformed bounds"));

    NAVSPAN_TRY(walk_generation(r, meter, lim));

    if (gates::has_unnamed_blobs(v)) {
        NAVSPAN_TRY(add_blob(r, kv3_slot::after_generation, "KV3 blob after the generation parameters",
                             subversion_ == 0));
    }
    if (subversion_ > 0) NAVSPAN_TRY(add_blob(r, kv3_slot::custom_data, "custom data KV3 blob", true));
    if (!r.at_end()) {
        return navspan::detail::fail(error_code::inconsistent, r.offset(), "end of file (bytes after the last section)",
                                     r.remaining());
    }
    return {};
}

inline result<nav_file> nav_file::open(bytes_view bytes, const options& opts) noexcept {
    nav_file file;
    file.bytes_ = bytes;
    NAVSPAN_TRY(file.walk(opts));
    return file;
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
