// navspan/nav/landmarks.hpp - the landmarks of the ALT heuristic: a few
// states chosen far apart, with the exact distance from each to every state
// and from every state to each. find_exact_path (exact_path.hpp) takes the
// larger of the triangle-inequality bounds they give and the straight line.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph.hpp"

namespace navspan::nav {

// Landmarks, farthest first: each next one is the state farthest (by
// the distance, either way, from the nearest landmark so farthest) from
// those chosen, among the states the landmarks reach; the first is the
// state farthest from the first link of the largest polygon count's
// island (a state of the island most paths run in).
inline void search_graph::choose_landmarks(std::uint32_t wanted) {
    const auto links = static_cast<std::uint32_t>(states_.size());
    const std::uint32_t k = links == 0 ? 0 : std::min<std::uint32_t>(wanted, links);
    if (k == 0) return;
    landmarks_ = k;
    from_landmark_.assign(std::size_t{links} * k, unreached);
    to_landmark_.assign(std::size_t{links} * k, unreached);
    std::vector<float> nearest(links, unreached);
    std::uint32_t next = landmark_seed();
    for (std::uint32_t i = 0; i < k; ++i) {
        dijkstra(next, false, from_landmark_.data() + i, k);
        dijkstra(next, true, to_landmark_.data() + i, k);
        std::uint32_t farthest = next;
        float farthest_d = -1;
        for (std::uint32_t x = 0; x < links; ++x) {
            const float d = std::min(from_landmark_[std::size_t{x} * k + i], to_landmark_[std::size_t{x} * k + i]);
            nearest[x] = std::min(nearest[x], d);
            if (nearest[x] != unreached && nearest[x] > farthest_d) {
                farthest_d = nearest[x];
                farthest = x;
            }
        }
        next = farthest;
    }
}

// The seed: of a few states spread over the graph, the one reaching the
// most states; the first landmark is the state farthest from it.
inline std::uint32_t search_graph::landmark_seed() {
    const auto links = static_cast<std::uint32_t>(states_.size());
    std::uint32_t next = 0;
    std::vector<float> probe(links, unreached);
    std::size_t most = 0;
    const std::uint32_t tries = std::min<std::uint32_t>(4, links);
    for (std::uint32_t t = 0; t < tries; ++t) {
        const auto seed = static_cast<std::uint32_t>(std::uint64_t{links} * t / tries);
        std::fill(probe.begin(), probe.end(), unreached);
        dijkstra(seed, false, probe.data(), 1);
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
    return next;
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
