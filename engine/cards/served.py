"""A card's abilities as the catalog serves them beside its printed text (contract section 7: the catalog's
`abilities[*]` carry what the engine applies), so that a judge can check what the engine reads of each line.

Each line that is more than reminder text is served with its `kind` and `text`, and what each module of this
package reads of it: `trigger` (the event pattern, engine/cards/triggers.py), `while` and `statics` (its condition
and what it applies, engine/cards/statics.py), `effects` (ops with amounts and target filters,
engine/cards/effects.py), `source` ("data" where a reviewed entry of engine/cards/data/ gives the effects, else
"text"), and the parts no module reads (`unread`, `effects_unread`), which the engine takes on the recorder's word.
"""
from __future__ import annotations

from typing import Any

from engine.cards import effects, statics, triggers

EFFECT_KINDS = ("spell", "triggered", "activated")  # the kinds whose lines do something as they resolve


def served_ability(ability: dict[str, Any], card: dict[str, Any]) -> dict[str, Any]:
    """One ability of `card` with what the engine reads of it (see the module's docstring)."""
    served = triggers.ability_with_trigger(statics.with_compiled(ability, card.get("type"), card), card.get("name"))
    if ability.get("kind") in EFFECT_KINDS:
        served = effects.with_effects(served, card.get("name"))
    served.pop("label", None)
    return served


def served_abilities(card: dict[str, Any]) -> list[dict[str, Any]]:
    """A card's abilities as the catalog serves them, without its reminder-only lines."""
    return [served_ability(ability, card) for ability in card.get("abilities", ()) if not ability.get("reminder")]
