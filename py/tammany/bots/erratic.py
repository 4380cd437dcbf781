"""Reading a rival who plays at random: how many of its placements were ones no sensible
player weighs (docs/review.md, "How a move is valued").

The review values a move by playing on after it, the rivals by a mix of sensible players.
At a table with a newcomer who taps anywhere, that mix is the wrong picture of the newcomer:
a move that takes a ward the newcomer will not defend is worth more than the mix says, and a
player who exploits such a rival would be charged for it. So the review reads each rival from
what it did, as Hard reads how freely a rival bids (`reading.py`).

Every placement (R12) a seat made so far is either *sensible* — one of the placements Easy
weighs at all in that position (`easy.step_options`: about 50 of the 300–450 legal ones, the
16 Hard weighs among them) — or not. Easy's, Hard's and the league's are always or nearly
always sensible, the owners' sparring partner's five times in six, a uniform pick among the
legal placements about one time in four. The share of a seat's placements that were not
sensible, pulled toward sensible by a prior of PRIOR placements, becomes its chance to be
played at random in a sample by a ramp, as `reading.py` turns a bid rate into a chance: none
up to CALM_RATE, always from ERRATIC_RATE, in proportion between (a player of another style
than Easy's is not a random one).

Placements are public moves (R34: nothing here reads a bid or the bag), and the counts are
integers, so a game gives the same chances in any Python.
"""

from .easy import PLACING, step_options
from .evaluate import PER_MILLE

PRIOR = 2
"""Before its placements are seen, a seat is taken as sensible (as strong as two sensible
placements seen)."""
CALM_RATE, ERRATIC_RATE = 300, 700
"""Per mille of a seat's placements that were not sensible: at or below CALM_RATE it is
played by the usual mix only, at or above ERRATIC_RATE always at random, in proportion
between."""


class Placements:
    """Every seat's placements so far in one game: how many, and how many were sensible.
    `add` each move before it is applied; `chances` at any time."""

    def __init__(self, players: int) -> None:
        self.placed = [0] * players
        self.sensible = [0] * players

    def add(self, s, seat: int, action) -> None:
        """Count `action` of `seat` in state `s` (before it is applied), if it places."""
        if action.kind not in PLACING:
            return
        weighed = step_options(s, seat).get("place", ())
        self.placed[seat] += 1
        self.sensible[seat] += any(a == action for _, a in weighed)

    def chances(self) -> tuple[int, ...]:
        """Each seat's chance, per mille, that a sample plays it at random."""
        return tuple(_ramp(PER_MILLE * (n - k) // (n + PRIOR))
                     for n, k in zip(self.placed, self.sensible, strict=True))


def _ramp(rate: int) -> int:
    return max(0, min(PER_MILLE, (rate - CALM_RATE) * PER_MILLE // (ERRATIC_RATE - CALM_RATE)))
