/* navspan/c/navspan.h - the stable C ABI of navspan (C99; usable from C,
 * C++ and any language with a C foreign-function interface: Python ctypes,
 * C# P/Invoke, ...).
 *
 * The C++ library is header-only; this ABI is an optional compiled layer
 * over it, libnavspan (shared and static). No C++ type and no exception
 * crosses this boundary: every function returns a navspan_result (or a plain
 * value), handles are opaque pointers, and every array is the caller's.
 *
 *   navspan_file   one opened file of any format (format, version, info,
 *                  validate, dump). Read-only once opened.
 *   navspan_mesh   the walkable view of a file (of one space of a plugin):
 *                  polygons, corners, links, and the queries locate,
 *                  nearest, find_path, waypoints, raycast. Read-only once
 *                  built; owns its arrays (it may outlive its file).
 *   navspan_scratch the working memory of find_path: one per thread.
 *
 * Structs whose first member is `size` may grow in later versions: set
 * `size = sizeof(the struct)` (the *_init functions do), and the library
 * reads or writes only that many bytes.
 *
 * Threads: any number of threads may use the same navspan_file and
 * navspan_mesh at once (every call on them is read-only). A navspan_scratch
 * is used by one thread at a time; find_path with a NULL scratch allocates
 * its own for that call. Callbacks run on the calling thread, inside the
 * call. See docs/c_api.md.
 *
 * Coordinates are world coordinates as the file stores them (Fox Engine
 * files are y-up, every other format z-up: navspan_mesh_up_axis). */
#ifndef NAVSPAN_C_NAVSPAN_H
#define NAVSPAN_C_NAVSPAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(NAVSPAN_C_STATIC)
#  define NAVSPAN_C_API
#elif defined(_WIN32) || defined(__CYGWIN__)
#  if defined(NAVSPAN_C_BUILDING)
#    define NAVSPAN_C_API __declspec(dllexport)
#  else
#    define NAVSPAN_C_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && defined(NAVSPAN_C_BUILDING)
#  define NAVSPAN_C_API __attribute__((visibility("default")))
#else
#  define NAVSPAN_C_API
#endif

/* The enums' type in C++ is int, as in C: a caller may pass any int
 * (the library answers navspan_result_invalid_argument for a value it does
 * not know), and in C++ a value outside an enum's declared ones is only
 * defined when the enum has a fixed underlying type. */
#ifdef __cplusplus
#  define NAVSPAN_C_ENUM_TYPE : int
#else
#  define NAVSPAN_C_ENUM_TYPE
#endif

/* The version of the headers; navspan_version() gives the library's. */
#define NAVSPAN_VERSION_MAJOR 0
#define NAVSPAN_VERSION_MINOR 1
#define NAVSPAN_VERSION_PATCH 0
#define NAVSPAN_VERSION_NUMBER \
    ((NAVSPAN_VERSION_MAJOR << 16) | (NAVSPAN_VERSION_MINOR << 8) | NAVSPAN_VERSION_PATCH)

/* (major << 16) | (minor << 8) | patch of the linked library. */
NAVSPAN_C_API uint32_t navspan_version(void);
/* "0.1.0" */
NAVSPAN_C_API const char* navspan_version_string(void);

/* ---- Results and errors ------------------------------------------------ */

typedef enum navspan_result NAVSPAN_C_ENUM_TYPE {
    navspan_result_success = 0,
    /* 1-9: the file is not valid (the C++ navspan::error_code values). */
    navspan_result_truncated = 1,
    navspan_result_bad_magic = 2,
    navspan_result_unsupported_version = 3,
    navspan_result_count_too_large = 4,
    navspan_result_bad_offset = 5,
    navspan_result_index_out_of_range = 6,
    navspan_result_inconsistent = 7,
    navspan_result_limit_exceeded = 8,
    navspan_result_io = 9,
    /* 32 and up: how a call went. */
    navspan_result_invalid_argument = 32, /* NULL handle, polygon out of range, size 0, ... */
    navspan_result_buffer_too_small = 33, /* the count written says how much was needed */
    navspan_result_out_of_memory = 34,
    navspan_result_not_found = 35,        /* locate/nearest: no polygon there */
    navspan_result_no_path = 36,          /* find_path: the goal cannot be reached */
    navspan_result_aborted = 37,          /* a callback returned non-zero */
    navspan_result_internal = 38          /* a bug in navspan: please report it */
} navspan_result;

