"""Costs and the rune pool: adding Energy and Power from runes, and paying a cost from the pool.

Shared by playing cards (engine/play.py, later revision 353-354) and activating abilities (engine/abilities.py,
v1.3 403-404), which pay the same way. The rune pool and the basic runes' abilities are the 2025-06-02 Core Rules
153-161 and 605. A leaf module: it imports no other rules module but `deck` (recycling a rune).
"""
from __future__ import annotations

from typing import Any

from engine import deck, due, layers, rulechanges, turn_facts
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import facts
from engine.rulings import Context

UNIVERSAL = "Universal"  # Power that pays for costs of any domain (156.2.b)
ANY = "any"  # in a cost: Power of any domain ([A], v1.3 429.5)


def add_from_runes(context: Context, player: str, exhaust: list[str], recycle: list[str]) -> None:
    """The basic runes' abilities (157.2): exhaust a rune to add 1 Energy, recycle it to add 1 Power of its
    domain."""
    state = context.state
    pool = state["players"][player]["pool"]
    for rune_id in exhaust + recycle:
        rune = context.object(rune_id, "157", f"{player} uses rune {rune_id}")
        if rune["type"] != "Rune" or rune["zone"] != "board":
            context.fail("157", f"{rune_id} ({rune['card']}) is not a rune on the board")
        if rune["controller"] != player:
            context.flag("182.3.a", f"{player} uses {rune_id}, a rune they do not control")
    for rune_id in exhaust:
        rune = state["objects"][rune_id]
        context.check(not rune["exhausted"], "157.2.a", f"{rune_id} ({rune['card']}) is already exhausted, so "
                                                        f"its [T] cost cannot be paid")
        rune["exhausted"] = True
        pool["energy"] += 1  # rule 157.2.a: [T]: Add [1]
    for rune_id in recycle:
        rune = state["objects"].get(rune_id)
        if rune is None:
            context.flag("157.2.b", f"{rune_id} is recycled twice: once recycled, it is no longer on the board")
            continue
        for domain in facts(state, rune["card"]).get("domains", []):
            pool["power"][domain] = pool["power"].get(domain, 0) + 1  # rule 157.2.b: Recycle this: Add [C]
        deck.recycle(state, rune)
        due.recycled(context, player, runes=1)  # "When you recycle a rune"


def add_runes_paid(context: Context, player: str, payment: dict[str, Any], rule: str) -> None:
    """Add what a `pay` field names ({exhaust: [rune ids], recycle: [rune ids]}) before a cost is paid."""
    for field in ("exhaust", "recycle"):
        if not isinstance(payment.get(field, []), list):
            context.fail(rule, f"'pay.{field}' must be a list of rune ids")
    add_from_runes(context, player, payment.get("exhaust", []), payment.get("recycle", []))


def take_from_pool(pool: dict[str, Any], energy: int, power: list[tuple[list[str], int]],
                   spender: tuple[dict[str, Any], str] | None = None) -> tuple[int, int]:
    """Take a cost from a rune pool as far as it goes; returns the Energy and the Power still missing.

    `spender` (the state and the player whose pool it is) counts the Power taken as spent this turn ("If you've
    spent at least [A][A] this turn", engine/turn_facts.py `power_spent`); a scratch pool has none.

    `power` lists (domains, amount) requirements: each amount is paid from Power of one of its domains (156.2),
    then from universal Power (156.2.b); an empty list of domains takes Power of any domain. Requirements of
    named domains are paid first, so that Power of any domain is left for the requirements that take any.
    """
    short_energy = max(0, energy - pool["energy"])
    pool["energy"] = max(0, pool["energy"] - energy)
    short_power = 0
    for domains, amount in sorted(power, key=lambda requirement: not requirement[0]):
        owed = amount
        for domain in [*(domains or sorted(pool["power"])), UNIVERSAL]:
            taken = min(owed, pool["power"].get(domain, 0))
            if taken:
                pool["power"][domain] -= taken
                owed -= taken
        short_power += owed
    pool["power"] = {domain: amount for domain, amount in pool["power"].items() if amount}
    if spender is not None:
        turn_facts.note(spender[0], spender[1], "power_spent", sum(amount for _, amount in power) - short_power)
    return short_energy, short_power


