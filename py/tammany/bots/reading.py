"""Reading the rivals: how freely each one bids, from the bids it has revealed.

A sealed bid is secret until its ward's reveal (R34); after it, every bid of
that ward is public, and a seat's view keeps them: the election being held
(`election.results`) and the one before (`last_results`). Players differ most
in how freely they put chips into a contested ward: some bid only when a rule
says the ward is theirs for the price, others (searching players) put chips in
most contests they can, behind in bosses or ahead. A model of rivals that fits
one kind loses to the other (docs/bots.md, "What was tried"), so Hard reads each
rival from what it did.

A *contest* is a revealed ward with two or more candidates (R23) in which the
rival could have bid, that is, held a chip whose colour matches a cube there
(R24). Each contest is a bid (chips put in) or a pass (nothing). For the
election being held, chips the rival holds now plus what it spent since give
a lower bound of what it could bid then, so a pass counts only when it had
chips. For the election before, what it held then is no longer known, so a
pass counts half (it may have had nothing to bid). The rate is the share of
bids, pulled toward a prior of a third; `contender_chances` turns it into the
chance, per mille, that Hard's search plays that rival as a bidder who fights
for every contest (`policies.CONTENDER`) rather than by its usual mix.

Only public facts go in (revealed bids, chips, cubes), and the arithmetic is
in integers, so a view gives the same chances in any Python.
"""

from .. import board
from .evaluate import PER_MILLE

NATS = board.NATIONALITIES

PRIOR_BIDS, PRIOR_PASSES = 1, 2
"""Before any contest, a rival is taken to bid in a third of them (as strong as
three contests seen)."""
CALM_RATE, FREE_RATE = 450, 800
"""Per mille bid rates: at or below CALM_RATE a rival is played by the usual mix
only; at or above FREE_RATE always as the fighter; in between, in proportion.
In games between the project's players a searching rival bid in 40–57 % of its
contests, the stand-in for the owners' hidden player in 83 % (docs/bots.md)."""


PRIOR_PAST, PRIOR_WITHIN = 1, 3
"""Before any bid is seen, a rival is taken to bid past the Contender's bid in a
quarter of its bids (as strong as four bids seen)."""
WITHIN_RATE, PAST_RATE = 150, 400
"""Per mille of a rival's bids that went past the Contender's — more than two
votes past the best rival's bosses: at or below WITHIN_RATE a rival read as a
fighter is played by the Contender alone; at or above PAST_RATE by the free
bidder (`policies.FREE`); in between, in proportion. The stand-in for the
owners' hidden player bid past it in 6 % of its bids, the league's `search` in
45 %, Hard in 20 % (measured for Hard and off: docs/bots.md, "What was
tried")."""


def _usable(chips: dict, cubes: dict) -> int:
    return sum(chips[n] for n in NATS if cubes[n])


def _held(view: dict, p: int, spent_since: list[dict]) -> dict:
    """What seat p held before the bids spent since (a lower bound: a bonus chip
    taken since is counted as held before)."""
    chips = view["players"][p]["chips"]
    return {c: chips[c] + spent_since[p][c] for c in NATS}


def _count_current(view: dict, seat: int, seen: list[list[int]]) -> None:
    """The election being held: a pass counts whole when the rival held a chip of
    the ward's colours (chips spent in later wards were held then)."""
    election = view["election"]
    if election is None:
        return
    spent_since = [{c: 0 for c in NATS} for _ in seen]
    for result in reversed(election["results"]):  # latest first: chips spent since are known
        bids = result["bids"]
        cubes = view["wards"][str(result["ward"])]["cubes"]
        could = {int(key): sum(bid) > 0 or _usable(_held(view, int(key), spent_since), cubes) > 0
                 for key, bid in bids.items()}
        if sum(could.values()) > 1:  # at least two could bid: a real contest
            for p, able in could.items():
                if p != seat and able:
                    seen[p][0 if sum(bids[str(p)]) else 1] += 2
        for key, bid in bids.items():
            for c, k in zip(NATS, bid, strict=True):
                spent_since[int(key)][c] += k


