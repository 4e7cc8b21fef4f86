// navspan-bench rows for the navigation queries (navspan::nav), side by
// side with Recast/Detour on the same polygons when the build found Detour
// (NAVSPAN_BENCH_HAVE_DETOUR; the library never needs it):
//   nav build                  walkable view + spatial index from the file
//   detour build               dtCreateNavMeshData + dtNavMesh + query init
//   nav locate / detour locate           polygon under each of N points
//   nav nearest / detour nearest         nearest polygon within a radius
//                                        (of polygon centres, and of random
//                                        points in the bounds)
//   nav path / detour path     A* + waypoints for M start/goal pairs
//                              (find_path + straight_path vs findPath +
//                              findStraightPath)
//   nav path search, Dijkstra  find_path with heuristic_scale 0 on the same
//                              pairs, against a plain Dijkstra
//   nav exact search, hierarchy  find_exact_path over the contraction
//                              hierarchy on the same pairs, floor: the
//                              plain A*
//   nav distance_field         the cost from one start to every polygon
//                              (the exact model, and find_path's: one state
//                              per polygon), against a plain Dijkstra with
//                              no goal
// and one comparison line per file: how often both find a path and how the
// lengths of their waypoint paths compare.
//
// Detour keeps one neighbour per polygon edge, so each polygon's sides are
// cut at the ends of its portals (a Source area with three neighbours along
// one side gets corners there). A convex polygon whose cut boundary has at
// most DT_VERTS_PER_POLYGON (6) corners goes over as one Detour polygon; a
// larger one is cut by chords into as few convex pieces of at most 6 corners
// as a greedy finds (convex_pieces); only a polygon that is not convex is
// fanned into triangles from its centre. Links no polygon edge joins
// (Source ladders, drops, portals sharing a side) become off-mesh
// connections. Quake nodes (discs with point links) have no Detour
// counterpart and are left out.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <new>
#include <queue>
#include <span>
#include <string>
#include <vector>

#include <navspan/nav.hpp>

#include "harness.hpp"
#include "inputs.hpp"

#if defined(NAVSPAN_BENCH_HAVE_DETOUR)
#  include <DetourAlloc.h>
#  include <DetourNavMesh.h>
#  include <DetourNavMeshBuilder.h>
#  include <DetourNavMeshQuery.h>
#endif

namespace navspan_bench {

namespace nav_rows_detail {

namespace nav = navspan::nav;

struct lcg {
    std::uint64_t s = 12345;
    std::uint32_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(s >> 33);
    }
};

// The same points and pairs for both libraries: polygon centres lifted a
// little, pairs of polygon centres, and points anywhere in the bounds.
struct workload {
    std::vector<navspan::vec3> points;
    std::vector<navspan::vec3> random_points;
    std::vector<std::pair<nav::polygon_index, nav::polygon_index>> pairs;
};

inline workload make_workload(const nav::walkable& w, std::size_t points, std::size_t pairs) {
    workload out;
    std::vector<nav::polygon_index> usable;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (w.usable(p) && nav::area(w, p) > 0) usable.push_back(p);
    }
    if (usable.empty()) return out;
    lcg r;
    for (std::size_t i = 0; i < points; ++i) {
        navspan::vec3 c = w.to_plan(nav::centre(w, usable[r.next() % usable.size()]));
        c.z += 0.5f;
        out.points.push_back(w.to_world(c));
    }
    for (std::size_t i = 0; i < pairs; ++i) out.pairs.emplace_back(usable[r.next() % usable.size()], usable[r.next() % usable.size()]);
    // Random points in the walkable's bounds (heights too): on, above,
    // beside and between polygons, as a bot or a click gives them.
    const nav::box b = w.plan_bounds();
    auto between = [&](float lo, float hi) { return lo + (hi - lo) * static_cast<float>(r.next() % 1000000) * 1e-6f; };
    for (std::size_t i = 0; i < points; ++i) {
        out.random_points.push_back(
            w.to_world({between(b.min.x, b.max.x), between(b.min.y, b.max.y), between(b.min.z, b.max.z)}));
    }
    return out;
}

// The A* a user writes in an afternoon, the baseline of the path rows:
// a binary heap (std::push_heap / pop_heap) with lazy deletion, one state
// per polygon entered at the midpoint of its portal (find_path's model),
// the straight line to the goal as heuristic. Its state is reused across
// queries as find_path's is: a generation number marks what the current
// query touched (nothing is cleared or refilled per query) and the heap
// keeps its storage, so the ratio to it measures the search, not the
// allocator or a memset.
struct plain_astar {
    std::vector<float> cost;
    std::vector<navspan::vec3> at;
    std::vector<std::uint32_t> seen;    // generation that set cost/at
    std::vector<std::uint32_t> closed;  // generation that closed the polygon
    using item = std::pair<float, nav::polygon_index>;
    std::vector<item> open;
    std::uint32_t generation = 0;
    explicit plain_astar(const nav::walkable& w)
        : cost(w.polygon_count()), at(w.polygon_count()), seen(w.polygon_count()), closed(w.polygon_count()) {
        open.reserve(w.polygon_count());
    }
    static float length(navspan::vec3 a, navspan::vec3 b) {
        const float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
        return std::sqrt(dx * dx + dy * dy + dz * dz);
    }
    // The cost of the path found, or -1. `scale` multiplies the heuristic:
    // 0 makes it the plain Dijkstra (the baseline of the Dijkstra rows), and
    // with b = no_polygon it settles every polygon it reaches (the baseline
    // of the distance field row; -1 then, as no goal is found).
    float run(const nav::walkable& w, nav::polygon_index a, navspan::vec3 world_a, nav::polygon_index b,
              navspan::vec3 world_b, float scale = 1.0f) {
        const navspan::vec3 pa = w.to_plan(world_a), pb = w.to_plan(world_b);
        if (++generation == 0) {  // wrapped: forget every old mark
            std::fill(seen.begin(), seen.end(), 0u);
            std::fill(closed.begin(), closed.end(), 0u);
            generation = 1;
        }
        const std::uint32_t gen = generation;
        const auto later = std::greater<item>();
        open.clear();
        cost[a] = 0;
        at[a] = pa;
        seen[a] = gen;
        open.push_back({scale * length(pa, pb), a});
        while (!open.empty()) {
            std::pop_heap(open.begin(), open.end(), later);
            const nav::polygon_index c = open.back().second;
            open.pop_back();
            if (closed[c] == gen) continue;
            closed[c] = gen;
            if (c == b) return cost[c];
            for (const nav::link& l : w.links(c)) {
                const nav::polygon_index t = l.target;
                if (closed[t] == gen) continue;
                const navspan::vec3 m{(l.portal_a.x + l.portal_b.x) * 0.5f, (l.portal_a.y + l.portal_b.y) * 0.5f,
                                      (l.portal_a.z + l.portal_b.z) * 0.5f};
                const bool last = t == b;
                const float g = cost[c] + length(at[c], m) + (last ? length(m, pb) : 0.0f);
                if (seen[t] == gen && !(g < cost[t])) continue;
                seen[t] = gen;
                cost[t] = g;
                at[t] = last ? pb : m;
                open.push_back({g + (last ? 0.0f : scale * length(m, pb)), t});
                std::push_heap(open.begin(), open.end(), later);
            }
        }
        return -1;
    }
};