/* A short phrase for a result ("truncated", "no path"); never NULL. */
NAVSPAN_C_API const char* navspan_result_string(navspan_result result);

/* Where and why a file was refused. `record` and `parent` are static
 * strings (or NULL); `message` is the whole sentence the navspan command
 * prints, e.g. "truncated hiding spot in area #12 at offset 4021: needs 17
 * bytes, 3 left". Functions that take a navspan_error* accept NULL. */
typedef struct navspan_error {
    navspan_result code;
    uint64_t offset;       /* byte offset in the file */
    const char* record;    /* what was being read */
    const char* parent;    /* the record containing it, or NULL */
    uint64_t parent_index; /* its position, or UINT64_MAX */
    uint64_t value;        /* code-specific (a count, a version, ...) */
    uint64_t bound;        /* code-specific (the limit, bytes left, ...) */
    char message[320];
} navspan_error;

/* The plain reason a person reads first ("empty input (the file has no
 * bytes)", "not a navigation mesh navspan reads", "cut short, or not what its
 * header says"), as the navspan command prints it before the exact message
 * in parentheses. A static string, never NULL; for errors of the call itself
 * (codes from 32) it is navspan_result_string's phrase. Since 0.1.0. */
NAVSPAN_C_API const char* navspan_error_reason(const navspan_error* error);

/* ---- Opening ----------------------------------------------------------- */

typedef enum navspan_format NAVSPAN_C_ENUM_TYPE {
    navspan_format_unknown = 0,
    navspan_format_source_nav = 1,
    navspan_format_quake_nav = 2,
    navspan_format_fox_nav2 = 3,
    navspan_format_creation_plugin = 4,
    navspan_format_quake2_nav = 5, /* recognised, not read */
    navspan_format_source2_nav = 6, /* Counter-Strike 2, Deadlock: from the Source 2 reader on */
    navspan_format_vpk_package = 7 /* a VPK package (detected; read by navspan::vpk) */
    /* New formats get new numbers; none is renumbered. */
} navspan_format;

/* The key `navspan info --json` uses ("source_nav", ...), or "unknown". */
NAVSPAN_C_API const char* navspan_format_name(navspan_format format);
/* Which format a buffer holds, from its signature alone. */
NAVSPAN_C_API navspan_format navspan_detect(const void* data, size_t size);

/* navspan_options.flags */
#define NAVSPAN_OPEN_COPY 1u /* open_bytes: copy the bytes (else they are borrowed) */
#define NAVSPAN_OPEN_MAP 2u  /* open_path: map the file instead of reading it (docs/safety.md) */

typedef struct navspan_options {
    size_t size;            /* sizeof(navspan_options) */
    uint32_t flags;         /* NAVSPAN_OPEN_* */
    uint64_t max_file_size; /* open_path: larger files are refused (limit_exceeded) */
    /* Added later (read only when `size` covers it, else the default): the
     * most polygons a plugin's meshes, dump and pictures may build per KiB
     * of the file (limits::polygons_per_kib, 256 by default; 0: no bound).
     * Its compressed navmeshes can inflate to far more triangles than a
     * plugin of that size holds; more are refused with limit_exceeded. */
    uint64_t polygons_per_kib;
} navspan_options;

/* Fills the defaults: no flags, files up to 2 GiB, 256 polygons a KiB. */
NAVSPAN_C_API void navspan_options_init(navspan_options* options);

typedef struct navspan_file navspan_file;

/* Opens a buffer: detects the format and verifies the whole file once.
 * Borrowed bytes must stay alive and unchanged until navspan_close (set
 * NAVSPAN_OPEN_COPY to have them copied). `options` may be NULL. */
