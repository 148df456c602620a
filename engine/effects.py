"""The recorded results of a resolving chain item: the effect ops of a `resolve` event.

The engine does not read card text (contract section 1): the players execute it and record what happened as ops.
The engine checks each op mechanically. A target the item chose must still be the same object (rule 356.3.e.4:
not after a change of zones to or from a non-board zone) and still where the op needs it (356.3.e.2); a target no
longer legal is unaffected (356.3.e.5), and an instruction that cannot be followed is ignored (356.3.e.6). So an op
on an illegal target is flagged and skipped, and the rest of the resolution goes on.

Durations: `might` and `grant` last "permanent" (while the object stays where it is, rules 109 and 713.3.a.3)
unless the op says `"until": "turn"`, which expires in the end of turn's expiration step (517.2.b).
"""
from __future__ import annotations

from typing import Any, Callable

from engine import (additional_turns, attachment, battlefield_tokens, choices, control, copies, costs, counters, deck,
                    decktop, due, delayed, experience, flow, layers, movement, naming, play, replacement, rulechanges,
                    scoring, statics)
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import card_name, carry_attachments, create_object, is_location, move_to_zone, place_on_board, \
    refresh, remove_from_zone, resolve_location
from engine.rulings import Context

Op = Callable[[Context, dict[str, Any], dict[str, Any], "set[str] | None"], None]
# Ops that would take the Champion Legend out of its zone, which nothing does (106.5.d).
DISPLACING = ("kill", "banish", "return", "recall", "move")


def apply_effects(context: Context, item: dict[str, Any], effect_list: list[dict[str, Any]],
                  targets_kept: list[str] | None) -> None:
    """Apply a resolving item's ops in order, top to bottom (rule 356.3.d)."""
    kept = None
    if targets_kept is not None:
        extra = sorted(set(targets_kept) - set(item["targets"]))
        context.check(not extra, "352.11.b", f"{item['id']} keeps targets it never chose: {', '.join(extra)}")
        kept = set(targets_kept)
    for effect in effect_list:
        if context.state["phase"] == "over":
            return
        OPS[effect["op"]](context, item, effect, kept)


def check_split(context: Context, item: dict[str, Any], event: dict[str, Any]) -> None:
    """A resolution that splits `split` damage among the item's targets (355.14; Alpha Strike, Volibear, Furious),
    checked before its ops. The split's targets are the item's targets it deals damage to and those it no longer
    keeps (`targets_kept`: they ceased being targets, 355.14.h); a target it keeps and deals no damage to (Alpha
    Strike's friendly unit) is not among them. Each is dealt a valid amount, 1 or more (v1.3 355.14.f-g), and the
    amounts add up to `split`. In a v1.4 match the player drops no more targets than they must: as many targets
    still legal as there is damage are kept (v1.4 355.14.h.1); v1.3 355.14.h lets them drop any."""
    state, amount = context.state, event["split"]
    if isinstance(amount, bool) or amount < 0:
        raise MalformedEvent(f"'resolve' event: 'split' is the damage split among the targets, 0 or more, got "
                             f"{amount!r}")
    dealt: dict[str, int] = {}
    for effect in event["effects"]:
        if effect["op"] == "damage" and effect["target"] in item["targets"]:
            dealt[effect["target"]] = dealt.get(effect["target"], 0) + effect["amount"]
    kept = event.get("targets_kept")
    dropped = [target for target in item["targets"] if kept is not None and target not in kept]
    low = sorted(target for target, given in dealt.items() if given < 1)
    context.check(not low, "v1.3 355.14.g", f"{item['id']} splits damage giving {', '.join(low)} less than 1: each "
                                            f"target of a split is dealt 1 or more")
    context.check(sum(dealt.values()) == amount, "v1.3 355.14.e",
                  f"{item['id']} splits {sum(dealt.values())} damage among its targets, but has {amount} to split")
    if not edition_of(state).split_keeps_enough_targets:
        return

    def legal(target: str) -> bool:
        obj = state["objects"].get(target)
        return obj is not None and obj["zone"] == "board" and obj["incarnation"] == item["target_incarnations"].get(
            target, obj["incarnation"])

    candidates = [target for target in [*dealt, *dropped] if legal(target)]
    needed = min(amount, len(candidates))
    kept_count = len([target for target in dealt if legal(target)])
    context.check(not dropped or kept_count >= needed, "v1.4 355.14.h.1",
                  f"{item['id']} has {amount} damage to split among {len(candidates)} targets still legal and keeps "
                  f"{kept_count} of them: a player cannot choose to have fewer targets than they have damage to split")