inline double polyline_length(const navspan::vec3* p, std::size_t n) {
    double l = 0;
    for (std::size_t i = 1; i < n; ++i) l += nav::distance(p[i - 1], p[i]);
    return l;
}

#if defined(NAVSPAN_BENCH_HAVE_DETOUR)

// Detour allocates through dtAlloc (malloc by default, which the counting
// operator new does not see): routed through operator new instead, so its
// allocations count in every row, with the live bytes kept (each block
// carries its size) to measure the mesh and the query.
inline std::size_t g_detour_live_bytes = 0;
inline void* detour_counted_alloc(size_t size, dtAllocHint) {
    void* block = ::operator new(size + 16, std::nothrow);
    if (block == nullptr) return nullptr;
    std::memcpy(block, &size, sizeof size);
    g_detour_live_bytes += size;
    return static_cast<char*>(block) + 16;
}
inline void detour_counted_free(void* p) {
    if (p == nullptr) return;
    void* block = static_cast<char*>(p) - 16;
    std::size_t size = 0;
    std::memcpy(&size, block, sizeof size);
    g_detour_live_bytes -= size;
    ::operator delete(block);
}
// Before any Detour object is made (a block from malloc must never reach
// the counting free).
inline void count_detour_allocations() {
    static const bool installed = [] {
        dtAllocSetCustom(detour_counted_alloc, detour_counted_free);
        return true;
    }();
    (void)installed;
}

inline navspan::vec3 nav_rows_detail_midpoint(const nav::link& l) {
    return {(l.portal_a.x + l.portal_b.x) * 0.5f, (l.portal_a.y + l.portal_b.y) * 0.5f, (l.portal_a.z + l.portal_b.z) * 0.5f};
}

// A Detour navmesh of one tile holding the walkable's polygons.
struct detour_mesh {
    dtNavMesh* mesh = nullptr;
    dtNavMeshQuery* query = nullptr;
    std::vector<nav::polygon_index> owner;  // Detour polygon -> walkable polygon
    std::vector<dtPolyRef> home;            // walkable polygon -> the Detour polygon ref holding its centre (0: none)
    float unit = 1;                         // the quantum of the vertex grid
    std::size_t edge_links = 0;             // walkable links Detour has as polygon edges
    std::size_t off_mesh_links = 0;         // the rest, as off-mesh connections
    std::size_t split = 0;                  // convex walkable polygons cut into several Detour polygons
    std::size_t fanned = 0;                 // polygons that are not convex, fanned into triangles
    std::size_t tile_bytes = 0;             // the tile data dtCreateNavMeshData made
    std::size_t mesh_bytes = 0;             // dtNavMesh with its tile (dtAlloc'd bytes; 0: not counted)
    std::size_t query_bytes = 0;            // dtNavMeshQuery with its node pool
    detour_mesh() = default;
    detour_mesh(const detour_mesh&) = delete;
    detour_mesh& operator=(const detour_mesh&) = delete;
    ~detour_mesh() {
        dtFreeNavMeshQuery(query);
        dtFreeNavMesh(mesh);
    }
    // Detour's frame: y up.
    static void to_detour(const nav::walkable& w, navspan::vec3 world, float out[3]) {
        const navspan::vec3 p = w.to_plan(world);
        out[0] = p.x;
        out[1] = p.z;
        out[2] = p.y;
    }
    static navspan::vec3 from_detour(const nav::walkable& w, const float* v) { return w.to_world({v[0], v[2], v[1]}); }
};

// The boundary of a polygon cut at the ends of its portals, each piece with
// the polygon across it (or none).
struct boundary {
    std::vector<navspan::vec3> points;  // plan frame
    std::vector<nav::polygon_index> across;
};

inline boundary boundary_of(const nav::walkable& w, nav::polygon_index p) {
    boundary b;
    const auto c = w.plan_corners(p);
    const auto links = w.links(p);
    // Whether q lies on segment a-e (within a thousandth of its length).
    auto on_segment = [](navspan::vec3 q, navspan::vec3 a, navspan::vec3 e, double& t) {
        const double dx = e.x - a.x, dy = e.y - a.y, len2 = dx * dx + dy * dy;
        if (len2 <= 0) return false;
        t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2;
        const double px = a.x + t * dx - q.x, py = a.y + t * dy - q.y;
        return t > -1e-3 && t < 1 + 1e-3 && px * px + py * py <= 1e-6 * len2 + 1e-8;
    };
    for (std::size_t i = 0; i < c.size(); ++i) {
        const navspan::vec3 a = c[i], e = c[(i + 1) % c.size()];
        std::vector<double> ts{0.0, 1.0};
        for (const nav::link& l : links) {
            double t = 0;
            if (on_segment(l.portal_a, a, e, t)) ts.push_back(std::clamp(t, 0.0, 1.0));
            if (on_segment(l.portal_b, a, e, t)) ts.push_back(std::clamp(t, 0.0, 1.0));
        }
        std::sort(ts.begin(), ts.end());
        ts.erase(std::unique(ts.begin(), ts.end(), [](double x, double y) { return y - x < 1e-4; }), ts.end());
        if (ts.back() < 1.0 - 1e-9) ts.back() = 1.0;
        for (std::size_t k = 0; k + 1 < ts.size(); ++k) {
            auto at = [&](double t) {
                return navspan::vec3{static_cast<float>(a.x + t * (e.x - a.x)), static_cast<float>(a.y + t * (e.y - a.y)),
                                     static_cast<float>(a.z + t * (e.z - a.z))};
            };
            const navspan::vec3 m = at((ts[k] + ts[k + 1]) * 0.5);
            nav::polygon_index to = nav::no_polygon;
            for (const nav::link& l : links) {
                double t = 0;
                if (l.portal_a == l.portal_b) continue;  // point portals (ladders) have no edge
                if (on_segment(m, l.portal_a, l.portal_b, t)) to = l.target;
            }
            b.points.push_back(at(ts[k]));
            b.across.push_back(to);
        }
    }
    return b;
}

// The off-mesh connections handed to Detour, one entry each.
struct detour_off_mesh {
    std::vector<float> verts, radius;
    std::vector<unsigned short> flags;
    std::vector<unsigned char> areas, dir;
    std::vector<unsigned int> ids;
};

inline bool build_detour_tile(detour_mesh& out, const nav::walkable& w, const std::vector<std::size_t>& home,
                              std::size_t poly_count, std::vector<unsigned short>& verts, std::vector<unsigned short>& data,
                              std::vector<unsigned short>& flags, std::vector<unsigned char>& areas, float cs,
                              detour_off_mesh& off_mesh);

