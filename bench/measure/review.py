"""`build.py bench --only review`: the review of a game by the computer in the page (issue 47,
docs/review.md "In the page"; targets: a whole 3-player game with two people within 90 s, the
first decision's result within 3 s, taps in a game while a review runs within the noise of
taps without one).

The game: GAME below, a finished 3-player game whose seats 0 and 1 are people (played here by
the Easy computer) and seat 2 the Hard computer; both people are reviewed at Hard's standard
work, as "Review" on the final table does. Made once (so the figures stay comparable when the
computers change) by

    game = Game.create(["Anna", "Boss Tweed", "Cornelius"], 47, levels=["human", "human", "hard"])
    while not game.is_over: seat = game.to_act()[0]; game.apply(seat, choose_at_level(game, seat,
        ("easy", "easy", "hard")[seat]))

Everything runs on a returning player's device: one browser context whose first page stored
the Python snapshot, so both the game's worker and the review's start warm (docs/offline.md).

- review_first_s: from startReview to the first decision's result on the page (the review's
  worker booted, the game replayed with its chart, one decision weighed), over FIRST_RUNS starts
  (each stopped after its first result): median and largest;
- review_whole_s: from startReview to the whole review done, once; with where the time went:
  review_boot_s (new worker to its ready message), review_open_s (review_open: the replay and the
  chart), review_decision_ms_p50/p95 (one review_next, as the page sees it) and the slowest kinds;
  review_cpython_s, the same review's CPU seconds in CPython in this process (the ratio is
  Pyodide's cost);
- taps: actions.py's recorder over the scripted game's first TAP_STEPS steps, TAP_RUNS times
  without a review and TAP_RUNS times while one runs in the second worker (started again
  whenever it ends), and TAP_RUNS times while one runs that gives way to the game
  (runner.js `giveWay`; the taps timed once it waits: its worker booted, the game replayed),
  interleaved; p50/p95 over all taps of each, and each run's p50/p95 to
  show the spread between runs of the same kind (the noise);
- review_control_tap_*: the same without and with a review, on actions.py's control page (no
  game, no worker of its own: a tap only redraws a line), CONTROL_TAPS taps a run: what a
  review costs a page that asks no worker at all — the machine's share of CPU.
"""

from __future__ import annotations

import time

from bench.measure.actions import RECORDER, record_taps
from bench.stats import median, percentile
from tammany.review import Review
from tammany.savecode import decode
from tools.browsers import READY

GAME = ("BJkI9QQQv8LiiGzWWmfxIBA03VeSDEAAAAAAAArnsPxtvlerwG7LlZjP09N9N5k9px_g-cbltxV3EKtBWn72hlp_BG"
        "FeeLWlgWSObS39efEMMzBvVa76sTSAjfeXTiOScJ6PmseGOyWY0b0biTijcYry-hd4Te_LvBBE4ydMEIUQsRAD")
PEOPLE = [0, 1]
FIRST_RUNS = 3
TAP_RUNS = 3
TAP_STEPS = 80
TAP_SEED = 42
CONTROL_TAPS = 100
WARMED = "html[data-warm-start]"
WIPE = "local_storage,indexeddb"  # the game in play and kept reviews; the snapshot stays

# The review's worker: when it was made and when it said it was ready (js/worker.js).
WORKER_TIMES = """
(() => {
  const Native = window.Worker;
  window.__workerTimes = [];
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      const times = { made: performance.now(), ready: null };
      window.__workerTimes.push(times);
      this.addEventListener("message", ({ data }) => {
        if (data && data.type === "ready") times.ready = performance.now();
      });
    }
  };
})();
"""

# One review, timed: every update's time since startReview; stops after `first` results if set.
TIMED_REVIEW = """async ({ code, seats, first }) => {
  const runner = await import(new URL("js/review/runner.js", document.baseURI).href);
  const t0 = performance.now();
  const made = window.__workerTimes.length;
  const updates = [];
  let run = null;
  run = runner.startReview({ code, seats, onUpdate: (u) => {
    const last = u.decisions[u.decisions.length - 1];
    updates.push({ t: performance.now() - t0, status: u.status, n: u.decisions.length,
                   kind: last ? last.kind : null, total: u.total, error: u.error || null });
    if (first && run && u.status === "running" && u.decisions.length >= first) run.stop();
  } });
  const result = await run.finished;
  const worker = window.__workerTimes[made];
  return { updates, status: result.status, decisions: result.decisions.length,
           boot: worker && worker.ready !== null ? worker.ready - worker.made : null };
}"""

