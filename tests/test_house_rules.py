"""House rules and the rules value (docs/rules.md, "House rules"; issue 46).

One test per switch and option shows the play it changes, citing its rule (R-id) and where the
variant comes from (this project, SlothNinja, Boardspace, or not in the rulebook); tests that
change a number of `Rules` show that the game plays by the number the state carries; property
tests play random games in every combination of the switches (legal actions = checked actions,
codes round-trip, a replay gives the same hash); the computers, the save codes, the bridge and
the command line carry the rules."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from enginekit import accepted_by_check, by_kind, check_invariants, fingerprint, vote
from tammany import board
from tammany.actions import (
    AssignOffices,
    Bid,
    CouncilPresident,
    DeputyMayor,
    EndTurn,
    PlaceBosses,
    Slander,
)
from tammany.bots import choose_for_game, search
from tammany.bots.evaluate import Evaluation
from tammany.bridge import handle
from tammany.builder import Position, start_election
from tammany.cli import main, play_random_game
from tammany.determinize import state_from_view
from tammany.election import bidders
from tammany.engine import new_state
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.legal import legal_actions, random_action
from tammany.rng import Rng, derive_seed
from tammany.rules_config import (
    STANDARD,
    SWITCHES,
    Rules,
    combinations,
    house_rules,
    parse_spec,
)
from tammany.savecode import decode, encode

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
ALL_RULES = combinations()
HOUSE_GOLDEN = json.loads((ROOT / "tests" / "golden" / "house_rules_codes.json")
                          .read_text("utf-8"))


def refused(s, who, action) -> str:
    """The refusal's code; the state is left exactly as it was."""
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(who, action)
    assert fingerprint(s) == before
    return err.value.code


def random_game(players: int, seed: int, rules: Rules) -> Game:
    return play_random_game(players, seed, rules)


# --- the value ---------------------------------------------------------------------------
def test_the_default_rules_are_the_standard_game_and_every_switch_has_its_default_first():
    assert Rules() == STANDARD and STANDARD.standard and STANDARD.house_rules() == {}
    for name, options in SWITCHES.items():
        assert getattr(STANDARD, name) == options[0]
    assert len(ALL_RULES) == 3 * 2 * 2 * 2 * 3 and ALL_RULES[0] == STANDARD
    assert len(set(ALL_RULES)) == len(ALL_RULES)


def test_house_rules_are_read_from_a_choice_and_refused_clearly():
    rules = house_rules({"tied_mayor": "nobody", "terms": "2"})
    assert rules.house_rules() == {"tied_mayor": "nobody", "terms": 2}
    assert parse_spec("bids=every_candidate, turn_order=office_first") == replace(
        STANDARD, bids="every_candidate", turn_order="office_first")
    assert house_rules({}) == STANDARD and house_rules(None) is STANDARD
    for spec in ({"mayor_points": 5}, {"terms": 5}, {"terms": True}, {"bids": None},
                 {"tied_mayor": "stays"}, ["terms"]):
        with pytest.raises(IllegalAction) as err:
            house_rules(spec)
        assert err.value.code == "bad_rules"
    with pytest.raises(IllegalAction):
        parse_spec("terms")


def test_rules_travel_with_the_view_and_back():
    """determinize rebuilds the rules from a view: numbers and switches alike."""
    rules = replace(STANDARD, tied_mayor="nobody", terms=3, mayor_points=5,
                    zone_years=((1, 2, 3), (1, 1, 2), (1, 1, 1)))
    s, _ = new_state(NAMES[:3], 7, rules=rules)
    view = s.view(0)
    assert view["rules"]["tied_mayor"] == "nobody" and view["last_year"] == 12
    assert state_from_view(view, Rng(1)).rules == rules
    assert state_from_view(view, Rng(1)).view(0) == view
    assert new_state(NAMES[:3], 7)[0].view(None)["rules"] == {}


