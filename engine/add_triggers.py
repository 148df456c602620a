"""Triggered abilities that add resources, in a match whose abilities the engine checks (v1.4 429.2, 429.2.a).

"Triggered and activated abilities that Add resources resolve as soon as they are finalized" (v1.4 429.2; v1.3
429.2: they "finalize immediately"), and "Priority and Focus will not pass from Add abilities being finalized or
resolving" (429.2.a). An activated Add ability already resolves at once (engine/abilities.py); a triggered one whose
effect is nothing but a fixed [Add] (Jhin, Murderous Artist: "When I move, [Add] [1][A].") does so too: its
`trigger` event finalizes it aside, never as a chain item, and adds what its card says to its controller's pool. No
one passes for it and no `resolve` follows it.

Only a trigger the engine found due (engine/due.py: a checked match, a condition read whole) is read so; an ability
whose [Add] waits for later ("[Add] [A] at the start of your next Main Phase", Blue Sentinel) or is given to others
("the attacker and defender each [Add] [1]") is no such effect, and goes on the chain as before.
"""
from __future__ import annotations

import re
from typing import Any

from engine import abilities, items
from engine.cardtext import added
from engine.objects import facts
from engine.rulings import Context

# The whole text of a triggered ability that only adds a fixed amount at once: its condition, "[Add]" and the
# symbols, and at most a reminder in parentheses ("(Abilities that add resources can't be reacted to.)").
_ADDS_NOW = re.compile(r"^(?:When|Whenever)\b[^,]*,\s*(\[Add\]\s*(?:\[(?:\d+|[ACRGBOPY])\])+)\.?\s*(?:\([^()]*\))?$")


def adds_at_once(state: dict[str, Any], entry: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a due trigger (engine/due.py `take`'s entry; None when the engine takes the recorder's word) adds as it
    resolves at once, `{energy, power: {Domain: n, "any": n}}`; None for any other trigger."""
    if entry is None:
        return None
    found = _ADDS_NOW.match(re.sub(r"\s+", " ", entry["text"]).strip())
    if found is None:
        return None
    return added(found.group(1), facts(state, entry["card"]).get("domains", []))


def resolve(context: Context, event: dict[str, Any], source: dict[str, Any], adds: dict[str, Any]) -> None:
    """The `trigger` event of an Add trigger: finalized aside, without a chain item, and resolved at once, its
    resources added to its controller's pool (v1.4 429.2); priority, Focus and the passes stay as they were
    (429.2.a). Power of any domain ([A]) is added as universal Power, which pays for any domain (a `trigger` names
    no domain; engine/abilities.py `add_resources`)."""
    player = context.player(event)
    label = str(event["ability"])
    item = {"id": None, "kind": "ability", "card": source["card"], "source": source["id"], "controller": player,
            "pending": True, "targets": [], "target_incarnations": {}, "label": label}
    item["targets"] = items.check_targets(context, event.get("targets", []), item)
    items.finalize(context, item)
    abilities.add_resources(context, player, adds, {}, f"{label!r} of {source['id']} ({source['card']})")
