"""Check the review's calibrated values on games they were not fitted on (docs/review.md,
"Calibration"). Run by hand:

    PYTHONPATH=py:. python3 -m bench.value.check --fit bench/value/data/fit-3p.jsonl.gz \
        --test bench/value/data/test-3p.jsonl.gz

Reads the values as the package computes them (`tammany.value`, its shipped table), and prints
one JSON object per number of players:
- `term_start`: at the first move of each term, the mean of (final − expected) over every seat
  with its standard error (games as the unit), and the mean expected and final points;
- `by_year`: the same at the first move of every year;
- `reliability`: the win chances of every seat after every move, in ten bins of 0.1: how many,
  their mean, the observed win share, and the standard error of observed − predicted (games
  are the unit of independence: `cluster_se`);
- `within_if_calibrated`: the chance that a perfectly calibrated model, at these bins' standard
  errors (each bin's observed share normal about the truth, the bins independent), has every
  bin of ≥ 30 predictions within WITHIN of its observed share: how much the "every decile"
  criterion says about the model rather than about which games the check drew;
- `brier`: the mean Brier score of the win chances (over seats, per position), beside that of
  1/players and of a softmax of the points alone (its β fitted per stage on the --fit games).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict

from bench.stats import mean_se
from tammany import value

from .data import Position, positions, read_lines
from .fit import fit_betas


def package_values(r: Position) -> tuple[list[float], list[float]]:
    """The shipped model's expected points and win chances for a logged position."""
    n = len(r.final)
    w = value._weights(value.value_table.POINTS, n, r.stage)
    e = [1000 * r.points[p] + sum(a * x for a, x in zip(w, f, strict=True)) // 1000
         for p, f in enumerate(r.features)]
    beta, gamma = value._weights(value.value_table.WIN, n, r.stage)
    points = [x / 1000 for x in e]
    return points, value.softmax(value.win_logits(points, beta / 1000, gamma / 1_000_000), 1.0)


def bias(rows: list[Position], pick) -> dict:
    """Mean (final − expected) at the positions `pick` chooses (the first of each game and
    year), over the seats, the game as the unit."""
    per = defaultdict(dict)  # year -> game -> (mean expected, mean final)
    for r in rows:
        if pick(r) and r.game not in per[r.year]:
            e, _ = package_values(r)
            per[r.year][r.game] = (sum(e) / len(e), sum(r.final) / len(e))
    out = {}
    for year, games in sorted(per.items()):
        pairs = list(games.values())
        m, se = mean_se([f - e for e, f in pairs])
        n = len(pairs)
        out[year] = {"games": n, "final_minus_expected": round(m, 2), "se": round(se, 2),
                     "expected": round(sum(e for e, _ in pairs) / n, 2),
                     "final": round(sum(f for _, f in pairs) / n, 2)}
    return out


def reliability(rows: list[Position]) -> list[dict]:
    bins = [[] for _ in range(10)]
    for r in rows:
        _, w = package_values(r)
        for p, c in enumerate(w):
            bins[min(9, int(c * 10))].append((c, r.share[p], r.game))
    out = []
    for i, b in enumerate(bins):
        if not b:
            continue
        per_game = defaultdict(list)
        for c, s, g in b:
            per_game[g].append(s - c)
        observed = sum(s for _, s, _ in b) / len(b)
        se = cluster_se(list(per_game.values()), len(b))
        out.append({"bin": f"{i / 10:.1f}-{(i + 1) / 10:.1f}", "n": len(b),
                    "games": len(per_game), "predicted": round(sum(c for c, _, _ in b) / len(b), 3),
                    "observed": round(observed, 3), "observed_se": round(se, 3)})
    return out


def cluster_se(gaps: list[list[float]], n: int) -> float:
    """The standard error of a bin's mean of (outcome − prediction) over its `n` predictions,
    the game as the unit (`gaps`: one list a game): a game's positions share its outcome, and
    a game with many positions in the bin weighs as much as they do (the ratio estimator's
    cluster-robust error, G/(G−1) corrected)."""
    games = len(gaps)
    if games < 2:
        return 0.0
    return math.sqrt(sum(sum(g) ** 2 for g in gaps) * games / (games - 1)) / n


