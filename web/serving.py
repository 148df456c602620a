"""How `riftlog serve` serves the app: Granian, a production HTTP server written in Rust, speaking WSGI to Flask.

Why not Werkzeug's development server (`app.run`), which served it before: it closes the connection after every
answer (it never keeps an HTTP/1.1 connection alive) and starts a new thread for each, so a recorder paid for a TCP
connection and a thread on every event: about 2 ms of the server's CPU per append, 480 appends/s at most on this
2-core machine whatever the database could do. Granian parses HTTP and keeps connections alive in Rust, outside the
GIL, and calls the app from a pool of Python threads (measured with a Flask route that only echoes JSON: 210 µs
of server CPU a request, against 390 under gunicorn's threaded worker and 700 under Werkzeug).

One worker process: every append of the server passes through its one group-commit writer (`recorder.Writer`),
so one fsync carries the events of every recorder waiting, and a live stream is woken by that writer the moment a
commit that concerns it is durable (`web.stream`). Several processes would each have their own writer, contending
for SQLite's write lock and splitting the groups, and a stream would learn of the other processes' appends only at
its poll; measured, two workers gave fewer appends per second than one on this machine.

A WSGI server runs a streaming answer (a live stream, `web.stream`) on one of its threads for as long as the
client stays: THREADS bounds the requests and streams served at once, and is sized so that spectators cannot take
every thread from the recorders. `riftlog serve --debug` runs Werkzeug instead, for its reloader and debugger.
"""
from __future__ import annotations

import gc
import os
import re
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from granian.constants import Interfaces
from granian.log import LogLevels

from . import lifecycle

THREADS = 512  # Python threads of the worker: requests and live streams served at once (web.db pools as many logs)
RUNNING = 16  # requests running the app's code at once, live streams apart (see Admission)
STOP_GRACE = 5  # seconds the worker has to finish its requests when asked to stop; a live stream never finishes
YOUNG_COLLECTION = 50_000  # net allocations between two young garbage collections in the worker (Python's: 700)
STREAM = re.compile(r"/api/matches/[^/]+/stream")  # web.stream's route: a request that lasts as long as its client


def serve(build_app: Callable[[], Flask], host: str, port: int, listener: socket.socket | None = None) -> None:
    """Serve the app `build_app()` returns on host:port (or on `listener`, from `lifecycle.listen`) until
    interrupted (Ctrl+C or SIGTERM).

    The app is built in the worker process, after Granian has started it: its connections and its writer thread
    are that process's own. On Ctrl+C the worker stops taking requests and is killed after STOP_GRACE seconds if
    it has not finished (open live streams): what was answered 201 is committed, so nothing acknowledged is lost.
    The port is this server's alone, and the worker ends with the parent however it ends (`web.lifecycle`)."""
    listener = listener or lifecycle.listen(host, port)
    parent = os.getpid()

    def load(_target: str) -> Admission:  # in the worker
        lifecycle.die_with_parent(parent)  # first: a worker whose parent is gone does not even build the app
        return worker_app(build_app)

    server = lifecycle.OnSocket(listener, "riftlog", address=host, port=port, interface=Interfaces.WSGI,
                                workers=1, blocking_threads=THREADS, backpressure=THREADS,
                                workers_kill_timeout=STOP_GRACE,
                                log_level=LogLevels.error)  # not its warning about THREADS: answered above
    server.serve(target_loader=load)


def worker_app(build_app: Callable[[], Flask]) -> Admission:
    """The worker's WSGI app: `build_app()` let in by an `Admission`, with the garbage collector set for a server.

    Every match recorded keeps its head state hot (~150 KB of Python objects), and a full collection walks them all:
    at 200 hot matches one took ~90 ms, during which no request moved, which made the p99 of 200 paced recorders
    ~40-50 ms instead of ~5. So the objects of the app as built (modules, catalogs) are frozen out of collections,
    and young collections, which promote survivors towards full ones, run every YOUNG_COLLECTION net allocations:
    measured, full collections rarer and ~40 ms, p99 6-11 ms. Reference cycles are still collected, less often."""
    app = Admission(build_app(), RUNNING)
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
    return app


class Admission:
    """WSGI middleware: at most `running` requests run the app at once, let in in the order they arrived; the
    others wait their turn, each on a lock of its own. A live stream goes straight in: it holds its thread for as
    long as its client watches, mostly asleep, and must not hold a turn.

    Why: with the GIL, two hundred recorders' requests running Flask at once do not go faster than sixteen; they
    take the GIL from each other (measured: ~45 context switches per append instead of ~20), and which of them gets
    it next is luck, so some wait far longer than others (p99 ~1 s instead of ~0.3 s at 200 recorders flat out).
    An append waits for the writer's commit inside its turn, so one commit carries at most `running` appends:
    plenty, one fsync being ~0.15 ms."""

    def __init__(self, app: Flask, running: int) -> None:
        self.app = app
        self._free = running
        self._lock = threading.Lock()
        self._waiting: deque[threading.Lock] = deque()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if STREAM.fullmatch(environ.get("PATH_INFO", "")):
            return self.app(environ, start_response)
        self._enter()
        try:
            return self.app(environ, start_response)  # the answer's bytes are sent after, outside the turn
        finally:
            self._leave()

    def _enter(self) -> None:
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return
            turn = threading.Lock()
            turn.acquire()
            self._waiting.append(turn)
        turn.acquire()  # released by the request that leaves, handing its place straight to this one

    def _leave(self) -> None:
        with self._lock:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._free += 1
