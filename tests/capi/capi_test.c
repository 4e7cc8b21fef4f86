/* The C ABI from C99: every entry point on the bundled samples (one per
 * format) and, when present, on every file of the real corpus; the error
 * paths on damaged and hostile input; the argument checks.
 *
 * usage: navspan_test_capi_c SAMPLES_DIR [CORPUS_DIR]
 * Prints "N passed, N failed" and exits non-zero on any failure. */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir */
/* 64-bit offsets in 32-bit builds: a directory whose entries carry 64-bit
 * offsets (ext4 hashes, seen by a 32-bit program under qemu-user) makes
 * the 32-bit readdir fail with EOVERFLOW. */
#define _FILE_OFFSET_BITS 64
#include <navspan/c/navspan.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* current = "";
#define CHECK_CONTEXT current
#include "check.h"

typedef struct text {
    char* data;
    size_t size, capacity;
    size_t calls;
} text;

static int append(void* user, const char* data, size_t size) {
    text* t = (text*)user;
    if (t->size + size + 1 > t->capacity) {
        size_t c = t->capacity ? t->capacity : 1024;
        while (c < t->size + size + 1) c *= 2;
        t->data = (char*)realloc(t->data, c);
        if (t->data == NULL) return 1;
        t->capacity = c;
    }
    memcpy(t->data + t->size, data, size);
    t->size += size;
    t->data[t->size] = '\0';
    ++t->calls;
    return 0;
}

static int stop_at_once(void* user, const char* data, size_t size) {
    (void)user; (void)data; (void)size;
    return 1;
}

typedef struct finding_count {
    size_t findings, with_check, stop_after;
} finding_count;

static int count_finding(void* user, const navspan_finding* f) {
    finding_count* c = (finding_count*)user;
    ++c->findings;
    if (f->check != NULL && f->check[0] != '\0' && f->record != NULL && f->message != NULL) ++c->with_check;
    return c->stop_after != 0 && c->findings >= c->stop_after;
}

static float forbid_all(void* user, uint32_t from, uint32_t to, uint32_t link, navspan_link_kind kind, float length) {
    (void)user; (void)from; (void)to; (void)link; (void)kind; (void)length;
    return -1.0f;
}

static float one_hop(void* user, uint32_t from, uint32_t to, uint32_t link, navspan_link_kind kind, float length) {
    (void)user, (void)from, (void)to, (void)link, (void)kind, (void)length;
    return 1.0f;
}

static float doubled(void* user, uint32_t from, uint32_t to, uint32_t link, navspan_link_kind kind, float length) {
    size_t* calls = (size_t*)user;
    (void)from; (void)to; (void)link; (void)kind;
    ++*calls;
    return 2.0f * length;
}

static unsigned char* read_all(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    unsigned char* data;
    long n;
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = (unsigned char*)malloc(n > 0 ? (size_t)n : 1);
    *size = fread(data, 1, (size_t)n, f);
    fclose(f);
    return data;
}

/* A path request between two points, with 4,096 polygons and waypoints
 * of room. */
static void request_between(navspan_path_request* req, const float a[3], const float b[3], uint32_t* corridor,
                            float* waypoints) {
    navspan_path_request_init(req);
    memcpy(req->start_point, a, 3 * sizeof(float));
    memcpy(req->goal_point, b, 3 * sizeof(float));
    req->corridor = corridor;
    req->corridor_capacity = 4096;
    req->waypoints = waypoints;
    req->waypoint_capacity = 4096;
}

/* The centre of a polygon: the mean of its corners. */
static void centre(const navspan_mesh* mesh, uint32_t p, float out[3]) {
    navspan_polygon poly;
    float corners[3 * 64];
    uint32_t i, n;
    out[0] = out[1] = out[2] = 0;
    navspan_mesh_polygons(mesh, p, 1, &poly);
    n = poly.corner_count < 64 ? poly.corner_count : 64;
    navspan_mesh_corners(mesh, poly.first_corner, n, corners);
    for (i = 0; i < n; ++i) {
        out[0] += corners[3 * i] / (float)n;
        out[1] += corners[3 * i + 1] / (float)n;
        out[2] += corners[3 * i + 2] / (float)n;
    }
}

