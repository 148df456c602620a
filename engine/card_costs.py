"""Costs and statics from the cards, in a match whose abilities the engine checks (issue 26; engine/cards).

In a "checked" match (`engine.cards.checks_abilities`) the engine takes a card's passive abilities and costs from its
text (engine/cards/statics.py), not from the recorder:

- a card's own cost changes and "I enter ready" apply as it is played (v1.4 366.2, 366.2.a), with their conditions
  (Legion, v1.4 812.1.c; Level; "if you control 4 or fewer runes"; counts); the passive abilities of permanents,
  legends and battlefields in play are put in force by engine/layers.py (v1.4 365.1);
- a recorder-declared static for a card whose passive abilities all compile is refused (strict) or flagged (audit),
  citing the rule that makes the card's own text apply: its text is the source. A declared static for a card with a
  line the reader cannot compile stays possible, and is marked `declared` in the state's statics;
- an optional additional cost is one the card offers (v1.4 204.2, 356.2.b.1), of the amount it prints;
- an activated ability's dependent condition is checked as it is activated (Legion, v1.4 812.1.c; Level) and an
  Add ability that pays "any amount of Energy to [Add] that much" pays it (v1.4 204.3.b);
- a triggered ability's Legion and other dependent conditions (for engine/chain.py's `trigger`; v1.4 727.1.c.1),
  and Vision only from a permanent played this turn and on the board (v1.4 817.1.c: the trigger is the permanent
  entering the Board).

A "declared" match (every stored match) goes through none of this: it folds exactly as before.

A leaf module: it imports engine.cards, rulings and engine/rulechanges.py's count of a player's turns.
"""
from __future__ import annotations

from typing import Any

from engine import layers
from engine.cards import checks_abilities, cost_parts, holds
from engine.cards import effects as card_effects
from engine.cards import statics as card_statics
from engine.rulechanges import player_turn_number
from engine.rulings import Context

OWN_RULE = "v1.3 366.2"  # a card's cost changes apply as it is played, from its own text
BOARD_RULE = "v1.3 365.1"  # the passive abilities of a permanent on the board
ADDITIONAL_RULE = "v1.4 204.2"
LEGION_RULE = "v1.3 812.1.c"
VISION_RULE = "v1.3 817.1.c"
TRIGGER_RULE = "v1.3 727.1.c.1"
BASE_COST_RULE = "v1.3 356.1.a"  # "play a card 'for [Cost]'": its base costs replaced  # a dependent keyword's triggered ability must be active to trigger
PAY_FOR_ADDED_RULE = "v1.4 204.3.b"
CARD_RULE = "002"  # card text supersedes rules text: what a card forbids itself
COST_PART_RULE = "v1.4 403.1.a"  # an activated ability's cost is the one its text lists
REQUIRED_RULE = "v1.4 204.2.a"  # a mandatory additional cost must be paid to finalize the card


def _quote(card: dict[str, Any], zone: str) -> str:
    lines = [static["text"] for static in card_statics.card_statics(card, zone)]
    return "; ".join(f"{line!r}" for line in dict.fromkeys(lines)) or "none"


