"""Static abilities and cost changes compiled from a card's text (issue 26; v1.4 363-366, 356.2-356.4, 727, 812).

A passive ability is a statement of fact (v1.4 364.2), perhaps conditional (364.3: "if", "while", or a dependent
keyword such as [Legion][>], 727.1). This module reads the common phrasings of the gallery into the very shape a
recorder declares with the `static` event or a play's `statics` (engine/statics.py: `affects`, `might`,
`keywords`, `enter_ready`, `cost`, `while`), plus where the ability works from:

- `zone` "play": the card's own cost changes, "I enter ready", "This enters exhausted" and "You may play me from
  your trash for [3][R]" (`rule` "play_from_trash" with its `base_cost`), which work as the card is played, from
  the zone it is played from (v1.4 366.1, 366.2, 366.2.a);
- `zone` "board": the passive abilities of a permanent (v1.4 365.1), a legend in its zone or a battlefield;
- `zone` "deck": what a deck may hold (a static rule, engine/cards/static_rules.py), checked with the deck.

Conditions the engine checks (`while`, interpreted by engine/cards/holds.py): `legion` (v1.4 812.1.c), `level`
(its controller's XP), `empowered`, `mighty`, `at` ("while I'm at a battlefield"), `runes_at_most` ("if you
control 4 or fewer runes"), `controls` ("if you control a Mech": tags or types of a friendly permanent),
`none_played` ("the first friendly gear played each turn": none of those types played by its controller this
turn yet), and those holds.EXTRA lists (runes, hand, objects in play, buffed, combat roles, scores, ...); static
rules ("I can't be chosen ...": engine/cards/static_rules.py) and costs paid with other cards
(engine/cards/cost_parts.py) are read by their modules. A count ("costs [1] less for
each rune you control") is `per`: the change is multiplied by the count `count` says.

What the reader cannot compile it says (`unread`: the text), and the engine takes that ability on the recorder's
word: a recorder-declared static stays possible for it. Compilation is a pure function of the text, cached; nothing
of it is stored in a match's `cards`. This module reads plain data only: it imports nothing of the engine.
"""
from __future__ import annotations

import functools
import json
import re
from typing import Any

from engine.cards import CONDITION, cost_parts, reviewed, static_rules, triggers

ZONES = ("play", "board", "deck")

_RUN = r"(?:\[(?:\d+|A|C|R|G|B|O|P|Y)\])+"
_SYM = rf"(?P<sym>{_RUN})"
_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_COST = re.compile(
    rf"^(?:If (?P<if1>[^,]+), )?(?:I|[Tt]his|[Tt]his spell) costs? {_SYM} (?P<dir>less|more)"
    rf"(?P<elsewhere> to play from anywhere other than your hand)?(?P<ready> and enter ready)?"
    rf"(?: for each (?P<each>[^,.]+?))?(?:, to a minimum of (?P<min>{_RUN}))?(?: if (?P<if2>[^.]+?))?\.$")
_ABILITY_COST = re.compile(
    rf"This ability costs {_SYM} less(?: for each (?P<each>[^,.]+?))?(?: if (?P<if2>[^.]+?))?\.")
_OTHERS_COST = re.compile(
    rf"^(?:While (?P<while>[^,]+), )?(?P<who>Your|Opponents'|Friendly) (?P<what>spells|units|gear|cards)"
    rf"(?: you play)? costs? {_SYM} (?P<dir>less|more)(?:, to a minimum of (?P<min>{_RUN}))?\.$")
_REDUCED = re.compile(
    rf"^(?:While (?P<while>[^,]+), )?the Energy costs? for (?P<what>spells|units|gear) you play (?:is|are) reduced by "
    rf"{_SYM}(?:, to a minimum of (?P<min>{_RUN}))?\.$", re.IGNORECASE)
_TAG_REDUCED = re.compile(rf"^Your (?P<tag>[A-Z][a-z]+)s' Energy costs are reduced by {_SYM}"
                          rf"(?:, to a minimum of (?P<min>{_RUN}))?\.$")
_FIRST_ABILITY = re.compile(rf"^While you control this battlefield, the first friendly gear activated ability played "
                            rf"each turn costs {_SYM} less\.$")
_FIRST_EACH_TURN = re.compile(
    rf"^While you control this battlefield, the first friendly (?P<token>non-token )?(?P<what>gear|unit|spell) "
    rf"played each turn costs {_SYM} less\.$")
_GIVE = r"(?P<give>(?:[+-]\d+ \[S\])?(?:(?:,? and |, )?\[[A-Z][A-Za-z-]*(?: \d+)?\])*)"
_OTHERS = re.compile(
    rf"^(?:While (?P<while>[^,]+), )?(?P<other>Other )?(?P<buffed>buffed )?(?P<stunned>stunned )?"
    rf"(?:(?P<who>friendly|your|enemy) "
    rf"(?P<other2>other )?)?(?P<buffed2>buffed )?(?P<token>token )?"
    rf"(?P<what>units|(?!spells|cards|abilities|gear)(?:[A-Z][a-z]+ )?[A-Z][a-z]+s"
    rf"|(?P<tags>(?:[A-Z][a-z]+, )+(?:and )?[A-Z][a-z]+) units)(?P<empowered> that are \[Empowered\])?"
    rf"(?P<here1> here| at my battlefield)?(?: with \[(?P<kw>[A-Z][A-Za-z-]*)\])? (?:each )?(?:have|get) {_GIVE}"
    rf"(?:, to a minimum of (?P<floor>\d+) \[S\])?(?P<here2> here)?(?P<absent> if they didn't already)?\.$",
    re.IGNORECASE)
