"""The replay viewer in the page (docs/ui.md, "The replay viewer"): a #g=CODE&at=N link opens at
move N, each step shows the hash CPython's replay gives at that move, the reveal steps show the
engine's bids, a game stopped in the middle of a sealed bid never shows that ward's bids (R34),
leaving restores the game and its autosave, and "Play on from here" asks first.

Every move's hash is checked in CPython for every golden game (tests/test_replay.py); here each
finished golden game is stepped with the keyboard, forward and back (the five-player one through
every move), and jumped to by the slider and the log at a sample of moves.
"""

import json
import sys
from pathlib import Path

import pytest

import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from tammany.game import Game  # noqa: E402
from tammany.savecode import decode  # noqa: E402
from tools.gameplay import Player, game_hash, settle, wait_moves, wait_screen  # noqa: E402

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
FINISHED = [case for case in GOLDEN if case["over"]]
FIVE = next(case for case in FINISHED if len(case["seats"]) == 5)
MID_BID = next(case for case in GOLDEN if case["phase"] == "bid")
VIEWER = '#th-replay:not([hidden])'
SETTLED = 'html[data-screen="replay"]:not([data-busy])'
BIDS_SHOWN = "els => els.map(e => [e.dataset.seat, e.querySelector('[data-bid]').dataset.bid])"


def replayed(code: str) -> tuple[list[str], list[list[dict]]]:
    """CPython's replay: the hash after each move and each move's events."""
    game = decode(code)
    fresh = Game(game.seats, game.seed)
    hashes, events = [fresh.hash()], [fresh.setup_events]
    for seat, action in game.history:
        events.append(fresh.apply(seat, action))
        hashes.append(fresh.hash())
    return hashes, events


@pytest.fixture(scope="module")
def url(serve):
    return serve()


@pytest.fixture
def page(warm_page):
    """A page of a warm device (conftest.py), closed after the test."""
    return warm_page(viewport={"width": 1024, "height": 768})


WORDED = """async ({events, names}) => {
  const text = await import(new URL("js/i18n/engine-text.js", document.baseURI).href);
  return events.map((e) => text.eventText(e, names));
}"""


def worded(page, events: list[dict], names) -> list[str]:
    """The page's own sentences for these events, in its language (the log's wording)."""
    return page.evaluate(WORDED, {"events": events, "names": list(names)})


def at(page, n: int) -> None:
    """Wait until the viewer shows move n and no request is out."""
    page.wait_for_selector(f'{SETTLED} {VIEWER}[data-at="{n}"]', state="attached")


