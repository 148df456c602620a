"""Live spectating: a match's events as server-sent events (contract section 3, "Live and judge reads").

`GET /api/matches/<id>/stream?after=N&view=V` answers `text/event-stream`: every event after N (the catch-up), then
each new one as it is appended, one message per event, `id: <seq>` and `data: {seq, event, hash, recorded_at,
client}` (an entry of `/events`), redacted to the view as `/events` redacts it. A reconnecting EventSource sends
the last id it received as `Last-Event-ID`, which takes the place of `after`.

Under `riftlog serve` a stream is served by the process's hub (web.hub) on the event loop, without a thread: this
route only checks the request (the match, the token and view, `after`) and hands the hub what to serve. What
follows is how a WSGI server serves it, a thread a stream (`riftlog serve --debug`, tests in process):

How a stream learns of a new event: every append of this server goes through the app's one group-commit writer
(`recorder.Writer`), which wakes the streams of a match once a commit that wrote to it is durable
(`Writer.wait_for_commit`); the stream then reads the new events with a log borrowed from the pool for that read
alone. So a stream holds neither a connection nor the write lock while it waits, and an event reaches it a commit
later (milliseconds). Appends by another process on the same file (`riftlog append`, `riftlog import`) do not pass
this writer: a stream reads the log every `STREAM_POLL` seconds as well, so those reach it within that bound.
A stream learns that its client has gone only when a write fails, so it writes a comment line after
`STREAM_HEARTBEAT` seconds of silence, and ends there.
"""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request

from .api import require_match
from .db import borrowed_log, get_log, get_writer
from .params import read_int
from .readers import Shown, public_head, reader

bp = Blueprint("stream", __name__)

POLL = 1.0  # seconds between a stream's own reads of the log: the bound for another process's appends
HEARTBEAT = 15.0  # seconds of silence after which a stream writes a comment, to learn whether its client is gone
RETRY = 1000  # milliseconds an EventSource waits before it reconnects (with Last-Event-ID) to a dropped stream


@bp.get("/api/matches/<match_id>/stream")
def stream(match_id: str) -> Response:
    """The match's events after `after` (or `Last-Event-ID`), then live, as server-sent events in the reader's
    view: 400 for a bad `after`, `Last-Event-ID` or `view`, 401/403 for a view the token may not read, 404 for no
    such match. The catch-up is read (and any stored event that does not decode answered) before the stream
    starts."""
    summary = require_match(match_id)
    who, view, _views = reader(match_id, summary, request.args.get("view"))
    after = read_after(match_id, summary["head_seq"])
    plan = request.environ.get("riftlog.subscribe")
    if plan is not None:  # served by the hub (web.gateway, web.hub): this request only checks the stream's asking
        plan.update(match=match_id, view=view, after=after, who=who)
        return Response(status=204)
    writer = get_writer()
    seen = writer.commits(match_id)  # counted before the catch-up is read: a commit after the read wakes the stream
    log = get_log()
    shown = Shown(log, summary, view)  # carries what the view has been shown from seq 1 on (a judge's notes)
    # From seq 1: the redaction of a judge's text depends on every event before it; up to what the view may see now
    # (the spectator's, under a broadcast delay: web.delay).
    entries = log.events(match_id, upto=public_head(log, summary, view))
    catch_up = [message(entry, shown) for entry in entries]
    config = current_app.config
    follow = Follow(current_app._get_current_object(), match_id, shown, seen,  # type: ignore[attr-defined]
                    last_seq=entries[-1]["seq"], poll=config["STREAM_POLL"], heartbeat=config["STREAM_HEARTBEAT"])
    return Response(follow.messages(catch_up[after:]), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def read_after(match_id: str, head_seq: int) -> int:
    """Where the stream starts: `Last-Event-ID` (an EventSource's reconnect), else `after`, else 0."""
    resumed = request.headers.get("Last-Event-ID")
    name, value = ("Last-Event-ID", resumed) if resumed not in (None, "") else ("after", request.args.get("after"))
    after = read_int(name, value, default=0)
    assert after is not None
    if not 0 <= after <= head_seq:
        abort(400, f"{name} must be 0 to {head_seq} (the events match {match_id} has), got {after}")
    return after


def message(entry: dict[str, Any], shown: Shown) -> str:
    """One event as a server-sent message: its seq as the id, the `/events` entry (redacted) as JSON data."""
    data = json.dumps(shown.entry(entry), separators=(',', ':'), ensure_ascii=False)
    return f"id: {entry['seq']}\ndata: {data}\n\n"


class Follow:
    """One client's stream after its catch-up: waits for commits to the match, reads what is new, writes it."""

    def __init__(self, app: Flask, match_id: str, shown: Shown, seen: int, *, last_seq: int, poll: float,
                 heartbeat: float) -> None:
        self.app = app
        self.match_id = match_id
        self.shown = shown
        self.seen = seen  # the writer's commits to the match already looked at (Writer.commits)
        self.last_seq = last_seq  # the last event redacted: the next message is the event after it
        self.poll = poll
        self.heartbeat = heartbeat

    def messages(self, catch_up: list[str]) -> Iterator[str]:
        """The catch-up, then each new event as it is committed; ends when the client has gone (a write fails and
        the server closes this generator)."""
        with self.app.extensions["riftlog.streams"].open():
            yield f"retry: {RETRY}\n\n"
            yield from catch_up
            writer = self.app.extensions["riftlog.writer"]
            quiet_since = time.monotonic()
            while True:
                self.seen = writer.wait_for_commit(self.match_id, self.seen, self.poll)
                new = self.read_new()
                if new:
                    quiet_since = time.monotonic()
                    yield "".join(new)
                elif time.monotonic() - quiet_since >= self.heartbeat:
                    quiet_since = time.monotonic()
                    yield ": still here\n\n"

    def read_new(self) -> list[str]:
        """The events after the last one sent, as messages, read with a log borrowed for this read alone."""
        with borrowed_log(self.app) as log:
            upto = public_head(log, log.match(self.match_id), self.shown.redactor.viewer)
            entries = log.events(self.match_id, after=self.last_seq, upto=upto) if upto > self.last_seq else []
        if entries:
            self.last_seq = entries[-1]["seq"]
        return [message(entry, self.shown) for entry in entries]


class Streams:
    """How many streams the app is serving now: a stream counts from its first message until its generator is
    closed (its client went away), so a test can see a stream end."""

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    @contextmanager
    def open(self) -> Iterator[None]:
        self._add(+1)
        try:
            yield
        finally:
            self._add(-1)

    def _add(self, change: int) -> None:
        with self.changed:
            self.count += change
            self.changed.notify_all()

    def wait_for(self, count: int, timeout: float) -> bool:
        """Wait until `count` streams are open (at most `timeout` seconds); whether they are."""
        with self.changed:
            return self.changed.wait_for(lambda: self.count == count, timeout)


def init_app(app: Flask) -> None:
    # STREAM_POLL, STREAM_HEARTBEAT: see POLL and HEARTBEAT (tests shorten them).
    app.config.setdefault("STREAM_POLL", POLL)
    app.config.setdefault("STREAM_HEARTBEAT", HEARTBEAT)
    app.extensions["riftlog.streams"] = Streams()
