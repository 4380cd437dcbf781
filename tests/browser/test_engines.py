"""The browser tests that matter most, in Chromium (through Playwright), WebKit (the engine of
every iPad and iPhone browser) and Firefox ESR (tools/engines.py drives those two): boot, a turn,
the privacy cover and a sealed bid, a reload that resumes the game, the save link, offline after
one visit, and a language switch. Each waits for the states the page announces (docs/ui.md),
with generous timeouts: WebKit and Firefox run outside Playwright and the machine may be busy.

In Chromium these are also the browser smoke that `python3 build.py test --quick` runs (the
`quick` marker on its parameter)."""

from __future__ import annotations

import pytest
from layout_kit import codes

import build
from tools.browsers import OFFLINE_READY
from tools.engines import ENGINES, Driver, Xvfb, launch, missing
from tools.serve import StoppableSite

pytestmark = pytest.mark.browser

SETTLED = "html[data-screen]:not([data-busy])"


def screen(name: str) -> str:
    return f'html[data-screen="{name}"]:not([data-busy])'


@pytest.fixture(scope="session")
def display():
    absent = missing()
    assert not absent, f"install them (python3 build.py test does): {absent}"
    xvfb = Xvfb()
    yield xvfb.display
    xvfb.stop()


class Chromium(Driver):
    """The same Driver interface over a Playwright page of the session's Chromium, in a
    context of its own (the page's storage starts empty, as in the other engines)."""

    name = "chromium"

    def __init__(self, browser, size: tuple[int, int] = (1024, 768)):
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def call(self, function: str, *args):
        return self.page.evaluate(f"(args) => ({function})(...args)", list(args))

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def press_enter(self) -> None:
        self.page.keyboard.press("Enter")

    def reload(self) -> None:
        self.page.reload()

    def quit(self) -> None:
        self.context.close()


@pytest.fixture(scope="module",
                params=[pytest.param("chromium", marks=pytest.mark.quick), *ENGINES])
def engine(request):
    if request.param == "chromium":
        driver = Chromium(request.getfixturevalue("browser"))
    else:
        driver = launch(request.param, request.getfixturevalue("display"))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def states():
    return codes(3)


def open_link(d, url: str, code: str) -> None:
    # From a blank page, so the link always loads a new document: a tab already showing this
    # game has the same address (the page keeps its latest link there), and going to the same
    # address with only a #fragment would stay in the page without loading it again.
    d.goto("about:blank")
    d.goto(f"{url}?fast=1#g={code}")
    d.wait(build.READY)
    d.wait(screen("start"))
    d.click("#th-open-link")
    # An unfinished game an earlier test left on this device: the page asks before replacing it
    # (docs/ui.md); yes, as a player who opens a shared link does.
    d.wait(f"#th-game[data-hash], {screen('confirm')}")
    if d.attr("html", "data-screen") == "confirm":
        d.click("#th-confirm-yes")
    d.wait("#th-game[data-hash]")
    d.wait(SETTLED)


def moves(d) -> int:
    return int(d.attr("#th-game", "data-moves"))


def test_a_turn_a_reload_the_save_link_and_a_language_switch_keep_the_game(engine, serve, states):
    """A turn played by keys, a reload that resumes it at once, the autosave's code opened
    fresh as a link: the same game. Then the language switched in the game's bar: the bar in
    German and still the same game."""
    url = serve()
    open_link(engine, url, states["turn"])
    engine.wait(screen("turn"))
    before = moves(engine)
    ward = engine.attr("#th-game .tm-ward.is-target", "data-ward")
    engine.enter(f'#th-game [data-ward="{ward}"]')
    engine.wait(f'#th-game [data-ward="{ward}"].is-selected')
    engine.wait(SETTLED)
    engine.enter(f'#th-game [data-ward="{ward}"]')  # two bosses in one ward
    engine.wait(f'#th-game[data-moves="{before + 1}"]')
    engine.wait(SETTLED)
    engine.click('#th-panel [data-action="end"]')
    engine.wait(f'#th-game[data-moves="{before + 2}"]')
    engine.wait(SETTLED)
    game_hash = engine.attr("#th-game", "data-hash")
    code = engine.call("() => JSON.parse(localStorage.getItem('tammany.autosave')).code")
    assert code
    engine.reload()  # a tab that was playing resumes at once
    engine.wait(build.READY)
    engine.wait(f'#th-game[data-hash="{game_hash}"]')
    engine.wait(SETTLED)
    # The save link, opened fresh: the same game.
    open_link(engine, url, code)
    assert engine.attr("#th-game", "data-hash") == game_hash
    engine.call("""() => { const s = document.querySelector('#th-game .th-language');
                 s.value = 'de'; s.dispatchEvent(new Event('change')); }""")
    engine.wait('html[lang="de"]')
    engine.wait(SETTLED)
    assert engine.text("#th-game .th-bar .th-rules-button") == "Regeln"
    assert engine.attr("#th-game", "data-hash") == game_hash
    engine.call("() => localStorage.removeItem('tammany-language')")


def test_the_privacy_cover_and_a_sealed_bid(engine, serve, states):
    open_link(engine, serve(), states["bid"])
    engine.wait(screen("cover"))
    before = moves(engine)
    assert engine.count("#th-cover output, #th-cover .th-stepper") == 0  # nothing of a bid yet
    engine.click("#th-reveal-bid")
    engine.wait(screen("bid"))
    engine.click("#th-seal-bid")
    engine.wait(f'#th-game[data-moves="{before + 1}"]')
    engine.wait(SETTLED)
    # The sealed bid is nowhere in the page: the next bidder's cover, or the count's reveal.
    assert engine.attr("html", "data-screen") in {"cover", "reveal"}


def test_boot_then_offline_after_one_visit(engine, dist):
    """The first visit boots to the start screen (its seats, the `tammany-ready` mark once)
    and makes the game ready offline; with the server stopped, a reload starts it and a game
    begins."""
    site = StoppableSite(dist, "/games/tammany/")
    try:
        engine.goto(site.url + "?fast=1")
        engine.wait(build.READY)
        engine.wait(screen("start"))
        assert engine.count("#th-name-0") == 1
        assert engine.call("() => performance.getEntriesByName('tammany-ready').length") == 1
        engine.wait(OFFLINE_READY)
    finally:
        site.stop()
    engine.reload()
    engine.wait(build.READY)
    engine.wait(screen("start"))
    engine.click("#th-start button[type=submit]")
    engine.wait("#th-game[data-hash]")
    engine.wait(screen("turn"))
