"""Games across devices (docs/remote.md): sealed bids kept by commitments — every bidder
of a contested ward seals, then every one opens, and R24–R26 resolve exactly as in a
hot-seat game —, draws from revealed contributions, the version-2 save code, and
hot-seat games left exactly as they were."""

import hashlib
import json
import statistics
from pathlib import Path

import pytest

from remotekit import bids_in
from tammany.actions import Bid, Draw, OpenBid, SealBid
from tammany.cli import DEFAULT_NAMES, main, play_random_remote_game
from tammany.commitment import CHAIN_LENGTH, bid_commitment, chain, chain_step
from tammany.device import Device, bid_limits
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.legal import candidate_kinds
from tammany.remote import election_number
from tammany.rng import Rng, derive_seed
from tammany.savecode import decode, encode

VECTORS = json.loads((Path(__file__).parent / "remote_vectors.json").read_text())
GAME_ID = 0x0123456789ABCDEF


def seeded_bytes(seed: int):
    rng = Rng(seed)

    def random_bytes(n: int) -> bytes:
        return b"".join(rng.next_u64().to_bytes(8, "big") for _ in range(n // 8))
    return random_bytes


class Table:
    """A remote game with one device per seat, moved by a seeded random player."""

    def __init__(self, players=3, seed=7, secrets=None, game_id=GAME_ID):
        self.game = Game.create(list(DEFAULT_NAMES[:players]), seed, game_id=game_id)
        self.choices = Rng(derive_seed(seed, 1))
        secrets = secrets or {}
        self.devices = [Device(game_id, [p], seeded_bytes(secrets.get(p, 1000 + p)))
                        for p in range(players)]
        self.last_sealer = None  # the seat whose seal made the last ward revealing

    def next_move(self):
        game = self.game
        seat = game.to_act()[0]
        device = self.devices[seat]
        action = device.protocol_move(game, seat)
        if action is None and game.state.phase == "bid":
            limits = bid_limits(game, seat)
            action = device.bid(game, seat, [self.choices.below(n + 1) for n in limits])
        return seat, action or game.random_action(seat, self.choices)

    def step(self):
        seat, action = self.next_move()
        events = self.game.apply(seat, action)
        if any(e["e"] == "bids_revealing" for e in events):
            self.last_sealer = seat
        return seat, action, events

    def until(self, predicate, limit=2000):
        for _ in range(limit):
            if predicate(self.game):
                return self.game
            self.step()
        raise AssertionError("the position never came")


def contested_revealing(game):
    """A ward with two or more bidders, all sealed, none opened yet (R24, R25)."""
    s = game.state
    return (s.phase == "bid" and len(s.election.bidders) >= 2 and not s.election.bids
            and candidate_kinds(s, game.to_act()[0]) == ["open"])


def unchanged(game):
    return (game.hash(), list(game.history), encode(game))


# --- commitments ---------------------------------------------------------------------
def test_commitment_vectors_match_the_documented_layout():
    """The fixed vectors the page must also reproduce: tag, game id, election, ward,
    seat, four 2-byte chip counts, an 8-byte salt; SHA-256 cut to 12 bytes. A chain
    value is the next one hashed with tag, game id, seat and its number, cut to 8 bytes."""
    for v in VECTORS["bids"]:
        layout = (b"tammany:bid:v2\x00\x00" + int(v["game_id"]).to_bytes(8, "big")
                  + bytes([v["election"], v["ward"], v["seat"]])
                  + b"".join(n.to_bytes(2, "big") for n in v["chips"])
                  + bytes.fromhex(v["salt"]))
        assert len(layout) == 43
        assert hashlib.sha256(layout).hexdigest()[:24] == v["commitment"]
        assert bid_commitment(int(v["game_id"]), v["election"], v["ward"], v["seat"],
                              v["chips"], bytes.fromhex(v["salt"])).hex() == v["commitment"]
    for v in VECTORS["chains"]:
        values = chain(bytes.fromhex(v["secret"]), int(v["game_id"]), v["seat"])
        assert (values[0].hex(), values[1].hex()) == (v["anchor"], v["first"])
        assert len(values) == CHAIN_LENGTH + 1 == 81 and values[80].hex() == v["secret"]
        for k in range(1, 81):
            assert chain_step(int(v["game_id"]), v["seat"], k, values[k]) == values[k - 1]
        first = (b"tammany:chain:v2" + int(v["game_id"]).to_bytes(8, "big")
                 + bytes([v["seat"], 1]) + values[1])
        assert hashlib.sha256(first).digest()[:8] == values[0]


def test_contested_ward_seals_then_opens_and_resolves_as_hot_seat():
    """R24–R26 across devices: every bidder seals, the last one too; the ward is then
    revealing (`bids_revealing`), each bidder opens, and the ward resolves exactly as a
    hot-seat game resolves the same bids."""
    table = Table(seed=11)
    game = table.until(contested_revealing)
    s = game.state
    e = s.election
    bidders = tuple(e.bidders)
    assert set(e.seals) == set(bidders) and e.bids == {}  # nobody bid in the clear
    assert table.last_sealer in bidders
    assert sorted(game.to_act()) == sorted(bidders)  # each opens on its own device
    hot = s.clone()
    hot.remote, hot.election.seals = None, {}
    hot_events = []
    remote_events = []
    opened = []
    while game.state.phase == "bid" and game.state.election.seals:
        seat, action, events = table.step()
        assert isinstance(action, OpenBid)
        opened.append(seat)
        hot_events += hot.apply(seat, Bid(action.n))
        remote_events += events
    assert sorted(opened) == sorted(bidders)
    strip = {"bid_opened", "bid_placed"}
    assert [x for x in remote_events if x["e"] not in strip] == \
        [x for x in hot_events if x["e"] not in strip]
    assert any(x["e"] == "ward_vote" for x in remote_events)
    assert game.state.remote.used[table.last_sealer] >= 1  # its salt was a chain value


def test_the_last_seal_makes_the_ward_revealing():
    """R25 across devices: `bids_revealing` comes with the last bidder's seal and only
    then; it has a sentence in the log."""
    from tammany.log import describe
    table = Table(seed=11)
    game = table.until(lambda g: g.state.phase == "bid" and len(g.state.election.bidders) >= 2
                       and not g.state.election.seals)
    bidders = game.state.election.bidders
    for number in range(len(bidders)):
        seat, action, events = table.step()
        assert action.kind == "seal"
        kinds = [x["e"] for x in events]
        last = number == len(bidders) - 1
        assert ("bids_revealing" in kinds) == last
    revealing = events[-1]
    assert revealing == {"e": "bids_revealing", "ward": game.state.election.ward}
    assert describe(revealing, game.state.names) == (
        f"Ward {revealing['ward']}: every bid is in; the sealed bids are opened next.")


def test_a_changed_opening_is_refused_and_changes_nothing():
    """A bid changed after sealing (other chips, or another salt) is refused with a
    clear message; the game, its hash and its code stay as they were. That holds for
    the last bidder to seal as for the others."""
    for opener in ("first", "last"):
        table = Table(seed=11)
        game = table.until(contested_revealing)
        seat = table.last_sealer if opener == "last" else next(
            p for p in game.to_act() if p != table.last_sealer)
        key = (election_number(game.state), game.state.election.ward, seat)
        chips, salt_hex = table.devices[seat].sealed[key]
        good = OpenBid(chips, salt_hex)
        before = unchanged(game)
        limits = bid_limits(game, seat)
        other_chips = next(tuple(c) for c in ([0, 0, 0, 0], [min(1, n) for n in limits])
                           if tuple(c) != good.n)
        salt = bytes.fromhex(good.y)
        wrong_salt = bytes([salt[0] ^ 1]) + salt[1:]
        for bad in (OpenBid(other_chips, good.y), OpenBid(good.n, wrong_salt.hex())):
            with pytest.raises(IllegalAction) as err:
                game.apply(seat, bad)
            assert err.value.code == "opening_mismatch"
            assert err.value.message == ("This bid is not the one that was sealed: a sealed "
                                         "bid cannot be changed.")
            assert unchanged(game) == before
        game.apply(seat, good)
        assert seat in game.state.election.bids or game.state.phase != "bid"


def test_a_salt_that_is_not_the_next_chain_value_is_refused():
    """The salt of a sealed bid is the seat's next chain value, fixed by its first move:
    a seal made with any other salt cannot be opened (its bid could otherwise be chosen
    among colliding ones), and the refusal changes nothing."""
    table = Table(seed=11)
    game = table.until(lambda g: g.state.phase == "bid" and len(g.state.election.bidders) >= 2
                       and not g.state.election.seals)
    s = game.state
    first = s.election.bidders[0]
    stray = bytes(range(8))
    args = (GAME_ID, election_number(s), s.election.ward, first, (0, 0, 0, 0), stray)
    game.apply(first, SealBid(bid_commitment(*args).hex()))
    table.until(lambda g: first in g.to_act() and candidate_kinds(g.state, first) == ["open"])
    before = unchanged(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(first, OpenBid((0, 0, 0, 0), stray.hex()))
    assert err.value.code == "bad_contribution" and unchanged(game) == before


def test_seal_and_clear_bid_each_only_in_their_place():
    """In a contested ward nobody bids in the clear, not even the last to commit, and
    nobody opens before all have sealed; a lone bidder bids in the clear (its bid
    resolves the ward in the same move) and cannot seal."""
    table = Table(seed=11)
    game = table.until(lambda g: g.state.phase == "bid" and len(g.state.election.bidders) >= 2
                       and not g.state.election.seals and not g.state.election.bids)
    bidders = game.state.election.bidders
    first = bidders[0]
    before = unchanged(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(first, Bid((0, 0, 0, 0)))
    assert err.value.code == "must_seal" and unchanged(game) == before
    with pytest.raises(IllegalAction) as err:
        game.apply(first, OpenBid((0, 0, 0, 0), "00" * 8))
    assert err.value.code == "not_sealed"
    game.apply(first, table.devices[first].bid(game, first, (0, 0, 0, 0)))
    with pytest.raises(IllegalAction) as err:
        game.apply(first, table.devices[first].protocol_move(game, first) or
                   OpenBid((0, 0, 0, 0), "00" * 8))
    assert err.value.code == "not_revealing"
    for seat in bidders[1:]:  # the last one too
        assert candidate_kinds(game.state, seat) == ["seal"]
        with pytest.raises(IllegalAction) as err:
            game.apply(seat, Bid((0, 0, 0, 0)))
        assert err.value.code == "must_seal"
        game.apply(seat, table.devices[seat].bid(game, seat, (0, 0, 0, 0)))
    assert set(game.state.election.seals) == set(bidders)

    lone = table.until(lambda g: g.state.phase == "bid" and len(g.state.election.bidders) == 1)
    seat = lone.state.election.bidders[0]
    assert candidate_kinds(lone.state, seat) == ["bid"]
    with pytest.raises(IllegalAction) as err:
        lone.apply(seat, SealBid("ab" * 12))
    assert err.value.code == "bid_in_clear"


def test_no_code_holds_a_bid_before_its_ward_reveals():
    """R34 across devices: no code of a whole 5-player game — the one after each move —
    carries a bid's chips before its ward is revealing, the last bidder's included."""
    table = Table(players=5, seed=derive_seed(3, 0))
    codes = []
    while not table.game.is_over:
        table.step()
        codes.append(encode(table.game))
    history = table.game.history
    for number, code in enumerate(codes, 1):  # each code holds exactly the moves so far …
        assert decode(code).history == history[:number]
    seen = bids_in(codes[-1])  # … and no move carries chips before its ward reveals
    assert seen["seal"] == seen["open"] > 10 and seen["contested"] > 5
    last_sealers = {seat for (seat, action), nxt in zip(history, history[1:], strict=False)
                    if action.kind == "seal" and nxt[1].kind == "open"}
    assert last_sealers  # the last bidder of each ward sealed too


def test_each_prefix_code_loads_to_the_same_position():
    """Every link a game passes (the code after each move) loads to that very
    position: the whole history travels, nothing is held back or lost."""
    table = Table(players=3, seed=5)
    while not table.game.is_over:
        table.step()
        code = encode(table.game)
        assert code[0] == "C"
        loaded = decode(code)
        assert loaded.hash() == table.game.hash() and loaded.history == table.game.history
        assert encode(loaded) == code


def test_a_reordered_history_is_refused():
    """Two moves swapped (a link whose history was rearranged) do not load."""
    table = Table(players=3, seed=5)
    table.until(lambda g: len(g.history) > 40)
    history = list(table.game.history)
    # two seats' turn moves (seals and openings of one ward may come in any order)
    i = next(i for i in range(len(history) - 1, 0, -1) if history[i][0] != history[i - 1][0]
             and {history[i][1].kind, history[i - 1][1].kind}.isdisjoint({"seal", "open"}))
    history[i - 1], history[i] = history[i], history[i - 1]
    with pytest.raises(IllegalAction) as err:
        Game.replay(table.game.seats, table.game.seed, history, table.game.game_id)
    assert err.value.code == "bad_move"


# --- the bag -----------------------------------------------------------------------------
def at_first_draw(secret: int) -> Table:
    table = Table(players=3, seed=21, secrets={1: secret, 2: secret + 1, 0: secret + 2})
    table.until(lambda g: g.state.phase == "draw")
    return table


def test_a_link_does_not_determine_the_next_draw():
    """Two continuations that differ only in the drawing seat's contribution draw
    differently: before the draw move, the link (the same public state, the same
    generator state) cannot tell what the bag will give."""
    castles = set()
    for secret in range(40, 48):
        table = at_first_draw(secret)
        game = table.game
        seat, action = table.next_move()
        s = game.state
        public_before = (s.rng.state, tuple(s.bag), s.current, len(game.history),
                         tuple(tuple(c) for c in s.cubes.values()))
        game.apply(seat, action)
        castles.add((public_before, tuple(game.state.castle),
                     tuple(tuple(c) for c in game.state.cubes.values())))
    assert len({c[0] for c in castles}) == 1  # every link gave the same public facts
    assert len(castles) > 1  # yet the draws differ


def test_a_draw_takes_only_the_committed_contribution():
    """No player chooses a draw: the draw move accepts exactly the next value of the
    seat's chain (fixed by its first move); any other is refused, changing nothing."""
    table = at_first_draw(40)
    game = table.game
    seat, good = table.next_move()
    before = unchanged(game)
    chain_values = table.devices[seat].chains[seat]
    for bad in (Draw(chain_values[5].hex()), Draw("00" * 8), Draw(chain_values[0].hex())):
        with pytest.raises(IllegalAction) as err:
            game.apply(seat, bad)
        assert err.value.code == "bad_contribution"
        assert unchanged(game) == before
    game.apply(seat, good)
    assert game.state.phase == "turn"


def test_the_draw_also_depends_on_the_public_position():
    """The same contribution in two different positions draws differently: the
    drawer cannot tabulate its next draw while the others' moves are still unknown."""
    from tammany.commitment import draw_key
    a = draw_key(GAME_ID, 12345, bytes(8), "0" * 16)
    b = draw_key(GAME_ID, 12345, bytes(8), "0" * 15 + "1")
    assert a != b


# --- hot-seat is untouched; the code format ----------------------------------------------
def test_hot_seat_games_never_take_a_remote_step():
    """A hot-seat game is version 1 and its moves are the old kinds only."""
    game = Game.create(list(DEFAULT_NAMES[:3]), 5)
    rng = Rng(9)
    while not game.is_over:
        seat = game.to_act()[0]
        assert set(candidate_kinds(game.state, seat)).isdisjoint({"anchor", "draw", "seal",
                                                                  "open"})
        game.apply(seat, game.random_action(seat, rng))
    assert encode(game)[0] == "B" and not game.remote
    with pytest.raises(IllegalAction) as err:
        Game.create(list(DEFAULT_NAMES[:3]), 5).apply(0, SealBid("00" * 12))
    assert err.value.code == "not_remote"


def test_a_remote_code_keeps_its_game_id_and_damage_is_caught():
    game = play_random_remote_game(3, 99)
    code = encode(game)
    loaded = decode(code)
    assert (loaded.game_id, loaded.hash(), loaded.is_over) == (game.game_id, game.hash(), True)
    changed = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    with pytest.raises(IllegalAction) as err:
        decode(changed)
    assert err.value.code == "code_damaged"


def test_undo_in_a_remote_game_keeps_the_game_id():
    table = Table(players=3, seed=5)
    game = table.until(lambda g: g.can_undo())
    game.undo()
    assert game.remote and game.game_id == GAME_ID and encode(game)[0] == "C"


def test_computers_seal_like_people():
    """A hosting device plays computer seats: their bids are sealed too, the last
    bidder's included, and the host opens them (the bot's choice stays on the host
    until the opening)."""
    from tammany.bots import choose_for_game
    game = Game.create(list(DEFAULT_NAMES[:3]), 4, levels=["human", "easy", "random"],
                       game_id=77)
    host = Device(77, [0, 1, 2], seeded_bytes(3))
    rng = Rng(5)
    kinds = set()
    while not game.is_over:
        seat = game.to_act()[0]
        contested = game.state.phase == "bid" and len(game.state.election.bidders) > 1
        action = host.protocol_move(game, seat)
        if action is None and seat != 0:
            choice = choose_for_game(game, seat, work=40)
            action = host.bid(game, seat, choice.n) if choice.kind == "bid" else choice
        if action is None:
            if game.state.phase == "bid":
                action = host.bid(game, seat, [0, 0, 0, 0])
            else:
                action = game.random_action(seat, rng)
        kinds.add(action.kind)
        assert not (contested and action.kind == "bid")  # the last bidder seals too
        game.apply(seat, action)
    assert {"seal", "open", "anchor", "draw"} <= kinds
    assert decode(encode(game)).hash() == game.hash()


def test_election_number_counts_elections():
    table = Table(seed=11)
    game = table.until(lambda g: g.state.phase == "bid")
    assert election_number(game.state) == game.state.year // 4 == 1


def test_median_code_of_a_finished_five_player_remote_game(tmp_path, capsys):
    """Size: the codes of finished 5-player games across devices (random players),
    median at most 2,000 characters (docs/remote.md gives the figures)."""
    assert main(["simulate", "--players", "5", "--games", "30", "--seed", "1", "--remote",
                 "--codes", str(tmp_path / "c.jsonl"), "--json"]) in (0, None)
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and summary["finished"] == 30
    lengths = [len(json.loads(line)["code"])
               for line in (tmp_path / "c.jsonl").read_text().splitlines()]
    assert statistics.median(lengths) == summary["code_chars_median"] <= 2000


# --- what the page asks (tammany.bridge) ---------------------------------------------------
def ask(method, **params):
    from tammany.bridge import handle
    return json.loads(handle(json.dumps({"method": method, "params": params})))


def test_every_position_has_a_prompt_and_every_event_a_sentence():
    from tammany.log import describe
    from tammany.prompt import prompt
    table = Table(players=3, seed=5)
    kinds = set()
    while not table.game.is_over:
        p = prompt(table.game.state)
        assert p["code"] and p["seats"] == table.game.to_act()
        kinds.add(p["code"])
        _, _, events = table.step()
        for event in events:
            assert describe(event, table.game.state.names) != event["e"]
    assert {"device", "turn", "bid"} <= kinds


def test_links_are_compared_with_what_the_device_knows():
    """A link behind the device's game is recognised (with both move counts), one that
    continues it is ahead, and one whose earlier move differs is a conflict."""
    table = Table(players=3, seed=5)
    table.until(lambda g: len(g.history) == 30)
    old = encode(table.game)
    table.until(lambda g: len(g.history) == 45)
    new = encode(table.game)
    other = Table(players=3, seed=5)
    other.choices = Rng(12345)
    other.until(lambda g: len(g.history) == 45)
    forked = encode(other.game)
    assert ask("compare_codes", known=new, incoming=old) == {
        "ok": True, "relation": "behind", "known_moves": 45, "incoming_moves": 30}
    assert ask("compare_codes", known=old, incoming=new)["relation"] == "ahead"
    assert ask("compare_codes", known=new, incoming=new)["relation"] == "same"
    assert ask("compare_codes", known=new, incoming=forked)["relation"] == "conflict"


def test_r24_a_link_whose_only_change_is_a_seal_is_named_as_such():
    """R24 across devices (docs/remote.md, "Links on a device"): a link in which only a sealed
    bid's commitment was changed decodes (a commitment is any 96 bits), but the devices that
    have seen the seal — the bidder's first — refuse it as a changed sealed bid, naming the
    ward and the move (`seal_changed`), not as any earlier move that differs. Another seat's
    seal where the device saw this one is a fork like any other (`conflict`)."""
    table = Table(players=3, seed=5)
    game = table.until(contested_revealing)
    history = list(game.history)
    at = len(history)  # the ward's first seal: its bidders' seals end the history
    while history[at - 1][1].kind == "seal":
        at -= 1
    seat, seal = history[at]
    ward = game.state.election.ward
    forged_h = ("0" if seal.h[0] != "0" else "1") + seal.h[1:]
    bidders_seen = Game.replay(game.seats, game.seed, history[:at + 1], game.game_id)
    forged = Game.replay(game.seats, game.seed, history[:at] + [(seat, SealBid(forged_h))],
                         game.game_id)
    known = encode(bidders_seen)
    assert ask("compare_codes", known=known, incoming=encode(forged)) == {
        "ok": True, "relation": "seal_changed", "known_moves": at + 1,
        "incoming_moves": at + 1, "move": at + 1, "ward": ward}
    # The device has gone on since: the same refusal.
    assert ask("compare_codes", known=encode(game), incoming=encode(forged))["relation"] == \
        "seal_changed"
    # A fork at the seal: another bidder sealed first on another device.
    other = history[at + 1][0]
    sealed = Game.replay(game.seats, game.seed, history[:at], game.game_id)
    sealed.apply(other, table.devices[other].bid(sealed, other, [0, 0, 0, 0]))
    assert ask("compare_codes", known=known, incoming=encode(sealed))["relation"] == "conflict"


def test_the_bridge_starts_a_remote_game_and_bids_for_its_computers():
    seats = [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "yellow"},
             {"name": "Cy", "color": "purple", "level": "easy"}]
    answer = ask("new_game", seats=seats, seed="5", game_id="18446744073709551615")
    assert answer["ok"] and answer["game_id"] == "18446744073709551615"
    assert answer["code"][0] == "C" and answer["prompt"]["code"] == "device"
    assert ask("bot_bid", seat=2)["error"]["code"] == "not_bidding"
    hot = ask("new_game", seats=seats, seed="5")
    assert hot["game_id"] is None and hot["code"][0] == "B"
    since = ask("log_since", move=0)
    assert since["ok"] and since["log_events"] == []


def test_bot_bid_gives_a_hosted_computer_its_bid_to_seal():
    """The hosting page asks for a computer's bid (not applied) and seals it itself."""
    from tammany import bridge
    game = Game.create(list(DEFAULT_NAMES[:3]), 8, levels=["easy", "easy", "easy"],
                       game_id=5)
    host = Device(5, [0, 1, 2], seeded_bytes(8))
    rng = Rng(3)
    while not (game.state.phase == "bid" and candidate_kinds(game.state, game.to_act()[0])
               in (["seal"], ["bid"])):
        seat = game.to_act()[0]
        game.apply(seat, host.protocol_move(game, seat) or game.random_action(seat, rng))
    seat = game.to_act()[0]
    bridge._session["game"] = game
    before = game.hash()
    answer = ask("bot_bid", seat=seat)
    assert answer["ok"] and answer["seat"] == seat and game.hash() == before
    assert all(0 <= n <= limit for n, limit in zip(answer["n"], bid_limits(game, seat),
                                                   strict=True))
    game.apply(seat, host.bid(game, seat, answer["n"]))


def test_since_your_last_move_and_its_replay():
    """"Since your last move" gives the events after a move (codes for the page to word),
    and the replay viewer opens a game across devices at the move
    after it, with the same positions as the game; it cannot be played on from there."""
    from tammany import bridge
    table = Table(players=3, seed=5)
    game = table.until(lambda g: len(g.history) == 60)
    bridge._session["game"] = game
    since = ask("log_since", move=50)
    assert since["ok"] and since["log_events"]
    assert all("e" in e and "text" not in e for e in since["log_events"])
    opened = ask("replay_open", at=51)
    assert opened["ok"] and opened["remote"] is True and opened["moves"] == 60
    replayed = Game.replay(game.seats, game.seed, game.history[:51], game.game_id)
    assert opened["frame"]["hash"] == replayed.hash()
    assert ask("replay_at", at=60)["frame"]["hash"] == game.hash()
    before = game.hash()
    refused = ask("replay_play_on", at=51)
    assert refused["error"]["code"] == "replay_remote"
    assert bridge._session["game"] is game and len(game.history) == 60
    assert game.hash() == before
