// navspan/quake/validate.hpp - checks beyond structure for a Quake NAV2 file.
//
//   std::vector<std::uint32_t> storage(navspan::quake::validate_storage_needed(file));
//   navspan::quake::validate(file, storage, [](const navspan::finding& f) { ... });
//
// The checks and their severities are `validate_checks` below (and
// docs/validate.md). Open the file with options::trusted = true to
// have indices that point nowhere reported here (as findings) instead of
// refused by open(). The per-record counts live in storage the caller
// provides (validate_storage_needed() words), so validate() allocates
// nothing; every pass is linear or n log n, whatever the link ranges.
#pragma once
#include "../core/min_max_push.hpp"

#include <cmath>

#include "../core/validate.hpp"
#include "format.hpp"
#include "nav_file.hpp"
#include "records.hpp"

namespace navspan::quake {

namespace check {
enum : std::size_t {
    trailing_bytes, node_links_out_of_range, too_many_links, unknown_node_flags, isolated_node, non_finite_position,
    link_into_nothing, link_to_self, missing_traversal, unowned_link, shared_link, unknown_link_type,
    moving_link_without_edict, duplicate_link, unused_traversal, shared_traversal, edict_link_into_nothing,
    shared_edict_link, inverted_edict_box, non_negative_entity_id, count
};
}  // namespace check

inline constexpr check_info validate_checks[check::count] = {
    {"trailing-bytes", severity::info, "bytes after the edict table belong to no record", "bytes"},
    {"node-links-out-of-range", severity::error, "the node's link range runs past the file's links", "end of the range"},
    {"too-many-links", severity::warning, "more links than any known file has on a node (12)", "links"},
    {"unknown-node-flags", severity::warning, "node flags include bits no source names", "flags"},
    {"isolated-node", severity::info, "no link leaves or reaches this node", ""},
    {"non-finite-position", severity::error, "a position is NaN or infinite", ""},
    {"link-into-nothing", severity::error, "the link's destination node does not exist", "destination node"},
    {"link-to-self", severity::warning, "the link leads back to its own node", "node"},
    {"missing-traversal", severity::error, "the link's traversal does not exist", "traversal"},
    {"unowned-link", severity::error, "no node's link range includes this link, so no bot can take it", ""},
    {"shared-link", severity::warning, "the link ranges of several nodes include this link", "nodes"},
    {"unknown-link-type", severity::warning, "the link type occurs in no known file", "type"},
    {"moving-link-without-edict", severity::warning, "an elevator or train link has no edict (the bot cannot tell where the entity is)", "type"},
    {"duplicate-link", severity::warning, "same owner, destination and type as an earlier link", "link #"},
    {"unused-traversal", severity::info, "no link uses this traversal", ""},
    {"shared-traversal", severity::warning, "several links use this traversal; each has its own in every known file", "links"},
    {"edict-link-into-nothing", severity::error, "the edict's link does not exist", "link"},
    {"shared-edict-link", severity::warning, "several edicts name this link", "edicts"},
    {"inverted-edict-box", severity::warning, "the edict box's mins exceed its maxs on some axis", ""},
    {"non-negative-entity-id", severity::warning, "the entity id is not negative (ids are -(entity index) - 1 in every known file)", "entity id"},
};

// Words of storage validate() needs: per node two, per link five (plus
// one), per traversal one; a link fewer without duplicate-link (the table
// it sorts).
inline std::size_t validate_storage_needed(const nav_file& file, check_set checks = {}) noexcept {
    const std::size_t per_link = checks.has(check::duplicate_link) ? 5 : 4;
    return std::size_t{2} * file.node_count() + per_link * file.link_count() + 1 + file.traversal_count();
}

// The node whose link range covers each link (`no_owner` when none does):
// the range reaching furthest among those started at or before it, the
// same rule the command's pictures and paths use.
inline constexpr std::uint32_t no_owner = 0xFFFFFFFFu;

namespace validate_detail {

// The per-record counts, each a slice of the caller's words (zeroed).
struct tables {
    std::span<std::uint32_t> incoming;        // links into each node
    std::span<std::uint32_t> by_start;        // node indices sorted by first link
    std::span<std::uint32_t> owner;           // each link's owner, or no_owner
    std::span<std::uint32_t> coverage;        // deltas, then running counts (links + 1)
    std::span<std::uint32_t> edicts_of_link;  // edicts naming each link
    std::span<std::uint32_t> seen_edicts;     // edicts seen so far naming each link
    std::span<std::uint32_t> by_key;          // owned links sorted for duplicates
    std::span<std::uint32_t> traversal_users; // links using each traversal

