"""The turn: awaken, beginning, channel, draw, action, end of turn, and the next turn.

Phases follow the later revision's rules 314-315 (start of turn) and the 2025-06-02 Core Rules 515-517 (action
phase and end of turn). Phases with nothing for the players to record (awaken, beginning) run by themselves; the
engine then waits for the turn player's `channel`, their `draw`, and their actions until `end_turn`.
"""
from __future__ import annotations

from typing import Any

from engine import cleanup, deck, scoring, timing
from engine.objects import State, move_to_zone, next_in_turn_order, opponents, refresh
from engine.rulings import Context

CHANNEL_PER_TURN = 2  # rule 315.3.b
DRAW_PER_TURN = 1  # rule 315.4.b


def start_turn(context: Context, player: str) -> None:
    """Begin `player`'s turn: awaken (315.1), beginning with its scoring step (315.2), then the channel phase."""
    state = context.state
    state["turn"] += 1
    state["turn_player"] = player
    state["scored_this_turn"] = []
    state["phase"] = "awaken"
    for obj in state["objects"].values():  # rule 315.1.a: ready everything the turn player controls
        if obj["controller"] == player and obj["zone"] in ("board", "legend"):
            obj["exhausted"] = False
    state["phase"] = "beginning"
    scoring.hold(context)  # rule 315.2.b
    if state["phase"] != "over":
        state["phase"] = "channel"


def runes_to_channel(state: State, player: str) -> int:
    """How many runes the turn player channels now: 2 (315.3.b), plus the duel's extra rune for the second player's
    first channel phase (644.7), at most what the rune deck holds (315.3.b.1)."""
    entry = state["players"][player]
    count = CHANNEL_PER_TURN
    if not entry["channeled_once"] and player != state["turn_order"][0]:
        count += 1
    return min(count, entry["rune_deck_count"])


def channel_event(context: Context, event: dict[str, Any]) -> None:
    """The channel phase (rule 315.3): the turn player channels their runes, then the draw phase begins."""
    state = context.state
    player = context.player(event)
    in_phase = state["phase"] == "channel" and player == state["turn_player"]
    if not context.check(in_phase, "315.3", f"{player} channels outside their channel phase "
                                            f"(it is the {state['phase']} phase of {state['turn_player']}'s turn)"):
        deck.channel_runes(context, player, event["runes"])
        return
    context.check(not state["chain"], "505", f"{player} ends the channel phase while a chain exists")
    expected = runes_to_channel(state, player)
    context.check(len(event["runes"]) == expected, "315.3.b",
                  f"{player} channels {len(event['runes'])} runes; this channel phase channels {expected}")
    deck.channel_runes(context, player, event["runes"])
    state["players"][player]["channeled_once"] = True
    state["phase"] = "draw"


def draw_phase(context: Context, player: str, cards: list[str | None]) -> None:
    """The draw phase (rule 315.4): the turn player draws 1; as the phase ends every rune pool empties (315.4.d)."""
    state = context.state
    in_phase = state["phase"] == "draw" and player == state["turn_player"]
    if not context.check(in_phase, "591.2", f"{player} draws outside their draw phase: drawing is a limited "
                                            f"action, taken only when the rules or an effect say so"):
        deck.draw_cards(context, player, cards)
        return
    context.check(not state["chain"], "505", f"{player} ends the draw phase while a chain exists")
    context.check(len(cards) == DRAW_PER_TURN, "315.4.b",
                  f"{player} draws {len(cards)} cards in their draw phase; the turn player draws 1")
    deck.draw_cards(context, player, cards)
    if state["phase"] == "over":
        return
    empty_pools(state)
    state["phase"] = "action"
    timing.after_chain_change(state)


def empty_pools(state: State) -> None:
    """Every rune pool empties; unspent Energy and Power are lost (rules 160, 315.4.d, 517.2.c)."""
    for entry in state["players"].values():
        entry["pool"] = {"energy": 0, "power": {}}


def end_turn(context: Context, event: dict[str, Any]) -> None:
    """The turn player ends their action phase (rule 516.6); the end of turn runs and the next turn begins."""
    state = context.state
    player = context.player(event)
    context.check(player == state["turn_player"], "516.6",
                  f"{player} ends the turn, but it is {state['turn_player']}'s turn")
    context.check(state["phase"] == "action", "516.6",
                  f"{player} ends the turn during the {state['phase']} phase; only the action phase can be ended")
    context.check(not state["chain"] and state["showdown"] is None, "505",
                  f"{player} ends the turn while a chain or showdown is still open")
    if state["phase"] == "setup":
        context.fail("516.6", "the game has not begun: there is no turn to end")
    for item in state["chain"]:  # audit only: what was left on the chain goes to its owners' trash unresolved
        source = state["objects"].get(item["source"] or "")
        if source is not None and source["zone"] == "chain":
            move_to_zone(state, source, "trash")
    state["chain"] = []
    end_of_turn(context)
    if state["phase"] != "over":
        start_turn(context, next_in_turn_order(state, state["turn_player"]))


def end_of_turn(context: Context) -> None:
    """Rule 517: the ending step, the expiration step and the cleanup step."""
    state = context.state
    state["phase"] = "end"
    state["priority"] = None
    for obj in state["objects"].values():
        obj["stunned"] = False  # rule 599.1.a.2: stuns end at the beginning of the next ending step
    for obj in state["objects"].values():
        obj["damage"] = 0  # rule 517.2.a
        kept = [modifier for modifier in obj["modifiers"] if modifier.get("until") != "turn"]
        if kept != obj["modifiers"]:  # rule 517.2.b: "this turn" effects expire
            obj["modifiers"] = kept
            refresh(state, obj)
    empty_pools(state)  # rule 517.2.c
    cleanup.cleanup(context)  # rule 517.3


def concede(context: Context, event: dict[str, Any]) -> None:
    """Rules 649-651: a player may concede at any time; with one player left, that player wins."""
    player = context.player(event)
    scoring.win(context, opponents(context.state, player)[0])


def game_loss(context: Context, event: dict[str, Any]) -> None:
    """A judge's game loss penalty ends the game: the other player wins."""
    player = context.player(event)
    scoring.win(context, opponents(context.state, player)[0])
