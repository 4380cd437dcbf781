"""Browser-test fixtures: the built site on a local server, one headless Chromium per pytest
worker, and warm devices.

The server is build.py's own (same types, CSP and compression as `build.py serve`), serving
the site under a sub-path, as a static host's folder would. `serve()` without overrides hands
every test of a worker the same server (so the same origin).

**Warm devices** (`warm_context`, `warm_page`). A fresh browser context starts Python the long
way (a cold boot: the runtime compiled, the interpreter started, the rules imported: seconds of
CPU). A returning player's browser starts it from the memory snapshot the first visit stored
(docs/offline.md, "The warm start"), several times faster. A warm device is a context kept for
the worker's whole run that has booted the game once; before each test its storage (local
storage, IndexedDB, service workers) is wiped for every origin this worker serves, and only the
stored snapshot (Cache Storage) is kept: the test meets a device with no game, no settings and
no archive, whose page starts warm. Service workers are blocked in it (a test of offline play
or of the first visit uses `new_context` or `browser.new_context`: a truly new device). Each
call of `warm_context` in a test is another device (its own storage), as several phones are. A
test must not add context-wide scripts or routes to a warm context (it only offers `new_page`:
a script every page needs goes on each page, `page.add_init_script`).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

import build

SUB_PATH = "/games/tammany/"


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The site `build.py test` just built, or a fresh build when pytest runs on its own."""
    if os.environ.get("TAMMANY_DIST"):
        return Path(os.environ["TAMMANY_DIST"])
    out = tmp_path_factory.mktemp("dist")
    build.build(out)
    return out


class Servers:
    """The worker's site servers: one kept per prefix for the plain site, a new one for each
    set of overrides (damaged files)."""

    def __init__(self, dist: Path):
        self.dist = dist
        self.plain: dict[str, str] = {}
        self.running: list = []
        self.origins: set[str] = set()

    def start(self, prefix: str = SUB_PATH, overrides: dict | None = None) -> str:
        if overrides is None and prefix in self.plain:
            return self.plain[prefix]
        server, url = build.start_server(root=self.dist, prefix=prefix, overrides=overrides)
        self.running.append(server)
        self.origins.add(url[: url.index("/", len("http://"))])
        if overrides is None:
            self.plain[prefix] = url
        return url

    def stop(self) -> None:
        for server in self.running:
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="session")
def servers(dist):
    running = Servers(dist)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def serve(servers):
    """serve(prefix="/...", overrides={...}) -> base URL; servers stop at the session's end."""
    return servers.start


