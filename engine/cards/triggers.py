"""A triggered ability's condition as an event pattern, and the occurrences that match it (Core Rules v1.4 382-388).

A triggered ability is "a repeatable effect that happens when a Condition is met" (v1.4 383): the clause with
"When", "At" or "the Nth time" (383.2.a), then its effect (383.2.b). `compile_trigger` reads that clause into
plain data, once per text (cached; never stored in a match's state):

    {"on": [{"event": ..., "subject": ..., "whose"?: ..., "to"?: ...}, ...],   # any one of them makes it due
     "optional": bool,                                                      # "you may" first (383.3.a)
     "cost": {...} | None,                                                  # a cost within instructions (383.3.b)
     "unread": [...],                                                       # what the reader could not check
     "once_each_turn"?: true}                                               # "the first time ... each turn" (383.3.e)

A pattern's `one_or_more` ("When you stun one or more enemy units", "When one or more enemy units die") makes it
due once for all the occurrences of one recorded event (engine/due.py), not once per unit.

`event` is the occurrence: "played" (a card is played; a permanent's "When you play me" is due once it enters the
board, 383.4.a.2, a spell's once it resolves, 419.4.a), "attacks" / "defends" (a unit gains the designation, 383.4.e-f), "moves", "holds" /
"conquers" (383.4.c-d: the units present and the player scoring), "dies" (808.1.d), "beginning_phase" (its
start: "At the start of your Beginning Phase", Temporary 816.1.c), "end_of_turn" and "empowered" (an object
becomes Empowered, by the player whose effect empowers it: "When I become [Empowered]", v1.4 828.1.d; "When you
empower something else", 441.2.a), "recycled" (runes, each, or the cards of one instruction, `rune` says
which), "drew" (a card drawn, v1.4 591; its `nth`, the player's draws this turn, engine/turn_facts.py) and
"chosen" (an object on the board a finalized spell or ability targets, or targets anew after new choices:
"When you choose me with a spell", "When you choose a friendly unit", Targeting Effects, v1.4 383.4.b, 754; its
`by`: "spell" or "ability", a pattern's `with`). `subject` says whose or which:
"me" (the source itself), "you" (the source's controller), "here" (a battlefield's own occurrence, by its
controller), "a unit", "another unit", "a spell", "a gear", "a card", "a friendly unit", "another friendly unit",
"an enemy unit", "a player", "something else" (an object other than the source); `whose` ("you", "an opponent",
"a player") says who played, empowered or chose.

What the reader cannot check stays in `unread` (a qualifier such as "that costs [5] or more", an "if ..." right
after the condition, which 383.2.a.1 makes part of it, a cost it cannot name): the engine then takes such an
ability on the recorder's word, never pretending to check it. The keyword triggers read
as their rules say: Deathknell "When I die" (808.1.c), Vision "When this is played" (817.1.b-c), Hunt "When I
conquer or hold" (823.1.c.1), Weaponmaster "When you play me, you may ..." (821.1.c), Quick-Draw "When you play
this" (819.1.d), Temporary "At the start of this permanent's controller's Beginning Phase" (816.1.b-c).

This module imports nothing of the engine (engine/cards, the shape test): `matches` answers from plain data.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from engine.cards import reviewed, trigger_ifs

EVENTS: tuple[str, ...] = ("played", "attacks", "defends", "moves", "holds", "conquers", "dies", "beginning_phase",
                           "end_of_turn", "empowered", "chosen", "wins_combat", "discarded", "main_phase",
                           "combat_ends", "hides", "activated", "attached", "readied", "stunned", "buffed",
                           "spent_buff", "drew", "recycled")
KEYWORD_TRIGGERS: dict[str, tuple[dict[str, str], ...]] = {
    "Deathknell": ({"event": "dies", "subject": "me"},),  # v1.4 808.1.c
    "Vision": ({"event": "played", "subject": "me"},),  # v1.4 817.1.c
    "Hunt": ({"event": "conquers", "subject": "me"}, {"event": "holds", "subject": "me"}),  # v1.4 823.1.c.1
    "Weaponmaster": ({"event": "played", "subject": "me"},),  # v1.4 821.1.c
    "Quick-Draw": ({"event": "played", "subject": "me"},),  # v1.4 819.1.d
    "Temporary": ({"event": "beginning_phase", "subject": "you"},),  # v1.4 816.1.c
}
MIGHTY = 5  # v1.4 708: a unit is Mighty while its Might is 5 or more
_ORDINALS = {"first": 1, "second": 2, "third": 3}
OPTIONAL_KEYWORDS = frozenset({"Weaponmaster"})  # "you may choose ..." (v1.4 821.1.c)

_KINDS = r"(unit|spell|gear|card)"
# One alternative of a condition (lower case, without "when"), and what it is. Checked in order: the first whole
# match wins, so the longer phrasings come first.
_ALTERNATIVES: tuple[tuple[str, dict[str, str]], ...] = (
    (r"you play (?:me|this)|(?:this is|i'm|i am|i'm being) played", {"event": "played", "subject": "me"}),
    (r"you play me to a battlefield", {"event": "played", "subject": "me", "to": "battlefield"}),
    (r"you play (?:me|this) from face down|(?:i'm|i am) played from \[hidden\]",
     {"event": "played", "subject": "me", "from": "facedown"}),  # v1.4 723: a hidden card, played face down
    (r"you play me from face down on your turn",
     {"event": "played", "subject": "me", "from": "facedown", "turn": "yours"}),
    (r"you play a card from (?:face down|\[hidden\])",
     {"event": "played", "subject": "a card", "whose": "you", "from": "facedown"}),
    (r"you play a card from anywhere other than your hand",
     {"event": "played", "subject": "a card", "whose": "you", "from": "not hand"}),
    (rf"you play an? {_KINDS}", {"event": "played", "subject": "a {0}", "whose": "you"}),
    (r"you play another unit", {"event": "played", "subject": "another unit", "whose": "you"}),
    (r"you play another (?!unit\b|spell\b|gear\b|card\b)([a-z]+)",  # "me or another Dragon": a tag
     {"event": "played", "subject": "another card", "whose": "you", "tag": "{0}"}),
    (r"you play an? (spell|card) on an opponent's turn",
     {"event": "played", "subject": "a {0}", "whose": "you", "turn": "opponent"}),
    (r"you play a unit during a showdown", {"event": "played", "subject": "a unit", "whose": "you",
                                            "during": "showdown"}),
    (r"you play a token unit", {"event": "played", "subject": "a unit", "whose": "you", "token": True}),
    (r"you play an? \[mighty\] unit", {"event": "played", "subject": "a unit", "whose": "you", "mighty": True}),
    (r"you play an? (spell|unit|gear|card) that costs \[(\d+)\] or more",
     {"event": "played", "subject": "a {0}", "whose": "you", "energy_at_least": "{1}"}),
    (r"you play a card with power cost \[a\]\[a\] or more",
     {"event": "played", "subject": "a card", "whose": "you", "power_at_least": 2}),
    (r"you play your (first|second) card (?:each|in a) turn",
     {"event": "played", "subject": "a card", "whose": "you", "nth": "{0}"}),
    (r"you draw your (first|second|third) card each turn", {"event": "drew", "subject": "you", "nth": "{0}"}),
    (rf"a player plays an? {_KINDS}", {"event": "played", "subject": "a {0}", "whose": "a player"}),
    (rf"an opponent plays an? {_KINDS}", {"event": "played", "subject": "a {0}", "whose": "an opponent"}),
    (r"i (attack|defend|move|hold|conquer)", {"event": "{0}s", "subject": "me"}),
    (r"i conquer after an attack", {"event": "conquers", "subject": "me", "after_attack": True}),  # as attacker
    (r"i move to a battlefield", {"event": "moves", "subject": "me", "to": "battlefield"}),
    (r"i move from a location", {"event": "moves", "subject": "me"}),  # a base or a battlefield: any move
    (r"a unit moves from here", {"event": "moves", "subject": "a unit", "from": "here"}),
    (r"a friendly unit moves from my location", {"event": "moves", "subject": "a friendly unit",
                                                 "from": "my location"}),
    (r"you defend at a battlefield", {"event": "defends", "subject": "you"}),  # once for the combat (383.4.f.2.a)
    (r"a friendly unit (attack|defend)s alone", {"event": "{0}s", "subject": "a friendly unit", "alone": True}),
    (r"an enemy unit attacks a battlefield you control", {"event": "attacks", "subject": "an enemy unit",
                                                          "at": "yours"}),
    (r"at the start of each player's first beginning phase", {"event": "beginning_phase", "subject": "a player",
                                                               "nth": "first"}),
    (r"a friendly unit dies during your beginning phase", {"event": "dies", "subject": "a friendly unit",
                                                           "during": "your beginning phase"}),
    (r"i move from a battlefield", {"event": "moves", "subject": "me", "from": "battlefield"}),
    (r"an opponent scores", {"event": "scores", "subject": "an opponent"}),  # v1.4 469: a conquer or a hold
    (r"you score here", {"event": "scores", "subject": "here"}),
    (r"you discard me", {"event": "discarded", "subject": "me"}),  # v1.4 422.1.b
    (r"you discard one or more cards", {"event": "discarded", "subject": "a card", "whose": "you"}),
    (r"you hide a card", {"event": "hides", "subject": "you"}),  # v1.4 597 (Hide)
    (r"i become ready", {"event": "readied", "subject": "me"}),  # v1.4 415: by anyone, the Awaken Phase too
    (r"you ready me", {"event": "readied", "subject": "me", "whose": "you"}),
    (r"you ready a friendly unit", {"event": "readied", "subject": "a friendly unit", "whose": "you"}),
    (r"you buff me", {"event": "buffed", "subject": "me", "whose": "you"}),  # v1.4 702
    (r"you buff a friendly unit", {"event": "buffed", "subject": "a friendly unit", "whose": "you"}),
    (r"you move an enemy unit", {"event": "moves", "subject": "an enemy unit", "whose": "you"}),  # by your effect
    (r"you stun an enemy unit", {"event": "stunned", "subject": "an enemy unit", "whose": "you"}),
    (r"you stun one or more enemy units", {"event": "stunned", "subject": "an enemy unit", "whose": "you",
                                           "one_or_more": True}),  # once for the units of one event
    (r"you recycle one or more cards", {"event": "recycled", "subject": "you", "rune": False}),  # v1.4 594.1
    (r"you recycle a rune", {"event": "recycled", "subject": "you", "rune": True}),  # v1.4 157.2.b
    (r"you spend a buff", {"event": "spent_buff", "subject": "you"}),  # v1.4 702.2.b
    (r"you use an activated ability of an? (unit|gear)",
     {"event": "activated", "subject": "a {0}", "whose": "you"}),
    (r"you attach an equipment to me", {"event": "attached", "subject": "me", "whose": "you",
                                         "equipment": True}),
    (r"you-or-an-ally (hold|conquer)", {"event": "{0}s", "subject": "you or an ally"}),
    (r"you (conquer|hold) here with one or more \[mighty\] units",
     {"event": "{0}s", "subject": "here", "mighty_units": True}),
    (r"at the start of your main phase", {"event": "main_phase", "subject": "you"}),  # v1.4 316.1
    (r"you (hold|conquer|defend) here", {"event": "{0}s", "subject": "here"}),
    (r"you (hold|conquer)", {"event": "{0}s", "subject": "you"}),
    (r"i die", {"event": "dies", "subject": "me"}),
    (r"i die in combat", {"event": "dies", "subject": "me", "in_combat": True}),  # with a combat designation
    (r"i win a combat", {"event": "wins_combat", "subject": "me"}),  # v1.4 466.3.c: its controller's result
    (r"you win a combat", {"event": "wins_combat", "subject": "you"}),  # v1.4 466.3.a

    (r"i (?:become|am|'m) \[?empowered\]?", {"event": "empowered", "subject": "me"}),  # v1.4 828.1.d
    (r"you empower something else", {"event": "empowered", "subject": "something else", "whose": "you"}),
    (r"you choose me with an? (spell|ability)", {"event": "chosen", "subject": "me", "whose": "you", "with": "{0}"}),
    (r"you choose me", {"event": "chosen", "subject": "me", "whose": "you"}),  # v1.4 383.4.b.1
    (r"you choose a friendly unit", {"event": "chosen", "subject": "a friendly unit", "whose": "you"}),
    (r"(a friendly unit|another friendly unit|an enemy unit) dies", {"event": "dies", "subject": "{0}"}),
    (r"a buffed friendly unit dies", {"event": "dies", "subject": "a friendly unit", "buffed": True}),
    (r"another non-(\w+) unit you control dies", {"event": "dies", "subject": "another friendly unit",
                                                  "not_tag": "{0}"}),
    (r"one or more enemy units die", {"event": "dies", "subject": "an enemy unit", "one_or_more": True}),
    (r"an enemy unit here dies", {"event": "dies", "subject": "an enemy unit", "here": True}),
    (r"a combat that i was in ends", {"event": "combat_ends", "subject": "me"}),  # v1.4 466.5: its end
    (r"at (?:the )?start of your beginning phase", {"event": "beginning_phase", "subject": "you"}),
    (r"at the start of each player's beginning phase", {"event": "beginning_phase", "subject": "a player"}),
    (r"at the end of your turn", {"event": "end_of_turn", "subject": "you"}),
)
_SUBJECT_WORDS = ("i", "you")
_CONDITION = re.compile(r"^(?:\[(?:Legion|Empowered|Mighty|Level \d+)\]\s*(?:\[>\]|—)\s*)?(Once each turn, )?"
                        r"((?:When|Whenever|At|The (?:first|second|third) time|(?<=, )when)\b[^,]*),\s*(.*)$", re.S)
_KEYWORD_EFFECT = re.compile(r"^\[[A-Za-z-]+(?: \d+)?\](?:\s*\[>\]|\s*—)?\s*(.*)$", re.S)
_COST = re.compile(r"^(?:you may )?(pay ((?:\[(?:\d+|[ACRGBOPY])\])+)(?: and exhaust (?:me|this))?|exhaust (?:me|this))"
                   r" to\b", re.I)
_SYMBOL = re.compile(r"\[(\d+|[ACRGBOPY])\]")
_DOMAINS = {"A": "any", "R": "Fury", "G": "Calm", "B": "Mind", "O": "Body", "P": "Chaos", "Y": "Order"}
_REMINDER = re.compile(r"\s*\([^()]*\)")
# A condition that lists its occurrences with commas continues past the first comma: "played, discarded, or killed".
_LISTED = re.compile(r"^((?:[\w'\[\]-]+(?: [\w'\[\]-]+){0,3}, )*or [^,]+), ")


@functools.lru_cache(maxsize=None)
def compile_trigger(text: str, keyword: str | None = None) -> dict[str, Any] | None:
    """The event pattern of a triggered ability's printed `text` (and its `keyword`, for a keyword trigger), or
    None for a text that is no triggered ability the reader recognizes (then nothing of it is checked)."""
    text = re.sub(r"\s+", " ", _REMINDER.sub("", text)).strip()
    before = re.match(r"^If ([^,]+?) (at the start of your Beginning Phase), (.*)$", text)
    if before:  # "If you control fewer runes than an opponent at the start of your Beginning Phase, ...": the same
        text = f"{before.group(2).capitalize()}, if {before.group(1)}, {before.group(3)}"  # condition, its "if" after
    if keyword in KEYWORD_TRIGGERS:
        found = _KEYWORD_EFFECT.match(text)
        effect = found.group(1) if found else ""
        optional = keyword in OPTIONAL_KEYWORDS or effect.lower().startswith(("you may ", "they may "))
        cost, unread = _cost(effect)
        return {"on": [dict(pattern) for pattern in KEYWORD_TRIGGERS[keyword]], "optional": optional, "cost": cost,
                "unread": unread}
    found = _CONDITION.match(text)
    if found is None:
        return None
    condition, effect = found.group(2), found.group(3)
    once = bool(found.group(1))  # "Once each turn, when ..." (v1.4 383.3.e)
    first = re.fullmatch(r"The first time (.*) each turn", condition)
    if first is not None:  # "The first time I move each turn" (v1.4 383.1.b, 383.3.e)
        condition, once = f"When {first.group(1)}", True
    nth = re.fullmatch(r"The (second|third) time (.*) in a turn", condition)
    if nth is not None:  # "The third time I move in a turn": the unit's moves this turn (engine/turn_facts.py)
        condition = f"When {nth.group(2)}"
    listed = _LISTED.match(effect)
    if listed is not None:  # "When this is played, discarded, or killed, draw 1.": a list, read no further
        return {"on": [], "optional": False, "cost": None, "unread": [f"{condition}, {listed.group(1)}"]}
    wanted = None
    meanwhile = re.search(r" while (I'm at a battlefield)$", condition)
    if meanwhile:  # "When an enemy unit dies while I'm at a battlefield": a state as the occurrence happens
        condition, wanted = condition[:meanwhile.start()], trigger_ifs.read(meanwhile.group(1))
    patterns, unread = _patterns(condition)
    if nth is not None:
        if all(pattern["event"] == "moves" and pattern["subject"] == "me" for pattern in patterns):
            patterns = [{**pattern, "nth": nth.group(1)} for pattern in patterns]
        else:  # only a unit's own moves are counted per turn
            unread.append(f"the {nth.group(1)} time {nth.group(2)}")
    if effect.lower().startswith("if "):  # 383.2.a.1: a conditional statement right after it is part of it
        clause = effect.split(",")[0]
        read = trigger_ifs.read(clause)
        if read is None or wanted is not None:
            unread.append(clause)
        wanted = read if wanted is None else wanted
        effect = effect[len(clause) + 1:].strip()  # what follows it: "you may ...", a cost within instructions
    if effect.lower().startswith("they ") and any(pattern.get("whose") == "a player" for pattern in patterns):
        unread.append("controlled by the player who played (v1.4 190.6.c)")  # not the source's controller
    cost, unread_cost = _cost(effect)
    compiled = {"on": patterns, "optional": effect.lower().startswith(("you may ", "they may ")), "cost": cost,
                "unread": unread + unread_cost}
    if once:
        compiled["once_each_turn"] = True
    if wanted is not None:
        compiled["if"] = wanted
    return compiled


def _patterns(condition: str) -> tuple[list[dict[str, str]], list[str]]:
    """The alternatives of a condition ("When you play me or when I hold", "When I attack or defend") as patterns;
    the parts the reader does not know, as unread."""
    lowered = condition.lower().strip()
    lowered = re.sub(r"^(when|whenever) ", "", lowered).replace("you or an ally ", "you-or-an-ally ")
    lowered = re.sub(r"^you (\w+) or (\w+) me$", r"you \1 me or you \2 me", lowered)  # "you choose or ready me"
    lowered = re.sub(r"^a friendly unit attacks or defends alone$",  # "alone" is said of both (v1.4 740.2.a)
                     "a friendly unit attacks alone or a friendly unit defends alone", lowered)
    patterns: list[dict[str, str]] = []
    unread: list[str] = []
    subject = ""
    for part in re.split(r",? or (?!more\b|fewer\b)(?:when )?| and when ", lowered):  # "costs [5] or more": one
        part = part.strip()
        words = part.split(" ", 1)
        if words[0] in _SUBJECT_WORDS:
            subject = words[0]
        elif part.startswith("another ") and patterns and patterns[-1]["event"] == "played" and \
                patterns[-1]["subject"] == "me" and not part.endswith(("dies", "unit")):
            part = f"you play {part}"  # "When you play me or another Dragon"
        elif subject and not part.startswith(("at ", "a ", "an ", "another ", "i'm ")):
            part = f"{subject} {part}"  # "When I attack or defend": "defend" is "I defend"
        pattern = _alternative(part)
        if pattern is None:
            unread.append(part)
        else:
            patterns.append(pattern)
    return patterns, unread


def _alternative(part: str) -> dict[str, str] | None:
    for expression, pattern in _ALTERNATIVES:
        found = re.fullmatch(expression, part)
        if found is not None:
            filled = {key: value.format(*found.groups()) if isinstance(value, str) else value
                      for key, value in pattern.items()}
            return {key: int(value) if isinstance(value, str) and value.isdigit() else value
                    for key, value in filled.items()}  # an amount read ("costs [5] or more") as a number
    return None


def _cost(effect: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A cost within instructions at the beginning of the effect, or right after its "you may" (v1.4 383.3.b):
    "pay [1] to", "pay [R] and exhaust this to", "exhaust me to". Another cost there ("spend a buff to", "recycle
    me to", "kill a unit you control here to") is unread: taken as the recorder declares it."""
    found = _COST.match(effect)
    if found is None:
        other = re.match(r"^(?:you may )?((?:spend|recycle|kill|discard|banish|return|pay)\b[^.]*?) to\b", effect,
                         re.I)
        return None, ([f"cost: {other.group(1)}"] if other else [])
    cost: dict[str, Any] = {}
    for symbol in _SYMBOL.findall(found.group(2) or ""):
        if symbol.isdigit():
            cost["energy"] = cost.get("energy", 0) + int(symbol)
        else:
            domain = _DOMAINS.get(symbol, "any")
            cost.setdefault("power", {})[domain] = cost.setdefault("power", {}).get(domain, 0) + 1
    if "exhaust" in found.group(1).lower():
        cost["exhaust_self"] = True
    return cost, []


