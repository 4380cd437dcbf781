"""The hashes of a game across devices (docs/remote.md): each seat's hash chain of
secret values, a sealed bid's commitment, and how a revealed value re-keys the bag.

A seat's chain values y[1], y[2], … are revealed one at a time, each checked
against the one before (the anchor y[0] first). Each serves once: as the
contribution of a draw, or as the salt of one sealed bid — the bid's opening
reveals it. Because every salt is fixed by the anchor before any bid is made, a
bidder can vary nothing but the chips it commits to, which is why a commitment
of 96 bits binds (docs/remote.md, "Why these widths").

Every input is written at a fixed width, big-endian, after a 16-byte domain tag,
so no two different inputs share an encoding and no hash of one kind can pass
for another. The page computes the same bytes with Web Crypto (site/js/ui/remote/remote.js);
tests/remote_vectors.json holds vectors both must reproduce.
"""

import hashlib

VALUE_BYTES = 8
"""A chain value (a draw's contribution, a bid's salt) is SHA-256 cut to 64 bits:
guessing one, or finding the value before a revealed one, takes about 2^64 hashes."""
COMMITMENT_BYTES = 12
"""A bid's commitment is SHA-256 cut to 96 bits (see the module docstring)."""
CHAIN_LENGTH = 80
"""Values per seat: one per turn that draws (a seat begins at most 16 turns, one a year)
and one per sealed bid (at most 15 wards in each of 4 elections): 76 at most."""
CHIP_BYTES = 2

BID_TAG = b"tammany:bid:v2\x00\x00"
CHAIN_TAG = b"tammany:chain:v2"
DRAW_TAG = b"tammany:draw:v2\x00"
assert len(BID_TAG) == len(CHAIN_TAG) == len(DRAW_TAG) == 16


def _sha(*parts: bytes) -> bytes:
    return hashlib.sha256(b"".join(parts)).digest()


def _u(value: int, width: int) -> bytes:
    return value.to_bytes(width, "big")


def _value(value: bytes) -> bytes:
    if len(value) != VALUE_BYTES:
        raise ValueError("a chain value is 8 bytes")
    return value


def bid_encoding(game_id: int, election: int, ward: int, seat: int, chips,
                 salt: bytes) -> bytes:
    """The 43 bytes a bid commitment hashes:
    tag(16) game_id(8) election(1) ward(1) seat(1) chips(4 × 2) salt(8)."""
    return b"".join([BID_TAG, _u(game_id, 8), _u(election, 1), _u(ward, 1), _u(seat, 1),
                     *(_u(n, CHIP_BYTES) for n in chips), _value(salt)])


def bid_commitment(game_id: int, election: int, ward: int, seat: int, chips,
                   salt: bytes) -> bytes:
    """The commitment to a sealed bid: the first 12 bytes of SHA-256 of its encoding.
    `salt` is the bidder's next chain value."""
    return _sha(bid_encoding(game_id, election, ward, seat, chips, salt))[:COMMITMENT_BYTES]


def chain_step(game_id: int, seat: int, k: int, value: bytes) -> bytes:
    """y[k-1] from y[k]: tag(16) game_id(8) seat(1) k(1) y[k](8), hashed and cut to 8."""
    return _sha(CHAIN_TAG, _u(game_id, 8), _u(seat, 1), _u(k, 1),
                _value(value))[:VALUE_BYTES]


def chain(secret: bytes, game_id: int, seat: int) -> list[bytes]:
    """A seat's whole chain y[0] … y[80] from its secret y[80]: y[0] is the anchor the
    seat publishes first, y[1], y[2], … are revealed one at a time, in that order."""
    values = [_value(secret)]
    for k in range(CHAIN_LENGTH, 0, -1):
        values.append(chain_step(game_id, seat, k, values[-1]))
    return values[::-1]


def draw_key(game_id: int, rng_state: int, value: bytes, state_hash: str) -> int:
    """The generator's new state before a draw: the old state (the seed with every
    contribution so far), the drawing seat's revealed chain value, and the public
    state's hash (so its own earlier moves cannot be tried against a known value)."""
    digest = _sha(DRAW_TAG, _u(game_id, 8), _u(rng_state, 8), _value(value),
                  bytes.fromhex(state_hash))
    return int.from_bytes(digest[:8], "big")
