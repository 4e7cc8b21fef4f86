// navspan/source2/encounter_handles.hpp - which area each encounter handle
// of a Source 2 bot analysis names, derived from the file (a derivation, not
// a field: the handles are opaque, see bot_analysis.hpp).
//
//   std::vector<navspan::source2::handle_use> uses(navspan::source2::encounter_handle_uses(*analysis));
//   std::vector<navspan::source2::resolved_handle> out(uses.size());
//   auto r = navspan::source2::resolve_encounter_handles(*nav, *analysis, uses, out);
//   if (auto id = r->area_id(path.from_area().value())) ...   // nullopt: not resolved
//
// Why it works: an encounter path of area A names, as (from, fromdir), a
// handle and the edge of A it enters by, so the handle's area is one of A's
// neighbours across that edge. Every use of a handle narrows its candidates;
// intersected over all uses, a handle is resolved when exactly one area is
// left. Nothing is guessed: a handle with two or more areas left is
// `ambiguous`, with none `contradicted` (no consistent reading), with no
// usable use `unconstrained`. On de_mirage (v35): 2,506 of 2,513 handles
// resolved, 7 ambiguous, none contradicted, no two handles on one area.
//
// Cost: the uses are sorted (O(u log u), u = 2 x encounter paths) and each
// use is compared against at most max_candidates areas, so O(u log u) in
// all; memory is the caller's two spans (u each). Bounds against crafted
// files: edges past max_edges of an area and edges with more than
// max_candidates distinct neighbours do not narrow (real edges have at most
// 5 connections). Allocates nothing.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <tuple>
#include <utility>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "bot_analysis.hpp"
#include "nav_file.hpp"
#include "records.hpp"

namespace navspan::source2 {

// One use of a handle: the area (index in the area table) holding the
// encounter path and the edge of it the handle was named with.
struct handle_use {
    area_handle handle;
    std::uint32_t area = 0;
    edge across;  // the edge's connections: the handle's candidates
};

enum class handle_status : std::uint8_t { resolved, ambiguous, contradicted, unconstrained };

// One distinct handle and what it resolved to.
struct resolved_handle {
    area_handle handle;
    handle_status status = handle_status::unconstrained;
    std::uint32_t area_id = 0;     // when resolved
    std::uint32_t candidates = 0;  // areas left (0 contradicted, 1 resolved, 2+ ambiguous)
    std::uint32_t uses = 0;        // distinct (area, edge) uses
};

// The result: distinct handles sorted, with counts per status.
class handle_resolution {
public:
    handle_resolution() noexcept = default;
    explicit handle_resolution(std::span<const resolved_handle> handles) noexcept : handles_(handles) {
        for (const resolved_handle& h : handles) ++counts_[static_cast<std::size_t>(h.status)];
    }
    std::span<const resolved_handle> handles() const noexcept { return handles_; }
    std::size_t count(handle_status s) const noexcept { return counts_[static_cast<std::size_t>(s)]; }
    std::size_t resolved_count() const noexcept { return count(handle_status::resolved); }
    std::size_t unresolved_count() const noexcept { return handles_.size() - resolved_count(); }
    const resolved_handle* find(area_handle h) const noexcept {
        const auto it = std::lower_bound(handles_.begin(), handles_.end(), h,
                                         [](const resolved_handle& r, area_handle v) { return r.handle < v; });
        return it == handles_.end() || !(it->handle == h) ? nullptr : &*it;
    }
    // The id of the area `h` names, when resolved.
    std::optional<std::uint32_t> area_id(area_handle h) const noexcept {
        const resolved_handle* r = find(h);
        if (r == nullptr || r->status != handle_status::resolved) return std::nullopt;
        return r->area_id;
    }

private:
    std::span<const resolved_handle> handles_;
    std::size_t counts_[4] = {};
};

inline constexpr std::size_t max_edges = 256;        // u8 corner counts (v31+) bound real polygons
inline constexpr std::size_t max_candidates = 16;

// The size of both spans resolve_encounter_handles() takes.
inline std::size_t encounter_handle_uses(const bot_analysis& analysis) noexcept {
    return 2 * analysis.encounter_path_count();
}

namespace handle_detail {

// The distinct neighbours across `e` into `out` (at most max_candidates);
// false when there are more.
inline bool distinct_neighbours(const edge& e, std::uint32_t (&out)[max_candidates], std::size_t& n) noexcept {
    n = 0;
    const connection_list list = e.connections();
    if (list.size() > 4 * max_candidates) return false;  // bounded scan below
    for (const connection c : list) {
        const std::uint32_t id = c.area_id();
        if (std::find(out, out + n, id) != out + n) continue;
        if (n == max_candidates) return false;
        out[n++] = id;
    }
    return true;
}

// Narrows `cand` to the areas also across `e` (`e` has at most 4 x
// max_candidates connections, checked by the caller).
inline void narrow(const edge& e, std::uint32_t (&cand)[max_candidates], std::size_t& n) noexcept {
    const connection_list list = e.connections();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < n; ++i) {
        bool found = false;
        for (const connection c : list) found = found || c.area_id() == cand[i];
        if (found) cand[kept++] = cand[i];
    }
    n = kept;
}

// The handle of uses [first, last) (sorted, distinct (area, edge)).
inline resolved_handle resolve_group(const handle_use* first, const handle_use* last) noexcept {
    resolved_handle r;
    r.handle = first->handle;
    r.uses = static_cast<std::uint32_t>(last - first);
    std::uint32_t cand[max_candidates];
    std::size_t n = 0;
    bool seeded = false;
    for (const handle_use* u = first; u != last; ++u) {
        if (u->across.connections().size() > 4 * max_candidates) continue;  // too wide to narrow
        if (!seeded) {
            std::size_t m = 0;
            std::uint32_t seed[max_candidates];
            if (!distinct_neighbours(u->across, seed, m)) continue;
            std::copy(seed, seed + m, cand);
            n = m;
            seeded = true;
        } else {
            narrow(u->across, cand, n);
        }
    }
    r.candidates = static_cast<std::uint32_t>(n);
    if (!seeded) return r;
    r.status = n == 1 ? handle_status::resolved : n == 0 ? handle_status::contradicted : handle_status::ambiguous;
    if (n == 1) r.area_id = cand[0];
    return r;
}

// Records the uses of area `a`'s encounter paths; false when `uses` is full.
inline bool gather(const area& a, std::uint32_t index, area_analysis analysis, std::span<handle_use> uses,
                   std::size_t& count) noexcept {
    edge edges[max_edges];
    std::size_t n = 0;
    for (const edge& e : a.edges()) {
        if (n == max_edges) break;
        edges[n++] = e;
    }
    for (const encounter_path p : analysis.encounter_paths()) {
        for (const auto& [h, d] : {std::pair{p.from_area(), p.from_edge()}, std::pair{p.to_area(), p.to_edge()}}) {
            if (!h || !d || *d < 0 || static_cast<std::size_t>(*d) >= n) continue;  // validate reports the edge
            if (count == uses.size()) return false;
            uses[count++] = {*h, index, edges[static_cast<std::size_t>(*d)]};
        }
    }
    return true;
}

}  // namespace handle_detail

