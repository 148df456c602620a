"""Playing cards, their costs, and the rune pool.

The process of play follows the later revision's rules 350-356: the card goes onto the chain as a pending item
(351), choices are made (352), the total cost is determined (353) and paid (354), legality is checked (355), and the
item is finalized (356): units and gear leave the chain for the board at once (333.1.c), spells linger until they
resolve. Rune pools and the basic runes' abilities are the 2025-06-02 Core Rules 153-161 and 605.

A `play` event carries every choice and payment of the process, so the engine walks all six steps in one event.
"""
from __future__ import annotations

import marshal
from typing import Any

from engine import (ambush, battlefield_tokens, card_costs, control, deck, due, flow, hidden, items, layers, naming,
                    resolution_checks, rulechanges, showdown, statics, timing, turn_facts)
from engine.cards import checks_abilities
from engine.costs import UNIVERSAL, add_from_runes, deflect_tax, own_domain_power, pay, take_from_pool
from engine.errors import EngineError, MalformedEvent
from engine.objects import battlefield, card_name, facts, is_location, move_to_zone, resolve_location
from engine.rulings import Context, Unappliable

KINDS = {"Spell": "spell", "Unit": "unit", "Gear": "gear"}
# Why a card of another type is never played: runes are channeled, battlefields and legends are neither.
NOT_PLAYED = {"Rune": "132.5.a.1", "Battlefield": "132.6.a.1", "Legend": "132.6.b.1"}


def play(context: Context, event: dict[str, Any]) -> None:
    """A `play` event: a discretionary play (595.2), timed as rule 310.1.a and the states of the turn allow."""
    play_card(context, event, limited=False)


