"""Every language works offline after one visit (docs/i18n.md, docs/offline.md).

The first visit is in English, so no other language's file has been fetched by the page: the
service worker must have stored them all (build.py write_precache lists every file).
"""

import pytest

import build
from tools.browsers import OFFLINE_READY
from tools.gameplay import wait_screen
from tools.serve import StoppableSite

pytestmark = pytest.mark.browser

TIMEOUT = 120_000


@pytest.fixture
def site(dist):
    site = StoppableSite(dist, "/games/tammany/")
    yield site
    site.stop()


def test_each_language_and_its_rules_open_with_the_server_stopped(browser, site):
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.url)
        page.wait_for_selector(build.READY, state="attached", timeout=TIMEOUT)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=TIMEOUT)
        assert page.evaluate("document.documentElement.lang") == "en"
        fetched = [path for path, _, _ in site.requests if "/data/i18n/" in path]

        site.stop()
        page.goto(site.url + "?dev=1&lang=de")
        page.wait_for_selector(build.READY, state="attached", timeout=TIMEOUT)
        assert page.evaluate("document.documentElement.lang") == "de"
        start = page.locator("form.th-start-form button[type=submit]")
        assert start.text_content() == "Spiel starten"
        start.click()
        wait_screen(page, "turn")
        for lang, rules in (("fr", "Règles"), ("it", "Regole")):
            page.select_option("#th-game .th-language", lang)
            wait_screen(page, "turn")
            assert page.evaluate("document.documentElement.lang") == lang
            button = page.locator(".th-bar .th-rules-button")
            assert button.text_content() == rules
            button.click()
            page.wait_for_selector('html[data-rules="open"]')
            assert page.locator("#th-rules h2").text_content() in ("Les règles", "Le regole")
            page.click("#th-rules-close")
        assert errors == []
        # The English first visit asked for no other language: the service worker stored them.
        names = {p.rsplit("/", 1)[-1] for p in fetched}
        assert {"de.json", "fr.json", "it.json", "rules-de.json", "rules-fr.json",
                "rules-it.json"} <= names, names
    finally:
        context.close()
