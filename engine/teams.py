"""Teams and the players still in the game (004 648, Core Rules v1.3 484, 651-652).

A leaf: plain functions over the state, imported by the rules modules that need to know who plays with whom.

- In 2v2 (648) each player has a `team` (contract section 6: `players[*].team`); teammates are not opponents
  (648.2: "2 opponents each, 1 teammate"), their objects are friendly to each other (648.8.d), and the team shares
  one score (648.6: "the first team to reach the Victory Score"). In every other mode a player is alone.
- A player who conceded or took a game loss while the game goes on (651.2, 652) is removed: they are listed in
  `state["removed"]`, no longer a relevant player, no longer in the turn order's rotation, and no longer anyone's
  opponent (651.3: they can no longer make choices or otherwise influence the game).
"""
from __future__ import annotations

from typing import Any

State = dict[str, Any]


def team_of(state: State, player: str) -> str | None:
    """The team `player` plays in, or None in a mode without teams."""
    return state["players"][player].get("team")


def side(state: State, player: str) -> list[str]:
    """`player` and their teammates, in turn order (listing order before it is fixed)."""
    team = team_of(state, player)
    if team is None:
        return [player]
    order = state["turn_order"] or list(state["players"])
    return [other for other in order if state["players"][other].get("team") == team]


def teammates(state: State, player: str) -> list[str]:
    """The other players of `player`'s team (648.2: one teammate in 2v2), none in a mode without teams."""
    return [other for other in side(state, player) if other != player]


def are_teammates(state: State, player: str, other: str) -> bool:
    return other != player and other in teammates(state, player)


def is_removed(state: State, player: str) -> bool:
    """Whether `player` left the game while it goes on (651.2)."""
    return player in state.get("removed", ())


def remaining(state: State) -> list[str]:
    """The players still in the game, in turn order."""
    order = state["turn_order"] or list(state["players"])
    removed = state.get("removed") or ()
    return [player for player in order if player not in removed] if removed else list(order)


def teams(state: State) -> dict[str, list[str]]:
    """Each team and its players in listing order ({} in a mode without teams)."""
    found: dict[str, list[str]] = {}
    for player, entry in state["players"].items():
        if entry.get("team") is not None:
            found.setdefault(entry["team"], []).append(player)
    return found


def winner_name(state: State, player: str) -> str:
    """Who wins when `player` wins: their team in a mode with teams (v1.3 484.6.a.3), else the player."""
    return team_of(state, player) or player


def winners(state: State, winner: str | None) -> list[str]:
    """The players a `winner` (a player or a team) names."""
    if winner is None:
        return []
    if winner in state["players"]:
        return [winner]
    return teams(state).get(winner, [])
