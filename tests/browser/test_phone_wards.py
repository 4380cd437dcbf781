"""Phones: every ward gives a finger at least 44 × 44 px (docs/ui.md, "Layout").

At 360 × 740 and 390 × 844 the map is drawn so small that a 44 px finger on the narrowest
wards' label points touches their neighbours too, so a key per ward sits under the map. The
test measures every ward's key in the page (size, on screen, not covered), then plays a
placement with two taps on keys — the same as two taps on the map — and checks the page
highlights the keys as it highlights the wards. "Learn to play" on a phone takes only its own
move, whether made with the keys, the keyboard or taps on the map."""

import pytest
from layout_kit import codes, open_code, open_lesson
from playwright.sync_api import expect

import build
import tutorialkit
from tammany.board import WARDS
from tools.gameplay import settle, wait_moves

pytestmark = pytest.mark.browser

PHONES = [(360, 740), (390, 844)]

# For each ward: its key's box, and whether a finger on the key's middle lands on the key.
MEASURE = """() => [...document.querySelectorAll("#th-game [data-ward]")].map((ward) => {
  const n = ward.dataset.ward;
  const key = document.querySelector(`[data-ward-key="${n}"]`);
  if (!key) return { n, missing: true };
  key.scrollIntoView({ block: "center" });
  const r = key.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { n, width: r.width, height: r.height, left: r.left, right: r.right,
           landed: hit === key || key.contains(hit), name: key.getAttribute("aria-label") };
})"""


@pytest.fixture(scope="module")
def code():
    return codes(3)["turn"]


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_every_ward_has_a_key_a_finger_can_hit(warm_page, serve, code, size):
    width, height = size
    page = warm_page(viewport={"width": width, "height": height}, has_touch=True)
    open_code(page, serve(), code)
    assert settle(page) == "turn"
    keys = page.evaluate(MEASURE)
    assert sorted(int(k["n"]) for k in keys) == sorted(WARDS)
    problems = [k for k in keys if k.get("missing") or not k["landed"] or k["width"] < 44
                or k["height"] < 44 or k["left"] < 0 or k["right"] > width]
    assert problems == []
    # Each key is named as its ward is on the map (number, cubes, bosses, what it offers now).
    for k in keys:
        ward_name = page.get_attribute(f'#th-game [data-ward="{k["n"]}"]', "aria-label")
        assert k["name"] == ward_name and k["n"] in k["name"]


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_two_taps_on_keys_place_two_bosses(warm_page, serve, code, size):
    width, height = size
    page = warm_page(viewport={"width": width, "height": height}, has_touch=True)
    open_code(page, serve(), code)
    moves = int(page.get_attribute("#th-game", "data-moves"))
    numbers = "nodes => nodes.map((n) => n.dataset.ward || n.dataset.wardKey)"
    targets = page.eval_on_selector_all("#th-game .tm-ward.is-target", numbers)
    assert targets, "a turn's start offers wards to place bosses in"
    keyed = page.eval_on_selector_all(".tm-ward-key.is-target", numbers)
    assert keyed == targets
    ward = targets[0]
    page.tap(f'[data-ward-key="{ward}"]')
    settle(page)
    assert "is-selected" in page.get_attribute(f'[data-ward-key="{ward}"]', "class").split()
    page.tap(f'[data-ward-key="{ward}"]')  # the second boss in the same ward
    wait_moves(page, moves + 1)
    settle(page)
    log = page.locator(".tm-log-list li").all_text_contents()
    assert any(f"two bosses in ward {ward}" in line for line in log), log[:3]


# --- "Learn to play" with the phone's ward keys (issue 48, item 3) -----------------------------
NUDGE = "Tap the highlighted place to go on."
SELECTED = "#th-game .tm-ward.is-selected, .tm-ward-key.is-selected"


def lesson_at(page, url: str, step: int) -> None:
    """The lesson at `step` (its index), from storage: "Continue the lesson" on the start."""
    page.goto(f"{url}?fast=1&pace=0")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    settle(page)
    tutorialkit.store_lesson(page, step, playing=False)
    page.reload()
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert settle(page) == "start"
    page.click("#th-learn-resume")
    assert settle(page) == "turn"
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", str(step))


