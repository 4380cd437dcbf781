"""Components, set-up and the year (docs/rules.md R1–R13)."""

import pytest

from enginekit import by_kind, check_invariants, chips_of, cube_totals, end_turn, seat, vote
from tammany import board
from tammany.actions import (
    ChiefOfPolice,
    DeputyMayor,
    EndTurn,
    PlaceBossCube,
    PlaceBosses,
    Slander,
)
from tammany.builder import Position, start_election
from tammany.engine import new_state
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.legal import legal_actions
from tammany.rng import Rng

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def code_of(s, who, action):
    with pytest.raises(IllegalAction) as err:
        s.apply(who, action)
    return err.value.code


# --- R1–R4: components ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_r1_only_three_to_five_players(players):
    with pytest.raises(IllegalAction) as err:
        Game.create((NAMES + ["Fay"])[:players], seed=1)
    assert err.value.code == "bad_seats"
    with pytest.raises(ValueError):
        new_state((NAMES + ["Fay"])[:players], seed=1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r1_player_colours_in_seat_order(players):
    game = Game.create(NAMES[:players], seed=1)
    assert game.state.colors == board.PLAYER_COLORS[:players]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r2_r6_hundred_cubes_bag_holds_what_no_box_holds(players):
    """R2/R6: 19 Irish, 20 English, 21 German, 25 Italian start outside the set-up
    boxes (in the bag, or drawn into the first Castle Garden)."""
    s, _ = new_state(NAMES[:players], seed=5)
    assert cube_totals(s) == [25, 25, 25, 25]
    outside = [s.bag[i] + s.castle[i] for i in range(4)]
    assert outside == [19, 20, 21, 25]
    check_invariants(s)


def test_r3_favor_chips_and_bosses_are_unlimited():
    s = (Position(players=3, year=5).office("red", "deputy_mayor")
         .chips("red", irish=60).bosses(6, red=40).build())
    s.apply(0, DeputyMayor("irish"))
    assert chips_of(s, "red")["irish"] == 61
    s.apply(0, PlaceBosses(6, 6))
    assert s.bosses[6][0] == 42


def test_r4_three_slander_chips_unusable_in_term_one():
    s, _ = new_state(NAMES[:4], seed=2)
    assert s.slander_chips == [3, 3, 3, 3]
    s = Position(players=3, year=3).bosses(6, red=1, yellow=1).chips("red", german=1).build()
    assert code_of(s, 0, Slander(1, 6, "german")) == "slander_term_one"
    assert "slander" not in {a.kind for a in s.legal_actions(0)}


# --- R5–R7: set-up ----------------------------------------------------------------------
def test_r5_start_player_is_drawn_from_the_seed_and_plays_first():
    """R5/setup.py's order of chance: the start player is the first draw, `below(players)`."""
    starts = set()
    for seed in range(40):
        s, events = new_state(NAMES[:5], seed)
        assert s.first == Rng(seed).below(5) == s.current == events[0]["seat"]
        assert new_state(NAMES[:5], seed)[0].first == s.first
        starts.add(s.first)
    assert starts == set(range(5))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r6_setup_cubes_one_per_ward_irish_in_tammany_hall(players):
    deals = set()
    for seed in range(30):
        s, events = new_state(NAMES[:players], seed)
        opened = {e["zone"]: e["cubes"] for e in by_kind(events, "zone_opens")}
        for zone, cubes in opened.items():
            wards = board.ELECTION_ORDER[zone]
            assert sorted(int(w) for w in cubes) == sorted(wards)
            assert all(sum(s.cubes[w]) == 1 for w in wards)
            dealt = [cubes[str(w)] for w in wards]
            assert {n: dealt.count(n) for n in set(dealt)} == board.SETUP_CUBES[zone]
            assert "italian" not in dealt
        assert opened["I"]["14"] == "irish"
        deals.add(tuple(sorted(opened["I"].items())))
    assert len(deals) > 5, "the other five zone I cubes are shuffled"


def test_r7_zones_enter_play_by_player_count():
    for players, zones in [(3, {"I"}), (4, {"I", "II"}), (5, {"I", "II", "III"})]:
        s, _ = new_state(NAMES[:players], seed=3)
        assert {z for z in board.ZONES if s.zone_in_play[z]} == zones
        for z in set(board.ZONES) - zones:
            assert s.zone_box[z] == [board.SETUP_CUBES[z].get(n, 0) for n in board.NATIONALITIES]


@pytest.mark.parametrize("players, zone, year", [(3, "II", 5), (3, "III", 9), (4, "III", 5)])
def test_r7_zone_cubes_placed_before_the_first_castle_garden_of_its_year(players, zone, year):
    s = (Position(players=players, year=year - 1).current("red", placed=True)
         .first("red").bosses(6, red=1).build())
    events = start_election(s)
    events += vote(s)
    if s.phase == "offices":
        events += s.apply(s.mayor, legal_actions(s, s.mayor)[0])
    assert s.year == year and s.zone_in_play[zone]
    kinds = [e["e"] for e in events]
    opens = kinds.index("zone_opens")
    assert kinds.index("year") < opens < kinds.index("castle_garden")
    assert sum(s.zone_box[zone]) == 0
    check_invariants(s)


def test_r8_wards_not_in_play_take_nothing():
    s = Position(players=3, year=2).castle(german=2).office("red", "chief_of_police").build()
    assert code_of(s, 0, PlaceBosses(6, 9)) == "ward_not_in_play"
    assert code_of(s, 0, PlaceBossCube(6, "german", 17)) == "ward_not_in_play"
    wards = {w for a in s.legal_actions(0) for w in (getattr(a, "a", None), getattr(a, "w", None))}
    assert wards - {None} == set(board.ELECTION_ORDER["I"])


def test_r8_a_ward_in_play_never_drops_to_zero_cubes():
    s = (Position(players=3, year=5).cubes(6, german=1)
         .office("red", "chief_of_police").build())
    assert code_of(s, 0, ChiefOfPolice(6, "german")) == "last_cube"


# --- R9–R13: the year -------------------------------------------------------------------
def test_r9_term_one_clockwise_from_the_start_player():
    s, _ = new_state(NAMES[:4], seed=11)
    first = s.first
    order = []
    for _ in range(4):
        order.append(s.current)
        s.apply(s.current, PlaceBosses(6, 6))
        end_turn(s)
    assert order == [(first + k) % 4 for k in range(4)]
    assert s.year == 2 and s.current == first


def test_r9_later_terms_start_with_the_mayor():
    s = Position(players=4, year=4).current("yellow").bosses(6, purple=1).build()
    start_election(s)
    assert s.mayor == seat(s, "purple") and s.phase == "offices"
    s.apply(s.mayor, legal_actions(s, s.mayor)[0])
    assert s.year == 5 and s.first == s.current == seat(s, "purple")


def test_r9_without_any_mayor_the_previous_first_player_stays_first():
    s = Position(players=3, year=4).current("yellow").build()
    events = start_election(s)
    assert by_kind(events, "mayor")[0]["seat"] is None
    assert s.year == 5 and s.first == s.current == seat(s, "yellow")


def test_r10_castle_garden_refills_with_players_plus_two():
    for players in (3, 4, 5):
        s = Position(players=players, year=2).current("red", placed=True).build()
        events = end_turn(s)
        (refill,) = by_kind(events, "castle_garden")
        assert sum(s.castle) == players + 2 == sum(refill["cubes"].values())
        assert not refill["short"]
        check_invariants(s)


def test_r10_castle_garden_is_not_refilled_while_it_holds_a_cube():
    s = Position(players=3, year=2).castle(italian=1).current("red", placed=True).build()
    bag = list(s.bag)
    assert not by_kind(end_turn(s), "castle_garden")
    assert s.castle == [0, 0, 0, 1] and s.bag == bag


def test_r10_edge_bag_runs_short_when_castle_garden_refills():
    """The bag holds 3 cubes, 5 are wanted: the 3 are drawn, the event says short."""
    s = (Position(players=3, year=2).bag(surplus_ward=6, irish=1, german=2)
         .current("red", placed=True).build())
    check_invariants(s)
    events = end_turn(s)
    (refill,) = by_kind(events, "castle_garden")
    assert refill == {"e": "castle_garden", "cubes": {"irish": 1, "german": 2}, "short": True}
    assert s.castle == [1, 0, 2, 0] and s.bag == [0, 0, 0, 0]
    check_invariants(s)


def test_r10_edge_empty_bag_leaves_castle_garden_empty_placing_bosses_still_works():
    s = (Position(players=3, year=2).bag(surplus_ward=6)
         .current("red", placed=True).build())
    events = end_turn(s)
    assert by_kind(events, "castle_garden")[0]["short"]
    kinds = {a.kind for a in s.legal_actions(s.current)}
    assert "boss_cube" not in kinds and "bosses" in kinds
    assert code_of(s, s.current, PlaceBossCube(6, "irish", 6)) == "castle_garden_empty"


def test_r11_placing_is_compulsory_before_ending():
    s = Position(players=3, year=2).build()
    assert code_of(s, 0, EndTurn()) == "must_place"
    assert [a.kind for a in s.legal_actions(0)].count("end") == 0


def test_r11_each_step_at_most_once_in_any_order():
    s = (Position(players=3, year=6).bosses(6, red=1, yellow=1).cubes(6, german=1)
         .chips("red", german=2).office("red", "deputy_mayor").build())
    s.apply(0, Slander(1, 6, "german"))  # slander first
    assert code_of(s, 0, Slander(2, 6, "german")) == "slander_done"
    s.apply(0, PlaceBosses(1, 2))
    assert code_of(s, 0, PlaceBosses(1, 2)) == "already_placed"
    s.apply(0, DeputyMayor("italian"))  # the office after placing
    assert code_of(s, 0, DeputyMayor("italian")) == "office_used"
    assert {a.kind for a in s.legal_actions(0)} == {"end"}
    end_turn(s)
    assert s.current == 1


def test_r12a_two_bosses_same_or_two_wards():
    s = Position(players=3, year=2).build()
    s.apply(0, PlaceBosses(14, 14))
    assert s.bosses[14] == [2, 0, 0]
    s = Position(players=3, year=2).build()
    events = s.apply(0, PlaceBosses(1, 7))
    assert s.bosses[1][0] == s.bosses[7][0] == 1
    assert events == [{"e": "placed_bosses", "seat": 0, "wards": [1, 7]}]


def test_r12b_boss_and_castle_garden_cube_earn_a_favor_chip():
    s = Position(players=3, year=2).castle(german=1, italian=2).build()
    s.apply(0, PlaceBossCube(4, "italian", 7))
    assert s.bosses[4][0] == 1 and s.cubes[7][3] == 1
    assert s.castle == [0, 0, 1, 1]
    assert chips_of(s, "red") == {"irish": 0, "english": 0, "german": 0, "italian": 1}
    check_invariants(s)


def test_r12b_needs_that_cube_in_castle_garden():
    s = Position(players=3, year=2).castle(german=1).build()
    assert code_of(s, 0, PlaceBossCube(4, "irish", 7)) == "no_such_cube"
    s = Position(players=3, year=2).build()
    assert code_of(s, 0, PlaceBossCube(4, "irish", 7)) == "castle_garden_empty"


def test_r12_locked_wards_take_no_boss_and_no_cube():
    s = Position(players=3, year=6).lock(6).castle(irish=1).build()
    assert code_of(s, 0, PlaceBosses(1, 6)) == "ward_locked"
    assert code_of(s, 0, PlaceBossCube(6, "irish", 1)) == "ward_locked"
    assert code_of(s, 0, PlaceBossCube(1, "irish", 6)) == "ward_locked"


def test_r13_year_ends_after_every_player_then_election_after_year_four():
    s = Position(players=3, year=4).castle(italian=2).build()
    for _ in range(3):
        assert s.phase == "turn"
        s.apply(s.current, PlaceBosses(6, 6))
        events = end_turn(s)
    kinds = [e["e"] for e in events]
    assert kinds[:3] == ["end_turn", "election", "castle_garden_returned"]
    assert by_kind(events, "castle_garden_returned")[0]["cubes"] == {"italian": 2}
    check_invariants(s)


def test_r13_no_election_after_other_years():
    s = Position(players=3, year=3).build()
    for _ in range(3):
        s.apply(s.current, PlaceBosses(6, 6))
        events = end_turn(s)
    assert not by_kind(events, "election") and s.year == 4 and s.phase == "turn"


def test_r12_prompt_offers_a_castle_garden_cube_only_when_there_is_one():
    """R12: option (b) needs a cube in Castle Garden; the turn prompt must not
    offer it when Castle Garden is empty (R10: the bag ran dry)."""
    from tammany.prompt import prompt
    s = Position(players=3, year=2).build()
    assert "bosses" in prompt(s)["kinds"] and "boss_cube" not in prompt(s)["kinds"]
    s = Position(players=3, year=2).castle(irish=1).build()
    assert {"bosses", "boss_cube"} <= set(prompt(s)["kinds"])
