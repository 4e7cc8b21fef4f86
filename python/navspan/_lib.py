"""ctypes declarations of libnavspan (include/navspan/c/navspan.h) and how the
library is found. Internal: use the navspan package's classes instead."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

c_float_p = ctypes.POINTER(ctypes.c_float)
c_uint32_p = ctypes.POINTER(ctypes.c_uint32)

NO_POLYGON = 0xFFFFFFFF
OPEN_COPY = 1
OPEN_MAP = 2


# The C types of the structures' fields, by the names the table below uses.
_FIELD_TYPES = {
    "int": ctypes.c_int, "char": ctypes.c_char, "i32": ctypes.c_int32, "u32": ctypes.c_uint32,
    "u64": ctypes.c_uint64, "size_t": ctypes.c_size_t, "float": ctypes.c_float, "char*": ctypes.c_char_p,
    "void*": ctypes.c_void_p, "u32*": c_uint32_p, "float*": c_float_p,
}


def _structure(name: str, fields: str, **types) -> type:
    """The ctypes.Structure `name` (navspan_<snake case of name> in navspan.h)
    with `fields` in the header's order: "TYPE NAME" or "TYPE NAME[N]",
    comma-separated; `types` adds the types of _FIELD_TYPES does not have."""
    known = dict(_FIELD_TYPES, **types)
    table = []
    for field in fields.split(","):
        type_name, declarator = field.split()
        field_name, _, count = declarator.partition("[")
        ctype = known[type_name]
        table.append((field_name, ctype * int(count.rstrip("]")) if count else ctype))
    return type(name, (ctypes.Structure,), {"_fields_": table})


Error = _structure("Error", "int code, u64 offset, char* record, char* parent, u64 parent_index, u64 value, "
                            "u64 bound, char message[320]")
Options = _structure("Options", "size_t size, u32 flags, u64 max_file_size, u64 polygons_per_kib")
Count = _structure("Count", "char name[40], u64 value")
Info = _structure("Info", "size_t size, int format, u32 version, u64 bytes, i32 has_bounds, float bounds_min[3], "
                          "float bounds_max[3], u32 count_count, Count counts[32]", Count=Count)
Finding = _structure("Finding", "char* check, int severity, char* record, u64 offset, char* message, u64 not_listed")
Space = _structure("Space", "int kind, u32 form_id, u32 navmeshes, u64 triangles")
Polygon = _structure("Polygon", "u32 id_primary, u32 id_secondary, u32 flags, u32 group, u32 first_corner, "
                                "u32 corner_count, u32 first_link, u32 link_count, i32 usable")
Link = _structure("Link", "u32 from_, u32 target, int kind, u32 raw_type, u32 record, float portal_a[3], "
                          "float portal_b[3]")
Location = _structure("Location", "u32 polygon, float point[3], float distance")

COST_FN = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                           ctypes.c_int, ctypes.c_float)
WRITE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)
FINDING_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(Finding))

# A path request and its result begin alike, as a raycast's result holds its hit.
_PATH_ENDS = "size_t size, u32 start, u32 goal, float start_point[3], float goal_point[3]"
_HIT = "i32 blocked, float fraction, u32 last, u32 visited"
PathRequest = _structure("PathRequest", _PATH_ENDS + ", cost_fn cost, void* cost_user, u32* corridor, "
                                        "size_t corridor_capacity, float* waypoints, size_t waypoint_capacity",
                         cost_fn=COST_FN)
PathResult = _structure("PathResult", _PATH_ENDS + ", float cost, size_t corridor_count, size_t waypoint_count, "
                                      "size_t expanded")
Reached = _structure("Reached", "u32 polygon, float cost")
NearestGoal = _structure("NearestGoal", "size_t size, u32 goal, u32 polygon, float cost, size_t corridor_count, "
                                        "size_t expanded")
RaycastHit = _structure("RaycastHit", _HIT)
RaycastResult = _structure("RaycastResult", "size_t size, " + _HIT + ", i32 gave_up")
# What a mesh's search graph is built with and holds (navspan_search.h).
GraphOptions = _structure("GraphOptions", "size_t size, u32 flags, u32 landmarks")
GraphInfo = _structure("GraphInfo", "size_t size, u32 has_hierarchy, u32 has_all_pairs, u32 landmarks, u32 states, "
                                    "u64 memory_bytes, u64 hierarchy_bytes, u64 all_pairs_bytes")
GRAPH_HIERARCHY = 1
GRAPH_ALL_PAIRS = 2


# The bot analysis rows (navspan_bot_*), one structure a kind.
BotHidingSpot = _structure("BotHidingSpot", "u32 area_index, u32 area_id, u32 spot_id, float position[3], u32 flags")
BotEncounterPath = _structure("BotEncounterPath", "u32 area_index, u32 area_id, u32 from_, u32 to, u32 from_index, "
                                                  "u32 to_index, i32 from_direction, i32 to_direction, "
                                                  "u32 first_spot, u32 spot_count")
BotEncounterSpot = _structure("BotEncounterSpot", "u32 area_index, u32 area_id, u32 path, u32 spot, i32 t_raw, "
                                                  "float t")
BotApproachSpot = _structure("BotApproachSpot", "u32 area_index, u32 area_id, u32 here, u32 previous, "
                                                "i32 previous_how, u32 next, i32 next_how")
BotOccupyTimes = _structure("BotOccupyTimes", "u32 area_index, u32 area_id, float times[2]")

def _candidates():
    env = os.environ.get("NAVSPAN_LIBRARY")
    if env:
        yield env
        return
    if sys.platform == "win32":
        names = ["navspan.dll", "libnavspan.dll"]
    elif sys.platform == "darwin":
        names = ["libnavspan.dylib", "libnavspan.0.dylib"]
    else:
        names = ["libnavspan.so", "libnavspan.so.0"]
    here = os.path.dirname(os.path.abspath(__file__))
    # Beside the package (cmake --install puts a copy there), then the
    # library folder of the prefix the package was installed into
    # (PREFIX/lib/python3/dist-packages/navspan -> PREFIX/lib).
    folders = [here, os.path.normpath(os.path.join(here, "..", "..", "..")),
               os.path.normpath(os.path.join(here, "..", "..", "..", ".."))]
    for folder in folders:
        for name in names:
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                yield path
    found = ctypes.util.find_library("navspan")
    if found:
        yield found
    yield from names  # the dynamic loader's own search (LD_LIBRARY_PATH, ...)


def load() -> ctypes.CDLL:
    tried = []
    for candidate in _candidates():
        try:
            lib = ctypes.CDLL(candidate)
        except OSError as e:
            tried.append(f"{candidate} ({e})")
            continue
        _declare(lib)
        major = lib.navspan_version() >> 16
        if major != 0:
            raise ImportError(f"navspan: {candidate} is version {lib.navspan_version_string().decode()}, "
                              "this package needs 0.x")
        return lib
    raise ImportError("navspan: cannot find libnavspan; build it (cmake --build BUILD --target navspan_c) and set "
                      "NAVSPAN_LIBRARY to its path, or install it. Tried: " + "; ".join(tried))


def signatures() -> dict:
    """Every function of navspan.h the package calls: name -> (result type,
    argument types). tests/test_abi_layout.py holds it against the header."""
    P = ctypes.c_void_p
    E = ctypes.POINTER(Error)
    r = ctypes.c_int
    sig = {
        "navspan_version": (ctypes.c_uint32, []),
        "navspan_version_string": (ctypes.c_char_p, []),
        "navspan_result_string": (ctypes.c_char_p, [r]),
        "navspan_error_reason": (ctypes.c_char_p, [E]),
        "navspan_format_name": (ctypes.c_char_p, [r]),
        "navspan_detect": (r, [P, ctypes.c_size_t]),
        "navspan_options_init": (None, [ctypes.POINTER(Options)]),
        "navspan_open_bytes": (r, [P, ctypes.c_size_t, ctypes.POINTER(Options), ctypes.POINTER(P), E]),
        "navspan_open_path": (r, [ctypes.c_char_p, ctypes.POINTER(Options), ctypes.POINTER(P), E]),
        "navspan_close": (None, [P]),
        "navspan_file_format": (r, [P]),
        "navspan_file_version": (ctypes.c_uint32, [P]),
        "navspan_file_data": (ctypes.c_void_p, [P]),
        "navspan_file_size": (ctypes.c_size_t, [P]),
        "navspan_info_json": (r, [P, ctypes.c_char_p, WRITE_FN, P, E]),
        "navspan_info_get": (r, [P, ctypes.POINTER(Info), E]),
        "navspan_validate": (r, [P, FINDING_FN, P, E]),
        "navspan_dump_json": (r, [P, WRITE_FN, P, E]),
        "navspan_link_kind_name": (ctypes.c_char_p, [r]),
        "navspan_space_count": (r, [P, c_uint32_p, E]),
        "navspan_space_get": (r, [P, ctypes.c_uint32, ctypes.POINTER(Space), E]),
        "navspan_space_name": (r, [P, ctypes.c_uint32, ctypes.c_char_p, ctypes.c_size_t,
                                   ctypes.POINTER(ctypes.c_size_t), E]),
        "navspan_space_find": (r, [P, ctypes.c_char_p, c_uint32_p, E]),
        "navspan_mesh_create": (r, [P, ctypes.c_uint32, ctypes.POINTER(P), E]),
        "navspan_graph_options_init": (None, [ctypes.POINTER(GraphOptions)]),
        "navspan_mesh_create_ex": (r, [P, ctypes.c_uint32, ctypes.POINTER(GraphOptions), ctypes.POINTER(P), E]),
        "navspan_mesh_graph_info": (r, [P, ctypes.POINTER(GraphInfo)]),
        "navspan_mesh_destroy": (None, [P]),
        "navspan_mesh_polygon_count": (ctypes.c_uint32, [P]),
        "navspan_mesh_group_name_count": (ctypes.c_uint32, [P]),
        "navspan_mesh_group_name": (ctypes.c_char_p, [P, ctypes.c_uint32]),
        "navspan_mesh_polygons_in_group": (r, [P, ctypes.c_char_p, c_uint32_p, ctypes.c_size_t,
                                               ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_mesh_corner_count": (ctypes.c_uint32, [P]),
        "navspan_mesh_link_count": (ctypes.c_uint32, [P]),
        "navspan_mesh_id_scheme": (r, [P]),
        "navspan_mesh_up_axis": (ctypes.c_char, [P]),
        "navspan_mesh_bounds": (None, [P, c_float_p]),
        "navspan_mesh_find": (ctypes.c_uint32, [P, ctypes.c_uint32, ctypes.c_uint32]),
        "navspan_mesh_polygons": (r, [P, ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(Polygon)]),
        "navspan_mesh_corners": (r, [P, ctypes.c_uint32, ctypes.c_uint32, c_float_p]),
        "navspan_mesh_links": (r, [P, ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(Link)]),
        "navspan_locate": (r, [P, c_float_p, ctypes.c_float, ctypes.POINTER(Location)]),
        "navspan_nearest": (r, [P, c_float_p, ctypes.c_float, ctypes.POINTER(Location)]),
        "navspan_locate_many": (r, [P, P, ctypes.c_size_t, ctypes.c_float, P, P, ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_nearest_many": (r, [P, P, ctypes.c_size_t, ctypes.c_float, P, P, ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_scratch_create": (r, [P, ctypes.POINTER(P)]),
        "navspan_scratch_destroy": (None, [P]),
        "navspan_path_request_init": (None, [ctypes.POINTER(PathRequest)]),
        "navspan_find_path": (r, [P, P, ctypes.POINTER(PathRequest), ctypes.POINTER(PathResult)]),
        "navspan_find_exact_path": (r, [P, P, ctypes.POINTER(PathRequest), ctypes.POINTER(PathResult)]),
        "navspan_find_path_scaled": (r, [P, P, ctypes.POINTER(PathRequest), ctypes.c_float,
                                         ctypes.POINTER(PathResult)]),
        "navspan_find_exact_path_scaled": (r, [P, P, ctypes.POINTER(PathRequest), ctypes.c_float,
                                               ctypes.POINTER(PathResult)]),
        "navspan_find_path_model": (r, [P, P, ctypes.POINTER(PathRequest), ctypes.c_int, ctypes.POINTER(PathResult)]),
        "navspan_waypoints": (r, [P, c_uint32_p, ctypes.c_size_t, c_float_p, c_float_p, c_float_p, ctypes.c_size_t,
                                  ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_raycast": (r, [P, ctypes.c_uint32, c_float_p, c_float_p, ctypes.c_float,
                                ctypes.POINTER(RaycastHit)]),
        "navspan_raycast_ex": (r, [P, ctypes.c_uint32, c_float_p, c_float_p, ctypes.c_float,
                                   ctypes.POINTER(RaycastResult)]),
        "navspan_distance_field": (r, [P, P, P, P, ctypes.c_size_t, ctypes.c_float, P, ctypes.c_size_t,
                                       ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_distance_field_model": (r, [P, P, P, P, ctypes.c_size_t, ctypes.c_float, ctypes.c_int, P,
                                             ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_reach": (r, [P, P, ctypes.c_uint32, c_float_p, ctypes.c_float, ctypes.POINTER(Reached),
                              ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_distance": (r, [P, P, ctypes.c_uint32, c_float_p, ctypes.c_uint32, c_float_p,
                                 ctypes.POINTER(ctypes.c_float)]),
        "navspan_find_nearest_goal": (r, [P, P, ctypes.c_uint32, c_float_p, P, P, ctypes.c_size_t, c_uint32_p,
                                          ctypes.c_size_t, ctypes.POINTER(NearestGoal)]),
        "navspan_reach_model": (r, [P, P, ctypes.c_uint32, c_float_p, ctypes.c_float, ctypes.c_int,
                                    ctypes.POINTER(Reached), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_distance_model": (r, [P, P, ctypes.c_uint32, c_float_p, ctypes.c_uint32, c_float_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_float)]),
        "navspan_find_nearest_goal_model": (r, [P, P, ctypes.c_uint32, c_float_p, P, P, ctypes.c_size_t, ctypes.c_int,
                                                c_uint32_p, ctypes.c_size_t, ctypes.POINTER(NearestGoal)]),
        "navspan_bot_hiding_spots": (r, [P, ctypes.POINTER(BotHidingSpot), ctypes.c_size_t,
                                         ctypes.POINTER(ctypes.c_size_t), E]),
        "navspan_bot_encounter_paths": (r, [P, ctypes.POINTER(BotEncounterPath), ctypes.c_size_t,
                                            ctypes.POINTER(ctypes.c_size_t), E]),
        "navspan_bot_encounter_spots": (r, [P, ctypes.POINTER(BotEncounterSpot), ctypes.c_size_t,
                                            ctypes.POINTER(ctypes.c_size_t), E]),
        "navspan_bot_approach_spots": (r, [P, ctypes.POINTER(BotApproachSpot), ctypes.c_size_t,
                                           ctypes.POINTER(ctypes.c_size_t), E]),
        "navspan_bot_earliest_occupy_times": (r, [P, ctypes.POINTER(BotOccupyTimes), ctypes.c_size_t,
                                                  ctypes.POINTER(ctypes.c_size_t), E]),
    }
    return sig


def declared_functions() -> list:
    return list(signatures())


def _declare(lib: ctypes.CDLL) -> None:
    for name, (restype, argtypes) in signatures().items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
