"""A check shared by the engine's and the page's tests of play across devices (docs/remote.md)."""

from tammany.savecode import decode


def bids_in(code: str) -> dict:
    """Decode a code and check, move by move, that chips travel only in an opening once every
    bidder of its ward has sealed (the last bidder too), or in a lone bidder's clear bid, which
    decides its ward in that very move; a seal carries 96 bits, never chips (R34). Returns the
    counts of what it saw: `seal`, `open`, `bid`, `revealing` (wards whose bids were all
    sealed) and `contested` (wards decided with chips from two or more bidders)."""
    game = decode(code)
    replay = game.restarted()  # its seats, seed, game id and house rules
    seen = {"seal": 0, "open": 0, "bid": 0, "revealing": 0, "contested": 0}
    for seat, action in game.history:
        e = replay.state.election
        if action.kind == "open":
            assert all(p in e.seals for p in e.bidders), "a bid travelled before its ward's reveal"
        if action.kind == "bid":
            assert e.bidders == (seat,), "a clear bid in a contested ward"
        if action.kind == "seal":
            assert action._fields == ("h",) and len(action.h) == 24
        if action.kind in seen:
            seen[action.kind] += 1
        events = replay.apply(seat, action)
        seen["revealing"] += sum(1 for x in events if x["e"] == "bids_revealing")
        seen["contested"] += sum(1 for x in events
                                 if x["e"] == "ward_vote" and len(x["bids"]) >= 2
                                 and sum(sum(b) for b in x["bids"].values()) > 0)
    assert replay.hash() == game.hash()
    return seen
