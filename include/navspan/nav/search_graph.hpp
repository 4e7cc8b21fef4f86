// navspan/nav/search_graph.hpp - exact shortest paths, and the searches
// built on the same graph: everything reachable within a cost, the nearest
// of many goals, the geodesic distance between two points.
//
//   auto graph = navspan::nav::search_graph::build(mesh);  // once
//   navspan::nav::search_scratch scratch(graph);           // once per thread
//   auto found = navspan::nav::find_exact_path(graph, start, start_point,
//                                              goal, goal_point, scratch);
//
// The cost model (the one find_path prices a corridor with): a path leaves
// the start point, crosses each portal of its corridor at the portal's
// midpoint and ends at the goal point; its cost is the sum over its steps of
// cost(walkable, from, link, length), the length of a step being the
// straight 3D distance between the points it joins (the last step runs on
// to the goal point). With the default cost the cost is the length of that
// polyline. find_path (path.hpp) searches one state per polygon, entering
// each where the first path to reach it came in, and so can settle on a
// corridor that costs more than the best one; the search here has one state
// per link (standing on the portal's midpoint, about to enter its target),
// where every step joins two fixed points. The straight-line distance to
// the goal is then a consistent heuristic (no step is shorter than the
// straight line between its ends), so the first time A* takes the goal off
// its heap the path is the cheapest under the model: exact, up to float
// rounding. That holds for every cost hook that never prices a step below
// its length; a hook that does (a cheap road) passes `heuristic_scale`, the
// smallest cost per unit of length it gives, and is exact again.
//
// The graph is built once beside the walkable and never changes (any number
// of threads may search it, each with its own scratch). It holds, as
// structure of arrays:
//   - per link: its target and its portal midpoint (16 bytes, what every
//     step reads), and its source polygon (cold: only the building and the
//     searches that run backwards read it);
//   - per polygon: where its links and the links into it start;
//   - the step lengths precomputed, for each link, to every link out of its
//     target (where a file's polygons are so linked that these would number
//     more than `step_budget` per link, they are left out and computed by
//     each search, and the landmarks too);
//   - landmarks (ALT): for a few links chosen farthest apart, the exact distance
//     from each one to every link and from every link to each one. A search
//     uses them as a second lower bound of the distance to the goal (by the
//     triangle inequality), taking the larger of it and the straight line:
//     still consistent, usually much tighter.
// memory_bytes() reports it all; build_steps() the work of building it.
//
// Every search takes a search_scratch (one per thread; sized once for the
// graph) and caller storage for what it returns, and allocates nothing.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/config.hpp"
#include "geometry.hpp"
#include "path.hpp"
#include "walkable.hpp"

namespace navspan::nav {

class search_scratch;

class search_graph {
public:
    struct options {
        // Landmarks for the ALT heuristic (0 turns them off). Each costs
        // 8 bytes per link and two Dijkstra searches over the graph to build.
        std::uint32_t landmarks = 8;
        // The most precomputed step lengths per link, on average; beyond it
        // (polygons with very many links in and out: crafted files) lengths
        // are computed while searching and the landmarks are left out, so
        // building stays O(links).
        std::uint32_t step_budget = 32;
        // The all-pairs table (off by default: it costs links × polygons × 2
        // bytes and one search per polygon to build, worth it for a program
        // that asks many paths of one map): for every link and goal
        // polygon, the cost of the cheapest path from the link's portal
        // through a portal into the goal on to the goal's centre (rounded
        // down to 1/65534 of the largest). find_exact_path takes it as its
        // bound (the landmarks are then left out): exact for a goal at the
        // centre, so a search looks at little more than the corridor. Built
        // only when the walkable has at most `all_pairs_max_polygons`
        // polygons, the table fits `all_pairs_max_bytes`, polygons × (the
        // step count + links) is at most `all_pairs_max_work`, and the
        // step lengths were precomputed.
        bool all_pairs = false;
        std::uint32_t all_pairs_max_polygons = 4096;
        std::uint64_t all_pairs_max_bytes = std::uint64_t{1} << 27;
        std::uint64_t all_pairs_max_work = std::uint64_t{1} << 29;
    };

    search_graph() = default;

    static search_graph build(const walkable& w) { return build(w, options{}); }
    static search_graph build(const walkable& w, options opt);

    const walkable* mesh() const noexcept { return mesh_; }
    bool empty() const noexcept { return mesh_ == nullptr; }
    // One state per link.
    std::size_t state_count() const noexcept { return states_.size(); }
    std::size_t polygon_count() const noexcept { return out_first_.size(); }
    std::uint32_t landmark_count() const noexcept { return landmarks_; }
    bool lengths_precomputed() const noexcept { return !step_first_.empty(); }
    // Whether the all-pairs table was built (options::all_pairs), and its
    // share of memory_bytes().
    bool has_table() const noexcept { return !lower_.empty(); }
    std::size_t table_bytes() const noexcept { return lower_.capacity() * 2 + quantum_.capacity() * 4 + anchor_.capacity() * sizeof(vec3); }
    // Steps (relaxations and corner looks) spent building.
    std::uint64_t build_steps() const noexcept { return build_steps_; }
    std::size_t memory_bytes() const noexcept {
        return states_.capacity() * sizeof(state) + source_.capacity() * 4 + out_first_.capacity() * 4 + out_end_.capacity() * 4 +
               in_first_.capacity() * 4 + in_states_.capacity() * 4 + step_first_.capacity() * 4 +
               steps_.capacity() * 4 + from_landmark_.capacity() * 4 + to_landmark_.capacity() * 4 + table_bytes();
    }
    // Links out of polygon p are states out_begin(p) .. out_end(p) - 1, in
    // the order of walkable::links(p).
    std::uint32_t out_begin(polygon_index p) const noexcept { return out_first_[p]; }
    std::uint32_t out_end(polygon_index p) const noexcept { return out_end_[p]; }
    polygon_index target(std::uint32_t s) const noexcept { return states_[s].target; }
    polygon_index source(std::uint32_t s) const noexcept { return source_[s]; }
    vec3 plan_point(std::uint32_t s) const noexcept { return states_[s].at; }
    // The most relaxations one search may make (see search_status).
    std::uint64_t search_budget() const noexcept { return search_budget_; }

private:
    friend class search_scratch;
    template <class Cost>
    friend struct search_detail_run;
    struct state {
        vec3 at;  // the portal midpoint, plan frame
        polygon_index target;
    };
    static constexpr std::uint32_t none = 0xFFFFFFFFu;
    static constexpr float unreached = std::numeric_limits<float>::infinity();

