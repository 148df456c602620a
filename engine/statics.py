"""Recording static effects: where a continuous effect comes from, recorded once (contract section 6).

The engine does not read card text, so a recorder says once what a passive ability does and where it comes from;
the state applies it from then on (engine/layers.py), until its source leaves the board (004 569.1) or, for an
effect a resolving spell or ability made, until the end of the turn. Three ways to record one, all the same shape:

- the `static` event, for an object already in play: a permanent, a legend, a battlefield (004 163.8, 167.6);
- `statics` in a `play` (and the `play` op): the passive abilities of the card played, active as it is finalized
  (v1.3 359.2.a); its own cost changes and "I enter ready" apply within that play (004 570.2);
- the `static` op of a `resolve`: an effect the resolving item makes, such as "friendly units enter ready this
  turn" (`until: "turn"`).

The shape: `{source?, affects: {who, other?, where?, tags?, types?, stunned?, empowered?, mighty?, from?, of?,
chooses?}, might?, min?, keywords?, values?, if_absent?, enter_ready?, cost?: {energy?, power?, min_energy?,
min_power?}, rule?, value?, while?: {legion?, empowered?, mighty?, at?, level?}, until?, next?, text?}`
(engine/layers.py says what each field means; `rule` and `value` are a change to what the rules allow,
engine/rulechanges.py). `if_absent` gives its
keywords only to an object with no instance of them from elsewhere ("have [Deflect] if they didn't already": no
second instance to add up, v1.4 809.2). `next` marks a one-shot effect
("your next card costs [2] less", "the next unit you play enters ready"), used up by the first play it applies to.
"""
from __future__ import annotations

from typing import Any

from engine import card_costs, layers, rulechanges
from engine.cards import holds
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import State, new_id
from engine.rulings import Context

WHO = ("self", "friendly", "enemy", "all")
WHERE = ("here", "battlefield", "base")
TYPES = ("Unit", "Gear", "Spell", "Rune", "Legend", "Ability")
FIELDS: dict[str, type | tuple[type, ...]] = {
    "source": str, "affects": dict, "might": int, "min": int, "keywords": list, "values": dict, "enter_ready": bool,
    "cost": dict, "while": dict, "until": str, "next": bool, "text": str, "rule": str, "value": int, "per": dict,
    "if_absent": bool,
}
AFFECTS: dict[str, Any] = {"who": WHO, "other": bool, "where": WHERE, "tags": list, "types": list,
                           "stunned": bool, "empowered": int, "mighty": bool, "in_combat": bool, "weaker": bool,
                           "from": ("hand", "trash", "facedown", "champion"), "of": list, "chooses": dict}
# `empowered`: true/false, or a number of times (v1.4 441.1.c.1: "While I'm Empowered three times", Kayle, Justified)
WHILE: dict[str, Any] = {"legion": bool, "empowered": int, "mighty": bool, "at": ("battlefield", "base"),
                         "level": int, "runes_at_most": int, "controls": list, "none_played": dict}
COST = ("energy", "power", "min_energy", "min_power")
PER = {"count", "mighty", "keyword", "token", "tags"}


