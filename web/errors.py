"""Errors as answers: JSON `{"error": message}` under /api, a small HTML page in the viewer.

Domain errors map to statuses by class alone (see recorder/errors.py): NotFound -> 404, Forbidden -> 403,
Conflict -> 409, TooLarge -> 413, Malformed -> 400, Refused -> 422 with its `violations`, Busy -> 503 with
`Retry-After`; a deck that cannot be read (replays.decklists.DeckProblems) is 400 with its `problems`. A stored
log that no longer reads or folds (Inconsistent, Undecodable, Unreplayable) is 409 with a message that names the seq
and says to run verify: the request is sound, the record it asks about is not, and a 5xx would tell a client to
retry what cannot succeed.
"""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

import engine
import recorder
import replays

STATUS = (
    (recorder.NotFound, 404),
    (recorder.Forbidden, 403),
    (recorder.Conflict, 409),
    (recorder.Refused, 422),
    (recorder.TooLarge, 413),
    (recorder.Malformed, 400),
    (recorder.Busy, 503),
    (recorder.Inconsistent, 409),
    (recorder.NotALog, 500),
    (recorder.CannotOpen, 500),  # likewise refused up front by `riftlog serve`  # the server was pointed at the wrong file: `riftlog serve` refuses it up front
    (engine.IllegalEvent, 422),
    (engine.MalformedEvent, 400),
    (replays.NotFound, 404),
    (replays.Unreplayable, 409),
    (replays.Unsealable, 409),
    (replays.BadSpan, 400),
)


def status_of(error: Exception) -> int:
    for error_class, status in STATUS:
        if isinstance(error, error_class):
            return status
    return 400


def wants_json() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def answer(status: int, message: str, violations: list | None = None, headers: dict | None = None,
           problems: list | None = None):
    if wants_json():
        body = {"error": message}
        if violations is not None:
            body["violations"] = violations
        if problems is not None:
            body["problems"] = problems
        response = jsonify(body)
    else:
        response = render_template("error.html", status=status, message=message, violations=violations)
    return response, status, headers or {}


def http_error(error: HTTPException):
    headers = {}
    if error.code == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="riftlog"'
    allowed = getattr(error, "valid_methods", None)
    if allowed:
        headers["Allow"] = ", ".join(allowed)
    return answer(error.code or 500, error.description or error.name, headers=headers)


def domain_error(error: Exception):
    status = status_of(error)
    headers = {"Retry-After": str(error.retry_after)} if isinstance(error, recorder.Busy) else None
    return answer(status, str(error) or type(error).__name__, getattr(error, "violations", None), headers,
                  getattr(error, "problems", None))


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    for root in (recorder.RecorderError, engine.EngineError, replays.ReplayError):
        app.register_error_handler(root, domain_error)
