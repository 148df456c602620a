"""A spell's or an ability's effect compiled into the ops a `resolve` may record, and a resolution matched against them.

A spell resolves by executing its rules text from top to bottom (v1.4 359.3.d), an ability "just like a Spell"
(v1.4 406.5). The players record that execution as effect ops (engine/effects.py: `damage`, `might`, `draw`, ...).
This module reads an ability's instructions into the same ops, each with what the card fixes:

- `amount`: "Deal 3" (damage 3), "+2 [S]" (might +2), "Draw 2" (2 cards), "Channel 1 rune" (1 rune), "score 1
  point"; None where the card computes it ("equal to my Might", "for each ...": taken on the recorder's word);
- `target`: a filter: `whose` ("friendly", "enemy"), `types` (Unit, Gear, Rune, Spell, Card), `zone` (board,
  trash, hand), `where` ("battlefield", "base", "here"; `one_place` for "all ... at a battlefield": one of them),
  `tags` (any of: "a Bird, Cat, Dog, or Poro"), `domains` ("an enemy Calm unit"), `not_tags` ("non-Dragon"),
  `might_max` / `might_min` ("with 3 [S] or less"), `self` ("me", "this"), `other` ("another"), `state`
  ("exhausted"); `count`: `{"min": n, "max": n}`, or `{"all": true}` for "all"/"each";
- `until`: "turn" for "this turn"; `optional`: "you may", "up to".

What the reader cannot read is said, never guessed: a sentence it does not know is kept in `unread` with the ops
its first verb may record (`unread_ops`, "*" when it cannot tell), and a part of a read sentence it does not know
(a target phrase, an amount) is named in `unread` too. The engine takes those parts on the recorder's word.

Compilation is a pure function of the text (cached by text), never stored in a match's state. A recorded
resolution is matched against the compiled ops by engine/cards/resolutions.py, which answers plain data; the rules
module that asks it (engine/resolution_checks.py) cites the rules.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from engine.cards import CONDITION, phrasings, reviewed
from engine.cards import statics as card_statics
from engine.cards.damage_changes import compile_next_time
from engine.cards.hands import hand_pick, whole_hands
from engine.cards.measures import (compile_alone_bonus, compile_measured, compile_per_spent, compile_spend_to_ready,
                                   fold_bonus)
from engine.cards.players import compile_each_may
from engine.cards.plays import chosen_play
from engine.cards.targets import NUM_PATTERN, TYPES, Filter, lead_condition, link_done, number, parse_target, \
    per_amount, read_about, state_condition

Spec = dict[str, Any]

SYMBOL_DOMAINS: dict[str, str] = {"A": "any", "R": "Fury", "G": "Calm", "B": "Mind", "O": "Body", "P": "Chaos",
                                  "Y": "Order"}  # the rune symbols of engine/cardtext.py
# The verb a sentence starts with, and the ops it records (for a sentence the reader cannot read further).
VERB_OPS: dict[str, tuple[str, ...]] = {
    "deal": ("damage",), "give": ("might", "grant"), "draw": ("draw",), "kill": ("kill",), "return": ("return",),
    "stun": ("stun",), "ready": ("ready",), "exhaust": ("exhaust",), "recall": ("recall",), "buff": ("buff",),
    "banish": ("banish",), "channel": ("channel",), "play": ("token", "play"), "move": ("move",),
    "score": ("point",), "counter": ("counter",), "discard": ("discard",), "gain": ("xp",), "heal": ("heal",),
    "recycle": ("recycle",), "reveal": ("reveal",), "look": ("look",), "predict": ("predict",), "burn": ("burn",),
    "attach": ("attach",), "detach": ("detach",), "spend": ("spend_buff", "xp"), "empower": ("empower",),
    "pay": ("pay",), "add": ("add",), "win": ("win",), "take": ("control",), "disempower": ("disempower",),
    "increase": ("might",), "double": ("might",), "prevent": ("prevent",),
}
# What a keyword's own rule records as it resolves (a line such as "[Predict]" that the reader leaves unread).
KEYWORD_OPS: dict[str, tuple[str, ...]] = {
    "Predict": ("look", "predict", "recycle"), "Burn": ("burn",), "Vision": ("look", "predict", "recycle"),
    "Hunt": ("xp",), "Weaponmaster": ("attach", "pay"), "Quick-Draw": ("attach",), "Temporary": ("kill",),
    "Equip": ("attach",), "Empower": ("empower",),
}
# The effect a keyword's rule gives an activated ability: Equip is "[Cost]: Attach this gear to a unit you
# control." (v1.4 818.1.c.2); Empower is "[Cost]: Empower this." (v1.4 827.1.c.1).
_A_UNIT_YOU_CONTROL: Filter = {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Unit"]}
KEYWORD_SPECS: dict[str, tuple[Spec, ...]] = {
    "Equip": ({"op": "attach", "text": "Attach this to a unit you control", "target": {"self": True},
               "to": _A_UNIT_YOU_CONTROL},),
    "Empower": ({"op": "empower", "text": "Empower me", "target": {"self": True}},),
}
# The effect a keyword's rule gives a triggered ability: Quick-Draw is "When you play this, attach it to a Unit you
# control." (v1.4 819.1.d); Weaponmaster "When you play me, you may choose a Card you control with the Equipment
# tag. ... Pay the cost of its Equip ability, reduced by [A], to attach it to this unit." (v1.4 821.1.c; the
# payment is the `attach` op's own, engine/attachment.py).
TRIGGERED_KEYWORD_SPECS: dict[str, tuple[Spec, ...]] = {
    "Quick-Draw": ({"op": "attach", "text": "attach it to a unit you control",
                    "target": {"self": True, "count": {"min": 1, "max": 1}}, "to": _A_UNIT_YOU_CONTROL},),
    "Weaponmaster": ({"op": "attach", "text": "you may attach an Equipment you control to this unit",
                      "optional": True, "target": {"count": {"min": 0, "max": 1}, "whose": "friendly",
                                                   "types": ["Gear"], "tags": ["Equipment"]},
                      "to": {"self": True, "count": {"min": 1, "max": 1}}},),
}
# Ops that record no instruction of the card (a remark; a replacement or prevention applied as it resolves).
INCIDENTAL: frozenset[str] = frozenset({"note", "replace", "prevent"})
_REMINDER = re.compile(r"\s*\([^()]*\)")


def keyword_specs(ability: dict[str, Any]) -> list[Spec] | None:
    """The effect a keyword line's rule defines, or None for a line that is no such keyword: Equip and Empower
    (activated, above); Quick-Draw and Weaponmaster (triggered, above); Hunt X, "my controller gains X XP" (v1.4
    823.1.c.1; X omitted is 1, 823.1.c.2); Temporary, "kill this" (v1.4 816.1.b); Vision, "predict" (v1.4
    817.1.b); [Predict N] on a spell, the top N cards looked at (recycling any of them is the player's choice);
    [Burn N] on a spell, "put the top N cards of your Main Deck into your trash" (v1.4 440)."""
    keyword, kind, value = ability.get("keyword"), ability.get("kind"), ability.get("value")
    if kind == "activated" and keyword in KEYWORD_SPECS:
        return [dict(spec) for spec in KEYWORD_SPECS[keyword]]
    if kind == "triggered" and keyword in TRIGGERED_KEYWORD_SPECS:
        return [dict(spec) for spec in TRIGGERED_KEYWORD_SPECS[keyword]]
    if kind == "triggered" and keyword == "Hunt":
        amount = value if isinstance(value, int) else 1
        return [{"op": "xp", "text": f"gain {amount} XP", "amount": amount, "player": "you"}]
    if kind == "spell" and keyword == "Burn" and isinstance(value, int):
        return [{"op": "burn", "text": f"burn {value}", "amount": value, "player": "you"}]
    if kind == "triggered" and keyword == "Temporary":
        return [{"op": "kill", "text": "kill this", "target": {"self": True, "count": {"min": 1, "max": 1}}}]
    if kind in ("triggered", "spell") and keyword in ("Vision", "Predict"):
        count = value if isinstance(value, int) else 1
        return [{"op": "predict", "text": f"predict {count}", "amount": count, "player": "you"},
                {"op": "recycle", "text": "you may recycle them", "optional": True, "player": "you"}]
    return None


# -- the text of an ability's effect -----------------------------------------------------------------------------
def effect_text(ability: dict[str, Any]) -> str | None:
    """The instructions of an ability: a spell's line; an activated ability's text after its cost (v1.4 403.1.a:
    the cost is before the ":"); a triggered ability's after its condition (and an "if" right after it, v1.4
    383.2.a.1). None for a line whose effect a keyword's rule defines ("[Equip] [1]", "[Vision]")."""
    text = re.sub(r"\s+", " ", _REMINDER.sub("", ability.get("text", ""))).strip()
    kind = ability.get("kind")
    keyword = ability.get("keyword")
    if kind == "activated":
        if keyword:
            return None
        colon = _outside_quotes(text, ":")
        text = text[colon + 1:].strip() if colon >= 0 else text
        text = re.sub(r"^\[(Action|Reaction)\]\s*(—|\[>\])\s*", "", text)
    elif kind == "triggered":
        dash = re.match(r"^(?:\[[A-Za-z0-9 -]+\]\s*(?:—|\[>>?\])\s*(?:\[>>\]\s*)?)+", text)
        if dash:
            text = text[dash.end():]
            if re.match(r"^(?:when|at|the first time|each time)\b", text, re.IGNORECASE):
                comma = _outside_quotes(text, ", ")  # "[Legion] — When you play me, ...": its condition
                text = text[comma + 2:] if comma >= 0 else text
        elif keyword:
            return None
        else:
            comma = _outside_quotes(text, ", ")
            text = text[comma + 2:] if comma >= 0 else text
            while text.lower().startswith("if ") and ", " in text:
                text = text[text.index(", ") + 2:]
    elif kind == "spell":
        if keyword:
            return None
    else:
        return None
    return text.strip() or None


