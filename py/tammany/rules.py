"""Dispatch: each action kind's check (raises, changes nothing) and effect (changes the
state, returns the events). What follows an effect is `flow`'s: `flow.apply` is the
whole of an action."""

from . import election, offices, remote, slander, turn
from .actions import ALL_ACTION_TYPES, validate_field
from .errors import IllegalAction
from .state import State


def check_bid(s: State, seat: int, a) -> None:
    """R24, R25; across devices a ward with several bidders takes sealed bids only."""
    election.require_bidder(s, seat)
    remote.check_clear_bid(s, seat)
    if a.n is not None:  # None: a partial bid (legal.explain), nothing chosen yet
        election.check_bid_chips(s, seat, a.n)


HANDLERS = {
    "bosses": (turn.check_bosses, turn.do_bosses),
    "boss_cube": (turn.check_boss_cube, turn.do_boss_cube),
    "end": (turn.check_end, turn.do_end),
    "deputy": (offices.check_deputy, offices.do_deputy),
    "police": (offices.check_police, offices.do_police),
    "council": (offices.check_council, offices.do_council),
    "precinct": (offices.check_precinct, offices.do_precinct),
    "slander": (slander.check_slander, slander.do_slander),
    "bid": (check_bid, election.do_bid),
    "bonus_cube": (election.check_bonus_cube, election.do_bonus_cube),
    "bonus_chip": (election.check_bonus_chip, election.do_bonus_chip),
    "bonus_skip": (election.check_bonus_skip, election.do_bonus_skip),
    "offices": (election.check_offices, election.do_offices),
    "anchor": (remote.check_anchor, remote.do_anchor),
    "draw": (remote.check_draw, remote.do_draw),
    "seal": (remote.check_seal, remote.do_seal),
    "open": (remote.check_open, remote.do_open),
}

OPTIONAL_FIELDS = frozenset({"w2"})


def check(s: State, seat: int, action, partial: bool = False) -> None:
    """Raise IllegalAction unless `seat` may take `action` now.

    With `partial`, fields left None are not yet chosen and are not checked.
    """
    kind = getattr(action, "kind", None)
    if ALL_ACTION_TYPES.get(kind) is not type(action):
        raise IllegalAction("bad_action", "This is not an action the game knows.")
    if s.phase == "over":
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or not 0 <= seat < s.players:
        raise IllegalAction("bad_seat", "There is no such player.")
    for name, value in zip(action._fields, action, strict=True):
        if value is None:
            if not partial and name not in OPTIONAL_FIELDS:
                raise IllegalAction("bad_action", "The action is incomplete.", missing=name)
        else:
            validate_field(name, value)
    HANDLERS[kind][0](s, seat, action)


def effect(s: State, seat: int, action) -> list[dict]:
    """Apply a checked action's own effect; the events say what happened, in order."""
    return HANDLERS[action.kind][1](s, seat, action)