    tables(const nav_file& f, std::span<std::uint32_t> storage, bool duplicates) {
        const std::size_t nodes = f.node_count(), links = f.link_count();
        std::span<std::uint32_t> rest = storage;
        auto take = [&](std::size_t n) {
            const auto s = rest.first(n);
            rest = rest.subspan(n);
            std::fill(s.begin(), s.end(), 0u);
            return s;
        };
        incoming = take(nodes);
        by_start = take(nodes);
        owner = take(links);
        coverage = take(links + 1);
        edicts_of_link = take(links);
        seen_edicts = take(links);
        by_key = take(duplicates ? links : 0);
        traversal_users = take(f.traversal_count());
    }
};

// Section offsets (the sections follow each other, fixed record sizes).
struct sections {
    std::uint64_t node = 0, origin = 0, link = 0, traversal = 0, edict = 0, end = 0;

    explicit sections(const nav_file& f) noexcept {
        node = f.layout().header_size;
        origin = node + std::uint64_t{f.node_count()} * sizes::node;
        link = origin + std::uint64_t{f.node_count()} * sizes::node_origin;
        traversal = link + std::uint64_t{f.link_count()} * sizes::link;
        edict = traversal + std::uint64_t{f.traversal_count()} * sizes::traversal + sizes::edict_count;
        end = edict + std::uint64_t{f.edict_count()} * f.layout().edict_size;
    }
};

inline bool finite(const vec3& v) noexcept { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Link ownership: ranges swept in order of their start (n log n + links);
// then the links into each node and the edicts naming each link.
inline void count_references(const nav_file& f, const tables& t) {
    std::size_t ranged = 0;
    for (const node n : f.nodes()) {
        const link_view own = n.links();  // empty when out of range
        if (own.empty()) continue;
        t.by_start[ranged++] = n.index();
        ++t.coverage[own.first_index()];
        --t.coverage[own.first_index() + own.size()];  // modular: the running sums below stay exact
    }
    const auto starts = t.by_start.first(ranged);
    auto first_of = [&](std::uint32_t node_index) { return f.nodes()[node_index].links().first_index(); };
    std::sort(starts.begin(), starts.end(), [&](std::uint32_t a, std::uint32_t b) {
        const std::uint32_t fa = first_of(a), fb = first_of(b);
        return fa != fb ? fa < fb : a < b;
    });
    std::size_t next = 0;
    std::uint32_t best_end = 0, best = no_owner, covering = 0;
    for (std::uint32_t j = 0; j < f.link_count(); ++j) {
        for (; next < starts.size() && first_of(starts[next]) <= j; ++next) {
            const link_view r = f.nodes()[starts[next]].links();
            const auto range_end = static_cast<std::uint32_t>(r.first_index() + r.size());
            if (range_end > best_end) {
                best_end = range_end;
                best = starts[next];
            }
        }
        t.owner[j] = best_end > j ? best : no_owner;
        covering += t.coverage[j];
        t.coverage[j] = covering;
    }
    for (const link l : f.links()) {
        if (l.destination_node()) ++t.incoming[l.destination()];
    }
    for (const edict e : f.edicts()) {
        if (e.link()) ++t.edicts_of_link[e.link_index()];
    }
}

// node-links-out-of-range, too-many-links, unknown-node-flags, isolated-node, non-finite-position.
template <class Gate>
void check_nodes(const nav_file& f, const sections& at_, const tables& t, Gate& out) {
    for (const node n : f.nodes()) {
        const std::uint64_t at = at_.node + std::uint64_t{n.index()} * sizes::node;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "node", n.index(), n.index(), offset, value);
        };
        const std::uint32_t range_end = std::uint32_t{n.first_link()} + n.link_count();
        if (range_end > f.link_count()) add(check::node_links_out_of_range, at + fields::node_first_link, range_end);
        if (n.link_count() > 12) add(check::too_many_links, at + fields::node_link_count, n.link_count());
        if (n.flags().unnamed_bits() != 0) add(check::unknown_node_flags, at + fields::node_flags, n.flags_raw());
        if (n.link_count() == 0 && t.incoming[n.index()] == 0) add(check::isolated_node, at);
        if (!finite(n.position())) add(check::non_finite_position, at_.origin + std::uint64_t{n.index()} * sizes::node_origin);
    }
}

// The links' own checks; counts each traversal's users and gathers the
// owned links for duplicate-link (returns how many).
template <class Gate>
std::size_t check_links(const nav_file& f, const sections& s, const tables& t, Gate& out) {
    const bool duplicates = out.wants(check::duplicate_link);
    std::size_t owned = 0;
    for (const link l : f.links()) {
        const std::uint32_t j = l.index();
        const std::uint64_t at = s.link + std::uint64_t{j} * sizes::link;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "link", j, j, offset, value);
        };
        const std::uint32_t owner = t.owner[j];
        if (!l.destination_node()) add(check::link_into_nothing, at + fields::link_destination, l.destination());
        else if (owner != no_owner && l.destination() == owner) add(check::link_to_self, at + fields::link_destination, owner);
        if (l.has_traversal() && !l.traversal()) add(check::missing_traversal, at + fields::link_traversal, l.traversal_index());
        else if (l.has_traversal()) ++t.traversal_users[l.traversal_index()];
        if (t.coverage[j] == 0) add(check::unowned_link, at);
        else if (t.coverage[j] > 1) add(check::shared_link, at, t.coverage[j]);
        if (l.type_name().empty() || l.type() == link_type::unknown) add(check::unknown_link_type, at + fields::link_type, l.type_raw());
        if ((l.type() == link_type::elevator || l.type() == link_type::train) && t.edicts_of_link[j] == 0) {
            add(check::moving_link_without_edict, at + fields::link_type, l.type_raw());
        }
        if (duplicates && owner != no_owner && l.destination_node()) t.by_key[owned++] = j;
    }
    return owned;
}

