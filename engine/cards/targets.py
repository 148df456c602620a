"""Target phrases and counted amounts of card text, read into the filters the engine checks (issue 26, "Resolutions
the engine checks"; engine/cards/effects.py compiles the instructions around them).

A target phrase ("an enemy unit at a battlefield with 3 [S] or less", "up to two units", "your Mechs") is a filter:
`whose`, `types`, `zone`, `where`, `tags`, `domains`, `not_tags`, Might bounds, `state`, `count`, ...; a computed
amount ("for each of your [Mighty] units", "equal to my Might") is a `per` that engine/cards/amounts.py counts; a
condition on the state ("if you have one or fewer cards in your hand") is read here and evaluated there. Each is a
pure function of the text; what is not read is left over (a phrase's rest) or None, never guessed.
"""
from __future__ import annotations

import re
from typing import Any

Filter = dict[str, Any]
DOMAINS: frozenset[str] = frozenset({"Fury", "Calm", "Mind", "Body", "Chaos", "Order"})
NUMBERS: dict[str, int] = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUM_PATTERN = r"(\d+|a|an|one|two|three|four|five|six)"
TYPES: dict[str, str] = {"unit": "Unit", "units": "Unit", "gear": "Gear", "gears": "Gear", "rune": "Rune",
                         "runes": "Rune", "spell": "Spell", "spells": "Spell", "card": "Card", "cards": "Card",
                         "permanent": "Permanent", "permanents": "Permanent", "equipment": "Gear"}


def number(word: str) -> int | None:
    """A number as the card writes it ("two", "an", "3"), or None for another word."""
    return NUMBERS.get(word) if word in NUMBERS else (int(word) if word.isdigit() else None)


# -- target phrases ----------------------------------------------------------------------------------------------
_COUNT = re.compile(r"^(?:(up to) (\d+|one|two|three|four|five)|(all|each|any number of)|(another)|"
                    r"(\d+|an?|one|two|three|four|five))\s+")
_QUALIFIERS: list[tuple[re.Pattern[str], dict[str, Any]]] = [
    (re.compile(r"^at a battlefield\b"), {"where": "battlefield", "one_place": True}),
    (re.compile(r"^from a battlefield\b"), {"where": "battlefield"}),
    (re.compile(r"^in combat\b"), {"state": "in_combat"}),
    (re.compile(r"^at (?:any )?battlefields?\b"), {"where": "battlefield"}),
    (re.compile(r"^(?:in|at) (?:your|their|its controller's|a) base\b"), {"where": "base"}),
    (re.compile(r"^(?:from )?here\b"), {"where": "here"}),  # "move an enemy unit from here to its base"
    (re.compile(r"^attacking\b"), {"state": "attacker"}),  # "an enemy unit attacking here"
    (re.compile(r"^defending\b"), {"state": "defender"}),
    (re.compile(r"^that's \[empowered\]", re.IGNORECASE), {"state": "empowered"}),  # v1.4 827.3
    (re.compile(r"^anywhere\b"), {}),
    (re.compile(r"^there\b"), {"where": "there"}),
    (re.compile(r"^(?:you control|of yours)\b"), {"whose": "friendly"}),
    (re.compile(r"^(?:an opponent controls|your opponents control|enemies control)\b"), {"whose": "enemy"}),
    (re.compile(r"^from your trash\b|^in your trash\b"), {"zone": "trash", "whose": "own"}),
    (re.compile(r"^from trashes\b"), {"zone": "trash"}),
    (re.compile(r"^from your hand\b|^in your hand\b"), {"zone": "hand", "whose": "own"}),
]
_MIGHT_BOUND = re.compile(r"^with (\d+) \[S\] or (less|more)\b")
_LESS_THAN_ME = re.compile(r"^with less might than me\b", re.IGNORECASE)
_COST_BOUND = re.compile(r"^with energy cost \[(\d+)\] or (less|more)\b", re.IGNORECASE)
_COST_AT_MOST = re.compile(r"^with energy cost no more than (?:\[(\d+)\]|(my might))", re.IGNORECASE)
# What the objects an instruction acts on share, as a group (engine/cards/filters.py `group_mismatch`): "up to three
# units at the same location", "with total Might 5 or less", "with the same controller", "to a single location".
_GROUP: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^at the same (?:location|battlefield)\b"), "same_place"),
    (re.compile(r"^(?:and )?(?:with )?(?:a )?total might (?:of )?(\d+) or less\b", re.IGNORECASE), "might_max"),
    (re.compile(r"^with the same controller\b"), "same_controller"),
    (re.compile(r"^to a single location\b"), "same_destination"),
]
# "something else that's exhausted", "something besides me that's exhausted", "something here": any game object
# (a unit, gear, rune or legend), with what the phrase says of it
_SOMETHING = re.compile(r"something( else| besides me)?(?: that's (exhausted|ready))?( here)?")
_ADJECTIVES = {"friendly": ("whose", "friendly"), "enemy": ("whose", "enemy"), "exhausted": ("state", "exhausted"),
               "ready": ("state", "ready"), "stunned": ("state", "stunned"), "damaged": ("state", "damaged"),
               "attacking": ("state", "attacker"), "defending": ("state", "defender"),
               "other": ("other", True), "your": ("whose", "friendly"), "token": ("token", True)}