def play_card(context: Context, event: dict[str, Any], limited: bool) -> None:
    """The process of play. A `limited` play is one a resolving effect makes (595.3): its timing is the effect's,
    and its cost is paid unless the effect lets it be ignored (`options.ignore_cost`, 353.1.a)."""
    state = context.state
    player = context.player(event)
    source = event.get("from", "hand")
    obj = _card_to_play(context, player, event["card"], source, limited)
    card = facts(state, obj["card"])
    ambushing = ambush.ambushes(state, player, card, event.get("to"))
    keywords = card.get("keywords", []) + (["Reaction"] if ambushing else [])  # v1.3 822.1.b
    hidden_at = None
    if source == hidden.FACEDOWN:
        hidden_at = hidden.check_play(context, player, obj)  # 723.1.b: from the next turn on, with Reaction
        keywords = hidden.keywords_played(keywords)
    if not limited:
        timing.check_timing(context, player, repr(obj["card"]), keywords, "play", card.get("type"))
    kind = KINDS.get(card.get("type"))
    if kind is None:
        context.fail(NOT_PLAYED.get(card.get("type"), "595.1"),
                     f"{obj['card']!r} is a {card.get('type')}: only units, gear and spells are played")
    naming.check_play(context, player, obj["card"])  # "opponents can't play spells with that name" (Fallen Feline)
    # Step 1 (351): the card goes onto the chain as a pending item, closing the state.
    item = items.add_item(context, kind=kind, card=obj["card"], source=obj["id"], controller=player)
    if source != "hand":  # "If you played this from your hand", read as it resolves (engine/cards/amounts.py)
        item["played_from"] = source
    items.move_card_to_chain(state, obj)
    if not limited:
        showdown.acted(state)
    # Step 2 (352): choices; units and gear never have targets (352.9.c).
    if kind != "spell" and event.get("targets"):
        context.flag("352.9.c", f"{obj['card']!r} is a {card.get('type')}: units and gear never have targets")
    options = event.get("options", {})
    if hidden_at is not None:
        options = {**options, "base_cost": {"energy": 0, "power": 0}}  # 723.1.b: its base cost ignored
    declared = statics.check_play_statics(event.get("statics", []))
    own = statics.own(declared, obj) + card_costs.own_at_play(context, dict(obj, controller=player), player, declared,
                                                              source, options.get("additional"))
    if options.get("flow"):
        item["flow"] = True  # banished as it leaves the chain (Flow's reminder text)
        flow.check_source(context, obj, source)
    elif source == "trash" and not limited:
        card_costs.check_base_cost(context, obj, source, own, options)
        context.check(rulechanges.play_from_trash(state, dict(obj, controller=player), player, own), "351",
                      f"{player} plays {obj['card']!r} from their trash: cards are played from hand unless a "
                      f"static rule allows it ('You may play cards from your trash')")
    elif source == "hand" and not limited:
        card_costs.check_base_cost(context, obj, source, own, options)  # "you may play me for [B]" (Jhin)
    if kind == "spell" and any(static.get("rule") for static in own):
        item["statics"] = [static for static in own if static.get("rule")]  # "This can't be countered" (002)
    item["targets"] = items.check_targets(context, event.get("targets", []), item)
    if kind == "spell":
        resolution_checks.check_targets(context, item)  # each target one the card can choose (355.9.b)
    to, allowed = event.get("to"), limited and bool(options.get("to_allowed"))
    card_costs.check_added_battlefield(context, obj, own, options, to)  # "As you play me, add the Baron Pit ..."
    if "add_battlefield" in options:  # "As you play me, add the Baron Pit battlefield token ... I enter there"
        added = battlefield_tokens.add(context, str(options["add_battlefield"]), player)
        if "to" not in event:
            to, allowed = added, True
    if hidden_at is not None:
        hidden.check_targets(context, item, hidden_at)  # 723.1.d
    if hidden_at is not None and kind in ("unit", "gear"):
        location = hidden.check_location(context, obj, event.get("to"), hidden_at)  # v1.3 811.1.d.1
    else:
        location = _choose_location(context, player, kind, to, dict(obj, controller=player), own, allowed,
                                    ambushing)
    # Steps 3-4 (353-354): determine the total cost and pay it.
    cost = total_cost(context, player, obj, kind, item, options, own, limited, source)
    pay(context, player, event.get("pay", {}), cost["energy"], cost["power"], card.get("domains", []), obj["card"],
        any_power=cost["any_power"], breakdown=cost["breakdown"])
    if cost["any_increase"]:  # "cost [A] more" (Mystic Vortex): Power of any domain, after the rest (353.3)
        _, short = take_from_pool(state["players"][player]["pool"], 0, [([], cost["any_increase"])],
                                  (state, player))
        context.check(not short, "354.1", f"{player} cannot pay the {cost['any_increase']} Power of any domain "
                                          f"{obj['card']!r} costs more ({'; '.join(cost['breakdown'])}): {short} "
                                          f"missing")
    statics.use_up(state, cost["used"])
    if kind == "spell":  # "If you've spent [4] or more to play a spell this turn" (engine/turn_facts.py)
        turn_facts.note_most(state, player, "spell_energy", cost["energy"])
    card_costs.check_required(context, player, obj, options.get("additional", []))
    pay_other_costs(context, player, obj, options.get("additional", []))
    card_costs.draws_as_played(state, player, own)  # "As you play me, you may pay [G] ... If you do, draw 1."
    # Steps 5-6 (355-356): legality was flagged along the way; finalize.
    items.finalize(context, item)
    state.setdefault("played_this_turn", {}).setdefault(player, []).append(obj["id"])  # Legion (v1.3 812.1.c)
    if kind == "spell":
        if not all(static.get("cost") or static.get("rule") for static in own):
            context.flag("569.1", f"{obj['card']!r} is a spell: its passive abilities other than its cost work only "
                                  f"while it is played (570.2)")
    if kind in ("unit", "gear"):
        items.leave_chain(state, item)  # 356.2: the permanent leaves the chain and becomes a game object
        move_to_zone(state, obj, "board", location)
        ready = kind == "gear" and not layers.enters_exhausted(state, obj, own) or bool(options.get("accelerate")) \
            or layers.enters_ready(state, obj, own)
        obj["exhausted"] = not ready  # 356.2.c units enter exhausted, 356.2.d gear ready; statics may change it
        statics.use_up(state, [static for static in state.get("statics", []) if static.get("next")
                               and static.get("enter_ready") and layers.affects(state, static, obj)])
        for static in own:  # v1.3 359.2.a: its passive abilities become active (compiled ones: engine/layers.py)
            if static.get("compiled"):
                continue
            statics.add(state, {key: value for key, value in static.items() if key not in ("id", "source",
                                                                                          "controller")},
                        obj["id"], player)
        if location is not None and not location.startswith("base:"):
            control.arrive(state, obj, location)
        contested = location is not None and not location.startswith("base:") and \
            control.battlefield(state, location)["contested"]
        if not limited or contested:
            # 333.1.c: it resolved as it was finalized, and a cleanup follows (519) as after any item; a limited play's
            # resolving item has its own, but one played where it contests stages the showdown there (v1.3 319.1)
            context.schedule("cleanup")
        if not state["chain"] and state["showdown"] is not None:
            # the last item of its chain resolved in a showdown: Focus passes (343)
            context.schedule("chain resolved", True)
    if "named" in options:  # "As you play this, name a tag" (The List): chosen as it is played (v1.4 752.2)
        naming.record(context, obj, options["named"], "'play' event: 'options.named'")
    if kind != "spell":
        # v1.4 383.4.a.2: a permanent's play is complete as it enters the board (359.2); a spell's only as it
        # resolves (419.4.a, engine/chain.py `resolve`), and never if it is countered (419.4.a.1)
        due.occurred(context, "played", player, obj=obj, to=obj["location"],
                     additional=bool(options.get("additional")), origin=source, spent=cost["energy"])
    elif checks_abilities(state):  # its play completes as it resolves (engine/chain.py): until then
        item["spent"] = cost["energy"]  # "if you spent [4] or more"
        if source != "hand":
            item["from"] = source  # "When you play a card from face down"
    timing.after_chain_change(state)


