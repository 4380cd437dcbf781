"""What a finished game says about each seat, from its save code alone.

The page keeps a summary beside each archived code, so statistics and ratings never replay
a game twice; a summary is only ever made here, from the code (an imported file's own
figures are not trusted: its codes are summarised again).
"""

import unicodedata

from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.savecode import decode
from tammany.view import score_sheet

VERSION = 2
"""How summaries are made: 2 counts Tammany Hall among the wards won (R29); 1 (no `version`)
left it out. The page keeps summaries; one of another version is made again from its code."""


def player_key(seat) -> str:
    """Who a seat is across games: a person by name (the same name in any case, with any
    surrounding spaces, in composed or decomposed accents, is the same person), a computer
    by its level, so every computer of one level is one player."""
    if seat.level != "human":
        return f"computer:{seat.level}"
    return "person:" + unicodedata.normalize("NFC", seat.name).strip().casefold()


def ranks(scores: list[int], winners: list[int]) -> list[int]:
    """Finishing places, 1 best, one more than the number of seats ahead: the winners (R33's
    tie-breaks included) share first place; the others follow by points, equal points
    sharing a place."""
    others = [s for p, s in enumerate(scores) if p not in winners]
    return [1 if p in winners else 1 + len(winners) + sum(1 for o in others if o > scores[p])
            for p in range(len(scores))]


def tally(game: Game) -> dict[str, list[int]]:
    """Per seat, from the game's events: `wards`, the wards won over the elections as R29
    counts them (each ward once, Tammany Hall too: it is worth 2 points but counts as one
    ward, as in R30's count for mayor), and `offices`, how many offices a mayor handed them
    (R31: deputy mayor, chief of police, council president, precinct chairman; being mayor is
    counted apart)."""
    counts = {"wards": [0] * len(game.seats), "offices": [0] * len(game.seats)}
    for events in game.restarted().apply_moves(game.history):  # its seats, seed, id, rules
        for event in events:
            if event["e"] == "ward_vote" and event["winner"] is not None:
                counts["wards"][event["winner"]] += 1
            elif event["e"] == "offices":
                for p in event["assign"]:
                    counts["offices"][int(p)] += 1
    return counts


def summarize(code) -> dict:
    """The summary of the finished game `code` (IllegalAction if it is damaged, not a code,
    or not finished)."""
    game = decode(code)
    state = game.state
    if state.phase != "over":
        raise IllegalAction("not_finished", "This game is not finished yet.")
    result = state.result
    sources = score_sheet(state)["sources"]
    places = ranks(result["scores"], result["winners"])
    counts = tally(game)
    seats = [{
        "name": seat.name, "color": seat.color, "level": seat.level,
        "player": player_key(seat), "points": result["scores"][p],
        "winner": p in result["winners"], "rank": places[p],
        "wards": counts["wards"][p], "mayor": sources[p]["mayor"]["count"],
        "offices": counts["offices"][p],
    } for p, seat in enumerate(game.seats)]
    return {"version": VERSION, "code": code, "moves": len(game.history), "seats": seats,
            "game_id": None if game.game_id is None else str(game.game_id),
            # the house rules it was played by ({}: standard; the ratings count only those)
            "rules": game.rules.house_rules()}


def current(summary: dict) -> bool:
    """Whether a stored summary was made the way this version makes them."""
    return summary.get("version") == VERSION


def game_order(game: dict) -> tuple:
    """Games count in the order they finished; same-moment games by their code. `game` is
    {"finished": ISO 8601 time, "summary": summarize(...)}."""
    return (game["finished"], game["summary"]["code"])
