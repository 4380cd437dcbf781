"""A position builder for tests: set a position up directly, so that a rulebook
situation can be tested without playing up to it.

    s = (Position(players=3, year=5)
         .cubes(8, german=1, irish=1)
         .bosses(8, red=2, yellow=1)
         .chips("red", german=3)
         .current("red")
         .build())

Players are named by colour (red, yellow, purple, black, brown in seat order,
unless `colors=` says otherwise). The result is a `State` at the start of the
current seat's turn in `year` (phase "turn"); no chance is drawn while building.
`start_election(state)` then holds the election of a built position.

What is not set is filled in as the rules have it, so every built position
keeps the invariants the engine relies on:
- zones in play: those open in `year` for this player count (R7), unless
  `zones(...)` names them;
- a ward in play that `cubes()` does not set holds the cube R6 deals it, but
  unshuffled (`DEFAULT_CUBES`): zone I 1 Irish, 2 English, 4 English, 7 German,
  6 German, 14 Irish; zone II 9 Irish, 15 Irish, 8 English, 5 English,
  3 German; zone III 17 Irish, 11 Irish, 13 English, 10 German;
- a zone not in play keeps its cubes in its set-up box (R2, R6);
- the bag holds every other cube, so the 100 cubes are all accounted for (R2).
  `bag(...)` sets the bag exactly instead; the cubes that leave it then go to
  `surplus_ward`, or `build()` checks that the total still comes to 100;
- Castle Garden is empty unless `castle(...)` fills it (from the bag);
- chips 0, slander chips 3 (R4), no offices, no mayor, no locks, no points;
- the first player of the year is the current seat (seat 0 by default), so
  the current seat has the year's first turn unless `first(...)` says otherwise.

`build()` raises ValueError for a position the rules cannot reach in these
respects (a count below zero, more than 25 cubes of a nationality, pieces in a
ward not in play, a ward in play without cubes, a lock outside play, an office
held twice), so a test cannot silently start from an impossible board.
"""

from . import board, flow
from .engine import State
from .rng import Rng
from .rules_config import STANDARD, Rules
from .state import N_NAT, NAT_INDEX

OFFICE_NAMES = ("mayor",) + board.OFFICES


def _unshuffled_deal() -> dict[int, str]:
    """R6's deal without the shuffle: fixed cubes first, then the rest of each
    zone's set-up cubes in nationality order, dealt in election order."""
    deal = {}
    for zone in board.ZONES:
        box = dict(board.SETUP_CUBES[zone])
        wards = list(board.ELECTION_ORDER[zone])
        for ward, nat in board.SETUP_FIXED.items():
            if board.ZONE_OF[ward] == zone:
                deal[ward] = nat
                box[nat] -= 1
                wards.remove(ward)
        pool = [nat for nat in board.NATIONALITIES for _ in range(box.get(nat, 0))]
        deal.update(zip(wards, pool, strict=True))
    return deal


DEFAULT_CUBES = _unshuffled_deal()
"""The cube a ward in play holds when the test does not set its cubes."""


def _counts(named: dict, what: str) -> list[int]:
    unknown = set(named) - set(board.NATIONALITIES)
    if unknown:
        raise ValueError(f"{what}: no such nationality {sorted(unknown)}")
    return [int(named.get(n, 0)) for n in board.NATIONALITIES]


