"""The only module the page's JavaScript calls: JSON in, JSON out.

One call per user action returns everything the page needs to redraw: the
view, the prompt (who acts and what they may do), the events of the action
with their log text, the save code and the state hash. The bridge holds the
one game the page is showing.
"""

import json

from . import __version__
from .actions import from_json, to_json
from .choicetree import choice_tree
from .errors import IllegalAction
from .game import Game, Seat
from .legal import choices, explain
from .prompt import prompt
from .review_version import version as review_version
from .rules_config import SWITCHES, house_rules
from .savecode import decode, encode

_session: dict = {"game": None, "replay": None, "later": False, "pending": None}


def _game() -> Game:
    game = _session["game"]
    if game is None:
        raise IllegalAction("no_game", "No game is running.")
    return game




def snapshot(game: Game, events=()) -> dict:
    return {
        "view": game.view(None),
        "prompt": prompt(game.state),
        "events": list(events),
        "hash": game.hash(),
        "code": encode(game),
        "can_undo": game.can_undo(),
        "seats": [{"name": s.name, "color": s.color, "level": s.level} for s in game.seats],
        "seed": game.seed,
        "moves": len(game.history),
        # every legal choice of the human seat to act: choosing taps need no round trip
        "choices": _choices(game),
        "game_id": None if game.game_id is None else str(game.game_id),
        # the house rules in play, {switch: option} where not the default ({}: standard)
        "rules": game.rules.house_rules(),
    } | ({"choices_later": True} if _session["later"] else {})


def _choices(game: Game):
    """The snapshot's choice tree — or, for a request that asked for it later (the page's
    worker), None: `later_choices()` builds it once the answer has gone."""
    if not _session["later"]:
        return choice_tree(game.state, _humans(game))
    state, humans, digest = game.state, _humans(game), game.hash()
    _session["pending"] = lambda: {"hash": digest, "choices": choice_tree(state, humans)}
    return None


