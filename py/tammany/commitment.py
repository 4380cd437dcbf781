"""The hashes of a game across devices (docs/remote.md): a sealed bid's commitment,
a seat's hash chain of random contributions, and how a contribution re-keys the bag.

Every input is written at a fixed width, big-endian, after a 16-byte domain tag,
so no two different inputs share an encoding and no hash of one kind can pass
for another. The page computes the same bytes with Web Crypto (site/js/ui/remote.js);
tests/test_remote_commitment.py holds vectors both must reproduce.
"""

import hashlib

DIGEST_BYTES = 16
"""Commitments and chain values are SHA-256 cut to 128 bits: finding two openings
for one commitment takes about 2^64 hashes, beyond any phone or laptop."""
SALT_BYTES = 16
CHAIN_LENGTH = 16
"""A seat begins 16 turns in a game (one a year), so it never needs more draws."""
CHIP_BYTES = 2

BID_TAG = b"tammany:bid:v1\x00\x00"
CHAIN_TAG = b"tammany:chain:v1"
DRAW_TAG = b"tammany:draw:v1\x00"
assert len(BID_TAG) == len(CHAIN_TAG) == len(DRAW_TAG) == 16


def _sha(*parts: bytes) -> bytes:
    return hashlib.sha256(b"".join(parts)).digest()


def _u(value: int, width: int) -> bytes:
    return value.to_bytes(width, "big")


def bid_encoding(game_id: int, election: int, ward: int, seat: int, chips,
                 salt: bytes) -> bytes:
    """The 51 bytes a bid commitment hashes:
    tag(16) game_id(8) election(1) ward(1) seat(1) chips(4 × 2) salt(16)."""
    if len(salt) != SALT_BYTES:
        raise ValueError("a salt is 16 bytes")
    return b"".join([BID_TAG, _u(game_id, 8), _u(election, 1), _u(ward, 1), _u(seat, 1),
                     *(_u(n, CHIP_BYTES) for n in chips), salt])


def bid_commitment(game_id: int, election: int, ward: int, seat: int, chips,
                   salt: bytes) -> bytes:
    """The commitment to a sealed bid: the first 16 bytes of SHA-256 of its encoding."""
    return _sha(bid_encoding(game_id, election, ward, seat, chips, salt))[:DIGEST_BYTES]


def chain_step(game_id: int, seat: int, k: int, value: bytes) -> bytes:
    """y[k-1] from y[k]: tag(16) game_id(8) seat(1) k(1) y[k](16), hashed and cut."""
    return _sha(CHAIN_TAG, _u(game_id, 8), _u(seat, 1), _u(k, 1), value)[:DIGEST_BYTES]


def chain(secret: bytes, game_id: int, seat: int) -> list[bytes]:
    """A seat's whole chain y[0] … y[16] from its secret y[16]: y[0] is the anchor the
    seat publishes first, y[1], y[2], … are revealed one per draw, in that order."""
    if len(secret) != DIGEST_BYTES:
        raise ValueError("a chain secret is 16 bytes")
    values = [secret]
    for k in range(CHAIN_LENGTH, 0, -1):
        values.append(chain_step(game_id, seat, k, values[-1]))
    return values[::-1]


def draw_key(game_id: int, rng_state: int, value: bytes, state_hash: str) -> int:
    """The generator's new state before a draw: the old state (the seed with every
    contribution so far), the drawing seat's revealed chain value, and the public
    state's hash (so its own earlier moves cannot be tried against a known value)."""
    digest = _sha(DRAW_TAG, _u(game_id, 8), _u(rng_state, 8), value,
                  bytes.fromhex(state_hash))
    return int.from_bytes(digest[:8], "big")
