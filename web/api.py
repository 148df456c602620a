"""The HTTP API of contract section 3, under /api.

Every answer is JSON; every error is `{"error": message}` (plus `violations` for a strict refusal). Appends need the
match's token as `Authorization: Bearer <token>`; reads of what may be hidden (state, events) are answered in the
view the reader's token may see (`web.readers`), redacted by the engine (`engine.views`).
"""
from __future__ import annotations

from typing import Any, Callable

from flask import Blueprint, abort, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

import engine
from engine.cards import served
import replays
from engine import judges_rulings
from recorder import access, tokens
from replays import decklists, ledger
from replays import seal as seals

from .budget import creation_refused
from .db import get_key, get_log, get_writer
from .errors import answer
from .params import bearer_token, read_archived, read_body, read_int, read_page, read_seq
from .readers import head_shown, public_head, reader, redacted, require_head_hash

bp = Blueprint("api", __name__, url_prefix="/api")

# Envelope fields: what the recording client said (or the server's clock), outside the hash chain and any seal.
UNVERIFIED = ("recorded_at", "client")
APPEND_FIELDS = ("event", "events", "expected_seq", "idempotency_key", "meta")


def require_match(match_id: str) -> dict[str, Any]:
    """The match's summary from the log; 404 (via recorder.NotFound) when there is no such match."""
    return get_log().match(match_id)


@bp.get("/matches")
def list_matches():
    """A page of the matches, oldest first: {"matches", "total", "offset", "limit", "next"} (`next`: the URL of
    the next page, or null). `limit` is 1 to MAX_PAGE (default PAGE). Archived matches are left out; `archived=1`
    lists them instead (recorder/archive.py)."""
    offset, limit = read_page()
    archived = read_archived()
    log = get_log()
    total = log.match_count(archived=archived)
    following = offset + limit
    more = url_for("api.list_matches", offset=following, limit=limit, **({"archived": 1} if archived else {}))
    matches = [head_shown(log, summary, access.SPECTATOR) for summary in log.matches(offset, limit, archived=archived)]
    return jsonify({"matches": matches, "total": total, "offset": offset,
                    "limit": limit, "next": more if following < total else None})


@bp.post("/matches")
def create_match():
    """A `match_created` body -> 201 {"id", "token", "player_tokens"}: the token is the judge's (appends, every
    view), each player token reads that player's view. 429 with `Retry-After` past the client address's budget of
    creations (web.budget)."""
    event = read_body()
    if not isinstance(event, dict):
        abort(400, "the body must be a match_created event (a JSON object)")
    event.setdefault("type", "match_created")
    refused = creation_refused()  # a budget per client address (web.budget), before any deck is read: 429 past it
    if refused is not None:
        return answer(429, refused[0], headers=refused[1])
    event = with_decks_read(event)
    match_id, token = get_log().create_match(event)
    response = jsonify(tokens.created_answer(get_log(), match_id, token))
    response.status_code = 201
    response.headers["Location"] = url_for("api.match", match_id=match_id)
    return response


def with_decks_read(event: dict[str, Any]) -> dict[str, Any]:
    """The event with each player given by `decklist`, `deck_code` or a demo deck's name replaced by the deck it
    describes (docs/decks.md); 400 with every problem otherwise."""
    if not decklists.needs_reading(event):
        return event
    catalog = event.get("catalog", "demo")
    if not isinstance(catalog, str):
        abort(400, f"match_created field catalog must be a catalog's name (a string), not {catalog!r}")
    return decklists.expand_players(event, get_log().catalog(catalog))


@bp.post("/decks/parse")
def parse_deck():
    """`{"text": LIST}` or `{"code": CODE}`, optional `catalog` (default "demo") and `name` -> 200 with the
    `players[*]` entry of match_created | 400 `{"error", "problems": [{line?, card?, message, rule?}]}` | 404 for an
    unknown catalog (docs/decks.md)."""
    body = read_body()
    if not isinstance(body, dict):
        abort(400, 'the body must be a JSON object: {"text": ...} or {"code": ...}')
    unknown = sorted(set(body) - {"text", "code", "catalog", "name"})
    if unknown:
        abort(400, f"unknown fields {unknown}: the body takes text or code, and catalog and name")
    given = [field for field in ("text", "code") if field in body]
    if len(given) != 1 or not isinstance(body[given[0]], str):
        abort(400, 'give the deck as one string: {"text": "3 Card Name..."} or {"code": "CMAAA..."}')
    catalog_name, name = body.get("catalog", "demo"), body.get("name")
    if not isinstance(catalog_name, str) or (name is not None and not isinstance(name, str)):
        abort(400, "catalog and name must be strings")
    catalog = get_log().catalog(catalog_name)
    read = decklists.read_code if given[0] == "code" else decklists.read_text
    return jsonify(read(body[given[0]], catalog, name))


