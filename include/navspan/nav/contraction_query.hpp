// navspan/nav/contraction_query.hpp - find_exact_path and geodesic_distance
// over a contraction_hierarchy (contraction.hpp, which includes this):
// bidirectional Dijkstra over the upward edges, then the shortcuts of the
// path found unpacked into its corridor.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "contraction.hpp"
#include "exact_path.hpp"
#include "search_run.hpp"
#include "status.hpp"

namespace navspan::nav {

struct ch_detail_run {
    using slot = ch_scratch::slot;
    using entry = ch_scratch::entry;
    static constexpr std::uint32_t none = contraction_hierarchy::none;
    static constexpr float inf = std::numeric_limits<float>::infinity();
    const contraction_hierarchy& h;
    const search_graph& g;
    ch_scratch& s;
    std::uint32_t open_stamp = 0;
    std::size_t size[2] = {0, 0};
    std::size_t expanded = 0;
    float best = inf;
    std::uint32_t meet = none;

    void begin() noexcept {
        s.generation_ += 1;
        if (s.generation_ >= 0x7FFFFFFFu) {  // wrapped: forget every old stamp
            for (auto& side : s.slots_) {
                for (slot& x : side) x.stamp = 0;
            }
            s.generation_ = 1;
        }
        open_stamp = s.generation_ * 2;
    }
    bool seen(int side, std::uint32_t x) const noexcept { return (s.slots_[side][x].stamp | 1u) == (open_stamp | 1u); }