    static float length(vec3 a, vec3 b) noexcept { return path_detail::plan_distance3(a, b); }
    // The length of the step from state s to state x (x leaves s's target).
    float step_length(std::uint32_t s, std::uint32_t x) const noexcept {
        if (!step_first_.empty()) return steps_[step_first_[s] + (x - out_first_[states_[s].target])];
        return length(states_[s].at, states_[x].at);
    }
    void dijkstra(std::uint32_t from, bool backwards, float* dist, std::size_t stride) ;
    void build_table();
    static constexpr std::uint16_t table_unreached = 0xFFFF;

    const walkable* mesh_ = nullptr;
    std::vector<state> states_;
    std::vector<polygon_index> source_;
    // Per polygon, its states' range. The ranges follow a breadth-first
    // walk of the polygons, not their numbers, so that the states a search
    // reads (and their slots in the scratch and in a table row) lie close
    // together: a search touches fewer cache lines, most of them cold.
    std::vector<std::uint32_t> out_first_;
    std::vector<std::uint32_t> out_end_;
    std::vector<std::uint32_t> in_first_;   // polygons + 1
    std::vector<std::uint32_t> in_states_;  // states by target
    std::vector<std::uint32_t> step_first_;  // per state: its lengths in steps_ (empty: not precomputed)
    std::vector<float> steps_;
    std::uint32_t landmarks_ = 0;
    std::vector<float> from_landmark_;  // state-major: landmarks_ distances per state
    std::vector<float> to_landmark_;
    // The all-pairs table, goal-major (row `goal`, column `state`), in
    // units of the row's quantum.
    std::vector<std::uint16_t> lower_;
    std::vector<float> quantum_;
    std::vector<vec3> anchor_;  // per polygon, plan frame: the point the table's costs run to
    std::uint64_t build_steps_ = 0;
    std::uint64_t search_budget_ = 0;
};

// The per-search state: one slot per link (hot: cost, bound and stamp
// together; the parent apart), one per polygon (for searches that report
// polygons), the heap (its keys inline) and the corridor.
class search_scratch {
public:
    search_scratch() = default;
    explicit search_scratch(const search_graph& g) { fit(g); }
    void fit(const search_graph& g) {
        const std::size_t states = g.state_count() + 1, polygons = g.polygon_count();
        if (hot_.size() < states) {
            hot_.resize(states);
            parent_.resize(states);
            heap_.resize(states);
        }
        if (polygon_mark_.size() < polygons) {
            polygon_mark_.resize(polygons);
            corridor_.resize(polygons + 1);
        }
    }
    bool fits(const search_graph& g) const noexcept {
        return hot_.size() >= g.state_count() + 1 && polygon_mark_.size() >= g.polygon_count();
    }
    std::size_t memory_bytes() const noexcept {
        return hot_.capacity() * sizeof(hot) + parent_.capacity() * 4 + heap_.capacity() * sizeof(entry) +
               polygon_mark_.capacity() * sizeof(mark) + corridor_.capacity() * 4;
    }

private:
    template <class Cost>
    friend struct search_detail_run;
    struct hot {
        float cost;        // from the start to this state
        float bound;       // the heuristic (computed once per search)
        std::uint32_t stamp;  // search generation * 2 + closed
        std::uint32_t slot;   // heap slot while open
    };
    struct entry {
        float key;
        std::uint32_t state;
    };
    struct mark {
        std::uint32_t stamp;
        std::uint32_t value;
    };
    std::vector<hot> hot_;
    std::vector<std::uint32_t> parent_;
    std::vector<entry> heap_;
    std::vector<mark> polygon_mark_;
    std::vector<polygon_index> corridor_;
    std::uint32_t generation_ = 0;
};

// What a search may answer beyond path_status: every status of find_path,
// and limit_exceeded when a search over a crafted graph (see
// search_graph::search_budget(): at least 128 relaxations per link, farthest
// above what a search over any real file makes) gave up.
enum class search_status : std::uint8_t {
    found,
    no_path,
    bad_input,
    scratch_too_small,
    limit_exceeded,
};

constexpr std::string_view to_string(search_status s) noexcept {
    switch (s) {
        case search_status::found: return "found";
        case search_status::no_path: return "no path";
        case search_status::bad_input: return "bad input";
        case search_status::scratch_too_small: return "scratch too small";
        case search_status::limit_exceeded: return "limit exceeded";
    }
    return "unknown";
}

struct exact_path_result {
    search_status status = search_status::no_path;
    float cost = 0;  // under the model above; the straight distance when start and goal are one polygon
    std::span<const polygon_index> corridor;  // into the scratch, until its next search
    std::size_t expanded = 0;                 // states taken off the heap
};

// A polygon a reach search got to, and the cheapest cost of getting there
// (to the midpoint of the portal it enters through; 0 for the start).
struct reached_polygon {
    polygon_index polygon = no_polygon;
    float cost = 0;
};

struct reach_result {
    search_status status = search_status::found;
    std::size_t count = 0;     // polygons written (in increasing cost)
    bool complete = true;      // false when `out` was too small for every polygon within the cost
};

// One goal of a nearest-of-many search.
struct goal_point {
    polygon_index polygon = no_polygon;
    vec3 point{};  // world
};

struct nearest_goal_result {
    search_status status = search_status::no_path;
    std::size_t goal = 0;  // index into the goals given
    float cost = 0;
    std::span<const polygon_index> corridor;
    std::size_t expanded = 0;
};

inline search_graph search_graph::build(const walkable& w, options opt) {
    search_graph g;
    g.mesh_ = &w;
    const std::size_t n = w.polygon_count();
    std::size_t links = 0;
    for (std::size_t p = 0; p < n; ++p) links += w.links(static_cast<polygon_index>(p)).size();
    g.out_first_.resize(n);
    g.out_end_.resize(n);
    g.states_.reserve(links);
    g.source_.reserve(links);
    {
        std::vector<polygon_index> order;
        order.reserve(n);
        std::vector<unsigned char> met(n, 0);
        for (std::size_t root = 0; root < n; ++root) {
            if (met[root]) continue;
            met[root] = 1;
            order.push_back(static_cast<polygon_index>(root));
            for (std::size_t head = order.size() - 1; head < order.size(); ++head) {
                for (const link& l : w.links(order[head])) {
                    if (l.target < n && !met[l.target]) {
                        met[l.target] = 1;
                        order.push_back(l.target);
                    }
                }
            }
        }
        for (const polygon_index p : order) {
            g.out_first_[p] = static_cast<std::uint32_t>(g.states_.size());
            for (const link& l : w.links(p)) {
                g.states_.push_back({path_detail::midpoint(l), l.target});
                g.source_.push_back(p);
            }
            g.out_end_[p] = static_cast<std::uint32_t>(g.states_.size());
        }
    }
    // Links into each polygon (a counting sort by target).
    g.in_first_.assign(n + 1, 0);
    for (const state& s : g.states_) ++g.in_first_[s.target + 1];
    for (std::size_t p = 0; p < n; ++p) g.in_first_[p + 1] += g.in_first_[p];
    g.in_states_.resize(links);
    {
        std::vector<std::uint32_t> fill(g.in_first_.begin(), g.in_first_.end() - 1);
        for (std::uint32_t s = 0; s < links; ++s) g.in_states_[fill[g.states_[s].target]++] = s;
    }
    // How many steps leave all states: the sum over polygons of links in
    // times links out.
    std::uint64_t pairs = 0;
    for (std::size_t p = 0; p < n; ++p) {
        pairs += std::uint64_t{g.in_first_[p + 1] - g.in_first_[p]} * (g.out_end_[p] - g.out_first_[p]);
    }
    g.build_steps_ = links + n;
    const std::uint64_t allowed = std::uint64_t{opt.step_budget} * links + 4096;
    g.search_budget_ = 2 * allowed + 64 * std::uint64_t{links} + 4096;
    if (pairs > allowed) return g;  // crafted: no table, no landmarks
    g.step_first_.resize(links);
    g.steps_.reserve(static_cast<std::size_t>(pairs));
    for (std::uint32_t s = 0; s < links; ++s) {
        g.step_first_[s] = static_cast<std::uint32_t>(g.steps_.size());
        const polygon_index q = g.states_[s].target;
        for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
            g.steps_.push_back(length(g.states_[s].at, g.states_[x].at));
        }
    }
    g.build_steps_ += pairs;
    if (opt.all_pairs && n > 0 && n <= opt.all_pairs_max_polygons &&
        std::uint64_t{n} * links * 2 <= opt.all_pairs_max_bytes &&
        std::uint64_t{n} * (pairs + links) <= opt.all_pairs_max_work) {
        g.build_table();
        return g;  // the table's bound replaces the landmarks'
    }
    // Landmarks, farthest first: each next one is the state farthest (by
    // the distance, either way, from the nearest landmark so farthest) from
    // those chosen, among the states the landmarks reach; the first is the
    // state farthest from the first link of the largest polygon count's
    // island (a state of the island most paths run in).
    const std::uint32_t k = links == 0 ? 0 : std::min<std::uint32_t>(opt.landmarks, static_cast<std::uint32_t>(links));
    if (k == 0) return g;
    g.landmarks_ = k;
    g.from_landmark_.assign(std::size_t{links} * k, unreached);
    g.to_landmark_.assign(std::size_t{links} * k, unreached);
    std::vector<float> nearest(links, unreached);
    // The seed: of a few states spread over the graph, the one reaching
    // the most states.
    std::uint32_t next = 0;
    {
        std::vector<float> probe(links, unreached);
        std::size_t most = 0;
        const std::uint32_t tries = std::min<std::uint32_t>(4, static_cast<std::uint32_t>(links));
        for (std::uint32_t t = 0; t < tries; ++t) {
            const auto seed = static_cast<std::uint32_t>(std::uint64_t{links} * t / tries);
            std::fill(probe.begin(), probe.end(), unreached);
            g.dijkstra(seed, false, probe.data(), 1);
            std::size_t reached = 0;
            std::uint32_t farthest = seed;
            for (std::uint32_t x = 0; x < links; ++x) {
                if (probe[x] == unreached) continue;
                ++reached;
                if (probe[x] > probe[farthest]) farthest = x;
            }
            if (reached > most) {
                most = reached;
                next = farthest;
            }
        }
    }
    for (std::uint32_t i = 0; i < k; ++i) {
        g.dijkstra(next, false, g.from_landmark_.data() + i, k);
        g.dijkstra(next, true, g.to_landmark_.data() + i, k);
        std::uint32_t farthest = next;
        float farthest_d = -1;
        for (std::uint32_t x = 0; x < links; ++x) {
            const float d = std::min(g.from_landmark_[std::size_t{x} * k + i], g.to_landmark_[std::size_t{x} * k + i]);
            nearest[x] = std::min(nearest[x], d);
            if (nearest[x] != unreached && nearest[x] > farthest_d) {
                farthest_d = nearest[x];
                farthest = x;
            }
        }
        next = farthest;
    }
    return g;
}