def total_cost(context: Context, player: str, obj: dict[str, Any], kind: str, item: dict[str, Any],
               options: dict[str, Any], own: list[dict[str, Any]], limited: bool,
               source: str = "hand") -> dict[str, Any]:
    """Rule 353: the base cost (ignored, 353.1, or replaced by an alternative cost, v1.3 356.1.a), plus additional
    costs (353.2: Accelerate, Deflect's tax, Repeat, and optional ones the card names), plus increases (353.3),
    minus discounts (353.4), none below its own minimum (353.4.c) or 0 (353.5).

    Returns the Energy, the Power of the card's domains, the Power of any domain (Deflect's, 721.1.c.1), the
    statics used, and a breakdown for messages."""
    state = context.state
    card = facts(state, obj["card"])
    energy, power = card.get("energy", 0), card.get("power", 0)
    breakdown = [f"{energy} Energy and {power} Power printed"]
    if options.get("ignore_cost") and limited:
        energy = power = 0  # rule 353.1.a
        breakdown = ["its cost ignored"]
    flow_any = 0
    if "base_cost" in options:  # v1.3 356.1.a: "play it for [Cost]" (Hidden's, Flow's)
        energy, power = _amounts(options["base_cost"], "options.base_cost")
        breakdown = [f"the alternative cost {energy} Energy and {power} Power"]
    elif options.get("flow"):
        energy, power, flow_any = flow.flow_cost(context, obj, card, options["flow"])
        breakdown = [f"the Flow cost {energy} Energy and {power + flow_any} Power"]
    if options.get("accelerate"):
        granted = source != "hand" and rulechanges.applies(state, "accelerate_not_from_hand",
                                                           dict(obj, controller=player, type=card.get("type")))
        context.check("Accelerate" in card.get("keywords", []) or bool(granted), "717.1",
                      f"{obj['card']!r} has no Accelerate to pay for")
        if kind == "unit":
            energy, power = energy + 1, power + 1  # rule 717.1.a: pay [1] and 1 power of the unit's domain
            breakdown.append("Accelerate 1 Energy and 1 Power")
    card_costs.check_additional(context, obj, options.get("additional", []))
    if options.get("additional"):  # "If you paid the additional cost", read as it resolves (engine/cards/amounts.py)
        item["additional_paid"] = True
    repeats = _repeat_costs(context, obj["card"], card, kind, options, player)
    if repeats:
        item["repeat"] = len(repeats)  # v1.3 820.3: executed once more for each Repeat cost paid
    any_power = flow_any
    for name, costs in (("Repeat", repeats), ("additional", _cost_list(options.get("additional", []),
                                                                      "options.additional"))):
        for extra_energy, extra_power, extra_any in costs:  # 353.2.b: optional additional costs chosen in 352
            energy, power, any_power = energy + extra_energy, power + extra_power, any_power + extra_any
            breakdown.append(f"{name} {extra_energy} Energy and {extra_power + extra_any} Power")
    tax = deflect_tax(state, player, item["targets"], own)
    any_power += tax
    if tax:
        breakdown.append(f"Deflect {tax} Power of any domain")
    used = layers.cost_changes(state, dict(obj, played_from=source, targets=item["targets"]), player, own)
    any_increase = sum(static["cost"].get("any_power", 0) for static in used)  # [A] more, from a card's text
    breakdown += [f"{_describe(state, static)} +{static['cost']['any_power']} Power of any domain" for static in used
                  if static["cost"].get("any_power")]
    for static in used:  # 353.3 increases, then 353.4 discounts
        before = (energy, power + any_power)
        energy, power_total = layers.change_cost(energy, power + any_power, static)
        taken = power + any_power - power_total
        power, any_power = _take_power(power, any_power, taken)
        if (energy, power + any_power) != before:
            breakdown.append(f"{_describe(state, static)} {energy - before[0]:+d} Energy, "
                             f"{power + any_power - before[1]:+d} Power")
    return {"energy": energy, "power": power, "any_power": any_power, "used": used, "breakdown": breakdown,
            "any_increase": any_increase}