def marked(page) -> list[str]:
    """What the lesson marks: wards and keys by number, other controls by id or action.
    A tap on a mark clears the marks and the lesson marks its next tap a moment later
    (tutorial.js, guard), so this waits until something is marked."""
    page.wait_for_selector(".th-tut-target", state="attached")
    return page.eval_on_selector_all(".th-tut-target", """nodes => nodes.map((n) =>
        n.dataset.wardKey ? `key ${n.dataset.wardKey}` : n.dataset.ward ? `ward ${n.dataset.ward}`
        : n.dataset.castle ? `cube ${n.dataset.castle}` : n.dataset.action || n.id)""")


def refused(page) -> None:
    """The tap or key did nothing but the nudge: no ward chosen, the lesson's step as it was."""
    expect(page.locator("#th-tut-text")).to_have_text(NUDGE)
    assert settle(page) == "turn"
    assert page.locator(SELECTED).count() == 0


def test_the_lesson_takes_only_its_own_move_by_keys_keyboard_or_map(warm_page, serve):
    """The lesson's step 6 (two bosses, wards 4 and 6) and step 8 (a German cube into ward 6
    and a boss into ward 4, R12b) on a phone: a key or Enter on a ward other than the one marked
    is refused with the nudge and chooses nothing; the marked ward's key is marked with it, and
    the move made by keys, the keyboard and taps on the map is the script's own (the game's
    hash is the script's at step 9)."""
    page = warm_page(viewport={"width": 390, "height": 844}, has_touch=True)
    lesson_at(page, serve(), 6)
    assert sorted(marked(page)) == ["key 4", "ward 4"]
    offered = page.eval_on_selector_all("#th-game .tm-ward.is-target",
                                        "ns => ns.map((n) => n.dataset.ward)")
    assert "6" in offered and "7" in offered  # wards a boss may go to now: the lesson's and another
    moves = int(page.get_attribute("#th-game", "data-moves"))
    page.tap('[data-ward-key="6"]')  # a key the lesson did not mark
    refused(page)
    page.focus('#th-game .tm-ward[data-ward="7"]')
    page.keyboard.press("Enter")  # a ward the lesson did not mark, by keyboard
    refused(page)
    assert int(page.get_attribute("#th-game", "data-moves")) == moves
    page.tap('[data-ward-key="4"]')
    settle(page)
    assert sorted(marked(page)) == ["key 6", "ward 6"]
    page.tap('[data-ward-key="6"]')
    wait_moves(page, moves + 1)
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "7")
    page.tap("#th-panel [data-action='end']")  # End turn; the computers move
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "8")
    assert settle(page) == "turn"
    assert marked(page) == ["cube german"]
    page.focus('#th-game [data-castle="german"]')
    page.keyboard.press("Enter")  # the marked cube, by keyboard
    settle(page)
    assert sorted(marked(page)) == ["key 6", "ward 6"]
    page.tap('[data-ward-key="4"]')  # the cube's ward must be the lesson's
    refused(page)
    page.tap('[data-ward-key="6"]')
    settle(page)
    assert sorted(marked(page)) == ["key 4", "ward 4"]
    page.tap('#th-game .tm-ward[data-ward="4"]')  # the boss, on the map
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "9")
    settle(page)
    game, _ = tutorialkit.play(tutorialkit.load(), upto=9)
    assert page.get_attribute("#th-game", "data-hash") == game.hash()


