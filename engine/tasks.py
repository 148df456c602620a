"""Outstanding tasks: what the game must still do after an action, carried out by the fold in order.

Core Rules v1.3 334-335: a task is a step or process the players must perform before anything else (cleanups,
the steps of combat, the start and end of turn); whenever an action incurs tasks, they are handled first ("Handle
Outstanding Tasks"), and a task that incurs more tasks is paused for them (335.2.a), as a cleanup that qualifies
for another cleanup is followed by it at once (322). A rules module never calls the module that runs a task: it
makes the task outstanding with `context.schedule(name, *args)`, and `run` carries the tasks out here. That keeps
the rules modules from calling each other in circles (a cleanup begins a combat, whose resolution asks for a
cleanup) and gives each of them one direction: down, to the leaves.
"""
from __future__ import annotations

from typing import Callable

from engine import cleanup, combat, showdown, timing, turn
from engine.rulings import Context

TASKS: dict[str, Callable[..., None]] = {
    "cleanup": cleanup.cleanup,  # 004 518-526, v1.3 318-324
    "combat": combat.begin,  # a staged combat begins at a battlefield (004 526, 624)
    "combat joins showdown": combat.join_showdown,  # a non-combat showdown becomes a combat's (v1.4 323.14)
    "showdown": showdown.begin_contested,  # a staged showdown begins (004 525, later revision 340.2)
    "damage step": combat.damage_step,  # after a combat's showdown (345.1, 626)
    "chain resolved": showdown.after_resolution,  # Focus after a showdown's chain resolved (343)
    "focus after removal": showdown.after_removal,  # a player left during a showdown (652.5.b)
    "next turn": turn.next_turn,  # after the end of turn's cleanup (517)
    "turn left": turn.turn_left,  # the turn player left the game (652.5.a.1)
    "priority": lambda context: timing.after_chain_change(context.state),  # who acts next (333.1.c.3, 336.4)
}


def run(context: Context) -> None:
    """Carry out the outstanding tasks in the order they were made outstanding; the tasks a task makes outstanding
    are carried out right after it, before those already waiting (335.2.a)."""
    while context.outstanding:
        name, args = context.outstanding.pop(0)
        later, context.outstanding = context.outstanding, []
        TASKS[name](context, *args)
        context.outstanding.extend(later)
