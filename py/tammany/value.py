"""The review's calibrated values of a position: every seat's expected final points and its
chance to win (docs/review.md, "What the numbers mean" and "Calibration").

Both are fitted on self-play games of Hard (`bench/value/`): the fitted numbers are data in
`value_table.py`, this module only reads them.

*Expected final points.* A position is read through public facts only (R34: nothing here looks
at a sealed bid or the bag's order): each seat's points so far, the gain Hard's static
evaluation expects of it (`bots.search.live_totals` less the points: the next election ward by
ward, chips and slander chips in hand, R32's majorities, the mayor's race), the mean of that gain
over the seats, the favor chips it holds and its lead in points over the seats' mean. The seat
is expected to finish with its points plus a linear function of these, whose weights depend on
the *stage* of the game (years left and the phase: turns, the election, the mayor's offices)
and the number of players. The fit, on games it was not fitted on, leaves the mean of
(final − expected) within a point at every term's start.

*Win chance.* As lichess turns centipawns into a win percentage with a fitted curve, each
seat's win chance is a softmax of a curve of its expected final points against the seats' mean,
d_p = E_p − mean E: exp(ℓ_p) / Σ exp(ℓ_q) with ℓ = β·d + γ·d³, β fitted by stage and γ by
phase (maximum likelihood on who won; a shared win split), both kept at zero or above, so that
more expected points always mean a better chance. The cube lets a large lead count for more
than its points alone would say: with β alone (a plain softmax of the expected points) the
leaders by far won more often than their chances said and the near-leaders less
(docs/review.md, "Calibration"). The chances sum to 1. At the game's end both are exact: the
final points and the result's win shares.

Deterministic: the features are integers, the weights integers (per mille), and the softmax
uses only + − × / (correctly rounded in every IEEE-754 Python) and `math.ldexp`, so CPython and
Pyodide give the same figures bit for bit.
"""

from math import ldexp

from . import value_table
from .bots import hard
from .bots.evaluate import POINT
from .bots.search import live_totals

PHASES = {"turn": 0, "draw": 0, "bid": 1, "bonus": 1, "election": 1, "offices": 2}
"""A stage's phase index: the turns of a year, its election, the mayor's offices after it."""
FEATURES = ("one", "mean_gain", "rel_gain", "rel_chips", "lead")
"""What a seat's expected gain (final − points now) is a linear function of, in this order
(milli-points; chips in thousandths of a chip): a constant and the seats' mean gain (what the
table as a whole will still score), then the seat against that mean — its gain, its chips and
its points. The first two are the same for every seat and the last three sum to zero over the
seats, so the fit splits into *how many points are still to come* and *who gets them*; the
weights of the mean gain and of the seat's own gain, chips and points are kept at zero or
above (`bench/value/fit.py`), so that a position the evaluation finds better for a seat is
never worth fewer points to it: the review's losses are differences of these values."""


def stage(s) -> int:
    """The stage of a position: 3 × years left after this one + its phase (0 … 3·16)."""
    return 3 * (s.rules.last_year - s.year) + PHASES.get(s.phase, 0)


def features(s) -> list[list[int]]:
    """Every seat's FEATURES in state `s` (public facts only)."""
    n = s.players
    totals = live_totals(s, hard.CONFIG)
    gains = [totals[p] - POINT * s.points[p] for p in range(n)]
    chips = [POINT * sum(s.chips[p]) for p in range(n)]
    mean_gain, mean_chips = sum(gains) // n, sum(chips) // n
    mean_points = POINT * sum(s.points) // n
    return [[POINT, mean_gain, gains[p] - mean_gain, chips[p] - mean_chips,
             POINT * s.points[p] - mean_points] for p in range(n)]


def _weights(table: dict, players: int, at: int):
    rows = table.get(players) or table[min(table, key=lambda k: abs(k - players))]
    return rows[min(at, len(rows) - 1)]


def expected_milli(s) -> list[int]:
    """Every seat's expected final points in state `s`, in milli-points."""
    if s.is_over:
        return [POINT * p for p in s.points]
    weights = _weights(value_table.POINTS, s.players, stage(s))
    return [POINT * s.points[p] + sum(w * x for w, x in zip(weights, f, strict=True)) // 1000
            for p, f in enumerate(features(s))]


def exact_exp(x: float) -> float:
    """exp(x) for x ≤ 0 from + − × / and ldexp only (the same bits in every Python)."""
    k = int(x / 0.6931471805599453)   # x = k·ln 2 + r, −ln 2 < r ≤ 0 (about)
    r = x - k * 0.6931471805599453
    term = total = 1.0
    for i in range(1, 18):
        term = term * r / i
        total += term
    return ldexp(total, k)


def softmax(values: list[float], beta: float) -> list[float]:
    """exp(β·v_p) / Σ exp(β·v_q), computed from the largest value down (no overflow)."""
    top = max(values)
    weights = [exact_exp(beta * (v - top)) for v in values]
    whole = sum(weights)
    return [w / whole for w in weights]


def win_chances(s, expected: list[int] | None = None) -> list[float]:
    """Every seat's chance to win from state `s`: the result's shares once the game is over,
    otherwise the fitted softmax of the expected final points (`expected`, if already known)."""
    if s.is_over:
        winners = s.result["winners"]
        return [1 / len(winners) if p in winners else 0.0 for p in range(s.players)]
    if expected is None:
        expected = expected_milli(s)
    beta, gamma = _weights(value_table.WIN, s.players, stage(s))
    return softmax(win_logits([e / POINT for e in expected], beta / 1000, gamma / 1_000_000), 1.0)


def win_logits(expected: list[float], beta: float, gamma: float) -> list[float]:
    """The win curve's ℓ_p = β·d + γ·d³ of every seat, d its expected points less the seats'
    mean (+ − × / only: the same bits in every Python)."""
    mean = sum(expected) / len(expected)
    return [beta * d + gamma * d * d * d for d in (e - mean for e in expected)]


def values(s) -> tuple[list[int], list[float]]:
    """(expected final points in milli-points, win chances) of every seat in `s`."""
    expected = expected_milli(s)
    return expected, win_chances(s, expected)
