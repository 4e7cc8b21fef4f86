// locate and path over the viewer's walkable view: which polygon is under a
// point of the ground plane, and the A* corridor between two polygons with
// its waypoints (the corridor string-pulled through the links' portals).
// Stand-in for the library's query layer (issue 13) until it lands.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "walkable.hpp"

namespace navspan_viewer {

// A spatial grid over the polygons' ground-plane boxes, built once, so that
// hover and click cost a handful of polygon tests on the largest maps.
class polygon_grid {
public:
    void build(const walkable_view& v) {
        const std::size_t n = v.polygon_count();
        boxes_.assign(4 * n, 0.0f);
        x0_ = y0_ = std::numeric_limits<float>::infinity();
        float x1 = -x0_, y1 = -y0_;
        for (std::size_t p = 0; p < n; ++p) {
            float bx0 = std::numeric_limits<float>::infinity(), by0 = bx0, bx1 = -bx0, by1 = -bx0;
            for (std::uint32_t c = v.first_corner[p]; c < v.first_corner[p + 1]; ++c) {
                float px, py, h;
                v.plan(v.corners[3 * c], v.corners[3 * c + 1], v.corners[3 * c + 2], px, py, h);
                if (!std::isfinite(px) || !std::isfinite(py)) continue;
                bx0 = std::min(bx0, px); bx1 = std::max(bx1, px);
                by0 = std::min(by0, py); by1 = std::max(by1, py);
            }
            float* b = &boxes_[4 * p];
            b[0] = bx0; b[1] = by0; b[2] = bx1; b[3] = by1;
            if (bx0 <= bx1) {
                x0_ = std::min(x0_, bx0); y0_ = std::min(y0_, by0);
                x1 = std::max(x1, bx1); y1 = std::max(y1, by1);
            }
        }
        if (!(x0_ <= x1)) { x0_ = y0_ = 0; x1 = y1 = 1; }
        side_ = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::sqrt(static_cast<double>(n) / 2.0)));
        cw_ = std::max((x1 - x0_) / static_cast<float>(side_), 1e-3f);
        ch_ = std::max((y1 - y0_) / static_cast<float>(side_), 1e-3f);
        std::vector<std::uint32_t> counts(std::size_t{side_} * side_ + 1, 0);
        for_each_cell_of_all(n, [&](std::size_t cell, std::uint32_t) { ++counts[cell + 1]; });
        for (std::size_t i = 1; i < counts.size(); ++i) counts[i] += counts[i - 1];
        start_ = counts;
        items_.assign(counts.back(), 0);
        for_each_cell_of_all(n, [&](std::size_t cell, std::uint32_t p) { items_[counts[cell]++] = p; });
    }

    const float* box(std::uint32_t p) const { return &boxes_[4 * std::size_t{p}]; }

    // Calls f(polygon) for each polygon whose box may hold (px, py).
    template <class F>
    void candidates(float px, float py, F&& f) const {
        if (items_.empty()) return;
        const auto cx = cell_of(px, x0_, cw_), cy = cell_of(py, y0_, ch_);
        const std::size_t cell = std::size_t{cy} * side_ + cx;
        for (std::uint32_t i = start_[cell]; i < start_[cell + 1]; ++i) f(items_[i]);
    }

private:
    std::uint32_t cell_of(float v, float origin, float size) const {
        const float c = std::floor((v - origin) / size);
        if (!(c > 0)) return 0;
        return std::min(side_ - 1, static_cast<std::uint32_t>(c));
    }
    template <class F>
    void for_each_cell_of_all(std::size_t n, F&& f) const {
        for (std::size_t p = 0; p < n; ++p) {
            const float* b = &boxes_[4 * p];
            if (!(b[0] <= b[2])) continue;
            const auto cx0 = cell_of(b[0], x0_, cw_), cx1 = cell_of(b[2], x0_, cw_);
            const auto cy0 = cell_of(b[1], y0_, ch_), cy1 = cell_of(b[3], y0_, ch_);
            for (std::uint32_t y = cy0; y <= cy1; ++y)
                for (std::uint32_t x = cx0; x <= cx1; ++x) f(std::size_t{y} * side_ + x, static_cast<std::uint32_t>(p));
        }
    }
    std::vector<float> boxes_;
    std::vector<std::uint32_t> start_, items_;
    float x0_ = 0, y0_ = 0, cw_ = 1, ch_ = 1;
    std::uint32_t side_ = 1;
};

