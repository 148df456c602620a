"""Combat (2025-06-02 Core Rules 620-628, with the keywords Assault 719, Shield 726 and Tank 727).

A combat begins at a battlefield with units of two opposing players (524, 526); in a v1.4 match also where a
non-combat showdown is under way, which becomes the combat's (v1.4 323.14, `join_showdown`). Its steps:
- the showdown step (624-625): the player who applied Contested is the attacker, the other the defender
  (625.1.a); their units take the Attacker and Defender designations, Assault adds to attackers' Might and Shield
  to defenders' (625.1.b, 719.1.c, 726.1.c); a showdown opens (340.1) with Focus to the attacker;
- the damage step (626): if both sides still have units there, each side's Might is summed (stunned units add
  none, 599.1.b) and, starting with the attacker, each player assigns it among the other's units (`assign_damage`),
  Tank units lethal first (626.1.d.1), Backline units last (v1.3 826.3) and each unit's lethal damage in full
  before the next (626.1.d.2); damage to a unit with Prevent is reduced as it is dealt (v1.3 437.5);
- the resolution step (627): units with lethal damage die (or what replaces their death happens, v1.3 369),
  attackers are recalled if both sides remain, the attacker conquers if only attackers remain, Contested and all
  damage are cleared; then a cleanup (628).

`state["combat"]` is {battlefield, attacker, defender, step, amounts, to_assign}: `step` is "showdown", "damage"
or "resolution"; in the damage step `amounts` holds each player's summed Might and `to_assign` the players who
still have damage to assign, in order; in a match whose abilities are checked, `excess` holds, per player who
assigned, the damage assigned beyond lethal ("if you assigned 3 or more excess damage", read at the conquer).
"""
from __future__ import annotations

from typing import Any

from engine import control, due, mandatory_replacements, replacement, rulechanges, showdown
from engine.cards import checks_abilities
from engine.editions import edition_of
from engine.objects import battlefield, move_to_zone, refresh
from engine.rulings import Context


def begin(context: Context, battlefield_id: str) -> None:
    """Rules 624-625: the combat's showdown step at a battlefield with units of two players."""
    sides = _open(context, battlefield_id)
    if sides is not None:
        showdown.begin(context, battlefield_id, *sides, is_combat=True)  # 340.1


def join_showdown(context: Context, battlefield_id: str) -> None:
    """v1.4 323.14, 344.1, 316.8.b.1.a: a combat staged where a non-combat showdown is under way (another player's
    units came there) begins at once, and that showdown becomes the combat's: the units take their designations
    (625.1), the player with Focus keeps it (v1.4 464.2.c.1.b), the passes in sequence start over, and "when I
    attack" and "when I defend" triggers recorded next form its Initial Chain (342)."""
    sides = _open(context, battlefield_id)
    if sides is None:
        return
    ongoing = context.state["showdown"]
    ongoing["combat"], (ongoing["attacker"], ongoing["defender"]) = True, sides
    ongoing["initial_chain"], ongoing["passes"] = None, []


def _open(context: Context, battlefield_id: str) -> tuple[str, str] | None:
    """A combat opens at a battlefield: attacker and defender (the player who applied Contested attacks), their
    units' designations and the triggers they make due; None if two players' units are no longer there."""
    state = context.state
    entry = battlefield(state, battlefield_id)
    present = control.players_at(state, battlefield_id)
    if len(present) < 2:
        return None  # no longer pending (524.1): nothing to resolve
    attacker = entry["contested_by"] if entry["contested_by"] in present else _default_attacker(state, entry,
                                                                                                present)
    defender = next(player for player in present if player != attacker)
    for unit in control.units_at(state, battlefield_id):
        unit["attacker"] = unit["controller"] == attacker  # 625.1.a
        unit["defender"] = unit["controller"] == defender
        refresh(state, unit)  # 625.1.b: Assault and Shield apply while the designation lasts
    due.occurred_all(context, [due.occurrence("attacks" if unit["attacker"] else "defends", unit["controller"],
                                              obj=unit, battlefield=battlefield_id)
                               for unit in control.units_at(state, battlefield_id)])  # v1.4 383.4.e-f
    state["combat"] = {"battlefield": battlefield_id, "attacker": attacker, "defender": defender,
                       "step": "showdown", "amounts": {}, "to_assign": []}
    return attacker, defender


