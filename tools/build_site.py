"""`python3 build.py`: the static site in dist/ — site/, the Pyodide runtime's core files, the
wheels (micropip, the optional ones, the project's), the precache list and build.json."""

from __future__ import annotations

import functools
import json
import shutil
import tarfile
import time
from pathlib import Path

from tools.common import CACHE, DIST, SITE, BuildError, log, sha256_file
from tools.downloads import (
    MICROPIP_SHA256,
    MICROPIP_WHEEL,
    OPTIONAL_WHEELS,
    PYODIDE_FILES,
    PYODIDE_TARBALL,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    cached,
    fetch_micropip,
    fetch_pyodide,
)
from tools.module_graph import write_app_modules
from tools.precache import write_precache
from tools.wheel import build_project_wheel, project


def build(out: Path = DIST, cache: Path = CACHE) -> dict:
    """Build the static site into `out`; returns its build.json manifest."""
    started = time.monotonic()
    out = out.resolve()
    if out.exists():
        if any(out.iterdir()) and not (out / "build.json").is_file():
            raise BuildError(f"{out} is not empty and holds no earlier build: not replacing it")
        shutil.rmtree(out)
    shutil.copytree(SITE, out, ignore=shutil.ignore_patterns(".*", "__pycache__", "dev", "*.py"))
    write_app_modules(out)  # boot.js preloads them (docs/performance.md)

    tarball = cached(PYODIDE_TARBALL, PYODIDE_TARBALL_SHA256, fetch_pyodide, cache)
    (out / "pyodide").mkdir()
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{PYODIDE_TARBALL} has no package/{name}")
            (out / "pyodide" / name).write_bytes(member.read())

    wheels = out / "wheels"
    wheels.mkdir()
    shutil.copyfile(cached(MICROPIP_WHEEL, MICROPIP_SHA256, fetch_micropip, cache),
                    wheels / MICROPIP_WHEEL)
    for name, (requirement, sha256) in OPTIONAL_WHEELS.items():
        fetch = functools.partial(fetch_micropip, requirement=requirement)
        shutil.copyfile(cached(name, sha256, fetch, cache), wheels / name)
    wheel = build_project_wheel(wheels)
    write_precache(out)  # offline play: the service worker's file list and build hash

    files = sorted(p for p in out.rglob("*") if p.is_file())
    manifest = {
        "version": project()["version"],
        "pyodide": PYODIDE_VERSION,
        "wheel": wheel.relative_to(out).as_posix(),
        "files": {p.relative_to(out).as_posix(): {"size": p.stat().st_size,
                                                  "sha256": sha256_file(p)} for p in files},
    }
    (out / "build.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    log(f"built {out} in {time.monotonic() - started:.1f} s")
    return manifest


def tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
