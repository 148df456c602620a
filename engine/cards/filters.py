"""The parts of a target filter read from the card (engine/cards/targets.py) that engine/cards/resolutions.py's
target check leaves to this module: what is printed on the object's card, and states it does not know.

- `cost_max` / `cost_min`: the card's printed Energy cost ("a gear with Energy cost no more than [1]",
  "with Energy cost [2] or less"); an object with no printed cost (a token) costs 0;
- `cost_max_might`: "me": an Energy cost no more than the ability's source's Might as the item resolves ("a gear
  with Energy cost no more than my Might"; unknown when the source has left the board: not checked);
- `token`: the object is a token ("your token units");
- `about`: "it" in a triggered ability, the object its trigger is about (the chain item's `about`, engine/due.py);
- `card`: the object is a card of that name ("a Shadow Clone you control": a token's kind);
- `in_showdown`: the object is at the battlefield of the showdown ("a friendly unit in a showdown");
- `state` "empowered": the object is Empowered (v1.4 827.3, "a unit that's [Empowered]");
- `not_state`: a state the object must not be in (a reviewed "Otherwise" of "If it is stunned", a unit not
  "attacker" for "If it's attacking, deal 4 to it instead").

`group_mismatch` checks what the objects one instruction acts on share ("up to three units at the same location",
"with total Might 5 or less", "with the same controller", "to a single location"); `related` what an instruction's
objects are to those of an instruction before it (`problems` asks both for each instruction of a resolution).

Plain data in, a reason out (None when the objects fit), as resolutions.py's own check answers.
"""
from __future__ import annotations

from typing import Any, Callable

Filter = dict[str, Any]
Fits = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], str], "str | None"]
_STATES = {"exhausted": "exhausted", "stunned": "stunned", "empowered": "empowered", "attacker": "attacker",
           "defender": "defender"}


def mismatch(state: dict[str, Any], item: dict[str, Any], target: Filter, chosen: str,
             fits: Fits | None = None) -> str | None:
    """Why the object `chosen` does not fit the filter's printed-cost and state bounds, its `any_of` (one of
    these filters, each checked by `fits`, the rules' own target check: "a unit at a battlefield or a gear") or its
    `might_below_chosen` ("an enemy unit with less Might than it", the friendly unit chosen: one of the item's
    targets, or any friendly unit where it chose none), or None when it does."""
    obj = state["objects"].get(chosen)
    if obj is None:
        return None
    name = f"{chosen} ({obj['card']})"
    if fits is not None and "any_of" in target and all(fits(state, item, one, chosen) for one in target["any_of"]):
        return f"{name} is none of what the card's target may be"
    if target.get("might_below_chosen") and isinstance(obj.get("might"), int):
        units = [unit for unit in state["objects"].values() if unit["zone"] == "board" and unit["type"] == "Unit"
                 and unit["controller"] == item["controller"]]
        chosen_units = [unit for unit in units if unit["id"] in item.get("targets", [])] or units
        if not any(isinstance(unit.get("might"), int) and obj["might"] < unit["might"] for unit in chosen_units):
            return f"{name} has {obj['might']} [S], and the card's target has less Might than the friendly unit " \
                   f"chosen ({', '.join(unit['id'] for unit in chosen_units) or 'none'})"
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
    if target.get("about") and item.get("about") and chosen != item["about"]:  # "it": what the trigger is about
        return f"{name} is not what the trigger is about ({item['about']}), and the card's \"it\" is"
    if "card" in target and not str(obj["card"]).startswith(target["card"]):  # "a Shadow Clone you control"
        return f"{name} is no {target['card']}, and the card's target is"
    if target.get("in_showdown") and obj.get("location") != (state.get("showdown") or {}).get("battlefield"):
        return f"{name} is not at the battlefield of a showdown, and the card's target is"
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


