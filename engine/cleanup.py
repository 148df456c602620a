"""Cleanups (2025-06-02 Core Rules 518-526) and the turn player's choice of what begins first.

A cleanup happens after a chain item resolves, after a move, after a showdown and after a combat (519), and in the
end of turn's cleanup step (517.3). In order: units with lethal damage die (520), gear away from a base is recalled
(144.3, 619.1), Attacker and Defender designations leave units no longer at the combat's battlefield (521), hidden
cards leave battlefields where their controller has no unit (523), control follows presence (181.4.d), combats
are marked pending where two players' units meet (524), in a v1.4 match Contested leaves a battlefield its player's
units have left (v1.4 323.11), in a v1.4 match a non-combat showdown whose battlefield now has a combat pending
becomes a combat showdown (v1.4 323.14), and, in a neutral open state, a showdown begins at a
contested battlefield nobody controls (525), or else a pending combat begins (526). When several battlefields
qualify, the turn player chooses (`choose`), and the engine awaits that choice. The showdown or combat itself begins
as an outstanding task (engine/tasks.py).
"""
from __future__ import annotations

from typing import Any

from engine import control, due, hidden, layers, replacement, timing
from engine.editions import edition_of
from engine.objects import GEAR_HERE, battlefield as battlefield_of, move_to_zone, refresh
from engine.rulings import Context


def cleanup(context: Context) -> None:
    state = context.state
    layers.refresh_all(state)  # Might as the statics in force make it now, before lethal damage is judged
    if _anything_to_clean(state):
        _kill_and_recall(context)
        _end_designations(state)
    if state["combat"] is not None and edition_of(state).designations_given_at_cleanup:
        _give_designations(context)
    for entry in state["battlefields"]:  # rules 523, 106.4.d
        if entry["facedown"] is None:
            continue  # no hidden card there to remove
        removed = hidden.removed_at_cleanup(state, entry, control.players_at(state, entry["id"]))
        if removed is not None:
            move_to_zone(state, removed, "trash")
    if edition_of(state).control_lost_at_open_cleanup:
        control.lose_absent_control_in_open_state(state)  # v1.4 323.6
    else:
        control.lose_absent_control(state)
    for entry in state["battlefields"]:  # rule 524 (with nothing there, no one's units meet: not asked who is)
        entry["pending_combat"] = bool(entry["units"]) and len(control.players_at(state, entry["id"])) >= 2
    if edition_of(state).contested_removed_at_cleanup:
        control.remove_abandoned_contested(state)  # v1.4 323.11: before a staged showdown may begin (323.12)
    ongoing = state["showdown"]
    if (edition_of(state).showdown_becomes_combat and ongoing is not None and not ongoing["combat"]
            and not state["chain"] and battlefield_of(state, ongoing["battlefield"])["pending_combat"]):
        context.schedule("combat joins showdown", ongoing["battlefield"])  # v1.4 323.14 (step 10a)
    begin_next(context)


def _anything_to_clean(state: dict[str, Any]) -> bool:
    """Whether the first two steps of a cleanup have anything to do: an object `_kill_and_recall` acts on (a unit
    on the board with damage, a gear on the board away from a base), or one with an Attacker or Defender
    designation (`_end_designations`). Most cleanups (one after each chain item resolves) have nothing to do there,
    and each step only ever acts on objects that already qualify when it begins (the deaths and recalls of the
    first are what could make more).

    Only the permanents listed on the board are looked at (`on_board`), not every object of the match: in a long
    game most objects are runes and cards in the trash, and a pass over all of them after every chain item was a
    sixth of a plain duel's fold (its objects' memory, more than its work). The lists hold every object that can
    qualify: every unit and gear on the board is in its location's list (engine/objects.py `place_on_board` is the
    only way onto the board, `remove_from_zone` the only way off it), and only units on the board are designated
    (rule 521: designations are given to units at a combat's battlefield, and leaving the board ends them).
    tests/test_cleanup_both_ways.py asks every object too, after every event of the benchmark duels and of the
    golden logs, and compares."""
    objects = state["objects"]
    for listed in on_board(state):
        for object_id in listed:
            obj = objects.get(object_id)
            if obj is None:
                continue
            if obj["attacker"] or obj["defender"]:
                return True
            kind = obj["type"]
            if kind == "Unit":
                if obj["damage"] > 0 and obj["zone"] == "board":
                    return True
            elif kind == "Gear" and obj["zone"] == "board" and not obj["location"].startswith("base:"):
                return True
    return False


def on_board(state: dict[str, Any]) -> list[list[str]]:
    """The lists of the permanents on the board other than runes: each player's base, and each battlefield's units
    and gear (its `gear` list, where a battlefield lists units only: engine/objects.py `lists_units_only`)."""
    listed = [entry["base"] for entry in state["players"].values()]
    for entry in state["battlefields"]:
        listed.append(entry["units"])
        if GEAR_HERE in entry:
            listed.append(entry[GEAR_HERE])
    return listed


