// navspan/nav/contraction_data.hpp - what a contraction hierarchy keeps
// (contraction_hierarchy) and the reusable state of its queries
// (ch_scratch): the classes alone, so that the search graph can own a
// hierarchy (search_graph::options::hierarchy) and search_scratch hold its
// scratch. Building: contraction.hpp; hub labels: contraction_labels.hpp;
// queries: contraction_query.hpp.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "../core/config.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// Asks for every cache line of `bytes` bytes from `from` at once (memory
// read next, which lies anywhere), not one after another as a loop reaches
// them: the hierarchy's build and its queries both wait on such loads.
inline void ch_detail_prefetch(const void* from, std::size_t bytes) noexcept {
    const char* first = static_cast<const char*>(from);
    for (std::size_t at = 0; at < bytes; at += 64) NAVSPAN_PREFETCH(first + at);
    if (bytes > 0) NAVSPAN_PREFETCH(first + bytes - 1);  // (the last line, where the range starts mid-line)
}

class search_graph;
struct ch_detail_run;
struct ch_detail_builder;
struct ch_detail_labeller;


class contraction_hierarchy {
public:
    struct options {
        // A witness search (is there a way round the node being removed
        // that costs no more than the shortcut?) stops after this many
        // settled nodes or steps from its source; one that gives up only
        // adds a shortcut that was not needed, never a wrong one.
        std::uint32_t witness_settled = 32;
        std::uint32_t witness_hops = 4;
        // Building gives up (empty()) past this many shortcuts per edge,
        // or this much witness-search work (relaxations) per edge.
        std::uint32_t shortcuts_per_edge = 8;
        std::uint32_t work_per_edge = 8192;
        // Hub labels (contraction_labels.hpp) unless their entries pass
        // this many per node (0: none); without them a query searches the
        // upward edges.
        std::uint32_t label_entries_per_node = 512;
    };
    // Why a hierarchy is empty().
    enum class outcome : std::uint8_t { not_built, built, lengths_not_precomputed, over_budget };

    contraction_hierarchy() = default;
    static contraction_hierarchy build(const search_graph& g) { return build(g, options{}); }
    static contraction_hierarchy build(const search_graph& g, options opt);

