// navspan/source/validate.hpp - checks beyond structure for a source .nav.
//
//   navspan::source::validate_storage_owner storage(file);   // or spans of your own
//   navspan::source::validate(file, storage.view(), [](const navspan::finding& f) { ... });
//
// The checks and their severities are `validate_checks` below (and
// docs/validate.md). Ids are looked up in storage the caller provides (the
// sizes come from validate_storage_needed()), so validate() allocates
// nothing; validate_storage_owner is the convenience that allocates it.
// One-way connections are `info`: a drop-down from a ledge is the ordinary
// case in every official map. Severities follow what the game's loader does
// with the finding (docs/validate.md gives the reason for each that shipped
// files have: an inverted area loads, visibility entries into nothing are
// skipped).
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../core/error.hpp"
#include "../core/validate.hpp"
#include "../core/validate_ladders.hpp"
#include "area.hpp"
#include "area_index.hpp"
#include "nav_file.hpp"

namespace navspan::source {

namespace check {
enum : std::size_t {
    duplicate_area_id, non_finite_corner, inverted_area, degenerate_area, self_connection,
    missing_connection_target, one_way_connection, duplicate_connection, approach_count_above_16,
    missing_approach_area, missing_encounter_area, missing_hiding_spot, missing_ladder, missing_visible_area,
    bad_fog_place_index, duplicate_ladder_id, bad_ladder_direction, missing_ladder_area, unconnected_ladder,
    place_name_unterminated, game_data_inferred, trailing_bytes, count
};
}  // namespace check

inline constexpr check_info validate_checks[check::count] = {
    {"duplicate-area-id", severity::error, "two areas share an id (lookups by id cannot tell them apart)", "also used by area #"},
    {"non-finite-corner", severity::error, "a corner coordinate is NaN or infinite", ""},
    {"inverted-area", severity::warning, "the south-east corner is not east and south of the north-west corner", ""},
    {"degenerate-area", severity::warning, "the area has zero width or depth", ""},
    {"self-connection", severity::warning, "a connection list names the area itself", "direction (0 north, 1 east, 2 south, 3 west)"},
    {"missing-connection-target", severity::error, "a connection names an area id no area has", "area id"},
    {"one-way-connection", severity::info, "a connection has no connection back (a drop-down, usually)", "area id"},
    {"duplicate-connection", severity::warning, "a connection list names the same area twice", "area id"},
    {"approach-count-above-16", severity::warning, "more approach spots than the game keeps (16)", "approach spots"},
    {"missing-approach-area", severity::error, "an approach spot names an area id no area has", "area id"},
    {"missing-encounter-area", severity::error, "an encounter path names an area id no area has", "area id"},
    {"missing-hiding-spot", severity::error, "an encounter spot names a hiding spot id no area has", "hiding spot id"},
    {"missing-ladder", severity::error, "a ladder link names a ladder id no ladder has", "ladder id"},
    {"missing-visible-area", severity::info, "a visibility entry names an area id no area has", "area id"},
    {"bad-fog-place-index", severity::error, "a fog place index is beyond the fog place list", "fog place index"},
    {"duplicate-ladder-id", severity::error, "two ladders share an id", "also used by ladder #"},
    {"bad-ladder-direction", severity::warning, "the ladder's direction is not NORTH, EAST, SOUTH or WEST", "direction"},
    {"missing-ladder-area", severity::error, "a ladder names an area id no area has", "area id"},
    {"unconnected-ladder", severity::warning, "the ladder connects to no area at either end", ""},
    {"place-name-unterminated", severity::warning, "a place name has no NUL", "stored length"},
    {"game-data-inferred", severity::info, "the subversion did not fit its usual game data; the layout was inferred", "subversion"},
    {"trailing-bytes", severity::info, "bytes after the last section (the game reads none)", "bytes"},
};

// One connection, for the one-way and duplicate checks: the area it leaves
// (position in file order), the id it names, and where it is stored
// (direction in the top two bits, then its number in that list). Sorted,
// these answer "does area P connect to id X" and "is this the first time
// this list names X" by binary search instead of scanning lists.
struct connection_entry {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::uint32_t slot = 0;
};

// Where validate() looks ids up; each span at least as long as
// validate_storage_needed() says. Every size is bounded by the file: at most
// 12 bytes of connection_entry per 4-byte connection stored, 8 bytes per
// area, 4 per hiding spot or ladder (about 3 times the file at worst).
struct validate_storage {
    std::span<std::uint32_t> area_offsets;
    std::span<area_id_entry> area_ids;
    std::span<std::uint32_t> hiding_spot_ids;
    std::span<std::uint32_t> ladder_ids;  // holds ladder positions sorted by id
    std::span<connection_entry> connections;
};

struct validate_storage_size {
    std::size_t areas = 0, hiding_spots = 0, ladders = 0, connections = 0;
};

namespace validate_detail {

// The tables each group of checks needs (so a check left out of a
// check_set costs neither storage nor the sort that fills it).
inline bool needs_area_ids(check_set c) noexcept {
    return c.any_of(check::duplicate_area_id, check::missing_connection_target, check::one_way_connection,
                    check::missing_approach_area, check::missing_encounter_area, check::missing_visible_area,
                    check::missing_ladder_area);
}
inline bool needs_connection_table(check_set c) noexcept {
    return c.any_of(check::one_way_connection, check::duplicate_connection);
}
inline bool walks_connections(check_set c) noexcept {
    return needs_connection_table(c) || c.any_of(check::self_connection, check::missing_connection_target);
}
inline bool needs_ladder_table(check_set c) noexcept { return c.any_of(check::missing_ladder, check::duplicate_ladder_id); }

}  // namespace validate_detail

// The storage validate(file, storage, sink, checks) needs: only the tables
// of the checks in `checks` (every check by default).
inline validate_storage_size validate_storage_needed(const nav_file& file, check_set checks = {}) noexcept {
    using namespace validate_detail;
    validate_storage_size n;
    if (needs_area_ids(checks)) n.areas = file.area_count();
    const bool hiding = checks.has(check::missing_hiding_spot), connections = needs_connection_table(checks);
    if (hiding || connections) {
        for (const area& a : file.areas()) {
            if (hiding) n.hiding_spots += a.hiding_spots().size();
            if (!connections) continue;
            for (unsigned d = 0; d < 4; ++d) n.connections += a.connections(static_cast<direction>(d)).size();
        }
    }
    if (needs_ladder_table(checks)) n.ladders = file.ladders().size();
    return n;
}

// The convenience: storage of the right size (allocates; outside validate).
class validate_storage_owner {
public:
    explicit validate_storage_owner(const nav_file& file, check_set checks = {}) {
        const validate_storage_size n = validate_storage_needed(file, checks);
        offsets_.resize(n.areas);
        ids_.resize(n.areas);
        hiding_.resize(n.hiding_spots);
        ladders_.resize(n.ladders);
        connections_.resize(n.connections);
    }
    validate_storage view() noexcept { return {offsets_, ids_, hiding_, ladders_, connections_}; }

private:
    std::vector<std::uint32_t> offsets_;
    std::vector<area_id_entry> ids_;
    std::vector<std::uint32_t> hiding_;
    std::vector<std::uint32_t> ladders_;
    std::vector<connection_entry> connections_;
};

namespace validate_detail {

inline bool sorted_contains(std::span<const std::uint32_t> sorted, std::uint32_t v) noexcept {
    return std::binary_search(sorted.begin(), sorted.end(), v);
}

inline bool connection_less(const connection_entry& a, const connection_entry& b) noexcept {
    if (a.from != b.from) return a.from < b.from;
    if (a.to != b.to) return a.to < b.to;
    return a.slot < b.slot;
}

// The first stored connection from the area at `from` to `to`, or nullptr.
inline const connection_entry* find_connection(std::span<const connection_entry> sorted, std::uint32_t from,
                                               std::uint32_t to) noexcept {
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), connection_entry{from, to, 0}, connection_less);
    return it == sorted.end() || it->from != from || it->to != to ? nullptr : &*it;
}

