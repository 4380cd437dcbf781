"""A whole 3-player hot-seat game, from the start screen to the final table, by tapping the page.

Along the way (seed 42 makes the game reproducible): contested wards bid behind the privacy
cover (R24, R25, R34), each office's power used once (R14–R17), a slander (R20), the mayor's
assignment (R31), a ward bonus (R27), and a reload mid-turn that resumes at the same hash.
Screenshots of the main screen, an election reveal and the final table go to test-results/.
"""

from pathlib import Path

import pytest
from gameplay import Player, game_hash, settle, shown, start_game, wait_screen

import build

pytestmark = pytest.mark.browser

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
SEED = 42


@pytest.fixture(scope="module")
def finished(serve, browser):
    """Play the whole game once; the tests below check what happened on the way."""
    RESULTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    url = serve()
    start_game(page, url, SEED)
    record = {"reload": None, "sealed_left": [], "shots": set(), "cover_focus": []}

    def on_turn(player):
        if player.turns == 7 and "main" not in record["shots"]:
            page.screenshot(path=str(RESULTS / "main-screen.png"))
            record["shots"].add("main")
        # Mid-turn (placing done, turn not ended), term 2: reload and compare hashes.
        if player.turns == 20 and record["reload"] is None:
            b = player.button("bosses")
            b.click()
            player.compose()
            settle(page)
            before = game_hash(page)
            moves = page.get_attribute("#th-game", "data-moves")
            page.reload()
            page.wait_for_selector(build.READY, state="attached", timeout=120_000)
            wait_screen(page, "turn")
            record["reload"] = (before, game_hash(page), moves,
                                page.get_attribute("#th-game", "data-moves"),
                                page.get_attribute("#th-game", "data-phase"))

    def on_cover(player):
        cover = page.locator("#th-cover")
        # Focus is inside the cover; nothing of an earlier bid remains in the page.
        record["cover_focus"].append(page.evaluate(
            "document.getElementById('th-cover').contains(document.activeElement)"))
        record["sealed_left"].append(cover.locator("output, input, .th-stepper").count())
        if "cover" not in record["shots"]:
            page.screenshot(path=str(RESULTS / "privacy-cover.png"))
            record["shots"].add("cover")

    def on_reveal(player):
        if "reveal" not in record["shots"]:
            page.screenshot(path=str(RESULTS / "election-reveal.png"))
            record["shots"].add("reveal")

    player = Player(page, on_turn=on_turn, on_cover=on_cover, on_reveal=on_reveal)
    player.play_to_the_end()
    page.screenshot(path=str(RESULTS / "final-table.png"))
    log = page.locator(".tm-log-list li").all_text_contents()
    yield {"page": page, "player": player, "record": record, "log": log, "errors": errors}
    context.close()


def test_the_game_reaches_the_final_table(finished):
    page = finished["page"]
    assert settle(page) == "final"
    assert shown(page, "#th-final")
    assert page.get_attribute("#th-game", "data-phase") == "over"
    rows = page.locator("#th-final tbody tr")
    assert rows.count() == 3
    winner = page.locator("#th-final .th-final-winner").text_content()
    assert winner.endswith("wins!") or winner.endswith("share the win!")
    assert page.locator("#th-final .th-final-tiebreak").text_content()
    # Every source of points has a column, and each row's sources add up to its total.
    for i in range(3):
        cells = [int(c) for c in rows.nth(i).locator("td").all_text_contents()]
        assert sum(cells[:-1]) == cells[-1]
    assert finished["errors"] == []


def test_contested_wards_were_bid_behind_the_cover(finished):
    player, record = finished["player"], finished["record"]
    assert player.covers_seen >= 2 and player.bids >= 2
    assert all(record["cover_focus"])
    # When a cover shows, no stepper, output or input of an earlier bid is left in it.
    assert set(record["sealed_left"]) == {0}
    assert any(" bid)" in line and "wins" in line for line in finished["log"])


def test_each_office_power_and_a_slander_were_used(finished):
    log = "\n".join(finished["log"])
    assert finished["player"].offices_used == {"deputy", "police", "council", "precinct"}
    for words in ("(Deputy Mayor) takes", "(Chief of Police) sends", "(Council President) locks",
                  "(Precinct Chairman) moves", " slanders "):
        assert words in log, words


def test_the_mayor_handed_out_offices(finished):
    assert finished["player"].assignments >= 1
    assert any("hands out the offices" in line for line in finished["log"])


def test_a_reload_mid_turn_resumes_at_the_same_hash(finished):
    before, after, moves_before, moves_after, phase = finished["record"]["reload"]
    assert before == after
    assert moves_before == moves_after
    assert phase == "turn"


def test_screenshots_were_saved(finished):
    for name in ("main-screen.png", "election-reveal.png", "final-table.png"):
        assert (RESULTS / name).stat().st_size > 10_000, name


def test_a_ward_winner_chose_a_bonus(finished):
    assert finished["player"].bonuses >= 1
    assert any("(bonus)" in line or "declines the bonus" in line for line in finished["log"])