_SELF = re.compile(rf"^(?:(?:While|If) (?P<while>[^,]+), )?I (?:have|get) (?:an additional )?{_GIVE}"
                   rf"(?: for each (?P<each>[^,.]+?))?"
                   rf"(?: while (?P<while2>[^.]+))?(?P<ready> and enter ready)?\.$")
_ALONE = re.compile(rf"^While an? (?P<who>friendly |enemy )?unit(?P<here> here)? (?:is )?"
                    rf"(?P<role>defend|attack)(?:s|ing) alone, it (?:has|gets) {_GIVE}\.$")
_SHOWDOWN_COST = re.compile(rf"^During showdowns here, cards with \[(?P<kw>[A-Z][A-Za-z-]*)\] cost {_SYM} "
                            rf"(?P<dir>more|less) to play\.$")
_IN_COMBAT_COSTS = re.compile(rf"^While I'm in combat, friendly spells cost {_SYM} less to a minimum of "
                              rf"(?P<min>{_RUN}), and enemy spells cost (?P<more>{_RUN}) more\.$")
_DAMAGE_ORDER = re.compile(r"^I must be assigned combat damage (?P<when>first|last)\.$")
_DOUBLE_BONUS = re.compile(r"^Each Equipment attached to me gives double its base Might bonus\.$")
_MIGHT_BY = re.compile(r"^My Might is increased by (?P<each>your points|the number of cards in your trash)\.$")
_KEYWORD_COUNT = re.compile(r"^I have \[(?P<kw>[A-Z][A-Za-z-]*)\] equal to the number of (?P<each>[^.]+)\.$")
_OTHERS_READY = re.compile(r"^(?P<who>Your|Friendly|Other friendly) (?P<what>units|tokens|token units|[A-Z][a-z]+s) "
                           r"enter ready\.$")
_ENTER_EXHAUSTED = re.compile(r"^(?:This|I) enters? exhausted\.$")
_ENTER_READY = re.compile(r"^(?:If (?P<if1>[^,]+), )?I enter ready(?: if (?P<if2>[^.]+))?\.$")
_FROM_TRASH_COST = re.compile(rf"^Spells with \[(?P<kw>[A-Z][A-Za-z-]*)\] you play from your trash cost {_SYM} "
                              rf"(?P<dir>less|more)(?:, to a minimum of (?P<min>{_RUN}))?\.$")
_CHOOSING_HERE = re.compile(rf"^Each spell that chooses one or more units here that are friendly to it costs {_SYM} "
                            rf"(?P<dir>less|more)\.$")
_HIGHEST_MIGHT = re.compile(r"^This spell's Energy cost is reduced by the highest Might among units you control\.$")
_NOT_ON_TURNS = re.compile(r"^I can't be played on your (?P<turns>(?:first|second|third|fourth)(?:, (?:or )?"
                           r"(?:second|third|fourth))*) turns?\.$")
_ABILITIES_ONLY = re.compile(r"^Use my abilities only while (?P<while>[^.]+)\.$")
_FROM_TRASH = re.compile(rf"^You may play me from your trash(?: for {_SYM})?\.$")
_PER_TAG = re.compile(rf"^Reduce my cost by {_SYM} for each of the following tags among your units — "
                      rf"(?P<tags>(?:[A-Z][a-z]+, )+(?:and )?[A-Z][a-z]+)\.$")
_PAID_DRAW = re.compile(rf"^As you play me, you may pay {_SYM} as an additional cost\. If you do, draw (?P<n>\d+)\.$")
_IF_PAID_READY = re.compile(rf"^If (?P<if>[^,]+), you may pay {_SYM} as an additional cost to play me\. If you do, "
                            rf"I enter ready\.$")
_PLAY_FOR = re.compile(rf"^If (?P<if>[^,]+), you may play me for {_SYM}\.$")
_ADDITIONAL = re.compile(rf"\b(?:you may )?pay {_SYM} as an additional cost", re.IGNORECASE)
_PAY_ENERGY_FOR = re.compile(r"Pay any amount of Energy to \[Add\] that much", re.IGNORECASE)

