"""Who is reading: the read token of a request, and the view it may ask for (contract section 3, "Read access").

A token comes as `Authorization: Bearer <token>` (any client), or, for the viewer's pages and the downloads they
link to, from the match's cookie (`riftlog-<match>`), which the viewer sets from a token given in the URL fragment
or typed into its form: a token never appears in a link the viewer prints. The match token reads every view, a
player's token that player's view and the spectator's, no token the spectator's (every view once the judge has
published the finished match). Asking for a view the reader may not see is 401 without a token and 403 with
one: never a quietly different view.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, NamedTuple

from flask import abort, after_this_request, g, request

from engine.views import redact_events
from recorder import access

from .db import get_log
from .params import bearer_token, player_ids

COOKIE_PREFIX = "riftlog-"


class Reader(NamedTuple):
    """The reader of one request: whose token it is (None without one), and the view it reads."""

    who: str | None
    view: str
    views: list[str]


def cookie_name(match_id: str) -> str:
    return f"{COOKIE_PREFIX}{match_id}"


def request_token(match_id: str, *, cookie: bool = True) -> str | None:
    """The token a request carries for `match_id`: its Authorization header, else (for reads from the viewer's
    pages) the match's cookie; None when it has neither."""
    if request.headers.get("Authorization") is not None:
        return bearer_token()
    return request.cookies.get(cookie_name(match_id)) if cookie else None


def reading_token(match_id: str) -> tuple[str | None, str | None]:
    """(token, who) of a read: a token of nobody in the Authorization header is 403; the match's cookie keeping a
    token since reissued (recorder/tokens.py: the old one dead at once) is dropped, and the page reads as no token
    does, saying so (`g.stale_token`, base.html), instead of a 403 page with no way on but the match list."""
    token = request_token(match_id)
    who = get_log().reader(match_id, token)
    if token is None or who is not None:
        return token, who
    if request.headers.get("Authorization") is not None:
        abort(403, f"this token is no token of match {match_id}")
    g.stale_token = match_id

    @after_this_request
    def forget(response):
        response.delete_cookie(cookie_name(match_id), path="/")
        return response
    return None, None


def reader(match_id: str, summary: dict[str, Any], requested: str | None) -> Reader:
    """The reader of this request and the view it reads: `requested` (a `view` parameter), or by default the
    token's own view (the judge's, a player's) or the spectator's. 400 for a view the match does not have, 403 for
    a token of nobody (a kept cookie of a reissued token reads as no token: `reading_token`), 401/403 for a view the
    reader may not see."""
    players = player_ids(summary)
    _, who = reading_token(match_id)
    views = access.views_of(who, players, bool(summary.get("published_at")))
    view = requested if requested not in (None, "") else who or access.SPECTATOR
    known = [access.JUDGE, access.SPECTATOR, *players]
    if view not in known:
        abort(400, f"unknown view {view!r}: choose one of {', '.join(known)}")
    if view not in views:
        if who is None:
            abort(401, f"the {view} view of match {match_id} needs a token: send 'Authorization: Bearer <token>' "
                       "(the match token for the judge's view, a player token for that player's)")
        abort(403, f"this token reads the {' and '.join(views)} views of match {match_id}, not {view}")
    return Reader(who, view, views)


def redacted(match_id: str, summary: dict[str, Any], view: str, after: int = 0,
             upto: int | None = None) -> list[dict[str, Any]]:
    """The recorded events after `after` up to `upto` ({seq, event, hash, recorded_at, client}) as `view` may see
    them. A judge's text is checked against every event before it, so the events from seq 1 are read."""
    log = get_log()
    entries = log.events(match_id, upto=upto)
    if view != access.JUDGE:
        names = {card["name"] for card in log.catalog(summary["catalog"])}
        shown = redact_events([entry["event"] for entry in entries], view, names)
        entries = [{**entry, "event": event} for entry, event in zip(entries, shown)]
    return [entry for entry in entries if entry["seq"] > after]


def public_head(log: Any, summary: dict[str, Any], view: str) -> int:
    """The last seq `view` may see now: the head, or for the spectator view under a broadcast delay the head less
    N events, or the last event the server received at least N seconds ago (by its own clock, `Log.received_times`:
    never by the `recorded_at` a recording client sends); never before seq 1."""
    head = summary["head_seq"]
    delay = summary.get("broadcast_delay")
    if view != access.SPECTATOR or not delay:
        return head
    if delay.get("events"):
        return max(1, head - delay["events"])
    cutoff = datetime.now(timezone.utc) - timedelta(seconds=delay.get("seconds") or 0)
    for seq, received_at in log.received_times(summary["id"]):
        try:
            if seq == 1 or datetime.fromisoformat(received_at) <= cutoff:
                return seq
        except (TypeError, ValueError):
            continue
    return 1


def whole_match_read(match_id: str, summary: dict[str, Any], view: str) -> None:
    """409 for a read of the whole match (the notation download, the dispute report) in the spectator view while a
    broadcast delay holds that view back: either would tell what the delay holds (a report names later notes)."""
    if view == access.SPECTATOR and summary.get("broadcast_delay"):
        abort(409, f"the spectator view of match {match_id} runs behind the record (a broadcast delay): its download "
                   "and report come once the judge lifts the delay")
