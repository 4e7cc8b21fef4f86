"""python/README.md's walkthrough ("The analyst's tasks, end to end") runs as
written: every python block of that section, in order, in one namespace,
in a folder holding de_dust2.nav (awpy's) and de_mirage.nav (CS2) from the
corpus, with what it prints checked against the figures its comments give.
Skipped when the corpus is not there."""

import contextlib
import io
import os
import pathlib
import re
import shutil

import pytest

from conftest import CORPUS

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## The analyst's tasks, end to end"
FILES = {"de_dust2.nav": CORPUS / "source-nav" / "files" / "pnxenopoulos__awpy__de_dust2.nav",
         "de_mirage.nav": CORPUS / "source2-nav" / "files" / "ValveResourceFormat__ValveResourceFormat__de_mirage.nav"}


def walkthrough_blocks():
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return re.findall(r"```python\n(.*?)```", text[start:end], re.S)


def test_the_section_has_its_blocks():
    blocks = walkthrough_blocks()
    assert len(blocks) >= 8
    joined = "".join(blocks)
    for call in ("navspan.open(", ".locate(", ".group_names", ".polygons_in_group(", ".table()",
                 ".distances_from(", 'by="id"', "weight=", "cost=", ".reach("):
        assert call in joined, call
    assert ".bot_analysis()" in joined and ".hiding_spots" in joined and ".earliest_occupy_times" in joined


@pytest.fixture
def corpus_folder(tmp_path):
    for name, source in FILES.items():
        if not source.is_file():
            pytest.skip(f"corpus file not found: {source}")
        shutil.copyfile(source, tmp_path / name)  # copies: symbolic links need privileges on Windows
    old = os.getcwd()
    os.chdir(tmp_path)
    yield tmp_path
    os.chdir(old)


def test_the_walkthrough_runs_and_prints_its_figures(corpus_folder):
    namespace = {"__name__": "walkthrough"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for number, block in enumerate(walkthrough_blocks()):
            exec(compile(block, f"README walkthrough block {number + 1}", "exec"), namespace)
    out = printed.getvalue().splitlines()
    ns = namespace
    # The figures the comments give, and the values behind them.
    assert out[0] == "source_nav 16 1120 area"
    assert "668 6992" in out
    assert "[668, 205, 7]" in out
    assert "['', 'BombsiteB', 'Catwalk', 'TopofMid']" in out
    assert "TSpawn" in out
    assert "127 22 41" in out
    assert ns["here"].polygon == 668 and ns["area"].id == 6992
    assert ns["mesh"].group_names[ns["area"].group] == "TSpawn"
    table = ns["table"]
    assert table["group_name"][668] == "TSpawn" and table["id"][668] == 6992
    assert len(ns["in_a"]) == 41
    assert ns["t_first"] and all(ns["from_t"][p] < ns["from_ct"][p] for p in ns["t_first"])
    assert f"{round(min(ns['from_t'][p] for p in ns['site_a']))} {round(min(ns['from_ct'][p] for p in ns['site_a']))}" \
        in out
    assert (ns["start_id"], ns["goal_id"]) == (6992, 152)
    walk = ns["walk"]
    assert walk.ids[0] == 6992 and walk.ids[-1] == 152 and walk.cost > 0
    assert ns["hops"].ids[-1] == ns["by_size"].ids[-1] == ns["detour"].ids[-1] == 152
    near = ns["near"]
    assert near[0] == (668, 0.0) and all(c <= 500.0 for _, c in near)
    assert "TSpawn" in ns["places_near"]
    assert "3739 1359" in out and "6992 152 4710 17" in out and "5170" in out and "38 36" in out
    assert ns["detour"].cost > walk.cost and not set(ns["detour"].polygons) & ns["catwalk"]
    # hiding spots and occupy times
    assert "415 17 10" in out and "22.1 8.3" in out
    assert len(ns["snipers"]) == 10 and all(len(p) == 3 for p in ns["snipers"])
    # de_mirage
    assert "source2_nav 35 ['hull 0']" in out
    assert "706 2323" in out
    assert "[]" in out
    assert "95 5512" in out and "5211" in out and "67 (668, 0.0)" in out
    m = ns["m"]
    assert len(ns["mtable"]) == m.polygon_count == 2519
    assert 0 < ns["field"][ns["ct_side"].polygon] < float("inf")
    assert ns["rush"].ids[0] == 706 and ns["rush"].ids[-1] == 2323
    assert ns["within"][0][0] == ns["t_side"].polygon
    for f in (ns["dust2"], ns["mirage"]):
        f.close()
