"""Activated abilities (`activate`), and the sources of abilities (`trigger` and `activate`).

An activated ability is "cost: effect" text of a unit, gear, legend, battlefield or rune (v1.3 376-381; 004 576-581).
The catalog lists each card's abilities (`abilities`, contract section 6: `{kind, text, cost?, timing?, keyword?,
label?, adds?, amount?}`); an `activate` event names one by its index in that list or by its label. Activating
follows the steps of playing (v1.3 398-406): the ability goes on the chain as a pending item, its targets are chosen, its cost
is determined and paid in full, and it is finalized. It then resolves like a triggered ability, with a recorded
`resolve` whose effect ops are what the players did; an ability that adds resources ([Add]) resolves at once
instead, without a chain item (v1.3 400.2, 429.2).

Who may: the source's controller (v1.3 378); a battlefield's abilities are its controller's, or the turn player's
while nobody controls it (v1.3 187.6). When: like a card, by its timing keyword (later revision 308.1.a, 309.1.a,
310.1.a: without a keyword only by the turn player with priority in a neutral open state of their action phase,
v1.3 381). Where: a unit, gear or rune on the board, a legend in its Legend Zone, a battlefield in play (v1.3 380).

A leaf module: of the rules modules it imports only leaf ones (`costs`, `items`, `timing`, `deck`, `layers`,
`statics`).
"""
from __future__ import annotations

from typing import Any, Callable

from engine import card_costs, costs, deck, due, items, layers, naming, statics, timing, turn_facts
from engine.catalog import DOMAINS
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import (State, battlefield, battlefield_controller, card_name, facts, label_of, move_to_zone,
                            names_ability, refresh, reveal_card)
from engine.rulings import Context

TIMING_KEYWORDS = {"action": "Action", "reaction": "Reaction"}
# The options of `activate` that name what paid the costs taken from other cards and permanents: the cost's counts
# (`discard`, `recycle_trash`, `spend_buff`) and the parts of `other` by their verb. See `cost_counts`.
OPTION_VERBS = ("kill", "exhaust", "return", "discard", "recycle", "spend_buff")
# The rule that says each such cost must be paid in full.
IN_FULL = {"kill": "v1.3 404.1", "exhaust": "v1.3 414.4", "return": "v1.3 404.1", "discard": "v1.3 422.3",
           "recycle": "v1.3 416.3", "spend_buff": "702.2.b"}


# -- sources -----------------------------------------------------------------------------------------------------
def source_of(context: Context, reference: str, rule: str, what: str) -> dict[str, Any]:
    """What an ability's source id names: an object, a battlefield (004 163.9: battlefields have abilities; they
    are no objects of `objects`), or a token that just ceased to exist, by its last known information (177.1,
    720.1.d). Returns a map with the source's `id`, `card`, `controller`, `type` and `kind` ("object",
    "battlefield" or "last_known"); fails citing `rule` when there is none such."""
    state = context.state
    obj = state["objects"].get(reference)
    if obj is not None:
        return {**obj, "kind": "object"}
    for entry in state["battlefields"]:
        if entry["id"] == reference:
            return {"id": entry["id"], "card": entry["name"], "controller": battlefield_controller(state, entry),
                    "type": "Battlefield", "zone": "battlefield", "kind": "battlefield", "exhausted": False}
    known = state.get("last_known", {}).get(reference)
    if known is not None:
        return {**known, "kind": "last_known"}
    context.fail(rule, f"{what}: unknown object {reference!r} (no object, battlefield or token that just ceased to "
                       f"exist has that id)")


# -- finding the ability -----------------------------------------------------------------------------------------
def activated_abilities(state: State, card: str | None) -> list[tuple[int, dict[str, Any]]]:
    """A card's activated abilities with their index in its `abilities`."""
    return [(index, ability) for index, ability in enumerate(facts(state, card).get("abilities", []))
            if ability.get("kind") == "activated"]


