"""The app served on 127.0.0.1 from a thread, as `riftlog serve` serves it: threaded Werkzeug speaking HTTP/1.1."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server


class KeepAliveHandler(WSGIRequestHandler):
    protocol_version = "HTTP/1.1"  # as riftlog_cli.serve sets it


@contextmanager
def served(app: Flask) -> Iterator[int]:
    """Serve `app` at a free port of 127.0.0.1 while the block runs; yields the port."""
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=KeepAliveHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_port
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()