def check_shape(static: Any, where: str) -> None:
    """A static's fields and their types; raises MalformedEvent naming what is wrong."""
    if not isinstance(static, dict):
        raise MalformedEvent(f"{where}: a static effect is a map, got {static!r}")
    for field, value in static.items():
        kind = FIELDS.get(field)
        if kind is not None and (not isinstance(value, kind) or isinstance(value, bool) and kind is int):
            raise MalformedEvent(f"{where}: static field '{field}' must be {_kind(kind)}, got {value!r}")
    _check_map(static.get("affects", {}), AFFECTS, f"{where}: static 'affects'")
    _check_map(static.get("while", {}), WHILE, f"{where}: static 'while'")
    for field in ("tags", "types"):
        values = static.get("affects", {}).get(field, [])
        if not all(isinstance(value, str) for value in values):
            raise MalformedEvent(f"{where}: static 'affects.{field}' must list strings, got {values!r}")
    types = static.get("affects", {}).get("types", [])
    if any(kind not in TYPES for kind in types):
        raise MalformedEvent(f"{where}: static 'affects.types' must be among {', '.join(TYPES)}, got {types!r}")
    if not all(isinstance(keyword, str) for keyword in static.get("keywords", [])):
        raise MalformedEvent(f"{where}: static 'keywords' must list keywords, got {static['keywords']!r}")
    values = static.get("values", {})
    if not all(keyword in static.get("keywords", []) and _is_int(value) for keyword, value in values.items()):
        raise MalformedEvent(f"{where}: static 'values' maps its keywords to numbers (Deflect 2), got {values!r}")
    cost = static.get("cost", {})
    if set(cost) - set(COST) or not all(_is_int(value) for value in cost.values()):
        raise MalformedEvent(f"{where}: static 'cost' is {{energy, power, min_energy, min_power}} of whole "
                             f"numbers (negative for a discount), got {cost!r}")
    per = static.get("per")
    if per is not None and (per.get("count") not in holds.COUNTS or set(per) - PER):
        raise MalformedEvent(f"{where}: static 'per' counts one of {', '.join(holds.COUNTS)} ({{count, "
                             f"mighty?, keyword?, token?, tags?}}), got {per!r}")
    condition = static.get("while", {})
    if not all(isinstance(tag, str) for tag in condition.get("controls", [])) or \
            not isinstance(condition.get("none_played", {}).get("types", []), list):
        raise MalformedEvent(f"{where}: static 'while.controls' lists tags or types, 'while.none_played' is "
                             f"{{types: [...], token?}}, got {condition!r}")
    if static.get("until", "turn") != "turn":
        raise MalformedEvent(f"{where}: static 'until' can only be 'turn' (else it lasts while its source is on "
                             f"the board), got {static['until']!r}")
    if "rule" in static and static["rule"] not in rulechanges.RULES:
        raise MalformedEvent(f"{where}: static 'rule' must be one of {', '.join(rulechanges.RULES)}, got "
                             f"{static['rule']!r}")
    if static.get("rule") == "other" and not static.get("text"):
        raise MalformedEvent(f"{where}: a static 'rule' of 'other' (recorded, not checked) says the card's words "
                             f"in 'text'")
    if not any(field in static for field in ("might", "keywords", "enter_ready", "cost", "rule")):
        raise MalformedEvent(f"{where}: a static effect gives something: 'might', 'keywords', 'enter_ready', "
                             f"'cost' or 'rule'")


def _kind(kind: type | tuple[type, ...]) -> str:
    return {str: "a string", int: "an integer", list: "a list", dict: "a map", bool: "a boolean"}[kind]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_map(body: Any, spec: dict[str, Any], where: str) -> None:
    if not isinstance(body, dict):
        raise MalformedEvent(f"{where} must be a map, got {body!r}")
    for key, value in body.items():
        allowed = spec.get(key)
        if allowed is None:
            raise MalformedEvent(f"{where}: unknown field {key!r}; the fields are {', '.join(spec)}")
        if isinstance(allowed, tuple) and value not in allowed or isinstance(allowed, type) and not isinstance(
                value, allowed):
            expected = " or ".join(map(repr, allowed)) if isinstance(allowed, tuple) else _kind(allowed)
            raise MalformedEvent(f"{where}: '{key}' must be {expected}, got {value!r}")


def add(state: State, static: dict[str, Any], source: str, controller: str | None) -> dict[str, Any]:
    """Put a static in force (its timestamp is its place in the list, v1.3 475.3) and apply it. A Skip (v1.4 443)
    in a match of an edition without that action is refused, naming the edition: its card's words are recorded
    with `rule: "other"` there."""
    if static.get("rule") in rulechanges.SKIP_RULES and not edition_of(state).skips:
        raise MalformedEvent(f"static rule {static['rule']!r} is Skip (v1.4 443), which the {state['rules']} rules "
                             f"do not have; record the card's words with rule 'other'")
    entry = card_costs.mark_declared(state, {"id": new_id(state, "s"), **{
        key: value for key, value in static.items() if key != "source"}, "source": source, "controller": controller})
    obj = state["objects"].get(source)
    if obj is not None:
        entry["incarnation"] = obj["incarnation"]
    state.setdefault("statics", []).append(entry)
    layers.refresh_all(state)
    return entry


def _source(context: Context, source: str, rule: str, what: str) -> tuple[dict[str, Any] | None, str | None]:
    """The source object (or battlefield) and its controller; an unknown one fails."""
    state = context.state
    obj = state["objects"].get(source)
    if obj is not None:
        return obj, obj["controller"]
    entry = next((field for field in state["battlefields"] if field["id"] == source), None)
    if entry is None:
        context.fail(rule, f"{what}: unknown object or battlefield {source!r}")
    return entry, entry["controller"]


