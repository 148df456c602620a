"""Damage whose amount the card measures on another object, compiled and checked (issue 26, "Resolutions the engine
checks").

- "It deals damage equal to its Might to an enemy unit at a battlefield." after "Ready a friendly unit." (Last
  Breath): the Might of the unit the instruction before acted on (`from: "might_of_before"`);
- "Deal its Energy cost as damage to a unit at a battlefield." after "Discard 1." (Get Excited!): the printed
  Energy cost of the card the instruction before discarded (`energy_of_before`; its Power cost ignored);
- "Kill a friendly unit to give +[S] equal to its Might to another friendly unit this turn." (Deathgrip): a `might`
  op of the Might of the unit killed before (`might_of_before`);
- "Counter that spell and give that unit +[S] equal to that spell's Energy cost this turn." (Riposte): a `might` op
  of the printed Energy cost of the spell countered before ("that unit": a friendly unit, the one chosen);
- "deal damage to a unit equal to the damage marked on it" (Morgana, Vindictive): the damage marked on the unit
  dealt it (`damage_of_target`);
- a Might raised to another's: "This turn, increase its Might to the Might of another friendly unit." (Convergent
  Mutation), "choose a unit here. Increase my Might to its Might this turn" (Dame the Despoiler): a `might` op whose
  delta is what takes the unit to that other unit's Might, or 0 when it has as much already (`raise_to`: the
  other's filter, or "chosen": the unit chosen before);
- "spend any number of buffs. For each buff spent, channel 1 rune exhausted." (Albus Ferros): `spend_buff` ops on
  friendly units, and as many runes channelled exhausted as buffs spent (`per_op`);
- "For each friendly unit, you may spend its buff to ready it." (Overt Operation): `spend_buff` ops on friendly
  units, and a `ready` of each unit whose buff was spent, of those only (`same_targets`);
- "Give a friendly unit +1 [S] this turn, then an additional +1 [S] this turn if it is the only unit you control
  there." (En Garde): the second `might` op, on the same unit, is needed where that unit is the only one its
  controller controls at its location as the item resolves, and refused where it is not (`alone_bonus`);
- "give a friendly unit my keywords and +[S] equal to my Might this turn" (Kato the Arm): a `grant` of each keyword
  its source has (`keywords_of` me), and a `might` of its Might, to that one unit;
- "Deal 2 to a unit at a battlefield. This deals 1 Bonus Damage for each card with this name in your trash."
  (Consuming Curse): the damage is 2 and 1 more for each card of the card's name in its controller's trash as it
  resolves (`bonus_named`; its own words then make no amount lenient, engine/cards/resolutions.py);
- "Swap the Might of two units at the same battlefield this turn." (Switcheroo): two `might` ops on two units at one
  battlefield, each the other's Might less its own (`swap`).

Measured as the item resolves (before its ops apply, with the `might` ops recorded before the damage for a Might).
A spec is a `damage` spec with the target filter and `measure`; `check` says why a recorded damage is not that
amount (None while a card on the board changes damage amounts, or the measure cannot be told). Plain data;
engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.targets import parse_target

Spec = dict[str, Any]
_MIGHT = re.compile(r"it deals damage equal to its might to (.+?)\.?", re.IGNORECASE)
_ENERGY = re.compile(r"deal its energy cost as damage to (.+?)\.?", re.IGNORECASE)
_MARKED = re.compile(r"deal damage to (.+?) equal to the damage marked on it\.?", re.IGNORECASE)
_GIVE = re.compile(r"give \+\[S\] equal to its might to (.+?) this turn\.?", re.IGNORECASE)
_KEYWORDS = re.compile(r"give (a friendly unit) my keywords and \+\[S\] equal to my might this turn\.?", re.IGNORECASE)
_BONUS_NAMED = re.compile(r"this deals (\d+) bonus damage for each card with this name in your trash\.?", re.IGNORECASE)
_GIVE_COST = re.compile(r"give (that unit) \+\[S\] equal to that spell's energy cost this turn\.?", re.IGNORECASE)


def compile_measured(sentence: str) -> Spec | list[Spec] | None:
    """The `damage` spec of a sentence above, or None for another (or one whose target the reader cannot read);
    Kato the Arm's "my keywords and +[S] equal to my Might": its `grant` and `might` specs."""
    text = sentence.strip()
    if m := _BONUS_NAMED.fullmatch(text):  # folded into the damage before it (`fold_bonus`)
        return {"op": "bonus", "text": text.rstrip("."), "times": int(m.group(1))}
    if m := _KEYWORDS.fullmatch(text):
        unit, _ = parse_target(m.group(1))
        units = {**(unit or {}), "count": {"min": 0, "max": None}}
        return [{"op": "grant", "text": text.rstrip("."), "target": units, "keywords_of": "me", "until": "turn",
                 "optional": True},
                {"op": "might", "text": text.rstrip("."), "target": unit, "per": {"might_of": "me"}, "until": "turn"}]
    for pattern, measure in ((_MIGHT, "might_of_before"), (_ENERGY, "energy_of_before"),
                             (_MARKED, "damage_of_target"), (_GIVE, "might_of_before"),
                             (_GIVE_COST, "energy_of_before")):
        m = pattern.fullmatch(text)
        if m is None:
            continue
        target, rest = parse_target("a friendly unit" if pattern is _GIVE_COST else m.group(1))
        if target is None or rest:
            return None
        if pattern in (_GIVE, _GIVE_COST):
            return {"op": "might", "text": text.rstrip("."), "target": target, "measure": measure, "until": "turn"}
        return {"op": "damage", "text": text.rstrip("."), "target": target, "measure": measure}
    return None