# --- every number is read from the rules value -------------------------------------------
KNOWN_COPIES = [
    (r"2 \* POINT\b", "R32's majority points"),
    (r"3 \* POINT\b", "R30's mayor points"),
    (r"\brange\(4\)", "the four colours: N_NAT"),
    (r"\b2 - s\.locks_this_term", "R16's locks"),
    (r"\bMAYOR_SHARE\s*=", "a ward's share of R30's points"),
    (r"\b(ELECTION_YEARS|SLANDER_CHIPS|ZONE_START_YEAR|MAX_LOCKS_PER_TERM)\b", "board numbers"),
    (r"\b(MAYOR_POINTS|TAMMANY_POINTS|IMMIGRANT_LEADER_CHIPS|FAVOR_MAJORITY_POINTS)\b",
     "scoring numbers"),
    (r"\bSECOND_SLANDER_CHIPS\b|\bLAST_TERM\b|\bYEARS\b", "slander, terms"),
    (r"year - 1\) // 4|year // 4|year % 4|players \+ 2", "years of a term, R10's refill"),
]


def test_no_module_keeps_its_own_copy_of_a_rule_number():
    """The numbers the issue found copied live in `Rules` only (rules_config.py)."""
    for path in sorted((ROOT / "py" / "tammany").rglob("*.py")):
        if path.name == "rules_config.py":
            continue
        text = path.read_text("utf-8")
        for pattern, what in KNOWN_COPIES:
            assert not re.search(pattern, text), (path.name, what, pattern)


def test_r29_r30_points_come_from_the_rules_value():
    """R29: a ward and Tammany Hall; R30: the mayor — as many points as `Rules` says."""
    rules = replace(STANDARD, ward_points=2, tammany_points=5, mayor_points=7)
    s = (Position(players=3, year=4, rules=rules).bosses(14, red=1).bosses(6, yellow=1)
         .bosses(2, yellow=1).build())
    start_election(s)
    vote(s)  # ward 2's bonus declined
    assert s.points[0] == 5 and s.breakdown[0]["tammany"] == 5
    assert s.mayor == 1 and s.points[1] == 2 * 2 + 7
    sheet = s.view(None)["scoring"]["sources"]
    assert sheet[1]["mayor"] == {"count": 1, "points": 7}
    assert sheet[1]["wards"] == {"count": 2, "points": 4}


def test_r28_r32_chips_and_end_points_come_from_the_rules_value():
    """R28: the immigrant leaders' chips; R32: colour majorities and slander chips kept."""
    rules = replace(STANDARD, immigrant_leader_chips=1, majority_points=4,
                    slander_chip_points=2, slander_chips=2)
    s = (Position(players=3, year=16, rules=rules).cubes(6, german=2).bosses(6, red=1)
         .slander_chips("red", 2).slander_chips("yellow", 2).slander_chips("purple", 2)
         .build())
    events = start_election(s)
    assert s.chips[0][2] == 1  # R28: one German chip, not three
    (majority,) = by_kind(events, "favor_majority")
    assert majority["seats"] == [0] and s.breakdown[0]["chips"] == 4
    assert [b["slander"] for b in s.breakdown] == [4, 4, 4]
    assert s.phase == "over"


def test_r4_r16_r20_r21_limits_come_from_the_rules_value():
    """R16 locks a term, R4/R20 the first term of slander, R21 the spread's price."""
    rules = replace(STANDARD, locks_per_term=1, slander_from_term=1, second_slander_chips=1)
    s = (Position(players=3, year=5, rules=rules).mayor("purple")
         .office("red", "council_president").locks_used(1).current("red").build())
    assert refused(s, 0, CouncilPresident(6)) == "lock_limit"
    assert s.view(None)["locks_left_this_term"] == 0
    assert all(a.kind != "council" for a in legal_actions(s, 0))
    s = (Position(players=3, year=2, rules=rules).cubes(6, german=1).cubes(2, german=1)
         .bosses(6, red=1, yellow=1).bosses(2, red=1, yellow=1).chips("red", german=2)
         .current("red").build())
    assert s.term == 1
    spread = Slander(1, 6, "german", 2)
    assert spread in legal_actions(s, 0)  # term 1, and 1 + 1 chips for the spread
    s.apply(0, spread)
    assert s.chips[0][2] == 0 and s.bosses[6][1] == 0 and s.bosses[2][1] == 0
    standard = (Position(players=3, year=2).cubes(6, german=1).bosses(6, red=1, yellow=1)
                .chips("red", german=1).current("red").build())
    assert refused(standard, 0, Slander(1, 6, "german")) == "slander_term_one"