    const search_graph* graph() const noexcept { return graph_; }
    bool empty() const noexcept { return outcome_ != outcome::built; }
    outcome build_outcome() const noexcept { return outcome_; }
    std::size_t node_count() const noexcept { return up_first_.empty() ? 0 : up_first_.size() - 1; }
    // Edges of the graph, and shortcuts added.
    std::uint64_t edge_count() const noexcept { return edges_; }
    std::uint64_t shortcut_count() const noexcept { return shortcuts_; }
    // Upward edges kept, both ways.
    std::size_t upward_count() const noexcept { return up_.size() + down_.size(); }
    // Relaxations and pair checks spent building.
    std::uint64_t build_steps() const noexcept { return build_steps_; }
    // Whether the hub labels were made, and their entries (both sides).
    bool labelled() const noexcept { return !fwd_query_.first.empty(); }
    std::size_t label_entries() const noexcept {
        return fwd_head_.size() + bwd_head_.size() + fwd_parent_.size() + bwd_parent_.size();
    }
    std::size_t memory_bytes() const noexcept {
        return up_first_.capacity() * 4 + down_first_.capacity() * 4 + up_.capacity() * sizeof(arc) +
               down_.capacity() * sizeof(arc) + (up_halves_.capacity() + down_halves_.capacity()) * sizeof(halves) +
               (fwd_parent_.capacity() + bwd_parent_.capacity()) * sizeof(label_step) +
               (fwd_head_.capacity() + bwd_head_.capacity()) * sizeof(chain_head) +
               fwd_query_.memory_bytes() + bwd_query_.memory_bytes() +
               (up_path_first_.capacity() + down_path_first_.capacity() + paths_.capacity()) * 4;
    }

private:
    friend class ch_scratch;
    friend struct ch_detail_run;
    friend struct ch_detail_builder;
    friend struct ch_detail_labeller;
    friend class search_graph;  // owns one (options::hierarchy), graph() null
    static constexpr std::uint32_t none = 0xFFFFFFFFu;
    struct arc {
        std::uint32_t node;  // the other end (removed later than this one)
        float weight;
    };
    // Node u's upward edges: up_[up_first_[u] .. up_first_[u + 1]) go
    // u -> node, down_[down_first_[u] ..) come node -> u; each with the
    // middle node of its shortcut (none: an edge of the graph).
    std::span<const arc> up(std::uint32_t u) const noexcept {
        return {up_.data() + up_first_[u], up_first_[u + 1] - up_first_[u]};
    }
    std::span<const arc> down(std::uint32_t u) const noexcept {
        return {down_.data() + down_first_[u], down_first_[u + 1] - down_first_[u]};
    }
    // A shortcut u -> w through m is the edges u -> m and m -> w, both
    // kept at m (removed before u and w): down_[first] and up_[second],
    // each with leaf_bit set when it is an edge of the graph (so unpacking
    // emits it without reading its halves).
    struct halves {
        std::uint32_t middle;  // none: an edge of the graph
        std::uint32_t first, second;
    };
    // An upward edge: its index, in down_ when the top bit is set; and
    // the node whose list holds it (its end removed first).
    static constexpr std::uint32_t down_bit = 0x80000000u, leaf_bit = 0x40000000u;
    static constexpr std::uint32_t index_bits = leaf_bit - 1;  // (fewer upward edges: store() checks)
    struct arc_ref {
        std::uint32_t index;
        std::uint32_t owner;
    };
    const halves& halves_of(std::uint32_t index) const noexcept {
        return index & down_bit ? down_halves_[index & index_bits] : up_halves_[index & index_bits];
    }
    // The state edge `r` leads to.
    std::uint32_t head(arc_ref r) const noexcept { return r.index & down_bit ? r.owner : up_[r.index & index_bits].node; }
    // The edge a -> b, found at whichever end was removed first (index
    // none: no such edge).
    arc_ref find_arc(std::uint32_t a, std::uint32_t b) const noexcept;
    // A label entry: a hub, by its rank (0: the node removed last, the
    // most important), and the cost from the node to it (forward) or from
    // it to the node (backward). (By rank, the hubs most labels share lie
    // together in a query's array of hubs: fewer cache lines to fetch.)
    struct label {
        std::uint32_t hub;
        float dist;
    };
    // Where a label entry came from: the upward edge out of (forward) or
    // into (backward) its node, as its index in up_ (down_), none for the
    // entry of the node itself (the hub); and the index of the same hub's
    // entry in the label of the edge's other end (below the number of
    // query entries, a query entry's: its chain_head; else its step in
    // *_parent_, at that index less the query entries). Read only to
    // unpack a corridor: each step towards the hub reads one parent. (The
    // whole labels' hubs and costs are not kept once the query labels are
    // made: an entry is its parent's index.)
    struct label_step {
        std::uint32_t arc;
        std::uint32_t entry;
        // Set in arc when the edge's other end is the hub itself (entry is
        // the hub's own entry: the chain ends there).
        static constexpr std::uint32_t to_hub = 0x80000000u;
    };
    // A query entry's first two steps at once: the arcs of its chain's
    // first two steps (to_hub set on the last one where the chain ends
    // within them; none past its end, or for the hub's own entry) and the
    // entry the third step starts from (none: the chain has ended). A
    // query's corridor starts from two query entries and climbs 2.4 steps
    // from each on Cheat_Room: one load, asked for during the scans,
    // where a step each was a cache miss waiting on the one before. (Three
    // steps in 16 bytes answered no faster and cost 30% more memory.)
    struct chain_head {
        std::uint32_t arc[2];
        std::uint32_t entry;
    };
    // A link's query label: its label less the entries another link out
    // of the same polygon (forward; into it, backward) reaches at a cost
    // lower from any point (its own cost plus the distance between the two
    // links' midpoints, with room for rounding): a query from or to that
    // polygon never takes them. Only these are read by a query, and for
    // the entry it takes, its parent: each query entry's chain_head is at
    // the query entry's own index. Forward by node; backward
    // by the link's place among the graph's links by target
    // (search_graph::in_states_), so a goal's links have theirs side by
    // side.
    //
    // Where the hierarchy has at most 65,536 nodes an entry is a
    // narrow_label: its hub's rank in 16 bits and its cost, 6 bytes, not 8
    // (a query's labels span a quarter fewer cache lines: Cheat_Room's 24
    // -> 18 a query); else a label. The entries of node (place) k are
    // [first[k], first[k + 1]) of whichever is filled.
    struct narrow_label {
        std::uint16_t hub;
        unsigned char dist_bytes[4];  // a float's bytes (2-byte aligned: read with memcpy)
        float dist() const noexcept {
            float d;
            std::memcpy(&d, dist_bytes, sizeof d);
            return d;
        }
    };
    static_assert(sizeof(narrow_label) == 6);
    struct query_labels {
        std::vector<std::uint32_t> first;
        std::vector<narrow_label> narrow;
        std::vector<label> wide;
        // Per polygon p, where its links' entries begin and end (the
        // links out of it forward, into it backward): [2p] and [2p + 1],
        // so a query asks for its labels' lines after one load, not after
        // the polygon's links and then their labels' offsets.
        std::vector<std::uint32_t> polygon_range;
        template <class Entry>
        const Entry* entries() const noexcept {
            if constexpr (sizeof(Entry) == sizeof(narrow_label)) return narrow.data();
            else return wide.data();
        }
        std::size_t memory_bytes() const noexcept {
            return (first.capacity() + polygon_range.capacity()) * 4 + narrow.capacity() * sizeof(narrow_label) +
                   wide.capacity() * sizeof(label);
        }
    };
    // Whether the query labels are labels (more than 65,536 nodes), not narrow_labels.
    bool wide_hubs() const noexcept { return node_count() > 0x10000u; }
    void make_labels(const search_graph& g, const std::vector<std::uint32_t>& order, std::uint32_t entries_per_node);  // contraction_labels.hpp
    // An upward edge's polygons, written out (ch_detail_builder::store_paths()):
    // the targets of the states it unpacks to, its tail's left out; empty
    // where they were not kept (the query unpacks that edge). At most
    // max_path_polygons an edge, path_polygons_per_edge an edge in all.
    static constexpr std::uint32_t max_path_polygons = 64, path_polygons_per_edge = 16;
    std::span<const polygon_index> path_of(std::uint32_t index) const noexcept {
        const std::vector<std::uint32_t>& first = index & down_bit ? down_path_first_ : up_path_first_;
        const std::uint32_t i = index & index_bits;
        return {paths_.data() + first[i], first[i + 1] - first[i]};
    }

