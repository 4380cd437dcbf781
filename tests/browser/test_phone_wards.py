"""Phones: every ward gives a finger at least 44 × 44 px (docs/ui.md, "Layout").

At 360 × 740 and 390 × 844 the map is drawn so small that a 44 px finger on the narrowest
wards' label points touches their neighbours too, so a key per ward sits under the map. The
test measures every ward's key in the page (size, on screen, not covered), then plays a
placement with two taps on keys — the same as two taps on the map — and checks the page
highlights the keys as it highlights the wards."""

import pytest
from gameplay import settle, wait_moves
from layout_kit import codes, open_code

from tammany.board import WARDS

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
def test_every_ward_has_a_key_a_finger_can_hit(new_context, serve, code, size):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}, has_touch=True).new_page()
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
def test_two_taps_on_keys_place_two_bosses(new_context, serve, code, size):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}, has_touch=True).new_page()
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
