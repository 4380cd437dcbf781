"""A screen, not shipped (docs/bots.md "What was tried"): Hard with the review's calibrated win
chance as its leaf, seated as an outside player, by hand:

    PYTHONPATH=py:/work/shared/sparring:bench/tournaments/screen-calibrated-leaf \\
        python3 -m tammany tournament --players 3 --seats calib:win,L,L --games 90 --seed 1 \\
        --jobs 1 --log L.log

`calib:same` is Hard itself through the same path: its games are the committed lines of
`issue26-1ebf4b7/` (the deals pair). `paired.py` compares a log with those lines."""

from dataclasses import replace

from tammany import value
from tammany.bots import forced_action, hard, search
from tammany.determinize import state_from_view
from tammany.rng import Rng

WIN = 10**6
_standing = search.leaf_value


def _leaf(s, seat, cfg):
    if cfg.leaf == "win":
        return round(value.values(s)[1][seat] * WIN)
    return _standing(s, seat, cfg)


search.leaf_value = _leaf  # the rollouts' leaf (search._simulate looks it up at each call)


def _player(leaf: str):
    cfg = replace(hard.CONFIG, leaf=leaf)

    def choose(view, seat, seed):
        rng = Rng(seed)
        s = state_from_view(view, rng)
        only = forced_action(s, seat)
        return only if only is not None else search.choose(s, seat, rng, cfg)
    return choose


same = _player("standing")
win = _player("win")