def later_choices() -> str | None:
    """The choice tree of the last answer of a request with `"choices": "later"`, as the
    bridge's JSON ({"ok": true, "hash", "choices"}), or None when that answer had none.
    The worker calls it right after posting the answer, so the page draws the answer without
    waiting for the tree (docs/api.md)."""
    pending, _session["pending"] = _session["pending"], None
    if pending is None:
        return None
    try:
        return json.dumps({"ok": True, **pending()}, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        return json.dumps({"ok": False, "error": {
            "code": "internal", "params": {},
            "message": f"Something went wrong: {type(err).__name__}."}})


def _humans(game: Game) -> list[int]:
    return [p for p, seat in enumerate(game.seats) if seat.level == "human"]


def _seats(raw) -> list[Seat]:
    if not isinstance(raw, list):
        raise IllegalAction("bad_seats", "The seats are missing.")
    seats = []
    for item in raw:
        if not isinstance(item, dict):
            raise IllegalAction("bad_seats", "A seat is malformed.")
        seats.append(Seat(item.get("name"), item.get("color"), item.get("level", "human")))
    return seats


def _seed(raw) -> int:
    # JavaScript numbers hold only 53 bits exactly: the page sends a 64-bit seed as digits.
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 20:
        raw = int(raw)
    if type(raw) is not int or not 0 <= raw < 2**64:
        raise IllegalAction("bad_seed", "The seed must be a whole number from 0 to 2^64 - 1.")
    return raw


def _seat(params) -> int:
    seat = params.get("seat")
    if type(seat) is not int:
        raise IllegalAction("bad_seat", "There is no such player.")
    return seat


# --- methods ----------------------------------------------------------------
def m_hello(params):
    """The engine's version, the review's (a stored review is reused only for the same one),
    and the house rules a game may choose: each switch's options, the default first
    (rules_config.SWITCHES; the page words them)."""
    return {"version": __version__, "review_version": review_version(),
            "house_rules": {name: list(options) for name, options in SWITCHES.items()}}


def m_new_game(params):
    """`game_id` (digits, optional) makes a game across devices (docs/remote.md); `rules`
    (optional), {switch: option}, its house rules (a switch left out keeps its default)."""
    game_id = params.get("game_id")
    game = Game(_seats(params.get("seats")), _seed(params.get("seed")),
                None if game_id is None else _seed(game_id), house_rules(params.get("rules")))
    _session["game"] = game
    return snapshot(game, game.setup_events)


def m_load_code(params):
    code = params.get("code")
    if not isinstance(code, str):
        raise IllegalAction("bad_code", "There is no code to load.")
    game = decode(code)
    _session["game"] = game
    answer = snapshot(game)
    if params.get("log"):
        answer.update(full_log(game))
    return answer


def m_code_info(params):
    """What a code holds, for the start screen's card of a shared game: `names`, `year`,
    `last_year`, `over` and `rules` (its house rules, {switch: option}; {} for the rulebook).
    The game being played is not touched; a code that cannot be loaded is refused as by
    `load_code`."""
    code = params.get("code")
    if not isinstance(code, str):
        raise IllegalAction("bad_code", "There is no code to load.")
    game = decode(code)
    view = game.view(None)
    return {"names": [seat.name for seat in game.seats], "year": view["year"],
            "last_year": view["last_year"], "over": view["phase"] == "over",
            "rules": game.rules.house_rules()}


def full_log(game: Game) -> dict:
    """Every event so far, oldest first (a loaded game shows its history): `log_events`, each
    an event's code and parameters (the page words them in its language). Replays the game
    once; pending sealed bids only ever say *that* someone bid (R34)."""
    replay = game.restarted()
    events = list(replay.setup_events)
    for move_events in replay.apply_moves(game.history):
        events += move_events
    return {"log_events": events}


def m_state(params):
    return snapshot(_game())


def m_act(params):
    game = _game()
    action = from_json(params.get("action"))
    events = game.apply(_seat(params), action)
    return snapshot(game, events)


def m_choices(params):
    game = _game()
    seat = _seat(params)
    partial = from_json(params.get("action"), partial=True)
    return {**choices(game.state, seat, partial),
            "reason": explain(game.state, seat, partial)}


def m_undo(params):
    game = _game()
    game.undo()
    return snapshot(game)


def m_log(params):
    """The whole game's log text, oldest first (after an undo the page redraws its log)."""
    return full_log(_game())


def m_qr(params):
    """The QR code of `text` as rows of "0"/"1" (dark = 1), drawn by segno, an optional
    pure-Python package the page installs on demand with micropip (not a rules dependency)."""
    text = params.get("text")
    if not isinstance(text, str) or not 0 < len(text) <= 2000:
        raise IllegalAction("bad_qr_text", "There is nothing to draw as a QR code.")
    try:
        import segno
    except ImportError:
        raise IllegalAction("qr_unavailable", "The QR code drawer is not installed.") from None
    code = segno.make(text, error="m", micro=False)
    return {"rows": ["".join("1" if cell else "0" for cell in row) for row in code.matrix],
            "version": code.version, "error": code.error}


def m_bot_act(params):
    """A computer seat's move, chosen from its own view only (R34) and applied:
    one round trip per computer step. The answer says which action it was, except a
    sealed bid: its chips stay in the worker until the reveal's events show them (R34)."""
    from .bots import choose_for_game
    game = _game()
    seat = _seat(params)
    if not 0 <= seat < len(game.seats) or game.seats[seat].level == "human":
        raise IllegalAction("not_computer", "That seat is not a computer player.")
    if seat not in game.to_act():
        raise IllegalAction("not_your_turn", "It is not that computer's move.", seat=seat)
    action = choose_for_game(game, seat)
    events = game.apply(seat, action)
    answer = {**snapshot(game, events), "seat": seat}
    if action.kind != "bid":
        answer["action"] = to_json(action)
    return answer


def m_suggest(params):
    """"Suggest a move": the move Hard would make for a person's seat that acts now, from
    that seat's own view only (R34), with a reason as a code and parameters (suggest.py)."""
    from .suggest import suggest_for_game
    game = _game()
    seat = _seat(params)
    if not 0 <= seat < len(game.seats) or game.seats[seat].level != "human":
        raise IllegalAction("not_human", "Suggestions are for people's seats.")
    if seat not in game.to_act():
        raise IllegalAction("not_your_turn", "It is not that player's move.", seat=seat)
    return {"seat": seat, **suggest_for_game(game, seat)}


# --- the replay viewer: its own game, apart from the one being played ------------------------
def _replay():
    replay = _session["replay"]
    if replay is None:
        raise IllegalAction("no_replay", "No game is open for replay.")
    return replay


def m_replay_open(params):
    """Open a replay of `code`, or of the game being played (its revealed moves only, R34),
    at move `at` (default: the last). The game being played is not touched."""
    from .replay import Replay
    code = params.get("code")
    if code is None:
        game = _game()
        code = encode(game)
    elif isinstance(code, str):
            game = decode(code)
    else:
        raise IllegalAction("bad_code", "There is no code to load.")
    replay = Replay.of_game(game)
    at = replay.check_at(params.get("at", replay.length))
    _session["replay"] = replay
    return {**replay.summary(), "code": code, "frame": replay.frame(at),
            "remote": replay.game_id is not None}  # across devices: no "play on from here"


def m_replay_at(params):
    """The position after move `at` of the open replay, as a spectator sees it."""
    return {"frame": _replay().frame(params.get("at"))}


def m_replay_play_on(params):
    """Play on from move `at` of the open replay: a new game (the old one is left alone)."""
    game = _replay().game_at(params.get("at"))
    _session["game"] = game
    return {**snapshot(game), **full_log(game)}


def m_replay_close(params):
    _session["replay"] = None
    return {}


# --- games across devices (docs/remote.md; the page's side is site/js/ui/remote/remote.js) ----
def m_bot_bid(params):
    """A computer's bid in a game across devices, not applied: the hosting page seals
    it with its own salt and keeps it until the opening (the host's owner could read it)."""
    from .bots import choose_for_game
    game = _game()
    seat = _seat(params)
    if not game.remote or game.state.phase != "bid" or seat not in game.to_act():
        raise IllegalAction("not_bidding", "That computer has no bid to make now.")
    if game.seats[seat].level == "human":
        raise IllegalAction("not_computer", "That seat is not a computer player.")
    return {"seat": seat, "n": list(choose_for_game(game, seat).n)}


def m_compare_codes(params):
    """How an incoming link relates to the game a device knows: `same`, `ahead`
    (it continues the known history), `behind` (an earlier point of it) or `conflict`
    (an earlier move differs, or another game)."""
    from .device import relation
    known, incoming = params.get("known"), params.get("incoming")
    if not isinstance(known, str) or not isinstance(incoming, str):
        raise IllegalAction("bad_code", "There is no code to compare.")
    return relation(decode(known), decode(incoming))


def m_log_since(params):
    """The events after move `move` (a device's last one), for "Since your last move":
    `log_events`, their codes and parameters (the page words them in its language)."""
    game = _game()
    since = params.get("move")
    if type(since) is not int or since < 0:
        raise IllegalAction("bad_move_number", "There is no such move.")
    replay = game.restarted()
    since_events = []
    for number, events in enumerate(replay.apply_moves(game.history), 1):
        if number > since:
            since_events += events
    return {"log_events": since_events}


# --- the review (review.py): the page runs it in a second worker, a decision a call --------
REVIEW_WORK_MAX = 1000
"""The most `work` a review request may ask for (tests ask for less than Hard's standard)."""


def _review():
    review = _session.get("review")
    if review is None:
        raise IllegalAction("no_review", "No game is open for review.")
    return review


def _review_seats(raw, players: int):
    if raw is None:
        return None
    if not isinstance(raw, list) or any(type(p) is not int for p in raw):
        raise IllegalAction("bad_seats", f"Seats are numbered 0 to {players - 1}.")
    return raw


def m_review_open(params):
    """Open the review of `code` for `seats` (default: every seat): its decisions are weighed
    one call of `review_next` at a time (so a worker can report progress and stop). Answers
    `version` (a stored review is reused only for the same one), `total` decisions, the
    chart (each seat's expected final points after every move), `win_chance` (each seat's
    chance to win after every move) and the game's `swings`."""
    from .review import Review, version
    code = params.get("code")
    if not isinstance(code, str):
        raise IllegalAction("bad_code", "There is no code to load.")
    game = decode(code)
    work = params.get("work")
    if work is not None and (type(work) is not int or not 1 <= work <= REVIEW_WORK_MAX):
        raise IllegalAction("bad_request", "The request was not understood.")
    review = Review(game, _review_seats(params.get("seats"), len(game.seats)), work)
    _session["review"] = review
    return {"version": version(), "seats": review.seats, "total": review.total,
            "chart": review.chart, "win_chance": review.win_chance, "swings": review.swings()}


def m_review_next(params):
    """Weigh the open review's next decision: `decision` (docs/review.md), `done` and
    `total`, and `summary`, every reviewed seat's figures over the decisions weighed so far
    (`decision` is null once all are done)."""
    review = _review()
    decision = None if review.done else review.step()
    return {"decision": decision, "done": len(review.results), "total": review.total,
            "summary": review.figures()}


def m_review_close(params):
    _session["review"] = None
    return {}


METHODS = {name[2:]: fn for name, fn in globals().items() if name.startswith("m_")}


def read_request(request_json: str, methods: dict) -> tuple[dict, dict]:
    """The request and its params, checked: JSON, an object, a method of `methods`, params an
    object. Anything else is refused as an IllegalAction (shared with py/standings' bridge)."""
    try:
        request = json.loads(request_json)
    except ValueError:
        raise IllegalAction("bad_request", "The request was not understood.") from None
    if not isinstance(request, dict) or request.get("method") not in methods:
        raise IllegalAction("unknown_method", "The request was not understood.")
    params = request.get("params") or {}
    if not isinstance(params, dict):
        raise IllegalAction("bad_request", "The request was not understood.")
    return request, params


def answer(result: dict) -> str:
    # compact separators: a snapshot with its choice tree is ~10 % smaller
    return json.dumps({"ok": True, **result}, ensure_ascii=False, separators=(",", ":"))


def refusal(err: IllegalAction) -> str:
    return json.dumps({"ok": False, "error": err.to_json()}, ensure_ascii=False)


def failure(err: Exception) -> str:
    """A bug, answered as a message the page can show instead of a traceback."""
    return json.dumps({"ok": False, "error": {
        "code": "internal", "params": {},
        "message": f"Something went wrong: {type(err).__name__}."}})


# What a method may raise beyond IllegalAction and still get an answer rather than a crash.
UNEXPECTED = (ValueError, TypeError, KeyError, RecursionError)


def handle(request_json: str) -> str:
    """Answer one request; never raises. Errors come back as
    {"ok": false, "error": {"code", "params", "message"}}."""
    _session["pending"] = None
    try:
        request, params = read_request(request_json, METHODS)
        _session["later"] = request.get("choices") == "later"
        return answer(METHODS[request["method"]](params))
    except IllegalAction as err:
        _session["pending"] = None  # no tree follows an error
        return refusal(err)
    except UNEXPECTED as err:
        _session["pending"] = None
        return failure(err)
    finally:
        _session["later"] = False