// Whether (px, py) lies inside polygon p on the ground plane (even-odd rule).
inline bool contains(const walkable_view& v, std::uint32_t p, float px, float py) {
    bool inside = false;
    const std::uint32_t b = v.first_corner[p], e = v.first_corner[p + 1];
    for (std::uint32_t i = b, j = e - 1; i < e; j = i++) {
        float xi, yi, xj, yj, h;
        v.plan(v.corners[3 * i], v.corners[3 * i + 1], v.corners[3 * i + 2], xi, yi, h);
        v.plan(v.corners[3 * j], v.corners[3 * j + 1], v.corners[3 * j + 2], xj, yj, h);
        if ((yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
}

// The polygon of `space` (0: any) under ground point (px, py): the one whose
// centre height is nearest `height`, or the highest when height is NaN.
inline std::int32_t locate(const walkable_view& v, const polygon_grid& grid, float px, float py, float height,
                           std::uint32_t space) {
    std::int32_t best = -1;
    double best_score = std::numeric_limits<double>::infinity();
    grid.candidates(px, py, [&](std::uint32_t p) {
        if (space != 0 && v.spaces[p] != space) return;
        const float* b = grid.box(p);
        if (px < b[0] || px > b[2] || py < b[1] || py > b[3] || !contains(v, p, px, py)) return;
        float cx, cy, h;
        const navspan::vec3 c = v.centre(p);
        v.plan(c.x, c.y, c.z, cx, cy, h);
        const double score = std::isnan(height) ? -static_cast<double>(h) : std::fabs(static_cast<double>(h - height));
        if (score < best_score || best < 0) { best_score = score; best = static_cast<std::int32_t>(p); }
    });
    return best;
}

struct path_result {
    std::vector<std::uint32_t> corridor;   // polygons, start to goal
    std::vector<std::uint32_t> via;        // the link taken into corridor[i] (none for the start)
    std::vector<float> waypoints;          // x, y, z
    double length = 0;                     // along the waypoints
    std::size_t expanded = 0;
};

// A* over the links (cost: distance between polygon centres), then the
// funnel through the portals of the links taken.
class path_finder {
public:
    void prepare(const walkable_view& v) {
        const std::size_t n = v.polygon_count();
        begin_.assign(n + 1, 0);
        for (std::size_t l = 0; l < v.link_count(); ++l) {
            if (v.link_to[l] != none && v.link_from[l] < n) ++begin_[v.link_from[l] + 1];
        }
        for (std::size_t i = 1; i <= n; ++i) begin_[i] += begin_[i - 1];
        links_.assign(begin_[n], 0);
        std::vector<std::uint32_t> at(begin_.begin(), begin_.end() - 1);
        for (std::size_t l = 0; l < v.link_count(); ++l) {
            if (v.link_to[l] != none && v.link_from[l] < n) links_[at[v.link_from[l]]++] = static_cast<std::uint32_t>(l);
        }
        cost_.assign(n, 0);
        came_.assign(n, none);
        stamp_.assign(n, 0);
        closed_.assign(n, 0);
    }

    path_result find(const walkable_view& v, std::uint32_t start, std::uint32_t goal, navspan::vec3 from,
                     navspan::vec3 to) {
        path_result r;
        const std::size_t n = v.polygon_count();
        if (start >= n || goal >= n) return r;
        ++generation_;
        using item = std::pair<double, std::uint32_t>;
        std::priority_queue<item, std::vector<item>, std::greater<item>> open;
        const auto dist = [](navspan::vec3 a, navspan::vec3 b) {
            const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
            return std::sqrt(dx * dx + dy * dy + dz * dz);
        };
        touch(start);
        cost_[start] = 0;
        open.push({dist(v.centre(start), v.centre(goal)), start});
        while (!open.empty()) {
            const auto [f, u] = open.top();
            open.pop();
            if (closed_[u] == generation_) continue;
            closed_[u] = generation_;
            ++r.expanded;
            if (u == goal) break;
            for (std::uint32_t k = begin_[u]; k < begin_[u + 1]; ++k) {
                const std::uint32_t l = links_[k], w = v.link_to[l];
                touch(w);
                if (closed_[w] == generation_) continue;
                const double c = cost_[u] + dist(v.centre(u), v.centre(w));
                if (c < cost_[w]) {
                    cost_[w] = c;
                    came_[w] = l;
                    open.push({c + dist(v.centre(w), v.centre(goal)), w});
                }
            }
        }
        if (closed_[goal] != generation_) return r;
        for (std::uint32_t p = goal;;) {
            r.corridor.push_back(p);
            if (p == start) { r.via.push_back(none); break; }
            r.via.push_back(came_[p]);
            p = v.link_from[came_[p]];
        }
        std::reverse(r.corridor.begin(), r.corridor.end());
        std::reverse(r.via.begin(), r.via.end());
        string_pull(v, r, from, to);
        for (std::size_t i = 3; i < r.waypoints.size(); i += 3) {
            const navspan::vec3 a{r.waypoints[i - 3], r.waypoints[i - 2], r.waypoints[i - 1]};
            const navspan::vec3 b{r.waypoints[i], r.waypoints[i + 1], r.waypoints[i + 2]};
            r.length += dist(a, b);
        }
        return r;
    }

private:
    void touch(std::uint32_t p) {
        if (stamp_[p] == generation_) return;
        stamp_[p] = generation_;
        cost_[p] = std::numeric_limits<double>::infinity();
        came_[p] = none;
    }

    // The funnel ("simple stupid funnel") on the ground plane. A step with no
    // portal (a Quake link, a jump) passes through the next polygon's centre.
    static void string_pull(const walkable_view& v, path_result& r, navspan::vec3 from, navspan::vec3 to) {
        struct pt { float x, y; navspan::vec3 w; };
        const auto ground = [&](navspan::vec3 w) {
            pt p{0, 0, w};
            float h;
            v.plan(w.x, w.y, w.z, p.x, p.y, h);
            return p;
        };
        std::vector<pt> left, right;
        left.push_back(ground(from));
        right.push_back(ground(from));
        for (std::size_t i = 1; i < r.corridor.size(); ++i) {
            const std::uint32_t l = r.via[i];
            const float* q = &v.link_portals[6 * std::size_t{l}];
            if (std::isnan(q[0])) {
                const pt c = ground(v.centre(r.corridor[i]));
                left.push_back(c);
                right.push_back(c);
                continue;
            }
            pt a = ground({q[0], q[1], q[2]}), b = ground({q[3], q[4], q[5]});
            // Orient the portal: seen from the polygon we leave, a on the left.
            const pt c = ground(v.centre(r.corridor[i - 1]));
            const float cross = (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
            if (cross > 0) std::swap(a, b);  // ground plane is right-handed (x right, y up)
            left.push_back(a);
            right.push_back(b);
        }
        left.push_back(ground(to));
        right.push_back(ground(to));
        const auto area2 = [](const pt& a, const pt& b, const pt& c) {
            return (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        };
        const auto same = [](const pt& a, const pt& b) { return std::fabs(a.x - b.x) < 1e-4f && std::fabs(a.y - b.y) < 1e-4f; };
        std::vector<pt> out{left[0]};
        std::size_t apex_i = 0, left_i = 0, right_i = 0;
        pt apex = left[0], fl = left[0], fr = right[0];
        // Each restart moves the apex forward, so this ends; the cap only
        // guards against a degenerate corridor of coincident points.
        std::size_t steps = 0;
        const std::size_t max_steps = 4 * left.size() * left.size() + 16;
        // A side that would cross the other: its corner becomes the new apex
        // and the scan goes on from the portal after it.
        const auto restart = [&](const pt& corner, std::size_t corner_i) {
            out.push_back(corner);
            apex = corner;
            apex_i = corner_i;
            fl = fr = apex;
            left_i = right_i = apex_i;
            return apex_i;
        };
        for (std::size_t i = 1; i < left.size() && ++steps < max_steps; ++i) {
            const pt& nl = left[i];
            const pt& nr = right[i];
            if (area2(apex, fr, nr) >= 0) {
                if (!same(apex, fr) && area2(apex, fl, nr) >= 0) { i = restart(fl, left_i); continue; }
                fr = nr;
                right_i = i;
            }
            if (area2(apex, fl, nl) <= 0) {
                if (!same(apex, fl) && area2(apex, fr, nl) <= 0) { i = restart(fr, right_i); continue; }
                fl = nl;
                left_i = i;
            }
        }
        if (!same(out.back(), left.back())) out.push_back(left.back());
        for (const pt& p : out) r.waypoints.insert(r.waypoints.end(), {p.w.x, p.w.y, p.w.z});
    }

    std::vector<std::uint32_t> begin_, links_, came_, stamp_, closed_;
    std::vector<double> cost_;
    std::uint32_t generation_ = 0;
};

}  // namespace navspan_viewer
