"""Spaces of every format (Source 2 hulls among them), VPK packages, and
paths that end at their goal, through the package as callers use it."""

import math
import struct
import zlib

import pytest

import navspan
from conftest import CORPUS, CORPUS_FOLDERS, SAMPLES, corpus_files, sample_files

VAULT = CORPUS / "source2-nav" / "files" / "ValveResourceFormat__ValveResourceFormat__a5_vault.nav"
PACKAGE = CORPUS / "vpk" / "files" / "ValveResourceFormat__ValveResourceFormat__point_template_test.vpk"
LOOSE = CORPUS / "source2-nav" / "files" / "ValveResourceFormat__ValveResourceFormat__point_template_test.nav"


def opened(path):
    try:
        return navspan.open(path)
    except navspan.NavspanError:
        return None  # a corpus file its EXPECTED.tsv says is refused


@pytest.mark.parametrize("folder", CORPUS_FOLDERS + ["vpk"])
def test_spaces_have_names_and_meshes_by_name(folder):
    files = corpus_files(folder) + (sample_files() if folder == "source-nav" else [])
    if not files:
        pytest.skip(f"no {folder} corpus")
    for path in files:
        f = opened(path)
        if f is None:
            continue
        with f:
            spaces = f.spaces
            for s in spaces:
                assert s.name and s.kind in ("file", "hull", "world", "cell", "object")
                assert (s.kind == "hull") == (f.format == "source2_nav")
                assert f.space_index(s.name) <= s.index  # two cells may share an editor id
                assert f.space_index(str(s.index)) in (s.index, f.space_index(str(s.index)))
            for s in spaces[:2]:
                assert f.mesh(s.index) is f.mesh(s.index)
            with pytest.raises(navspan.NavspanError) as e:
                f.space_index("no such space anywhere")
            assert e.value.name == "not_found"


def test_source2_hulls_are_spaces():
    if not VAULT.is_file():
        pytest.skip("no source2-nav corpus")
    with navspan.open(VAULT) as f:
        assert [(s.index, s.kind, s.form_id, s.name) for s in f.spaces] == [
            (0, "hull", 0, "hull 0"), (1, "hull", 1, "hull 1"), (2, "hull", 2, "hull 2")]
        counts = [f.mesh(s.name).polygon_count for s in f.spaces]
        assert counts == [436, 417, 392] and sum(counts) == f.info()["areas"]
        assert f.mesh(1) is f.mesh("hull 1") and f.mesh() is f.mesh("hull 0")


def test_the_package_opens_as_its_nav():
    if not PACKAGE.is_file():
        pytest.skip("no vpk corpus")
    with navspan.open(PACKAGE) as p, navspan.open(LOOSE) as loose:
        assert (p.format, p.version, p.size) == (loose.format, loose.version, loose.size) == ("source2_nav", 36,
                                                                                                LOOSE.stat().st_size)
        assert p.info_json() == loose.info_json()
        assert [s.name for s in p.spaces] == ["player"]
    with navspan.open(f"{PACKAGE}:maps/point_template_test.nav") as p:
        assert p.size == LOOSE.stat().st_size
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(f"{PACKAGE}:maps/none.nav")
    assert e.value.name == "not_found" and "maps/none.nav" in str(e.value)
    with navspan.open(PACKAGE.read_bytes()) as p:
        assert p.size == LOOSE.stat().st_size


