"""Determinized Monte Carlo search with successive halving, shared by Hard and
the league's searching players. What differs between them is data: a `Config`.

For a decision the search lists its options (placements Easy ranks best, every
office and slander worth weighing, every bid total, the best bonuses), then
plays each forward from *determinizations* of its own view: the generator
re-seeded from the player's own stream, rivals' pending sealed bids drawn from
a model (`tammany.determinize`). In each sample every rival is played by a
policy drawn from the config's mix (`policies.py`), the player itself by its
own policy. A rollout stops at the end of the next election (or the game), or
after a fixed number of turns, and is scored by the config's leaf evaluation.

The budget — simulated turns, an election counting as ELECTION_COST — is
spent by *successive halving*: every option gets the same samples, the better
half goes on to the next round with more samples each, and so on. All options
in a round share the samples (common random numbers). Sums are integers and
ties go to the option listed first, so a position and a seed give one move in
any Python — never the clock.
"""

from dataclasses import dataclass

from ..actions import Bid, EndTurn
from ..determinize import state_from_view
from ..errors import IllegalAction
from ..rng import Rng
from ..state import N_NAT
from . import bidgame, easy, reading
from .evaluate import (
    PER_MILLE,
    POINT,
    Evaluation,
    mayor_share,
    relative,
    turns_left,
    ward_value,
)
from .policies import EASY, UNIFORM

ELECTION_COST = 3


def terms_after(s) -> int:
    """Terms still to come after the one being played (0: the last term, which decides the
    game; four terms unless the house rule `terms` says fewer)."""
    return s.rules.terms - s.term
TERM_TURNS = 40
"""More turns than any term holds: a rollout stops at the end of the next election."""
WIN_VALUE = 40 * POINT
"""A won game is worth this much more than its points margin (at the game's end)."""


@dataclass(frozen=True)
class Config:
    work: int
    """Simulated turns per decision (an election counts as ELECTION_COST)."""
    own: object = EASY
    """The policy that plays the searching seat in its rollouts."""
    rivals: tuple = (EASY,)
    """Each rival, in each sample, is played by one of these (drawn per sample)."""
    bid_models: tuple = (EASY,)
    """Rivals' pending sealed bids are drawn from one of these (per rival)."""
    leaf: str = "standing"
    """"standing": `evaluate.relative` (own total against the strongest rival and
    the rivals' mean); "margin": own total minus the strongest rival's."""
    horizon: int = 9
    place_options: int = 5
    other_options: int = 4
    max_bid_options: int = 8
    always_office: bool = False
    """Use the office whenever one scores above nothing (EndTurn is not weighed)."""
    slander_in_election_year_only: bool = False
    """A boss slandered before the election year is simply placed again."""
    last_term_horizon: int = 0
    """In the last term, rollouts play on to the game's end (its election and
    R32's scoring) once at most this many turns are left, and before that stop
    this many turns ahead (0: `horizon`, as in the other terms). The last
    election decides the game; the static evaluation only guesses at it. But a
    rollout to the end costs its turns and the election: too many turns, and
    the halving's first round has one noisy sample per option."""
    last_term_factor: int = 1
    """The work of a decision in the last term is `work` times this (those
    rollouts are longer, and the decisions weigh most)."""
    majorities: bool = False
    """Leaves also count R32's end-of-game favor-chip majorities (2 points per
    colour to whoever holds most), weighted by how close the end is."""
    bid_game: bool = False
    """Sealed bids come from `bidgame` (the ward's bid as a simultaneous-move
    game, solved by regret matching on the leaf evaluation) instead of rollouts,
    except in the last term, whose rollouts play to the game's end."""
    contender: object = None
    """A rival whose revealed bids say it bids freely is played, in a sample, by
    this policy (and its pending bid drawn from it) with the chance
    `reading.contender_chances` gives; otherwise by the mix above. None: the mix
    alone, whatever the rivals did."""
    free_bidder: object = None
    """A rival the `contender` plays in a sample is played instead by this policy
    (and its pending bid drawn from it) with the chance `reading.free_chances`
    gives: for rivals whose bids went past the Contender's. None: the Contender
    alone."""
    own_mix: tuple = ()
    """When set, the searching seat is played in each sample by one of these (drawn per
    sample) instead of `own`: the review values a decision this way, so that a plan of
    any of several sensible styles is carried on after it, not only Hard's own
    (docs/review.md, "How a move is valued")."""
    mayor_race: bool = False
    """Leaves value the mayor's office as a race (R30: most wards won, ties to
    most chips) instead of an even share per ward (see `add_mayor_race`)."""


