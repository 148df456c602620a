"""Static rules: continuous effects that change what the rules allow, forbidding or permitting (mechanic "static rule").

A card's passive ability may forbid what the rules allow ("I can't be chosen by enemy spells and abilities", "Units
can't move to base") or allow what they forbid ("You may play me to an open battlefield", "You may play cards from
your trash"). Card text supersedes rules text (002), and where one card forbids what another allows, the one that
forbids wins ("Can't beats Can", v1.3 054.1).

Such an effect is a static (engine/statics.py) with a `rule`: one of RULES below, which the engine enforces where
the rule it changes is checked (a restriction broken is flagged in audit matches and refused in strict ones; a
permission lets through what would be refused), or `"other"` with the card's words in `text`, which the engine only
records. `affects` and `while` mean what they mean for every static (engine/layers.py); for a rule about players
(`PLAYER_RULES`), `affects.who` is relative to the static's controller (`self`/`friendly`: that player, `enemy`: their
opponents, `all`: every player) and `affects.where: "here"` names the source's battlefield. `value` is the number a
rule needs ("the points needed to win +1", "can't score until their third turn").

This module is a leaf: it reads the state's plain data through engine/layers.py.
"""
from __future__ import annotations

from typing import Any

from engine import layers

State = dict[str, Any]

RULES: dict[str, str] = {
    # restrictions on objects
    "untargetable": "can't be chosen by enemy spells and abilities (targets of an opponent's play, trigger or "
                    "activation)",
    "no_move_to_base": "can't move to base (the Standard Move and moves by effects; a recall is no move, 004 617)",
    "no_ready": "can't be readied: not by the awaken step, nor by a spell or ability",
    "no_ready_by_effects": "spells and abilities can't ready it (the awaken step still does)",
    "no_counter": "can't be countered (a spell; an ability with types ['Ability'])",
    "no_damage": "can't be dealt damage: none is dealt to it (v1.4 437: all of it prevented)",
    "no_enemy_effect_damage": "the damage enemy spells and abilities would deal to it is prevented (not combat damage)",
    "no_combat_damage": "deals no combat damage: its Might is not summed in the damage step (004 626.1.b)",
    # permissions on objects
    "any_buffs": "can have any number of buffs (004 702.3 allows one)",
    "play_to_open": "may be played to an open battlefield (v1.3 169.10.c: unoccupied and uncontrolled)",
    "play_to_occupied_enemy": "may be played to a battlefield an opponent controls where there are units",
    "play_to_enemy_units": "may be played to a battlefield where there are enemy units",
    "play_to_enemy_alone": "may be played to a battlefield where an enemy unit is alone",
    "play_to_attacking": "may be played to a battlefield where its controller is the attacker of a combat",
    "play_to_offering": "the card is played to the battlefield (`location`) whose offered additional cost its play "
                        "paid, allowed there and only there (Dragon Roost; engine/card_costs.py)",
    "play_to_killed": "may be played to the battlefield where the unit its additional cost killed was (Stalking "
                      "Wolf; `location`, engine/card_costs.py)",
    "play_only_conquered": "may be played only to a battlefield its controller conquered this turn (Perched "
                           "Grimwyrm's own; engine/turn_facts.py)",
    "accelerate_not_from_hand": "a unit played from anywhere other than a player's hand has Accelerate as it is "
                                "played (Rek'Sai, Breacher; 717.1: its controller may pay [1] and a Power of its "
                                "domain to have it enter ready)",
    "adds_battlefield": "as it is played, the battlefield token `named` is added to the board unless it is there, and "
                        "the unit enters there (Baron Nashor; engine/card_costs.py)",
    "move_here": "units may move to this battlefield from anywhere (Baron Pit, v1.3 184.9)",
    "empower_times": "can be Empowered up to `value` times (v1.4 441.1.c.1: Kayle, Justified; v1.4 matches only)",
    "any_copies": "a deck may have any number of cards with its name (`named`, the card's own; v1.4 103.2.b allows "
                  "three; engine/construction.py)",
    # rules about players
    "play_for": "the card may be played for its `base_cost` instead of its own while its `while` holds (its own "
                "alternative cost, v1.4 356.1.a; engine/card_costs.py)",
    "play_from_trash": "the player may play cards from their trash (a unit's own: 'play me from your trash')",
    "play_only_to_base": "the player plays units only to their base",
    "no_play_here": "units can't be played to this battlefield",
    "no_score": "the player can't score (here, with `where: here`; before their turn `value`, when it has one)",
    "victory_score": "the points needed to win the game are increased by `value`",
    "channel_only": "the player channels only `value` runes at the start of their Channel Phase (Sandstone "
                    "Chimera; fewer than 315.3.b's two, the first turn's extra rune included)",
    "repeat_cost_less": "each Repeat cost the player pays costs `value` Energy less (Marai Spire: \"friendly [Repeat] "
                        "costs cost [1] less\", v1.4 353.4; not below 0)",
    "skip_draw_phase": "the player's Draw Phase is skipped: replaced with nothing, so they draw no card in it (v1.4 "
                       "443; Endless Riches' \"Skip your Draw Phase\")",
    "ignore_deflect": "the player ignores Deflect while paying the costs of the spell that has it (its own static), "
                      "or of spells and abilities choosing something `here` (v1.4 764-767; v1.4 matches only)",
    "move_tax": "the player must pay `value` Power of any domain ([A], 1 if no value) for each unit beyond the first "
                "to move several units here at the same time: an applied cost (v1.4 204.4; v1.4 matches only)",
    "no_play_named": "the player can't play cards with the name its source named (Fallen Feline's \"opponents "
                     "can't play spells with that name\"; engine/naming.py)",
    "no_reveal_hidden": "the player's facedown cards `here` can't be revealed, so they are not played from there "
                        "(Noxus Saboteur; a card played from facedown is revealed, 723.1.b)",
    "ignore_tank": "the player ignores Tank while assigning combat damage `here` (Dune Surfer's \"You ignore [Tank] "
                   "while assigning combat damage here\"; v1.4 764-767; v1.4 matches only)",
    # recorded only
    "other": "a rule change the engine does not check, recorded in `text`",
}
PLAYER_RULES = ("play_from_trash", "play_only_to_base", "no_play_here", "no_score", "victory_score",
                "channel_only", "repeat_cost_less", "skip_draw_phase", "ignore_deflect", "move_tax", "no_play_named",
                "ignore_tank", "no_reveal_hidden")
