"""House rules on the page (issue 46; docs/rules.md, "House rules"): the start screen's panel is
closed by default and offers Python's switches (no serious axe-core finding when open), a
choice is remembered on the device and sent with the new game, and the game then names its
house rules — the log's first line, the Rules panel, the year track's length, the replay. A
standard game names none, and "Learn to play" always plays the standard rules."""

import json

import pytest
from axe_kit import scan

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
    assert not oldest_log_line(page).startswith("House rules")
    assert page.locator("#th-game .tm-years-year").text_content() == "Year 1 of 16"
