"""The computer's review as the player sees it (docs/review.md "In the page", docs/ui.md "The
review"): "Review" on the final table, in the archive's list and in the replay viewer opens the
viewer with the review panel; the review of the people's seats runs to its end with the figures
CPython's review gives; at a labelled move the viewer shows its label, its loss ± its standard
error and the better move in words, with the better move's wards marked on the viewer's map; a
mark of the chart (a click, or the keyboard) and a key moment jump the viewer to their move;
Stop stops; a finished review comes back at once (kept on the device); German shows no English;
axe finds nothing serious; blind mode reads the label and the better move.

The reviews use little work (`TAMMANY_REVIEW_WORK`, the runner's hook for tests; the figures
at Hard's standard work are docs/review.md's) and the golden 4-player game, whose one person
(seat 0) is the seat reviewed by default: 43 decisions, a few seconds.
"""

import json
import re
from pathlib import Path

import pytest
from axe_kit import scan
from wordkit import english_strings, screen_problems

import build
from tammany.review import review
from tammany.savecode import decode
from tools.gameplay import settle, wait_screen

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
GAME = next(c for c in GOLDEN if c["over"] and len(c["seats"]) == 4)  # human, hard, easy, random
WORK = 5
REVIEW = '#th-review:not([hidden])'
STATE = "e => ({...e.dataset})"
ACTIVE_MARK = """() => document.getElementById(
  document.activeElement.getAttribute('aria-activedescendant')).dataset.move"""
