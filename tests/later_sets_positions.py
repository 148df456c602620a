"""Positions with the gallery decks of tests/later_sets_table.py (one line each, docs/notation.md).

GALLERY_ARENA: turn 5, P1's action phase. P1 (Ana) holds Altar to Unity (bf1) with Enthusiastic Promoter (2,
Backline) and Clockwork Keeper (2); at base Master Yi, Tempered (4, Hunt 2) and Crowd Favorite (3, Hunt), Zhonya's
Hourglass beside them; six ready runes, Highlander and Wuju Apprentice in hand. P2 (Ben) holds Back-Alley Bar (bf2)
with LeBlanc, Fragmented (3, Assault, Deathknell); at base Gustwalker (3, Hunt 2) and Daring Poro (2); six ready
runes, Tactical Retreat, Ki Barrier, Chakram Dancer (Ambush), Time Warp and Bubble Bot in hand.
"""
from __future__ import annotations

GALLERY_P1 = ("P1 0 bf:Altar to Unity controls:bf1 champion:played deck:33 runedeck:6 "
              "hand:Highlander;Wuju Apprentice runes:3 Calm Rune;3 Body Rune base:Master Yi, Tempered;Crowd Favorite "
              "bf1:Enthusiastic Promoter;Clockwork Keeper gear:Zhonya's Hourglass")
GALLERY_P2 = ("P2 0 bf:Back-Alley Bar controls:bf2 champion:played deck:32 runedeck:6 "
              "hand:Tactical Retreat;Ki Barrier;Chakram Dancer;Time Warp;Bubble Bot runes:3 Mind Rune;3 Order Rune "
              "base:Gustwalker;Daring Poro bf2:LeBlanc, Fragmented")
GALLERY_ARENA = f"turn 5 P1 action first P1 | {GALLERY_P1} | {GALLERY_P2}"

# The same board on P2's turn 6 (P2 attacks Altar to Unity).
GALLERY_P2_TURN = GALLERY_ARENA.replace("turn 5 P1 action", "turn 6 P2 action")

# GALLERY_ARENA with Back-Alley Bar (bf2) empty and nobody's: LeBlanc waits at P2's base.
OPEN_BF2 = (GALLERY_ARENA.replace("P2 0 bf:Back-Alley Bar controls:bf2", "P2 0 bf:Back-Alley Bar")
            .replace("base:Gustwalker;Daring Poro bf2:LeBlanc, Fragmented",
                     "base:Gustwalker;Daring Poro;LeBlanc, Fragmented"))
