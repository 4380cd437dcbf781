"""Does a decision's loss, as the review weighs it, match what the move cost by the game's end?
And where does a uniform player's move sit among the options? (issue 53, docs/review.md,
"Ranking players".) Run by hand, niced, in the background:

    PYTHONPATH=py:. nice -n 10 python3 -m bench.value.truth --games 6 --per-level 40 \
        --log /tmp/truth.jsonl

Reads the games of `bench/value/data/levels-3p.jsonl` (Random — uniform over the legal
actions —, Easy and Hard at one table, seats rotated: `bench/review_levels.py --uniform`), and
for a sample of each level's decisions (`--per-level`, drawn with a fixed seed, the years up to
`--years`):

- the review's loss (`review.weigh_decision`, Hard's standard work);
- the *end-of-game* loss: the better move and the move played, each played on to the game's
  end by the search's own rollout players (the seat as Hard plays itself in its rollouts, its
  rivals from Hard's mix) on the same `--samples` determinizations, paired; the mean of the
  seat's final-points difference (and of its win share). This is what the review's short
  rollouts and calibrated leaf stand for, measured the long way;
- every option the search weighs (and the move played), valued as the review values them on
  `--checks` fresh samples: the move played's *rank* among them (0 the best, 1 the worst), and
  its loss against the options' mean loss (the *stake*: what a uniform pick among them loses).

Prints one JSON object: per level, the mean of each figure with its standard error.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from bench.stats import mean_se
from tammany.actions import from_json
from tammany.bots import hard, search
from tammany.bots.search import _Samples, play_step
from tammany.determinize import state_from_view
from tammany.review import VALUE_CONFIG, Review, _review_leaf, weigh_decision
from tammany.rng import Rng
from tammany.savecode import decode

LEVELS_LOG = Path(__file__).parent / "data" / "levels-3p.jsonl"


def positions(line: dict, levels: set[str], years: int):
    """(level, seat, view, seed, played, erratic) of every decision of `levels` in one game's
    line, up to year `years`: the review's own decisions (`review.Review`)."""
    for _, seat, view, seed, played, erratic in Review(decode(line["code"])).positions:
        level = line["levels"][seat]
        if level in levels and view["year"] <= years:
            yield level, seat, view, seed, played, erratic


def to_the_end(view: dict, seat: int, seed: int, actions: list, samples: int,
               erratic=None) -> list:
    """Each action's (final points, win share) for `seat`, summed over `samples` paired
    determinizations played to the game's end by the review's rollout players."""
    rng = Rng(seed)
    state_from_view(view, rng)  # the stream as the review's search would have it
    made = _Samples(view, seat, rng, VALUE_CONFIG, erratic)
    totals = [[0.0, 0.0] for _ in actions]
    for i in range(samples):
        world, play_seed, policies = made.get(i)
        for k, action in enumerate(actions):
            d = world.clone()
            roll = Rng(play_seed)
            d.apply(seat, action)
            if d.phase == "turn" and d.current == seat and not d.is_over:
                policies[seat].play_turn(d, seat, roll)
            while not d.is_over:
                play_step(d, roll, policies)
            winners = d.result["winners"]
            totals[k][0] += d.points[seat]
            totals[k][1] += 1 / len(winners) if seat in winners else 0.0
    return [(p / samples, w / samples) for p, w in totals]


def option_spread(view: dict, seat: int, seed: int, played, checks: int,
                  erratic=None) -> tuple[float, float]:
    """(rank, stake) of `played` among the search's options and itself, valued as the review
    values them (expected final points): rank 0 for the best, 1 for the worst; stake the mean
    of the options' losses against the best."""
    rng = Rng(seed)
    s = state_from_view(view, rng)
    opts = list(search.options(s, seat, hard.CONFIG))
    if played not in opts:
        opts.append(played)
    weighed = search.weigh(s, seat, rng, hard.CONFIG, opts, checks, leaf=_review_leaf,
                           value_cfg=VALUE_CONFIG, erratic=erratic)
    means = {}
    for k, values in weighed.values.items():
        points = [v[0] for v in values if v is not None]
        if points:
            means[k] = sum(points) / len(points) / 1000
    mine = means[weighed.options.index(played)]
    best = max(means.values())
    rank = sum(v > mine for v in means.values()) / max(1, len(means) - 1)
    stake = best - sum(means.values()) / len(means)
    return rank, stake


def one(level, seat, view, seed, played, erratic, args) -> dict:
    review = weigh_decision(view, seat, seed, played, erratic=erratic)
    best = from_json(review["best"])
    (best_points, best_win), (played_points, played_win) = to_the_end(
        view, seat, seed, [best, played], args.samples, erratic)
    rank, stake = option_spread(view, seat, seed, played, args.checks, erratic)
    return {"level": level, "year": view["year"], "kind": played.kind,
            "loss": review["loss"], "win_loss": review["win_loss"],
            "end_loss": round(best_points - played_points, 3),
            "end_win_loss": round(best_win - played_win, 4),
            "rank": round(rank, 3), "stake": round(stake, 3)}


def summarize(rows: list[dict]) -> dict:
    out = {}
    for level in ("random", "easy", "hard"):
        mine = [r for r in rows if r["level"] == level]
        if not mine:
            continue
        entry = {"decisions": len(mine)}
        for figure in ("loss", "end_loss", "win_loss", "end_win_loss", "rank", "stake"):
            mean, se = mean_se([r[figure] for r in mine])
            entry[figure] = round(mean, 3)
            entry[figure + "_se"] = round(se, 3)
        out[level] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6, help="the first games of the log")
    parser.add_argument("--per-level", type=int, default=40)
    parser.add_argument("--years", type=int, default=16)
    parser.add_argument("--samples", type=int, default=16, help="played to the end, paired")
    parser.add_argument("--checks", type=int, default=8, help="fresh samples for the options")
    parser.add_argument("--levels", default=str(LEVELS_LOG))
    parser.add_argument("--log", required=True, help="one JSON line a decision (read back)")
    args = parser.parse_args()
    lines = [json.loads(t) for t in Path(args.levels).read_text().splitlines()][:args.games]
    picked = {level: [] for level in ("random", "easy", "hard")}
    for line in lines:
        for found in positions(line, set(picked), args.years):
            picked[found[0]].append(found)
    draw = random.Random(53)
    sample = [p for level in picked for p in draw.sample(picked[level],
                                                          min(args.per_level, len(picked[level])))]
    log = Path(args.log)
    rows = [json.loads(t) for t in log.read_text().splitlines()] if log.exists() else []
    with log.open("a", encoding="utf-8") as out:
        for found in sample[len(rows):]:
            row = one(*found, args)
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows.append(row)
    print(json.dumps(summarize(rows)))


if __name__ == "__main__":
    main()
