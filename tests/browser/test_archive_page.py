"""The archive in the page (docs/archive.md): finished games are kept in IndexedDB and replay
from the archive; the archive file carries them to a fresh browser (export, then import gives
the same archive); a damaged file and another program's file are refused with the archive
unchanged; each person's statistics are those of the archived games (worked out again here
from the codes with the rules package in CPython) and their ratings openskill's own numbers
(tests/ratingskit.py); regulars are offered on the start screen; storage that is blocked or
full is said, and the game is not lost; no serious axe finding on the archive screen.

The games are finished quickly by loading the finished golden codes (tests/golden), each one
played to its end by the rules; a finished game is kept as soon as the page shows its end.
"""

import json
import sys
from pathlib import Path

import pytest

import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from axe_kit import scan  # noqa: E402
from gameplay import settle, wait_screen  # noqa: E402

from ratingskit import direct_ratings  # noqa: E402
from tammany.savecode import decode  # noqa: E402
from tammany.view import score_sheet  # noqa: E402

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
FINISHED = [case for case in GOLDEN if case["over"]]
ARCHIVE = "#th-archive:not([hidden])"


@pytest.fixture(scope="module")
def url(serve):
    return serve()


def load_finished(page, code: str) -> None:
    """From the start screen: load a finished game's code; the final table comes up."""
    if page.get_attribute("#th-start .th-load", "open") is None:
        page.click("#th-start .th-load summary")
    page.fill("#th-code", code)
    page.click("text=Load this code")
    wait_screen(page, "final")


def finish_three(page, url: str) -> None:
    page.goto(f"{url}?fast=1")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    for case in FINISHED:
        load_finished(page, case["code"])
        page.click("#th-final button:has-text('New game')")
        wait_screen(page, "start")


def open_archive(page) -> None:
    page.click("#th-archive-open")
    wait_screen(page, "archive")


def archived_codes(page) -> list[str]:
    return page.eval_on_selector_all(".th-archive-game", "els => els.map(e => e.dataset.code)")


def people(page) -> dict:
    return {card["player"]: card for card in page.eval_on_selector_all(
        ".th-person", "els => els.map(e => ({...e.dataset}))")}


def import_file(page, name: str, data: bytes) -> str:
    page.set_input_files("#th-archive-import", files=[{
        "name": name, "mimeType": "application/json", "buffer": data}])
    wait_screen(page, "archive")
    settle(page)
    return page.text_content("#th-archive-status")


def test_three_finished_games_are_kept_and_replay_from_the_archive(browser, url):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    try:
        page = context.new_page()
        finish_three(page, url)
        open_archive(page)
        assert sorted(archived_codes(page)) == sorted(c["code"] for c in FINISHED)
        assert page.get_attribute("#th-archive", "data-games") == "3"
        # Each opens in the replay viewer at its end, with the final position's hash.
        for case in FINISHED:
            page.click(f'.th-archive-game[data-code="{case["code"]}"] .th-archive-replay')
            wait_screen(page, "replay")
            assert page.get_attribute("#th-replay", "data-hash") == case["hash"]
            assert page.get_attribute("#th-replay", "data-moves") == str(case["moves"])
            page.click("#th-rp-leave")
            wait_screen(page, "archive")
        # Shown again (a reload): kept once each.
        page.reload()
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "start", "final")
        if page.get_attribute("html", "data-screen") == "final":
            page.click("#th-final button:has-text('New game')")
            wait_screen(page, "start")
        open_archive(page)
        assert len(archived_codes(page)) == 3
        # Ratings came (openskill installed in the worker) from the page's own files only.
        assert page.locator(".th-person[data-mu]:not([data-mu=''])").count() == 6  # the people
        origin = url.split("/games/")[0]
        assert [r for r in requests if not r.startswith((origin, "blob:", "data:"))] == []
        assert any(r.endswith(".whl") and "openskill" in r for r in requests)
    finally:
        context.close()


def expected_statistics() -> dict:
    """Each person's figures from the golden codes, in CPython, without the page's package."""
    people: dict[str, dict] = {}
    for case in FINISHED:
        game = decode(case["code"])
        state = game.state
        sources = score_sheet(state)["sources"]
        replay = type(game)(game.seats, game.seed)
        offices = [0] * len(game.seats)
        for seat, action in game.history:
            for event in replay.apply(seat, action):
                if event["e"] == "offices":
                    for p in event["assign"]:
                        offices[int(p)] += 1
        for p, seat in enumerate(game.seats):
            if seat.level != "human":
                continue
            key = "person:" + seat.name.strip().casefold()
            person = people.setdefault(key, {"games": 0, "wins": 0, "points": 0, "wards": 0,
                                             "mayor": 0, "offices": 0})
            person["games"] += 1
            person["wins"] += p in state.result["winners"]
            person["points"] += state.result["scores"][p]
            person["wards"] += sources[p]["wards"]["count"]
            person["mayor"] += sources[p]["mayor"]["count"]
            person["offices"] += offices[p]
    return people


