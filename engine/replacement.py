"""Replacement and prevention effects: an event that is replaced does not happen (Core Rules v1.3 367-375, 437).

The engine does not read card text, so a replacement is recorded, as the players apply it, before the event it
replaces happens; the engine then carries it out at that moment instead of the event:

- `replace {event: {op: "kill", target}, with: [ops], until?}`: the next time `target` would die (a kill
  instruction, lethal damage at a cleanup, or combat's resolution step: v1.3 428.1.a), it does not die, and the
  ops of `with` happen instead (v1.3 369, 370.1.a): "recall it exhausted instead" is
  `with: [{op: recall, target}, {op: exhaust, target}]`. As an effect op it is recorded by the resolving spell or
  ability that creates it (Highlander, Tactical Retreat, Smite: a delayed replacement, v1.3 390.3); as an event
  (`replace {player, event, with, source?, until?}`) by the player who applies a replacement of a card on the board
  (Zhonya's Hourglass, The Boss, Soraka, Altar of Blood: v1.3 371.1, 374) at any time before the death, in combat
  during its damage step before the last assignment. A cost the replacement asks ("you may pay [C] ... instead") is
  a `pay` op among its `with` ops.
- `double {target, until?}`: all damage that would be dealt to `target` is doubled ("Double all damage that would be
  dealt to it this turn": Lotus Trap), after any prevention.
- `prevent {target?, amount?, next?, only?, until?}`: the next `amount` damage that would be dealt to `target` is
  prevented (v1.3 437); without `amount`, all of it ("All" stays "All", 437.3.c); with `next`, all of the next
  damage dealt to it and no more ("The next time that unit would be dealt damage this turn, prevent it": Counter
  Strike). Without `target` it prevents all damage to every unit, and `only: "spells"` keeps combat damage out of
  it ("Prevent all spell and ability damage this turn": Unyielding Spirit).

A replacement lasts `until` the end of the turn (the default: "the next time it dies this turn") or, with
`"until": "permanent"`, until it is used or its target leaves the board (it is then a new object, 356.3.e.4). It is
applied once (v1.3 370.2): a death replacement is used up by the death it replaces. When several wait for the same
death, the oldest applies (the owner chooses the order, 372; the recorder records them in that order).

A death replaced does not happen, so it triggers nothing (v1.3 808.1.d.1): the engine keeps the permanents that
died this turn (`died`, with their last known card, controller and location, 808.1.d.3), and a `trigger` of a
Deathknell whose source did not die is a violation.

In a checked v1.4 match a death replacement printed without "may" is the exception: the engine applies it itself
when nothing recorded waits for the death (v1.4 371.2; engine/mandatory_replacements.py reads which one applies).

The `with` ops are effect ops, applied by engine/effects.py's table (which registers itself here with
`register_ops`), so this module imports only the engine's leaves.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import due, mandatory_replacements, rulechanges
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import State, move_to_zone
from engine.rulings import Context

Op = Callable[[Context, dict[str, Any], dict[str, Any], "set[str] | None"], None]
_OPS: dict[str, Op] = {}


def register_ops(ops: dict[str, Op]) -> None:
    """The effect ops a replacement's `with` may use (engine/effects.py registers its table at import)."""
    _OPS.update(ops)


# -- recording ---------------------------------------------------------------------------------------------------
def replace_event(context: Context, event: dict[str, Any]) -> None:
    """The `replace` event: a player applies a replacement of a card they control (v1.3 371.1, 374)."""
    state = context.state
    player = context.player(event)
    if state["phase"] in ("setup", "over") or state["turn_player"] is None:
        context.fail("v1.3 369", f"{player} records a replacement, but no game is under way")
    source_id = event.get("source")
    field = next((entry for entry in state["battlefields"] if entry["id"] == source_id), None)
    if field is not None:  # "its controller may pay ..." (Altar of Blood): checked against its text
        mandatory_replacements.check_recorded(context, player, field, event["event"]["target"], event["with"])
    if source_id is not None and field is None:
        source = context.object(source_id, "v1.3 374", f"{player}'s replacement from {source_id!r}")
        context.check(source["controller"] == player, "v1.3 374",
                      f"{player} applies a replacement of {source['id']} ({source['card']}), which "
                      f"{source['controller']} controls: a replacement's controller is its source's controller")
        mandatory_replacements.check_recorded(context, player, source, event["event"]["target"], event["with"])
    # A battlefield's replacement (v1.3 169.8: Altar of Blood, "its controller may pay ... instead") is applied by
    # the player its text names, so who applies it is not checked.
    register(context, player, event["event"], event["with"], event.get("until", "turn"), source_id,
             "'replace' event")


