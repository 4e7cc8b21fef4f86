// navspan/nav/funnel.hpp - the funnel behind straight_path (path.hpp):
// the steps of a corridor as the funnel sees them (a link's portal, where
// the walk takes off and lands, whether the corridor turns back there) and
// the string pulling over them. path.hpp includes it; straight_path is the
// way in.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

#include "geometry.hpp"
#include "plan_geometry.hpp"
#include "walkable.hpp"

namespace navspan::nav {

namespace path_detail {

// Twice the signed area of the plan triangle a, b, c.
inline float triangle_area2(vec3 a, vec3 b, vec3 c) noexcept {
    const float ax = b.x - a.x, ay = b.y - a.y, bx = c.x - a.x, by = c.y - a.y;
    return bx * ay - ax * by;
}

inline bool same_plan_point(vec3 a, vec3 b) noexcept {
    const float dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy < 1e-6f;
}

inline vec3 lerp(vec3 a, vec3 b, float t) noexcept {
    return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z)};
}

// A plan point without vec3's member initialisers: funnel_run's ring of
// steps holds these, so it is not zeroed at every query (288 floats, 3%
// of straight_path on Cheat_Room) only to be written before it is read.
struct bare_point {
    float x, y, z;
    static bare_point of(vec3 p) noexcept { return {p.x, p.y, p.z}; }
    vec3 point() const noexcept { return {x, y, z}; }
};

// One step of a corridor as the funnel sees it, by part (funnel_run's
// numbering): the portal of the link (1), as (left, right) seen from
// inside the polygon it leaves, the same ends moved onto the polygon left
// (0: where the walk takes off; a ladder's or an off-mesh link's portal
// may lie beside it) and onto the polygon entered (2: where it lands). The three are one segment where the polygons touch;
// where they do not (a Source drop or jump across a gap, a link between
// meshes that do not meet, a ladder) the funnel keeps to both sides of the
// gap instead of cutting across it. (No member initialisers: funnel_run
// keeps an array of them that get() fills, never read before.)
struct funnel_step {
    // By part: the funnel reads its portal at one index, no branch on the
    // part. lefts[0], rights[0] are read only when first_part is 0;
    // lefts[2], rights[2] only when last_part is 2 (where the corridor
    // turns back without a landing of its own: the portal again).
    bare_point lefts[3], rights[3];
    // The portals the step adds, numbered as funnel_run's: 0 its take-off
    // where that is not the portal itself (else first_part is 1), 2 its
    // landing where that is not the portal itself or where the corridor
    // turns back (else last_part is 1).
    std::uint8_t first_part, last_part;
    // The corridor turns back here: the landing or the way on (the next
    // portal, or the goal) lies behind the portal's line, on the side of
    // the polygon it leaves. A drop off an edge onto an area beside or
    // below the one left, or an area overlapping the last in plan, does
    // so. The funnel's left/right tests assume each portal lies ahead of
    // the last, so the path is made to cross here at one point, and the
    // funnel starts afresh from where it lands (as Detour does at an
    // off-mesh link).
    bool turns_back;
};

// The steps of a corridor. Each link comes from `links` (find_path's, one
// per step: no lookup) when it matches the corridor, else from the
// polygon's list (find_link: linear in its links).
struct funnel_portals {
    const walkable& w;
    std::span<const polygon_index> corridor;
    std::span<const link* const> links;
    vec3 goal;
    bool links_given;  // `links` has one per step

    funnel_portals(const walkable& walk, std::span<const polygon_index> polygons, std::span<const link* const> step_links,
                   vec3 goal_point) noexcept
        : w(walk), corridor(polygons), links(step_links), goal(goal_point), links_given(step_links.size() == steps()) {}

    std::size_t steps() const noexcept { return corridor.empty() ? 0 : corridor.size() - 1; }
    const link* link_at(std::size_t i) const noexcept {
        if (links_given && links[i] != nullptr && links[i]->target == corridor[i + 1]) return links[i];
        return w.find_link(corridor[i], corridor[i + 1]);
    }

