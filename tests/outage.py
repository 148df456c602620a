"""A server that goes down and comes back at the same address, for the tests of recording offline.

The app is served from a thread of the test's process by Werkzeug, speaking HTTP/1.0 (each answer closes its
connection, so no browser connection outlives a stop), at one port of 127.0.0.1 kept across restarts: the pages a
browser opened, their service worker and their outbox belong to that origin. `stop()` closes the listening socket:
the browser's next request is refused, as when the venue's server or Wi-Fi is gone.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from werkzeug.serving import BaseWSGIServer, make_server

from serving import free_port


class TableServer:
    """`app` at http://127.0.0.1:<port>, stopped and started again at will (`stop`, `start`, `down()`)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.httpd: BaseWSGIServer | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        assert self.httpd is None, "the server is already up"
        self.httpd = make_server("127.0.0.1", self.port, self.app, threaded=True)  # SO_REUSEADDR: the same port
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        assert self.httpd is not None and self.thread is not None, "the server is not up"
        self.httpd.shutdown()
        self.thread.join(timeout=10)
        self.httpd.server_close()
        self.httpd = self.thread = None

    @contextmanager
    def down(self) -> Iterator[None]:
        """The server stopped while the block runs, up again after it."""
        self.stop()
        try:
            yield
        finally:
            self.start()


@contextmanager
def table_server(app: Flask) -> Iterator[TableServer]:
    server = TableServer(app)
    server.start()
    try:
        yield server
    finally:
        if server.httpd is not None:
            server.stop()
