"""Reaching the screens the layout tests look at without playing whole games in the page: a
random game is played in Python (the rules package, as the worker runs it) to the wanted
moment, and its save code opened through a `#g=` link. Unrevealed bids never travel in a code
(R34), so a code taken during bidding opens on the ward's first sealed bid. "Learn to play" is
opened at a step the same way, through the lesson a device keeps.

Once a page has started, it moves to another game without starting again: `load_code` (the
start screen's "Load a code") for a game at one table, `paste` (a link set as the tab's address)
for a game across devices (docs/testing.md, "One page, several positions")."""

from __future__ import annotations

import json

import build
import tutorialkit
from tammany.actions import from_json
from tammany.game import Game
from tammany.rng import Rng
from tammany.savecode import encode
from tools.gameplay import settle, wait_screen

NAMES = ["Anna", "Boss Tweed", "Cornelius", "Delia", "Eamon"]


def played_until(players: int, seed: int, stop, names=NAMES) -> Game:
    """A random game of `players` (seed `seed`) played in Python until `stop(game)` or its end."""
    game = Game.create(list(names[:players]), 1000 + seed)
    rng = Rng(seed)
    while not game.is_over and not stop(game):
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return game


def turn_start(year: int):
    """A stop for played_until: year `year` or later, at the start of a turn (nothing placed,
    no office used: the panel shows every step)."""
    def stop(g: Game) -> bool:
        s = g.state
        return s.year >= year and s.phase == "turn" and not s.placed and not s.office_used
    return stop


def _bid(g: Game) -> bool:
    """The second election or later, a ward two or more seats bid in, no bid in yet."""
    s = g.state
    return (s.phase == "bid" and s.year >= 8 and len(s.election.bidders) >= 2
            and not s.election.bids)


def codes(players: int, seed: int = 1, names=NAMES) -> dict[str, str]:
    """Save codes of a turn, a contested bid and a finished game with `players` seats."""
    return {
        "turn": encode(played_until(players, seed, turn_start(6), names)),
        "bid": encode(played_until(players, seed, _bid, names)),
        "over": encode(played_until(players, seed, lambda g: False, names)),
    }


def open_code(page, url: str, code: str, query: str = "fast=1") -> None:
    """Open the game of `code` through its link, as a shared link is opened."""
    page.goto(f"{url}?{query}#g={code}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    page.click("#th-open-link")
    page.wait_for_selector("#th-game[data-hash]", state="attached")
    settle(page)


def load_code(page, code: str, *screens: str) -> str:
    """From the start screen, the game of `code` through "Load a code", in the same page (a
    hot-seat link opened in a tab that has started reloads it: app.js); an unfinished game kept
    on the device is replaced (its question answered Yes). Waits for one of `screens`; which."""
    assert wait_screen(page, "start") == "start"
    if page.get_attribute("#th-start details.th-load", "open") is None:
        page.click("#th-start details.th-load > summary")
    page.fill("#th-code", code)
    page.click("#th-start details.th-load .th-button")
    if wait_screen(page, "confirm", *screens) == "confirm":
        page.click("#th-confirm-yes")
    return wait_screen(page, *screens)


def paste(page, link: str) -> None:
    """`link`'s fragment (`#g=…`) set as the address of the tab on show, as a link pasted into
    it: only the fragment changes (routes.js `onLinkChange`: a game across devices opens in
    place; a hot-seat link reloads a page that has started)."""
    page.goto(page.url.split("#")[0] + link[link.index("#"):])


def damaged(code: str) -> str:
    """The code with its last three characters changed (its check digits no longer match)."""
    return code[:-3] + ("AAA" if code[-3:] != "AAA" else "BBB")


def seal_all_bids(page) -> None:
    """Every bidder of the ward on screen seals an empty bid; the election's result follows."""
    while settle(page) == "cover":
        page.click("#th-reveal-bid")
        wait_screen(page, "bid")
        page.click("#th-seal-bid")


def lesson_code(step: int) -> str:
    """The save code of "Learn to play" at `step`: the lesson's game (site/data/tutorial.json)
    played on the engine up to there, the computers' moves as the page plays them."""
    script = tutorialkit.load()
    game = tutorialkit.new_game(script)
    tutorialkit.run_computers(game)
    for done in script["steps"][:step]:
        if "do" in done:
            game.apply(tutorialkit.LEARNER, from_json(done["do"]))
            tutorialkit.run_computers(game)
    return encode(game)


def open_lesson(page, url: str, step: int, query: str = "fast=1") -> None:
    """Open "Learn to play" at `step` as a learner coming back to it does: the lesson kept on
    the device (localStorage "tammany.tutorial", docs/ui.md) and "Continue the lesson"."""
    record = {"format": "tammany-tutorial/1", "step": step, "code": lesson_code(step)}
    stored = json.dumps(json.dumps(record))
    page.add_init_script(f"localStorage.setItem('tammany.tutorial', {stored})")
    page.goto(f"{url}?{query}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    page.click("#th-learn-resume")
    page.wait_for_selector(f'#th-tutorial[data-step="{step}"]:not([hidden])', state="attached")
    settle(page)
