"""Ratings and statistics worked out again, straight from openskill and the rules package,
with none of py/standings: the check that the page's numbers are openskill's and its figures
the games' own (docs/archive.md, "Statistics" and "Ratings").

The method, as docs/archive.md states it: games in the order they finished (then by code);
every seat its own team; places from the result (the winners first, then by points, equal
points sharing a place); a person starts at openskill's defaults; each computer level plays
at a fixed rating that no game changes; a game with the same person twice, or played by
house rules, is not rated.
"""

import unicodedata

from openskill.models import PlackettLuce

from tammany.game import Game
from tammany.rng import Rng
from tammany.savecode import decode, encode

FIXED = {"random": (10.0, 1.0), "easy": (25.0, 1.0), "hard": (32.0, 1.0)}


def places(scores, winners):
    return [1 if p in winners else
            1 + len(winners) + sum(1 for q, s in enumerate(scores)
                                   if q not in winners and s > scores[p])
            for p in range(len(scores))]


def direct_ratings(games: list[dict]) -> dict:
    """{"person:<name>": (mu, sigma)} for games [{"code", "finished"}]."""
    model = PlackettLuce()
    people: dict[str, tuple[float, float]] = {}
    for game in sorted(games, key=lambda g: (g["finished"], g["code"])):
        decoded = decode(game["code"])
        keys = ["person:" + s.name.strip().casefold() if s.level == "human" else s.level
                for s in decoded.seats]
        humans = [k for k in keys if k.startswith("person:")]
        if len(set(humans)) != len(humans) or decoded.rules.house_rules():
            continue
        teams = []
        for key in keys:
            mu, sigma = FIXED[key] if key in FIXED else people.get(key, (25.0, 25.0 / 3.0))
            teams.append([model.rating(mu=mu, sigma=sigma)])
        result = decoded.state.result
        ranks = places(result["scores"], result["winners"])
        rated = model.rate(teams, ranks=[float(r) for r in ranks])
        for key, [new] in zip(keys, rated, strict=True):
            if key.startswith("person:"):
                people[key] = (new.mu, new.sigma)
    return people


def person(name: str) -> str:
    return "person:" + unicodedata.normalize("NFC", name).strip().casefold()


def recount(games: list[dict]) -> dict:
    """Each person's figures over games [{"code", "finished"}], from the codes: the game's
    events replayed (wards won: every `ward_vote` a seat won, Tammany Hall counting as one
    ward like any other, R29; times mayor: R30's `mayor` events that scored; offices: R31's
    `offices` events) and its result (points, winners, R33). A person in two seats of one game
    counts it once, with their better-placed seat (then more points, then the first seat),
    and it is `shared`; the name and colour are their first seat's in their latest game."""
    people: dict[str, dict] = {}
    for game in sorted(games, key=lambda g: (g["finished"], g["code"])):
        decoded = decode(game["code"])
        seats = decoded.seats
        figures = [{"wards": 0, "mayor": 0, "offices": 0} for _ in seats]
        for events in decoded.restarted().apply_moves(decoded.history):
            for event in events:
                if event["e"] == "ward_vote" and event["winner"] is not None:
                    figures[event["winner"]]["wards"] += 1
                if event["e"] == "mayor" and event["seat"] is not None and event["points"]:
                    figures[event["seat"]]["mayor"] += 1
                if event["e"] == "offices":
                    for p in event["assign"]:
                        figures[int(p)]["offices"] += 1
        result = decoded.state.result
        ranks = places(result["scores"], result["winners"])
        mine: dict[str, list[int]] = {}
        for p, seat in enumerate(seats):
            if seat.level == "human":
                mine.setdefault(person(seat.name), []).append(p)
        for key, held in mine.items():
            best = min(held, key=lambda p: (ranks[p], -result["scores"][p], p))
            row = people.setdefault(key, {"games": 0, "wins": 0, "points": 0, "wards": 0,
                                          "mayor": 0, "offices": 0, "shared": 0})
            row["name"], row["color"] = seats[held[0]].name, seats[held[0]].color
            row["games"] += 1
            row["shared"] += len(held) > 1
            row["wins"] += best in result["winners"]
            row["points"] += result["scores"][best]
            for field in ("wards", "mayor", "offices"):
                row[field] += figures[best][field]
    return people


def finished_code(names: list[str], seed: int) -> str:
    """The code of a game of people `names` played to its end with random legal moves."""
    game = Game.create(names, seed)
    rng = Rng(seed)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return encode(game)


TWO_SEATS = ["DELIA", "Tweed", "Delia"]
"""A game where one person (Delia) holds two seats, spelt two ways."""
