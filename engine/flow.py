"""Flow: playing a spell from the trash for its Flow cost, then banishing it (mechanic "Flow").

Core Rules v1.4 define Flow (829): "You may play this from your trash for its flow cost. Then banish it."
(829.1.b), the Flow cost an alternate cost replacing the base cost (829.1.c.1), the banishing a delayed replacement
of its leaving the chain once finalized (829.1.b.1), timing and permissions unchanged (829.1.b.2). Earlier editions
have no rule for it; its reminder text, the same words, defines it (golden rule 002), and their checks cite that.
So a `play` with `from: "trash"` and `options.flow` plays a spell with Flow from its
owner's trash, its base cost replaced by the Flow cost the catalog reads (`keyword_costs.Flow`; an alternative
cost, v1.3 356.1.a), and the spell goes to banishment, not the trash, when it leaves the chain: resolved (later
revision 356.3.d) or countered (004 601.1.a). Everything else about the play is as usual: timing, targets,
additional costs and cost changes (Stargazer's discount applies to the Flow cost as to any base cost).

This module is a leaf: it reads the catalog's facts and the chain item.
"""
from __future__ import annotations

from typing import Any

from engine.editions import edition_of
from engine.errors import MalformedEvent
from engine.rulings import Context

ANY = "any"  # Power of any domain in a keyword cost ([A])


def _rule(context: Context) -> str:
    """What a Flow check cites: v1.4 829.1.b ("You may play this from your trash for its flow cost"), or the
    golden rule where the edition leaves Flow to its reminder text."""
    return edition_of(context.state).keyword_rule("v1.4 829.1.b", "002")


def check_source(context: Context, obj: dict[str, Any], source: str) -> None:
    """A Flow play is from the trash (flagged otherwise)."""
    context.check(source == "trash", _rule(context), f"{obj['card']!r} is played with Flow from {source!r}: Flow "
                                                     f"plays it from the trash (its reminder text)")


def flow_cost(context: Context, obj: dict[str, Any], card: dict[str, Any], given: Any = True) -> tuple[int, int, int]:
    """The Flow cost of a spell played from the trash with `options.flow`: (Energy, Power of its domains, Power of
    any domain). A card without Flow is flagged and costs its printed cost, unless `options.flow` is the cost an
    effect gave it ("give a spell in your trash [Flow] equal to its cost this turn": `{energy, power}`, recorded as
    the recorder says, not checked)."""
    name = obj["card"]
    if isinstance(given, dict):
        energy, power = given.get("energy", 0), given.get("power", 0)
        if not all(isinstance(value, int) and not isinstance(value, bool) and value >= 0 for value in (energy, power)):
            raise MalformedEvent(f"'play': options.flow is true or the Flow cost an effect gave {name!r} "
                                 f"({{energy: n, power: n}}), got {given!r}")
        return energy, power, 0
    costs = card.get("keyword_costs", {}).get("Flow") or []
    if not context.check("Flow" in card.get("keywords", []) and bool(costs), _rule(context),
                         f"{name!r} has no Flow: only a spell with Flow is played for its Flow cost"):
        return card.get("energy", 0), card.get("power", 0), 0
    cost = costs[0]
    power = cost.get("power", {})
    return (cost.get("energy", 0), sum(amount for domain, amount in power.items() if domain != ANY),
            power.get(ANY, 0))


def leaves_chain_to(item: dict[str, Any]) -> str:
    """Where a spell goes as it leaves the chain: banishment after a Flow play ("Then banish it"), else the trash
    (356.3.d, 601.1.a)."""
    return "banishment" if item.get("flow") else "trash"