def _default_attacker(state: dict[str, Any], entry: dict[str, Any], present: list[str]) -> str:
    """Who attacks when nobody applied Contested (a board described by a position): the player who does not
    control the battlefield, else the turn player (written down in docs/engine.md)."""
    challengers = [player for player in present if player != entry["controller"]]
    if entry["controller"] in present and challengers:
        return challengers[0]
    return state["turn_player"] if state["turn_player"] in present else present[0]


def combatants(state: dict[str, Any], role: str) -> list[dict[str, Any]]:
    """The units at the combat's battlefield with the Attacker or Defender designation (`role`)."""
    return [unit for unit in control.units_at(state, state["combat"]["battlefield"]) if unit[role]]


def damage_step(context: Context) -> None:
    """Rule 626: with both sides present, sum each side's Might and await the assignments, attacker first."""
    state = context.state
    fight = state["combat"]
    fight["step"] = "damage"
    attackers, defenders = combatants(state, "attacker"), combatants(state, "defender")
    if not attackers or not defenders:
        resolution_step(context)  # 626.1.a
        return
    fight["amounts"] = {fight["attacker"]: _might(state, attackers), fight["defender"]: _might(state, defenders)}
    fight["to_assign"] = [player for player in (fight["attacker"], fight["defender"]) if fight["amounts"][player]]
    if not fight["to_assign"]:
        resolution_step(context)


def _might(state: dict[str, Any], units: list[dict[str, Any]]) -> int:
    """Rules 626.1.b-c: the summed Might of one side; a stunned unit contributes none (599.1.b), nor one a static
    rule says deals no combat damage ("I don't deal combat damage", 002)."""
    return sum(unit["might"] or 0 for unit in units
               if not unit["stunned"] and rulechanges.deals_combat_damage(state, unit))


# What "lethal" is for a unit whose damage is all prevented: no amount (v1.3 437.5.b); it is exempt from the
# order of assignment (v1.3 460.2.c.9).
NEVER_LETHAL = 2 ** 31 - 1


