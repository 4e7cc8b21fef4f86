#!/usr/bin/env python3
"""What crossing the C ABI costs: the same work from Python (the navspan
package over libnavspan) and in C++ (navspan::nav directly, the program
navspan-capi-bench), in one run, on one file.

    python3 benchmarks/capi_boundary.py FILE --cxx build/bench/benchmarks/navspan-capi-bench \
        [--library build/bench/libnavspan.so] [--points 20000] [--pairs 256] [--batch 1000000]

Rows (medians): open (bytes in memory -> file, walkable, index, path
scratch), locate per point, find_path per pair (corridor, ids, cost and
waypoints; from points, as the command does), and batch locate (one call
for --batch points) in points per second. Python's per-point locate is one
foreign call each; the batch row is what the boundary costs when it is
crossed once.

Then the analyst's calls: distances_from one point (the first of the
points) to every polygon, against navspan::nav::distance_field from the
same point (and distances_from(exact=False), find_path's one state per
polygon, against distance_field over the walkable) and against one C++ find_path whose search settles the whole
map (Dijkstra's search, heuristic_scale 0, to the polygon farthest from
the start: it settles every polygon cheaper than its goal, which is every
reachable one; an A* to the same goal stops sooner, and is shown too);
and Mesh.table() (Python only): its first call on a freshly built mesh,
which also reads the polygon records and computes the plan areas once,
and a repeated call on the same mesh."""

import argparse
import array
import json
import os
import statistics
import subprocess
import sys
import time


