""""Learn to play", driven by a learner who reads nothing but the lesson: after each settled
screen it taps the one highlighted element (`.th-tut-target`) — a ward, a button, the lesson's
Next — and nothing else, until the lesson's end, in each of the four languages. The computers'
moves are the engine's (docs/ui.md, "The tutorial"). On German, French and Italian no English
sentence of the page's own wording is on screen at any step. Where the learner uses an office
of their own, the office is what is highlighted, and "What happened" then tells what it did.
Leaving in the middle and opening "Learn to play" again resumes at the same step.
"""

import json
import re
from pathlib import Path

import pytest
from gameplay import SETTLED, settle
from wordkit import english_strings

import build

ROOT = Path(__file__).resolve().parents[2]
SCREEN_WORDS = (Path(__file__).parent / "i18n_screen_words.js").read_text("utf-8")
SCRIPT = json.loads((ROOT / "site" / "data" / "tutorial.json").read_text("utf-8"))
TARGET = ".th-tut-target"
READY = f"{SETTLED} #th-tutorial:not([hidden]) {TARGET}, {SETTLED} {TARGET}"
END = f"{SETTLED} #th-tutorial[data-end]:not([hidden])"
LEAVE_AT = 9  # a step in the first term, past the first lessons


def step_of(page) -> int:
    return int(page.get_attribute("#th-tutorial", "data-step"))


OWN_OFFICE = {i: s["do"]["t"] for i, s in enumerate(SCRIPT["steps"])
              if s.get("lesson", "").startswith("my_")}
"""The steps where the learner uses an office's power of their own (R14–R17)."""


def office_use(page, step: int, first: bool) -> None:
    """On first reaching a step where the learner uses their office, the one thing to tap is
    that office's button in the panel; on the step after it, "What happened" tells the move and
    what the power changed (two lines)."""
    if first and step in OWN_OFFICE:
        office = page.locator(f'#th-panel [data-action="{OWN_OFFICE[step]}"]')
        assert "th-tut-target" in office.get_attribute("class"), step
    if first and step - 1 in OWN_OFFICE:
        assert page.locator("#th-tutorial .th-tut-happened p").count() >= 2, step


def learn(page, lang: str, english: list, leave_at: int | None = None) -> int:
    """Tap the highlighted element until the lesson ends; returns the taps made. At step
    `leave_at`, leave the lesson and open it again from the start screen."""
    taps = 0
    reached = set()
    while True:
        page.wait_for_selector(f"{READY}, {END}", state="attached", timeout=120_000)
        if page.locator(END).count():
            return taps
        if lang != "en":  # the same check as test_i18n_game's, at every step of the lesson
            text = "\n".join(page.evaluate(SCREEN_WORDS))
            leaked = [found.group(0) for _, pattern in english if (found := pattern.search(text))]
            assert not leaked, f"English on the {lang} page: {leaked}"
        if leave_at is not None and step_of(page) == leave_at:
            before = step_of(page)
            page.click("#th-tut-leave")
            assert settle(page) == "start"
            page.click("#th-learn-resume")  # "Continue the lesson (step N of M)"
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            assert step_of(page) == before
            leave_at = None
            continue
        assert page.locator(TARGET).count() == 1, "exactly one thing to tap"
        office_use(page, step_of(page), step_of(page) not in reached)
        reached.add(step_of(page))
        page.click(TARGET)
        taps += 1
        settle(page)
        assert taps < 600, "the lesson does not end"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_the_lesson_reaches_its_end_tapping_only_what_it_highlights(new_context, serve, lang):
    context = new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{serve()}?lang={lang}&fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    english = english_strings(page, lang) if lang != "en" else []
    settle(page)
    page.click("#th-learn-start")
    taps = learn(page, lang, english, leave_at=LEAVE_AT if lang in ("en", "de") else None)
    assert taps > len(SCRIPT["steps"])
    assert step_of(page) == len(SCRIPT["steps"]) - 1
    # the lesson's game is the script's: every scripted move was made
    moves = int(page.get_attribute("#th-game", "data-moves"))
    assert moves >= sum("do" in s for s in SCRIPT["steps"])
    assert re.fullmatch(r"[0-9a-f]+", page.get_attribute("#th-game", "data-hash"))
    page.click("#th-tut-play-on")
    page.wait_for_selector("#th-tutorial[hidden]", state="attached")
    assert not errors, errors
