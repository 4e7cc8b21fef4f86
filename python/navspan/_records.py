"""The plain records the navspan package returns (named tuples). Internal:
import them from navspan."""

from __future__ import annotations

from typing import List, NamedTuple, Tuple, Union

# The types the records (and __init__.pyi, which takes the records from
# here) are written in.
Point = Tuple[float, float, float]
PolygonId = Union[int, Tuple[int, int]]


class Finding(NamedTuple):
    """One finding of validate(): see docs/validate.md."""
    check: str
    severity: str
    record: str
    offset: int
    message: str
    not_listed: int


class Space(NamedTuple):
    """A separately walkable mesh of a file, the same idea for every format:
    kind "file" (the whole file: Source, Quake, Fox), "hull" (one agent
    hull of a Source 2 file: form_id is the hull index), "world", "cell",
    "object" (plugins: form_id is the record's). navmeshes and triangles
    are counted for plugins (0 elsewhere). name: "whole file", the hull's
    stored name ("player", ...) or "hull N", a plugin space's editor id
    (else its form id in 8 hex digits); File.mesh() takes it."""
    index: int
    kind: str
    form_id: int
    navmeshes: int
    triangles: int
    name: str = ""


class Location(NamedTuple):
    """Where a point is: the polygon (index), the point on its surface and
    the distance (locate: the height gap; nearest: the 3D distance)."""
    polygon: int
    point: Point
    distance: float


class Link(NamedTuple):
    index: int
    source: int
    target: int
    kind: str
    raw_type: int
    record: int
    portal: Tuple[Point, Point]


class RaycastHit(NamedTuple):
    """Where a raycast stopped. gave_up: the walk made no headway through a
    tangle of overlapping, linked polygons within its work bound (blocked
    is then True too): not a wall of the map."""
    blocked: bool
    fraction: float
    last: int
    visited: int
    gave_up: bool = False


class NearestGoal(NamedTuple):
    """The nearest of many goals (Mesh.nearest_goal): which one (its
    position in the list given), its polygon, the cost of the cheapest
    path to it and that path's polygons from start to goal."""
    goal: int
    polygon: int
    cost: float
    polygons: List[int]
    expanded: int


class Path(NamedTuple):
    """A path: polygons (indices) from start to goal, the same as the file's
    ids, its cost, and the waypoints of the path pulled tight."""
    polygons: List[int]
    ids: List[PolygonId]
    cost: float
    waypoints: List[Point]
    start: int
    goal: int
    expanded: int
