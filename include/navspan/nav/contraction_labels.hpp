// navspan/nav/contraction_labels.hpp - hub labels from a contraction
// hierarchy (contraction.hpp, which includes this): for every node v its
// forward label, the nodes its upward search reaches (its hubs) with the
// cost from v to each, and its backward label, the hubs whose downward
// edges reach v with the cost from each to v. A cheapest path climbs to its
// highest node and descends from it, and that node is a hub of both ends
// at its true cost: the least of forward(s)[h] + backward(t)[h] over the
// hubs the two labels share is the cost from s to t, found without a
// search (a scan of a few dozen entries at each end).
//
// The labels are made top down (the last removed first): a node's label is
// itself plus its upward neighbours' labels, each behind the edge to it;
// an entry dearer than a way the label already gives (v to another hub h',
// then one edge down from h' to h) is dropped: it is not the cost of a
// cheapest path, so no cheapest path uses it. Each entry keeps the upward
// edge it came through and the same hub's entry in the label at its other
// end (its parent): following parents from v climbs to the hub along
// upward edges, whose shortcuts unpack into the corridor.
//
// A query reads its ends' links' labels only, each less what a sibling
// link (out of the same start polygon, into the same goal polygon) gives
// cheaper from anywhere (drop_by_siblings()): 60% of the entries on
// Cheat_Room, 53% on ctf_sawmill. Once those are made, the whole labels
// keep only the parents a query's chain can read.
//
// Bounds: labels stop (the hierarchy keeps its upward edges and answers by
// searching them) once their entries, or the work of merging them, pass a
// fixed number per node.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "contraction.hpp"
#include "path.hpp"

namespace navspan::nav {

struct ch_detail_labeller {
    using label = contraction_hierarchy::label;
    using label_step = contraction_hierarchy::label_step;
    static constexpr std::uint32_t none = contraction_hierarchy::none;
    contraction_hierarchy& h;
    std::uint64_t entry_limit = 0, work_limit = 0;
    explicit ch_detail_labeller(contraction_hierarchy& hierarchy) : h(hierarchy) {}
    // Per node, its labels while building, in building order: in blocks
    // that never move once reserved (a label lies in one block, at
    // first[v] of block[v], count[v] entries; block none: not made yet).
    // One growing array moved every label at each doubling: on ctf_sawmill
    // a tenth of the whole build went to copying and to the page faults of
    // the fresh memory. An entry's *position* numbers it across the
    // blocks (block b's slots from base[b], in building order; the slots a
    // block leaves empty have one too): a parent (label_step) points at
    // its entry above by position while the labels are made. A block's
    // slots are a multiple of first_block, so a position's block is one
    // load (block_at). One side is made and laid out, then the other in
    // the same blocks and arrays (`used` of them: on ctf_sawmill a side's
    // 17 MB of fresh memory a page fault a page, some 4,000).
    static constexpr std::size_t first_block = 1024, largest_block = std::size_t{1} << 16;
    struct side {
        std::vector<std::vector<label>> entry_blocks;
        std::vector<std::vector<label_step>> parent_blocks;
        std::size_t used = 0;
        std::vector<std::uint32_t> block, first, count;
        std::vector<std::uint32_t> base{0};  // per block, and the end of the last
        std::vector<std::uint32_t> block_at;  // per first_block positions
        std::uint64_t total = 0;
        std::uint32_t position(std::uint32_t v) const noexcept { return base[block[v]] + first[v]; }
        const label_step& step_at(std::uint32_t position) const noexcept {
            const std::uint32_t b = block_at[position / first_block];
            return parent_blocks[b][position - base[b]];
        }
        void reset(std::size_t n) {
            block.assign(n, contraction_hierarchy::none);
            first.assign(n, 0);
            count.assign(n, 0);
            base.assign(1, 0);
            block_at.clear();
            used = 0;
            total = 0;
        }
    } labels;
    // finish()'s arrays by position (kept for the other side).
    std::vector<std::uint32_t> place, moved_to;
    std::vector<unsigned char> dropped;
    // The label being made, by hub: infinite but for the hubs offered
    // (`hubs`), set back when the label is made (so the test of an entry
    // reads one array, with no stamp to check).
    static constexpr float unset = std::numeric_limits<float>::infinity();
    std::vector<float> tentative;
    std::vector<label_step> via;
    std::vector<std::uint64_t> hubs;  // each (its rank, the hub) in one word: sorted as integers
    std::vector<std::uint32_t> rank;  // per node: 0 for the last removed
    std::uint64_t work = 0;

