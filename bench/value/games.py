"""Self-play games for the review's calibrated values (docs/review.md, "Calibration").

Run by hand, niced, in the background; one JSON line a game goes to --log as soon as it ends
(a run cut short goes on from its log):

    PYTHONPATH=py nice -n 5 python3 -m bench.value.games --players 3 --seed 11 --games 120 \
        --log bench/value/data/fit-3p.jsonl

Game k is dealt from `derive_seed(seed, k)` and every seat is played by --levels (default:
Hard in every seat, with the game's own decision seeds, `bot_seed`). A line holds the game's
save code (its seed, seats and actions: everything needed to replay it), its levels, final
points and winners. Features are computed later from the codes (`bench.value.features`), so a
change of features needs no new games.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tammany.bots import bot_seed, choose
from tammany.game import Game
from tammany.rng import derive_seed
from tammany.savecode import encode

NAMES = ("Anna", "Boss Tweed", "Cornelius", "Delia", "Eamon")
SALT = 0x5EC0D
"""Salts the decision seeds of seats listed in --salted (players with dice of their own)."""


def play(seed: int, levels: list[str], salted: set[int] = frozenset()) -> Game:
    game = Game.create(list(NAMES[:len(levels)]), seed)
    while not game.is_over:
        seat = game.to_act()[0]
        decision_seed = bot_seed(game.seed, len(game.committed_history()), seat)
        if seat in salted:
            decision_seed = derive_seed(decision_seed, SALT)
        game.apply(seat, choose(game.view(seat), seat, levels[seat], decision_seed))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--levels", default="hard", help="one level, or one a seat (commas)")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    levels = args.levels.split(",")
    if len(levels) == 1:
        levels = levels * args.players
    log = Path(args.log)
    log.parent.mkdir(parents=True, exist_ok=True)
    done = ({json.loads(t)["game"] for t in log.read_text().splitlines()}
            if log.exists() else set())
    with log.open("a", encoding="utf-8") as out:
        for k in range(args.first, args.first + args.games):
            if k in done:
                continue
            started = time.process_time()
            game = play(derive_seed(args.seed, k), levels)
            line = {"game": k, "seed": args.seed, "levels": levels,
                    "scores": game.result["scores"], "winners": game.result["winners"],
                    "cpu_s": round(time.process_time() - started, 1), "code": encode(game)}
            out.write(json.dumps(line) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
