"""The election (docs/rules.md R22–R31), with the rulebook's election and
immigrant-leader examples and the mayor-tie and bonus-cube edge cases."""

import pytest

from enginekit import by_kind, check_invariants, chips_of, fingerprint, seat, vote
from tammany import board
from tammany.actions import AssignOffices, Bid, BonusChip, BonusCube, PlaceBosses, SkipBonus
from tammany.builder import Position, start_election
from tammany.election import bidders
from tammany.errors import IllegalAction
from tammany.legal import legal_actions

ZERO = (0, 0, 0, 0)


def code_of(s, who, action):
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(who, action)
    assert fingerprint(s) == before
    return err.value.code


def nat(**counts):
    """Four chip counts in nationality order (a bid)."""
    return tuple(counts.get(n, 0) for n in board.NATIONALITIES)


def ward_votes(events):
    return {e["ward"]: e for e in by_kind(events, "ward_vote")}


# --- the rulebook's election example ---------------------------------------------------
def election_example():
    """Red (2 bosses; 2 English, 2 Irish chips) against yellow (3 bosses;
    2 English, 3 Italian chips) in a ward of English and Irish cubes."""
    return (Position(players=3, year=4).cubes(6, english=1, irish=1)
            .bosses(6, red=2, yellow=3).chips("red", english=2, irish=2)
            .chips("yellow", english=2, italian=3).build())


def test_r24_rulebook_example_red_five_votes_beat_yellow_four_one_red_boss_stays():
    s = election_example()
    events = start_election(s)
    red, yellow = seat(s, "red"), seat(s, "yellow")
    assert s.phase == "bid" and s.election.ward == 6
    assert sorted(s.to_act()) == [red, yellow]
    # yellow may only announce (bid) English chips: no Italian cube in ward 6
    assert {a.n for a in legal_actions(s, yellow)} == {nat(english=k) for k in range(3)}
    assert code_of(s, yellow, Bid(nat(italian=1))) == "chip_not_in_ward"
    events = s.apply(red, Bid(nat(english=2, irish=1)))
    assert events == [{"e": "bid_placed", "seat": red, "ward": 6}]
    events = s.apply(yellow, Bid(nat(english=1)))
    vote6 = ward_votes(events)[6]
    assert vote6["votes"] == {str(red): 5, str(yellow): 4}
    assert vote6["winner"] == red
    assert vote6["bids"] == {str(red): [1, 2, 0, 0], str(yellow): [0, 1, 0, 0]}
    assert vote6["sent_home"] == {str(red): 1, str(yellow): 3}
    assert s.bosses[6] == [1, 0, 0]
    # every bid chip is spent, the winner's and the loser's (R24)
    assert by_kind(events, "immigrant_leaders")  # the election went on to its end
    assert chips_of(s, "yellow") == {"irish": 0, "english": 1, "german": 0, "italian": 3}
    # red's spent chips, then R28's award for ward 6 (1 Irish, 1 English cube)
    assert chips_of(s, "red") == {"irish": 1 + 3, "english": 0 + 3, "german": 0, "italian": 0}


# --- the rulebook's immigrant-leader example ---------------------------------------------
LEADER_WARDS = {
    "black": {3: dict(irish=1, english=2), 5: dict(irish=1, english=1),
              8: dict(irish=1, english=1), 9: dict(irish=1, english=1, italian=1),
              15: dict(irish=1, english=1), 17: dict(english=1, italian=1)},
    "red": {6: dict(irish=1, german=2), 10: dict(irish=1, english=1, german=1),
            11: dict(irish=1, german=1), 13: dict(english=1, german=1)},
    "yellow": {1: dict(irish=2, german=2), 4: dict(irish=2, german=2, italian=1),
               14: dict(irish=2, german=1, italian=1)},
}