// How a convex polygon goes to Detour: as itself when it has at most
// DT_VERTS_PER_POLYGON corners (its boundary cut at portal ends, so corners
// may lie on a straight side), else cut by chords into as few convex pieces
// of at most that many corners as the greedy below finds: each cut takes off
// the run of consecutive corners that removes the most corners while leaving
// both sides with area (on every corpus map the bench measures this reaches
// the least possible: k pieces hold n + 2(k - 1) corners, so at least
// ceil((n - 2) / 4) pieces of 6). Each piece is a list of indices into `pts` (plan
// frame). Empty when the polygon is not convex (or no cut works): the caller
// then fans it from its centre.
inline std::vector<std::vector<std::size_t>> convex_pieces(const std::vector<navspan::vec3>& pts) {
    const std::size_t n = pts.size();
    std::vector<std::vector<std::size_t>> pieces;
    if (n < 3) return pieces;
    auto area2_of = [&](const std::vector<std::size_t>& idx) {
        double a = 0;
        for (std::size_t i = 0; i < idx.size(); ++i) {
            const navspan::vec3 u = pts[idx[i]], v = pts[idx[(i + 1) % idx.size()]];
            a += static_cast<double>(u.x) * v.y - static_cast<double>(v.x) * u.y;
        }
        return a;
    };
    std::vector<std::size_t> rest(n);
    for (std::size_t i = 0; i < n; ++i) rest[i] = i;
    const double total = area2_of(rest);
    if (total == 0) return pieces;
    const double sign = total > 0 ? 1.0 : -1.0;
    // Convex: every turn the same way as the whole, straight runs allowed
    // (a corner cut at a portal's end lies on its side up to float
    // rounding: a corner may sit that far on the wrong side of the line
    // through its neighbours).
    double size = 0, magnitude = 0;
    for (std::size_t i = 0; i < n; ++i) {
        size = std::max({size, std::fabs(static_cast<double>(pts[i].x) - pts[0].x), std::fabs(static_cast<double>(pts[i].y) - pts[0].y)});
        magnitude = std::max({magnitude, std::fabs(static_cast<double>(pts[i].x)), std::fabs(static_cast<double>(pts[i].y))});
    }
    const double slack = 1e-4 * size + 8 * 1.1920929e-7 * magnitude;
    for (std::size_t i = 0; i < n; ++i) {
        const navspan::vec3 a = pts[i], b = pts[(i + 1) % n], c = pts[(i + 2) % n];
        const double ux = b.x - a.x, uy = b.y - a.y, wx = c.x - a.x, wy = c.y - a.y;
        const double cross = ux * wy - uy * wx, base = std::sqrt(wx * wx + wy * wy);  // b's distance from a-c, times base
        if (cross * sign < -slack * base) return pieces;
    }
    const double least = 1e-3 * std::fabs(total);  // a piece, or what is left, must have at least this
    const std::size_t most = DT_VERTS_PER_POLYGON;
    while (rest.size() > most) {
        const std::size_t m = rest.size();
        std::vector<std::size_t> best_piece, best_rest;
        for (std::size_t i = 0; i < m && best_piece.size() < most; ++i) {
            for (std::size_t k = most - 1; k >= 2 && k + 1 > best_piece.size(); --k) {
                std::vector<std::size_t> piece, left;
                for (std::size_t j = 0; j <= k; ++j) piece.push_back(rest[(i + j) % m]);
                for (std::size_t j = k; j <= m; ++j) left.push_back(rest[(i + j) % m]);  // from the piece's last corner round to its first
                if (area2_of(piece) * sign < least || area2_of(left) * sign < least) continue;
                best_piece = std::move(piece);
                best_rest = std::move(left);
                break;
            }
        }
        if (best_piece.empty()) return {};
        pieces.push_back(std::move(best_piece));
        rest = std::move(best_rest);
    }
    pieces.push_back(std::move(rest));
    // The pieces tile the polygon: their areas add up to its own.
    double sum = 0;
    for (const auto& piece : pieces) sum += area2_of(piece);
    if (std::fabs(sum - total) > 1e-6 * std::fabs(total)) return {};
    return pieces;
}