inline void search_graph::dijkstra(std::uint32_t from, bool backwards, float* dist, std::size_t stride) {
    using item = std::pair<float, std::uint32_t>;
    std::priority_queue<item, std::vector<item>, std::greater<item>> open;
    dist[std::size_t{from} * stride] = 0;
    open.push({0.0f, from});
    while (!open.empty()) {
        const auto [d, s] = open.top();
        open.pop();
        if (d > dist[std::size_t{s} * stride]) continue;
        ++build_steps_;
        if (!backwards) {
            const polygon_index q = states_[s].target;
            for (std::uint32_t x = out_first_[q]; x < out_end_[q]; ++x) {
                const float nd = d + step_length(s, x);
                if (nd < dist[std::size_t{x} * stride]) {
                    dist[std::size_t{x} * stride] = nd;
                    open.push({nd, x});
                }
            }
        } else {
            // The states that step to s: the links into s's source.
            const polygon_index q = source_[s];
            for (std::uint32_t i = in_first_[q]; i < in_first_[q + 1]; ++i) {
                const std::uint32_t e = in_states_[i];
                const float nd = d + step_length(e, s);
                if (nd < dist[std::size_t{e} * stride]) {
                    dist[std::size_t{e} * stride] = nd;
                    open.push({nd, e});
                }
            }
        }
    }
}