_WHILE: dict[str, dict[str, Any]] = {
    "I'm at a battlefield": {"at": "battlefield"}, "I'm in base": {"at": "base"},
    "I'm [Mighty]": {"mighty": True}, "I'm Mighty": {"mighty": True},
    "I'm [Empowered]": {"empowered": True}, "this is [Empowered]": {"empowered": True},
    "you've played another card this turn": {"legion": True},
    "I'm buffed": {"buffed": True},
    "I'm in combat": {"combat": {"role": "either"}},
    "I have moved twice this turn": {"moved_times": 2},
    "you've played a spell this turn": {"played_types": ["Spell"]},
    "you control this battlefield": {},  # a battlefield's static is its controller's (none while uncontrolled)
    "I'm [Empowered] two times": {"empowered": 2}, "I'm [Empowered] three times": {"empowered": 3},
    "you play me to a battlefield": {"at": "battlefield"},  # as it enters, where it was played (v1.4 369.3)
    "an opponent controls a battlefield": {"battlefields": {"whose": "enemy"}},
    # combat roles (v1.4 740.2.a: a unit is alone when there are no other friendly units at the same location)
    "I'm attacking or defending alone": {"combat": {"role": "either", "alone": True}},
    "I'm attacking with another unit": {"combat": {"role": "attacker", "alone": False}},
    "you have a card with my name in your trash": {"named_in_trash": True},
    "you control something that's [Empowered]": {"objects": {"who": "friendly", "types": None, "empowered": True}},
    # what happened this turn (engine/turn_facts.py counts it)
    "a unit died this turn": {"turn_fact": {"fact": "died", "who": "any"}},
    "a friendly unit died during your Beginning Phase this turn": {"turn_fact": {"fact": "died_beginning",
                                                                                 "who": "friendly"}},
    "you've discarded a card this turn": {"turn_fact": {"fact": "discarded", "who": "friendly"}},
    "you've gained XP this turn": {"turn_fact": {"fact": "xp_gained", "who": "friendly"}},
}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_NUMBER = r"(\d+|one|two|three|four|five)"
# "if"/"while" clauses that count things: (pattern, the condition with {n} for the number it reads)
_COUNTED: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = tuple((re.compile(rf"^{pattern}$"), found) for
                                                                     pattern, found in (
    (rf"you have {_NUMBER}\+ runes|you control {_NUMBER} or more runes", {"runes_at_least": "n"}),
    (rf"you have {_NUMBER} or fewer cards in your hand", {"hand_at_most": "n"}),
    (r"you have another unit here", {"objects": {"who": "friendly", "other": True, "where": "here"}}),
    (r"there's a stunned enemy unit here", {"objects": {"who": "enemy", "stunned": True, "where": "here"}}),
    (r"an opponent controls a stunned unit", {"objects": {"who": "enemy", "stunned": True}}),
    (rf"I'm at a battlefield with exactly {_NUMBER} other units? you control",
     {"at": "battlefield", "objects": {"who": "friendly", "other": True, "where": "here", "exactly": "n"}}),
    (rf"you control a battlefield with exactly {_NUMBER} units there", {"battlefields": {"exactly": "n"}}),
    (rf"an opponent's score is within {_NUMBER} points of the Victory Score", {"score_within": {"enemy": "n"}}),
    (rf"your score is not within {_NUMBER} points of the Victory Score", {"score_within": {"mine_not": "n"}}),
    (rf"you've spent \[{_NUMBER}\] or more to play a spell this turn",  # engine/turn_facts.py `spell_energy`
     {"turn_fact": {"fact": "spell_energy", "who": "friendly", "at_least": "n"}}),
    (r"you've spent at least (\[A\](?:\[A\])*) this turn",  # engine/turn_facts.py `power_spent` (Sivir, Mercenary)
     {"turn_fact": {"fact": "power_spent", "who": "friendly", "at_least": "n"}}),
    (rf"you have {_NUMBER} or more other units in your base",
     {"objects": {"who": "friendly", "other": True, "where": "base", "at_least": "n"}}),
))
_DEPENDENT = {"Legion": {"legion": True}, "Empowered": {"empowered": True}, "Mighty": {"mighty": True}}
_EACH: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = tuple((re.compile(pattern + r"$"), count)
                                                                  for pattern, count in (
    (r"rune you control", {"count": "runes"}),
    (r"gear you control|friendly gear", {"count": "gear"}),
    (r"card in your trash", {"count": "trash"}),
    (r"card you've played this turn", {"count": "played"}),
    (r"point you scored from holding this turn", {"count": "held_points"}),
    (r"of your \[Mighty\] units", {"count": "units", "mighty": True}),
    (r"friendly unit with \[(?P<kw>[A-Z][A-Za-z-]*)\]", {"count": "units"}),
    (r"token unit you control", {"count": "units", "token": True}),
    (r"buffed friendly unit at my battlefield", {"count": "units", "buffed": True, "here": True}),
    (r"of your units with \[(?P<kw>[A-Z][A-Za-z-]*)\] at my battlefield", {"count": "units", "here": True}),
    (r"card with my name in your trash", {"count": "named_trash"}),
    (r"enemy units here", {"count": "units", "enemy": True, "here": True}),
    (r"time I'm \[Empowered\]", {"count": "empowered_times"}),
    (r"other unit you control here with my name", {"count": "units", "here": True, "named": True, "other": True}),
))
_IF_RUNES = re.compile(r"^you (?:control|have) (\d+) or fewer runes$")
_IF_CONTROLS = re.compile(r"^you control (?:an?|another) ([A-Z][A-Za-z]+)$")
_OFFER_TO_HERE = re.compile(rf"^Any player may pay {_SYM} as an additional cost to play an? [A-Z][a-z]+\. If they do, "
                            rf"they play it to this battlefield\.$")  # Dragon Roost: `additional`, engine/card_costs.py
_TO_ITS_BATTLEFIELD = " You may play me to its battlefield."  # after a cost that kills a unit (Stalking Wolf)
_ONLY_ADDITIONAL = re.compile(
    rf"^(?:As you play (?:me|this), )?You may pay {_SYM} as an additional cost(?: to play (?:me|this))?\.$",
    re.IGNORECASE)


def symbols(text: str) -> tuple[int, int]:
    """Energy and Power of a run of symbols: "[2][G]" is 2 Energy and 1 Power."""
    found = re.findall(r"\[(\d+|A|C|R|G|B|O|P|Y)\]", text)
    return sum(int(s) for s in found if s.isdigit()), sum(1 for s in found if not s.isdigit())


def plain(text: str) -> str:
    """Text without reminder text and doubled spaces, with the Might symbol as [S]."""
    return re.sub(r"\s+", " ", _REMINDER.sub("", text)).replace("[M]", "[S]").strip()


def _condition(text: str | None) -> dict[str, Any] | None:
    """A "while"/"if" clause the engine can check, or None."""
    if text is None:
        return {}
    text = text.strip()
    if text in _WHILE:
        return dict(_WHILE[text])
    match = _IF_RUNES.match(text)
    if match:
        return {"runes_at_most": int(match.group(1))}
    for pattern, found in _COUNTED:
        match = pattern.match(text)
        if match:
            number = next((group for group in match.groups() if group), "1")
            amount = number.count("[A]") if number.startswith("[") else int(number) if number.isdigit() \
                else _NUMBERS[number]  # "at least [A][A]": two Power
            return _with_number(found, amount)
    match = _IF_CONTROLS.match(text)
    if match and match.group(1) not in ("battlefield",):
        return {"controls": [match.group(1).capitalize()]}
    return None


