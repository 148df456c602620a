"""Delayed abilities: what a resolving spell or ability creates for later (mechanic "delayed trigger", v1.3 389-392).

"Kill it the next time it takes damage this turn" (Noxian Guillotine), "When it dies this turn, play a Gold gear
token exhausted" (Deadly Flourish), "[Add] [A] at the start of your next Main Phase" (Blue Sentinel): the resolving
item creates a delayed ability (v1.3 390.2), which is associated with no unit or gear and triggers when its
condition or time comes whether or not its creator is still on the board (392).

Recorded in two steps, as the engine does not read card text:

- the `delayed` op of the `resolve` that creates it: `{op: "delayed", label, about?: [object ids], until?: "turn",
  repeat?: true, text?}`. `label` names it ("when it dies"), `about` lists the objects it refers to (its
  information is referenced when it is created, 359.3.f.3.a), `until: "turn"` ends it in the end of turn's
  expiration step ("this turn", 004 517.2.b), `repeat` makes it trigger every time its condition is met in its window
  ("When any unit takes damage this turn, kill it"); without `repeat` it triggers once and is used up ("the next
  time", "at the start of your next Main Phase"). `until: "ending_step"` is one whose time is the end of this turn
  ("ready 2 runes at the end of this turn": Targon's Peak): in a v1.4 match, one created once the ending step has
  begun (recorded as its own moment, `end_turn` with `ending_step`) is not created (v1.4 359.3.e.16). It is kept in `state["delayed"]` with its id (`d1`, `d2`, ...),
  its controller (the creating item's) and the card that created it.
- its triggering: a `trigger` event whose `source` is the delayed ability's id puts it on the chain like any
  triggered ability (332; v1.3 392), controlled by its controller, then resolved with `resolve` as usual.

A leaf module: it adds to the chain through engine/items.py and reads the state's plain data.
"""
from __future__ import annotations

from typing import Any

from engine import items, timing, trigger_costs
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import new_id
from engine.rulings import Context

State = dict[str, Any]
ENDING_STEP = "ending_step"  # `until`: "at the end of this turn", its time the ending step's beginning (317.1)
UNTIL = ("turn", ENDING_STEP)


def is_delayed(state: State, source: str) -> bool:
    return any(entry["id"] == source for entry in state.get("delayed", ()))


def create(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `delayed` op: the resolving item creates a delayed ability (v1.3 390-391)."""
    state = context.state
    label = effect["label"]
    if not label.strip():
        raise MalformedEvent(f"{item['id']} delayed op: 'label' names the delayed ability, got {label!r}")
    if effect.get("until", "turn") not in UNTIL:
        raise MalformedEvent(f"{item['id']} delayed op: 'until' can only be 'turn' or 'ending_step' (else it lasts "
                             f"until it triggers), got {effect['until']!r}")
    if effect.get("until") == ENDING_STEP and state["phase"] == "end" and edition_of(state).late_delayed_not_created:
        context.flag("v1.4 359.3.e.16", f"{item['id']} creates the delayed ability {label!r} for the end of this "
                                        f"turn during its ending step: its time has passed, so it is not created "
                                        f"and its instructions are ignored")
        return
    about = effect.get("about", [])
    unknown = [object_id for object_id in about if object_id not in state["objects"]]
    context.check(not unknown, "356.3.e.6", f"{item['id']} creates a delayed ability about {', '.join(unknown)}, "
                                            f"no object of this match")
    entry = {"id": new_id(state, "d"), "label": label, "controller": item["controller"], "card": item["card"],
             "created_by": item["id"], "created": context.seq,
             "about": [object_id for object_id in about if object_id not in unknown]}
    entry["incarnations"] = {object_id: state["objects"][object_id]["incarnation"] for object_id in entry["about"]}
    for field in ("until", "repeat", "text"):
        if field in effect:
            entry[field] = effect[field]
    state.setdefault("delayed", []).append(entry)


def trigger(context: Context, event: dict[str, Any]) -> None:
    """A delayed ability triggers (v1.3 391-392): it goes on the chain as the newest item, its controller's, even if
    the object that created it has left the board; one without `repeat` is used up."""
    state = context.state
    player = context.player(event)
    entry = next(entry for entry in state["delayed"] if entry["id"] == event["source"])
    context.check(entry["controller"] == player, "182.3.b",
                  f"{player} triggers the delayed ability {entry['id']} ({entry['label']!r} of {entry['card']}), "
                  f"which {entry['controller']} controls")
    item = items.add_item(context, "ability", entry["card"], None, entry["controller"], event["ability"])
    item["delayed"] = entry["id"]
    item["targets"] = items.check_targets(context, event.get("targets", []), item)
    trigger_costs.pay(context, event, item)  # "the next time ..., you may pay [R] to ..." (v1.3 742.1.b)
    items.finalize(context, item)
    if not entry.get("repeat"):
        state["delayed"] = [other for other in state["delayed"] if other["id"] != entry["id"]]
    timing.after_chain_change(state)


def expire_turn(state: State) -> None:
    """004 517.2.b: the delayed abilities that last "this turn" (or until its end) end in the expiration step."""
    if state.get("delayed"):
        state["delayed"] = [entry for entry in state["delayed"] if entry.get("until") not in UNTIL]
