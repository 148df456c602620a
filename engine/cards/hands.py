"""A hand revealed and a card picked from it, compiled to the ops they record and checked against them (issue 26,
"Resolutions the engine checks").

"Choose an opponent. They reveal their hand. Choose a card from it, and they discard that card." (Mindsplitter),
"... Choose a non-unit card from it, and recycle that card." (Sabotage), "They reveal their hand and you choose a
Mind card from it. They recycle that card." (Decree of Strength): the chosen opponent reveals every card of their
hand (a `reveal` from the hand, v1.4 600.3), and one card of it that fits the filter is discarded or recycled by its
owner (the op's player: engine/effects.py recycles and discards a player's own cards).

"Choose an opponent. They reveal their hand. You can look at their facedown cards this turn." (Scuttle Crab): the
reveal; the look records nothing (what a player sees of facedown cards is not in the record).

"Each player discards their hand, then draws 4." (Invert Timelines): `{op: "discard", player: "each", whole_hand:
true}` (each player their whole hand; engine/cards/players.py: one op a player, none for an empty hand) and a draw
of 4 each.

Specs: `{op: "reveal", player, hand: true}` (all of that player's hand) and `{op: "discard" | "recycle", player,
amount: 1, from_hand: <filter of the card>}`. `mismatch` says why a recorded op is not what the card says;
`missing` whether the instruction could have been followed (a player with no card in hand reveals and gives
nothing). A card named that is not in the hand as the item resolves is accepted only while that hand holds cards
drawn unseen (the reveal names them). Plain data; engine/resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any


Spec = dict[str, Any]
_DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
_PICK = re.compile(r"they reveal their hand(?:\. | and you )choose an? (?P<filter>non-unit |[a-z]+ )?card from it"
                   r"(?:, and |\. )(?:they )?(?P<verb>discard|recycle) that card\.?", re.IGNORECASE)


def hand_pick(sentence: str, following: str | None, chosen: str | None) -> tuple[list[Spec], bool] | None:
    """The specs of "They reveal their hand. Choose a card from it, and they discard that card." (the player
    `chosen` before: "Choose an opponent."), and whether the following sentence was read with it; None for
    another sentence."""
    if chosen is None:
        return None
    if re.fullmatch(r"they reveal their hand\.?", sentence.strip(), re.IGNORECASE) and following and \
            _LOOK_FACEDOWN.fullmatch(following.strip()):  # the look records nothing: what is seen stays hidden
        return [{"op": "reveal", "text": sentence.strip().rstrip("."), "player": chosen, "hand": True}], True
    for text, took in ((sentence, False), (f"{sentence} {following or ''}".strip(), True)):
        m = _PICK.fullmatch(text.strip())
        if m is None:
            continue
        word = (m.group("filter") or "").strip()
        card: dict[str, Any] = {}
        if word.lower() == "non-unit":
            card["not_types"] = ["Unit"]
        elif word.capitalize() in _DOMAINS:
            card["domains"] = [word.capitalize()]
        elif word:
            return None
        return [{"op": "reveal", "text": text.strip(), "player": chosen, "hand": True},
                {"op": m.group("verb").lower(), "text": text.strip(), "player": chosen, "amount": 1,
                 "from_hand": card}], took
    return None


_LOOK_FACEDOWN = re.compile(r"you can look at their facedown cards this turn\.?", re.IGNORECASE)
_WHOLE = re.compile(r"each player discards their hand, then draws (\d+)\.?", re.IGNORECASE)


def whole_hands(sentence: str) -> list[Spec] | None:
    """"Choose an opponent. They reveal their hand. You can look at their facedown cards this turn." (Scuttle Crab): the
reveal; the look records nothing (what a player sees of facedown cards is not in the record).

"Each player discards their hand, then draws 4." (Invert Timelines): each player a discard of their whole
    hand (`whole_hand`) and a draw of 4; None for another sentence."""
    m = _WHOLE.fullmatch(sentence.strip())
    if m is None:
        return None
    text = sentence.strip().rstrip(".")
    return [{"op": "discard", "text": text, "player": "each", "whole_hand": True},
            {"op": "draw", "text": text, "player": "each", "amount": int(m.group(1))}]


def _hand(state: dict[str, Any], player: str) -> list[str]:
    return list(state["players"].get(player, {}).get("hand", []))


def _named(state: dict[str, Any], reference: str) -> str | None:
    obj = state["objects"].get(reference)
    return obj["card"] if obj is not None else reference


def mismatch(state: dict[str, Any], spec: Spec, effect: dict[str, Any], player: str) -> str | None:
    """Why the recorded op is not the card's (None: it is): a reveal of every card of `player`'s hand; a discard
    or recycle of one card of that hand fitting the card's filter."""
    hand = _hand(state, player)
    cards = [str(card) for card in effect.get("cards") or []]
    if spec.get("whole_hand"):
        return None if len(cards) == len(hand) else f"the card discards {player}'s whole hand ({len(hand)} cards), " \
                                                     f"not {len(cards)}"
    if spec.get("hand"):
        if effect.get("from", "hand") != "hand" or len(cards) != len(hand):
            return f"the card reveals {player}'s whole hand ({len(hand)} cards), not {len(cards)} from " \
                   f"{effect.get('from', 'hand')}"
        return None
    names = {state["objects"][object_id]["card"] for object_id in hand}
    unseen = None in names
    for card in cards:
        name = _named(state, card)
        if card not in hand and name not in names and not unseen:
            return f"{name} is not in {player}'s hand, the hand revealed"
        facts = state["cards"].get(name or "", {})
        wanted = spec["from_hand"]
        if facts and set(wanted.get("not_types", [])) & set(facts.get("types", [facts.get("type")])):
            return f"{name} is a {facts.get('type')}, and the card picks a non-{wanted['not_types'][0].lower()} card"
        if facts and wanted.get("domains") and not set(wanted["domains"]) & set(facts.get("domains", [])):
            return f"{name} is {'/'.join(facts.get('domains', [])) or 'of no domain'}, and the card picks a " \
                   f"{wanted['domains'][0]} card"
    return None


def missing(state: dict[str, Any], item: dict[str, Any], spec: Spec, given: list[dict[str, Any]]) -> str | None:
    """No op for the reveal or the pick while a player who may be the one chosen has cards in hand. Which card fits
    a filter is not known of cards drawn unseen, so a pick with a filter is left to the recorder."""
    if given or spec.get("whole_hand") or spec["op"] != "reveal" and spec["from_hand"]:
        return None  # each player's whole hand: engine/cards/players.py `missing`
    holders = [player for player in state["players"] if _hand(state, player) and
               (spec.get("player") != "opponent" or player != item["controller"])]
    if not holders:
        return None
    return f"records no {spec['op']} for {spec['text']!r}, and {', '.join(holders)} has cards in hand"
