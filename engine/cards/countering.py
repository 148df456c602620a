"""Counters with a condition of their own, compiled to the `counter` op they record and checked against it (issue
26, "Resolutions the engine checks"; the plain "Counter a spell ..." phrasings are engine/cards/effects.py's).

- "Choose a friendly unit at a battlefield. Counter an enemy spell or ability that chooses it and no other friendly
  unit." (Repulse): the item countered is an enemy's, and of its controller's opponent's units it chooses exactly
  one, the unit chosen (`item.chooses_only`);
- "Counter a spell if an opponent has played another spell this turn." (Crumbling Sands): the counter is done only
  where an opponent of its controller has played a spell this turn other than the one countered (`if`
  `opponent_spell`): refused where none has, and needed where one has.

- "Counter a spell. Return it to its owner's hand instead of putting it in their trash." (Abandon): a `return` to
  hand of the card of the item countered (`same_item` "card");
- "Counter that spell" after "Choose a friendly unit and a spell." (Riposte);
- "Gain control of a spell. You may make new choices for it." (Mystic Reversal): a `control` of a spell on the
  chain (`item`) for its controller, and a `retarget` of that same item (`same_item`), optional.

Plain data; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

Spec = dict[str, Any]
_ONLY = re.compile(r"counter an enemy (spell or ability|spell|ability) that chooses the chosen and no other friendly "
                   r"unit")
_IF_SPELL = re.compile(r"counter a spell if an opponent has played another spell(?: this turn)?")


def compile_counter(text: str, sentence: str, referent: dict[str, Any] | None, this_turn: bool) -> Spec | None:
    """The `counter` spec of a phrasing above, or None for another instruction."""
    if (m := _ONLY.fullmatch(text)) and referent is not None:
        kinds = ["spell", "ability"] if m.group(1) == "spell or ability" else [m.group(1)]
        return {"op": "counter", "text": sentence.strip().rstrip("."),
                "item": {"kinds": kinds, "enemy": True, "chooses_only": referent}}
    if _IF_SPELL.fullmatch(f"{text} this turn" if this_turn else text):
        return {"op": "counter", "text": sentence.strip().rstrip("."), "item": {"kinds": ["spell"]},
                "if": {"opponent_spell": True}}
    return None


def compile_control(text: str, sentence: str) -> Spec | None:
    """The spec of "gain control of a spell" / "make new choices for it" after it, "counter that spell", "return it
    to its owner's hand instead of putting it in their trash" after a counter, or None for another."""
    if text == "counter that spell":
        return {"op": "counter", "text": sentence.strip().rstrip("."), "item": {"kinds": ["spell"]}}
    if text == "return it to its owner's hand instead of putting it in their trash":
        return {"op": "return", "text": sentence.strip().rstrip("."), "to": "hand", "same_item": "card"}
    if text == "gain control of a spell":
        return {"op": "control", "text": sentence.strip().rstrip("."), "item": {"kinds": ["spell"]}, "player": "you"}
    if text == "make new choices for it":
        return {"op": "retarget", "text": sentence.strip().rstrip("."), "same_item": True}
    return None


def control_mismatch(state: dict[str, Any], spec: Spec, effect: dict[str, Any]) -> str | None:
    """Why a recorded `control` is not of a chain item of the kinds the card names (None: it is)."""
    countered = next((entry for entry in state["chain"] if entry["id"] == effect.get("item")), None)
    if countered is None:
        return f"the card gains control of a {' or '.join(spec['item']['kinds'])} on the chain (`item`), not of " \
               f"{effect.get('target', effect.get('item'))}"
    kind = "spell" if countered["kind"] == "spell" else "ability"
    if kind not in spec["item"]["kinds"]:
        return f"{countered['id']} ({countered.get('card')}) is {'a spell' if kind == 'spell' else 'an ability'}, " \
               f"and the card gains control of a {' or '.join(spec['item']['kinds'])}"
    return None


def same_item(state: dict[str, Any], spec: Spec, given: list[dict[str, Any]], before: list[dict[str, Any]]) -> \
        str | None:
    """"You may make new choices for it": the item the instruction before took control of; "Return it to its
    owner's hand instead ...": the card of the item the instruction before countered."""
    items = {effect.get("item") for effect in before}
    if spec["same_item"] == "card":
        cards = {entry.get("source") for entry in state["chain"] if entry["id"] in items}
        for effect in given:
            if effect.get("target") not in cards:
                return f"records return of {effect.get('target')}, but \"it\" is the card countered: " \
                       f"{', '.join(sorted(str(card) for card in cards)) or 'none'}"
        return None
    for effect in given:
        if effect.get("item") not in items:
            return f"records new choices for {effect.get('item')}, but \"it\" is " \
                   f"{', '.join(sorted(str(item) for item in items)) or 'nothing'}, the item the card gained control of"
    return None


def holds(state: dict[str, Any], item: dict[str, Any], condition: dict[str, Any]) -> bool | None:
    """Whether "an opponent has played another spell this turn" holds as the item resolves (None: another
    condition). "Another": other than a spell on the chain now (the one countered is still there)."""
    if not condition.get("opponent_spell"):
        return None
    on_chain = {entry.get("source") for entry in state.get("chain", [])}
    for player, played in state.get("played_this_turn", {}).items():
        if player == item["controller"]:
            continue
        for object_id in played:
            obj = state["objects"].get(object_id) or {}
            facts = state["cards"].get(obj.get("card") or "", {})
            if facts.get("type") == "Spell" and object_id not in on_chain:
                return True
    return False


def chooses_only(state: dict[str, Any], item: dict[str, Any], countered: dict[str, Any]) -> str | None:
    """Why the item countered does not choose exactly one of the countering player's units, the one chosen (None:
    it does)."""
    friendly = [target for target in countered.get("targets", []) if target in state["objects"]
                and state["objects"][target]["controller"] == item["controller"]
                and state["objects"][target]["type"] == "Unit"]
    chosen = [target for target in item.get("targets", []) if target in state["objects"]]
    if len(friendly) != 1 or chosen and friendly[0] not in chosen:
        return f"{countered['id']} ({countered.get('card')}) chooses {', '.join(friendly) or 'no unit'} of " \
               f"{item['controller']}'s, and the card counters one that chooses the unit chosen and no other"
    return None
