// navspan/source2/validate.hpp - checks beyond structure for a Source 2 .nav.
//
//   navspan::source2::validate_storage_owner storage(file);   // or spans of your own
//   navspan::source2::validate(file, storage.view(), [](const navspan::finding& f) { ... });
//
// The checks and their severities are `validate_checks` below. Ids are
// looked up in storage the caller provides (sizes from
// validate_storage_needed()), so validate() allocates nothing; every check
// costs O(n log n) in the file's size (connections back are found by binary
// search in a sorted table of every connection, not by walking neighbours).
// One-way connections are `info`: a drop-down from a ledge is legal.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "../core/error.hpp"
#include "../core/validate.hpp"
#include "area_index.hpp"
#include "bot_analysis.hpp"
#include "nav_file.hpp"
#include "records.hpp"
#include "validate_bot_analysis.hpp"

namespace navspan::source2 {

namespace check {
enum : std::size_t {
    duplicate_area_id, non_finite_corner, degenerate_polygon, non_convex_polygon, repeated_corner,
    hull_index_out_of_range, self_connection, missing_connection_target, edge_index_out_of_range,
    one_way_connection, missing_ladder, duplicate_ladder_id, bad_ladder_direction, missing_ladder_area,
    unconnected_ladder, unconfirmed_layout, missing_approach_area, missing_encounter_area, bot_analysis_area_count,
    approach_edge_out_of_range, encounter_edge_out_of_range, unresolved_encounter_handle, hiding_spot_outside_area,
    count
};
}  // namespace check

inline constexpr check_info validate_checks[check::count] = {
    {"duplicate-area-id", severity::error, "two areas share an id (lookups by id cannot tell them apart)", "also used by area #"},
    {"non-finite-corner", severity::error, "a corner coordinate is NaN or infinite", "corner"},
    {"degenerate-polygon", severity::warning, "the area has fewer than three corners or no area from above", "corners"},
    {"non-convex-polygon", severity::warning, "the area's polygon is not convex seen from above", "corner"},
    {"repeated-corner", severity::warning, "the area's polygon names one corner twice", "corner index"},
    {"hull-index-out-of-range", severity::error, "the area's hull index is not below the hull count", "hull index"},
    {"self-connection", severity::warning, "an edge connects the area to itself", "edge"},
    {"missing-connection-target", severity::error, "a connection names an area id no area has", "area id"},
    {"edge-index-out-of-range", severity::error, "a connection names an edge the neighbour does not have", "edge index"},
    {"one-way-connection", severity::info, "a connection has no connection back (a drop-down, usually)", "area id"},
    {"missing-ladder", severity::error, "a ladder link names a ladder id no ladder has", "ladder id"},
    {"duplicate-ladder-id", severity::error, "two ladders share an id", "also used by ladder #"},
    {"bad-ladder-direction", severity::warning, "the ladder's direction is not NORTH, EAST, SOUTH or WEST", "direction"},
    {"missing-ladder-area", severity::error, "a ladder names an area id no area has", "area id"},
    {"unconnected-ladder", severity::warning, "the ladder connects to no area at either end", ""},
    {"unconfirmed-layout", severity::info, "a version no known file has was read with a neighbour's layout", "version"},
    // The bot analysis (custom data; validate_bot_analysis.hpp says what
    // each check rests on). missing-encounter-area is redefined: encounter
    // paths name opaque handles, not area ids (encounter_handles.hpp).
    {"missing-approach-area", severity::error, "an approach spot names an area id no area has", "area id"},
    {"missing-encounter-area", severity::warning, "an encounter handle fits no area across the edges it is used on", "areas left"},
    {"bot-analysis-area-count", severity::error, "the bot analysis lists another number of areas than the area table", "areas listed"},
    {"approach-edge-out-of-range", severity::error, "an approach spot's back edge is not an edge of its area (nor -1)", "edge index"},
    {"encounter-edge-out-of-range", severity::error, "an encounter path's edge index is not an edge of its area", "edge index"},
    {"unresolved-encounter-handle", severity::info, "an encounter handle fits several areas (or no usable edge names it)", "areas left"},
    {"hiding-spot-outside-area", severity::warning, "a hiding spot lies outside its area's bounds (1 unit of tolerance)", "hiding spot id"},
};

// Where validate() looks ids up; each span at least as long as
// validate_storage_needed() says.
struct validate_storage {
    std::span<std::uint32_t> area_offsets;
    std::span<area_id_entry> area_ids;
    std::span<std::uint32_t> polygon_offsets;
    std::span<std::uint64_t> connections;  // (from id << 32 | to id), sorted
    std::span<std::uint32_t> ladder_ids;  // ladder positions, sorted by (id, position)
    // Where the bot analysis (the custom data) is decoded for the checks of
    // its area references; left empty (or too small), they are skipped.
    std::span<std::byte> analysis_scratch = {};
};

struct validate_storage_size {
    std::size_t areas = 0, polygons = 0, connections = 0, ladders = 0;
    std::size_t analysis_scratch = 0;  // bytes; 0 without custom data (or when its header is refused)
};

namespace validate_detail {

// The tables each group of checks needs (a check left out of a check_set
// costs neither storage nor the sort that fills it).
inline bool needs_area_ids(check_set c) noexcept {
    return c.any_of(check::duplicate_area_id, check::missing_connection_target, check::edge_index_out_of_range,
                    check::one_way_connection, check::missing_ladder_area, check::missing_approach_area,
                    check::approach_edge_out_of_range);
}
// The checks that decode the bot analysis (the custom data).
inline bool reads_analysis(check_set c) noexcept {
    return c.any_of(check::missing_approach_area, check::missing_encounter_area, check::bot_analysis_area_count,
                    check::approach_edge_out_of_range, check::encounter_edge_out_of_range,
                    check::unresolved_encounter_handle, check::hiding_spot_outside_area);
}
inline bool walks_connections(check_set c) noexcept {
    return c.any_of(check::self_connection, check::missing_connection_target, check::edge_index_out_of_range,
                    check::one_way_connection);
}
inline bool needs_ladder_table(check_set c) noexcept { return c.any_of(check::missing_ladder, check::duplicate_ladder_id); }

}  // namespace validate_detail

// The storage validate(file, storage, sink, checks) needs: only the tables
// of the checks in `checks` (every check by default).
inline validate_storage_size validate_storage_needed(const nav_file& file, check_set checks = {}) noexcept {
    validate_storage_size n;
    if (validate_detail::needs_area_ids(checks)) n.areas = file.area_count();
    if (checks.any_of(check::edge_index_out_of_range, check::approach_edge_out_of_range)) n.polygons = file.polygon_count();
    if (checks.has(check::one_way_connection)) {
        for (const area& a : file.areas()) n.connections += a.connection_count();
    }
    if (validate_detail::needs_ladder_table(checks)) n.ladders = file.ladder_count();
    if (validate_detail::reads_analysis(checks)) n.analysis_scratch = bot_analysis_check_scratch_size(file);
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    explicit validate_storage_owner(const nav_file& file, check_set checks = {}) {
        const validate_storage_size n = validate_storage_needed(file, checks);
        offsets_.resize(n.areas);
        ids_.resize(n.areas);
        polygons_.resize(n.polygons);
        connections_.resize(n.connections);
        ladders_.resize(n.ladders);
        analysis_.resize(n.analysis_scratch);
    }
    validate_storage view() noexcept { return {offsets_, ids_, polygons_, connections_, ladders_, analysis_}; }

private:
    std::vector<std::uint32_t> offsets_;
    std::vector<area_id_entry> ids_;
    std::vector<std::uint32_t> polygons_;
    std::vector<std::uint64_t> connections_;
    std::vector<std::uint32_t> ladders_;
    std::vector<std::byte> analysis_;
};

namespace validate_detail {

// The first area with `id` (duplicates tolerated, unlike area_index).
inline const area_id_entry* find_id(std::span<const area_id_entry> ids, std::uint32_t id) noexcept {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id,
                                     [](const area_id_entry& e, std::uint32_t v) { return e.id < v; });
    return it == ids.end() || it->id != id ? nullptr : &*it;
}

// Twice the signed area of the polygon seen from above (x, y), in doubles.
inline double twice_area(const corner_list& c) noexcept {
    double s = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const vec3 a = c[i], b = c[(i + 1) % c.size()];
        s += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
    }
    return s;
}