def _outside_quotes(text: str, needle: str) -> int:
    """The first index of `needle` outside quotation marks, or -1."""
    quoted = False
    for index in range(len(text)):
        if text[index] in "\"“”":
            quoted = not quoted
        elif not quoted and text.startswith(needle, index):
            return index
    return -1


# -- sentences ---------------------------------------------------------------------------------------------------
_TOKEN = re.compile(rf"^play {NUM_PATTERN} (ready )?(?:\[?(\d+)\]? \[S\] )?([A-Z][A-Za-z' ]*?) (unit|gear) tokens?"
                    r"(?: from [A-Z][A-Za-z' ]*)?(?: with ((?:\[[^\]]+\](?:,? (?:and )?)?)+))?"
                    r"(?: (?:(?:to|in|at|into) )?(your base|here|a battlefield|there))?( exhausted)?$")


def _spec(op: str, sentence: str, **fields: Any) -> Spec:
    return {"op": op, "text": sentence, **{key: value for key, value in fields.items() if value is not None}}


def _targeted(op: str, sentence: str, phrase: str, unread: list[str], **fields: Any) -> Spec:
    """An op on the objects a target phrase names; a phrase the reader cannot read leaves the target unread."""
    target, rest = parse_target(phrase)
    if target is None or rest:
        unread.append(f"target: {phrase!r}")
        return {**_spec(op, sentence, **fields), "target": None}  # a target, unread: any object, any number
    return _spec(op, sentence, target=target, **fields)


# Who performs an instruction other than the ability's controller (v1.4 135.2.b.5.a: its complement): the
# controller or owner of what the instruction before it acted on ("Kill a gear. Its controller draws 2."), each
# player or opponent, or the player chosen before ("Choose a player. They discard 1."). A spec's `player`.
_SUBJECTS: dict[str, Any] = {"its controller": {"of": -1, "whose": "controller"},
                             "its owner": {"of": -1, "whose": "owner"}, "each player": "each",
                             "each opponent": "each opponent"}
_PLAYER_OPS: frozenset[str] = frozenset({"draw", "discard", "channel", "point", "xp", "burn", "token"})


def _subject(text: str, chosen: str | None) -> tuple[Any, str]:
    """The player an instruction names as its subject, and the instruction without it (its verb made plain:
    "Its controller draws 2" is "draw 2" by that player); None when it names none ("you" is the default)."""
    phrases = [*_SUBJECTS, *(("they",) if chosen else ())]
    found = re.match(rf"^({'|'.join(phrases)}) (?:may |must )?", text, re.IGNORECASE)
    if found is None:
        return None, text
    rest = re.sub(r"^(draw|discard|channel|score|gain|play|kill)s\b", r"\1", text[found.end():])
    return _SUBJECTS.get(found.group(1).lower(), chosen), rest


