"""The league (docs/bots.md): computer levels for tournaments only — basher,
hoarder, search, margin. Legal moves only, every game ends, the same view and
seed give the same move, the seat's own view only (R34), the tournament
command seats them.

The searching levels run with a tiny amount of work here (`work=1`: one short
rollout per option); their strength and speed are benchmark figures.
"""

import json

import pytest

from enginekit import game_in_bidding, play_to_end
from tammany import bots
from tammany.bots import choose, choose_at_level, league
from tammany.cli import main
from tammany.game import LEVELS as GAME_LEVELS
from tammany.game import Game
from tammany.savecode import COMPUTER_LEVELS

TEST_WORK = 1
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
LEAGUE = ["basher", "hoarder", "search", "margin", "exploit"]


def play(levels, seed, on_move=None):
    """A whole game at these levels; every move is checked against the legal list."""
    game = Game.create(NAMES[:len(levels)], seed)
    return play_to_end(game, lambda g, s: choose_at_level(g, s, levels[s], TEST_WORK), on_move)


def test_the_league_is_for_tournaments_only():
    assert set(league.LEVELS) >= set(LEAGUE)
    assert set(bots.LEVELS) >= set(LEAGUE)
    for level in LEAGUE:
        assert level not in bots.PAGE_LEVELS
        assert level not in GAME_LEVELS
        assert level not in COMPUTER_LEVELS


@pytest.mark.parametrize("levels,seed", [
    (["basher", "hoarder", "search"], 11),
    (["search", "margin", "basher"], 12),
    (["margin", "basher", "hoarder"], 13),
    (["hard", "margin", "search", "hoarder"], 14),
], ids=str)
def test_league_levels_play_legal_moves_to_the_end(levels, seed):
    kinds = {level: set() for level in levels}
    game = play(levels, seed, on_move=lambda g, seat, a: kinds[levels[seat]].add(a.kind))
    assert game.result["winners"]
    for level, seen in kinds.items():
        assert "bid" in seen or "end" in seen, level
        assert seen & {"bosses", "boss_cube"}, level


@pytest.mark.parametrize("level", LEAGUE)
def test_same_view_and_seed_give_the_same_move(level):
    game = Game.create(NAMES[:3], 9)
    decisions = 0
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_act()[0]
        first = choose(game.view(seat), seat, level, 77, TEST_WORK)
        again = choose(game.view(seat), seat, level, 77, TEST_WORK)
        assert first == again
        decisions += len(game.legal_actions(seat)) > 1
        game.apply(seat, choose_at_level(game, seat, level, TEST_WORK))
    assert decisions > 10


@pytest.mark.parametrize("level", LEAGUE)
def test_a_league_player_never_reads_a_pending_bid_or_the_game_generator(level):
    """R34: change the other seat's sealed bid and the game's generator: the bid
    does not change."""
    game = next(g for g in map(game_in_bidding, range(1, 40)) if g is not None)
    s = game.state
    seat = s.to_act()[0]
    other = next(iter(s.election.bids))
    before = choose_at_level(game, seat, level, TEST_WORK)
    ward = s.election.ward
    s.election.bids[other] = tuple(s.chips[other][i] if s.cubes[ward][i] else 0 for i in range(4))
    s.rng.state ^= 0xDEADBEEF
    assert choose_at_level(game, seat, level, TEST_WORK) == before


def test_tournament_command_seats_league_levels(capsys):
    code = main(["tournament", "--players", "3", "--seats", "hard,margin,basher", "--games", "3",
                 "--seed", "4", "--json", "--jobs", "1", "--work", str(TEST_WORK)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    levels = summary["levels"]
    assert set(levels) == {"hard", "margin", "basher"}
    assert sum(v["win_share"] for v in levels.values()) == pytest.approx(1.0, abs=1e-3)
    for figures in levels.values():
        assert figures["decisions"] > 0
