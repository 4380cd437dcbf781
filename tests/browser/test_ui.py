"""The page's UI at tablet and phone sizes, with hostile names, a corrupt autosave, a QR code,
a dead worker, full storage, and links over an unfinished game."""

import json
import re

import pytest
from layout_kit import damaged, played_until, turn_start
from playwright.sync_api import expect

from tammany.game import Game, Seat
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


SIZES = {"tablet": (1024, 768), "phone": (390, 844)}


def reachable_at_every_size(page) -> None:
    """REACHABLE finds nothing at a tablet's and a phone's size (the page resized in place:
    its layout is CSS alone); the page is left at the tablet's size."""
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        assert (name, page.evaluate(REACHABLE)) == (name, [])
    page.set_viewport_size({"width": SIZES["tablet"][0], "height": SIZES["tablet"][1]})
    settle(page)


def test_no_overflow_and_every_control_reachable(warm_page, url):
    """At a tablet's and a phone's size (a touch device): no sideways overflow, and every
    control on screen lies inside the viewport, is not covered and is at least 44 px — on the
    start screen (a link offered beside the new game's form and its seats), a turn of a game in
    the first term's last year (played in Python), mid-composition (a tray of choices), the
    election's privacy cover and the bid screen."""
    page = warm_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    page.goto(f"{url}?fast=1#g={LAST_YEAR_CODE}")
    ready(page)
    assert wait_screen(page, "start") == "start"
    assert shown(page, "#th-open-link") and shown(page, "#th-name-0")
    reachable_at_every_size(page)
    page.click("#th-open-link")
    page.wait_for_selector("#th-game[data-hash]", state="attached")
    settle(page)
    reachable_at_every_size(page)
    # Mid-composition (a tray of choices) and the privacy cover, too.
    page.click('#th-panel [data-action="boss_cube"]')
    settle(page)
    assert shown(page, "#th-panel .th-tray button")
    reachable_at_every_size(page)
    page.click('#th-panel [data-action="cancel"]')
    player = Player(page)
    while settle(page) != "cover":
        player.step()
    reachable_at_every_size(page)
    page.click("#th-reveal-bid")
    wait_screen(page, "bid")
    reachable_at_every_size(page)


HOSTILE = "<img src=x onerror=alert(1)>"   # 28 code points: the page refuses it, literally
SHORT_HOSTILE = "<b onclick=x>&amp;"       # 18 code points: a legal name, shown literally