def find_ability(context: Context, source: dict[str, Any], reference: Any) -> tuple[int, dict[str, Any]]:
    """The activated ability `reference` names: its index in the source's `abilities` or its label (or keyword,
    case-insensitively). The source having no such activated ability cannot be applied (v1.3 377.1)."""
    found = activated_abilities(context.state, source["card"])
    if isinstance(reference, int) and not isinstance(reference, bool):
        for index, ability in found:
            if index == reference:
                return index, ability
    elif isinstance(reference, str):
        for index, ability in found:
            if names_ability(ability, index, reference):
                return index, ability
    known = "; ".join(f"[{index}] {label_of(ability, index)!r}" for index, ability in found) or "none"
    context.fail("v1.3 377.1", f"{source['id']} ({source['card']}) has no activated ability {reference!r} (its "
                               f"activated abilities: {known})")


# -- activating --------------------------------------------------------------------------------------------------
def activate(context: Context, event: dict[str, Any]) -> None:
    """An `activate` event: the steps of playing, for an ability (v1.3 398-406)."""
    state = context.state
    player = context.player(event)
    source = source_of(context, event["source"], "v1.3 380", f"{player} activates an ability")
    if source["kind"] == "last_known":
        context.fail("v1.3 380", f"{player} activates an ability of {source['id']} ({source['card']}), which has "
                                 f"ceased to exist")
    index, ability = find_ability(context, source, event["ability"])
    label = label_of(ability, index)
    what = f"{label!r} of {source['id']} ({source['card']})"
    _check_source(context, player, source, what)
    card_costs.check_activated(context, player, source, ability, what)
    if ability.get("keyword") == "Empower":  # "Empower this. Play only if not Empowered." (v1.4 827.1.c.1)
        times, limit = layers.empowered_times(source), statics.empower_limit(state, source)
        if limit > 1:  # a permission to be Empowered several times ignores the restriction (v1.4 441.1.c.1)
            context.check(times < limit, "v1.4 441.1.c.1", f"{player} activates {what}, but it is Empowered "
                                                           f"{times} times already, the most it may be")
        else:
            context.check(not times, edition_of(state).keyword_rule("v1.4 827.1.c.1", "v1.3 377.2.b"),
                          f"{player} activates {what}, but it is Empowered already: Empower is used only if not "
                          f"Empowered")
    keywords = [TIMING_KEYWORDS[ability["timing"]]] if ability.get("timing") in TIMING_KEYWORDS else []
    timing.check_timing(context, player, what, keywords, "activate")
    adds = ability.get("amount", {"variable": True}) if ability.get("adds") else None
    # Step 1 (v1.3 401): the ability goes on the chain as a pending item, closing the state; an Add ability never
    # becomes a chain item (v1.3 400.2), so it is made aside.
    if adds is None:
        item = items.add_item(context, "ability", source["card"], source["id"], player, label)
        timing.acted_in_showdown(state)
    else:
        item = {"id": None, "kind": "ability", "card": source["card"], "source": source["id"], "controller": player,
                "pending": True, "targets": [], "target_incarnations": {}, "label": label}
    item.update(ability=index, keyword=ability.get("keyword"))
    # Step 2 (v1.3 402): choices.
    item["targets"] = items.check_targets(context, event.get("targets", []), item)
    naming.check_named_tag_targets(context, source, ability, item["targets"], what)  # v1.4 355.9.b: The List
    if ability.get("keyword") == "Equip":
        _check_equip_target(context, player, source, item["targets"], what)
    # Steps 3-4 (v1.3 403-404): the total cost, paid in full.
    options = event.get("options", {})
    printed = with_repeat_costs(context, item, ability.get("cost", {}), options.get("repeat"), what)
    cost = costs.ability_cost(state, player, source["id"], printed, item["targets"])
    pay_cost(context, player, source, cost, event.get("pay", {}), options, what)
    turn_facts.note_activated(state, player, source)  # "the first friendly gear activated ability played each turn"
    # Steps 5-6 (v1.3 405-406): legality was flagged along the way; finalize.
    items.finalize(context, item)
    if source["id"] in state["objects"]:  # "When you use an activated ability of a gear"
        due.occurred(context, "activated", player, obj=state["objects"][source["id"]])
    if adds is not None:
        card_costs.pay_for_added(context, player, ability, options, what)
        add_resources(context, player, adds, options, what)  # v1.3 400.2: it resolves at once
        return
    timing.after_chain_change(state)