NAVSPAN_C_API navspan_result navspan_open_bytes(const void* data, size_t size, const navspan_options* options,
                                                navspan_file** out, navspan_error* error);
/* Opens a file: read whole into memory (a file changed meanwhile gives a
 * clean error or the old bytes), or mapped with NAVSPAN_OPEN_MAP (only for
 * files nothing else writes while open). Only regular files are read.
 *
 * Packages: a VPK package (as Counter-Strike 2 ships a map) opens as its
 * navigation member (.nav or .nav2), as if that member were the loose
 * file: navspan_file_data and navspan_file_format are the member's. A
 * package holding several names one with "PACKAGE.vpk:maps/x.nav" (the
 * member's full path after the last ".vpk:"); without it the call fails
 * with invalid_argument, its message naming them. A member of a split set
 * (NAME_dir.vpk) is read from its archive NAME_NNN.vpk beside it (io when
 * that file is missing, its message naming it). navspan_open_bytes opens a
 * one-file package likewise (always copying the member out). */
NAVSPAN_C_API navspan_result navspan_open_path(const char* path, const navspan_options* options,
                                               navspan_file** out, navspan_error* error);
/* Frees the file (NULL is accepted). Meshes built from it stay valid. */
NAVSPAN_C_API void navspan_close(navspan_file* file);

NAVSPAN_C_API navspan_format navspan_file_format(const navspan_file* file);
/* The number the file stores to select its layout (docs/api.md): Source
 * header version, Quake NAV2 version, plugin form version; 0 for Fox. */
NAVSPAN_C_API uint32_t navspan_file_version(const navspan_file* file);
/* The file's bytes (as given, copied or read) and their size. */
NAVSPAN_C_API const void* navspan_file_data(const navspan_file* file);
NAVSPAN_C_API size_t navspan_file_size(const navspan_file* file);

/* ---- The summary: `navspan info` ---------------------------------------- */

/* Writes text; returns 0 to go on, non-zero to stop (the call then returns
 * navspan_result_aborted). Text arrives in pieces of any size, not
 * NUL-terminated. */
typedef int (*navspan_write_fn)(void* user, const char* data, size_t size);

/* The summary as the one-line JSON object of `navspan info --json`, byte
 * for byte (without the newline). With a non-NULL `file_label` the object
 * starts with "file": file_label, as the command's does. */
NAVSPAN_C_API navspan_result navspan_info_json(const navspan_file* file, const char* file_label,
                                               navspan_write_fn write, void* user, navspan_error* error);

/* One whole-number member of the summary ("areas": 703). */
typedef struct navspan_count {
    char name[40];
    uint64_t value;
} navspan_count;

/* The summary as a struct: what every format has, and the whole-number
 * members of the JSON summary in its order (the record counts). */
typedef struct navspan_info {
    size_t size; /* sizeof(navspan_info) */
    navspan_format format;
    uint32_t version;
    uint64_t bytes;
    int32_t has_bounds; /* 0 when the file has no geometry */
    float bounds_min[3];
    float bounds_max[3];
    uint32_t count_count; /* entries of counts[] filled */
    navspan_count counts[32];
} navspan_info;

NAVSPAN_C_API navspan_result navspan_info_get(const navspan_file* file, navspan_info* out, navspan_error* error);

/* ---- Checks and dump ----------------------------------------------------- */

typedef enum navspan_severity NAVSPAN_C_ENUM_TYPE {
    navspan_severity_info = 0,
    navspan_severity_warning = 1,
    navspan_severity_error = 2
} navspan_severity;

/* One finding of `navspan validate` (docs/validate.md). The strings are
 * valid during the callback only. */
typedef struct navspan_finding {
    const char* check;   /* stable id, e.g. "one-way-connection" */
    navspan_severity severity;
    const char* record;  /* e.g. "area #12 (id 40)" */
    uint64_t offset;     /* byte offset of the offending field */
    const char* message;
    uint64_t not_listed; /* on a capped check's closing finding: how many were left out */
} navspan_finding;

