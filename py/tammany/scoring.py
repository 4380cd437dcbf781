"""Tie-breaks (R30, R33) and the end of the game (R32, R33)."""

from . import board
from .state import State


def break_tie(s: State, tied: list[int]) -> tuple[list[int], str]:
    """R30's chip tie-breaks: most favor chips, then most Irish, English, German,
    Italian. Returns the players left and the step that left one of them, or
    "tied" when every step leaves two or more."""
    steps = [("chips", lambda p: sum(s.chips[p]))]
    steps += [(name, lambda p, i=i: s.chips[p][i]) for i, name in enumerate(board.NATIONALITIES)]
    for step, key in steps:
        best = max(key(p) for p in tied)
        tied = [p for p in tied if key(p) == best]
        if len(tied) == 1:
            return tied, step
    return tied, "tied"


def finish_game(s: State) -> list[dict]:
    """R32 bonus points, then R33's winner(s) in `s.result`."""
    events = []
    majority, kept = s.rules.majority_points, s.rules.slander_chip_points
    for i, name in enumerate(board.NATIONALITIES):
        best = max(s.chips[p][i] for p in range(s.players))
        if best < 1:
            continue
        seats = [p for p in range(s.players) if s.chips[p][i] == best]
        for p in seats:
            s.points[p] += majority
            s.breakdown[p]["chips"] += majority
        events.append({"e": "favor_majority", "color": name, "seats": seats, "chips": best})
    for p in range(s.players):
        s.points[p] += kept * s.slander_chips[p]
        s.breakdown[p]["slander"] += kept * s.slander_chips[p]
    winners, step = winners_of(s)
    # R32: the fourth election's entry in the points history includes the end's bonuses.
    s.points_after[-1] = list(s.points)
    s.result = {"scores": list(s.points), "breakdown": [dict(b) for b in s.breakdown],
                "winners": winners, "tiebreak": step}
    return events + [{"e": "game_over", **s.result}]


def winners_of(s: State) -> tuple[list[int], str]:
    """R33: most points; then R30's chip tie-breaks; then the mayor; else a shared win."""
    best = max(s.points)
    tied = [p for p in range(s.players) if s.points[p] == best]
    if len(tied) == 1:
        return tied, "points"
    survivors, step = break_tie(s, tied)
    if len(survivors) == 1:
        return survivors, step
    if s.mayor in survivors:
        return [s.mayor], "mayor"
    return survivors, "shared"

