"""The choice tree (tammany.choicetree) says exactly what `choices` says.

The page composes moves from the tree without asking Python after each tap, so the tree
must agree with the engine everywhere: for thousands of random positions, every kind's
tree holds exactly the legal actions, each node's options are `choices()`'s values for
its field (and its subtree's values are `choices()`'s for every later field), `complete`
is `choices()`'s. Seats, boss placement and office powers follow R11-R17, slander
R20-R21, bonuses R27, bids R24/R34.
"""

import json

import pytest

from tammany import board, bridge
from tammany.actions import ACTION_TYPES, WARD_FIELDS, Bid, to_json
from tammany.bridge import snapshot
from tammany.choicetree import FIELD_ORDER, choice_tree
from tammany.game import Game
from tammany.legal import candidate_kinds, choices, composable, random_action
from tammany.rng import Rng, derive_seed

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
GAMES = [(players, seed) for seed in range(6) for players in (3, 4, 5)]  # ~4000 positions


def typed(field: str, key: str):
    """A tree key (a JSON object key, so a string) as the action's value."""
    return int(key) if field in WARD_FIELDS or field == "p" else key


def positions(players: int, seed: int):
    """Every position of one random game (the uniform-by-kind random player)."""
    game = Game.create(NAMES[:players], seed)
    rng = Rng(derive_seed(seed, 0x7EE))
    while not game.is_over:
        to_act = game.to_act()
        seat = to_act[rng.below(len(to_act))]
        yield game, rng
        game.apply(seat, random_action(game.state, seat, rng))


def completions(kind: str, node, filled: dict):
    """Every complete action below `node`, as partial dicts."""
    if node is True:
        yield dict(filled)
        return
    if node["complete"]:
        yield dict(filled)
    for key, child in node["options"].items():
        yield from completions(kind, child, {**filled, node["next"]: typed(node["next"], key)})


def check_node(s, seat, kind, node, filled, rng, depth=0):
    """`node` against choices() for the partial action `filled`; then one random
    child (all of them near the root), so every level is checked."""
    cls = ACTION_TYPES[kind]
    partial = cls(**filled)
    answer = choices(s, seat, partial)
    if node is True:
        assert answer == {"fields": {}, "complete": True}
        return
    below = list(completions(kind, node, filled))
    expected_fields = {}
    for field, values in answer["fields"].items():
        expected_fields[field] = sorted({a[field] for a in below if a.get(field) is not None})
        assert values == expected_fields[field], (kind, filled, field)
    name = node["next"]
    assert sorted(typed(name, k) for k in node["options"]) == answer["fields"][name]
    assert node["complete"] == answer["complete"], (kind, filled)
    keys = sorted(node["options"])
    if not keys:
        return
    chosen = keys if depth == 0 else [keys[rng.below(len(keys))]]
    for key in chosen:
        check_node(s, seat, kind, node["options"][key], {**filled, name: typed(name, key)},
                   rng, depth + 1)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_tree_says_what_choices_says(players, seed):
    checked = 0
    for game, rng in positions(players, seed):
        s = game.state
        tree = choice_tree(s)
        assert json.loads(json.dumps(tree)) == tree  # what the page gets is what was built
        if s.phase not in ("turn", "bonus"):
            continue
        seat = tree["seat"]
        assert seat == s.to_act()[0]
        composed = [k for k in candidate_kinds(s, seat)
                    if k in FIELD_ORDER and composable(s, seat, k)]
        assert list(tree["kinds"]) == composed
        for kind, node in tree["kinds"].items():
            legal = {frozenset((f, v) for f, v in zip(a._fields, a, strict=True) if v is not None)
                     for a in composable(s, seat, kind)}
            built = {frozenset(a.items()) for a in completions(kind, node, {})}
            assert built == legal, kind
            check_node(s, seat, kind, node, {}, rng)
        checked += 1
    assert checked > 50


def test_bid_bounds_are_the_legal_bids_and_never_a_bid():
    """R24: each bidder's bounds span exactly its legal bids. R34: a sealed bid changes
    nothing in the tree or the snapshot until the reveal."""
    seen = 0
    for players, seed in GAMES[:6]:
        for game, _ in positions(players, seed):
            s = game.state
            if s.phase != "bid" or len(s.to_act()) < 2:
                continue
            tree = choice_tree(s)
            for seat in s.to_act():
                bounds = tree["bid"][str(seat)]
                legal = set(game.legal_actions(seat))
                assert len(legal) == prod(b + 1 for b in bounds)
                assert Bid(tuple(bounds)) in legal
            first = s.to_act()[0]
            after = []
            for n in ((0, 0, 0, 0), tuple(tree["bid"][str(first)])):
                other = Game.replay(game.seats, game.seed, game.history)
                other.apply(first, Bid(n))
                after.append(json.dumps(snapshot(other), sort_keys=True))
            assert after[0] == after[1]
            seen += 1
            break
    assert seen >= 3


def prod(values):
    out = 1
    for v in values:
        out *= v
    return out


def test_a_computer_to_act_gets_no_tree():
    """The tree is for the page's human seats; a computer's step carries none."""
    computers = Game.create(NAMES[:3], 5, levels=["easy", "easy", "hard"])
    assert snapshot(computers)["choices"] is None
    humans = Game.create(NAMES[:3], 5)
    assert snapshot(humans)["choices"]["seat"] == humans.to_act()[0]


def test_the_snapshot_carries_the_tree_of_the_seat_to_act():
    game = Game.create(NAMES[:5], 11)
    snap = snapshot(game)
    assert snap["choices"] == choice_tree(game.state)
    assert set(snap["choices"]["kinds"]) == {"bosses", "boss_cube"} | (
        set(snap["prompt"]["kinds"]) & set(FIELD_ORDER))
    assert set(snap["choices"]["kinds"]) <= set(snap["prompt"]["kinds"])
    assert board.WARDS  # the map's wards are every tappable ward


def test_a_tree_asked_for_later_is_the_snapshots_own():
    """The page's worker asks for the tree after the answer ("choices": "later", docs/api.md):
    the answer then has no tree, and `later_choices` gives exactly the tree the snapshot would
    have carried, for the same position (its hash) — through a game's turns, bids (R34: the
    later tree, like the snapshot, never holds a bid) and offices. An error leaves none."""
    seats = [{"name": n, "color": c} for n, c in zip(NAMES[:4], board.PLAYER_COLORS, strict=False)]

    def ask(method, params, later):
        request = {"method": method, "params": params} | ({"choices": "later"} if later else {})
        return json.loads(bridge.handle(json.dumps(request)))

    answer = ask("new_game", {"seats": seats, "seed": 21}, True)
    rng = Rng(derive_seed(21, 7))
    phases = set()
    for _ in range(120):
        assert answer["ok"] and answer["choices"] is None and answer["choices_later"] is True
        later = json.loads(bridge.later_choices())
        assert bridge.later_choices() is None  # given once
        full = ask("state", {}, False)
        assert "choices_later" not in full
        assert later == {"ok": True, "hash": full["hash"], "choices": full["choices"]}
        state = bridge._game().state
        phases.add(state.phase)
        if state.phase == "over":
            break
        seat = state.to_act()[0]
        action = to_json(random_action(state, seat, rng))
        answer = ask("act", {"seat": seat, "action": action}, True)
    assert {"turn", "bid"} <= phases
    refused = ask("act", {"seat": 99, "action": {"t": "end"}}, True)
    assert not refused["ok"] and bridge.later_choices() is None
