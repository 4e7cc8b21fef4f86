"""The navspan package's build backend (PEP 517, PEP 660): the standard
library only, so that

    pip install ./python            (offline, with or without build isolation)

builds a wheel that holds libnavspan, compiled here from the repository's
C++ sources with the system's C++ compiler, beside the Python files. No
setuptools, no wheel, no CMake, no network.

How it works: build_wheel finds the repository (the folder above python/, or
the _native/ copy an sdist carries, or NAVSPAN_SOURCE_DIR), compiles
LIBRARY_SOURCES into one shared library (CXX, else c++, g++ or clang++ on
PATH; -std=c++20 -O2 -fPIC -shared and what cmake/navspan_c.cmake gives the
navspan_c target; NAVSPAN_CXXFLAGS adds flags after these), and writes the
wheel zip itself: navspan/ with the library in it (where navspan/_lib.py
looks first) and navspan-VERSION.dist-info/ (METADATA from pyproject.toml's
[project], WHEEL, entry_points.txt, LICENSE, RECORD with sha256 digests).
The tag is py3-none-PLATFORM: the wheel holds a compiled library, so it is
for one platform, but it is no CPython extension (ctypes loads it), so any
Python 3 there can use it.

Environment:
  CXX                    the C++ compiler (may hold arguments: "ccache g++")
  NAVSPAN_CXXFLAGS       more compiler flags, after navspan's own (-O0 wins over -O2)
  NAVSPAN_WHEEL_LIBRARY  pack this already built libnavspan (a CMake build's)
                         instead of compiling one
  NAVSPAN_SOURCE_DIR     the navspan repository, when building from a copy of
                         python/ made without it
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import pathlib
import platform
import re
import shlex
import shutil
import stat
import struct
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

# ---------------------------------------------------------------------------
# THE C++ SOURCES OF LIBNAVSPAN, relative to the repository root: the one
# place that names them. (When a listed file is missing, find_sources()
# looks for the .cpp that defines NAVSPAN_C_BUILDING instead and says so.)
LIBRARY_SOURCES = ["include/navspan/c/navspan.cpp"]
# ---------------------------------------------------------------------------

# The linker script that keeps every symbol but navspan_* local (ELF only;
# optional: -fvisibility=hidden already hides the C++ ones).
VERSION_SCRIPT = "cmake/navspan_c.map"
# The header that marks a navspan checkout (or an sdist's copy of one).
MARKER = "include/navspan/c/navspan.h"

PYTHON_DIR = pathlib.Path(__file__).resolve().parent.parent  # python/
PACKAGE = "navspan"
NATIVE = "_native"  # where an sdist keeps the C++ sources it needs


class BuildError(Exception):
    """A build that cannot go on; the message says why and what to do."""


def _log(message: str) -> None:
    print("navspan build: " + message, file=sys.stderr, flush=True)


# --- pyproject.toml ----------------------------------------------------------

def _parse_toml(text: str) -> dict:
    """tomllib where there is one (Python 3.11+); else a reader of the part
    of TOML pyproject.toml uses: [tables], key = "string" | [array] | {inline
    table} | true/false | integer, comments. tests/test_install.py holds both
    to the same answer."""
    try:
        import tomllib  # type: ignore[import-not-found]
    except ImportError:
        return _parse_toml_subset(text)
    return tomllib.loads(text)


def _parse_toml_subset(text: str) -> dict:
    root: dict = {}
    table = root
    pos = 0
    n = len(text)

    def skip(ws_only_line: bool = False) -> None:
        nonlocal pos
        while pos < n:
            c = text[pos]
            if c == "#":
                while pos < n and text[pos] != "\n":
                    pos += 1
            elif c in " \t\r" or (c == "\n" and not ws_only_line):
                pos += 1
            else:
                return

    def key() -> list:
        nonlocal pos
        parts = []
        while True:
            skip(True)
            if text[pos] == '"':
                parts.append(string())
            else:
                m = re.compile(r"[A-Za-z0-9_-]+").match(text, pos)
                if not m:
                    raise BuildError(f"pyproject.toml: cannot read a key at offset {pos}")
                parts.append(m.group())
                pos = m.end()
            skip(True)
            if pos < n and text[pos] == ".":
                pos += 1
                continue
            return parts

    def string() -> str:
        nonlocal pos
        m = re.compile(r'"((?:[^"\\\n]|\\.)*)"').match(text, pos)
        if not m:
            raise BuildError(f"pyproject.toml: cannot read a string at offset {pos}")
        pos = m.end()
        return json.loads(m.group())  # TOML's basic-string escapes are JSON's

    def value():
        nonlocal pos
        skip(True)
        c = text[pos]
        if c == '"':
            return string()
        if c == "[":
            pos += 1
            items = []
            while True:
                skip()
                if text[pos] == "]":
                    pos += 1
                    return items
                items.append(value())
                skip()
                if text[pos] == ",":
                    pos += 1
        if c == "{":
            pos += 1
            d: dict = {}
            while True:
                skip(True)
                if text[pos] == "}":
                    pos += 1
                    return d
                k = key()
                if text[pos] != "=":
                    raise BuildError(f"pyproject.toml: '=' expected at offset {pos}")
                pos += 1
                _put(d, k, value())
                skip(True)
                if text[pos] == ",":
                    pos += 1
        m = re.compile(r"true|false|[+-]?[0-9]+").match(text, pos)
        if not m:
            raise BuildError(f"pyproject.toml: cannot read a value at offset {pos}")
        pos = m.end()
        if m.group() in ("true", "false"):
            return m.group() == "true"
        return int(m.group())

    while True:
        skip()
        if pos >= n:
            return root
        if text[pos] == "[":
            pos += 1
            k = key()
            if text[pos] != "]":
                raise BuildError(f"pyproject.toml: ']' expected at offset {pos}")
            pos += 1
            table = root
            for part in k:
                table = table.setdefault(part, {})
        else:
            k = key()
            if text[pos] != "=":
                raise BuildError(f"pyproject.toml: '=' expected at offset {pos}")
            pos += 1
            _put(table, k, value())


def _put(table: dict, dotted: list, v) -> None:
    for part in dotted[:-1]:
        table = table.setdefault(part, {})
    table[dotted[-1]] = v


def _project() -> dict:
    path = PYTHON_DIR / "pyproject.toml"
    project = _parse_toml(path.read_text(encoding="utf-8")).get("project")
    if not project or "name" not in project or "version" not in project:
        raise BuildError(f"{path}: [project] with a name and a version is needed")
    return project


def _dist_name(project: dict) -> str:
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _dist_info(project: dict) -> str:
    return f"{_dist_name(project)}-{project['version']}.dist-info"


def _metadata(project: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if project.get("description"):
        lines.append(f"Summary: {project['description']}")
    lic = project.get("license")
    if isinstance(lic, dict) and lic.get("text"):
        lines.append(f"License: {lic['text']}")
    if project.get("requires-python"):
        lines.append(f"Requires-Python: {project['requires-python']}")
    for c in project.get("classifiers", []):
        lines.append(f"Classifier: {c}")
    for url_name, url in project.get("urls", {}).items():
        lines.append(f"Project-URL: {url_name}, {url}")
    for dep in project.get("dependencies", []):
        lines.append(f"Requires-Dist: {dep}")
    for extra, deps in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        for dep in deps:
            marker = f'extra == "{extra}"'
            lines.append(f"Requires-Dist: {dep}; {marker}" if ";" not in dep else f"Requires-Dist: {dep} and {marker}")
    body = ""
    readme = project.get("readme")
    if isinstance(readme, str):
        readme_path = PYTHON_DIR / readme
        if readme_path.is_file():
            kind = "text/markdown" if readme.lower().endswith(".md") else "text/plain"
            lines.append(f"Description-Content-Type: {kind}")
            body = readme_path.read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + body


def _entry_points(project: dict) -> str:
    scripts = project.get("scripts", {})
    if not scripts:
        return ""
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())


# --- the platform --------------------------------------------------------------

def library_name() -> str:
    """The file name navspan/_lib.py looks for first on this platform."""
    if sys.platform == "win32":
        return "navspan.dll"
    if sys.platform == "darwin":
        return "libnavspan.dylib"
    return "libnavspan.so"


def platform_tag() -> str:
    """PEP 425's platform tag of the running interpreter, as pip wants it:
    linux_x86_64, win_amd64, macosx_11_0_arm64, ..."""
    plat = sysconfig.get_platform()
    if plat.startswith("macosx") and plat.endswith(("universal2", "universal", "intel")):
        plat = plat.rsplit("-", 1)[0] + "-" + platform.machine()  # the library is built for this machine only
    tag = re.sub(r"[-.]", "_", plat)
    if struct.calcsize("P") == 4:  # a 32-bit python on a 64-bit kernel reports the kernel's machine
        tag = {"linux_x86_64": "linux_i686", "linux_aarch64": "linux_armv7l"}.get(tag, tag)
    return tag


def wheel_tag() -> str:
    return f"py3-none-{platform_tag()}"


# --- the sources and the compiler ------------------------------------------------

def source_root() -> pathlib.Path:
    """The navspan repository (or the sdist's copy of its C++ sources)."""
    tried = []
    env = os.environ.get("NAVSPAN_SOURCE_DIR")
    candidates = [pathlib.Path(env)] if env else []
    candidates += [PYTHON_DIR.parent, PYTHON_DIR / NATIVE]
    for c in candidates:
        if (c / MARKER).is_file():
            return c.resolve()
        tried.append(str(c))
    raise BuildError(
        "cannot find navspan's C++ sources to compile libnavspan: no " + MARKER + " in " + ", ".join(tried) + ". "
        "This package is built from the navspan repository: run `pip install ./python` in a checkout "
        "(or an sdist made by this backend), or set NAVSPAN_SOURCE_DIR to a checkout, or "
        "NAVSPAN_WHEEL_LIBRARY to a libnavspan already built (cmake --build BUILD --target navspan_c).")


def find_sources(root: pathlib.Path) -> list:
    """LIBRARY_SOURCES under root; for any that is missing, the .cpp files
    that define NAVSPAN_C_BUILDING (the ABI's implementation) wherever they
    moved to under include/, src/, lib/ or examples/."""
    found = [root / s for s in LIBRARY_SOURCES]
    if all(p.is_file() for p in found):
        return found
    missing = [str(p.relative_to(root)) for p in found if not p.is_file()]
    hits = []
    for top in ("include", "src", "lib", "examples"):
        for p in sorted((root / top).rglob("*.cpp")) if (root / top).is_dir() else []:
            try:
                text = p.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            if re.search(r"^\s*#\s*define\s+NAVSPAN_C_BUILDING\b", text, re.M):
                hits.append(p)
    if not hits:
        raise BuildError(f"libnavspan's source {', '.join(missing)} is not in {root}, and no .cpp there defines "
                         "NAVSPAN_C_BUILDING: update LIBRARY_SOURCES in " + __file__)
    _log(f"{', '.join(missing)} not found; compiling {', '.join(str(h.relative_to(root)) for h in hits)} "
         "instead (update LIBRARY_SOURCES in python/_build/navspan_build.py)")
    return hits


def find_compiler() -> list:
    cxx = os.environ.get("CXX")
    if cxx:
        words = shlex.split(cxx, posix=os.name != "nt")
        if words and (shutil.which(words[0]) or os.path.isfile(words[0])):
            return words
        raise BuildError(f"CXX={cxx!r} is not a program that can be run")
    for name in ("c++", "g++", "clang++"):
        path = shutil.which(name)
        if path:
            return [path]
    raise BuildError("no C++ compiler to build libnavspan: set CXX, or install one (Debian: apt-get install g++; "
                     "Windows: MinGW-w64's g++; macOS: xcode-select --install). A C++20 compiler is needed "
                     "(g++ 11 or clang 14 or newer).")


def compile_command(root: pathlib.Path, sources: list, output: pathlib.Path, version: str) -> list:
    """What cmake/navspan_c.cmake's navspan_c target is built with (a
    Release build: NAVSPAN_ENABLE_ASSERTS off), at -O2."""
    cmd = find_compiler() + ["-std=c++20", "-O2", "-DNDEBUG", "-shared",
                             "-fvisibility=hidden", "-fvisibility-inlines-hidden",
                             f"-DNAVSPAN_VERSION=\"{version}\"", "-I" + str(root / "include")]
    if sys.platform == "win32":
        # navspan.dll with no MinGW runtime DLLs beside it (the C ABI's
        # __declspec(dllexport) comes from NAVSPAN_C_BUILDING in the source).
        cmd += ["-static-libgcc", "-static-libstdc++"]
    else:
        cmd += ["-fPIC"]
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        script = root / VERSION_SCRIPT
        if script.is_file():
            cmd += [f"-Wl,--version-script={script}"]
        cmd += ["-Wl,--no-undefined"]  # a source left out of LIBRARY_SOURCES fails here, not at import
    elif sys.platform == "darwin":
        cmd += ["-Wl,-install_name,@rpath/" + library_name()]
    cmd += shlex.split(os.environ.get("NAVSPAN_CXXFLAGS", ""), posix=os.name != "nt")
    cmd += [str(s) for s in sources] + ["-o", str(output)]
    return cmd


def build_library(folder: pathlib.Path, version: str) -> pathlib.Path:
    """libnavspan in folder: NAVSPAN_WHEEL_LIBRARY's copy, or compiled."""
    output = folder / library_name()
    prebuilt = os.environ.get("NAVSPAN_WHEEL_LIBRARY")
    if prebuilt:
        if not os.path.isfile(prebuilt):
            raise BuildError(f"NAVSPAN_WHEEL_LIBRARY={prebuilt!r} is not a file")
        _log(f"packing {prebuilt} (NAVSPAN_WHEEL_LIBRARY) as {output.name}, not compiling")
        shutil.copyfile(prebuilt, output)
        return output
    root = source_root()
    cmd = compile_command(root, find_sources(root), output, version)
    _log("compiling libnavspan (one C++ translation unit: about a minute of one core at -O2):\n  "
         + " ".join(shlex.quote(c) for c in cmd))
    t0 = time.monotonic()
    try:
        result = subprocess.run(cmd, cwd=str(root))
    except OSError as e:
        raise BuildError(f"cannot run the compiler {cmd[0]}: {e}") from e
    if result.returncode != 0 or not output.is_file():
        raise BuildError(f"compiling libnavspan failed (exit {result.returncode}); the command was:\n  "
                         + " ".join(shlex.quote(c) for c in cmd))
    _log(f"compiled {output.name} in {time.monotonic() - t0:.0f} s")
    return output


# --- the wheel ------------------------------------------------------------------

def _package_files() -> list:
    """(path in the wheel, file) of the Python package, without caches or a
    library left in the source tree (an editable install's)."""
    src = PYTHON_DIR / PACKAGE
    skip_names = {"libnavspan.so", "libnavspan.dylib", "navspan.dll", "libnavspan.dll"}
    files = []
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src)
        if p.is_dir() or "__pycache__" in rel.parts or p.suffix in (".pyc", ".pyo") or p.name in skip_names \
                or p.name.startswith("libnavspan.so."):
            continue
        files.append((f"{PACKAGE}/{rel.as_posix()}", p))
    return files


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _zip_time() -> tuple:
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01: reproducible wheels
    return time.gmtime(max(epoch, 315532800))[:6]


