"""Penalties a judge issues (the contract's `penalty`; Tournament Rules 701.2, 702-704).

`penalty {player, infraction, penalty, rule, remedy?, note?, upgrade?, carried?}`: the infraction by the TR's name or key
(engine/infractions.py), the penalty as issued (TR 701.2: `warning`, `game_loss`, `match_loss`,
`disqualification`), the TR rule it is issued under (the infraction's own rule or one of its sub-rules, e.g.
`TR 702.2.e` for a missed trigger that is a Warning), the remedy the judge applied and a note. The state keeps each
in `penalties`, in order; a backup (a `rewind`) never takes one away (engine/rewinds.py).

What a penalty does at once (TR 701.2.b-d):
- a warning is a record of the error (701.2.a): nothing changes in the game;
- a game loss makes the player concede the game in progress (701.2.b); with no game in progress (before game 1,
  or between the games of a best of three) it is applied to the player's next game (701.2.b.1), which is lost at
  once without being played (TR 403.9 speaks of a match that "completely skips the first game due to a penalty");
  the next `game_started` is the game after it. With the match over, it is the player's next match's (`applies`
  says so; the event's ledger, replays/ledger.py, lists it as owed until a penalty of a later match names it in
  `carried {match, seq}`);
- a match loss ends the current match, the player losing it (701.2.c.1; a game in progress is lost with it), or,
  with the match over, the player's next match's;
- a disqualification loses the current match as a match loss does and drops the player from the event
  (701.2.d.1, 701.2.d.3).

Upgrades (TR 702.1.b, 703.1.b, 704.1.b) count a player's warnings across every match of an event, which one
match's fold cannot see. `upgrade_for` is the count, a pure function: the web layer (and the CLI) run it with the
event's earlier penalties when a warning is appended, and record an upgraded warning as the game loss it is, with
`upgrade {from, rule, same, total}` saying why (docs/judging.md). The fold applies what the event says.
"""
from __future__ import annotations

import re
from typing import Any

from engine import infractions, leaving, results, scoring, teams
from engine.errors import MalformedEvent
from engine.infractions import GAME_PLAY, TOURNAMENT, UNSPORTING, Infraction
from engine.objects import State, opponents
from engine.rulings import Context

LEVELS = ("low", "competitive", "professional")  # TR 205: the organized play level, `info.opl`
_TR_RULE = re.compile(r"TR 7\d\d(\.[0-9a-z]+)*")

# TR 702.1.b.1, 703.1.b.1, 704.1.b: the same category of error, this many times in one event, is a Game Loss.
SAME_LIMIT = {GAME_PLAY: (3, "TR 702.1.b.1"), TOURNAMENT: (3, "TR 703.1.b.1"), UNSPORTING: (2, "TR 704.1.b")}
# TR 702.1.b.2-3, 703.1.b.2-3: this many warnings of any category of the kind, at competitive / professional OPL.
TOTAL_LIMIT = {
    ("competitive", GAME_PLAY): (6, "TR 702.1.b.2"), ("professional", GAME_PLAY): (5, "TR 702.1.b.3"),
    ("competitive", TOURNAMENT): (6, "TR 703.1.b.2"), ("professional", TOURNAMENT): (5, "TR 703.1.b.3"),
}
NEVER_UPGRADES = ("failure_to_maintain_game_state",)  # TR 702.1.b.1 "Except for 702.17", 702.17.b


def check_opl(info: Any) -> None:
    """`match_created`'s `info.opl`, when given, is one of TR 205's levels."""
    if isinstance(info, dict) and "opl" in info and info["opl"] not in LEVELS:
        raise MalformedEvent(f"'match_created' event: info.opl must be one of {', '.join(LEVELS)} (TR 205), "
                             f"got {info['opl']!r}")


def opl(state: State) -> str:
    """The match's level of play (TR 205); `low` unless `info.opl` says otherwise."""
    info = state.get("info")
    return info.get("opl", "low") if isinstance(info, dict) else "low"


def penalties_of(state: State) -> list[dict[str, Any]]:
    """The penalties issued in this match so far (a state folded before penalties existed has none)."""
    return state.setdefault("penalties", [])