    static std::span<const label> of(const side& s, std::uint32_t v) noexcept {
        return {s.entry_blocks[s.block[v]].data() + s.first[v], s.count[v]};
    }
    static const label_step* parents_of(const side& s, std::uint32_t v) noexcept {
        return s.parent_blocks[s.block[v]].data() + s.first[v];
    }
    // Room in the last block for `entries` more (the next block if not,
    // grown where the other side's was smaller).
    static void make_room(side& s, std::size_t entries);
    // Node v's label on one side: `forward` merges the labels of up(v)
    // behind their edges, less the entries a hub above reaches cheaper;
    // backward likewise over down(v).
    bool make(std::uint32_t v, bool forward);
    // Every node's label on one side (top down), into `labels`.
    bool run(const std::vector<std::uint32_t>& order, bool forward);
    // One side's labels into the hierarchy (finish()): its query labels
    // and each whole entry's parent, the query entries' first (as heads).
    // A polygon with more links than most_siblings on that side keeps its
    // links' labels whole (the sibling test is quadratic in the links
    // that share a hub).
    static constexpr std::size_t most_siblings = 32;
    void finish(const search_graph& g, bool forward);
    // The new index of the entry at position p, where a head's chain goes
    // on from it (finish()); a dropped entry's step pushed the first time.
    std::uint32_t reached(std::uint32_t p, bool forward, std::uint32_t kept);
    // Whether a step's arc ends its chain (the hub's own entry, or to_hub).
    static bool chain_ends(std::uint32_t arc) noexcept { return arc == none || (arc & label_step::to_hub) != 0; }
    // Which entries a sibling link makes needless (1 in `dropped`, by
    // position: node v's from `place[v]`).
    void drop_by_siblings(const search_graph& g, bool forward);
};

inline void ch_detail_labeller::make_room(side& s, std::size_t entries) {
    const std::size_t slots = s.used == 0 ? 0 : s.base[s.used] - s.base[s.used - 1];
    if (s.used > 0 && slots - s.entry_blocks[s.used - 1].size() >= entries) return;
    const std::size_t grown = s.used == 0 ? first_block : std::min(2 * slots, largest_block);
    const std::size_t size = (std::max(grown, entries) + first_block - 1) / first_block * first_block;
    if (s.used == s.entry_blocks.size()) {
        s.entry_blocks.emplace_back();
        s.parent_blocks.emplace_back();
    }
    s.entry_blocks[s.used].clear();
    s.entry_blocks[s.used].reserve(size);
    s.parent_blocks[s.used].clear();
    s.parent_blocks[s.used].reserve(size);
    s.block_at.insert(s.block_at.end(), size / first_block, static_cast<std::uint32_t>(s.used));
    s.base.push_back(s.base.back() + static_cast<std::uint32_t>(size));
    ++s.used;
}

inline bool ch_detail_labeller::make(std::uint32_t v, bool forward) {
    side& mine = labels;
    const auto& first = forward ? h.up_first_ : h.down_first_;
    const auto& arcs = forward ? h.up_ : h.down_;
    hubs.clear();
    auto offer = [this](std::uint32_t hub, float d, label_step parent) {
        if (!(d < tentative[hub])) return;
        if (tentative[hub] == unset) hubs.push_back(std::uint64_t{rank[hub]} << 32 | hub);
        tentative[hub] = d;
        via[hub] = parent;
    };
    offer(v, 0.0f, {none, 0});
    // (Every label above asked for at once: each was made long before and
    // lies anywhere in the blocks.)
    for (std::uint32_t i = first[v]; i < first[v + 1]; ++i) {
        const auto above = of(mine, arcs[i].node);
        ch_detail_prefetch(above.data(), above.size_bytes());
    }
    for (std::uint32_t i = first[v]; i < first[v + 1]; ++i) {
        const auto& a = arcs[i];
        const auto above = of(mine, a.node);
        const std::uint32_t at = mine.position(a.node);
        for (std::uint32_t k = 0; k < above.size(); ++k) {
            const std::uint32_t arc = i | (above[k].hub == a.node ? label_step::to_hub : 0u);
            offer(above[k].hub, a.weight + above[k].dist, {arc, at + k});
        }
        work += mine.count[a.node];
    }
    // (The labels lie in memory in the order of their hubs' ranks.)
    std::sort(hubs.begin(), hubs.end());
    work += hubs.size();
    make_room(mine, hubs.size());
    std::vector<label>& entries = mine.entry_blocks[mine.used - 1];
    std::vector<label_step>& parents = mine.parent_blocks[mine.used - 1];
    mine.block[v] = static_cast<std::uint32_t>(mine.used - 1);
    mine.first[v] = static_cast<std::uint32_t>(entries.size());
    const auto& other_first = forward ? h.down_first_ : h.up_first_;
    const auto& other_arcs = forward ? h.down_ : h.up_;
    // (The parents' arcs with to_hub set where the chain ends, their
    // entries by position: as finish() reads them.)
    for (std::size_t j = 0; j < hubs.size(); ++j) {
        // (A few hubs ahead, their edges asked for: each hub's lie anywhere.)
        if (j + 8 < hubs.size()) NAVSPAN_PREFETCH(other_first.data() + static_cast<std::uint32_t>(hubs[j + 8]));
        if (j + 4 < hubs.size()) NAVSPAN_PREFETCH(other_arcs.data() + other_first[static_cast<std::uint32_t>(hubs[j + 4])]);
        const auto hub = static_cast<std::uint32_t>(hubs[j]);
        const float d = tentative[hub];
        bool dearer = false;
        // Dropped if a hub above it reaches it cheaper by one edge down
        // (the test of a stalled node in a search over upward edges: the
        // full test, through every hub of the other side's label, costs
        // a label's length per entry and drops 1% more).
        for (std::uint32_t i = other_first[hub]; i < other_first[hub + 1]; ++i) {
            const auto& a = other_arcs[i];
            if (tentative[a.node] + a.weight < d) {
                dearer = true;
                break;
            }
        }
        work += other_first[hub + 1] - other_first[hub];
        if (dearer) continue;
        entries.push_back({hub, d});  // (within the room made: no label moves)
        parents.push_back(via[hub]);
    }
    mine.count[v] = static_cast<std::uint32_t>(entries.size() - mine.first[v]);
    mine.total += mine.count[v];
    for (const std::uint64_t ranked : hubs) tentative[static_cast<std::uint32_t>(ranked)] = unset;
    work += hubs.size();
    return mine.total <= entry_limit && work <= work_limit;
}

inline bool ch_detail_labeller::run(const std::vector<std::uint32_t>& order, bool forward) {
    const std::size_t n = h.node_count();
    labels.reset(n);
    if (rank.size() != n) {
        tentative.assign(n, unset);
        rank.assign(n, 0);
        for (std::size_t i = 0; i < order.size(); ++i) rank[order[i]] = static_cast<std::uint32_t>(order.size() - 1 - i);
        via.assign(n, {none, 0});
    }
    for (std::size_t i = order.size(); i-- > 0;) {
        if (!make(order[i], forward)) return false;
    }
    return true;
}

// For each polygon, its links' entries on one side gathered by hub (a
// chain per hub, no sort); an entry goes when a sibling's entry for the
// same hub, plus the distance between the two links' midpoints, is lower
// by more than float rounding makes up: from any point the sibling's way
// is then the cheaper (the triangle inequality), so the least a query
// takes over the polygon's links is the same. Of a hub's entries the
// cheapest always stays. On Cheat_Room (475 triangles) this keeps 60% of
// the entries a query scans; time O(entries x most_siblings), memory
// O(entries + nodes).
inline void ch_detail_labeller::drop_by_siblings(const search_graph& g, bool forward) {
    const side& s = labels;
    const std::size_t n = h.node_count();
    // A polygon's entries (numbered in a row, link by link) by hub,
    // without a sort: each hub's latest entry (for the polygon stamped in
    // `group`), each entry the one before it, its link and its cost.
    std::vector<std::uint32_t> latest(n, none), group(n, none), before;
    std::vector<unsigned char> sibling;
    std::vector<float> costs;
    std::vector<std::uint32_t> links;
    float apart[most_siblings][most_siblings];
    for (polygon_index p = 0; p < g.polygon_count(); ++p) {
        links.clear();
        if (forward) {
            for (std::uint32_t x = g.out_begin(p); x < g.out_end(p); ++x) links.push_back(x);
        } else {
            for (std::uint32_t j = g.in_first_[p]; j < g.in_first_[p + 1]; ++j) links.push_back(g.in_states_[j]);
        }
        if (links.size() < 2 || links.size() > most_siblings) continue;
        for (std::size_t a = 0; a < links.size(); ++a) {
            for (std::size_t b = 0; b < links.size(); ++b) apart[a][b] = path_detail::plan_distance3(g.plan_point(links[a]), g.plan_point(links[b]));
        }
        before.clear();
        sibling.clear();
        costs.clear();
        for (std::uint32_t k = 0; k < links.size(); ++k) {
            for (const label& e : of(s, links[k])) {
                if (group[e.hub] != p) {
                    group[e.hub] = p;
                    latest[e.hub] = none;
                }
                sibling.push_back(static_cast<unsigned char>(k));
                costs.push_back(e.dist);
                before.push_back(latest[e.hub]);
                latest[e.hub] = static_cast<std::uint32_t>(before.size() - 1);
            }
        }
        // Each entry against the others of its hub (at most one a link).
        std::uint32_t i = 0;  // (the entry's number in the polygon)
        for (std::uint32_t k = 0; k < links.size(); ++k) {
            const std::span<const label> mine = of(s, links[k]);
            for (std::uint32_t e = 0; e < mine.size(); ++e, ++i) {
                const float cost = costs[i];
                for (std::uint32_t j = latest[mine[e].hub]; j != none; j = before[j]) {
                    ++work;
                    const float other = costs[j] + apart[k][sibling[j]];
                    if (j != i && other < cost && cost - other > 1e-5f * (cost + apart[k][sibling[j]])) {
                        dropped[place[links[k]] + e] = 1;
                        break;
                    }
                }
            }
        }
    }
}

// The query labels, forward by node, backward in the graph's order of
// links by target (search_graph::in_states_), so that the links into a
// goal have theirs in one run of memory too; each hub by its rank. And
// the parents as a query reads them: a chain_head for each query entry,
// at the same index as the query entry (the corridor's chains start
// there, with no index to load on the way: on Cheat_Room in the bench's
// rounds the chains' loads were a third of a query), then the steps of
// the dropped entries a chain can reach (reached()), each pointing at the
// same hub's entry above by its index (heads' count and up). A head's
// second step lies anywhere: asked for a few entries ahead, and then its
// entry's new index.
inline void ch_detail_labeller::finish(const search_graph& g, bool forward) {
    const side& s = labels;
    const std::size_t n = h.node_count();
    const std::uint32_t positions = s.base.back();
    place.resize(n);  // (each node's position: one load, not three)
    for (std::uint32_t v = 0; v < n; ++v) place[v] = s.count[v] == 0 ? 0 : s.position(v);
    dropped.assign(positions, 0);
    drop_by_siblings(g, forward);
    auto node_at = [&](std::size_t k) { return forward ? static_cast<std::uint32_t>(k) : g.in_states_[k]; };
    // Each position's new index: the query entries in query order; a
    // dropped entry's, once a chain reaches it (reached()).
    moved_to.assign(positions, none);
    std::uint32_t kept = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t v = node_at(k);
        for (std::uint32_t i = place[v]; i < place[v] + s.count[v]; ++i) {
            if (dropped[i] == 0) moved_to[i] = kept++;
        }
    }
    (forward ? h.fwd_parent_ : h.bwd_parent_).clear();
    std::vector<contraction_hierarchy::chain_head>& heads = forward ? h.fwd_head_ : h.bwd_head_;
    heads.clear();
    heads.reserve(kept);
    contraction_hierarchy::query_labels& query = forward ? h.fwd_query_ : h.bwd_query_;
    const bool wide = h.wide_hubs();
    query.first.assign(n + 1, 0);
    query.narrow.clear();  // (one of the two is filled)
    query.wide.clear();
    if (wide) query.wide.reserve(kept);
    else query.narrow.reserve(kept);
    constexpr std::uint32_t ahead = 8;  // (entries: a second step asked for this far ahead, its new index half as far)
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t v = node_at(k);
        const std::span<const label> entries = of(s, v);
        const label_step* parents = parents_of(s, v);
        for (std::uint32_t i = 0; i < entries.size(); ++i) {
            if (i + ahead < entries.size() && !chain_ends(parents[i + ahead].arc)) NAVSPAN_PREFETCH(&s.step_at(parents[i + ahead].entry));
            if (i + ahead / 2 < entries.size() && !chain_ends(parents[i + ahead / 2].arc)) {
                NAVSPAN_PREFETCH(moved_to.data() + s.step_at(parents[i + ahead / 2].entry).entry);
            }
            if (dropped[place[v] + i] != 0) continue;
            // Two steps and the entry the third starts from.
            contraction_hierarchy::chain_head head{{parents[i].arc, none}, none};
            if (!chain_ends(parents[i].arc)) {
                const label_step second = s.step_at(parents[i].entry);
                head.arc[1] = second.arc;
                if (!chain_ends(second.arc)) head.entry = reached(second.entry, forward, kept);
            }
            heads.push_back(head);
            const std::uint32_t hub = rank[entries[i].hub];  // (< node_count(): 16 bits unless wide)
            if (wide) {
                query.wide.push_back({hub, entries[i].dist});
            } else {
                contraction_hierarchy::narrow_label e{static_cast<std::uint16_t>(hub), {}};
                std::memcpy(e.dist_bytes, &entries[i].dist, sizeof(float));
                query.narrow.push_back(e);
            }
        }
        query.first[k + 1] = static_cast<std::uint32_t>(wide ? query.wide.size() : query.narrow.size());
    }
    query.polygon_range.resize(2 * std::size_t{g.polygon_count()});
    for (polygon_index p = 0; p < g.polygon_count(); ++p) {
        query.polygon_range[2 * std::size_t{p}] = query.first[forward ? g.out_begin(p) : g.in_first_[p]];
        query.polygon_range[2 * std::size_t{p} + 1] = query.first[forward ? g.out_end(p) : g.in_first_[p + 1]];
    }
    work += s.total;
}

