"""Instructions that change damage yet to be dealt, compiled to the `prevent` and `double` ops they record (engine/
replacement.py) and checked against them (issue 26, "Resolutions the engine checks").

Read here ("it" / "that unit": the unit chosen before):

- "Prevent the next 7 damage that would be dealt to it this turn." (Ki Barrier): `prevent` of 7 to that unit;
- "The next time that unit would be dealt damage this turn, prevent it." (Counter Strike): `prevent` of all of the
  next damage (`next`) to that unit;
- "Prevent all spell and ability damage this turn." (Unyielding Spirit): `prevent` with no target, `only`
  "spells" (combat damage is not prevented, v1.4 417.3.a's distinction);
- "Double all damage that would be dealt to it this turn." (Lotus Trap): `double` for that unit.

A prevention recorded while no card says one is a replacement applied as the item resolves (engine/cards/
resolutions.py leaves such an op alone); where the card says one, the op is matched against the card here:
`mismatch` says why it is not the one the card makes. Plain data; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

Spec = dict[str, Any]
_PREVENT_N = re.compile(r"prevent the next (\d+) damage that would be dealt to (.+)", re.IGNORECASE)
_NEXT_TIME = re.compile(r"the next time (?:it|that unit) would be dealt damage this turn, prevent it\.?",
                        re.IGNORECASE)
_ALL_SPELL = re.compile(r"prevent all spell and ability damage", re.IGNORECASE)
_DOUBLE = re.compile(r"double all damage that would be dealt to (.+)", re.IGNORECASE)


def compile_change(text: str, sentence: str, referent: dict[str, Any] | None) -> Spec | None:
    """The spec of a damage change (`text`: the instruction with "it" read as "the chosen" where a unit was chosen,
    its "this turn" taken off; `referent`: that unit's filter), or None for another instruction."""
    if m := _PREVENT_N.fullmatch(text):
        if m.group(2) != "the chosen" or referent is None:
            return None
        return {"op": "prevent", "text": sentence, "target": referent, "amount": int(m.group(1)), "until": "turn"}
    if _ALL_SPELL.fullmatch(text):
        return {"op": "prevent", "text": sentence, "only": "spells", "untargeted": True, "until": "turn"}
    if m := _DOUBLE.fullmatch(text):
        if m.group(1) != "the chosen" or referent is None:
            return None
        return {"op": "double", "text": sentence, "target": referent, "until": "turn"}
    return None


def compile_next_time(sentence: str, referent: dict[str, Any] | None) -> Spec | None:
    """"The next time that unit would be dealt damage this turn, prevent it." as a whole sentence (the reader
    would split it at its comma), or None."""
    if referent is None or not _NEXT_TIME.fullmatch(sentence.strip()):
        return None
    return {"op": "prevent", "text": sentence.strip().rstrip("."), "target": referent, "next": True, "until": "turn"}


def mismatch(spec: Spec, effect: dict[str, Any]) -> str | None:
    """Why a recorded `prevent` / `double` is not the one the card makes (its target is checked as every op's)."""
    if effect.get("until", "turn") != spec.get("until", "turn"):
        return "the card's effect lasts this turn"
    if spec["op"] == "double":
        return None
    if spec.get("untargeted"):
        if "target" in effect or effect.get("only") != spec["only"]:
            return "the card prevents all spell and ability damage (no target, `only` \"spells\")"
        return None
    if spec.get("next") and not effect.get("next"):
        return "the card prevents all of the next damage dealt to it (`next`)"
    if "amount" in spec and (effect.get("amount") != spec["amount"] or effect.get("next")):
        return f"the card prevents the next {spec['amount']} damage, not {effect.get('amount', 'all')}"
    return None
