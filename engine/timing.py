"""States of the turn, priority and focus, and what the engine waits for next.

The later revision's rules 307-313 (states, priority, focus) and 334-336 (passing and resolving on the chain); Focus
itself, and passing it, is engine/showdown.py.
"""
from __future__ import annotations

from typing import Any

from engine import modes, results, rulechanges, teams
from engine.editions import edition_of
from engine.objects import State, battlefield, next_in_turn_order
from engine.rulings import Context

CHANNEL_PER_TURN = 2  # rule 315.3.b
DRAW_PER_TURN = 1  # rule 315.4.b
OPENING_HAND = 4  # rule 116


def turn_state(state: State) -> str:
    """Rule 310: neutral or showdown (308), open or closed (309: closed while a chain exists)."""
    return _TURN_STATES[bool(state["showdown"]), bool(state["chain"])]


_TURN_STATES = {(showdown, chain): f"{'showdown' if showdown else 'neutral'}_{'closed' if chain else 'open'}"
                for showdown in (False, True) for chain in (False, True)}


def relevant_players(state: State) -> list[str]:
    """Rule 531.1: the players in the combat under way, their teammates (648.8.e) and the players invited
    (531.2.a.3); with no combat, every player (531.1.a). A player removed from the game is never relevant
    (651.3). In turn order."""
    fight = state["combat"]
    removed = state.get("removed")
    if fight is not None:
        involved = {fight["attacker"], fight["defender"], *state.get("invited", ())}
        if state["players"][fight["attacker"]].get("team") is not None:
            involved = {member for player in list(involved) for member in teams.side(state, player)}
        return [player for player in state["turn_order"] if player in involved and not (removed and player in removed)]
    return teams.remaining(state) if removed else list(state["turn_order"])


def after_chain_change(state: State) -> None:
    """Who has priority after an item joins or leaves the chain.

    A chain with items: the controller of the newest item gains priority and becomes the active player, and every
    relevant player must pass again (333.1.c.3, 336.4). No chain: in a showdown the player with Focus has priority
    (313.2); in a neutral open state of the action phase the turn player has it (312.2.a), unless a choice or a
    combat's damage step is awaited; in any other phase nobody does.
    """
    state["passes"] = []
    if state.get("invitation") is not None:
        state["invitation"] = None  # an invitation not answered before the chain changed lapses
    if state["chain"]:
        newest = state["chain"][-1]["controller"]
        state["priority"] = newest
        state["active_player"] = newest
        return
    if state["showdown"] is not None:
        state["priority"] = state["active_player"] = state["focus"]
        return
    state["active_player"] = None
    if state.get("invited"):
        state["invited"] = []  # 531.2.a.3: relevant for the duration of that chain or showdown only
    in_action = state["phase"] == "action" and state["combat"] is None and state["choice"] is None
    state["priority"] = state["turn_player"] if in_action else None


def all_passed(state: State, relevant: list[str] | None = None) -> bool:
    """Rule 335.1: every relevant player passed in sequence without adding to the chain (`relevant`: the relevant
    players, when the caller has them already)."""
    if not state["chain"]:
        return False
    passes = state["passes"]
    for player in relevant_players(state) if relevant is None else relevant:  # a loop: asked after every event
        if player not in passes:
            return False
    return True


def check_priority(context: Context, player: str, action: str) -> None:
    """Flag a discretionary action by a player without priority (rules 312.1.a, 312.1.b)."""
    holder = context.state["priority"]
    if holder is None:
        context.flag("312.1.b", f"{player} {action}, but no player has priority now")
    elif holder != player:
        context.flag("312.1.a", f"{player} {action}, but {holder} has priority")


# What the rules texts call cards and abilities that may be played or activated, for the messages of check_timing.
_PLAYED = {"play": ("Reaction cards may be played", "Action and Reaction cards may be played",
                    "cards are played"),
           "activate": ("abilities with Reaction may be activated", "abilities with Action or Reaction may be "
                        "activated", "abilities are activated")}


