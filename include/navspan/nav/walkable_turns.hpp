// navspan/nav/walkable_turns.hpp - which link ends a shortest path may turn
// at: find_shortest_path (shortest_path.hpp) turns only there. Derived from
// a walkable by its scratch's fit() (a walkable that never meets that search
// pays nothing for it), two bits a link: turning_bits.
//
// A path pulled taut bends only round a wall, so an end is left out when
// no wall stands beside it. Each end of a segment portal, with the polygon
// it belongs to and the way the portal runs from it, is sorted by plan
// point (O(links log links), temporary arrays only). At one point, the
// polygons with link ends there fall into fans: polygons joined by a link
// ending at the point. A fan needs no turn there when it closes round the
// point (each polygon has portals along both of its sides there), or when
// the room it spans at the point is at most a straight angle (a straight
// wall, a pocket: a path through such a wedge is straight). A polygon's
// angle at the point is that between its two portals there, else its
// corner angle there (pi on an edge).
//
// Anything unsure keeps the end a turning point, which costs a search
// time, never a path: a polygon of more than walkable::max_tested_corners
// corners, a link into a polygon with no end at the point, three ways out
// of one polygon, every end near an askew link and every end at a corner
// that ends an edge a drop or jump crosses (find_askew: a path that came
// over that edge reaches the point from outside the fan's room). Plan points compare
// exactly: ends that differ by rounding stay apart, and so stay turning
// points.
#pragma once
#include "../core/min_max_push.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <vector>

#include "plan_geometry.hpp"
#include "walkable.hpp"

namespace navspan::nav {

// The bits of turning_bits' byte per link.
namespace turning_bits {
inline constexpr std::uint8_t a_turns = 1;  // a path may turn at the link's portal_a
inline constexpr std::uint8_t b_turns = 2;  // ... at its portal_b
}  // namespace turning_bits

struct turning_ends {
    // One end of a segment portal.
    struct end {
        float x, y;  // the plan point
        std::uint64_t point;  // point_key(x, y): what sorts and groups the ends
        polygon_index polygon;
        float dx, dy;        // the way the portal runs from it
        std::uint32_t link;  // the walkable's link number (link_offset)
        std::uint8_t bit;    // turning_bits::a_turns or b_turns
    };
    // One polygon's ends at a point.
    struct member {
        std::size_t first, last;  // its ends
        double angle = 0;         // the angle it spans at the point (closed: from bx, by when asked)
        double bx = 0, by = 0;    // closed: its second way (the first is its first end's)
        bool closed = false;      // portals along both of its sides there
        bool sure = true;
        std::uint32_t fan = 0;  // union-find parent, among the point's members
    };
    struct fan_state {
        bool closed = true, sure = true;
        double room = 0;  // the angle its polygons span at the point
    };

    const walkable& w;
    std::vector<std::uint8_t>& bits;          // per link: turning_bits
    std::vector<std::uint8_t> askew;          // per link
    std::vector<std::uint8_t> entered_askew;  // per polygon
    // The corners that end an edge a drop or jump crosses (find_askew):
    // one byte a corner, from each polygon's first (crossed_first, one a
    // polygon plus one; empty when no link is askew).
    std::vector<std::uint32_t> crossed_first;
    std::vector<std::uint8_t> crossed;
    std::vector<end> ends;
    std::vector<member> members;
    std::vector<fan_state> fans;

    static double angle_between(double ax, double ay, double bx, double by) noexcept {
        return std::atan2(std::fabs(ax * by - ay * bx), ax * bx + ay * by);
    }
    // Whether two ways from a point are one (no atan2: most calls are here).
    static bool same_way(double ax, double ay, double bx, double by) noexcept {
        const double cross = ax * by - ay * bx, dot = ax * bx + ay * by;
        return dot > 0 && std::fabs(cross) <= 1e-6 * dot;
    }
    // A key that sorts as the plan point (x, then y): each float's bits
    // made to order as unsigned integers (-0 and +0 apart, which only
    // leaves two ends apart: they stay turning points).
    static std::uint64_t point_key(float x, float y) noexcept {
        const auto ordered = [](float f) {
            std::uint32_t u;
            std::memcpy(&u, &f, 4);
            return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
        };
        return (std::uint64_t{ordered(x)} << 32) | ordered(y);
    }

