"""The judge's side of the API (Tournament Rules 701-704; docs/judging.md): what a backup would take back, and an
event's penalties.

- `GET /api/matches/<id>/backup?to=N` (match token): what a rewind to seq N would undo, as TR 701.5 sees it: the
  actions it takes back (a simple rewind, which any judge may perform, takes back one: TR 701.5.b.1; more is the
  head judge's, TR 701.5.c) and, per player, the cards drawn during the span whose identity is not public, with
  the candidates to pick the returned ones from at random (TR 701.5.d.3). The recording screen picks and records
  the pick in the rewind's `returned`.
- `GET /api/matches/<id>/owed` (match token): the penalties the players carry from their earlier matches of the
  event (a game loss or match loss given after that match was over, TR 701.2.b.1, 701.2.c.1), not yet recorded in
  a later match with `carried`.
- `GET /api/judging/infractions`: the judge's menu: every infraction of TR 702-704 (key, TR name, rule, category,
  the TR's penalty) with the rule's own words and its remedies, the four penalties of TR 701.2 with theirs,
  who may order which backup (TR 701.5.b-c), time with its additional turns (TR 408.2), and conceding or drawing
  by agreement the game or the match (TR 410.1-2), read at run time from the rules texts (`RULES`); a rule whose
  text is not available says so.
- `GET /api/events/<event>/penalties`: every penalty of the event's matches (replays/ledger.py), with each player's
  warnings counted as TR 702.1.b, 703.1.b and 704.1.b count them; a match under a broadcast delay only up to its
  delayed spectator view (no token is asked: anyone reads it). What a judge wrote (remedy, note) is left out:
  it is in each match's report, redacted to the reader's view.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request

from engine import backups, infractions, match_end, penalties
from recorder import access
from replays import ledger, rules_text
from replays.report import PENALTY_RULES, rule_text

from .api import require_judge
from .db import get_log
from .params import read_int
from .readers import public_head

bp = Blueprint("judging", __name__)

PUBLIC_FIELDS = ("match", "round", "table", "seq", "game", "player", "name", "infraction", "infraction_name",
                 "category", "penalty", "rule", "tr_penalty", "upgrade", "applies")


@bp.get("/api/matches/<match_id>/backup")
def backup(match_id: str):
    """{to, head_seq, voided, actions, simple, rule, returning}: see the module's docstring. 400 for a `to` that is
    not a seq before the head and after the start of the game."""
    require_judge(match_id)
    log = get_log()
    head = log.state_at(match_id)
    to = read_int("to", request.args.get("to"))
    if to is None or not 2 <= to < head["seq"]:
        abort(400, f"give ?to=N, a seq from 2 (the start of the game) to {head['seq'] - 1} (the one before the head)")
    if to in head["voided"]:
        abort(400, f"seq {to} was voided by an earlier rewind: a rewind cannot bring it back")
    restored = log.state_at(match_id, to)
    undone = [seq for seq in head.get("actions", []) if seq > to]
    simple = len(undone) <= 1
    return jsonify({"to": to, "head_seq": head["seq"],
                    "voided": sorted(set(range(to + 1, head["seq"] + 1)) - set(head["voided"])),
                    "actions": undone if simple else None, "simple": simple,
                    "rule": "TR 701.5.b.1" if simple else "TR 701.5.c",
                    "returning": backups.candidates(head, restored)})


@bp.get("/api/matches/<match_id>/owed")
def owed(match_id: str):
    """{owed: {player: [{match, seq, penalty, infraction, infraction_name, rule}]}, rule}: the penalties this
    match's players carry from their earlier matches of the event (TR 701.2.b.1, 701.2.c.1), to record here with
    `carried` (match token)."""
    require_judge(match_id)
    return jsonify({"owed": ledger.owed(get_log(), match_id), "rule": "TR 701.2.b.1"})


@bp.get("/api/judging/infractions")
def judges_menu():
    """{infractions: [{key, name, rule, category, penalty, text}], penalties: [{kind, rule, text}], backups:
    [{by, rule, text}], time: {rule, extra_turns, text}, concessions: [{what, rule, text}], rules}: what the
    recording screen's judge's menu and its concession form offer, each with its rule's words in the Tournament
    Rules of the edition `?rules=` names (the match's: v1.4 quotes those of 2026-07-16; none: April's, as before);
    400 naming the editions for an unknown one."""
    edition = request.args.get("rules", rules_text.V13)
    if edition not in rules_text.EDITION_TR:
        abort(400, f"rules {edition!r}: one of {', '.join(rules_text.EDITION_TR)}")
    rules = rules_text.load(current_app.config["RULES"])

    def text(number: str) -> dict[str, Any]:
        return rule_text(rules, number, edition)

    return jsonify({
        "infractions": [{**item._asdict(), "text": text(item.rule)} for item in infractions.INFRACTIONS.values()],
        "penalties": [{"kind": kind, "rule": PENALTY_RULES[kind], "text": text(PENALTY_RULES[kind])}
                      for kind in infractions.PENALTIES],
        "backups": [{"by": "floor_judge", "rule": "TR 701.5.b", "text": text("TR 701.5.b")},
                    {"by": "head_judge", "rule": "TR 701.5.c", "text": text("TR 701.5.c")},
                    {"by": None, "rule": "TR 701.5.d", "text": text("TR 701.5.d")}],
        "time": {"rule": "TR 408.2", "extra_turns": match_end.EXTRA_TURNS, "text": text("TR 408.2")},
        "concessions": [{"what": "game", "rule": "TR 410.1", "text": text("TR 410.1")},
                        {"what": "match", "rule": "TR 410.2", "text": text("TR 410.2")}],
        "rules": edition,
    })


@bp.get("/api/events/<event>/penalties")
def event_penalties(event: str):
    """{event, penalties: [...], players: {name: {warnings: {category: n}, same: {infraction: n}, game_losses,
    match_losses, disqualified, next_match: [...]}}}: 404 when no match names the event."""
    log = get_log()
    matches = ledger.event_matches(log, event)
    if not matches:
        abort(404, f"no match names event {event!r} in its info")
    # Each match's penalties as far as its spectator view reaches: under a broadcast delay (web.delay), not one
    # the delayed view does not show yet. A stored penalty is never taken away (replays.ledger), so what is listed
    # at a seq stays listed once the view moves on.
    shown = {summary["id"]: public_head(log, summary, access.SPECTATOR) for summary in matches}
    entries = [{field: entry[field] for field in PUBLIC_FIELDS if field in entry}
               for entry in ledger.event_penalties(log, event) if entry["seq"] <= shown.get(entry["match"], 0)]
    levels = sorted({str((summary.get("info") or {}).get("opl", "low")) for summary in matches})
    return jsonify({"event": event, "opl": levels, "penalties": entries, "players": tallies(entries)})


def tallies(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per player (by name): the warnings of each category and of each infraction (what the upgrades count), the
    game losses, match losses, disqualification, and the penalties carried to their next match (TR 701.2.b.1,
    701.2.c.1)."""
    players: dict[str, dict[str, Any]] = {}
    for entry in entries:
        tally = players.setdefault(entry["name"], {"warnings": {}, "same": {}, "game_losses": 0, "match_losses": 0,
                                                   "disqualified": False, "next_match": []})
        if entry["penalty"] == "warning" or (entry.get("upgrade") or {}).get("from") == "warning":
            if entry["infraction"] not in penalties.NEVER_UPGRADES:
                tally["warnings"][entry["category"]] = tally["warnings"].get(entry["category"], 0) + 1
                tally["same"][entry["infraction"]] = tally["same"].get(entry["infraction"], 0) + 1
        tally["game_losses"] += entry["penalty"] == "game_loss"
        tally["match_losses"] += entry["penalty"] == "match_loss"
        tally["disqualified"] = tally["disqualified"] or entry["penalty"] == "disqualification"
        if entry["applies"] == "next_match":
            tally["next_match"].append({"match": entry["match"], "seq": entry["seq"], "penalty": entry["penalty"]})
    return players

