"""Offices (docs/rules.md R14–R19) and slander (R20, R21), with the rulebook's
slander example."""

import pytest

from enginekit import by_kind, check_invariants, chips_of, end_turn, fingerprint, seat, vote
from tammany import board
from tammany.actions import (
    ChiefOfPolice,
    CouncilPresident,
    DeputyMayor,
    PlaceBossCube,
    PlaceBosses,
    PrecinctChairman,
    Slander,
)
from tammany.builder import Position, start_election
from tammany.errors import IllegalAction
from tammany.legal import choices, explain


def code_of(s, who, action):
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(who, action)
    assert fingerprint(s) == before
    return err.value.code


def office_position(office, year=6, **kw):
    return Position(players=4, year=year, **kw).office("red", office).mayor("yellow")


# --- R14 Deputy Mayor ---------------------------------------------------------------------
@pytest.mark.parametrize("color", board.NATIONALITIES)
def test_r14_deputy_mayor_takes_one_chip_of_any_colour(color):
    s = office_position("deputy_mayor").build()
    events = s.apply(0, DeputyMayor(color))
    assert chips_of(s, "red") == {n: int(n == color) for n in board.NATIONALITIES}
    assert events == [{"e": "deputy", "seat": 0, "color": color}]


def test_r14_offices_only_for_their_holder_and_only_once_a_year():
    s = office_position("deputy_mayor").build()
    s.apply(0, DeputyMayor("irish"))
    assert code_of(s, 0, DeputyMayor("irish")) == "office_used"
    s.apply(0, PlaceBosses(6, 6))
    end_turn(s)
    assert code_of(s, 1, DeputyMayor("irish")) == "not_your_office"


def test_r14_no_offices_in_the_first_term():
    s = Position(players=3, year=2).build()
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"bosses"}
    assert code_of(s, 0, DeputyMayor("irish")) == "not_your_office"


# --- R15 Chief of Police ------------------------------------------------------------------
def test_r15_chief_of_police_returns_a_cube_to_the_bag():
    s = office_position("chief_of_police").cubes(8, german=2, irish=1).build()
    bag = list(s.bag)
    events = s.apply(0, ChiefOfPolice(8, "german"))
    assert s.cubes[8] == [1, 0, 1, 0] and s.bag[2] == bag[2] + 1
    assert events[0]["e"] == "police"
    check_invariants(s)


def test_r15_never_the_last_cube_never_a_locked_ward_never_a_missing_colour():
    s = (office_position("chief_of_police").cubes(8, german=1).cubes(9, irish=2)
         .cubes(15, english=3).lock(15).build())
    assert code_of(s, 0, ChiefOfPolice(8, "german")) == "last_cube"
    assert code_of(s, 0, ChiefOfPolice(9, "german")) == "no_such_cube"
    assert code_of(s, 0, ChiefOfPolice(15, "english")) == "ward_locked"
    legal = {(a.w, a.c) for a in s.legal_actions(0) if a.kind == "police"}
    assert (9, "irish") in legal and not {w for w, _ in legal} & {8, 15}


# --- R16 Council President ----------------------------------------------------------------
def test_r16_locked_ward_takes_nothing_from_anyone_council_president_included():
    """Publisher's FAQ: no boss, cube, slander, removal or move in or out."""
    s = (Position(players=4, year=6).office("red", "council_president")
         .office("yellow", "chief_of_police").office("purple", "precinct_chairman")
         .mayor("black").cubes(8, german=2).cubes(14, german=2).bosses(8, red=1, yellow=1)
         .chips("red", german=3).castle(german=3).build())
    s.apply(0, CouncilPresident(8))
    assert 8 in s.locked
    assert code_of(s, 0, PlaceBosses(8, 6)) == "ward_locked"
    assert code_of(s, 0, PlaceBossCube(6, "german", 8)) == "ward_locked"
    assert code_of(s, 0, Slander(1, 8, "german")) == "ward_locked"
    s.apply(0, PlaceBosses(6, 6))
    end_turn(s)
    assert code_of(s, 1, ChiefOfPolice(8, "german")) == "ward_locked"
    s.apply(1, PlaceBosses(6, 6))
    end_turn(s)
    assert code_of(s, 2, PrecinctChairman(8, "german", 14)) == "ward_locked"
    assert code_of(s, 2, PrecinctChairman(14, "german", 8)) == "ward_locked"
    assert not [a for a in s.legal_actions(2) if 8 in (getattr(a, "w", None),
                                                        getattr(a, "to", None))]


