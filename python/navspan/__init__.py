"""navspan: read the navigation meshes game bots walk on, from Python.

A thin layer (the standard library's ctypes, nothing else) over libnavspan,
navspan's C ABI. Every format navspan reads: Valve Source/GoldSrc .nav,
Quake (2021) .nav, Fox Engine .nav2, Bethesda plugins (.esp/.esm/.esl).

    import navspan
    with navspan.open("de_dust2.nav") as f:
        print(f.format, f.version, f.info()["areas"])
        here = f.locate((-500.0, -800.0, 100.0))
        path = f.find_path((-500.0, -800.0, 100.0), (1300.0, 2500.0, 130.0))
        print(path.ids, path.cost, path.waypoints)

Arrays (corners, polygon columns, batch results) are array.array objects:
they support the buffer protocol, so numpy.frombuffer() views them without a
copy, and NumPy float32 arrays are accepted as input without a copy. NumPy
is never required.
"""

from __future__ import annotations

import array
import ctypes
import errno
import functools
import itertools
import json
import math
import numbers
import operator
import os
import threading
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._records import Finding, Link, Location, NearestGoal, Path, RaycastHit, Space

__all__ = [
    "open", "File", "Mesh", "PolygonTable", "BotTable", "BotAnalysis", "Polygon", "Link", "Location", "NearestGoal", "Path",
    "RaycastHit", "Finding", "Space",
    "NavspanError", "FileNotFound", "IsADirectory", "library_version", "__version__",
]

_L = _lib.load()

__version__ = "0.1.0"

#: Codes of NavspanError.code (the C ABI's navspan_result values).
RESULT_NAMES = {
    1: "truncated", 2: "bad_magic", 3: "unsupported_version", 4: "count_too_large", 5: "bad_offset",
    6: "index_out_of_range", 7: "inconsistent", 8: "limit_exceeded", 9: "io", 32: "invalid_argument",
    33: "buffer_too_small", 34: "out_of_memory", 35: "not_found", 36: "no_path", 37: "aborted", 38: "internal",
}

_ID_SCHEMES = {0: "area", 1: "node", 2: "face", 3: "triangle"}
_SPACE_KINDS = {0: "file", 1: "world", 2: "cell", 3: "object", 4: "navmesh", 5: "hull"}
_SEVERITIES = {0: "info", 1: "warning", 2: "error"}
_FIELD_POLYGON = 1  # navspan_field_polygon (navspan.h): find_path's model of a distance field
_FIELD_SHORTEST = 2  # navspan_field_shortest: find_shortest_path's model of a field or a reach
_PATH_EXACT = 1  # navspan_path_exact (navspan.h)
_PATH_SHORTEST = 2  # navspan_path_shortest: the any-angle shortest path


def library_version() -> str:
    """The version of the libnavspan that was loaded, e.g. "0.1.0"."""
    return _L.navspan_version_string().decode()


class NavspanError(Exception):
    """A file navspan refused, or a call it could not make.

    code: the C ABI's result number; name: its name ("truncated", ...);
    offset: the byte offset in the file; record: what was being read;
    message: the exact sentence (record, offset, values) scripts match;
    reason: the plain reason a person reads first ("empty input (the file
    has no bytes)", "not a navigation mesh navspan reads"), as the navspan
    command prints it before the message in parentheses."""

    def __init__(self, code: int, message: str, offset: Optional[int] = None, record: Optional[str] = None,
                 value: int = 0, bound: int = 0, reason: Optional[str] = None):
        super().__init__(message)
        self.code = code
        self.name = RESULT_NAMES.get(code, "unknown")
        self.message = message
        self.offset = offset
        self.record = record
        self.value = value
        self.bound = bound
        self.reason = reason if reason is not None else message
        # limit_exceeded from find_path(..., shortest=True): the best known
        # path (a Path: the shorter of the default's and exact=True's
        # waypoints, not proven the shortest); from distance(...,
        # shortest=True): its length. None otherwise.
        self.best_known: Any = None

    @classmethod
    def _from(cls, code: int, err: Optional[_lib.Error] = None) -> "NavspanError":
        if err is not None and err.code == code and err.message:
            io = code == 9
            reason = _L.navspan_error_reason(ctypes.byref(err)).decode()
            record = err.record.decode() if err.record else None
            # Empty input: the reason is the whole sentence, as the command prints it.
            message = reason if io and record == "file is empty" else err.message.decode("utf-8", "replace")
            return cls(code, message, None if io else err.offset, record, err.value, err.bound, reason)
        return cls(code, _L.navspan_result_string(code).decode())


class FileNotFound(FileNotFoundError, NavspanError):
    """A path that names no file: Python's FileNotFoundError (errno, the
    path in .filename) and a NavspanError of code "io" both."""

    def __str__(self) -> str:
        return self.message


class IsADirectory(IsADirectoryError, NavspanError):
    """A path that names a directory: IsADirectoryError and NavspanError "io"."""

    def __str__(self) -> str:
        return self.message


def _os_error(kind, number: int, reason: str, path: bytes) -> NavspanError:
    """The error of a path that cannot be opened, as both Python's OSError
    subclass (so `except FileNotFoundError` works) and NavspanError (code
    9, "io", as before), its message the command's first line."""
    cls = FileNotFound if kind is FileNotFoundError else IsADirectory
    name = os.fsdecode(path)
    e = cls(number, os.strerror(number), name)
    e.code, e.name, e.offset, e.record, e.value, e.bound = 9, "io", None, None, 0, 0
    e.reason = reason
    e.message = f"{name}: {reason}"
    return e


def _check(code: int, err: Optional[_lib.Error] = None) -> None:
    if code != 0:
        raise NavspanError._from(code, err)


PointLike = Union[Sequence[float], Tuple[float, float, float]]


def _point(p: PointLike) -> "ctypes.Array[ctypes.c_float]":
    if len(p) != 3:
        raise ValueError("a point has three coordinates")
    return (ctypes.c_float * 3)(float(p[0]), float(p[1]), float(p[2]))


def _tuple3(a: Any) -> Tuple[float, float, float]:
    return (a[0], a[1], a[2])


class Polygon:
    """One polygon of a mesh (a Source area, Quake node, Fox face, plugin
    triangle), read from the mesh on access."""

    __slots__ = ("_mesh", "index", "_p")

    def __init__(self, mesh: "Mesh", index: int, raw: _lib.Polygon):
        self._mesh = mesh
        self.index = index
        self._p = raw

    @property
    def id(self) -> Any:
        """The file's own id: an int (Source area id, Quake node), or a
        (primary, secondary) pair (Fox group and face, plugin navmesh form id
        and triangle)."""
        return self._mesh._id(self._p.id_primary, self._p.id_secondary)

    @property
    def flags(self) -> int:
        return self._p.flags

    @property
    def group(self) -> int:
        return self._p.group

    @property
    def usable(self) -> bool:
        return bool(self._p.usable)

    @property
    def corners(self) -> List[Tuple[float, float, float]]:
        v = self._mesh.vertices
        first = 3 * self._p.first_corner
        return [(v[first + 3 * i], v[first + 3 * i + 1], v[first + 3 * i + 2]) for i in range(self._p.corner_count)]

    @property
    def links(self) -> List[Link]:
        return [self._mesh.link(self._p.first_link + i) for i in range(self._p.link_count)]

    def __repr__(self) -> str:
        return f"<navspan.Polygon {self.index} id={self.id!r} corners={self._p.corner_count}>"