WITHIN = 0.05
"""The criterion on each bin: observed win share within this of the mean predicted chance."""


def within_if_calibrated(bins: list[dict]) -> float:
    """P(every bin of ≥ 30 predictions within WITHIN) for a calibrated model (see the module
    docstring): the product over the bins of P(|N(0, se²)| < WITHIN)."""
    chance = 1.0
    for b in bins:
        if b["n"] >= 30 and b["observed_se"] > 0:
            chance *= math.erf(WITHIN / (b["observed_se"] * math.sqrt(2)))
    return round(chance, 3)


def brier(rows: list[Position], point_betas: dict) -> dict:
    ours = uniform = points = 0.0
    for r in rows:
        n = len(r.final)
        _, w = package_values(r)
        beta = point_betas.get(r.stage, 0.0)
        pw = value.softmax([float(x) for x in r.points], beta)
        ours += sum((c - s) ** 2 for c, s in zip(w, r.share, strict=True))
        uniform += sum((1 / n - s) ** 2 for s in r.share)
        points += sum((c - s) ** 2 for c, s in zip(pw, r.share, strict=True))
    k = len(rows)
    return {"calibrated": round(ours / k, 4), "uniform": round(uniform / k, 4),
            "points_only": round(points / k, 4), "positions": k}


def markdown(report: dict) -> str:
    """The report's figures as docs/review.md's tables."""
    out = []
    for players, r in report.items():
        out.append(f"**{players} players, {r['games']} games.**\n")
        out.append("| term starts (year) | expected | final | final − expected |")
        out.append("|---|---|---|---|")
        for year, b in r["term_start"].items():
            out.append(f"| {year} | {b['expected']:.1f} | {b['final']:.1f} | "
                       f"**{b['final_minus_expected']:+.2f} ± {b['se']:.2f}** |")
        out.append("")
        out.append("| win chance | predictions | games | mean predicted | observed win share |")
        out.append("|---|---|---|---|---|")
        for b in r["reliability"]:
            out.append(f"| {b['bin']} | {b['n']:,} | {b['games']} | {b['predicted']:.3f} | "
                       f"{b['observed']:.3f} ± {b['observed_se']:.3f} |")
        br = r["brier"]
        held = sum(abs(b["observed"] - b["predicted"]) <= WITHIN for b in r["reliability"]
                   if b["n"] >= 30)
        out.append("")
        out.append(f"Bins within {WITHIN} of the observed share: {held} of "
                   f"{sum(b['n'] >= 30 for b in r['reliability'])}; a perfectly calibrated "
                   f"model would hold them all, at these standard errors, with a chance of "
                   f"{r['within_if_calibrated']:.2f}.\n")
        out.append(f"Brier score ({br['positions']:,} positions): calibrated "
                   f"**{br['calibrated']:.4f}**, 1/players {br['uniform']:.4f}, "
                   f"points alone {br['points_only']:.4f}.\n")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", action="append", required=True)
    parser.add_argument("--test", action="append", required=True)
    parser.add_argument("--markdown", action="store_true", help="print the docs' tables")
    args = parser.parse_args()
    fit_rows = positions(read_lines(args.fit))
    test_rows = positions(read_lines(args.test))
    report = {}
    for players in sorted({len(r.final) for r in test_rows}):
        rs = [r for r in test_rows if len(r.final) == players]
        fs = [r for r in fit_rows if len(r.final) == players]
        point_betas = fit_betas(fs, key=lambda r: [float(x) for x in r.points])
        bins = reliability(rs)
        report[players] = {
            "games": len({r.game for r in rs}),
            "term_start": bias(rs, lambda r: r.term_start),
            "by_year": bias(rs, lambda r: r.year_start),
            "reliability": bins,
            "within_if_calibrated": within_if_calibrated(bins),
            "brier": brier(rs, point_betas),
        }
    print(markdown(report) if args.markdown else json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
