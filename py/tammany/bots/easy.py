"""Easy: clear heuristics, one move ahead.

* **Turn steps** (placing, office, slander, ending): every option is scored by
  how much it raises the seat's standing in the static evaluation
  (`evaluate.py`: wards it can win, weighted by what they are worth); the best
  is played, except that Easy picks at random among options within a small
  margin of the best — its readable mistakes. An office or a slander is used
  only when it scores above ending the turn.
* **Sealed bids**: bid just enough to be sure of the ward when that is
  affordable (the rivals' bosses and every chip they could bid are public);
  otherwise bid just enough to beat what the rivals would bid if each spent
  half their usable chips, or nothing when that costs more than the ward is
  worth. It spends first the colours it will not need in the wards still to
  vote.
* **Ward bonuses**: the cube or chip that scores best.
* **Offices as mayor**: the weakest offices go to the strongest rivals.

Scores are integers; candidates are listed in a fixed order, so the same
position and random stream always give the same move.
"""

from .. import board
from ..actions import (
    AssignOffices,
    Bid,
    BonusChip,
    BonusCube,
    EndTurn,
    PlaceBossCube,
    PlaceBosses,
    SkipBonus,
)
from ..errors import IllegalAction
from ..legal import ENUMERATORS, candidate_kinds
from ..state import N_NAT, State
from .evaluate import (
    CHIP_VALUE,
    Evaluation,
    relative,
    slander_value,
    ward_value,
    wards_with,
)

NATS = board.NATIONALITIES
NAT_INDEX = {n: i for i, n in enumerate(NATS)}
SLACK = 60
"""Options within this many (relative, milli-point) units of the best are all
'good enough' for Easy; it picks one of them at random."""
PAIR_WARDS = 6
"""Two-boss placements are weighed among the best few wards for a lone boss."""
BOSS_WARDS_TRIED = 3
CUBE_WARDS_TRIED = 4
"""Boss-and-cube placements: per colour, the cube goes to one of the best few
wards for it, the boss to one of the best few wards for a lone boss (or with
the cube)."""

OFFICES_WEAKEST_FIRST = ("precinct_chairman", "chief_of_police", "council_president",
                         "deputy_mayor")


# --- scoring changes against one evaluation ------------------------------------
def _diff(ev: Evaluation, wards) -> list[int]:
    """Per-seat change of the totals when `wards` are re-scored (state already changed)."""
    return _change(ev, {w: ev.ward(w) for w in wards if w in ev.contrib})


def _change(ev: Evaluation, new: dict) -> list[int]:
    """Per-seat change of the totals when wards in play contribute `new` ({ward: contribution})."""
    n = ev.s.players
    out = [0] * n
    for w, now in new.items():
        old = ev.contrib[w]
        for p in range(n):
            out[p] += now[p] - old[p]
    return out


