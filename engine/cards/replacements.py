"""Death replacements printed on a card, read into the ops that happen instead (issue 26; v1.4 369-371).

A replacement ability is checked by the engine where it reads as one of these phrasings: a recorded `replace` from
its source must fit it (engine/replacement.py: the dying unit qualifies and the ops are the card's, v1.4 370.1),
and in an edition where a replacement without "may" is not the player's choice (v1.4 371.2) the engine applies it
itself (engine/mandatory_replacements.py). The phrasings:

- "The next time a friendly unit would die, kill this instead. Recall that unit exhausted." (Zhonya's Hourglass,
  `kill_this`): the source dies for a unit of its controller; the instructions after it are carried out on the unit;
- "If another unit you control here would die, if it has less Might than me, instead heal it, exhaust it, and
  recall it." (Soraka, Wanderer, `here_weaker`): another unit of its controller at its location, with less Might.

- "If a player would score 1 point from conquering or holding during their first or second turn, they draw 1
  instead." (Otterpus, `score_reading`): applied by engine/scoring.py where v1.4 371.2 makes it no choice.

- "If a combat where you are the attacker ends in a tie, recall ALL units instead." (Symbol of the Solari,
  `tie_reading`): applied by engine/combat.py where v1.4 371.2 makes it no choice;
- "When a buffed unit you control would die, you may pay [A] and exhaust me to spend its buff and recall it
  exhausted instead." (The Boss) and "If a unit here would die during combat, its controller may pay [A][A][A] to
  heal it, exhaust it, and recall it instead." (Altar of Blood, a battlefield): a player's choice (v1.4 371.2),
  recorded with a `replace`, which must fit the text and pay what it says (`may_reading`).

Any other phrasing is not read: `unread_parts` names it, and the
engine takes its record on the players' word. Plain data only: it imports nothing of the engine.
"""
from __future__ import annotations

import re
from typing import Any

# "... kill this instead. <instructions>." The source dies for the unit (Zhonya's Hourglass).
_KILL_THIS = re.compile(r"^(?:the next time|if) a friendly unit would die, kill this instead\. (?P<then>[^.(]+)\.")
# "... if it has less Might than me, instead <instructions>." (Soraka, Wanderer.)
_HERE_WEAKER = re.compile(r"^if another unit you control here would die, if it has less might than me, "
                          r"instead (?P<then>[^.(]+)\.")
# "When a buffed unit you control would die, you may pay [A] and exhaust me to <instructions> instead." (The Boss)
_BUFFED_MAY = re.compile(r"^when a buffed unit you control would die, you may pay (?P<sym>(?:\[(?:\d+|a)\])+) and "
                         r"exhaust me to (?P<then>[^.(]+) instead\.")
# "If a unit here would die during combat, its controller may pay [A][A][A] to <instructions> instead." (Altar of
# Blood, a battlefield)
_HERE_COMBAT_MAY = re.compile(r"^if a unit here would die during combat, its controller may pay "
                              r"(?P<sym>(?:\[(?:\d+|a)\])+) to (?P<then>[^.(]+) instead\.")
# One instruction on the saved unit ("it", "that unit"), as the ops it is.
_INSTRUCTION = re.compile(r"^(?P<verb>heal|exhaust|recall|spend) (?:it|that unit|its buff)(?P<exhausted> exhausted)?$")


def _instructions(then: str) -> list[str] | None:
    """The op names of "heal it, exhaust it, and recall it" / "Recall that unit exhausted", in order; None when a
    part is no instruction this module reads."""
    ops: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", then.strip()):
        matched = _INSTRUCTION.match(part.strip())
        if matched is None:
            return None
        ops.append("spend_buff" if matched["verb"] == "spend" else matched["verb"])
        if matched["exhausted"]:
            ops.append("exhaust")
    return ops


def reading(text: str) -> tuple[str, list[str]] | None:
    """A printed death replacement without "may" as (its phrasing, the op names it makes of the unit), or None when
    it is neither phrasing."""
    lowered = text.strip().lower()
    for phrasing, pattern in (("kill_this", _KILL_THIS), ("here_weaker", _HERE_WEAKER)):
        matched = pattern.match(lowered)
        if matched:
            ops = _instructions(matched["then"])
            return (phrasing, ops) if ops else None
    return None


