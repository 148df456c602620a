"""Attachment: the effect ops `attach {target, to}` and `detach {target}`, Equip and Weaponmaster (v1.3 434-435,
716-719, 818, 821).

A gear attached to a unit is linked to it: the unit is its Top-Most Card and has the gear's Might Bonus and the
keywords of its Effect Text (v1.3 718.3-718.4, computed by objects.refresh), they are at one location and move
together (719.3), and the gear's own rules text is inactive (718.2). When the unit leaves the board the gear
detaches and stays where the unit was (719.5, 435.4.b), so a gear left at a battlefield is recalled by the next
cleanup (435.4.a); when the gear leaves the board it detaches (objects.release_attachments).

Equip is an activated ability "[Cost]: Attach this gear to a unit you control" whose unit is its target (818.1.b.1,
818.1.c.2), checked as it is activated (engine/abilities.py); its `resolve` records the `attach`. Weaponmaster is
a triggered ability (`trigger` with the label "Weaponmaster"): as it resolves, the `attach` of an Equipment you
control to the unit pays that Equipment's Equip cost reduced by [A] (821.1.c), from runes named in the op's `pay`
and the pool. Quick-Draw gives a gear Reaction (819.1.b, engine/timing.py) and a trigger that attaches it as it is
played, recorded with `trigger` and an `attach` like any other.

A leaf module: the effect ops receive the effects module's target check (`target_of`) from the OPS table.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import costs, due
from engine.cards import checks_abilities
from engine.objects import attach, detach, facts
from engine.rulings import Context

TargetOf = Callable[..., "dict[str, Any] | None"]
WEAPONMASTER = "Weaponmaster"


def attach_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None,
              target_of: TargetOf) -> None:
    """`attach {target, to}`: attach the gear `target` to the unit `to` (v1.3 434). A gear or unit that is no
    longer a legal choice is unaffected (later revision 356.3.e.5)."""
    gear = target_of(context, item, effect, kept)
    unit = target_of(context, item, {**effect, "target": effect["to"]}, kept, unit=True)
    if gear is None or unit is None:
        return
    gear_name, unit_name = f"{gear['id']} ({gear['card']})", f"{unit['id']} ({unit['card']})"
    if not context.check(gear["type"] == "Gear", "v1.3 434.1",
                         f"{item['id']} attaches {gear_name}, a {gear['type']}: only gear is attached to units"):
        return
    if not context.check(gear["id"] != unit["id"], "v1.3 434.1.a", f"{item['id']} attaches {gear_name} to itself"):
        return
    if item.get("keyword") == "Equip" and not _equip_follows(context, item, gear, unit, gear_name, unit_name):
        return
    if _is_weaponmaster(context, item) and not _weaponmaster_pays(context, item, effect, gear, unit, gear_name):
        return
    attach(context.state, gear, unit)
    due.attached(context, item["controller"], gear, unit)


def detach_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None,
              target_of: TargetOf) -> None:
    """`detach {target}`: the gear is no longer attached and stays where it is (v1.3 435.4); detaching a card
    attached to nothing does nothing (435.1.a.1)."""
    gear = target_of(context, item, effect, kept)
    if gear is not None:
        detach(context.state, gear)


def _equip_follows(context: Context, item: dict[str, Any], gear: dict[str, Any], unit: dict[str, Any],
                   gear_name: str, unit_name: str) -> bool:
    """An Equip ability attaches its own gear to the unit it chose, still one its controller controls (v1.3
    818.1.b.1, 818.1.c.2); a unit no longer under their control is an illegal target, unaffected (356.3.e.5)."""
    if not context.check(gear["id"] == item["source"], "v1.3 818.1.c.2",
                         f"{item['id']} (Equip of {item['source']}) attaches {gear_name}: Equip attaches its own gear"):
        return False
    if not context.check(unit["id"] in item["targets"], "v1.3 818.1.b.1",
                         f"{item['id']} (Equip) attaches {gear_name} to {unit_name}, which it did not choose"):
        return False
    return context.check(unit["controller"] == item["controller"], "356.3.e.5",
                         f"{item['id']} (Equip) attaches {gear_name} to {unit_name}, which {item['controller']} no "
                         f"longer controls: an illegal target is unaffected")


def _is_weaponmaster(context: Context, item: dict[str, Any]) -> bool:
    return item["kind"] == "ability" and str(item.get("label") or "").casefold() == WEAPONMASTER.casefold()


def equip_ability(state: dict[str, Any], card: str | None) -> dict[str, Any] | None:
    """A card's Equip ability (v1.3 818), or None."""
    for ability in facts(state, card).get("abilities", []):
        if ability.get("kind") == "activated" and ability.get("keyword") == "Equip":
            return ability
    return None


def _weaponmaster_pays(context: Context, item: dict[str, Any], effect: dict[str, Any], gear: dict[str, Any],
                       unit: dict[str, Any], gear_name: str) -> bool:
    """Weaponmaster (v1.3 821.1.c): an Equipment its controller controls attaches to the unit with Weaponmaster
    for its Equip cost reduced by [A] (one Power of any domain, as 356.4.f.1's "[A] less" reduces a [C]); a cost
    with no Power is not reduced (821.1.c.3); without an Equip cost it cannot be paid (821.1.c.4) and the gear
    stays where it is (821.1.c.5)."""
    state = context.state
    player = item["controller"]
    if not context.check(unit["id"] == item["source"], "v1.3 821.1.c",
                         f"{item['id']} (Weaponmaster of {item['source']}) attaches {gear_name} to {unit['id']}: "
                         f"Weaponmaster attaches to the unit with it"):
        return False
    if not context.check(gear["controller"] == player and "Equipment" in facts(state, gear["card"]).get("tags", []),
                         "v1.3 821.1.c", f"{item['id']} (Weaponmaster) chooses {gear_name}, which is not an "
                                         f"Equipment {player} controls"):
        return False
    ability = equip_ability(state, gear["card"])
    if not context.check(ability is not None, "v1.3 821.1.c.4",
                         f"{item['id']} (Weaponmaster) attaches {gear_name}, which has no Equip cost to pay"):
        return False
    cost = ability.get("cost", {})
    power = dict(cost.get("power", {}))
    reduced = next((domain for domain in (costs.ANY, *sorted(power)) if power.get(domain)), None)
    rule = "v1.3 821.1.c.5"
    if checks_abilities(state) and power.get(costs.ANY, 0) <= costs.own_domain_power(cost):
        reduced, rule = None, "v1.3 821.1.c.3"  # a cost without [A] is paid, not reduced (v1.4 821.1.c.3)
    if reduced is not None:
        power[reduced] -= 1  # v1.3 821.1.c: reduced by [A]
    costs.add_runes_paid(context, player, effect.get("pay", {}), "v1.3 821.1.c.5")
    energy = cost.get("energy", 0)
    short_energy, short_power = costs.take_from_pool(
        state["players"][player]["pool"], energy,
        costs.printed_power_requirements(cost, power, facts(state, gear["card"]).get("domains", [])), (state, player))
    less = "not reduced: it has no [A]" if rule == "v1.3 821.1.c.3" else "after the [A] less"
    return context.check(not short_energy and not short_power, rule,
                         f"{player} cannot pay the Equip cost of {gear_name} for Weaponmaster ({energy} Energy and "
                         f"{costs.power_text(power)} Power, {less}): {short_energy} Energy and "
                         f"{short_power} Power are missing, so it stays where it is")
