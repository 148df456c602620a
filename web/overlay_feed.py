"""The overlays' own stream: what an overlay draws, made once per moment the broadcast delay lets out, and pushed to
every overlay page of the match (issue 28; docs/web.md, "Broadcast overlays").

`GET /api/matches/<id>/overlay/stream?view=spectator|caster` answers `text/event-stream`: at once the overlay state
at the view's head (as `/api/matches/<id>/overlay` answers it, `id: <seq>`), then a new one each time the match's
spectator stream lets events out (under a broadcast delay, as late as it does). An overlay draws the latest moment:
when several events are let out at once, only the state after the last of them is sent. The caster's view needs
the caster's token or the match token in the Authorization header, as the state does (the page sends it with
`fetch`; an EventSource cannot send a header, and the token is never put in a URL).

Why a stream of its own: the pages used to follow the spectator stream and read the state at each event, so ten
pages of a broadcast made ten requests at every event, all at once, each holding the GIL the round's recorders
need (benchmarks/overlays.py: the recorders' p99 went from 5-8 ms to 22 ms beside ten pages). Under `riftlog
serve` the hub (web.hub) makes each state once, in its own thread, folded on from the one it made before (never
from seq 1 again), and writes the same bytes to every page of the match and view. Served by WSGI (`riftlog serve
--debug`, tests in process), each stream makes its own states (`Drawing`).
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from recorder import access

from .api import require_match
from .db import borrowed_log, get_writer
from .overlay import VIEWS, answer, overlay_reader
from .readers import public_head
from .stream import Follow

bp = Blueprint("overlay_feed", __name__)

FEEDS = {view: f"overlay:{view}" for view in VIEWS}  # the hub's feed of each overlay view


def is_overlay(feed: str) -> bool:
    """Whether a hub feed (named by its view) is an overlay's."""
    return feed.startswith("overlay:")


class Drawer:
    """The overlay states of one match in one view, each folded on from the one made before it."""

    def __init__(self, match_id: str, feed: str) -> None:
        self.match_id = match_id
        self.view = feed.removeprefix("overlay:")
        self.seq = 0
        self.state: dict[str, Any] | None = None

    def draw(self, log: Any, seq: int) -> bytes:
        """The message of the overlay state after `seq`."""
        summary = log.match(self.match_id)
        if self.state is None or seq < self.seq:
            self.state, self.seq = log.state_at(self.match_id, seq), seq
        if seq > self.seq:
            for _seq, _event, state in log.fold_states(self.match_id, seq, after=self.seq, state=self.state,
                                                       save=False):
                self.state = state
            self.seq = seq
        data = json.dumps(answer(log, summary, self.state, seq, self.view), separators=(",", ":"),
                          ensure_ascii=False)
        return f"id: {seq}\ndata: {data}\n\n".encode()


@bp.get("/api/matches/<match_id>/overlay/stream")
def overlay_stream(match_id: str) -> Response:
    """The overlay states of the match in `view`, live (see the module's docstring): 400 for an unknown view, 401
    for the caster's view without a token, 403 for a token that is not the caster's nor the match token, 404 for no
    such match."""
    require_match(match_id)
    view, who = overlay_reader(match_id)
    plan = request.environ.get("riftlog.subscribe")
    if plan is not None:  # served by the hub (web.gateway, web.hub)
        plan.update(match=match_id, view=FEEDS[view], after=0, who=who)
        return Response(status=204)
    config = current_app.config
    drawing = Drawing(current_app._get_current_object(), match_id, Drawer(match_id, FEEDS[view]),  # type: ignore
                      get_writer().commits(match_id), poll=config["STREAM_POLL"],
                      heartbeat=config["STREAM_HEARTBEAT"])
    return Response(drawing.messages(drawing.read_new()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


class Drawing(Follow):
    """An overlay stream served by WSGI: a `Follow` whose messages are its drawer's states."""

    def __init__(self, app: Any, match_id: str, drawer: Drawer, seen: int, *, poll: float,
                 heartbeat: float) -> None:
        super().__init__(app, match_id, None, seen, last_seq=0, poll=poll, heartbeat=heartbeat)  # type: ignore
        self.drawer = drawer

    def read_new(self) -> list[str]:
        """The state at the spectator's head, if it moved since the last one sent."""
        with borrowed_log(self.app) as log:
            head = public_head(log, log.match(self.match_id), access.SPECTATOR)
            if head == self.last_seq:
                return []
            self.last_seq = head
            return [self.drawer.draw(log, head).decode()]