def own_at_play(context: Context, obj: dict[str, Any], player: str, declared: list[dict[str, Any]],
                source: str = "hand", additional: Any = None) -> list[dict[str, Any]]:
    """The statics a card applies as it is played, in a checked match: those compiled from its text (with its
    source and controller, as engine/statics.py's `own` makes a play's declared ones), and of them those whose
    condition on the zone it is played from (`source`) holds ("I cost [2] less to play from anywhere other than
    your hand": `while.played_from_hand` false), and the discounts its optional additional costs give for those
    the play's `additional` pays (`optional_discounts`). A declared one (the play's `statics`) for a card whose
    passive abilities compile is refused, quoting the text the engine applies."""
    state = context.state
    if not checks_abilities(state):
        return []
    card = state["cards"].get(obj["card"] or "", {})
    if declared and card_statics.compiles(card):
        context.flag(OWN_RULE, f"{player} declares statics for {obj['card']!r} ({declared!r}), whose passive "
                               f"abilities the engine reads from its text: {_quote(card, 'play')} as it is played, "
                               f"{_quote(card, 'board')} on the board")
    for ability in card.get("abilities", ()):
        first = card_statics.compile_ability(ability, card.get("type")).get("not_before_turn")
        turn = player_turn_number(state, player)
        context.check(first is None or turn >= first, CARD_RULE,
                      f"{player} plays {obj['card']!r} on their turn {turn}: {ability.get('text', '')!r}")
    compiled = []
    paid = [(cost.get("energy", 0), cost.get("power", 0)) for cost in additional or () if isinstance(cost, dict)] \
        if isinstance(additional, list) else []
    for index, static in enumerate(card_statics.card_statics(card, "play")):
        if static.get("while", {}).get("played_from_hand", source == "hand") != (source == "hand"):
            continue
        if "paid" in static and (static["paid"]["energy"], static["paid"]["power"]) not in paid:
            continue  # "If you do, I enter ready": only when that additional cost was paid
        if static.get("rule") == "play_to_killed":  # "You may play me to its battlefield": where the unit paid was
            static = {**static, "location": _killed_at(state, additional)}
        compiled.append({**{key: value for key, value in static.items() if key != "zone"},
                         "id": f"own~{index}", "source": obj["id"], "controller": player, "compiled": True})
    return compiled + optional_discounts(state, card, obj, player, additional) + _paid_to_places(
        state, card, obj, player, paid)


def check_base_cost(context: Context, obj: dict[str, Any], source: str, own: list[dict[str, Any]],
                    options: dict[str, Any]) -> None:
    """A card played from its trash by its own "You may play me from your trash for [3][R]" (Undying Legion) is
    played for that cost, which replaces its base cost (v1.4 356.1.a): the play's `options.base_cost` says it.
    From the hand, a `base_cost` for a card whose text offers one on a condition ("If you've spent [4] or more to
    play a spell this turn, you may play me for [B].", Jhin, Meticulous Killer: `rule` "play_for") must be that
    cost, while that condition holds."""
    if not checks_abilities(context.state):
        return
    if source == "hand" and isinstance(options.get("base_cost"), dict):
        _check_play_for(context, obj, own, options["base_cost"])
        return
    if source != "trash":
        return
    for static in own:
        if static.get("compiled") and static.get("rule") == "play_from_trash" and "base_cost" in static:
            given = options.get("base_cost") if isinstance(options.get("base_cost"), dict) else {}
            amounts = {"energy": given.get("energy", 0), "power": given.get("power", 0)}
            context.check(amounts == static["base_cost"], BASE_COST_RULE,
                          f"{obj['card']!r} is played from the trash by its text ({static['text']!r}): its cost is "
                          f"{static['base_cost']['energy']} Energy and {static['base_cost']['power']} Power, not "
                          f"{amounts['energy']} Energy and {amounts['power']} Power")
            return


def _check_play_for(context: Context, obj: dict[str, Any], own: list[dict[str, Any]], given: dict[str, Any]) -> None:
    """An alternative cost from the hand that the card's own text offers (`play_for`), checked as `check_base_cost`
    says; a card without one is left to the effect that gave the cost."""
    offers = [static for static in own if static.get("compiled") and static.get("rule") == "play_for"]
    if not offers:
        return
    amounts = {"energy": given.get("energy", 0), "power": given.get("power", 0)}
    context.check(any(amounts == static["base_cost"] and layers.condition_holds(context.state, static)
                      for static in offers), BASE_COST_RULE,
                  f"{obj['card']!r} is played for {amounts['energy']} Energy and {amounts['power']} Power; its text "
                  f"offers {'; '.join(repr(static['text']) for static in offers)}, and only while it says")