    // A link is askew when its portal is not a plain edge between the two
    // polygons: not on both (a jump over a gap, a polygon past the corner
    // test's size) or with the polygon entered on the same side as the one
    // left (a drop onto a floor below, reaching back under). Seen across
    // such a portal, the polygon entered is not where a straight line of
    // sight would put it: every end of the link, and of every link out of
    // a polygon it enters, stays a turning point (the search restarts
    // there). And the walk crosses the edge it takes off from and the edge
    // it lands on, which the fans at those edges' ends take for walls: a
    // path that dropped onto a floor may turn at the foot of the wall it
    // came over, on any portal ending there (de_mirage: areas 174 -> 136,
    // then round the corner 135 and 245 share with 136). Those edges' ends
    // are marked `crossed`: every end at such a corner of a polygon with
    // link ends there stays (pinned_point). A byte a corner, not a list of
    // points: a crafted file of many askew links stays within its size.
    void find_askew() {
        const std::size_t n = w.polygon_count();
        // Once per polygon: a link's target is read once per link into it.
        std::vector<vec3> means(n);
        for (std::size_t p = 0; p < n; ++p) means[p] = w.plan_mean(static_cast<polygon_index>(p));
        askew.assign(w.link_count(), 0);
        entered_askew.assign(n, 0);
        constexpr std::uint8_t on_both = portal_shape::on_source | portal_shape::on_target;
        for (std::size_t p = 0; p < n; ++p) {
            const auto out = w.links(static_cast<polygon_index>(p));
            const std::uint32_t first = w.link_offset(static_cast<polygon_index>(p));
            for (std::uint32_t j = 0; j < out.size(); ++j) {
                const std::uint32_t k = first + j;
                const link& l = out[j];
                const auto side = [&l](vec3 m) {
                    return (double{l.portal_b.x} - m.x) * (double{l.portal_a.y} - m.y) -
                           (double{l.portal_a.x} - m.x) * (double{l.portal_b.y} - m.y);
                };
                const bool across = side(means[p]) * side(means[l.target]) < 0;
                if ((l.shape & on_both) != on_both || (l.shape & portal_shape::no_side) != 0 || !across) {
                    askew[k] = 1;
                    entered_askew[l.target] = 1;
                    pin_crossed_edges(static_cast<polygon_index>(p), l);
                }
            }
        }
    }

