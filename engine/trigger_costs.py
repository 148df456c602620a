"""A triggered ability's cost within its instructions, paid as it is finalized (v1.3 742.1.b, 403.1.b.1, 404).

"When I attack, you may pay [R] to give me [Assault 2] this turn" (Baccai Reaper), "When you conquer here, you may
pay [1] to draw 1" (Sunken Temple): a cost within an instruction ("[do X] to [do Y]", 742.1) of a triggered ability
is its base cost (403.1.b.1) and is paid on finalization: "In order to place the triggered ability on the chain,
the cost must be paid" (742.1.b). A player who declines to pay never puts it on the chain (404.2), so nothing is
recorded. Spells pay theirs as they resolve (742.1.a), with the `pay` op (engine/costs.py).

Recorded as the `trigger` event's `cost` (`{energy?, power?: {Domain or "any": n}, exhausting?: [ids], xp?}`) with
the runes used in `pay` (`{exhaust, recycle}`), paid the way a play pays (engine/costs.py), plus exhausting what the
instruction exhausts ("pay [1] and exhaust this": Spirit Wheel, Mistfall), spending XP ("pay 2 XP", v1.3
730.2) and burning (`burn`: the cards burned, top first, `null` for one unseen; "you may [Burn 1] to give me +1
[S]", Shadow Order Disciple: a player burns when a cost instructs it, v1.4 440.3.a, as many as possible, burning
out when the deck runs short, 440.4; engine/decktop.py). What cannot be paid is flagged.

A leaf module.
"""
from __future__ import annotations

from typing import Any

from engine import costs, decktop
from engine.errors import MalformedEvent
from engine.rulings import Context

FIELDS = ("energy", "power", "exhausting", "xp", "burn")
RULE = "v1.3 742.1.b"


def check_cost(cost: Any) -> dict[str, Any]:
    """A trigger's cost: its fields and their types; raises MalformedEvent naming what is wrong."""
    where = "'trigger' event, 'cost'"
    if not isinstance(cost, dict) or set(cost) - set(FIELDS) or not cost:
        raise MalformedEvent(f"{where}: a cost is a map of {', '.join(FIELDS)}, got {cost!r}")
    power = cost.get("power", {})
    numbers = [cost.get("energy", 0), cost.get("xp", 0), *(power.values() if isinstance(power, dict) else [None])]
    if not all(isinstance(value, int) and not isinstance(value, bool) and value >= 0 for value in numbers):
        raise MalformedEvent(f"{where}: energy, xp and power ({{Domain or 'any': n}}) are whole numbers, 0 or "
                             f"more, got {cost!r}")
    exhausting = cost.get("exhausting", [])
    if not isinstance(exhausting, list) or not all(isinstance(object_id, str) for object_id in exhausting):
        raise MalformedEvent(f"{where}: 'exhausting' lists object ids, got {exhausting!r}")
    burned = cost.get("burn", [])
    if not isinstance(burned, list) or not all(card is None or isinstance(card, str) for card in burned):
        raise MalformedEvent(f"{where}: 'burn' lists the cards burned, top first (null for one unseen), got "
                             f"{burned!r}")
    return cost


def pay(context: Context, event: dict[str, Any], item: dict[str, Any]) -> None:
    """Pay the `cost` of a `trigger` event as its item is finalized (v1.3 742.1.b, 404.1)."""
    if "cost" not in event:
        return
    cost = check_cost(event["cost"])
    state, player = context.state, item["controller"]
    what = f"{item['id']} ({item['card']}: {event['ability']!r})"
    for object_id in cost.get("exhausting", []):
        obj = context.object(object_id, RULE, f"{player} exhausts {object_id} to pay for {what}")
        name = f"{object_id} ({obj['card']})"
        if not context.check(obj["zone"] in ("board", "legend") and obj["controller"] == player, RULE,
                             f"{player} exhausts {name} to pay for {what}, but it is no permanent of theirs in "
                             f"play"):
            continue
        if context.check(not obj["exhausted"], RULE, f"{player} exhausts {name} to pay for {what}, but it is "
                                                     f"exhausted already"):
            obj["exhausted"] = True
    costs.add_runes_paid(context, player, event.get("pay", {}), RULE)
    entry = state["players"][player]
    energy, power = cost.get("energy", 0), cost.get("power", {})
    short_energy, short_power = costs.take_from_pool(entry["pool"], energy, costs.power_requirements(power),
                                                       (state, player))
    context.check(not short_energy and not short_power, RULE,
                  f"{player} cannot pay {energy} Energy and {costs.power_text(power)} Power for {what}: "
                  f"{short_energy} Energy and {short_power} Power are missing")
    spent = cost.get("xp", 0)
    if spent:
        have = entry.get("xp", 0)
        if context.check(have >= spent, "v1.3 730.2", f"{player} spends {spent} XP for {what} but has {have}"):
            entry["xp"] = have - spent
    if cost.get("burn"):
        decktop.burn(context, item, {"player": player, "cards": cost["burn"]}, None)
    item["paid"] = cost
