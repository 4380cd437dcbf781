""""Suggest a move" on the page: off by default in a game between people, switched on per game
from the bar; the suggestion is Hard's move from the seat's view (py/tammany/suggest.py), shown
as a sentence with its reason and marked on the board, where the marked wards are ones the
page offers now (the choice tree's targets). On the sealed bid and the mayor's offices the
suggestion shown and made is Python's own for that position, and nothing of a bid's suggestion
reaches the next bidder (R34)."""

import io
import json
from pathlib import Path

import pytest
from axe_kit import scan
from layout_kit import open_code
from PIL import Image, ImageChops

import tutorialkit
from tammany.actions import EndTurn, from_json
from tammany.game import Game, Seat
from tammany.rng import Rng
from tammany.savecode import decode, encode
from tammany.suggest import suggest_for_game
from tools.gameplay import settle, shown, start_game, wait_moves, wait_screen


@pytest.mark.browser
def test_a_suggestion_is_marked_and_explained(warm_page, serve):
    page = warm_page({"width": 1280, "height": 900})
    start_game(page, f"{serve()}", 12)
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "false"  # people only
    assert not shown(page, "#th-suggest")
    page.click("#th-suggest-toggle")
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "true"
    page.click("#th-suggest")
    assert settle(page, timeout=120_000) == "turn"
    move, why = page.inner_text("#th-sug-move"), page.inner_text("#th-sug-why")
    assert move and why and "{" not in move + why
    marked = page.locator(".th-sug-target")
    assert marked.count() >= 1
    wards = page.locator("#th-game .tm-ward.th-sug-target")
    for i in range(wards.count()):
        assert "is-target" in wards.nth(i).get_attribute("class")
    # the setting belongs to this game: a reload keeps it
    page.reload()
    assert settle(page) == "turn"
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "true"
    # On a phone a finger taps the ward keys under the map: a marked ward's key is marked too.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#th-suggest")
    assert settle(page, timeout=120_000) == "turn"
    numbers = "nodes => nodes.map((n) => n.dataset.ward || n.dataset.wardKey).sort()"
    wards = page.eval_on_selector_all("#th-game .tm-ward.th-sug-target", numbers)
    assert wards, page.inner_text("#th-sug-move")
    assert page.eval_on_selector_all(".tm-ward-key.th-sug-target", numbers) == wards


# --- the sealed bid and the mayor's offices --------------------------------------------------
# A position is reached in Python (the rules package, as the worker runs it) and opened through
# its save code's link; the computers' moves the page then plays are played here too
# (tutorialkit.run_computers, as the page's bot_act does), so Python's suggestion for the same
# position is at hand, and the page's public hash proves it is the same position.

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "site" / "data" / "i18n" / "en.json").read_text("utf-8"))["strings"]
NATS = ("irish", "english", "german", "italian")
ONE_PERSON = [Seat("Ann", "red"), Seat("Bo", "yellow", "easy"), Seat("Cy", "purple", "easy")]


def reached(seats, seed: int, stop) -> Game:
    """A random game played until `stop(game)`."""
    game, rng = Game(seats, seed), Rng(seed)
    while not stop(game):
        seat = game.to_act()[0]
        game.apply(seat, game.random_action(seat, rng))
    return game


def worded(why: dict) -> str:
    """The English sentence of a reason, from the page's wording file."""
    params = dict(why["params"])
    key = f"sug.why.{why['code']}"
    if key not in EN:
        params["count"] = params["chips"]
        key += ".one" if params["chips"] == 1 else ".other"
    if "nat" in params:
        params["nat"] = EN[f"nat.{params['nat']}"]
    if "office" in params:
        params["office"] = EN[f"office.{params['office']}"]
    return EN[key].format(**params)


def open_at(page, url: str, game: Game) -> None:
    open_code(page, url, encode(game), "fast=1&pace=0")


def made(page, game: Game) -> tuple:
    """The move the page made after `game`'s moves: read back from the page's autosave (its
    save code, docs/ui.md "Saving"), whose earlier moves must be `game`'s."""
    n = len(game.history)
    wait_moves(page, n + 1)
    settle(page, timeout=120_000)
    saved = json.loads(page.evaluate("localStorage.getItem('tammany.autosave')"))
    history = decode(saved["code"]).history
    assert history[:n] == game.history
    return history[n]


def marked(page, scope: str) -> list:
    return page.locator(f"{scope} .th-sug-target").all()


