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

#include <cmath>
#include <vector>

#include "../core/validate.hpp"
#include "../core/validate_ladders.hpp"
#include "area_index.hpp"
#include "bot_analysis.hpp"
#include "nav_file.hpp"
#include "records.hpp"
#include "validate_bot_analysis.hpp"
#include "validate_checks.hpp"

namespace navspan::source2 {

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
                    check::unresolved_encounter_handle, check::hiding_spot_outside_area, check::bot_analysis_undecodable);
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
    validate_storage view() noexcept { return {offsets_, ids_, polygons_, connections_, ladders_, analysis_.span()}; }

private:
    std::vector<std::uint32_t> offsets_;
    std::vector<area_id_entry> ids_;
    std::vector<std::uint32_t> polygons_;
    std::vector<std::uint64_t> connections_;
    std::vector<std::uint32_t> ladders_;
    ::navspan::kv3::scratch_buffer analysis_;  // not zero-filled: the checks write what they read
};

namespace validate_detail {

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

// The tables the families look ids up in, built once from the storage
// (each empty when no selected check looks in it: `need` says which).
struct tables {
    std::span<const std::uint32_t> area_offsets;
    std::span<const area_id_entry> ids;     // by (id, position)
    std::span<const std::uint64_t> pairs;   // every (from id << 32 | to id), sorted
    navspan::detail::first_by_id<navspan::detail::id_at<ladder_list>> ladder_by_id;
    detail::polygon_table polygons;         // polygons by offset: neighbours' edge counts in O(1)
    bool pooled = false;                    // corners in a polygon table (31+)

    std::uint32_t edge_count_at(const std::byte* base, std::uint32_t position) const {
        const std::byte* p = base + area_offsets[position];
        if (!pooled) return load_u32(p + fields::area_corner_count);
        return load_u8(detail::locate_polygon(polygons, load_u32(p + fields::area_polygon), 0, nullptr));
    }
};

inline tables build_tables(const nav_file& file, const validate_storage& storage, const validate_storage_size& need) {
    const std::byte* base = file.bytes().data();
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
        for (const polygon& p : file.polygons()) storage.polygon_offsets[k++] = static_cast<std::uint32_t>(p.bytes().data() - base);
    }
    const auto ids = storage.area_ids.first(n);
    navspan::detail::sort_by_id(ids);
    const auto pairs = storage.connections.first(links);
    std::sort(pairs.begin(), pairs.end());
    detail::polygon_table polygons = file.area_context().polygons;
    polygons.offsets = storage.polygon_offsets.data();
    polygons.base = base;
    return {storage.area_offsets.first(n), ids, pairs,
            navspan::detail::first_by_id(storage.ladder_ids.first(need.ladders), navspan::detail::id_at<ladder_list>{file.ladders()}), polygons,
            file.has_polygon_table()};
}

// What every family of area checks is given: the file, its tables, the
// area and a finding maker for it.
template <class Gate>
struct area_context {
    const nav_file& file;
    const tables& t;
    Gate& out;
    const area& a;
    std::uint64_t offset(const std::byte* p) const noexcept { return static_cast<std::uint64_t>(p - file.bytes().data()); }
    void add(std::size_t c, std::uint64_t at, std::uint64_t value = 0) const { out.add(c, "area", a.index(), a.id(), at, value); }
};

