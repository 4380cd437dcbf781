"""What a seat at a table is worth: the points the players of one table finish with, seats
rotated game by game (docs/review.md, "How a move is valued"). Run by hand, niced:

    PYTHONPATH=py:. nice python3 -m bench.value.seats --table hard,easy,hard --games 12
    PYTHONPATH=py:. nice python3 -m bench.value.seats --table hard,uniform,hard --games 12

With Hard in a seat, the points it finishes with measure what that seat is worth against the
others (a review that valued every move right would charge a player in that seat, over a game,
about that less the points the player finished with). The players are `bench/value/players.py`'s
(Hard's seeds salted, "uniform" uniform over the legal actions). Prints one JSON object: per
player the mean points and win share over its seats, each ± its standard error; --log keeps a
line a game.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.stats import mean_se
from tammany.rng import derive_seed

from .players import play, share


def one_game(table: list[str], k: int, seed: int) -> dict:
    shift = k % len(table)
    levels = [table[(p - shift) % len(table)] for p in range(len(table))]
    game = play(levels, derive_seed(seed, k))
    return {"game": k, "levels": levels, "scores": game.result["scores"],
            "shares": [share(game, p) for p in range(len(levels))]}


def summarize(lines: list[dict]) -> dict:
    out = {}
    for level in sorted({lv for line in lines for lv in line["levels"]}):
        points = [line["scores"][p] for line in lines for p, lv in enumerate(line["levels"])
                  if lv == level]
        shares = [line["shares"][p] for line in lines for p, lv in enumerate(line["levels"])
                  if lv == level]
        (pm, pse), (sm, sse) = mean_se(points), mean_se(shares)
        out[level] = {"seats": len(points), "points": round(pm, 2), "points_se": round(pse, 2),
                      "share": round(sm, 3), "share_se": round(sse, 3)}
    return {"games": len(lines), "players": out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--table", required=True, help="the players, one a seat (commas)")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", help="one JSON line a game")
    args = parser.parse_args()
    table = args.table.split(",")
    lines = [one_game(table, k, args.seed) for k in range(args.games)]
    if args.log:
        Path(args.log).write_text("".join(json.dumps(line) + "\n" for line in lines))
    print(json.dumps(summarize(lines)))


if __name__ == "__main__":
    main()