// The all-pairs table: one Dijkstra per goal polygon, backwards over the
// states from every link into the goal, each starting at its leg to the
// goal's anchor (centre). Each row is stored rounded down to
// a quantum of its largest distance / 65534 and read a hair smaller (float
// rounding), so it never exceeds the cost it bounds: find_exact_path stays
// exact (a bound off by at most one quantum from consistent may reopen a
// state; the search does).
inline void search_graph::build_table() {
    const std::size_t n = polygon_count(), links = states_.size();
    lower_.assign(n * links, table_unreached);
    quantum_.assign(n, 0.0f);
    anchor_.resize(n);
    for (std::size_t t = 0; t < n; ++t) anchor_[t] = mesh_->to_plan(centre(*mesh_, static_cast<polygon_index>(t)));
    std::vector<float> dist(links, unreached);
    using item = std::pair<float, std::uint32_t>;
    std::vector<item> open;
    open.reserve(links + 1);
    auto later = [](const item& a, const item& b) { return a.first > b.first; };
    for (std::size_t t = 0; t < n; ++t) {
        std::fill(dist.begin(), dist.end(), unreached);
        open.clear();
        for (std::uint32_t j = in_first_[t]; j < in_first_[t + 1]; ++j) {
            const std::uint32_t e = in_states_[j];
            const float leg = length(states_[e].at, anchor_[t]);
            if (leg < dist[e]) {
                dist[e] = leg;
                open.push_back({leg, e});
            }
        }
        std::make_heap(open.begin(), open.end(), later);
        float farthest = 0;
        while (!open.empty()) {
            std::pop_heap(open.begin(), open.end(), later);
            const auto [d, x] = open.back();
            open.pop_back();
            if (d > dist[x]) continue;
            farthest = d;
            // The states that step to x: the links into x's source.
            const polygon_index q = source_[x];
            for (std::uint32_t i = in_first_[q]; i < in_first_[q + 1]; ++i) {
                ++build_steps_;
                const std::uint32_t e = in_states_[i];
                const float nd = d + step_length(e, x);
                if (nd < dist[e]) {
                    dist[e] = nd;
                    open.push_back({nd, e});
                    std::push_heap(open.begin(), open.end(), later);
                }
            }
        }
        const float q = farthest > 0 ? farthest / 65534.0f : 1.0f;
        std::uint16_t* lower = lower_.data() + t * links;
        for (std::size_t x = 0; x < links; ++x) {
            if (dist[x] == unreached) continue;
            lower[x] = static_cast<std::uint16_t>(std::min(65534.0f, std::floor(dist[x] / q)));
        }
        quantum_[t] = q * 0.99999f;
    }
}

// The machinery every search shares: the heap, the stamps, relaxations.
template <class Cost>
struct search_detail_run {
    using hot = search_scratch::hot;
    const search_graph& g;
    const walkable& w;
    search_scratch& s;
    Cost& cost_of;
    std::size_t size = 0;
    std::uint32_t open_stamp = 0;
    std::uint64_t budget = 0;
    // Immediate expansion (find_exact_path): of the states a step opens,
    // the one of least key is held back from the heap; if no key in the
    // heap is smaller it is the next to expand anyway, and is expanded
    // without a push and a pop. With the all-pairs table's all but exact
    // bound that is nearly every state of the corridor.
    bool holding = false;
    std::uint32_t held = search_graph::none;
    float held_key = 0;

