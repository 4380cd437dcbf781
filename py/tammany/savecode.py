"""Save codes: a game (seats, seed, actions) as a short, checked, URL-safe text.

The format is a public promise (docs/savecodes.md describes it field by field):

    code    = version character + body
    body    = the integer M = N + CRC * 2^(8L), 6 bits a character, least significant first
    N       = the content: every field as a mixed-radix digit (tammany.digits)
    L       = the bytes needed for the largest content of this game's radices
    CRC     = zlib.crc32 of N as L little-endian bytes

Each field's radix is the number of values the position allows, worked out
from static board facts and the public state before the move (never from the
order of the legal-action list, which a rules fix could renumber). Decoding
replays the moves through the rules, so it knows every radix as it goes.
"""

import weakref
import zlib
from dataclasses import replace

from . import board
from .actions import (
    Anchor,
    AssignOffices,
    Bid,
    BonusChip,
    BonusCube,
    ChiefOfPolice,
    CouncilPresident,
    DeputyMayor,
    Draw,
    EndTurn,
    OpenBid,
    PlaceBossCube,
    PlaceBosses,
    PrecinctChairman,
    SealBid,
    SkipBonus,
    Slander,
)
from .commitment import COMMITMENT_BYTES, VALUE_BYTES
from .digits import (
    ALPHABET,
    ALPHABET_INDEX,
    Reader,
    Writer,
    damaged,
    int_to_text,
    pack,
    text_to_int,
)
from .errors import IllegalAction
from .game import MAX_NAME_LENGTH, Game, Seat
from .legal import candidate_kinds
from .rules_config import STANDARD, SWITCHES, Rules
from .state import N_NAT, State

HOT_SEAT_VERSION = 1
"""`B`: a game on one device."""
REMOTE_VERSION = 2
"""`C`: a game across devices (docs/remote.md): version 1's layout plus a game id,
and four more move kinds."""
HOUSE_RULES_VERSION = 3
"""`D`: version 1 with house rules (rules_config.SWITCHES): their digits after the seed."""
REMOTE_HOUSE_RULES_VERSION = 4
"""`E`: version 2 with house rules: their digits after the game id."""
VERSIONS = {HOT_SEAT_VERSION: (False, False), REMOTE_VERSION: (True, False),
            HOUSE_RULES_VERSION: (False, True), REMOTE_HOUSE_RULES_VERSION: (True, True)}
"""Each version's layout: (across devices, with house rules). A standard game is always
written with version 1 or 2, byte for byte as before house rules existed."""
FORMAT_VERSION = max(VERSIONS)
"""The newest version this decoder reads."""
MAX_CODE_CHARS = 4096
"""Longer input is refused before any work (a real game's code is far shorter)."""
MAX_MOVES = 1023
"""The move count is one digit of radix MAX_MOVES + 1 (a whole game has under 700 moves)."""
SEED_RADIX = 1 << 64
GAME_ID_RADIX = 1 << 64
VALUE_RADIX = 1 << (8 * VALUE_BYTES)
COMMITMENT_RADIX = 1 << (8 * COMMITMENT_BYTES)

NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 "
"""A name's common characters, one digit of radix 64 each; digit 63 escapes to
any other code point."""
NAME_ESCAPE = len(NAME_CHARS)
COMPUTER_LEVELS = ("easy", "hard", "random")
"""A computer seat's level is a digit of radix LEVEL_RADIX: these, then reserved."""
LEVEL_RADIX = 8

KIND_ORDER = ("bosses", "boss_cube", "deputy", "police", "council", "precinct", "slander",
              "end", "bid", "bonus_cube", "bonus_chip", "bonus_skip", "offices",
              "anchor", "draw", "seal", "open")
"""The order a move's kind is numbered in, among the kinds the position allows (the
last four only ever in a game across devices, so version 1's numbers are unchanged)."""

NATS = board.NATIONALITIES


def newer_version() -> IllegalAction:
    return IllegalAction("code_version", "This code was made by a newer version of the game.")


