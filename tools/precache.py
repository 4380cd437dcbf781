"""Offline play (docs/offline.md): the service worker's precache list and the build's hash."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tools.common import BuildError, sha256_file

SERVICE_WORKER = "sw.js"
PRECACHE_LINE = "const PRECACHE = "
"""The line of site/sw.js that the build replaces with the build's hash and files."""


def build_hash(files: dict[str, str]) -> str:
    """The build's content hash: SHA-256 over each file's path and SHA-256, in path order."""
    text = "".join(f"{path}\t{digest}\n" for path, digest in sorted(files.items()))
    return hashlib.sha256(text.encode()).hexdigest()


def write_precache(out: Path) -> str:
    """Write into `out`/sw.js the files it stores for offline play and the build's content hash
    (which names its cache); returns the hash. Every file of `out` is listed with its SHA-256,
    except sw.js itself and build.json (which lists sw.js's hash, so the worker checks it by
    its content instead: null)."""
    sw = out / SERVICE_WORKER
    files = {p.relative_to(out).as_posix(): sha256_file(p) for p in out.rglob("*")
             if p.is_file() and p != sw and p.relative_to(out).as_posix() != "build.json"}
    digest = build_hash(files)
    precache = json.dumps({"build": digest, "files": {**files, "build.json": None}},
                          sort_keys=True, separators=(",", ":"))
    lines = sw.read_text("utf-8").split("\n")
    found = [i for i, line in enumerate(lines) if line.startswith(PRECACHE_LINE)]
    if len(found) != 1:
        raise BuildError(f"{SERVICE_WORKER} needs exactly one line starting {PRECACHE_LINE!r}")
    lines[found[0]] = f"{PRECACHE_LINE}{precache}; // written by build.py (write_precache)"
    sw.write_text("\n".join(lines), "utf-8")
    return digest
