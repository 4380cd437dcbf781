"""`build.py bench`: action_ms_p50 / action_ms_p95 — from a tap on a legal target to the first
frame painted after the DOM shows its result, over the steps of a scripted game in the real page.

A tap's time starts at the click event's timeStamp (when the browser dispatched the input).
Each tap on a legal target sends one request to the worker in its own task (<html data-busy> is
set while it is out; taps that send none, like opening a dialog, are not counted); when the
answer is drawn and data-busy goes, the next animation frame is awaited and a task queued after
it, which runs once that frame is painted: that is the end. Animations are off (?fast=1); there
are no computer turns in the scripted game, and the start tap is not a step.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from gameplay import Player, start_game  # noqa: E402

RECORDER = """
(() => {
  window.__taps = [];
  window.__recording = false;     // set once the game screen shows: the start tap is no step
  let start = null;
  let wasBusy = false;
  let busyAfterClick = false;
  document.addEventListener("click", (e) => {
    if (!window.__recording) return;
    start = e.timeStamp;
    busyAfterClick = false;
    // A tap counts only if it sent a request in its own task (a tap on a legal target does).
    const check = new MessageChannel();
    check.port1.onmessage = () => { if (!busyAfterClick) start = null; };
    check.port2.postMessage(0);
  }, true);
  document.addEventListener("DOMContentLoaded", () => {
    const html = document.documentElement;
    new MutationObserver(() => {
      const busy = html.hasAttribute("data-busy");
      if (busy && !wasBusy) busyAfterClick = true;
      if (wasBusy && !busy && start !== null) {
        const t0 = start;
        start = null;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => window.__taps.push(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      }
      wasBusy = busy;
    }).observe(html, { attributes: true, attributeFilter: ["data-busy"] });
  });
})();
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def measure(b, seed: int = 42, steps: int = 400) -> dict:
    context = b.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.add_init_script(RECORDER)
        start_game(page, b.url, seed)
        page.evaluate("window.__recording = true")
        player = Player(page)
        for _ in range(steps):
            if not player.step():
                break
        taps = page.evaluate("window.__taps")
    finally:
        context.close()
    return {"action_ms_p50": round(percentile(taps, 0.5), 1),
            "action_ms_p95": round(percentile(taps, 0.95), 1),
            "action_taps": len(taps)}