class QuietBrowser:
    """The worker's Chromium, whose new contexts prefer reduced motion unless asked otherwise.

    Tests open the page with ?fast=1 (no animations), but a link the game made (a game across
    devices, a shared link) has no such flag, and an animation runs on: the marching outline of
    a ward to tap, drawn by the CPU here (no GPU), frame after frame, in every open page
    (the game across devices: 79 -> 63 CPU seconds). Motion itself is tested where a test asks
    for it (`reduced_motion="no-preference"`: test_results_screens.py)."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("reduced_motion", "reduce")
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
        yield QuietBrowser(browser)
        browser.close()


class Recorder:
    """A fresh browser context's page, and what it did: console errors (page and worker alike)
    and the URL of every request."""

    def __init__(self, context, init_script: str | None = None):
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        if init_script:
            self.page.add_init_script(init_script)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def wait_ready(self, timeout: float = 120_000) -> None:
        self.page.wait_for_selector(build.READY, state="attached", timeout=timeout)

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="session")
def open_page(browser):
    """open_page(url, init_script=None) -> Recorder, already navigated to url."""

    def open_(url: str, init_script: str | None = None) -> Recorder:
        recorder = Recorder(browser.new_context(), init_script)
        recorder.page.goto(url)
        return recorder

    return open_


@pytest.fixture
def new_context(browser):
    """new_context(**options) -> a browser context (Playwright's new_context options); every
    context made in a test is closed after it."""
    contexts = []

    def make(**options):
        contexts.append(browser.new_context(**options))
        return contexts[-1]

    yield make
    for context in contexts:
        context.close()


# Everything a warm device forgets between tests; Cache Storage (the Python snapshot) stays.
WIPED = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"
WARMED = 'html[data-warm-start]'
PAGE_MEDIA = ("reduced_motion", "color_scheme", "forced_colors")
"""Context options a warm device sets on each page instead (page.emulate_media)."""
"""The page's worker has answered how it started (and stored its snapshot if it made one)."""


class WarmContext:
    """A test's view of a warm device: new pages (with the viewport asked for) and the pages
    it opened. Nothing context-wide can be added through it."""

    def __init__(self, context, viewport: dict | None, media: dict):
        self._context, self._viewport, self._media, self.pages = context, viewport, media, []

    def new_page(self):
        page = self._context.new_page()
        if self._viewport:
            page.set_viewport_size(self._viewport)
        if self._media:
            page.emulate_media(**self._media)
        self.pages.append(page)
        return page

    def close(self) -> None:
        """Close the pages it opened (the device itself is kept for the next test)."""
        for page in self.pages:
            if not page.is_closed():
                page.close()


class WarmDevices:
    """Kept contexts for the worker: per set of context options (touch, locale, downloads),
    as many as a test has used at once."""

    def __init__(self, browser, servers: Servers):
        self.browser, self.servers = browser, servers
        self.kept: dict[tuple, tuple] = {}  # options -> (context, keeper page, CDP session)

    def get(self, viewport: dict | None = None, nth: int = 0, **options) -> WarmContext:
        """The `nth` kept device with these options (a test's second device is another one),
        wiped; the page options of PAGE_MEDIA are applied to each page instead."""
        media = {k: options.pop(k) for k in PAGE_MEDIA if k in options}
        key = (tuple(sorted(options.items())), nth)
        if key not in self.kept:
            self.kept[key] = self.warm_up(options)
        context, keeper, cdp = self.kept[key]
        for page in context.pages:  # any left open, the ones a page opened itself included
            if page != keeper:
                page.close()
        for origin in sorted(self.servers.origins):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": WIPED})
        return WarmContext(context, viewport, media)

    def warm_up(self, options: dict) -> tuple:
        """A new context that has booted the game once (its Python snapshot stored)."""
        context = self.browser.new_context(service_workers="block", **options)
        keeper = context.new_page()
        keeper.goto(self.servers.start() + "?fast=1")
        keeper.wait_for_selector(WARMED, state="attached", timeout=180_000)
        keeper.goto("about:blank")
        return context, keeper, context.new_cdp_session(keeper)

    def close(self) -> None:
        for context, _, _ in self.kept.values():
            context.close()


@pytest.fixture(scope="session")
def warm_devices(browser, servers):
    devices = WarmDevices(browser, servers)
    yield devices
    devices.close()


@pytest.fixture
def warm_context(warm_devices):
    """warm_context(viewport=..., has_touch=..., locale=...) -> a warm device for this test
    (see the module's docstring), a different one at each call; the pages they opened are
    closed after the test."""
    made, uses = [], {}

    def make(viewport: dict | None = None, **options) -> WarmContext:
        key = tuple(sorted((k, v) for k, v in options.items() if k not in PAGE_MEDIA))
        uses[key] = uses.get(key, -1) + 1  # a second device with the same options: another one
        made.append(warm_devices.get(viewport, uses[key], **options))
        return made[-1]

    yield make
    for context in made:
        for page in context.pages:
            page.close()


@pytest.fixture
def warm_page(warm_context):
    """warm_page(viewport=..., **options) -> a new page of a warm device."""
    return lambda viewport=None, **options: warm_context(viewport, **options).new_page()


def pytest_collection_modifyitems(config, items):
    """Every test under tests/browser is a browser test (the `browser` marker), whether or not
    its module says so: `--quick` keeps only the ones marked `quick`."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