inline bool build_detour(const nav::walkable& w, detour_mesh& out) {
    struct dpoly {
        std::vector<navspan::vec3> verts;        // plan frame
        std::vector<nav::polygon_index> across;  // per edge: a walkable polygon, or none
        std::vector<int> internal;               // per edge: a Detour polygon of the same walkable polygon, or -1
    };
    std::vector<dpoly> polys;
    std::vector<std::size_t> first(w.polygon_count() + 1, 0);
    std::vector<std::size_t> home(w.polygon_count(), 0);  // the Detour polygon holding the centre
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        first[p] = polys.size();
        if (!w.usable(p) || nav::area(w, p) <= 0) continue;
        const boundary b = boundary_of(w, p);
        const navspan::vec3 centre = w.to_plan(nav::centre(w, p));
        const int n = static_cast<int>(b.points.size()), base = static_cast<int>(polys.size());
        const auto pieces = convex_pieces(b.points);
        if (pieces.empty()) {
            // Not convex: a fan of triangles from the centre.
            ++out.fanned;
            for (int k = 0; k < n; ++k) {
                const auto at = [&](int i) { return static_cast<std::size_t>(i % n); };
                polys.push_back({{centre, b.points[at(k)], b.points[at(k + 1)]},
                                 {nav::no_polygon, b.across[at(k)], nav::no_polygon},
                                 {base + (k + n - 1) % n, -1, base + (k + 1) % n}});
            }
            home[p] = static_cast<std::size_t>(base);
            continue;
        }
        if (pieces.size() > 1) ++out.split;
        const std::size_t un = b.points.size();
        for (const auto& piece : pieces) {
            dpoly d;
            for (std::size_t j = 0; j < piece.size(); ++j) {
                const std::size_t u = piece[j], v = piece[(j + 1) % piece.size()];
                d.verts.push_back(b.points[u]);
                if (v == (u + 1) % un) {  // a piece of the boundary
                    d.across.push_back(b.across[u]);
                    d.internal.push_back(-1);
                    continue;
                }
                d.across.push_back(nav::no_polygon);  // a chord: the piece holding it the other way
                int other = -1;
                for (std::size_t q = 0; q < pieces.size() && other < 0; ++q) {
                    const auto& o = pieces[q];
                    for (std::size_t t = 0; t < o.size(); ++t) {
                        if (o[t] == v && o[(t + 1) % o.size()] == u) other = base + static_cast<int>(q);
                    }
                }
                d.internal.push_back(other);
            }
            polys.push_back(std::move(d));
        }
        // The centre's piece: the one it lies deepest inside.
        double best = -1e30;
        for (std::size_t q = 0; q < pieces.size(); ++q) {
            const dpoly& d = polys[static_cast<std::size_t>(base) + q];
            const double s = nav::geometry_detail::signed_area2(d.verts) > 0 ? 1.0 : -1.0;
            double inside = 1e30;
            for (std::size_t e = 0; e < d.verts.size(); ++e) {
                const navspan::vec3 a = d.verts[e], z = d.verts[(e + 1) % d.verts.size()];
                const double ex = z.x - a.x, ey = z.y - a.y, len = std::sqrt(ex * ex + ey * ey);
                if (len <= 0) continue;
                inside = std::min(inside, s * (ex * (centre.y - a.y) - ey * (centre.x - a.x)) / len);
            }
            if (inside > best) {
                best = inside;
                home[p] = static_cast<std::size_t>(base) + q;
            }
        }
    }
    first[w.polygon_count()] = polys.size();
    if (polys.empty() || polys.size() > 60000) return false;
    const nav::box& bounds = w.plan_bounds();
    const float range = std::max({bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y, bounds.max.z - bounds.min.z, 1.0f});
    const float cs = range / 60000.0f;
    out.unit = cs;
    std::vector<unsigned short> verts, data, flags(polys.size(), 1);
    std::vector<unsigned char> areas(polys.size(), 0);
    const int nvp = DT_VERTS_PER_POLYGON;
    auto quantize = [&](navspan::vec3 v) {
        verts.push_back(static_cast<unsigned short>(std::lround((v.x - bounds.min.x) / cs)));
        verts.push_back(static_cast<unsigned short>(std::lround((v.z - bounds.min.z) / cs)));
        verts.push_back(static_cast<unsigned short>(std::lround((v.y - bounds.min.y) / cs)));
    };
    // Which Detour polygon of the target lies across a piece of boundary:
    // the one with an edge through that piece's midpoint.
    auto across_piece = [&](nav::polygon_index target, navspan::vec3 m) -> int {
        int best = -1;
        double best_d = 1e30;
        for (std::size_t q = first[target]; q < first[target + 1]; ++q) {
            const dpoly& d = polys[q];
            for (std::size_t e = 0; e < d.verts.size(); ++e) {
                if (d.internal[e] >= 0) continue;
                const navspan::vec3 a = d.verts[e], z = d.verts[(e + 1) % d.verts.size()];
                const double dx = z.x - a.x, dy = z.y - a.y, len2 = dx * dx + dy * dy;
                const double t = len2 > 0 ? std::clamp(((m.x - a.x) * dx + (m.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
                const double px = a.x + t * dx - m.x, py = a.y + t * dy - m.y, dd = px * px + py * py;
                if (dd < best_d) {
                    best_d = dd;
                    best = static_cast<int>(q);
                }
            }
        }
        return best;
    };
    // Which (polygon, target) pairs some Detour edge joins: every other
    // link goes over as an off-mesh connection (below).
    std::vector<std::vector<nav::polygon_index>> joined(w.polygon_count());
    for (std::size_t i = 0; i < polys.size(); ++i) {
        dpoly& d = polys[i];
        // Detour wants clockwise polygons seen from above in its frame
        // (x, z ground): counter-clockwise in the plan frame (x, y).
        const double area2 = nav::geometry_detail::signed_area2(d.verts);
        const std::size_t n = d.verts.size();
        std::vector<std::size_t> order(n);
        for (std::size_t k = 0; k < n; ++k) order[k] = area2 > 0 ? (n - k) % n : k;
        // Reversing the corners moves each edge: edge k of the reversed
        // polygon is edge (n - k - 1) of the original.
        std::vector<unsigned short> idx(static_cast<std::size_t>(nvp), 0xffff), nei(static_cast<std::size_t>(nvp), 0xffff);
        for (std::size_t k = 0; k < n; ++k) {
            idx[k] = static_cast<unsigned short>(verts.size() / 3);
            quantize(d.verts[order[k]]);
            const std::size_t e = area2 > 0 ? (2 * n - k - 1) % n : k;
            if (d.internal[e] >= 0) nei[k] = static_cast<unsigned short>(d.internal[e]);
            else if (d.across[e] != nav::no_polygon) {
                const navspan::vec3 a = d.verts[e], b = d.verts[(e + 1) % n];
                const int q = across_piece(d.across[e], {(a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f, (a.z + b.z) * 0.5f});
                if (q >= 0) {
                    nei[k] = static_cast<unsigned short>(q);
                    const auto owner = static_cast<nav::polygon_index>(std::upper_bound(first.begin(), first.end(), i) - first.begin() - 1);
                    joined[owner].push_back(d.across[e]);
                }
            }
        }
        data.insert(data.end(), idx.begin(), idx.end());
        data.insert(data.end(), nei.begin(), nei.end());
        out.owner.push_back(static_cast<nav::polygon_index>(
            std::upper_bound(first.begin(), first.end(), i) - first.begin() - 1));
    }
    if (verts.size() / 3 > 65535) return false;
    // Links no Detour edge joins (through a point: Source ladders; or a
    // portal sharing a piece of side with another link's, one neighbour
    // per edge being all Detour keeps) go over as off-mesh connections,
    // from the portal's midpoint (on the first polygon) to the nearest
    // point of the other, one way each (the way back is its own link).
    detour_off_mesh off_mesh;
    // Each end a twentieth of the way in towards its polygon's centre, so
    // Detour, which joins an end to the polygon nearest it, cannot join a
    // portal's end to the polygon across it.
    auto add_connection = [&](nav::polygon_index from_polygon, const nav::link& l) {
        auto inward = [&](navspan::vec3 at, nav::polygon_index p) {
            const navspan::vec3 c = w.to_plan(nav::centre(w, p));
            return navspan::vec3{at.x + (c.x - at.x) * 0.05f, at.y + (c.y - at.y) * 0.05f, at.z + (c.z - at.z) * 0.05f};
        };
        const navspan::vec3 mid = nav_rows_detail_midpoint(l);
        const navspan::vec3 from = inward(mid, from_polygon);
        const navspan::vec3 to = inward(w.to_plan(nav::closest_point(w, l.target, w.to_world(mid))), l.target);
        for (const float v : {from.x, from.z, from.y, to.x, to.z, to.y}) off_mesh.verts.push_back(v);
        off_mesh.radius.push_back(cs * 8);
        off_mesh.flags.push_back(1);
        off_mesh.areas.push_back(0);
        off_mesh.dir.push_back(0);
        off_mesh.ids.push_back(static_cast<unsigned int>(off_mesh.ids.size()));
    };
    auto make = [&] {
        return build_detour_tile(out, w, home, polys.size(), verts, data, flags, areas, cs, off_mesh);
    };
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        for (const nav::link& l : w.links(p)) {
            if (first[l.target] == first[l.target + 1] || first[p] == first[p + 1]) continue;
            if (!(l.portal_a == l.portal_b) &&
                std::find(joined[p].begin(), joined[p].end(), l.target) != joined[p].end()) {
                ++out.edge_links;
                continue;
            }
            ++out.off_mesh_links;
            add_connection(p, l);
        }
    }
    // Built once; every walkable link Detour then lacks (its links checked
    // polygon by polygon) is added as an off-mesh connection, built again.
    for (int pass = 0; pass < 2; ++pass) {
        if (!make()) return false;
        if (pass == 1) break;
        const dtNavMesh* m = out.mesh;
        const dtMeshTile* t = m->getTile(0);
        std::vector<std::vector<nav::polygon_index>> reached(w.polygon_count());
        for (int i = 0; i < t->header->polyCount; ++i) {
            const dtPoly& dp = t->polys[i];
            if (dp.getType() == DT_POLYTYPE_OFFMESH_CONNECTION) continue;
            const nav::polygon_index from = out.owner[static_cast<std::size_t>(i)];
            for (unsigned k = dp.firstLink; k != DT_NULL_LINK; k = t->links[k].next) {
                const unsigned j = m->decodePolyIdPoly(t->links[k].ref);
                if (j < out.owner.size()) {
                    reached[from].push_back(out.owner[j]);
                    continue;
                }
                const dtPoly& con = t->polys[j];  // an off-mesh connection: where it lands
                for (unsigned k2 = con.firstLink; k2 != DT_NULL_LINK; k2 = t->links[k2].next) {
                    const unsigned j2 = m->decodePolyIdPoly(t->links[k2].ref);
                    if (j2 < out.owner.size()) reached[from].push_back(out.owner[j2]);
                }
            }
        }
        std::size_t added = 0;
        for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
            for (const nav::link& l : w.links(p)) {
                if (first[l.target] == first[l.target + 1] || first[p] == first[p + 1]) continue;
                if (std::find(reached[p].begin(), reached[p].end(), l.target) != reached[p].end()) continue;
                add_connection(p, l);
                ++added;
            }
        }
        if (added == 0) break;
        out.edge_links -= std::min(out.edge_links, added);
        out.off_mesh_links += added;
        dtFreeNavMeshQuery(out.query);
        dtFreeNavMesh(out.mesh);
        out.query = nullptr;
        out.mesh = nullptr;
    }
    return true;
}

inline bool build_detour_tile(detour_mesh& out, const nav::walkable& w, const std::vector<std::size_t>& home,
                              std::size_t poly_count, std::vector<unsigned short>& verts, std::vector<unsigned short>& data,
                              std::vector<unsigned short>& flags, std::vector<unsigned char>& areas, float cs,
                              detour_off_mesh& off_mesh) {
    const nav::box& bounds = w.plan_bounds();
    const int nvp = DT_VERTS_PER_POLYGON;
    dtNavMeshCreateParams params{};
    params.verts = verts.data();
    params.vertCount = static_cast<int>(verts.size() / 3);
    params.polys = data.data();
    params.polyFlags = flags.data();
    params.polyAreas = areas.data();
    params.polyCount = static_cast<int>(poly_count);
    params.nvp = nvp;
    params.offMeshConVerts = off_mesh.verts.data();
    params.offMeshConRad = off_mesh.radius.data();
    params.offMeshConFlags = off_mesh.flags.data();
    params.offMeshConAreas = off_mesh.areas.data();
    params.offMeshConDir = off_mesh.dir.data();
    params.offMeshConUserID = off_mesh.ids.data();
    params.offMeshConCount = static_cast<int>(off_mesh.ids.size());
    params.walkableHeight = 1;
    params.walkableRadius = 0;
    params.walkableClimb = 1;
    params.bmin[0] = bounds.min.x;
    params.bmin[1] = bounds.min.z;
    params.bmin[2] = bounds.min.y;
    params.bmax[0] = bounds.max.x;
    params.bmax[1] = bounds.max.z;
    params.bmax[2] = bounds.max.y;
    params.cs = cs;
    params.ch = cs;
    params.buildBvTree = true;
    unsigned char* tile = nullptr;
    int tile_size = 0;
    const std::size_t live_before = g_detour_live_bytes;
    if (!dtCreateNavMeshData(&params, &tile, &tile_size)) return false;
    out.tile_bytes = static_cast<std::size_t>(tile_size);
    out.mesh = dtAllocNavMesh();
    if (dtStatusFailed(out.mesh->init(tile, tile_size, DT_TILE_FREE_DATA))) {
        dtFree(tile);
        return false;
    }
    out.mesh_bytes = g_detour_live_bytes - live_before;
    out.query = dtAllocNavMeshQuery();
    // Nodes for every polygon and connection: a search never runs out.
    const int nodes = std::min(65535, params.polyCount + params.offMeshConCount + 1);
    if (dtStatusFailed(out.query->init(out.mesh, nodes))) return false;
    out.query_bytes = g_detour_live_bytes - live_before - out.mesh_bytes;
    const dtMeshTile* t = static_cast<const dtNavMesh*>(out.mesh)->getTile(0);
    const dtPolyRef base = out.mesh->getPolyRefBase(t);
    out.home.assign(w.polygon_count(), 0);
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) {
        if (home[p] < poly_count && out.owner[home[p]] == p) out.home[p] = base | static_cast<dtPolyRef>(home[p]);
    }
    return true;
}

