"""The recording screen: `/matches/<id>/record`, and the three judge-only API calls it makes besides appending.

The page is a shell (templates/record.html, static/record.js): the browser keeps the match token (the judge's key,
handed over in the URL fragment, never in a link) and sends it as `Authorization: Bearer` on every call. It reads
`GET /api/matches/<id>/recording` (the judge's state at the head, what undo would rewind, the latest events in
words), asks `POST /api/matches/<id>/check` whether an input breaks a rule before sending it, turns a typed line of
the notation into events with `POST /api/matches/<id>/parse`, and appends with the contract's
`POST /api/matches/<id>/events`. Every answer comes from the recorder, the replays and the engine: no rules logic
lives here.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, render_template, request, url_for

import engine
import replays
from engine import events as event_shapes
from engine.cards import checks_abilities
from engine.cards.resolutions import prefill
from engine.combat import lethal_first
from engine.play import suggested_payment
from recorder import access
from replays import ledger, notation

from .api import parse_append, require_judge, ruling_refused
from .db import get_log
from .describe import describe_event, object_namer, timeline_texts
from .offline import waiting_at_table
from .params import player_ids, read_body, read_int

bp = Blueprint("record", __name__)

RECENT = 8  # events in words at the foot of the screen
CHANGES = 20  # events a conflict lists, at most (the newest)
MAX_LINES = 2000  # characters of a typed notation text


@bp.get("/matches/<match_id>/record")
def page(match_id: str):
    """The recording screen's shell; 404 for an unknown match. The token never reaches the server in a URL."""
    summary = get_log().match(match_id)
    rules = get_log().events(match_id, upto=1)[0]["event"].get("rules")  # the edition the match is played under
    return render_template("record.html", match=summary, match_id=match_id, rules=rules,
                           names=dict(zip(player_ids(summary), summary["players"])), op_fields=op_fields(),
                           slip=_slip_url(match_id))


def _slip_url(match_id: str) -> str | None:
    """The printable match slip's address (`/matches/<id>/slip`) where this server has that page, else None: the
    game-over screen links to it."""
    for rule in current_app.url_map.iter_rules():
        if rule.rule == "/matches/<match_id>/slip" and "GET" in (rule.methods or ()):
            return url_for(rule.endpoint, match_id=match_id)
    return None


# The engine's kinds of a field, in the words the resolution builder (static/record_ops.js) reads.
FIELD_KINDS = {event_shapes.STR: "str", event_shapes.INT: "int", event_shapes.LIST: "list", event_shapes.MAP: "map",
               event_shapes.BOOL: "bool", event_shapes.ANY: "any", event_shapes.STR_OR_NONE: "str"}


def op_fields() -> dict[str, list[list[Any]]]:
    """Every effect op of a `resolve` with its fields, `{op: [[field, kind, required], ...]}`, read from the
    engine's own table (engine/events.py EFFECT_FIELDS): the resolution builder offers exactly the ops the engine
    reads, so an op the engine gains appears on the screen without a change here."""
    return {op: [[field, FIELD_KINDS[kind], required] for field, (kind, required) in fields.items()]
            for op, fields in event_shapes.EFFECT_FIELDS.items()}


