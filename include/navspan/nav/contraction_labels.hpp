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
// keep only their parents.
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
    // the fresh memory.
    struct side {
        std::vector<std::vector<label>> entry_blocks;
        std::vector<std::vector<label_step>> parent_blocks;
        std::vector<std::uint32_t> block, first, count;
        std::uint64_t total = 0;
    } fwd, bwd;
    static constexpr std::size_t first_block = 1024, largest_block = std::size_t{1} << 16;
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
    // Room in the last block for `entries` more (a new block if not).
    static void make_room(side& s, std::size_t entries);
    // Node v's label on one side: `forward` merges the labels of up(v)
    // behind their edges, less the entries a hub above reaches cheaper;
    // backward likewise over down(v).
    bool make(std::uint32_t v, bool forward);
    bool run(const std::vector<std::uint32_t>& order);
    // One side's labels into the hierarchy (finish()): its query labels
    // and each whole entry's parent, the query entries' first.
    // A polygon with more links than most_siblings on that side keeps its
    // links' labels whole (the sibling test is quadratic in the links
    // that share a hub).
    static constexpr std::size_t most_siblings = 32;
    void finish(const search_graph& g, const side& s, bool forward);
    // Which entries a sibling link makes needless (1 in `dropped`, by
    // node as finish() lays them out from `place`).
    void drop_by_siblings(const search_graph& g, const side& s, bool forward, const std::vector<std::uint32_t>& place,
                          std::vector<unsigned char>& dropped);
};

inline void ch_detail_labeller::make_room(side& s, std::size_t entries) {
    if (!s.entry_blocks.empty() && s.entry_blocks.back().capacity() - s.entry_blocks.back().size() >= entries) return;
    const std::size_t grown = s.entry_blocks.empty() ? first_block : std::min(2 * s.entry_blocks.back().capacity(), largest_block);
    const std::size_t size = std::max(grown, entries);
    s.entry_blocks.emplace_back().reserve(size);
    s.parent_blocks.emplace_back().reserve(size);
}

inline bool ch_detail_labeller::make(std::uint32_t v, bool forward) {
    side& mine = forward ? fwd : bwd;
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
        // (The entry's place in the label above: finish() adds where that label goes.)
        for (std::uint32_t k = 0; k < above.size(); ++k) offer(above[k].hub, a.weight + above[k].dist, {i, k});
        work += mine.count[a.node];
    }
    // (The labels lie in memory in the order of their hubs' ranks.)
    std::sort(hubs.begin(), hubs.end());
    work += hubs.size();
    make_room(mine, hubs.size());
    std::vector<label>& entries = mine.entry_blocks.back();
    std::vector<label_step>& parents = mine.parent_blocks.back();
    mine.block[v] = static_cast<std::uint32_t>(mine.entry_blocks.size() - 1);
    mine.first[v] = static_cast<std::uint32_t>(entries.size());
    const auto& other_first = forward ? h.down_first_ : h.up_first_;
    const auto& other_arcs = forward ? h.down_ : h.up_;
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

