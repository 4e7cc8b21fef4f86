// navspan/nav/shortest_path.hpp - find_shortest_path: the any-angle
// shortest path over a walkable, free to cross each portal anywhere along
// it, found by a search of the Polyanya family (Cui, Harabor and Grastien,
// 2017): its search nodes are intervals of portals, each seen from a root
// point; no preprocessing.
//
//   navspan::nav::shortest_path_scratch scratch(mesh);  // once per thread
//   auto found = navspan::nav::find_shortest_path(mesh, start, start_point,
//                                                 goal, goal_point, scratch);
//   found.waypoints;  // world points: start, each turn, goal
//
// The model. A path is a chain of points: the start point, turning points,
// the goal point. Consecutive points must see each other in plan through
// the corridor: the plan segment between them crosses, in order, the
// portals of the links the path takes (a portal is crossed anywhere along
// it; a point portal, as a ladder's, only at its point). A path may turn
// only at a corner (a portal end with a wall beside it: walkable_turns.hpp,
// derived by the scratch's fit()) or at a point portal. Its length is the
// sum of the straight 3D distances between consecutive points of the chain
// (heights as the portals give them; start and goal as given). Visibility
// is judged in plan, lengths in 3D, and each polygon is taken as convex (a
// straight plan segment between two points of its boundary stays over it).
//
// Why corners are enough: a chain that turns anywhere else (at a portal's
// midpoint, at a point with polygons all round it) can be pulled taut
// there, each step replacing two chords by one, which by the triangle
// inequality never lengthens it, until it bends only round corners. So
// the least chain of this model, against find_exact_path (search_graph.hpp),
// whose paths cross every portal at its midpoint, is:
//   - never longer: a find_exact_path polyline pulled taut is a chain of
//     this model, no longer than it;
//   - never shorter than the straight 3D line from start to goal (the
//     triangle inequality);
//   - like find_exact_path it measures chords between points over portals,
//     not the surface beneath them; unlike it, a straight piece that crosses
//     several portals is one chord, their heights in between left out;
//   - where a link's take-off or landing lies off its portal, the funnel
//     over the corridor found (straight_path) can be a little shorter:
//     the answer is the shorter of the two (pull_corridor).
// Where polygons are flat and meet along shared edges (triangle meshes,
// flat Source areas) this is the Euclidean shortest path over the surface.
//
// The search (A*): a node is an interval [lo, hi] of a link's portal with
// a root, the last turning point before it, and g, the length to the root.
// Its key is g plus the least plan length from the root through the
// interval to the goal, a lower bound of what is left (plan length is at
// most 3D length) and consistent. Expanding a node enters the link's target:
// the part of each portal out of it seen from the root through the
// interval becomes a node of the same root; the parts out of sight become
// nodes rooted at the interval's ends that are corners (turning there);
// past an end that is not a corner the search goes on from the node
// through the neighbouring portal, which sees round it. A turn at a corner
// into a polygon reached by a way no shorter than the best so far is
// dropped (root-level pruning, by corner and polygon: mark_of).
// The search never steps back into the polygon a link came from. Nodes
// live in the scratch (their number is bounded by its cap: limit_exceeded
// when full, and when the links its expansions read pass 1,024 a link, so
// a search costs O(links) on any file); a search allocates only to grow
// the scratch past what every earlier search needed.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "geometry.hpp"
#include "heap.hpp"
#include "path.hpp"
#include "plan_geometry.hpp"
#include "shortest_scratch.hpp"
#include "status.hpp"
#include "walkable.hpp"
#include "walkable_turns.hpp"