def compile_sentence(sentence: str, referent: Filter | None, chosen: str | None = None) -> tuple[list[Spec],
                                                                                                 list[str]]:
    """One instruction as specs, with the parts left unread. `referent` is what "it" names (the target of a
    "Choose a unit." before it); `chosen` is who "they" names ("any" or "opponent": "Choose a player.")."""
    unread: list[str] = []
    measured = compile_measured(sentence) if referent is None else None  # "It deals damage equal to its Might to"
    if measured is not None:
        return measured if isinstance(measured, list) else [measured], []
    text = sentence.strip().rstrip(".").strip()
    optional = False
    lead = re.match(r"^(?:then,? |and |you may |they may )+", text, re.IGNORECASE)
    if lead and not (chosen and lead.group(0).lower().startswith("they may")):
        optional = "may" in lead.group(0).lower()
        text = text[lead.end():]
    subject, text = _subject(text, chosen)
    optional = optional or bool(re.match(r"^they may ", sentence.strip(), re.IGNORECASE) and chosen)
    text = re.sub(r"^\[(Stun|Buff)\]", r"\1", text)
    text = text[0].lower() + text[1:] if text else text
    condition = None
    if (tail := re.search(r" if (.+)$", text)) and (condition := state_condition(tail.group(1))) is not None:
        text = text[:tail.start()]  # "draw 1 if you have one or fewer cards in your hand": read as it resolves
    variable = re.search(r" (for each|equal to) (.*)$", text)
    per: dict[str, Any] | None = None
    if variable and not text.startswith("deal damage equal"):
        per = per_amount(variable.group(1), variable.group(2))
        text = text[:variable.start()]
        if per is None:
            unread.append("amount")
    if referent is not None:
        text = re.sub(r"\b(it|that unit)\b", "the chosen", text)
    specs: list[Spec] = []
    text = re.sub(r" this turn(, to a minimum of 1 \[S\])$", r"\1 this turn", text)
    this_turn = text.endswith(" this turn")
    if this_turn:
        text = text[: -len(" this turn")]
    until = "turn" if this_turn else None

    def target_of(phrase: str, op: str, **fields: Any) -> Spec:
        if phrase == "the chosen" and referent is not None:
            return _spec(op, sentence, target=referent, **fields)
        if phrase == "it" and referent is None:  # what the instruction before acted on: `_what_it_names`
            return _spec(op, sentence, target=dict(_IT), **fields)
        return _targeted(op, sentence, phrase, unread, **fields)

    if m := re.fullmatch(rf"deal (\d+) to (.+)", text):
        specs.append(target_of(m.group(2), "damage", amount=int(m.group(1))))
    elif m := re.fullmatch(r"deal (\d+) damage split among (.+)", text):  # each op its share (v1.4 355.14)
        specs.append({**target_of(m.group(2), "damage"), "split": int(m.group(1))})
    elif m := re.fullmatch(r"deal damage equal to (.+?) to (.+)", text):
        per = per_amount("equal to", m.group(1))
        specs.append(target_of(m.group(2), "damage"))
        if per is None:
            unread.append("amount")
    elif m := re.fullmatch(r"give (.+?) ([+-])(\d+) \[S\](, to a minimum of 1 \[S\])?", text):
        delta = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        specs.append(target_of(m.group(1), "might", amount=delta, until=until, at_least=bool(m.group(4)) or None))

    elif m := re.fullmatch(r"give (.+?) ([+-])(\d+) \[S\] and \[([A-Z][A-Za-z-]*)(?: (\d+))?\]", text):
        delta = int(m.group(3)) * (1 if m.group(2) == "+" else -1)  # "+3 [S] and [Tank] this turn": that unit
        specs += [target_of(m.group(1), "might", amount=delta, until=until),
                  _spec("grant", sentence, target=dict(_IT), keyword=m.group(4),
                        value=int(m.group(5)) if m.group(5) else None, until=until)]
    elif m := re.fullmatch(r"give (.+?) \[(?!S\])([A-Z][A-Za-z-]*)(?: (\d+))?\] and \[([A-Z][A-Za-z-]*)(?: (\d+))?\]",
                           text):
        first = target_of(m.group(1), "grant", keyword=m.group(2), value=int(m.group(3)) if m.group(3) else None,
                          until=until)  # "Give a unit [Shield 3] and [Tank] this turn": both to that unit
        specs += [first, _spec("grant", sentence, target=dict(_IT), keyword=m.group(4),
                               value=int(m.group(5)) if m.group(5) else None, until=until)]
    elif m := re.fullmatch(r"give (.+?) \[([A-Z][A-Za-z-]*)(?: (\d+))?\]", text):
        specs.append(target_of(m.group(1), "grant", keyword=m.group(2),
                               value=int(m.group(3)) if m.group(3) else None, until=until))
    elif m := re.fullmatch(rf"draw {NUM_PATTERN}", text):
        specs.append(_spec("draw", sentence, amount=number(m.group(1)), player="you"))
    elif m := re.fullmatch(rf"channel {NUM_PATTERN} runes?( exhausted)?", text):
        specs.append(_spec("channel", sentence, amount=number(m.group(1)), player="you",
                           exhausted=bool(m.group(2)) or None))
    elif m := re.fullmatch(rf"(?:you )?score {NUM_PATTERN} points?", text):
        specs.append(_spec("point", sentence, amount=number(m.group(1)), player="you"))
    elif m := re.fullmatch(rf"discard {NUM_PATTERN}", text):
        specs.append(_spec("discard", sentence, amount=number(m.group(1)), player="you"))
    elif m := re.fullmatch(rf"gain {NUM_PATTERN} xp", text, re.IGNORECASE):
        specs.append(_spec("xp", sentence, amount=number(m.group(1)), player="you"))
    elif m := re.fullmatch(r"return (.+?) to (?:its|their|my) owners?'s? hands?", text):
        pair = [parse_target(phrase) for phrase in m.group(1).split(" and ")]
        if len(pair) == 2 and all(found is not None and not rest for found, rest in pair):
            specs += [_spec("return", sentence, target=found, to="hand") for found, _ in pair]  # one of each
        else:
            specs.append(target_of(m.group(1), "return", to="hand"))
    elif m := re.fullmatch(r"return (.+?) to your hand", text):
        specs.append(target_of(m.group(1), "return", to="hand"))
    elif m := re.fullmatch(r"spend (a buff|my buff)", text):
        specs.append(target_of("me" if m.group(1) == "my buff" else "a buff", "spend_buff"))
    elif (m := re.fullmatch(r"kill one of their (units?|gear)( here)?", text)) and subject in ("each", "each opponent"):
        # "Each player kills one of their units.": one kill a player, of an object that player controls (`theirs`:
        # the op's player is its target's controller, engine/cards/players.py)
        specs.append(_spec("kill", sentence, target={"count": {"min": 1, "max": 1}, "types": [TYPES[m.group(1)]],
                                                     "theirs": True, **({"where": "here"} if m.group(2) else {})},
                           player=subject))
    elif m := re.fullmatch(r"take control of (.+)", text):  # the ability's controller takes it (v1.4 135.2.b.5.a)
        specs.append(target_of(m.group(1), "control", player="you"))
    elif re.fullmatch(r"take a turn after this one", text):  # an additional turn for its controller
        specs.append(_spec("turn", sentence, player="you"))
    elif m := re.fullmatch(r"name an? (spell|unit|gear)", text):  # "When you play me, name a spell." (v1.4 762)
        specs.append(_spec("name", sentence, target={"self": True, "count": {"min": 1, "max": 1}},
                           named_of=TYPES[m.group(1)]))
    elif m := re.fullmatch(r"(kill|stun|ready|exhaust|recall|buff|banish|heal|empower|disempower) (.+)", text):
        specs.append(target_of(m.group(2), m.group(1)))
    elif m := re.fullmatch(r"\[add\] ((?:\[(?:\d+|[ARGBOPY])\])+)", text, re.IGNORECASE):
        symbols = re.findall(r"\[(\d+|[ARGBOPY])\]", m.group(1))
        power: dict[str, int] = {}
        for symbol in symbols:
            if not symbol.isdigit():
                power[SYMBOL_DOMAINS[symbol]] = power.get(SYMBOL_DOMAINS[symbol], 0) + 1
        specs.append(_spec("add", sentence, player="you", energy=sum(int(x) for x in symbols if x.isdigit()),
                           power=power))
    elif re.fullmatch(r"reveal the top card of your main deck", text, re.IGNORECASE):  # one card, looked at by all
        specs.append(_spec("reveal", sentence, amount=1, player="you", top=True))
    elif m := re.fullmatch(rf"look at the top {NUM_PATTERN} cards? of your main deck", text, re.IGNORECASE):
        specs.append(_spec("look", sentence, amount=number(m.group(1)), player="you"))
    elif re.fullmatch(r"recycle the (?:rest|other)", text):
        specs.append(_spec("recycle", sentence, player="you", rest=True))
    elif m := re.fullmatch(rf"put the top {NUM_PATTERN} cards? of your main deck into your trash", text, re.IGNORECASE):
        specs.append(_spec("burn", sentence, amount=number(m.group(1)), player="you"))  # Burn N (v1.4 440)
    elif re.fullmatch(r"double my might", text, re.IGNORECASE):  # +X where X is my Might (v1.4 432.1.a)
        specs.append(_spec("might", sentence, target={"self": True, "count": {"min": 1, "max": 1}}, until=until,
                           per={"might_of": "me"}))
    elif re.fullmatch(r"put the rest into your trash", text):
        specs.append(_spec("burn", sentence, player="you", rest=True))
    elif m := re.fullmatch(rf"put {NUM_PATTERN} into your hand", text):
        specs.append(_spec("draw", sentence, amount=number(m.group(1)), player="you", among="looked"))
    elif re.fullmatch(r"put those you don't back in any order", text):
        pass  # the order of the cards left on top is hidden: nothing to record
    elif m := re.fullmatch(r"\[burn (\d+)\]", text, re.IGNORECASE):
        specs.append(_spec("burn", sentence, amount=int(m.group(1)), player="you"))
    elif m := re.fullmatch(r"\[predict(?: (\d+))?\]", text, re.IGNORECASE):
        specs += keyword_specs({"kind": "spell", "keyword": "Predict", "value": int(m.group(1) or 1)}) or []
    elif m := _COUNTER.fullmatch(text):
        kinds = ["spell", "ability"] if m.group(2) == "spell or ability" else [m.group(2)]
        specs.append(_spec("counter", sentence, item={
            "kinds": kinds, **({"enemy": True} if m.group(1) else {}),
            **({"energy_max": int(m.group(3)), "power_max": 1} if m.group(3) else {}),
            **({"chooses_friendly": sorted(TYPES[word] for word in m.group(4).split(" or "))} if m.group(4) else {})},
            optional=True if m.group(5) else None))  # "unless its controller pays [2]": their choice
    elif m := _TOKEN.fullmatch(text):
        where = {"your base": "base", "here": "here", "a battlefield": "battlefield", "there": "there"}.get(
            m.group(7) or "")  # none named: "your base or battlefields you control" (Recruit the Vanguard)
        specs.append(_spec("token", sentence, amount=number(m.group(1)), kind=m.group(4).strip(),
                           might=int(m.group(3)) if m.group(3) else None, type=m.group(5), where=where))
    elif phrased := phrasings.read(text, sentence, referent, this_turn):  # the families of engine/cards/phrasings.py
        specs.append(phrased)
    elif m := re.fullmatch(r"move (.+?) to (your base|its base|their base|base|a battlefield|here|this battlefield)",
                           text):
        spec = target_of(m.group(1), "move")
        spec["to"] = {"a battlefield": "battlefield", "here": "here", "this battlefield": "here"}.get(m.group(2),
                                                                                                     "base")
        specs.append(spec)
    elif m := re.fullmatch(r"move (.+)", text):
        specs.append(target_of(m.group(1), "move"))
    else:
        return [], [f"instruction: {sentence!r}", f"ops: {','.join(_ops_of(text)) or '-'}"]
    for spec in specs:
        if optional:
            spec["optional"] = True
        if condition is not None:
            spec["if"] = condition
        if "amount" in unread and spec["op"] != "token":
            spec.pop("amount", None)
        if per is not None and spec["op"] != "token":  # computed as it resolves (engine/cards/amounts.py)
            spec["per"] = per if "might_of" in per else {**per, "times": spec.pop("amount", 1) or 1}
        elif per is not None:
            unread.append("amount")
        if subject is not None and (spec["op"] in _PLAYER_OPS or (spec.get("target") or {}).get("theirs")):
            spec["player"] = subject
        elif subject is not None:
            unread.append(f"who: {sentence!r}")
    return specs, unread