def open_link(page, url: str, code: str, n: int) -> None:
    page.goto(f"{url}?fast=1#g={code}&at={n}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    at(page, n)


def viewer_hash(page) -> str:
    return page.get_attribute("#th-replay", "data-hash")


def keyboard_walk(page, case: dict, hashes: list[str], events: list[list[dict]]) -> None:
    """From move 0: the game stepped forward move by move by the keyboard (the five-player game
    through every move; the others through their first three turns, up to the start of the
    fourth: the same keys over the same replay code, a whole walk costs about 15 s a game),
    then Home, Shift+→ twice, End, Shift+← and ←."""
    moves = len(hashes) - 1
    # Shift+→ goes to the start of the next player's turn: just after the move that handed
    # the turn over (its events hold the "turn" event).
    turn_starts = [n for n in range(1, moves + 1) if any(e["e"] == "turn" for e in events[n])]
    walk = moves if case is FIVE else turn_starts[2]  # the fourth turn starts after it
    for n in range(1, walk + 1):  # forward, move by move, by the keyboard
        page.keyboard.press("ArrowRight")
        at(page, n)
        assert viewer_hash(page) == hashes[n], n
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("Shift+ArrowRight")
    at(page, turn_starts[0])
    assert viewer_hash(page) == hashes[turn_starts[0]]
    page.keyboard.press("Shift+ArrowRight")
    at(page, turn_starts[1])
    page.keyboard.press("End")
    at(page, moves)
    assert viewer_hash(page) == case["hash"]
    page.keyboard.press("Shift+ArrowLeft")  # back to the start of the last turn
    back = turn_starts[-1]
    at(page, back)
    assert viewer_hash(page) == hashes[back]
    page.keyboard.press("ArrowLeft")
    at(page, back - 1)
    assert viewer_hash(page) == hashes[back - 1]


def slider_and_log_jumps(page, hashes: list[str]) -> None:
    """The slider jumps to a sample of moves, a tap on a log line to its move; the log holds
    what happened up to the move on screen, the current move highlighted."""
    moves = len(hashes) - 1
    middle = moves // 2
    for n in (moves, 1, moves // 3, 2 * moves // 3, 0):
        page.fill("#th-rp-slider", str(n))
        at(page, n)
        assert viewer_hash(page) == hashes[n]
    page.fill("#th-rp-slider", str(moves))
    at(page, moves)
    page.click(f'#th-replay .th-rp-entry[data-at="{middle}"]')  # a tap on a log line
    at(page, middle)
    assert viewer_hash(page) == hashes[middle]
    # the log holds what happened up to the move on screen, the current move highlighted
    assert page.locator("#th-replay .th-rp-log-item").count() == middle + 1
    assert page.get_attribute("#th-replay .th-rp-log-item.is-current", "data-at") == str(middle)


def reveal_steps_show_the_engines_bids(page, hashes: list[str], events: list[list[dict]]):
    """R24, R26: the ward cards at each reveal move of each election are the engine's
    ward_vote events (the election's button, then "next ward")."""
    checked = 0
    for term in (1, 2, 3, 4):
        button = f'#th-replay .th-rp-election[data-term="{term}"]'
        page.click(button)
        start = int(page.get_attribute(button, "data-at"))
        at(page, start)
        assert any(e["e"] == "election" and e["term"] == term for e in events[start])
        following = [n for n, evs in enumerate(events) if n > start
                     and any(e["e"] == "election" for e in evs)]
        stop = following[0] if following else len(events)
        reveals = [n for n in range(start, stop) if any(e["e"] == "ward_vote" for e in events[n])]
        assert reveals
        for n in reveals:
            if n > start:
                page.click('#th-replay [data-step="ward+1"]')
            at(page, n)
            assert viewer_hash(page) == hashes[n]
            votes = [e for e in events[n] if e["e"] == "ward_vote"]
            cards = page.locator("#th-replay .th-rp-results .th-ward-result")
            assert [int(w) for w in cards.evaluate_all("els => els.map(e => e.dataset.ward)")] == \
                [e["ward"] for e in votes]
            for vote in votes:
                card = f'#th-replay .th-ward-result[data-ward="{vote["ward"]}"]'
                rows = page.locator(f"{card} .th-vote-row").evaluate_all(BIDS_SHOWN)
                shown = {seat: [int(x) for x in bid.split(",")] for seat, bid in rows}
                assert shown == vote["bids"]
                winner = page.locator(f"{card} .th-vote-row.is-winner")
                assert winner.count() == (vote["winner"] is not None)
                checked += 1
    assert checked >= 8


def nothing_of_the_coming_reveal_between_two_bids(page, case: dict, events: list[list[dict]]):
    """R34 inside a finished game: at a move after one sealed bid of a ward and before its
    reveal (the first three such moves, by the slider), the viewer's DOM text holds no part of
    that reveal (its log line, its cards); at the reveal, the line is there."""
    names = decode(case["code"]).state.names
    sealed = [n for n, evs in enumerate(events)
              if [e["e"] for e in evs] == ["bid_placed"]][:3]
    assert sealed
    for n in sealed:
        page.fill("#th-rp-slider", str(n))
        at(page, n)
        ward = events[n][0]["ward"]
        revealed_at, reveal = next((m, e) for m, evs in enumerate(events) if m > n
                                   for e in evs if e["e"] == "ward_vote")
        assert reveal["ward"] == ward
        (line,) = worded(page, [reveal], names)
        text = page.text_content("#th-replay")
        assert line not in text
        assert not page.locator(f'#th-replay .th-ward-result[data-ward="{ward}"]').count()
        assert f"{names[events[n][0]['seat']]} has bid in ward {ward}." in text
    page.fill("#th-rp-slider", str(revealed_at))
    at(page, revealed_at)
    assert line in page.text_content("#th-replay .th-rp-log-list")


@pytest.mark.parametrize("case", FINISHED, ids=[c["label"] for c in FINISHED])
def test_a_link_opens_at_move_n_and_keys_the_slider_and_the_log_step_through_it(page, url, case):
    """A #g=CODE&at=N link opens the viewer at move N (the five-player game at move 0, the
    others at their middle move) with the hash CPython's replay gives there and the game's
    number of moves. The three- and four-player games then jump by the slider and the log
    (slider_and_log_jumps). Every game is stepped by the keyboard from move 0
    (keyboard_walk: the five-player game through every move, the others through their first
    three turns), by turn and to the ends. The five-player game's reveal steps show the
    engine's bids (R24, R26: reveal_steps_show_the_engines_bids); in the three-player game,
    between two sealed bids the page holds nothing of the coming reveal (R34:
    nothing_of_the_coming_reveal_between_two_bids)."""
    hashes, events = replayed(case["code"])
    moves = len(hashes) - 1
    first = 0 if case is FIVE else moves // 2
    open_link(page, url, case["code"], first)
    assert viewer_hash(page) == hashes[first]
    assert page.get_attribute("#th-replay", "data-moves") == str(moves)
    if case is not FIVE:
        slider_and_log_jumps(page, hashes)
        page.keyboard.press("Home")
        at(page, 0)
        assert viewer_hash(page) == hashes[0]
    keyboard_walk(page, case, hashes, events)
    if case is FIVE:
        reveal_steps_show_the_engines_bids(page, hashes, events)
    if case is FINISHED[0]:
        nothing_of_the_coming_reveal_between_two_bids(page, case, events)


def test_a_game_stopped_mid_bid_never_shows_that_wards_bids(page, url):
    """R34: in a game where one seat has sealed a bid and the next is asked, the viewer (its
    DOM at every move of the election, and at the end) shows no bid of that ward."""
    page.goto(f"{url}?fast=1#g={MID_BID['code']}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.click("#th-open-link")
    wait_screen(page, "cover")
    player = Player(page)
    player.bids = 2  # a bid of two more chips than nothing, where it can
    player.bid()
    assert wait_screen(page, "cover") == "cover"  # the next bidder is asked
    saved = json.loads(page.evaluate("localStorage.getItem('tammany.autosave')"))
    assert saved["code"] == MID_BID["code"]  # a code never holds a pending bid (R34)
    before = game_hash(page)
    # The menu is behind the privacy cover; open the viewer as its button would.
    page.evaluate("document.getElementById('th-replay-button').click()")
    at(page, MID_BID["moves"])
    assert page.get_attribute("#th-replay", "data-moves") == str(MID_BID["moves"])
    game = decode(MID_BID["code"])
    term, pending = game.state.term, game.state.election.ward
    _, events = replayed(MID_BID["code"])
    election_starts = next(n for n, evs in enumerate(events)
                           if any(e["e"] == "election" and e["term"] == term for e in evs))
    names = game.state.names
    for n in range(MID_BID["moves"], election_starts - 1, -1):
        page.fill("#th-rp-slider", str(n))
        at(page, n)
        assert not page.locator(f'#th-replay .th-ward-result[data-ward="{pending}"]').count()
        shown = page.text_content("#th-replay .th-rp-log-list")
        expected = " ".join(worded(page, [e for evs in events[:n + 1] for e in evs], names))
        for marker in (f"Ward {pending}: ", f"has bid in ward {pending}."):
            assert shown.count(marker) == expected.count(marker), (n, marker)
    page.click("#th-rp-leave")
    wait_screen(page, "cover")
    assert game_hash(page) == before


def test_leaving_restores_the_game_and_play_on_asks_before_replacing_it(page, url):
    """The viewer opened over an unfinished game (5 players, mid-turn) and stepped: leaving
    restores the game, its autosave and the address, and the turn goes on. A link to a
    finished game at move 40, opened in another tab of the same browser, leaves that autosave
    as it is; "Play on from here" asks first: No keeps the viewer and the autosave, Yes plays
    on from move 40 (autosaved, the link gone from the address)."""
    hashes, _ = replayed(FINISHED[0]["code"])
    page.goto(f"{url}?fast=1#g={GOLDEN[4]['code']}")  # mid-turn, 5 players
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.click("#th-open-link")
    wait_screen(page, "turn")
    before = game_hash(page)
    saved = page.evaluate("localStorage.getItem('tammany.autosave')")
    url_before = page.url
    page.click("#th-replay-button")
    at(page, GOLDEN[4]["moves"])
    assert viewer_hash(page) == before
    assert page.locator("#th-game").is_hidden()
    page.keyboard.press("Home")
    at(page, 0)
    page.fill("#th-rp-slider", "30")
    at(page, 30)
    page.click("#th-rp-leave")
    wait_screen(page, "turn")
    assert page.locator("#th-replay").is_hidden()
    assert game_hash(page) == before
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == saved
    assert page.url == url_before
    assert page.locator('#th-panel [data-action="end"]').count()  # the turn goes on

    # a link to a finished game at move 40, opened in a new tab of the same browser (in this
    # tab only the fragment would change, and the page reloads for a new link: a navigation
    # the test could not wait on)
    page = page.context.new_page()
    page.goto(f"{url}?fast=1#g={FINISHED[0]['code']}&at=40")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    at(page, 40)
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == saved
    page.click("#th-rp-play-on")
    wait_screen(page, "confirm")
    page.click("#th-confirm-no")
    wait_screen(page, "replay")
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == saved
    assert page.locator(VIEWER).count() == 1
    page.click("#th-rp-play-on")
    wait_screen(page, "confirm")
    page.click("#th-confirm-yes")
    assert settle(page) not in ("replay", "confirm")
    assert page.locator("#th-replay").is_hidden()
    assert game_hash(page) == hashes[40]
    record = json.loads(page.evaluate("localStorage.getItem('tammany.autosave')"))
    assert record["hash"] == hashes[40] and record["moves"] == 40 and not record["over"]
    assert "#g=" not in page.url


def test_the_final_table_offers_the_replay_and_a_link_to_the_move(page, url):
    page.goto(f"{url}?fast=1#g={FINISHED[0]['code']}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.click("#th-open-link")
    wait_screen(page, "final")
    page.click("#th-final-replay")
    at(page, FINISHED[0]["moves"])
    assert viewer_hash(page) == FINISHED[0]["hash"]
    page.keyboard.press("ArrowLeft")
    at(page, FINISHED[0]["moves"] - 1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#th-rp-share")
    page.wait_for_selector(".th-rp-status:not([hidden])")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.endswith(f"#g={FINISHED[0]['code']}&at={FINISHED[0]['moves'] - 1}")
    page.click("#th-rp-leave")
    wait_screen(page, "final")
    assert game_hash(page) == FINISHED[0]["hash"]


def test_a_phone_steps_by_touch_and_every_control_is_big_enough(warm_page, url):
    """At phone size with a touch screen: taps on the step buttons and a log line step the
    replay; no control is smaller than 44 px and nothing overflows sideways."""
    hashes, _ = replayed(FINISHED[0]["code"])
    page = warm_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_link(page, url, FINISHED[0]["code"], 10)
    page.tap('#th-replay [data-step="move+1"]')
    at(page, 11)
    assert viewer_hash(page) == hashes[11]
    page.tap('#th-replay [data-step="move-1"]')
    at(page, 10)
    page.tap('#th-replay [data-step="move-1"]')
    at(page, 9)
    page.tap('#th-replay .th-rp-entry[data-at="3"]')
    at(page, 3)
    assert viewer_hash(page) == hashes[3]
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#th-replay button:not([hidden]), #th-rp-slider')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.width < 44 || r.height < 44);
        }).map((el) => el.dataset.step || el.id || el.textContent)""")
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_table_of_computers_waits_while_the_viewer_is_open_and_goes_on_after(page, url):
    """The viewer opened in the middle of a computers-only game: the computers stop (the game
    on screen and its autosave do not change while it is open), and after leaving, the game
    on screen is the worker's (a move that landed as the viewer opened is drawn, not lost)
    and the computers go on."""
    page.goto(f"{url}?seed=11&fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    for i in range(3):
        page.click(f'li.th-seat[data-seat="{i}"] .th-kind[data-level="easy"]')
    page.click("text=Start the game")
    wait_moves(page, 12)
    page.click("#th-replay-button")
    page.wait_for_selector(SETTLED, state="attached")
    opened = int(page.get_attribute("#th-replay", "data-moves"))
    saved = page.evaluate("localStorage.getItem('tammany.autosave')")
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("End")
    at(page, opened)
    assert int(page.get_attribute("#th-replay", "data-moves")) == opened
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == saved
    page.click("#th-rp-leave")
    wait_moves(page, opened)  # nothing the worker did is lost
    wait_moves(page, opened + 6)  # and the computers play on
    assert page.locator("#th-replay").is_hidden()
