"""Modes of play (rules 640-648): what a mode fixes for a game.

The duel (644) and the best-of-three match (645) are implemented; the other modes of the contract are refused with
a clear message.
"""
from __future__ import annotations

from typing import Any

from engine.catalog import TOKEN_KINDS
from engine.errors import MalformedEvent

MODES: dict[str, dict[str, Any]] = {
    # Rule 644: 2 players, victory score 8, 2 battlefields, best of 1; the second player channels an extra rune
    # in their first channel phase (644.7).
    "duel": {"rule": "644", "players": 2, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 1},
    # Rule 645: the same game, played as a best of three (645.6), each game on battlefields not used before (645.5).
    "match": {"rule": "645", "players": 2, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 2},
}
PLANNED = ("ffa3", "ffa4", "2v2")
# The unit and gear token kinds (v1.3 184; catalog.TOKEN_KINDS): a match takes the facts its catalog has of them.
TOKENS = ("Recruit", *(name for name, card_type, *_ in TOKEN_KINDS if card_type in ("Unit", "Gear")))


def mode(name: str) -> dict[str, Any]:
    """The facts of a mode of play; a mode the engine does not implement yet is refused."""
    if name in MODES:
        return MODES[name]
    if name in PLANNED:
        raise MalformedEvent(f"mode {name!r} is not supported by this engine yet (only 'duel' and 'match')")
    raise MalformedEvent(f"unknown mode {name!r}; modes are duel, match, ffa3, ffa4, 2v2")
