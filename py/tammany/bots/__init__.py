"""Computer players: "easy" and "hard" (the start screen), "random" (the
uniform-by-kind random player) and the league (`league.py`), for tournaments
only. See docs/bots.md.

A computer sees only its seat's view (R34): `choose` takes that view, rebuilds
a state from it (`tammany.determinize`), and never touches the game's
generator. Its own randomness is a stream seeded by `bot_seed(game seed, move
number, seat)`, and its thinking is a fixed amount of work, so the same
position and seed give the same move in every Python, fast or slow.

The page's worker calls `choose_for_game(game, seat)` (or `choose(view, seat,
level, seed)`) and applies the returned action like a person's.
"""

from dataclasses import replace

from ..determinize import state_from_view
from ..legal import legal_by_kind
from ..rng import Rng, derive_seed
from . import easy, hard, league, search

PAGE_LEVELS = ("easy", "hard", "random")
"""The levels a `Game` seat (and a save code) may hold."""
LEVELS = PAGE_LEVELS + league.LEVELS
BOT_STREAM = 0xB07
"""Salt that keeps bot streams apart from every other stream derived from a game seed."""


def chain_seed(*parts: int) -> int:
    """A seed from several integers (see `derive_seed`, which folds each part in
    one-to-one)."""
    return derive_seed(*parts)


def bot_seed(game_seed: int, move_number: int, seat: int) -> int:
    """The seed of a computer's stream for one decision."""
    return chain_seed(game_seed, BOT_STREAM, move_number, seat)


def forced_action(s, seat: int):
    """The only legal action of `seat`, or None when it has two or more (a
    *decision*). Computers play forced moves without thinking."""
    found = None
    for actions in legal_by_kind(s, seat).values():
        if len(actions) > 1 or found is not None:
            return None
        found = actions[0]
    return found


def choose(view: dict, seat: int, level: str, seed: int, work: int | None = None):
    """The move of a computer at `level` for `seat`, from that seat's `view`.

    `seed` seeds the computer's own stream (see `bot_seed`). `work` scales
    Hard's search (None: the standard amount; tests use less)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}")
    rng = Rng(seed)
    s = state_from_view(view, rng)
    if seat not in s.to_act():
        raise ValueError(f"seat {seat} has nothing to do now")
    only = forced_action(s, seat)
    if only is not None:
        return only
    if level == "random":
        return s.random_action(seat, rng)
    if level == "easy":
        return easy.choose(s, seat, rng)
    if level in league.POLICIES:
        return league.POLICIES[level].choose(s, seat, rng)
    if level in league.SEARCHERS:
        cfg = league.SEARCHERS[level]
        return search.choose(s, seat, rng, cfg if work is None else replace(cfg, work=work))
    return hard.choose(s, seat, rng, work)


def choose_for_game(game, seat: int, work: int | None = None):
    """`choose` for a seat of a `Game`, at the seat's own level, with the seed
    derived from the game's seed and the number of committed moves (sealed bids
    still secret are not counted, so a bid does not depend on who bid first)."""
    return choose_at_level(game, seat, game.seats[seat].level, work)


def choose_at_level(game, seat: int, level: str, work: int | None = None):
    """`choose_for_game` at a given level (tournaments seat league levels, which
    a `Game` seat does not hold)."""
    seed = bot_seed(game.seed, len(game.committed_history()), seat)
    return choose(game.view(seat), seat, level, seed, work)
