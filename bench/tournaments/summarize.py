"""Recompute a row of docs/bots.md's "Hard today" table from its tournament log.

    python3 bench/tournaments/summarize.py bench/tournaments/issue26-1ebf4b7/*.log.gz

Each log is one JSON line a game, as `tammany tournament --log` writes it (gzip'd or not). The
figures come from the tournament's own `summarize`, so they are counted exactly as the
command's `--json` counts them (a shared win is shared; mean points are a seat's); the CPU
figures are in no log (they are the runs' `--json` summaries). Also says whether a log holds
exactly games 0..N-1, so a log merged from parts shows its gaps. Nothing in the build or the
tests reads this.
"""

import argparse
import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from tammany.bots import tournament  # noqa: E402  (the repository's own package, above)


def read_games(path: Path) -> list[dict]:
    """The log's games in game order, each with the empty timings `summarize` expects."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines]
    for game in games:
        game["times"] = game["walls"] = [[] for _ in game["levels"]]
    return sorted(games, key=lambda game: game["game"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.logs:
        games = read_games(path)
        whole = [game["game"] for game in games] == list(range(len(games)))
        # A log carries neither the seed nor the run's seconds; neither is printed.
        figures = tournament.summarize(games, games[0]["levels"], seed=None, seconds=0.0)
        rows = ", ".join(f"{level} {row['win_share']:.3f} ± {row['win_share_se']:.3f} "
                         f"({row['mean_points']:.2f} points a seat)"
                         for level, row in figures["levels"].items())
        print(f"{path.name}: {len(games)} games{'' if whole else ' (not games 0..N-1)'}: {rows}")


if __name__ == "__main__":
    main()
