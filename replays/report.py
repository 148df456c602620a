"""The dispute report: what a head judge reads at an appeal (issue 9; contract section 3, "Live and judge reads").

For a span of a match (seqs `first`..`last`, default the whole match) the report gathers:
- the header: players, legends, champions and decks, mode, policy, event/round/table;
- the seal of the head (`replays.seal`), or why the match cannot be sealed;
- every event of the span that breaks a rule, with each violation's rule number and the rule's own text
  (`replays.rules_text`), the judge's ruling it was recorded under if any (`ruling`: its reason; its violations
  say `ruled`, contract section 7), and the relevant state before and after it: what the turn looked like before (turn,
  phase, priority, the chain, a showdown or combat) and the parts of the state the event changed, a compact diff;
- the result at the end of the span: each game ended, the match's result, time called (TR 404, 408, 410);
- the judge's notes (with the seq each is `about`; a later note about an event of the span too), the rewinds (with what each voided and undid) and the voided
  spans;
- the penalties issued in the span and the backups' judges and returned cards, with the Tournament Rules' own words
  (docs/judging.md).

Everything is as `view` may see it: events redacted by `engine.views.redact_events`, states by `engine.view`, a
violation's message replaced by its rule where it names a hidden card. Only the judge's view shows hidden cards.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import engine
from engine.citations import DEFAULT
from engine.judges_rulings import recorded_reason
from engine.views import INTERNAL, INTERNAL_OBJECT, INTERNAL_PLAYER, conceal, may_see
from recorder import Log
from recorder.keys import ServerKey
from replays.cursor import Cursor
from replays.errors import BadSpan, Unsealable
from replays.notation.events import write_line
from replays.rules_text import RulesText, document_name
from replays.seal import seal
from replays.wording import standings, worded

# The parts of a state that say where the game stood: the context a judge reads before a flagged event.
CONTEXT = ("game", "turn", "turn_player", "phase", "state", "priority", "focus", "active_player", "awaiting")
# Not compared by the diff: the seq always changes, violations are listed with their rules.
NOT_DIFFED = ("seq", "violations")
UNDONE_LINES = 40  # the lines of the events a rewind voided, listed in its report: then "and N more"


def report(log: Log, match_id: str, first: int | None = None, last: int | None = None, *, view: str = "judge",
           rules: RulesText, key: ServerKey | None = None) -> dict[str, Any]:
    """The dispute report of `match_id` over seqs `first`..`last` (default 1..head) as `view` sees it.

    `NotFound` for an unknown match, `BadSpan` for a span the match does not have (`first` after `last`, or a
    seq outside 1..head). With `key` the report carries the seal of the head.
    """
    cursor = Cursor(log, match_id)
    edition = cursor.head_state.get("rules", DEFAULT)  # the rules quoted are the match's edition's (citations.py)
    head = cursor.head_seq
    first, last = span(match_id, head, first, last)
    summary = log.match(match_id)
    seen = cursor.events_seen_by(view)
    voided = set(cursor.head_state.get("voided") or [])
    flagged, rewinds = [], []
    before = cursor.state(first - 1) if first > 1 else None
    previous_voided: set[int] = set((before or {}).get("voided") or [])
    for seq, event, state in log.fold_states(match_id, last, after=first - 1, state=before, save=False):
        kind = event.get("type")
        if any(violation.get("seq") == seq for violation in state.get("violations") or []):
            flagged.append(seq)
        now_voided = set(state.get("voided") or [])
        if kind == "rewind":
            rewinds.append({"seq": seq, "to": event.get("to"), "reason": seen[seq - 1].get("reason"),
                            "voids": runs(sorted(now_voided - previous_voided)), "voided": seq in voided})
        previous_voided = now_voided
    answer = {
        "match": match_id,
        "view": view,
        "span": {"from": first, "to": last},
        "head_seq": head,
        "header": header(summary, seen[0], view),
        "seal": seal_of(log, match_id, key),
        "rules": {"directory": str(rules.directory), "available": rules.available,
                  "documents": rules.documents()},
        "penalties": penalties_in(cursor, first, last, view, rules, edition),
        "errors": errors_in(cursor, first, last, view, rules, edition),
        "flagged": [flagged_event(cursor, seq, seen[seq - 1], view, rules, seq in voided, edition)
                    for seq in flagged],
        "notes": notes_of(seen, first, last, voided),
        "rewinds": [{**rewind, **moment(cursor, rewind["seq"], seen[rewind["seq"] - 1], view),
                     **undone(cursor, rewind["voids"], seen, view)} for rewind in rewinds],
        "voided": runs(sorted(seq for seq in voided if first <= seq <= last)),
        "result": result_at(cursor, last, view),
    }
    for rewind in answer["rewinds"]:
        rewind.update(backup_of(rewind["event"], rules, edition))
    # When each was recorded: the recording client's word (envelope metadata, outside the hash chain and the seal).
    listed = [*answer["flagged"], *answer["notes"], *answer["rewinds"], *answer["penalties"]]
    seqs = [item["seq"] for item in listed] or [first]
    recorded_at = {entry["seq"]: entry["recorded_at"] for entry in log.events(match_id, min(seqs) - 1, max(seqs))}
    for item in listed:
        item["recorded_at"] = recorded_at.get(item["seq"])
    return answer


# TR 701.2: what each penalty is, quoted beside it.
PENALTY_RULES = {"warning": "TR 701.2.a", "game_loss": "TR 701.2.b", "match_loss": "TR 701.2.c",
                 "disqualification": "TR 701.2.d"}


def penalties_in(cursor: Cursor, first: int, last: int, view: str, rules: RulesText,
                 edition: str = DEFAULT) -> list[dict[str, Any]]:
    """The penalties issued in the span (engine/penalties.py), as `view` may see them (a remedy or note naming a
    hidden card gets a public wording), each with the Tournament Rules' own words: the rule it was issued under
    (the infraction with its remedies), what the penalty is (TR 701.2), and the upgrade's rule if it was one."""
    state = engine.view(cursor.state(last), view)
    found = []
    for entry in state.get("penalties") or []:
        if not first <= entry["seq"] <= last:
            continue
        numbers = [entry["rule"], PENALTY_RULES.get(entry["penalty"]), (entry.get("upgrade") or {}).get("rule")]
        found.append({**entry, "rule_texts": [rule_text(rules, number, edition) for number in dict.fromkeys(numbers)
                                              if number is not None]})
    return found