def test_a_corrupt_autosave_and_hostile_names_leave_a_start_screen_that_plays_by_keyboard(
        warm_page, url):
    """A corrupt autosave leaves a working start screen: it says the save could not be read,
    offers no Continue and sets the record aside (kept, not deleted). A hostile name is refused
    and shown literally (no element made of it); legal names with markup and non-Latin letters
    start the game (by the keyboard: Enter on "Start the game") and are shown literally, with
    no handler attribute anywhere and no dialog ever opened. A tap that breaks a rule shows
    Python's reason next to it (ward 9 opens later).

    R12 by keyboard: Tab reaches the placing buttons and the highlighted wards, whose labels
    read the ward's number, cubes and bosses; Enter places; a ward that is not in play is
    refused in words (R7), never silently; Enter on "End the turn" passes the turn on."""
    page = warm_page(viewport={"width": 1024, "height": 768})
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.add_init_script("""
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("tammany.autosave", "{this is not json");
      }
    """)
    page.goto(url + "?seed=5&fast=1")
    ready(page)
    notice = page.locator("#th-start .th-notice").text_content()
    assert "could not be read" in notice
    assert page.is_hidden("#th-continue") if page.locator("#th-continue").count() else True
    # Set aside, not deleted.
    kept = page.evaluate("localStorage.getItem('tammany.autosave.unreadable')")
    assert kept == "{this is not json"

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
    page.focus("text=Start the game")
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    assert page.get_attribute("#th-game", "data-phase") == "turn"
    start_hash = game_hash(page)
    # A tap that breaks a rule shows Python's reason next to it (ward 9 opens later).
    page.locator('[data-ward="9"]').click(force=True)
    settle(page)
    assert "not in play" in page.locator("#th-feedback").text_content()
    assert page.is_visible("#th-feedback")
    names = page.locator(".tm-player-name").all_text_contents()
    assert SHORT_HOSTILE in names and "Ζωή 🎩" in names
    assert page.locator(".tm-players b[onclick], .th-app b[onclick]").count() == 0
    assert page.evaluate("[...document.querySelectorAll('[onclick], [onerror]')].length") == 0

    name = page.locator(".tm-player.is-to-act .tm-player-name").text_content()
    tab_to(page, lambda f: f["action"] == "bosses")
    page.keyboard.press("Enter")
    settle(page)
    # A ward not yet in play (zone III opens in year 9) is refused next to the ward, in words
    # (the words replace the tap's above: wait for them).
    page.focus('#th-game .tm-ward[data-ward="11"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#th-feedback:not([hidden])")
    expect(page.locator("#th-feedback .th-feedback-text")).to_have_text(
        "Ward 11 is not in play yet (its zone opens in year 9).")
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
    assert dialogs == []


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


def test_a_game_is_composed_undone_shared_and_outlives_its_worker(warm_context, url, tmp_path):
    """A damaged saved code (its tab was playing) is reported on the start screen and set
    aside, and a new game starts there. R12a composed tap by tap: the button and the first
    ward are looked up in the snapshot's choice tree (no request to the worker), the second
    ward sends the whole action once. Undo takes the placing back (hash and log as before).
    Share: the link is the game's, Copy says how it went, and the QR code decodes to the link,
    which opens the same game on another device (after asking, never silently). The worker
    dies while the page is idle: the next step reports it, restarts the worker and restores
    the game from the autosave (nothing lost), and the game goes on."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    page = warm_context(viewport={"width": 1024, "height": 768}).new_page()
    page.add_init_script(WORKER_HANDLES)
    page.add_init_script(COUNT_REQUESTS)
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
    page.goto(url + "?seed=7&fast=1")
    ready(page)
    assert shown(page, "#th-start")
    assert "could not be restored" in page.locator("#th-start .th-notice").text_content()
    assert page.evaluate("localStorage.getItem('tammany.autosave')") is None
    assert page.evaluate("localStorage.getItem('tammany.autosave.unreadable')")

    page.click("text=Start the game")
    page.wait_for_selector("#th-game:not([hidden])")
    settle(page)
    fresh_hash = game_hash(page)
    log_lines = page.locator(".tm-log-list li").count()
    # Composed tap by tap: no request until the action is whole.
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
    # Undo takes the placing back (hash and log as before); then place again.
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
    # The link opens the same game elsewhere (after asking, never silently): a phone.
    phone = warm_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    phone.goto(link)
    ready(phone)
    phone.click("#th-open-link")
    phone.wait_for_selector("#th-game:not([hidden])")
    settle(phone)
    assert game_hash(phone) == the_hash
    phone.close()

    page.click("#th-share .th-dialog-actions button")  # Close
    page.wait_for_selector("#th-share", state="hidden")
    settle(page)
    # The worker dies while the page is idle (as a crashed or killed worker does).
    workers = page.evaluate("window.__workers.length")
    page.evaluate("""() => {
      const w = window.__workers[window.__workers.length - 1];
      w.terminate();
      w.dispatchEvent(new ErrorEvent("error", { message: "killed by the test" }));
    }""")
    page.click('#th-panel [data-action="end"]')
    page.wait_for_function(f"window.__workers.length === {workers + 1}")
    page.wait_for_selector("#th-game .th-banner:has-text('restarted')", timeout=120_000)
    settle(page)
    assert game_hash(page) == the_hash  # restored from the autosave, nothing lost
    page.click('#th-panel [data-action="end"]')  # and the game goes on
    settle(page)
    assert game_hash(page) != the_hash


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


def autosave(page) -> str | None:
    return page.evaluate("localStorage.getItem('tammany.autosave')")


def new_tab(ctx, link: str):
    """`link` opened in a new tab of the device `ctx`, booted."""
    tab = ctx.new_page()
    tab.goto(link)
    ready(tab)
    return tab


def test_an_unfinished_game_is_never_replaced_without_asking(warm_context, url):
    """A player's unfinished game is never lost.

    A new tab on the same browser offers Continue; "Start the game" asks first, and "No" keeps
    the game, which Continue resumes. Two tabs on one game: the first tab's next step notices
    the other tab's save and says so, rather than silently overwriting it.

    A damaged #g= link is refused in words at once (nothing to replace the game with, no
    question asked), the autosave stays as it was and the fragment goes from the address bar
    (no history entry added); Continue resumes the autosaved game, and a reload resumes the same
    game at the same hash with no link offered.

    A good link is offered, never opened over the autosaved game without asking: declined
    ("No": keep the unfinished game), the offer goes, with the link's fragment, and the autosave
    stays as it was; Continue chosen over the offer removes the fragment, and a reload resumes
    the autosaved game, not the link's offer; opened and accepted, it replaces the autosaved
    game."""
    shared = Game([Seat("Dora", "black"), Seat("Emil", "brown"), Seat("Fay", "red")], 99)
    code = encode(shared)
    ctx, page = game_under_way(warm_context, url)
    the_hash = game_hash(page)

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
    assert game_hash(other) == the_hash
    # Two tabs on one game: the first tab's next step notices the other tab's save and says so,
    # rather than silently overwriting it.
    stored = autosave(page)
    page.click('#th-panel [data-action="end"]')
    settle(page)
    assert page.is_visible("#th-game .th-banner")
    assert "another tab" in page.locator("#th-game .th-banner").text_content()
    assert autosave(page) == stored
    page.close()

    # A damaged link: refused at once, nothing to replace the game with.
    linked = new_tab(ctx, url + "?fast=1#g=" + damaged(code))
    history = linked.evaluate("history.length")
    linked.click("#th-open-link")
    linked.wait_for_selector("text=This link was damaged on its way")
    assert settle(linked) == "start"
    assert not shown(linked, "#th-confirm")
    assert linked.is_hidden("#th-game")
    assert autosave(linked) == stored
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
    linked.close()

    # The good link, in a new tab: offered. Declined ("No": keep the unfinished game), the
    # offer goes, with the link's fragment.
    stored = autosave(other)
    linked = new_tab(ctx, url + "?fast=1#g=" + code)
    linked.click("#th-open-link")
    wait_screen(linked, "confirm")
    linked.click("#th-confirm-no")
    wait_screen(linked, "start")
    assert linked.is_hidden("#th-game")
    assert linked.locator("#th-open-link").count() == 0
    assert "#" not in linked.url
    assert autosave(linked) == stored
    linked.close()
    # Continue chosen over the offer: the fragment goes; a reload resumes the autosaved game.
    linked = new_tab(ctx, url + "?fast=1#g=" + code)
    assert shown(linked, "#th-open-link")
    linked.click("#th-continue")
    wait_screen(linked, "turn")
    assert "#" not in linked.url
    linked.reload()
    ready(linked)
    assert settle(linked) == "turn"
    assert game_hash(linked) == the_hash
    linked.close()
    # Opened again and accepted, it replaces the autosaved game.
    linked = new_tab(ctx, url + "?fast=1#g=" + code)
    linked.click("#th-open-link")
    wait_screen(linked, "confirm")
    linked.click("#th-confirm-yes")
    wait_screen(linked, "turn")
    assert game_hash(linked) == shared.hash()
    names = linked.locator(".tm-player .tm-player-name").all_text_contents()
    assert names == ["Dora", "Emil", "Fay"]