def test_r7_r10_r13_years_zones_and_castle_garden_come_from_the_rules_value():
    """R7 the zones' years, R10 the refill (players + extra), R13 years per term: a game of
    two terms of two years opens zone II in year 2 and ends after year 4."""
    rules = replace(STANDARD, years_per_term=2, terms=2, castle_garden_extra=0,
                    zone_years=((1, 2, 3), (1, 2, 3), (1, 2, 3)))
    game = random_game(3, 5, rules)
    s = game.state
    assert s.is_over and s.year == 4 and len(s.points_after) == 2
    again = game.restarted()
    opened, refills, year = {}, [], 1
    for events in [again.setup_events, *again.apply_moves(game.history)]:
        for e in events:
            if e["e"] in ("turn", "year"):
                year = e["year"]
            if e["e"] == "zone_opens":
                opened[e["zone"]] = year
            if e["e"] == "castle_garden" and not e["short"]:
                refills.append(sum(e["cubes"].values()))
    assert opened == {"I": 1, "II": 2, "III": 3}
    assert refills and set(refills) == {3}  # R10: players + 0
    assert again.hash() == game.hash()


def test_the_bots_evaluation_reads_the_rules_value():
    """Easy's and Hard's evaluation values a ward by the game's points (R29, R30)."""
    plain = Position(players=3, year=2).bosses(6, red=2).build()
    rich = (Position(players=3, year=2, rules=replace(STANDARD, ward_points=3))
            .bosses(6, red=2).build())
    assert Evaluation(rich).contrib[6][0] > Evaluation(plain).contrib[6][0]


# --- R30: a tied mayor's vote ------------------------------------------------------------
def tied(rules: Rules, mayor="purple"):
    """Red and yellow win one ward each, nothing breaks the tie (each ward's cube is
    Italian: both get 3 Italian chips), purple is the current mayor."""
    pos = (Position(players=3, year=8, rules=rules).cubes(6, italian=1).cubes(14, italian=1)
           .bosses(6, red=1).bosses(14, yellow=1))
    if mayor:
        pos.mayor(mayor).office("red", "deputy_mayor").office("yellow", "chief_of_police")
    return pos.build()


def test_r30_tied_mayor_stays_and_scores_by_default():
    """This project's decision (SlothNinja's too): the mayor stays, scores 3, hands out
    the offices again."""
    s = tied(STANDARD)
    (mayor,) = by_kind(start_election(s), "mayor")
    assert (mayor["seat"], mayor["points"], mayor["offices_kept"]) == (2, 3, False)
    assert s.points[2] == 3 and s.phase == "offices" and s.office_of == [None, None, "mayor"]


def test_r30_tied_mayor_stays_without_scoring_and_every_office_stays():
    """House rule tied_mayor = stays_no_score (Boardspace: no new mayor, nobody scores,
    the offices stay as they are)."""
    s = tied(replace(STANDARD, tied_mayor="stays_no_score"))
    events = start_election(s)
    (mayor,) = by_kind(events, "mayor")
    assert (mayor["seat"], mayor["points"], mayor["offices_kept"]) == (2, 0, True)
    assert s.points == [1, 2, 0] and s.breakdown[2]["mayor"] == 0
    assert s.phase == "turn" and s.year == 9 and s.current == 2  # R9: the mayor first
    assert s.office_of == ["deputy_mayor", "chief_of_police", "mayor"]
    assert not by_kind(events, "offices")
    # a mayor chosen by the votes still scores and hands out the offices
    s = (Position(players=3, year=8, rules=replace(STANDARD, tied_mayor="stays_no_score"))
         .bosses(6, red=1).mayor("purple").office("red", "deputy_mayor").build())
    start_election(s)
    assert s.mayor == 0 and s.points[0] == 1 + 3 and s.phase == "offices"