def with_repeat_costs(context: Context, item: dict[str, Any], cost: dict[str, Any], repeat: Any,
                      what: str, event_type: str = "activate") -> dict[str, Any]:
    """An ability's cost with the Repeat costs paid as it is activated (`options.repeat`: the list of them, each
    `{energy?, power?: {Domain or "any": n}, discard?}` as the effect that gives the ability Repeat names it: "My
    abilities have [Repeat] — Discard 1", v1.4 820.1.d.1). v1.4 820.1.a: Repeat is present on spells and
    abilities; each cost paid is an additional cost (820.1.c.1), and the ability's instructions are executed once
    more for each (820.3: the item's `repeat`). v1.3 820.1.a: on spells only. A triggered ability names its Repeat
    costs the same way, in its `trigger` event (`event_type`, engine/chain.py)."""
    if repeat is None or repeat == []:
        return cost
    if not isinstance(repeat, list) or not all(_is_repeat_cost(part) for part in repeat):
        raise MalformedEvent(f"'{event_type}': options.repeat lists the Repeat costs paid, each {{energy: n, power: "
                             f"{{Domain or 'any': n}}, discard: n}} (whole numbers, 0 or more), got {repeat!r}")
    if not context.check(edition_of(context.state).repeat_on_abilities, "v1.3 820.1.a",
                         f"{item['controller']} pays Repeat for {what}: only a spell with Repeat repeats its effect"):
        return cost
    item["repeat"] = len(repeat)
    total = dict(cost, energy=cost.get("energy", 0) + sum(part.get("energy", 0) for part in repeat))
    power = dict(cost.get("power", {}))
    for part in repeat:
        for domain, amount in part.get("power", {}).items():
            power[domain] = power.get(domain, 0) + amount
    total["power"] = power
    discard = _count(cost.get("discard")) + sum(part.get("discard", 0) for part in repeat)
    if discard:
        total["discard"] = discard
    return total


def _is_repeat_cost(part: Any) -> bool:
    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return isinstance(part, dict) and not set(part) - {"energy", "power", "discard"} and whole(
        part.get("energy", 0)) and whole(part.get("discard", 0)) and isinstance(part.get("power", {}), dict) and all(
        (domain in DOMAINS or domain == "any") and whole(amount) for domain, amount in part.get("power", {}).items())


def _check_source(context: Context, player: str, source: dict[str, Any], what: str) -> None:
    """Where the source may be used from (v1.3 380), whose it is (v1.3 378), and that its text is active."""
    zone, kind = source.get("zone"), source["type"]
    if kind == "Legend":
        if zone != "legend":
            context.flag("v1.3 380", f"{player} activates {what}, which is not in its Legend Zone")
    elif kind != "Battlefield":
        if zone != "board":
            context.flag("v1.3 380", f"{player} activates {what}, which is in {zone}, not on the board")
    if source.get("attached_to"):
        context.flag("v1.3 721.2", f"{player} activates {what}, which is attached to {source['attached_to']}: its "
                                   f"rules text is inactive (v1.3 718.2) and cannot be activated")
    rule = "v1.3 187.6.a" if kind == "Battlefield" else "v1.3 378"
    if source["controller"] != player:
        context.flag(rule, f"{player} activates {what}, which {source['controller']} controls: only its controller may")