namespace navspan::nav {

// What find_shortest_path answers. The spans point into the scratch: valid
// until its next search.
struct shortest_path_result {
    query_status status = query_status::no_path;
    float cost = 0;  // the waypoints' length: the model's chain, or the funnel's over its corridor where shorter
    std::span<const polygon_index> corridor;  // the polygons the path passes, start to goal
    std::span<const vec3> waypoints;          // world: start, every turning point, goal
    std::size_t expanded = 0;                 // nodes taken off the heap
    std::size_t generated = 0;                // nodes made
};

namespace shortest_detail {

using geometry_detail::plan2;

inline constexpr std::uint32_t none = 0xFFFFFFFFu;
inline constexpr std::uint32_t start_root = 0xFFFFFFFEu;
inline constexpr std::uint32_t goal_root = 0xFFFFFFFDu;
inline constexpr float unset = 3.0e38f;
// How close (plan units) a root may lie to an interval's line for the
// interval to count as seen edge on.
inline constexpr double edge_on = 1e-3;

struct view;  // how a node's root sees its interval (below)

inline plan2 flat(vec3 p) noexcept { return {p.x, p.y}; }
inline double plan_length(plan2 a, plan2 b) noexcept {
    const double dx = a.x - b.x, dy = a.y - b.y;
    return std::sqrt(dx * dx + dy * dy);
}
inline vec3 at(const link& l, float t) noexcept { return path_detail::lerp(l.portal_a, l.portal_b, t); }

// The least plan length from r through segment pq to goal: straight when
// the line from r to the goal (or to its mirror image in pq's line, both
// on one side) crosses pq, else through the nearer end.
inline double through(plan2 r, plan2 p, plan2 q, plan2 goal) noexcept {
    const double ex = q.x - p.x, ey = q.y - p.y, len2 = ex * ex + ey * ey;
    if (!(len2 > 1e-12)) return plan_length(r, p) + plan_length(p, goal);
    const double side_r = geometry_detail::cross(p, q, r), side_g = geometry_detail::cross(p, q, goal);
    plan2 g = goal;
    if ((side_r > 0 && side_g > 0) || (side_r < 0 && side_g < 0)) {
        const double k = 2 * side_g / len2;
        g = {goal.x + k * ey, goal.y - k * ex};
    }
    const double dr = geometry_detail::cross(p, q, r), dg = geometry_detail::cross(p, q, g);
    if (dr != dg) {
        // Where r-g meets pq's line, as the fraction along pq.
        const double s = dr / (dr - dg);
        const plan2 x{r.x + s * (g.x - r.x), r.y + s * (g.y - r.y)};
        const double u = ((x.x - p.x) * ex + (x.y - p.y) * ey) / len2;
        if (u >= 0 && u <= 1) return plan_length(r, g);
    }
    return std::min(plan_length(r, p) + plan_length(p, goal), plan_length(r, q) + plan_length(q, goal));
}

// Where `a + b t >= 0` on [lo, hi]: narrows [lo, hi] (empty: lo > hi).
inline void keep_nonnegative(double a, double b, double& lo, double& hi) noexcept {
    const double slack = 1e-9 * (std::fabs(a) + std::fabs(b)) + 1e-12;
    if (std::fabs(b) <= 1e-300) {
        if (a < -slack) hi = lo - 1;
        return;
    }
    // Where the bound falls outside [0, 1] (it holds over all of it: most
    // portals a node sees whole) the narrowing changes nothing; told
    // without the divisions (exactly: lo >= 0 and hi <= 1 always).
    if (b > 0 ? a >= 0 : a >= -b) return;
    const double t = -a / b;
    if (b > 0) lo = std::max(lo, t - slack / b);
    else hi = std::min(hi, t - slack / b);
}

}  // namespace shortest_detail

struct shortest_path_run {
    using node = shortest_path_scratch::node;
    const walkable& w;
    shortest_path_scratch& s;
    vec3 gp{};  // goal point, plan frame
    polygon_index goal = no_polygon;
    std::size_t size = 0;
    std::uint32_t count = 0;
    std::uint32_t stamp = 0;
    bool full = false;
    const link* base = nullptr;
    // With no one goal (shortest_field.hpp: reach, distance fields, the
    // nearest of many goals) a node's key bounds what is left by the
    // length to its interval alone, and nodes keyed above `limit` are
    // not made.
    bool spread = false;
    float limit = shortest_detail::unset;
    // find_nearest_goal's goal points (plan frame) when there are at most
    // max_aims of them: the bound is then the least of the bounds toward
    // each (each consistent, so their least is too), which guides the
    // search as find_shortest_path's does; with more, the length to the
    // interval alone (searching every way out in order of length).
    static constexpr std::uint32_t max_aims = 16;
    vec3 aims[max_aims]{};
    std::uint32_t aim_count = 0;
    // Links an expansion may still look at: every expansion reads each link
    // out of the polygon it enters, so a crafted polygon of many links
    // entered by many nodes would cost nodes x links; the search stops as
    // when out of nodes instead (1,024 a link: real searches read far fewer).
    std::size_t work = 0;

    const link& link_of(std::uint32_t k) const noexcept { return base[k]; }
    // Whether a path may turn at link k's portal end t (0: portal_a, 1: portal_b).
    bool turns_at(std::uint32_t k, float t) const noexcept {
        return (s.turns_[k] & (t == 0.0f ? turning_bits::a_turns : turning_bits::b_turns)) != 0;
    }