def test_r30_tied_mayor_leaves_nobody_mayor_this_term():
    """House rule tied_mayor = nobody (not in the rulebook): no mayor, no 3 points, no
    offices this term; the previous first player stays first (R9)."""
    s = tied(replace(STANDARD, tied_mayor="nobody"))
    s.first = 1
    (mayor,) = by_kind(start_election(s), "mayor")
    assert (mayor["seat"], mayor["tiebreak"], mayor["points"]) == (None, "none", 0)
    assert s.mayor is None and s.office_of == [None, None, None]
    assert s.points == [1, 2, 0] and s.phase == "turn" and s.current == 1
    assert all(a.kind not in ("deputy", "police", "council", "precinct")
               for a in legal_actions(s, 1))


# --- R30: nobody wins a ward -------------------------------------------------------------
def no_ward_won(rules: Rules):
    """Nobody wins a ward (red and yellow tie in ward 6); yellow holds the most chips;
    purple is the current mayor."""
    return (Position(players=3, year=8, rules=rules).bosses(6, red=1, yellow=1)
            .chips("yellow", italian=2).chips("red", italian=1).mayor("purple").build())


def test_r30_no_ward_won_keeps_the_mayor_by_default():
    """This project's decision: an unbroken tie, the current mayor stays."""
    s = no_ward_won(STANDARD)
    (mayor,) = by_kind(start_election(s), "mayor")
    assert (mayor["seat"], mayor["tiebreak"]) == (2, "incumbent")


def test_r30_no_ward_won_goes_to_the_chip_tie_breaks_among_all_players():
    """House rule no_ward_won = chip_tiebreak (SlothNinja, Boardspace): most chips wins."""
    s = no_ward_won(replace(STANDARD, no_ward_won="chip_tiebreak"))
    (mayor,) = by_kind(start_election(s), "mayor")
    assert (mayor["seat"], mayor["tiebreak"], mayor["points"]) == (1, "chips", 3)
    assert s.mayor == 1 and s.phase == "offices" and s.to_act() == [1]
    # all tied on chips too: an unbroken tie, which tied_mayor settles
    s = (Position(players=3, year=8, rules=replace(STANDARD, no_ward_won="chip_tiebreak",
                                                   tied_mayor="nobody"))
         .mayor("purple").build())
    (mayor,) = by_kind(start_election(s), "mayor")
    assert mayor["seat"] is None and s.mayor is None


# --- R11: the order inside a turn ---------------------------------------------------------
def deputy_turn(rules: Rules, placed=False):
    return (Position(players=3, year=6, rules=rules).mayor("purple")
            .office("red", "deputy_mayor").cubes(6, german=1).bosses(6, red=1, yellow=1)
            .chips("red", german=1).current("red", placed=placed).build())


def test_r11_any_order_by_default():
    """The publisher's FAQ: office, placing and slander in any order."""
    s = deputy_turn(STANDARD)
    assert {"deputy", "slander", "bosses"} <= {a.kind for a in legal_actions(s, 0)}
    s.apply(0, PlaceBosses(6, 6))
    s.apply(0, DeputyMayor("irish"))
    s = deputy_turn(STANDARD)
    s.apply(0, Slander(1, 6, "german"))
    s.apply(0, PlaceBosses(6, 6))


def test_r11_office_first_refuses_an_office_after_placing_and_slander_before_it():
    """House rule turn_order = office_first (Boardspace): the office before placing,
    slander after it."""
    rules = replace(STANDARD, turn_order="office_first")
    s = deputy_turn(rules)
    kinds = {a.kind for a in legal_actions(s, 0)}
    assert "deputy" in kinds and "slander" not in kinds
    assert refused(s, 0, Slander(1, 6, "german")) == "slander_before_placing"
    s.apply(0, PlaceBosses(6, 6))
    kinds = {a.kind for a in legal_actions(s, 0)}
    assert "deputy" not in kinds and "slander" in kinds
    assert refused(s, 0, DeputyMayor("irish")) == "office_after_placing"
    s.apply(0, Slander(1, 6, "german"))
    s.apply(0, EndTurn())
    s = deputy_turn(rules)
    s.apply(0, DeputyMayor("irish"))
    s.apply(0, PlaceBosses(6, 6))
    assert refused(s, 0, DeputyMayor("german")) == "office_after_placing"


