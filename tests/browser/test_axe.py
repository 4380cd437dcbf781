"""No serious or critical accessibility finding (axe-core, pinned in build.py) on any screen a
player meets.

The game is played in the page from a turn of year 6 to its final table (a save code of a game
played in Python, layout_kit.py) by gameplay.Player; every screen the page announces
(`<html data-screen>`, docs/ui.md) is scanned the first time it settles there, so a screen
added later is scanned without a change here. Then the same page opens what no screen name
covers: the Rules panel, a cube popover, the share dialog, the replay viewer, a question
(confirm). The test checks last that every screen a hot-seat game has was met, so a change that
stopped the walk early cannot pass as clean."""

import pytest
from axe_kit import scan
from gameplay import Player, settle, wait_screen
from layout_kit import codes, open_code

pytestmark = pytest.mark.browser

# The screens of a hot-seat game (docs/ui.md, "The settled-screen signal"); those of games across
# devices (waiting, refused, who) and of computer seats are scanned by their own tests' pages
# only where they meet them, not here.
HOT_SEAT_SCREENS = {"start", "turn", "bonus", "cover", "bid", "reveal", "offices", "final",
                    "over", "replay", "confirm"}


class Scanner:
    def __init__(self, page):
        self.page = page
        self.seen: dict[str, list[str]] = {}

    def look(self, name: str | None = None) -> None:
        """Scan the page as it is now under `name` (the settled screen's name by default),
        once per name."""
        name = name or settle(self.page)
        if name not in self.seen:
            self.seen[name] = scan(self.page)


class ScanningPlayer(Player):
    """Plays like gameplay.Player, and scans each screen the first time it settles there
    (the bid screen and a cube popover are met inside a step: their callbacks look at them)."""

    scanner: Scanner = None

    def step(self) -> bool:
        self.scanner.look()
        return super().step()


def ask_a_question(page, scanner: Scanner) -> None:
    """Mid-game: the replay viewer's "Play on from here" asks before replacing the unfinished
    game (the confirm screen); No leaves everything as it was."""
    page.click("#th-replay-button")
    wait_screen(page, "replay")
    scanner.look()
    page.click("#th-rp-play-on")
    wait_screen(page, "confirm")
    scanner.look()
    page.click("#th-confirm-no")
    wait_screen(page, "replay")
    page.click("#th-rp-leave")
    wait_screen(page, "turn")


@pytest.fixture(scope="module")
def walked(browser, serve):
    url = serve()
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    scanner = Scanner(page)
    try:
        page.goto(url + "?fast=1")
        wait_screen(page, "start")
        scanner.look()
        page.click(".th-lang-bar .th-rules-button")
        page.wait_for_selector('html[data-rules="open"]')
        scanner.look("rules")
        page.click("#th-rules-close")

        open_code(page, url, codes(3)["turn"])
        player = ScanningPlayer(page, on_bid=lambda p: scanner.look(),
                                on_popover=lambda p: scanner.look("popover"),
                                on_turn=lambda p: p.turns == 2 and ask_a_question(page, scanner))
        player.scanner = scanner
        player.play_to_the_end()
        scanner.look()  # the final table
        page.click("#th-final-replay")
        wait_screen(page, "replay")
        scanner.look("replay at the end")
        page.click("#th-rp-leave")
        wait_screen(page, "final")
        page.keyboard.press("Escape")  # the final table closes: the final board
        wait_screen(page, "over")
        scanner.look()
        page.click("#th-share-button")
        page.wait_for_selector("#th-share[open]")
        scanner.look("share")
        page.keyboard.press("Escape")
        settle(page)
        yield scanner, errors
    finally:
        context.close()


def test_every_screen_of_a_game_has_no_serious_finding(walked):
    scanner, errors = walked
    findings = [f"{name}: {f}" for name, found in scanner.seen.items() for f in found]
    assert not findings, "\n".join(findings)
    assert errors == []


def test_the_walk_met_every_screen_of_a_hot_seat_game(walked):
    scanner, _ = walked
    assert HOT_SEAT_SCREENS <= set(scanner.seen)
    assert {"rules", "share", "popover", "replay at the end"} <= set(scanner.seen)
