"""The page's unit tests (tests/js, run by `node --test`) compose moves from real snapshots of
the engine (tests/js/fixtures/snapshots.json) and step through a real replay
(tests/js/fixtures/replay.json); this keeps them what the engine answers now.

After a change to the engine's answers: `.venv/bin/python tests/js/make_fixtures.py`."""

import importlib.util
from pathlib import Path

import pytest

MAKER = Path(__file__).resolve().parent / "js" / "make_fixtures.py"


def _maker():
    spec = importlib.util.spec_from_file_location("make_fixtures", MAKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("make, path", [("make", "FIXTURE"), ("make_replay", "REPLAY")],
                         ids=["composer snapshots", "replay"])
def test_the_fixtures_are_what_the_engine_answers(make, path):
    """snapshots.json (the engine's snapshots) and replay.json (the bridge's replay_open
    answer) are what the engine answers now."""
    maker = _maker()
    kept = getattr(maker, path)
    assert kept.read_text("utf-8") == maker.text(getattr(maker, make)()), (
        f"tests/js/fixtures/{kept.name} differs from what the engine answers: "
        "run .venv/bin/python tests/js/make_fixtures.py")
