"""Determinization: a complete, playable `State` built from one seat's view.

A search (the Hard computer player) needs whole states to play forward, but a
seat may know only what its view shows (R34). This module rebuilds a `State`
from nothing but that view, and fills in the two hidden things by sampling:

* **future chance** — the bag is public as counts (its order never exists: a
  draw picks among the counted cubes), so only the generator is hidden; the
  rebuilt state gets a fresh generator seeded from the caller's own stream,
  never the game's;
* **sealed bids already placed** by seats the view says have bid in the ward
  now voting are drawn from `bid_model(state, seat, rng)`; the default model is
  the uniform random legal bid.

Because the input is the view, nothing secret can leak in: a caller holding
the real state can only reach this through `determinize`, which first takes
the seat's view. Round trip: `state_from_view(v, …).view(seat) == v` whenever
no bid is pending (the view's score sheet carries the breakdown and the points
after each election).
"""

from . import board
from .engine import State
from .rng import Rng
from .rules_config import Rules
from .state import N_NAT, Election

NATS = board.NATIONALITIES


def _counts(named: dict) -> list[int]:
    return [named[n] for n in NATS]


def uniform_bid(s: State, seat: int, rng: Rng) -> tuple:
    """The default model of a sealed bid: chips per colour uniform in 0..held
    for colours with a cube in the ward (as the random player bids)."""
    cubes = s.cubes[s.election.ward]
    held = s.chips[seat]
    return tuple(rng.below(held[i] + 1) if cubes[i] else 0 for i in range(N_NAT))


def state_from_view(view: dict, rng: Rng, bid_model=uniform_bid) -> State:
    """A complete `State` consistent with `view`, its hidden parts sampled with `rng`."""
    s = State.__new__(State)
    players = view["players"]
    n = len(players)
    s.players = n
    s.rules = Rules.from_json(view["rules"])  # the numbers and house rules it plays by
    s.names = tuple(p["name"] for p in players)
    s.colors = tuple(p["color"] for p in players)
    s.year = view["year"]
    s.phase = view["phase"]
    s.first = view["first_player"]
    turn = view["turn"]
    if turn is not None:
        s.current = turn["seat"]
        s.turns_taken = (s.current - s.first) % n
        s.office_used, s.placed, s.slandered = (
            turn["office_used"], turn["placed"], turn["slandered"])
    else:
        s.current = s.first
        s.turns_taken = 0
        s.office_used = s.placed = s.slandered = False
    wards = view["wards"]
    s.cubes = {w: _counts(wards[str(w)]["cubes"]) for w in board.WARDS}
    s.bosses = {w: list(wards[str(w)]["bosses"]) for w in board.WARDS}
    s.locked = {w for w in board.WARDS if wards[str(w)]["locked"]}
    s.locks_this_term = s.rules.locks_per_term - view["locks_left_this_term"]
    s.zone_in_play = {z: view["zones"][z]["in_play"] for z in board.ZONES}
    s.zone_box = {z: _counts(view["zones"][z]["box"]) for z in board.ZONES}
    s.castle = _counts(view["castle_garden"])
    s.bag = _counts(view["bag"])
    s.chips = [_counts(p["chips"]) for p in players]
    s.slander_chips = [p["slander"] for p in players]
    s.slandered_term = [p["slandered_this_term"] for p in players]
    s.points = [p["points"] for p in players]
    sheet = view["scoring"]
    s.breakdown = [{name: src["points"] for name, src in sources.items()}
                   for sources in sheet["sources"]]
    s.points_after = [list(p) for p in sheet["points_after"]]
    s.office_of = [p["office"] for p in players]
    s.mayor = view["mayor"]
    s.result = view["result"]
    s.last_results = view["last_results"]
    s.rng = Rng(rng.next_u64())
    s.remote = None  # a sample plays on by the hot-seat rules: it needs no secrets
    s.marker = None
    s.election = None
    e = view["election"]
    if e is not None:
        el = Election(list(e["order"]), n)
        el.index = len(e["done"])
        el.bidders = tuple(e["bidders"])
        el.bonus = e["bonus"]
        el.won = [list(w) for w in e["won"]]
        el.results = list(e["results"])
        s.election = el
        for seat in e["bids_in"]:  # sampled one by one, each from the public facts
            el.bids[seat] = tuple(bid_model(s, seat, rng))
    return s


def determinize(state: State, seat: int, rng: Rng, bid_model=uniform_bid) -> State:
    """One sample of the complete states `seat` cannot tell apart from `state`.

    Goes through `state.view(seat)`, so it reads no unrevealed bid and none of
    the game generator's future (R34)."""
    return state_from_view(state.view(seat), rng, bid_model)
