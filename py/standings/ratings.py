"""Ratings of the people and the computer levels of an archive, with openskill's Weng-Lin
Plackett-Luce model (a free-for-all of 3-5 players, each their own team).

Why a library: openskill is a maintained, published Bayesian rating method for games of more
than two players; a hand-written Elo or Glicko variant for free-for-alls would be ours to get
right and to explain. It is pure Python, pinned with its SHA-256 in build.py and installed in
the page's worker from the build's own wheel.

The computer levels are anchors: they play with a fixed rating that no game changes, so a
person who only ever plays the computers still gets a rating that means something ("about as
strong as Easy"), and two groups' ratings stand on the same ground.
"""

from openskill.models import PlackettLuce

from .summary import game_order

MODEL = "openskill 6.2.0, PlackettLuce, default parameters"
START = {"mu": 25.0, "sigma": 25.0 / 3.0}
"""A person's rating before their first game: openskill's defaults."""
ANCHORS = {
    "computer:random": {"mu": 10.0, "sigma": 1.0},
    "computer:easy": {"mu": 25.0, "sigma": 1.0},
    "computer:hard": {"mu": 32.0, "sigma": 1.0},
}
"""The computer levels' fixed ratings. Easy is where a new person starts; Random, which plays
any legal move, sits well below it; Hard, which beats Easy most games (docs/bots.md), above."""
ANCHOR_DEFAULT = {"mu": 25.0, "sigma": 1.0}
"""Any other computer level (the league's, for tools) counts as Easy."""


def rate(games: list[dict]) -> dict:
    """{player: {"mu", "sigma", "games"}} after every game of `games`, each
    {"finished": ISO time, "summary": summary.summarize(...)}, in `game_order`.

    A game where the same person sits twice (two seats with one name) is not rated: it says
    nothing about that person against the others. Nor is a game played by house rules
    (docs/rules.md): a rating compares play by the same rules."""
    model = PlackettLuce()
    people: dict[str, dict] = {}
    for game in sorted(games, key=game_order):
        seats = game["summary"]["seats"]
        keys = [s["player"] for s in seats]
        humans = [k for k in keys if not k.startswith("computer:")]
        if len(set(humans)) != len(humans) or game["summary"].get("rules"):
            continue
        teams = [[model.rating(**_rating_of(k, people))] for k in keys]
        rated = model.rate(teams, ranks=[float(s["rank"]) for s in seats])
        for key, [new] in zip(keys, rated, strict=True):
            if key.startswith("computer:"):
                continue  # an anchor: fixed, whatever the game
            before = people.get(key, {"games": 0})
            people[key] = {"mu": new.mu, "sigma": new.sigma, "games": before["games"] + 1}
    return people


def _rating_of(key: str, people: dict) -> dict:
    if key.startswith("computer:"):
        return ANCHORS.get(key, ANCHOR_DEFAULT)
    known = people.get(key)
    return {"mu": known["mu"], "sigma": known["sigma"]} if known else START
