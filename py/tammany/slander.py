"""Slander (R20, R21): from term 2 on, once a term, a chip-paid attack on one rival."""

from . import board
from .errors import IllegalAction
from .state import NAT_INDEX, State
from .turn import require_turn_step


def _require_slander_ward(s: State, seat: int, target: int | None, ward: int, second: bool):
    which = "second " if second else ""
    if not s.in_play(ward):
        raise IllegalAction("ward_not_in_play", f"Ward {ward} is not in play.", ward=ward)
    if ward in s.locked:
        raise IllegalAction("ward_locked", f"Ward {ward} is locked: no slander there.",
                            ward=ward)
    if s.bosses[ward][seat] == 0:
        raise IllegalAction("no_own_boss",
                            f"You need a boss in ward {ward} to slander there.", ward=ward)
    if target is not None and s.bosses[ward][target] == 0:
        raise IllegalAction("no_target_boss",
                            f"{s.names[target]} has no boss in ward {ward} to {which}slander.",
                            ward=ward, target=target)


def check_slander(s: State, seat: int, a) -> None:
    require_turn_step(s, seat, "slander")
    if s.term < s.rules.slander_from_term:
        raise IllegalAction("slander_term_one", "Slander is allowed only from term "
                            f"{s.rules.slander_from_term} on.", term=s.rules.slander_from_term)
    if s.slandered:
        raise IllegalAction("slander_done", "You have already slandered this turn.")
    if s.slandered_term[seat]:
        raise IllegalAction("slander_used", "You may slander only once a term.")
    if s.slander_chips[seat] == 0:
        raise IllegalAction("no_slander_chip", "You have no slander chips left.")
    if a.p is not None and (a.p == seat or a.p >= s.players):
        raise IllegalAction("bad_target", "Choose another player to slander.")
    if a.w is not None:
        _require_slander_ward(s, seat, a.p, a.w, second=False)
    if a.c is not None:
        i = NAT_INDEX[a.c]
        if a.w is not None and s.cubes[a.w][i] == 0:
            raise IllegalAction("chip_not_in_ward",
                                f"Ward {a.w} has no {a.c.title()} cube to match the chip.",
                                ward=a.w, color=a.c)
        need = 1 + (s.rules.second_slander_chips if a.w2 is not None else 0)
        if s.chips[seat][i] < need:
            raise IllegalAction("not_enough_chips",
                                f"You need {need} {a.c.title()} favor chip(s).",
                                color=a.c, need=need)
    if a.w2 is not None:
        if a.w is not None and a.w2 not in board.ADJACENT[a.w]:
            raise IllegalAction("not_adjacent", f"Ward {a.w2} does not border ward {a.w}.",
                                ward=a.w2, source=a.w)
        _require_slander_ward(s, seat, a.p, a.w2, second=True)
        if a.c is not None and s.cubes[a.w2][NAT_INDEX[a.c]] == 0:
            raise IllegalAction("chip_not_in_ward",
                                f"Ward {a.w2} has no {a.c.title()} cube: the slander "
                                "cannot spread there.", ward=a.w2, color=a.c)


def do_slander(s: State, seat: int, a) -> list[dict]:
    i = NAT_INDEX[a.c]
    s.slander_chips[seat] -= 1
    s.slandered = True
    s.slandered_term[seat] = True
    s.chips[seat][i] -= 1
    s.bosses[a.w][a.p] -= 1
    event = {"e": "slander", "seat": seat, "target": a.p, "ward": a.w, "color": a.c}
    if a.w2 is not None:
        s.chips[seat][i] -= s.rules.second_slander_chips
        s.bosses[a.w2][a.p] -= 1
        event["ward2"] = a.w2
    return [event]