    void begin() noexcept {
        if (++s.generation_ == 0) {
            for (auto& m : s.roots_) m.stamp = 0;
            for (auto& m : s.marks_) m.stamp = 0;
            std::fill(s.reached_.begin(), s.reached_.end(), 0u);
            s.generation_ = 1;
        }
        stamp = s.generation_;
        size = 0;
        count = 0;
        work = 1024 * w.link_count() + (std::size_t{1} << 20);
        base = w.polygon_count() > 0 ? w.links(0).data() - w.link_offset(0) : nullptr;
    }

    static auto by_key() noexcept {
        // Ties to the newer node: a root that sees the goal keeps one key
        // down its whole line of sight, which is then followed at once.
        // (Keys are never negative, and a non-negative float's bits order
        // as its value: one compare of two words, key then newer node.)
        return [](const shortest_path_scratch::entry& a, const shortest_path_scratch::entry& b) {
            std::uint32_t ka, kb;
            std::memcpy(&ka, &a.key, 4);
            std::memcpy(&kb, &b.key, 4);
            return ((std::uint64_t{ka} << 32) | ~a.node) < ((std::uint64_t{kb} << 32) | ~b.node);
        };
    }
    static auto placed() noexcept { return [](std::size_t, const shortest_path_scratch::entry&) {}; }

    // The key of a node: g plus the plan bound of what is left.
    float key_of(const node& n) const noexcept {
        using namespace shortest_detail;
        if (n.root_id == goal_root) return n.g;
        const link& l = link_of(n.link);
        const plan2 r = flat(n.root), p = flat(at(l, n.lo)), q = flat(at(l, n.hi));
        if (spread && aim_count > 0) {
            double h = through(r, p, q, flat(aims[0]));
            for (std::uint32_t i = 1; i < aim_count; ++i) h = std::min(h, through(r, p, q, flat(aims[i])));
            return n.g + static_cast<float>(h);
        }
        if (spread) {
            const double t = geometry_detail::segment_fraction(r, p, q);
            return n.g + static_cast<float>(plan_length(r, {p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)}));
        }
        return n.g + static_cast<float>(through(r, p, q, flat(gp)));
    }

    // The slot of turning point p, for a path turning there into polygon
    // `into`, in the root table (nullptr: the table is full, and p goes
    // unpruned). Keyed by both: a turn into one polygon round a corner
    // makes nodes in that polygon only, so a way to the corner that turns
    // into another polygon there is no continuation of the first, whatever
    // its length (pruning by the point alone lost paths on a Source map:
    // 5,279 units found where 740 exist).
    shortest_path_scratch::root_mark* mark_of(vec3 p, polygon_index into) noexcept {
        std::uint32_t bits[3];
        std::memcpy(&bits[0], &p.x, 4);
        std::memcpy(&bits[1], &p.y, 4);
        std::memcpy(&bits[2], &p.z, 4);
        std::uint32_t h = bits[0] * 0x9E3779B1u ^ (bits[1] * 0x85EBCA77u) ^ (bits[2] * 0xC2B2AE3Du) ^ (into * 0x27D4EB2Fu);
        h ^= h >> 15;
        const std::size_t mask = s.roots_.size() - 1;
        for (std::size_t i = h & mask, probes = 0; probes < 64; i = (i + 1) & mask, ++probes) {
            auto& m = s.roots_[i];
            if (m.stamp != stamp) {
                m = {p, shortest_detail::unset, stamp, into, shortest_detail::none};
                return &m;
            }
            if (m.at.x == p.x && m.at.y == p.y && m.at.z == p.z && m.into == into) return &m;
        }
        return nullptr;
    }
    // The polygon a root turns into: the target of the link whose portal
    // end it is (its id is 3 * link + 0 or 2).
    polygon_index turned_into(std::uint32_t root_id) const noexcept { return link_of(root_id / 3).target; }

