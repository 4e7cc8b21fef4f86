// A long path on a walkable (navspan::nav), for the tool tests of every
// format: from a polygon to the one farthest from it in hops, found,
// starting and ending where asked, every step along a link.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <vector>

#include <doctest/doctest.h>
#include <navspan/nav.hpp>

namespace navspan_test {

// Breadth-first hop counts from `start` over the links (-1: unreachable).
inline std::vector<int> nav_hops_from(const navspan::nav::walkable& w, navspan::nav::polygon_index start) {
    std::vector<int> hops(w.polygon_count(), -1);
    std::deque<navspan::nav::polygon_index> queue{start};
    hops[start] = 0;
    while (!queue.empty()) {
        const auto u = queue.front();
        queue.pop_front();
        for (const navspan::nav::link& l : w.links(u)) {
            if (hops[l.target] < 0) {
                hops[l.target] = hops[u] + 1;
                queue.push_back(l.target);
            }
        }
    }
    return hops;
}

inline void check_long_nav_path(const navspan::nav::walkable& w, navspan::nav::polygon_index from) {
    namespace nav = navspan::nav;
    const auto hops = nav_hops_from(w, from);
    const auto farthest = static_cast<nav::polygon_index>(std::max_element(hops.begin(), hops.end()) - hops.begin());
    CAPTURE(w.id(from).primary);
    CAPTURE(w.id(farthest).primary);
    nav::path_scratch scratch(w);
    const auto path = nav::find_path(w, from, nav::centre(w, from), farthest, nav::centre(w, farthest), scratch);
    REQUIRE(path.status == nav::path_status::found);
    CHECK(path.corridor.front() == from);
    CHECK(path.corridor.back() == farthest);
    CHECK(path.corridor.size() >= static_cast<std::size_t>(hops[farthest]) + 1);
    for (std::size_t k = 1; k < path.corridor.size(); ++k) {
        CHECK(w.find_link(path.corridor[k - 1], path.corridor[k]) != nullptr);
    }
}

}  // namespace navspan_test
