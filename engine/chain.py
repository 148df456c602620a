"""The chain's events: triggered abilities join it, and the newest item resolves first.

The later revision's rules 324-336: the controller of the newest item gains priority (333.1.c.3); once every
relevant player has passed (335.1) the newest item resolves (336.1) and its recorded effects are applied; a cleanup
follows (004 rule 519). The items themselves (adding, targets, finalizing) are engine/items.py.
"""
from __future__ import annotations

import re
from typing import Any

from engine import (abilities, add_triggers, card_costs, choices, costs, delayed, due, effects, experience, flow,
                    movement, replacement, resolution_checks, showdown, timing, trigger_costs)
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.items import add_item, check_targets, finalize, leave_chain
from engine.objects import facts, move_to_zone, names_ability
from engine.rulings import Context


def trigger(context: Context, event: dict[str, Any]) -> None:
    """A triggered ability goes on the chain as the newest item (332, 328.1; 004 rule 583); its controller gains
    priority (333.1.c.3). In a combat's showdown, triggers recorded before anything else happened form the Initial
    Chain (342); in the beginning step, a Temporary trigger (728.1.b) is one the engine was waiting for. A
    battlefield's abilities are its controller's, or the turn player's while nobody controls it (v1.3 187.6)."""
    state = context.state
    player = context.player(event)
    if state["phase"] == "setup":
        context.fail("583", f"{player} triggers an ability before the first turn has begun")
    initial = showdown.joins_initial_chain(state)
    if initial:
        showdown.check_initial_order(context, player)
    opens_chain = not state["chain"] and not initial
    if delayed.is_delayed(state, event["source"]):
        delayed.trigger(context, event)  # a delayed ability has no source object (v1.3 392)
        showdown.note_trigger_chain(state, opens_chain)
        return
    # Any object with the ability, a battlefield (004 163.9, 632.2) or a token that just ceased to exist, by its
    # last known information (720.1.d, 177.1).
    source = abilities.source_of(context, event["source"], "583", f"{player} triggers {event['ability']!r}")
    if source["kind"] == "battlefield" and names_its_chooser(state, source["card"], event["ability"]):
        # v1.4 190.6.c: the player its text has make its choice controls it, whoever controls the battlefield. Who
        # that is, is the recorder's word: engine/cards/triggers.py leaves such a condition unread, so it is never due
        source = {**source, "controller": player}
    context.check(source["controller"] == player, "v1.3 187.6" if source["kind"] == "battlefield" else "182.3.b",
                  f"{player} triggers an ability of {source['id']} ({source['card']}), which {source['controller']} "
                  f"controls")
    entry = due.take(context, event, source)  # a checked match: it must be due (v1.4 383.3)
    if event.get("declined"):
        return  # "you may" declined while finalizing: removed, as if it had not triggered (v1.4 383.3.a.2)
    event = due.card_cost(context, event, entry)  # the card's cost within its instructions (v1.4 383.3.b)
    if replacement.check_deathknell(context, source["id"], event["ability"]):
        return  # v1.4 808.1.d.1: removed from the chain
    experience.check_trigger(context, source, event["ability"])
    card_costs.check_trigger(context, player, source, event["ability"])  # Legion, Vision (checked matches)
    adds = add_triggers.adds_at_once(state, entry)
    if adds is not None:
        add_triggers.resolve(context, event, source, adds)  # v1.4 429.2: no chain item, no passes
        return
    item = add_item(context, "ability", source["card"], source["id"], player, event["ability"])
    if entry is not None and entry.get("about"):
        item["about"] = entry["about"]  # the object its trigger is about: its "it" (engine/cards/filters.py)
    if initial:
        item["initial"] = True
        state["showdown"]["initial_chain"] = True
    if source["id"] in state["temporary_due"]:
        state["temporary_due"].remove(source["id"])
    item["targets"] = check_targets(context, event.get("targets", []), item)
    trigger_costs.pay(context, event, item)  # a cost within its instructions, paid as it is finalized (742.1.b)
    runes_added = "cost" in event
    runes_added = _pay_repeat(context, player, source, item, event, runes_added)
    _pay_deflect_tax(context, player, item, event, runes_added)
    finalize(context, item)
    showdown.note_trigger_chain(state, opens_chain)
    timing.after_chain_change(state)


# A battlefield's ability whose text has a specific player make its choice ("When a player plays a spell, they may
# give a unit they control here +1 [S] this turn": Abandoned Hall; Valley of Idols, Star Spring, Ripper's Bay).
_NAMES_ITS_CHOOSER = re.compile(r"\b(?:they|that player) may\b", re.IGNORECASE)


def names_its_chooser(state: dict[str, Any], card: str | None, reference: Any) -> bool:
    """Whether a battlefield's triggered ability `reference` (its index or label) indicates the player who makes
    its choice, who then controls it whoever controls the battlefield (v1.4 190.6.c); False in an edition without
    that rule (v1.3 187.6: the battlefield's controller, or the turn player, controls all its abilities)."""
    if not edition_of(state).battlefield_chooser_controls:
        return False
    for index, ability in enumerate(facts(state, card).get("abilities", [])):
        if ability.get("kind") == "triggered" and (
                reference == index if isinstance(reference, int) else names_ability(ability, index, str(reference))):
            return bool(_NAMES_ITS_CHOOSER.search(ability.get("text", "")))
    return False


