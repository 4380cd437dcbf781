"""`build.py bench`: bot_decision_ms_p50 / bot_decision_ms_p95 — a Hard computer seat's
decision time in the real page (target: p95 ≤ 1.5 s, a pause a player accepts from an
opponent).

A table of computers (Hard, Easy, Easy; seed fixed, ?pace=0) plays a whole game in the page, so
every term is timed — the last one too, where Hard thinks twice as long (bots/hard.py). An init
script wraps the page's Worker (and the BroadcastChannel that carries the answers back,
js/client.js) and times each `bot_act` request from postMessage to the answer's arrival on the
page (Python choosing, applying and answering with the snapshot: what a player waits for).
A decision is a move where the seat had two or more legal actions (a forced move is no
decision): the moves are replayed here in CPython and forced moves are left out.
A computer's sealed bid never leaves the worker (R34), so the replay asks the same bot for it:
its choice depends only on the position and the seed, and the page's hash confirms each step.
"""

from __future__ import annotations

from bench.stats import percentile
from tammany.actions import from_json
from tammany.bots import choose_for_game
from tammany.game import Game, Seat
from tools.browsers import READY

LEVELS = ["hard", "easy", "easy"]
TIMER = """
(() => {
  const Native = window.Worker;
  const NativeChannel = window.BroadcastChannel;
  window.__botCalls = [];
  const sent = new Map();
  const received = ({ data }) => {
    if (!data || data.type !== "response" || !sent.has(data.id)) return;
    const ms = performance.now() - sent.get(data.id);
    sent.delete(data.id);
    const answer = JSON.parse(data.json);
    window.__botCalls.push({ ms, ok: answer.ok, seat: answer.seat, action: answer.action,
                             hash: answer.hash });
  };
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message && message.method === "bot_act") sent.set(message.id, performance.now());
        return post(message, ...rest);
      };
      this.addEventListener("message", received);
    }
  };
  // The answers come back on the client's BroadcastChannel (js/client.js).
  if (NativeChannel) {
    window.BroadcastChannel = class extends NativeChannel {
      constructor(name) {
        super(name);
        this.addEventListener("message", received);
      }
    };
  }
})();
"""


def hard_decisions(calls: list[dict], seats: list[dict], seed: int) -> list[float]:
    """The milliseconds of Hard's calls where it had a real choice (replayed in CPython)."""
    game = Game([Seat(s["name"], s["color"], s["level"]) for s in seats], seed)
    times = []
    for call in calls:
        assert call["ok"], call
        seat = call["seat"]
        if seats[seat]["level"] == "hard" and len(game.legal_actions(seat)) >= 2:
            times.append(call["ms"])
        action = from_json(call["action"]) if call.get("action") else choose_for_game(game, seat)
        game.apply(seat, action)
        assert game.hash() == call["hash"], "the replay left the page's game"
    return times


def measure(b, seed: int = 5, timeout_ms: int = 900_000) -> dict:
    """Time every decision of Hard's in one whole game (the page announces its end)."""
    context = b.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.add_init_script(TIMER)
        page.goto(f"{b.url}?seed={seed}&pace=0&fast=1")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        for i, level in enumerate(LEVELS):
            page.click(f'li.th-seat[data-seat="{i}"] .th-kind[data-level="{level}"]')
        names = [page.input_value(f"#th-name-{i}") for i in range(len(LEVELS))]
        colors = [page.get_attribute(f'li.th-seat[data-seat="{i}"] .th-swatch[aria-checked="true"]',
                                     "data-color") for i in range(len(LEVELS))]
        page.click("text=Start the game")
        page.wait_for_selector("#th-game:not([hidden])")
        seats = [{"name": n, "color": c, "level": lv}
                 for n, c, lv in zip(names, colors, LEVELS, strict=True)]
        # Once the phase reads "over", every answer has already arrived.
        page.wait_for_selector('#th-game[data-phase="over"]', state="attached", timeout=timeout_ms)
        times = hard_decisions(page.evaluate("window.__botCalls"), seats, seed)
    finally:
        context.close()
    return {"bot_decision_ms_p50": round(percentile(times, 0.5), 1),
            "bot_decision_ms_p95": round(percentile(times, 0.95), 1),
            "bot_decisions": len(times)}
