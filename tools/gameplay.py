"""Driving the game page like a player: tapping buttons, highlighted wards, popovers and
dialogs. The driver reads only what the page shows (which targets are highlighted, which dialog
is open); Python decides what is legal.

It never waits for time or for a lucky moment: after every tap it waits for the page's settled
signal (site/js/ui/signal.js, docs/ui.md): `<html data-screen="…">` names the screen on show
and `<html data-busy>` is present while anything is under way. Only once the page is settled
does it read what is on screen.

Used by the browser tests (tests/browser) and the bench's tapped games (bench/measure/actions.py),
so both play the same games tap for tap. `?fast=1` turns animations off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import expect

from tammany.actions import OFFICE_KINDS
from tools.browsers import READY

SETTLED = "html[data-screen]:not([data-busy])"


def settle(page, timeout: float = 60_000) -> str:
    """Wait until the page is settled (nothing under way, the screen up); its screen's name."""
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout)
    return page.get_attribute("html", "data-screen")


def ready(page) -> str:
    """Wait until the page has booted (`data-ready`) and settled; its screen's name."""
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    return settle(page)


def wait_screen(page, *names: str, timeout: float = 60_000) -> str:
    """Wait until the page is settled on one of the named screens; which one."""
    selector = ", ".join(f'html[data-screen="{n}"]:not([data-busy])' for n in names)
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    return page.get_attribute("html", "data-screen")


def shown(page, selector: str) -> bool:
    """Is `selector` on screen? Read it only on a settled page (after settle())."""
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def at_least(n: int) -> re.Pattern:
    """A pattern matching the decimal numbers ≥ n: longer ones, n itself, or n's digits up to
    some position followed by a larger digit there (≥ 24: \\d{3,} | 24 | [3-9]\\d | 2[5-9])."""
    digits = str(n)
    options = [rf"\d{{{len(digits) + 1},}}", digits]
    for i, d in enumerate(digits):
        if d != "9":
            options.append(rf"{digits[:i]}[{int(d) + 1}-9]\d{{{len(digits) - i - 1}}}")
    return re.compile("^(?:" + "|".join(options) + ")$")


def wait_moves(page, n: int, timeout: float = 60_000) -> int:
    """Wait until the page has drawn at least `n` moves (`#th-game[data-moves]`); the count.
    (The page's CSP forbids wait_for_function's eval; `expect` matches a pattern instead.)"""
    expect(page.locator("#th-game")).to_have_attribute("data-moves", at_least(n), timeout=timeout)
    return int(page.get_attribute("#th-game", "data-moves"))


def game_hash(page) -> str:
    return page.get_attribute("#th-game", "data-hash")


def start_game(page, url: str, seed: int, names: list[str] | None = None) -> None:
    """Open the page with ?seed, fill the names (if given) and start."""
    page.goto(f"{url}?seed={seed}&fast=1")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    if names:
        for i, name in enumerate(names):
            if i >= 3:
                page.click("text=Add a player")
            page.fill(f"#th-name-{i}", name)
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)


@dataclass
class Player:
    """A simple deterministic strategy, tapping only what the page highlights."""
    page: object
    turns: int = 0
    bids: int = 0
    covers_seen: int = 0
    offices_used: set = field(default_factory=set)
    slanders: int = 0
    assignments: int = 0
    bonuses: int = 0
    on_turn: object = None      # callback(player) before each turn (screenshots, reloads)
    on_reveal: object = None    # callback(player) while a reveal with bids shows
    on_cover: object = None     # callback(player) while a privacy cover shows
    on_bid: object = None       # callback(player) on the bid screen, before choosing
    on_popover: object = None   # callback(player) while a cube popover shows, before choosing

    # --- a move composed tap by tap -----------------------------------------------------------
    def compose(self) -> None:
        """Finish the action being composed: a popover choice, a tray choice, or a target."""
        page = self.page
        for _ in range(8):
            settle(page)
            if shown(page, "#th-popover .th-popover-option"):
                if self.on_popover:
                    self.on_popover(self)
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
        if self.on_turn:
            self.on_turn(self)
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

    # --- the dialogs ----------------------------------------------------------------------------
    def bid(self) -> None:
        page = self.page
        if settle(page) == "cover":
            self.covers_seen += 1
            if self.on_cover:
                self.on_cover(self)
            page.click("#th-reveal-bid")
        wait_screen(page, "bid")
        if self.on_bid:
            self.on_bid(self)
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
            if self.on_reveal and page.locator("#th-reveal .th-flip").count():
                self.on_reveal(self)
            page.click("#th-reveal-continue")
        elif screen in ("cover", "bid"):
            self.bid()
        elif screen == "offices":
            self.assign_offices()
        elif screen == "turn":
            self.turn()
        elif screen == "bonus":
            self.bonuses += 1
            self.compose()
        else:
            raise AssertionError(f"nothing to do on the {screen!r} screen")
        return True

    def play_to_the_end(self, limit: int = 1000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the game did not end")
