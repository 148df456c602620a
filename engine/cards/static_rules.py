"""Static rules compiled from a card's text (issue 26): passive abilities that forbid what the rules allow or allow
what they forbid ("I can't be chosen by enemy spells and abilities", "You may play me to an open battlefield"),
in the very shape a recorder declares them (engine/rulechanges.py: a static with a `rule`, its `affects`, `while`
and `value`). Card text supersedes rules text (v1.4 002); where one card forbids what another allows, the one that
forbids wins (v1.4 054.1). The engine enforces each rule where the rule it changes is checked (targets, moves,
plays, combat damage, scoring, costs): a compiled line here is one the engine checks, never one it only records
(`rule: "other"` is never compiled).

Where each works from (`zone`): "play" for what applies as the card itself is played (where a unit may be played,
"This can't be countered", "Ignore [Deflect] while paying this spell's cost": v1.4 366.2), "board" for a permanent's,
a legend's or a battlefield's passive abilities (v1.4 365.1), "deck" for what a deck may hold ("Your deck can have
any number of cards named Spiderling", checked with the deck, engine/construction.py).

A plain table of phrasings, read by engine/cards/statics.py (`read`): data, never code per card. This module reads
plain data only: it imports nothing of the engine.
"""
from __future__ import annotations

import re
from typing import Any

SELF: dict[str, Any] = {"who": "self"}
_CHOSEN = r"can't be chosen by enemy spells and abilities"
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_TIMES = {"two": 2, "three": 3, "four": 4}

# (the line without its "While ..., " or "If ..., " clause, where it works from, the rule, what it affects)
LINES: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    # where a unit may be played (v1.4 355.2 allows only its controller's base and battlefields)
    (r"You may play me to an open battlefield", "play", "play_to_open", SELF),
    (r"As you play me, add the (?P<named>[A-Z][A-Za-z' ]+) battlefield token to the board if it's not there already\. "
     r"If you do, I enter there", "play", "adds_battlefield", SELF),
    (r"You may play me to an occupied enemy battlefield", "play", "play_to_occupied_enemy", SELF),
    (r"I can be played to a battlefield where there are enemy units", "play", "play_to_enemy_units", SELF),
    (r"I can be played to a battlefield you're attacking", "play", "play_to_attacking", SELF),
    (r"I can be played to an occupied battlefield if an enemy unit is alone there", "play", "play_to_enemy_alone",
     SELF),
    (r"Friendly units can be played to an occupied battlefield if an enemy unit is alone there", "board",
     "play_to_enemy_alone", {"who": "friendly"}),
    (r"Friendly units may be played to open battlefields", "board", "play_to_open", {"who": "friendly"}),
    (r"Units can't be played here", "board", "no_play_here", {"who": "all", "where": "here"}),
    (r"Friendly units played from anywhere other than a player's hand have \[Accelerate\]", "board",
     "accelerate_not_from_hand", {"who": "friendly"}),
    (r"Units can move here from anywhere", "board", "move_here", {"who": "all"}),
    (r"opponents can only play units to their base", "board", "play_only_to_base", {"who": "enemy"}),
    (r"Play me only to a battlefield you conquered this turn", "play", "play_only_conquered", SELF),
    # restrictions and permissions on objects
    (rf"I {_CHOSEN}", "board", "untargetable", SELF),
    (rf"I {_CHOSEN} unless I'm in combat", "board", "untargetable", {"who": "self", "in_combat": False}),
    (rf"Your units here with less Might than me {_CHOSEN}", "board", "untargetable",
     {"who": "friendly", "where": "here", "weaker": True}),
    (r"I can't move to base", "board", "no_move_to_base", SELF),
    (r"Units can't move to base", "board", "no_move_to_base", {"who": "all"}),
    (r"Units can't move from here to base", "board", "no_move_to_base", {"who": "all", "where": "here"}),
    (r"I can't be readied", "board", "no_ready", SELF),
    (r"spells and abilities can't ready enemy units and gear", "board", "no_ready_by_effects",
     {"who": "enemy", "types": ["Unit", "Gear"]}),
    (r"This can't be countered", "play", "no_counter", SELF),
    (r"I don't deal combat damage", "board", "no_combat_damage", SELF),
    (r"I can't be dealt damage", "board", "no_damage", SELF),
    (r"I don't take damage", "board", "no_damage", SELF),
    (r"prevent all damage that enemy spells and abilities would deal to me", "board", "no_enemy_effect_damage", SELF),
    (r"Enemy units here with less Might than me don't deal combat damage", "board", "no_combat_damage",
     {"who": "enemy", "where": "here", "weaker": True}),
    (r"I can have any number of buffs", "board", "any_buffs", SELF),
    (r"I can be \[Empowered\] up to (?P<times>two|three|four) times", "board", "empower_times", SELF),
    # rules about players (`who` is relative to the static's controller)
    (r"Increase the points needed to win the game by (?P<value>\d+)", "board", "victory_score", {"who": "all"}),
    (r"Players can't score here until their (?P<turn>first|second|third|fourth|fifth) turn", "board", "no_score",
     {"who": "all", "where": "here"}),
    (r"opponents can't score points", "board", "no_score", {"who": "enemy"}),
    (r"opponents can't play spells with that name", "board", "no_play_named", {"who": "enemy"}),
    (r"Your opponents' \[Hidden\] cards can't be revealed here", "board", "no_reveal_hidden",
     {"who": "enemy", "where": "here"}),
    (r"Players ignore \[Deflect\] while paying for spells and abilities choosing something here", "board",
     "ignore_deflect", {"who": "all", "where": "here"}),
    (r"Ignore \[Deflect\] while paying this spell's cost", "play", "ignore_deflect", SELF),
    (r"Opponents must pay \[A\] for each unit beyond the first to move multiple units to my battlefield at the "
     r"same time", "board", "move_tax", {"who": "enemy", "where": "here"}),
    (r"You ignore \[Tank\] while assigning combat damage here", "board", "ignore_tank",
     {"who": "self", "where": "here"}),
    (r"Skip your Draw Phase", "board", "skip_draw_phase", {"who": "self"}),
    (r"friendly \[Repeat\] costs cost \[(?P<value>\d+)\] less", "board", "repeat_cost_less", {"who": "friendly"}),
    (r"players only channel (?P<value>\d+) runes? at the start of their Channel Phase", "board", "channel_only",
     {"who": "all"}),
    # deck construction (v1.4 103.2.b allows three copies of a name): checked as a deck is registered
    (r"Your deck can have any number of cards named (?P<named>[^.]+)", "deck", "any_copies", SELF),
)
_COMPILED = tuple((re.compile(rf"^{pattern}\.$", re.IGNORECASE if pattern[0].islower() else 0), zone, rule, affects)
                  for pattern, zone, rule, affects in LINES)
