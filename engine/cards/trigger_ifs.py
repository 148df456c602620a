"""The "if ..." right after a triggered ability's condition, which is part of that condition (v1.4 383.2.a.1).

"Any additional conditional statement immediately after the Condition must be true in order for the Condition to be
fulfilled" (v1.4 383.2.a.1): "When you play me, if you paid the additional cost, ..." is due only when the play paid
it; "When I hold, if there is exactly one other unit you control here, ..." only while that is so as the hold
happens (Sona's example: checked when the condition is fulfilled, not again as it resolves). `read` compiles such a
clause into the trigger's `if`:

    {"paid_additional": true}   # the play that is the occurrence paid an additional cost (v1.4 204.2)
    {"units_at_least": N}       # "if you have 4+ units at that battlefield": a conquer's or a hold's units
    {"spent_at_least": N}       # "if you spent [4] or more": the Energy paid to play the card
    {"excess_at_least": N}      # "if you assigned 3 or more excess damage": in the combat a conquer ends
    {"state": "fewer_runes"}    # a state only a trigger names ("fewer runes than an opponent", "facedown")
    {"while": {...}}            # a state the source's controller is in, in the statics' grammar

`while` uses the very keys engine/cards/statics.py reads for a static's "if"/"while" (`runes_at_most`,
`runes_at_least`, `score_within`, `controls`, `at`, `objects`, ...), and engine/layers.py's `condition_holds`
interprets it for the trigger's source as it does for a static; the phrasings only a trigger's "if" uses ("you
control two or more gear", "there is exactly one other unit you control here") are read here into the same keys.
An "if" the reader does not know stays unread, and the ability is taken on the recorder's word.

Plain data only: it imports nothing of the engine but this package.
"""
from __future__ import annotations

import re
from typing import Any

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_NUMBER = r"(\d+|one|two|three|four|five)"
# Phrasings of a trigger's "if" in the `objects` grammar of engine/cards/holds.py ("n": the number read).
_OBJECTS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = tuple((re.compile(rf"^{pattern}$"), found) for
                                                                     pattern, found in (
    (rf"you control {_NUMBER} or more gear", {"who": "friendly", "types": ["Gear"], "at_least": "n"}),
    (rf"you control {_NUMBER} or more other gear",
     {"who": "friendly", "types": ["Gear"], "other": True, "at_least": "n"}),
    (rf"there is exactly {_NUMBER} other unit you control here",
     {"who": "friendly", "other": True, "where": "here", "exactly": "n"}),
    (r"an enemy unit is alone here", {"who": "enemy", "where": "here", "exactly": 1}),  # v1.4 740.2.a
))


# States only a trigger's "if" names, checked by `state_holds`.
_STATES = {"you control fewer runes than an opponent": "fewer_runes",
           "you control a facedown card at a battlefield": "facedown"}


def read(clause: str) -> dict[str, Any] | None:
    """The `if` of a trigger from its clause ("if you paid the additional cost"), or None for one the reader does
    not know."""
    phrase = re.sub(r"^if ", "", clause.strip(), flags=re.IGNORECASE).rstrip(".")
    if phrase.lower() == "you paid the additional cost":
        return {"paid_additional": True}
    spent = re.fullmatch(r"you spent \[(\d+)\] or more", phrase)
    if spent:  # the Energy spent to play the card (engine/due.py's occurrence: its cost as paid)
        return {"spent_at_least": int(spent.group(1))}
    excess = re.fullmatch(r"you assigned (\d+) or more excess damage(?: to enemy units)?", phrase)
    if excess:  # combat damage assigned beyond lethal (626.1.d.1.a) in the combat the conquer ends
        return {"excess_at_least": int(excess.group(1))}
    counted = re.fullmatch(r"you have (\d+)\+ units (?:at that battlefield|here)", phrase)
    if counted:  # a conquer's or a hold's units there (v1.4 383.4.c-d): the occurrence's
        return {"units_at_least": int(counted.group(1))}
    if phrase in _STATES:
        return {"state": _STATES[phrase]}
    for pattern, found in _OBJECTS:
        match = pattern.match(phrase)
        if match:
            number = match.group(1) if match.groups() else None
            amount = 0 if number is None else int(number) if number.isdigit() else _NUMBERS[number]
            return {"while": {"objects": {key: amount if value == "n" else value for key, value in found.items()}}}
    from engine.cards import statics  # statics reads triggers' costs: imported here, once both are loaded
    condition = statics.read_condition(phrase)
    return {"while": condition} if condition else None


def occurrence_holds(wanted: dict[str, Any], occurrence: dict[str, Any]) -> bool:
    """Whether the part of an `if` that is about the occurrence itself holds: `paid_additional`, the play paid an
    additional cost (the occurrence's `additional`); `units_at_least`, the units of a conquer or a hold there. The
    `while` part is the state's (engine/layers.py), and so is `state` (`state_holds`)."""
    if wanted.get("paid_additional") and not occurrence.get("additional") \
            or (occurrence.get("spent") or 0) < wanted.get("spent_at_least", 0) \
            or (occurrence.get("excess") or 0) < wanted.get("excess_at_least", 0):
        return False
    return len(occurrence.get("units", ())) >= wanted.get("units_at_least", 0)


def state_holds(state: dict[str, Any], wanted: dict[str, Any], player: str | None) -> bool:
    """The `state` of an `if` for the source's controller `player`: `fewer_runes` (fewer runes than an opponent
    controls), `facedown` (a card of theirs facedown at a battlefield, v1.4 106.4)."""
    found = wanted.get("state")
    if not found or player is None:
        return not found
    runes = {name: len(entry.get("runes", ())) for name, entry in state["players"].items()}
    if found == "fewer_runes" and not any(runes[player] < count for name, count in runes.items() if name != player):
        return False
    return found != "facedown" or any(obj["zone"] == "facedown" and obj["controller"] == player
                                      for obj in state["objects"].values())
