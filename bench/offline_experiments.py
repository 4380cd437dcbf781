"""Where a start's time goes, cold and warm (docs/performance.md). Not part of `build.py bench`.

    .venv/bin/python -m bench.offline_experiments [--runs 5] [--out DIR]

Builds the site, then opens it in turn, `runs` times each, interleaved:
- cold:          a fresh incognito context with the HTTP cache disabled (as `boot_ms`);
- warm-sw:       a profile on disk whose first visit is done, the server stopped: the service
                 worker serves every file, but the warm-start snapshot is deleted before each
                 load, so Python starts normally (and copies a new snapshot: ~1-2 % more);
- warm:          the same with the snapshot kept (what `warm_boot_ms` measures);
- warm-incognito: the same in an incognito context (memory-only storage, no code cache);
- warm-sw-incognito: warm-sw in an incognito context.
For each it prints the median of navigation -> ready and of the steps the page records as
performance measures (js/sw-register.js): tammany-worker, tammany-snapshot-check,
tammany-python, tammany-rules, tammany-snapshot-copy.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from bench.stats import median
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, OFFLINE_READY, READY
from tools.build_site import build
from tools.common import DIST
from tools.serve import StoppableSite

STEPS = ("tammany-worker", "tammany-snapshot-check", "tammany-python", "tammany-rules",
         "tammany-snapshot-copy")
TIMEOUT = 120_000


def load(context, url: str, no_cache: bool = False, forget_snapshot: bool = False) -> dict:
    page = context.new_page()
    try:
        if no_cache:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
        page.wait_for_selector("html[data-warm-start]", state="attached", timeout=TIMEOUT)
        figures = page.evaluate("""(steps) => {
          const out = { ready: performance.getEntriesByName("tammany-ready")[0].startTime,
                        start: document.documentElement.dataset.warmStart };
          for (const name of steps) {
            const entry = performance.getEntriesByName(name, "measure")[0];
            if (entry) out[name] = entry.duration;
          }
          return out;
        }""", list(STEPS))
        if forget_snapshot:
            page.evaluate(FORGET)
        return figures
    finally:
        page.close()


FORGET = """async () => { for (const name of await caches.keys())
                          if (name.startsWith("tammany-warm ")) await caches.delete(name); }"""


def visited(context, site: StoppableSite, forget_snapshot: bool) -> None:
    """The first visit, then the server stops."""
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT)
    if forget_snapshot:
        page.evaluate(FORGET)
    page.close()
    site.stop()


def median_ms(values: list[float]) -> float | None:
    return round(median(values)) if values else None


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=str(DIST))
    args = parser.parse_args()
    out = Path(args.out)
    build(out)
    cold_site = StoppableSite(out)
    sites = {name: StoppableSite(out)
             for name in ("warm-sw", "warm", "warm-incognito", "warm-sw-incognito")}
    results: dict[str, list[dict]] = {name: [] for name in ("cold", *sites)}
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        contexts = {
            name: (browser.new_context() if name.endswith("incognito") else
                   pw.chromium.launch_persistent_context(
                       Path(tmp) / name, executable_path=CHROMIUM,
                       args=CHROMIUM_ARGS))
            for name in sites}
        for name, context in contexts.items():
            visited(context, sites[name], forget_snapshot=name.startswith("warm-sw"))
        load(browser.new_context(), cold_site.url, no_cache=True)  # warm the server's gzip
        for _ in range(args.runs):
            cold = browser.new_context()
            results["cold"].append(load(cold, cold_site.url, no_cache=True))
            cold.close()
            for name, context in contexts.items():
                results[name].append(load(context, sites[name].url,
                                          forget_snapshot=name.startswith("warm-sw")))
        for context in contexts.values():
            context.close()
        browser.close()
    cold_site.stop()
    table = {}
    for name, runs in results.items():
        row = {"ready_ms": median_ms([r["ready"] for r in runs]),
               "start": "+".join(sorted({r["start"] for r in runs}))}
        for step in STEPS:
            row[step] = median_ms([r[step] for r in runs if step in r])
        table[name] = row
    print(json.dumps(table, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
