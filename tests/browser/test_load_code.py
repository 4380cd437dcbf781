"""The start screen's "Load a game code" (docs/ui.md, the start screen): a code the rules refuse
stays in its field with the refusal beside it, to be mended; a code that loads is cleared from
the field, so that coming back to the start screen does not show it as if it were still to be
loaded (issue 48). A code holding a bid of the ward still bidding (R34: no game writes one) is
refused as damaged, in the field and as a link (issue 55)."""

import pytest
from layout_kit import codes, paste

import build
from tools.gameplay import settle, wait_screen

PENDING_BID = "BAg7iJLsAAAAAAAAQp35L9C7r_3x-sh5UBA04FDP"
"""A code whose last moves are bids of ward 2 still pending: no game writes one (R34)."""


@pytest.mark.browser
def test_the_code_field_keeps_a_refused_code_and_clears_a_loaded_one(warm_page, serve):
    code = codes(3, seed=2)["turn"]
    page = warm_page({"width": 1024, "height": 768})
    page.goto(f"{serve()}?fast=1")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert wait_screen(page, "start") == "start"
    page.click(".th-load summary")

    damaged = code[: len(code) // 2]
    page.fill("#th-code", damaged)
    page.click(".th-load .th-button")
    page.wait_for_selector("#th-load-error:not(:empty)")
    assert settle(page) == "start"
    assert page.input_value("#th-code") == damaged  # kept, the refusal beside it

    page.fill("#th-code", code)
    page.click(".th-load .th-button")
    assert wait_screen(page, "turn") == "turn"
    page.click("#th-new-button")  # back to the start screen
    assert wait_screen(page, "start") == "start"
    assert page.input_value("#th-code") == ""
    assert page.text_content("#th-load-error") == ""

    # R34: a code holding a pending bid is damaged, in the field and as a link; the game this
    # device holds stays as it was.
    held = page.evaluate("localStorage.getItem('tammany.autosave')")
    assert held
    page.fill("#th-code", PENDING_BID)
    page.click(".th-load .th-button")
    page.wait_for_selector("#th-load-error:not(:empty)")
    assert settle(page) == "start"
    assert page.text_content("#th-load-error").startswith("This link was damaged on its way")
    paste(page, "#g=" + PENDING_BID)  # a hot-seat link reloads the page
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert wait_screen(page, "start") == "start"
    page.click("#th-open-link")
    page.wait_for_selector("text=This link was damaged on its way")
    assert settle(page) == "start"
    assert page.is_hidden("#th-confirm") and page.is_hidden("#th-game")
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == held
