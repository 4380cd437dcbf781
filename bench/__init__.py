"""The benchmark (`python3 build.py bench`, docs/performance.md) and the measuring scripts run
by hand (`.venv/bin/python -m bench.<script>` from the project's folder):

    run.py                the runner: the built site, its server, one Chromium; the named
                          measurements (BENCHMARKS) and the JSON object they make
    measure/              one module per measurement of the page (actions, bots, engines,
                          offline, replay), each with measure(bench) -> figures
    stats.py              median and percentile
    tap_trace.py          where a tap's time goes, frame by frame (a Chromium trace)
    offline_experiments.py  where a start's time goes, cold and warm
    search_regret.py      how much a search setting loses against its own model (no browser)
    bare.html, bare.js, bare-worker.js, control.html, control.js
                          the bare Pyodide page and the control page, served beside dist/
    tournaments/          logs of the computer players' tournaments and their summary script

Nothing here imports from tests/.
"""
