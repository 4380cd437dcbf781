"""Actions: small immutable values with a compact JSON form (docs/api.md).

Fields left as None make a *partial* action, which the page uses to compose a
placement tap by tap (see `legal.choices`).

Each action has one form: where the rules do not care about an order, construction puts
the values in the order the engine lists them (`PlaceBosses(14, 6)` is `PlaceBosses(6, 14)`,
an `AssignOffices` has its pairs sorted by seat, a bid's counts are a tuple). So an action
that `apply` accepts always equals the one `legal_actions` lists.
"""

from typing import NamedTuple

from .board import NATIONALITIES, OFFICES, WARDS
from .errors import IllegalAction


class PlaceBosses(NamedTuple):
    """R12a: two bosses, into wards `a` and `b` (the same ward allowed)."""
    a: int | None = None
    b: int | None = None
    kind = "bosses"


class PlaceBossCube(NamedTuple):
    """R12b: a boss into ward `b`, a Castle Garden cube of colour `c` into ward `w`."""
    b: int | None = None
    c: str | None = None
    w: int | None = None
    kind = "boss_cube"


class DeputyMayor(NamedTuple):
    """R14: take one favor chip of colour `c`."""
    c: str | None = None
    kind = "deputy"


class ChiefOfPolice(NamedTuple):
    """R15: remove a cube of colour `c` from ward `w` to the bag."""
    w: int | None = None
    c: str | None = None
    kind = "police"


class CouncilPresident(NamedTuple):
    """R16: lock ward `w`."""
    w: int | None = None
    kind = "council"


class PrecinctChairman(NamedTuple):
    """R17: move a cube of colour `c` from ward `w` to adjacent ward `to`."""
    w: int | None = None
    c: str | None = None
    to: int | None = None
    kind = "precinct"


class Slander(NamedTuple):
    """R20–R21: slander seat `p` in ward `w` paying a chip of `c`; `w2` spreads it."""
    p: int | None = None
    w: int | None = None
    c: str | None = None
    w2: int | None = None
    kind = "slander"


class EndTurn(NamedTuple):
    """R11: end the turn once placing is done."""
    kind = "end"


class Bid(NamedTuple):
    """R24: a sealed bid, chips per nationality in NATIONALITIES order."""
    n: tuple = (0, 0, 0, 0)
    kind = "bid"


class BonusCube(NamedTuple):
    """R27 (wards 1, 2): a cube of colour `c` from the bag into ward `w`."""
    c: str | None = None
    w: int | None = None
    kind = "bonus_cube"


class BonusChip(NamedTuple):
    """R27 (wards 4, 7): one favor chip of colour `c`."""
    c: str | None = None
    kind = "bonus_chip"


class SkipBonus(NamedTuple):
    """R27: decline the ward bonus."""
    kind = "bonus_skip"


class AssignOffices(NamedTuple):
    """R31: the mayor's assignment, a tuple of (seat, office) pairs sorted by seat."""
    o: tuple = ()
    kind = "offices"


# --- a game across devices only (docs/remote.md); values are lowercase hex digits -------
class Anchor(NamedTuple):
    """A seat's first move across devices: `y`, the anchor y[0] of its hash chain."""
    y: str | None = None
    kind = "anchor"


class Draw(NamedTuple):
    """A turn that needs cubes drawn begins with this: `y`, the seat's next chain value."""
    y: str | None = None
    kind = "draw"


class SealBid(NamedTuple):
    """R24 across devices: the commitment `h` to a bid that stays on the bidder's device."""
    h: str | None = None
    kind = "seal"


class OpenBid(NamedTuple):
    """R24 across devices: the sealed bid `n` and its salt `y` (the seat's next chain
    value), checked against the chain and the seal."""
    n: tuple = (0, 0, 0, 0)
    y: str | None = None
    kind = "open"


ACTION_TYPES = {
    cls.kind: cls
    for cls in (PlaceBosses, PlaceBossCube, DeputyMayor, ChiefOfPolice, CouncilPresident,
                PrecinctChairman, Slander, EndTurn, Bid, BonusCube, BonusChip, SkipBonus,
                AssignOffices)
}
"""The kinds of every game."""
REMOTE_ACTION_TYPES = {cls.kind: cls for cls in (Anchor, Draw, SealBid, OpenBid)}
"""The kinds only a game across devices takes (docs/remote.md)."""
ALL_ACTION_TYPES = {**ACTION_TYPES, **REMOTE_ACTION_TYPES}


# --- one form per action ---------------------------------------------------------------
def _bosses_in_order(values: tuple) -> tuple:
    """R12a places two bosses at once: the pair is unordered, listed smaller ward first."""
    a, b = values
    return (b, a) if type(a) is int and type(b) is int and b < a else values


def _counts_as_tuple(values: tuple) -> tuple:
    (n,) = values
    return (tuple(n),) if isinstance(n, list) else values


def _offices_by_seat(values: tuple) -> tuple:
    """R31's assignment is a set of (seat, office) pairs: listed by seat."""
    (o,) = values
    pairs = o.items() if isinstance(o, dict) else o
    try:
        return (tuple(sorted(tuple(pair) for pair in pairs)),)
    except TypeError:  # not pairs of comparable values: left as given, for the checks to refuse
        return values


