// navspan/source2/validate_bot_analysis.hpp - the checks of a Source 2
// .nav's bot analysis (the custom-data blob, bot_analysis.hpp), called by
// source2::validate (validate.hpp), which owns the check table.
//
// What is checkable, from what the corpus shows (docs/formats/source2.md
// "Bot analysis"):
//   - the analysis lists one entry per area (bot-analysis-area-count);
//   - approach spots name real area ids, prev -1 meaning none
//     (missing-approach-area), and their back edges (-1 none) are edges of
//     the here / next area (approach-edge-out-of-range);
//   - encounter paths' fromdir/todir are edges of the holding area
//     (encounter-edge-out-of-range);
//   - encounter handles are not area ids: they are resolved by
//     resolve_encounter_handles(); a handle no area fits
//     (missing-encounter-area, redefined: it used to look the handle up as
//     an area id, which failed 23,014 times on de_mirage) is a warning, one
//     with several areas left or none usable a note;
//   - hiding spots lie in their area's bounding box, widened by
//     hiding_spot_tolerance (every one of the corpus's 377 spots lies inside,
//     exactly: the tolerance only absorbs rounding).
// Values live in the decompressed KV3 document, not in the file, so the
// findings point at the custom-data blob.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "../core/bytes.hpp"
#include "bot_analysis.hpp"
#include "encounter_handles.hpp"
#include "nav_file.hpp"
#include "records.hpp"