#else
inline void count_detour_allocations() {}
#endif  // NAVSPAN_BENCH_HAVE_DETOUR

// The floor of the build rows: every polygon's corners and links copied
// into flat arrays (fresh ones each call, as a build allocates its own),
// with each polygon's first corner and first link. Returns the key both
// sides of the rows return: polygons, then links.
inline std::uint64_t build_key(const nav::walkable& w) noexcept {
    return static_cast<std::uint64_t>(w.polygon_count()) << 32 | w.link_count();
}

inline std::uint64_t floor_flat_copy(const nav::walkable& w, std::size_t corner_total) {
    const std::size_t n = w.polygon_count();
    std::vector<std::uint32_t> first_corner(n + 1), first_link(n + 1);
    std::vector<navspan::vec3> corners(corner_total);
    std::vector<nav::link> links(w.link_count());
    std::size_t c = 0, l = 0;
    for (nav::polygon_index p = 0; p < n; ++p) {
        first_corner[p] = static_cast<std::uint32_t>(c);
        first_link[p] = static_cast<std::uint32_t>(l);
        for (const navspan::vec3 v : w.plan_corners(p)) corners[c++] = v;
        for (const nav::link& k : w.links(p)) links[l++] = k;
    }
    first_corner[n] = static_cast<std::uint32_t>(c);
    first_link[n] = static_cast<std::uint32_t>(l);
    escape(corners.data());
    escape(links.data());
    escape(first_corner.data());
    escape(first_link.data());
    return static_cast<std::uint64_t>(first_corner.size() - 1) << 32 | first_link[n];
}

}  // namespace nav_rows_detail