def _one_form(cls, normal) -> None:
    """Make `cls(...)` and `cls._make(...)` return the normal form `normal(values)`.
    (A NamedTuple's body may not define __new__, so it is wrapped here.)"""
    plain_new = cls.__new__

    def __new__(klass, *args, **kwargs):
        return tuple.__new__(klass, normal(tuple(plain_new(klass, *args, **kwargs))))

    cls.__new__ = staticmethod(__new__)
    cls._make = classmethod(lambda klass, iterable: klass(*iterable))


_one_form(PlaceBosses, _bosses_in_order)
_one_form(Bid, _counts_as_tuple)
_one_form(AssignOffices, _offices_by_seat)



def _eq(self, other) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _ne(self, other) -> bool:
    return not _eq(self, other)


def _hash(self) -> int:
    return hash((self.kind, tuple(self)))


for _cls in ALL_ACTION_TYPES.values():
    # Actions of different kinds never compare equal, though as tuples they may:
    # PlaceBossCube(8, "irish", 5) and PrecinctChairman(8, "irish", 5) are
    # different moves, and EndTurn() is not SkipBonus().
    _cls.__eq__, _cls.__ne__, _cls.__hash__ = _eq, _ne, _hash

OFFICE_ACTION = {
    "deputy_mayor": DeputyMayor,
    "chief_of_police": ChiefOfPolice,
    "council_president": CouncilPresident,
    "precinct_chairman": PrecinctChairman,
}
"""Which action each office's power is."""
OFFICE_KINDS = tuple(action.kind for action in OFFICE_ACTION.values())
"""The kinds of the office powers' actions (R14–R17): deputy, police, council, precinct."""

WARD_FIELDS = frozenset({"a", "b", "w", "to", "w2"})
COLOR_FIELDS = frozenset({"c"})
HEX_FIELDS = {"y": 16, "h": 24}
"""Fields holding a hash value as exactly this many lowercase hex digits: a chain value
(64 bits) and a bid's commitment (96 bits)."""
_HEX = frozenset("0123456789abcdef")


def to_json(action) -> dict:
    """The compact JSON form: {"t": kind, field: value, …}; None fields omitted."""
    out = {"t": action.kind}
    for name, value in zip(action._fields, action, strict=True):
        if value is None:
            continue
        if name == "n":
            value = list(value)
        elif name == "o":
            value = {str(seat): office for seat, office in value}
        out[name] = value
    return out


def _bad(message: str, **params) -> IllegalAction:
    return IllegalAction("bad_action", message, **params)


def from_json(data, *, partial: bool = False):
    """Parse an action's JSON form, checking every field's type and range.

    With `partial`, missing fields stay None (a partial action for the page).
    Raises IllegalAction("bad_action") for anything malformed.
    """
    if not isinstance(data, dict) or data.get("t") not in ALL_ACTION_TYPES:
        raise _bad("This is not an action the game knows.")
    cls = ALL_ACTION_TYPES[data["t"]]
    unknown = set(data) - set(cls._fields) - {"t"}
    if unknown:
        raise _bad("The action has unknown fields.", fields=sorted(unknown))
    values = {}
    for name in cls._fields:
        if name not in data or data[name] is None:
            if name == "n" and not partial:
                raise _bad("A bid needs its chip counts.")
            if name == "o" and not partial:
                raise _bad("The office assignment is missing.")
            continue
        values[name] = _parse_field(name, data[name])
    action = cls(**values)
    if not partial:
        required = [f for f in cls._fields if f != "w2" and getattr(action, f) is None]
        if required:
            raise _bad("The action is incomplete.", missing=required)
    return action


def _parse_field(name: str, value):
    """A field's JSON value in its internal form, validated."""
    if name == "n" and isinstance(value, list):
        value = tuple(value)
    elif name == "o":
        if not isinstance(value, dict):
            raise _bad("The office assignment must map players to offices.")
        if not all(isinstance(k, str) and k.isdigit() and len(k) == 1 for k in value):
            raise _bad("The office assignment names no such player.")
        value = tuple(sorted((int(k), office) for k, office in value.items()))
    validate_field(name, value)
    return value


def validate_field(name: str, value) -> None:
    """Raise IllegalAction("bad_action") unless `value` fits field `name`."""
    if name in WARD_FIELDS:
        if type(value) is not int or value not in WARDS:
            raise _bad("There is no such ward.", ward=str(value)[:20])
    elif name == "c":
        if value not in NATIONALITIES:
            raise _bad("There is no such colour.", color=str(value)[:20])
    elif name == "p":
        if type(value) is not int or not 0 <= value < 5:
            raise _bad("There is no such player.")
    elif name == "n":
        if (not isinstance(value, tuple) or len(value) != 4
                or any(type(x) is not int or x < 0 for x in value)):
            raise _bad("A bid is four chip counts, none negative.")
    elif name in HEX_FIELDS:
        digits = HEX_FIELDS[name]
        if not (isinstance(value, str) and len(value) == digits and set(value) <= _HEX):
            raise _bad(f"A sealed value is {digits} hexadecimal digits.")
    elif name == "o":
        if not isinstance(value, tuple) or not all(
                isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int
                and pair[1] in OFFICES for pair in value):
            raise _bad("There is no such office.")
    else:
        raise _bad("The action has an unknown field.", field=name)
