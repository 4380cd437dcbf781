"""Tournaments between computer levels: strength and speed figures (docs/bots.md).

A *decision* is a move where the seat has two or more legal actions. Its
seconds are the CPU time of the process that decides (`time.process_time`), so
other work on the machine does not inflate them; the wall-clock p95 is
reported beside them.

Game g plays deal `g // players` (its seed derived from the tournament seed)
with the seats' levels rotated by `g % players`, so each deal is played with
every level in every seat position and no position is favoured. Games run in
worker processes; the summary does not depend on how many.

A seat may also hold an *outside player*, named `module:function`: a player
written apart from this project, imported by name when the tournament starts
(for example `outsider:choose` with the module's folder on PYTHONPATH). It is
called as `function(view, seat, seed)` with the seat's own view (R34) and the
seed a computer of the project would get (`bot_seed`), and returns an action.
"""

import importlib
import json
import statistics
import time
from multiprocessing import get_context

from ..game import Game
from ..rules_config import STANDARD
from . import LEVELS, bot_seed, chain_seed, choose_at_level, forced_action

NAMES = ("Anna", "Boss Tweed", "Cornelius", "Delia", "Eamon")
TOURNAMENT_STREAM = 0x7012


def seating(levels: list[str], game_index: int) -> list[str]:
    k = game_index % len(levels)
    return levels[k:] + levels[:k]


def deal_seed(seed: int, game_index: int, players: int) -> int:
    return chain_seed(seed, TOURNAMENT_STREAM, game_index // players)


def outside_player(level: str):
    """The function of an outside player `module:function` (see the module docstring)."""
    module, _, name = level.partition(":")
    try:
        player = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as err:
        raise ValueError(f"cannot load the outside player {level!r}: {err}") from None
    if not callable(player):
        raise ValueError(f"the outside player {level!r} is not a function")
    return player


def choose_in_tournament(game, seat: int, level: str, work: int | None):
    """The move of the seat's level: a project computer or an outside player."""
    if ":" in level:
        seed = bot_seed(game.seed, len(game.committed_history()), seat)
        return outside_player(level)(game.view(seat), seat, seed)
    return choose_at_level(game, seat, level, work)


def play_game(job: tuple) -> dict:
    """One game: (levels in seat order, seed, work, rules) → scores, win shares, and the
    seconds of every decision (two or more legal actions), by seat."""
    levels, seed, work, rules = job
    # levels kept here, not in the seats: league levels too
    game = Game.create(list(NAMES[:len(levels)]), seed, rules=rules)
    times = [[] for _ in levels]
    walls = [[] for _ in levels]
    while not game.is_over:
        seat = game.to_act()[0]
        decision = forced_action(game.state, seat) is None
        cpu, wall = time.process_time(), time.perf_counter()
        action = choose_in_tournament(game, seat, levels[seat], work)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if decision:
            times[seat].append(cpu)
            walls[seat].append(wall)
        game.apply(seat, action)
    result = game.result
    winners = result["winners"]
    share = [1 / len(winners) if p in winners else 0.0 for p in range(len(levels))]
    view = game.view(None)
    sources = [{name: entry["points"] for name, entry in seat.items()}
               for seat in view["scoring"]["sources"]]
    chips = [sum(player["chips"].values()) for player in view["players"]]
    return {"levels": list(levels), "scores": result["scores"], "share": share,
            "sources": sources, "chips_end": chips, "times": times, "walls": walls}


LOGGED = ("levels", "scores", "share", "sources", "chips_end")
"""What a `--log` line holds besides the game's index: the seats' levels, scores
and win shares, where each seat's points came from (the score sheet's sources:
wards, Tammany Hall, mayor, favor-chip majorities, slander chips) and the chips
each held at the end — what tells two players of equal points apart."""


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summarize(results: list[dict], levels: list[str], seed: int, seconds: float,
              rules=STANDARD) -> dict:
    by_level = {}
    games = len(results)
    for level in dict.fromkeys(levels):
        seats_per_game = levels.count(level)
        wins = points = 0.0
        times, walls = [], []
        per_game = []
        for r in results:
            won = 0.0
            for p, lv in enumerate(r["levels"]):
                if lv == level:
                    won += r["share"][p]
                    points += r["scores"][p]
                    times += r["times"][p]
                    walls += r["walls"][p]
            wins += won
            per_game.append(won)
        se = statistics.stdev(per_game) / games ** 0.5 if games > 1 else None
        by_level[level] = {
            "seats": seats_per_game,
            "win_share": round(wins / games, 4),
            "win_share_se": None if se is None else round(se, 4),
            "win_share_per_seat": round(wins / games / seats_per_game, 4),
            "mean_points": round(points / games / seats_per_game, 2),
            "decisions": len(times),
            "decision_seconds_mean": round(statistics.fmean(times), 4) if times else None,
            "decision_seconds_p95": round(_p95(times), 4) if times else None,
            "decision_wall_seconds_p95": round(_p95(walls), 4) if walls else None,
        }
    return {"players": len(levels), "seats": levels, "games": games, "seed": seed,
            "rules": rules.house_rules(), "seconds": round(seconds, 1), "levels": by_level}


def run(levels: list[str], games: int, seed: int, jobs: int | None = None,
        work: int | None = None, log=None, first: int = 0, rules=STANDARD) -> dict:
    """Play games `first` … `first + games - 1` and summarise them (see the module
    docstring). `log`: a text file that gets one JSON line per finished game (its
    index, seats, scores, win shares) as it finishes, so a long run can be read
    part-way; a run cut short goes on with `first` set to the games it has, and
    the two logs together are the whole run's games. `rules`: the house rules every game
    is played by (the deals are the same whatever the rules: paired games)."""
    for level in levels:
        if ":" in level:
            outside_player(level)
        elif level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)}, "
                             "or an outside player module:function)")
    players = len(levels)
    indices = range(first, first + games)
    tasks = [(tuple(seating(levels, g)), deal_seed(seed, g, players), work, rules)
             for g in indices]
    started = time.perf_counter()
    results = []

    def keep(g: int, result: dict) -> None:
        results.append(result)
        if log is not None:
            line = {"game": g, **{k: result[k] for k in LOGGED}}
            log.write(json.dumps(line) + "\n")
            log.flush()

    if jobs == 1:
        for g, t in zip(indices, tasks, strict=True):
            keep(g, play_game(t))
    else:
        with get_context("spawn").Pool(jobs) as pool:
            for g, result in zip(indices, pool.imap(play_game, tasks, chunksize=1), strict=True):
                keep(g, result)
    return summarize(results, levels, seed, time.perf_counter() - started, rules)