def _check_equip_target(context: Context, player: str, source: dict[str, Any], targets: list[str],
                        what: str) -> None:
    """Equip attaches its gear to a unit you control; its choice is a target (v1.3 818.1.b.1, 818.1.c.2)."""
    if len(targets) != 1:
        context.fail("v1.3 818.1.b.1", f"{player} activates {what} with {len(targets)} targets: Equip chooses one "
                                       f"unit to attach the gear to")
    unit = context.state["objects"].get(targets[0])
    if unit is None or unit["type"] != "Unit" or unit["zone"] != "board":
        context.fail("v1.3 818.1.c.2", f"{player} equips {source['id']} ({source['card']}) to {targets[0]}, which "
                                       f"is not a unit on the board")
    context.check(unit["controller"] == player, "v1.3 818.1.c.2",
                  f"{player} equips {source['id']} ({source['card']}) to {unit['id']} ({unit['card']}), a unit "
                  f"{unit['controller']} controls: Equip attaches to a unit you control")


# -- costs -------------------------------------------------------------------------------------------------------
def pay_cost(context: Context, player: str, source: dict[str, Any], cost: dict[str, Any], payment: dict[str, Any],
             options: dict[str, Any], what: str) -> None:
    """Pay an ability's cost in full (v1.3 403-404): exhaust the source ([T], 414.4), the Energy and Power from
    the rune pool after adding what `pay` names (as a play pays), its own buff, its Empowered state and XP, then the
    costs paid with other cards, with what `options` names (`OPTION_VERBS`); "Kill this" and "Banish this" last,
    since the other costs may need the source (v1.3 428.1.a.1)."""
    state = context.state
    obj = state["objects"].get(source["id"]) if source["kind"] == "object" else None
    if cost.get("exhaust_self"):
        if obj is None:
            context.flag("v1.3 414.4", f"{what}: a battlefield cannot be exhausted to pay [T]")
        elif context.check(not obj["exhausted"], "v1.3 414.4",
                           f"{player} activates {what}, but {obj['id']} is exhausted already, so its [T] cost "
                           f"cannot be paid"):
            obj["exhausted"] = True
    energy, power = cost.get("energy", 0), cost.get("power", {})
    costs.add_runes_paid(context, player, payment, "v1.3 404.1")
    domains = facts(state, obj["card"]).get("domains", []) if obj is not None else []
    requirements = costs.printed_power_requirements(cost, power, domains)
    short_energy, short_power = costs.take_from_pool(state["players"][player]["pool"], energy, requirements,
                                                     (state, player))
    if short_energy or short_power:
        context.flag("v1.3 404.1", f"{player} cannot pay for {what}: it costs {energy} Energy and "
                                   f"{costs.requirements_text(requirements)} Power; {short_energy} Energy and "
                                   f"{short_power} Power are missing")
    _pay_with_source(context, player, obj, cost, what)
    card_costs.check_cost_parts(context, player, cost, options, what)
    counts = cost_counts(cost)
    for verb in [verb for verb in OPTION_VERBS if counts[verb] or verb in options]:  # most costs name none of them
        paid = _ids(options.get(verb))
        if not counts[verb]:
            if paid:
                context.flag("v1.3 403.1.a", f"{player} pays '{verb}' for {what}, whose cost names none")
            continue
        context.check(len(paid) == counts[verb], IN_FULL[verb],
                      f"{player} activates {what} naming {len(paid)} for '{verb}'; its cost takes {counts[verb]}: a "
                      f"cost is paid in full")
        PAYERS[verb](context, player, paid, what)
    if obj is not None and obj["zone"] == "board" and (cost.get("kill_self") or cost.get("banish_self")):
        # v1.3 428.1.a.1, 427: a kill or a banishment as a cost; a token ceases to exist (177.1)
        move_to_zone(state, obj, "trash" if cost.get("kill_self") else "banishment")
    elif cost.get("kill_self") or cost.get("banish_self"):
        context.flag("v1.3 404.1", f"{what}: its source is not a permanent on the board to kill or banish")


