"""Broadcast overlays: pages for OBS or vMix browser sources drawn from the live record (issue 28; contract section
7, "Offline and overlays"; docs/web.md, "Broadcast overlays").

`/matches/<id>/overlay/<kind>` (`score`, `board`, `chain`, `card`) is a transparent 1920x1080 page with no controls.
It holds nothing of the match itself: its one script (static/overlay.js) reads the match's overlay stream in the
page's view (web.overlay_feed: the states `overlay_state` answers, held back by the match's broadcast delay,
web.delay) and draws the kind from each:

- `spectator` (no token): the spectator's view at the spectator's head (`web.readers.public_head`);
- `caster` (the caster's token, or the match token, in the page's fragment `#caster=<token>`, sent by the script
  as `Authorization: Bearer`): the same moment (the same delay), with what either player has been shown of their
  own cards (both hands, facedown cards, cards set aside), and nothing only the judge sees (`caster_view`;
  docs/trust.md, "The caster's view"). No token is 401, a player's or anyone else's 403: never a quietly different
  view.

`/tournament/overlay?event=E&round=R` draws a round's tables from the pushed tournament feed (web.tournament), the
tournament page's own rows restyled. `?layout=` and `?scheme=` pick one of LAYOUTS and SCHEMES (400 for another).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request

import engine
import replays
from engine.views import redact_event
from recorder import access, tokens

from .api import require_match
from .db import get_log
from .params import read_seq
from .readers import public_head, request_token
from .tournament import REFRESH, round_tables  # the tournament page's tables, drawn by its own row template

bp = Blueprint("overlay", __name__)

KINDS = ("score", "board", "chain", "card")
LAYOUTS = ("bottom", "top")  # where the score bug, the chain panel and the card popup sit on the frame
SCHEMES = ("dark", "light", "contrast")
VIEWS = (access.SPECTATOR, "caster")
CARD_SECONDS = 6  # how long the card popup shows the card just played or activated
SHOWN_FACTS = ("type", "energy", "power", "might", "keywords", "text")  # a popup's card, as the card gallery has it
PLAYED = frozenset(("play", "activate"))  # the events whose card the popup shows
KEPT = 512  # overlay answers kept (`Answers`): a few for each match followed by overlays
LOOK_BACK = 200  # events `played` looks back for the card just played
READ_BACK = 16  # events `played` reads at a time, from the newest back
MAKING_WAIT = 10.0  # seconds an asker waits for another's making of the same answer before it looks again


def chosen(name: str, allowed: tuple[str, ...]) -> str:
    """The `name` query parameter (default the first allowed); 400 naming the allowed values for another."""
    value = request.args.get(name) or allowed[0]
    if value not in allowed:
        abort(400, f"unknown {name} {value[:40]!r}: choose one of {', '.join(allowed)}")
    return value


@bp.get("/matches/<match_id>/overlay/<kind>")
def page(match_id: str, kind: str):
    """An overlay page: 404 for an unknown kind or match, 400 for an unknown layout or scheme."""
    if kind not in KINDS:
        abort(404, f"no overlay {kind[:40]!r}: the overlays are {', '.join(KINDS)}")
    summary = require_match(match_id)
    return render_template("overlay.html", match_id=summary["id"], kind=kind, layout=chosen("layout", LAYOUTS),
                           scheme=chosen("scheme", SCHEMES), card_seconds=CARD_SECONDS)


@bp.get("/tournament/overlay")
def round_page():
    """A round's tables as an overlay: 400 without both event and round, or for an unknown layout or scheme; 404
    for a round no match or pairing names (as the tournament page)."""
    event, round_ = request.args.get("event"), request.args.get("round")
    if event is None or round_ is None:
        abort(400, "give both event and round (e.g. /tournament/overlay?event=Regional&round=3)")
    layout, scheme = chosen("layout", LAYOUTS), chosen("scheme", SCHEMES)
    return render_template("overlay_round.html", event=event, round=round_, tables=round_tables(event, round_),
                           layout=layout, scheme=scheme, refresh=current_app.config.get("TOURNAMENT_REFRESH", REFRESH))


@bp.get("/api/matches/<match_id>/overlay")
def overlay_state(match_id: str):
    """What an overlay draws, in `view` (spectator or caster) at `at` (default the view's head; the spectator's
    head under a broadcast delay for both): {match, seq, view, victory_score, passes, played, state}. 400 for an
    unknown view or a bad `at`, 401 for the caster's view without a token, 403 with a token not the caster's nor
    the match token, 404 for no such match."""
    summary = require_match(match_id)
    view, _who = overlay_reader(match_id)
    log = get_log()
    head = public_head(log, summary, access.SPECTATOR)
    seq = read_seq("at", request.args.get("at"), match_id, head)
    kept = current_app.extensions.setdefault("riftlog.overlays", Answers())
    text = kept.get((match_id, summary["created_at"], seq, view), lambda: current_app.json.dumps(
        answer(log, summary, replays.Cursor(log, match_id, head).state(seq), seq, view)))
    return Response(text, mimetype="application/json")


def answer(log: Any, summary: dict[str, Any], full: dict[str, Any], seq: int, view: str) -> dict[str, Any]:
    """What an overlay draws (`overlay_state`, web.overlay_feed) from `full`, the state after `seq`, in `view` (a
    reader allowed to read it)."""
    shown = caster_view(full) if view != access.SPECTATOR else engine.view(full, access.SPECTATOR)
    return {"match": summary["id"], "seq": seq, "view": view, "victory_score": full.get("victory_score"),
            "passes": list(full.get("passes") or []),  # passing is said aloud at the table (public)
            "played": played(log, summary, seq, shown), "state": shown}


class Answers:
    """The overlay answers (as JSON text) made last, by (match, its creation time, seq, view): every overlay page of
    a match asks for the same seq at each event, all at once (the stream tells them together: ten pages of a
    broadcast, ten requests), and a state at a seq never changes (the log is append-only; the creation time tells a
    deleted match from a new one given its id). The first asker makes it while the others wait for it, so it is made
    once; at most KEPT are kept, the oldest dropped first."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple, str] = OrderedDict()
        self.making: dict[tuple, threading.Event] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple, make: Callable[[], str]) -> str:
        while True:
            with self.lock:
                if key in self.kept:
                    self.kept.move_to_end(key)
                    return self.kept[key]
                made = self.making.get(key)
                if made is None:
                    self.making[key] = threading.Event()
                    break
            made.wait(MAKING_WAIT)  # then look again: kept, or the maker failed and this asker makes it
        try:
            text = make()
            with self.lock:
                self.kept[key] = text
                while len(self.kept) > KEPT:
                    self.kept.popitem(last=False)
            return text
        finally:
            with self.lock:
                self.making.pop(key).set()


