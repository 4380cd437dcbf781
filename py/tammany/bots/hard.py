"""Hard: determinized Monte Carlo over Easy's best few options.

For a decision, Hard takes the few options Easy ranks best (for a sealed bid:
every total it could bid, spent Easy's way), then plays each forward from
several *determinizations* of its own view — the generator re-seeded from
Hard's own stream, rivals' pending sealed bids drawn from Easy's model
(`tammany.determinize`) — with every seat, itself included, played by Easy.
A rollout stops at the end of the next election (or the game), or after a
fixed number of turns, and is scored by the static evaluation (`evaluate.py`;
at the game's end: the win, and the points margin). The option with the best
total wins; ties go to the option Easy ranked first.

All samples of one decision use the same determinizations and rollout streams
for every option (common random numbers), so options are compared on the same
futures. The work is a fixed budget of simulated turns, split over options and
samples by the position alone — never by the clock.
"""

from ..determinize import state_from_view
from ..errors import IllegalAction
from ..rng import Rng
from . import easy
from .evaluate import POINT, Evaluation, relative

WORK = 240
"""Simulated turns per decision (an election counts as ELECTION_COST turns)."""
ELECTION_COST = 3
HORIZON = 9
"""At most this many turns are simulated before an election ends a rollout."""
MAX_SAMPLES = 12
MIN_SAMPLES = 1
TURN_OPTIONS = 5
OTHER_OPTIONS = 4
MAX_BID_OPTIONS = 8
WIN_VALUE = 40 * POINT
"""A won game is worth this much more than its points margin (at the game's end)."""


# --- the rollout policy ---------------------------------------------------------
def easy_bid_model(s, seat, rng) -> tuple:
    """Model of a rival's sealed bid: what Easy would bid (with its noise)."""
    return easy.choose_bid(s, seat, rng).n


def play_step(s, rng) -> None:
    """Advance `s` by one seat's move (a whole turn in the turn phase), Easy for all."""
    seat = s.to_act()[0]
    if s.phase == "turn":
        easy.play_turn(s, seat, rng)
    else:
        s.apply(seat, easy.choose(s, seat, rng))


def rollout(s, rng, turns: int) -> None:
    """Play on until the next election has ended, the game is over, or `turns`
    whole turns have been played — whichever comes first."""
    in_election = s.phase in ("bid", "bonus", "election")
    while not s.is_over:
        if s.phase == "turn":
            if in_election or turns <= 0:
                return
            turns -= 1
        elif s.phase == "offices":
            return
        else:
            in_election = True
        play_step(s, rng)


def leaf_value(s, seat: int) -> int:
    if s.is_over:
        winners = s.result["winners"]
        n = s.players
        won = WIN_VALUE // len(winners) if seat in winners else 0
        return 2 * (n - 1) * won + relative([POINT * p for p in s.points], seat)
    return relative(Evaluation(s).totals, seat)


# --- options ------------------------------------------------------------------------
def _turn_options(s, seat) -> list:
    parts = easy.step_options(s, seat)
    if "place" in parts:
        return [a for _, a in parts["place"][:TURN_OPTIONS]]
    options = [easy.EndTurn()]
    for part in ("office", "slander"):
        options += [a for _, a in parts.get(part, ())[:OTHER_OPTIONS]]
    return options


def _bid_options(s, seat) -> list:
    have = sum(easy.usable(s, seat, s.election.ward))
    totals = list(range(min(have, MAX_BID_OPTIONS - 1) + 1))
    if have not in totals:
        totals.append(have)
    return [easy.Bid(easy.spend(s, seat, t)) for t in totals]


def options(s, seat) -> list:
    """The options Hard weighs, Easy's favourite first."""
    if s.phase == "turn":
        return _turn_options(s, seat)
    if s.phase == "bid":
        return _bid_options(s, seat)
    if s.phase == "bonus":
        return [a for _, a in easy.bonus_options(s, seat)[:OTHER_OPTIONS]]
    return [easy.choose_offices(s, seat)]


def turns_to_horizon(s, work: int = WORK) -> tuple[int, int]:
    """(turns a rollout will simulate, its cost in WORK units). A tiny `work`
    (tests) also shortens the horizon."""
    if s.phase != "turn":
        return 0, ELECTION_COST
    horizon = min(HORIZON, max(1, work // 8))
    n = s.players
    left = ((s.year - 1) // 4 + 1) * 4 * n - ((s.year - 1) * n + s.turns_taken)
    if left <= horizon:
        return left, left + ELECTION_COST
    return horizon, horizon


# --- the search ---------------------------------------------------------------------
def choose(s, seat: int, rng: Rng, work: int | None = None):
    """Hard's move for `seat` in `s` (a state rebuilt from the seat's view)."""
    work = WORK if work is None else work
    opts = options(s, seat)
    if len(opts) == 1:
        return opts[0]
    view = s.view(seat)
    turns, cost = turns_to_horizon(s, work)
    samples = max(MIN_SAMPLES, min(MAX_SAMPLES, work // (cost * len(opts))))
    totals = [0] * len(opts)
    for _ in range(samples):
        world_seed = rng.next_u64()
        play_seed = rng.next_u64()
        for k, action in enumerate(opts):
            d = state_from_view(view, Rng(world_seed), easy_bid_model)
            roll = Rng(play_seed)
            try:
                d.apply(seat, action)
            except IllegalAction:  # cannot happen for an option from the legal lists
                totals[k] = None
                continue
            if d.phase == "turn" and d.current == seat and not d.is_over:
                easy.play_turn(d, seat, roll)  # finish this turn Easy's way
            rollout(d, roll, turns)
            if totals[k] is not None:
                totals[k] += leaf_value(d, seat)
    best = max(range(len(opts)), key=lambda k: (totals[k] is not None, totals[k] or 0, -k))
    return opts[best]
