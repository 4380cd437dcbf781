"""Positions of logged games with their outcomes: what the value fit reads (bench/value/fit.py).

A game's line (bench/value/games.py) holds its save code; replaying it gives, after every move
(and before the first), the stage and every seat's features (`tammany.value.features`: public
facts only), with what the seat finished with and its win share.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path

from tammany import value
from tammany.savecode import decode


@dataclass
class Position:
    game: int            # index of the game in the data set
    move: int            # moves applied before it
    stage: int
    year: int
    phase: str
    year_start: bool     # the first move of a year (its first turn, nothing done yet)
    term_start: bool     # the first move of a term (year 1, 5, 9, 13)
    points: list[int]    # each seat's points now
    features: list[list[int]]
    final: list[int]     # each seat's final points
    share: list[float]   # each seat's win share (a shared win split)


def read_lines(paths: list[str]) -> list[dict]:
    lines = []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            lines += [json.loads(t) for t in f if t.strip()]
    return lines


def positions(lines: list[dict]) -> list[Position]:
    """Every position of every game in `lines` (the save codes replayed)."""
    out = []
    for g, line in enumerate(lines):
        finished = decode(line["code"])
        final = list(finished.state.points)
        winners = finished.result["winners"]
        share = [1 / len(winners) if p in winners else 0.0 for p in range(len(final))]
        game = finished.restarted()
        history = list(finished.history)
        per_term = game.state.rules.years_per_term
        for move in range(len(history) + 1):
            s = game.state
            if s.is_over:
                break
            start = (s.phase == "turn" and s.turns_taken == 0 and not s.placed
                     and not s.office_used)
            out.append(Position(g, move, value.stage(s), s.year, s.phase, start,
                                start and (s.year - 1) % per_term == 0,
                                list(s.points), value.features(s), final, share))
            if move < len(history):
                game.apply(*history[move])
    return out


def save(rows: list[Position], path: Path) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r.__dict__) + "\n")


def load(path: Path) -> list[Position]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [Position(**json.loads(t)) for t in f]
