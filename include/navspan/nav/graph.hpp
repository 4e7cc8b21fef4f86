// navspan/nav/graph.hpp - the search graph: one state per link (standing
// on the portal's midpoint, about to enter its target), built once beside a
// walkable and read by every search of search_graph.hpp. The cost model and
// the graph's layout are described there.
//
// Building it lays out the states (this file), then either the all-pairs
// table (pair_table.hpp) or the landmarks (landmarks.hpp); those two
// headers define the members that build them and are included at the end,
// so this header alone gives a graph that builds.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <utility>
#include <vector>

#include "../core/config.hpp"
#include "contraction_data.hpp"
#include "geometry.hpp"
#include "path.hpp"
#include "walkable.hpp"

namespace navspan::nav {

class search_scratch;
struct ch_detail_builder;
struct ch_detail_run;

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
        // The contraction hierarchy with hub labels (contraction.hpp; off
        // by default: it costs about 1 to 4 KB per link, linear in the
        // links, and a fraction of a second to build on a map of 10,000
        // links): find_exact_path with the default cost (and a
        // heuristic_scale of at most 1) then reads its answer from the
        // labels of the start's and goal's links instead of searching, the
        // same costs. Not built (has_hierarchy() false) where the step
        // lengths were not precomputed or its budgets run out.
        bool hierarchy = false;
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
    // Whether the contraction hierarchy was built (options::hierarchy),
    // the hierarchy, and its share of memory_bytes().
    bool has_hierarchy() const noexcept { return hierarchy_ != nullptr; }
    const contraction_hierarchy* hierarchy() const noexcept { return hierarchy_.get(); }
    std::size_t hierarchy_bytes() const noexcept { return hierarchy_ ? hierarchy_->memory_bytes() : 0; }
    // Steps (relaxations and corner looks) spent building.
    std::uint64_t build_steps() const noexcept { return build_steps_; }
    std::size_t memory_bytes() const noexcept {
        return states_.capacity() * sizeof(state) + source_.capacity() * 4 + out_first_.capacity() * 4 + out_end_.capacity() * 4 +
               in_first_.capacity() * 4 + in_states_.capacity() * 4 + step_first_.capacity() * 4 +
               steps_.capacity() * 4 + from_landmark_.capacity() * 4 + to_landmark_.capacity() * 4 + table_bytes() +
               hierarchy_bytes();
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
    friend struct ch_detail_builder;  // contraction.hpp
    friend struct ch_detail_run;
    friend struct ch_detail_labeller;  // contraction_labels.hpp
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
    // The stages of build(), in order.
    void lay_out_states(const walkable& w);
    void index_links_in();
    std::uint64_t step_count() const noexcept;
    void precompute_steps(std::uint64_t pairs);
    void dijkstra(std::uint32_t from, bool backwards, float* dist, std::size_t stride);
    void build_table();                             // pair_table.hpp
    void build_hierarchy();                         // contraction.hpp
    void choose_landmarks(std::uint32_t wanted);    // landmarks.hpp
    std::uint32_t landmark_seed();                  // landmarks.hpp
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
    // Shared by copies of the graph (it never changes once built); its
    // graph() is null: queries pass this graph.
    std::shared_ptr<const contraction_hierarchy> hierarchy_;
};

inline search_graph search_graph::build(const walkable& w, options opt) {
    search_graph g;
    g.mesh_ = &w;
    g.lay_out_states(w);
    g.index_links_in();
    const std::size_t n = g.polygon_count(), links = g.states_.size();
    const std::uint64_t pairs = g.step_count();
    g.build_steps_ = links + n;
    const std::uint64_t allowed = std::uint64_t{opt.step_budget} * links + 4096;
    g.search_budget_ = 2 * allowed + 64 * std::uint64_t{links} + 4096;
    if (pairs > allowed) return g;  // crafted: no table, no landmarks
    g.precompute_steps(pairs);
    if (opt.hierarchy) g.build_hierarchy();
    if (opt.all_pairs && n > 0 && n <= opt.all_pairs_max_polygons &&
        std::uint64_t{n} * links * 2 <= opt.all_pairs_max_bytes &&
        std::uint64_t{n} * (pairs + links) <= opt.all_pairs_max_work) {
        g.build_table();
        return g;  // the table's bound replaces the landmarks'
    }
    g.choose_landmarks(opt.landmarks);
    return g;
}

// One state per link, polygon by polygon in breadth-first order (see
// out_first_), with its source polygon.
inline void search_graph::lay_out_states(const walkable& w) {
    const std::size_t n = w.polygon_count();
    std::size_t links = 0;
    for (std::size_t p = 0; p < n; ++p) links += w.links(static_cast<polygon_index>(p)).size();
    out_first_.resize(n);
    out_end_.resize(n);
    states_.reserve(links);
    source_.reserve(links);
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
        out_first_[p] = static_cast<std::uint32_t>(states_.size());
        for (const link& l : w.links(p)) {
            states_.push_back({path_detail::midpoint(l), l.target});
            source_.push_back(p);
        }
        out_end_[p] = static_cast<std::uint32_t>(states_.size());
    }
}

// Links into each polygon (a counting sort by target).
inline void search_graph::index_links_in() {
    const std::size_t n = polygon_count();
    const auto links = static_cast<std::uint32_t>(states_.size());
    in_first_.assign(n + 1, 0);
    for (const state& s : states_) ++in_first_[s.target + 1];
    for (std::size_t p = 0; p < n; ++p) in_first_[p + 1] += in_first_[p];
    in_states_.resize(links);
    std::vector<std::uint32_t> fill(in_first_.begin(), in_first_.end() - 1);
    for (std::uint32_t s = 0; s < links; ++s) in_states_[fill[states_[s].target]++] = s;
}

// How many steps leave all states: the sum over polygons of links in
// times links out.
inline std::uint64_t search_graph::step_count() const noexcept {
    std::uint64_t pairs = 0;
    for (std::size_t p = 0; p < polygon_count(); ++p) {
        pairs += std::uint64_t{in_first_[p + 1] - in_first_[p]} * (out_end_[p] - out_first_[p]);
    }
    return pairs;
}

// The length of every step, state by state (`pairs` of them).
inline void search_graph::precompute_steps(std::uint64_t pairs) {
    const auto links = static_cast<std::uint32_t>(states_.size());
    step_first_.resize(links);
    steps_.reserve(static_cast<std::size_t>(pairs));
    for (std::uint32_t s = 0; s < links; ++s) {
        step_first_[s] = static_cast<std::uint32_t>(steps_.size());
        const polygon_index q = states_[s].target;
        for (std::uint32_t x = out_first_[q]; x < out_end_[q]; ++x) {
            steps_.push_back(length(states_[s].at, states_[x].at));
        }
    }
    build_steps_ += pairs;
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

}  // namespace navspan::nav

// The members that build the table and the landmarks.
#include "landmarks.hpp"
#include "pair_table.hpp"
#include "contraction.hpp"
#include "../core/min_max_pop.hpp"
