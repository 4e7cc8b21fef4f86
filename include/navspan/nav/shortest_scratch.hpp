// navspan/nav/shortest_scratch.hpp - shortest_path_scratch: what
// find_shortest_path (shortest_path.hpp) and the searches under its model
// (shortest_field.hpp) keep between calls, one per thread.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "walkable.hpp"
#include "walkable_turns.hpp"

namespace navspan::nav {

// The nodes, heap, root marks, turning points (walkable_turns.hpp) and
// output of find_shortest_path. One per thread, fitted to a walkable (fit:
// the turning points are derived there, again only for another walkable),
// then reused. Its nodes start at one
// per link and grow, when a search needs more than any search before it,
// up to the cap (node_capacity()): 68 bytes a node (with its heap entry and
// its room in the answer), so a cap of 16 a link held up front is about
// 1.1 KB a link (211 MB for a 14 MB Source file of 131,072 areas, for a
// path from an area to itself). A scratch that has grown
// allocates nothing more; preallocate() grows it to the cap at once.
class shortest_path_scratch {
public:
    // Nodes per link the scratch may grow to by default (plus a floor): a
    // search that needs more stops with limit_exceeded.
    static constexpr std::size_t default_nodes_per_link = 16;

    shortest_path_scratch() = default;
    explicit shortest_path_scratch(const walkable& w, std::size_t nodes_per_link = default_nodes_per_link) {
        fit(w, nodes_per_link);
    }
    void fit(const walkable& w, std::size_t nodes_per_link = default_nodes_per_link) {
        const std::size_t links = w.link_count();
        cap_ = std::max(cap_, nodes_per_link * links + 4096);
        if (nodes_.size() < links + 4096) resize_nodes(std::min(cap_, links + 4096));
        std::size_t slots = 1024;
        while (slots < 4 * links + 1024) slots *= 2;
        if (roots_.size() < slots) roots_.resize(slots);
        if (reached_.size() < w.polygon_count()) {
            reached_.resize(w.polygon_count());
            queue_.resize(w.polygon_count());
            marks_.resize(w.polygon_count());
        }
        // Where a path may turn: derived once per walkable (O(links log
        // links)), again only for another walkable.
        if (turns_of_ != w.serial() || turns_.size() != w.link_count()) {
            find_turning_ends(w, turns_);
            turns_of_ = w.serial();
        }
    }
    // Every node the cap allows, now: no search will allocate.
    void preallocate() { resize_nodes(cap_); }
    bool fits(const walkable& w) const noexcept {
        return roots_.size() >= 4 * w.link_count() + 1024 && nodes_.size() >= 4096 && reached_.size() >= w.polygon_count() &&
               marks_.size() >= w.polygon_count() && turns_of_ == w.serial() && turns_.size() == w.link_count();
    }
    // The most nodes one search may make.
    std::size_t node_capacity() const noexcept { return cap_; }
    std::size_t memory_bytes() const noexcept {
        return nodes_.capacity() * sizeof(node) + heap_.capacity() * sizeof(entry) + roots_.capacity() * sizeof(root_mark) +
               corridor_.capacity() * sizeof(polygon_index) + waypoints_.capacity() * sizeof(vec3) +
               (reached_.capacity() + queue_.capacity()) * sizeof(std::uint32_t) + marks_.capacity() * sizeof(polygon_mark) +
               turns_.capacity();
    }

private:
    friend struct shortest_path_run;
    friend struct shortest_spread;
    struct node {
        vec3 root;             // plan frame
        float g;               // length from the start to the root
        float lo, hi;          // the interval, as fractions from portal_a to portal_b
        std::uint32_t link;    // global link index (walkable::link_offset)
        std::uint32_t root_id;  // 3 * link + 0 (portal_a) or 2 (portal_b); or start/goal
        std::uint32_t parent;  // the node expanded to make this one
        polygon_index from;    // the polygon the link leaves
        // A bit for each polygon a node of its root up its chain passed
        // (left or entered), by a hash of the polygon: a polygon whose bit
        // is clear was not passed, and run::passed() walks the chain only
        // when it is set.
        std::uint32_t passed_bits = 0;
    };
    struct entry {
        float key;
        std::uint32_t node;
    };
    // The best length found to each turning point and the polygon a path
    // turns into there, by the point itself (a corner is the end of several
    // portals) and that polygon: open addressing, a power of two of slots,
    // cleared by the stamp.
    struct root_mark {
        vec3 at;
        float g;
        std::uint32_t stamp;
        polygon_index into;
        std::uint32_t by;  // the expansion that set it
    };
    // Nodes, heap and the output's room together (a chain of nodes is at
    // most every node, plus the start and the goal).
    void resize_nodes(std::size_t nodes) {
        nodes_.resize(nodes);
        heap_.resize(nodes);
        corridor_.resize(nodes + 1);
        waypoints_.resize(nodes + 2);
    }
    // Room for more nodes, doubling up to the cap; false at the cap.
    bool grow() {
        if (nodes_.size() >= cap_) return false;
        resize_nodes(std::min(cap_, std::max<std::size_t>(2 * nodes_.size(), 4096)));
        return true;
    }
    std::vector<node> nodes_;
    std::vector<entry> heap_;
    std::vector<root_mark> roots_;
    std::vector<polygon_index> corridor_;
    std::vector<vec3> waypoints_;
    // Which polygons a search that ran out of nodes can reach at all (the
    // stamp of the search), and the breadth-first queue that finds them: a
    // goal it cannot reach is no_path, not limit_exceeded.
    std::vector<std::uint32_t> reached_;
    std::vector<polygon_index> queue_;
    // Per polygon, for the searches with no one goal (shortest_field.hpp):
    // the least cost of entering it found so far (reach), or the goal it
    // holds (find_nearest_goal). Current when its stamp is the search's.
    struct polygon_mark {
        vec3 goal_point;  // plan frame
        float cost;
        std::uint32_t stamp;
        std::uint32_t goal;  // index into the goals given, or none
    };
    std::vector<polygon_mark> marks_;
    // Per link, which of its portal's ends are corners (turning_bits), for
    // the walkable numbered turns_of_ (walkable::serial).
    std::vector<std::uint8_t> turns_;
    std::uint64_t turns_of_ = 0;
    std::size_t cap_ = 0;
    std::uint32_t generation_ = 0;
};

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
