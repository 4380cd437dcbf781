"""Legal actions: every one of them, a cheap uniform-by-kind random pick, and the
partial-action choices the page composes a move with."""

from itertools import permutations, product
from typing import NamedTuple

from . import board
from .actions import (
    OFFICE_ACTION,
    AssignOffices,
    Bid,
    BonusChip,
    BonusCube,
    ChiefOfPolice,
    CouncilPresident,
    DeputyMayor,
    EndTurn,
    PlaceBossCube,
    PlaceBosses,
    PrecinctChairman,
    SkipBonus,
    Slander,
)
from .errors import IllegalAction
from .remote import candidate_kinds as remote_kinds
from .rng import Rng
from .rules import check
from .state import N_NAT, State
from .turn import step_allowed

NATS = board.NATIONALITIES


def _open_wards(s: State) -> list[int]:
    return [w for w in board.WARDS if s.open_for_pieces(w)]


def _takeable(s: State) -> list[tuple[int, str]]:
    """(ward, colour) of cubes an office may take: open ward, not its last cube."""
    out = []
    for w in _open_wards(s):
        cubes = s.cubes[w]
        if sum(cubes) > 1:
            out += [(w, NATS[i]) for i in range(N_NAT) if cubes[i]]
    return out


# --- one enumerator per kind ---------------------------------------------------
def _bosses(s, seat):
    wards = _open_wards(s)
    return [PlaceBosses(a, b) for i, a in enumerate(wards) for b in wards[i:]]


def _boss_cube(s, seat):
    wards = _open_wards(s)
    colors = [NATS[i] for i in range(N_NAT) if s.castle[i]]
    return [PlaceBossCube(b, c, w) for b in wards for c in colors for w in wards]


def _deputy(s, seat):
    return [DeputyMayor(c) for c in NATS]


def _police(s, seat):
    return [ChiefOfPolice(w, c) for w, c in _takeable(s)]


def _council(s, seat):
    if s.locks_this_term >= s.rules.locks_per_term:
        return []
    return [CouncilPresident(w) for w in _open_wards(s)]


def _precinct(s, seat):
    return [PrecinctChairman(w, c, to) for w, c in _takeable(s)
            for to in board.ADJACENT[w] if s.open_for_pieces(to)]


def _slander(s, seat):
    if (s.term < s.rules.slander_from_term or s.slandered or s.slandered_term[seat]
            or s.slander_chips[seat] == 0):
        return []
    out = []
    chips = s.chips[seat]
    spread = 1 + s.rules.second_slander_chips
    for w in _open_wards(s):
        if not s.bosses[w][seat]:
            continue
        for p in range(s.players):
            if p == seat or not s.bosses[w][p]:
                continue
            for i in range(N_NAT):
                if not (chips[i] and s.cubes[w][i]):
                    continue
                out.append(Slander(p, w, NATS[i]))
                if chips[i] < spread:
                    continue
                out += [Slander(p, w, NATS[i], w2) for w2 in board.ADJACENT[w]
                        if s.open_for_pieces(w2) and s.bosses[w2][seat]
                        and s.bosses[w2][p] and s.cubes[w2][i]]
    return out


def _end(s, seat):
    return [EndTurn()]


def _bid_ranges(s: State, seat: int) -> list[range]:
    ward = s.election.ward
    return [range(s.chips[seat][i] + 1) if s.cubes[ward][i] else range(1) for i in range(N_NAT)]


def _bid(s, seat):
    return [Bid(n) for n in product(*_bid_ranges(s, seat))]


def _bonus_cube(s, seat):
    return [BonusCube(NATS[i], w) for i in range(N_NAT) if s.bag[i] for w in _open_wards(s)]


def _bonus_chip(s, seat):
    return [BonusChip(c) for c in NATS]


def _bonus_skip(s, seat):
    return [SkipBonus()]


def _offices(s, seat):
    others = [p for p in range(s.players) if p != seat]
    return [AssignOffices(tuple(zip(others, combo, strict=True)))
            for combo in permutations(board.OFFICES, len(others))]


ENUMERATORS = {
    "bosses": _bosses, "boss_cube": _boss_cube, "deputy": _deputy, "police": _police,
    "council": _council, "precinct": _precinct, "slander": _slander, "end": _end,
    "bid": _bid, "bonus_cube": _bonus_cube, "bonus_chip": _bonus_chip,
    "bonus_skip": _bonus_skip, "offices": _offices,
    # across devices: these carry a device's secret values, so no list can hold them
    "anchor": lambda s, seat: [], "draw": lambda s, seat: [],
    "seal": lambda s, seat: [], "open": lambda s, seat: [],
}


