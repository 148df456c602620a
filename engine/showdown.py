"""Showdowns and Focus (later revision 337-345, with 308-313 on the states of the turn).

A showdown opens at a battlefield as the first step of a combat (340.1), or, without a combat, in the cleanup after
an action that contested a battlefield nobody controlled (340.2). The player who applied Contested gains Focus
(341), and with it Priority (313.2). A combat's showdown may begin with an Initial Chain of "when I attack" and "when
I defend" triggers (342); after it resolves Focus stays where it was (343.1), while after any other chain Focus
passes to the next player (343). With no chain, the player with Focus plays a legally timed card (Action or
Reaction, 308.1.a), activates an ability, or passes Focus (344); once every relevant player passed in sequence, the
showdown ends (344.3.a, 345).

`state["showdown"]` is {battlefield, combat, attacker, defender, initial_chain, passes}: `initial_chain` is null
while the showdown may still begin with an initial chain (nothing has happened in it yet), true while the chain open
is its initial chain, and false otherwise. A showdown without combat takes the triggers of the move that opened it
("when I move") the same way: at the table they would be on the chain before the showdown opened (340.2, 525), so
the mover keeps Focus after them; `passes` lists the players who passed Focus in sequence; `trigger_chain` (v1.4
matches only, present only while true): the chain open was opened by a triggered ability (note_trigger_chain).
"""
from __future__ import annotations

from typing import Any

from engine import control, timing
from engine.editions import edition_of
from engine.objects import battlefield, next_in_turn_order
from engine.rulings import Context


def begin(context: Context, battlefield_id: str, attacker: str, defender: str | None, is_combat: bool) -> None:
    """Open a showdown at a battlefield; `attacker` applied Contested and gains Focus (341)."""
    state = context.state
    state["showdown"] = {"battlefield": battlefield_id, "combat": is_combat, "attacker": attacker,
                         "defender": defender, "initial_chain": None, "passes": []}
    give_focus(state, attacker)


def begin_contested(context: Context, battlefield_id: str) -> None:
    """A showdown without combat at a battlefield nobody controls (340.2): the player who applied Contested there
    gains Focus."""
    contester = battlefield(context.state, battlefield_id)["contested_by"]
    begin(context, battlefield_id, contester, None, is_combat=False)


def after_resolution(context: Context, in_showdown: bool) -> None:
    """After an item resolved and the cleanup that follows it: if that emptied the chain of a showdown still
    under way, Focus moves on (343); then priority goes where the chain or the showdown gives it."""
    state = context.state
    if in_showdown and not state["chain"] and state["showdown"] is not None:
        chain_resolved(context)
    timing.after_chain_change(state)


def give_focus(state: dict[str, Any], player: str) -> None:
    """A player who gains Focus also gains Priority (313.2) and is the active player (625.1.e)."""
    state["focus"] = player
    state["priority"] = player
    state["active_player"] = player


def acted(state: dict[str, Any]) -> None:
    """A card was played or an ability activated in the showdown (see timing.acted_in_showdown)."""
    timing.acted_in_showdown(state)


def joins_initial_chain(state: dict[str, Any]) -> bool:
    """Whether a trigger recorded now belongs to the showdown's Initial Chain (342.1): nothing else has happened in
    the showdown yet, and the chain holds only initial items."""
    showdown = state["showdown"]
    if showdown is None or showdown["initial_chain"] is False:
        return False
    return all(item.get("initial") for item in state["chain"])


def check_initial_order(context: Context, player: str) -> None:
    """Rule 342.1.a: the player with Focus adds their triggers first, then the players without the Defender
    designation in turn order, and the defender last."""
    state = context.state
    showdown = state["showdown"]
    order = [showdown["attacker"]] + [other for other in state["turn_order"]
                                      if other not in (showdown["attacker"], showdown["defender"])]
    order.append(showdown["defender"])
    placed = [item["controller"] for item in state["chain"] if item.get("initial")]
    later = [other for other in placed if order.index(other) > order.index(player)]
    if later:
        context.flag("342.1.a", f"{player} adds a trigger to the initial chain after {later[-1]}: the attacker's "
                                f"triggers go first and the defender's last")