def lethal(unit: dict[str, Any], state: dict[str, Any] | None = None) -> int:
    """The damage still needed to kill a unit: nonzero, and with its marked damage at least its Might (626.1.d.1.a),
    plus the damage that would be prevented (v1.3 437.5.a). Under v1.4, where replacements apply to the assignment
    (465.2.c.5), a unit whose damage is doubled needs the minimum assigned value whose applied value is lethal
    (465.2.c.4.a: 2 for a 3 Might unit under Lotus Trap, doubled to 4)."""
    prevented = 0 if state is None else replacement.prevent_value(state, unit)
    if prevented is None:
        return NEVER_LETHAL
    needed = max(1, (unit["might"] or 0) - unit["damage"])
    if state is not None and not edition_of(state).all_prevented_exempt_from_assignment:
        needed = -(-needed // 2 ** replacement.doublings(state, unit))
    return needed + prevented


def assign_damage(context: Context, event: dict[str, Any]) -> None:
    """Rule 626.1.d: a player assigns their side's summed Might among the other side's units."""
    state = context.state
    player = context.player(event)
    fight = state["combat"]
    if fight is None or fight["step"] != "damage" or not fight["to_assign"]:
        context.fail("626.1", f"{player} assigns combat damage, but no combat is in its damage step")
    if player not in fight["to_assign"]:
        context.fail("626.1.d", f"{player} assigns combat damage, but has none to assign")
    context.check(player == fight["to_assign"][0], "626.1.d",
                  f"{player} assigns combat damage before {fight['to_assign'][0]}: the attacker assigns first")
    role = "defender" if player == fight["attacker"] else "attacker"
    targets = combatants(state, role)
    target_ids = [unit["id"] for unit in targets]
    assignments = event["assignments"]
    for unit_id, amount in assignments.items():
        if unit_id not in target_ids:
            context.fail("626.1.d", f"{player} assigns damage to {unit_id!r}, which is not an {role}'s unit in "
                                    f"this combat (the {role}'s units are {', '.join(target_ids)})")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            context.fail("626.1.d", f"{player} assigns {amount!r} damage to {unit_id}: damage is a whole number, "
                                    f"0 or more")
    total, expected = sum(assignments.values()), fight["amounts"][player]
    context.check(total == expected, "626.1.d", f"{player} assigns {total} combat damage; their units' summed "
                                                f"Might is {expected}, all of which is assigned")
    _check_order(context, player, targets, assignments, fight["battlefield"])
    if checks_abilities(state):  # "if you assigned 3 or more excess damage" (engine/due.py, at the conquer)
        fight.setdefault("excess", {})[player] = sum(max(0, amount - lethal(state["objects"][unit_id], state))
                                                     for unit_id, amount in assignments.items() if amount)
    for unit_id, amount in assignments.items():
        replacement.deal_damage(context, state["objects"][unit_id], amount, combat=True)  # less what is prevented
    fight["to_assign"].remove(player)
    if not fight["to_assign"]:
        resolution_step(context)
    context.schedule("priority")


def _check_order(context: Context, player: str, targets: list[dict[str, Any]], assignments: dict[str, int],
                 battlefield_id: str) -> None:
    """Tank units are assigned lethal damage first (626.1.d.1, 727.1.c.2) and Backline units last (v1.3 826.3,
    826.4.b); each unit is assigned lethal damage in full before damage goes to another (626.1.d.2), so at most one
    unit is left with less than lethal. A unit whose damage is all prevented is exempt (v1.3 460.2.c.9). A player
    who ignores Tank there (Dune Surfer's, v1.4 766) assigns as if no unit had it."""
    state = context.state
    given = {unit["id"]: assignments.get(unit["id"], 0) for unit in targets}
    targets = _in_the_order(state, targets)
    ignoring = ignores_tank(state, player, battlefield_id)  # then no unit must come first for its Tank
    short_tanks = [unit["id"] for unit in targets
                   if not ignoring and "Tank" in unit["keywords"] and given[unit["id"]] < lethal(unit, state)]
    hit_before_tanks = [unit["id"] for unit in targets if "Tank" not in unit["keywords"] and given[unit["id"]]]
    if short_tanks and hit_before_tanks:
        context.flag("626.1.d.1", f"{player} assigns damage to {', '.join(hit_before_tanks)} before the Tank "
                                  f"unit{'s' if len(short_tanks) > 1 else ''} {', '.join(short_tanks)} "
                                  f"{'are' if len(short_tanks) > 1 else 'is'} assigned lethal damage")
    short_front = [unit["id"] for unit in targets
                   if "Backline" not in unit["keywords"] and given[unit["id"]] < lethal(unit, state)]
    hit_backline = [unit["id"] for unit in targets if "Backline" in unit["keywords"] and given[unit["id"]]]
    if short_front and hit_backline:
        plural = "s" if len(hit_backline) > 1 else ""
        context.flag("v1.3 826.3", f"{player} assigns damage to the Backline unit{plural} {', '.join(hit_backline)} "
                                   f"before {', '.join(short_front)} "
                                   f"{'are' if len(short_front) > 1 else 'is'} assigned lethal damage")
    partial = [unit["id"] for unit in targets if 0 < given[unit["id"]] < lethal(unit, state)]
    if len(partial) > 1:
        context.flag("626.1.d.2", f"{player} splits damage among {', '.join(partial)} without assigning lethal "
                                  f"damage to one of them in full first")
    if not edition_of(state).all_prevented_exempt_from_assignment:
        _check_increased(context, player, targets, given)


def _check_increased(context: Context, player: str, targets: list[dict[str, Any]], given: dict[str, int]) -> None:
    """v1.4 465.2.c.4.a: a unit whose assigned damage is increased (Lotus Trap's doubling) is assigned the minimum
    value whose applied value is lethal, no more, while another unit still lacks lethal damage (465.2.c.4: unless
    no further units remain to have damage assigned to them)."""
    state = context.state
    over = [unit for unit in targets if replacement.doublings(state, unit) and given[unit["id"]] > lethal(unit, state)]
    short = [unit["id"] for unit in targets if unit not in over and given[unit["id"]] < lethal(unit, state)]
    for unit in over if short else []:
        context.flag("v1.4 465.2.c.4.a", f"{player} assigns {given[unit['id']]} damage to {unit['id']} "
                                         f"({unit['card']}), whose damage is doubled: {lethal(unit, state)} is the "
                                         f"least that is lethal once applied, and {', '.join(short)} still "
                                         f"lack{'s' if len(short) == 1 else ''} lethal damage")


def ignores_tank(state: dict[str, Any], player: str, battlefield_id: str) -> bool:
    """Whether `player` ignores Tank while assigning combat damage at `battlefield_id`: an ignoring effect there
    (Dune Surfer: v1.4 765-767), in an edition that has them (`Edition.ignoring_effects`)."""
    return edition_of(state).ignoring_effects and bool(rulechanges.ignoring_tank(state, player, battlefield_id))


def _in_the_order(state: dict[str, Any], targets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The units the order of assignment considers. v1.3 437.5.b, 460.2.c.9: no amount is lethal for a unit whose
    damage is all prevented, and it is exempt. v1.4 465.2.c.5, 465.2.c.10: the prevention applies to the
    assignment, and such a unit (Counter Strike's) can still be dealt damage, so it is not exempt: it never has
    lethal damage assigned, so it takes damage before no other unit it must come before (a Tank), and only as the
    last unit given damage otherwise (465.2.c.3)."""
    if not edition_of(state).all_prevented_exempt_from_assignment:
        return targets
    return [unit for unit in targets if lethal(unit, state) != NEVER_LETHAL]


def resolution_step(context: Context) -> None:
    """Rule 627, then the cleanup of 628."""
    state = context.state
    fight = state["combat"]
    fight["step"] = "resolution"
    battlefield_id = fight["battlefield"]
    for unit in control.units_at(state, battlefield_id):
        if unit["damage"] and unit["damage"] >= (unit["might"] or 0) and unit["zone"] == "board":
            replacement.die(context, unit)  # 627.1, unless its death is replaced (v1.3 369)
    _won(context, battlefield_id, fight)
    attackers, defenders = combatants(state, "attacker"), combatants(state, "defender")
    if attackers and defenders:
        everyone = mandatory_replacements.tie_recalls_all(state, fight["attacker"])  # "recall ALL units instead"
        for unit in attackers + (defenders if everyone else []):  # 627.2: a recall, not a move
            move_to_zone(state, unit, "board", f"base:{unit['controller']}")
    elif attackers:
        control.establish(context, battlefield_id, fight["attacker"])  # 627.3: a Conquer
    control.clear_contested(battlefield(state, battlefield_id))  # 627.4
    fought = [obj["id"] for obj in state["objects"].values() if obj["attacker"] or obj["defender"]]
    for obj in state["objects"].values():
        obj["damage"] = 0  # 627.5
        if obj["attacker"] or obj["defender"]:
            obj["attacker"] = obj["defender"] = False
            refresh(state, obj)
    state["combat"] = None
    due.occurred(context, "combat_ends", None, battlefield=battlefield_id, units=fought)  # "a combat that I was in"
    remaining = control.players_at(state, battlefield_id)
    if len(remaining) == 1 and battlefield(state, battlefield_id)["controller"] != remaining[0]:
        control.establish(context, battlefield_id, remaining[0])  # 181.4.c: the units there now decide control
    context.schedule("cleanup")  # 628


def _won(context: Context, battlefield_id: str, fight: dict[str, Any]) -> None:
    """The combat's result (v1.4 466.3.a, v1.3 461.3.a): a player who was attacker or defender and is the only
    player with units remaining there has won it, and their units there with them (466.3.c): "When I win a combat",
    "When you win a combat". Both players' units remaining (the attackers then recalled) or none is no result
    (466.3.d)."""
    remaining = control.players_at(context.state, battlefield_id)
    if len(remaining) == 1 and remaining[0] in (fight["attacker"], fight["defender"]):
        due.occurred(context, "wins_combat", remaining[0], battlefield=battlefield_id,
                     units=due.units_at(context.state, battlefield_id, remaining[0]))


def lethal_first(state: dict[str, Any], player: str) -> dict[str, int]:
    """A damage assignment for `player` that follows 626.1.d, to pre-fill a recording screen: Tank units first
    (626.1.d.1), then the other units in the order the battlefield lists them, each given its lethal damage in
    full (626.1.d.2) while any is left; what remains after every unit has lethal goes to the last one (more than
    lethal is allowed). Empty when `player` has no damage to assign."""
    fight = state["combat"]
    if fight is None or fight["step"] != "damage" or player not in fight["to_assign"]:
        return {}
    role = "defender" if player == fight["attacker"] else "attacker"
    targets = combatants(state, role)
    # Stable: Tank units first and Backline units last (v1.3 826.3), the order kept otherwise.
    # Within each, a unit whose damage is all prevented last (v1.4 465.2.c.10: it is in the order, never lethal).
    targets.sort(key=lambda unit: (0 if "Tank" in unit["keywords"] else 2 if "Backline" in unit["keywords"] else 1,
                                   lethal(unit, state) == NEVER_LETHAL))
    targets = _in_the_order(state, targets) or targets
    remaining, assignment = fight["amounts"][player], {}
    for unit in targets:
        given = min(lethal(unit, state), remaining)
        if given:
            assignment[unit["id"]] = given
        remaining -= given
    if remaining and targets:
        last = targets[-1]["id"]
        assignment[last] = assignment.get(last, 0) + remaining
    return assignment
