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


def test_three_finished_games_are_kept_and_replay_from_the_archive(warm_context, url):
    context = warm_context(viewport={"width": 1024, "height": 768})
    requests = []
    try:
        page = context.new_page()
        page.on("request", lambda r: requests.append(r.url))  # the page's and its workers'
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


def test_export_import_refusals_statistics_and_regulars(warm_context, url, tmp_path):
    first = warm_context(viewport={"width": 1024, "height": 768})  # downloads: accepted by default
    second = warm_context(viewport={"width": 1024, "height": 768})
    try:
        page = first.new_page()
        finish_three(page, url)
        # Last, a game where Delia holds two seats, spelt DELIA and Delia.
        load_finished(page, finished_code(TWO_SEATS, 7))
        page.click("#th-final button:has-text('New game')")
        wait_screen(page, "start")
        open_archive(page)
        before = sorted(archived_codes(page))
        stats = people(page)

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


def test_an_archive_kept_before_tammany_hall_counted_is_counted_again(warm_context, url):
    """A game the archive kept when its summary left Tammany Hall out of the wards won (no
    `version`): the archive screen's figures are still the recount of R29, and the summary
    is kept made again."""
    from standings.summary import summarize

    case = FINISHED[0]  # Boss Tweed won Tammany Hall three times
    summary = summarize(case["code"])
    old = {k: v for k, v in summary.items() if k != "version"}
    tammany = {"Boss Tweed": 3}  # the wards an earlier version did not count
    old["seats"] = [{**seat, "wards": seat["wards"] - tammany.get(seat["name"], 0)}
                    for seat in summary["seats"]]
    record = {"code": case["code"], "finished": "2026-01-01T20:00:00.000Z", "summary": old}
    context = warm_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{url}?fast=1")
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "start")
        page.evaluate(KEEP_RECORD, record)
        page.reload()
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        wait_screen(page, "start")
        open_archive(page)
        check_statistics(people(page), [record])
        [kept] = page.evaluate(READ_RECORDS)
        assert kept["summary"] == summary
    finally:
        context.close()


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
