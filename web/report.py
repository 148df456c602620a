"""The dispute report over HTTP: `GET /api/matches/<id>/report?from=A&to=B&view=V&format=json|html`.

The report itself is `replays.report`; this module reads the request, checks who may read what (`web.readers`: the
judge's token sees hidden cards, anyone else gets the report redacted to their view) and renders the printable
page (`templates/report.html`, its stylesheet inlined so that the page also stands alone as a file, as
`riftlog report --html` writes it). The rules texts come from the app's `RULES` directory (see `create_app`).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request

from replays import report as reports
from replays import rules_text

from .db import get_key, get_log
from .params import read_int
from .readers import hashes_shown, reader, whole_match_read

bp = Blueprint("report", __name__, url_prefix="/api")

FORMATS = ("json", "html")


@bp.get("/matches/<match_id>/report")
def match_report(match_id: str):
    """The dispute report of seqs `from`..`to` (default the whole match) as `view` (default the reader's own)
    sees it: JSON, or with `format=html` the printable page. 400 for a bad span or format, 401/403 for a view the
    reader may not see, 404 for an unknown match."""
    log = get_log()
    summary = log.match(match_id)
    viewer = reader(match_id, summary, request.args.get("view")).view
    whole_match_read(match_id, summary, viewer)
    form = request.args.get("format") or "json"
    if form not in FORMATS:
        abort(400, f"unknown format {form!r}: choose json or html")
    first = read_int("from", request.args.get("from"))
    last = read_int("to", request.args.get("to"))
    key = get_key() if hashes_shown(log, summary, viewer) else None  # a seal signs the head's hash (web.readers)
    answer = reports.report(log, match_id, first, last, view=viewer, rules=rules_text.load(current_app.config["RULES"]),
                            key=key)
    if form == "html":
        return Response(render(answer), mimetype="text/html")
    return jsonify(answer)


def render(answer: dict[str, Any]) -> str:
    """The printable page of a report (needs an app context: `riftlog report --html` makes one)."""
    return render_template("report.html", report=answer, players={entry["player"]: entry["name"]
                                                                   for entry in answer["header"]["players"]})