def _pay_repeat(context: Context, player: str, source: dict[str, Any], item: dict[str, Any], event: dict[str, Any],
                runes_added: bool) -> bool:
    """v1.4 820.1.a: Repeat is present on abilities, triggered ones included ("My abilities have [Repeat] — Discard
    1" on a "When I attack or defend" ability, 820.1.d.1's second example). The `trigger` event names the Repeat
    costs paid (`options.repeat`, as an `activate` does, with `options.discard` for the cards a discard takes); each
    is an additional cost paid as the ability is finalized (820.1.c.1), and the item's `repeat` counts the
    executions added (820.3). Whether the runes of `pay` have been added to the pool after it (once per event)."""
    options = event.get("options", {})
    if not options:
        return runes_added
    if set(options) - {"repeat", "discard"}:
        raise MalformedEvent(f"'trigger' event: options are 'repeat' (the Repeat costs paid) and 'discard' (the cards "
                             f"discarded to pay them), got {sorted(options)}")
    what = f"{item['id']} ({item['card']}: {event['ability']!r})"
    total = abilities.with_repeat_costs(context, item, {}, options.get("repeat"), what, "trigger")
    abilities.pay_cost(context, player, source, total, {} if runes_added else event.get("pay", {}), options, what)
    return True


def _pay_deflect_tax(context: Context, player: str, item: dict[str, Any], event: dict[str, Any],
                     runes_added: bool) -> None:
    """004 721.1.c: a triggered ability that chooses an enemy permanent with Deflect costs its Deflect value more, in
    Power of any domain, paid as it is finalized with its other cost (the runes of `pay` were added with that cost,
    or are added here when it has none)."""
    tax = costs.deflect_tax(context.state, player, item["targets"])
    if tax:
        costs.pay_amounts(context, player, {} if runes_added else event.get("pay", {}), 0, {"any": tax},
                          "721.1.c", f"{player} triggers {item['label']!r}, choosing a permanent with Deflect")


def resolve(context: Context, event: dict[str, Any]) -> None:
    """Rule 336: the newest item resolves, its effects as recorded; then a cleanup, and priority moves on."""
    state = context.state
    if not state["chain"]:
        context.fail("336.1", f"{event['item']} resolves, but the chain is empty")
    item = next((entry for entry in state["chain"] if entry["id"] == event["item"]), None)
    if item is None:
        context.fail("336.1", f"{event['item']} resolves, but it is not on the chain")
    newest = state["chain"][-1]
    if item is not newest:
        context.flag("336.1", f"{item['id']} ({item['card']}) resolves before the newest item "
                              f"{newest['id']} ({newest['card']}): the newest item resolves first")
    waiting = [player for player in timing.relevant_players(state) if player not in state["passes"]]
    if waiting:
        context.flag("335.1", f"{item['id']} ({item['card']}) resolves before {', '.join(waiting)} passed")
    in_showdown = state["showdown"] is not None
    if "split" in event:
        effects.check_split(context, item, event)  # damage split among its targets (355.14), before the ops
    resolution_checks.check(context, item, event["effects"])  # what the card allows ("checked" matches only)
    choices.check_destinations(context, item, event["effects"])  # where new choices sent it (v1.4 752.1)
    movement.pay_applied_costs_of_effects(context, item, event["effects"])  # as its moves are performed (v1.4 204.4)
    effects.apply_effects(context, item, event["effects"], event.get("targets_kept"))
    experience.check_resolved(context, item, event["effects"])
    if any(entry["id"] == item["id"] for entry in state["chain"]):
        leave_chain(state, item)
        source = state["objects"].get(item["source"] or "")
        if item["kind"] == "spell" and source is not None and source["zone"] == "chain":
            move_to_zone(state, source, flow.leaves_chain_to(item))  # 356.3.d: to its owner's trash (Flow: banished)
    if item["kind"] == "spell":
        _play_completed(context, item, state["objects"].get(item["source"] or ""))
    if state["phase"] == "over":
        return
    context.schedule("cleanup")
    context.schedule("chain resolved", in_showdown)


def _play_completed(context: Context, item: dict[str, Any], card: dict[str, Any] | None) -> None:
    """A spell resolved: the act of playing it is completed, and the abilities that trigger on a card being played
    ("When you play a spell", Ravenbloom Student) trigger now (v1.4 419.4.a; v1.3 419.4.a). A countered spell
    leaves the chain without resolving and triggers none (v1.4 419.4.a.1, 425.1.b). The player who played it is
    its item's controller; the card is described as it was played, wherever its resolution left it."""
    played = {"id": item["source"], "type": "Spell", "card": item["card"]} if card is None else card
    due.occurred(context, "played", item["controller"], obj={**played, "controller": item["controller"]},
                 origin=item.get("from", "hand"), spent=item.get("spent"))
