"""Recording offline (issue 27; docs/web.md, "Recording offline"): what the server adds so that the recording
screen works through an outage. The outbox itself lives in the page (static/record_outbox.js).

- `GET /record-sw.js`: the service worker (static/record_sw.js), served from the site's root so that it may
  control `/matches/` (a worker's scope is at most the folder of its script), never cached by the browser's HTTP
  cache (`no-cache`), so that a new version is found on the next load.
- `GET /matches/<id>/record.webmanifest`: the web app manifest of a match's recording screen: it installs to the
  home screen and opens that match's screen (the token is never in it: the installed screen asks for it once).
- `PUT /api/matches/<id>/outbox` (the match token): the table's recording screen says how many inputs its outbox
  holds, and whether they wait on the scorekeeper (a conflict or a refusal): the judge's devices are told that a
  table has events waiting (`waiting_at_table`, in the judge's viewer and the /recording answer). A phone out of
  reach says nothing, so the report is made whenever the page reaches the server with inputs held: on reconnect,
  before sending them; when a flush stops on a problem; and once more, with 0, when the outbox is empty. Kept in
  the server's memory (one process, web/serving.py), never in the log: a restarted server is told again by the
  next flush.
"""
from __future__ import annotations

import datetime
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, send_from_directory, url_for

from .api import require_judge
from .db import get_log
from .params import player_ids, read_body

bp = Blueprint("offline", __name__)

WORKER = "record_sw.js"  # in static/
ICONS = (192, 512)  # px: static/icon-<size>.png, drawn by scripts/draw_icons.py
REPORTS = "riftlog.outbox"  # app.extensions key: {match id: {waiting, held, reported_at}}


@bp.get("/record-sw.js")
def worker() -> Response:
    """The recording screen's service worker, at the root so that its scope may cover every match's screen."""
    # The scope is named by the page that registers it (static/record_outbox.js), within the worker's folder.
    response = send_from_directory(current_app.static_folder or "", WORKER, mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/matches/<match_id>/record.webmanifest")
def manifest(match_id: str) -> Response:
    """The manifest of a match's recording screen (404 for an unknown match)."""
    summary = get_log().match(match_id)
    names = " vs ".join(dict(zip(player_ids(summary), summary["players"])).values())
    page = url_for("record.page", match_id=match_id)
    response = jsonify({
        "name": f"riftlog · record {names}", "short_name": "riftlog record", "id": page, "start_url": page,
        "scope": page.rsplit("/", 1)[0] + "/", "display": "standalone", "background_color": "#1f2937",
        "theme_color": "#1f2937",
        "icons": [{"src": url_for("static", filename=f"icon-{size}.png"), "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any"} for size in ICONS],
    })
    response.mimetype = "application/manifest+json"
    return response


@bp.put("/api/matches/<match_id>/outbox")
def report(match_id: str) -> Response:
    """The table's outbox count (judge only): body {"waiting": N >= 0, "held": bool} -> 204; 400 names the field
    that is wrong. `waiting` 0 clears the report."""
    require_judge(match_id)
    body = read_body()
    if not isinstance(body, dict) or set(body) - {"waiting", "held"}:
        abort(400, f'the body must be {{"waiting": N, "held": true|false}}, not {str(body)[:200]!r}')
    waiting, held = body.get("waiting"), body.get("held", False)
    if isinstance(waiting, bool) or not isinstance(waiting, int) or waiting < 0:
        abort(400, f'"waiting" must be a whole number >= 0 (inputs in the outbox), got {str(waiting)[:100]!r}')
    if not isinstance(held, bool):
        abort(400, f'"held" must be true or false (the inputs wait on the scorekeeper), got {str(held)[:100]!r}')
    reports = current_app.extensions.setdefault(REPORTS, {})
    if waiting:
        reported_at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        reports[match_id] = {"waiting": waiting, "held": held, "reported_at": reported_at}
    else:
        reports.pop(match_id, None)
    return Response(status=204)


def waiting_at_table(match_id: str) -> dict[str, Any] | None:
    """The table's last report of inputs waiting in its outbox ({waiting, held, reported_at}), else None."""
    return current_app.extensions.get(REPORTS, {}).get(match_id)
