"""The benchmark's scripted player: it taps only what the page highlights, with a simple
deterministic strategy, so a seed always gives the same game and the same taps.

It reads only what the page shows and never waits for time: after every tap it waits for the
page's settled signal (site/js/ui/signal.js, docs/ui.md): `<html data-screen="…">` names the
screen on show and `<html data-busy>` is present while anything is under way. The browser tests
drive the page with a fuller player of the same strategy (tests/browser/gameplay.py); this one
keeps what the bench's game needs, tap for tap the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tammany.actions import OFFICE_KINDS
from tools.browsers import READY

SETTLED = "html[data-screen]:not([data-busy])"


def settle(page, timeout: float = 60_000) -> str:
    """Wait until the page is settled (nothing under way, the screen up); its screen's name."""
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout)
    return page.get_attribute("html", "data-screen")


def wait_screen(page, *names: str, timeout: float = 60_000) -> str:
    """Wait until the page is settled on one of the named screens; which one."""
    selector = ", ".join(f'html[data-screen="{n}"]:not([data-busy])' for n in names)
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    return page.get_attribute("html", "data-screen")


def shown(page, selector: str) -> bool:
    """Is `selector` on screen? Read it only on a settled page (after settle())."""
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def start_game(page, url: str, seed: int) -> None:
    """Open the page with ?seed (animations off) and start with the default seats."""
    page.goto(f"{url}?seed={seed}&fast=1")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)


@dataclass
class Player:
    """Plays whatever the screen asks: a turn, a bid, the mayor's offices, a bonus."""
    page: object
    turns: int = 0
    bids: int = 0
    offices_used: set = field(default_factory=set)
    slanders: int = 0
    assignments: int = 0

    def compose(self) -> None:
        """Finish the action being composed: a popover choice, a tray choice, or a target."""
        page = self.page
        for _ in range(8):
            settle(page)
            if shown(page, "#th-popover .th-popover-option"):
                page.locator("#th-popover .th-popover-option").first.click()
            elif shown(page, '#th-panel [data-action="slander-once"]'):
                page.click('#th-panel [data-action="slander-once"]')
            elif shown(page, "#th-panel .th-tray button"):
                page.locator("#th-panel .th-tray button").first.click()
            elif page.locator("#th-game .tm-ward.is-target").count():
                targets = page.locator("#th-game .tm-ward.is-target")
                targets.nth(self.turns % targets.count()).click()
            else:
                return
            settle(page)
            if not shown(page, '#th-panel [data-action="cancel"]'):
                return

    def button(self, action: str):
        loc = self.page.locator(f'#th-panel [data-action="{action}"]')
        return loc if loc.count() and loc.first.is_enabled() else None

    def turn(self) -> None:
        self.turns += 1
        for kind in OFFICE_KINDS:
            b = self.button(kind)
            if b and kind not in self.offices_used:
                b.click()
                self.compose()
                self.offices_used.add(kind)
        order = ("boss_cube", "bosses") if self.turns % 2 else ("bosses", "boss_cube")
        for kind in order:
            b = self.button(kind)
            if b:
                b.click()
                self.compose()
                break
        b = self.button("slander")
        if b and not self.slanders:
            b.click()
            self.compose()
            settle(self.page)
            cancel = self.button("cancel")
            if cancel:
                cancel.click()
            else:
                self.slanders += 1
        settle(self.page)
        self.page.click('#th-panel [data-action="end"]')
        settle(self.page)

    def bid(self) -> None:
        page = self.page
        if settle(page) == "cover":
            page.click("#th-reveal-bid")
        wait_screen(page, "bid")
        more = page.locator("#th-cover .th-step-button[data-step$='-more']:not([disabled])")
        for _ in range(self.bids % 3):
            if more.count():
                more.first.click()
        page.click("#th-seal-bid")
        self.bids += 1
        settle(page)

    def assign_offices(self) -> None:
        rows = self.page.locator("#th-offices .th-office-row")
        for i in range(rows.count()):
            rows.nth(i).locator(".th-office-choice").nth((i + self.assignments) % 4).click()
        self.page.click("#th-offices-confirm")
        self.assignments += 1
        settle(self.page)

    def step(self) -> bool:
        """One thing to do on the screen; False once the final table shows."""
        page = self.page
        screen = settle(page)
        if screen == "final":
            return False
        if screen == "reveal":
            page.click("#th-reveal-continue")
        elif screen in ("cover", "bid"):
            self.bid()
        elif screen == "offices":
            self.assign_offices()
        elif screen == "turn":
            self.turn()
        elif screen == "bonus":
            self.compose()
        else:
            raise AssertionError(f"nothing to do on the {screen!r} screen")
        return True