def _pay_with_source(context: Context, player: str, obj: dict[str, Any] | None, cost: dict[str, Any],
                     what: str) -> None:
    """The costs the source and its controller pay by themselves: "Spend my buff" (004 702.2.b), "Disempower me"
    (the Empowered state, engine/statics.py), "Spend N XP" (v1.3 730.2)."""
    state = context.state
    if cost.get("spend_buff") is True:
        if context.check(obj is not None and obj.get("buff", 0) > 0, "702.2.b.1",
                         f"{player} activates {what}, but its source has no buff to spend"):
            obj["buff"] = 0
            refresh(state, obj)
            due.spent_buff(context, player, obj)
    if cost.get("disempower_self"):
        if context.check(obj is not None and bool(obj.get("empowered")), "v1.3 404.1",
                         f"{player} activates {what}, but its source is not Empowered, so it cannot be "
                         f"disempowered to pay"):
            obj.pop("empowered", None)
            refresh(state, obj)
    spent = _count(cost.get("xp"))
    if spent:
        entry = state["players"][player]
        if context.check(entry.get("xp", 0) >= spent, "v1.3 730.2",
                         f"{player} spends {spent} XP for {what}, but has {entry.get('xp', 0)}"):
            entry["xp"] = entry.get("xp", 0) - spent


def cost_counts(cost: dict[str, Any]) -> dict[str, int]:
    """How many cards or permanents each option of `OPTION_VERBS` must name to pay `cost`: its counts (`discard`,
    `recycle_trash`, a numeric `spend_buff`) and one for each part of `other` by its verb ("Kill a friendly unit",
    "Exhaust a unit you control", "Discard a spell", "Recycle a unit from your trash", "Spend a buff")."""
    counts = {verb: 0 for verb in OPTION_VERBS}
    counts["discard"] += _count(cost.get("discard"))
    counts["recycle"] += _count(cost.get("recycle_trash"))
    if cost.get("spend_buff") is not True:
        counts["spend_buff"] += _count(cost.get("spend_buff"))
    for text in cost.get("other", []):
        words = str(text).lower().split()
        verb = "spend_buff" if words[:1] == ["spend"] and "buff" in words[-1:] else words[0] if words else ""
        if verb in counts:
            counts[verb] += 1
    return counts


