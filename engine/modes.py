"""Modes of play (004 640-648, Core Rules v1.3 476-484): what a mode fixes for a game.

Each mode names its rule and fixes the number of players (642.1), whether they play in teams (642.2), the victory
score (642.3), how many battlefields are in play and whose (642.4, 642.5), the format (642.6) and the first turn's
adjustments (642.7):

- the duel (644) and the best-of-three match (645): two players, 8 points, both players' battlefields, the second
  player channels an extra rune on their first turn (644.7, 645.7);
- FFA3, Skirmish (646): three players, 8 points, three battlefields, one from each player (646.5);
- FFA4, War (647) and 2v2, Magma Chamber (648): four players, three battlefields, the first player's not used
  (647.4.b, 648.4.b); 8 points in War, 11 for a team in Magma Chamber (648.3, 648.6);
- in the three modes of more than two players the first player does not draw in their first draw phase and the
  last player in turn order channels the extra rune (646.7, 647.7, 648.7; v1.3 484.7 names the draw phase where
  004 648.7 says "Channel Phase").
"""
from __future__ import annotations

from typing import Any

from engine.catalog import TOKEN_KINDS
from engine.errors import MalformedEvent

MODES: dict[str, dict[str, Any]] = {
    # Rule 644: 2 players, victory score 8, 2 battlefields, best of 1; the second player channels an extra rune
    # in their first channel phase (644.7).
    "duel": {"rule": "644", "players": 2, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 1,
             "battlefields": 2, "first_brings_battlefield": True, "first_draws": True, "extra_rune": "second",
             "teams": False},
    # Rule 645: the same game, played as a best of three (645.6), each game on battlefields not used before (645.5).
    "match": {"rule": "645", "players": 2, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 2,
              "battlefields": 2, "first_brings_battlefield": True, "first_draws": True, "extra_rune": "second",
              "teams": False},
    "ffa3": {"rule": "646", "players": 3, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 1,
             "battlefields": 3, "first_brings_battlefield": True, "first_draws": False, "extra_rune": "last",
             "teams": False},
    "ffa4": {"rule": "647", "players": 4, "victory_score": 8, "extra_first_runes": 1, "games_to_win": 1,
             "battlefields": 3, "first_brings_battlefield": False, "first_draws": False, "extra_rune": "last",
             "teams": False},
    "2v2": {"rule": "648", "players": 4, "victory_score": 11, "extra_first_runes": 1, "games_to_win": 1,
            "battlefields": 3, "first_brings_battlefield": False, "first_draws": False, "extra_rune": "last",
            "teams": True},
}
# The unit and gear token kinds (v1.3 184; catalog.TOKEN_KINDS): a match takes the facts its catalog has of them.
TOKENS = ("Recruit", *(name for name, card_type, *_ in TOKEN_KINDS if card_type in ("Unit", "Gear")))


def mode(name: str) -> dict[str, Any]:
    """The facts of a mode of play; an unknown mode is malformed."""
    if name in MODES:
        return MODES[name]
    raise MalformedEvent(f"unknown mode {name!r}; modes are {', '.join(MODES)}")


def facts_of(state: dict[str, Any]) -> dict[str, Any]:
    """The facts of a state's mode."""
    return MODES[state["mode"]]


def rule(state: dict[str, Any], part: str) -> str:
    """The number of a mode's own rule `part` (e.g. "7" for the first turn process: 644.7, 646.7, ...)."""
    return f"{MODES[state['mode']]['rule']}.{part}"