def test_r28_rulebook_example_immigrant_leaders_black_red_yellow():
    """Black: 6 wards, 5 Irish 7 English 2 Italian. Red: 4 wards, 3 Irish
    2 English 5 German. Yellow: 3 wards, 6 Irish 5 German 2 Italian."""
    pos = Position(players=5, year=4)
    for color, wards in LEADER_WARDS.items():
        for ward, cubes in wards.items():
            pos.cubes(ward, **cubes).bosses(ward, **{color: 1})
    s = pos.build()
    events = start_election(s) + vote(s)
    won = {s.colors[p]: len(w) for p, w in enumerate(s.election.won)}
    assert won == {"red": 4, "yellow": 3, "purple": 0, "black": 6, "brown": 0}
    (leaders,) = by_kind(events, "immigrant_leaders")
    names = {a["color"]: sorted(s.colors[p] for p in a["seats"]) for a in leaders["awards"]}
    assert names == {"irish": ["yellow"], "english": ["black"], "german": ["red", "yellow"],
                     "italian": ["black", "yellow"]}
    assert chips_of(s, "black") == nat_dict(english=3, italian=3)
    assert chips_of(s, "red") == nat_dict(german=3)
    assert chips_of(s, "yellow") == nat_dict(irish=3, german=3, italian=3)
    assert chips_of(s, "purple") == chips_of(s, "brown") == nat_dict()
    assert s.mayor == seat(s, "black")


def nat_dict(**counts):
    return {n: counts.get(n, 0) for n in board.NATIONALITIES}


def test_r28_leader_needs_at_least_one_cube_and_ties_all_receive():
    s = (Position(players=3, year=4).cubes(6, german=1).cubes(14, german=1)
         .bosses(6, red=1).bosses(14, yellow=1).build())
    events = start_election(s)
    (leaders,) = by_kind(events, "immigrant_leaders")
    assert leaders["awards"] == [{"color": "german", "seats": [0, 1], "cubes": 1}]


# --- R22, R23 -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_r22_wards_in_play_vote_zone_by_zone_in_board_order(players):
    pos = Position(players=players, year=4)
    s = pos.build()
    for w in s.wards_in_play():
        pos.bosses(w, red=1)
    s = pos.build()
    events = start_election(s) + vote(s)
    expected = [w for z in board.ZONES if s.zone_in_play[z] for w in board.ELECTION_ORDER[z]]
    assert [e["ward"] for e in by_kind(events, "ward_vote")] == expected
    assert len(expected) == {3: 6, 4: 11, 5: 15}[players]


def test_r23_no_candidates_nobody_wins_and_only_candidates_bid():
    s = (Position(players=3, year=4).bosses(6, red=1, yellow=1).cubes(6, german=1)
         .chips("red", german=1).chips("yellow", german=1).chips("purple", german=5).build())
    events = start_election(s)
    votes = ward_votes(events)
    assert all(votes[w]["winner"] is None and votes[w]["votes"] == {} for w in (1, 2, 4, 7))
    assert sorted(s.to_act()) == [0, 1]
    assert code_of(s, 2, Bid(nat(german=5))) == "not_bidder"
    assert legal_actions(s, 2) == []


# --- R24, R25, R26 ------------------------------------------------------------------------
def test_r24_a_tie_for_most_votes_means_nobody_wins_and_all_bosses_leave():
    s = (Position(players=3, year=4).cubes(6, german=1).bosses(6, red=1, yellow=2)
         .chips("red", german=2).chips("yellow", german=1).build())
    events = start_election(s) + vote(s, bids={6: {"red": nat(german=2), "yellow": nat(german=1)}})
    v = ward_votes(events)[6]
    assert v["votes"] == {"0": 3, "1": 3} and v["winner"] is None
    assert v["sent_home"] == {"0": 1, "1": 2} and s.bosses[6] == [0, 0, 0]
    assert s.chips[0][2] == 0 and s.chips[1][2] == 0


def test_r24_bids_beyond_holdings_or_twice_are_refused():
    s = election_example()
    start_election(s)
    assert code_of(s, 0, Bid(nat(english=3))) == "not_enough_chips"
    s.apply(0, Bid(ZERO))
    assert code_of(s, 0, Bid(ZERO)) == "already_bid"


def test_r25_single_candidate_wins_without_bidding():
    s = Position(players=3, year=4).bosses(6, red=1).chips("red", german=4).build()
    events = start_election(s)
    assert not by_kind(events, "bidding")
    v = ward_votes(events)[6]
    assert v["winner"] == 0 and v["votes"] == {"0": 1} and v["bids"] == {"0": [0, 0, 0, 0]}
    assert s.chips[0][2] == 4 + 3, "nothing spent; R28 adds 3 for ward 6's German cube"


def test_r25_candidates_without_usable_chips_bid_zero_automatically():
    s = (Position(players=3, year=4).cubes(6, german=1).bosses(6, red=1, yellow=2)
         .chips("red", italian=4).build())
    events = start_election(s)
    assert not by_kind(events, "bidding")
    assert ward_votes(events)[6]["winner"] == 1 and s.chips[0] == [0, 0, 0, 4]


