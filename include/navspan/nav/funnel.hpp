// navspan/nav/funnel.hpp - the funnel behind straight_path (path.hpp):
// the string pulling over a corridor's steps (funnel_steps.hpp reads
// them): its side tests, the loop over direct steps, the ring of portals
// and its point runs, and the work bound. path.hpp includes it;
// straight_path is the way in.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "funnel_steps.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// What straight_path wrote.
struct straight_path_result {
    std::size_t count = 0;   // waypoints written
    bool complete = false;   // false when `out` was too small (the path was cut)
};

namespace path_detail {

// The funnel's side tests (Detour's) and what they read: the apex, the
// sides less the apex, and whether each side is at the apex. Shared by
// funnel_sides (the ring's funnel, each side a point) and run_direct
// (each side a portal it names): one copy of the tests, so both loops
// decide alike.
struct funnel_tests {
    vec3 apex;
    // The sides less the apex: each test below is triangle_area2 or
    // same_plan_point of the apex, a side and a portal end, written on
    // these differences (the same float operations on the same values:
    // the same answers, with fewer subtractions a portal).
    float lx = 0, ly = 0, rx = 0, ry = 0;
    // A side at the apex (same_plan_point) takes the next portal end
    // whatever its side test says: exactly what the test says when the
    // side is the apex itself (an area of 0), and so also where rounding
    // left it a hair off the apex. (x87's extended precision does: a
    // crossing point kept in a register is not the float stored as the
    // apex; the sign of the area of a hair-thin side is then noise, and
    // a 32-bit build once skipped a corner so, cutting 2 units outside
    // the corridor.)
    bool left_at_apex = true, right_at_apex = true;

    enum narrowed { through, left_corner, right_corner };

    // Narrows the funnel to the portal (pl, pr), calling moved_right() or
    // moved_left() as a side moves onto it (the caller keeps where each
    // side is); or tells which side the other crossed (a corner).
    template <class Right, class Left>
    narrowed narrow(float plx, float ply, float prx, float pry, Right moved_right, Left moved_left) noexcept {
        const float px = prx - apex.x, py = pry - apex.y, qx = plx - apex.x, qy = ply - apex.y;
        if (right_at_apex || px * ry - rx * py <= 0.0f) {  // triangle_area2(apex, right, pr)
            // same_plan_point(apex, right) || triangle_area2(apex, left, pr) > 0
            if (!(right_at_apex || px * ly - lx * py > 0.0f)) return left_corner;  // the right side crossed the left
            moved_right();
            rx = px;
            ry = py;
            right_at_apex = rx * rx + ry * ry < 1e-6f;
        }
        if (left_at_apex || qx * ly - lx * qy >= 0.0f) {  // triangle_area2(apex, left, pl)
            // same_plan_point(apex, left) || triangle_area2(apex, right, pl) < 0
            if (!(left_at_apex || qx * ry - rx * qy < 0.0f)) return right_corner;
            moved_left();
            lx = qx;
            ly = qy;
            left_at_apex = lx * lx + ly * ly < 1e-6f;
        }
        return through;
    }

    // Afresh from `corner`: both sides at it.
    void start_at(vec3 corner) noexcept {
        apex = corner;
        lx = ly = rx = ry = 0.0f;
        left_at_apex = right_at_apex = true;
    }
};

// The ring's funnel: its tests, and where each side's portal is: its
// point, `next`, the loop's cursor just after it (a restart from a corner
// goes on from there), and its number j (no_step: the start).
struct funnel_sides : funnel_tests {
    static constexpr std::size_t no_step = static_cast<std::size_t>(-1);
    vec3 left, right;
    std::size_t apex_next = 0, left_next = 0, right_next = 0;
    std::size_t apex_j = no_step, left_j = no_step, right_j = no_step;

    explicit funnel_sides(vec3 start) noexcept : funnel_tests{start}, left(start), right(start) {}

