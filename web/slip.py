"""The printable match slip (`/matches/<id>/slip`) and the check of a seal code typed in a browser
(`/matches/<id>/check-seal?code=CODE`).

The slip (`replays.slip`) is for the judge to print at the end of a match and the players to sign: the match's
header, each game's result, the match's result and the seal code, large. Who may read it: the match token or a
player's token at any time, anyone once the judge has published the match. It shows only public information, but
before publication a spectator could read the result and the head's seal from it ahead of a broadcast delay, and a
slip is the table's document, not the stream's. A token comes as for the viewer: the match's cookie (set by the
viewer's token form, or from a link's fragment, `/matches/<id>/slip#token=...`, by static/fragment.js) or a Bearer
header. Without one, 401 with a form to give it.

Checking a seal code is public, as the API's `verify?seal=CODE` is: the page says whether the record is still the
one sealed, or that what was typed is not a valid seal code and why (a copying mistake, never "the record was
changed").
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, Flask, render_template, request

from recorder import Malformed
from recorder.log import utc_now
from replays import seal as seals
from replays import slip as slips

from .db import get_key, get_log
from .readers import public_head, reader, reading_token

bp = Blueprint("slip", __name__)


@bp.get("/matches/<match_id>/slip")
def match_slip(match_id: str):
    """The match slip, one printed page; 401 (a page with the token form) for a reader without a token of the
    match before it is published, 403 for a token of nobody, 404 for an unknown match."""
    log = get_log()
    summary = log.match(match_id)
    _, who = reading_token(match_id)
    if who is None and not summary.get("published_at"):
        return render_template("slip_locked.html", match_id=match_id), 401
    slip = slips.slip(log, match_id, get_key(), utc_now)
    names = {entry["player"]: entry["name"] or entry["player"] for entry in slip["players"]}
    return render_template("slip.html", slip=slip, names=names, reader=who, groups=code_groups)


@bp.get("/matches/<match_id>/check-seal")
def check_seal(match_id: str):
    """A seal code from a slip checked against the record: the form, and with `code` the answer (200 either way:
    a code that is no code is answered on the page, 400)."""
    summary = get_log().match(match_id)
    view = reader(match_id, summary, None).view
    code = request.args.get("code")
    result: dict[str, Any] | None = None
    error = None
    status = 200
    if code is not None:
        try:
            result = seals.check(get_log(), match_id, code, get_key(), upto=public_head(get_log(), summary, view))
        except Malformed as problem:
            error, status = str(problem), 400
    return render_template("check_seal.html", match=summary, match_id=match_id, code=code or "", result=result,
                           error=error, said=lambda outcome: said_result(outcome, summary["players"])), status


def said_result(outcome: dict[str, Any], players: list[str | None]) -> str:
    """A result as the check of a seal states it (replays.seal.outcome): "Ana (P1) won the match", "game 1: Ben
    (P2) won; the match goes on", "the match was drawn", "no result yet"."""
    names = {f"P{number}": f"{name} ({f'P{number}'})" if name else f"P{number}"
             for number, name in enumerate(players, 1)}
    match = outcome["result"].get("match")
    if outcome.get("match_winner") is not None:
        return f"{names.get(outcome['match_winner'], outcome['match_winner'])} won the match"
    if match is not None:
        return "the match was drawn"
    games = outcome["result"].get("games") or []
    if not games:
        return "no result yet"
    last = games[-1]
    winner = last.get("winner")
    return (f"game {last.get('game')}: {names.get(winner, winner)} won" if winner is not None
            else f"game {last.get('game')}: drawn") + "; the match goes on"


def init_app(app: Flask) -> None:
    app.jinja_env.filters["when"] = when


def when(stamp: str | None) -> str:
    """An ISO 8601 time as a judge writes it: "2026-11-24 10:23 UTC" (in UTC; as given when it does not parse)."""
    try:
        moment = datetime.fromisoformat(stamp or "")
    except ValueError:
        return stamp or "–"
    if moment.tzinfo is None:
        return moment.strftime("%Y-%m-%d %H:%M")
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def code_groups(code: str) -> list[str]:
    """A code's groups (seq, four groups of letters, the check letter), each printed unbroken."""
    return code.split("-")
