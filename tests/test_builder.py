"""The position builder keeps built positions reachable-looking: R2's 100 cubes,
R6's set-up boxes, R7's zones, R8's wards in play."""

import pytest

from enginekit import check_invariants, cube_totals
from tammany import board
from tammany.builder import DEFAULT_CUBES, Position, start_election
from tammany.rules_config import STANDARD


def test_default_position_accounts_for_all_100_cubes_r2():
    for players in (3, 4, 5):
        for year in (1, 5, 9):
            s = Position(players=players, year=year).build()
            check_invariants(s)
            zones = {z for i, z in enumerate(board.ZONES)
                     if STANDARD.zone_year(players, i) <= year}
            assert {z for z in board.ZONES if s.zone_in_play[z]} == zones


def test_default_ward_cubes_are_r6s_set_up_cubes_unshuffled():
    for zone, wards in board.ELECTION_ORDER.items():
        dealt = [DEFAULT_CUBES[w] for w in wards]
        assert {n: dealt.count(n) for n in set(dealt)} == board.SETUP_CUBES[zone]
    assert DEFAULT_CUBES[14] == "irish"


def test_cubes_placed_and_castle_garden_come_out_of_the_bag():
    s = Position(players=3).cubes(6, german=4, italian=2).castle(italian=3).build()
    default = Position(players=3).build()
    assert s.cubes[6] == [0, 0, 4, 2]
    assert s.bag[2] == default.bag[2] + 1 - 4  # ward 6's default German cube went back
    assert s.bag[3] == 25 - 5 and s.castle == [0, 0, 0, 3]
    assert cube_totals(s) == [25] * 4


def test_bag_set_exactly_puts_the_rest_into_the_surplus_ward():
    s = Position(players=4).bag(surplus_ward=9, english=3).build()
    assert s.bag == [0, 3, 0, 0]
    assert cube_totals(s) == [25] * 4
    check_invariants(s)


def test_bag_set_exactly_without_surplus_must_account_for_every_cube():
    with pytest.raises(ValueError, match="R2"):
        Position(players=3).bag(irish=1).build()
    full = Position(players=3).build().bag
    assert Position(players=3).bag(**dict(zip(board.NATIONALITIES, full, strict=True))) \
        .build().bag == full


@pytest.mark.parametrize("make, message", [
    (lambda: Position(players=3).cubes(9, irish=1), "not in play"),
    (lambda: Position(players=3).bosses(17, red=1), "not in play"),
    (lambda: Position(players=3).lock(10), "not in play"),
    (lambda: Position(players=3).cubes(6), "holds no cube"),
    (lambda: Position(players=3).cubes(6, irish=30), "below zero"),
    (lambda: Position(players=3, year=5).office("red", "deputy_mayor")
     .office("yellow", "deputy_mayor"), "at most one player"),
    (lambda: Position(players=3).bosses(6, black=1), "no such player"),
    (lambda: Position(players=3).chips("red", scottish=1), "no such nationality"),
    (lambda: Position(players=6), "3, 4 or 5"),
])
def test_impossible_positions_are_refused(make, message):
    with pytest.raises(ValueError, match=message):
        make().build()


def test_turn_order_fields_follow_the_current_and_first_seats():
    s = Position(players=4, year=3).first("yellow").current("black", placed=True).build()
    assert (s.first, s.current, s.turns_taken, s.placed) == (1, 3, 2, True)
    assert Position(players=4).current("purple").build().first == 2


def test_start_election_only_after_an_election_year():
    with pytest.raises(ValueError):
        start_election(Position(players=3, year=3).build())
    s = Position(players=3, year=12).build()
    events = start_election(s)
    assert events[0] == {"e": "election", "term": 3}
