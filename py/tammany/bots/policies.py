"""Cheap playing policies: Easy and its personas, and the uniform random player.

A policy plays a whole turn (`play_turn`, for rollouts), picks one move
(`choose`), and bids (`bid`, the chips per colour). Easy is the base; the
personas change what it values or how it bids:

* **Basher** — "bash the leader": it weighs the strongest rival's losses
  one and a half times its own gains, so it places, slanders and uses offices
  against whoever leads.
* **Hoarder** — values a favor chip in hand twice as much (more boss-and-cube
  placements, bonus chips) and bids high: enough to be sure of a ward whenever
  it can, whatever the ward is worth, otherwise enough to beat rivals spending
  three quarters of their chips.
* **Cautious** — Easy's play, but it bids anything from nothing up to Easy's
  bid (evenly drawn): how searching players bid, keeping chips for later
  wards. Hard's rollouts use it as one model of a rival; it is no level.
* **Contender** — Easy's play, but it fights for every contest, as searching
  players do: it bids the votes that put it one ahead of the best rival's
  bosses, or one more (evenly), behind in bosses or ahead, up to the most that
  could still help it; one contest in seven it passes. Hard plays a rival so
  when that rival's revealed bids say it bids freely (`reading.py`); it is no
  level.
* **Free bidder** — Easy's play with a bid drawn evenly from nothing up to the
  most that could still help it: a search with `Config.free_bidder` set plays a
  rival so when it was read as a fighter but bid past the Contender's bids
  (`reading.py`). Measured for Hard and off (docs/bots.md, "What was tried");
  it is no level.
* **Uniform** — `State.random_action`: a kind uniformly, then its parameters.

They serve as the league's players (tournaments) and as the rivals in the
searches' rollouts. Everything is integer arithmetic with fixed orders, so a
policy, a position and a random stream give one move.
"""

from ..actions import Bid
from . import easy
from .evaluate import CHIP_VALUE, relative


class BasherScorer(easy.Scorer):
    def standing(self, totals: list[int]) -> int:
        n = len(totals)
        leader = max(totals[p] for p in range(n) if p != self.seat)
        return 2 * (n - 1) * totals[self.seat] - 3 * (n - 1) * leader


class HoarderScorer(easy.Scorer):
    def standing(self, totals: list[int]) -> int:
        n = len(totals)
        chips = sum(self.s.chips[self.seat])  # the scorer changes the state while it scores
        return relative(totals, self.seat) + 2 * (n - 1) * CHIP_VALUE * chips


