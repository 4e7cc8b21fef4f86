// Fuzz target: the C ABI (include/navspan/c/navspan.h) driven from bytes,
// as a C, Python or C# caller would: open (borrowed), the summary as JSON
// and as a struct, validate, dump, the spaces, each mesh's arrays, and the
// queries with points, polygons and capacities drawn from the input itself
// (NaN and huge coordinates, small buffers, out-of-range polygons
// included). Built with include/navspan/c/navspan.cpp compiled in, so the
// fuzzer instruments the ABI layer too. Nothing may crash, leak or read out
// of bounds; every result must be one of the ABI's codes.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include <navspan/c/navspan.h>

#include "fuzz_target.hpp"

namespace fuzz_capi {

namespace {

using navspan_fuzz::draw;

void check(navspan_result r) {
    const int v = static_cast<int>(r);
    if (!((v >= 0 && v <= 9) || (v >= 32 && v <= 38))) std::abort();
    if (r == navspan_result_internal) std::abort();
}

int count_text(void* user, const char* data, std::size_t size) {
    if (size > 0 && data == nullptr) std::abort();
    *static_cast<std::uint64_t*>(user) += size;
    return 0;
}

int count_finding(void* user, const navspan_finding* f) {
    if (f->check == nullptr || f->record == nullptr || f->message == nullptr) std::abort();
    *static_cast<std::uint64_t*>(user) += f->offset + std::strlen(f->message);
    return 0;
}

float odd_cost(void* user, std::uint32_t from, std::uint32_t to, std::uint32_t link, navspan_link_kind kind, float length) {
    auto* d = static_cast<draw*>(user);
    (void)from;
    (void)to;
    (void)link;
    switch (d->next() % 8) {
        case 0: return -1.0f;
        case 1: return std::numeric_limits<float>::quiet_NaN();
        case 2: return kind == navspan_link_walk ? length : length * 3.0f;
        default: return length;
    }
}

void query(navspan_mesh* mesh, draw& d, std::uint64_t& h) {
    const std::uint32_t n = navspan_mesh_polygon_count(mesh);
    const std::uint32_t corners = navspan_mesh_corner_count(mesh);
    const std::uint32_t links = navspan_mesh_link_count(mesh);
    std::vector<navspan_polygon> polys(n);
    std::vector<float> xyz(3 * std::size_t{corners});
    std::vector<navspan_link> all(links);
    check(navspan_mesh_polygons(mesh, 0, n, polys.data()));
    check(navspan_mesh_corners(mesh, 0, corners, xyz.data()));
    check(navspan_mesh_links(mesh, 0, links, all.data()));
    if (links > 0) {
        navspan_link one;
        check(navspan_mesh_links(mesh, d.next() % links, 1, &one));
        h += one.target;
    }
    check(navspan_mesh_polygons(mesh, d.next(), d.next() % 4, polys.data()));
    float b[6];
    navspan_mesh_bounds(mesh, b);
    auto point = [&](float* p) {
        for (int k = 0; k < 3; ++k) p[k] = d.coordinate(b[k], b[k + 3]);
    };
    std::vector<float> points(3 * 16);
    for (std::size_t i = 0; i < 16; ++i) point(&points[3 * i]);
    std::uint32_t found[16];
    float on[3 * 16];
    std::size_t count = 0;
    check(navspan_locate_many(mesh, points.data(), 16, d.in(0, 100), found, on, &count));
    check(navspan_nearest_many(mesh, points.data(), 16, d.in(0, 1000), found, nullptr, &count));
    h += count;
    navspan_location at;
    check(navspan_locate(mesh, &points[0], std::numeric_limits<float>::infinity(), &at));
    check(navspan_nearest(mesh, &points[3], std::numeric_limits<float>::infinity(), &at));
    // The named groups: each name a file gives lists its polygons, into
    // room drawn from the input.
    const std::uint32_t names = navspan_mesh_group_name_count(mesh);
    if (names > 0) {
        const char* name = navspan_mesh_group_name(mesh, d.next() % (names + 1));
        std::vector<std::uint32_t> members(d.next() % 64);
        std::size_t in_group = 0;
        if (name[0] != '\0') check(navspan_mesh_polygons_in_group(mesh, name, members.data(), members.size(), &in_group));
        h += in_group;
    }
    if (n == 0) return;
    navspan_scratch* scratch = nullptr;
    check(navspan_scratch_create(mesh, &scratch));
    std::vector<std::uint32_t> corridor(d.next() % 64);
    std::vector<float> waypoints(3 * std::size_t{d.next() % 64});
    std::vector<navspan_reached> reached(d.next() % 64);
    std::vector<float> field(n);
    for (int i = 0; i < 4; ++i) {
        navspan_path_request req;
        navspan_path_request_init(&req);
        req.start = d.next() % 3 == 0 ? NAVSPAN_NO_POLYGON : d.next() % (n + 1);
        req.goal = d.next() % 3 == 0 ? NAVSPAN_NO_POLYGON : d.next() % (n + 1);
        point(req.start_point);
        point(req.goal_point);
        if (d.next() % 4 == 0) {
            req.cost = odd_cost;
            req.cost_user = &d;
        }
        req.corridor = corridor.data();
        req.corridor_capacity = corridor.size();
        req.waypoints = waypoints.data();
        req.waypoint_capacity = waypoints.size() / 3;
        navspan_path_result res{};
        res.size = sizeof res;
        check(navspan_find_path(mesh, i % 2 == 0 ? scratch : nullptr, &req, &res));
        h += res.corridor_count + res.waypoint_count + res.expanded;
        std::size_t wp = 0;
        const std::size_t cut = std::min(res.corridor_count, corridor.size());
        check(navspan_waypoints(mesh, corridor.data(), cut, req.start_point, req.goal_point, waypoints.data(),
                                waypoints.size() / 3, &wp));
        navspan_raycast_hit hit;
        check(navspan_raycast(mesh, d.next() % 2 ? NAVSPAN_NO_POLYGON : d.next() % (n + 1), req.start_point,
                              req.goal_point, d.in(0, 64), &hit));
        h += hit.visited;
        // The graph searches, with the same endpoints (a NULL point now and
        // then: the polygon's centre) and capacities drawn from the input.
        navspan_path_result exact{};
        exact.size = sizeof exact;
        check(navspan_find_exact_path(mesh, i % 2 == 0 ? scratch : nullptr, &req, &exact));
        h += exact.corridor_count + exact.waypoint_count + exact.expanded;
        // The search by model, one drawn (3 is none: refused); the shortest
        // path's work is bounded by its scratch's nodes.
        navspan_path_result by_model{};
        by_model.size = sizeof by_model;
        check(navspan_find_path_model(mesh, scratch, &req, static_cast<navspan_path_model>(d.next() % 4), &by_model));
        h += by_model.corridor_count + by_model.waypoint_count + by_model.expanded;
        // The scaled searches with a drawn bound (negative now and then: refused).
        const float lower_bound = d.in(-0.5f, 2.0f);
        check(navspan_find_path_scaled(mesh, i % 2 == 0 ? scratch : nullptr, &req, lower_bound, &exact));
        check(navspan_find_exact_path_scaled(mesh, scratch, &req, lower_bound, &exact));
        h += exact.corridor_count + exact.expanded;
        float cost = 0;
        check(navspan_distance(mesh, scratch, req.start, d.next() % 4 == 0 ? nullptr : req.start_point, req.goal,
                               req.goal_point, &cost));
        std::size_t within = 0;
        check(navspan_reach(mesh, i % 2 == 0 ? scratch : nullptr, req.start, req.start_point, d.in(-1, 2000),
                            reached.data(), d.next() % (reached.size() + 1), &within));
        h += within;
        const std::uint32_t starts[] = {req.start, req.goal};
        check(navspan_distance_field(mesh, scratch, d.next() % 2 ? starts : nullptr, &points[0], 1 + d.next() % 2,
                                     d.in(0, 2000), field.data(), n - d.next() % 2, &within));
        h += within;
        navspan_nearest_goal nearest{};
        nearest.size = sizeof nearest;
        check(navspan_find_nearest_goal(mesh, scratch, req.start, req.start_point, d.next() % 2 ? starts : nullptr,
                                        &points[0], 1 + d.next() % 2, corridor.data(),
                                        d.next() % (corridor.size() + 1), &nearest));
        h += nearest.corridor_count + nearest.expanded;
        // The same three by model, one drawn (3 is none: refused).
        const int model = static_cast<int>(d.next() % 4);
        check(navspan_distance_model(mesh, scratch, req.start, req.start_point, req.goal, req.goal_point,
                                     static_cast<navspan_path_model>(model), &cost));
        check(navspan_reach_model(mesh, scratch, req.start, req.start_point, d.in(-1, 2000),
                                  static_cast<navspan_field_model>(model), reached.data(),
                                  d.next() % (reached.size() + 1), &within));
        check(navspan_distance_field_model(mesh, scratch, starts, nullptr, 2, d.in(0, 2000),
                                           static_cast<navspan_field_model>(model), field.data(), n, &within));
        check(navspan_find_nearest_goal_model(mesh, scratch, req.start, req.start_point, starts, nullptr, 2,
                                              static_cast<navspan_path_model>(model), corridor.data(), corridor.size(),
                                              &nearest));
        h += within + nearest.expanded;
    }
    navspan_scratch_destroy(scratch);
}

// The bot analysis arrays: the count first, then the rows into exactly
// that room (or one row short, for the too-small answer); a count must not
// change between the calls.
template <class Row, class Call>
void bot_rows(const navspan_file* file, Call call, draw& d, std::uint64_t& h) {
    std::size_t n = 0, again = 0;
    navspan_error err;
    check(call(file, nullptr, 0, &n, &err));
    const std::size_t room = n > 0 && d.next() % 4 == 0 ? n - 1 : n;
    std::vector<Row> rows(room + 1);
    check(call(file, rows.data(), room, &again, &err));
    if (again != n) std::abort();
    h += n;
}

void bot_analysis(const navspan_file* file, draw& d, std::uint64_t& h) {
    bot_rows<navspan_bot_hiding_spot>(file, navspan_bot_hiding_spots, d, h);
    bot_rows<navspan_bot_encounter_path>(file, navspan_bot_encounter_paths, d, h);
    bot_rows<navspan_bot_encounter_spot>(file, navspan_bot_encounter_spots, d, h);
    bot_rows<navspan_bot_approach_spot>(file, navspan_bot_approach_spots, d, h);
    bot_rows<navspan_bot_occupy_times>(file, navspan_bot_earliest_occupy_times, d, h);
}

}  // namespace

NAVSPAN_FUZZ_BYTES_TARGET(capi) {
    draw d = draw::from(bytes);
    std::uint64_t h = 0;
    navspan_file* file = nullptr;
    navspan_error err;
    const navspan_result opened = navspan_open_bytes(bytes.data(), bytes.size(), nullptr, &file, &err);
    check(opened);
    if (opened != navspan_result_success) {
        if (file != nullptr || err.code != opened || err.message[0] == '\0') std::abort();
        return h;
    }
    h += navspan_file_version(file) + static_cast<std::uint64_t>(navspan_file_format(file));
    check(navspan_info_json(file, "fuzz", count_text, &h, &err));
    navspan_info info{};
    info.size = sizeof info;
    check(navspan_info_get(file, &info, &err));
    if (info.count_count > 32) std::abort();
    check(navspan_validate(file, count_finding, &h, &err));
    check(navspan_dump_json(file, count_text, &h, &err));
    bot_analysis(file, d, h);
    std::uint32_t spaces = 0;
    check(navspan_space_count(file, &spaces, &err));
    for (std::uint32_t s = 0; s < spaces && s < 3; ++s) {
        navspan_space space;
        check(navspan_space_get(file, s, &space, &err));
        navspan_mesh* mesh = nullptr;
        // Now and then a mesh with the graph's accelerators (built at
        // create: the hierarchy's and the table's budgets on crafted input),
        // whose exact searches then answer from them.
        navspan_graph_options options;
        navspan_graph_options_init(&options);
        options.flags = static_cast<std::uint32_t>(d.next() % 4);
        options.landmarks = static_cast<std::uint32_t>(d.next() % 34);  // 33: refused
        const bool accelerated = d.next() % 4 == 0;
        const navspan_result r = accelerated ? navspan_mesh_create_ex(file, s, &options, &mesh, &err)
                                             : navspan_mesh_create(file, s, &mesh, &err);
        check(r);
        if (r == navspan_result_success) {
            navspan_graph_info graph{};
            graph.size = sizeof graph;
            if (accelerated) check(navspan_mesh_graph_info(mesh, &graph));
            query(mesh, d, h);
        }
        navspan_mesh_destroy(mesh);
    }
    navspan_close(file);
    return h;
}

}  // namespace fuzz_capi