def replace_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `replace` op: a resolving spell or ability creates a (delayed) replacement (v1.3 390.3)."""
    register(context, item["controller"], effect["event"], effect["with"], effect.get("until", "turn"),
             item["source"] or item["id"], f"{item['id']} replace")


def register(context: Context, player: str, replaced: dict[str, Any], with_ops: list[dict[str, Any]], until: str,
             source: str | None, where: str) -> None:
    """Keep a replacement (its shape checked by engine/events.py) until the event it replaces happens."""
    state = context.state
    target = context.object(replaced["target"], "v1.3 370.1", f"{where}: the replaced death of")
    if not context.check(target["zone"] == "board" and target["type"] in ("Unit", "Gear"), "v1.3 428.2.a",
                         f"{where}: {target['id']} ({target['card']}) is in {target['zone']}, not a permanent on the "
                         f"board: only a permanent on the board dies"):
        return
    state["replacements"].append({"event": "kill", "target": target["id"], "incarnation": target["incarnation"],
                                  "with": list(with_ops), "until": until, "source": source, "controller": player})


ONLY = ("spells",)  # prevention of spell and ability damage only: not combat damage (v1.3 417.3.a)


def prevent_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `prevent` op (v1.3 437): the next `amount` damage (all, without one) dealt to a unit is prevented; without
    a target, all damage (or all spell and ability damage) to every unit."""
    state = context.state
    if effect.get("only", "spells") not in ONLY:
        raise MalformedEvent(f"{item['id']} prevent: 'only' can be 'spells' (spell and ability damage), got "
                             f"{effect['only']!r}")
    if "target" not in effect:
        if "amount" in effect or effect.get("next"):
            raise MalformedEvent(f"{item['id']} prevent: a prevention without a target prevents all damage to every "
                                 f"unit, so it takes no 'amount' nor 'next'")
        state["replacements"].append({"event": "damage", "target": None, "incarnation": None, "amount": None,
                                      "next": False, "only": effect.get("only"), "until": effect.get("until", "turn"),
                                      "source": item["source"] or item["id"], "controller": item["controller"]})
        return
    target = state["objects"].get(effect["target"])
    if target is None or target["zone"] != "board" or target["type"] != "Unit":
        context.flag("356.3.e.6", f"{item['id']} prevents damage to {effect['target']!r}, which is no unit on the "
                                  f"board")
        return
    amount = effect.get("amount")
    if amount is not None and effect.get("next"):
        raise MalformedEvent(f"{item['id']} prevent: 'next' prevents all of the next damage, so it takes no 'amount'")
    if amount is not None and not context.check(amount > 0, "v1.3 437.1.b.1",
                                                f"{item['id']} prevents {amount} damage: a Prevent Value is 1 or "
                                                f"more"):
        return
    state["replacements"].append({"event": "damage", "target": target["id"], "incarnation": target["incarnation"],
                                  "amount": amount, "next": bool(effect.get("next")), "only": effect.get("only"),
                                  "until": effect.get("until", "turn"), "source": item["source"] or item["id"],
                                  "controller": item["controller"]})


def double_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `double` op: "Double all damage that would be dealt to it this turn" (Lotus Trap): a replacement that
    increases the damage a unit would be dealt, each time until it ends; two of them double it twice. In combat
    under v1.4 it applies to the assignment (465.2.c.5), and the minimum applied value that is lethal bounds what
    the unit may be assigned (465.2.c.4.a; engine/combat.py)."""
    state = context.state
    target = state["objects"].get(effect["target"])
    if target is None or target["zone"] != "board" or target["type"] != "Unit":
        context.flag("356.3.e.6", f"{item['id']} doubles the damage to {effect['target']!r}, which is no unit on "
                                  f"the board")
        return
    state["replacements"].append({"event": "double", "target": target["id"], "incarnation": target["incarnation"],
                                  "until": effect.get("until", "turn"), "source": item["source"] or item["id"],
                                  "controller": item["controller"]})


def doublings(state: State, obj: dict[str, Any]) -> int:
    """How many "double all damage dealt to it" replacements wait for this unit."""
    return len(_waiting(state, obj, "double"))


# -- carrying out ----------------------------------------------------------------------------------------------
def _waiting(state: State, obj: dict[str, Any], kind: str, combat: bool = False) -> list[dict[str, Any]]:
    """The replacements of `kind` still waiting for this object (the same object: 356.3.e.4), or for every unit;
    combat damage leaves out those of spell and ability damage only."""
    return [entry for entry in state["replacements"] if entry["event"] == kind
            and (entry["target"] is None or entry["target"] == obj["id"] and entry["incarnation"] == obj["incarnation"])
            and not (combat and entry.get("only") == "spells")]


def die(context: Context, obj: dict[str, Any]) -> bool:
    """A permanent on the board would die (v1.3 428). The oldest death replacement waiting for it applies instead
    (369, 370.2) and it stays; else, in a checked v1.4 match, a replacement of a card on the board without "may"
    that qualifies (v1.4 371.2, engine/mandatory_replacements.py); otherwise it goes to its owner's trash, noted as having died this turn (808.1.d.3).
    Returns whether it died."""
    state = context.state
    waiting = _waiting(state, obj, "kill")
    if waiting:
        used = waiting[0]
        state["replacements"].remove(used)  # applied once (370.2)
        _instead(context, obj, used["source"], used["controller"], used["with"])
        return False
    mandatory = mandatory_replacements.applies(state, obj)  # v1.4 371.2: one without "may" is not a choice
    if mandatory is not None:
        source, with_ops = mandatory
        _instead(context, obj, source["id"], source["controller"], with_ops)
        return False
    state["died"][obj["id"]] = {"card": obj["card"], "controller": obj["controller"], "location": obj["location"]}
    died = dict(obj)  # as it was on the board (808.1.d.3)
    move_to_zone(state, obj, "trash")
    due.occurred(context, "dies", died["controller"], obj=died)  # v1.4 808.1.d: killed and sent to the trash
    return True


def _instead(context: Context, obj: dict[str, Any], source: str | None, controller: str,
             with_ops: list[dict[str, Any]]) -> None:
    """Carry out a death replacement's ops instead of the death (v1.3 369, 370.1.b), as an item of its source."""
    item = {"id": source or "replacement", "kind": "replacement", "card": obj["card"], "source": source,
            "controller": controller, "targets": [], "target_incarnations": {}}
    for op in with_ops:
        if context.state["phase"] == "over":
            break
        _OPS[op["op"]](context, item, op, None)