def _take_power(power: int, any_power: int, taken: int) -> tuple[int, int]:
    """A Power change applied to the card's domain Power first (the harder to pay), then to Deflect's."""
    if taken < 0:
        return power - taken, any_power
    from_domain = min(power, taken)
    return power - from_domain, any_power - (taken - from_domain)


def _describe(state: dict[str, Any], static: dict[str, Any]) -> str:
    """A cost change's source, for a cost's breakdown; one read from a card's text quotes it (a checked match)."""
    source = state["objects"].get(static["source"])
    said = f" {static['text']!r}" if static.get("compiled") and static.get("text") else ""
    return (f"{static['source']} ({source['card']})" if source else static["source"]) + said


# Non-standard costs (353.6) an additional cost may name: lists of ids, and `xp`, an amount of XP to spend.
OTHER_COSTS = ("kill", "discard", "spend_buff", "exhaust", "return")


def _amounts(cost: Any, where: str) -> tuple[int, int]:
    if not isinstance(cost, dict) or set(cost) - {"energy", "power", "text", "xp", *OTHER_COSTS} or not all(
            isinstance(cost.get(part, 0), int) and not isinstance(cost.get(part, 0), bool) and cost.get(part, 0) >= 0
            for part in ("energy", "power", "xp")):
        raise MalformedEvent(f"'play': {where} must be {{energy: n, power: n}} (whole numbers, 0 or more), "
                             f"got {cost!r}")
    return cost.get("energy", 0), cost.get("power", 0)


def _cost_list(costs: Any, where: str) -> list[tuple[int, int, int]]:
    if not isinstance(costs, list):
        raise MalformedEvent(f"'play': {where} must be a list of costs {{energy: n, power: n}}, got {costs!r}")
    return [(*_amounts(cost, f"{where}[{index}]"), 0) for index, cost in enumerate(costs)]