# Reviews one after the other in the second worker until told to stop (taps are timed meanwhile).
REVIEW_LOOP = """async ({ code, seats, runner: path, giveWay }) => {
  const runner = await import(new URL(path, document.baseURI).href);
  const loop = { on: true, runs: 0, decisions: 0, run: null, failed: null, waiting: false };
  window.__reviewLoop = loop;
  (async () => {
    while (loop.on) {
      loop.run = runner.startReview({ code, seats, giveWay, onUpdate: (u) => {
        if (u.status === "running" && u.decisions.length && !u.waiting) loop.decisions += 1;
        loop.waiting = u.waiting;
      } });
      const result = await loop.run.finished;
      loop.runs += 1;
      if (result.status === "failed") { loop.failed = result.error; break; }
    }
  })();
}"""
STOP_LOOP = """() => {
  const loop = window.__reviewLoop;
  loop.on = false;
  loop.run.stop();
  return { runs: loop.runs, decisions: loop.decisions, failed: loop.failed };
}"""


def fresh_page(context, cdp, url: str, *scripts: str):
    """A new page of the device, its game and kept reviews wiped (the snapshot kept)."""
    cdp.send("Storage.clearDataForOrigin", {"origin": url[: url.index("/", len("http://"))],
                                            "storageTypes": WIPE})
    page = context.new_page()
    for script in scripts:
        page.add_init_script(script)
    return page


def open_game_page(page, url: str) -> None:
    page.goto(f"{url}?fast=1")
    page.wait_for_selector(READY, state="attached", timeout=120_000)


def timed_review(context, cdp, url: str, first: int | None = None) -> dict:
    page = fresh_page(context, cdp, url, WORKER_TIMES)
    try:
        open_game_page(page, url)
        got = page.evaluate(TIMED_REVIEW, {"code": GAME, "seats": PEOPLE, "first": first})
    finally:
        page.close()
    bad = [u["error"] for u in got["updates"] if u["status"] == "failed"]
    assert not bad, f"the review failed: {bad}"
    return got


def tap_run(context, cdp, url: str, with_review: bool, give_way: bool = False
            ) -> tuple[list[dict], dict | None]:
    page = fresh_page(context, cdp, url)
    try:
        def start() -> None:
            if with_review:
                start_loop(page, "js/review/runner.js", give_way)
            if give_way:  # a review already under way: its worker booted and the game replayed
                page.wait_for_function("() => window.__reviewLoop.waiting", timeout=120_000)
        taps = record_taps(page, url, TAP_SEED, TAP_STEPS, start)
        loop = stop_loop(page) if with_review else None
    finally:
        page.close()
    return taps, loop


def start_loop(page, runner: str, give_way: bool = False) -> None:
    page.evaluate(REVIEW_LOOP, {"code": GAME, "seats": PEOPLE, "runner": runner,
                                "giveWay": give_way})


def stop_loop(page) -> dict:
    """Stop the page's review loop; what it did (it must not have failed)."""
    loop = page.evaluate(STOP_LOOP)
    assert loop["failed"] is None, loop
    return loop


def control_run(context, cdp, url: str, with_review: bool) -> tuple[list[dict], dict | None]:
    """actions.py's control page, tapped CONTROL_TAPS times (with a review running, or not)."""
    page = fresh_page(context, cdp, url, RECORDER)
    try:
        page.goto(f"{url}control/")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        if with_review:
            start_loop(page, "../js/review/runner.js")
        page.evaluate("window.__recording = true")
        for i in range(CONTROL_TAPS):
            page.click("#tap")
            page.wait_for_function("n => window.__taps.length >= n", arg=i + 1)
        taps = page.evaluate("window.__taps")
        loop = stop_loop(page) if with_review else None
    finally:
        page.close()
    return taps, loop


