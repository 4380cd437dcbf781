"""The review's calibrated values (py/tammany/value.py, docs/review.md "Calibration"): every
seat's expected final points and win chance, read from public facts only (R34), exact at the
game's end (R32), the same bits in every Python. Whether the numbers are calibrated is measured
on held-out games by bench/value/check.py (figures in docs/review.md)."""

import math

import pytest

from tammany import cli, value, value_table
from tammany.determinize import state_from_view
from tammany.game import Game
from tammany.rng import Rng


def positions(seed: int, every: int = 7):
    """Positions of a random 3-player game (each a Game as it stood), every `every` moves."""
    whole = cli.play_random_game(3, seed)
    game = Game(whole.seats, whole.seed)
    for n, (seat, action) in enumerate(whole.history):
        if n % every == 0:
            yield game
        game.apply(seat, action)
    yield game


def test_the_table_has_a_row_for_every_stage_and_number_of_players():
    """Each fitted number of players has a weight row per stage (FEATURES long) and a win curve
    (β, γ) per stage; 3, 4 and 5 players all find a table (R1)."""
    for players, rows in value_table.POINTS.items():
        assert 3 <= players <= 5
        assert len(rows) == 48 and all(len(r) == len(value.FEATURES) for r in rows)
        curves = value_table.WIN[players]
        assert len(curves) == 48 and all(len(c) == 2 for c in curves)
        assert all(b >= 0 and g >= 0 and b + g > 0 for b, g in curves)  # rising in the points
        assert curves[0][0] > 0  # the last year: the points tell who wins
    for players in (3, 4, 5):
        assert value._weights(value_table.POINTS, players, 0)


@pytest.mark.parametrize("seed", [3, 9])
def test_win_chances_are_chances_and_follow_the_expected_points(seed):
    """Every position: chances in [0, 1] summing to 1, ordered as the expected points."""
    for game in positions(seed):
        s = game.state
        expected, chances = value.values(s)
        assert len(expected) == len(chances) == 3
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert math.fsum(chances) == pytest.approx(1.0, abs=1e-12)
        if not s.is_over:
            for p in range(3):
                for q in range(3):
                    if expected[p] > expected[q]:
                        assert chances[p] > chances[q]


def test_at_the_games_end_the_values_are_the_result_r32():
    """R32: once the game is over, expected points are the final points and the win chance is
    the result's share (a shared win split)."""
    game = cli.play_random_game(3, 5)
    expected, chances = value.values(game.state)
    assert expected == [1000 * p for p in game.result["scores"]]
    winners = game.result["winners"]
    assert chances == [1 / len(winners) if p in winners else 0.0 for p in range(3)]


def test_the_values_read_only_public_facts_r34():
    """R34: the values of a state rebuilt from the spectator's view do not depend on the
    generator that rebuilt it (the bag's order, a pending sealed bid), and equal the true
    state's."""
    for game in positions(11, every=5):
        if game.is_over:
            continue
        true = value.values(game.state)
        for seed in (1, 2):
            s = state_from_view(game.view(None), Rng(seed))
            assert value.values(s) == true


def test_the_softmax_uses_exact_arithmetic_only():
    """`exact_exp` agrees with the C library's exp to the last bits that matter, and is built from
    + − × / alone (so CPython and Pyodide agree bit for bit)."""
    for x in (0.0, -1e-9, -0.3, -1.0, -2.5, -10.0, -40.0, -700.0):
        assert value.exact_exp(x) == pytest.approx(math.exp(x), rel=1e-13, abs=1e-300)
    assert value.softmax([5.0, 5.0, 5.0], 0.7) == [1 / 3] * 3
    assert value.softmax([10.0, 0.0], 0.0) == [0.5, 0.5]
    big = value.softmax([40.0, 10.0, 10.0], 2.0)
    assert big[0] > 0.999999 and big[1] == big[2]


def test_the_stage_counts_years_left_and_the_phase():
    """Stages go down as the game goes on: 3 per year left, plus the phase (turns, the election,
    the mayor's offices)."""
    stages = [value.stage(g.state) for g in positions(7, every=1) if not g.is_over]
    assert stages[0] == 3 * 15
    assert all(b <= a or b == a + 1 or b == a + 2 for a, b in zip(stages, stages[1:], strict=False))
    assert min(stages) < 3
