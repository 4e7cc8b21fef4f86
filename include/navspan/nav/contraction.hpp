// navspan/nav/contraction.hpp - a contraction hierarchy over the search
// graph's states, and hub labels from it (contraction_labels.hpp):
// find_exact_path's costs (the default distance cost) without a search,
// with memory linear in the links (a bounded number of label entries per
// link; the all-pairs table of pair_table.hpp costs links x polygons x 2
// bytes). The usual way in is the graph's option:
//
//   navspan::nav::search_graph::options o;
//   o.hierarchy = true;
//   auto graph = navspan::nav::search_graph::build(mesh, o);         // once
//   navspan::nav::search_scratch scratch(graph);                     // per thread
//   auto found = navspan::nav::find_exact_path(graph, start, start_point,
//                                              goal, goal_point, scratch);
//
// or a hierarchy of its own beside a graph (contraction_query.hpp):
//
//   auto ch = navspan::nav::contraction_hierarchy::build(graph);
//   navspan::nav::ch_scratch ch_scratch(ch);
//   auto found = navspan::nav::find_exact_path(ch, start, start_point,
//                                              goal, goal_point, ch_scratch);
//
// The graph it contracts is the one find_exact_path searches with the
// default cost: a node per state (a link, standing on its portal's
// midpoint), an edge s -> x for every link x out of s's target but those
// stepping straight back into s's source, weighing the step's length.
// Building removes the nodes one by one, least important first (the fewest
// shortcuts added less edges removed, plus the neighbours already removed:
// spreads the removals over the map); removing v adds a shortcut u -> w
// (through v) for each pair of its remaining neighbours whose cheapest way
// runs through v, unless a bounded witness search from u (or back from w,
// whichever side of v has fewer neighbours) finds a way round v no dearer.
// Each node keeps the edges to the nodes removed after it: its upward
// edges, both ways, in two CSR arrays. A cheapest path then climbs
// and descends once, so a Dijkstra from the start's links over the upward
// edges and one from the goal's links over the upward edges backwards meet
// on its highest node, each settling few nodes (the search used when the
// labels were not made); the hub labels hold those searches' results. The
// shortcuts on the way keep their middle node and the indices of their two
// halves, and unpack to the full sequence of states.
//
// Bounds: building stops (the hierarchy stays empty()) where the graph
// computes its step lengths while searching (lengths_precomputed() false:
// polygons with very many links in and out, crafted files), or where the
// shortcuts or the witness searches' work pass a fixed number per edge; so
// memory and time stay O(links) on any file. A caller then searches the
// graph itself.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <span>
#include <utility>
#include <vector>