def pay(context: Context, player: str, payment: dict[str, Any], energy: int, power: int,
        domains: list[str], card: str, any_power: int = 0, breakdown: list[str] | None = None) -> None:
    """Rule 354.1: pay a card's combined Energy and Power cost from the rune pool, after adding what `payment`
    says.

    Power must be of one of the card's domains (156.2), or universal; `any_power` (Deflect's tax, 721.1.c.1) may be
    of any domain and is paid after it. In an audit match a cost that cannot be met is flagged and the pool is
    emptied as far as it goes.
    """
    add_runes_paid(context, player, payment, "354.1")
    pool = context.state["players"][player]["pool"]
    short_energy = max(0, energy - pool["energy"])
    pool["energy"] = max(0, pool["energy"] - energy)
    owed = power
    for domain in [*domains, UNIVERSAL]:
        taken = min(owed, pool["power"].get(domain, 0))
        if taken:
            pool["power"][domain] -= taken
            owed -= taken
    owed_any = any_power
    for domain in sorted(pool["power"], key=lambda domain: (domain in domains or domain == UNIVERSAL, domain)):
        taken = min(owed_any, pool["power"][domain])
        pool["power"][domain] -= taken
        owed_any -= taken
    pool["power"] = {domain: amount for domain, amount in pool["power"].items() if amount}
    turn_facts.note(context.state, player, "power_spent", power - owed + any_power - owed_any)
    details = f" ({'; '.join(breakdown)})" if breakdown and len(breakdown) > 1 else ""
    if short_energy or owed:
        context.flag("354.1", f"{player} cannot pay for {card!r}: it costs {energy} Energy and {power} Power "
                              f"({'/'.join(domains) or 'any'}){details}; {short_energy} Energy and {owed} Power are "
                              f"missing")
    if owed_any:
        context.flag("721.1.c", f"{player} cannot pay Deflect's {any_power} Power (of any domain) for {card!r}"
                                f"{details}: {owed_any} Power is missing")


