"""The navspan Python package over libnavspan: every entry point on the
bundled samples (one per format), and on every corpus file the package's
`python3 -m navspan info` output compared with the navspan command's."""

import array
import json
import math
import os
import subprocess
import sys
import threading

import pytest

import navspan
from conftest import CORPUS, CORPUS_FOLDERS, SAMPLES, corpus_files, sample_files

FORMATS = {"sample_v16_cstrike.nav": "source_nav", "sample_v18.nav": "quake_nav",
           "fox_sample.nav2": "fox_nav2", "sample_skyrim.esp": "creation_plugin"}


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def package_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.dirname(navspan.__file__)),
                                         env.get("PYTHONPATH", "")])
    return env


@pytest.mark.parametrize("folder", CORPUS_FOLDERS)
def test_info_equals_the_command_on_the_corpus(folder, command):
    files = [str(p) for p in corpus_files(folder)]
    if not files:
        pytest.skip(f"no corpus folder {CORPUS / folder}")
    ours = run([sys.executable, "-m", "navspan", "info", *files], env=package_env())
    theirs = run([command, "info", "--json", *files])
    assert ours.stdout == theirs.stdout
    assert ours.stderr == theirs.stderr
    assert ours.returncode == theirs.returncode
    assert len(ours.stdout.splitlines()) == len(files)


def test_info_equals_the_command_on_the_samples(command):
    files = [str(p) for p in sample_files()]
    ours = run([sys.executable, "-m", "navspan", "info", "--json", *files], env=package_env())
    theirs = run([command, "info", "--json", *files])
    assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode) and ours.returncode == 0


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_dump_and_validate_equal_the_command(name, command):
    path = str(SAMPLES / name)
    with navspan.open(path) as f:
        assert f.dump() == run([command, "dump", "--json", path]).stdout
        pieces = []
        assert f.dump(pieces.append) is None
        assert "".join(pieces) == f.dump()
        theirs = json.loads(run([command, "validate", "--json", path]).stdout)
        ours = f.validate()
        assert [(x.check, x.severity, x.record, x.offset, x.message) for x in ours] == \
               [(x["check"], x["severity"], x["record"], x["offset"], x["message"]) for x in theirs["findings"]]


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_open_from_every_kind_of_source(name):
    path = SAMPLES / name
    data = path.read_bytes()
    with navspan.open(path) as f:
        expected = f.info()
        assert f.format == FORMATS[name] == expected["format"]
        # the reader's version(): the summary's "version", a plugin's form version (44: Skyrim)
        assert f.version == (44 if f.format == "creation_plugin" else (expected.get("version") or 0))
        assert f.size == len(data) == expected["bytes"]
    for source in (str(path), data, bytearray(data), memoryview(data)):
        with navspan.open(source) as f:
            assert f.info() == expected
    with navspan.open(path, mmap=True) as f:
        assert f.info() == expected
    with navspan.open(path) as f:
        assert f.info_json(label="x").startswith('{"file": "x", ')


def test_errors_carry_code_offset_and_record():
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(b"not a navigation mesh")
    assert (e.value.name, e.value.code, e.value.offset) == ("bad_magic", 2, 0)
    assert e.value.reason.startswith("not a navigation mesh")
    data = (SAMPLES / "sample_v16_cstrike.nav").read_bytes()
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(data[:100])
    assert e.value.name in ("truncated", "count_too_large") and 0 < e.value.offset <= 100 and e.value.record
    assert str(e.value) == e.value.message and "offset" in e.value.message
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open("/nonexistent/x.nav")
    assert e.value.name == "io" and e.value.offset is None and e.value.reason == "no such file"
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(SAMPLES / "sample_v16_cstrike.nav", max_file_size=10)
    assert e.value.name == "limit_exceeded"
    f = navspan.open(data)
    f.close()
    with pytest.raises(ValueError):
        f.info()


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_polygons_vertices_and_links(name):
    with navspan.open(SAMPLES / name) as f:
        mesh = f.mesh()
        polys = f.polygons
        assert len(polys) == mesh.polygon_count > 0
        assert polys[-1].index == len(polys) - 1
        with pytest.raises(IndexError):
            polys[len(polys)]
        v = f.vertices
        assert memoryview(v).format == "f" and len(v) == 3 * mesh.corner_count
        data = mesh.polygon_data()
        assert list(data["corner_count"]) == [len(p.corners) for p in polys]
        assert sum(data["link_count"]) == mesh.link_count == len(mesh.links())
        for p in polys:
            assert mesh.find(p.id) is not None
            for link in p.links:
                assert link.source == p.index and 0 <= link.target < len(polys)
                assert link.kind in ("walk", "jump", "drop", "crouch", "ladder", "teleport", "door", "elevator",
                                     "cross_group", "cross_navmesh", "other")
        assert mesh.up_axis == ("y" if FORMATS[name] == "fox_nav2" else "z")
        assert polys[0:2] and isinstance(polys[0:2][0], navspan.Polygon)