_RAISE = re.compile(r"(?:this turn, )?increase (my|its) might to (?:the might of (.+)|its might)", re.IGNORECASE)


def compile_raise(text: str, sentence: str, referent: dict[str, Any] | None, until: str | None) -> Spec | None:
    """The `might` spec of "increase its Might to the Might of another friendly unit" / "Increase my Might to its
    Might" (`text`: lower-cased, "this turn" at its end taken off; `referent`: the unit chosen before), or None."""
    m = _RAISE.fullmatch(text.strip())
    if m is None or referent is None:
        return None
    this_turn = until or ("turn" if text.lower().startswith("this turn, ") else None)
    if m.group(1).lower() == "my" and m.group(2) is None:
        return {"op": "might", "text": sentence.strip().rstrip("."), "until": this_turn,
                "target": {"self": True, "count": {"min": 1, "max": 1}}, "raise_to": "chosen", "chosen": referent}
    if m.group(1).lower() == "its" and m.group(2):
        other, rest = parse_target(m.group(2))
        if other is None or rest:
            return None
        return {"op": "might", "text": sentence.strip().rstrip("."), "until": this_turn, "target": referent,
                "raise_to": {key: value for key, value in other.items() if key not in ("count", "other")}}
    return None


_PER_SPENT = re.compile(r"for each buff spent, channel 1 rune exhausted\.?", re.IGNORECASE)


def compile_spend_any(text: str, sentence: str) -> Spec | None:
    """The spec of "spend any number of buffs" (of friendly units), or None."""
    if text.strip().lower() != "spend any number of buffs":
        return None
    return {"op": "spend_buff", "text": sentence.strip().rstrip("."), "optional": True,
            "target": {"count": {"min": 0, "max": None}, "whose": "friendly", "types": ["Unit"]}}


def compile_per_spent(sentence: str) -> Spec | None:
    """The spec of "For each buff spent, channel 1 rune exhausted." (a whole sentence), or None."""
    if not _PER_SPENT.fullmatch(sentence.strip()):
        return None
    return {"op": "channel", "text": sentence.strip().rstrip("."), "player": "you", "exhausted": True,
            "per_op": "spend_buff", "optional": True}


_ALONE = re.compile(r"give a friendly unit \+(\d+) \[S\] this turn, then an additional \+(\d+) \[S\] this turn if it "
                    r"is the only unit you control there\.?", re.IGNORECASE)


