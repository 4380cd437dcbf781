"""Where a tap's time goes, frame by frame: the bench's scripted game under a Chromium trace.

    .venv/bin/python -m bench.tap_trace [--steps 40] [--show 4] [--json FILE]

Builds dist/, serves it, plays the scripted game of `build.py bench` (bench/measure/actions.py,
the same recorder) with Chromium's tracing on, then reads, for every timed tap, what the trace shows
between the tap and the bench's end of it, all in milliseconds from the tap event's time stamp:

  input      the event's time stamp -> the click is dispatched in the page
  handler    the page's click handlers (a choosing tap walks the tree and redraws here)
  task       the rest of the tap's task (Chromium's style and layout for the hover state)
  worker     a completing tap: the worker's message task (Python: act, snapshot, JSON)
  back       the worker's end -> the answer's task starts in the page
  draw       the answer's task (parse and draw; the screen announced)
  wait       the end of the page's work -> the animation frame that paints it starts
  vsync      that frame's start - the display tick (BeginFrame) it answers: > 0 when the main
             thread was busy at the tick
  frame      the frame on the main thread: animation frame callbacks, style (UpdateLayoutTree),
             layout, pre-paint, paint, layerize, then the commit to the compositor
  after      that frame's end -> the bench's end (a task queued from its animation frame; the
             test driver's own commands to the page can run first)

and prints their medians per kind (choice / commit), then the first --show taps of each kind
event by event. The figures are the bench's own (`ms`); the trace adds the parts. Tracing
costs a little, so absolute times run slightly above `build.py bench`'s.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench.measure.actions import record_taps
from bench.stats import percentile
from tools.browsers import CHROMIUM, CHROMIUM_ARGS
from tools.build_site import build
from tools.common import DIST
from tools.serve import start_server

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline.frame",
              "blink.user_timing", "toplevel", "viz"]
MAIN, WORKER = "CrRendererMain", "DedicatedWorker thread"
TASK = "ThreadControllerImpl::RunTask"
TICK = "DelayBasedBeginFrameSource::OnTimerTick"  # the display's BeginFrame (vsync)
PHASES = ("input", "handler", "task", "worker", "back", "draw", "wait", "vsync", "frame", "after")
FRAME_PARTS = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize")


def record(steps: int, seed: int = 42) -> tuple[list[dict], list[dict], float]:
    """Play `steps` steps traced: (trace events, the recorder's taps, trace ms - page ms)."""
    from playwright.sync_api import sync_playwright

    out = DIST
    build(out)
    server, url = start_server(root=out)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
                sync = 0.0  # the page's clock at the trace's sync mark

                def start_trace() -> None:
                    nonlocal sync
                    browser.start_tracing(page=page, categories=CATEGORIES)
                    sync = page.evaluate("performance.mark('tammany-trace-sync').startTime")

                taps = record_taps(page, url, seed, steps, on_start=start_trace)
                data = json.loads(browser.stop_tracing())
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    events = data["traceEvents"] if isinstance(data, dict) else data
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    timed = []
    for e in events:
        if e.get("ph") in ("X", "I", "R", "n", "i") and "ts" in e:
            e["thread"] = threads.get((e["pid"], e["tid"]), "?")
            e["t"] = e["ts"] / 1000
            e["end"] = e["t"] + e.get("dur", 0) / 1000
            timed.append(e)
    timed.sort(key=lambda e: e["t"])
    mark = next(e for e in timed if e["name"] == "tammany-trace-sync" and e["thread"] == MAIN)
    return timed, taps, mark["t"] - sync


def p50(values):
    return percentile(values, 0.5)


def p95(values):
    return percentile(values, 0.95)


def first(events, after, test):
    return next((e for e in events if e["t"] >= after and test(e)), None)


def enclosing_task(events, inner):
    """The main thread's top-level task (RunTask) that contains `inner`."""
    tasks = [e for e in events if e["thread"] == MAIN and e["name"] == TASK
             and e["t"] <= inner["t"] and e["end"] >= inner["end"] and e["t"] > inner["t"] - 200]
    return max(tasks, key=lambda e: e["end"] - e["t"]) if tasks else inner


def breakdown(events, tap, offset) -> dict | None:
    """One tap's phases (ms) and the events they come from."""
    t0, end = tap["t0"] + offset, tap["end"] + offset
    window = [e for e in events if t0 - 40 <= e["t"] <= end + 5]
    click = first(window, t0, lambda e: e["thread"] == MAIN and e["name"] == "EventDispatch"
                  and e["args"].get("data", {}).get("type") == "click")
    if not click:
        return None
    task = enclosing_task(window, click)
    parts = {"input": click["t"] - t0, "handler": click["end"] - click["t"],
             "task": task["end"] - click["end"]}
    drawn = task["end"]
    shown = [e for e in window if e["thread"] == MAIN and e["t"] >= click["t"]]
    if tap["kind"] == "commit":
        job = first(window, click["t"], lambda e: e["thread"] == WORKER
                    and e["name"] == "HandlePostMessage" and e.get("dur"))
        answer = first(window, job["t"] if job else click["end"], lambda e: e["thread"] == MAIN
                       and e["name"] == "FunctionCall"
                       and "onmessage" in e["args"].get("data", {}).get("functionName", "")
                       and "port1" not in e["args"]["data"]["functionName"]) if job else None
        if job and answer:
            answer_task = enclosing_task(window, answer)
            # The worker answers before its task ends (Pyodide's own clean-up follows).
            done = min(job["end"], answer_task["t"])
            parts.update(worker=done - job["t"], back=answer_task["t"] - done,
                         draw=answer_task["end"] - answer_task["t"])
            drawn = answer_task["end"]
    begin = first(shown, drawn, lambda e: e["name"] == "BeginMainThreadFrame")
    if not begin:
        return None
    frame = enclosing_task(window, begin)
    ticks = [e for e in window if e["name"] == TICK
             and e["t"] <= frame["t"]]
    parts.update(wait=frame["t"] - drawn, frame=frame["end"] - frame["t"], after=end - frame["end"])
    if ticks:
        parts["vsync"] = frame["t"] - ticks[-1]["t"]
    inside = {}
    for e in window:
        in_frame = frame["t"] <= e["t"] <= frame["end"]
        if e["thread"] == MAIN and e["name"] in FRAME_PARTS and in_frame:
            inside[e["name"]] = inside.get(e["name"], 0) + (e["end"] - e["t"])
    return {"kind": tap["kind"], "what": tap.get("what", ""), "ms": tap["ms"], "parts": parts,
            "frame_parts": inside, "t0": t0, "end": end, "events": window}


def show(b: dict) -> None:
    print(f"\n{b['kind']} tap on {b['what']}, {b['ms']:.1f} ms (bench)")
    for e in b["events"]:
        if e["thread"] not in (MAIN, WORKER, "VizCompositorThread"):
            continue
        if e["thread"] == "VizCompositorThread" and e["name"] != TICK:
            continue
        if e["thread"] == MAIN and e["name"] not in ("EventDispatch", "FunctionCall", "RunTask",
                                                   "BeginMainThreadFrame", TASK, *FRAME_PARTS):
            continue
        if e["name"] == TASK and e.get("dur", 0) < 500:
            continue
        data = e.get("args", {}).get("data", {})
        what = data.get("type") or data.get("functionName") or "" if isinstance(data, dict) else ""
        name = {TICK: "vsync tick", TASK: "task"}.get(e["name"], e["name"])
        at, length = e["t"] - b["t0"], e["end"] - e["t"]
        print(f"  {at:7.2f} {length:6.2f}  {e['thread'][:12]:12} {name} {what}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=40, help="scripted game steps (bench: 400)")
    ap.add_argument("--show", type=int, default=2, help="taps of each kind to print event by event")
    ap.add_argument("--what", default="", help="print only taps on this target (e.g. th-seal-bid)")
    ap.add_argument("--json", help="write the per-tap phases to this file")
    args = ap.parse_args()
    events, taps, offset = record(args.steps)
    rows = [b for b in (breakdown(events, tap, offset) for tap in taps) if b]
    print(f"{len(taps)} taps timed, {len(rows)} found in the trace")
    for kind in ("choice", "commit"):
        mine = [b for b in rows if b["kind"] == kind]
        if not mine:
            continue
        print(f"\n{kind}: {len(mine)} taps; median (p95) ms")
        for phase in ("ms", *PHASES):
            values = [b["ms"] if phase == "ms" else b["parts"].get(phase) for b in mine]
            values = [v for v in values if v is not None]
            if values:
                print(f"  {phase:8} {p50(values):6.1f} ({p95(values):5.1f})")
        for part in FRAME_PARTS:
            values = [b["frame_parts"].get(part, 0) for b in mine]
            print(f"    frame: {part:16} {p50(values):5.2f} ({p95(values):5.2f})")
        for b in [b for b in mine if args.what in b["what"]][:args.show]:
            show(b)
    if args.json:
        keep = ("kind", "what", "ms", "parts", "frame_parts")
        Path(args.json).write_text(json.dumps([{k: b[k] for k in keep} for b in rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