// The first corner where the polygon turns against its winding, or size().
inline std::size_t first_reflex_corner(const corner_list& c, double winding) noexcept {
    const std::size_t n = c.size();
    for (std::size_t i = 0; i < n; ++i) {
        const vec3 a = c[(i + n - 1) % n], b = c[i], d = c[(i + 1) % n];
        const double cross = (static_cast<double>(b.x) - a.x) * (static_cast<double>(d.y) - b.y) -
                             (static_cast<double>(b.y) - a.y) * (static_cast<double>(d.x) - b.x);
        if (cross * winding < 0) return i;
    }
    return n;
}

}  // namespace validate_detail

// Runs the checks of validate_checks in `checks` (every one by default) on a
// verified file and calls sink(const finding&) for each finding (at most
// findings_per_check per check, then one closing finding per capped check).
// Checks left out do no work. Fails only with limit_exceeded when `storage`
// is smaller than validate_storage_needed(file, checks). Allocates nothing.
template <class Sink>
error validate(const nav_file& file, validate_storage storage, Sink&& sink, check_set checks = {}) {
    using namespace validate_detail;
    const validate_storage_size need = validate_storage_needed(file, checks);
    if (storage.area_offsets.size() < need.areas || storage.area_ids.size() < need.areas ||
        storage.polygon_offsets.size() < need.polygons || storage.connections.size() < need.connections ||
        storage.ladder_ids.size() < need.ladders) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate storage", need.areas,
                                     storage.area_ids.size());
    }
    if (file.bytes().size() > UINT32_MAX) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate (files below 4 GiB)",
                                     file.bytes().size(), UINT32_MAX);
    }
    navspan::detail::finding_gate<check::count, Sink> out(validate_checks, sink, checks);
    const std::byte* base = file.bytes().data();
    auto at = [&](const std::byte* p) { return static_cast<std::uint64_t>(p - base); };

    // Positions, ids (sorted, duplicates kept), every connection (sorted).
    const std::size_t n = need.areas;
    std::size_t links = 0;
    if (n != 0 || need.connections != 0) {
        std::uint32_t i = 0;
        for (const area& a : file.areas()) {
            if (n != 0) {
                storage.area_offsets[i] = static_cast<std::uint32_t>(a.bytes().data() - base);
                storage.area_ids[i] = {a.id(), i};
            }
            ++i;
            if (need.connections == 0) continue;
            for (const edge& e : a.edges()) {
                for (const connection c : e.connections()) {
                    storage.connections[links++] = std::uint64_t{a.id()} << 32 | c.area_id();
                }
            }
        }
    }
    if (need.polygons != 0) {
        std::uint32_t k = 0;
        for (const polygon& p : file.polygons()) storage.polygon_offsets[k++] = static_cast<std::uint32_t>(at(p.bytes().data()));
    }
    const auto ids = storage.area_ids.first(n);
    std::sort(ids.begin(), ids.end(), [](const area_id_entry& a, const area_id_entry& b) {
        return a.id != b.id ? a.id < b.id : a.position < b.position;
    });
    const auto pairs = storage.connections.first(links);
    std::sort(pairs.begin(), pairs.end());
    const auto ladders = file.ladders();
    // Whether a ladder id is there, and the first ladder with it, from the
    // ladders sorted by (id, position).
    const navspan::detail::first_by_id ladder_by_id(storage.ladder_ids.first(need.ladders),
                                                    [&](std::uint32_t position) { return ladders[position].id(); });
    // Neighbours' edge counts in O(1): polygons by offset.
    detail::polygon_table polygons = file.area_context().polygons;
    polygons.offsets = storage.polygon_offsets.data();
    polygons.base = base;
    const bool pooled = file.has_polygon_table();
    auto edge_count_at = [&](std::uint32_t position) -> std::uint32_t {
        const std::byte* p = base + storage.area_offsets[position];
        if (!pooled) return load_u32(p + fields::area_corner_count);
        return load_u8(detail::locate_polygon(polygons, load_u32(p + fields::area_polygon), 0, nullptr));
    };

    for (std::size_t k = 1; k < n; ++k) {
        if (ids[k - 1].id != ids[k].id) continue;
        std::size_t first = k - 1;
        while (first > 0 && ids[first - 1].id == ids[k].id) --first;
        out.add(check::duplicate_area_id, "area", ids[k].position, ids[k].id, storage.area_offsets[ids[k].position],
                ids[first].position);
    }

    for (const area& a : file.areas()) {
        const std::uint64_t pos = a.index();
        const std::byte* rec = a.bytes().data();
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "area", pos, a.id(), offset, value);
        };
        const corner_list corners = a.corners();
        // Where the corners are named: the polygon (31+) or the area (30).
        const std::uint64_t corners_at = pooled ? at(a.polygon_record()) : at(rec + fields::area_corners);
        std::size_t bad = corners.size();
        for (std::size_t i = 0; i < corners.size() && bad == corners.size(); ++i) {
            const vec3 v = corners[i];
            if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) bad = i;
        }
        if (bad != corners.size()) {
            add(check::non_finite_corner, corners_at, bad);
        } else {
            const double twice = twice_area(corners);
            if (corners.size() < 3 || twice == 0) {
                add(check::degenerate_polygon, corners_at, corners.size());
            } else if (const std::size_t reflex = first_reflex_corner(corners, twice); reflex != corners.size()) {
                add(check::non_convex_polygon, corners_at, reflex);
            }
        }
        if (pooled) {
            // Corner counts are below 256: a quadratic scan of one polygon is bounded.
            for (std::size_t i = 1; i < corners.size(); ++i) {
                bool repeated = false;
                for (std::size_t j = 0; j < i && !repeated; ++j) repeated = *corners.pool_index(i) == *corners.pool_index(j);
                if (repeated) {
                    add(check::repeated_corner, corners_at + 1 + 4 * i, *corners.pool_index(i));
                    break;
                }
            }
        }
        if (a.hull_index() >= file.hull_count()) add(check::hull_index_out_of_range, at(rec + fields::area_hull), a.hull_index());

        for (const edge& e : a.edges()) {
            if (!walks_connections(checks)) break;
            const connection_list list = e.connections();
            for (std::size_t k = 0; k < list.size(); ++k) {
                const connection c = list[k];
                const std::uint64_t where = at(list.bytes().data()) + sizes::connection * k;
                if (c.area_id() == a.id()) {
                    add(check::self_connection, where, e.index());
                    continue;
                }
                if (n == 0) continue;  // no check that looks ids up is selected
                const area_id_entry* target = find_id(ids, c.area_id());
                if (target == nullptr) {
                    add(check::missing_connection_target, where, c.area_id());
                    continue;
                }
                if (out.wants(check::edge_index_out_of_range) && c.edge_index() >= edge_count_at(target->position)) {
                    add(check::edge_index_out_of_range, where + 4, c.edge_index());
                }
                const std::uint64_t back = std::uint64_t{c.area_id()} << 32 | a.id();
                if (out.wants(check::one_way_connection) && !std::binary_search(pairs.begin(), pairs.end(), back)) add(check::one_way_connection, where, c.area_id());
            }
        }
        for (const auto d : {ladder_direction::up, ladder_direction::down}) {
            const id_list l = a.ladder_links(d);
            for (std::size_t k = 0; k < l.size() && out.wants(check::missing_ladder); ++k) {
                if (ladder_by_id.first(l[k]) == nullptr) {
                    add(check::missing_ladder, at(l.bytes().data()) + 4 * k, l[k]);
                }
            }
        }
    }

    const std::size_t stride = ladders.stride();
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        const ladder l = ladders[i];
        const std::byte* lb = ladders.bytes().data() + i * stride;
        auto add = [&](std::size_t c, const std::byte* where, std::uint64_t value = 0) {
            out.add(c, "ladder", i, l.id(), at(where), value);
        };
        // A duplicate names the first ladder with its id.
        if (out.wants(check::duplicate_ladder_id)) {
            if (const std::uint32_t* first = ladder_by_id.first(l.id()); first != nullptr && *first != i) {
                add(check::duplicate_ladder_id, lb, *first);
            }
        }
        if (!l.facing()) add(check::bad_ladder_direction, lb + fields::ladder_direction, l.direction_raw());
        bool any = false;
        for (std::size_t c = 0; c < l.connection_count(); ++c) {
            const std::uint32_t id = l.connected_area(static_cast<ladder_connection>(c));
            any = any || id != 0;
            if (id != 0 && n != 0 && find_id(ids, id) == nullptr) add(check::missing_ladder_area, lb + fields::ladder_areas + 4 * c, id);
        }
        if (!any) add(check::unconnected_ladder, lb + fields::ladder_areas);
    }
    validate_bot_analysis(file, storage.analysis_scratch,
                          {check::bot_analysis_area_count, check::missing_approach_area, check::approach_edge_out_of_range,
                           check::encounter_edge_out_of_range, check::missing_encounter_area,
                           check::unresolved_encounter_handle, check::hiding_spot_outside_area},
                          out, n != 0, [&](std::uint32_t id) -> std::optional<std::uint32_t> {
                              const area_id_entry* e = find_id(ids, id);
                              if (e == nullptr) return std::nullopt;
                              return edge_count_at(e->position);
                          });
    if (file.warnings().has(warning::version_unconfirmed)) {
        out.add(check::unconfirmed_layout, "file", 0, 0, fields::header_version, file.version());
    }
    if (file.warnings().has(warning::navgen_unconfirmed)) {
        out.add(check::unconfirmed_layout, "file", 0, 0, file.generation_offset(),
                static_cast<std::uint32_t>(file.navgen_version()));
    }
    out.finish();
    return {};
}

// The convenience form: allocates the storage, then validates.
template <class Sink>
error validate(const nav_file& file, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(file, checks);
    return validate(file, storage.view(), sink, checks);
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
