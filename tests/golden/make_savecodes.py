"""How tests/golden/savecodes.json was written (format version 1). Kept as a record.

Never rerun this to make a failing golden test pass: the golden codes are the
promise that old codes keep loading to the same game. A new case may be added
by hand with this script's help (print one case, append it to the file).

    cd /work/main && PYTHONPATH=py python3 tests/golden/make_savecodes.py
"""

import json
import sys

from tammany.actions import OFFICE_KINDS
from tammany.game import Game
from tammany.rng import Rng, derive_seed
from tammany.savecode import decode, encode

DEFAULT = ["Anna", "Boss Tweed", "Cornelius", "Delia", "Eamon"]


def play(game: Game, rng: Rng, stop=lambda g: False) -> Game:
    while not game.is_over and not stop(game):
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return game


def mid_turn(g: Game) -> bool:
    """Year 6 or later, the seat to act has placed and used its office, not ended."""
    return (g.state.year >= 6 and g.state.phase == "turn" and g.history
            and g.history[-1][1].kind in OFFICE_KINDS and g.state.placed)


def mid_election(g: Game) -> bool:
    """A ward taking bids from three seats, one of which has bid."""
    e = g.state.election
    return g.state.phase == "bid" and len(e.bidders) == 3 and len(e.bids) == 1


def case(label: str, game: Game) -> dict:
    code = encode(game)
    loaded = decode(code)
    view = loaded.view(None)
    return {"label": label, "code": code, "hash": loaded.hash(),
            "scores": [p["points"] for p in view["players"]], "over": loaded.is_over,
            "year": view["year"], "phase": view["phase"], "moves": len(loaded.history),
            "seats": [[s.name, s.color, s.level] for s in loaded.seats]}


def main() -> None:
    cases = [
        case("new game, seed 0", Game.create(DEFAULT[:3], 0)),
        case("finished, 3 players", play(Game.create(DEFAULT[:3], derive_seed(1, 3)),
                                         Rng(31))),
        case("finished, 4 players, any-script names, computer levels", play(Game.create(
            ["Tweed", "小明", "José 🎩", "e\u0301mile"], derive_seed(1, 4),
            colors=["brown", "red", "black", "yellow"],
            levels=["human", "hard", "easy", "random"]), Rng(41))),
        case("finished, 5 players, largest seed", play(Game.create(DEFAULT, 2**64 - 1),
                                                       Rng(51))),
        case("mid-turn, 5 players (placed and used an office)",
             play(Game.create(DEFAULT, derive_seed(1, 5)), Rng(52), mid_turn)),
        case("mid-election, 4 players (one of three bids entered, not in the code)",
             play(Game.create(DEFAULT[:4], derive_seed(2, 4)), Rng(42), mid_election)),
    ]
    lines = ",\n".join(" " + json.dumps(c, ensure_ascii=False) for c in cases)
    sys.stdout.write(f"[\n{lines}\n]\n")


if __name__ == "__main__":
    main()
