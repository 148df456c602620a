"""The chain: pending and finalized items, triggered abilities, and resolving the newest item first.

The later revision's rules 324-336: items join the chain pending and are finalized in order (328, 333); the
controller of the newest item gains priority (333.1.c.3); once every relevant player has passed (335.1) the newest
item resolves (336.1) and its recorded effects are applied; a cleanup follows (004 rule 519).
"""
from __future__ import annotations

from typing import Any

from engine import cleanup, effects, showdown, timing
from engine.objects import State, is_location, move_to_zone, new_id
from engine.rulings import Context


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
    """Rule 328.3: a pending item that passed its legality check is finalized."""
    item["pending"] = False


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
            context.check(obj["zone"] in ("board", "trash", "legend", "champion", "banishment"), "352.8.a",
                          f"{target} ({obj['card']}) is in {obj['zone']}, not a zone a target can be chosen from")
            item["target_incarnations"][target] = obj["incarnation"]
        elif target not in chain_ids and target not in state["players"] and not is_location(state, target):
            context.fail("352.8.a", f"target {target!r} is no object, chain item, player or battlefield of "
                                    f"this match")
    return list(targets)


def trigger(context: Context, event: dict[str, Any]) -> None:
    """A triggered ability goes on the chain as the newest item (332, 328.1; 004 rule 583); its controller gains
    priority (333.1.c.3). In a combat's showdown, triggers recorded before anything else happened form the Initial
    Chain (342); in the beginning step, a Temporary trigger (728.1.b) is one the engine was waiting for."""
    state = context.state
    player = context.player(event)
    if state["phase"] == "setup":
        context.fail("583", f"{player} triggers an ability before the first turn has begun")
    initial = showdown.joins_initial_chain(state)
    if initial:
        showdown.check_initial_order(context, player)
    source = context.object(event["source"], "583", f"{player} triggers {event['ability']!r}")
    context.check(source["controller"] == player, "182.3.b",
                  f"{player} triggers an ability of {source['id']} ({source['card']}), which {source['controller']} "
                  f"controls")
    item = add_item(context, "ability", source["card"], source["id"], player, event["ability"])
    if initial:
        item["initial"] = True
        state["showdown"]["initial_chain"] = True
    if source["id"] in state["temporary_due"]:
        state["temporary_due"].remove(source["id"])
    item["targets"] = check_targets(context, event.get("targets", []), item)
    finalize(context, item)
    timing.after_chain_change(state)


def resolve(context: Context, event: dict[str, Any]) -> None:
    """Rule 336: the newest item resolves, its effects as recorded; then a cleanup, and priority moves on."""
    state = context.state
    if not state["chain"]:
        context.fail("336.1", f"{event['item']} resolves, but the chain is empty")
    item = next((entry for entry in state["chain"] if entry["id"] == event["item"]), None)
    if item is None:
        context.fail("336.1", f"{event['item']} resolves, but it is not on the chain")
    newest = state["chain"][-1]
    context.check(item is newest, "336.1", f"{item['id']} ({item['card']}) resolves before the newest item "
                                          f"{newest['id']} ({newest['card']}): the newest item resolves first")
    waiting = [player for player in timing.relevant_players(state) if player not in state["passes"]]
    context.check(not waiting, "335.1", f"{item['id']} ({item['card']}) resolves before "
                                       f"{', '.join(waiting)} passed")
    in_showdown = state["showdown"] is not None
    effects.apply_effects(context, item, event["effects"], event.get("targets_kept"))
    if any(entry["id"] == item["id"] for entry in state["chain"]):
        leave_chain(state, item)
        source = state["objects"].get(item["source"] or "")
        if item["kind"] == "spell" and source is not None and source["zone"] == "chain":
            move_to_zone(state, source, "trash")  # 356.3.d: the spell goes to its owner's trash
    if state["phase"] == "over":
        return
    cleanup.cleanup(context)
    if in_showdown and not state["chain"] and state["showdown"] is not None:
        showdown.chain_resolved(context)
    timing.after_chain_change(state)
