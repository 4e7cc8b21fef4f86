/* A C99 program using the installed libnavspan through pkg-config
 * (navspan-c.pc): open a map, find the area under a point, walk to another.
 * .ci/run builds it against an install made with --prefix. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <navspan/c/navspan.h>

int main(int argc, char** argv) {
    navspan_file* file;
    navspan_mesh* mesh;
    navspan_error err;
    navspan_location at;
    navspan_path_request req;
    navspan_path_result res;
    uint32_t corridor[64];
    float waypoints[3 * 64];
    const float here[3] = {150, 50, 0}, there[3] = {50, 150, 0};
    if (argc < 2 || navspan_open_path(argv[1], NULL, &file, &err) != navspan_result_success) {
        fprintf(stderr, "%s\n", argc < 2 ? "usage: c_abi FILE" : err.message);
        return 1;
    }
    if (navspan_mesh_create(file, 0, &mesh, &err) != navspan_result_success) return 1;
    if (navspan_locate(mesh, here, INFINITY, &at) != navspan_result_success) return 1;
    navspan_path_request_init(&req);
    memcpy(req.start_point, here, sizeof here);
    memcpy(req.goal_point, there, sizeof there);
    req.corridor = corridor;
    req.corridor_capacity = 64;
    req.waypoints = waypoints;
    req.waypoint_capacity = 64;
    memset(&res, 0, sizeof res);
    res.size = sizeof res;
    if (navspan_find_path(mesh, NULL, &req, &res) != navspan_result_success) return 1;
    printf("libnavspan %s: polygon %u; path of %u polygons, length %.1f\n", navspan_version_string(), at.polygon,
           (unsigned)res.corridor_count, (double)res.cost);
    navspan_mesh_destroy(mesh);
    navspan_close(file);
    return res.corridor_count == 3 ? 0 : 1;
}