def test_r16_council_president_two_locks_per_term_one_per_year():
    """Locks in years 5 and 6 are allowed, a third in year 7 is not; the limit
    and the locks end with the election (R31)."""
    s = (Position(players=3, year=5).office("red", "council_president")
         .mayor("purple").build())
    locks = {5: 6, 6: 7}
    while s.year < 8 or s.current != 0:
        who = s.current
        if who == 0 and s.year in locks:
            s.apply(0, CouncilPresident(locks[s.year]))
            assert code_of(s, 0, CouncilPresident(1)) == "office_used"
        if who == 0 and s.year >= 7:
            assert code_of(s, 0, CouncilPresident(1)) == "lock_limit"
            assert "council" not in {a.kind for a in s.legal_actions(0)}
        s.apply(who, PlaceBosses(1, 1))
        end_turn(s)
    assert s.locked == {6, 7} and s.locks_this_term == 2
    assert s.view()["locks_left_this_term"] == 0


def test_r16_locks_last_through_the_election_and_are_removed_when_it_ends():
    s = (Position(players=3, year=8).lock(6).bosses(6, red=1).office("red", "council_president")
         .mayor("yellow").current("red", placed=True).build())
    events = start_election(s)
    votes = {e["ward"]: e for e in by_kind(events, "ward_vote")}
    assert votes[6]["winner"] == 0, "the locked ward votes as usual"
    assert s.locked == set() and s.locks_this_term == 0


def test_r16_cannot_lock_a_locked_ward_or_one_not_in_play():
    s = Position(players=3, year=6).office("red", "council_president").lock(6).build()
    assert code_of(s, 0, CouncilPresident(6)) == "ward_locked"
    assert code_of(s, 0, CouncilPresident(10)) == "ward_not_in_play"


# --- R17 Precinct Chairman ----------------------------------------------------------------
def test_r17_precinct_chairman_moves_a_cube_to_an_adjacent_ward():
    s = office_position("precinct_chairman").cubes(8, german=2).build()
    events = s.apply(0, PrecinctChairman(8, "german", 14))
    assert s.cubes[8][2] == 1 and s.cubes[14][2] == 1
    assert events[0] == {"e": "precinct", "seat": 0, "ward": 8, "color": "german", "to": 14}
    check_invariants(s)


def test_r17_only_to_an_adjacent_ward_in_play_never_the_last_cube():
    s = (Position(players=3, year=6).office("red", "precinct_chairman")
         .cubes(6, german=2).cubes(5, english=1).build())
    assert code_of(s, 0, PrecinctChairman(6, "german", 7)) == "not_adjacent"
    assert code_of(s, 0, PrecinctChairman(6, "german", 10)) == "ward_not_in_play"
    s = (Position(players=5, year=6).office("red", "precinct_chairman")
         .cubes(5, english=1).build())
    assert code_of(s, 0, PrecinctChairman(5, "english", 3)) == "last_cube"


# --- R18, R19 -----------------------------------------------------------------------------
def test_r18_the_mayor_has_no_power_during_the_year():
    s = Position(players=3, year=6).mayor("red").build()
    assert {a.kind for a in s.legal_actions(0)} == {"bosses"}
    for action in (DeputyMayor("irish"), CouncilPresident(6), ChiefOfPolice(14, "irish"),
                   PrecinctChairman(6, "german", 14)):
        assert code_of(s, 0, action) == "not_your_office"


def test_r19_adjacency_is_symmetric_and_exactly_the_boards():
    for w, others in board.ADJACENT.items():
        assert w not in others
        for o in others:
            assert w in board.ADJACENT[o]
    assert set(board.ADJACENT[8]) == {5, 9, 14, 15}
    s = Position(players=5, year=6).office("red", "precinct_chairman").cubes(8, german=2).build()
    movable = {a.to for a in s.legal_actions(0) if a.kind == "precinct" and a.w == 8}
    assert movable == {5, 9, 14, 15}