@pytest.mark.browser
def test_the_bid_screen_suggests_hards_bid(warm_page, serve):
    """R24/R25/R34: on the bidder's own bid screen the suggestion is Python's (`suggest` on the
    seat's view), legal, marked on the + of each colour to bid and on Seal; tapping the marks
    seals that bid; once sealed, nothing of the suggestion is left in the page."""
    def stop(g):
        s = g.state
        return (s.phase == "bid" and 0 in s.election.bidders and len(s.election.bidders) >= 2
                and not s.election.bids)
    game = reached(ONE_PERSON, 8, stop)
    page = warm_page({"width": 1280, "height": 900})
    open_at(page, serve(), game)
    tutorialkit.run_computers(game)  # the rival's sealed bid, as the page plays it
    assert wait_screen(page, "bid", timeout=120_000) == "bid"
    assert page.get_attribute("#th-game", "data-hash") == game.hash()
    want = suggest_for_game(game, 0)
    action = from_json(want["action"])
    assert action in game.legal_actions(0)
    assert sum(action.n) >= 2, "this position should suggest a real bid (else it tests little)"

    assert page.locator("#th-cover #th-suggest").count() == 1  # inside the bid screen
    page.click("#th-cover #th-suggest")
    assert settle(page, timeout=180_000) == "bid"
    assert page.inner_text("#th-sug-why") == worded(want["why"])
    assert f"{game.state.election.ward}" in page.inner_text("#th-sug-move")
    steps = {el.get_attribute("data-step") or el.get_attribute("id")
             for el in marked(page, "#th-cover")}
    bids = {f"{nat}-more" for nat, n in zip(NATS, action.n, strict=True) if n}
    assert steps == bids | {"th-seal-bid"}
    assert scan(page) == []  # the bid screen with its suggestion: no serious axe finding

    for nat, n in zip(NATS, action.n, strict=True):
        for _ in range(n):
            page.click(f'#th-cover [data-step="{nat}-more"].th-sug-target')
    page.click("#th-seal-bid.th-sug-target")
    assert made(page, game) == (0, action)  # the page sealed exactly the suggested bid
    assert page.locator(".th-sug-target").count() == 0
    assert page.locator("#th-suggest-box").count() == 0


@pytest.mark.browser
def test_the_offices_dialog_suggests_hards_assignment(warm_page, serve):
    """R31: in the mayor's dialog the suggestion is Python's assignment, each office marked in
    its player's row (marks kept while choosing) with the reason naming the strongest rival;
    tapping the marks and confirming hands out exactly those offices."""
    game = reached(ONE_PERSON, 9, lambda g: g.state.phase == "offices" and g.to_act() == [0])
    page = warm_page({"width": 1280, "height": 900})
    open_at(page, serve(), game)
    assert wait_screen(page, "offices", timeout=120_000) == "offices"
    want = suggest_for_game(game, 0)
    action = from_json(want["action"])
    assert action in game.legal_actions(0)

    page.click("#th-offices #th-suggest")
    assert settle(page, timeout=180_000) == "offices"
    assert page.inner_text("#th-sug-why") == worded(want["why"])
    pairs = {}
    for el in marked(page, "#th-offices .th-office-rows"):
        seat = el.evaluate("e => e.closest('[data-seat]').dataset.seat")
        pairs[seat] = el.get_attribute("data-office")
    assert pairs == want["action"]["o"]
    assert page.locator("#th-offices-confirm.th-sug-target").count() == 1
    assert scan(page) == []

    for seat, office in want["action"]["o"].items():
        page.click(f'#th-offices [data-seat="{seat}"] [data-office="{office}"]')
        assert page.locator(f'#th-offices [data-seat="{seat}"] .th-sug-target').count() == 1
    page.click("#th-offices-confirm")
    assert made(page, game) == (0, action)
    assert page.locator(".th-sug-target").count() == 0


@pytest.mark.browser
def test_a_bid_suggestion_never_reaches_the_next_bidder(warm_page, serve):
    """R34, one device passed between people: the suggestion is offered on a bidder's own bid
    screen only, never on the cover; after the bid is sealed the next bidder's cover and bid
    screen hold nothing of it (no text, no mark), and their own suggestion is asked afresh."""
    seats = [Seat("Anna", "red"), Seat("Boss Tweed", "yellow"), Seat("Cornelius", "purple")]

    def last_turn(g):  # End turn starts an election whose first contested ward has 2 bidders
        s = g.state
        if s.phase != "turn" or EndTurn() not in g.legal_actions(s.current):
            return False
        after = s.clone()
        after.apply(s.current, EndTurn())
        return after.phase == "bid" and len(after.election.bidders) >= 2
    game = reached(seats, 4, last_turn)
    page = warm_page({"width": 1280, "height": 900})
    open_at(page, serve(), game)
    assert settle(page) == "turn"
    assert page.get_attribute("#th-suggest-toggle", "aria-pressed") == "false"  # people: off
    page.click("#th-suggest-toggle")
    page.click('#th-panel [data-action="end"]')
    assert wait_screen(page, "cover") == "cover"
    assert page.locator("#th-suggest-box").count() == 0

    page.click("#th-reveal-bid")
    assert wait_screen(page, "bid") == "bid"
    page.click("#th-cover #th-suggest")
    assert settle(page, timeout=180_000) == "bid"
    said = page.inner_text("#th-sug-move"), page.inner_text("#th-sug-why")
    assert all(said) and page.locator("#th-cover .th-sug-target").count() >= 1
    page.click("#th-seal-bid")

    assert wait_screen(page, "cover") == "cover"  # the next bidder's cover
    html = page.content()
    assert all(text not in html for text in said)
    assert page.locator(".th-sug-target").count() == 0
    assert page.locator("#th-suggest-box").count() == 0
    page.click("#th-reveal-bid")
    assert wait_screen(page, "bid") == "bid"
    assert page.locator("#th-cover #th-suggest").count() == 1
    assert page.inner_text("#th-sug-move") == "" and page.inner_text("#th-sug-why") == ""
    assert page.locator(".th-sug-target").count() == 0