// The rows of one walkable: navspan's, then Detour's on the same polygons.
inline void emit_nav_rows(const settings& s, bool quick, const navspan::nav::walkable& w,
                          const std::vector<std::byte>& bytes, const navspan::nav::plugin_space* space,
                          const std::string& label) {
    using namespace nav_rows_detail;
    const std::size_t point_count = quick ? 256 : 2048, pair_count = quick ? 32 : 256;
    const workload work = make_workload(w, point_count, pair_count);
    if (work.points.empty()) return;
    const std::string fmt(navspan::to_string(navspan::detect(bytes)));
    auto per_query = [](row r, std::size_t n) {
        r.note = std::to_string(static_cast<std::uint64_t>(static_cast<double>(n) * 1e9 / std::max(r.median_ns, 1.0))) +
                 " queries/s";
        r.median_ns /= static_cast<double>(n);
        r.min_ns /= static_cast<double>(n);
        r.allocations = (r.allocations + n - 1) / n;
        return r;
    };
    auto show = [&](const row& r) {
        print_row(s, r);
        if (!s.json && !r.note.empty()) std::printf("%-34s %s\n", "", r.note.c_str());
    };

    std::size_t corner_total = 0;
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) corner_total += w.corner_count(p);
    show(measure_against_floor(s, "nav build (walkable + index)", fmt, label, bytes.size(), [&] {
        auto again = nav::make_walkable(bytes, space);
        if (!again) return std::uint64_t{0};
        const auto index = nav::spatial_index::build(*again);
        escape(&index);
        return build_key(*again);
    }, [&] { return floor_flat_copy(w, corner_total); }));
    const auto index = nav::spatial_index::build(w);
    const float tolerance = w.up_axis() == nav::axis::y ? 2.0f : 64.0f;  // Fox: metres
    const float radius = w.up_axis() == nav::axis::y ? 5.0f : 200.0f;
    // One query per point; `ask(point)` returns the polygon found or none.
    auto per_point = [&](const char* row_name, auto ask, const std::vector<navspan::vec3>* at = nullptr) {
        const std::vector<navspan::vec3>& points_asked = at ? *at : work.points;
        show(per_query(measure(s, row_name, fmt, label, 0, [&] {
            std::uint64_t h = 0;
            for (const auto& p : points_asked) {
                const auto found = ask(p);
                h += found ? found->polygon : 1;
            }
            return h;
        }), points_asked.size()));
    };
    per_point("nav locate (per query)", [&](navspan::vec3 p) { return index.locate(p, tolerance); });
    per_point("nav nearest (per query)", [&](navspan::vec3 p) { return index.nearest(p, radius); });
    per_point("nav nearest, random points (per query)", [&](navspan::vec3 p) { return index.nearest(p, radius); },
              &work.random_points);
    nav::path_scratch scratch(w);
    std::vector<navspan::vec3> points(4096);
    std::vector<double> nav_lengths(work.pairs.size(), -1);
    show(per_query(measure(s, "nav path + waypoints (per query)", fmt, label, 0, [&] {
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < work.pairs.size(); ++i) {
            const auto [a, b] = work.pairs[i];
            const navspan::vec3 pa = nav::centre(w, a), pb = nav::centre(w, b);
            const auto found = nav::find_path(w, a, pa, b, pb, scratch);
            if (found.status != nav::path_status::found) continue;
            const auto sp = nav::straight_path(w, found, pa, pb, points);
            nav_lengths[i] = polyline_length(points.data(), sp.count);
            h += sp.count + found.corridor.size();
        }
        return h;
    }), work.pairs.size()));

    // The searches alone, on the same pairs: the plain A* above, find_path
    // (polygon states) and find_exact_path (link states, landmarks).
    std::vector<navspan::vec3> centres(w.polygon_count());
    for (nav::polygon_index p = 0; p < w.polygon_count(); ++p) centres[p] = w.usable(p) ? nav::centre(w, p) : navspan::vec3{};
    plain_astar plain(w);
    show(per_query(measure(s, "plain A* search (per query)", "baseline", label, 0, [&] {
        std::uint64_t h = 0;
        for (const auto& [a, b] : work.pairs) h += static_cast<std::uint64_t>(plain.run(w, a, centres[a], b, centres[b]) >= 0);
        return h;
    }), work.pairs.size()));
    show(per_query(measure(s, "nav path search (per query)", fmt, label, 0, [&] {
        std::uint64_t h = 0;
        for (const auto& [a, b] : work.pairs) h += nav::find_path(w, a, centres[a], b, centres[b], scratch).corridor.size();
        return h;
    }), work.pairs.size()));
    // The same pairs searched with heuristic_scale 0: Dijkstra's search, as
    // a cost hook that prices below the length needs (weight="hops" or
    // "size" in Python); it expands every polygon cheaper than the goal.
    show(per_query(measure(s, "plain Dijkstra search (per query)", "baseline", label, 0, [&] {
        std::uint64_t h = 0;
        for (const auto& [a, b] : work.pairs) {
            h += static_cast<std::uint64_t>(plain.run(w, a, centres[a], b, centres[b], 0.0f) >= 0);
        }
        return h;
    }), work.pairs.size()));
    show(per_query(measure(s, "nav path search, Dijkstra (per q)", fmt, label, 0, [&] {
        std::uint64_t h = 0;
        for (const auto& [a, b] : work.pairs) {
            h += nav::find_path(w, a, centres[a], b, centres[b], scratch, nav::distance_cost{}, 0.0f).corridor.size();
        }
        return h;
    }), work.pairs.size()));
    nav::search_graph graph;
    {
        row r = measure_against_floor(s, "nav exact: search graph build", fmt, label, bytes.size(), [&] {
            const auto g = nav::search_graph::build(w);
            escape(&g);
            return build_key(w);
        }, [&] { return floor_flat_copy(w, corner_total); });
        graph = nav::search_graph::build(w);
        r.note = std::to_string(graph.memory_bytes()) + " bytes (" + std::to_string(graph.landmark_count()) +
                 " landmarks, " + std::to_string(graph.state_count()) + " link states)";
        show(r);
    }
    // The exact search between every pair, over `g` (per query).
    auto exact_search_row = [&](const char* name, const nav::search_graph& g) {
        nav::search_scratch exact_scratch(g);
        show(per_query(measure(s, name, fmt, label, 0, [&] {
            std::uint64_t h = 0;
            for (const auto& [a, b] : work.pairs) {
                h += nav::find_exact_path(g, a, centres[a], b, centres[b], exact_scratch).corridor.size();
            }
            return h;
        }), work.pairs.size()));
    };
    exact_search_row("nav exact path search (per query)", graph);
    // The same pairs over the contraction hierarchy (contraction.hpp),
    // against the plain A* above as its floor: both count the pairs found
    // (the same: a goal one reaches the other does). Its build time and
    // memory in the note.
    {
        const auto t0 = std::chrono::steady_clock::now();
        const auto ch = nav::contraction_hierarchy::build(graph);
        const double build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (ch.empty()) {
            show(skipped_row("nav exact search, hierarchy (per q)", fmt, label, "hierarchy not built (crafted graph or over budget)"));
        } else {
            nav::ch_scratch ch_scratch(ch);
            row r = per_query(measure_against_floor(s, "nav exact search, hierarchy (per q)", fmt, label, 0, [&] {
                std::uint64_t h = 0;
                for (const auto& [a, b] : work.pairs) {
                    h += nav::find_exact_path(ch, a, centres[a], b, centres[b], ch_scratch).status == nav::search_status::found;
                }
                return h;
            }, [&] {
                std::uint64_t h = 0;
                for (const auto& [a, b] : work.pairs) h += static_cast<std::uint64_t>(plain.run(w, a, centres[a], b, centres[b]) >= 0);
                return h;
            }), work.pairs.size());
            r.floor_ns /= static_cast<double>(work.pairs.size());
            char note[160];
            std::snprintf(note, sizeof note, "; built in %.1f ms, %zu bytes (%.0f per link)", build_ms, ch.memory_bytes(),
                          static_cast<double>(ch.memory_bytes()) / static_cast<double>(std::max<std::size_t>(w.link_count(), 1)));
            r.note += note;
            show(r);
        }
    }
    // find_shortest_path (any-angle, Polyanya-style) beside it, on the
    // first pairs only (it expands far more than the exact search: see
    // docs/nav.md); the note holds the same pairs' find_exact_path time.
    {
        const std::size_t shortest_pairs = std::min<std::size_t>(work.pairs.size(), quick ? 8 : 64);
        nav::shortest_path_scratch shortest_scratch(w);
        shortest_scratch.preallocate();  // every node up front: the rows allocate nothing
        nav::search_scratch exact_scratch(graph);
        // One query a pair over the first pairs; the sum keeps the work.
        const auto over_pairs = [&](const char* name, const auto& query) {
            return per_query(measure(s, name, fmt, label, 0, [&] {
                std::uint64_t h = 0;
                for (std::size_t i = 0; i < shortest_pairs; ++i) h += query(work.pairs[i].first, work.pairs[i].second);
                return h;
            }), shortest_pairs);
        };
        row exact_row = over_pairs("nav exact path search (same pairs)", [&](nav::polygon_index a, nav::polygon_index b) {
            return nav::find_exact_path(graph, a, centres[a], b, centres[b], exact_scratch).corridor.size();
        });
        row r = over_pairs("nav shortest path search (per q)", [&](nav::polygon_index a, nav::polygon_index b) {
            return nav::find_shortest_path(w, a, centres[a], b, centres[b], shortest_scratch).waypoints.size();
        });
        r.note = std::to_string(shortest_pairs) + " pairs; " + std::to_string(shortest_scratch.memory_bytes()) +
                 " bytes of scratch";
        show(exact_row);
        show(r);
    }
    // The cost from one start to every polygon (Python's distances_from):
    // distance_field over the search graph, per start, against the plain
    // Dijkstra above run with no goal (it settles every polygon it reaches:
    // the whole map from one point).
    {
        const std::size_t start_count = std::min<std::size_t>(work.pairs.size(), quick ? 8 : 32);
        plain_astar whole(w);
        show(per_query(measure(s, "plain Dijkstra, whole map (per start)", "baseline", label, 0, [&] {
            std::uint64_t h = 0;
            for (std::size_t i = 0; i < start_count; ++i) {
                const nav::polygon_index a = work.pairs[i].first;
                h += static_cast<std::uint64_t>(whole.run(w, a, centres[a], nav::no_polygon, centres[a], 0.0f) < 0);
            }
            return h;
        }), start_count));
        nav::search_scratch field_scratch(graph);
        std::vector<float> field(w.polygon_count());
        // One field per start, over the search graph or the walkable.
        auto field_row = [&](const char* name, const auto& over, auto& field_over_scratch) {
            show(per_query(measure(s, name, fmt, label, 0, [&] {
                std::uint64_t h = 0;
                for (std::size_t i = 0; i < start_count; ++i) {
                    const nav::polygon_index a = work.pairs[i].first;
                    const nav::goal_point start{a, centres[a]};
                    h += nav::distance_field(over, std::span<const nav::goal_point>(&start, 1),
                                             std::numeric_limits<float>::infinity(), field, field_over_scratch)
                             .reached;
                }
                return h;
            }), start_count));
        };
        field_row("nav distance_field (per start)", graph, field_scratch);
        // The same field under find_path's model (one state per polygon:
        // Python's distances_from(exact=False)).
        field_row("nav distance_field, polygon model (per start)", w, scratch);
    }
    // The same with the all-pairs table as the bound (built once, timed
    // once: a search per polygon; its memory in the note).
    if (!quick) {
        nav::search_graph::options with_table;
        with_table.all_pairs = true;
        nav::search_graph tabled;
        const auto t0 = std::chrono::steady_clock::now();
        tabled = nav::search_graph::build(w, with_table);
        const double build_ns = static_cast<double>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count());
        if (tabled.has_table()) {
            row r;
            r.name = "nav exact: table build (once)";
            r.format = fmt;
            r.input = label;
            r.median_ns = r.min_ns = build_ns;
            r.note = std::to_string(tabled.table_bytes()) + " bytes table (" + std::to_string(tabled.memory_bytes()) +
                     " bytes in all)";
            show(r);
            exact_search_row("nav exact search+table (per q)", tabled);
        }
    }

