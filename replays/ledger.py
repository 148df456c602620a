"""An event's penalties across its matches: where TR 702.1.b, 703.1.b and 704.1.b count a player's warnings.

A match's fold sees one match (engine/penalties.py); the Tournament Rules count a player's warnings "in the same
event". The event is `match_created`'s `info.event`, the player is counted by name, and the level of play is the
match's `info.opl` (TR 205; `low` when not given). The count lives here, over the log:

- `event_penalties(log, event)`: every penalty of every match of the event, in the order the matches were created
  and then by seq, each with its match, round and table;
- `with_upgrades(log, match_id, events)`: the events of an append as they are recorded: a `penalty` warning that
  the player's earlier penalties in the event (and those earlier in the same append) make a game loss becomes that
  game loss, with `upgrade` saying why (engine/penalties.py `upgraded`). The web API's append and `riftlog append`
  run it; the fold then applies the game loss at once like any other. A match with no `info.event` is an event of
  its own. A notation import records its lines as written (a transcript of what the judges did).
"""
from __future__ import annotations

from typing import Any

import recorder
from engine import infractions, penalties
from engine.errors import MalformedEvent
from engine.infractions import Infraction


def _info(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def event_matches(log: recorder.Log, event: str) -> list[dict[str, Any]]:
    """The summaries of the matches that name `event` in their info, oldest first."""
    return [summary for summary in log.matches() if str(_info(summary).get("event")) == event
            and _info(summary).get("event") is not None]


def event_penalties(log: recorder.Log, event: str) -> list[dict[str, Any]]:
    """Every penalty of the event's matches (state entries, engine/penalties.py), with `match`, `round`, `table`."""
    found = []
    for summary in event_matches(log, event):
        info = _info(summary)
        for entry in penalties.penalties_of(log.state_at(summary["id"])):
            found.append({**entry, "match": summary["id"], "round": info.get("round"), "table": info.get("table")})
    return found


def with_upgrades(log: recorder.Log, match_id: str, events: list[dict[str, Any]],
                  idempotency_key: str | None = None) -> list[dict[str, Any]]:
    """The events of an append to `match_id` with each warning the TR upgrades recorded as its game loss.

    A retry of an append (the same `idempotency_key`) must carry the same events as the first attempt, so the
    penalties that attempt recorded are not counted as earlier ones."""
    if not any(isinstance(event, dict) and event.get("type") == "penalty" for event in events):
        return events
    retried = set() if idempotency_key is None else {row[0] for row in log.db.execute(
        'SELECT seq FROM events WHERE "match" = ? AND idempotency_key = ?', [match_id, idempotency_key]).fetchall()}
    summary = log.match(match_id)
    info = _info(summary)
    level = info.get("opl", "low") if info.get("opl") in penalties.LEVELS else "low"
    names = dict(zip((f"P{index}" for index in range(1, len(summary["players"]) + 1)), summary["players"]))
    if info.get("event") is not None:
        earlier = event_penalties(log, str(info["event"]))
    else:
        earlier = [{**entry, "match": match_id} for entry in penalties.penalties_of(log.state_at(match_id))]
    earlier = [entry for entry in earlier if not (entry["match"] == match_id and entry["seq"] in retried)]
    recorded = []
    for event in events:
        if isinstance(event, dict) and event.get("type") == "penalty" and event.get("player") in names:
            name = names[event["player"]]
            event = penalties.upgraded(event, [entry for entry in earlier if entry.get("name") == name], level)
            infraction = _infraction(event)
            if infraction is not None:
                earlier.append({"name": name, "infraction": infraction.key, "category": infraction.category,
                                "penalty": event.get("penalty"), **({"upgrade": event["upgrade"]}
                                                                    if "upgrade" in event else {})})
        recorded.append(event)
    return recorded


def _infraction(event: dict[str, Any]) -> Infraction | None:
    try:
        return infractions.infraction(str(event.get("infraction")))
    except MalformedEvent:  # an unknown infraction: the fold refuses the event, naming the valid ones
        return None
