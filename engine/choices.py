"""Chain items changing hands and new choices for them: Mystic Reversal's "Gain control of a spell. You may make new
choices for it.", Rebuttal's "... gain control of it and you may make new choices for it." (contract section 1:
effect ops, in the spirit of `control` and `counter`).

- `control {item, player}`: the op `control` naming a chain `item` rather than a `target` object: the item's
  controller becomes `player` (a spell is controlled by the player who played it, v1.4 156, until an effect says
  otherwise: 002). "Friendly", "enemy" and "can't be chosen by enemy spells" are from then on reckoned from the
  item's new controller (v1.4 359.3.f.4's example); its card, which the item stands for on the chain, is untouched
  and still goes to its owner's trash.
- `retarget {item, targets, modes?, destinations?}`: new choices for a finalized item on the chain (v1.4 750-755):
  `targets` is the item's whole list of targets after the new choices; `modes` (1 for the first printed) and
  `destinations` (locations), the modes and destinations it now chooses (752.1), kept on the item. A play does not
  record the modes and destinations it chose (they show in its resolution's ops), so the ones a `retarget` names
  are new unless an earlier `retarget` named the same. Once named, a checked resolution is matched against those
  modes only (engine/cards/resolutions.py) and a v1.4 resolution's moves must go to one of those destinations
  (752.1, flagged). The location a permanent is played to is chosen and used as it is played, so no such item is
  left on the chain (752.1).

Every edition applies both ops (no match recorded before them holds them). A v1.4 match checks them against
750-755 (`Edition.defines_new_choices`): the item is finalized and on the chain (751), something is chosen that was
not chosen before (751.1), and every new choice is legal for the item as its controller now makes it (753.1: a
target the item could not choose, a mode its card does not offer, a destination that is no location; refused in
strict, flagged and the op skipped in audit, so the item keeps its choices). The Targeting Effects of what it
targets anew trigger then (754, engine/due.py `chosen`). No cost is paid for the new choices (755: a Deflect on a
new target asks nothing), and a new target has its own `target_incarnations` entry from now on (its later change of
zones makes it illegal, 356.3.e.4). Targets kept keep theirs. Earlier editions have no rule 750: a new target is checked as any target is (352.8).
"""
from __future__ import annotations

from typing import Any

from engine import due, items
from engine.cards import resolutions
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import is_location
from engine.rulings import Context, Unappliable


def chain_item(context: Context, item: dict[str, Any], effect: dict[str, Any]) -> dict[str, Any] | None:
    """The chain item an op names (`item`), or None (flagged) when it is not on the chain: the instruction cannot be
    followed (356.3.e.6; in a v1.4 match, new choices are made for an item on the chain, 751)."""
    state = context.state
    found = next((entry for entry in state["chain"] if entry["id"] == effect["item"]), None)
    if found is None:
        rule = "v1.4 751" if effect["op"] == "retarget" and edition_of(state).defines_new_choices else "356.3.e.6"
        context.flag(rule, f"{item['id']} {effect['op']}s {effect['item']!r}, which is not on the chain")
    return found


def control_item(context: Context, item: dict[str, Any], effect: dict[str, Any]) -> None:
    """`control {item, player}`: the chain item (and its card on the chain) comes under `player`'s control."""
    target = chain_item(context, item, effect)
    if target is None:
        return
    target["controller"] = context.player(effect)