def test_r11_office_first_legal_actions_equal_the_checked_ones():
    rules = replace(STANDARD, turn_order="office_first")
    for placed in (False, True):
        s = deputy_turn(rules, placed=placed)
        for seat in range(3):
            accepted, complete = accepted_by_check(s, seat)
            assert complete and set(legal_actions(s, seat)) == accepted


# --- R25: who is asked to bid ------------------------------------------------------------
def lopsided(rules: Rules):
    """Ward 6: red 3 bosses (no chips), yellow 1 boss with 1 German chip, purple 1 boss and
    no chip: yellow cannot even tie, red wins with nothing."""
    pos = (Position(players=3, year=4, rules=rules).cubes(6, german=1)
           .bosses(6, red=3, yellow=1, purple=1).chips("yellow", german=1))
    return pos.build()


def test_r25_only_bids_that_could_matter_are_asked_by_default():
    """This project's decision."""
    s = lopsided(STANDARD)
    assert bidders(s, 6) == ()
    events = start_election(s)
    assert not by_kind(events, "bidding") and s.mayor == 0


def test_r25_every_candidate_bids():
    """House rule bids = every_candidate (SlothNinja, Boardspace): all three candidates
    are asked, a candidate without chips too (its one bid is nothing); a ward with one
    candidate still needs no bid."""
    s = lopsided(replace(STANDARD, bids="every_candidate"))
    events = start_election(s)
    (asked,) = by_kind(events, "bidding")
    assert asked["ward"] == 6 and asked["seats"] == [0, 1, 2]
    assert s.phase == "bid" and s.to_act() == [0, 1, 2]
    assert legal_actions(s, 0) == [Bid((0, 0, 0, 0))]
    assert Bid((0, 0, 1, 0)) in legal_actions(s, 1)
    events = vote(s, bids={6: {"yellow": (0, 0, 1, 0)}})
    (result,) = [e for e in by_kind(events, "ward_vote") if e["ward"] == 6]
    assert result["winner"] == 0 and s.chips[1] == [0, 0, 0, 0]  # R24: spent anyway
    lone = (Position(players=3, year=4, rules=replace(STANDARD, bids="every_candidate"))
            .bosses(6, red=1).chips("red", german=3).build())
    assert bidders(lone, 6) == ()


# --- R13, R32: a shorter evening ----------------------------------------------------------
@pytest.mark.parametrize("terms", [2, 3])
def test_r13_r32_a_shorter_game_ends_after_its_last_election(terms):
    """House rule terms = 2 or 3 (not in the rulebook): scoring after the last election,
    as after the fourth; no offices after it."""
    rules = replace(STANDARD, terms=terms)
    game = random_game(4, derive_seed(46, terms), rules)
    s = game.state
    assert s.is_over and s.year == 4 * terms and s.term == terms
    assert len(s.points_after) == terms and s.points_after[-1] == s.result["scores"]
    offices = [a for _, a in game.history if isinstance(a, AssignOffices)]
    assert len(offices) <= terms - 1
    assert sum(s.breakdown[p]["slander"] for p in range(4)) == sum(s.slander_chips)
    assert game.view(None)["last_year"] == 4 * terms
    built = Position(players=3, year=4 * terms, rules=rules).bosses(6, red=1).build()
    start_election(built)
    assert built.phase == "over" and built.result["winners"] == [0]


def test_r7_with_two_terms_three_players_never_open_zone_three():
    rules = replace(STANDARD, terms=2)
    s = random_game(3, 11, rules).state
    assert s.zone_in_play == {"I": True, "II": True, "III": False}