def backup_of(event: dict[str, Any], rules: RulesText, edition: str = DEFAULT) -> dict[str, Any]:
    """Who ordered a rewind and which cards went back (TR 701.5, engine/backups.py), with the rules' words: a
    simple rewind any judge performs (TR 701.5.b.1) or the head judge's (TR 701.5.c), and the random card
    (TR 701.5.d.3)."""
    by = event.get("by")
    numbers = {"floor_judge": ["TR 701.5.b"], "head_judge": ["TR 701.5.c"]}.get(str(by), [])
    if event.get("returned"):
        numbers.append("TR 701.5.d.3")
    return {"by": by, "returned": event.get("returned"), "rule_texts": [rule_text(rules, number, edition)
                                                                        for number in numbers]}


def errors_in(cursor: Cursor, first: int, last: int, view: str, rules: RulesText,
              edition: str = DEFAULT) -> list[dict[str, Any]]:
    """The game play errors of the span (engine/errors_as_played.py): each with the Core Rule it breaks, the TR
    infraction it is, and the judge's remedy if any, with the Tournament Rules' own words for both."""
    state = engine.view(cursor.state(last), view)
    found = []
    for entry in state.get("errors") or []:
        if not first <= entry["seq"] <= last:
            continue
        numbers = [entry["tr"], (entry.get("remedy") or {}).get("rule")]
        found.append({**entry, "rule_texts": [rule_text(rules, number, edition) for number in numbers if number]})
    return found


def result_at(cursor: Cursor, seq: int, view: str) -> dict[str, Any]:
    """The games ended and the match's result at `seq`, and time if it was called (engine/results.py,
    engine/match_end.py): {"games": [{game, result, winner, by, rule}], "match": {...} | None, "time": {...} | None,
    "standing": the score by side, winner first (wording.standings: games in a duel, points in a free-for-all,
    a team's points in 2v2)}."""
    state = engine.view(cursor.state(seq), view)
    result = state.get("result") or {}
    return {"games": result.get("games") or [], "match": result.get("match"), "time": state.get("time"),
            "standing": standings(state)}