# --- the seats ---------------------------------------------------------------------
def _code_name(c, name: str | None) -> str:
    length = c.number(None if name is None else len(name) - 1, MAX_NAME_LENGTH) + 1
    return "".join(_code_name_char(c, None if name is None else name[i])
                   for i in range(length))


def _code_name_char(c, ch: str | None) -> str:
    common = None if ch is None else NAME_CHARS.find(ch)
    digit = c.number(None if ch is None else (common if common >= 0 else NAME_ESCAPE),
                     NAME_ESCAPE + 1)
    if digit < NAME_ESCAPE:
        return NAME_CHARS[digit]
    point = None if ch is None else ord(ch)
    if c.number(None if ch is None else int(point >= 0x10000), 2):
        point = c.number(None if ch is None else point - 0x10000, 0x100000) + 0x10000
    else:
        point = c.number(point, 0x10000)
    if chr(point) in NAME_CHARS:
        raise damaged("a name is written in a way no game writes it.", why="name")
    return chr(point)


def _code_level(c, level: str | None) -> str:
    computer = c.number(None if level is None else int(level != "human"), 2)
    if not computer:
        return "human"
    level = c.pick(COMPUTER_LEVELS + (None,) * (LEVEL_RADIX - len(COMPUTER_LEVELS)), level)
    if level is None:  # a level a later version added
        raise newer_version()
    return level


def _code_rules(c, rules: Rules | None) -> Rules:
    """The house rules: per switch, in `SWITCHES` order, its option's index (the default
    is 0). A code of this layout holds at least one that is not the default."""
    chosen = {name: c.pick(list(options), None if rules is None else getattr(rules, name))
              for name, options in SWITCHES.items()}
    out = replace(STANDARD, **chosen)
    if out == STANDARD:
        raise damaged("its house rules are written in a way no game writes them.", why="rules")
    return out


def _code_seats(c, seats) -> list[Seat]:
    players = c.number(None if seats is None else len(seats) - 3, 3) + 3
    colors_left = list(board.PLAYER_COLORS)
    out = []
    for i in range(players):
        seat = None if seats is None else seats[i]
        name = _code_name(c, seat and seat.name)
        color = c.pick(colors_left, seat and seat.color)
        colors_left.remove(color)
        out.append(Seat(name, color, _code_level(c, seat and seat.level)))
    return out


# --- what the position allows ---------------------------------------------------------
def _open(s: State) -> list[int]:
    return [w for w in board.WARDS if s.open_for_pieces(w)]


def _present(counts) -> list[str]:
    return [NATS[i] for i in range(N_NAT) if counts[i]]


def _takeable_wards(s: State) -> list[int]:
    """Open wards with more than one cube (R15, R17 never take a ward's last cube)."""
    return [w for w in _open(s) if sum(s.cubes[w]) > 1]


def _precinct_wards(s: State) -> list[int]:
    return [w for w in _takeable_wards(s)
            if any(s.open_for_pieces(to) for to in board.ADJACENT[w])]


def _slander_chip_colors(s: State, seat: int, ward: int) -> list[str]:
    return [NATS[i] for i in range(N_NAT) if s.chips[seat][i] and s.cubes[ward][i]]


def _slander_wards(s: State, seat: int) -> list[int]:
    """R20: open wards holding the slanderer's boss, a rival's boss, and a cube
    matching a chip held; none at all when slander is not allowed now."""
    if (s.term < s.rules.slander_from_term or s.slandered or s.slandered_term[seat]
            or s.slander_chips[seat] == 0):
        return []
    return [w for w in _open(s)
            if s.bosses[w][seat]
            and any(s.bosses[w][p] for p in range(s.players) if p != seat)
            and _slander_chip_colors(s, seat, w)]


