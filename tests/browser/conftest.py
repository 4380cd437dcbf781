"""Browser-test fixtures: the built site on a local server, and one headless Chromium.

The server is build.py's own (same types, CSP and compression as `build.py serve`), serving
the site under a sub-path, as a static host's folder would.
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


@pytest.fixture(scope="session")
def serve(dist):
    """serve(prefix="/...", overrides={...}) -> base URL; servers stop at the session's end."""
    servers = []

    def start(prefix: str = SUB_PATH, overrides: dict | None = None) -> str:
        server, url = build.start_server(root=dist, prefix=prefix, overrides=overrides)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
        yield browser
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
