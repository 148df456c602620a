"""Points, scoring battlefields, and winning the game and the match (rules 629-633, 644-645, 2025-06-02 Core Rules).

A player scores a battlefield by Conquer (gaining control of it, 630.1) or Hold (controlling it in their beginning
phase, 630.2), at most once per battlefield per turn (631). The Final Point (632.1.b) needs a Hold, or a Conquer in a
turn in which the player scored every battlefield; a Conquer that does not qualify draws a card instead, which the
engine then awaits as a `draw` (the recorder names the card). Points from other sources (a card's `point` op, a
burn out) are not bound by the Final Point rule (632.1.a.1). Reaching the victory score wins the game at once
(633); in a best of three (645.6) the first player to win two games wins the match.

With teammates (2v2, 648): the team shares one score (648.6: the first team to reach the victory score wins; every
teammate's `points` is the team's), a battlefield a teammate of the turn player controlled during the turn's
beginning phase is disqualified from being scored by that team that turn (648.8.b, 630.1.a), and the Final Point
from a Conquer needs every battlefield scored except those the ally occupied during that beginning phase
(648.8.g.1). The winner is then the team (`winner` names it; v1.3 484.6.a.3: teammates win together).
"""
from __future__ import annotations

from typing import Any

from engine import due, mandatory_replacements, results, rulechanges, teams, turn_facts
from engine.rulings import Context


def gain_points(context: Context, player: str, amount: int) -> None:
    """A player gains points; reaching the victory score wins the game at once (rule 633)."""
    state = context.state
    if state["winner"] is not None:
        return
    points = max(0, state["players"][player]["points"] + amount)
    for member in teams.side(state, player):  # 648.6: a team shares its score
        state["players"][member]["points"] = points
    if amount > 0 and (state.get("time") or {}).get("sudden_death"):
        win(context, player, "time", "TR 408.4.c.3")  # the next point scored wins (timed single elimination)
    elif points >= rulechanges.victory_score(state):
        win(context, player)


def win(context: Context, player: str, by: str = "points", rule: str = "633") -> None:
    """`player` wins the game (633, 651.1), with their team in 2v2 (v1.3 484.6.a.3: `winner` then names the
    team). A duel is a best of one (644.6); in a best of three the match is won with two games (645.6).
    engine/results.py keeps each game's and the match's result, and how it was won (`by`, `rule`)."""
    results.end_game(context, teams.winner_name(context.state, player), by, rule)


def scored_this_turn(context: Context, player: str) -> list[str]:
    """The battlefields `player` scored this turn (rule 631)."""
    return context.state["scored_this_turn"].setdefault(player, [])


def score(context: Context, player: str, battlefield_id: str, how: str) -> None:
    """`player` scores a battlefield by `how` ("hold" or "conquer"): once per battlefield per turn (631), and the
    Final Point only as rule 632.1.b allows; a Conquer refused the Final Point draws a card instead (632.1.b.2)."""
    state = context.state
    if state["winner"] is not None:
        return
    scored = scored_this_turn(context, player)
    if battlefield_id in scored:
        return  # 631: once per battlefield per turn
    if how == "conquer":  # "Play me only to a battlefield you conquered this turn" (engine/turn_facts.py)
        turn_facts.note_conquered(state, player, battlefield_id)
    # Hold and Conquer effects trigger even where the point is negated or replaced (v1.4 383.4.c.2.c, 383.4.d.2.c)
    due.occurred(context, "holds" if how == "hold" else "conquers", player, battlefield=battlefield_id,
                 units=due.units_at(state, battlefield_id, player))
    if rulechanges.scoring_forbidden(state, player, battlefield_id):
        return  # a static rule ("opponents can't score points") keeps the score from happening (002)
    if battlefield_id in disqualified(state, player):
        return  # 648.8.b, 630.1.a: a teammate controlled it during this turn's beginning phase
    scored.append(battlefield_id)
    replaced = mandatory_replacements.point_replaced(state, player, rulechanges.player_turn_number(state, player))
    if replaced is not None:  # "If a player would score 1 point ..., they draw 1 instead." (Otterpus; v1.4 371.2)
        state["owed_draws"][player] = state["owed_draws"].get(player, 0) + replaced[1]
        return
    final_point = state["players"][player]["points"] == rulechanges.victory_score(state) - 1
    needed = {entry["id"] for entry in state["battlefields"]}
    if state.get("ally_occupied") and player in teams.side(state, state["turn_player"]):
        needed -= set(state["ally_occupied"])  # 648.8.g.1: except those the ally occupied in the beginning phase
    scored_everything = needed <= set(scored)
    if how == "conquer" and final_point and not scored_everything:
        owed = state["owed_draws"]
        owed[player] = owed.get(player, 0) + 1
        return
    gain_points(context, player, 1)
    if how == "hold":  # "for each point you scored from holding this turn" (engine/turn_facts.py)
        turn_facts.note(state, player, "held_points")


def hold(context: Context) -> None:
    """The scoring step of the beginning phase: the turn player scores each battlefield they control (630.2)."""
    state = context.state
    for entry in state["battlefields"]:
        if entry["controller"] == state["turn_player"]:
            score(context, state["turn_player"], entry["id"], "hold")


def disqualified(state: dict[str, Any], player: str) -> list[str]:
    """The battlefields `player`'s team may not score this turn (648.8.b, 630.1.a): those a teammate of the turn
    player controlled during the turn's beginning phase; none for the other team."""
    found = state.get("disqualified")
    if not found or player not in teams.side(state, state["turn_player"]):
        return []
    return found


def note_beginning_phase(state: dict[str, Any]) -> None:
    """In the turn player's beginning phase, note the battlefields their teammates control (disqualified, 648.8.b)
    and those where their teammates have units (occupied, for the Final Point, 648.8.g.1)."""
    mates = teams.teammates(state, state["turn_player"])
    if not mates:
        return
    objects = state["objects"]
    for entry in state["battlefields"]:
        if entry["controller"] in mates and entry["id"] not in state["disqualified"]:
            state["disqualified"].append(entry["id"])
        occupied = any(objects[unit]["controller"] in mates and objects[unit]["type"] == "Unit"
                       for unit in entry["units"])
        if occupied and entry["id"] not in state["ally_occupied"]:
            state["ally_occupied"].append(entry["id"])
