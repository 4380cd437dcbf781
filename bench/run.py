"""`python3 build.py bench`: build the site, serve it with the bare and control pages beside it,
start one Chromium, run the named measurements and merge their figures into one JSON object.

Runs in .venv (build.py starts it there): Playwright is imported when the browser starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from bench.stats import median
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, READY, READY_MARK
from tools.build_site import tree_bytes
from tools.common import ROOT
from tools.serve import start_server

HERE = ROOT / "bench"
BARE_PAGE = {  # URL below the site's root -> file; served beside dist/, never copied into it
    "bare/index.html": HERE / "bare.html",
    "bare/bare.js": HERE / "bare.js",
    "bare/worker.js": HERE / "bare-worker.js",
    "control/index.html": HERE / "control.html",  # the tap figures' floor
    "control/control.js": HERE / "control.js",
}


class Bench:
    """What the measurements share: the built site, its server and one browser, the number of
    cold loads of each page, and the figures found so far (warm_ratio uses boot_ms)."""

    def __init__(self, out: Path, manifest: dict, url: str, browser, runs: int):
        self.out, self.manifest, self.url, self.browser, self.runs = (
            out, manifest, url, browser, runs)
        self.figures: dict = {}

    def cold_load_ms(self, path: str = "") -> float:
        """Milliseconds from navigation to data-ready, in a fresh context with no cache."""
        context = self.browser.new_context()
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            page.goto(self.url + path)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            return page.evaluate(f"performance.getEntriesByName({READY_MARK!r})[0].startTime")
        finally:
            context.close()


def measure_boot(b: Bench) -> dict:
    """Cold start of the game against a bare Pyodide page, loads interleaved app-bare-app-..."""
    b.cold_load_ms(), b.cold_load_ms("bare/")  # warm the server (gzip cache) and the disk
    app, bare = [], []
    for _ in range(b.runs):
        app.append(b.cold_load_ms())
        bare.append(b.cold_load_ms("bare/"))
    boot, base = median(app), median(bare)
    return {"boot_ms": round(boot), "bare_pyodide_ms": round(base),
            "boot_ratio": round(boot / base, 3)}


def measure_sizes(b: Bench) -> dict:
    return {"wheel_bytes": (b.out / b.manifest["wheel"]).stat().st_size,
            "dist_bytes": tree_bytes(b.out)}


def measured_in(module: str) -> Callable[[Bench], dict]:
    """The measurement of bench/measure/<module>.py, imported when it runs."""
    def measure(b: Bench) -> dict:
        return importlib.import_module(f"bench.measure.{module}").measure(b)
    return measure


BENCHMARKS: dict[str, Callable[[Bench], dict]] = {
    "boot": measure_boot,                # boot_ms, bare_pyodide_ms, boot_ratio
    "sizes": measure_sizes,              # wheel_bytes, dist_bytes
    "actions": measured_in("actions"),   # tap -> painted: action_ms_*, choice_ms_*, commit_ms_*
    "offline": measured_in("offline"),   # first_visit_bytes, warm_boot_ms, warm_ratio
    "bots": measured_in("bots"),         # bot_decision_ms_p50/p95: Hard's decisions in the page
    "replay": measured_in("replay"),     # replay_step_ms_*, replay_jump_ms_*: the replay viewer
    "engines": measured_in("engines"),   # boot in WebKit and Firefox, and their bare page
    "review": measured_in("review"),     # review_first_s, review_whole_s, taps with/without
}
"""Named measurements, run in this order; each returns figures to merge into the JSON object."""


def bench(out: Path, manifest: dict, runs: int = 5, only: list[str] | None = None) -> dict:
    from playwright.sync_api import sync_playwright  # only in .venv

    server, url = start_server(root=out, overrides=dict(BARE_PAGE))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                b = Bench(out, manifest, url, browser, runs)
                for name, measure in BENCHMARKS.items():
                    if not only or name in only:
                        b.figures.update(measure(b))
                return b.figures
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