_SUBJECT = re.compile(r"^(?:they|each player|each opponent|an opponent|its controller|its owner|that player|"
                      r"the defender|you and each opponent|you|it|we|i|this|this turn,)\s+(?:may\s+|must\s+)?",
                      re.IGNORECASE)
_NO_OPS = re.compile(r"^(?:use (?:this ability )?only\b|this (?:ability|spell) costs?\b|.*\bcosts? \[[^\]]+\] "
                     r"(?:less|more)\b|spend this energy only\b)", re.IGNORECASE)


def _ops_of(text: str) -> tuple[str, ...]:
    """The ops a sentence the reader cannot read may record, from its verb (after a subject, "They discard 1"): a
    restriction ("Use only once per turn") or a cost change records none; "*" when the verb is unknown."""
    if _NO_OPS.match(text):
        return ()
    text = _SUBJECT.sub("", text)
    verb = re.sub(r"[^a-z]", "", text.split(" ")[0].lower()) if text else ""
    verb = {"draws": "draw", "discards": "discard", "kills": "kill", "deals": "deal", "plays": "play",
            "reveals": "reveal", "recycles": "recycle", "moves": "move", "chooses": "choose", "scores": "score",
            "returns": "return", "channels": "channel"}.get(verb, verb)
    if verb in KEYWORD_OPS or verb.capitalize() in KEYWORD_OPS:
        return KEYWORD_OPS[verb.capitalize()]
    if verb in ("choose", "look"):
        return ("look",) if verb == "look" else ()
    return VERB_OPS.get(verb, ("*",))


