"""File.bot_analysis() against `navspan dump --json`: every row of every
kind (hiding spots, encounter paths and their spots, approach spots,
earliest occupy times) of every Source and Source 2 file of the samples and
the corpus equals what the command decodes. The command is NAVSPAN_COMMAND
when given; else the same JSON through File.dump() (navspan_dump_json is
the command's dump, byte for byte: test_navspan.py holds it to that)."""

import json
import math
import os
import struct
import subprocess

import pytest

import navspan
from conftest import CORPUS, SAMPLES, corpus_files, sample_files

NONE = 0xFFFFFFFF
KINDS = ("hiding_spots", "encounters", "encounter_spots", "approach_spots", "earliest_occupy_times")
COLUMNS = {
    "hiding_spots": ("area_index", "area_id", "spot_id", "position", "flags"),
    "encounters": ("area_index", "area_id", "from", "to", "from_index", "to_index", "from_direction",
                   "to_direction", "first_spot", "spot_count"),
    "encounter_spots": ("area_index", "area_id", "path", "spot", "t_raw", "t"),
    "approach_spots": ("area_index", "area_id", "here", "previous", "previous_how", "next", "next_how"),
    "earliest_occupy_times": ("area_index", "area_id", "team0", "team1"),
}


def f32(x):
    """x as the float32 the library stores (NaN for None)."""
    return math.nan if x is None else struct.unpack("<f", struct.pack("<f", x))[0]


def u32(x):
    return x & 0xFFFFFFFF


def dump_of(path, command_path):
    if command_path:
        out = subprocess.run([command_path, "dump", "--json", str(path)], capture_output=True, text=True, check=True)
        return json.loads(out.stdout)
    with navspan.open(path) as f:
        return json.loads(f.dump())


def index_by_id(ids):
    first = {}
    for i, area_id in enumerate(ids):
        first.setdefault(area_id, i)
    return first


def expected_source(d):
    """The rows navspan.h promises for a Source 1 dump."""
    rows = {k: [] for k in KINDS}
    areas = d["areas"]
    where = index_by_id([a["id"] for a in areas])
    for a in areas:
        i, aid = a["position"], a["id"]
        for s in a["hiding_spots"]:
            rows["hiding_spots"].append((i, aid, s["id"] or 0, tuple(map(f32, s["position"])), s["flags"]))
        for p in a["encounter_paths"]:
            first = len(rows["encounter_spots"])
            path = len(rows["encounters"])
            for s in p.get("spots") or []:
                rows["encounter_spots"].append((i, aid, path, s.get("hiding_spot_id", 0), s.get("t_raw", -1),
                                                f32(s["t"])))
            direction = [-1 if p.get(k) is None else p[k] for k in ("from_direction", "to_direction")]
            rows["encounters"].append((i, aid, p["from_area"], p["to_area"], where.get(p["from_area"], NONE),
                                       where.get(p["to_area"], NONE), *direction, first,
                                       len(rows["encounter_spots"]) - first))
        approach = a["approach_spots"]
        if approach is None:
            approach = (a.get("game_data") or {}).get("approach_spots") or []
        for s in approach:
            rows["approach_spots"].append((i, aid, s["here_area"], s["prev_area"], s["prev_to_here"], s["next_area"],
                                           s["here_to_next"]))
        times = a["earliest_occupy_times"] or [None, None]
        rows["earliest_occupy_times"].append((i, aid, f32(times[0]), f32(times[1])))
    return rows


def expected_source2(d):
    """The rows navspan.h promises for a Source 2 dump (none without the analysis)."""
    rows = {k: [] for k in KINDS}
    analysis = d.get("bot_analysis")
    if not analysis:
        return rows
    ids = [a["id"] for a in d["areas"]]
    where = index_by_id(ids)
    raw = lambda v: NONE if v is None else u32(v)  # -1 (none) is stored, the dump says null
    for a in analysis["areas"][:len(ids)]:
        i = a["index"]
        aid = ids[i]
        for s in a["hiding_spots"]:
            rows["hiding_spots"].append((i, aid, s["id"] or 0, tuple(map(f32, s["position"])), s["flags"]))
        first = len(rows["encounter_spots"])
        for p in a["encounter_paths"]:
            ends = [NONE if p[k] is None else where.get(p[k], NONE) for k in ("from_area", "to_area")]
            rows["encounters"].append((i, aid, u32(p["from_handle"]), u32(p["to_handle"]), *ends,
                                       -1 if p["from_edge"] is None else p["from_edge"],
                                       -1 if p["to_edge"] is None else p["to_edge"], first, 0))
        for s in a["encounter_spots"]:
            rows["encounter_spots"].append((i, aid, NONE, u32(s["spot_handle"]), -1, f32(s["t"])))
        for s in a["approach_spots"]:
            rows["approach_spots"].append((i, aid, raw(s["here_area"]), raw(s["prev_area"]), s["prev_to_here"],
                                           raw(s["next_area"]), s["here_to_next"]))
        times = a["earliest_occupy_times"] or [None, None]
        rows["earliest_occupy_times"].append((i, aid, f32(times[0]), f32(times[1])))
    return rows