def retarget(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """`retarget {item, targets, modes?, destinations?}`: the item's targets become `targets`, and its modes and
    destinations those named (new choices, v1.4 750-755)."""
    targets = effect["targets"]
    if len(set(targets)) != len(targets):
        raise MalformedEvent(f"effect op 'retarget': 'targets' names a target twice: {targets!r}")
    remade = _remade_fields(effect)
    target = chain_item(context, item, effect)
    if target is None:
        return
    v14 = edition_of(context.state).defines_new_choices
    name = f"{target['id']} ({target['card']})"
    if v14 and not context.check(not target["pending"], "v1.4 751",
                                 f"{item['id']} makes new choices for {name}, which is not finalized yet"):
        return
    new = [choice for choice in targets if choice not in target["targets"]]
    changed = {field: value for field, value in remade.items() if target.get(field) != value}
    if v14 and not context.check(bool(new) or bool(changed), "v1.4 751.1",
                                 f"{item['id']} makes new choices for {name} but chooses nothing it did not choose "
                                 f"before (its targets were {', '.join(target['targets']) or 'none'})"):
        return
    problems = _illegal(context, target, new) + (_illegal_modes_or_destinations(context.state, target, remade)
                                                 if v14 else [])
    if problems:
        if v14:
            reasons = "; ".join(f"{problem['message']} ({problem['rule']})" for problem in problems)
            context.flag("v1.4 753.1", f"{item['id']} makes new choices for {name} that are illegal: {reasons}; "
                                       f"it keeps its targets")
        else:
            context.violations.extend(problems)
        return
    incarnations = {choice: number for choice, number in target["target_incarnations"].items() if choice in targets}
    for choice in new:
        obj = context.state["objects"].get(choice)
        if obj is not None:
            incarnations[choice] = obj["incarnation"]
    target["targets"], target["target_incarnations"] = list(targets), incarnations
    target.update(remade)
    if v14:  # v1.4 754: the Targeting Effects of what it targets anew trigger at that time
        due.chosen(context, target, new)


def _remade_fields(effect: dict[str, Any]) -> dict[str, list[Any]]:
    """The modes (1 for the first printed, as many as the item performs) and destinations a `retarget` names (v1.4
    752.1); `MalformedEvent` naming the field otherwise."""
    remade: dict[str, list[Any]] = {}
    modes = effect.get("modes")
    if modes is not None:
        if not modes or not all(isinstance(mode, int) and not isinstance(mode, bool) and mode >= 1 for mode in modes):
            raise MalformedEvent(f"effect op 'retarget': 'modes' lists the modes chosen, each a whole number from 1 "
                                 f"(the first printed), got {modes!r}")
        remade["modes"] = list(modes)
    destinations = effect.get("destinations")
    if destinations is not None:
        if not destinations or not all(isinstance(place, str) for place in destinations):
            raise MalformedEvent(f"effect op 'retarget': 'destinations' lists locations (a battlefield id or "
                                 f"'base:P1'), got {destinations!r}")
        remade["destinations"] = list(destinations)
    return remade


def _illegal_modes_or_destinations(state: dict[str, Any], target: dict[str, Any],
                                   remade: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """A mode the item's card does not offer, or a destination that is no location of the match (v1.4 753.1)."""
    found = []
    count = resolutions.mode_count(state, target)
    for mode in remade.get("modes", []):
        if count is None or mode > count:
            offered = "no modes" if count is None else f"{count} modes"
            found.append({"rule": "v1.4 753.1", "message": f"mode {mode} is not one of {target['card']!r}'s: it "
                                                           f"offers {offered}"})
    for place in remade.get("destinations", []):
        if not is_location(state, place):
            found.append({"rule": "v1.4 753.1", "message": f"{place!r} is no battlefield or base of this match"})
    return found


def check_destinations(context: Context, item: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    """A resolution's moves go where the item's remade destinations say (v1.4 752.1), once new choices named them."""
    destinations = item.get("destinations")
    if not destinations or not edition_of(context.state).defines_new_choices:
        return
    for effect in effects:
        if effect.get("op") == "move" and effect.get("to") not in destinations:
            context.flag("v1.4 752.1", f"{item['id']} ({item['card']}) moves {effect.get('target')} to "
                                       f"{effect.get('to')}, but its new choices made its destination "
                                       f"{' or '.join(destinations)}")


def _illegal(context: Context, target: dict[str, Any], new: list[str]) -> list[dict[str, Any]]:
    """The violations choosing `new` as targets of the item `target` would make, for its controller now: the
    checks of any choice of targets (items.check_targets), made on a copy so that nothing is chosen yet."""
    probe = Context(context.state, context.seq)
    try:
        items.check_targets(probe, new, {**target, "target_incarnations": {}})
    except Unappliable as unappliable:
        return [*probe.violations, unappliable.violation]
    return probe.violations