@pytest.mark.parametrize("red_bosses, red_chips, asked", [
    (1, 1, False),   # 1 + 1 < 3: cannot even tie
    (1, 2, True),    # 1 + 2 = 3: could tie
    (3, 5, True),    # 3 = 3: must bid to win
    (4, 5, False),   # already wins with zero
])
def test_r25_a_lone_chip_holder_is_asked_only_if_a_bid_could_matter(red_bosses, red_chips, asked):
    s = (Position(players=3, year=4).cubes(6, german=1).bosses(6, red=red_bosses, yellow=3)
         .chips("red", german=red_chips).build())
    assert bidders(s, 6) == ((0,) if asked else ())


def test_r25_two_chip_holders_are_both_asked():
    s = (Position(players=3, year=4).cubes(6, german=1, irish=1)
         .bosses(6, red=5, yellow=1, purple=1).chips("red", irish=1)
         .chips("yellow", german=1).build())
    assert bidders(s, 6) == (0, 1)


def test_r26_only_one_boss_of_the_winner_stays():
    s = Position(players=3, year=4).bosses(6, red=4, yellow=1).build()
    events = start_election(s)
    assert ward_votes(events)[6]["sent_home"] == {"0": 3, "1": 1}
    assert s.bosses[6] == [1, 0, 0]


# --- R27 ----------------------------------------------------------------------------------
def pause_at_14(pos):
    """Yellow and purple bid in ward 14 (the last of zone I), so the election
    stops there after the bonus and R28's awards are not yet handed out."""
    return pos.bosses(14, yellow=1, purple=1).chips("yellow", irish=1).chips("purple", irish=1)


def bonus_cube_position(**bag):
    pos = pause_at_14(Position(players=3, year=4).bosses(1, red=1).lock(7))
    if bag:
        pos.bag(surplus_ward=6, **bag)
    return pos.build()


def test_r27_ward_1_bonus_cube_from_the_bag_into_a_voted_or_later_ward():
    s = bonus_cube_position()
    events = start_election(s)
    assert s.phase == "bonus" and s.to_act() == [0]
    assert by_kind(events, "bonus_offered")[0] == {"e": "bonus_offered", "seat": 0,
                                                   "ward": 1, "kind": "cube"}
    targets = {a.w for a in legal_actions(s, 0) if a.kind == "bonus_cube"}
    assert targets == {1, 2, 4, 6, 14}, "any open ward in play, voted or not; 7 is locked"
    assert code_of(s, 0, BonusCube("italian", 7)) == "ward_locked"
    assert code_of(s, 1, BonusCube("italian", 1)) == "not_bonus_winner"
    assert code_of(s, 0, BonusChip("italian")) == "wrong_bonus"
    bag, chips = list(s.bag), list(s.chips[0])
    s.apply(0, BonusCube("italian", 1))
    assert s.cubes[1][3] == 1 and s.bag[3] == bag[3] - 1
    assert s.chips[0] == chips, "no favor chip comes with the bonus cube"
    assert s.phase == "bid" and s.election.ward == 14
    check_invariants(s)


def test_r27_edge_bonus_cube_of_a_colour_the_bag_lacks_is_refused():
    s = bonus_cube_position(irish=2, german=1)
    start_election(s)
    assert s.phase == "bonus"
    assert code_of(s, 0, BonusCube("italian", 6)) == "not_in_bag"
    assert code_of(s, 0, BonusCube("english", 6)) == "not_in_bag"
    assert {a.c for a in legal_actions(s, 0) if a.kind == "bonus_cube"} == {"irish", "german"}
    s.apply(0, BonusCube("german", 6))
    assert s.bag == [2, 0, 0, 0]


def test_r27_no_bonus_cube_when_the_bag_is_empty():
    s = bonus_cube_position(irish=0)
    assert sum(s.bag) == 0
    events = start_election(s)
    assert not by_kind(events, "bonus_offered") and s.phase != "bonus"


@pytest.mark.parametrize("ward", [4, 7])
def test_r27_wards_4_and_7_give_a_chip_or_nothing(ward):
    s = pause_at_14(Position(players=3, year=4).bosses(ward, red=1)).build()
    start_election(s)
    assert s.phase == "bonus" and s.to_act() == [0]
    assert code_of(s, 0, BonusCube("irish", 6)) == "wrong_bonus"
    assert set(legal_actions(s, 0)) == {BonusChip(n) for n in board.NATIONALITIES} | {
        SkipBonus()}
    s.apply(0, BonusChip("english"))
    assert s.chips[0] == [0, 1, 0, 0] and s.phase == "bid"