def median_of(reps, fn):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--cxx", required=True, help="the navspan-capi-bench program")
    ap.add_argument("--library", help="libnavspan to load (else NAVSPAN_LIBRARY or the usual search)")
    ap.add_argument("--points", type=int, default=20000)
    ap.add_argument("--pairs", type=int, default=256)
    ap.add_argument("--batch", type=int, default=1000000)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = ap.parse_args()
    if args.library:
        os.environ["NAVSPAN_LIBRARY"] = args.library
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    import navspan

    data = open(args.file, "rb").read()

    def open_all():
        f = navspan.open(data)
        f.mesh()
        return f

    py = {}
    py["open_ns"] = median_of(7, open_all)
    f = open_all()
    mesh = f.mesh()
    n = mesh.polygon_count
    table = mesh._polygon_structs()
    v = mesh.vertices

    def centre(p):
        first, count = table[p].first_corner, table[p].corner_count
        return tuple(sum(v[3 * (first + i) + k] for i in range(count)) / count for k in range(3))

    points = []
    i = 0
    while len(points) < args.points and i < args.points * 4:
        p = (i * 2654435761) % n
        if table[p].usable:
            points.append(centre(p))
        i += 1
    py["locate_ns"] = median_of(5, lambda: [mesh.locate(p) for p in points]) / len(points)

    pairs = []
    for i in range(args.pairs):
        a, b = (i * 7919 + 1) % n, (i * 104729 + 7) % n
        if table[a].usable and table[b].usable:
            pairs.append((centre(a), centre(b)))
    found = [0]

    def paths():
        found[0] = sum(1 for a, b in pairs if mesh.find_path(a, b) is not None)

    py["path_ns"] = median_of(3, paths) / args.pairs
    py["paths_found"] = found[0]
    flat = array.array("f")
    for k in range(args.batch):
        flat.extend(points[k % len(points)])
    # One untimed call first: the first calls of a process over a new
    # 12 MB batch run 1.5 to 2 times slower (its pages, the output's), and
    # the C++ side's batch runs after its own per-point loop over the same
    # points.
    mesh.locate_many(flat)
    py["batch_locate_ns"] = median_of(5, lambda: mesh.locate_many(flat)) / args.batch

    start = [points[0]]
    mesh.distances_from(start)  # the first search builds the search graph: not timed
    py["field_ns"] = median_of(7, lambda: mesh.distances_from(start))
    field = mesh.distances_from(start)
    py["field_reached"] = sum(1 for c in field if c != float("inf"))
    py["polygon_field_ns"] = median_of(7, lambda: mesh.distances_from(start, exact=False))
    field = mesh.distances_from(start, exact=False)
    py["polygon_field_reached"] = sum(1 for c in field if c != float("inf"))

    def fresh_table():
        fresh = navspan.open(data).mesh()
        t0 = time.perf_counter_ns()
        fresh.table()
        return time.perf_counter_ns() - t0

    py["table_first_ns"] = statistics.median(fresh_table() for _ in range(5))
    mesh.table()
    py["table_ns"] = median_of(5, mesh.table)

    cxx = json.loads(subprocess.run([args.cxx, args.file, str(args.points), str(args.pairs), str(args.batch)],
                                    check=True, capture_output=True, text=True).stdout)
    if py["paths_found"] != cxx["paths_found"]:
        sys.exit(f"the two sides found different paths: {py['paths_found']} against {cxx['paths_found']}")
    if py["field_reached"] != cxx["field_reached"]:
        sys.exit(f"the two distance fields reach different polygons: {py['field_reached']} against "
                 f"{cxx['field_reached']}")
    if py["polygon_field_reached"] != cxx["polygon_field_reached"]:
        sys.exit(f"the two polygon-model fields reach different polygons: {py['polygon_field_reached']} against "
                 f"{cxx['polygon_field_reached']}")
    rows = [("open (file, walkable, index, scratch)", "open_ns", "ms", 1e-6),
            ("locate, per point (one call each)", "locate_ns", "us", 1e-3),
            ("find_path + waypoints, per pair", "path_ns", "us", 1e-3),
            ("batch locate, per point (one call)", "batch_locate_ns", "ns", 1.0),
            ("distances_from one point (every polygon)", "field_ns", "ms", 1e-6),
            ("distances_from(exact=False) one point", "polygon_field_ns", "ms", 1e-6)]
    result = {"file": os.path.basename(args.file), "polygons": n, "python": py, "cxx": cxx,
              "batch_points_per_second": 1e9 / py["batch_locate_ns"]}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{os.path.basename(args.file)}: {n} polygons, {len(points)} points, {args.pairs} pairs "
          f"({py['paths_found']} paths), batch of {args.batch}")
    c = cxx["c_abi"]
    print(f"| {'row':40} | {'Python':>11} | {'C ABI':>11} | {'C++':>11} | Python / C++ | C ABI / C++ |")
    print(f"|{'-' * 42}|{'-' * 12}:|{'-' * 12}:|{'-' * 12}:|-------------:|------------:|")
    for label, key, unit, scale in rows:
        print(f"| {label:40} | {py[key] * scale:8.2f} {unit} | {c[key] * scale:8.2f} {unit} | "
              f"{cxx[key] * scale:8.2f} {unit} | {py[key] / cxx[key]:12.2f} | {c[key] / cxx[key]:11.2f} |")
    print(f"batch locate from Python: {result['batch_points_per_second'] / 1e6:.2f} million points per second")
    print(f"distances_from one point: {py['field_ns'] * 1e-6:.3f} ms ({py['field_reached']} polygons reached); "
          f"one C++ find_path over the whole map (Dijkstra to the farthest polygon, {cxx['whole_expanded']} expanded): "
          f"{cxx['whole_ns'] * 1e-6:.3f} ms, Python / that = {py['field_ns'] / cxx['whole_ns']:.2f}; "
          f"A* to the same goal ({cxx['farthest_astar_expanded']} expanded): {cxx['farthest_astar_ns'] * 1e-6:.3f} ms, "
          f"Python / that = {py['field_ns'] / cxx['farthest_astar_ns']:.2f}")
    print(f"distances_from(exact=False) one point: {py['polygon_field_ns'] * 1e-6:.3f} ms, Python / the whole-map "
          f"find_path = {py['polygon_field_ns'] / cxx['whole_ns']:.2f}")
    if cxx["unreachable_ns"] >= 0:
        print(f"  (A* to a polygon no path reaches: {cxx['unreachable_ns'] * 1e-6:.3f} ms, "
              f"{cxx['unreachable_expanded']} expanded)")
    print(f"table(): first call on a fresh mesh {py['table_first_ns'] * 1e-6:.2f} ms, "
          f"repeated {py['table_ns'] * 1e-6:.2f} ms")


if __name__ == "__main__":
    main()
