"""The extra rules of a game across devices (docs/remote.md): chain anchors, draws
made from a seat's revealed contribution, and sealed bids kept by commitments.

A hot-seat game has `State.remote is None`: every rule here then refuses (its kinds
are never legal) or answers "no" (`must_seal`), so a hot-seat game passes through the
checks and questions below without change. A game across devices has a `RemoteState`
and four more action kinds:

- `anchor` — a seat's first move: the anchor y[0] of its hash chain;
- `draw` — a turn that needs cubes drawn (Castle Garden empty, a zone opening)
  begins with the seat revealing its next chain value y[k]; the generator is
  re-keyed from it before anything is drawn, so no device learns the draw first;
- `seal` — a bidder's commitment: in a ward with two or more bidders, every
  bidder seals (a lone bidder bids in the clear: its bid resolves the ward at once);
- `open` — once every bidder has sealed (the ward is *revealing*), each bidder's
  bid and salt, checked against its commitment; the last opening resolves the ward.
  The salt is the seat's next chain value, so it is fixed from the seat's first move.
"""

from .commitment import CHAIN_LENGTH, bid_commitment, chain_step, draw_key
from .election import check_bid_chips, record_bid
from .errors import IllegalAction
from .state import State, state_hash


class RemoteState:
    """What a game across devices adds: its id, and each seat's chain head (the
    last value revealed, or the anchor) with the number of values revealed."""

    __slots__ = ("game_id", "heads", "used")

    def __init__(self, game_id: int, players: int) -> None:
        self.game_id = game_id
        self.heads: list[str | None] = [None] * players
        self.used: list[int] = [0] * players

    def clone(self) -> "RemoteState":
        other = RemoteState.__new__(RemoteState)
        other.game_id = self.game_id
        other.heads = list(self.heads)
        other.used = list(self.used)
        return other

    def public(self) -> list:
        """The facts the state hash covers (all public)."""
        return [self.game_id, list(self.heads), list(self.used)]


def _bytes(hex128: str) -> bytes:
    return bytes.fromhex(hex128)


# --- which kinds the position allows (legal.candidate_kinds asks) -------------------
def candidate_kinds(s: State, seat: int) -> list[str] | None:
    """The kinds a seat in `to_act` has across devices, or None to use the hot-seat list."""
    if s.remote.heads[seat] is None:
        return ["anchor"]
    if s.phase == "draw":
        return ["draw"]
    if s.phase == "bid":
        e = s.election
        if seat in e.seals:
            return ["open"]
        return ["seal"] if len(e.bidders) > 1 else ["bid"]
    return None


def must_seal(s: State, seat: int) -> bool:
    """Across devices, every bidder of a ward with two or more bidders seals its bid; a
    lone bidder (R25 can ask just one) bids in the clear, since that very move reveals
    and resolves the ward."""
    return s.remote is not None and candidate_kinds(s, seat) == ["seal"]


def check_clear_bid(s: State, seat: int) -> None:
    """A bid in the clear is refused where every bidder must seal (`must_seal`)."""
    if must_seal(s, seat):
        raise IllegalAction("must_seal", "Several players bid in this ward: "
                            "seal your bid first.")


def revealing(s: State) -> bool:
    """Every bidder of the ward voting has committed: the sealed bids open now."""
    e = s.election
    return s.phase == "bid" and bool(e.seals) and all(p in e.seals for p in e.bidders)


# --- anchor ---------------------------------------------------------------------------
def check_anchor(s: State, seat: int, a) -> None:
    _require_remote(s)
    if seat not in s.to_act():
        raise IllegalAction("not_your_turn", "It is not your move.", seat=seat)
    if s.remote.heads[seat] is not None:
        raise IllegalAction("already_anchored", "This player's random chain is already fixed.")


def do_anchor(s: State, seat: int, a) -> list[dict]:
    s.remote.heads[seat] = a.y
    return [{"e": "anchored", "seat": seat}]


# --- draw ---------------------------------------------------------------------------
def check_draw(s: State, seat: int, a) -> None:
    _require_remote(s)
    if s.phase != "draw":
        raise IllegalAction("not_draw_phase", "Nothing is waiting to be drawn.")
    if seat != s.current:
        raise IllegalAction("not_your_turn", "It is not your move.", seat=seat)
    check_next_value(s, seat, a.y)