    // The portal end q itself when polygon p holds it in plan, else its
    // nearest point of p: what the walkable holds for every link but those
    // of polygons past its corner limit (walkable::max_tested_corners).
    vec3 onto(polygon_index p, vec3 q) const noexcept {
        if (geometry_detail::plan_contains(w.plan_corners(p), {q.x, q.y})) return q;
        return w.to_plan(closest_point(w, p, w.to_world(q)));
    }

    // The ends of link l (from polygon p) where the walk takes off
    // (`entered` false) or lands: the portal's own when the polygon holds
    // it, else the points the walkable holds, else found here.
    void moved_ends(polygon_index p, const link& l, bool entered, bool point, vec3& a, vec3& b) const noexcept {
        a = l.portal_a;
        b = l.portal_b;
        if ((l.shape & (entered ? portal_shape::on_target : portal_shape::on_source)) != 0) return;
        if (entered ? w.landing(p, l, a, b) : w.take_off(p, l, a, b)) return;
        const polygon_index onto_p = entered ? l.target : p;
        a = onto(onto_p, l.portal_a);
        b = point ? a : onto(onto_p, l.portal_b);
    }

    // Step i; false when corridor[i] has no link to corridor[i + 1]. What
    // the walkable knows of the portal (link::shape, its take-off and
    // landing points) spares every polygon test: O(1) then. `l`: step i's
    // link when the caller knows it (else null); `next` is set to step
    // i + 1's where this looked it up (else null).
    bool get(std::size_t i, const link* l, funnel_step& s, const link*& next) const noexcept {
        next = nullptr;
        if (l == nullptr) l = link_at(i);
        if (l == nullptr) return false;
        const std::uint8_t shape = l->shape;
        const bool flip = (shape & portal_shape::a_right) != 0;
        // (The ends copied through a pointer: a select of the points
        // themselves went through the stack.)
        s.rights[1] = bare_point::of(*(flip ? &l->portal_a : &l->portal_b));
        s.lefts[1] = bare_point::of(*(flip ? &l->portal_b : &l->portal_a));
        constexpr std::uint8_t on_both = portal_shape::on_source | portal_shape::on_target;
        const bool on_portal = (shape & on_both) == on_both;
        bool lands_behind = false;
        if (on_portal) {
            // An edge both polygons share (nearly every link): the walk
            // takes off and lands on the portal itself, and a portal on the
            // polygon entered lands on its own line, never behind it.
            s.first_part = s.last_part = 1;
        } else {
            lands_behind = lift(i, *l, s);
        }
        s.turns_back = (shape & portal_shape::no_side) == 0 && (lands_behind || way_on_behind(i, *l, next));
        if (s.turns_back) {
            s.last_part = 2;
            if (on_portal) {  // no landing of its own: the crossing's second point is on the portal again
                s.lefts[2] = s.lefts[1];
                s.rights[2] = s.rights[1];
            }
        }
        return true;
    }

    // True when the way on from step i (link l, portal a-b) lies behind
    // the portal's line: the next portal, or the goal after the last step.
    bool way_on_behind(std::size_t i, const link& l, const link*& next) const noexcept {
        const vec3* on_a = &goal;
        const vec3* on_b = &goal;
        if (i + 2 < corridor.size()) {
            next = link_at(i + 1);
            if (next != nullptr) {
                // The next portal on a polygon entered ahead: never behind.
                if ((l.shape & portal_shape::enters_ahead) != 0 && (next->shape & portal_shape::on_source) != 0) return false;
                on_a = &next->portal_a;
                on_b = &next->portal_b;
            }
        }
        const geometry_detail::portal_line line(l.portal_a, l.portal_b, (l.shape & portal_shape::a_right) != 0);
        return line.behind(*on_a) || line.behind(*on_b);
    }

