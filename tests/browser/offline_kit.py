"""A site server that can really be stopped, swapped to another build, and counts its bytes.

Used by test_offline.py and `build.py bench` (tests/bench/offline_bench.py). Playwright's
offline switch does not cover a service worker's own fetches in Chromium, so "offline" here
means what it means for a player: the server is gone. Stopping build.py's threaded server only
closes its listening socket; Chromium's keep-alive connections would still be answered by
their handler threads, so `stop()` closes those too.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import build


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
    """build.py's server for `root` under `prefix`, in a background thread.

    .url        the site's base URL
    .root       the folder served; assign another build's folder to swap builds in place
    .bytes_sent bytes written to clients (headers and bodies, after compression)
    .requests   (path, status, time) of each request answered
    .stop()     close the listening socket and every open connection
    """

    def __init__(self, root: Path, prefix: str = "/"):
        server = build.make_server(Path(root), 0, prefix)
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


OFFLINE_READY = 'html[data-offline="ready"][data-warm-start]'
"""The page is controlled by the service worker (which has stored the build) and the game's
worker has answered about its warm start (storing its snapshot first, if it made one)."""