# What a finger must tap is wholly on screen, at least 44 × 44 px and not covered (issue 55,
# item 6).
ON_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length).flatMap((el) => {
    const r = el.getBoundingClientRect();
    const name = el.id || el.dataset.choice || el.dataset.wardKey || el.className;
    const out = [];
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      const span = `${Math.round(r.top)}..${Math.round(r.bottom)}`;
      out.push(`${name} off screen: ${span} of ${innerHeight}`);
    }
    if (r.width < 44 || r.height < 44) out.push(`${name} smaller than 44px`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === el || el.contains(hit))) out.push(`${name} covered`);
    return out;
  })"""


def test_the_lessons_cube_choice_opens_on_a_phones_screen(warm_page, serve):
    """The lesson's step 15 (index 14: as Precinct Chairman, ward 2's German cube to ward 1) on a
    390 × 844 phone scrolled down to the ward keys, ward 2 on the map above the screen: the
    key's popover of cubes (which immigrant) opens wholly on screen, every button a finger's."""
    page = warm_page(viewport={"width": 390, "height": 844}, has_touch=True)
    lesson_at(page, serve(), 14)
    page.tap("#th-panel .th-tut-target")  # the office's button
    settle(page)
    assert sorted(marked(page)) == ["key 2", "ward 2"]
    page.eval_on_selector('[data-ward-key="2"]', "key => key.scrollIntoView({ block: 'start' })")
    bottom = "ward => ward.getBoundingClientRect().bottom"
    assert page.eval_on_selector('#th-game [data-ward="2"]', bottom) < 0  # above the screen
    page.tap('[data-ward-key="2"]')
    settle(page)
    page.wait_for_selector("#th-popover .th-tut-target", state="attached")
    assert page.evaluate(ON_SCREEN, "#th-popover button") == []
    page.tap("#th-popover .th-tut-target")  # the German cube
    settle(page)
    assert sorted(marked(page)) == ["key 1", "ward 1"]
    page.tap('[data-ward-key="1"]')
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "15")


# The lesson's card (its step and sentence), the marked ward on the map and its key, each
# wholly on screen: which are not.
CARD_AND_MARK = """() => {
  const out = [];
  const parts = { "the step": "#th-tutorial .th-tut-counter", "the sentence": "#th-tut-text",
                  "the ward": "#th-game .tm-ward.th-tut-target",
                  "its key": ".tm-ward-key.th-tut-target" };
  for (const [name, selector] of Object.entries(parts)) {
    const el = document.querySelector(selector);
    if (!el) { out.push(`${name} missing`); continue; }
    const r = el.getBoundingClientRect();
    const span = `${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
    if (r.top < 0 || r.bottom > innerHeight) out.push(`${name} off screen: ${span}`);
  }
  return out;
}"""


def test_the_lessons_card_shares_a_phones_screen_with_the_ward_it_marks(warm_page, serve):
    """The lesson's steps 15 and 16 (index 14: as Precinct Chairman, ward 2's German cube to
    ward 1; index 15: bosses in wards 5 and 7) on a 390 × 844 phone, then a 360 × 740 one: the
    learner taps the office's button low in the table, so the page is scrolled down to it; at
    each ward the lesson marks next, the ward on the map, its key under the map and the card's
    step and sentence are all on screen together (issue 55, item 6: the card sat below the
    screen when the learner scrolled up to the ward)."""
    page = warm_page(viewport={"width": 390, "height": 844}, has_touch=True)
    open_lesson(page, serve(), 14, "fast=1&pace=0")
    office = "#th-panel .th-tut-target"  # the office's button, scrolled to the top to be read
    page.eval_on_selector(office, "b => b.scrollIntoView({ block: 'start' })")
    page.tap(office)
    settle(page)
    problems = []
    assert sorted(marked(page)) == ["key 2", "ward 2"]
    problems += [f"390x844 ward 2: {p}" for p in page.evaluate(CARD_AND_MARK)]
    page.tap('[data-ward-key="2"]')
    settle(page)
    page.tap("#th-popover .th-tut-target")  # the German cube
    settle(page)
    assert sorted(marked(page)) == ["key 1", "ward 1"]
    problems += [f"390x844 ward 1: {p}" for p in page.evaluate(CARD_AND_MARK)]
    page.tap('[data-ward-key="1"]')
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "15")
    settle(page)
    page.set_viewport_size({"width": 360, "height": 740})
    page.eval_on_selector("#th-tut-text", "t => t.scrollIntoView({ block: 'start' })")
    page.tap('[data-ward-key="5"]')
    settle(page)
    assert sorted(marked(page)) == ["key 7", "ward 7"]
    problems += [f"360x740 ward 7: {p}" for p in page.evaluate(CARD_AND_MARK)]
    page.tap('[data-ward-key="7"]')
    expect(page.locator("#th-tutorial")).to_have_attribute("data-step", "16")
    assert problems == [], "\n".join(problems)