// The tables the families look ids up in, built once from the storage
// (each empty when no selected check looks in it: `need` says which).
struct tables {
    std::span<const std::uint32_t> area_offsets;
    std::span<const area_id_entry> ids;              // by (id, position)
    std::span<const std::uint32_t> hiding_ids;       // sorted
    std::span<const connection_entry> connections;   // sorted by connection_less
    navspan::detail::first_by_id<navspan::detail::id_at<ladder_list>> ladder_by_id;
};

inline tables build_tables(const nav_file& file, const validate_storage& storage, const validate_storage_size& need) {
    const std::byte* base = file.bytes().data();
    const std::size_t n = need.areas;
    std::size_t hiding = 0, connection_count = 0;
    if (n != 0 || need.hiding_spots != 0 || need.connections != 0) {
        std::uint32_t i = 0;
        for (const area& a : file.areas()) {
            if (n != 0) {
                storage.area_offsets[i] = static_cast<std::uint32_t>(a.bytes().data() - base);
                storage.area_ids[i] = {a.id(), i};
            }
            if (need.hiding_spots != 0) {
                for (const hiding_spot s : a.hiding_spots()) {
                    if (const auto id = s.id()) storage.hiding_spot_ids[hiding++] = *id;
                }
            }
            // A list is at most (file size / 4) < 2^30 long, so (direction, k) fits 32 bits.
            for (std::uint32_t d = 0; d < 4 && need.connections != 0; ++d) {
                const auto list = a.connections(static_cast<direction>(d));
                for (std::uint32_t k = 0; k < list.size(); ++k) storage.connections[connection_count++] = {i, list[k], d << 30 | k};
            }
            ++i;
        }
    }
    const auto connections = storage.connections.first(connection_count);
    std::sort(connections.begin(), connections.end(), connection_less);
    const auto ids = storage.area_ids.first(n);
    navspan::detail::sort_by_id(ids);
    const auto hiding_ids = storage.hiding_spot_ids.first(hiding);
    std::sort(hiding_ids.begin(), hiding_ids.end());
    return {storage.area_offsets.first(n), ids, hiding_ids, connections,
            navspan::detail::first_by_id(storage.ladder_ids.first(need.ladders), navspan::detail::id_at<ladder_list>{file.ladders()})};
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
    void add(std::size_t c, const std::byte* where, std::uint64_t value = 0) const {
        out.add(c, "area", a.index().value, a.id(), offset(where), value);
    }
    // A field that names an area id: 0 names none.
    void id_field(std::size_t c, std::uint32_t id, const std::byte* where) const {
        if (id != 0 && out.wants(c) && navspan::detail::find_id(t.ids, id) == nullptr) add(c, where, id);
    }
};