def _kill_and_recall(context: Context) -> None:
    """Rule 520 (139.2.a): lethal damage kills, unless replaced (v1.3 369); rules 144.3, 619.1: a gear away from a
    base is recalled; an attached gear is where its Top-Most Card is (v1.3 719.3)."""
    state = context.state
    for obj in list(state["objects"].values()):
        if obj["zone"] != "board":
            continue
        if obj["type"] == "Unit" and obj["damage"] > 0 and obj["damage"] >= (obj["might"] or 0):
            replacement.die(context, obj)
        elif obj["type"] == "Gear" and not obj["location"].startswith("base:") and not obj.get("attached_to"):
            move_to_zone(state, obj, "board", f"base:{obj['controller']}")


def _end_designations(state: dict[str, Any]) -> None:
    """Rule 521: a unit no longer at the combat's battlefield loses Attacker and Defender; Assault and Shield end
    with the designation (719.1.d.1)."""
    fight = state["combat"]
    for obj in state["objects"].values():
        if (obj["attacker"] or obj["defender"]) and (fight is None or obj["location"] != fight["battlefield"]):
            obj["attacker"] = obj["defender"] = False
            refresh(state, obj)


def _give_designations(context: Context) -> None:
    """v1.4 323.2.a-b (cleanup step 2), 464.2.c.3.a: a unit of the attacker or defender at the combat's battlefield
    without its controller's designation (it arrived after combat opened, or its controller changed) gains it now,
    and with it Assault or Shield (719.1.d.1); its "When I attack" or "When I defend" triggers (v1.4 383.4.e-f).
    *Decision:* a unit that left the battlefield and came back in the same combat triggers again (the engine does
    not keep which units were designated earlier in the combat, 383.4.e.2.a)."""
    state = context.state
    fight = state["combat"]
    gained = []
    for unit in control.units_at(state, fight["battlefield"]):
        attacker, defender = unit["controller"] == fight["attacker"], unit["controller"] == fight["defender"]
        if (attacker or defender) and (unit["attacker"], unit["defender"]) != (attacker, defender):
            unit["attacker"], unit["defender"] = attacker, defender
            refresh(state, unit)
            gained.append(due.occurrence("attacks" if attacker else "defends", unit["controller"], obj=unit,
                                         battlefield=fight["battlefield"]))
    if gained:
        due.occurred_all(context, gained)


def showdown_candidates(state: dict[str, Any]) -> list[str]:
    """Rule 525: contested battlefields nobody controls, with units of one player only (two players' units make a
    combat, 526)."""
    return [entry["id"] for entry in state["battlefields"]
            if entry["contested"] and entry["controller"] is None and not entry["pending_combat"]]


def combat_candidates(state: dict[str, Any]) -> list[str]:
    """Rule 526: battlefields with a pending combat."""
    return [entry["id"] for entry in state["battlefields"] if entry["pending_combat"]]


def begin_next(context: Context) -> None:
    """Rules 525-526, only in a neutral open state with no combat under way. A choice awaited is asked again from
    the battlefields that qualify now: a combat that stopped being pending is not resolved (524.1)."""
    state = context.state
    state["choice"] = None
    if state["chain"] or state["showdown"] or state["combat"] or state["phase"] in ("setup", "over"):
        return
    for kind, rule, candidates in (("showdown", "525", showdown_candidates(state)),
                                   ("combat", "526", combat_candidates(state))):
        if len(candidates) == 1:
            context.schedule(kind, candidates[0])
            return
        if candidates:
            state["choice"] = {"player": state["turn_player"], "kind": kind, "rule": rule, "candidates": candidates}
            state["priority"] = None
            return


def choose(context: Context, event: dict[str, Any]) -> None:
    """The turn player chooses where the next showdown or combat begins (525-526)."""
    state = context.state
    player = context.player(event)
    pending = state["choice"]
    if pending is None:
        context.fail("525", f"{player} chooses {event['choice']!r}, but no choice is awaited now")
    context.check(player == pending["player"], pending["rule"],
                  f"{player} chooses where the next {pending['kind']} begins; the turn player {pending['player']} "
                  f"chooses")
    # Where it may begin now: in an audit match, events flagged since the choice was offered may have changed it.
    candidates = combat_candidates(state) if pending["kind"] == "combat" else showdown_candidates(state)
    if event["choice"] not in candidates:
        context.fail(pending["rule"], f"{player} chooses {event['choice']!r}; the {pending['kind']} may begin at "
                                      f"{' or '.join(candidates) or 'no battlefield now'}")
    state["choice"] = None
    context.schedule(pending["kind"], event["choice"])
    context.schedule("priority")