    // Narrows the funnel to the portal (pl, pr), numbered j, the cursor
    // after it `next`; or tells which side the other crossed (a corner).
    narrowed narrow(vec3 pl, vec3 pr, std::size_t next, std::size_t j) noexcept {
        return funnel_tests::narrow(
            pl.x, pl.y, pr.x, pr.y,
            [&] {
                right = pr;
                right_next = next;
                right_j = j;
            },
            [&] {
                left = pl;
                left_next = next;
                left_j = j;
            });
    }

    // Starts afresh from a side that is a corner (the apex now).
    void restart(narrowed side) noexcept {
        const bool l = side == left_corner;
        afresh(l ? left : right, l ? left_next : right_next, l ? left_j : right_j);
    }
    // Afresh from `corner`, portal j, the cursor after it `next`.
    void afresh(vec3 corner, std::size_t next, std::size_t j) noexcept {
        start_at(corner);
        left = right = corner;
        apex_next = left_next = right_next = next;
        apex_j = left_j = right_j = j;
    }
};

// The funnel (string pulling) over the steps of a corridor: Detour's
// findStraightPath, with each step's take-off, portal and landing as up to
// three portals and a forced crossing point where the corridor turns back.
//
// Portals are numbered j = 3i + part: part 0 is where step i takes off, 1
// its portal, 2 where it lands; j = 3 * steps is the goal. A take-off or
// landing the same as its portal adds nothing and is passed over (unless
// the corridor turns back there: its landing is then where the path
// crosses). A missing link ends the corridor: the goal comes next.
//
// Two loops visit the portals, in the same order with the same tests.
// While the steps are direct ones (nearly every step: an edge both
// polygons share, or a drop whose landing the walkable holds, where the
// corridor goes on ahead), the first reads each portal from its link (a
// landing from the walkable), and each step is checked once. From the first
// other step on, the second writes the portals that add something to a
// ring of the last 64 in the order it visits them (on the stack, no
// allocation): each step is derived once, a restart from a corner reads
// the portals after it from the ring, and one from further back than the
// ring holds derives them again, to the same answer. Runs of point
// portals (Quake links, ladders) it decides two at a time (point_run,
// point_steps). Work: visit_budget.
struct funnel_run {
    const walkable& w;
    const funnel_portals& portals;
    std::span<vec3> out;
    straight_path_result r{};
    std::size_t visits = 0;  // portals visited: the loops' turns (tests read it)

    funnel_run(const walkable& walk, const funnel_portals& steps, std::span<vec3> points) noexcept
        : w(walk), portals(steps), out(points), steps_left(steps.steps()) {}

    // The most portals the funnel visits before it gives up pulling: 16 per
    // portal number (n = 3 * steps + 1), and a few. A restart rescans the
    // portals after its corner, so a crafted corridor (one winding round a
    // pillar, each corner found only a quarter turn on) makes the visits
    // quadratic: past the budget the rest of the way goes through the
    // portals' midpoints (through_midpoints). On the corpus the visits are
    // at most 1.5 n (229,026 pairs: 2,000 per walkable between polygon
    // centres, 1,000 off them); an arc of 100 sectors round a pillar, 4 n.
    static std::size_t visit_budget(std::size_t n) noexcept { return 16 * n + 16; }

    // Writes waypoint p (plan frame) unless it repeats the last one.
    bool emit(vec3 p) noexcept {
        if (r.count > 0 && same_plan_point(last, p) && std::fabs(last.z - p.z) < 1e-3f) return true;
        if (r.count >= out.size()) return false;
        out[r.count++] = w.to_world(p);
        last = p;
        return true;
    }

    // Point P as a corner (point_run, point_steps): the left side's copy
    // of it where the area of apex, P and the next point is <= 0, else the
    // right's. The copies are one plan point and differ at most in height
    // (a point portal whose ends are apart in height); where their bits
    // are the same, the area's sign, about even along a path, is not
    // branched on: it decides nothing.
    static vec3 corner_of(bare_point left, bare_point right, float area) noexcept {
        if (std::memcmp(&left, &right, sizeof(bare_point)) == 0 || area <= 0.0f) return left.point();
        return right.point();
    }

