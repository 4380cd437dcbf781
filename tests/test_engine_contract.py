"""The engine's contract beyond single rules: illegal actions, legal-action
lists against the checks, partial actions for the page, determinism and the
generator (docs/rules.md R5, R6, R10, R34)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from enginekit import accepted_by_check, by_kind, fingerprint
from tammany import board
from tammany.actions import (
    ACTION_TYPES,
    AssignOffices,
    Bid,
    BonusChip,
    ChiefOfPolice,
    DeputyMayor,
    EndTurn,
    PlaceBossCube,
    PlaceBosses,
    SkipBonus,
    Slander,
    from_json,
)
from tammany.builder import Position, start_election
from tammany.cli import play_random_game
from tammany.engine import new_state
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.legal import choices, explain, legal_actions, legal_by_kind, random_action
from tammany.rng import Rng
from tammany.rules_config import STANDARD

ROOT = Path(__file__).resolve().parent.parent


# --- illegal actions: a clear error, a stable code, nothing changed --------------------------
def turn_position():
    return (Position(players=3, year=6).office("red", "deputy_mayor").mayor("purple")
            .castle(german=1).bosses(6, red=1, yellow=1).lock(7).build())


def finished_position():
    s = Position(players=3, year=16).build()
    start_election(s)
    return s


ILLEGAL = [
    (turn_position, 0, "not an action", "bad_action"),
    (turn_position, 0, PlaceBosses(12, 6), "bad_action"),
    (turn_position, 0, PlaceBosses(True, 6), "bad_action"),
    (turn_position, 0, PlaceBosses(6, None), "bad_action"),
    (turn_position, 0, PlaceBossCube(6, "purple", 6), "bad_action"),
    (turn_position, 0, Bid((1, 2, 3)), "bad_action"),
    (turn_position, 0, Bid((-1, 0, 0, 0)), "bad_action"),
    (turn_position, 0, Slander(9, 6, "german"), "bad_action"),
    (turn_position, 7, PlaceBosses(6, 6), "bad_seat"),
    (turn_position, "0", PlaceBosses(6, 6), "bad_seat"),
    (turn_position, 1, PlaceBosses(6, 6), "not_your_turn"),
    (turn_position, 0, PlaceBosses(10, 6), "ward_not_in_play"),
    (turn_position, 0, PlaceBosses(7, 6), "ward_locked"),
    (turn_position, 0, PlaceBossCube(6, "irish", 6), "no_such_cube"),
    (turn_position, 0, EndTurn(), "must_place"),
    (turn_position, 0, ChiefOfPolice(6, "german"), "not_your_office"),
    (turn_position, 0, Bid((0, 0, 0, 0)), "not_bid_phase"),
    (turn_position, 0, BonusChip("irish"), "not_bonus_phase"),
    (turn_position, 0, SkipBonus(), "not_bonus_phase"),
    (turn_position, 0, AssignOffices(((1, "deputy_mayor"),)), "not_offices_phase"),
    (turn_position, 0, Slander(0, 6, "german"), "bad_target"),
    (turn_position, 0, Slander(1, 6, "irish"), "chip_not_in_ward"),
    (turn_position, 0, Slander(1, 6, "german"), "not_enough_chips"),
    (finished_position, 0, PlaceBosses(6, 6), "game_over"),
]


@pytest.mark.parametrize("make, who, action, code", ILLEGAL,
                         ids=[f"{c}-{i}" for i, (_, _, _, c) in enumerate(ILLEGAL)])
def test_illegal_action_raises_a_stable_code_and_changes_nothing(make, who, action, code):
    s = make()
    before = (fingerprint(s), s.hash(), s.view(None), s.view(0))
    with pytest.raises(IllegalAction) as err:
        s.apply(who, action)
    assert err.value.code == code
    assert (fingerprint(s), s.hash(), s.view(None), s.view(0)) == before
    assert isinstance(err.value, ValueError)
    assert re.fullmatch(r"[a-z_]+", err.value.code)
    assert err.value.message and err.value.message[-1] in ".!?"
    assert json.loads(json.dumps(err.value.to_json())) == err.value.to_json()


def test_locked_ward_message_is_a_sentence_a_player_understands():
    with pytest.raises(IllegalAction) as err:
        turn_position().apply(0, PlaceBosses(7, 6))
    assert err.value.message == "Ward 7 is locked by the Council President until the election ends."
    assert err.value.params == {"ward": 7}


# --- legal actions against the checks -----------------------------------------------------
def built_positions():
    yield turn_position()
    yield (Position(players=5, year=10).office("red", "precinct_chairman").mayor("black")
           .office("yellow", "council_president").cubes(8, german=2, irish=1)
           .cubes(14, german=1).bosses(8, red=1, yellow=2).bosses(14, red=1, yellow=1)
           .chips("red", german=3, irish=1).castle(irish=1, italian=2).lock(15).build())
    s = (Position(players=4, year=8).cubes(6, english=1, irish=1).bosses(6, red=2, yellow=3)
         .chips("red", english=2, irish=2).chips("yellow", english=2, italian=3).build())
    start_election(s)
    yield s
    s = Position(players=3, year=4).bosses(1, red=1).bosses(14, yellow=1, purple=1) \
        .chips("yellow", irish=1).chips("purple", irish=1).build()
    start_election(s)
    yield s
    s = Position(players=4, year=4).bosses(6, red=1).build()
    start_election(s)
    yield s


@pytest.mark.parametrize("index", range(5))
def test_legal_actions_are_exactly_the_well_formed_actions_check_accepts(index):
    s = list(built_positions())[index]
    for who in range(s.players):
        listed = legal_actions(s, who)
        accepted, complete = accepted_by_check(s, who)
        assert complete
        assert len(set(listed)) == len(listed), "no action listed twice"
        assert set(listed) == accepted
        assert bool(listed) == (who in s.to_act())


def test_random_action_picks_only_listed_actions_of_every_kind():
    s = turn_position()
    listed = set(legal_actions(s, 0))
    rng = Rng(5)
    kinds = set()
    for _ in range(300):
        action = random_action(s, 0, rng)
        assert action in listed
        kinds.add(action.kind)
    assert kinds == {a.kind for a in listed}


def test_random_action_for_a_seat_with_nothing_to_do():
    with pytest.raises(IllegalAction) as err:
        random_action(turn_position(), 1, Rng(1))
    assert err.value.code == "nothing_to_do"


def test_random_action_needs_the_engines_own_generator():
    """Anything but tammany.rng.Rng is refused at once, in words: `random.Random` may draw
    differently in another Python version, and a game must replay the same everywhere."""
    import random

    with pytest.raises(TypeError, match="engine's own generator"):
        random_action(turn_position(), 0, random.Random(1))


def test_two_bosses_given_in_either_order_are_the_listed_action():
    """R12a: the two wards are an unordered pair, listed smaller first."""
    s = turn_position()
    assert PlaceBosses(14, 6) == PlaceBosses(6, 14)
    assert PlaceBosses(14, 6) in legal_actions(s, 0)
    assert PlaceBosses(14, 6) == from_json({"t": "bosses", "a": 14, "b": 6})


# --- partial actions for the page ---------------------------------------------------------
def test_choices_for_a_boss_and_cube_composed_tap_by_tap():
    s = turn_position()
    open_wards = [1, 2, 3, 4, 5, 6, 8, 9, 14, 15]
    assert choices(s, 0, PlaceBossCube()) == {
        "fields": {"b": open_wards, "c": ["german"], "w": open_wards}, "complete": False}
    assert choices(s, 0, PlaceBossCube(c="german", b=6)) == {
        "fields": {"w": open_wards}, "complete": False}
    assert choices(s, 0, PlaceBossCube(6, "german", 9)) == {"fields": {}, "complete": True}
    assert choices(s, 0, PlaceBossCube(c="irish")) == {
        "fields": {"b": [], "w": []}, "complete": False}


def test_choices_for_two_bosses_in_either_tap_order():
    s = turn_position()
    assert choices(s, 0, PlaceBosses(b=9))["fields"]["a"] == choices(s, 0, PlaceBosses(a=9))[
        "fields"]["b"]
    assert choices(s, 0, PlaceBosses(9, 6))["complete"]
    assert choices(s, 0, PlaceBosses(a=7))["fields"] == {"b": []}


def test_choices_for_a_kind_the_seat_cannot_use_are_empty():
    s = turn_position()
    assert choices(s, 0, ChiefOfPolice()) == {"fields": {"w": [], "c": []}, "complete": False}
    assert choices(s, 1, PlaceBosses()) == {"fields": {"a": [], "b": []}, "complete": False}
    assert choices(s, 0, DeputyMayor())["fields"] == {"c": list(sorted(board.NATIONALITIES))}


def test_explain_names_the_reason_or_none():
    s = turn_position()
    assert explain(s, 0, PlaceBossCube(c="german")) is None
    assert explain(s, 0, PlaceBosses(a=10))["code"] == "ward_not_in_play"
    assert explain(s, 0, PlaceBossCube(c="italian"))["code"] == "no_such_cube"
    assert explain(s, 0, PlaceBosses(a=7)) == {
        "code": "ward_locked", "params": {"ward": 7},
        "message": "Ward 7 is locked by the Council President until the election ends."}
    assert explain(s, 1, PlaceBosses())["code"] == "not_your_turn"
    assert explain(s, 0, Slander(p=1, w=6)) is None
    assert explain(s, 0, Slander(p=1, w=6, c="german"))["code"] == "not_enough_chips"


def test_explain_and_choices_answer_for_an_empty_partial_of_every_kind():
    """Found by this test: a partial bid with no counts yet, Bid(None), made
    explain raise TypeError in the bid phase (election.check_bid)."""
    for s in built_positions():
        for who in range(s.players):
            for cls in ACTION_TYPES.values():
                empty = cls(*[None] * len(cls._fields))
                reason = explain(s, who, empty)
                answer = choices(s, who, empty)
                if cls._fields and cls.kind in legal_by_kind(s, who):
                    assert reason is None
                    assert any(answer["fields"].values()), (cls.kind, answer)


def test_explain_accepts_every_partial_of_every_legal_action():
    for s in built_positions():
        for who in s.to_act():
            for action in legal_actions(s, who)[:400]:
                for mask in range(1 << len(action._fields)):
                    partial = action._replace(**{
                        f: None for i, f in enumerate(action._fields) if mask >> i & 1})
                    if action.kind in ("bid", "offices") and mask:
                        continue  # their one field is the whole action
                    assert explain(s, who, partial) is None, (action, partial)


# --- determinism and the generator -------------------------------------------------------
SPLITMIX64_SEED_1234567 = [  # Rosetta Code, "Pseudo-random numbers/Splitmix64"
    6457827717110365317, 3203168211198807973, 9817491932198370423,
    4593380528125082431, 16408922859458223821]


def reference_splitmix64(seed: int, count: int) -> list[int]:
    """SplitMix64 written out from its definition (Steele, Lea, Flood 2014;
    Vigna's splitmix64.c): add the golden gamma, then mix with two
    xor-shift-multiplies and a final xor-shift, all modulo 2**64."""
    modulus = 2 ** 64
    out, x = [], seed % modulus
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) % modulus
        z = x
        z = ((z ^ (z // 2 ** 30)) * 0xBF58476D1CE4E5B9) % modulus
        z = ((z ^ (z // 2 ** 27)) * 0x94D049BB133111EB) % modulus
        out.append(z ^ (z // 2 ** 31))
    return out


def test_splitmix64_matches_the_published_reference_values():
    rng = Rng(1234567)
    assert [rng.next_u64() for _ in range(5)] == SPLITMIX64_SEED_1234567
    assert reference_splitmix64(1234567, 5) == SPLITMIX64_SEED_1234567


@pytest.mark.parametrize("seed", [0, 1, 2 ** 64 - 1, 0xDEADBEEF, -5])
def test_splitmix64_equals_its_definition(seed):
    rng = Rng(seed)
    assert [rng.next_u64() for _ in range(500)] == reference_splitmix64(seed, 500)


def test_below_rejects_the_biased_top_and_stays_in_range():
    n = 3 * 2 ** 62  # 2**64 % n == 2**62: the top quarter of outputs is rejected
    seed = 11
    raw = reference_splitmix64(seed, 64)
    expected = [x % n for x in raw if x < 2 ** 64 - 2 ** 62]
    rng = Rng(seed)
    assert [rng.below(n) for _ in range(len(expected))] == expected
    rng = Rng(3)
    assert all(0 <= rng.below(7) < 7 for _ in range(1000))
    with pytest.raises(ValueError):
        rng.below(0)


def fisher_yates(rng, items):
    """setup.py's documented shuffle: from the last index down, j = below(i + 1)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 99), (5, 2 ** 40 + 7)])
def test_setup_draws_chance_in_the_documented_order(players, seed):
    """setup.py: start player, then each starting zone's shuffle (fixed cubes
    aside, nationality order, dealt in election order), then Castle Garden one
    cube at a time with below(cubes in bag) over nationality order."""
    s, _ = new_state(["A", "B", "C", "D", "E"][:players], seed)
    rng = Rng(seed)
    assert s.first == rng.below(players)
    for i, zone in enumerate(board.ZONES):
        if STANDARD.zone_year(players, i) > 1:  # R7
            continue
        box = dict(board.SETUP_CUBES[zone])
        wards = [w for w in board.ELECTION_ORDER[zone] if w not in board.SETUP_FIXED]
        for ward, nat in board.SETUP_FIXED.items():
            if board.ZONE_OF[ward] == zone:
                box[nat] -= 1
        pool = [n for n in board.NATIONALITIES for _ in range(box.get(n, 0))]
        for ward, nat in zip(wards, fisher_yates(rng, pool), strict=True):
            assert s.cubes[ward] == [int(n == nat) for n in board.NATIONALITIES]
    bag = [19, 20, 21, 25]
    castle = [0, 0, 0, 0]
    for _ in range(players + 2):
        r = rng.below(sum(bag))
        for i in range(4):
            if r < bag[i]:
                bag[i] -= 1
                castle[i] += 1
                break
            r -= bag[i]
    assert s.castle == castle and s.bag == bag and s.rng.state == rng.state


def random_game(players, seed):
    game = Game.create(["A", "B", "C", "D", "E"][:players], seed)
    rng = Rng(seed ^ 0x5EED)
    hashes, events = [game.hash()], list(game.setup_events)
    while not game.is_over:
        to_act = game.to_act()
        who = to_act[rng.below(len(to_act))]
        events += game.apply(who, game.random_action(who, rng))
        hashes.append(game.hash())
    return game, hashes, events


def test_replay_rebuilds_every_state_exactly():
    game, hashes, _ = random_game(4, 2024)
    assert Game.replay(game.seats, game.seed, game.history).hash() == hashes[-1]
    for cut in (1, 37, len(game.history) // 2, len(game.history) - 1):
        assert Game.replay(game.seats, game.seed, game.history[:cut]).hash() == hashes[cut]


def test_same_seed_and_actions_give_the_same_events_and_hashes():
    first = random_game(5, 77)
    second = random_game(5, 77)
    assert first[1] == second[1] and first[2] == second[2]
    assert random_game(5, 78)[1][-1] != first[1][-1]


def test_state_hash_does_not_depend_on_python_hash_randomisation():
    code = ("from tammany.cli import play_random_game; "
            "print(play_random_game(4, 31337).hash())")
    here = play_random_game(4, 31337).hash()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT / "py")}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)
        assert out.stdout.strip() == here