/* Returns 0 to go on, non-zero to stop (navspan_result_aborted). */
typedef int (*navspan_finding_fn)(void* user, const navspan_finding* finding);

/* Runs every check of the file's format, in the command's order. */
NAVSPAN_C_API navspan_result navspan_validate(const navspan_file* file, navspan_finding_fn on_finding, void* user,
                                              navspan_error* error);

/* Every decoded field of every record as the JSON document of `navspan dump
 * --json` (examples/navspan/dump/), streamed through `write` in pieces of
 * up to 64 KiB, ending with a newline. On an error part-way, discard what
 * was written. */
NAVSPAN_C_API navspan_result navspan_dump_json(const navspan_file* file, navspan_write_fn write, void* user,
                                               navspan_error* error);

/* ---- The walkable view --------------------------------------------------- */

#define NAVSPAN_NO_POLYGON 0xFFFFFFFFu

typedef enum navspan_id_scheme NAVSPAN_C_ENUM_TYPE {
    navspan_ids_source_area = 0,     /* primary: area id */
    navspan_ids_quake_node = 1,      /* primary: node index */
    navspan_ids_fox_group_face = 2,  /* primary: group id; secondary: face index */
    navspan_ids_plugin_triangle = 3  /* primary: navmesh form id; secondary: triangle index */
} navspan_id_scheme;

typedef enum navspan_link_kind NAVSPAN_C_ENUM_TYPE {
    navspan_link_walk = 0,
    navspan_link_jump = 1,
    navspan_link_drop = 2,
    navspan_link_crouch = 3,
    navspan_link_ladder = 4,
    navspan_link_teleport = 5,
    navspan_link_door = 6,
    navspan_link_elevator = 7,
    navspan_link_cross_group = 8,
    navspan_link_cross_navmesh = 9,
    navspan_link_other = 10
} navspan_link_kind;

/* "walk", "jump", ...; "other" for an unknown value. */
NAVSPAN_C_API const char* navspan_link_kind_name(navspan_link_kind kind);

typedef enum navspan_space_kind NAVSPAN_C_ENUM_TYPE {
    navspan_space_file = 0,    /* the whole file (every format but plugins) */
    navspan_space_world = 1,   /* a plugin worldspace */
    navspan_space_cell = 2,    /* a plugin interior cell */
    navspan_space_object = 3,  /* a base object carrying a navmesh */
    navspan_space_navmesh = 4, /* one navmesh record */
    navspan_space_hull = 5     /* one agent hull of a Source 2 file (since 0.1.0) */
    /* New kinds are added at the end; none is renumbered. */
} navspan_space_kind;

/* A separately walkable mesh of a file, the same idea for every format
 * (docs/nav.md): the whole file (Source, Quake, Fox), one agent hull
 * (Source 2: form_id is the hull index), one worldspace or interior cell
 * (plugins: form_id is the record's form id). navmeshes and triangles are
 * counted for plugin spaces only (0 elsewhere). */
typedef struct navspan_space {
    navspan_space_kind kind;
    uint32_t form_id;
    uint32_t navmeshes;
    uint64_t triangles;
} navspan_space;

/* How many spaces the file has: 1 for Source, Quake and Fox; one per
 * declared hull for Source 2; one per worldspace or cell holding a navmesh
 * for plugins (a plugin without navmeshes has 0). */
NAVSPAN_C_API navspan_result navspan_space_count(const navspan_file* file, uint32_t* count, navspan_error* error);
NAVSPAN_C_API navspan_result navspan_space_get(const navspan_file* file, uint32_t index, navspan_space* out,
                                               navspan_error* error);