_WHILE = re.compile(r"^(?:While|If) (?P<while>[^,]+), (?P<rest>.+)$")
_UNLESS = re.compile(r"^(?P<rest>.+?) unless (?P<unless>[^.]+)\.$")


def read(line: str) -> tuple[str, dict[str, Any]] | None:
    """The static rule a line says (its "While ..., " or "If ..., " clause apart): `(clause or "", {zone, rule, affects,
    value?, unless?})`, or None when the line is none of the phrasings above. The caller reads the clause and an
    "unless ..." (a condition the engine checks, or the line stays unread)."""
    clause, rest, unless = "", line, None
    match = _WHILE.match(line)
    if match:
        clause, rest = match.group("while"), match.group("rest")
    match = _UNLESS.match(rest)
    if match and not any(pattern.match(rest) for pattern, *_ in _COMPILED):  # Akali's "unless I'm in combat" is a line
        rest, unless = f"{match.group('rest')}.", match.group("unless")
    for pattern, zone, rule, affects in _COMPILED:
        found = pattern.match(rest)
        if found is None:
            continue
        compiled: dict[str, Any] = {"zone": zone, "rule": rule, "affects": dict(affects)}
        groups = found.groupdict()
        if groups.get("value"):
            compiled["value"] = int(groups["value"])
        if groups.get("times"):  # "I can be [Empowered] up to three times" (v1.4 441.1.c.1)
            compiled["value"] = _TIMES[groups["times"]]
        if groups.get("turn"):  # "until their third turn": forbidden before it (engine/rulechanges.py `no_score`)
            compiled["value"] = _ORDINALS[groups["turn"]]
        if groups.get("named"):  # "any number of cards named Spiderling": the name, which engine/construction.py
            compiled["named"] = groups["named"]  # allows only where it is the card's own
        if unless:
            compiled["unless"] = unless
        return clause, compiled
    return None
