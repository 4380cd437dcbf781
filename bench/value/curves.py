"""Which win curve: a plain softmax of the expected points or the shipped cube (docs/review.md,
"Calibration", *The curve*), chosen on the fit games alone by cross-validation. Run by hand:

    PYTHONPATH=py:. python3 -m bench.value.curves --fit bench/value/data/fit-3p.jsonl.gz \
        [--fit ...] [--folds 5]

The games are split into --folds parts by their index; each part in turn is left out, the
values (expected points and both curves) fitted on the rest (`fit.fit_points`,
`fit.fit_curves`), and the left-out games' win shares scored by each curve. Prints, per number
of players and curve, the mean log-loss and Brier score a position over all the left-out games
(lower is better).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict

from tammany import value

from .data import Position, positions, read_lines
from .fit import expected, fit_curves, fit_points


def scores(rows: list[Position], weights: dict, curves: dict) -> tuple[float, float]:
    """Summed log-loss and Brier score of the win shares of `rows` under the fitted values (a
    stage the fit did not see takes the nearest fitted one)."""
    loss = brier = 0.0
    for r in rows:
        st = r.stage if r.stage in curves else min(curves, key=lambda t: abs(t - r.stage))
        w = weights[st]
        beta, gamma = curves[st]
        chances = value.softmax(value.win_logits(expected(r, w), beta, gamma), 1.0)
        loss -= sum(s * math.log(max(c, 1e-12)) for c, s in zip(chances, r.share, strict=True))
        brier += sum((c - s) ** 2 for c, s in zip(chances, r.share, strict=True))
    return loss, brier


def cross_validate(rows: list[Position], folds: int) -> dict:
    totals = defaultdict(lambda: [0.0, 0.0])
    for k in range(folds):
        train = [r for r in rows if r.game % folds != k]
        held = [r for r in rows if r.game % folds == k]
        weights = fit_points(train)
        for name, cube in (("softmax", False), ("cube", True)):
            loss, brier = scores(held, weights, fit_curves(train, weights, cube))
            totals[name][0] += loss
            totals[name][1] += brier
    return {name: {"log_loss": round(loss / len(rows), 5), "brier": round(brier / len(rows), 5)}
            for name, (loss, brier) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", action="append", required=True, help="a games log (.jsonl[.gz])")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    by_players = defaultdict(list)
    for r in positions(read_lines(args.fit)):
        by_players[len(r.final)].append(r)
    print(json.dumps({players: {"games": len({r.game for r in rs}),
                                **cross_validate(rs, args.folds)}
                      for players, rs in sorted(by_players.items())}, indent=1))


if __name__ == "__main__":
    main()
