"""The quick reference (site/js/tutorial/quickref.js): reachable from the game (the foot of its
table), in each language it fits a 768×1024 portrait tablet without sideways scrolling, and it
prints on one A4 page (Chromium's print-to-PDF, pages counted in the PDF)."""

import re

import pytest
from gameplay import wait_screen

import build


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_the_quick_reference_fits_a_tablet_and_one_a4_page(new_context, serve, lang):
    page = new_context(viewport={"width": 768, "height": 1024}).new_page()
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
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf_pages(pdf) == 1
    text = page.inner_text("#th-quickref")
    assert "{" not in text and "qr." not in text
