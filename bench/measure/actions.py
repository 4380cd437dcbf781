"""`build.py bench`: action_ms_*, choice_ms_*, commit_ms_* — from a tap on a legal target to the
first frame painted after the DOM shows its result, over the steps of a scripted game in the real
page.

A tap's time starts at the click event's timeStamp (when the browser dispatched the input). Two
kinds of taps are timed:
- commit: a tap that sends a request to the worker in its own task (<html data-busy> is set
  while it is out): the end is the first frame painted after the answer is on screen — the page
  sets <html data-screen> once the screen the answer leads to is drawn (ui/signal.js), or, for a
  refused tap, data-busy goes; the next animation frame is awaited and a task queued after it,
  which runs once that frame is painted;
- choice: a tap that only chooses (a ward of a placement, a cube, a rival): the page walks its
  choice tree and redraws in the tap's own task, marking `tammany-choice` (a performance mark);
  the end is the task queued from the first animation frame after the tap, once it is painted.
Taps that do neither (opening a dialog, a refused tap) are not counted. `action_ms_*` is over
both kinds. Animations are off (?fast=1); there are no computer turns in the scripted game,
and the start tap is not a step.

The control: in the same run and browser, the same recorder times taps on bench/control.html, a
page with no game whose tap changes one line of text (and marks it as a choosing tap), half
before the game and half after it. `control_tap_ms_p50/p95` is the floor the machine, the
browser and the display's frame rhythm set for any page; `action_ms_p95_ratio` (and
`choice_`/`commit_`) divides the game's p95 by the control's, so a busy machine, which raises
both, moves the ratio less than the milliseconds.
"""

from __future__ import annotations

from bench.stats import percentile
from tools.browsers import READY
from tools.gameplay import Player, start_game

RECORDER = """
(() => {
  window.__taps = [];
  window.__recording = false;     // set once the game screen shows: the start tap is no step
  let current = null;             // the last tap: {t0, marks, busy}
  const choiceMarks = () => performance.getEntriesByName("tammany-choice").length;
  const painted = (tap, kind) => {  // called in an animation frame: a task after it is painted
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      const end = performance.now();
      window.__taps.push({ kind, ms: end - tap.t0, t0: tap.t0, end, what: tap.what });
    };
    ch.port2.postMessage(0);
  };
  document.addEventListener("click", (e) => {
    if (!window.__recording) return;
    // What was tapped, for tap_trace.py: a button's action or id, else the element's class.
    const at = e.target instanceof Element && e.target.closest("[data-action], [id], [class]");
    const what = at ? at.dataset.action || at.id || at.classList[0] : "";
    const tap = { t0: e.timeStamp, marks: choiceMarks(), busy: false, what };
    current = tap;
    requestAnimationFrame(() => {
      if (tap.busy || current !== tap) return; // a commit: timed when data-busy goes
      current = null;
      if (choiceMarks() > tap.marks) painted(tap, "choice");
    });
  }, true);
  document.addEventListener("DOMContentLoaded", () => {
    const html = document.documentElement;
    new MutationObserver((records) => {
      const busy = html.hasAttribute("data-busy");
      if (busy && current) current.busy = true;
      // The answer is drawn: a screen announced, or (a refused tap) nothing under way any more.
      const shown = records.some((r) => r.attributeName === "data-screen");
      if (current && current.busy && (shown || !busy)) {
        const tap = current;
        current = null;
        requestAnimationFrame(() => painted(tap, "commit"));
      }
    }).observe(html, { attributes: true, attributeFilter: ["data-busy", "data-screen"] });
  });
})();
"""


def record_taps(page, url: str, seed: int, steps: int, on_start=lambda: None) -> list[dict]:
    """Play the scripted game's first `steps` steps in `page` and return its timed taps;
    `on_start` runs once the game screen shows, before the first recorded tap."""
    page.add_init_script(RECORDER)
    start_game(page, url, seed)
    on_start()
    page.evaluate("window.__recording = true")
    player = Player(page)
    for _ in range(steps):
        if not player.step():
            break
    return page.evaluate("window.__taps")


def record_control_taps(page, url: str, taps: int) -> list[dict]:
    """Tap the control page's button `taps` times, one after the other, and return the times."""
    page.add_init_script(RECORDER)
    page.goto(f"{url}control/")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.evaluate("window.__recording = true")
    for i in range(taps):
        page.click("#tap")
        page.wait_for_function("n => window.__taps.length >= n", arg=i + 1)
    return page.evaluate("window.__taps")


def in_context(b, record):
    """`record(page)` in a fresh context of the game's viewport."""
    context = b.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        return record(context.new_page())
    finally:
        context.close()


def measure(b, seed: int = 42, steps: int = 400, control_taps: int = 200) -> dict:
    half = control_taps // 2  # before and after the game, so both see the same load
    control = in_context(b, lambda page: record_control_taps(page, b.url, half))
    taps = in_context(b, lambda page: record_taps(page, b.url, seed, steps))
    control += in_context(b, lambda page: record_control_taps(page, b.url, control_taps - half))
    control_ms = [tap["ms"] for tap in control if tap["kind"] == "choice"]
    floor = percentile(control_ms, 0.95)
    figures = {"control_tap_ms_p50": round(percentile(control_ms, 0.5), 1),
               "control_tap_ms_p95": round(floor, 1), "control_taps": len(control_ms)}
    for name, kinds in (("action", ("choice", "commit")), ("choice", ("choice",)),
                        ("commit", ("commit",))):
        ms = [tap["ms"] for tap in taps if tap["kind"] in kinds]
        if ms:
            figures[f"{name}_ms_p50"] = round(percentile(ms, 0.5), 1)
            figures[f"{name}_ms_p95"] = round(percentile(ms, 0.95), 1)
            figures[f"{name}_ms_p95_ratio"] = round(percentile(ms, 0.95) / floor, 2)
        figures[f"{name}_taps"] = len(ms)
    return figures
