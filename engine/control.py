"""Control of battlefields and the Contested status (2025-06-02 Core Rules 179-183).

Control is held by presence: a player who controls units at a battlefield outside combat controls it (181.4.a),
keeps it while an opponent contests it (181.4.b), and loses it the moment they have no units there (181.4.d), a
constant state with no timing (181.5). A battlefield becomes Contested when a unit arrives whose controller does
not control it (181.3.a); the state remembers who applied it (`contested_by`), since that player gains Focus in
the showdown (later revision 341) and is the attacker in the combat (625.1.a.1). Contested lasts until control is
established or re-established (181.3.b): after a showdown (345.2.a) or a combat (627.4), and in a v1.4 match also
once its player's units have left it (v1.4 323.11, at a cleanup).
"""
from __future__ import annotations

from typing import Any

from engine import scoring
from engine.objects import State, battlefield
from engine.rulings import Context


def units_at(state: State, battlefield_id: str) -> list[dict[str, Any]]:
    """The units at a battlefield, in the order they arrived."""
    objects = state["objects"]
    return [objects[object_id] for object_id in battlefield(state, battlefield_id)["units"]
            if objects[object_id]["type"] == "Unit"]


def players_at(state: State, battlefield_id: str) -> list[str]:
    """The players who control units at a battlefield, in turn order."""
    present = {unit["controller"] for unit in units_at(state, battlefield_id)}
    return [player for player in state["turn_order"] if player in present]


def arrive(state: State, unit: dict[str, Any], battlefield_id: str) -> None:
    """A unit has moved to, been played to or otherwise become present at a battlefield (181.3.a): a controller
    who does not control it contests it, unless it is contested already."""
    entry = battlefield(state, battlefield_id)
    if unit["type"] == "Unit" and entry["controller"] != unit["controller"] and not entry["contested"]:
        entry["contested"] = True
        entry["contested_by"] = unit["controller"]


def lose_absent_control(state: State) -> None:
    """Rule 181.4.d: a player with no units at a battlefield has no control of it."""
    for entry in state["battlefields"]:
        controller = entry["controller"]
        if controller is not None and controller not in players_at(state, entry["id"]):
            entry["controller"] = None


def lose_absent_control_in_open_state(state: State) -> None:
    """v1.4 323.6 (cleanup step 4): players lose control of battlefields without their units if the turn is in an
    open state (no chain) and there is no showdown or combat there."""
    if state["chain"]:
        return
    ongoing = {fight["battlefield"] for fight in (state["showdown"], state["combat"]) if fight is not None}
    for entry in state["battlefields"]:
        controller = entry["controller"]
        if controller is not None and entry["id"] not in ongoing and controller not in players_at(state, entry["id"]):
            entry["controller"] = None


def clear_contested(entry: dict[str, Any]) -> None:
    """Rules 181.3.b, 627.4: control was established or re-established."""
    entry["contested"] = False
    entry["contested_by"] = None


def remove_abandoned_contested(state: State) -> None:
    """v1.4 323.11 (cleanup step 8): Contested is removed from each battlefield where the player who applied it has
    no units and no showdown or combat is under way; then, where units are left at such a battlefield whose
    controller does not control it, that player applies Contested (323.11.a: the first of them in turn order, should
    there be two, who then meet in a combat)."""
    ongoing = {fight["battlefield"] for fight in (state["showdown"], state["combat"]) if fight is not None}
    for entry in state["battlefields"]:
        if not entry["contested"] or entry["id"] in ongoing:
            continue
        present = players_at(state, entry["id"])
        if entry["contested_by"] in present:
            continue
        clear_contested(entry)
        contesters = [player for player in present if player != entry["controller"]]
        if contesters:
            entry["contested"], entry["contested_by"] = True, contesters[0]


def establish(context: Context, battlefield_id: str, player: str) -> None:
    """`player` gains control of a battlefield (345.2.a, 627.3.a); gaining control of a battlefield they did not
    yet score this turn is a Conquer (630.1)."""
    entry = battlefield(context.state, battlefield_id)
    clear_contested(entry)
    if entry["controller"] == player:
        return
    entry["controller"] = player
    scoring.score(context, player, battlefield_id, "conquer")