def parse_target(phrase: str) -> tuple[Filter | None, str]:
    """A target phrase ("an enemy unit at a battlefield with 3 [S] or less") as a filter, with the words left
    over that the reader could not read ("" when it read them all). "me"/"this"/"I" is the ability's source."""
    text = phrase.strip().rstrip(".").strip()
    if re.fullmatch(r"me|this|I|myself|this gear|this unit", text):
        return {"self": True, "count": {"min": 1, "max": 1}}, ""
    text = re.sub(r"^each of (?=up to )", "", text)  # "Deal 6 to each of up to two units"
    if re.fullmatch(r"(?:me|this) from your trash", text):  # "return this from your trash to your hand"
        return {"self": True, "count": {"min": 1, "max": 1}}, ""
    if m := _SOMETHING.fullmatch(text):
        found = {"count": {"min": 1, "max": 1}, "other": bool(m.group(1)) or None, "state": m.group(2),
                 "where": "here" if m.group(3) else None}
        return {key: value for key, value in found.items() if value is not None}, ""
    text = re.sub(r"^one of your (other )?", r"a friendly \1", text)  # "one of your other units here"
    if text == "a legend":
        return {"count": {"min": 1, "max": 1}, "types": ["Legend"], "zone": "legend"}, ""
    if text == "your legend":
        return {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Legend"], "zone": "legend"}, ""
    if text == "a buff":  # "spend a buff": a buff of a unit its controller controls (702.2.b.2)
        return {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Unit"]}, ""
    if m := re.fullmatch(r"(your|enemy) ([A-Z][a-z]+)s", text):  # "your Mechs": all units with that tag
        return {"count": {"all": True}, "whose": "friendly" if m.group(1) == "your" else "enemy",
                "tags": [m.group(2)], "types": ["Unit"]}, ""
    text = re.sub(r"^((?:two|three|four) .+) each$", r"\1", text)  # "two friendly units each +2 [S]"
    found: Filter = {}
    count = _COUNT.match(text)
    if count is None:  # "your units", "friendly units", "enemy units here": all of them
        if not re.match(r"^(?:(?:your|friendly|enemy|other) )+(?:[A-Z][A-Za-z'-]* )?(?:units|gear|runes)\b", text):
            return None, text
        found["count"] = {"all": True}
    else:
        text = text[count.end():]
    if count is None:
        pass
    elif count.group(1):
        found["count"] = {"min": 0, "max": NUMBERS.get(count.group(2)) or int(count.group(2))}
    elif count.group(3):
        found["count"] = {"all": True} if count.group(3) != "any number of" else {"min": 0, "max": None}
    else:
        if count.group(4):
            found["other"] = True
        word = count.group(5) or "a"
        number = NUMBERS.get(word) or int(word)
        found["count"] = {"min": number, "max": number}
    words = text.split(" ")
    while words and words[0] in _ADJECTIVES:
        key, value = _ADJECTIVES[words.pop(0)]
        found[key] = value
    text = " ".join(words)
    tags = re.match(r"^((?:non-)?[A-Z][A-Za-z'-]*(?:, (?:or |and )?[A-Z][A-Za-z'-]*|,? or [A-Z][A-Za-z'-]*)*)\s*",
                    text)
    if tags and not tags.group(1).lower() in TYPES:
        names = [name for name in re.split(r",? (?:or |and )?|, ", tags.group(1)) if name]
        if all(name in DOMAINS for name in names):  # "an enemy Calm ([G]) unit": a domain, not a tag
            found["domains"] = names
        elif all(name.startswith("non-") for name in names):
            found["not_tags"] = [name[4:] for name in names]
        elif not any(name.startswith("non-") for name in names):
            found["tags"] = names
        text = text[tags.end():]
    types = re.match(r"^((?:units?|gears?|runes?|spells?|cards?|permanents?|equipment)"
                     r"(?:(?:,| and| or| and/or|, and/or|, and|, or) (?:units?|gears?|runes?|spells?|cards?))*)\b",
                     text)
    if types:
        found["types"] = sorted({TYPES[word] for word in re.findall(r"[a-z]+", types.group(1)) if word in TYPES})
        text = text[types.end():].strip()
    elif "tags" not in found:
        return None, phrase
    else:
        found["types"] = ["Unit"]  # "a Bird, Cat, Dog, or Poro": a card with one of those tags (units)
    while text:
        text = text.strip().lstrip(",").strip()
        if not text:
            break
        if text.startswith("each with "):  # "any number of enemy units here each with 5 [S] or less"
            text = text[len("each "):]
        bound = _MIGHT_BOUND.match(text)
        if bound:
            found["might_max" if bound.group(2) == "less" else "might_min"] = int(bound.group(1))
            text = text[bound.end():]
            continue
        if group := next(((pattern.match(text), key) for pattern, key in _GROUP if pattern.match(text)), None):
            matched, key = group
            found.setdefault("group", {})[key] = int(matched.group(1)) if matched.groups() else True
            text = text[matched.end():]
            continue
        if less := _LESS_THAN_ME.match(text):
            found["might_below_self"] = True
            text = text[less.end():]
            continue
        if at_most := _COST_AT_MOST.match(text):  # the card's printed Energy cost (engine/cards/filters.py)
            found.update({"cost_max": int(at_most.group(1))} if at_most.group(1) else {"cost_max_might": "me"})
            text = text[at_most.end():]
            continue
        cost = _COST_BOUND.match(text)
        if cost:
            found["cost_max" if cost.group(2) == "less" else "cost_min"] = int(cost.group(1))
            text = text[cost.end():]
            continue
        for pattern, values in _QUALIFIERS:
            matched = pattern.match(text)
            if matched:
                found.update({key: value for key, value in values.items() if key not in found or key == "zone"})
                text = text[matched.end():]
                break
        else:
            break
    if "group" in found and found.pop("one_place", None):  # "any number of units at a battlefield with total..."
        found["group"]["same_place"] = True
    if not (found.get("count") or {}).get("all"):
        found.pop("one_place", None)  # "a unit at a battlefield" is at any of them; "all ... at a battlefield" at one
    return found, text.strip()


def state_condition(phrase: str) -> dict[str, Any] | None:
    """A condition read on the state as the item resolves (engine/cards/amounts.py `holds`), or None for one the
    reader does not know: "you have one or fewer cards in your hand", "your other units have total Might 5 or
    more", "there is a ready enemy unit here"."""
    phrase = phrase.strip().rstrip(".")
    if m := re.fullmatch(rf"you have {NUM_PATTERN} or fewer cards in your hand", phrase, re.IGNORECASE):
        return {"hand_at_most": number(m.group(1).lower())}
    if m := re.fullmatch(r"your other units have total might (\d+) or more", phrase, re.IGNORECASE):
        return {"other_might_at_least": int(m.group(1))}
    if re.fullmatch(r"there is a ready enemy unit here", phrase, re.IGNORECASE):
        return {"ready_enemy_here": True}
    if m := re.fullmatch(rf"you control {NUM_PATTERN} or more runes", phrase, re.IGNORECASE):
        return {"runes_at_least": number(m.group(1).lower())}
    if re.fullmatch(r"you control a facedown card", phrase, re.IGNORECASE):
        return {"facedown_at_least": 1}
    if re.fullmatch(r"(?:I am|I'm) at a battlefield", phrase, re.IGNORECASE):
        return {"self_at_battlefield": True}
    if re.fullmatch(r"you played (?:this|me) from your hand", phrase, re.IGNORECASE):
        return {"played_from_hand": True}  # not from a facedown zone (Hidden, v1.4 723), a trash (Flow), ...
    if re.fullmatch(r"you paid (?:the|my) additional cost", phrase, re.IGNORECASE):
        return {"paid_additional": True}  # an optional additional cost of the card's (v1.4 204.2)
    return None


DONE: dict[str, Any] = {"done": True}  # "If you do, ...": the instruction before it was followed (link_done)


def lead_condition(phrase: str) -> dict[str, Any] | None:
    """The condition an instruction opens with ("If you control 7 or more runes", "Then, if I am at a
    battlefield", "If you do") as `state_condition` reads it, `DONE` for "If you do", or None (left unread)."""
    m = re.fullmatch(r"(?:then,? )?if (.+)", phrase.strip(), re.IGNORECASE)
    if m is None:
        return None
    if m.group(1).lower() == "you do":
        return dict(DONE)
    return state_condition(m.group(1))


def link_done(before: list[dict[str, Any]], found: list[dict[str, Any]], unread: list[str]) -> None:
    """"You may kill a gear. If you do, buff me.": the ops `found` of an "If you do" sentence are done only when
    the "you may" op of the sentence `before` it was (v1.4 204.3.b reads a cost within instructions the same
    way): that op becomes their `cost` and they are `paid_by` it (engine/cards/resolutions.py refuses them
    without it). With no optional op in the sentence before (one the reader left unread), the condition stays
    unread."""
    linked = [spec for spec in found if spec.get("if") == DONE]
    if not linked:
        return
    anchor = next((spec for spec in reversed(before) if spec.get("optional") and "paid_by" not in spec), None)
    if anchor is None:
        unread.append("condition: 'If you do'")
    else:
        anchor["cost"] = anchor.get("cost") or anchor["text"]
    for spec in linked:
        del spec["if"]
        spec["optional"] = True
        if anchor is not None:
            spec["paid_by"] = anchor["cost"]


def per_amount(kind: str, phrase: str) -> dict[str, Any] | None:
    """A computed amount ("for each of your [Mighty] units", "equal to my Might") as engine/cards/amounts.py
    counts it, or None for one the reader cannot count (left unread)."""
    phrase = phrase.strip().rstrip(".")
    if kind == "equal to":
        return {"might_of": "me"} if re.fullmatch(r"my might", phrase, re.IGNORECASE) else None
    if m := re.fullmatch(r"(other )?battlefields? you (?:or allies )?control", phrase, re.IGNORECASE):
        return {"battlefields": True, "other": bool(m.group(1))}
    if re.fullmatch(r"of your \[mighty\] units", phrase, re.IGNORECASE):  # Mighty: 5 [S] or more (v1.4 708)
        return {"each": {"whose": "friendly", "types": ["Unit"], "might_min": 5}}
    if m := re.fullmatch(r"of the following tags among your units — (.+)", phrase, re.IGNORECASE):
        tags = [tag for tag in re.split(r",? and |, ", m.group(1)) if tag]  # "Bird, Cat, Dog, and Poro"
        return {"tags_among": tags, "each": {"whose": "friendly", "types": ["Unit"]}}
    if re.fullmatch(r"equipment attached to me", phrase, re.IGNORECASE):
        return {"each": {"types": ["Gear"], "tags": ["Equipment"], "attached_to": "me"}}
    found, rest = parse_target(f"a {phrase}")
    if found is None or rest or found.get("where") == "here":
        return None
    return {"each": {key: value for key, value in found.items() if key != "count"}}



# A trigger condition about an object ("When an opponent plays a gear", "When you choose a friendly unit", "When a
# unit moves from here"): the occurrence names that object (engine/due.py), and "it" in the effect is it. Not one
# about the ability's own source ("When you play me", "When I attack").
_ABOUT = re.compile(r"^(?:when|whenever)\b[^,]*?\b(?:an?|any)\s+(?:(?:friendly|enemy|other|non-token)\s+)*"
                    r"(?:unit|gear|spell|card)\b", re.IGNORECASE)


def read_about(ability: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """A triggered ability's compiled effect with "it" read as the object its trigger is about (`about`: the chain
    item's object, engine/cards/filters.py), where the trigger condition names one object and every unread target
    of the effect is such an "it"; else the result as it was."""
    text = re.sub(r"^(?:\[[^\]]*\]\s*(?:—|\[>>?\])?\s*)+", "", ability.get("text", ""))
    condition = text.split(",", 1)[0]
    its = [part for part in result["unread"] if part.startswith("target: ")]
    loose = [spec for spec in result["effects"] if "target" in spec and spec["target"] is None]
    if ability.get("kind") != "triggered" or not _ABOUT.match(condition) or \
            re.search(r"\b(?:me|I|my)\b", condition) or not its or set(its) != {"target: 'it'"} or \
            len(loose) != len(its):
        return result
    effects = [{**spec, "target": {"about": True, "count": {"min": 1, "max": 1}}} if spec in loose else spec
               for spec in result["effects"]]
    return {**result, "effects": effects, "unread": [part for part in result["unread"] if part not in its]}
