"""The quick reference (site/js/tutorial/quickref.js): reachable from the game (the foot of its
table), in each language it fits a 768×1024 portrait tablet without sideways scrolling, and it
prints on one A4 page (Chromium's print-to-PDF, pages counted in the PDF) which it fills, in
type large enough to read across a table (issue 48: the print style's size did nothing and the
card filled the top 60% of the page)."""

import re

import pytest

import build
from tools.gameplay import wait_screen

# A4 less the print style's 12 mm margins (css/tutorial.css), in CSS pixels (96 an inch).
PRINTED = {"width": round((210 - 24) / 25.4 * 96), "height": round((297 - 24) / 25.4 * 96)}
FILLS = 0.85   # of the page's height, at least
READABLE = 16  # px (12 pt), the list's type at least; the titles are larger

AS_PRINTED = """() => {
  const d = document.getElementById("th-quickref"), r = d.getBoundingClientRect();
  const size = (sel) => Math.min(...[...d.querySelectorAll(sel)]
    .map((e) => parseFloat(getComputedStyle(e).fontSize)));
  const shown = [...document.body.children].filter((e) => e.getClientRects().length)
    .map((e) => e.id || e.tagName);
  return { top: r.top, height: r.height, li: size("li"), h3: size("h3"), shown };
}"""


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_the_quick_reference_fits_a_tablet_and_fills_one_a4_page(warm_page, serve, lang):
    page = warm_page({"width": 768, "height": 1024})
    page.goto(f"{serve()}?seed=7&fast=1&lang={lang}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    page.click(".th-start-form button[type=submit]")
    assert wait_screen(page, "turn") == "turn"
    page.click("#th-quickref-button")
    page.wait_for_selector("#th-quickref[open]")
    sizes = page.evaluate("""() => {
      const d = document.getElementById("th-quickref"), s = document.scrollingElement;
      const r = d.getBoundingClientRect();
      return { page: [s.scrollWidth, s.clientWidth], box: [d.scrollWidth, d.clientWidth],
               right: r.right, items: d.querySelectorAll("li").length };
    }""")
    assert sizes["page"][0] <= sizes["page"][1], sizes
    assert sizes["box"][0] <= sizes["box"][1], sizes
    assert sizes["right"] <= 768 and sizes["items"] == 18
    text = page.inner_text("#th-quickref")
    assert "{" not in text and "qr." not in text

    # Printed (the browser tells the page before it prints, as for the print button):
    # one A4 page, and the card as laid out for it fills that page.
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf_pages(pdf) == 1
    page.emulate_media(media="print")
    page.set_viewport_size(PRINTED)
    printed = page.evaluate(AS_PRINTED)
    assert printed["shown"] == ["th-quickref"], printed  # the card alone
    bottom = printed["top"] + printed["height"]
    assert FILLS * PRINTED["height"] <= bottom <= PRINTED["height"], printed
    assert printed["li"] >= READABLE and printed["h3"] > printed["li"], printed