class _WheelWriter:
    def __init__(self, path: pathlib.Path, dist_info: str):
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.dist_info = dist_info
        self.records = []
        self.when = _zip_time()

    def add(self, arcname: str, data: bytes, executable: bool = False) -> None:
        info = zipfile.ZipInfo(arcname, date_time=self.when)
        info.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        self.records.append(f"{arcname},{_digest(data)},{len(data)}")

    def close(self) -> None:
        record = f"{self.dist_info}/RECORD"
        data = ("\n".join(self.records + [f"{record},,"]) + "\n").encode()
        info = zipfile.ZipInfo(record, date_time=self.when)
        info.external_attr = (0o644 | stat.S_IFREG) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        self.zip.close()


def _write_dist_info(w: _WheelWriter, project: dict, tag: str) -> None:
    d = w.dist_info
    w.add(f"{d}/METADATA", _metadata(project).encode())
    w.add(f"{d}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: navspan_build {project['version']}\n"
                         f"Root-Is-Purelib: false\nTag: {tag}\n").encode())
    entry_points = _entry_points(project)
    if entry_points:
        w.add(f"{d}/entry_points.txt", entry_points.encode())
    for lic in (PYTHON_DIR / "LICENSE", PYTHON_DIR / NATIVE / "LICENSE", PYTHON_DIR.parent / "LICENSE"):
        if lic.is_file() and (lic.parent != PYTHON_DIR.parent or (lic.parent / MARKER).is_file()):
            w.add(f"{d}/LICENSE", lic.read_bytes())
            break