    // Offers distance d to node x on one side, from `parent`; a node met
    // by both sides is a meeting: the cost of the path through it.
    void relax(int side, std::uint32_t x, float d, std::uint32_t parent) noexcept {
        slot& at = s.slots_[side][x];
        entry* heap = s.heap_[side].data();
        auto less = [](const entry& a, const entry& b) { return a.key < b.key; };
        auto placed = [this, side](std::size_t i, const entry& e) { s.slots_[side][e.node].heap = static_cast<std::uint32_t>(i); };
        if (!seen(side, x)) {
            at = {d, open_stamp, parent, 0};
            heap_detail::sift_up(heap, size[side]++, entry{d, x}, less, placed);
        } else if (d < at.dist && at.stamp == open_stamp) {
            at.dist = d;
            at.parent = parent;
            heap_detail::sift_up(heap, at.heap, entry{d, x}, less, placed);
        } else {
            return;
        }
        if (seen(1 - side, x)) {
            const float through = d + s.slots_[1 - side][x].dist;
            if (through < best) {
                best = through;
                meet = x;
            }
        }
    }
    std::uint32_t pop(int side) noexcept {
        auto less = [](const entry& a, const entry& b) { return a.key < b.key; };
        auto placed = [this, side](std::size_t i, const entry& e) { s.slots_[side][e.node].heap = static_cast<std::uint32_t>(i); };
        const std::uint32_t x = heap_detail::pop(s.heap_[side].data(), size[side], less, placed).node;
        s.slots_[side][x].stamp = open_stamp | 1u;
        return x;
    }
    // Stall on demand: a node some upward edge from a node already met on
    // the same side reaches cheaper is not on a cheapest path with this
    // distance, so its edges are not followed.
    bool stalled(int side, std::uint32_t x, float d) const noexcept {
        const auto from = side == 0 ? h.down(x) : h.up(x);
        for (const auto& a : from) {
            if (seen(side, a.node) && s.slots_[side][a.node].dist + a.weight < d) return true;
        }
        return false;
    }
    void settle(int side, std::uint32_t x) noexcept {
        ++expanded;
        const float d = s.slots_[side][x].dist;
        if (stalled(side, x, d)) return;
        for (const auto& a : side == 0 ? h.up(x) : h.down(x)) relax(side, a.node, d + a.weight, x);
    }
    void search(polygon_index start, vec3 sp, polygon_index goal, vec3 gp) noexcept;
    // An entry's cost, whichever its width.
    static float cost_of(const contraction_hierarchy::label& e) noexcept { return e.dist; }
    static float cost_of(const contraction_hierarchy::narrow_label& e) noexcept { return e.dist(); }
    // The hub labels' answer: meet is the hub, seed and last the links
    // out of the start and into the goal the path takes.
    std::uint32_t seed = none, last = none, seed_entry = none, last_entry = none;
    void by_labels(polygon_index start, vec3 sp, polygon_index goal, vec3 gp) noexcept {
        if (h.wide_hubs()) by_labels_of<contraction_hierarchy::label>(start, sp, goal, gp);
        else by_labels_of<contraction_hierarchy::narrow_label>(start, sp, goal, gp);
    }
    template <class Entry>
    void by_labels_of(polygon_index start, vec3 sp, polygon_index goal, vec3 gp) noexcept;
    std::span<const polygon_index> labelled_corridor(polygon_index start) noexcept;
    std::span<const polygon_index> corridor(polygon_index start) noexcept;
    std::span<const polygon_index> corridor_of(polygon_index only) noexcept {
        s.corridor_[0] = only;
        return {s.corridor_.data(), 1};
    }
    static ch_scratch& scratch_of(search_scratch& s) noexcept { return s.hierarchy_; }
    // The query, its inputs checked: the labels' answer, or the search
    // over the upward edges where the labels were not made.
    static exact_path_result answer(const contraction_hierarchy& h, const search_graph& g, ch_scratch& scratch,
                                    polygon_index start, vec3 start_point, polygon_index goal, vec3 goal_point,
                                    bool want_corridor) noexcept {
        exact_path_result r;
        const vec3 sp = g.mesh()->to_plan(start_point), gp = g.mesh()->to_plan(goal_point);
        ch_detail_run run{h, g, scratch};
        run.begin();
        if (start == goal) {
            r.status = search_status::found;
            r.cost = path_detail::plan_distance3(sp, gp);
            if (want_corridor) r.corridor = run.corridor_of(start);
            return r;
        }
        const bool labelled = h.labelled();
        if (labelled) run.by_labels(start, sp, goal, gp);
        else run.search(start, sp, goal, gp);
        r.expanded = run.expanded;
        if (run.meet == none) {
            r.status = search_status::no_path;
            return r;
        }
        r.status = search_status::found;
        r.cost = run.best;
        if (want_corridor) r.corridor = labelled ? run.labelled_corridor(start) : run.corridor(start);
        return r;
    }
    using arc_ref = contraction_hierarchy::arc_ref;
    std::size_t unpack(ch_scratch::step top, ch_scratch::step* stack, std::size_t room, bool backwards, std::size_t n) noexcept;
    std::size_t unpack(std::uint32_t from, std::uint32_t to, bool backwards, std::size_t n) noexcept {
        const arc_ref edge = h.find_arc(from, to);
        return edge.index == none ? n : unpack({edge.index, h.head(edge)}, s.stack_.data(), s.stack_.size(), backwards, n);
    }
};

// Seeds: the links out of the start at their first legs (forward), the
// links into the goal at their last legs (backward); a link from the start
// into the goal is met by both. Each side stops once its least key is no
// less than the best meeting.
inline void ch_detail_run::search(polygon_index start, vec3 sp, polygon_index goal, vec3 gp) noexcept {
    for (std::uint32_t x = g.out_begin(start); x < g.out_end(start); ++x) {
        relax(0, x, path_detail::plan_distance3(sp, g.plan_point(x)), none);
    }
    for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
        const std::uint32_t e = g.in_states_[j];
        relax(1, e, path_detail::plan_distance3(g.plan_point(e), gp), none);
    }
    for (;;) {
        const float fk = size[0] > 0 ? s.heap_[0][0].key : inf;
        const float bk = size[1] > 0 ? s.heap_[1][0].key : inf;
        const bool forward_on = fk < best, backward_on = bk < best;
        if (!forward_on && !backward_on) return;
        const int side = forward_on && (!backward_on || fk <= bk) ? 0 : 1;
        settle(side, pop(side));
    }
}