    void begin() noexcept {
        s.generation_ += 1;
        if (s.generation_ >= 0x7FFFFFFFu) {  // wrapped: forget every old stamp
            for (hot& h : s.hot_) h.stamp = 0;
            for (auto& m : s.polygon_mark_) m.stamp = 0;
            s.generation_ = 1;
        }
        open_stamp = s.generation_ * 2;
        size = 0;
        budget = g.search_budget_;
    }
    bool seen(std::uint32_t x) const noexcept { return (s.hot_[x].stamp | 1u) == (open_stamp | 1u); }
    bool closed(std::uint32_t x) const noexcept { return s.hot_[x].stamp == (open_stamp | 1u); }

    void place(std::size_t slot, search_scratch::entry e) noexcept {
        s.heap_[slot] = e;
        s.hot_[e.state].slot = static_cast<std::uint32_t>(slot);
    }
    void up(std::size_t slot, search_scratch::entry e) noexcept {
        while (slot > 0) {
            const std::size_t parent = (slot - 1) / 2;
            if (!(e.key < s.heap_[parent].key)) break;
            place(slot, s.heap_[parent]);
            slot = parent;
        }
        place(slot, e);
    }
    void down(std::size_t slot, search_scratch::entry e) noexcept {
        for (;;) {
            std::size_t child = slot * 2 + 1;
            if (child >= size) break;
            if (child + 1 < size && s.heap_[child + 1].key < s.heap_[child].key) ++child;
            if (!(s.heap_[child].key < e.key)) break;
            place(slot, s.heap_[child]);
            slot = child;
        }
        place(slot, e);
    }
    std::uint32_t pop() noexcept {
        const std::uint32_t top = s.heap_[0].state;
        --size;
        if (size > 0) down(0, s.heap_[size]);
        s.hot_[top].stamp = open_stamp | 1u;
        return top;
    }
    // Offers cost c to state x from parent p; `bound` computes x's
    // heuristic the first time this search meets x.
    template <class Bound>
    NAVSPAN_ALWAYS_INLINE void relax(std::uint32_t x, float c, std::uint32_t p, Bound&& bound) noexcept {
        hot& h = s.hot_[x];
        if (!seen(x)) {
            h.cost = c;
            h.bound = bound(x);
            s.parent_[x] = p;
            if (h.bound == search_graph::unreached) {  // cannot reach the goal: never opened
                h.stamp = open_stamp | 1u;
                return;
            }
            h.stamp = open_stamp;
            open(x, c + h.bound);
            return;
        }
        if (!(c < h.cost) || h.bound == search_graph::unreached) return;
        h.cost = c;
        s.parent_[x] = p;
        if (h.stamp != open_stamp) {  // closed: open again (float rounding can make a bound a hair inconsistent)
            h.stamp = open_stamp;
            open(x, c + h.bound);
        } else if (holding && x == held) {
            held_key = c + h.bound;
        } else {
            up(h.slot, {c + h.bound, x});
        }
    }
    void open(std::uint32_t x, float key) noexcept {
        if (!holding) {
            up(size++, {key, x});
        } else if (held == search_graph::none) {
            held = x;
            held_key = key;
        } else if (key < held_key) {
            up(size++, {held_key, held});
            held = x;
            held_key = key;
        } else {
            up(size++, {key, x});
        }
    }
    // After a state's steps: the held state, if the heap holds no smaller
    // key (it is then closed, to be expanded next), else none (it goes to
    // the heap).
    std::uint32_t take_held() noexcept {
        const std::uint32_t x = held;
        if (x == search_graph::none) return x;
        held = search_graph::none;
        if (size > 0 && s.heap_[0].key < held_key) {
            up(size++, {held_key, x});
            return search_graph::none;
        }
        s.hot_[x].stamp = open_stamp | 1u;
        return x;
    }
    float price(polygon_index from, std::uint32_t x, float length) noexcept {
        if constexpr (std::is_same_v<Cost, distance_cost>) {
            return length;  // the link is not read
        } else {
            const link& l = w.links(from)[x - g.out_first_[from]];
            return cost_of(w, from, l, length);
        }
    }
    static bool allowed(float step) noexcept { return step >= 0 && step != std::numeric_limits<float>::infinity(); }

