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
// cheaper from anywhere (query_labels()): 60% of the entries on
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
#include <limits>
#include <vector>

#include "contraction.hpp"
#include "path.hpp"

namespace navspan::nav {

struct ch_detail_labeller {
    using label = contraction_hierarchy::label;
    static constexpr std::uint32_t none = contraction_hierarchy::none;
    contraction_hierarchy& h;
    std::uint64_t entry_limit = 0, work_limit = 0;
    explicit ch_detail_labeller(contraction_hierarchy& hierarchy) : h(hierarchy) {}
    // Per node, its labels while building: in building order, each at
    // first[v] (none: not made yet) with size count[v].
    struct side {
        std::vector<label> entries;
        std::vector<contraction_hierarchy::label_step> parents;
        std::vector<std::uint32_t> first, count;
    } fwd, bwd;
    // The label being made, by hub: infinite but for the hubs offered
    // (`hubs`), set back when the label is made (so the test of an entry
    // reads one array, with no stamp to check).
    static constexpr float unset = std::numeric_limits<float>::infinity();
    std::vector<float> tentative;
    std::vector<contraction_hierarchy::label_step> via;
    std::vector<std::uint64_t> hubs;  // each (its rank, the hub) in one word: sorted as integers
    std::vector<std::uint32_t> rank;  // per node: 0 for the last removed
    std::uint64_t work = 0;