def usable_polygons(f):
    """The indices of the polygons a path may use, in file order."""
    return [p.index for p in f.polygons if p.usable]


def usable_ends(f):
    """The first and the last polygon a path may use."""
    usable = usable_polygons(f)
    return usable[0], usable[-1]


def centre(p):
    c = p.corners
    return tuple(sum(x[k] for x in c) / len(c) for k in range(3))


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_queries(name):
    with navspan.open(SAMPLES / name) as f:
        mesh = f.mesh()
        usable = [p for p in f.polygons if p.usable]
        a, b = centre(usable[0]), centre(usable[-1])
        here = f.locate(a)
        assert here is not None and here.distance >= 0
        assert f.nearest(a).distance <= 1e-3 + here.distance
        assert f.locate((1e30, 1e30, 1e30), 1.0) is None
        with pytest.raises(navspan.NavspanError):
            f.locate((math.nan, 0, 0))
        # batch forms: a float32 buffer, a list of points
        pts = array.array("f", [*a, 1e30, 1e30, 1e30, *b])
        found = mesh.locate_many(pts)
        assert isinstance(found, array.array) and found[1] == 0xFFFFFFFF and found[0] == here.polygon
        assert list(mesh.locate_many([a, (1e30, 1e30, 1e30), b])) == list(found)
        polys, on = mesh.nearest_many(pts, 1.0, surface=True)
        assert polys[1] == 0xFFFFFFFF and len(on) == 9
        path = f.find_path(a, b)
        assert path is not None
        assert path.polygons[0] == path.start and path.polygons[-1] == path.goal
        assert path.ids == [mesh.polygons[p].id for p in path.polygons]
        assert len(path.waypoints) >= 2 and path.cost >= math.dist(path.waypoints[0], path.waypoints[-1]) * 0.999
        assert mesh.waypoints(path.polygons, path.waypoints[0], path.waypoints[-1]) == path.waypoints
        # by polygon index, and with a cost hook
        assert f.find_path(usable[0].index, usable[-1].index).polygons[0] == usable[0].index
        steps = []
        priced = f.find_path(a, b, cost=lambda s, t, link, kind, length: steps.append(kind) or 2 * length)
        assert priced.cost >= path.cost * 0.999 and (steps or len(path.polygons) == 1)
        if len(path.polygons) > 1:
            assert f.find_path(a, b, cost=lambda *args: -1.0) is None
        with pytest.raises(navspan.NavspanError) as e:
            f.find_path(len(f.polygons), 0)
        assert e.value.name == "invalid_argument"
        hit = f.raycast(a, b)
        assert hit is not None and 0 <= hit.fraction <= 1


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_accelerated_mesh_answers_the_same_exact_costs(name):
    # A mesh whose exact searches run over the contraction hierarchy and the
    # all-pairs table, built at once: the same costs as the plain mesh's.
    with navspan.open(SAMPLES / name) as f:
        plain = f.mesh()
        fast = f.mesh(hierarchy=True, all_pairs=True)
        assert fast is f.mesh(hierarchy=True, all_pairs=True) and fast is not plain
        info, plain_info = fast.graph_info(), plain.graph_info()
        assert not plain_info["has_hierarchy"] and plain_info["hierarchy_bytes"] == 0
        assert info["states"] == plain_info["states"] == plain.link_count
        assert info["has_hierarchy"] == (info["hierarchy_bytes"] > 0)
        assert info["memory_bytes"] >= info["hierarchy_bytes"] + info["all_pairs_bytes"]
        first, last = usable_ends(f)
        for a, b in ((first, last), (last, first)):
            slow, quick = plain.distance(a, b), fast.distance(a, b)
            assert quick == pytest.approx(slow, rel=1e-4, abs=1e-3) or quick == slow == math.inf
            exact = fast.find_path(a, b, exact=True)
            assert (exact is None) == (slow == math.inf)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_distances_reach_distance_and_exact_paths(name):
    with navspan.open(SAMPLES / name) as f:
        mesh = f.mesh()
        first, last = usable_ends(f)
        field = mesh.distances_from([first])
        assert isinstance(field, array.array) and field.typecode == "f" and len(field) == mesh.polygon_count
        assert field[first] == 0
        # reach lists what the field holds, nearest first
        reached = mesh.reach(first)
        assert reached[0] == (first, 0.0)
        assert [c for _, c in reached] == sorted(c for _, c in reached)
        assert {p: c for p, c in reached} == {p: c for p, c in enumerate(field) if c != math.inf}
        assert len(mesh.reach(first, 0.0)) >= 1
        assert all(c <= 100.0 for _, c in mesh.reach(first, 100.0))
        within = mesh.distances_from(first, max_cost=100.0)
        assert all(c <= 100.0 or c == math.inf for c in within)
        # two starts: the least of the two fields
        other = mesh.distances_from([last])
        assert list(mesh.distances_from([first, last])) == [min(x, y) for x, y in zip(field, other)]
        assert list(mesh.distances_from(array.array("I", [first, last]))) == [min(x, y) for x, y in zip(field, other)]
        assert list(mesh.distances_from(range(first, first + 1))) == list(field)
        # from points, as a list or a float32 buffer
        a = centre(f.polygons[first])
        assert list(mesh.distances_from([a])) == list(mesh.distances_from(array.array("f", a)))
        # the distance is the exact path's cost, never above A*'s
        d = mesh.distance(first, last)
        exact = mesh.find_path(first, last, exact=True)
        plain = mesh.find_path(first, last)
        if exact is None:
            assert d == math.inf and plain is None and field[last] == math.inf
        else:
            assert d >= field[last] * 0.999 - 0.01
            assert exact.polygons[0] == first and exact.polygons[-1] == last
            assert exact.cost <= plain.cost * 1.0001 + 0.01
            b = centre(f.polygons[last])
            by_points = mesh.find_path(a, b, exact=True)
            assert by_points is None or by_points.cost == mesh.distance(a, b)
            assert f.find_path(first, last, exact=True) == exact
            # the any-angle shortest path: never above the exact one, never
            # below the straight line (out of nodes on a large map: limit_exceeded)
            try:
                shortest = mesh.find_path(first, last, shortest=True)
            except navspan.NavspanError as e:
                assert e.name == "limit_exceeded"
            else:
                assert shortest.polygons[0] == first and shortest.polygons[-1] == last
                assert shortest.cost <= exact.cost * 1.0001 + 0.01
                ends = (shortest.waypoints[0], shortest.waypoints[-1])
                assert shortest.cost >= math.dist(*ends) * 0.9999 - 0.01
            with pytest.raises(ValueError):
                mesh.find_path(first, last, shortest=True, exact=True)
            check_shortest_models(mesh, first, last, field)
        assert mesh.distance(first, first) == 0
        for bad in (lambda: mesh.distances_from([]), lambda: mesh.distances_from([mesh.polygon_count]),
                    lambda: mesh.distances_from([first], max_cost=math.nan), lambda: mesh.reach(mesh.polygon_count),
                    lambda: mesh.distance(first, mesh.polygon_count), lambda: mesh.reach(first, -1.0),
                    lambda: mesh.find_path(first, mesh.polygon_count, exact=True)):
            with pytest.raises(navspan.NavspanError) as e:
                bad()
            assert e.value.name == "invalid_argument"



