"""Recompute a row of docs/bots.md's "Hard today" table from its tournament log.

    python3 bench/tournaments/summarize.py bench/tournaments/issue26-1ebf4b7/*.log.gz

For each log (one JSON line a game, as `tammany tournament --log` writes it, gzip'd or not)
prints the games it holds, whether they are exactly games 0..N-1, the win share of the
level named by --level (default `hard`; a tied win is shared, as the tournament counts it)
with its standard error, and the mean points of that level and of each rival seat.
CPU figures are not in the logs; they come from the runs' --json summaries.
Standard library only; nothing in the build or the tests reads this.
"""

import argparse
import gzip
import json
import math
import statistics
from pathlib import Path


def read_games(path: Path) -> dict[int, dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        games = {}
        for line in lines:
            game = json.loads(line)
            games[game["game"]] = game
    return games


def summarize(games: dict[int, dict], level: str) -> dict:
    shares, own_points, rival_points = [], [], []
    for game in games.values():
        mine = [i for i, name in enumerate(game["levels"]) if name == level]
        rivals = [i for i in range(len(game["levels"])) if i not in mine]
        shares.append(sum(game["share"][i] for i in mine))
        own_points.append(statistics.mean(game["scores"][i] for i in mine))
        rival_points.append(statistics.mean(game["scores"][i] for i in rivals))
    count = len(shares)
    return {
        "games": count,
        "whole": sorted(games) == list(range(count)),
        "win_share": statistics.mean(shares),
        "win_share_se": statistics.stdev(shares) / math.sqrt(count) if count > 1 else float("nan"),
        "mean_points": statistics.mean(own_points),
        "rival_mean_points": statistics.mean(rival_points),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    for path in args.logs:
        row = summarize(read_games(path), args.level)
        gaps = "" if row["whole"] else " (not games 0..N-1)"
        print(f"{path.name}: {row['games']} games{gaps}, {args.level} wins "
              f"{row['win_share']:.3f} ± {row['win_share_se']:.3f}, points "
              f"{row['mean_points']:.2f} / {row['rival_mean_points']:.2f}")


if __name__ == "__main__":
    main()
