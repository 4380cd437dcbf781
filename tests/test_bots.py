"""Computer players (docs/bots.md): legal moves only, games finish, deterministic
choices from the seat's own view (R34), determinization, the tournament command.

Hard runs with a tiny amount of work here (`work=1`: one short rollout per
option); its full strength and speed are benchmark figures, not test asserts.
"""

import json

import pytest

from enginekit import bidding_states, easy_game_until, game_in_bidding, play_to_end
from tammany import bots
from tammany.actions import OFFICE_KINDS
from tammany.bots import choose, choose_for_game, forced_action
from tammany.bots.tournament import run, seating
from tammany.cli import main
from tammany.determinize import determinize, state_from_view
from tammany.game import Game, Seat
from tammany.rng import Rng

TEST_WORK = 1
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def play(levels, seed, on_move=None):
    """Play a whole game of computers; check each move against the legal list."""
    game = Game.create(NAMES[:len(levels)], seed, levels=list(levels))
    return play_to_end(game, lambda g, s: choose_for_game(g, s, TEST_WORK), on_move)


ROTATED = [(levels[k:] + levels[:k], 100 + 10 * len(levels) + k)
           for levels in (["easy", "hard", "random"],
                          ["hard", "easy", "random", "easy"],
                          ["random", "easy", "hard", "easy", "random"])
           for k in range(len(levels))]


@pytest.mark.parametrize("levels,seed", ROTATED, ids=lambda x: str(x))
def test_every_level_in_every_seat_plays_legal_moves_to_the_end(levels, seed):
    kinds = set()
    game = play(levels, seed, on_move=lambda g, seat, a: kinds.add(a.kind))
    assert game.result["winners"]
    # every kind of decision was taken by some computer in these games
    assert {"bid", "end", "offices"} <= kinds
    assert kinds & {"bosses", "boss_cube"}


def test_all_decision_kinds_occur_across_the_games():
    """Placing, offices, slander, bids, ward bonuses and the mayor's assignment
    are all played by Easy and by Hard somewhere in a few games."""
    seen = {"easy": set(), "hard": set()}

    def record(game, seat, action):
        level = game.seats[seat].level
        if level in seen:
            seen[level].add(action.kind)

    for seed in (1, 2):
        play(["easy", "hard", "easy"], seed, record)
        play(["hard", "easy", "hard"], seed, record)
    wanted = {"bosses", "boss_cube", "bid", "offices", "end", "slander"}
    for level, kinds in seen.items():
        assert wanted <= kinds, (level, wanted - kinds)
        assert kinds & {"bonus_cube", "bonus_chip"}, level
        assert kinds & set(OFFICE_KINDS), level


@pytest.mark.parametrize("level", ["easy", "hard", "random"])
def test_same_view_and_seed_give_the_same_move(level):
    game = Game.create(NAMES[:3], 9, levels=[level] * 3)
    for _ in range(40):
        seat = game.to_act()[0]
        first = choose(game.view(seat), seat, level, 77, TEST_WORK)
        again = choose(game.view(seat), seat, level, 77, TEST_WORK)
        assert first == again
        game.apply(seat, choose_for_game(game, seat, TEST_WORK))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_computer_never_reads_a_pending_bid_or_the_game_generator(level):
    """R34: change the other seat's sealed bid and the game's generator: the
    computer's bid does not change."""
    game = next(g for g in map(game_in_bidding, range(1, 40)) if g is not None)
    s = game.state
    seat = s.to_act()[0]
    other = next(iter(s.election.bids))
    old = game.seats[seat]
    game.seats = game.seats[:seat] + (Seat(old.name, old.color, level),) + game.seats[seat + 1:]
    before = choose_for_game(game, seat, TEST_WORK)
    ward = s.election.ward
    s.election.bids[other] = tuple(
        s.chips[other][i] if s.cubes[ward][i] else 0 for i in range(4))
    s.rng.state ^= 0xDEADBEEF
    assert choose_for_game(game, seat, TEST_WORK) == before


def test_bot_seed_separates_moves_and_seats():
    seeds = {bots.bot_seed(5, move, seat) for move in range(50) for seat in range(5)}
    assert len(seeds) == 250
    assert bots.bot_seed(5, 3, 1) == bots.bot_seed(5, 3, 1)