def penalty(context: Context, event: dict[str, Any]) -> None:
    """A `penalty` event: checked (400 for an unknown infraction or penalty, naming the valid ones), recorded in
    `state["penalties"]`, and applied at once as TR 701.2 applies it. With `simultaneous`, the game losses given
    at the same time are recorded and applied together (TR 701.2.b.2-3; `_apply_together`)."""
    state = context.state
    entry = _entry(context, event, "'penalty' event")
    if "upgrade" in event:
        entry["upgrade"] = _check_upgrade(event["upgrade"], entry["penalty"])
    if "carried" in event:
        entry["carried"] = _check_carried(event["carried"])
    if "simultaneous" not in event:
        entry["applies"] = _apply(context, entry["player"], entry["penalty"])
        penalties_of(state).append(entry)
        return
    entries = [entry, *_simultaneous(context, event["simultaneous"])]
    not_losses = [f"{item['player']}'s {item['penalty']}" for item in entries if item["penalty"] != "game_loss"]
    if not_losses:
        raise MalformedEvent("'penalty' event: 'simultaneous' gives game losses at the same time (TR 701.2.b.2-3); "
                             f"give other penalties in events of their own, not {', '.join(not_losses)}")
    _apply_together(context, entries)
    penalties_of(state).extend(entries)


def _entry(context: Context, spec: dict[str, Any], where: str) -> dict[str, Any]:
    """The state's record of one penalty: its player, infraction, penalty and rule checked."""
    state = context.state
    player = context.player(spec)
    infraction = infractions.infraction(spec["infraction"])
    kind = infractions.penalty_kind(spec["penalty"])
    entry: dict[str, Any] = {
        "seq": context.seq, "game": state["game"], "player": player, "name": state["players"][player]["name"],
        "infraction": infraction.key, "infraction_name": infraction.name, "category": infraction.category,
        "penalty": kind, "rule": _check_rule(spec["rule"], infraction, where), "tr_penalty": infraction.penalty,
    }
    for field in ("remedy", "note"):
        if field in spec:
            entry[field] = spec[field]
    return entry


SIMULTANEOUS_FIELDS = {"player": True, "infraction": True, "penalty": True, "rule": True, "remedy": False,
                       "note": False}


def _simultaneous(context: Context, given: Any) -> list[dict[str, Any]]:
    """The entries of a `penalty`'s `simultaneous`: each {player, infraction, penalty, rule, remedy?, note?}."""
    where = "'penalty' event's 'simultaneous'"
    if not isinstance(given, list) or not given:
        raise MalformedEvent(f"{where}: give a list of the penalties given at the same time, got {given!r}")
    entries = []
    for spec in given:
        if not isinstance(spec, dict):
            raise MalformedEvent(f"{where}: each is {{player, infraction, penalty, rule, remedy?, note?}}, got "
                                 f"{spec!r}")
        missing = [field for field, needed in SIMULTANEOUS_FIELDS.items() if needed and field not in spec]
        unknown = sorted(set(spec) - set(SIMULTANEOUS_FIELDS))
        wrong = [field for field in SIMULTANEOUS_FIELDS if field in spec and not isinstance(spec[field], str)]
        if missing or unknown or wrong:
            raise MalformedEvent(f"{where}: each is {{player, infraction, penalty, rule, remedy?, note?}}, all "
                                 f"strings; " + "; ".join(
                                     ([f"missing {', '.join(missing)}"] if missing else [])
                                     + ([f"unknown {', '.join(unknown)}"] if unknown else [])
                                     + ([f"not a string: {', '.join(wrong)}"] if wrong else [])))
        entries.append(_entry(context, spec, where))
    return entries


