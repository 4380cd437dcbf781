"""Offline and installable (docs/offline.md): after one visit the game starts and plays with the
server stopped, starts from a warm-start snapshot (falling back to a normal start when it is stale
or damaged), offers a new build without interrupting the game, and is installable, under a sub-path.

"Offline" means the server is gone (tools.serve.StoppableSite.stop): Playwright's offline switch
does not cover a service worker's own fetches in Chromium.
"""

from __future__ import annotations

import json
import shutil
import struct
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest

import build
from tools import build_site
from tools.browsers import OFFLINE_READY
from tools.gameplay import Player, game_hash, settle, start_game
from tools.serve import StoppableSite

pytestmark = pytest.mark.browser

SUB_PATH = "/games/tammany/"
TIMEOUT = 120_000
TAGLINE_B = "Ward politics in old New York, build B"


def wait_ready(page) -> None:
    page.wait_for_selector(build.READY, state="attached", timeout=TIMEOUT)


def warm_start(page) -> tuple[str, bool]:
    """How the game's worker started ("snapshot" or "normal") and whether it stored one."""
    page.wait_for_selector("html[data-warm-start]", state="attached", timeout=TIMEOUT)
    return (page.get_attribute("html", "data-warm-start"),
            page.get_attribute("html", "data-warm-start-stored") == "1")


def autosave(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('tammany.autosave')"))


def play_one_turn(page) -> None:
    """Play the turn on screen; the game's hash and the autosave must move on."""
    before = game_hash(page)
    moves = autosave(page)["moves"]
    Player(page).turn()
    settle(page)
    assert game_hash(page) != before
    saved = autosave(page)
    assert saved["moves"] > moves and saved["hash"] == game_hash(page)


class Errors:
    """Console errors and uncaught exceptions of a page (and its worker)."""

    def __init__(self, page):
        self.seen: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.seen.append(m.text))
        page.on("pageerror", lambda e: self.seen.append(f"uncaught: {e}"))


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture
def site(dist):
    site = StoppableSite(dist, SUB_PATH)
    yield site
    site.stop()


def first_visit(context, url: str):
    page = context.new_page()
    errors = Errors(page)
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT)
    return page, errors


# --- offline ---------------------------------------------------------------------------------


def test_after_one_visit_the_game_plays_offline_and_a_bad_snapshot_falls_back(context, site):
    """The first visit makes a normal start, stores its snapshot and lets the service worker in
    only once the page is ready; with the server stopped, a reload starts from the snapshot,
    says it is offline, and a game starts and plays a turn. Still offline, a snapshot of
    another build, then a damaged one, falls back to a normal start that stores a new snapshot;
    the next reload starts from it."""
    page, errors = first_visit(context, site.url)
    assert warm_start(page) == ("normal", True)  # a normal start, which stored its snapshot
    assert page.is_hidden("#th-offline-pill")
    # The service worker came only once the page was ready: the first boot had the network to
    # itself (the micropip wheel is fetched by nothing else).
    ready = page.evaluate(
        f"performance.timeOrigin + performance.getEntriesByName({build.READY_MARK!r})[0].startTime"
    ) / 1000
    storing = [(path, at) for path, _, at in site.requests
               if path.endswith(("/sw.js", "/micropip-0.11.1-py3-none-any.whl"))]
    assert len(storing) >= 2 and all(at >= ready for _, at in storing), (ready, storing)

    site.stop()
    page.reload()
    wait_ready(page)
    assert warm_start(page) == ("snapshot", False)
    page.wait_for_selector("#th-offline-pill", state="visible", timeout=30_000)
    assert "Offline" in page.text_content("#th-offline-pill")

    start_game(page, site.url, seed=7)  # a navigation with a query string: still the cache
    play_one_turn(page)
    stale_or_damaged_snapshots_fall_back_to_a_normal_start(page)
    assert errors.seen == []


def replace_snapshot(page, rename: bool = False, damage: bool = False) -> None:
    page.evaluate("""async ([rename, damage]) => {
      const name = (await caches.keys()).find((n) => n.startsWith("tammany-warm "));
      const cache = await caches.open(name);
      const [request] = await cache.keys();
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      if (damage) bytes.fill(7, 0, 4096);  // the header and the start of the heap
      await cache.delete(request);
      await cache.put(rename ? request.url.replace(/[0-9a-f]{8}$/, "00000000") : request,
                      new Response(bytes));
    }""", [rename, damage])


def stale_or_damaged_snapshots_fall_back_to_a_normal_start(page) -> None:
    """Offline: a snapshot made by "another build", then one with the right key and unusable
    bytes, each falls back to a normal start that stores a new snapshot; the next reload
    starts from that one."""
    replace_snapshot(page, rename=True)  # made by "another build"
    page.reload()
    wait_ready(page)
    assert warm_start(page) == ("normal", True)

    replace_snapshot(page, damage=True)  # the right key, unusable bytes
    page.reload()
    wait_ready(page)
    assert warm_start(page) == ("normal", True)

    page.reload()  # the snapshot stored by the fallback works
    wait_ready(page)
    assert warm_start(page) == ("snapshot", False)


