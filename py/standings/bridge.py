"""The archive's side of the worker: JSON in, JSON out, like `tammany.bridge` (whose answer
and error shapes it shares, docs/api.md). The worker installs openskill before its first call.

    {"method": "summarize", "params": {"code"}}   -> {"ok": true, "summary": {...}}
    {"method": "summarize_many", "params": {"codes": [...]}} -> {"ok": true, "summaries": [...]}
    {"method": "standings", "params": {"games": [{"finished", "summary"}]}}
        -> {"ok": true, "people": {player: {statistics..., "rating": {"mu", "sigma"}}},
            "anchors": {level: {"mu", "sigma"}}, "model": "...", "remade": [summary...]}

A summary the page kept from an earlier version (`summary.current`) is made again from its
code before anything is counted; `remade` hands the new ones back for the page to keep.
"""


from tammany import bridge
from tammany.errors import IllegalAction

from .summary import current, summarize

MAX_GAMES = 5000
"""More games than a group plays in decades; a larger list is refused, not worked through."""


def m_summarize(params):
    return {"summary": summarize(params.get("code"))}


def m_summarize_many(params):
    """Every code of an imported file, summarised, or the first one refused (`n`, from 1):
    the page then stores none of them."""
    codes = params.get("codes")
    if not isinstance(codes, list) or len(codes) > MAX_GAMES:
        raise IllegalAction("bad_games", "The list of games is not readable.")
    summaries = []
    for n, code in enumerate(codes, 1):
        try:
            summaries.append(summarize(code))
        except IllegalAction as err:
            raise IllegalAction("bad_game", f"Game {n}: {err.message}", n=n,
                                reason=err.to_json()) from None
    return {"summaries": summaries}


def m_standings(params):
    from .ratings import ANCHORS, MODEL, rate
    from .stats import statistics
    games, remade = _remade(_games(params.get("games")))
    ratings = rate(games)
    people = statistics(games)
    for key, person in people.items():
        rating = ratings.get(key)
        person["rating"] = None if rating is None else {"mu": rating["mu"],
                                                        "sigma": rating["sigma"]}
    return {"people": people, "anchors": ANCHORS, "model": MODEL, "remade": remade}


def _remade(games: list[dict]) -> tuple[list[dict], list[dict]]:
    """The games with every summary of an earlier version made again from its code, and
    those new summaries. (A code that no longer reads keeps its old summary.)"""
    out, remade = [], []
    for game in games:
        summary = game["summary"]
        if not current(summary) and isinstance(summary.get("code"), str):
            try:
                summary = summarize(summary["code"])
                remade.append(summary)
            except IllegalAction:
                pass
        out.append({**game, "summary": summary})
    return out, remade


def _games(raw) -> list[dict]:
    """The page's games, each {"finished": str, "summary": a summary this package made}."""
    if not isinstance(raw, list) or len(raw) > MAX_GAMES:
        raise IllegalAction("bad_games", "The list of games is not readable.")
    for game in raw:
        if not (isinstance(game, dict) and isinstance(game.get("finished"), str)
                and isinstance(game.get("summary"), dict)
                and isinstance(game["summary"].get("seats"), list)):
            raise IllegalAction("bad_games", "The list of games is not readable.")
    return raw


METHODS = {"summarize": m_summarize, "summarize_many": m_summarize_many,
           "standings": m_standings}


def handle(request_json: str) -> str:
    """Answer one request; never raises (the same envelope as tammany.bridge's)."""
    try:
        request, params = bridge.read_request(request_json, METHODS)
        return bridge.answer(METHODS[request["method"]](params))
    except IllegalAction as err:
        return bridge.refusal(err)
    except bridge.UNEXPECTED as err:
        return bridge.failure(err)
