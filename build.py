#!/usr/bin/env python3
"""The project's one entry point: build | serve | test | bench.

    python3 build.py                 build the static site into dist/
    python3 build.py --out DIR       build it somewhere else
    python3 build.py serve [--port]  build, then serve dist/ on localhost (the "play" command)
    python3 build.py test [-- ARGS]  lint and run the whole pytest suite, browser tests included
    python3 build.py test --under-load [--repeat N]
                                     the same with every core kept busy by a load generator
    python3 build.py bench           print start-up and size figures as one JSON object

Standard library only, so a fresh clone needs nothing but Python >= 3.11 (and npm once, to
fetch the pinned Pyodide runtime). The same module is the project's PEP 517 build backend
(see pyproject.toml), so `pip install -e .` and the site use one wheel builder.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PY = ROOT / "py"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"

# --- pinned downloads ----------------------------------------------------------------------

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
PACKAGES = ("tammany", "standings")
"""The project's wheel: the rules package (standard library only) and the archive's package
(statistics and ratings of finished games; it reads games through tammany, never the reverse)."""

# --- what the browser is told ----------------------------------------------------------------

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
"""The page's Content-Security-Policy. site/index.html carries the same text as a meta tag;
the server sends it as a header, which is what governs the worker."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".wasm", ".svg", ".txt"}

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""Every entry of the project's wheel carries this time stamp, so equal sources give equal bytes."""


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def sha256_file(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


# --- downloads into the cache -------------------------------------------------------------


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


def axe_source(cache: Path = CACHE) -> str:
    """axe-core's script (axe.min.js of the pinned npm package), for the browser tests to
    inject into the page they check; it is never copied into dist/."""
    with tarfile.open(cached(AXE_TARBALL, AXE_TARBALL_SHA256, fetch_axe, cache)) as tar:
        member = tar.extractfile("package/axe.min.js")
        if member is None:
            raise BuildError(f"{AXE_TARBALL} has no package/axe.min.js")
        return member.read().decode("utf-8")


def fetch_micropip(folder: Path, requirement: str = f"micropip=={MICROPIP_VERSION}") -> None:
    run_fetch([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
               "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
               requirement, "-d", str(folder)], "pip")


# --- the project's wheel --------------------------------------------------------------------


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def metadata_text(meta: dict) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {meta['version']}",
        f"Summary: {meta['description']}",
        f"Requires-Python: {meta['requires-python']}",
        f"License: {meta['license']['text']}",
    ]
    lines += [f"Requires-Dist: {req}" for req in meta.get("dependencies", [])]
    for extra, reqs in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in reqs]
    return "\n".join(lines) + "\n"


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def package_files(name: str) -> list[tuple[str, bytes]]:
    """The package's files as (path in the wheel, bytes), sorted; caches and bytecode left out."""
    files = (p for p in (PY / name).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".pyc", ".pyo"})
    return sorted((p.relative_to(PY).as_posix(), p.read_bytes()) for p in files)


def write_wheel(folder: Path, files: list[tuple[str, bytes]], meta: dict | None = None) -> Path:
    """A py3-none-any wheel of `files` plus its dist-info, with fixed times and order."""
    meta = meta or project()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = list(files) + [
        (f"{dist_info}/METADATA", metadata_text(meta).encode()),
        (f"{dist_info}/WHEEL", wheel.encode()),
    ]
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    return path


def project_files() -> list[tuple[str, bytes]]:
    return sorted(entry for package in PACKAGES for entry in package_files(package))


def build_project_wheel(folder: Path) -> Path:
    return write_wheel(folder, project_files(), project())


# --- PEP 517 backend (pyproject.toml: build-backend = "build", backend-path = ["."]) ---------


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return build_project_wheel(Path(wheel_directory)).name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    meta = project()
    pth = (f"{meta['name']}.pth", (str(PY) + "\n").encode())
    return write_wheel(Path(wheel_directory), [pth], meta).name


def build_sdist(sdist_directory, config_settings=None):
    meta = project()
    base = f"{meta['name']}-{meta['version']}"
    members = [("PKG-INFO", metadata_text(meta).encode())]
    members += [(name, (ROOT / name).read_bytes()) for name in ("pyproject.toml", "build.py")]
    members += [(f"py/{path}", data) for path, data in project_files()]
    path = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for name, data in members:
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return path.name


# --- the site -------------------------------------------------------------------------------


