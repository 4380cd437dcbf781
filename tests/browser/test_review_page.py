"""The computer's review as the player sees it (docs/review.md "In the page", docs/ui.md "The
review"): "Review" on the final table, in the archive's list and in the replay viewer opens the
viewer with the review panel, which says under its title what its two values are; the review of
the people's seats runs to its end with the figures CPython's review gives (average losses in win
chance and in expected points); at a labelled move the viewer shows its label, its losses in win
chance and in expected points ± their standard errors, the move played and the better move in
words, the two moves marked on the viewer's map each its own way (outline and a labelled badge);
the chart shows win chances or expected points (a toggle, by keyboard too, its axis titled in
each unit); a mark of the chart (a click, or the keyboard) and a key moment jump the viewer to
their move with the board and the verdict in view — on a phone and a portrait tablet too, where
the panel takes the screen's width; Stop stops; a finished review comes back at once (kept on
the device); German shows no English; axe finds nothing serious; blind mode reads the label, the
move played and the better move.

The reviews use little work (`TAMMANY_REVIEW_WORK`, the runner's hook for tests; the figures
at Hard's standard work are docs/review.md's) and the golden 4-player game, whose one person
(seat 0) is the seat reviewed by default: 43 decisions, a few seconds.
"""

import json
import re
from pathlib import Path

import pytest
from axe_kit import scan
from wordkit import english_strings, screen_problems

import build
from tammany.review import review
from tammany.savecode import decode
from tools.gameplay import settle, wait_screen

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
GAME = next(c for c in GOLDEN if c["over"] and len(c["seats"]) == 4)  # human, hard, easy, random
WORK = 5
REVIEW = '#th-review:not([hidden])'
STATE = "e => ({...e.dataset})"
ACTIVE_MARK = """() => document.getElementById(
  document.activeElement.getAttribute('aria-activedescendant')).dataset.move"""
