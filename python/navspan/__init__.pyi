# Type stubs of the navspan package (python/navspan/__init__.py).
import array
import os
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

__version__: str
RESULT_NAMES: Dict[int, str]

Point = Tuple[float, float, float]
PointLike = Union[Sequence[float], Point]
PolygonId = Union[int, Tuple[int, int]]
CostHook = Callable[[int, int, int, str, float], float]

def library_version() -> str: ...

class NavspanError(Exception):
    code: int
    name: str
    message: str
    reason: str
    offset: Optional[int]
    record: Optional[str]
    value: int
    bound: int
    def __init__(self, code: int, message: str, offset: Optional[int] = ..., record: Optional[str] = ...,
                 value: int = ..., bound: int = ..., reason: Optional[str] = ...) -> None: ...


class FileNotFound(FileNotFoundError, NavspanError): ...
class IsADirectory(IsADirectoryError, NavspanError): ...

class Finding(NamedTuple):
    check: str
    severity: str
    record: str
    offset: int
    message: str
    reason: str
    not_listed: int

class Space(NamedTuple):
    index: int
    kind: str
    form_id: int
    navmeshes: int
    triangles: int
    name: str

class Location(NamedTuple):
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
    blocked: bool
    fraction: float
    last: int
    visited: int
    gave_up: bool

class Path(NamedTuple):
    polygons: List[int]
    ids: List[PolygonId]
    cost: float
    waypoints: List[Point]
    start: int
    goal: int
    expanded: int

class Polygon:
    index: int
    @property
    def id(self) -> PolygonId: ...
    @property
    def flags(self) -> int: ...
    @property
    def group(self) -> int: ...
    @property
    def usable(self) -> bool: ...
    @property
    def corners(self) -> List[Point]: ...
    @property
    def links(self) -> List[Link]: ...

class _Polygons(Sequence[Polygon]):
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: int) -> Polygon: ...
    @overload
    def __getitem__(self, i: slice) -> List[Polygon]: ...
    def __iter__(self) -> Iterator[Polygon]: ...

class Mesh:
    space: int
    polygon_count: int
    corner_count: int
    link_count: int
    id_scheme: str
    up_axis: str
    def close(self) -> None: ...
    @property
    def bounds(self) -> Tuple[Point, Point]: ...
    @property
    def polygons(self) -> _Polygons: ...
    @property
    def vertices(self) -> array.array: ...
    def polygon_data(self) -> Dict[str, array.array]: ...
    def link(self, index: int) -> Link: ...
    def links(self) -> List[Link]: ...
    def find(self, id: PolygonId) -> Optional[int]: ...
    def locate(self, point: PointLike, height_tolerance: float = ...) -> Optional[Location]: ...
    def nearest(self, point: PointLike, max_distance: float = ...) -> Optional[Location]: ...
    def locate_many(self, points: Any, height_tolerance: float = ..., surface: bool = ...) -> Any: ...
    def nearest_many(self, points: Any, max_distance: float = ..., surface: bool = ...) -> Any: ...
    def find_path(self, start: Union[int, PointLike], goal: Union[int, PointLike],
                  cost: Optional[CostHook] = ...) -> Optional[Path]: ...
    def waypoints(self, corridor: Sequence[int], start_point: PointLike, goal_point: PointLike) -> List[Point]: ...
    def raycast(self, source: PointLike, target: PointLike, step_height: float = ...,
                start: Optional[int] = ...) -> Optional[RaycastHit]: ...

class File:
    name: Optional[str]
    format: str
    version: int
    size: int
    def close(self) -> None: ...
    def __enter__(self) -> File: ...
    def __exit__(self, *exc: Any) -> None: ...
    def info_json(self, label: Optional[str] = ...) -> str: ...
    def info(self) -> Dict[str, Any]: ...
    def validate(self) -> List[Finding]: ...
    def dump(self, write: Optional[Callable[[str], Any]] = ...) -> Optional[str]: ...
    @property
    def spaces(self) -> List[Space]: ...
    def space_index(self, space: Union[int, str]) -> int: ...
    def mesh(self, space: Union[int, str] = ...) -> Mesh: ...
    @property
    def polygons(self) -> _Polygons: ...
    @property
    def vertices(self) -> array.array: ...
    def locate(self, point: PointLike, height_tolerance: float = ...) -> Optional[Location]: ...
    def nearest(self, point: PointLike, max_distance: float = ...) -> Optional[Location]: ...
    def find_path(self, start: Union[int, PointLike], goal: Union[int, PointLike],
                  cost: Optional[CostHook] = ...) -> Optional[Path]: ...
    def raycast(self, source: PointLike, target: PointLike, step_height: float = ...,
                start: Optional[int] = ...) -> Optional[RaycastHit]: ...

def open(source: Union[str, os.PathLike[str], bytes, bytearray, memoryview], *, mmap: bool = ...,
         max_file_size: Optional[int] = ...) -> File: ...