# --- rollouts ---------------------------------------------------------------------
def bid_model(models: tuple, fighter):
    """A determinization bid model drawing each pending bid from one of `models`,
    or, when `fighter(seat, rng)` names a policy for the seat, from that one."""
    def model(s, seat, rng):
        policy = fighter(seat, rng)
        if policy is not None:
            return policy.bid(s, seat, rng)
        return models[rng.below(len(models))].bid(s, seat, rng) if len(models) > 1 \
            else models[0].bid(s, seat, rng)
    return model


def play_step(s, rng, policies) -> None:
    """Advance `s` by one seat's move (a whole turn in the turn phase)."""
    seat = s.to_act()[0]
    policy = policies[seat]
    if s.phase == "turn":
        policy.play_turn(s, seat, rng)
    else:
        s.apply(seat, policy.choose(s, seat, rng))


def rollout(s, rng, turns: int, policies) -> None:
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
        play_step(s, rng, policies)


MAJORITY_WEIGHT = (850, 700, 550, 400)
"""Per mille of R32's points a colour's leader is expected to keep, by the terms still to
come after this one (0: the last term; three or more: the first of four)."""


def add_majorities(s, totals: list[int]) -> None:
    """R32's favor-chip majorities as they stand, discounted by the terms to come."""
    weight = MAJORITY_WEIGHT[min(terms_after(s), len(MAJORITY_WEIGHT) - 1)]
    value = s.rules.majority_points * POINT * weight // 1000
    chips = s.chips
    for i in range(N_NAT):
        best = max(c[i] for c in chips)
        if best:
            for p in range(s.players):
                if chips[p][i] == best:
                    totals[p] += value


OFFICES_VALUE = 600
"""Handing out the offices (R31) for the next term: not after the last election."""
RACE_SLOPE = 450
"""Per mille of chance to beat one rival to the mayor's office per ward of
expected lead (chances sum to expected wards won)."""
CHIP_TIEBREAK = 80
"""A favor chip more in hand counts as this many per mille of a ward in the
race (R30's first tie-break), up to RACE_TIEBREAK_CAP."""
RACE_TIEBREAK_CAP = 400


def expected_wards(s, ev) -> list[int]:
    """Each seat's expected number of wards won at the next election, per mille
    (Tammany Hall counts as one ward, R30), from the evaluation's chances."""
    n = s.players
    won = [0] * n
    for w, c in ev.contrib.items():
        value = ward_value(s, w)
        for p in range(n):
            won[p] += c[p] * PER_MILLE // value
    return won


