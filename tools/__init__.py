"""build.py's jobs, one module each (standard library only; Playwright and Selenium are
imported inside the functions that drive a browser, which run in .venv):

    common       the project's folders, BuildError, log, sha256_file
    downloads    the pinned downloads (Pyodide, micropip, the optional wheels, axe-core)
    wheel        the project's deterministic wheel and the PEP 517 hooks
    precache     the service worker's file list and the build's content hash
    build_site   `python3 build.py`: the static site in dist/
    serve        the static server (SiteHandler, make_server, start_server, StoppableSite)
    browsers     Chromium's path and flags, the browsers' Debian packages, the page's ready signal
    engines      WebKit and Firefox driven over WebDriver and WebDriver BiDi
    testenv      `python3 build.py test`: .venv, the load generator, ruff and pytest

The benchmark's measurements are in bench/. Nothing here imports from tests/.
"""
