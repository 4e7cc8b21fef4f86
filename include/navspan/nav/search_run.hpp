// navspan/nav/search_run.hpp - what every search over a search_graph
// shares: its scratch (one per thread), the heap, the stamps that spare
// clearing the scratch between searches, relaxation and the corridor. The
// searches themselves (exact_path.hpp, reach.hpp, nearest_goal.hpp,
// distance_field.hpp) define
// the members declared here for them.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "../core/config.hpp"
#include "contraction_data.hpp"
#include "graph.hpp"
#include "heap.hpp"
#include "path.hpp"
#include "status.hpp"
#include "walkable.hpp"

namespace navspan::nav {

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
        if (g.hierarchy() != nullptr) hierarchy_.fit(*g.hierarchy());
    }
    bool fits(const search_graph& g) const noexcept {
        return hot_.size() >= g.state_count() + 1 && polygon_mark_.size() >= g.polygon_count() &&
               (g.hierarchy() == nullptr || hierarchy_.fits(*g.hierarchy()));
    }
    std::size_t memory_bytes() const noexcept {
        return hot_.capacity() * sizeof(hot) + parent_.capacity() * 4 + heap_.capacity() * sizeof(entry) +
               polygon_mark_.capacity() * sizeof(mark) + corridor_.capacity() * 4 + hierarchy_.memory_bytes();
    }

private:
    template <class Cost>
    friend struct search_detail_run;
    friend struct ch_detail_run;
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
    ch_scratch hierarchy_;  // for the graph's hierarchy (options::hierarchy)
};

struct exact_path_result;
struct reach_result;
struct reached_polygon;
struct nearest_goal_result;
struct distance_field_result;

// A polygon and a world point on it: one goal of a nearest-of-many search
// (nearest_goal.hpp), one start of a distance field (distance_field.hpp).
struct goal_point {
    polygon_index polygon = no_polygon;
    vec3 point{};  // world
};

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

    // The heap's order (least key first) and where it tells each state its
    // slot (for up() when a cheaper way to an open state turns up).
    static auto by_key() noexcept {
        return [](const search_scratch::entry& a, const search_scratch::entry& b) { return a.key < b.key; };
    }
    auto note_slot() noexcept {
        return [this](std::size_t slot, const search_scratch::entry& e) { s.hot_[e.state].slot = static_cast<std::uint32_t>(slot); };
    }
    void up(std::size_t slot, search_scratch::entry e) noexcept { heap_detail::sift_up(s.heap_.data(), slot, e, by_key(), note_slot()); }
    std::uint32_t pop() noexcept {
        const std::uint32_t top = heap_detail::pop(s.heap_.data(), size, by_key(), note_slot()).state;
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

    // The searches, each in its own header (they define these).
    exact_path_result exact(polygon_index start, vec3 start_point, polygon_index goal, vec3 goal_point, float heuristic_scale, bool want_corridor) noexcept;
    exact_path_result exact_by_table(polygon_index start, vec3 sp, polygon_index goal, vec3 gp, float heuristic_scale, bool want_corridor) noexcept;
    exact_path_result exact_by_landmarks(polygon_index start, vec3 sp, polygon_index goal, vec3 gp, float heuristic_scale, bool want_corridor) noexcept;
    template <class Bound>
    exact_path_result search(polygon_index start, vec3 sp, polygon_index goal, vec3 gp, bool want_corridor, Bound& bound) noexcept;
    bool dominated(std::uint32_t e, polygon_index q, float c) noexcept;
    reach_result reach(polygon_index start, vec3 start_point, float max_cost, std::span<reached_polygon> out) noexcept;
    nearest_goal_result nearest(polygon_index start, vec3 start_point, std::span<const goal_point> goals) noexcept;
    distance_field_result field(std::span<const goal_point> starts, float max_cost, std::span<float> cost_per_polygon) noexcept;
    // Dijkstra from every start at once within max_cost (reach.hpp): calls
    // settle(polygon, cost) as each state is settled, in increasing cost
    // (the starts first, at 0); settle returning false ends the search.
    template <class Settle>
    search_status settle_from(std::span<const goal_point> starts, float max_cost, Settle&& settle) noexcept;

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

// Why a search refuses to start (found: it does not): its arguments are
// not `valid`, or the scratch was sized for a smaller graph.
inline query_status refusal(const search_graph& g, const search_scratch& scratch, bool valid) noexcept {
    if (!valid) return query_status::bad_input;
    return scratch.fits(g) ? query_status::found : query_status::scratch_too_small;
}

}  // namespace search_detail

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
