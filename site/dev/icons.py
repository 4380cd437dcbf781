#!/usr/bin/env python3
"""Render the app icons (site/icons/*.png) from site/icons/icon.svg with headless Chromium.

    .venv/bin/python site/dev/icons.py            write the PNGs
    .venv/bin/python site/dev/icons.py --check    exit 1 if a PNG is not a render of the SVG

Run it by hand whenever icon.svg changes, and commit the PNGs: the build copies them as they are,
so it needs no rasteriser (and stays standard-library only). Chromium draws the SVG exactly as a
browser shows it, antialiasing included; the PNGs are then plain files with a fixed size.

- icon-192.png, icon-512.png: the icon as drawn (rounded tile, transparent corners), for
  purpose "any".
- maskable-192.png, maskable-512.png: purpose "maskable". Launchers cut these to their own
  shape (circle, squircle...) keeping only a central circle of 40 % radius for sure, so the
  picture (icon.svg's <g id="art">) is scaled to 80 % on a full-bleed background, the river and
  the roofs continued to the edges.

tests/browser/test_offline.py renders them again and compares, so a PNG that no longer matches
the SVG fails the suite.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "icons"
SIZES = (192, 512)
CHROMIUM = "/usr/bin/chromium"


def art(svg: str) -> str:
    match = re.search(r'<g id="art">.*?</g>\s*(?=</g>)', svg, re.S)
    if not match:
        raise SystemExit('icon.svg has no <g id="art"> inside its clipped group')
    return match.group(0)


def maskable_svg(svg: str) -> str:
    """The maskable variant: full bleed, the art at 80 % around the centre."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        '<rect width="512" height="512" fill="#f3ead6"/>'
        '<rect y="346" width="512" height="16" fill="#2b2118"/>'
        '<rect y="360" width="512" height="152" fill="#2f4f6f"/>'
        '<g transform="translate(256 256) scale(0.8) translate(-256 -256)">'
        '<circle cx="256" cy="236" r="186" fill="#e8dcc0"/>'
        f"{art(svg)}</g></svg>"
    )


def sources() -> dict[str, str]:
    svg = (ICONS / "icon.svg").read_text("utf-8")
    return {"icon": svg, "maskable": maskable_svg(svg)}


def render(browser, svg: str, size: int) -> bytes:
    """The SVG drawn at size x size pixels, as PNG bytes with an alpha channel."""
    page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
    try:
        page.set_content(
            "<!doctype html><style>html,body{margin:0;background:transparent}"
            f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
        return page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": size,
                                                           "height": size})
    finally:
        page.close()


def renders(browser) -> dict[str, bytes]:
    """{file name: PNG bytes} for every icon PNG."""
    return {f"{kind}-{size}.png": render(browser, svg, size)
            for kind, svg in sources().items() for size in SIZES}


def difference(a: bytes, b: bytes) -> float:
    """Mean absolute difference per channel (0-255) between two same-size PNGs (Pillow)."""
    from PIL import Image, ImageChops, ImageStat

    one, two = (Image.open(io.BytesIO(x)).convert("RGBA") for x in (a, b))
    if one.size != two.size:
        return 255.0
    return sum(ImageStat.Stat(ImageChops.difference(one, two)).mean) / 4


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            fresh = renders(browser)
        finally:
            browser.close()
    stale = []
    for name, png in fresh.items():
        path = ICONS / name
        if args.check:
            if not path.is_file() or difference(path.read_bytes(), png) > 1.0:
                stale.append(name)
        else:
            path.write_bytes(png)
            print(f"wrote {path}")
    if stale:
        print("not renders of icon.svg (run site/dev/icons.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