def test_clone_is_independent():
    s = turn_position()
    before = fingerprint(s)
    c = s.clone()
    assert fingerprint(c) == before and c.hash() == s.hash()
    c.apply(0, PlaceBossCube(6, "german", 6))
    assert fingerprint(s) == before and fingerprint(c) != before


def test_views_are_json_and_the_same_facts_for_every_seat():
    game, _, events = random_game(3, 8)
    json.dumps(events)
    views = [game.view(p) for p in (None, 0, 1, 2)]
    for v in views:
        assert json.loads(json.dumps(v)) == v
    assert all({k: v for k, v in view.items() if k != "viewer"}
               == {k: v for k, v in views[0].items() if k != "viewer"} for view in views)
    assert by_kind(events, "game_over")[0]["winners"] == game.result["winners"]


def test_random_player_picks_a_kind_uniformly_then_its_parameters_uniformly():
    """The random player: the 900-odd placements must not drown the other
    kinds. Fixed seed, so the counts are deterministic; the bounds are wide."""
    s = turn_position()  # kinds: bosses, boss_cube, deputy (red holds no chips: no slander)
    rng = Rng(2024)
    draws = [random_action(s, 0, rng) for _ in range(6000)]
    kinds = {k: sum(a.kind == k for a in draws) for k in ("bosses", "boss_cube", "deputy")}
    assert sum(kinds.values()) == len(draws)
    assert all(1700 < n < 2300 for n in kinds.values()), kinds
    pairs = {}
    for a in draws:
        if a.kind == "bosses":
            pairs[a] = pairs.get(a, 0) + 1
    listed = [a for a in legal_actions(s, 0) if a.kind == "bosses"]
    assert set(pairs) == set(listed)  # 55 pairs, about 36 draws each
    assert max(pairs.values()) < 3 * min(pairs.values())
