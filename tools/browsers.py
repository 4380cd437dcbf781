"""The browsers the tests and the benchmark drive, and the page's ready signal they wait for;
Node, which runs the page's unit tests (tests/js, `node --test`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tools.common import BuildError, log

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

NODE = "/usr/bin/node"
"""Debian's Node (package `nodejs`): its own test runner runs the page's pure modules' tests."""

READY = 'html[data-ready="1"]'
READY_MARK = "tammany-ready"
"""The game page and the benchmark's bare page set data-ready="1" and record this performance
mark at the same moment."""

BROWSER_PACKAGES = {  # program the browser tests run -> the Debian package that brings it
    CHROMIUM: "chromium",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",  # WebKitGTK's WebDriver and MiniBrowser
    "/usr/bin/Xvfb": "xvfb",                          # a display for WebKitGTK
    "/usr/bin/firefox-esr": "firefox-esr",            # Firefox ESR (WebDriver BiDi built in)
}
"""The engines the browser tests run in (tools/engines.py drives WebKit and Firefox)."""

TEST_PACKAGES = {**BROWSER_PACKAGES, NODE: "nodejs"}
"""Everything `build.py test` runs besides Python: the browsers and Node (tests/js)."""


def ensure_chromium(wanted: dict[str, str] = BROWSER_PACKAGES) -> None:
    """Chromium, WebKitGTK (with Xvfb) and Firefox ESR — and, given TEST_PACKAGES, Node — from
    Debian: installed when this runs as root with apt-get, else the command is printed and the
    run stops."""
    packages = sorted({pkg for path, pkg in wanted.items() if not Path(path).exists()})
    if not packages:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        log(f"installing Debian's {', '.join(packages)} for the browser tests")
        subprocess.run(["apt-get", "update"], check=True)
        subprocess.run(["apt-get", "install", "-y", *packages], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return
    command = f"sudo apt-get update && sudo apt-get install -y {' '.join(packages)}"
    raise BuildError("The tests need Chromium, WebKitGTK and Firefox ESR (the browser tests) "
                     f"and Node (the page's unit tests). Install them with:\n    {command}")

OFFLINE_READY = 'html[data-offline="ready"][data-warm-start]'
"""The page is controlled by the service worker (which has stored the build) and the game's
worker has answered about its warm start (storing its snapshot first, if it made one)."""
