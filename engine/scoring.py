"""Points, scoring battlefields, and winning (rules 629-633, 2025-06-02 Core Rules)."""
from __future__ import annotations

from engine.rulings import Context


def gain_points(context: Context, player: str, amount: int) -> None:
    """A player gains points; reaching the victory score wins the game at once (rule 633).

    In a duel the game is the whole match (rule 644.6: best of 1), so the winner also wins the match.
    """
    state = context.state
    if state["winner"] is not None:
        return
    entry = state["players"][player]
    entry["points"] = max(0, entry["points"] + amount)
    if entry["points"] >= state["victory_score"]:
        win(context, player)


def win(context: Context, player: str) -> None:
    state = context.state
    state["winner"] = player
    state["match_winner"] = player
    state["phase"] = "over"
    state["chain"] = []
    state["priority"] = None
    state["passes"] = []


def score(context: Context, player: str, battlefield_id: str, how: str) -> None:
    """Score a battlefield by `how` ("hold" or "conquer"), at most once per battlefield per turn (rule 631).

    Rule 632.1.b: the final point through a conquer needs every battlefield scored this turn; otherwise the player
    draws a card instead (that draw is recorded by the players as a `draw`, the engine does not invent cards).
    """
    state = context.state
    if battlefield_id in state["scored_this_turn"]:
        return
    state["scored_this_turn"].append(battlefield_id)
    final_point = state["players"][player]["points"] == state["victory_score"] - 1
    scored_everything = {entry["id"] for entry in state["battlefields"]} <= set(state["scored_this_turn"])
    if how == "conquer" and final_point and not scored_everything:
        return
    gain_points(context, player, 1)


def hold(context: Context) -> None:
    """The scoring step of the beginning phase: the turn player scores each battlefield they control (630.2)."""
    state = context.state
    for entry in state["battlefields"]:
        if entry["controller"] == state["turn_player"]:
            score(context, state["turn_player"], entry["id"], "hold")