def _write_metadata_folder(metadata_directory: str) -> str:
    project = _project()
    folder = pathlib.Path(metadata_directory) / _dist_info(project)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(_metadata(project), encoding="utf-8")
    (folder / "WHEEL").write_text(f"Wheel-Version: 1.0\nGenerator: navspan_build {project['version']}\n"
                                  f"Root-Is-Purelib: false\nTag: {wheel_tag()}\n", encoding="utf-8")
    entry_points = _entry_points(project)
    if entry_points:
        (folder / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return folder.name


def _wheel_name(project: dict, tag: str) -> str:
    return f"{_dist_name(project)}-{project['version']}-{tag}.whl"


# --- PEP 517 / PEP 660 hooks ---------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_metadata_folder(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _write_metadata_folder(metadata_directory)


def _wheel_start(wheel_directory):
    """The project, the wheel's tag and its path in wheel_directory (made)."""
    project = _project()
    tag = wheel_tag()
    out = pathlib.Path(wheel_directory) / _wheel_name(project, tag)
    out.parent.mkdir(parents=True, exist_ok=True)
    return project, tag, out


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project, tag, out = _wheel_start(wheel_directory)
    with tempfile.TemporaryDirectory(prefix="navspan-build-") as tmp:
        library = build_library(pathlib.Path(tmp), project["version"])
        w = _WheelWriter(out, _dist_info(project))
        try:
            for arcname, path in _package_files():
                w.add(arcname, path.read_bytes())
            w.add(f"{PACKAGE}/{library.name}", library.read_bytes(), executable=True)
            _write_dist_info(w, project, tag)
        finally:
            w.close()
    _log(f"wrote {out}")
    return out.name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a .pth file that puts python/ on sys.path, and
    libnavspan compiled into python/navspan/ (where the package looks first;
    rebuild with the same pip command after changing the C++ sources)."""
    project, tag, out = _wheel_start(wheel_directory)
    with tempfile.TemporaryDirectory(prefix="navspan-build-") as tmp:
        library = build_library(pathlib.Path(tmp), project["version"])
        shutil.copyfile(library, PYTHON_DIR / PACKAGE / library.name)
    w = _WheelWriter(out, _dist_info(project))
    try:
        w.add(f"__editable__.{_dist_name(project)}.pth", (str(PYTHON_DIR) + "\n").encode())
        _write_dist_info(w, project, tag)
    finally:
        w.close()
    return out.name


def _sdist_native_files(root: pathlib.Path) -> list:
    """The repository files the wheel build needs, relative to root: every
    header under include/, the folder of each source with what is under it
    (the sources' own headers), the version script, the licence."""
    wanted = set()
    for p in (root / "include").rglob("*"):
        if p.is_file():
            wanted.add(p)
    for src in find_sources(root):
        for p in src.parent.rglob("*"):
            if p.is_file() and p.suffix in (".cpp", ".hpp", ".h", ".inc", ".ipp") and "__pycache__" not in p.parts:
                wanted.add(p)
    for extra in (VERSION_SCRIPT, "LICENSE"):
        if (root / extra).is_file():
            wanted.add(root / extra)
    return sorted(p.relative_to(root) for p in wanted)


def build_sdist(sdist_directory, config_settings=None):
    """python/ as navspan-VERSION/, with the C++ sources libnavspan is built
    from under navspan-VERSION/_native/ (so the sdist builds a wheel alone)."""
    project = _project()
    base = f"{_dist_name(project)}-{project['version']}"
    out = pathlib.Path(sdist_directory) / f"{base}.tar.gz"
    out.parent.mkdir(parents=True, exist_ok=True)
    root = source_root()
    when = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))

    def add(tar: tarfile.TarFile, arcname: str, data: bytes) -> None:
        info = tarfile.TarInfo(f"{base}/{arcname}")
        info.size = len(data)
        info.mtime = int(when)
        info.mode = 0o644
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(out, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        add(tar, "PKG-INFO", _metadata(project).encode())
        for p in sorted(PYTHON_DIR.rglob("*")):
            rel = p.relative_to(PYTHON_DIR)
            if (p.is_dir() or rel.parts[0] in ("build", "dist", NATIVE, "tests") or "__pycache__" in rel.parts
                    or p.suffix in (".pyc", ".pyo") or rel.parts[0].endswith(".egg-info")
                    or p.name in ("libnavspan.so", "libnavspan.dylib", "navspan.dll")):
                continue
            add(tar, rel.as_posix(), p.read_bytes())
        for rel in _sdist_native_files(root):
            add(tar, f"{NATIVE}/{rel.as_posix()}", (root / rel).read_bytes())
    _log(f"wrote {out}")
    return out.name
