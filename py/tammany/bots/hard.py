"""Hard (placeholder while Easy is measured)."""
from . import easy


def choose(s, seat, rng, work=None):
    return easy.choose(s, seat, rng)
