// The C++ side of the boundary benchmark (benchmarks/capi_boundary.py runs
// both sides in one run): the same work as the Python package does through
// libnavspan, done here with navspan::nav directly. Prints one JSON object
// of medians (ns):
//   open      make_walkable + spatial_index::build + path_scratch (from bytes in memory)
//   locate    spatial_index::locate, per point
//   path      find_path + straight_path, per pair
//   batch     locate over `batch` points in one loop, per point
//   field     distance_field from one point (the centre of the first of
//             the points) to every polygon: locate, then one Dijkstra
//             over the search graph (built before, as the Python side's
//             first distances_from builds it once)
//   polygon_field  the same field under find_path's model (one state
//             per polygon, no search graph): distances_from(exact=False)
//   whole     the baseline of `field`: one find_path from the same
//             polygon to the polygon farthest from it (by that field) with
//             heuristic_scale 0, i.e. Dijkstra's search, which settles
//             every polygon cheaper than its goal: the whole map. An A*
//             (the default scale) to that goal settles fewer, so it is
//             reported too ("farthest_astar"), as is a goal no path
//             reaches where the map has one ("unreachable", A* that
//             empties its open list: the whole component), else -1.
// The points are the centres (corner means) of polygons (i * 2654435761) mod
// n, the pairs polygons (i * 7919 + 1) and (i * 104729 + 7) mod n: the
// Python side draws the same.
//
// The same work through the C ABI from C++ is timed too ("c_abi"): the
// cost of the ABI layer alone, without Python's.
//
// usage: navspan-capi-bench FILE [points [pairs [batch]]]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include <navspan/c/navspan.h>
#include <navspan/io/read_file.hpp>
#include <navspan/nav.hpp>

namespace nav = navspan::nav;