_VERBS = "|".join(sorted(VERB_OPS))
_COMPOUND = re.compile(rf"(?:,? and |, then |, )(?=(?:\[?(?:{_VERBS})\]?)\b)", re.IGNORECASE)
_COST_WITHIN = re.compile(r"^(?:you may )?((?:pay|exhaust|discard|spend|kill|recycle|banish)\b.*?|\[burn \d+\]) to ",
                          re.IGNORECASE)  # "you may [Burn 1] to give me +1 [S]": the Burn is the cost (v1.4 440)
_CONDITIONAL = re.compile(r"^(if [^,]+|when [^,]+|otherwise|then, if [^,]+),\s*", re.IGNORECASE)


def compile_instruction(sentence: str, referent: Filter | None, chosen: str | None = None,
                        revealed: bool = False) -> tuple[list[Spec], list[str]]:
    """A sentence as specs: its compound instructions ("buff me and draw 1") one by one; a cost within it
    ("pay [1] to ready me", v1.4 204.3.b) makes what follows optional (the payment is the statics/costs reader's
    part, left unread here); an "If ..., X" makes X optional, its condition unread. `revealed`: a "reveal the top
    card of your Main Deck" came before, so "If it's a gear, ..." / "Otherwise, ..." are read of that card."""
    specs: list[Spec] = []
    unread: list[str] = []
    text = re.sub(r"^This turn, ([^,]+?)$", r"\1 this turn", sentence.strip().rstrip("."))  # one instruction
    optional = False
    whole = [spec for spec in (compile_next_time(sentence, referent), compile_each_may(sentence),
                               compile_per_spent(sentence)) if spec] or \
        whole_hands(sentence) or compile_spend_to_ready(sentence) or compile_alone_bonus(sentence)
    if whole:
        return whole, []
    picked = _from_among(sentence, text) or (_if_revealed(sentence, text, referent, chosen) if revealed else None) \
        or _if_you_revealed(text, referent, chosen)
    if picked is not None:
        return picked
    conditional = _CONDITIONAL.match(text)
    when = lead_condition(conditional.group(1)) if conditional else None  # read as it resolves (targets.py)
    if conditional:
        if when is None:
            unread.append(f"condition: {conditional.group(1)!r}")
        text, optional = text[conditional.end():], when is None
    cost = _COST_WITHIN.match(text)
    paid = None
    if cost:  # each part of the cost an optional op ("exhaust me"), else unread with the ops its verb records
        whole = True
        for part in re.split(r",? and |, ", cost.group(1)):
            found, missing = compile_sentence(part, referent)
            specs.extend({**spec, "optional": True, "cost": cost.group(1)} for spec in found)
            if missing or not found:
                whole = False
                unread.extend([f"cost within instructions: {part!r}", f"ops: {','.join(_ops_of(part)) or '-'}"])
        text, optional = text[cost.end():], True
        paid = cost.group(1) if whole else None  # the ops after it are done only if it was paid (v1.4 204.3.b)
    for part in _COMPOUND.split(text):
        found, missing = compile_sentence(part, referent, chosen)
        found = [{**spec, "paid_by": paid} if paid else spec for spec in found]
        specs.extend({**spec, "optional": True} if optional else spec for spec in found)
        unread.extend(missing)
    if when is not None:
        specs = [{**spec, "if": when} for spec in specs]
    if len(specs) == 2 and [spec["op"] for spec in specs] == ["draw", "draw"] and "per" in specs[1] and \
            "amount" in specs[0] and "per" not in specs[0]:  # "Draw 1, then draw 1 for each ...": one draw
        specs = [{**specs[1], "text": sentence.strip().rstrip("."),
                  "per": {**specs[1]["per"], "plus": specs[0]["amount"]}}]
    return specs, unread


_IT: Filter = {"it": True}  # "it" with no unit chosen before: resolved by `_what_it_names`


def _what_it_names(specs: list[Spec], unread: list[str]) -> None:
    """"Ready a unit and give it [Assault 3] this turn": "it" is what the instruction before it acted on, the
    object of the nearest spec before it with a target filter (`same`: how many specs back; its target: that
    filter, one object); after "Play a ... token" it is the token played (`new`: an object the resolution makes).
    "Me" is never "it" ("you may banish me to banish it": the card that triggered it). With nothing before it to
    name, the target stays unread."""
    for index, spec in enumerate(specs):
        if spec.get("target") != _IT:
            continue
        before = next((back for back in range(index - 1, -1, -1) if specs[back]["op"] == "token" or
                       isinstance(specs[back].get("target"), dict) and not specs[back]["target"].get("it") and
                       not specs[back]["target"].get("self") and
                       not (specs[back]["target"].get("count") or {}).get("all")), None)
        if before is None:
            spec["target"] = None
            unread.append("target: 'it'")
        elif specs[before]["op"] == "token" or specs[before]["target"].get("new"):  # the token, or what it became
            spec["target"] = {"new": True, "count": {"min": 1, "max": 1}}
        else:
            spec["target"] = {**specs[before]["target"], "count": {"min": 1, "max": 1}}
            spec["same"] = before - index