namespace navspan::source2 {

// World units a hiding spot may lie outside its area's bounding box.
inline constexpr float hiding_spot_tolerance = 1.0f;

// The indices of the bot-analysis checks in the caller's check table.
struct bot_analysis_check_ids {
    std::size_t area_count, missing_approach_area, approach_edge, encounter_edge, missing_encounter_area,
        unresolved_handle, hiding_spot_outside, undecodable;
};

// The scratch bytes the checks take: the document, then the handle
// resolution's two tables. Those hold 44 bytes per handle use; each use
// takes two KV3 values of at least 16 bytes of the document's own scratch,
// and the entry's object one more, so twice the document's size bounds
// them without decoding first. 0 without custom data or with a refused header.
inline std::size_t bot_analysis_check_scratch_size(const nav_file& file) noexcept {
    if (!file.custom_data()) return 0;
    const auto doc = bot_analysis::scratch_size(file);
    if (!doc.ok()) return 0;
    return 3 * *doc + alignof(handle_use) + alignof(resolved_handle);
}

namespace bot_check_detail {

// Element storage of type T carved from the front of `bytes` (advanced).
template <class T>
std::span<T> carve(std::span<std::byte>& bytes, std::size_t n) noexcept {
    void* p = bytes.data();
    std::size_t space = bytes.size();
    if (std::align(alignof(T), sizeof(T) * n, p, space) == nullptr) return {};
    bytes = bytes.last(space - sizeof(T) * n);
    return {static_cast<T*>(p), n};
}

inline bool outside(const corner_list& corners, vec3 p) noexcept {
    if (corners.empty()) return false;  // degenerate-polygon reports it
    vec3 lo = corners[0], hi = corners[0];
    for (const vec3 c : corners) {
        lo = {c.x < lo.x ? c.x : lo.x, c.y < lo.y ? c.y : lo.y, c.z < lo.z ? c.z : lo.z};
        hi = {c.x > hi.x ? c.x : hi.x, c.y > hi.y ? c.y : hi.y, c.z > hi.z ? c.z : hi.z};
    }
    const float t = hiding_spot_tolerance;
    return !(p.x >= lo.x - t && p.x <= hi.x + t && p.y >= lo.y - t && p.y <= hi.y + t && p.z >= lo.z - t &&
             p.z <= hi.z + t);
}

// An edge index as stored: fine when -1 is allowed and it is -1, or when it
// is below `edges`.
inline bool edge_ok(std::optional<std::int32_t> e, std::size_t edges, bool none_allowed) noexcept {
    if (!e) return true;  // missing keys are not checked
    if (*e == -1 && none_allowed) return true;
    return *e >= 0 && static_cast<std::size_t>(*e) < edges;
}

// The approach and encounter checks of area i. edge_count(id) gives the
// edge count of the area with `id` or nullopt when none has it; ids_ready
// says whether it can be asked.
template <class Gate, class EdgeCount>
void check_area(Gate& out, const bot_analysis_check_ids& c, std::size_t i, std::uint64_t area_id,
                const area* a, area_analysis entry, std::uint64_t where, bool ids_ready, EdgeCount& edge_count) {
    auto add = [&](std::size_t check, std::uint64_t value) { out.add(check, "area", i, area_id, where, value); };
    if (ids_ready) {
        // The edge count of the area `raw` names; nullopt (and a finding)
        // when none has it, and for -1 where that means none.
        auto look = [&](std::optional<std::int32_t> raw, bool none_ok) -> std::optional<std::uint32_t> {
            if (!raw || (none_ok && *raw == -1)) return std::nullopt;
            const auto n = *raw < 0 ? std::nullopt : edge_count(static_cast<std::uint32_t>(*raw));
            if (!n) add(c.missing_approach_area, static_cast<std::uint32_t>(*raw));
            return n;
        };
        for (const approach_spot s : entry.approach_spots()) {
            look(s.prev_area_raw(), true);
            const auto here_edges = look(analysis_i32(s.value()["here"]), false);
            const auto next_edges = look(analysis_i32(s.value()["next"]), false);
            if (here_edges && !edge_ok(s.here_back_edge(), *here_edges, true)) {
                add(c.approach_edge, static_cast<std::uint32_t>(*s.here_back_edge()));
            }
            if (next_edges && !edge_ok(s.next_back_edge(), *next_edges, true)) {
                add(c.approach_edge, static_cast<std::uint32_t>(*s.next_back_edge()));
            }
        }
    }
    if (a == nullptr) return;  // an entry past the area table has no polygon
    const std::size_t edges = a->corners().size();
    for (const encounter_path p : entry.encounter_paths()) {
        for (const auto e : {p.from_edge(), p.to_edge()}) {
            if (!edge_ok(e, edges, false)) add(c.encounter_edge, static_cast<std::uint32_t>(*e));
        }
    }
    for (const analysis_hiding_spot s : entry.hiding_spots()) {
        if (outside(a->corners(), s.position())) add(c.hiding_spot_outside, s.id().value_or(0));
    }
}

// The handle findings: each unresolved handle once, as record "encounter
// handle" with index = the first area (table index) whose encounter paths
// use it, id = the handle's 32 bits, value = the areas left (0 or 2+).
template <class Gate>
void check_handles(Gate& out, const bot_analysis_check_ids& c, const nav_file& file, const bot_analysis& analysis,
                   std::span<std::byte> rest, std::uint64_t where) {
    if (!out.wants(c.missing_encounter_area) && !out.wants(c.unresolved_handle)) return;
    const std::size_t n = encounter_handle_uses(analysis);
    const auto uses = carve<handle_use>(rest, n);
    const auto resolved = carve<resolved_handle>(rest, n);
    if (uses.size() != n || resolved.size() != n) return;  // scratch sized by another rule: skipped
    const auto r = resolve_encounter_handles(file, analysis, uses, resolved);
    if (!r.ok()) return;
    const handle_use* u = uses.data();  // sorted by (handle, area, edge) by the resolution
    for (const resolved_handle& h : r->handles()) {
        while (!(u->handle == h.handle)) ++u;
        if (h.status == handle_status::resolved) continue;
        const std::size_t check = h.status == handle_status::contradicted ? c.missing_encounter_area : c.unresolved_handle;
        out.add(check, "encounter handle", u->area, h.handle.bits(), where, h.candidates);
    }
}

}  // namespace bot_check_detail

// Runs the bot-analysis checks of `c` that `out` wants (a finding_gate:
// wants(check), add(check, record, index, id, offset, value)). `scratch`
// holds bot_analysis_check_scratch_size(file) bytes (fewer: the checks are
// skipped, or the handle checks when only the document fits).
// edge_count(id) -> std::optional<std::uint32_t> gives the edge count of the
// area with that id (nullopt: no area has it) and is called only when
// ids_ready. Allocates nothing.
template <class Gate, class EdgeCount>
void validate_bot_analysis(const nav_file& file, std::span<std::byte> scratch, const bot_analysis_check_ids& c,
                           Gate& out, bool ids_ready, EdgeCount&& edge_count) {
    const auto blob = file.custom_data();
    if (!blob) return;
    // Where the decoding failed: the finding's offset.
    const auto undecodable = [&](const error& e) { out.add(c.undecodable, "custom data", 0, 0, e.offset, 0); };
    const auto need = bot_analysis::scratch_size(file);
    if (!need.ok()) return undecodable(need.error());
    if (scratch.empty() || *need > scratch.size()) return;
    const auto analysis = bot_analysis::open(file, scratch.first(*need));
    if (!analysis.ok()) return undecodable(analysis.error());
    const std::uint64_t where = blob->offset();
    if (analysis->area_count() != file.area_count()) {
        out.add(c.area_count, "custom data", 0, 0, where, analysis->area_count());
    }
    // Entry i belongs to area i (an entry past the area table has no area:
    // its finding's id is its index, as for records without ids).
    std::size_t i = 0;
    for (const area& a : file.areas()) {
        if (i == analysis->area_count()) break;
        bot_check_detail::check_area(out, c, i, a.id(), &a, analysis->area(i), where, ids_ready, edge_count);
        ++i;
    }
    for (; i < analysis->area_count(); ++i) {
        bot_check_detail::check_area(out, c, i, i, nullptr, analysis->area(i), where, ids_ready, edge_count);
    }
    bot_check_detail::check_handles(out, c, file, *analysis, scratch.subspan(*need), where);
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
