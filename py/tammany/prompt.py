"""What the seat to act may do now: a sentence, its code and parameters, and the
few facts the page needs to offer it (never the full legal-action list)."""

from . import board
from .actions import OFFICE_KINDS
from .legal import candidate_kinds, legal_by_kind
from .offices import OFFICE_TITLES
from .state import State

DEVICE_TEXTS = {
    "anchor": "{name}'s device fixes its random contributions.",
    "draw": "{name}'s device draws the cubes for this turn.",
    "open": "Ward {ward}: {name}'s device opens the sealed bid.",
}
"""Across devices, steps the seat's device takes by itself (docs/remote.md)."""


def _device_prompt(s: State, seats: list[int]) -> dict:
    seat = seats[0]
    kind = candidate_kinds(s, seat)[0]
    ward = s.election.ward if s.election is not None else None
    return {"code": "device", "params": {"seat": seat, "kind": kind},
            "text": DEVICE_TEXTS[kind].format(name=s.names[seat], ward=ward),
            "seats": seats, "kinds": [kind]}


def prompt(s: State) -> dict:
    if s.phase == "over":
        return {"code": "game_over", "params": {}, "text": "The game is over.", "seats": []}
    seats = s.to_act()
    seat = seats[0]
    name = s.names[seat]
    if s.remote is not None and candidate_kinds(s, seat) in (["anchor"], ["draw"], ["open"]):
        return _device_prompt(s, seats)
    if s.phase == "turn":
        by_kind = legal_by_kind(s, seat)
        kinds = list(by_kind)
        parts = []
        if "boss_cube" in kinds:
            parts.append("place two bosses, or a boss and a Castle Garden cube")
        elif "bosses" in kinds:
            parts.append("place two bosses")
        office = s.office_of[seat]
        office_kinds = [k for k in kinds if k in OFFICE_KINDS]
        if office_kinds:
            parts.append(f"use your office ({OFFICE_TITLES[office]})")
        if "slander" in kinds:
            parts.append("slander a rival")
        if "end" in kinds:
            parts.append("end your turn")
        text = f"{name}: " + "; ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + \
            parts[-1] + "."
        return {"code": "turn", "params": {"seat": seat}, "text": text[0].upper() + text[1:],
                "seats": seats, "kinds": kinds,
                # where a first boss may go: the page highlights them before any tap
                "wards": sorted({a.a for a in by_kind.get("bosses", ())})}
    e = s.election
    if s.phase == "bid":
        ward = e.ward
        limits = {seat: {n: (s.chips[seat][i] if s.cubes[ward][i] else 0)
                         for i, n in enumerate(board.NATIONALITIES)} for seat in seats}
        names = ", ".join(s.names[p] for p in seats)
        out = {"code": "bid", "params": {"ward": ward, "seats": seats},
               "text": f"Ward {ward} votes: sealed bids from {names}.",
               "seats": seats, "kinds": ["bid"], "ward": ward,
               "limits": {str(p): lim for p, lim in limits.items()}}
        if s.remote is not None:  # across devices: who seals, who bids in the clear
            out["seal"] = [p for p in seats if candidate_kinds(s, p) == ["seal"]]
            out["election"] = s.year // 4
        return out
    if s.phase == "bonus":
        ward = e.bonus
        cube = ward in board.BONUS_CUBE_WARDS
        what = "a cube from the bag into any open ward" if cube else "a favor chip"
        return {"code": "bonus", "params": {"seat": seat, "ward": ward},
                "text": f"{name} won ward {ward}: claim {what}, or decline.",
                "seats": seats, "kinds": candidate_kinds(s, seat), "ward": ward,
                "bag": {n: s.bag[i] for i, n in enumerate(board.NATIONALITIES)}}
    others = [p for p in range(s.players) if p != seat]
    return {"code": "offices", "params": {"seat": seat},
            "text": f"{name} is mayor: give each other player one office.",
            "seats": seats, "kinds": ["offices"], "others": others,
            "offices": list(board.OFFICES)}
