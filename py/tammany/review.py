"""Review a game: every decision of the chosen seats weighed in points by Hard's search.

A *decision* is a move of a reviewed seat that had two or more legal options (docs/review.md).
For each, from that seat's own view at that moment (R34: never another seat's sealed bid
still hidden, never the bag's order — the view holds neither), Hard's search is run exactly
as "Suggest a move" runs it (`suggest.py`: the same view, the same seed, the same work), so
the *best move* is the move the suggestion would have shown. The search's value interface
(`bots.search.weigh`) then plays the best move and the move played on the same fresh samples
and scores them with the same leaf: the review has no evaluator of its own.

Values are in points of *standing*: the seat's expected total against its rivals — its
points minus the mean of the strongest rival's and the rivals' average (`search.points_scale`;
in the last term, where rollouts reach the game's end, a game won counts WIN_POINTS more).
The loss is best − played, never below zero; its standard error is that of the paired
difference over the samples. A decision is labelled by its loss (LABELS) only when the loss
is more than NOISE standard errors; otherwise it is "good". Accuracy (0–100) is the mean of
100 · ACCURACY_SCALE / (ACCURACY_SCALE + loss) over a seat's decisions.

The chart is each seat's expected points after every move, as the leaf evaluation of Hard's
search (`bots.search.live_totals`) reads the spectator's view; the final points at the end.

Deterministic: integer sums until the last division, so CPython and Pyodide agree.
"""

from dataclasses import replace
from math import sqrt

from .actions import ACTION_TYPES, Bid, to_json
from .bots import bot_seed, forced_action, hard, search
from .bots.evaluate import POINT
from .determinize import state_from_view
from .errors import IllegalAction
from .game import Game
from .review_version import REVIEW_VERSION, version  # noqa: F401 (the review's own names)
from .rng import Rng
from .suggest import reason

CHECKS = 16
"""Fresh samples on which the best move and the move played are valued, at Hard's standard
work (`checks_for`)."""
NOISE = 2
"""A loss is labelled only when it is more than this many standard errors."""
LABELS = (("blunder", 4.0), ("mistake", 2.0), ("inaccuracy", 1.0))
"""The least loss (points) of each label, largest first; below them a decision is "good"."""
GOOD = "good"
ACCURACY_SCALE = 2.0
"""The loss (points) at which a decision's accuracy is 50."""
WIN_POINTS = search.WIN_VALUE // POINT
LARGEST = 3
"""How many of a seat's largest losses the summary names."""
SWINGS = 5
"""How many of the chart's largest swings the summary names."""


# --- one decision ---------------------------------------------------------------------------
def _mean_se(values: list[int], scale: int) -> tuple[float, float]:
    """The mean and its standard error, in points (exact integers until the division)."""
    n = len(values)
    total = sum(values)
    if n < 2:
        return total / (n or 1) / scale, 0.0
    spread = n * sum(v * v for v in values) - total * total  # n² · (n-1)/n · variance
    return total / n / scale, sqrt(spread / (n - 1)) / n / scale


def label(loss: float, loss_se: float) -> str:
    """The label of a loss: the largest of LABELS it reaches, if it is clearly above noise."""
    if loss <= NOISE * loss_se:
        return GOOD
    for name, least in LABELS:
        if loss >= least:
            return name
    return GOOD


def accuracy_of(loss: float) -> float:
    """A decision's accuracy, 0–100: 100 for no loss, 50 for a loss of ACCURACY_SCALE."""
    return 100 * ACCURACY_SCALE / (ACCURACY_SCALE + loss)


