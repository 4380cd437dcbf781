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


def offices_held(game: Game) -> list[int]:
    """How many offices each seat was handed by a mayor (R17's deputy mayor, chief of police,
    council president and precinct chairman; being mayor is counted apart)."""
    replay = Game(game.seats, game.seed, game.game_id)
    held = [0] * len(game.seats)
    for seat, action in game.history:
        for event in replay.apply(seat, action):
            if event["e"] == "offices":
                for p in event["assign"]:
                    held[int(p)] += 1
    return held


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
    offices = offices_held(game)
    seats = [{
        "name": seat.name, "color": seat.color, "level": seat.level,
        "player": player_key(seat), "points": result["scores"][p],
        "winner": p in result["winners"], "rank": places[p],
        "wards": sources[p]["wards"]["count"], "mayor": sources[p]["mayor"]["count"],
        "offices": offices[p],
    } for p, seat in enumerate(game.seats)]
    return {"code": code, "moves": len(game.history), "seats": seats,
            "game_id": None if game.game_id is None else str(game.game_id)}


def game_order(game: dict) -> tuple:
    """Games count in the order they finished; same-moment games by their code. `game` is
    {"finished": ISO 8601 time, "summary": summarize(...)}."""
    return (game["finished"], game["summary"]["code"])
