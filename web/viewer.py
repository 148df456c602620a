"""The HTML viewer: the list of matches, and one match at one seq as a judge, a player or a spectator sees it.

Server-rendered: every step button is a plain link to `/matches/<id>?seq=N&view=V` with its target seq computed by
`replays.Cursor.step`, so a URL always names a moment and can be shared. The keyboard shortcuts (static/viewer.js)
only follow those links.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, abort, redirect, render_template, request, url_for

import engine
import replays
from engine.editions import EDITIONS
from engine.judges_rulings import recorded_reason
from replays import notation

from . import keys
from .db import get_log
from .describe import card_of, describe_static, timeline_texts
from .fight import fight, games_won, result_lines, units_by_player
from .offline import waiting_at_table
from .params import player_ids, read_archived, read_page, read_seq
from .readers import cookie_name, public_head, reader, whole_match_read
from .scrubber import position, runs_html, scrubber

bp = Blueprint("viewer", __name__)

TIMELINE_WINDOW = 40  # timeline rows drawn on each side of the page's seq

# (element id, label, step by, direction): the keys of each are in keys.KEYS, under its element id.
STEPS = (
    ("first", "First", None, -1),
    ("prev-turn", "Turn", "turn", -1),
    ("prev-resolution", "Resolution", "resolution", -1),
    ("prev-event", "Event", "event", -1),
    ("next-event", "Event", "event", +1),
    ("next-resolution", "Resolution", "resolution", +1),
    ("next-turn", "Turn", "turn", +1),
    ("last", "Last", None, +1),
)

# What the status line says a state awaits, where the kind's own words would mislead ("game started" before it has).
AWAITED = {"game_started": "game start", "invited": "invited to act (531.2)"}


def init_app(app: Flask) -> None:
    app.jinja_env.globals["card_of"] = card_of
    app.jinja_env.globals["describe_static"] = describe_static
    app.jinja_env.globals["units_by_player"] = units_by_player
    app.jinja_env.filters["key_label"] = keys.key_label
    app.jinja_env.globals["scrubber_position"] = position
    app.jinja_env.tests["attached_gear"] = lambda ref, objects: bool((objects.get(ref) or {}).get("attached_to"))
    app.jinja_env.filters["awaited"] = lambda kind: AWAITED.get(kind, str(kind).replace("_", " "))
    app.jinja_env.filters["rules_title"] = rules_title


def rules_title(rules: str | None) -> str:
    """What a rules edition (`match_created.rules`) is called: the texts a match is played under."""
    return EDITIONS[rules].title if rules in EDITIONS else str(rules)


@bp.get("/")
def index():
    log = get_log()
    offset, limit = read_page()
    archived = read_archived()  # archived matches are listed apart (`?archived=1`), never among the others
    total = log.match_count(archived=archived)
    older = url_for("viewer.index", offset=offset + limit, limit=limit, **({"archived": 1} if archived else {})) \
        if offset + limit < total else None
    return render_template("index.html", matches=log.matches(offset, limit, newest_first=True, archived=archived),
                           older=older, archived=archived)


@bp.get("/matches/<match_id>")
def match(match_id: str):
    log = get_log()
    summary = log.match(match_id)
    players = player_ids(summary)
    reading = reader(match_id, summary, request.args.get("view"))
    viewer = reading.view
    cursor = replays.Cursor(log, match_id, public_head(log, summary, viewer))  # a broadcast delay's (web.delay)
    head_seq = cursor.head_seq
    seq = read_seq("seq", request.args.get("seq"), match_id, head_seq, out_of_range=404)
    shown = engine.view(cursor.state(seq), viewer)
    # One fold of the match (carried on as it grows) and one redaction per view, cached per head: a page only
    # describes the window of the timeline it draws, so its cost does not grow with the match.
    recorded, head_state = cursor.events_seen_by(viewer), cursor.head_state
    created = recorded[0]
    names = dict(zip(players, summary["players"]))
    teams = teams_of(created, players)
    # The timeline marks every voided event and every violation, including those recorded after this seq.
    voided = set(head_state.get("voided") or [])
    flagged = {violation.get("seq") for violation in head_state.get("violations") or []}
    first, last = max(1, seq - TIMELINE_WINDOW), min(head_seq, seq + TIMELINE_WINDOW)
    texts = timeline_texts(cursor, first, last, viewer, names, every_line=True)
    timeline = [
        {
            "seq": event_seq,
            "type": recorded[event_seq - 1].get("type"),
            "text": texts[event_seq],
            "voided": event_seq in voided,
            "flagged": event_seq in flagged,
        }
        for event_seq in range(first, last + 1)
    ]
    current = timeline[seq - first]
    violations_here = [v for v in shown.get("violations") or [] if v.get("seq") == seq]
    ruling_here = recorded_reason(recorded[seq - 1])
    bar = scrubber(cursor)
    notes_here = [(note, recorded[note - 1].get("text", "")) for note in bar.notes_about.get(seq, []) if note != seq]
    link = url_for("viewer.match", match_id=match_id, view=viewer)  # the page in this view; links add `&seq=N`

    return render_template(
        "match.html",
        match=summary,
        match_id=match_id,
        created=created,
        seq=seq,
        head_seq=head_seq,
        viewer=viewer,
        views=[(value, label) for value, label in
               [("judge", "Judge"), *[(p, f"{p} · {names[p]}") for p in players], ("spectator", "Spectator")]
               if value in reading.views],
        reader=reading.who,
        table_outbox=waiting_at_table(match_id) if reading.who == "judge" else None,  # web/offline.py
        state=shown,
        objects=shown.get("objects") or {},
        names=names,
        seating=seating(players, viewer, teams),
        teams=teams,
        title=title_of(names, teams),
        removed=shown.get("removed") or [],
        zones={player: zone_summary(shown, player) for player in players},
        fight=fight(shown),
        games_won=games_won(shown),
        results=result_lines(shown, names),
        over=engine.results.is_match_over(shown),  # no longer "live"
        current=current,
        violations_here=violations_here,
        ruling_here=ruling_here,
        timeline=timeline,
        timeline_earlier=first - 1,
        timeline_later=head_seq - last,
        steps=step_links(cursor, seq, head_seq, link),
        scrubber=bar,
        link=link,
        scrubber_runs=runs_html(cursor, viewer, link),
        notes_here=notes_here,
        key_table=keys.KEYS,
        key_map=keys.key_map(),
        speeds=keys.SPEEDS,
        default_speed=keys.DEFAULT_SPEED,
    )


@bp.get("/matches/<match_id>/notation")
def match_notation(match_id: str):
    """The match in the riftlog notation, as a file to download (docs/notation.md), as `view` may see it."""
    summary = get_log().match(match_id)
    viewer = reader(match_id, summary, request.args.get("view")).view
    whole_match_read(match_id, summary, viewer)
    text = notation.export_match(get_log(), match_id, viewer)
    stem = match_id if viewer == "judge" else f"{match_id}-{viewer}"
    return Response(text, mimetype="text/plain",
                    headers={"Content-Disposition": f'attachment; filename="{stem}.rln"'})


@bp.post("/matches/<match_id>/token")
def use_token(match_id: str):
    """Keep a read token for this match's pages in an HttpOnly cookie (from the form, or from the URL fragment via
    static/fragment.js), then show the match in the token's own view; `forget` drops it. A token never goes in a
    link."""
    summary = get_log().match(match_id)
    # `then=slip`: back to the match slip, whose page posts a link's token here too (static/slip.js).
    then = "slip.match_slip" if request.form.get("then") == "slip" else "viewer.match"
    response = redirect(url_for(then, match_id=match_id), code=303)
    if request.form.get("forget"):
        response.delete_cookie(cookie_name(match_id), path="/")
        return response
    token = (request.form.get("token") or "").strip()
    if get_log().reader(match_id, token) is None:
        abort(403, f"this token is no token of match {match_id}")
    response.set_cookie(cookie_name(match_id), token, path="/", httponly=True, samesite="Strict",
                        secure=request.is_secure)
    return response


def zone_summary(state: dict[str, Any], player: str) -> dict[str, Any]:
    """What the template shows of a player's hand and runes: the hand cards this view may see, the ready runes."""
    info = (state.get("players") or {}).get(player) or {}
    objects = state.get("objects") or {}
    hand = info.get("hand") if isinstance(info.get("hand"), list) else []
    hand_count = info.get("hand_count")
    if not isinstance(hand_count, int):
        hand_count = len(hand)
    seen = [ref for ref in hand if isinstance(ref, str) and (objects.get(ref) or {}).get("card")]
    runes = info.get("runes") if isinstance(info.get("runes"), list) else []
    ready = [ref for ref in runes if not (objects.get(ref) or {}).get("exhausted")]
    return {"hand_count": hand_count, "hand_seen": seen, "runes": runes, "runes_ready": len(ready)}