    // A new node (dropped when it turns at a point, into a polygon, reached
    // as short by another expansion, or when the scratch is full).
    // May grow the scratch (an allocation): not noexcept, so a failed one
    // reaches the caller as every allocation of the library does.
    void push(const node& n, std::uint32_t by) {
        // A search bounded by a length (shortest_field.hpp) drops a node
        // keyed past it before it touches the marks; an unbounded one works
        // the key out only for a node the marks keep (they drop about 4 in
        // 10 of the nodes offered on a Source map: 12% of the search's time).
        const bool bounded = limit < shortest_detail::unset;
        float key = bounded ? key_of(n) : 0.0f;
        if (bounded && key > limit) return;
        const bool turned = by == shortest_detail::none || s.nodes_[by].root_id != n.root_id;
        if (turned && n.root_id < shortest_detail::goal_root) {
            if (auto* m = mark_of(n.root, turned_into(n.root_id))) {
                if (m->by != by && !(n.g < m->g)) return;
                if (n.g < m->g) {
                    m->g = n.g;
                    m->by = by;
                }
            }
        }
        if (!bounded) {
            key = key_of(n);
            if (key > limit) return;  // (only a key past every float: coordinates near the largest)
        }
        if (count >= s.nodes_.size() && !s.grow()) {
            full = true;
            return;
        }
        node& made = s.nodes_[count];
        made = n;
        // (A goal node is never expanded, and its link may be none: a
        // goal in the start polygon of a walkable without links.)
        const bool same_root = by != shortest_detail::none && s.nodes_[by].root_id == n.root_id;
        made.passed_bits = n.root_id == shortest_detail::goal_root
                               ? 0u
                               : (same_root ? s.nodes_[by].passed_bits : 0u) | bit_of(n.from) | bit_of(link_of(n.link).target);
        heap_detail::sift_up(s.heap_.data(), size++, shortest_path_scratch::entry{key, count}, by_key(), placed());
        ++count;
    }

    // A node stands on a root no longer the best way there.
    bool stale(const node& n) noexcept {
        if (n.root_id >= shortest_detail::goal_root) return false;
        const auto* m = mark_of(n.root, turned_into(n.root_id));
        return m != nullptr && m->g < n.g;
    }

    // Polygon p's bit in a node's passed_bits (five bits of a hash of p).
    static std::uint32_t bit_of(polygon_index p) noexcept { return std::uint32_t{1} << ((p * 0x9E3779B1u) >> 27); }

    // Whether a node of the same root as `at_node` already passed polygon
    // p: a straight line in plan enters a convex polygon once, so a way
    // back is a loop (around a corner shared by a ring of polygons, with
    // the root on it; or through polygons that overlap in plan). The chain
    // is walked only where p's bit is set in the node's passed_bits.
    bool passed(std::uint32_t at_node, polygon_index p) const noexcept {
        if ((s.nodes_[at_node].passed_bits & bit_of(p)) == 0) return false;
        const std::uint32_t root = s.nodes_[at_node].root_id;
        std::uint32_t i = at_node;
        for (int steps = 0; i != shortest_detail::none && steps < 64; ++steps, i = s.nodes_[i].parent) {
            const node& a = s.nodes_[i];
            if (a.root_id != root) return false;
            if (a.from == p || link_of(a.link).target == p) return true;
        }
        return false;
    }

    // The goal find_nearest_goal placed in polygon p, or nullptr.
    const shortest_path_scratch::polygon_mark* goal_mark(polygon_index p) const noexcept {
        const auto& m = s.marks_[p];
        return m.stamp == stamp && m.goal != shortest_detail::none ? &m : nullptr;
    }

    // A turning point a node offers: an end (t 0 or 1) of its interval that
    // is a corner, its root id and the length to it.
    struct turning_point {
        float t;
        std::uint32_t id;
        vec3 p;
        float g;
    };
    // A link out of the polygon a node enters, as its new nodes need it.
    struct way_out {
        std::uint32_t link;    // global link index
        polygon_index from;    // the polygon it leaves
        std::uint32_t parent;  // the node being expanded
        bool point;            // a point portal
    };

    void push_first_nodes(polygon_index start, vec3 sp);
    void expand(std::uint32_t at_node);
    void turn_into(const shortest_detail::view& v, bool ahead, std::span<const turning_point> turns, way_out out,
                   double piece_lo, double piece_hi);
    void goal_nodes(const node& n, std::uint32_t by, vec3 target);
    shortest_path_result search(polygon_index start, vec3 start_point, polygon_index goal_polygon, vec3 goal_point);
    bool reachable(polygon_index start) noexcept;
    shortest_path_result finish(std::uint32_t goal_node, polygon_index start, vec3 sp, shortest_path_result r) noexcept;
    void pull_corridor(shortest_path_result& r) const noexcept { take_if_shorter(r, r.corridor); }
    bool take_if_shorter(shortest_path_result& r, std::span<const polygon_index> corridor) const noexcept {
        return r.status == query_status::found && r.waypoints.size() >= 2 &&  // (between the found answer's ends)
               take_pulled(r, corridor, r.waypoints.front(), r.waypoints.back());
    }
    bool take_pulled(shortest_path_result& r, std::span<const polygon_index> corridor, vec3 from, vec3 to) const noexcept;
};

