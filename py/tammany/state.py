"""The game state as plain data: every field of one game at one moment, the simple
questions about it (whose move, which wards are open), a copy, and its hash.

No rules here: the modules named by area (setup, turn, offices, slander, election,
scoring, remote) change a state, `flow` decides what comes next, and `engine.State`
adds the OpenSpiel-shaped entry points (`apply`, `legal_actions`, `view`) on top of
this class. `clone()` is a hand-written copy for searches (never `copy.deepcopy`:
too slow).
"""

import hashlib
import json

from . import board
from .rng import Rng
from .rules_config import STANDARD, Rules

N_NAT = len(board.NATIONALITIES)
NAT_INDEX = {name: i for i, name in enumerate(board.NATIONALITIES)}


class Election:
    """Progress of the election being held (R22–R28)."""

    __slots__ = ("order", "index", "bidders", "bids", "bonus", "won", "results", "seals")

    def __init__(self, order: list[int], players: int) -> None:
        self.order = order            # wards voting, in R22 order
        self.index = 0                # the ward voting now is order[index]
        self.bidders: tuple = ()      # seats asked to bid in that ward (R25)
        self.bids: dict = {}          # seat -> chip tuple; secret until revealed (R34)
        self.bonus: int | None = None  # ward whose bonus its winner may claim now (R27)
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.results: list[dict] = []  # public outcome of each ward already voted
        self.seals: dict = {}         # across devices: seat -> commitment (docs/remote.md)

    @property
    def ward(self) -> int | None:
        return self.order[self.index] if self.index < len(self.order) else None

    def clone(self) -> "Election":
        other = Election.__new__(Election)
        other.order = self.order
        other.index = self.index
        other.bidders = self.bidders
        other.bids = dict(self.bids)
        other.bonus = self.bonus
        other.won = [list(w) for w in self.won]
        other.results = list(self.results)
        other.seals = dict(self.seals)
        return other