def build(out: Path = DIST, cache: Path = CACHE) -> dict:
    """Build the static site into `out`; returns its build.json manifest."""
    started = time.monotonic()
    out = out.resolve()
    if out.exists():
        if any(out.iterdir()) and not (out / "build.json").is_file():
            raise BuildError(f"{out} is not empty and holds no earlier build: not replacing it")
        shutil.rmtree(out)
    shutil.copytree(SITE, out, ignore=shutil.ignore_patterns(".*", "__pycache__", "dev", "*.py"))

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


# --- offline play (docs/offline.md): the service worker's precache list ----------------------

SERVICE_WORKER = "sw.js"
PRECACHE_LINE = "const PRECACHE = "
"""The line of site/sw.js that build.py replaces with the build's hash and files."""


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


def tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# --- the static server ------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """Serves `root` under the URL path `prefix` with the site's headers, as a static host would.

    `overrides` maps paths below the prefix to bytes or files that replace or add to `root`
    (tests serve damaged files through it; the benchmark adds its bare and control pages).
    """

    root: Path = DIST
    prefix: str = "/"
    overrides: dict[str, bytes | Path] = {}
    quiet: bool = True
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self.respond(send_body=True)

    def do_HEAD(self) -> None:
        self.respond(send_body=False)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def respond(self, send_body: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        if path + "/" == self.prefix or (path.startswith(self.prefix) and self.is_dir(path)):
            return self.send(301, b"", headers={"Location": path + "/"})
        if not path.startswith(self.prefix):
            return self.send(404, b"Not found\n", ".txt", send_body=send_body)
        rel = path[len(self.prefix):]
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        suffix = Path(rel).suffix
        if rel in self.overrides:
            found = self.overrides[rel]
            if isinstance(found, bytes):
                return self.send(200, found, suffix, send_body=send_body)
            file = Path(found)
        else:
            file = self.file(rel)
        if file is None:
            return self.send(404, b"Not found\n", ".txt", send_body=send_body)
        stat = file.stat()
        gz = suffix in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", "")
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{"-gz" if gz else ""}"'
        headers = {"ETag": etag, "Last-Modified": email.utils.formatdate(stat.st_mtime,
                                                                          usegmt=True)}
        if suffix in COMPRESSIBLE:
            headers["Vary"] = "Accept-Encoding"
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, b"", suffix, headers, send_body=False)
        if gz:
            headers["Content-Encoding"] = "gzip"
            body = _gzipped(str(file), stat.st_mtime_ns, stat.st_size)
        else:
            body = file.read_bytes()
        self.send(200, body, suffix, headers, send_body=send_body)

    def file(self, rel: str) -> Path | None:
        parts = rel.split("/")
        if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
            return None
        file = self.root.joinpath(*parts)
        return file if file.is_file() else None

    def is_dir(self, path: str) -> bool:
        rel = path[len(self.prefix):]
        return bool(rel) and not rel.endswith("/") and ".." not in rel.split("/") and \
            self.root.joinpath(*rel.split("/")).is_dir()

    def send(self, status: int, body: bytes, suffix: str = ".txt",
             headers: dict[str, str] | None = None, send_body: bool = True) -> None:
        self.send_response(status)
        self.send_header("Content-Type", MIME_TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)) if status != 304 else "0")
        for key, value in {**HEADERS, **(headers or {})}.items():
            self.send_header(key, value)
        self.end_headers()
        if send_body and status != 304:
            self.wfile.write(body)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a tab closed mid-download
            super().handle_error(request, client_address)


def make_server(root: Path = DIST, port: int = 0, prefix: str = "/",
                overrides: dict[str, bytes | Path] | None = None, host: str = "127.0.0.1",
                quiet: bool = True) -> SiteServer:
    """A threaded server for `root` under `prefix`; port 0 picks a free port."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError("prefix must start and end with '/'")
    handler = type("Handler", (SiteHandler,), {
        "root": Path(root).resolve(), "prefix": prefix,
        "overrides": overrides if overrides is not None else {}, "quiet": quiet,
    })
    return SiteServer((host, port), handler)


def start_server(**kwargs) -> tuple[SiteServer, str]:
    """make_server(**kwargs) serving in a background thread; returns it and its base URL."""
    server = make_server(**kwargs)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{server.RequestHandlerClass.prefix}"


# --- the test environment -----------------------------------------------------------------------


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """.venv with the project installed editable plus its pinned test extras."""
    python = venv_python()
    if not python.exists():
        log("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".installed-pyproject"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.is_file() or stamp.read_text() != wanted:
        log("installing the test extras into .venv (pip install -e .[test])")
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check",
                        "--quiet", "-e", ".[test]"], cwd=ROOT, check=True)
        stamp.write_text(wanted)
    return python


