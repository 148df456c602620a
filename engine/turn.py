"""The turn: awaken, beginning, channel, draw, action, end of turn, and the next turn.

Phases follow the later revision's rules 314-315 (start of turn) and the 2025-06-02 Core Rules 515-517 (action
phase and end of turn). The awaken phase runs by itself. The beginning phase then waits: its beginning step is
where "at the start of your beginning phase" triggers and Temporary (728.1.b) are recorded (`trigger`, `pass`,
`resolve`), and its scoring step (Hold, 630.2) runs when the turn player closes the step, with a `pass` on an empty
chain or with their `channel` (docs/engine.md). The engine then waits for the turn player's `channel`, their
`draw`, and their actions until `end_turn`.
"""
from __future__ import annotations

from typing import Any

from engine import (additional_turns, cards, deck, delayed, due, invites, layers, leaving, match_end, modes,
                    replacement, rulechanges, scoring, showdown, timing, turn_facts)
from engine.editions import edition_of
from engine.objects import State, move_to_zone, refresh
from engine.rulings import Context

CHANNEL_PER_TURN = timing.CHANNEL_PER_TURN  # rule 315.3.b
DRAW_PER_TURN = timing.DRAW_PER_TURN  # rule 315.4.b


def next_turn(context: Context) -> None:
    """After the end of turn's cleanup, the next turn begins, unless the game ended: a queued additional turn, else
    the next player in turn order after the last regular turn (v1.3 736-737)."""
    state = context.state
    if state["phase"] != "over" and not match_end.time_is_up(context):  # TR 408.2.a: the last turn after time
        start_turn(context, additional_turns.next_turn_player(state))


def start_turn(context: Context, player: str) -> None:
    """Begin `player`'s turn: awaken (315.1), then the beginning step of the beginning phase (315.2.a)."""
    state = context.state
    state["turn"] += 1
    state["turn_player"] = player
    state["scored_this_turn"] = {}
    state["played_this_turn"] = {}  # Legion counts the cards played this turn (v1.3 812.1.c)
    turn_facts.turn_began(state)  # "If a unit died this turn" (engine/turn_facts.py)
    state["last_known"] = {}  # tokens that ceased to exist last turn can trigger no more (177.1)
    state["disqualified"], state["ally_occupied"] = [], []  # 648.8.b, 648.8.g.1: noted in this beginning phase
    state["phase"] = "awaken"
    match_end.turn_began(context)
    for obj in state["objects"].values():  # rule 315.1.a: ready everything the turn player controls
        if obj["controller"] == player and obj["zone"] in ("board", "legend") and not rulechanges.cannot_ready(
                state, obj, by_effect=False):  # "I can't be readied" (002)
            due.readied(context, player, obj)  # "When I become ready" (v1.4 415)
    state["phase"] = "beginning"
    if not edition_of(state).team_control_at_scoring_step:  # v1.4 315.2.b.3, 489.8.g.1: noted at the scoring step
        scoring.note_beginning_phase(state)
    if cards.checks_abilities(state):  # Temporary is one of the due triggers (v1.4 816.1.c)
        due.turn_began(context, player)
        return
    # An attached card's Temporary is inactive (v1.3 718.2, 721.2): "if this is unattached, kill it".
    state["temporary_due"] = sorted([obj["id"] for obj in state["objects"].values()
                                     if obj["controller"] == player and obj["zone"] == "board"
                                     and "Temporary" in obj["keywords"] and not obj.get("attached_to")],
                                    key=lambda object_id: int(object_id[1:]))


def close_beginning(context: Context) -> None:
    """The beginning step is over: Temporary must have triggered (728.1.b); the scoring step holds (315.2.b,
    630.2) and the channel phase begins."""
    state = context.state
    for object_id in state["temporary_due"]:
        obj = state["objects"][object_id]
        context.flag("728.1.b", f"{state['turn_player']}'s beginning step ends without the Temporary trigger of "
                                f"{object_id} ({obj['card']}), which kills it before scoring")
    state["temporary_due"] = []
    if state["chain"]:
        context.flag("505", "the beginning step ends while a chain exists")
    scoring.note_beginning_phase(state)  # the scoring step (v1.4 315.2.b.3; v1.3 and 2025: the phase, noted twice)
    scoring.hold(context)
    if state["phase"] != "over":
        state["phase"] = "channel"


def runes_to_channel(state: State, player: str) -> int:
    """How many runes the turn player channels now (timing.runes_to_channel: 315.3.b, 644.7, 315.3.b.1)."""
    return timing.runes_to_channel(state, player)[0]


def skips_first_draw(state: State, player: str) -> bool:
    """646.7, 647.7, 648.7: with more than two players the first player does not draw in their first draw phase
    (the game's first turn is theirs)."""
    return state["turn"] == 1 and player == state["turn_order"][0] and not modes.facts_of(state)["first_draws"]


