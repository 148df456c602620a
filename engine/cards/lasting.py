"""Instructions that make a continuous effect for the rest of the turn, compiled to the `static` op they record
(issue 26, "Resolutions the engine checks"; engine/statics.py `static_op`).

A resolving spell or ability may create an effect that lasts "this turn" (v1.4 359.3.d executes the instruction;
the effect then applies until the expiration step, as every "this turn" static does, engine/layers.py
`expire_turn`). The instructions read here, and the static each records (the fields of engine/statics.py):

- "Friendly units enter ready this turn." / "Units you play this turn enter ready." (Bushwhack, Confront):
  `{affects: {who: friendly}, enter_ready: true, until: turn}`;
- "The next unit you play this turn enters ready." (Sun Disc): the same, `next` (used up by the first unit it
  applies to);
- "The next spell you play this turn costs [5] less." (Raging Firebrand): `{affects: {who: friendly, types:
  [Spell]}, cost: {energy: -5}, until: turn, next: true}` (a card: a unit, gear or spell; [A] a Power less).
- "It can't be chosen by enemy spells and abilities this turn." after "Give a friendly unit +1 [S] this turn."
  (Twilight Shroud): `{affects: {who: self}, rule: untargetable, until: turn}` whose `source` is the unit the
  instruction before acted on (`source_before`; engine/rulechanges.py applies it to its source).
Each says "this turn": without it the effect would not end with the turn, and is not read here.

A spec is `{op: "static", text, static}`; a recorded `static` op must make exactly that static (its `source`,
`text` and ids aside): `mismatch` says why not. Plain data in, plain data out; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

Spec = dict[str, Any]
_KINDS: dict[str, list[str] | None] = {"unit": None, "spell": ["Spell"], "gear": ["Gear"],
                                       "card": ["Unit", "Gear", "Spell"]}
_ENTER_READY = re.compile(r"(?:friendly units|your units) enter ready this turn|units you play this turn enter ready",
                          re.IGNORECASE)
_NEXT = re.compile(r"(?:the|your) next (unit|spell|gear|card) you play this turn "
                   r"(enters ready|costs? ((?:\[(?:\d+|A)\])+) less)", re.IGNORECASE)
_IGNORED = ("source", "text", "id", "controller", "op")


def compile_lasting(text: str, sentence: str) -> Spec | None:
    """The `static` spec of an instruction that lasts the turn (`text`: the instruction with its "this turn",
    lower-cased first letter, without its final stop), or None for another."""
    if text == "it can't be chosen by enemy spells and abilities this turn":
        return {"op": "static", "text": sentence, "source_before": True,
                "static": {"affects": {"who": "self"}, "rule": "untargetable", "until": "turn"}}
    if _ENTER_READY.fullmatch(text):
        return {"op": "static", "text": sentence,
                "static": {"affects": {"who": "friendly"}, "enter_ready": True, "until": "turn"}}
    m = _NEXT.fullmatch(text)
    if m is None:
        return None
    kind = m.group(1).lower()
    affects = {"who": "friendly", **({"types": _KINDS[kind]} if _KINDS[kind] else {})}
    if m.group(2).lower() == "enters ready":
        if kind != "unit":
            return None
        return {"op": "static", "text": sentence,
                "static": {"affects": affects, "enter_ready": True, "until": "turn", "next": True}}
    symbols = re.findall(r"\[(\d+|A)\]", m.group(3))
    cost = {"energy": -sum(int(symbol) for symbol in symbols if symbol.isdigit())}
    if "A" in symbols:
        cost["power"] = -symbols.count("A")
    return {"op": "static", "text": sentence,
            "static": {"affects": affects, "cost": {key: value for key, value in cost.items() if value},
                       "until": "turn", "next": True}}


def _normal(static: dict[str, Any]) -> dict[str, Any]:
    """A static's fields that say what it does (its source and words aside), with the units a "friendly"/"enemy"
    static affects when it names no types (engine/layers.py `affects`) written out."""
    found = {key: value for key, value in static.items() if key not in _IGNORED}
    affects = dict(found.get("affects") or {})
    if affects.get("who", "self") != "self":
        affects.setdefault("types", ["Unit"])
        affects["types"] = sorted(affects["types"])
    found["affects"] = affects
    return found


def mismatch(spec: Spec, effect: dict[str, Any]) -> str | None:
    """Why a recorded `static` op does not make the static the instruction says (None: it does)."""
    wanted = spec.get("static")
    if wanted is None or _normal(effect) == _normal(wanted):
        return None
    return f"the card's effect is the static {_normal(wanted)}, not {_normal(effect)}"


def source_check(given: list[dict[str, Any]], before: list[dict[str, Any]]) -> str | None:
    """Why the static's source is not the unit the instruction before acted on (None: it is)."""
    acted = {effect.get("target") for effect in before}
    for effect in given:
        if effect.get("source") not in acted:
            return f"records a static from {effect.get('source', 'the item itself')}, but \"it\" is " \
                   f"{', '.join(sorted(map(str, acted))) or 'nothing'}, what the instruction before acted on"
    return None


def values(spec: Spec) -> dict[str, Any]:
    """The fields of the static op the instruction records, for a resolution pre-filled from the card."""
    return dict(spec.get("static") or {})