namespace shortest_detail {

// One node's view: its interval's ends, its root and how the root sees it.
struct view {
    plan2 r, p, q;
    double orient = 0;  // cross(r, p, q): > 0 or < 0 for a proper cone
    bool cone = false;  // the root sees the interval as a proper cone
    bool all = false;   // the root lies on the interval: it sees the whole polygon entered
};

inline view view_of(vec3 root, vec3 pa, vec3 pb) noexcept {
    view v{flat(root), flat(pa), flat(pb)};
    const double len = plan_length(v.p, v.q);
    v.orient = geometry_detail::cross(v.r, v.p, v.q);
    if (len > 1e-6 && std::fabs(v.orient) > edge_on * len) {
        v.cone = true;
        return v;
    }
    // Edge on (or a point interval): the root sees through only if it lies on the interval.
    const double t = geometry_detail::segment_fraction(v.r, v.p, v.q);
    const plan2 c{v.p.x + t * (v.q.x - v.p.x), v.p.y + t * (v.q.y - v.p.y)};
    v.all = plan_length(c, v.r) <= edge_on;
    return v;
}

// The fractions of segment cd seen from v.r through the interval (lo > hi: none).
inline void seen(const view& v, plan2 c, plan2 d, double& lo, double& hi) noexcept {
    lo = 0;
    hi = 1;
    if (v.all) return;
    if (!v.cone) {
        hi = -1;
        return;
    }
    const double sign = v.orient > 0 ? 1.0 : -1.0;
    // cross(r, p, x(t)) and cross(r, x(t), q) are affine in t.
    const double a0 = geometry_detail::cross(v.r, v.p, c), a1 = geometry_detail::cross(v.r, v.p, d);
    const double b0 = geometry_detail::cross(v.r, c, v.q), b1 = geometry_detail::cross(v.r, d, v.q);
    keep_nonnegative(sign * a0, sign * (a1 - a0), lo, hi);
    keep_nonnegative(sign * b0, sign * (b1 - b0), lo, hi);
}

}  // namespace shortest_detail

// The goal nodes of `target` (plan frame), a point of the polygon n enters.
inline void shortest_path_run::goal_nodes(const node& n, std::uint32_t by, vec3 target) {
    using namespace shortest_detail;
    const link& l = link_of(n.link);
    const view v = view_of(n.root, at(l, n.lo), at(l, n.hi));
    double lo = 0, hi = 1;
    seen(v, flat(target), flat(target), lo, hi);
    node gn = n;
    gn.root_id = goal_root;
    gn.parent = by;
    if (lo <= hi) {
        gn.g = n.g + path_detail::plan_distance3(n.root, target);
        push(gn, by);
        return;
    }
    // Out of sight: turn at an end of the portal on the interval that is a
    // corner. The goal node keeps the turning point as its root (read back
    // by finish()).
    for (const float t : {0.0f, 1.0f}) {
        if (t < n.lo || t > n.hi || !turns_at(n.link, t)) continue;
        const vec3 corner = at(l, t);
        gn.root = corner;
        gn.g = n.g + path_detail::plan_distance3(n.root, corner) + path_detail::plan_distance3(corner, target);
        push(gn, by);
    }
}

