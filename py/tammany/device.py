"""What one device keeps in a game across devices, and the protocol moves it makes
(docs/remote.md). Tests and `simulate --remote` use it; the page does the same in
site/js/ui/remote/remote.js.

A device plays some seats. For each it keeps a chain secret (its chain's anchor is
the seat's first move; its values are revealed one at a time, by a draw or as the
salt of a sealed bid's opening) and, between a seal and its opening, the sealed
bid and its salt. Nothing here is ever in a code.
"""

from .actions import Anchor, Bid, Draw, OpenBid, SealBid
from .commitment import VALUE_BYTES, bid_commitment, chain
from .errors import IllegalAction
from .game import Game
from .legal import candidate_kinds
from .remote import election_number
from .state import N_NAT


class Device:
    """The secrets of the seats one device plays. `random_bytes(n)` gives n random
    bytes (the page: crypto.getRandomValues; tests: a seeded generator)."""

    def __init__(self, game_id: int, seats, random_bytes) -> None:
        self.game_id = game_id
        self.random_bytes = random_bytes
        self.chains = {seat: chain(random_bytes(VALUE_BYTES), game_id, seat)
                       for seat in seats}
        self.sealed: dict[tuple, tuple] = {}  # (election, ward, seat) -> (chips, salt hex)

    def plays(self, seat: int) -> bool:
        return seat in self.chains

    def protocol_move(self, game: Game, seat: int):
        """The move the protocol makes for `seat` now without asking its player (the
        chain's anchor, a draw, a bid's opening), or None when the player chooses."""
        s = game.state
        kinds = candidate_kinds(s, seat)
        if kinds == ["anchor"]:
            return Anchor(self.chains[seat][0].hex())
        if kinds == ["draw"]:
            return Draw(self.chains[seat][s.remote.used[seat] + 1].hex())
        if kinds == ["open"]:
            key = (election_number(s), s.election.ward, seat)
            if key not in self.sealed:
                raise IllegalAction("bid_not_here", "This device does not hold that "
                                    "sealed bid.", seat=seat)
            chips, salt = self.sealed[key]
            return OpenBid(chips, salt)
        return None

    def bid(self, game: Game, seat: int, chips) -> object:
        """The move for a bid of `chips`: sealed (kept here until its opening) in a ward
        with several bidders, its salt the seat's next chain value; a lone bidder's in
        the clear."""
        s = game.state
        chips = tuple(chips)
        if candidate_kinds(s, seat) != ["seal"]:
            return Bid(chips)
        salt = self.chains[seat][s.remote.used[seat] + 1]
        election, ward = election_number(s), s.election.ward
        commitment = bid_commitment(self.game_id, election, ward, seat, chips, salt)
        self.sealed[(election, ward, seat)] = (chips, salt.hex())
        return SealBid(commitment.hex())


def bid_limits(game: Game, seat: int) -> list[int]:
    """Per nationality, the most chips `seat` may bid in the ward voting (R24)."""
    s = game.state
    ward = s.election.ward
    return [s.chips[seat][i] if s.cubes[ward][i] else 0 for i in range(N_NAT)]


def relation(known: Game, incoming: Game) -> dict:
    """Where `incoming` stands against the history this device `known`s: `same`,
    `ahead` (it continues it), `behind` (an earlier point), `seal_changed` (the first move
    that differs is a seal by the same seat: the commitment was changed on its way, R24;
    with that `move`'s number and its `ward`) or `conflict` (another earlier move differs,
    or another game)."""
    a, b = known.history, incoming.history
    same_game = (known.game_id, known.seats, known.seed, known.rules) == (
        incoming.game_id, incoming.seats, incoming.seed, incoming.rules)
    shorter = min(len(a), len(b))
    extra = {}
    if not same_game or a[:shorter] != b[:shorter]:
        kind = "conflict"
        first = next((i for i in range(shorter) if a[i] != b[i]), None)
        if same_game and first is not None and a[first][0] == b[first][0] \
                and a[first][1].kind == b[first][1].kind == "seal":
            kind = "seal_changed"
            before = Game.replay(known.seats, known.seed, a[:first], known.game_id, known.rules)
            extra = {"move": first + 1, "ward": before.state.election.ward}
    elif len(a) == len(b):
        kind = "same"
    else:
        kind = "ahead" if len(b) > len(a) else "behind"
    return {"relation": kind, "known_moves": len(a), "incoming_moves": len(b), **extra}
