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


class Error(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_int),
        ("offset", ctypes.c_uint64),
        ("record", ctypes.c_char_p),
        ("parent", ctypes.c_char_p),
        ("parent_index", ctypes.c_uint64),
        ("value", ctypes.c_uint64),
        ("bound", ctypes.c_uint64),
        ("message", ctypes.c_char * 320),
    ]


class Options(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("flags", ctypes.c_uint32), ("max_file_size", ctypes.c_uint64)]


class Count(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 40), ("value", ctypes.c_uint64)]


class Info(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_size_t),
        ("format", ctypes.c_int),
        ("version", ctypes.c_uint32),
        ("bytes", ctypes.c_uint64),
        ("has_bounds", ctypes.c_int32),
        ("bounds_min", ctypes.c_float * 3),
        ("bounds_max", ctypes.c_float * 3),
        ("count_count", ctypes.c_uint32),
        ("counts", Count * 32),
    ]


class Finding(ctypes.Structure):
    _fields_ = [
        ("check", ctypes.c_char_p),
        ("severity", ctypes.c_int),
        ("record", ctypes.c_char_p),
        ("offset", ctypes.c_uint64),
        ("message", ctypes.c_char_p),
        ("not_listed", ctypes.c_uint64),
    ]


class Space(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int),
        ("form_id", ctypes.c_uint32),
        ("navmeshes", ctypes.c_uint32),
        ("triangles", ctypes.c_uint64),
    ]


class Polygon(ctypes.Structure):
    _fields_ = [
        ("id_primary", ctypes.c_uint32),
        ("id_secondary", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("group", ctypes.c_uint32),
        ("first_corner", ctypes.c_uint32),
        ("corner_count", ctypes.c_uint32),
        ("first_link", ctypes.c_uint32),
        ("link_count", ctypes.c_uint32),
        ("usable", ctypes.c_int32),
    ]


class Link(ctypes.Structure):
    _fields_ = [
        ("from_", ctypes.c_uint32),
        ("target", ctypes.c_uint32),
        ("kind", ctypes.c_int),
        ("raw_type", ctypes.c_uint32),
        ("record", ctypes.c_uint32),
        ("portal_a", ctypes.c_float * 3),
        ("portal_b", ctypes.c_float * 3),
    ]


class Location(ctypes.Structure):
    _fields_ = [("polygon", ctypes.c_uint32), ("point", ctypes.c_float * 3), ("distance", ctypes.c_float)]


COST_FN = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                           ctypes.c_int, ctypes.c_float)
WRITE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)
FINDING_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(Finding))


class PathRequest(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_size_t),
        ("start", ctypes.c_uint32),
        ("goal", ctypes.c_uint32),
        ("start_point", ctypes.c_float * 3),
        ("goal_point", ctypes.c_float * 3),
        ("cost", COST_FN),
        ("cost_user", ctypes.c_void_p),
        ("corridor", c_uint32_p),
        ("corridor_capacity", ctypes.c_size_t),
        ("waypoints", c_float_p),
        ("waypoint_capacity", ctypes.c_size_t),
    ]


class PathResult(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_size_t),
        ("start", ctypes.c_uint32),
        ("goal", ctypes.c_uint32),
        ("start_point", ctypes.c_float * 3),
        ("goal_point", ctypes.c_float * 3),
        ("cost", ctypes.c_float),
        ("corridor_count", ctypes.c_size_t),
        ("waypoint_count", ctypes.c_size_t),
        ("expanded", ctypes.c_size_t),
    ]


class RaycastHit(ctypes.Structure):
    _fields_ = [
        ("blocked", ctypes.c_int32),
        ("fraction", ctypes.c_float),
        ("last", ctypes.c_uint32),
        ("visited", ctypes.c_uint32),
    ]


class RaycastResult(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_size_t),
        ("blocked", ctypes.c_int32),
        ("fraction", ctypes.c_float),
        ("last", ctypes.c_uint32),
        ("visited", ctypes.c_uint32),
        ("gave_up", ctypes.c_int32),
    ]


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
        "navspan_mesh_destroy": (None, [P]),
        "navspan_mesh_polygon_count": (ctypes.c_uint32, [P]),
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
        "navspan_waypoints": (r, [P, c_uint32_p, ctypes.c_size_t, c_float_p, c_float_p, c_float_p, ctypes.c_size_t,
                                  ctypes.POINTER(ctypes.c_size_t)]),
        "navspan_raycast": (r, [P, ctypes.c_uint32, c_float_p, c_float_p, ctypes.c_float,
                                ctypes.POINTER(RaycastHit)]),
        "navspan_raycast_ex": (r, [P, ctypes.c_uint32, c_float_p, c_float_p, ctypes.c_float,
                                   ctypes.POINTER(RaycastResult)]),
    }
    return sig


def declared_functions() -> list:
    return list(signatures())


def _declare(lib: ctypes.CDLL) -> None:
    for name, (restype, argtypes) in signatures().items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
