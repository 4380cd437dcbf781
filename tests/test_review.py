"""The review (py/tammany/review.py, docs/review.md): every decision of the chosen seats weighed
in points by Hard's search, from the seat's own view (R34), its best move the one "Suggest a
move" shows, the move played valued on the same samples; labels, figures, the chart; the CLI
and the bridge give the same review.

The searches here use little work (the properties hold for any amount); the check that the
review tells good play from bad over whole games is bench/review_levels.py (docs/review.md)."""

import json
import math

import pytest

from enginekit import vote
from tammany import bridge, cli
from tammany.actions import AssignOffices, Bid, PlaceBosses, from_json
from tammany.bots import forced_action
from tammany.builder import Position, start_election
from tammany.game import Game, Seat
from tammany.review import (
    GOOD,
    LABELS,
    NOISE,
    Review,
    accuracy_of,
    game_accuracy,
    label,
    review,
    weigh_decision,
    weigh_in_game,
)
from tammany.rng import Rng
from tammany.rules_config import house_rules
from tammany.savecode import encode
from tammany.suggest import suggest_for_game

WORK = 12
CHECKS = 6
SEATS = [Seat("Ann", "red"), Seat("Ben", "yellow"), Seat("Cy", "purple")]
BAD = ("mistake", "blunder")


def random_game(seed: int, moves: int, remote: bool = False) -> Game:
    """The first `moves` moves of a game of random players (across devices: sealed bids)."""
    play = cli.play_random_remote_game if remote else cli.play_random_game
    whole = play(3, seed)
    return Game.replay(whole.seats, whole.seed, whole.history[:moves], whole.game_id)


def decisions(game: Game, seat: int):
    """Positions of `game` (each its own game) where `seat` has two or more legal options,
    with the move played there."""
    replay = Game(game.seats, game.seed, game.game_id)
    for n, (s, action) in enumerate(game.history):
        if s == seat and forced_action(replay.state, seat) is None:
            yield Game.replay(game.seats, game.seed, game.history[:n], game.game_id), action
        replay.apply(s, action)


# --- one decision ---------------------------------------------------------------------------
def test_the_best_move_is_the_one_suggest_a_move_shows_and_hards_own_move_loses_nothing():
    """The same view, seed and search as "Suggest a move" (R34: the seat's own view)."""
    game = random_game(4, 90)
    seen = set()
    for position, played in list(decisions(game, 1))[:5]:
        got = weigh_in_game(position, 1, played, WORK, CHECKS)
        suggested = suggest_for_game(position, 1, WORK)["action"]
        assert got["best"] == suggested
        again = weigh_in_game(position, 1, from_json(suggested), WORK, CHECKS)
        assert again["is_best"] and again["loss"] == 0 and again["label"] == GOOD
        assert again["played_value"] == again["best_value"] == got["best_value"]
        seen.add(played.kind)
    assert {"bosses", "end"} & seen


def test_a_move_hard_does_not_weigh_is_valued_on_the_same_samples_as_the_best():
    """A played move outside Hard's options is added to them and played on the best move's own
    samples: the loss is exactly the difference of the two values (R12 placements)."""
    game = random_game(6, 40)
    for position, played in decisions(game, 0):
        if played.kind == "bosses":
            got = weigh_in_game(position, 0, played, WORK, CHECKS)
            if not got["is_best"]:
                break
    assert got["samples"] == CHECKS
    assert got["loss"] == pytest.approx(max(0.0, got["best_value"] - got["played_value"]),
                                        abs=0.011)


def test_labels_need_the_win_chance_lost_to_clear_the_noise_and_lichess_steps():
    """Labels from lost win chance with lichess's steps (5, 10, 15 points of win percentage),
    only above NOISE standard errors."""
    assert dict(LABELS) == {"blunder": 0.15, "mistake": 0.10, "inaccuracy": 0.05}
    assert label(0.2, 0.2 / NOISE) == GOOD  # not clearly above its noise
    assert label(0.2, 0.01) == "blunder"
    assert label(0.12, 0.01) == "mistake"
    assert label(0.025, 0.0) == GOOD
    assert label(0.05, 0.01) == "inaccuracy"


def test_accuracy_follows_lichess_formula_of_the_win_chance_lost():
    """lichess: 103.1668·exp(−0.04354·Δ) − 3.1669 for Δ points of win percentage lost."""
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=1e-3)
    assert accuracy_of(0.10) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669, abs=1e-9)
    assert accuracy_of(1.0) == 0.0
    assert 0 < accuracy_of(0.5) < accuracy_of(0.05) < 100
    # a player's accuracy: a few large losses pull the harmonic half down
    steady = game_accuracy([90.0] * 10, [1.0] * 10)
    spiky = game_accuracy([100.0] * 9 + [10.0], [1.0] * 10)
    assert steady == pytest.approx(90.0) and spiky < steady


