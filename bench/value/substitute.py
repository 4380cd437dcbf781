"""What a part of a player's play costs it, measured outside the review: the player's seat
plays Hard's move in that part of the game (its sealed bids, or its turns) and its own moves
elsewhere, against a fixed pool, on the league's deals (docs/review.md, "Does it rank
players?"). Run by hand, niced:

    PYTHONPATH=py:.:<folder of outsider.py> nice python3 -m bench.value.substitute \
        --player outsider:choose --part bids --games 24

The points the seat gains over the player alone (`bench/value/league.py`'s games: the same
seeds, seats and pool) are what that part of its play cost it, to set beside what the review
charges its decisions of that kind. Hard's seeds are salted as in the benchmarks
(`bench/value/players.py`). Prints one JSON object: the seat's mean points and win share ± their
standard errors.
"""

from __future__ import annotations

import argparse
import json

from bench.stats import mean_se
from tammany.rng import derive_seed

from .league import seating
from .players import play, share

PARTS = {"bids": lambda phase: phase == "bid", "turns": lambda phase: phase != "bid",
         "none": lambda phase: False}
"""Where Hard plays for the seat: its sealed bids (R24), everything else, or nowhere."""


def one_game(player: str, part: str, pool: list[str], k: int, seed: int) -> dict:
    seat, levels = seating(player, pool, k)
    game = play(levels, derive_seed(seed, k), lambda game, p: (
        "hard" if p == seat and PARTS[part](game.state.phase) else None))
    return {"game": k, "points": game.result["scores"][seat], "share": share(game, seat)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--player", required=True)
    parser.add_argument("--part", choices=sorted(PARTS), required=True)
    parser.add_argument("--pool", default="easy,easy")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=31, help="the league's (bench/value/league.py)")
    args = parser.parse_args()
    lines = [one_game(args.player, args.part, args.pool.split(","), k, args.seed)
             for k in range(args.games)]
    pm, pse = mean_se([x["points"] for x in lines])
    sm, sse = mean_se([x["share"] for x in lines])
    print(json.dumps({"player": args.player, "part": args.part, "games": len(lines),
                      "points": round(pm, 2), "points_se": round(pse, 2),
                      "share": round(sm, 3), "share_se": round(sse, 3)}))


if __name__ == "__main__":
    main()