def _with_number(found: dict[str, Any], amount: int) -> dict[str, Any]:
    """A counted condition with its number in place of "n"."""
    return {key: _with_number(value, amount) if isinstance(value, dict) else amount if value == "n" else value
            for key, value in found.items()}


def _dependent(condition: str | None) -> dict[str, Any]:
    """A dependent keyword's condition (v1.4 727.1) as `while`."""
    if not condition:
        return {}
    if condition.startswith("Level "):
        return {"level": int(condition.split()[1])}
    return dict(_DEPENDENT.get(condition, {}))


def _each(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return {}
    for pattern, count in _EACH:
        match = pattern.match(text.strip())
        if match:
            found = dict(count)
            if match.groupdict().get("kw"):
                found["keyword"] = match.group("kw")
            return found
    return None


def _cost(sym: str, direction: str, minimum: str | None) -> dict[str, int]:
    """A cost change; an increase of [A] is Power of any domain (`any_power`, v1.4 135.2.e: paid with a rune of
    any domain), not of the card's own."""
    energy, power = symbols(sym)
    sign = -1 if direction == "less" else 1
    any_power = sym.count("[A]") if sign > 0 else 0
    power -= any_power
    cost = {key: sign * value for key, value in (("energy", energy), ("power", power), ("any_power", any_power))
            if value}
    if minimum:
        floor_energy, floor_power = symbols(minimum)
        if energy:
            cost["min_energy"] = floor_energy
        if power:
            cost["min_power"] = floor_power
    return cost


def _give(give: str) -> dict[str, Any] | None:
    """"+1 [S]", "[Deflect], [Ganking], and [Shield]", "+3 [S] and [Tank]" as `might`, `keywords`, `values`."""
    found: dict[str, Any] = {}
    might = re.match(r"([+-]\d+) \[S\]", give)
    if might:
        found["might"] = int(might.group(1))
    for keyword, value in re.findall(r"\[([A-Z][A-Za-z-]*)(?: (\d+))?\]", give):
        if keyword == "S":
            continue
        found.setdefault("keywords", []).append(keyword)
        if value:
            found.setdefault("values", {})[keyword] = int(value)
    return found or None


def _merge_while(*parts: dict[str, Any] | None) -> dict[str, Any] | None:
    merged: dict[str, Any] = {}
    for part in parts:
        if part is None:
            return None
        merged.update(part)
    return merged


def _static(zone: str, text: str, **fields: Any) -> dict[str, Any]:
    return {"zone": zone, "text": text, **{key: value for key, value in fields.items() if value not in (None, {})}}


_INSTEAD = re.compile(rf"^(?P<first>[^.]+\.) If (?P<if>[^,]+), (?:they|I|it) (?:have|has|get|gets|costs?) "
                      rf"(?P<second>[^.]+?) instead\.$")
_MORE_OR_LESS = re.compile(rf"^{_SYM} (?P<dir>less|more)$")


def _instead(rest: str, condition: str | None, card_type: str | None) -> list[dict[str, Any]] | None:
    """"Your units have +1 [S]. If I'm [Empowered], they have +2 [S] instead." (Rage Amplifier), "Opponents' spells
    cost [1] more. If this is [Empowered], they cost [1][A] more instead." (Helm of Suppression): the first static
    while the condition does not hold, the same static with the second amount while it does (v1.4 364.3). Only a
    condition of one yes-or-no state (Empowered, Mighty, buffed) is read so; else None."""
    match = _INSTEAD.match(rest)
    first = _read(match.group("first"), condition, card_type) if match else None
    when = _condition(match.group("if")) if match else None
    if not first or len(first) != 1 or not when or len(when) != 1 or not isinstance(next(iter(when.values())), bool):
        return None
    (key, value), = when.items()
    base = {field: content for field, content in first[0].items() if field not in ("might", "keywords", "values",
                                                                                   "cost")}
    second = _MORE_OR_LESS.match(match.group("second"))
    changed = {"cost": _cost(second.group("sym"), second.group("dir"), None)} if second and "cost" in first[0] \
        else _give(match.group("second")) if "cost" not in first[0] else None
    if not changed:
        return None
    otherwise = {**first[0], "text": rest, "while": {**first[0].get("while", {}), key: not value}}
    return [otherwise, {**base, **changed, "text": rest, "while": {**base.get("while", {}), key: value}}]


_HAVE_AND = re.compile(r"^I have (?P<give>[^.]+?) and (?P<rest>can't [^.]+)\.$")


def _read(rest: str, condition: str | None, card_type: str | None) -> list[dict[str, Any]] | None:
    """The statics of one line (its dependent condition taken off), or None when it is not read."""
    if _INSTEAD.match(rest):
        return _instead(rest, condition, card_type)
    both = _HAVE_AND.match(rest)
    if both:  # "I have +3 [S] and can't be dealt damage unless I'm in combat." (Ambessa, The Wolf): both halves
        first, second = (_read(line, condition, card_type) for line in (f"I have {both.group('give')}.",
                                                                         f"I {both.group('rest')}."))
        return None if first is None or second is None else [{**static, "text": rest} for static in first + second]
    dependent = _dependent(condition)
    match = _SELF_COST.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("if1") or match.group("if2")),
                            {"played_from_hand": False} if match.group("elsewhere") else {})
        per = _each(match.group("each"))
        if when is None or per is None:
            return None
        found = [_static("play", rest, affects={"who": "self"},
                         cost=_cost(match.group("sym"), match.group("dir"), match.group("min")), per=per,
                         **{"while": when})]
        if match.group("ready"):  # "If an opponent controls a stunned unit, I cost [2] less and enter ready." (Monch)
            found.append(_static("play", rest, affects={"who": "self"}, enter_ready=True, **{"while": when}))
        return found
    match = _OTHERS_COST.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("while")))
        if when is None:
            return None
        who = "enemy" if match.group("who") == "Opponents'" else "friendly"
        types = {"spells": ["Spell"], "units": ["Unit"], "gear": ["Gear"], "cards": ["Spell", "Unit", "Gear"]}
        return [_static("board", rest, affects={"who": who, "types": types[match.group("what")]},
                        cost=_cost(match.group("sym"), match.group("dir"), match.group("min")), **{"while": when})]
    match = _REDUCED.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("while")))
        if when is None:
            return None
        kind = {"spells": "Spell", "units": "Unit", "gear": "Gear"}[match.group("what").lower()]
        return [_static("board", rest, affects={"who": "friendly", "types": [kind]},
                        cost=_cost(match.group("sym"), "less", match.group("min")), **{"while": when})]
    match = _TAG_REDUCED.match(rest)
    if match:  # "Your Dragons' Energy costs are reduced by [2], to a minimum of [1]." (Herald of Scales)
        return [_static("board", rest, affects={"who": "friendly", "types": ["Unit"], "tags": [match.group("tag")]},
                        cost=_cost(match.group("sym"), "less", match.group("min")), **{"while": dependent})]
    match = _FIRST_EACH_TURN.match(rest)
    if match:
        kind = match.group("what").capitalize()
        first = {"types": [kind], **({"token": False} if match.group("token") else {})}
        return [_static("board", rest, affects={"who": "friendly", "types": [kind]},
                        cost=_cost(match.group("sym"), "less", None), **{"while": {**dependent, "none_played": first}})]
    match = _FROM_TRASH_COST.match(rest)
    if match:  # Stargazer: the spells with that keyword its controller plays from their trash (engine/play.py)
        return [_static("board", rest, affects={"who": "friendly", "types": ["Spell"], "keyword": match.group("kw"),
                                                "from": "trash"},
                        cost=_cost(match.group("sym"), match.group("dir"), match.group("min")), **{"while": dependent})]
    match = _CHOOSING_HERE.match(rest)
    if match:  # Sandswept Tomb: any player's spell, by what it chose (engine/play.py passes the targets)
        return [_static("board", rest, affects={"who": "all", "types": ["Spell"],
                                                "chooses": {"who": "friendly", "where": "here"}},
                        cost=_cost(match.group("sym"), match.group("dir"), None), **{"while": dependent})]
    match = _FIRST_ABILITY.match(rest)
    if match:  # Piltovan Forge: none played yet this turn (engine/turn_facts.py)
        return [_static("board", rest, affects={"who": "friendly", "types": ["Ability"], "of": ["Gear"]},
                        cost=_cost(match.group("sym"), "less", None),
                        **{"while": {**dependent, "turn_fact": {"fact": "gear_abilities", "who": "friendly",
                                                                "none": True}}})]
    if _HIGHEST_MIGHT.match(rest):  # Sky Splitter
        return [_static("play", rest, affects={"who": "self"}, cost={"energy": -1}, per={"count": "highest_might"},
                        **{"while": dependent})]
    match = _FROM_TRASH.match(rest)
    if match:  # works from the trash (v1.4 366.1: Undying Legion's example), as the card is played from there
        found = _static("play", rest, affects={"who": "self"}, rule="play_from_trash", **{"while": dependent})
        if match.group("sym"):
            energy, power = symbols(match.group("sym"))
            found["base_cost"] = {"energy": energy, "power": power}
        return [found]
    match = _PER_TAG.match(rest)
    if match:  # Daisy!: [1] less for each of those tags one of its controller's units has (engine/cards/holds.py)
        return [_static("play", rest, affects={"who": "self"}, cost=_cost(match.group("sym"), "less", None),
                        per={"count": "tags_among", "tags": re.findall(r"[A-Z][a-z]+", match.group("tags"))},
                        **{"while": dependent})]
    match = _PAID_DRAW.match(rest)
    if match:  # Clockwork Keeper: a draw owed as it is played, when that additional cost is paid (engine/play.py)
        energy, power = symbols(match.group("sym"))
        return [_static("play", rest, affects={"who": "self"}, draws=int(match.group("n")),
                        paid={"energy": energy, "power": power}, **{"while": dependent})]
    match = _IF_PAID_READY.match(rest)
    if match:  # Crescent Guardian: offered while the condition holds (`additional`), and if paid, it enters ready
        when = _merge_while(dependent, _condition(match.group("if")))
        if when is None:
            return None
        energy, power = symbols(match.group("sym"))
        return [_static("play", rest, affects={"who": "self"}, enter_ready=True, paid={"energy": energy,
                                                                                      "power": power},
                        **{"while": when})]
    match = _PLAY_FOR.match(rest)
    if match:  # Jhin, Meticulous Killer: an alternative cost (v1.4 356.1.a) while the condition holds
        when = _merge_while(dependent, _condition(match.group("if")))
        if when is None:
            return None
        energy, power = symbols(match.group("sym"))
        return [_static("play", rest, affects={"who": "self"}, rule="play_for",
                        base_cost={"energy": energy, "power": power}, **{"while": when})]
    if _ENTER_EXHAUSTED.match(rest):  # a gear, which enters ready otherwise (v1.4 359.2.d; a replacement, 369.3)
        return [_static("play", rest, affects={"who": "self"}, enter_exhausted=True, **{"while": dependent})]
    match = _ENTER_READY.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("if1") or match.group("if2")))
        if when is None:
            return None
        return [_static("play", rest, affects={"who": "self"}, enter_ready=True, **{"while": when})]
    match = _SELF.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("while")), _condition(match.group("while2")))
        give = _give(match.group("give"))
        per = _each(match.group("each"))
        if when is None or give is None or per is None:
            return None
        found = [_static("board", rest, affects={"who": "self"}, **give, per=per, **{"while": when})]
        if match.group("ready"):
            found.append(_static("play", rest, affects={"who": "self"}, enter_ready=True, **{"while": when}))
        return found
    match = _ALONE.match(rest)
    if match:  # "While a unit here is defending alone, it has -2 [S]." (Forbidding Waste; v1.4 740.2.a)
        give = _give(match.group("give"))
        if give is None:
            return None
        affects = {"who": (match.group("who") or "all").strip(), "combat": {"role": f"{match.group('role')}er",
                                                                             "alone": True}}
        if match.group("here"):
            affects["where"] = "here"
        return [_static("board", rest, affects=affects, **give, **{"while": dependent})]
    match = _SHOWDOWN_COST.match(rest)
    if match:  # Mystic Vortex: the cards played while a showdown is staged at this battlefield (v1.4 316.8)
        return [_static("board", rest, affects={"who": "all", "types": ["Spell", "Unit", "Gear"],
                                                "keyword": match.group("kw")},
                        cost=_cost(match.group("sym"), match.group("dir"), None),
                        **{"while": {**dependent, "showdown_here": True}})]
    match = _IN_COMBAT_COSTS.match(rest)
    if match:  # Vex, Cheerless: both while she is an attacker or a defender
        when = {**dependent, "combat": {"role": "either"}}
        return [_static("board", rest, affects={"who": "friendly", "types": ["Spell"]},
                        cost=_cost(match.group("sym"), "less", match.group("min")), **{"while": when}),
                _static("board", rest, affects={"who": "enemy", "types": ["Spell"]},
                        cost=_cost(match.group("more"), "more", None), **{"while": when})]
    match = _DAMAGE_ORDER.match(rest)
    if match:  # Tank's and Backline's own words (v1.4 465.2.c.6, 465.2.c.8: Caitlyn, Patrolling "with the Backline
        # ability"): the keyword, which engine/combat.py checks as damage is assigned
        keyword = "Tank" if match.group("when") == "first" else "Backline"
        return [_static("board", rest, affects={"who": "self"}, keywords=[keyword], **{"while": dependent})]
    if _DOUBLE_BONUS.match(rest):  # Gearhead: the bonuses once more (v1.4 472.3.c: an attached card's Might bonus)
        return [_static("board", rest, affects={"who": "self"}, might=1, per={"count": "attached_might"},
                        **{"while": dependent})]
    match = _MIGHT_BY.match(rest)
    if match:  # "My Might is increased by your points." (Draven, Showboat): +1 for each
        per = {"count": "points"} if match.group("each") == "your points" else {"count": "trash"}
        return [_static("board", rest, affects={"who": "self"}, might=1, per=per, **{"while": dependent})]
    match = _KEYWORD_COUNT.match(rest)
    if match:  # "I have [Assault] equal to the number of gear you control": one instance per thing counted (v1.4 719)
        per = _each(match.group("each"))
        if per is None:
            return None
        return [_static("board", rest, affects={"who": "self"}, keywords=[match.group("kw")],
                        values={match.group("kw"): 1}, per=per, **{"while": dependent})]
    match = _OTHERS_READY.match(rest)
    if match:
        affects = {"who": "friendly", **({"other": True} if match.group("who") == "Other friendly" else {})}
        what = match.group("what")
        if what.startswith("token"):
            affects.update({"token": True, **({} if what == "token units" else {"types": ["Unit", "Gear"]})})
        elif what != "units":
            affects["tags"] = [what[:-1]]
        return [_static("board", rest, affects=affects, enter_ready=True, **{"while": dependent})]
    match = _OTHERS.match(rest)
    if match:
        when = _merge_while(dependent, _condition(match.group("while")))
        give = _give(match.group("give"))
        if when is None or give is None:
            return None
        who = (match.group("who") or "all").lower()
        affects: dict[str, Any] = {"who": {"enemy": "enemy", "all": "all"}.get(who, "friendly")}
        for field in ("buffed", "token", "stunned"):
            if match.group(field) or field == "buffed" and match.group("buffed2"):  # "Friendly buffed units"
                affects[field] = True
        if match.group("kw"):
            affects["keyword"] = match.group("kw")
        if match.group("other") or match.group("other2"):
            affects["other"] = True
        if match.group("tags"):  # "Bird, Cat, Dog, Poro, and Ivern units here" (Brush): any of them
            affects["tags"] = re.findall(r"[A-Z][a-z]+", match.group("tags"))
        elif match.group("what").lower() != "units":
            affects["tags"] = [match.group("what")[:-1]]
        if match.group("empowered"):
            affects["empowered"] = True
        if match.group("here1") == " here" or match.group("here2") or match.group("here1") == " at my battlefield":
            affects["where"] = "here"
        floor = {"min": int(match.group("floor"))} if match.group("floor") else {}  # v1.4 472.3.b, for each unit
        if match.group("absent"):  # "... have [Deflect] if they didn't already" (Spirit's Refuge): no second
            # instance to sum (v1.4 809.2)
            if "might" in give:
                return None
            floor["if_absent"] = True
        return [_static("board", rest, affects=affects, **give, **floor, **{"while": when})]
    ruled = static_rules.read(rest)
    if ruled:  # a static rule (engine/rulechanges.py), checked where the rule it changes is
        clause, found = ruled
        unless = found.pop("unless", None)
        when = _merge_while(dependent, _condition(clause or None),
                            {"unless": _condition(unless)} if unless else {})
        if when is None or unless and not when["unless"]:
            return None
        return [_static(found.pop("zone"), rest, **found, **{"while": when})]
    return None