@bp.get("/api/matches/<match_id>/recording")
def recording(match_id: str):
    """What the recording screen shows at the head (judge only): {head_seq, policy, players (names by id),
    published_at (null until the judge publishes the finished match), outbox (the table's report of inputs
    waiting in a recording screen's outbox, web/offline.py, else null), state
    (the judge's view), undo ({seq, to, text} or null), assignment (the lethal-first pre-fill of an awaited
    damage assignment, {unit: amount}), payments (the engine's suggested payment of each card the awaited player
    may play, {object id: {exhaust, recycle}}; unseen_payments the same for a card drawn unseen by the name it may
    be given, {name: {exhaust, recycle}}), resolution (the newest chain item's resolution as its card writes it,
    {item, ops: [{op, values, legal?, optional?, text}]}, in a "checked" match, else null: engine/cards/
    resolutions.py prefill), recent ([{seq, type, text, voided, flagged}]) and, with `since=N`, changes (the events after N, the newest CHANGES of them): what moved on since a client's stale seq."""
    require_judge(match_id)
    summary = get_log().match(match_id)
    since = read_int("since", request.args.get("since"))
    if since is not None and since < 0:
        abort(400, f"since must be >= 0, got {since}")
    cursor = replays.Cursor(get_log(), match_id)
    head_seq, state = cursor.head_seq, cursor.head_state
    names = dict(zip(player_ids(summary), summary["players"]))
    describe = _describer(cursor, state, names, min(max(1, head_seq - RECENT + 1),
                                                    since + 1 if since is not None else head_seq))
    answer: dict[str, Any] = {
        "match": match_id, "head_seq": head_seq, "policy": state.get("policy"), "players": names,
        "published_at": summary.get("published_at"), "outbox": waiting_at_table(match_id),
        "state": engine.view(state, "judge"), "undo": _undo(cursor, state, describe),
        "assignment": _assignment(state), "payments": _payments(state), "unseen_payments": _unseen_payments(state),
        "resolution": prefill(state) if checks_abilities(state) else None,
        "recent": [describe(seq) for seq in range(max(1, head_seq - RECENT + 1), head_seq + 1)],
    }
    if since is not None:
        answer["changes"] = [describe(seq) for seq in range(max(since + 1, head_seq - CHANGES + 1), head_seq + 1)]
    return jsonify(answer)


@bp.post("/api/matches/<match_id>/check")
def check(match_id: str):
    """A dry run of an append (judge only; the body as for /events, `idempotency_key` and `meta` ignored): 200
    {ok, policy, head_seq, seq, violations, error}, nothing written. A strict match would refuse what is not ok;
    an audit match would record it flagged. 400 malformed, 409 a stale expected_seq."""
    require_judge(match_id, ruling_refused)
    events, options = parse_append(read_body())
    events = ledger.with_upgrades(get_log(), match_id, events)  # as the append records them (docs/judging.md)
    verdict = get_log().dry_run(match_id, events, expected_seq=options.get("expected_seq"))
    return jsonify({**verdict, "texts": _texts(match_id, events)})


def _texts(match_id: str, events: list[dict[str, Any]]) -> list[str]:
    """The events of a dry run in the timeline's words (`describe_event`, named from the head: the state before
    them), so the screen's messages ("breaks a rule", "may not be recorded yet") say what the log will say, with
    no wording of its own. The dry run has answered 400 for an event that is not well formed already."""
    cursor = replays.Cursor(get_log(), match_id)
    summary = get_log().match(match_id)
    name = object_namer(cursor.head_state, dict(zip(player_ids(summary), summary["players"])),
                        {**cursor.battlefield_names, **cursor.chain_cards})
    return [describe_event(event, name, access.JUDGE) for event in events]


@bp.post("/api/matches/<match_id>/parse")
def parse(match_id: str):
    """Lines of the notation read against the head (judge only): body {"text"} -> 200 {"events", "head_seq"} (the
    head they were read at: a line held offline is kept as read only at the head it follows), nothing written;
    400 {"error", "line", "column"} for a text that does not read, 422 (with `violations`) for a line a strict
    match's engine refuses."""
    require_judge(match_id)
    body = read_body()
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str) or not text.strip():
        abort(400, 'the body must be {"text": "..."} with at least one line of the notation')
    if len(text) > MAX_LINES:
        abort(400, f"the text has {len(text)} characters; type at most {MAX_LINES} at once")
    log = get_log()
    summary = log.match(match_id)
    state = log.state_at(match_id)
    head_seq = state["seq"]
    try:
        events = notation.parse_events(text, state, log.catalog(summary["catalog"]))
    except notation.NotationError as error:
        answer = {"error": str(error), "line": error.line, "column": error.column}
        if isinstance(error, notation.IllegalNotation):  # a strict match's refusal, as /events answers it
            return jsonify({**answer, "violations": error.violations}), 422
        return jsonify(answer), 400
    if not events:
        abort(400, "the text holds no event (only comments or landmarks)")
    return jsonify({"events": events, "head_seq": head_seq})