def check_timing(context: Context, player: str, what: str, keywords: list[str], verb: str,
                 card_type: str | None = None) -> None:
    """Whether `player` may play a card or activate an ability (`verb`: "play" or "activate") now; `what` names
    it in messages, `keywords` are its timing keywords.

    Neutral open: only the turn player, with priority, in their action phase (310.1.a). Closed: the player with
    priority, and only Reaction cards and abilities (309.1.a; 334.1.a for cards). Showdown open: the player with
    Focus, and only Action or Reaction cards and abilities (308.1.a, 313.1.a, 344.1). Quick-Draw has Reaction
    inherently (v1.3 819.1.b). A player invited (004 531.2, v1.3 316.2.b.1: engine/invites.py) acts with the
    priority the invitation gave them, and accepts it by acting.
    """
    state = context.state
    reactions, actions, by_default = _PLAYED[verb]
    reaction = "Reaction" in keywords or "Quick-Draw" in keywords
    if state["phase"] == "setup":
        context.fail("118", f"{player} {verb}s {what} before the first turn has begun")
    invitation = state.get("invitation")
    if invitation is not None and invitation["invitee"] == player:
        _accept_invitation(context, player, what, keywords, verb, card_type)
        return
    if state["chain"]:
        check_priority(context, player, f"{verb}s {what}")
        context.check(reaction, "334.1.a" if verb == "play" else "309.1.a",
                      f"{verb} {what} while a chain exists: only {reactions} in a closed state")
        return
    if state["showdown"] is not None:
        context.check(player == state["focus"], "313.1", f"{player} {verb}s {what} in a showdown, but "
                                                         f"{state['focus']} has Focus")
        context.check("Action" in keywords or reaction, "308.1.a",
                      f"{verb} {what} in a showdown: only {actions} in a showdown state")
        return
    if state["priority"] is None and state["phase"] == "action":
        context.flag("312.1.b", f"{player} {verb}s {what}, but no player has priority now (a combat or a "
                                f"choice is under way)")
    elif state["priority"] not in (None, player) and player == state["turn_player"]:
        context.flag("312.1.a", f"{player} {verb}s {what}, but {state['priority']} has priority")
    if player != state["turn_player"] and teams.are_teammates(state, player, state["turn_player"]):
        if edition_of(state).teammates_act_uninvited:  # 2025: 516.2.b.1, 648.8.a
            context.check(state["phase"] == "action", "516.2.b.1",
                          f"{player} {verb}s {what} during the {state['phase']} phase of their teammate "
                          f"{state['turn_player']}'s turn: a teammate acts in the turn player's action phase")
            _teammate_plays_a_spell(context, player, what, verb, card_type, "acting")
            return
        context.flag("v1.3 316.2.b.1", f"{player} {verb}s {what} during their teammate {state['turn_player']}'s "
                                       f"turn without an invitation: a teammate acts on the turn player's turn "
                                       f"only when the turn player invites them with their own priority")
        return
    on_own_action_phase = player == state["turn_player"] and state["phase"] == "action"
    if not on_own_action_phase:
        context.flag("310.1.a", f"{player} {verb}s {what} during the {state['phase']} phase of "
                                f"{state['turn_player']}'s turn: {by_default} by the turn player with priority in a "
                                f"neutral open state of their action phase")


def _accept_invitation(context: Context, player: str, what: str, keywords: list[str], verb: str,
                       card_type: str | None) -> None:
    """The invited player accepts by playing a card or activating an ability (004 531.2.a.2-4).

    Into a chain or a showdown they act at the current timing (531.2.a.2: a Reaction in a closed state, an Action or
    Reaction in a showdown) and stay relevant for the rest of it (531.2.a.3). On their teammate's turn, in its
    neutral open state, they play spells and activate abilities of any timing (516.2.b.1, v1.3 316.2.b.1), but not
    units or gear (648.8.a: "Players may play spells during their Teammate's Turn").
    """
    state = context.state
    state["invitation"] = None
    reactions, actions, _ = _PLAYED[verb]
    reaction = "Reaction" in keywords or "Quick-Draw" in keywords
    if state["chain"] or state["showdown"] is not None:
        if player not in state["invited"]:
            state["invited"].append(player)
        if state["chain"]:
            context.check(reaction, "334.1.a" if verb == "play" else "309.1.a",
                          f"{verb} {what} while a chain exists: only {reactions} in a closed state")
        else:
            context.check("Action" in keywords or reaction, "308.1.a",
                          f"{verb} {what} in a showdown: only {actions} in a showdown state")
        return
    _teammate_plays_a_spell(context, player, what, verb, card_type, "invited")


