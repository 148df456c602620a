"""A resolution checked against the card that resolves (issue 26, "Resolutions the engine checks").

A spell resolves by executing the game effect of its rules text from top to bottom (v1.4 359.3.d; v1.3 359.3.d),
an ability "just like a Spell" (v1.4 406.5). In a match whose abilities the engine checks (`abilities` "checked",
engine/cards), the ops a `resolve` records are matched against the card's compiled instructions
(engine/cards/resolutions.py): an op, target or amount the card does not allow, or an instruction left out that
could be followed, is a violation citing that rule and quoting the card, refused in a strict match and flagged in
an audit one. Parts the compiler could not read are taken on the recorder's word, as are the choices the card
leaves to a player. A "declared" match is not checked here: the recorder says what its cards did.
"""
from __future__ import annotations

from typing import Any

from engine import rulechanges
from engine.cards import checks_abilities
from engine.cards.resolutions import problems, unfit_targets
from engine.editions import edition_of
from engine.rulings import Context

SPELL_RULE = "v1.3 359.3.d"  # a spell executes its rules text (v1.4 359.3.d)
ABILITY_RULE = "v1.3 406.5"  # an ability executes just like a spell (v1.4 406.5)
TARGET_RULE = "v1.3 355.9.b"  # a valid target meets all targeting restrictions (v1.4 355.9.b)


def check_targets(context: Context, item: dict[str, Any]) -> None:
    """Flag each target the spell chose as it was played that no instruction of its card can choose."""
    if not checks_abilities(context.state):
        return
    for problem in unfit_targets(context.state, item):
        context.flag(TARGET_RULE, f"{item['id']} ({item['card']}) {problem['message']}; the card says: "
                                  f"\"{problem['text']}\"")


def check(context: Context, item: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    """Flag each way the resolution's ops go beyond the item's card, before they are applied."""
    if not checks_abilities(context.state):
        return
    state = context.state
    rule = SPELL_RULE if item["kind"] == "spell" else ABILITY_RULE
    mistargeted = set()
    if edition_of(state).untargetable_mistargets:  # v1.4 758.1: its instructions about such a target are ignored
        mistargeted = {target for target in item["targets"] if target in state["objects"] and
                       rulechanges.untargetable_by(state, state["objects"][target], item["controller"])}
    for problem in problems(state, item, effects, mistargeted):
        context.flag(rule, f"{item['id']} ({item['card']}) {problem['message']}; the card says: "
                           f"\"{problem['text']}\"")
