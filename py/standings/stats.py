"""Each person's statistics over the archive's games: games, wins, mean points, wards won,
times mayor, offices held, and the points of each game in the order they finished."""

from .summary import game_order


def statistics(games: list[dict]) -> dict:
    """{player: {...}} for every person (not the computers) of `games` (see ratings.rate)."""
    people: dict[str, dict] = {}
    for game in sorted(games, key=game_order):
        for seat in game["summary"]["seats"]:
            if seat["level"] != "human":
                continue
            p = people.setdefault(seat["player"], {
                "games": 0, "wins": 0, "points": 0, "wards": 0, "mayor": 0, "offices": 0,
                "series": []})
            p["name"], p["color"] = seat["name"], seat["color"]  # the latest spelling and colour
            p["games"] += 1
            p["wins"] += seat["winner"]
            for field in ("points", "wards", "mayor", "offices"):
                p[field] += seat[field]
            p["series"].append({"finished": game["finished"], "points": seat["points"],
                                "code": game["summary"]["code"]})
    for p in people.values():
        p["mean_points"] = p["points"] / p["games"]
    return people