def vpk(members):
    """A version-2 VPK: members (directory, name, extension, data, archive)
    with archive None for this file. Returns (package, {archive: bytes})."""
    tree, data, archives = b"", b"", {}
    for ext in dict.fromkeys(m[2] for m in members):
        tree += ext.encode() + b"\0"
        for d in dict.fromkeys(m[0] for m in members if m[2] == ext):
            tree += d.encode() + b"\0"
            for (_, name, _, content, archive) in (m for m in members if m[2] == ext and m[0] == d):
                if archive is None:
                    offset, data, index = len(data), data + content, 0x7FFF
                else:
                    offset, index = len(archives.get(archive, b"")), archive
                    archives[archive] = archives.get(archive, b"") + content
                tree += name.encode() + b"\0" + struct.pack("<IHHIIH", zlib.crc32(content), 0, index, offset,
                                                            len(content), 0xFFFF)
            tree += b"\0"
        tree += b"\0"
    tree += b"\0"
    return struct.pack("<7I", 0x55AA1234, 2, len(tree), len(data), 0, 0, 0) + tree + data, archives


def test_split_sets_and_several_members(tmp_path):
    nav = (SAMPLES / "sample_v16_cstrike.nav").read_bytes()
    package, archives = vpk([("maps", "split", "nav", nav, 0), ("materials", "x", "vmat_c", b"xyz" * 9, None)])
    (tmp_path / "set_dir.vpk").write_bytes(package)
    (tmp_path / "set_000.vpk").write_bytes(archives[0])
    with navspan.open(tmp_path / "set_dir.vpk") as f:
        assert f.format == "source_nav" and f.size == len(nav)
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(package)  # bytes: the archive beside it cannot be found
    assert e.value.name == "io" and "split set" in str(e.value)
    (tmp_path / "set_000.vpk").unlink()
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(tmp_path / "set_dir.vpk")
    assert e.value.name == "io" and "set_000.vpk" in str(e.value)

    two, _ = vpk([("maps", "one", "nav", nav, None), ("maps", "two", "nav", nav, None)])
    (tmp_path / "two.vpk").write_bytes(two)
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(tmp_path / "two.vpk")
    assert e.value.name == "invalid_argument" and "maps/one.nav" in str(e.value) and "maps/two.nav" in str(e.value)
    with navspan.open(f"{tmp_path / 'two.vpk'}:maps/two.nav") as f:
        assert f.size == len(nav)
    with pytest.raises(FileNotFoundError):
        navspan.open(f"{tmp_path / 'three.vpk'}:maps/two.nav")


def centre(polygon):
    c = polygon.corners
    return tuple(sum(p[k] for p in c) / len(c) for k in range(3))


def maps():
    for folder in CORPUS_FOLDERS:
        for path in corpus_files(folder):
            yield path


@pytest.mark.parametrize("path", list(maps()) or [None], ids=lambda p: p.name if p else "none")
def test_paths_end_at_the_goal(path):
    if path is None:
        pytest.skip("no corpus")
    f = opened(path)
    if f is None:
        return
    with f:
        mesh = f.mesh()
        n = mesh.polygon_count
        found = at_goal = 0
        pairs = 200 if "hip1m3" in path.name or "de_dust2" in path.name else 24
        for i in range(pairs if n else 0):
            a, b = (i * 7919) % n, (i * 104729 + n // 2) % n
            if not (mesh.polygons[a].usable and mesh.polygons[b].usable):
                continue
            p = mesh.find_path(a, b)
            if p is None:
                continue
            found += 1
            goal = centre(mesh.polygons[b])
            at_goal += math.dist(p.waypoints[-1], goal) < 1e-2
            assert p.cost + 1e-2 >= 0.999 * math.dist(p.waypoints[0], goal)
        assert at_goal == found


def test_one_polygon_cost_is_the_straight_line_and_raycast_says_gave_up():
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        mesh = f.mesh()
        c = centre(mesh.polygons[0])
        goal = (c[0] + 3.0, c[1] + 4.0, c[2])
        p = mesh.find_path(c, goal)
        if p is not None and len(p.polygons) == 1:
            assert p.cost == pytest.approx(5.0, abs=1e-3)
        hit = mesh.raycast(c, goal)
        assert hit is not None and hit.gave_up is False


def test_empty_input_is_the_librarys_error():
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(b"")
    assert str(e.value) == "empty input (the file has no bytes)" and e.value.name == "io"