def check_shortest_models(mesh, first, last, exact_field):
    """distances_from, reach, distance and nearest_goal with shortest=True
    (find_shortest_path's model): never above the exact model, the field
    and reach alike, the distance find_path(shortest=True)'s cost, and the
    nearest goal the nearer of two by that distance. On a large map the
    search may run out of its nodes (limit_exceeded)."""
    try:
        field = mesh.distances_from([first], shortest=True)
        reached = mesh.reach(first, shortest=True)
        d = mesh.distance(first, last, shortest=True)
        near = mesh.nearest_goal(first, [last, first], shortest=True)
    except navspan.NavspanError as e:
        assert e.name == "limit_exceeded"
        return
    assert field[first] == 0
    assert all(s <= e * 1.0001 + 0.01 for s, e in zip(field, exact_field))
    assert reached[0] == (first, 0.0)
    assert {p: c for p, c in reached[1:]} == {p: c for p, c in enumerate(field) if c != math.inf and p != first}
    assert d == mesh.find_path(first, last, shortest=True).cost
    assert field[last] <= d * 1.0001 + 0.01
    # the start's own polygon is the nearer goal, at the length to its centre (0)
    assert near.goal == 1 and near.polygon == first and near.cost == 0
    alone = mesh.nearest_goal(first, [last], shortest=True)
    assert alone.polygon == last and math.isclose(alone.cost, d, rel_tol=1e-4, abs_tol=1e-3)
    assert alone.polygons[0] == first and alone.polygons[-1] == last