/* The name of space `index`, NUL-terminated, into buf[cap]: "whole file",
 * the hull's stored name ("player", ...) or "hull N" (Source 2), the editor
 * id of a worldspace or cell, else its form id in 8 hex digits (plugins).
 * `needed` (may be NULL) gets the bytes the whole name takes with its NUL;
 * when cap is smaller the call returns buffer_too_small (buf, if cap > 0,
 * holds the name cut short, NUL-terminated). buf may be NULL when cap is 0.
 * Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_space_name(const navspan_file* file, uint32_t index, char* buf, size_t cap,
                                                size_t* needed, navspan_error* error);
/* The space named `name` (exactly), else the space whose index `name`
 * spells in decimal ("2"), as the command's --space: not_found when none.
 * Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_space_find(const navspan_file* file, const char* name, uint32_t* index,
                                                navspan_error* error);

typedef struct navspan_mesh navspan_mesh;

/* Builds the walkable view of space `space` (an index below
 * navspan_space_count: the whole file, a Source 2 hull, a plugin's
 * worldspace or cell) and its spatial index: once, it allocates. Space 0
 * of a file with no spaces is an empty mesh (a plugin without navmeshes),
 * or hull 0 (a Source 2 file that declares no hull). */
NAVSPAN_C_API navspan_result navspan_mesh_create(const navspan_file* file, uint32_t space, navspan_mesh** out,
                                                 navspan_error* error);
NAVSPAN_C_API void navspan_mesh_destroy(navspan_mesh* mesh);

NAVSPAN_C_API uint32_t navspan_mesh_polygon_count(const navspan_mesh* mesh);
NAVSPAN_C_API uint32_t navspan_mesh_corner_count(const navspan_mesh* mesh); /* over every polygon */
NAVSPAN_C_API uint32_t navspan_mesh_link_count(const navspan_mesh* mesh);
NAVSPAN_C_API navspan_id_scheme navspan_mesh_id_scheme(const navspan_mesh* mesh);
/* 'z' or 'y': which world axis points up. */
NAVSPAN_C_API char navspan_mesh_up_axis(const navspan_mesh* mesh);
/* World bounds of every usable polygon: min x y z, max x y z. */
NAVSPAN_C_API void navspan_mesh_bounds(const navspan_mesh* mesh, float out[6]);
/* The polygon with this id, or NAVSPAN_NO_POLYGON (a linear search). */
NAVSPAN_C_API uint32_t navspan_mesh_find(const navspan_mesh* mesh, uint32_t primary, uint32_t secondary);

typedef struct navspan_polygon {
    uint32_t id_primary;   /* the file's own id (navspan_id_scheme) */
    uint32_t id_secondary;
    uint32_t flags;        /* the file's raw flags */
    uint32_t group;        /* Source: place index; Fox: segment; plugins: navmesh number */
    uint32_t first_corner; /* into navspan_mesh_corners */
    uint32_t corner_count;
    uint32_t first_link;   /* into navspan_mesh_links */
    uint32_t link_count;
    int32_t usable;        /* 0: a non-finite corner or fewer than 3; no query returns it */
} navspan_polygon;

typedef struct navspan_link {
    uint32_t from;
    uint32_t target;
    navspan_link_kind kind;
    uint32_t raw_type;     /* the file's own link type, or 0 */
    uint32_t record;       /* the file's own link record, or 0 */
    float portal_a[3];     /* the portal, in world coordinates (a == b: a point) */
    float portal_b[3];
} navspan_link;

/* Polygons [first, first + count) into `out`. invalid_argument past the end. */
NAVSPAN_C_API navspan_result navspan_mesh_polygons(const navspan_mesh* mesh, uint32_t first, uint32_t count,
                                                   navspan_polygon* out);
/* Corners [first, first + count) as x, y, z floats (3 * count) into `out`. */
NAVSPAN_C_API navspan_result navspan_mesh_corners(const navspan_mesh* mesh, uint32_t first, uint32_t count,
                                                  float* out);
/* Links [first, first + count), grouped by `from`, into `out`. */
NAVSPAN_C_API navspan_result navspan_mesh_links(const navspan_mesh* mesh, uint32_t first, uint32_t count,
                                                navspan_link* out);

/* ---- Queries --------------------------------------------------------------- */

/* Where a point is. locate: `distance` is the height gap to the surface;
 * nearest: the 3D distance to the closest point. */