template <class Gate>
void check_area_shape(const area_context<Gate>& cx) {
    const area& a = cx.a;
    const std::byte* corners = a.bytes().data() + 4 + layout::attributes_size(cx.file.version());
    const vec3 nw = a.north_west(), se = a.south_east();
    const float zs[4] = {nw.z, se.z, a.north_east_z(), a.south_west_z()};
    if (!std::isfinite(nw.x) || !std::isfinite(nw.y) || !std::isfinite(se.x) || !std::isfinite(se.y) ||
        !std::all_of(std::begin(zs), std::end(zs), [](float z) { return std::isfinite(z); })) {
        cx.add(check::non_finite_corner, corners);
    } else if (se.x < nw.x || se.y < nw.y) {
        cx.add(check::inverted_area, corners);
    } else if (se.x == nw.x || se.y == nw.y) {
        cx.add(check::degenerate_area, corners);
    }
}

// self-connection, missing-connection-target, one-way-connection, duplicate-connection.
template <class Gate>
void check_connections(const area_context<Gate>& cx, check_set checks) {
    const area& a = cx.a;
    const std::uint64_t pos = a.index().value;
    const auto connections = cx.t.connections;
    const bool ids = !cx.t.ids.empty();
    for (unsigned d = 0; d < 4 && walks_connections(checks); ++d) {
        const auto list = a.connections(static_cast<direction>(d));
        for (std::size_t k = 0; k < list.size(); ++k) {
            const std::uint32_t to = list[k];
            const std::byte* where = list.bytes().data() + 4 * k;
            if (to == a.id()) {
                cx.add(check::self_connection, where, d);
                continue;
            }
            const area_id_entry* target = ids ? navspan::detail::find_id(cx.t.ids, to) : nullptr;
            if (!ids) {
                // no id check selected: no table to look in
            } else if (target == nullptr) {
                cx.add(check::missing_connection_target, where, to);
            } else if (cx.out.wants(check::one_way_connection) &&
                       find_connection(connections, target->position, a.id()) == nullptr) {
                cx.add(check::one_way_connection, where, to);
            }
            if (!cx.out.wants(check::duplicate_connection)) continue;
            // Entries of one (area, target) are sorted by slot, so the
            // first entry of this direction is found by its slot prefix.
            const auto first = std::lower_bound(connections.begin(), connections.end(),
                                                connection_entry{static_cast<std::uint32_t>(pos), to, d << 30},
                                                connection_less);
            if (first != connections.end() && first->from == pos && first->to == to && first->slot >> 30 == d &&
                (first->slot & 0x3FFFFFFFu) < k) {
                cx.add(check::duplicate_connection, where, to);
            }
        }
    }
}