class Position:
    """Chainable set-up of one position; `build()` makes the `State`."""

    def __init__(self, players: int = 3, year: int = 1, seed: int = 0,
                 colors: tuple | None = None, names: tuple | None = None,
                 rules: Rules = STANDARD) -> None:
        if not 3 <= players <= 5:
            raise ValueError("3, 4 or 5 players (R1)")
        if not 1 <= year <= rules.last_year:
            raise ValueError(f"year 1 to {rules.last_year}")
        self.rules = rules
        self.players = players
        self.year = year
        self.seed = seed
        self.colors = tuple(colors or board.PLAYER_COLORS[:players])
        if len(self.colors) != players or len(set(self.colors)) != players:
            raise ValueError("one distinct colour per player")
        self.names = tuple(names or (c.title() for c in self.colors))
        self._zones: set[str] | None = None
        self._cubes: dict[int, list[int]] = {}
        self._bosses: dict[int, list[int]] = {}
        self._chips = [[0] * N_NAT for _ in range(players)]
        self._slander = [rules.slander_chips] * players
        self._slandered_term = [False] * players
        self._points = [0] * players
        self._office = [None] * players
        self._mayor: int | None = None
        self._locked: set[int] = set()
        self._locks_used: int | None = None
        self._castle = [0] * N_NAT
        self._bag: list[int] | None = None
        self._surplus_ward: int | None = None
        self._first: int | None = None
        self._current = 0
        self._turn_flags = (False, False, False)

    # --- seats ------------------------------------------------------------------
    def seat(self, who) -> int:
        """A seat from its colour (or the seat number itself)."""
        if type(who) is int and 0 <= who < self.players:
            return who
        if who in self.colors:
            return self.colors.index(who)
        raise ValueError(f"no such player: {who!r}")

    def _by_seat(self, by_color: dict) -> list[int]:
        out = [0] * self.players
        for color, count in by_color.items():
            out[self.seat(color)] = int(count)
        return out

    # --- the board ----------------------------------------------------------------
    def zones(self, *zones: str) -> "Position":
        """Exactly these zones are in play (instead of R7's schedule for `year`)."""
        if not set(zones) <= set(board.ZONES):
            raise ValueError(f"no such zone in {zones}")
        self._zones = set(zones)
        return self

    def cubes(self, ward: int, **by_nationality) -> "Position":
        """Ward `ward` holds exactly these cubes (taken from the bag)."""
        self._cubes[ward] = _counts(by_nationality, f"cubes in ward {ward}")
        return self

    def bosses(self, ward: int, **by_color) -> "Position":
        """Ward `ward` holds exactly these bosses, by player colour."""
        self._bosses[ward] = self._by_seat(by_color)
        return self

    def lock(self, *wards: int) -> "Position":
        """The Council President has locked these wards this term (R16)."""
        self._locked.update(wards)
        return self

    def locks_used(self, count: int) -> "Position":
        """Locks placed this term (default: the number of locked wards)."""
        self._locks_used = count
        return self

    def castle(self, **by_nationality) -> "Position":
        """Castle Garden holds exactly these cubes (taken from the bag)."""
        self._castle = _counts(by_nationality, "Castle Garden")
        return self

    def bag(self, surplus_ward: int | None = None, **by_nationality) -> "Position":
        """The bag holds exactly these cubes. The cubes this leaves over go into
        `surplus_ward` (in play); without one, the total must come to 100 (R2)."""
        self._bag = _counts(by_nationality, "bag")
        self._surplus_ward = surplus_ward
        return self

    # --- the players --------------------------------------------------------------
    def chips(self, who, **by_nationality) -> "Position":
        self._chips[self.seat(who)] = _counts(by_nationality, f"chips of {who}")
        return self

    def slander_chips(self, who, count: int) -> "Position":
        self._slander[self.seat(who)] = count
        return self

    def slandered_this_term(self, who) -> "Position":
        """`who` has already slandered this term (R20)."""
        self._slandered_term[self.seat(who)] = True
        return self

    def points(self, who, count: int) -> "Position":
        """Points so far (booked as ward points in the breakdown)."""
        self._points[self.seat(who)] = count
        return self

    def office(self, who, office: str) -> "Position":
        """`who` holds `office` (one of board.OFFICES) this term (R31)."""
        if office not in board.OFFICES:
            raise ValueError(f"no such office: {office!r} (use mayor() for the mayor)")
        self._office[self.seat(who)] = office
        return self

    def mayor(self, who) -> "Position":
        """`who` is the mayor (R30) and so holds the Mayor office."""
        self._mayor = self.seat(who)
        return self

    def first(self, who) -> "Position":
        """`who` took the year's first turn (R9)."""
        self._first = self.seat(who)
        return self

    def current(self, who, placed: bool = False, office_used: bool = False,
                slandered: bool = False) -> "Position":
        """It is `who`'s turn; the flags say which steps (R11) are already done."""
        self._current = self.seat(who)
        self._turn_flags = (placed, office_used, slandered)
        return self

    # --- the result ---------------------------------------------------------------
    def build(self) -> State:
        s = State.__new__(State)
        s.players = self.players
        s.rules = self.rules
        s.names = self.names
        s.colors = self.colors
        s.year = self.year
        s.phase = "turn"
        s.rng = Rng(self.seed)
        s.remote = None
        s.marker = None
        zones = self._zones
        if zones is None:
            zones = {z for i, z in enumerate(board.ZONES)
                     if self.rules.zone_year(self.players, i) <= self.year}
        s.zone_in_play = {z: z in zones for z in board.ZONES}
        s.zone_box = {z: ([0] * N_NAT if z in zones else
                          [board.SETUP_CUBES[z].get(n, 0) for n in board.NATIONALITIES])
                      for z in board.ZONES}
        s.cubes = {w: [0] * N_NAT for w in board.WARDS}
        s.bosses = {w: [0] * self.players for w in board.WARDS}
        for w in board.WARDS:
            if s.in_play(w):
                s.cubes[w][NAT_INDEX[DEFAULT_CUBES[w]]] = 1
        for w, counts in self._cubes.items():
            self._require_ward(s, w, "cubes")
            s.cubes[w] = list(counts)
        for w, counts in self._bosses.items():
            self._require_ward(s, w, "bosses")
            s.bosses[w] = list(counts)
        s.castle = list(self._castle)
        s.bag = self._fill_bag(s)
        s.chips = [list(c) for c in self._chips]
        s.slander_chips = list(self._slander)
        s.slandered_term = list(self._slandered_term)
        s.points = list(self._points)
        s.breakdown = [{"wards": p, "tammany": 0, "mayor": 0, "chips": 0, "slander": 0}
                       for p in self._points]
        s.points_after = []  # a built position has no elections behind it
        s.office_of = list(self._office)
        s.mayor = self._mayor
        if self._mayor is not None:
            if s.office_of[self._mayor] is not None:
                raise ValueError("the mayor holds no other office")
            s.office_of[self._mayor] = "mayor"
        held = [o for o in s.office_of if o is not None]
        if len(held) != len(set(held)):
            raise ValueError("each office goes to at most one player (R31)")
        for w in self._locked:
            self._require_ward(s, w, "a lock")
        s.locked = set(self._locked)
        s.locks_this_term = (len(self._locked) if self._locks_used is None
                             else self._locks_used)
        s.current = self._current
        s.first = self._current if self._first is None else self._first
        s.turns_taken = (s.current - s.first) % self.players
        s.placed, s.office_used, s.slandered = self._turn_flags
        s.election = None
        s.result = None
        s.last_results = None
        self._validate(s)
        return s

    @staticmethod
    def _require_ward(s: State, ward: int, what: str) -> None:
        if ward not in board.WARDS:
            raise ValueError(f"no ward {ward}")
        if not s.in_play(ward):
            raise ValueError(f"{what} in ward {ward}, which is not in play (R8)")

    def _fill_bag(self, s: State) -> list[int]:
        """R2: the bag holds what the wards, Castle Garden and the boxes do not."""
        used = [sum(s.cubes[w][i] for w in board.WARDS) + s.castle[i]
                + sum(box[i] for box in s.zone_box.values()) for i in range(N_NAT)]
        rest = [board.CUBES_PER_NATIONALITY - used[i] for i in range(N_NAT)]
        if self._bag is None:
            return rest
        if self._surplus_ward is not None:
            self._require_ward(s, self._surplus_ward, "the surplus")
            for i in range(N_NAT):
                s.cubes[self._surplus_ward][i] += rest[i] - self._bag[i]
        elif rest != self._bag:
            raise ValueError(f"the bag {self._bag} leaves {rest} unaccounted for (R2)")
        return list(self._bag)

    @staticmethod
    def _validate(s: State) -> None:
        counts = [*(s.cubes[w] for w in board.WARDS), s.castle, s.bag,
                  *s.zone_box.values(), *s.chips, *s.bosses.values(),
                  s.slander_chips, s.points]
        if any(x < 0 for c in counts for x in c):
            raise ValueError("a count below zero (more than 25 cubes of a nationality?)")
        for w in board.WARDS:
            if s.in_play(w) and sum(s.cubes[w]) == 0:
                raise ValueError(f"ward {w} is in play but holds no cube (R8)")
        if not 0 <= s.locks_this_term <= s.rules.locks_per_term:
            raise ValueError("at most two locks a term (R16)")


def start_election(s: State) -> list[dict]:
    """Hold the election now, as at the end of year 4, 8, 12 or 16 (R13):
    Castle Garden's cubes go back to the bag and the wards vote (R22). Returns
    the events; the state is then in the phase the first ward needs."""
    if s.phase != "turn" or s.year % s.rules.years_per_term:
        raise ValueError("an election follows year 4, 8, 12 or 16, from a turn")
    s.turns_taken = 0
    return flow.start_election(s)
