"""The JSON fixtures of the page's unit tests (tests/js), made by the engine itself.

`snapshots.json`: real snapshots (the bridge's `snapshot`: view, prompt, choice tree) of the
positions the turn composer (site/js/logic/compose.js) is tested on, one per case below,
found by walking random games in order. `replay.json`: the bridge's `replay_open` answer for a
finished random game of three (its timeline, points and last frame), which the replay viewer's
steps and results are tested on (site/js/logic/replay-*.js). tests/test_js_fixtures.py makes
them again and fails when the engine's answer changed, so the Node tests always work from what
Python says.

    .venv/bin/python tests/js/make_fixtures.py      # write them again after a change
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixtures" / "snapshots.json"
REPLAY = HERE / "fixtures" / "replay.json"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
KEEP = ("view", "prompt", "choices", "can_undo", "seats", "moves", "code", "rules", "game_id")


def _cases():
    """{name: test(snapshot) -> bool}: the first position of the walk that passes is kept."""
    def kinds(snap):
        tree = snap["choices"] or {}
        return tree.get("kinds") or {}

    def slander_w2(snap):
        def walk(node):
            if node is True:
                return False
            if node["next"] == "w2" and node["options"]:
                return True
            return any(walk(child) for child in node["options"].values())
        tree = kinds(snap).get("slander")
        return bool(tree) and walk(tree)

    def slander_once_only(snap):
        def walk(node):
            if node is True:
                return False
            if node["next"] == "w2":
                return node["complete"] and not node["options"]
            return any(walk(child) for child in node["options"].values())
        tree = kinds(snap).get("slander")
        return bool(tree) and walk(tree)

    return {
        "turn_start": lambda s: s["view"]["phase"] == "turn" and "bosses" in kinds(s)
        and "boss_cube" in kinds(s) and not s["view"]["turn"]["placed"],
        "turn_placed": lambda s: s["view"]["phase"] == "turn" and s["view"]["turn"]["placed"]
        and "end" in s["prompt"]["kinds"],
        "police": lambda s: "police" in kinds(s),
        "precinct": lambda s: "precinct" in kinds(s),
        "council": lambda s: "council" in kinds(s),
        "deputy": lambda s: "deputy" in kinds(s),
        "slander_w2": slander_w2,
        "slander_once_only": slander_once_only,
        "bonus_cube": lambda s: "bonus_cube" in kinds(s),
        "bonus_chip": lambda s: "bonus_chip" in kinds(s),
        "bid": lambda s: s["view"]["phase"] == "bid",
        "offices": lambda s: s["view"]["phase"] == "offices",
        "over": lambda s: s["view"]["phase"] == "over",
    }


def make() -> dict:
    from tammany.bridge import snapshot
    from tammany.game import Game
    from tammany.legal import random_action
    from tammany.rng import Rng, derive_seed

    cases = _cases()
    found: dict = {}
    for seed in range(40):
        players = 3 + seed % 3
        game = Game.create(NAMES[:players], seed)
        rng = Rng(derive_seed(seed, 0x7EE))
        while True:
            snap = snapshot(game)
            for name, test in cases.items():
                if name not in found and test(snap):
                    found[name] = {k: snap[k] for k in KEEP}
            if game.is_over or len(found) == len(cases):
                break
            to_act = game.to_act()
            seat = to_act[rng.below(len(to_act))]
            game.apply(seat, random_action(game.state, seat, rng))
        if len(found) == len(cases):
            break
    missing = set(cases) - set(found)
    if missing:
        raise RuntimeError(f"no position found for {sorted(missing)}")
    return {name: found[name] for name in cases}


def make_replay() -> dict:
    """The page's replay of a finished random game of three, as `replay_open` answers it."""
    from tammany import bridge
    from tammany.game import Game
    from tammany.legal import random_action
    from tammany.rng import Rng, derive_seed
    from tammany.savecode import encode

    game = Game.create(NAMES[:3], 0)
    rng = Rng(derive_seed(0, 0x7EE))
    while not game.is_over:
        to_act = game.to_act()
        seat = to_act[rng.below(len(to_act))]
        game.apply(seat, random_action(game.state, seat, rng))
    try:
        return bridge.m_replay_open({"code": encode(game)})
    finally:
        bridge.m_replay_close({})


def text(data: dict) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent / "py"))
    FIXTURE.write_text(text(make()), "utf-8")
    REPLAY.write_text(text(make_replay()), "utf-8")
    print(f"wrote {FIXTURE} and {REPLAY}")
