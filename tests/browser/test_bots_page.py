"""Computer players in the page (docs/bots.md): one person with two computers, and a table of
computers only (a demo). `?pace=0` removes the pause between computer steps.

The page marks a computer's step on the root: <html data-thinking="SEAT"> from just before the
pause and the worker's `bot_act` call until its answer is drawn; the whole step is busy, so the
page settles (gameplay.settle) only on a screen where a person acts. With `?botgate=1` each
answer is held (<html data-bot-held>) until the test calls `window.thReleaseBot()`, so the
ordering check below — a tap on the log toggle takes effect while the Hard seat is still
thinking, before its move arrives — needs no timing.
"""

import pytest

import build
from tools.gameplay import SETTLED, Player, settle, wait_moves

pytestmark = pytest.mark.browser

SEED = 11
# Counts every privacy cover ("hand the device to …") the page ever shows, and every bid screen.
COUNT_COVERS = """
window.__covers = 0; window.__bidScreens = 0;
document.addEventListener("DOMContentLoaded", () => new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType !== 1) continue;
    if (n.id === "th-reveal-bid" || n.querySelector?.("#th-reveal-bid")) window.__covers += 1;
    if (n.id === "th-seal-bid" || n.querySelector?.("#th-seal-bid")) window.__bidScreens += 1;
  }
}).observe(document.body, { childList: true, subtree: true }));
"""