    const search_graph* graph_ = nullptr;
    outcome outcome_ = outcome::not_built;
    std::vector<std::uint32_t> up_first_, down_first_;
    std::vector<arc> up_, down_;
    std::vector<halves> up_halves_, down_halves_;
    std::uint64_t edges_ = 0, shortcuts_ = 0, build_steps_ = 0;
    // The whole hub labels' parents: a chain_head for each query entry,
    // at its query entry's index, and a label_step for each other entry
    // a chain can reach past a head (a few: 89 of 520,096 on ctf_sawmill's
    // forward side), entry e at e - (number of query entries) in
    // *_parent_; the query labels, by node (backward: by place).
    std::vector<chain_head> fwd_head_, bwd_head_;
    std::vector<label_step> fwd_parent_, bwd_parent_;
    query_labels fwd_query_, bwd_query_;
    // Each upward edge's polygons (path_of()): where they start in paths_.
    std::vector<std::uint32_t> up_path_first_, down_path_first_;
    std::vector<polygon_index> paths_;
};

// Per thread: for each node and each direction its distance, stamp,
// parent and heap slot; two heaps; the unpacking stack; the corridor.
class ch_scratch {
public:
    ch_scratch() = default;
    explicit ch_scratch(const contraction_hierarchy& h) { fit(h); }
    void fit(const contraction_hierarchy& h) {
        const std::size_t n = h.node_count() + 2;
        for (int side = 0; side < 2; ++side) {
            if (slots_[side].size() < n) {
                slots_[side].resize(n);
                heap_[side].resize(n);
            }
        }
        if (stack_.size() < 2 * n) {
            stack_.resize(2 * n);  // (two halves: a path's upward edges, and the stack unpacking one)
            corridor_.resize(n);
        }
        if (h.labelled() && hub_.size() < n) hub_.resize(n, unset_word);
    }
    bool fits(const contraction_hierarchy& h) const noexcept {
        const std::size_t n = h.node_count() + 2;
        return slots_[0].size() >= n && slots_[1].size() >= n && stack_.size() >= 2 * n && (!h.labelled() || hub_.size() >= n);
    }
    std::size_t memory_bytes() const noexcept {
        return (slots_[0].capacity() + slots_[1].capacity()) * sizeof(slot) +
               (heap_[0].capacity() + heap_[1].capacity()) * sizeof(entry) + stack_.capacity() * sizeof(step) +
               corridor_.capacity() * 4 + hub_.capacity() * sizeof(std::uint64_t);
    }

private:
    friend struct ch_detail_run;
    struct slot {
        float dist;
        std::uint32_t stamp;   // search generation * 2 + settled
        std::uint32_t parent;  // the node before (forward) or after (backward); none for a seed
        std::uint32_t heap;    // heap slot while open
    };
    struct entry {
        float key;
        std::uint32_t node;
    };
    // An edge left to unpack: its index (as an arc_ref's, leaf_bit set for
    // an edge of the graph) and the state it leads to.
    struct step {
        std::uint32_t index;
        std::uint32_t head;
    };
    std::vector<slot> slots_[2];
    std::vector<entry> heap_[2];
    std::vector<step> stack_;
    std::vector<polygon_index> corridor_;
    std::uint32_t generation_ = 0;
    // Per hub (by rank): the least cost from the start through the links
    // out of it, and the query entry that gave it, in one word: the cost's
    // bits above the entry's index. A non-negative float's bits order as
    // its value, so the least word holds the least cost and, of equal
    // costs, the first entry (the first link's: a polygon's links have
    // their entries in link order); one integer min a step keeps both,
    // and the path's first parent can be asked for while the goal's
    // labels are still being scanned. Unset (a cost no way reaches)
    // between queries: a query sets only its start links' hubs and unsets
    // them before it returns, so nothing is stamped or cleared (its loops
    // stay free of branches).
    static constexpr float unset = 3.0e38f;
    static std::uint64_t hub_word(float cost, std::uint32_t entry) noexcept {
        std::uint32_t bits;
        std::memcpy(&bits, &cost, sizeof bits);
        return std::uint64_t{bits} << 32 | entry;
    }
    static float hub_cost(std::uint64_t word) noexcept {
        const auto bits = static_cast<std::uint32_t>(word >> 32);
        float cost;
        std::memcpy(&cost, &bits, sizeof cost);
        return cost;
    }
    static constexpr std::uint64_t unset_word = std::uint64_t{0x7F61B1E6u} << 32 | 0xFFFFFFFFu;  // (unset's bits, no entry)
    std::vector<std::uint64_t> hub_;
};

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