AVAILABLE = {
    "bosses": lambda s, seat: bool(_open(s)),
    "boss_cube": lambda s, seat: bool(_open(s) and _present(s.castle)),
    "police": lambda s, seat: bool(_takeable_wards(s)),
    "council": lambda s, seat: s.locks_this_term < s.rules.locks_per_term and bool(_open(s)),
    "precinct": lambda s, seat: bool(_precinct_wards(s)),
    "slander": lambda s, seat: bool(_slander_wards(s, seat)),
    "bonus_cube": lambda s, seat: bool(_open(s) and _present(s.bag)),
}
"""Kinds that can be empty in a position candidate_kinds allows; the rest always have a move."""


def _kinds(s: State, seat: int) -> list[str]:
    allowed = candidate_kinds(s, seat)
    return [k for k in KIND_ORDER
            if k in allowed and (k not in AVAILABLE or AVAILABLE[k](s, seat))]


# --- one function per kind: its fields, encoded or decoded -----------------------------
def _bosses(c, s, seat, a):
    """The unordered pair of wards (R12a), one digit over all pairs with repetition."""
    wards = _open(s)
    pairs = [(x, y) for i, x in enumerate(wards) for y in wards[i:]]
    a, b = c.pick(pairs, a and tuple(sorted((a.a, a.b))))
    return PlaceBosses(a, b)


def _boss_cube(c, s, seat, a):
    wards = _open(s)
    boss = c.pick(wards, a and a.b)
    color = c.pick(_present(s.castle), a and a.c)
    return PlaceBossCube(boss, color, c.pick(wards, a and a.w))


def _deputy(c, s, seat, a):
    return DeputyMayor(c.pick(list(NATS), a and a.c))


def _police(c, s, seat, a):
    ward = c.pick(_takeable_wards(s), a and a.w)
    return ChiefOfPolice(ward, c.pick(_present(s.cubes[ward]), a and a.c))


def _council(c, s, seat, a):
    return CouncilPresident(c.pick(_open(s), a and a.w))


def _precinct(c, s, seat, a):
    ward = c.pick(_precinct_wards(s), a and a.w)
    color = c.pick(_present(s.cubes[ward]), a and a.c)
    targets = [to for to in board.ADJACENT[ward] if s.open_for_pieces(to)]
    return PrecinctChairman(ward, color, c.pick(targets, a and a.to))


def _slander(c, s, seat, a):
    ward = c.pick(_slander_wards(s, seat), a and a.w)
    target = c.pick([p for p in range(s.players) if p != seat and s.bosses[ward][p]], a and a.p)
    color = c.pick(_slander_chip_colors(s, seat, ward), a and a.c)
    i = NATS.index(color)
    second = [None]
    if s.chips[seat][i] >= 1 + s.rules.second_slander_chips:
        second += [w for w in board.ADJACENT[ward]
                   if s.open_for_pieces(w) and s.bosses[w][seat] and s.bosses[w][target]
                   and s.cubes[w][i]]
    return Slander(target, ward, color, c.pick(second, a and a.w2))


def _end(c, s, seat, a):
    return EndTurn()


def _bid(c, s, seat, a):
    """Per nationality, 0 … chips held when the ward has that cube, else nothing (R24)."""
    ward = s.election.ward
    return Bid(tuple(
        c.number(a and a.n[i], s.chips[seat][i] + 1 if s.cubes[ward][i] else 1)
        for i in range(N_NAT)))


def _bonus_cube(c, s, seat, a):
    color = c.pick(_present(s.bag), a and a.c)
    return BonusCube(color, c.pick(_open(s), a and a.w))


def _bonus_chip(c, s, seat, a):
    return BonusChip(c.pick(list(NATS), a and a.c))


def _bonus_skip(c, s, seat, a):
    return SkipBonus()


def _offices(c, s, seat, a):
    """Each other seat in turn, its office among those not yet given (R31)."""
    given = dict(a.o) if a else {}
    left = list(board.OFFICES)
    pairs = []
    for p in range(s.players):
        if p != seat:
            office = c.pick(left, given.get(p) if a else None)
            left.remove(office)
            pairs.append((p, office))
    return AssignOffices(tuple(pairs))