#include "contraction_data.hpp"
#include "graph.hpp"
#include "heap.hpp"
#include "path.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The building: the graph as adjacency lists that shrink as nodes are
// removed and grow with shortcuts, witness searches, the lazy queue.
struct ch_detail_builder {
    using options = contraction_hierarchy::options;
    static constexpr std::uint32_t none = contraction_hierarchy::none;
    struct edge {
        std::uint32_t node;
        float weight;
        std::uint32_t middle;
    };
    struct kept {  // an upward edge, before the CSR arrays
        std::uint32_t low;  // the end removed first (whose list holds it)
        edge e;
    };
    const search_graph& g;
    options opt;
    std::vector<std::vector<edge>> out, in;  // each list by weight (load, add_or_improve)
    std::vector<unsigned char> removed;
    std::vector<std::uint32_t> removed_neighbours, level;
    std::vector<kept> ups, downs;
    std::vector<std::uint32_t> order;  // the nodes as removed
    // The witness search's state (stamped: never cleared).
    // Per node, together (a relaxation touches one cache line, not four):
    // the witness search's distance, hop count and stamp, and the stamp
    // saying the node is a target of the current removal.
    struct witness_state {
        float dist;
        std::uint32_t stamp;
        std::uint32_t target;
        std::uint32_t hops;
        float via;          // a target's: the weight of the removed node's edge to it
        std::uint32_t pos;  // where it is in `open` (settled: off the heap)
    };
    static constexpr std::uint32_t settled_pos = none;
    std::vector<witness_state> state;
    // The witness search's open nodes: a binary heap (heap.hpp) of
    // (distance, node) packed in one word whose order as an integer is the
    // pair's (distances are never negative, and a non-negative float's
    // bits order as its value), each node in it once: a cheaper way moves
    // its entry up (state's pos says where it is). A heap of stale entries
    // instead (a new one pushed per cheaper way) popped more of them than
    // live ones on ctf_sawmill (6.2 million of 11.7). Nodes leave in the
    // same order either way (the words are unique), so the hierarchy is the
    // same.
    std::vector<std::uint64_t> open;
    static std::uint64_t open_entry(float d, std::uint32_t node) noexcept {
        std::uint32_t bits;
        std::memcpy(&bits, &d, 4);
        return (std::uint64_t{bits} << 32) | node;
    }
    auto open_placed() noexcept {
        return [this](std::size_t slot, std::uint64_t entry) {
            state[static_cast<std::uint32_t>(entry)].pos = static_cast<std::uint32_t>(slot);
        };
    }
    // Puts `entry` at slot i (a new one's, or its node's own) and moves it up.
    void open_up(std::size_t i, std::uint64_t entry) noexcept {
        heap_detail::sift_up(open.data(), i, entry, std::less<std::uint64_t>(), open_placed());
    }
    std::uint64_t open_pop() noexcept {
        std::size_t size = open.size();
        const std::uint64_t top = heap_detail::pop(open.data(), size, std::less<std::uint64_t>(), open_placed());
        open.pop_back();
        state[static_cast<std::uint32_t>(top)].pos = settled_pos;
        return top;
    }
    std::uint32_t generation = 0;
    std::uint64_t work = 0, work_limit = 0, shortcuts = 0, shortcut_limit = 0, edges = 0;

    ch_detail_builder(const search_graph& graph, options o) : g(graph), opt(o) {}
    void load();
    void witness(std::uint32_t from, std::uint32_t avoid, float first, std::uint32_t targets, std::uint32_t unmet,
                 bool backward);
    std::uint32_t target_mark = 0;
    bool witnessed(std::uint32_t w, float cost) const noexcept { return state[w].stamp == generation && state[w].dist <= cost; }
    // The shortcuts removing v would add, into `pending` (tail, edge).
    void shortcuts_of(std::uint32_t v);
    void add_or_improve(std::uint32_t u, std::uint32_t w, float weight, std::uint32_t middle);
    std::vector<kept> pending;
    // Removal order: the fewest shortcuts for the edges a removal takes
    // away (twice the shortcuts less the edges), then the neighbours
    // already removed (spreads removals over the map) and the level (the
    // most removals below a node: keeps the hierarchy shallow, so a
    // query climbs few levels).
    std::int64_t priority(std::uint32_t v) {
        shortcuts_of(v);
        const auto added = static_cast<std::int64_t>(pending.size());
        const auto edges_removed = static_cast<std::int64_t>(out[v].size() + in[v].size());
        return 2 * added - edges_removed + removed_neighbours[v] + 2 * std::int64_t{level[v]};
    }
    void remove(std::uint32_t v);
    bool over_budget() const noexcept { return work > work_limit || shortcuts > shortcut_limit; }
    bool run();

    void store(contraction_hierarchy& h);
    void store_paths(contraction_hierarchy& h) const;
};

