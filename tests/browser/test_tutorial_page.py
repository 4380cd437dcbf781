""""Learn to play", driven by a learner who reads nothing but the lesson: after each settled
screen it taps the one highlighted element (`.th-tut-target`) — a ward, a button, the lesson's
Next — and nothing else, until the lesson's end, in English. The computers' moves are the
engine's (docs/ui.md, "The tutorial"). The other languages' walks moved to unit tests (issue 54):
the lesson's own words in every language, all there and none left in English, are
tests/js/lesson-words.test.mjs; the step flow, which no language changes, is
tests/js/lesson.test.mjs; the game's screens in each language are test_i18n_game.py's; the
lesson's card in each language at every size is test_layout.py's. In the browser, German (whose
words are the longest) takes over a lesson at a step and plays it on, with no English sentence of
the page's own wording on screen (test_a_new_language_keeps_the_lesson_at_its_step). Where
the learner uses an office of their own, the office is what is highlighted, and "What happened"
then tells what it did.
Leaving in the middle and opening "Learn to play" again resumes at the same step; so does a
reload, on a slow connection without a service worker and with one (issue 48, item 2).
"""

import json
import re
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect
from wordkit import SCREEN_WORDS, english_in, english_strings

import build
import tutorialkit
from tools.gameplay import SETTLED, settle, wait_moves

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = json.loads((ROOT / "site" / "data" / "tutorial.json").read_text("utf-8"))
TARGET = ".th-tut-target"
ONE_TARGET = f"{TARGET}:not(.tm-ward-key)"  # a marked ward's key (phones) is marked with it
READY = f"{SETTLED} #th-tutorial:not([hidden]) {TARGET}, {SETTLED} {TARGET}"
END = f"{SETTLED} #th-tutorial[data-end]:not([hidden])"
LEAVE_AT = 9  # a step in the first term, past the first lessons


def english_on_screen(page, english) -> list[str]:
    """The English sentences (wordkit.english_strings' patterns) on the page as it is now."""
    return english_in("\n".join(page.evaluate(SCREEN_WORDS)), english)


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


def learn(page, leave_at: int | None = None) -> int:
    """Tap the highlighted element until the lesson ends; returns the taps made. At step
    `leave_at`, leave the lesson and open it again from the start screen."""
    taps = 0
    reached = set()
    while True:
        page.wait_for_selector(f"{READY}, {END}", state="attached", timeout=120_000)
        if page.locator(END).count():
            return taps
        if leave_at is not None and step_of(page) == leave_at:
            before = step_of(page)
            page.click("#th-tut-leave")
            assert settle(page) == "start"
            page.click("#th-learn-resume")  # "Continue the lesson (step N of M)"
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            assert step_of(page) == before
            leave_at = None
            continue
        assert page.locator(ONE_TARGET).count() == 1, "exactly one thing to tap"
        office_use(page, step_of(page), step_of(page) not in reached)
        reached.add(step_of(page))
        page.click(ONE_TARGET)
        taps += 1
        settle(page)
        assert taps < 600, "the lesson does not end"


@pytest.mark.browser
def test_the_lesson_reaches_its_end_tapping_only_what_it_highlights(warm_page, serve):
    page = warm_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{serve()}?lang=en&fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    settle(page)
    page.click("#th-learn-start")
    taps = learn(page, leave_at=LEAVE_AT)
    assert taps > len(SCRIPT["steps"])
    assert step_of(page) == len(SCRIPT["steps"]) - 1
    # the lesson's game is the script's: every scripted move was made
    moves = int(page.get_attribute("#th-game", "data-moves"))
    assert moves >= sum("do" in s for s in SCRIPT["steps"])
    assert re.fullmatch(r"[0-9a-f]+", page.get_attribute("#th-game", "data-hash"))
    page.click("#th-tut-play-on")
    page.wait_for_selector("#th-tutorial[hidden]", state="attached")
    assert not errors, errors


# --- a reload comes back to the lesson's step (issue 48, item 2) ------------------------------
RELOAD_AT = 8
"""A boss and a Castle Garden cube (its three taps: the cube, its ward, the boss's ward)."""
SW_READY = f"{build.READY}[data-offline='ready']"  # a service worker controls the page
SLOW = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}
"""A host without HTTPS on a slow line: 150 ms a request."""
SCRIPT_PATH = "data/tutorial.json"
UNCACHE_SCRIPT = """async (path) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.endsWith(path)) await cache.delete(request);
    }
  }
}"""
"""The service worker's copy of the lesson's script goes: it fetches it from the server."""