def pass_focus(context: Context, player: str) -> None:
    """Rule 344.3: the player with Focus passes; once all relevant players passed in sequence the showdown ends
    (344.3.a), otherwise Focus passes to the next player in turn order (344.4)."""
    state = context.state
    showdown = state["showdown"]
    context.check(player == state["focus"], "344", f"{player} passes Focus, but {state['focus']} has Focus")
    if showdown["initial_chain"] is None:
        showdown["initial_chain"] = False
    if player not in showdown["passes"]:
        showdown["passes"].append(player)
    relevant = timing.relevant_players(state)
    if set(relevant) <= set(showdown["passes"]):
        end(context)
    else:
        give_focus(state, next_in_turn_order(state, player, relevant))


def note_trigger_chain(state: dict[str, Any], opened: bool) -> None:
    """A triggered ability went on the chain; `opened`: the chain was empty and it is no Initial Chain's. In a v1.4
    match the showdown notes a chain a trigger opened (`trigger_chain`, present only then): Focus does not pass
    when it closes (v1.4 340.2.a, 346.1)."""
    showdown = state["showdown"]
    if opened and showdown is not None and state["chain"] and edition_of(state).focus_kept_after_trigger_chain:
        showdown["trigger_chain"] = True


def chain_resolved(context: Context) -> None:
    """The last item of a chain resolved during a showdown: Focus passes to the next player (343), except after the
    Initial Chain, when the player with Focus proceeds (343.1), and, in a v1.4 match, after a chain a triggered
    ability opened (v1.4 340.2.a, 346.1: Focus does not pass)."""
    state = context.state
    showdown = state["showdown"]
    if showdown.pop("trigger_chain", False):
        give_focus(state, state["focus"])
        return
    if showdown["initial_chain"]:
        showdown["initial_chain"] = False
        give_focus(state, state["focus"])
        return
    showdown["passes"] = []
    give_focus(state, next_in_turn_order(state, state["focus"], timing.relevant_players(state)))


def end(context: Context) -> None:
    """Rule 345: the showdown closes. A combat goes on to its damage step (345.1); otherwise control is settled at
    the battlefield (345.2) and a cleanup follows (344.3.a.1)."""
    state = context.state
    showdown = state["showdown"]
    state["showdown"] = None
    state["focus"] = None
    state["priority"] = None
    if showdown["combat"]:
        context.schedule("damage step")
        context.schedule("priority")
        return
    battlefield_id = showdown["battlefield"]
    present = control.players_at(state, battlefield_id)
    if len(present) == 1:
        control.establish(context, battlefield_id, present[0])  # 345.2.a (a Conquer, 345.2.a.1)
    elif not present:
        control.clear_contested(battlefield(state, battlefield_id))  # nobody is left to contest it
    # 345.2.b: with two players' units there it stays contested, and the cleanup stages the combat (526) with
    # the player who applied Contested as the attacker (345.2.b.1).
    context.schedule("cleanup")
    context.schedule("priority")


def after_removal(context: Context, player: str) -> None:
    """A player left the game during an open showdown (652.5.b): if everyone still relevant has passed in sequence
    the showdown ends (652.5.b.3); if the one who left had Focus, the next relevant player in turn order gains it
    (652.5.b.1); with nobody relevant left, it ends (652.5.b.2)."""
    state = context.state
    showdown = state["showdown"]
    if showdown is None or state["chain"]:
        return
    relevant = timing.relevant_players(state)
    if not relevant or set(relevant) <= set(showdown["passes"]):
        end(context)
    elif state["focus"] == player or state["focus"] not in relevant:
        give_focus(state, next_in_turn_order(state, player, relevant))
