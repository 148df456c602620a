"""The per-request log, as in flaskr's db.py: opened on first use, kept in `g`, closed at teardown; and the app's
one writer (`recorder.Writer`), which commits the appends of every request thread in groups."""
from __future__ import annotations

from flask import Flask, current_app, g

import recorder
from recorder.keys import ServerKey


def get_log() -> recorder.Log:
    """The `recorder.Log` of the app's DATABASE, opened once per request."""
    if "log" not in g:
        g.log = recorder.Log(current_app.config["DATABASE"])
    return g.log


def get_key() -> ServerKey:
    """The server's key (`SEAL_KEY`), read once per request; created on first use."""
    if "key" not in g:
        g.key = ServerKey.load(current_app.config["SEAL_KEY"])
    return g.key


def get_writer() -> recorder.Writer:
    """The group-commit writer of the app's DATABASE, shared by every request."""
    return current_app.extensions["riftlog.writer"]


def close_log(exception: BaseException | None = None) -> None:
    log = g.pop("log", None)
    close = getattr(log, "close", None)
    if close is not None:
        close()


def init_app(app: Flask) -> None:
    # BUSY_TIMEOUT: how long the writer waits for a write lock another process holds before answering 503.
    app.extensions["riftlog.writer"] = recorder.Writer(app.config["DATABASE"],
                                                       busy_timeout=app.config.get("BUSY_TIMEOUT", 2.0))
    app.teardown_appcontext(close_log)