def compile_alone_bonus(sentence: str) -> list[Spec] | None:
    """The specs of En Garde's sentence (a whole sentence), or None."""
    m = _ALONE.fullmatch(sentence.strip())
    if m is None:
        return None
    text = sentence.strip().rstrip(".")
    unit = {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Unit"]}
    return [{"op": "might", "text": text, "target": dict(unit), "amount": int(m.group(1)), "until": "turn"},
            {"op": "might", "text": text, "target": dict(unit), "amount": int(m.group(2)), "until": "turn",
             "optional": True, "alone_bonus": True}]


def alone_check(state: dict[str, Any], given: list[dict[str, Any]], before: list[dict[str, Any]]) -> str | None:
    """Why the additional Might is recorded where the unit is not alone, or missing where it is (None: right)."""
    unit = state["objects"].get((before or [{}])[0].get("target") or "")
    if unit is None:
        return None
    alone = not any(obj["zone"] == "board" and obj["type"] == "Unit" and obj["controller"] == unit["controller"]
                    and obj.get("location") == unit.get("location") and obj["id"] != unit["id"]
                    for obj in state["objects"].values())
    if any(effect.get("target") != unit["id"] for effect in given):
        return f"records the additional Might on another unit than {unit['id']} ({unit['card']})"
    if given and not alone:
        return f"records the additional Might, but {unit['id']} ({unit['card']}) is not the only unit its " \
               f"controller controls there"
    if alone and not given:
        return f"records no additional Might, and {unit['id']} ({unit['card']}) is the only unit its controller " \
               f"controls there"
    return None


_SPEND_TO_READY = re.compile(r"for each friendly unit, you may spend its buff to ready it\.?", re.IGNORECASE)


def compile_spend_to_ready(sentence: str) -> list[Spec] | None:
    """The specs of "For each friendly unit, you may spend its buff to ready it." (a whole sentence), or None."""
    if not _SPEND_TO_READY.fullmatch(sentence.strip()):
        return None
    text = sentence.strip().rstrip(".")
    units = {"count": {"min": 0, "max": None}, "whose": "friendly", "types": ["Unit"]}
    return [{"op": "spend_buff", "text": text, "optional": True, "target": dict(units)},
            {"op": "ready", "text": text, "optional": True, "target": dict(units), "same_targets": True}]


def same_targets(given: list[dict[str, Any]], before: list[dict[str, Any]]) -> str | None:
    """Why the units readied are not exactly those whose buff was spent (None: they are)."""
    spent = {effect.get("target") for effect in before}
    readied = {effect.get("target") for effect in given}
    if spent != readied:
        return f"records ready of {', '.join(sorted(map(str, readied))) or 'none'}, but the units whose buff was " \
               f"spent are {', '.join(sorted(map(str, spent))) or 'none'}: each is readied, and only those"
    return None


def per_op_check(spec: Spec, given: list[dict[str, Any]], effects: list[dict[str, Any]]) -> str | None:
    """Why the runes channelled are not one for each buff spent in the resolution (None: they are)."""
    spent = sum(1 for effect in effects if effect.get("op") == spec["per_op"])
    channelled = sum(len(effect.get("runes") or []) for effect in given)
    if channelled != spent:
        return f"records {channelled} runes channelled, but {spent} buffs were spent: one rune for each"
    return None


def compile_swap(text: str, sentence: str, this_turn: bool) -> Spec | None:
    """The spec of "Swap the Might of two units at the same battlefield this turn", or None."""
    if not this_turn or text.strip().lower() != "swap the might of two units at the same battlefield":
        return None
    return {"op": "might", "text": sentence.strip().rstrip("."), "until": "turn", "swap": True,
            "target": {"count": {"min": 2, "max": 2}, "types": ["Unit"], "where": "battlefield"}}


def swap_check(state: dict[str, Any], given: list[dict[str, Any]], effects: list[dict[str, Any]]) -> str | None:
    """Why the two Might changes are not a swap of two units at one battlefield (None: they are)."""
    if len(given) != 2:
        return None  # one unit or none: the count is checked as every op's
    objects = [state["objects"].get(effect.get("target") or "") for effect in given]
    if any(obj is None for obj in objects):
        return None
    if objects[0]["id"] == objects[1]["id"] or objects[0].get("location") != objects[1].get("location"):
        return "the card swaps the Might of two units at the same battlefield"
    mights = [_might_before(state, effect, effects) for effect in given]
    if None in mights:
        return None
    wanted = [mights[1] - mights[0], mights[0] - mights[1]]
    if [effect.get("delta") for effect in given] != wanted:
        return f"records might {given[0].get('delta')} and {given[1].get('delta')}, but the swap is " \
               f"{wanted[0]:+d} and {wanted[1]:+d}"
    return None


def raise_check(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
                effects: list[dict[str, Any]], fits: Any) -> str | None:
    """Why a recorded Might raise is not one that takes the unit to another's Might (None: it is, or unknown)."""
    chosen = spec.get("chosen") if spec["raise_to"] == "chosen" else spec["raise_to"]
    for effect in given:
        target = state["objects"].get(effect.get("target") or "")
        base = _might_before(state, effect, effects)
        if target is None or base is None:
            continue
        picked = [object_id for object_id in item.get("targets", []) if object_id in state["objects"]
                  and object_id != target["id"] and fits(state, item, chosen, object_id) is None]
        others = picked if spec["raise_to"] == "chosen" and picked else [
            object_id for object_id, obj in state["objects"].items() if obj["zone"] == "board"
            and object_id != target["id"] and fits(state, item, chosen, object_id) is None]
        wanted = sorted({max(0, might - base) for might in (state["objects"][other].get("might") for other in others)
                         if isinstance(might, int)})
        if wanted and effect.get("delta") not in wanted:
            return f"records might {effect.get('delta')}, but the card raises its Might to another's: " \
                   f"{' or '.join(f'{delta:+d}' for delta in wanted)}"
    return None


def _might_before(state: dict[str, Any], effect: dict[str, Any], effects: list[dict[str, Any]]) -> int | None:
    """The Might of the op's target as the op applies: as the item resolves, with the might ops recorded before."""
    might = (state["objects"].get(effect.get("target") or "") or {}).get("might")
    if not isinstance(might, int):
        return None
    for other in effects[:effects.index(effect)] if effect in effects else []:
        if other.get("target") == effect.get("target") and other.get("op") == "might":
            might += other.get("delta") or 0
    return might


def fold_bonus(specs: list[Spec], unread: list[str]) -> list[Spec]:
    """The specs with each "This deals 1 Bonus Damage for each card with this name in your trash" folded into the
    damage spec before it (its amount then measured as it resolves); one with no damage before it is unread."""
    folded: list[Spec] = []
    for spec in specs:
        if spec["op"] != "bonus":
            folded.append(spec)
        elif folded and folded[-1]["op"] == "damage" and isinstance(folded[-1].get("amount"), int):
            damage = folded.pop()
            folded.append({**damage, "text": f"{damage['text']}. {spec['text']}", "amount": None,
                           "bonus_named": {"base": damage["amount"], "times": spec["times"]}})
        else:
            unread.append(f"instruction: {spec['text']!r}")
    return folded


def bonus_check(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]]) -> str | None:
    """Why a damage is not its base and the bonus for each card of the card's name in its controller's trash."""
    player = state["players"].get(item["controller"], {})
    named = sum(1 for object_id in player.get("trash", []) if state["objects"][object_id]["card"] == item.get("card"))
    amount = spec["bonus_named"]["base"] + spec["bonus_named"]["times"] * named
    for effect in given:
        if effect.get("amount") != amount:
            return f"records damage {effect.get('amount')}, but the card deals {amount} ({named} cards of its name " \
                   f"in the trash)"
    return None