    exact_path_result exact(polygon_index start, vec3 start_point, polygon_index goal, vec3 goal_point, float heuristic_scale, bool want_corridor) noexcept {
        exact_path_result r;
        begin();
        holding = true;
        const vec3 sp = w.to_plan(start_point), gp = w.to_plan(goal_point);
        if (start == goal) {
            r.status = search_status::found;
            r.cost = path_detail::plan_distance3(sp, gp);
            if (want_corridor) {
                s.corridor_[0] = start;
                r.corridor = {s.corridor_.data(), 1};
            }
            return r;
        }
        if (g.has_table()) {
            // With the table: table(x, goal) is the least over the portals
            // p into the goal of D(x, p) + |p - a|, the cost from x through
            // p on to the goal's anchor a (its centre). A path from x to
            // the goal point g through p costs D(x, p) + |p - g|, which is
            // at least table(x, goal) - (|p - a| - |p - g|); so with
            // off = the most of |p - a| - |p - g| over the goal's portals,
            // table(x, goal) - off bounds every path from x. It is a
            // distance less a constant, so consistent (a step into the
            // goal pays its last leg, and off covers that portal too), and
            // exact when g is the anchor (off = 0), as for a path asked to
            // a polygon; off is at most |a - g|. The straight line is left
            // out (a square root less): the table's bound all but always
            // exceeds it.
            const std::uint16_t* row = g.lower_.data() + std::size_t{goal} * g.states_.size();
            const float table_quantum = g.quantum_[goal] * heuristic_scale;
            float table_off = -search_graph::unreached;
            for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
                const vec3 at = g.states_[g.in_states_[j]].at;
                table_off = std::max(table_off, path_detail::plan_distance3(at, g.anchor_[goal]) - path_detail::plan_distance3(at, gp));
            }
            table_off *= heuristic_scale;
            const search_graph::state* states = g.states_.data();
            auto table_bound = [states, goal, row, table_quantum, table_off](std::uint32_t x) -> float {
                if (states[x].target == goal) return 0.0f;
                const std::uint16_t v = row[x];
                return v == search_graph::table_unreached ? search_graph::unreached
                                                           : std::max(0.0f, static_cast<float>(v) * table_quantum - table_off);
            };
            return search(start, sp, goal, gp, want_corridor, table_bound);
        }
        // Landmark bounds of the goal: for each landmark, the least of (its
        // distance to a link into the goal + that link's last leg), and the
        // most of (that link's distance to it - the last leg).
        constexpr std::uint32_t most_landmarks = 32;
        float goal_from[most_landmarks], goal_to[most_landmarks];
        const std::uint32_t k = std::min(g.landmarks_, most_landmarks);
        const float inf = search_graph::unreached;
        for (std::uint32_t i = 0; i < k; ++i) {
            goal_from[i] = inf;
            goal_to[i] = -inf;
            for (std::uint32_t j = g.in_first_[goal]; j < g.in_first_[goal + 1]; ++j) {
                const std::uint32_t e = g.in_states_[j];
                const float leg = path_detail::plan_distance3(g.states_[e].at, gp);
                goal_from[i] = std::min(goal_from[i], g.from_landmark_[std::size_t{e} * g.landmarks_ + i] + leg);
                goal_to[i] = std::max(goal_to[i], g.to_landmark_[std::size_t{e} * g.landmarks_ + i] - leg);
            }
        }
        // The landmarks this search uses: the (at most 4) that bound the
        // distance from the start's first link to the goal best (a
        // landmark that proves the goal out of reach first). Fewer bounds
        // per state cost less than the few states more they let in.
        std::uint32_t active[most_landmarks];
        std::uint32_t use = 0;
        {
            float score[most_landmarks];
            const std::uint32_t x0 = g.out_first_[start] < g.out_end_[start] ? g.out_first_[start] : search_graph::none;
            for (std::uint32_t i = 0; i < k; ++i) {
                score[i] = -inf;
                if (x0 == search_graph::none) continue;
                const float f = g.from_landmark_[std::size_t{x0} * g.landmarks_ + i];
                const float t = g.to_landmark_[std::size_t{x0} * g.landmarks_ + i];
                if (f != inf) score[i] = goal_from[i] == inf ? inf : goal_from[i] - f;
                if (goal_to[i] != inf && goal_to[i] != -inf) score[i] = std::max(score[i], t == inf ? inf : t - goal_to[i]);
                active[use++] = i;
            }
            std::sort(active, active + use, [&](std::uint32_t a, std::uint32_t b) { return score[a] > score[b]; });
            use = std::min<std::uint32_t>(use, 4);
        }
        auto landmark_bound = [&](std::uint32_t x) -> float {
            const polygon_index q = g.states_[x].target;
            if (q == goal) return 0.0f;
            float h = path_detail::plan_distance3(g.states_[x].at, gp);
            const float* from = g.from_landmark_.data() + std::size_t{x} * g.landmarks_;
            const float* to = g.to_landmark_.data() + std::size_t{x} * g.landmarks_;
            for (std::uint32_t a = 0; a < use; ++a) {
                const std::uint32_t i = active[a];
                if (from[i] != inf) {
                    // The landmark reaches x: if it reaches no link into
                    // the goal, x reaches none either (infinity: never opened).
                    if (goal_from[i] == inf) return inf;
                    h = std::max(h, goal_from[i] - from[i]);
                }
                if (goal_to[i] != inf && goal_to[i] != -inf) {
                    // Every link into the goal reaches the landmark: if x
                    // does not, x reaches no link into the goal.
                    if (to[i] == inf) return inf;
                    h = std::max(h, to[i] - goal_to[i]);
                }
            }
            return h * heuristic_scale;
        };
        return search(start, sp, goal, gp, want_corridor, landmark_bound);
    }

    // The A* of find_exact_path with the bound given (the table's or the
    // landmarks'), instantiated once for each.
    template <class Bound>
    exact_path_result search(polygon_index start, vec3 sp, polygon_index goal, vec3 gp, bool want_corridor, Bound& bound) noexcept {
        exact_path_result r;
        const bool table = g.has_table();
        auto last_leg = [&](std::uint32_t x) {
            return g.states_[x].target == goal ? path_detail::plan_distance3(g.states_[x].at, gp) : 0.0f;
        };
        for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
            const float step = price(start, x, path_detail::plan_distance3(sp, g.states_[x].at) + last_leg(x));
            if (allowed(step)) relax(x, step, search_graph::none, bound);
        }
        std::uint32_t next = take_held();
        while (next != search_graph::none || size > 0) {
            const std::uint32_t e = next != search_graph::none ? next : pop();
            next = search_graph::none;
            ++r.expanded;
            const polygon_index q = g.states_[e].target;
            const float c = s.hot_[e].cost;
            if (q == goal) {
                r.status = search_status::found;
                r.cost = c;
                if (want_corridor) r.corridor = corridor(start, e);
                return r;
            }
            if constexpr (std::is_same_v<Cost, distance_cost>) {
                // Dominance: with the default cost a step's cost is its
                // length, so if another link into q was closed at a cost
                // c1 with c1 + |m1 - m| <= c, every step out of q costs
                // from there at most what it costs from here (the
                // triangle inequality): nothing this state reaches is
                // reached cheaper through it. (A link closed without being
                // opened cannot reach the goal, and then neither can this
                // one, which enters the same polygon.)
                if (!table && dominated(e, q, c)) continue;
            }
            // With the default cost a path never steps back into the
            // polygon it came from: from the link before e straight to the
            // link after the return is no longer (triangle inequality).
            // Without this, every link shared both ways (a triangle mesh's
            // edges) is settled twice, its twin at the same point and cost.
            const polygon_index came_from = std::is_same_v<Cost, distance_cost> ? g.source_[e] : no_polygon;
            const std::uint32_t first = g.out_first_[q], end = g.out_end_[q];
            if (budget < end - first) {
                r.status = search_status::limit_exceeded;
                return r;
            }
            budget -= end - first;
            for (std::uint32_t x = first; x < end; ++x) {
                if (g.states_[x].target == came_from) continue;
                const float step = price(q, x, g.step_length(e, x) + last_leg(x));
                if (allowed(step)) relax(x, c + step, e, bound);
            }
            next = take_held();
        }
        r.status = search_status::no_path;
        return r;
    }

    bool dominated(std::uint32_t e, polygon_index q, float c) noexcept {
        const vec3 m = g.states_[e].at;
        for (std::uint32_t j = g.in_first_[q]; j < g.in_first_[q + 1]; ++j) {
            const std::uint32_t other = g.in_states_[j];
            if (other == e || !closed(other)) continue;
            if (s.hot_[other].cost + path_detail::plan_distance3(g.states_[other].at, m) <= c) return true;
        }
        return false;
    }

    reach_result reach(polygon_index start, vec3 start_point, float max_cost, std::span<reached_polygon> out) noexcept {
        reach_result r;
        begin();
        const std::uint32_t stamp = open_stamp;
        auto report = [&](polygon_index p, float c) {
            auto& m = s.polygon_mark_[p];
            if (m.stamp == stamp) return true;
            m.stamp = stamp;
            if (r.count >= out.size()) {
                r.complete = false;
                return false;
            }
            out[r.count++] = {p, c};
            return true;
        };
        auto no_bound = [](std::uint32_t) { return 0.0f; };
        if (!report(start, 0)) return r;
        const vec3 sp = w.to_plan(start_point);
        for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
            const float step = price(start, x, path_detail::plan_distance3(sp, g.states_[x].at));
            if (allowed(step) && step <= max_cost) relax(x, step, search_graph::none, no_bound);
        }
        while (size > 0) {
            const std::uint32_t e = pop();
            const polygon_index q = g.states_[e].target;
            const float c = s.hot_[e].cost;
            if (!report(q, c)) return r;
            for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
                if (budget == 0) {
                    r.status = search_status::limit_exceeded;
                    return r;
                }
                --budget;
                const float step = price(q, x, g.step_length(e, x));
                if (allowed(step) && c + step <= max_cost) relax(x, c + step, e, no_bound);
            }
        }
        return r;
    }

    nearest_goal_result nearest(polygon_index start, vec3 start_point, std::span<const goal_point> goals) noexcept {
        nearest_goal_result r;
        begin();
        const std::uint32_t stamp = open_stamp;
        for (std::size_t i = goals.size(); i-- > 0;) {  // backwards: the first listing wins
            s.polygon_mark_[goals[i].polygon] = {stamp, static_cast<std::uint32_t>(i)};
        }
        auto goal_of = [&](polygon_index p) -> std::uint32_t {
            const auto& m = s.polygon_mark_[p];
            return m.stamp == stamp ? m.value : search_graph::none;
        };
        const vec3 sp = w.to_plan(start_point);
        // A path may cross one goal's polygon on its way to a nearer goal's
        // point, so a state entering a goal polygon is not an end: each
        // step into one also offers the arrival at that goal's point (the
        // step priced with the last leg, as find_exact_path prices it) to
        // one extra state, `arrival`, whose parent says where it came from.
        const auto arrival = static_cast<std::uint32_t>(g.state_count());
        auto no_bound = [](std::uint32_t) { return 0.0f; };
        if (const std::uint32_t at = goal_of(start); at != search_graph::none) {
            relax(arrival, path_detail::plan_distance3(sp, w.to_plan(goals[at].point)), search_graph::none, no_bound);
        }
        auto step_to = [&](polygon_index from, std::uint32_t x, float base, float length, std::uint32_t parent) {
            const float step = price(from, x, length);
            if (allowed(step)) relax(x, base + step, parent, no_bound);
            const std::uint32_t gi = goal_of(g.states_[x].target);
            if (gi == search_graph::none) return;
            const float last = price(from, x, length + path_detail::plan_distance3(g.states_[x].at, w.to_plan(goals[gi].point)));
            if (allowed(last) && allowed(step)) {
                // The arrival's parent is x itself: x's cost and parent are
                // those of this same step unless a cheaper one replaces
                // them, and then the arrival through it is cheaper too.
                relax(arrival, base + last, x, no_bound);
            }
        };
        for (std::uint32_t x = g.out_first_[start]; x < g.out_end_[start]; ++x) {
            step_to(start, x, 0.0f, path_detail::plan_distance3(sp, g.states_[x].at), search_graph::none);
        }
        while (size > 0) {
            const std::uint32_t e = pop();
            ++r.expanded;
            const float c = s.hot_[e].cost;
            if (e == arrival) {
                const std::uint32_t via = s.parent_[arrival];
                r.status = search_status::found;
                r.cost = c;
                if (via == search_graph::none) {
                    r.goal = goal_of(start);
                    s.corridor_[0] = start;
                    r.corridor = {s.corridor_.data(), 1};
                } else {
                    r.goal = goal_of(g.states_[via].target);
                    r.corridor = corridor(start, via);
                }
                return r;
            }
            const polygon_index q = g.states_[e].target;
            for (std::uint32_t x = g.out_first_[q]; x < g.out_end_[q]; ++x) {
                if (budget == 0) {
                    r.status = search_status::limit_exceeded;
                    return r;
                }
                --budget;
                step_to(q, x, c, g.step_length(e, x), e);
            }
        }
        r.status = search_status::no_path;
        return r;
    }

    // The corridor ending with state `last` (start polygon first).
    std::span<const polygon_index> corridor(polygon_index start, std::uint32_t last) noexcept {
        std::size_t n = 0;
        const std::size_t room = s.corridor_.size();
        for (std::uint32_t x = last; x != search_graph::none && n + 1 < room; x = s.parent_[x]) {
            s.corridor_[n++] = g.states_[x].target;
        }
        s.corridor_[n++] = start;
        std::reverse(s.corridor_.begin(), s.corridor_.begin() + static_cast<std::ptrdiff_t>(n));
        return {s.corridor_.data(), n};
    }
};