inline bool ch_detail_labeller::run(const std::vector<std::uint32_t>& order) {
    const std::size_t n = h.node_count();
    for (side* s : {&fwd, &bwd}) {
        s->block.assign(n, none);
        s->first.assign(n, 0);
        s->count.assign(n, 0);
    }
    tentative.assign(n, unset);
    rank.assign(n, 0);
    for (std::size_t i = 0; i < order.size(); ++i) rank[order[i]] = static_cast<std::uint32_t>(order.size() - 1 - i);
    via.assign(n, {none, 0});
    for (std::size_t i = order.size(); i-- > 0;) {
        if (!make(order[i], true) || !make(order[i], false)) return false;
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
inline void ch_detail_labeller::drop_by_siblings(const search_graph& g, const side& s, bool forward,
                                                 const std::vector<std::uint32_t>& place,
                                                 std::vector<unsigned char>& dropped) {
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
// the parents of every whole entry: a chain_head for each query entry, at
// the same index as the query entry (the corridor's chains start there,
// with no index to load on the way: on Cheat_Room in the bench's rounds
// the chains' loads were a third of a query), then the dropped entries'
// label_steps, each step pointing at the same hub's entry above by its
// index (heads' count and up).
inline void ch_detail_labeller::finish(const search_graph& g, const side& s, bool forward) {
    const std::size_t n = h.node_count();
    const auto& arcs = forward ? h.up_ : h.down_;
    // Each node's whole entries numbered in a row (by node), while laid out.
    std::vector<std::uint32_t> whole_first(n + 1, 0);
    for (std::size_t v = 0; v < n; ++v) whole_first[v + 1] = whole_first[v] + s.count[v];
    const std::uint32_t total = whole_first[n];
    std::vector<unsigned char> dropped(total, 0);
    drop_by_siblings(g, s, forward, whole_first, dropped);
    auto node_at = [&](std::size_t place) { return forward ? static_cast<std::uint32_t>(place) : g.in_states_[place]; };
    // Where each whole entry goes: the query entries in query order, then the rest.
    std::vector<std::uint32_t> moved_to(total);
    std::uint32_t kept = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t v = node_at(k);
        for (std::uint32_t i = whole_first[v]; i < whole_first[v + 1]; ++i) {
            if (dropped[i] == 0) moved_to[i] = kept++;
        }
    }
    std::uint32_t rest = kept;
    for (std::uint32_t i = 0; i < total; ++i) {
        if (dropped[i] != 0) moved_to[i] = rest++;
    }
    // Entry k of node v's step as kept: its edge, to_hub set where the
    // edge's other end is the entry's hub, and where it goes on (that end,
    // and the hub's entry there, by its place in that end's label).
    std::vector<const label_step*> parents(n);  // (each node's in its block: one load, not three)
    for (std::uint32_t v = 0; v < n; ++v) parents[v] = parents_of(s, v);
    struct step_up {
        std::uint32_t arc, above, entry;
    };
    auto step_of = [&](std::uint32_t v, std::uint32_t k) {
        const label_step step = parents[v][k];
        if (step.arc == none) return step_up{none, none, 0};  // (the hub's own entry)
        const std::uint32_t above = arcs[step.arc].node;
        return step_up{step.arc | (above == of(s, v)[k].hub ? label_step::to_hub : 0u), above, step.entry};
    };
    // A query entry's first two steps (chain_head).
    auto head_of = [&](std::uint32_t v, std::uint32_t k) {
        contraction_hierarchy::chain_head head{{none, none}, none};
        for (int i = 0; i < 2; ++i) {
            const step_up up = step_of(v, k);
            head.arc[i] = up.arc;
            if (up.arc == none || (up.arc & label_step::to_hub) != 0) return head;
            v = up.above;
            k = up.entry;
        }
        head.entry = moved_to[whole_first[v] + k];
        return head;
    };
    // The dropped entries' steps, in the order their indices were given
    // above (pushed: nothing is zeroed first only to be written over).
    std::vector<label_step>& steps = forward ? h.fwd_parent_ : h.bwd_parent_;
    steps.clear();
    steps.reserve(total - kept);
    for (std::uint32_t v = 0; v < n; ++v) {
        for (std::uint32_t k = 0; k < s.count[v]; ++k) {
            if (dropped[whole_first[v] + k] == 0) continue;
            const step_up up = step_of(v, k);
            steps.push_back({up.arc, up.arc == none ? 0 : moved_to[whole_first[up.above] + up.entry]});
        }
    }
    // The query entries and their heads, in query order.
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
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t v = node_at(k);
        const std::span<const label> entries = of(s, v);
        for (std::uint32_t i = 0; i < entries.size(); ++i) {
            if (dropped[whole_first[v] + i] != 0) continue;
            heads.push_back(head_of(v, i));
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
    work += total;
}

inline void contraction_hierarchy::make_labels(const search_graph& g, const std::vector<std::uint32_t>& order,
                                               std::uint32_t entries_per_node) {
    ch_detail_labeller l(*this);
    l.entry_limit = std::uint64_t{entries_per_node} * node_count() + 1024;
    // Merging a label costs the labels above it: bounded per node too
    // (every corpus map stays far below: the tests check its labels).
    l.work_limit = 256 * std::uint64_t{entries_per_node} * node_count() + 65536;
    const bool done = l.run(order);
    if (!done) {
        build_steps_ += l.work;
        return;
    }
    l.finish(g, l.fwd, true);
    l.fwd = {};  // (its memory back before the other side's is laid out)
    l.finish(g, l.bwd, false);
    build_steps_ += l.work;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
