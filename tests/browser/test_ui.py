"""The page's UI at tablet and phone sizes, with hostile names, a corrupt autosave and a QR code."""

import json
import re

import pytest
from layout_kit import open_code, played_until, turn_start

from tammany.savecode import encode
from tools.gameplay import Player, game_hash, ready, settle, shown, start_game, wait_screen

pytestmark = pytest.mark.browser

# Every control on screen: scrolled into view, it lies inside the viewport's width, is not
# covered by something else (the element at its centre is it or inside it), and HTML controls
# are at least 44 px in both directions (touch first). Returns the problems found.
REACHABLE = """
() => {
  const problems = [];
  for (const d of document.querySelectorAll("details")) d.open = true;  // what they hold counts
  const doc = document.scrollingElement;
  if (doc.scrollWidth > window.innerWidth + 1) problems.push(`overflow: ${doc.scrollWidth}px`);
  // Under a modal dialog the page behind is inert on purpose: check the dialog's controls.
  const scope = document.querySelector("dialog:modal") || document;
  const controls = [...scope.querySelectorAll(
    "button, input, textarea, select, summary, [role=button], [role=radio], a[href]")];
  for (const el of controls) {
    if (el.closest("[hidden], dialog:not([open])") || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") continue;
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute("aria-label") || el.textContent || el.id || el.tagName)
      .trim().slice(0, 40);
    if (r.left < -1 || r.right > window.innerWidth + 1) problems.push(`off screen: ${name}`);
    const isSvg = el instanceof SVGElement;
    const field = el.tagName === "INPUT" || el.tagName === "TEXTAREA";
    if (!isSvg && !field && (r.width < 44 || r.height < 44))
      problems.push(`smaller than 44px: ${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (!isSvg) {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) problems.push(`covered: ${name}`);
    }
  }
  for (const d of document.querySelectorAll("details")) d.open = false;
  return problems;
}
"""


@pytest.fixture(scope="module")
def url(serve):
    return serve()


LAST_YEAR_CODE = encode(played_until(3, 7, turn_start(4)))


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)], ids=["tablet", "phone"])
def test_no_overflow_and_every_control_reachable(warm_page, url, size):
    width, height = size
    page = warm_page(viewport={"width": width, "height": height}, has_touch=True)
    page.goto(url + "?seed=7&fast=1")
    ready(page)
    assert page.evaluate(REACHABLE) == []
    # A game in the first term's last year (played in Python): a turn, then the election's cover.
    open_code(page, url, LAST_YEAR_CODE)
    assert page.evaluate(REACHABLE) == []
    # Mid-composition (a tray of choices) and the privacy cover, too.
    page.click('#th-panel [data-action="boss_cube"]')
    settle(page)
    assert shown(page, "#th-panel .th-tray button")
    assert page.evaluate(REACHABLE) == []
    page.click('#th-panel [data-action="cancel"]')
    player = Player(page)
    while settle(page) != "cover":
        player.step()
    assert page.evaluate(REACHABLE) == []
    page.click("#th-reveal-bid")
    wait_screen(page, "bid")
    assert page.evaluate(REACHABLE) == []


HOSTILE = "<img src=x onerror=alert(1)>"   # 28 code points: the page refuses it, literally
SHORT_HOSTILE = "<b onclick=x>&amp;"       # 18 code points: a legal name, shown literally