@bp.get("/matches/<match_id>")
def match(match_id: str):
    """The match's summary as its reader may see it (`head_hash` withheld where `web.readers.head_shown` says)."""
    summary = require_match(match_id)
    return jsonify(head_shown(get_log(), summary, reader(match_id, summary, None).view))


@bp.post("/matches/<match_id>/events")
def append(match_id: str):
    """Append one event or a batch: 201 {"seq", "hash"} | 400 | 401 | 403 | 404 | 409 | 422 | 503 (busy: retry
    after the `Retry-After` seconds). Written by the app's writer, in one commit with other requests' appends."""
    require_judge(match_id, ruling_refused)
    events, options = parse_append(read_body())
    sent = events
    events = ledger.with_upgrades(get_log(), match_id, events, options.get("idempotency_key"))  # TR 702.1.b
    result = get_writer().append(get_log(), match_id, events, **options)
    upgraded = [{"index": index, "upgrade": event["upgrade"]} for index, event in enumerate(events)
                if event is not sent[index] and "upgrade" in event]
    if upgraded:  # a warning recorded as the game loss it is (docs/judging.md)
        result = {**result, "upgraded": upgraded}
    response = jsonify(result)
    response.status_code = 201
    return response


def require_judge(match_id: str, refusal: Callable[[str], str | None] | None = None) -> None:
    """404 for an unknown match (before any question about the token), 401 without a token, 403 for any token
    but the match's own (a player token reads, it never writes), in the words of `refusal(match_id)` when it has
    some for this request. Reads no database once the match is known to this process (`Log.judge_token_hash`).

    The refusal names the other way a recording screen meets it: its link was reissued by the organiser (a lost
    phone, the venue's address changed), and the scorekeeper needs the table's new one, not a player's."""
    log = get_log()
    log.judge_token_hash(match_id)  # 404 first
    if not log.check_token(match_id, bearer_token()):
        abort(403, (refusal and refusal(match_id)) or
              f"only the match token may change match {match_id} (a player token only reads); a recording link "
              "the organiser reissued no longer works: the organiser's page gives the table's new one")


def ruling_refused(match_id: str) -> str | None:
    """Why an append carrying a judge's ruling (`ruling`, contract section 7: engine/judges_rulings.py) is refused to
    any token but the match's: a ruling makes the engine fold what it would refuse, so only the judge or scorekeeper
    who holds the match token records one. None for a body without a ruling (or one that does not read: the
    general refusal says enough)."""
    try:
        body = read_body()
    except HTTPException:
        return None
    sent = body.get("events") if isinstance(body, dict) and "events" in body else \
        [body.get("event")] if isinstance(body, dict) else []
    if not isinstance(sent, list) or not any(isinstance(event, dict) and judges_rulings.FIELD in event
                                             for event in sent):
        return None
    return (f"only the match token may record a judge's ruling ('ruling') in match {match_id}: a ruling folds what "
            "the engine refuses, so only the judge or scorekeeper who holds the match token records one (a player "
            "token only reads)")


@bp.post("/matches/<match_id>/publish")
def publish(match_id: str):
    """The judge makes a finished match's judge view public: 200 with its summary | 401 | 403 | 404 | 409."""
    require_judge(match_id)
    return jsonify(get_log().publish(match_id))