    // The take-off and landing of step i (link l) where they are not the
    // portal itself; true when the landing lies behind the portal's line.
    bool lift(std::size_t i, const link& l, funnel_step& s) const noexcept {
        const vec3 a = l.portal_a, b = l.portal_b;
        const bool point = same_plan_point(a, b);
        vec3 oa, ob, la, lb;
        moved_ends(corridor[i], l, false, point, oa, ob);
        moved_ends(corridor[i], l, true, point, la, lb);
        const bool flip = (l.shape & portal_shape::a_right) != 0;
        s.rights[0] = bare_point::of(flip ? oa : ob);
        s.lefts[0] = bare_point::of(flip ? ob : oa);
        s.rights[2] = bare_point::of(flip ? la : lb);
        s.lefts[2] = bare_point::of(flip ? lb : la);
        const bool lifts = !(oa.x == a.x && oa.y == a.y && ob.x == b.x && ob.y == b.y);
        const bool apart = !(la.x == a.x && la.y == a.y && lb.x == b.x && lb.y == b.y);
        s.first_part = lifts ? 0 : 1;
        s.last_part = apart ? 2 : 1;
        // The landing: judged by the walkable where it holds it; a portal
        // on the polygon entered lands on its own line (never behind).
        if ((l.shape & portal_shape::no_side) != 0) return false;
        if ((l.shape & portal_shape::landing_held) != 0) return (l.shape & portal_shape::lands_behind) != 0;
        if ((l.shape & portal_shape::on_target) != 0) return false;
        const geometry_detail::portal_line line(a, b, flip);
        return line.behind(la) || line.behind(lb);
    }
};

}  // namespace path_detail

// What straight_path wrote.
struct straight_path_result {
    std::size_t count = 0;   // waypoints written
    bool complete = false;   // false when `out` was too small (the path was cut)
};

namespace path_detail {

// One side of the funnel: the taut string from the apex to the last
// portal end taken on that side, less the apex (a chain of corners, each
// bending toward its side). A ring: the apex moves off its front, a
// tighter end pops its back. Fixed size, no allocation; a corridor that
// would make a side longer (a spiral of more than `capacity` corners
// pending at once) is cut through a point of its portal (funnel_run::
// through), as a turn-back is.
struct funnel_side {
    static constexpr std::size_t capacity = 64;  // a power of 2: the ring's index is masked
    bare_point points[capacity];                // no member initialisers: written before read
    std::size_t head = 0, size = 0;

    bool full() const noexcept { return size == capacity; }
    const bare_point& at(std::size_t k) const noexcept { return points[(head + k) & (capacity - 1)]; }
    const bare_point& front() const noexcept { return at(0); }
    const bare_point& back() const noexcept { return at(size - 1); }
    void push_back(const bare_point& p) noexcept { points[(head + size++) & (capacity - 1)] = p; }
    void pop_front() noexcept {
        head = (head + 1) & (capacity - 1);
        --size;
    }
};

// The funnel (string pulling) over the steps of a corridor, each step's
// take-off, portal and landing as up to three portals, and a forced
// crossing point where the corridor turns back. The funnel keeps both of
// its sides whole (Lee and Preparata's funnel; Detour's findStraightPath
// keeps only their first corners and starts afresh from each corner, so
// reads portals again): each portal end is taken once and each corner
// leaves a side once, so the work is linear in the corridor, each step
// derived once, in order. A missing link ends the corridor: the goal
// comes next.
//
// Side tests. With area = triangle_area2(from, to, p): a right end p with
// area <= 0 lies on or inside the line from -> to (seen from the right);
// a left end with area >= 0 likewise from the left. Every side segment is
// at least same_plan_point's distance long: an end within it of the
// side's last point is not taken (the first of the points at one place in
// plan stays: a take-off above its landing), one within it of the apex is
// not taken either. (The sign of the area of a hair-thin side is noise:
// x87's extended precision once made a crossing point kept in a register
// a hair off the float stored as the apex, and the noise skipped a corner,
// 2 units outside the corridor, in a 32-bit build.)
struct funnel_run {
    const walkable& w;
    const funnel_portals& portals;
    std::span<vec3> out;
    straight_path_result r{};

