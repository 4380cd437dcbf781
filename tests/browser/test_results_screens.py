"""The election's results over the board, the final table against the engine's score sheet,
the motion switch (docs/ui.md) and the turn panel's steps. States come from save codes of games
played in Python (layout_kit.py)."""

import pytest
from layout_kit import codes, open_code, played_until, seal_all_bids, turn_start

from tammany.actions import OFFICE_KINDS
from tammany.savecode import decode, encode
from tools.gameplay import Player, settle

pytestmark = pytest.mark.browser

# Each ward the results report: marked on the map, and a finger on its label point reaches the
# ward (nothing — the results sheet included — lies over it). Returns {ward: problem or null}.
DECIDING = """
async () => {
  const { SHAPES } = await import(new URL("js/render/ward-shapes.js", document.baseURI).href);
  const svg = document.querySelector(".tm-map-svg");
  const out = {};
  for (const card of document.querySelectorAll("#th-reveal .th-ward-result[data-ward]")) {
    const n = card.dataset.ward;
    const ward = document.querySelector(`[data-ward="${n}"]`);
    if (!ward.classList.contains("is-deciding")) { out[n] = "not marked"; continue; }
    const pt = svg.createSVGPoint();
    [pt.x, pt.y] = SHAPES.wards[n].pole;
    const c = pt.matrixTransform(svg.getScreenCTM());
    const inView = c.x >= 0 && c.y >= 0 && c.x <= innerWidth && c.y <= innerHeight;
    const hit = document.elementFromPoint(c.x, c.y);
    out[n] = !inView ? "out of view" : hit && ward.contains(hit) ? null : "covered";
  }
  return out;
}
"""


@pytest.fixture(scope="module")
def url(serve):
    return serve()


@pytest.fixture
def page(warm_page):
    """page(**options) -> a page of a warm touch device (conftest.py), closed after the test."""
    return lambda **options: warm_page(has_touch=True, **options)


# The results are opened at the smallest phone (where they bring the map back into view if the
# page was scrolled: reveal.js), then the page is resized in place to the other sizes: their
# layout is CSS alone (test_layout.py looks at its states the same way).
DECIDED_SIZES = {"small-phone": (360, 740), "phone": (390, 844), "portrait": (768, 1024),
                 "landscape": (1024, 768)}


def test_the_ward_being_decided_is_marked_on_the_map_beside_its_result(page, url):
    """At each size (a landscape and a portrait tablet, two phones) every ward the election's
    results report is marked on the map and a finger on its label point reaches it (the results
    sheet lies over none of them), the board drawn behind the results with no cover left;
    Continue clears the marks."""
    p = page(viewport={"width": 360, "height": 740})
    open_code(p, url, codes(3)["bid"])
    seal_all_bids(p)
    assert settle(p) == "reveal"
    for name, (width, height) in DECIDED_SIZES.items():
        p.set_viewport_size({"width": width, "height": height})
        assert settle(p) == "reveal"
        # The board is drawn behind the results (no cover left, nothing hidden).
        assert p.locator("html.th-covered").count() == 0, name
        reported = p.evaluate(DECIDING)
        assert reported, "the results name at least one ward"
        assert {ward: problem for ward, problem in reported.items() if problem} == {}, name
    p.click("#th-reveal-continue")
    assert settle(p) != "reveal"
    assert p.locator(".tm-ward.is-deciding").count() == 0


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 1), (3, 27)], ids=["3p", "5p", "3p-tie"])
def test_the_final_table_shows_the_engines_score_sheet_and_chart(page, url, players, seed):
    code = encode(played_until(players, seed, lambda g: False))
    view = decode(code).view(None)
    sheet, result = view["scoring"], view["result"]
    p = page(viewport={"width": 390, "height": 844})
    open_code(p, url, code)
    assert settle(p) == "final"
    for seat in range(players):
        card = p.locator(f'#th-final .th-final-card[data-seat="{seat}"]')
        shown = {row.get_attribute("data-source"): (int(row.get_attribute("data-count")),
                                                    int(row.get_attribute("data-points")))
                 for row in card.locator(".th-source").all()}
        sources = sheet["sources"][seat]
        expected = {name: (src["count"], src["points"]) for name, src in sources.items()}
        # Every source earned is listed with its count; one nobody earned is left out.
        assert shown == {k: v for k, v in expected.items() if v[0] or k == "wards"}
        assert card.locator(".th-final-total-n").text_content() == str(result["scores"][seat])
        # The chart: one point per election, at the points the engine booked after it.
        points = p.locator(f'#th-final .tm-chart-point[data-index="{seat}"]')
        assert points.count() == 4
        assert [int(points.nth(k).get_attribute("data-points")) for k in range(4)] == \
            [row[seat] for row in sheet["points_after"]]
    # The tie-break line only when a tie-break decided.
    tiebreak = p.locator("#th-final .th-final-tiebreak")
    assert tiebreak.count() == (0 if result["tiebreak"] == "points" else 1)
    # Totals in view without sideways scrolling on a phone.
    assert p.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert p.locator("#th-final").evaluate("(d) => d.scrollWidth <= d.clientWidth")


