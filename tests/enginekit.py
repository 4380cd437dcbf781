"""Helpers shared by the rules tests: drive turns and elections of a built
position, compare whole states, and check the engine's invariants."""

from itertools import islice, product
from math import prod

from tammany import board
from tammany.actions import (
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
from tammany.errors import IllegalAction
from tammany.rules import check
from tammany.state import State

NATS = board.NATIONALITIES


def seat(s: State, color: str) -> int:
    return s.colors.index(color)


def chips_of(s: State, color: str) -> dict:
    return dict(zip(NATS, s.chips[seat(s, color)], strict=True))


def fingerprint(s: State) -> tuple:
    """Every field of the state, the sealed bids included: equal fingerprints
    mean nothing at all changed (stronger than the public hash)."""
    e = s.election
    election = None if e is None else (
        tuple(e.order), e.index, tuple(e.bidders), tuple(sorted(e.bids.items())), e.bonus,
        repr(e.won), repr(e.results))
    return tuple(repr(getattr(s, name)) for name in State.__slots__
                 if name not in ("election", "rng")) + (election, s.rng.state)


def by_kind(events: list, kind: str) -> list:
    return [e for e in events if e["e"] == kind]


def end_turn(s: State) -> list:
    return s.apply(s.current, EndTurn())


def vote(s: State, bids: dict | None = None, bonuses: dict | None = None) -> list:
    """Drive an election to its end (or to the mayor's offices).

    `bids[ward][color]` is that player's bid as four chip counts (default: zero
    for everyone asked); `bonuses[ward]` is the winner's bonus action
    (default: decline)."""
    events = []
    while s.phase in ("bid", "bonus"):
        if s.phase == "bid":
            ward = s.election.ward
            for p in list(s.to_act()):
                counts = (bids or {}).get(ward, {}).get(s.colors[p], (0, 0, 0, 0))
                events += s.apply(p, Bid(tuple(counts)))
        else:
            ward = s.election.bonus
            action = (bonuses or {}).get(ward, SkipBonus())
            events += s.apply(s.to_act()[0], action)
    return events


def cube_totals(s: State) -> list[int]:
    """R2: per nationality, bag + Castle Garden + wards + set-up boxes."""
    return [s.bag[i] + s.castle[i] + sum(s.cubes[w][i] for w in board.WARDS)
            + sum(box[i] for box in s.zone_box.values()) for i in range(len(NATS))]


def check_invariants(s: State) -> None:
    """What must hold in every reachable state (R2, R3, R4, R8)."""
    assert cube_totals(s) == [board.CUBES_PER_NATIONALITY] * 4, "R2: 100 cubes"
    assert all(x >= 0 for w in board.WARDS for x in s.cubes[w])
    assert all(x >= 0 for x in s.bag + s.castle)
    for zone in board.ZONES:
        if s.zone_in_play[zone]:
            assert s.zone_box[zone] == [0, 0, 0, 0], "R6: an open zone's box is empty"
    for w in board.WARDS:
        if s.in_play(w):
            assert sum(s.cubes[w]) >= 1, f"R8: ward {w} in play without a cube"
        else:
            assert sum(s.cubes[w]) == 0 and sum(s.bosses[w]) == 0, f"ward {w} not in play"
    assert all(x >= 0 for w in board.WARDS for x in s.bosses[w])
    assert all(x >= 0 for chips in s.chips for x in chips), "chips never negative"
    assert all(0 <= x <= s.rules.slander_chips for x in s.slander_chips), "R4"
    assert all(w in board.WARDS and s.in_play(w) for w in s.locked)
    assert 0 <= s.locks_this_term <= s.rules.locks_per_term, "R16"


# --- legal actions against the checks ----------------------------------------------------
BID_CANDIDATE_LIMIT = 30_000


def well_formed_actions(s: State, who: int):
    """Every well-formed action of every kind (each field in its type's range,
    whatever the phase), for comparing `legal_actions` with `check`. Bids run
    to one chip past the seat's holding of each colour, when that stays under
    BID_CANDIDATE_LIMIT (else bids are left out: `None` is yielded instead)."""
    wards, colors = board.WARDS, NATS
    yield from (PlaceBosses(a, b) for a in wards for b in wards)
    yield from (PlaceBossCube(b, c, w) for b in wards for c in colors for w in wards)
    yield from (DeputyMayor(c) for c in colors)
    yield from (ChiefOfPolice(w, c) for w in wards for c in colors)
    yield from (CouncilPresident(w) for w in wards)
    yield from (PrecinctChairman(w, c, to) for w in wards for c in colors for to in wards)
    yield from (Slander(p, w, c, w2) for p in range(5) for w in wards for c in colors
                for w2 in (None, *wards))
    yield EndTurn()
    ranges = [range(x + 2) for x in s.chips[who]]
    if prod(len(r) for r in ranges) <= BID_CANDIDATE_LIMIT:
        yield from (Bid(n) for n in product(*ranges))
    else:
        yield None
    yield from (BonusCube(c, w) for c in colors for w in wards)
    yield from (BonusChip(c) for c in colors)
    yield SkipBonus()
    # all 6**players assignments while the mayor assigns; otherwise every 25th
    # (outside that phase the phase check refuses them all alike)
    step = 1 if s.phase == "offices" else 25
    for offices in islice(product((None, *board.OFFICES), repeat=s.players), 0, None, step):
        yield AssignOffices(tuple((p, o) for p, o in enumerate(offices) if o))


def accepted_by_check(s: State, who: int) -> tuple[set, bool]:
    """The well-formed actions that `check` accepts, and whether the bids were all among
    the candidates. (Each action has one form, whatever order its values were given in.)"""
    accepted, bids_complete = set(), True
    for action in well_formed_actions(s, who):
        if action is None:
            bids_complete = False
            continue
        try:
            check(s, who, action)
        except IllegalAction:
            continue
        accepted.add(action)
    return accepted, bids_complete


def easy_game_until(seed: int, stop):
    """A game of three Easy players stopped at the first state where `stop(state)` holds, or
    None if the game ends first."""
    from tammany.bots import choose_for_game
    from tammany.game import Game

    game = Game.create(["Ann", "Bob", "Cy"], seed, levels=["easy"] * 3)
    while not stop(game.state):
        if game.is_over:
            return None
        seat = game.to_act()[0]
        game.apply(seat, choose_for_game(game, seat))
    return game


def game_in_bidding(seed: int):
    """A game of Easy players stopped at a ward where two seats bid and one has bid (R24,
    R25), or None if the game with this seed never reaches one."""
    return easy_game_until(seed, lambda s: s.phase == "bid" and len(s.election.bidders) >= 2
                           and bool(s.election.bids))


def bidding_states(seeds=range(1, 40)):
    """The states of `game_in_bidding` for each seed whose game reaches one."""
    for seed in seeds:
        game = game_in_bidding(seed)
        if game is not None:
            yield game.state


def play_to_end(game, choose, on_move=None):
    """Play `game` to its end with computers: `choose(game, seat)` gives each move, which is
    checked against the legal list; `on_move(game, seat, action)` sees it before it is applied."""
    moves = 0
    while not game.is_over:
        seat = game.to_act()[0]
        action = choose(game, seat)
        assert action in game.legal_actions(seat), (moves, seat, action)
        if on_move:
            on_move(game, seat, action)
        game.apply(seat, action)
        moves += 1
        assert moves < 2000, "the game does not finish"
    return game
