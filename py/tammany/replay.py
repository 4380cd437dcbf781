"""Replaying a game move by move: the position after any move, fast, and never a secret.

A game is its seats, seed and moves, so any position can be rebuilt by replaying
the first N moves. Doing that from the start at every step of a viewer would cost
a whole game's replay per tap, so `Replay` replays the game once when it opens and
keeps:

- a *checkpoint* (a cloned `State`) every `CHECKPOINT_EVERY` moves, so the state
  after move N is a clone of the checkpoint at or before N plus fewer than
  `CHECKPOINT_EVERY` moves applied;
- the *cursor*, the last state it built: stepping one move forward from it costs
  one move;
- each move's public facts for the timeline (who, which year and term, whether it
  starts a turn, a year or an election, the events it produced — codes and values, which
  the page words) and the points after each election (the points-over-time chart).

Secrets (R34): a replay is only ever built from moves whose bids are revealed —
`Game.committed_history()` or a save code — so a ward still taking bids in an
unfinished game is never in it. The position after move N is shown with the
spectator's view, which holds no bid before its ward's reveal even when later
moves (in a finished game) reveal it; nothing drawn from the bag after move N is
in the view at N (the bag is only counts). The timeline's events are the log's,
which never carry a bid before its reveal. Moves are described by kind only, never
by their fields (a bid's chips stay out of it).
"""

from .errors import IllegalAction
from .game import Game
from .prompt import prompt
from .rules_config import STANDARD, Rules
from .state import State

CHECKPOINT_EVERY = 8
"""Moves between checkpoints: a jump replays at most 7 moves (~0.1 ms each in CPython)."""


def _facts(s: State) -> tuple:
    """The year, the term and, in a turn, the turn (year, turns taken) a move meets."""
    return s.year, s.term, ((s.year, s.turns_taken) if s.phase == "turn" else None)


class Replay:
    """A finished or unfinished game's committed moves, replayable to any move."""

    def __init__(self, seats, seed: int, moves, game_id: int | None = None,
                 rules: Rules = STANDARD) -> None:
        self.seats = tuple(seats)
        self.seed = seed
        self.game_id = game_id  # a game across devices replays with its id (docs/remote.md)
        self.rules = rules  # and a game with house rules by them
        self.moves = list(moves)
        game = Game(self.seats, seed, game_id, rules)
        self.checkpoints: list[State] = [game.state.clone()]
        self.events: list[list[dict]] = [list(game.setup_events)]
        self.timeline: list[dict] = [self._entry(0, None, game.state, self.events[0])]
        self.points_after_election: list[list[int]] = []
        # apply changes the state in place: each move's facts are read before it is applied
        before = _facts(game.state)
        previous_turn = None
        for number, events in enumerate(game.apply_moves(self.moves), 1):
            seat, action = self.moves[number - 1]
            year, term, turn = before
            info = {"seat": seat, "kind": action.kind, "year": year, "term": term,
                    "starts_turn": turn is not None and turn != previous_turn}
            previous_turn = turn
            before = _facts(game.state)
            self.events.append(events)
            self.timeline.append(self._entry(number, info, game.state, events))
            if any(e["e"] == "mayor" for e in events):
                self.points_after_election.append(list(game.state.points))
            if number % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(game.state.clone())
        self.final_hash = game.hash()
        self.over = game.is_over
        self._cursor: tuple[int, State] = (len(self.moves), game.state)

    @classmethod
    def of_game(cls, game: Game) -> "Replay":
        """The game's committed moves: never a bid of the ward still taking bids (R34)."""
        return cls(game.seats, game.seed, game.committed_history(), game.game_id, game.rules)

    @staticmethod
    def _entry(number: int, info: dict | None, after: State, events: list[dict]) -> dict:
        """One move's public facts for the timeline (no action fields: a bid stays sealed)."""
        kinds = {e["e"] for e in events}
        entry = {
            "n": number,
            "seat": None if info is None else info["seat"],
            "kind": None if info is None else info["kind"],
            "year": after.year if info is None else info["year"],
            "term": after.term if info is None else info["term"],
            "turn": bool(info and info["starts_turn"]),
            "election": after.term if "election" in kinds else None,
            "year_begins": after.year if "year" in kinds else None,
            "reveal": [e["ward"] for e in events if e["e"] == "ward_vote"],
            "events": events,
        }
        if "mayor" in kinds:
            entry["election_done"] = after.term
        return entry

    # --- the position after move n ------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.moves)

    def check_at(self, at) -> int:
        if type(at) is not int or not 0 <= at <= self.length:
            raise IllegalAction("bad_move_number",
                                f"There is no move {at}: this game has moves 0 to {self.length}.",
                                at=str(at)[:12], moves=self.length)
        return at

    def state_at(self, at: int) -> State:
        """The state after `at` moves. The returned state is the replay's own: read it,
        never apply to it."""
        at = self.check_at(at)
        done, state = self._cursor
        if not done <= at < done + CHECKPOINT_EVERY:
            done = at - at % CHECKPOINT_EVERY
            state = self.checkpoints[done // CHECKPOINT_EVERY].clone()
        for seat, action in self.moves[done:at]:
            state.apply(seat, action)
        self._cursor = (at, state)
        return state

    def frame(self, at: int) -> dict:
        """What a spectator sees after move `at`: the view, the prompt, the events of that
        move and the state hash."""
        state = self.state_at(at)
        return {"at": at, "view": state.view(None), "prompt": prompt(state),
                "events": self.events[at], "hash": state.hash()}

    def points_series(self) -> list[dict]:
        """Each seat's points after each election held so far (the points-over-time chart)."""
        return [{"seat": p, "name": seat.name, "color": seat.color,
                 "points": [points[p] for points in self.points_after_election]}
                for p, seat in enumerate(self.seats)]

    def summary(self) -> dict:
        """The replay as a whole: seats, the number of moves, the timeline, the points, and
        the house rules it was played by ({switch: option} where not the default)."""
        return {"moves": self.length,
                "seats": [{"name": s.name, "color": s.color, "level": s.level}
                          for s in self.seats],
                "rules": self.rules.house_rules(),
                "over": self.over,
                "timeline": self.timeline,
                "points": self.points_series()}

    def game_at(self, at: int) -> Game:
        """A new game from the position after move `at` ("play on from here"). A ward in
        the middle of its sealed bids starts its bidding again: the new game holds only
        revealed moves, like its save code (R34). A game across devices is not played on
        here: its seats' secrets live on their devices."""
        at = self.check_at(at)
        if self.game_id is not None:
            raise IllegalAction("replay_remote", "A game played across devices cannot be "
                                "played on from its replay.")
        game = Game.replay(self.seats, self.seed, self.moves[:at], rules=self.rules)
        committed = game.committed_history()
        if len(committed) < len(game.history):
            game = Game.replay(self.seats, self.seed, committed, rules=self.rules)
        return game
