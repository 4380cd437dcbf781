"""Ratings worked out again, straight from openskill and the rules package, with none of
py/standings: the check that the page's numbers are openskill's (docs/archive.md, "Ratings").

The method, as docs/archive.md states it: games in the order they finished (then by code);
every seat its own team; places from the result (the winners first, then by points, equal
points sharing a place); a person starts at openskill's defaults; each computer level plays
at a fixed rating that no game changes; a game with the same person twice is not rated.
"""

from openskill.models import PlackettLuce

from tammany.savecode import decode

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
        if len(set(humans)) != len(humans):
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