def pay_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The effect op `pay {player, energy?, power?, pay?}`: a cost paid while a spell or ability resolves, a cost
    within an instruction ("you may pay [1] to draw 1", "[do X] to [do Y]": v1.3 403.1.b.1, 355.10.c.1), taken from
    the player's pool after adding what `pay` names. A cost that cannot be paid is flagged: the instruction it pays
    for cannot be carried out either."""
    player = context.player(effect)
    energy, power = effect.get("energy", 0), effect.get("power", {})
    if not context.check(energy >= 0 and all(amount >= 0 for amount in power.values()), "v1.3 403.1.b.1",
                         f"{item['id']} pays a negative amount for {player}"):
        return
    if effect.get("declined"):
        decline_op(context, item, player, effect, energy, power)
        return
    add_runes_paid(context, player, effect.get("pay", {}), "v1.3 403.1.b.1")
    short_energy, short_power = take_from_pool(context.state["players"][player]["pool"], energy,
                                               power_requirements(power), (context.state, player))
    context.check(not short_energy and not short_power, "v1.3 403.1.b.1",
                  f"{item['id']}: {player} cannot pay {energy} Energy and {power_text(power)} Power within its "
                  f"instruction; {short_energy} Energy and {short_power} Power are missing, so what it pays for "
                  f"is not done")


def decline_op(context: Context, item: dict[str, Any], player: str, effect: dict[str, Any], energy: int,
               power: dict[str, int]) -> None:
    """`pay {..., declined: true}`: the player chooses not to pay what the instruction asks, which is then ignored
    with what it pays for. v1.4 444.2 lets them, whatever their pool holds ("Regardless of whether or not a
    player has Energy or Power floating"). Before v1.4 a player could decline to generate it but not to spend it:
    declining with the amount in their pool is flagged. A declined payment names no runes."""
    if "pay" in effect:
        raise MalformedEvent(f"'pay' op of {item['id']}: a declined payment names no runes ('pay'), got "
                             f"{effect['pay']!r}")
    if edition_of(context.state).pay_is_optional:
        return
    pool = context.state["players"][player]["pool"]
    scratch = {"energy": pool["energy"], "power": dict(pool["power"])}
    short_energy, short_power = take_from_pool(scratch, energy, power_requirements(power))
    context.check(short_energy or short_power, "v1.3 403.1.b.1",
                  f"{item['id']}: {player} declines to pay {energy} Energy and {power_text(power)} Power with it in "
                  f"their rune pool: before v1.4 (444.2) a player may decline to generate a resource, not to spend it")


def power_requirements(power: dict[str, int]) -> list[tuple[list[str], int]]:
    """An ability's Power cost ({Domain: n, "any": n}, contract section 6) as requirements for take_from_pool."""
    return [([] if domain == ANY else [domain], amount) for domain, amount in power.items() if amount]


def own_domain_power(cost: dict[str, Any]) -> int:
    """How much of a printed cost's Power of any domain is a [C] of a card with several domains, paid with Power of
    any of the card's domains (v1.4 135.2.e.6.c): the catalog's `own_power`, in a v1.4 match's facts only."""
    return min(cost.get("own_power", 0), cost.get("power", {}).get(ANY, 0))


def printed_power_requirements(cost: dict[str, Any], power: dict[str, int],
                               domains: list[str]) -> list[tuple[list[str], int]]:
    """The requirements of a printed ability cost's Power `power` (`cost`'s, perhaps changed), its [C] of a
    multi-domain card (`own_domain_power`) taken by the card's `domains`."""
    own = min(own_domain_power(cost), power.get(ANY, 0))
    if not own:
        return power_requirements(power)
    return [(list(domains), own), *power_requirements({**power, ANY: power[ANY] - own})]


def requirements_text(requirements: list[tuple[list[str], int]]) -> str:
    """Power requirements for a message, as power_text writes a cost: "1 Fury/Chaos, 1 any"."""
    return ", ".join(f"{amount} {'/'.join(domains) or ANY}" for domains, amount in requirements) or "no"


def power_text(power: dict[str, int]) -> str:
    """A Power cost for a message: "1 Order, 1 any"."""
    return ", ".join(f"{amount} {domain}" for domain, amount in power.items() if amount) or "no"


def deflect_tax(state: dict[str, Any], player: str, targets: list[str], own: list[dict[str, Any]] = ()) -> int:
    """004 721.1.c, later revision 353.2.a.2: choosing a permanent with Deflect that an opponent controls costs its
    Deflect value in Power of any domain, for each time it is chosen (v1.3 809.1.c). In a v1.4 match a player
    directed to ignore Deflect while paying (the spell's `own` statics, or its target's battlefield's) pays none
    for that target: the keyword is inactive for that procedure (v1.4 766)."""
    tax = 0
    ignoring = edition_of(state).ignoring_effects
    for target in targets:
        obj = state["objects"].get(target)
        if obj is not None and obj["zone"] == "board" and obj["controller"] != player and not (
                ignoring and rulechanges.ignoring_deflect(state, player, obj, own)):
            tax += layers.keyword_value(state, obj, "Deflect")
    return tax


def pay_amounts(context: Context, player: str, payment: dict[str, Any], energy: int, power: dict[str, int],
                rule: str, what: str) -> None:
    """A cost within an instruction ("you may pay [1] to draw 1", v1.3 742.1) or a triggered ability's cost (with
    Deflect's tax, 721.1.c): the runes `payment` names add to the pool first, then Energy and Power leave it. Power
    is by domain (or Universal), "any" of any domain ([A])."""
    add_runes_paid(context, player, payment, rule)
    pool = context.state["players"][player]["pool"]
    short_energy, short_power = take_from_pool(pool, energy, power_requirements(power))
    context.check(not short_energy and not short_power, rule,
                  f"{what}: {player} cannot pay {energy} Energy and {power_text(power)} Power; {short_energy} Energy "
                  f"and {short_power} Power are missing")


def ability_cost(state: dict[str, Any], player: str, source_id: str, cost: dict[str, Any],
                 targets: list[str]) -> dict[str, Any]:
    """An activated ability's total cost (v1.3 403): its printed cost, plus Deflect's tax for each enemy permanent
    with Deflect it chooses (004 721.1.c: spells and abilities), changed by the statics that change abilities'
    costs (`affects.types` naming "Ability": "This ability costs [3] less if ...", each to its own minimum,
    353.4.c). A Power discount takes off Power of a named domain first, then Power of any domain."""
    energy, power = cost.get("energy", 0), dict(cost.get("power", {}))
    tax = deflect_tax(state, player, targets)
    if tax:
        power[ANY] = power.get(ANY, 0) + tax
    source = state["objects"].get(source_id)
    for static in layers.cost_changes(state, source, player, ability=True) if source is not None else ():
        total = sum(power.values())
        energy, new_total = layers.change_cost(energy, total, static)
        if new_total > total:
            power[ANY] = power.get(ANY, 0) + new_total - total
        taken = max(0, total - new_total)
        for domain in sorted(power, key=lambda domain: domain == ANY):
            step = min(taken, power[domain])
            power[domain] -= step
            taken -= step
    return {**cost, "energy": energy, "power": {domain: amount for domain, amount in power.items() if amount}}
