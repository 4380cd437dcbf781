"""The players of the review's benchmarks: the project's levels, "uniform" (uniform over the
legal actions: a newcomer tapping anywhere), and outside players named `module:function`.

Every player decides from its seat's own view (R34) with the seed a computer of the project would
get (`bot_seed`). Hard's seed is salted: with the game's own seeds the review's better move *is*
Hard's move, and its loss would be zero by construction.
"""

from __future__ import annotations

from tammany.bots import bot_seed, choose
from tammany.bots.tournament import outside_player
from tammany.determinize import state_from_view
from tammany.rng import Rng, derive_seed

SALT = 0x5EC0D
"""Salts Hard's decision seeds (see the module docstring)."""


def uniform(view: dict, seat: int, seed: int):
    """An action drawn uniformly from the seat's legal actions."""
    rng = Rng(seed)
    actions = state_from_view(view, rng).legal_actions(seat)
    return actions[rng.below(len(actions))]


def decide(game, seat: int, level: str):
    """The move of `level` in `seat` of `game`, from the seat's own view."""
    seed = bot_seed(game.seed, len(game.committed_history()), seat)
    view = game.view(seat)
    if level == "uniform":
        return uniform(view, seat, seed)
    if ":" in level:
        return outside_player(level)(view, seat, seed)
    if level == "hard":
        seed = derive_seed(seed, SALT)
    return choose(view, seat, level, seed)
