"""The archive in the page (docs/archive.md): finished games are kept in IndexedDB and replay
from the archive; the archive file carries them to a fresh browser (export, then import gives
the same archive); a damaged file and another program's file are refused with the archive
unchanged; each person's statistics are a recount of the archived games from their codes
(tests/ratingskit.py: wards won as R29 counts them, Tammany Hall as one ward; one person in two
seats counts a game once, and the card says so) and their ratings openskill's own numbers, on
this device and on a fresh one the archive file was imported into; regulars are offered on the
start screen, spelt as their card spells them; storage that is blocked or full is said, and the
game is not lost; no serious axe finding on the archive screen.

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

from ratingskit import TWO_SEATS, direct_ratings, finished_code, recount  # noqa: E402
from standings.summary import summarize  # noqa: E402
from tools.gameplay import settle, wait_screen  # noqa: E402

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


FIGURES = ("games", "wins", "points", "wards", "mayor", "offices", "shared")


def check_statistics(cards: dict, games: list[dict]) -> None:
    """The cards' figures are a recount of `games` ({code, finished}) from their codes."""
    expected = recount(games)
    assert set(cards) == set(expected)
    wrong = {(key, f): (cards[key].get(f), want[f]) for key, want in expected.items()
             for f in FIGURES if cards[key].get(f) != str(want[f])}
    assert wrong == {}  # (person, figure): (on the card, recounted)
    for key, want in expected.items():
        assert float(cards[key]["mean"]) == pytest.approx(want["points"] / want["games"])


KEEP_RECORD = """async (record) => {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("tammany-archive", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("games", { keyPath: "code" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction("games", "readwrite");
    tx.objectStore("games").put(record);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}"""
"""Puts a record into the archive's store as an earlier version of the page kept it."""
READ_RECORDS = """async () => {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("tammany-archive", 1);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const all = await new Promise((resolve, reject) => {
    const req = db.transaction("games").objectStore("games").getAll();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return all;
}"""


def earlier_summary(code: str) -> dict:
    """The summary of `code` as an earlier version kept it: no `version`, and Tammany Hall left
    out of the wards won (FINISHED[0]: Boss Tweed won it three times)."""
    summary = summarize(code)
    old = {k: v for k, v in summary.items() if k != "version"}
    tammany = {"Boss Tweed": 3}  # the wards an earlier version did not count
    old["seats"] = [{**seat, "wards": seat["wards"] - tammany.get(seat["name"], 0)}
                    for seat in summary["seats"]]
    return old