    void run(vec3 start) noexcept;
    template <bool Landings>
    bool run_direct(funnel_sides& f, std::size_t& step, std::size_t direct) noexcept;
    void run_ring(funnel_sides& f, std::size_t pos) noexcept;
    bool point_run(funnel_sides& f, std::size_t& pos) noexcept;
    bool point_steps(funnel_sides& f, std::size_t pos) noexcept;

    // How many of the corridor's first steps are direct ones: its link as
    // find_path gave it, taking off from its own portal (on the polygon
    // left), landing on it or where the walkable holds the landing, and
    // turning back nowhere (the landing and the way on, the next portal or
    // the goal, not behind the portal). One pass, before the funnel (each
    // link is checked as the step's own, and as the next of the step
    // before: once). `landings`: set where one of them lands off its portal.
    std::size_t direct_steps(bool& landings) const noexcept {
        const std::size_t steps = portals.steps();
        const link* const* links = portals.links.data();
        const polygon_index* corridor = portals.corridor.data();
        if (steps == 0 || links[0] == nullptr || links[0]->target != corridor[1]) return 0;
        const link* l = links[0];
        // First the common step, in a few tests: an edge both polygons
        // share, into a polygon entered ahead, whose next link is as
        // find_path gave it and takes off from its own portal (so it is not
        // behind). The loop below would pass it on the same tests, spelled
        // out one by one (a third of the funnel's time on a plugin's space).
        constexpr std::uint8_t common_mask = portal_shape::on_source | portal_shape::on_target | portal_shape::no_side | portal_shape::enters_ahead;
        constexpr std::uint8_t common = portal_shape::on_source | portal_shape::on_target | portal_shape::enters_ahead;
        std::size_t k = 0;
        for (; k + 1 < steps; ++k) {
            const link* next = links[k + 1];
            if ((l->shape & common_mask) != common || next == nullptr || next->target != corridor[k + 2] ||
                (next->shape & portal_shape::on_source) == 0)
                break;
            l = next;
        }
        for (;; ++k) {
            const std::uint8_t shape = l->shape;
            constexpr std::uint8_t on_both = portal_shape::on_source | portal_shape::on_target;
            if ((shape & on_both) != on_both) {
                if ((shape & portal_shape::on_source) == 0) return k;
                // Lands off its portal: where the walkable holds it (a
                // link of corridor[k]) and not behind it. (A portal with no
                // side, a Quake link's point: left to the ring, whose
                // point_steps decides runs of points two at a time.)
                if ((shape & (portal_shape::no_side | portal_shape::lands_behind)) != 0) return k;
                vec3 a, b;
                if (!w.landing(corridor[k], *l, a, b)) return k;
                landings = true;
            }
            const link* next = nullptr;
            if (k + 1 < steps) {
                next = links[k + 1];
                // (No link as find_path gave it: step k + 1 is not a direct
                // one, and step k is only where nothing is behind it.)
                if (next == nullptr || next->target != corridor[k + 2]) return (shape & portal_shape::no_side) != 0 ? k + 1 : k;
            }
            // (Nothing is behind an edge with no side.)
            if ((shape & portal_shape::no_side) == 0 && portals.behind(*l, next)) return k;
            if (next == nullptr) return steps;
            l = next;
        }
    }

    // Direct step k's landing (left, right ends), the walkable's; false
    // where it is the portal itself (nothing to visit).
    bool direct_landing(std::size_t k, vec3& left, vec3& right) const noexcept {
        const link& l = *portals.links[k];
        vec3 a = l.portal_a, b = l.portal_b;
        w.landing(portals.corridor[k], l, a, b);  // (held: direct_steps checked)
        const bool flip = (l.shape & portal_shape::a_right) != 0;
        left = flip ? b : a;
        right = flip ? a : b;
        return !(a.x == l.portal_a.x && a.y == l.portal_a.y && b.x == l.portal_b.x && b.y == l.portal_b.y);
    }

    // --- The ring (run_ring's).

    // What the funnel does with a portal besides its side tests.
    enum portal_kind : std::uint8_t {
        plain,
        cross_first,  // part 1 where the corridor turns back: crossed at its point nearest the apex
        cross_again,  // part 2 there: crossed at the same fraction of its length
        goal_point,   // the goal (both ends): the funnel ends here
    };
    struct portal {
        bare_point left, right;
        std::size_t j;  // its number
        portal_kind kind;
    };