typedef struct navspan_location {
    uint32_t polygon;
    float point[3]; /* on the polygon's surface */
    float distance;
} navspan_location;

/* The polygon under or above `point` whose surface is nearest in height,
 * within `height_tolerance` (INFINITY: any). not_found when none. */
NAVSPAN_C_API navspan_result navspan_locate(const navspan_mesh* mesh, const float point[3], float height_tolerance,
                                            navspan_location* out);
/* The polygon nearest to `point` in 3D, within `max_distance`. */
NAVSPAN_C_API navspan_result navspan_nearest(const navspan_mesh* mesh, const float point[3], float max_distance,
                                             navspan_location* out);
/* Many points at once (`points`: 3 * count floats). polygons[i] is the
 * polygon or NAVSPAN_NO_POLYGON; `on_surface` (3 * count floats) may be
 * NULL; `found` (may be NULL) counts the points that have one. */
NAVSPAN_C_API navspan_result navspan_locate_many(const navspan_mesh* mesh, const float* points, size_t count,
                                                 float height_tolerance, uint32_t* polygons, float* on_surface,
                                                 size_t* found);
NAVSPAN_C_API navspan_result navspan_nearest_many(const navspan_mesh* mesh, const float* points, size_t count,
                                                  float max_distance, uint32_t* polygons, float* on_surface,
                                                  size_t* found);

typedef struct navspan_scratch navspan_scratch;

/* Working memory for find_path on `mesh` (or any smaller one): the search
 * and the waypoints of the longest corridor the mesh can have. */
NAVSPAN_C_API navspan_result navspan_scratch_create(const navspan_mesh* mesh, navspan_scratch** out);
NAVSPAN_C_API void navspan_scratch_destroy(navspan_scratch* scratch);

/* The price of one step of a path, from polygon `from` through link
 * `link` (an index into navspan_mesh_links) into `to`; `length` is the
 * distance walked. Return `length` for the default; a negative, infinite or
 * NaN price forbids the link. */
typedef float (*navspan_cost_fn)(void* user, uint32_t from, uint32_t to, uint32_t link, navspan_link_kind kind,
                                 float length);

typedef struct navspan_path_request {
    size_t size;          /* sizeof(navspan_path_request) */
    uint32_t start, goal; /* polygons, or NAVSPAN_NO_POLYGON: the one under or above the point, else the nearest */
    float start_point[3];
    float goal_point[3];
    navspan_cost_fn cost; /* NULL: the distance */
    void* cost_user;
    uint32_t* corridor;   /* polygons from start to goal; may be NULL */
    size_t corridor_capacity;
    float* waypoints;     /* x, y, z of each turn of the path pulled tight; may be NULL */
    size_t waypoint_capacity; /* in points (3 floats each) */
} navspan_path_request;

typedef struct navspan_path_result {
    size_t size;          /* sizeof(navspan_path_result) */
    uint32_t start, goal; /* the polygons used */
    float start_point[3]; /* the points used (on the polygons when found from a point) */
    float goal_point[3];
    float cost;           /* with the default cost: the length through portal midpoints */
    size_t corridor_count; /* whole corridor; above the capacity: buffer_too_small */
    size_t waypoint_count; /* whole path; likewise */
    size_t expanded;       /* polygons the search took off its open list */
} navspan_path_result;

NAVSPAN_C_API void navspan_path_request_init(navspan_path_request* request);

/* A* over the polygons, then (when waypoints are asked for) the funnel.
 * Returns success, no_path, invalid_argument (a polygon out of range or
 * unusable, or no polygon for a point), buffer_too_small (the result's
 * corridor_count and waypoint_count say how much the whole path needs:
 * call again with that much room; the arrays then hold the path cut
 * short). An array left NULL is not asked for and never makes the call
 * buffer_too_small. The waypoints always end at the goal point when the
 * call succeeds. With a scratch the call allocates nothing; `scratch` may
 * be NULL (one is allocated for the call). The cost is never below the
 * straight line between the two points with the default cost (start and
 * goal on one polygon: exactly that line). */