@functools.lru_cache(maxsize=4096)
def _compiled(kind: str, text: str, condition: str | None, keyword: str | None, cost_note: str | None,
              card_type: str | None) -> str:
    """The compiled ability as JSON (cached by its text; callers get fresh copies)."""
    rest = re.sub(r"\.+$", ".", CONDITION.sub("", plain(text)))
    found: dict[str, Any] = {}
    if kind == "static" and not keyword:
        statics = _read(rest, condition, card_type)
        if statics is None and (_ONLY_ADDITIONAL.match(rest) or _OFFER_TO_HERE.match(rest)):
            statics = []
        to_its = rest.endswith(_TO_ITS_BATTLEFIELD) and statics is None
        required = cost_parts.required(rest[:-len(_TO_ITS_BATTLEFIELD)] if to_its else rest) \
            if statics is None else None
        if required is not None:  # "As an additional cost to play me, kill a friendly unit." (v1.4 204.2.a)
            statics, found["required"] = [], [required]
            if to_its and required["verb"] == "kill":  # Stalking Wolf: where the unit it killed was
                statics = [_static("play", rest, affects={"who": "self"}, rule="play_to_killed")]
        offered = cost_parts.optional(rest) if statics is None else None
        if offered is not None:  # "You may discard 1 as an additional cost to play me." (v1.4 356.2.b.1)
            statics, found["optional"] = [], [offered]
        turns = _NOT_ON_TURNS.match(rest) if statics is None else None
        if turns:  # "I can't be played on your first, second, or third turns." (Ol' Poro; engine/card_costs.py)
            statics, found["not_before_turn"] = [], 1 + max(
                ("first", "second", "third", "fourth").index(word) + 1 for word in re.findall(
                    r"first|second|third|fourth", turns.group("turns")))
        only = _ABILITIES_ONLY.match(rest) if statics is None else None
        when = _condition(only.group("while")) if only else None
        if when == {"at": "battlefield"}:  # "Use my abilities only while I'm at a battlefield." (Renata Glasc,
            # Mastermind; the one condition engine/card_costs.py's check_activated reads: another stays unread)
            statics, found["abilities_while"] = [], when
        if statics is None:
            found["unread"] = [rest]
        else:
            if statics:
                found["statics"] = statics
    note = cost_note if cost_note is not None else (rest if kind == "activated" else None)
    if note:
        match = _ABILITY_COST.search(plain(note))
        if match:
            per = _each(match.group("each"))
            when = _condition(match.group("if2"))
            if per is None or when is None:
                found.setdefault("unread", []).append(match.group(0))
            else:
                found.setdefault("statics", []).append(_static(
                    "board", match.group(0), affects={"who": "self", "types": ["Ability"]},
                    cost=_cost(match.group("sym"), "less", None), per=per, keyword=keyword, **{"while": when}))
    additional = []
    for match in _ADDITIONAL.finditer(rest):
        energy, power = symbols(match.group("sym"))
        cost = {"energy": energy, "power": power}
        others = re.match(r" to play (?!me\b|this\b)(?:an? (?P<tag>[A-Z][a-z]+)\b)?", rest[match.end():])
        if others:  # "... to play a Dragon": offered to other cards' plays (Dragon Roost), of that tag
            cost["others"] = True
            if others.group("tag"):
                cost["tags"] = [others.group("tag")]
            if re.search(r"If they do, they play it to this battlefield\.", rest):
                cost["to_here"] = True  # engine/card_costs.py: the card is played to the offering battlefield
        offered_if = _IF_PAID_READY.match(rest)
        if offered_if:  # "If you've played a spell this turn, you may pay [P] ...": offered only while it holds
            cost["while"] = _condition(offered_if.group("if")) or {}
        additional.append(cost)
    if additional:
        found["additional"] = additional
    if kind == "activated" and _PAY_ENERGY_FOR.search(rest):
        found["pays_energy_for_added"] = True
    return json.dumps(found, sort_keys=True)


