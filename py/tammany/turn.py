"""A player's turn: Castle Garden (R10), placing (R12), ending it (R11). Who plays
next, and when the year ends (R13), is `flow`'s to decide."""

from . import board
from .errors import IllegalAction
from .state import N_NAT, NAT_INDEX, State


def draw_cube(s: State) -> int:
    """Draw one cube from the bag: `below(total)` picks among cubes counted in
    nationality order. The caller ensures the bag is not empty."""
    r = s.rng.below(sum(s.bag))
    for i in range(N_NAT):
        if r < s.bag[i]:
            s.bag[i] -= 1
            return i
        r -= s.bag[i]
    raise AssertionError("bag count mismatch")


def begin_turn(s: State) -> list[dict]:
    """Start `s.current`'s turn: refill an empty Castle Garden (R10)."""
    s.office_used = s.placed = s.slandered = False
    events = [{"e": "turn", "seat": s.current, "year": s.year}]
    if sum(s.castle) == 0:
        want = s.players + s.rules.castle_garden_extra
        drawn = [0] * N_NAT
        for _ in range(min(want, sum(s.bag))):
            drawn[draw_cube(s)] += 1
        for i in range(N_NAT):
            s.castle[i] += drawn[i]
        events.append({"e": "castle_garden", "cubes": _named(drawn),
                       "short": sum(drawn) < want})
    return events


def _named(counts) -> dict:
    return {n: counts[i] for i, n in enumerate(board.NATIONALITIES) if counts[i]}


def require_turn_step(s: State, seat: int, step: str) -> None:
    """The seat may act in its turn, and `step` (R11) is not yet done; with the house rule
    `turn_order` = office_first, an office's power comes before placing and slander after
    it (R11)."""
    if s.phase != "turn":
        raise IllegalAction("not_turn_phase", "That can only be done during a turn.")
    if seat != s.current:
        raise IllegalAction("not_your_turn", "It is not your turn.", seat=seat)
    if step == "place" and s.placed:
        raise IllegalAction("already_placed", "You have already placed pieces this turn.")
    if s.rules.turn_order == "office_first":
        if step == "office" and s.placed:
            raise IllegalAction("office_after_placing", "In this game's house rules an "
                                "office's power is used before placing.")
        if step == "slander" and not s.placed:
            raise IllegalAction("slander_before_placing", "In this game's house rules "
                                "slander comes after placing.")


def step_allowed(s: State, step: str) -> bool:
    """Whether the house rule `turn_order` lets the current seat take `step` ("office" or
    "slander") now (R11): always, except with office_first an office after placing and a
    slander before it. The legal moves ask it; `require_turn_step` refuses the same."""
    if s.rules.turn_order != "office_first":
        return True
    return s.placed == (step == "slander")


def require_open_ward(s: State, ward: int, what: str = "pieces") -> None:
    """R12, R16: a ward that takes pieces must be in play and unlocked."""
    if not s.in_play(ward):
        year = s.rules.zone_year(s.players, board.ZONES.index(board.ZONE_OF[ward]))
        raise IllegalAction("ward_not_in_play",
                            f"Ward {ward} is not in play yet (its zone opens in year {year}).",
                            ward=ward, year=year)
    if ward in s.locked:
        raise IllegalAction("ward_locked",
                            f"Ward {ward} is locked by the Council President until the "
                            "election ends.", ward=ward)


def check_bosses(s: State, seat: int, a) -> None:
    require_turn_step(s, seat, "place")
    for ward in (a.a, a.b):
        if ward is not None:
            require_open_ward(s, ward)


def check_boss_cube(s: State, seat: int, a) -> None:
    require_turn_step(s, seat, "place")
    if a.b is not None:
        require_open_ward(s, a.b)
    if a.c is not None and s.castle[NAT_INDEX[a.c]] == 0:
        if sum(s.castle) == 0:
            raise IllegalAction("castle_garden_empty", "Castle Garden is empty.")
        raise IllegalAction("no_such_cube", f"Castle Garden has no {a.c.title()} cube.",
                            color=a.c)
    if a.w is not None:
        require_open_ward(s, a.w)


def do_bosses(s: State, seat: int, a) -> list[dict]:
    s.bosses[a.a][seat] += 1
    s.bosses[a.b][seat] += 1
    s.placed = True
    return [{"e": "placed_bosses", "seat": seat, "wards": [a.a, a.b]}]


def do_boss_cube(s: State, seat: int, a) -> list[dict]:
    i = NAT_INDEX[a.c]
    s.bosses[a.b][seat] += 1
    s.castle[i] -= 1
    s.cubes[a.w][i] += 1
    s.chips[seat][i] += 1
    s.placed = True
    return [{"e": "placed_boss_cube", "seat": seat, "boss": a.b, "color": a.c, "ward": a.w}]


def check_end(s: State, seat: int, a) -> None:
    require_turn_step(s, seat, "end")
    if not s.placed:
        raise IllegalAction("must_place", "Place your pieces before ending your turn.")


def do_end(s: State, seat: int, a) -> list[dict]:
    """R11: the seat's turn is over; `flow` passes it on (the next seat, the next year,
    or the election, R13)."""
    s.marker = "turn_over"
    return [{"e": "end_turn", "seat": seat}]