def _teammate_plays_a_spell(context: Context, player: str, what: str, verb: str, card_type: str | None,
                            how: str) -> None:
    """On their teammate's turn, in its neutral open state, a player plays spells and activates abilities of any
    timing (004 516.2.b.1, v1.3 316.2.b.1), but not units or gear (648.8.a: "Players may play spells during their
    Teammate's Turn"): invited to (v1.3 and v1.4), or of their own accord (2025, engine/editions.py)."""
    context.check(verb != "play" or card_type in (None, "Spell"), "648.8.a",
                  f"{player} plays {what}, a {card_type}, on their teammate's turn: a player {how} on their "
                  f"teammate's turn plays spells and activates abilities")


def acted_in_showdown(state: State) -> None:
    """A card was played or an ability activated in the showdown: the passes in sequence start over (344.3.a),
    and the showdown can no longer begin with an initial chain (342)."""
    showdown = state["showdown"]
    if showdown is not None:
        showdown["passes"] = []
        if showdown["initial_chain"] is None:
            showdown["initial_chain"] = False


def pass_priority(context: Context, player: str) -> None:
    """Pass priority to the next relevant player in turn order (334.1.c, 335.2), or let the newest item resolve
    once everyone has passed (335.1)."""
    state = context.state
    check_priority(context, player, "passes")
    if player not in state["passes"]:
        state["passes"].append(player)
    relevant = relevant_players(state)
    if all_passed(state, relevant):
        state["priority"] = None
    else:
        state["priority"] = next_in_turn_order(state, player, relevant)


def awaiting(state: State, relevant: list[str] | None = None) -> list[dict[str, Any]]:
    """What the engine waits for next, so a recording screen can prompt for it (contract section 2); `relevant`:
    the relevant players, when the caller has them already."""
    phase = state["phase"]
    if phase == "over":
        return _awaiting_next_game(state)
    if phase == "setup":
        return _awaiting_setup(state)
    fight = state["combat"]
    if fight is not None and fight["step"] == "damage" and fight["to_assign"]:
        player = fight["to_assign"][0]
        role = "defender" if player == fight["attacker"] else "attacker"
        units = [object_id for object_id in battlefield(state, fight["battlefield"])["units"]
                 if state["objects"][object_id][role]]
        return [{"player": player, "kind": "assign_damage", "amount": fight["amounts"][player], "units": units}]
    invitation = state.get("invitation")
    if invitation is not None:  # 531.2.a: the invitee plays, activates or refuses (passes)
        return [{"player": invitation["invitee"], "kind": "invited", "by": invitation["player"]}]
    if state["chain"]:
        if all_passed(state, relevant):
            return [{"player": state["chain"][-1]["controller"], "kind": "resolve"}]
        return [{"player": state["priority"], "kind": "priority"}]
    if state["showdown"] is not None:
        return [{"player": state["focus"], "kind": "focus"}]
    if state["choice"] is not None:
        choice = state["choice"]
        return [{"player": choice["player"], "kind": "choose", "rule": choice["rule"],
                 "candidates": list(choice["candidates"])}]
    if state["owed_draws"]:  # most often none at all
        owed = [{"player": player, "kind": "draw", "rule": "632.1.b.2", "count": state["owed_draws"][player]}
                for player in state["turn_order"] if state["owed_draws"].get(player)]
        if owed:
            return owed
    turn_player = state["turn_player"]
    if phase == "beginning":
        due = [{"player": turn_player, "kind": "trigger", "source": object_id, "rule": "728.1.b"}
               for object_id in state["temporary_due"]]
        return due or [_channel_due(state, turn_player)]
    if phase == "channel":
        return [_channel_due(state, turn_player)]
    if phase == "draw":
        return [{"player": turn_player, "kind": "draw", "count": DRAW_PER_TURN, "rule": "315.4.b"}]
    return [{"player": turn_player, "kind": "action"}]