# Two units dealing damage equal to their Mights to each other: "they" are the two chosen, "we" this unit and the
# one chosen; a spec's `mutual` is their two filters (engine/cards/resolutions.py checks the pair and the amounts).
_EACH_OTHER = re.compile(r"(?:then,? )?(they|we) deal damage equal to (?:their|our) mights to each other\.?",
                         re.IGNORECASE)
# "Counter a spell", "Counter an enemy spell or ability that chooses a friendly unit or gear", "Counter a spell that
# costs no more than [4] and no more than [A]", "Counter a spell unless its controller pays [2]": what it counters.
_COUNTER = re.compile(r"counter an? (enemy )?(spell or ability|spell|ability)"
                      r"(?: that costs no more than \[(\d+)\] and no more than \[A\])?"
                      r"(?: that chooses a friendly (unit or gear|unit|gear))?( unless its controller pays \[\d+\])?")
# A restriction on when an activated ability may be used, in its own line: "Use this ability only while I'm at a
# battlefield." (Caitlyn, Patrolling; Xerath, Freed; Ultrasoft Poro; `use_while` {at: battlefield}), "Use only if
# you've played an Equipment this turn." (Emperor of the Sands; {played: <filter>}). It records no op:
# engine/card_costs.py's check_activated refuses the activation where it does not hold (`use_refused`).
_USE_WHILE = re.compile(r"use (?:this ability only while i'm at a battlefield|only if you've played an? "
                        r"(?P<played>equipment|unit|spell|gear) this turn)\.?", re.IGNORECASE)
_SIMPLE = r"(?:draw \d+|channel \d+ runes?(?: exhausted)?|buff me|ready me)"
_ALTERNATIVE = re.compile(rf"(you may )?({_SIMPLE}) or ({_SIMPLE})\.?", re.IGNORECASE)
_IF_REVEALED = re.compile(r"^(?:if it's an? ([a-z]+)|otherwise), (.+)$", re.IGNORECASE)


def _if_revealed(sentence: str, text: str, referent: Filter | None, chosen: str | None) -> \
        tuple[list[Spec], list[str]] | None:
    """"If it's a gear, draw it. Otherwise, recycle it." after "reveal the top card of your Main Deck": the ops
    are done where the card revealed is (or, "Otherwise", is not) of that type (`when_revealed`: the filter and
    `fits`); "draw it" / "put it in your hand" is a `draw` of it, "recycle it" a `recycle`, "put it in your trash"
    a `burn`. None for another sentence."""
    m = _IF_REVEALED.match(text)
    if m is None or (m.group(1) or "").lower() not in TYPES and m.group(1):
        return None
    specs: list[Spec] = []
    unread: list[str] = []
    for part in _COMPOUND.split(m.group(2)):
        part = part.strip()
        if re.fullmatch(r"draw it|put it in(?:to)? your hand", part, re.IGNORECASE):
            specs.append(_spec("draw", part, amount=1, player="you", among="looked"))
        elif re.fullmatch(r"recycle it", part, re.IGNORECASE):
            specs.append(_spec("recycle", part, player="you", among="looked", most=1))
        elif re.fullmatch(r"put it in(?:to)? your trash", part, re.IGNORECASE):
            specs.append(_spec("burn", part, amount=1, player="you"))
        else:
            found, missing = compile_sentence(part, referent, chosen)
            specs += found
            unread += missing
    kind = {"types": [TYPES[m.group(1).lower()]]} if m.group(1) else None
    for spec in specs:
        spec["when_revealed"] = {"card": kind, "fits": True} if kind else {"card": None, "fits": False}
    return specs, unread


_YOU_REVEALED = re.compile(r"^then,? if you revealed (an? .+?), do this: (.+)$", re.IGNORECASE)


def _if_you_revealed(text: str, referent: Filter | None, chosen: str | None) -> \
        tuple[list[Spec], list[str]] | None:
    """"Then if you revealed a Bird, Cat, Dog, or Poro, do this: [Buff] a friendly unit." after "You may reveal a
    unit from among them": the ops are done where the card revealed fits (`when_revealed`, read by
    engine/cards/decktop.py `revealed_fits`: no card revealed does not); None for another sentence."""
    m = _YOU_REVEALED.match(text)
    card, rest = parse_target(m.group(1)) if m else (None, "")
    if m is None or card is None or rest:
        return None
    specs, unread = compile_sentence(m.group(2), referent, chosen)
    kind = {key: value for key, value in card.items() if key != "count"}
    return [{**spec, "when_revealed": {"card": kind, "fits": True}} for spec in specs], unread


_AMONG = re.compile(r"^you may (reveal|choose) (.+?) from among them and draw it$", re.IGNORECASE)
_RECYCLE_SOME = re.compile(r"^you may recycle (one or both|any number) of them$", re.IGNORECASE)


def _from_among(sentence: str, text: str) -> tuple[list[Spec], list[str]] | None:
    """A choice among the cards looked at ("You may reveal a unit from among them and draw it.", "You may recycle
    one or both of them."): specs whose `among` names the cards they come from ("looked" at, or "revealed"), and
    the filter a revealed card fits (`card`); None for another sentence. Which cards is the player's choice; that
    they are among those (and fit) is checked (engine/cards/decktop.py)."""
    if m := _AMONG.match(text):
        card, rest = parse_target(m.group(2))
        unread = [f"target: {m.group(2)!r}"] if card is None or rest else []
        card = {key: value for key, value in (card or {}).items() if key != "count"}
        draw = _spec("draw", sentence, amount=1, player="you", optional=True,
                     among="revealed" if m.group(1).lower() == "reveal" else "looked", card=card)
        if m.group(1).lower() == "choose":
            return [draw], unread
        return [_spec("reveal", sentence, amount=1, player="you", optional=True, among="looked", card=card),
                draw], unread
    if m := _RECYCLE_SOME.match(text):
        return [_spec("recycle", sentence, player="you", optional=True, among="looked",
                      most=2 if m.group(1).lower() == "one or both" else None)], []
    return None


