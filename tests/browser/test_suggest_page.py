""""Suggest a move" on the page: off by default in a game between people, switched on per game
from the bar; the suggestion is Hard's move from the seat's view (py/tammany/suggest.py), shown
as a sentence with its reason and marked on the board, where the marked wards are ones the
page offers now (the choice tree's targets)."""

import pytest
from gameplay import settle, shown, start_game


@pytest.mark.browser
def test_a_suggestion_is_marked_and_explained(new_context, serve):
    page = new_context(viewport={"width": 1280, "height": 900}).new_page()
    start_game(page, f"{serve()}", 12)
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "false"  # people only
    assert not shown(page, "#th-suggest")
    page.click("#th-suggest-toggle")
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "true"
    page.click("#th-suggest")
    assert settle(page, timeout=120_000) == "turn"
    move, why = page.inner_text("#th-sug-move"), page.inner_text("#th-sug-why")
    assert move and why and "{" not in move + why
    marked = page.locator(".th-sug-target")
    assert marked.count() >= 1
    wards = page.locator("#th-game .tm-ward.th-sug-target")
    for i in range(wards.count()):
        assert "is-target" in wards.nth(i).get_attribute("class")
    # the setting belongs to this game: a reload keeps it
    page.reload()
    assert settle(page) == "turn"
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "true"