def add_mayor_race(s, ev, totals: list[int]) -> None:
    """Replace the evaluation's even mayor share per ward by the chance to win
    the race for mayor: a ward more matters most when the race is close, and
    not at all when it is already won or lost. A seat's chance is the product
    of its pairwise chances against each rival (expected wards and chips in
    hand), normalised to at most one mayor."""
    n = s.players
    won = expected_wards(s, ev)
    chips = [sum(c) for c in s.chips]
    share = mayor_share(s.rules)
    value = POINT * s.rules.mayor_points + (OFFICES_VALUE if terms_after(s) else 0)
    raw = []
    for p in range(n):
        chance = PER_MILLE
        for q in range(n):
            if q == p:
                continue
            tie = CHIP_TIEBREAK * (chips[p] - chips[q])
            tie = max(-RACE_TIEBREAK_CAP, min(RACE_TIEBREAK_CAP, tie))
            x = PER_MILLE // 2 + RACE_SLOPE * (won[p] - won[q] + tie) // PER_MILLE
            x = 0 if x < 0 else PER_MILLE if x > PER_MILLE else x
            chance = chance * x // PER_MILLE
        raw.append(chance)
    total = sum(raw)
    if total > PER_MILLE:
        raw = [r * PER_MILLE // total for r in raw]
    for p in range(n):
        totals[p] += value * raw[p] // PER_MILLE - share * won[p] // PER_MILLE


def live_totals(s, cfg) -> list[int]:
    """Every seat's total in a position not yet at the game's end: the static
    evaluation with the config's extra terms."""
    ev = Evaluation(s)
    totals = ev.totals
    if cfg.mayor_race:
        add_mayor_race(s, ev, totals)
    if cfg.majorities:
        add_majorities(s, totals)
    return totals


def objective(totals: list[int], seat: int, leaf: str) -> int:
    """What the seat wants high, from every seat's total (see Config.leaf)."""
    n = len(totals)
    if leaf == "margin":
        return 2 * (n - 1) * (totals[seat] - max(totals[p] for p in range(n) if p != seat))
    return relative(totals, seat)


def leaf_value(s, seat: int, cfg) -> int:
    if s.is_over:
        winners = s.result["winners"]
        won = WIN_VALUE // len(winners) if seat in winners else 0
        totals = [POINT * p for p in s.points]
        totals[seat] += won
    else:
        totals = live_totals(s, cfg)
    return objective(totals, seat, cfg.leaf)


# --- options ------------------------------------------------------------------------
def _turn_options(s, seat, cfg: Config) -> list:
    parts = easy.step_options(s, seat)
    offices = [a for score, a in parts.get("office", ())[:cfg.other_options]
               if score > 0 or not cfg.always_office]
    if "place" in parts:
        places = [a for _, a in parts["place"][:cfg.place_options]]
        if s.rules.turn_order != "office_first" or not offices:
            return places  # the office's power comes after placing, or is not worth using
        # R11's house rule office_first: the office now or not this turn
        return offices if cfg.always_office else places + offices
    if cfg.always_office and offices:
        return offices
    options = [EndTurn()] + offices
    slanders = parts.get("slander", ())[:cfg.other_options]
    if cfg.slander_in_election_year_only and s.year % s.rules.years_per_term:
        slanders = ()
    return options + [a for _, a in slanders]


def _bid_options(s, seat, cfg: Config) -> list:
    have = sum(easy.usable(s, seat, s.election.ward))
    totals = list(range(min(have, cfg.max_bid_options - 1) + 1))
    if have not in totals:
        totals.append(have)
    return [Bid(easy.spend(s, seat, t)) for t in totals]


def options(s, seat, cfg: Config) -> list:
    """The options weighed, Easy's favourite first."""
    if s.phase == "turn":
        return _turn_options(s, seat, cfg)
    if s.phase == "bid":
        return _bid_options(s, seat, cfg)
    if s.phase == "bonus":
        return [a for _, a in easy.bonus_options(s, seat)[:cfg.other_options]]
    return [easy.choose_offices(s, seat)]


def work_for(s, cfg: Config) -> int:
    """The work of one decision (more in the last term, see `last_term_factor`)."""
    return cfg.work * cfg.last_term_factor if not terms_after(s) else cfg.work


def turns_to_horizon(s, cfg: Config) -> tuple[int, int]:
    """(turns a rollout will simulate, its cost in work units). A tiny `work`
    (tests) also shortens the horizon. The mayor's offices (one option in `options`: only a
    review weighs others) act through the term ahead, so they are played to its election."""
    if s.phase == "offices":
        return TERM_TURNS, TERM_TURNS + ELECTION_COST
    if s.phase != "turn":
        return 0, ELECTION_COST
    horizon = cfg.horizon
    if not terms_after(s):
        horizon = max(horizon, cfg.last_term_horizon)
    horizon = min(horizon, max(1, work_for(s, cfg) // 8))
    left = turns_left(s)
    if left <= horizon:
        return left, left + ELECTION_COST
    return horizon, horizon


# --- the search ---------------------------------------------------------------------
def _rounds(arms: int) -> int:
    rounds = 1
    while (1 << rounds) < arms:
        rounds += 1
    return rounds


class _Samples:
    """The determinizations and rollout seeds of one decision, made on demand in
    a fixed order from the player's stream (so every option sees the same ones).
    `erratic`: per seat, the chance per mille that a sample plays that rival at
    random (`bots/erratic.py`; None: no rival is read so, and no draw is made)."""

    def __init__(self, view, seat, rng, cfg: Config, erratic=None) -> None:
        self.view, self.seat, self.rng, self.cfg = view, seat, rng, cfg
        self.erratic = erratic
        self.chances = None if cfg.contender is None else reading.contender_chances(view, seat)
        self.free = (None if self.chances is None or cfg.free_bidder is None
                     else reading.free_chances(view, seat))
        self.model = bid_model(cfg.bid_models, self._fighter)
        self.made = []

    def _fighter(self, p: int, pick: Rng):
        """The policy that plays rival `p` as a free bidder in this sample, or None
        (drawn from `pick`: the rival's chance to be played at random, then to be a
        fighter, then which kind of free bidder; no draw for a chance not read)."""
        if self.erratic is not None and reading.drawn(self.erratic[p], pick):
            return UNIFORM
        if self.chances is None or not reading.drawn(self.chances[p], pick):
            return None
        if self.free is not None and reading.drawn(self.free[p], pick):
            return self.cfg.free_bidder
        return self.cfg.contender

    def _rival(self, p: int, pick: Rng):
        fighter = self._fighter(p, pick)
        if fighter is not None:
            return fighter
        rivals = self.cfg.rivals
        return rivals[pick.below(len(rivals))]

    def get(self, i: int):
        while len(self.made) <= i:
            world = state_from_view(self.view, Rng(self.rng.next_u64()), self.model)
            play_seed = self.rng.next_u64()
            pick = Rng(self.rng.next_u64())
            own = self.cfg.own
            if self.cfg.own_mix:
                own = self.cfg.own_mix[pick.below(len(self.cfg.own_mix))]
            policies = [own if p == self.seat else self._rival(p, pick)
                        for p in range(world.players)]
            self.made.append((world, play_seed, policies))
        return self.made[i]


def _simulate(sample, seat, action, turns, cfg: Config, leaf=None):
    """The leaf value of `action` on one sample: `leaf(state, seat)` of the rolled-out state,
    by default the config's (`leaf_value`); None where the action is not legal."""
    world, play_seed, policies = sample
    d = world.clone()
    roll = Rng(play_seed)
    try:
        d.apply(seat, action)
    except IllegalAction:  # cannot happen for an option from the legal lists
        return None
    if d.phase == "turn" and d.current == seat and not d.is_over:
        policies[seat].play_turn(d, seat, roll)  # finish this turn the player's own way
    rollout(d, roll, turns, policies)
    return leaf_value(d, seat, cfg) if leaf is None else leaf(d, seat)


def _add_values(samples: _Samples, which, seat, opts, alive, totals, turns, cfg) -> None:
    """Add each option in `alive` its leaf values on the samples `which` (None: illegal)."""
    for i in which:
        sample = samples.get(i)
        for k in alive:
            value = _simulate(sample, seat, opts[k], turns, cfg)
            if value is None:
                totals[k] = None
            elif totals[k] is not None:
                totals[k] += value


def option_values(s, seat: int, opts: list, rng: Rng, cfg: Config, count: int) -> list:
    """Each option's summed leaf value over the same `count` samples, as the halving's
    rounds score them but with no option dropped: a reference to measure a setting's
    choices against (tests/bench/search_regret.py)."""
    turns, _ = turns_to_horizon(s, cfg)
    totals = [0] * len(opts)
    _add_values(_Samples(s.view(seat), seat, rng, cfg), range(count), seat, opts,
                range(len(opts)), totals, turns, cfg)
    return totals


def choose(s, seat: int, rng: Rng, cfg: Config):
    """The searched move for `seat` in `s` (a state rebuilt from the seat's view)."""
    if cfg.bid_game and s.phase == "bid" and terms_after(s):
        total = bidgame.choose_total(s, seat, rng, lambda st: live_totals(st, cfg),
                                     lambda totals, p: objective(totals, p, cfg.leaf))
        return Bid(easy.spend(s, seat, total))
    opts = options(s, seat, cfg)
    if len(opts) == 1:
        return opts[0]
    samples = _Samples(s.view(seat), seat, rng, cfg)
    return opts[_halve(s, seat, opts, samples, cfg)[0]]


def _halve(s, seat: int, opts: list, samples: _Samples, cfg: Config) -> tuple[int, int]:
    """Successive halving over `opts` (two or more): the index of the option kept, and how
    many samples (0 … n-1) it was valued on."""
    turns, cost = turns_to_horizon(s, cfg)
    budget = max(len(opts), work_for(s, cfg) // cost)
    totals = [0] * len(opts)
    alive = list(range(len(opts)))
    rounds = _rounds(len(opts))
    done = 0
    for r in range(rounds):
        more = max(1, budget // (len(alive) * rounds))
        _add_values(samples, range(done, done + more), seat, opts, alive, totals, turns, cfg)
        done += more
        alive = [k for k in alive if totals[k] is not None]
        if r < rounds - 1 and len(alive) > 1:
            ranked = sorted(alive, key=lambda k: (-totals[k], k))
            alive = sorted(ranked[:(len(alive) + 1) // 2])
    return min(alive, key=lambda k: (-totals[k], k)), done


# --- values for a review (py/tammany/review.py) ----------------------------------------
def points_scale(players: int) -> int:
    """Leaf units in one point. Both leaves are 2·(n-1) times a difference of totals in
    milli-points: "standing" the seat's total minus the mean of the strongest rival's and
    the rivals' average, "margin" its total minus the strongest rival's."""
    return 2 * (players - 1) * POINT


@dataclass(frozen=True)
class Weighed:
    """One decision weighed for a review. `options`: the search's own options (Easy's
    favourite first), then those asked about that were not among them. `chosen`: the index
    of the search's move — what `choose` returns for the same position and stream.
    `values`: for the chosen option and each one asked about, by index, its leaf values on
    the same `checks` fresh samples, drawn after the choice so that the luck that picked the
    move does not also value it (None on a sample where the option is not legal). `scale`:
    leaf units in one point (`points_scale`)."""
    options: tuple
    chosen: int
    values: dict
    scale: int


def weigh(s, seat: int, rng: Rng, cfg: Config, asked=(), checks: int = 16,
          leaf=None, value_cfg: Config | None = None, erratic=None) -> Weighed:
    """The search's move for `seat` in `s` (a state rebuilt from the seat's view, `rng`
    the stream `choose` would be given), with its value and the value of each action in
    `asked`, every one of them scored on the same samples by the same rollouts and leaf.
    The move itself is always chosen as `choose` chooses it (the config's rollouts and
    leaf); the values come from `leaf(state, seat)` if given (the review's calibrated
    values), from rollouts played by `value_cfg` if given (the review's: the seat by a mix
    of styles), and with rivals read as playing at random by `erratic` (per seat, per
    mille: `bots/erratic.py`)."""
    if cfg.bid_game and s.phase == "bid" and terms_after(s):
        raise ValueError("a bid chosen by the bid game has no rollout values")
    opts = list(options(s, seat, cfg))
    samples = _Samples(s.view(seat), seat, rng, cfg)
    chosen, done = (0, 0) if len(opts) == 1 else _halve(s, seat, opts, samples, cfg)
    wanted = [chosen]
    for action in asked:
        if action not in opts:
            opts.append(action)
        if opts.index(action) not in wanted:
            wanted.append(opts.index(action))
    vcfg = cfg if value_cfg is None else value_cfg
    # fresh samples, drawn from the stream after the choice's (the same ones `samples`
    # would make next when vcfg is cfg and no rival is read as erratic)
    fresh = _Samples(s.view(seat), seat, rng, vcfg, erratic)
    turns, _ = turns_to_horizon(s, vcfg)
    values = {k: tuple(_simulate(fresh.get(i), seat, opts[k], turns, vcfg, leaf)
                       for i in range(checks)) for k in wanted}
    return Weighed(tuple(opts), chosen, values, points_scale(s.players))