def draws_as_played(state: dict[str, Any], player: str, own: list[dict[str, Any]]) -> None:
    """"As you play me, you may pay [G] as an additional cost. If you do, draw 1." (Clockwork Keeper): the card's
    own statics that draw when their cost was paid (`own_at_play` keeps only those) owe the draw, awaited as the
    Final Point's is (`owed_draws`, engine/timing.py)."""
    owed = sum(static.get("draws", 0) for static in own if static.get("compiled"))
    if owed:
        state["owed_draws"][player] = state["owed_draws"].get(player, 0) + owed


def check_added_battlefield(context: Context, obj: dict[str, Any], own: list[dict[str, Any]],
                            options: dict[str, Any], to: str | None) -> None:
    """"As you play me, add the Baron Pit battlefield token to the board if it's not there already. If you do, I
    enter there." (Baron Nashor, `adds_battlefield`): in a checked match the play adds that token (`options.
    add_battlefield`) exactly when it is not on the board, and then goes nowhere else (002: the card's text)."""
    adds = [static for static in own if static.get("compiled") and static.get("rule") == "adds_battlefield"]
    if not adds or not checks_abilities(context.state):
        return
    named = adds[0].get("named")
    there = any(entry["name"] == named for entry in context.state["battlefields"])
    added = options.get("add_battlefield")
    context.check(added == (None if there else named) and (added is None or to is None), CARD_RULE,
                  f"{obj['card']!r} is played {'adding ' + repr(added) if added else 'adding no battlefield'}"
                  f"{' to ' + to if to else ''}, with {named} {'on' if there else 'not on'} the board: its text says "
                  f"{adds[0]['text']!r}")


def check_declared_static(context: Context, source: dict[str, Any]) -> None:
    """A `static` event in a checked match: refused for a source whose passive abilities all compile (the engine
    applies them from its text while it is on the board, v1.4 365.1)."""
    state = context.state
    if not checks_abilities(state):
        return
    name = source.get("card") or source.get("name")
    card = state["cards"].get(name or "", {})
    if card_statics.compiles(card):
        context.flag(BOARD_RULE, f"a static declared for {source['id']} ({name}), whose passive abilities the "
                                 f"engine applies from its text: {_quote(card, 'board')}")


def mark_declared(state: dict[str, Any], static: dict[str, Any]) -> dict[str, Any]:
    """A static the recorder declared, in a checked match, is marked so (`declared: true`)."""
    if checks_abilities(state) and not static.get("compiled"):
        return {**static, "declared": True}
    return static


def check_additional(context: Context, obj: dict[str, Any], additional: list[dict[str, Any]]) -> None:
    """Each optional additional cost of Energy and Power chosen is one the card's text offers, of its amount, each
    once (v1.4 204.2: additional costs "will include 'as an additional cost'"; 356.2.b.1). Non-standard parts (kill,
    discard, ...) are taken as recorded."""
    state = context.state
    if not checks_abilities(state):
        return
    card = state["cards"].get(obj["card"] or "", {})
    if not any(isinstance(cost, dict) and (cost.get("energy") or cost.get("power")) for cost in additional):
        return
    offered = [(cost["energy"], cost["power"]) for cost in _offered(state, card, obj)]
    for cost in additional:
        amounts = (cost.get("energy", 0), cost.get("power", 0)) if isinstance(cost, dict) else (0, 0)
        if amounts == (0, 0):
            continue
        if amounts in offered:
            offered.remove(amounts)
            continue
        printed = "; ".join(f"[{cost['energy']}] and {cost['power']} Power" for cost in _offered(state, card, obj)) \
            or "none"
        context.flag(ADDITIONAL_RULE, f"an additional cost of {amounts[0]} Energy and {amounts[1]} Power for "
                                      f"{obj['card']!r}, whose text offers {printed} ({card.get('text', '')!r})")