def _apply_together(context: Context, entries: list[dict[str, Any]]) -> None:
    """Game losses given at the same time (TR 701.2.b.2-3), each entry's `applies` set:
    - a player given more than one receives one (701.2.b.2): the later ones are recorded, `applies: "merged"`;
    - when every side still in the game is given one (a side: a player, or a 2v2 team, whose teammate concedes
      with them, 701.2.b), the current game ends in a draw (701.2.b.3), `applies: "drawn_game"`; between games it
      is the next game that is drawn, unplayed (701.2.b.1 moves a game loss there), `applies: "drawn_next_game"`;
      with the match over, each is the player's next match's (`next_match`, 701.2.b.1);
    - else each side's first game loss is applied as one alone is, in the order given, and a teammate's given
      with it applies to the same game (the team concedes once)."""
    state = context.state
    first_of: dict[str, dict[str, Any]] = {}
    for entry in entries:
        if entry["player"] in first_of:
            entry.update(applies="merged", applies_rule="TR 701.2.b.2")
        else:
            first_of[entry["player"]] = entry
    if match_over(state):
        for entry in first_of.values():
            entry["applies"] = "next_match"
        return
    in_game = state["game"] > 0 and state["phase"] != "over"
    playing = teams.remaining(state) if in_game else list(state["players"])
    sides = {tuple(teams.side(state, player)) for player in playing}
    penalised = {tuple(teams.side(state, player)) for player in first_of}
    if sides <= penalised:
        if in_game:
            results.end_game(context, None, "game_loss", "TR 701.2.b.3")
        else:
            _draw_next_game(context)
        for entry in first_of.values():
            entry.update(applies="drawn_game" if in_game else "drawn_next_game", applies_rule="TR 701.2.b.3")
        return
    applied: dict[tuple[str, ...], str] = {}
    for player, entry in first_of.items():
        side = tuple(teams.side(state, player))
        entry["applies"] = applied[side] if side in applied else _apply(context, player, "game_loss")
        applied.setdefault(side, entry["applies"])


def _draw_next_game(context: Context) -> None:
    """TR 701.2.b.1 and 701.2.b.3: no game is in progress, so the next game, every player's, is drawn unplayed."""
    state = context.state
    state["game"] += 1
    state["winner"] = None
    state["phase"] = "setup"
    state["turn_order"] = state["turn_order"] or list(state["players"])
    results.end_game(context, None, "game_loss", "TR 701.2.b.3")


def _check_rule(rule: str, infraction: Infraction, where: str = "'penalty' event") -> str:
    """The rule a penalty is issued under: the infraction's own (`TR 702.9`) or one of its sub-rules."""
    own = infraction.rule
    if not _TR_RULE.fullmatch(rule) or not (rule == own or rule.startswith(own + ".")):
        raise MalformedEvent(f"{where}: rule {rule!r} is not {infraction.name}'s: give {own} or one of "
                             f"its sub-rules (e.g. {own}.a), written as in the Tournament Rules")
    return rule


def _check_carried(carried: Any) -> dict[str, Any]:
    """A penalty an earlier match carried to this one (TR 701.2.b.1, 701.2.c.1) names it: {match, seq}."""
    if (not isinstance(carried, dict) or set(carried) != {"match", "seq"} or not isinstance(carried["match"], str)
            or not isinstance(carried["seq"], int) or isinstance(carried["seq"], bool)):
        raise MalformedEvent(f"'penalty' event: 'carried' names the earlier match's penalty as {{\"match\": id, "
                             f"\"seq\": n}}, got {carried!r}")
    return dict(carried)


def _check_upgrade(upgrade: Any, kind: str) -> dict[str, Any] | None:
    """An upgraded warning (TR 702.1.b, 703.1.b, 704.1.b) is a game loss that says why: {from, rule, same, total}."""
    if upgrade is None:
        return None
    limits = {rule for _, rule in SAME_LIMIT.values()} | {rule for _, rule in TOTAL_LIMIT.values()}
    if (not isinstance(upgrade, dict) or upgrade.get("from") != "warning" or upgrade.get("rule") not in limits
            or not all(isinstance(upgrade.get(count), int) and not isinstance(upgrade.get(count), bool)
                       for count in ("same", "total"))):
        raise MalformedEvent(f"'penalty' event: 'upgrade' is {{\"from\": \"warning\", \"rule\": one of "
                             f"{', '.join(sorted(limits))}, \"same\": n, \"total\": n}}, got {upgrade!r}")
    if kind != "game_loss":
        raise MalformedEvent(f"'penalty' event: an upgraded warning is a game_loss ({upgrade['rule']}), not {kind}")
    return dict(upgrade)


def match_over(state: State) -> bool:
    return results.is_match_over(state)


