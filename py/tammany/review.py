"""Review a game: every decision of the chosen seats weighed by Hard's search, in calibrated
values: expected final points and win chance (docs/review.md).

A *decision* is a move of a reviewed seat that had two or more legal options (docs/review.md).
For each, from that seat's own view at that moment (R34: never another seat's sealed bid
still hidden, never the bag's order — the view holds neither), Hard's search is run exactly
as "Suggest a move" runs it (`suggest.py`: the same view, the same seed, the same work), so
the *better move* is the move the suggestion would have shown. The search's value interface
(`bots.search.weigh`) then plays the better move and the move played on the same fresh samples,
each followed by the same rivals' replies — the seat itself played on by a mix of sensible
players (VALUE_CONFIG), each rival as it has played so far (one whose placements no sensible
player weighs, at random: `bots/erratic.py`) — and the rolled-out positions are valued by the
review's calibrated model (`value.py`, fitted on self-play games): the seat's expected final
points and its chance to win.

The loss is better − played in each unit (expected points; win chance), never below zero, with
the standard error of the paired difference over the samples. A decision's label comes from
its win-chance loss with lichess's steps (LABELS), only when the loss is more than NOISE
standard errors; otherwise it is "good". A decision's accuracy is lichess's formula of the
win chance it lost (`accuracy_of`); a player's is lichess's game accuracy (`game_accuracy`):
the mean of a volatility-weighted mean and the harmonic mean of the decisions' accuracies.

The chart is every seat's expected final points after every move and `win_chance` its chance
to win (summing to 1), both from the spectator's view (`value.values`); the final points and the
result at the end.

Deterministic: integer sums until the last division, so CPython and Pyodide agree.
"""

from dataclasses import replace
from math import sqrt

from . import value
from .actions import ACTION_TYPES, Bid, to_json
from .bots import bot_seed, forced_action, hard, search
from .bots.erratic import Placements
from .bots.evaluate import POINT
from .determinize import state_from_view
from .errors import IllegalAction
from .game import Game
from .review_version import REVIEW_VERSION, version  # noqa: F401 (the review's own names)
from .rng import Rng
from .suggest import reason

CHECKS = 16
"""Fresh samples on which the better move and the move played are valued, at Hard's standard
work (`checks_for`)."""
NOISE = 2
"""A loss is labelled only when it is more than this many standard errors."""
WIN = 1_000_000
"""Win chances are summed as integers in millionths."""
LABELS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
"""The least win-chance loss of each label, largest first (lichess's Advice steps: 0.3, 0.2
and 0.1 of its winning chances on −1 … 1, that is 15, 10 and 5 points of win percentage);
below them a decision is "good"."""
GOOD = "good"
VOLATILITY_WINDOW = 8
"""Moves in the window of `volatility` (lichess: a tenth of the game, 2 to 8 moves)."""
LARGEST = 3
"""How many of a seat's largest losses the summary names."""
SWINGS = 5
"""How many of the game's largest swings of win chance the summary names."""


# --- one decision ---------------------------------------------------------------------------
def _mean_se(values: list[int], scale: int) -> tuple[float, float]:
    """The mean and its standard error, in `scale` units (exact integers until the division)."""
    n = len(values)
    total = sum(values)
    if n < 2:
        return total / (n or 1) / scale, 0.0
    spread = n * sum(v * v for v in values) - total * total  # n² · (n-1)/n · variance
    return total / n / scale, sqrt(spread / (n - 1)) / n / scale


def label(win_loss: float, win_loss_se: float) -> str:
    """The label of a loss of win chance: the largest of LABELS it reaches, if it is clearly
    above noise."""
    if win_loss <= NOISE * win_loss_se:
        return GOOD
    for name, least in LABELS:
        if win_loss >= least:
            return name
    return GOOD