def compiled_for(card: str | None, ability: dict[str, Any]) -> dict[str, Any] | None:
    """A card's triggered ability's trigger: the reviewed one (engine/cards/data/, `source` "data") for a line the
    reader cannot read, else `compile_trigger`'s from the text."""
    given = reviewed.given(card, ability.get("text", ""), "trigger") if card else None
    if given is not None:
        return {"optional": False, "cost": None, "unread": [], **given, "source": "data"}
    return compile_trigger(ability.get("text", ""), ability.get("keyword"))


def checkable(compiled: dict[str, Any] | None) -> bool:
    """Whether the engine knows when this trigger is due: a condition read whole, nothing of it unread (a cost it
    could not read leaves the condition checkable)."""
    return bool(compiled and compiled["on"]) and not any(not part.startswith("cost: ")
                                                         for part in compiled["unread"])


def ability_with_trigger(ability: dict[str, Any], card: str | None = None) -> dict[str, Any]:
    """A card's ability (engine/cardtext.py) with its compiled `trigger` and `source` ("text"), as the catalog
    serves it (contract section 7)."""
    if ability.get("kind") != "triggered":
        return ability
    compiled = compiled_for(card, ability)
    return {**ability, "trigger": compiled, "source": (compiled or {}).get("source", "text")}


