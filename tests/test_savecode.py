"""Save codes (docs/savecodes.md): round trips, R34, names, errors, the
documented layout, golden codes, fuzzing, and the command line.

The fuzz tests run ≥ 10,000 cases in the "ci" hypothesis profile (see FUZZ_EXAMPLES).
"""

import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tammany import savecode
from tammany.actions import Bid, PlaceBosses
from tammany.cli import DEFAULT_NAMES, main
from tammany.digits import ALPHABET, Writer, pack
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.rng import Rng, derive_seed
from tammany.rules_config import STANDARD, SWITCHES, house_rules
from tammany.savecode import MAX_CODE_CHARS, decode, encode

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
COMMON = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 "
GOLDEN = json.loads((Path(__file__).parent / "golden" / "savecodes.json").read_text("utf-8"))
ROOT = Path(__file__).resolve().parent.parent


# --- helpers: the documented outer layer, written independently of the codec ---------
def seal(n: int, length: int, version: str = "B") -> str:
    """docs/savecodes.md: the version ('B'), then N (length bytes) + CRC-32 as 6-bit
    characters, least significant first, zero-padded."""
    m = n | zlib.crc32(n.to_bytes(length, "little")) << (8 * length)
    return version + "".join(B64[(m >> 6 * k) & 63] for k in range(-(-(8 * length + 32) // 6)))


def unseal(code: str) -> tuple[int, int]:
    m = sum(B64.index(ch) << 6 * k for k, ch in enumerate(code[1:]))
    length = (6 * (len(code) - 1) - 32) // 8
    return m & ((1 << 8 * length) - 1), length


def header(w: Writer, names, levels=None, seed=0) -> None:
    """The documented header for seats in default colour order."""
    w.number(len(names) - 3, 3)
    for i, name in enumerate(names):
        w.number(len(name) - 1, 20)
        for ch in name:
            w.number(COMMON.index(ch), 64)
        w.number(0, 5 - i)                        # the first colour still free
        level = (levels or {}).get(i)
        w.number(int(level is not None), 2)       # human / computer
        if level is not None:
            w.number(level, 8)
    w.number(seed, 2**64)


def sealed(digits) -> str:
    n, product = pack(digits)
    return seal(n, ((product - 1).bit_length() + 7) // 8)


def play(game: Game, rng: Rng, stop=lambda g: False) -> Game:
    while not game.is_over and not stop(game):
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return game


def strict_check(text) -> None:
    """The fuzz property: IllegalAction, or a game that re-encodes to the same text.
    Uses the decoder without its last-resort net, so any other exception fails."""
    try:
        game = savecode._decode(text)
    except IllegalAction:
        return
    assert encode(game) == text


def error_of(code) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        decode(code)
    return info.value


# --- round trips -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_code_after_every_action_decodes_to_the_same_game(players):
    game = Game.create(list(DEFAULT_NAMES[:players]), derive_seed(7, players))
    rng = Rng(players)
    previous, committed_before = None, -1
    while True:
        code = encode(game)
        committed = game.committed_history()
        assert (code == previous) == (len(committed) == committed_before)
        loaded = decode(code)
        assert loaded.history == committed
        pending = len(committed) < len(game.history)
        assert loaded.hash() == (Game.replay(game.seats, game.seed, committed).hash()
                                 if pending else game.hash())
        if len(committed) % 16 == 0 or game.is_over:  # a cold encode, now and then
            assert encode(loaded) == code
        previous, committed_before = code, len(committed)
        if game.is_over:
            break
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    assert set(code) <= set(B64)


def test_whole_games_round_trip_for_every_player_count():
    for players in (3, 4, 5):
        for g in range(3):
            game = play(Game.create(list(DEFAULT_NAMES[:players]), derive_seed(8, g)),
                        Rng(100 * players + g))
            code = encode(game)
            loaded = decode(code)
            assert loaded.history == game.history and loaded.hash() == game.hash()
            assert loaded.result == game.result and encode(loaded) == code


def test_undo_then_encode_matches_a_fresh_encode():
    """The encoder keeps its work per game; an undo must not leave it stale."""
    game = play(Game.create(list(DEFAULT_NAMES), 5), Rng(5),
                stop=lambda g: g.state.year == 6 and g.can_undo())
    seat, undone = game.history[-1]
    before = encode(game)
    game.undo()
    assert encode(game) == encode(Game.replay(game.seats, game.seed, game.history))
    game.apply(seat, undone)
    assert encode(game) == before
    game.undo()
    game.apply(seat, next(a for a in game.legal_actions(seat) if a != undone))
    after = encode(game)  # as many moves as `before`, the last one different
    assert after != before
    assert after == encode(Game.replay(game.seats, game.seed, game.history))
    assert decode(after).hash() == game.hash()


def test_the_two_bosses_are_one_move_in_either_order():
    first = Game.create(["Ann", "Bob", "Cy"], 3)
    second = Game.create(["Ann", "Bob", "Cy"], 3)
    seat = first.to_act()[0]
    first.apply(seat, PlaceBosses(14, 6))
    second.apply(seat, PlaceBosses(6, 14))
    assert encode(first) == encode(second)
    assert decode(encode(first)).hash() == first.hash()


# --- R34: sealed bids never in a code ----------------------------------------------------
def _at_a_bid(seed: int) -> Game:
    return play(Game.create(list(DEFAULT_NAMES[:4]), seed), Rng(seed),
                stop=lambda g: g.state.phase == "bid" and len(g.to_act()) >= 2)


def test_r34_a_code_carries_none_of_the_bids_of_the_ward_still_bidding():
    game, other = _at_a_bid(11), _at_a_bid(11)
    before = encode(game)
    bidder = game.to_act()[0]
    ward = game.state.election.ward
    chips = [game.state.chips[bidder][i] if game.state.cubes[ward][i] else 0
             for i in range(4)]
    assert any(chips), "the seed should give the first bidder chips to bid"
    game.apply(bidder, Bid(tuple(chips)))
    other.apply(bidder, Bid((0, 0, 0, 0)))
    assert encode(game) == encode(other) == before
    loaded = decode(before)
    assert loaded.view(None)["election"]["bids_in"] == []
    assert loaded.to_act() == list(game.state.election.bidders)


def forge(game: Game, moves, rules=None) -> str:
    """A code laid out exactly as docs/savecodes.md says, check digits and all, of `game`'s
    seats, seed and id with exactly `moves` (a ward's pending bids too) under `rules` (the
    game's own by default): what a forger who knows the layout can write, and no game
    writes when a ward is still bidding (R34). Raises IllegalAction when a move is not
    legal under `rules`."""
    rules = game.rules if rules is None else rules
    head, body = Writer(), Writer()
    savecode._code_seats(head, game.seats)
    head.number(game.seed, savecode.SEED_RADIX)
    if game.game_id is not None:
        head.number(game.game_id, savecode.GAME_ID_RADIX)
    if rules != STANDARD:
        savecode._code_rules(head, rules)
    head.number(len(moves), savecode.MAX_MOVES + 1)
    state = Game(game.seats, game.seed, game.game_id, rules).state
    for move in moves:
        savecode._code_move(body, state, move)
        state.apply(*move)
    n, product = pack(head.digits + body.digits)
    version = next(v for v, layout in savecode.VERSIONS.items()
                   if layout == (game.game_id is not None, rules != STANDARD))
    return seal(n, ((product - 1).bit_length() + 7) // 8, B64[version])


ISSUE_55_CODE = "BAg7iJLsAAAAAAAAQp35L9C7r_3x-sh5UBA04FDP"
"""A code whose last moves are bids of ward 2 still pending (seat 0's (0,1,0,0) the last)."""


def test_r34_a_code_holding_a_bid_of_the_ward_still_bidding_is_damaged():
    """R34: no code the game writes holds a bid of the ward still bidding, so a code that
    does is damaged — refused like any other (`code_damaged`), never loaded as a game that
    re-encodes to another code."""
    err = error_of(ISSUE_55_CODE)
    assert (err.code, err.params) == ("code_damaged", {"why": "bid"})
    assert err.message == ("This code is damaged: it holds a bid of the ward still bidding, "
                           "which no code holds.")
    game = _at_a_bid(11)
    committed = encode(game)
    assert forge(game, game.history) == committed  # the forger writes what encode writes
    game.apply(game.to_act()[0], Bid((0, 0, 0, 0)))
    assert encode(game) == committed
    pending = forge(game, game.history)
    assert pending != committed
    assert (error_of(pending).code, error_of(pending).params) == ("code_damaged", {"why": "bid"})


def test_r34_the_page_is_told_a_code_holding_a_pending_bid_is_damaged_and_keeps_its_game():
    """R34: the bridge's `load_code` (the page's "Load a code" and `#g=` links) refuses the
    code as damaged, which the page words as such, and the game it holds is unchanged."""
    from tammany.bridge import handle

    def call(method, **params):
        return json.loads(handle(json.dumps({"method": method, "params": params})))
    seats = [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "yellow"},
             {"name": "Cy", "color": "purple"}]
    playing = call("new_game", seats=seats, seed=3)
    answer = call("load_code", code=ISSUE_55_CODE, log=True)
    assert not answer["ok"]
    assert (answer["error"]["code"], answer["error"]["params"]) == ("code_damaged", {"why": "bid"})
    assert call("state")["hash"] == playing["hash"]


def test_r25_r34_a_code_whose_house_rules_leave_a_ward_still_bidding_is_damaged():
    """R25, R34: a code whose house rules were changed (check digits written anew) so that
    more seats are asked to bid (`bids` = every_candidate) ends with a ward whose bids are
    no longer complete: damaged, like a code holding a pending bid."""
    every = house_rules({"bids": "every_candidate"})
    game, rng = Game.create(list(DEFAULT_NAMES[:3]), 1), Rng(1)
    changed = Game(game.seats, game.seed, None, every)  # the same moves by the house rule
    found = None
    while found is None and not game.is_over:
        seat = game.to_act()[0]
        move = (seat, game.random_action(seat, rng))
        game.apply(*move)
        changed.apply(*move)
        k = len(game.history)
        if len(game.committed_history()) == k and len(changed.committed_history()) < k:
            found = k
    assert found, "the game should have a ward that every_candidate asks more seats to bid in"
    assert forge(game, game.history) == encode(game)  # by the rulebook: every bid is in
    err = error_of(forge(game, game.history, rules=every))
    assert (err.code, err.params) == ("code_damaged", {"why": "bid"})


# --- seats and seed ---------------------------------------------------------------------
@pytest.mark.parametrize("names", [
    ["小明", "José 🎩", "e\u0301mile"],                 # CJK, emoji, combining mark kept as is
    ["\u00e9mile", "e\u0301mile", "O'Brien"],          # NFC and NFD stay different names
    ["🎩" * 20, "A" * 20, "x"],                         # 20 code points, astral included
    [" a ", "Ωμέγα", "مريم", "שרה", "Ærø"],            # spaces, Greek, Arabic, Hebrew, Latin-1
])
def test_names_survive_the_round_trip_exactly(names):
    game = Game.create(names, 42, colors=list(reversed(savecode.board.PLAYER_COLORS))[
        :len(names)], levels=["random", "human", "hard", "easy", "human"][:len(names)])
    loaded = decode(encode(game))
    assert loaded.seats == game.seats


def test_nfc_and_nfd_names_give_different_codes():
    assert (encode(Game.create(["\u00e9", "b", "c"], 1))
            != encode(Game.create(["e\u0301", "b", "c"], 1)))


def test_every_player_level_has_a_code():
    for level in savecode.COMPUTER_LEVELS:
        game = Game.create(["a", "b", "c"], 1, levels=["human", level, "human"])
        assert decode(encode(game)).seats == game.seats
    from tammany.game import LEVELS
    assert set(LEVELS) == {"human", *savecode.COMPUTER_LEVELS}


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_any_64_bit_seed_round_trips(seed):
    game = Game.create(["a", "b", "c"], seed)
    assert decode(encode(game)).seed == seed


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_outside_64_bits_cannot_be_encoded(seed):
    with pytest.raises(IllegalAction):
        encode(Game.create(["a", "b", "c"], seed))


# --- the documented layout ----------------------------------------------------------------
def test_a_new_game_is_exactly_the_documented_header():
    w = Writer()
    header(w, ["Ann", "Bo", "Cy"], levels={1: 1}, seed=5)
    w.number(0, 1024)  # no moves yet
    game = Game.create(["Ann", "Bo", "Cy"], 5, levels=["human", "hard", "human"])
    assert encode(game) == sealed(w.digits)


def test_every_golden_code_has_the_documented_outer_layer():
    for case in GOLDEN:
        n, length = unseal(case["code"])
        assert seal(n, length) == case["code"]


# --- errors --------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [None, 12, b"BAAA", "", "A", "AAAAAAAAAAAAAAAA"])
def test_what_is_not_a_code_is_refused(code):
    assert error_of(code).code == "not_a_code"


def test_characters_outside_the_alphabet_are_refused():
    good = GOLDEN[0]["code"]
    for bad in (good[:5] + "+" + good[6:], good + "=", good.replace("B", "ß", 1)[:1] + good):
        assert error_of(bad).code in ("not_a_code", "code_version")
    assert error_of(good[:9] + " " + good[10:]).message == \
        "A save code has only letters, digits, - and _."


def test_a_newer_version_is_named_as_such():
    err = error_of(B64[savecode.FORMAT_VERSION + 1] + GOLDEN[0]["code"][1:])
    assert (err.code, err.message) == (
        "code_version", "This code was made by a newer version of the game.")


def test_absurdly_long_input_is_refused_early():
    err = error_of("B" + "A" * MAX_CODE_CHARS)
    assert err.code == "code_too_long" and str(MAX_CODE_CHARS) in err.message
    assert error_of("B" + "ABCD" * 100_000).code == "code_too_long"


def test_a_changed_character_is_caught_by_the_check_digits():
    code = GOLDEN[1]["code"]
    bad = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    err = error_of(bad)
    assert (err.code, err.message) == ("code_damaged",
                                       "This code is damaged: its check digits do not match.")


@pytest.mark.parametrize("label", ["finished, 3 players", "finished, 5 players, largest seed"])
def test_every_single_edit_and_neighbour_swap_is_caught(label):
    """CRC-32 catches every error burst of up to 32 bits: a changed character is
    6 bits, a swapped pair 12 (the version character is checked on its own)."""
    code = next(c["code"] for c in GOLDEN if c["label"] == label)
    for i in range(len(code)):
        for ch in B64:
            if ch != code[i]:
                with pytest.raises(IllegalAction):
                    decode(code[:i] + ch + code[i + 1:])
        if i + 1 < len(code) and code[i] != code[i + 1]:
            with pytest.raises(IllegalAction):
                decode(code[:i] + code[i + 1] + code[i] + code[i + 2:])


def test_a_wrong_length_or_set_padding_bit_is_damage():
    code = GOLDEN[0]["code"]
    n, length = unseal(code)
    assert error_of(code + "A").code == "code_damaged"
    assert error_of(code[:-1]).code == "code_damaged"
    padded = code[:-1] + B64[B64.index(code[-1]) | 32]  # 8L + 32 bits leave padding on top
    assert error_of(padded).code == "code_damaged"
    longer = seal(n, length + 1)                          # same content, one byte too many
    assert error_of(longer).message == "This code is damaged: it holds more than a game."


def _split(code: str, names, seed) -> tuple[int, int, int]:
    """(header part, count, moves part) of a golden code's content."""
    w = Writer()
    header(w, names, seed=seed)
    _, head_product = pack(w.digits)
    n, _ = unseal(code)
    rest = n // head_product
    return n % head_product, rest % 1024, rest // 1024, head_product


def test_moves_past_the_end_of_the_game_are_not_legal():
    case = next(c for c in GOLDEN if c["label"] == "finished, 3 players")
    head, count, moves, p = _split(case["code"], [s[0] for s in case["seats"]],
                                   seed=derive_seed(1, 3))
    assert count == case["moves"]
    n = head + p * (count + 1 + 1024 * moves)
    err = error_of(seal(n, ((n.bit_length() + 7) // 8)))
    assert err.code == "bad_move"
    assert err.message == f"Move {count + 1} is not legal: The game is over."


def test_a_failure_inside_the_rules_while_replaying_is_still_an_illegal_action(monkeypatch):
    def broken(self, seat, action):
        raise KeyError("a bug in the rules")
    monkeypatch.setattr(Game, "apply", broken)
    err = error_of(GOLDEN[1]["code"])
    assert (err.code, err.params) == ("code_damaged", {"error": "KeyError"})


def test_a_choice_among_nothing_is_damage_not_a_crash():
    from tammany.digits import Reader
    with pytest.raises(IllegalAction) as info:
        Reader(5).pick([])
    assert info.value.code == "code_damaged"


def test_digits_left_over_after_the_last_move_are_damage():
    w = Writer()
    header(w, ["Ann", "Bo", "Cy"])
    w.number(0, 1024)
    w.number(5, 7)  # something after the last of zero moves
    assert error_of(sealed(w.digits)).message == \
        "This code is damaged: it holds more than a game."


def test_a_reserved_computer_level_means_a_newer_version():
    w = Writer()
    header(w, ["Ann", "Bo", "Cy"], levels={2: 6})
    w.number(0, 1024)
    assert error_of(sealed(w.digits)).code == "code_version"


def test_a_common_character_written_as_an_escape_is_damage():
    w = Writer()
    header(w, ["Ann", "Bo", "C"])
    digits = w.digits
    c_at = [i for i, d in enumerate(digits) if d == (COMMON.index("C"), 64)][-1]
    digits[c_at:c_at + 1] = [(63, 64), (0, 2), (ord("C"), 0x10000)]
    digits.append((0, 1024))
    assert error_of(sealed(digits)).code == "code_damaged"


def test_a_control_character_in_a_name_is_damage():
    w = Writer()
    header(w, ["Ann", "Bo", "C"])
    digits = w.digits
    c_at = [i for i, d in enumerate(digits) if d == (COMMON.index("C"), 64)][-1]
    digits[c_at:c_at + 1] = [(63, 64), (0, 2), (0x202E, 0x10000)]  # right-to-left override
    digits.append((0, 1024))
    err = error_of(sealed(digits))
    assert err.code == "code_damaged" and "control characters" in err.message


# --- golden codes: every later version must load them to the same game -----------------------
@pytest.mark.parametrize("case", GOLDEN, ids=[c["label"] for c in GOLDEN])
def test_golden_code_loads_to_the_same_game(case):
    game = decode(case["code"])
    view = game.view(None)
    assert game.hash() == case["hash"]
    assert [p["points"] for p in view["players"]] == case["scores"]
    assert (game.is_over, view["year"], view["phase"], len(game.history)) == (
        case["over"], case["year"], case["phase"], case["moves"])
    assert [[s.name, s.color, s.level] for s in game.seats] == case["seats"]
    # every golden code is a hot-seat game's: it must re-encode to itself
    assert case["code"][0] == B64[savecode.HOT_SEAT_VERSION]
    assert encode(game) == case["code"]


def test_golden_codes_cover_what_the_issue_asks():
    phases = {c["phase"] for c in GOLDEN}
    finished = {len(c["seats"]) for c in GOLDEN if c["over"]}
    assert finished == {3, 4, 5} and {"turn", "bid"} <= phases
    mid_election = next(c for c in GOLDEN if c["phase"] == "bid")
    assert decode(mid_election["code"]).view(None)["election"]["bids_in"] == []


# --- fuzz: IllegalAction, or a game that re-encodes to exactly the same text -------------
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
FUZZ_EXAMPLES = 1500 if PROFILE == "ci" else 100
"""Per fuzz test; seven of them make 10,500 cases in "ci", and the forged prefixes' test 300
more (with the exhaustive edit-and-swap test above, another ~30,000 decodes of damaged
codes)."""
fuzz = settings(max_examples=FUZZ_EXAMPLES)
VALID = [c["code"] for c in GOLDEN]
valid_codes = st.sampled_from(VALID)
any_char = st.characters(codec="utf-8") | st.sampled_from(B64)


@fuzz
@given(st.text(alphabet=st.sampled_from(B64), max_size=400) | st.text(max_size=100))
def test_fuzz_random_strings(text):
    strict_check(text)


@fuzz
@given(valid_codes, st.data())
def test_fuzz_truncations(code, data):
    start = data.draw(st.integers(0, 3))
    end = data.draw(st.integers(start, len(code)))
    strict_check(code[start:end])


@fuzz
@given(valid_codes, st.data(), any_char,
       st.sampled_from(["replace", "insert", "delete", "swap"]))
def test_fuzz_one_character_edits_and_neighbour_swaps(code, data, ch, how):
    i = data.draw(st.integers(0, len(code) - 2))
    edited = {"replace": code[:i] + ch + code[i + 1:], "insert": code[:i] + ch + code[i:],
              "delete": code[:i] + code[i + 1:],
              "swap": code[:i] + code[i + 1] + code[i] + code[i + 2:]}[how]
    strict_check(edited)


@fuzz
@given(st.integers(MAX_CODE_CHARS - 3, 4 * MAX_CODE_CHARS), valid_codes,
       st.text(min_size=1, max_size=5))
def test_fuzz_very_long_and_non_ascii_input(length, code, junk):
    strict_check((code * (length // len(code) + 1))[:length])
    strict_check(junk + code)
    strict_check(code[:20] + junk + code[20:])


@fuzz
@given(st.text(alphabet=st.characters(min_codepoint=0x80), min_size=1, max_size=300))
def test_fuzz_non_ascii_text(text):
    strict_check(text)
    strict_check("B" + text)


@fuzz
@given(st.binary(min_size=1, max_size=300), st.sampled_from(B64[1:1 + savecode.FORMAT_VERSION]))
def test_fuzz_random_content_with_valid_check_digits(content, version):
    """Past the checksum: random content of any version must still decode (and re-encode to
    itself) or be refused cleanly."""
    strict_check(seal(int.from_bytes(content, "little"), len(content), version))


@fuzz
@given(valid_codes, st.integers(0, 4000), st.integers(1, 2**16), st.booleans())
def test_fuzz_altered_content_with_valid_check_digits(code, bit, delta, flip):
    """Near-valid content (a bit flipped, or a number added) re-sealed, so that
    the move decoder itself meets damaged moves."""
    n, length = unseal(code)
    altered = n ^ (1 << bit % (8 * length)) if flip else n + delta * (1 << bit % 64)
    strict_check(seal(altered, max(length, (altered.bit_length() + 7) // 8)))


FORGED_GAMES = {}


def _forged_source(label: str) -> Game:
    """Whole games to take prefixes of (kept for the run): a standard game of each size, one
    with house rules, one across devices."""
    if label not in FORGED_GAMES:
        from tammany.cli import play_random_remote_game
        players, rules, remote = {
            "3": (3, STANDARD, False), "4": (4, STANDARD, False), "5": (5, STANDARD, False),
            "4 house": (4, house_rules({"bids": "every_candidate", "terms": 2}), False),
            "3 remote": (3, STANDARD, True)}[label]
        if remote:
            game = play_random_remote_game(players, 55)
        else:
            game = play(Game.create(list(DEFAULT_NAMES[:players]), derive_seed(55, players),
                                    rules=rules), Rng(players))
        FORGED_GAMES[label] = game
    return FORGED_GAMES[label]


any_rules = st.fixed_dictionaries({name: st.sampled_from(options)
                                   for name, options in SWITCHES.items()})


@settings(max_examples=300 if PROFILE == "ci" else 40)
@given(st.sampled_from(["3", "4", "5", "4 house", "3 remote"]), st.data(),
       st.none() | any_rules)
def test_fuzz_every_code_that_decodes_re_encodes_to_itself(label, data, rules):
    """docs/savecodes.md, "Canonical", for every code: codes written field by field with valid
    check digits, of any first moves of a game (a ward's pending bids too, R34) under its
    own or other house rules, either are refused as damaged or re-encode to themselves."""
    game = _forged_source(label)
    k = data.draw(st.integers(0, len(game.history)))
    try:
        code = forge(game, game.history[:k], None if rules is None else house_rules(rules))
    except IllegalAction:
        return  # a move these rules do not allow: no code holds it
    try:
        loaded = savecode._decode(code)
    except IllegalAction as err:
        assert err.code == "code_damaged", err.to_json()
        return
    assert encode(loaded) == code


# --- the command line ----------------------------------------------------------------------
def test_simulate_writes_codes_that_replay_to_their_hash_and_scores(tmp_path, capsys):
    path = tmp_path / "codes.jsonl"
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "1",
                 "--codes", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    lengths = sorted(len(line["code"]) for line in lines)
    assert len(lines) == 4 and summary["code_chars_max"] == lengths[-1]
    assert summary["code_chars_median"] == (lengths[1] + lengths[2]) / 2
    for line in lines:
        assert main(["replay", line["code"], "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert set(out) == {"over", "year", "scores", "winners", "hash"}
        assert (out["hash"], out["scores"], out["over"]) == (line["hash"], line["scores"], True)
        assert out["winners"]


def test_replay_prints_the_log_in_english_for_the_command_line(capsys):
    """`replay CODE --log`: the command line's own English, one sentence per event (the page
    words the same events itself)."""
    case = next(c for c in GOLDEN if c["over"])
    assert main(["replay", case["code"], "--log"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "is drawn to start" in lines[5] and lines[-1].startswith("Game over.")
    assert sum("is mayor" in line or "No mayor" in line for line in lines) == 4


def test_replay_of_an_unfinished_game(capsys):
    case = next(c for c in GOLDEN if c["phase"] == "turn" and c["moves"])
    assert main(["replay", case["code"], "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"over": False, "year": case["year"], "scores": case["scores"],
                   "winners": [], "hash": case["hash"]}


def test_replay_of_a_bad_code_is_one_line_on_stderr_and_status_2():
    code = GOLDEN[3]["code"]
    bad = code[:60] + ("x" if code[60] != "x" else "y") + code[61:]
    done = subprocess.run([sys.executable, "-m", "tammany", "replay", bad],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "replay: This code is damaged: its check digits do not match.\n"


def test_the_page_routes_every_code_across_devices_as_one():
    """The page picks a link's screen from the code's first character before Python starts
    (site/js/routes.js REMOTE_VERSIONS): its list is savecode's versions across devices, so a
    game across devices with house rules (issue 46) opens as one, not as a plain link."""
    source = (Path(__file__).parents[1] / "site" / "js" / "routes.js").read_text("utf-8")
    listed = re.search(r"export const REMOTE_VERSIONS = \[([^\]]*)\]", source).group(1)
    page = sorted(re.findall(r'"(.)"', listed))
    remote = sorted(ALPHABET[v] for v, (across, _) in savecode.VERSIONS.items() if across)
    assert page == remote
    two_terms = Game.create(list(DEFAULT_NAMES[:3]), 5, game_id=77, rules=house_rules({"terms": 2}))
    assert encode(two_terms)[0] in page
    assert encode(Game.create(list(DEFAULT_NAMES[:3]), 5, rules=house_rules({"terms": 2})))[0] \
        not in page