def _hex(c, value: str | None, radix: int) -> str:
    """A hash value (lowercase hex digits) as one digit of radix 2^bits."""
    number = c.number(None if value is None else int(value, 16), radix)
    return f"{number:0{(radix.bit_length() - 1) // 4}x}"


def _anchor(c, s, seat, a):
    return Anchor(_hex(c, a and a.y, VALUE_RADIX))


def _draw(c, s, seat, a):
    return Draw(_hex(c, a and a.y, VALUE_RADIX))


def _seal(c, s, seat, a):
    return SealBid(_hex(c, a and a.h, COMMITMENT_RADIX))


def _open_bid(c, s, seat, a):
    """The chips as `bid` writes them (the opening must be a legal bid), then the salt."""
    chips = _bid(c, s, seat, a and Bid(a.n)).n
    return OpenBid(chips, _hex(c, a and a.y, VALUE_RADIX))


FIELDS = {
    "bosses": _bosses, "boss_cube": _boss_cube, "deputy": _deputy, "police": _police,
    "council": _council, "precinct": _precinct, "slander": _slander, "end": _end,
    "bid": _bid, "bonus_cube": _bonus_cube, "bonus_chip": _bonus_chip,
    "bonus_skip": _bonus_skip, "offices": _offices,
    "anchor": _anchor, "draw": _draw, "seal": _seal, "open": _open_bid,
}


def _code_move(c, s: State, move) -> tuple[int, object]:
    """One move: who (only when several seats may act), its kind, its fields."""
    seat, action = move if move is not None else (None, None)
    seat = c.pick(sorted(s.to_act()), seat)
    kind = c.pick(_kinds(s, seat), None if action is None else action.kind)
    return seat, FIELDS[kind](c, s, seat, action)


# --- the outer layer: version, characters, check digits ------------------------------
def _content_bytes(product: int) -> int:
    return ((product - 1).bit_length() + 7) // 8


def _body_chars(content_bytes: int) -> int:
    return (8 * content_bytes + 32 + 5) // 6


class _Progress:
    """The encoder's own replay of a game's first moves and their digits, kept per
    game so that encoding again after a new move costs that move, not the game."""

    __slots__ = ("seats", "seed", "game_id", "rules", "head", "moves", "body", "state")

    def __init__(self, game: Game) -> None:
        self.seats, self.seed, self.game_id = game.seats, game.seed, game.game_id
        self.rules = game.rules
        self.head = Writer()
        _code_seats(self.head, game.seats)
        self.head.number(game.seed, SEED_RADIX)
        if game.game_id is not None:
            self.head.number(game.game_id, GAME_ID_RADIX)
        if game.rules != STANDARD:
            _code_rules(self.head, game.rules)
        self.moves: list = []
        self.body = Writer()
        self.state = game.restarted().state

    def fits(self, game: Game, history: list) -> bool:
        done = len(self.moves)
        return (self.seats == game.seats and self.seed == game.seed
                and self.game_id == game.game_id and self.rules == game.rules
                and done <= len(history) and self.moves == history[:done])

    def add(self, move) -> None:
        _code_move(self.body, self.state, move)
        self.state.apply(*move)
        self.moves.append(move)


_progress: "weakref.WeakKeyDictionary[Game, _Progress]" = weakref.WeakKeyDictionary()