class Scorer:
    """Ranks the options of one seat in one position by the evaluation's change.

    Changes are made to the state in place and undone at once, and only the
    wards they touch are re-scored: this is the rollout policy of Hard, so it
    must be cheap."""

    def __init__(self, s: State, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.ev = Evaluation(s)
        self.base = self.ev.totals
        self.base_rel = self.standing(self.base)
        self.cube_scores = {}
        self.spent = {}

    def standing(self, totals: list[int]) -> int:
        """The seat's standing for these totals (the league's personas override it)."""
        return relative(totals, self.seat)

    def score(self, diff: list[int], more: list[int] | None = None) -> int:
        """The change of the seat's standing for a change `diff` (+ `more`) of the totals."""
        base = self.base
        if more is None:
            totals = [base[p] + diff[p] for p in range(len(base))]
        else:
            totals = [base[p] + diff[p] + more[p] for p in range(len(base))]
        return self.standing(totals) - self.base_rel

    # --- placing ---
    def placements(self, wards: list[int]) -> list[tuple[int, object]]:
        """Placements worth weighing: two bosses among the best few wards for a
        lone boss, and a boss plus a cube where the cube (with its chip) does
        most, the boss in one of the best boss wards or with the cube."""
        s, seat, ev = self.s, self.seat, self.ev
        one, two = {}, {}
        for w in wards:
            s.bosses[w][seat] += 1
            one[w] = _diff(ev, (w,))
            s.bosses[w][seat] += 1
            two[w] = _diff(ev, (w,))
            s.bosses[w][seat] -= 2
        alone = {w: self.score(one[w]) for w in wards}
        ranked = sorted(wards, key=lambda w: -alone[w])
        top = sorted(ranked[:PAIR_WARDS])
        out = []
        for i, a in enumerate(top):
            out.append((self.score(two[a]), PlaceBosses(a, a)))
            for b in top[i + 1:]:
                out.append((self.score(one[a], one[b]), PlaceBosses(a, b)))
        lone = ranked[:BOSS_WARDS_TRIED]
        for i in range(N_NAT):
            if s.castle[i]:
                out += self._boss_cube(i, wards, one, lone)
        return out

    def _boss_cube(self, i: int, wards, one, lone) -> list[tuple[int, object]]:
        s, seat, ev = self.s, self.seat, self.ev
        n = s.players
        colour = NATS[i]
        s.chips[seat][i] += 1
        chances = {w: ev.shares(w) for w in wards_with(s, i) if w in ev.contrib}
        after_chip = {w: ev.worth(w, c) for w, c in chances.items()}
        chip = _change(ev, after_chip)
        chip[seat] += CHIP_VALUE
        cube_of = {}
        for w in wards:
            keeps = ev.keeps_chances(w, i, 1)
            s.cubes[w][i] += 1
            before = after_chip.get(w) or ev.contrib[w]
            # chances: after the chip where the colour counts, else as they were
            new = ev.worth(w, chances.get(w) or ev.chances[w]) if keeps else ev.ward(w)
            s.cubes[w][i] -= 1
            cube_of[w] = [chip[p] + new[p] - before[p] for p in range(n)]
        best = sorted(wards, key=lambda w: -self.score(cube_of[w]))[:CUBE_WARDS_TRIED]
        out = []
        for w in sorted(best):
            cube = cube_of[w]
            for b in lone:
                if b != w:
                    out.append((self.score(cube, one[b]), PlaceBossCube(b, colour, w)))
            s.cubes[w][i] += 1
            before = after_chip.get(w) or ev.contrib[w]
            s.bosses[w][seat] += 1
            both = ev.ward(w)
            s.bosses[w][seat] -= 1
            s.cubes[w][i] -= 1
            out.append((self.score([chip[p] + both[p] - before[p] for p in range(n)]),
                        PlaceBossCube(w, colour, w)))
        s.chips[seat][i] -= 1
        return out

    # --- chips (deputy, ward 4/7 bonus) ---
    def chip(self, colour: str) -> int:
        s, seat = self.s, self.seat
        i = NAT_INDEX[colour]
        s.chips[seat][i] += 1
        diff = _diff(self.ev, wards_with(s, i))
        s.chips[seat][i] -= 1
        diff[seat] += CHIP_VALUE
        return self.score(diff)

    # --- cubes (police, precinct, ward 1/2 bonus) ---
    def cube(self, w: int, i: int, k: int) -> int:
        """Score ward `w` gaining (k=1) or losing (k=-1) a cube of colour `i`."""
        ev, cubes = self.ev, self.s.cubes[w]
        # A cube that leaves the ward's chances as they are changes only its worth,
        # the same whichever colour: one score for them all.
        same_chances = ev.keeps_chances(w, i, k)
        key = (w, k) if same_chances else (w, i, k)
        score = self.cube_scores.get(key)
        if score is None:
            before = ev.contrib.get(w)
            cubes[i] += k
            if before is None:
                diff = [0] * self.s.players
            else:
                new = ev.worth(w, ev.chances[w]) if same_chances else ev.ward(w)
                diff = [a - b for a, b in zip(new, before, strict=True)]
            cubes[i] -= k
            score = self.score(diff)
            self.cube_scores[key] = score
        return score

    def lock(self, w: int) -> int:
        self.s.locked.add(w)
        diff = _diff(self.ev, (w,))
        self.s.locked.discard(w)
        return self.score(diff)

    def slander(self, a) -> int:
        s, seat = self.s, self.seat
        i = NAT_INDEX[a.c]
        cost = 1 if a.w2 is None else 1 + s.rules.second_slander_chips  # R20, R21
        hit = [a.w] if a.w2 is None else [a.w, a.w2]
        ev = self.ev
        for w in hit:
            s.bosses[w][a.p] -= 1
        s.chips[seat][i] -= cost
        new = {w: ev.ward(w) for w in hit if w in ev.contrib}
        s.chips[seat][i] += cost
        for w in hit:
            s.bosses[w][a.p] += 1
        for w, now in self._spent(i, cost).items():  # the chips spent, where no boss left
            new.setdefault(w, now)
        diff = _change(ev, new)
        diff[seat] -= CHIP_VALUE * cost + slander_value(s.rules)
        return self.score(diff)

    def _spent(self, i: int, cost: int) -> dict:
        """The contributions of the wards where colour `i` counts, once the seat has
        spent `cost` chips of it (the same for every slander paid so: kept)."""
        key = (i, cost)
        spent = self.spent.get(key)
        if spent is None:
            s, ev = self.s, self.ev
            s.chips[self.seat][i] -= cost
            spent = {w: ev.ward(w) for w in wards_with(s, i) if w in ev.contrib}
            s.chips[self.seat][i] += cost
            self.spent[key] = spent
        return spent


# --- the turn --------------------------------------------------------------------
PLACING = ("bosses", "boss_cube")


def step_options(s: State, seat: int, scorer=Scorer) -> dict[str, list]:
    """Scored options of each part of a turn still open: "place", "office",
    "slander" — each a list of (score, action), best first (stable sort).
    `scorer`: the class that ranks them (the league's personas pass their own)."""
    kinds = candidate_kinds(s, seat)
    by_kind = {k: ENUMERATORS[k](s, seat) for k in kinds if k not in PLACING and k != "end"}
    sc = scorer(s, seat)
    out = {}
    if "bosses" in kinds:
        wards = [w for w in board.WARDS if s.open_for_pieces(w)]
        out["place"] = sc.placements(wards)
    office = []
    for a in by_kind.get("deputy", ()):
        office.append((sc.chip(a.c), a))
    for a in by_kind.get("police", ()):
        office.append((sc.cube(a.w, NAT_INDEX[a.c], -1), a))
    for a in by_kind.get("council", ()):
        office.append((sc.lock(a.w), a))
    for a in by_kind.get("precinct", ()):
        i = NAT_INDEX[a.c]
        office.append((sc.cube(a.w, i, -1) + sc.cube(a.to, i, 1), a))  # near enough
    if office:
        out["office"] = office
    if "slander" in by_kind:
        out["slander"] = [(sc.slander(a), a) for a in by_kind["slander"]]
    for options in out.values():
        options.sort(key=lambda pair: -pair[0])
    return out


def pick(options: list[tuple[int, object]], rng, slack: int) -> object:
    """One of the options scoring within `slack` of the best (sorted best first)."""
    best = options[0][0]
    good = 1
    while good < len(options) and options[good][0] >= best - slack:
        good += 1
    return options[rng.below(good)][1] if good > 1 else options[0][1]


def plan_turn(s: State, seat: int, rng, scorer=Scorer) -> list:
    """The rest of this turn as Easy sees it now: its placement (if still to
    do), then its office and its slander when they score above doing nothing,
    then the end of the turn. Each part is scored on the same position; in this
    order each stays legal after the ones before it. With the house rule
    `turn_order` = office_first the office comes before the placement (R11), and a
    slander, which only follows a placement, is planned once placed."""
    parts = step_options(s, seat, scorer)
    order = (("office", "place", "slander") if s.rules.turn_order == "office_first"
             else ("place", "office", "slander"))
    plan = []
    for part in order:
        options = parts.get(part)
        if part == "place":
            if options:
                plan.append(pick(options, rng, SLACK))
        elif options and options[0][0] > 0:
            plan.append(pick([o for o in options if o[0] > 0], rng, SLACK))
    plan.append(EndTurn())
    return plan


def play_turn(s: State, seat: int, rng, scorer=Scorer) -> None:
    """Play the whole rest of a turn by `plan_turn` (rollouts): a planned office
    or slander that an earlier part of the plan made illegal is left out. With the
    house rule `turn_order` = office_first each step is planned from the position the
    one before left (R11: an office's lock may close the ward the placement would use,
    and a slander is weighed only once placed)."""
    if s.rules.turn_order != "office_first":
        for action in plan_turn(s, seat, rng, scorer):
            _play_planned(s, seat, action)
        return
    while True:
        action = plan_turn(s, seat, rng, scorer)[0]
        s.apply(seat, action)
        if action.kind == "end":
            return


def _play_planned(s: State, seat: int, action) -> None:
    try:
        s.apply(seat, action)
    except IllegalAction:
        if action.kind in PLACING or action.kind == "end":
            raise


# --- sealed bids -----------------------------------------------------------------
def usable(s: State, seat: int, ward: int) -> list[int]:
    cubes = s.cubes[ward]
    return [s.chips[seat][i] if cubes[i] else 0 for i in range(N_NAT)]


def spend(s: State, seat: int, amount: int) -> tuple:
    """A bid of `amount` chips usable in the ward voting now, spending first the
    colours least needed in the wards still to vote where the seat has bosses."""
    e = s.election
    ward = e.ward
    have = usable(s, seat, ward)
    later = [w for w in e.order[e.index + 1:] if s.bosses[w][seat]]
    need = [sum(1 for w in later if s.cubes[w][i]) for i in range(N_NAT)]
    order = sorted((i for i in range(N_NAT) if have[i]), key=lambda i: (need[i], -have[i], i))
    bid = [0] * N_NAT
    for i in order:
        take = min(amount, have[i])
        bid[i] = take
        amount -= take
        if not amount:
            break
    return tuple(bid)


def most_that_helps(s: State, seat: int) -> int:
    """The most chips `seat` could usefully bid in the ward voting now: enough to beat
    every rival's best possible vote count there (bosses plus every usable chip, R24),
    and no more than it holds. A bid above it never changes the outcome."""
    ward = s.election.ward
    bosses = s.bosses[ward]
    have = sum(usable(s, seat, ward))
    best_other = max((bosses[r] + sum(usable(s, r, ward)) for r in range(s.players)
                      if r != seat and bosses[r]), default=0)
    return max(0, min(have, best_other + 1 - bosses[seat]))


def bid_total(s: State, seat: int, rng=None) -> int:
    """How many chips Easy bids (see the module docstring)."""
    ward = s.election.ward
    bosses = s.bosses[ward]
    mine = bosses[seat]
    have = sum(usable(s, seat, ward))
    rivals = [q for q in range(s.players) if q != seat and bosses[q]]
    if not rivals or not have:
        return 0
    can = {q: sum(usable(s, q, ward)) for q in rivals}
    worst = max(bosses[q] + can[q] for q in rivals)
    value = ward_value(s, ward)
    if mine > worst:
        return 0
    sure = worst + 1 - mine
    if sure <= have and sure * CHIP_VALUE <= value:
        return sure
    likely = max(bosses[q] + (can[q] + 1) // 2 for q in rivals)
    need = likely + 1 - mine
    if need <= 0:
        return 0
    if rng is not None and rng.below(4) == 0:
        need += 1
    if need > have or need * CHIP_VALUE > value:
        return 0
    return need


def choose_bid(s: State, seat: int, rng=None) -> Bid:
    return Bid(spend(s, seat, bid_total(s, seat, rng)))


# --- bonuses and offices ----------------------------------------------------------
def bonus_options(s: State, seat: int, scorer=Scorer) -> list[tuple[int, object]]:
    sc = scorer(s, seat)
    out = [(0, SkipBonus())]
    if s.election.bonus in board.BONUS_CUBE_WARDS:
        for i in range(N_NAT):
            if s.bag[i]:
                for w in board.WARDS:
                    if s.open_for_pieces(w):
                        out.append((sc.cube(w, i, 1), BonusCube(NATS[i], w)))
    else:
        out += [(sc.chip(c), BonusChip(c)) for c in NATS]
    out.sort(key=lambda pair: -pair[0])
    return out


def choose_offices(s: State, seat: int) -> AssignOffices:
    """The weakest offices to the strongest rivals (by the evaluation's totals)."""
    totals = Evaluation(s).totals
    rivals = sorted((p for p in range(s.players) if p != seat), key=lambda p: (-totals[p], p))
    pairs = zip(rivals, OFFICES_WEAKEST_FIRST, strict=False)
    return AssignOffices(tuple(sorted(pairs)))


# --- the entry point ---------------------------------------------------------------
def choose(s: State, seat: int, rng) -> object:
    """Easy's move for `seat` (which must be to act) in state `s`."""
    if s.phase == "turn":
        return plan_turn(s, seat, rng)[0]
    if s.phase == "bid":
        return choose_bid(s, seat, rng)
    if s.phase == "bonus":
        return pick(bonus_options(s, seat), rng, SLACK)
    if s.phase == "offices":
        return choose_offices(s, seat)
    raise ValueError(f"no decision in phase {s.phase!r}")
