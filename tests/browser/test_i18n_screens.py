"""Every screen that words what the engine sends, in each language (docs/i18n.md): the replay
viewer at several moves (its log, prompt and election results), the final table and the
screens of a game across devices (the seat chooser, waiting for another device). On German,
French and Italian pages no English sentence shows; on none a rule id or a key; and the text
fits (nothing past its box or the screen). States come from save codes of games played in
Python; the page runs with ?dev=1, so a missing word throws (a page error here)."""

import json
from pathlib import Path

import pytest
from layout_kit import paste
from wordkit import english_strings, layout_problems, screen_problems

import build
from tammany.device import Device, bid_limits
from tammany.game import Game
from tammany.rng import Rng, derive_seed
from tammany.savecode import decode, encode
from tools.gameplay import settle, wait_screen

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "de", "fr", "it"]
GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
FINISHED = next(c for c in GOLDEN if c["over"] and len(c["seats"]) == 5)
VIEWPORTS = [(1024, 768), (768, 1024), (390, 844)]
SETTLED_REPLAY = 'html[data-screen="replay"]:not([data-busy])'


def moves_to_see(code: str) -> tuple[dict[str, int], int]:
    """Moves of the finished game whose screens differ most — the set-up, a first turn, a ward's
    result, the move that chose a mayor (points, immigrant leaders), a slander, the last — and
    how many events the whole game has."""
    game = decode(code)
    fresh = Game(game.seats, game.seed)
    kinds = [[e["e"] for e in fresh.setup_events]]
    kinds += [[e["e"] for e in events] for events in fresh.apply_moves(game.history)]
    first = lambda kind: next(n for n, ks in enumerate(kinds) if kind in ks)  # noqa: E731
    return ({"setup": 0, "turn": first("end_turn"), "vote": first("ward_vote"),
             "mayor": first("mayor"), "slander": first("slander"), "end": len(kinds) - 1},
            sum(map(len, kinds)))


def remote_code(seed: int = 5, moves: int = 70) -> str:
    """A game across devices (docs/remote.md) some way in, played in Python as its devices
    would."""
    names = ["Anna", "Boris", "Clara"]
    game = Game.create(names, seed, game_id=derive_seed(seed, 0x1D))
    rng, secrets = Rng(derive_seed(seed, 1)), Rng(derive_seed(seed, 2))

    def random_bytes(n: int) -> bytes:
        return b"".join(secrets.next_u64().to_bytes(8, "big") for _ in range(n // 8))

    devices = [Device(game.game_id, [seat], random_bytes) for seat in range(len(names))]
    while len(game.history) < moves or game.state.phase != "turn":
        seat = game.to_act()[0]
        action = devices[seat].protocol_move(game, seat)
        if action is None and game.state.phase == "bid":  # a sealed bid, as its device makes it
            chips = [rng.below(limit + 1) for limit in bid_limits(game, seat)]
            action = devices[seat].bid(game, seat, chips)
        game.apply(seat, action or game.random_action(seat, rng))
    return encode(game)


class Look:
    """One page in one language, and what was wrong where."""

    def __init__(self, page, url, lang):
        self.page = page
        self.errors, self.problems = [], []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url, self.lang = url, lang
        self.english = None

    def open(self, fragment: str) -> None:
        self.page.goto(f"{self.url}?fast=1&dev=1&lang={self.lang}{fragment}")
        self.page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        if self.lang != "en" and self.english is None:
            self.english = english_strings(self.page, self.lang)

    def look(self, where: str, sizes=VIEWPORTS) -> None:
        self.problems += screen_problems(self.page, self.english, where)
        for width, height in sizes:
            self.page.set_viewport_size({"width": width, "height": height})
            settle(self.page)
            self.problems += layout_problems(self.page, f"{where} at {width}×{height}")
        self.page.set_viewport_size({"width": 1024, "height": 768})
        settle(self.page)

@pytest.fixture(scope="module")
def url(serve):
    return serve()


@pytest.fixture(params=LANGUAGES)
def look(request, warm_page, url):
    """A page of a warm device (conftest.py) in one language; closed after the test."""
    return Look(warm_page(viewport={"width": 1024, "height": 768}), url, request.param)


def test_the_screens_worded_from_the_engine_speak_the_pages_language(look):
    """One page in `lang` walks the screens that word what the engine sends. The replay viewer,
    opened from a finished game's replay link: its log, prompt and a ward's result at six moves,
    worded by the page from the events' codes, and at the last move a worded log line for every
    event of the game. Closed, it leaves the start screen offering that game's link, which opens
    the final table: a card for each seat. Then a game across devices' link pasted into the tab
    (opened in place, as any link is while a game is on screen): the device picks its seat
    ("who"), and one that only watches waits for another device ("waiting"), with the game's log
    worded from its events. On each: no English on a German, French or Italian page, no rule id
    anywhere, and it fits."""
    page = look.page
    # The replay viewer at the moves whose screens differ most.
    seen, events = moves_to_see(FINISHED["code"])
    look.open(f"#g={FINISHED['code']}&at=0")
    for where, n in seen.items():
        page.fill("#th-rp-slider", str(n))
        page.wait_for_selector(f'#th-replay[data-at="{n}"]', state="attached")
        page.wait_for_selector(SETTLED_REPLAY, state="attached")
        look.look(f"replay at move {n} ({where})", sizes=VIEWPORTS if where == "vote" else [])
    # At the last move the log holds a worded line for every event of the game.
    lines = page.locator("#th-replay .th-rp-line").all_text_contents()
    assert len(lines) == events and all(line.strip() for line in lines)
    # The final table: the viewer of a link closes to the start screen, which offers the link.
    page.click("#th-rp-leave")
    assert wait_screen(page, "start") == "start"
    page.click("#th-open-link")
    assert wait_screen(page, "final") == "final"
    look.look("final table")
    cards = page.locator("#th-final .th-final-card").count()
    assert cards == len(FINISHED["seats"])
    # The screens across devices: a game's link picks a seat ("who"), or only watches.
    paste(page, "#g=" + remote_code())
    assert wait_screen(page, "who") == "who"
    look.look("the seat chooser")
    page.click("#th-remote-watch")
    assert wait_screen(page, "waiting") == "waiting"
    look.look("waiting for another device")
    assert page.locator(".tm-log-list li").count() > 50
    assert look.errors == [] and look.problems == [], "\n".join(look.errors + look.problems)


def test_a_language_switch_rewords_the_masthead_and_the_footer(warm_page, url):
    """The page's own static text (the masthead's tagline, the footer) follows the language menu
    at once, without a reload, to German and back to English."""
    page = warm_page(viewport={"width": 1024, "height": 768})
    look = Look(page, url, "en")
    look.open("")
    assert wait_screen(page, "start") == "start"
    page.select_option(".th-lang-bar .th-language", "de")
    assert wait_screen(page, "start") == "start"
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator(".masthead .tagline").text_content() == "Bezirkspolitik im alten New York"
    assert page.locator(".colophon").text_content().strip().startswith(
        "Eine inoffizielle Umsetzung des Brettspiels")
    assert screen_problems(page, english_strings(page, "de"), "the start screen in German") == []
    page.select_option(".th-lang-bar .th-language", "en")
    assert wait_screen(page, "start") == "start"
    assert page.locator(".masthead .tagline").text_content() == "Ward politics in old New York"
    assert page.locator(".colophon").text_content().strip().startswith("An unofficial fan")
    assert look.errors == []