// The graph's edges: the steps find_exact_path takes with the default
// cost (never straight back into the polygon a link came from).
inline void ch_detail_builder::load() {
    const auto n = static_cast<std::uint32_t>(g.state_count());
    out.resize(n);
    in.resize(n);
    removed.assign(n, 0);
    removed_neighbours.assign(n, 0);
    level.assign(n, 0);
    state.assign(n, witness_state{0.0f, 0, 0, 0, 0.0f, settled_pos});
    for (std::uint32_t s = 0; s < n; ++s) {
        const polygon_index q = g.target(s), back = g.source(s);
        if (q >= g.polygon_count()) continue;
        for (std::uint32_t x = g.out_begin(q); x < g.out_end(q); ++x) {
            if (x == s || g.target(x) == back) continue;
            const float w = g.step_length(s, x);
            out[s].push_back({x, w, none});
            in[x].push_back({s, w, none});
            ++edges;
        }
    }
    // Each node's edges by weight (ties by node: the same order with
    // every standard library), kept so: a witness search stops scanning a
    // list at its first edge past its limit (16% of the build on
    // ctf_sawmill, where most relaxations in the dense last levels are).
    for (auto* lists : {&out, &in}) {
        for (auto& list : *lists) {
            std::sort(list.begin(), list.end(), [](const edge& a, const edge& b) {
                return a.weight < b.weight || (a.weight == b.weight && a.node < b.node);
            });
        }
    }
    work_limit = std::uint64_t{opt.work_per_edge} * edges + 65536;
    shortcut_limit = std::uint64_t{opt.shortcuts_per_edge} * edges + 1024;
}

// Dijkstra from `from` round `avoid` and the removed nodes (over the edges
// backwards when `backward`: every "out" below is then "in"), within
// opt.witness_settled nodes and opt.witness_hops steps, until it settled
// the `targets` nodes marked target_mark (avoid's out-neighbours), or until
// the `unmet` targets other than `from` all have a way no dearer than
// their shortcut (`first`, the edge into the removed node, plus the
// target's `via`): what it finds after that only lowers distances already
// low enough, so the shortcuts are the same (every corpus map: the same
// hierarchy; ctf_sawmill: 22% fewer relaxations, 17% less time).
// Its limit is the dearest shortcut of a target not met yet, lowered as
// targets are met (avoid's out-edges are by weight: the dearest is the
// last unmet one): a way dearer than that witnesses nothing, and every
// node within it is settled in the same order as under a higher limit, so
// again the shortcuts are the same (ctf_sawmill: 23% fewer out-edges read,
// the whole build 10% fewer instructions).
// dist/stamp hold what it reached. Nothing beyond the limit is pushed or
// expanded: in the dense last levels most edges are.
inline void ch_detail_builder::witness(std::uint32_t from, std::uint32_t avoid, float first, std::uint32_t targets,
                                       std::uint32_t unmet, bool backward) {
    const std::vector<std::vector<edge>>& lists = backward ? in : out;
    if (++generation == 0) {  // wrapped: forget every old stamp
        for (witness_state& x : state) x.stamp = 0;
        generation = 1;
    }
    open.clear();
    state[from].dist = 0;
    state[from].stamp = generation;
    state[from].hops = 0;
    state[from].pos = 0;
    open.push_back(open_entry(0.0f, from));
    const std::vector<edge>& ends = lists[avoid];
    std::size_t dearest = ends.size();  // ends[dearest - 1]: the dearest target maybe unmet
    auto lowered_limit = [&] {
        // (`from` is met: its dist is 0.)
        for (; dearest > 0 && witnessed(ends[dearest - 1].node, first + ends[dearest - 1].weight); --dearest) {
        }
        return dearest > 0 ? first + ends[dearest - 1].weight : 0.0f;
    };
    float limit = lowered_limit();
    std::uint32_t settled = 0;
    while (!open.empty() && settled < opt.witness_settled) {
        const auto u = static_cast<std::uint32_t>(open_pop());
        // (The next node's edges asked for while this one's are read: its
        // list's header was asked for when it was pushed.)
        if (!open.empty()) NAVSPAN_PREFETCH(lists[static_cast<std::uint32_t>(open[0])].data());
        const witness_state& at = state[u];
        const float d = at.dist;
        if (d > limit) return;  // (and so is every node left)
        ++settled;
        if (at.target == target_mark && --targets == 0) return;
        if (at.hops >= opt.witness_hops) continue;
        const std::uint32_t next_hops = at.hops + 1;
        const std::vector<edge>& list = lists[u];
        work += list.size();  // (one add: a member bumped in the loop costs a store per edge)
        for (const edge& e : list) {
            const float nd = d + e.weight;
            if (nd > limit) break;  // (the list is by weight: so are the rest)
            if (e.node == avoid) continue;
            witness_state& x = state[e.node];
            const bool reached = x.stamp == generation;
            // (A node off the heap is settled, no dearer than d: the
            // test of its position only guards the heap.)
            if (reached && (!(nd < x.dist) || x.pos == settled_pos)) continue;
            // A target met within its shortcut's cost for the first time
            // (`first` + via is that cost, as shortcuts_of() adds it): once
            // every target is, nothing the search could still find changes
            // which shortcuts are needed.
            const bool met = x.target == target_mark && nd <= first + x.via && !(reached && x.dist <= first + x.via);
            const std::size_t at_pos = reached ? x.pos : open.size();
            x = {nd, generation, x.target, next_hops, x.via, x.pos};
            if (met) {
                if (--unmet == 0) return;
                limit = lowered_limit();
            }
            if (!reached) {
                open.push_back(0);
                NAVSPAN_PREFETCH(&lists[e.node]);
            }
            open_up(at_pos, open_entry(nd, e.node));
        }
    }
}