namespace search_detail {

inline bool usable_polygon(const search_graph& g, polygon_index p) noexcept {
    return p < g.polygon_count() && g.mesh()->usable(p);
}

}  // namespace search_detail

// The cheapest path from polygon `start` (leaving from `start_point`) to
// polygon `goal` (arriving at `goal_point`) under the model above; points
// in world coordinates. `cost` as find_path's hook; `heuristic_scale` as
// described at the top (1 for hooks that never price below the length).
// With `want_corridor` false only the cost is found (geodesic_distance).
template <class Cost = distance_cost>
exact_path_result find_exact_path(const search_graph& g, polygon_index start, vec3 start_point, polygon_index goal,
                                  vec3 goal_point, search_scratch& scratch, Cost cost = {},
                                  float heuristic_scale = 1.0f, bool want_corridor = true) noexcept {
    exact_path_result r;
    if (g.empty() || !search_detail::usable_polygon(g, start) || !search_detail::usable_polygon(g, goal) ||
        !valid_query_point(start_point) || !valid_query_point(goal_point) || !(heuristic_scale >= 0)) {
        r.status = search_status::bad_input;
        return r;
    }
    if (!scratch.fits(g)) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.exact(start, start_point, goal, goal_point, heuristic_scale, want_corridor);
}

// The cost of the cheapest path (find_exact_path without the corridor):
// the geodesic distance with the default cost. Negative when there is none.
template <class Cost = distance_cost>
float geodesic_distance(const search_graph& g, polygon_index start, vec3 start_point, polygon_index goal,
                        vec3 goal_point, search_scratch& scratch, Cost cost = {}) noexcept {
    const auto r = find_exact_path(g, start, start_point, goal, goal_point, scratch, cost, 1.0f, false);
    return r.status == search_status::found ? r.cost : -1.0f;
}