    void push(bare_point left, bare_point right, std::size_t j, portal_kind kind) noexcept {
        portal& p = ring[produced++ % ring_size];
        p.left = left;
        p.right = right;
        p.j = j;
        p.kind = kind;
    }

    // Writes the portals of the next step to the ring (from part next_part
    // on), or the goal after the last step or at a missing link.
    void produce() noexcept {
        const std::size_t before = produced;
        while (produced == before) {
            if (next_step < steps_left) {
                if (produce_step(next_step)) {
                    ++next_step;
                    next_part = 0;
                    continue;
                }
                steps_left = next_step;  // no link: the corridor ends here
            }
            const bare_point g = bare_point::of(portals.goal);
            push(g, g, 3 * steps_left, goal_point);
        }
    }

    // Step k's portals; false when it has no link.
    bool produce_step(std::size_t k) noexcept {
        const link* l = next_index == k ? next_link : portals.link_at(k);  // the step before may have looked it up
        if (l == nullptr) return false;
        funnel_step s;
        portals.get(k, l, s, next_link);
        next_index = next_link != nullptr ? k + 1 : no_step;
        for (unsigned part = std::max<unsigned>(s.first_part, next_part); part <= s.last_part; ++part) {
            const portal_kind kind = !s.turns_back || part == 0 ? plain : part == 1 ? cross_first : cross_again;
            push(s.lefts[part], s.rights[part], 3 * k + part, kind);
        }
        return true;
    }

    // The ring from position `pos` on derived again: the portals after
    // portal j (no_step: all of them).
    void rewind(std::size_t pos, std::size_t j) noexcept {
        produced = pos;
        next_step = j == no_step ? 0 : j / 3;
        next_part = j == no_step ? 0 : static_cast<unsigned>(j % 3) + 1;
        if (next_part > 2) {
            ++next_step;
            next_part = 0;
        }
    }

    // Where the corridor turns back (cross_first, cross_again): the
    // crossing point, nearest the apex on the portal (its landing, part 2,
    // at the same fraction).
    void crossing(portal_kind kind, vec3 apex, vec3& pl, vec3& pr) noexcept {
        if (kind == cross_first) {
            const float ex = pr.x - pl.x, ey = pr.y - pl.y, len2 = ex * ex + ey * ey;
            cross_at = len2 > 0 ? std::clamp(((apex.x - pl.x) * ex + (apex.y - pl.y) * ey) / len2, 0.0f, 1.0f) : 0.0f;
        }
        pl = pr = lerp(pl, pr, cross_at);
    }

    // Past the budget: on from the apex (pos: the ring's position after
    // its portal; j: that portal's number) through the midpoint of each
    // portal left, then the goal. Each leg joins two portals on one
    // polygon or on one gap a link bridges: over the corridor, not the
    // shortest.
    void through_midpoints(std::size_t pos, std::size_t j) noexcept {
        if (pos + ring_size < produced) rewind(pos, j);
        for (;;) {
            if (pos == produced) produce();
            const portal& p = ring[pos++ % ring_size];
            if (p.kind == goal_point) break;
            if (!emit(lerp(p.left.point(), p.right.point(), 0.5f))) return;
        }
        if (emit(portals.goal)) r.complete = true;
    }

