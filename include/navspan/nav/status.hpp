// navspan/nav/status.hpp - what every nav search answers: one status type
// for find_path, find_exact_path, reach and find_nearest_goal, so a caller
// (and the C ABI) tells outcomes apart the same way whichever search ran.
//
// path_status and search_status, the names find_path's and the graph
// searches' results have always used, are aliases of it.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstdint>
#include <string_view>

namespace navspan::nav {

// The values keep the numbers they had in path_status and search_status.
enum class query_status : std::uint8_t {
    found,              // corridor from start to goal
    no_path,            // the goal cannot be reached from the start
    bad_input,          // a polygon index out of range or unusable, or a point refused by valid_query_point
    scratch_too_small,  // the scratch was sized for a smaller walkable or graph
    // Only the graph searches: a search over a crafted graph (see
    // search_graph::search_budget(): at least 128 relaxations per link,
    // farthest above what a search over any real file makes) gave up.
    limit_exceeded,
};

using path_status = query_status;
using search_status = query_status;

constexpr std::string_view to_string(query_status s) noexcept {
    switch (s) {
        case query_status::found: return "found";
        case query_status::no_path: return "no path";
        case query_status::bad_input: return "bad input";
        case query_status::scratch_too_small: return "scratch too small";
        case query_status::limit_exceeded: return "limit exceeded";
    }
    return "unknown";
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