// Each hub the start's links reach, at its least cost (first legs
// included) and with the entry that gave it, in the scratch's hubs (by
// rank); then each hub of each link into the goal, met there, is a way:
// the cheapest is the path, and the two entries that made it start the
// corridor's two chains of parents (labelled_corridor()).
//
// The labels' cache lines are asked for all at once before the scans, and
// both chains' first parents as soon as their entries are a candidate (a
// new least), so those loads overlap the scans instead of following them.
// In the bench's rounds, where the other modes evict the hierarchy between
// its passes, Cheat_Room's query went from 2,300-2,700 to 1,900-2,100
// cycles with the labels' lines and the goal side's parent asked for early,
// and by 5-9% more with the start side's (whose entry the hubs then keep:
// the start's scan takes 15 instructions an entry, not 8).
template <class Entry>
inline void ch_detail_run::by_labels_of(polygon_index start, vec3 sp, polygon_index goal, vec3 gp) noexcept {
    const contraction_hierarchy::query_labels &fwd = h.fwd_query_, &bwd = h.bwd_query_;
    const Entry *fwd_entries = fwd.template entries<Entry>(), *bwd_entries = bwd.template entries<Entry>();
    std::uint64_t* hubs = s.hub_.data();
    // (The labels the scans read next.)
    auto prefetch_labels = [](const contraction_hierarchy::query_labels& side, const Entry* entries, polygon_index p) {
        const std::uint32_t from = side.polygon_range[2 * std::size_t{p}], to = side.polygon_range[2 * std::size_t{p} + 1];
        ch_detail_prefetch(entries + from, std::size_t{to - from} * sizeof(Entry));
    };
    prefetch_labels(fwd, fwd_entries, start);
    prefetch_labels(bwd, bwd_entries, goal);
    best = ch_scratch::unset;  // (a way through an unset hub is no way)
    for (std::uint32_t x = g.out_begin(start); x < g.out_end(start); ++x) {
        const float first_leg = path_detail::plan_distance3(sp, g.plan_point(x));
        const Entry *e = fwd_entries + fwd.first[x], *end = fwd_entries + fwd.first[x + 1];
        expanded += fwd.first[x + 1] - fwd.first[x];
        for (std::uint32_t i = fwd.first[x]; e != end; ++e, ++i) {
            hubs[e->hub] = std::min(hubs[e->hub], ch_scratch::hub_word(first_leg + cost_of(*e), i));
        }
    }
    // (The least so far in a register, and the entry that gave it as a
    // pointer: the loop reads an entry and a hub a step, and writes only
    // on a new least.)
    float least_way = best;
    const Entry* least_at = nullptr;
    std::uint32_t least_place = 0;
    for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
        const std::uint32_t t = g.in_states_[j];
        const float last_leg = path_detail::plan_distance3(g.plan_point(t), gp);
        const Entry *e = bwd_entries + bwd.first[j], *end = bwd_entries + bwd.first[j + 1];
        expanded += bwd.first[j + 1] - bwd.first[j];
        for (; e != end; ++e) {
            const std::uint64_t word = hubs[e->hub];
            const float through = ch_scratch::hub_cost(word) + cost_of(*e) + last_leg;
            if (through < least_way) {  // (never through an unset hub: its cost is the first least_way)
                NAVSPAN_PREFETCH(h.bwd_head_.data() + (e - bwd_entries));
                NAVSPAN_PREFETCH(h.fwd_head_.data() + static_cast<std::uint32_t>(word));
                least_way = through;
                least_at = e;
                least_place = j;
            }
        }
    }
    if (least_at != nullptr) {
        best = least_way;
        meet = least_at->hub;
        last = g.in_states_[least_place];
        // (A query entry's index is its parent's, whose chain leads to the hub.)
        last_entry = static_cast<std::uint32_t>(least_at - bwd_entries);
        seed_entry = static_cast<std::uint32_t>(hubs[meet]);
    }
    for (std::uint32_t x = g.out_begin(start); x < g.out_end(start); ++x) {
        const Entry *e = fwd_entries + fwd.first[x], *end = fwd_entries + fwd.first[x + 1];
        for (; e != end; ++e) hubs[e->hub] = ch_scratch::unset_word;
        if (seed_entry >= fwd.first[x] && seed_entry < fwd.first[x + 1]) seed = x;  // (the link whose label holds it)
    }
}