// The searches run from the side of v with fewer neighbours (forward
// from each node with an edge into v, to those v has edges to; or
// backward): the same pairs are tested with fewer searches (ctf_sawmill:
// 24% fewer).
inline void ch_detail_builder::shortcuts_of(std::uint32_t v) {
    pending.clear();
    if (out[v].empty() || in[v].empty()) return;  // nothing runs through v
    if (++target_mark == 0) {  // wrapped
        for (witness_state& x : state) x.target = 0;
        target_mark = 1;
    }
    const bool backward = in[v].size() > out[v].size();
    const std::vector<edge>& sources = backward ? out[v] : in[v];
    const std::vector<edge>& ends = backward ? in[v] : out[v];
    for (const edge& b : ends) {
        state[b.node].target = target_mark;
        state[b.node].via = b.weight;
    }
    const auto targets = static_cast<std::uint32_t>(ends.size());
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const edge a = sources[i];
        // The targets a witness must reach: all but a's own node (no shortcut to itself).
        const std::uint32_t unmet = targets - (state[a.node].target == target_mark ? 1u : 0u);
        if (unmet == 0) continue;
        witness(a.node, v, a.weight, targets, unmet, backward);
        for (const edge& b : ends) {
            ++work;
            if (b.node == a.node) continue;
            const float through = a.weight + b.weight;
            if (witnessed(b.node, through)) continue;
            if (backward) pending.push_back({b.node, {a.node, through, v}});
            else pending.push_back({a.node, {b.node, through, v}});
        }
        if (over_budget() || pending.size() > shortcut_limit) break;
    }
}

// Edge u -> w of `weight` through `middle`, or the cheaper of it and the
// edge already there (one edge per pair: unpacking finds it by its ends).
inline void ch_detail_builder::add_or_improve(std::uint32_t u, std::uint32_t w, float weight, std::uint32_t middle) {
    // Both lists kept by weight (a witness search stops at the first edge
    // past its limit): an edge moves to its place among the cheaper ones.
    auto place = [](std::vector<edge>& list, std::size_t at) {
        for (; at > 0 && list[at].weight < list[at - 1].weight; --at) std::swap(list[at], list[at - 1]);
    };
    std::vector<edge>& list = out[u];
    for (std::size_t i = 0; i < list.size(); ++i) {
        edge& e = list[i];
        if (e.node != w) continue;
        if (weight < e.weight) {
            e = {w, weight, middle};
            place(list, i);
            std::vector<edge>& back = in[w];
            for (std::size_t j = 0; j < back.size(); ++j) {
                if (back[j].node != u) continue;
                back[j] = {u, weight, middle};
                place(back, j);
                break;
            }
        }
        return;
    }
    list.push_back({w, weight, middle});
    place(list, list.size() - 1);
    in[w].push_back({u, weight, middle});
    place(in[w], in[w].size() - 1);
    ++shortcuts;
}