def tap_figures(name: str, runs: list[list[dict]]) -> dict:
    """p50/p95 over every tap, each run's, and of the game's two kinds of taps (actions.py):
    a choosing tap is the page's alone, a committing tap waits for the game's worker."""
    figures = {}
    for kind in ("choice", "commit"):
        ms = [tap["ms"] for run in runs for tap in run if tap["kind"] == kind]
        if ms:
            figures[f"{name}_{kind}_ms_p50"] = round(percentile(ms, 0.5), 1)
            figures[f"{name}_{kind}_ms_p95"] = round(percentile(ms, 0.95), 1)
    runs = [[tap["ms"] for tap in run] for run in runs]
    every = [ms for run in runs for ms in run]
    return figures | {f"{name}_ms_p50": round(percentile(every, 0.5), 1),
                      f"{name}_ms_p95": round(percentile(every, 0.95), 1),
                      f"{name}_runs_p50": [round(percentile(run, 0.5), 1) for run in runs],
                      f"{name}_runs_p95": [round(percentile(run, 0.95), 1) for run in runs],
                      f"{name}_taps": len(every)}


def measure(b) -> dict:
    context = b.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        keeper = context.new_page()  # the first visit: stores the Python snapshot
        keeper.goto(f"{b.url}?fast=1")
        keeper.wait_for_selector(WARMED, state="attached", timeout=180_000)
        keeper.goto("about:blank")
        cdp = context.new_cdp_session(keeper)

        firsts = [timed_review(context, cdp, b.url, first=1) for _ in range(FIRST_RUNS)]
        first_s = [next(u["t"] for u in f["updates"] if u["n"] >= 1) / 1000 for f in firsts]
        first_open_s = [next(u["t"] for u in f["updates"] if u["status"] == "running") / 1000
                        for f in firsts]
        first_boot_s = [(f["boot"] or 0) / 1000 for f in firsts]
        whole = timed_review(context, cdp, b.url)
        updates = whole["updates"]
        running = next(u["t"] for u in updates if u["status"] == "running")
        steps = [(u["t"] - before["t"], u["kind"])
                 for before, u in zip(updates, updates[1:], strict=False)
                 if u["n"] == before["n"] + 1]
        by_kind: dict[str, list[float]] = {}
        for ms, kind in steps:
            by_kind.setdefault(kind, []).append(ms)

        without, with_review, loops = [], [], []
        polite, polite_loops = [], []
        control_without, control_with = [], []
        for _ in range(TAP_RUNS):
            without.append(tap_run(context, cdp, b.url, False)[0])
            taps, loop = tap_run(context, cdp, b.url, True)
            with_review.append(taps)
            loops.append(loop)
            taps, loop = tap_run(context, cdp, b.url, True, give_way=True)
            polite.append(taps)
            polite_loops.append(loop)
            control_without.append(control_run(context, cdp, b.url, False)[0])
            control_with.append(control_run(context, cdp, b.url, True)[0])
    finally:
        context.close()

    cpu = time.process_time()
    cpython = Review(decode(GAME), PEOPLE).run()
    cpython_s = time.process_time() - cpu
    assert len(cpython["decisions"]) == whole["decisions"], "the page's review is not the CLI's"

    figures = {
        "review_decisions": whole["decisions"],
        "review_first_s": round(median(first_s), 2),
        "review_first_s_max": round(max(first_s), 2),
        # where the first result's time went, each start's: [worker boot, review_open, decision]
        "review_first_parts_s": [[round(b, 2), round(o - b, 2), round(f - o, 2)] for b, o, f
                                 in zip(first_boot_s, first_open_s, first_s, strict=True)],
        "review_whole_s": round(updates[-1]["t"] / 1000, 1),
        "review_boot_s": round(whole["boot"] / 1000, 2) if whole["boot"] is not None else None,
        "review_open_s": round((running - (whole["boot"] or 0)) / 1000, 2),
        "review_decision_ms_p50": round(percentile([ms for ms, _ in steps], 0.5)),
        "review_decision_ms_p95": round(percentile([ms for ms, _ in steps], 0.95)),
        "review_decision_ms_by_kind": {kind: [len(ms), round(sum(ms) / len(ms))]
                                       for kind, ms in sorted(by_kind.items())},
        "review_cpython_s": round(cpython_s, 1),
        "review_taps_decisions_meanwhile": [loop["decisions"] for loop in loops],
        "review_taps_giving_way_decisions_meanwhile": [loop["decisions"] for loop in polite_loops],
    }
    figures.update(tap_figures("review_tap_without", without))
    figures.update(tap_figures("review_tap_with", with_review))
    figures.update(tap_figures("review_tap_giving_way", polite))
    figures.update(tap_figures("review_control_tap_without", control_without))
    figures.update(tap_figures("review_control_tap_with", control_with))
    return figures