def notes_of(seen: list[dict[str, Any]], first: int, last: int, voided: set[int]) -> list[dict[str, Any]]:
    """The judge's notes recorded in the span, and those recorded after it about an event in it (a note written
    at the appeal about the disputed play belongs in its report)."""
    return [{"seq": seq, "text": event.get("text"), "about": event.get("about"), "voided": seq in voided}
            for seq, event in enumerate(seen, 1) if event.get("type") == "note"
            and (first <= seq <= last or (isinstance(event.get("about"), int) and first <= event["about"] <= last))]


def span(match_id: str, head: int, first: int | None, last: int | None) -> tuple[int, int]:
    """`first`..`last` with their defaults (1, head); `BadSpan` naming what is wrong."""
    first = 1 if first is None else first
    last = head if last is None else last
    for name, seq in (("from", first), ("to", last)):
        if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= head:
            raise BadSpan(f"{name}={seq!r} is out of range: match {match_id} has events 1 to {head}")
    if first > last:
        raise BadSpan(f"from={first} is after to={last}: a span runs from an earlier seq to a later one")
    return first, last


def header(summary: dict[str, Any], created: dict[str, Any], view: str) -> dict[str, Any]:
    """Who played what, where: the match's summary and its `match_created` event (as `view` sees it: a deck
    list only for its owner and the judge)."""
    players = []
    for index, entry in enumerate(created.get("players") or [], 1):
        player = f"P{index}"
        deck = entry.get("deck") or []
        players.append({"player": player, "name": entry.get("name"), "team": entry.get("team"),  # 2v2 (648)
                        "legend": entry.get("legend"), "champion": entry.get("champion"), "deck_size": len(deck),
                        "deck": dict(sorted(Counter(deck).items())) if may_see(view, player) else None})
    return {"mode": summary.get("mode"), "policy": summary.get("policy"), "rules": created.get("rules"),
            "catalog": summary.get("catalog"),
            "info": summary.get("info") or {}, "created_at": summary.get("created_at"),
            "published": bool(summary.get("published_at")), "players": players}


def seal_of(log: Log, match_id: str, key: ServerKey | None) -> dict[str, Any] | None:
    """The seal of the head, or {"ok": false, "error"} when the match does not verify (a report of a broken
    record is still wanted: it says the record is broken); None without a key."""
    if key is None:
        return None
    try:
        return {"ok": True, **seal(log, match_id, key)}
    except Unsealable as error:
        return {"ok": False, "error": str(error)}


def flagged_event(cursor: Cursor, seq: int, shown: dict[str, Any], view: str, rules: RulesText,
                  voided: bool, edition: str = DEFAULT) -> dict[str, Any]:
    """One event that breaks a rule: its violations with the rules' text, and the state around it."""
    after = engine.view(cursor.state(seq), view)
    violations = [{**violation, "rule_text": rule_text(rules, str(violation.get("rule")), edition)}
                  for violation in after.get("violations") or [] if violation.get("seq") == seq]
    return {"seq": seq, "voided": voided, "violations": violations, "ruling": recorded_reason(shown),
            **moment(cursor, seq, shown, view, after)}


def moment(cursor: Cursor, seq: int, shown: dict[str, Any], view: str,
           after: dict[str, Any] | None = None) -> dict[str, Any]:
    """An event in its place: its notation line, the event, the context before it and what it changed."""
    whole_before = cursor.state(seq - 1)
    before = engine.view(whole_before, view)
    after = after if after is not None else engine.view(cursor.state(seq), view)
    changes = diff(comparable(before), comparable(after))
    return {"line": write_line(conceal(whole_before, view), shown), "event": shown,
            "before": {field: before.get(field) for field in CONTEXT} | {"chain": chain_of(before),
                                                                          "fight": fight_of(before)},
            "changes": changes, "names": names(changes, before, after), "said": worded(changes, before, after)}