def test_unknown_level_and_wrong_seat_are_refused():
    game = Game.create(NAMES[:3], 1)
    seat = game.to_act()[0]
    with pytest.raises(ValueError):
        choose(game.view(seat), seat, "genius", 1)
    with pytest.raises(ValueError):
        choose(game.view(seat), (seat + 1) % 3, "easy", 1)


def test_forced_moves_are_recognised():
    game = Game.create(NAMES[:3], 4)
    seat = game.to_act()[0]
    assert forced_action(game.state, seat) is None  # placing: many choices
    game.apply(seat, game.legal_actions(seat)[0])
    only = forced_action(game.state, seat)  # year 1: no office, no slander
    assert only is not None and only.kind == "end"


# --- determinization -----------------------------------------------------------------
def test_state_from_view_round_trips_and_hides_what_it_must():
    rng = Rng(3)
    checked = 0
    for seed in range(4):
        game = Game.create(NAMES[:3 + seed % 3], seed)
        while not game.is_over:
            seat = game.to_act()[0]
            for viewer in range(game.state.players):
                view = game.view(viewer)
                d = state_from_view(view, Rng(11))
                assert d.view(viewer) == view
                assert d.rng.state != game.state.rng.state
                checked += 1
            game.apply(seat, game.random_action(seat, rng))
    assert checked > 500


def test_determinized_states_play_on_to_the_end():
    """Sampled bids are legal bids, and the rebuilt state is a complete game."""
    rng = Rng(8)
    for seed in range(6):
        game = Game.create(NAMES[:3], seed)
        while not game.is_over:
            seat = game.to_act()[0]
            s = game.state
            if s.phase == "bid" and s.election.bids:
                d = determinize(s, seat, Rng(seed))
                assert sorted(d.election.bids) == sorted(s.election.bids)
                while not d.is_over:
                    p = d.to_act()[0]
                    d.apply(p, d.random_action(p, rng))
            game.apply(seat, game.random_action(seat, rng))


def test_determinize_does_not_depend_on_hidden_information():
    game = game_in_bidding(3)
    s = game.state
    seat = s.to_act()[0]
    a = determinize(s, seat, Rng(1))
    other = next(iter(s.election.bids))
    s.election.bids[other] = (0, 0, 0, 0)
    s.rng.state ^= 12345
    b = determinize(s, seat, Rng(1))
    assert a.election.bids == b.election.bids
    assert a.rng.state == b.rng.state


# --- the tournament --------------------------------------------------------------------
def test_seating_rotates_every_level_through_every_seat():
    levels = ["hard", "easy", "easy"]
    seen = {(g % 3, tuple(seating(levels, g))) for g in range(6)}
    for seat in range(3):
        assert {rot[seat] for _, rot in seen} == {"hard", "easy"}


def test_tournament_deals_are_distinct():
    from tammany.bots.tournament import deal_seed
    assert len({deal_seed(7, g, 3) for g in range(3000)}) == 1000


