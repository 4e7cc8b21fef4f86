"""The NumPy and pandas branches of Mesh.table() and PolygonTable.to_pandas(),
run without NumPy or pandas: a small stand-in `numpy` (and `pandas`) module
is put into sys.modules for the test alone, holding only what the package
calls, built over array and memoryview. Each column of the NumPy branch
must have the shape and dtype the docs promise and the values of the
branch without NumPy.

table() and File.bot_analysis() are the package's NumPy branches: every
other call returns array.array (which NumPy views with frombuffer) and
takes NumPy input through the buffer protocol, which test_navspan.py
covers with array('f')."""

import array
import sys
import types

import pytest

import navspan

from conftest import SAMPLES


class FakeArray:
    """An n-dimensional array of one dtype over a flat sequence (a
    memoryview of the caller's buffer when made by frombuffer, as NumPy's
    is: no copy), enough for what the package and these tests do."""

    def __init__(self, flat, shape, dtype, view_of=None):
        self.flat = flat
        self.shape = tuple(shape)
        self.dtype = dtype
        self.view_of = view_of  # the buffer a frombuffer() array reads

    @property
    def ndim(self):
        return len(self.shape)

    def __len__(self):
        return self.shape[0]

    def _row(self, i):
        width = self.shape[1]
        return tuple(self.flat[i * width:(i + 1) * width])

    def __getitem__(self, key):
        if isinstance(key, tuple):  # column[:, k]: the k-th part of every row; [:, a:b]: parts a to b
            rows, k = key
            assert rows == slice(None) and self.ndim == 2
            width = self.shape[1]
            if isinstance(k, slice):
                parts = range(width)[k]
                flat = [self.flat[i * width + j] for i in range(self.shape[0]) for j in parts]
                return FakeArray(flat, (self.shape[0], len(parts)), self.dtype)
            return FakeArray([self.flat[i * width + k] for i in range(self.shape[0])], (self.shape[0],), self.dtype)
        if self.ndim == 1:
            return self.flat[key]
        return self._row(key)

    def reshape(self, *shape):
        count = 1
        for s in shape:
            count *= s
        assert count == len(self.flat), f"cannot reshape {len(self.flat)} values to {shape}"
        return FakeArray(self.flat, shape, self.dtype, self.view_of)

    def copy(self):
        return FakeArray(list(self.flat), self.shape, self.dtype)

    def astype(self, dtype):
        convert = {bool: bool}.get(dtype, lambda x: x)
        return FakeArray([convert(x) for x in self.flat], self.shape, dtype)

    def tolist(self):
        if self.ndim == 1:
            return list(self.flat)
        return [self._row(i) for i in range(self.shape[0])]


def fake_numpy():
    np = types.ModuleType("numpy")
    np.uint32, np.int32, np.float32, np.float64 = "uint32", "int32", "float32", "float64"
    codes = {"uint32": "I", "int32": "i", "float32": "f", "float64": "d"}
    np.calls = []

    def frombuffer(buffer, dtype):
        np.calls.append("frombuffer")
        view = memoryview(buffer).cast("B").cast(codes[dtype])
        return FakeArray(view, (len(view),), dtype, view_of=buffer)

    def arange(n, dtype):
        np.calls.append("arange")
        return FakeArray(array.array(codes[dtype], range(n)), (n,), dtype)

    def stack(arrays, axis):
        np.calls.append("stack")
        assert axis == 1 and all(a.ndim == 1 and len(a) == len(arrays[0]) for a in arrays)
        flat = [a.flat[i] for i in range(len(arrays[0])) for a in arrays]
        return FakeArray(flat, (len(arrays[0]), len(arrays)), arrays[0].dtype)

    def array_(values, dtype):
        np.calls.append("array")
        values = list(values)
        flat = array.array(codes[dtype], values) if dtype in codes else values
        return FakeArray(flat, (len(values),), dtype)

    np.frombuffer, np.arange, np.stack, np.array = frombuffer, arange, stack, array_
    return np


def fake_pandas():
    pd = types.ModuleType("pandas")
    pd.frames = []

    class Index:
        def __init__(self, values, name=None):
            self.values, self.name = values, name

    class DataFrame:
        def __init__(self, columns, index=None):
            self.columns, self.index = dict(columns), index
            pd.frames.append(self)

    pd.Index, pd.DataFrame = Index, DataFrame
    return pd


@pytest.fixture
def standins(monkeypatch):
    """The stand-ins in sys.modules for one test; monkeypatch puts back what
    was there (a real NumPy or pandas, or nothing) afterwards."""
    np, pd = fake_numpy(), fake_pandas()
    monkeypatch.setitem(sys.modules, "numpy", np)
    monkeypatch.setitem(sys.modules, "pandas", pd)
    return np, pd


def without_numpy(monkeypatch, mesh):
    """table() by the branch without NumPy: `import numpy` fails (a None in
    sys.modules makes it raise ImportError)."""
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "numpy", None)
        return mesh.table()


def plain(column):
    """A column of either branch as a list of Python values (rows of
    several values as tuples)."""
    return column.tolist() if isinstance(column, FakeArray) else list(column)