def pay_other_costs(context: Context, player: str, played: dict[str, Any], additional: list[dict[str, Any]]) -> None:
    """354.2: the non-standard parts of the additional costs chosen (353.6), paid after Energy and Power: friendly
    units or gear killed, cards of the hand discarded, buffs of friendly units spent, friendly permanents (or the
    legend) exhausted, friendly permanents returned to their owner's hand, XP spent (v1.3 730.2). Each must be
    payable as named (v1.3 414.4: an exhausted permanent cannot be exhausted to pay a cost)."""
    state = context.state
    for cost in additional:
        spent = cost.get("xp", 0)
        if spent:
            entry = state["players"][player]
            if context.check(entry.get("xp", 0) >= spent, "v1.3 730.2",
                             f"{player} spends {spent} XP for {played['card']!r}, but has {entry.get('xp', 0)}"):
                entry["xp"] = entry.get("xp", 0) - spent
        gone: list[dict[str, Any]] = []  # the cards discarded, one moment for the triggers (engine/due.py)
        for verb in OTHER_COSTS:
            refs = cost.get(verb, [])
            if not isinstance(refs, list) or not all(isinstance(ref, str) for ref in refs):
                raise MalformedEvent(f"'play': options.additional '{verb}' must be a list of ids, got {refs!r}")
            for ref in refs:
                obj = state["objects"].get(ref)
                zone = "hand" if verb == "discard" else "legend" if obj is not None and obj["zone"] == "legend" \
                    and verb == "exhaust" else "board"
                what = f"{player} pays {played['card']!r}'s additional cost: {verb} {ref}"
                kind = "card in their hand" if zone == "hand" else "permanent they control"
                if not context.check(obj is not None and obj["zone"] == zone and obj["controller"] == player
                                     and obj is not played, "354.2", f"{what}, which is not a {kind}"):
                    continue
                if verb == "kill" and context.check(obj["type"] in ("Unit", "Gear"), "604.1",
                                                    f"{what}: only permanents are killed"):
                    move_to_zone(state, obj, "trash")  # 604.2
                elif verb == "discard":
                    move_to_zone(state, obj, "trash")  # 598.1
                    gone.append(obj)
                elif verb == "return":
                    move_to_zone(state, obj, "hand")
                elif verb == "spend_buff" and context.check(obj["buff"] > 0, "702.2.b.1",
                                                            f"{what}, which has no buff to spend"):
                    obj["buff"] = 0
                    layers.refresh(state, obj)
                    due.spent_buff(context, player, obj)
                elif verb == "exhaust" and context.check(not obj["exhausted"], "v1.3 414.4",
                                                         f"{what}, which is already exhausted"):
                    obj["exhausted"] = True
        due.discarded(context, gone)


def _repeat_costs(context: Context, name: str, card: dict[str, Any], kind: str,
                  options: dict[str, Any], player: str | None = None) -> list[tuple[int, int, int]]:
    """The Repeat costs paid (v1.3 820): `options.repeat` is true (the first), a count, or the indexes of the
    card's printed Repeat costs (each paid once at most, 820.1.c.3), charged as the catalog prints them: Energy,
    Power of the card's domains, and Power of any domain ([A]); each less the Energy a static takes off the
    player's Repeat costs ("friendly [Repeat] costs cost [1] less", not below 0)."""
    chosen = options.get("repeat")
    if chosen is None or chosen is False:
        return []
    printed = card.get("keyword_costs", {}).get("Repeat", [])
    if chosen is True:
        chosen = [0]
    elif isinstance(chosen, int) and chosen >= 0:
        chosen = list(range(chosen))
    if not isinstance(chosen, list) or not all(isinstance(index, int) and not isinstance(index, bool)
                                               for index in chosen):
        raise MalformedEvent(f"'play': options.repeat is true, a count or a list of indexes into the card's Repeat "
                             f"costs, got {options['repeat']!r}")
    if not context.check(kind == "spell" and "Repeat" in card.get("keywords", []) and printed, "v1.3 820.1.a",
                         f"{name!r} has no Repeat: only a spell with Repeat repeats its effect"):
        return []
    context.check(len(set(chosen)) == len(chosen) and all(0 <= index < len(printed) for index in chosen),
                  "v1.3 820.1.c.3", f"{name!r} has {len(printed)} Repeat cost(s); each is paid once at most, "
                                    f"not {options['repeat']!r}")
    costs = []
    less = sum(static.get("value", 1) for static in rulechanges.applies_to_player(
        context.state, "repeat_cost_less", player)) if player is not None else 0
    for index in chosen:
        if 0 <= index < len(printed):
            power, own = printed[index].get("power", {}), own_domain_power(printed[index])
            costs.append((max(0, printed[index].get("energy", 0) - less),
                          sum(n for domain, n in power.items() if domain != "any") + own, power.get("any", 0) - own))
    return costs