ANIMATED = """() => document.getAnimations().map((a) => a.animationName).filter(Boolean)"""


def play_a_boss_and_cube(p):
    p.click('#th-panel [data-action="boss_cube"]')
    Player(p).compose()
    assert settle(p) == "turn"


def motionless(p) -> None:
    """The motion switch is off: no piece entered with an animation, none is running."""
    assert not p.evaluate("document.documentElement.classList.contains('th-motion')")
    assert p.locator(".tm-enter-cube").count() == 0 and p.locator(".tm-enter-boss").count() == 0
    assert not {"tm-slide", "tm-drop", "tm-pop", "tm-leave"} & set(p.evaluate(ANIMATED))


def test_motion_is_off_when_reduced_and_follows_the_setting_live(page, url):
    """A page opened with `prefers-reduced-motion: reduce` has no motion: a boss and a cube
    placed enter with no animation. The setting is followed live: switched to no preference,
    the same placing taken back and made again moves — the cube slides in from Castle Garden
    and the boss drops in (classes with their animations; not timed). The turn panel of this
    position (3 players, year 6) lists only the steps Python offers."""
    code = codes(3)["turn"]
    p = page(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    open_code(p, url, code, query="")
    assert_panel_lists_pythons_steps(p, decode(code))
    assert p.locator('#th-panel [data-action="boss_cube"]').count() == 1
    play_a_boss_and_cube(p)
    motionless(p)
    p.click('#th-panel [data-action="undo"]')
    assert settle(p) == "turn"
    assert p.locator('#th-panel [data-action="boss_cube"]').count() == 1
    p.emulate_media(reduced_motion="no-preference")
    p.wait_for_selector("html.th-motion", state="attached")  # the switch follows the setting
    play_a_boss_and_cube(p)
    assert p.evaluate("document.documentElement.classList.contains('th-motion')")
    cube = p.locator(".tm-enter-cube")
    boss = p.locator(".tm-enter-boss")
    assert cube.count() == 1 and boss.count() == 1
    assert cube.evaluate("(g) => getComputedStyle(g).animationName") == "tm-slide"
    assert boss.evaluate("(g) => getComputedStyle(g).animationName") == "tm-drop"


def test_motion_is_off_when_the_page_is_opened_fast(page, url):
    """`?fast=1` turns motion off even with no preference for reduced motion: a boss and a cube
    placed enter with no animation."""
    p = page(viewport={"width": 1024, "height": 768}, reduced_motion="no-preference")
    open_code(p, url, codes(3)["turn"], query="fast=1")
    assert p.locator('#th-panel [data-action="boss_cube"]').count() == 1
    play_a_boss_and_cube(p)
    motionless(p)


STEPS = {"placing": ("bosses", "boss_cube"), "office": OFFICE_KINDS, "slander": ("slander",)}


def assert_panel_lists_pythons_steps(p, game) -> list[str]:
    """The turn panel on screen lists the steps Python offers the seat to act in `game`, in
    order, and no other; the steps expected."""
    seat = game.to_act()[0]
    kinds = {a.kind for a in game.legal_actions(seat)}
    expected = [step for step, of in STEPS.items() if kinds & set(of)]
    assert settle(p) == "turn"
    shown = p.locator("#th-panel .th-step").all_text_contents()
    names = {"placing": "Placing", "office": "Office", "slander": "Slander"}
    assert [s.split(":")[0] for s in shown] == [names[step] for step in expected]
    return expected


@pytest.mark.parametrize("players, year", [(3, 1), (5, 6)], ids=["term1", "5p"])
def test_the_turn_panel_lists_only_the_steps_python_offers(page, url, players, year):
    """The panel's steps are Python's (in term 1 only the placing: no office is held and no
    slander is allowed yet, R11, R20); 3 players in year 6:
    test_motion_is_off_when_reduced_and_follows_the_setting_live."""
    game = played_until(players, 1, turn_start(year))
    p = page(viewport={"width": 1024, "height": 768})
    open_code(p, url, encode(game))
    expected = assert_panel_lists_pythons_steps(p, game)
    if year == 1:  # term 1: no office is held and no slander is allowed yet (R11, R20)
        assert expected == ["placing"]