def undone(cursor: Cursor, voids: list[list[int]], seen: list[dict[str, Any]], view: str) -> dict[str, Any]:
    """What a rewind undid: the notation line of each event it voided (the first UNDONE_LINES of them), each
    written against the state before it as the view sees it, and how many more there were."""
    seqs = [seq for first, last in voids for seq in range(first, last + 1)]
    lines = [{"seq": seq, "line": write_line(conceal(cursor.state(seq - 1), view), seen[seq - 1])}
             for seq in seqs[:UNDONE_LINES]]
    return {"undone": lines, "undone_more": max(0, len(seqs) - UNDONE_LINES)}


def rule_text(rules: RulesText, number: str, edition: str = DEFAULT) -> dict[str, Any]:
    """{"number", "text", "source", "document", "subrules"} of the rule (`document`: the rules text by name, e.g.
    "Riftbound Core Rules (2025-06-02)"; `source`: its file), or {"number", "missing": why not}. A citation names
    its document (`v1.4 355.6`); a `TR` number is read in the Tournament Rules of the match's `edition`."""
    quoted = rules.quote(number, edition)
    if quoted is None:
        return {"number": number, "missing": rules.missing(number, edition)}
    return {"number": number, "text": quoted.text, "source": quoted.source, "document": document_name(quoted.source),
            "subrules": [{"number": sub, "text": text} for sub, text in quoted.subrules]}


def chain_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"id": item.get("id"), "card": item.get("card") or item.get("label"), "controller": item.get("controller"),
             "pending": item.get("pending")} for item in state.get("chain") or []]


def fight_of(state: dict[str, Any]) -> dict[str, Any] | None:
    """A showdown or combat under way: where, and who attacks and defends."""
    showdown, combat = state.get("showdown"), state.get("combat")
    if not showdown and not combat:
        return None
    under_way = combat or showdown
    return {"kind": "combat" if combat else "showdown", "battlefield": under_way.get("battlefield"),
            "attacker": under_way.get("attacker"), "defender": under_way.get("defender"),
            "step": (combat or {}).get("step")}


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """The state without what a judge does not compare: the engine's internals (a deck's order, card facts) and
    the fields listed apart (the seq, the violations)."""
    kept = {key: value for key, value in state.items() if key not in INTERNAL and key not in NOT_DIFFED}
    kept["chain"] = [{key: value for key, value in item.items() if key != "target_incarnations"}
                     for item in state.get("chain") or []]
    kept["players"] = {player: {key: value for key, value in entry.items() if key not in INTERNAL_PLAYER}
                       for player, entry in (state.get("players") or {}).items()}
    kept["objects"] = {ref: {key: value for key, value in obj.items() if key not in INTERNAL_OBJECT}
                       for ref, obj in (state.get("objects") or {}).items()}
    return kept


def diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """The changes from `before` to `after`: [{path, before, after}], maps compared key by key (an object that
    appears is one change, with the whole object), anything else compared whole. `None` stands for absent."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in [*before, *(key for key in after if key not in before)]:
            changes += diff(before.get(key), after.get(key), f"{path}.{key}" if path else str(key))
        return changes
    return [{"path": path, "before": before, "after": after}]


def names(changes: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any]) -> dict[str, str]:
    """The card of each object (the name of each battlefield) the changes name, in a path (objects.o17.zone) or a value (a hand's ids), as the
    view may see it: the report writes "Rune Prison (o12)" where the state says "o12"."""
    objects = {**(before.get("objects") or {}), **(after.get("objects") or {})}
    objects.update({field["id"]: {"card": field.get("name")}
                    for state in (before, after) for field in state.get("battlefields") or []})
    found: dict[str, str] = {}
    todo: list[Any] = [part for change in changes for part in (change["path"].split("."), change["before"],
                                                                 change["after"])]
    while todo:
        value = todo.pop()
        if isinstance(value, str):
            card = (objects.get(value) or {}).get("card")
            if card:
                found[value] = card
        elif isinstance(value, dict):
            todo += value.values()
        elif isinstance(value, list):
            todo += value
    return dict(sorted(found.items(), key=lambda entry: (len(entry[0]), entry[0])))


def runs(seqs: list[int]) -> list[list[int]]:
    """Sorted seqs as [first, last] runs: [3, 4, 5, 9] -> [[3, 5], [9, 9]]."""
    spans: list[list[int]] = []
    for seq in seqs:
        if spans and spans[-1][1] == seq - 1:
            spans[-1][1] = seq
        else:
            spans.append([seq, seq])
    return spans
