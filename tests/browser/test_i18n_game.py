"""The game in each language, played (docs/i18n.md).

Per language, the scripted player (tools/gameplay.py; three people at one device, a game played
in Python to the first term's last year and opened from its code) plays through turns, sealed
bids behind the privacy cover, the reveal and the offices; in German the final table of a
finished game (its code) is looked at too. The page runs with ?dev=1, so any
missing key, template or parameter throws (and fails here as a page error). At each screen: a
screenshot under test-results/i18n/<lang>/, no leftover key and, outside English, no English
string on screen; the layout is checked at 1024×768, 768×1024 and 390×844.
"""

import re
from pathlib import Path

import pytest
from layout_kit import codes, load_code, played_until, turn_start
from wordkit import english_strings, layout_problems, screen_problems

import build
from tammany.savecode import encode
from tools.gameplay import Player, game_hash, settle, shown, wait_screen

LANGUAGES = ["en", "de", "fr", "it"]
SEED = 42
VIEWPORTS = [(1024, 768), (768, 1024), (390, 844)]
RESULTS = Path(__file__).resolve().parents[2] / "test-results" / "i18n"


class Tour(Player):
    """The scripted player, stopping at each screen to look at it."""

    def __init__(self, page, look):
        super().__init__(page, on_cover=lambda _: look("cover"), on_bid=lambda _: look("bid"))
        self.look = look

    def assign_offices(self):
        self.look("offices")
        super().assign_offices()


class Run:
    """One language's game: screenshots, and what was wrong on which screen."""

    def __init__(self, page, url, lang):
        self.lang = lang
        self.page = page
        self.errors, self.problems, self.looked = [], [], []
        self.times = {}  # how often each screen was looked at
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.url = url
        self.out = RESULTS / lang
        self.out.mkdir(parents=True, exist_ok=True)
        self.english = None

    def open(self, query=""):
        self.page.goto(f"{self.url}?seed={SEED}&fast=1&dev=1&lang={self.lang}{query}")
        self.page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        if self.lang != "en" and self.english is None:
            self.english = english_strings(self.page, self.lang)

    def start(self):
        self.page.click("form.th-start-form button[type=submit]")
        wait_screen(self.page, "turn")

    def look(self, screen, layout=True):
        """Screenshot, leftover keys, English words and (with `layout`) the three sizes."""
        page = self.page
        settle(page)
        if screen not in self.looked:
            page.screenshot(path=str(self.out / f"{screen}.png"))
            self.looked.append(screen)
        # The log too (folded away by default): every line is checked, not only the recent ones.
        self.problems += screen_problems(page, self.english, screen)
        self.times[screen] = self.times.get(screen, 0) + 1
        if layout and self.times[screen] <= 2:  # the words every time, the sizes twice
            for width, height in VIEWPORTS:
                page.set_viewport_size({"width": width, "height": height})
                settle(page)
                self.problems += layout_problems(page, f"{screen} at {width}×{height}")
                if (width, height) == (390, 844) and screen + "-phone" not in self.looked:
                    page.screenshot(path=str(self.out / f"{screen}-phone.png"))
                    self.looked.append(screen + "-phone")
            page.set_viewport_size({"width": 1024, "height": 768})
            settle(page)

def play(run):
    """Through the first election: turns, sealed bids behind the cover, the reveal, offices."""
    page = run.page
    player = Tour(page, run.look)
    player.on_turn = lambda p: p.turns == 1 and run.look("main")
    player.on_reveal = lambda p: run.look("reveal")
    for _ in range(2000):
        if not player.step():
            break
        if player.assignments >= 1 and "reveal" in run.looked:
            break
    return player