def test_export_import_refusals_statistics_and_regulars(browser, url, tmp_path):
    first = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True)
    second = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = first.new_page()
        finish_three(page, url)
        open_archive(page)
        before = sorted(archived_codes(page))
        stats = people(page)

        # A profile's statistics match the archived games.
        expected = expected_statistics()
        assert set(stats) == set(expected)
        for key, want in expected.items():
            got = stats[key]
            for field in want:
                assert int(got[field]) == want[field], (key, field)
            assert float(got["mean"]) == pytest.approx(want["points"] / want["games"])
            assert float(got["sigma"]) > 0  # rated (the CPython test checks the numbers)
        # The filter shows one player's games.
        page.select_option("#th-archive-filter", "person:tweed")
        assert page.get_attribute("#th-archive", "data-games") == "1"
        page.select_option("#th-archive-filter", "")

        with page.expect_download() as download:
            page.click("#th-archive-export")
        path = tmp_path / "archive.json"
        download.value.save_as(path)
        data = json.loads(path.read_text("utf-8"))
        assert data["format"] == "tammany-archive" and len(data["games"]) == 3
        # The page's ratings are openskill's, worked out again here from the file's games.
        direct = direct_ratings(data["games"])
        assert set(direct) == set(stats)
        for key, (mu, sigma) in direct.items():
            assert (float(stats[key]["mu"]), float(stats[key]["sigma"])) == (mu, sigma)

        # A fresh browser: import gives the same archive, with the same figures.
        other = second.new_page()
        other.goto(f"{url}?fast=1")
        other.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(other, "start")
        open_archive(other)
        assert archived_codes(other) == []
        status = import_file(other, "archive.json", path.read_bytes())
        assert "3" in status
        assert sorted(archived_codes(other)) == before
        assert people(other) == stats
        assert scan(other) == []  # the archive screen, full: no serious accessibility finding
        # Again: nothing is doubled.
        import_file(other, "archive.json", path.read_bytes())
        assert sorted(archived_codes(other)) == before

        # Refused, archive unchanged: a damaged file (cut short), a damaged code, another
        # program's JSON, and something that is not text.
        text = path.read_text("utf-8")
        first_game = data["games"][0]
        broken = {**first_game, "code": first_game["code"][:-3] + "AAA"}
        broken_code = json.dumps({**data, "games": [broken]})
        refusals = {
            "cut.json": (text[: len(text) // 2].encode(), "damaged"),
            "code.json": (broken_code.encode(), "Game 1"),
            "other.json": (json.dumps({"name": "my-app", "version": 3}).encode(),
                           "not a Tammany Hall archive"),
            "photo.json": (bytes(range(256)) * 4, "not a Tammany Hall archive"),
            "big.json": (b" " * (5 * 1024 * 1024 + 1), "too large"),
        }
        for name, (content, words) in refusals.items():
            status = import_file(other, name, content)
            assert words in status and "Nothing was changed" in status, (name, status)
            assert sorted(archived_codes(other)) == before
            assert people(other) == stats

        # Regulars: the people of the archive, offered on the start screen; a tap seats one.
        other.click("#th-archive-back")
        wait_screen(other, "start")
        names = other.eval_on_selector_all(".th-regular", "els => els.map(e => e.textContent)")
        assert "Delia" in names and "Tweed" in names
        assert scan(other) == []  # the start screen with its regulars
        other.click(".th-regular:has-text('Delia')")
        seats = other.locator(".th-name-input").count()
        seated = [other.input_value(f"#th-name-{i}") for i in range(seats)]
        assert "Delia" in seated

        # Delete one: it leaves the archive.
        open_archive(other)
        gone = before[0]
        other.click(f'.th-archive-game[data-code="{gone}"] .th-archive-delete')
        wait_screen(other, "confirm")
        other.click("#th-confirm-yes")
        wait_screen(other, "archive")
        settle(other)
        assert sorted(archived_codes(other)) == [c for c in before if c != gone]
    finally:
        first.close()
        second.close()


STORAGE_TROUBLE = {
    # The browser refuses storage (private browsing, a setting): opening the database throws.
    "blocked": ("indexedDB.open = () => { throw new DOMException('no', 'SecurityError'); };",
                "does not let the game keep an archive"),
    # The quota is used up after the first game: every later write fails as a full disk does.
    "full": ("const add = IDBObjectStore.prototype.add; let writes = 0;"
             "IDBObjectStore.prototype.add = function (...args) {"
             " if (writes++ >= 1) throw new DOMException('no', 'QuotaExceededError');"
             " return add.apply(this, args); };",
             "storage is full"),
}


@pytest.mark.parametrize("trouble", sorted(STORAGE_TROUBLE))
def test_storage_trouble_is_said_and_the_game_is_not_lost(browser, url, trouble):
    script, words = STORAGE_TROUBLE[trouble]
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True)
    try:
        context.add_init_script(script)
        page = context.new_page()
        page.goto(f"{url}?fast=1")
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "start")
        kept = []
        if trouble == "full":  # one game fits before the storage is full
            load_finished(page, FINISHED[1]["code"])
            page.click("#th-final button:has-text('New game')")
            wait_screen(page, "start")
            kept = [FINISHED[1]["code"]]
        case = FINISHED[0]
        load_finished(page, case["code"])
        assert words in page.text_content("#th-game .th-banner")
        if trouble == "full":  # the message offers the export of what is kept
            page.keyboard.press("Escape")  # the final table closes: the board and its banner
            wait_screen(page, "over")
            with page.expect_download() as download:
                page.click("#th-game .th-banner button:has-text('Export the archive')")
            exported = json.loads(Path(download.value.path()).read_text("utf-8"))
            assert [g["code"] for g in exported["games"]] == kept
        # The game is still the autosaved one: a reload shows it as it was.
        page.reload()
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "final")
        assert page.get_attribute("#th-game", "data-hash") == case["hash"]
        page.click("#th-final button:has-text('New game')")
        wait_screen(page, "start")
        open_archive(page)
        if trouble == "full":
            # The reload freed a write (the script above starts counting again): the game that
            # did not fit was kept when it was shown again.
            kept.append(case["code"])
        assert sorted(archived_codes(page)) == sorted(kept)
        if trouble == "blocked":
            assert words in page.text_content("#th-archive")
    finally:
        context.close()