// The bot data: approach-count-above-16, missing-approach-area,
// missing-encounter-area, missing-hiding-spot.
template <class Gate>
void check_bot_data(const area_context<Gate>& cx) {
    const auto approach = cx.a.approach_spots();
    if (approach.size() > 16) cx.add(check::approach_count_above_16, approach.bytes().data() - 1, approach.size());
    for (std::size_t k = 0; k < approach.size() && cx.out.wants(check::missing_approach_area); ++k) {
        const approach_spot s = approach[k];
        const std::byte* p = approach.bytes().data() + k * approach_spot::record_size;
        cx.id_field(check::missing_approach_area, s.here_area(), p);
        cx.id_field(check::missing_approach_area, s.prev_area(), p + 4);
        cx.id_field(check::missing_approach_area, s.next_area(), p + 9);
    }
    for (const encounter_path p : cx.a.encounter_paths()) {
        if (!cx.out.wants_any(check::missing_encounter_area, check::missing_hiding_spot)) break;
        const std::byte* where = p.bytes().data();
        cx.id_field(check::missing_encounter_area, p.from_area(), where);
        cx.id_field(check::missing_encounter_area, p.to_area(), where + (p.old_layout() ? 4 : 5));
        const auto spots = p.spots();
        for (std::size_t k = 0; k < spots.size(); ++k) {
            const std::uint32_t spot = spots[k].hiding_spot_id();
            if (spot != 0 && cx.out.wants(check::missing_hiding_spot) && !sorted_contains(cx.t.hiding_ids, spot)) {
                cx.add(check::missing_hiding_spot, spots.bytes().data() + 5 * k, spot);
            }
        }
    }
}

// missing-ladder: the area's ladder links.
template <class Gate>
void check_ladder_links(const area_context<Gate>& cx) {
    for (unsigned d = 0; d < 2 && cx.out.wants(check::missing_ladder); ++d) {
        const auto links = cx.a.ladder_links(static_cast<ladder_direction>(d));
        for (std::size_t k = 0; k < links.size(); ++k) {
            if (cx.t.ladder_by_id.first(links[k]) == nullptr) cx.add(check::missing_ladder, links.bytes().data() + 4 * k, links[k]);
        }
    }
}

// missing-visible-area (the list and the inherited areas), bad-fog-place-index.
template <class Gate>
void check_visibility(const area_context<Gate>& cx) {
    const area& a = cx.a;
    const auto visible = a.visible_areas();
    for (std::size_t k = 0; k < visible.size() && cx.out.wants(check::missing_visible_area); ++k) {
        cx.id_field(check::missing_visible_area, visible[k].id(), visible.bytes().data() + visible_area::record_size * k);
    }
    if (const auto from = a.inherit_visibility_from()) {
        cx.id_field(check::missing_visible_area, *from, a.game_data().raw().data() - 4);
    }
    if (const auto l = a.game_data().left4dead2()) {
        if (const auto from = l->inherit_visibility_from()) {
            cx.id_field(check::missing_visible_area, *from, l->bytes().data() + l->bytes().size() - 4);
        }
        if (const auto fog = l->fog_place_index(); fog && *fog > cx.file.left4dead2()->fog_places().size()) {
            cx.add(check::bad_fog_place_index, l->bytes().data() + 4, *fog);
        }
    }
}