template <class Gate>
void check_polygon(const area_context<Gate>& cx) {
    const area& a = cx.a;
    const std::byte* rec = a.bytes().data();
    const corner_list corners = a.corners();
    // Where the corners are named: the polygon (31+) or the area (30).
    const std::uint64_t corners_at = cx.t.pooled ? cx.offset(a.polygon_record()) : cx.offset(rec + fields::area_corners);
    std::size_t bad = corners.size();
    for (std::size_t i = 0; i < corners.size() && bad == corners.size(); ++i) {
        const vec3 v = corners[i];
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) bad = i;
    }
    if (bad != corners.size()) {
        cx.add(check::non_finite_corner, corners_at, bad);
    } else {
        const double twice = twice_area(corners);
        if (corners.size() < 3 || twice == 0) {
            cx.add(check::degenerate_polygon, corners_at, corners.size());
        } else if (const std::size_t reflex = first_reflex_corner(corners, twice); reflex != corners.size()) {
            cx.add(check::non_convex_polygon, corners_at, reflex);
        }
    }
    if (cx.t.pooled) {
        // Corner counts are below 256: a quadratic scan of one polygon is bounded.
        for (std::size_t i = 1; i < corners.size(); ++i) {
            bool repeated = false;
            for (std::size_t j = 0; j < i && !repeated; ++j) repeated = *corners.pool_index(i) == *corners.pool_index(j);
            if (repeated) {
                cx.add(check::repeated_corner, corners_at + 1 + 4 * i, *corners.pool_index(i));
                break;
            }
        }
    }
    if (a.hull_index() >= cx.file.hull_count()) cx.add(check::hull_index_out_of_range, cx.offset(rec + fields::area_hull), a.hull_index());
}

// self-connection, missing-connection-target, edge-index-out-of-range, one-way-connection.
template <class Gate>
void check_connections(const area_context<Gate>& cx, check_set checks) {
    const area& a = cx.a;
    for (const edge& e : a.edges()) {
        if (!walks_connections(checks)) break;
        const connection_list list = e.connections();
        for (std::size_t k = 0; k < list.size(); ++k) {
            const connection c = list[k];
            const std::uint64_t where = cx.offset(list.bytes().data()) + sizes::connection * k;
            if (c.area_id() == a.id()) {
                cx.add(check::self_connection, where, e.index());
                continue;
            }
            if (cx.t.ids.empty()) continue;  // no check that looks ids up is selected
            const area_id_entry* target = navspan::detail::find_id(cx.t.ids, c.area_id());
            if (target == nullptr) {
                cx.add(check::missing_connection_target, where, c.area_id());
                continue;
            }
            if (cx.out.wants(check::edge_index_out_of_range) &&
                c.edge_index() >= cx.t.edge_count_at(cx.file.bytes().data(), target->position)) {
                cx.add(check::edge_index_out_of_range, where + 4, c.edge_index());
            }
            const std::uint64_t back = std::uint64_t{c.area_id()} << 32 | a.id();
            if (cx.out.wants(check::one_way_connection) && !std::binary_search(cx.t.pairs.begin(), cx.t.pairs.end(), back)) {
                cx.add(check::one_way_connection, where, c.area_id());
            }
        }
    }
}

// missing-ladder: the area's ladder links.
template <class Gate>
void check_ladder_links(const area_context<Gate>& cx) {
    for (const auto d : {ladder_direction::up, ladder_direction::down}) {
        const id_list l = cx.a.ladder_links(d);
        for (std::size_t k = 0; k < l.size() && cx.out.wants(check::missing_ladder); ++k) {
            if (cx.t.ladder_by_id.first(l[k]) == nullptr) cx.add(check::missing_ladder, cx.offset(l.bytes().data()) + 4 * k, l[k]);
        }
    }
}

// The ladder table: duplicate-ladder-id, bad-ladder-direction,
// missing-ladder-area, unconnected-ladder (area ids looked up only when
// the table was built).
template <class Gate>
void check_ladders(const nav_file& file, const tables& t, Gate& out) {
    const navspan::detail::ladder_checks c{check::duplicate_ladder_id, check::bad_ladder_direction, check::missing_ladder_area,
                                           check::unconnected_ladder, fields::ladder_direction, fields::ladder_areas};
    navspan::detail::check_ladder_table(
        file.bytes().data(), file.ladders(), c, t.ladder_by_id, [](const ladder& l) { return l.connection_count(); },
        [](const ladder& l, std::size_t k) { return l.connected_area(static_cast<ladder_connection>(k)); },
        [&](std::uint32_t id) { return t.ids.empty() || navspan::detail::find_id(t.ids, id) != nullptr; }, out);
}

