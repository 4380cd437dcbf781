"""The view's score sheet (py/tammany/view.py `score_sheet`): how many of each source earned a
player's points (R29 wards, R30 mayor, R32 favor majorities and slander chips) and the points
after each of the four elections, read back against the events that booked them."""

import pytest

from enginekit import by_kind
from tammany import board
from tammany.builder import Position, start_election
from tammany.determinize import state_from_view
from tammany.game import Game
from tammany.rng import Rng
from tammany.savecode import decode, encode


def played(players: int, seed: int) -> tuple[Game, list[list[dict]]]:
    """A random game to its end, and the events of each of its four elections."""
    game = Game.create(["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed)
    rng = Rng(seed + 1)
    elections, current = [], []
    while not game.is_over:
        seat = game.to_act()[0]
        events = game.apply(seat, game.random_action(seat, rng))
        current += events
        if any(e["e"] == "mayor" for e in events):
            elections.append(current)
            current = []
    elections[-1] += current  # the end's bonuses (R32) follow the fourth count
    return game, elections


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 8)])
def test_r29_r30_r32_each_source_counts_what_the_events_booked(players, seed):
    game, elections = played(players, seed)
    view = game.view(None)
    sheet = view["scoring"]
    events = [e for batch in elections for e in batch]
    votes = by_kind(events, "ward_vote")
    for p in range(players):
        src = sheet["sources"][p]
        won = [v["ward"] for v in votes if v["winner"] == p]
        # R29: 1 point a ward, Tammany Hall (ward 14) 2
        assert src["wards"] == {"count": sum(w != board.TAMMANY_HALL for w in won),
                                "points": sum(w != board.TAMMANY_HALL for w in won)}
        tammany = won.count(board.TAMMANY_HALL)
        assert src["tammany"] == {"count": tammany, "points": 2 * tammany}
        # R30: 3 points each time mayor
        mayor = sum(1 for e in by_kind(events, "mayor") if e["seat"] == p)
        assert src["mayor"] == {"count": mayor, "points": 3 * mayor}
        # R32: 2 points per colour with the most chips (ties all score), 1 per slander chip kept
        colours = sum(1 for e in by_kind(events, "favor_majority") if p in e["seats"])
        assert src["chips"] == {"count": colours, "points": 2 * colours}
        kept = view["players"][p]["slander"]
        assert src["slander"] == {"count": kept, "points": kept}
        assert sum(s["points"] for s in src.values()) == view["result"]["scores"][p]


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 8)])
def test_r32_points_after_each_of_the_four_elections(players, seed):
    game, elections = played(players, seed)
    after = game.view(None)["scoring"]["points_after"]
    assert len(after) == 4
    assert after[-1] == game.view(None)["result"]["scores"]  # the fourth includes R32's bonuses
    before = [0] * players
    for k, batch in enumerate(elections):
        gained = [0] * players
        for e in by_kind(batch, "points"):
            gained[e["seat"]] += e["points"]
        for e in by_kind(batch, "mayor"):
            if e["seat"] is not None:
                gained[e["seat"]] += 3
        for e in by_kind(batch, "favor_majority"):
            for p in e["seats"]:
                gained[p] += 2
        if k == 3:
            kept = [p["slander"] for p in game.view(None)["players"]]
            gained = [g + n for g, n in zip(gained, kept, strict=True)]
        assert after[k] == [b + g for b, g in zip(before, gained, strict=True)]
        before = after[k]


def test_the_score_sheet_survives_a_save_code_and_a_determinization():
    game, _ = played(4, 3)
    sheet = game.view(None)["scoring"]
    assert decode(encode(game)).view(None)["scoring"] == sheet
    assert state_from_view(game.view(1), Rng(1)).view(1)["scoring"] == sheet


def test_r32_a_built_final_election_counts_colours_and_slander_chips():
    pos = (Position(players=3, year=16).bosses(6, red=1)
           .chips("red", german=5).chips("yellow", german=5, english=1).chips("purple", irish=1)
           .slander_chips("red", 3).slander_chips("yellow", 1).slander_chips("purple", 0))
    s = pos.build()
    start_election(s)
    sources = s.view(None)["scoring"]["sources"]
    assert [src["chips"]["count"] for src in sources] == [1, 1, 1]
    assert [src["slander"]["count"] for src in sources] == [3, 1, 0]
    assert sources[0]["wards"]["count"] >= 1  # red won ward 6
    assert s.view(None)["scoring"]["points_after"] == [s.points]
