"""Invitations (004 531.2, Core Rules v1.3 316.2.b.1): `invite {player, invitee}`.

- Into a chain or a showdown (004 531.2.a): the active player, the one with priority (or with Focus in an open
  showdown), invites a player who is not relevant to it now (a player outside the combat under way, 531.1) to act
  instead of themselves. The invitation is a limited action; the invitee gets priority.
- On the turn player's turn, in the neutral open state of their action phase (516.2.b.1-c, v1.3 316.2.b.1): the
  turn player invites a teammate, with their own priority, to play a spell or activate an ability.

The invitee answers by acting or by passing. Acting accepts (531.2.a.2-4; engine/timing.py checks the card): they
play a card or activate an ability at the current timing, become the active player, and stay relevant for the rest
of that chain or showdown (531.2.a.3). A `pass` refuses (531.2.a.1): they do not become relevant, and priority goes
back to the player who invited them. An invitation not answered before the chain changes lapses.

A leaf: it imports only `teams`, `timing`, `rulings` and `errors`.
"""
from __future__ import annotations

from typing import Any

from engine import teams, timing
from engine.rulings import Context


def invite(context: Context, event: dict[str, Any]) -> None:
    """The `invite` event: who may invite whom, and when (531.2.a, v1.3 316.2.b.1)."""
    state = context.state
    player = context.player(event)
    invitee = context.player(event, "invitee")
    if state["turn_player"] is None or state["phase"] in ("setup", "over"):
        context.fail("531.2.a", f"{player} invites {invitee}, but no turn is under way")
    if player == invitee:
        context.fail("531.2.a", f"{player} invites themselves: an invitation is for another player")
    if teams.is_removed(state, invitee):
        context.fail("651.3", f"{player} invites {invitee}, who has left the game")
    pending = state.get("invitation")
    context.check(pending is None, "531.2.a", f"{player} invites {invitee} while {pending and pending['invitee']} "
                                              f"has not answered {pending and pending['player']}'s invitation")
    if state["chain"] or state["showdown"] is not None:
        holder = state["priority"]
        context.check(player == holder, "531.2.a", f"{player} invites {invitee}, but {holder} is the active player: "
                                                   f"only the player with priority may invite another to act "
                                                   f"instead of themselves")
        context.check(invitee not in timing.relevant_players(state), "531.2.a",
                      f"{player} invites {invitee}, who is relevant to this "
                      f"{'chain' if state['chain'] else 'showdown'} already: only a player not currently "
                      f"relevant may be invited")
    else:
        context.check(state["phase"] == "action" and player == state["turn_player"]
                      and state["priority"] == player, "v1.3 316.2.b.1",
                      f"{player} invites {invitee} during the {state['phase']} phase of {state['turn_player']}'s "
                      f"turn: in a neutral state only the turn player invites, with their own priority in their "
                      f"action phase")
        context.check(teams.are_teammates(state, player, invitee), "v1.3 316.2.b.1",
                      f"{player} invites {invitee}, who is not their teammate: on a player's turn only their "
                      f"teammates may be invited to play spells and activate abilities (516.2.b.1)")
    state["invitation"] = {"player": player, "invitee": invitee}
    state["priority"] = invitee


def is_invited(state: dict[str, Any], player: str) -> bool:
    """Whether `player` has an invitation they have not answered."""
    invitation = state.get("invitation")
    return invitation is not None and invitation["invitee"] == player


def decline(context: Context, player: str) -> None:
    """The invitee passes: the invitation is refused (531.2.a.1) and priority goes back to whoever invited."""
    state = context.state
    inviter = state["invitation"]["player"]
    state["invitation"] = None
    state["priority"] = inviter