def overlay_reader(match_id: str) -> tuple[str, str | None]:
    """The `view` an overlay request reads (default the spectator's) and who reads it (None for the spectator's;
    `require_caster`'s answer for the caster's): 400 for an unknown view."""
    view = request.args.get("view") or access.SPECTATOR
    if view not in VIEWS:
        abort(400, f"unknown overlay view {view[:40]!r}: choose one of {', '.join(VIEWS)}")
    return view, require_caster(match_id) if view != access.SPECTATOR else None


def require_caster(match_id: str) -> str:
    """Who reads the caster's view: "caster" (the caster's token) or the judge (the match token); 401 without a
    token, 403 for a token that is neither (a player's token reads that player's hand, never the opponent's)."""
    token = request_token(match_id, cookie=False)
    if token is None:
        abort(401, f"the caster's view of match {match_id} needs the caster's token (the organiser's page lists "
                   "its overlay links) or the match token: send 'Authorization: Bearer <token>'")
    log = get_log()
    if tokens.is_caster(log, match_id, token):
        return "caster"
    if log.reader(match_id, token) == access.JUDGE:
        return access.JUDGE
    abort(403, f"this token does not read the caster's view of match {match_id}: only the caster's token or the "
               "match token does")


def caster_view(state: dict[str, Any]) -> dict[str, Any]:
    """The caster's view of a state: the spectator's, with every card a player has been shown of their own (their
    hand, their facedown cards, their cards set aside: rule 127) as that player's view shows it. Never what no
    player sees (a deck's cards, 107.3.c) nor what only the judge sees (internal fields, the wording of a
    violation or a judge's text that names a hidden card: the spectator's wording is kept)."""
    shown = engine.view(state, access.SPECTATOR)
    for player in state.get("players") or {}:
        own = engine.view(state, player)
        for ref, obj in (own.get("objects") or {}).items():
            if obj.get("card") is not None and (shown["objects"].get(ref) or {}).get("card") is None:
                shown["objects"][ref] = obj
        mine = (own.get("players") or {}).get(player) or {}
        for zone in ("hand", "aside", "facedown"):
            if zone in mine:
                shown["players"][player][zone] = mine[zone]
    return shown


def played(log: Any, summary: dict[str, Any], seq: int, shown: dict[str, Any]) -> dict[str, Any] | None:
    """The card the last play or activation up to `seq` played or activated, as the spectator's events name it
    (`redact_event`), with its public facts from the catalog: {seq, player, kind, card, ...SHOWN_FACTS}; None
    before any, or none in the LOOK_BACK events up to `seq` (the popup is for the card just played). A card the
    spectator's event does not name (none can be played unseen) gives None. The events are read back a few at a
    time from `seq` (never the whole match: a long match's overlay costs what a short one's does)."""
    upto = seq
    while upto > max(0, seq - LOOK_BACK):
        after = max(0, seq - LOOK_BACK, upto - READ_BACK)
        for entry in reversed(log.events(summary["id"], after, upto)):
            event = redact_event(entry["event"], access.SPECTATOR)
            if event.get("type") in PLAYED:
                return card_played(log, summary, entry["seq"], event, shown)
        upto = after
    return None


def card_played(log: Any, summary: dict[str, Any], at: int, event: dict[str, Any],
                shown: dict[str, Any]) -> dict[str, Any] | None:
    """`played`'s answer for `event`, the play or activation at seq `at`."""
    name = event.get("card") if event["type"] == "play" else \
        ((shown.get("objects") or {}).get(event.get("source")) or {}).get("card") or \
        next((field.get("name") for field in shown.get("battlefields") or [] if field.get("id") ==
              event.get("source")), None)
    if not isinstance(name, str):
        return None
    card = log.catalog(summary["catalog"]).get(name) or {}
    return {"seq": at, "player": event.get("player"), "kind": event["type"], "card": name,
            **{fact: card.get(fact) for fact in SHOWN_FACTS}}


def overlay_links(match_id: str, caster: str | None) -> list[dict[str, str]]:
    """Each overlay's address for a table (relative): the spectator's, and the caster's with `caster` (its token)
    in the fragment, where the browser keeps it (it never reaches a server's log or a Referer)."""
    links = []
    for kind in KINDS:
        path = f"/matches/{match_id}/overlay/{kind}"
        links.append({"kind": kind, "spectator": path, "caster": f"{path}#caster={caster}" if caster else ""})
    return links