    // The ends of the edges the walk of askew link l (out of `from`) takes
    // off from and lands on (found by the portal's ends where the polygon
    // holds them, else by the points the walkable moved them to).
    void pin_crossed_edges(polygon_index from, const link& l) {
        if (crossed_first.empty()) {
            const std::size_t n = w.polygon_count();
            crossed_first.resize(n + 1);
            for (std::size_t p = 0; p < n; ++p) {
                crossed_first[p + 1] = crossed_first[p] + static_cast<std::uint32_t>(w.corner_count(static_cast<polygon_index>(p)));
            }
            crossed.assign(crossed_first[n], 0);
        }
        for (const bool entered : {false, true}) {
            vec3 a = l.portal_a, b = l.portal_b;
            const bool held = (l.shape & (entered ? portal_shape::on_target : portal_shape::on_source)) != 0 ||
                              (entered ? w.landing(from, l, a, b) : w.take_off(from, l, a, b));
            if (!held) continue;  // a polygon past the corner test's size: its links' ends stay (entered_askew)
            const polygon_index q = entered ? l.target : from;
            pin_edge_ends(q, a);
            pin_edge_ends(q, b);
        }
    }
    // The two corners of polygon q's edge nearest plan point x.
    void pin_edge_ends(polygon_index q, vec3 x) {
        const auto corners = w.plan_corners(q);
        if (corners.size() < 2 || corners.size() > walkable::max_tested_corners) return;
        std::size_t best = 0;
        double best_d2 = -1;
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const geometry_detail::plan2 c{corners[i].x, corners[i].y}, d{corners[(i + 1) % corners.size()].x,
                                                                            corners[(i + 1) % corners.size()].y};
            const double t = geometry_detail::segment_fraction({x.x, x.y}, c, d);
            const double dx = c.x + t * (d.x - c.x) - x.x, dy = c.y + t * (d.y - c.y) - x.y, d2 = dx * dx + dy * dy;
            if (best_d2 < 0 || d2 < best_d2) {
                best_d2 = d2;
                best = i;
            }
        }
        crossed[crossed_first[q] + best] = 1;
        crossed[crossed_first[q] + (best + 1) % corners.size()] = 1;
    }
    // Whether the point of ends[first..] is a crossed corner of a polygon
    // with link ends there (a scan of its corners: at most
    // max_tested_corners, as member_at's).
    bool pinned_point() const noexcept {
        if (crossed.empty()) return false;
        for (const member& m : members) {
            const end& e = ends[m.first];
            const auto corners = w.plan_corners(e.polygon);
            if (corners.size() > walkable::max_tested_corners) continue;
            for (std::size_t i = 0; i < corners.size(); ++i) {
                if (corners[i].x == e.x && corners[i].y == e.y && crossed[crossed_first[e.polygon] + i] != 0) return true;
            }
        }
        return false;
    }

    // Every link end turns to begin with; the segment portals' ends, sorted
    // by point and polygon.
    void gather_ends() {
        bits.assign(w.link_count(), turning_bits::a_turns | turning_bits::b_turns);
        ends.reserve(2 * w.link_count());
        for (std::size_t p = 0; p < w.polygon_count(); ++p) {
            const auto out = w.links(static_cast<polygon_index>(p));
            const std::uint32_t first = w.link_offset(static_cast<polygon_index>(p));
            for (std::uint32_t j = 0; j < out.size(); ++j) {
                const std::uint32_t k = first + j;
                const link& l = out[j];
                const float dx = l.portal_b.x - l.portal_a.x, dy = l.portal_b.y - l.portal_a.y;
                if (!(dx * dx + dy * dy > 1e-8f)) continue;  // a point portal: a turning point of its own
                const auto from = static_cast<polygon_index>(p);
                ends.push_back({l.portal_a.x, l.portal_a.y, point_key(l.portal_a.x, l.portal_a.y), from, dx, dy, k,
                                turning_bits::a_turns});
                ends.push_back({l.portal_b.x, l.portal_b.y, point_key(l.portal_b.x, l.portal_b.y), from, -dx, -dy, k,
                                turning_bits::b_turns});
            }
        }
        std::sort(ends.begin(), ends.end(), [](const end& a, const end& b) {
            return a.point < b.point || (a.point == b.point && a.polygon < b.polygon);
        });
    }

    // The member of the polygon whose ends start at `first`; `last` moves
    // past them.
    member member_at(std::size_t first, std::size_t& last) const noexcept {
        member m{first, first};
        const end& a = ends[first];
        bool two_ways = false;
        double bx = 0, by = 0;
        for (last = first; last < ends.size() && ends[last].point == a.point && ends[last].polygon == a.polygon; ++last) {
            const end& b = ends[last];
            if (same_way(a.dx, a.dy, b.dx, b.dy)) continue;
            if (two_ways && !same_way(bx, by, b.dx, b.dy)) m.sure = false;  // a third way
            two_ways = true;
            bx = b.dx;
            by = b.dy;
        }
        m.last = last;
        m.closed = two_ways;
        if (two_ways) {
            m.bx = bx;
            m.by = by;
            return m;
        }
        // One portal side: the polygon's own angle at the point.
        const auto corners = w.plan_corners(a.polygon);
        m.sure = m.sure && corners.size() <= walkable::max_tested_corners;  // linear work, as the walkable's own tests
        m.angle = std::numbers::pi;
        for (std::size_t i = 0; m.sure && i < corners.size(); ++i) {
            if (corners[i].x != a.x || corners[i].y != a.y) continue;
            const vec3 prev = corners[(i + corners.size() - 1) % corners.size()], next = corners[(i + 1) % corners.size()];
            m.angle = angle_between(prev.x - a.x, prev.y - a.y, next.x - a.x, next.y - a.y);
            break;
        }
        return m;
    }

