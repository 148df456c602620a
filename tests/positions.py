"""Positions for the rules tests of moves, showdowns, combat, control and scoring (one line each, docs/notation.md).

ARENA: turn 5, P1's action phase. P1 has three ready units at base (Legion Rearguard 2, Chemtech Enforcer 2 with
Assault 2, Flame Chompers 3), six ready runes and Gust, Shakedown and Super Mega Death Rocket! in hand. P2 controls
Altar to Unity (bf2) with Sunlit Guardian (3, Shield, Tank) and Stalwart Poro (2, Shield) there, Clockwork Keeper at
base, six ready runes and Stupefy and Discipline in hand. Zaun Warrens (bf1) is nobody's.
"""
from __future__ import annotations

P1_ARENA = ("P1 0 bf:Zaun Warrens deck:33 runedeck:6 hand:Gust;Shakedown;Super Mega Death Rocket! "
            "runes:3 Fury Rune;3 Chaos Rune base:Legion Rearguard;Chemtech Enforcer;Flame Chompers")
P2_ARENA = ("P2 0 bf:Altar to Unity controls:bf2 deck:34 runedeck:6 hand:Stupefy;Discipline "
            "runes:3 Calm Rune;3 Mind Rune base:Clockwork Keeper bf2:Sunlit Guardian;Stalwart Poro")
ARENA = f"turn 5 P1 action first P1 | {P1_ARENA} | {P2_ARENA}"

# ARENA, but P2 defends Altar to Unity with two units without Tank: Stalwart Poro (2, Shield) and Clockwork Keeper
# (2); Sunlit Guardian waits at base.
NO_TANK = ARENA.replace("base:Clockwork Keeper bf2:Sunlit Guardian;Stalwart Poro",
                        "base:Sunlit Guardian bf2:Stalwart Poro;Clockwork Keeper")

# ARENA, with P1 holding Zaun Warrens (bf1) with Flame Chompers instead of keeping it at base.
BOTH_HELD = ARENA.replace("base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
                          "controls:bf1 base:Legion Rearguard;Chemtech Enforcer bf1:Flame Chompers")

# ARENA, with combats pending at both battlefields, both contested by P1: Chemtech Enforcer meets Clockwork Keeper at
# Zaun Warrens (bf1), Flame Chompers meets Sunlit Guardian and Stalwart Poro at Altar to Unity (bf2); the turn
# player chooses where the first begins (526).
TWO_COMBATS = (ARENA.replace("base:Legion Rearguard;Chemtech Enforcer;Flame Chompers",
                             "base:Legion Rearguard bf1:Chemtech Enforcer bf2:Flame Chompers")
               .replace("base:Clockwork Keeper bf2:", "bf1:Clockwork Keeper bf2:")
               .replace("P1 0 bf:Zaun Warrens", "P1 0 bf:Zaun Warrens contests:bf1;bf2"))


def with_points(line: str, p1: int, p2: int) -> str:
    """The same position with other scores."""
    return line.replace("P1 0 ", f"P1 {p1} ").replace("P2 0 ", f"P2 {p2} ")


def transcript(*lines: str, mode: str = "duel") -> str:
    """A whole match in the notation between Ana (P1) and Ben (P2) with the demo decks: its header, then `lines`
    (a `position ...` line or a game's events), for tests that record a match and read it back in the viewer."""
    header = (f'[Mode "{mode}"]', '[P1 "Ana"]', '[P1Deck "demo deck 1"]', '[P2 "Ben"]', '[P2Deck "demo deck 2"]')
    return "\n".join((*header, "", *lines)) + "\n"


# A combat at Altar to Unity (bf2): P1 attacks with three units, both pass Focus (the damage step, P1 to assign
# 9), then P1 assigns lethal damage to both defenders (P2 to assign 7).
COMBAT = (f"position {ARENA}", "P1 move Legion Rearguard; Chemtech Enforcer; Flame Chompers -> bf2",
          "P1 pass", "P2 pass", "P1 assign Sunlit Guardian 4; Stalwart Poro 5")

# Each kind of `pass`: P1 plays Gust and both pass priority, P1 ends the turn, and P2 passes to end the beginning
# step of turn 6 (Hold scores Altar to Unity for P2).
PASSES = (f"position {BOTH_HELD}", "P1 play Gust -> Sunlit Guardian $1", "P1 pass", "P2 pass",
          "resolve Gust: return Sunlit Guardian -> hand", "P1 end turn", "P2 pass")
