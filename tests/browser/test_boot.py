"""The page boots Python in a worker, stays on its own origin, and fails readably."""

import json
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

# Keeps every text #boot-status shows, to check the named stages, and every module hint the
# page adds (<link rel="modulepreload">, which leaves the page once the game's modules are in).
STATUS_LOG = """
window.preloaded = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeName === "LINK" && n.rel === "modulepreload") window.preloaded.push(n.href);
  }
}).observe(document, { childList: true, subtree: true });
window.statuses = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("boot-status");
  new MutationObserver(() => window.statuses.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
});
"""


@pytest.fixture(scope="module", params=["/", "/games/tammany/"], ids=["root", "sub-path"])
def booted(request, serve, open_page):
    """One cold boot of the site served at the root, and one under a sub-path."""
    url = serve(prefix=request.param)
    page = open_page(url, STATUS_LOG)
    page.wait_ready()
    page.url = url
    yield page
    page.close()


def test_boots_to_ready_without_console_errors(booted):
    assert booted.errors == []
    assert booted.page.is_visible("#start")
    assert booted.page.is_hidden("#boot")
    assert booted.page.is_hidden("#boot-error")


def test_shows_named_stages_with_a_download_percentage(booted):
    statuses = booted.page.evaluate("window.statuses")
    assert any(s.startswith("Downloading the Python runtime") and s.endswith("%")
               for s in statuses), statuses
    assert "Starting Python…" in statuses
    assert "Loading the rules…" in statuses


def test_every_request_stays_on_the_origin_and_below_the_sub_path(booted):
    base = urlsplit(booted.url)
    # The worker's downloads are seen too, so the check covers the runtime files.
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in booted.requests)
    assert any(url.endswith("-py3-none-any.whl") for url in booted.requests)
    for url in booted.requests:
        parts = urlsplit(url)
        assert (parts.scheme, parts.netloc) == (base.scheme, base.netloc), url
        assert parts.path.startswith(base.path), url


def test_the_game_modules_are_asked_for_at_once_by_modulepreload(booted, dist):
    """The boot asks for every module app.js needs as <link rel="modulepreload"> (the build's
    js/app-modules.json), under the page's own sub-path; once the game's modules are in, the
    hints leave the page (they would ride along in every style pass of the game)."""
    listed = json.loads((dist / "js" / "app-modules.json").read_text("utf-8"))
    asked = booted.page.evaluate("window.preloaded")
    assert sorted(urlsplit(h).path for h in asked) == sorted(
        urlsplit(booted.url).path + path for path in listed)
    assert booted.page.locator("link[rel=modulepreload]").count() == 0


def test_micropip_is_shipped_but_not_loaded_at_boot(booted, dist):
    assert (dist / "wheels" / "micropip-0.11.1-py3-none-any.whl").is_file()
    assert not any("micropip" in url for url in booted.requests)


def test_a_damaged_runtime_shows_a_readable_error_and_retry_recovers(serve, open_page, dist):
    wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
    overrides = {"pyodide/pyodide.asm.wasm": wasm[:8] + b"\xff" * 4096 + wasm[4104:]}
    page = open_page(serve(overrides=overrides))
    try:
        page.page.wait_for_selector("#boot-error", state="visible", timeout=120_000)
        message = page.page.text_content("#boot-error-message")
        assert "pyodide.asm.wasm" in message and "damaged" in message
        assert page.page.is_visible("#retry")
        assert page.page.is_hidden("#boot")
        assert page.page.get_attribute("html", "data-ready") is None

        overrides.clear()  # the file is whole again: Retry boots afresh
        page.page.click("#retry")
        page.wait_ready()
        assert page.page.is_hidden("#boot-error")
    finally:
        page.close()
