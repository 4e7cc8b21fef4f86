"""The graph queries of the package equal the navspan command's answers:
`navspan distance`, `navspan reach` (and their --shortest) and `navspan path --exact`, between the
same points, on two files of every corpus folder and the samples. Both
sides take points and resolve them the same way (the polygon under or
above, else the nearest), so the comparison needs no id mapping. Skipped
without the command (NAVSPAN_COMMAND, set by ctest)."""

import json
import math
import subprocess

import pytest

import navspan

from conftest import CORPUS_FOLDERS, corpus_files, sample_files


def two_of(folder):
    """Two files of a folder, a third and half-way up its sizes: real maps,
    not the smallest (stubs and test rooms with a polygon or two)."""
    by_size = sorted(corpus_files(folder), key=lambda p: p.stat().st_size)
    return sorted({by_size[len(by_size) // 3], by_size[len(by_size) // 2]}) if by_size else []


FILES = [p for folder in CORPUS_FOLDERS for p in two_of(folder)]
FILES += [p for p in sample_files() if p.suffix in (".nav", ".nav2", ".esp", ".esm")]


def centre(polygon):
    xs = [c[0] for c in polygon.corners]
    ys = [c[1] for c in polygon.corners]
    zs = [c[2] for c in polygon.corners]
    return (sum(xs) / len(xs), sum(ys) / len(ys), sum(zs) / len(zs))


def text(point):
    # repr keeps every bit of the float: the command parses it back to the same value.
    return ",".join(repr(float(v)) for v in point)


def ask(command, *args):
    out = subprocess.run([command, *args, "--json", "--snap", "1e9"], capture_output=True, text=True)
    assert out.returncode in (0, 3), out.stderr
    return json.loads(out.stdout)


def agree(a, b):
    return math.isclose(a, b, rel_tol=2e-5, abs_tol=1e-3)


def end_points(f):
    """Three pairs of polygon centres spread over the first space's mesh."""
    usable = [p for p in f.mesh().polygons if p.usable and len(p.corners) >= 3]
    if len(usable) < 2:
        return []
    picks = [usable[(k * 7919) % len(usable)] for k in range(4)]
    return [(centre(picks[k]), centre(picks[k + 1])) for k in range(3) if picks[k] is not picks[k + 1]]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_distance_reach_and_exact_path_equal_the_command(path, command):
    with navspan.open(path) as f:
        mesh = f.mesh()
        pairs = end_points(f)
        if not pairs:
            pytest.skip(f"{path.name}: fewer than two usable polygons")
        for a, b in pairs:
            theirs = ask(command, "distance", str(path), "--from", text(a), "--to", text(b))
            mine = mesh.distance(a, b)
            if not theirs["found"]:
                assert mine == math.inf
                continue
            assert agree(mine, theirs["distance"]), (a, b)
            # The any-angle distance: the command's, never longer than the exact one.
            shortest = ask(command, "distance", str(path), "--from", text(a), "--to", text(b), "--shortest")
            if shortest["found"]:
                assert agree(mesh.distance(a, b, shortest=True), shortest["distance"]), (a, b)
                assert shortest["distance"] <= theirs["distance"] * (1 + 2e-5) + 1e-3
            elif shortest["best_known_distance"] is not None:
                # Out of nodes: the same best known length, on the error.
                with pytest.raises(navspan.NavspanError) as e:
                    mesh.distance(a, b, shortest=True)
                assert e.value.name == "limit_exceeded"
                assert agree(e.value.best_known, shortest["best_known_distance"]), (a, b)

            exact = mesh.find_path(a, b, exact=True)
            path_json = ask(command, "path", str(path), "--from", text(a), "--to", text(b), "--exact")
            assert path_json["found"] and exact is not None
            assert agree(exact.cost, path_json["cost"])
            assert len(exact.polygons) == len(path_json["corridor"])
            assert len(exact.waypoints) == len(path_json["waypoints"])
            for p, q in zip(exact.waypoints, path_json["waypoints"]):
                assert all(agree(x, y) for x, y in zip(p, q)), (p, q)

            # reach within half the distance: the same costs, nearest first.
            limit = theirs["distance"] / 2
            reached = ask(command, "reach", str(path), "--from", text(a), "--cost", repr(limit))["reached"]
            near = mesh.reach(a, limit)
            assert len(near) == len(reached)
            for (_, c), r in zip(near, reached):
                assert agree(c, r["cost"])
            # reach --shortest: the same list as reach(shortest=True), the model named.
            # (A hair above the limit: a cost equal under both models may round a bit above under this one.)
            above = limit * (1 + 1e-5) + 1e-4
            theirs = ask(command, "reach", str(path), "--from", text(a), "--cost", repr(above), "--shortest")
            assert theirs["model"] == "shortest"
            if not theirs["gave_up"]:
                near = mesh.reach(a, above, shortest=True)
                assert len(near) == len(theirs["reached"]) >= len(reached)
                for (_, c), r in zip(near, theirs["reached"]):
                    assert agree(c, r["cost"])