# -- matching ------------------------------------------------------------------------------------------------------
def matches(pattern: dict[str, str], occurrence: dict[str, Any], source: dict[str, Any]) -> bool:
    """Whether an occurrence meets one pattern of an ability of `source`.

    `occurrence`: {event, player (who played, moved, scored, or whose phase; a unit's controller), object?: {id,
    type, controller}, battlefield?, to?, units?: [ids present]}; `source`: {id, controller, kind ("object" or
    "battlefield")}."""
    if pattern["event"] != occurrence["event"] and not (pattern["event"] == "scores"
                                                        and occurrence["event"] in ("holds", "conquers")):
        return False  # a player scores by a conquer or a hold (v1.4 469)
    subject, mine = pattern["subject"], source["controller"]
    if not _where_from(pattern, occurrence, source) or not _when(pattern, occurrence, mine):
        return False
    if occurrence["event"] == "chosen" and (pattern.get("whose") == "you" and occurrence["player"] != mine
                                            or pattern.get("with", occurrence.get("by")) != occurrence.get("by")):
        return False  # "When you choose ... with a spell" (v1.4 383.4.b.1): by whom, and by what
    obj = occurrence.get("object") or {}
    if pattern.get("whose") == "you" and occurrence["event"] in ("attached", "discarded", "readied", "stunned",
                                                                 "buffed") \
            and occurrence["player"] != mine or pattern.get("equipment") and not occurrence.get("equipment") \
            or pattern.get("mighty_units") and not occurrence.get("mighty_units"):
        return False  # "When you attach an Equipment to me", "with one or more [Mighty] units" (v1.4 708)
    if occurrence["event"] == "moves" and pattern.get("whose") == "you" and occurrence.get("mover") != mine:
        return False  # "When you move an enemy unit": moved by the source's controller's effect
    if pattern.get("after_attack") and not occurrence.get("after_attack"):
        return False  # a conquer that ends a combat its controller attacked in
    if pattern.get("alone") and not occurrence.get("alone"):
        return False  # v1.4 740.2.a: no other friendly unit at its location
    if "rune" in pattern and bool(occurrence.get("rune")) != pattern["rune"]:
        return False  # "When you recycle a rune" / "one or more cards" (runes aren't cards)
    if subject == "me":
        if occurrence["event"] == "combat_ends":  # "a combat that I was in": either side's units
            return source["id"] in occurrence.get("units", ())
        if occurrence["event"] in ("holds", "conquers", "wins_combat"):  # 383.4.c.2.a, 383.4.d.2.a, 466.3.c
            return source["id"] in occurrence.get("units", ()) and occurrence["player"] == mine
        if obj.get("id") != source["id"] or pattern.get("in_combat") and not obj.get("in_combat"):
            return False
        return pattern.get("to") != "battlefield" or not str(occurrence.get("to", "base:")).startswith("base:")
    if subject == "here":
        return source["kind"] == "battlefield" and occurrence.get("battlefield") == source["id"] \
            and occurrence["player"] == mine
    if subject == "you":
        return occurrence["player"] == mine
    if subject == "an opponent":
        return occurrence["player"] not in (None, mine)
    if subject == "you or an ally":  # v1.4 648: an ally is a teammate
        return mine in occurrence.get("side", (occurrence["player"],))
    if subject == "a player":
        return True
    if occurrence["event"] in ("played", "activated", "discarded"):
        whose = pattern.get("whose", "a player")
        if whose == "you" and occurrence["player"] != mine or whose == "an opponent" and occurrence["player"] == mine:
            return False
        kind = subject.split(" ")[-1]
        if kind != "card" and obj.get("type", "").lower() != kind:
            return False
        if subject.startswith("another ") and obj.get("id") == source["id"]:
            return False
        return _as_played(pattern, occurrence, obj, mine)
    if subject == "something else":  # "When you empower something else" (v1.4 441.2.a): you, another object
        return occurrence["player"] == mine and obj.get("id") != source["id"]
    if subject in ("a friendly unit", "another friendly unit", "an enemy unit"):
        if obj.get("type") != "Unit":
            return False
        if not _as_died(pattern, obj, source):
            return False
        if subject == "an enemy unit":
            return obj.get("controller") != mine
        return obj.get("controller") == mine and (subject == "a friendly unit" or obj.get("id") != source["id"])
    if subject == "a unit":  # "When a unit moves from here": anyone's
        return obj.get("type") == "Unit"
    return False