// Every polygon a path from `start_point` (on `start`) reaches at a cost of
// at most `max_cost` (the cost to enter it: to the midpoint of its portal),
// the start first, then in increasing cost, written to `out` (the caller's;
// `complete` false when it filled up first). Dijkstra over the graph.
template <class Cost = distance_cost>
reach_result reach(const search_graph& g, polygon_index start, vec3 start_point, float max_cost,
                   std::span<reached_polygon> out, search_scratch& scratch, Cost cost = {}) noexcept {
    reach_result r;
    if (g.empty() || !search_detail::usable_polygon(g, start) || !valid_query_point(start_point) || !(max_cost >= 0)) {
        r.status = search_status::bad_input;
        return r;
    }
    if (!scratch.fits(g)) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.reach(start, start_point, max_cost, out);
}

// The cheapest of the paths from `start_point` (on `start`) to each of the
// goals (Dijkstra, stopping at the first goal it settles): which goal, its
// cost and corridor, under the model above. A polygon listed as several
// goals counts as its first.
template <class Cost = distance_cost>
nearest_goal_result find_nearest_goal(const search_graph& g, polygon_index start, vec3 start_point,
                                      std::span<const goal_point> goals, search_scratch& scratch,
                                      Cost cost = {}) noexcept {
    nearest_goal_result r;
    if (g.empty() || !search_detail::usable_polygon(g, start) || !valid_query_point(start_point) || goals.empty()) {
        r.status = search_status::bad_input;
        return r;
    }
    for (const goal_point& gl : goals) {
        if (!search_detail::usable_polygon(g, gl.polygon) || !valid_query_point(gl.point)) {
            r.status = search_status::bad_input;
            return r;
        }
    }
    if (!scratch.fits(g) || goals.size() >= 0xFFFFFFFFu) {
        r.status = search_status::scratch_too_small;
        return r;
    }
    search_detail_run<Cost> run{g, *g.mesh(), scratch, cost};
    return run.nearest(start, start_point, goals);
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