def test_tournament_command_smoke(capsys):
    code = main(["tournament", "--players", "3", "--seats", "hard,easy,random", "--games", "3",
                 "--seed", "4", "--json", "--jobs", "1", "--work", str(TEST_WORK)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3
    levels = summary["levels"]
    assert set(levels) == {"hard", "easy", "random"}
    assert sum(v["win_share"] for v in levels.values()) == pytest.approx(1.0, abs=1e-3)
    for figures in levels.values():
        assert figures["decisions"] > 0
        assert isinstance(figures["decision_seconds_p95"], float)
        assert figures["seats"] == 1


def test_tournament_figures_do_not_depend_on_the_number_of_processes():
    one = run(["easy", "random", "random"], 3, 2, jobs=1)
    two = run(["easy", "random", "random"], 3, 2, jobs=2)
    for level in ("easy", "random"):
        for key in ("win_share", "mean_points", "decisions"):
            assert one["levels"][level][key] == two["levels"][level][key]


def test_a_tournament_cut_short_goes_on_from_its_log(tmp_path):
    """Games 0-1 then 2-3 (`--first 2`) log the same games as games 0-3 in one run."""
    whole, part = tmp_path / "whole.log", tmp_path / "part.log"
    args = ["tournament", "--players", "3", "--seats", "easy,random,random", "--seed", "3",
            "--jobs", "1"]
    assert main([*args, "--games", "4", "--log", str(whole)]) == 0
    assert main([*args, "--games", "2", "--log", str(part)]) == 0
    assert main([*args, "--games", "2", "--first", "2", "--log", str(part)]) == 0
    lines = [json.loads(line) for line in whole.read_text().splitlines()]
    assert [line["game"] for line in lines] == [0, 1, 2, 3]
    assert [json.loads(line) for line in part.read_text().splitlines()] == lines
    assert lines[2]["levels"] == seating(["easy", "random", "random"], 2)


def test_a_tournament_log_says_where_each_seats_points_came_from(tmp_path):
    """R29–R32: a log line's sources (wards, Tammany Hall, mayor, favor-chip
    majorities, slander chips) add up to the seat's score; chips at the end are
    what the seat held."""
    log = tmp_path / "t.log"
    assert main(["tournament", "--players", "3", "--seats", "easy,easy,random", "--seed", "4",
                 "--games", "3", "--jobs", "1", "--log", str(log)]) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    for line in lines:
        assert [sum(s.values()) for s in line["sources"]] == line["scores"]
        assert {"wards", "tammany", "mayor", "chips", "slander"} <= set(line["sources"][0])
        assert all(isinstance(c, int) and c >= 0 for c in line["chips_end"])
    assert any(line["sources"][p]["mayor"] for line in lines for p in range(3))


def test_tournament_refuses_bad_seats(capsys):
    assert main(["tournament", "--players", "3", "--seats", "hard,easy"]) == 2
    assert main(["tournament", "--players", "3", "--seats", "hard,easy,human"]) == 2


def test_hard_looks_to_the_game_end_only_in_the_last_term():
    """Hard's rollouts stop 4 turns ahead in terms 1–3 (unless the election is
    nearer); in the last term they stop 6 turns ahead and play on to the game's
    end from 6 turns before it, with twice the work (R9 terms, R13 elections,
    R32 end scoring)."""
    from tammany.bots import hard, search

    cfg = hard.CONFIG
    early = easy_game_until(3, lambda s: s.phase == "turn" and s.year == 5).state
    assert search.turns_to_horizon(early, cfg) == (4, 4)
    assert search.work_for(early, cfg) == cfg.work
    first = easy_game_until(3, lambda s: s.phase == "turn" and s.year == 13).state
    assert search.turns_to_horizon(first, cfg) == (6, 6)  # 10–12 turns to the end
    assert search.work_for(first, cfg) == 2 * cfg.work
    last = easy_game_until(3, lambda s: s.phase == "turn" and s.year == 15).state
    left = 6 - last.turns_taken  # 3 players, 2 years to the last election
    assert search.turns_to_horizon(last, cfg) == (left, left + search.ELECTION_COST)
    assert search.work_for(last, cfg) == 2 * cfg.work
    # a league searcher without the setting keeps its own horizon in the last term
    plain = bots.league.SEARCHERS["search"]
    assert search.turns_to_horizon(last, plain)[0] == plain.horizon


def test_the_cautious_rival_model_bids_between_nothing_and_easys_bid():
    """Hard's Cautious rival model (policies.py) bids legal chips (R23, R24) and
    never more than Easy would; over many draws it bids both less and as much."""
    from tammany.bots import easy
    from tammany.bots.policies import CAUTIOUS

    totals = set()
    for s in bidding_states():
        seat = next(q for q in s.election.bidders if q not in s.election.bids)
        usable = easy.usable(s, seat, s.election.ward)
        for k in range(8):
            bid = CAUTIOUS.bid(s, seat, Rng(k))
            easys = easy.bid_total(s, seat, Rng(k))  # the same stream: the same Easy bid
            assert all(0 <= b <= u for b, u in zip(bid, usable, strict=True))
            assert sum(bid) <= easys
            totals.add((sum(bid), easys))
    assert any(t < e for t, e in totals) and any(t == e > 0 for t, e in totals)
