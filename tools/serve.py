"""The static server: a folder under a URL prefix with the site's headers, types and gzip, as a
well-configured host sends them (`build.py serve`, the browser tests and the benchmark)."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.common import DIST, BuildError

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


def serve(out: Path, port: int) -> None:
    """`build.py serve`: serve `out` on localhost until Ctrl-C."""
    try:
        server = make_server(out, port, quiet=False)
    except OSError as err:
        raise BuildError(f"cannot listen on port {port} ({err}); try --port 8001") from err
    print(f"Serving {out} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()



class _CountingWriter:
    """Wraps a handler's wfile and adds every byte written to the server's count."""

    def __init__(self, raw, server):
        self._raw, self._server = raw, server

    def write(self, data) -> int:
        with self._server.count_lock:
            self._server.bytes_sent += len(data)
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class StoppableSite:
    """The server for `root` under `prefix`, in a background thread, that can really be
    stopped, swapped to another build, and counts its bytes (offline play: "offline" means what
    it means for a player, the server is gone). Stopping the threaded server only closes its
    listening socket; Chromium's keep-alive connections would still be answered by their
    handler threads, so `stop()` closes those too.

    .url        the site's base URL
    .root       the folder served; assign another build's folder to swap builds in place
    .bytes_sent bytes written to clients (headers and bodies, after compression)
    .requests   (path, status, time) of each request answered
    .stop()     close the listening socket and every open connection
    """

    def __init__(self, root: Path, prefix: str = "/"):
        server = make_server(Path(root), 0, prefix)
        base = server.RequestHandlerClass

        class Handler(base):
            def setup(self):
                super().setup()
                self.wfile = _CountingWriter(self.wfile, self.server)

            def log_request(self, code="-", size="-"):
                self.server.requests.append((self.path, int(code), time.time()))

        server.RequestHandlerClass = Handler
        server.bytes_sent = 0
        server.requests = []
        server.count_lock = threading.Lock()
        self._connections: list[socket.socket] = []
        accept = server.get_request

        def get_request():
            conn, address = accept()
            self._connections.append(conn)
            return conn, address

        server.get_request = get_request
        self._server = server
        self._handler = Handler
        threading.Thread(target=server.serve_forever, daemon=True).start()
        host, port = server.server_address[:2]
        self.url = f"http://{host}:{port}{prefix}"
        self.stopped = False

    @property
    def root(self) -> Path:
        return self._handler.root

    @root.setter
    def root(self, folder: Path) -> None:
        self._handler.root = Path(folder).resolve()

    @property
    def bytes_sent(self) -> int:
        return self._server.bytes_sent

    @property
    def requests(self) -> list[tuple[str, int, float]]:
        """(path, status, time.time()) of every request answered so far, in order."""
        return self._server.requests

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        self._server.shutdown()
        self._server.server_close()
        for conn in self._connections:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()