def _earlier_results(view: dict) -> list[dict]:
    """The wards of the election before the one being held. Just after a count
    (the offices phase) `last_results` is the election being held: none then."""
    if view["election"] is not None and view["phase"] == "offices":
        return []
    return view["last_results"] or []


def _count_earlier(view: dict, seat: int, seen: list[list[int]]) -> None:
    """The election before: what a rival held then is not known, so a pass counts half."""
    for result in _earlier_results(view):
        bids = result["bids"]
        if len(bids) < 2:
            continue
        for key, bid in bids.items():
            p = int(key)
            if p != seat:
                if sum(bid):
                    seen[p][0] += 2
                else:
                    seen[p][1] += 1


def contests(view: dict, seat: int) -> list[list[int]]:
    """Per seat, [bids, passes] in half units (a half for an uncertain pass) over
    the contests the view shows; `seat`'s own entry is left at zero."""
    seen = [[0, 0] for _ in view["players"]]
    _count_current(view, seat, seen)
    _count_earlier(view, seat, seen)
    return seen


def _pulled_rate(yes: int, no: int, prior_yes: int, prior_no: int) -> int:
    """Per mille: the share of `yes` among `yes` and `no`, pulled toward the
    prior's share (as if prior_yes and prior_no had been seen too)."""
    return PER_MILLE * (yes + prior_yes) // (yes + no + prior_yes + prior_no)


def bid_rates(view: dict, seat: int) -> list[int]:
    """Per seat, per mille: how often it puts chips into a contest, by its revealed
    bids and the prior (`seat`'s own entry is the prior alone)."""
    return [_pulled_rate(bids, passes, 2 * PRIOR_BIDS, 2 * PRIOR_PASSES)  # half units
            for bids, passes in contests(view, seat)]


def _ramp(rate: int, low: int, high: int) -> int:
    """Per mille: nothing at `low` or below, all at `high` or above, in proportion between."""
    return max(0, min(PER_MILLE, (rate - low) * PER_MILLE // (high - low)))


def contender_chances(view: dict, seat: int) -> list[int]:
    """Per seat, per mille: the chance Hard's search plays that rival as the
    fighting bidder in a sample (0 for `seat` itself)."""
    return [0 if p == seat else _ramp(rate, CALM_RATE, FREE_RATE)
            for p, rate in enumerate(bid_rates(view, seat))]


def _revealed(view: dict) -> list[dict]:
    """Every revealed ward the view shows, once: the election being held and the one before."""
    election = view["election"]
    return (list(election["results"]) if election is not None else []) + _earlier_results(view)


def past_the_fighter(view: dict, seat: int) -> list[list[int]]:
    """Per seat, [bids past the Contender's, bids within them] over the chips it put
    into revealed contests; `seat`'s own entry is left at zero. A bid is past the
    Contender's when it bought more than two votes past the best rival's bosses
    (bosses are the votes less the chips, R24)."""
    seen = [[0, 0] for _ in view["players"]]
    for result in _revealed(view):
        bids = result["bids"]
        if len(bids) < 2:
            continue
        bosses = {int(key): result["votes"][key] - sum(bid) for key, bid in bids.items()}
        for key, bid in bids.items():
            p, total = int(key), sum(bid)
            if p == seat or not total:
                continue
            ahead = max(0, max(b for q, b in bosses.items() if q != p) + 1 - bosses[p])
            seen[p][0 if total > ahead + 1 else 1] += 1
    return seen


def free_chances(view: dict, seat: int) -> list[int]:
    """Per seat, per mille: the chance that a sample which plays that rival as a free
    bidder plays it by the free bidder (bids evenly up to what could help) rather
    than the Contender (bids by the boss count). 0 for `seat` itself."""
    out = []
    for p, (past, within) in enumerate(past_the_fighter(view, seat)):
        rate = _pulled_rate(past, within, PRIOR_PAST, PRIOR_WITHIN)
        out.append(0 if p == seat else _ramp(rate, WITHIN_RATE, PAST_RATE))
    return out


def drawn(chance: int, rng) -> bool:
    """Whether a sample plays a rival by the fighter, for its `chance` per mille
    (no draw for a chance of nothing: a rival never read as a fighter costs the
    stream nothing)."""
    return chance > 0 and rng.below(PER_MILLE) < chance
