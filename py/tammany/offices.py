"""Office powers during a turn (R14–R17), each usable once per year (one turn)."""

from . import board
from .errors import IllegalAction
from .state import NAT_INDEX, State
from .turn import require_open_ward, require_turn_step

OFFICE_TITLES = {
    "mayor": "Mayor",
    "deputy_mayor": "Deputy Mayor",
    "council_president": "Council President",
    "chief_of_police": "Chief of Police",
    "precinct_chairman": "Precinct Chairman",
}


def require_office(s: State, seat: int, office: str) -> None:
    require_turn_step(s, seat, "office")
    if s.office_of[seat] != office:
        raise IllegalAction("not_your_office", f"You are not the {OFFICE_TITLES[office]}.",
                            office=office)
    if s.office_used:
        raise IllegalAction("office_used", "You have already used your office this year.")


def _require_cube_to_take(s: State, ward: int, color: str | None) -> None:
    """R15/R17: a cube of that colour is there, and it is not the ward's last."""
    if sum(s.cubes[ward]) <= 1:
        raise IllegalAction("last_cube", f"Ward {ward}'s last cube cannot be taken away.",
                            ward=ward)
    if color is not None and s.cubes[ward][NAT_INDEX[color]] == 0:
        raise IllegalAction("no_such_cube", f"Ward {ward} has no {color.title()} cube.",
                            ward=ward, color=color)


def check_deputy(s: State, seat: int, a) -> None:
    require_office(s, seat, "deputy_mayor")


def do_deputy(s: State, seat: int, a) -> list[dict]:
    s.chips[seat][NAT_INDEX[a.c]] += 1
    s.office_used = True
    return [{"e": "deputy", "seat": seat, "color": a.c}]


def check_police(s: State, seat: int, a) -> None:
    require_office(s, seat, "chief_of_police")
    if a.w is not None:
        require_open_ward(s, a.w)
        _require_cube_to_take(s, a.w, a.c)


def do_police(s: State, seat: int, a) -> list[dict]:
    i = NAT_INDEX[a.c]
    s.cubes[a.w][i] -= 1
    s.bag[i] += 1
    s.office_used = True
    return [{"e": "police", "seat": seat, "ward": a.w, "color": a.c}]


def check_council(s: State, seat: int, a) -> None:
    require_office(s, seat, "council_president")
    limit = s.rules.locks_per_term
    if s.locks_this_term >= limit:
        raise IllegalAction("lock_limit", f"The Council President may lock only {limit} wards "
                            "a term.", limit=limit)
    if a.w is not None:
        require_open_ward(s, a.w)


def do_council(s: State, seat: int, a) -> list[dict]:
    s.locked.add(a.w)
    s.locks_this_term += 1
    s.office_used = True
    return [{"e": "lock", "seat": seat, "ward": a.w}]


def check_precinct(s: State, seat: int, a) -> None:
    require_office(s, seat, "precinct_chairman")
    if a.w is not None:
        require_open_ward(s, a.w)
        _require_cube_to_take(s, a.w, a.c)
    if a.to is not None:
        require_open_ward(s, a.to)
        if a.w is not None and a.to not in board.ADJACENT[a.w]:
            raise IllegalAction("not_adjacent", f"Ward {a.to} does not border ward {a.w}.",
                                ward=a.to, source=a.w)


def do_precinct(s: State, seat: int, a) -> list[dict]:
    i = NAT_INDEX[a.c]
    s.cubes[a.w][i] -= 1
    s.cubes[a.to][i] += 1
    s.office_used = True
    return [{"e": "precinct", "seat": seat, "ward": a.w, "color": a.c, "to": a.to}]