# -- an instruction's objects related to those of another -----------------------------------------------------------
# A spec's relations to the spec `of` places before (or after) it, each checked against the ops recorded for both:
# - target `relative`: {"of", "same_place"} "an enemy unit at its location", {"of", "other"} "and another unit",
#   {"of", "among"} one of that instruction's objects ("give the friendly unit +2 [S]" of the two that fight);
# - `to_place_of`: k, "move a friendly unit to that enemy unit's battlefield": the move goes where that object is;
# - `to_beside_controller`: "to a location where there's a unit with the same controller" (another unit there);
# - `to_not_here`: "to a different battlefield" than the source's;
# - `to_or_from_base`: "to or from its base": from a battlefield to base, or from base to a battlefield;
# - `to_weaker_enemy`: "to an occupied enemy battlefield if my Might is greater than the total Might of enemy
#   units there";
# - `amount_might_of`: k, "Deal damage equal to its Might ..., then move your unit there": the amount is the Might
#   of the object instruction k acts on (as the item resolves);
# - `alternative_to`: k, "Deal 6 to it unless its controller has you draw 2": one of the two, never both;
# - `if_its`: {"of", "whose"} / {"of", "leaves_alone"}, "If it was an enemy unit, ...", "Then, if there's an
#   enemy unit alone at that battlefield, ...": done (and then required) only when that object was
#   the controller's ("friendly") or not ("enemy") as the item resolved; the branches of one op are counted
#   together (`_branches`), as the rules' matching may give an op to either;
# - `count_each`: {filter}, one op for each object the filter fits ("a ... token for each Equipment you control");
# - `at_least_of`: {"of", "most"}, "Then ready two of them": as many ops as that instruction's, up to `most`;
# - `relative_required`: the op is required where the relation can be followed (an object fitting it is there;
#   the spec is `optional` so that the rules' own count of what is there does not ask for it elsewhere).
def problems(state: dict[str, Any], item: dict[str, Any], specs: list[dict[str, Any]],
             assigned: dict[int, list[dict[str, Any]]], fits: Fits) -> list[tuple[int, str]]:
    """Each (spec index, message) where the recorded ops of one instruction do not share what its group names or
    do not stand to another instruction's objects as the card says."""
    found: list[tuple[int, str]] = []
    for index, spec in enumerate(specs):
        message = group_mismatch(state, spec, assigned[index]) or related(state, item, specs, assigned, index, fits)
        if message:
            found.append((index, message))
    return found


def _objects_of(state: dict[str, Any], assigned: dict[int, list[dict[str, Any]]], index: int) -> list[dict[str, Any]]:
    return [state["objects"][effect["target"]] for effect in assigned.get(index, [])
            if effect.get("target") in state["objects"]]


