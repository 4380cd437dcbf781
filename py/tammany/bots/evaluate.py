"""A static evaluation of a position for every seat, in integer milli-points.

Both computer levels rank moves with it: Easy one move ahead, Hard at the
leaves of its search. Everything is integer arithmetic, so the same position
scores the same in CPython and in Pyodide, and ties are exact.

The model, per ward in play: each seat's *strength* is ten per boss plus a
capped share of the favor chips it could bid there (chips are spent and shared
between wards, so they count for less than bosses). The seat's margin over the
best rival becomes a win chance through a clamped line whose slope grows as the
election nears (fewer placements left to change things). A ward is worth its
points, a share of the mayor's 3 points, its bonus, and its immigrants (R28's
leader chips). On top: points already scored, chips held, slander chips kept.
"""

from .. import board
from ..rules_config import Rules
from ..state import State

PER_MILLE = 1000
POINT = 1000
MAYOR_SHARE_PARTS = (7, 60)
"""A ward's part in the mayor's points (R30): 7/60 of them (350 of the rulebook's 3 points
in milli-points); the points themselves are the game's `Rules.mayor_points`."""
BONUS_VALUE = {1: 300, 2: 300, 4: 350, 7: 350}  # R27
CUBE_VALUE = 120            # per cube: its weight in R28's immigrant leaders
CHIP_VALUE = 350            # a favor chip in hand
SLANDER_SHARE = 700
"""An unused slander chip is worth this per mille of the points it scores at the end (R32:
`Rules.slander_chip_points`)."""

BOSS_STRENGTH = 10          # strength units per boss (a vote)
CHIP_STRENGTH = 6           # per usable chip, up to CHIP_CAP of them
CHIP_CAP = 4
TIE_CHANCE = 400            # chance (per mille) at margin 0 (a tie elects nobody)
SLOPE_AT_ELECTION = 45
SLOPE_PER_ROUND = 5


def mayor_share(rules: Rules) -> int:
    """A ward's part in the mayor's points, in milli-points (R30)."""
    parts, whole = MAYOR_SHARE_PARTS
    return POINT * rules.mayor_points * parts // whole


def slander_value(rules: Rules) -> int:
    """An unused slander chip in hand, in milli-points (R32)."""
    return SLANDER_SHARE * rules.slander_chip_points


class Worth:
    """The values of one set of rules the evaluation reads (worked out once per `Rules`:
    this is the rollouts' inner loop): a ward's worth before its cubes, a slander chip."""

    __slots__ = ("base", "slander")

    def __init__(self, rules: Rules) -> None:
        share = mayor_share(rules)
        self.base = {w: POINT * (rules.tammany_points if w == board.TAMMANY_HALL
                                 else rules.ward_points) + share + BONUS_VALUE.get(w, 0)
                     for w in board.WARDS}
        self.slander = slander_value(rules)


_WORTH: dict = {}


def worth_of(rules: Rules) -> Worth:
    """The `Worth` of `rules`, kept per distinct rules."""
    worth = _WORTH.get(rules)
    if worth is None:
        worth = _WORTH[rules] = Worth(rules)
    return worth


def ward_value(s: State, w: int) -> int:
    cubes = s.cubes[w]
    return (worth_of(s.rules).base[w]
            + CUBE_VALUE * (cubes[0] + cubes[1] + cubes[2] + cubes[3]))