def _apply(context: Context, player: str, kind: str) -> str:
    """Apply a penalty as TR 701.2 does; returns what it applies to: `record` (a warning), `this_game`,
    `next_game`, `this_match` or `next_match`."""
    state = context.state
    if kind == "warning":
        return "record"  # TR 701.2.a
    winner = opponents(state, player)[0]
    if match_over(state):
        return "next_match"  # TR 701.2.b.1, 701.2.c.1 (a disqualification drops the player all the same)
    if len(state["players"]) > 2 and state["game"] > 0 and state["phase"] != "over":
        # More than two at the table (a best of one, 646.6-648.6): the player leaves the game in progress as a
        # concession does, and the others play on while more than one side is left (651.2, engine/leaving.py).
        leaving.leave(context, player, f"is given a {kind.replace('_', ' ')}", kind,
                      "TR 701.2.b" if kind == "game_loss" else "TR 701.2.c" if kind == "match_loss" else "TR 701.2.d")
        return "this_game" if kind == "game_loss" else "this_match"
    if kind == "game_loss":
        if state["game"] > 0 and state["phase"] != "over":
            scoring.win(context, winner, "game_loss", "TR 701.2.b")  # TR 701.2.b: the player concedes the game
            return "this_game"
        _lose_next_game(context, winner)  # TR 701.2.b.1
        return "next_game"
    rule = "TR 701.2.c.1" if kind == "match_loss" else "TR 701.2.d.1"
    results.end_game(context, winner, kind, rule)  # the game in progress ends with the match
    results.end_match(context, winner, kind, rule)
    state["phase"] = "over"
    return "this_match"


def _lose_next_game(context: Context, winner: str) -> None:
    """TR 701.2.b.1: no game is in progress, so the player's next game is lost at once, unplayed."""
    state = context.state
    state["game"] += 1
    state["winner"] = None
    state["phase"] = "setup"
    state["turn_order"] = state["turn_order"] or list(state["players"])  # before game 1: the seating order
    scoring.win(context, winner, "game_loss", "TR 701.2.b.1")


def upgrade_for(earlier: list[dict[str, Any]], infraction: str, level: str) -> dict[str, Any] | None:
    """Whether a warning for `infraction` is upgraded to a game loss, given the same player's `earlier` penalties
    in the event (entries of `state["penalties"]`, any match) at the event's level of play (TR 205): the upgrade
    `{from, rule, same, total}`, or None.

    Counted: the earlier penalties of the same kind of error (TR 702, 703 or 704) that were issued as warnings
    (an upgraded one counts: it was a warning of that category), plus this one. The same infraction 3 times is a
    game loss (TR 702.1.b.1, 703.1.b.1), unsporting conduct twice (TR 704.1.b); 6 of any category at competitive
    level, 5 at professional (TR 702.1.b.2-3, 703.1.b.2-3). Failure to Maintain Game State never upgrades and is
    not counted toward others (TR 702.1.b.1, 702.17.b: "primarily for tracking")."""
    found = infractions.infraction(infraction)
    if found.key in NEVER_UPGRADES:
        return None
    warnings = [entry for entry in earlier if entry.get("category") == found.category
                and entry.get("infraction") not in NEVER_UPGRADES
                and (entry.get("penalty") == "warning" or (entry.get("upgrade") or {}).get("from") == "warning")]
    same = 1 + sum(1 for entry in warnings if entry.get("infraction") == found.key)
    total = 1 + len(warnings)
    limit, rule = SAME_LIMIT[found.category]
    if same >= limit:
        return {"from": "warning", "rule": rule, "same": same, "total": total}
    total_limit = TOTAL_LIMIT.get((level, found.category))
    if total_limit is not None and total >= total_limit[0]:
        return {"from": "warning", "rule": total_limit[1], "same": same, "total": total}
    return None


def upgraded(event: dict[str, Any], earlier: list[dict[str, Any]], level: str) -> dict[str, Any]:
    """`event` as it is recorded: a `penalty` warning the TR upgrades (see `upgrade_for`) becomes the game loss it
    is, with `upgrade` saying why; any other event is returned as it is. An unknown infraction is left for the
    fold to refuse."""
    if event.get("type") != "penalty" or event.get("penalty") != "warning" or "upgrade" in event:
        return event
    try:
        upgrade = upgrade_for(earlier, str(event.get("infraction")), level)
    except MalformedEvent:
        return event
    if upgrade is None:
        return event
    return {**event, "penalty": "game_loss", "upgrade": upgrade}