def _describer(cursor: replays.Cursor, state: dict[str, Any], names: dict[str, str], first: int):
    """seq -> {seq, type, text, voided, flagged}: the viewer's words for the event at that seq, the very line the
    judge's timeline shows (`timeline_texts`: each event worded from the state before it, so a card set aside by a
    mulligan is named, not left as the id it has in the deck at the head). The lines from `first` to the head are
    worded in one fold (they are cached with the cursor's timeline, so the next refresh words only new ones)."""
    recorded = cursor.events
    head_seq = cursor.head_seq
    voided = set(state.get("voided") or [])
    flagged = {violation.get("seq") for violation in state.get("violations") or []}
    texts = timeline_texts(cursor, max(1, min(first, head_seq)), head_seq, access.JUDGE, names) if head_seq else {}

    def describe(seq: int) -> dict[str, Any]:
        text = texts.get(seq) or timeline_texts(cursor, seq, seq, access.JUDGE, names)[seq]
        return {"seq": seq, "type": recorded[seq - 1].get("type"), "text": text,
                "voided": seq in voided, "flagged": seq in flagged}

    return describe


def _undo(cursor: replays.Cursor, state: dict[str, Any], describe) -> dict[str, Any] | None:
    """The judge `rewind` that undoes the last input still in effect: back to the input in effect before it.

    The inputs in effect are the seqs neither voided nor rewinds themselves; None when the last one is the game's
    first event (a rewind before seq 2 is refused)."""
    voided = set(state.get("voided") or [])
    in_effect = [seq for seq, event in enumerate(cursor.events, 1)
                 if seq not in voided and event.get("type") != "rewind"]
    if len(in_effect) < 3:
        return None
    return {"seq": in_effect[-1], "to": in_effect[-2], "text": describe(in_effect[-1])["text"]}


def _payments(state: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """For a player who may play a card now (an action, priority or Focus awaited), the engine's suggested payment
    of each card in their hand and champion zone (engine.play.suggested_payment; a facedown card's play has its
    own cost, 723.1.b), so a tap on the card marks the runes that pay for it: `{object id: {exhaust, recycle}}`,
    cards the runes cannot pay left out."""
    payments: dict[str, dict[str, list[str]]] = {}
    for wait in state.get("awaiting") or []:
        if wait.get("kind") not in ("action", "priority", "focus") or wait.get("player") not in state["players"]:
            continue
        player = wait["player"]
        entry = state["players"][player]
        for card in [*entry.get("hand", []), *([entry["champion_zone"]] if entry.get("champion_zone") else [])]:
            payment = suggested_payment(state, player, card)
            if payment is not None:
                payments[card] = payment
    return payments


def _unseen_payments(state: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """For an awaited player who may play and holds a card drawn unseen: the engine's suggested payment of that card
    as each card its deck could still hold (`{name: {exhaust, recycle}}`): the screen names the card with a tap and
    marks the runes that pay for it."""
    payments: dict[str, dict[str, list[str]]] = {}
    for wait in state.get("awaiting") or []:
        if wait.get("kind") not in ("action", "priority", "focus") or wait.get("player") not in state["players"]:
            continue
        entry = state["players"][wait["player"]]
        unseen = [card for card in entry.get("hand", []) if state["objects"][card].get("card") is None]
        for name, copies in (entry.get("deck") or {}).items() if unseen else ():
            payment = suggested_payment(state, wait["player"], unseen[0], name) if copies > 0 else None
            if payment is not None:
                payments[name] = payment
    return payments


def _assignment(state: dict[str, Any]) -> dict[str, int] | None:
    """The engine's lethal-first assignment for an awaited `assign_damage`, else None."""
    for wait in state.get("awaiting") or []:
        if wait.get("kind") == "assign_damage":
            return lethal_first(state, wait["player"])
    return None