def compile_ability(ability: dict[str, Any], card_type: str | None = None) -> dict[str, Any]:
    """What the engine applies of one catalog ability (engine/cardtext.py's `{kind, text, condition, keyword,
    cost_note}`): `statics` (each in engine/statics.py's shape with `zone` and `text`), `additional` (the
    optional additional costs the text offers, `{energy, power}`), `pays_energy_for_added` ("Pay any amount of
    Energy to [Add] that much ...", v1.4 204.3.b), and `unread` (the parts the reader cannot compile). Empty for
    an ability with none of them."""
    return json.loads(_compiled(ability.get("kind", "static"), ability.get("text", ""), ability.get("condition"),
                                ability.get("keyword"), ability.get("cost_note"), card_type))


def compile_card_ability(ability: dict[str, Any], card: dict[str, Any]) -> dict[str, Any]:
    """`compile_ability` for an ability of the catalog's `card`, with the statics a reviewed entry gives for its line
    (engine/cards/reviewed.py, key "statics": a list in this module's shape, with `zone` and `text`) in place of
    the text's, marked `source` "data": the engine applies and checks them as it does compiled ones. A line the
    reader cannot compile and no entry reviews stays `unread`."""
    compiled = compile_ability(ability, card.get("type"))
    given = reviewed.given(str(card.get("name", "")), ability.get("text", ""), "statics") if card.get("name") \
        else None
    if given is None:
        return compiled
    return {**{key: value for key, value in compiled.items() if key not in ("statics", "unread")},
            "statics": given, "source": "data"}