class HeldScript:
    """The test server's overrides (build.start_server): while `holding`, the lesson's script
    is answered only once `release` is set, so it reaches the page after the game is drawn, as
    on a slow line. (The server answers each request in a thread of its own.)"""

    def __init__(self, dist: Path):
        self.body = (dist / SCRIPT_PATH).read_bytes()
        self.holding = False
        self.asked = threading.Event()
        self.release = threading.Event()

    def __contains__(self, rel: str) -> bool:
        return self.holding and rel == SCRIPT_PATH

    def __getitem__(self, rel: str) -> bytes:
        self.asked.set()
        self.release.wait(120)  # a bound for a test that failed, not a pace
        return self.body


def at_step(page, step: int) -> None:
    """The settled page shows the lesson's card at `step`, one thing marked to tap, and no
    "Suggest a move" (not in the lesson)."""
    card = page.locator("#th-tutorial")
    expect(card).to_have_attribute("data-step", str(step))
    expect(card).to_be_visible()
    expect(page.locator(ONE_TARGET)).to_have_count(1)
    expect(page.locator("#th-suggest-box")).to_have_count(0)
    expect(page.locator("#th-suggest-toggle")).to_be_hidden()


def reload_with_the_script_late(page, held: HeldScript, ready: str) -> None:
    """Reload; the lesson's script is answered only once the game is drawn."""
    held.holding = True
    held.release.clear()
    held.asked.clear()
    page.reload()
    page.wait_for_selector("#th-game[data-hash]", state="attached", timeout=120_000)
    assert held.asked.wait(120), "the page asks the server for the lesson's script"
    held.holding = False
    held.release.set()
    page.wait_for_selector(ready, state="attached", timeout=120_000)
    assert settle(page) == "turn"


def lesson_moves(page, step: int) -> None:
    """The lesson goes on from the step: its three taps make the script's move (RELOAD_AT)."""
    moves = int(page.get_attribute("#th-game", "data-moves"))
    for _ in range(3):
        page.click(ONE_TARGET)
        settle(page)
    wait_moves(page, moves + 1)
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", str(step + 1))


@pytest.mark.browser
def test_a_reload_on_a_slow_connection_comes_back_to_the_lessons_step(new_context, serve, dist):
    """No service worker (plain http), 150 ms a request: the lesson's script comes after the
    game is drawn, and the page shows the lesson at its step, never an ordinary game."""
    held = HeldScript(dist)
    url = serve(overrides=held)
    context = new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)
    page.goto(f"{url}?fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert settle(page) == "start"
    tutorialkit.store_lesson(page, RELOAD_AT)
    reload_with_the_script_late(page, held, build.READY)
    at_step(page, RELOAD_AT)
    page.reload()  # and with the script as slow as the rest
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert settle(page) == "turn"
    at_step(page, RELOAD_AT)
    lesson_moves(page, RELOAD_AT)


@pytest.mark.browser
def test_reloads_with_the_service_worker_come_back_to_the_lessons_step(new_context, serve, dist):
    """A service worker in control: plain reloads come back to the step, and so does one where
    the lesson's script comes after the game (the worker's copy gone, fetched from the
    server)."""
    held = HeldScript(dist)
    url = serve(overrides=held)
    page = new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{url}?fast=1&pace=0")
    page.wait_for_selector(SW_READY, state="attached", timeout=120_000)
    assert settle(page) == "start"
    tutorialkit.store_lesson(page, RELOAD_AT)
    for _ in range(2):
        page.reload()
        page.wait_for_selector(SW_READY, state="attached", timeout=120_000)
        assert settle(page) == "turn"
        at_step(page, RELOAD_AT)
    page.evaluate(UNCACHE_SCRIPT, SCRIPT_PATH)
    reload_with_the_script_late(page, held, SW_READY)
    at_step(page, RELOAD_AT)
    lesson_moves(page, RELOAD_AT)


@pytest.mark.browser
def test_a_new_language_keeps_the_lesson_at_its_step(warm_page, serve):
    """The language menu builds the screens again: the lesson's card and mark come back at the
    same step, in the new language, with no English sentence of the page's own wording on screen
    there nor once the lesson has gone on a step (what the German walk to the lesson's end
    checked at every step: the step flow and each step's words are unit tests now)."""
    page = warm_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{serve()}?fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert settle(page) == "start"
    tutorialkit.store_lesson(page, RELOAD_AT, playing=False)
    page.reload()
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert settle(page) == "start"
    page.click("#th-learn-resume")  # "Continue the lesson"
    assert settle(page) == "turn"
    at_step(page, RELOAD_AT)
    page.select_option("#th-game .th-language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert settle(page) == "turn"
    at_step(page, RELOAD_AT)
    german = json.loads((ROOT / "site" / "data" / "i18n" / "de.json").read_text("utf-8"))
    expect(page.locator("#th-tut-title")).to_have_text(german["strings"]["tut.card.title"])
    english = english_strings(page, "de")
    assert english_on_screen(page, english) == []
    lesson_moves(page, RELOAD_AT)
    assert settle(page) == "turn"
    assert english_on_screen(page, english) == []