def turns_left(s: State) -> int:
    """Turns still to be played before the next election (this one included)."""
    if s.phase != "turn":
        return 0
    n = s.players
    per_term = s.rules.years_per_term
    election_year = ((s.year - 1) // per_term + 1) * per_term
    return (election_year - s.year) * n + (n - s.turns_taken)


def slope_for(s: State, left: int) -> int:
    """Per mille of win chance per strength unit of margin: a boss's lead is
    worth more the fewer rounds of placing are left to answer it."""
    rounds = (left + s.players - 1) // s.players
    return SLOPE_AT_ELECTION - SLOPE_PER_ROUND * rounds


def ward_chances(s: State, w: int, slope: int, open_to_all: bool) -> list[int]:
    """Each seat's chance (per mille) to win ward `w` at the next election.

    `open_to_all`: seats without a boss may still place one (a turn is coming
    and the ward is not locked); otherwise only seats with bosses can win.
    """
    bosses = s.bosses[w]
    c0, c1, c2, c3 = s.cubes[w]
    strength = []
    top = second = -1
    for p, chips in enumerate(s.chips):
        b = bosses[p]
        if not b and not open_to_all:
            strength.append(-1)
            continue
        if b:  # R23: without a boss there, chips cannot be bid
            usable = ((chips[0] if c0 else 0) + (chips[1] if c1 else 0)
                      + (chips[2] if c2 else 0) + (chips[3] if c3 else 0))
            x = BOSS_STRENGTH * b + CHIP_STRENGTH * (usable if usable < CHIP_CAP else CHIP_CAP)
        else:
            x = 0
        strength.append(x)
        if x > top:
            top, second = x, top
        elif x > second:
            second = x
    if top < 0:
        return [0] * len(strength)
    if second < 0:
        return [0 if x < 0 else PER_MILLE for x in strength]
    raw = []
    total = 0
    for x in strength:
        if x < 0:
            raw.append(0)
            continue
        r = TIE_CHANCE + slope * (x - (second if x == top else top))
        r = 0 if r < 0 else PER_MILLE if r > PER_MILLE else r
        raw.append(r)
        total += r
    if total > PER_MILLE:
        raw = [r * PER_MILLE // total for r in raw]
    return raw


class Evaluation:
    """Per-ward contributions and per-seat totals of one position, with cheap
    re-scoring of a ward after a local change (used to rank many moves).

    A ward already decided in the election being held is worth its whole value
    to its winner. Once the election is counted (the offices phase, where Hard's
    rollouts stop) its points are in `points` as well, so those wards count
    twice there; scoring the term to come instead was measured and did not play
    better (docs/bots.md, "What was tried"), so the simple rule stays."""

    __slots__ = ("s", "slope", "left", "contrib", "chances", "totals", "decided", "base")

    def __init__(self, s: State) -> None:
        self.s = s
        self.left = turns_left(s)
        self.slope = slope_for(s, self.left)
        n = s.players
        worth = worth_of(s.rules)
        self.base = worth.base
        totals = [POINT * s.points[p] + CHIP_VALUE * sum(s.chips[p])
                  + worth.slander * s.slander_chips[p] for p in range(n)]
        self.decided = {}
        e = s.election
        if e is not None:
            for p in range(n):
                for w in e.won[p]:
                    self.decided[w] = p
            for w in e.order[:e.index]:
                self.decided.setdefault(w, None)
        self.contrib = {}
        self.chances = {}
        for w in board.WARDS:
            if s.zone_in_play[board.ZONE_OF[w]]:
                chances = self.chances[w] = self.shares(w)
                c = self.contrib[w] = self.worth(w, chances)
                for p in range(n):
                    totals[p] += c[p]
        self.totals = totals

    def ward(self, w: int) -> list[int]:
        """Ward `w`'s contribution to each seat, in the state as it is now."""
        return self.worth(w, self.shares(w))

    def shares(self, w: int) -> list[int]:
        """Each seat's chance (per mille) to win ward `w`, in the state as it is now
        (a ward already decided: certain for its winner)."""
        s = self.s
        if w in self.decided:
            winner = self.decided[w]
            return [PER_MILLE if p == winner else 0 for p in range(s.players)]
        open_to_all = self.left > 0 and w not in s.locked
        slope = self.slope if open_to_all else SLOPE_AT_ELECTION
        return ward_chances(s, w, slope, open_to_all)

    def keeps_chances(self, w: int, i: int, k: int) -> bool:
        """Whether a cube of colour `i` more (k=1) or less (k=-1) in ward `w` leaves
        the ward's chances as they are: the ward keeps the colour, or nobody with a
        boss there holds chips of it (R23: only the colours present can be bid).
        Then only its worth changes (`worth`)."""
        s = self.s
        here = s.cubes[w][i]
        if here > 0 and here + k > 0:
            return True
        return not any(b and chips[i] for b, chips in zip(s.bosses[w], s.chips, strict=True))

    def worth(self, w: int, chances: list[int]) -> list[int]:
        """Ward `w`'s contribution to each seat at these chances, at its worth in the
        state as it is now. A cube more or less of a colour the ward keeps changes
        its worth but not the chances (only which colours it has counts for the
        chips that can be bid): the rollouts' inner loop uses that."""
        cubes = self.s.cubes[w]
        value = self.base[w] + CUBE_VALUE * (cubes[0] + cubes[1] + cubes[2] + cubes[3])
        return [value * c // PER_MILLE for c in chances]


def relative(totals: list[int], seat: int) -> int:
    """The seat's standing: its total against the average of the strongest rival
    and all rivals' mean (scaled to stay an integer)."""
    n = len(totals)
    mine = totals[seat]
    best = max(totals[:seat] + totals[seat + 1:])
    return 2 * (n - 1) * mine - (n - 1) * best - (sum(totals) - mine)


def wards_with(s: State, colour: int) -> list[int]:
    return [w for w in board.WARDS if s.cubes[w][colour]]