def test_hostile_names_are_shown_literally(warm_page, url):
    page = warm_page(viewport={"width": 1024, "height": 768})
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url + "?seed=3&fast=1")
    ready(page)
    page.fill("#th-name-0", HOSTILE)
    assert page.input_value("#th-name-0") == HOSTILE
    page.click("text=Start the game")
    settle(page)
    refusal = page.locator("#th-start-error").text_content()
    assert HOSTILE in refusal and "at most 20 characters" in refusal
    assert page.is_hidden("#th-game")
    assert page.locator("img[src=x], #th-start img").count() == 0
    assert page.evaluate("document.querySelectorAll('img').length") == 0

    page.fill("#th-name-0", SHORT_HOSTILE)
    page.fill("#th-name-1", "Ζωή 🎩")
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    # A tap that breaks a rule shows Python's reason next to it (ward 9 opens later).
    page.locator('[data-ward="9"]').click(force=True)
    settle(page)
    assert "not in play" in page.locator("#th-feedback").text_content()
    assert page.is_visible("#th-feedback")
    names = page.locator(".tm-player-name").all_text_contents()
    assert SHORT_HOSTILE in names and "Ζωή 🎩" in names
    assert page.locator(".tm-players b[onclick], .th-app b[onclick]").count() == 0
    assert page.evaluate("[...document.querySelectorAll('[onclick], [onerror]')].length") == 0
    assert dialogs == []


def test_a_corrupt_autosave_leaves_a_working_start_screen(warm_page, url):
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.add_init_script("""
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("tammany.autosave", "{this is not json");
      }
    """)
    page.goto(url + "?fast=1")
    ready(page)
    notice = page.locator("#th-start .th-notice").text_content()
    assert "could not be read" in notice
    assert page.is_hidden("#th-continue") if page.locator("#th-continue").count() else True
    # Set aside, not deleted.
    kept = page.evaluate("localStorage.getItem('tammany.autosave.unreadable')")
    assert kept == "{this is not json"
    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    assert page.get_attribute("#th-game", "data-phase") == "turn"


def test_a_damaged_saved_code_is_reported_and_set_aside(warm_page, url):
    page = warm_page(viewport={"width": 1024, "height": 768})
    record = {"format": "tammany-autosave/1", "code": "BJkI9YhvzmfS5v6eZw4cAAAAAAAAAAAwOZRPX",
              "hash": "", "moves": 0, "over": False, "year": 1, "names": ["A", "B", "C"],
              "tab": "x", "at": 0}
    page.add_init_script(f"""
      if (!sessionStorage.getItem("seeded")) {{
        sessionStorage.setItem("seeded", "1");
        sessionStorage.setItem("tammany.playing", "1");
        localStorage.setItem("tammany.autosave", {json.dumps(json.dumps(record))});
      }}
    """)
    page.goto(url + "?fast=1")
    ready(page)
    assert shown(page, "#th-start")
    assert "could not be restored" in page.locator("#th-start .th-notice").text_content()
    assert page.evaluate("localStorage.getItem('tammany.autosave')") is None
    assert page.evaluate("localStorage.getItem('tammany.autosave.unreadable')")


def game_under_way(warm_context, url):
    """A device (a warm one, conftest.py) whose first tab has a game started (seed 11) and its
    first placing made, so an unfinished game is autosaved: (device, page)."""
    ctx = warm_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    start_game(page, url, 11)
    page.click('#th-panel [data-action="bosses"]')
    Player(page).compose()
    settle(page)
    return ctx, page


def test_continue_asks_before_replacing_and_two_tabs_do_not_overwrite(warm_context, url):
    ctx, page = game_under_way(warm_context, url)
    saved_hash = game_hash(page)
    # A new tab on the same browser: the start screen offers Continue.
    other = ctx.new_page()
    other.goto(url + "?fast=1")
    ready(other)
    assert shown(other, "#th-continue")
    other.click("text=Start the game")
    wait_screen(other, "confirm")
    assert shown(other, "#th-confirm")
    other.click("#th-confirm-no")
    wait_screen(other, "start")
    assert other.is_hidden("#th-game")
    other.click("#th-continue")
    other.wait_for_selector("#th-game:not([hidden])")
    settle(other)
    assert game_hash(other) == saved_hash
    # Two tabs on one game: the first tab's next step notices the other tab's save and says so,
    # rather than silently overwriting it.
    stored = page.evaluate("localStorage.getItem('tammany.autosave')")
    page.click('#th-panel [data-action="end"]')
    settle(page)
    assert page.is_visible("#th-game .th-banner")
    assert "another tab" in page.locator("#th-game .th-banner").text_content()
    assert page.evaluate("localStorage.getItem('tammany.autosave')") == stored