def first_term_code() -> str:
    """Three people at one device (seed SEED) at the start of year 4, the first term's last
    year, played in Python: the page plays on through the first election from there."""
    return encode(played_until(3, SEED, turn_start(4)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_is_played_in_each_language_without_a_missing_word(warm_page, serve, lang):
    """Every screen met from the start screen through the first election (the last year's
    turns, the covers, the sealed bids, the reveal, the offices) — and in German the final
    table — in `lang`: no page error, no leftover key, no English, and the layout holds at the
    three sizes. One page: each game is loaded from its code on the start screen."""
    run = Run(warm_page(viewport={"width": 1024, "height": 768}), serve(), lang)
    run.open()
    run.look("start")
    run.page.click(".th-lang-bar .th-rules-button")
    run.page.wait_for_selector('html[data-rules="open"]')
    run.look("rules", layout=False)
    run.page.click("#th-rules-close")
    assert load_code(run.page, first_term_code(), "turn") == "turn"
    player = play(run)
    if lang == "de":
        # The final table, from a finished game's code (the whole game to the final table is
        # test_full_game's), loaded from the start screen in place of the unfinished game.
        settle(run.page)
        run.page.click("#th-new-button")
        assert load_code(run.page, codes(3)["over"], "final") == "final"
        run.look("final")
        # The winner's line names its rule as a link to the Rules panel (R33), never "(R33)".
        link = run.page.locator("#th-final .th-final-winner .th-rule-link")
        assert link.text_content() == "Wer gewinnt"
        link.click()
        run.page.wait_for_selector('html[data-rules="R33"]')
        run.look("final-rules", layout=False)
        run.page.click("#th-rules-close")
        assert "final" in run.looked and shown(run.page, "#th-final")
    assert run.errors == []
    assert player.turns >= 3 and player.covers_seen >= 1 and player.bids >= 1
    assert player.assignments >= 1
    assert {"start", "rules", "main", "cover", "bid", "reveal", "offices"} <= set(run.looked)
    assert run.page.evaluate("document.documentElement.lang") == run.lang
    words = [p for p in run.problems if "on screen" in p]
    assert not words, "\n".join(words)
    layout = [p for p in run.problems if "on screen" not in p]
    assert not layout, "\n".join(layout)
    # The log's lines name the rules they rest on as links, never as bare ids.
    lines = run.page.locator(".tm-log-list li").all_text_contents()
    assert len(lines) > 30
    assert run.page.locator(".tm-log-list li .th-rule-link").count() > 10
    assert not [line for line in lines if re.search(r"\bR\d+\b", line)]


def test_the_rules_open_at_the_rule_for_now_and_a_new_language_keeps_the_game(warm_page, serve):
    """The prompt's "?" opens the rule for what the player may do now (placing, at the start of
    an Italian game); rule names, never ids, are shown. Then the menu redraws everything in a
    new language without a reload and without touching the game (same hash, same moves), in
    German and, some moves on, in French; the choice is remembered on this device."""
    run = Run(warm_page(viewport={"width": 1024, "height": 768}), serve(), "it")
    run.open()
    run.start()
    page = run.page
    page.click("#th-help")
    page.wait_for_selector('html[data-rules="R12"]')
    section = page.locator("#th-rule-R12")
    assert section.is_visible()
    assert section.locator("h4").text_content() == "Piazzare"
    assert page.evaluate("document.activeElement.id") == "th-rule-R12"
    assert section.locator("svg").count() >= 3  # the pieces the rule names, drawn
    body = page.locator("#th-rules").inner_text()
    assert not re.search(r"\bR\d+\b", body)
    page.screenshot(path=str(run.out / "rules-placing.png"))
    page.keyboard.press("Escape")
    page.wait_for_selector("html:not([data-rules])")
    assert run.errors == []
    # A new language at the start of the game, then one some moves in.
    player = Player(page)
    for lang, moves in (("de", 0), ("fr", 4)):
        for _ in range(moves):
            player.step()
        settle(page)
        before = (game_hash(page), page.get_attribute("#th-game", "data-moves"), page.url)
        page.evaluate("window.__sameDocument = true")
        screen = settle(page)
        page.select_option("#th-game .th-language", lang)
        wait_screen(page, screen)
        assert page.evaluate("document.documentElement.lang") == lang
        after = (game_hash(page), page.get_attribute("#th-game", "data-moves"), page.url)
        assert after == before
        assert page.evaluate("window.__sameDocument") is True  # no reload
    buttons = '#th-panel [data-action="end"], #th-panel [data-action="bosses"]'
    assert page.locator(buttons).first.is_visible()
    log = page.locator(".tm-log-list li").all_text_contents()
    assert log and any("quartier" in line for line in log), log
    assert page.locator(".th-bar .th-rules-button").text_content() == "Règles"
    player.step()  # the rebuilt screen plays on
    assert run.errors == []
    # A game link carries no language (the page was opened with ?lang=it).
    page.click("#th-share-button")
    link = page.locator("#th-share-link").input_value()
    assert "#g=" in link and "lang" not in link and "?" not in link, link
    page.keyboard.press("Escape")
    # Remembered: the same device opens in French without ?lang, the game unchanged.
    moves = page.get_attribute("#th-game", "data-moves")
    page.goto(f"{run.url}?fast=1&dev=1")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "turn", "bonus", "cover", "bid", "offices")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.get_attribute("#th-game", "data-moves") == moves
    assert "#" not in page.url  # a game link never carries a language, nor does the page


def test_the_first_visit_follows_the_browser(browser, serve):
    """A first visit (a device with no choice stored, no ?lang) opens in the browser's language:
    the page reads navigator.languages. Which language each list leads to (a region dropped,
    it-IT to Italian, a language the page lacks, pt-BR, to English) is logic/words.js's
    chooseLanguage, tested in tests/js/words.test.mjs; one locale here checks the wiring."""
    context = browser.new_context(locale="de-AT")
    try:
        page = context.new_page()
        page.goto(f"{serve()}?dev=1")
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator(".th-lang-bar .th-language").input_value() == "de"
    finally:
        context.close()
