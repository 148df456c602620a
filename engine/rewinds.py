"""Judge rewinds (the contract's `rewind`): a judge-ordered backup to the state after an earlier event.

The events after `to` stay in the log; they are voided: listed in `state["voided"]` and folded no more. The state
after a rewind is the state after `to`, moved on to the rewind's own seq, with every seq voided so far. The Core
Rules have no rule for this (it is tournament procedure), so the refusals cite "rewind":
- `to` must be in the past: before the rewind's own seq;
- `to` must not be before the start of the game (seq 2, `game_started` or `position`);
- `to` must not be voided already: a rewind cannot bring back events an earlier rewind voided (a rewind of a
  rewind). Rewinding to a seq before an earlier rewind, voiding that rewind too, is allowed.

A judge's backup follows the Tournament Rules (TR 701.5, engine/backups.py): who ordered it, and which card went
back for each card whose identity was not public. Penalties are not undone by a backup: the state after a rewind
keeps every penalty and backup recorded so far (`penalties`, `backups`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import backups
from engine.errors import MalformedEvent
from engine.objects import State
from engine.rulings import Context

FIRST_GAME_SEQ = 2  # game_started or position
RULE = "rewind"
KEPT = ("penalties", "backups")  # what a backup never undoes: the judge's record

Past = Callable[[int], State]


def check(context: Context, event: dict[str, Any]) -> int:
    """The seq a rewind goes back to, after the checks above."""
    state, to = context.state, event["to"]
    head = state["seq"] - 1  # the event before the rewind (the context's state already carries the rewind's seq)
    if to > head:
        context.fail(RULE, f"rewind to seq {to}: that is not in the past (the match is at seq {head})")
    if to == head:
        context.fail(RULE, f"rewind to seq {to}: that is the seq the match is at; nothing would be undone")
    if to < FIRST_GAME_SEQ:
        context.fail(RULE, f"rewind to seq {to}: that is before the start of the game (seq {FIRST_GAME_SEQ})")
    if to in state["voided"]:
        context.fail(RULE, f"rewind to seq {to}: that event was voided by an earlier rewind, which a rewind "
                           f"cannot bring back")
    return to


def rewind(context: Context, event: dict[str, Any], past: Past) -> State:
    """The state after a rewind: checked (above and TR 701.5), the state after `to` (`past(to)`, the caller's
    copy), with the backup's changes (engine/backups.py), moved on to the rewind's seq."""
    to = check(context, event)
    restored = past(to)
    record = backups.backup(context, event, restored, to)
    restored = restore(context.state, restored, to)
    restored["backups"] = [*context.state.get("backups", []), record]
    return restored


def restore(state: State, restored: State, to: int) -> State:
    """`restored` (the state after `to`, the caller's to change) moved on to the rewind's seq, with the judge's
    record of the match so far (its penalties and backups)."""
    restored["seq"] = state["seq"]
    restored["voided"] = sorted(set(state["voided"]) | set(range(to + 1, state["seq"])))
    for key in KEPT:
        if key in state:
            restored[key] = state[key]
    return restored


def no_past(seq: int) -> State:
    raise MalformedEvent(f"a rewind to seq {seq} needs the match's earlier states; fold it with the match's "
                         f"events from seq 1, or pass `past` (the recorder and the cursor do)")