// Removes v: its shortcuts (pending: priority(v) found them, the graph
// unchanged since) added, its remaining edges kept as upward edges, v
// taken out of its neighbours' lists.
inline void ch_detail_builder::remove(std::uint32_t v) {
    for (const kept& k : pending) add_or_improve(k.low, k.e.node, k.e.weight, k.e.middle);
    removed[v] = 1;
    order.push_back(v);
    auto drop = [v](std::vector<edge>& list) {
        list.erase(std::remove_if(list.begin(), list.end(), [v](const edge& e) { return e.node == v; }), list.end());
    };
    for (const edge& e : out[v]) {
        ups.push_back({v, e});
        drop(in[e.node]);
        ++removed_neighbours[e.node];
        level[e.node] = std::max(level[e.node], level[v] + 1);
        work += in[e.node].size();
    }
    for (const edge& e : in[v]) {
        downs.push_back({v, e});
        drop(out[e.node]);
        ++removed_neighbours[e.node];
        level[e.node] = std::max(level[e.node], level[v] + 1);
        work += out[e.node].size();
    }
    std::vector<edge>().swap(out[v]);
    std::vector<edge>().swap(in[v]);
}

// The lazy queue: the least priority is recomputed when taken off; if it
// grew past the next one's it goes back, else the node is removed.
inline bool ch_detail_builder::run() {
    const auto n = static_cast<std::uint32_t>(out.size());
    using item = std::pair<std::int64_t, std::uint32_t>;
    std::priority_queue<item, std::vector<item>, std::greater<item>> queue;
    for (std::uint32_t v = 0; v < n; ++v) {
        queue.push({priority(v), v});
        if (over_budget()) return false;
    }
    while (!queue.empty()) {
        const std::uint32_t v = queue.top().second;
        queue.pop();
        const std::int64_t p = priority(v);
        if (over_budget()) return false;
        if (!queue.empty() && p > queue.top().first) {
            queue.push({p, v});
            continue;
        }
        remove(v);
        if (over_budget()) return false;
    }
    return true;
}