def high_bid_total(s, seat: int) -> int:
    """The Hoarder's bid: sure of the ward when it has the chips (whatever the
    ward is worth); else enough to beat rivals spending three quarters of theirs."""
    ward = s.election.ward
    bosses = s.bosses[ward]
    mine = bosses[seat]
    have = sum(easy.usable(s, seat, ward))
    rivals = [q for q in range(s.players) if q != seat and bosses[q]]
    if not rivals or not have:
        return 0
    can = {q: sum(easy.usable(s, q, ward)) for q in rivals}
    worst = max(bosses[q] + can[q] for q in rivals)
    if mine > worst:
        return 0
    sure = worst + 1 - mine
    if sure <= have:
        return sure
    likely = max(bosses[q] + (3 * can[q] + 3) // 4 for q in rivals)
    need = likely + 1 - mine
    return need if 0 < need <= have else 0


class EasyPolicy:
    name = "easy"
    scorer = easy.Scorer

    def play_turn(self, s, seat: int, rng) -> None:
        easy.play_turn(s, seat, rng, self.scorer)

    def bid(self, s, seat: int, rng) -> tuple:
        return easy.choose_bid(s, seat, rng).n

    def choose(self, s, seat: int, rng):
        if s.phase == "turn":
            return easy.plan_turn(s, seat, rng, self.scorer)[0]
        if s.phase == "bid":
            return Bid(self.bid(s, seat, rng))
        if s.phase == "bonus":
            return easy.pick(easy.bonus_options(s, seat, self.scorer), rng, easy.SLACK)
        if s.phase == "offices":
            return easy.choose_offices(s, seat)
        raise ValueError(f"no decision in phase {s.phase!r}")


class BasherPolicy(EasyPolicy):
    name = "basher"
    scorer = BasherScorer


class HoarderPolicy(EasyPolicy):
    name = "hoarder"
    scorer = HoarderScorer

    def bid(self, s, seat: int, rng) -> tuple:
        return easy.spend(s, seat, high_bid_total(s, seat))


class CautiousPolicy(EasyPolicy):
    """Easy's play with a bid drawn evenly from nothing up to Easy's own bid:
    the way searching players bid (they keep chips for later wards)."""
    name = "cautious"

    def bid(self, s, seat: int, rng) -> tuple:
        return easy.spend(s, seat, rng.below(easy.bid_total(s, seat, rng) + 1))


PASS_ONE_IN = 7
"""The Contender passes about one contest in this many."""


def fighting_bid_total(s, seat: int, rng) -> int:
    """The Contender's bid: the votes that put it one ahead of the best rival's
    bosses in the ward, or one more (evenly drawn), never more than
    `easy.most_that_helps`; nothing one time in PASS_ONE_IN.

    A searching bidder's bid follows the boss count — two or three chips one
    boss behind, one or two level, nothing or one ahead — so this rule gives
    the bids of such a player (the stand-in for the owners' hidden player) a
    chance of 0.43 on average, where a bid drawn evenly up to
    `most_that_helps` (`FreeBidderPolicy`) gives them 0.25."""
    ward = s.election.ward
    bosses = s.bosses[ward]
    most = easy.most_that_helps(s, seat)
    rivals = [bosses[q] for q in range(s.players) if q != seat and bosses[q]]
    if not rivals or not most or rng.below(PASS_ONE_IN) == 0:
        return 0
    ahead = max(0, max(rivals) + 1 - bosses[seat])
    return min(most, ahead + rng.below(2))


class ContenderPolicy(EasyPolicy):
    """Easy's play with the bid of a player who fights for every contest
    (`fighting_bid_total`). Easy's rule leaves a ward to a rival with more bosses
    and, ahead, bids only what makes the ward sure; a rival who bids freely does
    neither, and against a model that expects Easy's rule Hard kept its chips and
    lost such wards (docs/bots.md, "Reading the rivals")."""
    name = "contender"

    def bid(self, s, seat: int, rng) -> tuple:
        return easy.spend(s, seat, fighting_bid_total(s, seat, rng))


class FreeBidderPolicy(EasyPolicy):
    """Easy's play with a bid drawn evenly from nothing up to the most that could
    still help it (`easy.most_that_helps`): a player who bids freely but not by
    the boss count — often more than one vote past the best rival's bosses, as a
    search with random rollouts does. A search with `Config.free_bidder` set
    plays a free-bidding rival by it when that rival's revealed bids went past
    the Contender's (`reading.free_chances`)."""
    name = "free"

    def bid(self, s, seat: int, rng) -> tuple:
        return easy.spend(s, seat, rng.below(easy.most_that_helps(s, seat) + 1))


class UniformPolicy:
    name = "uniform"

    def play_turn(self, s, seat: int, rng) -> None:
        while not s.is_over and s.phase == "turn" and s.current == seat:
            s.apply(seat, s.random_action(seat, rng))

    def bid(self, s, seat: int, rng) -> tuple:
        return s.random_action(seat, rng).n

    def choose(self, s, seat: int, rng):
        return s.random_action(seat, rng)


EASY = EasyPolicy()
BASHER = BasherPolicy()
HOARDER = HoarderPolicy()
UNIFORM = UniformPolicy()
CAUTIOUS = CautiousPolicy()
CONTENDER = ContenderPolicy()
FREE = FreeBidderPolicy()