def _where_from(pattern: dict[str, Any], occurrence: dict[str, Any], source: dict[str, Any]) -> bool:
    """A pattern's `from`: the zone a card was played from ("facedown", v1.4 723; "not hand") or the location a
    unit moved from ("battlefield": not a base; "here", "my location": the source's); its `at`: "yours", the
    occurrence's battlefield is one the source's controller controls."""
    if pattern.get("at") == "yours" and occurrence.get("battlefield_controller") != source["controller"]:
        return False
    wanted, origin = pattern.get("from"), str(occurrence.get("from", "hand"))
    if wanted is None:
        return True
    if occurrence["event"] == "moves":
        if wanted in ("here", "my location"):
            return "from" in occurrence and origin == source.get("location")
        return wanted == "battlefield" and "from" in occurrence and not origin.startswith("base:")
    return origin != "hand" if wanted == "not hand" else origin == wanted


def _when(pattern: dict[str, Any], occurrence: dict[str, Any], mine: str) -> bool:
    """A pattern's `turn` ("yours", "opponent": whose turn it is), `during` ("showdown"; "your beginning phase")
    and `nth` (the card its player played this turn, or their turn for a beginning phase: "first")."""
    turn_player = occurrence.get("turn_player")
    if pattern.get("turn") == "yours" and turn_player != mine or pattern.get("turn") == "opponent" \
            and turn_player in (None, mine):
        return False
    during = pattern.get("during")
    if during == "showdown" and not occurrence.get("showdown") or during == "your beginning phase" and (
            occurrence.get("phase") != "beginning" or turn_player != mine):
        return False
    return "nth" not in pattern or occurrence.get("nth") == _ORDINALS[pattern["nth"]]