// The upward edges into the CSR arrays (a counting sort by their lower end).
inline void ch_detail_builder::store(contraction_hierarchy& h) {
    using halves = contraction_hierarchy::halves;
    const std::size_t n = out.size();
    auto lay_out = [n](const std::vector<kept>& from, std::vector<std::uint32_t>& first,
                       std::vector<contraction_hierarchy::arc>& arcs, std::vector<halves>& parts) {
        first.assign(n + 1, 0);
        for (const kept& k : from) ++first[k.low + 1];
        for (std::size_t i = 0; i < n; ++i) first[i + 1] += first[i];
        arcs.resize(from.size());
        parts.resize(from.size());
        std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
        for (const kept& k : from) {
            const std::uint32_t at = fill[k.low]++;
            arcs[at] = {k.e.node, k.e.weight};
            parts[at] = {k.e.middle, none, none};
        }
    };
    lay_out(ups, h.up_first_, h.up_, h.up_halves_);
    lay_out(downs, h.down_first_, h.down_, h.down_halves_);
    // Each shortcut's halves, at its middle node.
    auto index_in = [](const std::vector<std::uint32_t>& first, const std::vector<contraction_hierarchy::arc>& arcs,
                       std::uint32_t at, std::uint32_t node) {
        for (std::uint32_t i = first[at]; i < first[at + 1]; ++i) {
            if (arcs[i].node == node) return i;
        }
        return none;  // (never: the halves were the middle's edges when it went)
    };
    for (std::uint32_t u = 0; u < n; ++u) {
        for (std::uint32_t i = h.up_first_[u]; i < h.up_first_[u + 1]; ++i) {
            halves& p = h.up_halves_[i];
            if (p.middle == none) continue;
            p.first = index_in(h.down_first_, h.down_, p.middle, u);
            p.second = index_in(h.up_first_, h.up_, p.middle, h.up_[i].node);
            work += h.down_first_[p.middle + 1] - h.down_first_[p.middle] + h.up_first_[p.middle + 1] - h.up_first_[p.middle];
        }
        for (std::uint32_t i = h.down_first_[u]; i < h.down_first_[u + 1]; ++i) {
            halves& p = h.down_halves_[i];
            if (p.middle == none) continue;
            p.first = index_in(h.down_first_, h.down_, p.middle, h.down_[i].node);
            p.second = index_in(h.up_first_, h.up_, p.middle, u);
            work += h.down_first_[p.middle + 1] - h.down_first_[p.middle] + h.up_first_[p.middle + 1] - h.up_first_[p.middle];
        }
    }
    // Which halves are edges of the graph (unpacking emits them unread).
    auto mark_leaves = [&h](std::vector<halves>& parts) {
        for (halves& p : parts) {
            if (p.middle == none) continue;
            if (p.first < h.down_halves_.size() && h.down_halves_[p.first].middle == none) p.first |= contraction_hierarchy::leaf_bit;
            if (p.second < h.up_halves_.size() && h.up_halves_[p.second].middle == none) p.second |= contraction_hierarchy::leaf_bit;
        }
    };
    mark_leaves(h.up_halves_);
    mark_leaves(h.down_halves_);
    store_paths(h);
}

// Each upward edge's polygons (the targets of the states it unpacks to,
// its tail's left out), written out once so that a query's corridor is a
// copy per edge, not a walk down its shortcuts level by level (a chain of
// cache misses when the hierarchy is cold). Nodes in the order they were
// removed: a shortcut's halves belong to its middle node, removed before
// either end, so theirs are written first. An edge whose polygons would
// pass max_path_polygons, or the whole past path_polygons_per_edge a
// kept edge, keeps none (its query unpacks it); so memory stays linear.
inline void ch_detail_builder::store_paths(contraction_hierarchy& h) const {
    using hierarchy = contraction_hierarchy;
    const std::size_t budget = std::size_t{hierarchy::path_polygons_per_edge} * (h.up_.size() + h.down_.size());
    h.up_path_first_.assign(h.up_.size() + 1, 0);
    h.down_path_first_.assign(h.down_.size() + 1, 0);
    // Where each edge's polygons start, and how many (0: none kept), while
    // they are written in removal order; laid out by edge afterwards.
    std::vector<std::uint32_t> at[2] = {std::vector<std::uint32_t>(h.up_.size(), 0), std::vector<std::uint32_t>(h.down_.size(), 0)};
    std::vector<std::uint32_t> count[2] = {std::vector<std::uint32_t>(h.up_.size(), 0), std::vector<std::uint32_t>(h.down_.size(), 0)};
    std::vector<polygon_index> written;
    auto side = [](std::uint32_t index) { return index & hierarchy::down_bit ? 1 : 0; };
    auto place = [](std::uint32_t index) { return index & hierarchy::index_bits; };
    for (const std::uint32_t u : order) {
        for (int down = 0; down < 2; ++down) {
            const auto& first = down ? h.down_first_ : h.up_first_;
            for (std::uint32_t i = first[u]; i < first[u + 1]; ++i) {
                const hierarchy::halves& parts = down ? h.down_halves_[i] : h.up_halves_[i];
                const std::uint32_t head = down ? u : h.up_[i].node;
                const auto start = static_cast<std::uint32_t>(written.size());
                if (parts.middle == none) {
                    if (written.size() >= budget) continue;
                    written.push_back(g.target(head));
                } else {
                    const std::uint32_t a = (parts.first & ~hierarchy::leaf_bit) | hierarchy::down_bit;
                    const std::uint32_t b = parts.second & ~hierarchy::leaf_bit;
                    const std::uint32_t na = count[side(a)][place(a)], nb = count[side(b)][place(b)];
                    if (na == 0 || nb == 0 || na + nb > hierarchy::max_path_polygons || written.size() + na + nb > budget) continue;
                    for (std::uint32_t k = 0; k < na; ++k) {
                        const polygon_index p = written[at[side(a)][place(a)] + k];  // (a copy: the push may move them)
                        written.push_back(p);
                    }
                    for (std::uint32_t k = 0; k < nb; ++k) {
                        const polygon_index p = written[at[side(b)][place(b)] + k];
                        written.push_back(p);
                    }
                }
                at[down][i] = start;
                count[down][i] = static_cast<std::uint32_t>(written.size()) - start;
            }
        }
    }
    // By edge: the upward list's, then the downward list's.
    for (int down = 0; down < 2; ++down) {
        std::vector<std::uint32_t>& path_first = down ? h.down_path_first_ : h.up_path_first_;
        if (down) path_first[0] = h.up_path_first_.back();
        for (std::size_t i = 0; i < count[down].size(); ++i) path_first[i + 1] = path_first[i] + count[down][i];
    }
    h.paths_.resize(written.size());
    for (int down = 0; down < 2; ++down) {
        const std::vector<std::uint32_t>& path_first = down ? h.down_path_first_ : h.up_path_first_;
        for (std::size_t i = 0; i < count[down].size(); ++i) {
            std::copy_n(written.begin() + static_cast<std::ptrdiff_t>(at[down][i]), count[down][i],
                        h.paths_.begin() + static_cast<std::ptrdiff_t>(path_first[i]));
        }
    }
}