def _offered(state: dict[str, Any], card: dict[str, Any], obj: dict[str, Any]) -> list[dict[str, int]]:
    """The optional additional costs of Energy and Power a play may choose: the card's own (one its text offers "If
    you've played a spell this turn" only while that holds for the card played, `obj`), and those a permanent,
    legend or battlefield in play offers to the card played ("Any player may pay [A][A] as an additional cost to
    play a Dragon", Dragon Roost: to a card with that tag)."""
    offered = [cost for cost in card_statics.additional_costs(card) if "while" not in cost or layers.condition_holds(
        state, {"while": cost["while"], "source": obj["id"], "controller": obj.get("controller")})]
    names = [obj["card"] for obj in state["objects"].values() if obj["zone"] in ("board", "legend") and obj["card"]]
    names += [entry["name"] for entry in state["battlefields"]]
    for name in dict.fromkeys(names):
        offered += [cost for cost in card_statics.additional_costs(state["cards"].get(name, {}), others=True)
                    if _offered_to(cost, card)]
    return offered


def _offered_to(cost: dict[str, Any], card: dict[str, Any]) -> bool:
    """Whether another card's offered additional cost is for `card`: any card, or one with a tag it names."""
    return not cost.get("tags") or bool(set(cost["tags"]) & set(card.get("tags") or ()))


def _killed_at(state: dict[str, Any], additional: Any) -> str | None:
    """The location of the unit a play's additional cost kills (`options.additional` `kill`), as it is played."""
    for cost in additional if isinstance(additional, list) else ():
        for ref in _named(cost.get("kill")) if isinstance(cost, dict) else ():
            unit = state["objects"].get(ref) if isinstance(ref, str) else None
            if unit is not None and unit["zone"] == "board":
                return unit.get("location")
    return None


