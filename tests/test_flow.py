"""The flow of a game lives in one table (py/tammany/flow.py, docs/architecture.md "Flow"):
rule modules leave a marker when their step is over and never set the phase; flow alone
reads the marker and decides what comes next; no marker outlives an action."""

import ast
import re
from pathlib import Path

from tammany import flow
from tammany.cli import play_random_game, play_random_remote_game

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py" / "tammany"
RULE_MODULES = ("setup", "turn", "offices", "slander", "election", "scoring", "remote", "rules")


def assignments(module: str, attribute: str) -> list:
    """The values assigned to `<something>.attribute` in a module (None: not a constant)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == attribute:
                    value = node.value
                    out.append(value.value if isinstance(value, ast.Constant) else None)
    return out


def test_every_marker_a_rule_leaves_has_its_next_step_and_no_step_is_unreachable():
    left = {m for module in RULE_MODULES for m in assignments(module, "marker")}
    assert None not in left, "a rule leaves a marker that is not a constant name"
    assert left == set(flow.NEXT)


def test_no_rule_module_sets_the_phase():
    """The phase is flow's to set: a rule that set it would decide what comes next."""
    for module in RULE_MODULES:
        assert assignments(module, "phase") == [], module
    assert assignments("flow", "phase")


def test_no_marker_outlives_an_action_and_the_phases_are_the_tables():
    """Along whole games (one table, and across devices), after every action the marker is
    gone and the phase is one the flow table lists."""
    table = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    phases = set(re.findall(r"^\| `([a-z]+)` \|", table, flags=re.M))
    assert phases == {"turn", "draw", "bid", "bonus", "offices", "over"}
    seen = set()
    for play in (play_random_game, play_random_remote_game):
        for players in (3, 5):
            game = play(players, 11 + players)
            state = type(game)(game.seats, game.seed, game.game_id).state
            for seat, action in game.history:
                state.apply(seat, action)
                assert state.marker is None
                assert state.phase in phases
                seen.add(state.phase)
    assert seen == phases  # every phase of the table was met


def test_the_docs_table_names_every_marker():
    table = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for marker in flow.NEXT:
        assert f"`{marker}`" in table, marker