inline contraction_hierarchy contraction_hierarchy::build(const search_graph& g, options opt) {
    contraction_hierarchy h;
    h.graph_ = &g;
    if (g.empty()) return h;
    if (!g.lengths_precomputed()) {  // crafted: steps would number more than the graph's budget
        h.outcome_ = outcome::lengths_not_precomputed;
        return h;
    }
    std::vector<std::uint32_t> order;  // (the builder's memory given back before the labels take theirs)
    {
        ch_detail_builder b(g, opt);
        b.load();
        const bool done = b.run();
        h.edges_ = b.edges;
        h.shortcuts_ = b.shortcuts;
        h.build_steps_ = b.work;
        if (!done || b.ups.size() > index_bits || b.downs.size() > index_bits) {  // (an edge's index keeps two flag bits)
            h.outcome_ = outcome::over_budget;
            return h;
        }
        b.store(h);
        order = std::move(b.order);
    }
    h.outcome_ = outcome::built;
    if (opt.label_entries_per_node > 0) h.make_labels(g, order, opt.label_entries_per_node);
    return h;
}

// The graph's own hierarchy (options::hierarchy): kept only when built.
inline void search_graph::build_hierarchy() {
    contraction_hierarchy h = contraction_hierarchy::build(*this);
    build_steps_ += h.build_steps();
    if (h.empty()) return;
    h.graph_ = nullptr;  // (this graph may move: queries pass it)
    hierarchy_ = std::make_shared<const contraction_hierarchy>(std::move(h));
}

inline contraction_hierarchy::arc_ref contraction_hierarchy::find_arc(std::uint32_t a, std::uint32_t b) const noexcept {
    // Edge a -> b is in up(a) if a went first, else in down(b).
    for (std::uint32_t i = up_first_[a]; i < up_first_[a + 1]; ++i) {
        if (up_[i].node == b) return {i, a};
    }
    for (std::uint32_t i = down_first_[b]; i < down_first_[b + 1]; ++i) {
        if (down_[i].node == a) return {i | down_bit, b};
    }
    return {none, none};
}

}  // namespace navspan::nav

#include "contraction_labels.hpp"
#include "../core/min_max_pop.hpp"
