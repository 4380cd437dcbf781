"""Fit the review's calibrated values on self-play games and write `py/tammany/value_table.py`
(docs/review.md, "Calibration"). Run by hand:

    PYTHONPATH=py:. python3 -m bench.value.fit --fit bench/value/data/fit-3p.jsonl.gz \
        [--fit bench/value/data/fit-4p.jsonl.gz ...] --write

For each number of players, a seat's gain to come (final points − points now) is split in two
(`tammany.value.FEATURES`): *how many points are still to come* — per stage (years left,
phase), the seats' mean gain on a constant and their mean evaluated gain, pulled toward its
phase's pooled fit — and *who gets them* — the seat's final points against the mean on its own
evaluated gain, chips and points against the mean, with weights that are lines in the years
left, fitted over all the stages of a phase at once (a stage alone has a few dozen games: its
slopes would follow their luck, and the review's losses are differences, that is slopes). The
weights of the mean gain and of the seat's own gain and chips are kept at zero or above. Then,
the win curve (`tammany.value.win_logits`) by maximum likelihood on the win shares: β per stage
(with the stages a year either side), γ per phase, both kept at zero or above. Stages with no
positions take the nearest fitted stage's numbers.

Without --write it prints the weights it would write. The check on other games is
`bench.value.check`.
"""

from __future__ import annotations

import argparse
import math
import textwrap
from collections import defaultdict
from pathlib import Path

from .data import Position, positions, read_lines

NONNEGATIVE = (1,)
"""The weights of the mean-gain model kept at zero or above (the table's mean gain)."""
SLOPES_NONNEGATIVE = (0, 1, 2)
"""The who-gets-them features whose weight is kept at zero or above at every stage (the
seat's own gain, chips and points against the mean): a position the evaluation finds better
for a seat, more chips in hand or a point more scored is never worth fewer points to it. Left
free, the fit gives the points a weight below zero — points and the evaluated gain go together
in these games (a leader after an election also leads the next one), so their weights trade
off, and a point scored would look like a loss."""
RIDGE = 0.02
"""The pull of a stage's mean-gain weights toward its phase's pooled fit, per position."""
STAGES = 3 * 16
YEARS = 16
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


def least_squares(xs: list[list[float]], ys: list[float], nonnegative=(), prior=None,
                  lam: float = 0.0) -> list[float]:
    """Least squares of ys on xs (ridge `lam` toward `prior`), the `nonnegative` weights that
    come out below zero fixed at zero and the rest fitted again."""
    k = len(xs[0])
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    xty = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    prior = prior or [0.0] * k
    fixed: set[int] = set()
    while True:
        free = [i for i in range(k) if i not in fixed]
        a = [[xtx[i][j] + (lam if i == j else 0.0) + (1e-9 if i == j else 0.0) for j in free]
             for i in free]
        b = [xty[i] + lam * prior[i] for i in free]
        w = [0.0] * k
        for i, x in zip(free, solve(a, b), strict=True):
            w[i] = x
        negative = [i for i in nonnegative if i not in fixed and w[i] < 0]
        if not negative:
            return w
        fixed.add(min(negative, key=lambda i: w[i]))


def years_left(stage: int) -> int:
    return stage // 3


def fit_mean(rows: list[Position]) -> dict[int, list[float]]:
    """*How many points are still to come*: per stage, the seats' mean gain to come (mean
    final − mean points now) on a constant and the seats' mean evaluated gain, pulled toward
    the fit of all the stages of its phase."""
    data = defaultdict(lambda: ([], []))
    for r in rows:
        n = len(r.final)
        f = r.features[0]
        data[r.stage][0].append([f[0] / SCALE, f[1] / SCALE])
        data[r.stage][1].append((sum(r.final) - sum(r.points)) / n)
    pooled = {}
    for phase in range(3):
        xs = [x for st, (sx, _) in data.items() if st % 3 == phase for x in sx]
        ys = [y for st, (_, sy) in data.items() if st % 3 == phase for y in sy]
        if xs:
            pooled[phase] = least_squares(xs, ys, NONNEGATIVE)
    return {st: least_squares(xs, ys, NONNEGATIVE, pooled[st % 3], RIDGE * len(xs))
            for st, (xs, ys) in data.items()}


def slope_row(f: list[int], stage: int) -> list[float]:
    """The who-gets-them design row: each relative feature, and it times the years left."""
    yl = years_left(stage) / (YEARS - 1)
    rel = [v / SCALE for v in f[2:]]
    return [x for v in rel for x in (v * (1 - yl), v * yl)]


