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

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../core/error.hpp"
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

// Runs the checks of validate_checks in `checks` (every one by default) and
// calls sink(const finding&) for each (at most findings_per_check per check,
// then one closing finding per capped check). Fails only with
// limit_exceeded when `storage` is smaller than
// validate_storage_needed(file, checks). Allocates nothing.
template <class Sink>
error validate(const nav_file& f, std::span<std::uint32_t> storage, Sink&& sink, check_set checks = {}) {
    const std::size_t need = validate_storage_needed(f, checks);
    if (storage.size() < need) {
        return navspan::detail::fail(error_code::limit_exceeded, 0, "validate storage", need, storage.size());
    }
    navspan::detail::finding_gate<check::count, Sink> out(validate_checks, sink, checks);
    const bool duplicates = out.wants(check::duplicate_link);
    const std::size_t nodes = f.node_count(), links = f.link_count();
    std::span<std::uint32_t> rest = storage;
    auto take = [&](std::size_t n) {
        const auto s = rest.first(n);
        rest = rest.subspan(n);
        std::fill(s.begin(), s.end(), 0u);
        return s;
    };
    const auto incoming = take(nodes);
    const auto by_start = take(nodes);           // node indices sorted by first link
    const auto owner = take(links);
    const auto coverage = take(links + 1);       // deltas, then running counts
    const auto edicts_of_link = take(links);
    const auto seen_edicts = take(links);
    const auto by_key = take(duplicates ? links : 0);  // owned links sorted for duplicates
    const auto traversal_users = take(f.traversal_count());

    // Section offsets (the sections follow each other, fixed record sizes).
    const std::uint64_t node_at = f.layout().header_size;
    const std::uint64_t origin_at = node_at + std::uint64_t{nodes} * sizes::node;
    const std::uint64_t link_at = origin_at + std::uint64_t{nodes} * sizes::node_origin;
    const std::uint64_t traversal_at = link_at + std::uint64_t{links} * sizes::link;
    const std::uint64_t edict_at = traversal_at + std::uint64_t{f.traversal_count()} * sizes::traversal + sizes::edict_count;
    const std::uint64_t end = edict_at + std::uint64_t{f.edict_count()} * f.layout().edict_size;
    auto finite = [](const vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };

    if (f.trailing().size() != 0) out.add(check::trailing_bytes, "file", 0, 0, end, f.trailing().size());

    // Link ownership: ranges swept in order of their start (n log n + links).
    std::size_t ranged = 0;
    for (const node n : f.nodes()) {
        const link_view own = n.links();  // empty when out of range
        if (own.empty()) continue;
        by_start[ranged++] = n.index();
        ++coverage[own.first_index()];
        --coverage[own.first_index() + own.size()];  // modular: the running sums below stay exact
    }
    const auto starts = by_start.first(ranged);
    auto first_of = [&](std::uint32_t node_index) { return f.nodes()[node_index].links().first_index(); };
    std::sort(starts.begin(), starts.end(), [&](std::uint32_t a, std::uint32_t b) {
        const std::uint32_t fa = first_of(a), fb = first_of(b);
        return fa != fb ? fa < fb : a < b;
    });
    {
        std::size_t next = 0;
        std::uint32_t best_end = 0, best = no_owner, covering = 0;
        for (std::uint32_t j = 0; j < links; ++j) {
            for (; next < starts.size() && first_of(starts[next]) <= j; ++next) {
                const link_view r = f.nodes()[starts[next]].links();
                const auto range_end = static_cast<std::uint32_t>(r.first_index() + r.size());
                if (range_end > best_end) {
                    best_end = range_end;
                    best = starts[next];
                }
            }
            owner[j] = best_end > j ? best : no_owner;
            covering += coverage[j];
            coverage[j] = covering;
        }
    }

    for (const link l : f.links()) {
        if (l.destination_node()) ++incoming[l.destination()];
    }
    for (const edict e : f.edicts()) {
        if (e.link()) ++edicts_of_link[e.link_index()];
    }

    for (const node n : f.nodes()) {
        const std::uint64_t at = node_at + std::uint64_t{n.index()} * sizes::node;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "node", n.index(), n.index(), offset, value);
        };
        const std::uint32_t range_end = std::uint32_t{n.first_link()} + n.link_count();
        if (range_end > links) add(check::node_links_out_of_range, at + fields::node_first_link, range_end);
        if (n.link_count() > 12) add(check::too_many_links, at + fields::node_link_count, n.link_count());
        if (n.flags().unnamed_bits() != 0) add(check::unknown_node_flags, at + fields::node_flags, n.flags_raw());
        if (n.link_count() == 0 && incoming[n.index()] == 0) add(check::isolated_node, at);
        if (!finite(n.position())) add(check::non_finite_position, origin_at + std::uint64_t{n.index()} * sizes::node_origin);
    }

    std::size_t owned = 0;
    for (const link l : f.links()) {
        const std::uint32_t j = l.index();
        const std::uint64_t at = link_at + std::uint64_t{j} * sizes::link;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "link", j, j, offset, value);
        };
        if (!l.destination_node()) add(check::link_into_nothing, at + fields::link_destination, l.destination());
        else if (owner[j] != no_owner && l.destination() == owner[j]) add(check::link_to_self, at + fields::link_destination, owner[j]);
        if (l.has_traversal() && !l.traversal()) add(check::missing_traversal, at + fields::link_traversal, l.traversal_index());
        else if (l.has_traversal()) ++traversal_users[l.traversal_index()];
        if (coverage[j] == 0) add(check::unowned_link, at);
        else if (coverage[j] > 1) add(check::shared_link, at, coverage[j]);
        if (l.type_name().empty() || l.type() == link_type::unknown) add(check::unknown_link_type, at + fields::link_type, l.type_raw());
        if ((l.type() == link_type::elevator || l.type() == link_type::train) && edicts_of_link[j] == 0) {
            add(check::moving_link_without_edict, at + fields::link_type, l.type_raw());
        }
        if (duplicates && owner[j] != no_owner && l.destination_node()) by_key[owned++] = j;
    }
    // Duplicates: same owner, destination and type (sorted, then adjacent).
    const auto keyed = by_key.first(owned);
    auto key = [&](std::uint32_t j) {
        const link l = f.links()[j];
        return std::uint64_t{owner[j]} << 32 | std::uint64_t{l.destination()} << 16 | l.type_raw();
    };
    std::sort(keyed.begin(), keyed.end(), [&](std::uint32_t a, std::uint32_t b) {
        const std::uint64_t ka = key(a), kb = key(b);
        return ka != kb ? ka < kb : a < b;
    });
    for (std::size_t i = 1; i < keyed.size(); ++i) {
        if (key(keyed[i]) == key(keyed[i - 1])) {
            out.add(check::duplicate_link, "link", keyed[i], keyed[i], link_at + std::uint64_t{keyed[i]} * sizes::link,
                    keyed[i - 1]);
        }
    }

    for (const traversal t : f.traversals()) {
        const std::uint64_t at = traversal_at + std::uint64_t{t.index()} * sizes::traversal;
        const std::uint32_t users = traversal_users[t.index()];
        if (users == 0) out.add(check::unused_traversal, "traversal", t.index(), t.index(), at);
        if (users > 1) out.add(check::shared_traversal, "traversal", t.index(), t.index(), at, users);
        if (!finite(t.node_exit()) || !finite(t.jump_start()) || !finite(t.jump_end())) {
            out.add(check::non_finite_position, "traversal", t.index(), t.index(), at);
        }
    }

    for (const edict e : f.edicts()) {
        const std::uint64_t at = edict_at + std::uint64_t{e.index()} * f.layout().edict_size;
        auto add = [&](std::size_t c, std::uint64_t offset, std::uint64_t value = 0) {
            out.add(c, "edict", e.index(), e.index(), offset, value);
        };
        if (!e.link()) add(check::edict_link_into_nothing, at + fields::edict_link, e.link_index());
        else if (++seen_edicts[e.link_index()] == 2) add(check::shared_edict_link, at + fields::edict_link, edicts_of_link[e.link_index()]);
        const vec3 lo = e.bounds().min, hi = e.bounds().max;
        if (!finite(lo) || !finite(hi)) add(check::non_finite_position, at + fields::edict_mins);
        else if (!(lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z)) add(check::inverted_edict_box, at + fields::edict_mins);
        if (const auto id = e.entity_id(); id && *id >= 0) add(check::non_negative_entity_id, at + fields::edict_tail, static_cast<std::uint64_t>(*id));
    }
    out.finish();
    return {};
}

}  // namespace navspan::quake
#include "../core/min_max_pop.hpp"
