"""Each person's statistics over the archive's games: games, wins, mean points, wards won,
times mayor, offices held, and the points of each game in the order they finished.

A game counts once for each person in it. One person in two seats (two spellings of one
name, `summary.player_key`) is one player of that game: their better-placed seat (the lower
place; on equal places the one with more points, then the first) gives the game's win,
points, wards, times mayor and offices; `shared` counts such games (they are not rated,
ratings.rate). The card shows the person's name and colour as their first seat in their
latest game has them — the spelling the start screen's regulars show."""

from .summary import game_order

FIGURES = ("points", "wards", "mayor", "offices")


def seats_by_person(summary: dict) -> dict[str, list[dict]]:
    """The people's seats of one game, by player key, in seat order (computers left out)."""
    people: dict[str, list[dict]] = {}
    for seat in summary["seats"]:
        if seat["level"] == "human":
            people.setdefault(seat["player"], []).append(seat)
    return people


def best_seat(seats: list[dict]) -> dict:
    """The seat that counts for a person who held `seats` in one game."""
    return min(seats, key=lambda s: (s["rank"], -s["points"]))


def statistics(games: list[dict]) -> dict:
    """{player: {...}} for every person (not the computers) of `games` (see ratings.rate)."""
    people: dict[str, dict] = {}
    for game in sorted(games, key=game_order):
        for key, seats in seats_by_person(game["summary"]).items():
            p = people.setdefault(key, {
                "games": 0, "wins": 0, "points": 0, "wards": 0, "mayor": 0, "offices": 0,
                "shared": 0, "series": []})
            p["name"], p["color"] = seats[0]["name"], seats[0]["color"]  # the latest game's
            best = best_seat(seats)
            p["games"] += 1
            p["shared"] += len(seats) > 1
            p["wins"] += best["winner"]
            for field in FIGURES:
                p[field] += best[field]
            p["series"].append({"finished": game["finished"], "points": best["points"],
                                "code": game["summary"]["code"]})
    for p in people.values():
        p["mean_points"] = p["points"] / p["games"]
    return people
