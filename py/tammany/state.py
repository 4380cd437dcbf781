"""The game state: plain data plus the OpenSpiel-shaped entry points.

Rules live in the modules named by area (turn, offices, slander, election,
scoring); `State` only holds the data, answers simple questions about it, and
delegates. Applying an action mutates the state in place; `clone()` is a
hand-written copy for searches (never `copy.deepcopy`: too slow).
"""

from . import board
from .rng import Rng

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
        "result", "last_results", "remote", "points_after",
    )

    def clone(self) -> "State":
        other = State.__new__(State)
        other.players = self.players
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
        return other

    # --- simple questions -------------------------------------------------
    @property
    def term(self) -> int:
        return min((self.year - 1) // 4 + 1, 4)

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

    # --- the OpenSpiel-shaped API, delegated to the rule modules --------------
    def legal_actions(self, seat: int) -> list:
        from .legal import legal_actions
        return legal_actions(self, seat)

    def random_action(self, seat: int, rng: Rng):
        from .legal import random_action
        return random_action(self, seat, rng)

    def check(self, seat: int, action, partial: bool = False) -> None:
        from .rules import check
        check(self, seat, action, partial)

    def apply(self, seat: int, action) -> list[dict]:
        """Check, then apply `action` for `seat`; return the events, in order."""
        from .rules import apply
        return apply(self, seat, action)

    def view(self, seat: int | None = None) -> dict:
        from .view import view
        return view(self, seat)

    def hash(self) -> str:
        from .view import state_hash
        return state_hash(self)
