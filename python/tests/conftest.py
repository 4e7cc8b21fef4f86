"""Where the tests find their inputs: the bundled samples (NAVSPAN_SAMPLES,
default examples/samples), the real corpus (NAVSPAN_CORPUS, default
../shared/corpus beside the checkout) and the navspan command
(NAVSPAN_COMMAND) whose output the package must equal. ctest sets all
three (tests/capi/tests.cmake)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = pathlib.Path(os.environ.get("NAVSPAN_SAMPLES", ROOT / "examples" / "samples"))
CORPUS = pathlib.Path(os.environ.get("NAVSPAN_CORPUS") or ROOT.parent / "shared" / "corpus")
CORPUS_FOLDERS = ["source-nav", "quake-nav", "fox-nav2", "creation-plugins", "source2-nav"]


def sample_files():
    return sorted(p for p in SAMPLES.iterdir() if p.is_file() and p.suffix != ".md")


def corpus_files(folder):
    d = CORPUS / folder / "files"
    return sorted(p for p in d.iterdir() if p.is_file()) if d.is_dir() else []


@pytest.fixture
def command():
    path = os.environ.get("NAVSPAN_COMMAND")
    if not path or not os.path.exists(path):
        pytest.skip("NAVSPAN_COMMAND (the navspan command) not given: nothing to compare with")
    return path
