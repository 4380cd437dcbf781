"""The guided first game's script (site/data/tutorial.json) against the engine: every scripted
action is the learner's to make and legal at its step, and every lesson's event happens where
the script says (tests/tutorialkit.py plays it the way the page does). A change of the rules or
of the computers' play that breaks the lessons fails here, not in front of a learner."""

import json
from pathlib import Path

import tutorialkit
from tammany.actions import from_json

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ("two_bosses", "boss_cube", "bonus", "zone", "slander", "bid", "mayor")
"""What a first game teaches (issue: placing two bosses R12a; boss + Castle Garden cube and its
favor chip R12b; ward bonuses R27; zones opening R7; slander R20; a contested election's sealed
bid R24/R25; the mayor handing out offices R31) — and the four offices' powers R14–R17 below."""
POWERS = {"deputy": "deputy", "police": "police", "council": "lock", "precinct": "precinct"}
"""Each office's power (lesson name: its event), watched as a computer uses it or used by the
learner (lesson `my_<power>`)."""


def test_every_scripted_action_is_legal_and_every_lesson_happens():
    """R11–R31: the script replays on the engine with its seed, the computers playing as the
    page's bot_act does; `play` asserts legality and each step's expected events."""
    script = tutorialkit.load()
    game, per_step = tutorialkit.play(script)
    assert len(per_step) == len(script["steps"])
    taught = {s["lesson"] for s in script["steps"] if "lesson" in s}
    assert set(LESSONS) <= taught
    for power in POWERS:
        assert power in taught or f"my_{power}" in taught, power
    assert not game.is_over  # it ends by offering to play on from there


def test_each_lesson_is_checked_by_an_event():
    """A lesson without an expected event could rot silently: each has one (end_turn aside:
    its step's action is the end of the turn itself)."""
    for step in tutorialkit.load()["steps"]:
        if "lesson" in step and step["lesson"] != "end_turn":
            assert step.get("expect"), step
        if step.get("lesson") == "end_turn":
            assert step["do"] == {"t": "end"}


def test_the_contested_election_has_a_real_sealed_bid():
    """R24/R25: the bid lesson is a ward where the learner and a rival are both asked to bid,
    and the learner bids chips."""
    script = tutorialkit.load()
    game = tutorialkit.new_game(script)
    tutorialkit.run_computers(game)
    for step in script["steps"]:
        if "do" not in step:
            continue
        if step.get("lesson") == "bid":
            assert game.state.phase == "bid" and len(game.state.election.bidders) >= 2
            assert sum(step["do"]["n"]) > 0
            return
        game.apply(tutorialkit.LEARNER, from_json(step["do"]))
        tutorialkit.run_computers(game)
    raise AssertionError("no bid lesson")


def test_the_learner_uses_office_powers_of_their_own():
    """R14–R17, R31: a computer mayor hands the learner an office, and the learner uses its
    power on a step of its own (one highlighted action, its lesson's event by the learner's
    seat) — two different offices over the script; `play` asserts each event happens."""
    script = tutorialkit.load()
    own = [s for s in script["steps"] if s.get("lesson", "").startswith("my_")]
    assert len({s["lesson"] for s in own}) >= 2, [s["lesson"] for s in own]
    for step in own:
        power = step["lesson"].removeprefix("my_")
        assert step["do"]["t"] == power
        assert step["expect"] == [{"e": POWERS[power], "seat": tutorialkit.LEARNER}]
        assert step["say"] == f"tut.lesson.my_{power}"
    game, per_step = tutorialkit.play(script)
    given = [e for events in per_step for e in events
             if e["e"] == "offices" and e["seat"] != tutorialkit.LEARNER
             and str(tutorialkit.LEARNER) in e["assign"]]
    assert given  # the office came from a computer mayor, as the card tells


def test_watched_powers_are_the_computers():
    """A power the lesson watches is a computer's move (its seat named in the expectation), so
    the card shows that move, not the learner's own."""
    for step in tutorialkit.load()["steps"]:
        if step.get("lesson") in POWERS:
            assert all(want.get("seat", tutorialkit.LEARNER) != tutorialkit.LEARNER
                       for want in step["expect"]), step


def test_the_learners_name_changes_nothing():
    """The page names the learner after the start screen's first name: the game is the same."""
    script = tutorialkit.load()
    a, _ = tutorialkit.play(script, "Ann")
    b, _ = tutorialkit.play(script, "Zoë")
    assert [act for _, act in a.history] == [act for _, act in b.history]


def test_every_sentence_exists_in_every_language():
    """Each step's sentence is a key of the page's wording files, in all four languages."""
    keys = {s["say"] for s in tutorialkit.load()["steps"]}
    for lang in ("en", "de", "fr", "it"):
        table = json.loads((ROOT / "site" / "data" / "i18n" / f"{lang}.json").read_text("utf-8"))
        assert keys <= set(table["strings"]), (lang, sorted(keys - set(table["strings"])))
