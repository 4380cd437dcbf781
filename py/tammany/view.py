"""What one seat may see (R34: everything but unrevealed bids and the bag's order).
The state hash, which covers exactly the public state plus the generator, is
`state.state_hash`."""

from . import board
from .rules_config import Rules
from .state import State


def points_per(rules: Rules) -> dict:
    """What one unit of each source of points is worth (R29, R30, R32): the breakdown
    books points, a score sheet also says how many of each earned them."""
    return {"wards": rules.ward_points, "tammany": rules.tammany_points,
            "mayor": rules.mayor_points, "chips": rules.majority_points,
            "slander": rules.slander_chip_points}


def _named(counts) -> dict:
    return {n: counts[i] for i, n in enumerate(board.NATIONALITIES)}


def view(s: State, seat: int | None = None) -> dict:
    """A JSON-able dict for `seat` (None: a spectator). Both see the same public
    facts; no view ever holds a bid before its ward's reveal (R34)."""
    bosses_on_map = [sum(s.bosses[w][p] for w in board.WARDS) for p in range(s.players)]
    players = [{
        "seat": p, "name": s.names[p], "color": s.colors[p], "points": s.points[p],
        "chips": _named(s.chips[p]), "slander": s.slander_chips[p],
        "slandered_this_term": s.slandered_term[p], "office": s.office_of[p],
        "bosses_on_map": bosses_on_map[p],
    } for p in range(s.players)]
    wards = {str(w): {"zone": board.ZONE_OF[w], "in_play": s.in_play(w),
                      "locked": w in s.locked, "cubes": _named(s.cubes[w]),
                      "bosses": list(s.bosses[w])} for w in board.WARDS}
    zones = {z: {"in_play": s.zone_in_play[z],
                 "from_year": s.rules.zone_year(s.players, i),
                 "box": _named(s.zone_box[z])} for i, z in enumerate(board.ZONES)}
    election = None
    if s.election is not None:
        e = s.election
        election = {"ward": e.ward, "order": list(e.order), "done": list(e.order[:e.index]),
                    "bidders": list(e.bidders), "bids_in": sorted({*e.bids, *e.seals}),
                    "bonus": e.bonus, "results": list(e.results),
                    "won": [list(w) for w in e.won]}
        if s.remote is not None:  # across devices: who has sealed (never what)
            election["sealed"] = sorted(e.seals)
    out = {
        "players": players, "year": s.year, "term": s.term, "phase": s.phase,
        "to_act": s.to_act(), "first_player": s.first, "mayor": s.mayor,
        "wards": wards, "zones": zones, "castle_garden": _named(s.castle),
        "bag": _named(s.bag),
        "turn": ({"seat": s.current, "office_used": s.office_used, "placed": s.placed,
                  "slandered": s.slandered} if s.phase == "turn" else None),
        "election": election, "last_results": s.last_results,
        "locks_left_this_term": s.rules.locks_per_term - s.locks_this_term,
        "result": s.result, "scoring": score_sheet(s), "viewer": seat,
        # the game's rules where they differ from the standard ones ({} for a standard
        # game): the house rules, and what determinize needs to play on by them
        "rules": s.rules.to_json(), "last_year": s.rules.last_year,
    }
    if s.remote is not None:
        out["remote"] = {"game_id": str(s.remote.game_id),
                         "anchored": [h is not None for h in s.remote.heads],
                         "revealed": list(s.remote.used)}
    return out


def score_sheet(s: State) -> dict:
    """Where each player's points came from, and the points after each election.

    `sources[seat][source] = {"count", "points"}` for the breakdown's sources
    (R29 wards won, Tammany Hall won, R30 times mayor, R32 colours with the most
    favor chips, slander chips kept); `points_after[k]` is every seat's points
    once the (k+1)-th election was counted, the fourth including R32's bonuses."""
    sources = [{name: {"count": b[name] // per if per else 0, "points": b[name]}
                for name, per in points_per(s.rules).items()} for b in s.breakdown]
    return {"sources": sources, "points_after": [list(p) for p in s.points_after]}
