"""What the engine can say, read from the engine's own source (tests of the page's languages).

The page renders every event, refusal and prompt from per-language templates keyed by the
engine's codes (docs/i18n.md). These helpers collect those codes by reading py/tammany with
`ast`, so a code added to the engine is found without anyone updating a list:

- error codes: every `IllegalAction("<code>", ...)`, with the keyword parameters passed at
  each raise site (a helper that forwards `**params`, such as `damaged()`, is followed to its
  callers);
- event codes: every dict literal with an `"e": "<code>"` entry, with its keys;
- prompt codes: every dict literal with a `"code": "<code>"` entry in prompt.py.

A raise or event whose code is not a string literal fails the collection (it could not be
checked), so nothing escapes by being computed.
"""

import ast
import functools
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "py" / "tammany"


@functools.cache
def _modules() -> tuple:
    """(path, syntax tree) of every engine module, parsed once a run (the trees are only read)."""
    return tuple((path, ast.parse(path.read_text("utf-8"), str(path)))
                 for path in sorted(ENGINE.rglob("*.py")))


def _enclosing_functions(tree):
    """node -> name of the innermost function containing it."""
    owner = {}
    def visit(node, name):
        for child in ast.iter_child_nodes(node):
            is_function = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            inner = child.name if is_function else name
            owner[child] = inner
            visit(child, inner)
    visit(tree, None)
    return owner


def _call_name(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def error_codes() -> dict[str, list[frozenset]]:
    """{code: [the keyword-parameter names of each raise site]}."""
    sites: dict[str, list[frozenset]] = {}
    wrappers: dict[str, str] = {}  # helper function name -> the code it raises
    trees = list(_modules())
    for path, tree in trees:
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _call_name(node) == "IllegalAction"):
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                raise AssertionError(f"{path.name}:{node.lineno}: IllegalAction, no literal code")
            names = frozenset(k.arg for k in node.keywords if k.arg)
            if any(k.arg is None for k in node.keywords):  # **params: a helper; see its callers
                wrappers[owner[node]] = first.value
                if names:
                    sites.setdefault(first.value, []).append(names)
                continue
            sites.setdefault(first.value, []).append(names)
    for _path, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in wrappers:
                code = wrappers[_call_name(node)]
                sites.setdefault(code, []).append(frozenset(k.arg for k in node.keywords if k.arg))
    return sites


def error_whys() -> dict[str, set[str]]:
    """{code: the literal values of its `why` parameter}: a refusal that says why (a save code
    whose check digits do not match) is worded by the template "<code>.why.<value>"."""
    trees = [tree for _path, tree in _modules()]
    wrappers = {}
    for tree in trees:
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) == "IllegalAction" and \
                    any(k.arg is None for k in node.keywords):
                wrappers[owner[node]] = node.args[0].value
    found: dict[str, set[str]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            first = node.args[0] if node.args else None
            literal = first.value if isinstance(first, ast.Constant) else None
            code = literal if name == "IllegalAction" else wrappers.get(name)
            for k in node.keywords:
                if code and k.arg == "why":
                    if not (isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)):
                        raise AssertionError(f"{code}: `why` is not a literal")
                    found.setdefault(code, set()).add(k.value.value)
    return found


def _literal_dicts(key: str, only: str | None = None):
    for path, tree in _modules():
        if only and path.name != only:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and k.value == key:
                    if not (isinstance(v, ast.Constant) and isinstance(v.value, str)):
                        raise AssertionError(f"{path.name}:{node.lineno}: {key!r} is not a literal")
                    keys = {kk.value for kk in node.keys if isinstance(kk, ast.Constant)}
                    yield v.value, keys - {key}


def event_codes() -> dict[str, set]:
    """{event code: the keys its dict literal(s) name}."""
    found: dict[str, set] = {}
    for code, keys in _literal_dicts("e"):
        found.setdefault(code, set()).update(keys)
    return found


def prompt_codes() -> set[str]:
    return {code for code, _ in _literal_dicts("code", only="prompt.py")}


# --- samples of what the engine says, from games it plays itself ---------------------------------

COLORS = ["red", "yellow", "purple", "black", "brown"]


def _call(method, **params):
    import json

    from tammany.bridge import handle
    return json.loads(handle(json.dumps({"method": method, "params": params})))


def _shape(e: dict) -> tuple:
    """What decides an event's wording: its keys and the few values that pick a variant."""
    return (e["e"], tuple(sorted(e)), e.get("tiebreak"), e.get("kind"), e.get("short"),
            e.get("winner") is None, not e.get("awards"), len(set(e.get("wards") or [0])) == 1
            if isinstance(e.get("wards"), list) else None, len(e.get("winners") or []))