def encode(game: Game) -> str:
    """The game's code: its seats, seed and committed moves (never a sealed bid, R34)."""
    history = game.committed_history()
    if type(game.seed) is not int or not 0 <= game.seed < SEED_RADIX:
        raise IllegalAction("cannot_encode", "A code holds seeds from 0 to 2^64 - 1 only.")
    if len(history) > MAX_MOVES:
        raise IllegalAction("cannot_encode", "This game has too many moves for a code.")
    if not game.rules.numbers_standard:
        raise IllegalAction("cannot_encode", "A code holds house rules, not other numbers "
                            "for the rules.")
    progress = _progress.get(game)
    if progress is None or not progress.fits(game, history):
        progress = _progress[game] = _Progress(game)
    try:
        for move in history[len(progress.moves):]:
            progress.add(move)
    except BaseException:
        del _progress[game]  # never keep a half-added move
        raise
    count = Writer()
    count.number(len(history), MAX_MOVES + 1)
    n, product = pack(progress.head.digits + count.digits + progress.body.digits)
    length = _content_bytes(product)
    if 1 + _body_chars(length) > MAX_CODE_CHARS:  # cannot happen in a real game
        raise IllegalAction("cannot_encode", "This game is too long for a code.")
    crc = zlib.crc32(n.to_bytes(length, "little"))
    version = next(v for v, layout in VERSIONS.items()
                   if layout == (game.remote, game.rules != STANDARD))
    return ALPHABET[version] + int_to_text(n | crc << (8 * length), _body_chars(length))


def decode(code) -> Game:
    """The game a code holds, replayed through the rules.

    Raises IllegalAction with a player-readable reason for any input that is not
    a code this version wrote; nothing else escapes, and no game is half-made.
    """
    try:
        return _decode(code)
    except IllegalAction:
        raise
    except Exception as err:
        # The contract is that only IllegalAction escapes. _decode raises nothing
        # else on any input the fuzz tests produce; this net is for an unforeseen
        # failure inside the rules while replaying.
        raise IllegalAction("code_damaged", "This code could not be loaded.",
                            error=type(err).__name__) from err


def _decode(code) -> Game:
    if not isinstance(code, str) or not code:
        raise IllegalAction("not_a_code", "This is not a save code.")
    version = ALPHABET_INDEX.get(code[0], 0)
    if version == 0:
        raise IllegalAction("not_a_code", "This is not a save code.")
    if version > FORMAT_VERSION:
        raise newer_version()
    if len(code) > MAX_CODE_CHARS:
        raise IllegalAction("code_too_long", f"This is too long to be a save code (at most "
                            f"{MAX_CODE_CHARS} characters).", limit=MAX_CODE_CHARS)
    body = code[1:]
    if not all(ch in ALPHABET_INDEX for ch in body):
        raise IllegalAction("not_a_code", "A save code has only letters, digits, - and _.")
    length = (6 * len(body) - 32) // 8
    if length < 1 or _body_chars(length) != len(body):
        raise damaged("it is not the right length.", why="length")
    m = text_to_int(body)
    n = m & ((1 << 8 * length) - 1)
    if m >> (8 * length) != zlib.crc32(n.to_bytes(length, "little")):
        raise damaged("its check digits do not match.", why="check")
    return _replay(Reader(n), length, version)


def _read_moves(r: Reader, game: Game, count: int):
    """The code's `count` moves, each read from the position the moves before it left (so
    they are read as `game` replays them: `Game.apply_moves`)."""
    for _ in range(count):
        if game.is_over:
            raise IllegalAction("game_over", "The game is over.")
        yield _code_move(r, game.state, None)


def _replay(r: Reader, length: int, version: int) -> Game:
    remote, house = VERSIONS[version]
    seats = _code_seats(r, None)
    seed = r.number(None, SEED_RADIX)
    game_id = r.number(None, GAME_ID_RADIX) if remote else None
    rules = _code_rules(r, None) if house else STANDARD
    count = r.number(None, MAX_MOVES + 1)
    try:
        game = Game(seats, seed, game_id, rules)
    except IllegalAction as err:
        raise damaged(err.message, reason=err.to_json()) from None
    for _events in game.apply_moves(_read_moves(r, game, count)):
        pass
    if r.rest or _content_bytes(r.product) != length:
        raise damaged("it holds more than a game.", why="extra")
    if len(game.committed_history()) < len(game.history):
        # R34: no game writes a bid of the ward still bidding (its code is the same whatever
        # bids are pending), so a code that holds one would not re-encode to itself. That
        # includes a code whose house rules ask more seats to bid than its bids.
        raise damaged("it holds a bid of the ward still bidding, which no code holds.",
                      why="bid")
    return game
