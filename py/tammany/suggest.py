""""Suggest a move": the move Hard would make for a seat, and one reason for it.

The move is `bots.choose` at level "hard" on the seat's own view — the view the seat's player
sees, never the true state: another seat's sealed bid still hidden and the bag's order are not
in it (R34), so they cannot change the suggestion. The reason is a code and parameters (the
page words it in its language) taken from Hard's own static evaluation of that view
(`bots.evaluate`: what a ward is worth, who has bosses where), e.g. `ward_free` {ward: 6,
points: 1.7}: "Ward 6 is worth 1.7 points and no rival has a boss there." A bid's reason
weighs its votes against the most a rival could reach from the chips in hand (public, never a
sealed bid); an assignment of offices names the strongest rival by Hard's evaluation and the
weakest office Hard gives them (bots/easy.py `choose_offices`).
"""

from .actions import to_json
from .bots import bot_seed, choose
from .bots.evaluate import POINT, Evaluation, ward_value
from .determinize import state_from_view
from .election import usable_chips
from .rng import Rng


def suggest(view: dict, seat: int, seed: int, work: int | None = None) -> dict:
    """{"action": JSON action, "why": {"code", "params"}} for `seat` from its `view`."""
    action = choose(view, seat, "hard", seed, work)
    return {"action": to_json(action), "why": reason(view, seat, to_json(action))}


def suggest_for_game(game, seat: int, work: int | None = None) -> dict:
    """`suggest` for a seat of a `Game`: its own view and the computers' seed rule."""
    seed = bot_seed(game.seed, len(game.committed_history()), seat)
    return suggest(game.view(seat), seat, seed, work)


def _worth(view: dict, ward: int) -> float:
    """Hard's value of winning `ward` (points, one decimal): the ward's points, its share of
    the mayor's, its bonus and its cubes (bots/evaluate.py)."""
    state = state_from_view(view, Rng(0))  # public fields only are read below
    return round(ward_value(state, ward) / POINT, 1)


def _rival(view: dict, ward: int, seat: int) -> tuple[int | None, int]:
    """The rival with the most bosses in `ward`, and that count (None, 0 if none)."""
    bosses = view["wards"][str(ward)]["bosses"]
    best, count = None, 0
    for p, n in enumerate(bosses):
        if p != seat and n > count:
            best, count = p, n
    return best, count


def _place(view: dict, seat: int, ward: int, adding: int) -> dict:
    rival, theirs = _rival(view, ward, seat)
    mine = view["wards"][str(ward)]["bosses"][seat] + adding
    worth = _worth(view, ward)
    if rival is None:
        return {"code": "ward_free", "params": {"ward": ward, "points": worth}}
    code = "ward_lead" if mine > theirs else "ward_contest"
    return {"code": code, "params": {"ward": ward, "points": worth, "mine": mine,
                                     "theirs": theirs, "name": view["players"][rival]["name"]}}


def _best_rival_votes(view: dict, ward: int, seat: int) -> tuple[int | None, int]:
    """The rival who could get the most votes in `ward` (bosses there plus every chip in hand
    it could bid there, `election.usable_chips`, R24: all public), and that many votes."""
    state = state_from_view(view, Rng(0))  # bosses and chips in hand are public
    best, most = None, -1
    for p, bosses in enumerate(state.bosses[ward]):
        if p == seat or not bosses:
            continue
        votes = bosses + usable_chips(state, p, ward)
        if votes > most:
            best, most = p, votes
    return best, most


def _bid(view: dict, seat: int, action: dict) -> dict:
    """Why this bid: the votes it gives against the most a rival could reach, from chips in
    hand (public) — never from a rival's sealed bid, which the view does not hold (R34)."""
    ward = view["election"]["ward"]
    chips = sum(action["n"])
    votes = view["wards"][str(ward)]["bosses"][seat] + chips
    rival, most = _best_rival_votes(view, ward, seat)
    if not chips:
        return {"code": "bid_none", "params": {"ward": ward}}
    if rival is not None and votes > most:
        return {"code": "bid_sure", "params": {"ward": ward, "chips": chips, "votes": votes,
                                               "name": view["players"][rival]["name"],
                                               "theirs": most}}
    return {"code": "bid", "params": {"ward": ward, "chips": chips, "votes": votes}}


def _offices(view: dict, seat: int, action: dict) -> dict:
    """Why this assignment: Hard gives the weakest offices to the strongest rivals by its own
    evaluation (bots/easy.py `choose_offices`); the reason names the strongest rival and the
    office they get."""
    state = state_from_view(view, Rng(0))  # public fields only are read by the evaluation
    totals = Evaluation(state).totals
    rivals = sorted((int(p) for p in action["o"]), key=lambda p: (-totals[p], p))
    top = rivals[0]
    return {"code": "offices_weakest", "params": {"name": view["players"][top]["name"],
                                                  "office": action["o"][str(top)]}}


def reason(view: dict, seat: int, action: dict) -> dict:
    """One reason for `action`, from the seat's view only."""
    kind = action["t"]
    if kind == "bosses":
        a, b = action["a"], action["b"]
        if a == b:
            return _place(view, seat, a, 2)
        # the ward where the two bosses matter more: the one worth more
        ward = max((a, b), key=lambda w: (_worth(view, w), -w))
        return _place(view, seat, ward, 1)
    if kind == "boss_cube":
        return {"code": "cube_chip", "params": {"ward": action["w"], "nat": action["c"],
                                                "boss": action["b"]}}
    if kind == "deputy":
        return {"code": "deputy", "params": {"nat": action["c"]}}
    if kind == "police":
        return {"code": "police", "params": {"ward": action["w"], "nat": action["c"]}}
    if kind == "council":
        return {"code": "council", "params": {"ward": action["w"]}}
    if kind == "precinct":
        return {"code": "precinct", "params": {"ward": action["w"], "to": action["to"],
                                               "nat": action["c"]}}
    if kind == "slander":
        return {"code": "slander", "params": {
            "ward": action["w"], "name": view["players"][action["p"]]["name"]}}
    if kind == "bid":
        return _bid(view, seat, action)
    if kind == "bonus_cube":
        return {"code": "bonus_cube", "params": {"ward": action["w"], "nat": action["c"]}}
    if kind == "bonus_chip":
        return {"code": "bonus_chip", "params": {"nat": action["c"]}}
    if kind == "bonus_skip":
        return {"code": "bonus_skip", "params": {}}
    if kind == "offices":
        return _offices(view, seat, action)
    return {"code": "end", "params": {}}
