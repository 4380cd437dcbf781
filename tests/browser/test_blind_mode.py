"""Playing without seeing the board (ui/widgets/blind.js, docs/ui.md "Blind mode"), tested
through the live region's text (`#th-speech`, role="log"), as a screen reader would read it.

One person against two Easy computers: the option is switched on on the start screen (and is
remembered), the person plays a turn, and the computers' moves are read out in the words of the
log; then the keys S, Y, T and W answer with the scores, the year, whose turn it is and a
ward's state — and in German after a language switch."""

import re

import pytest

import build
from tools.gameplay import Player, settle, wait_screen

pytestmark = pytest.mark.browser

SEED = 11


def speech(page) -> list[str]:
    return page.locator("#th-speech p").all_text_contents()


def said_after(page, key: str) -> str:
    """Press `key` and return the line it added to the live region."""
    before = len(speech(page))
    page.keyboard.press(key)
    page.wait_for_selector(f"#th-speech p:nth-of-type({min(before + 1, 40)})", state="attached")
    return speech(page)[-1]


@pytest.fixture(scope="module")
def game(warm_devices, serve):
    # A warm device for the module (its tests run one after another on one worker; none asks
    # for a device of its own).
    context = warm_devices.get({"width": 1024, "height": 768})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{serve()}?seed={SEED}&fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    toggle = ".th-lang-bar .th-blind-toggle"
    assert page.get_attribute(toggle, "aria-pressed") == "false"
    page.click(toggle)
    assert page.get_attribute(toggle, "aria-pressed") == "true"
    on = speech(page)[-1]
    assert on.startswith("Moves are read out.")
    assert page.evaluate("localStorage.getItem('tammany.blind')") == "1"
    page.reload()  # remembered
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    assert page.get_attribute(toggle, "aria-pressed") == "true"
    for i, level in enumerate(["human", "easy", "easy"]):
        page.click(f'li.th-seat[data-seat="{i}"] .th-kind[data-level="{level}"]')
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    yield page, errors
    context.close()


def test_the_computers_moves_are_read_out_in_the_logs_words(game):
    page, errors = game
    names = page.locator(".tm-player-name").all_text_contents()
    assert settle(page) == "turn"
    player = Player(page)
    player.turn()  # the person's turn, then the computers' turns until the person's next
    assert wait_screen(page, "turn", "cover", "bid", "reveal", "offices") in {
        "turn", "cover", "bid", "reveal", "offices"}
    said = speech(page)
    recent = page.locator("#th-recent li").all_text_contents()
    assert recent and all(line in said for line in recent)
    # Each computer's move is told by name, as a sentence ("Boris places two bosses in ward 6.").
    for computer in names[1:]:
        assert any(line.startswith(computer) and line.endswith(".") for line in said), (
            computer, said)
    assert errors == []


def test_keys_tell_the_scores_the_year_whose_turn_and_a_ward(game):
    page, _ = game
    settle(page)
    page.locator("#th-game .th-bar-title").click()  # focus on the page, not in a field
    scores = said_after(page, "s")
    assert scores.startswith("Points: ")
    for card in page.locator("#th-game .tm-player").all():
        name = card.locator(".tm-player-name").text_content()
        assert re.search(rf"{re.escape(name)} \d+ points?", scores), (name, scores)
    year = said_after(page, "y")
    shown = page.locator("#th-game .tm-years-year").text_content()  # "Year 2 of 16"
    assert re.fullmatch(r"Year \d+ of 16, term [1-4]\.", year) and year.startswith(shown)
    turn = said_after(page, "t")
    prompt = page.locator("#th-game .tm-prompt").evaluate(
        "p => [...p.childNodes].filter((n) => !n.matches?.('button')).map((n) => n.textContent)"
        ".join('').trim()")
    assert turn == prompt and turn
    page.keyboard.press("w")
    page.wait_for_selector("#th-blind-ward:focus")
    page.keyboard.type("6")
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-blind-ward", state="detached")
    assert speech(page)[-1] == page.get_attribute('#th-game .tm-map [data-ward="6"]', "aria-label")
    assert speech(page)[-1].startswith("Ward 6")
    page.keyboard.press("w")
    page.wait_for_selector("#th-blind-ward:focus")
    page.keyboard.type("12")  # there is no ward 12 on the board
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-blind-ward", state="detached")
    assert speech(page)[-1] == "There is no ward 12."
    assert said_after(page, "h").startswith("Keys: S the scores")


def test_the_keys_answer_in_the_pages_language(game):
    page, _ = game
    settle(page)
    page.select_option("#th-game .th-language", "de")
    page.wait_for_selector('html[lang="de"]', state="attached")
    settle(page)
    assert page.get_attribute("#th-game .th-blind-toggle", "aria-pressed") == "true"
    page.locator("#th-game .th-bar-title").click()
    assert re.fullmatch(r"Jahr \d+ von 16, Amtszeit [1-4]\.", said_after(page, "y"))
    assert said_after(page, "s").startswith("Punkte: ")