def fit_slopes(rows: list[Position]) -> dict[int, list[float]]:
    """*Who gets them*: every seat's final points against the seats' mean, less its points
    against the mean now, on its own gain, chips and points against the mean — each weight a
    line in the years left (its value at the end and at the start), one fit per phase over
    every stage of it. Returns the weights of FEATURES[2:] per stage."""
    per_phase = {}
    for phase in range(3):
        xs, ys = [], []
        for r in rows:
            if r.stage % 3 != phase:
                continue
            n = len(r.final)
            mean_final, mean_points = sum(r.final) / n, sum(r.points) / n
            for p, f in enumerate(r.features):
                xs.append(slope_row(f, r.stage))
                ys.append((r.final[p] - mean_final) - (r.points[p] - mean_points))
        if xs:
            nonneg = [2 * i + e for i in SLOPES_NONNEGATIVE for e in (0, 1)]
            per_phase[phase] = least_squares(xs, ys, nonneg)
    out = {}
    for st in range(STAGES):
        w = per_phase.get(st % 3)
        if w is None:
            continue
        yl = years_left(st) / (YEARS - 1)
        out[st] = [w[2 * i] * (1 - yl) + w[2 * i + 1] * yl for i in range(len(w) // 2)]
    return out


def fit_points(rows: list[Position]) -> dict[int, list[float]]:
    """Each stage's weights of value.FEATURES: its mean-gain model, then the slopes."""
    mean = fit_mean(rows)
    slopes = fit_slopes(rows)
    return {st: mean[st] + slopes[st] for st in mean}


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


def fit_betas(rows: list[Position], key) -> dict[int, float]:
    """A plain softmax's β per stage, of the values `key(r)` (the check's points-alone
    reference), fitted on the positions of that stage and of the stages of the same phase
    within a year of it."""
    by_stage = defaultdict(list)
    for r in rows:
        by_stage[r.stage].append((key(r), r.share))
    return {st: fit_beta([g for t in (st - 3, st, st + 3) for g in by_stage.get(t, ())])
            for st in by_stage}


CURVE_BOUNDS = (5.0, 0.5)
"""The largest β and γ the fit may give (a stage the points all but decide would otherwise
send β to infinity)."""
CURVE_WARM = 3
"""Rounds of one-parameter-at-a-time fits (each stage's β given its phase's γ, then the γ given
the βs) before the joint Newton steps of `fit_phase`: a safe start, which alone would take
dozens of rounds to settle (β and γ pull the same way)."""
CURVE_STEPS = 40
"""The most Newton steps of `fit_phase`; it settles in a handful on these games."""


def curve_terms(e: list[float]) -> list[tuple[float, float]]:
    """Each seat's (d, d³), d its expected points less the seats' mean (`value.win_logits`)."""
    mean = sum(e) / len(e)
    return [(x - mean, (x - mean) ** 3) for x in e]


def fit_one(groups, j: int, other: dict, start: float) -> float:
    """The curve's parameter `j` (0: β, 1: γ) of most likelihood with the other one fixed
    (`other[stage]`), within [0, CURVE_BOUNDS[j]]: Newton's method on a concave likelihood.
    `groups`: (stage, curve_terms, shares) a position."""
    b = start
    for _ in range(40):
        grad = hess = 0.0
        for st, terms, share in groups:
            o = other[st]
            logits = [b * t[j] + o * t[1 - j] for t in terms]
            top = max(logits)
            weights = [math.exp(v - top) for v in logits]
            z = sum(weights)
            mean = sum(w * t[j] for w, t in zip(weights, terms, strict=True)) / z
            square = sum(w * t[j] * t[j] for w, t in zip(weights, terms, strict=True)) / z
            mass = sum(share)
            grad += sum(s * t[j] for s, t in zip(share, terms, strict=True)) - mass * mean
            hess -= mass * (square - mean * mean)
        if hess > -1e-12:
            break
        new = min(max(b - grad / hess, 0.0), CURVE_BOUNDS[j])
        if abs(new - b) < 1e-10:
            return new
        b = new
    return b


def curve_moments(groups, b: float, g: float) -> tuple[float, ...]:
    """The log-likelihood's derivatives at the curve (b, g) over `groups` ((stage, curve_terms,
    shares) a position): ∂/∂β, ∂/∂γ, ∂²/∂β², ∂²/∂β∂γ, ∂²/∂γ²."""
    sb = sg = hbb = hbg = hgg = 0.0
    for _, terms, share in groups:
        logits = [b * d + g * c for d, c in terms]
        top = max(logits)
        w = [math.exp(v - top) for v in logits]
        z = sum(w)
        md = sum(x * d for x, (d, _) in zip(w, terms, strict=True)) / z
        mc = sum(x * c for x, (_, c) in zip(w, terms, strict=True)) / z
        mass = sum(share)
        sb += sum(s * d for s, (d, _) in zip(share, terms, strict=True)) - mass * md
        sg += sum(s * c for s, (_, c) in zip(share, terms, strict=True)) - mass * mc
        hbb -= mass * (sum(x * d * d for x, (d, _) in zip(w, terms, strict=True)) / z - md * md)
        hbg -= mass * (sum(x * d * c for x, (d, c) in zip(w, terms, strict=True)) / z - md * mc)
        hgg -= mass * (sum(x * c * c for x, (_, c) in zip(w, terms, strict=True)) / z - mc * mc)
    return sb, sg, hbb, hbg, hgg


def fit_phase(own: dict[int, list], beta: dict[int, float], gamma: float, cube: bool = True):
    """Newton's method on the phase's equations, from (beta, gamma): each stage's β zeroes the
    score of its pooled positions (its own and a year either side), the phase's γ the score of
    all its positions. The Jacobian is an arrowhead (a stage's β meets only γ), solved through
    γ first. A β or γ at zero that would go below stays there; without `cube`, γ stays put."""
    beta = dict(beta)
    for _ in range(CURVE_STEPS):
        f, jbb, jbg, gb = {}, {}, {}, {}
        score_g = jgg = 0.0
        for st in beta:
            near = [x for t in (st - 3, st, st + 3) for x in own.get(t, ())]
            f[st], _, jbb[st], jbg[st], _ = curve_moments(near, beta[st], gamma)
            _, sg, _, gb[st], hgg = curve_moments(own[st], beta[st], gamma)
            score_g += sg
            jgg += hgg
        free = [st for st in beta if jbb[st] < -1e-12 and not (beta[st] <= 0 and f[st] < 0)]
        step = 0.0
        denominator = jgg - sum(gb[st] * jbg[st] / jbb[st] for st in free)
        if cube and denominator < -1e-18:
            step = (-score_g + sum(gb[st] * f[st] / jbb[st] for st in free)) / denominator
        new_gamma = min(max(gamma + step, 0.0), CURVE_BOUNDS[1])
        step = new_gamma - gamma
        moved = abs(step)
        for st in free:
            b = min(max(beta[st] + (-f[st] - jbg[st] * step) / jbb[st], 0.0), CURVE_BOUNDS[0])
            moved = max(moved, abs(b - beta[st]))
            beta[st] = b
        gamma = new_gamma
        if moved < 1e-10:
            break
    return beta, gamma


def fit_curves(rows: list[Position], weights: dict,
               cube: bool = True) -> dict[int, tuple[float, float]]:
    """The win curve of every stage: its β fitted on the positions of that stage and of the
    stages of the same phase within a year of it (a stage alone has few games: its β would
    follow their luck), and one γ a phase, fitted on all of its stages at once (the cube only
    speaks where the expected points are far apart: late in the game; a stage's own γ, fitted
    where they are close, follows the noise and would make a lead of a few points in year 2
    all but certain). Both at zero or above; maximum likelihood. Without `cube`, γ stays at
    zero: a plain softmax of the expected points (`bench.value.curves` compares the two)."""
    by_stage = defaultdict(list)
    for r in rows:
        by_stage[r.stage].append((r.stage, curve_terms(expected(r, weights[r.stage])), r.share))
    beta = dict.fromkeys(by_stage, 0.05)
    gamma = dict.fromkeys(range(3), 0.0)
    for _ in range(CURVE_WARM):
        per_stage_gamma = {st: gamma[st % 3] for st in by_stage}
        for st in by_stage:
            near = [g for t in (st - 3, st, st + 3) for g in by_stage.get(t, ())]
            beta[st] = fit_one(near, 0, per_stage_gamma, beta[st])
        for phase in gamma if cube else ():
            own = [g for st, gs in by_stage.items() if st % 3 == phase for g in gs]
            if own:
                gamma[phase] = fit_one(own, 1, beta, gamma[phase])
    out = {}
    for phase in gamma:
        own = {st: gs for st, gs in by_stage.items() if st % 3 == phase}
        if own:
            b, g = fit_phase(own, {st: beta[st] for st in own}, gamma[phase], cube)
            out |= {st: (b[st], g) for st in own}
    return out


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
    about = textwrap.wrap(
        "Per number of players, one row per stage (`value.stage`): POINTS the weights (per "
        "mille) of `value.FEATURES` in a seat's expected gain, WIN the win curve's (β, γ) of "
        "`value.win_logits` (β per mille, per point; γ per million, per point cubed). Fitted "
        "on: " + ", ".join(sources) + '."""', width=96)
    lines = ['"""The review\'s fitted values (written by `bench/value/fit.py`: do not edit).',
             "", *about, "",
             "POINTS = {"]
    for players, (weights, _) in sorted(tables.items()):
        lines.append(f"    {players}: (")
        for row in filled(weights):
            lines.append("        (" + ", ".join(str(round(w * 1000)) for w in row) + "),")
        lines.append("    ),")
    lines += ["}", "", "WIN = {"]
    for players, (_, curves) in sorted(tables.items()):
        row = [f"({round(b * 1000)}, {round(g * 1_000_000)})" for b, g in filled(curves)]
        lines.append(f"    {players}: (")
        for i in range(0, len(row), 6):
            lines.append("        " + ", ".join(row[i:i + 6]) + ",")
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
        curves = fit_curves(rs, weights)
        tables[players] = (weights, curves)
        print(f"{players} players: {len({r.game for r in rs})} games, {len(rs)} positions")
        for st in sorted(weights, reverse=True):
            print(f"  stage {st:2}: " + " ".join(f"{w:7.3f}" for w in weights[st])
                  + "  curve {:.3f} {:.6f}".format(*curves[st]))
    if args.write:
        write_table(tables, [Path(f).name for f in args.fit], Path(args.out))
        print("wrote", args.out)


if __name__ == "__main__":
    main()
