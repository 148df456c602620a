"""Battlefield tokens: a battlefield added to the board or replacing one (mechanic "battlefield token", v1.3
184.8-184.9).

Baron Nashor: "As you play me, add the Baron Pit battlefield token to the board if it's not there already. If you do,
I enter there." Green Father: "replace that battlefield with a Brush battlefield token"; Brush: "When you score
here, you may replace this with the battlefield it replaced." Tokens are created on the board (v1.3 183); their
owner is the player who controlled the effect that created them (180); a token battlefield can't be recycled
(182.1.e).

- The `battlefield` op of a `resolve`: `{op: "battlefield", kind, replaces?}`. Without `replaces` a new battlefield
  is added to the board (`bfN`, uncontrolled, 169.10.c: open). With `replaces: "bf1"` the battlefield there becomes
  the token: the same location, so the units there, its control and what was scored there this turn stay (the
  units never moved, 004 609); it remembers the battlefield it replaced (`replaced`), so Brush's "replace this with
  the battlefield it replaced" is `{op: "battlefield", kind: <that name>, replaces: "bf1"}` and restores it
  (then it is that battlefield card again, not a token).
- A play's `options.add_battlefield: "Baron Pit"` (Baron Nashor's "As you play me"): the token is added as the card
  is played, and the unit enters there unless the play names a location. Refused if a battlefield of that name is
  already on the board ("if it's not there already").

A leaf module.
"""
from __future__ import annotations

from typing import Any

from engine.errors import MalformedEvent
from engine.objects import new_id
from engine.rulings import Context


def _entry(state: dict[str, Any], battlefield_id: str) -> dict[str, Any] | None:
    return next((entry for entry in state["battlefields"] if entry["id"] == battlefield_id), None)


def add(context: Context, kind: str, owner: str) -> str:
    """Add a battlefield token to the board (v1.3 183, 184.8-184.9); returns its id."""
    state = context.state
    context.check(all(entry["name"] != kind for entry in state["battlefields"]), "002",
                  f"{owner} adds the {kind} battlefield token, but {kind} is on the board already (the card: 'if "
                  f"it's not there already')")
    battlefield_id = new_id(state, "bf")
    state["battlefields"].append({"id": battlefield_id, "name": kind, "owner": owner, "controller": None,
                                  "contested": False, "contested_by": None, "pending_combat": False, "units": [],
                                  "facedown": None, "token": True})
    return battlefield_id


def battlefield_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `battlefield` op: a battlefield token added, or one battlefield replaced by another."""
    kind = effect["kind"]
    if not kind.strip():
        raise MalformedEvent(f"{item['id']} battlefield op: 'kind' names the battlefield token, got {kind!r}")
    replaces = effect.get("replaces")
    if replaces is None:
        add(context, kind, item["controller"])
        return
    entry = _entry(context.state, replaces)
    if not context.check(entry is not None, "356.3.e.6", f"{item['id']} replaces {replaces!r}, which is no "
                                                         f"battlefield of this match"):
        return
    state = context.state  # the replaced battlefield's passive abilities end with it (004 569.1)
    state["statics"] = [static for static in state.get("statics", []) if static["source"] != replaces]
    restoring = entry.get("replaced") == kind
    if restoring:  # "replace this with the battlefield it replaced"
        entry.pop("replaced")
        entry.pop("token", None)
    else:
        entry["replaced"] = entry["name"]
        entry["token"] = True
    entry["name"] = kind