# --- positions built to hold a clear error ---------------------------------------------------
def test_a_zero_bid_where_one_chip_wins_the_ward_alone_is_labelled_r24_r25_r30():
    """R24: red and yellow have one boss each in ward 6 and only red holds a chip of a colour
    there (R25: red is asked, yellow bids nothing). Bidding nothing ties (nobody wins); one
    German chip wins the ward — the only one voting — and with it the mayor's office (R30):
    about two and a half points, which in year 4 of sixteen is a few points of win chance
    (a label, at least an inaccuracy)."""
    s = (Position(players=3, year=4).cubes(6, german=2).bosses(6, red=1, yellow=1)
         .chips("red", german=1).build())
    start_election(s)
    assert s.phase == "bid" and s.election.ward == 6 and s.to_act() == [0]
    got = weigh_decision(s.view(0), 0, 1, Bid((0, 0, 0, 0)), WORK, CHECKS)
    assert got["label"] != GOOD and got["loss"] >= 2 and got["win_loss"] > 0.03, got
    assert got["best"] == {"t": "bid", "n": [0, 0, 1, 0]}


def test_placing_where_the_ward_is_lost_when_open_wards_win_is_a_mistake_r12_r23_r29():
    """R12a: red places last before the election; yellow holds ward 6 with three bosses (and
    chips to bid, R24), while every other ward in play has no boss (R23: a lone candidate
    wins). Both bosses into ward 6 lose it; into open wards they win two (R29)."""
    s = (Position(players=3, year=4).bosses(6, yellow=3).chips("yellow", german=2)
         .first("yellow").current("red").build())
    assert s.to_act() == [0]
    got = weigh_decision(s.view(0), 0, 1, PlaceBosses(6, 6), 24, CHECKS)
    assert got["label"] in BAD, got
    best = from_json(got["best"])
    wards = {best.a, best.b} if best.kind == "bosses" else {best.b}
    assert 6 not in wards and all(s.bosses[w][1] == s.bosses[w][2] == 0 for w in wards)


def test_giving_the_strongest_rival_the_deputy_mayor_is_a_mistake_r14_r30_r31():
    """R31: red is mayor (R30: three wards to yellow's two) and hands out the offices; yellow
    is the strongest rival. The Deputy Mayor (R14: a favor chip every turn) to yellow loses
    the term's wards to its chips; the better assignment gives yellow the Precinct Chairman."""
    s = (Position(players=3, year=4).bosses(1, red=1).bosses(2, red=1).bosses(4, red=1)
         .bosses(6, yellow=1).bosses(7, yellow=1).points("yellow", 6).points("red", 4)
         .chips("yellow", irish=1, english=1, german=1).build())
    start_election(s)
    vote(s)
    assert s.phase == "offices" and s.mayor == 0
    played = AssignOffices({1: "deputy_mayor", 2: "chief_of_police"})
    got = weigh_decision(s.view(0), 0, 7, played, WORK, 16)
    assert got["label"] in BAD, got
    assert got["best"]["o"]["1"] == "precinct_chairman"


# --- secrets (R34) --------------------------------------------------------------------------
def bidding_game(seed: int) -> Game:
    """A game in a ward's bidding where one seat has yet to bid and another still may."""
    whole = cli.play_random_game(3, seed)
    game = Game(whole.seats, whole.seed)
    for seat, action in whole.history:
        s = game.state
        if s.phase == "bid" and len(s.to_act()) >= 2 and not s.election.bids:
            return game
        game.apply(seat, action)
    raise AssertionError("no contested ward")


@pytest.mark.parametrize("seed", [5, 8])
def test_another_seats_hidden_bid_does_not_change_a_decisions_values_r34(seed):
    """R34: two games that differ only in a rival's sealed bid give the same review of the
    next bidder's bid."""
    base = bidding_game(seed)
    first, second = base.to_act()[0], base.to_act()[1]
    bids = [a for a in base.legal_actions(first) if isinstance(a, Bid)]
    low, high = min(bids, key=lambda b: sum(b.n)), max(bids, key=lambda b: sum(b.n))
    assert low != high
    mine = [a for a in base.legal_actions(second) if isinstance(a, Bid)][-1]
    reviews = []
    for bid in (low, high):
        game = Game.replay(base.seats, base.seed, base.history)
        game.apply(first, bid)
        reviews.append(weigh_in_game(game, second, mine, WORK, CHECKS))
    assert reviews[0] == reviews[1]


def test_the_bags_order_does_not_change_a_decisions_values_r34():
    """R34: the bag's future draws (the game's generator) are not the seat's to read."""
    game = random_game(2, 30)
    checked = 0
    for position, played in decisions(game, 0):
        before = weigh_in_game(position, 0, played, WORK, CHECKS)
        kept, position.state.rng = position.state.rng, Rng(7919)  # another order of the bag
        assert weigh_in_game(position, 0, played, WORK, CHECKS) == before
        position.state.rng = kept
        checked += 1
    assert checked >= 3


