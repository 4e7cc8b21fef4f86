"""`pip install ./python`: the in-tree build backend (python/_build/navspan_build.py).

Three depths, for CI's time:
- always (no compiler, well under a second): the hooks, the metadata, the
  versions, that LIBRARY_SOURCES names files that exist;
- the wheel, built once and taken apart (RECORD digests, the library and
  that it loads, METADATA, WHEEL, entry points): with NAVSPAN_LIBRARY given
  (ctest gives the CMake build's) the backend packs that library instead of
  compiling it (NAVSPAN_WHEEL_LIBRARY), so this costs nothing either; without
  it the backend compiles libnavspan (about a minute of one core);
- NAVSPAN_TEST_INSTALL=1 (.ci/run does it once): the real route, offline. A
  temporary venv's pip builds the wheel from python/ with build isolation
  and no index (so `requires = []` is proven offline), which compiles
  libnavspan; then the wheel is checked as above, installed into that venv
  with --no-index, imported and run from another folder with no
  NAVSPAN_LIBRARY. Skipped when there is no C++ compiler or no venv module.
"""

import base64
import csv
import ctypes
import hashlib
import importlib.util
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / "python"
FULL = os.environ.get("NAVSPAN_TEST_INSTALL") == "1"


def _load_backend():
    spec = importlib.util.spec_from_file_location("navspan_build", PYTHON_DIR / "_build" / "navspan_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


backend = _load_backend()


def clean_env(**more):
    """The environment for pip and the installed package: no library from
    outside, no index."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NAVSPAN_LIBRARY", "NAVSPAN_WHEEL_LIBRARY", "PYTHONPATH", "PYTHONHOME")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    env.update(more)
    return env


# --- always -----------------------------------------------------------------------

def test_pyproject_needs_nothing_to_build():
    text = (PYTHON_DIR / "pyproject.toml").read_text()
    data = backend._parse_toml(text)
    assert data["build-system"] == {"requires": [], "build-backend": "navspan_build", "backend-path": ["_build"]}
    assert backend.get_requires_for_build_wheel() == []
    assert backend.get_requires_for_build_sdist() == []
    assert backend.get_requires_for_build_editable() == []


def test_toml_subset_reads_pyproject_as_tomllib_does():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; older ones use the subset reader
    text = (PYTHON_DIR / "pyproject.toml").read_text()
    assert backend._parse_toml_subset(text) == tomllib.loads(text)


def test_versions_agree():
    """The wheel's version (pyproject.toml) is libnavspan's (CMakeLists.txt,
    navspan.h) and the package's __version__: the backend compiles the
    library with NAVSPAN_VERSION set from pyproject.toml."""
    version = backend._project()["version"]
    cmake = re.search(r"project\(navspan\s+VERSION\s+([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    header = (ROOT / "include" / "navspan" / "c" / "navspan.h").read_text()
    parts = [re.search(r"#define NAVSPAN_VERSION_%s (\d+)" % p, header).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    init = re.search(r'^__version__ = "([^"]+)"', (PYTHON_DIR / "navspan" / "__init__.py").read_text(), re.M)
    assert cmake and init
    assert version == cmake.group(1) == ".".join(parts) == init.group(1)


def test_library_sources_are_where_the_backend_says():
    """LIBRARY_SOURCES (python/_build/navspan_build.py) names the C ABI's
    implementation: when it moves, that list is the one line to change (the
    build would still find it by NAVSPAN_C_BUILDING, with a warning)."""
    missing = [s for s in backend.LIBRARY_SOURCES if not (ROOT / s).is_file()]
    assert not missing, f"update LIBRARY_SOURCES in python/_build/navspan_build.py: {missing} do not exist"
    assert backend.source_root() == ROOT


def test_moved_sources_are_found_by_their_define(monkeypatch):
    """With LIBRARY_SOURCES stale, the build still finds the C ABI's
    implementation (the .cpp that defines NAVSPAN_C_BUILDING) and says so."""
    real = [ROOT / s for s in backend.LIBRARY_SOURCES]
    monkeypatch.setattr(backend, "LIBRARY_SOURCES", ["include/navspan/c/moved_away.cpp"])
    assert backend.find_sources(ROOT) == real


def test_metadata_hook(tmp_path):
    name = backend.prepare_metadata_for_build_wheel(str(tmp_path))
    assert name == "navspan-0.1.0.dist-info"
    metadata = (tmp_path / name / "METADATA").read_text()
    assert "Name: navspan\nVersion: 0.1.0\n" in metadata
    assert "Requires-Python: >=3.8\n" in metadata
    assert 'Requires-Dist: pytest; extra == "test"' in metadata
    assert "navspan-py = navspan.__main__:main" in (tmp_path / name / "entry_points.txt").read_text()
    assert f"Tag: {backend.wheel_tag()}\n" in (tmp_path / name / "WHEEL").read_text()


def test_wheel_tag_is_this_platform():
    import sysconfig
    tag = backend.wheel_tag()
    assert tag.startswith("py3-none-") and tag != "py3-none-any"
    if sys.platform.startswith("linux") and ctypes.sizeof(ctypes.c_void_p) == 8:
        assert tag == "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def test_no_sources_no_build(tmp_path, monkeypatch):
    """A copy of python/ without the repository is refused with a message
    that says what to do."""
    monkeypatch.setattr(backend, "PYTHON_DIR", tmp_path / "python")
    monkeypatch.setattr(backend, "MARKER", "include/navspan/c/no_such_header.h")
    monkeypatch.delenv("NAVSPAN_SOURCE_DIR", raising=False)
    with pytest.raises(backend.BuildError, match="NAVSPAN_SOURCE_DIR"):
        backend.source_root()


# --- the wheel, built once ----------------------------------------------------------

def _venv(folder: pathlib.Path) -> pathlib.Path:
    """A fresh venv with pip (the interpreter running the tests), or a skip."""
    try:
        import ensurepip  # noqa: F401  (Debian: python3-venv)
    except ImportError:
        pytest.skip("no ensurepip (Debian: apt-get install python3-venv): cannot make a venv with pip")
    result = subprocess.run([sys.executable, "-m", "venv", str(folder)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"python -m venv failed (Debian: python3-venv): {result.stderr.strip()[-300:]}")
    return folder / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the wheel, the venv's python or None)."""
    out = tmp_path_factory.mktemp("wheel")
    if FULL:
        try:
            backend.find_compiler()
        except backend.BuildError as e:
            pytest.skip(str(e))
        python = _venv(tmp_path_factory.mktemp("venv") / "v")
        # pip's default route: build isolation, no index, nothing to install first.
        result = subprocess.run([str(python), "-m", "pip", "wheel", "--no-index", "--no-deps", "-w", str(out),
                                 str(PYTHON_DIR)], env=clean_env(), capture_output=True, text=True)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    else:
        library = os.environ.get("NAVSPAN_LIBRARY")
        saved = os.environ.get("NAVSPAN_WHEEL_LIBRARY")
        if library and os.path.isfile(library):
            os.environ["NAVSPAN_WHEEL_LIBRARY"] = library  # pack ctest's library: no compiling here
        else:
            os.environ.pop("NAVSPAN_WHEEL_LIBRARY", None)
            try:
                backend.find_compiler()
            except backend.BuildError as e:
                pytest.skip(str(e))
        try:
            backend.build_wheel(str(out))
        finally:
            if saved is None:
                os.environ.pop("NAVSPAN_WHEEL_LIBRARY", None)
            else:
                os.environ["NAVSPAN_WHEEL_LIBRARY"] = saved
        python = None
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0], python


