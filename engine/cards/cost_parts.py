"""Costs paid with other cards, read from a card's text (issue 26): "Kill a friendly unit", "Discard a gear",
"Recycle a unit from your trash" in an activated ability's cost (v1.4 403.1.a), and the mandatory additional cost
of a play, "As an additional cost to play me, kill a friendly unit." (v1.4 204.2, 204.2.a: it must be paid to
finalize the card).

engine/cardtext.py names the parts of a cost it knows by themselves (Energy, Power, [T], "Kill this", "Discard 2")
and keeps the others as `other` texts; the engine already counts them by their verb (engine/abilities.py
`cost_counts`). This module reads what each such part asks for, `{verb, count, types?, tags?, mighty?}`, so that
the engine checks that what the recorder names to pay it fits (a gear killed for "Kill a friendly unit" is refused),
and says which parts it cannot read (they stay on the recorder's word). Plain data: it imports nothing of the engine.
"""
from __future__ import annotations

import functools
import re
from typing import Any

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_WHAT: dict[str, dict[str, Any]] = {
    "unit": {"types": ["Unit"]}, "units": {"types": ["Unit"]}, "gear": {"types": ["Gear"]},
    "unit or gear": {"types": ["Unit", "Gear"]}, "spell": {"types": ["Spell"]}, "card": {},
    "Bird, Cat, Dog, or Poro": {"types": ["Unit"], "tags": ["Bird", "Cat", "Dog", "Poro"]},
}
_PART = re.compile(
    r"^(?P<verb>kill|exhaust|discard|recycle|return) (?P<n>a|an|one|two|three|\d+)(?: (?:friendly )?"
    r"(?P<mighty>\[Mighty\] )?(?P<what>unit or gear|unit|gear|spell|card|Bird, Cat, Dog, or Poro))?"
    r"(?: you control)?(?P<trash> from your trash)?(?P<hand> to its owner's hand)?$", re.IGNORECASE)
_ANY = {"spend any number of buffs": {"verb": "spend_buff", "any": True, "types": ["Unit"]},
        "kill any number of friendly units": {"verb": "kill", "any": True, "types": ["Unit"]},
        "spend a buff": {"verb": "spend_buff", "count": 1, "types": ["Unit"]},
        "exhaust your legend": {"verb": "exhaust", "count": 1, "types": ["Legend"]}}
_XP = re.compile(r"^spend (?P<n>\d+) XP$", re.IGNORECASE)
_SYMBOLS = r"(?P<sym>(?:\[(?:\d+|A|C|R|G|B|O|P|Y)\])+)"
_THEN: tuple[tuple[re.Pattern[str], str], ...] = (  # what paying it does to the card's cost: once, per thing paid, all
    (re.compile(rf"^If you do, (?:I cost|reduce my cost by) {_SYMBOLS}(?: less)?\.$"), "once"),
    (re.compile(rf"^Reduce my cost by {_SYMBOLS} for each (?:buff you spend|killed this way)\.$"), "each"),
    (re.compile(r"^If you do, ignore this spell's cost\.$"), "ignore"),
)
_REQUIRED = re.compile(r"^As an additional cost to play (?:me|this), (?P<part>[^.]+)\.$")
# where each verb takes what it names from (engine/abilities.py PAYERS, engine/play.py pay_other_costs)
_FROM = {"kill": "board", "exhaust": "board", "return": "board", "discard": "hand", "recycle": "trash",
         "spend_buff": "board"}