def _target(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None,
            on_board: bool = True, unit: bool = False) -> dict[str, Any] | None:
    """The object an op acts on, or None (flagged) when the op must be skipped."""
    op, target = effect["op"], effect["target"]
    obj = context.state["objects"].get(target)
    if obj is None:
        context.flag("356.3.e.6", f"{item['id']} {op}: {target!r} is no object of this match")
        return None
    name = f"{target} ({obj['card']})"
    if obj["zone"] == "legend" and op in DISPLACING:
        context.flag("106.5.d", f"{item['id']} {op}s {name}: the Champion Legend cannot be removed, moved or "
                                f"displaced from the Legend Zone")
        return None
    if target in item["targets"]:
        if kept is not None and target not in kept:
            context.flag("352.11.b", f"{item['id']} {op}s {name}, a target it did not keep")
            return None
        if obj["incarnation"] != item["target_incarnations"].get(target, obj["incarnation"]):
            context.flag("356.3.e.4", f"{item['id']} {op}s {name}, but it changed zones since it was chosen: "
                                      f"it is not the same object")
            return None
        if edition_of(context.state).untargetable_mistargets and _mistargeted(context, item, obj, op, name):
            return None
    if on_board and obj["zone"] != "board":
        context.flag("356.3.e.2", f"{item['id']} {op}s {name}, which is in {obj['zone']}, not on the board")
        return None
    if unit and obj["type"] != "Unit":
        context.flag("356.3.e.6", f"{item['id']} {op}s {name}, which is a {obj['type']}, not a unit")
        return None
    return obj


def _mistargeted(context: Context, item: dict[str, Any], obj: dict[str, Any], op: str, name: str) -> bool:
    """v1.4 758.1: a target that has become untargetable for the item (a static "can't be chosen by enemy spells
    and abilities" applies to it now, for the item's controller now) is mistargeted as the item resolves, and the
    instructions about it are ignored: the op is flagged and skipped. Checked as it resolves, so a target that is
    no longer untargetable (758.2, 758.2.a: the item or the static changed) is affected."""
    forbidding = rulechanges.untargetable_by(context.state, obj, item["controller"])
    if forbidding:
        context.flag("v1.4 758.1", f"{item['id']} {op}s {name}, which became untargetable for it after it was "
                                   f"chosen ({rulechanges.why(context.state, forbidding)}): the item mistargets and "
                                   f"its instructions about {obj['id']} are ignored")
    return bool(forbidding)