# --- R20, R21 Slander ---------------------------------------------------------------------
def slander_example():
    """The rulebook's example: red slanders yellow in ward 8 with a German chip.
    5 has no German, 10 is not adjacent to 8; 9 holds no yellow boss and 15 is
    locked, so of 8's neighbours only 14 can take the spreading slander."""
    return (Position(players=3, year=9)
            .cubes(8, german=2, irish=1).cubes(14, german=1, irish=1)
            .cubes(5, english=2).cubes(10, german=3).cubes(9, german=1).cubes(15, german=1)
            .bosses(8, red=1, yellow=2).bosses(14, red=1, yellow=1).bosses(5, red=1, yellow=1)
            .bosses(10, red=1, yellow=1).bosses(9, red=1, purple=1)
            .bosses(15, red=1, yellow=1).lock(15)
            .chips("red", german=3, irish=1).mayor("purple")
            .office("yellow", "council_president").build())


def test_r21_rulebook_example_slander_from_ward_8_spreads_only_to_ward_14():
    s = slander_example()
    red, yellow = seat(s, "red"), seat(s, "yellow")
    assert choices(s, red, Slander(yellow, 8, "german"))["fields"]["w2"] == [14]
    reasons = {w2: explain(s, red, Slander(yellow, 8, "german", w2))["code"]
               for w2 in (5, 10, 9, 15)}
    assert reasons == {5: "chip_not_in_ward", 10: "not_adjacent", 9: "no_target_boss",
                       15: "ward_locked"}
    assert explain(s, red, Slander(yellow, 8, "german", 14)) is None
    events = s.apply(red, Slander(yellow, 8, "german", 14))
    assert events == [{"e": "slander", "seat": red, "target": yellow, "ward": 8,
                       "color": "german", "ward2": 14}]
    assert s.slander_chips[red] == 2
    assert chips_of(s, "red") == {"irish": 1, "english": 0, "german": 0, "italian": 0}
    assert s.bosses[8][yellow] == 1 and s.bosses[14][yellow] == 0
    assert s.bosses[8][red] == s.bosses[14][red] == 1
    check_invariants(s)


def test_r20_first_slander_pays_one_slander_chip_and_one_matching_chip():
    s = slander_example()
    s.apply(0, Slander(1, 8, "irish"))
    assert s.slander_chips[0] == 2 and chips_of(s, "red")["irish"] == 0
    assert s.bosses[8][1] == 1 and s.slandered_term[0]


def test_r20_slander_needs_own_and_target_boss_a_matching_cube_and_chip():
    s = slander_example()
    assert code_of(s, 0, Slander(0, 8, "german")) == "bad_target"
    assert code_of(s, 0, Slander(1, 9, "german")) == "no_target_boss"
    assert code_of(s, 0, Slander(2, 8, "german")) == "no_target_boss"
    assert code_of(s, 0, Slander(1, 5, "english")) == "not_enough_chips"
    assert code_of(s, 0, Slander(1, 8, "english")) == "chip_not_in_ward"
    assert code_of(s, 0, Slander(1, 15, "german")) == "ward_locked"
    assert code_of(s, 1, Slander(0, 8, "german")) == "not_your_turn"
    s2 = slander_example()
    s2.bosses[6][1] = 1
    assert code_of(s2, 0, Slander(1, 6, "german")) == "no_own_boss"


def test_r20_once_a_term_and_only_with_a_slander_chip_left():
    s = slander_example()
    s.slandered_term[0] = True
    assert code_of(s, 0, Slander(1, 8, "german")) == "slander_used"
    s = slander_example()
    s.slander_chips[0] = 0
    assert code_of(s, 0, Slander(1, 8, "german")) == "no_slander_chip"
    assert "slander" not in {a.kind for a in s.legal_actions(0)}


def test_r20_slander_counter_resets_when_the_election_ends():
    s = (Position(players=3, year=8).slandered_this_term("red").bosses(6, yellow=1)
         .current("red", placed=True).build())
    start_election(s)
    vote(s)
    assert s.slandered_term == [False, False, False]


def test_r21_second_slander_costs_two_more_chips_of_the_same_colour():
    s = slander_example()
    s.chips[0][2] = 2
    assert code_of(s, 0, Slander(1, 8, "german", 14)) == "not_enough_chips"
    assert Slander(1, 8, "german", 14) not in s.legal_actions(0)
    assert Slander(1, 8, "german") in s.legal_actions(0)


def test_r21_second_slander_needs_the_first_colour_in_the_second_ward():
    s = slander_example()
    s.chips[0] = [3, 0, 3, 0]
    assert explain(s, 0, Slander(1, 8, "irish", 14)) is None
    s.cubes[14] = [0, 0, 1, 0]
    assert code_of(s, 0, Slander(1, 8, "irish", 14)) == "chip_not_in_ward"
    assert explain(s, 0, Slander(1, 8, "german", 14)) is None