# The rules that only an edition with Skip (v1.4 443) has (engine/editions.py `skips`).
SKIP_RULES = ("skip_draw_phase",)


def in_force(state: State, rule: str, extra: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The statics of this rule that are in force and whose `while` holds (and `extra`: a card's own statics as
    it is played, v1.3 359.2.a). None at once when there are none at all: asked of every object at each turn's
    start ("I can't be readied") and of every card played, in most matches before any static exists."""
    if not extra and not state.get("statics"):
        return []
    return [static for static in [*state.get("statics", []), *extra]
            if static.get("rule") == rule and layers.condition_holds(state, static)]


def applies(state: State, rule: str, obj: dict[str, Any], extra: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The statics of `rule` that apply to the object `obj` now (none at once with no statics at all: asked of every
    object at each turn's start, "I can't be readied")."""
    if not extra and not state.get("statics"):
        return []
    return [static for static in in_force(state, rule, extra) if layers.affects(state, static, obj)]


def applies_to_player(state: State, rule: str, player: str, where: str | None = None,
                      extra: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The statics of a player rule that apply to `player` (at the battlefield `where`, for a rule `here`)."""
    found = []
    for static in in_force(state, rule, extra):
        scope = static.get("affects", {})
        controller = layers.source_controller(state, static)
        who = scope.get("who", "all")
        if who in ("self", "friendly") and player != controller or who == "enemy" and (controller is None
                                                                                       or player == controller):
            continue
        if scope.get("where") == "here" and where != layers.source_location(state, static):
            continue
        found.append(static)
    return found


def describe(state: State, static: dict[str, Any]) -> str:
    """The source of a static, for a message: `o12 (Determined Sentry)` or a battlefield; a static the engine
    read from the card's text quotes it (`o12 (Ruin Runner: "I can't be chosen ...")`)."""
    source = static["source"]
    obj = state["objects"].get(source)
    entry = next((field for field in state["battlefields"] if field["id"] == source), None) if obj is None else None
    name = obj["card"] if obj is not None else entry["name"] if entry else None
    if name is None:
        return source
    said = f": {static['text']!r}" if static.get("compiled") and static.get("text") else ""
    return f"{source} ({name}{said})"


def why(state: State, found: list[dict[str, Any]]) -> str:
    return f"{describe(state, found[0])} says so: {RULES[found[0]['rule']]}"


# -- the checks the rules modules call ---------------------------------------------------------------------------
def untargetable_by(state: State, obj: dict[str, Any], chooser: str) -> list[dict[str, Any]]:
    """The statics by which `chooser` may not choose `obj` ("can't be chosen by enemy spells and abilities")."""
    if obj["zone"] not in layers.IN_PLAY or obj["controller"] == chooser:
        return []
    return applies(state, "untargetable", obj)


def cannot_move_to_base(state: State, unit: dict[str, Any]) -> list[dict[str, Any]]:
    return applies(state, "no_move_to_base", unit)


def may_move_here(state: State, unit: dict[str, Any], destination: str) -> bool:
    """Baron Pit (v1.3 184.9): a static of the destination lets units move there from anywhere."""
    return any(static["source"] == destination for static in applies(state, "move_here", unit))


def cannot_ready(state: State, obj: dict[str, Any], by_effect: bool) -> list[dict[str, Any]]:
    """The statics that keep `obj` from being readied (by a spell or ability when `by_effect`)."""
    found = applies(state, "no_ready", obj)
    return found + applies(state, "no_ready_by_effects", obj) if by_effect else found


def cannot_counter(state: State, item: dict[str, Any]) -> list[dict[str, Any]]:
    """The statics that keep a chain item from being countered: its own (a spell's "This can't be countered",
    carried by its item) and those in force that affect it ("Your spells and abilities can't be countered")."""
    own = [static for static in item.get("statics", ()) if static.get("rule") == "no_counter"]
    source = state["objects"].get(item.get("source") or "")
    stand_in = {"id": item.get("source") or item["id"], "controller": item["controller"], "location": None,
                "type": "Spell" if item["kind"] == "spell" else "Ability", "zone": "chain",
                "tags": (source or {}).get("tags", [])}
    return own + [static for static in applies(state, "no_counter", stand_in) if static not in own]


def deals_combat_damage(state: State, unit: dict[str, Any]) -> bool:
    return not applies(state, "no_combat_damage", unit)


def damage_prevented(state: State, obj: dict[str, Any], combat: bool, by: str | None) -> list[dict[str, Any]]:
    """The statics that keep damage from the unit `obj`: "I can't be dealt damage" (`no_damage`), and for damage a
    spell or ability of an opponent of its controller deals (`by`, not `combat`) "prevent all damage that enemy
    spells and abilities would deal to me" (`no_enemy_effect_damage`)."""
    found = applies(state, "no_damage", obj)
    if not combat and by is not None and by != obj.get("controller"):
        found += applies(state, "no_enemy_effect_damage", obj)
    return found


def buffs_allowed(state: State, unit: dict[str, Any]) -> int | None:
    """How many buffs a unit may have: 1 (004 702.3), or no limit (None) by a static."""
    return None if applies(state, "any_buffs", unit) else 1


def _units_at(state: State, location: str) -> list[dict[str, Any]]:
    return [obj for obj in state["objects"].values() if obj["zone"] == "board" and obj["type"] == "Unit"
            and obj.get("location") == location]


def play_permission(state: State, card: dict[str, Any], player: str, location: str,
                    own: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A static that lets `player` play the unit `card` to the battlefield `location`, which they do not control
    (352.2 allows only their own), or None. `card` is the object played, as its controller will have it."""
    offering = next((static for static in own if static.get("rule") in ("play_to_offering", "play_to_killed")
                     and static.get("location") == location), None)
    if offering is not None:  # "If they do, they play it to this battlefield" (Dragon Roost), "to its battlefield"
        return offering
    entry = next(field for field in state["battlefields"] if field["id"] == location)
    units = _units_at(state, location)
    enemies = [unit for unit in units if unit["controller"] != player]
    fight = state.get("combat")
    tests = {
        "play_to_open": not units and entry["controller"] is None,
        "play_to_occupied_enemy": bool(units) and entry["controller"] not in (None, player),
        "play_to_enemy_units": bool(enemies),
        "play_to_enemy_alone": len(units) == 1 and bool(enemies),
        "play_to_attacking": bool(fight) and fight.get("battlefield") == location and fight.get("attacker") == player,
    }
    for rule, holds in tests.items():
        if holds:
            found = applies(state, rule, card, own)
            if found:
                return found[0]
    return None


def play_restrictions(state: State, player: str, location: str | None) -> list[dict[str, Any]]:
    """The statics that forbid `player` to play a unit to `location` (a battlefield; None or a base is free of
    them): "Units can't be played here", "opponents can only play units to their base"."""
    if location is None or location.startswith("base:"):
        return []
    return applies_to_player(state, "no_play_here", player, location) + applies_to_player(
        state, "play_only_to_base", player, location)


def own_play_limits(state: State, player: str, location: str, own: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The card's own statics that forbid `player` to play it to `location` (a base or a battlefield): "Play me only
    to a battlefield you conquered this turn" (`play_only_conquered`) where `location` is not one of those, and the
    battlefield whose offer the play paid (`play_to_offering`) where it is another."""
    conquered = state.get("turn_facts", {}).get(player, {}).get("conquered", ())
    return [static for static in own if static.get("rule") == "play_only_conquered"
            and location not in conquered and layers.condition_holds(state, static)
            or static.get("rule") == "play_to_offering" and static["location"] != location]


def play_from_trash(state: State, card: dict[str, Any], player: str, own: list[dict[str, Any]]) -> bool:
    """Whether a static lets `player` play `card` from their trash: the player's ("You may play cards from your
    trash") or the card's own ("You may play me from your trash", v1.3 359.2.a applied from the trash as 004 570.2
    does for its costs)."""
    own_rule = [static for static in own if static.get("rule") == "play_from_trash"
                and layers.condition_holds(state, static)]
    return bool(own_rule) or bool(applies_to_player(state, "play_from_trash", player))


def player_turn_number(state: State, player: str) -> int:
    """How many turns `player` has begun this game (two players alternate; turn 1 is the first player's)."""
    first = (state.get("turn_order") or [None])[0] == player
    return (state["turn"] + (1 if first else 0)) // 2


def ignoring_deflect(state: State, player: str, target: dict[str, Any],
                     own: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The statics by which `player` ignores Deflect on `target` while paying a cost (v1.4 765-767): the spell's
    own ("Ignore [Deflect] while paying this spell's cost": Decree of Insight), or a player rule of `target`'s
    battlefield ("Players ignore [Deflect] while paying for spells and abilities choosing something here":
    Heisho, Shell of the World). Only for the players it directs (767)."""
    return applies_to_player(state, "ignore_deflect", player, target.get("location"), own)


def ignoring_tank(state: State, player: str, battlefield_id: str) -> list[dict[str, Any]]:
    """The statics by which `player` ignores Tank while assigning combat damage at `battlefield_id` (Dune Surfer
    there: v1.4 766, Tank inactive for that procedure; 767: only for the players it directs)."""
    return applies_to_player(state, "ignore_tank", player, battlefield_id)


def move_tax(state: State, player: str, destination: str) -> list[dict[str, Any]]:
    """The applied costs (v1.4 204.4) `player` pays to move several units to `destination` at once (Mageseeker
    Investigator's "Opponents must pay [A] for each unit beyond the first ...")."""
    return applies_to_player(state, "move_tax", player, destination)


def scoring_forbidden(state: State, player: str, battlefield_id: str | None) -> list[dict[str, Any]]:
    """The statics by which `player` can't score now (at `battlefield_id`, when scoring a battlefield)."""
    found = []
    for static in applies_to_player(state, "no_score", player, battlefield_id):
        before = static.get("value")
        if before is None or player_turn_number(state, player) < before:
            found.append(static)
    return found


def channel_limit(state: State, player: str) -> tuple[int, dict[str, Any]] | None:
    """The fewest runes a static lets `player` channel at the start of their Channel Phase ("players only channel 1
    rune ...", `channel_only`), with the static, or None."""
    found = applies_to_player(state, "channel_only", player)
    return min(((static.get("value", 1), static) for static in found), key=lambda pair: pair[0]) if found else None


def skips_draw_phase(state: State, player: str) -> list[dict[str, Any]]:
    """The statics by which `player`'s Draw Phase is skipped (v1.4 443.1.a: "Skip your Draw Phase" replaces it with
    nothing)."""
    return applies_to_player(state, "skip_draw_phase", player)


def victory_score(state: State) -> int:
    """The points needed to win: the mode's (644.6) plus what statics add ("Increase the points needed to win the
    game by 1")."""
    return state["victory_score"] + sum(static.get("value", 1) for static in in_force(state, "victory_score"))
