"""Death replacements without "may", applied by the engine itself (v1.4 371.2; issue 25).

v1.4 371.2 makes a replacement the player's choice only when its text says they "may" apply it; one without "may"
applies to every event it qualifies for (370.1). So in a match whose abilities the engine checks from the cards
(`abilities: "checked"`) under an edition that says so (`Edition.mandatory_replacements_applied`: v1.4), a unit
that would die, with no recorded `replace` waiting for it (engine/replacement.py), is saved by the first card on
the board whose printed replacement reads as one of these phrasings and qualifies:

- "The next time a friendly unit would die, kill this instead. Recall that unit exhausted." (Zhonya's Hourglass):
  its source is a face-up permanent on the board (a hidden card is in the facedown zone, and is no source) of the
  dying unit's controller; the source is killed and the instructions after it are carried out on the unit;
- "If another unit you control here would die, if it has less Might than me, instead heal it, exhaust it, and
  recall it." (Soraka, Wanderer): its source is another unit of the dying unit's controller at the same location
  ("here", a battlefield or its base: v1.4 373.2's example saves Recruits in base once Soraka is there), with more
  Might than the dying unit.

The card text is matched, not the card's name (cards as data): any card printing one of these phrasings does the
same. A replacement that says "may" (Altar of Blood, The Boss: 371.2, 371.2.a) matches neither phrasing and is
still applied only when the players record it. When several qualify, the first source in the match's objects
applies (372 lets the dying unit's controller choose the order: one who wants another records it as a `replace`).

This module reads the state and answers the ops to carry out; engine/replacement.py carries them out.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards import checks_abilities
from engine.editions import edition_of
from engine.objects import State, facts

# "... kill this instead. <instructions>." The source dies for the unit (Zhonya's Hourglass).
_KILL_THIS = re.compile(r"^(?:the next time|if) a friendly unit would die, kill this instead\. (?P<then>[^.(]+)\.")
# "... if it has less Might than me, instead <instructions>." (Soraka, Wanderer.)
_HERE_WEAKER = re.compile(r"^if another unit you control here would die, if it has less might than me, "
                          r"instead (?P<then>[^.(]+)\.")
# One instruction on the saved unit ("it", "that unit"), as the ops it is.
_INSTRUCTION = re.compile(r"^(?P<verb>heal|exhaust|recall) (?:it|that unit)(?P<exhausted> exhausted)?$")


def _instructions(then: str) -> list[str] | None:
    """The op names of "heal it, exhaust it, and recall it" / "Recall that unit exhausted", in order; None when a
    part is no instruction this module reads (the replacement is then left to the players' record)."""
    ops: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", then.strip()):
        matched = _INSTRUCTION.match(part.strip())
        if matched is None:
            return None
        ops.append(matched["verb"])
        if matched["exhausted"]:
            ops.append("exhaust")
    return ops


def _reading(text: str) -> tuple[str, list[str]] | None:
    """A printed replacement as (its phrasing, the ops it makes of the unit), or None when it is neither."""
    lowered = text.strip().lower()
    for phrasing, pattern in (("kill_this", _KILL_THIS), ("here_weaker", _HERE_WEAKER)):
        matched = pattern.match(lowered)
        if matched:
            ops = _instructions(matched["then"])
            return (phrasing, ops) if ops else None
    return None


def _qualifies(phrasing: str, source: dict[str, Any], unit: dict[str, Any]) -> bool:
    """Whether the unit's death is one the source's replacement applies to (370.1)."""
    if source["controller"] != unit["controller"] or source["id"] == unit["id"]:
        return False
    if phrasing == "kill_this":
        return True  # "a friendly unit"
    return (source["type"] == "Unit" and source["location"] == unit["location"]
            and (unit["might"] or 0) < (source["might"] or 0))


def applies(state: State, unit: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The mandatory replacement that applies to this unit's death: its source and the ops that happen instead
    (v1.4 370.1.b), or None (not a checked match of such an edition, not a unit, or nothing qualifies)."""
    if unit["type"] != "Unit" or not checks_abilities(state) \
            or not edition_of(state).mandatory_replacements_applied:
        return None
    for source in state["objects"].values():
        if source["zone"] != "board":
            continue
        for ability in facts(state, source["card"]).get("abilities", []):
            reading = _reading(ability.get("text", "")) if ability.get("kind") == "replacement" else None
            if reading is None or not _qualifies(reading[0], source, unit):
                continue
            phrasing, verbs = reading
            ops = [{"op": verb, "target": unit["id"]} for verb in verbs]
            if phrasing == "kill_this":
                ops.insert(0, {"op": "kill", "target": source["id"]})
            return source, ops
    return None
