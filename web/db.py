"""The request's log, as in flaskr's db.py: had on first use, kept in `g`, handed back at teardown; and the app's
one writer (`recorder.Writer`), which commits the appends of every request thread in groups.

Opening a `recorder.Log` (a connection, its pragmas, the schema check) costs more than most requests, so the app
keeps the logs its requests have finished with in a pool and hands them to the next requests. A log is used by
one request at a time, whichever thread serves it (its connection is opened with `check_same_thread=False`).
"""
from __future__ import annotations

import queue
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, g

import recorder
from recorder.keys import ServerKey

# Idle logs kept per app: as many as the server runs requests at once (web.gateway's threads, and some), so that a
# burst of appends (each holding its log while the writer commits it) never opens logs only to close them again
# (opening one costs ~0.2 ms of CPU).
POOLED_LOGS = 32


def get_log() -> recorder.Log:
    """A `recorder.Log` of the app's DATABASE for this request: from the pool, else newly opened."""
    if "log" not in g:
        g.log = _take_log(current_app)
    return g.log


@contextmanager
def borrowed_log(app: Flask) -> Iterator[recorder.Log]:
    """A log of the pool for one read outside a request (a live stream between its waits), handed back at once:
    a stream that waits minutes for the next event holds no connection meanwhile."""
    log = _take_log(app)
    try:
        yield log
    finally:
        _give_back_log(app, log)


def _take_log(app: Flask) -> recorder.Log:
    try:
        return app.extensions["riftlog.logs"].get_nowait()
    except queue.Empty:
        return recorder.Log(app.config["DATABASE"], shared=True, key_path=app.config["SEAL_KEY"])


def get_key() -> ServerKey:
    """The server's key (`SEAL_KEY`), as the request's log holds it; created on first use."""
    return get_log().key


def get_writer() -> recorder.Writer:
    """The group-commit writer of the app's DATABASE, shared by every request."""
    return current_app.extensions["riftlog.writer"]


def release_log(exception: BaseException | None = None) -> None:
    """Hand the request's log back to the pool (closed if the pool is full or the request left a transaction)."""
    log = g.pop("log", None)
    if log is not None:
        _give_back_log(current_app, log)


def _give_back_log(app: Flask, log: recorder.Log) -> None:
    pool = app.extensions["riftlog.logs"]
    if log.db.in_transaction or pool.qsize() >= POOLED_LOGS:
        log.close()
    else:
        pool.put(log)


def open_connections(app: Flask, count: int) -> None:
    """On PostgreSQL: open `count` connections of the process's pool now (`recorder.postgres.keep_open`), as many
    as the server's threads hold at once, rather than one by one as the first requests ask for them."""
    if recorder.store.is_postgres(app.config["DATABASE"]):
        from recorder.postgres import keep_open

        keep_open(str(app.config["DATABASE"]), count)


def init_app(app: Flask) -> None:
    # BUSY_TIMEOUT: how long the writer waits for a write lock another process holds before answering 503.
    app.extensions["riftlog.writer"] = recorder.Writer(app.config["DATABASE"],
                                                       busy_timeout=app.config.get("BUSY_TIMEOUT", 2.0),
                                                       key_path=app.config["SEAL_KEY"])
    app.extensions["riftlog.logs"] = queue.Queue()
    app.teardown_appcontext(release_log)