def static_event(context: Context, event: dict[str, Any]) -> None:
    """The `static` event: a passive ability of an object in play, active while it stays there (004 569.1;
    battlefields 163.8, legends 167.6)."""
    check_shape({key: value for key, value in event.items() if key != "type"}, "'static' event")
    state = context.state
    source, controller = _source(context, event["source"], "569.1", "static")
    if "units" not in source and source["zone"] not in layers.IN_PLAY and event.get("until") != "turn":
        context.fail("569.1", f"a static of {source['id']} ({source['card']}), which is in {source['zone']}: "
                              f"passive abilities of permanents are active only on the board")
    card_costs.check_declared_static(context, source)
    static = {key: value for key, value in event.items() if key != "type"}
    add(state, static, source["id"], controller)


def static_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """The `static` op: a continuous effect a resolving item makes, from the item's source unless it names one.
    Without `until: "turn"` it lasts while that source is on the board (004 569.1)."""
    static = {key: value for key, value in effect.items() if key != "op"}
    check_shape(static, f"{item['id']} static op")
    source_id = static.get("source") or item["source"]
    if source_id is None:
        context.flag("356.3.e.6", f"{item['id']} static: the item has no source; name one")
        return
    state = context.state
    obj = state["objects"].get(source_id)
    in_play = obj is None or obj["zone"] in layers.IN_PLAY
    if not context.check(in_play or static.get("until") == "turn", "569.1",
                         f"{item['id']} static from {source_id} ({obj and obj['card']}), which is not on the board: "
                         f"it would end at once (say 'until: turn' for an effect that lasts this turn)"):
        return
    source, controller = _source(context, source_id, "356.3.e.6", f"{item['id']} static")
    add(state, static, source["id"], item["controller"] if obj is not None and not in_play else controller)


def check_play_statics(statics: Any) -> list[dict[str, Any]]:
    """The `statics` of a `play`: the card's own passive abilities (no `source`: it is the card played)."""
    if not isinstance(statics, list):
        raise MalformedEvent(f"'play': 'statics' must be a list of static effects, got {statics!r}")
    for index, static in enumerate(statics):
        check_shape(static, f"'play' static {index + 1}")
        if "source" in static:
            raise MalformedEvent(f"'play' static {index + 1}: a played card's statics are its own (no 'source')")
    return statics


def own(statics: list[dict[str, Any]], obj: dict[str, Any]) -> list[dict[str, Any]]:
    """A played card's statics as statics of that object, before they are put in force (for its own costs and
    its entering ready)."""
    return [dict(static, id=f"own{index}", source=obj["id"], controller=obj["controller"])
            for index, static in enumerate(statics)]


def use_up(state: State, used: list[dict[str, Any]]) -> None:
    """A one-shot static (`next`) is used up by the play it applied to."""
    spent = {static["id"] for static in used if static.get("next")}
    if spent:
        state["statics"] = [static for static in state.get("statics", []) if static["id"] not in spent]
        layers.refresh_all(state)


def empower_limit(state: State, obj: dict[str, Any]) -> int:
    """How many times `obj` may be Empowered: once (v1.4 441.1.b, 441.1.c), or as many times as an effect permits
    (v1.4 441.1.c.1: Kayle, Justified's "I can be [Empowered] up to three times", the static rule
    `empower_times`), in an edition that defines Empowered (v1.4); earlier editions have the mark only."""
    if not edition_of(state).defines_vendetta_keywords:
        return 1
    return max([1, *(static.get("value", 1) for static in rulechanges.applies(state, "empower_times", obj))])


def empowered_again(state: State, obj: dict[str, Any]) -> bool | int:
    """The `empowered` an object has once Empowered: the mark (true), or one more time while a permission allows
    it (v1.4 441.1.c.1), else as it was (441.1.c: "nothing additional happens")."""
    times = layers.empowered_times(obj)
    if times >= 1 and times < empower_limit(state, obj):
        return times + 1
    return obj.get("empowered") or True


def empower(context: Context, item: dict[str, Any], obj: dict[str, Any] | None, on: bool) -> None:
    """Empower / disempower (the card's reminder text: "It becomes Empowered if it's not already"): a state of a
    permanent or legend that statics and abilities check ("[Empowered][>] ...")."""
    if obj is None:
        return
    if not context.check(obj["zone"] in layers.IN_PLAY, "356.3.e.2",
                         f"{item['id']} {'empowers' if on else 'disempowers'} {obj['id']} ({obj['card']}), "
                         f"which is not on the board"):
        return
    if on:
        obj["empowered"] = empowered_again(context.state, obj)
    else:
        obj.pop("empowered", None)
    layers.refresh(context.state, obj)