inline void shortest_path_run::expand(std::uint32_t at_node) {
    using namespace shortest_detail;
    const node n = s.nodes_[at_node];
    const link& l = link_of(n.link);
    const polygon_index q = l.target;
    if (q == goal) {
        goal_nodes(n, at_node, gp);
        return;
    }
    // One of many goals: its point is offered, and the search goes on
    // through its polygon (another goal beyond may be nearer).
    if (spread) {
        if (const auto* m = goal_mark(q)) goal_nodes(n, at_node, m->goal_point);
    }
    const vec3 pa = at(l, n.lo), pb = at(l, n.hi);
    const view v = view_of(n.root, pa, pb);
    // The turning points this node offers: the interval's ends that are
    // portal ends at a corner. (A point portal becomes the root of the node
    // that reaches it.)
    turning_point turns[2];
    std::uint32_t turn_count = 0;
    // Whether the root lies on the side of the portal's line that the
    // polygon left lies on (portal_shape::a_right says which). Then a
    // piece out of sight lies beyond one end of the interval and turns
    // there only. A root across the line (a point portal beside the
    // polygon it leads to: a drop off a ledge that lands past the next
    // portal) sees its cone open away from the polygon entered, and what
    // lies beyond one end from the root may be reached round the other:
    // both ends turn.
    const bool ahead =
        v.cone && (l.shape & portal_shape::no_side) == 0 && (v.orient > 0) == ((l.shape & portal_shape::a_right) != 0);
    if (!v.all) {
        for (std::uint32_t i = 0; i < 2; ++i) {
            const float t = i == 0 ? 0.0f : 1.0f;
            if (t < n.lo || t > n.hi || !turns_at(n.link, t)) continue;
            const vec3 p = at(l, t);
            turns[turn_count++] = {t, 3 * n.link + 2 * i, p, n.g + path_detail::plan_distance3(n.root, p)};
        }
    }
    const std::uint32_t first = w.link_offset(q);
    const auto out = w.links(q);
    if (out.size() > work) {
        full = true;  // the work bound (see `work`): limit_exceeded, as when out of nodes
        return;
    }
    work -= out.size();
    for (std::uint32_t j = 0; j < out.size(); ++j) {
        const link& o = out[j];
        if (o.target == n.from) continue;
        const std::uint32_t k = first + j;
        const plan2 c = flat(o.portal_a), d = flat(o.portal_b);
        const bool point = path_detail::same_plan_point(o.portal_a, o.portal_b);
        node next{n.root, n.g, 0.0f, 1.0f, k, n.root_id, at_node, q};
        double lo = 0, hi = 1;
        seen(v, c, d, lo, hi);
        // An end within a hair of the portal's is that end (a turning point).
        lo = lo < 1e-6 ? 0.0 : lo;
        hi = hi > 1 - 1e-6 ? 1.0 : hi;
        const bool any = lo <= hi;
        if (any && !passed(at_node, o.target)) {
            next.lo = point ? 0.0f : static_cast<float>(lo);
            next.hi = point ? 0.0f : static_cast<float>(hi);
            if (point) {
                // A point portal is always a turning point.
                next.root = o.portal_a;
                next.root_id = 3 * k;
                next.g = n.g + path_detail::plan_distance3(n.root, o.portal_a);
            }
            push(next, at_node);
        }
        if (turn_count == 0) continue;
        // The pieces out of sight: [0, lo) and (hi, 1], or all of it.
        if (!any) {
            turn_into(v, ahead, {turns, turn_count}, {k, q, at_node, point}, 0, 1);
        } else if (!point) {
            if (lo > 1e-6) turn_into(v, ahead, {turns, turn_count}, {k, q, at_node, point}, 0, lo);
            if (hi < 1 - 1e-6) turn_into(v, ahead, {turns, turn_count}, {k, q, at_node, point}, hi, 1);
        }
    }
}

// The nodes that turn at the corners `turns` into the piece [piece_lo,
// piece_hi] of the portal of `out`, out of sight of the view's root: a
// corner turns toward its own side of the interval only (when the root
// is `ahead`, see expand()).
inline void shortest_path_run::turn_into(const shortest_detail::view& v, bool ahead, std::span<const turning_point> turns,
                                         way_out out, double piece_lo, double piece_hi) {
    using namespace shortest_detail;
    const link& o = link_of(out.link);
    const plan2 c = flat(o.portal_a), d = flat(o.portal_b);
    // Which end of the interval the piece lies beyond.
    const double mid = 0.5 * (piece_lo + piece_hi);
    const plan2 x{c.x + mid * (d.x - c.x), c.y + mid * (d.y - c.y)};
    const double sign = v.orient > 0 ? 1.0 : -1.0;
    const bool past_p = !ahead || sign * geometry_detail::cross(v.r, v.p, x) < 0;
    const bool past_q = !ahead || sign * geometry_detail::cross(v.r, x, v.q) < 0;
    for (const turning_point& t : turns) {
        if (t.t == 0.0f && !past_p) continue;
        if (t.t == 1.0f && !past_q) continue;
        // (A point portal seen from here is a turning point of its own when
        // this node is expanded: one turn per node.)
        const float plo = out.point ? 0.0f : static_cast<float>(piece_lo);
        const float phi = out.point ? 0.0f : static_cast<float>(piece_hi);
        push({t.p, t.g, plo, phi, out.link, t.id, out.parent, out.from}, out.parent);
    }
}