def _paid_to_places(state: dict[str, Any], card: dict[str, Any], obj: dict[str, Any], player: str,
                    paid: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """"Any player may pay [A][A] as an additional cost to play a Dragon. If they do, they play it to this
    battlefield." (Dragon Roost): for a play that pays such a battlefield's offer, a static of the play naming where
    the card goes (`play_to_offering`, engine/rulechanges.py: allowed there, and only there)."""
    found = []
    for entry in state["battlefields"]:
        for cost in card_statics.additional_costs(state["cards"].get(entry["name"], {}), others=True):
            if cost.get("to_here") and (cost["energy"], cost["power"]) in paid and _offered_to(cost, card):
                text = next((ability["text"] for ability in state["cards"][entry["name"]].get("abilities", ())
                             if "additional cost" in ability.get("text", "")), entry["name"])
                found.append({"affects": {"who": "self"}, "rule": "play_to_offering", "location": entry["id"],
                              "text": text, "id": f"own~{entry['id']}", "source": obj["id"], "controller": player,
                              "compiled": True})
    return found


def check_activated(context: Context, player: str, source: dict[str, Any], ability: dict[str, Any],
                    what: str) -> None:
    """An activated ability's dependent condition (v1.4 727.1: the ability is active only while it holds): Legion
    (v1.4 812.1.c, "if you've played a card this turn"), Level N (its controller's XP)."""
    state = context.state
    if not checks_abilities(state):
        return
    condition = ability.get("condition")
    obj = state["objects"].get(source["id"])
    for other in state["cards"].get(source.get("card") or "", {}).get("abilities", ()):
        only = card_statics.compile_ability(other).get("abilities_while")
        location = (obj or {}).get("location") or ""
        context.check(not only or bool(location) and not location.startswith("base:"), CARD_RULE,
                      f"{player} activates {what} of a source in {location or 'no location'}: "
                      f"{other.get('text', '')!r}")
    refused = card_effects.use_refused(state, ability, player, obj)  # "Use this ability only while ..."
    context.check(refused is None, CARD_RULE, f"{player} activates {what}: {refused}")
    if condition and not holds.dependent_holds(state, condition, player, source["id"], obj):
        rule = LEGION_RULE if condition == "Legion" else "v1.3 727.1"
        context.flag(rule, f"{player} activates {what} ({ability.get('text', '')!r}), whose [{condition}] "
                           f"condition does not hold: the ability is not active")


def pay_for_added(context: Context, player: str, ability: dict[str, Any], options: dict[str, Any],
                  what: str) -> None:
    """"Pay any amount of Energy to [Add] that much [A]" (Ancient Henge): as the ability resolves its controller
    pays that Energy as a cost, and adds that much (v1.4 204.3.b). Power minted without the Energy is refused."""
    state = context.state
    if not checks_abilities(state) or not card_statics.compile_ability(ability).get("pays_energy_for_added"):
        return
    added = options.get("add")
    if not isinstance(added, dict):
        return  # add_resources says what is missing
    amount = sum(value for value in (added.get("power") or {}).values() if isinstance(value, int))
    pool = state["players"][player]["pool"]
    if context.check(pool["energy"] >= amount, PAY_FOR_ADDED_RULE,
                     f"{player} adds {amount} Power with {what} ({ability.get('text', '')!r}) but has "
                     f"{pool['energy']} Energy to pay for it"):
        pool["energy"] -= amount


def _named(value: Any) -> list[Any]:
    """What an option names to pay a cost: one id or name, or a list of them."""
    return [] if value is None else list(value) if isinstance(value, list) else [value]


def check_cost_parts(context: Context, player: str, cost: dict[str, Any], options: dict[str, Any],
                     what: str) -> None:
    """An activated ability's costs paid with other cards, in a checked match: what `options` names for "Kill a
    friendly unit", "Discard a gear", "Recycle a unit from your trash" is of the kind the cost names (v1.4
    403.1.a; engine/cards/cost_parts.py). How many it names is engine/abilities.py's check."""
    state = context.state
    if not checks_abilities(state):
        return
    for text in cost.get("other", ()):
        part = cost_parts.read(str(text))
        for ref in _named(options.get(part["verb"])) if part else ():
            context.check(cost_parts.fits(state, part, ref, player), COST_PART_RULE,
                          f"{player} pays {what}'s cost {text!r} with {ref!r}, which is not what it names")


OTHER_VERBS = ("kill", "discard", "spend_buff", "exhaust", "return")  # engine/play.py OTHER_COSTS


def _card_parts(state: dict[str, Any], card: dict[str, Any], field: str) -> list[dict[str, Any]]:
    """The mandatory (`required`) or optional (`optional`) additional costs paid with other cards a card's text
    names (engine/cards/cost_parts.py)."""
    return [part for ability in card.get("abilities", ())
            for part in card_statics.compile_ability(ability, card.get("type")).get(field, ())]


def check_required(context: Context, player: str, obj: dict[str, Any], additional: Any) -> None:
    """The additional costs paid with other cards or XP, in a checked match: a card's mandatory one ("As an
    additional cost to play me, kill a friendly unit.") is paid with what it names (v1.4 204.2.a: it must be paid
    to finalize the card), and each other card, buff or XP the play's `options.additional` spends is one an
    optional additional cost of the card offers ("You may discard 1 as an additional cost to play me", v1.4
    204.2, 356.2.b.1), of its kind and number."""
    state = context.state
    if not checks_abilities(state):
        return
    card = state["cards"].get(obj["card"] or "", {})
    paid = [cost for cost in additional if isinstance(cost, dict)] if isinstance(additional, list) else []
    named = {verb: [ref for cost in paid for ref in _named(cost.get(verb))] for verb in OTHER_VERBS}
    for part in _card_parts(state, card, "required"):
        mine = [ref for ref in named[part["verb"]] if cost_parts.fits(state, part, ref, player)][:part["count"]]
        wrong = [ref for ref in named[part["verb"]] if ref not in mine]
        context.check(len(mine) == part["count"] and not wrong, REQUIRED_RULE,
                      f"{player} plays {obj['card']!r} paying {named[part['verb']] or 'nothing'} for its additional "
                      f"cost {part['text']!r}" + (f": {wrong} is not what it names" if wrong else ""))
        named[part["verb"]] = []
    offers = _card_parts(state, card, "optional")
    spent_xp = sum(cost.get("xp", 0) for cost in paid if isinstance(cost.get("xp", 0), int))
    xp_offered = [offer["part"]["count"] for offer in offers if offer["part"]["verb"] == "xp"]
    context.check(not spent_xp or spent_xp in xp_offered, ADDITIONAL_RULE,
                  f"{player} spends {spent_xp} XP as an additional cost of {obj['card']!r}, whose text offers "
                  f"{_offers_text(offers)}")
    for verb, refs in named.items():
        room = [offer["part"] for offer in offers if offer["part"]["verb"] == verb]
        for ref in refs:
            part = next((part for part in room if cost_parts.fits(state, part, ref, player)), None)
            if part is not None and not part.get("any"):
                room.remove(part)
            context.check(part is not None, ADDITIONAL_RULE,
                          f"{player} pays {verb} {ref!r} as an additional cost of {obj['card']!r}, whose text offers "
                          f"{_offers_text(offers)}")


def _offers_text(offers: list[dict[str, Any]]) -> str:
    return "; ".join(repr(offer["text"]) for offer in offers) or "none paid so"


def optional_discounts(state: dict[str, Any], card: dict[str, Any], obj: dict[str, Any], player: str,
                       additional: Any) -> list[dict[str, Any]]:
    """What paying an optional additional cost does to the card's own cost, as statics of the play ("If you do,
    reduce my cost by [2]", once; "Reduce my cost by [O] for each buff you spend", once per thing paid: v1.4
    356.2.b.1, 356.4), for the costs the play's `options.additional` pays."""
    paid = [cost for cost in additional if isinstance(cost, dict)] if isinstance(additional, list) else []
    found = []
    for index, offer in enumerate(_card_parts(state, card, "optional")):
        if "discount" not in offer and not offer.get("ignore_cost"):
            continue
        verb = offer["part"]["verb"]
        if verb == "xp":
            times = int(any(cost.get("xp") == offer["part"]["count"] for cost in paid))
        else:
            times = len([ref for cost in paid for ref in _named(cost.get(verb))])
            times = times if offer.get("each") else min(times, 1)
        energy, power = (card.get("energy", 0), card.get("power", 0)) if offer.get("ignore_cost") else \
            card_statics.symbols(offer["discount"])
        if times:
            found.append({"affects": {"who": "self"}, "cost": {key: -value * times for key, value in (
                ("energy", energy), ("power", power)) if value}, "text": offer["text"], "id": f"own~paid{index}",
                          "source": obj["id"], "controller": player, "compiled": True})
    return found


def check_trigger(context: Context, player: str, source: dict[str, Any], label: str) -> None:
    """A triggered ability in a checked match: its Legion holds (v1.4 812.1.c), and a Vision comes from a permanent
    played this turn that is on the board (v1.4 817.1.c: the trigger is the permanent entering the Board)."""
    state = context.state
    if not checks_abilities(state) or source.get("kind") != "object":
        return
    found = None
    for index, ability in enumerate(state["cards"].get(source.get("card") or "", {}).get("abilities", ())):
        names = {str(ability.get("label", "")).casefold(), str(ability.get("keyword", "")).casefold(),
                 f"ability {index}"}
        if ability.get("kind") == "triggered" and str(label).casefold() in names:
            found = ability
            break
    if found is None:
        return
    what = f"{label!r} of {source['id']} ({source['card']})"
    condition = found.get("condition")
    if condition == "Legion":
        context.check(holds.legion_holds(state, player, source["id"]), LEGION_RULE,
                      f"{player} triggers {what} ({found['text']!r}) before playing another card this turn: its "
                      f"[Legion] condition does not hold")
    elif condition and source.get("zone") in ("board", "legend"):  # a dependent keyword's trigger (v1.4 727.1.c.1)
        obj = state["objects"].get(source["id"])
        context.check(holds.dependent_holds(state, condition, player, source["id"], obj), TRIGGER_RULE,
                      f"{player} triggers {what} ({found['text']!r}), whose [{condition}] condition does not hold: "
                      f"an inactive triggered ability does not trigger")
    if found.get("keyword") == "Vision":
        played = source["id"] in state.get("played_this_turn", {}).get(player, [])
        context.check(played and source.get("zone") == "board", VISION_RULE,
                      f"{player} triggers {what}, which was not played onto the board this turn: Vision triggers "
                      f"as the permanent enters the Board")

