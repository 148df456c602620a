"""Ambush (Core Rules v1.3 822): "I may be played to a battlefield where you control units" and "I have [Reaction]
as long as I'm being played to a battlefield where you control units" (822.1.b).

The process of play (engine/play.py) asks `ambushes` while it checks the play's timing and its location: a unit
with Ambush played to a battlefield where its player has units is a Reaction card for that play and may go there
even if that player does not control the battlefield (a combat's showdown at a battlefield they attack). A
battlefield where they have no unit gives Ambush no permission (822.3).
"""
from __future__ import annotations

from typing import Any

from engine.objects import State, battlefield, is_location, resolve_location


def ambushes(state: State, player: str, card: dict[str, Any], to: str | None) -> bool:
    """Whether this play of `card` by `player` to `to` uses Ambush's permission (v1.3 822.1.b, 822.3)."""
    if "Ambush" not in card.get("keywords", []) or card.get("type") != "Unit" or to is None:
        return False
    location = resolve_location(state, player, to)
    if location.startswith("base:") or not is_location(state, location):
        return False
    return any(state["objects"][unit_id]["controller"] == player for unit_id in battlefield(state, location)["units"])