# --- property tests over every combination ----------------------------------------------
RULES = st.sampled_from(ALL_RULES)
SEEDS = st.integers(min_value=0, max_value=2 ** 64 - 1)


@settings(max_examples=24)
@given(rules=RULES, players=st.sampled_from([3, 4, 5]), seed=SEEDS)
def test_random_games_in_every_combination_keep_the_contracts(rules, players, seed):
    """In random games by any house rules: legal actions = the well-formed actions `check`
    accepts (at two positions), invariants hold, the code round-trips to the same game and
    hash, and a replay gives the same hash."""
    note(f"rules={rules.house_rules()} players={players} seed={seed}")
    s, _ = new_state(NAMES[:players], seed, rules=rules)
    rng = Rng(derive_seed(seed, 0xBEEF))
    stops = {Rng(seed).below(150), 150 + Rng(seed + 1).below(150)}
    step = 0
    while not s.is_over:
        to_act = s.to_act()
        who = to_act[rng.below(len(to_act))]
        if step in stops:
            for p in sorted(set(to_act) | {rng.below(players)}):
                accepted, complete = accepted_by_check(s, p)
                listed = legal_actions(s, p)
                if complete:
                    assert set(listed) == accepted
                else:
                    assert {a for a in listed if a.kind != "bid"} == {
                        a for a in accepted if a.kind != "bid"}
        s.apply(who, random_action(s, who, rng))
        check_invariants(s)
        step += 1
    assert s.year == rules.last_year
    for p in range(players):
        assert sum(s.breakdown[p].values()) == s.points[p]


@settings(max_examples=16)
@given(rules=RULES, players=st.sampled_from([3, 4, 5]), seed=SEEDS,
       remote=st.booleans())
def test_codes_and_replays_in_every_combination(rules, players, seed, remote):
    note(f"rules={rules.house_rules()} players={players} seed={seed} remote={remote}")
    from tammany.cli import play_random_remote_game
    game = (play_random_remote_game if remote else play_random_game)(players, seed, rules)
    code = encode(game)
    loaded = decode(code)
    assert loaded.rules == rules and loaded.hash() == game.hash()
    assert loaded.history == game.history and encode(loaded) == code
    assert Game.replay(game.seats, game.seed, game.history, game.game_id,
                       rules).hash() == game.hash()
    version = code[0]
    assert version == ("BCDE"[2 * (rules != STANDARD) + remote])


# --- save codes ------------------------------------------------------------------------------
def test_a_standard_game_has_the_same_code_as_before_house_rules():
    """A standard game is written with version B, as before (the golden codes prove the
    bytes); its hash does not name any rules."""
    game = Game.create(["Anna", "Boss Tweed", "Cornelius"], 0)  # the golden "new game"
    assert encode(game) == "BJkI9QQQv8LiiGzWWmfxIBA03lHFAAAAAAAAAAAAA5ve5AC"
    assert game.hash() == "c5a63df5db2fb1fd"


def test_house_rules_cost_at_most_two_characters_and_change_the_hash():
    standard = Game.create(NAMES[:5], 9)
    standard_code = encode(standard)
    for rules in ALL_RULES[1:]:
        game = Game.create(NAMES[:5], 9, rules=rules)
        code = encode(game)
        assert code[0] == "D" and len(code) <= len(standard_code) + 2
        assert decode(code).rules == rules and code[1:] != standard_code[1:]
        assert game.hash() != standard.hash()


def test_a_house_rules_code_with_every_switch_at_its_default_is_damage():
    from tammany.digits import ALPHABET, Writer, int_to_text, pack
    from tammany.savecode import _body_chars, _code_seats, _content_bytes
    w = Writer()
    _code_seats(w, Game.create(NAMES[:3], 0).seats)
    w.number(0, 2 ** 64)
    for options in SWITCHES.values():
        w.number(0, len(options))
    w.number(0, 1024)
    n, product = pack(w.digits)
    import zlib
    length = _content_bytes(product)
    code = ALPHABET[3] + int_to_text(n | zlib.crc32(n.to_bytes(length, "little"))
                                     << (8 * length), _body_chars(length))
    with pytest.raises(IllegalAction) as err:
        decode(code)
    assert err.value.code == "code_damaged" and err.value.params["why"] == "rules"