def channel_event(context: Context, event: dict[str, Any]) -> None:
    """The channel phase (rule 315.3): the turn player channels their runes, then the draw phase begins. A channel
    in the beginning step closes it first (its scoring step may end the game, and then nothing is channeled). A
    `channel` at any other time is a channel effect's result (606.3.a) and is recorded as it is."""
    state = context.state
    player = context.player(event)
    if state["phase"] == "beginning" and player == state["turn_player"] and not state["chain"]:
        close_beginning(context)
        if state["phase"] == "over":
            return
    if not (state["phase"] == "channel" and player == state["turn_player"]):
        deck.channel_runes(context, player, event["runes"])
        return
    if state["chain"]:
        context.flag("505", f"{player} ends the channel phase while a chain exists")
    expected, rule = timing.runes_to_channel(state, player)
    if rule == "315.3.b.1":
        rule = "315.3.b"  # a short rune deck: the channel is still checked against 315.3.b
    if len(event["runes"]) != expected:
        context.flag(rule, f"{player} channels {len(event['runes'])} runes; this channel phase channels {expected}")
    deck.channel_runes(context, player, event["runes"])
    state["players"][player]["channeled_once"] = True
    state["phase"] = "draw"
    if skips_first_draw(state, player):  # the draw phase draws nothing, and ends (315.4.d)
        end_draw_phase(context)
    elif edition_of(state).skips and rulechanges.skips_draw_phase(state, player):
        end_draw_phase(context)  # v1.4 443.2: skipped, replaced with nothing; the Main Phase begins (v1.4 316.1)


def draw_event(context: Context, player: str, cards: list[str | None]) -> None:
    """A `draw` once the game has begun: the Final Point's draw the engine awaits (632.1.b.2), the draw phase's
    draw (315.4), or, at any other time, a draw an effect instructed (591.2.b), recorded as it is."""
    state = context.state
    owed = state["owed_draws"].get(player, 0)
    if owed:
        context.check(len(cards) <= owed, "632.1.b.2", f"{player} draws {len(cards)} cards for the Final Point "
                                                        f"rule; a Conquer that does not score it draws 1")
        state["owed_draws"][player] = max(0, owed - len(cards))
        if not state["owed_draws"][player]:
            del state["owed_draws"][player]
        deck.draw_cards(context, player, cards)
        return
    if not (state["phase"] == "draw" and player == state["turn_player"]):
        deck.draw_cards(context, player, cards)
        return
    if state["chain"]:
        context.flag("505", f"{player} ends the draw phase while a chain exists")
    if len(cards) != DRAW_PER_TURN:
        context.flag("315.4.b", f"{player} draws {len(cards)} cards in their draw phase; the turn player draws 1")
    deck.draw_cards(context, player, cards)
    if state["phase"] == "over":
        return
    end_draw_phase(context)


def end_draw_phase(context: Context) -> None:
    """The draw phase ends: the rune pools empty (315.4.d) and the action phase, the Main Phase, begins (v1.4
    316.1): "At the start of your Main Phase" triggers."""
    state = context.state
    empty_pools(state)
    state["phase"] = "action"
    timing.after_chain_change(state)
    due.occurred(context, "main_phase", state["turn_player"])


def empty_pools(state: State) -> None:
    """Every rune pool empties; unspent Energy and Power are lost (rules 160, 315.4.d, 517.2.c)."""
    for entry in state["players"].values():
        entry["pool"] = {"energy": 0, "power": {}}


def pass_event(context: Context, event: dict[str, Any]) -> None:
    """A `pass`: priority on a chain (334.1.c), Focus in a showdown with no chain (344.3), or the end of the turn
    player's beginning step (docs/engine.md)."""
    state = context.state
    player = context.player(event)
    if invites.is_invited(state, player):
        invites.decline(context, player)  # 531.2.a.1: an invitation refused
    elif state["chain"]:
        timing.pass_priority(context, player)
    elif state["showdown"] is not None:
        showdown.pass_focus(context, player)
    elif state["phase"] == "beginning" and player == state["turn_player"]:
        close_beginning(context)
    else:
        context.fail("334.1.c", f"{player} passes, but there is no chain to pass on nor a showdown; "
                                f"the turn player ends the action phase with end_turn (rule 516.6)")