// The chain of roots back from the goal node: the waypoints, and the
// polygons passed.
inline shortest_path_result shortest_path_run::finish(std::uint32_t goal_node, polygon_index start, vec3 sp,
                                                      shortest_path_result r) noexcept {
    r.status = query_status::found;
    r.cost = s.nodes_[goal_node].g;
    std::size_t points = 0, polygons = 0;
    s.waypoints_[points++] = gp;
    std::uint32_t last_id = shortest_detail::none;
    vec3 last{};
    for (std::uint32_t i = goal_node; i != shortest_detail::none; i = s.nodes_[i].parent) {
        const node& n = s.nodes_[i];
        const bool fresh = i == goal_node ? !(n.parent != shortest_detail::none &&
                                               s.nodes_[n.parent].root.x == n.root.x && s.nodes_[n.parent].root.y == n.root.y &&
                                               s.nodes_[n.parent].root.z == n.root.z)
                                          : n.root_id != last_id;
        if (fresh && !(points > 1 && last.x == n.root.x && last.y == n.root.y && last.z == n.root.z)) {
            s.waypoints_[points++] = n.root;
            last = n.root;
        }
        last_id = n.root_id;
        if (i != goal_node) s.corridor_[polygons++] = link_of(n.link).target;
    }
    s.corridor_[polygons++] = start;
    // The start, unless the first node already stood on it.
    if (!(last.x == sp.x && last.y == sp.y && last.z == sp.z)) s.waypoints_[points++] = sp;
    std::reverse(s.waypoints_.begin(), s.waypoints_.begin() + static_cast<std::ptrdiff_t>(points));
    std::reverse(s.corridor_.begin(), s.corridor_.begin() + static_cast<std::ptrdiff_t>(polygons));
    for (std::size_t i = 0; i < points; ++i) s.waypoints_[i] = w.to_world(s.waypoints_[i]);
    r.waypoints = {s.waypoints_.data(), points};
    r.corridor = {s.corridor_.data(), polygons};
    return r;
}

// A node for each link out of the start polygon, seen whole from the start
// point sp (plan frame); a point portal is a turning point of its own.
inline void shortest_path_run::push_first_nodes(polygon_index start, vec3 sp) {
    using namespace shortest_detail;
    const std::uint32_t first = w.link_offset(start);
    const auto out = w.links(start);
    for (std::uint32_t j = 0; j < out.size(); ++j) {
        const link& o = out[j];
        shortest_path_scratch::node first_node{sp, 0.0f, 0.0f, 1.0f, first + j, start_root, none, start};
        if (path_detail::same_plan_point(o.portal_a, o.portal_b)) {
            first_node.hi = 0.0f;
            first_node.root = o.portal_a;
            first_node.root_id = 3 * (first + j);
            first_node.g = path_detail::plan_distance3(sp, o.portal_a);
        }
        push(first_node, none);
    }
}

// The funnel (straight_path) over the answer's own corridor (pull_corridor),
// one offered for a found answer (offer_corridor) or for one out of nodes
// (offer_best_known, shortest_checked.hpp: the first is taken whole). Where
// a link's take-off or landing lies off its portal (a drop, a jump) the
// funnel crosses there, at heights and turning points the model's chain
// does not have, and can come out a little shorter (up to about 1% on the
// corpus): the shorter is the answer. It writes past the answer's waypoints
// (no allocation; too short: the answer stands). A corridor that does not
// join the answer's ends link by link is passed over.
inline bool shortest_path_run::take_pulled(shortest_path_result& r, std::span<const polygon_index> corridor, vec3 from,
                                           vec3 to) const noexcept {
    const std::size_t used = r.waypoints.size();
    const bool have = used > 0;  // a path to beat (none: a best known path's first offer)
    if (used >= s.waypoints_.size() || corridor.empty() || corridor.size() > s.corridor_.size() || corridor.back() >= w.polygon_count() ||
        (have && (r.corridor.empty() || corridor.front() != r.corridor.front() || corridor.back() != r.corridor.back()))) {
        return false;
    }
    const bool own = corridor.data() == r.corridor.data();
    if (!own) {
        // The answer's own corridor again (the other searches often find
        // it): its funnel was pulled when the answer was made.
        if (have && std::equal(corridor.begin(), corridor.end(), r.corridor.begin(), r.corridor.end())) return false;
        for (std::size_t i = 0; i + 1 < corridor.size(); ++i) {
            if (corridor[i] >= w.polygon_count() || w.find_link(corridor[i], corridor[i + 1]) == nullptr) return false;
        }
    }
    const std::span<vec3> spare(s.waypoints_.data() + used, s.waypoints_.size() - used);
    const auto pulled = straight_path(w, corridor, from, to, spare);
    if (!pulled.complete || pulled.count < (have ? 2u : 1u)) return false;
    double length = 0;
    for (std::size_t i = 1; i < pulled.count; ++i) length += path_detail::plan_distance3(spare[i - 1], spare[i]);
    if (have && !(length < double{r.cost})) return false;
    std::copy(spare.begin(), spare.begin() + static_cast<std::ptrdiff_t>(pulled.count), s.waypoints_.begin());
    r.waypoints = {s.waypoints_.data(), pulled.count};
    if (!own) {
        std::copy(corridor.begin(), corridor.end(), s.corridor_.begin());
        r.corridor = {s.corridor_.data(), corridor.size()};
    }
    r.cost = static_cast<float>(length);
    return true;
}