#if defined(NAVSPAN_BENCH_HAVE_DETOUR)
    if (w.ids() == nav::id_scheme::quake_node) return;  // no Detour counterpart (discs, point links)
    std::size_t detour_polys = 0, detour_edge_links = 0, detour_off_mesh = 0, detour_split = 0, detour_fanned = 0;
    show(measure(s, "detour build (create + init)", "detour", label, bytes.size(), [&] {
        detour_mesh d;
        const bool ok = build_detour(w, d);
        detour_polys = d.owner.size();
        detour_edge_links = d.edge_links;
        detour_off_mesh = d.off_mesh_links;
        detour_split = d.split;
        detour_fanned = d.fanned;
        return static_cast<std::uint64_t>(ok) + d.owner.size();
    }));
    detour_mesh d;
    if (!build_detour(w, d)) {
        show(skipped_row("detour", "detour", label, "the polygons do not fit one Detour tile"));
        return;
    }
    dtQueryFilter filter;
    auto to_d = [&](navspan::vec3 p, float out[3]) { detour_mesh::to_detour(w, p, out); };
    // findNearestPoly in a box: a thin one (the point's plan position, the
    // height tolerance) for locate, a cube of the radius for nearest.
    auto detour_nearest = [&](const char* row_name, navspan::vec3 half_extents,
                              const std::vector<navspan::vec3>& points_asked) {
        show(per_query(measure(s, row_name, "detour", label, 0, [&] {
            std::uint64_t h = 0;
            const float half[3] = {half_extents.x, half_extents.y, half_extents.z};
            for (const auto& p : points_asked) {
                float c[3], nearest[3];
                to_d(p, c);
                dtPolyRef ref = 0;
                d.query->findNearestPoly(c, half, &filter, &ref, nearest);
                h += ref;
            }
            return h;
        }), points_asked.size()));
    };
    detour_nearest("detour locate (per query)", {d.unit * 4, tolerance, d.unit * 4}, work.points);
    detour_nearest("detour nearest (per query)", {radius, radius, radius}, work.points);
    detour_nearest("detour nearest, random points (per query)", {radius, radius, radius}, work.random_points);
    std::vector<dtPolyRef> corridor(65535);
    std::vector<float> straight(3 * 4096);
    std::vector<double> detour_lengths(work.pairs.size(), -1);
    show(per_query(measure(s, "detour path + waypoints (per query)", "detour", label, 0, [&] {
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < work.pairs.size(); ++i) {
            const auto [a, b] = work.pairs[i];
            float pa[3], pb[3];
            to_d(nav::centre(w, a), pa);
            to_d(nav::centre(w, b), pb);
            // The same polygons as navspan's (the piece holding the
            // centre). Looking them up by point could pick another polygon
            // where faces overlap (Fox group borders).
            const dtPolyRef ra = d.home[a], rb = d.home[b];
            if (ra == 0 || rb == 0) continue;
            int n = 0;
            const dtStatus st = d.query->findPath(ra, rb, pa, pb, &filter, corridor.data(), &n, static_cast<int>(corridor.size()));
            if (dtStatusFailed(st) || n == 0 || corridor[static_cast<std::size_t>(n - 1)] != rb) continue;
            int m = 0;
            d.query->findStraightPath(pa, pb, corridor.data(), n, straight.data(), nullptr, nullptr, &m, 4096);
            std::vector<navspan::vec3> pts;
            double len = 0;
            for (int k = 1; k < m; ++k) {
                len += nav::distance(detour_mesh::from_detour(w, &straight[static_cast<std::size_t>(3 * (k - 1))]),
                                     detour_mesh::from_detour(w, &straight[static_cast<std::size_t>(3 * k)]));
            }
            detour_lengths[i] = len;
            h += static_cast<std::uint64_t>(n + m);
        }
        return h;
    }), work.pairs.size()));
    std::size_t both = 0, only_nav = 0, only_detour = 0;
    double ratio_sum = 0, worst = 1;
    for (std::size_t i = 0; i < work.pairs.size(); ++i) {
        const bool a = nav_lengths[i] >= 0, b = detour_lengths[i] >= 0;
        if (a && b) {
            ++both;
            const double r = detour_lengths[i] > 0 ? nav_lengths[i] / detour_lengths[i] : 1.0;
            ratio_sum += r;
            worst = std::abs(r - 1) > std::abs(worst - 1) ? r : worst;
        } else if (a) ++only_nav;
        else if (b) ++only_detour;
    }
    char line[400];
    std::snprintf(line, sizeof line,
                  "%zu pairs: both found %zu, only navspan %zu, only Detour %zu; navspan/Detour waypoint length "
                  "mean %.4f, farthest %.4f; Detour polygons %zu (navspan %zu: %zu cut, %zu fanned); links %zu as edges, %zu off-mesh",
                  work.pairs.size(), both, only_nav, only_detour, both ? ratio_sum / static_cast<double>(both) : 0.0,
                  worst, detour_polys, w.polygon_count(), detour_split, detour_fanned, detour_edge_links, detour_off_mesh);
    if (s.json) {
        std::printf("{\"name\": \"nav vs detour paths\", \"input\": \"%s\", \"pairs\": %zu, \"both\": %zu, "
                    "\"only_navspan\": %zu, \"only_detour\": %zu, \"length_ratio_mean\": %.4f, "
                    "\"length_ratio_farthest\": %.4f, \"detour_polygons\": %zu, \"navspan_polygons\": %zu, "
                    "\"detour_cut_polygons\": %zu, \"detour_fanned_polygons\": %zu, \"detour_edge_links\": %zu, "
                    "\"detour_off_mesh_links\": %zu}\n",
                    label.c_str(), work.pairs.size(), both, only_nav, only_detour,
                    both ? ratio_sum / static_cast<double>(both) : 0.0, worst, detour_polys, w.polygon_count(),
                    detour_split, detour_fanned, detour_edge_links, detour_off_mesh);
    } else {
        std::printf("%-34s %s\n", "nav vs detour paths", line);
    }
