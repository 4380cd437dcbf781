"""What did a player's own moves do to its expected final points, as the game went? (issue 53,
docs/review.md, "Ranking players".) A figure of the game as it was played, not of each move
against the better one: no search, the review's chart alone (`review.Review`'s values after
every move, the spectator's view). Run by hand:

    PYTHONPATH=py:. python3 -m bench.value.gain bench/value/data/levels-3p.jsonl

For every seat of every game of a levels log (`bench/review_levels.py`: Random, Easy and Hard
at one table), the mean change of the seat's expected points over its own moves, in variants:
which moves (every move, or the review's decisions: two or more options), and when a sealed
bid counts — at the move itself ("as played": hidden, so nothing, and the last bidder of a
ward gets the whole opening of its bids) or at the move that opens its ward's bids, each bidder
its own change then ("opened"). Prints a table: each level's mean, and the gaps Easy − Random
and Hard − Easy paired by game, with their standard errors.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.stats import mean_se
from tammany.review import Review
from tammany.savecode import decode

LEVELS = ("random", "easy", "hard")


def voted(game) -> tuple:
    """Changes when a ward's bids open (a ward voted, or the election over)."""
    s = game.state
    return s.year, s.phase == "bid", None if s.election is None else len(s.election.results)


def changes(code: str) -> tuple[list, list, dict, set]:
    """The game's history, its chart, for each move the move after which it shows (a sealed
    bid: its ward's opening), and the review's decisions (moves)."""
    game = decode(code)
    review = Review(game)
    replay = game.restarted()
    shown, sealed = {}, []
    for index, (seat, action) in enumerate(game.history):
        before = voted(replay)
        replay.apply(seat, action)
        shown[index + 1] = index + 1
        if action.kind in ("bid", "seal"):
            sealed.append(index + 1)
        if sealed and voted(replay) != before:
            shown.update((move, index + 1) for move in sealed)
            sealed.clear()
    decisions = {move for move, *_ in review.positions}
    return list(game.history), review.chart, shown, decisions


def variants(history, chart, shown, decisions, seat):
    mine = [i + 1 for i, (p, _) in enumerate(history) if p == seat]
    at = {"as played": lambda m: m, "opened": lambda m: shown[m]}
    is_bid = {m: history[m - 1][1].kind in ("bid", "seal") for m in mine}
    picks = {"every move": mine, "decisions": [m for m in mine if m in decisions],
             "decisions but bids": [m for m in mine if m in decisions and not is_bid[m]],
             "bids": [m for m in mine if m in decisions and is_bid[m]]}
    for which, moves in picks.items():
        for when, shift in at.items():
            if which == "decisions but bids" and when == "opened":
                continue  # the same moves: only bids move
            gains = [chart[shift(m)][seat] - chart[shift(m) - 1][seat] for m in moves]
            yield f"{which}, {when}", sum(gains) / max(1, len(gains))


def main() -> None:
    lines = [json.loads(t) for t in Path(sys.argv[1]).read_text().splitlines()]
    table: dict[str, dict[str, list[float]]] = {}
    for line in lines:
        history, chart, shown, decisions = changes(line["code"])
        for seat, level in enumerate(line["levels"]):
            for name, gain in variants(history, chart, shown, decisions, seat):
                table.setdefault(name, {lv: [] for lv in LEVELS})[level].append(gain)
    print(f"{len(lines)} games")
    print("| moves, a sealed bid counted | Random | Easy | Hard | Easy − Random | Hard − Easy |")
    print("|---|---|---|---|---|---|")
    for name, per in table.items():
        means = [f"{mean_se(per[lv])[0]:+.3f}" for lv in LEVELS]
        gaps = []
        for better, worse in (("easy", "random"), ("hard", "easy")):
            m, se = mean_se([b - w for b, w in zip(per[better], per[worse], strict=True)])
            gaps.append(f"{m:+.3f} ± {se:.3f}")
        print(f"| {name} | {' | '.join(means)} | {' | '.join(gaps)} |")


if __name__ == "__main__":
    main()
