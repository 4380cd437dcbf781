"""The page's unit tests (tests/js, run by `node --test`) compose moves from real snapshots of
the engine (tests/js/fixtures/snapshots.json) and step through a real replay
(tests/js/fixtures/replay.json); this keeps them what the engine answers now.

After a change to the engine's answers: `.venv/bin/python tests/js/make_fixtures.py`."""

import importlib.util
from pathlib import Path

MAKER = Path(__file__).resolve().parent / "js" / "make_fixtures.py"


def _maker():
    spec = importlib.util.spec_from_file_location("make_fixtures", MAKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_composer_fixtures_are_what_the_engine_answers():
    maker = _maker()
    fresh = maker.text(maker.make())
    assert maker.FIXTURE.read_text("utf-8") == fresh, (
        "tests/js/fixtures/snapshots.json differs from the engine's snapshots: "
        "run .venv/bin/python tests/js/make_fixtures.py")


def test_the_replay_fixture_is_what_the_bridge_answers():
    maker = _maker()
    fresh = maker.text(maker.make_replay())
    assert maker.REPLAY.read_text("utf-8") == fresh, (
        "tests/js/fixtures/replay.json differs from the bridge's replay_open answer: "
        "run .venv/bin/python tests/js/make_fixtures.py")
