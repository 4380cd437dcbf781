"""A game is its seats, its seed and its actions: `Game` keeps the three and the current
`State`; replaying them rebuilds the state exactly (docs/architecture.md)."""

from collections.abc import Iterator
from dataclasses import dataclass

from . import board
from .actions import OFFICE_KINDS
from .engine import new_state
from .errors import IllegalAction
from .legal import choices, explain
from .remote import RemoteState
from .rules_config import STANDARD, Rules

MAX_NAME_LENGTH = 20
_FORBIDDEN_NAME_CHARS = frozenset(
    [chr(c) for c in range(0x20)] + [chr(0x7F)] + [chr(c) for c in range(0x80, 0xA0)]
    + ["\u061c", "\u200e", "\u200f"] + [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + [chr(c) for c in range(0xD800, 0xE000)]
)
"""Control characters, bidirectional marks/overrides/isolates and lone surrogates
(they cannot cross to JavaScript intact): a name may not hold them."""

LEVELS = ("human", "easy", "hard", "random")


@dataclass(frozen=True)
class Seat:
    """Who sits at a place: a name, a colour, and human or a computer level."""
    name: str
    color: str
    level: str = "human"


def check_name(name, seat: int) -> str:
    """Names: 1–20 code points, any script, no control or bidi-override characters,
    not normalised (the page marks a name as it is typed by the same rule). A refusal names
    the `seat` whose name it is, so the page points at that field."""
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("bad_name", "A name needs at least one visible character.",
                            why="empty", seat=seat)
    if len(name) > MAX_NAME_LENGTH:
        raise IllegalAction("bad_name", "A name has at most 20 characters.", name=name[:20],
                            why="long", seat=seat)
    if any(ch in _FORBIDDEN_NAME_CHARS for ch in name):
        raise IllegalAction("bad_name", "A name may not contain control characters.",
                            why="control", seat=seat)
    return name


def check_seats(seats) -> tuple:
    seats = tuple(seats)
    if not 3 <= len(seats) <= 5:
        raise IllegalAction("bad_seats", "Tammany Hall is played by 3, 4 or 5 players (R1).")
    for index, seat in enumerate(seats):
        check_name(seat.name, index)
        if seat.color not in board.PLAYER_COLORS:
            raise IllegalAction("bad_seats", "Unknown player colour.", color=str(seat.color)[:20])
        if seat.level not in LEVELS:
            raise IllegalAction("bad_seats", "Unknown player kind.", level=str(seat.level)[:20])
    if len({s.color for s in seats}) != len(seats):
        raise IllegalAction("bad_seats", "Each player needs a different colour.")
    return seats


class Game:
    """Seats + seed + actions (and the rules they are played by), and the state they lead
    to."""

    def __init__(self, seats, seed: int, game_id: int | None = None,
                 rules: Rules = STANDARD) -> None:
        """`game_id` (0 … 2^64 - 1) makes a game across devices (docs/remote.md);
        None, the default, a hot-seat game. `rules`: the numbers and house rules
        (rules_config.py), the standard ones by default."""
        self.seats = check_seats(seats)
        self.seed = seed
        self.game_id = game_id
        if not isinstance(rules, Rules):
            raise IllegalAction("bad_rules", "The house rules are not understood.")
        self.rules = rules
        self.history: list[tuple[int, object]] = []
        self.state, self.setup_events = new_state(
            [s.name for s in self.seats], seed, [s.color for s in self.seats], rules)
        if game_id is not None:
            if type(game_id) is not int or not 0 <= game_id < 2**64:
                raise IllegalAction("bad_game_id", "A game id is a number from 0 to 2^64 - 1.")
            self.state.remote = RemoteState(game_id, len(self.seats))

    @property
    def remote(self) -> bool:
        """Played across devices (sealed bids by commitment, draws from contributions)."""
        return self.game_id is not None

    @classmethod
    def create(cls, names, seed: int, colors=None, levels=None,
               game_id: int | None = None, rules: Rules = STANDARD) -> "Game":
        if not 3 <= len(names) <= 5:  # before pairing names with the five colours
            raise IllegalAction("bad_seats", "Tammany Hall is played by 3, 4 or 5 players (R1).")
        colors = colors or board.PLAYER_COLORS[:len(names)]
        levels = levels or ["human"] * len(names)
        return cls([Seat(n, c, k) for n, c, k in zip(names, colors, levels, strict=True)], seed,
                   game_id, rules)

    @classmethod
    def replay(cls, seats, seed: int, actions, game_id: int | None = None,
               rules: Rules = STANDARD) -> "Game":
        """Rebuild a game; raises IllegalAction naming the first move that fails."""
        game = cls(seats, seed, game_id, rules)
        for _events in game.apply_moves(actions):
            pass
        return game

    def restarted(self) -> "Game":
        """The same game before its first move: its seats, seed, id and rules (to replay
        its history with other eyes: the log, a summary)."""
        return Game(self.seats, self.seed, self.game_id, self.rules)

    def apply_moves(self, moves) -> Iterator[list[dict]]:
        """Apply `moves` ((seat, action) pairs) in order, yielding each one's events: the one
        way a history is replayed (a rebuilt game, a decoded code, the log, the replay
        viewer). A move that is not legal, or whose reading raises, raises IllegalAction
        `bad_move` with its number in the game and the reason; the moves before it stay
        applied. `moves` may be lazy: a code's decoder reads each move from the state the
        moves before it left."""
        moves = iter(moves)
        number = len(self.history)
        while True:
            number += 1
            try:
                move = next(moves, None)
                if move is None:
                    return
                events = self.apply(*move)
            except IllegalAction as err:
                raise IllegalAction("bad_move", f"Move {number} is not legal: {err.message}",
                                    move=number, reason=err.to_json()) from None
            yield events

    # --- delegation to the state ------------------------------------------
    def to_act(self) -> list[int]:
        return self.state.to_act()

    def legal_actions(self, seat: int) -> list:
        return self.state.legal_actions(seat)

    def random_action(self, seat: int, rng):
        return self.state.random_action(seat, rng)

    def choices(self, seat: int, partial) -> dict:
        return choices(self.state, seat, partial)

    def explain(self, seat: int, partial) -> dict | None:
        return explain(self.state, seat, partial)

    def apply(self, seat: int, action) -> list[dict]:
        events = self.state.apply(seat, action)
        self.history.append((seat, action))
        return events

    def view(self, seat: int | None = None) -> dict:
        return self.state.view(seat)

    def hash(self) -> str:
        return self.state.hash()

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def result(self) -> dict | None:
        return self.state.result

    # --- undo -----------------------------------------------------------------
    UNDOABLE = frozenset({"bosses", "boss_cube", *OFFICE_KINDS, "slander"})

    def can_undo(self) -> bool:
        """Only this turn's own steps: never across a turn's end, a bid, a bonus,
        an office assignment or a drawn cube (those are never in a turn's steps)."""
        return bool(self.history) and self.history[-1][1].kind in self.UNDOABLE

    def undo(self) -> None:
        """Take back the last step of the current turn by replaying the rest."""
        if not self.can_undo():
            raise IllegalAction("cannot_undo", "There is nothing in this turn to take back.")
        rebuilt = Game.replay(self.seats, self.seed, self.history[:-1], self.game_id,
                              self.rules)
        self.state, self.history = rebuilt.state, rebuilt.history

    def committed_history(self) -> list[tuple[int, object]]:
        """The actions minus sealed bids of the ward still bidding (R34): what a
        save code may carry. Replaying it asks those bidders again. Across devices
        every action is public (a bid travels sealed), so that is the whole history."""
        if self.remote:
            return list(self.history)
        pending = len(self.state.election.bids) if self.state.phase == "bid" else 0
        return self.history[:len(self.history) - pending]