    static constexpr std::size_t ring_size = 64;
    static constexpr std::size_t no_step = funnel_sides::no_step;
    std::size_t budget = 0;
    portal ring[ring_size];
    std::size_t produced = 0;          // portals written to the ring, by position; it holds the last ring_size
    std::size_t next_step = 0;         // the step whose portals come next...
    unsigned next_part = 0;            // ...from this part on
    std::size_t steps_left;            // steps before the corridor's end or first gap
    std::size_t next_index = no_step;  // the step whose link next_link is
    const link* next_link = nullptr;
    float cross_at = 0;
    vec3 last{};  // the last waypoint written, plan frame
};

inline void funnel_run::run(vec3 start) noexcept {
    if (!emit(start)) return;
    budget = visit_budget(3 * portals.steps() + 1);
    funnel_sides f(start);
    std::size_t step = 0;
    if (portals.links_given) {
        bool landings = false;
        const std::size_t direct = direct_steps(landings);
        // (None, as on a Quake map, whose links land off their point
        // portals: the ring from the start, as without `links`. Its loop
        // without the landings' tests where no direct step has one.)
        if (direct > 0) {
            if (landings ? run_direct<true>(f, step, direct) : run_direct<false>(f, step, direct)) return;
            // From step `step` on (the direct loop's cursor) in the ring: what
            // the direct loop left is behind the ring (derived again if needed).
            produced = ring_size + 2;
            next_step = step;
            f.apex_next = f.left_next = f.right_next = 1;
        }
    }
    run_ring(f, produced);
}

// The funnel while the steps are direct ones, each portal read from its
// link (a landing off it, from the walkable): funnel_tests on the same
// values, in a local of its own (a side is the portal it is: its point is
// read again only when it becomes a corner). True when
// done; false at the first other step (`step`), with `f` the funnel there
// (each side's `next` behind the ring: derived again from its j when a
// restart needs it).
template <bool Landings>
bool funnel_run::run_direct(funnel_sides& f, std::size_t& step, std::size_t direct) noexcept {
    const link* const* links = portals.links.data();
    constexpr std::size_t per_step = Landings ? 2 : 1;
    const std::size_t steps = portals.steps(), goal_c = per_step * steps;
    // A side: 2k for step k's portal, 2k + 1 for its landing (k, where no
    // step has one), goal_c for the goal, no_step for the start (a halving,
    // not run_ring's j = 3k + part, whose division by 3 a restart paid).
    // Its point: the left or right end.
    const vec3 start = f.apex;
    auto point = [&](std::size_t c, bool left_side) noexcept {
        if (c == no_step) return start;
        if (c == goal_c) return portals.goal;
        const link& l = *links[c / per_step];
        if (Landings && c % 2 == 1) {
            vec3 left, right;
            direct_landing(c / 2, left, right);
            return left_side ? left : right;
        }
        return left_side != ((l.shape & portal_shape::a_right) != 0) ? l.portal_a : l.portal_b;
    };
    funnel_tests t{start};
    std::size_t apex_c = no_step, left_c = no_step, right_c = no_step;
    // funnel_tests::narrow on portal (pl, pr), side c: a side that moves is
    // that portal.
    auto narrow = [&](float plx, float ply, float prx, float pry, std::size_t c) noexcept {
        return t.narrow(plx, ply, prx, pry, [&] { right_c = c; }, [&] { left_c = c; });
    };
    std::size_t k = 0, visited = visits;  // the cursor's step, the visits so far
    bool at_landing = false;              // the cursor is at step k's landing
    funnel_tests::narrowed corner = funnel_tests::through;
    for (;;) {
        // On from the cursor until a corner, the first other step, the goal
        // or the budget (counted for the run as a whole; stopped: past it
        // at a landing).
        corner = funnel_tests::through;
        bool stopped = false;
        for (;;) {
            if (Landings && at_landing) {  // step k lands off its portal: one visit more where that is not the portal itself
                at_landing = false;
                vec3 left, right;
                if (direct_landing(k, left, right)) {
                    if (visited == budget) {
                        stopped = true;
                        break;
                    }
                    ++visited;
                    corner = narrow(left.x, left.y, right.x, right.y, 2 * k + 1);
                    if (corner != funnel_tests::through) break;
                }
                ++k;
            }
            const std::size_t from = k, stop = std::min(direct, k + (budget - visited));
            for (; k < stop; ++k) {
                const link& l = *links[k];
                const bool flip = (l.shape & portal_shape::a_right) != 0;
                const vec3& pl = flip ? l.portal_b : l.portal_a;
                const vec3& pr = flip ? l.portal_a : l.portal_b;
                corner = narrow(pl.x, pl.y, pr.x, pr.y, per_step * k);
                if (corner != funnel_tests::through || (Landings && (l.shape & portal_shape::on_target) == 0)) break;
            }
            visited += k - from + (k < stop ? 1 : 0);
            if (k == stop || corner != funnel_tests::through) break;
            at_landing = Landings;
        }
        if (!stopped && corner == funnel_tests::through) {
            if (k < steps || visited == budget) break;  // the first other step, or past the budget
            ++visited;
            corner = narrow(portals.goal.x, portals.goal.y, portals.goal.x, portals.goal.y, goal_c);
            if (corner == funnel_tests::through) {
                visits = visited;
                if (emit(portals.goal)) r.complete = true;
                return true;
            }
        }
        if (corner == funnel_tests::through) break;  // past the budget at a landing
        const bool left_corner = corner == funnel_tests::left_corner;
        apex_c = left_corner ? left_c : right_c;
        t.start_at(point(apex_c, left_corner));
        if (!emit(t.apex)) {
            visits = visited;
            return true;
        }
        left_c = right_c = apex_c;
        // On from the portal after the corner.
        at_landing = Landings && apex_c < goal_c && apex_c % 2 == 0 && (links[apex_c / 2]->shape & portal_shape::on_target) == 0;
        k = apex_c == no_step ? 0 : std::min(apex_c / per_step + (at_landing ? 0 : 1), steps);
    }
    visits = visited;
    step = k;
    static_cast<funnel_tests&>(f) = t;
    f.left = point(left_c, true);
    f.right = point(right_c, false);
    // run_ring's numbers: j = 3k + 1 for a portal, 3k + 2 for a landing.
    auto number = [](std::size_t c) { return c == no_step ? no_step : 3 * (c / per_step) + 1 + (Landings ? c % 2 : 0); };
    f.apex_j = number(apex_c);
    f.left_j = number(left_c);
    f.right_j = number(right_c);
    return false;
}

// From a funnel whose sides are both at its apex (just started afresh),
// through the portals from `pos` on while each is a point followed by a
// point: run_ring's visits in half the turns. Visited from there, a point
// P off the apex puts both sides on P; the point Q after it then lies on
// one side of the line apex-P or the other, and its area against either
// side is the same float (the sides are one point), so one of funnel_tests'
// two tests finds them crossed: P is a corner (the left side's copy of it
// where the area is <= 0, else the right's), and the funnel starts afresh
// from P with Q next. (A point at the apex, a NaN area, any other portal:
// left to run_ring, the funnel as it would be there.) False when done
// (out was full).
inline bool funnel_run::point_run(funnel_sides& f, std::size_t& pos) noexcept {
    bool moved = false;
    for (;;) {
        if (visits + 2 > budget) break;
        if (pos == produced) produce();
        const portal& p = ring[pos % ring_size];
        if (p.kind != plain || p.left.x != p.right.x || p.left.y != p.right.y) break;
        const float px = p.right.x - f.apex.x, py = p.right.y - f.apex.y;
        if (px * px + py * py < 1e-6f) break;  // at the apex
        if (pos + 1 == produced) produce();
        const portal& q = ring[(pos + 1) % ring_size];
        if (q.kind == cross_first || q.kind == cross_again || q.left.x != q.right.x || q.left.y != q.right.y) break;
        const float qx = q.left.x - f.apex.x, qy = q.left.y - f.apex.y;
        const float area = qx * py - px * qy;  // triangle_area2(apex, P, Q)
        if (area != area) break;  // NaN
        visits += 2;
        const vec3 corner = corner_of(p.left, p.right, area);
        if (!emit(corner)) return false;
        f.apex = corner;
        f.apex_next = pos + 1;
        f.apex_j = p.j;
        moved = true;
        ++pos;
    }
    if (moved) f.afresh(f.apex, f.apex_next, f.apex_j);
    return true;
}

// point_run over the steps themselves, where the ring holds nothing ahead
// (pos == produced): while every portal a step adds is a point, each is
// decided as it comes (derived once, never written to the ring). Leaves
// the funnel afresh at its last corner with the ring to be derived again
// from the portal after it, or the portals as they were where no corner
// was found. False when done (through the goal, or out was full).
inline bool funnel_run::point_steps(funnel_sides& f, std::size_t pos) noexcept {
    vec3 apex = f.apex;
    std::size_t apex_j = f.apex_j, k = next_step, used = visits;
    unsigned from_part = next_part;
    bool pending = false, moved = false, full = false;  // pending: a point P off the apex waits for the next one
    bare_point p_left{}, p_right{};
    std::size_t p_j = 0;
    float px = 0, py = 0;
    // The funnel meets point X (numbered j): false where it cannot tell.
    std::size_t committed = visits;  // the visits up to the last corner found
    auto meet = [&](bare_point x_left, bare_point x_right, std::size_t j) noexcept {
        if (x_left.x != x_right.x || x_left.y != x_right.y || used + 2 > budget) return false;
        if (used - committed >= 4 && !pending) return false;  // points at the apex: left to run_ring (bounds the rescans)
        if (pending) {
            const float qx = x_left.x - apex.x, qy = x_left.y - apex.y;
            const float area = qx * py - px * qy;  // as in point_run
            if (area != area) return false;  // NaN
            apex = corner_of(p_left, p_right, area);
            apex_j = p_j;
            committed = ++used;
            moved = true;
            if (!emit(apex)) {
                full = true;
                return false;
            }
        }
        px = x_right.x - apex.x;
        py = x_right.y - apex.y;
        pending = !(px * px + py * py < 1e-6f);  // a point at the apex is forgotten by the next visit
        p_left = x_left;
        p_right = x_right;
        p_j = j;
        ++used;
        return true;
    };
    bool done = false;
    for (;; ++k, from_part = 0) {
        if (k >= steps_left) {
            const bare_point g = bare_point::of(portals.goal);
            if (meet(g, g, 3 * steps_left)) {
                done = true;
                if (emit(portals.goal)) r.complete = true;
            }
            break;
        }
        const link* l = next_index == k ? next_link : portals.link_at(k);
        if (l == nullptr) break;
        funnel_step s;
        portals.get(k, l, s, next_link);
        next_index = next_link != nullptr ? k + 1 : no_step;
        if (s.turns_back) break;
        unsigned part = std::max<unsigned>(s.first_part, from_part);
        while (part <= s.last_part && meet(s.lefts[part], s.rights[part], 3 * k + part)) ++part;
        if (part <= s.last_part) break;
    }
    // The visits up to the last corner (run_ring visits the points after
    // it again, from a ring derived again).
    visits = done ? used : committed;
    if (done || full) return false;
    if (!moved) return true;
    f.afresh(apex, pos, apex_j);
    rewind(pos, apex_j);
    return true;
}

// The funnel over the ring, from position `pos`; `next`: the position
// after a side's portal.
inline void funnel_run::run_ring(funnel_sides& f, std::size_t pos) noexcept {
    for (;;) {
        if (f.left_at_apex && f.right_at_apex && (pos == produced ? !point_steps(f, pos) : !point_run(f, pos))) return;
        if (visits == budget) {
            through_midpoints(f.apex_next, f.apex_j);
            return;
        }
        ++visits;
        if (pos == produced) produce();
        const portal& p = ring[pos % ring_size];
        vec3 pl = p.left.point(), pr = p.right.point();
        if (p.kind == cross_first || p.kind == cross_again) crossing(p.kind, f.apex, pl, pr);
        const funnel_sides::narrowed side = f.narrow(pl, pr, pos + 1, p.j);
        if (side != funnel_sides::through) {
            if (!emit(side == funnel_sides::left_corner ? f.left : f.right)) return;
            f.restart(side);
            // On from the portal after the corner (each point of a Quake
            // link's take-off, portal and landing is one).
            pos = f.apex_next;
            if (pos + ring_size < produced) rewind(pos, f.apex_j);  // gone from the ring
        } else if (p.kind == goal_point) {
            break;  // through the goal
        } else {
            ++pos;
        }
    }
    if (emit(portals.goal)) r.complete = true;
}

}  // namespace path_detail

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