# --- the mark on a ward is seen -----------------------------------------------------------------
# A ward "Suggest a move" marks (`.th-sug-target`, docs/ui.md) is seen over whatever else the ward
# shows: a target of the move being made (the marching outline), the ward tapped first (selected),
# a locked ward (its lock tag), a ward where bosses of two players stand — and as people with a
# colour vision deficiency see the page (Chromium's emulation of achromatopsia, deuteranopia,
# protanopia and tritanopia). Seen means: the picture of the ward's area with the mark differs
# from the one without it in many pixels, by a step anyone sees (issue 48: the marked Castle
# Garden cube changed ~700 pixels; the marked ward 0–11, hidden under the target's outline).

MARK = "th-sug-target"
VISIONS = ["none", "achromatopsia", "deuteranopia", "protanopia", "tritanopia"]
THREE_PEOPLE = [Seat("Anna", "red"), Seat("Boss Tweed", "yellow"), Seat("Cornelius", "purple")]
STEP = 60  # a change of a colour channel this large is plain to see


def contested_turn(game) -> bool:
    """A turn's start with a locked ward (R16) and a ward holding two players' bosses where
    the player to act may place."""
    s = game.state
    if s.phase != "turn" or s.placed or s.office_used or not s.locked:
        return False
    return bool(contested_targets(game))


def contested_targets(game) -> list[int]:
    s = game.state
    targets = {w for a in game.legal_actions(s.current) if a.kind == "bosses" for w in (a.a, a.b)}
    return sorted(w for w in targets if sum(1 for n in s.bosses[w] if n) >= 2)


def ward_area(page, ward: int) -> dict:
    """The ward's box on screen and a margin around it (taken once: a mark must not move it)."""
    box = page.locator(f'#th-game .tm-ward[data-ward="{ward}"]').bounding_box()
    return {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16,
            "height": box["height"] + 16}


def picture(page, area: dict) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot(clip=area))).convert("RGB")


def mark_shows(page, ward: int) -> tuple[int, int]:
    """The pixels of the ward's area that the mark changes by STEP or more, and the area's
    pixels: the same area pictured without the ward's mark and with it."""
    node = f'#th-game .tm-ward[data-ward="{ward}"]'
    page.eval_on_selector(node, f"n => n.classList.remove('{MARK}')")
    area = ward_area(page, ward)
    without = picture(page, area)
    page.eval_on_selector(node, f"n => n.classList.add('{MARK}')")
    with_mark = picture(page, area)
    page.eval_on_selector(node, f"n => n.classList.remove('{MARK}')")
    diff = ImageChops.difference(without, with_mark).convert("RGB")
    changed = sum(1 for px in diff.get_flattened_data() if max(px) >= STEP)
    return changed, without.width * without.height


@pytest.mark.browser
def test_a_marked_ward_is_seen_over_every_state_and_vision(warm_page, serve):
    game = reached(THREE_PEOPLE, 1, contested_turn)
    s = game.state
    locked = sorted(s.locked)[0]
    contested = contested_targets(game)[0]
    page = warm_page({"width": 1280, "height": 900})
    open_at(page, serve(), game)
    assert settle(page) == "turn"
    assert page.get_attribute("#th-game", "data-hash") == game.hash()
    ward = '#th-game .tm-ward[data-ward="{}"]'
    assert "is-target" in page.get_attribute(ward.format(contested), "class")
    assert "is-locked" in page.get_attribute(ward.format(locked), "class")
    plain = next(w for w in range(1, 18) if w not in (contested, locked)
                 and "is-target" in page.get_attribute(ward.format(w), "class"))
    cdp = page.context.new_cdp_session(page)
    seen = {}

    def look(state: str, n: int) -> None:
        for vision in VISIONS:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
            if vision == "achromatopsia":  # the emulation is in the pictures taken
                grey = picture(page, ward_area(page, n)).get_flattened_data()
                assert all(r == g == b for r, g, b in grey)
            seen[f"{state} ward {n} ({vision})"] = mark_shows(page, n)
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})

    look("target", plain)
    look("contested target", contested)
    look("locked", locked)
    page.click(ward.format(plain))  # the first boss's ward: selected, the second's to choose
    page.wait_for_selector(f"{ward.format(plain)}.is-selected", state="attached")
    settle(page)
    look("selected", plain)
    faint = {k: v for k, v in seen.items() if v[0] < max(600, v[1] // 10)}
    assert not faint, f"marks hardly seen (changed pixels, of): {faint}; all: {seen}"