# --- updates ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """Build A and build B (`build.py --out DIR` twice) from one frozen copy of the sources; B's
    tagline differs — in the HTML and in the English table, which boot.js writes over the HTML's
    text as soon as the page's language is known (so the tagline on screen tells the builds apart
    for as long as the page is open, not only until the English file arrives)."""
    base = tmp_path_factory.mktemp("two-builds")
    sources = base / "site"
    shutil.copytree(build.SITE, sources, ignore=shutil.ignore_patterns("__pycache__"))
    real = build_site.SITE  # the build reads its sources from tools.build_site's SITE
    try:
        build_site.SITE = sources
        assert build.main(["--out", str(base / "a")]) == 0
        english = ("data/i18n/en.json", '"boot.tagline": "Ward politics in old New York"')
        for name, before in (("index.html", "Ward politics in old New York</p>"), english):
            page = sources / name
            text = page.read_text("utf-8")
            assert text.count(before) == 1, name
            page.write_text(text.replace("Ward politics in old New York", TAGLINE_B))
        assert build.main(["--out", str(base / "b")]) == 0
    finally:
        build_site.SITE = real
    return base / "a", base / "b"


def sw_build(folder: Path) -> str:
    text = (folder / "sw.js").read_text("utf-8")
    line = next(x for x in text.splitlines() if x.startswith(build.PRECACHE_LINE))
    return json.loads(line[len(build.PRECACHE_LINE):line.rindex("};") + 1])["build"]


def test_a_new_build_is_offered_and_reload_runs_it_with_the_game_intact(context, two_builds):
    a, b = two_builds
    assert sw_build(a) != sw_build(b)
    site = StoppableSite(a, SUB_PATH)
    try:
        page = context.new_page()
        errors = Errors(page)
        start_game(page, site.url, seed=11)
        play_one_turn(page)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT)
        saved = autosave(page)

        answered = len(site.requests)
        site.root = b  # the new build is on the server
        page.goto(site.url)  # the next visit: build A from the cache, B installs meanwhile
        wait_ready(page)
        assert TAGLINE_B not in page.text_content(".tagline")
        assert game_hash(page) == saved["hash"]  # the game goes on, uninterrupted
        update = page.wait_for_selector("#th-update", state="visible", timeout=60_000)
        assert "A new version is ready" in update.text_content()

        page.click("#th-update .th-update-reload")  # the page reloads into build B
        page.wait_for_selector(f'.tagline:has-text("{TAGLINE_B}")', timeout=TIMEOUT)
        wait_ready(page)
        assert game_hash(page) == saved["hash"]  # resumed from the autosave
        assert autosave(page)["code"] == saved["code"]
        assert page.is_hidden("#th-update")
        names = page.evaluate("caches.keys()")
        assert [n for n in names if n.startswith("tammany-site ")] == [
            f"tammany-site {site.url} {sw_build(b)}"]  # build A's cache is gone
        play_one_turn(page)
        assert errors.seen == []
        # The update downloaded what changed; the unchanged files came from build A's cache.
        paths = [path for path, *_ in site.requests[answered:]]
        assert f"{SUB_PATH}index.html" in paths and f"{SUB_PATH}sw.js" in paths
        assert not [p for p in paths if "/pyodide/" in p or "/wheels/" in p], paths
    finally:
        site.stop()


# --- installable, under a sub-path -----------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def profile_context(browser, tmp_path):
    """A context with a profile on disk: Chromium's install checks refuse incognito ones."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS)
    yield context
    context.close()


def test_installable_under_a_sub_path(profile_context, site):
    context = profile_context
    page, _ = first_visit(context, site.url)

    # The service worker's scope is the folder of index.html, below the sub-path.
    registration = page.evaluate("""async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r.scope, script: r.active.scriptURL,
               controller: navigator.serviceWorker.controller?.scriptURL };
    }""")
    assert registration == {"scope": site.url, "script": site.url + "sw.js",
                            "controller": site.url + "sw.js"}
    assert page.evaluate("caches.keys()").count(
        f"tammany-site {site.url} {sw_build(Path(site.root))}") == 1

    # The manifest: found by Chromium, start URL and scope resolve to the same folder.
    cdp = context.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    manifest_url = site.url + "manifest.webmanifest"
    assert found["url"] == manifest_url and found["errors"] == []
    manifest = json.loads(found["data"])
    assert urljoin(manifest_url, manifest["start_url"]) == site.url
    assert urljoin(manifest_url, manifest["scope"]) == site.url
    response = context.request.get(manifest_url)
    assert response.ok and response.headers["content-type"] == "application/manifest+json"
    assert response.json() == manifest

    # Chromium's installability criteria, field by field.
    assert manifest["name"] == "Tammany Hall" and 0 < len(manifest["short_name"]) <= 12
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    for colour in ("theme_color", "background_color"):
        assert manifest[colour].startswith("#")
    assert manifest.get("prefer_related_applications") is not True
    sizes: dict[str, set[int]] = {}
    for icon in manifest["icons"]:
        got = context.request.get(urljoin(manifest_url, icon["src"]))
        assert got.ok, icon["src"]
        assert got.headers["content-type"].split(";")[0] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(got.body())
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
            sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"]  # Chromium wants a square icon of at least 144 px
    assert 512 in sizes["maskable"]
    assert page.evaluate("navigator.serviceWorker.controller?.state") == "activated"

    # And Chromium's own check, as its install prompt runs it (headless prompts are unreliable).
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_icons_are_renders_of_the_svg(browser):
    sys.path.insert(0, str(build.SITE / "dev"))
    import icons

    for name, png in icons.renders(browser).items():
        committed = (build.SITE / "icons" / name).read_bytes()
        assert png_size(committed) == png_size(png), name
        assert icons.difference(committed, png) <= 1.0, f"{name}: run site/dev/icons.py"
