"""Do the review's losses rank players by strength? (docs/review.md, "Does it rank players?")
Run by hand, niced, in the background:

    PYTHONPATH=py:.:/path/to/sparring nice -n 5 python3 -m bench.value.league \
        --levels random,easy,hard,basher,hoarder,margin,outsider:choose \
        --pool easy,easy --games 15 --log /tmp/league.jsonl

Every tested player (a level of the project, a league member, "uniform" — uniform over the
legal actions —, or an outside player `module:function` on PYTHONPATH: `players.py`) plays
--games three-player games against the same fixed pool
(--pool: two seats), its seat rotated game by game, on the same deals for every player (paired:
game k of every player is dealt from the same seed). Its win share against the pool measures its
strength; only its own seat is reviewed (`tammany.review`, Hard's standard work).

Prints one JSON object: per player its win share, points, mean loss a decision (expected points
and win chance) and accuracy, each the mean over games ± its standard error; and the Spearman
rank correlations between win share and −mean loss, −mean win-chance loss and accuracy.
A game's line goes to --log as soon as it is reviewed, with every decision's kind, year and
losses (`losses`: kind, year, points, win chance); a run cut short goes on from its log.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from bench.stats import mean_se
from tammany.bots.tournament import outside_player
from tammany.review import review
from tammany.rng import derive_seed

from .players import play, share

FIGURES = ("mean_loss", "mean_win_loss", "accuracy")


def seating(level: str, pool: list[str], k: int) -> tuple[int, list[str]]:
    """Game k's seat of the tested `level` (rotated game by game) and every seat's level."""
    seat = k % (len(pool) + 1)
    return seat, pool[:seat] + [level] + pool[seat:]


def one_game(level: str, pool: list[str], k: int, seed: int) -> dict:
    seat, levels = seating(level, pool, k)
    started = time.process_time()
    game = play(levels, derive_seed(seed, k))
    played = time.process_time() - started
    reviewed = review(game, [seat])
    figures = reviewed["seats"][0]
    return {"level": level, "game": k, "seat": seat, "levels": levels,
            "scores": game.result["scores"], "share": share(game, seat),
            "figures": {f: figures[f] for f in (*FIGURES, "decisions", "labels")},
            "losses": [[d["kind"], d["year"], d["loss"], d["win_loss"]]
                       for d in reviewed["decisions"]],
            "play_cpu_s": round(played, 1),
            "review_cpu_s": round(time.process_time() - started - played, 1)}


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb) if va and vb else float("nan")


def summarize(lines: list[dict]) -> dict:
    out = {}
    for level in dict.fromkeys(line["level"] for line in lines):
        mine = [line for line in lines if line["level"] == level]
        entry = {"games": len(mine)}
        for key, values in (("share", [m["share"] for m in mine]),
                            ("points", [m["scores"][m["seat"]] for m in mine]),
                            *((f, [m["figures"][f] for m in mine]) for f in FIGURES)):
            m, se = mean_se(values)
            entry[key], entry[key + "_se"] = round(m, 4), round(se, 4)
        out[level] = entry
    names = list(out)
    share = [out[n]["share"] for n in names]
    correlations = {f"share~{sign}{f}": round(spearman(
        share, [(-1 if sign == "-" else 1) * out[n][f] for n in names]), 3)
        for f, sign in (("mean_loss", "-"), ("mean_win_loss", "-"), ("accuracy", ""))}
    return {"players": out, "spearman": correlations}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", required=True, help="the tested players (commas)")
    parser.add_argument("--pool", default="easy,easy")
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    levels, pool = args.levels.split(","), args.pool.split(",")
    for level in levels:
        if ":" in level:
            outside_player(level)
    log = Path(args.log)
    lines = [json.loads(t) for t in log.read_text().splitlines()] if log.exists() else []
    done = {(line["level"], line["game"]) for line in lines}
    with log.open("a", encoding="utf-8") as out:
        for k in range(args.games):          # game by game, every player: a run cut short
            for level in levels:             # still holds paired deals for all of them
                if (level, k) in done:
                    continue
                line = one_game(level, pool, k, args.seed)
                out.write(json.dumps(line) + "\n")
                out.flush()
                lines.append(line)
    print(json.dumps(summarize([line for line in lines if line["level"] in levels]), indent=1))


if __name__ == "__main__":
    main()