_BY_CARD: dict[tuple[str, str | None, str], tuple[str, ...]] = {}


def card_statics(card: dict[str, Any], zone: str) -> list[dict[str, Any]]:
    """The compiled statics of a card's abilities that work from `zone` ("play" or "board"), each with `ability`
    (its index in the card's `abilities`): fresh copies, from a cache keyed by the card's whole text."""
    return [json.loads(static) for static in _card_statics(card, zone)]


_BOARD_COUNT: dict[str, int] = {}


def board_static_count(card: dict[str, Any]) -> int:
    """How many statics a card has on the board (cached by its text): the engine asks it at every refresh of the
    layers, for each object in play."""
    text = str(card.get("name", "")) + "\n" + str(card.get("text", ""))
    found = _BOARD_COUNT.get(text)
    if found is None:
        found = _BOARD_COUNT[text] = len(_card_statics(card, "board"))
    return found


def _card_statics(card: dict[str, Any], zone: str) -> tuple[str, ...]:
    key = (str(card.get("name", "")) + "\n" + str(card.get("text", "")), card.get("type"), zone)
    found = _BY_CARD.get(key)
    if found is None:
        statics = []
        for index, ability in enumerate(card.get("abilities", ())):
            for static in compile_card_ability(ability, card).get("statics", ()):
                if static["zone"] == zone:
                    statics.append(json.dumps({**static, "ability": index}, sort_keys=True))
        found = _BY_CARD[key] = tuple(statics)
    return found


