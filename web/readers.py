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

from engine.views import Redactor
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
    them (`Shown`). A judge's text is checked against every event before it, so the events from seq 1 are read."""
    log = get_log()
    shown = Shown(log, summary, view)
    return [shown.entry(entry) for entry in log.events(match_id, upto=upto)][after:]


class Shown:
    """What a reader of `view` is given of a match's log, entry by entry from seq 1 on: each event redacted
    (`engine.views.Redactor`: a card private to someone else is null, and so is the salt of an event not given
    whole), and each chain hash where `hashes_shown` allows it, else null. The one way every read of events (the
    API, the live streams, the hub) shows them."""

    def __init__(self, log: Any, summary: dict[str, Any], view: str) -> None:
        names = set() if view == access.JUDGE else {card["name"] for card in log.catalog(summary["catalog"])}
        self.redactor = Redactor(view, names)
        self.hashes = hashes_shown(log, summary, view)

    def entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The next entry of the match ({seq, event, hash, recorded_at, client}) as the reader may see it."""
        return {**entry, "event": self.redactor.redact(entry["event"]), "hash": entry["hash"] if self.hashes else None}


def hashes_shown(log: Any, summary: dict[str, Any], view: str) -> bool:
    """Whether a reader of `view` may be given the match's chain hashes: any reader of a match recorded with salts
    (every match since they began: an event that hides anything carries 128 random bits the hidden view is not
    given, so no guess of a hidden card can be checked against its hash), and for a match recorded before them
    only a reader of its judge's view (its own, or anyone's once it is published): hashing each catalog name in
    place of a hidden card would find the card (docs/trust.md, "Hidden cards and the hash chain")."""
    return view == access.JUDGE or bool(summary.get("published_at")) or log.is_salted(summary["id"])


def head_shown(log: Any, summary: dict[str, Any], view: str, answer: dict[str, Any] | None = None) -> dict[str, Any]:
    """`answer` (default: the match's summary; or a verify report, any map with a `head_hash`) as a reader of `view`
    may read it: its `head_hash` null where `hashes_shown` withholds the match's hashes, and for the spectator under
    a broadcast delay, whose view has not reached the head (a guess of a held-back event could be checked
    against it)."""
    answer = summary if answer is None else answer
    return answer if head_hash_shown(log, summary, view) else {**answer, "head_hash": None}


def head_hash_shown(log: Any, summary: dict[str, Any], view: str) -> bool:
    """Whether a reader of `view` may be given the hash of the match's head (see `head_shown`)."""
    delayed = view == access.SPECTATOR and bool(summary.get("broadcast_delay"))
    return not delayed and hashes_shown(log, summary, view)


def require_head_hash(log: Any, summary: dict[str, Any], reader: Reader) -> None:
    """For a seal, which signs the head's hash (its signature checks a guess of the hash as well as the hash
    does): 409 for the spectator under a broadcast delay, 401 or 403 for a reader not given the hashes of a
    match recorded before salts (see `hashes_shown`)."""
    if head_hash_shown(log, summary, reader.view):
        return
    match_id = summary["id"]
    if reader.view == access.SPECTATOR and summary.get("broadcast_delay"):
        abort(409, f"the spectator view of match {match_id} runs behind the record (a broadcast delay): its seal "
                   "comes once the judge lifts the delay")
    abort(401 if reader.who is None else 403,
          f"match {match_id} was recorded before its hidden cards were salted in the hash chain, so its hashes and "
          "seal are given with the match token only (or once the judge publishes it)")


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
