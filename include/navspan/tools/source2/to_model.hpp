// The plain records of records.hpp (what a Source 2 `navspan pack` reads
// from a dump) as the library's source2::model, which source2::write lays
// out. The reverse of read_records.hpp: what the model derives (counts,
// offsets, strides, the pad length before each blob) is not taken from the
// records; what it keeps that the records do not describe (the resolved
// encounter handles, a cache for the edits) is left empty.
#pragma once

#include "../../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "../../navspan.hpp"
#include "../../source2/model.hpp"

#include "records.hpp"

namespace navspan::tools::source2_fields {

namespace to_model_detail {

// A switch byte: the stored one where the bool agrees with it (so any
// value round-trips), else the bool's 0 or 1 (an edit of the bool wins).
inline std::uint8_t byte_of(std::optional<bool> b, bool otherwise, std::optional<std::uint8_t> stored = std::nullopt) {
    const bool on = b.value_or(otherwise);
    if (stored && (*stored != 0) == on) return *stored;
    return on ? std::uint8_t{1} : std::uint8_t{0};
}

inline s2::model::hull hull_of(const hull_record& h) {
    s2::model::hull o;
    const auto raw = [&](std::size_t k) {
        return h.switch_bytes ? std::optional<std::uint8_t>((*h.switch_bytes)[k]) : std::nullopt;
    };
    hull_numbers(o) = hull_numbers(h);
    o.enabled = byte_of(h.enabled, true, raw(0));
    o.short_height_enabled = byte_of(h.short_height_enabled, false, raw(1));
    o.short_height = h.short_height.value_or(0.0f);
    o.crawl_enabled = byte_of(h.crawl_enabled, false, raw(2));
    o.crawl_height = h.crawl_height.value_or(0.0f);
    o.border_erosion = h.border_erosion.value_or(0);
    return o;
}

inline s2::model::generation_params generation_of(generation_record& g) {
    s2::model::generation_params o;
    generation_numbers(o) = generation_numbers(g);
    o.small_area_on_edge_removal = g.small_area_on_edge_removal.value_or(0.0f);
    o.hull_preset = std::move(g.hull_preset).value_or(std::string());
    o.hull_definitions_file = std::move(g.hull_definitions_file).value_or(std::string());
    // The records past hull_count are the padding navgen <= 11 stores.
    for (std::size_t i = 0; i < g.hulls.size(); ++i) {
        (i < g.hull_count ? o.hulls : o.unused_hulls).push_back(hull_of(g.hulls[i]));
    }
    o.gravity_follows_rotation = byte_of(g.gravity_follows_rotation, false, g.gravity_byte);
    return o;
}

inline s2::model::area area_of(area_record& a) {
    s2::model::area o;
    o.id = a.id;
    o.attributes = a.attributes;
    o.hull_index = a.hull_index;
    // Version 31+: the corners are the polygon's (the dump repeats them;
    // an edit goes to corner_pool and polygons).
    if (a.polygon_index) o.polygon = *a.polygon_index;
    else o.corners = std::move(a.corners);
    o.unknown_float = a.unknown_float;
    o.edges.reserve(a.edges.size());
    for (const std::vector<connection_record>& list : a.edges) {
        std::vector<s2::model::connection>& out = o.edges.emplace_back();
        out.reserve(list.size());
        for (const connection_record& c : list) out.push_back({c.area_id, c.edge});
    }
    o.ladder_links[0] = std::move(a.ladders_above);
    o.ladder_links[1] = std::move(a.ladders_below);
    return o;
}

// A blob from its stored bytes; false (with `problem`) when they are
// missing or the slot is not one of the format's.
inline bool blob_of(blob_record& b, std::size_t i, s2::model::blob& o, std::string& problem) {
    const std::string at = "kv3_blobs[" + std::to_string(i) + "].";
    const auto slot = navspan::value_of(s2::kv3_slot_names, b.slot);
    if (!slot || *slot >= s2::kv3_slot_count) {
        problem = at + "slot: not a KV3 slot of the format (\"" + b.slot + "\")";
        return false;
    }
    if (!b.stored_bytes) {
        problem = at + "stored_bytes: null (re-encoding a blob from its decoded document is not supported: "
                       "give the blob's bytes)";
        return false;
    }
    if (b.padding.size() >= s2::sizes::kv3_alignment) {
        problem = at + "padding: more bytes than an alignment pad holds (at most 7)";
        return false;
    }
    o.slot = static_cast<s2::kv3_slot>(*slot);
    o.original = std::move(*b.stored_bytes);
    o.padding = std::move(b.padding);
    return true;
}

}  // namespace to_model_detail

// The model of the records `m` (moved from). std::nullopt, with `problem`
// naming the key, when they cannot make one: a wrong magic, a blob without
// its bytes. The rest (counts that do not fit, strings with a NUL, ...) the
// writer refuses.
inline std::optional<s2::model> to_model(file_record& m, std::string& problem) {
    namespace d = to_model_detail;
    if (m.header.magic != s2::magic) {
        problem = "header.magic: must be 4277009102 (0xFEEDFACE)";
        return std::nullopt;
    }
    s2::model o;
    o.version = m.header.version;
    o.subversion = m.header.subversion;
    o.flags = m.header.flags;
    o.corners = std::move(m.corners);
    o.polygons.reserve(m.polygons.size());
    for (polygon_record& p : m.polygons) {
        o.polygons.push_back({std::move(p.corner_indices), p.movable_mesh_id.value_or(s2::static_world)});
    }
    o.word_after_polygons = m.word_after_polygons.value_or(0);
    for (movable_mesh_record& mm : m.movable_meshes) o.movable_meshes.push_back({std::move(mm.id), mm.transform});
    o.areas.reserve(m.areas.size());
    for (area_record& a : m.areas) o.areas.push_back(d::area_of(a));
    for (const ladder_record& l : m.ladders) {
        o.ladders.push_back({l.id, l.width, l.top, l.bottom, l.length, l.direction, l.areas});
    }
    for (const bounds_record& t : m.transformed_bounds) o.bounds.push_back({t.low, t.high, t.matrix});
    o.generation = d::generation_of(m.generation);
    o.blobs.resize(m.kv3_blobs.size());
    for (std::size_t i = 0; i < m.kv3_blobs.size(); ++i) {
        if (!d::blob_of(m.kv3_blobs[i], i, o.blobs[i], problem)) return std::nullopt;
    }
    return o;
}

}  // namespace navspan::tools::source2_fields

#include "../../core/min_max_pop.hpp"
