"""Serving the app on 127.0.0.1 for tests.

`served`: from a thread of the test's own process (threaded Werkzeug speaking HTTP/1.1), so that a test can look
inside the app (its streams, its writer). `served_process`: the production server of `riftlog serve`
(`web.serving.serve`, Granian) in a process of its own, as a user runs it.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parent.parent
STOPPED_WITHIN = 30.0  # seconds it may take to stop once interrupted (web.serving.STOP_GRACE and some)


class KeepAliveHandler(WSGIRequestHandler):
    protocol_version = "HTTP/1.1"


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


SERVER = """
import json, sys, threading, time, urllib.request
from web import create_app, serving

port = int(sys.argv[2])

def announce():
    # The parent listens from the start (web.lifecycle); the worker answers once it has built the app: say "serving"
    # once it answers. This polls (bounded by the test's wait).
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/matches", timeout=30).close()
            break
        except OSError:
            time.sleep(0.01)
    print("serving", flush=True)

def build():
    threading.Thread(target=announce, daemon=True).start()
    return create_app(json.loads(sys.argv[1]))

serving.serve(build, "127.0.0.1", port)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(process: subprocess.Popen) -> int:
    """Interrupt a server as Ctrl+C in its terminal does (SIGINT to its process group); return its exit status."""
    os.killpg(process.pid, signal.SIGINT)
    try:
        return process.wait(STOPPED_WITHIN)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise AssertionError(f"the server did not stop within {STOPPED_WITHIN} s of Ctrl+C") from None


@contextmanager
def served_process(config: dict[str, Any]) -> Iterator[int]:
    """`create_app(config)` served by `web.serving.serve` in its own process at a free port of 127.0.0.1 while the
    block runs; yields the port. The server is interrupted at the end as Ctrl+C would, and must stop."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", SERVER, json.dumps(config), str(port)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stdout is not None and process.stderr is not None
    try:
        assert process.stdout.readline() == "serving\n", "the server ended before serving"
        yield port
    finally:
        if process.poll() is None:
            stop(process)
        errors = process.stderr.read()
        process.stdout.close()
        process.stderr.close()
    assert "Traceback" not in errors, errors