def check_next_value(s: State, seat: int, value: str | None) -> None:
    """`value` must be the seat's next chain value: it hashes to the last one revealed."""
    r = s.remote
    if r.heads[seat] is None:
        raise IllegalAction("not_anchored", "This player's random chain is not fixed yet.")
    if r.used[seat] >= CHAIN_LENGTH:
        raise IllegalAction("chain_used_up", "This player's random chain is used up.")
    if value is not None and chain_step(r.game_id, seat, r.used[seat] + 1,
                                        _bytes(value)).hex() != r.heads[seat]:
        raise IllegalAction("bad_contribution", "This random value does not belong to "
                            "the player's chain: the link may have been altered.")


def take_next_value(s: State, seat: int, value: str) -> None:
    s.remote.heads[seat] = value
    s.remote.used[seat] += 1


def do_draw(s: State, seat: int, a) -> list[dict]:
    """Re-key the generator from the revealed value; `flow` then begins the turn, whose
    draws now come from it."""
    r = s.remote
    s.rng.state = draw_key(r.game_id, s.rng.state, _bytes(a.y), state_hash(s))
    take_next_value(s, seat, a.y)
    s.marker = "drawn"
    return [{"e": "drawn", "seat": seat}]


# --- sealed bids ------------------------------------------------------------------------
def _require_remote(s: State) -> None:
    if s.remote is None:
        raise IllegalAction("not_remote", "Only a game across devices does that.")


def _require_bidder(s: State, seat: int) -> None:
    if s.phase != "bid":
        raise IllegalAction("not_bid_phase", "No ward is taking bids now.")
    if seat not in s.election.bidders:
        raise IllegalAction("not_bidder", "You are not bidding in this ward.", seat=seat)
    if seat in s.election.bids:
        raise IllegalAction("already_bid", "You have already bid in this ward.")


def check_seal(s: State, seat: int, a) -> None:
    _require_remote(s)
    _require_bidder(s, seat)
    if seat in s.election.seals:
        raise IllegalAction("already_bid", "You have already sealed your bid in this ward.")
    if not must_seal(s, seat):
        raise IllegalAction("bid_in_clear", "You are the only bidder in this ward: "
                            "bid openly.")
    if s.remote.used[seat] >= CHAIN_LENGTH:
        raise IllegalAction("chain_used_up", "This player's random chain is used up.")


def do_seal(s: State, seat: int, a) -> list[dict]:
    """Keep the commitment; the last bidder's makes the ward revealing."""
    s.election.seals[seat] = a.h
    events = [{"e": "bid_sealed", "seat": seat, "ward": s.election.ward}]
    if revealing(s):
        events.append({"e": "bids_revealing", "ward": s.election.ward})
    return events


def election_number(s: State) -> int:
    """1 … 4: the election being held (after years 4, 8, 12, 16; fewer with the house rule
    `terms`)."""
    return s.year // s.rules.years_per_term


def check_open(s: State, seat: int, a) -> None:
    _require_remote(s)
    _require_bidder(s, seat)
    e = s.election
    if seat not in e.seals:
        raise IllegalAction("not_sealed", "There is no sealed bid of yours to open.")
    if not revealing(s):
        raise IllegalAction("not_revealing", "Bids open only once every bidder has "
                            "committed.")
    if a.n is None:
        return
    check_bid_chips(s, seat, a.n)
    if a.y is None:
        return
    expected = bid_commitment(s.remote.game_id, election_number(s), e.ward, seat, a.n,
                              _bytes(a.y)).hex()
    if expected != e.seals[seat]:
        raise IllegalAction("opening_mismatch", "This bid is not the one that was sealed: "
                            "a sealed bid cannot be changed.", seat=seat, ward=e.ward)
    check_next_value(s, seat, a.y)  # the salt was fixed by the seat's anchor


def do_open(s: State, seat: int, a) -> list[dict]:
    take_next_value(s, seat, a.y)
    return [{"e": "bid_opened", "seat": seat, "ward": s.election.ward}] + record_bid(
        s, seat, a.n)
