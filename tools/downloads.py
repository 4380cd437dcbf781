"""The pinned downloads, fetched once into .cache/ and checked against their SHA-256."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from tools.common import CACHE, BuildError, log, sha256_file

PYODIDE_VERSION = "314.0.7"
PYODIDE_TARBALL = f"pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_TARBALL_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
AXE_VERSION = "4.14.1"  # axe-core, the accessibility checker: browser tests only, never in dist/
AXE_TARBALL = f"axe-core-{AXE_VERSION}.tgz"
AXE_TARBALL_SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
OPTIONAL_WHEELS = {  # pure-Python packages micropip installs on demand, never from a network
    "segno-1.6.6-py3-none-any.whl": (  # the share dialog's QR code
        "segno==1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"),
    "openskill-6.2.0-py3-none-any.whl": (  # the archive's ratings (py/standings/ratings.py)
        "openskill==6.2.0", "7c9cf8447181a5402793afe9230058ae1091ceb7fc0364b9ab3eb51e9eac1ac9"),
}


def cached(name: str, sha256: str, fetch: Callable[[Path], None], cache: Path = CACHE) -> Path:
    """The file `name` in the cache, fetched once by `fetch(folder)` and checked against its pin.

    A cached file whose hash is wrong is fetched again; a fresh download whose hash is wrong is
    deleted and the build stops.
    """
    path = cache / name
    if path.is_file() and sha256_file(path) == sha256:
        return path
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        log(f"fetching {name} (once; later builds use {cache.name}/)")
        fetch(Path(tmp))
        fetched = Path(tmp) / name
        if not fetched.is_file():
            raise BuildError(f"fetching {name} did not produce that file")
        got = sha256_file(fetched)
        if got != sha256:
            raise BuildError(f"{name}: SHA-256 {got} does not match the pinned {sha256}")
        os.replace(fetched, path)
    return path


def run_fetch(command: list[str], tool: str) -> None:
    if shutil.which(command[0]) is None:
        raise BuildError(f"{tool} is needed once to fetch the pinned downloads into .cache/")
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode:
        raise BuildError(f"{' '.join(command)} failed:\n{result.stderr.strip()}")


def fetch_pyodide(folder: Path) -> None:
    run_fetch(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(folder)],
              "npm (from Node.js)")


def fetch_axe(folder: Path) -> None:
    run_fetch(["npm", "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", str(folder)],
              "npm (from Node.js)")


def fetch_micropip(folder: Path, requirement: str = f"micropip=={MICROPIP_VERSION}") -> None:
    run_fetch([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
               "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
               requirement, "-d", str(folder)], "pip")


def axe_source(cache: Path = CACHE) -> str:
    """axe-core's script (axe.min.js of the pinned npm package), for the browser tests to
    inject into the page they check; it is never copied into dist/."""
    with tarfile.open(cached(AXE_TARBALL, AXE_TARBALL_SHA256, fetch_axe, cache)) as tar:
        member = tar.extractfile("package/axe.min.js")
        if member is None:
            raise BuildError(f"{AXE_TARBALL} has no package/axe.min.js")
        return member.read().decode("utf-8")