// Up from the seed to the hub along the forward labels' parents, down from
// the hub to the last link along the backward labels' (found from the
// last link up, so turned round): the upward edges of the path, in path
// order, then the polygons each stands for (written out when the
// hierarchy was built: a copy, where unpacking its shortcuts level by
// level waited on a cache miss a level; Cheat_Room's paths pass 2.4
// edges up, 2.4 down and 3 levels of shortcuts).
//
// Each load of a chain waits on the one before (a cache miss when the
// labels are not at hand: most of a query's time then), so a chain starts
// with its query entry's chain_head, two steps in one load (asked for
// during the scans), the two chains are walked side by side, their loads
// in flight together, and a step that reaches the hub says so
// (label_step::to_hub): the hub's own entry is not loaded only to find
// that it ends the chain.
inline std::span<const polygon_index> ch_detail_run::labelled_corridor(polygon_index start) noexcept {
    using label_step = contraction_hierarchy::label_step;
    ch_scratch::step* edges = s.stack_.data();
    const std::size_t room = s.stack_.size() / 2;
    // The upward edges at edges[0, up), the downward ones as found (last
    // first) at edges[room - down, room): in path order there.
    std::size_t up = 0, down = 0;
    // One load of a chain from entry e: its arcs out through `put`
    // (false: no room), and the entry it goes on from (none: it ended).
    auto advance = [](const std::vector<contraction_hierarchy::chain_head>& heads, const std::vector<label_step>& steps,
                      std::uint32_t e, auto put) {
        auto one = [&put](std::uint32_t arc, std::uint32_t next) {
            if (arc == none || !put(arc & ~label_step::to_hub)) return none;
            return (arc & label_step::to_hub) != 0 ? none : next;
        };
        if (e >= heads.size()) return one(steps[e - heads.size()].arc, steps[e - heads.size()].entry);
        const contraction_hierarchy::chain_head& head = heads[e];
        const std::uint32_t after_first = one(head.arc[0], 0);
        return after_first == none ? none : one(head.arc[1], head.entry);
    };
    // (its head: read only if it is unpacked, below)
    auto put_up = [&](std::uint32_t arc) { return up + down < room && ((edges[up++] = {arc, none}), true); };
    auto put_down = [&](std::uint32_t arc) {
        return up + down < room && ((edges[room - ++down] = {arc | contraction_hierarchy::down_bit, none}), true);
    };
    std::uint32_t fe = seed_entry, be = last_entry;
    while (fe != none || be != none) {
        if (fe != none) fe = advance(h.fwd_head_, h.fwd_parent_, fe, put_up);
        if (be != none) be = advance(h.bwd_head_, h.bwd_parent_, be, put_down);
    }
    for (std::size_t k = 0; k < down; ++k) edges[up + k] = edges[room - down + k];  // (down, never up: up <= room - down)
    const std::size_t m = up + down;
    // Each edge's polygons as the hierarchy wrote them out, or (where it
    // kept none) its states unpacked depth first, then their polygons.
    const std::size_t corridor_room = s.corridor_.size();
    s.corridor_[0] = start;
    s.corridor_[1] = g.target(seed);
    std::size_t n = 2;
    for (std::size_t i = 0; i < m; ++i) {
        const std::span<const polygon_index> path = h.path_of(edges[i].index);
        if (!path.empty() && path.size() <= corridor_room - n) {
            // (A loop: the paths are a few polygons each, where a call to
            // memmove spent more on choosing its way than on copying.)
            polygon_index* to = s.corridor_.data() + n;
            for (const polygon_index p : path) *to++ = p;
            n += path.size();
            continue;
        }
        // Its head, only now (an arc's load no written-out path needs): a
        // downward edge's is its owner, the tail of the edge after it (the
        // last one's: the last link); an upward edge's, its arc's node.
        const std::uint32_t index = edges[i].index;
        const std::uint32_t owner = (index & contraction_hierarchy::down_bit) == 0 ? none
                                    : i + 1 < m ? h.down_[edges[i + 1].index & contraction_hierarchy::index_bits].node
                                                : last;
        edges[i].head = h.head({index, owner});
        const std::size_t from = n;
        n = unpack(edges[i], edges + room, room, false, n);
        for (std::size_t k = from; k < n; ++k) s.corridor_[k] = g.target(s.corridor_[k]);
    }
    return {s.corridor_.data(), n};
}