def checks_for(work: int | None) -> int:
    """The fresh samples of a review at `work` (None: Hard's standard): CHECKS, fewer in
    proportion for less work (tests), never under 2 (a standard error needs two)."""
    if work is None:
        return CHECKS
    return max(2, CHECKS * work // hard.WORK)


def _config(work: int | None):
    return hard.CONFIG if work is None else replace(hard.CONFIG, work=work)


def weigh_decision(view: dict, seat: int, seed: int, played, work: int | None = None,
                   checks: int | None = None) -> dict:
    """The review of one decision: `played` (an action) against the move Hard finds for
    `seat` from its `view` with `seed` (the suggestion's seed), both valued on the same
    samples. Reads nothing but the view (R34)."""
    rng = Rng(seed)
    s = state_from_view(view, rng)  # as bots.choose: the same stream, the same state
    weighed = search.weigh(s, seat, rng, _config(work), [played],
                           checks_for(work) if checks is None else checks)
    best = weighed.options[weighed.chosen]
    k = weighed.options.index(played)
    pairs = [(b, p) for b, p in zip(weighed.values[weighed.chosen], weighed.values[k],
                                    strict=True) if b is not None and p is not None]
    if not pairs:
        raise IllegalAction("review_not_legal", "That move is not legal there.")
    scale = weighed.scale
    best_value, best_se = _mean_se([b for b, _ in pairs], scale)
    played_value, played_se = _mean_se([p for _, p in pairs], scale)
    gap, loss_se = _mean_se([b - p for b, p in pairs], scale)
    loss = max(0.0, gap)
    return {
        "seat": seat, "year": view["year"], "kind": played.kind,
        "played": to_json(played), "best": to_json(best), "is_best": best == played,
        "played_value": round(played_value, 2), "played_se": round(played_se, 2),
        "best_value": round(best_value, 2), "best_se": round(best_se, 2),
        "loss": round(loss, 2), "loss_se": round(loss_se, 2),
        "label": label(round(loss, 2), round(loss_se, 2)),
        "why": reason(view, seat, to_json(best)),
        "options": len(weighed.options), "samples": len(pairs),
    }


def position(game: Game, seat: int) -> tuple[dict, int]:
    """What a decision of `seat` in `game` is weighed from: the seat's own view and the seed
    "Suggest a move" gives it (`suggest.suggest_for_game`)."""
    return game.view(seat), bot_seed(game.seed, len(game.committed_history()), seat)


def weigh_in_game(game: Game, seat: int, played, work: int | None = None,
                  checks: int | None = None) -> dict:
    """`weigh_decision` for `played` by `seat` in `game` as it stands."""
    view, seed = position(game, seat)
    return weigh_decision(view, seat, seed, played, work, checks)


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


def _expected_points(game: Game) -> list[float]:
    """Each seat's expected points now: the search's leaf evaluation of the spectator's view
    (its final points once the game is over)."""
    if game.is_over:
        return [float(p) for p in game.state.points]
    s = state_from_view(game.view(None), Rng(0))
    return [round(t / POINT, 2) for t in search.live_totals(s, hard.CONFIG)]


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
        self.chart = []
        history = list(game.history)
        replay = game.restarted()  # its seats, seed, id and house rules
        self.chart.append(_expected_points(replay))
        for index, (seat, action) in enumerate(history):
            if seat in self.seats and (action.kind in ACTION_TYPES or action.kind == "seal"):
                self._add(replay, history, index)
            replay.apply(seat, action)
            self.chart.append(_expected_points(replay))
        self.results: list[dict] = []

    def _add(self, replay: Game, history: list, index: int) -> None:
        seat = history[index][0]
        played = _played(history, index)
        view, seed = position(replay, seat)
        if played is None or forced_action(state_from_view(view, Rng(0)), seat) is not None:
            return
        self.positions.append((index + 1, seat, view, seed, played))

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def done(self) -> bool:
        return len(self.results) == self.total

    def step(self) -> dict:
        """Weigh the next decision and return it (`move` is its number, from 1)."""
        move, seat, view, seed, played = self.positions[len(self.results)]
        result = {"move": move, **weigh_decision(view, seat, seed, played, self.work,
                                                 self.checks)}
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
                "swings": swings(self.chart)}

    def figures(self) -> list[dict]:
        """Every reviewed seat's figures over the decisions weighed so far."""
        return [self._seat(p) for p in self.seats]

    def _seat(self, seat: int) -> dict:
        mine = [r for r in self.results if r["seat"] == seat]
        counts = {name: 0 for name in (GOOD, *(n for n, _ in reversed(LABELS)))}
        for r in mine:
            counts[r["label"]] += 1
        losses = [r["loss"] for r in mine]
        largest = sorted((r for r in mine if r["loss"] > 0), key=lambda r: (-r["loss"],
                                                                            r["move"]))
        figures = {"seat": seat, "name": self.names[seat], "decisions": len(mine),
                   "labels": counts, "best_moves": sum(r["is_best"] for r in mine),
                   "largest": [r["move"] for r in largest[:LARGEST]],
                   "mean_loss": None, "mean_loss_se": None, "accuracy": None}
        if mine:
            mean, se = _mean_se([round(x * 100) for x in losses], 100)
            figures.update(mean_loss=round(mean, 2), mean_loss_se=round(se, 2),
                           accuracy=round(sum(accuracy_of(x) for x in losses) / len(mine), 1))
        return figures


def swings(chart: list[list[float]]) -> list[dict]:
    """The SWINGS moves after which one seat's expected points changed most, largest first:
    {move, seat, change}."""
    changes = []
    for move in range(1, len(chart)):
        before, after = chart[move - 1], chart[move]
        seat = max(range(len(after)), key=lambda p: (abs(after[p] - before[p]), -p))
        changes.append((abs(after[seat] - before[seat]), move, seat,
                        round(after[seat] - before[seat], 2)))
    changes.sort(key=lambda c: (-c[0], c[1]))
    return [{"move": move, "seat": seat, "change": change}
            for _, move, seat, change in changes[:SWINGS]]


def review(game: Game, seats=None, work: int | None = None, checks: int | None = None) -> dict:
    """The whole review of `seats` (default: every seat) in `game`."""
    return Review(game, seats, work, checks).run()
