"""The end of the game (docs/rules.md R32, R33) and hidden information (R34)."""

import pytest

from enginekit import by_kind, fingerprint, seat
from tammany.actions import Bid
from tammany.builder import Position, start_election
from tammany.scoring import winners_of


def final(pos):
    """Hold the fourth election of a year-16 position; returns its events."""
    s = pos.build()
    events = start_election(s)
    assert s.phase == "over"
    return s, events


def test_r32_game_ends_after_the_fourth_election_with_favor_and_slander_points():
    pos = (Position(players=3, year=16).bosses(6, red=1)
           .chips("red", german=5).chips("yellow", german=5, english=1).chips("purple", irish=1)
           .slander_chips("red", 3).slander_chips("yellow", 1).slander_chips("purple", 0))
    s, events = final(pos)
    majorities = {e["color"]: e["seats"] for e in by_kind(events, "favor_majority")}
    # red wins ward 6 (a German cube): R28 gives red 3 more German before R32 counts
    assert majorities == {"irish": [2], "english": [1], "german": [0]}
    assert [b["chips"] for b in s.breakdown] == [2, 2, 2]
    assert [b["slander"] for b in s.breakdown] == [3, 1, 0]
    assert s.points == [1 + 3 + 2 + 3, 2 + 1, 2]
    (over,) = by_kind(events, "game_over")
    assert over["scores"] == s.points == s.result["scores"]
    assert all(sum(b.values()) == p for b, p in zip(s.result["breakdown"], s.points, strict=True))


def test_r32_tied_favor_majorities_all_score():
    pos = Position(players=3, year=16).chips("red", italian=2).chips("yellow", italian=2)
    s, events = final(pos)
    assert by_kind(events, "favor_majority") == [
        {"e": "favor_majority", "color": "italian", "seats": [0, 1], "chips": 2}]


def endgame(red_points, yellow_points, red_chips, yellow_chips, mayor=None):
    """Nobody wins a ward in the last election (so the mayor, if any, stays and
    scores 3); purple trails. All keep their 3 slander chips."""
    pos = (Position(players=3, year=16).points("red", red_points).points("yellow", yellow_points)
           .chips("red", **red_chips).chips("yellow", **yellow_chips))
    if mayor:
        pos.mayor(mayor)
    return final(pos)[0]


@pytest.mark.parametrize("args, winners, step", [
    ((10, 8, {}, {}), ["red"], "points"),
    # red: Irish majority (+2), 3 chips; yellow: English and German majorities (+4), 2 chips
    ((12, 10, dict(irish=3), dict(english=1, german=1)), ["red"], "chips"),
    ((12, 10, dict(irish=2), dict(english=1, german=1)), ["red"], "irish"),
    ((12, 10, dict(english=2), dict(irish=1, german=1)), ["yellow"], "irish"),
    # all equal; the mayor (3 points fewer before scoring them) is among the tied
    ((7, 10, {}, {}, "red"), ["red"], "mayor"),
    # all equal; the mayor is not among them: a shared win
    ((10, 10, {}, {}, "purple"), ["red", "yellow"], "shared"),
])
def test_r33_winner_most_points_then_chip_tiebreaks_then_mayor_else_shared(args, winners, step):
    s = endgame(*args)
    assert [s.colors[p] for p in s.result["winners"]] == winners
    assert s.result["tiebreak"] == step
    assert winners_of(s) == (s.result["winners"], step)


def test_r33_mayor_eliminated_by_a_chip_tiebreak_does_not_win():
    s = Position(players=3).points("red", 5).points("yellow", 5).points("purple", 5).build()
    s.chips = [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
    s.mayor = 2
    assert winners_of(s) == ([0, 1], "shared")


def pending_bid_pair():
    """Two copies of one position that differ only in red's sealed bid."""
    s = (Position(players=3, year=4).cubes(6, english=1, irish=1)
         .bosses(6, red=2, yellow=3).chips("red", english=2, irish=2)
         .chips("yellow", english=2).build())
    start_election(s)
    red = seat(s, "red")
    a, b = s.clone(), s.clone()
    events_a = a.apply(red, Bid((1, 2, 0, 0)))
    events_b = b.apply(red, Bid((0, 0, 0, 0)))
    assert fingerprint(a) != fingerprint(b), "the bids themselves do differ"
    return a, b, events_a, events_b


def test_r34_a_pending_bid_is_in_no_view_event_or_hash():
    a, b, events_a, events_b = pending_bid_pair()
    assert events_a == events_b
    assert a.hash() == b.hash()
    for viewer in (None, 0, 1, 2):
        assert a.view(viewer) == b.view(viewer)
    assert a.view(None)["election"]["bids_in"] == [0], "who has bid is public, not what"


def test_r34_bids_are_public_once_revealed():
    a, b, _, _ = pending_bid_pair()
    events_a = a.apply(1, Bid((0, 1, 0, 0)))
    events_b = b.apply(1, Bid((0, 1, 0, 0)))
    vote_a = by_kind(events_a, "ward_vote")[0]
    vote_b = by_kind(events_b, "ward_vote")[0]
    assert vote_a["bids"]["0"] == [1, 2, 0, 0] and vote_b["bids"]["0"] == [0, 0, 0, 0]
    assert (vote_a["winner"], vote_b["winner"]) == (0, 1)
    assert a.hash() != b.hash()