def seating(player_ids: list[str], viewer: str, teams: dict[str, str] | None = None) -> tuple[list[str], list[str]]:
    """Who sits across the battlefields and who sits at the bottom: the viewing player (else P1) at the bottom,
    with their teammates in a mode with teams (2v2, 648); everyone else across, in seating order."""
    if not player_ids:
        return [], []
    me = viewer if viewer in player_ids else player_ids[0]
    team = (teams or {}).get(me)
    mine = [player for player in player_ids if player == me or team is not None and (teams or {}).get(player) == team]
    return [player for player in player_ids if player not in mine], mine


def teams_of(created: dict[str, Any], player_ids: list[str]) -> dict[str, str]:
    """Each player's team in a mode with teams ({} otherwise), from `match_created` (contract: players[*].team)."""
    entries = created.get("players") if isinstance(created.get("players"), list) else []
    return {player: entry["team"] for player, entry in zip(player_ids, entries)
            if isinstance(entry, dict) and isinstance(entry.get("team"), str)}


def title_of(names: dict[str, str], teams: dict[str, str]) -> str:
    """"Ana vs Ben vs Cai", or by team: "Ana & Ben (Blue) vs Cai & Dee (Red)"."""
    if not teams:
        return " vs ".join(names.values())
    sides: dict[str, list[str]] = {}
    for player, name in names.items():
        sides.setdefault(teams.get(player, player), []).append(name)
    return " vs ".join(f"{' & '.join(members)} ({team})" for team, members in sides.items())


def step_links(cursor: replays.Cursor, seq: int, head_seq: int, link: str) -> list[dict[str, Any]]:
    """The step buttons: each names its target seq, or None when there is nowhere to go that way (`link`: the
    match's page in the view, without a seq)."""
    links = []
    for element_id, label, by, direction in STEPS:
        if by is None:
            target = 1 if direction < 0 else head_seq
        else:
            target = cursor.step(seq, by=by, direction=direction)  # `seq` itself when there is nowhere to go
            if by == "turn" and direction > 0 and target == seq:
                target = head_seq  # in the last turn (a game ended by a concession): on to its last event
        if target == seq:
            target, href = None, None
        else:
            href = f"{link}&seq={target}"
        links.append({"id": element_id, "label": label, "direction": direction, "keys": keys.keys_of(element_id),
                      "seq": target, "href": href})
    return links
