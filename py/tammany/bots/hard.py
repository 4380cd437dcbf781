"""Hard: determinized Monte Carlo search (`search.py`) with a model of its
rivals that is a mix, not a copy of one player.

Rivals. In each sample every rival is played by Easy, the Basher, the Hoarder
or the Cautious player (`policies.py`), drawn per sample; rivals' pending
sealed bids come from Easy's, the Hoarder's or the Cautious player's bid model.
The Cautious bids (anything from nothing up to Easy's bid) are there because
searching rivals keep chips for later wards; a model that expects every rival
to bid high gives wards up or overpays. A rival whose revealed bids say it bids
freely is also played by the Contender (`reading.py`; the more freely it has
bid, the more samples), so that Hard defends a ward such a rival could still
take. Hard plays itself in its rollouts as the Hoarder (chips valued, bids
high).

Options. It weighs Easy's best 16 placements (Easy's one-move ranking says
little about which placement the rollouts prefer, so a wide list with one
sample each in the halving's first round loses less than a narrow one with
two), every bid total up to 7 and all-in, and the best few offices, slanders
and bonuses. It always uses an office that scores above nothing, and slanders
only in an election year (a boss slandered earlier is simply placed again).

Leaves. A leaf is scored as Hard's standing: its total against the strongest
rival and against the rivals' mean, half each (`evaluate.relative`), with R32's
favor-chip majorities counted at a discount. The margin over the strongest
rival alone would let a move that feeds the weaker rival look free.

Rollouts. A rollout plays at most 4 turns before the static evaluation (or on
through the election when that is 4 turns away or less): short, cheap rollouts
give each option more samples and less noise than long ones. The last term,
which decides the game, gets twice the work: its rollouts look 6 turns ahead,
and from 6 turns before the end they play on to the game's end (the last
election and R32's scoring).

The budget is WORK simulated turns, spent by successive halving — never by the
clock. Figures, and what was tried and not kept: docs/bots.md.
"""

from dataclasses import replace

from . import search
from .policies import BASHER, CAUTIOUS, CONTENDER, EASY, HOARDER

WORK = 240
"""Simulated turns per decision (an election counts as search.ELECTION_COST turns)."""

CONFIG = search.Config(work=WORK, own=HOARDER, rivals=(EASY, BASHER, HOARDER, CAUTIOUS),
                       bid_models=(EASY, HOARDER, CAUTIOUS), leaf="standing", place_options=16,
                       other_options=5, horizon=4, always_office=True,
                       slander_in_election_year_only=True, majorities=True,
                       last_term_horizon=6, last_term_factor=2, contender=CONTENDER)


def choose(s, seat: int, rng, work: int | None = None):
    """Hard's move for `seat` in `s` (a state rebuilt from the seat's view)."""
    return search.choose(s, seat, rng, CONFIG if work is None else replace(CONFIG, work=work))
