"""Movement: the Standard Move (rule 140) and moves made by effects (rules 608-615), 2025-06-02 Core Rules.

A move changes a unit's location on the board; it is not a change of zones, so the unit stays the same object
(609.2). Recalls (616-619) are not moves. Each move may contest a battlefield (181.3.a), and a cleanup follows it
(615), which may open a showdown (613) or a combat (614).
"""
from __future__ import annotations

from typing import Any

from engine import control, costs, due, rulechanges, teams, timing, turn_facts
from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.objects import battlefield, is_location, move_to_zone, resolve_location
from engine.rulings import Context


def move(context: Context, event: dict[str, Any]) -> None:
    """The Standard Move (140): the turn player exhausts one or more units (the cost, 140.2, paid together,
    140.3.c) to move them to one destination (140.3.a), in a neutral open state of their action phase (140.1)."""
    state = context.state
    player = context.player(event)
    units = event["units"]
    if not units or len(set(units)) != len(units):
        raise MalformedEvent(f"'move' event: 'units' must name one or more units, each once, got {units!r}")
    destination = resolve_location(state, player, event["to"])
    if not is_location(state, destination):
        context.fail("140.4", f"{player} moves units to {event['to']!r}, which is no location of this match")
    context.check(state["phase"] == "action" and player == state["turn_player"], "140.1.a",
                  f"{player} moves units during the {state['phase']} phase of {state['turn_player']}'s turn: the "
                  f"Standard Move is made in its player's action phase")
    context.check(not state["chain"], "140.1.b", f"{player} moves units while a chain exists")
    context.check(state["showdown"] is None, "140.1.c", f"{player} moves units during a showdown")
    if not state["chain"] and state["showdown"] is None and state["phase"] == "action":
        timing.check_priority(context, player, "moves units")
    moving = [context.object(unit_id, "140", f"{player} moves {unit_id}") for unit_id in units]
    for unit in moving:
        name = f"{unit['id']} ({unit['card']})"
        if unit["type"] != "Unit" or unit["zone"] != "board":  # the Standard Move is the units' (v1.4 144)
            context.fail("610.3" if edition_of(state).only_units_move else "140",
                         f"{player} moves {name}, which is not a unit on the board")
        if teams.are_teammates(state, player, unit["controller"]):
            context.flag("648.8.c.2", f"{player} moves {name}, a unit of their teammate {unit['controller']}: "
                                      f"players may not issue Standard Moves to their teammate's units")
        else:
            context.check(unit["controller"] == player, "182.3.a", f"{player} moves {name}, a unit they do not "
                                                                   f"control")
        context.check(not unit["exhausted"], "140.2", f"{player} moves {name}, which is exhausted: exhausting it "
                                                     f"is the move's cost")
        _check_route(context, unit, destination)
    check_destination(context, player, destination, moving, "140.4.a.1")
    pay_applied_costs(context, player, destination, len(moving), event.get("pay"))
    for unit in moving:
        unit["exhausted"] = True  # rule 140.2: the cost
        relocate(context, unit, destination)
    context.schedule("cleanup")  # rule 615
    context.schedule("priority")


def pay_applied_costs(context: Context, player: str, destination: str, count: int,
                      payment: dict[str, Any] | None) -> None:
    """v1.4 204.4: an applied cost on moving several units to one battlefield at once ("Opponents must pay [A] for
    each unit beyond the first to move multiple units to my battlefield at the same time", Mageseeker
    Investigator) is paid as the move is performed, from the pool after adding the runes `payment` names
    (204.4.b); a move whose cost is not paid cannot be performed (204.4.c). Only in a v1.4 match: earlier
    editions name no applied costs, and the engine charged none."""
    state = context.state
    if not edition_of(state).applied_costs:
        return  # a `pay` of a move was never read before v1.4: a stored match folds as it did
    taxes = rulechanges.move_tax(state, player, destination) if count > 1 else []
    owed = sum(static.get("value", 1) for static in taxes) * (count - 1)
    if not owed:
        context.check(not payment, "v1.4 204.4", f"{player} pays runes for a move to {destination} that has no "
                                                 f"applied cost: the Standard Move's cost is exhausting the units")
        return
    costs.add_runes_paid(context, player, payment or {}, "v1.4 204.4.b")
    _, short_power = costs.take_from_pool(state["players"][player]["pool"], 0, [([], owed)], (state, player))
    context.check(not short_power, "v1.4 204.4.c",
                  f"{player} moves {count} units to {destination} at once without paying the applied cost of "
                  f"{rulechanges.describe(state, taxes[0])}: {owed} Power of any domain ([A] for each unit beyond "
                  f"the first), {short_power} missing; a move whose applied cost is not paid cannot be performed")


