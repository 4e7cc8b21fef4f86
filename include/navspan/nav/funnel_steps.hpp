// navspan/nav/funnel_steps.hpp - the steps of a corridor as the funnel
// (funnel.hpp) sees them: for each link, its portal, where the walk takes
// off and lands, and whether the corridor turns back there
// (funnel_portals::get), and the plan helpers both headers use. Read in
// O(1) a step from what the walkable worked out when it was built.
#pragma once
#include "../core/min_max_push.hpp"

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
// portals holds these, so it is not zeroed at every query (384 floats)
// only to be written before it is read.
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
// gap instead of cutting across it. (No member initialisers: get() fills
// one, never read before.)
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
        next = i + 2 < corridor.size() ? link_at(i + 1) : nullptr;
        return behind(l, next);
    }
    // True when the way on past link l lies behind its portal's line: the
    // portal of `next`, or the goal where it is null.
    bool behind(const link& l, const link* next) const noexcept {
        // The next portal on a polygon entered ahead: never behind.
        if (next != nullptr && (l.shape & portal_shape::enters_ahead) != 0 && (next->shape & portal_shape::on_source) != 0) return false;
        const vec3& on_a = next != nullptr ? next->portal_a : goal;
        const vec3& on_b = next != nullptr ? next->portal_b : goal;
        const geometry_detail::portal_line line(l.portal_a, l.portal_b, (l.shape & portal_shape::a_right) != 0);
        return line.behind(on_a) || line.behind(on_b);
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

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
