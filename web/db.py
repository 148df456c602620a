"""The per-request log, as in flaskr's db.py: opened on first use, kept in `g`, closed at teardown."""
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


def close_log(exception: BaseException | None = None) -> None:
    log = g.pop("log", None)
    close = getattr(log, "close", None)
    if close is not None:
        close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_log)