def test_r27_bonus_is_optional():
    s = bonus_cube_position()
    start_election(s)
    bag = list(s.bag)
    events = s.apply(0, SkipBonus())
    assert events[0] == {"e": "bonus_skip", "seat": 0} and s.bag == bag


# --- R29, R30 -----------------------------------------------------------------------------
def test_r29_a_point_per_ward_tammany_hall_two_but_one_ward():
    """Red wins Tammany Hall (2 points, 1 ward); yellow wins two wards and is mayor."""
    s = (Position(players=3, year=4).bosses(14, red=1).bosses(6, yellow=1)
         .bosses(2, yellow=1).build())
    events = start_election(s) + vote(s)
    assert s.points[0] == 2 and s.breakdown[0]["tammany"] == 2
    assert s.mayor == 1 and s.points[1] == 2 + 3
    assert by_kind(events, "points")[0] == {"e": "points", "seat": 0, "wards": 1, "points": 2}


def two_way_tie(red_chips=None, yellow_chips=None, year=4, mayor=None):
    """Red and yellow each win one ward (with no cube that R28 would reward
    differently: each ward's one cube is Italian, so both get 3 Italian)."""
    pos = (Position(players=3, year=year).cubes(6, italian=1).cubes(14, italian=1)
           .bosses(6, red=1).bosses(14, yellow=1))
    pos.chips("red", **(red_chips or {})).chips("yellow", **(yellow_chips or {}))
    if mayor:
        pos.mayor(mayor)
    return pos.build()


@pytest.mark.parametrize("red_chips, yellow_chips, step", [
    (dict(german=2), dict(english=1), "chips"),
    (dict(irish=1), dict(english=1), "irish"),
    (dict(english=2, irish=1), dict(irish=1, german=2), "english"),
    (dict(german=1), dict(italian=1), "german"),
])
def test_r30_mayor_ties_broken_by_chips_then_irish_english_german_italian(
        red_chips, yellow_chips, step):
    s = two_way_tie(red_chips, yellow_chips)
    events = start_election(s)
    (mayor,) = by_kind(events, "mayor")
    assert (mayor["seat"], mayor["tiebreak"]) == (0, step)
    assert s.points[0] == 1 + 3 and s.breakdown[0]["mayor"] == 3


def test_r30_chips_are_counted_after_the_immigrant_leader_awards():
    """Yellow holds 2 chips more before R28; red's ward earns red 6, yellow's 3."""
    s = (Position(players=3, year=4).cubes(6, irish=1, english=1).cubes(14, german=1)
         .bosses(6, red=1).bosses(14, yellow=1).chips("yellow", italian=2).build())
    events = start_election(s)
    assert by_kind(events, "mayor")[0]["seat"] == 0


def test_r30_edge_unbroken_tie_in_term_one_no_mayor_no_offices():
    s = two_way_tie()
    events = start_election(s)
    (mayor,) = by_kind(events, "mayor")
    assert mayor == {"e": "mayor", "seat": None, "tiebreak": "none", "incumbent": False,
                     "points": 0, "offices_kept": False}
    assert s.mayor is None and s.phase == "turn" and s.year == 5
    assert s.office_of == [None, None, None]
    assert s.points == [1, 2, 0]


def test_r30_edge_unbroken_tie_later_the_mayor_stays_even_if_not_tied():
    s = two_way_tie(year=8, mayor="purple")
    events = start_election(s)
    (mayor,) = by_kind(events, "mayor")
    assert mayor == {"e": "mayor", "seat": 2, "tiebreak": "incumbent", "incumbent": True,
                     "points": 3, "offices_kept": False}
    assert s.points == [1, 2, 3] and s.phase == "offices" and s.to_act() == [2]


def test_r30_nobody_winning_a_ward_counts_as_an_unbroken_tie():
    """Project decision (election.choose_mayor)."""
    s = Position(players=3, year=8).mayor("yellow").build()
    events = start_election(s)
    assert by_kind(events, "mayor")[0]["tiebreak"] == "incumbent" and s.mayor == 1
    s = Position(players=3, year=4).build()
    events = start_election(s)
    assert by_kind(events, "mayor")[0]["seat"] is None and s.phase == "turn"


# --- R31 ----------------------------------------------------------------------------------
def offices_position(players=3, year=4):
    s = Position(players=players, year=year).bosses(6, red=1).build()
    start_election(s)
    assert s.phase == "offices" and s.to_act() == [0]
    return s


