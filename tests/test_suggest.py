""""Suggest a move" (py/tammany/suggest.py): Hard's move from the seat's own view (R34).

A suggestion is always a legal move of the true game, and it does not change when what the seat
cannot see changes: another seat's sealed bid not yet revealed, or the bag's order."""

import json
from pathlib import Path

import pytest

from tammany import bridge
from tammany.actions import Bid, from_json
from tammany.game import Game, Seat
from tammany.rng import Rng
from tammany.suggest import suggest_for_game

WORK = 12  # a small search: the property holds for any amount of work
SEATS = [Seat("Ann", "red"), Seat("Ben", "yellow"), Seat("Cy", "purple")]


def positions(seed: int, stop_every: int = 9):
    """Positions of a random game (the game and the seat to act), every few moves."""
    game = Game(SEATS, seed)
    rng = Rng(seed)
    n = 0
    while not game.is_over and n < 400:
        seat = game.to_act()[0]
        if n % stop_every == 0:
            yield game, seat
        game.apply(seat, game.random_action(seat, rng))
        n += 1


@pytest.mark.parametrize("seed", [3, 11])
def test_a_suggestion_is_a_legal_move(seed):
    """R11–R31: whatever the phase, the suggested action is legal for that seat."""
    seen = set()
    for game, seat in positions(seed):
        got = suggest_for_game(game, seat, WORK)
        assert from_json(got["action"]) in game.legal_actions(seat)
        assert got["why"]["code"]
        seen.add(got["action"]["t"])
    assert {"bosses", "end"} <= seen, seen


def bidding_game(seed: int):
    """A game in a ward's bidding where one seat has bid and another is still to bid."""
    for game, _ in positions(seed, 1):
        s = game.state
        if s.phase == "bid" and len(s.election.bidders) >= 2 and not s.election.bids:
            return game
    raise AssertionError("no contested ward")


@pytest.mark.parametrize("seed", [5, 8])
def test_another_seats_hidden_bid_does_not_change_the_suggestion(seed):
    """R34: two games that differ only in a rival's sealed bid give the same suggestion."""
    base = bidding_game(seed)
    first, second = base.to_act()[0], base.to_act()[1]
    bids = [a for a in base.legal_actions(first) if isinstance(a, Bid)]
    low, high = min(bids, key=lambda b: sum(b.n)), max(bids, key=lambda b: sum(b.n))
    games = []
    for bid in (low, high):
        game = Game.replay(base.seats, base.seed, base.history)
        game.apply(first, bid)
        games.append(game)
    assert games[0].hash() == games[1].hash()  # the public state is the same
    a, b = (suggest_for_game(g, second, WORK) for g in games)
    assert a == b
    assert from_json(a["action"]) in games[0].legal_actions(second)


@pytest.mark.parametrize("seed", [2, 9])
def test_the_bags_order_does_not_change_the_suggestion(seed):
    """R34: the bag's future draws (the game's generator) are not the seat's to read."""
    checked = 0
    for game, seat in positions(seed, 23):
        before = suggest_for_game(game, seat, WORK)
        kept, game.state.rng = game.state.rng, Rng(seed * 7919 + 1)  # another order of the bag
        assert suggest_for_game(game, seat, WORK) == before
        game.state.rng = kept
        checked += 1
        if checked == 6:
            return


def decisions(seed: int, phases: tuple[str, ...]):
    """Positions of a random game where a seat decides a bid or hands out the offices."""
    for game, seat in positions(seed, 1):
        if game.state.phase in phases:
            yield game, seat


@pytest.mark.parametrize("seed", [4, 7])
def test_bids_and_offices_are_legal_and_ignore_the_bag(seed):
    """R24/R25 (sealed bids) and R31 (the mayor's offices): the suggestion is a legal bid or
    assignment for the seat, and another order of the bag (R34) changes none of it."""
    seen = set()
    for game, seat in decisions(seed, ("bid", "offices")):
        got = suggest_for_game(game, seat, WORK)
        assert from_json(got["action"]) in game.legal_actions(seat)
        kept, game.state.rng = game.state.rng, Rng(seed * 104729 + 3)
        assert suggest_for_game(game, seat, WORK) == got
        game.state.rng = kept
        seen.add(got["why"]["code"])
    assert "offices_weakest" in seen and seen & {"bid", "bid_sure", "bid_none"}, seen


def test_the_offices_reason_names_the_rival_given_the_weakest_office():
    """R31: Hard hands the weakest office to the strongest rival; the reason says who and which
    office, and that is the office the suggested assignment gives them."""
    game, seat = next(decisions(6, ("offices",)))
    got = suggest_for_game(game, seat, WORK)
    params = got["why"]["params"]
    holder = next(p for p in got["action"]["o"] if game.seats[int(p)].name == params["name"])
    assert got["action"]["o"][holder] == params["office"]


def test_every_reason_is_worded_in_every_language():
    """Each reason code a suggestion can carry (every phase, over several games) has its
    sentence in the page's four wording files (with the one/other forms where it counts)."""
    codes = set()
    for seed in (3, 4, 7):
        for game, seat in positions(seed, 2):
            codes.add(suggest_for_game(game, seat, 4)["why"]["code"])
    assert {"bid_none", "offices_weakest", "end"} <= codes, codes
    root = Path(__file__).resolve().parents[1] / "site" / "data" / "i18n"
    for lang in ("en", "de", "fr", "it"):
        table = json.loads((root / f"{lang}.json").read_text("utf-8"))["strings"]
        for code in codes:
            key = f"sug.why.{code}"
            assert key in table or {f"{key}.one", f"{key}.other"} <= set(table), (lang, code)


def test_the_bridge_suggests_only_for_a_person_to_act():
    """Through the bridge: a person's seat to act gets a move; a computer's seat is refused."""
    call = lambda method, params: json.loads(bridge.handle(json.dumps(  # noqa: E731
        {"method": method, "params": params})))
    seats = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "yellow", "level": "easy"},
             {"name": "Cy", "color": "purple", "level": "easy"}]
    snap = call("new_game", {"seats": seats, "seed": 4})
    while snap["view"]["to_act"][0] != 0:
        snap = call("bot_act", {"seat": snap["view"]["to_act"][0]})
    got = call("suggest", {"seat": 0})
    assert got["ok"] and got["seat"] == 0 and got["action"]["t"] in ("bosses", "boss_cube")
    assert call("suggest", {"seat": 1})["error"]["code"] == "not_human"
