"""What the viewer shows of a showdown or a combat under way, and of the games of a best of three.

Presentation only: the engine decides everything (engine/showdown.py, engine/combat.py); this module reads its
state fields into what one panel of the page needs, so the template stays a layout.
"""
from __future__ import annotations

from typing import Any

COMBAT_STEPS = ("showdown", "damage", "resolution")  # rules 624-627, in order


def fight(state: dict[str, Any]) -> dict[str, Any] | None:
    """The showdown or combat of this state, None when there is neither.

    {kind: "combat" | "showdown", battlefield: the battlefields[] entry, attacker, defender, focus, passes,
    initial_chain, steps: [(step, "done" | "current" | "next")] for a combat, assignments: [{player, amount,
    against: whose units take it, status: "now" | "next" | "done"}] in the damage step, attackers and defenders:
    the unit ids designated at the battlefield}. In a showdown without combat, `attacker` is the player who applied Contested (341)."""
    showdown, combat = state.get("showdown"), state.get("combat")
    if not showdown and not combat:
        return None
    current = combat or showdown
    field_id = current.get("battlefield")
    field = next((entry for entry in state.get("battlefields") or [] if entry.get("id") == field_id),
                 {"id": field_id, "name": field_id, "units": []})
    objects = state.get("objects") or {}
    units = [unit for unit in field.get("units") or [] if isinstance(unit, str)]
    summary: dict[str, Any] = {
        "kind": "combat" if combat else "showdown",
        "battlefield": field,
        "attacker": current.get("attacker"),
        "defender": current.get("defender"),
        "focus": state.get("focus") if showdown else None,
        "passes": list((showdown or {}).get("passes") or []),
        "initial_chain": (showdown or {}).get("initial_chain"),
        "steps": [],
        "assignments": [],
        "attackers": [unit for unit in units if (objects.get(unit) or {}).get("attacker")],
        "defenders": [unit for unit in units if (objects.get(unit) or {}).get("defender")],
    }
    if combat:
        step = combat.get("step")
        reached = COMBAT_STEPS.index(step) if step in COMBAT_STEPS else -1
        summary["steps"] = [(name, "done" if index < reached else "current" if index == reached else "next")
                            for index, name in enumerate(COMBAT_STEPS)]
        to_assign = list(combat.get("to_assign") or [])
        for player, amount in (combat.get("amounts") or {}).items():
            status = "done" if player not in to_assign else "now" if to_assign[0] == player else "next"
            against = combat.get("defender") if player == combat.get("attacker") else combat.get("attacker")
            summary["assignments"].append({"player": player, "amount": amount, "against": against, "status": status})
    return summary


def games_won(state: dict[str, Any]) -> dict[str, int]:
    """How many games of the match each player has won so far (`games`: [{game, winner}]), every player listed."""
    won = {player: 0 for player in state.get("players") or {}}
    for game in state.get("games") or []:
        winner = (game or {}).get("winner")
        if winner is not None:
            won[winner] = won.get(winner, 0) + 1
    return won


def units_by_player(state: dict[str, Any], field: dict[str, Any]) -> list[tuple[str | None, list[str]]]:
    """A battlefield's units grouped by controller, players in turn order (so each side of a fight reads as one
    group), then any unit whose controller this view does not show."""
    objects = state.get("objects") or {}
    units = [unit for unit in field.get("units") or [] if isinstance(unit, str)]
    players = list(state.get("turn_order") or state.get("players") or [])
    groups: list[tuple[str | None, list[str]]] = []
    for player in players:
        mine = [unit for unit in units if (objects.get(unit) or {}).get("controller") == player]
        if mine:
            groups.append((player, mine))
    others = [unit for unit in units if (objects.get(unit) or {}).get("controller") not in players]
    if others:
        groups.append((None, others))
    return groups