def runes_to_channel(state: State, player: str) -> tuple[int, str]:
    """How many runes the turn player channels in this channel phase, and the rule that says so: 2 (315.3.b), plus
    the extra rune of the mode's first turn process in that player's first channel phase: the second player's in a
    duel (644.7) and a best of three (645.7; v1.3 480.7), the last player's in turn order with more players
    (646.7, 647.7, 648.7); fewer where a static says so ("players only channel 1 rune", 002); at most what the rune
    deck holds (315.3.b.1)."""
    entry = state["players"][player]
    count, rule = CHANNEL_PER_TURN, "315.3.b"
    order = state["turn_order"]
    extra_for = order[-1] if modes.facts_of(state)["extra_rune"] == "last" else order[1]
    if not entry["channeled_once"] and player == extra_for:
        count, rule = count + 1, modes.rule(state, "7")
    limit = rulechanges.channel_limit(state, player)
    if limit is not None and limit[0] < count:  # "players only channel 1 rune ..." (card text over 315.3.b, 002)
        count, rule = limit[0], "002"
    if entry["rune_deck_count"] < count:
        count, rule = entry["rune_deck_count"], "315.3.b.1"
    return count, rule


def _channel_due(state: State, player: str) -> dict[str, Any]:
    """The awaited channel with its count of runes, so a recording screen asks for as many as are due."""
    count, rule = runes_to_channel(state, player)
    return {"player": player, "kind": "channel", "count": count, "rule": rule}


def _awaiting_next_game(state: State) -> list[dict[str, Any]]:
    """After a game of a best of three that did not decide the match, the loser of that game chooses who goes
    first in the next (documented in docs/engine.md)."""
    if results.is_match_over(state):
        return []
    if state["winner"] is None:  # TR 407.4: after a drawn game, its first player plays first again
        return [{"player": None, "kind": "game_started", "first_player": state["turn_order"][0], "rule": "TR 407.4"}]
    loser = next(player for player in state["turn_order"] if player != state["winner"])
    return [{"player": loser, "kind": "game_started"}]


def _awaiting_setup(state: State) -> list[dict[str, Any]]:
    if state["game"] == 0:
        return [{"player": None, "kind": "game_started"}]
    players = state["players"]
    drawing = [player for player in state["turn_order"] if players[player]["setup"] == "opening_hand"]
    if drawing:
        return [{"player": player, "kind": "draw", "count": OPENING_HAND, "rule": "116"} for player in drawing]
    for player in state["turn_order"]:
        step = players[player]["setup"]
        if step == "mulligan":
            return [{"player": player, "kind": "mulligan"}]
        if step == "replace":  # as many cards as were set aside (117.2)
            return [{"player": player, "kind": "draw", "count": len(players[player]["set_aside"]), "rule": "117.2"}]
    return []


def refresh_derived(state: State) -> None:
    """The state fields that follow from the rest: turn state, relevant players, awaiting, scores, hand counts."""
    chain, showdown = state["chain"], state["showdown"]
    state["state"] = _TURN_STATES[bool(showdown), bool(chain)]
    relevant = relevant_players(state) if chain or showdown else []
    state["relevant_players"] = relevant
    state["awaiting"] = awaiting(state, relevant if chain else None)
    scores = {}
    for player, entry in state["players"].items():  # one loop for both (after every event)
        scores[player] = entry["points"]
        entry["hand_count"] = len(entry["hand"])
    state["scores"] = scores
