"""The election's results over the board, the final table against the engine's score sheet,
and the motion switch (docs/ui.md). States come from save codes of games played in Python
(layout_kit.py)."""

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


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024), (390, 844), (360, 740)],
                         ids=["landscape", "portrait", "phone", "small-phone"])
def test_the_ward_being_decided_is_marked_on_the_map_beside_its_result(page, url, size):
    p = page(viewport={"width": size[0], "height": size[1]})
    open_code(p, url, codes(3)["bid"])
    seal_all_bids(p)
    assert settle(p) == "reveal"
    # The board is drawn behind the results (no cover left, nothing hidden).
    assert p.locator("html.th-covered").count() == 0
    reported = p.evaluate(DECIDING)
    assert reported, "the results name at least one ward"
    assert {ward: problem for ward, problem in reported.items() if problem} == {}
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


@pytest.mark.parametrize("setting", ["normal", "reduced", "fast"])
def test_motion_is_on_unless_reduced_or_fast(page, url, setting):
    p = page(viewport={"width": 1024, "height": 768},
             reduced_motion="reduce" if setting == "reduced" else "no-preference")
    open_code(p, url, codes(3)["turn"], query="fast=1" if setting == "fast" else "")
    assert p.locator('#th-panel [data-action="boss_cube"]').count() == 1
    play_a_boss_and_cube(p)
    switch = p.evaluate("document.documentElement.classList.contains('th-motion')")
    cube = p.locator(".tm-enter-cube")
    boss = p.locator(".tm-enter-boss")
    if setting == "normal":
        assert switch
        # The cube slid in from Castle Garden and the boss dropped in (classes with their
        # animations; not timed).
        assert cube.count() == 1 and boss.count() == 1
        assert cube.evaluate("(g) => getComputedStyle(g).animationName") == "tm-slide"
        assert boss.evaluate("(g) => getComputedStyle(g).animationName") == "tm-drop"
    else:
        assert not switch
        assert cube.count() == 0 and boss.count() == 0
        assert not {"tm-slide", "tm-drop", "tm-pop", "tm-leave"} & set(p.evaluate(ANIMATED))


STEPS = {"placing": ("bosses", "boss_cube"), "office": OFFICE_KINDS, "slander": ("slander",)}


@pytest.mark.parametrize("players, year", [(3, 1), (3, 6), (5, 6)], ids=["term1", "3p", "5p"])
def test_the_turn_panel_lists_only_the_steps_python_offers(page, url, players, year):
    game = played_until(players, 1, turn_start(year))
    seat = game.to_act()[0]
    kinds = {a.kind for a in game.legal_actions(seat)}
    expected = [step for step, of in STEPS.items() if kinds & set(of)]
    p = page(viewport={"width": 1024, "height": 768})
    open_code(p, url, encode(game))
    assert settle(p) == "turn"
    shown = p.locator("#th-panel .th-step").all_text_contents()
    names = {"placing": "Placing", "office": "Office", "slander": "Slander"}
    assert [s.split(":")[0] for s in shown] == [names[step] for step in expected]
    if year == 1:  # term 1: no office is held and no slander is allowed yet (R11, R20)
        assert expected == ["placing"]
