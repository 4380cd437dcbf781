"""`build.py bench`: first_visit_bytes, warm_boot_ms, warm_ratio (docs/performance.md).

- first_visit_bytes: every byte the server sends (headers and bodies, gzip as `build.py serve`
  applies it) for one first visit in a fresh browser profile: the boot, then what the service
  worker stores and the warm-start snapshot, until the page is ready for offline play.
- warm_boot_ms: the server is then stopped (its open connections closed too) and the page is
  opened again five times, each in a new tab, served by the service worker; the median of
  navigation -> the "tammany-ready" mark, as boot_ms measures it.
- warm_ratio: warm_boot_ms / boot_ms (the cold figure printed by the same bench run).
- warm_start: how those five starts began ("snapshot" when every one restored the prepared
  interpreter; otherwise "normal" or a mix).

The profile is a real one on disk (a persistent context in a temporary folder), as a player's
browser is: Chromium keeps compiled code and Cache Storage there.
"""

from __future__ import annotations

import tempfile

from bench.stats import median
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, OFFLINE_READY, READY, READY_MARK
from tools.serve import StoppableSite

TIMEOUT = 120_000


def load(context, url: str) -> tuple[float, str]:
    """Open url in a new tab: (ms from navigation to ready, how the worker started)."""
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
        ms = page.evaluate(f"performance.getEntriesByName({READY_MARK!r})[0].startTime")
        page.wait_for_selector("html[data-warm-start]", state="attached", timeout=TIMEOUT)
        return ms, page.get_attribute("html", "data-warm-start")
    finally:
        page.close()


def measure(b) -> dict:
    site = StoppableSite(b.out)
    try:
        with tempfile.TemporaryDirectory(prefix="tammany-bench-profile-") as profile:
            context = b.browser.browser_type.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(site.url)
                page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT)
                page.close()
                first_visit = site.bytes_sent
                site.stop()
                runs = [load(context, site.url) for _ in range(b.runs)]
            finally:
                context.close()
    finally:
        site.stop()
    warm = median([ms for ms, _ in runs])
    starts = sorted({start for _, start in runs})
    figures = {"warm_boot_ms": round(warm), "first_visit_bytes": first_visit,
               "warm_start": "+".join(starts)}
    boot = b.figures.get("boot_ms")
    if boot:
        figures["warm_ratio"] = round(warm / boot, 3)
    return figures
