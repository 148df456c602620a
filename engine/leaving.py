"""A player removed from a game that goes on (004 651.2, 652; Core Rules v1.3 652.1 adds facedown cards).

When a player concedes or takes a game loss and more than one side remains (engine/turn.py `leave`), the game goes
on without them (652):

- 652.1: every permanent, rune and facedown card they control or own is banished;
- 652.2: the battlefield they contributed, if in use, is replaced by a token battlefield with no abilities (its
  statics end at once, 652.2.c); the units and hidden cards there stay (652.2.b);
- 652.3: every card they own leaves the game (zone `removed`), from every zone;
- 652.4: their spells and abilities on the chain are countered;
- 652.5: play proceeds: Focus and priority they held go to the next relevant player in turn order (652.5.b.1,
  652.5.c.1), or, when everyone left has passed, the showdown ends or the newest item resolves (652.5.b.3,
  652.5.c.2); if it was their turn, the next player in turn order takes a turn (652.5.a.1, engine/turn.py).

A leaf: it imports `objects`, `rulings`, `scoring`, `teams` and `timing` only; the showdown's Focus is settled by
the task "focus after removal", the turn player's turn ends by the task "turn left" (engine/tasks.py).
"""
from __future__ import annotations

from engine import scoring, teams, timing
from engine.objects import move_to_zone, next_in_turn_order, remove_from_zone
from engine.rulings import Context

TOKEN_BATTLEFIELD = "Token Battlefield"  # 652.2.a: "a token battlefield with no abilities"
PRIVATE = ("hand", "aside")  # zones whose cards stay unseen by the other players as they leave the game


def leave(context: Context, player: str, how: str, by: str = "concession", rule: str = "651") -> None:
    """A player leaves the game in progress (a concession, 651; a game loss), with their team (v1.3 651.4,
    484.6.a.1-2: teammates lose together). If the players left are one side, that side wins (651.1); otherwise the
    game goes on without them (651.2, 652), and if it was their turn, play proceeds to the next player in turn order
    (652.5.a.1). `by` and `rule` say how a game so won was won (engine/results.py)."""
    state = context.state
    if state["winner"] is not None:
        return  # flagged by the fold (633): the game is over
    if teams.is_removed(state, player):
        context.fail("651.3", f"{player} {how}, but they left the game already")
    leaving_side = teams.side(state, player)
    staying = [other for other in teams.remaining(state) if other not in leaving_side]
    if len({teams.winner_name(state, other) for other in staying}) == 1:
        scoring.win(context, staying[0], by, rule)  # 651.1
        return
    was_their_turn = state["turn_player"] in leaving_side
    for member in leaving_side:
        remove(context, member)
    if was_their_turn and state["phase"] not in ("setup", "over"):
        context.schedule("turn left")
    else:
        context.schedule("cleanup")


def remove(context: Context, player: str) -> None:
    """Remove `player` from the game in progress (652.1-652.5)."""
    state = context.state
    state["removed"].append(player)
    objects = state["objects"]
    for obj in list(objects.values()):  # 652.1 (v1.3 652.1: facedown cards too)
        if obj["zone"] in ("board", "facedown") and player in (obj["controller"], obj["owner"]):
            move_to_zone(state, obj, "banishment")
    for entry in state["battlefields"]:  # 652.2
        if entry["owner"] == player and not entry.get("token"):
            state["statics"] = [static for static in state["statics"] if static["source"] != entry["id"]]
            entry.update(replaced=entry["name"], name=TOKEN_BATTLEFIELD, token=True)
    countered = [item for item in state["chain"] if item["controller"] == player]  # 652.4
    state["chain"] = [item for item in state["chain"] if item["controller"] != player]
    for item in countered:
        source = objects.get(item["source"] or "")
        if source is not None and source["zone"] == "chain" and item["kind"] != "ability":
            move_to_zone(state, source, "trash")
    for obj in list(objects.values()):  # 652.3
        if obj["owner"] == player and obj["zone"] != "removed":
            if obj["zone"] in PRIVATE:
                obj["concealed"] = True  # leaving the game reveals nothing (a hand stays private, 127)
            remove_from_zone(state, obj)
            obj.update(zone="removed", location=None)
    entry = state["players"][player]
    entry.update(hand=[], trash=[], banishment=[], base=[], runes=[], deck={}, deck_count=0, rune_deck={},
                 rune_deck_count=0, legend=None, champion_zone=None, pool={"energy": 0, "power": {}})
    state["owed_draws"].pop(player, None)
    state["temporary_due"] = [object_id for object_id in state["temporary_due"] if object_id in objects
                              and objects[object_id]["zone"] == "board"]
    invitation = state.get("invitation")
    if invitation is not None and player in (invitation["player"], invitation["invitee"]):
        state["priority"] = invitation["player"]
        state["invitation"] = None
    if player in state["invited"]:
        state["invited"].remove(player)
    _proceed(context, player, bool(countered))


def _proceed(context: Context, player: str, chain_changed: bool) -> None:
    """652.5.b-c: priority and Focus they held move on; the showdown's Focus is settled as a task."""
    state = context.state
    if chain_changed:
        timing.after_chain_change(state)  # the newest item's controller has priority; everyone passes again
    elif state["chain"] and state["priority"] == player:
        if timing.all_passed(state):
            state["priority"] = None  # 652.5.c.2: the newest item resolves
        else:
            state["priority"] = next_in_turn_order(state, player, timing.relevant_players(state))  # 652.5.c.1
    if state["showdown"] is not None and not state["chain"]:
        context.schedule("focus after removal", player)
