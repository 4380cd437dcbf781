"""Driving the game page like a player: tapping buttons, highlighted wards, popovers and
dialogs. The driver reads only what the page shows (which targets are highlighted, which dialog
is open); Python decides what is legal.

Used by test_full_game.py and test_ui.py. `?fast=1` turns animations off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import build

NOT_BUSY = "html:not([data-busy])"
OFFICE_KINDS = ("deputy", "police", "council", "precinct")


def settle(page) -> None:
    """Wait until no request to the worker is out (the page has drawn its answer)."""
    page.wait_for_selector(NOT_BUSY, state="attached")


def shown(page, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def game_hash(page) -> str:
    return page.get_attribute("#th-game", "data-hash")


def start_game(page, url: str, seed: int, names: list[str] | None = None) -> None:
    """Open the page with ?seed, fill the names (if given) and start."""
    page.goto(f"{url}?seed={seed}&fast=1")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
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

    # --- a move composed tap by tap -----------------------------------------------------------
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
        if shown(page, "#th-reveal-bid"):
            self.covers_seen += 1
            if self.on_cover:
                self.on_cover(self)
            page.click("#th-reveal-bid")
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
        settle(page)
        if shown(page, "#th-final"):
            return False
        if shown(page, "#th-reveal"):
            if self.on_reveal and page.locator("#th-reveal .th-flip").count():
                self.on_reveal(self)
            page.click("#th-reveal-continue")
        elif shown(page, "#th-cover"):
            self.bid()
        elif shown(page, "#th-offices"):
            self.assign_offices()
        else:
            phase = page.get_attribute("#th-game", "data-phase")
            if phase == "turn":
                self.turn()
            elif phase == "bonus":
                self.bonuses += 1
                self.compose()
            else:
                raise AssertionError(f"nothing to do in phase {phase!r}")
        return True

    def play_to_the_end(self, limit: int = 1000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the game did not end")
