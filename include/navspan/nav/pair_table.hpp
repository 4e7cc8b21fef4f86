// navspan/nav/pair_table.hpp - the all-pairs table (search_graph::options::
// all_pairs): for every state and goal polygon, a lower bound of the cost
// from the state into the goal on to its centre, which find_exact_path
// (exact_path.hpp) takes as its bound instead of the landmarks'.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "geometry.hpp"
#include "graph.hpp"

namespace navspan::nav {

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

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