BROWSER_PACKAGES = {  # program the browser tests run -> the Debian package that brings it
    CHROMIUM: "chromium",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",  # WebKitGTK's WebDriver and MiniBrowser
    "/usr/bin/Xvfb": "xvfb",                          # a display for WebKitGTK
    "/usr/bin/firefox-esr": "firefox-esr",            # Firefox ESR (WebDriver BiDi built in)
}
"""The engines the browser tests run in (tests/browser/engines.py for WebKit and Firefox)."""


def ensure_chromium() -> None:
    """Chromium, WebKitGTK (with Xvfb) and Firefox ESR, from Debian: installed when this runs
    as root with apt-get, else the command is printed and the run stops."""
    packages = sorted({pkg for path, pkg in BROWSER_PACKAGES.items() if not Path(path).exists()})
    if not packages:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        log(f"installing Debian's {', '.join(packages)} for the browser tests")
        subprocess.run(["apt-get", "update"], check=True)
        subprocess.run(["apt-get", "install", "-y", *packages], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return
    command = f"sudo apt-get update && sudo apt-get install -y {' '.join(packages)}"
    raise BuildError("The browser tests need Chromium, WebKitGTK and Firefox ESR. "
                     f"Install them with:\n    {command}")


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


# --- the benchmark ----------------------------------------------------------------------------

BARE_PAGE = {  # URL below the site's root -> file; served beside dist/, never copied into it
    "bare/index.html": ROOT / "bench" / "bare.html",
    "bare/bare.js": ROOT / "bench" / "bare.js",
    "bare/worker.js": ROOT / "bench" / "bare-worker.js",
    "control/index.html": ROOT / "bench" / "control.html",  # the tap figures' floor
    "control/control.js": ROOT / "bench" / "control.js",
}
READY = 'html[data-ready="1"]'
READY_MARK = "tammany-ready"
"""Both pages set data-ready="1" and record this performance mark at the same moment."""


class Bench:
    """What the measurement functions share: the built site, its server and one browser."""

    def __init__(self, out: Path, manifest: dict, url: str, browser, runs: int):
        self.out, self.manifest, self.url, self.browser, self.runs = (
            out, manifest, url, browser, runs)

    def cold_load_ms(self, path: str = "") -> float:
        """Milliseconds from navigation to data-ready, in a fresh context with no cache."""
        context = self.browser.new_context()
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            page.goto(self.url + path)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            return page.evaluate(f"performance.getEntriesByName({READY_MARK!r})[0].startTime")
        finally:
            context.close()


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def bench_boot(b: Bench) -> dict:
    """Cold start of the game against a bare Pyodide page, loads interleaved app-bare-app-..."""
    b.cold_load_ms(), b.cold_load_ms("bare/")  # warm the server (gzip cache) and the disk
    app, bare = [], []
    for _ in range(b.runs):
        app.append(b.cold_load_ms())
        bare.append(b.cold_load_ms("bare/"))
    boot, base = median(app), median(bare)
    return {"boot_ms": round(boot), "bare_pyodide_ms": round(base),
            "boot_ratio": round(boot / base, 3)}


def bench_sizes(b: Bench) -> dict:
    return {"wheel_bytes": (b.out / b.manifest["wheel"]).stat().st_size,
            "dist_bytes": tree_bytes(b.out)}


def bench_actions(b: Bench) -> dict:
    """Tap on a legal target -> first frame painted, and the same on the control page
    (tests/bench/action_bench.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from action_bench import measure
    return measure(b)


def bench_bots(b: Bench) -> dict:
    """bot_decision_ms_p50/p95, a Hard seat's decisions in the page (bot_bench.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from bot_bench import measure
    return measure(b)


def bench_offline(b: Bench) -> dict:
    """Offline play: first_visit_bytes, warm_boot_ms, warm_ratio (offline_bench.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from offline_bench import measure
    return measure(b)


def bench_replay(b: Bench) -> dict:
    """replay_step_ms_p95 / replay_jump_ms_p95, the replay viewer (replay_bench.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from replay_bench import measure
    return measure(b)


def bench_engines(b: Bench) -> dict:
    """Boot time in WebKit and Firefox, and their bare Pyodide page (engine_bench.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    from engine_bench import measure
    return measure(b)


BENCHMARKS: dict[str, Callable[[Bench], dict]] = {"boot": bench_boot, "sizes": bench_sizes,
                                                  "actions": bench_actions,
                                                  "offline": bench_offline, "bots": bench_bots,
                                                  "replay": bench_replay, "engines": bench_engines}
"""Named measurements; each returns figures to merge into the printed JSON object."""


def bench(out: Path, manifest: dict, runs: int = 5, only: list[str] | None = None) -> dict:
    from playwright.sync_api import sync_playwright  # only in .venv

    server, url = start_server(root=out, overrides=dict(BARE_PAGE))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                b = Bench(out, manifest, url, browser, runs)
                figures: dict = {}
                b.figures = figures  # what earlier measurements found (warm_ratio uses boot_ms)
                for name, measure in BENCHMARKS.items():
                    if not only or name in only:
                        figures.update(measure(b))
                return figures
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


# --- commands ---------------------------------------------------------------------------------


def cmd_build(args) -> int:
    build(Path(args.out))
    return 0


def cmd_serve(args) -> int:
    out = Path(args.out)
    build(out)
    try:
        server = make_server(out, args.port, quiet=False)
    except OSError as err:
        raise BuildError(f"cannot listen on port {args.port} ({err}); try --port 8001") from err
    print(f"Serving {out} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


# Spins until its parent (build.py) is gone, so a killed run leaves no load behind.
LOAD_LOOP = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(200_000):
        pass
"""


class Load:
    """A load generator: one busy process per core, at normal priority, for the length of a
    `with` block. It stands for the busy machine CI may be handed (another browser, another
    build): the suite must pass under it, since tests wait for states, never for time."""

    def __init__(self, processes: int | None = None):
        self.count = processes or os.cpu_count() or 2
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> Load:
        self.processes = [subprocess.Popen([sys.executable, "-c", LOAD_LOOP])
                          for _ in range(self.count)]
        log(f"load: {self.count} busy processes started")
        return self

    def __exit__(self, *exc) -> None:
        for p in self.processes:
            p.kill()
        for p in self.processes:
            p.wait()
        log("load: stopped")


def run_suite(python: Path, out: Path, pytest_args: list[str]) -> int:
    """ruff, then pytest over the built site in `out`; 0 when both pass."""
    env = {**os.environ, "TAMMANY_DIST": str(out.resolve())}
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    lint = subprocess.run([str(python), "-m", "ruff", "check", "py", "tests", "build.py"],
                          cwd=ROOT)
    tests = subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env)
    if tests.returncode == 5:
        log("pytest collected no tests: that counts as a failure")
    if lint.returncode or tests.returncode:
        log(f"FAILED: ruff exit {lint.returncode}, pytest exit {tests.returncode}")
        return 1
    return 0


def cmd_test(args) -> int:
    python = ensure_venv()
    ensure_chromium()
    axe_source()  # fetched now, with the other downloads, rather than in the middle of pytest
    out = Path(args.out)
    build(out)
    pytest_args = [a for a in args.pytest_args if a != "--"]
    if not args.under_load:
        return run_suite(python, out, pytest_args)
    walls = []
    for run in range(1, args.repeat + 1):
        started = time.monotonic()
        with Load():
            failed = run_suite(python, out, pytest_args)
        walls.append(round(time.monotonic() - started, 1))
        log(f"under load, run {run} of {args.repeat}: {'FAILED' if failed else 'passed'} "
            f"in {walls[-1]} s")
        if failed:
            return 1
    log(f"under load: {args.repeat} of {args.repeat} passed in a row; wall times (s): {walls}")
    return 0


def cmd_bench(args) -> int:
    if not in_venv():  # Playwright lives in .venv: run this command again there
        python = ensure_venv()
        ensure_chromium()
        os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    out = Path(args.out)
    manifest = build(out)
    print(json.dumps(bench(out, manifest, args.runs, args.only)), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(DIST), help="where to build the site (dist/)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", default=argparse.SUPPRESS, help="where to build the site")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", parents=[common], help="build, then serve on localhost")
    serve.add_argument("--port", type=int, default=8000)
    test = commands.add_parser("test", parents=[common], help="lint, build, run the whole suite")
    test.add_argument("--under-load", action="store_true",
                      help="keep every core busy with a load generator while the suite runs")
    test.add_argument("--repeat", type=int, default=1,
                      help="with --under-load: run the suite N times, stopping at a failure")
    test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed on to pytest")
    bench = commands.add_parser("bench", parents=[common], help="print figures as one JSON object")
    bench.add_argument("--runs", type=int, default=5, help="cold loads of each page")
    bench.add_argument("--only", nargs="+", choices=list(BENCHMARKS), default=None,
                       help="run only these measurements (default: all)")
    args = parser.parse_args(argv)
    command = {None: cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench}
    try:
        return command[args.command](args)
    except BuildError as err:
        log(f"build.py: {err}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