namespace {

volatile std::uint64_t g_sink;

double now_ns() {
    return static_cast<double>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

navspan::vec3 centre_of(const nav::walkable& w, nav::polygon_index p) {
    navspan::vec3 c{};
    const std::size_t n = w.corner_count(p);
    for (std::size_t i = 0; i < n; ++i) {
        const navspan::vec3 v = w.corner(p, i);
        c.x += v.x / static_cast<float>(n);
        c.y += v.y / static_cast<float>(n);
        c.z += v.z / static_cast<float>(n);
    }
    return c;
}

// The ends of the i-th path query (the same through C++ and through the
// ABI): the centres of two polygons spread over the mesh; false when either
// is unusable (the query is skipped).
bool path_query(const nav::walkable& w, std::uint64_t i, navspan::vec3& pa, navspan::vec3& pb) {
    const std::uint64_t n = w.polygon_count();
    const auto a = static_cast<nav::polygon_index>((i * 7919 + 1) % n);
    const auto b = static_cast<nav::polygon_index>((i * 104729 + 7) % n);
    if (!w.usable(a) || !w.usable(b)) return false;
    pa = centre_of(w, a);
    pb = centre_of(w, b);
    return true;
}

std::vector<navspan::vec3> points_of(const nav::walkable& w, std::size_t count) {
    std::vector<navspan::vec3> out;
    const std::uint64_t n = w.polygon_count();
    for (std::uint64_t i = 0; out.size() < count && i < count * 4; ++i) {
        const auto p = static_cast<nav::polygon_index>((i * 2654435761u) % n);
        if (w.usable(p)) out.push_back(centre_of(w, p));
    }
    return out;
}

template <class F>
double median_of(int reps, F&& f) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        const double t0 = now_ns();
        f();
        t.push_back(now_ns() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs("usage: navspan-capi-bench FILE [points [pairs [batch]]]\n", stderr);
        return 2;
    }
    const std::size_t point_count = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20000;
    const std::size_t pair_count = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 256;
    const std::size_t batch = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 1000000;
    auto bytes = navspan::read_file(argv[1]);
    if (!bytes) {
        std::fprintf(stderr, "%s: %s\n", argv[1], bytes.error().message().c_str());
        return 1;
    }
    const navspan::bytes_view view(bytes->data(), bytes->size());

    const double open = median_of(7, [&] {
        auto w = nav::make_walkable(view);
        const auto index = nav::spatial_index::build(*w);
        nav::path_scratch scratch(*w);
        g_sink = index.memory_bytes() + scratch.capacity();
    });
    auto w = nav::make_walkable(view);
    if (!w) return 1;
    const auto index = nav::spatial_index::build(*w);
    nav::path_scratch scratch(*w);
    const auto points = points_of(*w, point_count);
    const float any = std::numeric_limits<float>::infinity();

    const double locate = median_of(5, [&] {
        std::uint64_t h = 0;
        for (const auto& p : points) {
            if (const auto at = index.locate(p, any)) h += at->polygon;
        }
        g_sink = h;
    }) / static_cast<double>(points.size());

    const std::uint64_t n = w->polygon_count();
    std::vector<navspan::vec3> waypoints(n + 2);
    std::size_t found_paths = 0;
    const double path = median_of(3, [&] {
        std::uint64_t h = 0;
        found_paths = 0;
        for (std::uint64_t i = 0; i < pair_count; ++i) {
            navspan::vec3 pa, pb;
            if (!path_query(*w, i, pa, pb)) continue;
            // What the ABI does with a point: the polygon under it.
            const auto sa = index.locate(pa, any), sb = index.locate(pb, any);
            if (!sa || !sb) continue;
            const auto r = nav::find_path(*w, sa->polygon, sa->point, sb->polygon, sb->point, scratch);
            if (r.status != nav::path_status::found) continue;
            ++found_paths;
            h += nav::straight_path(*w, r.corridor, sa->point, sb->point, waypoints).count + r.corridor.size();
        }
        g_sink = h;
    }) / static_cast<double>(pair_count);

    std::vector<navspan::vec3> many(batch);
    for (std::size_t i = 0; i < batch; ++i) many[i] = points[i % points.size()];
    std::vector<std::uint32_t> polygons(batch);
    const double batch_ns = median_of(3, [&] {
        for (std::size_t i = 0; i < batch; ++i) {
            const auto at = index.locate(many[i], any);
            polygons[i] = at ? at->polygon : nav::no_polygon;
        }
        g_sink = polygons[batch / 2];
    }) / static_cast<double>(batch);

    // One start to every polygon, and the find_path searches of the whole
    // map it is weighed against.
    const auto graph = nav::search_graph::build(*w);
    nav::search_scratch field_scratch(graph);
    std::vector<float> field(n);
    const navspan::vec3 from = points.front();
    // The start as each call through the C ABI finds it (timed with the
    // field): the polygon under `from`, else the nearest.
    const auto snapped_start = [&]() -> std::optional<nav::goal_point> {
        auto at = index.locate(from);
        if (!at) at = index.nearest(from, any);
        if (!at) return std::nullopt;
        return nav::goal_point{at->polygon, at->point};
    };
    std::size_t reached = 0;
    const double field_ns = median_of(7, [&] {
        const auto start = snapped_start();
        if (!start) return;
        reached = nav::distance_field(graph, std::span<const nav::goal_point>(&*start, 1), any, field, field_scratch).reached;
        g_sink = reached;
    });
    // The same under find_path's model (one state per polygon; Python's
    // distances_from(exact=False)).
    std::vector<float> polygon_field(n);
    std::size_t polygon_reached = 0;
    const double polygon_field_ns = median_of(7, [&] {
        const auto start = snapped_start();
        if (!start) return;
        polygon_reached = nav::distance_field(*w, std::span<const nav::goal_point>(&*start, 1), any, polygon_field, scratch).reached;
        g_sink = polygon_reached;
    });
    const auto from_at = index.locate(from);
    if (!from_at) return 1;  // the centre of a usable polygon: always over it
    const nav::polygon_index from_polygon = from_at->polygon;
    nav::polygon_index farthest = from_polygon, unreachable = nav::no_polygon;
    for (nav::polygon_index p = 0; p < n; ++p) {
        if (!w->usable(p)) continue;
        if (field[p] == any) {
            if (unreachable == nav::no_polygon) unreachable = p;
        } else if (field[p] > field[farthest]) {
            farthest = p;
        }
    }
    std::size_t whole_expanded = 0;
    const navspan::vec3 far_point = centre_of(*w, farthest);
    const double whole_ns = median_of(7, [&] {
        const auto r = nav::find_path(*w, from_polygon, from_at->point, farthest, far_point, scratch, nav::distance_cost{}, 0.0f);
        whole_expanded = r.expanded;
        g_sink = r.corridor.size();
    });
    std::size_t astar_expanded = 0;
    const double astar_ns = median_of(7, [&] {
        const auto r = nav::find_path(*w, from_polygon, from_at->point, farthest, far_point, scratch);
        astar_expanded = r.expanded;
        g_sink = r.corridor.size();
    });
    double unreachable_ns = -1;
    std::size_t unreachable_expanded = 0;
    if (unreachable != nav::no_polygon) {
        const navspan::vec3 u = centre_of(*w, unreachable);
        unreachable_ns = median_of(7, [&] {
            const auto r = nav::find_path(*w, from_polygon, from_at->point, unreachable, u, scratch);
            unreachable_expanded = r.expanded;
            g_sink = static_cast<std::uint64_t>(r.status);
        });
    }

    // The same through the C ABI, from C++: what the ABI layer itself costs
    // (the Python side adds ctypes on top of this).
    const double c_open = median_of(7, [&] {
        navspan_file* f = nullptr;
        navspan_mesh* m = nullptr;
        navspan_scratch* s = nullptr;
        navspan_open_bytes(view.data(), view.size(), nullptr, &f, nullptr);
        navspan_mesh_create(f, 0, &m, nullptr);
        navspan_scratch_create(m, &s);
        g_sink = navspan_mesh_polygon_count(m);
        navspan_scratch_destroy(s);
        navspan_mesh_destroy(m);
        navspan_close(f);
    });
    navspan_file* cf = nullptr;
    navspan_mesh* cm = nullptr;
    navspan_scratch* cs = nullptr;
    if (navspan_open_bytes(view.data(), view.size(), nullptr, &cf, nullptr) != navspan_result_success ||
        navspan_mesh_create(cf, 0, &cm, nullptr) != navspan_result_success ||
        navspan_scratch_create(cm, &cs) != navspan_result_success) {
        return 1;
    }
    const double c_locate = median_of(5, [&] {
        std::uint64_t h = 0;
        navspan_location at;
        for (const auto& p : points) {
            const float xyz[3] = {p.x, p.y, p.z};
            if (navspan_locate(cm, xyz, any, &at) == navspan_result_success) h += at.polygon;
        }
        g_sink = h;
    }) / static_cast<double>(points.size());
    std::vector<std::uint32_t> corridor(n);
    std::vector<float> flat_waypoints(3 * (n + 2));
    std::size_t c_found = 0;
    const double c_path = median_of(3, [&] {
        c_found = 0;
        for (std::uint64_t i = 0; i < pair_count; ++i) {
            navspan::vec3 pa, pb;
            if (!path_query(*w, i, pa, pb)) continue;
            navspan_path_request req;
            navspan_path_request_init(&req);
            req.start_point[0] = pa.x, req.start_point[1] = pa.y, req.start_point[2] = pa.z;
            req.goal_point[0] = pb.x, req.goal_point[1] = pb.y, req.goal_point[2] = pb.z;
            req.corridor = corridor.data();
            req.corridor_capacity = corridor.size();
            req.waypoints = flat_waypoints.data();
            req.waypoint_capacity = n + 2;
            navspan_path_result res{};
            res.size = sizeof res;
            if (navspan_find_path(cm, cs, &req, &res) == navspan_result_success) ++c_found;
            g_sink = res.waypoint_count;
        }
    }) / static_cast<double>(pair_count);
    std::vector<float> flat(3 * batch);
    for (std::size_t i = 0; i < batch; ++i) {
        flat[3 * i] = many[i].x, flat[3 * i + 1] = many[i].y, flat[3 * i + 2] = many[i].z;
    }
    const double c_batch = median_of(3, [&] {
        navspan_locate_many(cm, flat.data(), batch, any, polygons.data(), nullptr, nullptr);
        g_sink = polygons[batch / 2];
    }) / static_cast<double>(batch);
    const float from_xyz[3] = {from.x, from.y, from.z};
    std::vector<float> c_field(n);
    navspan_distance_field(cm, cs, nullptr, from_xyz, 1, any, c_field.data(), n, nullptr);  // builds the graph
    const double c_field_ns = median_of(7, [&] {
        std::size_t got = 0;
        navspan_distance_field(cm, cs, nullptr, from_xyz, 1, any, c_field.data(), n, &got);
        g_sink = got;
    });
    const double c_polygon_field_ns = median_of(7, [&] {
        std::size_t got = 0;
        navspan_distance_field_model(cm, cs, nullptr, from_xyz, 1, any, navspan_field_polygon, c_field.data(), n, &got);
        g_sink = got;
    });
    navspan_scratch_destroy(cs);
    navspan_mesh_destroy(cm);
    navspan_close(cf);
    if (c_found != found_paths) {
        std::fprintf(stderr, "the C ABI found %zu paths, navspan::nav %zu\n", c_found, found_paths);
        return 1;
    }

    std::printf("{\"polygons\": %llu, \"points\": %zu, \"pairs\": %zu, \"paths_found\": %zu, \"open_ns\": %.0f, "
                "\"locate_ns\": %.1f, \"path_ns\": %.0f, \"batch_locate_ns\": %.1f, \"field_ns\": %.0f, "
                "\"polygon_field_ns\": %.0f, \"polygon_field_reached\": %zu, \"field_reached\": %zu, \"field_from\": [%.9g, %.9g, %.9g], \"whole_ns\": %.0f, \"whole_expanded\": %zu, "
                "\"farthest_astar_ns\": %.0f, \"farthest_astar_expanded\": %zu, \"unreachable_ns\": %.0f, "
                "\"unreachable_expanded\": %zu, \"c_abi\": {\"open_ns\": %.0f, "
                "\"locate_ns\": %.1f, \"path_ns\": %.0f, \"batch_locate_ns\": %.1f, \"field_ns\": %.0f, \"polygon_field_ns\": %.0f}}\n",
                static_cast<unsigned long long>(n), points.size(), pair_count, found_paths, open, locate, path, batch_ns,
                field_ns, polygon_field_ns, polygon_reached, reached, static_cast<double>(from.x), static_cast<double>(from.y), static_cast<double>(from.z),
                whole_ns, whole_expanded, astar_ns, astar_expanded, unreachable_ns, unreachable_expanded, c_open, c_locate,
                c_path, c_batch, c_field_ns, c_polygon_field_ns);
    return 0;
}
