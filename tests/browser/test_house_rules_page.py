"""House rules on the page (issue 46; docs/rules.md, "House rules"): the start screen's panel is
closed by default and offers Python's switches (no serious axe-core finding when open), a
choice is remembered on the device and sent with the new game, and the game then names its
house rules — the log's first line, the Rules panel, the year track's length, the replay. A
standard game names none, and "Learn to play" always plays the standard rules."""

import json

import pytest
from axe_kit import scan
from wordkit import english_strings, layout_problems, screen_problems

from tammany.game import Game
from tammany.rules_config import house_rules
from tammany.savecode import encode
from tools.gameplay import ready, settle, shown, wait_screen

pytestmark = pytest.mark.browser

STORE = "tammany-house-rules"


@pytest.fixture(scope="module")
def url(serve):
    return serve()


def oldest_log_line(page) -> str:
    return page.locator("#th-game .tm-log-entry").last.text_content()


def test_the_panel_chooses_house_rules_the_game_names_them_and_the_device_remembers(
        warm_page, url):
    page = warm_page()
    page.goto(url + "?seed=46&fast=1&dev=1")
    ready(page)
    panel = page.locator("#th-house")
    assert panel.get_attribute("open") is None  # closed by default
    assert panel.locator(".th-house-status").text_content() == "the rulebook"
    # the switches and their options are Python's (hello's house_rules), the default checked
    switches = page.locator("#th-house .th-house-switch")
    assert switches.count() == 5
    assert page.is_checked('#th-house input[data-switch="terms"][data-option="4"]')
    page.click("#th-house summary")
    page.check('#th-house input[data-switch="terms"][data-option="2"]')
    page.check('#th-house input[data-switch="turn_order"][data-option="office_first"]')
    assert panel.locator(".th-house-status").text_content() == "2 changes"
    assert scan(page) == []  # the open panel: no serious axe finding
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')")) == {
        "terms": 2, "turn_order": "office_first"}

    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    assert oldest_log_line(page) == "House rules: Office before placing and Two terms."
    assert page.locator("#th-game .tm-years-year").text_content() == "Year 1 of 8"
    assert page.locator('#th-game .tm-term[data-term="3"]').is_hidden()
    # the page offers no slander before placing (Python's legal moves say so)
    assert not shown(page, '#th-panel [data-action="slander"]')
    # the Rules panel names this game's house rules first, each with its sentence
    page.click("#th-game .th-rules-button")
    page.wait_for_selector("#th-rules[open] #th-rules-house")
    items = page.locator("#th-rules-house li")
    assert [items.nth(i).get_attribute("data-switch") for i in range(items.count())] == [
        "turn_order", "terms"]
    assert "not in the rulebook" in items.nth(1).text_content()
    assert scan(page) == []
    page.click("#th-rules-close")

    # the replay of the game names them too
    page.click("#th-replay-button")
    wait_screen(page, "replay")
    note = page.locator("#th-replay .th-rp-house .th-house-note")
    assert note.get_attribute("data-house-rules") == "turn_order=office_first,terms=2"
    page.click("#th-rp-leave")
    settle(page)

    # the start screen again (a new visit would continue the game): the choice is remembered;
    # "Back to the rulebook" clears it
    page.click("#th-new-button")
    assert wait_screen(page, "start") == "start"
    assert page.is_checked('#th-house input[data-switch="terms"][data-option="2"]')
    if panel.get_attribute("open") is None:
        page.click("#th-house summary")
    page.click("#th-house .th-house-reset")
    assert page.locator("#th-house .th-house-status").text_content() == "the rulebook"
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')")) == {}


def test_a_standard_game_and_the_lesson_name_no_house_rules(warm_page, url):
    page = warm_page()
    page.add_init_script(f"localStorage.setItem('{STORE}', JSON.stringify({{terms: 3}}))")
    page.goto(url + "?seed=46&fast=1&dev=1")
    ready(page)
    assert page.is_checked('#th-house input[data-switch="terms"][data-option="3"]')
    # "Learn to play" plays the standard rules, whatever the panel holds
    page.click("#th-learn-start")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    assert page.locator("#th-game .th-house-note").count() == 0
    assert not shown(page, "#th-house-mark")  # a standard game: no mark in the bar
    assert not oldest_log_line(page).startswith("House rules")
    assert page.locator("#th-game .tm-years-year").text_content() == "Year 1 of 16"


def house_rules_code() -> str:
    """A game of three people by two house rules: two terms, and every candidate bids."""
    rules = house_rules({"terms": 2, "bids": "every_candidate"})
    return encode(Game.create(["Anna", "Boris", "Clara"], 55, rules=rules))