def test_the_qr_code_decodes_to_the_games_link(warm_context, url, tmp_path):
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    ctx = warm_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    start_game(page, url, 5)
    fresh_hash = game_hash(page)
    log_lines = page.locator(".tm-log-list li").count()
    # Undo takes the placing back (hash and log as before); then place again.
    page.click('#th-panel [data-action="bosses"]')
    Player(page).compose()
    settle(page)
    assert game_hash(page) != fresh_hash
    page.click('#th-panel [data-action="undo"]')
    settle(page)
    assert game_hash(page) == fresh_hash
    assert page.locator(".tm-log-list li").count() == log_lines
    page.click('#th-panel [data-action="bosses"]')
    Player(page).compose()
    settle(page)
    the_hash = game_hash(page)
    page.click("#th-share-button")
    link = page.input_value("#th-share-link")
    assert "#g=" in link and link.startswith(url)
    page.click("#th-copy-link")
    # The clipboard answers asynchronously: wait for the status to say how it went.
    page.wait_for_selector("#th-share .th-status:not(:empty)")
    copied = page.locator("#th-share .th-status").text_content()
    assert copied in ("Link copied.", "Copying was not allowed: select the link and copy it.")
    page.click("#th-show-qr")
    page.wait_for_selector("#th-qr svg", timeout=60_000)
    shot = tmp_path / "qr.png"
    page.locator("#th-qr svg").screenshot(path=str(shot))
    decoded = [r.text for r in zxingcpp.read_barcodes(Image.open(shot))]
    assert decoded == [link]
    # The link opens the same game elsewhere (after asking, never silently).
    fresh = warm_context(viewport={"width": 1024, "height": 768}).new_page()  # another device
    fresh.goto(link)
    ready(fresh)
    fresh.click("#th-open-link")
    fresh.wait_for_selector("#th-game:not([hidden])")
    settle(fresh)
    assert game_hash(fresh) == the_hash


# Keeps a handle on each worker the page starts, so a test can make one fail.
WORKER_HANDLES = """
(() => {
  const Real = window.Worker;
  window.__workers = [];
  window.Worker = class extends Real {
    constructor(...args) { super(...args); window.__workers.push(this); }
  };
})();
"""


def test_a_dead_worker_is_reported_restarted_and_the_game_restored(warm_page, url):
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.add_init_script(WORKER_HANDLES)
    start_game(page, url, 9)
    page.click('#th-panel [data-action="bosses"]')
    Player(page).compose()
    settle(page)
    before = game_hash(page)
    # The worker dies while the page is idle (as a crashed or killed worker does).
    page.evaluate("""() => {
      const w = window.__workers[window.__workers.length - 1];
      w.terminate();
      w.dispatchEvent(new ErrorEvent("error", { message: "killed by the test" }));
    }""")
    page.click('#th-panel [data-action="end"]')
    page.wait_for_function("window.__workers.length === 2")
    page.wait_for_selector("#th-game .th-banner:has-text('restarted')", timeout=120_000)
    settle(page)
    assert game_hash(page) == before  # restored from the autosave, nothing lost
    page.click('#th-panel [data-action="end"]')  # and the game goes on
    settle(page)
    assert game_hash(page) != before


def test_full_storage_is_reported_and_the_game_goes_on_in_memory(warm_page, url):
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.add_init_script("""
      Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    """)
    start_game(page, url, 13)
    banner = page.locator("#th-game .th-banner")
    assert banner.is_visible() and "could not be saved" in banner.text_content()
    before = game_hash(page)
    page.click('#th-panel [data-action="bosses"]')
    Player(page).compose()
    settle(page)
    assert game_hash(page) != before


def focused(page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement;
      return { id: el.id, action: el.dataset.action ?? null, ward: el.dataset.ward ?? null,
               target: el.classList.contains("is-target"),
               label: el.getAttribute("aria-label") }; }""")


def tab_to(page, wanted, limit: int = 80) -> dict:
    """Press Tab until the focused element satisfies `wanted`; fail if it never does."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if wanted(now):
            return now
    raise AssertionError("Tab never reached the control")