def test_other_numbers_than_the_rulebooks_cannot_be_written_in_a_code():
    game = Game.create(NAMES[:3], 0, rules=replace(STANDARD, mayor_points=4))
    with pytest.raises(IllegalAction) as err:
        encode(game)
    assert err.value.code == "cannot_encode"


@pytest.mark.parametrize("case", HOUSE_GOLDEN, ids=[c["label"] for c in HOUSE_GOLDEN])
def test_house_rules_golden_code_loads_to_the_same_game(case):
    """tests/golden/house_rules_codes.json: one code per option of every switch."""
    game = decode(case["code"])
    assert game.rules.house_rules() == case["rules"]
    assert game.hash() == case["hash"] and encode(game) == case["code"]
    assert [p["points"] for p in game.view(None)["players"]] == case["scores"]
    assert (game.is_over, game.state.year, len(game.history)) == (
        case["over"], case["year"], case["moves"])


def test_house_rules_golden_codes_cover_every_option():
    seen = {(name, value) for case in HOUSE_GOLDEN for name, value in case["rules"].items()}
    assert seen == {(name, o) for name, options in SWITCHES.items() for o in options[1:]}
    assert {c["code"][0] for c in HOUSE_GOLDEN} == {"D", "E"}


# --- the computers --------------------------------------------------------------------------
def play_bots(rules: Rules, levels, seed: int, work: int = 12):
    """A game of computers by `rules`; every move is checked against the legal list.
    Returns the game and, per seat, the bids it made in wards the standard rules would not
    have asked it to bid in."""
    from tammany.bots import choose_at_level
    game = Game.create(NAMES[:len(levels)], seed, levels=["easy"] * len(levels), rules=rules)
    unasked_bids = [0] * len(levels)
    while not game.is_over:
        seat = game.to_act()[0]
        action = choose_at_level(game, seat, levels[seat], work)
        assert action in game.legal_actions(seat), (seat, action)
        if action.kind == "bid":
            standard = game.state.clone()
            standard.rules = STANDARD
            if seat not in bidders(standard, standard.election.ward):
                unasked_bids[seat] += 1
        game.apply(seat, action)
    return game, unasked_bids


def test_every_candidate_the_computers_bid_where_they_were_never_asked():
    """R25's house rule: Easy and Hard are asked, and bid, in wards where the standard rules
    ask nobody (or not them); their moves stay legal."""
    game, unasked = play_bots(replace(STANDARD, bids="every_candidate"),
                              ["hard", "easy", "easy"], 3)
    assert game.is_over and unasked[0] > 0 and unasked[1] + unasked[2] > 0


@pytest.mark.parametrize("name", [n for n in SWITCHES])
def test_the_computers_play_every_switch_legally_and_deterministically(name):
    """Easy and Hard (little work) under each switch's last option: every move legal (see
    play_bots), and the same seed gives the same game."""
    rules = replace(STANDARD, **{name: SWITCHES[name][-1]})
    first, _ = play_bots(rules, ["hard", "easy", "easy"], 5, work=8)
    again, _ = play_bots(rules, ["hard", "easy", "easy"], 5, work=8)
    assert first.is_over and first.hash() == again.hash()


def test_with_two_terms_the_last_term_logic_starts_at_term_two():
    """Hard's search gives the last term twice the work and plays its rollouts to the end:
    with two terms that is term 2."""
    rules = replace(STANDARD, terms=2)
    s = Position(players=3, year=6, rules=rules).build()
    standard = Position(players=3, year=6).build()
    cfg = search.Config(work=100, last_term_factor=2)
    assert search.terms_after(s) == 0 and search.work_for(s, cfg) == 200
    assert search.terms_after(standard) == 2 and search.work_for(standard, cfg) == 100