def pay_applied_costs_of_effects(context: Context, item: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    """v1.4 204.4 for moves a spell or ability makes: the units one resolution moves to one battlefield move there
    at the same time (a head judge's reading: its `move` ops, one unit each, are one instruction's), so the item's
    controller pays the applied cost of moving several units there ("Opponents must pay [A] for each unit beyond
    the first", Mageseeker Investigator) as they move (204.4.b), with the runes the ops' `pay` names; unpaid, the
    move cannot be performed (204.4.c). A `pay` on a move that owes nothing is flagged (204.4), as on a Standard
    Move. Earlier editions name no applied costs, and read no `pay` of an op."""
    if not edition_of(context.state).applied_costs:
        return
    objects = context.state["objects"]
    moved: dict[str, list[dict[str, Any]]] = {}
    for effect in effects:
        if effect.get("op") != "move" or effect.get("target") not in objects:
            continue
        destination = resolve_location(context.state, objects[effect["target"]]["controller"], effect["to"])
        moved.setdefault(destination, []).append(effect)
    for destination, ops in moved.items():
        payment: dict[str, list[str]] = {}
        for effect in ops:
            for kind, runes in effect.get("pay", {}).items():
                payment[kind] = payment.get(kind, []) + list(runes)
        pay_applied_costs(context, item["controller"], destination, len(ops), payment or None)


def _check_route(context: Context, unit: dict[str, Any], destination: str) -> None:
    """Rule 140.4: base to battlefield, battlefield to base, battlefield to battlefield only with Ganking (722)."""
    origin, name = unit["location"], f"{unit['id']} ({unit['card']})"
    own_base = f"base:{unit['controller']}"
    if origin == destination:
        context.flag("140.4", f"{name} is at {destination} already")
    elif destination.startswith("base:"):
        context.check(destination == own_base and not origin.startswith("base:"), "140.4.b",
                      f"{name} moves from {origin} to {destination}: units move from a battlefield to their own base")
        check_not_to_base(context, unit)
    elif not origin.startswith("base:") and not rulechanges.may_move_here(context.state, unit, destination):
        context.check("Ganking" in unit["keywords"], "140.4.c.1",
                      f"{name} moves from battlefield {origin} to battlefield {destination} without Ganking (722)")


def check_not_to_base(context: Context, unit: dict[str, Any]) -> bool:
    """A static rule may forbid a move to base ("I can't move to base"): can't beats can (v1.3 054.1)."""
    forbidding = rulechanges.cannot_move_to_base(context.state, unit)
    return context.check(not forbidding, "002", f"{unit['id']} ({unit['card']}) moves to base, but "
                                                f"{rulechanges.why(context.state, forbidding)}" if forbidding else "")


def check_destination(context: Context, player: str, destination: str, units: list[dict[str, Any]],
                      rule: str = "612.2") -> None:
    """No unit moves to a battlefield that already has units of two other players (140.4.a.1 for the Standard
    Move, 612.2 for a move by an effect); with teammates, nor to a battlefield a teammate controls (v1.3 442.2.b), or
    in a v1.4 match occupies (v1.4 447.2.b: has units at, whoever controls it)."""
    if destination.startswith("base:"):
        return
    state = context.state
    movers = {unit["controller"] for unit in units}
    others = [other for other in control.players_at(state, destination) if other not in movers]
    context.check(len(others) < 2, rule, f"{player} moves units to {destination}, which already has units of "
                                         f"{' and '.join(others)}")
    if edition_of(state).teammate_occupied_is_no_destination:  # v1.4 447.2.b: occupied by a teammate
        holders, how = [other for other in control.players_at(state, destination) if other not in movers], "occupies"
    else:  # v1.3 442.2.b (and 2025): controlled by a teammate
        holders, how = [battlefield(state, destination)["controller"]], "controls"
    for holder in holders:
        if holder is not None and holder not in movers and any(teams.are_teammates(state, mover, holder)
                                                               for mover in movers):
            context.flag("v1.3 442.2.b", f"{player} moves units to {destination}, which their teammate {holder} "
                                         f"{how}: a teammate's battlefield is no destination for a move")
            return


def relocate(context: Context, unit: dict[str, Any], destination: str, by: str | None = None) -> None:
    """Move a unit to a location of the board (609.3: at once, no state in between); it stays the same object.
    `by`: the player whose effect moves it ("When you move an enemy unit"); a Standard Move is its controller's."""
    origin = unit["location"]
    move_to_zone(context.state, unit, "board", destination)
    turn_facts.note_moved(context.state, unit)  # "If I have moved twice this turn" (engine/turn_facts.py)
    if not destination.startswith("base:"):
        control.arrive(context.state, unit, destination)
    due.occurred(context, "moves", unit["controller"], obj=unit, to=destination,  # "When I move" (v1.4 383.2.c)
                 origin=origin, mover=by or unit["controller"])


def move_op(context: Context, item: dict[str, Any], unit: dict[str, Any], to: str) -> None:
    """A move made by a resolving effect (612): the effect sets the destination, no unit moves to a battlefield
    with units of two other players (612.2), and only units move (610.3). v1.4 446.1: any permanent moves (a gear
    too, which is recalled from a battlefield at the next cleanup, v1.4 149.3); the checks of a unit's destination
    stay the units'."""
    state = context.state
    destination = resolve_location(state, unit["controller"], to)
    if not is_location(state, destination):
        context.flag("356.3.e.6", f"{item['id']} moves {unit['id']} to {to!r}, which is no location of this match")
        return
    if edition_of(state).only_units_move:
        if not context.check(unit["type"] == "Unit", "610.3", f"{item['id']} moves {unit['id']} ({unit['card']}), "
                                                             f"which is a {unit['type']}: only units move"):
            return
    elif not context.check(unit["type"] in ("Unit", "Gear"), "v1.4 446.1",
                           f"{item['id']} moves {unit['id']} ({unit['card']}), which is a {unit['type']}: only "
                           f"permanents move"):
        return
    if destination.startswith("base:") and destination != f"base:{unit['controller']}":
        context.flag("106.2.d", f"{item['id']} moves {unit['id']} ({unit['card']}) into {destination}: no player "
                                f"controls objects in another player's base")
        return
    if destination.startswith("base:") and not check_not_to_base(context, unit):
        return
    if unit["type"] == "Unit":  # v1.4 447.2.a-b name units' destinations
        check_destination(context, unit["controller"], destination, [unit])
    relocate(context, unit, destination, by=item["controller"])