def _damage(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is not None and context.check(effect["amount"] >= 0, "139.3.a", "damage is never negative"):
        replacement.deal_damage(context, obj, effect["amount"], by=item.get("controller"))  # less what is prevented


def _heal(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is not None:
        obj["damage"] = 0


def _kill(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept)
    if obj is not None and context.check(obj["type"] in ("Unit", "Gear"), "604.1",
                                         f"only permanents are killed, not {obj['type']} {obj['id']}"):
        replacement.die(context, obj)  # rule 604.2: straight to its owner's trash, unless replaced (v1.3 369)


def _banish(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    if _from_deck(effect, "banish"):
        decktop.banish_from_deck(context, context.player(effect), effect["cards"])
        return
    obj = _target(context, item, effect, kept, on_board=False)
    if obj is not None:
        move_to_zone(context.state, obj, "banishment")  # rule 603.2


def _buff(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is not None:  # rule 702.3: one buff at most, unless a static rule allows any number
        before = obj["buff"]
        obj["buff"] = 1 if rulechanges.buffs_allowed(context.state, obj) == 1 else obj["buff"] + 1
        refresh(context.state, obj)
        if obj["buff"] > before:  # "When you buff me": it got a buff
            due.occurred(context, "buffed", item["controller"], obj=obj)


def _spend_buff(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is None:
        return
    if not context.check(obj["buff"] > 0, "702.2.b.1", f"{obj['id']} ({obj['card']}) has no buff to spend"):
        return
    context.check(obj["controller"] == item["controller"], "702.2.b.2",
                  f"{item['controller']} spends a buff of {obj['id']}, a unit they do not control")
    obj["buff"] = 0
    refresh(context.state, obj)
    due.occurred(context, "spent_buff", item["controller"], obj=obj)  # "When you spend a buff"


def _might(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is not None:
        obj["modifiers"].append({"kind": "might", "delta": effect["delta"],
                                 "until": effect.get("until", "permanent"), "source": item["id"]})
        refresh(context.state, obj)


def _grant(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept)
    if obj is not None:
        obj["modifiers"].append({"kind": "keyword", "keyword": effect["keyword"], "value": effect.get("value"),
                                 "until": effect.get("until", "permanent"), "source": item["id"]})
        refresh(context.state, obj)


def _stun(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, unit=True)
    if obj is not None and not obj["stunned"]:  # rule 599.1.a.1: a stunned unit is not stunned again
        obj["stunned"] = True
        due.occurred(context, "stunned", item["controller"], obj=obj)  # "When you stun an enemy unit"


def _ready(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, on_board=False)
    if obj is not None and context.check(obj["zone"] in ("board", "legend"), "593.1",
                                         f"{obj['id']} ({obj['card']}) is not on the board"):
        forbidding = rulechanges.cannot_ready(context.state, obj, by_effect=True)
        if context.check(not forbidding, "002", f"{item['id']} readies {obj['id']} ({obj['card']}), but "
                                                f"{rulechanges.why(context.state, forbidding)}" if forbidding else ""):
            due.readied(context, item["controller"], obj)


def _exhaust(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, on_board=False)
    if obj is not None and context.check(obj["zone"] in ("board", "legend"), "592.1",
                                         f"{obj['id']} ({obj['card']}) is not on the board"):
        obj["exhausted"] = True


def _move(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept)
    if obj is not None:
        movement.move_op(context, item, obj, effect["to"])


def _recall(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept)
    if obj is not None:  # rule 617: a change of location that is not a move
        move_to_zone(context.state, obj, "board", f"base:{obj['controller']}")


def _return(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    obj = _target(context, item, effect, kept, on_board=False)
    if obj is None:
        return
    if effect["to"] == "hand":
        move_to_zone(context.state, obj, "hand")
    elif effect["to"] == "deck":
        deck.recycle(context.state, obj)
    else:
        raise MalformedEvent(f"effect op 'return': 'to' must be 'hand' or 'deck', got {effect['to']!r}")


def _draw(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    deck.draw_cards(context, context.player(effect), effect["cards"])


def _from_deck(effect: dict[str, Any], op: str, default: str | None = None) -> bool:
    """Whether an op acts on the top cards of the player's main deck (`from: "deck"`, engine/decktop.py) rather
    than on objects (`target`, or for `reveal` the hand). A `banish` names a target or, from the deck, cards."""
    source = effect.get("from", default)
    if source == decktop.DECK:
        if not isinstance(effect.get("cards"), list) or "player" not in effect:
            raise MalformedEvent(f"effect op '{op}' from the deck needs 'player' and a list of 'cards'")
        return True
    if source is not None and source != default:
        allowed = " or ".join(repr(zone) for zone in (default, decktop.DECK) if zone)
        raise MalformedEvent(f"effect op '{op}': 'from' must be {allowed}, got {source!r}")
    if op == "banish" and "target" not in effect:
        raise MalformedEvent("effect op 'banish' needs a 'target' (or 'player', 'cards' and 'from': 'deck')")
    return False


def _hand_card(context: Context, player: str, reference: str | None, op: str) -> dict[str, Any] | None:
    """A card in a player's hand, by id or by name; a card drawn unseen is revealed by naming it."""
    state = context.state
    hand = state["players"][player]["hand"]
    if reference in hand:
        return state["objects"][reference]
    name = None if reference is None else card_name(state, reference, f"{op} op")
    for object_id in hand:
        if state["objects"][object_id]["card"] == name:
            return state["objects"][object_id]
    unseen = [object_id for object_id in hand if state["objects"][object_id]["card"] is None]
    if unseen and name is not None and deck.could_be(state, player, name):
        deck.name_unseen(state, state["objects"][unseen[0]], name)  # 591.1: one copy fewer left in the deck
        return state["objects"][unseen[0]]
    rule = {"discard": "598.1", "reveal": "600.3"}[op]
    if unseen and name is not None:
        context.flag("591.1", f"{player} {op}s {name!r} as a card they drew unseen, but no copy of it was left in "
                              f"their main deck to draw")
    else:
        context.flag(rule, f"{player} {op}s {reference!r}, which is not in their hand")
    return None


def _discard(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    player = context.player(effect)
    gone = []
    for reference in effect["cards"]:
        obj = _hand_card(context, player, reference, "discard")
        if obj is not None:
            move_to_zone(context.state, obj, "trash")  # rule 598.1
            gone.append(obj)
    due.discarded(context, gone)


def _reveal(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    player = context.player(effect)
    if _from_deck(effect, "reveal", "hand"):
        decktop.reveal_from_deck(context, player, effect["cards"])
        return
    for reference in effect["cards"]:
        _hand_card(context, player, reference, "reveal")


def _channel(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    deck.channel_runes(context, context.player(effect), effect["runes"], effect.get("exhausted", False))


def _add(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    pool = context.state["players"][context.player(effect)]["pool"]
    pool["energy"] += effect.get("energy", 0)
    for domain, amount in effect.get("power", {}).items():
        pool["power"][domain] = pool["power"].get(domain, 0) + amount


def _recycle(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    player = context.player(effect)
    if _from_deck(effect, "recycle"):
        decktop.recycle_from_deck(context, player, effect["cards"])
        due.recycled(context, player, cards=len(effect["cards"]))
        return
    runes = cards = 0
    for object_id in effect["cards"]:
        obj = context.state["objects"].get(object_id)
        if not context.check(obj is not None and obj["owner"] == player, "594.1",
                             f"{player} recycles {object_id!r}, which is no card of theirs"):
            continue
        if not context.check(obj["zone"] != "legend", "106.5.d",
                             f"{item['id']} recycles {object_id} ({obj['card']}): the Champion Legend cannot be "
                             f"removed, moved or displaced from the Legend Zone"):
            continue
        runes, cards = (runes + 1, cards) if obj["type"] == "Rune" else (runes, cards + 1)
        deck.recycle(context.state, obj)
    due.recycled(context, player, runes=runes, cards=cards)


def _counter(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """Rule 601.1.a: a countered card does nothing and goes to the trash; an ability taken off the chain ceases to
    exist (543.1.a.3)."""
    state = context.state
    countered = next((entry for entry in state["chain"] if entry["id"] == effect["item"]), None)
    if not context.check(countered is not None, "601.3", f"{item['id']} counters {effect['item']!r}, which is "
                                                         f"not on the chain"):
        return
    forbidding = rulechanges.cannot_counter(state, countered)
    if not context.check(not forbidding, "002", f"{item['id']} counters {countered['id']} ({countered['card']}), "
                                                f"but {rulechanges.why(state, forbidding)}" if forbidding else ""):
        return
    state["chain"] = [entry for entry in state["chain"] if entry["id"] != countered["id"]]
    source = state["objects"].get(countered["source"] or "")
    if countered["kind"] != "ability" and source is not None and source["zone"] == "chain":
        move_to_zone(state, source, flow.leaves_chain_to(countered))


def _token(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """Rules 170-178 (v1.3 176-184): a unit or gear token enters the board. Its kind (`kind`, or `name`) names its
    catalog entry when the catalog has one (a Gold gear token, v1.3 184.5, is a gear with its ability), whose type
    it has (v1.3 182.1.d); otherwise `type` says ("unit" by default). A unit token enters exhausted and a gear token
    ready (359.2.c-d), unless the effect says otherwise with `ready` (v1.3 181.1); a gear enters at its
    controller's base (356.2.d)."""
    state = context.state
    controller = context.player(effect, "controller")
    kind = effect.get("kind", effect.get("name"))
    known = state["cards"].get(kind, {})
    token_type = {"unit": "Unit", "gear": "Gear"}[effect.get("type", "unit")]
    if known.get("type") in ("Unit", "Gear"):
        context.check("type" not in effect or token_type == known["type"], "v1.3 182.1.d",
                      f"{item['id']} creates a {kind} token as a {effect.get('type')}, but a {kind} token is a "
                      f"{known['type']}")
        token_type = known["type"]
    if token_type == "Gear" and effect.get("to") not in (None, "base", f"base:{controller}"):
        context.flag("356.2.d", f"{item['id']} creates the gear token {kind} at {effect['to']}: gear enters the "
                                f"board at its controller's base")
        return
    location = resolve_location(state, controller, effect.get("to"))
    if not is_location(state, location):
        context.flag("356.3.e.6", f"{item['id']} creates a token at {effect.get('to')!r}, which is no location of "
                                  f"this match")
        return
    if location.startswith("base:") and location != f"base:{controller}":
        context.flag("106.2.d", f"{item['id']} puts a token {controller} controls into {location}: no player "
                                f"controls objects in another player's base")
        return
    might = effect.get("might", known.get("might")) if token_type == "Unit" else None
    keywords = sorted(set(effect.get("keywords", known.get("keywords", []))))
    object_id = create_object(state, kind, item["controller"], "board", type=token_type, token=True,
                              printed_might=might, printed_keywords=keywords,
                              tags=effect.get("tags", known.get("tags", [])),
                              exhausted=not effect.get("ready", token_type == "Gear"))
    obj = state["objects"][object_id]
    obj["controller"] = controller
    refresh(state, obj)
    place_on_board(state, obj, location)
    if obj["exhausted"] and layers.enters_ready(state, obj):  # "your Mechs enter ready" (v1.3 364)
        obj["exhausted"] = False
    if not location.startswith("base:"):
        control.arrive(state, obj, location)
    due.occurred(context, "played", controller, obj=obj)  # "play a ... token" plays it (v1.4 184)


def _point(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    player = context.player(effect)
    forbidding = rulechanges.scoring_forbidden(context.state, player, None) if effect["amount"] > 0 else []
    if context.check(not forbidding, "002", f"{item['id']} gives {player} points, but "
                                            f"{rulechanges.why(context.state, forbidding)}" if forbidding else ""):
        scoring.gain_points(context, player, effect["amount"])


def _control(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    if "item" in effect:  # control of a chain item (engine/choices.py)
        choices.control_item(context, item, effect)
        return
    obj = _target(context, item, effect, kept)
    if obj is None:
        return
    new_controller = context.player(effect)
    if new_controller == obj["controller"]:
        return
    state = context.state
    location = obj["location"]
    remove_from_zone(state, obj)  # out of the old controller's lists (a rune's too) before control changes
    obj["controller"] = new_controller
    if obj.get("attached_to"):
        pass  # v1.3 718.5.e-f: an attached card stays with its Top-Most Card, whoever controls either
    elif location is None or location.startswith("base:"):  # rule 106.2.d: nobody controls objects in another
        location = f"base:{new_controller}"                 # player's base
    place_on_board(state, obj, location)
    carry_attachments(state, obj)
    if not location.startswith("base:"):
        control.arrive(state, obj, location)


def _empower(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """Empower or disempower; an object that becomes Empowered (again, where a permission allows it) is an
    occurrence (v1.4 441.2.a, 828.1.d "When I become Empowered"); one Empowered already is not (441.1.c)."""
    obj = _target(context, item, effect, kept, on_board=False)
    before = layers.empowered_times(obj or {})
    statics.empower(context, item, obj, effect["op"] == "empower")
    if obj is not None and layers.empowered_times(obj) > before:
        due.occurred(context, "empowered", item["controller"], obj=obj)


def _note(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """A remark on the resolution, for the record only."""


OPS: dict[str, Op] = {
    "damage": _damage, "heal": _heal, "kill": _kill, "banish": _banish, "buff": _buff, "spend_buff": _spend_buff,
    "might": _might, "grant": _grant, "stun": _stun, "ready": _ready, "exhaust": _exhaust, "move": _move,
    "recall": _recall,
    "return": _return, "draw": _draw, "discard": _discard, "channel": _channel, "add": _add, "recycle": _recycle,
    "counter": _counter, "token": _token, "point": _point, "reveal": _reveal, "control": _control, "note": _note,
    "static": statics.static_op, "empower": _empower, "disempower": _empower, "counters": counters.counters_op,
    "look": decktop.look, "predict": decktop.predict, "burn": decktop.burn,
    "play": lambda context, item, effect, kept: play.play_card(context, effect, limited=True),
    "pay": costs.pay_op,
    "attach": lambda context, item, effect, kept: attachment.attach_op(context, item, effect, kept, _target),
    "detach": lambda context, item, effect, kept: attachment.detach_op(context, item, effect, kept, _target),
    "replace": replacement.replace_op, "prevent": replacement.prevent_op, "double": replacement.double_op,
    "xp": experience.xp_op,
    "turn": additional_turns.turn_op,
    "delayed": delayed.create,
    "copy": copies.copy_op,
    "win": lambda context, item, effect, kept: scoring.win(context, context.player(effect), "card", "633"),
    "battlefield": battlefield_tokens.battlefield_op,
    "retarget": choices.retarget,
    "name": naming.name_op,
}
replacement.register_ops(OPS)  # a replacement's `with` ops are effect ops