# --- a whole game ---------------------------------------------------------------------------
def test_a_review_weighs_every_decision_of_the_chosen_seats_and_sums_them_up():
    """Decisions are the seats' moves with two or more legal options (R11–R31); per seat the
    label counts add up, accuracy is 0–100; the chart has every seat's expected points after
    every move."""
    game = random_game(3, 30)
    got = review(game, [0, 2], WORK, CHECKS)
    wanted = [(n, s) for n, (s, _) in enumerate(game.history, 1) if s in (0, 2)]
    found = [(d["move"], d["seat"]) for d in got["decisions"]]
    assert set(found) <= set(wanted) and len(found) == sum(
        1 for seat in (0, 2) for _ in decisions(game, seat))
    for d in got["decisions"]:
        assert d["played"] == {**d["played"]} and d["loss"] >= 0 and d["loss_se"] >= 0
        assert from_json(d["played"]) == game.history[d["move"] - 1][1]
    for figures in got["seats"]:
        mine = [d for d in got["decisions"] if d["seat"] == figures["seat"]]
        assert sum(figures["labels"].values()) == figures["decisions"] == len(mine)
        assert 0 <= figures["accuracy"] <= 100
        assert figures["best_moves"] == sum(d["is_best"] for d in mine)
    assert [f["seat"] for f in got["seats"]] == [0, 2]
    assert len(got["chart"]) == len(game.history) + 1
    assert all(len(row) == 3 for row in got["chart"])
    assert json.loads(json.dumps(got)) == got


def test_a_game_across_devices_weighs_a_sealed_bid_as_the_bid_its_opening_shows_r24():
    """Across devices a bid is sealed, then opened (docs/remote.md): the review weighs the bid
    the opening showed, at the seal's moment; protocol moves (anchor, draw, open) are not
    decisions."""
    whole = cli.play_random_remote_game(3, 11)
    end = next(n for n, (seat, action) in enumerate(whole.history)
               if seat == 0 and action.kind == "open")
    game = Game.replay(whole.seats, whole.seed, whole.history[:end + 1], whole.game_id)
    got = review(game, [0], WORK, 2)
    moves = {game.history[d["move"] - 1][1].kind for d in got["decisions"]}
    assert not moves & {"anchor", "draw", "open"}
    sealed = [d for d in got["decisions"] if game.history[d["move"] - 1][1].kind == "seal"]
    assert sealed
    for d in sealed:
        opened = next(a for s, a in game.history[d["move"]:] if s == d["seat"]
                      and a.kind == "open")
        assert d["played"] == {"t": "bid", "n": list(opened.n)}


def test_a_game_with_house_rules_is_reviewed_by_its_own_rules_r13_r25_r32():
    """A two-term game where every candidate bids (house rules `terms` 2, `bids`
    every_candidate): replayed by those rules, its last election ends the game (R32)."""
    whole = cli.play_random_game(3, 21, house_rules({"terms": 2, "bids": "every_candidate"}))
    got = Review(whole, [1], WORK, 2)
    assert got.total and len(got.chart) == len(whole.history) + 1
    assert got.chart[-1] == [float(p) for p in whole.result["scores"]]
    assert got.step()["move"] == got.positions[0][0]


def test_the_cli_bridge_and_module_give_the_same_review():
    game = random_game(9, 30)
    code = encode(game)
    expected = review(game, [1], WORK)
    out = []
    status = _run_cli(["review", code, "--seats", "1", "--json", "--work", str(WORK)], out)
    assert status == 0 and json.loads(out[0]) == expected
    opened = call("review_open", code=code, seats=[1], work=WORK)
    assert opened["ok"] and opened["total"] == len(expected["decisions"])
    assert opened["chart"] == expected["chart"] and opened["version"] == expected["version"]
    got = []
    while True:
        step = call("review_next")
        assert step["ok"] and step["total"] == opened["total"]
        if step["decision"] is None:
            break
        got.append(step["decision"])
        assert step["done"] == len(got)
    assert got == expected["decisions"] and step["summary"] == expected["seats"]
    assert call("review_close")["ok"] and call("review_next")["error"]["code"] == "no_review"


@pytest.mark.parametrize("params, code", [
    ({"code": "B0"}, "code_damaged"),
    ({"seats": [5]}, "bad_seats"),
    ({"seats": "0"}, "bad_seats"),
    ({"work": 0}, "bad_request"),
])
def test_bad_review_requests_get_a_clear_refusal(params, code):
    good = encode(random_game(9, 10))
    answer = call("review_open", **{"code": good, **params})
    assert not answer["ok"] and answer["error"]["code"] == code


def test_the_cli_says_what_is_wrong_in_one_line():
    err = []
    assert _run_cli(["review", "B0"], [], err) == 2 and len(err) == 1
    code = encode(random_game(9, 10))
    assert _run_cli(["review", code, "--seats", "9"], [], err) == 2
    assert _run_cli(["review", code, "--seats", "x"], [], err) == 2


def call(method, **params):
    return json.loads(bridge.handle(json.dumps({"method": method, "params": params})))


def _run_cli(argv, out, err=None):
    import contextlib
    import io
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        status = cli.main(argv)
    out += stdout.getvalue().splitlines()
    if err is not None:
        err += stderr.getvalue().splitlines()
    return status