class State:
    """Everything about one game at one moment (seats, board, hands, phase, generator)."""

    __slots__ = (
        "players", "names", "colors", "year", "phase", "first", "current", "turns_taken",
        "office_used", "placed", "slandered", "cubes", "bosses", "locked", "locks_this_term",
        "zone_in_play", "zone_box", "castle", "bag", "chips", "slander_chips",
        "slandered_term", "points", "breakdown", "office_of", "mayor", "election", "rng",
        "result", "last_results", "remote", "points_after", "marker", "rules",
    )

    def __init__(self, names, seed: int, colors=None, rules: Rules = STANDARD) -> None:
        """A game before its set-up draws (R1, R2, R4): the pieces in their boxes and the
        bag, no start player yet; `flow.start` deals the rest from the seed. `rules`: the
        numbers and house rules it is played by (rules_config.py)."""
        players = len(names)
        if not 3 <= players <= 5:
            raise ValueError("Tammany Hall is played by 3, 4 or 5 players (R1).")
        self.players = players
        self.rules = rules
        self.names = tuple(names)
        self.colors = tuple(colors or board.PLAYER_COLORS[:players])
        self.year = 1
        self.phase = "turn"
        self.rng = Rng(seed)
        self.remote = None
        self.cubes = {w: [0] * N_NAT for w in board.WARDS}
        self.bosses = {w: [0] * players for w in board.WARDS}
        self.locked = set()
        self.locks_this_term = 0
        self.zone_in_play = {z: False for z in board.ZONES}
        self.zone_box = {z: [board.SETUP_CUBES[z].get(n, 0) for n in board.NATIONALITIES]
                         for z in board.ZONES}
        self.castle = [0] * N_NAT
        self.bag = [board.CUBES_PER_NATIONALITY - sum(box[i] for box in self.zone_box.values())
                    for i in range(N_NAT)]
        self.chips = [[0] * N_NAT for _ in range(players)]
        self.slander_chips = [rules.slander_chips] * players
        self.slandered_term = [False] * players
        self.points = [0] * players
        self.breakdown = [{"wards": 0, "tammany": 0, "mayor": 0, "chips": 0, "slander": 0}
                          for _ in range(players)]
        self.points_after = []
        self.office_of = [None] * players
        self.mayor = None
        self.election = None
        self.result = None
        self.last_results = None
        self.first = self.current = None
        self.turns_taken = 0
        self.office_used = self.placed = self.slandered = False
        # What a rule just finished ("turn_over", "bids_in", …), for flow to act on within the
        # same action; always None between actions, so never in a view, a hash or a code.
        self.marker = None

    def clone(self) -> "State":
        cls = type(self)  # a subclass (engine.State) clones to its own class
        other = cls.__new__(cls)
        other.players = self.players
        other.rules = self.rules  # frozen: shared
        other.names = self.names
        other.colors = self.colors
        other.year = self.year
        other.phase = self.phase
        other.first = self.first
        other.current = self.current
        other.turns_taken = self.turns_taken
        other.office_used = self.office_used
        other.placed = self.placed
        other.slandered = self.slandered
        other.cubes = {w: list(c) for w, c in self.cubes.items()}
        other.bosses = {w: list(b) for w, b in self.bosses.items()}
        other.locked = set(self.locked)
        other.locks_this_term = self.locks_this_term
        other.zone_in_play = dict(self.zone_in_play)
        other.zone_box = {z: list(c) for z, c in self.zone_box.items()}
        other.castle = list(self.castle)
        other.bag = list(self.bag)
        other.chips = [list(c) for c in self.chips]
        other.slander_chips = list(self.slander_chips)
        other.slandered_term = list(self.slandered_term)
        other.points = list(self.points)
        other.breakdown = [dict(b) for b in self.breakdown]
        other.points_after = [list(p) for p in self.points_after]
        other.office_of = list(self.office_of)
        other.mayor = self.mayor
        other.election = self.election.clone() if self.election else None
        other.rng = self.rng.clone()
        other.result = self.result
        other.last_results = self.last_results
        other.remote = self.remote.clone() if self.remote else None
        other.marker = self.marker
        return other

    # --- simple questions -------------------------------------------------
    @property
    def term(self) -> int:
        rules = self.rules
        return min((self.year - 1) // rules.years_per_term + 1, rules.terms)

    def in_play(self, ward: int) -> bool:
        """R8: a ward is in play when its zone is (it then always holds a cube)."""
        return self.zone_in_play[board.ZONE_OF[ward]]

    def open_for_pieces(self, ward: int) -> bool:
        """In play and not locked (R12, R16)."""
        return self.zone_in_play[board.ZONE_OF[ward]] and ward not in self.locked

    def wards_in_play(self) -> list[int]:
        return [w for w in board.WARDS if self.zone_in_play[board.ZONE_OF[w]]]

    def to_act(self) -> list[int]:
        """The seats that must act now: one in a turn, several during a sealed bid."""
        if self.phase == "turn":
            return [self.current]
        if self.phase == "bid":
            e = self.election
            waiting = [s for s in e.bidders if s not in e.bids and s not in e.seals]
            # across devices, once every bidder has sealed or bid, the sealed ones open
            return waiting or [s for s in e.bidders if s not in e.bids]
        if self.phase == "draw":  # across devices: a turn that begins with a draw
            return [self.current]
        if self.phase == "bonus":
            return [self.election.results[-1]["winner"]]
        if self.phase == "offices":
            return [self.mayor]
        return []

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hash(self) -> str:
        return state_hash(self)


def public_state(s: State) -> list:
    """The facts the hash covers, in a fixed layout of plain values: every public
    field of the state and the generator, never a pending bid's content (R34).
    Kept apart from the view (view.py) so the page's view can grow without changing
    hashes."""
    e = s.election
    election = None if e is None else [
        list(e.order), e.index, list(e.bidders), sorted(e.bids), e.bonus,
        [list(w) for w in e.won], e.results]
    if e is not None and s.remote is not None:
        election.append(sorted(e.seals.items()))
    facts = [
        1,  # layout version of this list
        list(s.names), list(s.colors), s.year, s.phase, s.first, s.current, s.turns_taken,
        [s.office_used, s.placed, s.slandered],
        [[w, list(s.cubes[w]), list(s.bosses[w])] for w in board.WARDS],
        sorted(s.locked), s.locks_this_term,
        [[z, s.zone_in_play[z], list(s.zone_box[z])] for z in board.ZONES],
        list(s.castle), list(s.bag), [list(c) for c in s.chips], list(s.slander_chips),
        list(s.slandered_term), list(s.points), [sorted(b.items()) for b in s.breakdown],
        list(s.office_of), s.mayor, election, s.last_results, s.result,
        s.rng.state,
    ]
    if s.remote is not None:  # a hot-seat game's list (and hash) is unchanged
        facts.append(s.remote.public())
    if s.rules is not STANDARD and s.rules != STANDARD:  # a standard game's hash is unchanged
        facts.append({"rules": s.rules.to_json()})
    return facts


def state_hash(s: State) -> str:
    """SHA-256 (first 16 hex digits) of `public_state`: the same in any Python. It covers
    exactly the public state plus the generator, so a hash shown on a page cannot leak a
    sealed bid (R34)."""
    text = json.dumps(public_state(s), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