// Emits the states upward edge `top` unpacks to, but its tail, into
// corridor_[n ..]: in path order, or last first when `backwards`, with
// `stack` (room steps) as its stack. Returns the new n. A shortcut through
// m is its two halves, both kept at m.
inline std::size_t ch_detail_run::unpack(ch_scratch::step top, ch_scratch::step* stack, std::size_t room, bool backwards,
                                         std::size_t n) noexcept {
    std::size_t depth = 0;
    const std::size_t corridor_room = s.corridor_.size();
    stack[depth++] = top;
    while (depth > 0 && n < corridor_room) {
        const ch_scratch::step e = stack[--depth];
        if (e.index & contraction_hierarchy::leaf_bit) {
            s.corridor_[n++] = e.head;
            continue;
        }
        const contraction_hierarchy::halves& parts = h.halves_of(e.index);
        if (parts.middle == none) {
            s.corridor_[n++] = e.head;
            continue;
        }
        if (depth + 2 > room) break;  // (never: each level of shortcuts adds one)
        const ch_scratch::step into{parts.first | contraction_hierarchy::down_bit, parts.middle}, on{parts.second, e.head};
        // The half to emit first goes on top.
        stack[depth++] = backwards ? into : on;
        stack[depth++] = backwards ? on : into;
    }
    return n;
}

// The corridor of the meeting found: the forward half unpacked last state
// first and turned round, then the backward half; each state then gives
// way to its target, after the start polygon.
inline std::span<const polygon_index> ch_detail_run::corridor(polygon_index start) noexcept {
    std::size_t n = 1;
    const std::size_t room = s.corridor_.size();
    for (std::uint32_t x = meet; n < room;) {
        const std::uint32_t p = s.slots_[0][x].parent;
        if (p == none) {
            s.corridor_[n++] = x;  // the seed, out of the start
            break;
        }
        n = unpack(p, x, true, n);
        x = p;
    }
    std::reverse(s.corridor_.begin() + 1, s.corridor_.begin() + static_cast<std::ptrdiff_t>(n));
    for (std::uint32_t x = meet; n < room;) {
        const std::uint32_t next = s.slots_[1][x].parent;
        if (next == none) break;
        n = unpack(x, next, false, n);
        x = next;
    }
    s.corridor_[0] = start;
    for (std::size_t i = 1; i < n; ++i) s.corridor_[i] = g.target(s.corridor_[i]);
    return {s.corridor_.data(), n};
}

// find_exact_path's cost with the default cost (exact_path.hpp), and its
// corridor, over the hierarchy: the same answers up to float rounding, the
// same refusals, plus bad_input for an empty() hierarchy (search the graph
// then). `expanded` counts the nodes settled on both sides.
inline exact_path_result find_exact_path(const contraction_hierarchy& h, polygon_index start, vec3 start_point,
                                         polygon_index goal, vec3 goal_point, ch_scratch& scratch,
                                         bool want_corridor = true) noexcept {
    exact_path_result r;
    const search_graph* g = h.graph();
    const bool valid = !h.empty() && g != nullptr && !g->empty() && search_detail::usable_polygon(*g, start) &&
                       search_detail::usable_polygon(*g, goal) && valid_query_point(start_point) &&
                       valid_query_point(goal_point);
    if (!valid) {
        r.status = search_status::bad_input;
        return r;
    }
    if (!scratch.fits(h)) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    return ch_detail_run::answer(h, *g, scratch, start, start_point, goal, goal_point, want_corridor);
}

// The graph's own hierarchy (search_graph::options::hierarchy), through
// find_exact_path over the graph (exact_path.hpp): its refusals checked
// there, this scratch fitted to the hierarchy by search_scratch::fit.
inline exact_path_result search_detail::exact_by_hierarchy(const search_graph& g, polygon_index start, vec3 start_point,
                                                           polygon_index goal, vec3 goal_point, search_scratch& scratch,
                                                           bool want_corridor) noexcept {
    return ch_detail_run::answer(*g.hierarchy(), g, ch_detail_run::scratch_of(scratch), start, start_point, goal, goal_point,
                                 want_corridor);
}

// The cost alone (negative when there is no path), as geodesic_distance
// over the graph.
inline float geodesic_distance(const contraction_hierarchy& h, polygon_index start, vec3 start_point, polygon_index goal,
                               vec3 goal_point, ch_scratch& scratch) noexcept {
    const auto r = find_exact_path(h, start, start_point, goal, goal_point, scratch, false);
    return r.status == search_status::found ? r.cost : -1.0f;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
