"""`build.py bench`: replay_step_ms_p95 and replay_jump_ms_p95 (targets: ≤ 50 and ≤ 200 ms, so
that stepping feels immediate and a jump within a blink) —
the replay viewer over the finished 5-player golden game (272 moves), in the real page.

A step is a tap on "Move back" / "Move forward" (60 back from the end, 60 forward from the
middle); a jump is the slider moved to a random move (40 of them, seeded). Each is timed like
actions.py: from the input event's timeStamp (click, or the slider's input event) to the
first frame painted after the position is drawn — #th-replay's data-at changes when the viewer
has drawn one, then the next animation frame is awaited and a task queued after it. A step
whose position the viewer fetched ahead (the moves either side of the one shown) is drawn
without waiting for the worker; the bench taps as soon as the page is settled, so some steps
still wait for it. Animations are off (?fast=1). The viewer is opened by its link,
#g=CODE&at=N.
"""

from __future__ import annotations

import json
import random

from bench.stats import percentile
from tools.common import ROOT

# The golden save codes are data (the codes the save-code tests pin), read here, not imported.
GOLDEN = json.loads((ROOT / "tests" / "golden" / "savecodes.json").read_text("utf-8"))
FIVE = next(c for c in GOLDEN if c["over"] and len(c["seats"]) == 5)
SETTLED = 'html[data-screen="replay"]:not([data-busy])'

RECORDER = """
(() => {
  window.__times = [];
  let start = null;
  const begin = (e) => { start = e.timeStamp; };
  document.addEventListener("click", begin, true);
  document.addEventListener("input", begin, true);
  // The end: the viewer has drawn a position (#th-replay's data-at changes when it draws one,
  // fetched now or ahead), then the next frame is painted.
  const drawn = (records) => {
    if (start === null || !records.some((r) => r.target.id === "th-replay")) return;
    const t0 = start;
    start = null;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => window.__times.push(performance.now() - t0);
      ch.port2.postMessage(0);
    });
  };
  document.addEventListener("DOMContentLoaded", () => new MutationObserver(drawn).observe(
    document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-at"] }));
})();
"""
TIMED = """() => new Promise((done) => {
  const check = () => (window.__times.length >= window.__want
    ? done() : requestAnimationFrame(check));
  check();
})"""


def _wait_at(page, n: int) -> None:
    page.wait_for_selector(f'#th-replay[data-at="{n}"]', state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    page.evaluate(TIMED)  # the painted frame's time is in


def _timed(page, action, n: int) -> float:
    page.evaluate("window.__want = window.__times.length + 1")
    action()
    _wait_at(page, n)
    return page.evaluate("window.__times[window.__times.length - 1]")


def measure(b, steps: int = 60, jumps: int = 40) -> dict:
    moves = FIVE["moves"]
    context = b.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.add_init_script(RECORDER)
        page.goto(f"{b.url}?fast=1#g={FIVE['code']}&at={moves}")
        page.wait_for_selector(SETTLED, state="attached", timeout=120_000)
        back, forward = '[data-step="move-1"]', '[data-step="move+1"]'
        step_ms = [_timed(page, lambda: page.click(back), moves - k) for k in range(1, steps + 1)]
        middle = moves // 2
        page.fill("#th-rp-slider", str(middle))
        _wait_at(page, middle)
        step_ms += [_timed(page, lambda: page.click(forward), middle + k)
                    for k in range(1, steps + 1)]
        rng = random.Random(15)
        jump_ms = []
        for _ in range(jumps):
            target = rng.randrange(moves + 1)
            if str(target) == page.get_attribute("#th-replay", "data-at"):
                continue
            jump_ms.append(_timed(page, lambda t=target: page.fill("#th-rp-slider", str(t)),
                                  target))
    finally:
        context.close()
    return {"replay_step_ms_p50": round(percentile(step_ms, 0.5), 1),
            "replay_step_ms_p95": round(percentile(step_ms, 0.95), 1),
            "replay_jump_ms_p50": round(percentile(jump_ms, 0.5), 1),
            "replay_jump_ms_p95": round(percentile(jump_ms, 0.95), 1)}
