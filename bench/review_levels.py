"""Does the review tell good play from bad? (issue 47; the figures are in docs/review.md.)
Not part of `build.py bench` or the tests; run by hand, niced, in the background:

    PYTHONPATH=py:. nice -n 10 python3 -m bench.review_levels --games 30 --log /tmp/levels.log

Plays --games three-player games with one seat each of Random, Easy and Hard, the seats
rotated game by game (game k: Random in seat k mod 3, Easy after it, Hard after that), reviews
every seat of each game at Hard's standard work (`tammany.review`), and prints one JSON object:
per level the mean loss per decision and the accuracy (each game's figure, then their mean and
standard error over games), and the gaps Random − Easy and Easy − Hard, paired by game (the
three levels sit at the same table), each with its standard error.

Hard plays with a stream of its own (its seed salted: bench/value/players.py), not the one the
review's search is given: with the game's own seeds the review's best move *is* Hard's move, so
its loss would be zero by construction (`--same-seeds` plays it that way, to show it).

A game's line goes to --log as soon as it is reviewed; a run cut short goes on from its log
(games already there are not played again).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench.stats import mean_se
from bench.value.players import decide
from tammany.bots import bot_seed, choose
from tammany.game import Game
from tammany.review import review
from tammany.rng import derive_seed
from tammany.savecode import encode

LEVELS = ("random", "easy", "hard")
RANDOM = {"random": "random"}
"""Which player sits as Random: the engine's "random" (uniform by kind, then parameters), or
with --uniform "uniform" (uniform over the legal actions: a newcomer tapping anywhere)."""
NAMES = ("Anna", "Boss Tweed", "Cornelius")


def seats_of(game_index: int) -> list[str]:
    """The level of each seat in game `game_index`: the three levels rotated."""
    shift = game_index % 3
    return [LEVELS[(seat - shift) % 3] for seat in range(3)]


def play(seed: int, levels: list[str], same_seeds: bool) -> Game:
    game = Game.create(list(NAMES), seed)
    while not game.is_over:
        seat = game.to_act()[0]
        level = RANDOM.get(levels[seat], levels[seat])
        if level == "hard" and same_seeds:
            decision_seed = bot_seed(game.seed, len(game.committed_history()), seat)
            game.apply(seat, choose(game.view(seat), seat, level, decision_seed))
        else:  # Hard's seeds salted (bench/value/players.py)
            game.apply(seat, decide(game, seat, level))
    return game


def one_game(index: int, base_seed: int, same_seeds: bool) -> dict:
    levels = seats_of(index)
    seed = derive_seed(base_seed, index)
    started = time.process_time()
    game = play(seed, levels, same_seeds)
    played = time.process_time() - started
    result = review(game)
    reviewed = time.process_time() - started - played
    figures = {}
    for seat_figures in result["seats"]:
        level = levels[seat_figures["seat"]]
        figures[level] = {key: seat_figures[key] for key in
                          ("decisions", "mean_loss", "mean_win_loss", "accuracy", "labels",
                           "best_moves")}
    return {"game": index, "seed": seed, "levels": levels, "scores": game.result["scores"],
            "figures": figures, "play_cpu_s": round(played, 1),
            "review_cpu_s": round(reviewed, 1), "code": encode(game)}


def summarize(lines: list[dict]) -> dict:
    out = {"games": len(lines), "levels": {}, "gaps": {}}
    for level in LEVELS:
        entry = {}
        for figure in ("mean_loss", "mean_win_loss", "accuracy"):
            mean, se = mean_se([line["figures"][level][figure] for line in lines])
            entry[figure] = round(mean, 3)
            entry[figure + "_se"] = round(se, 3)
        labels = {}
        for line in lines:
            for name, count in line["figures"][level]["labels"].items():
                labels[name] = labels.get(name, 0) + count
        entry["decisions"] = sum(line["figures"][level]["decisions"] for line in lines)
        entry["labels"] = labels
        entry["best_moves"] = sum(line["figures"][level]["best_moves"] for line in lines)
        out["levels"][level] = entry
    for worse, better in (("random", "easy"), ("easy", "hard")):
        gap = {}
        for figure, sign in (("mean_loss", 1), ("mean_win_loss", 1), ("accuracy", -1)):
            diffs = [sign * (line["figures"][worse][figure] - line["figures"][better][figure])
                     for line in lines]
            mean, se = mean_se(diffs)
            gap[figure] = round(mean, 3)
            gap[figure + "_se"] = round(se, 3)
            gap[figure + "_clear"] = mean > se
        out["gaps"][f"{worse}-{better}"] = gap
    out["best_accuracy_place"] = best_accuracy_places(lines)
    out["review_cpu_s_mean"] = round(sum(line["review_cpu_s"] for line in lines) / len(lines), 1)
    return out


def best_accuracy_places(lines: list[dict]) -> dict:
    """How often the player with the best accuracy of a game finished 1st, 2nd, 3rd (by
    points; a place shared by a tie counts for each tied player's share)."""
    places = {}
    for line in lines:
        best = max(LEVELS, key=lambda lv: line["figures"][lv]["accuracy"] or 0)
        seat = line["levels"].index(best)
        scores = line["scores"]
        place = 1 + sum(1 for s in scores if s > scores[seat])
        places[place] = places.get(place, 0) + 1
    return dict(sorted(places.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0,
                        help="play games --first … --games - 1 only (a run in parts: the "
                             "parts' logs put together give the summary of all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", required=True, help="one JSON line a game (read back first)")
    parser.add_argument("--uniform", action="store_true",
                        help="Random picks uniformly among the legal actions")
    parser.add_argument("--same-seeds", action="store_true",
                        help="Hard plays with the game's own seeds (its loss is then zero)")
    args = parser.parse_args()
    if args.uniform:
        RANDOM["random"] = "uniform"
    log = Path(args.log)
    lines = [json.loads(text) for text in log.read_text().splitlines()] if log.exists() else []
    done = {line["game"] for line in lines}
    with log.open("a", encoding="utf-8") as out:
        for index in range(args.first, args.games):
            if index in done:
                continue
            line = one_game(index, args.seed, args.same_seeds)
            out.write(json.dumps(line) + "\n")
            out.flush()
            lines.append(line)
    print(json.dumps(summarize([line for line in lines
                                if args.first <= line["game"] < args.games])))


if __name__ == "__main__":
    main()