def may_reading(text: str) -> tuple[str, dict[str, int], list[str]] | None:
    """A printed death replacement a player "may" apply (v1.4 371.2) as (its phrasing, what it costs: `{energy,
    any}`, the op names it makes of the unit), or None: "buffed_mine" (The Boss: a buffed unit of its controller;
    it also exhausts its source), "here_combat" (Altar of Blood: a unit at the battlefield during combat, paid by
    its controller)."""
    lowered = text.strip().lower()
    for phrasing, pattern in (("buffed_mine", _BUFFED_MAY), ("here_combat", _HERE_COMBAT_MAY)):
        matched = pattern.match(lowered)
        if matched:
            ops = _instructions(matched["then"])
            symbols = re.findall(r"\[(\d+|a)\]", matched["sym"])
            cost = {"energy": sum(int(symbol) for symbol in symbols if symbol.isdigit()),
                    "any": sum(1 for symbol in symbols if symbol == "a")}
            return (phrasing, cost, ops) if ops else None
    return None


def qualifies(phrasing: str, source: dict[str, Any], unit: dict[str, Any], combat_at: str | None = None) -> bool:
    """Whether a unit's death is one the source's replacement applies to (v1.4 370.1): the source's controller's
    unit, not the source; for `here_weaker`, at the source's location with less Might than the source; for
    `buffed_mine`, a buffed one; for `here_combat`, any unit at the source battlefield while a combat is there
    (`combat_at`)."""
    if phrasing == "here_combat":
        return unit.get("location") == source["id"] == combat_at
    if source["controller"] != unit["controller"] or source["id"] == unit["id"]:
        return False
    if phrasing == "buffed_mine":
        return bool(unit.get("buff"))
    if phrasing == "kill_this":
        return True  # "a friendly unit"
    return (source["type"] == "Unit" and source.get("location") == unit.get("location")
            and (unit.get("might") or 0) < (source.get("might") or 0))


def ops_instead(phrasing: str, verbs: list[str], source_id: str, unit_id: str) -> list[dict[str, Any]]:
    """The ops that happen instead of the unit's death: the source killed first for `kill_this` (exhausted for
    `buffed_mine`, "exhaust me"), then the instructions on the unit. A "may" replacement's payment is apart
    (`may_reading`)."""
    ops = [{"op": verb, "target": unit_id} for verb in verbs]
    first = {"kill_this": [{"op": "kill", "target": source_id}],
             "buffed_mine": [{"op": "exhaust", "target": source_id}]}.get(phrasing, [])
    return [*first, *ops]


# "If a player would score 1 point from conquering or holding during their first or second turn, they draw 1
# instead." (Otterpus): the point replaced by a draw, in the scoring player's turns named.
_SCORE_TO_DRAW = re.compile(r"^if a player would score 1 point from conquering or holding during their "
                            r"(?P<turns>first(?: or second)?) turns?, they draw (?P<draw>\d+) instead\.")


_TIE_RECALLS_ALL = re.compile(r"^if a combat where you are the attacker ends in a tie, recall all units instead\.")


def tie_reading(text: str) -> bool:
    """Whether a printed replacement recalls every unit of a combat its controller attacked in that ends in a tie
    (Symbol of the Solari; v1.4 740.3.a: units of different players remain), instead of the attackers only."""
    return _TIE_RECALLS_ALL.match(text.strip().lower()) is not None


def score_reading(text: str) -> dict[str, int] | None:
    """A printed replacement of a point scored by a draw: `{until_turn, draw}` (the last of the scoring player's
    own turns it applies in, the cards drawn instead), or None."""
    matched = _SCORE_TO_DRAW.match(text.strip().lower())
    if matched is None:
        return None
    return {"until_turn": 2 if "second" in matched["turns"] else 1, "draw": int(matched["draw"])}


def unread_parts(ability: dict[str, Any], card: dict[str, Any] | None = None) -> list[str]:
    """The replacement part of an ability this module does not read (engine/cards/coverage.py's interface)."""
    text = ability.get("text", "")
    if ability.get("kind") != "replacement" or tie_reading(text) or any(
            read(text) is not None for read in (reading, may_reading, score_reading)):
        return []
    return ["replacement (no phrasing engine/cards/replacements.py reads)"]
