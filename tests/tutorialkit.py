"""The guided first game ("Learn to play"): playing its script on the engine, and making it.

The script is data, `site/data/tutorial.json`, read by the page (site/js/tutorial/) and by
tests/test_tutorial.py. It is one game: a fixed seed, the learner at seat 0 and two Easy
computers, and the learner's every action in order. The computers' moves are the engine's own
(`bots.choose_for_game`, as the page's `bot_act` plays them), so the script is right only for
the engine as it is: `play` replays it and fails at the first scripted action that is not legal,
or at the first lesson whose event does not happen — a change of the rules or of Easy shows up
as a failing test, never as a tutorial that silently teaches something else.

Steps:
  {"say": KEY}                          a sentence and a Next button
  {"do": ACTION, "say": KEY?}           the learner's action (JSON form, docs/api.md)
  "lesson": NAME                        the lesson the step teaches; `expect` its events
  "expect": [{"e": CODE, "seat": 0?}]   events that must happen from the previous action up to
                                        the learner's next decision (the computers' moves too)

Regenerate after a change of Easy or Hard (prints the seeds it tried and the one it chose; from
seed 1 that takes a few minutes, `--from N` starts at N):

    .venv/bin/python tests/tutorialkit.py --write

The learner plays as the computers do, at the term's level (`LEVELS`: Easy for the first two
terms, so a computer can win the mayor's office and hand the learner an office), bent where a
lesson needs a kind of move; an office the learner holds is used first thing in their turn until
its power has been taught by the learner's own hand (lesson `my_<power>`). Each of the four
powers is taught, used by the learner or watched as a computer uses it; `OWN_OFFICES` of them
by the learner.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from tammany import bots  # noqa: E402
from tammany.actions import AssignOffices, from_json, to_json  # noqa: E402
from tammany.bots.evaluate import Evaluation, relative  # noqa: E402
from tammany.game import Game, Seat  # noqa: E402
from tammany.savecode import encode  # noqa: E402

SCRIPT = ROOT / "site" / "data" / "tutorial.json"
LEARNER = 0
SEATS = [("Ann", "red", "human"), ("Boris", "yellow", "easy"), ("Clara", "purple", "easy")]
POWERS = {"deputy": "deputy", "police": "police", "lock": "council", "precinct": "precinct"}
OFFICE_OF_POWER = {"police": "chief_of_police", "precinct": "precinct_chairman",
                   "council": "council_president", "deputy": "deputy_mayor"}


def load() -> dict:
    return json.loads(SCRIPT.read_text("utf-8"))


def new_game(script: dict, learner_name: str = "Ann") -> Game:
    seats = [Seat(learner_name if i == LEARNER else s["name"], s["color"], s["level"])
             for i, s in enumerate(script["seats"])]
    return Game(seats, script["seed"])


def run_computers(game: Game) -> list[dict]:
    """The computers' moves until the learner acts (or the game ends), as the page plays them:
    a computer among the seats to act goes first (site/js/ui/game/computers.js computerToAct)."""
    events = []
    while not game.is_over:
        to_act = game.to_act()
        computer = next((s for s in to_act if game.seats[s].level != "human"), None)
        if computer is None:
            return events
        events += game.apply(computer, bots.choose_for_game(game, computer))
    return events


def matches(event: dict, want: dict) -> bool:
    return all(event.get(k) == v for k, v in want.items())


def play(script: dict, learner_name: str = "Ann",
         upto: int | None = None) -> tuple[Game, list[list[dict]]]:
    """Play the script on the engine (its first `upto` steps, or all). Raises AssertionError
    naming the first step whose action is not the learner's to make, is illegal, or whose
    lesson's events did not happen. Returns the game and, per step, the events since the
    previous action."""
    game = new_game(script, learner_name)
    events = list(game.setup_events) + run_computers(game)
    per_step = []
    for number, step in enumerate(script["steps"][:upto]):
        if "do" in step:
            action = from_json(step["do"])
            assert LEARNER in game.to_act(), f"step {number}: the learner has nothing to do"
            assert action in game.legal_actions(LEARNER), \
                f"step {number}: {step['do']} is not legal here"
            events = game.apply(LEARNER, action) + run_computers(game)
        per_step.append(events)
        for want in step.get("expect", []):
            assert any(matches(e, want) for e in events), \
                f"step {number} ({step.get('lesson')}): no event {want}"
    return game, per_step


# --- the lesson at a step, for the page's tests ---------------------------------------------
def lesson_storage(step: int, learner_name: str = "Ann") -> dict[str, str]:
    """What the page keeps in localStorage while the learner is at `step` (its index): the
    autosave of the lesson's game there ("tammany.autosave", site/js/autosave.js) and the
    lesson's record ("tammany.tutorial", site/js/tutorial/tutorial.js). A browser test puts
    these in place and reloads to open the lesson at that step, instead of playing up to it."""
    game, _ = play(load(), learner_name, upto=step)
    code = encode(game)
    state = game.state
    autosave = {"format": "tammany-autosave/1", "code": code, "hash": game.hash(),
                "moves": len(game.history), "over": game.is_over, "year": state.year,
                "names": [s.name for s in game.seats], "tab": "test", "at": 0}
    lesson = {"format": "tammany-tutorial/1", "step": step, "code": code}
    return {"tammany.autosave": json.dumps(autosave), "tammany.tutorial": json.dumps(lesson)}


STORE = """([items, playing]) => {
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  if (playing) sessionStorage.setItem("tammany.playing", "1");
}"""
"""Puts `lesson_storage` in place; `playing`: the tab was showing the game (a reload resumes
it, site/js/routes.js), else a reload shows the start screen, which offers to go on."""


def store_lesson(page, step: int, playing: bool = True) -> None:
    """The page (any settled screen of this site) holds the lesson at `step`, as if the learner
    had played up to it: the next reload of the tab comes back to it (`playing`), or to the
    start screen's "Continue the lesson"."""
    page.evaluate(STORE, [lesson_storage(step), playing])