def compiles(card: dict[str, Any]) -> bool:
    """Whether every passive ability of the card compiles (so that a recorder has nothing to declare for it) and it
    has at least one."""
    statics = [ability for ability in card.get("abilities", ()) if ability.get("kind") == "static"
               and not ability.get("keyword") and not ability.get("reminder")]
    return bool(statics) and not any(compile_card_ability(ability, card).get("unread") for ability in statics)


def additional_costs(card: dict[str, Any], others: bool = False) -> list[dict[str, int]]:
    """The optional additional costs a card's text offers for its own play ("You may pay [O][O] as an additional
    cost to play me", v1.4 204.2, 356.2.b.1), or, with `others`, for other cards' plays ("Any player may pay [A][A]
    as an additional cost to play a Dragon"): `{energy, power, while?, tags?, to_here?}` (`while`: offered only
    while that holds; `tags`: to cards with one of them; `to_here`: "they play it to this battlefield")."""
    return [{"energy": cost["energy"], "power": cost["power"],
             **{key: cost[key] for key in ("while", "tags", "to_here") if key in cost}}
            for ability in card.get("abilities", ())
            for cost in compile_ability(ability, card.get("type")).get("additional", ())
            if bool(cost.get("others")) == others]


def with_compiled(ability: dict[str, Any], card_type: str | None = None,
                  card: dict[str, Any] | None = None) -> dict[str, Any]:
    """A catalog ability with what this module compiles of it, for the catalog served to clients (contract
    section 7): `condition` as data (`while`), the statics and costs, `source` ("text", or "data" where the
    `card`'s reviewed entry gives the statics), and `unread`."""
    compiled = compile_card_ability(ability, card) if card else compile_ability(ability, card_type)
    out = dict(ability)
    dependent = _dependent(ability.get("condition"))
    if dependent:
        out["while"] = dependent
    if compiled.get("statics"):
        out["statics"] = [{key: value for key, value in static.items() if key != "text" or static["text"] != plain(
            CONDITION.sub("", ability.get("text", "")))} for static in compiled["statics"]]
    for field in ("additional", "unread"):
        if compiled.get(field):
            out[field] = compiled[field]
    out["source"] = compiled.get("source", "text")
    return out


def unread_parts(ability: dict[str, Any], card: dict[str, Any] | str | None = None) -> list[str]:
    """The parts of an ability this module owns and does not check (engine/cards/coverage.py's interface): a
    static line or an ability's cost note the reader cannot compile, an activated ability's cost part it does not
    name (`cost.other`), a dependent condition it cannot read or that no check consults on that kind of ability (a
    spell's or a replacement's), and a triggered ability's cost within its instructions unless its trigger's cost
    is read (engine/cards/triggers.py charges it from the card)."""
    if ability.get("reminder"):
        return []  # reminder text only: it "has no effect on game function" (v1.4 135.2.d.3)
    kind = ability.get("kind")
    compiled = compile_card_ability(ability, card) if isinstance(card, dict) else compile_ability(ability)
    found = [f"static {text!r}" for text in compiled.get("unread", [])]
    if kind == "activated":  # a part engine/cards/cost_parts.py reads is checked as it is paid (engine/card_costs.py)
        found += [f"cost {text!r}" for text in (ability.get("cost") or {}).get("other", [])
                  if cost_parts.read(text) is None]
    if kind == "triggered" and re.search(r"\bpay \[", plain(ability.get("text", "")), re.IGNORECASE) \
            and not triggers.cost_is_read(ability):  # reminder text ("Opponents must pay [A] to ...") is no cost
        found.append("cost (a trigger's cost within its instructions, as the recorder declares it)")
    condition = ability.get("condition")
    if condition and (not _dependent(condition) or kind not in ("activated", "triggered", "static")):
        found.append(f"condition [{condition}]")
    return found


def read_condition(text: str) -> dict[str, Any] | None:
    """A "while"/"if" clause as the `while` engine/layers.py checks, or None for one the reader does not know (for
    a triggered ability's "if", engine/cards/trigger_ifs.py)."""
    return _condition(text) or None
