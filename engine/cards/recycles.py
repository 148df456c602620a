"""Instructions that recycle cards a player has (not the top of the Main Deck: engine/cards/decktop.py), compiled to
the `recycle` op they record and checked against it (issue 26, "Resolutions the engine checks").

To recycle a card is to put it on the bottom of its owner's deck (v1.4 594.1; engine/effects.py `_recycle`). Read
here:

- "recycle 3 from your trash" (Dr. Mundo, Expert): three cards of its controller's trash;
- "recycle one of your runes" (Sigil of the Storm): one rune its controller has on the board.

A spec is `{op: "recycle", text, player: "you", amount, card: <the filter of each card>}`; a recorded `recycle`
must name that many cards (fewer only when fewer fit: an instruction is followed as far as it can be, v1.4
359.3.e.11), each an object that fits. Plain data; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.cards.targets import NUM_PATTERN, number

Spec = dict[str, Any]
Mismatch = Callable[[dict[str, Any], dict[str, Any], Any, str], "str | None"]
_TRASH = re.compile(rf"recycle {NUM_PATTERN} (?:cards? )?from your trash", re.IGNORECASE)
_RUNES = re.compile(rf"recycle {NUM_PATTERN} of your runes", re.IGNORECASE)


def compile_recycle(text: str, sentence: str) -> Spec | None:
    """The `recycle` spec of "recycle 3 from your trash" / "recycle one of your runes", or None for another."""
    if m := _TRASH.fullmatch(text):
        card: dict[str, Any] = {"zone": "trash", "whose": "own", "types": ["Card"]}
    elif m := _RUNES.fullmatch(text):
        card = {"zone": "board", "whose": "friendly", "types": ["Rune"]}
    else:
        return None
    amount = number(m.group(1))
    if amount is None:
        return None
    return {"op": "recycle", "text": sentence, "player": "you", "amount": amount, "card": card}


def _fitting(state: dict[str, Any], item: dict[str, Any], spec: Spec, target_mismatch: Mismatch) -> list[str]:
    """The objects the instruction could recycle, as the item resolves."""
    zone = spec["card"]["zone"]
    return [object_id for object_id, obj in state["objects"].items()
            if obj["zone"] == zone and target_mismatch(state, item, spec["card"], object_id) is None]


def mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any],
             target_mismatch: Mismatch) -> str | None:
    """Why the recorded `recycle` is not what the instruction says (None: it is): each card fits, and as many as
    it says (fewer only when no more fit)."""
    cards = [str(card) for card in effect.get("cards") or []]
    for card in cards:
        if card not in state["objects"]:
            return f"{card} is no object of this match: the card recycles {spec['text']!r}"
        reason = target_mismatch(state, item, spec["card"], card)
        if reason:
            return reason
    wanted = min(spec["amount"], len(_fitting(state, item, spec, target_mismatch)))
    if len(cards) > spec["amount"] or len(cards) < wanted:
        return f"the card recycles {spec['amount']}, not {len(cards)}"
    return None


def missing(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]],
            target_mismatch: Mismatch) -> str | None:
    """No `recycle` recorded while there are cards to recycle (the instruction is not optional)."""
    if given or spec.get("optional") or not _fitting(state, item, spec, target_mismatch):
        return None
    return f"records no recycle for {spec['text']!r}, and there are cards to recycle"