// The ladder table: duplicate-ladder-id, bad-ladder-direction,
// missing-ladder-area, unconnected-ladder (version 6 keeps one more byte
// before the area ids).
template <class Gate>
void check_ladders(const nav_file& file, const tables& t, Gate& out) {
    const navspan::detail::ladder_checks c{check::duplicate_ladder_id, check::bad_ladder_direction, check::missing_ladder_area,
                                           check::unconnected_ladder, 36, file.version() == 6 ? 41u : 40u};
    navspan::detail::check_ladder_table(
        file.bytes().data(), file.ladders(), c, t.ladder_by_id, [](const ladder&) { return std::size_t{5}; },
        [](const ladder& l, std::size_t k) { return l.connected_area(static_cast<ladder_connection>(k)); },
        [&](std::uint32_t id) { return navspan::detail::find_id(t.ids, id) != nullptr; }, out);
}

// The places and the file: place-name-unterminated, game-data-inferred, trailing-bytes.
template <class Gate>
void check_places_and_file(const nav_file& file, Gate& out) {
    const std::byte* base = file.bytes().data();
    for (const place p : file.places()) {
        if (!p.terminated()) {
            out.add(check::place_name_unterminated, "place", p.index(), p.index(),
                    static_cast<std::uint64_t>(p.stored_bytes().data() - base) - 2, p.stored_length());
        }
    }
    if (file.warnings().has(warning::game_data_inferred)) {
        out.add(check::game_data_inferred, "file", 0, 0, 8, file.subversion().value_or(0));
    }
    if (file.trailing().size() != 0 && layout::has_ladders(file.version())) {
        out.add(check::trailing_bytes, "file", 0, 0, file.bytes().size() - file.trailing().size(), file.trailing().size());
    }
}

// The storage guards: each short span named with its own numbers (needed, given).
inline error check_storage(const nav_file& file, const validate_storage& s, const validate_storage_size& need) noexcept {
    const error e = navspan::detail::storage_fits({
        {"validate storage (area offsets)", need.areas, s.area_offsets.size()},
        {"validate storage (area ids)", need.areas, s.area_ids.size()},
        {"validate storage (hiding spot ids)", need.hiding_spots, s.hiding_spot_ids.size()},
        {"validate storage (ladder ids)", need.ladders, s.ladder_ids.size()},
        {"validate storage (connections)", need.connections, s.connections.size()},
    });
    return e.ok() ? navspan::detail::below_4gib(file.bytes().size()) : e;
}

// The families of each area, in one pass over the areas: each area's
// findings stay together.
template <class Gate>
void check_areas(const nav_file& file, const tables& t, check_set checks, Gate& out) {
    for (const area& a : file.areas()) {
        const area_context<Gate> cx{file, t, out, a};
        check_area_shape(cx);
        check_connections(cx, checks);
        check_bot_data(cx);
        check_ladder_links(cx);
        check_visibility(cx);
    }
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
    if (const error e = check_storage(file, storage, need); !e.ok()) return e;
    const tables t = build_tables(file, storage, need);
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) {
        navspan::detail::report_duplicate_ids(out, check::duplicate_area_id, "area", t.ids, t.area_offsets);
        check_areas(file, t, checks, out);
        check_ladders(file, t, out);
        check_places_and_file(file, out);
    });
}

// The convenience form: allocates the storage, then validates.
template <class Sink>
error validate(const nav_file& file, Sink&& sink, check_set checks = {}) {
    validate_storage_owner storage(file, checks);
    return validate(file, storage.view(), sink, checks);
}

}  // namespace navspan::source
#include "../core/min_max_pop.hpp"