def test_the_options_say_which_is_the_rulebooks_and_list_the_lengths_in_order(warm_page, url):
    """Each switch marks the rulebook's option, in every language; the lengths run Two, Three,
    Four terms (Python's order is the save code's, the default first)."""
    page = warm_page()
    page.goto(url + "?fast=1&dev=1")
    ready(page)
    lengths = page.locator('#th-house input[data-switch="terms"]')
    assert [lengths.nth(i).get_attribute("data-option") for i in range(lengths.count())] == [
        "2", "3", "4"]
    for lang, mark in [("en", "(rulebook)"), ("de", "(Regelheft)"), ("fr", "(livret de règles)"),
                       ("it", "(regolamento)")]:
        if lang != "en":
            page.select_option(".th-lang-bar .th-language", lang)
            assert wait_screen(page, "start") == "start"
        for switch in page.locator("#th-house .th-house-switch").all():
            labels = switch.locator("label").all_text_contents()
            marked = [i for i, label in enumerate(labels) if mark in label]
            default = switch.locator("input").all()
            checked = [i for i, radio in enumerate(default) if radio.is_checked()]
            assert marked == checked, (lang, switch.get_attribute("data-switch"), labels)


def test_a_game_by_house_rules_shows_them_where_a_player_looks(warm_page, url):
    """A game's house rules on the start screen's cards and on the game screen. The shared game's
    card of a device that opens the link names them; in the game, a mark in the bar ("2 house
    rules") lists each in words on a tap or a key, and Escape folds it; the Rules panel's
    numbers follow the shorter game, and a rule a house rule changes says so; the continue card
    names them. In German on a phone the mark and its list fit and speak German."""
    code = house_rules_code()
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.goto(f"{url}?fast=1&dev=1#g={code}")
    ready(page)
    note = page.locator("#th-start .th-link [data-house-rules]")
    assert note.get_attribute("data-house-rules") == "bids=every_candidate,terms=2"
    assert note.text_content() == "House rules: Every candidate bids and Two terms."

    page.click("#th-open-link")
    assert wait_screen(page, "turn") == "turn"
    mark = page.locator("#th-house-mark")
    assert mark.is_visible() and mark.text_content() == "2 house rules"
    assert mark.get_attribute("aria-expanded") == "false"
    assert mark.get_attribute("data-house-rules") == "bids=every_candidate,terms=2"
    assert page.locator("#th-house-list").is_hidden()
    mark.click()
    assert mark.get_attribute("aria-expanded") == "true"
    items = page.locator("#th-house-list li")
    assert [item.get_attribute("data-switch") for item in items.all()] == ["bids", "terms"]
    assert items.nth(1).text_content().startswith("Two terms")
    assert "eight years and two elections" in items.nth(1).text_content()
    assert scan(page) == []
    page.keyboard.press("Escape")
    assert page.locator("#th-house-list").is_hidden()
    assert mark.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.id") == "th-house-mark"
    page.keyboard.press("Enter")  # the mark keeps the focus: a key opens it again
    assert page.locator("#th-house-list").is_visible()
    page.keyboard.press("Enter")
    assert page.locator("#th-house-list").is_hidden()

    # the Rules panel: every number follows two terms
    page.click("#th-game .th-rules-button")
    page.wait_for_selector("#th-rules[open] #th-rules-house")
    text = page.locator("#th-rules").text_content()
    for rulebook in ("sixteen years", "four terms", "12 and 16", "fourth election", "2, 3 and 4"):
        assert rulebook not in text
    for shorter in ("eight years: two terms", "After years 4 and 8", "after the second election",
                    "only be used in term 2"):
        assert shorter in text
    assert page.locator("#th-rule-R25 .th-rules-house-rule").text_content().startswith(
        "In this game: Every candidate bids")
    assert page.locator("#th-rule-R11 .th-rules-house-rule").count() == 0
    page.click("#th-rules-close")

    # the continue card, and the card of a game across devices this device holds (its record
    # as remote.js keeps it)
    held = {"seats": [0], "secrets": {}, "sealed": {}, "code": code, "moves": 0, "lastOwn": 0,
            "names": ["Anna", "Boris", "Clara"], "year": 1, "toAct": [0], "over": False,
            "at": 1, "rules": {"terms": 3}}
    page.evaluate("(r) => localStorage.setItem('tammany-remote/55', JSON.stringify(r))", held)
    page.click("#th-new-button")
    assert wait_screen(page, "start") == "start"
    note = page.locator("#th-start .th-resume [data-house-rules]")
    assert note.text_content() == "House rules: Every candidate bids and Two terms."
    assert page.locator("#th-held .th-held [data-house-rules]").text_content() == (
        "House rules: Three terms.")
    page.click("#th-continue")
    assert wait_screen(page, "turn") == "turn"

    # in German on a phone: the mark and its list fit, in German
    page.select_option("#th-game .th-language", "de")
    assert wait_screen(page, "turn") == "turn"
    page.set_viewport_size({"width": 360, "height": 740})
    mark.click()
    assert mark.text_content() == "2 Hausregeln"
    assert page.locator("#th-house-list").is_visible()
    assert page.locator("#th-house-list li").nth(1).text_content().startswith("Zwei Amtszeiten")
    english = english_strings(page, "de")
    problems = screen_problems(page, english, "the house rules' list") + layout_problems(
        page, "the house rules' list at 360×740")
    assert problems == []
    box, mark_box = page.locator("#th-house-list").bounding_box(), mark.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert mark_box["width"] >= 44 and mark_box["height"] >= 44