static void check_mesh(const navspan_mesh* mesh) {
    uint32_t n = navspan_mesh_polygon_count(mesh), corners = navspan_mesh_corner_count(mesh),
             links = navspan_mesh_link_count(mesh), i, usable_a = NAVSPAN_NO_POLYGON, usable_b = NAVSPAN_NO_POLYGON;
    navspan_polygon* polys = (navspan_polygon*)calloc(n + 1, sizeof *polys);
    navspan_link* all_links = (navspan_link*)calloc(links + 1, sizeof *all_links);
    float* xyz = (float*)calloc(3 * (size_t)corners + 3, sizeof *xyz);
    uint32_t corner_sum = 0, link_sum = 0;
    CHECK(navspan_mesh_polygons(mesh, 0, n, polys) == navspan_result_success);
    CHECK(navspan_mesh_corners(mesh, 0, corners, xyz) == navspan_result_success);
    CHECK(navspan_mesh_links(mesh, 0, links, all_links) == navspan_result_success);
    CHECK(navspan_mesh_polygons(mesh, n, 1, polys) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_corners(mesh, corners, 1, xyz) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_links(mesh, 0xFFFFFFFFu, 2, all_links) == navspan_result_invalid_argument);
    for (i = 0; i < n; ++i) {
        CHECK(polys[i].first_corner == corner_sum);
        CHECK(polys[i].first_link == link_sum);
        corner_sum += polys[i].corner_count;
        link_sum += polys[i].link_count;
        if (polys[i].usable) {
            if (usable_a == NAVSPAN_NO_POLYGON) usable_a = i;
            usable_b = i;
        }
        if (i < 50) CHECK(navspan_mesh_find(mesh, polys[i].id_primary, polys[i].id_secondary) <= i);
    }
    CHECK(corner_sum == corners);
    CHECK(link_sum == links);
    for (i = 0; i < links; ++i) {
        CHECK(all_links[i].from < n && all_links[i].target < n);
        if (i > 0) CHECK(all_links[i].from >= all_links[i - 1].from);
        if (failed > 20) break;
    }
    /* A link fetched alone equals the same link fetched with all. */
    if (links > 2) {
        navspan_link one;
        CHECK(navspan_mesh_links(mesh, links / 2, 1, &one) == navspan_result_success);
        CHECK(memcmp(&one, &all_links[links / 2], sizeof one) == 0);
    }
    if (usable_a != NAVSPAN_NO_POLYGON) {
        float a[3], b[3], far_away[3] = {1e30f, 1e30f, 1e30f}, nan_point[3];
        navspan_location at;
        navspan_path_request req;
        navspan_path_result res;
        uint32_t corridor[4096];
        float waypoints[3 * 4096];
        size_t found = 0, hook_calls = 0, wp = 0;
        uint32_t batch_polys[3];
        float batch_points[9];
        navspan_raycast_hit hit;
        navspan_scratch* scratch = NULL;
        centre(mesh, usable_a, a);
        centre(mesh, usable_b, b);
        CHECK(navspan_locate(mesh, a, INFINITY, &at) == navspan_result_success);
        CHECK(at.polygon != NAVSPAN_NO_POLYGON);
        CHECK(navspan_nearest(mesh, a, INFINITY, &at) == navspan_result_success);
        CHECK(at.distance >= 0);
        CHECK(navspan_locate(mesh, far_away, 1.0f, &at) == navspan_result_not_found);
        CHECK(at.polygon == NAVSPAN_NO_POLYGON);
        nan_point[0] = nan_point[1] = nan_point[2] = NAN;
        CHECK(navspan_locate(mesh, nan_point, 1.0f, &at) == navspan_result_invalid_argument);
        CHECK(navspan_nearest(mesh, nan_point, 1.0f, &at) == navspan_result_invalid_argument);
        memcpy(batch_points, a, sizeof a);
        memcpy(batch_points + 3, far_away, sizeof far_away);
        memcpy(batch_points + 6, b, sizeof b);
        CHECK(navspan_locate_many(mesh, batch_points, 3, INFINITY, batch_polys, NULL, &found) == navspan_result_success);
        CHECK(batch_polys[1] == NAVSPAN_NO_POLYGON && batch_polys[0] != NAVSPAN_NO_POLYGON && found == 2);
        CHECK(navspan_nearest_many(mesh, batch_points, 3, 10.0f, batch_polys, batch_points, &found) ==
              navspan_result_success);
        CHECK(batch_polys[1] == NAVSPAN_NO_POLYGON);

        CHECK(navspan_scratch_create(mesh, &scratch) == navspan_result_success);
        request_between(&req, a, b, corridor, waypoints);
        memset(&res, 0, sizeof res);
        res.size = sizeof res;
        {
            const navspan_result r = navspan_find_path(mesh, scratch, &req, &res);
            CHECK(r == navspan_result_success || r == navspan_result_no_path);
            if (r == navspan_result_success) {
                const float straight = sqrtf((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                                             (a[2] - b[2]) * (a[2] - b[2]));
                CHECK(res.corridor_count >= 1 && corridor[0] == res.start && corridor[res.corridor_count - 1] == res.goal);
                /* One point when start and goal are the same point (a one-polygon map). */
                CHECK(res.waypoint_count >= (straight > 0.0f ? 2u : 1u));
                CHECK(res.cost >= straight * 0.999f - 0.01f);
                /* The same corridor's waypoints, asked for on their own. */
                CHECK(navspan_waypoints(mesh, corridor, res.corridor_count, res.start_point, res.goal_point, waypoints, 4096,
                                        &wp) == navspan_result_success);
                CHECK(wp == res.waypoint_count);
                /* Too small: the counts say what is needed. */
                req.corridor_capacity = 0;
                req.waypoint_capacity = 1;
                CHECK(navspan_find_path(mesh, NULL, &req, &res) ==
                      (res.corridor_count > 0 ? navspan_result_buffer_too_small : navspan_result_success));
                CHECK(res.corridor_count >= 1 && res.waypoint_count >= (straight > 0.0f ? 2u : 1u));
                req.corridor_capacity = 4096;
                req.waypoint_capacity = 4096;
                /* A cost hook is called, and prices the path. */
                {
                    const float plain = res.cost;
                    req.cost = doubled;
                    req.cost_user = &hook_calls;
                    CHECK(navspan_find_path(mesh, scratch, &req, &res) == navspan_result_success);
                    CHECK(res.corridor_count == 1 || hook_calls > 0);
                    /* Twice the price per step: at least twice the straight
                     * line (not exactly twice the plain path: the search's
                     * heuristic then weighs less, and it may pick another
                     * corridor). */
                    CHECK(res.cost >= 2.0f * (straight * 0.999f - 0.01f));
                    CHECK(plain > 0 || res.cost == 0);
                    if (res.start != res.goal) {
                        req.cost = forbid_all;
                        CHECK(navspan_find_path(mesh, scratch, &req, &res) == navspan_result_no_path);
                    }
                    req.cost = NULL;
                }
            }
        }
        req.start = navspan_mesh_polygon_count(mesh);
        CHECK(navspan_find_path(mesh, scratch, &req, &res) == navspan_result_invalid_argument);
        req.start = NAVSPAN_NO_POLYGON;
        req.start_point[0] = NAN;
        CHECK(navspan_find_path(mesh, scratch, &req, &res) == navspan_result_invalid_argument);
        navspan_scratch_destroy(scratch);

        CHECK(navspan_raycast(mesh, NAVSPAN_NO_POLYGON, a, b, 18.0f, &hit) == navspan_result_success);
        CHECK(hit.fraction >= 0 && hit.fraction <= 1 && hit.last < n);
        CHECK(navspan_raycast(mesh, n, a, b, 18.0f, &hit) == navspan_result_invalid_argument);
    }
    free(polys);
    free(all_links);
    free(xyz);
}

/* The searches over the search graph: the distance field from one start
 * holds what reach lists, from two the least of theirs; distance equals the
 * exact path's cost (find_path with exact), which is never above A*'s; the
 * counts of buffer_too_small; refusals. */
static size_t fields_checked = 0;

static size_t named_groups_checked = 0;

/* Every named group: navspan_mesh_polygons_in_group lists exactly the
 * polygons whose group bears that name (counted here through
 * navspan_mesh_polygons), in increasing index. */
static void check_groups(const navspan_mesh* mesh) {
    const uint32_t n = navspan_mesh_polygon_count(mesh), names = navspan_mesh_group_name_count(mesh);
    uint32_t g, i, *out = (uint32_t*)malloc(sizeof(uint32_t) * (n + 1));
    navspan_polygon* polys = (navspan_polygon*)malloc(sizeof(navspan_polygon) * (n + 1));
    size_t count = 0, expected, at;
    if (out == NULL || polys == NULL) {
        CHECK(0);
        free(out);
        free(polys);
        return;
    }
    CHECK(navspan_mesh_polygons(mesh, 0, n, polys) == navspan_result_success);
    CHECK(strcmp(navspan_mesh_group_name(mesh, names), "") == 0);
    CHECK(strcmp(navspan_mesh_group_name(NULL, 0), "") == 0 && navspan_mesh_group_name_count(NULL) == 0);
    for (g = 0; g < names; ++g) {
        const char* name = navspan_mesh_group_name(mesh, g);
        CHECK(name != NULL);
        if (name == NULL || name[0] == '\0') continue;
        expected = 0;
        for (i = 0; i < n; ++i) {
            expected += polys[i].group < names && strcmp(navspan_mesh_group_name(mesh, polys[i].group), name) == 0;
        }
        CHECK(navspan_mesh_polygons_in_group(mesh, name, out, n, &count) == navspan_result_success);
        CHECK(count == expected);
        for (at = 0; at < count; ++at) {
            CHECK(strcmp(navspan_mesh_group_name(mesh, polys[out[at]].group), name) == 0);
            CHECK(at == 0 || out[at - 1] < out[at]);
        }
        if (count > 0) {
            CHECK(navspan_mesh_polygons_in_group(mesh, name, out, count - 1, &count) ==
                  navspan_result_buffer_too_small && count == expected);
            CHECK(navspan_mesh_polygons_in_group(mesh, name, NULL, 0, &count) == navspan_result_buffer_too_small);
        }
        ++named_groups_checked;
    }
    CHECK(navspan_mesh_polygons_in_group(mesh, "no place is called this", out, n, &count) ==
          navspan_result_not_found && count == 0);
    CHECK(navspan_mesh_polygons_in_group(mesh, "", out, n, &count) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_polygons_in_group(mesh, NULL, out, n, &count) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_polygons_in_group(mesh, "x", NULL, 5, &count) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_polygons_in_group(mesh, "x", out, n, NULL) == navspan_result_invalid_argument);
    free(out);
    free(polys);
}


/* The searches under find_shortest_path's model, from u at a: the distance
 * is navspan_find_path_model's length (`shortest`), each model of
 * navspan_distance_model its own search's cost; the nearest of {v at b} is
 * v at that length; the field never above the exact one (`exact`, from u
 * at a) and at most the length at v; reach lists the field. A field over a
 * whole large map may run out of search nodes (limit_exceeded). */
static void check_shortest_models(const navspan_mesh* mesh, navspan_scratch* scratch, uint32_t u, const float* a,
                                  uint32_t v, const float* b, float shortest, float plain, float exact_d,
                                  const float* exact) {
    const uint32_t n = navspan_mesh_polygon_count(mesh);
    float d = 0.0f;
    size_t got = 0, count = 0, i, differ = 0, finite = 0;
    navspan_nearest_goal near_goal;
    navspan_result fr, rr;
    float* field = (float*)malloc(n * sizeof(float));
    navspan_reached* reached = (navspan_reached*)malloc(n * sizeof *reached);
    CHECK(navspan_distance_model(mesh, scratch, u, a, v, b, navspan_path_shortest, &d) == navspan_result_success &&
          d == shortest);
    CHECK(navspan_distance_model(mesh, NULL, u, a, v, b, navspan_path_polygons, &d) == navspan_result_success && d == plain);
    CHECK(navspan_distance_model(mesh, scratch, u, a, v, b, navspan_path_exact, &d) == navspan_result_success && d == exact_d);
    CHECK(navspan_distance_model(mesh, scratch, u, a, v, b, (navspan_path_model)7, &d) == navspan_result_invalid_argument &&
          d == INFINITY);
    memset(&near_goal, 0, sizeof near_goal);
    near_goal.size = sizeof near_goal;
    CHECK(navspan_find_nearest_goal_model(mesh, scratch, u, a, &v, b, 1, navspan_path_shortest, NULL, 0, &near_goal) ==
          navspan_result_success);
    CHECK(near_goal.goal == 0 && near_goal.polygon == v && fabsf(near_goal.cost - shortest) <= 1e-3f + 1e-4f * shortest);
    CHECK(navspan_find_nearest_goal_model(mesh, scratch, u, a, &v, b, 1, navspan_path_polygons, NULL, 0, &near_goal) ==
          navspan_result_invalid_argument);
    fr = navspan_distance_field_model(mesh, scratch, &u, a, 1, INFINITY, navspan_field_shortest, field, n, &got);
    CHECK(fr == navspan_result_success || fr == navspan_result_limit_exceeded);
    if (fr == navspan_result_success) {
        CHECK(field[u] == 0.0f && field[v] <= shortest * 1.0001f + 0.01f);
        for (i = 0; i < n; ++i) {
            differ += field[i] > exact[i] * 1.0001f + 0.01f;
            finite += field[i] != INFINITY;
        }
        CHECK(differ == 0 && finite == got);
        rr = navspan_reach_model(mesh, scratch, u, a, INFINITY, navspan_field_shortest, reached, n, &count);
        CHECK(rr == navspan_result_success && count == got && reached[0].polygon == u);
        differ = 0;
        for (i = 0; i < count; ++i) differ += field[reached[i].polygon] != reached[i].cost && i > 0;
        CHECK(differ == 0);
    }
    CHECK(navspan_reach_model(mesh, scratch, u, a, 10.0f, navspan_field_polygon, reached, n, &count) ==
          navspan_result_invalid_argument);
    free(field);
    free(reached);
}

static void check_searches(const navspan_mesh* mesh) {
    const uint32_t n = navspan_mesh_polygon_count(mesh);
    uint32_t u = NAVSPAN_NO_POLYGON, v = NAVSPAN_NO_POLYGON, i, starts[2];
    navspan_scratch* scratch = NULL;
    float *field_u, *field_v, *field_both, a[3], b[3], d = 0, nan_cost = NAN;
    navspan_reached* reached;
    navspan_reached one;
    size_t count = 0, got = 0, differ = 0;
    navspan_polygon poly;
    for (i = 0; i < n; ++i) {
        CHECK(navspan_mesh_polygons(mesh, i, 1, &poly) == navspan_result_success);
        if (!poly.usable) continue;
        if (u == NAVSPAN_NO_POLYGON) u = i;
        v = i;
    }
    if (u == NAVSPAN_NO_POLYGON) {
        float costs[1];
        starts[0] = 0;
        CHECK(navspan_distance_field(mesh, NULL, starts, NULL, 1, INFINITY, costs, 1, &count) ==
              navspan_result_invalid_argument);
        return;
    }
    field_u = (float*)malloc(n * sizeof(float));
    field_v = (float*)malloc(n * sizeof(float));
    field_both = (float*)malloc(n * sizeof(float));
    reached = (navspan_reached*)malloc(n * sizeof *reached);
    CHECK(navspan_scratch_create(mesh, &scratch) == navspan_result_success);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 1, INFINITY, field_u, n, &got) == navspan_result_success);
    CHECK(field_u[u] == 0.0f && got >= 1);
    CHECK(navspan_reach(mesh, scratch, u, NULL, INFINITY, reached, n, &count) == navspan_result_success);
    CHECK(count == got && reached[0].polygon == u && reached[0].cost == 0.0f);
    for (i = 0; i < count; ++i) {
        differ += field_u[reached[i].polygon] != reached[i].cost;
        if (i > 0) differ += reached[i].cost < reached[i - 1].cost;
    }
    CHECK(differ == 0);
    /* Too small: the whole count, the nearest polygons written. */
    CHECK(navspan_reach(mesh, NULL, u, NULL, INFINITY, NULL, 0, &got) == navspan_result_buffer_too_small && got == count);
    CHECK(navspan_reach(mesh, scratch, u, NULL, INFINITY, &one, 1, &got) ==
              (count > 1 ? navspan_result_buffer_too_small : navspan_result_success) &&
          one.polygon == u && got == count);
    /* Within 0: the start (and polygons entered through a portal under its
     * centre), all at 0. */
    CHECK(navspan_reach(mesh, scratch, u, NULL, 0.0f, reached, n, &got) == navspan_result_success && got >= 1);
    for (i = 0; i < got; ++i) CHECK(reached[i].cost == 0.0f);
    /* Two starts: the least of the two fields. */
    CHECK(navspan_distance_field(mesh, NULL, &v, NULL, 1, INFINITY, field_v, n, NULL) == navspan_result_success);
    starts[0] = u;
    starts[1] = v;
    CHECK(navspan_distance_field(mesh, scratch, starts, NULL, 2, INFINITY, field_both, n, &got) == navspan_result_success);
    differ = 0;
    for (i = 0; i < n; ++i) differ += field_both[i] != (field_u[i] < field_v[i] ? field_u[i] : field_v[i]);
    CHECK(differ == 0);
    /* find_path's model (one state per polygon): 0 at the start, never
     * below the exact field; the exact model through this call is the
     * exact field itself; an unknown model is refused. */
    CHECK(navspan_distance_field_model(mesh, scratch, &u, NULL, 1, INFINITY, navspan_field_polygon, field_both, n, &got) ==
          navspan_result_success);
    CHECK(field_both[u] == 0.0f && got >= 1);
    differ = 0;
    for (i = 0; i < n; ++i) differ += field_both[i] < field_u[i] * 0.9999f - 0.01f;
    CHECK(differ == 0);
    CHECK(navspan_distance_field_model(mesh, NULL, &u, NULL, 1, INFINITY, navspan_field_polygon, field_both, n, NULL) ==
          navspan_result_success);
    CHECK(field_both[u] == 0.0f);
    CHECK(navspan_distance_field_model(mesh, scratch, &u, NULL, 1, INFINITY, navspan_field_exact, field_both, n, &got) ==
          navspan_result_success);
    differ = 0;
    for (i = 0; i < n; ++i) differ += field_both[i] != field_u[i];
    CHECK(differ == 0);
    CHECK(navspan_distance_field_model(mesh, scratch, &u, NULL, 1, INFINITY, (navspan_field_model)7, field_both, n, &got) ==
          navspan_result_invalid_argument && got == 0);
    CHECK(navspan_distance_field_model(mesh, scratch, &n, NULL, 1, INFINITY, navspan_field_polygon, field_both, n, &got) ==
          navspan_result_invalid_argument);
    CHECK(navspan_distance_field_model(mesh, scratch, &u, NULL, 1, -1.0f, navspan_field_polygon, field_both, n, &got) ==
          navspan_result_invalid_argument);
    CHECK(navspan_distance_field_model(mesh, scratch, &u, NULL, 1, INFINITY, navspan_field_polygon, field_both, n - 1, &got) ==
          navspan_result_buffer_too_small);
    /* From points: the polygons under them. */
    centre(mesh, u, a);
    centre(mesh, v, b);
    CHECK(navspan_distance_field(mesh, scratch, NULL, a, 1, INFINITY, field_both, n, &got) == navspan_result_success);
    /* From u standing at a, for the distance from there below. */
    CHECK(navspan_distance_field(mesh, scratch, &u, a, 1, INFINITY, field_both, n, &got) == navspan_result_success);
    /* The distance is the exact path's cost, never above A*'s; the field's
     * cost of entering v is never above the distance to a point on it. */
    {
        const navspan_result r = navspan_distance(mesh, scratch, u, a, v, b, &d);
        navspan_path_request req;
        navspan_path_result res, plain;
        uint32_t corridor[4096];
        float waypoints[3 * 4096];
        CHECK(r == (field_both[v] == INFINITY ? navspan_result_no_path : navspan_result_success));
        CHECK(r == navspan_result_success ? d >= field_both[v] * 0.999f - 0.01f : d == INFINITY);
        request_between(&req, a, b, corridor, waypoints);
        req.start = u;
        req.goal = v;
        memset(&plain, 0, sizeof plain);
        plain.size = sizeof plain;
        res = plain;
        CHECK(navspan_find_path(mesh, scratch, &req, &plain) == r);
        CHECK(navspan_find_exact_path(mesh, scratch, &req, &res) == r);
        if (r == navspan_result_success) {
            CHECK(res.cost == d);
            CHECK(res.cost <= plain.cost * 1.0001f + 0.01f);
            CHECK(res.corridor_count >= 1 && corridor[0] == u && corridor[res.corridor_count - 1] == v);
            CHECK(res.waypoint_count >= 1 && res.waypoint_count <= 4096);
            CHECK(memcmp(waypoints + 3 * (res.waypoint_count - 1), b, sizeof b) == 0);
            /* The nearest of the goals {v at b, u at a} from u standing at a:
             * u itself, at 0; of {v} alone (from its point b), v at the
             * distance. */
            {
                navspan_nearest_goal near_goal;
                uint32_t goal_list[2];
                float goal_at[6];
                goal_list[0] = v;
                goal_list[1] = u;
                memcpy(goal_at, b, sizeof b);
                memcpy(goal_at + 3, a, sizeof a);
                memset(&near_goal, 0, sizeof near_goal);
                near_goal.size = sizeof near_goal;
                CHECK(navspan_find_nearest_goal(mesh, scratch, u, a, goal_list, goal_at, 2, corridor, 4096, &near_goal) ==
                      navspan_result_success);
                CHECK(near_goal.polygon == u && near_goal.cost == 0.0f && near_goal.corridor_count == 1);
                CHECK(near_goal.goal == (u == v ? 0u : 1u));
                CHECK(navspan_find_nearest_goal(mesh, scratch, u, a, &v, b, 1, corridor, 4096, &near_goal) ==
                      navspan_result_success);
                CHECK(near_goal.goal == 0 && near_goal.polygon == v && fabsf(near_goal.cost - d) <= 1e-3f + 1e-5f * d);
                CHECK(near_goal.corridor_count >= 1 && corridor[0] == u && corridor[near_goal.corridor_count - 1] == v);
                CHECK(navspan_find_nearest_goal(mesh, NULL, u, a, NULL, b, 1, NULL, 0, &near_goal) ==
                      navspan_result_success && fabsf(near_goal.cost - d) <= 1e-3f + 1e-5f * d);
                CHECK(navspan_find_nearest_goal(mesh, scratch, u, a, &v, b, 0, NULL, 0, &near_goal) ==
                      navspan_result_invalid_argument);
                near_goal.size = 0;
                CHECK(navspan_find_nearest_goal(mesh, scratch, u, a, &v, b, 1, NULL, 0, &near_goal) ==
                      navspan_result_invalid_argument);
            }
            /* The any-angle shortest path: never longer than the exact one,
             * never shorter than the straight line, from a to b. (Out of
             * nodes on a large map: limit_exceeded.) */
            {
                navspan_path_result shortest = plain;
                const navspan_result sr = navspan_find_path_model(mesh, scratch, &req, navspan_path_shortest, &shortest);
                CHECK(sr == navspan_result_success || sr == navspan_result_limit_exceeded);
                if (sr == navspan_result_success) {
                    const float dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
                    CHECK(shortest.cost <= res.cost * 1.0001f + 0.01f);
                    CHECK(shortest.cost >= sqrtf(dx * dx + dy * dy + dz * dz) * 0.9999f - 0.01f);
                    CHECK(shortest.corridor_count >= 1 && corridor[0] == u && corridor[shortest.corridor_count - 1] == v);
                    /* (One waypoint where the goal is the start, as find_path writes it.) */
                    CHECK(shortest.waypoint_count >= 1 && shortest.waypoint_count <= 4096);
                    if (dx * dx + dy * dy + dz * dz > 1.0f) CHECK(shortest.waypoint_count >= 2);
                    check_shortest_models(mesh, scratch, u, a, v, b, shortest.cost, plain.cost, d, field_both);
                }
                CHECK(navspan_find_path_model(mesh, scratch, &req, navspan_path_exact, &shortest) == navspan_result_success &&
                      shortest.cost == res.cost);
                CHECK(navspan_find_path_model(mesh, scratch, &req, (navspan_path_model)7, &shortest) ==
                      navspan_result_invalid_argument);
            }
            /* Without a scratch, and through a NULL corridor: the same path. */
            req.corridor = NULL;
            req.corridor_capacity = 0;
            CHECK(navspan_find_exact_path(mesh, NULL, &req, &plain) == navspan_result_success);
            CHECK(plain.cost == res.cost && plain.corridor_count == res.corridor_count &&
                  plain.waypoint_count == res.waypoint_count);
            /* Too small: the counts say what is needed. */
            req.waypoint_capacity = 1;
            CHECK(navspan_find_exact_path(mesh, scratch, &req, &plain) ==
                  (res.waypoint_count > 1 ? navspan_result_buffer_too_small : navspan_result_success));
            CHECK(plain.waypoint_count == res.waypoint_count);
            if (u != v) {
                req.cost = forbid_all;
                CHECK(navspan_find_exact_path(mesh, scratch, &req, &plain) == navspan_result_no_path);
                req.cost = NULL;
            }
            /* The _scaled forms: at 1 the calls above; with a hops hook at 0 a
             * corridor of the fewest steps (never more than the straight
             * line's guide gives), its cost its count of steps. */
            req.waypoint_capacity = 4096;
            req.corridor = corridor;
            req.corridor_capacity = 4096;
            {
                navspan_path_result scaled = plain, guided = plain;
                CHECK(navspan_find_path_scaled(mesh, scratch, &req, 1.0f, &scaled) == navspan_result_success);
                CHECK(navspan_find_path(mesh, scratch, &req, &guided) == navspan_result_success);
                CHECK(scaled.cost == guided.cost && scaled.corridor_count == guided.corridor_count);
                CHECK(navspan_find_exact_path_scaled(mesh, scratch, &req, 1.0f, &scaled) == navspan_result_success);
                CHECK(scaled.cost == res.cost);
                req.cost = one_hop;
                CHECK(navspan_find_path(mesh, scratch, &req, &guided) == navspan_result_success);
                CHECK(navspan_find_path_scaled(mesh, scratch, &req, 0.0f, &scaled) == navspan_result_success);
                CHECK(scaled.corridor_count <= guided.corridor_count);
                CHECK(scaled.corridor_count >= 1 && scaled.cost == (float)(scaled.corridor_count - 1));
                CHECK(corridor[0] == u && corridor[scaled.corridor_count - 1] == v);
                CHECK(memcmp(waypoints + 3 * (scaled.waypoint_count - 1), b, sizeof b) == 0);
                CHECK(navspan_find_exact_path_scaled(mesh, scratch, &req, 0.0f, &scaled) == navspan_result_success);
                CHECK(navspan_find_path_scaled(mesh, scratch, &req, -1.0f, &scaled) == navspan_result_invalid_argument);
                CHECK(navspan_find_path_scaled(mesh, scratch, &req, nan_cost, &scaled) == navspan_result_invalid_argument);
                CHECK(navspan_find_exact_path_scaled(mesh, scratch, &req, INFINITY, &scaled) ==
                      navspan_result_invalid_argument);
                req.cost = NULL;
            }
        }
        req.goal = n;
        CHECK(navspan_find_exact_path(mesh, scratch, &req, &res) == navspan_result_invalid_argument);
        CHECK(navspan_find_exact_path(NULL, scratch, &req, &res) == navspan_result_invalid_argument);
        CHECK(navspan_find_exact_path(mesh, scratch, NULL, &res) == navspan_result_invalid_argument);
    }
    /* Refusals. */
    CHECK(navspan_distance_field(NULL, scratch, &u, NULL, 1, INFINITY, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 0, INFINITY, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, NULL, NULL, 1, INFINITY, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 1, INFINITY, NULL, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 1, nan_cost, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 1, -1.0f, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance_field(mesh, scratch, &u, NULL, 1, INFINITY, field_u, n - 1, &got) ==
          navspan_result_buffer_too_small);
    CHECK(navspan_distance_field(mesh, scratch, &n, NULL, 1, INFINITY, field_u, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_reach(mesh, scratch, n, NULL, INFINITY, reached, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_reach(mesh, scratch, u, NULL, INFINITY, NULL, 5, &got) == navspan_result_invalid_argument);
    CHECK(navspan_reach(mesh, scratch, u, NULL, nan_cost, reached, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_reach(NULL, scratch, u, NULL, INFINITY, reached, n, &got) == navspan_result_invalid_argument);
    CHECK(navspan_distance(mesh, scratch, u, NULL, n, NULL, &d) == navspan_result_invalid_argument && d == INFINITY);
    CHECK(navspan_distance(mesh, scratch, u, NULL, v, NULL, NULL) == navspan_result_invalid_argument);
    CHECK(navspan_distance(NULL, scratch, u, NULL, v, NULL, &d) == navspan_result_invalid_argument);
    a[0] = NAN;
    CHECK(navspan_distance(mesh, scratch, NAVSPAN_NO_POLYGON, a, v, NULL, &d) == navspan_result_invalid_argument);
    CHECK(navspan_distance(mesh, scratch, u, a, v, NULL, &d) == navspan_result_invalid_argument);
    ++fields_checked;
    navspan_scratch_destroy(scratch);
    free(field_u);
    free(field_v);
    free(field_both);
    free(reached);
}

/* Everything on one file; returns its format. */
/* Paths between a sample of polygon pairs: the whole waypoint list (grown
 * from what buffer_too_small says), ending at the goal point, never cheaper
 * than the straight line; a NULL corridor is success. Adds to the totals. */
static size_t paths_found = 0, paths_at_goal = 0;

static void check_paths(const navspan_mesh* mesh) {
    const uint32_t n = navspan_mesh_polygon_count(mesh);
    navspan_scratch* scratch = NULL;
    uint32_t pair;
    size_t capacity = 2;
    float* points = (float*)malloc(3 * capacity * sizeof(float));
    uint32_t corridor[2];
    if (n == 0 || navspan_scratch_create(mesh, &scratch) != navspan_result_success) {
        free(points);
        return;
    }
    {
        /* raycast_ex says what raycast says, and gave_up besides. */
        navspan_raycast_hit hit;
        navspan_raycast_result full;
        float a[3], b[3];
        centre(mesh, 0, a);
        centre(mesh, n / 2, b);
        memset(&full, 0, sizeof full);
        CHECK(navspan_raycast_ex(mesh, 0, a, b, 18.0f, &full) == navspan_result_invalid_argument); /* size 0 */
        full.size = sizeof full;
        if (navspan_raycast(mesh, 0, a, b, 18.0f, &hit) == navspan_result_success) {
            CHECK(navspan_raycast_ex(mesh, 0, a, b, 18.0f, &full) == navspan_result_success);
            CHECK(full.blocked == hit.blocked && full.fraction == hit.fraction && full.last == hit.last);
            CHECK(full.visited == hit.visited && (full.gave_up == 0 || (full.gave_up == 1 && full.blocked)));
        }
    }
    for (pair = 0; pair < 24 && points != NULL; ++pair) {
        navspan_path_request req;
        navspan_path_result res;
        navspan_result r;
        float dx, dy, dz;
        navspan_path_request_init(&req);
        req.start = (uint32_t)(((uint64_t)pair * 7919u) % n);
        req.goal = (uint32_t)(((uint64_t)pair * 104729u + n / 2) % n);
        centre(mesh, req.start, req.start_point);
        centre(mesh, req.goal, req.goal_point);
        memset(&res, 0, sizeof res);
        res.size = sizeof res;
        req.waypoints = points;
        req.waypoint_capacity = capacity;
        req.corridor = corridor;
        req.corridor_capacity = 2;
        r = navspan_find_path(mesh, scratch, &req, &res);
        if (r == navspan_result_buffer_too_small && res.waypoint_count > capacity) {
            capacity = res.waypoint_count;
            free(points);
            points = (float*)malloc(3 * capacity * sizeof(float));
            if (points == NULL) break;
        }
        if (r == navspan_result_no_path || r == navspan_result_invalid_argument) continue; /* unusable, apart */
        /* The whole path, corridor not asked for: success, never buffer_too_small. */
        req.waypoints = points;
        req.waypoint_capacity = capacity;
        req.corridor = NULL;
        req.corridor_capacity = 0;
        r = navspan_find_path(mesh, scratch, &req, &res);
        CHECK(r == navspan_result_success);
        if (r != navspan_result_success || res.waypoint_count == 0) continue;
        ++paths_found;
        dx = points[3 * (res.waypoint_count - 1)] - res.goal_point[0];
        dy = points[3 * (res.waypoint_count - 1) + 1] - res.goal_point[1];
        dz = points[3 * (res.waypoint_count - 1) + 2] - res.goal_point[2];
        if (dx * dx + dy * dy + dz * dz < 1e-4f) ++paths_at_goal;
        CHECK(dx * dx + dy * dy + dz * dz < 1e-4f);
        {
            const float ex = res.goal_point[0] - res.start_point[0], ey = res.goal_point[1] - res.start_point[1],
                        ez = res.goal_point[2] - res.start_point[2];
            CHECK(res.cost + 1e-2f >= 0.999f * sqrtf(ex * ex + ey * ey + ez * ez));
        }
    }
    free(points);
    navspan_scratch_destroy(scratch);
}

/* A mesh built with the hierarchy and the all-pairs table
 * (navspan_mesh_create_ex) answers the same exact costs as one without:
 * a few pairs of polygons, both ways. On the first four meshes of each
 * format of at most 2,000 links: the options' way through the ABI is what
 * this proves (the tests/nav folder compares the hierarchy with the search
 * on every corpus map, the table on those of up to 800 polygons); building
 * the table costs a search per polygon, and 12 meshes of up to 4,000 links
 * were 45% of this program's time (10.7 s natively, 157 s under qemu-i386
 * in CI's -m32 run). */
static size_t accelerated_meshes = 0, accelerated_hierarchies = 0, accelerated_pairs = 0;

static void check_accelerated(const navspan_file* file, uint32_t space, const navspan_mesh* plain, navspan_format format) {
    static size_t per_format[32];
    navspan_graph_options options;
    navspan_graph_info info, plain_info;
    navspan_mesh* mesh = NULL;
    navspan_error err;
    const uint32_t n = navspan_mesh_polygon_count(plain);
    uint32_t k;
    if (n < 2 || navspan_mesh_link_count(plain) > 2000 || (unsigned)format >= 32 || per_format[format] >= 4) return;
    ++per_format[format];
    navspan_graph_options_init(&options);
    CHECK(options.size == sizeof options && options.flags == 0 && options.landmarks == 8);
    options.flags = NAVSPAN_GRAPH_HIERARCHY | NAVSPAN_GRAPH_ALL_PAIRS;
    CHECK(navspan_mesh_create_ex(file, space, &options, &mesh, &err) == navspan_result_success);
    if (mesh == NULL) return;
    ++accelerated_meshes;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    plain_info = info;
    CHECK(navspan_mesh_graph_info(mesh, &info) == navspan_result_success && info.size == sizeof info);
    CHECK(navspan_mesh_graph_info(plain, &plain_info) == navspan_result_success);
    CHECK(!plain_info.has_hierarchy && !plain_info.has_all_pairs && plain_info.hierarchy_bytes == 0);
    CHECK(info.states == navspan_mesh_link_count(plain) && info.states == plain_info.states);
    CHECK(info.has_hierarchy == (info.hierarchy_bytes > 0) && info.has_all_pairs == (info.all_pairs_bytes > 0));
    CHECK(info.memory_bytes >= info.hierarchy_bytes + info.all_pairs_bytes);
    accelerated_hierarchies += info.has_hierarchy;
    for (k = 0; k < 8; ++k) {
        const uint32_t u = (k * 7919u) % n, v = (k * 104729u + 17u) % n;
        float a[3], b[3], fast = 0, slow = 0;
        centre(plain, u, a);
        centre(plain, v, b);
        {
            const navspan_result r = navspan_distance(plain, NULL, u, a, v, b, &slow);
            if (r == navspan_result_invalid_argument) continue; /* an unusable polygon */
            CHECK(navspan_distance(mesh, NULL, u, a, v, b, &fast) == r);
            /* The same cost to a float's rounding: the labels add the same
             * steps in another order. */
            CHECK(r != navspan_result_success || fabsf(fast - slow) <= 1e-4f * slow + 1e-3f);
            accelerated_pairs += r == navspan_result_success;
        }
    }
    navspan_mesh_destroy(mesh);
}

/* The spaces' names: each found again by its name and its number. */
static void check_space_names(const navspan_file* file, uint32_t spaces) {
    uint32_t s, found = 0;
    navspan_error err;
    char name[256], tiny[2];
    size_t needed = 0;
    for (s = 0; s < spaces; ++s) {
        CHECK(navspan_space_name(file, s, name, sizeof name, &needed, &err) == navspan_result_success);
        CHECK(needed == strlen(name) + 1 && needed > 1);
        CHECK(navspan_space_name(file, s, NULL, 0, &needed, &err) == navspan_result_buffer_too_small);
        CHECK(navspan_space_name(file, s, tiny, sizeof tiny, NULL, &err) == navspan_result_buffer_too_small);
        CHECK(tiny[0] == name[0] && tiny[1] == '\0');
        CHECK(navspan_space_find(file, name, &found, &err) == navspan_result_success);
        CHECK(found <= s); /* two cells may share an editor id: the first */
        snprintf(name, sizeof name, "%u", (unsigned)s);
        if (navspan_space_find(file, name, &found, &err) == navspan_result_success) CHECK(found <= s);
    }
    CHECK(navspan_space_name(file, spaces, name, sizeof name, NULL, &err) == navspan_result_invalid_argument);
    CHECK(navspan_space_find(file, "no such space anywhere", &found, &err) == navspan_result_not_found);
    CHECK(navspan_space_find(file, NULL, &found, &err) == navspan_result_invalid_argument);
}

/* The bot analysis arrays: every kind's count, the too-small answer, rows
 * that point inside the file's own tables; formats without bot data give 0
 * rows with success. Returns the counts of the five kinds in `counts`. */
static size_t bot_files_checked = 0, bot_rows_checked = 0;

static void check_bot(const navspan_file* file, navspan_format format, size_t counts[5]) {
    navspan_error err;
    navspan_bot_hiding_spot* hiding;
    navspan_bot_encounter_path* paths;
    navspan_bot_encounter_spot* spots;
    navspan_bot_approach_spot* approach;
    navspan_bot_occupy_times* occupy;
    size_t n = 0, i, got = 0;
    const int has_bot = format == navspan_format_source_nav || format == navspan_format_source2_nav;
    CHECK(navspan_bot_hiding_spots(file, NULL, 0, &counts[0], &err) ==
          (counts[0] ? navspan_result_buffer_too_small : navspan_result_success));
    CHECK(navspan_bot_encounter_paths(file, NULL, 0, &counts[1], &err) ==
          (counts[1] ? navspan_result_buffer_too_small : navspan_result_success));
    CHECK(navspan_bot_encounter_spots(file, NULL, 0, &counts[2], &err) ==
          (counts[2] ? navspan_result_buffer_too_small : navspan_result_success));
    CHECK(navspan_bot_approach_spots(file, NULL, 0, &counts[3], &err) ==
          (counts[3] ? navspan_result_buffer_too_small : navspan_result_success));
    CHECK(navspan_bot_earliest_occupy_times(file, NULL, 0, &counts[4], &err) ==
          (counts[4] ? navspan_result_buffer_too_small : navspan_result_success));
    for (i = 0; i < 5; ++i) {
        CHECK(has_bot || counts[i] == 0);
        n = counts[i] > n ? counts[i] : n;
    }
    CHECK(navspan_bot_hiding_spots(NULL, NULL, 0, &got, &err) == navspan_result_invalid_argument);
    CHECK(navspan_bot_hiding_spots(file, NULL, 1, &got, &err) == navspan_result_invalid_argument);
    CHECK(navspan_bot_hiding_spots(file, NULL, 0, NULL, &err) == navspan_result_invalid_argument);
    ++bot_files_checked;
    if (n == 0) return;
    hiding = (navspan_bot_hiding_spot*)calloc(counts[0] + 1, sizeof *hiding);
    paths = (navspan_bot_encounter_path*)calloc(counts[1] + 1, sizeof *paths);
    spots = (navspan_bot_encounter_spot*)calloc(counts[2] + 1, sizeof *spots);
    approach = (navspan_bot_approach_spot*)calloc(counts[3] + 1, sizeof *approach);
    occupy = (navspan_bot_occupy_times*)calloc(counts[4] + 1, sizeof *occupy);
    CHECK(navspan_bot_hiding_spots(file, hiding, counts[0], &got, &err) == navspan_result_success && got == counts[0]);
    CHECK(navspan_bot_encounter_paths(file, paths, counts[1], &got, &err) == navspan_result_success && got == counts[1]);
    CHECK(navspan_bot_encounter_spots(file, spots, counts[2], &got, &err) == navspan_result_success && got == counts[2]);
    CHECK(navspan_bot_approach_spots(file, approach, counts[3], &got, &err) == navspan_result_success && got == counts[3]);
    CHECK(navspan_bot_earliest_occupy_times(file, occupy, counts[4], &got, &err) == navspan_result_success &&
          got == counts[4]);
    /* One row short: the first rows written, the whole count told. */
    if (counts[0] > 1) {
        navspan_bot_hiding_spot first;
        CHECK(navspan_bot_hiding_spots(file, &first, 1, &got, &err) == navspan_result_buffer_too_small &&
              got == counts[0] && memcmp(&first, &hiding[0], sizeof first) == 0);
    }
    /* Every row names an area of the table (one occupy row per area). */
    for (i = 0; i < counts[0]; ++i) CHECK(hiding[i].area_index < counts[4]);
    for (i = 0; i < counts[1]; ++i) {
        CHECK(paths[i].area_index < counts[4]);
        CHECK(paths[i].first_spot + paths[i].spot_count <= counts[2]);
        CHECK(paths[i].from_index == NAVSPAN_NO_POLYGON || paths[i].from_index < counts[4]);
    }
    for (i = 0; i < counts[2]; ++i) CHECK(spots[i].path == NAVSPAN_NO_POLYGON || spots[i].path < counts[1]);
    for (i = 0; i < counts[3]; ++i) CHECK(approach[i].area_index < counts[4]);
    for (i = 0; i < counts[4]; ++i) CHECK(occupy[i].area_index == i);
    bot_rows_checked += counts[0] + counts[1] + counts[2] + counts[3] + counts[4];
    free(hiding);
    free(paths);
    free(spots);
    free(approach);
    free(occupy);
}

/* The bot rows of sample_v16_cstrike.nav, as `navspan dump --json` shows
 * them: four areas (ids 10-40), a hiding spot each (ids 100-103), one
 * encounter path in area 10 from 20 (west) to 30 (south) seeing spots 100
 * and 101 at t bytes 64 and 191, Counter-Strike approach spots (v16: game
 * data), occupy times 0. */
static void check_bot_sample(const navspan_file* file, const size_t counts[5]) {
    navspan_error err;
    navspan_bot_hiding_spot hiding[4];
    navspan_bot_encounter_path path;
    navspan_bot_encounter_spot spots[2];
    navspan_bot_approach_spot approach[4];
    navspan_bot_occupy_times occupy[4];
    size_t n = 0, i;
    CHECK(counts[0] == 4 && counts[1] == 1 && counts[2] == 2 && counts[3] == 4 && counts[4] == 4);
    CHECK(navspan_bot_hiding_spots(file, hiding, 4, &n, &err) == navspan_result_success && n == 4);
    for (i = 0; i < 4; ++i) {
        CHECK(hiding[i].area_index == i && hiding[i].area_id == 10 * (i + 1) && hiding[i].spot_id == 100 + i);
        CHECK(hiding[i].flags == (i == 0 ? 3u : 1u));
    }
    CHECK(hiding[0].position[0] == 12.5f && hiding[0].position[1] == 12.5f && hiding[0].position[2] == 0.0f);
    CHECK(hiding[3].position[0] == 112.5f && hiding[3].position[1] == 112.5f);
    CHECK(navspan_bot_encounter_paths(file, &path, 1, &n, &err) == navspan_result_success && n == 1);
    CHECK(path.area_index == 0 && path.area_id == 10 && path.from == 20 && path.to == 30);
    CHECK(path.from_index == 1 && path.to_index == 2 && path.from_direction == 3 && path.to_direction == 2);
    CHECK(path.first_spot == 0 && path.spot_count == 2);
    CHECK(navspan_bot_encounter_spots(file, spots, 2, &n, &err) == navspan_result_success && n == 2);
    /* t = t_raw / 255 within a float's spacing: a 32-bit x87 build divides in
     * extended precision here, and the library rounds once more to store it. */
    CHECK(spots[0].path == 0 && spots[0].spot == 100 && spots[0].t_raw == 64 &&
          fabsf(spots[0].t - 64.0f / 255.0f) < 1e-6f);
    CHECK(spots[1].path == 0 && spots[1].spot == 101 && spots[1].t_raw == 191 &&
          fabsf(spots[1].t - 191.0f / 255.0f) < 1e-6f);
    CHECK(navspan_bot_approach_spots(file, approach, 4, &n, &err) == navspan_result_success && n == 4);
    CHECK(approach[0].here == 10 && approach[0].previous == 0 && approach[0].previous_how == 9);
    CHECK(approach[0].next == 40 && approach[0].next_how == 2);
    CHECK(approach[1].area_id == 20 && approach[1].here == 20 && approach[1].previous == 10 &&
          approach[1].previous_how == 1);
    CHECK(navspan_bot_earliest_occupy_times(file, occupy, 4, &n, &err) == navspan_result_success && n == 4);
    for (i = 0; i < 4; ++i) CHECK(occupy[i].area_id == 10 * (i + 1) && occupy[i].times[0] == 0.0f && occupy[i].times[1] == 0.0f);
}

static navspan_format check_file(const char* path, int must_open) {
    navspan_file* file = NULL;
    navspan_file* again = NULL;
    navspan_error err;
    navspan_info info;
    text json = {0}, labelled = {0}, dump = {0};
    finding_count findings = {0, 0, 0};
    uint32_t spaces = 0, s;
    size_t size = 0;
    unsigned char* bytes;
    navspan_format format;
    navspan_options options;
    size_t bot_counts[5] = {0, 0, 0, 0, 0};
    current = path;
    if (navspan_open_path(path, NULL, &file, &err) != navspan_result_success) {
        /* A corpus file may be refused (its EXPECTED.tsv row says so): with
         * a file error, its offset and a message. */
        printf("capi: refused %s: %s\n", path, err.message);
        CHECK(!must_open);
        CHECK(file == NULL && err.code >= navspan_result_truncated && err.code <= navspan_result_io);
        CHECK(err.message[0] != '\0');
        return navspan_format_unknown;
    }
    format = navspan_file_format(file);
    CHECK(format != navspan_format_unknown);
    CHECK(strcmp(navspan_format_name(format), "unknown") != 0);
    CHECK(navspan_info_json(file, NULL, append, &json, &err) == navspan_result_success);
    CHECK(json.size > 2 && json.data[0] == '{' && json.data[json.size - 1] == '}');
    CHECK(navspan_info_json(file, path, append, &labelled, &err) == navspan_result_success);
    CHECK(labelled.size > json.size && strncmp(labelled.data, "{\"file\": \"", 10) == 0);
    CHECK(strstr(json.data, navspan_format_name(format)) != NULL);
    CHECK(navspan_info_json(file, NULL, stop_at_once, NULL, &err) == navspan_result_aborted);
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK(navspan_info_get(file, &info, &err) == navspan_result_success);
    CHECK(info.format == format && info.bytes == navspan_file_size(file) && info.version == navspan_file_version(file));
    CHECK(info.count_count > 0);
    CHECK(navspan_validate(file, count_finding, &findings, &err) == navspan_result_success);
    CHECK(findings.findings == findings.with_check);
    if (findings.findings > 1) {
        finding_count first = {0, 0, 1};
        CHECK(navspan_validate(file, count_finding, &first, &err) == navspan_result_aborted && first.findings == 1);
    }
    CHECK(navspan_dump_json(file, append, &dump, &err) == navspan_result_success);
    CHECK(dump.size > 2 && (dump.data[0] == '{' || dump.data[0] == '[') && dump.data[dump.size - 1] == '\n');
    CHECK(dump.size < 65536 * 2 || dump.calls > 1);
    CHECK(navspan_dump_json(file, stop_at_once, NULL, &err) == navspan_result_aborted);

    /* The same file from borrowed and copied bytes, and mapped. */
    bytes = read_all(path, &size);
    CHECK(bytes != NULL);
    if (bytes != NULL) {
        navspan_options_init(&options);
        /* A package opens as its member, copied out of it. */
        const int package = navspan_detect(bytes, size) == navspan_format_vpk_package;
        CHECK(navspan_open_bytes(bytes, size, NULL, &again, &err) == navspan_result_success);
        CHECK((navspan_file_data(again) == bytes) != package);
        CHECK(navspan_file_version(again) == navspan_file_version(file));
        navspan_close(again);
        options.flags = NAVSPAN_OPEN_COPY;
        CHECK(navspan_open_bytes(bytes, size, &options, &again, &err) == navspan_result_success);
        CHECK(navspan_file_data(again) != bytes && (navspan_file_size(again) == size) != package);
        navspan_close(again);
        /* Cut short: an error with an offset inside the file, never a crash. */
        if (size > 8) {
            const navspan_result r = navspan_open_bytes(bytes, size / 2, NULL, &again, &err);
            if (r != navspan_result_success) {
                CHECK(again == NULL && err.code == r && err.offset <= size && err.message[0] != '\0');
                CHECK(strlen(err.message) > 0);
            } else {
                navspan_close(again); /* some formats end early and stay valid */
            }
        }
        free(bytes);
    }
    navspan_options_init(&options);
    options.flags = NAVSPAN_OPEN_MAP;
    CHECK(navspan_open_path(path, &options, &again, &err) == navspan_result_success);
    navspan_close(again);
    options.flags = 0;
    options.max_file_size = 4;
    CHECK(navspan_open_path(path, &options, &again, &err) == navspan_result_limit_exceeded && again == NULL);

    CHECK(navspan_space_count(file, &spaces, &err) == navspan_result_success);
    for (s = 0; s < spaces && s < 3; ++s) {
        navspan_mesh* mesh = NULL;
        navspan_space space;
        CHECK(navspan_space_get(file, s, &space, &err) == navspan_result_success);
        CHECK((format == navspan_format_creation_plugin || format == navspan_format_source2_nav) ==
              (space.kind != navspan_space_file));
        CHECK((format == navspan_format_source2_nav) == (space.kind == navspan_space_hull));
        CHECK(navspan_mesh_create(file, s, &mesh, &err) == navspan_result_success);
        if (mesh != NULL) {
            char up = navspan_mesh_up_axis(mesh);
            CHECK(up == (format == navspan_format_fox_nav2 ? 'y' : 'z'));
            check_mesh(mesh);
            check_paths(mesh);
            check_searches(mesh);
            check_groups(mesh);
            check_accelerated(file, s, mesh, format);
        }
        navspan_mesh_destroy(mesh);
    }
    check_space_names(file, spaces);
    check_bot(file, format, bot_counts);
    if (strstr(path, "sample_v16_cstrike.nav") != NULL) check_bot_sample(file, bot_counts);
    {
        navspan_mesh* mesh = NULL;
        CHECK(navspan_mesh_create(file, spaces + 1, &mesh, &err) == navspan_result_invalid_argument && mesh == NULL);
    }
    navspan_close(file);
    free(json.data);
    free(labelled.data);
    free(dump.data);
    return format;
}

/* The length of a polyline of n points. */
static double polyline_length(const float* points, size_t n) {
    double total = 0;
    size_t i;
    for (i = 1; i < n; ++i) {
        const double dx = points[3 * i] - points[3 * i - 3], dy = points[3 * i + 1] - points[3 * i - 2],
                     dz = points[3 * i + 2] - points[3 * i - 1];
        total += sqrt(dx * dx + dy * dy + dz * dz);
    }
    return total;
}

/* A long path over ctf_sawmill (areas by index 2259 to 1766) runs the
 * shortest model out of its nodes: limit_exceeded, with the best known
 * path (the shorter of the other two models' waypoints) in the result, and
 * its length from navspan_distance_model. */
static void check_best_known(const char* corpus) {
    static uint32_t corridor[4096];
    static float waypoints[3 * 4096];
    char path[4096];
    navspan_file* file = NULL;
    navspan_mesh* mesh = NULL;
    navspan_scratch* scratch = NULL;
    navspan_error err;
    navspan_path_request req;
    navspan_path_result res;
    double shorter = 1e30;
    float a[3], b[3], d = 0;
    int model;
    current = "best known path";
    snprintf(path, sizeof path, "%s/source-nav/files/jiimjaam__tf-navmesh__ctf_sawmill.nav", corpus);
    if (navspan_open_path(path, NULL, &file, &err) != navspan_result_success) return;
    CHECK(navspan_mesh_create(file, 0, &mesh, &err) == navspan_result_success);
    CHECK(navspan_scratch_create(mesh, &scratch) == navspan_result_success);
    centre(mesh, 2259, a);
    centre(mesh, 1766, b);
    for (model = navspan_path_polygons; model <= navspan_path_shortest; ++model) {
        double length;
        request_between(&req, a, b, corridor, waypoints);
        req.start = 2259;
        req.goal = 1766;
        memset(&res, 0, sizeof res);
        res.size = sizeof res;
        if (model < navspan_path_shortest) {
            CHECK(navspan_find_path_model(mesh, scratch, &req, (navspan_path_model)model, &res) == navspan_result_success);
            length = polyline_length(waypoints, res.waypoint_count);
            if (length < shorter) shorter = length;
            continue;
        }
        CHECK(navspan_find_path_model(mesh, scratch, &req, navspan_path_shortest, &res) == navspan_result_limit_exceeded);
        CHECK(res.waypoint_count >= 2 && res.corridor_count >= 2);
        CHECK(corridor[0] == 2259 && corridor[res.corridor_count - 1] == 1766);
        length = polyline_length(waypoints, res.waypoint_count);
        CHECK(fabs(length - res.cost) <= 1e-4 * length);
        CHECK(fabs(res.cost - shorter) <= 1e-5 * shorter + 1e-3);
    }
    CHECK(navspan_distance_model(mesh, scratch, 2259, a, 1766, b, navspan_path_shortest, &d) ==
          navspan_result_limit_exceeded);
    CHECK(d == res.cost);
    navspan_scratch_destroy(scratch);
    navspan_mesh_destroy(mesh);
    navspan_close(file);
}

/* What the corpus is known to hold: a5_vault's three hulls and their areas
 * (1245 in all, as `navspan info` counts them), the CS2 package whose .nav
 * is source2-nav's point_template_test, a one-polygon path's cost. */
static void check_corpus_specifics(const char* corpus) {
    static const uint32_t areas[3] = {436, 417, 392};
    char path[4096], loose[4096], name[64];
    navspan_file *file = NULL, *member = NULL;
    navspan_error err;
    uint32_t count = 0, i, index = 0;
    current = "corpus specifics";
    snprintf(path, sizeof path, "%s/source2-nav/files/ValveResourceFormat__ValveResourceFormat__a5_vault.nav", corpus);
    if (navspan_open_path(path, NULL, &file, &err) == navspan_result_success) {
        CHECK(navspan_space_count(file, &count, &err) == navspan_result_success && count == 3);
        for (i = 0; i < count && i < 3; ++i) {
            navspan_mesh* mesh = NULL;
            navspan_space space;
            char expected[16];
            CHECK(navspan_space_get(file, i, &space, &err) == navspan_result_success);
            CHECK(space.kind == navspan_space_hull && space.form_id == i);
            CHECK(navspan_space_name(file, i, name, sizeof name, NULL, &err) == navspan_result_success);
            snprintf(expected, sizeof expected, "hull %u", (unsigned)i);
            CHECK(strcmp(name, expected) == 0);
            CHECK(navspan_space_find(file, expected, &index, &err) == navspan_result_success && index == i);
            CHECK(navspan_mesh_create(file, i, &mesh, &err) == navspan_result_success);
            CHECK(navspan_mesh_polygon_count(mesh) == areas[i]);
            if (i == 0 && mesh != NULL) {
                /* Both ends on one polygon: the cost is the straight line. */
                navspan_path_request req;
                navspan_path_result res;
                float c[3];
                navspan_path_request_init(&req);
                centre(mesh, 0, c);
                req.start = req.goal = 0;
                memcpy(req.start_point, c, sizeof c);
                memcpy(req.goal_point, c, sizeof c);
                req.goal_point[0] += 0.01f;
                memset(&res, 0, sizeof res);
                res.size = sizeof res;
                CHECK(navspan_find_path(mesh, NULL, &req, &res) == navspan_result_success);
                CHECK(fabsf(res.cost - 0.01f) < 1e-3f && res.corridor_count == 1);
            }
            navspan_mesh_destroy(mesh);
        }
        navspan_close(file);
    }
    snprintf(path, sizeof path, "%s/vpk/files/ValveResourceFormat__ValveResourceFormat__point_template_test.vpk", corpus);
    snprintf(loose, sizeof loose, "%s/source2-nav/files/ValveResourceFormat__ValveResourceFormat__point_template_test.nav",
             corpus);
    if (navspan_open_path(path, NULL, &file, &err) == navspan_result_success &&
        navspan_open_path(loose, NULL, &member, &err) == navspan_result_success) {
        char selected[4200];
        navspan_file* again = NULL;
        CHECK(navspan_file_format(file) == navspan_format_source2_nav && navspan_file_version(file) == 36);
        CHECK(navspan_file_size(file) == navspan_file_size(member));
        CHECK(memcmp(navspan_file_data(file), navspan_file_data(member), navspan_file_size(file)) == 0);
        CHECK(navspan_space_name(file, 0, name, sizeof name, NULL, &err) == navspan_result_success);
        CHECK(strcmp(name, "player") == 0);
        snprintf(selected, sizeof selected, "%s:maps/point_template_test.nav", path);
        CHECK(navspan_open_path(selected, NULL, &again, &err) == navspan_result_success);
        CHECK(navspan_file_size(again) == navspan_file_size(member));
        navspan_close(again);
        snprintf(selected, sizeof selected, "%s:maps/none.nav", path);
        CHECK(navspan_open_path(selected, NULL, &again, &err) == navspan_result_not_found && again == NULL);
        CHECK(strstr(err.message, "maps/none.nav") != NULL);
        snprintf(selected, sizeof selected, "%s.vpk:maps/x.nav", loose);
        CHECK(navspan_open_path(selected, NULL, &again, &err) == navspan_result_io);
    }
    navspan_close(file);
    navspan_close(member);
    check_best_known(corpus);
}

static void check_basics(void) {
    navspan_file* file = (navspan_file*)1;
    navspan_error err;
    static const unsigned char junk[] = "not a navigation mesh";
    static const unsigned char nav3[] = {'N', 'A', 'V', '3', 0, 0, 0, 0};
    current = "basics";
    CHECK(navspan_version() == NAVSPAN_VERSION_NUMBER);
    CHECK(strlen(navspan_version_string()) >= 5);
    CHECK(strcmp(navspan_result_string(navspan_result_truncated), "truncated") == 0);
    CHECK(strcmp(navspan_result_string((navspan_result)999), "unknown result") == 0);
    CHECK(strcmp(navspan_format_name((navspan_format)77), "unknown") == 0);
    CHECK(strcmp(navspan_link_kind_name(navspan_link_ladder), "ladder") == 0);
    CHECK(navspan_detect(nav3, sizeof nav3) == navspan_format_quake2_nav);
    CHECK(navspan_open_bytes(junk, sizeof junk, NULL, &file, &err) == navspan_result_bad_magic);
    CHECK(file == NULL && err.code == navspan_result_bad_magic && err.offset == 0);
    CHECK(strstr(err.message, "bad magic") != NULL);
    CHECK(strncmp(navspan_error_reason(&err), "not a navigation mesh", 21) == 0);
    CHECK(navspan_open_bytes(nav3, sizeof nav3, NULL, &file, NULL) == navspan_result_bad_magic);
    /* No bytes: the command's words, from the library itself. */
    CHECK(navspan_open_bytes(NULL, 0, NULL, &file, &err) == navspan_result_io);
    CHECK(strcmp(navspan_error_reason(&err), "empty input (the file has no bytes)") == 0);
    CHECK(navspan_open_bytes(junk, 0, NULL, &file, &err) == navspan_result_io && file == NULL);
    CHECK(navspan_raycast_ex(NULL, 0, NULL, NULL, 18.0f, NULL) == navspan_result_invalid_argument);
    CHECK(navspan_open_bytes(NULL, 5, NULL, &file, &err) == navspan_result_invalid_argument);
    CHECK(navspan_open_bytes(junk, sizeof junk, NULL, NULL, &err) == navspan_result_invalid_argument);
    CHECK(strcmp(navspan_error_reason(&err), "invalid argument") == 0);
    CHECK(navspan_open_path("/nonexistent/file.nav", NULL, &file, &err) == navspan_result_io);
    CHECK(strcmp(navspan_error_reason(&err), "no such file") == 0);
    CHECK(strcmp(navspan_error_reason(NULL), "no error") == 0);
    CHECK(navspan_open_path("/", NULL, &file, &err) == navspan_result_io);
    CHECK(navspan_info_json(NULL, NULL, append, NULL, &err) == navspan_result_invalid_argument);
    CHECK(navspan_validate(NULL, count_finding, NULL, NULL) == navspan_result_invalid_argument);
    CHECK(navspan_mesh_polygon_count(NULL) == 0);
    CHECK(navspan_locate(NULL, NULL, 0, NULL) == navspan_result_invalid_argument);
    navspan_close(NULL);
    navspan_mesh_destroy(NULL);
    navspan_scratch_destroy(NULL);
    {
        navspan_graph_options options;
        navspan_graph_info info;
        navspan_mesh* mesh = (navspan_mesh*)1;
        navspan_graph_options_init(&options);
        options.flags = 4; /* not a flag the library knows */
        CHECK(navspan_mesh_create_ex(NULL, 0, &options, &mesh, &err) == navspan_result_invalid_argument && mesh == NULL);
        options.flags = NAVSPAN_GRAPH_HIERARCHY;
        options.landmarks = 33;
        CHECK(navspan_mesh_create_ex(NULL, 0, &options, &mesh, &err) == navspan_result_invalid_argument);
        options.landmarks = 8;
        options.size = 0;
        CHECK(navspan_mesh_create_ex(NULL, 0, &options, &mesh, &err) == navspan_result_invalid_argument);
        CHECK(navspan_mesh_create_ex(NULL, 0, NULL, &mesh, &err) == navspan_result_invalid_argument);
        info.size = sizeof info;
        CHECK(navspan_mesh_graph_info(NULL, &info) == navspan_result_invalid_argument);
    }
}

static int ends_with(const char* s, const char* suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Every file of a folder (not recursive); returns how many were checked. */
static int check_folder(const char* dir, int* formats_seen, int must_open) {
    DIR* d = opendir(dir);
    struct dirent* e;
    int n = 0;
    char path[4096];
    if (d == NULL) return 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || ends_with(e->d_name, ".md") || ends_with(e->d_name, ".tsv")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        {
            navspan_format f = check_file(path, must_open);
            if ((int)f >= 0 && (int)f < 16) formats_seen[(int)f] = 1;
        }
        ++n;
    }
    closedir(d);
    return n;
}

int main(int argc, char** argv) {
    int formats_seen[16] = {0};
    int samples = 0, corpus = 0;
    check_basics();
    if (argc > 1) samples = check_folder(argv[1], formats_seen, 1);
    CHECK(samples >= 4);
    CHECK(formats_seen[navspan_format_source_nav] && formats_seen[navspan_format_quake_nav] &&
          formats_seen[navspan_format_fox_nav2] && formats_seen[navspan_format_creation_plugin]);
    /* The corpus: the second argument, or NAVSPAN_CORPUS when set; none
     * when the second argument is --samples-only (the shared library's run:
     * what it proves, that every entry point is exported, the samples show). */
    const char* corpus_dir = argc > 2 ? argv[2] : NULL;
    if (corpus_dir != NULL && strcmp(corpus_dir, "--samples-only") == 0) {
        corpus_dir = NULL;
    } else if (getenv("NAVSPAN_CORPUS") != NULL && getenv("NAVSPAN_CORPUS")[0] != '\0') {
        corpus_dir = getenv("NAVSPAN_CORPUS");
    }
    if (corpus_dir != NULL) {
        static const char* folders[] = {"source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav", "vpk"};
        size_t i;
        char dir[4096];
        for (i = 0; i < sizeof folders / sizeof folders[0]; ++i) {
            snprintf(dir, sizeof dir, "%s/%s/files", corpus_dir, folders[i]);
            corpus += check_folder(dir, formats_seen, 0);
        }
        if (corpus == 0) printf("capi: corpus not found under %s, skipped\n", corpus_dir);
        if (corpus > 0) check_corpus_specifics(corpus_dir);
    }
    printf("capi: %zu paths found, %zu end at the goal\n", paths_found, paths_at_goal);
    printf("capi: %zu meshes searched (distance field, reach, distance, exact path)\n", fields_checked);
    printf("capi: %zu named groups listed\n", named_groups_checked);
    printf("capi: %zu meshes built with accelerators (%zu hierarchies), %zu exact costs the same\n",
           accelerated_meshes, accelerated_hierarchies, accelerated_pairs);
    printf("capi: bot analysis of %zu files, %zu rows checked\n", bot_files_checked, bot_rows_checked);
    CHECK(fields_checked > 0);
    CHECK(accelerated_hierarchies > 0 && accelerated_pairs > 0);
    CHECK(paths_found > 0 && paths_at_goal == paths_found);
    printf("capi: %d samples, %d corpus files\n", samples, corpus);
    return check_summary();
}
