"""Points, scoring battlefields, and winning the game and the match (rules 629-633, 644-645, 2025-06-02 Core Rules).

A player scores a battlefield by Conquer (gaining control of it, 630.1) or Hold (controlling it in their beginning
phase, 630.2), at most once per battlefield per turn (631). The Final Point (632.1.b) needs a Hold, or a Conquer in a
turn in which the player scored every battlefield; a Conquer that does not qualify draws a card instead, which the
engine then awaits as a `draw` (the recorder names the card). Points from other sources (a card's `point` op, a
burn out) are not bound by the Final Point rule (632.1.a.1). Reaching the victory score wins the game at once
(633); in a best of three (645.6) the first player to win two games wins the match.
"""
from __future__ import annotations

from engine import rulechanges
from engine.rulings import Context


def gain_points(context: Context, player: str, amount: int) -> None:
    """A player gains points; reaching the victory score wins the game at once (rule 633)."""
    state = context.state
    if state["winner"] is not None:
        return
    entry = state["players"][player]
    entry["points"] = max(0, entry["points"] + amount)
    if entry["points"] >= rulechanges.victory_score(state):
        win(context, player)


def win(context: Context, player: str) -> None:
    """`player` wins the game (633, 651.1). A duel is a best of one (644.6); in a best of three the match is won
    with two games (645.6)."""
    state = context.state
    if state["winner"] is not None:
        return  # a game is won once: a concession flagged after it is over (633) wins nothing more
    state["winner"] = player
    state["games"].append({"game": state["game"], "winner": player})
    wins = sum(1 for game in state["games"] if game["winner"] == player)
    if wins >= state["games_to_win"]:
        state["match_winner"] = player
    state["phase"] = "over"
    state["chain"] = []
    state["priority"] = None
    state["focus"] = None
    state["showdown"] = None
    state["combat"] = None
    state["choice"] = None
    state["owed_draws"] = {}
    state["passes"] = []


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
    if battlefield_id in scored or rulechanges.scoring_forbidden(state, player, battlefield_id):
        return  # a static rule ("opponents can't score points") keeps the score from happening (002)
    scored.append(battlefield_id)
    final_point = state["players"][player]["points"] == rulechanges.victory_score(state) - 1
    scored_everything = {entry["id"] for entry in state["battlefields"]} <= set(scored)
    if how == "conquer" and final_point and not scored_everything:
        owed = state["owed_draws"]
        owed[player] = owed.get(player, 0) + 1
        return
    gain_points(context, player, 1)


def hold(context: Context) -> None:
    """The scoring step of the beginning phase: the turn player scores each battlefield they control (630.2)."""
    state = context.state
    for entry in state["battlefields"]:
        if entry["controller"] == state["turn_player"]:
            score(context, state["turn_player"], entry["id"], "hold")