def end_turn(context: Context, event: dict[str, Any]) -> None:
    """The turn player ends their action phase (rule 516.6); the end of turn runs and the next turn begins.

    With `ending_step` (v1.4 316.9, 317.1) the ending step begins and waits: what happens at the end of the turn is
    recorded in it (triggers, their chain, Reactions), then a plain `end_turn` ends it, and the turn with it. Without
    it, the ending step runs within the `end_turn`, as it always has (its triggers recorded before it)."""
    state = context.state
    player = context.player(event)
    if state["turn_player"] is None:  # setup, or a game that ended during its setup
        context.fail("516.6", "the game has not begun: there is no turn to end")
    if player != state["turn_player"]:
        context.flag("516.6", f"{player} ends the turn, but it is {state['turn_player']}'s turn")
    if state["phase"] == "end":  # the ending step recorded as its own moment is over
        context.check(not event.get("ending_step"), "516.6", f"{player} begins the ending step, which began already")
        context.check(not state["chain"] and state["showdown"] is None and state["combat"] is None
                      and state["choice"] is None, "505",
                      f"{player} ends the ending step while a chain, showdown, combat or choice is still open")
        _close_open(state)
        expire(context)
        context.schedule("next turn")
        return
    if state["phase"] != "action":
        context.flag("516.6", f"{player} ends the turn during the {state['phase']} phase; only the action phase can "
                              f"be ended")
    for owed in [player for player in state["turn_order"] if state["owed_draws"].get(player)]:
        context.flag("632.1.b.2", f"{player} ends the turn before {owed} draws the card a Conquer for the Final "
                                  f"Point gives instead of the point")
    if not state["chain"] and state["showdown"] is not None:
        # 344: in an open showdown the player with Focus plays, activates or passes; ending the turn is none of them
        context.flag("344", f"{player} ends the turn during a showdown at {state['showdown']['battlefield']}: "
                            f"it ends only once every relevant player passed Focus in sequence (344.3.a)")
    else:
        if state["chain"] or state["combat"] is not None or state["choice"] is not None:
            context.flag("505", f"{player} ends the turn while a chain, combat or choice is still open")
    _close_open(state)
    if event.get("ending_step"):
        begin_ending_step(state)
        due.occurred(context, "end_of_turn", player)  # "At the end of your turn" (v1.4 317.1)
        return
    end_of_turn(context)
    context.schedule("next turn")


def _close_open(state: State) -> None:
    """Audit only: what was left on the chain goes to its owners' trash unresolved; what was open closes."""
    for item in state["chain"]:
        source = state["objects"].get(item["source"] or "")
        if source is not None and source["zone"] == "chain":
            move_to_zone(state, source, "trash")
    state["chain"], state["showdown"], state["combat"], state["choice"], state["focus"] = [], None, None, None, None


def end_of_turn(context: Context) -> None:
    """Rule 517: the ending step, the expiration step and the cleanup step."""
    begin_ending_step(context.state)
    due.occurred(context, "end_of_turn", context.state["turn_player"])
    expire(context)


def begin_ending_step(state: State) -> None:
    """The ending step begins (517.1; v1.4 317.1): nobody has priority, and stuns end (599.1.a.2, v1.3 423.1.a.2),
    except in a v1.4 match, where they last until the expiration step (v1.4 423.1.a.2, `expire`)."""
    state["phase"] = "end"
    state["priority"] = None
    if not edition_of(state).stuns_end_at_expiration:
        _end_stuns(state)  # rule 599.1.a.2: stuns end at the beginning of the next ending step


def _end_stuns(state: State) -> None:
    """Every stunned object loses Stunned (v1.3 423.1.a.2, v1.4 423.1.a.2: each edition says when)."""
    for obj in state["objects"].values():
        obj["stunned"] = False


def expire(context: Context) -> None:
    """The expiration step (517.2) and its cleanup (517.3)."""
    state = context.state
    if edition_of(state).stuns_end_at_expiration:
        _end_stuns(state)  # v1.4 423.1.a.2: "during step 3d of the end of turn cleanup" (317.2.c)
    for obj in state["objects"].values():
        obj["damage"] = 0  # rule 517.2.a
        if obj["attacker"] or obj["defender"]:  # audit only: a combat left open ends with the turn
            obj["attacker"] = obj["defender"] = False
            refresh(state, obj)
        if not obj["modifiers"]:
            continue  # nothing to expire (most objects: runes, cards in hand and trash)
        kept = [modifier for modifier in obj["modifiers"] if modifier.get("until") != "turn"]
        if kept != obj["modifiers"]:  # rule 517.2.b: "this turn" effects expire
            obj["modifiers"] = kept
            refresh(state, obj)
    layers.expire_turn(state)  # rule 517.2.b, for "this turn" statics too
    replacement.end_of_turn(state)  # rule 517.2.b: "this turn" replacements expire
    delayed.expire_turn(state)  # and "this turn" delayed abilities
    empty_pools(state)  # rule 517.2.c
    state["owed_draws"] = {}
    context.schedule("cleanup")  # rule 517.3


def game_loss(context: Context, event: dict[str, Any]) -> None:
    """A judge's game loss penalty: the player loses the game and leaves it, as a concession does."""
    player = context.player(event)
    _check_game_begun(context, player, "is given a game loss")
    leaving.leave(context, player, "is given a game loss", "game_loss", "TR 701.2.b")


def turn_left(context: Context) -> None:
    """The turn player left the game during their turn (652.5.a.1): what was open closes, the end of turn runs and
    the next player in turn order takes a turn."""
    state = context.state
    state["chain"], state["showdown"], state["combat"], state["choice"], state["focus"] = [], None, None, None, None
    end_of_turn(context)
    context.schedule("next turn")


def _check_game_begun(context: Context, player: str, what: str) -> None:
    """Before game_started there is no game to lose (651: a player leaves the game in progress)."""
    if context.state["game"] == 0:
        context.fail("651", f"{player} {what}, but no game is in progress: game 1 has not started")