def _count(value: Any) -> int:
    """A cost's count: a number, or true for one."""
    if value is True:
        return 1
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _ids(value: Any) -> list[Any]:
    """An option naming what paid a cost: one id or name, or a list of them."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _spend_buffs(context: Context, player: str, units: list[Any], what: str) -> None:
    """"Spend a buff": a buff of a unit you control is removed (004 702.2.b)."""
    for unit_id in units:
        unit = context.state["objects"].get(unit_id) if isinstance(unit_id, str) else None
        if unit is None or unit["zone"] != "board" or unit["type"] != "Unit":
            context.flag("702.2.b", f"{player} spends a buff of {unit_id!r}, which is no unit on the board")
            continue
        if not context.check(unit["buff"] > 0, "702.2.b.1", f"{unit_id} ({unit['card']}) has no buff to spend"):
            continue
        context.check(unit["controller"] == player, "702.2.b.2", f"{player} spends a buff of {unit_id}, a unit "
                                                                  f"they do not control")
        unit["buff"] = 0
        refresh(context.state, unit)
        due.spent_buff(context, player, unit)


def _discard(context: Context, player: str, cards: list[Any], what: str) -> None:
    """"Discard N": N cards of the hand go to the trash; the cost must be paid in full (v1.3 422.3)."""
    state = context.state
    gone = []
    for reference in cards:
        obj = _from_hand(state, player, reference)
        if obj is None:
            context.flag("v1.3 422.3", f"{player} discards {reference!r} to pay for {what}, but it is not in "
                                       f"their hand")
            continue
        move_to_zone(state, obj, "trash")
        gone.append(obj)
    due.discarded(context, gone)


def _from_hand(state: State, player: str, reference: Any) -> dict[str, Any] | None:
    """A card of a hand by id or name; a card drawn unseen is revealed by naming it."""
    hand = state["players"][player]["hand"]
    if not isinstance(reference, str):
        return None
    if reference in hand:
        return state["objects"][reference]
    name = card_name(state, reference, "a discard paying a cost")
    for wanted in (name, None):
        for object_id in hand:
            if state["objects"][object_id]["card"] == wanted:
                if wanted is None:
                    reveal_card(state, state["objects"][object_id], name)
                return state["objects"][object_id]
    return None


def _recycle_from_trash(context: Context, player: str, cards: list[Any], what: str) -> None:
    """"Recycle N from your trash": N cards of the trash go to the bottom of the deck, in full (v1.3 416.3)."""
    state = context.state
    trash = state["players"][player]["trash"]
    recycled = 0
    for card_id in cards:
        if not context.check(isinstance(card_id, str) and card_id in trash, "v1.3 416.3",
                             f"{player} recycles {card_id!r} to pay for {what}, but it is not in their trash"):
            continue
        deck.recycle(state, state["objects"][card_id])
        recycled += 1
    due.recycled(context, player, cards=recycled)  # "When you recycle one or more cards"


def _with_permanents(verb: str) -> Callable[[Context, str, list[Any], str], None]:
    """A cost paid with permanents the player controls: kill them (v1.3 428.1.a.1), exhaust them (414.4: a ready
    one), or return them to their owner's hand."""
    def pay(context: Context, player: str, refs: list[Any], what: str) -> None:
        state = context.state
        for ref in refs:
            obj = state["objects"].get(ref) if isinstance(ref, str) else None
            zones = ("board", "legend") if verb == "exhaust" else ("board",)
            if not context.check(obj is not None and obj["zone"] in zones and obj["controller"] == player
                                 and obj["type"] in ("Unit", "Gear", "Legend"), "v1.3 404.1",
                                 f"{player} pays for {what}: {verb} {ref!r}, which is not a permanent they "
                                 f"control"):
                continue
            if verb == "exhaust":
                if context.check(not obj["exhausted"], "v1.3 414.4", f"{player} pays for {what}: exhaust "
                                                                     f"{ref}, which is exhausted already"):
                    obj["exhausted"] = True
            else:
                move_to_zone(state, obj, "trash" if verb == "kill" else "hand")
    return pay


def add_resources(context: Context, player: str, adds: dict[str, Any], options: dict[str, Any], what: str) -> None:
    """An Add ability resolves at once (v1.3 429.2): Energy and Power into its controller's pool (159.1). Power
    of any domain ([A]) is of the domain `options.domain` names, else universal Power (156.2.b), which pays for
    any domain as the player chooses when spending it. An amount the text does not fix ("Pay any amount of Energy
    to [Add] ...") is the one `options.add` names. Priority and Focus do not pass (v1.3 429.2.a)."""
    pool = context.state["players"][player]["pool"]
    if adds.get("variable"):  # the text fixes no amount: the event says it
        adds = options.get("add")
        if not context.check(isinstance(adds, dict), "v1.3 429.5",
                             f"{what} adds an amount its text does not fix: 'options.add' must say it "
                             f"({{energy, power: {{Domain: n}}}})"):
            return
    pool["energy"] += _count(adds.get("energy", 0))
    for domain, amount in adds.get("power", {}).items():
        amount = _count(amount)
        if domain == costs.ANY:
            chosen = options.get("domain", costs.UNIVERSAL)
            if not context.check(chosen == costs.UNIVERSAL or chosen in DOMAINS, "v1.3 429.5",
                                 f"{what} adds Power of {chosen!r}, which is no domain"):
                chosen = costs.UNIVERSAL
            domain = chosen
        pool["power"][domain] = pool["power"].get(domain, 0) + amount


PAYERS: dict[str, Callable[[Context, str, list[Any], str], None]] = {
    "kill": _with_permanents("kill"), "exhaust": _with_permanents("exhaust"), "return": _with_permanents("return"),
    "discard": _discard, "recycle": _recycle_from_trash, "spend_buff": _spend_buffs,
}