def test_r31_mayor_gives_each_other_player_exactly_one_office():
    s = offices_position()
    assert len(legal_actions(s, 0)) == 4 * 3
    assert code_of(s, 1, AssignOffices(((2, "deputy_mayor"),))) == "not_mayor"
    assert code_of(s, 0, AssignOffices(((1, "deputy_mayor"),))) == "office_seats"
    assert code_of(s, 0, AssignOffices(((1, "deputy_mayor"), (2, "deputy_mayor")))) == \
        "office_twice"
    assert code_of(s, 0, AssignOffices(((0, "deputy_mayor"), (1, "council_president"),
                                        (2, "chief_of_police")))) == "office_seats"
    events = s.apply(0, AssignOffices(((1, "precinct_chairman"), (2, "deputy_mayor"))))
    assert events[0] == {"e": "offices", "seat": 0,
                         "assign": {"1": "precinct_chairman", "2": "deputy_mayor"}}
    assert s.office_of == ["mayor", "precinct_chairman", "deputy_mayor"]
    assert s.phase == "turn" and s.year == 5 and s.current == 0


def test_r31_an_assignment_in_any_order_is_the_listed_one_and_its_event_goes_by_seat():
    """One form per action: the pairs given in any order, or as a mapping, make the action that
    legal_actions lists; the event lists the seats in order."""
    s = offices_position(players=4)
    given = AssignOffices(((3, "deputy_mayor"), (1, "chief_of_police"), (2, "council_president")))
    assert given == AssignOffices({2: "council_president", 3: "deputy_mayor",
                                   1: "chief_of_police"})
    assert given in legal_actions(s, 0)
    (event,) = by_kind(s.apply(0, given), "offices")
    assert list(event["assign"].items()) == [
        ("1", "chief_of_police"), ("2", "council_president"), ("3", "deputy_mayor")]


def test_r31_five_players_fill_all_four_offices():
    s = offices_position(players=5)
    assert len(legal_actions(s, 0)) == 24
    assert all(len({o for _, o in a.o}) == 4 for a in legal_actions(s, 0))


def test_r31_offices_are_handed_out_anew_even_for_the_same_mayor():
    s = (Position(players=3, year=8).mayor("red").office("yellow", "chief_of_police")
         .office("purple", "deputy_mayor").bosses(6, red=1).current("red", placed=True).build())
    start_election(s)
    assert s.mayor == 0 and s.phase == "offices"
    assert s.office_of == ["mayor", None, None]


def test_r31_no_offices_after_the_fourth_election():
    s = Position(players=3, year=16).bosses(6, red=1).build()
    events = start_election(s)
    assert s.phase == "over" and not by_kind(events, "offices")
    assert by_kind(events, "game_over")


def test_r31_locks_and_term_counters_reset_after_the_election():
    s = (Position(players=3, year=8).lock(6, 7).slandered_this_term("yellow")
         .bosses(1, red=1).build())
    start_election(s)
    vote(s)
    assert s.locked == set() and s.locks_this_term == 0 and s.slandered_term == [False] * 3
    s.apply(0, legal_actions(s, 0)[0])
    s.apply(0, PlaceBosses(6, 7))
    assert s.bosses[6][0] == 1


def test_r28_counts_a_bonus_cube_placed_in_a_ward_already_won():
    """R27 + R28: red wins ward 1, puts the bonus Italian cube into ward 1 itself
    (already voted); the Italian leader award then counts it."""
    s = Position(players=3, year=4).bosses(1, red=1).build()
    start_election(s)
    events = s.apply(0, BonusCube("italian", 1))
    (leaders,) = by_kind(events, "immigrant_leaders")
    assert {"color": "italian", "seats": [0], "cubes": 1} in leaders["awards"]
    assert chips_of(s, "red")["italian"] == 3


@pytest.mark.parametrize("red_chips, yellow_chips, text", [
    (dict(german=2), dict(english=1), "tie broken by most favor chips"),
    (dict(irish=1), dict(english=1), "tie broken by most Irish chips"),
])
def test_r30_log_names_the_mayor_tiebreak_in_plain_english(red_chips, yellow_chips, text):
    """R30: the log says which tie-break made the mayor (it said "chips chips")."""
    from tammany.log import describe
    s = two_way_tie(red_chips, yellow_chips)
    (mayor,) = by_kind(start_election(s), "mayor")
    assert describe(mayor, s.names) == f"Red is mayor ({text}) and scores 3."
