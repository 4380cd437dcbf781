"""What the seat to act may do now: its code and parameters, and the few facts the page
needs to offer it (never the full legal-action list). The page words it in its language
(site/js/i18n/engine-text.js, promptText): no sentence is made here."""

from . import board
from .actions import OFFICE_KINDS
from .legal import candidate_kinds, legal_by_kind
from .state import State


def _device_prompt(s: State, seats: list[int]) -> dict:
    """Across devices, a step the seat's device takes by itself (docs/remote.md)."""
    seat = seats[0]
    kind = candidate_kinds(s, seat)[0]
    return {"code": "device", "params": {"seat": seat, "kind": kind},
            "seats": seats, "kinds": [kind]}


def prompt(s: State) -> dict:
    if s.phase == "over":
        return {"code": "game_over", "params": {}, "seats": []}
    seats = s.to_act()
    seat = seats[0]
    if s.remote is not None and candidate_kinds(s, seat) in (["anchor"], ["draw"], ["open"]):
        return _device_prompt(s, seats)
    if s.phase == "turn":
        by_kind = legal_by_kind(s, seat)
        kinds = list(by_kind)
        office_kinds = [k for k in kinds if k in OFFICE_KINDS]
        return {"code": "turn", "params": {"seat": seat}, "seats": seats, "kinds": kinds,
                # which of `kinds` is the office's power (R14–R17), so the page needs no
                # list of office kinds of its own
                "office_kind": office_kinds[0] if office_kinds else None,
                # where a first boss may go: the page highlights them before any tap
                "wards": sorted({a.a for a in by_kind.get("bosses", ())})}
    e = s.election
    if s.phase == "bid":
        ward = e.ward
        limits = {seat: {n: (s.chips[seat][i] if s.cubes[ward][i] else 0)
                         for i, n in enumerate(board.NATIONALITIES)} for seat in seats}
        out = {"code": "bid", "params": {"ward": ward, "seats": seats},
               "seats": seats, "kinds": ["bid"], "ward": ward,
               "limits": {str(p): lim for p, lim in limits.items()}}
        if s.remote is not None:  # across devices: who seals, who bids in the clear
            out["seal"] = [p for p in seats if candidate_kinds(s, p) == ["seal"]]
            out["election"] = s.year // s.rules.years_per_term
        return out
    if s.phase == "bonus":
        ward = e.bonus
        return {"code": "bonus", "params": {"seat": seat, "ward": ward},
                "seats": seats, "kinds": candidate_kinds(s, seat), "ward": ward,
                "bag": {n: s.bag[i] for i, n in enumerate(board.NATIONALITIES)}}
    others = [p for p in range(s.players) if p != seat]
    return {"code": "offices", "params": {"seat": seat},
            "seats": seats, "kinds": ["offices"], "others": others,
            "offices": list(board.OFFICES)}
