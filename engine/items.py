"""Chain items: adding one, choosing its targets, finalizing it and taking it off the chain.

The later revision's rules 328-333 and 352.8. A leaf of the engine: the modules that put something on the chain
(playing a card, a triggered or activated ability) use these, and resolving an item is engine/chain.py.
"""
from __future__ import annotations

from typing import Any

from engine import due, rulechanges
from engine.editions import edition_of
from engine.objects import State, is_location, move_to_zone, new_id
from engine.rulings import Context


# The zones whose cards can be targets: the board and the public zones of the later revision's 352.10.a.1
# (battlefields and bases are the board; trashes, legend zones, champion zones and facedown zones).
TARGET_ZONES = ("board", "trash", "legend", "champion", "facedown")


def add_item(context: Context, kind: str, card: str | None, source: str | None, controller: str,
             label: str | None = None) -> dict[str, Any]:
    """Put a new pending item on top of the chain (rules 328.1-328.2, 351.2)."""
    item = {"id": new_id(context.state, "c"), "kind": kind, "card": card, "source": source,
            "controller": controller, "pending": True, "targets": [], "target_incarnations": {}, "label": label}
    context.state["chain"].append(item)
    return item


def move_card_to_chain(state: State, obj: dict[str, Any]) -> None:
    """Rule 351: the card leaves the zone it is played from for the chain."""
    move_to_zone(state, obj, "chain")


def finalize(context: Context, item: dict[str, Any]) -> None:
    """Rule 328.3: a pending item that passed its legality check is finalized; the Targeting Effects of what it
    targets trigger (v1.4 383.4.b.2)."""
    item["pending"] = False
    due.chosen(context, item, item.get("targets", []))


def leave_chain(state: State, item: dict[str, Any]) -> None:
    state["chain"] = [entry for entry in state["chain"] if entry["id"] != item["id"]]


def check_targets(context: Context, targets: list[str], item: dict[str, Any]) -> list[str]:
    """Rule 352.8: a target is a permanent or rune on the board, an item on the chain, a player, a battlefield, or a
    card in a public zone; never the spell itself (352.8.c)."""
    state = context.state
    chain_ids = {entry["id"] for entry in state["chain"]}
    for target in targets:
        # An ability may target its own source: they are separate objects (352.8.c).
        if target == item["id"] or item["kind"] != "ability" and target == item["source"]:
            context.flag("352.8.c", f"{item['card']!r} cannot target itself")
            continue
        obj = state["objects"].get(target)
        if obj is not None:
            if obj["zone"] == "banishment":  # not a public zone of 352.10.a.1; 107.5.i: referring is no choosing
                context.flag("352.10.a.1", f"{target} ({obj['card']}) is in banishment: a card there is never a "
                                           f"target (107.5.i)")
            else:
                context.check(obj["zone"] in TARGET_ZONES, "352.8.a", f"{target} ({obj['card']}) is in "
                                                                      f"{obj['zone']}, not a zone a target can be "
                                                                      f"chosen from")
            item["target_incarnations"][target] = obj["incarnation"]
            forbidding = rulechanges.untargetable_by(state, obj, item["controller"])
            # v1.4 758: untargetable objects are not legal targets (before v1.4 only the card's text said so, 002)
            rule = "v1.4 758" if edition_of(state).untargetable_mistargets else "002"
            context.check(not forbidding, rule, f"{item['controller']} chooses {target} ({obj['card']}), which "
                                                f"{rulechanges.why(state, forbidding)}" if forbidding else "")
        elif target not in chain_ids and target not in state["players"] and not is_location(state, target):
            context.fail("352.8.a", f"target {target!r} is no object, chain item, player or battlefield of "
                                    f"this match")
    return list(targets)
