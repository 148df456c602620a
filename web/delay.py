"""The broadcast delay: a judge holds a match's spectator view N seconds or N events behind the record, as
over-the-board broadcasts do, so that nobody near the table learns from a stream what the players cannot see.

`POST /api/matches/<id>/delay` with the match token and `{"seconds": N}`, `{"events": N}` or `{}` (none) sets it
(`recorder.access.broadcast_delay`); the match's summary shows it as `broadcast_delay`. A match setting, not an
event: the record says what happened at the table, the delay only when the public may see it, and an event in the
log would itself be streamed (and sealed, exported, replayed) as part of the match. The spectator view alone is
held back: its live stream (web.hub), its viewer page, `/events`, `/state`, and the tournament page's row; the
judge's and the players' views never are. Match creation (seq 1) is always public: the match list shows it anyway.
How far the spectator view reaches now: `web.readers.public_head`.
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from recorder import access

from .api import require_judge
from .db import get_log
from .params import read_body

bp = Blueprint("delay", __name__, url_prefix="/api")


@bp.post("/matches/<match_id>/delay")
def set_delay(match_id: str):
    """Set the match's broadcast delay: 200 with its summary | 400 | 401 | 403 | 404."""
    require_judge(match_id)
    delay = access.broadcast_delay(read_body())
    summary = get_log().set_broadcast_delay(match_id, delay)
    hub = current_app.extensions.get("riftlog.hub")
    if hub is not None:
        hub.delay_changed(match_id, delay)
    return jsonify(summary)
