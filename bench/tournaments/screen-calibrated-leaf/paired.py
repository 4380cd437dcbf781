"""Paired deals: a candidate's log against Hard's committed log of the same games, by hand:

    cd bench/tournaments && python3 screen-calibrated-leaf/paired.py \\
        issue26-1ebf4b7/margin.log.gz screen-calibrated-leaf/margin.log.gz

Prints, over the candidate's games, the mean change (candidate − Hard) of the seat's win share,
its points margin over the best rival and its points, each ± one standard error."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]  # the repository's bench and its package

from bench.stats import mean_se  # noqa: E402
from bench.value.data import read_lines  # noqa: E402


def seat_figures(line: dict) -> tuple[float, int, int]:
    k = next(i for i, lv in enumerate(line["levels"]) if lv == "hard" or lv.startswith("calib"))
    scores = line["scores"]
    best_rival = max(s for i, s in enumerate(scores) if i != k)
    return line["share"][k], scores[k] - best_rival, scores[k]


def main() -> None:
    base = {line["game"]: seat_figures(line) for line in read_lines([sys.argv[1]])}
    cand = {line["game"]: seat_figures(line) for line in read_lines([sys.argv[2]])}
    games = sorted(cand)
    shares = [base[g][0] for g in games], [cand[g][0] for g in games]
    print(f"{len(games)} games: Hard {sum(shares[0]) / len(games):.3f}, "
          f"candidate {sum(shares[1]) / len(games):.3f}")
    for i, name in enumerate(("win share", "margin", "points")):
        m, se = mean_se([cand[g][i] - base[g][i] for g in games])
        print(f"  {name}: {m:+.3f} ± {se:.3f}")


if __name__ == "__main__":
    main()