#endif
}

// The files measured: a large Source map of TF2 and of Left 4 Dead 2,
// Counter-Strike's de_dust2 (awpy's), a Fox tile, the largest space of two
// plugins, and a Quake map (navspan alone). `quick` (the CI smoke run)
// leaves out de_dust2 and the Quake map. `locate_maps` adds the maps only
// the locate table (locate_table.hpp) measures: another Left 4 Dead 2 map,
// c8m4_interior. fn(walkable, bytes, space, file name, short description)
// per map found; false when there is no corpus.
template <class Fn>
bool for_each_nav_map(bool quick, const std::string& filter, Fn&& fn, bool locate_maps = false) {
    namespace nav = navspan::nav;
    const std::filesystem::path root = corpus_root();
    std::error_code root_ec;
    struct pick {
        const char* folder;
        const char* name;
        const char* what;  // how README's table names the map
        bool in_quick;
        bool locate_only = false;
    };
    const pick picks[] = {{"source-nav", "ctf_sawmill", "ctf_sawmill, TF2", true},
                          {"source-nav", "c1m1_hotel", "c1m1_hotel, L4D2", true},
                          {"source-nav", "c8m4_interior", "c8m4_interior, L4D2", true, true},
                          {"source-nav", "awpy__de_dust2", "de_dust2, CS:GO (awpy's)", false},
                          {"fox-nav2", "ssav_139_128_nav.nav2", "ssav_139_128, Fox tile", true},
                          {"creation-plugins", "Cheat_Room", "Cheat_Room, plugin's largest space", true},
                          {"creation-plugins", "CompanionArissa", "CompanionArissa, plugin's largest space", true},
                          {"quake-nav", "hip1m3", "hip1m3, Quake", false}};
    if (!std::filesystem::is_directory(root, root_ec)) return false;
    for (const pick& p : picks) {
        if ((quick && !p.in_quick) || (p.locate_only && !locate_maps)) continue;
        std::filesystem::path file;
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(root / p.folder / "files", ec)) {
            if (e.path().filename().string().find(p.name) != std::string::npos) file = e.path();
        }
        if (file.empty()) continue;
        const std::string name = file.filename().string();
        if (!filter.empty() && name.find(filter) == std::string::npos && std::string("nav").find(filter) == std::string::npos) continue;
        const std::vector<std::byte> bytes = read_whole_file(file);
        // A plugin: its space with the most triangles.
        const nav::plugin_space* space = nullptr;
        nav::plugin_space biggest;
        if (navspan::detect(bytes) == navspan::format::creation_plugin) {
            auto plugin = navspan::creation::plugin_file::open(bytes);
            navspan::creation::inflate_buffer scratch;
            std::vector<nav::plugin_space> spaces;
            if (!plugin || !nav::plugin_spaces(*plugin, scratch, spaces).ok() || spaces.empty()) continue;
            biggest = *std::max_element(spaces.begin(), spaces.end(),
                                        [](const auto& a, const auto& b) { return a.triangles < b.triangles; });
            space = &biggest;
        }
        auto built = nav::make_walkable(bytes, space);
        if (!built) continue;
        fn(*built, bytes, space, name, std::string(p.what));
    }
    return true;
}

inline void bench_nav(const settings& s, bool quick, const std::string& filter) {
    nav_rows_detail::count_detour_allocations();
    const bool found = for_each_nav_map(quick, filter, [&](const navspan::nav::walkable& w, const std::vector<std::byte>& bytes,
                                                           const navspan::nav::plugin_space* space, const std::string& name,
                                                           const std::string&) {
        const std::string label = name + " (" + std::to_string(w.polygon_count()) + " polygons)";
        emit_nav_rows(s, quick, w, bytes, space, label);
    });
    if (!found) {
        print_row(s, skipped_row("nav (corpus)", "nav", "", "no corpus"));
    }
}

}  // namespace navspan_bench