// Resolves every handle of `analysis`'s encounter paths; `uses` and `out`
// each hold at least encounter_handle_uses(analysis) elements. Fails with
// limit_exceeded when they are smaller. Area i of the analysis is area i of
// the file; analysis entries past the area table are not read.
inline result<handle_resolution> resolve_encounter_handles(const nav_file& file, const bot_analysis& analysis,
                                                           std::span<handle_use> uses,
                                                           std::span<resolved_handle> out) noexcept {
    const std::size_t need = encounter_handle_uses(analysis);
    if (uses.size() < need || out.size() < need) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "encounter handle storage", need,
                                     std::min(uses.size(), out.size()));
    }
    std::size_t count = 0;
    std::uint32_t index = 0;
    for (const area& a : file.areas()) {
        if (index == analysis.area_count()) break;
        if (!handle_detail::gather(a, index, analysis.area(index), uses, count)) break;
        ++index;
    }
    const auto used = uses.first(count);
    auto key = [](const handle_use& u) { return std::tuple(u.handle.value, u.area, u.across.index()); };
    std::sort(used.begin(), used.end(), [&](const handle_use& x, const handle_use& y) { return key(x) < key(y); });
    const auto last = std::unique(used.begin(), used.end(),
                                  [&](const handle_use& x, const handle_use& y) { return key(x) == key(y); });
    const handle_use* p = used.data();
    const handle_use* end = used.data() + (last - used.begin());
    std::size_t k = 0;
    while (p != end) {
        const handle_use* q = p;
        while (q != end && q->handle == p->handle) ++q;
        out[k++] = handle_detail::resolve_group(p, q);
        p = q;
    }
    return handle_resolution(out.first(k));
}

}  // namespace navspan::source2
#include "../core/min_max_pop.hpp"
