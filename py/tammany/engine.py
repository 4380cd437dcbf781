"""The state you play on: `state.State`'s data with the OpenSpiel-shaped entry points
(`apply`, `legal_actions`, `random_action`, `view`), and `new_state` to start a game.

The entry points live in this subclass, above the rules, because they call into the
layers above the data (flow, legal, view): defined on the data class itself they would
make the rules import what imports them. The rule modules see only the data class;
everything a caller gets (`new_state`, `Game.state`, `determinize.state_from_view`,
`clone()`) is this class.
"""

from . import flow, legal, rules
from . import state as data
from .rng import Rng
from .rules_config import STANDARD, Rules
from .view import view as view_of


class State(data.State):
    """One game at one moment, with the rules' entry points. Applying an action changes
    the state in place (as python-chess pushes a move); `clone()` copies it."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list:
        return legal.legal_actions(self, seat)

    def random_action(self, seat: int, rng: Rng):
        return legal.random_action(self, seat, rng)

    def check(self, seat: int, action, partial: bool = False) -> None:
        rules.check(self, seat, action, partial)

    def apply(self, seat: int, action) -> list[dict]:
        """Check, then apply `action` for `seat`; return the events, in order."""
        return flow.apply(self, seat, action)

    def view(self, seat: int | None = None) -> dict:
        return view_of(self, seat)


def new_state(names: list[str], seed: int, colors: list[str] | None = None,
              rules: Rules = STANDARD) -> tuple[State, list]:
    """A new game for 3–5 seats (ValueError otherwise, R1), played by `rules` (the
    standard ones unless given), and the events of its set-up."""
    s = State(names, seed, colors, rules)
    return s, flow.start(s)