@functools.lru_cache(maxsize=4096)
def _compiled(text: str) -> dict[str, Any]:
    specs: list[Spec] = []
    unread: list[str] = []
    unread_ops: set[str] = set()
    referent: Filter | None = None
    pair: list[Filter] | None = None  # the two units "they" names ("Choose a friendly unit and an enemy unit.")
    chosen: str | None = None
    before: list[Spec] = []
    use_while: dict[str, str] | None = None
    paired_before = False  # "they": the unit the instruction before acted on, and the one chosen after it
    modal = re.fullmatch(r"choose one( [^—]*)?— (- .*)", text, re.IGNORECASE)
    if modal:  # "Choose one — - Draw 1. - Kill a gear.": the resolution records one mode (the player's choice)
        modes = [_compiled(mode.strip()) for mode in re.split(r"(?:^|\s)- ", modal.group(2)) if mode.strip()]
        qualifier = (modal.group(1) or "").strip()
        distinct = qualifier == "you haven't already chosen"  # none twice in one resolution (resolutions.py)
        history = [] if distinct else [f"modes: which were chosen before ({qualifier!r})"] if "chosen" in qualifier \
            else [f"modes: {qualifier!r}"] if qualifier else []
        return {"effects": [], "modes": [mode["effects"] for mode in modes], "distinct_modes": distinct,
                "unread": [*history, *(part for mode in modes for part in mode["unread"])],
                "unread_ops": sorted({op for mode in modes for op in mode["unread_ops"]})}
    either = re.fullmatch(r"(ready|exhaust) or (ready|exhaust) (.+?)\.?", text, re.IGNORECASE)
    if either:  # "ready or exhaust a legend": one of the two, the player's choice
        modes = [_compiled(f"{verb} {either.group(3)}.") for verb in either.group(1, 2)]
        if all(mode["effects"] and not mode["unread"] for mode in modes):
            return {"effects": [], "modes": [mode["effects"] for mode in modes], "unread": [], "unread_ops": []}
    alternative = _ALTERNATIVE.fullmatch(text)
    if alternative:  # "draw 1 or channel 1 rune exhausted": one of the two, the player's choice (a mode each)
        modes = [_compiled(choice)["effects"] for choice in alternative.group(2, 3)]
        if alternative.group(1):
            modes = [[{**spec, "optional": True} for spec in mode] for mode in modes]
        if all(modes):
            return {"effects": [], "modes": modes, "unread": [], "unread_ops": []}
    if re.search(r"\bchoose (one|two|three)\b.*—", text, re.IGNORECASE) or "\n- " in text:
        return {"effects": [], "unread": [f"modes: {text!r}"], "unread_ops": ["*"]}
    sentences = re.split(r"(?<=\.)\s+", text)
    taken = False  # the sentence was read with the one before it
    for position, sentence in enumerate(sentences):
        sentence = sentence.strip()
        if not sentence or taken:
            taken = False
            continue
        following = sentences[position + 1] if position + 1 < len(sentences) else None
        if pair_read := chosen_play(sentence, following) or hand_pick(sentence, following, chosen):
            found, taken = pair_read  # "Choose a unit in your trash and play it", "They reveal their hand. ..."
            specs.extend(found)
            continue
        if m := _USE_WHILE.fullmatch(sentence):
            played = (m.group("played") or "").lower()
            use_while = {"played": {"tags": ["Equipment"]} if played == "equipment" else {"types": [TYPES[played]]}} \
                if played else {"at": "battlefield"}
            continue
        if m := re.fullmatch(r"[Cc]hoose (a player|an opponent)\.?", sentence):
            chosen = "any" if m.group(1) == "a player" else "opponent"  # records no op: "they" after it
            continue
        if m := re.fullmatch(r"[Cc]hoose (.+?)\.?", sentence):
            target, rest = parse_target(m.group(1))
            if target is not None and not rest:
                referent, pair = target, ([target, target] if target["count"].get("max") == 2 else None)
                continue
            both = [parse_target(phrase) for phrase in m.group(1).split(" and ")]
            if len(both) == 2 and all(found is not None and not rest for found, rest in both):
                pair = [found for found, _ in both]  # "a friendly unit and an enemy unit": "they" after it
                continue
        if (m := re.fullmatch(r"[Tt]hen,? choose (.+?)\.?", sentence)) and specs and \
                isinstance(specs[-1].get("target"), dict) and (specs[-1]["target"].get("count") or {}).get("max") == 1:
            target, rest = parse_target(re.sub(r" at its destination$", "", m.group(1)))  # "Give a friendly unit
            if target is not None and not rest:  # +3 [S]. Then choose an enemy unit.": the unit given and the one
                if m.group(1).endswith(" at its destination"):  # chosen; "Move an enemy unit. Then choose another
                    target["at_destination"] = True  # enemy unit at its destination": where the unit moved to
                referent, pair, paired_before = target, [specs[-1]["target"], target], True
                continue
        if m := _EACH_OTHER.fullmatch(sentence):
            duel = pair if m.group(1).lower() == "they" else \
                [{"self": True}, referent] if referent is not None else None
            if duel is not None:
                specs.append(_spec("damage", sentence, mutual=duel, target={"count": {"min": 0, "max": 2}},
                                   with_before=True if duel is pair and paired_before else None))
                continue
        found, missing = compile_instruction(sentence, referent, chosen, any(spec.get("top") for spec in specs))
        link_done(before, found, missing)  # "If you do, ...": after the "you may" of the sentence before
        before = found
        if re.search(r"\binstead\b", sentence, re.IGNORECASE) and not all(spec.get("same_item") for spec in found):
            for spec in found:  # "Return it ... instead of putting it in their trash" (Abandon) says no amount
                spec.pop("amount", None)
            if found:
                missing.append("amount")
        for part in missing:
            if part.startswith("ops: "):
                unread_ops.update(op for op in part[5:].split(",") if op != "-")
            else:
                unread.append(part)
        specs.extend(found)
    specs = fold_bonus(specs, unread)  # "This deals 1 Bonus Damage for each card with this name in your trash"
    _what_it_names(specs, unread)
    kind = None
    for spec in specs:  # "Otherwise, ..." is the other side of the "If it's a gear" before it
        when = spec.get("when_revealed")
        if when and when["fits"]:
            kind = when["card"]
        elif when and not when["fits"]:
            spec["when_revealed"] = {"card": kind, "fits": False} if kind else when
            if kind is None:
                unread.append(f"condition: 'Otherwise' ({spec['text']!r})")
    looked = False
    for spec in specs:  # after a look at the top cards, a card drawn is one of them
        looked = looked or spec["op"] == "look"
        if looked and spec["op"] == "draw" and "among" not in spec:
            spec["among"] = "looked"
    return {"effects": specs, "unread": unread, "unread_ops": sorted(unread_ops),
            **({"use_while": use_while} if use_while else {})}