def parse_append(body: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The events and the append options of a `{"event"|"events", "expected_seq", "idempotency_key"}` body.

    The events themselves are checked by the recorder and the engine; this only checks the envelope.
    """
    if not isinstance(body, dict):
        abort(400, 'the body must be an object: {"event": {...}} or {"events": [...]}')
    unknown = [key for key in body if key not in APPEND_FIELDS]
    if unknown:
        hint = ' (wrap a single event as {"event": {...}})' if "type" in body else ""
        abort(400, f"unknown field(s) {', '.join(map(repr, unknown))} in the body{hint}")
    if ("event" in body) == ("events" in body):
        abort(400, 'give exactly one of "event" (an object) or "events" (a list of objects)')
    if "event" in body:
        events = [body["event"]]
        if not isinstance(body["event"], dict):
            abort(400, '"event" must be an object with a "type"')
    else:
        events = body["events"]
        if not isinstance(events, list) or not events:
            abort(400, '"events" must be a non-empty list of objects')
        for index, event in enumerate(events, 1):
            if not isinstance(event, dict):
                abort(400, f'"events" item {index} of {len(events)} is not an object')
    options: dict[str, Any] = {}
    expected_seq = body.get("expected_seq")
    if expected_seq is not None:
        if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
            abort(400, f'"expected_seq" must be a whole number >= 0, got {str(expected_seq)[:100]!r}')
        options["expected_seq"] = expected_seq
    for field in ("idempotency_key", "meta"):  # checked by the recorder (recorder/limits.py), as for any caller
        if body.get(field) is not None:
            options[field] = body[field]
    return events, options


@bp.get("/matches/<match_id>/events")
def events(match_id: str):
    """The recorded events after seq `after` (default 0), up to `upto` (default the head), as `view` may see them
    (redacted by `engine.views.redact_events`; `hash` is always the stored event's).

    With `download=1` the answer comes as an attachment, `<match>-events.json` (`<match>-<view>-events.json`
    for any view but the judge's).
    """
    summary = require_match(match_id)
    viewer = reader(match_id, summary, request.args.get("view")).view
    after = read_int("after", request.args.get("after"), default=0)
    upto = read_int("upto", request.args.get("upto"))
    if after is not None and after < 0:
        abort(400, f"after must be >= 0, got {after}")
    if upto is not None and upto < 0:
        abort(400, f"upto must be >= 0, got {upto}")
    public = public_head(get_log(), summary, viewer)  # the spectator's lags under a broadcast delay (web.delay)
    recorded = redacted(match_id, summary, viewer, after=after, upto=public if upto is None else min(upto, public))
    response = jsonify({"match": match_id, "head_seq": summary.get("head_seq"), "view": viewer,
                        "unverified": list(UNVERIFIED), "events": recorded})
    if request.args.get("download") not in (None, "", "0"):
        stem = match_id if viewer == "judge" else f"{match_id}-{viewer}"
        response.headers["Content-Disposition"] = f'attachment; filename="{stem}-events.json"'
    return response


@bp.get("/matches/<match_id>/state")
def state(match_id: str):
    """The state after event `at` (default the head) as `view` (judge, spectator, P1, ...) sees it; the view
    defaults to the reader's own (see web.readers)."""
    summary = require_match(match_id)
    viewer = reader(match_id, summary, request.args.get("view")).view
    cursor = replays.Cursor(get_log(), match_id, public_head(get_log(), summary, viewer))
    seq = read_seq("at", request.args.get("at"), match_id, cursor.head_seq)
    return jsonify(engine.view(cursor.state(seq), viewer))


@bp.get("/matches/<match_id>/seal")
def seal(match_id: str):
    """The head signed with the server's key: {match, head_seq, head_hash, key_id, public_key, signature, code};
    409 when the match does not verify; 401/403/409 for a reader not given the head's hash
    (`web.readers.require_head_hash`)."""
    summary = require_match(match_id)
    require_head_hash(get_log(), summary, reader(match_id, summary, None))
    return jsonify(seals.seal(get_log(), match_id, get_key()))


@bp.get("/matches/<match_id>/verify")
def verify(match_id: str):
    """Re-fold the match and check its hash chain: {"ok", "head_seq", "head_hash"} (+ "bad_seq", "error");
    with `seal=CODE`, also whether events 1..the sealed seq are still what was sealed and what follows them
    ("seal": {seq, ok, error, holds, after}, replays.seal.check). `head_hash` as `web.readers.head_shown` says."""
    summary = require_match(match_id)
    view = reader(match_id, summary, None).view
    code = request.args.get("seal")
    if code is not None:
        report = seals.check(get_log(), match_id, code, get_key(), upto=public_head(get_log(), summary, view))
    else:
        report = dict(replays.verify(get_log(), match_id))
    if report.get("ok"):
        report.pop("bad_seq", None)
        report.pop("error", None)
    return jsonify(head_shown(get_log(), summary, view, report))


# What a card shows as a card (cost, type, Might, keywords, rules text): the facts `catalog_cards` answers.
SHOWN_FACTS = ("type", "supertype", "domains", "energy", "power", "might", "keywords", "keyword_values", "text")
MAX_CARD_NAMES = 200


@bp.get("/catalogs/<name>/cards")
def catalog_cards(name: str):
    """The public facts of the cards named (`?name=A&name=B`, at most MAX_CARD_NAMES) in the catalog `name`:
    `{card name: {type, supertype, domains, energy, power, might, keywords, keyword_values, text, abilities}}`, names
    the catalog does not hold left out; `abilities` are its lines with what the engine reads of each
    (engine/cards/served.py), for a judge to check beside the printed text. A catalog is the
    public card gallery: the answer says nothing about a match. The viewer asks for the cards its page shows, to
    show each as a card on a tap. 400 for no name or too many, 404 for an unknown catalog."""
    names = request.args.getlist("name")
    if not names:
        abort(400, "name at least one card: ?name=Card&name=Other")
    if len(names) > MAX_CARD_NAMES:
        abort(400, f"{len(names)} card names; ask for at most {MAX_CARD_NAMES} at once")
    catalog = get_log().catalog(name)
    found = {}
    for card_name in names:
        card = catalog.get(card_name)
        if card:
            found[card_name] = {key: card.get(key) for key in SHOWN_FACTS}
            found[card_name]["abilities"] = served.served_abilities(card)
    return jsonify(found)