def related(state: dict[str, Any], item: dict[str, Any], specs: list[dict[str, Any]],
            assigned: dict[int, list[dict[str, Any]]], index: int, fits: Fits) -> str | None:
    """Why the ops of instruction `index` do not stand to another instruction's objects as the card says, or
    None."""
    spec, given = specs[index], assigned[index]
    target = spec.get("target") or {}
    relative, its = target.get("relative"), spec.get("if_its")
    for effect in given:
        obj = state["objects"].get(effect.get("target") or "")
        if relative and obj is not None:
            others = _objects_of(state, assigned, index + relative["of"])
            if relative.get("same_place") and others and obj.get("location") not in {o.get("location") for o in others}:
                return f"records {spec['op']} to {obj['id']} ({obj['card']}) at {obj.get('location')}, and the " \
                       f"card's target is where {', '.join(o['id'] for o in others)} is"
            if relative.get("among") and others and obj["id"] not in {other["id"] for other in others}:
                return f"records {spec['op']} to {obj['id']} ({obj['card']}), and the card's target is one of " \
                       f"{', '.join(other['id'] for other in others)}"
            if relative.get("other") and obj["id"] in {other["id"] for other in others}:
                return f"records {spec['op']} to {obj['id']} ({obj['card']}) twice, and the card's target is another"
        if "amount_might_of" in spec:  # "Deal damage equal to its Might ..., then move your unit there"
            mights = {other.get("might") for other in _objects_of(state, assigned, index + spec["amount_might_of"])}
            if mights and effect.get("amount") not in mights:
                return f"records {spec['op']} {effect.get('amount')}, and the card's amount is the Might of the unit " \
                       f"it names ({', '.join(map(str, sorted(mights, key=str)))})"
        to = str(effect.get("to") or "")
        if "to_place_of" in spec:
            places = {other.get("location") for other in _objects_of(state, assigned, index + spec["to_place_of"])}
            if places and (_place_named(to, obj) if obj is not None else to) not in places:
                return f"records {spec['op']} to {to}, and the card's goes to {', '.join(sorted(map(str, places)))}"
        if spec.get("to_not_here"):
            source = state["objects"].get(item.get("source") or "")
            if source is not None and source["zone"] == "board" and to == source.get("location"):
                return f"records {spec['op']} to {to}, where its source is, and the card's goes to a different one"
        if spec.get("to_or_from_base") and obj is not None and \
                _place(obj).startswith("base") == _place_named(to, obj).startswith("base"):
            return f"records {spec['op']} of {obj['id']} ({obj['card']}) from {_place(obj)} to {to}, and the card's " \
                   f"goes to or from its base"
        if spec.get("to_weaker_enemy") and (reason := _weaker_there(state, item, to)):
            return f"records {spec['op']} to {to}, {reason}"
        if spec.get("to_beside_controller") and obj is not None and not any(
                other["zone"] == "board" and other["type"] == "Unit" and other["id"] != obj["id"]
                and other["controller"] == obj["controller"] and _place(other) == _place_named(to, obj)
                for other in state["objects"].values()):
            return f"records {spec['op']} to {to}, where {obj['controller']} has no other unit"
    if "alternative_to" in spec:
        return _alternative(state, item, specs, assigned, index, fits)
    return _branches(state, item, specs, assigned, index) if its else \
        _required(state, item, specs, assigned, index, fits)


def _alternative(state: dict[str, Any], item: dict[str, Any], specs: list[dict[str, Any]],
                 assigned: dict[int, list[dict[str, Any]]], index: int, fits: Fits) -> str | None:
    """"Deal 6 to it unless its controller has you draw 2": one of the two instructions (`alternative_to`: the
    other's place), never both, and one of them while the first has something to act on."""
    other = index + specs[index]["alternative_to"]
    if assigned[index] and assigned[other]:
        return f"records both {specs[other]['text']!r} and {specs[index]['text']!r}, and the card does one or the other"
    target = specs[other].get("target")
    if not assigned[index] and not assigned[other] and target is not None and any(
            obj["zone"] == "board" and fits(state, item, target, object_id) is None
            for object_id, obj in state["objects"].items()):
        return f"records neither {specs[other]['text']!r} nor {specs[index]['text']!r}"
    return None


def _weaker_there(state: dict[str, Any], item: dict[str, Any], to: str) -> str | None:
    """Why `to` is not "an occupied enemy battlefield" where the enemy units' total Might is less than the
    source's, or None."""
    battlefield = next((entry for entry in state["battlefields"] if entry.get("id") == to), None)
    if battlefield is None or battlefield.get("controller") in (None, item["controller"]):
        return "which is no enemy battlefield"
    enemies = [obj for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
               and obj.get("location") == to and obj["controller"] != item["controller"]]
    source = state["objects"].get(item.get("source") or "") or {}
    total, might = sum(obj.get("might") or 0 for obj in enemies), source.get("might")
    if not enemies:
        return "where no enemy unit is"
    if isinstance(might, int) and might <= total:
        return f"where the enemy units' total Might is {total}, not less than its source's ({might})"
    return None


