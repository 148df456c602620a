"""Which parts of a card's abilities the engine checks, and which it takes on the recorder's word (issue 26, "Honest
coverage"; scripts/gallery_coverage.py prints it per name).

Each ability has parts, and each part is read by one module of this package:

| part | abilities | module |
| --- | --- | --- |
| `trigger` (its condition as an event pattern) | triggered | engine/cards/triggers.py |
| `cost` (in full, from the card) | activated; triggered with "pay [..] to" | engine/cards/statics.py |
| `condition` ("[Legion] —", "[Mighty]", ...) | any with one | engine/cards/statics.py |
| `static` (what a static ability does, where, while) | static lines that are no keyword | engine/cards/statics.py |
| `effect` (ops, targets, amounts) | spell, triggered, activated | engine/cards/effects.py |
| `replacement` (a death replacement's phrasing) | replacement | engine/cards/replacements.py |

A module says which of its parts of an ability it does not check through one function, `unread_parts(ability,
card) -> list[str]` (`card`: the catalog's entry; [] when it checks every part it owns). A module that is not there
(or has no such function) checks nothing: each part it owns is named unread, "(not compiled: engine/cards/<module>.py
absent)". Keyword abilities of the engine's own mechanics ([Assault], [Tank], [Action], ...) are rules the engine
applies (engine/mechanics.py), not parts read here.
"""
from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any, Callable

MODULES: tuple[str, ...] = ("triggers", "statics", "effects", "replacements")
OWNER: dict[str, str | None] = {"trigger": "triggers", "cost": "statics", "condition": "statics",
                                "static": "statics", "effect": "effects", "replacement": "replacements"}


def parts(ability: dict[str, Any]) -> list[str]:
    """The parts an ability has (see the table above)."""
    kind = ability.get("kind")
    found = {"triggered": ["trigger", "effect"], "activated": ["cost", "effect"], "spell": ["effect"],
             "static": [] if ability.get("keyword") else ["static"], "replacement": ["replacement"]}.get(kind, [])
    if kind == "activated" and ability.get("adds"):
        found = ["cost"]  # an [Add] ability resolves at once: what it adds is the engine's (abilities.py)
    if kind == "triggered" and re.search(r"\bpay \[", ability.get("text", ""), re.IGNORECASE):
        found = [*found, "cost"]  # a cost within its instructions is its base cost (v1.4 403.1.b.1)
    if ability.get("condition"):
        found = [*found, "condition"]
    return found


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"engine.cards.{name}")
    except ModuleNotFoundError:
        return None


def readers() -> dict[str, Callable[[dict[str, Any], dict[str, Any]], list[str]] | None]:
    """Each module's `unread_parts`, or None where the module (or the function) is not there."""
    found: dict[str, Callable[[dict[str, Any], dict[str, Any]], list[str]] | None] = {}
    for name in MODULES:
        module = _module(name)
        found[name] = getattr(module, "unread_parts", None) if module is not None else None
    return found


def unread(card: dict[str, Any], reading: dict[str, Any] | None = None) -> list[str]:
    """Every part of the card's abilities the engine takes on the recorder's word, named with its ability's label:
    [] when the engine checks every trigger, cost, condition, target and amount of the card."""
    reading = readers() if reading is None else reading
    found: list[str] = []
    for index, ability in enumerate(card.get("abilities", [])):
        label = ability.get("label") or f"ability {index}"
        owned: dict[str, list[str]] = {}
        for part in parts(ability):
            owned.setdefault(OWNER[part] or "", []).append(part)
        for module, its_parts in owned.items():
            reader = reading.get(module) if module else None
            if not module:
                found += [f"{label}: {part} (no module compiles it)" for part in its_parts]
            elif reader is None:
                found += [f"{label}: {part} (not compiled: engine/cards/{module}.py absent)" for part in its_parts]
            else:
                found += [f"{label}: {part}" for part in reader(ability, card)]
    return found