def _card_to_play(context: Context, player: str, reference: str, source: str, limited: bool) -> dict[str, Any]:
    """Find the card a player plays: an object id, or a card name in the zone it is played from. Effects may also
    play cards from the trash or banishment (595.3)."""
    state = context.state
    entry = state["players"][player]
    zones = ("hand", "trash", "banishment") if limited else ("hand", "trash")  # the trash by a static rule
    if source in zones:
        candidates = entry[source]
    elif source == hidden.FACEDOWN:
        candidates = hidden.facedown_cards(state, player)
    elif source == "champion":
        candidates = [entry["champion_zone"]] if entry["champion_zone"] else []
    else:
        context.fail("351", f"{player} plays from {source!r}; cards are played from "
                            f"{', '.join(repr(zone) for zone in (*zones, 'champion', hidden.FACEDOWN))}")
    if reference in state["objects"]:
        if reference not in candidates:
            context.fail("351", f"{player} plays {reference} ({state['objects'][reference]['card']}), "
                                f"which is not in their {source}")
        if state["objects"][reference]["card"] is None:
            # A card drawn unseen has no name in the record; once played it is on the chain, a zone of the Play
            # Area whose cards are public (004 108, 533): the play names the card, and the engine reveals it.
            context.fail("108", f"{player} plays {reference}, a card drawn unseen: name the card played "
                                f"(its name instead of {reference}), so the record shows it as it becomes public")
        return state["objects"][reference]
    name = card_name(state, reference, f"{player}'s play")
    for object_id in candidates:
        if state["objects"][object_id]["card"] == name:
            return state["objects"][object_id]
    for object_id in candidates:  # a card drawn unseen is revealed as it is played
        obj = state["objects"][object_id]
        if obj["card"] is None and deck.could_be(state, player, name):
            deck.name_unseen(state, obj, name)
            return obj
    context.fail("351", f"{player} plays {name!r}, but there is no {name!r} in their {source}")


def _choose_location(context: Context, player: str, kind: str, to: str | None, card: dict[str, Any],
                     own: list[dict[str, Any]], allowed: bool = False, ambushing: bool = False) -> str | None:
    """Rule 352.2: a unit is played to its controller's base or to a battlefield they control (352.2.a), or to a
    location the effect playing it allows (`allowed`, the op's `options.to_allowed`: 352.2.b); gear goes to its
    controller's base (356.2.d). Static rules may allow other battlefields ("You may play me to an open
    battlefield") or forbid some ("Units can't be played here"); can't beats can (v1.3 054.1). Ambush allows a
    battlefield where the player has units (`ambushing`, v1.3 822.1.b)."""
    state = context.state
    location = resolve_location(state, player, to)
    if kind == "gear":
        context.check(location == f"base:{player}", "356.2.d", f"gear enters the board at {player}'s base, "
                                                               f"not {to!r}")
        return f"base:{player}"
    if kind != "unit":
        return None
    limits = rulechanges.own_play_limits(state, player, location, own)
    context.check(not limits, "002", f"{player} plays {card.get('card')!r} to {location}, but its text says "
                                     f"{'; '.join(repr(static.get('text', '')) for static in limits)}")
    if location.startswith("base:"):
        context.check(location == f"base:{player}", "352.2", f"{player} cannot play a unit to {location}")
        return f"base:{player}"
    if not is_location(state, location):
        context.fail("352.2", f"{player} plays a unit to {to!r}, which is no location of this match")
    forbidding = rulechanges.play_restrictions(state, player, location)
    context.check(not forbidding, "v1.3 054.1", f"{player} plays a unit to {location}, but "
                                                f"{rulechanges.why(state, forbidding)}" if forbidding else "")
    controller = battlefield(state, location)["controller"]
    context.check(controller == player or allowed or ambushing
                  or rulechanges.play_permission(state, card, player, location, own) is not None, "352.2",
                  f"{player} plays a unit to {location}, a battlefield they do not control (Ambush, v1.3 822.1.b, "
                  f"plays a unit only where its player has units){_own_permissions(own)}")
    return location