def engine_samples(seeds=(1, 2, 3), per_shape: int = 3):
    """Events and prompts from whole games between computer players (3, 4 and 5 seats), and one
    game across devices (docs/remote.md: its anchors, draws, sealed and opened bids), as the page
    receives them: {"events": {code: [{event, names}]}, "prompts": {code: [{prompt, view}]}}.
    Up to `per_shape` samples are kept of each distinct wording (see _shape)."""
    events, prompts, seen = {}, {}, {}

    def keep(answer, names):
        for e in answer["events"]:
            shape = _shape(e)
            seen[shape] = seen.get(shape, 0) + 1
            if seen[shape] <= per_shape:
                events.setdefault(e["e"], []).append({"event": e, "names": names})
        p = answer["prompt"]
        shape = ("prompt", p["code"], tuple(p.get("kinds", ())))
        seen[shape] = seen.get(shape, 0) + 1
        if seen[shape] <= per_shape:
            view = {"players": answer["view"]["players"], "election": answer["view"]["election"]}
            prompts.setdefault(p["code"], []).append({"prompt": p, "view": view})

    for i, seed in enumerate(seeds):
        players = 3 + i % 3
        seats = [{"name": f"P{n}", "color": COLORS[n], "level": "easy"} for n in range(players)]
        answer = _call("new_game", seats=seats, seed=seed)
        names = [s["name"] for s in seats]
        while True:
            assert answer["ok"], answer
            keep(answer, names)
            if answer["view"]["phase"] == "over":
                break
            answer = _call("bot_act", seat=answer["prompt"]["seats"][0])
    for answer, names in _remote_answers(seeds[0]):
        keep(answer, names)
    assert "bids_revealing" in events, "a game across devices reaches a revealing ward"
    return {"events": events, "prompts": prompts}


def _remote_answers(seed: int, players: int = 3):
    """The snapshots of a game across devices, one device per seat, random players (as
    `simulate --remote` plays it), each with the events of the move that led to it."""
    from tammany.bridge import snapshot
    from tammany.cli import DEFAULT_NAMES
    from tammany.device import Device, bid_limits
    from tammany.game import Game
    from tammany.rng import Rng, derive_seed

    names = list(DEFAULT_NAMES[:players])
    game = Game.create(names, seed, game_id=derive_seed(seed, 0x1D))
    rng, secrets = Rng(derive_seed(seed, 1)), Rng(derive_seed(seed, 2))

    def random_bytes(n: int) -> bytes:
        return b"".join(secrets.next_u64().to_bytes(8, "big") for _ in range(n // 8))

    devices = [Device(game.game_id, [seat], random_bytes) for seat in range(players)]
    yield snapshot(game, game.setup_events), names
    while not game.is_over:
        seat = game.to_act()[0]
        action = devices[seat].protocol_move(game, seat)
        if action is None and game.state.phase == "bid":
            chips = [rng.below(limit + 1) for limit in bid_limits(game, seat)]
            action = devices[seat].bid(game, seat, chips)
        if action is None:
            action = game.random_action(seat, rng)
        yield snapshot(game, game.apply(seat, action)), names


SAMPLE_VALUES = {
    "ward": 5, "source": 6, "color": "german", "seat": 1, "target": 2, "name": "Anna",
    "move": 3,
    "reason": {"code": "ward_locked", "params": {"ward": 5}, "message": "Ward 5 is locked."},
    "limit": 2000, "held": 1, "need": 2, "office": "chief_of_police", "year": 5,
    "missing": ["w"], "fields": ["x"], "field": "x", "value": 7, "radix": 5, "error": "ValueError",
    "level": "genius", "at": 12, "moves": 40,
    "switch": "bids", "options": ["could_change", "every_candidate"], "term": 2,
}


def error_samples():
    """One {code, params, message} per raise site's parameter names, with sample values. A
    parameter the engine starts passing that has no sample value here fails (KeyError): add one."""
    out = []
    whys = error_whys()
    for code, sites in sorted(error_codes().items()):
        for names in sorted({frozenset(s) for s in sites}, key=sorted):
            params = {n: SAMPLE_VALUES[n] for n in sorted(names) if n != "why"}
            for why in sorted(whys.get(code, ())) if "why" in names else [None]:
                sample = params if why is None else {**params, "why": why}
                out.append({"code": code, "params": sample,
                            "message": f"(engine English for {code})"})
    return out