def accuracy_of(win_loss: float) -> float:
    """A decision's accuracy, 0–100, from the win chance it lost (lichess's formula, on win
    percentage points): 100 for no loss, about 80 for 5 points, 50 for 16, 20 for 37."""
    raw = 103.1668 * value.exact_exp(-0.04354 * 100 * max(0.0, win_loss)) - 3.1669
    return min(100.0, max(0.0, raw))


def game_accuracy(accuracies: list[float], weights: list[float]) -> float | None:
    """A player's accuracy from its decisions' (lichess's game accuracy): the mean of their
    mean weighted by how volatile the game was around each (`weights`) and of their harmonic
    mean (which a few large losses pull down)."""
    if not accuracies:
        return None
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = len(accuracies) / sum(1 / max(a, 1.0) for a in accuracies)
    return (weighted + harmonic) / 2


def volatility(chances: list[float], at: int) -> float:
    """How much the seat's win chance moved around move `at` (lichess's weight): the standard
    deviation, in percentage points, of its chances over a window of moves ending there,
    within 0.5 … 12."""
    window = chances[max(0, at - VOLATILITY_WINDOW + 1):at + 1]
    n = len(window)
    if n < 2:
        return 0.5
    mean = sum(window) / n
    sd = sqrt(sum((x - mean) ** 2 for x in window) / n) * 100
    return min(12.0, max(0.5, sd))



def _review_leaf(d, seat: int) -> tuple[int, int]:
    """What a rolled-out position is worth to `seat`: its expected final points (milli-points)
    and its win chance (millionths)."""
    expected, chances = value.values(d)
    return expected[seat], round(chances[seat] * WIN)