    funnel_run(const walkable& walk, const funnel_portals& steps, std::span<vec3> points) noexcept
        : w(walk), portals(steps), out(points) {}

    // Writes waypoint p (plan frame) unless it repeats the last one.
    bool emit(const bare_point& p) noexcept {
        if (r.count > 0 && near(last, p) && std::fabs(last.z - p.z) < 1e-3f) return true;
        if (r.count >= out.size()) return false;
        out[r.count++] = w.to_world(p.point());
        last = p;
        return true;
    }

    // same_plan_point and triangle_area2 on bare points.
    static bool near(const bare_point& a, const bare_point& b) noexcept {
        const float dx = a.x - b.x, dy = a.y - b.y;
        return dx * dx + dy * dy < 1e-6f;
    }
    // On or inside the line from -> to, seen from side Right.
    template <bool Right>
    static bool on_or_inside(const bare_point& from, const bare_point& to, const bare_point& p) noexcept {
        const float ax = to.x - from.x, ay = to.y - from.y, bx = p.x - from.x, by = p.y - from.y;
        const float area = bx * ay - ax * by;
        return Right ? area <= 0.0f : area >= 0.0f;
    }

    // Takes portal end p on side Right: the side's corners that p sees past
    // leave it; where p sees past the apex's side too (it crosses the other
    // side's first corner) that corner is the next waypoint and the new
    // apex. False when `out` is full.
    template <bool Right>
    bool take(const bare_point& p) noexcept {
        funnel_side& own = Right ? right : left;
        funnel_side& other = Right ? left : right;
        while (own.size > 0) {
            const bare_point& back = own.back();
            if (near(back, p)) return true;  // the side's end already
            const bare_point& before = own.size > 1 ? own.at(own.size - 2) : apex;
            if (!on_or_inside<Right>(before, back, p)) break;
            --own.size;
        }
        if (own.size == 0) {
            if (near(apex, p)) return true;
            // p beyond the line from the apex to the other side's first
            // corner (or on that corner): the path turns there.
            while (other.size > 0 && (near(other.front(), p) || !on_or_inside<!Right>(apex, other.front(), p))) {
                apex = other.front();
                other.pop_front();
                if (!emit(apex)) return false;
                if (near(apex, p)) return true;
            }
        }
        own.push_back(p);
        return true;
    }

    // The path goes through point c: the right side taut to it, its corners
    // waypoints, c the new apex (and a waypoint), both sides empty. (c at
    // the apex in plan is not taken: the apex stays.)
    bool through(const bare_point& c) noexcept {
        if (!take<true>(c)) return false;
        for (std::size_t k = 0; k < right.size; ++k) {
            if (!emit(right.at(k))) return false;
        }
        if (right.size > 0) apex = right.back();
        left.head = left.size = right.head = right.size = 0;
        return true;
    }

    // Takes portal (pl, pr). A side full takes the portal's point nearest
    // the apex first, as a turn-back does.
    bool portal(const bare_point& pl, const bare_point& pr) noexcept {
        if ((left.full() || right.full()) && !through(nearest_on(pl, pr))) return false;
        return take<true>(pr) && take<false>(pl);
    }

    // The point of segment pl-pr nearest the apex in plan, as a fraction.
    float nearest_fraction(const bare_point& pl, const bare_point& pr) const noexcept {
        const float ex = pr.x - pl.x, ey = pr.y - pl.y, len2 = ex * ex + ey * ey;
        return len2 > 0 ? std::clamp(((apex.x - pl.x) * ex + (apex.y - pl.y) * ey) / len2, 0.0f, 1.0f) : 0.0f;
    }
    static bare_point at_fraction(const bare_point& a, const bare_point& b, float t) noexcept {
        return bare_point::of(lerp(a.point(), b.point(), t));
    }
    bare_point nearest_on(const bare_point& pl, const bare_point& pr) const noexcept {
        return at_fraction(pl, pr, nearest_fraction(pl, pr));
    }