NAVSPAN_C_API navspan_result navspan_find_path(const navspan_mesh* mesh, navspan_scratch* scratch,
                                               const navspan_path_request* request, navspan_path_result* result);

/* The waypoints of a corridor (as find_path returns it) between two points
 * on its first and last polygons; `count` is the whole path's (above
 * `capacity`: buffer_too_small). */
NAVSPAN_C_API navspan_result navspan_waypoints(const navspan_mesh* mesh, const uint32_t* corridor,
                                               size_t corridor_count, const float start_point[3],
                                               const float goal_point[3], float* waypoints, size_t capacity,
                                               size_t* count);

typedef struct navspan_raycast_hit {
    int32_t blocked;  /* a wall was met */
    float fraction;   /* how far along from -> to the walk got (1: all the way) */
    uint32_t last;    /* the polygon the walk ended on */
    uint32_t visited; /* polygons crossed */
} navspan_raycast_hit;

/* navspan_raycast_hit with room to grow (navspan_raycast_hit has no size
 * member, so it stays as it is). Since 0.1.0. */
typedef struct navspan_raycast_result {
    size_t size;      /* sizeof(navspan_raycast_result) */
    int32_t blocked;  /* a wall was met (or the walk gave up) */
    float fraction;
    uint32_t last;
    uint32_t visited;
    int32_t gave_up;  /* the walk made no headway through a tangle of
                         overlapping, linked polygons within its work bound
                         (blocked is then 1 too): not a wall of the map */
} navspan_raycast_result;

/* Walks the straight line from `from` to `to` over walk-like links,
 * starting on `start` (NAVSPAN_NO_POLYGON: the polygon under `from`),
 * within `step_height` of the surface. */
NAVSPAN_C_API navspan_result navspan_raycast(const navspan_mesh* mesh, uint32_t start, const float from[3],
                                             const float to[3], float step_height, navspan_raycast_hit* out);
/* navspan_raycast with gave_up: set out->size first. Since 0.1.0. */
NAVSPAN_C_API navspan_result navspan_raycast_ex(const navspan_mesh* mesh, uint32_t start, const float from[3],
                                                const float to[3], float step_height, navspan_raycast_result* out);

/* ---- Named groups of polygons (since 0.1.0) -----------------------------------
 *
 * A polygon's group (navspan_polygon::group) is what its format gathers
 * polygons by: Source's place (its index into the file's place names), a
 * Fox segment, a plugin's navmesh. Source names its places; the other
 * formats number their groups without names. */

/* How many group numbers there are names for (Source: the place table, 0
 * unnamed; 0 for a format without names or a NULL mesh). */
NAVSPAN_C_API uint32_t navspan_mesh_group_name_count(const navspan_mesh* mesh);
/* The name of group `group` ("BombsiteA"), NUL-terminated, valid while the
 * mesh lives; "" when the group has none (out of range, unnamed, a format
 * without names, a NULL mesh). */
NAVSPAN_C_API const char* navspan_mesh_group_name(const navspan_mesh* mesh, uint32_t group);
/* The polygons of every group named `name` (exact, case as stored), in
 * increasing index: `count` gets how many there are in all; above
 * `capacity` the call returns buffer_too_small (`out` holds the first
 * `capacity`). `out` may be NULL when capacity is 0. not_found when no
 * group has the name; invalid_argument for a NULL mesh, name or count, or
 * an empty name (the unnamed groups are not a group). */
NAVSPAN_C_API navspan_result navspan_mesh_polygons_in_group(const navspan_mesh* mesh, const char* name,
                                                            uint32_t* out, size_t capacity, size_t* count);

#ifdef __cplusplus
}
#endif

/* The searches over the search graph (exact paths, distances, reach,
 * fields, the nearest goal, the path models) and what speeds them up. */
#include "navspan_search.h"
/* The bot analysis of Source and Source 2 files, as flat arrays. */
#include "navspan_bot.h"

#endif /* NAVSPAN_C_NAVSPAN_H */