class _Polygons(Sequence):
    """The polygons of a mesh as a lazy sequence."""

    def __init__(self, mesh: "Mesh"):
        self._mesh = mesh

    def __len__(self) -> int:
        return self._mesh.polygon_count

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("polygon index out of range")
        raw = _lib.Polygon()
        _check(_L.navspan_mesh_polygons(self._mesh._h, i, 1, ctypes.byref(raw)))
        return Polygon(self._mesh, i, raw)

    def __iter__(self) -> Iterator[Polygon]:
        table = self._mesh._polygon_structs()
        for i in range(len(table)):
            yield Polygon(self._mesh, i, table[i])


def _float_buffer(points: Any, count_hint: Optional[int] = None) -> Tuple[Any, int, Any]:
    """(address, point count, keep-alive) of x, y, z float32 triples given as
    a buffer (array('f'), NumPy float32 array, memoryview) or a sequence of
    points.

    A buffer is taken as it is shaped: one dimension of whole triples, or
    (n, 3). Any other shape ((3, 4) say) is refused rather than read as
    triples it does not hold, and an empty buffer is zero points."""
    try:
        view = memoryview(points)
    except TypeError:
        view = None
    if view is not None and view.format == "f" and view.c_contiguous:
        if view.nbytes == 0:
            if view.ndim > 1 and view.shape[-1] != 3:
                raise ValueError(f"points of shape {tuple(view.shape)}: expected (n, 3)")
            return 0, 0, None
        if view.ndim == 1:
            flat = view
            if len(flat) % 3:
                raise ValueError("the points' buffer does not hold whole x, y, z triples")
        elif view.ndim == 2 and view.shape[1] == 3:
            flat = view.cast("B").cast("f")
        else:
            raise ValueError(f"points of shape {tuple(view.shape)}: expected (n, 3)")
        if view.readonly:
            arr = (ctypes.c_float * len(flat)).from_buffer_copy(flat)
        else:
            arr = (ctypes.c_float * len(flat)).from_buffer(flat)
        return ctypes.addressof(arr), len(flat) // 3, arr
    if view is not None and view.ndim > 1 and view.shape[-1] != 3:
        raise ValueError(f"points of shape {tuple(view.shape)}: expected (n, 3)")
    flat_list = array.array("f")
    for p in points:
        if len(p) != 3:
            raise ValueError("a point has three coordinates")
        flat_list.extend(p)
    if not flat_list:
        return 0, 0, None
    arr = (ctypes.c_float * len(flat_list)).from_buffer(flat_list)
    return ctypes.addressof(arr), len(flat_list) // 3, (flat_list, arr)


def _polygon_indices(starts: Any) -> Optional[List[int]]:
    """`starts` as polygon indices when it holds only integers (a list,
    range, array('I'), a NumPy integer array), else None (points)."""
    try:
        view = memoryview(starts)
    except TypeError:
        view = None
    if view is not None and view.format == "f":
        return None
    items = list(starts)
    if not items or not all(isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in items):
        return None
    if not all(0 <= p <= 0xFFFFFFFF for p in items):
        raise NavspanError(32, "invalid argument: a polygon index out of range")
    return [int(p) for p in items]


class PolygonTable(dict):
    """Mesh.table(): one column per name, one row per polygon. Columns are
    NumPy arrays when NumPy is importable (the points (n, 3), a two-part
    id (n, 2), the names an object array), else array.array and, for the
    points and two-part ids, lists of tuples."""

    # How to_pandas names the parts of a column of several values a row.
    _PARTS = {2: ("primary", "secondary"), 3: ("x", "y", "z")}

    def __len__(self) -> int:  # the rows, as a DataFrame counts them
        return len(self["index"]) if "index" in self else 0

    def columns(self) -> List[str]:
        return list(self.keys())

    def to_pandas(self):
        """A pandas DataFrame indexed by polygon: a column of points splits
        into name_x, name_y, name_z (a two-part id into id_primary and
        id_secondary). ImportError without pandas."""
        import pandas
        frame = {}
        for name, column in self.items():
            if name == "index":
                continue
            width = getattr(column, "ndim", 1) == 2 and column.shape[1]
            if not width and len(column) and isinstance(column[0], tuple):
                width = len(column[0])
            if width:
                for k, part in enumerate(self._PARTS[width]):
                    frame[f"{name}_{part}"] = [row[k] for row in column] if isinstance(column, list) else column[:, k]
            else:
                frame[name] = column
        return pandas.DataFrame(frame, index=pandas.Index(self["index"], name="index"))


def _uniform_corners(firsts: array.array, counts: array.array) -> int:
    """k when every polygon has k corners (2 or more) stored one polygon
    after the other (polygon p's at k p to k p + k - 1), else 0."""
    n = len(counts)
    if n == 0:
        return 0
    k = counts[0]
    if k < 2 or counts.count(k) != n or firsts != array.array(firsts.typecode, range(0, k * n, k)):
        return 0
    return k


def _one_hop(a: int, b: int, link: int, kind: str, length: float) -> float:
    """find_path's weight="hops": every step costs 1."""
    return 1.0


