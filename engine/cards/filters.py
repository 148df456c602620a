"""The parts of a target filter read from the card (engine/cards/targets.py) that engine/cards/resolutions.py's
target check leaves to this module: what is printed on the object's card, and states it does not know.

- `cost_max` / `cost_min`: the card's printed Energy cost ("a gear with Energy cost no more than [1]",
  "with Energy cost [2] or less"); an object with no printed cost (a token) costs 0;
- `cost_max_might`: "me": an Energy cost no more than the ability's source's Might as the item resolves ("a gear
  with Energy cost no more than my Might"; unknown when the source has left the board: not checked);
- `token`: the object is a token ("your token units");
- `state` "empowered": the object is Empowered (v1.4 827.3, "a unit that's [Empowered]");
- `not_state`: a state the object must not be in (a reviewed "Otherwise" of "If it is stunned", a unit not
  "attacker" for "If it's attacking, deal 4 to it instead").

`group_mismatch` checks what the objects one instruction acts on share ("up to three units at the same location",
"with total Might 5 or less", "with the same controller", "to a single location").

Plain data in, a reason out (None when the objects fit), as resolutions.py's own check answers.
"""
from __future__ import annotations

from typing import Any

Filter = dict[str, Any]
_STATES = {"exhausted": "exhausted", "stunned": "stunned", "empowered": "empowered", "attacker": "attacker",
           "defender": "defender"}


def mismatch(state: dict[str, Any], item: dict[str, Any], target: Filter, chosen: str) -> str | None:
    """Why the object `chosen` does not fit the filter's printed-cost and state bounds, or None when it does."""
    obj = state["objects"].get(chosen)
    if obj is None:
        return None
    name = f"{chosen} ({obj['card']})"
    energy = state["cards"].get(obj["card"] or "", {}).get("energy") or 0
    if "cost_max" in target and energy > target["cost_max"]:
        return f"{name} costs [{energy}], and the card's target costs no more than [{target['cost_max']}]"
    if "cost_min" in target and energy < target["cost_min"]:
        return f"{name} costs [{energy}], and the card's target costs [{target['cost_min']}] or more"
    if target.get("cost_max_might") == "me":
        source = state["objects"].get(item.get("source") or "")
        might = source.get("might") if source is not None and source["zone"] == "board" else None
        if isinstance(might, int) and energy > might:
            return f"{name} costs [{energy}], and the card's target costs no more than its source's Might ({might})"
    if target.get("token") and not obj.get("token"):
        return f"{name} is no token, and the card's target is a token"
    if target.get("state") == "empowered" and not obj.get("empowered"):
        return f"{name} is not Empowered, and the card's target is"
    unwanted = target.get("not_state")
    if unwanted in _STATES and obj.get(_STATES[unwanted]):
        return f"{name} is {unwanted}, and the card's target is not"
    return None


def group_mismatch(state: dict[str, Any], spec: dict[str, Any], given: list[dict[str, Any]]) -> str | None:
    """Why the objects the recorded ops of one instruction act on are not the group its target names (`group`:
    `same_place` "at the same location", `same_controller`, `might_max` "with total Might 5 or less" (their
    Mights as the item resolves), `same_destination` "to a single location"), or None when they are."""
    group = (spec.get("target") or {}).get("group")
    objects = [state["objects"][effect["target"]] for effect in given if effect.get("target") in state["objects"]]
    if not group or not objects:
        return None
    names = ", ".join(f"{obj['id']} ({obj['card']})" for obj in objects)
    if group.get("same_place") and len({obj.get("location") for obj in objects}) > 1:
        return f"records {spec['op']} to {names}, which are not at the same location, as the card's are"
    if group.get("same_controller") and len({obj["controller"] for obj in objects}) > 1:
        return f"records {spec['op']} to {names}, which do not have the same controller, as the card's have"
    total = sum(obj.get("might") or 0 for obj in objects)
    if "might_max" in group and total > group["might_max"]:
        return f"records {spec['op']} to {names}, whose total Might is {total}, and the card's have " \
               f"{group['might_max']} or less"
    if group.get("same_destination") and len({str(effect.get("to")) for effect in given}) > 1:
        return f"records {spec['op']} to {', '.join(sorted({str(effect.get('to')) for effect in given}))}, and the " \
               f"card's go to a single location"
    return None