    std::span<const label> of(const side& s, std::uint32_t v) const noexcept {
        return {s.entries.data() + s.first[v], s.count[v]};
    }
    // Node v's label on one side: `forward` merges the labels of up(v)
    // behind their edges, less the entries a hub above reaches cheaper;
    // backward likewise over down(v).
    bool make(std::uint32_t v, bool forward);
    bool run(const std::vector<std::uint32_t>& order);
    void store(const side& s, const std::vector<contraction_hierarchy::arc>& arcs, std::vector<std::uint32_t>& first,
               std::vector<label>& entries, std::vector<contraction_hierarchy::label_step>& parents) const;
    // The query labels of one side (contraction_hierarchy::forward_query_label()),
    // from its stored whole labels: a polygon with more links than this on
    // that side keeps its links' labels whole (the test is quadratic in the
    // links that share a hub).
    static constexpr std::size_t most_siblings = 32;
    void query_labels(const search_graph& g, const std::vector<std::uint32_t>& first, const std::vector<label>& entries,
                      bool forward);
};

inline bool ch_detail_labeller::make(std::uint32_t v, bool forward) {
    side& mine = forward ? fwd : bwd;
    const auto& first = forward ? h.up_first_ : h.down_first_;
    const auto& arcs = forward ? h.up_ : h.down_;
    hubs.clear();
    auto offer = [this](std::uint32_t hub, float d, contraction_hierarchy::label_step parent) {
        if (!(d < tentative[hub])) return;
        if (tentative[hub] == unset) hubs.push_back(std::uint64_t{rank[hub]} << 32 | hub);
        tentative[hub] = d;
        via[hub] = parent;
    };
    offer(v, 0.0f, {none, 0});
    for (std::uint32_t i = first[v]; i < first[v + 1]; ++i) {
        const auto& a = arcs[i];
        const auto above = of(mine, a.node);
        // (The entry's place in the label above: store() adds where that label goes.)
        for (std::uint32_t k = 0; k < above.size(); ++k) offer(above[k].hub, a.weight + above[k].dist, {i, k});
        work += mine.count[a.node];
    }
    // (The labels lie in memory in the order of their hubs' ranks.)
    std::sort(hubs.begin(), hubs.end());
    work += hubs.size();
    mine.first[v] = static_cast<std::uint32_t>(mine.entries.size());
    const auto& other_first = forward ? h.down_first_ : h.up_first_;
    const auto& other_arcs = forward ? h.down_ : h.up_;
    for (const std::uint64_t ranked : hubs) {
        const auto hub = static_cast<std::uint32_t>(ranked);
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
        mine.entries.push_back({hub, d});
        mine.parents.push_back(via[hub]);
    }
    mine.count[v] = static_cast<std::uint32_t>(mine.entries.size() - mine.first[v]);
    for (const std::uint64_t ranked : hubs) tentative[static_cast<std::uint32_t>(ranked)] = unset;
    work += hubs.size();
    return mine.entries.size() <= entry_limit && work <= work_limit;
}

inline bool ch_detail_labeller::run(const std::vector<std::uint32_t>& order) {
    const std::size_t n = h.node_count();
    for (side* s : {&fwd, &bwd}) {
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

// Into the hierarchy's arrays, by node (a query reads the labels of a
// polygon's links, which lie together), each hub by its rank; each
// parent's entry then indexes the whole array.
inline void ch_detail_labeller::store(const side& s, const std::vector<contraction_hierarchy::arc>& arcs,
                                      std::vector<std::uint32_t>& first, std::vector<label>& entries,
                                      std::vector<contraction_hierarchy::label_step>& parents) const {
    const std::size_t n = s.first.size();
    first.assign(n + 1, 0);
    for (std::size_t v = 0; v < n; ++v) first[v + 1] = first[v] + s.count[v];
    entries.resize(first[n]);
    parents.resize(first[n]);
    for (std::size_t v = 0; v < n; ++v) {
        const auto from = static_cast<std::ptrdiff_t>(s.first[v]), to = static_cast<std::ptrdiff_t>(first[v]);
        std::copy_n(s.entries.begin() + from, s.count[v], entries.begin() + to);
        std::copy_n(s.parents.begin() + from, s.count[v], parents.begin() + to);
    }
    for (std::size_t i = 0; i < parents.size(); ++i) {
        contraction_hierarchy::label_step& p = parents[i];
        if (p.arc == none) continue;
        const std::uint32_t above = arcs[p.arc].node;
        p.entry += first[above];
        if (above == entries[i].hub) p.arc |= contraction_hierarchy::label_step::to_hub;
    }
    for (label& e : entries) e.hub = rank[e.hub];
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
inline void ch_detail_labeller::query_labels(const search_graph& g, const std::vector<std::uint32_t>& first,
                                             const std::vector<label>& entries, bool forward) {
    const std::size_t n = h.node_count();
    std::vector<unsigned char> dropped(entries.size(), 0), sibling(entries.size(), 0);
    // A polygon's entries by hub, without a sort: each hub's latest entry
    // (for the polygon stamped in `group`), each entry the one before it.
    std::vector<std::uint32_t> latest(n, none), group(n, none), before(entries.size(), none);
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
        for (std::uint32_t k = 0; k < links.size(); ++k) {
            for (std::uint32_t i = first[links[k]]; i < first[links[k] + 1]; ++i) {
                const std::uint32_t hub = entries[i].hub;
                if (group[hub] != p) {
                    group[hub] = p;
                    latest[hub] = none;
                }
                sibling[i] = static_cast<unsigned char>(k);
                before[i] = latest[hub];
                latest[hub] = i;
            }
        }
        // Each entry against the others of its hub (at most one a link).
        for (std::uint32_t k = 0; k < links.size(); ++k) {
            for (std::uint32_t i = first[links[k]]; i < first[links[k] + 1]; ++i) {
                const float mine = entries[i].dist;
                for (std::uint32_t j = latest[entries[i].hub]; j != none; j = before[j]) {
                    ++work;
                    const float other = entries[j].dist + apart[k][sibling[j]];
                    if (j != i && other < mine && mine - other > 1e-5f * (mine + apart[k][sibling[j]])) {
                        dropped[i] = 1;
                        break;
                    }
                }
            }
        }
    }
    auto& query_first = forward ? h.fwd_query_first_ : h.bwd_query_first_;
    auto& query = forward ? h.fwd_query_ : h.bwd_query_;
    auto& parents = forward ? h.fwd_parent_ : h.bwd_parent_;
    const std::size_t kept = entries.size() - static_cast<std::size_t>(std::count(dropped.begin(), dropped.end(), 1));
    query_first.assign(n + 1, 0);
    query.clear();
    query.reserve(kept);
    // Forward by node (a polygon's links out are numbered in a row);
    // backward in the graph's order of links by target, so that the links
    // into a goal have their labels in one run of memory too.
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t v = forward ? static_cast<std::uint32_t>(k) : g.in_states_[k];
        for (std::uint32_t i = first[v]; i < first[v + 1]; ++i) {
            if (dropped[i] == 0) query.push_back(entries[i]);
        }
        query_first[k + 1] = static_cast<std::uint32_t>(query.size());
    }
    // Each whole label's parents reordered, its query entries first and in
    // the same order: a query entry's parent is then at the same offset in
    // its node's parents (where an index per query entry cost a load that
    // missed the cache, on the way to the corridor).
    std::vector<std::uint32_t> moved_to(entries.size());
    for (std::size_t v = 0; v < n; ++v) {
        std::uint32_t next = first[v];
        for (int pass = 0; pass < 2; ++pass) {
            for (std::uint32_t i = first[v]; i < first[v + 1]; ++i) {
                if ((dropped[i] == 0) == (pass == 0)) moved_to[i] = next++;
            }
        }
    }
    std::vector<contraction_hierarchy::label_step> reordered(parents.size());
    for (std::size_t i = 0; i < parents.size(); ++i) {
        contraction_hierarchy::label_step step = parents[i];
        if (step.arc != none) step.entry = moved_to[step.entry];
        reordered[moved_to[i]] = step;
    }
    parents.swap(reordered);
    (forward ? h.fwd_parent_first_ : h.bwd_parent_first_) = first;
    work += entries.size();
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
    std::vector<std::uint32_t> first;
    std::vector<label> entries;
    l.store(l.fwd, up_, first, entries, fwd_parent_);
    l.query_labels(g, first, entries, true);
    l.store(l.bwd, down_, first, entries, bwd_parent_);
    l.query_labels(g, first, entries, false);
    build_steps_ += l.work;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