def test_finished_games_are_kept_replayed_counted_rated_and_carried_by_the_archive_file(
        warm_context, url, tmp_path):
    """Four games finished in the page (the three finished golden codes, and one where Delia
    holds two seats, spelt DELIA and Delia) are kept as each shows its end, and once each when
    shown again after a reload. A game the archive kept when its summary left Tammany Hall out
    of the wards won (no `version`, written into the store by hand) is counted again as R29
    counts it, and its summary is kept made again. Each golden game replays from the archive at
    its end, with the final position's hash. Each person's statistics are a recount of the
    archived games from their codes (the shared game counted once, said on the card, the latest
    spelling); the filter shows one player's games; the ratings are openskill's, installed in
    the worker from the page's own files only. The archive file carries it all to a fresh
    browser (the same games, figures and ratings; imported again: nothing doubled); a damaged
    file, a damaged code, another program's file, something that is not text and a file too
    large are refused with the archive unchanged. The archive's people are offered on the start
    screen as regulars, spelt as their cards spell them, and a tap seats one; a deleted game
    leaves the archive. No serious axe finding on the archive screen or the start screen."""
    first = warm_context(viewport={"width": 1024, "height": 768})  # downloads: accepted by default
    second = warm_context(viewport={"width": 1024, "height": 768})
    requests = []
    try:
        page = first.new_page()
        page.on("request", lambda r: requests.append(r.url))  # the page's and its workers'
        finish_three(page, url)
        # Last, a game where Delia holds two seats, spelt DELIA and Delia.
        two_seats = finished_code(TWO_SEATS, 7)
        load_finished(page, two_seats)
        page.click("#th-final button:has-text('New game')")
        wait_screen(page, "start")
        # The first game's record as an earlier version of the page kept it.
        earlier = FINISHED[0]["code"]
        [record] = [r for r in page.evaluate(READ_RECORDS) if r["code"] == earlier]
        page.evaluate(KEEP_RECORD, {**record, "summary": earlier_summary(earlier)})

        # Shown again (a reload): kept once each.
        page.reload()
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "start", "final")
        if page.get_attribute("html", "data-screen") == "final":
            page.click("#th-final button:has-text('New game')")
            wait_screen(page, "start")
        open_archive(page)
        assert sorted(archived_codes(page)) == sorted([c["code"] for c in FINISHED] + [two_seats])
        assert page.get_attribute("#th-archive", "data-games") == "4"
        # The earlier summary is kept made again; its game's figures are the recount of R29
        # (check_statistics below: Boss Tweed's wards include his three of Tammany Hall).
        [kept] = [r for r in page.evaluate(READ_RECORDS) if r["code"] == earlier]
        assert kept["summary"] == summarize(earlier)
        # Each golden game opens in the replay viewer at its end, with the final position's hash.
        for case in FINISHED:
            page.click(f'.th-archive-game[data-code="{case["code"]}"] .th-archive-replay')
            wait_screen(page, "replay")
            assert page.get_attribute("#th-replay", "data-hash") == case["hash"]
            assert page.get_attribute("#th-replay", "data-moves") == str(case["moves"])
            page.click("#th-rp-leave")
            wait_screen(page, "archive")
        before = sorted(archived_codes(page))
        stats = people(page)
        # Ratings came (openskill installed in the worker) from the page's own files only.
        assert page.locator(".th-person[data-mu]:not([data-mu=''])").count() == len(stats)
        origin = url.split("/games/")[0]
        assert [r for r in requests if not r.startswith((origin, "blob:", "data:"))] == []
        assert any(r.endswith(".whl") and "openskill" in r for r in requests)

        # Each person's statistics are a recount of the archived games from their codes.
        with page.expect_download() as download:
            page.click("#th-archive-export")
        path = tmp_path / "archive.json"
        download.value.save_as(path)
        data = json.loads(path.read_text("utf-8"))
        assert data["format"] == "tammany-archive" and len(data["games"]) == 4
        check_statistics(stats, data["games"])
        assert all(float(card["sigma"]) > 0 for card in stats.values())  # everyone rated
        # Delia's card: the shared game counted once, said on the card, her latest spelling.
        delia = page.locator('.th-person[data-player="person:delia"]')
        assert delia.get_attribute("aria-label") == "DELIA"
        assert "held more than one seat" in delia.locator(".th-person-shared").text_content()
        # The filter shows one player's games.
        page.select_option("#th-archive-filter", "person:tweed")  # a golden game, DELIA's
        assert page.get_attribute("#th-archive", "data-games") == "2"
        page.select_option("#th-archive-filter", "")

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
        assert "4" in status
        assert sorted(archived_codes(other)) == before
        assert people(other) == stats
        check_statistics(people(other), data["games"])
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
        assert "DELIA" in names and "Tweed" in names  # spelt as on their cards
        assert "Delia" not in names
        assert scan(other) == []  # the start screen with its regulars
        other.click(".th-regular:has-text('DELIA')")
        seats = other.locator(".th-name-input").count()
        seated = [other.input_value(f"#th-name-{i}") for i in range(seats)]
        assert "DELIA" in seated

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
def test_storage_trouble_is_said_and_the_game_is_not_lost(warm_context, url, trouble):
    script, words = STORAGE_TROUBLE[trouble]
    context = warm_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.add_init_script(script)
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