def _own_permissions(own: list[dict[str, Any]]) -> str:
    """The card's own words that let it be played to some battlefields it does not control, read from its text in a
    checked match ("You may play me to an open battlefield"), for the message that refuses another one."""
    said = [static["text"] for static in own if static.get("compiled") and static.get("rule", "").startswith(
        "play_to")]
    return f"; its text allows only {'; '.join(map(repr, said))}" if said else ""


def add(context: Context, event: dict[str, Any]) -> None:
    """The basic runes' abilities (rule 157.2): exhaust a rune to add 1 Energy, recycle it to add 1 Power of its
    domain. Adding resolves at once, without the chain (605.2)."""
    state = context.state
    player = context.player(event)
    if state["phase"] == "setup":
        context.flag("118", f"{player} adds resources before the first turn has begun")
    elif state["phase"] == "over":
        pass  # the fold flags every event after the game is over (633)
    elif state["priority"] not in (None, player) and player != state["turn_player"]:
        context.flag("312.1.a", f"{player} adds resources while {state['priority']} has priority")
    add_from_runes(context, player, event.get("exhaust", []), event.get("recycle", []))


def suggested_payment(state: dict[str, Any], player: str, object_id: str,
                      named: str | None = None) -> dict[str, list[str]] | None:
    """The runes that would pay for `player` playing `object_id` now, with no options and no targets: its total
    cost as rule 353 makes it (printed, changed by the statics in force), less what the rune pool holds, paid by
    the basic runes' abilities (157.2): each Power of the card's domain by recycling a rune of that domain (an
    exhausted one first, 157.2.b has no [T]), each Energy by exhausting a ready rune. For a recording screen to
    mark before anyone taps: a suggestion only, the play's own fold decides. A card drawn unseen is costed as the
    card `named`. None when the card is unseen (and not named) or not played (a rune, a legend), when working out
    its cost breaks a rule, or when the runes cannot pay it."""
    obj = state["objects"].get(object_id)
    if obj is not None and obj.get("card") is None and named in state["cards"]:
        obj = dict(obj, card=named)  # a card drawn unseen, as the card it is named (the play reveals it)
    if obj is None or obj.get("card") is None or player not in state["players"]:
        return None
    card = facts(state, obj["card"])
    kind = KINDS.get(card.get("type"))
    if kind is None:
        return None
    scratch = marshal.loads(marshal.dumps(state))
    context = Context(scratch, scratch.get("seq", 0) + 1)
    mine = dict(scratch["objects"][object_id], card=obj["card"], controller=player)
    try:
        own = card_costs.own_at_play(context, mine, player, [])
        cost = total_cost(context, player, mine, kind, {"targets": []}, {}, own, False)
    except (EngineError, Unappliable):
        return None
    if context.violations:
        return None
    entry = state["players"][player]
    pool = entry.get("pool") or {"energy": 0, "power": {}}
    domains = card.get("domains", [])
    in_pool = sum((pool.get("power") or {}).get(domain, 0) for domain in [*domains, UNIVERSAL])
    power = max(0, cost["power"] - in_pool) + max(0, cost["any_power"]) + cost["any_increase"]
    energy = max(0, cost["energy"] - pool.get("energy", 0))
    runes = [state["objects"][rune] for rune in entry.get("runes", []) if rune in state["objects"]]
    fits = [rune for rune in runes
            if cost["any_power"] or set(facts(state, rune["card"]).get("domains", [])) & set(domains)]
    fits.sort(key=lambda rune: not rune.get("exhausted"))  # exhausted runes first: they add no Energy any more
    recycle = [rune["id"] for rune in fits[:power]]
    exhaust = [rune["id"] for rune in runes if not rune.get("exhausted") and rune["id"] not in recycle][:energy]
    if len(recycle) < power or len(exhaust) < energy:
        return None
    return {"exhaust": exhaust, "recycle": recycle}