def test_wheel_contents(built, tmp_path):
    wheel, _ = built
    tag = backend.wheel_tag()
    assert wheel.name == f"navspan-0.1.0-{tag}.whl"
    dist_info = "navspan-0.1.0.dist-info"
    library = "navspan/" + backend.library_name()
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        # RECORD: every other file once, each with its sha256 and size.
        rows = list(csv.reader(io.StringIO(z.read(f"{dist_info}/RECORD").decode())))
        recorded = {}
        for path, digest, size in rows:
            if path == f"{dist_info}/RECORD":
                assert digest == "" and size == ""
                continue
            data = z.read(path)
            expected = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == expected, path
            assert int(size) == len(data), path
            recorded[path] = data
        assert set(recorded) | {f"{dist_info}/RECORD"} == names
        package = {p.name for p in (PYTHON_DIR / "navspan").iterdir() if p.is_file() and p.suffix in (".py", ".pyi", ".typed")}
        assert {n for n in names if n.startswith("navspan/")} == {f"navspan/{p}" for p in package} | {library}
        assert not any("__pycache__" in n for n in names)
        wheel_file = recorded[f"{dist_info}/WHEEL"].decode()
        assert "Wheel-Version: 1.0\n" in wheel_file and "Root-Is-Purelib: false\n" in wheel_file
        assert f"Tag: {tag}\n" in wheel_file
        metadata = recorded[f"{dist_info}/METADATA"].decode()
        assert metadata.startswith("Metadata-Version: 2.1\nName: navspan\nVersion: 0.1.0\n")
        assert "# navspan for Python" in metadata  # the README as the description
        assert "[console_scripts]\nnavspan-py = navspan.__main__:main\n" == recorded[f"{dist_info}/entry_points.txt"].decode()
        assert f"{dist_info}/LICENSE" in names
        # The library: executable bits kept, and it loads and says its version.
        assert (z.getinfo(library).external_attr >> 16) & 0o111
        (tmp_path / backend.library_name()).write_bytes(recorded[library])
    lib = ctypes.CDLL(str(tmp_path / backend.library_name()))
    lib.navspan_version_string.restype = ctypes.c_char_p
    assert lib.navspan_version_string() == b"0.1.0"


@pytest.mark.skipif(not FULL, reason="NAVSPAN_TEST_INSTALL=1 installs the wheel into a venv (compiles libnavspan)")
def test_wheel_installs_offline_and_runs(built, tmp_path):
    wheel, python = built
    result = subprocess.run([str(python), "-m", "pip", "install", "--no-index", str(wheel)], env=clean_env(),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    # From another folder, with no NAVSPAN_LIBRARY: the package's own library.
    code = "import navspan, json; print(json.dumps([navspan.library_version(), navspan._L._name]))"
    result = subprocess.run([str(python), "-c", code], cwd=str(tmp_path), env=clean_env(), capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    version, loaded = json.loads(result.stdout)
    assert version == "0.1.0"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['platlib'])"],
                          env=clean_env(), capture_output=True, text=True).stdout.strip()
    assert pathlib.Path(loaded).resolve() == (pathlib.Path(site) / "navspan" / backend.library_name()).resolve()
    # The console script the wheel's entry points declare.
    script = python.parent / ("navspan-py.exe" if os.name == "nt" else "navspan-py")
    sample = ROOT / "examples" / "samples" / "sample_v16_cstrike.nav"
    result = subprocess.run([str(script), "info", str(sample)], cwd=str(tmp_path), env=clean_env(),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["format"] == "source_nav"
