"""`build.py bench`: boot time per engine (docs/performance.md, "Boot in WebKit and Firefox").

- webkit_boot_ms, firefox_boot_ms: navigation -> the page's "tammany-ready" mark (as boot_ms
  measures it in Chromium), each load in a new browser with empty storage (WebKitGTK's
  MiniBrowser in automation mode keeps everything in memory; Firefox gets a fresh profile), the
  median of `runs` loads; the drivers are tools/engines.py's.
- webkit_bare_pyodide_ms, firefox_bare_pyodide_ms: the same for the bare Pyodide page
  (bench/bare.html, as bare_pyodide_ms in Chromium), so each engine's cost of Pyodide itself is
  told apart from the game's own start.
"""

from __future__ import annotations

from bench.stats import median
from tools.browsers import READY, READY_MARK
from tools.common import BuildError
from tools.engines import ENGINES, Xvfb, launch, missing

READY_AT = f"() => performance.getEntriesByName({READY_MARK!r})[0].startTime"


def load(engine: str, display: str, url: str) -> float:
    driver = launch(engine, display)
    try:
        driver.goto(url)
        driver.wait(READY)
        return driver.call(READY_AT)
    finally:
        driver.quit()


def measure(b) -> dict:
    absent = missing()
    if absent:
        raise BuildError(f"the engine benchmark needs {absent} (python3 build.py test "
                               "installs them)")
    xvfb = Xvfb()
    figures = {}
    try:
        for engine in ENGINES:
            game, bare = [], []
            for _ in range(b.runs):  # interleaved, as measure_boot does: game, bare, game, ...
                game.append(load(engine, xvfb.display, b.url))
                bare.append(load(engine, xvfb.display, b.url + "bare/"))
            figures[f"{engine}_boot_ms"] = round(median(game))
            figures[f"{engine}_bare_pyodide_ms"] = round(median(bare))
    finally:
        xvfb.stop()
    return figures