    // The portals of step s: its take-off, portal and landing where they
    // add something. Where the corridor turns back, the path crosses the
    // portal at its point nearest the apex (and the landing at the same
    // fraction), and the funnel starts afresh from there.
    bool step(const funnel_step& s) noexcept {
        float cross_at = 0;
        for (unsigned part = s.first_part; part <= s.last_part; ++part) {
            const bare_point& pl = s.lefts[part];
            const bare_point& pr = s.rights[part];
            if (part == 1) {
                const bool back_along = had_portal && back_along_last(pl, pr);
                const bare_point before_left = last_left, before_right = last_right;
                had_portal = true;
                last_left = pl;
                last_right = pr;
                if (back_along && !s.turns_back) {
                    // On the last portal first (where the walk takes off:
                    // above the landing in a drop), then on this one.
                    const float t = nearest_fraction(before_left, before_right);
                    if (!through(at_fraction(before_left, before_right, t)) || !through(nearest_on(pl, pr))) return false;
                    continue;
                }
            }
            if (!s.turns_back || part == 0) {
                if (!portal(pl, pr)) return false;
                continue;
            }
            if (part == 1) cross_at = nearest_fraction(pl, pr);
            if (!through(at_fraction(pl, pr, cross_at))) return false;
        }
        return true;
    }

    // The portal lies along the last step's portal, the other way round:
    // the corridor went through that line and comes back through it (a
    // drop onto an area beside the one left, left again under it). Its way
    // on is on the last portal's line, not behind it, so that step does not
    // turn back (funnel_step::turns_back); yet the two portals make a
    // funnel of no width whose sides swap here. The path crosses here
    // instead, at the portal's point nearest the apex.
    bool back_along_last(const bare_point& pl, const bare_point& pr) const noexcept {
        // (Most portals point the last one's way: one product rules them out.)
        if ((pl.x - pr.x) * (last_left.x - last_right.x) + (pl.y - pr.y) * (last_left.y - last_right.y) > 0) return false;
        const geometry_detail::portal_line line(last_right.point(), last_left.point(), true);
        const double dx = double{pl.x} - pr.x, dy = double{pl.y} - pr.y;
        if (!(dx * line.ex + dy * line.ey < 0) || !on_line(line, pl) || !on_line(line, pr)) return false;
        // Along the line from the last portal's right end to its left end,
        // this portal (from pl up to pr) overlaps it: not a second portal
        // beside it on one edge (a landing between two flights of stairs).
        auto along = [&line](const bare_point& q) { return line.ex * (double{q.x} - line.ax) + line.ey * (double{q.y} - line.ay); };
        return along(pl) < line.ex * line.ex + line.ey * line.ey && along(pr) > 0;
    }
    // Within the turn-back tolerance of the line, on either side.
    static bool on_line(const geometry_detail::portal_line& line, const bare_point& q) noexcept {
        const double d = line.ex * (double{q.y} - line.ay) - line.ey * (double{q.x} - line.ax);
        return d * d <= line.limit2;
    }

    void run(vec3 start) noexcept {
        apex = bare_point::of(start);
        if (!emit(apex)) return;
        const std::size_t steps = portals.steps();
        const link* known = nullptr;  // step i's link, when step i - 1 looked it up
        funnel_step s;
        for (std::size_t i = 0; i < steps; ++i) {
            const link* next = nullptr;
            if (!portals.get(i, known, s, next)) break;  // no link: the corridor ends here
            if (!step(s)) return;
            known = next;
        }
        const bare_point goal = bare_point::of(portals.goal);
        if (through(goal) && emit(goal)) r.complete = true;
    }

    bare_point apex;  // (bare points: no member initialisers, all written before read)
    funnel_side left, right;
    bare_point last_left, last_right;  // the last step's portal (when had_portal)
    bool had_portal = false;
    bare_point last;  // the last waypoint written, plan frame (when r.count > 0)
};

}  // namespace path_detail

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
