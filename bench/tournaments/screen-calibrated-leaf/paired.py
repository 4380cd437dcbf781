"""Paired deals: a candidate's log against Hard's committed log of the same games, by hand:

    cd bench/tournaments && python3 screen-calibrated-leaf/paired.py \\
        issue26-1ebf4b7/margin.log.gz screen-calibrated-leaf/margin.log.gz

Prints, over the candidate's games, the mean change (candidate − Hard) of the seat's win share,
its points margin over the best rival and its points, each ± one standard error."""

import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from bench.stats import mean_se  # noqa: E402  (the repository's own bench, above)


def lines(path: str) -> list[dict]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(t) for t in f if t.strip()]


def seat_figures(line: dict) -> tuple[float, int, int]:
    k = next(i for i, lv in enumerate(line["levels"]) if lv == "hard" or lv.startswith("calib"))
    scores = line["scores"]
    best_rival = max(s for i, s in enumerate(scores) if i != k)
    return line["share"][k], scores[k] - best_rival, scores[k]


def main() -> None:
    base = {line["game"]: seat_figures(line) for line in lines(sys.argv[1])}
    cand = {line["game"]: seat_figures(line) for line in lines(sys.argv[2])}
    games = sorted(cand)
    shares = [base[g][0] for g in games], [cand[g][0] for g in games]
    print(f"{len(games)} games: Hard {sum(shares[0]) / len(games):.3f}, "
          f"candidate {sum(shares[1]) / len(games):.3f}")
    for i, name in enumerate(("win share", "margin", "points")):
        m, se = mean_se([cand[g][i] - base[g][i] for g in games])
        print(f"  {name}: {m:+.3f} ± {se:.3f}")


if __name__ == "__main__":
    main()
