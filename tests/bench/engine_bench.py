"""`build.py bench`: boot time per engine (docs/performance.md, "Boot in WebKit and Firefox").

- webkit_boot_ms, firefox_boot_ms: navigation -> the page's "tammany-ready" mark (as boot_ms
  measures it in Chromium), each load in a new browser with empty storage (WebKitGTK's
  MiniBrowser in automation mode keeps everything in memory; Firefox gets a fresh profile), the
  median of `runs` loads; the drivers are tests/browser/engines.py's.
- webkit_bare_pyodide_ms, firefox_bare_pyodide_ms: the same for the bare Pyodide page
  (bench/bare.html, as bare_pyodide_ms in Chromium), so each engine's cost of Pyodide itself is
  told apart from the game's own start.
- webkit_wasm_fetch_ms, firefox_wasm_fetch_ms: when the runtime's .wasm had arrived
  (Resource Timing's responseEnd of pyodide.asm.wasm), on the game's loads.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from engines import ENGINES, Xvfb, launch, missing  # noqa: E402

import build  # noqa: E402

READY_AT = f"() => performance.getEntriesByName({build.READY_MARK!r})[0].startTime"
WASM_AT = """() => { const w = performance.getEntriesByType('resource')
  .find((e) => e.name.endsWith('pyodide.asm.wasm')); return w ? w.responseEnd : null; }"""


def load(engine: str, display: str, url: str) -> tuple[float, float | None]:
    driver = launch(engine, display)
    try:
        driver.goto(url)
        driver.wait(build.READY)
        return driver.call(READY_AT), driver.call(WASM_AT)
    finally:
        driver.quit()


def measure(b) -> dict:
    absent = missing()
    if absent:
        raise build.BuildError(f"the engine benchmark needs {absent} (python3 build.py test "
                               "installs them)")
    xvfb = Xvfb()
    figures = {}
    try:
        for engine in ENGINES:
            game, bare, wasm = [], [], []
            for _ in range(b.runs):
                ready, wasm_at = load(engine, xvfb.display, b.url)
                game.append(ready)
                if wasm_at is not None:
                    wasm.append(wasm_at)
                bare.append(load(engine, xvfb.display, b.url + "bare/")[0])
            figures[f"{engine}_boot_ms"] = round(build.median(game))
            figures[f"{engine}_bare_pyodide_ms"] = round(build.median(bare))
            if wasm:
                figures[f"{engine}_wasm_fetch_ms"] = round(build.median(wasm))
    finally:
        xvfb.stop()
    return figures