def _as_died(pattern: dict[str, Any], obj: dict[str, Any], source: dict[str, Any]) -> bool:
    """The qualifiers of a unit that "dies" (or of another occurrence about a unit): `buffed` (it had a buff, v1.4
    702), `not_tag` ("another non-Recruit unit"), `here` (where the source is, as the unit was)."""
    if pattern.get("buffed") and not obj.get("buff"):
        return False
    if "not_tag" in pattern and pattern["not_tag"] in {str(tag).lower() for tag in obj.get("tags", ())}:
        return False
    return not pattern.get("here") or obj.get("location") is not None and obj.get("location") == source.get(
        "location")


def _as_played(pattern: dict[str, Any], occurrence: dict[str, Any], obj: dict[str, Any], mine: str) -> bool:
    """The qualifiers of "When you play ...": a card with a `tag` ("another Dragon"), a `token` unit, a `mighty`
    one (v1.4 708: 5 Might or more as it is played), its printed cost (`energy_at_least`, `power_at_least`)."""
    if "tag" in pattern and pattern["tag"] not in {str(tag).lower() for tag in obj.get("tags", ())}:
        return False
    if pattern.get("token") and not obj.get("token"):
        return False
    if pattern.get("mighty") and (obj.get("might") or 0) < MIGHTY:
        return False
    if (obj.get("energy") or 0) < pattern.get("energy_at_least", 0) \
            or (obj.get("power") or 0) < pattern.get("power_at_least", 0):
        return False  # "a spell that costs [5] or more", "a card with Power cost [A][A] or more": as printed
    return True