// unconfirmed-layout: what the reader had to guess.
template <class Gate>
void check_layout(const nav_file& file, Gate& out) {
    if (file.warnings().has(warning::version_unconfirmed)) {
        out.add(check::unconfirmed_layout, "file", 0, 0, fields::header_version, file.version());
    }
    if (file.warnings().has(warning::navgen_unconfirmed)) {
        out.add(check::unconfirmed_layout, "file", 0, 0, file.generation_offset(),
                static_cast<std::uint32_t>(file.navgen_version()));
    }
}

// The storage guard: the first short span, by name, with its own need and
// size (one name for all of them, with the area table's numbers, pointed a
// caller whose connections span was short at the areas), then the 32-bit
// offsets guard.
inline error check_storage(const nav_file& file, const validate_storage& s, const validate_storage_size& need) noexcept {
    NAVSPAN_TRY(navspan::detail::storage_fits({
        {"validate storage (area offsets)", need.areas, s.area_offsets.size()},
        {"validate storage (area ids)", need.areas, s.area_ids.size()},
        {"validate storage (polygon offsets)", need.polygons, s.polygon_offsets.size()},
        {"validate storage (connections)", need.connections, s.connections.size()},
        {"validate storage (ladder ids)", need.ladders, s.ladder_ids.size()},
    }));
    return navspan::detail::below_4gib(file.bytes().size());
}

// The families of each area, in one pass over the areas: each area's
// findings stay together.
template <class Gate>
void check_areas(const nav_file& file, const tables& t, check_set checks, Gate& out) {
    for (const area& a : file.areas()) {
        const area_context<Gate> cx{file, t, out, a};
        check_polygon(cx);
        check_connections(cx, checks);
        check_ladder_links(cx);
    }
}

// The bot analysis family (validate_bot_analysis.hpp): the area ids and
// edge counts it checks against come from the tables.
template <class Gate>
void check_bot_analysis(const nav_file& file, std::span<std::byte> scratch, const tables& t, Gate& out, bool ids_ready) {
    const std::byte* base = file.bytes().data();
    validate_bot_analysis(file, scratch,
                          {check::bot_analysis_area_count, check::missing_approach_area, check::approach_edge_out_of_range,
                           check::encounter_edge_out_of_range, check::missing_encounter_area,
                           check::unresolved_encounter_handle, check::hiding_spot_outside_area,
                           check::bot_analysis_undecodable},
                          out, ids_ready, [&](std::uint32_t id) -> std::optional<std::uint32_t> {
                              const area_id_entry* e = navspan::detail::find_id(t.ids, id);
                              if (e == nullptr) return std::nullopt;
                              return t.edge_count_at(base, e->position);
                          });
}

}  // namespace validate_detail

// The selected checks of validate_checks (all by default; the others do no
// work), family by family, on a verified file: sink(const finding&) gets
// each finding, at most findings_per_check a check and then one closing
// finding per capped check. Fails only with limit_exceeded (storage below
// validate_storage_needed(file, checks), or a file of 4 GiB). Allocates nothing.
template <class Sink>
error validate(const nav_file& file, validate_storage storage, Sink&& sink, check_set checks = {}) {
    using namespace validate_detail;
    const validate_storage_size need = validate_storage_needed(file, checks);
    if (const error e = check_storage(file, storage, need); !e.ok()) return e;
    const tables t = build_tables(file, storage, need);
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) {
        navspan::detail::report_duplicate_ids(out, check::duplicate_area_id, "area", t.ids, t.area_offsets);
        check_areas(file, t, checks, out);
        check_ladders(file, t, out);
        check_bot_analysis(file, storage.analysis_scratch, t, out, need.areas != 0);
        check_layout(file, out);
    });
}

// The convenience form: allocates the storage, then validates.
template <class Sink>
error validate(const nav_file& file, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(file, checks);
    return validate(file, storage.view(), sink, checks);
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
