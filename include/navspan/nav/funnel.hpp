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
#include <iterator>
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

    // The ends of link l moved onto polygon p (the one it leaves or the one
    // it enters) where the walkable holds none: found here.
    void found_ends(polygon_index p, const link& l, vec3& a, vec3& b) const noexcept {
        a = onto(p, l.portal_a);
        b = same_plan_point(l.portal_a, l.portal_b) ? a : onto(p, l.portal_b);
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
    // (Each side asked only where its polygon does not hold the portal.)
    bool lift(std::size_t i, const link& l, funnel_step& s) const noexcept {
        const vec3 a = l.portal_a, b = l.portal_b;
        const std::uint8_t shape = l.shape;
        const bool flip = (shape & portal_shape::a_right) != 0;
        s.first_part = s.last_part = 1;
        if ((shape & portal_shape::on_source) == 0) {
            vec3 oa, ob;
            if (!w.take_off(corridor[i], l, oa, ob)) found_ends(corridor[i], l, oa, ob);
            s.rights[0] = bare_point::of(flip ? oa : ob);
            s.lefts[0] = bare_point::of(flip ? ob : oa);
            if (!(oa.x == a.x && oa.y == a.y && ob.x == b.x && ob.y == b.y)) s.first_part = 0;
        }
        vec3 la = a, lb = b;
        if ((shape & portal_shape::on_target) == 0) {
            if (!w.landing(corridor[i], l, la, lb)) found_ends(l.target, l, la, lb);
            if (!(la.x == a.x && la.y == a.y && lb.x == b.x && lb.y == b.y)) s.last_part = 2;
        }
        // (Written even where it is the portal: a turn-back reads it.)
        s.rights[2] = bare_point::of(flip ? la : lb);
        s.lefts[2] = bare_point::of(flip ? lb : la);
        // The landing: judged by the walkable where it holds it; a portal
        // on the polygon entered lands on its own line (never behind).
        if ((shape & portal_shape::no_side) != 0) return false;
        if ((shape & portal_shape::landing_held) != 0) return (shape & portal_shape::lands_behind) != 0;
        if ((shape & portal_shape::on_target) != 0) return false;
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

// The funnel (string pulling) over the steps of a corridor: Detour's
// findStraightPath, with each step's take-off, portal and landing as up to
// three portals and a forced crossing point where the corridor turns back.
//
// Portals are numbered j = 3i + part: part 0 is where step i takes off, 1
// its portal, 2 where it lands; j = 3 * steps is the goal. A take-off or
// landing the same as its portal adds nothing and is passed over (unless
// the corridor turns back there: its landing is then where the path
// crosses). A missing link ends the corridor: the goal comes next.
struct funnel_run {
    const walkable& w;
    const funnel_portals& portals;
    std::span<vec3> out;
    straight_path_result r{};

    funnel_run(const walkable& walk, const funnel_portals& steps, std::span<vec3> points) noexcept
        : w(walk), portals(steps), out(points), steps_left(steps.steps()) {
        std::fill(std::begin(kept_index), std::end(kept_index), no_step);
    }

    // Writes waypoint p (plan frame) unless it repeats the last one.
    bool emit(vec3 p) noexcept {
        if (r.count > 0 && same_plan_point(last, p) && std::fabs(last.z - p.z) < 1e-3f) return true;
        if (r.count >= out.size()) return false;
        out[r.count++] = w.to_world(p);
        last = p;
        return true;
    }

    // Step i, derived once while it stays among the kept steps; nullptr
    // where corridor[i] has no link to corridor[i + 1] (the corridor then
    // ends before step i).
    const funnel_step* step_for(std::size_t k) noexcept {
        if (k >= steps_left) return nullptr;
        const std::size_t slot = k % kept_steps;
        if (kept_index[slot] == k) return &kept[slot];
        return derive(k, slot);
    }
    const funnel_step* derive(std::size_t k, std::size_t slot) noexcept {
        kept_index[slot] = no_step;
        // The link of step k when the step before looked it up.
        const link* known = next_index == k ? next_link : nullptr;
        if (!portals.get(k, known, kept[slot], next_link)) {
            steps_left = k;
            return nullptr;
        }
        next_index = next_link != nullptr ? k + 1 : no_step;
        kept_index[slot] = k;
        return &kept[slot];
    }

    // The cursor: portal `part` of step `i` (`at`), or the goal (at null).
    std::size_t i = 0;
    unsigned part = 0;
    const funnel_step* at = nullptr;

    // Onto the first portal of step `from` that adds something.
    void enter(std::size_t from) noexcept {
        i = from;
        at = step_for(i);
        part = at != nullptr ? at->first_part : 0;
    }
    // Onto the next portal that adds something.
    void advance() noexcept {
        if (at != nullptr && part < at->last_part) ++part;
        else enter(i + 1);
    }
    // Onto the portal after portal j.
    void after(std::size_t j) noexcept {
        i = j / 3;
        part = static_cast<unsigned>(j % 3);
        at = step_for(i);
        if (at != nullptr && part < at->first_part) part = at->first_part;  // not a portal: the first that is
        else advance();
    }

    // Where the corridor turns back at the cursor's step (part 1 or 2):
    // the crossing point, nearest the apex on the portal (part 1; its
    // landing, part 2, at the same fraction).
    void crossing(vec3 apex, vec3& pl, vec3& pr) noexcept {
        if (part == 1) {
            const float ex = pr.x - pl.x, ey = pr.y - pl.y, len2 = ex * ex + ey * ey;
            cross_at = len2 > 0 ? std::clamp(((apex.x - pl.x) * ex + (apex.y - pl.y) * ey) / len2, 0.0f, 1.0f) : 0.0f;
        }
        pl = pr = lerp(pl, pr, cross_at);
    }

    void run(vec3 start) noexcept {
        if (!emit(start)) return;
        vec3 apex = start, left = start, right = start;
        std::size_t apex_j = 0, left_j = 0, right_j = 0;
        // The sides less the apex: each test below is triangle_area2 or
        // same_plan_point of the apex, a side and a portal end, written on
        // these differences (the same float operations on the same values:
        // the same answers, with fewer subtractions a portal).
        float lx = left.x - apex.x, ly = left.y - apex.y, rx = right.x - apex.x, ry = right.y - apex.y;
        // A side at the apex (same_plan_point) takes the next portal end
        // whatever its side test says: exactly what the test says when the
        // side is the apex itself (an area of 0), and so also where rounding
        // left it a hair off the apex. (x87's extended precision does: a
        // crossing point kept in a register is not the float stored as the
        // apex; the sign of the area of a hair-thin side is then noise, and
        // a 32-bit build once skipped a corner so, cutting 2 units outside
        // the corridor.)
        bool left_at_apex = true, right_at_apex = true;
        // Each restart moves the apex forward, so the loop ends after at most
        // n * n portals (n = 3 * steps + 1) even on a corridor of degenerate ones.
        const std::size_t n = 3 * portals.steps() + 1;
        std::size_t budget = n * n + 4 * n + 8;
        // The portal the cursor came from (moved on by advance(), or put
        // after by a restart): a restart from it finds the cursor where
        // after() would put it. (Unknown before the first portal: the
        // start and step 0's take-off are both numbered 0.)
        std::size_t came_from = no_step;
        enter(0);
        for (; budget > 0; --budget) {
            // The cursor's portal as (left, right), and its number.
            vec3 pl, pr;
            std::size_t j;
            if (at != nullptr) {
                pl = at->lefts[part].point();
                pr = at->rights[part].point();
                if (at->turns_back && part != 0) crossing(apex, pl, pr);
                j = 3 * i + part;
            } else {
                pl = pr = portals.goal;
                j = 3 * steps_left;
            }
            bool turn = false;
            vec3 corner{};
            std::size_t corner_j = 0;
            const float px = pr.x - apex.x, py = pr.y - apex.y, qx = pl.x - apex.x, qy = pl.y - apex.y;
            if (right_at_apex || px * ry - rx * py <= 0.0f) {  // triangle_area2(apex, right, pr)
                // same_plan_point(apex, right) || triangle_area2(apex, left, pr) > 0
                if (right_at_apex || px * ly - lx * py > 0.0f) {
                    right = pr;
                    right_j = j;
                    rx = px;
                    ry = py;
                    right_at_apex = rx * rx + ry * ry < 1e-6f;
                } else {
                    turn = true;  // the right side crossed the left: the left is a corner
                    corner = left;
                    corner_j = left_j;
                }
            }
            if (!turn && (left_at_apex || qx * ly - lx * qy >= 0.0f)) {  // triangle_area2(apex, left, pl)
                // same_plan_point(apex, left) || triangle_area2(apex, right, pl) < 0
                if (left_at_apex || qx * ry - rx * qy < 0.0f) {
                    left = pl;
                    left_j = j;
                    lx = qx;
                    ly = qy;
                    left_at_apex = lx * lx + ly * ly < 1e-6f;
                } else {
                    turn = true;
                    corner = right;
                    corner_j = right_j;
                }
            }
            if (turn) {
                if (!emit(corner)) return;
                apex = left = right = corner;
                apex_j = left_j = right_j = corner_j;
                lx = rx = 0.0f;
                ly = ry = 0.0f;
                left_at_apex = right_at_apex = true;
                // Start the funnel afresh from the corner: on the portal
                // after it, where the cursor is when the corner is the
                // portal just passed (each point of a Quake link's take-off,
                // portal and landing is one).
                if (corner_j != came_from) after(apex_j);
                came_from = apex_j;
            } else if (at == nullptr) {
                break;  // through the goal
            } else {
                came_from = j;
                advance();
            }
        }
        if (emit(portals.goal)) r.complete = true;
    }

    // The steps derived lately, by step index modulo their number: a
    // restart takes the funnel back to its apex, and the steps after it
    // are read again from here rather than derived again (one further back
    // than this is derived again, to the same answer). No allocation.
    static constexpr std::size_t kept_steps = 16;
    static constexpr std::size_t no_step = static_cast<std::size_t>(-1);
    funnel_step kept[kept_steps];
    std::size_t kept_index[kept_steps];  // the step each slot holds, or no_step
    std::size_t steps_left;              // steps before the corridor's end or first gap
    std::size_t next_index = no_step;    // the step whose link next_link is
    const link* next_link = nullptr;
    float cross_at = 0;
    vec3 last{};  // the last waypoint written, plan frame
};

}  // namespace path_detail

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