def checks_for(work: int | None) -> int:
    """The fresh samples of a review at `work` (None: Hard's standard): CHECKS, fewer in
    proportion for less work (tests), never under 2 (a standard error needs two)."""
    if work is None:
        return CHECKS
    return max(2, CHECKS * work // hard.WORK)


VALUE_CONFIG = replace(hard.CONFIG, own_mix=hard.CONFIG.rivals)
"""How the review plays on after a move to value it: as Hard's search does, but the seat
itself, in each sample, by one of the sensible players Hard imagines its rivals as (Easy, the
Basher, the Hoarder, the Cautious player) rather than by Hard's own rollout player alone, so
that a plan of another style than Hard's is carried on, not cut short (docs/review.md)."""


def _config(work: int | None, config=hard.CONFIG):
    return config if work is None else replace(config, work=work)


def weigh_decision(view: dict, seat: int, seed: int, played, work: int | None = None,
                   checks: int | None = None, erratic: tuple | None = None) -> dict:
    """The review of one decision: `played` (an action) against the move Hard finds for
    `seat` from its `view` with `seed` (the suggestion's seed), both valued on the same
    samples in expected final points and win chance, each rival played on as it has played
    so far (`erratic`: per seat, its chance per mille to be played at random, from its
    placements: `bots/erratic.py`; None: none is). Reads nothing but the view and the
    placements before it, which are public (R34)."""
    rng = Rng(seed)
    s = state_from_view(view, rng)  # as bots.choose: the same stream, the same state
    weighed = search.weigh(s, seat, rng, _config(work), [played],
                           checks_for(work) if checks is None else checks, leaf=_review_leaf,
                           value_cfg=_config(work, VALUE_CONFIG), erratic=erratic)
    best = weighed.options[weighed.chosen]
    k = weighed.options.index(played)
    pairs = [(b, p) for b, p in zip(weighed.values[weighed.chosen], weighed.values[k],
                                    strict=True) if b is not None and p is not None]
    if not pairs:
        raise IllegalAction("review_not_legal", "That move is not legal there.")
    best_value, best_se = _mean_se([b[0] for b, _ in pairs], POINT)
    played_value, played_se = _mean_se([p[0] for _, p in pairs], POINT)
    gap, loss_se = _mean_se([b[0] - p[0] for b, p in pairs], POINT)
    best_win, _ = _mean_se([b[1] for b, _ in pairs], WIN)
    played_win, _ = _mean_se([p[1] for _, p in pairs], WIN)
    win_gap, win_loss_se = _mean_se([b[1] - p[1] for b, p in pairs], WIN)
    loss, win_loss = max(0.0, gap), max(0.0, win_gap)
    return {
        "seat": seat, "year": view["year"], "kind": played.kind,
        "played": to_json(played), "best": to_json(best), "is_best": best == played,
        "played_value": round(played_value, 2), "played_se": round(played_se, 2),
        "best_value": round(best_value, 2), "best_se": round(best_se, 2),
        "loss": round(loss, 2), "loss_se": round(loss_se, 2),
        "played_win": round(played_win, 4), "best_win": round(best_win, 4),
        "win_loss": round(win_loss, 4), "win_loss_se": round(win_loss_se, 4),
        "label": label(round(win_loss, 4), round(win_loss_se, 4)),
        "accuracy": round(accuracy_of(round(win_loss, 4)), 1),
        "why": reason(view, seat, to_json(best)),
        "options": len(weighed.options), "samples": len(pairs),
    }


def position(game: Game, seat: int) -> tuple[dict, int]:
    """What a decision of `seat` in `game` is weighed from: the seat's own view and the seed
    "Suggest a move" gives it (`suggest.suggest_for_game`)."""
    return game.view(seat), bot_seed(game.seed, len(game.committed_history()), seat)


def placements(game: Game) -> Placements:
    """Every seat's placements in `game` so far (`bots/erratic.py`)."""
    counted = Placements(len(game.seats))
    replay = game.restarted()
    for seat, action in game.history:
        counted.add(replay.state, seat, action)
        replay.apply(seat, action)
    return counted


def weigh_in_game(game: Game, seat: int, played, work: int | None = None,
                  checks: int | None = None) -> dict:
    """`weigh_decision` for `played` by `seat` in `game` as it stands."""
    view, seed = position(game, seat)
    return weigh_decision(view, seat, seed, played, work, checks,
                          placements(game).chances())


# --- a whole game -----------------------------------------------------------------------------
def _played(history: list, index: int):
    """The move to weigh for history[index]: the action itself, or for a sealed bid across
    devices the bid its opening later showed (None while it is not opened: not a decision
    to review yet)."""
    seat, action = history[index]
    if action.kind != "seal":
        return action
    for later_seat, later in history[index + 1:]:
        if later_seat == seat and later.kind == "open":
            return Bid(later.n)
    return None


def _values(game: Game) -> tuple[list[float], list[float]]:
    """Each seat's expected final points and win chance now, from the spectator's view (the
    final points and the result once the game is over)."""
    s = game.state if game.is_over else state_from_view(game.view(None), Rng(0))
    expected, chances = value.values(s)
    return [round(e / POINT, 2) for e in expected], [round(c, 4) for c in chances]


class Review:
    """The decisions of `seats` in `game` (a game of revealed moves: a code's), weighed one
    at a time (`step`) so that a caller can report progress and stop."""

    def __init__(self, game: Game, seats=None, work: int | None = None,
                 checks: int | None = None) -> None:
        n = len(game.seats)
        self.seats = sorted(set(range(n) if seats is None else seats))
        if not self.seats or any(type(p) is not int or not 0 <= p < n for p in self.seats):
            raise IllegalAction("bad_seats", f"Seats are numbered 0 to {n - 1}.")
        self.work, self.checks = work, checks
        self.names = [seat.name for seat in game.seats]
        self.positions: list[tuple] = []
        self.chart, self.win_chance = [], []
        history = list(game.history)
        replay = game.restarted()  # its seats, seed, id and house rules
        self.placements = Placements(n)
        self._chart(replay)
        for index, (seat, action) in enumerate(history):
            if seat in self.seats and (action.kind in ACTION_TYPES or action.kind == "seal"):
                self._add(replay, history, index)
            self.placements.add(replay.state, seat, action)
            replay.apply(seat, action)
            self._chart(replay)
        self.results: list[dict] = []

    def _chart(self, replay: Game) -> None:
        expected, chances = _values(replay)
        self.chart.append(expected)
        self.win_chance.append(chances)

    def _add(self, replay: Game, history: list, index: int) -> None:
        seat = history[index][0]
        played = _played(history, index)
        view, seed = position(replay, seat)
        if played is None or forced_action(state_from_view(view, Rng(0)), seat) is not None:
            return
        self.positions.append((index + 1, seat, view, seed, played,
                               self.placements.chances()))

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def done(self) -> bool:
        return len(self.results) == self.total

    def step(self) -> dict:
        """Weigh the next decision and return it (`move` is its number, from 1)."""
        move, seat, view, seed, played, erratic = self.positions[len(self.results)]
        result = {"move": move, **weigh_decision(view, seat, seed, played, self.work,
                                                 self.checks, erratic)}
        self.results.append(result)
        return result

    def run(self) -> dict:
        while not self.done:
            self.step()
        return self.summary()

    def summary(self) -> dict:
        """Every seat's figures from the decisions weighed so far, the chart and its swings."""
        return {"version": version(), "seats": self.figures(),
                "decisions": list(self.results), "chart": self.chart,
                "win_chance": self.win_chance, "swings": self.swings()}

    def swings(self) -> list[dict]:
        return swings(self.chart, self.win_chance)

    def figures(self) -> list[dict]:
        """Every reviewed seat's figures over the decisions weighed so far."""
        return [self._seat(p) for p in self.seats]

    def _seat(self, seat: int) -> dict:
        mine = [r for r in self.results if r["seat"] == seat]
        counts = {name: 0 for name in (GOOD, *(n for n, _ in reversed(LABELS)))}
        for r in mine:
            counts[r["label"]] += 1
        largest = sorted((r for r in mine if r["win_loss"] > 0 or r["loss"] > 0),
                         key=lambda r: (-r["win_loss"], -r["loss"], r["move"]))
        figures = {"seat": seat, "name": self.names[seat], "decisions": len(mine),
                   "labels": counts, "best_moves": sum(r["is_best"] for r in mine),
                   "largest": [r["move"] for r in largest[:LARGEST]],
                   "mean_loss": None, "mean_loss_se": None,
                   "mean_win_loss": None, "mean_win_loss_se": None, "accuracy": None}
        if mine:
            mean, se = _mean_se([round(r["loss"] * 100) for r in mine], 100)
            win, win_se = _mean_se([round(r["win_loss"] * 10000) for r in mine], 10000)
            chances = [row[seat] for row in self.win_chance]
            accuracy = game_accuracy([r["accuracy"] for r in mine],
                                     [volatility(chances, r["move"] - 1) for r in mine])
            figures.update(mean_loss=round(mean, 2), mean_loss_se=round(se, 2),
                           mean_win_loss=round(win, 4), mean_win_loss_se=round(win_se, 4),
                           accuracy=round(accuracy, 1))
        return figures


def swings(chart: list[list[float]], win_chance: list[list[float]]) -> list[dict]:
    """The SWINGS moves after which one seat's win chance changed most, largest first:
    {move, seat, change (its expected points), win_change (its win chance)}."""
    changes = []
    for move in range(1, len(win_chance)):
        before, after = win_chance[move - 1], win_chance[move]
        seat = max(range(len(after)), key=lambda p: (abs(after[p] - before[p]), -p))
        changes.append((abs(after[seat] - before[seat]), move, seat,
                        round(chart[move][seat] - chart[move - 1][seat], 2),
                        round(after[seat] - before[seat], 4)))
    changes.sort(key=lambda c: (-c[0], c[1]))
    return [{"move": move, "seat": seat, "change": change, "win_change": win}
            for _, move, seat, change, win in changes[:SWINGS]]


def review(game: Game, seats=None, work: int | None = None, checks: int | None = None) -> dict:
    """The whole review of `seats` (default: every seat) in `game`."""
    return Review(game, seats, work, checks).run()