// The search itself (find_shortest_path checked its input).
inline shortest_path_result shortest_path_run::search(polygon_index start, vec3 start_point, polygon_index goal_polygon,
                                                      vec3 goal_point) {
    using namespace shortest_detail;
    shortest_path_result r;
    begin();
    gp = w.to_plan(goal_point);
    goal = goal_polygon;
    const vec3 sp = w.to_plan(start_point);
    if (start == goal_polygon) {
        r.status = query_status::found;
        r.cost = path_detail::plan_distance3(sp, gp);
        s.waypoints_[0] = start_point;
        s.waypoints_[1] = goal_point;
        s.corridor_[0] = start;
        // The goal where the start is: one waypoint, as straight_path
        // writes a point that repeats the last once.
        const bool one_point = path_detail::same_plan_point(sp, gp) && std::fabs(sp.z - gp.z) < 1e-3f;
        r.waypoints = {s.waypoints_.data(), one_point ? 1u : 2u};
        r.corridor = {s.corridor_.data(), 1};
        return r;
    }
    push_first_nodes(start, sp);
    while (size > 0) {
        const std::uint32_t top = heap_detail::pop(s.heap_.data(), size, by_key(), placed()).node;
        const shortest_path_scratch::node& at_node = s.nodes_[top];
        if (full) break;
        if (stale(at_node)) continue;
        ++r.expanded;
        if (at_node.root_id == goal_root) {
            r.generated = count;
            r = finish(top, start, sp, r);
            pull_corridor(r);
            return r;
        }
        expand(top);
    }
    r.generated = count;
    // Out of nodes: limit_exceeded only when the goal is reachable at all.
    r.status = full && reachable(start) ? query_status::limit_exceeded : query_status::no_path;
    return r;
}

// Whether any chain of links leads from `start` to the goal polygon (or to
// a polygon holding one of find_nearest_goal's goals): a
// breadth-first walk over the polygons (each entered once), in the
// scratch's own arrays.
inline bool shortest_path_run::reachable(polygon_index start) noexcept {
    std::uint32_t* reached = s.reached_.data();
    polygon_index* queue = s.queue_.data();
    std::size_t head = 0, tail = 0;
    reached[start] = stamp;
    queue[tail++] = start;
    while (head < tail) {
        const polygon_index p = queue[head++];
        if (p == goal || goal_mark(p) != nullptr) return true;
        for (const link& l : w.links(p)) {
            if (reached[l.target] == stamp) continue;
            reached[l.target] = stamp;
            queue[tail++] = l.target;
        }
    }
    return false;
}

// The shortest path from polygon `start` (at `start_point`) to polygon
// `goal` (at `goal_point`) under the model above; points in world
// coordinates. On one polygon: the straight line.
inline shortest_path_result find_shortest_path(const walkable& w, polygon_index start, vec3 start_point, polygon_index goal,
                                               vec3 goal_point, shortest_path_scratch& scratch) {
    shortest_path_result r;
    const std::size_t n = w.polygon_count();
    if (w.empty() || start >= n || goal >= n || !w.usable(start) || !w.usable(goal) || !valid_query_point(start_point) ||
        !valid_query_point(goal_point)) {
        r.status = query_status::bad_input;
        return r;
    }
    if (!scratch.fits(w)) {
        r.status = query_status::scratch_too_small;
        return r;
    }
    shortest_path_run run{w, scratch};
    return run.search(start, start_point, goal, goal_point);
}

// Another corridor between the ends of `found` (find_shortest_path's
// answer, whose spans point into `scratch`): find_path's or
// find_exact_path's between the same points. Where its pulled waypoints
// (straight_path) are shorter than the answer, they become it: waypoints,
// corridor and cost; true then. The model's chain takes each corner's
// height from its portal and crosses a drop at its portal, so the funnel
// over another corridor can come out a hair shorter (up to 0.09% on the
// corpus: 3 pairs in about 5,700); the command's `path --shortest` and the
// C ABI offer both corridors, so their answer is never longer than
// `path`'s or `path --exact`'s. Allocates nothing.
inline bool offer_corridor(const walkable& w, shortest_path_result& found, std::span<const polygon_index> corridor,
                           shortest_path_scratch& scratch) noexcept {
    if (!scratch.fits(w)) return false;
    const shortest_path_run run{w, scratch};
    return run.take_if_shorter(found, corridor);
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
