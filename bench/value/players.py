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
from tammany.game import Game
from tammany.rng import Rng, derive_seed

from .games import NAMES

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


def play(levels: list[str], seed: int, level_of=None) -> Game:
    """A whole game dealt from `seed`, seat p played by `levels[p]` — or by the level
    `level_of(game, p)` names, where it names one (None: the seat's own)."""
    game = Game.create(list(NAMES[:len(levels)]), seed)
    while not game.is_over:
        p = game.to_act()[0]
        level = (level_of and level_of(game, p)) or levels[p]
        game.apply(p, decide(game, p, level))
    return game


def share(game, seat: int) -> float:
    """The seat's share of the win of a finished game (a shared win split)."""
    winners = game.result["winners"]
    return 1 / len(winners) if seat in winners else 0.0
