"""Fit the review's calibrated values on self-play games and write `py/tammany/value_table.py`
(docs/review.md, "Calibration"). Run by hand:

    PYTHONPATH=py:. python3 -m bench.value.fit --fit bench/value/data/fit-3p.jsonl.gz \
        [--fit bench/value/data/fit-4p.jsonl.gz ...] --write

For each number of players and each stage (`tammany.value.stage`: years left, phase), least
squares of every seat's gain to come (final points − points now) on its features
(`tammany.value.FEATURES`), lightly pulled toward the neighbouring stages' weights (a ridge
toward the pooled fit of stages within POOL of it), so that a stage with few positions borrows
from its neighbours. Then, per stage, the β of the win-chance softmax by maximum likelihood on
the win shares. Stages with no positions take the nearest fitted stage's numbers.

Without --write it prints the weights it would write. The check on other games is
`bench.value.check`.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from pathlib import Path

from tammany import value

from .data import Position, positions, read_lines

POOL = 3
"""Stages either side pooled for the prior a stage's weights are pulled toward."""
RIDGE = 0.02
"""The pull toward the pooled weights, per position (relative to the features' scale)."""
STAGES = 3 * 16
SCALE = 1000.0


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small and SPD)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def normal(rows: list[Position]) -> tuple[list[list[float]], list[float], int]:
    """X'X and X'y over every seat of `rows`, features scaled to points."""
    k = len(value.FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    count = 0
    for r in rows:
        for p, f in enumerate(r.features):
            x = [v / SCALE for v in f]
            y = r.final[p] - r.points[p]
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
            count += 1
    return xtx, xty, count


def fit_points(rows: list[Position]) -> dict[int, list[float]]:
    by_stage = defaultdict(list)
    for r in rows:
        by_stage[r.stage].append(r)
    sums = {st: normal(rs) for st, rs in by_stage.items()}
    k = len(value.FEATURES)
    weights = {}
    for st in by_stage:
        near = [sums[t] for t in range(st - 3 * POOL, st + 3 * POOL + 1, 3) if t in sums]
        pxx = [[sum(s[0][i][j] for s in near) for j in range(k)] for i in range(k)]
        pxy = [sum(s[1][i] for s in near) for i in range(k)]
        prior = solve([[pxx[i][j] + (1e-6 if i == j else 0) for j in range(k)]
                       for i in range(k)], pxy)
        xtx, xty, count = sums[st]
        lam = RIDGE * count
        a = [[xtx[i][j] + (lam if i == j else 0.0) for j in range(k)] for i in range(k)]
        b = [xty[i] + lam * prior[i] for i in range(k)]
        weights[st] = solve(a, b)
    return weights


def expected(r: Position, w: list[float]) -> list[float]:
    return [r.points[p] + sum(wi * v / SCALE for wi, v in zip(w, f, strict=True))
            for p, f in enumerate(r.features)]


def log_likelihood(groups: list[tuple[list[float], list[float]]], beta: float) -> float:
    total = 0.0
    for e, share in groups:
        top = max(e)
        z = sum(math.exp(beta * (x - top)) for x in e)
        total += sum(s * (beta * (x - top) - math.log(z)) for x, s in zip(e, share, strict=True))
    return total


def fit_beta(groups: list[tuple[list[float], list[float]]]) -> float:
    """β maximising the likelihood of the win shares (golden-section search on [0, 5])."""
    lo, hi = 0.0, 5.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if log_likelihood(groups, a) > log_likelihood(groups, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def fit_betas(rows: list[Position], weights: dict, key=None) -> dict[int, float]:
    """β per stage, fitted on the positions of that stage and of the stages of the same phase
    within a year of it (a stage alone has few games: its β would follow their luck); `key(r)`
    the values the softmax is of (default: the expected points)."""
    by_stage = defaultdict(list)
    for r in rows:
        e = key(r) if key else expected(r, weights[r.stage])
        by_stage[r.stage].append((e, r.share))
    return {st: fit_beta([g for t in (st - 3, st, st + 3) for g in by_stage.get(t, ())])
            for st in by_stage}


def filled(table: dict[int, object]) -> list:
    """A row per stage 0 … STAGES-1: a stage with no fit takes its nearest fitted one
    (the same phase first)."""
    out = []
    for st in range(STAGES):
        if st in table:
            out.append(table[st])
            continue
        same = [t for t in table if t % 3 == st % 3] or list(table)
        out.append(table[min(same, key=lambda t: (abs(t - st), t))])
    return out


def write_table(tables: dict[int, tuple[dict, dict]], sources: list[str], path: Path) -> None:
    lines = ['"""The review\'s fitted values (written by `bench/value/fit.py`: do not edit).',
             "", "Per number of players, one row per stage (`value.stage`): POINTS the weights",
             "(per mille) of `value.FEATURES` in a seat's expected gain, BETA the win-chance",
             "softmax's β (per mille, per point). Fitted on: " + ", ".join(sources) + '."""',
             "", "POINTS = {"]
    for players, (weights, _) in sorted(tables.items()):
        lines.append(f"    {players}: (")
        for row in filled(weights):
            lines.append("        (" + ", ".join(str(round(w * 1000)) for w in row) + "),")
        lines.append("    ),")
    lines += ["}", "", "BETA = {"]
    for players, (_, betas) in sorted(tables.items()):
        row = [round(b * 1000) for b in filled(betas)]
        lines.append(f"    {players}: (")
        for i in range(0, len(row), 12):
            lines.append("        " + ", ".join(map(str, row[i:i + 12])) + ",")
        lines.append("    ),")
    lines += ["}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", action="append", required=True, help="a games log (.jsonl[.gz])")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--out", default="py/tammany/value_table.py")
    args = parser.parse_args()
    rows = positions(read_lines(args.fit))
    by_players = defaultdict(list)
    for r in rows:
        by_players[len(r.final)].append(r)
    tables = {}
    for players, rs in sorted(by_players.items()):
        weights = fit_points(rs)
        betas = fit_betas(rs, weights)
        tables[players] = (weights, betas)
        print(f"{players} players: {len({r.game for r in rs})} games, {len(rs)} positions")
        for st in sorted(weights, reverse=True):
            print(f"  stage {st:2}: " + " ".join(f"{w:7.3f}" for w in weights[st])
                  + f"  beta {betas[st]:.3f}")
    if args.write:
        write_table(tables, [Path(f).name for f in args.fit], Path(args.out))
        print("wrote", args.out)


if __name__ == "__main__":
    main()
