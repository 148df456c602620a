"""What each viewer may see of a state (contract section 2; privacy, rule 127).

- "judge": everything recorded.
- a player ("P1"): public information plus that player's private information: their own hand.
- "spectator": public information only: hand counts, not hands.
Cards in a main deck are secret to everyone (107.3.c) and never appear; facedown cards are private to their
controller (127.4).
"""
from __future__ import annotations

import marshal
from typing import Any

from engine.objects import State

INTERNAL = ("cards", "card_codes", "next_id", "passes", "scored_this_turn", "victory_score")
INTERNAL_PLAYER = ("deck", "decklist", "runelist", "rune_deck", "setup", "set_aside", "channeled_once",
                   "battlefield_choices", "legend_card", "champion_card")
INTERNAL_OBJECT = ("printed_might", "printed_keywords", "incarnation", "modifiers")


def viewers(state: State) -> list[str]:
    return ["judge", "spectator", *state["players"]]


def view(state: State, viewer: str = "judge") -> dict[str, Any]:
    """The state as `viewer` may see it; raises ValueError for an unknown viewer."""
    if viewer not in viewers(state):
        raise ValueError(f"unknown view {viewer!r}; views are {', '.join(viewers(state))}")
    public = marshal.loads(marshal.dumps(state))  # a whole copy: the caller may change it freely
    if viewer == "judge":
        return public
    for key in INTERNAL:
        public.pop(key, None)
    for player, entry in public["players"].items():
        for key in INTERNAL_PLAYER:
            entry.pop(key, None)
    for obj in public["objects"].values():
        for key in INTERNAL_OBJECT:
            obj.pop(key, None)
        hidden = obj["zone"] == "hand" and obj["owner"] != viewer or obj["zone"] == "aside" and obj["owner"] != viewer
        if hidden:
            obj.update(card=None, type=None, might=None, keywords=[])
    for item in public["chain"]:
        item.pop("target_incarnations", None)
    return public
