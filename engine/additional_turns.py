"""Additional turns (Core Rules v1.3 734-738): "take a turn after this one" (Time Warp).

The `turn {player}` effect op inserts an additional turn owned by `player` into the turn queue right after the
current turn (735); the turn order itself does not change (737). Several queued turns are taken newest first, each
inserted after the current turn (738's examples: A plays two Time Warps, [A > A* > A* > B]; D's then B's
resolve during A's turn, [A > B* > D* > B]). After them the queue goes on with the turn that followed the last
regular turn. An additional turn is a whole turn: its player readies, holds, channels and draws as in any turn
(the rules skip nothing), and it counts as a turn (turns count every player's turn, docs/engine.md).

State: `additional_turns` lists the owners of the queued additional turns, next first; `regular_turn_player` is
the player of the regular turn the current additional turn follows (None during a regular turn).
"""
from __future__ import annotations

from typing import Any

from engine.objects import State, next_in_turn_order
from engine.rulings import Context


def turn_op(context: Context, item: dict[str, Any], effect: dict[str, Any], kept: set[str] | None) -> None:
    """Queue an additional turn for a player right after the current one (v1.3 735, 738)."""
    context.state["additional_turns"].insert(0, context.player(effect))


def next_turn_player(state: State) -> str:
    """Whose turn comes after the current one: the next queued additional turn (737), else the next player in turn
    order after the last regular turn (736)."""
    regular = state.get("regular_turn_player") or state["turn_player"]
    if state["additional_turns"]:
        state["regular_turn_player"] = regular
        return state["additional_turns"].pop(0)
    state["regular_turn_player"] = None
    return next_in_turn_order(state, regular)