@functools.lru_cache(maxsize=256)
def _read(text: str) -> tuple[tuple[str, Any], ...] | None:
    match = _PART.match(text.strip().rstrip("."))
    if match is None or (match.group("trash") is not None) != (match.group("verb").lower() == "recycle") or (
            match.group("hand") is not None) != (match.group("verb").lower() == "return") or (
            match.group("what") is None and match.group("verb").lower() != "discard"):
        return None  # a bare count is a discard's ("Discard 1"); others name what they take
    what = next(value for key, value in _WHAT.items() if key.lower() == (match.group("what") or "card").lower())
    found: dict[str, Any] = {"verb": match.group("verb").lower(), "count": _count(match.group("n")), **what}
    if match.group("mighty"):
        found["mighty"] = True
    return tuple(sorted(found.items()))


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def read(text: str) -> dict[str, Any] | None:
    """One cost part ("Kill a friendly unit", "Discard a gear", "Recycle a unit from your trash", "kill a friendly
    [Mighty] unit") as `{verb, count, types?, tags?, mighty?}`, or None when it is not one this module reads."""
    found = _read(text)
    return None if found is None else {key: list(value) if isinstance(value, list) else value
                                       for key, value in found}


def required(line: str) -> dict[str, Any] | None:
    """A play's mandatory additional cost, "As an additional cost to play me, kill a friendly unit.", as a cost
    part with its `text`, or None."""
    match = _REQUIRED.match(line)
    part = read(match.group("part")) if match else None
    return None if part is None else {**part, "text": line}


def optional(line: str) -> dict[str, Any] | None:
    """An optional additional cost paid with other cards or XP, and what paying it does to the card's cost (v1.4
    356.2.b.1): `{part, discount?: "[2]", each?: true, text}` for "You may discard 1 as an additional cost to play
    me.", "As you play me, you may discard 1 as an additional cost. If you do, reduce my cost by [2].", "You may
    spend 3 XP as an additional cost to play me. If you do, I cost [3] less.", "As you play me, you may spend any
    number of buffs as an additional cost. Reduce my cost by [O] for each buff you spend.", "... spend a buff as an
    additional cost. If you do, ignore this spell's cost." (`ignore_cost`); None for anything else
    (Energy and Power costs are engine/cards/statics.py's `additional`)."""
    match = re.match(r"^(?:As you play (?:me|this), |As an additional cost to play (?:me|this), )?[Yy]ou may "
                     r"(?P<part>[^.]+?)(?P<as> as an additional cost(?: to play (?:me|this))?)?\.(?: (?P<then>.+))?$",
                     line)
    if match is None or not (match.group("as") or line.startswith("As an additional cost")):
        return None
    text = match.group("part")
    xp = _XP.match(text)
    part = {"verb": "xp", "count": int(xp.group("n"))} if xp else dict(_ANY[text]) if text in _ANY else read(text)
    if part is None:
        return None
    found: dict[str, Any] = {"part": part, "text": line}
    then = match.group("then")
    if then:
        for pattern, how in _THEN:
            said = pattern.match(then)
            if said:
                if how == "ignore":  # "If you do, ignore this spell's cost." (Call to Glory: v1.4 356.1)
                    found["ignore_cost"] = True
                else:
                    found["discount"] = said.group("sym")
                if how == "each":
                    found["each"] = True
                break
        else:
            return None
    return found


def fits(state: dict[str, Any], part: dict[str, Any], ref: Any, player: str) -> bool:
    """Whether `ref` (an object id, or a card's name for a discard from a hand holding it) is something `part` asks
    for: of its types, with one of its tags, [Mighty] if it says, `player`'s and where its verb takes it from."""
    obj = state["objects"].get(ref) if isinstance(ref, str) else None
    if obj is None:
        if part["verb"] != "discard" or not isinstance(ref, str) or ref not in state["cards"]:
            return False
        facts, kind, tags = state["cards"][ref], state["cards"][ref].get("type"), None
    else:
        whose = obj["controller"] if obj["zone"] in ("board", "legend") else obj["owner"]
        where = "legend" if part.get("types") == ["Legend"] else _FROM[part["verb"]]  # "exhaust your legend"
        if obj["zone"] != where or whose != player:
            return False
        facts, kind, tags = state["cards"].get(obj.get("card") or "", {}), obj["type"], obj.get("tags")
    if part.get("types") and kind not in part["types"] and not set(facts.get("types") or ()) & set(part["types"]):
        return False
    if part.get("tags") and not set(part["tags"]) & set(tags or facts.get("tags", ())):
        return False
    return not part.get("mighty") or bool(obj and obj.get("mighty"))