class Mesh:
    """The walkable view of a file (of one space of a plugin): polygons in
    world coordinates with the file's ids, links with portals, and the
    queries. Built once; any number of threads may query it."""

    def __init__(self, file: "File", space: int = 0, *, hierarchy: bool = False, all_pairs: bool = False):
        """`hierarchy` and `all_pairs` build the search graph now with an
        accelerator of the exact searches (find_path(exact=True),
        distance): the contraction hierarchy (memory linear in the links)
        or the all-pairs table (small maps). The same costs, found faster;
        graph_info() says what was built."""
        h = ctypes.c_void_p()
        err = _lib.Error()
        if hierarchy or all_pairs:
            options = _lib.GraphOptions()
            _L.navspan_graph_options_init(ctypes.byref(options))
            options.flags = (_lib.GRAPH_HIERARCHY if hierarchy else 0) | (_lib.GRAPH_ALL_PAIRS if all_pairs else 0)
            _check(_L.navspan_mesh_create_ex(file._h, space, ctypes.byref(options), ctypes.byref(h),
                                             ctypes.byref(err)), err)
        else:
            _check(_L.navspan_mesh_create(file._h, space, ctypes.byref(h), ctypes.byref(err)), err)
        self._h = h
        self.space = space
        self.polygon_count: int = _L.navspan_mesh_polygon_count(h)
        self.corner_count: int = _L.navspan_mesh_corner_count(h)
        self.link_count: int = _L.navspan_mesh_link_count(h)
        self.id_scheme: str = _ID_SCHEMES.get(_L.navspan_mesh_id_scheme(h), "polygon")
        self.up_axis: str = _L.navspan_mesh_up_axis(h).decode()
        self._two_part = self.id_scheme in ("face", "triangle")
        self._vertices: Optional[array.array] = None
        self._table = None
        self._ids: Optional[Tuple[List[int], List[int]]] = None
        self._areas: Optional[List[float]] = None
        self._group_names: Optional[List[str]] = None
        self._lock = threading.Lock()
        s = ctypes.c_void_p()
        _check(_L.navspan_scratch_create(h, ctypes.byref(s)))
        self._scratch = s
        # Buffers for find_path: grown to what the library says a path
        # needs (buffer_too_small tells the whole counts), then kept.
        self._corridor = (ctypes.c_uint32 * 64)()
        self._waypoints = (ctypes.c_float * (3 * 64))()

    def close(self) -> None:
        if getattr(self, "_h", None):
            _L.navspan_scratch_destroy(self._scratch)
            _L.navspan_mesh_destroy(self._h)
            self._h = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def graph_info(self) -> Dict[str, int]:
        """What the search graph of the exact searches holds (built now if
        no search has built it yet): has_hierarchy, has_all_pairs,
        landmarks, states (one per link), memory_bytes (all of it),
        hierarchy_bytes, all_pairs_bytes."""
        info = _lib.GraphInfo()
        info.size = ctypes.sizeof(info)
        _check(_L.navspan_mesh_graph_info(self._h, ctypes.byref(info)))
        return {name: (bool(getattr(info, name)) if name.startswith("has_") else int(getattr(info, name)))
                for name, _ in _lib.GraphInfo._fields_ if name != "size"}

    def _id(self, primary: int, secondary: int) -> Any:
        return (primary, secondary) if self._two_part else primary

    @property
    def bounds(self) -> Tuple[Tuple[float, float, float], Tuple[float, float, float]]:
        b = (ctypes.c_float * 6)()
        _L.navspan_mesh_bounds(self._h, b)
        return (b[0], b[1], b[2]), (b[3], b[4], b[5])

    @property
    def polygons(self) -> _Polygons:
        return _Polygons(self)

    @property
    def vertices(self) -> array.array:
        """Every polygon's corners, x y z float32 triples, polygon after
        polygon (polygon_data()["first_corner"] says where each starts)."""
        if self._vertices is None:
            v = array.array("f", bytes(4 * 3 * self.corner_count))
            if self.corner_count:
                buf = (ctypes.c_float * len(v)).from_buffer(v)
                _check(_L.navspan_mesh_corners(self._h, 0, self.corner_count, buf))
            self._vertices = v
        return self._vertices

    def _polygon_structs(self):
        if self._table is None:
            table = (_lib.Polygon * max(1, self.polygon_count))()
            if self.polygon_count:
                _check(_L.navspan_mesh_polygons(self._h, 0, self.polygon_count, table))
            self._table = table
        return self._table

    def polygon_data(self) -> dict:
        """The polygons as columns of array('I') (one entry per polygon):
        id_primary, id_secondary, flags, group, first_corner, corner_count,
        first_link, link_count, usable."""
        table = self._polygon_structs()
        n = self.polygon_count
        out = {}
        for name, _ in _lib.Polygon._fields_:
            col = array.array("I", (getattr(table[i], name) for i in range(n)))
            out[name] = col
        return out

    def link(self, index: int) -> Link:
        raw = _lib.Link()
        _check(_L.navspan_mesh_links(self._h, index, 1, ctypes.byref(raw)))
        return Link(index, raw.from_, raw.target, _L.navspan_link_kind_name(raw.kind).decode(), raw.raw_type,
                    raw.record, (_tuple3(raw.portal_a), _tuple3(raw.portal_b)))

    def links(self) -> List[Link]:
        raw = (_lib.Link * max(1, self.link_count))()
        if self.link_count:
            _check(_L.navspan_mesh_links(self._h, 0, self.link_count, raw))
        names = {}
        out = []
        for i in range(self.link_count):
            r = raw[i]
            kind = names.get(r.kind) or names.setdefault(r.kind, _L.navspan_link_kind_name(r.kind).decode())
            out.append(Link(i, r.from_, r.target, kind, r.raw_type, r.record,
                            (_tuple3(r.portal_a), _tuple3(r.portal_b))))
        return out

    def find(self, id: Any) -> Optional[int]:
        """The polygon index of a file id (int, or a (primary, secondary) pair)."""
        primary, secondary = (id if isinstance(id, tuple) else (id, 0))
        p = _L.navspan_mesh_find(self._h, primary, secondary)
        return None if p == _lib.NO_POLYGON else p

    # -- queries -----------------------------------------------------------

    def locate(self, point: PointLike, height_tolerance: float = math.inf) -> Optional[Location]:
        """The polygon under or above the point whose surface is nearest in
        height (within the tolerance), or None. The tolerance is infinity
        unless given (as for `navspan locate`, the C ABI's INFINITY and C++'s
        spatial_index::locate): any height, so a point in the air above an
        area finds that area; pass e.g. 72 for a player's height."""
        return self._location(_L.navspan_locate, point, height_tolerance)

    def nearest(self, point: PointLike, max_distance: float = math.inf) -> Optional[Location]:
        """The polygon nearest to the point in 3D (within max_distance), or None."""
        return self._location(_L.navspan_nearest, point, max_distance)

    def _location(self, fn, point: PointLike, limit: float) -> Optional[Location]:
        """locate or nearest (fn): None where the library finds no polygon
        within the limit (status 35)."""
        out = _lib.Location()
        r = fn(self._h, _point(point), limit, ctypes.byref(out))
        if r == 35:
            return None
        _check(r)
        return Location(out.polygon, _tuple3(out.point), out.distance)

    def _many(self, fn, points: Any, limit: float, surface: bool):
        address, n, keep = _float_buffer(points)
        if n == 0:  # nothing to ask the library
            return (array.array("I"), array.array("f")) if surface else array.array("I")
        polygons = array.array("I", bytes(4 * n))
        pbuf = (ctypes.c_uint32 * max(1, n)).from_buffer(polygons) if n else None
        on = array.array("f", bytes(12 * n)) if surface else None
        obuf = (ctypes.c_float * max(1, 3 * n)).from_buffer(on) if (surface and n) else None
        _check(fn(self._h, address, n, limit, pbuf, obuf, None))
        del keep
        return (polygons, on) if surface else polygons

    def locate_many(self, points: Any, height_tolerance: float = math.inf, surface: bool = False):
        """locate() for many points in one call. `points`: a float32 buffer
        of x, y, z triples (array('f'), a NumPy array of shape (n, 3)) or a
        sequence of points. Returns array('I') of polygon indices
        (0xFFFFFFFF where none); with surface=True also array('f') of the
        points on the surfaces. height_tolerance as locate(): infinity (any
        height) unless given; e.g. 72 for a player's height."""
        return self._many(_L.navspan_locate_many, points, height_tolerance, surface)

    def nearest_many(self, points: Any, max_distance: float = math.inf, surface: bool = False):
        """nearest() for many points in one call (see locate_many)."""
        return self._many(_L.navspan_nearest_many, points, max_distance, surface)

    def find_path(self, start: Union[int, PointLike, Tuple[int, int]], goal: Union[int, PointLike, Tuple[int, int]],
                  cost: Optional[Callable[[int, int, int, str, float], float]] = None,
                  exact: bool = False, *, weight: str = "distance", by: str = "index",
                  lower_bound: Optional[float] = None, shortest: bool = False) -> Optional[Path]:
        """The shortest path (A* over the polygons, then the waypoints
        pulled tight) between two polygons or points (each the polygon
        under or above it, else the nearest). None when the goal cannot be
        reached. Polygons are indices (by="index") or the file's own area
        ids (by="id": a Source area id; a (primary, secondary) pair where
        the format's ids have two parts).

        weight: "distance" (the length walked), "hops" (every step 1: the
        fewest polygons) or "size" (entering a polygon costs its plan
        area, as awpy's "size" weight prices a tile by its size).
        `cost(from, to, link, kind, length)` prices each step instead
        (return length for the default; negative forbids the link);
        `lower_bound` is the least it charges per unit of length (default
        1: never below the length), which keeps the path the cheapest when
        the hook prices below the length (0 always does, searching more).
        exact=True: the cheapest path under the cost model (crossing each
        portal at its midpoint) over the mesh's search graph, built on the
        first such call; A* can settle on a corridor a few percent dearer.
        shortest=True: the any-angle shortest path (free to cross each
        portal anywhere, turning only at corners and point portals; its cost
        is the 3D length of its waypoints, never more than exact=True's,
        and never longer than the waypoints of the default or exact=True
        between the same points); no cost hook, weight or lower_bound with
        it. When its search runs out of nodes (a long path over a large map
        of many small polygons), NavspanError "limit_exceeded", whose
        best_known is the shorter of the default's and exact=True's paths
        (a Path, not proven the shortest)."""
        if shortest and (exact or cost is not None or weight != "distance" or lower_bound is not None):
            raise ValueError("shortest=True takes no cost, weight, lower_bound or exact")
        if weight not in ("distance", "hops", "size"):
            raise ValueError(f"weight must be 'distance', 'hops' or 'size', not {weight!r}")
        if by not in ("index", "id"):
            raise ValueError(f"by must be 'index' or 'id', not {by!r}")
        if weight != "distance":
            if cost is not None:
                raise ValueError(f"weight={weight!r} and cost= both price the steps: give one")
            if weight == "hops":
                cost = _one_hop
            else:
                areas = self._plan_areas()
                cost = lambda a, b, link, kind, length: areas[b]  # noqa: E731
            # Neither prices a step by its length: the straight line would
            # overestimate what is left, and only 0 bounds them from below.
            lower_bound = 0.0
        if lower_bound is not None:
            lower_bound = float(lower_bound)
            if not 0.0 <= lower_bound < math.inf:
                raise ValueError(f"lower_bound must be finite and at least 0, not {lower_bound!r}")
        req = _lib.PathRequest()
        _L.navspan_path_request_init(ctypes.byref(req))
        for end, value in (("start", start), ("goal", goal)):
            if by == "id":
                polygon = self.find(value)
                if polygon is None:
                    raise NavspanError(32, f"invalid argument: no polygon with id {value!r} "
                                           f"(by='id' takes the file's area ids; by='index' polygon indices)")
                value = polygon
            if isinstance(value, int):
                if not 0 <= value < self.polygon_count:
                    raise NavspanError(32, f"invalid argument: no polygon {value} (polygon indices run 0 to "
                                           f"{self.polygon_count - 1}; by='id' takes the file's area ids)")
                setattr(req, end, value)
                raw = _lib.Polygon()
                _check(_L.navspan_mesh_polygons(self._h, value, 1, ctypes.byref(raw)))
                corners = Polygon(self, value, raw).corners
                n = max(1, len(corners))
                setattr(req, end + "_point", (ctypes.c_float * 3)(*(sum(c[k] for c in corners) / n for k in range(3))))
            else:
                setattr(req, end + "_point", _point(value))
        callback = None
        if cost is not None:
            kinds = {}

            def hook(user, a, b, link, kind, length):
                k = kinds.get(kind) or kinds.setdefault(kind, _L.navspan_link_kind_name(kind).decode())
                try:
                    return float(cost(a, b, link, k, length))
                except Exception:
                    return -1.0

            callback = _lib.COST_FN(hook)
            req.cost = callback
        res = _lib.PathResult()
        res.size = ctypes.sizeof(res)
        if shortest:
            search = lambda h, scratch, q, out: _L.navspan_find_path_model(h, scratch, q, 2, out)  # noqa: E731
        elif lower_bound is None:
            search = _L.navspan_find_exact_path if exact else _L.navspan_find_path
        else:
            scaled = _L.navspan_find_exact_path_scaled if exact else _L.navspan_find_path_scaled
            search = lambda h, scratch, q, out: scaled(h, scratch, q, lower_bound, out)  # noqa: E731
        with self._lock:
            # The second round has the room the first one said it needs.
            for _ in range(2):
                req.corridor = self._corridor
                req.corridor_capacity = len(self._corridor)
                req.waypoints = self._waypoints
                req.waypoint_capacity = len(self._waypoints) // 3
                r = search(self._h, self._scratch, ctypes.byref(req), ctypes.byref(res))
                # (Out of nodes with a best known path: its counts too.)
                short = res.corridor_count > len(self._corridor) or res.waypoint_count > len(self._waypoints) // 3
                if r != 33 and not (r == 8 and shortest and short):
                    break
                if res.corridor_count > len(self._corridor):
                    self._corridor = (ctypes.c_uint32 * res.corridor_count)()
                if res.waypoint_count > len(self._waypoints) // 3:
                    self._waypoints = (ctypes.c_float * (3 * res.waypoint_count))()
            if r == 36:
                return None
            best_known = r == 8 and shortest and res.waypoint_count > 0
            if not best_known:
                _check(r)
            polygons = self._corridor[:res.corridor_count]
            w = self._waypoints[:3 * res.waypoint_count]
        waypoints = list(zip(w[0::3], w[1::3], w[2::3]))
        primary, secondary = self._id_columns()
        if self._two_part:
            ids = [(primary[p], secondary[p]) for p in polygons]
        else:
            ids = [primary[p] for p in polygons]
        path = Path(polygons, ids, res.cost, waypoints, res.start, res.goal, res.expanded)
        if best_known:
            # The any-angle search ran out of nodes: its best known path
            # rides on the error (not proven the shortest).
            error = NavspanError._from(r)
            error.best_known = path
            raise error
        return path

    def _endpoint(self, value: Union[int, PointLike]):
        """A search's endpoint as the C ABI takes it: a polygon index (at
        its centre), or a point (NO_POLYGON: the polygon under or above it,
        else the nearest)."""
        if isinstance(value, int):
            return value, None
        return _lib.NO_POLYGON, _point(value)

    def distances_from(self, starts: Any, max_cost: float = math.inf, exact: bool = True,
                       shortest: bool = False) -> array.array:
        """The cost of entering every polygon from the nearest of `starts`
        (polygon indices, at their centres: a list, range, array('I') or
        NumPy integer array; or points: a sequence of x, y, z, or a
        float32 buffer of triples), as array('f') with one
        value per polygon: 0 on a start polygon, inf where no start gets
        within max_cost. The cost to a polygon is to the midpoint of the
        portal it is entered through. One search whatever the number of
        starts; numpy.frombuffer(result, numpy.float32) views it.

        exact=True (the default) is the exact model of distance() and
        find_exact_path: a search over every link (about four states per
        polygon), so a polygon may be left from whichever of its portals
        suits the way on. exact=False is find_path's model: one state per
        polygon, each entered at the midpoint of the portal of its
        cheapest arrival and left from there. It is 5 to 7 times
        faster (no search graph is built for it) and never below the
        exact costs: equal on most polygons, a few percent above on the
        ones whose cheapest way in does not suit the way on.

        shortest=True (whatever `exact` says): find_shortest_path's model,
        the length of the any-angle shortest path to the nearest point of
        each polygon, never above the exact costs (no search graph built).
        Over a whole map of many small polygons the search can run out of
        its nodes: NavspanError limit_exceeded (a finite max_cost helps)."""
        if isinstance(starts, numbers.Integral):
            starts = [starts]
        indices = _polygon_indices(starts)
        if indices is not None:
            polygons = (ctypes.c_uint32 * len(indices))(*indices)
            address, n, keep = None, len(indices), None
        else:
            polygons = None
            address, n, keep = _float_buffer(starts)
        costs = array.array("f", bytes(4 * self.polygon_count))
        cbuf = (ctypes.c_float * max(1, self.polygon_count)).from_buffer(costs) if self.polygon_count else None
        with self._lock:
            if shortest:
                _check(_L.navspan_distance_field_model(self._h, self._scratch, polygons, address, n, max_cost,
                                                       _FIELD_SHORTEST, cbuf, self.polygon_count, None))
            elif exact:
                _check(_L.navspan_distance_field(self._h, self._scratch, polygons, address, n, max_cost, cbuf,
                                                 self.polygon_count, None))
            else:
                _check(_L.navspan_distance_field_model(self._h, self._scratch, polygons, address, n, max_cost,
                                                       _FIELD_POLYGON, cbuf, self.polygon_count, None))
        del keep
        return costs

    def reach(self, start: Union[int, PointLike], max_cost: float = math.inf,
              shortest: bool = False) -> List[Tuple[int, float]]:
        """Every polygon entered at a cost of at most max_cost from the
        start (a polygon index, at its centre, or a point), as (polygon,
        cost) pairs: the start first, then in increasing cost. The exact
        model (distance's): the cost to the midpoint of the portal a
        polygon is entered through.

        shortest=True: find_shortest_path's model, the length of the
        any-angle shortest path to the nearest point of each polygon (as
        distances_from(start, max_cost, shortest=True))."""
        polygon, point = self._endpoint(start)
        out = (_lib.Reached * max(1, self.polygon_count))()
        count = ctypes.c_size_t()
        model = _FIELD_SHORTEST if shortest else 0
        with self._lock:
            _check(_L.navspan_reach_model(self._h, self._scratch, polygon, point, max_cost, model, out,
                                          self.polygon_count, ctypes.byref(count)))
        return [(out[i].polygon, out[i].cost) for i in range(count.value)]

    def distance(self, a: Union[int, PointLike], b: Union[int, PointLike], shortest: bool = False) -> float:
        """The cost of the exact path between two polygons (at their
        centres) or points: the geodesic distance. inf when b cannot be
        reached from a.

        shortest=True: the length of the any-angle shortest path instead
        (find_path(a, b, shortest=True).cost, as navspan distance --shortest):
        free to cross each portal anywhere, never longer. Out of nodes:
        NavspanError "limit_exceeded", whose best_known is the length of the
        best known path (an upper bound)."""
        start, start_point = self._endpoint(a)
        goal, goal_point = self._endpoint(b)
        cost = ctypes.c_float()
        model = _PATH_SHORTEST if shortest else _PATH_EXACT
        with self._lock:
            r = _L.navspan_distance_model(self._h, self._scratch, start, start_point, goal, goal_point, model,
                                          ctypes.byref(cost))
        if r == 36:
            return math.inf
        if r == 8 and shortest and math.isfinite(cost.value):
            error = NavspanError._from(r)
            error.best_known = cost.value  # the best known path's length (an upper bound)
            raise error
        _check(r)
        return cost.value

    def nearest_goal(self, start: Union[int, PointLike], goals: Any,
                     shortest: bool = False) -> Optional[NearestGoal]:
        """The nearest of many goals (polygon indices, at their centres, or
        points, as distances_from takes its starts) from the start: which
        goal (its position in `goals`), its polygon, the cost of the
        cheapest path to it (distance's model) and that path's polygons.
        One search, however many goals; None when no goal can be reached.

        shortest=True: the nearest by the any-angle shortest path
        (distance(..., shortest=True)); `expanded` then counts search
        nodes. find_path(start, goal, shortest=True) gives its waypoints."""
        polygon, point = self._endpoint(start)
        if isinstance(goals, numbers.Integral):
            goals = [goals]
        indices = _polygon_indices(goals)
        if indices is not None:
            polygons = (ctypes.c_uint32 * max(1, len(indices)))(*indices)
            address, n, keep = None, len(indices), None
        else:
            polygons = None
            address, n, keep = _float_buffer(goals)
        corridor = (ctypes.c_uint32 * max(1, self.polygon_count))()
        out = _lib.NearestGoal(size=ctypes.sizeof(_lib.NearestGoal))
        with self._lock:
            r = _L.navspan_find_nearest_goal_model(self._h, self._scratch, polygon, point, polygons, address, n,
                                                   _PATH_SHORTEST if shortest else _PATH_EXACT, corridor,
                                                   self.polygon_count, ctypes.byref(out))
        del keep
        if r == 36:  # no_path
            return None
        _check(r)
        return NearestGoal(out.goal, out.polygon, out.cost, list(corridor[:out.corridor_count]), out.expanded)

    @property
    def group_names(self) -> List[str]:
        """The names of the polygons' groups by group number (Source: the
        place names, "" for number 0, unnamed); empty for formats whose
        groups have numbers only (Fox segments, plugin navmeshes)."""
        if self._group_names is None:
            count = _L.navspan_mesh_group_name_count(self._h)
            self._group_names = [_L.navspan_mesh_group_name(self._h, g).decode("utf-8", "surrogateescape")
                                 for g in range(count)]
        return self._group_names

    def polygons_in_group(self, name: Union[str, int]) -> array.array:
        """The polygon indices (array('I'), in increasing order) of a named
        group: a Source place ("BombsiteA"), as stored. An int is a group
        number (Polygon.group: a Fox segment, a plugin's navmesh, a Source
        place index). KeyError for a name no group has."""
        if isinstance(name, numbers.Integral):
            groups = self.polygon_data()["group"]
            return array.array("I", (p for p, g in enumerate(groups) if g == name))
        if not isinstance(name, str):
            raise TypeError(f"a group is a name (str) or a number (int), not {type(name).__name__}")
        if not name:
            raise KeyError("the empty name is no group (polygons without a place have group 0)")
        raw = name.encode("utf-8", "surrogateescape")
        out = array.array("I", bytes(4 * max(1, self.polygon_count)))
        buf = (ctypes.c_uint32 * len(out)).from_buffer(out)
        count = ctypes.c_size_t()
        r = _L.navspan_mesh_polygons_in_group(self._h, raw, buf, self.polygon_count, ctypes.byref(count))
        del buf
        if r == 35:
            known = ", ".join(sorted(n for n in self.group_names if n)) or "none: this format numbers its groups"
            raise KeyError(f"no group named {name!r} (named groups: {known})")
        _check(r)
        del out[count.value:]
        return out

    def table(self) -> PolygonTable:
        """Every polygon as a row of columns: index, id (the file's own;
        (primary, secondary) where its ids have two parts), centroid (the
        mean of its corners), bounds_min and bounds_max (of its corners),
        size (its area in plan, seen along the up axis), group (Polygon.group),
        group_name (the place's name where the format names groups, else
        ""), flags, corner_count, link_count, usable. NumPy arrays when
        NumPy is importable (see PolygonTable); .to_pandas() makes a
        DataFrame."""
        n = self.polygon_count
        column = self._record_columns()
        v = self.vertices
        centroid, low, high = array.array("f", bytes(12 * n)), array.array("f", bytes(12 * n)), array.array("f", bytes(12 * n))
        firsts, counts = column["first_corner"], column["corner_count"]
        # Each polygon's corners as one slice of each axis' column; the
        # sums, minima and maxima then run as map() over those slices (C
        # calls, no Python loop body per polygon). A polygon without corners
        # keeps zeros.
        spans = [slice(first, first + count) for first, count in zip(firsts, counts)]
        lowest, highest = functools.partial(min, default=0.0), functools.partial(max, default=0.0)
        k = _uniform_corners(firsts, counts)
        for axis in range(3):
            if k:
                # Every polygon k corners, stored in order: the j-th corners
                # of all polygons are one strided slice, and a polygon's
                # values a row across those k columns.
                corners = [v[3 * j + axis::3 * k] for j in range(k)]
                total = map(operator.add, corners[0], corners[1])
                for more in corners[2:]:
                    total = map(operator.add, total, more)
                centroid[axis::3] = array.array("f", map(operator.truediv, total, itertools.repeat(k)))
                low[axis::3] = array.array("f", map(min, *corners))
                high[axis::3] = array.array("f", map(max, *corners))
                continue
            parts = list(map(v[axis::3].__getitem__, spans))
            centroid[axis::3] = array.array("f", [total / count if count else 0.0
                                                  for total, count in zip(map(sum, parts), counts)])
            low[axis::3] = array.array("f", map(lowest, parts))
            high[axis::3] = array.array("f", map(highest, parts))
        names = self.group_names
        group_name = [names[g] if g < len(names) else "" for g in column["group"]]
        out = PolygonTable()
        try:
            import numpy
        except ImportError:
            numpy = None
        if numpy is not None:
            out["index"] = numpy.arange(n, dtype=numpy.uint32)
            primary = numpy.frombuffer(column["id_primary"], dtype=numpy.uint32)
            out["id"] = (numpy.stack([primary, numpy.frombuffer(column["id_secondary"], dtype=numpy.uint32)], axis=1)
                         if self._two_part else primary)
            for name, points in (("centroid", centroid), ("bounds_min", low), ("bounds_max", high)):
                out[name] = numpy.frombuffer(points, dtype=numpy.float32).reshape(n, 3)
            out["size"] = numpy.array(self._plan_areas(), dtype=numpy.float64)
            out["group"] = numpy.frombuffer(column["group"], dtype=numpy.uint32)
            out["group_name"] = numpy.array(group_name, dtype=object)
            for name in ("flags", "corner_count", "link_count"):
                out[name] = numpy.frombuffer(column[name], dtype=numpy.uint32)
            out["usable"] = numpy.frombuffer(column["usable"], dtype=numpy.uint32).astype(bool)
            return out
        def triples(points: array.array) -> List[Tuple[float, float, float]]:
            return list(zip(points[0::3], points[1::3], points[2::3]))
        out["index"] = array.array("I", range(n))
        out["id"] = (list(zip(column["id_primary"], column["id_secondary"])) if self._two_part
                     else column["id_primary"])
        out["centroid"], out["bounds_min"], out["bounds_max"] = triples(centroid), triples(low), triples(high)
        out["size"] = array.array("d", self._plan_areas())
        out["group"] = column["group"]
        out["group_name"] = group_name
        for name in ("flags", "corner_count", "link_count", "usable"):
            out[name] = column[name]
        return out

    def _plan_areas(self) -> List[float]:
        """Each polygon's area in plan (seen from above along the up
        axis): the shoelace formula over its corners, computed once."""
        if self._areas is None:
            v = self.vertices
            column = self._record_columns()
            # The plan's two axes: x and y when z is up, x and z when y is.
            second = 2 if self.up_axis == "y" else 1
            firsts, counts = column["first_corner"], column["corner_count"]
            k = _uniform_corners(firsts, counts)
            if k:
                # k corners a polygon in order: x_j y_j+1 - x_j+1 y_j as
                # columns, added in corner order.
                xs = [v[3 * j::3 * k] for j in range(k)]
                ys = [v[3 * j + second::3 * k] for j in range(k)]
                terms = [map(operator.sub, map(operator.mul, xs[j], ys[(j + 1) % k]),
                             map(operator.mul, xs[(j + 1) % k], ys[j])) for j in range(k)]
                twice = map(operator.add, terms[0], terms[1])
                for more in terms[2:]:
                    twice = map(operator.add, twice, more)
                self._areas = [abs(t) * 0.5 for t in twice]
                return self._areas
            xs, ys = v[0::3].tolist(), v[second::3].tolist()
            # Every corner, polygon after polygon, with the corner after it
            # around its polygon; each polygon's terms end at ends[p].
            here: List[int] = []
            after: List[int] = []
            ends: List[int] = []
            for first, count in zip(firsts, counts):
                here.extend(range(first, first + count))
                after.extend(range(first + 1, first + count))
                if count:
                    after.append(first)
                ends.append(len(here))
            # x_k y_k+1 - x_k+1 y_k for every corner (C calls through map),
            # summed per polygon in corner order as the formula goes.
            terms = list(map(operator.sub, map(operator.mul, [xs[i] for i in here], [ys[i] for i in after]),
                             map(operator.mul, [xs[i] for i in after], [ys[i] for i in here])))
            starts = [0] + ends[:-1]
            self._areas = [abs(sum(terms[a:b])) * 0.5 for a, b in zip(starts, ends)]
        return self._areas

    def _record_columns(self) -> Dict[str, array.array]:
        """The polygon records as one array('I') a field (navspan_polygon
        has nothing but 32-bit members: 9 words a polygon, a column a slice)."""
        n = self.polygon_count
        words = array.array("I", bytes(self._polygon_structs())[:ctypes.sizeof(_lib.Polygon) * n])
        stride = len(_lib.Polygon._fields_)
        return {name: words[k::stride] for k, (name, _) in enumerate(_lib.Polygon._fields_)}

    def _id_columns(self) -> Tuple[List[int], List[int]]:
        if self._ids is None:
            table = self._polygon_structs()
            n = self.polygon_count
            self._ids = ([table[i].id_primary for i in range(n)], [table[i].id_secondary for i in range(n)])
        return self._ids

    def waypoints(self, corridor: Sequence[int], start_point: PointLike, goal_point: PointLike
                  ) -> List[Tuple[float, float, float]]:
        """The corridor's path pulled tight between two points on its ends."""
        c = (ctypes.c_uint32 * max(1, len(corridor)))(*corridor)
        out = (ctypes.c_float * (3 * (len(corridor) + 2)))()
        n = ctypes.c_size_t()
        _check(_L.navspan_waypoints(self._h, c, len(corridor), _point(start_point), _point(goal_point), out,
                                    len(out) // 3, ctypes.byref(n)))
        return [(out[3 * i], out[3 * i + 1], out[3 * i + 2]) for i in range(n.value)]

    def raycast(self, source: PointLike, target: PointLike, step_height: float = 18.0,
                start: Optional[int] = None) -> Optional[RaycastHit]:
        """Walks the straight line from source to target over walk-like
        links; None when no polygon is under the source (and no start is given)."""
        hit = _lib.RaycastResult()
        hit.size = ctypes.sizeof(hit)
        r = _L.navspan_raycast_ex(self._h, _lib.NO_POLYGON if start is None else start, _point(source),
                                  _point(target), step_height, ctypes.byref(hit))
        if r == 35:
            return None
        _check(r)
        return RaycastHit(bool(hit.blocked), hit.fraction, hit.last, hit.visited, bool(hit.gave_up))

    def __repr__(self) -> str:
        return f"<navspan.Mesh {self.polygon_count} {self.id_scheme}s, {self.link_count} links>"


class BotTable(dict):
    """One kind of a file's bot analysis (File.bot_analysis()): one column
    per name, one row per item. Columns are NumPy arrays when NumPy is
    importable (a position (n, 3)), else array.array and, for a position,
    a list of (x, y, z) tuples."""

    _PARTS = ("x", "y", "z")

    def __len__(self) -> int:  # the rows, as a DataFrame counts them
        return len(self["area_index"]) if "area_index" in self else 0

    def columns(self) -> List[str]:
        return list(self.keys())

    def to_pandas(self):
        """A pandas DataFrame, one row per item; a position column splits
        into name_x, name_y, name_z. ImportError without pandas."""
        import pandas
        frame = {}
        for name, column in self.items():
            two_d = getattr(column, "ndim", 1) == 2 or (isinstance(column, list) and column
                                                         and isinstance(column[0], tuple))
            if two_d:
                for k, part in enumerate(self._PARTS):
                    frame[f"{name}_{part}"] = [row[k] for row in column] if isinstance(column, list) else column[:, k]
            else:
                frame[name] = column
        return pandas.DataFrame(frame)


# The array.array type code of each 32-bit member type of the row structures.
_WORD_CODES = {ctypes.c_uint32: "I", ctypes.c_int32: "i", ctypes.c_float: "f"}


def _bot_columns(rows: Any, n: int, struct: type, names: Dict[str, str]) -> BotTable:
    """The rows' members as columns: `names` maps a member to its column
    (every member is 32-bit, or an array of 32-bit floats)."""
    raw = bytes(rows)[:ctypes.sizeof(struct) * n]
    stride = ctypes.sizeof(struct) // 4
    try:
        import numpy
    except ImportError:
        numpy = None
    out = BotTable()
    for member, ctype in struct._fields_:
        if member not in names:
            continue
        first = getattr(struct, member).offset // 4
        width = getattr(ctype, "_length_", 1)
        code = _WORD_CODES[ctype._type_ if width > 1 or hasattr(ctype, "_length_") else ctype]
        if numpy is not None:
            words = numpy.frombuffer(raw, dtype={"I": numpy.uint32, "i": numpy.int32, "f": numpy.float32}[code])
            table = words.reshape(n, stride)
            column = table[:, first:first + width].copy() if width > 1 else table[:, first].copy()
        else:
            words = array.array(code, raw)
            parts = [words[first + k::stride] for k in range(width)]
            column = list(zip(*parts)) if width > 1 else parts[0]
        out[names[member]] = column
    return out


class BotAnalysis:
    """The bot analysis of a Source or Source 2 (Counter-Strike 2) file, as
    tables (BotTable, .to_pandas()): hiding_spots, encounters (paths),
    encounter_spots, approach_spots, earliest_occupy_times. Every row has
    area_index (the area's position in the file's area table) and area_id.
    Empty tables for formats without one. See python/README.md "Bot analysis"."""

    def __init__(self, file: "File"):
        self.hiding_spots = file._bot_table(
            _L.navspan_bot_hiding_spots, _lib.BotHidingSpot,
            ("area_index", "area_id", "spot_id", "position", "flags"))
        self.encounters = file._bot_table(
            _L.navspan_bot_encounter_paths, _lib.BotEncounterPath,
            ("area_index", "area_id", "from_", "to", "from_index", "to_index", "from_direction", "to_direction",
             "first_spot", "spot_count"))
        self.encounter_spots = file._bot_table(
            _L.navspan_bot_encounter_spots, _lib.BotEncounterSpot,
            ("area_index", "area_id", "path", "spot", "t_raw", "t"))
        self.approach_spots = file._bot_table(
            _L.navspan_bot_approach_spots, _lib.BotApproachSpot,
            ("area_index", "area_id", "here", "previous", "previous_how", "next", "next_how"))
        times = file._bot_table(_L.navspan_bot_earliest_occupy_times, _lib.BotOccupyTimes,
                                ("area_index", "area_id", "times"))
        # Two columns rather than one of pairs: a team each.
        occupy = BotTable(area_index=times["area_index"], area_id=times["area_id"])
        pairs = times["times"]
        if isinstance(pairs, list):
            occupy["team0"] = array.array("f", [p[0] for p in pairs])
            occupy["team1"] = array.array("f", [p[1] for p in pairs])
        else:
            occupy["team0"], occupy["team1"] = pairs[:, 0].copy(), pairs[:, 1].copy()
        self.earliest_occupy_times = occupy

    def __repr__(self) -> str:
        return (f"<navspan.BotAnalysis {len(self.hiding_spots)} hiding spots, {len(self.encounters)} encounter paths, "
                f"{len(self.approach_spots)} approach spots, {len(self.earliest_occupy_times)} areas>")


class File:
    """An opened, verified file of any format navspan reads. Use navspan.open()."""

    def __init__(self, handle: ctypes.c_void_p, keep: Any, name: Optional[str]):
        self._h = handle
        self._keep = keep  # borrowed bytes stay alive while the file is open
        self.name = name
        self.format: str = _L.navspan_format_name(_L.navspan_file_format(handle)).decode()
        self.version: int = _L.navspan_file_version(handle)
        self.size: int = _L.navspan_file_size(handle)
        self._meshes: Dict[Tuple[int, bool, bool], Mesh] = {}  # by space index and accelerators

    def close(self) -> None:
        if getattr(self, "_h", None):
            _L.navspan_close(self._h)
            self._h = None
            self._keep = None

    def __enter__(self) -> "File":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def _handle(self) -> ctypes.c_void_p:
        if not self._h:
            raise ValueError("navspan: the file is closed")
        return self._h

    def _text(self, call) -> str:
        pieces: List[bytes] = []

        def write(user, data, size):
            pieces.append(ctypes.string_at(data, size))
            return 0

        cb = _lib.WRITE_FN(write)
        err = _lib.Error()
        _check(call(cb, ctypes.byref(err)), err)
        return b"".join(pieces).decode("utf-8")

    def info_json(self, label: Optional[str] = None) -> str:
        """The one-line JSON summary of `navspan info --json` (with
        "file": label first when a label is given)."""
        h = self._handle()
        return self._text(lambda cb, err: _L.navspan_info_json(
            h, None if label is None else label.encode("utf-8", "surrogateescape"), cb, None, err))

    def info(self) -> dict:
        """The summary as a dict (the keys of `navspan info --json`)."""
        return json.loads(self.info_json())

    def validate(self) -> List[Finding]:
        """The findings of the checks beyond structure (docs/validate.md)."""
        h = self._handle()
        found: List[Finding] = []

        def on(user, f):
            x = f.contents
            found.append(Finding(x.check.decode(), _SEVERITIES.get(x.severity, "error"), x.record.decode(),
                                 x.offset, x.message.decode("utf-8", "replace"), x.not_listed))
            return 0

        cb = _lib.FINDING_FN(on)
        err = _lib.Error()
        _check(_L.navspan_validate(h, cb, None, ctypes.byref(err)), err)
        return found

    def dump(self, write: Optional[Callable[[str], Any]] = None) -> Optional[str]:
        """Every decoded field as the JSON of `navspan dump --json`: returned
        as one string, or streamed to write(text) in pieces."""
        h = self._handle()
        if write is None:
            return self._text(lambda cb, err: _L.navspan_dump_json(h, cb, None, err))
        failure: List[BaseException] = []

        def sink(user, data, size):
            try:
                write(ctypes.string_at(data, size).decode("utf-8"))
                return 0
            except BaseException as e:  # stop the dump, raise it here
                failure.append(e)
                return 1

        cb = _lib.WRITE_FN(sink)
        err = _lib.Error()
        r = _L.navspan_dump_json(h, cb, None, ctypes.byref(err))
        if failure:
            raise failure[0]
        _check(r, err)
        return None

    def bot_analysis(self) -> BotAnalysis:
        """The bot analysis (hiding spots, encounter paths and their spots,
        approach spots, earliest occupy times) as tables; empty tables for
        formats that have none and for a Source 2 file without it."""
        return BotAnalysis(self)

    def _bot_table(self, fn, struct: type, members: Sequence[str]) -> BotTable:
        h = self._handle()
        n = ctypes.c_size_t()
        err = _lib.Error()
        r = fn(h, None, 0, ctypes.byref(n), ctypes.byref(err))
        if r != 33:  # buffer_too_small: there are rows
            _check(r, err)
        rows = (struct * max(1, n.value))()
        _check(fn(h, rows, n.value, ctypes.byref(n), ctypes.byref(err)), err)
        names = {m: ("from" if m == "from_" else m) for m in members}
        return _bot_columns(rows, n.value, struct, names)

    @property
    def spaces(self) -> List[Space]:
        h = self._handle()
        n = ctypes.c_uint32()
        err = _lib.Error()
        _check(_L.navspan_space_count(h, ctypes.byref(n), ctypes.byref(err)), err)
        out = []
        for i in range(n.value):
            s = _lib.Space()
            _check(_L.navspan_space_get(h, i, ctypes.byref(s), ctypes.byref(err)), err)
            needed = ctypes.c_size_t()
            _L.navspan_space_name(h, i, None, 0, ctypes.byref(needed), None)
            name = ctypes.create_string_buffer(max(1, needed.value))
            _check(_L.navspan_space_name(h, i, name, len(name), None, ctypes.byref(err)), err)
            out.append(Space(i, _SPACE_KINDS.get(s.kind, "file"), s.form_id, s.navmeshes, s.triangles,
                             name.value.decode("utf-8", "replace")))
        return out

    def space_index(self, space: Union[int, str]) -> int:
        """The index of a space given by index or by name ("player", "hull
        1", a plugin's editor id; a decimal string is taken as an index)."""
        if isinstance(space, int):
            return space
        index = ctypes.c_uint32()
        err = _lib.Error()
        _check(_L.navspan_space_find(self._handle(), space.encode(), ctypes.byref(index), ctypes.byref(err)), err)
        return index.value

    def mesh(self, space: Union[int, str] = 0, *, hierarchy: bool = False, all_pairs: bool = False) -> Mesh:
        """The walkable view of one space of the file (File.spaces: the
        whole file, a Source 2 hull, a plugin worldspace or cell), by index
        or name. Built on first use and kept. `hierarchy` or `all_pairs`:
        a view whose exact searches run over that accelerator, built now
        (see Mesh), for a program that asks many exact paths or distances
        of one map; kept beside the plain one."""
        key = (self.space_index(space), hierarchy, all_pairs)
        if key not in self._meshes:
            self._meshes[key] = Mesh(self, key[0], hierarchy=hierarchy, all_pairs=all_pairs)
        return self._meshes[key]

    # The first space's mesh, for the common case.
    @property
    def polygons(self) -> _Polygons:
        return self.mesh().polygons

    @property
    def vertices(self) -> array.array:
        return self.mesh().vertices

    def locate(self, point: PointLike, height_tolerance: float = math.inf) -> Optional[Location]:
        """Mesh.locate on the first space's mesh (any height unless a
        tolerance is given: e.g. 72 for a player's height)."""
        return self.mesh().locate(point, height_tolerance)

    def nearest(self, point: PointLike, max_distance: float = math.inf) -> Optional[Location]:
        return self.mesh().nearest(point, max_distance)

    def find_path(self, start: Union[int, PointLike, Tuple[int, int]], goal: Union[int, PointLike, Tuple[int, int]],
                  cost: Optional[Callable[[int, int, int, str, float], float]] = None,
                  exact: bool = False, *, weight: str = "distance", by: str = "index",
                  lower_bound: Optional[float] = None, shortest: bool = False) -> Optional[Path]:
        return self.mesh().find_path(start, goal, cost, exact, weight=weight, by=by, lower_bound=lower_bound,
                                     shortest=shortest)

    def raycast(self, source: PointLike, target: PointLike, step_height: float = 18.0,
                start: Optional[int] = None) -> Optional[RaycastHit]:
        return self.mesh().raycast(source, target, step_height, start)

    def __repr__(self) -> str:
        return f"<navspan.File {self.name or '<bytes>'} {self.format} v{self.version}>"


def _package_part(path: bytes) -> bytes:
    """The file of a path naming a package member ("x.vpk:maps/y.nav"
    gives "x.vpk"): what follows the last ".vpk:" is the member, as the
    library reads it; a path without one is the file itself."""
    at = path.rfind(b".vpk:")
    if at < 0 or at + 5 == len(path) or os.path.exists(path):
        return path
    return path[:at + 4]


def open(source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview], *, mmap: bool = False,
         max_file_size: Optional[int] = None, polygons_per_kib: Optional[int] = None) -> File:
    """Opens and verifies a navigation file of any format.

    source: a path (read into memory; mmap=True maps it instead, only for
    files nothing writes while open), or the bytes themselves: bytes are
    borrowed (kept alive by the File), bytearray and memoryview are copied
    (they could change under the reader). A VPK package ("pak01_dir.vpk",
    a map's "x.vpk") opens as its one navigation member; name one of
    several as "x.vpk:maps/y.nav". max_file_size: the largest file read
    (2 GiB by default); polygons_per_kib: the most polygons a plugin's
    meshes, dump and pictures build per KiB of the file (256 by default, 0
    for no bound: its navmeshes can inflate far past what its size holds).
    Raises NavspanError."""
    opts = _lib.Options()
    _L.navspan_options_init(ctypes.byref(opts))
    if max_file_size is not None:
        opts.max_file_size = max_file_size
    if polygons_per_kib is not None:
        if polygons_per_kib < 0:
            raise ValueError("polygons_per_kib must be 0 or more")
        opts.polygons_per_kib = polygons_per_kib
    h = ctypes.c_void_p()
    err = _lib.Error()
    if isinstance(source, (str, os.PathLike)):
        path = os.fsencode(source)
        # The C ABI takes a C string: a NUL inside would open a shorter,
        # other path. Python's own open() refuses it the same way.
        if b"\0" in path:
            raise ValueError("embedded null byte in the path")
        # Missing or unreadable files raise what Python's open() raises,
        # with the path, so `except FileNotFoundError` works as usual. A
        # package member ("x.vpk:maps/y.nav") is checked by its package.
        disk = _package_part(path)
        if not os.path.exists(disk):
            raise _os_error(FileNotFoundError, errno.ENOENT, "no such file", disk)
        if os.path.isdir(disk):
            raise _os_error(IsADirectoryError, errno.EISDIR, "is a directory, not a file", disk)
        if mmap:
            opts.flags |= _lib.OPEN_MAP
        _check(_L.navspan_open_path(path, ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)), err)
        return File(h, None, os.fsdecode(path))
    if isinstance(source, bytes):
        _check(_L.navspan_open_bytes(source, len(source), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)),
               err)
        return File(h, source, None)
    view = memoryview(source).cast("B")
    opts.flags |= _lib.OPEN_COPY
    if view.readonly:
        data = view.tobytes()
        _check(_L.navspan_open_bytes(data, len(data), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)), err)
    else:
        buf = (ctypes.c_char * len(view)).from_buffer(view) if len(view) else None
        _check(_L.navspan_open_bytes(buf, len(view), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)), err)
    return File(h, None, None)