@pytest.mark.parametrize("name", ["pnxenopoulos__awpy__de_dust2.nav", "jiimjaam__tf-navmesh__ctf_sawmill.nav"])
def test_distances_from_polygon_model_on_corpus(name):
    """distances_from(exact=False), find_path's model: 0 on every start,
    never below the exact field, inf exactly where the exact field is (the
    same links), and from two starts never below their exact field."""
    files = [p for p in corpus_files("source-nav") if p.name == name]
    if not files:
        pytest.skip(f"no {name} in the corpus")
    with navspan.open(files[0]) as f:
        mesh = f.mesh()
        usable = usable_polygons(f)
        starts = [usable[0], usable[len(usable) // 2]]
        for chosen in ([starts[0]], [starts[1]], starts):
            exact = mesh.distances_from(chosen)
            quick = mesh.distances_from(chosen, exact=False)
            assert len(quick) == mesh.polygon_count
            assert all(quick[s] == 0 for s in chosen)
            assert all(q >= e * 0.9999 - 0.01 for q, e in zip(quick, exact))
            assert [q == math.inf for q in quick] == [e == math.inf for e in exact]
            # equal on most polygons, a few percent above on average
            finite = [(q, e) for q, e in zip(quick, exact) if 0 < e < math.inf]
            assert sum(q / e - 1 for q, e in finite) / len(finite) < 0.1
        within = mesh.distances_from(starts[0], max_cost=300.0, exact=False)
        assert all(c <= 300.0 or c == math.inf for c in within)
        with pytest.raises(navspan.NavspanError) as e:
            mesh.distances_from([mesh.polygon_count], exact=False)
        assert e.value.name == "invalid_argument"


def fewest_hops(mesh, start):
    """An independent breadth-first search over the mesh's links: the
    fewest steps from `start` to every polygon it reaches."""
    out = [[] for _ in range(mesh.polygon_count)]
    for link in mesh.links():
        out[link.source].append(link.target)
    hops = {start: 0}
    queue = [start]
    for p in queue:
        for q in out[p]:
            if q not in hops:
                hops[q] = hops[p] + 1
                queue.append(q)
    return hops


def least_area_entered(mesh, start, areas):
    """Dijkstra over the polygons, entering one costing its plan area."""
    import heapq
    out = [[] for _ in range(mesh.polygon_count)]
    for link in mesh.links():
        out[link.source].append(link.target)
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        c, p = heapq.heappop(heap)
        if c > best[p]:
            continue
        for q in out[p]:
            if c + areas[q] < best.get(q, math.inf):
                best[q] = c + areas[q]
                heapq.heappush(heap, (best[q], q))
    return best


def weighted_path_files():
    """The samples and the first few Source maps of the corpus."""
    return [SAMPLES / name for name in sorted(FORMATS)] + corpus_files("source-nav")[:3]


@pytest.mark.parametrize("path", weighted_path_files(), ids=lambda p: p.name)
def test_nearest_goal_is_the_least_distance(path):
    with navspan.open(path) as f:
        mesh = f.mesh()
        usable = usable_polygons(f)
        start = usable[0]
        goals = [usable[(k * 7919) % len(usable)] for k in range(1, 6)]
        costs = [mesh.distance(start, g) for g in goals]
        found = mesh.nearest_goal(start, goals)
        if all(c == math.inf for c in costs):
            assert found is None
            return
        best = min(costs)
        assert found is not None and found.cost == pytest.approx(best, rel=1e-5, abs=1e-3)
        assert costs[found.goal] == pytest.approx(best, rel=1e-5, abs=1e-3)
        assert found.polygon == goals[found.goal]
        assert found.polygons[0] == start and found.polygons[-1] == found.polygon
        # the goals as points: the polygons under them, the same answer
        by_points = mesh.nearest_goal(start, [centre(f.polygons[g]) for g in goals])
        assert by_points is not None and by_points.cost == pytest.approx(found.cost, rel=1e-4, abs=1e-2)
        assert mesh.nearest_goal(start, goals[found.goal]).goal == 0  # one goal, as an int
        with pytest.raises(navspan.NavspanError):
            mesh.nearest_goal(start, [])


@pytest.mark.parametrize("path", weighted_path_files(), ids=lambda p: p.name)
def test_hops_and_size_weights_find_the_cheapest(path):
    with navspan.open(path) as f:
        mesh = f.mesh()
        usable = usable_polygons(f)
        areas = mesh._plan_areas()
        assert len(areas) == mesh.polygon_count and all(a >= 0 for a in areas)
        pairs = 0
        for k in range(3):
            start = usable[(k * 7919) % len(usable)]
            hops = fewest_hops(mesh, start)
            least = least_area_entered(mesh, start, areas)
            for j in range(6):
                goal = usable[(k * 104729 + j * 65537) % len(usable)]
                if goal == start:
                    continue
                by_hops = mesh.find_path(start, goal, weight="hops")
                if goal not in hops:
                    assert by_hops is None
                    continue
                pairs += 1
                assert len(by_hops.polygons) == hops[goal] + 1
                assert by_hops.cost == hops[goal]
                assert by_hops.waypoints[-1] == pytest.approx(centre(f.polygons[goal]), abs=1e-3)
                # a hook of one's own with its lower bound: the same count
                own = mesh.find_path(start, goal, cost=lambda *step: 1.0, lower_bound=0)
                assert len(own.polygons) == hops[goal] + 1
                assert len(mesh.find_path(start, goal, cost=lambda *step: 1.0).polygons) >= hops[goal] + 1
                exact_hops = mesh.find_path(start, goal, weight="hops", exact=True)
                assert exact_hops is not None and len(exact_hops.polygons) >= 2
                by_size = mesh.find_path(start, goal, weight="size")
                assert by_size.cost == pytest.approx(least[goal], rel=1e-4, abs=1e-3)
                assert by_size.cost == pytest.approx(sum(areas[p] for p in by_size.polygons[1:]), rel=1e-4, abs=1e-3)
                assert f.find_path(start, goal, weight="hops") == by_hops
        assert pairs > 0 or len(usable) < 2



def test_the_issues_hops_path_on_awpys_dust2():
    """Issue 34's report: area 6992 to 1807 on awpy's de_dust2, where a
    hook pricing each step 1 without its bound took 34 steps."""
    files = [p for p in corpus_files("source-nav") if p.name == "pnxenopoulos__awpy__de_dust2.nav"]
    if not files:
        pytest.skip("no awpy de_dust2 in the corpus")
    with navspan.open(files[0]) as f:
        mesh = f.mesh()
        unbounded = mesh.find_path(6992, 1807, cost=lambda *step: 1.0, by="id")
        hops = mesh.find_path(6992, 1807, weight="hops", by="id")
        start = mesh.find(6992)
        assert len(hops.polygons) - 1 == fewest_hops(mesh, start)[mesh.find(1807)]
        assert len(unbounded.polygons) - 1 > len(hops.polygons) - 1
        assert len(mesh.find_path(6992, 1807, by="id").polygons) - 1 >= len(hops.polygons) - 1
        with pytest.raises(navspan.NavspanError) as e:
            mesh.find_path(6992, 1807)
        assert "by='id'" in str(e.value)

def test_shortest_out_of_nodes_carries_its_best_known_path():
    """A long path over ctf_sawmill (polygons 2259 to 1766) runs the
    any-angle search out of its nodes: limit_exceeded, whose best_known is
    the shorter of the default's and exact=True's paths, as the command's
    path --shortest prints it."""
    files = [p for p in corpus_files("source-nav") if p.name == "jiimjaam__tf-navmesh__ctf_sawmill.nav"]
    if not files:
        pytest.skip("no ctf_sawmill in the corpus")
    with navspan.open(files[0]) as f:
        mesh = f.mesh()

        def length(path):
            return sum(math.dist(a, b) for a, b in zip(path.waypoints, path.waypoints[1:]))

        shorter = min(length(mesh.find_path(2259, 1766)), length(mesh.find_path(2259, 1766, exact=True)))
        with pytest.raises(navspan.NavspanError) as e:
            mesh.find_path(2259, 1766, shortest=True)
        assert e.value.name == "limit_exceeded"
        best = e.value.best_known
        assert isinstance(best, navspan.Path)
        assert best.polygons[0] == 2259 and best.polygons[-1] == 1766
        assert best.cost == pytest.approx(shorter, rel=1e-5)
        assert length(best) == pytest.approx(best.cost, rel=1e-4)
        with pytest.raises(navspan.NavspanError) as e:
            mesh.distance(2259, 1766, shortest=True)
        assert e.value.name == "limit_exceeded" and e.value.best_known == best.cost
        with pytest.raises(navspan.NavspanError) as e:
            mesh.find_path(2259, mesh.polygon_count, exact=True)
        assert e.value.best_known is None


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_paths_by_the_files_own_ids(name):
    with navspan.open(SAMPLES / name) as f:
        mesh = f.mesh()
        first, last = usable_ends(f)
        by_index = mesh.find_path(first, last)
        by_id = mesh.find_path(f.polygons[first].id, f.polygons[last].id, by="id")
        assert by_id == by_index
        assert f.find_path(f.polygons[first].id, f.polygons[last].id, by="id") == by_index
        assert by_id.ids[0] == f.polygons[first].id
        with pytest.raises(navspan.NavspanError) as e:
            mesh.find_path(first, mesh.polygon_count)
        assert e.value.name == "invalid_argument" and "by='id'" in str(e.value)
        missing = max(p.id if isinstance(p.id, int) else p.id[0] for p in f.polygons) + 1000
        missing = (missing, 0) if isinstance(f.polygons[first].id, tuple) else missing
        with pytest.raises(navspan.NavspanError) as e:
            mesh.find_path(f.polygons[first].id, missing, by="id")
        assert "id" in str(e.value) and "by='index'" in str(e.value)
        for bad in (dict(weight="time"), dict(by="name"), dict(weight="hops", cost=lambda *step: 1.0),
                    dict(cost=lambda *step: 1.0, lower_bound=-1.0), dict(cost=lambda *step: 1.0, lower_bound=math.nan)):
            with pytest.raises(ValueError):
                mesh.find_path(first, last, **bad)


@pytest.mark.parametrize("path", weighted_path_files() + corpus_files("source-nav"), ids=lambda p: p.name)
def test_polygons_in_group(path):
    with navspan.open(path) as f:
        mesh = f.mesh()
        groups = mesh.polygon_data()["group"]
        names = mesh.group_names
        for number, name in enumerate(names):
            if not name:
                continue
            listed = mesh.polygons_in_group(name)
            assert isinstance(listed, array.array) and listed.typecode == "I"
            assert list(listed) == [p for p, g in enumerate(groups) if g < len(names) and names[g] == name]
        for number in sorted(set(groups))[:3]:
            assert list(mesh.polygons_in_group(number)) == [p for p, g in enumerate(groups) if g == number]
        with pytest.raises(KeyError) as e:
            mesh.polygons_in_group("no place is called this")
        assert "no place is called this" in str(e.value)
        with pytest.raises(KeyError):
            mesh.polygons_in_group("")
        with pytest.raises(TypeError):
            mesh.polygons_in_group(1.5)
        if "dust2" in path.name and names:
            # the spawns of the command's `locate` (tests/nav: TSpawn and CTSpawn)
            for place, point in (("TSpawn", (-700, -800, 120)), ("CTSpawn", (100, 2250, -120))):
                assert mesh.locate(point, 64).polygon in mesh.polygons_in_group(place)


@pytest.mark.parametrize("path", weighted_path_files(), ids=lambda p: p.name)
def test_table_has_a_row_per_polygon(path):
    with navspan.open(path) as f:
        mesh = f.mesh()
        table = mesh.table()
        n = mesh.polygon_count
        assert len(table) == n
        assert {"index", "id", "centroid", "bounds_min", "bounds_max", "size", "group", "group_name", "flags",
                "corner_count", "link_count", "usable"} <= set(table.columns())
        assert all(len(column) == n for column in table.values())
        links = [0] * n
        for link in mesh.links():
            links[link.source] += 1
        areas = mesh._plan_areas()
        for p in f.polygons:
            i = p.index
            assert int(table["index"][i]) == i
            ident = table["id"][i]
            assert (tuple(int(x) for x in ident) if isinstance(p.id, tuple) else int(ident)) == p.id
            corners = p.corners
            for axis in range(3):
                values = [c[axis] for c in corners]
                assert table["centroid"][i][axis] == pytest.approx(sum(values) / len(values), rel=1e-5, abs=1e-3)
                assert table["bounds_min"][i][axis] == min(values)
                assert table["bounds_max"][i][axis] == max(values)
            assert table["size"][i] == areas[i] >= 0
            assert int(table["link_count"][i]) == links[i]
            assert int(table["group"][i]) == p.group
            assert bool(table["usable"][i]) == p.usable
            names = mesh.group_names
            assert table["group_name"][i] == (names[p.group] if p.group < len(names) else "")


def test_table_sizes_and_places_on_dust2():
    files = [p for p in corpus_files("source-nav") if p.name.endswith("bouletmarc__css_maps_content__de_dust2.nav")]
    if not files:
        pytest.skip("no de_dust2 with places in the corpus")
    with navspan.open(files[0]) as f:
        table = f.mesh().table()
        spawn = [i for i, name in enumerate(table["group_name"]) if name == "TSpawn"]
        assert spawn == list(f.mesh().polygons_in_group("TSpawn"))
        # a Source area is an axis-aligned rectangle in plan: its size is its extent's product
        for i in range(0, len(table), 97):
            lo, hi = table["bounds_min"][i], table["bounds_max"][i]
            assert table["size"][i] == pytest.approx((hi[0] - lo[0]) * (hi[1] - lo[1]), rel=1e-4)


def test_table_to_pandas_when_pandas_is_there():
    pandas = pytest.importorskip("pandas")
    with navspan.open(SAMPLES / "fox_sample.nav2") as f:
        mesh = f.mesh()
        frame = mesh.table().to_pandas()
        assert len(frame) == mesh.polygon_count
        assert {"id_primary", "id_secondary", "centroid_x", "centroid_y", "centroid_z", "size",
                "group_name", "link_count"} <= set(frame.columns)
        assert isinstance(frame, pandas.DataFrame)

def test_numpy_arrays_when_numpy_is_there():
    np = pytest.importorskip("numpy")
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        mesh = f.mesh()
        pts = np.array([centre(p) for p in f.polygons], dtype=np.float32)
        found = np.frombuffer(mesh.locate_many(pts), dtype=np.uint32)
        assert (found == np.arange(len(pts))).all()
        assert np.frombuffer(f.vertices, dtype=np.float32).reshape(-1, 3).shape == (mesh.corner_count, 3)
        field = np.frombuffer(mesh.distances_from(pts[:2]), dtype=np.float32)
        assert field.shape == (mesh.polygon_count,) and field[0] == 0 and field[1] == 0
        table = mesh.table()
        assert table["centroid"].shape == (mesh.polygon_count, 3) and table["centroid"].dtype == np.float32
        assert table["index"].dtype == np.uint32 and table["usable"].dtype == bool


def test_plugin_spaces():
    with navspan.open(SAMPLES / "sample_skyrim.esp") as f:
        spaces = f.spaces
        assert spaces and spaces[0].kind in ("world", "cell", "object", "navmesh") and spaces[0].triangles > 0
        assert f.mesh(0).polygon_count == spaces[0].triangles
        with pytest.raises(navspan.NavspanError):
            f.mesh(len(spaces))
    with navspan.open(SAMPLES / "sample_v18.nav") as f:
        assert [s.kind for s in f.spaces] == ["file"]


def test_threads_share_one_mesh():
    with navspan.open(SAMPLES / "fox_sample.nav2") as f:
        mesh = f.mesh()
        points = [centre(p) for p in f.polygons if p.usable]
        expected = [mesh.locate(p).polygon for p in points]
        paths = []

        def work():
            for _ in range(20):
                assert [mesh.locate(p).polygon for p in points] == expected
                paths.append(mesh.find_path(points[0], points[-1]).polygons)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(paths) == 80 and all(p == paths[0] for p in paths)


def test_module_command_usage():
    env = package_env()
    assert run([sys.executable, "-m", "navspan"], env=env).returncode == 2
    assert run([sys.executable, "-m", "navspan", "info", "--bogus", "x"], env=env).returncode == 2
    out = run([sys.executable, "-m", "navspan", "--version"], env=env)
    assert out.returncode == 0 and navspan.library_version() in out.stdout


def test_points_are_taken_as_they_are_shaped():
    """A float32 buffer of shape (3, 4) holds no triples: it is refused, not
    read as four points; an empty buffer is zero points, not an error."""
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        mesh = f.mesh()
        wrong = memoryview(array.array("f", [0.0] * 12)).cast("B").cast("f", (3, 4))
        with pytest.raises(ValueError):
            mesh.locate_many(wrong)
        right = memoryview(array.array("f", [0.0] * 12)).cast("B").cast("f", (4, 3))
        assert len(mesh.locate_many(right)) == 4
        assert len(mesh.locate_many(array.array("f"))) == 0
        assert len(mesh.nearest_many([])) == 0
        polygons, on = mesh.locate_many([], surface=True)
        assert len(polygons) == 0 and len(on) == 0


def test_paths_and_empty_input_fail_as_python_and_the_command_do(tmp_path):
    missing = tmp_path / "missing.nav"
    with pytest.raises(FileNotFoundError) as e:
        navspan.open(missing)
    assert e.value.filename == str(missing) and isinstance(e.value, navspan.NavspanError)
    assert str(e.value) == f"{missing}: no such file" and e.value.name == "io"
    with pytest.raises(IsADirectoryError):
        navspan.open(tmp_path)
    # A NUL would make the C string a shorter path: refused, as open() does.
    real = str(SAMPLES / "sample_v16_cstrike.nav")
    with pytest.raises(ValueError):
        navspan.open(real + "\0.bak")
    for empty in (b"", bytearray(), memoryview(b"")):
        with pytest.raises(navspan.NavspanError) as e:
            navspan.open(empty)
        assert str(e.value) == "empty input (the file has no bytes)"


def test_empty_input_says_what_the_command_says(tmp_path, command):
    empty = tmp_path / "empty.nav"
    empty.write_bytes(b"")
    first_line = run([command, "info", str(empty)]).stderr.splitlines()[0]
    with pytest.raises(navspan.NavspanError) as e:
        navspan.open(empty.read_bytes())
    assert first_line.endswith(str(e.value))


@pytest.mark.parametrize("name", ["sample_v16_cstrike.nav", "sample_skyrim.esp", "fox_sample.nav2", "sample_v18.nav"])
def test_table_same_by_either_way_of_reading_the_corners(name, monkeypatch):
    # Polygons of one corner count stored in order take table()'s strided
    # columns; the others (and these, with that path turned off) the slices.
    with navspan.open(SAMPLES / name) as f:
        fast = f.mesh().table()
    monkeypatch.setattr(navspan, "_uniform_corners", lambda firsts, counts: 0)
    with navspan.open(SAMPLES / name) as f:
        slow = f.mesh().table()
    for column in ("bounds_min", "bounds_max"):
        assert list(fast[column]) == list(slow[column]), column
    # Sums: the same terms in the same order, but Python 3.12's sum() adds
    # floats with compensation, which the chain of adds does not.
    assert list(fast["size"]) == pytest.approx(list(slow["size"]), rel=1e-12)
    for a, b in zip(fast["centroid"], slow["centroid"]):
        assert a == pytest.approx(b, rel=1e-6, abs=1e-6)