    const link& link_at(const end& e) const noexcept {
        return w.links(e.polygon)[e.link - w.link_offset(e.polygon)];
    }

    std::uint32_t root(std::uint32_t i) noexcept {
        while (members[i].fan != i) i = members[i].fan = members[members[i].fan].fan;
        return i;
    }

    // Joins the point's members into fans by their links' targets (members
    // are sorted by polygon); a link into a polygon with no end here makes
    // its member unsure.
    void join_fans() {
        for (std::size_t mi = 0; mi < members.size(); ++mi) {
            for (std::size_t i = members[mi].first; i < members[mi].last; ++i) {
                const polygon_index target = link_at(ends[i]).target;
                const auto it = std::lower_bound(members.begin(), members.end(), target,
                                                 [this](const member& x, polygon_index t) { return ends[x.first].polygon < t; });
                if (it == members.end() || ends[it->first].polygon != target) {
                    members[mi].sure = false;
                    continue;
                }
                members[root(static_cast<std::uint32_t>(mi))].fan = root(static_cast<std::uint32_t>(it - members.begin()));
            }
        }
    }

    // Clears the turn bits of the point's ends whose fan needs no turn.
    void settle_point() {
        fans.assign(members.size(), fan_state{});
        for (std::size_t i = 0; i < members.size(); ++i) {
            fan_state& f = fans[root(static_cast<std::uint32_t>(i))];
            f.closed = f.closed && members[i].closed;
            f.sure = f.sure && members[i].sure;
        }
        // The room only where a fan does not close (the angle between a
        // closed member's two ways is taken only then).
        for (std::size_t i = 0; i < members.size(); ++i) {
            fan_state& f = fans[root(static_cast<std::uint32_t>(i))];
            if (f.closed || !f.sure) continue;
            const member& m = members[i];
            const end& a = ends[m.first];
            f.room += m.closed ? angle_between(a.dx, a.dy, m.bx, m.by) : m.angle;
        }
        if (pinned_point()) return;
        for (std::size_t i = 0; i < members.size(); ++i) {
            const fan_state& f = fans[root(static_cast<std::uint32_t>(i))];
            if (!f.sure || (!f.closed && f.room > std::numbers::pi + 1e-4)) continue;
            for (std::size_t k = members[i].first; k < members[i].last; ++k) {
                if (askew[ends[k].link] != 0 || entered_askew[ends[k].polygon] != 0) continue;
                bits[ends[k].link] = static_cast<std::uint8_t>(bits[ends[k].link] & ~ends[k].bit);
            }
        }
    }

    void run() {
        find_askew();
        gather_ends();
        for (std::size_t first = 0; first < ends.size();) {
            std::size_t last = first;
            members.clear();
            while (last < ends.size() && ends[last].point == ends[first].point) {
                member m = member_at(last, last);
                m.fan = static_cast<std::uint32_t>(members.size());
                members.push_back(m);
            }
            join_fans();
            settle_point();
            first = last;
        }
    }
};

// Which ends of every link of `w` a shortest path may turn at: one byte a
// link (turning_bits), into `bits`.
inline void find_turning_ends(const walkable& w, std::vector<std::uint8_t>& bits) {
    turning_ends{w, bits, {}, {}, {}, {}, {}, {}, {}}.run();
}

}  // namespace navspan::nav
#include "../core/min_max_pop.hpp"