def plain(v):
    v = v.tolist() if hasattr(v, "tolist") else v
    return tuple(v) if isinstance(v, (list, tuple)) else v


def actual_rows(table, names):
    columns = [table[n] for n in names]
    return [tuple(plain(c[r]) for c in columns) for r in range(len(table))]


def same(a, b):
    """Rows equal, NaN equal to NaN (a file without occupy times)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def bot_files():
    picked = [p for p in sample_files() if p.suffix == ".nav"]
    return picked + corpus_files("source-nav") + corpus_files("source2-nav")


@pytest.mark.parametrize("path", bot_files(), ids=lambda p: p.name)
def test_every_row_equals_the_dump(path):
    command_path = os.environ.get("NAVSPAN_COMMAND")
    if command_path and not os.path.exists(command_path):
        command_path = None
    with navspan.open(path) as f:
        analysis = f.bot_analysis()
        if f.format not in ("source_nav", "source2_nav"):  # a Quake .nav: nothing, not an error
            assert all(len(getattr(analysis, kind)) == 0 for kind in KINDS)
            return
        fmt = f.format
    d = dump_of(path, command_path)
    want = expected_source(d) if fmt == "source_nav" else expected_source2(d)
    for kind in KINDS:
        got = actual_rows(getattr(analysis, kind), COLUMNS[kind])
        assert len(got) == len(want[kind]), (kind, len(got), len(want[kind]))
        for k, (g, w) in enumerate(zip(got, want[kind])):
            assert same(g, w), (kind, k, g, w)
    print(f"bot analysis: {path.name}: {sum(len(want[k]) for k in KINDS)} rows equal the dump")


def test_corpus_present_or_skipped():
    if not (CORPUS / "source2-nav" / "files").is_dir():
        pytest.skip(f"no corpus at {CORPUS}: the samples alone were compared")
    mirage = [p for p in corpus_files("source2-nav") if p.name.endswith("de_mirage.nav")]
    if not mirage:
        pytest.skip("no CS2 de_mirage in the corpus")
    with navspan.open(mirage[0]) as f:
        a = f.bot_analysis()
    # The counts `navspan info` and the dump give for de_mirage.
    assert (len(a.hiding_spots), len(a.encounters), len(a.approach_spots), len(a.encounter_spots)) == \
        (369, 11770, 20717, 1446)
    assert len(a.earliest_occupy_times) == 2519
    resolved = sum(1 for v in list(a.encounters["from_index"]) if v != NONE)
    assert resolved > 0.99 * len(a.encounters)


def test_formats_without_bot_data_give_empty_tables():
    for p in sample_files():
        with navspan.open(p) as f:
            if f.format in ("source_nav", "source2_nav"):
                continue
            a = f.bot_analysis()
            for kind in KINDS:
                table = getattr(a, kind)
                assert len(table) == 0, (p.name, kind)
                assert list(table.keys()) == list(COLUMNS[kind]), (p.name, kind)


def test_sample_v16_rows_and_pandas():
    with navspan.open(SAMPLES / "sample_v16_cstrike.nav") as f:
        a = f.bot_analysis()
    assert len(a.hiding_spots) == 4 and list(a.hiding_spots["spot_id"]) == [100, 101, 102, 103]
    assert plain(a.hiding_spots["position"][0]) == (12.5, 12.5, 0.0)
    assert actual_rows(a.encounters, COLUMNS["encounters"]) == [(0, 10, 20, 30, 1, 2, 3, 2, 0, 2)]
    assert [r[4] for r in actual_rows(a.encounter_spots, COLUMNS["encounter_spots"])] == [64, 191]
    assert len(a.approach_spots) == 4 and list(a.approach_spots["next_how"]) == [2, 2, 2, 2]
    assert list(a.earliest_occupy_times["area_id"]) == [10, 20, 30, 40]
    try:
        import pandas  # noqa: F401
    except ImportError:
        return
    frame = a.hiding_spots.to_pandas()
    assert list(frame.columns) == ["area_index", "area_id", "spot_id", "position_x", "position_y", "position_z",
                                   "flags"]
    assert len(frame) == 4