def survey(cards: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per set (the code's prefix): how many triggered abilities the gallery has, how many compile to a pattern
    the engine checks (`checked`), and how many are taken on the recorder's word (`unread`)."""
    figures: dict[str, dict[str, int]] = {}
    for card in cards:
        code = str(card.get("code") or "?-")
        entry = figures.setdefault(code.split("-")[0], {"triggered": 0, "checked": 0, "unread": 0})
        for ability in card.get("abilities", []):
            if ability.get("kind") != "triggered":
                continue
            entry["triggered"] += 1
            entry["checked" if checkable(compile_trigger(ability["text"], ability.get("keyword"))) else "unread"] += 1
    return figures


def unread_parts(ability: dict[str, Any], card: dict[str, Any] | str | None = None) -> list[str]:
    """The parts of a triggered ability's trigger this module does not check (engine/cards/coverage.py's
    interface): none when the engine knows when it is due (`checkable`), else what it could not read of its
    condition (a cost it could not read is the `cost` part's, engine/cards/statics.py)."""
    if ability.get("kind") != "triggered":
        return []
    compiled = compiled_for(card.get("name") if isinstance(card, dict) else card, ability)
    if checkable(compiled):
        return []
    if compiled is None:
        return ["trigger (its condition is no phrasing the reader knows)"]
    unread = [part for part in compiled["unread"] if not part.startswith("cost: ")]
    return [f"trigger {part!r}" for part in unread] or ["trigger (no occurrence read)"]


def cost_is_read(ability: dict[str, Any]) -> bool:
    """Whether a triggered ability's cost within its instructions ("pay [1] to ...", "exhaust me to ...") is read,
    so that the engine charges it from the card (v1.4 383.3.b.1) rather than as the recorder declares it."""
    compiled = compile_trigger(ability.get("text", ""), ability.get("keyword"))
    return bool(compiled and compiled["cost"] is not None
                and not any(part.startswith("cost: ") for part in compiled["unread"]))
