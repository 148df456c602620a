"""The tournament page: the tables of a round with their live status, in public information only.

A match names its event, round and table in `match_created`'s `info` ({event, round, table}); a round's pairings
imported from the organiser's software (`riftlog pairings import`, replays/organiser.py) list its tables before
their matches are created. `/tournament` lists
the rounds the log holds; `/tournament?event=E&round=R` lists that round's tables, each with its turn, scores, games
won, last event, the number of flagged violations and a link to its viewer (which follows the match live while it
is at the head). Everything on the page is what the spectator view shows: the head state through
`engine.view(..., "spectator")` and the last event worded as the spectator's timeline words it, whoever reads it.
The page keeps itself current from the round's feed (`/tournament/feed?event=E&round=R`, server-sent events): under
`riftlog serve` the hub pushes each table's new row once per change to every page following the round (web.rounds).
Where there is no hub (a WSGI server: `riftlog serve --debug`), or the server refuses the feed (503: it has all the
streams it takes), the page fetches itself every `TOURNAMENT_REFRESH` seconds instead (static/tournament.js).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request

import engine
import replays
from recorder import access, pairings

from .db import get_log
from .describe import timeline_texts
from .fight import games_won, match_summary
from .params import player_ids
from .readers import public_head

bp = Blueprint("tournament", __name__)

REFRESH = 5.0  # seconds between the page's refreshes of its tables


@bp.get("/tournament")
def tournament():
    """The rounds of every event (no query), or one round's tables (`event` and `round`): 400 for one without the
    other, 404 for a round no match names."""
    log = get_log()
    matches = log.matches(archived=False)  # an archived match (recorder/archive.py) leaves the page
    event, round_ = request.args.get("event"), request.args.get("round")
    refresh = current_app.config.get("TOURNAMENT_REFRESH", REFRESH)
    if event is None and round_ is None:
        return render_template("tournament.html", rounds=rounds_of(matches, pairings.rounds(log)), tables=None,
                               refresh=refresh)
    if event is None or round_ is None:
        abort(400, "give both event and round (e.g. /tournament?event=Regional&round=3), or neither for the list")
    return render_template("tournament.html", rounds=None, event=event, round=round_,
                           tables=round_tables(event, round_), refresh=refresh)


def round_tables(event: str, round_: str) -> list[dict[str, Any]]:
    """The round's tables in table order (`table_status`, and the pairings with no match yet): the tournament
    page's and its overlay's (web.overlay); 404 for a round no match and no pairing names."""
    log = get_log()
    chosen = [summary for summary in log.matches(archived=False)
              if (info_of(summary).get("event"), str(info_of(summary).get("round"))) == (event, round_)]
    tables = [table_status(log, summary) for summary in chosen]
    tables += paired_only(pairings.of_round(log, event, round_), {str(table["table"]) for table in tables})
    if not tables:
        abort(404, f"no match and no pairing names round {round_} of event {event!r}")
    return sorted(tables, key=table_order)


@bp.get("/tournament/feed")
def feed():
    """The round's feed, served by the hub (web.gateway hands it over once this has checked the request): 400 for
    an event without a round or the reverse, 404 for a round no match names, and 404 on a server without a hub."""
    event, round_ = request.args.get("event"), request.args.get("round")
    if event is None or round_ is None:
        abort(400, "give both event and round (e.g. /tournament/feed?event=Regional&round=3)")
    if not any((info_of(summary).get("event"), str(info_of(summary).get("round"))) == (event, round_)
               for summary in get_log().matches(archived=False)):
        abort(404, f"no match names round {round_} of event {event!r}")
    plan = request.environ.get("riftlog.subscribe")
    if plan is None:
        abort(404, "the tournament feed is served by riftlog serve's hub; this server has none (the page refreshes "
                   "itself instead)")
    plan.update(round=(event, round_))
    return Response(status=204)


def info_of(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def rounds_of(matches: list[dict[str, Any]], paired: list[tuple[str, str, int]] = ()) -> list[dict[str, Any]]:
    """Each (event, round) the matches name or pairings were imported for (`riftlog pairings import`), with how
    many tables it has (the more of its matches and its pairings), by event then round."""
    counts: dict[tuple[str, str], int] = {}
    for summary in matches:
        info = info_of(summary)
        if info.get("event") is not None and info.get("round") is not None:
            key = (str(info["event"]), str(info["round"]))
            counts[key] = counts.get(key, 0) + 1
    for event, round_, tables in paired:
        counts[(event, round_)] = max(counts.get((event, round_), 0), tables)
    return [{"event": event, "round": round_, "tables": count}
            for (event, round_), count in sorted(counts.items(), key=lambda item: (item[0][0], natural(item[0][1])))]


def natural(value: Any) -> tuple[int, Any]:
    """Numbers in order before anything else (round 2 before round 10)."""
    text = str(value)
    return (0, int(text)) if text.isdigit() else (1, text)


def table_order(status: dict[str, Any]) -> tuple:
    return natural(status["table"]), natural((status["match"] or "")[1:])


def paired_only(paired: list[dict[str, Any]], recorded: set[str]) -> list[dict[str, Any]]:
    """The rows of the round's imported pairings whose table has no match yet: the players, nothing played."""
    return [{"match": None, "table": pairing["table"], "head_seq": 0, "last_event": "", "flagged": 0, "winner": None,
             "turn": None, "turn_player": None, "phase": "not started",
             "players": [{"id": None, "name": name, "points": "–", "games_won": 0} for name in pairing["players"]]}
            for pairing in paired if pairing["table"] not in recorded]


def table_status(log: Any, summary: dict[str, Any]) -> dict[str, Any]:
    """What a spectator may know of one table now: turn and phase, who is on turn, each player's points and games
    won, the last event as the spectator's timeline words it, how many violations are flagged, the winner."""
    cursor = replays.Cursor(log, summary["id"], public_head(log, summary, access.SPECTATOR))  # under a delay
    state = engine.view(cursor.head_state, access.SPECTATOR)
    players = player_ids(summary)
    names = dict(zip(players, summary["players"]))
    head_seq = cursor.head_seq
    won = games_won(state)
    return {
        "match": summary["id"],
        "result": match_summary(state, names),  # the match's result (engine/results.py), a draw too
        "table": info_of(summary).get("table", "–"),
        "players": [{"id": player, "name": names[player],
                     "points": ((state.get("players") or {}).get(player) or {}).get("points") or 0,
                     "games_won": won.get(player, 0),
                     "team": ((state.get("players") or {}).get(player) or {}).get("team"),  # 2v2 (648)
                     "left": player in (state.get("removed") or [])}  # left a game the others play on (651.2)
                    for player in players],
        "turn": state.get("turn"),
        "turn_player": names.get(state.get("turn_player"), state.get("turn_player")),
        "phase": state.get("phase"),
        "head_seq": head_seq,
        "last_event": timeline_texts(cursor, head_seq, head_seq, access.SPECTATOR, names)[head_seq],
        "flagged": len(state.get("violations") or []),
        "winner": _winner_name(names, state.get("match_winner") or state.get("winner")),
    }


def _winner_name(names: dict[str, str], winner: str | None) -> str | None:
    """The winner by name: a player's name, or a 2v2 team's (the state names the team, 648.6)."""
    return None if winner is None else names.get(winner, winner)