// A chain's third entry on is nearly always a query entry: a sibling
// that reaches the hub cheaper from anywhere seldom lies on a cheapest
// way up. So only the dropped entries a chain can reach keep a step (89
// of ctf_sawmill's 520,096 forward, 36 of Cheat_Room's 29,249), not each
// (8 bytes each: 8.0 of ctf_sawmill's 35.7 MB). Entry p and the dropped
// entries above it on its chain not reached before get the next indices,
// up to a query entry, one reached before or the chain's end; then their
// steps are pushed in that order. Each entry once: O(entries) in all.
inline std::uint32_t ch_detail_labeller::reached(std::uint32_t p, bool forward, std::uint32_t kept) {
    if (moved_to[p] != none) return moved_to[p];
    std::vector<label_step>& steps = forward ? h.fwd_parent_ : h.bwd_parent_;
    const auto first_new = static_cast<std::uint32_t>(kept + steps.size());
    std::uint32_t next = first_new;
    for (std::uint32_t q = p; moved_to[q] == none;) {
        moved_to[q] = next++;
        const label_step& up = labels.step_at(q);
        if (chain_ends(up.arc)) break;
        q = up.entry;
    }
    for (std::uint32_t q = p;;) {
        const label_step& up = labels.step_at(q);
        steps.push_back({up.arc, chain_ends(up.arc) ? 0 : moved_to[up.entry]});
        if (chain_ends(up.arc) || moved_to[up.entry] < first_new) break;
        q = up.entry;
    }
    return moved_to[p];
}

inline void contraction_hierarchy::make_labels(const search_graph& g, const std::vector<std::uint32_t>& order,
                                               std::uint32_t entries_per_node) {
    ch_detail_labeller l(*this);
    // (At most 2^29 entries a side: positions, with the blocks' empty
    // slots, at most about twice the entries, stay below 2^32.)
    l.entry_limit = std::min<std::uint64_t>(std::uint64_t{entries_per_node} * node_count() + 1024, std::uint64_t{1} << 29);
    // Merging a label costs the labels above it: bounded per node too
    // (every corpus map stays far below: the tests check its labels).
    l.work_limit = 256 * std::uint64_t{entries_per_node} * node_count() + 65536;
    for (const bool forward : {true, false}) {
        if (!l.run(order, forward)) {
            // (A hierarchy has labels on both sides or on neither.)
            fwd_query_ = {};
            fwd_head_ = {};
            fwd_parent_ = {};
            build_steps_ += l.work;
            return;
        }
        l.finish(g, forward);
    }
    build_steps_ += l.work;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