def deal_damage(context: Context, obj: dict[str, Any], amount: int, combat: bool = False,
                by: str | None = None) -> int:
    """Deal `amount` damage to a unit (`combat`: combat damage, 460.2.d; else a spell's or ability's, whose
    controller is `by`), less what is prevented (v1.3 437.2-437.4), then doubled by each `double` waiting for it;
    returns the damage dealt. None is dealt to a unit a static rule keeps from it ("I can't be dealt damage unless
    I'm in combat", "prevent all damage that enemy spells and abilities would deal to me": engine/rulechanges.py).
    *Decision:* prevention applies before doubling, the order the affected unit's controller would choose (it deals
    the least damage; v1.4 465.2.c.5's last example lets them choose)."""
    state = context.state
    if rulechanges.damage_prevented(state, obj, combat, by):
        amount = 0
    for entry in _waiting(state, obj, "damage", combat):
        if amount <= 0:
            break
        if entry["amount"] is None:
            amount = 0  # "All" stays "All" (437.3.c)
            if entry.get("next"):
                state["replacements"].remove(entry)  # only the next damage (Counter Strike)
            break
        prevented = min(entry["amount"], amount)
        amount -= prevented
        entry["amount"] -= prevented  # 437.3
        if entry["amount"] <= 0:
            state["replacements"].remove(entry)  # 437.3.a
    amount *= 2 ** doublings(state, obj) if amount > 0 else 1
    obj["damage"] += amount
    return amount


def prevent_value(state: State, obj: dict[str, Any], combat: bool = True) -> int | None:
    """The Prevent Value tracked on a unit: the (combat) damage that would be prevented, None for "All" (v1.3
    437.5)."""
    if rulechanges.damage_prevented(state, obj, combat, None):
        return None
    total = 0
    for entry in _waiting(state, obj, "damage", combat):
        if entry["amount"] is None:
            return None
        total += entry["amount"]
    return total


def end_of_turn(state: State) -> None:
    """The expiration step (517.2.b): replacements of this turn end, and the deaths of this turn are forgotten. A
    permanent replacement lasts while its target is the same object on the board."""
    objects = state["objects"]
    state["replacements"] = [entry for entry in state["replacements"] if entry["until"] == "permanent" and (
        entry["target"] is None or entry["target"] in objects and objects[entry["target"]]["zone"] == "board"
        and objects[entry["target"]]["incarnation"] == entry["incarnation"])]
    state["died"] = {}


DEATH_TRIGGERS = ("deathknell", "when i die")  # v1.4 808.1.d: Deathknell "and similar effects" on their own death


def check_deathknell(context: Context, source_id: str, label: str) -> bool:
    """A Deathknell triggers when its permanent dies (v1.3 808.1.c); one whose death was replaced, or that did not
    die this turn, triggers nothing (808.1.d.1). Under v1.4 the same holds of every ability that triggers on its
    source's death ("When I die in combat", v1.4 808.1.d), and one whose source was not sent to the trash is
    removed from the chain (v1.4 808.1.d.1; `Edition.death_triggers_removed_from_chain`). Returns whether the
    trigger is removed (so that an audit match, which lets the flagged event through, does not chain it)."""
    state = context.state
    lowered = label.lower()
    if source_id in state["died"] or not any(words in lowered for words in DEATH_TRIGGERS):
        return False
    aligned = edition_of(state).death_triggers_removed_from_chain
    if not aligned and DEATH_TRIGGERS[0] not in lowered:
        return False  # before v1.4, Deathknell alone (v1.3 808.1.d.1)
    obj = state["objects"].get(source_id)
    name = f"{source_id} ({obj['card']})" if obj else source_id
    if aligned:
        context.flag("v1.4 808.1.d.1", f"{name} was not killed and sent to the trash this turn (a death replaced by "
                                       f"a recall does not send it there): its triggered ability {label!r} is "
                                       f"removed from the chain")
        return True
    context.flag("v1.3 808.1.d.1", f"{name} did not die this turn (a death replaced by a recall does not "
                                   f"happen): its Deathknell does not trigger")
    return False