def _branches(state: dict[str, Any], item: dict[str, Any], specs: list[dict[str, Any]],
              assigned: dict[int, list[dict[str, Any]]], index: int) -> str | None:
    """"If it was an enemy unit, play a Gold ... If it was a friendly unit, play two Gold ...": the ops of the
    `if_its` instructions of one op (checked once, at the first) are as many as the instructions whose condition
    holds give, none where the object before them was not there."""
    group = [position for position, other in enumerate(specs)
             if other.get("if_its") and other["op"] == specs[index]["op"]]
    if index != group[0]:
        return None
    recorded = sum(len(assigned[position]) for position in group)
    holding = [position for position in group if _its_holds(state, item, specs[position]["if_its"], _objects_of(
        state, assigned, position + specs[position]["if_its"]["of"]))]
    expected = sum(specs[position].get("amount") or 1 for position in holding)
    if recorded == expected:
        return None
    which = " and ".join(repr(specs[position]["text"]) for position in holding) or "none of its conditions holds"
    return f"records {recorded} {specs[index]['op']}, and the card gives {expected} ({which})"


def _required(state: dict[str, Any], item: dict[str, Any], specs: list[dict[str, Any]],
              assigned: dict[int, list[dict[str, Any]]], index: int, fits: Fits) -> str | None:
    """A `relative_required` op left out where it could be followed: an object fitting its target stands where
    the related object is, or the object before it was of the controller the condition names."""
    spec, given = specs[index], assigned[index]
    if "count_each" in spec:  # "Play a ... token for each Equipment you control": one op each, as it resolves
        each = sum(1 for object_id, obj in state["objects"].items() if obj["zone"] == "board"
                   and fits(state, item, spec["count_each"], object_id) is None)
        if len(given) != each:
            return f"records {len(given)} {spec['op']} for {spec['text']!r}, and the card gives {each}"
    if "at_least_of" in spec:  # "Then ready two of them": as many of them as there are, up to that number
        need = min(spec["at_least_of"]["most"], len(assigned[index + spec["at_least_of"]["of"]]))
        if len(given) < need:
            return f"records {len(given)} {spec['op']} for {spec['text']!r}, and the card names {need}"
    if not spec.get("relative_required"):
        return None
    target = spec.get("target") or {}
    if target.get("relative", {}).get("same_place") and not given:
        places = {other.get("location") for other in _objects_of(state, assigned, index + target["relative"]["of"])}
        there = [object_id for object_id, obj in state["objects"].items() if obj["zone"] == "board"
                 and obj.get("location") in places and fits(state, item, target, object_id) is None]
        if there:
            return f"records no {spec['op']} for {spec['text']!r}, and something is there to act on " \
                   f"({', '.join(there)})"
    return None


def _its_holds(state: dict[str, Any], item: dict[str, Any], its: dict[str, Any], objects: list[dict[str, Any]]) -> bool:
    """Whether an `if_its` condition holds of the objects the instruction before acted on: `whose` ("If it was an
    enemy unit"), or `leaves_alone` ("Then, if there's an enemy unit alone at that battlefield": once they have
    left it, an enemy unit there has no other unit of its controller beside it)."""
    if "whose" in its:
        return _whose(item, objects) == its["whose"]
    if its.get("leaves_alone") and objects:
        gone = {obj["id"] for obj in objects}
        left = [obj for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
                and obj.get("location") == objects[0].get("location") and obj["id"] not in gone]
        return any(unit["controller"] != item["controller"] and
                   not any(other["id"] != unit["id"] and other["controller"] == unit["controller"] for other in left)
                   for unit in left)
    return False


def _whose(item: dict[str, Any], objects: list[dict[str, Any]]) -> str | None:
    if not objects:
        return None
    return "friendly" if objects[0]["controller"] == item["controller"] else "enemy"


def _place(obj: dict[str, Any]) -> str:
    return str(obj.get("location") or "")


def _place_named(to: str, obj: dict[str, Any]) -> str:
    """A move's `to` as a location: "base" is the base of the unit's controller."""
    return f"base:{obj['controller']}" if to == "base" else to