def test_a_turn_can_be_played_with_the_keyboard_alone(warm_page, url):
    """R12 by keyboard: Tab reaches the placing buttons and the highlighted wards, whose labels
    read the ward's number, cubes and bosses; Enter places; a ward that is not in play is
    refused in words (R7), never silently."""
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.goto(url + "?seed=5&fast=1")
    ready(page)
    page.focus("text=Start the game")
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    start_hash = game_hash(page)
    name = page.locator(".tm-player.is-to-act .tm-player-name").text_content()
    tab_to(page, lambda f: f["action"] == "bosses")
    page.keyboard.press("Enter")
    settle(page)
    # A ward not yet in play (zone III opens in year 9) is refused next to the ward, in words.
    page.focus('#th-game .tm-ward[data-ward="11"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-feedback:not([hidden])")
    assert page.locator("#th-feedback .th-feedback-text").text_content() == \
        "Ward 11 is not in play yet (its zone opens in year 9)."
    assert page.locator("#th-feedback .th-rule-link").text_content() == "Wards in play"
    assert game_hash(page) == start_hash
    for _ in range(2):
        ward = tab_to(page, lambda f: f["ward"] is not None and f["target"])
        assert ward["label"].startswith(f"Ward {ward['ward']}")
        assert "can be chosen now" in ward["label"]
        # e.g. "Ward 6; 1 German; no bosses; can be chosen now"
        assert re.search(r"; \d+ (Irish|English|German|Italian)", ward["label"]), ward
        assert "bosses" in ward["label"], ward
        page.keyboard.press("Enter")
        settle(page)
    assert game_hash(page) != start_hash
    assert any(line.startswith(name) and "places" in line
               for line in page.locator(".tm-log-list li").all_text_contents())
    tab_to(page, lambda f: f["action"] == "end")
    page.keyboard.press("Enter")
    settle(page)
    assert page.locator(".tm-player.is-to-act .tm-player-name").text_content() != name


def test_a_game_link_asks_before_replacing_an_unfinished_game(warm_context, url):
    """A player's unfinished game is never lost: opening a #g= link never overwrites an autosaved
    game without asking; a damaged link is refused in words and the autosave stays as it was."""
    from tammany.game import Game, Seat
    from tammany.savecode import encode

    shared = Game([Seat("Dora", "black"), Seat("Emil", "brown"), Seat("Fay", "red")], 99)
    code = encode(shared)
    ctx, page = game_under_way(warm_context, url)
    stored = page.evaluate("localStorage.getItem('tammany.autosave')")

    linked = ctx.new_page()
    linked.goto(url + "?fast=1#g=" + damaged(code))
    ready(linked)
    linked.click("#th-open-link")
    linked.wait_for_selector("text=This link was damaged on its way")
    assert settle(linked) == "start"  # refused at once: nothing to replace it with
    assert not shown(linked, "#th-confirm")
    assert linked.is_hidden("#th-game")
    assert linked.evaluate("localStorage.getItem('tammany.autosave')") == stored

    # The good link, in a new tab: offered. Declined ("No": keep the unfinished game), the
    # offer goes, with the link's fragment.
    linked = ctx.new_page()
    linked.goto(url + "?fast=1#g=" + code)
    ready(linked)
    linked.click("#th-open-link")
    wait_screen(linked, "confirm")
    linked.click("#th-confirm-no")
    wait_screen(linked, "start")
    assert linked.is_hidden("#th-game")
    assert linked.locator("#th-open-link").count() == 0
    assert "#" not in linked.url
    assert linked.evaluate("localStorage.getItem('tammany.autosave')") == stored
    # Opened again and accepted, it replaces the autosaved game.
    linked = ctx.new_page()
    linked.goto(url + "?fast=1#g=" + code)
    ready(linked)
    linked.click("#th-open-link")
    wait_screen(linked, "confirm")
    linked.click("#th-confirm-yes")
    wait_screen(linked, "turn")
    assert game_hash(linked) == shared.hash()
    names = linked.locator(".tm-player .tm-player-name").all_text_contents()
    assert names == ["Dora", "Emil", "Fay"]


def damaged(code: str) -> str:
    """The code with its last three characters changed (its check digits no longer match)."""
    return code[:-3] + ("AAA" if code[-3:] != "AAA" else "BBB")


def test_a_refused_link_leaves_no_trace_and_a_reload_resumes_the_game(warm_context, url):
    """A damaged link is refused; Continue resumes the autosaved game, the fragment is
    gone from the address bar (no history entry added), and a reload resumes the same game at
    the same hash with no link offered."""
    ctx, page = game_under_way(warm_context, url)
    the_hash = game_hash(page)
    code = page.evaluate("JSON.parse(localStorage.getItem('tammany.autosave')).code")
    linked = ctx.new_page()
    linked.goto(url + "?fast=1#g=" + damaged(code))
    ready(linked)
    history = linked.evaluate("history.length")
    linked.click("#th-open-link")
    linked.wait_for_selector("text=This link was damaged on its way")
    assert settle(linked) == "start"
    assert "#" not in linked.url  # refused: the fragment goes at once
    linked.click("#th-continue")
    assert wait_screen(linked, "turn") == "turn"
    assert game_hash(linked) == the_hash
    assert "#" not in linked.url
    assert linked.evaluate("history.length") == history
    linked.reload()
    ready(linked)
    assert settle(linked) == "turn"  # resumed, not the start screen offering the link
    assert linked.is_hidden("#th-start")
    assert game_hash(linked) == the_hash


def test_continue_over_a_good_link_declines_it_for_good(warm_context, url):
    """Choosing Continue (the autosaved game) over a good link removes the link's
    fragment; a reload resumes the autosaved game, not the link's offer."""
    from tammany.game import Game, Seat
    from tammany.savecode import encode

    other = encode(Game([Seat("Dora", "black"), Seat("Emil", "brown"), Seat("Fay", "red")], 99))
    ctx, page = game_under_way(warm_context, url)
    the_hash = game_hash(page)
    linked = ctx.new_page()
    linked.goto(url + "?fast=1#g=" + other)
    ready(linked)
    assert shown(linked, "#th-open-link")
    linked.click("#th-continue")
    wait_screen(linked, "turn")
    assert "#" not in linked.url
    linked.reload()
    ready(linked)
    assert settle(linked) == "turn"
    assert game_hash(linked) == the_hash


# Counts the page's messages to its worker (requests), whatever module sends them.
COUNT_REQUESTS = """
(() => {
  window.__requests = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.method) window.__requests.push(message.method);
    return post.call(this, message, ...rest);
  };
})();
"""


def test_choosing_taps_need_no_request_and_the_last_sends_the_action(warm_page, url):
    """R12a composed tap by tap: the button and the first ward are looked up in the snapshot's
    choice tree (no request to the worker), the second ward sends the whole action once."""
    page = warm_page(viewport={"width": 1024, "height": 768})
    page.add_init_script(COUNT_REQUESTS)
    start_game(page, url, 7)
    moves = page.get_attribute("#th-game", "data-moves")
    before = page.evaluate("window.__requests.length")
    page.click('#th-panel [data-action="bosses"]')
    settle(page)
    first = page.locator("#th-game .tm-ward.is-target").first
    ward = first.get_attribute("data-ward")
    first.click()
    settle(page)
    assert page.evaluate("window.__requests.length") == before  # two choosing taps, no request
    assert "second boss" in page.locator("#th-hint").text_content()
    assert page.locator(f'#th-game .tm-ward.is-target[data-ward="{ward}"]').count() == 1
    page.locator(f'#th-game .tm-ward.is-target[data-ward="{ward}"]').click()
    settle(page)
    assert page.evaluate(f"window.__requests.slice({before})") == ["act"]
    assert page.get_attribute("#th-game", "data-moves") == str(int(moves) + 1)