def candidate_kinds(s: State, seat: int) -> list[str]:
    """Kinds that the phase and the seat's position allow (each may still be empty)."""
    if seat not in s.to_act():
        return []
    if s.remote is not None:
        kinds = remote_kinds(s, seat)
        if kinds is not None:
            return kinds
    if s.phase == "turn":
        kinds = ["end"] if s.placed else ["bosses", "boss_cube"]
        office = s.office_of[seat]
        if office in OFFICE_ACTION and not s.office_used and step_allowed(s, "office"):
            kinds.append(OFFICE_ACTION[office].kind)
        if step_allowed(s, "slander"):
            kinds.append("slander")
        return kinds
    if s.phase == "bid":
        return ["bid"]
    if s.phase == "bonus":
        cube = s.election.bonus in board.BONUS_CUBE_WARDS
        return ["bonus_cube" if cube else "bonus_chip", "bonus_skip"]
    if s.phase == "offices":
        return ["offices"]
    return []


def legal_by_kind(s: State, seat: int) -> dict[str, list]:
    """The legal actions of `seat`, grouped by kind; kinds with none are left out."""
    out = {}
    for kind in candidate_kinds(s, seat):
        actions = ENUMERATORS[kind](s, seat)
        if actions:
            out[kind] = actions
    return out


def legal_actions(s: State, seat: int) -> list:
    return [a for actions in legal_by_kind(s, seat).values() for a in actions]


# --- the random player --------------------------------------------------------
def _pick_pair(rng, wards):
    """Uniform among unordered pairs with repetition, as `_bosses` lists them."""
    k = rng.below(len(wards) * (len(wards) + 1) // 2)
    for i in range(len(wards)):
        row = len(wards) - i
        if k < row:
            return PlaceBosses(wards[i], wards[i + k])
        k -= row
    raise AssertionError("unreachable")


def _sample(s: State, seat: int, kind: str, rng):
    """One uniform legal action of `kind`, or None if it has none. The big kinds
    are sampled field by field (their actions are a product), the rest listed."""
    if kind == "bosses":
        wards = _open_wards(s)
        return _pick_pair(rng, wards) if wards else None
    if kind == "boss_cube":
        wards = _open_wards(s)
        colors = [NATS[i] for i in range(N_NAT) if s.castle[i]]
        if not wards or not colors:
            return None
        return PlaceBossCube(rng.choice(wards), rng.choice(colors), rng.choice(wards))
    if kind == "bid":
        return Bid(tuple(rng.below(len(r)) for r in _bid_ranges(s, seat)))
    actions = ENUMERATORS[kind](s, seat)
    return rng.choice(actions) if actions else None


def random_action(s: State, seat: int, rng: Rng):
    """First a kind uniformly among those available, then its parameters uniformly.

    `rng` must be the engine's own generator (`tammany.rng.Rng`): its draws are the same in
    every Python, which `random.Random` does not promise across versions."""
    if not isinstance(rng, Rng):
        raise TypeError("random_action needs the engine's own generator, tammany.rng.Rng "
                        f"(for example Rng(seed)), not {type(rng).__name__}")
    kinds = candidate_kinds(s, seat)
    while kinds:
        kind = kinds[rng.below(len(kinds))]
        action = _sample(s, seat, kind, rng)
        if action is not None:
            return action
        kinds.remove(kind)
    raise IllegalAction("nothing_to_do", "This player has nothing to do now.", seat=seat)


# --- partial actions for the page ----------------------------------------------
class _BossTaps(NamedTuple):
    """Two boss wards in the order tapped: a PlaceBosses would put them in ward order."""
    a: int
    b: int


def composable(s: State, seat: int, kind: str) -> list:
    """Every legal action of `kind` the page may compose field by field: the legal
    actions, except that two bosses come in either order (either may be tapped first, so
    they are `_BossTaps`, field for field like a PlaceBosses). Shared by `choices` and the
    choice tree (choicetree.py), so the two cannot differ."""
    if kind not in candidate_kinds(s, seat):
        return []
    if kind == "bosses":
        wards = _open_wards(s)
        return [_BossTaps(a, b) for a in wards for b in wards]
    return ENUMERATORS[kind](s, seat)


def choices(s: State, seat: int, partial) -> dict:
    """For a partial action: each open field's legal values, and whether the
    action as it stands is already complete and legal."""
    # Field by position: the candidates of a kind have its fields in its order (composable).
    fixed = [(i, v) for i, v in enumerate(partial) if v is not None]
    matching = [a for a in composable(s, seat, partial.kind)
                if all(a[i] == v for i, v in fixed)]
    fields = {}
    for i, (name, value) in enumerate(zip(partial._fields, partial, strict=True)):
        if value is None:
            fields[name] = sorted({a[i] for a in matching if a[i] is not None})
    complete = any(tuple(a) == tuple(partial) for a in matching)
    return {"fields": fields, "complete": complete}


def explain(s: State, seat: int, partial) -> dict | None:
    """Why a (partial) choice is not legal, or None when it may go on."""
    try:
        check(s, seat, partial, partial=True)
    except IllegalAction as err:
        return err.to_json()
    return None