def open_game(page, url: str, levels: list[str], extra: str = "") -> None:
    page.goto(f"{url}?seed={SEED}&fast=1&pace=0{extra}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    for i, level in enumerate(levels):
        page.click(f'li.th-seat[data-seat="{i}"] .th-kind[data-level="{level}"]')
        assert page.get_attribute(f'li.th-seat[data-seat="{i}"] .th-kind[data-level="{level}"]',
                                  "aria-checked") == "true"
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")


def moves(page) -> int:
    return int(page.get_attribute("#th-game", "data-moves"))


def log_lines(page) -> list[str]:
    return page.locator(".tm-log-list li").all_text_contents()


@pytest.fixture()
def context(warm_context):
    """A warm device (conftest.py) for the test."""
    return warm_context(viewport={"width": 1024, "height": 768})


def recorded_page(context):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.add_init_script(COUNT_COVERS)
    return page, errors


def test_one_person_and_two_computers_play_without_covers(serve, context):
    page, errors = recorded_page(context)
    open_game(page, serve(), ["human", "hard", "easy"])
    player = Player(page)
    names = page.locator(".tm-player .tm-player-name").all_text_contents()
    human_turns = 0
    # Through the first election: the computers place, bid and take bonuses; the person plays
    # her turns, bids on the bid screen straight away (no one to hide from) and reads reveals.
    while (screen := settle(page)) != "final" and human_turns < 6:
        assert page.get_attribute("html", "data-thinking") is None
        if screen == "reveal":
            page.click("#th-reveal-continue")
        elif screen in ("cover", "bid"):
            assert screen == "bid"  # one person: straight to the bid screen, no cover
            player.bid()
        elif screen == "offices":
            player.assign_offices()
        elif screen == "bonus":
            player.compose()
        else:
            # The person's own turn: the table says it is hers, and no computer is marked.
            assert screen == "turn"
            assert page.locator('.tm-player[data-seat="0"] .tm-badge-now').count() == 1
            assert page.locator(".th-thinking-badge").count() == 0
            human_turns += 1
            player.turn()
        if human_turns >= 4 and player.bids:
            break
    log = "\n".join(log_lines(page))
    # The computers' moves are in the log, under their names.
    assert any(line.startswith(names[1]) for line in log_lines(page)), log
    assert any(line.startswith(names[2]) for line in log_lines(page)), log
    # Their seats are marked as computers on the player cards.
    badge = page.locator('.tm-player[data-seat="1"] .th-level-badge').text_content()
    assert badge == "Computer · Hard"
    assert page.locator('.tm-player[data-seat="0"] .th-level-badge').count() == 0
    assert human_turns >= 2
    assert page.evaluate("window.__covers") == 0
    # Seed 11: the person bids at the first election, on the bid screen with no cover before it.
    assert player.bids >= 1
    assert page.evaluate("window.__bidScreens") == player.bids
    assert errors == []


def test_the_log_toggles_while_a_hard_computer_thinks(serve, context):
    page, errors = recorded_page(context)
    # Record, at the moment the log opens or closes, whether a computer was still thinking and
    # how many moves the page had drawn.
    page.add_init_script("""
      window.__toggles = [];
      document.addEventListener("toggle", (e) => {
        if (!e.target.classList?.contains("tm-log")) return;
        const game = document.getElementById("th-game");
        const thinking = document.documentElement.dataset.thinking ?? null;
        window.__toggles.push({ open: e.target.open, thinking, moves: Number(game.dataset.moves) });
      }, true);
    """)
    open_game(page, serve(), ["easy", "hard", "human"], "&botgate=1")
    player = Player(page)
    for _ in range(40):  # release the Easy seat's steps (and play the person's) until Hard thinks
        page.wait_for_selector(f"html[data-bot-held], {SETTLED}", state="attached",
                               timeout=30_000)
        thinking = page.evaluate("document.documentElement.dataset.thinking ?? null")
        if thinking == "1":
            break
        if thinking is None:
            player.step()
        else:
            held_at = moves(page)
            assert page.evaluate("window.thReleaseBot()") is True
            wait_moves(page, held_at + 1)
    else:
        raise AssertionError("the Hard seat never came to act")
    before = moves(page)
    # Hard's answer is held; its card says it is thinking, and no game control is live.
    assert page.locator('.tm-player[data-seat="1"] .th-thinking-badge').count() == 1
    assert "is thinking" in page.locator(".tm-prompt").text_content()
    assert page.locator("#th-panel button").count() == 0
    page.click("details.tm-log > summary")
    page.wait_for_selector("details.tm-log[open]")
    # Share (Copy link) works from the snapshot on the page too.
    page.click("#th-share-button")
    page.wait_for_selector("#th-share[open]")
    assert page.locator("#th-share .th-share-link").input_value()
    page.keyboard.press("Escape")
    toggles = page.evaluate("window.__toggles")
    assert toggles == [{"open": True, "thinking": "1", "moves": before}]
    assert page.evaluate("document.documentElement.dataset.thinking") == "1"
    # Now the move arrives.
    assert page.evaluate("window.thReleaseBot()") is True
    wait_moves(page, before + 1)
    assert page.locator("details.tm-log[open]").count() == 1
    assert errors == []


def test_a_table_of_computers_plays_by_itself_and_resumes_after_a_reload(serve, context):
    page, errors = recorded_page(context)
    open_game(page, serve(), ["easy", "easy", "hard"])
    wait_moves(page, 24)
    assert page.locator("#th-faster").is_visible()
    page.reload()
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.wait_for_selector("#th-game:not([hidden])")
    after_reload = moves(page)
    wait_moves(page, after_reload + 12)
    assert page.evaluate("window.__covers") == 0
    assert errors == []


def test_two_people_and_a_computer_hand_the_device_only_between_people(serve, context):
    """R24, R25, R34 with a mixed table: each person's bid comes behind a "hand the device"
    cover naming that person; the computer bids in the worker, never on a cover or a bid
    screen, and its chips show only in the reveal."""
    page, errors = recorded_page(context)
    open_game(page, serve(), ["human", "easy", "human"])
    names = page.locator(".tm-player .tm-player-name").all_text_contents()
    covered = []

    def on_cover(player):
        covered.append(page.locator("#th-cover-title").text_content())

    player = Player(page, on_cover=on_cover)
    revealed = 0
    for _ in range(300):
        screen = settle(page)
        if screen == "reveal":
            revealed += 1
        if screen == "offices" or not player.step():
            break
    log = "\n".join(log_lines(page))
    assert revealed >= 1 and player.bids >= 2, log
    # Every bid a person made was behind a cover naming a person; none named the computer.
    assert player.covers_seen == player.bids == len(covered)
    assert page.evaluate("window.__covers") == player.bids
    people = {f"Hand the device to {names[0]}", f"Hand the device to {names[2]}"}
    assert set(covered) <= people, covered
    assert any(names[1] in line and "bid" in line for line in log_lines(page)), log
    assert errors == []