SLIDE = "(e, n) => { e.value = String(n); e.dispatchEvent(new Event('input')); }"
FOCUS_RING = "getComputedStyle(document.activeElement).outlineStyle"
PLURALS = (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders"))
NAT = {"irish": "Irish", "english": "English", "german": "German", "italian": "Italian"}


@pytest.fixture(scope="module")
def url(serve):
    return serve()


@pytest.fixture(scope="module")
def expected():
    """CPython's review of the game's person at the same work (the page's must be the same)."""
    return review(decode(GAME["code"]), [0], work=WORK)


def open_final(page, url: str, query: str, work: int) -> list[str]:
    """The game's link opened; the final table up (the game is kept in the archive too). The
    page's uncaught errors from then on (a list that fills)."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(f"globalThis.TAMMANY_REVIEW_WORK = {work};")
    page.goto(f"{url}?fast=1{query}#g={GAME['code']}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    page.click("#th-open-link")
    wait_screen(page, "final")
    return errors


def at(page, move: int) -> None:
    page.wait_for_selector(f'#th-replay[data-at="{move}"]', state="attached")
    settle(page)


def verdict(page, move: int) -> dict:
    """The review's words at `move`, once the better move is worded (or the move was best)."""
    shown = f'#th-rv-move[data-move="{move}"]'
    page.wait_for_selector(f'{shown}[data-better], {shown}[data-label="best"]', state="attached")
    return page.eval_on_selector("#th-rv-move", """e => {
      const text = (selector) => e.querySelector(selector)?.textContent;
      const label = e.querySelector('.th-rv-label').dataset.label;
      return { label, labelText: text('.th-rv-label'),
               loss: text('.th-rv-loss'), better: text('.th-rv-better'), why: text('.th-rv-why') };
    }""")


def marked(page) -> dict:
    return page.evaluate("""() => {
      const all = (what) => [...document.querySelectorAll(`#th-replay ${what}.th-sug-target`)];
      return { wards: all('.tm-ward').map(e => Number(e.dataset.ward)).sort((a, b) => a - b),
               castle: all('[data-castle]').map(e => e.dataset.castle) };
    }""")


def test_review_from_the_final_table_labels_a_move_and_jumps(warm_page, url, expected):
    page = warm_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('tammany.blind', '1');")  # blind mode on
    errors = open_final(page, url, "", WORK)
    page.click("#th-final-review")
    page.wait_for_selector(f'{REVIEW}[data-status="done"]', state="attached", timeout=120_000)
    settle(page)
    state = page.eval_on_selector("#th-review", STATE)
    assert state["seats"] == "0"  # the one person; the computers are not reviewed by default
    assert int(state["done"]) == int(state["total"]) == len(expected["decisions"])
    figures = expected["seats"][0]
    player = page.eval_on_selector('.th-rv-player[data-seat="0"]',
                                   "e => ({accuracy: e.dataset.accuracy, text: e.innerText})")
    assert float(player["accuracy"]) == figures["accuracy"]
    for name, plural in PLURALS:
        n = figures["labels"][name]
        assert f"{n} {name if n == 1 else plural}" in player["text"]
    assert "The review is done" in page.text_content("#th-rv-status")

    # A labelled move whose better move is on the map: its chart mark jumps there.
    labelled = [d for d in expected["decisions"] if d["label"] != "good" and not d["is_best"]
                and d["best"]["t"] in ("bosses", "boss_cube")]
    d = labelled[0]
    page.click(f'.th-rvc-mark[data-move="{d["move"]}"]')
    at(page, d["move"])
    words = verdict(page, d["move"])
    assert words["label"] == d["label"] and words["labelText"] == d["label"].capitalize()
    loss = re.fullmatch(r"This move lost (\d+\.\d) ± (\d+\.\d) points against the better move\.",
                        words["loss"])  # one decimal, rounded by the page's Intl.NumberFormat
    assert loss and abs(float(loss[1]) - d["loss"]) <= 0.051
    assert abs(float(loss[2]) - d["loss_se"]) <= 0.051
    best = d["best"]
    wards = sorted({best["a"], best["b"]} if best["t"] == "bosses" else {best["w"], best["b"]})
    assert words["better"].startswith("Better: ")
    assert all(f"ward {w}" in words["better"] for w in wards), words["better"]
    if best["t"] == "boss_cube":
        assert f"({NAT[best['c']]})" in words["better"]
    assert words["why"] and "{" not in words["why"]
    castle = [best["c"]] if best["t"] == "boss_cube" else []
    assert marked(page) == {"wards": wards, "castle": castle}
    # Blind mode reads the label and the better move.
    spoken = page.text_content("#th-rv-speech")
    assert d["label"].capitalize() in spoken and words["better"] in spoken

    # The chart by keyboard: one tab stop (a list box of its marks), → to the next, Enter jumps.
    page.focus("#th-review .th-rvc")
    first = page.evaluate(ACTIVE_MARK)
    page.keyboard.press("ArrowRight")
    second = page.evaluate(ACTIVE_MARK)
    assert int(second) >= int(first) and page.evaluate("document.activeElement.matches('.th-rvc')")
    assert page.evaluate(FOCUS_RING) == "solid"  # the chart's focus is seen
    page.keyboard.press("Enter")
    at(page, int(second))
    # A "good" move that lost a point, on samples too noisy to say: it says so (the slider there).
    noisy = next(x for x in expected["decisions"] if x["label"] == "good" and x["loss"] >= 1)
    page.eval_on_selector("#th-rp-slider", SLIDE, noisy["move"])
    at(page, noisy["move"])
    assert verdict(page, noisy["move"])["label"] == "good"
    assert page.text_content("#th-rv-move .th-rv-noise").startswith("Not labelled: ")
    # A key moment: the largest loss.
    largest = figures["largest"][0]
    page.click(f'.th-rv-moment[data-move="{largest}"][data-kind="loss"]')
    at(page, largest)
    label = next(x["label"] for x in expected["decisions"] if x["move"] == largest)
    assert verdict(page, largest)["label"] == label
    assert scan(page) == []

    # Another visit (a reload), the replay opened again: the review kept on the device is there
    # at once, with no review run.
    page.reload()
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    screen = wait_screen(page, "final", "over")
    page.click("#th-final-replay" if screen == "final" else "#th-replay-button")
    page.wait_for_selector(f'{REVIEW}[data-status="stored"]', state="attached")
    assert page.eval_on_selector("#th-review", STATE)["done"] == state["done"]
    assert errors == []


def test_review_goes_on_stops_and_runs_from_the_archive_in_german(warm_page, url, expected):
    page = warm_page(viewport={"width": 1280, "height": 900})
    errors = open_final(page, url, "", 200)  # much work a decision: still running below
    # From the viewer's own bar: the review starts; it goes on while the viewer is left and the
    # language changes (the screens built again take it over); Stop stops it.
    page.click("#th-final-replay")
    wait_screen(page, "replay")
    assert page.is_hidden("#th-review")
    page.click("#th-rp-review")
    page.wait_for_selector(f'{REVIEW}[data-status="running"]', state="attached", timeout=120_000)
    page.click("#th-rp-leave")
    wait_screen(page, "final")
    page.click("#th-final-board")
    wait_screen(page, "over")
    page.select_option("#th-game .th-language", "de")
    page.wait_for_selector('html[lang="de"]', state="attached")
    screen = wait_screen(page, "final", "over")  # the screens built again: the game's end
    page.click("#th-final-replay" if screen == "final" else "#th-replay-button")
    page.wait_for_selector(f'{REVIEW}[data-status="running"]', state="attached")
    assert page.text_content("#th-rv-status").startswith("Die Züge von Tweed")
    page.click("#th-rv-stop")
    page.wait_for_selector(f'{REVIEW}[data-status="stopped"]', state="attached")
    state = page.eval_on_selector("#th-review", STATE)
    assert int(state["done"]) < int(state["total"]) == len(expected["decisions"])
    assert page.text_content("#th-rv-status").startswith("Angehalten nach")
    assert page.is_visible("#th-rv-start") and page.is_hidden("#th-rv-stop")

    # From the archive's list, at less work: it starts again at once, and results show as they
    # come — the first labelled move's mark is on the chart before the review is over; its words
    # are German.
    page.evaluate(f"globalThis.TAMMANY_REVIEW_WORK = {WORK}")
    page.click("#th-rp-leave")
    if wait_screen(page, "final", "over") == "final":
        page.click("#th-final-board")
        wait_screen(page, "over")
    page.click("#th-new-button")
    wait_screen(page, "start")
    page.click("#th-archive-open")
    wait_screen(page, "archive")
    page.click(f'.th-archive-game[data-code="{GAME["code"]}"] .th-archive-review')
    d = next(x for x in expected["decisions"] if x["label"] != "good" and not x["is_best"])
    mark = f'.th-rvc-mark[data-move="{d["move"]}"]'
    page.wait_for_selector(f"{REVIEW} {mark}", state="attached", timeout=120_000)
    page.click(mark)
    at(page, d["move"])
    assert verdict(page, d["move"])["better"].startswith("Besser: ")
    problems = screen_problems(page, english_strings(page, "de"), "review (de)")
    assert problems == []
    assert scan(page) == []
    page.evaluate("document.querySelector('#th-rv-stop:not([hidden])')?.click()")  # if not over
    page.wait_for_selector(f'{REVIEW}[data-status="stopped"], {REVIEW}[data-status="done"]',
                           state="attached")
    assert errors == []