def test_office_first_the_computers_use_the_office_before_placing():
    """R11's house rule: Easy (and Hard's rollouts) plan the office before the placing."""
    rules = replace(STANDARD, turn_order="office_first")
    game = Game.create(NAMES[:3], 8, levels=["easy"] * 3, rules=rules)
    offices_before = 0
    while not game.is_over:
        seat = game.to_act()[0]
        action = choose_for_game(game, seat)
        if action.kind in ("deputy", "police", "council", "precinct"):
            assert not game.state.placed
            offices_before += 1
        game.apply(seat, action)
    assert offices_before > 0


# --- the bridge and the command line ----------------------------------------------------------
def call(method, **params):
    return json.loads(handle(json.dumps({"method": method, "params": params})))


SEATS = [{"name": n, "color": c, "level": "human"} for n, c in
         zip(NAMES[:3], board.PLAYER_COLORS, strict=False)]


def test_the_bridge_starts_a_game_with_house_rules_and_reports_them():
    hello = call("hello")
    assert hello["house_rules"] == {k: list(v) for k, v in SWITCHES.items()}
    answer = call("new_game", seats=SEATS, seed=3, rules={"bids": "every_candidate",
                                                          "terms": 3})
    assert answer["ok"] and answer["rules"] == {"bids": "every_candidate", "terms": 3}
    assert answer["view"]["rules"] == answer["rules"] and answer["code"][0] == "D"
    loaded = call("load_code", code=answer["code"])
    assert loaded["rules"] == answer["rules"] and loaded["hash"] == answer["hash"]
    replay = call("replay_open", code=answer["code"])
    assert replay["rules"] == answer["rules"]
    standard = call("new_game", seats=SEATS, seed=3)
    assert standard["rules"] == {} and standard["view"]["rules"] == {}


def test_the_bridge_refuses_house_rules_it_does_not_know_and_keeps_its_game():
    before = call("new_game", seats=SEATS, seed=3)
    answer = call("new_game", seats=SEATS, seed=4, rules={"terms": 7})
    assert not answer["ok"] and answer["error"]["code"] == "bad_rules"
    assert answer["error"]["params"]["switch"] == "terms"
    assert call("state")["hash"] == before["hash"]


def test_simulate_plays_by_house_rules_and_refuses_a_bad_spec(capsys):
    assert main(["simulate", "--players", "3", "--games", "3", "--json", "--codes-stats",
                 "--rules", "tied_mayor=nobody,terms=2,turn_order=office_first"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["errors"] == 0 and out["finished"] == 3
    assert out["rules"] == {"tied_mayor": "nobody", "turn_order": "office_first", "terms": 2}
    assert main(["simulate", "--games", "1", "--rules", "terms=9"]) == 2
    assert "house rule" in capsys.readouterr().err


# --- the archive: a game's house rules are named, and only standard games are rated ----------
def test_the_archive_names_house_rules_and_rates_only_standard_games():
    """docs/archive.md, "Ratings": a game played by house rules counts in the statistics but
    not in the ratings (a rating compares play by the same rules)."""
    pytest.importorskip("openskill")
    from ratingskit import direct_ratings
    from standings.ratings import rate
    from standings.summary import summarize
    house = next(c for c in HOUSE_GOLDEN if c["over"] and c["code"][0] == "D")
    summary = summarize(house["code"])
    assert summary["rules"] == house["rules"]
    standard = json.loads((ROOT / "tests" / "golden" / "savecodes.json").read_text("utf-8"))
    plain = next(c for c in standard if c["over"])
    assert summarize(plain["code"])["rules"] == {}
    games = [{"finished": "2026-01-01T20:00:00.000Z", "summary": summarize(plain["code"])},
             {"finished": "2026-01-02T20:00:00.000Z", "summary": summary}]
    assert rate(games) == rate(games[:1]) and rate(games[:1])
    direct = direct_ratings([{"code": g["summary"]["code"], "finished": g["finished"]}
                            for g in games])
    assert direct == direct_ratings([{"code": plain["code"], "finished": games[0]["finished"]}])