@pytest.mark.parametrize("name", ["sample_v16_cstrike.nav", "fox_sample.nav2", "sample_skyrim.esp"])
def test_table_numpy_branch_equals_the_plain_one(name, standins, monkeypatch):
    np, _ = standins
    with navspan.open(SAMPLES / name) as f:
        mesh = f.mesh()
        n = mesh.polygon_count
        two_part = isinstance(f.polygons[0].id, tuple)
        lists = without_numpy(monkeypatch, mesh)
        assert not any(isinstance(c, FakeArray) for c in lists.values())
        arrays = mesh.table()
        assert "frombuffer" in np.calls  # the NumPy branch ran
        assert list(arrays.keys()) == list(lists.keys())
        assert len(arrays) == len(lists) == n
        expected = {"index": ("uint32", (n,)), "id": ("uint32", (n, 2) if two_part else (n,)),
                    "centroid": ("float32", (n, 3)), "bounds_min": ("float32", (n, 3)),
                    "bounds_max": ("float32", (n, 3)), "size": ("float64", (n,)), "group": ("uint32", (n,)),
                    "group_name": (object, (n,)), "flags": ("uint32", (n,)), "corner_count": ("uint32", (n,)),
                    "link_count": ("uint32", (n,)), "usable": (bool, (n,))}
        assert set(expected) == set(arrays)
        for column, (dtype, shape) in expected.items():
            got = arrays[column]
            assert isinstance(got, FakeArray), column
            assert (got.dtype, got.shape) == (dtype, shape), column
            mine = plain(got)
            theirs = plain(lists[column])
            if column == "usable":
                theirs = [bool(x) for x in theirs]
            assert mine == theirs, column
        # The points are views of the table's own float32 buffers, not copies.
        assert isinstance(arrays["centroid"].view_of, array.array)


def test_to_pandas_numpy_branch_gives_the_plain_columns(standins, monkeypatch):
    np, pd = standins
    with navspan.open(SAMPLES / "fox_sample.nav2") as f:
        mesh = f.mesh()
        n = mesh.polygon_count
        lists = without_numpy(monkeypatch, mesh)
        lists.to_pandas()  # the lists of tuples, split into parts
        mesh.table().to_pandas()  # the (n, 3) and (n, 2) arrays, split by [:, k]
        assert len(pd.frames) == 2
        from_lists, from_arrays = pd.frames
        names = ["id_primary", "id_secondary", "centroid_x", "centroid_y", "centroid_z", "bounds_min_x",
                 "bounds_min_y", "bounds_min_z", "bounds_max_x", "bounds_max_y", "bounds_max_z", "size", "group",
                 "group_name", "flags", "corner_count", "link_count", "usable"]
        assert list(from_lists.columns) == names == list(from_arrays.columns)
        for frame in (from_lists, from_arrays):
            assert isinstance(frame.index, pd.Index) and frame.index.name == "index"
            assert list(frame.index.values) == list(range(n))
            assert all(len(c) == n for c in frame.columns.values())
        for name in names:
            a, b = plain(from_arrays.columns[name]), plain(from_lists.columns[name])
            if name == "usable":
                b = [bool(x) for x in b]
            assert a == b, name
        ids = [p.id for p in f.polygons]
        assert list(zip(plain(from_arrays.columns["id_primary"]), plain(from_arrays.columns["id_secondary"]))) == ids


def test_to_pandas_of_one_part_ids(standins, monkeypatch):
    _, pd = standins
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        mesh = f.mesh()
        mesh.table().to_pandas()
        frame = pd.frames[-1]
        assert "id" in frame.columns and "id_primary" not in frame.columns
        assert plain(frame.columns["id"]) == [p.id for p in f.polygons]
        assert [tuple(r) for r in zip(*(plain(frame.columns[f"centroid_{a}"]) for a in "xyz"))] == \
            plain(without_numpy(monkeypatch, mesh)["centroid"])


def test_the_standins_are_gone_afterwards():
    # Runs after the tests above (file order): monkeypatch restored sys.modules.
    numpy = sys.modules.get("numpy")
    assert numpy is None or not hasattr(numpy, "calls")
    pandas = sys.modules.get("pandas")
    assert pandas is None or not hasattr(pandas, "frames")


def test_bot_analysis_numpy_branch_equals_the_plain_one(standins, monkeypatch):
    np, pd = standins
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        with monkeypatch.context() as m:
            m.setitem(sys.modules, "numpy", None)
            lists = f.bot_analysis()
        np.calls.clear()
        arrays = f.bot_analysis()
        assert "frombuffer" in np.calls  # the NumPy branch ran
        kinds = ("hiding_spots", "encounters", "encounter_spots", "approach_spots", "earliest_occupy_times")
        assert sum(len(getattr(lists, k)) for k in kinds) > 0
        for kind in kinds:
            a, b = getattr(arrays, kind), getattr(lists, kind)
            assert list(a.keys()) == list(b.keys()) and len(a) == len(b), kind
            for name in b:
                got = a[name]
                assert isinstance(got, FakeArray), (kind, name)
                width = 3 if name == "position" else 1
                assert got.shape == ((len(b), 3) if width == 3 else (len(b),)), (kind, name)
                mine, theirs = plain(got), plain(b[name])
                # NaN (an occupy time the file lacks) equals itself here.
                assert [x if x == x else "nan" for x in mine] == [x if x == x else "nan" for x in theirs], (kind, name)
        arrays.hiding_spots.to_pandas()  # the (n, 3) position split by [:, k]
        frame = pd.frames[-1]
        assert [c for c in frame.columns if c.startswith("position")] == ["position_x", "position_y", "position_z"]
        assert plain(frame.columns["position_y"]) == [p[1] for p in lists.hiding_spots["position"]]