def use_while(ability: dict[str, Any]) -> dict[str, str] | None:
    """The condition an activated ability's own line puts on its use ("Use this ability only while I'm at a
    battlefield.": `{"at": "battlefield"}`), or None; engine/card_costs.py checks it as the ability is activated."""
    if ability.get("kind") != "activated":
        return None
    return compile_ability(ability).get("use_while")


def use_refused(state: dict[str, Any], ability: dict[str, Any], player: str,
                source: dict[str, Any] | None) -> str | None:
    """Why the ability's own "Use ... only ..." forbids its use now (None: it allows it, or says nothing): its
    source not at a battlefield, or no card of that kind played by its controller this turn."""
    condition = use_while(ability)
    if not condition:
        return None
    text = ability.get("text", "")
    if condition.get("at") == "battlefield":
        location = (source or {}).get("location") or ""
        return None if location and not location.startswith("base:") else \
            f"its source is in {location or 'no location'}, and the card says {text!r}"
    wanted = condition["played"]
    for object_id in state.get("played_this_turn", {}).get(player, []):
        obj = state["objects"].get(object_id) or {}
        facts = state["cards"].get(obj.get("card") or "", {})
        if set(wanted.get("tags", [])) & set(facts.get("tags", [])) or facts.get("type") in wanted.get("types", []):
            return None
    return f"{player} has played no {'/'.join(wanted.get('tags', wanted.get('types', [])))} this turn, and the " \
           f"card says {text!r}"


def compile_ability(ability: dict[str, Any], card: str | None = None) -> dict[str, Any]:
    """An ability's `effects` (specs), `unread` (the parts the engine takes on the recorder's word) and
    `unread_ops` (ops an unread part may record: "*" for any), and `source`: "data" where a reviewed entry of
    engine/cards/data/ gives the effects for the line, else "text". Conditional lines ("[Legion] — ...") keep
    their ops optional: whether the condition held is not read here."""
    given = reviewed.given(card, ability.get("text", ""), "effects") if card else None
    if given is not None:
        return {"effects": given, "unread": [], "unread_ops": [], "source": "data"}
    text = effect_text(ability)
    keyword = ability.get("keyword")
    defined = keyword_specs(ability)
    if defined is not None:
        return {"effects": defined, "unread": [], "unread_ops": [], "source": "text"}
    if text is None:
        if not keyword:
            return {"effects": [], "unread": [], "unread_ops": [], "source": "text"}
        return {"effects": [], "unread": [f"effect of [{keyword}] (its rule)"],
                "unread_ops": list(KEYWORD_OPS.get(keyword, ("*",))), "source": "text"}
    conditional = CONDITION.match(text)
    result = _compiled(text[conditional.end():] if conditional else text)
    conditional = conditional or re.match(r"^\[(Legion|Empowered|Mighty|Level \d+)\]", ability.get("text", ""))
    result = read_about(ability, {**result, "source": "text",  # "it": what a trigger is about (targets.py)
                                  "unread": _without_own_costs(ability, result["unread"])})
    if (conditional or ability.get("condition")) and not condition_checked_on_chain(ability):
        result["effects"] = [{**spec, "optional": True} for spec in result["effects"]]
        result["unread"] = [*result["unread"], "condition"]
    return result


def _without_own_costs(ability: dict[str, Any], unread: list[str]) -> list[str]:
    """The unread parts less an activated ability's sentence about its own cost ("This ability costs [1] less for
    each friendly unit with [Temporary]."), which records no op and which engine/cards/statics.py reads as the
    ability's cost change (its `cost` part, applied as it is activated)."""
    if ability.get("kind") != "activated" or not any(part.startswith("instruction: ") for part in unread):
        return unread
    own = {static["text"].strip().rstrip(".") for static in card_statics.compile_ability(ability).get("statics", [])
           if "Ability" in static.get("affects", {}).get("types", []) and static.get("cost")}
    return [part for part in unread if part not in {f"instruction: {text!r}" for text in own}]


def condition_checked_on_chain(ability: dict[str, Any]) -> bool:
    """Whether the engine checks the ability's dependent condition ("[Legion] —", "[Level 6][>]", "[Empowered][>]",
    v1.4 727.1) as the ability is put on the chain, so that its effect follows whole once it is there: an activated
    ability's as it is activated (engine/card_costs.py `check_activated`), a triggered one's as it is triggered from
    the board or the legend zone (`check_trigger`, v1.4 727.1.c.1). A Deathknell's is not (it triggers from the
    trash: "when I die while Empowered"), nor a condition cardtext did not read into the ability's `condition`."""
    if not ability.get("condition"):
        return False
    if ability.get("kind") == "activated":
        return True
    return ability.get("kind") == "triggered" and "[Deathknell]" not in ability.get("text", "") and \
        ability.get("keyword") != "Deathknell"


def with_effects(ability: dict[str, Any], card: str | None = None) -> dict[str, Any]:
    """The ability as the catalog serves it with its compiled `effects`, `source` and, where some part is not
    read, `unread` (contract section 7)."""
    compiled = compile_ability(ability, card)
    out = {**ability, "effects": compiled["effects"], "source": compiled["source"]}
    if compiled["unread"]:
        out["effects_unread"] = compiled["unread"]
    return out


def unread_parts(ability: dict[str, Any], card: dict[str, Any] | str | None = None) -> list[str]:
    """The parts of an ability's effect this module does not check (a target, an amount, an instruction...): []
    when every op, target and amount is checked (engine/cards/coverage.py's interface; `card`: the catalog's
    entry or its name)."""
    if ability.get("kind") not in ("spell", "triggered", "activated") or ability.get("adds"):
        return []
    name = card.get("name") if isinstance(card, dict) else card
    triggered = ability.get("kind") == "triggered"  # only a trigger's "pay [..] to" is the `cost` part (coverage.py)
    return [f"effect {part}" for part in compile_ability(ability, name)["unread"]
            if not (triggered and is_paid_cost(part))]


def is_paid_cost(part: str) -> bool:
    """An unread part that is a triggered ability's cost within its instructions ("pay [1] to ..."): its base
    cost (v1.4 403.1.b.1), the `cost` part of engine/cards/coverage.py, not the effect's."""
    return part.startswith("cost within instructions: 'pay ")