# --- making the script ----------------------------------------------------------------------
def best_of_kind(game: Game, kind: str) -> object:
    """The learner's legal action of `kind` that leaves the learner best placed by the
    computers' static evaluation (bots/evaluate.py), the first such on a tie."""
    best, score = None, None
    for action in game.legal_actions(LEARNER):
        if action.kind != kind:
            continue
        after = game.state.clone()
        after.apply(LEARNER, action)
        value = relative(Evaluation(after).totals, LEARNER)
        if score is None or value > score:
            best, score = action, value
    return best


def learner_choice(game: Game, lessons: set, work: int, levels=("hard",)) -> object:
    """What the learner does: a computer's move at the term's level (`levels[term - 1]`, the
    last for later terms: a term played at Easy lets a computer become mayor, who then hands
    the learner an office), bent where a lesson needs a particular kind; an office the learner
    holds whose power they have not used yet is used first thing in their turn."""
    s = game.state
    legal = game.legal_actions(LEARNER)
    kinds = {a.kind for a in legal}
    if s.phase == "turn":
        for kind in kinds & set(OFFICE_OF_POWER):
            if f"my_{kind}" not in lessons:
                return best_of_kind(game, kind)
        if not s.placed and "two_bosses" not in lessons and "bosses" in kinds:
            pick = bots.choose(game.view(LEARNER), LEARNER, "easy", 1)
            if pick.kind == "bosses":
                return pick
            return next(a for a in legal if a.kind == "bosses")
        if not s.placed and "two_bosses" in lessons and "boss_cube" not in lessons \
                and "boss_cube" in kinds:
            return next(a for a in legal if a.kind == "boss_cube")
        if "slander" in kinds and "slander" not in lessons and s.placed:
            singles = [a for a in legal if a.kind == "slander" and a.w2 is None]
            return singles[0]
    if s.phase == "offices":
        seen = [k for k in OFFICE_OF_POWER if not taught(lessons, k)]
        others = [p for p in range(s.players) if p != LEARNER]
        wanted = [OFFICE_OF_POWER[k] for k in seen][:len(others)]
        pool = [o for o in OFFICE_OF_POWER.values() if o not in wanted]
        wanted += pool[:len(others) - len(wanted)]
        action = AssignOffices(dict(zip(others, wanted, strict=True)))
        if action in legal:
            return action
    level = levels[min((s.year - 1) // 4, len(levels) - 1)]
    return bots.choose_at_level(game, LEARNER, level, work)


LESSON_EVENTS = {
    "my_deputy": {"e": "deputy", "seat": LEARNER}, "my_police": {"e": "police", "seat": LEARNER},
    "my_council": {"e": "lock", "seat": LEARNER},
    "my_precinct": {"e": "precinct", "seat": LEARNER},
    "two_bosses": {"e": "placed_bosses", "seat": LEARNER},
    "boss_cube": {"e": "placed_boss_cube", "seat": LEARNER},
    "bid": {"e": "bid_placed", "seat": LEARNER},
    "bonus": None,  # the learner claims a bonus (bonus_cube / bonus_chip)
    "mayor": {"e": "offices", "seat": LEARNER},
    "zone": {"e": "zone_opens"},
    "slander": {"e": "slander", "seat": LEARNER},
    "deputy": {"e": "deputy"}, "police": {"e": "police"},
    "council": {"e": "lock"}, "precinct": {"e": "precinct"},
}
ORDER_NEEDED = ("two_bosses", "boss_cube", "bid", "bonus", "mayor", "zone", "slander",
                "deputy", "police", "council", "precinct")
MY_OFFICES = ("my_deputy", "my_police", "my_council", "my_precinct")
"""The learner's own use of an office's power: at least `OWN_OFFICES` of them must come up."""
WATCHED = {"deputy", "police", "council", "precinct"}
"""Powers watched as the computers use them (an event of another seat than the learner's)."""


def lessons_in(events: list[dict], action) -> list[tuple[str, dict]]:
    found = []
    for name, want in LESSON_EVENTS.items():
        if want is None:
            hit = next((e for e in events if e["e"] in ("bonus_cube", "bonus_chip")
                        and e.get("seat") == LEARNER), None)
        elif name in WATCHED:  # a computer's use, named by its seat
            hit = next((e for e in events if matches(e, want) and e["seat"] != LEARNER), None)
            want = None if hit is None else {**want, "seat": hit["seat"]}
        else:
            hit = next((e for e in events if matches(e, want)), None)
        if hit is not None:
            found.append((name, {k: v for k, v in (want or {"e": hit["e"],
                                                            "seat": LEARNER}).items()}))
    return found


def taught(lessons, power: str) -> bool:
    """An office's power is taught when a computer used it or the learner did."""
    return power in lessons or f"my_{power}" in lessons


def complete(lessons: dict, own_offices: int) -> bool:
    """Every lesson has come up, each office's power among them, `own_offices` of the powers
    used by the learner."""
    mine = sum(name in lessons for name in MY_OFFICES)
    return (all(name in lessons or (name in WATCHED and taught(lessons, name))
                for name in ORDER_NEEDED) and mine >= own_offices)


def make(seed: int, work: int = 40, max_year: int = 12, levels=("hard",),
         own_offices: int = 1) -> dict | None:
    """The script for `seed`, or None if some lesson does not come up by `max_year`."""
    script = {"seed": seed,
              "seats": [{"name": n, "color": c, "level": k} for n, c, k in SEATS]}
    game = new_game(script)
    run_computers(game)
    steps: list[dict] = []
    lessons: dict[str, int] = {}
    contested = False
    while not game.is_over and game.state.year <= max_year and not complete(lessons, own_offices):
        action = learner_choice(game, set(lessons), work, levels)
        before = game.state
        bidders = list(before.election.bidders) if before.phase == "bid" else []
        events = game.apply(LEARNER, action) + run_computers(game)
        step = {"do": to_json(action)}
        for name, want in lessons_in(events, action):
            if name in lessons:
                continue
            if name == "bid" and (len(bidders) < 2 or not sum(action.n)):
                continue  # only a contested ward and a real bid teach the sealed bid
            if name == "bid":
                contested = True
            lessons[name] = len(steps)
            step.setdefault("expect", []).append(want)
            step.setdefault("lessons", []).append(name)
        steps.append(step)
    if not complete(lessons, own_offices) or not contested:
        return None
    script["steps"] = with_words(steps)
    return script


DOING = {"two_bosses", "boss_cube", "bid", "bonus", "mayor", "slander", *MY_OFFICES}
"""Lessons the learner's own action teaches; the others are watched, told after they happen."""
WATCH_ORDER = ("zone", "deputy", "police", "council", "precinct")


def variant(action: dict) -> str:
    """The sentence's variant: two bosses in one ward, or a bid of nothing."""
    if action["t"] == "bosses" and action["a"] == action["b"]:
        return "_same"
    if action["t"] == "bid" and not sum(action["n"]):
        return "_none"
    return ""


def with_words(steps: list[dict]) -> list[dict]:
    """The played actions as the script's steps: each with its sentence (a key of the page's
    wording files), lessons the learner does on their step, lessons watched on a step of their
    own right after the action they followed, and the welcome and the ending around them."""
    out = [{"say": "tut.say.welcome"}, {"say": "tut.say.goal"}]
    first_end = first_vote = True
    for step in steps:
        kind = step["do"]["t"]
        names = step.get("lessons", [])
        wants = dict(zip(names, step.get("expect", []), strict=True))
        doing = [n for n in names if n in DOING]
        if first_vote and kind in ("bid", "bonus_cube", "bonus_chip", "bonus_skip"):
            out.append({"say": "tut.say.election", "expect": [{"e": "election", "term": 1}]})
            first_vote = False
        entry = {"do": step["do"], "say": f"tut.do.{kind}{variant(step['do'])}"}
        if doing:
            entry.update(say=f"tut.lesson.{doing[0]}{variant(step['do'])}", lesson=doing[0],
                         expect=[wants[n] for n in doing])
        elif kind == "end" and first_end:
            entry.update(say="tut.lesson.end_turn", lesson="end_turn")
        if kind == "end":
            first_end = False
        out.append(entry)
        for name in WATCH_ORDER:
            if name in wants:
                out.append({"say": f"tut.watch.{name}", "lesson": name, "expect": [wants[name]]})
    out += [{"say": "tut.say.offices"}, {"say": "tut.say.end"}, {"say": "tut.say.scoring"},
            {"say": "tut.say.done", "last": True}]
    return out


LEVELS = ("easy", "easy", "hard")
"""The learner's play by term: Easy in the first two terms (so a computer can become mayor and
hand the learner an office), Hard from the third."""
OWN_OFFICES = 2
"""Offices whose power the learner uses (each needs a term in which a computer is mayor)."""
MAX_YEAR = 13
MAX_ACTIONS = 40
"""As short as possible: the first seed whose lessons all come up within this many actions."""


def main() -> None:
    start = int(sys.argv[sys.argv.index("--from") + 1]) if "--from" in sys.argv else 1
    for seed in range(start, start + 400):
        script = make(seed, max_year=MAX_YEAR, levels=LEVELS, own_offices=OWN_OFFICES)
        if script and sum("do" in s for s in script["steps"]) > MAX_ACTIONS:
            script = None
        print(seed, "ok" if script else "-", flush=True)
        if script:
            if "--write" in sys.argv:
                SCRIPT.write_text(json.dumps(script, indent=1) + "\n", "utf-8")
            return


if __name__ == "__main__":
    main()