SLIDE = "(e, n) => { e.value = String(n); e.dispatchEvent(new Event('input')); }"
FOCUS_RING = "getComputedStyle(document.activeElement).outlineStyle"
# The chart on show: its unit, its axis's title and numbers, the toggle's state, its marks.
CHART = """() => {
  const svg = document.querySelector('#th-review .th-rv-chart .th-rvc');
  const pressed = {};
  for (const b of document.querySelectorAll('.th-rv-unit')) {
    pressed[b.dataset.unit] = b.getAttribute('aria-pressed');
  }
  const all = (s) => [...svg.querySelectorAll(s)];
  return { unit: document.querySelector('.th-rv-chart').dataset.unit,
           axis: svg.querySelector('.th-rvc-axis')?.textContent, pressed,
           ticks: all('.th-rvc-tick:not(.th-rvc-tick-x)').map(t => Number(t.textContent)),
           marks: all('.th-rvc-mark').map(m => m.dataset.move + m.dataset.kind) };
}"""
PLURALS = (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders"))
NAT = {"irish": "Irish", "english": "English", "german": "German", "italian": "Italian"}


@pytest.fixture(scope="module")
def url(serve):
    return serve()


@pytest.fixture(scope="module")
def expected():
    """CPython's review of the game's person at the same work (the page's must be the same)."""
    return review(decode(GAME["code"]), [0], work=WORK)


def open_final(page, url: str, query: str, work: int) -> list[str]:
    """The game's link opened; the final table up (the game is kept in the archive too). The
    page's uncaught errors from then on (a list that fills)."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(f"globalThis.TAMMANY_REVIEW_WORK = {work};")
    page.goto(f"{url}?fast=1{query}#g={GAME['code']}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(page, "start")
    page.click("#th-open-link")
    wait_screen(page, "final")
    return errors


def at(page, move: int) -> None:
    page.wait_for_selector(f'#th-replay[data-at="{move}"]', state="attached")
    settle(page)


def verdict(page, move: int) -> dict:
    """The review's words at `move`, once the better move is worded (or the move was best)."""
    shown = f'#th-rv-move[data-move="{move}"]'
    page.wait_for_selector(f'{shown}[data-better], {shown}[data-label="best"][data-played]',
                           state="attached")
    return page.eval_on_selector("#th-rv-move", """e => {
      const text = (selector) => e.querySelector(selector)?.textContent;
      const label = e.querySelector('.th-rv-label').dataset.label;
      return { label, labelText: text('.th-rv-label'), loss: text('.th-rv-loss'),
               values: text('.th-rv-values'), played: text('.th-rv-played'),
               better: text('.th-rv-better'), why: text('.th-rv-why') };
    }""")


def marked(page, mark: str = "th-sug-target") -> dict:
    """The wards and Castle Garden cubes of the viewer's map that carry `mark`."""
    return page.evaluate("""(mark) => {
      const all = (what) => [...document.querySelectorAll(`#th-replay ${what}.${mark}`)];
      return { wards: all('.tm-ward').map(e => Number(e.dataset.ward)).sort((a, b) => a - b),
               castle: all('[data-castle]').map(e => e.dataset.castle) };
    }""", mark)


def places(action: dict) -> dict:
    """The wards and the Castle Garden cube a placement is made on."""
    if action["t"] == "bosses":
        return {"wards": sorted({action["a"], action["b"]}), "castle": []}
    return {"wards": sorted({action["w"], action["b"]}), "castle": [action["c"]]}


# The badges on the map ("Played", "Better"): their kind, their place and their words; and the
# outline of each marked ward (its ring's dashes: none for the move played, dashed for the better).
BADGES = """() => {
  const badges = [...document.querySelectorAll('#th-replay .th-rv-badge')].map(b => ({
    kind: b.dataset.kind, ward: b.dataset.ward ? Number(b.dataset.ward) : null,
    castle: b.dataset.castle || null, text: b.textContent }));
  const ring = (kind) => [...document.querySelectorAll(
    `#th-replay .tm-ward-ring.th-rv-mark-${kind}`)].map(r => ({
      dash: getComputedStyle(r).strokeDasharray, color: getComputedStyle(r).stroke }));
  return { badges, played: ring('played'), better: ring('better') };
}"""

# Where the board and the verdict are against the window (and the table's column that scrolls
# beside the map), and how wide the review is against that column.
IN_VIEW = """() => {
  const box = (s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  };
  return { board: box('#th-replay .th-board'), verdict: box('#th-rv-move'),
           side: box('#th-replay .th-side'), review: box('#th-review'),
           table: box('#th-replay .tm-table'), height: innerHeight, width: innerWidth };
}"""


def seen(page) -> dict:
    """The board and the verdict in view (the verdict whole, the board at least mostly), in
    the window and, beside the map, in the table's column; the figures for a message."""
    g = page.evaluate(IN_VIEW)
    v, b, side = g["verdict"], g["board"], g["side"]
    assert v["top"] >= -1 and v["bottom"] <= g["height"] + 1, g
    board_seen = min(b["bottom"], g["height"]) - max(b["top"], 0)
    assert board_seen >= 0.8 * b["height"], g
    if g["width"] > 760:  # beside or above the table: the verdict within the column's view
        assert v["top"] >= side["top"] - 1 and v["bottom"] <= side["bottom"] + 1, g
    return g


def test_review_from_the_final_table_labels_a_move_and_jumps(warm_page, url, expected):
    page = warm_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('tammany.blind', '1');")  # blind mode on
    errors = open_final(page, url, "", WORK)
    page.click("#th-final-review")
    page.wait_for_selector(f'{REVIEW}[data-status="done"]', state="attached", timeout=120_000)
    settle(page)
    state = page.eval_on_selector("#th-review", STATE)
    assert state["seats"] == "0"  # the one person; the computers are not reviewed by default
    assert int(state["done"]) == int(state["total"]) == len(expected["decisions"])
    figures = expected["seats"][0]
    player = page.eval_on_selector('.th-rv-player[data-seat="0"]',
                                   "e => ({accuracy: e.dataset.accuracy, text: e.innerText})")
    assert float(player["accuracy"]) == figures["accuracy"]
    for name, plural in PLURALS:
        n = figures["labels"][name]
        assert f"{n} {name if n == 1 else plural}" in player["text"]
    assert "The review is done" in page.text_content("#th-rv-status")
    # Under its title, one sentence says what the two values are.
    intro = page.eval_on_selector("#th-rv-title", """e => e.nextElementSibling.matches(
      '.th-rv-intro') && e.nextElementSibling.textContent""")
    assert intro and "expected points" in intro and "finish with" in intro, intro
    assert "win chance" in intro and "chance to win" in intro, intro
    # The average losses in win chance (%) and in expected points, as CPython's.
    mean = re.search(r"Average loss a decision: (\d+\.\d) ± (\d+\.\d)% win chance and "
                     r"(\d+\.\d) ± (\d+\.\d) expected points, over (\d+) decisions\.",
                     player["text"])
    assert mean, player["text"]
    assert abs(float(mean[1]) - 100 * figures["mean_win_loss"]) <= 0.051
    assert abs(float(mean[2]) - 100 * figures["mean_win_loss_se"]) <= 0.051
    assert abs(float(mean[3]) - figures["mean_loss"]) <= 0.051
    assert int(mean[5]) == figures["decisions"]

    # A placement that was not the better one, the most costly (labelled if any is): its chart
    # mark (or, for a "good" one, which has none, the slider) takes the viewer there.
    placements = ("bosses", "boss_cube")
    d = max((x for x in expected["decisions"] if not x["is_best"]
             and x["best"]["t"] in placements and x["played"]["t"] in placements),
            key=lambda x: (x["label"] != "good", x["win_loss"], x["loss"], -x["move"]))
    if d["label"] != "good":
        page.click(f'.th-rvc-mark[data-move="{d["move"]}"]')
    else:
        page.eval_on_selector("#th-rp-slider", SLIDE, d["move"])
    at(page, d["move"])
    words = verdict(page, d["move"])
    assert words["label"] == d["label"] and words["labelText"] == d["label"].capitalize()
    # What it lost in each unit, never one number of both (one decimal, rounded by the page's
    # Intl.NumberFormat), and where each move leaves the player.
    loss = re.fullmatch(r"This move lost (\d+\.\d) ± (\d+\.\d)% win chance and (\d+\.\d) ± "
                        r"(\d+\.\d) expected points against the better move\.", words["loss"])
    assert loss, words["loss"]
    for got, want in zip(loss.groups(), (100 * d["win_loss"], 100 * d["win_loss_se"], d["loss"],
                                         d["loss_se"]), strict=True):
        assert abs(float(got) - want) <= 0.051, (got, want)
    values = re.fullmatch(r"Chance to win after it (\d+\.\d)%, after the better move (\d+\.\d)%; "
                          r"expected points (-?\d+\.\d) and (-?\d+\.\d)\.", words["values"])
    assert values, words["values"]
    for got, want in zip(values.groups(), (100 * d["played_win"], 100 * d["best_win"],
                                           d["played_value"], d["best_value"]), strict=True):
        assert abs(float(got) - want) <= 0.051, (got, want)
    # The move played in words beside the better one (the words of "Suggest a move").
    best, played = d["best"], d["played"]
    better_places, played_places = places(best), places(played)
    assert words["better"].startswith("Better: ")
    assert all(f"ward {w}" in words["better"] for w in better_places["wards"]), words["better"]
    if best["t"] == "boss_cube":
        assert f"({NAT[best['c']]})" in words["better"]
    assert words["played"].startswith("Played: "), words["played"]
    assert all(f"ward {w}" in words["played"] for w in played_places["wards"]), words["played"]
    if played["t"] == "boss_cube":
        assert f"({NAT[played['c']]})" in words["played"]
    assert words["played"][len("Played: "):] != words["better"][len("Better: "):]
    assert words["why"] and "{" not in words["why"]
    # On the map: the better move striped as a suggestion, the two moves each with its own
    # outline (solid for the move played, dashed for the better) and labelled badges.
    assert marked(page) == better_places
    assert marked(page, "th-rv-mark-better") == better_places
    assert marked(page, "th-rv-mark-played") == played_places
    map_marks = page.evaluate(BADGES)
    badges = [(b["kind"], str(b["ward"] or b["castle"]), b["text"]) for b in map_marks["badges"]]
    assert sorted(badges) == sorted(
        [("played", str(w), "Played") for w in played_places["wards"] + played_places["castle"]]
        + [("better", str(w), "Better") for w in better_places["wards"] + better_places["castle"]])
    assert map_marks["played"] and all(r["dash"] == "none" for r in map_marks["played"])
    better_only = set(better_places["wards"]) - set(played_places["wards"])
    dashed = [r for r in map_marks["better"] if r["dash"] != "none"]
    assert map_marks["better"] and len(dashed) >= len(better_only), map_marks
    # Blind mode reads the label, the move played and the better move.
    spoken = page.text_content("#th-rv-speech")
    assert d["label"].capitalize() in spoken and words["better"] in spoken
    assert words["played"] in spoken

    # The chart: win chances first (0-100 %, its axis titled), expected points by a toggle that
    # the keyboard reaches, announced by its pressed state, its focus seen.
    chart = page.evaluate(CHART)
    assert chart["unit"] == "win" and chart["axis"] == "Chance to win (%)", chart
    assert chart["ticks"][0] == 0 and chart["ticks"][-1] == 100, chart
    assert chart["pressed"] == {"win": "true", "points": "false"}
    win_marks = chart["marks"]
    page.focus('.th-rv-unit[data-unit="win"]')
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.unit") == "points"
    assert page.evaluate(FOCUS_RING) == "solid"
    page.keyboard.press("Enter")
    page.wait_for_selector('.th-rv-chart[data-unit="points"] .th-rvc', state="attached")
    chart = page.evaluate(CHART)
    assert chart["pressed"] == {"win": "false", "points": "true"}
    assert chart["axis"] == "Expected points" and chart["unit"] == "points"
    values = [v for row in expected["chart"] for v in row]
    assert chart["ticks"][0] <= min(values) and chart["ticks"][-1] >= max(values), chart
    assert chart["marks"] == win_marks  # the same marks on either chart
    page.click('.th-rv-unit[data-unit="win"]')
    page.wait_for_selector('.th-rv-chart[data-unit="win"] .th-rvc', state="attached")

    # The chart by keyboard: one tab stop (a list box of its marks), → to the next, Enter jumps.
    page.focus("#th-review .th-rvc")
    first = page.evaluate(ACTIVE_MARK)
    page.keyboard.press("ArrowRight")
    second = page.evaluate(ACTIVE_MARK)
    assert int(second) >= int(first) and page.evaluate("document.activeElement.matches('.th-rvc')")
    assert page.evaluate(FOCUS_RING) == "solid"  # the chart's focus is seen
    page.keyboard.press("Enter")
    at(page, int(second))
    # A "good" move that lost points but hardly any win chance is good, and says nothing of
    # noise (that line is for a loss of win chance as large as an inaccuracy's that its samples
    # could not tell from chance); the slider there.
    good = max((x for x in expected["decisions"] if x["label"] == "good" and x["win_loss"] < 0.05
                and x["move"] != d["move"]), key=lambda x: (x["loss"], -x["move"]))
    page.eval_on_selector("#th-rp-slider", SLIDE, good["move"])
    at(page, good["move"])
    assert verdict(page, good["move"])["label"] == "good"
    assert page.locator("#th-rv-move .th-rv-noise").count() == 0
    # A key moment: the largest loss, far down the table: the verdict comes into view beside
    # the map.
    largest = figures["largest"][0]
    page.click(f'.th-rv-moment[data-move="{largest}"][data-kind="loss"]')
    at(page, largest)
    label = next(x["label"] for x in expected["decisions"] if x["move"] == largest)
    assert verdict(page, largest)["label"] == label
    seen(page)
    assert scan(page) == []

    # A phone: the verdict sits under the map; a key moment tapped far down the page brings the
    # board and the verdict into view together.
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    # The verdict moves when the page hears the screen's media query change (the frame after
    # the resize): wait for it there, not for the resize.
    page.wait_for_selector("#th-rv-dock > #th-rv-move", state="attached")
    moment = next(m for m in figures["largest"] if m != largest)
    page.click(f'.th-rv-moment[data-move="{moment}"][data-kind="loss"]')
    at(page, moment)
    verdict(page, moment)
    seen(page)
    # A portrait tablet: the review takes the table's whole width (not half of it), and a chart
    # mark tapped brings its verdict into view under the map: the mark of the labelled decision
    # that lost most win chance, or, in a game whose reviewed player has none (this one's, at
    # the values of review version 6), of the first turning point: the board at its move, in
    # view (a move of a player not reviewed has no verdict to show).
    page.set_viewport_size({"width": 768, "height": 1024})
    settle(page)
    page.wait_for_selector(":not(#th-rv-dock) > #th-rv-move", state="attached")
    g = page.evaluate(IN_VIEW)
    assert g["review"]["width"] >= 0.95 * g["table"]["width"], g
    page.evaluate("document.querySelector('#th-replay .th-side').scrollTop = 1e6")
    labelled = [x for x in expected["decisions"] if x["label"] != "good"]
    tapped = (max(labelled, key=lambda x: (x["win_loss"], -x["move"]))["move"] if labelled
              else expected["swings"][0]["move"])
    page.click(f'.th-rvc-mark[data-move="{tapped}"]')
    at(page, tapped)
    if labelled:
        verdict(page, tapped)
        seen(page)
    else:
        page.wait_for_selector(f'#th-rv-move[data-move="{tapped}"]', state="attached")
        g = page.evaluate(IN_VIEW)
        b = g["board"]
        assert min(b["bottom"], g["height"]) - max(b["top"], 0) >= 0.8 * b["height"], g
    assert scan(page) == []
    page.set_viewport_size({"width": 1280, "height": 900})

    # Another visit (a reload), the replay opened again: the review kept on the device is there
    # at once, with no review run.
    page.reload()
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    screen = wait_screen(page, "final", "over")
    page.click("#th-final-replay" if screen == "final" else "#th-replay-button")
    page.wait_for_selector(f'{REVIEW}[data-status="stored"]', state="attached")
    assert page.eval_on_selector("#th-review", STATE)["done"] == state["done"]
    assert errors == []


def test_review_goes_on_stops_and_runs_from_the_archive_in_german(warm_page, url, expected):
    page = warm_page(viewport={"width": 1280, "height": 900})
    errors = open_final(page, url, "", 200)  # much work a decision: still running below
    # From the viewer's own bar: the review starts; it goes on while the viewer is left and the
    # language changes (the screens built again take it over); Stop stops it.
    page.click("#th-final-replay")
    wait_screen(page, "replay")
    assert page.is_hidden("#th-review")
    page.click("#th-rp-review")
    page.wait_for_selector(f'{REVIEW}[data-status="running"]', state="attached", timeout=120_000)
    page.click("#th-rp-leave")
    wait_screen(page, "final")
    page.click("#th-final-board")
    wait_screen(page, "over")
    page.select_option("#th-game .th-language", "de")
    page.wait_for_selector('html[lang="de"]', state="attached")
    screen = wait_screen(page, "final", "over")  # the screens built again: the game's end
    page.click("#th-final-replay" if screen == "final" else "#th-replay-button")
    page.wait_for_selector(f'{REVIEW}[data-status="running"]', state="attached")
    assert page.text_content("#th-rv-status").startswith("Die Züge von Tweed")
    page.click("#th-rv-stop")
    page.wait_for_selector(f'{REVIEW}[data-status="stopped"]', state="attached")
    state = page.eval_on_selector("#th-review", STATE)
    assert int(state["done"]) < int(state["total"]) == len(expected["decisions"])
    assert page.text_content("#th-rv-status").startswith("Angehalten nach")
    assert page.is_visible("#th-rv-start") and page.is_hidden("#th-rv-stop")

    # From the archive's list, at less work: it starts again at once, and results show as they
    # come — a move that lost anything is a key moment before the review is over; its words are
    # German.
    page.evaluate(f"globalThis.TAMMANY_REVIEW_WORK = {WORK}")
    page.click("#th-rp-leave")
    if wait_screen(page, "final", "over") == "final":
        page.click("#th-final-board")
        wait_screen(page, "over")
    page.click("#th-new-button")
    wait_screen(page, "start")
    page.click("#th-archive-open")
    wait_screen(page, "archive")
    page.click(f'.th-archive-game[data-code="{GAME["code"]}"] .th-archive-review')
    moment = f'{REVIEW} .th-rv-moment[data-kind="loss"]'
    page.wait_for_selector(moment, state="attached", timeout=120_000)
    # Tapped at once (the key moments change as decisions come: the list keeps the largest).
    move = page.eval_on_selector(moment, "b => { b.click(); return Number(b.dataset.move); }")
    at(page, move)
    words = verdict(page, move)
    assert words["better"].startswith("Besser: ") and words["played"].startswith("Gespielt: ")
    assert "Siegchance" in words["loss"] and "erwartete Siegpunkte" in words["loss"]
    problems = screen_problems(page, english_strings(page, "de"), "review (de)")
    assert problems == []
    assert scan(page) == []
    page.evaluate("document.querySelector('#th-rv-stop:not([hidden])')?.click()")  # if not over
    page.wait_for_selector(f'{REVIEW}[data-status="stopped"], {REVIEW}[data-status="done"]',
                           state="attached")
    assert errors == []