// duplicate-link: same owner, destination and type (sorted, then adjacent).
template <class Gate>
void check_duplicate_links(const nav_file& f, const sections& s, const tables& t, std::size_t owned, Gate& out) {
    const auto keyed = t.by_key.first(owned);
    auto key = [&](std::uint32_t j) {
        const link l = f.links()[j];
        return std::uint64_t{t.owner[j]} << 32 | std::uint64_t{l.destination()} << 16 | l.type_raw();
    };
    std::sort(keyed.begin(), keyed.end(), [&](std::uint32_t a, std::uint32_t b) {
        const std::uint64_t ka = key(a), kb = key(b);
        return ka != kb ? ka < kb : a < b;
    });
    for (std::size_t i = 1; i < keyed.size(); ++i) {
        if (key(keyed[i]) == key(keyed[i - 1])) {
            out.add(check::duplicate_link, "link", keyed[i], keyed[i], s.link + std::uint64_t{keyed[i]} * sizes::link,
                    keyed[i - 1]);
        }
    }
}

// unused-traversal, shared-traversal, non-finite-position.
template <class Gate>
void check_traversals(const nav_file& f, const sections& s, const tables& t, Gate& out) {
    for (const traversal tr : f.traversals()) {
        const std::uint64_t at = s.traversal + std::uint64_t{tr.index()} * sizes::traversal;
        const std::uint32_t users = t.traversal_users[tr.index()];
        if (users == 0) out.add(check::unused_traversal, "traversal", tr.index(), tr.index(), at);
        if (users > 1) out.add(check::shared_traversal, "traversal", tr.index(), tr.index(), at, users);
        if (!finite(tr.node_exit()) || !finite(tr.jump_start()) || !finite(tr.jump_end())) {
            out.add(check::non_finite_position, "traversal", tr.index(), tr.index(), at);
        }
    }
}

// edict-link-into-nothing, shared-edict-link, non-finite-position,
// inverted-edict-box, non-negative-entity-id.
template <class Gate>
void check_edicts(const nav_file& f, const sections& s, const tables& t, Gate& out) {
    for (const edict e : f.edicts()) {
        const std::uint64_t at = s.edict + std::uint64_t{e.index()} * f.layout().edict_size;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "edict", e.index(), e.index(), offset, value);
        };
        if (!e.link()) add(check::edict_link_into_nothing, at + fields::edict_link, e.link_index());
        else if (++t.seen_edicts[e.link_index()] == 2) add(check::shared_edict_link, at + fields::edict_link, t.edicts_of_link[e.link_index()]);
        const vec3 lo = e.bounds().min, hi = e.bounds().max;
        if (!finite(lo) || !finite(hi)) add(check::non_finite_position, at + fields::edict_mins);
        else if (!(lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z)) add(check::inverted_edict_box, at + fields::edict_mins);
        if (const auto id = e.entity_id(); id && *id >= 0) add(check::non_negative_entity_id, at + fields::edict_tail, static_cast<std::uint64_t>(*id));
    }
}

}  // namespace validate_detail

// Runs the checks of validate_checks in `checks` (every one by default) and
// calls sink(const finding&) for each (at most findings_per_check per check,
// then one closing finding per capped check). Fails only with
// limit_exceeded when `storage` is smaller than
// validate_storage_needed(file, checks). Allocates nothing.
template <class Sink>
error validate(const nav_file& f, std::span<std::uint32_t> storage, Sink&& sink, check_set checks = {}) {
    using namespace validate_detail;
    if (const error e = navspan::detail::storage_fits({{"validate storage", validate_storage_needed(f, checks), storage.size()}});
        !e.ok()) {
        return e;
    }
    const tables t(f, storage, checks.has(check::duplicate_link));
    const sections s(f);
    return navspan::detail::run_checks(validate_checks, sink, checks, [&](auto& out) {
        if (f.trailing().size() != 0) out.add(check::trailing_bytes, "file", 0, 0, s.end, f.trailing().size());
        count_references(f, t);
        check_nodes(f, s, t, out);
        const std::size_t owned = check_links(f, s, t, out);
        check_duplicate_links(f, s, t, owned, out);
        check_traversals(f, s, t, out);
        check_edicts(f, s, t, out);
    });
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
