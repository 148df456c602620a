"""An event's penalties across its matches: where TR 702.1.b, 703.1.b and 704.1.b count a player's warnings.

A match's fold sees one match (engine/penalties.py); the Tournament Rules count a player's warnings "in the same
event". The event is `match_created`'s `info.event`, the player is counted by name, and the level of play is the
match's `info.opl` (TR 205; `low` when not given). The count lives here, over the log:

- `event_penalties(log, event)`: every penalty of every match of the event, in the order the matches were created
  and then by seq, each with its match, round and table, read from the stored `penalty` events (no fold);
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
from recorder.canonical import decode_event
from engine.errors import MalformedEvent
from engine.infractions import Infraction


def _info(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def event_matches(log: recorder.Log, event: str) -> list[dict[str, Any]]:
    """The summaries of the matches that name `event` in their info, oldest first."""
    return [summary for summary in log.matches() if str(_info(summary).get("event")) == event
            and _info(summary).get("event") is not None]


CHUNK = 500  # match ids per query (SQLite's bound parameters)


def recorded_penalties(log: recorder.Log, summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `penalty` events of these matches, read from the log (no fold: a count at an append must stay quick in
    an event of hundreds of matches), each as {match, seq, player, name, infraction, infraction_name, category,
    penalty, rule, upgrade?}, in the order of the matches given, then by seq. Every stored penalty counts: a
    backup never takes one away (engine/rewinds.py), and a malformed one is never stored."""
    order = {summary["id"]: index for index, summary in enumerate(summaries)}
    names = {summary["id"]: summary["players"] for summary in summaries}
    ids = list(order)
    found = []
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        rows = log.db.execute(f'SELECT "match", seq, body FROM events WHERE "match" IN ({", ".join("?" * len(chunk))}) '
                              f'AND type = ?', [*chunk, "penalty"]).fetchall()
        for match_id, seq, body in rows:
            event = decode_event(body, match_id, seq)
            # the game losses given with it at the same time (TR 701.2.b.2-3) follow it, in the same seq
            given = [event, *(part for part in event.get("simultaneous") or () if isinstance(part, dict))]
            for part, item in enumerate(given):
                infraction = _infraction(item)
                player = str(item.get("player"))
                index = int(player[1:]) - 1 if player[1:].isdigit() else -1
                if infraction is None or not 0 <= index < len(names[match_id]):
                    continue
                found.append({"match": match_id, "seq": seq, "part": part, "player": player,
                              "name": names[match_id][index], "infraction": infraction.key,
                              "infraction_name": infraction.name, "category": infraction.category,
                              "penalty": item.get("penalty"), "rule": item.get("rule"),
                              **{field: item[field] for field in ("upgrade", "carried") if field in item}})
    return sorted(found, key=lambda entry: (order[entry["match"]], entry["seq"], entry["part"]))


def event_penalties(log: recorder.Log, event: str) -> list[dict[str, Any]]:
    """Every penalty of the event's matches (`recorded_penalties`), with `round` and `table`, and what it applied
    to (`applies`, engine/penalties.py: folded only for the few that are not warnings)."""
    summaries = event_matches(log, event)
    info = {summary["id"]: _info(summary) for summary in summaries}
    found = recorded_penalties(log, summaries)
    states: dict[str, dict[tuple[int, int], dict[str, Any]]] = {}
    for entry in found:
        entry.update(round=info[entry["match"]].get("round"), table=info[entry["match"]].get("table"))
        if entry["penalty"] == "warning":
            entry["applies"] = "record"
            continue
        if entry["match"] not in states:
            folded: dict[tuple[int, int], dict[str, Any]] = {}
            parts: dict[int, int] = {}  # the penalties of one seq so far (a `simultaneous` gives several)
            for item in penalties.penalties_of(log.state_at(entry["match"])):
                part = parts[item["seq"]] = parts.get(item["seq"], -1) + 1
                folded[(item["seq"], part)] = item
            states[entry["match"]] = folded
        entry["applies"] = states[entry["match"]].get((entry["seq"], entry["part"]), {}).get("applies")
    return found


def owed(log: recorder.Log, match_id: str) -> dict[str, list[dict[str, Any]]]:
    """The penalties this match's players owe from their earlier matches of the event: a game loss, match loss or
    disqualification given once that match was over applies to the player's next match (TR 701.2.b.1, 701.2.c.1),
    until a penalty of a later match names it in `carried`. {player: [{match, seq, penalty, infraction,
    infraction_name, rule}]}."""
    summary = log.match(match_id)
    event = _info(summary).get("event")
    if event is None:
        return {}
    earlier = [found["id"] for found in event_matches(log, str(event))]
    earlier = earlier[:earlier.index(match_id)] if match_id in earlier else earlier
    entries = event_penalties(log, str(event))
    # by the player too: the game losses given to several players at once (TR 701.2.b.3) share their seq
    carried = {(entry["carried"].get("match"), entry["carried"].get("seq"), entry["name"]) for entry in entries
               if isinstance(entry.get("carried"), dict)}
    due: dict[str, list[dict[str, Any]]] = {}
    for index, name in enumerate(summary["players"], 1):
        listed = [{field: entry[field] for field in ("match", "seq", "penalty", "infraction", "infraction_name", "rule")}
                  for entry in entries if entry["name"] == name and entry["applies"] == "next_match"
                  and entry["match"] in earlier and (entry["match"], entry["seq"], name) not in carried]
        if listed:
            due[f"P{index}"] = listed
    return due


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
    event = info.get("event")
    earlier = recorded_penalties(log, event_matches(log, str(event)) if event is not None else [summary])
    earlier = [entry for entry in earlier if not (entry["match"] == match_id and entry["seq"] in retried)]
    recorded = []
    for sent in events:
        if isinstance(sent, dict) and sent.get("type") == "penalty" and sent.get("player") in names:
            name = names[sent["player"]]
            sent = penalties.upgraded(sent, [entry for entry in earlier if entry.get("name") == name], level)
            infraction = _infraction(sent)
            if infraction is not None:
                earlier.append({"match": match_id, "seq": None, "name": name, "infraction": infraction.key,
                                "category": infraction.category, "penalty": sent.get("penalty"),
                                **({"upgrade": sent["upgrade"]} if "upgrade" in sent else {})})
        recorded.append(sent)
    return recorded


def _infraction(event: dict[str, Any]) -> Infraction | None:
    try:
        return infractions.infraction(str(event.get("infraction")))
    except MalformedEvent:  # an unknown infraction: the fold refuses the event, naming the valid ones
        return None