def keywords_check(state: dict[str, Any], item: dict[str, Any], given: list[dict[str, Any]],
                   after: list[dict[str, Any]]) -> str | None:
    """Why the keywords granted are not each keyword of the ability's source, to the unit given its Might (None:
    they are; unknown while the source is gone)."""
    source = state["objects"].get(item.get("source") or "")
    if source is None:
        return None
    mine = set(source.get("keywords") or [])
    granted = [effect.get("keyword") for effect in given]
    if sorted(granted) != sorted(mine):
        return f"records grant of {', '.join(map(str, granted)) or 'no keyword'}, but the card gives its source's " \
               f"keywords: {', '.join(sorted(mine)) or 'none'}"
    units = {effect.get("target") for effect in given + after}
    if len(units) > 1:
        return f"records its keywords and Might to {', '.join(sorted(map(str, units)))}: the card gives both to one " \
               f"unit"
    return None


def _amount(state: dict[str, Any], spec: Spec, effect: dict[str, Any], before: list[dict[str, Any]],
            effects: list[dict[str, Any]]) -> int | None:
    """The amount the card measures for this damage, or None when it cannot be told."""
    measure = spec["measure"]
    if measure == "damage_of_target":
        target = state["objects"].get(effect.get("target") or "")
        return (target or {}).get("damage", 0) if target is not None else None
    if not before:
        return None
    if measure == "energy_of_before" and "item" in before[0]:  # the card of the item countered before
        countered = next((entry for entry in state["chain"] if entry["id"] == before[0]["item"]), None)
        energy = state["cards"].get((countered or {}).get("card") or "", {}).get("energy")
        return energy if isinstance(energy, int) else None
    if measure == "energy_of_before":
        cards = before[0].get("cards") or []
        name = state["objects"].get(cards[0], {}).get("card") if cards and cards[0] in state["objects"] else \
            (cards[0] if cards else None)
        energy = state["cards"].get(name or "", {}).get("energy")
        return energy if isinstance(energy, int) else None
    dealer = state["objects"].get(before[0].get("target") or "")
    might = (dealer or {}).get("might")
    if not isinstance(might, int):
        return None
    for other in effects[:effects.index(effect)] if effect in effects else []:
        if other.get("target") == before[0].get("target") and other.get("op") == "might":
            might += other.get("delta") or 0
    return might


def check(state: dict[str, Any], spec: Spec, given: list[dict[str, Any]], before: list[dict[str, Any]],
          effects: list[dict[str, Any]]) -> str | None:
    """Why a recorded damage of a measured instruction is not the amount measured (None: it is, or unknown)."""
    field = "delta" if spec["op"] == "might" else "amount"
    for effect in given:
        amount = _amount(state, spec, effect, before, effects)
        if amount is not None and effect.get(field) != amount:
            return f"records {spec['op']} {effect.get(field)}, but the card measures {amount}"
    return None
